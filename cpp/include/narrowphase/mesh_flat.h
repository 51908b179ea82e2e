// narrowphase: the flat C interface of meshes (narrowphase/mesh.h), which the
// WASM module exports beside the queries' (narrowphase/flat.h). Apart from
// flat.h, whose every np_ function is one line of queries.def (the fuzz
// harnesses check that), as the batch exports are apart in batch.h: a mesh is
// an object with a handle, not a query of the table.
#pragma once

#include "narrowphase/flat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Meshes (narrowphase/mesh.h; cpp/src/mesh_flat.cpp) ----
 * A mesh is set up once from arrays in the module's memory and then queried
 * through an io buffer, as above; its handle is the address of an np::Mesh.
 *
 * np_mesh_create copies `vertex_count` vertices (x, y, z doubles) and
 * `triangle_count` triangles (three vertex indices each, or, for a null
 * `indices`, consecutive vertices) and builds the BVH; the caller has validated
 * them (finite numbers, indices < vertex_count). Returns the handle, or null
 * when memory ran out. np_mesh_destroy frees it. */
void* np_mesh_create(const double* positions, unsigned vertex_count,
                     const unsigned* indices, unsigned triangle_count);
void np_mesh_destroy(void* mesh);
/* Bytes of the mesh's BVH (nodes and reordered triangle list). */
double np_mesh_bvh_bytes(const void* mesh);
/* Bytes the mesh owns in all. */
double np_mesh_memory_bytes(const void* mesh);
/* Queries. Inputs and validation codes as the flat queries (ray [0..5],
 * maxDistance [6]; start [0..2], end [3..5]; point [0..2], maxDistance [3]).
 * raycast / linecast: on a hit, distance [0], point [1..3], normal [4..6],
 * triangle [7]; return 1, or 0 on a miss. closestPoint: distance [0], point
 * [1..3], triangle [4]; returns 1, or 0 when nothing is within maxDistance. */
int np_mesh_raycast(const void* mesh, double* io);
/* A test hook (np::Mesh::pair_test_mismatches): ray [0..5], maxDistance [6],
 * point [7..9]; returns the number of node tests where the sibling pairs' test
 * and the one-node test differ (0), or, for a bad input, the queries'
 * validation code. */
int np_mesh_pairCheck(const void* mesh, const double* io);
/* The same for linecast's pair test (np::Mesh::segment_pair_test_mismatches):
 * start [0..2], end [3..5]; returns the mismatches (0) or the validation code.
 */
int np_mesh_segmentPairCheck(const void* mesh, const double* io);
int np_mesh_linecast(const void* mesh, double* io);
int np_mesh_closestPoint(const void* mesh, double* io);
/* sphereCast: start [0..2], end [3..5], radius [6]; capsuleCast: capsule
 * [0..6], translation [7..9] (validation codes as the flat queries). On a
 * hit: distance [0], fraction [1], center [2..4], point [5..7], normal
 * [8..10], startedOverlapping [11] (0/1), triangle [12]; return 1, or 0 on a
 * miss. */
int np_mesh_sphereCast(const void* mesh, double* io);
int np_mesh_capsuleCast(const void* mesh, double* io);
/* trianglesIn<S>: the shape at io[0] (sphere [0..3], capsule [0..6], aabb
 * [0..5], obb [0..14]; validation codes as the flat queries) ; writes the
 * original indices of every triangle touching it, ascending, to the mesh's own
 * buffer (np_mesh_found: room for every triangle, reserved at creation, its
 * address fixed for the mesh's life) and returns their count. overlap<S>: 1
 * when any triangle touches the shape, else 0. */
const unsigned* np_mesh_found(const void* mesh);
int np_mesh_trianglesInSphere(void* mesh, const double* io);
int np_mesh_trianglesInCapsule(void* mesh, const double* io);
int np_mesh_trianglesInAABB(void* mesh, const double* io);
int np_mesh_trianglesInOBB(void* mesh, const double* io);
int np_mesh_overlapSphere(const void* mesh, const double* io);
int np_mesh_overlapCapsule(const void* mesh, const double* io);
int np_mesh_overlapAABB(const void* mesh, const double* io);
int np_mesh_overlapOBB(const void* mesh, const double* io);

