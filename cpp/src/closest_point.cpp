// Ericson, Real-Time Collision Detection, 5.1.3 (closest point on an AABB)
// and 5.1.3.1 (distance); 5.1.2 (segment), 5.1.9 (degenerate segments), 5.1.4
// (OBB), 5.1.5 (triangle) and 5.1.1 (plane). Near-boundary decisions (on a
// segment, collinear corners, the side of a plane) are filtered: the rounded
// value decides unless it is within kPointExactBand of 0, and the exact sign
// of a sum of products (detail::exact_sign) decides there.
#include "narrowphase/closest_point.h"

#include <cfloat>
#include <cmath>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/metric.h"
#include "narrowphase/detail/triangle_bound.h"
#include "narrowphase/tolerances.h"

namespace np {

using detail::beyond;
using detail::clamp;

Vec3 closest_point_on_aabb(Vec3 p, const AABB& box) {
  return {clamp(p.x, box.min.x, box.max.x), clamp(p.y, box.min.y, box.max.y),
          clamp(p.z, box.min.z, box.max.z)};
}

Vec3 overshoot_point_aabb(Vec3 p, const AABB& box) {
  return {beyond(p.x, box.min.x, box.max.x), beyond(p.y, box.min.y, box.max.y),
          beyond(p.z, box.min.z, box.max.z)};
}

double distance_squared_point_aabb(Vec3 p, const AABB& box) {
  return length_squared(overshoot_point_aabb(p, box));
}

double distance_point_aabb(Vec3 p, const AABB& box) {
  // sqrt is correctly rounded in IEEE 754 on every target, so native and WASM
  // agree bit for bit. length() rescales only when the squared distance would
  // overflow or underflow (far beyond ordinary world scales).
  return length(overshoot_point_aabb(p, box));
}

// ---------------------------------------------------------------------------
// Points against segments, spheres, capsules, OBBs, triangles and planes.
// ---------------------------------------------------------------------------

namespace {

using detail::biased_exponent;
using detail::exact_sign;
using detail::max_exponent;
using detail::Product;
using detail::unit_scale_for;
using detail::within;

inline bool is_zero(Vec3 v) { return v.x == 0.0 && v.y == 0.0 && v.z == 0.0; }

inline double sum_abs(Vec3 v) {
  return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z);
}

// Coordinates of magnitude 2^1020 or more (biased exponent >= 2043): their
// differences, and the sums of a few of them that the queries below form, may
// overflow. Queries with such an input solve in units 16 times larger (kDown:
// exact for every number above the subnormal range, and what it rounds is
// below 2^-1070, far under the rounding of coordinates beyond 2^1020), where
// every coordinate is below 2^1020 and every difference, dot product with a
// unit axis or sum of four such terms is below 2^1023; the answer is scaled
// back with kUp (exact: it lies within the hull of the scaled inputs).
constexpr double kDown = 0x1p-4, kUp = 0x1p4;
inline bool huge(Vec3 v) { return biased_exponent(v) >= 2043; }
inline bool huge(double x) { return biased_exponent(x) >= 2043; }

// The answer q computed in scaled units brought back: p, or one of the inputs
// listed, bit for bit when q is that input scaled (a clamped end point, a
// corner, p itself), otherwise q * kUp.
Vec3 scaled_back(Vec3 q, const Vec3* originals, int n) {
  for (int i = 0; i < n; ++i) {
    if (same_point(q, originals[i] * kDown)) return originals[i];
  }
  return q * kUp;
}

// v times a power of two that brings its largest component into [1, 2) (two
// steps for a subnormal v; exact), or 0 for v = 0.
inline Vec3 to_unit_scale(Vec3 v) {
  const int e = biased_exponent(v);
  const Vec3 s = v * unit_scale_for(e);
  return e == 0 ? s * unit_scale_for(biased_exponent(s)) : s;
}

// The exponent (log2) of a power of two that unit_scale_for returned: always a
// normal double.
inline int log2_of(double power_of_two) {
  return biased_exponent(power_of_two) - 1023;
}

// Whether the cross product (p - a) x (b - a) is exactly zero on the reals:
// p on the line through a and b (or a == b). Each component is a 2x2
// determinant of differences; expanded, its two a_j * a_k products cancel and
// six products of the inputs remain, whose sign exact_sign decides at any
// magnitude (the differences themselves would round).
NP_RARE bool collinear_exactly(Vec3 p, Vec3 a, Vec3 b) {
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    const double pj = get(p, j), pk = get(p, k), aj = get(a, j), ak = get(a, k),
                 bj = get(b, j), bk = get(b, k);
    const Product terms[6] = {{pj, bk, false}, {pj, ak, true},
                              {aj, bk, true},  {pk, bj, true},
                              {pk, aj, false}, {ak, bj, false}};
    if (exact_sign(terms, 6) != 0) return false;
  }
  return true;
}

