// Contacts of a sphere against every shape (contact.h).
//
// Whether there is a contact at all is the overlap test's exact decision
// (overlap_spheres_planes.cpp), so contact_sphere_<b> is false exactly when
// overlap_sphere_<b> is. The contact itself is then measured in doubles from
// the closest point of b to the sphere's center (Ericson, Real-Time Collision
// Detection, 5.1.2 segment, 5.1.3 AABB, 5.1.4 OBB, 5.1.5 triangle, 5.1.1
// plane): depth = radius - distance outside b, radius + the distance to the
// nearest face inside a solid b (the minimum translation, as Bullet's
// btSphereBoxCollisionAlgorithm and Jolt's sphere-vs-box collide do it; parry's
// contact_ball_* and Jolt's CollideSphereVsTriangles likewise measure from the
// closest point). What this file adds is robustness: the decisions that pick a
// normal where the distance is 0 (a center exactly on a triangle, a plane, a
// capsule's axis, two coincident centers) are exact (the overlap test with
// radius 0), and inputs beyond 2^500 or all below 2^-500 are measured in units
// scaled by a power of two, so that no square overflows or vanishes.
#include "narrowphase/contact.h"

#include <cfloat>
#include <cmath>

#include "narrowphase/closest_point.h"
#include "narrowphase/detail/contact_util.h"
#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/segment_util.h"
#include "narrowphase/detail/triangle_bound.h"
#include "narrowphase/overlap.h"
#include "narrowphase/tolerances.h"

