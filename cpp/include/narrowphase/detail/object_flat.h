// narrowphase internals: what the flat exports of the objects in the module's
// memory share (meshes: mesh_flat.cpp, trees of boxes: aabb_tree_flat.cpp):
// reading and validating their arguments from the I/O buffer, and writing a
// ray hit with the index of what was hit. flat.h documents the buffer and the
// return codes.
#pragma once

#include <cstdint>

#include "narrowphase/detail/flat_kinds.h"
#include "narrowphase/types.h"
#include "narrowphase/validate.h"

namespace np::flat {

/// The shape of kind K at io[0], validated: its error code, or 0.
template <class K>
int read_shape(const double* io, typename K::Value* shape) {
  *shape = K::read(io);
  if (const Validity v = K::check(*shape); !v.ok()) return error_code(v, 0);
  return 0;
}

/// A ray (origin io[0..2], direction io[3..5]) and its maxDistance (io[6]),
/// validated in that order: the first problem's error code, or 0.
inline int read_ray_query(const double* io, Ray* ray, double* max_distance) {
  *ray = {vec3_at(io), vec3_at(io + 3)};
  *max_distance = io[6];
  if (const Validity v = validate(*ray); !v.ok()) return error_code(v, 0);
  if (const Validity v = validate_max_distance(*max_distance); !v.ok())
    return error_code(v, 6);
  return 0;
}

/// A ray hit as the single calls write it (distance, point, normal), then the
/// index of the triangle or box hit at io[7]: returns 1.
inline int put_indexed_ray_hit(const RayHit& hit, uint32_t index, double* io) {
  io[0] = hit.distance;
  put(io + 1, hit.point);
  put(io + 4, hit.normal);
  io[7] = index;
  return 1;
}

}  // namespace np::flat