// Whether p lies exactly on the closed segment a-b: on its line, and within
// the box of its end points (exact comparisons), which on the line is the
// segment itself.
bool on_segment_exactly(Vec3 p, Vec3 a, Vec3 b) {
  for (int i = 0; i < 3; ++i) {
    const double v = get(p, i), lo = min2(get(a, i), get(b, i)),
                 hi = max2(get(a, i), get(b, i));
    if (v < lo || v > hi) return false;
  }
  return collinear_exactly(p, a, b);
}

// Ericson 5.1.2: t = (p - a) . (b - a) / |b - a|^2, clamped to [0, 1]. The
// two differences are scaled by powers of two of their own (exact), so that
// neither the dot product nor the square overflows or underflows at any
// magnitude (a 1e-300 segment 1e6 away has |b - a|^2 = 0 in doubles); the
// quotient is scaled back with ldexp (exact unless it falls below the normal
// range). For ordinary inputs every scaling is exact and the result is the
// unscaled formula bit for bit. The end points themselves are returned outside
// (0, 1): no rounding there. start == end is a point (Ericson 5.1.9).
Vec3 segment_point(Vec3 p, Vec3 a, Vec3 b) {
  const Vec3 ab = b - a, ap = p - a;
  if (is_zero(ab) || is_zero(ap)) return a;
  const double sb = unit_scale_for(biased_exponent(ab)),
               sp = unit_scale_for(biased_exponent(ap));
  const Vec3 ab_s = ab * sb;
  const double num = dot(ap * sp, ab_s);
  if (!(num > 0.0)) return a;
  // ab_s has its largest component in [2^-74, 2): the square is normal.
  // Both scales back: times 2^e, a product that is exact (so ldexp's result,
  // bit for bit, without its call) when it lands in the normal range.
  const double q = num / length_squared(ab_s);
  const int e = log2_of(sb) - log2_of(sp);
  double t = e >= -1022 && e <= 1023 ? q * detail::pow2(e) : 0.0;
  if (!(t >= DBL_MIN && t <= DBL_MAX)) t = std::ldexp(q, e);
  if (!(t < 1.0)) return b;
  return a + ab * t;
}

// The nearest point, and p itself when p lies exactly on the segment: the
// rounded point is within a few ulps of the coordinates of p when it is, so
// only then are the exact predicates asked.
Vec3 nearest_on_segment_unscaled(Vec3 p, Vec3 a, Vec3 b) {
  const Vec3 q = segment_point(p, a, b);
  const double gap = max_abs_component(p - q);
  if (gap == 0.0) return q;
  const double scale =
      max_abs_component(p) + max_abs_component(a) + max_abs_component(b);
  if (gap <= kPointExactBand * scale + 0x1p-1020 && on_segment_exactly(p, a, b))
    return p;
  return q;
}

// The same at any magnitude: beyond 2^1020, in units 16 times larger (b - a
// and p - a overflowed there).
Vec3 nearest_on_segment(Vec3 p, Vec3 a, Vec3 b) {
  if (!huge(p) && !huge(a) && !huge(b))
    return nearest_on_segment_unscaled(p, a, b);
  const Vec3 q = nearest_on_segment_unscaled(p * kDown, a * kDown, b * kDown);
  const Vec3 originals[3] = {p, a, b};
  return scaled_back(q, originals, 3);
}

// The lexicographically smaller of two points (x, then y, then z).
inline bool lex_less(Vec3 u, Vec3 v) {
  if (u.x != v.x) return u.x < v.x;
  if (u.y != v.y) return u.y < v.y;
  return u.z < v.z;
}

struct Nearest {
  Vec3 point;
  double distance;
};

