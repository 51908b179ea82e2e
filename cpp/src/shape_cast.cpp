#include "narrowphase/shape_cast.h"

#include <cmath>

#include "narrowphase/tolerances.h"

namespace np {

namespace {

// Whether a ball of radius `reach` around S contains S + g (closed): |g|^2 <= reach^2, compared in units where
// the larger of |g| and reach is ~1, so that neither square underflows to 0 (which would make a point 2^-540
// away "touch" a ball of radius 2^-541) or overflows. This is the overlap test every decision below uses.
__attribute__((always_inline)) inline bool within(Vec3 g, double reach) {
  const int e = max_exponent(biased_exponent(g), biased_exponent(reach));
  // Ordinary magnitudes (2^-500 <= larger < 2^500): the larger square is a normal double, and whatever
  // underflows is far below its rounding. Compared as they are: the same answer, fewer operations.
  if (e >= 1023 - 500 && e < 1023 + 500) return length_squared(g) <= reach * reach;
  const double s = unit_scale_for(e), r = reach * s;
  return length_squared(g * s) <= r * r;  // (zero against zero: 0 <= 0)
}

// Ericson, Real-Time Collision Detection, 5.3.2 (intersecting ray against sphere), applied to the center of
// the moving ball against the target inflated by its radius (the Minkowski sum of two balls is a ball of
// radius r1 + r2). Article 004 finds the same point C geometrically: the foot D of the perpendicular from S to
// AB, |AD| = AS . nAB, |DS|^2 = |AS|^2 - |AD|^2, |CD| = sqrt((r1 + r2)^2 - |DS|^2), C = A + nAB (|AD| - |CD|).
//
// `center` and `distance` come back in the units of the inputs given; `fraction` and `normal` do not depend
// on them.
__attribute__((always_inline)) inline bool cast(Vec3 start, Vec3 end, double radius, Vec3 target_center,
                                                double target_radius, double* fraction, double* distance,
                                                Vec3* center, Vec3* normal, bool* started) {
  const double reach = radius + target_radius;  // |CS| at contact
  const Vec3 d = end - start;                   // AB
  const Vec3 m = start - target_center;         // SA

  if (within(m, reach)) {
    // Already overlapping or touching at the start (closed balls). The article would report a contact
    // behind A here.
    const Vec3 back = unit_or(negated(d), Vec3{0.0, 1.0, 0.0});  // zero-length cast with coincident centers: +y
    *fraction = 0.0;
    *distance = 0.0;
    *center = start;
    *normal = unit_or(m, back);
    *started = true;
    return true;
  }

  // The quadratic in units where m and reach are ~1, and d too (each by its own power of two: exact), so that
  // its products of squares, a * reach^2 and |m x d|^2, neither overflow nor underflow, even for a gap of
  // 2^-600 along a path of length 1. The root scales by s_d / s_m. Skipped when all three are within 2^+-250
  // (every game scene): there nothing can overflow or underflow, and the scaling would change no result.
  const int em = max_exponent(biased_exponent(m), biased_exponent(reach)), ed = biased_exponent(d);
  const bool ordinary = (em >= 1023 - 250) & (em <= 1023 + 250) & (ed >= 1023 - 250) & (ed <= 1023 + 250);
  const double s_m = ordinary ? 1.0 : unit_scale_for(em), s_d = ordinary ? 1.0 : unit_scale_for(ed);
  const Vec3 ms = m * s_m, ds = d * s_d;
  const double rs = reach * s_m;

  const double a = length_squared(ds);
  if (a == 0.0) return false;  // zero-length cast that does not overlap

  // Solve |m + t d|^2 = reach^2, i.e. a t^2 + 2 b t + c = 0, for the first root t in [0, 1].
  const double b = dot(ms, ds);
  if (b >= 0.0) return false;  // moving away from (or sideways past) a target it does not touch

  // The discriminant b^2 - a c rewritten by Lagrange's identity as a reach^2 - |m x d|^2: no cancellation
  // between two large products on long casts. Clearly negative: the line passes wide of the target, a miss.
  // "Clearly" is kSphereCastClearMiss times a reach^2 + |d|^2 (|m|^2 + |P|^2), P the larger of start and the
  // target's center: beyond what rounding m = start - S and the products can reach, so that this early exit
  // never overrules the overlap test below.
  const double m2 = length_squared(ms);
  const double coord = max2(max_abs_component(start), max_abs_component(target_center)) * s_m;
  const double reach_term = a * (rs * rs), cross_term = length_squared(cross(ms, ds));
  const double disc = reach_term - cross_term;
  if (disc < -kSphereCastClearMiss * (reach_term + a * (m2 + 3.0 * coord * coord))) return false;

  // Otherwise whether the path touches at all is decided by the overlap test at its point nearest to S
  // (t = -b / a, or the end point itself when that lies beyond the end). Deciding it from the sign of the
  // rounded discriminant instead lets rounding turn an exactly tangent path (touching at one point, which the
  // overlap test accepts) into a miss, and a path that ends an ulp short of contact into a hit at fraction 1.
  const double t_near = min2(-b / a * s_d / s_m, 1.0);
  if (!within(t_near < 1.0 ? (start + d * t_near) - target_center : end - target_center, reach)) return false;

  // The smaller root (-b - sqrt(disc)) / a written as c / (-b + sqrt(disc)): both terms of the denominator are
  // non-negative, so nothing cancels (Press et al., Numerical Recipes, 5.6). It cannot lie beyond the
  // nearest point, where the overlap test has just accepted the contact.
  const double c = m2 - rs * rs;
  const double t = min2(c / (-b + std::sqrt(max2(disc, 0.0))) * s_d / s_m, t_near);  // (disc < 0: tangent)

  *fraction = t;
  *distance = t * length(d);
  *center = t < 1.0 ? start + d * t : end;
  // normal = unit(C - S). When both radii are 0 the contact center is S itself: face back along the cast.
  *normal = unit_or(*center - target_center, unit_or(negated(d), Vec3{0.0, 1.0, 0.0}));
  *started = false;
  return true;
}

}  // namespace

// cast() solves in units of its own where nothing overflows or underflows; what it cannot survive is an
// input difference (end - start, start - target.center, radius + target.radius) that overflows. So when the
// largest input magnitude exceeds 2^1000, every input is first divided by 2^1000 (exact, apart from what it
// pushes below the smallest double), and center and distance are scaled back.
bool sphere_cast_sphere(const Segment& path, double radius, const Sphere& target, ShapeCastHit* hit) {
  const int e = max_exponent(max_exponent(biased_exponent(path.start), biased_exponent(path.end)),
                             max_exponent(biased_exponent(target.center),
                                          max_exponent(biased_exponent(radius), biased_exponent(target.radius))));
  // At least 2^1001: divide by 2^1000 (which leaves at most 2^24; 2^1024 would not be a double).
  const bool huge = e > 1023 + 1000;
  const double down = huge ? 0x1p-1000 : 1.0, up = huge ? 0x1p1000 : 1.0;

  double fraction = 0.0, distance = 0.0;
  Vec3 center{}, normal{};
  bool started = false;
  if (!cast(path.start * down, path.end * down, radius * down, target.center * down, target.radius * down,
            &fraction, &distance, &center, &normal, &started)) {
    return false;
  }
  hit->distance = distance * up;
  hit->fraction = fraction;
  // The start and end points themselves where the contact is there (exact, whatever the scaling dropped).
  hit->center = started ? path.start : (fraction < 1.0 ? center * up : path.end);
  // Adding +0 turns a -0 component into +0 and leaves every other value unchanged. Normals never carry -0,
  // but start - target.center is -0 - 0 = -0 on an axis where the start coordinate is -0 and the target's +0,
  // and a cast starting overlapping there reported that -0 in its normal.
  hit->normal = normal + Vec3{0.0, 0.0, 0.0};
  hit->point = target.center + hit->normal * target.radius;  // on the target's surface, facing the moving ball
  hit->started_overlapping = started;
  return true;
}

}  // namespace np
