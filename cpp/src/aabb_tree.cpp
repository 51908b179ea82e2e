// narrowphase: the tree of boxes (narrowphase/aabb_tree.h).
//
// Build: the mesh's binned SAH (detail/bvh.h, shared; Wald 2007), leaves of at
// most kMaxLeafBoxes boxes, the bins' boxes in doubles. Centroids and areas are
// taken in units of the boxes' extent relative to their centre (halves first),
// so that nothing overflows near the largest doubles; they only steer the
// split.
//
// Refit (update, update_all): Box2D's b2DynamicTree and Bullet's btDbvt move a
// leaf and refit its ancestors; parry's Qbvh::refit and Jolt's
// AABBTreeBuilder-based trees recompute every node bottom-up. Here nodes are
// in depth-first order (children after their parent), so one backward pass
// refits the whole tree, and a single box walks its leaf's parents.
//
// In WASM the unions, the boxes' magnitude and the check of update_all's
// input run in SIMD lanes (f64x2.pmin / pmax, each exactly min2 / max2 with
// its operands swapped, so the boxes are the scalar code's bit for bit): V8
// compiles a scalar f64 `select` (what min2 and max2 become) to a branch,
// mispredicted on about half of the unions of moving boxes, which made the
// refit of 10^5 boxes 4-5x slower in WASM than the same C++ natively
// (README, "Boxes against Rapier"); pmin and pmax compile to minpd / maxpd.
//
// Queries: a depth-first traversal with a stack. The raycast visits the nearer
// child first and prunes a node only when a lower bound on its entry distance
// is strictly greater than the nearest hit so far (a box at exactly that
// distance is still tested: ties go to the lowest index). The lower bound is
// the mesh's (detail/slab_ray.h, shared): the slab test on halves, on the box
// widened by kMeshBoxMargin of the coordinates' magnitude, its entry parameter
// lowered by kMeshBoundSlack (Ize 2013, "Robust BVH Ray Traversal", JCGT
// 2(2)); raycast_aabb decides a hit exactly and reports its distance within a
// few ulps of the exact one, so a node whose box contains a hit box is never
// pruned. boxes_in_aabb tests a node with the leaves' own exact comparisons on
// the node's box; boxes_in_sphere with the mesh's lower bound on the distance
// to the widened box (box_distance; the exact overlap_sphere_aabb costs
// several times more per node, and only the boxes take it).
#include "narrowphase/aabb_tree.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "narrowphase/detail/bvh.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/slab_ray.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

double component(Vec3 v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

AABB box_at(const double* p) {
  return {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}};
}

AABB union_of(const AABB& a, const AABB& b) {
  return {
      {min2(a.min.x, b.min.x), min2(a.min.y, b.min.y), min2(a.min.z, b.min.z)},
      {max2(a.max.x, b.max.x), max2(a.max.y, b.max.y), max2(a.max.z, b.max.z)}};
}

static_assert(sizeof(AABB) == 6 * sizeof(double), "an AABB is six doubles");

#ifdef __wasm_simd128__
// A box in three pairs of lanes: (min.x, min.y), (min.z, max.x), (max.y,
// max.z).
struct Lanes {
  v128_t a, b, c;
};
Lanes load(const AABB& box) {
  const double* p = &box.min.x;
  return {wasm_v128_load(p), wasm_v128_load(p + 2), wasm_v128_load(p + 4)};
}
void store(const Lanes& l, AABB* box) {
  double* p = &box->min.x;
  wasm_v128_store(p, l.a);
  wasm_v128_store(p + 2, l.b);
  wasm_v128_store(p + 4, l.c);
}
// union_of(a, b) bit for bit: pmin(y, x) is `x < y ? x : y`, min2(x, y), and
// pmax(y, x) is `y < x ? x : y`, max2(x, y).
Lanes union_of(const Lanes& x, const Lanes& y) {
  return {wasm_f64x2_pmin(y.a, x.a),
          wasm_i64x2_shuffle(wasm_f64x2_pmin(y.b, x.b),
                             wasm_f64x2_pmax(y.b, x.b), 0, 3),
          wasm_f64x2_pmax(y.c, x.c)};
}
#endif

