// narrowphase: rays and segments against planes
// (raycast.h documents the contract).
//
// Sources:
//  - plane: Ericson, Real-Time Collision Detection, 2005, 5.3.1
//    (intersecting segment against plane);

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

void fill_start(Vec3 origin, Vec3 normal, RayHit* hit) {
  hit->distance = 0.0;
  hit->point = origin;
  hit->normal = normal;
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

}  // namespace np
