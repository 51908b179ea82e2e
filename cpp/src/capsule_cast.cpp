// Capsule casts (shape_cast.h): a capsule moving by a translation against
// every shape, by features, each from a query that exists.
//
// Why the features are complete. Let f* be the first fraction at which the
// moving capsule C(f) = {segment A + f T, radius r} touches the convex shape
// S (the casts start apart: a cast that starts overlapping is answered by the
// contact). At f* the segment A(f*) is exactly r from S, at a closest pair p
// on A(f*) and q on S. Either
//  (1) p is an end of A: the ball of radius r at that end touches S first at
//      f*, so sphere_cast_<S> from that end finds f* (Ericson, Real-Time
//      Collision Detection, 5.5.7: a capsule's caps are the spheres at its
//      ends);
//  (2) p is inside A and q is a corner of S (a triangle's or box's vertex, a
//      capsule's end): seen from the capsule, that point moves by -T and first
//      touches the capsule at f*: sphere_cast_capsule from the corner (radius
//      0, or the target capsule's radius) along -T finds it;
//  (3) p is inside A and q inside an edge of S (for a capsule target: inside
//      its segment) that is not parallel to A: the distance between the two
//      lines along their common normal n = a x e is linear in f, g(f) = n .
//      (A(0) - E) / |n| + f (n . T) / |n|, and since no point of the capsule
//      came within r earlier, g reaches +-r at f* from beyond (were |g| < r
//      just before f* with both feet inside the segments, they would overlap
//      earlier): solve that linear equation and check the feet (van den Bergen
//      2004 reduces the general convex case to the same first root of a
//      support distance; here the support features are explicit);
//  (4) p is inside A and q on a face of S (or inside an edge parallel to A):
//      A(f*) is parallel to that face (edge), and the set of closest pairs is
//      a stretch of A whose ends are ends of A (1) or lie over the face's
//      edges, or the edge's ends (2), (3).
// So the least fraction over (1) the two end balls, (2) the corners and (3)
// the edges is f*. A plane has neither corners nor edges (1 only); a sphere
// target is a single ball: sphere_cast_capsule reversed. Jolt's CastShape
// (GJK ray cast, van den Bergen 2004) and parry's cast_shapes_capsule_* solve
// the same first contact iteratively to a tolerance; the decisions of (1) and
// (2) here are the sphere casts' exact ones, (3) is solved in doubles.
#include <cfloat>
#include <cmath>
#include <type_traits>

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/detail/dd.h"
#include "narrowphase/detail/exact.h"
#include "narrowphase/overlap.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

constexpr Vec3 kZero{0.0, 0.0, 0.0};

inline Vec3 plus_zero(Vec3 v) { return {v.x + 0.0, v.y + 0.0, v.z + 0.0}; }

// The earliest feature contact so far: fraction t, the unit normal from the
// target toward the capsule, the target's point.
struct First {
  double t = HUGE_VAL;
  Vec3 normal{0.0, 1.0, 0.0};
  Vec3 point{0.0, 0.0, 0.0};
};

// (1): a ball of radius r at a capsule end cast along T (its hit's normal
// already points from the target toward the ball, its point is the target's).
template <class Cast>
inline void end_ball(First& best, Vec3 end, Vec3 T, Cast cast) {
  ShapeCastHit h;
  if (cast(end, end + T, &h) && h.fraction < best.t)
    best.t = h.fraction, best.normal = h.normal, best.point = h.point;
}

// (2): the target's corner v (a ball of radius rv) moving by -T against the
// capsule: the same fraction; the normal turned around, the point the corner's
// (the ball's surface toward the capsule).
inline void corner(First& best, Vec3 v, double rv, Vec3 T, const Capsule& c) {
  ShapeCastHit h;
  if (sphere_cast_capsule(v, v - T, rv, c, &h) && h.fraction < best.t) {
    best.t = h.fraction;
    best.normal = plus_zero(negated(h.normal));
    best.point = v + best.normal * rv;
  }
}

