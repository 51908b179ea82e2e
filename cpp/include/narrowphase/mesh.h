// narrowphase: a triangle mesh with a bounding volume hierarchy (issue 14).
//
// A Mesh owns a copy of its vertices (double), its triangles (three vertex
// indices each) and a BVH over them, built once by a binned SAH builder (Wald
// 2007, "On fast construction of SAH-based bounding volume hierarchies", IEEE
// Symposium on Interactive Ray Tracing; the same scheme as three-mesh-bvh's
// SAH strategy, Jolt's AABBTreeBuilder and parry's Qbvh builder). Leaves hold
// at most kMaxLeafTriangles triangles, reordered so that each leaf is one
// contiguous range; nodes are 16 bytes (int16 bounds relative to the mesh's
// centre, in units of a power of two, rounded outward).
//
// Every query is exact with respect to the single-triangle functions: its
// answer is, bit for bit, the brute-force answer over all triangles with the
// function named at each query (the leaves call exactly that function). Ties
// (two triangles at exactly the same distance, as on a shared edge) go to the
// lowest original triangle index. The traversal never prunes a node that holds
// the answer: node boxes are widened by kMeshBoxMargin and the bounds compared
// with the best so far are lowered by kMeshBoundSlack (tolerances.h), which
// covers both the rounding of the box tests (Ize 2013, "Robust BVH Ray
// Traversal", JCGT 2(2): the slab test with its error bound) and that of the
// triangle tests. Nodes are visited near to far, pruned by the best so far.
//
// Degenerate triangles are the segment or point they span, as in the single
// calls. An empty mesh (no triangles) is valid and every query misses.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "narrowphase/types.h"

