// narrowphase: rays and segments against spheres, planes, triangles, capsules
// and oriented boxes (raycast.h documents the contract).
//
// Sources:
//  - plane: Ericson, Real-Time Collision Detection (2005), 5.3.1
//    (intersecting segment against plane).
//  - sphere: Ericson 5.3.2 (intersecting ray or segment against sphere), with
//    the discriminant in Lagrange's form and the smaller root as
//    c / (-b + sqrt(D)) (Haines, Guenther and Akenine-Moller, "Precision
//    Improvements for Ray/Sphere Intersection", Ray Tracing Gems, ch. 7): no
//    catastrophic cancellation on long rays.
//  - capsule: Ericson 5.3.7 (intersecting ray or segment against cylinder),
//    the capsule being the cylinder's side plus a ball at each end.
//  - triangle: Woop, Benthin and Wald, "Watertight Ray/Triangle Intersection",
//    Journal of Computer Graphics Techniques 2(1), 2013, with its fallback for
//    edge functions that round to 0 made exact (detail::exact_sign).
//  - oriented box: Ericson 5.3.3 (intersecting ray or segment against box),
//    the ray carried into the box frame and cast with raycast_aabb's exact
//    slab test.
//
// Every quadratic is solved in units where the offsets and radii are ~1 (a
// power of two, exact), so that no square overflows or underflows at any
// magnitude, and with a unit direction, so that scaling the direction changes
// nothing.

#include <cfloat>
#include <cmath>
#include <limits>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/metric.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/raycast.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

using namespace detail;  // NOLINT: the building blocks this file is made of

const Vec3 kUp{0.0, 1.0, 0.0};

bool is_zero(Vec3 v) { return (v.x == 0.0) & (v.y == 0.0) & (v.z == 0.0); }

// The power of two that brings the largest of these magnitudes near 1.
double scale_of(Vec3 a, Vec3 b, double r) {
  return unit_scale_for(
      max_exponent(max_exponent(biased_exponent(a), biased_exponent(b)),
                   biased_exponent(r)));
}

void fill_start(Vec3 origin, Vec3 normal, RayHit* hit) {
  hit->distance = 0.0;
  hit->point = origin;
  hit->normal = normal;
}

// ---- Balls and cylinders: |m + t d| <= r ----

enum class Entry { kMiss, kInside, kHit };

// |m|^2 - r^2 with the squares split exactly (Dekker) and summed with
// compensation (Neumaier): no cancellation for m within rounding of the
// sphere. m, r ~1 (the callers' units).
double excess_of_squares(Vec3 m, double r) {
  double terms[8], lost = 0.0;
  two_product(m.x, m.x, &terms[0], &terms[1], &lost);
  two_product(m.y, m.y, &terms[2], &terms[3], &lost);
  two_product(m.z, m.z, &terms[4], &terms[5], &lost);
  two_product(r, r, &terms[6], &terms[7], &lost);
  terms[6] = -terms[6];
  terms[7] = -terms[7];
  double sum = 0.0, comp = 0.0;
  for (double x : terms) {
    const double next = sum + x;
    comp +=
        std::fabs(sum) >= std::fabs(x) ? (sum - next) + x : (x - next) + sum;
    sum = next;
  }
  return sum + comp;
}

// The smallest t >= 0 with |m + t d| <= r, for m, r ~1 and |d| <= ~2 (the
// caller's units). kInside when m itself is within r. The discriminant is
// |d|^2 r^2 - |m x d|^2 (Lagrange's identity for b^2 - a c), and the root c /
// (-b + sqrt(D)): both terms of the denominator are non-negative, nothing
// cancels (Haines et al., Ray Tracing Gems ch. 7). Within kRayTangentBand of
// tangent counts as tangent.
Entry ball_entry(Vec3 m, Vec3 d, double r, double* t) {
  const double m2 = length_squared(m), r2 = r * r;
  if (m2 <= r2) return Entry::kInside;
  const double b = dot(m, d);
  if (!(b < 0.0)) return Entry::kMiss;  // moving away, sideways, or d == 0
  const double a = length_squared(d), ar2 = a * r2;
  const double c2 = length_squared(cross(m, d));
  const double disc = ar2 - c2;
  if (disc <= 0.0) {
    if (disc < -kRayTangentBand * (ar2 + c2)) return Entry::kMiss;
    // Tangent within rounding: the point of closest approach (m2 - r2 would
    // be all cancellation there).
    *t = -b / a;
    return Entry::kHit;
  }
  *t = max2(excess_of_squares(m, r), 0.0) / (-b + std::sqrt(disc));
  return Entry::kHit;
}

// 1, or 2^-4 when an offset among a, b, c or a size r could overflow (beyond
// 2^1000).
double world_scale(Vec3 a, Vec3 b, Vec3 c, double r) {
  const double big = 0x1p1000;
  return max_abs_component(a) <= big && max_abs_component(b) <= big &&
                 max_abs_component(c) <= big && r <= big
             ? 1.0
             : 0x1p-4;
}
// (a - b) k, without overflow for k = world_scale(...).
Vec3 diff(Vec3 a, Vec3 b, double k) { return k == 1.0 ? a - b : a * k - b * k; }

// The nearest point of the segment p..q to x.
Vec3 nearest_on_segment(Vec3 x, Vec3 p, Vec3 q) {
  const double k = world_scale(x, p, q, 0.0);  // differences cannot overflow
  const Vec3 pq = diff(q, p, k), xp = diff(x, p, k);
  const double s = scale_of(xp, pq, 0.0);
  const Vec3 e = pq * s;
  const double ee = length_squared(e);
  if (!(ee > 0.0)) return p;
  const double f = clamp(dot(xp * s, e) / ee, 0.0, 1.0);
  if (f == 1.0) return q;
  return k == 1.0 ? p + pq * f : (p * k + pq * f) / k;
}

// The unit outward normal along rel at an entry along the unit direction u:
// it never faces along u. An entry of a tiny or tangent shape can round to its
// far side (rel . u > 0); then rel's component along u, which rounding put
// there, is dropped (twice: the first pass leaves a rounding of it), and what
// is left of rel (nothing, for a radius-0 shape hit head-on) gives the normal,
// else -u.
Vec3 entry_normal(Vec3 rel, Vec3 u) {
  Vec3 n = unit_or(rel, negated(u));
  for (int pass = 0; pass < 2; ++pass) {
    const double along = dot(n, u);
    if (!(along > 0.0)) break;
    n = unit_or(n - u * along, negated(u));
  }
  // (What rounding leaves along u after the passes is ~1e-16: the normal is
  // kept; only one still clearly facing along u gives way to -u.)
  if (dot(n, u) > 0x1p-45) n = negated(u);
  return n + Vec3{0.0, 0.0, 0.0};  // no -0
}

