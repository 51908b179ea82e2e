// Contacts of boxes against boxes, triangles and planes (contact.h).
//
// Whether there is a contact at all is the overlap test's exact decision
// (overlap_boxes.cpp, overlap_triangles.cpp, overlap_spheres_planes.cpp), so
// contact_<box>_<b> is false exactly when overlap_<box>_<b> is. The contact is
// then measured in doubles by the separating-axis theorem over the Minkowski
// difference (Ericson, Real-Time Collision Detection, 4.4.1 for two boxes,
// 5.2.9 for a box and a triangle, 5.2.3 for a box and a plane; Gottschalk,
// Lin, Manocha 1996, "OBBTree"): the face normals of that difference are the
// candidate axes, each box's 3 face normals, a triangle's normal and the cross
// products of the two shapes' edge directions; the translation out of b along
// an axis m is how far b's interval on m reaches past a's, and the least of
// them is the minimum translation. parry's contact_cuboid_cuboid
// (cuboid_cuboid_find_local_separating_normal_oneway, then
// cuboid_cuboid_compute_separation_wrt_local_line for the 9 edge axes) and
// Box2D v3's b2CollidePolygons pick the axis the same way, trying each axis on
// the side the other shape's center lies on only; here both sides are tried,
// which finds the minimum also for a thin triangle or a center inside the
// other box. Jolt's CollideConvexVsConvex reaches the same minimum with GJK and
// EPA. Edge-edge bias: face axes are tried first and an edge axis replaces
// them only when strictly shallower, and edge pairs within
// kContactParallelAxis (2^-52) of parallel are skipped (the face axes that
// bound them are at most ~2^-52 of the size deeper), as Box2D and parry skip
// degenerate edge axes; closer to parallel than that, the cross products are
// taken in double-double (detail/contact_util.h, cross_axis).
//
// The contact points follow the reference-face clipping of Box2D's
// b2ClipPolygons and parry's manifold code, reduced to one point: a moved by
// normal * depth touches b, and the touching set is the common part of a's
// support feature against the normal (a corner, an edge or a face) and b's
// along it; pointB is a point of it (a corner, the crossing of two edges, or
// the centroid of the clipped region's vertices), pointA = pointB - normal *
// depth.
#include <cfloat>
#include <cmath>

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/detail/contact_util.h"
#include "narrowphase/detail/exact.h"
#include "narrowphase/overlap.h"
#include "narrowphase/tolerances.h"