// ---- Double-double arithmetic (detail/dd.h) for nearly parallel edges
// (edge_near_parallel).
using detail::DD;
using detail::dd;
using detail::dd_add;
using detail::dd_div;
using detail::dd_mul;
using detail::dd_neg;
using detail::dd_norm;
using detail::dd_scale;
using detail::dd_sqrt;
using detail::dd_sub;
using detail::DV;
using detail::dv_cross;
using detail::dv_diff;
using detail::dv_dot;
using detail::dv_scale;
using detail::unit_scale;

// (3) for lines within kCastEdgeInDoubles of parallel (edge, below): the same
// equations as edge's in double-double, so that the common normal n = a x e,
// whose direction in double would carry the rounding of a and e divided by
// sin(angle), is right to ~2^-104 / sin(angle), and the lines' feet, whose
// error grows as 1 / sin^2, to ~2^-104 / sin^2 of the scene. Below
// kCastEdgeParallel the edge is left to (1) and (2).
void edge_near_parallel(First& best, Vec3 s0, Vec3 s1, Vec3 T, double r,
                        Vec3 e0, Vec3 e1, double re) {
  DV a = dv_diff(s1, s0), e = dv_diff(e1, e0);
  // Near unit length (exact powers of two), so that no product of the lengths
  // below overflows or underflows: a = a' / ka, e = e' / ke.
  const double ka = unit_scale(a), ke = unit_scale(e);
  a = dv_scale(a, ka);
  e = dv_scale(e, ke);
  const DV n = dv_cross(a, e);
  const DD n2 = dv_dot(n, n);
  const DD nl = dd_sqrt(n2);
  const DD la = dd_sqrt(dv_dot(a, a)), le = dd_sqrt(dv_dot(e, e));
  if (!(nl.hi > kCastEdgeParallel * la.hi * le.hi)) return;
  const DV d0 = dv_diff(s0, e0);
  const DV t{dd(T.x), dd(T.y), dd(T.z)};
  // g(f) |n| = n . (d0 + f T): from beyond the reach toward it.
  const DD g0 = dv_dot(n, d0), speed = dv_dot(n, t);
  const DD reach = dd_mul(dd(r + re), nl);
  const DD above = dd_sub(g0, reach), below = dd_add(g0, reach);
  DD num;
  if (above.hi >= 0.0 && speed.hi < 0.0) {
    num = above;
  } else if (below.hi <= 0.0 && speed.hi > 0.0) {
    num = dd_neg(below);
  } else {
    return;
  }
  const double f = dd_div(num, dd(std::fabs(speed.hi))).hi;
  if (!(f >= 0.0 && f <= 1.0) || f >= best.t) return;
  // The feet at f (Ericson 5.1.8 with the Lagrange identity's |a x e|^2 as the
  // denominator): s0 + a' sigma and e0 + e' tau, inside the segments when
  // 0 <= sigma <= 1 / ka and 0 <= tau <= 1 / ke.
  const DD tf_x = dd_mul(dd(T.x), dd(f)), tf_y = dd_mul(dd(T.y), dd(f)),
           tf_z = dd_mul(dd(T.z), dd(f));
  const DV r0{dd_add(d0.x, tf_x), dd_add(d0.y, tf_y), dd_add(d0.z, tf_z)};
  const DD b = dv_dot(a, e), c = dv_dot(a, r0), g = dv_dot(e, r0);
  const DD aa = dv_dot(a, a), ee = dv_dot(e, e);
  const double sigma = dd_div(dd_sub(dd_mul(b, g), dd_mul(ee, c)), n2).hi;
  const double tau = dd_div(dd_sub(dd_mul(aa, g), dd_mul(b, c)), n2).hi;
  const double sl = kContactNoise / ka, tl = kContactNoise / ke;
  if (!(sigma >= -sl && sigma <= 1.0 / ka + sl && tau >= -tl &&
        tau <= 1.0 / ke + tl))
    return;
  // The segments moved to f are within the reach (as in edge).
  const SegmentClosestPoints cp = closest_points_segment_segment(
      Segment{s0 + T * f, s1 + T * f}, Segment{e0, e1});
  const double size =
      max_abs_component(s0 + T * f - e0) + la.hi / ka + le.hi / ke;
  if (!(cp.distance <= (r + re) + kContactNoise * size)) return;
  const Vec3 unit_n = unit_or(Vec3{n.x.hi, n.y.hi, n.z.hi}, kZero);
  const Vec3 normal = plus_zero(g0.hi > 0.0 ? unit_n : negated(unit_n));
  best.t = f;
  best.normal = normal;
  best.point = e0 + Vec3{e.x.hi, e.y.hi, e.z.hi} * tau + normal * re;
}