namespace np {

using detail::cross_axis;
using detail::DV;
using detail::dv_diff;
using detail::is_identity;
using detail::is_zero;
using detail::kZero;
using detail::magnitude;
using detail::plus_zero;
using detail::scale_back;
using detail::scale_for;
using detail::scaled;
using detail::sum_abs;
using detail::unit_units;

namespace {

constexpr Vec3 kUp{0.0, 1.0, 0.0};

// Writes the contact of the sphere (c, r) whose unit normal is n, depth
// `depth` and whose point of b is point_b: point_a = c - n r. A touching
// contact's rounded depth can fall a few ulps below 0: it is 0.
inline void fill(ContactHit* hit, Vec3 c, double r, Vec3 n, double depth,
                 Vec3 point_b) {
  hit->depth = depth > 0.0 ? depth : 0.0;
  hit->normal = n;
  hit->point_a = c - n * r;
  hit->point_b = point_b;
}

// The contact along a normal n chosen for a center within rounding of the
// shape (kContactNoise), d = c - q: depth = r - d . n, and point_b = point_a +
// n * depth (within |d| of q), so that point_b - point_a = n * depth holds
// whatever the noise in d.
inline void fill_along(ContactHit* hit, Vec3 c, double r, Vec3 n, Vec3 d,
                       double beyond = 0.0) {
  const double depth = (r - dot(d, n)) + beyond;
  hit->depth = depth > 0.0 ? depth : 0.0;
  hit->normal = n;
  hit->point_a = c - n * r;
  hit->point_b = hit->point_a + n * hit->depth;
}

// The normal for a center on an axis of direction d (a capsule's segment, a
// degenerate triangle's span), where every direction perpendicular to it is a
// shortest way out: the part of +y perpendicular to d, +x for d along y, +y
// for d = 0. For a unit u, +y - u u.y = (-u.x u.y, u.x^2 + u.z^2, -u.z u.y):
// written so, its y has no cancellation, and it is perpendicular to u
// whatever u's length.
Vec3 perpendicular_normal(Vec3 d) {
  const Vec3 u = unit_or(d, kZero);
  if (is_zero(u)) return kUp;  // a point: no axis
  const Vec3 p{-u.x * u.y, u.x * u.x + u.z * u.z, -u.z * u.y};
  return unit_or(p, Vec3{1.0, 0.0, 0.0});  // d along y
}

// ---- The measurements, in units where every input is below 2^500 and the
// largest above 2^-500.

void measure_sphere_sphere(const Sphere& a, const Sphere& b, ContactHit* hit) {
  const Vec3 d = a.center - b.center;  // 0 exactly when the centers coincide
  const Vec3 n = unit_or(d, kUp);
  fill(hit, a.center, a.radius, n, (a.radius - length(d)) + b.radius,
       b.center + n * b.radius);
}

// `on_axis`: the center lies exactly on the segment (decided by the caller).
void measure_sphere_capsule(const Sphere& s, const Capsule& cap, bool on_axis,
                            ContactHit* hit) {
  const Vec3 c = s.center, dir = cap.end - cap.start;
  if (on_axis) {
    const Vec3 n = perpendicular_normal(dir);
    fill(hit, c, s.radius, n, s.radius + cap.radius, c + n * cap.radius);
    return;
  }
  // Ericson 5.1.2: the segment parameter of the point nearest to c, clamped.
  // A segment whose |dir|^2 is below the normal range (2^-1022 beside inputs
  // near 1) is its start, within |dir|.
  const Vec3 m = c - cap.start;
  const double dd = length_squared(dir);
  double t = 0.0;
  if (dd >= DBL_MIN) {
    const double md = dot(m, dir);
    t = md <= 0.0 ? 0.0 : (md >= dd ? 1.0 : md / dd);
  }
  Vec3 d;  // c - q, q the segment's nearest point
  if (t == 0.0) {
    d = m;
  } else if (t == 1.0) {
    d = c - cap.end;
  } else {
    // Beside the segment: the offset perpendicular to it, made perpendicular
    // once more (its rounding, a few ulps of |m|, may lie along the axis; a
    // center near the axis would otherwise get a normal tilted along it).
    d = m - dir * t;
    d = d - dir * (dot(d, dir) / dd);
  }
  // Within rounding of the segment (kContactNoise): as on it.
  const bool noisy =
      !(sum_abs(d) > kContactNoise * (sum_abs(m) + sum_abs(dir)));
  if (noisy)
    return fill_along(hit, c, s.radius, perpendicular_normal(dir), d,
                      cap.radius);
  const Vec3 n = unit_or(d, kUp);
  fill(hit, c, s.radius, n, (s.radius - length(d)) + cap.radius,
       (c - d) + n * cap.radius);
}

void measure_sphere_aabb(const Sphere& s, const AABB& box, ContactHit* hit) {
  const Vec3 c = s.center;
  const Vec3 q = closest_point_on_aabb(c, box);  // exact: a clamp
  if (q.x != c.x || q.y != c.y || q.z != c.z) {
    // Outside: the overshoot, each component rounded once.
    const Vec3 d = c - q;
    fill(hit, c, s.radius, unit_or(d, kUp), s.radius - length(d), q);
    return;
  }
  // Inside or on the box: the nearest face, -x, +x, -y, +y, -z, +z on ties.
  int axis = 0;
  double side = -1.0, best = c.x - box.min.x;
  for (int i = 0; i < 3; ++i) {
    const double lo = get(c, i) - get(box.min, i),
                 hi = get(box.max, i) - get(c, i);
    if (lo < best) axis = i, side = -1.0, best = lo;
    if (hi < best) axis = i, side = 1.0, best = hi;
  }
  Vec3 n = kZero, b = c;
  set(n, axis, side);
  set(b, axis, get(side < 0.0 ? box.min : box.max, axis));
  fill(hit, c, s.radius, n, s.radius + best, b);
}

void measure_sphere_obb(const Sphere& s, const OBB& b, ContactHit* hit) {
  // The identity rotation is the AABB whose bounds overlap_sphere_obb and
  // closest_point_on_obb use (rounded once).
  if (is_identity(b.axis))
    return measure_sphere_aabb(
        s, AABB{b.center - b.half_size, b.center + b.half_size}, hit);
  // Ericson 5.1.4: the center's coordinates in the box frame.
  const Vec3 c = s.center, m = c - b.center;
  double t[3];
  bool inside = true;
  for (int i = 0; i < 3; ++i) {
    t[i] = dot(m, b.axis[i]);
    inside = inside && std::fabs(t[i]) <= get(b.half_size, i);
  }
  if (!inside) {
    // The overshoot beyond each face, taken back to world space: c - q.
    Vec3 d = kZero, over_local = kZero;
    for (int i = 0; i < 3; ++i) {
      const double h = get(b.half_size, i);
      const double over = t[i] > h ? t[i] - h : (t[i] < -h ? t[i] + h : 0.0);
      set(over_local, i, over);
      d = d + b.axis[i] * over;
    }
    // An overshoot within the rounding of the frame (kContactNoise) is noise
    // (a center 1e-323 off a flat box of size 1): as inside, below.
    if (sum_abs(over_local) >
        kContactNoise * (sum_abs(m) + sum_abs(b.half_size))) {
      fill(hit, c, s.radius, unit_or(d, kUp), s.radius - length(d), c - d);
      return;
    }
  }
  // Inside or on: the nearest face (axis order; - on a tie, as for an AABB).
  int axis = 0;
  double best = get(b.half_size, 0) - std::fabs(t[0]);
  for (int i = 1; i < 3; ++i) {
    const double gap = get(b.half_size, i) - std::fabs(t[i]);
    if (gap < best) axis = i, best = gap;
  }
  const Vec3 u = unit_or(b.axis[axis], kUp);       // orthonormal within 1e-6
  const Vec3 n = t[axis] <= 0.0 ? negated(u) : u;  // - first, as for an AABB
  fill(hit, c, s.radius, n, s.radius + best, c + n * best);
}

// `on`: the center lies exactly on the triangle (decided by the caller).
void measure_sphere_triangle(const Sphere& s, const Triangle& t, bool on,
                             ContactHit* hit) {
  const Vec3 c = s.center;
  const double r = s.radius;
  // The unit face normal along (b - a) x (c - a), each edge in units of its
  // own; 0 for a degenerate triangle (or one too thin for a double normal).
  const Vec3 ab = t.b - t.a, ac = t.c - t.a;
  // A sliver whose rounded normal is below kContactNoise of its edges' product
  // has a normal of noise: it is taken as the segment it nearly is.
  const Vec3 ua = unit_units(ab), uc = unit_units(ac), cr = cross(ua, uc);
  const Vec3 face = sum_abs(cr) > kContactNoise * sum_abs(ua) * sum_abs(uc)
                        ? unit_or(cr, kZero)
                        : kZero;
  if (is_zero(face)) {
    // Degenerate: the segment or point it spans (closest_point_on_triangle
    // measures it so); on it, the rule of a capsule's axis along its longest
    // edge.
    const Vec3 bc = t.c - t.b;
    Vec3 span = ab;
    if (length_squared(ac) > length_squared(span)) span = ac;
    if (length_squared(bc) > length_squared(span)) span = bc;
    const Vec3 q = closest_point_on_triangle(c, t);
    const Vec3 d = c - q;
    // Within rounding of the span (kContactNoise): as on it.
    const bool noisy =
        !(sum_abs(d) > kContactNoise * (sum_abs(c - t.a) + sum_abs(span)));
    if (on) return fill(hit, c, r, perpendicular_normal(span), r, c);
    if (noisy) return fill_along(hit, c, r, perpendicular_normal(span), d);
    fill(hit, c, r, unit_or(d, kUp), r - length(d), q);
    return;
  }
  if (on) return fill(hit, c, r, face, r, c);
  // The triangle's point nearest the center (closest_point_on_triangle: Ericson
  // 5.1.5 with its exact decisions). Over the face c - q lies along the face
  // normal; beside an edge or corner it is the direction out. Within rounding
  // of the triangle (kContactNoise) its direction is noise: the face normal on
  // the center's side instead, a shortest way out to within |c - q|.
  const Vec3 q = closest_point_on_triangle(c, t);
  const Vec3 d = c - q, ap = c - t.a;
  const double h = dot(ap, face);
  const Vec3 side = h < 0.0 ? negated(face) : face;
  const bool noisy =
      !(sum_abs(d) > kContactNoise * (sum_abs(ap) + sum_abs(ab) + sum_abs(ac)));
  if (noisy) return fill_along(hit, c, r, side, d);
  fill(hit, c, r, unit_or(d, side), r - length(d), q);
}

// ---- Capsules: measurements, in the same scaled units. Closest points of the
// segment and b where the segment does not meet b (Ericson 5.1.9, 5.1.10),
// otherwise the least penetration over the separating axes of the segment and
// b (the face normals of their Minkowski difference: Ericson 4.4, 5.2.1; the
// minimum translation that Jolt's EPA and Bullet's SAT-based box contacts
// report). Any of those axes, moved along by its penetration, separates: a
// skipped axis only costs minimality, never validity.

// The nearest pair so far: p on the segment, q on b, d2 = |p - q|^2.
struct Closest {
  Vec3 p, q;
  double d2;
};
inline void consider(Closest& best, Vec3 p, Vec3 q) {
  const double d2 = length_squared(p - q);
  if (d2 < best.d2) best = {p, q, d2};
}
inline void consider_edge(Closest& best, Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1) {
  const SegmentClosestPoints cp =
      closest_points_segment_segment(Segment{s0, s1}, Segment{e0, e1});
  consider(best, cp.point_a, cp.point_b);
}

// Whether the pair consider_edge would find for the segments s0 s1 and e0 e1
// (m: the largest magnitude of their coordinates, in [2^-200, 2^200]) is
// certainly farther apart than sqrt(d2), so that it could not replace a best
// pair of d2: a lower bound of the segments' distance, less what the pair's
// points may be off the segments (closest_points_segment_segment's points
// are end points, or points a + (b - a) t with t in [0, 1]: within a few ulps
// of m), exceeds it. The bound is their separation along the direction of a
// near pair found in doubles (Ericson 5.1.9, parameters clamped): for convex
// shapes, the separation along any axis u over |u| is at most their distance,
// and along the nearest pair's direction it is that distance. Rounding, in
// the pair and in the separation's dot products (each within 2^-46 |u| m),
// and the pair's points' offsets are far inside kClearMargin m.
//
// edge_pair_bound returns the same test as a number: a pair of squared
// distance d2 is certainly nearer exactly when bound > d2 (bound 0: never).
double edge_pair_bound(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1, double m) {
  const Vec3 d1 = s1 - s0, d2v = e1 - e0, w = s0 - e0;
  const double a = dot(d1, d1), e = dot(d2v, d2v), f = dot(d2v, w);
  const auto clamp01 = [](double x) { return x > 0.0 ? min2(x, 1.0) : 0.0; };
  double sp = 0.0, tq = 0.0;
  if (a > 0.0 && e > 0.0) {
    const double b = dot(d1, d2v), c = dot(d1, w), denom = a * e - b * b;
    sp = denom > 0.0 ? clamp01((b * f - c * e) / denom) : 0.0;
    tq = clamp01((b * sp + f) / e);
    sp = clamp01((b * tq - c) / a);
  } else if (e > 0.0) {
    tq = clamp01(f / e);
  } else if (a > 0.0) {
    sp = clamp01(-dot(d1, w) / a);
  }
  const Vec3 q = e0 + d2v * tq;
  const Vec3 u = (s0 + d1 * sp) - q;
  const double uu = dot(u, u);
  if (!(uu >= 0x1p-900)) return 0.0;
  const double low = min2(dot(u, s0 - q), dot(u, s1 - q)),
               high = max2(dot(u, e0 - q), dot(u, e1 - q));
  const double slack = m * kClearMargin;
  const double gap = (low - high) / std::sqrt(uu) - slack;
  return gap > slack ? gap * gap * (1.0 - 0x1p-40) : 0.0;
}
bool edge_pair_beyond(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1, double d2, double m) {
  return edge_pair_bound(s0, s1, e0, e1, m) > d2;
}

// A lower bound of the squared distance consider() computes for the end s and
// its nearest point q = closest_point_on_triangle(s, t), for coordinates
// (s's, the corners') of largest magnitude m in [2^-200, 2^200]: a pair of
// squared distance d2 is certainly nearer (the end's d2 exceeds it) exactly
// when the bound > d2 (bound 0: never).
//
// Proof. Every point closest_point_on_triangle returns below 2^1020 lies in
// the box [lo, hi] of the corners widened by E0 = kPointExactBand (|s| + |a|
// + |b| + |c|) + 2^-1060 + 2 ulp(m) <= 4 kPointExactBand m + 2^-1059 (|.| the
// largest magnitude): a corner (exact); a point of an edge or of a
// degenerate triangle's span, a + (b - a) t with t in [0, 1] or p itself
// exactly on it (nearest_on_segment, the edge regions' quotients in [0, 1]),
// within 3 ulp(m) of the box (Higham 2.2: each of the three operations
// rounded once); a projection onto the face, checked by in_corners_box with
// that slack (its bounds lo - slack rounded once more: ulp(m)). So on the
// reals |s - q|^2 >= sum_i g_i^2 with g_i = max(lo_i - s_i, s_i - hi_i) - E0,
// where positive. In doubles each g_i is computed as fl(fl(lo_i - s_i) - E)
// with E = 8 kPointExactBand m + 2^-1000 >= E0 + 2 ulp(m) (the first
// difference's rounding, |lo_i - s_i| <= 2m): it is at most the true g_i
// times (1 + u) (the second rounding), u = 2^-53; the sum of the three
// squares at most (1 + u)^2 (1 + u)^3 <= (1 + 6u) times the true sum (Higham
// 3.1, sums of positive terms). consider() computes |s - q|^2 as fl(fl(dx)^2
// + fl(dy)^2 + fl(dz)^2), at least (1 - u)^5 >= (1 - 5u) times the true
// value, less 3 2^-1074 of underflow. The bound returned is the sum times (1
// - 2^-40), and 0 below 2^-900: bound > d2 gives the end's computed d2 >=
// (1 - 5u) / (1 + 6u) sum / (1 - 2^-40) bound - 2^-1072 > d2, since 11u +
// 2^-1072 / 2^-900 is far below 2^-40.
double end_bound(Vec3 s, Vec3 lo, Vec3 hi, double m) {
  const double widen = 8.0 * kPointExactBand * m + 0x1p-1000;
  double sum = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double v = get(s, i);
    const double g = max2(get(lo, i) - v, v - get(hi, i)) - widen;
    if (g > 0.0) sum += g * g;
  }
  sum *= 1.0 - 0x1p-40;
  return sum >= 0x1p-900 ? sum : 0.0;
}

// closest_points_segment_segment(Segment{s0, s1}, Segment{e0, e1})'s pair
// (segments.cpp) bit for bit, its four end-point candidates skipped where
// certainly not nearer (2026-11-27, capcont). That function takes the first
// nearest of five candidates by rounded distance (the interior critical
// point, then a.start, a.end against b and b.start, b.end against a; a
// candidate replaces the best only when strictly nearer): the steps below
// are its steps, in its order, with its helpers, but for the test before an
// end-point candidate. A candidate x against the segment [y, z] is the point
// nearest_on_segment(x, y, z), which lies in the box of y and z widened by 3
// ulp(m) (y + (z - y) t with t in [0, 1] rounded three times, Higham 2.2; or
// y, z, or x exactly on the segment): its rounded distance from x (a square
// root, correctly rounded, of a sum of three squares, at least (1 - 3u) |x -
// q| with u = 2^-53, or |x - q| scaled, as accurate, where the sum is not
// normal) is at least (1 - 3u) of x's distance from that widened box.
// end_bound's sum over the axes (its widening 8 kPointExactBand m is far
// beyond 3 ulp(m)) bounds that squared box distance, within (1 + 6u) (1 -
// 2^-40) of it; when it exceeds D^2 (1 + 2^-45) for the best distance D so
// far (D^2 rounded twice: within 2u), the candidate's distance exceeds D (1 +
// 2^-41) (1 - 3u) > D and could not replace it. For coordinates within
// [2^-200, 2^200] (m: their largest magnitude), where no difference or
// square overflows; segments of zero length go to the function itself.
namespace edge_pair_detail {

// closest_point_on_segment(p, {a, b}) for p, a, b of coordinates 0 or within
// [2^-60, 2^61) (detail::ordinary_for_triangle), bit for bit: Ericson 5.1.2
// without segment_point's (closest_point.cpp) power-of-two scalings of b - a
// and p - a. There every nonzero difference lies within [2^-112, 2^62], every
// product of two within [2^-224, 2^124] and every dot product, a rounded sum
// of such products (exact multiples of 2^-224), 0 or at least 2^-224; the
// scaled values (each vector's largest component brought into [1, 2)) are the
// same times powers of two, still normal, so each operation rounds alike and
// segment_point's quotient, scaled back exactly, is this one. Where p is
// within its exact band of q, the function itself decides (its exact
// on-segment test), from the same q.
Vec3 point_on_segment_ordinary(Vec3 p, Vec3 a, Vec3 b) {
  Vec3 q = a;
  const Vec3 ab = b - a, ap = p - a;
  if (!is_zero(ab) && !is_zero(ap)) {
    const double num = dot(ap, ab);
    if (num > 0.0) {
      const double t = num / length_squared(ab);
      q = t < 1.0 ? a + ab * t : b;
    }
  }
  const double gap = max_abs_component(p - q);
  if (gap == 0.0) return q;
  const double scale =
      max_abs_component(p) + max_abs_component(a) + max_abs_component(b);
  if (gap <= kPointExactBand * scale + 0x1p-1020)
    return closest_point_on_segment(p, Segment{a, b});
  return q;
}

}  // namespace edge_pair_detail

SegmentClosestPoints edge_pair(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1, double m) {
  const Segment a{s0, s1}, b{e0, e1};
  if (same_point(a.start, a.end) || same_point(b.start, b.end))
    return closest_points_segment_segment(a, b);
  detail::FirstNearestPair nearest{{0.0, a.start, a.start}};
  const double half_extent = detail::half_extent(a, b);
  const double s = detail::unit_scale_for(detail::biased_exponent(half_extent));
  // Coordinates 0 or within [2^-60, 2^61): the nearest points on segments
  // without rescaling (point_on_segment_ordinary), and the end pairs compared
  // by their squared distances (below).
  const bool ordinary =
      detail::ordinary_for_triangle(s0) && detail::ordinary_for_triangle(s1) &&
      detail::ordinary_for_triangle(e0) && detail::ordinary_for_triangle(e1);
  const auto point_on = [&](Vec3 x, const Segment& g) {
    return ordinary
               ? edge_pair_detail::point_on_segment_ordinary(x, g.start, g.end)
               : closest_point_on_segment(x, g);
  };
  // The first of the nearest end pairs by rounded distance. For ordinary
  // coordinates each squared distance is 0 or within [2^-224, 2^126], normal,
  // and distance_between is its correctly rounded square root: monotone, so
  // the first least square j has the least distance, and an earlier pair i
  // ties it only when sq_i <= sq_j (1 + 2^-48) rounded (beyond, sqrt(sq_i) >
  // sqrt(sq_j) (1 + 2^-50), and the two roundings, 2^-53 each, cannot meet):
  // only those are compared by their square roots.
  int pair = 0;
  if (ordinary) {
    double sq[4];
    for (int i = 0; i < 4; ++i) {
      const Vec3 p = (i & 1) ? a.end : a.start, q = (i & 2) ? b.end : b.start;
      sq[i] = length_squared(p - q);
      if (sq[i] < sq[pair]) pair = i;
    }
    const double near = sq[pair] * (1.0 + 0x1p-48), dj = std::sqrt(sq[pair]);
    for (int i = 0; i < pair; ++i)
      if (sq[i] <= near && std::sqrt(sq[i]) == dj) {
        pair = i;
        break;
      }
  } else {
    double nearest = HUGE_VAL;
    for (int i = 0; i < 4; ++i) {
      const Vec3 p = (i & 1) ? a.end : a.start, q = (i & 2) ? b.end : b.start;
      const double d = distance_between(p, q);
      if (d < nearest) nearest = d, pair = i;
    }
  }
  const Vec3 a0 = (pair & 1) ? a.end : a.start,
             a1 = (pair & 1) ? a.start : a.end,
             b0 = (pair & 2) ? b.end : b.start,
             b1 = (pair & 2) ? b.start : b.end;
  Vec3 pa, pb;
  if (detail::interior_pair(a0, a1, b0, b1, s, &pa, &pb))
    nearest.consider(pa, pb);
  const Vec3 lo_b{min2(e0.x, e1.x), min2(e0.y, e1.y), min2(e0.z, e1.z)},
      hi_b{max2(e0.x, e1.x), max2(e0.y, e1.y), max2(e0.z, e1.z)},
      lo_a{min2(s0.x, s1.x), min2(s0.y, s1.y), min2(s0.z, s1.z)},
      hi_a{max2(s0.x, s1.x), max2(s0.y, s1.y), max2(s0.z, s1.z)};
  // Whether x's candidate against the box lo hi could not replace the best.
  const auto beyond = [&](Vec3 x, Vec3 lo, Vec3 hi) {
    return !nearest.first &&
           end_bound(x, lo, hi, m) >
               nearest.best.distance * nearest.best.distance * (1.0 + 0x1p-45);
  };
  if (!beyond(a.start, lo_b, hi_b))
    nearest.consider(a.start, point_on(a.start, b));
  if (!beyond(a.end, lo_b, hi_b)) nearest.consider(a.end, point_on(a.end, b));
  if (!beyond(b.start, lo_a, hi_a))
    nearest.consider(point_on(b.start, a), b.start);
  if (!beyond(b.end, lo_a, hi_a)) nearest.consider(point_on(b.end, a), b.end);
  return nearest.best;
}

// Segment s0 s1 against a triangle it does not meet: the nearest pair is an
// end against the face or the segment against an edge (Ericson 5.1.10: the
// distance along the segment is convex, so its minimum over the part of the
// segment above the face is at an end of that part, an end of the segment or
// a point above an edge). The first of the nearest candidates wins; an edge
// whose pair is certainly farther than the best so far (edge_pair_beyond)
// could not replace it and is skipped: the same pair, at a fraction of the
// cost for the common contact of a capsule's end over a face or beside one
// edge. (closest_segment_triangle_in_order: the candidates in that order,
// the path before 2026-11-27, kept for coordinates beyond [2^-200, 2^200]
// and as the tests' reference.)
Closest closest_segment_triangle_in_order(Vec3 s0, Vec3 s1, const Triangle& t) {
  Closest best{s0, s0, HUGE_VAL};
  consider(best, s0, closest_point_on_triangle(s0, t));
  consider(best, s1, closest_point_on_triangle(s1, t));
  const double m =
      max2(max2(max_abs_component(s0), max_abs_component(s1)),
           max2(max2(max_abs_component(t.a), max_abs_component(t.b)),
                max_abs_component(t.c)));
  const bool bounded = m >= 0x1p-200 && m <= 0x1p200;
  const Vec3 edges[3][2] = {{t.a, t.b}, {t.b, t.c}, {t.c, t.a}};
  for (const auto& edge : edges) {
    if (bounded && edge_pair_beyond(s0, s1, edge[0], edge[1], best.d2, m))
      continue;
    consider_edge(best, s0, s1, edge[0], edge[1]);
  }
  return best;
}

// The same pair, the candidates taken nearest first (2026-11-27, capcont).
// In order (s0's end, s1's end, the edges a b, b c, c a), the answer is the
// first candidate of the least computed squared distance: consider() replaces
// the best only by a strictly smaller one, and a candidate skipped there is
// certainly farther than one computed. Each candidate's squared distance is
// a function of the inputs alone, so the same first least candidate is found
// in any order, where ties go to the earlier candidate and a candidate is
// skipped only when its lower bound (end_bound, edge_pair_bound: bound > d2
// means the candidate's computed d2 > d2) exceeds a computed one's. Taking
// the candidates by increasing lower bound computes the nearest first, and
// usually skips the far end and the edges away from the nearest feature:
// for a capsule lying over many small triangles of a mesh, most contacts
// need one end or one edge (and the ties of a shared corner), not both ends
// and two edges; and each edge pair computed is edge_pair's, which skips its
// far end-point candidates. For coordinates of magnitude within [2^-200,
// 2^200] (where the bounds hold and no squared distance overflows); else in
// order.
Closest closest_segment_triangle(Vec3 s0, Vec3 s1, const Triangle& t) {
  const double m =
      max2(max2(max_abs_component(s0), max_abs_component(s1)),
           max2(max2(max_abs_component(t.a), max_abs_component(t.b)),
                max_abs_component(t.c)));
  if (!(m >= 0x1p-200 && m <= 0x1p200))
    return closest_segment_triangle_in_order(s0, s1, t);
  const AABB box = triangle_box(t);
  const Vec3 lo = box.min, hi = box.max;
  const Vec3 edges[3][2] = {{t.a, t.b}, {t.b, t.c}, {t.c, t.a}};
  const double bound[5] = {
      end_bound(s0, lo, hi, m), end_bound(s1, lo, hi, m),
      edge_pair_bound(s0, s1, edges[0][0], edges[0][1], m),
      edge_pair_bound(s0, s1, edges[1][0], edges[1][1], m),
      edge_pair_bound(s0, s1, edges[2][0], edges[2][1], m)};
  // The candidates by increasing bound (ties: in order), an insertion sort.
  int order[5] = {0, 1, 2, 3, 4};
  for (int i = 1; i < 5; ++i)
    for (int j = i; j > 0 && bound[order[j]] < bound[order[j - 1]]; --j) {
      const int k = order[j];
      order[j] = order[j - 1];
      order[j - 1] = k;
    }
  Closest best{s0, s0, HUGE_VAL};
  int best_index = 5;
  for (const int i : order) {
    if (best_index < 5 && bound[i] > best.d2) continue;
    Closest c;
    if (i < 2) {
      const Vec3 s = i == 0 ? s0 : s1;
      const Vec3 q = closest_point_on_triangle(s, t);
      c = {s, q, length_squared(s - q)};
    } else {
      const SegmentClosestPoints cp =
          edge_pair(s0, s1, edges[i - 2][0], edges[i - 2][1], m);
      c = {cp.point_a, cp.point_b, length_squared(cp.point_a - cp.point_b)};
    }
    if (c.d2 < best.d2 || (c.d2 == best.d2 && i < best_index))
      best = c, best_index = i;
  }
  return best;
}

// Segment s0 s1 against a box it does not meet: an end against the box
// (closest_point_on_aabb, exact) or the segment against one of the 12 edges.
// A segment point nearest a face's interior lies on a stretch of the segment
// parallel to that face, whose ends are ends of the segment or points above
// the face's edges: so the 2 ends and 12 edges find the distance.
Closest closest_segment_aabb(Vec3 s0, Vec3 s1, const AABB& box) {
  Closest best{s0, s0, HUGE_VAL};
  consider(best, s0, closest_point_on_aabb(s0, box));
  consider(best, s1, closest_point_on_aabb(s1, box));
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      Vec3 e0 = box.min;
      set(e0, j, get(corner & 1 ? box.max : box.min, j));
      set(e0, k, get(corner & 2 ? box.max : box.min, k));
      Vec3 e1 = e0;
      set(e1, i, get(box.max, i));
      consider_edge(best, s0, s1, e0, e1);
    }
  }
  return best;
}

