// narrowphase: the triangle mesh and its BVH (narrowphase/mesh.h).
//
// Build: binned SAH (Wald 2007, "On fast construction of SAH-based bounding
// volume hierarchies"; detail/bvh.h, shared with the tree of boxes): at each
// node the triangles' centroids are sorted into bins along each axis (kBins,
// fewer for small nodes), the cost area(left) * n(left) + area(right) *
// n(right) of the planes between bins is swept in two passes, and the
// cheapest plane splits the node; the bins' boxes are float32 in the mesh's
// units (the areas are a heuristic). three-mesh-bvh's SAH strategy
// (src/core/build/splitUtils.js in 0.9.17: 8 bins on the centroid bounds, and
// an exact sweep below a few dozen primitives) and Jolt's MeshShape (its
// AABBTreeBuilder with TriangleSplitterBinning) split on the same cost;
// parry's Qbvh splits at the centroids' mean instead (cheaper to build, looser
// for rays). A node of at most kMaxLeafTriangles triangles is a leaf; one
// whose centroids coincide (coincident triangles, or all in one bin), or a
// node deeper than kMedianDepth (a skewed soup would otherwise nest one
// triangle per level), is split at the median of its largest centroid axis,
// which bounds the depth and so the traversal stack.
//
// Overlap queries (triangles_in_*, overlap_*): the same traversal with every
// node's bound 0, a node visited when the shape may touch its widened box and
// every triangle below tested with the single call (all of them, or until the
// first touching one), as three-mesh-bvh's shapecast, Jolt's
// MeshShape::CollideShape and parry's Qbvh intersection_with_aabb do.
//
// Nodes are stored as sibling pairs (pair_layout): a visit tests both
// children of an inner node at once (raycast, linecast and closestPoint in
// WASM SIMD lanes, two nodes a lane each: bound_pair) and goes on into the
// nearer one, pushing only the farther (MeshTraversal::run).
//
// Query: near-to-far depth-first traversal with a stack; a node's entry
// distance (ray) or distance lower bound (point) is compared with the best
// answer so far and the node pruned only when it is strictly greater, so a
// triangle at exactly the best distance is still tested (ties go to the lowest
// index). Box tests follow Ize 2013 ("Robust BVH Ray Traversal", JCGT 2(2)):
// the slab parameters are rounded, so the entry is lowered and the exit raised
// by a bound on their relative error (here kMeshBoundSlack, generous), and the
// box is first widened by kMeshBoxMargin of the coordinates' magnitude, which
// also covers the rounding inside the triangle tests the leaves call.
#include "narrowphase/mesh.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "narrowphase/closest_point.h"
#include "narrowphase/detail/bvh.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/slab_ray.h"
#include "narrowphase/detail/triangle_bound.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace np {