// The nearest of the triangle's three edges: for faces too thin for their
// normal to be a double (Ericson 5.1.5's face region does not apply).
//
// The rounded distances decide, except against a corner: a corner V is never
// nearer than the nearest point of an edge from V when that point lies inside
// the edge (on the reals it is the edge's minimum, and the edge holds V), so
// such a point replaces V whatever their rounded distances say. They can tie
// to rounding while the points lie far apart: the distance grows only
// quadratically along the edge, so a point x along it from the minimum is
// nearer by ~x^2 / (2 d), below the rounding of the coordinates for x up to
// sqrt(2 d ulp) (623 ulps for a center 7e6 ulps beside a 2^37-ulp edge, its
// direction 8.6e-5 rad off the contact normal: the fuzz finding of
// 2026-11-27, ContactSphereTriangle.RegressionFuzzCornerTiedWithAnEdgePoint).
// Inside means not an end: an interior point whose parameter rounded up from
// a true 0 lies within rounding of V, so nothing moves by more than that.
Nearest nearest_edge(Vec3 p, const Triangle& t) {
  const Vec3 ends[3][2] = {{t.a, t.b}, {t.b, t.c}, {t.c, t.a}};
  Nearest q[3];
  int best = 0;
  for (int i = 0; i < 3; ++i) {
    const Vec3 e = nearest_on_segment(p, ends[i][0], ends[i][1]);
    q[i] = {e, distance_between(p, e)};
    if (i > 0 && q[i].distance < q[best].distance) best = i;
  }
  const Vec3 v = q[best].point;
  int inner = -1;
  for (int i = 0; i < 3; ++i) {
    const bool from_v = same_point(ends[i][0], v) || same_point(ends[i][1], v);
    const bool interior = !same_point(q[i].point, ends[i][0]) &&
                          !same_point(q[i].point, ends[i][1]);
    if (from_v && interior && (inner < 0 || q[i].distance < q[inner].distance))
      inner = i;
  }
  return inner < 0 ? q[best] : q[inner];
}

// Whether a face point q (the projection of p) lies in the box of the
// triangle's corners, to rounding (kPointExactBand of the magnitudes): a point
// of the face does, and one outside it is not in the face.
bool in_corners_box(Vec3 q, Vec3 p, const Triangle& t) {
  const double slack =
      kPointExactBand * (max_abs_component(p) + max_abs_component(t.a) +
                         max_abs_component(t.b) + max_abs_component(t.c)) +
      0x1p-1060;
  for (int i = 0; i < 3; ++i) {
    const double v = get(q, i),
                 lo = min2(min2(get(t.a, i), get(t.b, i)), get(t.c, i)),
                 hi = max2(max2(get(t.a, i), get(t.b, i)), get(t.c, i));
    if (v < lo - slack || v > hi + slack) return false;
  }
  return true;
}

// A sliver (its smallest angle's sine below kTriangleSliverSine), whose
// region tests would cancel: the projection q of p onto the plane (along the
// unit normal n, from the two shorter edges) when q lies in the triangle,
// decided by the signs of (e_i x (p - v_i)) . n over the three edges in order
// (each vector in units of its own, so nothing overflows or underflows), and
// otherwise the nearest of the edges (nearest_on_segment, robust). Where a
// sign is wrong by rounding, q lies within rounding of that edge, and the
// nearer of q and the edges' point is kept: the answer is never more than
// rounding from a point of the triangle (Ericson 5.1.5's face region is the
// same projection; Eberly's "Distance Between Point and Triangle in 3D"
// treats the edges as the boundary cases of the same minimization).
Nearest nearest_on_sliver(Vec3 p, const Triangle& t, Vec3 n) {
  const Nearest edge = nearest_edge(p, t);
  if (is_zero(n)) return edge;
  const Vec3 u = unit_or(n, Vec3{0.0, 0.0, 1.0});
  const double h = dot(u, p - t.a);
  const Vec3 q = h == 0.0 ? p : p - u * h;
  // The sides are taken for p itself ((e x (p - v)) . n is the same for q on
  // the exact normal, and p carries no rounding of the projection), strictly:
  // a side that rounds to 0 leaves it to the edges, whose nearest point is
  // then p's projection onto that edge.
  const Vec3 v[3] = {t.a, t.b, t.c};
  int pos = 0, neg = 0;
  for (int i = 0; i < 3; ++i) {
    const Vec3 e = to_unit_scale(v[(i + 1) % 3] - v[i]);
    const double side = dot(cross(e, to_unit_scale(p - v[i])), u);
    pos += side > 0.0;
    neg += side < 0.0;
  }
  if (pos != 3 && neg != 3) return edge;
  // The sides of a sliver's long edges are rounding noise for a p whose
  // projection lies on their line (beyond a corner, say): the face's point
  // also lies in the box of the corners, to rounding (as in the region path).
  if (!in_corners_box(q, p, t)) return edge;
  const double dq = std::fabs(h);
  return dq <= edge.distance ? Nearest{q, dq} : edge;
}