// The least penetration over the axes tried so far: moving the segment by n *
// pen leaves it touching b's supporting plane along n. Coordinates are taken
// relative to the segment's start (rounded once), so that far-off scenes lose
// nothing to the offset.
struct Deepest {
  Vec3 n{0.0, 1.0, 0.0};
  double pen = HUGE_VAL;
};
// Both signs of the axis n (unit, or 0 to skip), n first (ties keep the first
// axis tried): the penetration along m is support_b(m) - min(0, m . d), d =
// s1 - s0.
template <class Support>
inline void try_axis(Deepest& best, Vec3 d, Vec3 n, const Support& support) {
  if (is_zero(n)) return;
  const Vec3 signed_axes[2] = {n, negated(n)};
  for (const Vec3& m : signed_axes) {
    const double pen = support(m) - min2(0.0, dot(m, d));
    if (pen < best.pen) best.n = m, best.pen = pen;
  }
}

// The deep contact along best.n: depth = r + the penetration. The segment
// moved by n * pen touches b's supporting plane; its closest pair with b (x'
// on the moved segment, y on b: at the minimum translation they meet, Ericson
// 5.2.1's penetration along the best axis) gives pointB = y, on b, and pointA
// = x' - n * (pen + r), on the capsule, so that pointB - pointA = n * depth
// up to |x' - y| (0 at the minimum, rounding aside).
template <class ClosestTo>
inline void fill_deep(ContactHit* hit, Vec3 s0, Vec3 s1, double r,
                      const Deepest& best, const ClosestTo& closest_to) {
  const Vec3 n = plus_zero(best.n);
  const Vec3 shift = n * best.pen;
  const Closest c = closest_to(s0 + shift, s1 + shift);
  const double depth = r + best.pen;
  hit->depth = depth > 0.0 ? depth : 0.0;
  hit->normal = n;
  hit->point_a = (c.p - shift) - n * r;
  hit->point_b = c.q;
}

