// narrowphase: a mesh's contacts with a sphere or a capsule, and its internal
// edges (narrowphase/mesh.h: contacts_sphere, contacts_capsule, active_edges).
//
// A character sliding over a floor made of many small triangles must not catch
// on the seams between them: the single call against one triangle of the floor
// reports, for a shape over the seam or just beyond it, the contact of the
// triangle's edge (its normal tilted toward the seam), which pushes the shape
// sideways or back. The fix is the one of JoltPhysics (Jolt/Physics/Collision/
// ActiveEdges.h: IsEdgeActive at build time in MeshShape, FixNormal on each
// contact) and of Bullet's btInternalEdgeUtility (btGenerateInternalEdgeInfo
// at build time, btAdjustInternalEdgeContacts per contact point):
//
// 1. When the mesh is built, each triangle edge is flagged active or inactive.
//    Corners are matched by their exact coordinates (an unindexed mesh, or one
//    whose vertices are split for normals or UVs, still shares its edges). An
//    edge used by exactly two triangles whose third corners lie on opposite
//    sides of it (the triangles continue each other) and whose planes are
//    within 5 degrees (kMeshFlatEdgeCosine, Jolt's threshold) is inactive;
//    every other edge is active. Jolt also makes concave edges inactive at any
//    angle; our triangles are two-sided (no winding, no inside), so an edge is
//    concave from one side and convex from the other, and is kept active: a
//    shape in a concave corner touches both faces' interiors and gets their
//    face normals from the single calls anyway.
// 2. At query time (JoltPhysics' InternalEdgeRemovingCollector, Jolt/Physics/
//    Collision/InternalEdgeRemovingCollector.h, adapted to one contact per
//    touching triangle): every touching triangle's single-call contact is
//    computed first and classified. A face contact (its normal the face
//    normal within kMeshFaceContactSine, or its point, pointB, in the
//    triangle's interior by barycentric coordinates, kMeshContactFeature:
//    FixNormal's classification) voids the triangle's three corners (welded:
//    corners matched by their exact coordinates). A contact on an edge or a
//    vertex that is inactive (a vertex is inactive when every edge at it, of
//    every triangle, is) is replaced by the triangle's face contact only when
//    its feature is voided: both corners of the edge, or the vertex, corners
//    of triangles with face contacts in this query; a contact so replaced is
//    a face contact too and voids its corners, until nothing changes (a fixed
//    point, so the triangles' order decides nothing; Jolt voids the corners
//    of every contact it processes, deepest first, which would void the
//    border case below). Otherwise the single call's contact stands: a ball
//    beside the mesh's border touching an internal edge, or resting on a
//    ridge within 5 degrees of flat, gets the edge's true contact. An interior
//    contact whose normal is not the face's (a capsule deep in the triangle)
//    is replaced when the triangle has an inactive edge. The face contact
//    (plane_contact) has the unit face normal on the side the single call's
//    normal points to (dot > 0: +n, dot < 0: -n, dot == 0: the single call's
//    contact is kept; the triangle's winding decides nothing) and the depth
//    measured along it: radius - the signed distance of the shape's deepest
//    end. Jolt drops a voided contact and keeps FixNormal's depth; we keep
//    one contact per triangle, and recomputing the depth along the new
//    normal is what makes normal * depth still separate the shape from the
//    triangle's plane.
//
// Both steps are computed in doubles, on coordinates scaled by a power of two
// (exact) to below 1 when their magnitude is beyond 2^400 or below 2^-400: no
// overflow near the largest double, no underflow of subnormal triangles'
// products. They decide only which normal
// a contact reports, never whether a triangle touches (the exact overlap test
// decides that).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "narrowphase/contact.h"
#include "narrowphase/detail/contact_util.h"
#include "narrowphase/mesh.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

// A triangle's flags (active_): its three edges' bits, then its corners'.
constexpr unsigned kAllActive = 0b111111;

double max_abs(Vec3 v) { return max_abs_component(v); }