namespace np {

using detail::as_dv;
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

// ---- Features: the points of a shape farthest along a direction, a corner,
// an edge (2 vertices) or a face (3 or 4, in order around it).

struct Feature {
  Vec3 v[4];
  int count = 0;
};

inline Vec3 centroid(const Vec3* v, int count) {
  Vec3 s = kZero;
  for (int i = 0; i < count; ++i) s = s + v[i];
  return s * (1.0 / count);
}

inline Feature shifted(Feature f, Vec3 by) {
  for (int i = 0; i < f.count; ++i) f.v[i] = f.v[i] + by;
  return f;
}

// A box in the measuring frame: center, axes (the columns as given), half
// sizes.
struct Box {
  Vec3 c;
  Vec3 u[3];
  double h[3];
};

// The box's half extent along m: sum h_i |u_i . m| (Ericson 4.4.1).
inline double reach(const Box& b, Vec3 m) {
  return b.h[0] * std::fabs(dot(b.u[0], m)) +
         b.h[1] * std::fabs(dot(b.u[1], m)) +
         b.h[2] * std::fabs(dot(b.u[2], m));
}

// The box's support feature along the unit d: the corner on d's side of each
// axis, spanning the axes within kContactFlatFeature of perpendicular to d
// (an edge or a face).
Feature box_feature(const Box& b, Vec3 d) {
  Vec3 base = b.c;
  int span[3], spans = 0;
  for (int i = 0; i < 3; ++i) {
    const double s = dot(b.u[i], d);
    if (std::fabs(s) <= kContactFlatFeature)
      span[spans++] = i;
    else
      base = base + b.u[i] * (s > 0.0 ? b.h[i] : -b.h[i]);
  }
  Feature f;
  if (spans == 0) {
    f.v[0] = base, f.count = 1;
  } else if (spans == 1) {
    const Vec3 e = b.u[span[0]] * b.h[span[0]];
    f.v[0] = base - e, f.v[1] = base + e, f.count = 2;
  } else {  // two axes (three cannot be perpendicular to a unit d)
    const Vec3 e = b.u[span[0]] * b.h[span[0]], g = b.u[span[1]] * b.h[span[1]];
    f.v[0] = base - e - g, f.v[1] = base + e - g, f.v[2] = base + e + g;
    f.v[3] = base - e + g, f.count = 4;
  }
  return f;
}

// The support feature along the unit d of the points v[0..n) (a triangle's
// corners in order, or a segment's ends): those within kContactFlatFeature of
// the farthest, measured as an angle from it.
Feature points_feature(const Vec3* v, int n, Vec3 d) {
  int top = 0;
  for (int i = 1; i < n; ++i)
    if (dot(v[i], d) > dot(v[top], d)) top = i;
  const double best = dot(v[top], d);
  Feature f;
  for (int i = 0; i < n; ++i) {
    if (i == top ||
        best - dot(v[i], d) <= kContactFlatFeature * length(v[i] - v[top]))
      f.v[f.count++] = v[i];
  }
  return f;
}

// Twice the area of a polygon's projection across the unit n, signed by its
// winding about n (Newell's normal . n).
inline double winding(const Feature& f, Vec3 n) {
  Vec3 s = kZero;
  for (int i = 0; i < f.count; ++i)
    s = s + cross(f.v[i] - f.v[0], f.v[(i + 1) % f.count] - f.v[0]);
  return dot(s, n);
}

// The largest 1-norm extent of a feature from its first vertex.
inline double extent(const Feature& f) {
  double e = 0.0;
  for (int i = 1; i < f.count; ++i) e = max2(e, sum_abs(f.v[i] - f.v[0]));
  return e;
}

// Whether the feature is a polygon whose projection across n is a proper one:
// an area above kContactNoise of its extent squared (a box's flat face, a
// sliver, or a face seen edge-on clips nothing reliably).
inline bool proper_polygon(const Feature& f, Vec3 n) {
  const double e = extent(f);
  return f.count >= 3 && std::fabs(winding(f, n)) > kContactNoise * e * e;
}

// The clip of the subject feature by the proper polygon `clip`, both lying
// across the normal n: the subject's part inside the prism over the polygon
// (Sutherland-Hodgman, as Box2D's b2ClipPolygons and parry's
// clip_polygon_with_polygon), each edge's inside taken from the polygon's
// winding about n. Returns the number of vertices written to out (at most 8).
int clip_by_polygon(const Feature& subject, const Feature& clip, Vec3 n,
                    Vec3* out) {
  Vec3 poly[8], next[8];
  int count = subject.count;
  for (int i = 0; i < count; ++i) poly[i] = subject.v[i];
  const double turn = winding(clip, n) > 0.0 ? 1.0 : -1.0;
  for (int e = 0; e < clip.count && count > 0; ++e) {
    const Vec3 p0 = clip.v[e], p1 = clip.v[(e + 1) % clip.count];
    // The edge's side plane: inside where m . (x - p0) <= 0.
    const Vec3 m = cross(p1 - p0, n) * turn;
    int k = 0;
    // A segment (2 vertices) is clipped once, not as a closed 2-gon.
    const int edges = count == 2 ? 1 : count;
    for (int i = 0; i < edges; ++i) {
      const Vec3 a = poly[i], b = poly[(i + 1) % count];
      const double da = dot(m, a - p0), db = dot(m, b - p0);
      if (da <= 0.0) next[k++] = a;
      if ((da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0))
        next[k++] = a + (b - a) * (da / (da - db));
      if (count == 2 && db <= 0.0) next[k++] = b;
    }
    count = k > 8 ? 8 : k;
    for (int i = 0; i < count; ++i) poly[i] = next[i];
  }
  for (int i = 0; i < count; ++i) out[i] = poly[i];
  return count;
}

// A point of the touching set of a's feature fa (already moved by normal *
// depth) and b's fb, across the normal n: a single corner of either, else
// the centroid of one clipped by the other's face (a proper polygon; of two,
// the smaller clipped by the larger, so that the intersections round
// relative to the smaller), else (two edges, degenerate faces, or rounding
// that left nothing) the point of fb's edges nearest fa's (Ericson 5.1.9: two
// crossing edges' crossing). A first guess, that fill_from settles on both
// shapes.
Vec3 touching_guess(const Feature& fa, const Feature& fb, Vec3 n) {
  if (fa.count == 1) return fa.v[0];
  if (fb.count == 1) return fb.v[0];
  const bool pa = proper_polygon(fa, n), pb = proper_polygon(fb, n);
  if (pa || pb) {
    Vec3 out[8];
    const bool b_clips = pb && (!pa || extent(fa) <= extent(fb));
    const int k = b_clips ? clip_by_polygon(fa, fb, n, out)
                          : clip_by_polygon(fb, fa, n, out);
    if (k > 0) return centroid(out, k);
  }
  const int ea = fa.count == 2 ? 1 : fa.count,
            eb = fb.count == 2 ? 1 : fb.count;
  Vec3 best = fb.v[0];
  double d2 = HUGE_VAL;
  for (int i = 0; i < ea; ++i) {
    for (int j = 0; j < eb; ++j) {
      const SegmentClosestPoints cp = closest_points_segment_segment(
          Segment{fa.v[i], fa.v[(i + 1) % fa.count]},
          Segment{fb.v[j], fb.v[(j + 1) % fb.count]});
      const double e = length_squared(cp.point_a - cp.point_b);
      if (e < d2) d2 = e, best = cp.point_b;
    }
  }
  return best;
}

// ---- The least translation over the axes tried so far.
// ---- The least translation over the axes tried so far.

struct Deepest {
  Vec3 n{0.0, 1.0, 0.0};
  double pen = HUGE_VAL;
};

// a's interval on the unit m against b's [lo, hi]: moving a along -m by
// (a's top - lo) or along +m by (hi - a's bottom) separates them; -m first,
// and a tie keeps the axis tried first.
inline void try_both(Deepest& best, const Box& a, Vec3 m, double lo,
                     double hi) {
  const double c = dot(a.c, m), r = reach(a, m);
  const double down = (c + r) - lo, up = hi - (c - r);
  if (down < best.pen) best = {negated(m), down};
  if (up < best.pen) best = {m, up};
}

// The contact along best: a's feature against the normal, moved out by the
// depth, against b's feature along it; points taken back by `origin`. The
// guess is then settled on both shapes by alternating projections (von
// Neumann; each step is the shapes' own closest point, so the distance from
// pointB to a moved out can only shrink): pointB = the point of b nearest the
// point of a moved out nearest b's point nearest the guess. Where the guess
// is already in both (every exact configuration) it stays as it is; where a
// feature was taken for a corner or a degenerate face clipped nothing (a
// rotation off orthonormal by up to 1e-6, a flat box, a sliver), it is
// brought to where they touch.
template <class OnA, class OnB>
void fill_from(ContactHit* hit, const Deepest& best, const Feature& fa,
               const Feature& fb, Vec3 origin, const OnA& on_a,
               const OnB& on_b) {
  const Vec3 n = plus_zero(best.n);
  const Vec3 shift = n * best.pen;
  const Vec3 guess = touching_guess(shifted(fa, shift), fb, n);
  const Vec3 x = on_b(on_a(on_b(guess) - shift) + shift);
  hit->depth = best.pen > 0.0 ? best.pen : 0.0;
  hit->normal = n;
  hit->point_a = origin + (x - shift);
  hit->point_b = origin + x;
}

inline OBB as_obb(const Box& b) {
  return {b.c, {b.h[0], b.h[1], b.h[2]}, {b.u[0], b.u[1], b.u[2]}};
}

// The box [min, max] or an OBB relative to `origin` (its center, rounded).
inline Box local_box(const OBB& b, Vec3 origin) {
  return {b.center - origin,
          {b.axis[0], b.axis[1], b.axis[2]},
          {b.half_size.x, b.half_size.y, b.half_size.z}};
}
inline Vec3 center_of(const AABB& b) { return b.min * 0.5 + b.max * 0.5; }
inline Box local_box(const AABB& b) {
  const Vec3 h = b.max * 0.5 - b.min * 0.5;
  return {kZero, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {h.x, h.y, h.z}};
}

// ---- Measurements, in units where every input is below 2^500 and the
// largest above 2^-500 (contact_util.h).

// Two AABBs: the 3 axes, moving a along -x, +x, -y, +y, -z, +z (the first
// least wins); the overlap of the two boxes' faces on the other two axes,
// its midpoint. Differences of bounds only: exact for touching boxes.
void measure_aabb_aabb(const AABB& a, const AABB& b, ContactHit* hit) {
  int axis = 0;
  double side = -1.0, best = a.max.x - b.min.x;
  for (int i = 0; i < 3; ++i) {
    const double down = get(a.max, i) - get(b.min, i),
                 up = get(b.max, i) - get(a.min, i);
    if (down < best) axis = i, side = -1.0, best = down;
    if (up < best) axis = i, side = 1.0, best = up;
  }
  Vec3 pb = kZero, pa, n = kZero;
  for (int i = 0; i < 3; ++i) {
    const double lo = max2(get(a.min, i), get(b.min, i)),
                 hi = min2(get(a.max, i), get(b.max, i));
    set(pb, i, lo * 0.5 + hi * 0.5);
  }
  pa = pb;
  set(n, axis, side);
  set(pb, axis, get(side < 0.0 ? b.min : b.max, axis));
  set(pa, axis, get(side < 0.0 ? a.max : a.min, axis));
  hit->depth = best > 0.0 ? best : 0.0;
  hit->normal = n;
  hit->point_a = pa;
  hit->point_b = pb;
}

// Two boxes (a the AABB or OBB, b an OBB), in a frame centered on a: the 15
// axes, a's faces, b's faces, then a_i x b_j.
void measure_box_box(const Box& a, const Box& b, Vec3 origin, ContactHit* hit) {
  Vec3 ua[3], ub[3];
  for (int i = 0; i < 3; ++i) {
    ua[i] = unit_or(a.u[i], kZero);
    ub[i] = unit_or(b.u[i], kZero);
  }
  Deepest best;
  const auto try_axis = [&](Vec3 m) {
    if (is_zero(m)) return;
    const double c = dot(b.c, m), r = reach(b, m);
    try_both(best, a, m, c - r, c + r);
  };
  for (const Vec3& m : ua) try_axis(m);
  for (const Vec3& m : ub) try_axis(m);
  for (const Vec3& u : ua)
    for (const Vec3& v : ub) try_axis(cross_axis(u, v));
  const OBB oa = as_obb(a), ob = as_obb(b);
  fill_from(
      hit, best, box_feature(a, negated(best.n)), box_feature(b, best.n),
      origin, [&](Vec3 p) { return closest_point_on_obb(p, oa); },
      [&](Vec3 p) { return closest_point_on_obb(p, ob); });
}

// A box and a thin triangle, in a frame centered on the box (t relative to
// it); `side`: the exact side of the box's center against the triangle's
// plane (orient3d, 0 in it). The 13 axes: the face normal on the center's side
// (+face in the plane), the box's faces, then u_i x the edges. A degenerate
// triangle (or a sliver whose normal is rounding, as for the sphere's
// contact) is the segment it spans: the box's faces and u_i x that segment.
void measure_box_triangle(const Box& a, const Triangle& t, int side,
                          Vec3 origin, ContactHit* hit) {
  const Vec3 ab = t.b - t.a, bc = t.c - t.b, ca = t.a - t.c;
  const Vec3 ua = unit_units(ab), uc = unit_units(t.c - t.a),
             cr = cross(ua, uc);
  const Vec3 face = sum_abs(cr) > kContactNoise * sum_abs(ua) * sum_abs(uc)
                        ? unit_or(cr, kZero)
                        : kZero;
  Vec3 v[3] = {t.a, t.b, t.c};
  int n = 3;
  if (is_zero(face)) {
    // The longest edge: the segment a degenerate triangle spans.
    const double lab = length_squared(ab), lbc = length_squared(bc),
                 lca = length_squared(ca);
    if (lbc > lab && lbc >= lca)
      v[0] = t.b, v[1] = t.c;
    else if (lca > lab)
      v[0] = t.c, v[1] = t.a;
    n = length_squared(v[1] - v[0]) > 0.0 ? 2 : 1;
  }
  const auto interval = [&](Vec3 m, double* lo, double* hi) {
    *lo = *hi = dot(v[0], m);
    for (int i = 1; i < n; ++i) {
      const double s = dot(v[i], m);
      *lo = min2(*lo, s), *hi = max2(*hi, s);
    }
  };
  Deepest best;
  if (!is_zero(face)) {
    // Only the center's side: the other is never shallower (the box is
    // symmetric about its center), and the normal faces the box's side.
    const Vec3 m = side < 0 ? negated(face) : face;
    double lo, hi;
    interval(m, &lo, &hi);
    best = {m, hi - (dot(a.c, m) - reach(a, m))};
  }
  const auto try_axis = [&](Vec3 m) {
    if (is_zero(m)) return;
    double lo, hi;
    interval(m, &lo, &hi);
    try_both(best, a, m, lo, hi);
  };
  Vec3 axes[3];
  for (int i = 0; i < 3; ++i) axes[i] = unit_or(a.u[i], kZero);
  for (const Vec3& m : axes) try_axis(m);
  // u_i x each edge, the edges from exact differences (cross_axis).
  const DV edges[3] = {dv_diff(t.b, t.a), dv_diff(t.c, t.b), dv_diff(t.a, t.c)};
  for (const Vec3& u : axes)
    for (const DV& e : edges) try_axis(cross_axis(as_dv(u), e));
  const OBB oa = as_obb(a);
  fill_from(
      hit, best, box_feature(a, negated(best.n)), points_feature(v, n, best.n),
      origin, [&](Vec3 p) { return closest_point_on_obb(p, oa); },
      [&](Vec3 p) {
        // A degenerate triangle is the segment it spans (its nearest point
        // there: closest_point_on_triangle rounds on a sliver).
        if (n < 3) return closest_point_on_segment(p, Segment{v[0], v[n - 1]});
        return closest_point_on_triangle(p, t);
      });
}

// The box's deepest point against the unit n: the corner on -n's side of
// each axis, the middle of the box along an axis exactly perpendicular to n
// (the center of the deepest face or edge).
inline Vec3 deepest_point(const Box& b, Vec3 n) {
  Vec3 p = b.c;
  for (int i = 0; i < 3; ++i) {
    const double s = dot(b.u[i], n);
    if (s != 0.0) p = p + b.u[i] * (s > 0.0 ? -b.h[i] : b.h[i]);
  }
  return p;
}

// A box against a thin plane: it leaves on the side its center is on (exact,
// the plane's own side for a center on it), depth = its half extent along
// the normal less the center's distance (Ericson 5.2.3); pointA = its deepest
// point, pointB that point projected onto the plane. An AABB's deepest corner
// and its distance are taken directly (exact for a touching box).
void measure_box_plane(const Box& box, Vec3 origin, const Plane& plane,
                       ContactHit* hit) {
  const Vec3 u = unit_or(plane.normal, Vec3{0.0, 1.0, 0.0});  // non-zero
  const double s = signed_distance_point_plane(origin + box.c, plane);
  const Vec3 n = plus_zero(s >= 0.0 ? u : negated(u));
  const Vec3 p = origin + deepest_point(box, n);
  const double depth = reach(box, u) - std::fabs(s);
  hit->depth = depth > 0.0 ? depth : 0.0;
  hit->normal = n;
  hit->point_a = p;
  hit->point_b = closest_point_on_plane(p, plane);
}

void measure_aabb_plane(const AABB& box, const Plane& plane, ContactHit* hit) {
  const Vec3 u = unit_or(plane.normal, Vec3{0.0, 1.0, 0.0});  // non-zero
  // The corners lowest and highest along the normal (the middle of an axis the
  // normal is perpendicular to), and their signed distances (exact in sign).
  Vec3 lo, hi;
  for (int i = 0; i < 3; ++i) {
    const double m = get(plane.normal, i);
    const double mid = get(box.min, i) * 0.5 + get(box.max, i) * 0.5;
    set(lo, i, m > 0.0 ? get(box.min, i) : m < 0.0 ? get(box.max, i) : mid);
    set(hi, i, m > 0.0 ? get(box.max, i) : m < 0.0 ? get(box.min, i) : mid);
  }
  const double s_lo = signed_distance_point_plane(lo, plane),
               s_hi = signed_distance_point_plane(hi, plane);
  const bool up = -s_lo <= s_hi;  // ties (centered on it): the normal's side
  const Vec3 p = up ? lo : hi;
  const double depth = up ? -s_lo : s_hi;
  hit->depth = depth > 0.0 ? depth : 0.0;
  hit->normal = plus_zero(up ? u : negated(u));
  hit->point_a = p;
  hit->point_b = closest_point_on_plane(p, plane);
}

// The exact side of p against the triangle's plane, 0 in it (orient3d).
inline int side_of(const Triangle& t, Vec3 p) {
  return detail::det3_sign(t.b, t.a, t.c, t.a, p, t.a);
}

inline Triangle relative(const Triangle& t, Vec3 o) {
  return {t.a - o, t.b - o, t.c - o};
}

// A rotated OBB's columns made orthonormal, as the overlap tests take them
// (detail/rotation.h: kOrthonormalizeAbove): the separating axes are then its
// faces' exact normals, and its support features exact faces and edges. The
// box moves by at most the 1e-6 the validation accepts times its size.
inline OBB orthonormal(OBB b) {
  if (detail::orthonormal_error(b.axis) > kOrthonormalizeAbove)
    detail::orthonormalize(b.axis);
  return b;
}

// The AABB of an identity-rotated OBB, in the (scaled) units it is measured in.
inline AABB bounds(const OBB& b) {
  return {b.center - b.half_size, b.center + b.half_size};
}

void measure_aabb_obb(const AABB& a, const OBB& b, ContactHit* hit) {
  if (is_identity(b.axis)) return measure_aabb_aabb(a, bounds(b), hit);
  const Vec3 o = center_of(a);
  measure_box_box(local_box(a), local_box(orthonormal(b), o), o, hit);
}

void measure_aabb_triangle(const AABB& a, const Triangle& t, ContactHit* hit) {
  const Vec3 o = center_of(a);
  measure_box_triangle(local_box(a), relative(t, o), side_of(t, o), o, hit);
}

}  // namespace