namespace np {

/// A ray or segment hit on a mesh: the RayHit of the triangle hit, and that
/// triangle's index (as given to the mesh).
struct MeshRayHit {
  RayHit hit;
  uint32_t triangle = 0;
};

/// A shape cast's first contact with a mesh: the ShapeCastHit of the triangle
/// hit, and that triangle's index.
struct MeshShapeCastHit {
  ShapeCastHit hit;
  uint32_t triangle = 0;
};

/// The nearest point of a mesh to a point: its Euclidean distance, the point
/// (on the surface of triangle `triangle`) and the triangle's index.
struct MeshClosestPoint {
  double distance = 0.0;
  Vec3 point;
  uint32_t triangle = 0;
};

/// One contact of a mesh query (contacts_sphere, contacts_capsule): the
/// ContactHit of the shape (a) and triangle `triangle` (b), as the single call
/// gives it or, on an internal edge, the face contact that replaces it.
struct MeshContact {
  ContactHit hit;
  uint32_t triangle = 0;
};

/// What a ray's traversal of the BVH did (Mesh::raycast_trace): every node
/// whose box it tested and every triangle of the leaves it visited, in the
/// order it met them. The scene #/bvh-raycast of the tutorial draws it.
struct MeshRayTrace {
  enum class NodeOutcome : uint8_t {
    kMissed,   // the slab test rejects its widened box
    kPruned,   // entered, but beyond the best distance so far (or max)
    kVisited,  // entered and visited: its children tested, or its triangles
  };
  enum class TriangleOutcome : uint8_t {
    kSkipped,  // its own box missed, or entered beyond the best so far
    kMissed,   // the exact test (raycast_triangle) ran and missed
    kHit,      // the exact test hit (the nearest so far or not)
  };
  struct Node {
    uint32_t node = 0;            // index: Mesh::node(i), Mesh::world_bounds(i)
    uint32_t parent = 0;          // the node whose visit tested it (root: ~0u)
    uint32_t depth = 0;           // the root is 0
    uint32_t order = UINT32_MAX;  // visited: its rank among the visited
    NodeOutcome outcome = NodeOutcome::kMissed;
    double entry = INFINITY;  // the lowered entry distance (0 from inside)
    double limit = INFINITY;  // pruned or visited: the best distance so
                              // far (or max) when it was (else infinity)
  };
  struct Triangle {
    uint32_t triangle = 0;  // its index as given
    uint32_t node = 0;      // the leaf that holds it
    TriangleOutcome outcome = TriangleOutcome::kSkipped;
    double distance = INFINITY;  // kHit: raycast_triangle's distance
  };
  std::vector<Node> nodes;          // in the order their boxes were tested
  std::vector<Triangle> triangles;  // in the order they were met
  std::vector<uint32_t> record_of;  // scratch: node -> its entry in `nodes`
  size_t nodes_visited = 0;         // entries kVisited
  size_t triangles_tested = 0;      // raycast_triangle calls (kMissed, kHit)
  /// Room for a trace of any ray of `mesh` (every node and every triangle),
  /// so that raycast_trace does not allocate.
  void reserve(size_t node_count, size_t triangle_count);
};

/// One BVH node, 16 bytes. Bounds are int16 offsets from the mesh's origin
/// in units of its unit (a power of two, 2^-14 of the mesh's half extent or
/// more: Mesh::world_bounds maps them back), rounded outward so that the
/// bounds mapped back (rounded as queries compute them) contain every vertex
/// below the node: the quantized boxes of Ylitie, Karras and Laine,
/// "Efficient Incoherent Ray Traversal on GPUs Through Compressed Wide BVHs"
/// (HPG 2017, section 3.1: bounds on a per-axis power-of-two grid, lo rounded
/// down, hi up), with one frame for the whole mesh rather than one per node.
/// An inner node (count == 0) has its two children side by side, a sibling
/// pair at `index` and `index + 1` (the first child, the builder's left, at
/// `index`; the root alone at 0; mesh.cpp's pair_layout), so that a visit
/// tests both children at once; a leaf holds the triangles [index, index +
/// count) of the reordered triangle list. `index` has 28 bits: a mesh holds
/// fewer than kMaxMeshTriangles triangles.
struct MeshNode {
  int16_t lo[3];
  int16_t hi[3];
  uint32_t index : 28;
  uint32_t count : 4;
  /// A leaf's end slot (index + count), unsigned (the bit-fields promote to
  /// int).
  uint32_t end() const { return static_cast<uint32_t>(index + count); }
};

/// Most triangles in one leaf; a node of this many or fewer is a leaf. 10,
/// three-mesh-bvh's default (maxLeafSize): on the 102,400-triangle knot of
/// tests/bench/mesh.bench.mjs the tree has 28,667 nodes (7.1 triangles a
/// leaf), 848 KiB with the triangle order against three-mesh-bvh 0.9.17's 901
/// (at 4 it was 63,995 nodes, 1,400 KiB), and every query row times the same
/// as at 4 within the noise (README, "Meshes against three-mesh-bvh"): a
/// leaf's triangles are first tested against their own boxes, about as cheap
/// as a node's, so larger leaves cost little and halve the nodes.
inline constexpr uint32_t kMaxLeafTriangles = 10;
/// Most triangles in one mesh, plus one (node and slot indices take 28 bits).
inline constexpr size_t kMaxMeshTriangles = size_t{1} << 27;

class Mesh {
 public:
  /// Builds the mesh over `vertex_count` vertices (positions: x, y, z each, all
  /// finite) and `triangle_count` triangles: three vertex indices each in
  /// `indices` (each < vertex_count), or, when indices is null, vertices 3i,
  /// 3i + 1, 3i + 2 for triangle i (then triangle_count * 3 <= vertex_count).
  /// The caller validates; the data is copied.
  Mesh(const double* positions, size_t vertex_count, const uint32_t* indices,
       size_t triangle_count);

  size_t triangle_count() const { return triangle_ids_.size(); }
  /// Triangle `i` (its index as given), corners in the order given.
  Triangle triangle(uint32_t i) const;

