// Overlap tests of spheres against spheres, capsules, OBBs, triangles and
// planes, and of capsules, boxes and triangles against planes.
//
// A sphere overlaps a shape exactly when the squared distance from its center
// to the shape is at most radius^2 (Ericson, Real-Time Collision Detection,
// 4.3.1 and 5.2.5 - 5.2.8, with the closest points of 5.1.2, 5.1.4 and 5.1.5);
// a shape overlaps a thin plane exactly when its values of normal . p +
// constant straddle or touch 0 (Ericson 5.2.2 - 5.2.3: for a box, its extreme
// corners along the normal, the "n-vertex / p-vertex" form of |n . c + k| <=
// sum h_i |n . u_i|). JoltPhysics (Geometry/Sphere.h, Overlaps), parry
// (intersection_test_ball_ball) and Bullet (btSphereSphereCollisionAlgorithm,
// SphereTriangleDetector, with a margin) decide the same inequalities in
// floating point, as does three.js (Sphere.intersectsSphere / intersectsPlane,
// Box3.intersectsPlane: the smallest and largest plane values of the corners).
//
// Here every decision is exact, at every magnitude: each is the sign of a
// polynomial in the input doubles, computed first in doubles and trusted when
// it is clear of 0 by more than its rounding (kOverlapExactBand), otherwise
// computed exactly (detail/exact_poly.h, detail::exact_sign; a triangle's
// plane distance first with Shewchuk's expansions, exact.h, which say when
// they are unsure). So touching
// configurations count as overlapping whatever numbers build them, and a
// radius one ulp short of touching does not.
#include <cfloat>
#include <cmath>

#include "narrowphase/detail/corner_in_ball.h"
#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exact_poly.h"
#include "narrowphase/detail/triangle_bound.h"
#include "narrowphase/overlap.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

using detail::exact_sign;
using detail::ExactSum;
using detail::Poly;
using detail::poly_difference;
using detail::poly_dot;
using detail::poly_product;
using detail::poly_sum;
using detail::Product;

// Whether a value computed in doubles has the sign of the exact one: it is
// farther from 0 than its rounding, which is below kOverlapExactBand times
// `magnitude` (a bound of the terms it was computed from), plus what products
// below the normal range lose: at most 2^-1074 each, DBL_MIN in all for a sum
// of them, and 2^-1066 times `amplified` (a bound of the factors) where such a
// product is multiplied again (a squared normal 1e-230 long underflows to 0,
// and times a squared radius of 1e206 that is no longer negligible). An
// overflowed bound (or NaN) is never clear.
inline bool clear(double value, double magnitude, double amplified = 0.0,
                  double extra = 0.0) {
  const double band =
      kOverlapExactBand * magnitude + 0x1p-1066 * amplified + extra + DBL_MIN;
  return band <= DBL_MAX && std::fabs(value) > band;
}

// p - q times the power of two s (exact unless it falls below the normal
// range), without overflow: where p - q exceeds DBL_MAX, s <= 2^-1000 and the
// halves are subtracted instead.
inline Vec3 diff_scaled(Vec3 p, Vec3 q, double s) {
  const Vec3 d = p - q;
  if (max_abs_component(d) <= DBL_MAX) return d * s;
  return (p * 0.5 - q * 0.5) * (s * 2.0);
}

// The power of two that brings the largest of these differences and the
// radius r near 1 (an overflowed one, inf, gets 2^-1000): the filters compute
// in those units, where no square overflows and what underflows is negligible
// beside DBL_MIN.
inline double scale_of(Vec3 d1, Vec3 d2, Vec3 d3, double r) {
  using detail::biased_exponent;
  using detail::max_exponent;
  return detail::unit_scale_for(
      max_exponent(max_exponent(biased_exponent(d1), biased_exponent(d2)),
                   max_exponent(biased_exponent(d3), biased_exponent(r))));
}

