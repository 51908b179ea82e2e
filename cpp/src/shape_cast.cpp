#include "narrowphase/shape_cast.h"

#include <cmath>

namespace np {

namespace {

// unit(v), or `fallback` when v is zero.
Vec3 unit_or(Vec3 v, Vec3 fallback) {
  const double len = length(v);
  return len > 0.0 ? v / len : fallback;
}

void fill(const Sphere& target, Vec3 center, Vec3 normal, double distance, double fraction, bool started,
          ShapeCastHit* hit) {
  hit->distance = distance;
  hit->fraction = fraction;
  hit->center = center;
  // Adding +0 turns a -0 component into +0 and leaves every other value unchanged. Normals never carry -0,
  // but start - target.center is -0 - 0 = -0 on an axis where the start coordinate is -0 and the target's +0,
  // and a cast starting overlapping there reported that -0 in its normal.
  hit->normal = normal + Vec3{0.0, 0.0, 0.0};
  hit->point = target.center + hit->normal * target.radius;  // on the target's surface, facing the moving ball
  hit->started_overlapping = started;
}

}  // namespace

// Ericson, Real-Time Collision Detection, 5.3.2 (intersecting ray against sphere), applied to the center of
// the moving ball against the target inflated by its radius (the Minkowski sum of two balls is a ball of
// radius r1 + r2). Article 004 finds the same point C geometrically: the foot D of the perpendicular from S to
// AB, |AD| = AS . nAB, |DS|^2 = |AS|^2 - |AD|^2, |CD| = sqrt((r1 + r2)^2 - |DS|^2), C = A + nAB (|AD| - |CD|).
bool sphere_cast_sphere(const Segment& path, double radius, const Sphere& target, ShapeCastHit* hit) {
  const double reach = radius + target.radius;  // |CS| at contact
  const Vec3 d = path.end - path.start;         // AB
  const Vec3 m = path.start - target.center;    // SA
  const double c = length_squared(m) - reach * reach;

  if (c <= 0.0) {
    // Already overlapping or touching at the start (closed balls). The article would report a contact
    // behind A here.
    const Vec3 back = unit_or(negated(d), Vec3{0.0, 1.0, 0.0});  // zero-length cast with coincident centers: +y
    fill(target, path.start, unit_or(m, back), 0.0, 0.0, true, hit);
    return true;
  }

  const double a = length_squared(d);
  if (a == 0.0) return false;  // zero-length cast that does not overlap

  // Solve |m + t d|^2 = reach^2, i.e. a t^2 + 2 b t + c = 0, for the first root t in [0, 1].
  const double b = dot(m, d);
  if (b >= 0.0) return false;  // moving away from (or sideways past) a target it does not touch

  // The discriminant b^2 - a c rewritten by Lagrange's identity as a reach^2 - |m x d|^2: no cancellation
  // between two large products on long casts. Negative: the line passes farther than reach from S (|DS| > |CS|).
  const double disc = a * (reach * reach) - length_squared(cross(m, d));
  if (disc < 0.0) return false;

  // The smaller root (-b - sqrt(disc)) / a written as c / (-b + sqrt(disc)): both terms of the denominator are
  // non-negative, so nothing cancels (Press et al., Numerical Recipes, 5.6).
  const double t = c / (-b + std::sqrt(disc));
  if (t > 1.0) return false;  // contact only beyond the end point (article 004 would report it)

  const Vec3 center = path.start + d * t;
  // normal = unit(C - S). When both radii are 0 the contact center is S itself: face back along the cast.
  const Vec3 normal = unit_or(center - target.center, unit_or(negated(d), Vec3{0.0, 1.0, 0.0}));
  fill(target, center, normal, t * std::sqrt(a), t, false, hit);
  return true;
}

}  // namespace np
