// The flat exports of trees of boxes (narrowphase/aabb_tree_flat.h documents
// them), after mesh_flat.cpp.
#include "narrowphase/aabb_tree_flat.h"

#include <cstdint>
#include <new>
#include <vector>

#include "narrowphase/aabb_tree.h"
#include "narrowphase/detail/flat_kinds.h"
#include "narrowphase/detail/object_flat.h"
#include "narrowphase/flat.h"
#include "narrowphase/validate.h"

namespace {

// What a handle points at: the tree, the buffer its index queries write their
// answers to (room for every box) and the staging buffer updateAll reads
// (six doubles per box), both reserved when the tree is made, so that no query
// or update allocates (or grows the module's memory) and their addresses never
// change; freed with the tree.
struct FlatTree {
  np::AABBTree tree;
  std::vector<uint32_t> found;
  std::vector<double> staging;
  FlatTree(const double* boxes, size_t count)
      : tree(boxes, count), staging(6 * count) {
    found.reserve(count);
  }
};

FlatTree& as_flat(void* tree) { return *static_cast<FlatTree*>(tree); }
const np::AABBTree& as_tree(const void* tree) {
  return static_cast<const FlatTree*>(tree)->tree;
}

// boxesIn<S>: the count written to the tree's buffer, or an error code.
template <class K, void (np::AABBTree::*Query)(const typename K::Value&,
                                               std::vector<uint32_t>*) const>
int boxes_in(void* handle, const double* io) {
  typename K::Value shape;
  if (const int code = np::flat::read_shape<K>(io, &shape); code != 0)
    return code;
  FlatTree& t = as_flat(handle);
  (t.tree.*Query)(shape, &t.found);
  return static_cast<int>(t.found.size());
}

}  // namespace

extern "C" {

void* np_tree_create(const double* boxes, unsigned count) {
  return new (std::nothrow) FlatTree(boxes, count);
}

void np_tree_destroy(void* tree) { delete static_cast<FlatTree*>(tree); }

double np_tree_memory_bytes(const void* tree) {
  const FlatTree& t = *static_cast<const FlatTree*>(tree);
  return static_cast<double>(t.tree.memory_bytes() +
                             t.found.capacity() * sizeof(uint32_t) +
                             t.staging.capacity() * sizeof(double));
}

const unsigned* np_tree_found(const void* tree) {
  static_assert(sizeof(unsigned) == sizeof(uint32_t), "32-bit indices");
  return reinterpret_cast<const unsigned*>(
      static_cast<const FlatTree*>(tree)->found.data());
}

double* np_tree_staging(void* tree) { return as_flat(tree).staging.data(); }

int np_tree_update(void* tree, const double* io) {
  FlatTree& t = as_flat(tree);
  const double index = io[0];
  if (!(index >= 0.0 && index < static_cast<double>(t.tree.count()) &&
        index == static_cast<double>(static_cast<uint32_t>(index))))
    return np::flat::error_code({np::Problem::kNotFinite, 0}, 0);
  const np::AABB box = np::flat::kinds::aabb::read(io + 1);
  if (const np::Validity v = np::validate(box); !v.ok())
    return np::flat::error_code(v, 1);
  t.tree.update(static_cast<uint32_t>(index), box);
  return 0;
}

int np_tree_updateAll(void* tree) {
  FlatTree& t = as_flat(tree);
  const size_t bad = np::first_invalid_box(t.staging.data(), t.tree.count());
  if (bad != t.tree.count()) return static_cast<int>(bad);
  t.tree.update_all(t.staging.data());
  return -1;
}

int np_tree_raycast(const void* tree, double* io) {
  np::Ray ray;
  double max_distance;
  if (const int code = np::flat::read_ray_query(io, &ray, &max_distance))
    return code;
  np::TreeRayHit h;
  if (!as_tree(tree).raycast(ray, max_distance, &h)) return 0;
  return np::flat::put_indexed_ray_hit(h.hit, h.index, io);
}

int np_tree_boxesInAABB(void* tree, const double* io) {
  return boxes_in<np::flat::kinds::aabb, &np::AABBTree::boxes_in_aabb>(tree,
                                                                       io);
}
int np_tree_boxesInSphere(void* tree, const double* io) {
  return boxes_in<np::flat::kinds::sphere, &np::AABBTree::boxes_in_sphere>(tree,
                                                                           io);
}

}  // extern "C"