// The capsule (or, with p == q, ball) cast along the unit direction u from o,
// no farther than max_distance. The origin is outside (the callers check).
bool cast_capsule_outside(Vec3 o, Vec3 u, Vec3 p, Vec3 q, double r,
                          double max_distance, RayHit* hit) {
  // Offsets beyond 2^1000 are first scaled by k0 = 2^-4 (exact but for
  // subnormal parts, negligible there), so that o - p and q - p cannot
  // overflow.
  const double k0 = world_scale(o, p, q, r);
  const Vec3 op = diff(o, p, k0), pq = diff(q, p, k0);
  const double s = scale_of(op, pq, r * k0);
  const Vec3 m = op * s, e = pq * s;
  const double rs = r * k0 * s;
  double best = kInf;
  int kind = -1;  // 0: the cylinder's side, 1: the ball at p, 2: at q
  double t = 0.0;
  // The offset from q taken from o itself, not as m - e: o - p can absorb a
  // start far closer to q than to p.
  const Vec3 mq = diff(o, q, k0) * s;
  const double len = length(e);
  if (len > 0.0) {
    // The infinite cylinder: the components across the axis (Ericson 5.3.7).
    const Vec3 w = e / len;
    const double mw = dot(m, w), uw = dot(u, w);
    const Entry ec = ball_entry(m - w * mw, u - w * uw, rs, &t);
    if (ec == Entry::kHit) {
      const double y = mw + t * uw;  // along the axis at the entry
      if (y >= 0.0 && y <= len) best = t, kind = 0;
    } else if (ec == Entry::kInside && mw >= 0.0 && dot(mq, w) <= 0.0) {
      best = 0.0, kind = 0;  // within rounding of the side, or in it
    }
  }
  Entry ep = ball_entry(m, u, rs, &t);
  if (ep == Entry::kInside) t = 0.0;  // within rounding of the surface
  if (ep != Entry::kMiss && t < best) best = t, kind = 1;
  if (len > 0.0) {
    ep = ball_entry(mq, u, rs, &t);
    if (ep == Entry::kInside) t = 0.0;
    if (ep != Entry::kMiss && t < best) best = t, kind = 2;
  }
  if (kind < 0) return false;
  const double distance = best / s / k0;
  // (An entry beyond the largest double is not reported: its point would not
  // be finite.)
  if (!(distance <= max_distance) || !(distance <= DBL_MAX)) return false;
  if (distance == 0.0) {
    // The entry is the start (within rounding of the surface, or an entry
    // parameter that underflowed): the common rule, point == start exactly.
    fill_start(o, negated(u), hit);
    return true;
  }
  const Vec3 x = m + u * best;  // the entry, in the scaled units, from p
  Vec3 axis_point;              // world
  Vec3 rel;                     // entry - axis point, scaled units
  if (kind == 0) {
    // Along the unit axis and divided by len, not by |e|^2, which underflows
    // for a segment 2^-540 times shorter than the offset that set the units.
    const double f = clamp(dot(x, e / len) / len, 0.0, 1.0);
    axis_point = f == 1.0 ? q : k0 == 1.0 ? p + pq * f : (p * k0 + pq * f) / k0;
    rel = x - e * f;
  } else if (kind == 1) {
    axis_point = p;
    rel = x;
  } else {
    axis_point = q;
    rel = mq + u * best;
  }
  const Vec3 n = entry_normal(rel, u);
  hit->distance = distance;
  hit->normal = n;
  hit->point =
      k0 == 1.0 ? axis_point + n * r : (axis_point * k0 + n * (r * k0)) / k0;
  if (!(max_abs_component(hit->point) <= DBL_MAX)) return false;
  return true;
}

// The outward normal at a segment's end on a ball or capsule, from the
// nearest point of its center or axis, facing against d (entry_normal).
Vec3 end_normal(Vec3 end, Vec3 axis_point, Vec3 d) {
  const double k = world_scale(end, axis_point, axis_point, 0.0);
  return entry_normal(diff(end, axis_point, k), unit_or(d, kUp));
}

// The direction of start->end: d = end - start, or where that overflows the
// halves' difference (the same direction, finite).
Vec3 direction_of(Vec3 start, Vec3 end, Vec3 d) {
  return max_abs_component(d) <= DBL_MAX ? d : end * 0.5 - start * 0.5;
}

// A ray as a segment: the shape's raycast with no limit, kept within the
// segment's length. The end itself decides an entry rounded to within
// kLinecastEndSnap of it (on either side): when the end lies in the shape, the
// entry is reported at |end - start|, so that a segment ending on the surface
// hits at its length; when it does not, the segment stops short of the
// surface (the rounded end - start, or the rounded entry, may reach it: a
// segment ending an ulp outside a ball hit it).
bool clip_to_segment(bool hit_ray, RayHit h, double len, bool end_in, Vec3 end,
                     Vec3 end_normal, RayHit* hit) {
  if (!hit_ray) return false;
  if (h.distance >= len * (1.0 - kLinecastEndSnap)) {
    if (!end_in) return false;
    if (!(len <= DBL_MAX)) return false;  // beyond the largest double
    // The end, in the shape and within rounding of its surface, is the entry.
    h.distance = len;
    if (h.distance > 0.0) h.point = end, h.normal = end_normal;
  }
  if (h.distance > len) return false;
  *hit = h;
  return true;
}

// ---- Planes ----

// The exact sign of dot(normal, p) + constant.
int plane_side(Vec3 p, const Plane& pl) {
  // Filtered: the rounded sum of four products is within 2^-50 of the sum of
  // their magnitudes (four roundings of 2^-53 each, and the magnitude's own),
  // plus 2^-1070 for products below the normal range (each loses at most
  // 2^-1075). Beyond that its sign is the exact one; an overflow (inf or NaN)
  // fails the test and goes to the exact sum.
  const double v = dot(pl.normal, p) + pl.constant;
  const double m = std::fabs(pl.normal.x * p.x) + std::fabs(pl.normal.y * p.y) +
                   std::fabs(pl.normal.z * p.z) + std::fabs(pl.constant);
  if (m <= DBL_MAX && std::fabs(v) > m * 0x1p-50 + 0x1p-1070)
    return v > 0.0 ? 1 : -1;
  const Product t[4] = {{pl.normal.x, p.x, false},
                        {pl.normal.y, p.y, false},
                        {pl.normal.z, p.z, false},
                        {pl.constant, 1.0, false}};
  return exact_sign(t, 4);
}

// The exact sign of dot(normal, d) (filtered as plane_side).
int plane_facing(Vec3 d, const Plane& pl) {
  const double v = dot(pl.normal, d);
  const double m = std::fabs(pl.normal.x * d.x) + std::fabs(pl.normal.y * d.y) +
                   std::fabs(pl.normal.z * d.z);
  if (m <= DBL_MAX && std::fabs(v) > m * 0x1p-50 + 0x1p-1070)
    return v > 0.0 ? 1 : -1;
  const Product t[3] = {{pl.normal.x, d.x, false},
                        {pl.normal.y, d.y, false},
                        {pl.normal.z, d.z, false}};
  return exact_sign(t, 3);
}

// The signed Euclidean distance from p to the plane, rounded: the normal
// scaled by a power of two (exact) so that neither its length nor the dot
// product overflows (an offset beyond the largest double gives +-inf).
double plane_distance(Vec3 p, const Plane& pl) {
  const double s = unit_scale_for(biased_exponent(pl.normal));
  const Vec3 n = pl.normal * s;
  return (dot(n, p) + pl.constant * s) / length(n);
}

