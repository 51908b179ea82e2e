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
bool collinear_exactly(Vec3 p, Vec3 a, Vec3 b) {
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
  const double t = std::ldexp(num / length_squared(ab_s),
                              log2_of(sb) - log2_of(sp));  // both scales
  if (!(t < 1.0)) return b;
  return a + ab * t;
}

// The nearest point, and p itself when p lies exactly on the segment: the
// rounded point is within a few ulps of the coordinates of p when it is, so
// only then are the exact predicates asked.
Vec3 nearest_on_segment(Vec3 p, Vec3 a, Vec3 b) {
  const Vec3 q = segment_point(p, a, b);
  const double gap = max_abs_component(p - q);
  if (gap == 0.0) return q;
  const double scale =
      max_abs_component(p) + max_abs_component(a) + max_abs_component(b);
  if (gap <= kPointExactBand * scale + 0x1p-1020 && on_segment_exactly(p, a, b))
    return p;
  return q;
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
Nearest nearest_edge(Vec3 p, const Triangle& t) {
  const Vec3 ends[3][2] = {{t.a, t.b}, {t.b, t.c}, {t.c, t.a}};
  Nearest best{t.a, 0.0};
  for (int i = 0; i < 3; ++i) {
    const Vec3 q = nearest_on_segment(p, ends[i][0], ends[i][1]);
    const double d = length(p - q);
    if (i == 0 || d < best.distance) best = {q, d};
  }
  return best;
}

// Ericson 5.1.5 (ClosestPtPointTriangle), with three changes:
//  - degenerate triangles (collinear or coincident corners, decided exactly)
//    are the segment between their lexicographically extreme corners, which on
//    a line are the ends of the span: no division by zero, and the same
//    segment whatever the order of the corners;
//  - the edges and the vectors to p are scaled by powers of two of their own,
//    so that the dot products and their products neither overflow nor
//    underflow (every test and ratio below is invariant under those scalings);
//  - inside the face, p is projected onto the plane along the unit normal
//    (unit_or, safe at any magnitude) rather than rebuilt from barycentric
//    coordinates, so a point on an axis-aligned triangle comes back bit for bit
//    and the distance is |(p - a) . n|, without cancellation.
Nearest nearest_on_triangle(Vec3 p, const Triangle& t) {
  const Vec3 ab = t.b - t.a, ac = t.c - t.a;
  const double se =
      unit_scale_for(max_exponent(biased_exponent(ab), biased_exponent(ac)));
  const Vec3 ab_s = ab * se, ac_s = ac * se;
  const Vec3 n = cross(ab_s, ac_s);
  const double cross_scale = max_abs_component(ab_s) * max_abs_component(ac_s);
  if (max_abs_component(n) <= kPointExactBand * cross_scale + 0x1p-1020 &&
      collinear_exactly(t.c, t.a, t.b)) {
    Vec3 lo = t.a, hi = t.a;
    const Vec3 others[2] = {t.b, t.c};
    for (const Vec3& v : others) {
      if (lex_less(v, lo)) lo = v;
      if (lex_less(hi, v)) hi = v;
    }
    const Vec3 q = nearest_on_segment(p, lo, hi);
    return {q, length(p - q)};
  }

  const Vec3 ap = p - t.a, bp = p - t.b, cp = p - t.c;
  const double sp = unit_scale_for(
      max_exponent(max_exponent(biased_exponent(ap), biased_exponent(bp)),
                   biased_exponent(cp)));
  const Vec3 ap_s = ap * sp, bp_s = bp * sp, cp_s = cp * sp;

  // The six dot products of Ericson's algorithm, brought into units where the
  // largest is ~1 before they are multiplied: p 1 away from a triangle 2^-1000
  // across has d's ~2^-1000 whose products would underflow to 0 (and send p
  // into an edge region). Every test and ratio below is invariant under that
  // scaling.
  double d1 = dot(ab_s, ap_s), d2 = dot(ac_s, ap_s), d3 = dot(ab_s, bp_s),
         d4 = dot(ac_s, bp_s), d5 = dot(ab_s, cp_s), d6 = dot(ac_s, cp_s);
  {
    const int e = max_exponent(biased_exponent(Vec3{d1, d2, d3}),
                               biased_exponent(Vec3{d4, d5, d6}));
    const double sd = unit_scale_for(e);
    d1 *= sd, d2 *= sd, d3 *= sd, d4 *= sd, d5 *= sd, d6 *= sd;
  }
  // Vertex region A.
  if (d1 <= 0.0 && d2 <= 0.0) return {t.a, length(ap)};
  // Vertex region B.
  if (d3 >= 0.0 && d4 <= d3) return {t.b, length(bp)};
  // Edge region AB. d1 >= 0 >= d3 there, so the quotient is in [0, 1]; both
  // are 0 only when rounding hides the edge, and then A is as good.
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    const double den = d1 - d3;
    const Vec3 q = den > 0.0 ? t.a + ab * (d1 / den) : t.a;
    return {q, length(p - q)};
  }
  // Vertex region C.
  if (d6 >= 0.0 && d5 <= d6) return {t.c, length(cp)};
  // Edge region AC.
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    const double den = d2 - d6;
    const Vec3 q = den > 0.0 ? t.a + ac * (d2 / den) : t.a;
    return {q, length(p - q)};
  }
  // Edge region BC.
  const double va = d3 * d6 - d5 * d4;
  const double e4 = d4 - d3, e5 = d5 - d6;
  if (va <= 0.0 && e4 >= 0.0 && e5 >= 0.0) {
    const double den = e4 + e5;
    const Vec3 q = den > 0.0 ? t.b + (t.c - t.b) * (e4 / den) : t.b;
    return {q, length(p - q)};
  }
  // Face region. A normal that is zero in doubles (corners collinear only up
  // to ~2^-1000 of the triangle's size) has no direction: an edge is then as
  // near as the face.
  if (is_zero(n)) return nearest_edge(p, t);
  const Vec3 u = unit_or(n, Vec3{0.0, 0.0, 1.0});
  const double h = dot(u, ap);
  if (h == 0.0) return {p, 0.0};
  return {p - u * h, std::fabs(h)};
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
  // A subnormal normal is ~2^-74 .. 2^-22 after 2^1000: a second step.
  const double s2 =
      e == 0 ? unit_scale_for(biased_exponent(pl.normal * s1)) : 1.0;
  const Vec3 n = pl.normal * s1 * s2;
  double k = pl.constant * s1 * s2;  // overflows only to be recomputed below
  double unscale = 1.0;
  Vec3 nv = n;  // the normal the value is computed with
  if (!(std::fabs(k) <= 0x1p1018) || biased_exponent(p) >= 1023 + 1018) {
    unscale = 16.0;
    nv = n * 0x1p-4;
    // s1 * 2^-4 is a normal power of two; s2 >= 1 scales up only what was
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
      // Rounding flipped or lost the sign of a value this near 0: the
      // smallest one with the right sign.
      value = sign * DBL_MIN;
    }
  }
  return {n, value, unscale};
}

}  // namespace