// ---- The queries -----------------------------------------------------------

bool contact_aabb_aabb(const AABB& a, const AABB& b, ContactHit* hit) {
  if (!overlap_aabb_aabb(a, b)) return false;
  const double k = scale_for(max2(magnitude(a), magnitude(b)));
  measure_aabb_aabb(scaled(a, k), scaled(b, k), hit);
  scale_back(hit, k);
  return true;
}

bool contact_aabb_obb(const AABB& a, const OBB& b, ContactHit* hit) {
  if (!overlap_aabb_obb(a, b)) return false;
  const double k = scale_for(max2(magnitude(a), magnitude(b)));
  measure_aabb_obb(scaled(a, k), scaled(b, k), hit);
  scale_back(hit, k);
  return true;
}

bool contact_aabb_triangle(const AABB& box, const Triangle& triangle,
                           ContactHit* hit) {
  if (!overlap_aabb_triangle(box, triangle)) return false;
  const double k = scale_for(max2(magnitude(box), magnitude(triangle)));
  measure_aabb_triangle(scaled(box, k), scaled(triangle, k), hit);
  scale_back(hit, k);
  return true;
}

bool contact_aabb_plane(const AABB& box, const Plane& plane, ContactHit* hit) {
  if (!overlap_aabb_plane(box, plane)) return false;
  // signed_distance_point_plane and closest_point_on_plane scale for
  // themselves; the box's corners are its own bounds.
  measure_aabb_plane(box, plane, hit);
  return true;
}