// x 2^k for any int k, rounded once (into the subnormals, or to +-0 / inf).
double scaled_by(double x, int k) {
  if (x == 0.0) return x;
  const Ext e = ext(x);
  return to_double(Ext{e.m, e.e + k});
}

// x . y + w (w may be 0) as m 2^e: each product exact in exponent (no
// underflow or overflow), summed in units of the largest, so that products of
// subnormals keep their digits. A few roundings, relative to the largest term.
Ext ext_dot(Vec3 x, Vec3 y, double w) {
  Ext t[4] = {ext_mul(ext(x.x), ext(y.x)), ext_mul(ext(x.y), ext(y.y)),
              ext_mul(ext(x.z), ext(y.z)), ext(w)};
  int top = 0;
  bool any = false;
  for (const Ext& e : t) {
    if (e.m == 0.0) continue;
    top = any ? (e.e > top ? e.e : top) : e.e;
    any = true;
  }
  if (!any) return {0.0, 0};
  double sum = 0.0;
  for (const Ext& e : t) {
    if (e.m == 0.0) continue;
    sum += to_double(Ext{e.m, e.e - top});  // exponent <= 0
  }
  if (sum == 0.0) return {0.0, 0};
  const Ext r = ext(sum);
  return {r.m, r.e + top};
}

// |v| as m 2^e (no overflow or underflow).
Ext ext_length(Vec3 v) {
  if (is_zero(v)) return {0.0, 0};
  // The largest component into [1, 2) (the others lose only what is
  // negligible beside it).
  const Ext big = ext(max_abs_component(v));
  const Ext l = ext(length(Vec3{scaled_by(v.x, -big.e), scaled_by(v.y, -big.e),
                                scaled_by(v.z, -big.e)}));
  return {l.m, l.e + big.e};
}

// The world distance along the ray o + lambda d (d != 0) to the plane, whose
// side of o is `side` (exact, != 0) and which d faces (exact, != 0 and !=
// side): |f(o)| / |n . d| |d| with f(o) = n . o + constant, in m 2^e so that
// neither subnormal products nor huge ratios lose it. Returns lambda (in units
// of d); false when n . d rounded to 0.
bool plane_entry(Vec3 o, Vec3 d, const Plane& pl, Ext* lambda) {
  const Ext f = ext_abs(ext_dot(pl.normal, o, pl.constant));
  const Ext nd = ext_abs(ext_dot(pl.normal, d, 0.0));
  if (nd.m == 0.0) return false;
  *lambda = ext_div(f, nd);
  return true;
}

// plane_entry and the distance lambda |d| in plain doubles, for inputs of
// ordinary magnitude (detail::ordinary: 0 or within [2^-250, 2^251)). Every
// product of two of them is 0 or within [2^-500, 2^502], a multiple of
// 2^-552, so every sum of four such products is 0 or a normal double (at
// least 2^-552), and the square root of a sum of squares too: the m 2^e
// numbers above round exactly as these do (each product, sum, quotient and
// square root once, in the same order), and the two give the same lambda and
// distance bit for bit whenever those are normal doubles too, which is
// checked last. False (the caller takes plane_entry) otherwise, or when n . d
// rounded to 0.
bool plane_entry_ordinary(Vec3 o, Vec3 d, const Plane& pl, double* lambda,
                          double* distance) {
  if (!(ordinary(o) && ordinary(d) && ordinary(pl.normal) &&
        ordinary(pl.constant)))
    return false;
  const double f = std::fabs(dot(pl.normal, o) + pl.constant);
  const double nd = std::fabs(dot(pl.normal, d));
  if (!(nd > 0.0)) return false;
  const double l = f / nd;
  const double t = l * length(d);
  // (f == 0 gives lambda = distance = 0, as plane_entry does.)
  if (!((l >= DBL_MIN && l <= DBL_MAX && t >= DBL_MIN && t <= DBL_MAX) ||
        f == 0.0))
    return false;
  *lambda = l;
  *distance = t;
  return true;
}

// p moved onto the plane along its unit normal n (one rounded step).
Vec3 onto_plane(Vec3 p, Vec3 n, const Plane& pl) {
  const double f = plane_distance(p, pl);
  return f == 0.0 || !(std::fabs(f) <= DBL_MAX) ? p : p - n * f;
}

// The plane's crossing by o + lambda d (d != 0, from the exact side `side` !=
// 0, the ray facing the plane exactly) with distance <= max_distance and
// lambda <= lambda_max. raycast_plane and linecast_plane both come here, so the
// same path gets the same answer. A crossing that rounds to distance 0 is the
// start (the common rule); one beyond the largest double is a miss.
bool cast_plane(Vec3 o, Vec3 d, const Plane& pl, int side, double max_distance,
                double lambda_max, RayHit* hit) {
  const Vec3 u = unit_or(d, kUp);
  double l, distance;
  if (!plane_entry_ordinary(o, d, pl, &l, &distance)) {
    Ext lambda;
    if (!plane_entry(o, d, pl, &lambda)) return false;  // beyond any double
    l = to_double(lambda);
    distance = to_double(ext_mul(lambda, ext_length(d)));
  }
  if (!(l <= lambda_max)) return false;
  if (!(distance <= max_distance) || !(distance <= DBL_MAX)) return false;
  if (distance == 0.0) {
    fill_start(o, negated(u), hit);
    return true;
  }
  const Vec3 n = unit_or(pl.normal, kUp);
  hit->distance = distance;
  hit->point = onto_plane(o + u * distance, n, pl);
  hit->normal = side > 0 ? n : negated(n);
  return true;
}

// ---- Triangles ----

// The power of two s with |p - q| s in [1, 2) for the largest component (the
// halves' difference where p - q overflows): Expansion's difference() scale.
double edge_scale(Vec3 p, Vec3 q) {
  const Vec3 d = p - q;
  if (max_abs_component(d) <= DBL_MAX)
    return unit_scale_for(biased_exponent(d));
  return unit_scale_for(biased_exponent(p * 0.5 - q * 0.5)) * 0.5;
}

// (b - a) x (c - a) summed exactly and rounded once per component: each
// edge's three differences as exact expansions scaled by the edge's own
// power of two (so that a cap's products stay in range: the cap of the
// mesh_ray finding has its true n_z ~2^-1570, below any double), each
// component the exact difference of two products of them (Shewchuk 1997,
// Two-Product and Grow-Expansion; exact.h), the three scaled by one power of
// two to bring the largest near 1 and rounded to the nearest double
// (Expansion::nearest), then brought near 1 again (exact). The exact
// components are the same polynomial for a rotation of the corners and its
// negation for a swap, so the normal is the same bits, or negated. Terms below
// 2^-1074 in the edges' units (components of one edge more than ~2^500 apart)
// are kept rounded: there the normal is within an ulp, not nearest.
NP_RARE Vec3 exact_triangle_normal(const Triangle& tri) {
  const double s1 = edge_scale(tri.b, tri.a), s2 = edge_scale(tri.c, tri.a);
  Expansion e[3], f[3];
  for (int i = 0; i < 3; ++i) {
    e[i] = difference(get(tri.b, i), get(tri.a, i), s1);
    f[i] = difference(get(tri.c, i), get(tri.a, i), s2);
  }
  Expansion n[3];
  int top = 0;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    n[i].add_product(e[j], f[k], 1.0);
    n[i].add_product(e[k], f[j], -1.0);
    top = max_exponent(top, biased_exponent(n[i].top()));
  }
  if (top == 0 && n[0].top() == 0.0 && n[1].top() == 0.0 && n[2].top() == 0.0)
    return {0.0, 0.0, 0.0};
  const double k = top == 0 ? 0x1p600 : unit_scale_for(top);
  for (Expansion& x : n) x.scale(k);
  const Vec3 r{n[0].nearest(), n[1].nearest(), n[2].nearest()};
  return r * unit_scale_for(biased_exponent(r));
}

