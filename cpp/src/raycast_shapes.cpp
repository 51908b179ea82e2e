// narrowphase: rays and segments against spheres, planes and capsules
// (raycast.h documents the contract).
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
  double disc = ar2 - c2;
  if (disc < 0.0) {
    if (disc < -kRayTangentBand * (ar2 + c2)) return Entry::kMiss;
    disc = 0.0;
  }
  *t = (m2 - r2) / (-b + std::sqrt(disc));
  return Entry::kHit;
}

// The nearest point of the segment p..q to x.
Vec3 nearest_on_segment(Vec3 x, Vec3 p, Vec3 q) {
  const Vec3 pq = q - p;
  const double s = scale_of(x - p, pq, 0.0);
  const Vec3 e = pq * s;
  const double ee = length_squared(e);
  if (!(ee > 0.0)) return p;
  const double f = clamp(dot((x - p) * s, e) / ee, 0.0, 1.0);
  return f == 1.0 ? q : p + pq * f;
}

// The capsule (or, with p == q, ball) cast along the unit direction u from o,
// no farther than max_distance. The origin is outside (the callers check).
bool cast_capsule_outside(Vec3 o, Vec3 u, Vec3 p, Vec3 q, double r,
                          double max_distance, RayHit* hit) {
  const Vec3 op = o - p, pq = q - p;
  const double s = scale_of(op, pq, r);
  const Vec3 m = op * s, e = pq * s;
  const double rs = r * s;
  double best = kInf;
  int kind = -1;  // 0: the cylinder's side, 1: the ball at p, 2: at q
  double t = 0.0;
  const double len = length(e);
  if (len > 0.0) {
    // The infinite cylinder: the components across the axis (Ericson 5.3.7).
    const Vec3 w = e / len;
    const double mw = dot(m, w), uw = dot(u, w);
    if (ball_entry(m - w * mw, u - w * uw, rs, &t) == Entry::kHit) {
      const double y = mw + t * uw;  // along the axis at the entry
      if (y >= 0.0 && y <= len) best = t, kind = 0;
    }
  }
  Entry ep = ball_entry(m, u, rs, &t);
  if (ep == Entry::kInside) t = 0.0;  // within rounding of the surface
  if (ep != Entry::kMiss && t < best) best = t, kind = 1;
  if (len > 0.0) {
    ep = ball_entry(m - e, u, rs, &t);
    if (ep == Entry::kInside) t = 0.0;
    if (ep != Entry::kMiss && t < best) best = t, kind = 2;
  }
  if (kind < 0) return false;
  const double distance = best / s;
  if (!(distance <= max_distance)) return false;
  const Vec3 x = m + u * best;  // the entry, in the scaled units, from p
  Vec3 axis_point;              // world
  Vec3 rel;                     // entry - axis point, scaled units
  if (kind == 0) {
    const double f = clamp(dot(x, e) / length_squared(e), 0.0, 1.0);
    axis_point = f == 1.0 ? q : p + pq * f;
    rel = x - e * f;
  } else if (kind == 1) {
    axis_point = p;
    rel = x;
  } else {
    axis_point = q;
    rel = x - e;
  }
  const Vec3 n = unit_or(rel, negated(u));
  hit->distance = distance;
  hit->normal = n;
  hit->point = axis_point + n * r;
  return true;
}

// A ray as a segment: the shape's raycast with no limit, kept within the
// segment's length. When the end lies in the shape, an entry rounded to within
// a few ulps of the end (on either side) is reported at |end - start|, so that
// a segment ending on the surface hits at its length.
bool clip_to_segment(bool hit_ray, RayHit h, double len, bool end_in,
                     RayHit* hit) {
  if (!hit_ray) return false;
  if (end_in && h.distance >= len * (1.0 - 0x1p-50)) h.distance = len;
  if (h.distance > len) return false;
  *hit = h;
  return true;
}

// ---- Planes ----

// The exact sign of dot(normal, p) + constant.
int plane_side(Vec3 p, const Plane& pl) {
  const Product t[4] = {{pl.normal.x, p.x, false},
                        {pl.normal.y, p.y, false},
                        {pl.normal.z, p.z, false},
                        {pl.constant, 1.0, false}};
  return exact_sign(t, 4);
}

// The exact sign of dot(normal, d).
int plane_facing(Vec3 d, const Plane& pl) {
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

// p moved onto the plane along its unit normal n (one rounded step).
Vec3 onto_plane(Vec3 p, Vec3 n, const Plane& pl) {
  const double f = plane_distance(p, pl);
  return f == 0.0 || !(std::fabs(f) <= DBL_MAX) ? p : p - n * f;
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
  const bool r = raycast_sphere({start, d}, s, kInf, &h);
  return clip_to_segment(r, h, length(d), within(end - s.center, s.radius),
                         hit);
}

// ---- Planes ----

bool raycast_plane(const Ray& ray, const Plane& pl, double max_distance,
                   RayHit* hit) {
  const Vec3 u = unit_or(ray.direction, kUp);
  const int side = plane_side(ray.origin, pl);
  if (side == 0) {
    fill_start(ray.origin, negated(u), hit);
    return true;
  }
  const int facing = plane_facing(ray.direction, pl);
  if (facing == 0 || facing == side) return false;  // parallel, or away
  const Vec3 n = unit_or(pl.normal, kUp);
  const double gap = std::fabs(plane_distance(ray.origin, pl));
  const double cosine = std::fabs(dot(n, u));
  if (cosine == 0.0) return false;  // beyond the largest double
  const double distance = gap / cosine;
  if (!(distance <= max_distance) || !(distance <= DBL_MAX)) return false;
  hit->distance = distance;
  hit->point = onto_plane(ray.origin + u * distance, n, pl);
  hit->normal = side > 0 ? n : negated(n);
  return true;
}

bool linecast_plane(Vec3 start, Vec3 end, const Plane& pl, RayHit* hit) {
  const Vec3 d = end - start;
  const Vec3 n = unit_or(pl.normal, kUp);
  const int s0 = plane_side(start, pl);
  if (s0 == 0) {
    fill_start(start, is_zero(d) ? n : negated(unit_or(d, kUp)), hit);
    return true;
  }
  if (is_zero(d)) return false;
  const int s1 = plane_side(end, pl);
  if (s1 == s0) return false;
  const double len = length(d);
  hit->normal = s0 > 0 ? n : negated(n);
  if (s1 == 0) {
    hit->distance = len;
    hit->point = end;
    return true;
  }
  // Ericson 5.3.1: t = f(start) / (f(start) - f(end)), the two of opposite
  // signs, so the denominator does not cancel.
  const double f0 = std::fabs(plane_distance(start, pl)),
               f1 = std::fabs(plane_distance(end, pl));
  const double sum = f0 + f1;
  const double t = sum > 0.0 && sum <= DBL_MAX ? min2(f0 / sum, 1.0) : 0.5;
  hit->distance = t * len;
  hit->point = onto_plane(start + d * t, n, pl);
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
  const bool r = raycast_capsule({start, d}, c, kInf, &h);
  return clip_to_segment(
      r, h, length(d),
      within(end - nearest_on_segment(end, c.start, c.end), c.radius), hit);
}

}  // namespace np
