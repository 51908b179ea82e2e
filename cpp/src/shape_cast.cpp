#include "narrowphase/shape_cast.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exact_poly.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

using namespace detail;  // NOLINT: the building blocks this file is made of

// The power of two that brings magnitudes of the given biased exponent near 1
// (unit_scale_for), and its exponent: overflowed rounded differences (inf,
// exponent 2047) get 2^-1000, which brings every double below 2^24, and zero or
// subnormal ones 2^1000.
struct Scale {
  double factor;
  int log2;
};
inline Scale scale_for(int biased) {
  return {unit_scale_for(biased), biased == 0      ? 1000
                                  : biased >= 2046 ? -1000
                                                   : 1023 - biased};
}
inline double scale_of(int biased) { return unit_scale_for(biased); }

// Before any expansion, each sign below is first tried on the rounded numbers
// (scaled like the exact ones, so that nothing overflows and the largest
// magnitudes are ~1): a few roundings of differences that are themselves
// rounded relative to their own size put such a value within 32 ulps of the sum
// of its terms' magnitudes, and within DBL_MIN for products below the normal
// range. kSphereCastClearMiss is 128 ulps: beyond that the rounded sign is the
// exact one, and the expansions only run for values nearer to 0.
inline bool clear_of_zero(double value, double magnitude) {
  return std::fabs(value) > kSphereCastClearMiss * magnitude + DBL_MIN;
}

// The sign of |p - q|^2 - (r1 + r2)^2 on the exact reals, or kUnsure: whether
// balls of radius r1 and r2 around p and q are apart (1), touching (0) or
// overlapping (-1).
NP_RARE int sign_of_gap(Vec3 p, Vec3 q, double r1, double r2) {
  const double s =
      scale_of(max_exponent(biased_exponent(p - q), biased_exponent(r1 + r2)));
  const Vec3 x = (p - q) * s;
  const double r = (r1 + r2) * s, x2 = length_squared(x), rr = r * r;
  if (clear_of_zero(x2 - rr, x2 + rr))
    return x2 > rr ? 1 : -1;  // (not taken for inf or NaN)
  Expansion v;
  for (int i = 0; i < 3; ++i) {
    const Expansion x_i = difference(get(p, i), get(q, i), s);
    v.add_product(x_i, x_i, 1.0);
  }
  const Expansion re = sum(r1, r2, s);
  v.add_product(re, re, -1.0);
  const int sign = v.sign();
  if (sign != kUnsure) return sign;
  // Products below the normal range in these units (an offset of 1e-300
  // beside coordinates of 1e300): sum_i (p_i^2 - 2 p_i q_i + q_i^2) - r1^2 -
  // 2 r1 r2 - r2^2, each product of two inputs exact in integers.
  ExactSum exact;
  const auto add = [&exact](double a, double b, int sign_) {
    const double f[2] = {a, b};
    exact.add_product(f, 2, sign_);
  };
  for (int i = 0; i < 3; ++i) {
    const double pi = get(p, i), qi = get(q, i);
    add(pi, pi, 1), add(pi, qi, -1), add(pi, qi, -1), add(qi, qi, 1);
  }
  add(r1, r1, -1), add(r1, r2, -1), add(r1, r2, -1), add(r2, r2, -1);
  return exact.sign();
}