// Whether the normal n = e x f of the rounded edges e = b - a, f = c - a
// (each scaled by the same power of two, or not) is a cap's, to be summed
// exactly: a static filter, as Shewchuk's orient3d errbound (Higham, "Accuracy
// and Stability of Numerical Algorithms", 2nd ed., 2.2 and 3.1). With u =
// 2^-53, each difference is b_i - a_i rounded once, relative error at most u
// (exact when subnormal), and a power of two exact (a component it pushes
// below the normal range loses at most 2^-1075); each product rounds once
// more (relative u, or 2^-1075 below the normal range) and the component's
// difference once, so a component p1 - p2 errs by at most (gamma_3 + u (1 +
// gamma_3)) (|p1| + |p2|) <= 4.001 u P, with P within (1 + 5u) of the computed
// |p1| + |p2| = pk, plus 4 2^-1075 for the underflows (components < 2,
// products < 4 when scaled; fewer unscaled): 8 u pk + 2^-1070 bounds it.
// Where the largest such bound is within kTriangleNormalBand of the largest
// component, the direction is right to ~2^-40 rad (false); otherwise true.
// pk: the largest of the three sums of magnitudes.
bool is_cap(double pk, Vec3 n) {
  return !(pk * 0x1p-50 + 0x1p-1070 <=
           kTriangleNormalBand * max_abs_component(n));
}

// The triangle's normal (b - a) x (c - a) from the rounded edges, scaled (its
// direction only); *cap when is_cap says it is not right to ~2^-40 rad.
Vec3 rounded_normal(const Triangle& tri, bool* cap) {
  Vec3 ab = tri.b - tri.a, ac = tri.c - tri.a;
  if (!(max_abs_component(ab) <= DBL_MAX && max_abs_component(ac) <= DBL_MAX)) {
    // A difference beyond the largest double: the corners halved first (exact
    // but for subnormal components, which do not matter at that size).
    ab = tri.b * 0.5 - tri.a * 0.5;
    ac = tri.c * 0.5 - tri.a * 0.5;
  }
  const double s = scale_of(ab, ac, 0.0);
  const Vec3 e = ab * s, f = ac * s;
  const Vec3 n = cross(e, f);
  if (cap != nullptr) {
    *cap = is_cap(max2(max2(std::fabs(e.y * f.z) + std::fabs(e.z * f.y),
                            std::fabs(e.z * f.x) + std::fabs(e.x * f.z)),
                       std::fabs(e.x * f.y) + std::fabs(e.y * f.x)),
                  n);
  }
  return n;
}

// The triangle's normal, scaled (its direction only): from the rounded edges,
// or for a cap (is_cap) the exact normal rounded once (exact_triangle_normal).
Vec3 triangle_normal(const Triangle& tri, bool* cap) {
  const Vec3 n = rounded_normal(tri, cap);
  return *cap ? exact_triangle_normal(tri) : n;
}

// The sign of det[b - a; c - a; x - a] = ((b - a) x (c - a)) . (x - a): which
// side of the triangle's plane x is on.
int triangle_side(const Triangle& tri, Vec3 x) {
  return det3_sign(tri.b, tri.a, tri.c, tri.a, x, tri.a);
}

// The sign of ((b - a) x (c - a)) . d.
int triangle_facing(const Triangle& tri, Vec3 d) {
  return det3_sign(tri.b, tri.a, tri.c, tri.a, d, Vec3{0.0, 0.0, 0.0});
}

// triangle_side(tri, x) and triangle_facing(tri, d) at once, in plain
// doubles, for coordinates of magnitude at most 2^251 (else false). Both
// determinants are det[b - a; c - a; r] = ((b - a) x (c - a)) . r, with
// r = x - a or d, computed on the rounded differences. Shewchuk's static
// filter for orient3d: where no operation underflows, the rounded value has
// the exact sign when its magnitude exceeds (7 + 56 eps) eps, eps = 2^-53,
// times the permanent (the sum of the magnitudes of the six products,
// computed in doubles; Shewchuk, "Adaptive Precision Floating-Point
// Arithmetic and Fast Robust Geometric Predicates", Discrete & Computational
// Geometry 18, 1997, section 4.3, o3derrboundA). kOrientFilterBand (2^-40) is
// wider than that bound (~2^-50.2), as in det3_sign. Underflow adds at most
// 2^-1075 to each of the products of two differences, which the last
// multiplication scales by at most 2^253 (differences are at most 2^252):
// under 2^-819 in all, and 2^-800 is added to the bound for it. A value
// within the bound is kUnsure, for det3_sign (rescaled rows, then Shewchuk's
// expansions).
bool sides_ordinary(const Triangle& tri, Vec3 x, Vec3 d, int* side, int* facing,
                    bool* cap) {
  const double m =
      max2(max2(max2(max_abs_component(tri.a), max_abs_component(tri.b)),
                max2(max_abs_component(tri.c), max_abs_component(x))),
           max_abs_component(d));
  if (!(m <= 0x1p251)) return false;
  const Vec3 ab = tri.b - tri.a, ac = tri.c - tri.a, ax = x - tri.a;
  const Vec3 n = cross(ab, ac);
  const Vec3 p{std::fabs(ab.y * ac.z) + std::fabs(ab.z * ac.y),
               std::fabs(ab.z * ac.x) + std::fabs(ab.x * ac.z),
               std::fabs(ab.x * ac.y) + std::fabs(ab.y * ac.x)};
  const auto filtered = [&](Vec3 r) {
    const double value = dot(n, r);
    const double permanent =
        std::fabs(r.x) * p.x + std::fabs(r.y) * p.y + std::fabs(r.z) * p.z;
    if (std::fabs(value) > kOrientFilterBand * permanent + 0x1p-800)
      return value > 0.0 ? 1 : -1;
    return kUnsure;
  };
  *side = filtered(ax);
  *facing = filtered(d);
  // (is_cap on the same rounded edges, unscaled: its bound holds as well.)
  *cap = is_cap(max2(max2(p.x, p.y), p.z), n);
  return true;
}