// (3): the capsule's segment s0 s1 (radius r) moving by T against the edge e0
// e1 (a capsule of radius re): the first f in [0, 1] at which their lines'
// common-normal distance reaches r + re from beyond with both feet inside the
// segments. Lines within kCastEdgeInDoubles of parallel are solved in
// double-double (edge_near_parallel).
void edge(First& best, Vec3 s0, Vec3 s1, Vec3 T, double r, Vec3 e0, Vec3 e1,
          double re) {
  const Vec3 a = s1 - s0, e = e1 - e0;
  // Within kCastEdgeInDoubles of parallel, the common normal in double would
  // be off by more than ~2^-36 of the scene (the rounding of a and e divided
  // by the sine of their angle).
  const Vec3 x = cross(a, e);
  if (!(length(x) > kCastEdgeInDoubles * length(a) * length(e))) {
    edge_near_parallel(best, s0, s1, T, r, e0, e1, re);
    return;
  }
  const Vec3 n = unit_or(x, kZero);
  const double reach = r + re;
  const double g0 = dot(n, s0 - e0), speed = dot(n, T);
  // From beyond the reach toward it (g falls to +reach, or rises to -reach).
  // A g0 at exactly the reach counts (a contact at f = 0): the exact start
  // test said apart, yet a g0 beyond the reach by less than its rounding
  // (-1 - 1e-308 against reach 1) rounds onto it, and the segments moving in
  // would otherwise be missed. The closest-points check below decides.
  double f;
  if (g0 >= reach && speed < 0.0) {
    f = (g0 - reach) / -speed;
  } else if (g0 <= -reach && speed > 0.0) {
    f = (-reach - g0) / speed;
  } else {
    return;
  }
  if (!(f >= 0.0 && f <= 1.0) || f >= best.t) return;
  // The feet of the common perpendicular at f (Ericson 5.1.8, the lines'
  // closest points), along the unit directions (so that no product of four
  // lengths underflows; 1 - b^2 >= sin^2 > 2^-52 past the cut-off above):
  // both inside their segments, 0 <= s <= |a| and 0 <= t <= |e|.
  const double la = length(a), le = length(e);
  const Vec3 ua = a / la, ue = e / le;
  const Vec3 r0 = (s0 + T * f) - e0;
  const double b = dot(ua, ue), c = dot(ua, r0), g = dot(ue, r0);
  const double denom = 1.0 - b * b;
  if (!(denom > 0.0)) return;
  const double sa = (b * g - c) / denom, te = (g - b * c) / denom;
  // (Feet within rounding of an end, kContactNoise of the length, count: the
  // distance check below decides those, as a corner grazed to 1e-319.)
  const double sl = kContactNoise * la, tl = kContactNoise * le;
  if (!(sa >= -sl && sa <= la + sl && te >= -tl && te <= le + tl)) return;
  // Near the parallel cut-off the feet are ill-conditioned (their error grows
  // as 1 / sin^2 of the angle): the contact stands only if the segments, moved
  // to f, really are within the reach (closest_points_segment_segment, robust),
  // to kContactNoise of the scene. Any f where they are is a contact or an
  // overlap, so never before the first contact, which the least fraction over
  // all features still finds.
  const SegmentClosestPoints cp = closest_points_segment_segment(
      Segment{s0 + T * f, s1 + T * f}, Segment{e0, e1});
  const double size = max_abs_component(r0) + la + le;
  if (!(cp.distance <= reach + kContactNoise * size)) return;
  const Vec3 normal = plus_zero(g0 > 0.0 ? n : negated(n));
  best.t = f;
  best.normal = normal;
  best.point = e0 + ue * te + normal * re;
}

// The capsule's center (the segment's midpoint) moved by T * t.
inline Vec3 moved_center(const Capsule& c, Vec3 T, double t) {
  return (c.start * 0.5 + c.end * 0.5) + T * t;
}