// Ericson 5.1.5 (ClosestPtPointTriangle), with these changes:
//  - degenerate triangles (collinear or coincident corners, decided exactly)
//    are the segment between their lexicographically extreme corners, which on
//    a line are the ends of the span: no division by zero, and the same
//    segment whatever the order of the corners;
//  - each edge, and the vectors to p together, are scaled by powers of two of
//    their own, so that the dot products and their products neither overflow
//    nor underflow (every test and ratio below is invariant under those
//    scalings); the normal is taken from the two shorter edges; an edge region
//    whose two dot products both rounded to 0 does not decide;
//  - inside the face, p is projected onto the plane along the unit normal
//    (unit_or, safe at any magnitude) rather than rebuilt from barycentric
//    coordinates, so a point on an axis-aligned triangle comes back bit for bit
//    and the distance is |(p - a) . n|, without cancellation.
//
// kRescale false is the fast path for coordinates of ordinary magnitude
// (triangle_ordinary: 0 or within [2^-60, 2^61)): every power-of-two scaling
// below left out. There each difference is 0 or within [2^-112, 2^62], each
// dot product of two 0 or within [2^-276, 2^126] (a multiple of 2^-276), each
// product of two of those within [2^-552, 2^252], and the same products in
// the scaled units (each group's largest near 1, its smallest at least
// 2^-403) at least 2^-808: nothing overflows or falls below the normal range
// on either path, so every scaled value is the unscaled one times a power of
// two, rounded the same way, and the answer is the same bit for bit (the
// degenerate test's 2^-1020 vanishes in the rounding of its threshold, at
// least 2^-270, either way).
template <bool kRescale>
Nearest nearest_on_triangle_unscaled(Vec3 p, const Triangle& t) {
  const Vec3 ab = t.b - t.a, ac = t.c - t.a, bc = t.c - t.b;
  // Each edge in units of its own (a 2^-1000 edge beside a 2^40 one would
  // underflow in the units of the longer).
  const Vec3 ab_s = kRescale ? to_unit_scale(ab) : ab,
             ac_s = kRescale ? to_unit_scale(ac) : ac,
             bc_s = kRescale ? to_unit_scale(bc) : bc;
  // The normal from the two shorter edges (ab x ac = ab x bc = ac x bc up to
  // sign and scale): the longest edge is the one nearly parallel to another
  // in a thin triangle, and its cross product would cancel.
  const double lab = length(ab), lac = length(ac), lbc = length(bc);
  Vec3 e1 = ab_s, e2 = ac_s;
  if (lab >= lac && lab >= lbc) {
    e1 = ac_s, e2 = bc_s;
  } else if (lac >= lbc) {
    e1 = ab_s, e2 = bc_s;
  }
  const Vec3 n = cross(e1, e2);
  const double cross_scale = max_abs_component(e1) * max_abs_component(e2);
  if (max_abs_component(n) <= kPointExactBand * cross_scale + 0x1p-1020 &&
      collinear_exactly(t.c, t.a, t.b)) {
    Vec3 lo = t.a, hi = t.a;
    const Vec3 others[2] = {t.b, t.c};
    for (const Vec3& v : others) {
      if (lex_less(v, lo)) lo = v;
      if (lex_less(hi, v)) hi = v;
    }
    const Vec3 q = nearest_on_segment(p, lo, hi);
    return {q, distance_between(p, q)};
  }

  // Slivers leave the region tests (nearest_on_sliver). The smallest angle's
  // sine is 2 area / (the two longest edges' product) = (shortest / longest)
  // times the sine between the two shorter edges (e1, e2).
  {
    const double lo = min2(min2(lab, lac), lbc), hi = max2(max2(lab, lac), lbc);
    const double sine = length(n) / (length(e1) * length(e2));
    if (!(lo / hi * sine >= kTriangleSliverSine))
      return nearest_on_sliver(p, t, n);
  }

  const Vec3 ap = p - t.a, bp = p - t.b, cp = p - t.c;
  const double sp =
      kRescale ? unit_scale_for(max_exponent(
                     max_exponent(biased_exponent(ap), biased_exponent(bp)),
                     biased_exponent(cp)))
               : 1.0;
  const Vec3 ap_s = ap * sp, bp_s = bp * sp, cp_s = cp * sp;

  // The dot products of Ericson's algorithm, in three groups by edge (ab: d1,
  // d3, d5; ac: d2, d4, d6; bc: e4, e5), each brought into units where its
  // largest is ~1 before they are multiplied: p 1 away from a triangle 2^-1000
  // across has d's ~2^-1000 whose products would underflow to 0 (and send p
  // into an edge region). Every test and ratio below compares or divides
  // numbers of one group, or products of one number of the ab group and one
  // of the ac group on both sides: invariant under those scalings. Ericson's
  // d4 - d3 and d5 - d6 are bc . bp and -bc . cp, taken directly.
  double d1 = dot(ab_s, ap_s), d3 = dot(ab_s, bp_s), d5 = dot(ab_s, cp_s);
  double d2 = dot(ac_s, ap_s), d4 = dot(ac_s, bp_s), d6 = dot(ac_s, cp_s);
  double e4 = dot(bc_s, bp_s), e5 = -dot(bc_s, cp_s);
  if (kRescale) {
    const double sb = unit_scale_for(biased_exponent(Vec3{d1, d3, d5}));
    d1 *= sb, d3 *= sb, d5 *= sb;
    const double sc = unit_scale_for(biased_exponent(Vec3{d2, d4, d6}));
    d2 *= sc, d4 *= sc, d6 *= sc;
    const double sbc = unit_scale_for(biased_exponent(Vec3{e4, e5, 0.0}));
    e4 *= sbc, e5 *= sbc;
  }
  // Vertex region A.
  if (d1 <= 0.0 && d2 <= 0.0) return {t.a, length(ap)};
  // Vertex region B (Ericson's d4 <= d3).
  if (d3 >= 0.0 && e4 <= 0.0) return {t.b, length(bp)};
  // Edge region AB. d1 >= 0 >= d3 there, and d1 - d3 = |ab|^2 > 0 on the
  // reals: the quotient is in [0, 1]. Both are 0 only when rounding hides the
  // edge (p so far away that ab's components vanish beside it): the edge does
  // not decide then, and the regions below do (p on edge BC beside an edge
  // AB of 2^-1074 came back as A).
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 - d3 > 0.0) {
    const Vec3 q = t.a + ab * (d1 / (d1 - d3));
    return {q, length(p - q)};
  }
  // Vertex region C (Ericson's d5 <= d6).
  if (d6 >= 0.0 && e5 <= 0.0) return {t.c, length(cp)};
  // Edge region AC (as AB).
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 && d2 - d6 > 0.0) {
    const Vec3 q = t.a + ac * (d2 / (d2 - d6));
    return {q, length(p - q)};
  }
  // Edge region BC (as AB).
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && e4 >= 0.0 && e5 >= 0.0 && e4 + e5 > 0.0) {
    const Vec3 q = t.b + bc * (e4 / (e4 + e5));
    return {q, length(p - q)};
  }
  // Face region. A normal that is zero in doubles (corners collinear only up
  // to ~2^-1000 of the triangle's size) has no direction: an edge is then as
  // near as the face.
  if (is_zero(n)) return nearest_edge(p, t);
  const Vec3 u = unit_or(n, Vec3{0.0, 0.0, 1.0});
  const double h = dot(u, ap);
  const Vec3 q = h == 0.0 ? p : p - u * h;
  // The point of the face lies in the box of the corners. The region tests
  // see each edge only to its own precision (an edge along z of 1e265 has
  // no x component at 4e-87 in its units), so a p 1e308 off a sliver can pass
  // them: a projection outside the box (beyond rounding) is not in the face,
  // and an edge is nearest.
  if (!in_corners_box(q, p, t)) return nearest_edge(p, t);
  return {q, std::fabs(h)};
}