  /// The nearest hit of the ray: brute force over every triangle with
  /// raycast_triangle(ray, t, max_distance) (the smallest distance, ties to the
  /// lowest triangle index). The ray's direction must be non-zero.
  bool raycast(const Ray& ray, double max_distance, MeshRayHit* hit) const;
  /// raycast, recording its traversal into *trace (cleared first): the same
  /// traversal function with a recorder (raycast's recorder does nothing and
  /// compiles away), so the return value and *hit are raycast's, bit for bit.
  /// Every node whose box the ray's slab test runs on is recorded once, in
  /// test order, as missed, pruned or visited; every triangle of a visited
  /// leaf as skipped (its box), missed or hit.
  bool raycast_trace(const Ray& ray, double max_distance, MeshRayHit* hit,
                     MeshRayTrace* trace) const;
  /// The nearest hit of the segment: brute force with linecast_triangle.
  bool linecast(Vec3 start, Vec3 end, MeshRayHit* hit) const;
  /// The nearest point of the mesh to p within max_distance (>= 0, may be
  /// +infinity): brute force with distance_point_triangle (the smallest
  /// distance <= max_distance, ties to the lowest index), the point being
  /// closest_point_on_triangle of that triangle. False when no triangle is
  /// within max_distance (or the mesh is empty).
  bool closest_point(Vec3 p, double max_distance,
                     MeshClosestPoint* result) const;

  /// The earliest contact of a ball of `radius` moving from start to end:
  /// brute force over every triangle with sphere_cast_triangle (the least
  /// fraction, ties to the lowest triangle index; a cast that starts touching
  /// triangles answers fraction 0, started_overlapping, for the lowest index
  /// among them). Near-to-far traversal pruned by the best fraction so far; a
  /// node is entered when the centre's segment enters its box widened by the
  /// radius and kMeshBoxMargin (a slab test, lowered by kMeshBoundSlack: the
  /// widened box holds the Minkowski sum of the box and the ball, so it never
  /// prunes the answer). A triangle whose box the path enters is cast only
  /// when the path also enters its prism (its two face planes, then adaptive
  /// planes from near-closest points of the triangle and the swept shape,
  /// grown by the shape's reach and a margin of 2^-24 of the magnitudes,
  /// mesh.cpp's PrismFilter) no later than the best fraction so
  /// far, and, at that fraction, only when its index is lower than the best's
  /// (so a cast that starts touching casts only lower indices once it has
  /// one). Nodes and triangles are taken best first from one heap by their
  /// lower bounds (equal bounds: triangles first, by index, then nodes), so
  /// a triangle is cast only when nothing queued can come earlier; a
  /// triangle enters it on its box's bound, and its prism's planes (the
  /// faces', then the adaptive ones) run only when it is popped, sending it
  /// back when they raise its bound past another entry's. A leaf skips, unread,
  /// every triangle whose index its own bound already beats. A node is also
  /// skipped when one of the three cross axes D x (x, y or z) separates it from
  /// the path widened by the shape's reach (the separating-axis test of a
  /// segment and a box; mesh.cpp's SlabRay::use_cross). Algorithm: the
  /// swept-sphere BVH cast of Jolt's CastShape against a MeshShape and parry's
  /// cast_shapes against a TriMesh (the segment against boxes grown by the
  /// shape's extent). Before the sweep, a pre-pass answers a cast that starts
  /// touching (mesh.cpp's StartPass): depth first over the ball at the start
  /// grown by kMeshCastStartReach (a superset of the triangles whose single
  /// cast can give fraction 0), their indices ascending, the first whose
  /// single cast gives fraction 0 is the answer (the same as the sweep's);
  /// when none does, the sweep runs. The inputs must be valid (finite points,
  /// radius >= 0).
  bool sphere_cast(Vec3 start, Vec3 end, double radius,
                   MeshShapeCastHit* hit) const;
  /// The same for a capsule moving by `translation`, with
  /// capsule_cast_triangle; the node test (and the triangles' box test) is
  /// the capsule's centre's segment against each box widened per axis by
  /// that axis's |end - start| / 2 + radius + kMeshBoxMargin: the bounding
  /// box of the box's Minkowski sum with the capsule, so it never prunes the
  /// answer. The same pre-pass over the capsule at its start first.
  bool capsule_cast(const Capsule& capsule, Vec3 translation,
                    MeshShapeCastHit* hit) const;

