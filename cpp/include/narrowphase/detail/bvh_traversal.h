// narrowphase internals (namespace np::detail): not part of the public API.
// The traversal of the bounding volume hierarchies (the mesh's, mesh.cpp; the
// tree of boxes', aabb_tree.cpp): depth first with a fixed stack, nearer child
// first, pruned by a limit that the leaves may lower as they find answers.
// Nodes are in depth-first order: an inner node's first child comes right
// after it and its second is at `index`; a leaf (count != 0) holds `count`
// items from `index`.
#pragma once

#include <cstdint>
#include <vector>

namespace np::detail {

struct StackEntry {
  uint32_t node;
  double bound;  // a lower bound on the distance of anything below the node
};

/// What traverse_near_to_far tells a recorder, as it happens (Mesh::
/// raycast_trace records it): `box(node, parent, entered, bound)` after each
/// node test (parent UINT32_MAX for the root; bound meaningful when entered),
/// `pruned(node, limit)` when an entered node is dropped because its bound
/// exceeds the limit (when tested, or when popped after the limit fell), and
/// `visited(node, limit)` when a node is popped and its children tested or
/// its leaf visited. This one records nothing: its empty calls compile away,
/// so a traversal without a recorder is the traversal it always was.
struct NoTraversalRecord {
  void box(uint32_t, uint32_t, bool, double) {}
  void pruned(uint32_t, double) {}
  void visited(uint32_t, double) {}
};

/// Visits `nodes` from the root: `bound(i, &d)` tests node i (false: nothing
/// below it counts; else d, a lower bound on the distance of anything below
/// it), `leaf(node)` visits a leaf's items, and an entry whose bound exceeds
/// `limit()` is skipped. kStackSize must exceed the tree's depth + 1.
/// `record` (NoTraversalRecord by default) is told each step.
template <int kStackSize, class Node, class Bound, class Leaf, class Limit,
          class Record = NoTraversalRecord>
inline void traverse_near_to_far(const std::vector<Node>& nodes, Bound&& bound,
                                 Leaf&& leaf, Limit&& limit,
                                 Record&& record = Record()) {
  if (nodes.empty()) return;
  StackEntry stack[kStackSize];
  int size = 0;
  double root = 0.0;
  const bool entered = bound(0u, &root);
  record.box(0u, UINT32_MAX, entered, root);
  if (!entered) return;
  stack[size++] = {0, root};
  while (size > 0) {
    const StackEntry e = stack[--size];
    if (e.bound > limit()) {
      record.pruned(e.node, limit());
      continue;
    }
    record.visited(e.node, limit());
    const Node& n = nodes[e.node];
    if (n.count != 0) {
      leaf(n);
      continue;
    }
    const uint32_t a = e.node + 1, b = n.index;
    double da = 0.0, db = 0.0;
    // Each child's box test, then the limit: entered but beyond it, pruned.
    const bool ea = bound(a, &da);
    record.box(a, e.node, ea, da);
    const bool ha = ea && !(da > limit());
    if (ea && !ha) record.pruned(a, limit());
    const bool eb = bound(b, &db);
    record.box(b, e.node, eb, db);
    const bool hb = eb && !(db > limit());
    if (eb && !hb) record.pruned(b, limit());
    // The nearer child is popped first.
    if (ha && hb) {
      if (da <= db) {
        stack[size++] = {b, db};
        stack[size++] = {a, da};
      } else {
        stack[size++] = {a, da};
        stack[size++] = {b, db};
      }
    } else if (ha) {
      stack[size++] = {a, da};
    } else if (hb) {
      stack[size++] = {b, db};
    }
  }
}

}  // namespace np::detail