void fill(ShapeCastHit* hit, const Capsule& c, Vec3 T, const First& best) {
  hit->fraction = best.t;
  hit->distance = length(T * best.t);
  hit->center = moved_center(c, T, best.t);
  hit->point = best.point;
  hit->normal = best.normal;
  hit->started_overlapping = false;
}

// A cast that starts overlapping: the contact's normal (from the shape toward
// the capsule) and its point on the shape.
void fill_started(ShapeCastHit* hit, const Capsule& c, Vec3 normal,
                  Vec3 point) {
  hit->fraction = 0.0;
  hit->distance = 0.0;
  hit->center = c.start * 0.5 + c.end * 0.5;
  hit->point = point;
  hit->normal = normal;
  hit->started_overlapping = true;
}

bool zero(Vec3 v) { return v.x == 0.0 && v.y == 0.0 && v.z == 0.0; }

// A zero-length capsule's hit from the sphere cast along start -> start + T:
// distance = fraction |T| (the contract's), the rest as the sphere cast's.
inline bool ball(bool hit_it, Vec3 T, ShapeCastHit* hit) {
  if (hit_it) hit->distance = length(T * hit->fraction);
  return hit_it;
}

// The eight corners and twelve edges of a box given by its center, axes and
// half sizes (an AABB: the unit axes).
template <class Corner>
void box_features(First& best, const Capsule& c, Vec3 T, Corner corner_at) {
  for (int k = 0; k < 8; ++k) corner(best, corner_at(k), 0.0, T, c);
  for (int k = 0; k < 8; ++k)
    for (int axis = 0; axis < 3; ++axis)
      if (!(k & (1 << axis)))
        edge(best, c.start, c.end, T, c.radius, corner_at(k),
             corner_at(k | (1 << axis)), 0.0);
}

bool cast_sphere(const Capsule& c, Vec3 T, const Sphere& s, ShapeCastHit* hit) {
  // A zero-length capsule is a ball: the sphere cast, its distance measured
  // along the translation (start + T may round).
  if (same_point(c.start, c.end))
    return ball(sphere_cast_sphere(c.start, c.start + T, c.radius, s, hit), T,
                hit);
  // The ball moving by -T against the capsule: the same fraction.
  ContactHit k;
  if (contact_sphere_capsule(s, c, &k)) {
    // contact_sphere_capsule's normal moves the ball out of the capsule: from
    // the capsule toward the ball; turned around, from the ball toward the
    // capsule, with the ball's point (its pointA).
    fill_started(hit, c, plus_zero(negated(k.normal)), k.point_a);
    return true;
  }
  if (zero(T)) return false;  // zero translation: the overlap test
  First best;
  corner(best, s.center, s.radius, T, c);
  if (!(best.t <= 1.0)) return false;
  fill(hit, c, T, best);
  return true;
}

bool cast_capsule(const Capsule& c, Vec3 T, const Capsule& b,
                  ShapeCastHit* hit) {
  // A zero-length capsule is a ball: the sphere cast, its distance measured
  // along the translation (start + T may round).
  if (same_point(c.start, c.end))
    return ball(sphere_cast_capsule(c.start, c.start + T, c.radius, b, hit), T,
                hit);
  ContactHit k;
  if (contact_capsule_capsule(c, b, &k))
    return fill_started(hit, c, k.normal, k.point_b), true;
  if (zero(T)) return false;
  First best;
  const auto cast = [&](Vec3 s, Vec3 e, ShapeCastHit* h) {
    return sphere_cast_capsule(s, e, c.radius, b, h);
  };
  end_ball(best, c.start, T, cast);
  end_ball(best, c.end, T, cast);
  corner(best, b.start, b.radius, T, c);
  corner(best, b.end, b.radius, T, c);
  edge(best, c.start, c.end, T, c.radius, b.start, b.end, b.radius);
  if (!(best.t <= 1.0)) return false;
  fill(hit, c, T, best);
  return true;
}

