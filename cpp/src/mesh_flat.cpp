// The flat exports of meshes (narrowphase/flat.h documents them).
#include "narrowphase/mesh_flat.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <vector>

#include "narrowphase/detail/flat_kinds.h"
#include "narrowphase/detail/object_flat.h"
#include "narrowphase/flat.h"
#include "narrowphase/mesh.h"
#include "narrowphase/validate.h"

namespace {

// What a handle points at: the mesh and the buffer its index queries
// (trianglesIn*) write their answers to, reserved for every triangle when the
// mesh is made, so that no query allocates (or grows the module's memory) and
// its address never changes; freed with the mesh.
//
// The contact queries (contacts<S>) use `found` for the touching triangles'
// BVH slots and compute every contact once (Mesh::contacts_in_slots_*) into
// `ready`, which grows to exactly the largest query's count (reserved at
// creation for NP_MESH_CONTACT_CHUNK, or every triangle of a smaller mesh; 88
// bytes a contact, freed with the mesh, counted by np_mesh_memory_bytes);
// np_mesh_contactsRead copies each chunk of NP_MESH_CONTACT_CHUNK from there
// to `contacts` (its size and address fixed at creation). (Until 2026-11-28
// only the first chunk was kept and each later one computed again when read: at
// 10^6 triangles, where the benchmark's spheres touch 420 triangles on average,
// that made a third of the query's native time.)
struct FlatMesh {
  np::Mesh mesh;
  std::vector<uint32_t> found;
  std::vector<double> contacts;
  std::vector<np::MeshContact> ready;  // the last contacts query's contacts
  std::vector<uint32_t> voided;        // (contacts_in_slots_*'s scratch)
  std::vector<uint64_t> pending;
  np::MeshRayTrace trace;           // raycastTrace's, reserved on first use
  std::vector<double> trace_nodes;  // its entries in the flat layout
  std::vector<double> trace_triangles;
  FlatMesh(const double* positions, size_t vertex_count,
           const uint32_t* indices, size_t triangle_count)
      : mesh(positions, vertex_count, indices, triangle_count) {
    found.reserve(triangle_count);
    voided.reserve(3 * triangle_count);
    pending.reserve(triangle_count);
    const size_t chunk =
        std::min<size_t>(triangle_count, NP_MESH_CONTACT_CHUNK);
    contacts.resize(NP_MESH_CONTACT_DOUBLES * chunk);
    ready.reserve(chunk);
  }
};

// `ready` with room for exactly `count` contacts when it has less: a fresh
// buffer (the old one freed first), not the vector's doubling, which would keep
// up to twice the largest query.
void reserve_ready(FlatMesh& m, size_t count) {
  if (m.ready.capacity() >= count) return;
  std::vector<np::MeshContact>().swap(m.ready);
  m.ready.reserve(count);
}

// One contact into the contact buffer's entry i.
void put_contact(FlatMesh& m, size_t i, const np::MeshContact& c) {
  double* out = &m.contacts[NP_MESH_CONTACT_DOUBLES * i];
  out[0] = c.triangle;
  out[1] = c.hit.depth;
  np::flat::put(out + 2, c.hit.normal);
  np::flat::put(out + 5, c.hit.point_a);
  np::flat::put(out + 8, c.hit.point_b);
}

const np::Mesh& as_mesh(const void* mesh) {
  return static_cast<const FlatMesh*>(mesh)->mesh;
}

using np::flat::read_shape;

// trianglesIn<S>: the count written to the mesh's buffer, or an error code.
template <class K, void (np::Mesh::*Query)(const typename K::Value&,
                                           std::vector<uint32_t>*) const>
int triangles_in(void* handle, const double* io) {
  typename K::Value shape;
  if (const int code = read_shape<K>(io, &shape); code != 0) return code;
  FlatMesh& m = *static_cast<FlatMesh*>(handle);
  (m.mesh.*Query)(shape, &m.found);
  return static_cast<int>(m.found.size());
}

// contacts<S>: every contact of the touching triangles into `ready` (its
// room first: reserve_ready), their count returned, or an error code.
template <class K,
          void (np::Mesh::*Slots)(const typename K::Value&,
                                  std::vector<uint32_t>*) const,
          void (np::Mesh::*InSlots)(
              const typename K::Value&, const std::vector<uint32_t>&,
              std::vector<uint32_t>*, std::vector<uint64_t>*,
              std::vector<np::MeshContact>*) const>
int contacts(void* handle, const double* io) {
  typename K::Value shape;
  if (const int code = read_shape<K>(io, &shape); code != 0) return code;
  FlatMesh& m = *static_cast<FlatMesh*>(handle);
  (m.mesh.*Slots)(shape, &m.found);
  reserve_ready(m, m.found.size());
  (m.mesh.*InSlots)(shape, m.found, &m.voided, &m.pending, &m.ready);
  return static_cast<int>(m.ready.size());
}

// overlap<S>: 1 or 0, or an error code.
template <class K, bool (np::Mesh::*Query)(const typename K::Value&) const>
int overlaps(const void* handle, const double* io) {
  typename K::Value shape;
  if (const int code = read_shape<K>(io, &shape); code != 0) return code;
  return (as_mesh(handle).*Query)(shape) ? 1 : 0;
}

int put_ray_hit(const np::MeshRayHit& h, double* io) {
  return np::flat::put_indexed_ray_hit(h.hit, h.triangle, io);
}

// A cast hit: the ShapeCastHit as the flat casts write it, triangle [12].
int put_cast_hit(const np::MeshShapeCastHit& h, double* io) {
  io[0] = h.hit.distance;
  io[1] = h.hit.fraction;
  np::flat::put(io + 2, h.hit.center);
  np::flat::put(io + 5, h.hit.point);
  np::flat::put(io + 8, h.hit.normal);
  io[11] = h.hit.started_overlapping ? 1.0 : 0.0;
  io[12] = h.triangle;
  return 1;
}

}  // namespace