// The sign of (p - q) . (e - f) on the exact reals, or kUnsure; s and t scale
// the two differences.
NP_RARE int sign_of_dot(Vec3 p, Vec3 q, double s, Vec3 e, Vec3 f, double t) {
  const Vec3 x = (p - q) * s, y = (e - f) * t;
  const double value = dot(x, y);
  if (clear_of_zero(value, std::fabs(x.x * y.x) + std::fabs(x.y * y.y) +
                               std::fabs(x.z * y.z))) {
    return value > 0.0 ? 1 : -1;
  }
  Expansion v;
  for (int i = 0; i < 3; ++i) {
    v.add_product(difference(get(p, i), get(q, i), s),
                  difference(get(e, i), get(f, i), t), 1.0);
  }
  const int sign = v.sign();
  if (sign != kUnsure) return sign;
  // Products below the normal range in these units (a path 1e-111 long from
  // near DBL_MAX, whose direction's components are 1e-308 and 1e-111): sum_i
  // (p_i e_i - p_i f_i - q_i e_i + q_i f_i), exact in integers.
  ExactSum exact;
  for (int i = 0; i < 3; ++i) {
    const double pi = get(p, i), qi = get(q, i), ei = get(e, i), fi = get(f, i);
    const double terms[4][2] = {{pi, ei}, {pi, fi}, {qi, ei}, {qi, fi}};
    const int signs[4] = {1, -1, -1, 1};
    for (int k = 0; k < 4; ++k) exact.add_product(terms[k], 2, signs[k]);
  }
  return exact.sign();
}

enum Touch { kMiss, kPathTouches, kStartTouches };

// Whether a ball of radius r1 moving from start to end touches the ball
// (center, r2), decided on the exact reals the doubles stand for. With u =
// start - center, d = end - start, w = end - center and R = r1 + r2, the path's
// nearest approach is the start, the end, or (when u . d < 0 < w . d) the foot
// of the perpendicular, at squared distance |u x d|^2 / |d|^2 (Lagrange's
// identity). So the balls touch at the start when |u|^2 <= R^2; otherwise they
// touch along the path when |w|^2 <= R^2, or when u . d < 0 < w . d and |u x
// d|^2 <= R^2 |d|^2. Each of these signs is that of a polynomial in the inputs:
// first tried on the rounded numbers (clear_of_zero), then computed as an exact
// expansion in units where its largest terms are ~1. For the last one, u x d is
// computed as u x w with u and w each in units of their own and scaled again
// before it is squared, so that a path passing 2^-600 off the center of a
// target of that reach beside coordinates ~1, or coming from 2^1000 away to a
// target of size 2^-1000, is decided exactly too. A sign is unsure only where
// it hinges on terms below ~2^-960 times the largest of the same polynomial (an
// input difference or product below the normal range there: a subnormal offset
// beside ordinary coordinates, say); an unsure sign counts as touching (closed
// shapes).
NP_RARE Touch touch_exactly(Vec3 start, Vec3 end, double r1, Vec3 center,
                            double r2) {
  if (sign_of_gap(start, center, r1, r2) != 1) return kStartTouches;
  if (start.x == end.x && start.y == end.y && start.z == end.z) return kMiss;
  if (sign_of_gap(end, center, r1, r2) != 1) return kPathTouches;

  const double su = scale_of(
      max_exponent(biased_exponent(start - center), biased_exponent(r1 + r2)));
  const double sd = scale_of(biased_exponent(end - start)),
               sw = scale_of(biased_exponent(end - center));
  // The nearest point of the line lies before the start or beyond the end: the
  // end points decided it.
  const int sud = sign_of_dot(start, center, su, end, start, sd);
  if (sud == 0 || sud == 1) return kMiss;
  const int swd = sign_of_dot(end, center, sw, end, start, sd);
  if (swd == 0 || swd == -1) return kMiss;

  // The rounded |u x d|^2 - R^2 |d|^2 (as in cast()), then the exact one.
  {
    const Vec3 us = (start - center) * su, ds = (end - start) * sd;
    const double rs = (r1 + r2) * su, a = length_squared(ds), r2s = rs * rs;
    const double disc = a * r2s - length_squared(cross(us, ds));
    if (clear_of_zero(disc, a * (r2s + length_squared(us))))
      return disc > 0.0 ? kPathTouches : kMiss;
  }
  // |u x d|^2 <= R^2 |d|^2 exactly, with u x d written as u x w (equal, as u x
  // u = 0): a path from far away to near the target has u and d huge and w
  // small, and u x d would cancel down from ~|u| |d| to ~|u| |w|, below what
  // their common scale can hold. u, w, d and R each get a scale of their own,
  // and u x w another before it is squared; the powers of two between the two
  // sides are then compared as integers.
  const Scale sr = scale_for(biased_exponent(r1 + r2)),
              lu = scale_for(biased_exponent(start - center)),
              lw = scale_for(biased_exponent(end - center)),
              ls = scale_for(biased_exponent(end - start));
  Expansion c[3];  // (u x w) * 2^(lu + lw)
  {
    Expansion u[3], w[3];
    for (int i = 0; i < 3; ++i) {
      u[i] = difference(get(start, i), get(center, i), lu.factor);
      w[i] = difference(get(end, i), get(center, i), lw.factor);
    }
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      c[i].add_product(u[j], w[k], 1.0);
      c[i].add_product(u[k], w[j], -1.0);
    }
  }
  int e = 0;
  bool zero = true, nonzero = false;
  for (int i = 0; i < 3; ++i) {
    e = max_exponent(e, biased_exponent(c[i].top()));
    const int sign = c[i].sign();
    zero = zero && sign == 0;
    nonzero = nonzero || sign == 1 || sign == -1;
  }
  if (zero)
    return kPathTouches;  // the line passes through the center: touches
                          // whatever the reach
  // A point passing a point goes through it or not. One component of u x w
  // surely non-zero settles it, whatever the others lost below the normal range
  // (a path from (DBL_MAX, 19.8, -1.5e308) to (0, -3.8, 1.5e308) has u's 19.8
  // beside 1.5e308: it underflowed in u's units, and that component's sign was
  // unsure, while the others were clearly non-zero; counted as touching, the
  // cast hit a point it passes 1e308 away from).
  if (r1 + r2 == 0.0) return nonzero ? kMiss : kPathTouches;
  const Scale lc = scale_for(e);
  Expansion lhs, rhs;  // R^2 |d|^2 * 2^(2 (sr + ls)) and |u x w|^2 * 2^(2 (lu +
                       // lw + lc)), both ~1
  {
    Expansion dd, rr;
    const Expansion r = sum(r1, r2, sr.factor);
    rr.add_product(r, r, 1.0);
    for (int i = 0; i < 3; ++i) {
      const Expansion d_i = difference(get(end, i), get(start, i), ls.factor);
      dd.add_product(d_i, d_i, 1.0);
      c[i].scale(lc.factor);
      rhs.add_product(c[i], c[i], 1.0);
    }
    lhs.add_product(rr, dd, 1.0);
  }
  // lhs * 2^f - rhs has the sign of R^2 |d|^2 - |u x w|^2. Both lie in [2^-300,
  // 64): beyond a factor 2^400 the power of two decides alone.
  const int f = 2 * ((lu.log2 + lw.log2 + lc.log2) - (sr.log2 + ls.log2));
  if (f > 400) return kPathTouches;
  if (f < -400) return rhs.sign() == 1 ? kMiss : kPathTouches;
  lhs.scale(pow2(f));
  lhs.add(rhs, -1.0);
  return lhs.sign() == -1 ? kMiss : kPathTouches;
}