// *out = the union of the `count` (>= 1) boxes from `first`, folded left to
// right with union_of.
void bound_boxes(const AABB* first, uint32_t count, AABB* out) {
#ifdef __wasm_simd128__
  Lanes b = load(first[0]);
  for (uint32_t s = 1; s < count; ++s) b = union_of(b, load(first[s]));
  store(b, out);
#else
  AABB b = first[0];
  for (uint32_t s = 1; s < count; ++s) b = union_of(b, first[s]);
  *out = b;
#endif
}

// *out = union_of(a, b) (out may be a or b).
void unite(const AABB& a, const AABB& b, AABB* out) {
#ifdef __wasm_simd128__
  store(union_of(load(a), load(b)), out);
#else
  *out = union_of(a, b);
#endif
}

bool same_box(const AABB& a, const AABB& b) {
  return a.min.x == b.min.x && a.min.y == b.min.y && a.min.z == b.min.z &&
         a.max.x == b.max.x && a.max.y == b.max.y && a.max.z == b.max.z;
}

double box_magnitude(const AABB& b) {
  return max2(max_abs_component(b.min), max_abs_component(b.max));
}

// A box in the builder's units (offsets from the centre over the unit).
struct LocalBox {
  double lo[3] = {DBL_MAX, DBL_MAX, DBL_MAX};
  double hi[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
  void grow(const LocalBox& b) {
    for (int a = 0; a < 3; ++a) {
      lo[a] = min2(lo[a], b.lo[a]);
      hi[a] = max2(hi[a], b.hi[a]);
    }
  }
  // Half the surface area (the SAH's measure); 0 for an empty box.
  double half_area() const {
    const double dx = hi[0] - lo[0], dy = hi[1] - lo[1], dz = hi[2] - lo[2];
    if (!(dx >= 0.0)) return 0.0;
    return dx * dy + dy * dz + dz * dx;
  }
};

struct Bin {
  LocalBox box;
  uint32_t count = 0;
  void grow(const Bin& b) {
    box.grow(b.box);
    count += b.count;
  }
  double half_area() const { return box.half_area(); }
};

// A box as the builder sees it: its centroid and bounds in the builder's
// units, and its index.
struct BuildItem {
  double c[3];
  LocalBox box;
  uint32_t id;
};

}  // namespace

// ---- Build and refit ----

AABBTree::AABBTree(const double* boxes, size_t count)
    : boxes_(count), ids_(count), slot_of_(count), leaf_of_(count) {
  for (size_t i = 0; i < count; ++i) {
    boxes_[i] = box_at(boxes + 6 * i);
    ids_[i] = static_cast<uint32_t>(i);
    max_coord_ = max2(max_coord_, box_magnitude(boxes_[i]));
  }
  if (count == 0) return;
  build();
}