bool cast_aabb(const Capsule& c, Vec3 T, const AABB& box, ShapeCastHit* hit) {
  // A zero-length capsule is a ball: the sphere cast, its distance measured
  // along the translation (start + T may round).
  if (same_point(c.start, c.end))
    return ball(sphere_cast_aabb(c.start, c.start + T, c.radius, box, hit), T,
                hit);
  ContactHit k;
  if (contact_capsule_aabb(c, box, &k))
    return fill_started(hit, c, k.normal, k.point_b), true;
  if (zero(T)) return false;
  First best;
  const auto cast = [&](Vec3 s, Vec3 e, ShapeCastHit* h) {
    return sphere_cast_aabb(s, e, c.radius, box, h);
  };
  end_ball(best, c.start, T, cast);
  end_ball(best, c.end, T, cast);
  box_features(best, c, T, [&](int k) {
    return Vec3{(k & 1 ? box.max : box.min).x, (k & 2 ? box.max : box.min).y,
                (k & 4 ? box.max : box.min).z};
  });
  if (!(best.t <= 1.0)) return false;
  fill(hit, c, T, best);
  return true;
}

bool cast_obb(const Capsule& c, Vec3 T, const OBB& box, ShapeCastHit* hit) {
  // A zero-length capsule is a ball: the sphere cast, its distance measured
  // along the translation (start + T may round).
  if (same_point(c.start, c.end))
    return ball(sphere_cast_obb(c.start, c.start + T, c.radius, box, hit), T,
                hit);
  const Vec3 h = box.half_size;
  // The identity rotation: the AABB [center - halfSize, center + halfSize].
  if (box.axis[0].x == 1.0 && box.axis[0].y == 0.0 && box.axis[0].z == 0.0 &&
      box.axis[1].x == 0.0 && box.axis[1].y == 1.0 && box.axis[1].z == 0.0 &&
      box.axis[2].x == 0.0 && box.axis[2].y == 0.0 && box.axis[2].z == 1.0)
    return cast_aabb(c, T, AABB{box.center - h, box.center + h}, hit);
  ContactHit k;
  if (contact_capsule_obb(c, box, &k))
    return fill_started(hit, c, k.normal, k.point_b), true;
  if (zero(T)) return false;
  First best;
  const auto cast = [&](Vec3 s, Vec3 e, ShapeCastHit* hh) {
    return sphere_cast_obb(s, e, c.radius, box, hh);
  };
  end_ball(best, c.start, T, cast);
  end_ball(best, c.end, T, cast);
  // The corners center +- h_i axis_i (rounded).
  box_features(best, c, T, [&](int k) {
    return box.center + box.axis[0] * (k & 1 ? h.x : -h.x) +
           box.axis[1] * (k & 2 ? h.y : -h.y) +
           box.axis[2] * (k & 4 ? h.z : -h.z);
  });
  if (!(best.t <= 1.0)) return false;
  fill(hit, c, T, best);
  return true;
}

// Whether the capsule c swept by T x (x in [0, 1]) touches the triangle t,
// exactly: the swept segment is the parallelogram of the triangles
// (p0, p1, p1 + D) and (p0, p1 + D, p0 + D), D = T x (rounded: a few ulps of
// the magnitude), within c.radius of t when the two meet or an edge of either
// lies within the radius of the other (the nearest points of two convex
// polygons apart include a point of an edge of one of them).
bool swept_touches(const Capsule& c, Vec3 T, double x, const Triangle& t) {
  const Vec3 d = T * x, p0 = c.start, p1 = c.end, q1 = c.end + d,
             q0 = c.start + d;
  const Triangle A{p0, p1, q1}, B{p0, q1, q0};
  if (overlap_triangle_triangle(A, t) || overlap_triangle_triangle(B, t))
    return true;
  if (c.radius == 0.0) return false;
  const double r = c.radius;
  const Vec3 side[4][2] = {{p0, p1}, {p1, q1}, {q1, q0}, {q0, p0}};
  for (const auto& e : side)
    if (overlap_capsule_triangle(Capsule{e[0], e[1], r}, t)) return true;
  const Vec3 v[3] = {t.a, t.b, t.c};
  for (int i = 0; i < 3; ++i) {
    const Capsule e{v[i], v[(i + 1) % 3], r};
    if (overlap_capsule_triangle(e, A) || overlap_capsule_triangle(e, B))
      return true;
  }
  return false;
}

