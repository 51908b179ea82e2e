// narrowphase: a tree of axis-aligned boxes for scenes of moving props
// (issue 14, np.createAABBTree).
//
// An AABBTree owns a copy of n boxes and a BVH over them, built once by the
// binned SAH builder of the mesh (mesh.h; Wald 2007, "On fast construction of
// SAH-based bounding volume hierarchies": the scheme of Jolt's
// AABBTreeBuilder, parry's Qbvh and three-mesh-bvh's SAH strategy). Moving
// boxes refits the tree instead of rebuilding it (update, update_all): its
// topology stays and every node's box is recomputed bottom-up as exactly the
// union of its children's (leaves: of their boxes), as Box2D's b2DynamicTree
// and Bullet's btDbvt refit, and parry's Qbvh::refit. Node boxes are doubles,
// so they are exact unions: a refitted tree holds exactly the boxes a fresh
// build over the same boxes would hold at its nodes' level, and answers
// exactly as it does (every answer is the brute force's, below).
//
// Every query is exact with respect to the single calls: its answer is, bit
// for bit, the brute force over all boxes with the function named at each
// query (the leaves call exactly that function); ties (two boxes hit at
// exactly the same distance) go to the lowest index. The traversal never
// prunes a node holding an answer: boxes_in_aabb tests nodes with the same
// exact comparisons (a node's box contains its boxes, and an exact predicate
// is monotone under containment), boxes_in_sphere with a lower bound on the
// centre's distance to the node's box widened by kMeshBoxMargin, and the
// raycast with the mesh's conservative slab test (widened by kMeshBoxMargin,
// lowered by kMeshBoundSlack: Ize 2013, "Robust BVH Ray Traversal"), nodes
// visited near to far and pruned by the nearest hit so far.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "narrowphase/types.h"

namespace np {

/// A ray hit on a tree of boxes: raycast_aabb's RayHit on the box hit, and
/// that box's index (as given to the tree).
struct TreeRayHit {
  RayHit hit;
  uint32_t index = 0;
};

/// One node, 56 bytes: its box (exactly the union of the boxes below it); an
/// inner node (count == 0) has its first child right after it and its second
/// at `index`; a leaf holds the boxes in slots [index, index + count).
struct AABBTreeNode {
  AABB box;
  uint32_t index;
  uint32_t count;
};

/// Most boxes in one leaf; a node of this many or fewer is a leaf.
inline constexpr uint32_t kMaxLeafBoxes = 4;

/// The index of the first of `count` boxes (six doubles each: min x, y, z,
/// max x, y, z) with a non-finite number or a min greater than its max, or
/// `count` when every box is valid (what AABBTree's constructor and
/// update_all require).
size_t first_invalid_box(const double* boxes, size_t count);

class AABBTree {
 public:
  /// Builds the tree over `count` boxes, six doubles each (min x, y, z, max x,
  /// y, z: finite, min <= max). The caller validates; the data is copied.
  AABBTree(const double* boxes, size_t count);

  size_t count() const { return ids_.size(); }
  /// Box `i` (its index as given) as the tree holds it now.
  AABB box(uint32_t i) const { return boxes_[slot_of_[i]]; }

  /// Moves box i (< count, a valid box) and refits the nodes above it: each
  /// becomes the union of its children again, up to the root (stopping early
  /// where a node's box comes out unchanged: its ancestors are unions of
  /// unchanged boxes then).
  void update(uint32_t i, const AABB& box);
  /// Moves every box (six doubles each, in index order, all valid: see
  /// first_invalid_box) and refits the whole tree bottom-up.
  void update_all(const double* boxes);

  /// The nearest box hit: brute force over every box with raycast_aabb(ray,
  /// box, max_distance) (the smallest distance, ties to the lowest index; a
  /// ray starting inside or on a box hits it at distance 0). The ray's
  /// direction must be non-zero; max_distance >= 0, may be +infinity.
  bool raycast(const Ray& ray, double max_distance, TreeRayHit* hit) const;

  /// The indices of every box touching the shape (touching counts),
  /// ascending, into *out (cleared first): exactly the brute force over every
  /// box with overlap_aabb_aabb(box, b) / overlap_sphere_aabb(sphere, b). A
  /// node is visited when the box touches it (the same exact comparisons), or
  /// when a lower bound on the sphere's centre's distance to its box widened
  /// by kMeshBoxMargin is at most the radius (as the mesh's sphere queries):
  /// neither prunes a node holding a touching box. Algorithm: the overlap
  /// traversal of Box2D's b2DynamicTree::Query, Jolt's
  /// BroadPhaseQuadTree::CollideAABox and parry's Qbvh intersection_with_aabb.
  /// The shapes must be valid (validate.h).
  void boxes_in_aabb(const AABB& box, std::vector<uint32_t>* out) const;
  void boxes_in_sphere(const Sphere& sphere, std::vector<uint32_t>* out) const;

  /// Bytes the tree owns: nodes, parents, the boxes (double) and the index
  /// maps.
  size_t memory_bytes() const;
  size_t node_count() const { return nodes_.size(); }
  const AABBTreeNode& node(size_t i) const { return nodes_[i]; }
  /// The deepest leaf's depth (the root is 0).
  int depth() const { return depth_; }
  /// The original index of the box in slot `slot` (leaves hold slots).
  uint32_t box_in_slot(uint32_t slot) const { return ids_[slot]; }

 private:
  std::vector<AABB> boxes_;        // in BVH (slot) order
  std::vector<uint32_t> ids_;      // slot -> original index
  std::vector<uint32_t> slot_of_;  // original index -> slot
  std::vector<uint32_t> leaf_of_;  // slot -> the leaf node holding it
  std::vector<uint32_t> parent_;   // node -> its parent (the root: UINT32_MAX)
  std::vector<AABBTreeNode> nodes_;
  double max_coord_ = 0.0;  // a bound on |coordinate| of every box (raycast's
                            // margin; only grows on update)
  int depth_ = 0;

  void build();
  void bound_node(uint32_t node, AABB* out) const;
  bool refit_node(uint32_t node);  // true when its box changed
  template <class Visit>
  friend struct TreeTraversal;
};

}  // namespace np