// The power of two the coordinates (largest magnitude m) are divided by: 0
// (none) for m in [2^-400, 2^400], where the products below (of at most four
// differences) neither overflow nor lose a triangle's size to underflow more
// than the scaled ones would; else e with m below 2^e (m = 0: 0).
int scale_exponent(double m) {
  if (m >= 0x1p-400 && m <= 0x1p400) return 0;
  int e = 0;
  if (m > 0.0) std::frexp(m, &e);  // m = f 2^e, f in [0.5, 1)
  return e;
}

Vec3 scaled(Vec3 v, int e) {
  if (e == 0) return v;
  return {std::ldexp(v.x, -e), std::ldexp(v.y, -e), std::ldexp(v.z, -e)};
}

// The unit normal of the triangle a b c (scaled coordinates), or false for a
// degenerate or sliver triangle (its cross product below kContactFlatFeature of
// its edges' product: no face direction).
bool unit_face_normal(Vec3 a, Vec3 b, Vec3 c, Vec3* n) {
  const Vec3 u = b - a, v = c - a;
  const Vec3 x = cross(u, v);
  const double len = length(x);
  if (!(len > kContactFlatFeature * length(u) * length(v))) return false;
  *n = x / len;  // (a division: an axis-aligned face gets exactly +-1)
  return true;
}

// Whether the edge p q shared by the triangles p q r1 and p q r2 is internal:
// r1 and r2 on opposite sides of it and the planes within kMeshFlatEdgeCosine.
// With both normals taken as (q - p) x (r - p), triangles continuing each
// other have opposite normals (their dot product near -1); folded back onto
// each other, near +1.
bool internal_edge(Vec3 p, Vec3 q, Vec3 r1, Vec3 r2) {
  const int e = scale_exponent(std::max(std::max(max_abs(p), max_abs(q)),
                                        std::max(max_abs(r1), max_abs(r2))));
  p = scaled(p, e);
  q = scaled(q, e);
  r1 = scaled(r1, e);
  r2 = scaled(r2, e);
  Vec3 n1, n2;
  if (!unit_face_normal(p, q, r1, &n1) || !unit_face_normal(p, q, r2, &n2))
    return false;
  return dot(n1, n2) <= -kMeshFlatEdgeCosine;
}

// The bit a contact point's feature needs set in the triangle's flags to keep
// the contact's normal: an edge's (bit 0 corners 0-1, bit 1 corners 1-2, bit 2
// corners 2-0), a vertex's (bits 3, 4, 5 for corners 0, 1, 2); 0 for the
// interior (FixNormal's classification, barycentric coordinates of p in a b
// c).
unsigned feature_edges(Vec3 a, Vec3 b, Vec3 c, Vec3 n, Vec3 p) {
  const double area = dot(cross(b - a, c - a), n);
  const double u = dot(cross(b - p, c - p), n) / area;
  const double v = dot(cross(c - p, a - p), n) / area;
  const double w = dot(cross(a - p, b - p), n) / area;
  const double lo = kMeshContactFeature, hi = 1.0 - kMeshContactFeature;
  if (u > hi) return 1u << 3;  // vertex a
  if (v > hi) return 1u << 4;  // vertex b
  if (w > hi) return 1u << 5;  // vertex c
  if (u < lo) return 0b010;    // edge b-c
  if (v < lo) return 0b100;    // edge c-a
  if (w < lo) return 0b001;    // edge a-b
  return 0;                    // the interior
}

// Whether a feature (feature_edges' bits) has corner j: the vertex j, or an
// edge ending there (edge j: j to j + 1; edge j + 2: j - 1 to j).
bool needs_corner(unsigned needed, uint32_t j) {
  return (((needed >> 3) >> j) & 1u) != 0 || ((needed >> j) & 1u) != 0 ||
         ((needed >> ((j + 2) % 3)) & 1u) != 0;
}