// The features' entry is rounded: where the gaps that decide it are below
// that rounding (a segment 8e-309 long grazing a triangle 7e-287 across in its
// plane, the fuzzer's raw np_capsuleCastTriangle), every feature can miss
// but one that rounds into touching at the end: fraction 1, 80% of the
// triangle's size away. So the capsule moved to the entry must touch the
// triangle to 2^-30 of the magnitude m (one exact test, its quick filter
// deciding at ordinary inputs); where it does not, and the exact swept test
// says the whole translation touches, the entry is the least fraction at
// which that test does, to 2^-40 of m along T (bisection), with the contact
// there.
void settle_on_exact(First& best, const Capsule& c, Vec3 T, const Triangle& t) {
  const double m =
      max2(max2(max2(max_abs_component(c.start), max_abs_component(c.end)),
                max2(c.radius, max_abs_component(T))),
           max2(max2(max_abs_component(t.a), max_abs_component(t.b)),
                max_abs_component(t.c)));
  const double tol = 0x1p-30 * m, dl = length(T);
  if (!(tol > 0.0 && dl > 0.0 && m <= 0x1p900)) return;
  const Vec3 d = T * best.t;
  if (overlap_capsule_triangle(Capsule{c.start + d, c.end + d, c.radius + tol},
                               t))
    return;
  if (!swept_touches(c, T, 1.0, t)) return;
  const double step = 0x1p-40 * m / dl;
  double lo = 0.0, hi = 1.0;
  while (hi - lo > step) {
    const double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;
    (swept_touches(c, T, mid, t) ? hi : lo) = mid;
  }
  best.t = hi;
  const Vec3 e = T * hi;
  ContactHit k;
  if (contact_capsule_triangle(Capsule{c.start + e, c.end + e, c.radius + tol},
                               t, &k)) {
    best.normal = k.normal;
    best.point = k.point_b;
  }
}

bool cast_triangle(const Capsule& c, Vec3 T, const Triangle& t,
                   ShapeCastHit* hit) {
  // A zero-length capsule is a ball: the sphere cast, its distance measured
  // along the translation (start + T may round).
  if (same_point(c.start, c.end))
    return ball(sphere_cast_triangle(c.start, c.start + T, c.radius, t, hit), T,
                hit);
  ContactHit k;
  if (contact_capsule_triangle(c, t, &k))
    return fill_started(hit, c, k.normal, k.point_b), true;
  if (zero(T)) return false;
  First best;
  const auto cast = [&](Vec3 s, Vec3 e, ShapeCastHit* h) {
    return sphere_cast_triangle(s, e, c.radius, t, h);
  };
  end_ball(best, c.start, T, cast);
  end_ball(best, c.end, T, cast);
  const Vec3 v[3] = {t.a, t.b, t.c};
  for (int i = 0; i < 3; ++i) {
    corner(best, v[i], 0.0, T, c);
    edge(best, c.start, c.end, T, c.radius, v[i], v[(i + 1) % 3], 0.0);
  }
  if (!(best.t <= 1.0)) return false;
  settle_on_exact(best, c, T, t);
  fill(hit, c, T, best);
  return true;
}

bool cast_plane(const Capsule& c, Vec3 T, const Plane& p, ShapeCastHit* hit) {
  // A zero-length capsule is a ball: the sphere cast, its distance measured
  // along the translation (start + T may round).
  if (same_point(c.start, c.end))
    return ball(sphere_cast_plane(c.start, c.start + T, c.radius, p, hit), T,
                hit);
  ContactHit k;
  if (contact_capsule_plane(c, p, &k))
    return fill_started(hit, c, k.normal, k.point_b), true;
  if (zero(T)) return false;
  First best;
  const auto cast = [&](Vec3 s, Vec3 e, ShapeCastHit* h) {
    return sphere_cast_plane(s, e, c.radius, p, h);
  };
  end_ball(best, c.start, T, cast);
  end_ball(best, c.end, T, cast);
  if (!(best.t <= 1.0)) return false;
  fill(hit, c, T, best);
  return true;
}