// p - q in units of its own where its largest component is ~1 (for the
// filters of expressions homogeneous in it).
inline Vec3 diff_unit(Vec3 p, Vec3 q) {
  const Vec3 z{0.0, 0.0, 0.0};
  return diff_scaled(p, q, scale_of(p - q, z, z, 0.0));
}

inline double sum_abs(Vec3 v) {
  return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z);
}

inline Poly single(double x) {
  Poly p;
  p.add(x, 1);
  return p;
}

// The components of p - q, as polynomials.
inline void differences(Vec3 p, Vec3 q, Poly out[3]) {
  for (int i = 0; i < 3; ++i) out[i] = poly_difference(get(p, i), get(q, i));
}

// Component i of (q - o) x (s - o), expanded in the inputs: the two o_j o_k
// products cancel and six monomials of degree 2 remain.
Poly cross_poly(Vec3 q, Vec3 s, Vec3 o, int i) {
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  const double qj = get(q, j), qk = get(q, k), sj = get(s, j), sk = get(s, k),
               oj = get(o, j), ok = get(o, k);
  const double f[6][2] = {{qj, sk}, {qk, sj}, {qj, ok},
                          {qk, oj}, {oj, sk}, {ok, sj}};
  const int sign[6] = {1, -1, -1, 1, -1, 1};
  Poly c;
  for (int m = 0; m < 6; ++m) {
    c.add(f[m][0], sign[m]);
    c.f[m][1] = f[m][1];
    c.degree[m] = 2;
  }
  return c;
}

// ---- Spheres and points ----------------------------------------------------

// The exact sign of |p - q|^2 - r^2 with r = r1 + r2: -1 or 0 when balls of
// radius r1 and r2 around p and q share a point.
int sign_of_ball_gap(Vec3 p, Vec3 q, double r1, double r2) {
  {
    const Vec3 z{0.0, 0.0, 0.0};
    const double s = scale_of(p - q, z, z, r1 + r2);
    const Vec3 d = diff_scaled(p, q, s);
    const double r = r1 * s + r2 * s, d2 = length_squared(d), rr = r * r;
    if (clear(d2 - rr, d2 + rr)) return d2 > rr ? 1 : -1;
  }
  ExactSum s;
  for (int i = 0; i < 3; ++i) {
    const Poly di = poly_difference(get(p, i), get(q, i));
    s.add(di, di, 1);
  }
  Poly rp;
  rp.add(r1, 1);
  rp.add(r2, 1);
  s.add(rp, rp, -1);
  return s.sign();
}

// The exact sign of (p - q) . (e - f), filtered in units of each difference's
// own; ef holds e - f as polynomials.
int sign_of_dot(Vec3 p, Vec3 q, Vec3 e, Vec3 f, const Poly ef[3]) {
  const Vec3 x = diff_unit(p, q), y = diff_unit(e, f);
  const double v = dot(x, y);
  if (clear(v,
            std::fabs(x.x * y.x) + std::fabs(x.y * y.y) + std::fabs(x.z * y.z)))
    return v > 0.0 ? 1 : -1;
  Poly pq[3];
  differences(p, q, pq);
  ExactSum s;
  s.add(poly_dot(pq, ef), 1);
  return s.sign();
}