// The same at any magnitude (the edges overflowed beyond 2^1020). The point
// scaled back is kept in the box of the corners, where the exact nearest point
// lies: clamping a coordinate onto an interval that holds the exact one never
// moves it farther from it, and a point computed in units 16 times larger that
// rounded beyond DBL_MAX / 16 no longer comes back as +-inf (fuzz, valid
// np_distancePointTriangle, 2026-11-27: p at (4.5e307,
// DBL_MAX, 4.5e307) 4.7e291 from a triangle reaching y = DBL_MAX got a nearest
// point with y = +inf, and the distance +inf).
Vec3 nearest_on_triangle(Vec3 p, const Triangle& t) {
  if (detail::triangle_ordinary(p, t))
    return nearest_on_triangle_unscaled<false>(p, t).point;
  if (!huge(p) && !huge(t.a) && !huge(t.b) && !huge(t.c))
    return nearest_on_triangle_unscaled<true>(p, t).point;
  const Triangle ts{t.a * kDown, t.b * kDown, t.c * kDown};
  const Vec3 q = nearest_on_triangle_unscaled<true>(p * kDown, ts).point;
  const Vec3 originals[4] = {p, t.a, t.b, t.c};
  const Vec3 r = scaled_back(q, originals, 4);
  const AABB box = triangle_box(t);
  return {clamp(r.x, box.min.x, box.max.x), clamp(r.y, box.min.y, box.max.y),
          clamp(r.z, box.min.z, box.max.z)};
}