  /// The original indices of every triangle that touches the shape (touching
  /// counts), ascending, into *out (cleared first): as a set, exactly the brute
  /// force over every triangle with overlap_sphere_triangle,
  /// overlap_capsule_triangle, overlap_aabb_triangle or overlap_obb_triangle
  /// (the leaves call exactly that function). A node is visited when the shape
  /// may touch its box widened by kMeshBoxMargin: the sphere by a lower bound
  /// on its centre's distance to the box, the capsule and the AABB by their
  /// bounding boxes (AABB against AABB), the OBB by overlap_aabb_obb; each is
  /// conservative (never prunes a node holding a touching triangle), the exact
  /// answer coming from the leaves. Algorithm: the overlap traversal of
  /// three-mesh-bvh's shapecast (intersectsBounds / intersectsTriangle), of
  /// Jolt's CollideShape against a MeshShape and of parry's
  /// intersection_with_aabb. The shapes must be valid (validate.h).
  void triangles_in_sphere(const Sphere& sphere,
                           std::vector<uint32_t>* out) const;
  void triangles_in_capsule(const Capsule& capsule,
                            std::vector<uint32_t>* out) const;
  void triangles_in_aabb(const AABB& box, std::vector<uint32_t>* out) const;
  void triangles_in_obb(const OBB& box, std::vector<uint32_t>* out) const;
  /// Whether any triangle touches the shape: the same traversal as
  /// triangles_in_*, stopping at the first touching triangle, so exactly
  /// !triangles_in_*(shape).empty().
  bool overlap_sphere(const Sphere& sphere) const;
  bool overlap_capsule(const Capsule& capsule) const;
  bool overlap_aabb(const AABB& box) const;
  bool overlap_obb(const OBB& box) const;