// Whether the ball (p, r1 + r2) touches the segment a-b: the squared distance
// from p to the segment (Ericson 5.1.2) is at most (r1 + r2)^2, decided in its
// region: before a (ap . ab <= 0), beyond b (bp . ab >= 0), or beside the
// segment, where the squared distance is |ap x ab|^2 / |ab|^2 (Lagrange's
// identity) and the test is |ap x ab|^2 <= r^2 |ab|^2. a == b is the ball
// around a.
bool ball_touches_segment(Vec3 p, double r1, double r2, Vec3 a, Vec3 b) {
  // The filter: the rounded squared distance to the rounded closest point, off
  // by a few roundings of |ap| + |ab|, in units where they are ~1.
  {
    const double s = scale_of(b - a, p - a, p - a, r1 + r2);
    const Vec3 ab = diff_scaled(b, a, s), ap = diff_scaled(p, a, s);
    const double r = r1 * s + r2 * s;
    const double ab2 = length_squared(ab), num = dot(ap, ab);
    // An |ab|^2 below the normal range makes t meaningless: the segment,
    // below 2^-511 of the units, is then taken as its start, which moves the
    // nearest point by at most |ab| (the slack below).
    const bool tiny = ab2 < DBL_MIN;
    const double t = tiny || num <= 0.0 ? 0.0 : (num >= ab2 ? 1.0 : num / ab2);
    // q - p = ab t - ap: differences only, never the coordinates themselves
    // (a segment 1e-6 long at 1e6 from the origin keeps its precision). Its
    // rounding is a few ulps of |ap| + t |ab| (t's own error times |ab| is a
    // few ulps of |ap|), so a point near the start of a long segment is
    // decided here too.
    const double m = sum_abs(ap) + t * sum_abs(ab) + r;
    const double d2 = length_squared(ab * t - ap), rr = r * r;
    const double slack = tiny ? 4.0 * (m + sum_abs(ab)) * sum_abs(ab) : 0.0;
    if (clear(d2 - rr, m * m, m, slack)) return d2 < rr;
  }
  if (a.x == b.x && a.y == b.y && a.z == b.z)
    return sign_of_ball_gap(p, a, r1, r2) <= 0;
  Poly ba[3];
  differences(b, a, ba);
  // The region: before a (ap . ab <= 0), beyond b (bp . ab >= 0), or beside.
  if (sign_of_dot(p, a, b, a, ba) <= 0)
    return sign_of_ball_gap(p, a, r1, r2) <= 0;
  if (sign_of_dot(p, b, b, a, ba) >= 0)
    return sign_of_ball_gap(p, b, r1, r2) <= 0;
  ExactSum s;
  for (int i = 0; i < 3; ++i) {
    const Poly c = cross_poly(p, b, a, i);  // (p - a) x (b - a)
    s.add(c, c, 1);
  }
  Poly rp;
  rp.add(r1, 1);
  rp.add(r2, 1);
  s.add(rp, rp, poly_dot(ba, ba), -1);
  return s.sign() <= 0;
}

// ball_touches_box beyond the ordinary range or within rounding of touching:
// the overshoots in units where they and r are ~1 (an overflowed one taken
// halved), then, inside the band, the exact sum of their squares against r^2.
NP_RARE bool ball_touches_box_rare(Vec3 c, double r, const AABB& box) {
  double bound[3];
  bool out[3];
  for (int i = 0; i < 3; ++i) {
    const double v = get(c, i), lo = get(box.min, i), hi = get(box.max, i);
    out[i] = v < lo || v > hi;
    bound[i] = v < lo ? lo : hi;
  }
  {
    Vec3 o{0.0, 0.0, 0.0}, half{0.0, 0.0, 0.0};
    for (int i = 0; i < 3; ++i) {
      if (!out[i]) continue;
      set(o, i, std::fabs(get(c, i) - bound[i]));
      set(half, i, std::fabs(get(c, i) * 0.5 - bound[i] * 0.5));
    }
    const Vec3 z{0.0, 0.0, 0.0};
    const double s = scale_of(o, z, z, r);
    const Vec3 os = max_abs_component(o) <= DBL_MAX ? o * s : half * (s * 2.0);
    const double rs = r * s, d2 = length_squared(os), rr = rs * rs;
    if (clear(d2 - rr, d2 + rr)) return d2 < rr;
  }
  ExactSum sum;
  for (int i = 0; i < 3; ++i) {
    if (!out[i]) continue;
    const Poly d = poly_difference(get(c, i), bound[i]);
    sum.add(d, d, 1);
  }
  const double rr[2] = {r, r};
  sum.add_product(rr, 2, -1);
  return sum.sign() <= 0;
}