void AABBTree::build() {
  const uint32_t n = static_cast<uint32_t>(ids_.size());
  // The builder's units: offsets from the centre of all boxes over a power of
  // two near their extent (halves first, so that nothing overflows).
  double mlo[3] = {DBL_MAX, DBL_MAX, DBL_MAX};
  double mhi[3] = {-DBL_MAX, -DBL_MAX, -DBL_MAX};
  for (const AABB& b : boxes_)
    for (int a = 0; a < 3; ++a) {
      mlo[a] = min2(mlo[a], component(b.min, a));
      mhi[a] = max2(mhi[a], component(b.max, a));
    }
  double origin[3];
  double extent = 0.0;
  for (int a = 0; a < 3; ++a) {
    origin[a] = 0.5 * mlo[a] + 0.5 * mhi[a];
    extent = max2(extent, max2(mhi[a] - origin[a], origin[a] - mlo[a]));
  }
  int e = 0;
  if (extent > 0x1p1000 || !(extent <= DBL_MAX)) {
    e = 1000;
  } else if (extent > 0.0) {
    std::frexp(extent, &e);
    e = std::max(e, -1000);
  }
  const double to_local = 2.0 / detail::pow2(e);
  std::vector<BuildItem> items(n);
  for (uint32_t i = 0; i < n; ++i) {
    BuildItem& it = items[i];
    it.id = i;
    for (int a = 0; a < 3; ++a) {
      const double o = 0.5 * origin[a];
      it.box.lo[a] = (0.5 * component(boxes_[i].min, a) - o) * to_local;
      it.box.hi[a] = (0.5 * component(boxes_[i].max, a) - o) * to_local;
      it.c[a] = 0.5 * it.box.lo[a] + 0.5 * it.box.hi[a];
    }
  }
  // The nodes, each one's parent, and the boxes' order (detail/bvh.h).
  parent_.reserve(2 * (n / 2 + 1));
  depth_ = detail::build_sah<Bin>(
      items, kMaxLeafBoxes, nodes_,
      [](Bin& bin, const BuildItem& it) { bin.box.grow(it.box); },
      [&](uint32_t, uint32_t parent) { parent_.push_back(parent); });
  std::vector<uint32_t>& ref = ids_;
  for (uint32_t s = 0; s < n; ++s) ref[s] = items[s].id;
  items.clear();
  items.shrink_to_fit();
  parent_.shrink_to_fit();
  // The boxes into slot order, the maps, then every node's box bottom-up.
  std::vector<AABB> ordered(n);
  for (uint32_t s = 0; s < n; ++s) {
    ordered[s] = boxes_[ref[s]];
    slot_of_[ref[s]] = s;
  }
  boxes_.swap(ordered);
  for (uint32_t k = 0; k < nodes_.size(); ++k)
    if (nodes_[k].count != 0)
      for (uint32_t s = nodes_[k].index; s < nodes_[k].index + nodes_[k].count;
           ++s)
        leaf_of_[s] = k;
  for (size_t k = nodes_.size(); k-- > 0;) refit_node(static_cast<uint32_t>(k));
}

// A node's box from its boxes (a leaf) or its two children.
void AABBTree::bound_node(uint32_t k, AABB* out) const {
  const AABBTreeNode& node = nodes_[k];
  if (node.count != 0)
    bound_boxes(&boxes_[node.index], node.count, out);
  else
    unite(nodes_[k + 1].box, nodes_[node.index].box, out);
}

bool AABBTree::refit_node(uint32_t k) {
  AABB b;
  bound_node(k, &b);
  if (same_box(b, nodes_[k].box)) return false;
  nodes_[k].box = b;
  return true;
}

void AABBTree::update(uint32_t i, const AABB& box) {
  const uint32_t slot = slot_of_[i];
  boxes_[slot] = box;
  max_coord_ = max2(max_coord_, box_magnitude(box));
  for (uint32_t k = leaf_of_[slot]; k != UINT32_MAX; k = parent_[k])
    if (!refit_node(k)) break;
}

void AABBTree::update_all(const double* boxes) {
  // Read in index order and written to each box's slot (a scatter: the
  // input is read sequentially, and the writes, unlike a gather's reads, do
  // not wait on each other; a gather was 2x slower natively and 4x in WASM).
  // The stores are scalar: in WASM, v128 stores made the scatter 1.5x slower.
  // The boxes' magnitude (the largest |coordinate|: the same maximum in any
  // order) is taken in the same pass, in WASM in two lanes, rather than in a
  // second pass over the input.
  const size_t n = boxes_.size();
  // (No member access through data(): it is null for an empty tree.)
  double* const out = reinterpret_cast<double*>(boxes_.data());
  const uint32_t* const slot = slot_of_.data();
#ifdef __wasm_simd128__
  v128_t m = wasm_f64x2_splat(0.0);
#else
  double m = 0.0;
#endif
  for (size_t i = 0; i < n; ++i) {
    const double* p = boxes + 6 * i;
    double* q = out + 6 * static_cast<size_t>(slot[i]);
    const double x0 = p[0], y0 = p[1], z0 = p[2], x1 = p[3], y1 = p[4],
                 z1 = p[5];
    q[0] = x0, q[1] = y0, q[2] = z0, q[3] = x1, q[4] = y1, q[5] = z1;
#ifdef __wasm_simd128__
    m = wasm_f64x2_pmax(m, wasm_f64x2_abs(wasm_f64x2_make(x0, y0)));
    m = wasm_f64x2_pmax(m, wasm_f64x2_abs(wasm_f64x2_make(z0, x1)));
    m = wasm_f64x2_pmax(m, wasm_f64x2_abs(wasm_f64x2_make(y1, z1)));
#else
    m = max2(m, box_magnitude(box_at(p)));
#endif
  }
#ifdef __wasm_simd128__
  max_coord_ =
      max2(wasm_f64x2_extract_lane(m, 0), wasm_f64x2_extract_lane(m, 1));
#else
  max_coord_ = m;
#endif
  // Every node's box from its children's (the children come after it):
  // bound_node's two cases written out here, so that the loop has no call.
  const AABB* const slots = boxes_.data();
  AABBTreeNode* const nodes = nodes_.data();
  for (size_t k = nodes_.size(); k-- > 0;) {
    AABBTreeNode& node = nodes[k];
    if (node.count != 0)
      bound_boxes(slots + node.index, node.count, &node.box);
    else
      unite(nodes[k + 1].box, nodes[node.index].box, &node.box);
  }
}