// The contact of a shape (the segment s0 s1 of radius r; a sphere has s0 ==
// s1) with the plane through a of unit normal n (all scaled), leaving along
// n: with d0, d1 the ends' signed distances along n, depth = r - min(d0, d1)
// (at least 0); the deepest end (ties: s0) gives the points. The side n is
// the caller's (the single call's normal's), never the triangle's winding.
ContactHit plane_contact(Vec3 s0, Vec3 s1, double r, Vec3 a, Vec3 n) {
  const double d0 = dot(s0 - a, n), d1 = dot(s1 - a, n);
  ContactHit h;
  h.normal = n;
  const Vec3 end = d0 <= d1 ? s0 : s1;
  h.depth = std::max(r - std::min(d0, d1), 0.0);
  h.point_a = end - h.normal * r;
  h.point_b = h.point_a + h.normal * h.depth;
  return h;
}

// What the single call's contact `hit` with triangle t (of active bits
// `active`) is, with the unit face normal *n in coordinates scaled by 2^-*e.
struct Classified {
  bool face = false;     // a face contact: voids the triangle's three corners
  bool replace = false;  // replaced by the face contact (an edge or vertex:
                         // when `needed`'s corners are all void)
  unsigned needed = 0;   // the feature's bits (edges 0-2, vertices 3-5)
};

// The exponent *e classify scales by and the unit face normal *n in those
// coordinates (false: no face).
bool scaled_face_normal(const Triangle& t, Vec3 s0, Vec3 s1, double r, Vec3* n,
                        int* e) {
  const double m =
      std::max(std::max(std::max(max_abs(t.a), max_abs(t.b)), max_abs(t.c)),
               std::max(std::max(max_abs(s0), max_abs(s1)), r));
  *e = scale_exponent(m);
  return unit_face_normal(scaled(t.a, *e), scaled(t.b, *e), scaled(t.c, *e), n);
}

Classified classify(const ContactHit& hit, const Triangle& t, unsigned active,
                    Vec3 s0, Vec3 s1, double r, Vec3* n, int* e) {
  Classified k;
  // No face: stands, voids none.
  if (!scaled_face_normal(t, s0, s1, r, n, e)) return k;
  const Vec3 a = scaled(t.a, *e), b = scaled(t.b, *e), c = scaled(t.c, *e);
  // A face contact already (its normal the face's, up to rounding): stands.
  if (length(cross(hit.normal, *n)) <= kMeshFaceContactSine) {
    k.face = true;
    return k;
  }
  k.needed = feature_edges(a, b, c, *n, scaled(hit.point_b, *e));
  if (k.needed == 0) {
    // The interior with a tilted normal (a deep capsule): a face contact,
    // made the face's when the triangle has an inactive edge.
    k.face = true;
    k.replace = active != kAllActive;
    return k;
  }
  k.replace = (active & k.needed) == 0;  // an inactive edge or vertex
  return k;
}

// `hit` replaced by the face contact of unit normal n (scaled by 2^-e) on the
// side hit.normal points to: dot > 0 gives +n, < 0 gives -n, 0 keeps `hit`;
// the depth along it (plane_contact).
ContactHit face_contact(const ContactHit& hit, const Triangle& t, Vec3 n, int e,
                        Vec3 s0, Vec3 s1, double r) {
  const double side = dot(hit.normal, n);
  if (side == 0.0) return hit;
  const Vec3 along = side > 0.0 ? n : negated(n);  // (negated: no -0)
  ContactHit h = plane_contact(scaled(s0, e), scaled(s1, e), std::ldexp(r, -e),
                               scaled(t.a, e), along);
  if (e == 0) return h;  // (unscaled: ldexp by 0 is the identity)
  h.depth = std::ldexp(h.depth, e);
  h.point_a = {std::ldexp(h.point_a.x, e), std::ldexp(h.point_a.y, e),
               std::ldexp(h.point_a.z, e)};
  h.point_b = {std::ldexp(h.point_b.x, e), std::ldexp(h.point_b.y, e),
               std::ldexp(h.point_b.z, e)};
  return h;
}

// A vertex's coordinates as a sort key (+0.0 added: -0 and +0 are one point).
struct VertexKey {
  double x, y, z;
  uint32_t index;
  bool operator<(const VertexKey& o) const {
    if (x != o.x) return x < o.x;
    if (y != o.y) return y < o.y;
    if (z != o.z) return z < o.z;
    return index < o.index;
  }
  bool same_point(const VertexKey& o) const {
    return x == o.x && y == o.y && z == o.z;
  }
};