// Whether the ball (c, r) touches the closed box (article 000, Ericson 5.2.5):
// the overshoot of c beyond the bounds on each axis (which bound, if any, is
// an exact comparison), and the sum of the squared overshoots against r^2.
// Every game scene takes the first branch: overshoots and radius below 2^500,
// so that no square overflows (what underflows is within clear()'s DBL_MIN),
// decided in the units given, as article 000 does, where rounding cannot have
// changed the sign. (An overshoot beyond DBL_MAX is inf and fails the first
// test.)
inline bool ball_touches_box(Vec3 c, double r, const AABB& box) {
  const Vec3 over{max2(max2(box.min.x - c.x, c.x - box.max.x), 0.0),
                  max2(max2(box.min.y - c.y, c.y - box.max.y), 0.0),
                  max2(max2(box.min.z - c.z, c.z - box.max.z), 0.0)};
  const double d2 = length_squared(over), rr = r * r;
  if (max2(max2(over.x, over.y), max2(over.z, r)) <= 0x1p500 &&
      clear(d2 - rr, d2 + rr))
    return d2 < rr;
  return ball_touches_box_rare(c, r, box);
}

// ---- Planes ----------------------------------------------------------------

// The exact sign of normal . p + constant: which side of the plane p is on.
int plane_side(Vec3 p, const Plane& pl) {
  const double v = dot(pl.normal, p) + pl.constant;
  const double m = std::fabs(pl.normal.x * p.x) + std::fabs(pl.normal.y * p.y) +
                   std::fabs(pl.normal.z * p.z) + std::fabs(pl.constant);
  if (clear(v, m)) return v > 0.0 ? 1 : -1;
  const Product terms[4] = {{pl.normal.x, p.x, false},
                            {pl.normal.y, p.y, false},
                            {pl.normal.z, p.z, false},
                            {pl.constant, 1.0, false}};
  return exact_sign(terms, 4);
}

// Whether the ball (c, r) touches the plane: (n . c + k)^2 <= r^2 (n . n).
bool ball_touches_plane(Vec3 c, double r, const Plane& pl) {
  const Vec3 n = pl.normal;
  const double v = dot(n, c) + pl.constant, nn = length_squared(n);
  const double a = std::fabs(n.x * c.x) + std::fabs(n.y * c.y) +
                   std::fabs(n.z * c.z) + std::fabs(pl.constant);
  const double lhs = v * v, rhs = r * r * nn;
  if (clear(lhs - rhs, a * a + rhs, a + nn + r * r)) return lhs < rhs;
  // The polynomial (sum_i n_i c_i + k)^2 - r^2 sum_i n_i^2.
  Poly value;
  for (int i = 0; i < 3; ++i) {
    value.add(get(n, i), 1);
    value.f[value.n - 1][1] = get(c, i);
    value.degree[value.n - 1] = 2;
  }
  value.add(pl.constant, 1);
  ExactSum s;
  s.add(value, value, 1);
  for (int i = 0; i < 3; ++i) {
    const double f[4] = {r, r, get(n, i), get(n, i)};
    s.add_product(f, 4, -1);
  }
  return s.sign() <= 0;
}

// ---- Oriented boxes --------------------------------------------------------

inline bool is_identity(const Vec3 axis[3]) {
  return axis[0].x == 1.0 && axis[0].y == 0.0 && axis[0].z == 0.0 &&
         axis[1].x == 0.0 && axis[1].y == 1.0 && axis[1].z == 0.0 &&
         axis[2].x == 0.0 && axis[2].y == 0.0 && axis[2].z == 1.0;
}

// An OBB with the identity rotation is the AABB [center - half_size, center +
// half_size], its bounds rounded once, as closest_point_on_obb and
// distance_point_obb take it. False when a bound overflows.
inline bool identity_as_aabb(const OBB& b, AABB* box) {
  if (!is_identity(b.axis)) return false;
  *box = {b.center - b.half_size, b.center + b.half_size};
  return max_abs_component(box->min) <= DBL_MAX &&
         max_abs_component(box->max) <= DBL_MAX;
}

