// narrowphase internals (namespace np::detail): not part of the public API.
// An OBB rotation's columns: how far they are from orthonormal, their nearest
// orthonormal matrix, and whether they are exactly the identity. Shared by the
// box-box and box-triangle overlap tests.
#pragma once

#include <cmath>

#include "narrowphase/types.h"

namespace np::detail {

// max |c_i . c_j - delta_ij| over the rotation's columns: 0 for an exact
// rotation, up to kOrthonormalTolerance for the ones validate() accepts.
__attribute__((always_inline)) inline double orthonormal_error(
    const Vec3 axis[3]) {
  double e = 0.0;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const double d = std::fabs(dot(axis[i], axis[j]) - (i == j ? 1.0 : 0.0));
      e = max2(d, e);
    }
  }
  return e;
}

// Replaces a nearly orthonormal matrix by its nearest orthonormal one (the
// orthogonal polar factor, a reflection staying a reflection) with Newton's
// iteration X <- (X + X^-T) / 2, where X^-T has the columns (c1 x c2, c2 x c0,
// c0 x c1) / det. Each step squares the error: two take 1e-6 to the rounding
// level. Symmetric in the columns, so permuting or negating them permutes or
// negates the result.
__attribute__((always_inline)) inline void orthonormalize(Vec3 axis[3]) {
  for (int step = 0; step < 2; ++step) {
    const Vec3 k0 = cross(axis[1], axis[2]), k1 = cross(axis[2], axis[0]),
               k2 = cross(axis[0], axis[1]);
    const double det = dot(axis[0], k0);
    axis[0] = (axis[0] + k0 / det) * 0.5;
    axis[1] = (axis[1] + k1 / det) * 0.5;
    axis[2] = (axis[2] + k2 / det) * 0.5;
  }
}

__attribute__((always_inline)) inline bool is_identity(const Vec3 axis[3]) {
  return axis[0].x == 1.0 && axis[0].y == 0.0 && axis[0].z == 0.0 &&
         axis[1].x == 0.0 && axis[1].y == 1.0 && axis[1].z == 0.0 &&
         axis[2].x == 0.0 && axis[2].y == 0.0 && axis[2].z == 1.0;
}

// Whether the rotation's columns are signed unit axes, each world axis used
// once (the identity, or its columns permuted or negated): the box is then an
// AABB, with half extent *extent along the world axes. overlap_boxes.cpp.
bool axis_aligned_extents(const OBB& b, Vec3* extent);

// The AABB as an OBB with identity rotation: center min/2 + max/2 and half size
// max/2 - min/2, each rounded once (halves first: nothing overflows).
// overlap_boxes.cpp.
OBB aabb_as_obb(const AABB& a);

// 1, or a power of two below 1 when an OBB frame's coordinates could overflow
// (offsets or sizes beyond 2^1000, for points p and q carried into the frame
// of b): a cast or overlap in that frame is then solved scaled by it (exactly,
// but for subnormal parts negligible at that size). Shared by linecast_obb and
// overlap_capsule_obb, so the capsule test takes its end points into the frame
// as the linecast does.
inline double obb_frame_scale(Vec3 p, Vec3 q, const OBB& b) {
  const double big = 0x1p1000;
  const bool ok = max_abs_component(p) <= big && max_abs_component(q) <= big &&
                  max_abs_component(b.center) <= big &&
                  max_abs_component(b.half_size) <= big;
  return ok ? 1.0 : 0x1p-4;
}

}  // namespace np::detail
