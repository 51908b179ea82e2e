// narrowphase internals (namespace np::detail): not part of the public API.
// The bounding volume hierarchies' build and traversal, shared by the mesh
// (mesh.cpp) and the tree of boxes (aabb_tree.cpp). Nodes are in depth-first
// order: an inner node's first child comes right after it and its second is at
// `index`; a leaf (count != 0) holds `count` items from `index` of the item
// order the build leaves.
//
// Build: binned SAH (Wald 2007, "On fast construction of SAH-based bounding
// volume hierarchies"): at each node the items' centroids are sorted into bins
// along each axis (kBins, fewer for small nodes), the cost area(left) *
// n(left) + area(right) * n(right) of the planes between bins is swept in two
// passes, and the cheapest plane splits the node. A node of at most
// `max_leaf` items is a leaf; one whose centroids coincide (or all fall in one
// bin), or one deeper than kMedianDepth (a skewed set would otherwise nest
// one item per level), splits at the median of its widest centroid axis,
// which bounds the depth and so the traversal stack.
//
// Traversal: depth first with a fixed stack, nearer child first, pruned by a
// limit that the leaves may lower as they find answers.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

namespace np::detail {

inline constexpr int kBins = 32;
/// Bins for a node of `count` items: a small node has few distinct planes
/// to choose from, and fewer bins cost less to sweep.
inline int bins_for(uint32_t count) {
  return count <= 16 ? 8 : count <= 256 ? 16 : kBins;
}
/// Below this depth nodes split by SAH; from it on, at the median.
inline constexpr int kMedianDepth = 48;
/// Entries of a traversal stack: depth <= kMedianDepth + log2(2^32) + 1, and a
/// near-to-far depth-first traversal holds at most one entry per level plus
/// one.
inline constexpr int kStackSize = 128;

/// Builds the nodes of a BVH over `items` (permuted in place: each leaf's
/// items end up contiguous), each an Item with `double c[3]`, its centroid
/// (in any units: centroids only steer the splits). Bin: a
/// default-constructed empty bin, `count`, `grow(const Bin&)` and
/// `half_area()` (the SAH's measure, 0 when empty); `add(bin, item)` grows a
/// bin by an item's box. Nodes are appended to `nodes` (their bounds left to
/// the caller), each reported to `made(node, parent)` (the root's parent:
/// UINT32_MAX). Returns the depth of the deepest leaf (the root is 0).
///
/// The items themselves are moved (not indices to them), so each node's
/// passes read memory in order; a node bins its items along the three axes in
/// one pass, and its partition gives each child its centroids' bounds, so a
/// node reads its items twice (bin, partition) where a pass per axis and one
/// for the bounds read them five times. The splits are the same as those
/// passes chose: the same bins, the same sweep, the same ties (the lowest
/// axis, then the lowest plane), and a partition by the same bin test (the
/// order inside each side may differ, not the sides).
template <class Bin, class Item, class Node, class Add, class Made>
int build_sah(std::vector<Item>& items, uint32_t max_leaf,
              std::vector<Node>& nodes, Add add, Made made) {
  const uint32_t n = static_cast<uint32_t>(items.size());
  nodes.reserve(2 * (n / 2 + 1));
  int depth = 0;
  struct Task {
    uint32_t begin, end;
    int depth;
    uint32_t parent;
    bool second;  // the parent's second child (its `index` points here)
    double clo[3], chi[3];  // the centroids' bounds (the bins span them)
  };
  Task root{0,
            n,
            0,
            UINT32_MAX,
            false,
            {DBL_MAX, DBL_MAX, DBL_MAX},
            {-DBL_MAX, -DBL_MAX, -DBL_MAX}};
  for (const Item& it : items)
    for (int a = 0; a < 3; ++a) {
      root.clo[a] = root.clo[a] < it.c[a] ? root.clo[a] : it.c[a];
      root.chi[a] = root.chi[a] > it.c[a] ? root.chi[a] : it.c[a];
    }
  std::vector<Task> tasks{root};
  Item* const data = items.data();
  while (!tasks.empty()) {
    const Task task = tasks.back();
    tasks.pop_back();
    const uint32_t node = static_cast<uint32_t>(nodes.size());
    nodes.push_back(Node{});
    made(node, task.parent);
    if (task.second) nodes[task.parent].index = node;
    depth = std::max(depth, task.depth);
    const uint32_t begin = task.begin, end = task.end, count = end - begin;
    if (count <= max_leaf) {
      nodes[node].index = begin;
      nodes[node].count = count;
      continue;
    }
    const double* clo = task.clo;
    const double* chi = task.chi;
    // Binned SAH over the three axes, binned in one pass.
    double best_cost = INFINITY;
    int best_axis = -1, best_plane = 0;
    double best_scale = 0.0;
    const int nb = bins_for(count);
    // The bin of a centroid: x clamped to [0, nb - 1], truncated (min and
    // max rather than branches: the same bins). x is never NaN; were it,
    // std::max(0.0, x) would give 0 (bin 0, as the old branches did) rather
    // than a NaN whose conversion to int is undefined.
    const double top = nb - 1;
    const auto bin_of = [top](double c, double lo, double scale) {
      const double x = (c - lo) * scale;
      return int(std::min(std::max(0.0, x), top));
    };
    if (task.depth < kMedianDepth) {
      double scale[3];
      bool usable[3];
      for (int a = 0; a < 3; ++a) {
        const double width = chi[a] - clo[a];
        scale[a] = nb / width;
        usable[a] = width > 0.0 && scale[a] <= DBL_MAX;
      }
      if (usable[0] || usable[1] || usable[2]) {
        // Only the nb bins in use are made (most nodes are small; making all
        // 3 * kBins was a tenth of the build).
        union Storage {
          Storage() {}
          Bin bins[3][kBins];
        } storage;
        Bin(&bins)[3][kBins] = storage.bins;
        for (int a = 0; a < 3; ++a)
          for (int b = 0; b < nb; ++b) new (&bins[a][b]) Bin();
        const double* const s = scale;
        const double* const lo = clo;
        for (uint32_t k = begin; k < end; ++k) {
          const Item& it = data[k];
          for (int a = 0; a < 3; ++a) {
            if (!usable[a]) continue;
            Bin& b = bins[a][bin_of(it.c[a], lo[a], s[a])];
            add(b, it);
            ++b.count;
          }
        }
        for (int a = 0; a < 3; ++a) {
          if (!usable[a]) continue;
          // Sweep: the right side's area * count for every plane, then the
          // left.
          double right_cost[kBins];
          Bin acc;
          for (int b = nb - 1; b > 0; --b) {
            acc.grow(bins[a][b]);
            right_cost[b] = acc.half_area() * acc.count;
          }
          acc = Bin();
          for (int b = 0; b < nb - 1; ++b) {
            acc.grow(bins[a][b]);
            if (acc.count == 0 || acc.count == count) continue;
            const double cost = acc.half_area() * acc.count + right_cost[b + 1];
            if (cost < best_cost) {
              best_cost = cost, best_axis = a, best_plane = b + 1;
              best_scale = scale[a];
            }
          }
        }
      }
    }
    uint32_t mid;
    Task left{begin,
              0,
              task.depth + 1,
              node,
              false,
              {DBL_MAX, DBL_MAX, DBL_MAX},
              {-DBL_MAX, -DBL_MAX, -DBL_MAX}};
    Task right{0,
               end,
               task.depth + 1,
               node,
               true,
               {DBL_MAX, DBL_MAX, DBL_MAX},
               {-DBL_MAX, -DBL_MAX, -DBL_MAX}};
    const auto grow = [](Task& t, const Item& it) {
      for (int a = 0; a < 3; ++a) {
        t.clo[a] = t.clo[a] < it.c[a] ? t.clo[a] : it.c[a];
        t.chi[a] = t.chi[a] > it.c[a] ? t.chi[a] : it.c[a];
      }
    };
    if (best_axis >= 0) {
      // Hoare's partition by the chosen plane, each side's bounds grown as
      // its items are placed.
      const int a = best_axis;
      const double lo = clo[a], scale = best_scale;
      uint32_t i = begin, j = end;
      for (;;) {
        while (i < j && bin_of(data[i].c[a], lo, scale) < best_plane)
          grow(left, data[i++]);
        while (i < j && !(bin_of(data[j - 1].c[a], lo, scale) < best_plane))
          grow(right, data[--j]);
        if (i >= j) break;
        std::swap(data[i], data[j - 1]);
      }
      mid = i;
    } else {
      // No plane separates the centroids (they coincide), or the node is
      // deep: the median of the widest centroid axis (`id` order on ties).
      int a = 0;
      for (int k = 1; k < 3; ++k)
        if (chi[k] - clo[k] > chi[a] - clo[a]) a = k;
      mid = begin + count / 2;
      std::nth_element(data + begin, data + mid, data + end,
                       [a](const Item& x, const Item& y) {
                         return x.c[a] < y.c[a] ||
                                (x.c[a] == y.c[a] && x.id < y.id);
                       });
      for (uint32_t k = begin; k < mid; ++k) grow(left, data[k]);
      for (uint32_t k = mid; k < end; ++k) grow(right, data[k]);
    }
    left.end = mid;
    right.begin = mid;
    // The first child is built next (right after this node), the second
    // after the first's whole subtree.
    tasks.push_back(right);
    tasks.push_back(left);
  }
  nodes.shrink_to_fit();
  return depth;
}

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
/// `limit()` is skipped. `record` (NoTraversalRecord by default) is told each
/// step.
template <class Node, class Bound, class Leaf, class Limit,
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