// A shallow contact from the closest pair (p on the segment, q on b's core,
// which has radius rb): normal = unit(p - q).
inline void fill_shallow(ContactHit* hit, Vec3 p, Vec3 q, double r, double rb) {
  const Vec3 d = p - q;
  const Vec3 n = plus_zero(unit_or(d, kUp));
  fill(hit, p, r, n, (r - length(d)) + rb, q + n * rb);
}

// Whether the point e, an end of the segment s0 s1 (and not both), sees the
// foot of e + toward on the segment's line strictly between the ends: then
// *u is the segment's unit direction from e inward and *along that foot's
// distance from e.
inline bool foot_inside(Vec3 e, Vec3 s0, Vec3 s1, Vec3 toward, Vec3* u,
                        double* along) {
  const bool at_start = same_point(e, s0), at_end = same_point(e, s1);
  if (at_start == at_end) return false;
  const Vec3 inward = at_start ? s1 - s0 : s0 - s1;
  *u = unit_or(inward, kZero);
  *along = dot(toward, *u);
  return *along > 0.0 && *along < length(inward);
}

// A shallow contact of a segment (p on it) against b (q on b's core, radius
// rb) whose closest pair is the least of several rounded candidates (an end
// against b, the segment against each of b's edges, segment against segment).
// Where the gap |p - q| is a few hundred ulps of the coordinates, candidates
// within rounding of each other tie, and an end may win over the interior
// point beside it: then the true nearest point is interior, and the normal is
// perpendicular to that segment. Taking unit(p - q) there tilts the normal
// off it (the fuzzer's raw np_contactCapsuleAABB: a 3.5e-38-long segment
// 7e-46 from a point box at 4.86e-33, 0.019 rad off, which put pointA inside
// the capsule; raw np_contactCapsuleCapsule: a gap of 2.7e-167 beside
// coordinates at 6e-154, 0.035 rad off b's perpendicular, so that moved by
// normal * depth the capsules still overlapped by 1.6e-160). So the end moves
// to the other point's foot on its segment (Ericson 5.1.2: the nearest point
// of a line leaves a perpendicular offset), and the normal is that offset,
// taken from d = p - q (the small exact-ish difference, not the rounded
// foot). `b0`, `b1`: b's segment when b is a capsule (both feet are checked;
// where both are inside, the pair is left as it is).
inline void fill_shallow_segment(ContactHit* hit, Vec3 p, Vec3 q, Vec3 s0,
                                 Vec3 s1, double r, const Vec3* b0 = nullptr,
                                 const Vec3* b1 = nullptr, double rb = 0.0) {
  const Vec3 d = p - q;
  Vec3 ua = kZero, ub = kZero;
  double la = 0.0, lb = 0.0;
  const bool fa = foot_inside(p, s0, s1, negated(d), &ua, &la);
  const bool fb = b0 != nullptr && foot_inside(q, *b0, *b1, d, &ub, &lb);
  if (fa != fb) {
    const Vec3 perp = fa ? d + ua * la : d - ub * lb;
    const Vec3 n = plus_zero(unit_or(perp, kZero));
    if (!is_zero(n)) {
      const Vec3 pa = fa ? p + ua * la : p, qb = fb ? q + ub * lb : q;
      return fill(hit, pa, r, n, (r - dot(perp, n)) + rb, qb + n * rb);
    }
  }
  fill_shallow(hit, p, q, r, rb);
}