size_t first_invalid_box(const double* boxes, size_t count) {
  // All boxes at once first (in WASM two lanes at a time, no branch per box:
  // a finite x has |x| <= DBL_MAX, false for NaN and infinities), then the
  // first bad one only when there is one.
#ifdef __wasm_simd128__
  const v128_t top = wasm_f64x2_splat(DBL_MAX);
  v128_t all = wasm_i64x2_splat(-1);
  for (size_t i = 0; i < count; ++i) {
    const double* p = boxes + 6 * i;
    const v128_t a = wasm_v128_load(p), b = wasm_v128_load(p + 2),
                 c = wasm_v128_load(p + 4);  // (x0 y0) (z0 x1) (y1 z1)
    const v128_t hi = wasm_i64x2_shuffle(b, c, 1, 2);  // (x1 y1)
    const v128_t z0 = wasm_i64x2_shuffle(b, b, 0, 0);
    const v128_t z1 = wasm_i64x2_shuffle(c, c, 1, 1);
    all = wasm_v128_and(
        all, wasm_v128_and(
                 wasm_v128_and(wasm_f64x2_le(a, hi), wasm_f64x2_le(z0, z1)),
                 wasm_v128_and(
                     wasm_f64x2_le(wasm_f64x2_abs(a), top),
                     wasm_v128_and(wasm_f64x2_le(wasm_f64x2_abs(b), top),
                                   wasm_f64x2_le(wasm_f64x2_abs(c), top)))));
  }
  if (wasm_i64x2_all_true(all)) return count;
#endif
  for (size_t i = 0; i < count; ++i) {
    const double* p = boxes + 6 * i;
    bool good = true;
    for (int k = 0; k < 6; ++k) good = good && std::fabs(p[k]) <= DBL_MAX;
    if (!good || p[0] > p[3] || p[1] > p[4] || p[2] > p[5]) return i;
  }
  return count;
}

size_t AABBTree::memory_bytes() const {
  return sizeof(AABBTree) + nodes_.capacity() * sizeof(AABBTreeNode) +
         parent_.capacity() * sizeof(uint32_t) +
         boxes_.capacity() * sizeof(AABB) +
         (ids_.capacity() + slot_of_.capacity() + leaf_of_.capacity()) *
             sizeof(uint32_t);
}

// ---- Queries ----

namespace {

using detail::box_distance;
using detail::box_margin;
using detail::SlabRay;

}  // namespace

// The traversal shared by the queries: `bound_node(box, &bound)` tests a
// node's box, `leaf(box, index)` one box, `limit()` prunes entries whose bound
// exceeds it; nearer children first.
template <class Visit>
struct TreeTraversal {
  static void run(const AABBTree& tree, Visit& visit) {
    detail::traverse_near_to_far(
        tree.nodes_,
        [&](uint32_t i, double* d) {
          return visit.bound_node(tree.nodes_[i].box, d);
        },
        [&](const AABBTreeNode& n) {
          for (uint32_t s = n.index; s < n.index + n.count; ++s)
            visit.leaf(tree.boxes_[s], tree.ids_[s]);
        },
        [&] { return visit.limit(); });
  }
};