// An exact edge-function fallback: the sign of x1 y2 - y1 x2, as the smallest
// double of that sign (so that the barycentric weights stay meaningful).
double edge_value(double x1, double y2, double y1, double x2, double rounded) {
  if (rounded != 0.0) return rounded;
  const Product t[2] = {{x1, y2, false}, {y1, x2, true}};
  const int s = exact_sign(t, 2);
  return s * DBL_TRUE_MIN;
}

// Woop, Benthin, Wald 2013 on the line o + lambda d (d != 0, any lambda): true
// when the line meets the triangle's interior or boundary, with the
// barycentric weights u, v, w (of a, b, c) and lambda. The edge functions that
// round to 0 are decided exactly on the sheared coordinates, so two triangles
// sharing an edge compute exactly opposite values for it and a line through
// the edge meets at least one of them. False also when the line is (within
// rounding) parallel to the plane: the callers handle lines in the plane.
bool watertight(Vec3 o, Vec3 d, const Triangle& tri, double* u, double* v,
                double* w, double* lambda) {
  // d scaled by a power of two (exact): the shear below neither overflows nor
  // underflows. lambda is scaled back.
  const double k = unit_scale_for(biased_exponent(d));
  const Vec3 ds = d * k;
  const double ax = std::fabs(ds.x), ay = std::fabs(ds.y), az = std::fabs(ds.z);
  const int kz = ax > ay ? (ax > az ? 0 : 2) : (ay > az ? 1 : 2);
  int kx = (kz + 1) % 3, ky = (kx + 1) % 3;
  if (get(ds, kz) < 0.0) {
    const int swap = kx;
    kx = ky;
    ky = swap;
  }
  const double dz = get(ds, kz);
  const double sx = get(ds, kx) / dz, sy = get(ds, ky) / dz, sz = 1.0 / dz;
  Vec3 A = tri.a - o, B = tri.b - o, C = tri.c - o;
  const double sv = unit_scale_for(
      max_exponent(biased_exponent(A),
                   max_exponent(biased_exponent(B), biased_exponent(C))));
  A = A * sv;
  B = B * sv;
  C = C * sv;
  const double Ax = get(A, kx) - sx * get(A, kz),
               Ay = get(A, ky) - sy * get(A, kz);
  const double Bx = get(B, kx) - sx * get(B, kz),
               By = get(B, ky) - sy * get(B, kz);
  const double Cx = get(C, kx) - sx * get(C, kz),
               Cy = get(C, ky) - sy * get(C, kz);
  const double U = edge_value(Cx, By, Cy, Bx, Cx * By - Cy * Bx);
  const double V = edge_value(Ax, Cy, Ay, Cx, Ax * Cy - Ay * Cx);
  const double W = edge_value(Bx, Ay, By, Ax, Bx * Ay - By * Ax);
  if ((U < 0.0 || V < 0.0 || W < 0.0) && (U > 0.0 || V > 0.0 || W > 0.0))
    return false;
  const double det = U + V + W;
  if (det == 0.0) return false;
  const double T =
      U * (sz * get(A, kz)) + V * (sz * get(B, kz)) + W * (sz * get(C, kz));
  *u = U / det;
  *v = V / det;
  *w = W / det;
  *lambda = T / det / sv * k;  // o + lambda d
  // A line within rounding of the plane, whose edge functions are all tiny,
  // can give a parameter beyond the largest double: no hit to report.
  return std::fabs(*lambda) <= DBL_MAX;
}

// The side of the line o + lambda d (d != 0) corner v is on, in the projection
// on the axes i1, i2: the exact sign of d1 (v2 - o2) - d2 (v1 - o1), its four
// products of input doubles summed exactly (exact_sign).
int corner_side(Vec3 o, Vec3 d, Vec3 v, int i1, int i2) {
  const double d1 = get(d, i1), d2 = get(d, i2);
  const Product t[4] = {{d1, get(v, i2), false},
                        {d1, get(o, i2), true},
                        {d2, get(v, i1), true},
                        {d2, get(o, i1), false}};
  return exact_sign(t, 4);
}

