// narrowphase: the flat C interface of trees of boxes
// (narrowphase/aabb_tree.h), which the WASM module exports beside the queries'
// (narrowphase/flat.h). Apart from flat.h, whose every np_ function is one line
// of queries.def (the fuzz harnesses check that), as the mesh's are in
// mesh_flat.h and the batch's in batch.h: a tree is an object with a handle,
// not a query of the table.
#pragma once

#include "narrowphase/flat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Trees of boxes (narrowphase/aabb_tree.h; cpp/src/aabb_tree_flat.cpp)
 * ---- A tree is set up once from an array in the module's memory and then
 * queried through an io buffer, as the flat queries are; its handle is the
 * address of an np::AABBTree.
 *
 * np_tree_create copies `count` boxes (six doubles each: min x, y, z, max x,
 * y, z) and builds the tree; the caller has validated them (finite, min <=
 * max). Returns the handle, or null when memory ran out. np_tree_destroy frees
 * it. */
void* np_tree_create(const double* boxes, unsigned count);
void np_tree_destroy(void* tree);
/* Bytes the tree owns in all (with its two buffers below). */
double np_tree_memory_bytes(const void* tree);
/* update: the index at io[0], the box at io[1..6] (validation codes as the
 * flat queries, slots 1..6); returns 0, or an error code (a box index out of
 * range: the code of a non-finite io[0]). The tree is unchanged on error. */
int np_tree_update(void* tree, const double* io);
/* updateAll: the tree's own staging buffer (np_tree_staging: six doubles per
 * box, in index order, reserved at creation, its address fixed for the tree's
 * life) holds every box; when all are valid (finite, min <= max) the tree
 * takes them, is refitted and -1 is returned; otherwise the index of the first
 * invalid box is returned and the tree is unchanged. */
double* np_tree_staging(void* tree);
int np_tree_updateAll(void* tree);
/* raycast: ray [0..5], maxDistance [6] (validation codes as the flat
 * queries). On a hit: distance [0], point [1..3], normal [4..6], index [7];
 * returns 1, or 0 on a miss. */
int np_tree_raycast(const void* tree, double* io);
/* boxesIn<S>: the shape at io[0] (aabb [0..5], sphere [0..3]; validation
 * codes as the flat queries); writes the indices of every box touching it,
 * ascending, to the tree's own buffer (np_tree_found: room for every box,
 * reserved at creation, its address fixed) and returns their count. */
const unsigned* np_tree_found(const void* tree);
int np_tree_boxesInAABB(void* tree, const double* io);
int np_tree_boxesInSphere(void* tree, const double* io);

#ifdef __cplusplus
}
#endif