// The plane equation in units where the normal's largest component is in
// [1, 2): n = normal * s and value = dot(n, p) + constant * s, both scaled by
// the same power of two s (two steps for a subnormal normal, as in unit_or;
// exact unless a component falls below the normal range, 2^-1022 of the
// largest: negligible), so that the formulas below neither overflow nor
// underflow for normals of any length. Where constant * s or dot(n, p) could
// overflow (a plane or a point beyond ~2^1018 in those units), the value is
// kept 16 times smaller (`unscale` = 16) and scaled back last, so that only
// results beyond DBL_MAX overflow. The value's sign is the exact one: within
// the filter band of 0, exact_sign decides on the unscaled inputs, and the
// value is then 0 exactly when p is on the plane.
struct PlaneEquation {
  Vec3 n;
  double value;    // times unscale: dot(n, p) + constant * s
  double unscale;  // 1, or 16 far out
};

PlaneEquation plane_equation(Vec3 p, const Plane& pl) {
  const int e = biased_exponent(pl.normal);
  const double s1 = unit_scale_for(e);
  // A subnormal normal is ~2^-74 .. 2^-22 after 2^1000, and one in the two
  // largest binades ~2^22 .. 2^24 after 2^-1000: a second step.
  const double s2 = e == 0 || e >= 2046
                        ? unit_scale_for(biased_exponent(pl.normal * s1))
                        : 1.0;
  const Vec3 n = pl.normal * s1 * s2;
  double k = pl.constant * s1 * s2;  // overflows only to be recomputed below
  double unscale = 1.0;
  Vec3 nv = n;  // the normal the value is computed with
  if (!(std::fabs(k) <= 0x1p1018) || biased_exponent(p) >= 1023 + 1018) {
    unscale = 16.0;
    nv = n * 0x1p-4;
    // s1 * 2^-4 is a normal power of two; s2 > 1 scales up only what was
    // subnormal, so k overflows here only where the result does.
    k = pl.constant * (s1 * 0x1p-4) * s2;
  }
  double value = dot(nv, p) + k;
  const double magnitude = std::fabs(nv.x * p.x) + std::fabs(nv.y * p.y) +
                           std::fabs(nv.z * p.z) + std::fabs(k);
  if (!(std::fabs(value) >
        kPointExactBand * magnitude + (sum_abs(p) + 1.0) * 0x1p-1020)) {
    const Product terms[4] = {{pl.normal.x, p.x, false},
                              {pl.normal.y, p.y, false},
                              {pl.normal.z, p.z, false},
                              {pl.constant, 1.0, false}};
    const int sign = exact_sign(terms, 4);
    if (sign == 0) {
      value = 0.0;
    } else if (!(sign > 0 ? value > 0.0 : value < 0.0)) {
      // Rounding flipped or lost the sign of a value this near 0 (its
      // magnitude is then far below the rounding of p): the smallest one
      // with the right sign.
      value = sign * 0x1p-1074;
    }
  }
  return {n, value, unscale};
}

}  // namespace

