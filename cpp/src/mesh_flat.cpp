// The flat exports of meshes (narrowphase/flat.h documents them).
#include <cstdint>
#include <new>

#include "narrowphase/detail/flat_kinds.h"
#include "narrowphase/flat.h"
#include "narrowphase/mesh.h"
#include "narrowphase/validate.h"

namespace {

const np::Mesh& as_mesh(const void* mesh) {
  return *static_cast<const np::Mesh*>(mesh);
}

int put_ray_hit(const np::MeshRayHit& h, double* io) {
  io[0] = h.hit.distance;
  np::flat::put(io + 1, h.hit.point);
  np::flat::put(io + 4, h.hit.normal);
  io[7] = h.triangle;
  return 1;
}

}  // namespace

extern "C" {

void* np_mesh_create(const double* positions, unsigned vertex_count,
                     const unsigned* indices, unsigned triangle_count) {
  static_assert(sizeof(unsigned) == sizeof(uint32_t), "32-bit indices");
  return new (std::nothrow)
      np::Mesh(positions, vertex_count,
               reinterpret_cast<const uint32_t*>(indices), triangle_count);
}

void np_mesh_destroy(void* mesh) { delete static_cast<np::Mesh*>(mesh); }

double np_mesh_bvh_bytes(const void* mesh) {
  return static_cast<double>(as_mesh(mesh).bvh_bytes());
}

double np_mesh_memory_bytes(const void* mesh) {
  return static_cast<double>(as_mesh(mesh).memory_bytes());
}

int np_mesh_raycast(const void* mesh, double* io) {
  const np::Ray ray{np::flat::vec3_at(io), np::flat::vec3_at(io + 3)};
  const double max_distance = io[6];
  if (const np::Validity v = np::validate(ray); !v.ok())
    return np::flat::error_code(v, 0);
  if (const np::Validity v = np::validate_max_distance(max_distance); !v.ok())
    return np::flat::error_code(v, 6);
  np::MeshRayHit h;
  if (!as_mesh(mesh).raycast(ray, max_distance, &h)) return 0;
  return put_ray_hit(h, io);
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

}  // extern "C"
