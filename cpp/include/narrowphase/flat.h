// narrowphase: the flat C interface that the WASM module exports.
//
// There is one export per line of narrowphase/queries.def, named np_<jsName>
// (np_closestPointOnAABB, ...). Each reads its arguments from `io`, one after
// the other in the order of the line, each in its kind's layout (validate.h
// lists them: Vec3 3 doubles, AABB 6, Sphere 4, OBB 15, Ray 6, a radius or max
// distance 1), and writes its result back to the start of `io`:
//   point          io[0..2] returns 0 distance       io[0] returns 0 boolean
//   nothing                                                             returns
//   1 or 0 axis           nothing returns 1 + the axis, or 0 for none rayHit on
//   a hit: distance [0], point [1..3], normal [4..6]                returns 1,
//   or 0 for a miss shapeCastHit   on a hit: distance [0], fraction [1], center
//   [2..4], point [5..7], normal [8..10],
//                  started overlapping [11] (0/1) returns 1, or 0 for a miss
//   closestPoints  distance [0], pointA [1..3], pointB [4..6]; returns 0
//   contactHit     on a contact: depth [0], normal [1..3], pointA [4..6],
//                  pointB [7..9]; returns 1, or 0 when the shapes do not touch
// Invalid input returns a negative error code -(problem << 8 | slot) and writes
// nothing: `problem` is an np::Problem (validate.h) and `slot` the index in
// `io` of the offending number. (A batch call, which also has to name an
// element, reports the element's index through its own output, so the code's
// layout stays this.) One call costs a few loads and stores instead of
// marshalling objects, which keeps the JS <-> WASM crossing cheap.
// web/lib/queries.js, generated from queries.def, is the JS side of every
// layout.
//
// Native code can call these too (the tests do, to compare native and WASM
// results bit for bit).
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/// Room every io buffer must have, in doubles. Every query's inputs and outputs
/// fit (checked at compile time).
#define NP_IO_DOUBLES 32

#define NP_QUERY(js, fn, result, names, ...) int np_##js(double* io);
#include "narrowphase/queries.def"
#undef NP_QUERY

#ifdef __cplusplus
}
#endif