// An edge by its two welded corners (the smaller first), and where it is: BVH
// slot * 3 + the edge's bit.
struct EdgeKey {
  uint64_t corners;
  uint32_t where;
  bool operator<(const EdgeKey& o) const {
    return corners != o.corners ? corners < o.corners : where < o.where;
  }
};

}  // namespace

void Mesh::find_active_edges() {
  const size_t n = triangle_ids_.size();
  active_.assign(n, kAllActive);
  // Weld: each vertex's canonical index is the first vertex at its point.
  const size_t vertex_count = vertices_.size() / 3;
  std::vector<VertexKey> keys(vertex_count);
  for (size_t i = 0; i < vertex_count; ++i)
    keys[i] = {vertices_[3 * i] + 0.0, vertices_[3 * i + 1] + 0.0,
               vertices_[3 * i + 2] + 0.0, static_cast<uint32_t>(i)};
  std::sort(keys.begin(), keys.end());
  std::vector<uint32_t>& weld = weld_;
  weld.assign(vertex_count, 0);
  for (size_t i = 0; i < vertex_count; ++i)
    weld[keys[i].index] = i > 0 && keys[i].same_point(keys[i - 1])
                              ? weld[keys[i - 1].index]
                              : keys[i].index;
  keys.clear();
  keys.shrink_to_fit();
  // Every edge, sorted by its welded corners: equal runs are shared edges.
  // The sort is a counting sort by the lesser corner (stable: `where`
  // ascending), then a sort of each corner's few edges by the other corner:
  // the order std::sort of all the keys gave, in a pass over the edges
  // instead of log(edges) of them.
  std::vector<uint32_t> start(vertex_count + 1, 0);
  const auto lesser = [&](uint32_t s, uint32_t k, uint32_t* other) {
    const uint32_t p = weld[corners_[3 * s + k]],
                   q = weld[corners_[3 * s + (k + 1) % 3]];
    *other = std::max(p, q);
    return std::min(p, q);
  };
  size_t edge_count = 0;
  for (uint32_t s = 0; s < n; ++s)
    for (uint32_t k = 0; k < 3; ++k) {
      uint32_t q;
      const uint32_t p = lesser(s, k, &q);
      if (p == q) continue;  // a collapsed edge: active
      ++start[p + 1];
      ++edge_count;
    }
  for (size_t v = 0; v < vertex_count; ++v) start[v + 1] += start[v];
  std::vector<EdgeKey> edges(edge_count);
  for (uint32_t s = 0; s < n; ++s)
    for (uint32_t k = 0; k < 3; ++k) {
      uint32_t q;
      const uint32_t p = lesser(s, k, &q);
      if (p == q) continue;
      edges[start[p]++] = {(uint64_t{p} << 32) | q, 3 * s + k};
    }
  // (start[v] is now where vertex v + 1's edges begin.)
  for (size_t v = 0, begin = 0; v < vertex_count; begin = start[v++])
    if (start[v] - begin > 1)
      std::sort(edges.begin() + static_cast<std::ptrdiff_t>(begin),
                edges.begin() + static_cast<std::ptrdiff_t>(start[v]));
  start.clear();
  start.shrink_to_fit();
  for (size_t i = 0; i < edges.size();) {
    size_t j = i + 1;
    while (j < edges.size() && edges[j].corners == edges[i].corners) ++j;
    if (j - i == 2) {
      // Exactly two triangles share it: p q the edge, r1 r2 the third corners.
      const uint32_t s1 = edges[i].where / 3, k1 = edges[i].where % 3;
      const uint32_t s2 = edges[i + 1].where / 3, k2 = edges[i + 1].where % 3;
      const Triangle t1 = at(s1), t2 = at(s2);
      const Vec3 c1[3] = {t1.a, t1.b, t1.c}, c2[3] = {t2.a, t2.b, t2.c};
      if (s1 != s2 && internal_edge(c1[k1], c1[(k1 + 1) % 3], c1[(k1 + 2) % 3],
                                    c2[(k2 + 2) % 3])) {
        active_[s1] &= static_cast<uint8_t>(~(1u << k1));
        active_[s2] &= static_cast<uint8_t>(~(1u << k2));
      }
    }
    i = j;
  }
  // A vertex is active when any edge at it, of any triangle, is (a vertex on
  // the border or on a ridge): Jolt takes either of the triangle's two edges
  // at it, which makes a triangle touching the border with one corner only
  // report a face contact for a shape beyond that corner.
  std::vector<uint8_t> vertex_active(vertex_count, 0);
  for (uint32_t s = 0; s < n; ++s)
    for (uint32_t k = 0; k < 3; ++k)
      if ((active_[s] >> k) & 1u) {
        vertex_active[weld[corners_[3 * s + k]]] = 1;
        vertex_active[weld[corners_[3 * s + (k + 1) % 3]]] = 1;
      }
  for (uint32_t s = 0; s < n; ++s) {
    uint8_t flags = active_[s] & 0b111;
    for (uint32_t k = 0; k < 3; ++k)
      if (vertex_active[weld[corners_[3 * s + k]]])
        flags |= static_cast<uint8_t>(1u << (3 + k));
    active_[s] = flags;
  }
}