Vec3 closest_point_on_segment(Vec3 p, const Segment& s) {
  return nearest_on_segment(p, s.start, s.end);
}

double distance_point_segment(Vec3 p, const Segment& s) {
  return distance_between(p, nearest_on_segment(p, s.start, s.end));
}

namespace {

// The ball of radius r around c: p itself inside or on it (within() compares
// squares, rescaled at extreme magnitudes, so no square root rounds the
// decision), otherwise c + r (p - c) / |p - c| (p != c there), kept within the
// box of c and p where the exact point lies (rounding could overshoot p by an
// ulp). `c_is_segment`: r = 0 returns c itself (a capsule's axis point).
Vec3 ball_point_unscaled(Vec3 p, Vec3 c, double r) {
  const Vec3 d = p - c;
  if (within(d, r)) return p;
  if (r == 0.0) return c;
  const Vec3 q = c + unit_or(d, Vec3{0.0, 0.0, 0.0}) * r;
  return {clamp(q.x, min2(c.x, p.x), max2(c.x, p.x)),
          clamp(q.y, min2(c.y, p.y), max2(c.y, p.y)),
          clamp(q.z, min2(c.z, p.z), max2(c.z, p.z))};
}

// The same at any magnitude (p - c overflowed beyond 2^1020).
Vec3 ball_point(Vec3 p, Vec3 c, double r) {
  if (!huge(p) && !huge(c) && !huge(r)) return ball_point_unscaled(p, c, r);
  const Vec3 q = ball_point_unscaled(p * kDown, c * kDown, r * kDown);
  const Vec3 originals[2] = {p, c};
  return scaled_back(q, originals, 2);
}

}  // namespace

Vec3 closest_point_on_sphere(Vec3 p, const Sphere& s) {
  return ball_point(p, s.center, s.radius);
}

double distance_point_sphere(Vec3 p, const Sphere& s) {
  return distance_between(p, closest_point_on_sphere(p, s));
}

Vec3 closest_point_on_capsule(Vec3 p, const Capsule& c) {
  // The ball of radius c.radius around the nearest point of the axis (Ericson
  // 5.1.2 then the sphere above): exactly closest_point_on_sphere when start ==
  // end (the axis point is start), and the segment's point itself, bit for
  // bit, for radius 0.
  return ball_point(p, nearest_on_segment(p, c.start, c.end), c.radius);
}

double distance_point_capsule(Vec3 p, const Capsule& c) {
  return distance_between(p, closest_point_on_capsule(p, c));
}

namespace {

inline bool is_identity(const Vec3 axis[3]) {
  return axis[0].x == 1.0 && axis[0].y == 0.0 && axis[0].z == 0.0 &&
         axis[1].x == 0.0 && axis[1].y == 1.0 && axis[1].z == 0.0 &&
         axis[2].x == 0.0 && axis[2].y == 0.0 && axis[2].z == 1.0;
}

// An OBB with the identity rotation as the AABB it is. Its clamp compares p
// with the bounds directly; the general formula would round p - center and
// center + (p - center), moving p on the axes where it is inside.
inline AABB as_aabb(const OBB& b) {
  return {b.center - b.half_size, b.center + b.half_size};
}

// The projections of p - center on the box's axes.
inline Vec3 local_coordinates(Vec3 p, const OBB& b) {
  const Vec3 d = p - b.center;
  return {dot(d, b.axis[0]), dot(d, b.axis[1]), dot(d, b.axis[2])};
}

}  // namespace

namespace {

// Ericson 5.1.4: clamp each local coordinate to the half size. Inside (no
// coordinate clamped) p itself is returned, not the rebuilt point.
Vec3 obb_point_unscaled(Vec3 p, const OBB& b) {
  const Vec3 t = local_coordinates(p, b);
  Vec3 q = b.center;
  bool inside = true;
  for (int i = 0; i < 3; ++i) {
    const double h = get(b.half_size, i), ti = get(t, i);
    const double c = clamp(ti, -h, h);
    inside = inside && c == ti;
    q = q + b.axis[i] * c;
  }
  return inside ? p : q;
}

}  // namespace