// =========================================================================================================
// The cast
// =========================================================================================================

// Ericson, Real-Time Collision Detection, 5.3.2 (intersecting ray against
// sphere), applied to the center of the moving ball against the target inflated
// by its radius (the Minkowski sum of two balls is a ball of radius r1 + r2).
// Article 004 finds the same point C geometrically: the foot D of the
// perpendicular from S to AB, |AD| = AS . nAB, |DS|^2 = |AS|^2 - |AD|^2, |CD| =
// sqrt((r1 + r2)^2 - |DS|^2), C = A + nAB (|AD| - |CD|).
//
// Whether the balls touch at all is decided on the exact reals: at the start
// when |SA| <= r1 + r2, and otherwise when the path's nearest approach to S is
// within r1 + r2 (touch_exactly). The rounded numbers decide it where their
// rounding cannot change the answer, which is every cast but those within
// kSphereCastClearMiss of a boundary; those go to touch_exactly. So an exactly
// tangent path touches at any magnitude, and a path that ends an ulp short of
// contact misses.
//
// `start`..`target_radius` are the inputs, possibly divided by 2^1000 (`huge`,
// see sphere_cast_sphere); `exact_*` are the inputs as given. `center` and
// `distance` come back in the units of the former; `fraction` and `normal` do
// not depend on them.
__attribute__((always_inline)) inline bool cast(
    Vec3 start, Vec3 end, double radius, Vec3 target_center,
    double target_radius, bool huge, const Segment& exact_path,
    double exact_radius, const Sphere& exact_target, double* fraction,
    double* distance, Vec3* center, Vec3* normal, bool* started) {
  const double reach = radius + target_radius;  // |CS| at contact
  const Vec3 d = end - start;                   // AB
  const Vec3 m = start - target_center;         // SA

  // The quadratic in units where m and reach are ~1, and d too (each by its own
  // power of two: exact), so that its products of squares, a * reach^2 and |m x
  // d|^2, neither overflow nor underflow, even for a gap of 2^-600 along a path
  // of length 1. The root scales by s_d / s_m. Skipped when all three are
  // within 2^+-250 (every game scene): there nothing can overflow or underflow,
  // and the scaling would change no result.
  const int em = max_exponent(biased_exponent(m), biased_exponent(reach)),
            ed = biased_exponent(d);
  const bool ordinary = (em >= 1023 - 250) & (em <= 1023 + 250) &
                        (ed >= 1023 - 250) & (ed <= 1023 + 250);
  const double s_m = ordinary ? 1.0 : unit_scale_for(em),
               s_d = ordinary ? 1.0 : unit_scale_for(ed);
  const Vec3 ms = m * s_m, ds = d * s_d;
  const double rs = reach * s_m;
  const double m2 = length_squared(ms), r2 = rs * rs;
  const double a = length_squared(ds),
               b = dot(ms, ds);  // |m + t d|^2 = reach^2: a t^2 + 2 b t + c = 0
  const auto exactly = [&] {
    return touch_exactly(exact_path.start, exact_path.end, exact_radius,
                         exact_target.center, exact_target.radius);
  };

  // Each rounded quantity below is a few roundings of numbers that are
  // themselves exact or rounded once relative to their own size (a difference
  // of two doubles is): m2 - r2 is within 12 ulps of m2 + r2, the discriminant
  // within 32 ulps of a (r2 + m2). kSphereCastClearMiss is 128 ulps: within it,
  // the exact reals decide (touch_exactly).
  Touch touch;
  if (huge || std::fabs(m2 - r2) <= kSphereCastClearMiss * (m2 + r2)) {
    touch =
        exactly();  // (huge: the inputs divided by 2^1000 may have lost bits)
  } else if (m2 < r2) {
    touch = kStartTouches;  // overlapping at the start (closed balls); the
                            // article would report a contact behind A
  } else if (a == 0.0 || b >= 0.0) {
    // A zero-length cast that does not overlap, or one moving away from (or
    // sideways past) the target. (Were the exact b negative after all, the
    // nearest point would lie within rounding of the start, nearer to S by ~b^2
    // / a only, far less than the start's clear margin.)
    touch = kMiss;
  } else {
    // The discriminant b^2 - a c rewritten by Lagrange's identity as a reach^2
    // - |m x d|^2 (no cancellation between two large products on long casts):
    // >= 0 when the line comes within reach of S.
    const double disc = a * r2 - length_squared(cross(ms, ds));
    const double band = kSphereCastClearMiss * a * (r2 + m2);
    if (disc < -band) {
      touch = kMiss;  // the line passes wide of the target
    } else if (disc <= band) {
      touch = exactly();
    } else if (-b / a * s_d / s_m < 1.0) {
      // The nearest point of the line lies before the end: the path goes within
      // reach. (When rounding put it before the end while it lies just beyond,
      // the end is within reach: the discriminant is clearly positive, and the
      // nearest point only ulps of t beyond the end.)
      touch = kPathTouches;
    } else {
      // The nearest point of the line lies at or beyond the end: the end point
      // decides.
      const Vec3 w = (end - target_center) * s_m;
      const double w2 = length_squared(w);
      if (std::fabs(w2 - r2) <= kSphereCastClearMiss * (w2 + r2)) {
        touch = exactly();
      } else {
        touch = w2 < r2 ? kPathTouches : kMiss;
      }
    }
  }

  if (touch == kMiss) return false;
  if (touch == kStartTouches) {
    const Vec3 back = unit_or(
        negated(d),
        Vec3{0.0, 1.0, 0.0});  // zero-length cast with coincident centers: +y
    *fraction = 0.0;
    *distance = 0.0;
    *center = start;
    *normal = unit_or(m, back);
    *started = true;
    return true;
  }

  // The first contact: the smaller root (-b - sqrt(disc)) / a written as c /
  // (-b + sqrt(disc)), both terms of the denominator non-negative, so nothing
  // cancels (Press et al., Numerical Recipes, 5.6). It cannot lie beyond the
  // nearest point t_near (the end point when that is nearer), where the balls
  // touch; a tangent path's rounded discriminant may be negative: 0 then.
  // Clamped to [0, 1]: the exact decision may hold where the rounded numbers
  // are a rounding off (the start an ulp outside, say).
  const double disc = a * r2 - length_squared(cross(ms, ds));
  const double t_near =
      a > 0.0 ? min2(max2(-b / a * s_d / s_m, 0.0), 1.0) : 0.0;
  const double den = -b + std::sqrt(max2(disc, 0.0)), c = m2 - r2;
  const double t =
      max2(min2(den > 0.0 ? c / den * s_d / s_m : 0.0, t_near), 0.0);

  *fraction = t;
  *distance = t * length(d);
  *center = t < 1.0 ? start + d * t : end;
  // normal = unit(C - S). When both radii are 0 the contact center is S itself:
  // face back along the cast.
  *normal = unit_or(*center - target_center,
                    unit_or(negated(d), Vec3{0.0, 1.0, 0.0}));
  *started = false;
  return true;
}

}  // namespace