namespace {

double component(Vec3 v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

// Half the surface area of a box given as lo[3], hi[3] (the SAH's measure).
double half_area(const float* lo, const float* hi) {
  const double dx = double(hi[0]) - lo[0], dy = double(hi[1]) - lo[1],
               dz = double(hi[2]) - lo[2];
  if (!(dx >= 0.0)) return 0.0;  // an empty bin
  return dx * dy + dy * dz + dz * dx;
}

struct Bin {
  // lo and hi with a fourth lane (0: what the items carry there), so that
  // a bin grows by two 4-lane min / max (WASM SIMD, or what the compiler
  // makes of the loops natively).
  float lo[4] = {FLT_MAX, FLT_MAX, FLT_MAX, 0.0f};
  float hi[4] = {-FLT_MAX, -FLT_MAX, -FLT_MAX, 0.0f};
  uint32_t count = 0;
  void grow(const float* blo, const float* bhi) {
#ifdef __wasm_simd128__
    // pmin(a, b) is b < a ? b : a, std::min(a, b) exactly.
    wasm_v128_store(lo,
                    wasm_f32x4_pmin(wasm_v128_load(lo), wasm_v128_load(blo)));
    wasm_v128_store(hi,
                    wasm_f32x4_pmax(wasm_v128_load(hi), wasm_v128_load(bhi)));
#else
    for (int a = 0; a < 4; ++a) {
      lo[a] = std::min(lo[a], blo[a]);
      hi[a] = std::max(hi[a], bhi[a]);
    }
#endif
  }
  void grow(const Bin& b) {
    grow(b.lo, b.hi);
    count += b.count;
  }
  double half_area() const { return np::half_area(lo, hi); }
};

// A triangle as the builder sees it: its centroid and bounds in the mesh's
// units, and its index.
struct BuildItem {
  double c[3];
  float lo[4], hi[4];  // the fourth lanes 0 (Bin's)
  uint32_t id;
};

}  // namespace

// ---- Build ----

Mesh::Mesh(const double* positions, size_t vertex_count,
           const uint32_t* indices, size_t triangle_count)
    : vertices_(positions, positions + 3 * vertex_count),
      corners_(3 * triangle_count),
      triangle_ids_(triangle_count) {
  for (size_t i = 0; i < 3 * triangle_count; ++i)
    corners_[i] = indices ? indices[i] : static_cast<uint32_t>(i);
  for (size_t i = 0; i < triangle_count; ++i)
    triangle_ids_[i] = static_cast<uint32_t>(i);
  if (triangle_count == 0) return;
  // Each triangle's world bounds (exact: minima and maxima of its corners).
  std::vector<double> bounds(6 * triangle_count);
  double mlo[3] = {DBL_MAX, DBL_MAX, DBL_MAX};
  double mhi[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
  for (size_t i = 0; i < triangle_count; ++i) {
    double* b = &bounds[6 * i];
    for (int a = 0; a < 3; ++a) {
      const double p = vertices_[3 * corners_[3 * i] + a],
                   q = vertices_[3 * corners_[3 * i + 1] + a],
                   r = vertices_[3 * corners_[3 * i + 2] + a];
      b[a] = std::min(std::min(p, q), r);
      b[3 + a] = std::max(std::max(p, q), r);
      mlo[a] = std::min(mlo[a], b[a]);
      mhi[a] = std::max(mhi[a], b[3 + a]);
    }
  }
  // The origin (the centre of the bounds, halves added so that nothing
  // overflows) and the unit, a power of two 2^-14 of one just above the
  // largest offset from it, so that int16 offsets in units of it span the
  // mesh with 2^15 steps (|offset| < 2^14, rounded outward by a few steps,
  // far inside int16), and at least 2^-51 of one above the largest
  // coordinate: then origin + k * unit for an integer k is a multiple of the
  // coordinates' ulp, so each step of round_down / round_up moves the mapped
  // bound by at least one ulp and they stop within a few steps even for a
  // mesh far smaller than its distance from zero.
  double extent = 0.0;
  for (int a = 0; a < 3; ++a) {
    const double o = 0.5 * mlo[a] + 0.5 * mhi[a];
    (a == 0 ? origin_.x : a == 1 ? origin_.y : origin_.z) = o;
    extent = std::max(extent, std::max(mhi[a] - o, o - mlo[a]));
    max_coord_ =
        std::max(max_coord_, std::max(std::fabs(mlo[a]), std::fabs(mhi[a])));
  }
  int e = -1000;
  if (!(extent <= DBL_MAX)) {
    e = 1024;
  } else if (extent > 0.0) {
    std::frexp(extent, &e);  // extent = m 2^e, m in [0.5, 1)
    e = std::max(e, -1000);
  }
  int ec = -1100;
  if (max_coord_ > 0.0) std::frexp(max_coord_, &ec);  // ulp = 2^(ec - 53)
  unit_ = detail::pow2(std::max(e - 14, std::max(ec - 51, -1014)));
  build(bounds);
  find_active_edges();
}

Triangle Mesh::at(uint32_t slot) const {
  const uint32_t* c = &corners_[3 * slot];
  const double* v0 = &vertices_[3 * c[0]];
  const double* v1 = &vertices_[3 * c[1]];
  const double* v2 = &vertices_[3 * c[2]];
  return {{v0[0], v0[1], v0[2]}, {v1[0], v1[1], v1[2]}, {v2[0], v2[1], v2[2]}};
}

Triangle Mesh::triangle(uint32_t i) const {
  // Slots are a permutation of the indices: find i's (only tests call this).
  for (uint32_t s = 0; s < triangle_ids_.size(); ++s)
    if (triangle_ids_[s] == i) return at(s);
  return {};
}

// An integer k whose bound origin + k * unit (rounded, as world_bounds
// computes it) is <= value (round_down) or >= value (round_up): the floor
// (ceiling) of the offset, stepped outward until it is. A few steps at most
// (the unit's choice in the constructor: |offset| < 2^14 and each step moves
// the bound by one ulp of the coordinates or more), so k stays far inside
// int16; the clamp is never reached.
int16_t Mesh::round_down(double value, int axis) const {
  const double o = component(origin_, axis);
  double k = std::floor((0.5 * value - 0.5 * o) * (2.0 / unit_));
  for (int step = 0; step < 64 && o + k * unit_ > value; ++step) k -= 1.0;
  return static_cast<int16_t>(std::max(k, -32768.0));
}
int16_t Mesh::round_up(double value, int axis) const {
  const double o = component(origin_, axis);
  double k = std::ceil((0.5 * value - 0.5 * o) * (2.0 / unit_));
  for (int step = 0; step < 64 && o + k * unit_ < value; ++step) k += 1.0;
  return static_cast<int16_t>(std::min(k, 32767.0));
}

void Mesh::subtree_slots(uint32_t i, uint32_t* first, uint32_t* end) const {
  uint32_t a = i, b = i;
  while (nodes_[a].count == 0) a = nodes_[a].index;      // first children
  while (nodes_[b].count == 0) b = nodes_[b].index + 1;  // second children
  *first = nodes_[a].index;
  *end = nodes_[b].end();
}

AABB Mesh::world_bounds(size_t i) const {
  const MeshNode& n = nodes_[i];
  return {{origin_.x + static_cast<double>(n.lo[0]) * unit_,
           origin_.y + static_cast<double>(n.lo[1]) * unit_,
           origin_.z + static_cast<double>(n.lo[2]) * unit_},
          {origin_.x + static_cast<double>(n.hi[0]) * unit_,
           origin_.y + static_cast<double>(n.hi[1]) * unit_,
           origin_.z + static_cast<double>(n.hi[2]) * unit_}};
}

void Mesh::build(std::vector<double>& bounds) {
  const uint32_t n = static_cast<uint32_t>(triangle_ids_.size());
  // Each triangle's centroid in units of the mesh (offsets from the origin
  // over the unit; halves first, so that nothing overflows), for the binning
  // only, and its bounds in the same units in float32 (the SAH's areas only:
  // a heuristic, so rounding does not matter here), side by side (detail/
  // bvh.h moves the items themselves).
  const double to_local = 2.0 / unit_;
  std::vector<BuildItem> items(n);
  for (uint32_t i = 0; i < n; ++i) {
    BuildItem& it = items[i];
    it.id = i;
    it.lo[3] = it.hi[3] = 0.0f;
    for (int a = 0; a < 3; ++a) {
      const double o = 0.5 * component(origin_, a);
      it.c[a] = (0.25 * bounds[6 * i + a] + 0.25 * bounds[6 * i + 3 + a] - o) *
                to_local;
      it.lo[a] = static_cast<float>((0.5 * bounds[6 * i + a] - o) * to_local);
      it.hi[a] =
          static_cast<float>((0.5 * bounds[6 * i + 3 + a] - o) * to_local);
    }
  }
  // The nodes, and the triangles in leaf order (detail/bvh.h).
  depth_ = detail::build_sah<Bin>(
      items, kMaxLeafTriangles, nodes_,
      [](Bin& bin, const BuildItem& it) { bin.grow(it.lo, it.hi); },
      [](uint32_t, uint32_t) {});
  std::vector<uint32_t>& ref = triangle_ids_;
  for (uint32_t s = 0; s < n; ++s) ref[s] = items[s].id;
  items.clear();
  items.shrink_to_fit();
  pair_layout();
  // Bounds, bottom-up: a leaf's are its triangles' exact world bounds rounded
  // outward into int16 units; an inner node's the union of its children's
  // (which come after it: pair_layout), the same as rounding the union,
  // rounding being monotone.
  for (size_t k = nodes_.size(); k-- > 0;) {
    MeshNode& node = nodes_[k];
    if (node.count != 0) {
      double wlo[3] = {DBL_MAX, DBL_MAX, DBL_MAX};
      double whi[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
      for (uint32_t slot = node.index; slot < node.end(); ++slot) {
        const double* b = &bounds[6 * static_cast<size_t>(ref[slot])];
        for (int a = 0; a < 3; ++a) {
          wlo[a] = min2(wlo[a], b[a]);
          whi[a] = max2(whi[a], b[3 + a]);
        }
      }
      for (int a = 0; a < 3; ++a) {
        node.lo[a] = round_down(wlo[a], a);
        node.hi[a] = round_up(whi[a], a);
      }
    } else {
      const MeshNode &l = nodes_[node.index], &r = nodes_[node.index + 1];
      for (int a = 0; a < 3; ++a) {
        node.lo[a] = std::min(l.lo[a], r.lo[a]);
        node.hi[a] = std::max(l.hi[a], r.hi[a]);
      }
    }
  }
  // Reorder the triangles' corners into BVH order.
  std::vector<uint32_t> corners(3 * static_cast<size_t>(n));
  for (uint32_t s = 0; s < n; ++s)
    for (int k = 0; k < 3; ++k)
      corners[3 * s + k] = corners_[3 * static_cast<size_t>(ref[s]) + k];
  corners_.swap(corners);
}

// The builder's depth-first order (detail/bvh.h: first child at k + 1,
// second at `index`) into sibling pairs: the root alone at 0, and an inner
// node's two children side by side at `index` and `index + 1` (32 bytes,
// adjacent: one cache line, or two when the pair straddles a line's end), so
// that a visit loads and tests both
// children at the parent and descends into the nearer without a push (the
// layout of three-mesh-bvh's and Jolt's nodes, and the child-tested-at-parent
// traversal of Embree: Wald, Woop, Benthin, Johnson and Ernst, "Embree: A
// Kernel Framework for Efficient CPU Ray Tracing", SIGGRAPH 2014, 3.2; on
// node layouts and their cache behaviour, Ericson, "Real-Time Collision
// Detection", 6.6.2). Pairs are placed depth first (a pair's first child's
// pair right after it, its second child's after the first's subtree), so
// the leaves, and their slot ranges, stay in the builder's order; the node
// count and every node's contents but `index` are the builder's. Called
// before the bounds are computed (they are the builder's empty ones here).
void Mesh::pair_layout() {
  if (nodes_.empty()) return;
  std::vector<MeshNode> paired(nodes_.size());
  struct Move {
    uint32_t from, to;
  };
  std::vector<Move> moves{{0u, 0u}};
  uint32_t next = 1;
  while (!moves.empty()) {
    const Move m = moves.back();
    moves.pop_back();
    const MeshNode& n = nodes_[m.from];
    paired[m.to] = n;
    if (n.count != 0) continue;
    const uint32_t c = next;
    next += 2;
    paired[m.to].index = c;
    moves.push_back({static_cast<uint32_t>(n.index), c + 1});  // second
    moves.push_back({m.from + 1, c});                          // first
  }
  nodes_.swap(paired);
}

size_t Mesh::bvh_bytes() const {
  return nodes_.capacity() * sizeof(MeshNode) +
         triangle_ids_.capacity() * sizeof(uint32_t);
}

size_t Mesh::memory_bytes() const {
  return sizeof(Mesh) + bvh_bytes() + corners_.capacity() * sizeof(uint32_t) +
         vertices_.capacity() * sizeof(double) + active_.capacity() +
         weld_.capacity() * sizeof(uint32_t);
}

// ---- Queries ----

namespace {

using detail::box_distance;
using detail::box_margin;
using detail::near_unit;

#ifdef __wasm_simd128__
// triangle_box(t) in f64x2 lanes, bit for bit: min2(m, c) = `m < c ? m : c`
// is wasm_f64x2_pmin(c, m) per lane and max2(m, c) = `m > c ? m : c` is
// wasm_f64x2_pmax(c, m), NaN and -0 alike (pmin(x, y) is `y < x ? y : x`,
// pmax(x, y) `x < y ? y : x`), where V8 compiles each double select of
// triangle_box to a branch on the data. x and y share lanes; z is in both
// lanes of lo_z and hi_z.
struct BoxLanes {
  v128_t lo_xy, hi_xy, lo_z, hi_z;
};
__attribute__((always_inline)) inline BoxLanes box_lanes(const Triangle& t) {
  const v128_t axy = wasm_v128_load(&t.a.x), bxy = wasm_v128_load(&t.b.x),
               cxy = wasm_v128_load(&t.c.x);
  const v128_t az = wasm_f64x2_splat(t.a.z), bz = wasm_f64x2_splat(t.b.z),
               cz = wasm_f64x2_splat(t.c.z);
  return {wasm_f64x2_pmin(cxy, wasm_f64x2_pmin(bxy, axy)),
          wasm_f64x2_pmax(cxy, wasm_f64x2_pmax(bxy, axy)),
          wasm_f64x2_pmin(cz, wasm_f64x2_pmin(bz, az)),
          wasm_f64x2_pmax(cz, wasm_f64x2_pmax(bz, az))};
}
#endif

// The shared slab test (detail/slab_ray.h: enter() on world bounds), and the
// node test in the mesh's own units.
struct SlabRay : detail::SlabRay {
  using detail::SlabRay::SlabRay;

  // The node test in the mesh's own units (int16 offsets from `origin` in
  // units of `unit`), without mapping each bound back to world coordinates:
  // per axis, the parameter of a bound f is (f - q) * s with q = (o - origin) /
  // unit (widened by the margin in those units) and s = unit / D. Rounding q,
  // the margin and the difference moves a bound by a few ulps of the
  // coordinates' magnitude, far inside the margin (kMeshBoxMargin); rounding s
  // and the product is a relative error the slack covers, as for enter().
  // When q, s or the margin in units is not a finite normal number (a ray
  // origin ~2^1000 units from the mesh, a direction component ~2^-1000 of the
  // others), `local` stays false and nodes take enter() on world bounds.
  bool local = false;
  // Per axis, what the box is widened by beyond `margin` (a capsule's |half
  // segment| components; 0 for the other queries): set before use_units.
  double extra[3] = {0.0, 0.0, 0.0};
  double q_near[3], q_far[3];  // what the near / far bound's f is offset by
  // The cross axes (use_cross): n_a = D x e_a per axis a, whose projections
  // are constant along the path.
  bool cross = false;
  double cross_n[3][3];    // n_a
  double cross_abs[3][3];  // |n_a| per component
  double cross_at[3];      // n_a . 2q
  double q_at[3];          // q (use_units)
  double cross_reach[3];   // 2 (what reaches beyond the box along n_a)
  double s[3];
  int near_hi[3];  // 1 when the near bound is hi (D < 0)
#ifdef __wasm_simd128__
  static_assert(offsetof(MeshNode, hi) == 3 * sizeof(int16_t),
                "a node's six bounds: lo then hi");
  static_assert(sizeof(MeshNode) == 16, "a node is one v128 load");
  // enter_node's lanes (detail/slab_ray.h, its note on WASM SIMD): per axis
  // the near and far bound, at near_at / far_at among the node's six bounds
  // (lo then hi), less (q_near, q_far), times (s, -s). `gather` is the byte
  // mask of one i8x16.swizzle that takes the node's 16 bytes (one load) to
  // the int16 lanes (near x, far x, near y, far y, near z, far z, 0, 0):
  // bound k is bytes 2k and 2k + 1, and a mask byte of 16 or more gives 0.
  int near_at[3], far_at[3];
  double q_lanes[3][2];
  double s_lanes[3][2];
  uint8_t gather[16];
#endif

  void use_units(Vec3 o, Vec3 origin, double unit) {
    for (int a = 0; a < 3; ++a) {
      const double m = (margin + extra[a]) / unit;
      if (!(m >= DBL_MIN && m <= DBL_MAX)) return;
      const double q = (component(o, a) - component(origin, a)) / unit;
      if (!(std::fabs(q) <= DBL_MAX)) return;
      q_at[a] = q;
      near_hi[a] = d[a] < 0.0;
      // D = 0: s = +inf makes a bound beyond o a miss and one behind it no
      // constraint; o exactly on it gives 0 * inf = NaN, which constrains
      // nothing (the comparisons below skip NaN).
      s[a] = d[a] == 0.0 ? INFINITY : unit / d[a];
      if (d[a] != 0.0 && !(std::fabs(s[a]) <= DBL_MAX)) return;
      // The widened bounds lo - m and hi + m: (f_lo - (q + m)) s and (f_hi -
      // (q - m)) s.
      q_near[a] = near_hi[a] ? q - m : q + m;
      q_far[a] = near_hi[a] ? q + m : q - m;
#ifdef __wasm_simd128__
      near_at[a] = near_hi[a] ? 3 + a : a;
      far_at[a] = near_hi[a] ? a : 3 + a;
      q_lanes[a][0] = q_near[a];
      q_lanes[a][1] = q_far[a];
      s_lanes[a][0] = s[a];
      s_lanes[a][1] = -s[a];
      const int at[2] = {near_at[a], far_at[a]};
      for (int k = 0; k < 2; ++k) {
        gather[4 * a + 2 * k] = static_cast<uint8_t>(2 * at[k]);
        gather[4 * a + 2 * k + 1] = static_cast<uint8_t>(2 * at[k] + 1);
      }
#endif
    }
#ifdef __wasm_simd128__
    for (int b = 12; b < 16; ++b) gather[b] = 0x80;
#endif
    local = true;
  }

  // The separating axes of a segment and a box beside the box's own (the
  // slab test): the three cross products of the segment's direction with the
  // box's edges (Ericson, "Real-Time Collision Detection", 5.3.3 and the
  // separating-axis test of 4.4.1, Gottschalk's OBB test with one box a
  // segment), along which the path's projection is one point. A shape
  // touching the node's box at some point z of it, z = o + f D + s h + w with
  // |s| <= 1 and |w| <= r' (r' the slab's margin: the radius and
  // kMeshBoxMargin; h the capsule's half segment, 0 for a ball), has, for n
  // perpendicular to D, |n . (o - c)| <= sum_b |n_b| e_b + |n . h| + r' |n|
  // (c the box's centre, e its half extents): a node whose centre's
  // projection is farther holds nothing the shape touches. In the node's
  // units, doubled (lo + hi = 2c, hi - lo = 2e exactly, as int16 sums).
  // Rounding: n is exact (components of D), q within an ulp of the
  // coordinates' magnitude of the exact offset (covered by r' |n|, r' holding
  // kMeshBoxMargin of that magnitude), the reach is raised by 2^-40 of itself
  // (a square root, a division and a sum: a few ulps), and the comparison
  // gets 2^-40 of a bound on every term's size (the sums of up to six
  // products, a few ulps of it: Higham, "Accuracy and Stability of Numerical
  // Algorithms", 3.1, gamma_n). Off unless use_units succeeded, and when an
  // offset in units exceeds 2^900 (no product may overflow).
  void use_cross(Vec3 h, double unit) {
    if (!local) return;
    double big = 0.0;
    for (int a = 0; a < 3; ++a) big = std::max(big, 2.0 * std::fabs(q_at[a]));
    if (!(big <= 0x1p900)) return;
    const double hv[3] = {h.x, h.y, h.z};
    for (int a = 0; a < 3; ++a) {
      const int b = (a + 1) % 3, c = (a + 2) % 3;
      // D x e_a: component b is d[c], component c is -d[b], component a 0.
      double* n = cross_n[a];
      n[a] = 0.0;
      n[b] = d[c];
      n[c] = -d[b];
      for (int k = 0; k < 3; ++k) cross_abs[a][k] = std::fabs(n[k]);
      cross_at[a] = n[b] * (2.0 * q_at[b]) + n[c] * (2.0 * q_at[c]);
      const double len = std::sqrt(n[b] * n[b] + n[c] * n[c]);
      const double nh = std::fabs(n[b] * hv[b] + n[c] * hv[c]);
      cross_reach[a] = 2.0 * (margin * len + nh) / unit * (1.0 + 0x1p-40);
      if (!(cross_reach[a] <= DBL_MAX)) return;
    }
    cross_slack = 0x1p-40 * 16.0 * (big + 0x1p17);
    cross = true;
  }
  double cross_slack = 0.0;

  // Whether the cross axes (use_cross) separate the path from node n.
  bool cross_separates(const MeshNode& n) const {
    if (!cross) return false;
    double c2[3], e2[3];
    for (int k = 0; k < 3; ++k) {
      c2[k] = static_cast<double>(n.lo[k] + n.hi[k]);
      e2[k] = static_cast<double>(n.hi[k] - n.lo[k]);
    }
    for (int a = 0; a < 3; ++a) {
      const double* m = cross_n[a];
      const double* am = cross_abs[a];
      const double p =
          cross_at[a] - (m[0] * c2[0] + m[1] * c2[1] + m[2] * c2[2]);
      const double ext = am[0] * e2[0] + am[1] * e2[1] + am[2] * e2[2];
      if (std::fabs(p) > ext + cross_reach[a] + cross_slack) return true;
    }
    return false;
  }

  // enter() on a box in world coordinates widened first by `extra` per axis
  // (lo - extra, hi + extra, each rounded: that moves a bound by half an ulp
  // of the query's magnitude at most, far inside the margin; a bound that
  // overflows is infinite and only widens the box more).
  bool enter_widened(AABB box, double* distance, double* param) const {
    box.min.x -= extra[0];
    box.min.y -= extra[1];
    box.min.z -= extra[2];
    box.max.x += extra[0];
    box.max.y += extra[1];
    box.max.z += extra[2];
    return enter(box, distance, param);
  }

  // The scalar slab test of node n in the mesh's units (the lanes under WASM
  // SIMD do the same operations): *tnear, *tfar the largest entry and least
  // exit parameters over the three axes, before finish's widening (a NaN, 0 *
  // inf, keeps the running value).
  void slab(const MeshNode& n, double* tnear, double* tfar) const {
    *tnear = -INFINITY;
    *tfar = INFINITY;
    for (int a = 0; a < 3; ++a) {
      const int16_t fn = near_hi[a] ? n.hi[a] : n.lo[a];
      const int16_t ff = near_hi[a] ? n.lo[a] : n.hi[a];
      const double t0 = (static_cast<double>(fn) - q_near[a]) * s[a];
      const double t1 = (static_cast<double>(ff) - q_far[a]) * s[a];
      if (t0 > *tnear) *tnear = t0;
      if (t1 < *tfar) *tfar = t1;
    }
  }

#ifdef __wasm_simd128__
  // enter(triangle_box(t), distance) without a branch on the doubles, for
  // the ray leaves' first pass (RayVisit::leaf_range): only when `lanes`
  // (every d nonzero, no 2 / d overflowing: enter() takes its lanes then).
  // The same doubles and operations as triangle_box and enter's lanes and
  // finish, bit for bit: min2(m, c) = `m < c ? m : c` is wasm_f64x2_pmin(c,
  // m) per lane and max2(m, c) = `m > c ? m : c` wasm_f64x2_pmax(c, m), NaN
  // and -0 alike (pmin(x, y) is `y < x ? y : x`, pmax(x, y) `x < y ? y :
  // x`); the near / far bound of an axis is (lo, hi), swapped (one lane
  // shuffle, selected by `swap`, all ones when d < 0) where enter reads
  // b[near_at], b[far_at]; acc = (tnear, -tfar) as enter's; finish's widening
  // in lanes: v = (tnear, tfar) (the sign flipped by one xor, as the scalar
  // negation), v - (slack |v|) (1, -1) where |v| < inf (x - (-y) is x + y
  // exactly, so lane 1 is tfar + slack |tfar|); its three rejections as
  // integer ands; its distance as finish computes it. Returns 1 when the box
  // is entered (then *distance is finish's), else 0.
  // enter_triangle_lanes's `swap`: per axis all ones when d < 0.
  void lane_swaps(v128_t swap[3]) const {
    for (int a = 0; a < 3; ++a) swap[a] = wasm_i64x2_splat(d[a] < 0.0 ? -1 : 0);
  }
  __attribute__((always_inline)) int enter_triangle_lanes(
      const Triangle& t, const v128_t swap[3], double* distance) const {
    const BoxLanes b = box_lanes(t);
    const v128_t pairs[3] = {wasm_i64x2_shuffle(b.lo_xy, b.hi_xy, 0, 2),
                             wasm_i64x2_shuffle(b.lo_xy, b.hi_xy, 1, 3),
                             wasm_i64x2_shuffle(b.lo_z, b.hi_z, 0, 2)};
    const v128_t half = wasm_f64x2_splat(0.5), m = wasm_f64x2_splat(margin);
    v128_t acc = wasm_f64x2_splat(-INFINITY);
    for (int a = 0; a < 3; ++a) {
      const v128_t bound = wasm_v128_bitselect(
          wasm_i64x2_shuffle(pairs[a], pairs[a], 1, 0), pairs[a], swap[a]);
      const v128_t gap = wasm_f64x2_sub(
          wasm_f64x2_mul(
              half, wasm_f64x2_add(bound,
                                   wasm_f64x2_mul(m, wasm_v128_load(side[a])))),
          wasm_f64x2_splat(half_o[a]));
      acc = wasm_f64x2_pmax(acc, wasm_f64x2_mul(gap, wasm_v128_load(scale[a])));
    }
    const v128_t v = wasm_v128_xor(acc, wasm_i64x2_make(0, INT64_MIN));
    const v128_t av = wasm_f64x2_abs(v);
    const v128_t w = wasm_v128_bitselect(
        wasm_f64x2_sub(
            v, wasm_f64x2_mul(
                   wasm_f64x2_mul(wasm_f64x2_splat(kMeshBoundSlack), av),
                   wasm_f64x2_make(1.0, -1.0))),
        v, wasm_f64x2_lt(av, wasm_f64x2_splat(INFINITY)));
    const double tnear = wasm_f64x2_extract_lane(w, 0);
    const double tfar = wasm_f64x2_extract_lane(w, 1);
    *distance = tnear > 0.0 ? tnear * length * (1.0 - kMeshBoundSlack) : 0.0;
    return static_cast<int>(tnear <= tfar) & static_cast<int>(!(tfar < 0.0)) &
           static_cast<int>(!(tnear > t_max));
  }
#endif

  // enter_node on the two nodes of a sibling pair p[0], p[1] (Mesh::
  // pair_layout), bit for bit: *ea, *eb whether each is entered, *da, *db
  // their lowered entry distances (meaningful only when entered). Under WASM
  // SIMD the two nodes share lanes: lane 0 node p[0], lane 1 node p[1], the
  // same doubles and operations in the same order as the scalar enter_node
  // and finish (int16 -> int32 -> double is exact; per axis t0 = (fn -
  // q_near) s and t1 = (ff - q_far) s; tnear = pmax(tnear, t0), which is `t0
  // > tnear ? t0 : tnear`, tfar = pmin(tfar, t1), `t1 < tfar ? t1 : tfar`, a
  // NaN keeping the running value as in the scalar loop; then finish's
  // widening, comparisons and distance per lane), so one load of each node,
  // one shuffle per pair and no scalar extraction until the two distances.
  void enter_pair(const MeshNode* p, double* da, double* db, bool* ea,
                  bool* eb) const {
#ifdef __wasm_simd128__
    const v128_t mask = wasm_v128_load(gather);
    const v128_t ga = wasm_i8x16_swizzle(wasm_v128_load(&p[0]), mask);
    const v128_t gb = wasm_i8x16_swizzle(wasm_v128_load(&p[1]), mask);
    // (a.nx, b.nx, a.fx, b.fx, a.ny, b.ny, a.fy, b.fy), (a.nz, b.nz, a.fz,
    // b.fz, 0, 0, 0, 0): n near, f far.
    const v128_t xy = wasm_i16x8_shuffle(ga, gb, 0, 8, 1, 9, 2, 10, 3, 11);
    const v128_t zz = wasm_i16x8_shuffle(ga, gb, 4, 12, 5, 13, 6, 14, 7, 15);
    const v128_t x32 = wasm_i32x4_extend_low_i16x8(xy);
    const v128_t y32 = wasm_i32x4_extend_high_i16x8(xy);
    const v128_t z32 = wasm_i32x4_extend_low_i16x8(zz);
    const v128_t lanes[3] = {x32, y32, z32};
    v128_t tnear = wasm_f64x2_splat(-INFINITY);
    v128_t tfar = wasm_f64x2_splat(INFINITY);
    for (int a = 0; a < 3; ++a) {
      const v128_t fn = wasm_f64x2_convert_low_i32x4(lanes[a]);
      const v128_t ff = wasm_f64x2_convert_low_i32x4(
          wasm_i64x2_shuffle(lanes[a], lanes[a], 1, 1));
      const v128_t sv = wasm_f64x2_splat(s[a]);
      tnear = wasm_f64x2_pmax(
          tnear,
          wasm_f64x2_mul(wasm_f64x2_sub(fn, wasm_f64x2_splat(q_near[a])), sv));
      tfar = wasm_f64x2_pmin(
          tfar,
          wasm_f64x2_mul(wasm_f64x2_sub(ff, wasm_f64x2_splat(q_far[a])), sv));
    }
    // finish (detail/slab_ray.h): widen, then the three rejections, then
    // the distance.
    const v128_t inf = wasm_f64x2_splat(INFINITY);
    const v128_t slack = wasm_f64x2_splat(kMeshBoundSlack);
    const v128_t an = wasm_f64x2_abs(tnear), af = wasm_f64x2_abs(tfar);
    tnear =
        wasm_v128_bitselect(wasm_f64x2_sub(tnear, wasm_f64x2_mul(slack, an)),
                            tnear, wasm_f64x2_lt(an, inf));
    tfar = wasm_v128_bitselect(wasm_f64x2_add(tfar, wasm_f64x2_mul(slack, af)),
                               tfar, wasm_f64x2_lt(af, inf));
    const v128_t zero = wasm_f64x2_splat(0.0);
    const v128_t ok = wasm_v128_andnot(
        wasm_v128_andnot(wasm_f64x2_le(tnear, tfar), wasm_f64x2_lt(tfar, zero)),
        wasm_f64x2_gt(tnear, wasm_f64x2_splat(t_max)));
    const uint32_t bits = wasm_i64x2_bitmask(ok);
    *ea = (bits & 1u) != 0;
    *eb = (bits & 2u) != 0;
    if (bits == 0) return;
    const v128_t dist = wasm_v128_bitselect(
        wasm_f64x2_mul(wasm_f64x2_mul(tnear, wasm_f64x2_splat(length)),
                       wasm_f64x2_splat(1.0 - kMeshBoundSlack)),
        zero, wasm_f64x2_gt(tnear, zero));
    if (*ea) *da = wasm_f64x2_extract_lane(dist, 0);
    if (*eb) *db = wasm_f64x2_extract_lane(dist, 1);
#else
    // The scalar enter_node and finish on both, without returning early, so
    // that the two outcomes come out of comparisons rather than branches.
    double tn[2], tf[2];
    for (int k = 0; k < 2; ++k) {
      double tnear, tfar;
      slab(p[k], &tnear, &tfar);
      widen(&tnear, &tfar);
      tn[k] = tnear;
      tf[k] = tfar;
    }
    const auto entered = [this](double tnear, double tfar) {
      return static_cast<int>(tnear <= tfar) & static_cast<int>(!(tfar < 0.0)) &
             static_cast<int>(!(tnear > t_max));
    };
    *ea = entered(tn[0], tf[0]) != 0;
    *eb = entered(tn[1], tf[1]) != 0;
    *da = tn[0] > 0.0 ? tn[0] * length * (1.0 - kMeshBoundSlack) : 0.0;
    *db = tn[1] > 0.0 ? tn[1] * length * (1.0 - kMeshBoundSlack) : 0.0;
#endif
  }

  // Both tests also give, in *param when not null, the lowered entry
  // parameter (0 when the origin is inside the widened box): a lower bound on
  // the t of anything the box holds.
  bool enter_node(const MeshNode& n, double* distance,
                  double* param = nullptr) const {
#ifdef __wasm_simd128__
    // As detail::SlabRay::enter's lanes: acc = (tnear, -tfar), each axis's
    // lanes (fn - q_near) s and (ff - q_far) (-s), which is -t1 exactly (a
    // NaN, 0 * inf, stays NaN and keeps the running value, as below). The
    // six bounds come from one load of the node and one swizzle (`gather`),
    // sign-extended to int32 and converted to double: the same values
    // (int16 -> double is exact) as the six scalar loads, conversions and
    // three lane replacements of before (raycast 0.85-0.96x of their time,
    // mesh_ab.bench.mjs, README "Meshes against three-mesh-bvh").
    const v128_t g =
        wasm_i8x16_swizzle(wasm_v128_load(&n), wasm_v128_load(gather));
    const v128_t xy = wasm_i32x4_extend_low_i16x8(g);
    const v128_t bounds[3] = {
        wasm_f64x2_convert_low_i32x4(xy),
        wasm_f64x2_convert_low_i32x4(wasm_i64x2_shuffle(xy, xy, 1, 1)),
        wasm_f64x2_convert_low_i32x4(wasm_i32x4_extend_high_i16x8(g))};
    v128_t acc = wasm_f64x2_splat(-INFINITY);
    for (int a = 0; a < 3; ++a)
      acc = wasm_f64x2_pmax(
          acc,
          wasm_f64x2_mul(wasm_f64x2_sub(bounds[a], wasm_v128_load(q_lanes[a])),
                         wasm_v128_load(s_lanes[a])));
    return finish(wasm_f64x2_extract_lane(acc, 0),
                  -wasm_f64x2_extract_lane(acc, 1), distance, param);
#else
    double tnear, tfar;
    slab(n, &tnear, &tfar);
    return finish(tnear, tfar, distance, param);
#endif
  }
};

}  // namespace

// The traversal shared by the queries: near to far, pruned by
// `visit.limit()`; `visit.bound_node(mesh, node, &distance)` tests a node's
// box, `visit.leaf(triangle, original index, slot)` one triangle. `record`
// (raycast_trace's) is told each step (detail/bvh.h's NoTraversalRecord
// names them); the default records nothing.
// Whether a visit tests a sibling pair at once: `bound_pair(mesh, first,
// &d_first, &d_second, &entered_first, &entered_second)`, the same as
// bound_node on each (else MeshTraversal calls bound_node on each).
template <class Visit, class = void>
struct HasBoundPair : std::false_type {};
template <class Visit>
struct HasBoundPair<Visit, std::void_t<decltype(&Visit::bound_pair)>>
    : std::true_type {};

#ifdef __wasm_simd128__
// Whether a visit takes a leaf's triangles at once (`leaf_range`): raycast's.
template <class Visit, class = void>
struct HasLeafRange : std::false_type {};
template <class Visit>
struct HasLeafRange<Visit, std::void_t<decltype(Visit::kLeafRange)>>
    : std::true_type {};
#endif

template <class Visit>
struct MeshTraversal {
  // Over the sibling pairs (Mesh::pair_layout): the root is tested once
  // before the loop; a visit of an inner node tests both children of its
  // pair (`index`, `index + 1`: adjacent, so both come in with one or two
  // cache lines) and goes on into the nearer one that passes at once, pushing
  // only the farther one, where detail::traverse_near_to_far pushes both and
  // pops the nearer straight back (Embree's child-tested-at-parent
  // traversal: Wald et al., "Embree: A Kernel Framework for Efficient CPU Ray
  // Tracing", SIGGRAPH 2014, 3.2). The order of the visits, the limits they
  // see and so every answer and every recorded step are traverse_near_to_far's
  // on the builder's order, bit for bit: the nearer child it pushed was popped
  // next with the limit unchanged (no leaf ran in between), so its `bound >
  // limit` check there repeated the one made when it was pushed.
  template <class Record = detail::NoTraversalRecord>
  static void run(const Mesh& mesh, Visit& visit, Record&& record = Record()) {
    const std::vector<MeshNode>& nodes = mesh.nodes_;
    if (nodes.empty()) return;
    detail::StackEntry stack[detail::kStackSize];
    int size = 0;
    double bound = 0.0;
    const bool entered = visit.bound_node(mesh, 0u, &bound);
    record.box(0u, UINT32_MAX, entered, bound);
    if (!entered) return;
    uint32_t node = 0;
    if (bound > visit.limit()) {
      record.pruned(0u, visit.limit());
      return;
    }
    for (;;) {
      record.visited(node, visit.limit());
      const MeshNode& n = nodes[node];
      if (n.count != 0) {
        bool done = false;
#ifdef __wasm_simd128__
        if constexpr (HasLeafRange<Visit>::value)
          done = visit.leaf_range(mesh, n.index, n.end(),
                                  [&mesh](uint32_t s) { return mesh.at(s); });
#endif
        for (uint32_t s = n.index; !done && s < n.end(); ++s)
          visit.leaf(mesh.at(s), mesh.triangle_ids_[s], s);
      } else {
        const uint32_t a = n.index, b = a + 1;
        double da = 0.0, db = 0.0;
        // Each child's box test, then the limit: entered but beyond it,
        // pruned.
        bool ea, eb;
        if constexpr (HasBoundPair<Visit>::value) {
          visit.bound_pair(mesh, a, &da, &db, &ea, &eb);
        } else {
          ea = visit.bound_node(mesh, a, &da);
        }
        record.box(a, node, ea, da);
        const bool ha = ea && !(da > visit.limit());
        if (ea && !ha) record.pruned(a, visit.limit());
        if constexpr (!HasBoundPair<Visit>::value)
          eb = visit.bound_node(mesh, b, &db);
        record.box(b, node, eb, db);
        const bool hb = eb && !(db > visit.limit());
        if (eb && !hb) record.pruned(b, visit.limit());
        if (ha || hb) {
          // On into the nearer that passes (ties: the first child); the
          // farther pushed when it passes too. Selections rather than
          // branches: which child is nearer is a coin toss for the branch
          // predictor.
          const bool second = hb && (!ha || db < da);
          node = second ? b : a;
          stack[size] = {second ? a : b, second ? da : db};
          size += static_cast<int>(ha) & static_cast<int>(hb);
          continue;
        }
      }
      // Pop the next entry still within the limit.
      for (;;) {
        if (size == 0) return;
        const detail::StackEntry e = stack[--size];
        if (e.bound > visit.limit()) {
          record.pruned(e.node, visit.limit());
          continue;
        }
        node = e.node;
        break;
      }
    }
  }

  // The casts' traversal, best first (Ericson 6.3.3's ordered traversal,
  // with the leaves' triangles queued beside the nodes): one min-heap of
  // nodes, by their lower bounds, and of triangles, by theirs, the least
  // popped first. A triangle enters the heap on its box's bound
  // (`visit.box_bound`, a slab test) raised by its faces' planes
  // (`visit.faces`, cheap, computed while its corners are at hand: before,
  // they waited for the pop, which reread the corners, and three in four
  // triangles queued were popped; what they leave is kept beside the heap,
  // `faces_of`, so a popped triangle goes on from it rather than computing
  // its sphere's and faces' bounds again: a third fewer `faces` per cast on the
  // benchmark's knot, the same values); the dearer filter (`visit.adaptive`,
  // the prism's adaptive planes) runs only when it is popped, and a triangle
  // whose bound it raises above the heap's least goes back in, refined. A
  // triangle is cast (`visit.cast_at`) only when nothing queued could come
  // earlier, so the first contact found is usually the answer and every entry
  // beyond it is dropped unopened: most triangles whose box the path enters are
  // never refined (before, every one was, when its leaf was opened: 70 to 80
  // per cast on the benchmark's knot, of which one or two were cast). The stop
  // is the same rule as before: an entry whose bound exceeds the best fraction
  // so far holds nothing that can win (bounds are lower bounds), and the heap
  // gives the rest in order, so the first such pop ends the traversal. Which
  // triangles are cast may change with the order, never the answer: the
  // earliest contact (ties: the lowest index) is a minimum over a total
  // order, and a triangle is skipped only on a lower bound that loses to a
  // contact found. The heap lives on the stack (kHeap entries); when it is
  // full a node is searched depth first on the spot and a triangle filtered
  // and cast at once, which is the depth-first traversal's order: the answer
  // stays the same.
  static void run_best_first(const Mesh& mesh, Visit& visit) {
    if (mesh.nodes_.empty()) return;
    // A triangle's stages: its box's and faces' planes' bound, all planes'.
    enum Kind : uint32_t { kNode, kFaced, kRefined };
    struct Entry {
      double bound;
      uint32_t code;  // index << 2 | kind: a node, or a triangle's slot
      uint32_t tie;   // a triangle's index; UINT32_MAX for a node
      uint32_t slot;  // a kFaced triangle's faces in `faces_of`
    };
    constexpr int kHeap = 256;
    Entry heap[kHeap];
    int size = 0;
    // The faces' planes of the kFaced triangles in the heap (one slot each,
    // so kHeap slots are enough), for their next stage to go on from. A slot
    // is a freed one when there is one, else the next never used (`fresh`):
    // nothing to fill per cast, and fresh stays <= kHeap, since it grows only
    // while every slot below it is held by an entry in the heap.
    typename Visit::Faces faces_of[kHeap];
    uint32_t free_slots[kHeap];
    int free_count = 0;
    uint32_t fresh = 0;
    // Equal bounds pop triangles first, by index, then nodes: a cast that
    // starts touching triangles (each at bound 0) finds a low index among
    // them early, and the leaves opened after it skip every triangle of a
    // higher index unread (below).
    const auto later = [](const Entry& a, const Entry& b) {
      return a.bound > b.bound || (a.bound == b.bound && a.tie > b.tie);
    };
    // (index << 2 fits: nodes and slots are below 2 kMaxMeshTriangles = 2^28.)
    const auto push = [&](double bound, uint32_t index, Kind kind,
                          uint32_t tie) {
      heap[size++] = {bound, index << 2 | kind, tie, 0u};
      std::push_heap(heap, heap + size, later);
    };
    const auto push_faced = [&](uint32_t index, uint32_t tie,
                                const typename Visit::Faces& f) {
      const uint32_t slot = free_count > 0 ? free_slots[--free_count] : fresh++;
      faces_of[slot] = f;
      heap[size++] = {f.low, index << 2 | kFaced, tie, slot};
      std::push_heap(heap, heap + size, later);
    };
    // Both filters and the cast, now.
    const auto cast_now = [&](uint32_t s, uint32_t id, double box) {
      double lo;
      const Triangle tri = mesh.at(s);
      if (visit.refine(tri, id, box, &lo)) visit.cast_at(tri, id, lo);
    };
    // A triangle's entry taken out of the heap: its next stage; back in the
    // heap when its bound puts it behind another entry (there is room: it was
    // just taken out), else the cast.
    const auto next_stage = [&](const Entry& e) {
      const uint32_t i = e.code >> 2;
      const uint32_t id = e.tie;
      if ((e.code & 3u) == kRefined)
        return visit.cast_at(mesh.at(i), id, e.bound);
      double lo;
      const Triangle tri = mesh.at(i);
      free_slots[free_count++] = e.slot;
      if (!visit.adaptive(tri, id, faces_of[e.slot], &lo)) return;
      if (size > 0 && lo > heap[0].bound)
        push(lo, i, kRefined, id);
      else
        visit.cast_at(tri, id, lo);
    };
    // A leaf whose bound is `bound`: each triangle's box test and its faces'
    // planes (its corners are at hand), then into the heap (or, when it is
    // full or `queue` is false, the adaptive planes and the cast now).
    // A triangle whose index the leaf's bound already beats (the bound is a
    // lower bound on its fraction too) is skipped before its corners are
    // read: once a contact at fraction 0 is found, every higher index.
    // The leaf's least entry is held out of the heap: when nothing in the
    // heap comes before it, it is the next one the heap would give, and goes
    // on at once to the adaptive planes from where its faces' left off (one
    // push and one pop fewer per leaf, and its faces not computed again).
    const auto leaf = [&](const MeshNode& n, double bound, bool queue) {
      Entry held{};
      Triangle held_tri{};
      typename Visit::Faces held_faces{};
      bool holding = false;
      for (uint32_t s = n.index; s < n.end(); ++s) {
        const uint32_t id = mesh.triangle_ids_[s];
        if (visit.beaten(bound, id)) continue;
        double box;
        const Triangle tri = mesh.at(s);
        if (!visit.box_bound(tri, id, &box)) continue;
        if (!queue || size + holding >= kHeap) {
          cast_now(s, id, box);
          continue;
        }
        typename Visit::Faces f;
        if (!visit.faces(tri, id, box, &f)) continue;
        const Entry e{f.low, s << 2 | kFaced, id, 0u};
        if (!holding) {
          held = e;
          held_tri = tri;
          held_faces = f;
          holding = true;
        } else if (later(held, e)) {
          push_faced(held.code >> 2, held.tie, held_faces);
          held = e;
          held_tri = tri;
          held_faces = f;
        } else {
          push_faced(s, id, f);
        }
      }
      if (!holding) return;
      if (size > 0 && later(held, heap[0]))
        return push_faced(held.code >> 2, held.tie, held_faces);
      double lo;
      if (!visit.adaptive(held_tri, held.tie, held_faces, &lo)) return;
      if (size > 0 && lo > heap[0].bound)
        push(lo, held.code >> 2, kRefined, held.tie);
      else
        visit.cast_at(held_tri, held.tie, lo);
    };
    // Now, depth first: a node that found the heap full.
    const auto descend = [&](auto& self, uint32_t node, double bound) -> void {
      const MeshNode& n = mesh.nodes_[node];
      if (n.count != 0) return leaf(n, bound, false);
      for (const uint32_t c : {static_cast<uint32_t>(n.index), n.index + 1u}) {
        double d;
        if (visit.bound_node(mesh, c, &d) && !(d > visit.limit()))
          self(self, c, d);
      }
    };
    double root;
    if (!visit.bound_node(mesh, 0u, &root)) return;
    push(root, 0u, kNode, UINT32_MAX);
    while (size > 0) {
      std::pop_heap(heap, heap + size, later);
      const Entry e = heap[--size];
      if (e.bound > visit.limit()) return;  // and every entry left
      const uint32_t i = e.code >> 2;
      if ((e.code & 3u) != kNode) {
        next_stage(e);
        continue;
      }
      const MeshNode& n = mesh.nodes_[i];
      if (n.count != 0) {
        leaf(n, e.bound, true);
        continue;
      }
      for (const uint32_t c : {static_cast<uint32_t>(n.index), n.index + 1u}) {
        double d;
        if (!visit.bound_node(mesh, c, &d) || d > visit.limit()) continue;
        if (size < kHeap)
          push(d, c, kNode, UINT32_MAX);
        else
          descend(descend, c, d);
      }
    }
  }
};

namespace {

// The nearest of the hits offered (ties: the lowest triangle index).
struct NearestHit {
  MeshRayHit best;
  bool found = false;
  void offer(const RayHit& h, uint32_t id) {
    if (!found || h.distance < best.hit.distance ||
        (h.distance == best.hit.distance && id < best.triangle)) {
      best.hit = h;
      best.triangle = id;
      found = true;
    }
  }
};

// What raycast records of its triangles: nothing (raycast_trace's recorder,
// TraceRecord, records them).
struct NoRayRecord : detail::NoTraversalRecord {
  void triangle(uint32_t, MeshRayTrace::TriangleOutcome, double) {}
};

template <class Record>
struct RayVisit {
  const Ray& ray;
  double max_distance;
  SlabRay slab;
  Record& record;
  NearestHit nearest;
  double limit() const {
    return nearest.found ? nearest.best.hit.distance : max_distance;
  }
  bool bound_node(const Mesh& mesh, uint32_t i, double* d) const {
    return slab.local ? slab.enter_node(mesh.node(i), d)
                      : slab.enter(mesh.world_bounds(i), d);
  }
  // bound_node on the pair at i, i + 1, the two in lanes (SlabRay::
  // enter_pair).
  void bound_pair(const Mesh& mesh, uint32_t i, double* da, double* db,
                  bool* ea, bool* eb) const {
    if (slab.local) return slab.enter_pair(&mesh.node(i), da, db, ea, eb);
    *ea = bound_node(mesh, i, da);
    *eb = bound_node(mesh, i + 1, db);
  }
#ifdef __wasm_simd128__
  // A leaf's triangles, slots [begin, end), as leaf() on each in turn: first
  // every triangle's box test (enter_triangle_lanes: no branch on a double,
  // so the loads of the leaf's corners overlap rather than wait behind
  // mispredicted branches), then, in slot order, leaf()'s limit check and
  // watertight test on those entered. The box tests do not depend on the
  // limit, so every check, test and offer is leaf()'s, in its order.
  // False (nothing done) when the ray has no lanes (enter()'s scalar code).
  // `at(s)`: the triangle in slot s (Mesh::at).
  static constexpr bool kLeafRange = true;
  template <class At>
  bool leaf_range(const Mesh& mesh, uint32_t begin, uint32_t end, At at) {
    if (!slab.lanes) return false;
    v128_t swap[3];
    slab.lane_swaps(swap);
    double entry[kMaxLeafTriangles + 6];
    uint32_t entered = 0;
    for (uint32_t s = begin; s < end; ++s)
      entered |= static_cast<uint32_t>(
                     slab.enter_triangle_lanes(at(s), swap, &entry[s - begin]))
                 << (s - begin);
    using Outcome = MeshRayTrace::TriangleOutcome;
    for (uint32_t s = begin; s < end; ++s) {
      const uint32_t id = mesh.triangle_in_slot(s);
      if (!((entered >> (s - begin)) & 1u) || entry[s - begin] > limit()) {
        record.triangle(id, Outcome::kSkipped, INFINITY);
        continue;
      }
      RayHit h;
      if (raycast_triangle(ray, at(s), max_distance, &h)) {
        record.triangle(id, Outcome::kHit, h.distance);
        nearest.offer(h, id);
      } else {
        record.triangle(id, Outcome::kMissed, INFINITY);
      }
    }
    return true;
  }
#endif
  void leaf(const Triangle& t, uint32_t id, uint32_t /*slot*/) {
    using Outcome = MeshRayTrace::TriangleOutcome;
    // The triangle's own box first (exact, widened as the nodes' are): the
    // watertight test costs many times more.
    double entry;
    if (!slab.enter(triangle_box(t), &entry) || entry > limit()) {
      record.triangle(id, Outcome::kSkipped, INFINITY);
      return;
    }
    RayHit h;
    if (raycast_triangle(ray, t, max_distance, &h)) {
      record.triangle(id, Outcome::kHit, h.distance);
      nearest.offer(h, id);
    } else {
      record.triangle(id, Outcome::kMissed, INFINITY);
    }
  }
};

// raycast_trace's recorder: each step of the traversal into a MeshRayTrace
// (its vectors reserved beforehand: MeshRayTrace::reserve).
struct TraceRecord {
  MeshRayTrace& trace;
  uint32_t leaf = UINT32_MAX;  // the leaf being visited
  MeshRayTrace::Node& entry_of(uint32_t node) {
    return trace.nodes[trace.record_of[node]];
  }
  void box(uint32_t node, uint32_t parent, bool entered, double bound) {
    MeshRayTrace::Node n;
    n.node = node;
    n.parent = parent;
    n.depth = parent == UINT32_MAX ? 0 : entry_of(parent).depth + 1;
    n.outcome = MeshRayTrace::NodeOutcome::kMissed;
    n.entry = entered ? bound : INFINITY;
    trace.record_of[node] = static_cast<uint32_t>(trace.nodes.size());
    trace.nodes.push_back(n);
  }
  void pruned(uint32_t node, double limit) {
    MeshRayTrace::Node& n = entry_of(node);
    n.outcome = MeshRayTrace::NodeOutcome::kPruned;
    n.limit = limit;
  }
  void visited(uint32_t node, double limit) {
    MeshRayTrace::Node& n = entry_of(node);
    n.outcome = MeshRayTrace::NodeOutcome::kVisited;
    n.limit = limit;
    n.order = static_cast<uint32_t>(trace.nodes_visited++);
    leaf = node;
  }
  void triangle(uint32_t id, MeshRayTrace::TriangleOutcome outcome,
                double distance) {
    if (outcome != MeshRayTrace::TriangleOutcome::kSkipped)
      ++trace.triangles_tested;
    trace.triangles.push_back({id, leaf, outcome, distance});
  }
};

// linecast's slab: start + t D with D = k1 k2 (end / 2 - start / 2), the end
// at t = 2 / k1 / k2, capped there raised by the slack (shared with the test
// hook segment_pair_test_mismatches, so that it tests the very cap linecast
// uses).
SlabRay segment_slab(Vec3 start, Vec3 end, double max_coord, Vec3 origin,
                     double unit) {
  const Vec3 half = end * 0.5 - start * 0.5;
  double k1, k2;
  const Vec3 dir = near_unit(half, &k1, &k2);
  const double magnitude = std::max(
      max_coord, std::max(max_abs_component(start), max_abs_component(end)));
  SlabRay slab(start, dir, 2.0 / k1 / k2 * (1.0 + kMeshBoundSlack), magnitude);
  slab.use_units(start, origin, unit);
  return slab;
}

// raycast's slab: origin + t D with D the direction near unit length, not
// capped (shared with the test hook pair_test_mismatches, so that it tests the
// very slab raycast uses).
SlabRay ray_slab(const Ray& ray, double max_coord, Vec3 origin, double unit) {
  double k1, k2;
  SlabRay slab(ray.origin, near_unit(ray.direction, &k1, &k2), INFINITY,
               std::max(max_coord, max_abs_component(ray.origin)));
  slab.use_units(ray.origin, origin, unit);
  return slab;
}

struct SegmentVisit {
  Vec3 start, end;
  SlabRay slab;
  NearestHit nearest;
  double limit() const {
    return nearest.found ? nearest.best.hit.distance : INFINITY;
  }
  bool bound_node(const Mesh& mesh, uint32_t i, double* d) const {
    return slab.local ? slab.enter_node(mesh.node(i), d)
                      : slab.enter(mesh.world_bounds(i), d);
  }
  // bound_node on the pair at i, i + 1, the two in lanes (SlabRay::
  // enter_pair).
  void bound_pair(const Mesh& mesh, uint32_t i, double* da, double* db,
                  bool* ea, bool* eb) const {
    if (slab.local) return slab.enter_pair(&mesh.node(i), da, db, ea, eb);
    *ea = bound_node(mesh, i, da);
    *eb = bound_node(mesh, i + 1, db);
  }
  void leaf(const Triangle& t, uint32_t id, uint32_t /*slot*/) {
    double entry;
    if (!slab.enter(triangle_box(t), &entry) || entry > limit()) return;
    RayHit h;
    if (linecast_triangle(start, end, t, &h)) nearest.offer(h, id);
  }
};

// The nodes are tested in the mesh's own units, as the ray's are (SlabRay::
// use_units): per axis the gap from q = (p - origin) / unit to the node's
// int16 bounds widened by m = margin / unit (rounding q, m and the
// differences moves a bound by a few ulps of the coordinates' magnitude, far
// inside the margin), without mapping the bounds back to world coordinates,
// and compared squared (no square root): a node's bound is its squared gap
// s in units^2 lowered by 2^-40 of itself, the limit the best distance so
// far in units squared and raised by 2^-40, so a node is pruned only when
// its widened box is farther than the best distance (the squares' rounding,
// a few ulps, is far inside both). A tiny s (below 2^-1000, where squares
// lose their relative precision) counts as 0. When q or m is not a finite
// normal number (a point ~2^1000 units from the mesh), `local` stays false
// and the nodes take box_distance on world bounds, with the limit a
// distance.
#ifdef __wasm_simd128__
// triangle_box(t) as six doubles (box_lanes, extracted).
__attribute__((always_inline)) inline AABB triangle_box_lanes(
    const Triangle& t) {
  const BoxLanes b = box_lanes(t);
  return {
      {wasm_f64x2_extract_lane(b.lo_xy, 0), wasm_f64x2_extract_lane(b.lo_xy, 1),
       wasm_f64x2_extract_lane(b.lo_z, 0)},
      {wasm_f64x2_extract_lane(b.hi_xy, 0), wasm_f64x2_extract_lane(b.hi_xy, 1),
       wasm_f64x2_extract_lane(b.hi_z, 0)}};
}
#endif

struct PointVisit {
  Vec3 p;
  double max_distance;
  double half_p[3];
  double margin;
  MeshClosestPoint best;
  bool found = false;
  bool local = false;
  double q[3];
  double m = 0.0;
  double unit = 1.0;
  double limit_sq = INFINITY;  // the limit in units squared, raised

  PointVisit(Vec3 p_, double max_distance_, double margin_, const Vec3& origin,
             double unit_)
      : p(p_),
        max_distance(max_distance_),
        half_p{0.5 * p_.x, 0.5 * p_.y, 0.5 * p_.z},
        margin(margin_),
        unit(unit_) {
    m = margin / unit;
    if (!(m >= DBL_MIN && m <= DBL_MAX)) return;
    for (int a = 0; a < 3; ++a) {
      q[a] = (component(p, a) - component(origin, a)) / unit;
      if (!(std::fabs(q[a]) <= DBL_MAX)) return;
    }
    local = true;
    set_limit_sq(max_distance);
  }
  void set_limit_sq(double distance) {
    const double u = distance / unit;
    limit_sq = u * u * (1.0 + kMeshBoundSlack);  // inf when it overflows
  }
  double world_limit() const { return found ? best.distance : max_distance; }
  double limit() const { return local ? limit_sq : world_limit(); }
  bool bound_node(const Mesh& mesh, uint32_t i, double* d) const {
    if (!local) {
      *d = box_distance(mesh.world_bounds(i), half_p, margin);
      return true;
    }
    const MeshNode& n = mesh.node(i);
    double s = 0.0;
#ifdef __wasm_simd128__
    // The gaps in lanes (x, y) and (z, z), selected as below (detail::
    // box_distance's lanes: pmax(0, above) is `0 < above ? above : 0`, the
    // bitselect on `below > 0` takes below or that), summed as below.
    {
      const v128_t zero = wasm_f64x2_splat(0.0), mv = wasm_f64x2_splat(m);
      const auto gap = [&](v128_t lo, v128_t hi, v128_t qv) {
        const v128_t below = wasm_f64x2_sub(wasm_f64x2_sub(lo, mv), qv);
        const v128_t above = wasm_f64x2_sub(qv, wasm_f64x2_add(hi, mv));
        return wasm_v128_bitselect(below, wasm_f64x2_pmax(zero, above),
                                   wasm_f64x2_gt(below, zero));
      };
      const v128_t xy =
          gap(wasm_f64x2_convert_low_i32x4(
                  wasm_i32x4_extend_low_i16x8(wasm_v128_load32_zero(n.lo))),
              wasm_f64x2_convert_low_i32x4(
                  wasm_i32x4_extend_low_i16x8(wasm_v128_load32_zero(n.hi))),
              wasm_v128_load(q));
      const v128_t zz = gap(wasm_f64x2_splat(static_cast<double>(n.lo[2])),
                            wasm_f64x2_splat(static_cast<double>(n.hi[2])),
                            wasm_f64x2_splat(q[2]));
      const double g[3] = {wasm_f64x2_extract_lane(xy, 0),
                           wasm_f64x2_extract_lane(xy, 1),
                           wasm_f64x2_extract_lane(zz, 0)};
      for (int a = 0; a < 3; ++a) s += g[a] * g[a];
    }
#else
    for (int a = 0; a < 3; ++a) {
      const double below = (static_cast<double>(n.lo[a]) - m) - q[a];
      const double above = q[a] - (static_cast<double>(n.hi[a]) + m);
      const double g = below > 0.0 ? below : above > 0.0 ? above : 0.0;
      s += g * g;
    }
#endif
    *d = s >= 0x1p-1000 ? s * (1.0 - kMeshBoundSlack) : 0.0;
    return true;
  }
  // bound_node on the pair at i, i + 1 (both always pass: the bound decides).
  // Under WASM SIMD the two nodes share lanes (lane 0 node i, lane 1 node i +
  // 1), each axis's gap computed as bound_node's scalar loop computes it (the
  // same differences, the same selection: pmax(0, above) is `0 < above ?
  // above : 0`, the bitselect on `below > 0` takes below or that) and the
  // squares summed in the same order from 0, so the same doubles.
  void bound_pair(const Mesh& mesh, uint32_t i, double* da, double* db,
                  bool* ea, bool* eb) const {
#ifdef __wasm_simd128__
    if (local) {
      const MeshNode* p = &mesh.node(i);
      const v128_t na = wasm_v128_load(&p[0]), nb = wasm_v128_load(&p[1]);
      // (a.lo x, b.lo x, a.hi x, b.hi x, a.lo y, b.lo y, a.hi y, b.hi y) and
      // (a.lo z, b.lo z, a.hi z, b.hi z, ...): lo at int16 0..2, hi at 3..5.
      const v128_t xy = wasm_i16x8_shuffle(na, nb, 0, 8, 3, 11, 1, 9, 4, 12);
      const v128_t zz = wasm_i16x8_shuffle(na, nb, 2, 10, 5, 13, 2, 10, 5, 13);
      const v128_t lanes[3] = {wasm_i32x4_extend_low_i16x8(xy),
                               wasm_i32x4_extend_high_i16x8(xy),
                               wasm_i32x4_extend_low_i16x8(zz)};
      const v128_t zero = wasm_f64x2_splat(0.0), mv = wasm_f64x2_splat(m);
      v128_t sum = zero;
      for (int a = 0; a < 3; ++a) {
        const v128_t lo = wasm_f64x2_convert_low_i32x4(lanes[a]);
        const v128_t hi = wasm_f64x2_convert_low_i32x4(
            wasm_i64x2_shuffle(lanes[a], lanes[a], 1, 1));
        const v128_t qv = wasm_f64x2_splat(q[a]);
        const v128_t below = wasm_f64x2_sub(wasm_f64x2_sub(lo, mv), qv);
        const v128_t above = wasm_f64x2_sub(qv, wasm_f64x2_add(hi, mv));
        const v128_t g = wasm_v128_bitselect(
            below, wasm_f64x2_pmax(zero, above), wasm_f64x2_gt(below, zero));
        sum = wasm_f64x2_add(sum, wasm_f64x2_mul(g, g));
      }
      const v128_t d = wasm_v128_bitselect(
          wasm_f64x2_mul(sum, wasm_f64x2_splat(1.0 - kMeshBoundSlack)), zero,
          wasm_f64x2_ge(sum, wasm_f64x2_splat(0x1p-1000)));
      *da = wasm_f64x2_extract_lane(d, 0);
      *db = wasm_f64x2_extract_lane(d, 1);
      *ea = *eb = true;
      return;
    }
#endif
    *ea = bound_node(mesh, i, da);
    *eb = bound_node(mesh, i + 1, db);
  }
#ifdef __wasm_simd128__
  // A leaf's triangles, slots [begin, end), as leaf() on each in turn: first
  // every triangle's box bound (triangle_box_lanes: no branch on a double in
  // the box, so the loads of the leaf's corners overlap rather than wait
  // behind mispredicted branches), then, in slot order, leaf()'s limit check
  // and the rest of it. The box bounds do not depend on the limit, so every
  // check, bound and exact call is leaf()'s, in its order. `at(s)`: the
  // triangle in slot s (Mesh::at).
  static constexpr bool kLeafRange = true;
  template <class At>
  bool leaf_range(const Mesh& mesh, uint32_t begin, uint32_t end, At at) {
    double bound[kMaxLeafTriangles + 6];
    for (uint32_t s = begin; s < end; ++s)
      bound[s - begin] =
          box_distance(triangle_box_lanes(at(s)), half_p, margin);
    for (uint32_t s = begin; s < end; ++s)
      if (!(bound[s - begin] > world_limit()))
        leaf_past_box(at(s), mesh.triangle_in_slot(s));
    return true;
  }
#endif
  void leaf(const Triangle& t, uint32_t id, uint32_t /*slot*/) {
    if (box_distance(triangle_box(t), half_p, margin) > world_limit()) return;
    leaf_past_box(t, id);
  }
  // leaf() past the triangle's box bound.
  void leaf_past_box(const Triangle& t, uint32_t id) {
    // The proven lower bound on the distance (detail/triangle_bound.h) before
    // the exact call. The exact call's distance is never below the true one
    // by more than a few ulps of the coordinates' magnitude (its point is
    // within rounding of a point of the triangle; the same premise as the
    // widened boxes), far inside 2 * margin, nor by more than a few ulps of
    // itself, inside kMeshBoundSlack: a triangle skipped here would have come
    // back farther than the best distance (or max_distance), and could not
    // have won or tied.
    {
      const double reach = world_limit() + 2.0 * margin;
      const double reach_sq = reach * reach * (1.0 + kMeshBoundSlack);
      if (reach_sq < detail::triangle_distance_sq_lower_bound(p, t, reach_sq))
        return;
    }
    // distance_point_triangle(p, t) is distance_between(p, the closest point)
    // (closest_point.cpp): computed from the point, which is then kept, so a
    // better triangle is not solved twice.
    const Vec3 c = closest_point_on_triangle(p, t);
    const double d = distance_between(p, c);
    if (!(d <= max_distance)) return;
    if (!found || d < best.distance ||
        (d == best.distance && id < best.triangle)) {
      best.distance = d;
      best.point = c;
      best.triangle = id;
      found = true;
      if (local) set_limit_sq(d);
    }
  }
};

// The test hooks' count (pair_test_mismatches, segment_pair_test_mismatches):
// how many of the pair at a, a + 1 the visit's pair test answers differently
// from its one-node test, bit for bit (whether the box is entered, and then
// its bound).
template <class Visit>
size_t pair_mismatches(const Mesh& mesh, const Visit& visit, uint32_t a) {
  double da = 0.0, db = 0.0, d = 0.0;
  bool ea = false, eb = false;
  visit.bound_pair(mesh, a, &da, &db, &ea, &eb);
  size_t mismatches = 0;
  bool e = visit.bound_node(mesh, a, &d);
  mismatches += ea != e || (e && std::memcmp(&da, &d, sizeof d) != 0);
  e = visit.bound_node(mesh, a + 1, &d);
  mismatches += eb != e || (e && std::memcmp(&db, &d, sizeof d) != 0);
  return mismatches;
}

}  // namespace

// raycast and raycast_trace: one traversal, told each step by `record`.
template <class Record>
bool Mesh::raycast_with(const Ray& ray, double max_distance, MeshRayHit* hit,
                        Record& record) const {
  RayVisit<Record> visit{
      ray, max_distance, ray_slab(ray, max_coord_, origin_, unit_), record, {}};
  MeshTraversal<RayVisit<Record>>::run(*this, visit, record);
  if (!visit.nearest.found) return false;
  *hit = visit.nearest.best;
  return true;
}

size_t Mesh::pair_test_mismatches(const Ray& ray, double max_distance,
                                  Vec3 point) const {
  NoRayRecord none;
  const RayVisit<NoRayRecord> rays{
      ray, max_distance, ray_slab(ray, max_coord_, origin_, unit_), none, {}};
  const PointVisit points(
      point, INFINITY,
      box_margin(std::max(max_coord_, max_abs_component(point))), origin_,
      unit_);
  size_t mismatches = 0;
  for (const MeshNode& n : nodes_) {
#ifdef __wasm_simd128__
    // Under WASM SIMD also the ray leaves' box test in lanes
    // (SlabRay::enter_triangle_lanes, RayVisit::leaf_range) against enter()
    // on triangle_box, on every triangle: the outcome, and the distance when
    // entered, in every bit.
    // And closestPoint's leaves' box (triangle_box_lanes, PointVisit::
    // leaf_range) against triangle_box, its six doubles in every bit.
    for (uint32_t s = n.index; n.count != 0 && s < n.end(); ++s) {
      const AABB lanes = triangle_box_lanes(at(s)), box = triangle_box(at(s));
      mismatches += std::memcmp(&lanes, &box, sizeof box) != 0;
    }
    if (n.count != 0 && rays.slab.lanes) {
      v128_t swap[3];
      rays.slab.lane_swaps(swap);
      for (uint32_t s = n.index; s < n.end(); ++s) {
        double d = 0.0, e = 0.0;
        const bool lanes = rays.slab.enter_triangle_lanes(at(s), swap, &d) != 0;
        const bool entered = rays.slab.enter(triangle_box(at(s)), &e);
        mismatches +=
            lanes != entered || (entered && std::memcmp(&d, &e, sizeof d) != 0);
      }
    }
#endif
    if (n.count != 0) continue;
    mismatches += pair_mismatches(*this, rays, n.index) +
                  pair_mismatches(*this, points, n.index);
  }
  return mismatches;
}

size_t Mesh::segment_pair_test_mismatches(Vec3 start, Vec3 end) const {
  SegmentVisit segment{
      start, end, segment_slab(start, end, max_coord_, origin_, unit_), {}};
  size_t mismatches = 0;
  // Both children's pair test against their one-node tests, under the cap
  // the slab holds now.
  const auto check = [&](uint32_t a) {
    mismatches += pair_mismatches(*this, segment, a);
  };
  const double cap = segment.slab.t_max;
  for (const MeshNode& n : nodes_) {
    if (n.count != 0) continue;
    const uint32_t a = n.index;
    segment.slab.t_max = cap;
    check(a);
    if (!segment.slab.local) continue;
    // Caps at each child's own widened entry parameter (0 when the start is
    // inside), an ulp below and an ulp above it: the lanes' `tnear > t_max`
    // at an exact tie and beside it.
    for (uint32_t c = a; c <= a + 1; ++c) {
      segment.slab.t_max = INFINITY;
      double d, param;
      if (!segment.slab.enter_node(node(c), &d, &param)) continue;
      const double caps[3] = {param, std::nextafter(param, -INFINITY),
                              std::nextafter(param, INFINITY)};
      for (const double t : caps) {
        segment.slab.t_max = t;
        check(a);
      }
    }
  }
  return mismatches;
}

bool Mesh::raycast(const Ray& ray, double max_distance, MeshRayHit* hit) const {
  NoRayRecord none;
  return raycast_with(ray, max_distance, hit, none);
}

void MeshRayTrace::reserve(size_t node_count, size_t triangle_count) {
  nodes.reserve(node_count);
  triangles.reserve(triangle_count);
  record_of.resize(std::max(record_of.size(), node_count));
}

// Cold: it is for teaching and debugging. Without it GCC's inliner, weighing
// this instantiation of the traversal with raycast's in one unit, left
// raycast 1.1% more instructions than before the recorder (callgrind, 4,096
// rays at a 51,200-triangle grid); with it, 0.05% more (README, Meshes).
[[gnu::cold]] bool Mesh::raycast_trace(const Ray& ray, double max_distance,
                                       MeshRayHit* hit,
                                       MeshRayTrace* trace) const {
  trace->reserve(nodes_.size(), triangle_ids_.size());
  trace->nodes.clear();
  trace->triangles.clear();
  trace->nodes_visited = 0;
  trace->triangles_tested = 0;
  TraceRecord record{*trace};
  return raycast_with(ray, max_distance, hit, record);
}

bool Mesh::linecast(Vec3 start, Vec3 end, MeshRayHit* hit) const {
  // start + t D with D = k1 k2 (end / 2 - start / 2): the end is at t = 2 /
  // k1 / k2 (segment_slab).
  SegmentVisit visit{
      start, end, segment_slab(start, end, max_coord_, origin_, unit_), {}};
  MeshTraversal<SegmentVisit>::run(*this, visit);
  if (!visit.nearest.found) return false;
  *hit = visit.nearest.best;
  return true;
}

namespace {

// The earliest of the cast hits offered (ties: the lowest triangle index).
struct EarliestCast {
  MeshShapeCastHit best;
  bool found = false;
  double limit() const { return found ? best.hit.fraction : INFINITY; }
  void offer(const ShapeCastHit& h, uint32_t id) {
    if (!found || h.fraction < best.hit.fraction ||
        (h.fraction == best.hit.fraction && id < best.triangle)) {
      best.hit = h;
      best.triangle = id;
      found = true;
    }
  }
};

// A lower bound on the fraction of anything a node holds, from the lowered
// entry parameter of the slab test along o + t D with D = k T: t k (k a power
// of two, so the product is exact unless it underflows, then 0).
double fraction_bound(double param, double k) {
  const double f = param * k * (1.0 - kMeshBoundSlack);
  return f >= DBL_MIN ? f : 0.0;
}

// x clamped to [lo, hi] (NaN: lo).
inline double clamp_to(double x, double lo, double hi) {
  return x >= lo ? (x <= hi ? x : hi) : lo;
}

// Whether two doubles, or the coordinates of two points, are the same bits
// (-0 and +0 differ, NaNs of the same bits are the same).
inline bool same_bits(double a, double b) {
  uint64_t x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  return x == y;
}
inline bool same_bits(Vec3 a, Vec3 b) {
  return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

// A point of the triangle near p, in doubles (Ericson 5.1.5, "Real-Time
// Collision Detection": the Voronoi regions of the corners and edges, else
// the face), for the prism filter's adaptive planes only: any point will do
// there, a nearer one gives a tighter bound.
Vec3 near_on_triangle(Vec3 p, const Triangle& t) {
  const Vec3 ab = t.b - t.a, ac = t.c - t.a, ap = p - t.a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0.0 && d2 <= 0.0) return t.a;
  const Vec3 bp = p - t.b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) return t.b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return t.a + ab * (d1 / (d1 - d3));
  const Vec3 cp = p - t.c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) return t.c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return t.a + ac * (d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0)
    return t.b + (t.c - t.b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const double den = 1.0 / (va + vb + vc);
  return t.a + ab * (vb * den) + ac * (vc * den);
}

// A cheaper filter than the single cast, for the triangles whose box the
// path enters: separating planes. For any unit u and point v with the
// triangle inside the half-space u . (z - v) <= 0, a shape (the points within
// r of the segment c +- h) touching the triangle has its centre c with
// u . (c - v) <= r + |u . h|; along the centre's path c(f) = o + f T that is
// one linear constraint on the fraction f. The planes: the triangle's two
// faces (u = +-n), then adaptive ones (below: u from near-closest points of
// the triangle and the swept shape, which find the corners' and edges'
// separating directions that the faces miss; they replaced the edges' fixed
// side and 45-degree bevel planes, which cost more and decided nothing more
// on the benchmark's casts). A contact at fraction f satisfies them all, so it
// lies in [lo, hi], the intersection of their intervals; a triangle whose
// interval is empty, or starts beyond 1 or beyond the best fraction so far,
// has no contact that matters. This is the separating-axis test of a moving
// convex shape (Ericson 5.5, "Real-Time Collision Detection", the intervals
// of a slab test as in 5.3.3), conservative by construction: rounding is
// covered by `delta`, 2^-24 of the magnitude of every coordinate (the unit
// normal's direction of a triangle that is not a sliver, below, is within
// ~2^-30 rad, its dot products within a few ulps of the magnitude; the single
// calls' contacts are within rounding of touching, a capsule's within 2^-30
// of the magnitude, capsule_cast.cpp's settle_on_exact), and by lowering lo
// and raising hi by 2^-40 of themselves (one subtraction and one division, two
// roundings). Slivers (|n| below 2^-20 of the product of two edges, where the
// normal's direction is poorly known), degenerate triangles and magnitudes
// beyond 2^+-400 (where the products could overflow or underflow) are not
// filtered: the box test alone decides, as before.
struct PrismFilter {
  Vec3 o, t, h;  // the centre's start, its translation, the half segment
  double r;      // the radius
  double delta;  // the absolute slack
  bool enabled;

  // The bounding sphere's stage (`sphere`): t . t, max |t_k|, the shape's
  // reach from its centre raised (r + |h|), and whether it applies: to balls
  // only (h = 0). A capsule's sphere carries |h| in its radius, loose for the
  // benchmark's upright capsules: it took a tenth of their adaptive planes
  // and made their casts 2% slower in WASM (mesh_ab.bench.mjs), so they go
  // without.
  double tt, tmax, reach;
  bool sphere_on;

  PrismFilter(Vec3 o_, Vec3 t_, Vec3 h_, double r_, double magnitude)
      : o(o_),
        t(t_),
        h(h_),
        r(r_),
        delta(0x1p-24 * magnitude),
        enabled(magnitude >= 0x1p-400 && magnitude <= 0x1p400),
        tt(dot(t_, t_)),
        tmax(max_abs_component(t_)),
        reach((r_ + length(h_)) * (1.0 + kMeshSphereBoundSlack)),
        sphere_on(h_.x == 0.0 && h_.y == 0.0 && h_.z == 0.0 &&
                  magnitude >= 0x1p-100 && magnitude <= 0x1p100 &&
                  tmax >= 0x1p-100 * magnitude) {}

  // The triangle's bounding sphere against the swept shape, before the faces'
  // planes (a handful of products and two square roots): false when the
  // shape's centre path cannot come within the sphere's radius plus the
  // shape's reach at any fraction in [0, 1] (the line misses the sphere, or
  // the sphere lies wholly behind the start or beyond the end), or when it
  // could only at fractions above `cut`; otherwise true, with *low raised to
  // the path's entry into the sphere when that is later. The sphere: centre
  // c', the rounded centroid's offset m = o - c' taken as exact (c' within
  // 2^-49 of the magnitude of the rounded centroid), radius rho = (R + r +
  // |h|) (1 + 2^-40) + 2 delta, R from the rounded corners' offsets (a sum of
  // three squares of rounded differences, a square root: a few ulps, Higham,
  // "Accuracy and Stability of Numerical Algorithms", 3.1, gamma_n, every
  // term nonnegative; an underflow's loss below 2^-530, inside delta). A
  // shape (the points within r of c(f) + s h, |s| <= 1) touching the
  // triangle (within the single calls' rounding of touching, which delta
  // covers as in the planes) has |c(f) - c'| <= rho. Along c(f) = o + f t
  // that is the quadratic tt f^2 + 2 b f + |m|^2 - rho^2 <= 0 (Ericson 5.3.2,
  // "Real-Time Collision Detection", intersecting a ray with a sphere), whose
  // discriminant is written D = tt rho^2 - |m x t|^2 (Lagrange's identity, no
  // cancellation of |m|^2 against rho^2), roots (-b -+ sqrt(D)) / tt.
  // Rounding (Higham 3.1): the computed D is within gamma_8 (tt rho^2 + tt
  // |m|^2) of the exact one (|m x t| <= |m| |t|), b within gamma_3 3
  // max|m_k| max|t_k|; ed = 2^-45 (tt rho^2 + tt |m|^2) covers the first with
  // room, so D <= d + ed and s = sqrt(d + ed) is at least sqrt(D) less half
  // an ulp; eb = 2^-45 (3 max|m_k| max|t_k| + |b| + s) covers b's error, s's
  // and the rounding of -b -+ s; the signs of the rounded sums are the exact
  // sums' (rounding keeps a sign), and the entry's quotient is lowered by
  // kMeshSphereBoundSlack of itself (one division, tt's gamma_3). Only for
  // magnitudes in [2^-100, 2^100] and max|t_k| at least 2^-100 of the
  // magnitude: no product overflows, and no underflow's loss (below 2^-1074)
  // comes near ed (tt rho^2 >= 2^-648).
  bool sphere(const Triangle& tri, double cut, double* low) const {
    if (!sphere_on) return true;
    const Vec3 c = (tri.a + tri.b + tri.c) * (1.0 / 3.0);
    const double r2 =
        max2(max2(length_squared(tri.a - c), length_squared(tri.b - c)),
             length_squared(tri.c - c));
    const double rho =
        (std::sqrt(r2) + reach) * (1.0 + kMeshSphereBoundSlack) + 2.0 * delta;
    const Vec3 m = o - c;
    const double rr = tt * (rho * rho), mm = tt * length_squared(m);
    const double d = rr - length_squared(cross(m, t));
    const double dd = d + 0x1p-45 * (rr + mm);
    if (dd < 0.0) return false;  // the line passes beside the sphere
    const double b = dot(m, t), s = std::sqrt(dd);
    const double eb =
        0x1p-45 * (3.0 * max_abs_component(m) * tmax + std::fabs(b) + s);
    if ((s - b) + eb < 0.0) return false;  // the sphere is behind the start
    const double n1 = (-b - s) - eb;
    if (n1 > 0.0) {
      const double f1 = n1 / tt * (1.0 - kMeshSphereBoundSlack);
      if (f1 > 1.0 || f1 > cut) return false;
      *low = max2(*low, f1);
    }
    return true;
  }

  // What the faces' planes leave of a triangle (`faces`), for the adaptive
  // planes to go on from (`adaptive`) without computing them again: the
  // interval [low, high] and the unit normal u; `filtered` false when the
  // planes were not applied (filter disabled, sliver, degenerate): then low is
  // the floor given and the adaptive planes are not applied either.
  struct Faces {
    Vec3 u;
    double low, high;
    bool filtered;
  };

  // One plane u . (c(f) - v) <= reach: g0 + f g1 <= reach' (the reach raised
  // by 2^-20 of itself for |u| within rounding of 1, plus delta), narrowing
  // [*low, *high].
  void plane(Vec3 dir, Vec3 v, double* low, double* high) const {
    const double g0 = dot(dir, o - v), g1 = dot(dir, t);
    const double reach = (r + std::fabs(dot(dir, h))) * (1.0 + 0x1p-20) + delta;
    if (g1 < 0.0) {
      *low = max2(*low, (g0 - reach) / -g1 * (1.0 - kMeshBoundSlack));
    } else if (g1 > 0.0) {
      const double room = reach - g0;
      *high =
          room < 0.0 ? -1.0 : min2(*high, room / g1 * (1.0 + kMeshBoundSlack));
    } else if (g0 > reach) {
      *high = -1.0;
    }
  }

  // The faces' planes (the cheap half): false when no contact at any fraction
  // in [0, 1] is possible, or when every contact's fraction is above `cut`;
  // otherwise true, with f->low a lower bound on any contact's fraction, at
  // least `floor` (a lower bound known already).
  bool faces(const Triangle& tri, double floor, double cut, Faces* f) const {
    f->low = floor;
    f->high = 1.0;
    f->filtered = false;
    if (!enabled) return true;
    if (!sphere(tri, cut, &f->low)) return false;
    const Vec3 ab = tri.b - tri.a, ac = tri.c - tri.a;
    const Vec3 n = cross(ab, ac);
    // A sliver or a degenerate triangle (NaN-safe: the tests fail). In the
    // ordinary case (every square a normal double) the test is |n|^2 >
    // 2^-40 |ab|^2 |ac|^2, without the edges' two square roots: the same
    // test within a few ulps (Higham 3.1), and 2^-20 is a threshold chosen
    // with room, not a bound (what matters is that |n| is not far below it,
    // where the unit normal's direction would be poorly known). Outside it,
    // the square roots as before (length() rescales).
    const double nn2 = length_squared(n),
                 edges2 = length_squared(ab) * length_squared(ac);
    double nn;
    if (nn2 >= DBL_MIN && nn2 <= DBL_MAX && edges2 >= DBL_MIN &&
        edges2 <= DBL_MAX) {
      if (!(nn2 > 0x1p-40 * edges2)) return true;
      nn = std::sqrt(nn2);  // length(n), bit for bit, in this range
    } else {
      nn = length(n);
      if (!(nn > 0x1p-20 * length(ab) * length(ac))) return true;
    }
    if (!(nn >= 0x1p-900)) return true;
    f->u = n / nn;
    f->filtered = true;
    // Both faces' planes, u = +-n at the corner a, as plane() would apply
    // them one after the other, the same expressions and so the same bounds
    // bit for bit: the -u plane's dot products are the +u plane's negated
    // exactly (rounding to nearest is symmetric), so they are computed once.
    const double g0 = dot(f->u, o - tri.a), g1 = dot(f->u, t);
    const double reach =
        (r + std::fabs(dot(f->u, h))) * (1.0 + 0x1p-20) + delta;
    if (g1 < 0.0 || g1 > 0.0) {
      // +u: g0 + f g1 <= reach; -u: -g0 - f g1 <= reach. The plane whose
      // g1 is negative gives the entry (low), the other the exit (high).
      const double a = g1 < 0.0 ? g0 - reach : -g0 - reach;
      const double b = g1 < 0.0 ? reach + g0 : reach - g0;
      const double ag = std::fabs(g1);
      f->low = max2(f->low, a / ag * (1.0 - kMeshBoundSlack));
      f->high =
          b < 0.0 ? -1.0 : min2(f->high, b / ag * (1.0 + kMeshBoundSlack));
    } else if (g0 > reach || -g0 > reach) {
      f->high = -1.0;
    }
    return f->low <= f->high && !(f->low > cut);
  }

  // The adaptive planes after the faces' (`f`, from faces() on the same
  // triangle, which returned true): false when they show no contact in
  // [0, 1] or none at or below `cut`; otherwise true with *lo a lower bound
  // on any contact's fraction, at least f.low.
  bool adaptive(const Triangle& tri, const Faces& f, double cut,
                double* lo) const {
    *lo = f.low;
    if (!f.filtered) return true;
    double low = f.low, high = f.high;
    // Adaptive planes (conservative advancement, Mirtich 1996, "Impulse-based
    // dynamic simulation of rigid body systems", ch. 2, with separating planes
    // in place of distances): the argument above holds for any unit u with v
    // the triangle's vertex farthest along u, so u may be any direction; the
    // faces miss the corners' and edges' and, for a capsule, the edge x axis
    // directions. Here u is the direction between a pair of near-closest
    // points of the triangle and the shape's centre segment (c(f) + s h, s in
    // [-1, 1]) swept over [f0, f1]: over [low, high] the pair tells a path
    // passing beside the triangle (a miss: the interval empties), at f = low
    // it advances low toward the first contact. The pair comes from rounds
    // of alternating projection in doubles (three for a capsule; one for a
    // ball, whose later rounds moved its bound too little to pay: on the
    // benchmark's knot the same single casts per cast, 1.37 to 1.43, for a
    // ball cast that hits 0.95 of the time in WASM, mesh_ab.bench.mjs, and
    // 0.84 natively); how near it is to the
    // closest pair decides only how tight the bound is, never whether it
    // holds: u = w / |w| is a unit within a few ulps (covered by the reach's
    // 2^-20), and the vertex chosen as farthest along u is so within the
    // rounding of three dot products of coordinates below the magnitude (a
    // few ulps of it), which delta covers with 2^26 times room beside the
    // rest of its uses.
    const auto adapt = [&](double f0, double f1) {
      const double tt = dot(t, t), hh = dot(h, h);
      double fr = 0.5 * f0 + 0.5 * f1, s = 0.0;
      Vec3 q = o + t * fr, p = near_on_triangle(q, tri);
      const int rounds = hh > 0.0 ? 3 : 1;
      for (int round = 0; round < rounds; ++round) {
        const Vec3 q0 = q;
        const double fr0 = fr, s0 = s;
        if (tt > 0.0) fr = clamp_to((dot(p - o - h * s, t)) / tt, f0, f1);
        if (hh > 0.0) s = clamp_to(dot(p - o - t * fr, h) / hh, -1.0, 1.0);
        q = o + t * fr + h * s;
        // A round that leaves q, fr and s as they were, bit for bit, leaves
        // p too (p is near_on_triangle(q)), and so would every round after
        // it: the same q and p as all the rounds, with fewer closest
        // points (a ball's advancement, f0 = f1 and s = 0, needs one).
        if (same_bits(q, q0) && same_bits(fr, fr0) && same_bits(s, s0)) break;
        p = near_on_triangle(q, tri);
      }
      const Vec3 w = q - p;
      const double lw = length(w);
      if (!(lw >= 0x1p-900 && lw <= DBL_MAX)) return;
      const Vec3 dir = w / lw;
      const double da = dot(dir, tri.a), db = dot(dir, tri.b),
                   dc = dot(dir, tri.c);
      plane(dir,
            da >= db ? (da >= dc ? tri.a : tri.c) : (db >= dc ? tri.b : tri.c),
            &low, &high);
    };
    // The adaptive plane over the path, the advancement (once: a second one,
    // as before, left as many ball casts to cast_at on the benchmarks' casts
    // and 2 to 10% fewer capsule casts, for half as much adaptive work again),
    // stopping once the interval is empty or beyond cut.
    const auto done = [&] { return !(low <= high) || low > cut; };
    adapt(low, high);
    if (done()) return false;
    adapt(low, low);
    *lo = low;
    return low <= high;
  }
};

// The swept shapes' node test: the path of the shape's centre (a segment)
// against each box widened by the shape's reach from its centre (radius, or
// per axis the capsule's |half segment| on that axis + radius: SlabRay's
// extra) plus the margin, with the slab test of the ray queries. The widened
// box holds the Minkowski sum of the node's box and the shape (a rounded box
// in a box), so a triangle the shape touches at fraction f lies in a box the
// path enters at or before f.
template <class Cast>
struct SweepVisit {
  Cast cast;     // the single call: bool(const Triangle&, ShapeCastHit*)
  SlabRay slab;  // the centre's path, D = k T
  double k;      // fraction = t * k
  PrismFilter prism;
  EarliestCast earliest;
  double limit() const { return earliest.limit(); }
  // Whether a triangle `id` whose fraction is at least `bound` cannot be the
  // answer: it would come later than the best so far, or at the same fraction
  // with a higher index (the ties' rule). So once a cast is found to start
  // touching (fraction 0), only triangles of lower index are cast.
  bool beaten(double bound, uint32_t id) const {
    return bound > limit() || (bound == limit() && id > earliest.best.triangle);
  }
  bool bound_node(const Mesh& mesh, uint32_t i, double* f) const {
    double d, t;
    const bool hit = slab.local
                         ? slab.enter_node(mesh.node(i), &d, &t) &&
                               !slab.cross_separates(mesh.node(i))
                         : slab.enter_widened(mesh.world_bounds(i), &d, &t);
    if (hit) *f = fraction_bound(t, k);
    return hit;
  }
  // The cheap filter: false when the triangle's box shows it cannot be the
  // answer; else *lo, a lower bound on its fraction (the box's).
  bool box_bound(const Triangle& tri, uint32_t id, double* lo) const {
    double d, t;
    if (!slab.enter_widened(triangle_box(tri), &d, &t)) return false;
    *lo = fraction_bound(t, k);
    return !beaten(*lo, id);
  }
  // The dearer filter, on a triangle that passed box_bound with bound
  // `floor`: false when it cannot be the answer (the best so far may have
  // improved since); else *lo, a lower bound on its fraction (the box's and
  // the prism's planes'). In two stages: `faces` (its faces' planes only,
  // which leave f->low) and `adaptive` (the rest, going on from f).
  using Faces = PrismFilter::Faces;
  bool faces(const Triangle& tri, uint32_t id, double floor, Faces* f) const {
    if (beaten(floor, id) || !prism.faces(tri, floor, limit(), f)) return false;
    return !beaten(f->low, id);
  }
  bool adaptive(const Triangle& tri, uint32_t id, const Faces& f,
                double* lo) const {
    double p;
    if (beaten(f.low, id) || !prism.adaptive(tri, f, limit(), &p)) return false;
    *lo = p;
    return !beaten(*lo, id);
  }
  bool refine(const Triangle& tri, uint32_t id, double floor,
              double* lo) const {
    Faces f;
    return faces(tri, id, floor, &f) && adaptive(tri, id, f, lo);
  }
  // The single call, unless the best so far beats the bound `lo`.
  void cast_at(const Triangle& tri, uint32_t id, double lo) {
    if (beaten(lo, id)) return;
    ShapeCastHit h;
    if (cast(tri, &h)) earliest.offer(h, id);
  }
};

template <class Cast>
SweepVisit<Cast> sweep_visit(Cast cast, SlabRay slab, double k,
                             PrismFilter prism) {
  return {cast, slab, k, prism, {}};
}

}  // namespace

bool Mesh::sphere_cast(Vec3 start, Vec3 end, double radius,
                       MeshShapeCastHit* hit) const {
  // The centre's path start + t D, D = k (end / 2 - start / 2): the end is at
  // t = 2 / k, so fraction = t k / 2.
  const Vec3 half = end * 0.5 - start * 0.5;
  const double k = detail::unit_scale_for(detail::biased_exponent(half));
  const double magnitude =
      std::max(std::max(max_coord_, radius),
               std::max(max_abs_component(start), max_abs_component(end)));
  // A cast that starts touching: the pre-pass (StartPass, below).
  if (sphere_cast_start(start, end, radius, magnitude, hit)) return true;
  SlabRay slab(start, half * k, 2.0 / k * (1.0 + kMeshBoundSlack), magnitude);
  slab.margin += radius;  // (rounded: the margin is far larger than that)
  slab.use_units(start, origin_, unit_);
  slab.use_cross(Vec3{0.0, 0.0, 0.0}, unit_);
  auto visit = sweep_visit(
      [&](const Triangle& t, ShapeCastHit* h) {
        return sphere_cast_triangle(start, end, radius, t, h);
      },
      slab, 0.5 * k,
      PrismFilter(start, end - start, Vec3{0.0, 0.0, 0.0}, radius, magnitude));
  MeshTraversal<decltype(visit)>::run_best_first(*this, visit);
  if (!visit.earliest.found) return false;
  *hit = visit.earliest.best;
  return true;
}

bool Mesh::capsule_cast(const Capsule& capsule, Vec3 translation,
                        MeshShapeCastHit* hit) const {
  // The centre's path c + t D, D = k T: the end is at t = 1 / k. Along each
  // axis the capsule reaches |h| of that axis + radius from c (h the half
  // segment), so the box it touches at c holds c once widened per axis by
  // that: the bounding box of the box's Minkowski sum with the capsule
  // reflected (c + s h + w in the box, |s| <= 1, |w| <= r, puts c within
  // |h_axis| + r of it on every axis; exact for the box (+) segment, the ball
  // rounding its edges). Before, every axis took the largest |h| component,
  // which for an upright capsule widened x and z by its half height too.
  const Vec3 c = capsule.start * 0.5 + capsule.end * 0.5;
  const Vec3 h = capsule.end * 0.5 - capsule.start * 0.5;
  const double k = detail::unit_scale_for(detail::biased_exponent(translation));
  const double magnitude =
      std::min(2.0 * std::max(std::max(std::max(max_coord_, capsule.radius),
                                       max_abs_component(translation)),
                              std::max(max_abs_component(capsule.start),
                                       max_abs_component(capsule.end))),
               DBL_MAX);
  if (capsule_cast_start(capsule, translation, magnitude, hit)) return true;
  SlabRay slab(c, translation * k, 1.0 / k * (1.0 + kMeshBoundSlack),
               magnitude);
  slab.margin += capsule.radius;
  slab.extra[0] = std::fabs(h.x);
  slab.extra[1] = std::fabs(h.y);
  slab.extra[2] = std::fabs(h.z);
  slab.use_units(c, origin_, unit_);
  slab.use_cross(h, unit_);
  auto visit = sweep_visit(
      [&](const Triangle& t, ShapeCastHit* out) {
        return capsule_cast_triangle(capsule, translation, t, out);
      },
      slab, k, PrismFilter(c, translation, h, capsule.radius, magnitude));
  MeshTraversal<decltype(visit)>::run_best_first(*this, visit);
  if (!visit.earliest.found) return false;
  *hit = visit.earliest.best;
  return true;
}

bool Mesh::closest_point(Vec3 p, double max_distance,
                         MeshClosestPoint* result) const {
  PointVisit visit(p, max_distance,
                   box_margin(std::max(max_coord_, max_abs_component(p))),
                   origin_, unit_);
  MeshTraversal<PointVisit>::run(*this, visit);
  if (!visit.found) return false;
  *result = visit.best;
  return true;
}

// ---- Overlap queries ----

namespace {

// The widened box of a node: its world bounds moved out by `margin`, clamped
// to the finite doubles (the single calls take finite boxes).
AABB widened(const AABB& b, double margin) {
  auto lo = [&](double v) { return std::max(v - margin, -DBL_MAX); };
  auto hi = [&](double v) { return std::min(v + margin, DBL_MAX); };
  return {{lo(b.min.x), lo(b.min.y), lo(b.min.z)},
          {hi(b.max.x), hi(b.max.y), hi(b.max.z)}};
}

// Whether two boxes given by their bounds touch (+-infinity allowed).
bool boxes_touch(const AABB& a, const AABB& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y &&
         b.min.y <= a.max.y && a.min.z <= b.max.z && b.min.z <= a.max.z;
}

// The overlap traversal's visitor: `node_test(world box)` says whether the
// shape may touch a node (conservative), `overlap(triangle)` is the single
// call. With `out` null it stops at the first touching triangle (limit() drops
// to -infinity, which prunes every node left on the stack).
template <class NodeTest, class Overlap, bool kTakeInside>
struct OverlapVisit {
  NodeTest node_test;
  Overlap overlap;
  std::vector<uint32_t>* out;
  bool found = false;
  bool slots = false;  // out collects BVH slots rather than original indices
  double limit() const { return found && out == nullptr ? -INFINITY : 0.0; }
  // A node inside the shape (node_test.contains: every triangle below it
  // touches the shape, as the single call decides) is taken whole here, its
  // triangles without a test, and not entered.
  bool bound_node(const Mesh& mesh, uint32_t i, double* d) {
    *d = 0.0;
    const AABB box = mesh.world_bounds(i);
    if (!node_test(box)) return false;
    if (!kTakeInside || !node_test.contains(box)) return true;
    found = true;
    uint32_t first, end;
    mesh.subtree_slots(i, &first, &end);
    for (uint32_t s = first; s < end; ++s)
      out->push_back(slots ? s : mesh.triangle_in_slot(s));
    return false;
  }
  void leaf(const Triangle& t, uint32_t id, uint32_t slot) {
    if (found && out == nullptr) return;
    // The node test on the triangle's own (exact) box first: as conservative
    // as on a node, and far cheaper than the exact single call; a triangle
    // inside the shape (node_test.holds) touches it without the call.
    if (!node_test(triangle_box(t)) ||
        !((kTakeInside && node_test.holds(t)) || overlap(t)))
      return;
    found = true;
    if (out != nullptr) out->push_back(slots ? slot : id);
  }
};

// The collecting queries take the nodes inside the shape whole; the "any"
// queries (out null) do not: they stop at the first touching triangle anyway,
// and the containment tests made them slower (1.2-1.4x, measured).
template <class NodeTest, class Overlap>
OverlapVisit<NodeTest, Overlap, true> overlap_visit(
    NodeTest n, Overlap o, std::vector<uint32_t>* out) {
  return {n, o, out};
}
template <class NodeTest, class Overlap>
OverlapVisit<NodeTest, Overlap, false> any_visit(NodeTest n, Overlap o) {
  return {n, o, nullptr};
}

}  // namespace

template <class Visit>
bool Mesh::overlap_query(Visit& visit, std::vector<uint32_t>* out) const {
  if (out != nullptr) out->clear();
  MeshTraversal<Visit>::run(*this, visit);
  // Leaves come in BVH order: the original indices, ascending.
  if (out != nullptr) std::sort(out->begin(), out->end());
  return visit.found;
}

namespace {

// The bound a computed squared distance is compared with to put a point
// inside a ball of radius `reach` (SphereNodeTest::contains argues it):
// reach^2 lowered by kMeshInsideBallSlack, or -1 (nothing inside) when reach
// is not positive or reach^2 is below kMeshInsideBallMinSquare or overflows.
double inside_ball_bound(double reach) {
  const double r2 = reach * reach;
  return reach > 0.0 && r2 >= kMeshInsideBallMinSquare && r2 <= DBL_MAX
             ? r2 * (1.0 - kMeshInsideBallSlack)
             : -1.0;
}

// The sphere's node test: a lower bound on the distance from its centre to
// the widened box (box_distance) against its radius. The margin covers the
// coordinates of the mesh, the centre and the radius.
struct SphereNodeTest {
  double half_c[3];
  Vec3 center;
  double radius;
  double margin;
  double inside_r2;  // inside_ball_bound(radius)
  SphereNodeTest(const Sphere& s, double max_coord)
      : half_c{0.5 * s.center.x, 0.5 * s.center.y, 0.5 * s.center.z},
        center(s.center),
        radius(s.radius),
        margin(box_margin(std::max(
            max_coord, std::max(max_abs_component(s.center), s.radius)))),
        inside_r2(inside_ball_bound(s.radius)) {}
  bool operator()(const AABB& box) const {
    return box_distance(box, half_c, margin) <= radius;
  }
  // Whether the box lies inside the closed ball, decided conservatively:
  // true only when it does (then so does every triangle in it, and each
  // touches the ball, which is convex: overlap_sphere_triangle says so
  // exactly). The box's farthest corner is at f_a = max(c_a - lo_a, hi_a -
  // c_a) on each axis (lo <= hi); its squared distance D is computed in
  // doubles. Rounding being monotone, each computed f_a is f_a rounded once
  // (relative error <= u = 2^-53, or exact when the difference is
  // subnormal, Hauser 1996), each square and sum rounds once more (relative
  // <= u each, and a square's underflow loses at most 2^-1075): the computed
  // D' >= D (1 - u)^5 - 2^-1073, and the computed r^2' <= r^2 (1 + u) +
  // 2^-1075 (Higham, "Accuracy and Stability of Numerical Algorithms", 2.2
  // and 3.1). With r^2' finite and at least kMeshInsideBallMinSquare, D' <=
  // r^2' (1 - kMeshInsideBallSlack) (the product rounded up by at most u)
  // gives D <= r^2: the slack exceeds 8u and the absolute terms by far.
  bool contains(const AABB& box) const {
    const auto far = [](double c, double lo, double hi) {
      const double f = std::max(c - lo, hi - c);
      return f * f;
    };
    const double d = far(center.x, box.min.x, box.max.x) +
                     far(center.y, box.min.y, box.max.y) +
                     far(center.z, box.min.z, box.max.z);
    return d <= inside_r2;
  }
  bool holds(const Triangle& t) const { return contains(triangle_box(t)); }
};

// A box node test: the query's bounding box `bounds` (rounded: widened with
// the node's box by the margin of every magnitude involved) against the node.
struct BoxNodeTest {
  AABB bounds;
  double margin;
  bool is_shape;  // `bounds` is the query's own box, not a bound of it
  bool operator()(const AABB& box) const {
    return boxes_touch(widened(box, margin), bounds);
  }
  // A box inside the query's box (exact comparisons; the node's box holds
  // its vertices): every triangle in it touches the query's box.
  bool contains(const AABB& box) const {
    return is_shape && bounds.min.x <= box.min.x && bounds.min.y <= box.min.y &&
           bounds.min.z <= box.min.z && box.max.x <= bounds.max.x &&
           box.max.y <= bounds.max.y && box.max.z <= bounds.max.z;
  }
  bool holds(const Triangle& t) const { return contains(triangle_box(t)); }
};

// The capsule's node test: its bounding box (its segment's, grown by the
// radius; sums that overflow become infinite, which only loosens it: a
// BoxNodeTest that is not the shape), and whether a box or a triangle lies
// inside the capsule, decided conservatively corner by corner: a corner p is
// inside when it lies within the radius of a point of the segment, the one at a
// parameter t clamped to [0, 1] (any t in [0, 1] gives a point a + t (b - a) of
// the segment; its projection's, rounded, is the nearest up to rounding). That
// point, computed as a + t * (b - a) in doubles (three roundings a coordinate,
// each within u = 2^-53 of at most 2M, M the largest |coordinate| of the
// segment's ends, plus 2^-1075 for an underflowing product: within 9uM +
// 2^-1073 of the true point in all), is within e = kMeshInsideCapsuleReach * M
// + kMeshBoxMarginAbsolute of the segment; so p is inside when |p - q| <= r -
// e, which the sphere's test decides (SphereNodeTest::contains, the same
// roundings and slack) against the radius r - e, itself rounded: r - e
// computed exceeds the exact one by at most u of it, which the slack covers.
struct CapsuleNodeTest {
  BoxNodeTest bounds;
  Vec3 a, d;
  double dd = 0.0;
  double r2 = -1.0;  // inside_ball_bound(r - e); < 0: none inside
  bool operator()(const AABB& box) const { return bounds(box); }
  bool inside(Vec3 p) const {
    double t = dot(p - a, d) / dd;  // NaN for a point capsule: t = 0
    t = t > 0.0 ? (t < 1.0 ? t : 1.0) : 0.0;
    const Vec3 g = p - (a + d * t);
    return g.x * g.x + g.y * g.y + g.z * g.z <= r2;
  }
  bool contains(const AABB& box) const {
    if (!(r2 >= 0.0)) return false;
    for (int k = 0; k < 8; ++k)
      if (!inside({k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y,
                   k & 4 ? box.max.z : box.min.z}))
        return false;
    return true;
  }
  bool holds(const Triangle& t) const {
    return r2 >= 0.0 && inside(t.a) && inside(t.b) && inside(t.c);
  }
};

CapsuleNodeTest capsule_node_test(const Capsule& c, double max_coord) {
  const AABB b{
      {min2(c.start.x, c.end.x) - c.radius, min2(c.start.y, c.end.y) - c.radius,
       min2(c.start.z, c.end.z) - c.radius},
      {max2(c.start.x, c.end.x) + c.radius, max2(c.start.y, c.end.y) + c.radius,
       max2(c.start.z, c.end.z) + c.radius}};
  const double ends =
      std::max(max_abs_component(c.start), max_abs_component(c.end));
  const double magnitude = std::max(std::max(max_coord, c.radius), ends);
  CapsuleNodeTest test{
      {b, box_margin(std::min(magnitude * 2.0, DBL_MAX)), false},
      c.start,
      c.end - c.start};
  test.dd = dot(test.d, test.d);
  test.r2 = inside_ball_bound(
      c.radius - (kMeshInsideCapsuleReach * ends + kMeshBoxMarginAbsolute));
  return test;
}

BoxNodeTest aabb_node_test(const AABB& b, double max_coord) {
  const double magnitude = std::max(
      max_coord, std::max(max_abs_component(b.min), max_abs_component(b.max)));
  return {b, box_margin(magnitude), true};
}

// The OBB's node test: overlap_aabb_obb (exact) against the widened box.
struct OBBNodeTest {
  const OBB& box;
  double margin;
  bool operator()(const AABB& node) const {
    return overlap_aabb_obb(widened(node, margin), box);
  }
  bool contains(const AABB&) const { return false; }
  bool holds(const Triangle&) const { return false; }
};

}  // namespace

void Mesh::triangles_in_sphere(const Sphere& sphere,
                               std::vector<uint32_t>* out) const {
  auto visit = overlap_visit(
      SphereNodeTest(sphere, max_coord_),
      [&](const Triangle& t) { return overlap_sphere_triangle(sphere, t); },
      out);
  overlap_query(visit, out);
}
bool Mesh::overlap_sphere(const Sphere& sphere) const {
  auto visit = any_visit(
      SphereNodeTest(sphere, max_coord_),
      [&](const Triangle& t) { return overlap_sphere_triangle(sphere, t); });
  return overlap_query(visit, nullptr);
}

void Mesh::triangles_in_capsule(const Capsule& capsule,
                                std::vector<uint32_t>* out) const {
  auto visit = overlap_visit(
      capsule_node_test(capsule, max_coord_),
      [&](const Triangle& t) { return overlap_capsule_triangle(capsule, t); },
      out);
  overlap_query(visit, out);
}
bool Mesh::overlap_capsule(const Capsule& capsule) const {
  auto visit = any_visit(
      capsule_node_test(capsule, max_coord_),
      [&](const Triangle& t) { return overlap_capsule_triangle(capsule, t); });
  return overlap_query(visit, nullptr);
}

void Mesh::triangles_in_aabb(const AABB& box,
                             std::vector<uint32_t>* out) const {
  auto visit = overlap_visit(
      aabb_node_test(box, max_coord_),
      [&](const Triangle& t) { return overlap_aabb_triangle(box, t); }, out);
  overlap_query(visit, out);
}
bool Mesh::overlap_aabb(const AABB& box) const {
  auto visit = any_visit(
      aabb_node_test(box, max_coord_),
      [&](const Triangle& t) { return overlap_aabb_triangle(box, t); });
  return overlap_query(visit, nullptr);
}

void Mesh::contact_slots_sphere(const Sphere& sphere,
                                std::vector<uint32_t>* slots) const {
  auto visit = overlap_visit(
      SphereNodeTest(sphere, max_coord_),
      [&](const Triangle& t) { return overlap_sphere_triangle(sphere, t); },
      slots);
  visit.slots = true;
  slots->clear();
  MeshTraversal<decltype(visit)>::run(*this, visit);
  sort_slots(slots);
}

void Mesh::contact_slots_capsule(const Capsule& capsule,
                                 std::vector<uint32_t>* slots) const {
  auto visit = overlap_visit(
      capsule_node_test(capsule, max_coord_),
      [&](const Triangle& t) { return overlap_capsule_triangle(capsule, t); },
      slots);
  visit.slots = true;
  slots->clear();
  MeshTraversal<decltype(visit)>::run(*this, visit);
  sort_slots(slots);
}

void Mesh::sort_slots(std::vector<uint32_t>* slots) const {
  // Ascending original index (slots are a permutation of the indices).
  std::sort(slots->begin(), slots->end(), [this](uint32_t a, uint32_t b) {
    return triangle_ids_[a] < triangle_ids_[b];
  });
}

// The OBB's reach from its centre along any axis is at most the sum of its
// half sizes (axes of length ~1): the margin's magnitude.
static double obb_magnitude(const OBB& b, double max_coord) {
  const double reach = b.half_size.x + b.half_size.y + b.half_size.z;
  return std::min(
      std::max(max_coord, max_abs_component(b.center) + 2.0 * reach), DBL_MAX);
}

void Mesh::triangles_in_obb(const OBB& box, std::vector<uint32_t>* out) const {
  auto visit = overlap_visit(
      OBBNodeTest{box, box_margin(obb_magnitude(box, max_coord_))},
      [&](const Triangle& t) { return overlap_obb_triangle(box, t); }, out);
  overlap_query(visit, out);
}
bool Mesh::overlap_obb(const OBB& box) const {
  auto visit = any_visit(
      OBBNodeTest{box, box_margin(obb_magnitude(box, max_coord_))},
      [&](const Triangle& t) { return overlap_obb_triangle(box, t); });
  return overlap_query(visit, nullptr);
}

// ---- The casts' pre-pass: a cast that starts touching ----

namespace {

// A cast that starts touching some triangle (its single cast gives fraction
// 0) answers, by the ties' rule, the lowest index among the triangles whose
// single cast gives fraction 0, with that cast's hit: nothing comes before
// fraction 0. The best-first sweep finds it, but only after its filters
// (box, faces' and adaptive planes) have run on every triangle near the start
// (~14 us a cast on the benchmark's knot, against 0.7 us for a miss). The
// pre-pass finds it first, depth first over the start shape, with a cheaper
// conservative filter: the start shape (the ball at the start, the capsule at
// its start) grown by kMeshCastStartReach of the magnitude and
// kMeshCastStartRadiusSlack of the radius (tolerances.h argues the growth; R
// below), which holds every triangle whose single cast can give fraction 0:
//   - nodes and triangles' boxes: the overlap queries' node tests
//     (SphereNodeTest, the capsule's BoxNodeTest of its bounding box) with
//     radius R, conservative up to their margin;
//   - a triangle: the exact overlap test of the grown shape
//     (overlap_sphere_triangle, overlap_capsule_triangle), then the single
//     cast, kept when its fraction is 0 (-0 included: it ties with 0).
// A triangle whose index is above the best found so far is skipped before
// its corners are read (it cannot win a tie at 0). When the pre-pass finds
// none, the sweep runs as before: the answer is the same either way, as long
// as the filter drops no triangle whose single cast gives fraction 0.
//
// R, the grown radius, computed in doubles: r (1 + s) + q M (s =
// kMeshCastStartRadiusSlack, q = kMeshCastStartReach), each of its three
// operations rounded to nearest (relative error at most u = 2^-53, no
// underflow: M >= 2^-400), then raised by 2^-50 of itself (rounded too): the
// computed R >= (r (1 + s) + q M) (1 - u)^4 (1 + 2^-50) >= r (1 + s) + q M
// (Higham, "Accuracy and Stability of Numerical Algorithms", 2.2 and 3.1).
// The exact overlap test then keeps every triangle within that distance.
//
// Why that distance holds every fraction-0 triangle:
//   - the capsule (capsule_cast.cpp, cast_triangle): fraction 0 is either the
//     exact contact test at the start (distance <= r) or the features' entry
//     kept by settle_on_exact, whose exact test put the capsule at the start,
//     its radius grown by tol = 2^-30 m (m <= M / 2, its magnitude, in units
//     scaled by 2^600 only below 2^-500, exactly), within r + tol rounded
//     (<= (r + tol) (1 + u) < R) of the triangle. That holds when settle runs:
//     a capsule of two distinct ends (else the sphere cast), a translation of
//     nonzero length (a zero one answers the exact contact only), magnitudes
//     in [2^-400, 2^400] (no 2^-530 scaling). Otherwise the pre-pass is not
//     used.
//   - the ball (sphere_cast_shapes.cpp, sphere_cast_triangle): fraction 0 is
//     the exact contact at the start, or a rounded piece's entry at 0 (an
//     offset face's or an edge capsule's linecast from a start within
//     rounding of it, the face band of kCastFaceStartBand = 2^-44 |s - a|,
//     first_touch's rounded distance at 0): within rounding of touching for a
//     triangle whose unit normal is well defined, the premise PrismFilter's
//     planes (reach r (1 + 2^-20) + 2^-24 M, the same growth) already prune
//     by. A sliver's normal is not (its direction's error grows as 1 / the
//     sine of its smallest angle, and the face band's distance with it), so a
//     sliver (PrismFilter's test: |n| <= 2^-20 |ab| |ac|) is not tested
//     against the grown ball: its box (as the sweep's) decides, then the
//     single cast. Magnitudes outside [2^-400, 2^400] (PrismFilter's range):
//     the pre-pass is not used.
template <class NodeTest, class Inside, class Grown, class Cast>
struct StartPass {
  NodeTest node_test;  // bool(const AABB&): may the grown shape touch it
  Inside inside;       // contains(const AABB&): the shape itself holds it
  Grown grown;         // bool(const Triangle&): may its cast give fraction 0
  Cast cast;           // the single cast
  MeshShapeCastHit best;
  bool found = false;
  // The least index known to give fraction 0 (a triangle of a box the shape
  // holds), not yet cast; UINT32_MAX: none.
  uint32_t proven = UINT32_MAX;
  // Whether triangle `id` can no longer win: a lower index gives fraction 0
  // (the best found, or a proven one).
  bool beaten(uint32_t id) const {
    return id > proven || (found && id > best.triangle);
  }
  // The grown shape's exact test, then the single cast: whether it gives
  // fraction 0 (then it is the best so far: the caller offers only indices
  // below the best's).
  bool decide(const Triangle& t, uint32_t id) {
    if (!grown(t)) return false;
    ShapeCastHit h;
    if (!cast(t, &h) || !(h.fraction == 0.0)) return false;
    best.hit = h;
    best.triangle = id;
    found = true;
    return true;
  }
};

template <class NodeTest, class Inside, class Grown, class Cast>
StartPass<NodeTest, Inside, Grown, Cast> start_pass(NodeTest n, Inside i,
                                                    Grown g, Cast c) {
  return {n, i, g, c, {}, false, UINT32_MAX};
}

// The grown radius R (above), for magnitudes in [2^-400, 2^400].
double start_reach(double radius, double magnitude) {
  return (radius * (1.0 + kMeshCastStartRadiusSlack) +
          kMeshCastStartReach * magnitude) *
         (1.0 + 0x1p-50);
}

bool start_pass_applies(double magnitude) {
  return magnitude >= 0x1p-400 && magnitude <= 0x1p400;
}

}  // namespace

// Depth first (the builder's order), every node the pass's node test keeps;
// the stack as MeshTraversal::run's (one entry a level). The triangles whose
// box the test keeps are gathered (index, slot) and then decided in ascending
// index, so that the first that gives fraction 0 ends the batch: the exact
// tests and single casts run only up to the answer, not on every triangle
// near the start (the depth-first order is no order of the indices). A full
// batch is decided on the spot and the traversal goes on, skipping every
// index above the best found (unread), so any number of touching triangles
// takes a fixed buffer. A node whose box the shape itself holds
// (SphereNodeTest::contains, CapsuleNodeTest::contains: proven, as the
// overlap queries take such a node whole) holds only triangles the shape
// touches, whose single casts all start overlapping (contact_sphere_triangle
// and contact_capsule_triangle are false exactly when the overlap tests are):
// fraction 0. Only its least index can win; it is read from the indices
// (no corners), gathered, and made `proven`, which skips every higher index.
template <class Pass>
bool Mesh::run_start_pass(Pass& pass, MeshShapeCastHit* hit) const {
  if (nodes_.empty()) return false;
  constexpr int kBatch = 256;
  uint64_t batch[kBatch];  // index << 32 | slot
  int count = 0;
  // The batch in ascending index (a min-heap: the first or second is
  // usually the answer) up to the first that gives fraction 0.
  const auto decide = [&] {
    const auto later = [](uint64_t x, uint64_t y) { return x > y; };
    std::make_heap(batch, batch + count, later);
    while (count > 0) {
      std::pop_heap(batch, batch + count, later);
      const uint64_t e = batch[--count];
      const uint32_t id = static_cast<uint32_t>(e >> 32);
      if (pass.found && id > pass.best.triangle) break;
      const Triangle t = at(static_cast<uint32_t>(e));
      if (pass.node_test(triangle_box(t)) && pass.decide(t, id)) break;
    }
    count = 0;
  };
  const auto gather = [&](uint32_t id, uint32_t s) {
    if (count == kBatch) decide();
    batch[count++] = static_cast<uint64_t>(id) << 32 | s;
  };
  // Whether to go into node i: false when the grown shape misses its box, or
  // when the shape holds it (then its least index is gathered).
  const auto enter = [&](uint32_t i) {
    const AABB box = world_bounds(i);
    if (!pass.node_test(box)) return false;
    if (!pass.inside.contains(box)) return true;
    uint32_t first, end;
    subtree_slots(i, &first, &end);
    uint32_t least = first;
    for (uint32_t s = first + 1; s < end; ++s)
      if (triangle_ids_[s] < triangle_ids_[least]) least = s;
    const uint32_t id = triangle_ids_[least];
    if (!pass.beaten(id)) {
      pass.proven = id;
      gather(id, least);
    }
    return false;
  };
  if (!enter(0u)) {
    decide();
    return pass.found ? (*hit = pass.best, true) : false;
  }
  uint32_t stack[detail::kStackSize];
  int size = 0;
  uint32_t node = 0;
  for (;;) {
    const MeshNode& n = nodes_[node];
    if (n.count != 0) {
      for (uint32_t s = n.index; s < n.end(); ++s) {
        const uint32_t id = triangle_ids_[s];
        if (!pass.beaten(id)) gather(id, s);
      }
    } else {
      const uint32_t a = n.index, b = a + 1;
      const bool ha = enter(a);
      const bool hb = enter(b);
      if (ha || hb) {
        node = ha ? a : b;
        stack[size] = b;
        size += static_cast<int>(ha) & static_cast<int>(hb);
        continue;
      }
    }
    if (size == 0) break;
    node = stack[--size];
  }
  decide();
  if (!pass.found) return false;
  *hit = pass.best;
  return true;
}

bool Mesh::sphere_cast_start(Vec3 start, Vec3 end, double radius,
                             double magnitude, MeshShapeCastHit* hit) const {
  if (!start_pass_applies(magnitude)) return false;
  const Sphere grown{start, start_reach(radius, magnitude)};
  auto pass = start_pass(
      SphereNodeTest(grown, max_coord_),
      SphereNodeTest(Sphere{start, radius}, max_coord_),
      [&](const Triangle& t) {
        // Slivers (and degenerate triangles): their box decides (above).
        const Vec3 ab = t.b - t.a, ac = t.c - t.a;
        const double nn = length(cross(ab, ac));
        if (!(nn > 0x1p-20 * length(ab) * length(ac) && nn >= 0x1p-900))
          return true;
        return overlap_sphere_triangle(grown, t);
      },
      [&](const Triangle& t, ShapeCastHit* h) {
        return sphere_cast_triangle(start, end, radius, t, h);
      });
  return run_start_pass(pass, hit);
}

bool Mesh::capsule_cast_start(const Capsule& capsule, Vec3 translation,
                              double magnitude, MeshShapeCastHit* hit) const {
  const bool still =
      translation.x == 0.0 && translation.y == 0.0 && translation.z == 0.0;
  if (!start_pass_applies(magnitude) ||
      same_point(capsule.start, capsule.end) ||
      !(still || length(translation) > 0.0))
    return false;
  const Capsule grown{capsule.start, capsule.end,
                      start_reach(capsule.radius, magnitude)};
  // The ball about the capsule's middle that holds the grown capsule: radius
  // |h| + R (h the half segment), computed |h| within 3 ulps of itself
  // (Higham 3.1: the squares, the sums, the root), the sum rounded, all raised
  // by 2^-50 (8 ulps): at least the exact |h| + R; the middle's rounding (an
  // ulp of the magnitude) is far inside the node test's margin
  // (kMeshBoxMargin). A cheap filter on a triangle's box before the exact
  // test (the bounding box leaves its corners' regions in; on the nodes too,
  // it cost more than it saved).
  const Vec3 mid = capsule.start * 0.5 + capsule.end * 0.5;
  const SphereNodeTest ball(
      Sphere{mid,
             (length(capsule.end * 0.5 - capsule.start * 0.5) + grown.radius) *
                 (1.0 + 0x1p-50)},
      max_coord_);
  auto pass = start_pass(
      capsule_node_test(grown, max_coord_),
      capsule_node_test(capsule, max_coord_),
      [&](const Triangle& t) {
        return ball(triangle_box(t)) && overlap_capsule_triangle(grown, t);
      },
      [&](const Triangle& t, ShapeCastHit* h) {
        return capsule_cast_triangle(capsule, translation, t, h);
      });
  return run_start_pass(pass, hit);
}

}  // namespace np