// The ball (c, r) against the oriented box, in the box frame (Ericson 5.1.4,
// 5.2.5): t_i = (c - center) . axis_i, the overshoot max(|t_i| - h_i, 0) per
// axis, and the sum of their squares against r^2.
bool ball_touches_obb(Vec3 c, double r, const OBB& b) {
  {
    const Vec3 d = c - b.center;
    const double m = sum_abs(d) + sum_abs(b.half_size) + r;
    double d2 = 0.0;
    for (int i = 0; i < 3; ++i) {
      const double t = std::fabs(dot(d, b.axis[i])) - get(b.half_size, i);
      if (t > 0.0) d2 += t * t;
    }
    const double rr = r * r;
    if (clear(d2 - rr, 4.0 * m * m, m)) return d2 < rr;
  }
  Poly d[3];
  differences(c, b.center, d);
  ExactSum s;
  for (int i = 0; i < 3; ++i) {
    // t_i = sum_j (c_j - center_j) axis_ij.
    Poly t;
    for (int j = 0; j < 3; ++j)
      t = poly_sum(t, poly_product(d[j], single(get(b.axis[i], j))), 1);
    ExactSum ts;
    ts.add(t, 1);
    const int sign = ts.sign();
    if (sign == 0) continue;  // the center's projection is the box center's
    // The overshoot sign * t_i - h_i, when positive.
    Poly h;
    h.add(get(b.half_size, i), -1);
    const Poly e = poly_sum(h, t, sign);
    ExactSum es;
    es.add(e, 1);
    if (es.sign() > 0) s.add(e, e, 1);
  }
  const double rr[2] = {r, r};
  s.add_product(rr, 2, -1);
  return s.sign() <= 0;
}

// ---- Triangles -------------------------------------------------------------

// The side of the projection of p relative to the edge u0-u1 of the triangle
// u0, u1, u2: ((u1 - u0) x (p - u0)) . ((u1 - u0) x (u2 - u0)), written with
// Binet-Cauchy as (e . e)(v . w) - (e . w)(v . e), e = u1 - u0, v = p - u0, w
// = u2 - u0 (Ericson 5.1.5's barycentric numerators). >= 0 for all three
// edges, in cyclic order, exactly when the projection lies in the closed
// triangle (for a triangle that is not degenerate).
int edge_side(Vec3 p, Vec3 u0, Vec3 u1, Vec3 u2) {
  // Homogeneous in e (degree 2), v and w (1 each): each in units of its own.
  const Vec3 e = diff_unit(u1, u0), v = diff_unit(p, u0), w = diff_unit(u2, u0);
  const double value = dot(e, e) * dot(v, w) - dot(e, w) * dot(v, e);
  const double m = sum_abs(e) * sum_abs(e) * sum_abs(v) * sum_abs(w),
               f = sum_abs(e) + sum_abs(v) + sum_abs(w);
  if (clear(value, 2.0 * m, f * f)) return value > 0.0 ? 1 : -1;
  // ((u1 - u0) x (p - u0)) . ((u1 - u0) x (u2 - u0)), the cross products
  // expanded (six monomials each).
  ExactSum sum;
  for (int i = 0; i < 3; ++i)
    sum.add(cross_poly(u1, p, u0, i), cross_poly(u1, u2, u0, i), 1);
  return sum.sign();
}

// The normal (b - a) x (c - a) as polynomials.
void normal_poly(const Triangle& t, Poly n[3]) {
  for (int i = 0; i < 3; ++i) n[i] = cross_poly(t.b, t.c, t.a, i);
}

// Whether the rounded normal n = u x w (u, w in units of their own) is clearly
// non-zero, mn = sum_abs(u) sum_abs(w) bounding each component's terms: then
// the triangle is certainly not degenerate.
bool normal_clear(Vec3 n, double mn) {
  return clear(n.x, mn) || clear(n.y, mn) || clear(n.z, mn);
}

// Whether the triangle is degenerate: its normal is exactly zero.
bool degenerate(const Triangle& t) {
  const Vec3 u = diff_unit(t.b, t.a), w = diff_unit(t.c, t.a), n = cross(u, w);
  if (normal_clear(n, sum_abs(u) * sum_abs(w))) return false;
  Poly n_poly[3];
  normal_poly(t, n_poly);
  for (int i = 0; i < 3; ++i) {
    ExactSum sum;
    sum.add(n_poly[i], 1);
    if (sum.sign() != 0) return false;
  }
  return true;
}