namespace {

// The OBB in units 16 times larger (kDown): for inputs beyond 2^1020, where p
// - center, the projections and the rebuilt point overflowed.
inline OBB scaled_down(const OBB& b) {
  return {
      b.center * kDown, b.half_size * kDown, {b.axis[0], b.axis[1], b.axis[2]}};
}
inline bool huge(const OBB& b) { return huge(b.center) || huge(b.half_size); }

}  // namespace

Vec3 closest_point_on_obb(Vec3 p, const OBB& b) {
  // The AABB's clamp compares coordinates only: nothing overflows.
  if (is_identity(b.axis)) return closest_point_on_aabb(p, as_aabb(b));
  if (!huge(p) && !huge(b)) return obb_point_unscaled(p, b);
  const Vec3 q = obb_point_unscaled(p * kDown, scaled_down(b));
  const Vec3 originals[1] = {p};
  return scaled_back(q, originals, 1);  // +-inf where q lies beyond DBL_MAX
}

double distance_point_obb(Vec3 p, const OBB& b) {
  // |p - closest point|. For an identity rotation that is the overshoot of
  // distance_point_aabb, bit for bit, wherever that is finite.
  const Vec3 q = closest_point_on_obb(p, b);
  if (max_abs_component(q) <= DBL_MAX) return distance_between(p, q);
  // The nearest point of a box reaching beyond the doubles lies beyond them
  // itself: the same point in units 16 times larger, where it is finite.
  const OBB bs = scaled_down(b);
  const Vec3 ps = p * kDown;
  const Vec3 qs = is_identity(b.axis) ? closest_point_on_aabb(ps, as_aabb(bs))
                                      : obb_point_unscaled(ps, bs);
  return distance_between(ps, qs) * kUp;
}

Vec3 closest_point_on_triangle(Vec3 p, const Triangle& t) {
  return nearest_on_triangle(p, t);
}

double distance_point_triangle(Vec3 p, const Triangle& t) {
  return distance_between(p, closest_point_on_triangle(p, t));
}

namespace {

// Ericson 5.1.1: q = p - n (dot(n, p) + constant) / dot(n, n), with n scaled
// by a power of two: the direction stays exact (a unit normal would round it),
// dot(n, n) is in [1, 12), and the factor is the same as unscaled. Far out
// (unscale 16) p is moved in units 16 times larger, so that only a point
// beyond DBL_MAX overflows (the step alone may exceed it when p and q are on
// opposite sides of the origin).
Vec3 plane_point(Vec3 p, const PlaneEquation& e) {
  if (e.value == 0.0) return p;
  // A plane beyond the doubles (the value overflowed): +-inf components, not
  // inf * 0 = NaN.
  const double value = e.value > DBL_MAX    ? DBL_MAX
                       : e.value < -DBL_MAX ? -DBL_MAX
                                            : e.value;
  const Vec3 step = e.n * (value / length_squared(e.n));
  if (e.unscale == 1.0) return p - step;
  return (p * (1.0 / e.unscale) - step) * e.unscale;
}

}  // namespace

Vec3 closest_point_on_plane(Vec3 p, const Plane& pl) {
  return plane_point(p, plane_equation(p, pl));
}

double signed_distance_point_plane(Vec3 p, const Plane& pl) {
  // |p - closest point| (the distance query and the closest point cannot
  // disagree), with the sign of the plane equation, decided exactly: 0
  // exactly on the plane, and at least the smallest double off it (where the
  // closest point rounds back onto p).
  const PlaneEquation e = plane_equation(p, pl);
  if (e.value == 0.0) return 0.0;
  const Vec3 q = plane_point(p, e);
  // A closest point beyond DBL_MAX (a plane that leaves the doubles near p):
  // Ericson 5.1.1 divided by |n| (in [1, 2 sqrt 3) once scaled).
  if (!(max_abs_component(q) <= DBL_MAX))
    return e.value / length(e.n) * e.unscale;
  const double d = max2(distance_between(p, q), 0x1p-1074);
  return e.value > 0.0 ? d : -d;
}

double distance_point_plane(Vec3 p, const Plane& pl) {
  return std::fabs(signed_distance_point_plane(p, pl));
}

}  // namespace np