Vec3 closest_point_on_segment(Vec3 p, const Segment& s) {
  return nearest_on_segment(p, s.start, s.end);
}

double distance_point_segment(Vec3 p, const Segment& s) {
  return length(p - nearest_on_segment(p, s.start, s.end));
}

Vec3 closest_point_on_sphere(Vec3 p, const Sphere& s) {
  // within() compares squares (rescaled at extreme magnitudes), so the inside
  // test is not rounded by a square root. Outside, p != center.
  const Vec3 d = p - s.center;
  if (within(d, s.radius)) return p;
  return s.center + unit_or(d, Vec3{0.0, 0.0, 0.0}) * s.radius;
}

double distance_point_sphere(Vec3 p, const Sphere& s) {
  const Vec3 d = p - s.center;
  if (within(d, s.radius)) return 0.0;
  return max2(length(d) - s.radius, 0.0);
}

Vec3 closest_point_on_capsule(Vec3 p, const Capsule& c) {
  // The sphere of radius c.radius around the nearest point of the axis
  // (Ericson 5.1.2 then the sphere above): the same operations as
  // closest_point_on_sphere when start == end (the axis point is start).
  const Vec3 q = nearest_on_segment(p, c.start, c.end);
  const Vec3 d = p - q;
  if (within(d, c.radius)) return p;
  if (c.radius == 0.0) return q;  // the segment itself, bit for bit
  return q + unit_or(d, Vec3{0.0, 0.0, 0.0}) * c.radius;
}

double distance_point_capsule(Vec3 p, const Capsule& c) {
  const Vec3 d = p - nearest_on_segment(p, c.start, c.end);
  if (within(d, c.radius)) return 0.0;
  return max2(length(d) - c.radius, 0.0);
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

Vec3 closest_point_on_obb(Vec3 p, const OBB& b) {
  if (is_identity(b.axis)) return closest_point_on_aabb(p, as_aabb(b));
  // Ericson 5.1.4: clamp each local coordinate to the half size. Inside (no
  // coordinate clamped) p itself is returned, not the rebuilt point.
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

double distance_point_obb(Vec3 p, const OBB& b) {
  if (is_identity(b.axis)) return distance_point_aabb(p, as_aabb(b));
  // The axes are orthonormal: the distance is the length of the overshoot in
  // local coordinates (Ericson 5.1.4.1), exactly 0 inside.
  const Vec3 t = local_coordinates(p, b);
  return length(Vec3{beyond(t.x, -b.half_size.x, b.half_size.x),
                     beyond(t.y, -b.half_size.y, b.half_size.y),
                     beyond(t.z, -b.half_size.z, b.half_size.z)});
}

Vec3 closest_point_on_triangle(Vec3 p, const Triangle& t) {
  return nearest_on_triangle(p, t).point;
}

double distance_point_triangle(Vec3 p, const Triangle& t) {
  return nearest_on_triangle(p, t).distance;
}

Vec3 closest_point_on_plane(Vec3 p, const Plane& pl) {
  // Ericson 5.1.1: q = p - n (dot(n, p) + constant) / dot(n, n), with n scaled
  // by a power of two: the direction stays exact (a unit normal would round
  // it), dot(n, n) is in [1, 12), and the factor is the same as unscaled.
  const PlaneEquation e = plane_equation(p, pl);
  if (e.value == 0.0) return p;
  // A plane beyond the doubles (the value overflowed): +-inf components, not
  // inf * 0 = NaN.
  const double value = e.value > DBL_MAX    ? DBL_MAX
                       : e.value < -DBL_MAX ? -DBL_MAX
                                            : e.value;
  return p - (e.n * (value / length_squared(e.n))) * e.unscale;
}

double signed_distance_point_plane(Vec3 p, const Plane& pl) {
  // Ericson 5.1.1 with a normal of any length: divided by |n| (in [1, 2 sqrt
  // 3) once scaled).
  const PlaneEquation e = plane_equation(p, pl);
  if (e.value == 0.0) return 0.0;
  // A value of +-DBL_MIN (a sign decided exactly) divided by |n| < 4 stays
  // non-zero: the sign survives.
  return e.value / length(e.n) * e.unscale;
}

double distance_point_plane(Vec3 p, const Plane& pl) {
  return std::fabs(signed_distance_point_plane(p, pl));
}

}  // namespace np