// Whether the ball (p, r) reaches the triangle's plane: (n . (p - a))^2 <= r^2
// |n|^2 with n = (b - a) x (c - a). `filter_only`: 1 when clearly not, -1 when
// clearly so, 0 when the exact polynomial is needed.
// *face: normal_clear on the same u, w and n, the first test of degenerate()
// (so degenerate(t) is false then).
int plane_reach_filter(Vec3 p, double r_in, const Triangle& t, bool* face) {
  // Homogeneous of degree 2 in n (so in u and in w, each in units of its own)
  // and in (v, r) together.
  const Vec3 z{0.0, 0.0, 0.0};
  const double s = scale_of(p - t.a, z, z, r_in);
  const Vec3 u = diff_unit(t.b, t.a), w = diff_unit(t.c, t.a),
             v = diff_scaled(p, t.a, s), n = cross(u, w);
  const double r = r_in * s, mn = sum_abs(u) * sum_abs(w);
  *face = normal_clear(n, mn);
  const double h = dot(n, v), lhs = h * h, rhs = r * r * length_squared(n);
  const double m = mn * (sum_abs(v) + r),
               f = sum_abs(u) + sum_abs(w) + sum_abs(v) + r;
  if (clear(lhs - rhs, 4.0 * m * m, f * f * f * f)) return lhs > rhs ? 1 : -1;
  return 0;
}

// The same with Shewchuk's expansions (exact.h) in units where the
// differences are ~1: -1 or 1 for within or beyond reach (0 counts as within),
// or kUnsure where a product fell below the normal range; several times
// faster than the wide integers, which then decide.
int plane_reach_expansion(Vec3 p, double r, const Triangle& t) {
  using detail::Expansion;
  const double s = scale_of(t.b - t.a, t.c - t.a, p - t.a, r);
  Expansion u[3], w[3], v[3];
  for (int i = 0; i < 3; ++i) {
    u[i] = detail::difference(get(t.b, i), get(t.a, i), s);
    w[i] = detail::difference(get(t.c, i), get(t.a, i), s);
    v[i] = detail::difference(get(p, i), get(t.a, i), s);
  }
  Expansion h, nn;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    Expansion n;
    n.add_product(u[j], w[k], 1.0);
    n.add_product(u[k], w[j], -1.0);
    h.add_product(n, v[i], 1.0);
    nn.add_product(n, n, 1.0);
  }
  Expansion rr, value;
  {
    Expansion re;
    re.add_scaled(r, s);
    rr.add_product(re, re, 1.0);
  }
  value.add_product(h, h, 1.0);
  value.add_product(rr, nn, -1.0);
  const int sign = value.sign();
  return sign == detail::kUnsure ? sign : (sign <= 0 ? -1 : 1);
}

bool ball_reaches_plane_exactly(Vec3 p, double r, const Triangle& t) {
  const int e = plane_reach_expansion(p, r, t);
  if (e != detail::kUnsure) return e < 0;
  Poly n[3];
  normal_poly(t, n);
  ExactSum s;
  {
    // h = n . (p - a) = n . p - a . (b x c) (the other terms of n . a cancel):
    // 18 + 6 monomials of degree 3.
    Poly h;
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      for (int m = 0; m < n[i].n; ++m) {
        h.add(n[i].f[m][0], n[i].sign[m]);
        h.f[h.n - 1][1] = n[i].f[m][1];
        h.f[h.n - 1][2] = get(p, i);
        h.degree[h.n - 1] = 3;
      }
      const double det[2][3] = {{get(t.a, i), get(t.b, j), get(t.c, k)},
                                {get(t.a, i), get(t.b, k), get(t.c, j)}};
      for (int m = 0; m < 2; ++m) {
        h.add(det[m][0], m == 0 ? -1 : 1);
        h.f[h.n - 1][1] = det[m][1];
        h.f[h.n - 1][2] = det[m][2];
        h.degree[h.n - 1] = 3;
      }
    }
    s.add(h, h, 1);
  }
  Poly rr;
  rr.add(r, 1);
  rr.f[0][1] = r;
  rr.degree[0] = 2;
  for (int i = 0; i < 3; ++i) s.add(n[i], n[i], rr, -1);
  return s.sign() <= 0;
}

}  // namespace