uint8_t Mesh::active_edges(uint32_t i) const {
  // Slots are a permutation of the indices: find i's (only tests call this).
  for (uint32_t s = 0; s < triangle_ids_.size(); ++s)
    if (triangle_ids_[s] == i) return active_[s] & 0b111;
  return 0b111;
}

uint8_t Mesh::active_vertices(uint32_t i) const {
  for (uint32_t s = 0; s < triangle_ids_.size(); ++s)
    if (triangle_ids_[s] == i) return active_[s] >> 3;
  return 0b111;
}

namespace {

// The single call's contact of the shape (segment s0 s1, radius r; a sphere
// has s0 == s1) with triangle t, which touches it (the slots come from the
// overlap traversal, which decided that with the same exact test): the
// single call's contact bit for bit, without deciding the overlap again.
bool single_contact(const Sphere& sphere, const Triangle& t, ContactHit* hit) {
  detail::contact_sphere_triangle_touching(sphere, t, hit);
  return true;
}
bool single_contact(const Capsule& capsule, const Triangle& t,
                    ContactHit* hit) {
  detail::contact_capsule_triangle_touching(capsule, t, hit);
  return true;
}
Vec3 start_of(const Sphere& s) { return s.center; }
Vec3 end_of(const Sphere& s) { return s.center; }
Vec3 start_of(const Capsule& c) { return c.start; }
Vec3 end_of(const Capsule& c) { return c.end; }

}  // namespace

void Mesh::void_corners(uint32_t slot, std::vector<uint32_t>* voided) const {
  for (uint32_t j = 0; j < 3; ++j)
    voided->push_back(weld_[corners_[3 * slot + j]]);
}