// `meets`: the segments meet (decided exactly by the caller). a's segment has
// non-zero length.
void measure_capsule_capsule(const Capsule& a, const Capsule& b, bool meets,
                             ContactHit* hit) {
  const Vec3 da = a.end - a.start, db = b.end - b.start;
  const SegmentClosestPoints cp = closest_points_segment_segment(
      Segment{a.start, a.end}, Segment{b.start, b.end});
  const Vec3 d = cp.point_a - cp.point_b;
  // Within rounding of each other (kContactNoise): as meeting.
  const bool noisy =
      !(sum_abs(d) > kContactNoise * (sum_abs(a.start - b.start) + sum_abs(da) +
                                      sum_abs(db)));
  if (!meets && !noisy)
    return fill_shallow_segment(hit, cp.point_a, cp.point_b, a.start, a.end,
                                a.radius, &b.start, &b.end, b.radius);
  // Segments that meet: their Minkowski difference is a flat parallelogram
  // containing the origin, so the way out is across its plane (the common
  // normal), radius sum deep; parallel segments leave along any
  // perpendicular.
  Vec3 n = cross_axis(dv_diff(a.end, a.start), dv_diff(b.end, b.start));
  if (is_zero(n)) n = perpendicular_normal(da);
  const Vec3 offset =
      (a.start * 0.5 + a.end * 0.5) - (b.start * 0.5 + b.end * 0.5);
  if (dot(n, offset) < 0.0) n = negated(n);
  fill_along(hit, cp.point_a, a.radius, plus_zero(n), d, b.radius);
}