// cast() solves in units of its own where nothing overflows or underflows; what
// it cannot survive is an input difference (end - start, start - target.center,
// radius + target.radius) that overflows. So when the largest input magnitude
// exceeds 2^1000, every input is first divided by 2^1000 (exact, apart from
// what it pushes below the smallest double), and center and distance are scaled
// back. Whether the balls touch is then decided on the inputs as given
// (touch_exactly), so what the division dropped cannot change it.
bool sphere_cast_sphere(const Segment& path, double radius,
                        const Sphere& target, ShapeCastHit* hit) {
  const int e = max_exponent(
      max_exponent(biased_exponent(path.start), biased_exponent(path.end)),
      max_exponent(biased_exponent(target.center),
                   max_exponent(biased_exponent(radius),
                                biased_exponent(target.radius))));
  // At least 2^1001: divide by 2^1000 (which leaves at most 2^24; 2^1024 would
  // not be a double).
  const bool huge = e > 1023 + 1000;
  const double down = huge ? 0x1p-1000 : 1.0, up = huge ? 0x1p1000 : 1.0;

  double fraction = 0.0, distance = 0.0;
  Vec3 center{}, normal{};
  bool started = false;
  if (!cast(path.start * down, path.end * down, radius * down,
            target.center * down, target.radius * down, huge, path, radius,
            target, &fraction, &distance, &center, &normal, &started)) {
    return false;
  }
  hit->distance = distance * up;
  hit->fraction = fraction;
  // The start and end points themselves where the contact is there (exact,
  // whatever the scaling dropped).
  hit->center =
      started ? path.start : (fraction < 1.0 ? center * up : path.end);
  // Adding +0 turns a -0 component into +0 and leaves every other value
  // unchanged. Normals never carry -0, but start - target.center is -0 - 0 = -0
  // on an axis where the start coordinate is -0 and the target's +0, and a cast
  // starting overlapping there reported that -0 in its normal.
  hit->normal = normal + Vec3{0.0, 0.0, 0.0};
  hit->point =
      target.center +
      hit->normal *
          target.radius;  // on the target's surface, facing the moving ball
  hit->started_overlapping = started;
  return true;
}

}  // namespace np