bool contact_obb_obb(const OBB& a, const OBB& b, ContactHit* hit) {
  if (!overlap_obb_obb(a, b)) return false;
  const double k = scale_for(max2(magnitude(a), magnitude(b)));
  const OBB sa = orthonormal(scaled(a, k)), sb = scaled(b, k);
  // The identity rotation is the AABB [center - halfSize, center + halfSize]
  // (rounded once, in the scaled units), measured as that box.
  if (is_identity(a.axis)) {
    measure_aabb_obb(bounds(sa), sb, hit);
  } else {
    measure_box_box(local_box(sa, sa.center),
                    local_box(orthonormal(sb), sa.center), sa.center, hit);
  }
  scale_back(hit, k);
  return true;
}

bool contact_obb_triangle(const OBB& box, const Triangle& triangle,
                          ContactHit* hit) {
  if (!overlap_obb_triangle(box, triangle)) return false;
  const double k = scale_for(max2(magnitude(box), magnitude(triangle)));
  const OBB b = orthonormal(scaled(box, k));
  const Triangle t = scaled(triangle, k);
  if (is_identity(b.axis)) {
    measure_aabb_triangle(bounds(b), t, hit);
  } else {
    measure_box_triangle(local_box(b, b.center), relative(t, b.center),
                         side_of(t, b.center), b.center, hit);
  }
  scale_back(hit, k);
  return true;
}

bool contact_obb_plane(const OBB& box, const Plane& plane, ContactHit* hit) {
  if (!overlap_obb_plane(box, plane)) return false;
  // signed_distance_point_plane and closest_point_on_plane scale for
  // themselves, and nothing here is squared: only a box beyond 2^500 is
  // measured in scaled units (so that center + halfSize cannot overflow), the
  // plane's constant scaled with it (never up: it cannot overflow).
  const double k =
      magnitude(box) > detail::kBigInput ? scale_for(magnitude(box)) : 1.0;
  const OBB b = orthonormal(scaled(box, k));
  const Plane pl{plane.normal, plane.constant * k};
  if (is_identity(b.axis)) {
    // As the AABB (bounds rounded once, as overlap_obb_plane takes them).
    measure_aabb_plane(bounds(b), pl, hit);
  } else {
    measure_box_plane(local_box(b, b.center), b.center, pl, hit);
  }
  scale_back(hit, k);
  return true;
}

}  // namespace np