void measure_capsule_aabb(const Capsule& cap, const AABB& box, bool meets,
                          ContactHit* hit) {
  const Vec3 s0 = cap.start, s1 = cap.end, d = s1 - s0;
  if (!meets) {
    const Closest c = closest_segment_aabb(s0, s1, box);
    const Vec3 g = c.p - c.q;
    // Within rounding of the box (kContactNoise): as meeting it.
    if (sum_abs(g) > kContactNoise * (sum_abs(s0 - box.min) + sum_abs(d) +
                                      sum_abs(box.max - box.min)))
      return fill_shallow_segment(hit, c.p, c.q, s0, s1, cap.radius);
  }
  // The box relative to s0; its support along m is the larger corner per axis.
  const Vec3 lo = box.min - s0, hi = box.max - s0;
  const auto support = [&](Vec3 m) {
    return max2(m.x * lo.x, m.x * hi.x) + max2(m.y * lo.y, m.y * hi.y) +
           max2(m.z * lo.z, m.z * hi.z);
  };
  Deepest best;
  // The three face normals (ties: the sphere's order), then d x e_i: (0, d.z,
  // -d.y), (-d.z, 0, d.x), (d.y, -d.x, 0), exact before normalizing (0 for d
  // along e_i: skipped).
  for (int i = 0; i < 3; ++i) {
    Vec3 e = kZero;
    set(e, i, -1.0);  // -x, +x, -y, +y, -z, +z on ties, as for a sphere
    try_axis(best, d, e, support);
  }
  try_axis(best, d, unit_or(Vec3{0.0, d.z, -d.y}, kZero), support);
  try_axis(best, d, unit_or(Vec3{-d.z, 0.0, d.x}, kZero), support);
  try_axis(best, d, unit_or(Vec3{d.y, -d.x, 0.0}, kZero), support);
  fill_deep(hit, s0, s1, cap.radius, best,
            [&](Vec3 a, Vec3 b) { return closest_segment_aabb(a, b, box); });
}

void measure_capsule_obb(const Capsule& cap, const OBB& b, bool meets,
                         ContactHit* hit) {
  // In the box's frame (Ericson 5.1.4): the ends' coordinates along its axes.
  const auto local = [&](Vec3 p) {
    const Vec3 v = p - b.center;
    return Vec3{dot(v, b.axis[0]), dot(v, b.axis[1]), dot(v, b.axis[2])};
  };
  const auto world = [&](Vec3 v) {
    return b.axis[0] * v.x + b.axis[1] * v.y + b.axis[2] * v.z;
  };
  ContactHit h;
  measure_capsule_aabb(Capsule{local(cap.start), local(cap.end), cap.radius},
                       AABB{negated(b.half_size), b.half_size}, meets, &h);
  // Back to world space; the rotation is orthonormal within 1e-6, so the
  // normal is made unit once more.
  const Vec3 n = plus_zero(unit_or(world(h.normal), kUp));
  hit->depth = h.depth;
  hit->normal = n;
  hit->point_a = b.center + world(h.point_a);
  hit->point_b = b.center + world(h.point_b);
}

// The longest of a degenerate triangle's edges: the segment it spans.
inline Segment span_of(const Triangle& t) {
  Segment s{t.a, t.b};
  double best = length_squared(t.b - t.a);
  if (length_squared(t.c - t.a) > best)
    s = {t.a, t.c}, best = length_squared(t.c - t.a);
  if (length_squared(t.c - t.b) > best) s = {t.b, t.c};
  return s;
}

// (kClosest: closest_segment_triangle, or _in_order for the tests' reference.)
template <Closest (*kClosest)(Vec3, Vec3, const Triangle&)>
void measure_capsule_triangle(const Capsule& cap, const Triangle& t, bool meets,
                              ContactHit* hit) {
  const Vec3 s0 = cap.start, s1 = cap.end, d = s1 - s0;
  const double r = cap.radius;
  // The unit face normal as the sphere's contact takes it (0 for a degenerate
  // triangle or a sliver whose normal is rounding noise).
  const Vec3 ab = t.b - t.a, ac = t.c - t.a, bc = t.c - t.b;
  const Vec3 ua = unit_units(ab), uc = unit_units(ac), cr = cross(ua, uc);
  const Vec3 face = sum_abs(cr) > kContactNoise * sum_abs(ua) * sum_abs(uc)
                        ? unit_or(cr, kZero)
                        : kZero;
  if (is_zero(face)) {
    // Degenerate: the segment it spans, a capsule of radius 0.
    const Segment s = span_of(t);
    return measure_capsule_capsule(cap, Capsule{s.start, s.end, 0.0}, meets,
                                   hit);
  }
  if (!meets) {
    const Closest c = kClosest(s0, s1, t);
    const Vec3 g = c.p - c.q;
    // Within rounding of the triangle (kContactNoise): as meeting it.
    if (sum_abs(g) > kContactNoise * (sum_abs(s0 - t.a) + sum_abs(d) +
                                      sum_abs(ab) + sum_abs(ac)))
      return fill_shallow_segment(hit, c.p, c.q, s0, s1, r);
  }
  // The corners relative to s0; the support along m is the largest.
  const Vec3 a = t.a - s0, b = t.b - s0, c = t.c - s0;
  const auto support = [&](Vec3 m) {
    return max2(max2(dot(a, m), dot(b, m)), dot(c, m));
  };
  Deepest best;
  try_axis(best, d, face, support);
  // The segment x each edge, from exact differences (cross_axis).
  const DV dd_seg = dv_diff(s1, s0);
  const DV dd_edges[3] = {dv_diff(t.b, t.a), dv_diff(t.c, t.b),
                          dv_diff(t.c, t.a)};
  const Vec3 edges[3] = {ua, unit_units(bc), uc};
  for (int i = 0; i < 3; ++i) {
    try_axis(best, d, cross_axis(dd_edges[i], dd_seg), support);
    try_axis(best, d, unit_or(cross(edges[i], face), kZero), support);
  }
  fill_deep(hit, s0, s1, r, best,
            [&](Vec3 a, Vec3 b) { return kClosest(a, b, t); });
}