// ---- The queries -----------------------------------------------------------

bool overlap_sphere_aabb(const Sphere& sphere, const AABB& box) {
  return ball_touches_box(sphere.center, sphere.radius, box);
}

bool overlap_sphere_sphere(const Sphere& a, const Sphere& b) {
  return sign_of_ball_gap(a.center, b.center, a.radius, b.radius) <= 0;
}

bool overlap_sphere_capsule(const Sphere& sphere, const Capsule& capsule) {
  return ball_touches_segment(sphere.center, sphere.radius, capsule.radius,
                              capsule.start, capsule.end);
}

bool overlap_sphere_obb(const Sphere& sphere, const OBB& box) {
  AABB aabb;
  if (identity_as_aabb(box, &aabb)) return overlap_sphere_aabb(sphere, aabb);
  return ball_touches_obb(sphere.center, sphere.radius, box);
}

bool overlap_sphere_triangle(const Sphere& sphere, const Triangle& t) {
  const Vec3 p = sphere.center;
  const double r = sphere.radius;
  // A corner certainly in the ball: touching (the usual answer for a ball
  // larger than the mesh's triangles, decided before the plane's filter).
  if (detail::corner_in_ball(p, r, t)) return true;
  // Clearly beyond reach of the triangle's plane: apart (Ericson 5.2.7's
  // closest point is at least that far). Not for a degenerate triangle, whose
  // rounded normal is noise.
  bool face = false;
  const int reach = plane_reach_filter(p, r, t, &face);
  if (reach == 1 && (face || !degenerate(t))) return false;
  // Certainly farther than r: a proven lower bound of the squared distance
  // (detail::triangle_distance_sq_lower_bound, at most the exact one; 0
  // outside its range) above r^2 rounded up. For r in [2^-500, 2^500] the
  // rounded rr = r r is normal, r^2 <= rr (1 + u), and rr (1 + 2^-50) rounded
  // (kBallBoundRoundUp) is at least rr (1 + 2^-50) (1 - u) > rr (1 + u) (u =
  // 2^-53): a bound above it puts every point of the triangle beyond the ball.
  if (r >= 0x1p-500 && r <= 0x1p500 &&
      detail::triangle_distance_sq_lower_bound(p, t) >
          r * r * (1.0 + kBallBoundRoundUp))
    return false;
  // The closest point lies on an edge (or a corner): the ball touches one of
  // the three segments. This also decides degenerate triangles, which are the
  // segment or point their edges span.
  if (ball_touches_segment(p, r, 0.0, t.a, t.b) ||
      ball_touches_segment(p, r, 0.0, t.b, t.c) ||
      ball_touches_segment(p, r, 0.0, t.c, t.a))
    return true;
  if (!face && degenerate(t)) return false;
  // Otherwise it is the projection of the center onto the plane, when that
  // lies in the closed triangle, and the distance is the plane's.
  if (edge_side(p, t.a, t.b, t.c) < 0 || edge_side(p, t.b, t.c, t.a) < 0 ||
      edge_side(p, t.c, t.a, t.b) < 0)
    return false;
  if (reach != 0) return reach == -1;
  return ball_reaches_plane_exactly(p, r, t);
}

bool overlap_sphere_plane(const Sphere& sphere, const Plane& plane) {
  return ball_touches_plane(sphere.center, sphere.radius, plane);
}