extern "C" {

void* np_mesh_create(const double* positions, unsigned vertex_count,
                     const unsigned* indices, unsigned triangle_count) {
  static_assert(sizeof(unsigned) == sizeof(uint32_t), "32-bit indices");
  // (Node indices take 28 bits: np::kMaxMeshTriangles; far beyond what a
  // 32-bit module's memory holds, so this answers as out of memory.)
  if (triangle_count >= np::kMaxMeshTriangles) return nullptr;
  return new (std::nothrow)
      FlatMesh(positions, vertex_count,
               reinterpret_cast<const uint32_t*>(indices), triangle_count);
}

void np_mesh_destroy(void* mesh) { delete static_cast<FlatMesh*>(mesh); }

const unsigned* np_mesh_found(const void* mesh) {
  static_assert(sizeof(unsigned) == sizeof(uint32_t), "32-bit indices");
  return reinterpret_cast<const unsigned*>(
      static_cast<const FlatMesh*>(mesh)->found.data());
}

double np_mesh_bvh_bytes(const void* mesh) {
  return static_cast<double>(as_mesh(mesh).bvh_bytes());
}

double np_mesh_memory_bytes(const void* mesh) {
  const FlatMesh& m = *static_cast<const FlatMesh*>(mesh);
  return static_cast<double>(
      m.mesh.memory_bytes() + m.found.capacity() * sizeof(uint32_t) +
      m.voided.capacity() * sizeof(uint32_t) +
      m.pending.capacity() * sizeof(uint64_t) +
      m.ready.capacity() * sizeof(np::MeshContact) +
      m.contacts.capacity() * sizeof(double) +
      m.trace.nodes.capacity() * sizeof(np::MeshRayTrace::Node) +
      m.trace.triangles.capacity() * sizeof(np::MeshRayTrace::Triangle) +
      m.trace.record_of.capacity() * sizeof(uint32_t) +
      (m.trace_nodes.capacity() + m.trace_triangles.capacity()) *
          sizeof(double));
}

void np_mesh_traceReserve(void* mesh) {
  FlatMesh& m = *static_cast<FlatMesh*>(mesh);
  const size_t nodes = m.mesh.node_count(), triangles = m.mesh.triangle_count();
  m.trace.reserve(nodes, triangles);
  m.trace_nodes.reserve(NP_MESH_TRACE_NODE_DOUBLES *
                        std::max<size_t>(nodes, 1));
  m.trace_triangles.reserve(NP_MESH_TRACE_TRIANGLE_DOUBLES *
                            std::max<size_t>(triangles, 1));
}

int np_mesh_raycastTrace(void* mesh, double* io) {
  np::Ray ray;
  double max_distance;
  if (const int code = np::flat::read_ray_query(io, &ray, &max_distance))
    return code;
  FlatMesh& m = *static_cast<FlatMesh*>(mesh);
  np::MeshRayHit h;
  const bool hit = m.mesh.raycast_trace(ray, max_distance, &h, &m.trace);
  // The entries in the flat layout (the vectors hold room for every node and
  // triangle: np_mesh_traceReserve).
  m.trace_nodes.clear();
  for (const np::MeshRayTrace::Node& n : m.trace.nodes) {
    const np::MeshNode& node = m.mesh.node(n.node);
    const np::AABB box = m.mesh.world_bounds(n.node);
    const double entry[NP_MESH_TRACE_NODE_DOUBLES] = {
        static_cast<double>(n.node),
        n.parent == UINT32_MAX ? -1.0 : static_cast<double>(n.parent),
        static_cast<double>(n.depth),
        static_cast<double>(n.outcome),
        n.order == UINT32_MAX ? -1.0 : static_cast<double>(n.order),
        n.entry,
        n.limit,
        static_cast<double>(node.count),
        box.min.x,
        box.min.y,
        box.min.z,
        box.max.x,
        box.max.y,
        box.max.z};
    m.trace_nodes.insert(m.trace_nodes.end(), entry,
                         entry + NP_MESH_TRACE_NODE_DOUBLES);
  }
  m.trace_triangles.clear();
  for (const np::MeshRayTrace::Triangle& t : m.trace.triangles) {
    const double entry[NP_MESH_TRACE_TRIANGLE_DOUBLES] = {
        static_cast<double>(t.triangle), static_cast<double>(t.node),
        static_cast<double>(t.outcome), t.distance};
    m.trace_triangles.insert(m.trace_triangles.end(), entry,
                             entry + NP_MESH_TRACE_TRIANGLE_DOUBLES);
  }
  io[8] = static_cast<double>(m.trace.nodes.size());
  io[9] = static_cast<double>(m.trace.triangles.size());
  io[10] = static_cast<double>(m.trace.nodes_visited);
  io[11] = static_cast<double>(m.trace.triangles_tested);
  if (!hit) return 0;
  return put_ray_hit(h, io);
}

const double* np_mesh_traceNodes(const void* mesh) {
  return static_cast<const FlatMesh*>(mesh)->trace_nodes.data();
}

const double* np_mesh_traceTriangles(const void* mesh) {
  return static_cast<const FlatMesh*>(mesh)->trace_triangles.data();
}

int np_mesh_raycast(const void* mesh, double* io) {
  np::Ray ray;
  double max_distance;
  if (const int code = np::flat::read_ray_query(io, &ray, &max_distance))
    return code;
  np::MeshRayHit h;
  if (!as_mesh(mesh).raycast(ray, max_distance, &h)) return 0;
  return put_ray_hit(h, io);
}

int np_mesh_pairCheck(const void* mesh, const double* io) {
  np::Ray ray;
  double max_distance;
  if (const int code = np::flat::read_ray_query(io, &ray, &max_distance))
    return code;
  const np::Vec3 point = np::flat::vec3_at(io + 7);
  if (const np::Validity v = np::validate(point); !v.ok())
    return np::flat::error_code(v, 7);
  return static_cast<int>(
      as_mesh(mesh).pair_test_mismatches(ray, max_distance, point));
}

int np_mesh_segmentPairCheck(const void* mesh, const double* io) {
  const np::Vec3 start = np::flat::vec3_at(io), end = np::flat::vec3_at(io + 3);
  if (const np::Validity v = np::validate(start); !v.ok())
    return np::flat::error_code(v, 0);
  if (const np::Validity v = np::validate(end); !v.ok())
    return np::flat::error_code(v, 3);
  return static_cast<int>(
      as_mesh(mesh).segment_pair_test_mismatches(start, end));
}

int np_mesh_linecast(const void* mesh, double* io) {
  const np::Vec3 start = np::flat::vec3_at(io), end = np::flat::vec3_at(io + 3);
  if (const np::Validity v = np::validate(start); !v.ok())
    return np::flat::error_code(v, 0);
  if (const np::Validity v = np::validate(end); !v.ok())
    return np::flat::error_code(v, 3);
  np::MeshRayHit h;
  if (!as_mesh(mesh).linecast(start, end, &h)) return 0;
  return put_ray_hit(h, io);
}

int np_mesh_closestPoint(const void* mesh, double* io) {
  const np::Vec3 p = np::flat::vec3_at(io);
  const double max_distance = io[3];
  if (const np::Validity v = np::validate(p); !v.ok())
    return np::flat::error_code(v, 0);
  if (const np::Validity v = np::validate_max_distance(max_distance); !v.ok())
    return np::flat::error_code(v, 3);
  np::MeshClosestPoint c;
  if (!as_mesh(mesh).closest_point(p, max_distance, &c)) return 0;
  io[0] = c.distance;
  np::flat::put(io + 1, c.point);
  io[4] = c.triangle;
  return 1;
}

int np_mesh_sphereCast(const void* mesh, double* io) {
  const np::Vec3 start = np::flat::vec3_at(io), end = np::flat::vec3_at(io + 3);
  const double radius = io[6];
  if (const np::Validity v = np::validate(start); !v.ok())
    return np::flat::error_code(v, 0);
  if (const np::Validity v = np::validate(end); !v.ok())
    return np::flat::error_code(v, 3);
  if (const np::Validity v = np::validate_radius(radius); !v.ok())
    return np::flat::error_code(v, 6);
  np::MeshShapeCastHit h;
  if (!as_mesh(mesh).sphere_cast(start, end, radius, &h)) return 0;
  return put_cast_hit(h, io);
}

int np_mesh_capsuleCast(const void* mesh, double* io) {
  np::Capsule capsule;
  if (const int code = read_shape<np::flat::kinds::capsule>(io, &capsule);
      code != 0)
    return code;
  const np::Vec3 translation = np::flat::vec3_at(io + 7);
  if (const np::Validity v = np::validate(translation); !v.ok())
    return np::flat::error_code(v, 7);
  np::MeshShapeCastHit h;
  if (!as_mesh(mesh).capsule_cast(capsule, translation, &h)) return 0;
  return put_cast_hit(h, io);
}

int np_mesh_trianglesInSphere(void* mesh, const double* io) {
  return triangles_in<np::flat::kinds::sphere, &np::Mesh::triangles_in_sphere>(
      mesh, io);
}
int np_mesh_trianglesInCapsule(void* mesh, const double* io) {
  return triangles_in<np::flat::kinds::capsule,
                      &np::Mesh::triangles_in_capsule>(mesh, io);
}
int np_mesh_trianglesInAABB(void* mesh, const double* io) {
  return triangles_in<np::flat::kinds::aabb, &np::Mesh::triangles_in_aabb>(mesh,
                                                                           io);
}
int np_mesh_trianglesInOBB(void* mesh, const double* io) {
  return triangles_in<np::flat::kinds::obb, &np::Mesh::triangles_in_obb>(mesh,
                                                                         io);
}
int np_mesh_overlapSphere(const void* mesh, const double* io) {
  return overlaps<np::flat::kinds::sphere, &np::Mesh::overlap_sphere>(mesh, io);
}
int np_mesh_overlapCapsule(const void* mesh, const double* io) {
  return overlaps<np::flat::kinds::capsule, &np::Mesh::overlap_capsule>(mesh,
                                                                        io);
}
int np_mesh_overlapAABB(const void* mesh, const double* io) {
  return overlaps<np::flat::kinds::aabb, &np::Mesh::overlap_aabb>(mesh, io);
}
int np_mesh_overlapOBB(const void* mesh, const double* io) {
  return overlaps<np::flat::kinds::obb, &np::Mesh::overlap_obb>(mesh, io);
}

int np_mesh_contactsSphere(void* mesh, const double* io) {
  return contacts<np::flat::kinds::sphere, &np::Mesh::contact_slots_sphere,
                  &np::Mesh::contacts_in_slots_sphere>(mesh, io);
}

int np_mesh_contactsCapsule(void* mesh, const double* io) {
  return contacts<np::flat::kinds::capsule, &np::Mesh::contact_slots_capsule,
                  &np::Mesh::contacts_in_slots_capsule>(mesh, io);
}

int np_mesh_contactsRead(void* mesh, unsigned first) {
  FlatMesh& m = *static_cast<FlatMesh*>(mesh);
  if (first >= m.ready.size()) return 0;
  const size_t count =
      std::min<size_t>(m.ready.size() - first, NP_MESH_CONTACT_CHUNK);
  for (size_t i = 0; i < count; ++i) put_contact(m, i, m.ready[first + i]);
  return static_cast<int>(count);
}

const double* np_mesh_contacts(const void* mesh) {
  return static_cast<const FlatMesh*>(mesh)->contacts.data();
}

}  // extern "C"
