// narrowphase: the flat C interface that the WASM module exports.
//
// Each function reads its inputs from `io` (doubles, in the order listed) and writes its outputs back to the
// start of `io`. The return value is the result (0/1 for booleans and hit/miss), or a negative error code
// -(problem << 8 | slot): `problem` is an np::Problem and `slot` the index in `io` of the offending number.
// One call costs a few loads and stores instead of marshalling objects, which keeps the JS <-> WASM crossing
// cheaper than a three.js math call. The layout is mirrored by web/lib/index.js.
//
// Native code can call these too (the tests do, to compare native and WASM results bit for bit).
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/// Room every io buffer must have, in doubles.
#define NP_IO_DOUBLES 32

/// in: point[0..2], box[3..8] (min, max). out: closest point [0..2]. Returns 0.
int np_closest_point_on_aabb(double* io);
/// in: point[0..2], box[3..8]. out: distance [0]. Returns 0.
int np_distance_point_aabb(double* io);
/// in: sphere[0..3] (center, radius), box[4..9]. Returns 1 on overlap, 0 otherwise.
int np_overlap_sphere_aabb(double* io);
/// in: start[0..2], end[3..5], box[6..11]. out on a hit: distance[0], point[1..3], normal[4..6]. Returns 1/0.
int np_linecast_aabb(double* io);
/// in: origin[0..2], direction[3..5], box[6..11], max distance[12]. out: as np_linecast_aabb. Returns 1/0.
int np_raycast_aabb(double* io);
/// in: a[0..14], b[15..29], each center, half size, rotation (9, column-major). Returns 1 on overlap, 0 otherwise.
int np_overlap_obb_obb(double* io);
/// in: as np_overlap_obb_obb. Returns the first separating axis 0..14, or -1 when the boxes overlap.
int np_separating_axis_obb_obb(double* io);
/// in: start[0..2], end[3..5], radius[6], target sphere[7..10]. out on a hit: distance[0], fraction[1],
/// center[2..4], point[5..7], normal[8..10], started overlapping[11] (0/1). Returns 1/0.
int np_sphere_cast_sphere(double* io);

#ifdef __cplusplus
}
#endif