// Whether the point p lies on the closed triangle t: the sphere overlap test
// with radius 0, asked only when p lies exactly in the triangle's plane
// (orient3d, exact at any magnitude: detail::det3_sign). A point off that
// plane is off the triangle, which lies in it; and a degenerate triangle has
// orient3d 0 for every point, so it always reaches the overlap test. The same
// answer as the overlap test alone, at the cost of one filtered orientation
// for the usual contact (a center above or beside the face).
bool point_on_triangle(Vec3 p, const Triangle& t) {
  if (detail::det3_sign(t.b, t.a, t.c, t.a, p, t.a) != 0) return false;
  return overlap_sphere_triangle(Sphere{p, 0.0}, t);
}

}  // namespace

// ---- The queries -----------------------------------------------------------

bool contact_sphere_sphere(const Sphere& a, const Sphere& b, ContactHit* hit) {
  if (!overlap_sphere_sphere(a, b)) return false;
  const double k = scale_for(max2(magnitude(a), magnitude(b)));
  measure_sphere_sphere(scaled(a, k), scaled(b, k), hit);
  scale_back(hit, k);
  return true;
}

bool contact_sphere_capsule(const Sphere& sphere, const Capsule& capsule,
                            ContactHit* hit) {
  if (!overlap_sphere_capsule(sphere, capsule)) return false;
  // Exactly on the segment: the overlap test with both radii 0.
  const bool on_axis = overlap_sphere_capsule(
      Sphere{sphere.center, 0.0}, Capsule{capsule.start, capsule.end, 0.0});
  const double k = scale_for(max2(magnitude(sphere), magnitude(capsule)));
  measure_sphere_capsule(scaled(sphere, k), scaled(capsule, k), on_axis, hit);
  scale_back(hit, k);
  return true;
}

bool contact_sphere_aabb(const Sphere& sphere, const AABB& box,
                         ContactHit* hit) {
  if (!overlap_sphere_aabb(sphere, box)) return false;
  const double k = scale_for(max2(magnitude(sphere), magnitude(box)));
  measure_sphere_aabb(scaled(sphere, k), scaled(box, k), hit);
  scale_back(hit, k);
  return true;
}

bool contact_sphere_obb(const Sphere& sphere, const OBB& box, ContactHit* hit) {
  if (!overlap_sphere_obb(sphere, box)) return false;
  const double k = scale_for(max2(magnitude(sphere), magnitude(box)));
  measure_sphere_obb(scaled(sphere, k), scaled(box, k), hit);
  scale_back(hit, k);
  return true;
}

bool contact_sphere_triangle(const Sphere& sphere, const Triangle& triangle,
                             ContactHit* hit) {
  if (!overlap_sphere_triangle(sphere, triangle)) return false;
  detail::contact_sphere_triangle_touching(sphere, triangle, hit);
  return true;
}

void detail::contact_sphere_triangle_touching(const Sphere& sphere,
                                              const Triangle& triangle,
                                              ContactHit* hit) {
  const bool on = point_on_triangle(sphere.center, triangle);
  const double k = scale_for(max2(magnitude(sphere), magnitude(triangle)));
  measure_sphere_triangle(scaled(sphere, k), scaled(triangle, k), on, hit);
  scale_back(hit, k);
}

bool contact_sphere_plane(const Sphere& sphere, const Plane& plane,
                          ContactHit* hit) {
  if (!overlap_sphere_plane(sphere, plane)) return false;
  // signed_distance_point_plane and closest_point_on_plane scale for
  // themselves: exactly 0 on the plane (the sign is exact), Euclidean for any
  // normal length. Exactly on the plane the normal is the plane's own.
  const Vec3 c = sphere.center;
  const double s = signed_distance_point_plane(c, plane);
  const Vec3 u = unit_or(plane.normal, kUp);  // non-zero (validated)
  fill(hit, c, sphere.radius, s < 0.0 ? negated(u) : u,
       sphere.radius - std::fabs(s), closest_point_on_plane(c, plane));
  return true;
}

// ---- Capsules: the exact decisions, then the measurements ------------------

bool contact_capsule_capsule(const Capsule& a, const Capsule& b,
                             ContactHit* hit) {
  if (!overlap_capsule_capsule(a, b)) return false;
  // Zero-length capsules are balls: the sphere's contact (b's reversed). Where
  // the sphere's exact test and the capsules' differ (a decision hinging on
  // terms below ~2^-960 of the inputs, which overlap_capsule_capsule counts
  // as touching), the capsules' decision stands and the contact is measured
  // below.
  if (same_point(a.start, a.end) &&
      contact_sphere_capsule(Sphere{a.start, a.radius}, b, hit))
    return true;
  if (same_point(b.start, b.end)) {
    ContactHit h;
    if (contact_sphere_capsule(Sphere{b.start, b.radius}, a, &h)) {
      hit->depth = h.depth;
      hit->normal = plus_zero(negated(h.normal));
      hit->point_a = h.point_b;
      hit->point_b = h.point_a;
      return true;
    }
  }
  // Whether the segments meet: the overlap test with both radii 0.
  const bool meets = overlap_capsule_capsule(Capsule{a.start, a.end, 0.0},
                                             Capsule{b.start, b.end, 0.0});
  const double k = scale_for(max2(magnitude(a), magnitude(b)));
  measure_capsule_capsule(scaled(a, k), scaled(b, k), meets, hit);
  scale_back(hit, k);
  return true;
}

bool contact_capsule_aabb(const Capsule& capsule, const AABB& box,
                          ContactHit* hit) {
  if (!overlap_capsule_aabb(capsule, box)) return false;
  // A ball (where the sphere's exact test agrees: see contact_capsule_capsule).
  if (same_point(capsule.start, capsule.end) &&
      contact_sphere_aabb(Sphere{capsule.start, capsule.radius}, box, hit))
    return true;
  const bool meets =
      overlap_capsule_aabb(Capsule{capsule.start, capsule.end, 0.0}, box);
  const double k = scale_for(max2(magnitude(capsule), magnitude(box)));
  measure_capsule_aabb(scaled(capsule, k), scaled(box, k), meets, hit);
  scale_back(hit, k);
  return true;
}

bool contact_capsule_obb(const Capsule& capsule, const OBB& box,
                         ContactHit* hit) {
  if (!overlap_capsule_obb(capsule, box)) return false;
  // A ball (where the sphere's exact test agrees: see contact_capsule_capsule).
  if (same_point(capsule.start, capsule.end) &&
      contact_sphere_obb(Sphere{capsule.start, capsule.radius}, box, hit))
    return true;
  const Capsule axis{capsule.start, capsule.end, 0.0};
  const double k = scale_for(max2(magnitude(capsule), magnitude(box)));
  // The identity rotation is the AABB [center - halfSize, center + halfSize]
  // (rounded once, in the scaled units: center + halfSize may overflow),
  // measured and decided as that box.
  if (is_identity(box.axis)) {
    const Capsule c = scaled(capsule, k);
    const OBB b = scaled(box, k);
    const AABB aabb{b.center - b.half_size, b.center + b.half_size};
    measure_capsule_aabb(
        c, aabb, overlap_capsule_aabb(Capsule{c.start, c.end, 0.0}, aabb), hit);
    scale_back(hit, k);
    return true;
  }
  measure_capsule_obb(scaled(capsule, k), scaled(box, k),
                      overlap_capsule_obb(axis, box), hit);
  scale_back(hit, k);
  return true;
}