  /// One contact per triangle touching the shape (a character controller's
  /// depenetration step), ascending by triangle index, into *out (cleared
  /// first). The triangles are exactly triangles_in_sphere's /
  /// triangles_in_capsule's; each contact is contact_sphere_triangle's /
  /// contact_capsule_triangle's, bit for bit, except on internal edges
  /// (mesh_contacts.cpp; JoltPhysics' InternalEdgeRemovingCollector adapted
  /// to one contact per triangle). All the single calls come first: a face
  /// contact (normal the face's within kMeshFaceContactSine, or pointB in the
  /// triangle's interior) stands and voids the triangle's three corners
  /// (matched by coordinates). A contact on an inactive edge (shared with one
  /// other triangle continuing it within kMeshFlatEdgeCosine of flat, found
  /// when the mesh is built) or an inactive vertex (every edge at it
  /// inactive) is replaced by the triangle's face contact only when its
  /// feature is voided (both corners of the edge, or the vertex, corners of
  /// triangles with face contacts in this query; a replaced contact voids its
  /// corners too, to a fixed point); otherwise the single call's contact
  /// stands (a shape beside the border, or resting on a nearly flat ridge).
  /// An interior contact whose normal is not the face's is replaced when the
  /// triangle has an inactive edge. The face contact: normal = the unit face
  /// normal on the side the single call's normal points to (dot > 0: +n, < 0:
  /// -n; == 0: the single call's contact is kept; winding decides nothing),
  /// depth = radius - the signed distance of the deepest end along it,
  /// pointA = that end less normal * radius, pointB = pointA + normal *
  /// depth. Moving by normal * depth then leaves the shape touching the
  /// triangle's plane, so apart from the triangle. The shapes must be valid
  /// (validate.h).
  void contacts_sphere(const Sphere& sphere,
                       std::vector<MeshContact>* out) const;
  void contacts_capsule(const Capsule& capsule,
                        std::vector<MeshContact>* out) const;
  /// The parts of contacts_*, for callers that keep their own buffers (the
  /// flat exports): the BVH slots of the touching triangles, in ascending
  /// triangle index, then every contact of the triangles in `slots` at once
  /// (contacts_*'s second half: each single call made once), into *out
  /// (cleared first; one per slot, in the slots' order); *voided and *pending
  /// are scratch. Vectors reserved for every slot (*voided: 3 words per
  /// triangle of the mesh) keep this from allocating.
  void contact_slots_sphere(const Sphere& sphere,
                            std::vector<uint32_t>* slots) const;
  void contact_slots_capsule(const Capsule& capsule,
                             std::vector<uint32_t>* slots) const;
  void contacts_in_slots_sphere(const Sphere& sphere,
                                const std::vector<uint32_t>& slots,
                                std::vector<uint32_t>* voided,
                                std::vector<uint64_t>* pending,
                                std::vector<MeshContact>* out) const;
  void contacts_in_slots_capsule(const Capsule& capsule,
                                 const std::vector<uint32_t>& slots,
                                 std::vector<uint32_t>* voided,
                                 std::vector<uint64_t>* pending,
                                 std::vector<MeshContact>* out) const;
  /// Triangle `i`'s active edges (its index as given): bit 0 the edge from its
  /// first corner to its second, bit 1 second to third, bit 2 third to first.
  /// An edge is inactive when exactly one other triangle shares it (corners
  /// matched by their coordinates, so an unindexed mesh's shared edges count)
  /// and the two continue each other within kMeshFlatEdgeCosine of flat (their
  /// third corners on opposite sides of the edge); boundary, non-manifold,
  /// folded and angled edges, and every edge of a degenerate triangle, are
  /// active.
  uint8_t active_edges(uint32_t i) const;
  /// Triangle `i`'s active corners: bit k when some edge at its corner k, of
  /// any triangle, is active (a vertex on the border or on a ridge); an
  /// inactive vertex is inside a flat region.
  uint8_t active_vertices(uint32_t i) const;

  /// A test hook for the sibling pairs' tests (issue 14): over every inner
  /// node, the pair test of raycast's and closest_point's visits (both
  /// children at once: in lanes under WASM SIMD, without branches natively)
  /// against their test of one node on each child; the number of children
  /// whose outcome, or whose bound when entered, differs in any bit (0: they
  /// agree, as they must). Under WASM SIMD also, on every leaf triangle, the
  /// ray leaves' box test in lanes against the ray's enter() on the
  /// triangle's box, and closest_point's leaves' box in lanes against
  /// triangle_box (counted alike). The ray's direction must be non-zero;
  /// max_distance as raycast's.
  size_t pair_test_mismatches(const Ray& ray, double max_distance,
                              Vec3 point) const;
  /// The same for linecast's pair test (the segment's, its distance cap
  /// finite: the segment's end raised by the slack): over every inner node,
  /// the pair test against the one-node test on each child under linecast's
  /// own cap, then under caps at each child's widened entry parameter, an ulp
  /// below and an ulp above it (ties of the cap). Returns the number of
  /// children that differ (0).
  size_t segment_pair_test_mismatches(Vec3 start, Vec3 end) const;