// ---- Magnitudes: inputs beyond 2^500 are cast in units scaled by 2^-530
// (exact, but for bits below 2^-1074 of the new units, negligible beside the
// largest input), so that an end moved by the translation (start + T) and
// the edge features' cross and dot products never overflow; inputs all below
// 2^-500 in units scaled by 2^600 (exact), so that those products do not lose
// their bits to underflow (as contact.cpp scales). Lengths and points are
// scaled back, the fraction is unchanged.

constexpr double kBig = 0x1p500, kSmall = 0x1p-500;

inline double big(Vec3 v) { return max_abs_component(v); }
inline double magnitude(const Sphere& s) {
  return max2(big(s.center), s.radius);
}
inline double magnitude(const Capsule& c) {
  return max2(max2(big(c.start), big(c.end)), c.radius);
}
inline double magnitude(const AABB& b) { return max2(big(b.min), big(b.max)); }
inline double magnitude(const OBB& b) {
  return max2(big(b.center), big(b.half_size));
}
inline double magnitude(const Triangle& t) {
  return max2(max2(big(t.a), big(t.b)), big(t.c));
}
inline double magnitude(const Plane& p) { return std::fabs(p.constant); }
inline Sphere scaled(const Sphere& s, double k) {
  return {s.center * k, s.radius * k};
}
inline Capsule scaled(const Capsule& c, double k) {
  return {c.start * k, c.end * k, c.radius * k};
}
inline AABB scaled(const AABB& b, double k) { return {b.min * k, b.max * k}; }
inline OBB scaled(const OBB& b, double k) {
  return {b.center * k, b.half_size * k, {b.axis[0], b.axis[1], b.axis[2]}};
}
inline Triangle scaled(const Triangle& t, double k) {
  return {t.a * k, t.b * k, t.c * k};
}
// The plane n . p + constant = 0 scaled: n . p + constant * k = 0.
inline Plane scaled(const Plane& p, double k) {
  return {p.normal, p.constant * k};
}

template <class S, class Impl>
bool cast_scaled(const Capsule& c, Vec3 T, const S& shape, ShapeCastHit* hit,
                 Impl impl) {
  const double m = max2(max2(magnitude(c), big(T)), magnitude(shape));
  // A plane's constant alone does not tell its scale: planes are scaled for
  // large inputs only (signed_distance_point_plane measures small ones).
  const bool plane = std::is_same<S, Plane>::value;
  const double k = m > kBig ? 0x1p-530 : (m < kSmall && !plane ? 0x1p600 : 1.0);
  if (k == 1.0) return impl(c, T, shape, hit);
  ShapeCastHit h;
  if (!impl(scaled(c, k), T * k, scaled(shape, k), &h)) return false;
  // Distance and center from the unscaled translation (its small components
  // may have lost bits in the scaled units), the point scaled back.
  const double back = 1.0 / k;  // a power of two: exact
  h.distance = length(T * h.fraction);
  h.center = moved_center(c, T, h.fraction);
  h.point = h.point * back;
  *hit = h;
  return true;
}

}  // namespace

bool capsule_cast_sphere(const Capsule& c, Vec3 T, const Sphere& s,
                         ShapeCastHit* hit) {
  return cast_scaled(c, T, s, hit, cast_sphere);
}
bool capsule_cast_capsule(const Capsule& c, Vec3 T, const Capsule& b,
                          ShapeCastHit* hit) {
  return cast_scaled(c, T, b, hit, cast_capsule);
}
bool capsule_cast_aabb(const Capsule& c, Vec3 T, const AABB& box,
                       ShapeCastHit* hit) {
  return cast_scaled(c, T, box, hit, cast_aabb);
}
bool capsule_cast_obb(const Capsule& c, Vec3 T, const OBB& box,
                      ShapeCastHit* hit) {
  return cast_scaled(c, T, box, hit, cast_obb);
}
bool capsule_cast_triangle(const Capsule& c, Vec3 T, const Triangle& t,
                           ShapeCastHit* hit) {
  return cast_scaled(c, T, t, hit, cast_triangle);
}
bool capsule_cast_plane(const Capsule& c, Vec3 T, const Plane& p,
                        ShapeCastHit* hit) {
  return cast_scaled(c, T, p, hit, cast_plane);
}

}  // namespace np