bool overlap_capsule_plane(const Capsule& capsule, const Plane& plane) {
  // The segment crosses or touches the plane, or a ball at one of its end
  // points reaches it (the capsule's point nearest the plane, on the side
  // where the segment lies, is on one of the end balls).
  const int s0 = plane_side(capsule.start, plane),
            s1 = plane_side(capsule.end, plane);
  if (s0 * s1 <= 0) return true;
  return ball_touches_plane(capsule.start, capsule.radius, plane) ||
         ball_touches_plane(capsule.end, capsule.radius, plane);
}

bool overlap_aabb_plane(const AABB& box, const Plane& plane) {
  // Ericson 5.2.3, as its extreme corners: the corner farthest along -normal
  // (the n-vertex) and along +normal (the p-vertex) have the smallest and the
  // largest plane values; the box touches the plane when they straddle or
  // touch 0. Each value is a sum of three products and the constant: its sign
  // is exact at any magnitude.
  const Vec3 n = plane.normal;
  const Vec3 lo{n.x >= 0.0 ? box.min.x : box.max.x,
                n.y >= 0.0 ? box.min.y : box.max.y,
                n.z >= 0.0 ? box.min.z : box.max.z};
  const Vec3 hi{n.x >= 0.0 ? box.max.x : box.min.x,
                n.y >= 0.0 ? box.max.y : box.min.y,
                n.z >= 0.0 ? box.max.z : box.min.z};
  return plane_side(lo, plane) <= 0 && plane_side(hi, plane) >= 0;
}

bool overlap_obb_plane(const OBB& box, const Plane& plane) {
  AABB aabb;
  if (identity_as_aabb(box, &aabb)) return overlap_aabb_plane(aabb, plane);
  // Ericson 5.2.3: |n . c + k| <= sum_i h_i |n . u_i|.
  const Vec3 n = plane.normal, c = box.center;
  {
    const double s = dot(n, c) + plane.constant;
    double r = 0.0, mr = 0.0;
    for (int i = 0; i < 3; ++i) {
      const double h = get(box.half_size, i);
      r += h * std::fabs(dot(n, box.axis[i]));
      mr +=
          h * (std::fabs(n.x * box.axis[i].x) + std::fabs(n.y * box.axis[i].y) +
               std::fabs(n.z * box.axis[i].z));
    }
    const double ms = std::fabs(n.x * c.x) + std::fabs(n.y * c.y) +
                      std::fabs(n.z * c.z) + std::fabs(plane.constant);
    if (clear(std::fabs(s) - r, ms + mr, 1.0 + sum_abs(box.half_size)))
      return std::fabs(s) < r;
  }
  // Exactly: the signs of n . u_i (products of doubles) choose the extreme
  // corners c -+ sum_i sign_i h_i u_i, whose plane values are polynomials of
  // degree 3: the smallest must be <= 0 and the largest >= 0.
  int sign[3];
  for (int i = 0; i < 3; ++i) {
    const Product terms[3] = {{n.x, box.axis[i].x, false},
                              {n.y, box.axis[i].y, false},
                              {n.z, box.axis[i].z, false}};
    sign[i] = exact_sign(terms, 3);
  }
  for (int side = -1; side <= 1; side += 2) {
    ExactSum s;
    for (int j = 0; j < 3; ++j) {
      const double f[2] = {get(n, j), get(c, j)};
      s.add_product(f, 2, 1);
    }
    s.add_product(&plane.constant, 1, 1);
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        const double f[3] = {get(box.half_size, i), get(n, j),
                             get(box.axis[i], j)};
        s.add_product(f, 3, side * sign[i]);
      }
    }
    const int v = s.sign();
    if (side < 0 ? v > 0 : v < 0) return false;
  }
  return true;
}

bool overlap_triangle_plane(const Triangle& t, const Plane& plane) {
  // Thin against thin: some corner on each side, or on the plane.
  const int sa = plane_side(t.a, plane), sb = plane_side(t.b, plane),
            sc = plane_side(t.c, plane);
  return !((sa > 0 && sb > 0 && sc > 0) || (sa < 0 && sb < 0 && sc < 0));
}

}  // namespace np