bool contact_capsule_triangle(const Capsule& capsule, const Triangle& triangle,
                              ContactHit* hit) {
  if (!overlap_capsule_triangle(capsule, triangle)) return false;
  detail::contact_capsule_triangle_touching(capsule, triangle, hit);
  return true;
}

namespace {

// Whether the segment s0 s1 meets the triangle t (contact_capsule_triangle's
// `meets`): the exact overlap test with radius 0. Its ends certainly strictly
// on one side of the triangle's plane put the whole segment in that open
// half-space (convex), off the plane and so off the triangle: the exact
// test's answer, false, at the cost of one cross product and two dot
// products instead of the test's segment-edge distances (a capsule touching
// a mesh meets few of the triangles it touches: 176 of 102,686 on the
// benchmark's knot). The side is orient3d's sign, dot(p - a, (b - a) x (c -
// a)), certain by the filter of detail::det3_sign (exact.cpp): a value
// beyond kOrientFilterBand times the sum of the magnitudes of its six
// products, plus 64 DBL_MIN, has the exact sign (their rounding is below 16
// ulps of that sum; Shewchuk 1997, section 4.3, and Higham 3.1: the bound
// is the same for any order of the determinant's rows). det3_sign scales
// each row by a power of two first; for coordinates 0 or within [2^-60,
// 2^61) (detail::triangle_ordinary) no difference, product or triple
// product leaves the normal range (each nonzero difference at least 2^-112
// and at most 2^62: triple products within [2^-336, 2^186]), so unscaled
// the rounding and the bound are those of the scaled values times one power
// of two, and the filter holds as it is. Elsewhere, or unsure, the exact
// test decides. (kQuick false: the test alone, the tests' reference.)
template <bool kQuick>
bool segment_meets_triangle(Vec3 s0, Vec3 s1, const Triangle& t) {
  if (kQuick && detail::triangle_ordinary(s0, t) &&
      detail::ordinary_for_triangle(s1)) {
    const Vec3 e1 = t.b - t.a, e2 = t.c - t.a, n = cross(e1, e2);
    const Vec3 terms{std::fabs(e1.y * e2.z) + std::fabs(e1.z * e2.y),
                     std::fabs(e1.z * e2.x) + std::fabs(e1.x * e2.z),
                     std::fabs(e1.x * e2.y) + std::fabs(e1.y * e2.x)};
    // 1 or -1: the side of p, certain; 0: unsure.
    const auto side = [&](Vec3 p) {
      const Vec3 r = p - t.a;
      const double value = dot(r, n);
      const double perm = std::fabs(r.x) * terms.x + std::fabs(r.y) * terms.y +
                          std::fabs(r.z) * terms.z;
      if (!(std::fabs(value) > kOrientFilterBand * perm + 64.0 * DBL_MIN))
        return 0;
      return value > 0.0 ? 1 : -1;
    };
    const int side0 = side(s0);
    if (side0 != 0 && side(s1) == side0) return false;
  }
  return overlap_capsule_triangle(Capsule{s0, s1, 0.0}, t);
}

template <bool kReference>
void capsule_triangle_touching(const Capsule& capsule, const Triangle& triangle,
                               ContactHit* hit) {
  // A ball (where the sphere's exact test agrees: see contact_capsule_capsule).
  if (same_point(capsule.start, capsule.end) &&
      contact_sphere_triangle(Sphere{capsule.start, capsule.radius}, triangle,
                              hit))
    return;
  const bool meets =
      segment_meets_triangle<!kReference>(capsule.start, capsule.end, triangle);
  const double k = scale_for(max2(magnitude(capsule), magnitude(triangle)));
  measure_capsule_triangle<kReference ? closest_segment_triangle_in_order
                                      : closest_segment_triangle>(
      scaled(capsule, k), scaled(triangle, k), meets, hit);
  scale_back(hit, k);
}

}  // namespace

void detail::contact_capsule_triangle_touching(const Capsule& capsule,
                                               const Triangle& triangle,
                                               ContactHit* hit) {
  capsule_triangle_touching<false>(capsule, triangle, hit);
}

void detail::contact_capsule_triangle_touching_reference(
    const Capsule& capsule, const Triangle& triangle, ContactHit* hit) {
  capsule_triangle_touching<true>(capsule, triangle, hit);
}

void detail::closest_points_edge_pair(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1,
                                      Vec3* p, Vec3* q) {
  const double m = max2(max2(max_abs_component(s0), max_abs_component(s1)),
                        max2(max_abs_component(e0), max_abs_component(e1)));
  const SegmentClosestPoints c =
      m >= 0x1p-200 && m <= 0x1p200
          ? edge_pair(s0, s1, e0, e1, m)
          : closest_points_segment_segment(Segment{s0, s1}, Segment{e0, e1});
  *p = c.point_a;
  *q = c.point_b;
}

double detail::edge_pair_lower_bound(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1) {
  const double m = max2(max2(max_abs_component(s0), max_abs_component(s1)),
                        max2(max_abs_component(e0), max_abs_component(e1)));
  return edge_pair_bound(s0, s1, e0, e1, m);
}

bool detail::segment_meets_triangle_quick(Vec3 s0, Vec3 s1, const Triangle& t) {
  return segment_meets_triangle<true>(s0, s1, t);
}

void detail::closest_segment_triangle_pair(Vec3 s0, Vec3 s1, const Triangle& t,
                                           bool in_order, Vec3* p, Vec3* q) {
  const Closest c = in_order ? closest_segment_triangle_in_order(s0, s1, t)
                             : closest_segment_triangle(s0, s1, t);
  *p = c.p;
  *q = c.q;
}

bool contact_capsule_plane(const Capsule& capsule, const Plane& plane,
                           ContactHit* hit) {
  if (!overlap_capsule_plane(capsule, plane)) return false;
  // A ball (where the sphere's exact test agrees: see contact_capsule_capsule).
  if (same_point(capsule.start, capsule.end) &&
      contact_sphere_plane(Sphere{capsule.start, capsule.radius}, plane, hit))
    return true;
  // The ends' signed distances (exact in sign, Euclidean for any normal
  // length, scaled by signed_distance_point_plane itself). The capsule leaves
  // on the nearer side: up along u by r - lo, or down by r + hi.
  const double s0 = signed_distance_point_plane(capsule.start, plane),
               s1 = signed_distance_point_plane(capsule.end, plane);
  const double lo = min2(s0, s1), hi = max2(s0, s1);
  const Vec3 u = unit_or(plane.normal, kUp);  // non-zero (validated)
  const bool up =
      -lo <= hi;  // ties (a segment in the plane): the normal's side
  const Vec3 deeper = up ? (s0 <= s1 ? capsule.start : capsule.end)
                         : (s0 >= s1 ? capsule.start : capsule.end);
  fill(hit, deeper, capsule.radius, plus_zero(up ? u : negated(u)),
       up ? capsule.radius - lo : capsule.radius + hi,
       closest_point_on_plane(deeper, plane));
  return true;
}

}  // namespace np
