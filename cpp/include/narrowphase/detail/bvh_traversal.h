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

/// Visits `nodes` from the root: `bound(i, &d)` tests node i (false: nothing
/// below it counts; else d, a lower bound on the distance of anything below
/// it), `leaf(node)` visits a leaf's items, and an entry whose bound exceeds
/// `limit()` is skipped. kStackSize must exceed the tree's depth + 1.
template <int kStackSize, class Node, class Bound, class Leaf, class Limit>
inline void traverse_near_to_far(const std::vector<Node>& nodes, Bound&& bound,
                                 Leaf&& leaf, Limit&& limit) {
  if (nodes.empty()) return;
  StackEntry stack[kStackSize];
  int size = 0;
  double root;
  if (!bound(0u, &root)) return;
  stack[size++] = {0, root};
  while (size > 0) {
    const StackEntry e = stack[--size];
    if (e.bound > limit()) continue;
    const Node& n = nodes[e.node];
    if (n.count != 0) {
      leaf(n);
      continue;
    }
    const uint32_t a = e.node + 1, b = n.index;
    double da = 0.0, db = 0.0;
    const bool ha = bound(a, &da) && !(da > limit());
    const bool hb = bound(b, &db) && !(db > limit());
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
