#include "narrowphase/flat.h"

#include "narrowphase/closest_point.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/validate.h"

namespace {

using namespace np;

Vec3 vec3_at(const double* p) { return {p[0], p[1], p[2]}; }
AABB aabb_at(const double* p) { return {vec3_at(p), vec3_at(p + 3)}; }
Sphere sphere_at(const double* p) { return {vec3_at(p), p[3]}; }
OBB obb_at(const double* p) { return {vec3_at(p), vec3_at(p + 3), {vec3_at(p + 6), vec3_at(p + 9), vec3_at(p + 12)}}; }

void put(double* p, Vec3 v) {
  p[0] = v.x;
  p[1] = v.y;
  p[2] = v.z;
}

void put(double* io, const RayHit& hit) {
  io[0] = hit.distance;
  put(io + 1, hit.point);
  put(io + 4, hit.normal);
}

// The error code of a problem found in the shape whose flat layout starts at io[slot].
int error(Validity v, int slot) { return -((static_cast<int>(v.problem) << 8) | (slot + v.component)); }

// Validates each (shape, slot) pair in argument order; the first problem wins.
#define NP_CHECK(expr, slot)              \
  do {                                    \
    const Validity v_ = (expr);           \
    if (!v_.ok()) return error(v_, slot); \
  } while (0)

}  // namespace

extern "C" {

int np_closest_point_on_aabb(double* io) {
  NP_CHECK(validate(vec3_at(io)), 0);
  NP_CHECK(validate(aabb_at(io + 3)), 3);
  put(io, closest_point_on_aabb(vec3_at(io), aabb_at(io + 3)));
  return 0;
}

int np_distance_point_aabb(double* io) {
  NP_CHECK(validate(vec3_at(io)), 0);
  NP_CHECK(validate(aabb_at(io + 3)), 3);
  io[0] = distance_point_aabb(vec3_at(io), aabb_at(io + 3));
  return 0;
}

int np_overlap_sphere_aabb(double* io) {
  NP_CHECK(validate(sphere_at(io)), 0);
  NP_CHECK(validate(aabb_at(io + 4)), 4);
  return overlap_sphere_aabb(sphere_at(io), aabb_at(io + 4)) ? 1 : 0;
}

int np_linecast_aabb(double* io) {
  NP_CHECK(validate(vec3_at(io)), 0);
  NP_CHECK(validate(vec3_at(io + 3)), 3);
  NP_CHECK(validate(aabb_at(io + 6)), 6);
  RayHit hit;
  if (!linecast_aabb({vec3_at(io), vec3_at(io + 3)}, aabb_at(io + 6), &hit)) return 0;
  put(io, hit);
  return 1;
}

int np_raycast_aabb(double* io) {
  const Ray ray{vec3_at(io), vec3_at(io + 3)};
  NP_CHECK(validate(ray), 0);
  NP_CHECK(validate(aabb_at(io + 6)), 6);
  NP_CHECK(validate_max_distance(io[12]), 12);
  RayHit hit;
  if (!raycast_aabb(ray, aabb_at(io + 6), io[12], &hit)) return 0;
  put(io, hit);
  return 1;
}

int np_separating_axis_obb_obb(double* io) {
  NP_CHECK(validate(obb_at(io)), 0);
  NP_CHECK(validate(obb_at(io + 15)), 15);
  return separating_axis_obb_obb(obb_at(io), obb_at(io + 15));
}

int np_overlap_obb_obb(double* io) {
  const int axis = np_separating_axis_obb_obb(io);
  return axis < -1 ? axis : (axis == -1 ? 1 : 0);
}

int np_sphere_cast_sphere(double* io) {
  NP_CHECK(validate(vec3_at(io)), 0);
  NP_CHECK(validate(vec3_at(io + 3)), 3);
  NP_CHECK(validate_radius(io[6]), 6);
  NP_CHECK(validate(sphere_at(io + 7)), 7);
  ShapeCastHit hit;
  if (!sphere_cast_sphere({vec3_at(io), vec3_at(io + 3)}, io[6], sphere_at(io + 7), &hit)) return 0;
  io[0] = hit.distance;
  io[1] = hit.fraction;
  put(io + 2, hit.center);
  put(io + 5, hit.point);
  put(io + 8, hit.normal);
  io[11] = hit.started_overlapping ? 1.0 : 0.0;
  return 1;
}

}  // extern "C"