// A line lying in the (non-degenerate) triangle's plane, o + lambda d, clipped
// against the triangle's three edges in the plane projected along the normal's
// largest axis: the smallest lambda in [0, lambda_max] on the triangle, or
// false. d may be 0 (a point-in-triangle test). A triangle with a feature far
// smaller than its distance from o is clipped relative to its corner nearest
// o (each edge p -> q as q - p, the line's origin as o - p): relative to o, a
// triangle 1e-150 across 433 away rounded to a point (all three corners at
// the same offset from o), every edge function read 0 and the start was
// reported on it. Any other is clipped relative to o, as before.
//
// Neither source handles this case: Ericson's segment test (Real-Time
// Collision Detection, 5.3.6) exits when the segment is parallel to the plane
// (d = qp . n <= 0), and Woop, Benthin and Wald's watertight test (JCGT 2013)
// finds the sheared corners collinear with the ray, U = V = W = 0, det = 0, and
// reports a miss; the contract reports in-plane hits, so the clip is done here
// in the plane. Whether the line meets the triangle at all is decided first,
// exactly: in the plane, Ericson 5.3.4's scalar triple products [pq pa pb] are
// all 0, and their two-dimensional counterpart is the side of the line each
// corner is on; the line misses when all three are strictly on one side
// (corner_side). The clip's parameters -f0 / f1 are rounded, and for a line
// passing a sliver where two edges' lines cross it within rounding of each
// other (a 1e-150 triangle 1e-300 wide, the line 1e-148 beside it: the mesh
// fuzzer's mesh_ray finding), lo <= hi could hold for a line that misses: the
// exact sides decide that miss first. The rounded clip still decides the rest
// (a hit is reported only where both say so, so this never adds one): lo > hi
// for a line that meets the triangle is rounding too, but there lo is no
// entry to report (an edge with subnormal components gives bounds far off: a
// hit 0.75 away for a ray meeting a corner 4e-309 away), so it stays a miss,
// as before (such a ray touching only a corner of a sliver with subnormal
// edges can be missed: left open).
NP_RARE bool coplanar_entry(Vec3 o, Vec3 d, const Triangle& tri, Vec3 n,
                            double lambda_max, double* lambda) {
  const double nx = std::fabs(n.x), ny = std::fabs(n.y), nz = std::fabs(n.z);
  const int kn = nx > ny ? (nx > nz ? 0 : 2) : (ny > nz ? 1 : 2);
  const int i1 = (kn + 1) % 3, i2 = (kn + 2) % 3;
  const double sigma = get(n, kn) > 0.0 ? 1.0 : -1.0;
  if (!is_zero(d)) {
    const int sa = corner_side(o, d, tri.a, i1, i2);
    const int sb = corner_side(o, d, tri.b, i1, i2);
    const int sc = corner_side(o, d, tri.c, i1, i2);
    if (sa != 0 && sa == sb && sb == sc) return false;  // all on one side
  }
  // The frame: relative to the corner nearest o where a feature of the
  // triangle (the least non-zero component of an edge) is below 2^-26 of
  // that distance, since relative to o each corner is rounded to ~2^-53 of
  // it, and such a feature keeps at most 27 bits (a triangle 1e-150 across
  // 433 away rounded to one point; a sliver 8e-300 wide 1e-148 away, to a
  // segment); else relative to o, as before (where a corner frame lost a
  // start's offset 5e-320 from a corner of a triangle 5e141 across). Not
  // where an edge or the distance overflows.
  const Vec3 V[3] = {tri.a, tri.b, tri.c};
  int r = 0;
  double dist = max_abs_component(o - V[0]), feature = kInf;
  bool finite = true;
  for (int j = 0; j < 3; ++j) {
    const double dj = max_abs_component(o - V[j]);
    if (dj < dist) r = j, dist = dj;
    const Vec3 e = V[(j + 1) % 3] - V[j];
    finite = finite && max_abs_component(e) <= DBL_MAX;
    for (int c = 0; c < 3; ++c) {
      const double x = std::fabs(get(e, c));
      if (x > 0.0) feature = min2(feature, x);
    }
  }
  const bool corner_frame =
      finite && dist <= DBL_MAX && feature * 0x1p26 < dist;
  const Vec3 B = V[(r + 1) % 3] - V[r], C = V[(r + 2) % 3] - V[r], O = o - V[r];
  const double size = max2(max_abs_component(B), max_abs_component(C));
  const Vec3 X[3] = {corner_frame ? Vec3{0.0, 0.0, 0.0} : tri.a - o,
                     corner_frame ? B : tri.b - o,
                     corner_frame ? C : tri.c - o};
  // Scaled up when small (exact); scaled down only where products could
  // overflow (halving would round subnormal components of a sliver to 0).
  double sv = corner_frame ? scale_of(B, C, dist)
                           : scale_of(X[0], X[1], max_abs_component(X[2]));
  if (sv < 1.0 && (corner_frame ? max2(size, dist)
                                : max2(max2(max_abs_component(X[0]),
                                            max_abs_component(X[1])),
                                       max_abs_component(X[2]))) <= 0x1p500)
    sv = 1.0;
  const double k = is_zero(d) ? 1.0 : unit_scale_for(biased_exponent(d));
  const Vec3 P[3] = {X[0] * sv, X[1] * sv, X[2] * sv};
  const Vec3 Os = corner_frame ? O * sv : Vec3{0.0, 0.0, 0.0};
  const double Dx = get(d, i1) * k, Dy = get(d, i2) * k;
  // On the line o + (tau / sv) (d k): tau in the scaled units.
  double lo = 0.0, hi = kInf;
  for (int i = 0; i < 3; ++i) {
    const Vec3 p = P[i], q = P[(i + 1) % 3];
    const double px = get(p, i1), py = get(p, i2), qx = get(q, i1),
                 qy = get(q, i2);
    const double ex = qx - px, ey = qy - py;
    const double wx = get(Os, i1) - px, wy = get(Os, i2) - py;
    // (An edge function that rounds to 0 takes the exact sign of the
    // products, as a subnormal: a point beside a sliver's edge is not on it.)
    const double f0 =
        sigma * (corner_frame ? edge_value(ex, wy, ey, wx, ex * wy - ey * wx)
                              : edge_value(px, qy, py, qx, px * qy - py * qx));
    const double f1 = sigma * (ex * Dy - ey * Dx);
    if (f1 == 0.0) {
      if (f0 < 0.0) return false;
    } else if (f1 > 0.0) {
      lo = max2(lo, -f0 / f1);
    } else {
      hi = min2(hi, f0 / -f1);
    }
  }
  if (lo > hi) return false;
  const double l = lo / sv * k;  // lambda along d
  if (!(l <= lambda_max)) return false;
  *lambda = l;
  return true;
}

// A degenerate triangle's segment: its longest edge (or its point).
void degenerate_span(const Triangle& tri, Vec3* p, Vec3* q) {
  const Vec3 v[3] = {tri.a, tri.b, tri.c};
  const double s =
      scale_of(tri.b - tri.a, tri.c - tri.a, max_abs_component(tri.c - tri.b));
  double best = -1.0;
  for (int i = 0; i < 3; ++i) {
    const Vec3 x = v[i], y = v[(i + 1) % 3];
    const double l = length_squared((x - y) * s);
    if (l > best) best = l, *p = x, *q = y;
  }
}

// A cap's crossing (cast_triangle, for a triangle whose normal took the exact
// path): the line o + lambda d crosses the plane at lambda >= 0 (d facing it,
// o off the plane on the other side or on it: both exact). Woop, Benthin and
// Wald's edge functions are differences of products of the corners taken
// relative to o, rounded, which for a cap lose the offsets that tilt its plane
// (the mesh_ray finding: a hit 3.5% before the triangle's box, the two corner
// orders an ulp apart), so here the crossing is taken on the exact reals.
// Whether the line meets the triangle: the signs of Ericson's scalar triple
// products (Real-Time Collision Detection, 5.3.4: [a - o, b - o, d] and its two
// rotations, all >= 0 or all
// <= 0; det3_sign, exact). Where: Ericson 5.3.1's plane crossing, lambda =
// -det[b - a; c - a; o - a] / det[b - a; c - a; d], both determinants summed
// exactly (det3_value: neither the rounded normal nor any product's underflow
// enters; a cap's true normal can lie below 2^-1074 in every unit its edges
// allow) and rounded twice each, so lambda is within ~4 ulps of the true
// crossing's. The determinants are orient3d(a, b, c, .): a rotation of the
// corners gives the same numbers, a swap their negations, so the answer does
// not depend on the corners' order. kMiss or kHit (lambda beyond the largest
// double is a miss); kWatertight names the callers' path for the rest.
enum class CapCrossing { kMiss, kHit, kWatertight };
NP_RARE CapCrossing cap_crossing(Vec3 o, Vec3 d, const Triangle& tri,
                                 double* lambda) {
  const Vec3 zero{0.0, 0.0, 0.0};
  const int s0 = det3_sign(tri.a, o, tri.b, o, d, zero);
  const int s1 = det3_sign(tri.b, o, tri.c, o, d, zero);
  const int s2 = det3_sign(tri.c, o, tri.a, o, d, zero);
  if ((s0 < 0 || s1 < 0 || s2 < 0) && (s0 > 0 || s1 > 0 || s2 > 0))
    return CapCrossing::kMiss;
  const Ext num = ext_abs(det3_value(tri.b, tri.a, tri.c, tri.a, o, tri.a));
  const Ext den = ext_abs(det3_value(tri.b, tri.a, tri.c, tri.a, d, zero));
  // (den != 0: d faces the plane, exactly.)
  *lambda = to_double(ext_div(num, den));
  return *lambda <= DBL_MAX ? CapCrossing::kHit : CapCrossing::kMiss;
}