// A replaced contact is a face contact too and voids its corners: each pending
// contact (key: its index << 8 | the corners it needs) whose corners are all
// voided voids its own and is passed to `on_voided`; repeat until none is newly
// voided. That is the least fixed point (the voided corners only grow, and a
// contact voided in one order has its corners voided in any: induction on the
// order it was voided in), whatever the order of the triangles or of the
// passes: each contact's replacement depends on that contact alone. *voided
// is scratch on return.
//
// The corners involved (the voided ones and each pending triangle's three) go
// into an open-addressing hash table (Knuth's multiplicative hash, linear
// probing, at most 3/4 full) held in *voided itself, after the voided corners
// it starts with: an entry is 2w + 1 for a voided corner w, 2w for one not yet
// voided, ~0 for none (2w + 1 fits below 2^31 vertices). Each pending
// contact's three corners are looked up once (their entries' positions
// follow the table), and the passes, forward and backward in turn, read and
// set the low bits: a chain of replaced contacts (on the benchmark's knot a
// third of the spheres wait on chains of ~7 links, ~126 contacts) settles in
// a few passes, with no sort. A pending contact is marked done in its bit 7
// (its needed bits are 0-5). When the table would exceed 3 words per
// triangle of the mesh (the room mesh_flat.cpp reserves: no allocation in
// WASM) or the mesh has 2^31 vertices, void_in_passes: the voided corners
// sorted again before each pass and searched.
template <class SlotOf, class OnVoided>
void Mesh::void_to_fixed_point(std::vector<uint32_t>* voided,
                               std::vector<uint64_t>* pending, SlotOf slot_of,
                               OnVoided on_voided) const {
  const size_t items = pending->size(), v = voided->size();
  const size_t corners = v + 3 * items;
  size_t table = 16;
  while (table < corners + corners / 3 + 1) table *= 2;
  if (vertices_.size() / 3 > 0x7fffffffu ||
      v + table + 3 * items > 3 * triangle_ids_.size()) {
    void_in_passes(voided, pending, slot_of, on_voided);
    return;
  }
  int bits = 0;
  while ((size_t{1} << bits) < table) ++bits;
  constexpr uint32_t kEmpty = ~uint32_t{0};
  std::vector<uint32_t>& buffer = *voided;
  buffer.resize(v + table + 3 * items, kEmpty);
  uint32_t* const key = buffer.data() + v;
  uint32_t* const corner = key + table;
  // The position of corner w's entry (added, not voided, when new).
  const auto entry = [&](uint32_t w) -> uint32_t {
    uint32_t h = (w * 0x9E3779B1u) >> (32 - bits);
    while (key[h] != kEmpty && (key[h] >> 1) != w)
      h = (h + 1) & static_cast<uint32_t>(table - 1);
    if (key[h] == kEmpty) key[h] = 2 * w;
    return h;
  };
  for (size_t k = 0; k < v; ++k) key[entry(buffer[k])] |= 1u;
  for (size_t k = 0; k < items; ++k) {
    const uint32_t slot = slot_of(static_cast<size_t>((*pending)[k] >> 8));
    for (uint32_t j = 0; j < 3; ++j)
      corner[3 * k + j] = entry(weld_[corners_[3 * slot + j]]);
  }
  constexpr uint64_t kDone = 0x80;
  const auto try_void = [&](size_t k) {
    uint64_t& p = (*pending)[k];
    if (p & kDone) return false;
    const unsigned needed = static_cast<unsigned>(p & 0x3f);
    for (uint32_t j = 0; j < 3; ++j)
      if (needs_corner(needed, j) && (key[corner[3 * k + j]] & 1u) == 0)
        return false;
    for (uint32_t j = 0; j < 3; ++j) key[corner[3 * k + j]] |= 1u;
    p |= kDone;
    const size_t index = static_cast<size_t>(p >> 8);
    on_voided(index, slot_of(index));
    return true;
  };
  for (bool forward = true, grew = true; grew; forward = !forward) {
    grew = false;
    for (size_t i = 0; i < items; ++i)
      if (try_void(forward ? i : items - 1 - i)) grew = true;
  }
  size_t kept = 0;
  for (const uint64_t p : *pending)
    if (!(p & kDone)) (*pending)[kept++] = p;
  pending->resize(kept);
}

// The fixed point as before 2026-11-27: the voided corners sorted again before
// each pass (for meshes of 2^31 vertices or more).
template <class SlotOf, class OnVoided>
void Mesh::void_in_passes(std::vector<uint32_t>* voided,
                          std::vector<uint64_t>* pending, SlotOf slot_of,
                          OnVoided on_voided) const {
  for (bool grew = true; grew;) {
    std::sort(voided->begin(), voided->end());
    voided->erase(std::unique(voided->begin(), voided->end()), voided->end());
    const size_t sorted = voided->size();
    grew = false;
    size_t kept = 0;
    for (const uint64_t p : *pending) {
      const size_t index = static_cast<size_t>(p >> 8);
      const uint32_t slot = slot_of(index);
      if (feature_voided(slot, static_cast<unsigned>(p & 0xff), *voided,
                         sorted)) {
        void_corners(slot, voided);
        on_voided(index, slot);
        grew = true;
      } else {
        (*pending)[kept++] = p;
      }
    }
    pending->resize(kept);
  }
}

