// narrowphase: batch queries over flat float32 arrays (np.batch in JS).
//
// One export per batch function of the API contract, each a plain C function
// over flat arrays: element i of each input is paired with element i of the
// other. Layouts (floats per element):
//   sphere  4  [cx, cy, cz, r]
//   aabb    6  [minx, miny, minz, maxx, maxy, maxz]
//   point   3  [x, y, z]
//   ray     6  [ox, oy, oz, dx, dy, dz] (any non-zero direction length)
//   obb    15  [cx, cy, cz, hx, hy, hz, r0..r8] (rotation column-major: the
//              columns are the box's local axes)
//   cast    7  [sx, sy, sz, ex, ey, ez, r] (a ball of radius r moving s -> e)
//
// Every function validates all n elements by the single calls' rules
// (validate.h: finite numbers, radius and half sizes >= 0, min <= max, a
// non-zero ray direction, rotations orthonormal within kOrthonormalTolerance)
// and returns the index of the first invalid element, or -1 when all are
// valid. In the native build nothing is written to out then; in WASM the
// kernels that run four elements per iteration in SIMD lanes validate as they
// compute, so out may already hold answers when they return an index (the JS
// layer gives them a staging area, never the caller's array). With out ==
// nullptr a kernel validates and writes nothing (the JS layer's first pass
// over a batch that does not fit its staging area).
//
// Semantics: each element's answer is that of the double-precision single
// call (overlap_sphere_aabb, distance_point_aabb, raycast_aabb,
// overlap_obb_obb, sphere_cast_sphere) on the same float32 inputs, computed
// with plain double arithmetic (no exact fallback) and rounded once to float32
// for distances and fractions. Decisions can therefore differ from the single
// call's only within rounding of the boundary (OBB rotations are used as given,
// not re-orthonormalized: see kBatchObbEdgeSlack). A miss is +infinity.
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// out[i] = 1 when sphere i touches or overlaps box i (touching counts).
int32_t np_batch_overlapSphereAABB(const float* spheres, const float* boxes,
                                   uint32_t n, uint8_t* out);
/// out[i] = the Euclidean distance from point i to box i, 0 inside or on it.
int32_t np_batch_distancePointAABB(const float* points, const float* boxes,
                                   uint32_t n, float* out);
/// out[i] = the distance (world units along the normalized direction) from ray
/// i's origin to where it enters box i, 0 when it starts inside or on the box,
/// +infinity on a miss or beyond max_distance (>= 0, +infinity allowed;
/// checked by the caller).
int32_t np_batch_raycastAABB(const float* rays, const float* boxes,
                             double max_distance, uint32_t n, float* out);
/// out[i] = 1 when OBB a[i] and OBB b[i] overlap (15-axis SAT, touching
/// counts).
int32_t np_batch_overlapOBBOBB(const float* a, const float* b, uint32_t n,
                               uint8_t* out);
/// out[i] = the fraction in [0, 1] of cast i's path at first contact with
/// target sphere i (0 when it starts overlapping or touching), +infinity on a
/// miss; a zero-length cast is an overlap test.
int32_t np_batch_sphereCastSphere(const float* casts, const float* targets,
                                  uint32_t n, float* out);

#ifdef __cplusplus
}
#endif