namespace {

struct RayVisit {
  const Ray& ray;
  double max_distance;
  SlabRay slab;
  TreeRayHit best;
  bool found = false;
  double limit() const { return found ? best.hit.distance : max_distance; }
  bool bound_node(const AABB& box, double* d) const {
    return slab.enter(box, d);
  }
  void leaf(const AABB& box, uint32_t id) {
    // The node test on the box itself first (as conservative as on a node,
    // and cheaper than the exact single call), as the mesh's leaves do.
    double entry;
    if (!slab.enter(box, &entry) || entry > limit()) return;
    RayHit h;
    if (!raycast_aabb(ray, box, max_distance, &h)) return;
    if (!found || h.distance < best.hit.distance ||
        (h.distance == best.hit.distance && id < best.index)) {
      best.hit = h;
      best.index = id;
      found = true;
    }
  }
};

// The overlap queries' visitor: `touches(box)` is the single call, on a node's
// box and on each box alike (exact, and monotone under containment).
template <class Touches>
struct OverlapVisit {
  Touches touches;
  std::vector<uint32_t>* out;
  double limit() const { return 0.0; }
  bool bound_node(const AABB& box, double* d) const {
    *d = 0.0;
    return touches(box);
  }
  void leaf(const AABB& box, uint32_t id) {
    if (touches(box)) out->push_back(id);
  }
};

template <class Touches>
OverlapVisit<Touches> overlap_visit(Touches t, std::vector<uint32_t>* out) {
  return {t, out};
}

// The sphere's visitor: a node is visited when a lower bound on the distance
// from the centre to its box, widened by kMeshBoxMargin of the magnitudes
// involved, is at most the radius (the mesh's SphereNodeTest: conservative,
// and far cheaper than the exact predicate, which only the boxes take).
struct SphereVisit {
  const Sphere& sphere;
  double half_c[3];
  double margin;
  std::vector<uint32_t>* out;
  double limit() const { return 0.0; }
  bool bound_node(const AABB& box, double* d) const {
    *d = 0.0;
    return box_distance(box, half_c, margin) <= sphere.radius;
  }
  void leaf(const AABB& box, uint32_t id) {
    double d;
    if (bound_node(box, &d) && overlap_sphere_aabb(sphere, box))
      out->push_back(id);
  }
};

}  // namespace

bool AABBTree::raycast(const Ray& ray, double max_distance,
                       TreeRayHit* hit) const {
  // The direction scaled by powers of two to a largest component in [1, 2)
  // (two steps for a subnormal one), its parameters unbounded.
  double k1, k2;
  RayVisit visit{
      ray,
      max_distance,
      SlabRay(ray.origin, detail::near_unit(ray.direction, &k1, &k2), INFINITY,
              max2(max_coord_, max_abs_component(ray.origin))),
      {}};
  TreeTraversal<RayVisit>::run(*this, visit);
  if (!visit.found) return false;
  *hit = visit.best;
  return true;
}

void AABBTree::boxes_in_aabb(const AABB& box,
                             std::vector<uint32_t>* out) const {
  out->clear();
  auto visit = overlap_visit(
      [&](const AABB& b) { return overlap_aabb_aabb(box, b); }, out);
  TreeTraversal<decltype(visit)>::run(*this, visit);
  std::sort(out->begin(), out->end());  // leaves come in BVH order
}

void AABBTree::boxes_in_sphere(const Sphere& sphere,
                               std::vector<uint32_t>* out) const {
  out->clear();
  const double magnitude =
      max2(max_coord_, max2(max_abs_component(sphere.center), sphere.radius));
  SphereVisit visit{
      sphere,
      {0.5 * sphere.center.x, 0.5 * sphere.center.y, 0.5 * sphere.center.z},
      box_margin(magnitude),
      out};
  TreeTraversal<SphereVisit>::run(*this, visit);
  std::sort(out->begin(), out->end());
}

}  // namespace np