bool Mesh::feature_voided(uint32_t slot, unsigned needed,
                          const std::vector<uint32_t>& voided,
                          size_t sorted) const {
  for (uint32_t j = 0; j < 3; ++j) {
    if (needs_corner(needed, j) &&
        !std::binary_search(voided.begin(), voided.begin() + sorted,
                            weld_[corners_[3 * slot + j]]))
      return false;
  }
  return true;
}

template <class Shape>
void Mesh::contacts_in_slots(const Shape& shape,
                             const std::vector<uint32_t>& slots,
                             std::vector<uint32_t>* voided,
                             std::vector<uint64_t>* pending,
                             std::vector<MeshContact>* out) const {
  // The single calls, each once, and the corners their face contacts void.
  voided->clear();
  pending->clear();
  out->clear();
  const Vec3 s0 = start_of(shape), s1 = end_of(shape);
  for (size_t i = 0; i < slots.size(); ++i) {
    const uint32_t slot = slots[i];
    out->push_back(MeshContact{});
    MeshContact& c = out->back();
    c.triangle = triangle_ids_[slot];
    const Triangle t = at(slot);
    if (!single_contact(shape, t, &c.hit)) continue;
    Vec3 n;
    int e;
    const Classified k =
        classify(c.hit, t, active_[slot], s0, s1, shape.radius, &n, &e);
    if (k.face) {
      void_corners(slot, voided);
      // A tilted interior contact beside an inactive edge: the face's.
      if (k.replace) c.hit = face_contact(c.hit, t, n, e, s0, s1, shape.radius);
    } else if (k.replace && dot(c.hit.normal, n) != 0.0) {
      pending->push_back((static_cast<uint64_t>(i) << 8) | k.needed);
    }
  }
  // The voided corners' fixed point; a pending contact newly voided is
  // replaced by its face contact there and then (its face normal again: the
  // same, from the same triangle; it has one, or it would not be pending).
  // With no pending contact, or no voided corner (a pending contact needs one
  // at least: its feature is an edge or a vertex), nothing changes.
  if (pending->empty() || voided->empty()) return;
  void_to_fixed_point(
      voided, pending, [&](size_t i) { return slots[i]; },
      [&](size_t i, uint32_t slot) {
        const Triangle t = at(slot);
        ContactHit& hit = (*out)[i].hit;
        Vec3 n;
        int e;
        scaled_face_normal(t, s0, s1, shape.radius, &n, &e);
        hit = face_contact(hit, t, n, e, s0, s1, shape.radius);
      });
}

void Mesh::contacts_in_slots_sphere(const Sphere& sphere,
                                    const std::vector<uint32_t>& slots,
                                    std::vector<uint32_t>* voided,
                                    std::vector<uint64_t>* pending,
                                    std::vector<MeshContact>* out) const {
  contacts_in_slots(sphere, slots, voided, pending, out);
}

void Mesh::contacts_in_slots_capsule(const Capsule& capsule,
                                     const std::vector<uint32_t>& slots,
                                     std::vector<uint32_t>* voided,
                                     std::vector<uint64_t>* pending,
                                     std::vector<MeshContact>* out) const {
  contacts_in_slots(capsule, slots, voided, pending, out);
}

void Mesh::contacts_sphere(const Sphere& sphere,
                           std::vector<MeshContact>* out) const {
  std::vector<uint32_t> slots, voided;
  std::vector<uint64_t> pending;
  contact_slots_sphere(sphere, &slots);
  contacts_in_slots(sphere, slots, &voided, &pending, out);
}

void Mesh::contacts_capsule(const Capsule& capsule,
                            std::vector<MeshContact>* out) const {
  std::vector<uint32_t> slots, voided;
  std::vector<uint64_t> pending;
  contact_slots_capsule(capsule, &slots);
  contacts_in_slots(capsule, slots, &voided, &pending, out);
}

}  // namespace np