/* raycastTrace: raycast (the same inputs, return value and hit, bit for bit:
 * np::Mesh::raycast_trace), recording the traversal into the mesh's trace
 * buffers, reserved by np_mesh_traceReserve (room for every node and every
 * triangle; call it first, outside any query: it may grow the module's
 * memory, and the trace then never does). It writes, besides the hit, the
 * number of node entries [8], of triangle entries [9], of nodes visited [10]
 * and of exact triangle tests [11], hit or miss. Node entries, in the order
 * their boxes were tested, NP_MESH_TRACE_NODE_DOUBLES each at
 * np_mesh_traceNodes: node [0], parent [1] (-1 for the root), depth [2],
 * outcome [3] (0 missed, 1 pruned, 2 visited), visit order [4] (-1 unless
 * visited), entry distance [5] (the lowered bound; Infinity when missed),
 * limit [6] (pruned or visited: the best distance so far, or maxDistance,
 * when it was; else Infinity), the
 * leaf's triangle count [7] (0 for an inner node), the node's box min
 * [8..10] and max [11..13] (world coordinates, before the margin). Triangle
 * entries, NP_MESH_TRACE_TRIANGLE_DOUBLES each at np_mesh_traceTriangles:
 * triangle [0], leaf node [1], outcome [2] (0 skipped by its box, 1 missed,
 * 2 hit), distance [3] (Infinity unless hit). Both addresses are fixed once
 * reserved. */
#define NP_MESH_TRACE_NODE_DOUBLES 14
#define NP_MESH_TRACE_TRIANGLE_DOUBLES 4
void np_mesh_traceReserve(void* mesh);
int np_mesh_raycastTrace(void* mesh, double* io);
const double* np_mesh_traceNodes(const void* mesh);
const double* np_mesh_traceTriangles(const void* mesh);

/* contacts<S>: one contact per touching triangle, ascending by triangle
 * index; their number is unbounded (every triangle of the mesh may touch), so
 * they cross in chunks, never through the io buffer. np_mesh_contactsSphere /
 * np_mesh_contactsCapsule take the shape at io[0] (sphere [0..3], capsule
 * [0..6]; validation codes as the flat queries), find the touching triangles
 * (their BVH slots, in np_mesh_found's buffer) and the corners their face
 * contacts void (internal edges: np::Mesh::contacts_sphere; in a buffer of
 * 3 per triangle, with a scratch of 8 bytes per triangle, both reserved at
 * creation), compute every contact, each single call once (kept in the
 * mesh: a buffer that grows to the largest query's count, sizeof(np::
 * MeshContact) a contact, freed with the mesh and counted by
 * np_mesh_memory_bytes) and return their count n.
 * np_mesh_contactsRead(mesh, first) then copies the contacts of touching
 * triangles first .. first + k - 1 (k = min(n - first, NP_MESH_CONTACT_CHUNK))
 * to the mesh's contact buffer (np_mesh_contacts: room for
 * NP_MESH_CONTACT_CHUNK contacts, or every triangle of a smaller mesh, reserved
 * at creation, its address fixed) and returns k (0 once first
 * >= n). Each contact is NP_MESH_CONTACT_DOUBLES doubles: triangle [0],
 * depth [1], normal [2..4], pointA [5..7], pointB [8..10] (np::Mesh::
 * contacts_sphere / contacts_capsule, internal edges adjusted). Another
 * query of the same mesh between them overwrites the slots: read the chunks
 * right after. */
#define NP_MESH_CONTACT_CHUNK 256
#define NP_MESH_CONTACT_DOUBLES 11
int np_mesh_contactsSphere(void* mesh, const double* io);
int np_mesh_contactsCapsule(void* mesh, const double* io);
int np_mesh_contactsRead(void* mesh, unsigned first);
const double* np_mesh_contacts(const void* mesh);

#ifdef __cplusplus
}
#endif