  /// Bytes of the BVH: its nodes and the triangles' order (their original
  /// indices), what three-mesh-bvh's BVH buffer holds (it reorders the
  /// geometry's index in place instead of keeping an order).
  size_t bvh_bytes() const;
  /// Bytes the mesh owns in all: the BVH, the triangles' vertex indices and
  /// the vertices (double).
  size_t memory_bytes() const;
  size_t node_count() const { return nodes_.size(); }
  /// The deepest leaf's depth (the root is 0).
  int depth() const { return depth_; }
  /// Node `i`'s bounds mapped back to world coordinates (as queries see them,
  /// before kMeshBoxMargin).
  AABB world_bounds(size_t i) const;
  const MeshNode& node(size_t i) const { return nodes_[i]; }
  /// The original index of the triangle in BVH slot `slot` (leaves hold
  /// slots).
  uint32_t triangle_in_slot(uint32_t slot) const { return triangle_ids_[slot]; }
  /// The BVH slots of every triangle below node `i`: [*first, *end). The
  /// builder (detail/bvh.h) splits a node's range of slots between its two
  /// children, so a subtree's slots are one range, from its first leaf's to
  /// its last leaf's.
  void subtree_slots(uint32_t i, uint32_t* first, uint32_t* end) const;

 private:
  std::vector<double> vertices_;        // x, y, z per vertex
  std::vector<uint32_t> corners_;       // three vertex indices per triangle,
                                        // in BVH order
  std::vector<uint32_t> triangle_ids_;  // original index, in BVH order
  std::vector<MeshNode> nodes_;
  std::vector<uint8_t> active_;  // active edge and corner bits, BVH order
  std::vector<uint32_t> weld_;   // per vertex: the first vertex at its point
  Vec3 origin_;                  // the centre of the mesh's bounds
  double unit_ = 1.0;       // a power of two: world = origin + int16 * unit
  double max_coord_ = 0.0;  // the largest |coordinate| of any vertex
  int depth_ = 0;

  Triangle at(uint32_t slot) const;  // the triangle in BVH slot `slot`
  void build(std::vector<double>& bounds);
  void pair_layout();
  void find_active_edges();
  bool feature_voided(uint32_t slot, unsigned needed,
                      const std::vector<uint32_t>& voided, size_t sorted) const;
  void void_corners(uint32_t slot, std::vector<uint32_t>* voided) const;
  template <class SlotOf, class OnVoided>
  void void_to_fixed_point(std::vector<uint32_t>* voided,
                           std::vector<uint64_t>* pending, SlotOf slot_of,
                           OnVoided on_voided) const;
  template <class SlotOf, class OnVoided>
  void void_in_passes(std::vector<uint32_t>* voided,
                      std::vector<uint64_t>* pending, SlotOf slot_of,
                      OnVoided on_voided) const;
  template <class Shape>
  void contacts_in_slots(const Shape& shape, const std::vector<uint32_t>& slots,
                         std::vector<uint32_t>* voided,
                         std::vector<uint64_t>* pending,
                         std::vector<MeshContact>* out) const;
  void sort_slots(std::vector<uint32_t>* slots) const;
  int16_t round_down(double value, int axis) const;
  int16_t round_up(double value, int axis) const;
  template <class Visit>
  friend struct MeshTraversal;
  template <class Record>
  bool raycast_with(const Ray& ray, double max_distance, MeshRayHit* hit,
                    Record& record) const;
  template <class Visit>
  bool overlap_query(Visit& visit, std::vector<uint32_t>* out) const;
  // The casts' pre-pass (mesh.cpp, StartPass): the answer of a cast that
  // starts touching, found depth first over the start shape; false when no
  // triangle's single cast gives fraction 0 (or the pre-pass does not apply),
  // and then the sweep decides.
  bool sphere_cast_start(Vec3 start, Vec3 end, double radius, double magnitude,
                         MeshShapeCastHit* hit) const;
  bool capsule_cast_start(const Capsule& capsule, Vec3 translation,
                          double magnitude, MeshShapeCastHit* hit) const;
  template <class Pass>
  bool run_start_pass(Pass& pass, MeshShapeCastHit* hit) const;
};

}  // namespace np