// The hit on a triangle of the line o + lambda d (lambda >= 0, within
// lambda_max), d != 0. The triangle is not degenerate. `side` is the exact
// side of o, `facing` that of d. len: |d| (world units per lambda).
bool cast_triangle(Vec3 o, Vec3 d, const Triangle& tri, Vec3 n, bool cap,
                   int side, int facing, double lambda_max, double len,
                   RayHit* hit) {
  // (The unit direction only where a hit at the start needs it.)
  const auto u = [d] { return unit_or(d, kUp); };
  if (side == 0 && facing == 0) {  // in the plane
    double lambda;
    if (!coplanar_entry(o, d, tri, n, lambda_max, &lambda)) return false;
    if (lambda == 0.0) {
      fill_start(o, negated(u()), hit);
      return true;
    }
    if (!(lambda * len <= DBL_MAX)) return false;  // beyond the largest double
    hit->distance = lambda * len;
    hit->point = o + d * lambda;
    hit->normal = unit_or(n, kUp);
    return true;
  }
  if (facing == 0) return false;                  // parallel, off the plane
  if (side != 0 && side == facing) return false;  // moving away
  double bu, bv, bw, lambda;
  const CapCrossing cc =
      cap ? cap_crossing(o, d, tri, &lambda) : CapCrossing::kWatertight;
  if (cc == CapCrossing::kMiss) return false;
  if (cc == CapCrossing::kHit) {
    if (lambda == 0.0) {  // the start (on the plane), or rounded to it
      fill_start(o, negated(u()), hit);
      return true;
    }
    bu = bv = bw = -1.0;  // the point is taken on the line below
  } else if (!watertight(o, d, tri, &bu, &bv, &bw, &lambda)) {
    return false;
  }
  if (side == 0) {
    fill_start(o, negated(u()), hit);
    return true;
  }
  if (!(lambda > 0.0)) {
    // A crossing that rounds to at or behind a start off the plane: the ray
    // lies within rounding of the plane, where the crossing is ill-posed.
    // Cast it as lying in the plane (a start beside the triangle is not
    // reported as on it).
    if (!coplanar_entry(o, d, tri, n, lambda_max, &lambda)) return false;
    if (lambda == 0.0) {
      fill_start(o, negated(u()), hit);
      return true;
    }
    bu = bv = bw = -1.0;  // the point is taken on the line below
  }
  if (!(lambda <= lambda_max) || !(lambda * len <= DBL_MAX)) return false;
  hit->distance = lambda * len;
  hit->point = bu < 0.0 ? o + d * lambda : tri.a * bu + tri.b * bv + tri.c * bw;
  const Vec3 nu = unit_or(n, kUp);
  hit->normal = facing > 0 ? negated(nu) : nu + Vec3{0.0, 0.0, 0.0};
  return true;
}

// ---- Oriented boxes ----

Vec3 to_local(Vec3 v, const OBB& b) {
  return {dot(v, b.axis[0]), dot(v, b.axis[1]), dot(v, b.axis[2])};
}
// The world point of local v, in units scaled by k (see
// detail::obb_frame_scale).
Vec3 to_world(Vec3 v, const OBB& b, double k) {
  const Vec3 w = b.axis[0] * v.x + b.axis[1] * v.y + b.axis[2] * v.z;
  if (k == 1.0) return b.center + w;
  return (b.center * k + w) / k;
}
// The world normal of a local axis normal (+-1 on one axis): the axis
// normalized (the axes are orthonormal only within validation's tolerance),
// without -0.
Vec3 face_normal(Vec3 local, const OBB& b) {
  for (int i = 0; i < 3; ++i) {
    const double c = get(local, i);
    const Vec3 a = unit_or(b.axis[i], kUp);
    if (c > 0.0) return a + Vec3{0.0, 0.0, 0.0};
    if (c < 0.0) return negated(a) + Vec3{0.0, 0.0, 0.0};
  }
  return unit_or(b.axis[0], kUp) + Vec3{0.0, 0.0, 0.0};
}
AABB local_box(const OBB& b, double k) {
  return {negated(b.half_size * k), b.half_size * k};
}
// (p - center) k, without overflow.
Vec3 offset(Vec3 p, Vec3 center, double k) {
  return k == 1.0 ? p - center : p * k - center * k;
}

}  // namespace

// ---- Spheres ----

bool raycast_sphere(const Ray& ray, const Sphere& s, double max_distance,
                    RayHit* hit) {
  const Vec3 u = unit_or(ray.direction, kUp);
  if (within(ray.origin - s.center, s.radius)) {
    fill_start(ray.origin, negated(u), hit);
    return true;
  }
  return cast_capsule_outside(ray.origin, u, s.center, s.center, s.radius,
                              max_distance, hit);
}

bool linecast_sphere(Vec3 start, Vec3 end, const Sphere& s, RayHit* hit) {
  const Vec3 d = end - start;
  if (is_zero(d)) {
    if (!within(start - s.center, s.radius)) return false;
    fill_start(start, unit_or(start - s.center, kUp), hit);
    return true;
  }
  RayHit h;
  const bool r =
      raycast_sphere({start, direction_of(start, end, d)}, s, kInf, &h);
  return clip_to_segment(r, h, length(d), within(end - s.center, s.radius), end,
                         end_normal(end, s.center, direction_of(start, end, d)),
                         hit);
}

// ---- Planes ----

bool raycast_plane(const Ray& ray, const Plane& pl, double max_distance,
                   RayHit* hit) {
  const int side = plane_side(ray.origin, pl);
  if (side == 0) {
    fill_start(ray.origin, negated(unit_or(ray.direction, kUp)), hit);
    return true;
  }
  const int facing = plane_facing(ray.direction, pl);
  if (facing == 0 || facing == side) return false;  // parallel, or away
  return cast_plane(ray.origin, ray.direction, pl, side, max_distance, kInf,
                    hit);
}

bool linecast_plane(Vec3 start, Vec3 end, const Plane& pl, RayHit* hit) {
  const Vec3 d = end - start;
  const Vec3 n = unit_or(pl.normal, kUp);
  const int s0 = plane_side(start, pl);
  if (s0 == 0) {
    fill_start(
        start,
        is_zero(d) ? n : negated(unit_or(direction_of(start, end, d), kUp)),
        hit);
    return true;
  }
  if (is_zero(d)) return false;
  const int s1 = plane_side(end, pl);
  if (s1 == s0) return false;
  const double len = length(d);
  hit->normal = s0 > 0 ? n : negated(n);
  if (s1 == 0) {
    if (!(len <= DBL_MAX)) return false;  // beyond the largest double
    hit->distance = len;
    hit->point = end;
    return true;
  }
  // The ray's crossing (the same path, the same answer), at most at the end:
  // start and end are on opposite sides exactly.
  RayHit h;
  if (cast_plane(start, direction_of(start, end, d), pl, s0, kInf, kInf, &h)) {
    if (h.distance > len) {
      h.distance = len;
      h.point = onto_plane(end, n, pl);
    }
    *hit = h;
    return true;
  }
  // (n . d rounded to 0 or a crossing beyond the largest double, for a segment
  // that crosses: Ericson 5.3.1's t = f(start) / (f(start) - f(end)).)
  const double f0 = std::fabs(plane_distance(start, pl)),
               f1 = std::fabs(plane_distance(end, pl));
  const double sum = f0 + f1;
  const double t = sum > 0.0 && sum <= DBL_MAX ? min2(f0 / sum, 1.0) : 0.5;
  // (A crossing beyond the largest double: a miss, as the contract says.)
  if (!(t * len <= DBL_MAX)) return false;
  hit->distance = t * len;
  hit->point = onto_plane(start + d * t, n, pl);
  if (hit->distance == 0.0)
    fill_start(start, negated(unit_or(direction_of(start, end, d), kUp)), hit);
  return true;
}

// ---- Triangles ----

bool raycast_triangle(const Ray& ray, const Triangle& t, double max_distance,
                      RayHit* hit) {
  // The rounded normal, and whether it is a cap's from sides_ordinary's
  // filter where that runs (it has the products at hand), else from its own.
  int side = kUnsure, facing = kUnsure;
  bool cap;
  Vec3 n = rounded_normal(t, nullptr);
  if (!sides_ordinary(t, ray.origin, ray.direction, &side, &facing, &cap))
    rounded_normal(t, &cap);
  if (cap) n = exact_triangle_normal(t);
  if (is_zero(n)) {
    // Degenerate: the segment or point it spans, a radius-0 capsule.
    Vec3 p, q;
    degenerate_span(t, &p, &q);
    if (!raycast_capsule(ray, Capsule{p, q, 0.0}, max_distance, hit))
      return false;
    hit->normal = negated(unit_or(ray.direction, kUp));
    return true;
  }
  if (side == kUnsure) side = triangle_side(t, ray.origin);
  if (facing == kUnsure) facing = triangle_facing(t, ray.direction);
  const double k = unit_scale_for(biased_exponent(ray.direction));
  const Vec3 d = ray.direction * k;  // exact: |d| is in [1, 2 sqrt(3))
  RayHit h;
  if (!cast_triangle(ray.origin, d, t, n, cap, side, facing, kInf, length(d),
                     &h))
    return false;
  if (!(h.distance <= max_distance)) return false;
  *hit = h;
  return true;
}

bool linecast_triangle(Vec3 start, Vec3 end, const Triangle& t, RayHit* hit) {
  bool cap;
  const Vec3 n = triangle_normal(t, &cap);
  const Vec3 d = end - start;
  if (is_zero(n)) {
    Vec3 p, q;
    degenerate_span(t, &p, &q);
    if (!linecast_capsule(start, end, Capsule{p, q, 0.0}, hit)) return false;
    hit->normal =
        is_zero(d) ? kUp : negated(unit_or(direction_of(start, end, d), kUp));
    return true;
  }
  const int s0 = triangle_side(t, start);
  if (is_zero(d)) {
    double lambda;
    if (s0 != 0 || !coplanar_entry(start, d, t, n, 0.0, &lambda)) return false;
    fill_start(start, unit_or(n, kUp), hit);
    return true;
  }
  const int s1 = triangle_side(t, end);
  if (s0 != 0 && s0 == s1) return false;  // wholly on one side
  const int facing = triangle_facing(t, direction_of(start, end, d));
  const double len = length(d);
  // (Where end - start overflows, the halves' difference: lambda in its units.)
  const Vec3 dd = direction_of(start, end, d);
  const double lambda_end = max_abs_component(d) <= DBL_MAX ? 1.0 : 2.0;
  RayHit h;
  if (!cast_triangle(start, dd, t, n, cap, s0, facing,
                     s0 == 0 ? lambda_end : kInf, length(dd), &h))
    return false;
  if (s0 != 0 && (s1 == 0 || h.distance > len)) {
    // The end is on the plane (exactly), or across it: the crossing is at most
    // at the end.
    if (s1 == 0) {
      h.distance = len;
    } else {
      h.distance = min2(h.distance, len);
    }
  }
  *hit = h;
  return true;
}

// ---- Capsules ----

bool raycast_capsule(const Ray& ray, const Capsule& c, double max_distance,
                     RayHit* hit) {
  const Vec3 u = unit_or(ray.direction, kUp);
  if (within(ray.origin - nearest_on_segment(ray.origin, c.start, c.end),
             c.radius)) {
    fill_start(ray.origin, negated(u), hit);
    return true;
  }
  return cast_capsule_outside(ray.origin, u, c.start, c.end, c.radius,
                              max_distance, hit);
}

bool linecast_capsule(Vec3 start, Vec3 end, const Capsule& c, RayHit* hit) {
  const Vec3 d = end - start;
  if (is_zero(d)) {
    const Vec3 q = nearest_on_segment(start, c.start, c.end);
    if (!within(start - q, c.radius)) return false;
    fill_start(start, unit_or(start - q, kUp), hit);
    return true;
  }
  RayHit h;
  const bool r =
      raycast_capsule({start, direction_of(start, end, d)}, c, kInf, &h);
  return clip_to_segment(
      r, h, length(d),
      within(end - nearest_on_segment(end, c.start, c.end), c.radius), end,
      end_normal(end, nearest_on_segment(end, c.start, c.end),
                 direction_of(start, end, d)),
      hit);
}

// ---- Oriented boxes ----

bool raycast_obb(const Ray& ray, const OBB& b, double max_distance,
                 RayHit* hit) {
  const Vec3 u = unit_or(ray.direction, kUp);
  const double k = detail::obb_frame_scale(ray.origin, ray.origin, b);
  const Vec3 lo = to_local(offset(ray.origin, b.center, k), b),
             ld = to_local(u, b);
  RayHit lh;
  if (!raycast_aabb(Ray{lo, ld}, local_box(b, k), kInf, &lh)) return false;
  if (lh.distance == 0.0) {  // the origin is in the box
    fill_start(ray.origin, negated(u), hit);
    return true;
  }
  const double distance = lh.distance / length(ld) / k;  // |u| = 1
  if (!(distance <= max_distance) || !(distance <= DBL_MAX)) return false;
  hit->distance = distance;
  hit->point = to_world(lh.point, b, k);
  // (A point beyond the largest double: a miss, as the contract says.)
  if (!(max_abs_component(hit->point) <= DBL_MAX)) return false;
  hit->normal = face_normal(lh.normal, b);
  return true;
}

bool linecast_obb(Vec3 start, Vec3 end, const OBB& b, RayHit* hit) {
  const Vec3 d = end - start;
  const double k = detail::obb_frame_scale(start, end, b);
  const Vec3 ls = to_local(offset(start, b.center, k), b),
             le = to_local(offset(end, b.center, k), b);
  RayHit lh;
  if (!linecast_aabb(ls, le, local_box(b, k), &lh)) return false;
  if (lh.distance == 0.0) {
    fill_start(start,
               is_zero(d) ? face_normal(lh.normal, b)
                          : negated(unit_or(direction_of(start, end, d), kUp)),
               hit);
    return true;
  }
  const double len = length(d), llen = length(le - ls);
  const double distance =
      lh.distance >= llen ? len : min2(lh.distance / llen * len, len);
  // (An entry beyond the largest double: a miss, as the contract says.)
  if (!(distance <= DBL_MAX)) return false;
  hit->distance = distance;
  hit->point = to_world(lh.point, b, k);
  // (A point beyond the largest double: a miss, as the contract says.)
  if (!(max_abs_component(hit->point) <= DBL_MAX)) return false;
  hit->normal = face_normal(lh.normal, b);
  return true;
}

}  // namespace np
