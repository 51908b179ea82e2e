// narrowphase fuzzing, mode 3 (mesh): np::Mesh (mesh.h) and np::AABBTree
// (aabb_tree.h) against the brute force each query's doc names, over the public
// C++ API only (so the harness holds whatever the BVH's layout and traversal
// are). The bytes make a small mesh (mesh_case.h: 1 to 48 triangles, indexed or
// not, welded duplicates, degenerate, coplanar and coincident triangles, one
// magnitude and offset per case from subnormals to 1e306, or mixed) and one
// query. The queries (NP_FUZZ_QUERY pins one; NP_FUZZ_LIST=1 lists them):
//   mesh_ray       raycast (max distance infinite or not), linecast and
//                  closest_point: the hit, its triangle and distance bit for
//                  bit as the brute force with raycast_triangle /
//                  linecast_triangle / distance_point_triangle +
//                  closest_point_on_triangle (the least distance, ties to the
//                  lowest index)
//   mesh_overlap   triangles_in_sphere / capsule / aabb / obb: exactly the set
//   of
//                  overlap_*_triangle; overlap_* == !triangles_in_*.empty()
//   mesh_cast      sphere_cast / capsule_cast: every field bit for bit as the
//                  brute force with sphere_cast_triangle /
//                  capsule_cast_triangle (the least fraction, ties to the
//                  lowest index)
//   mesh_contacts  contacts_sphere / contacts_capsule: the triangles exactly
//                  triangles_in_*'s, ascending; every contact finite, depth >=
//                  0, normal unit within kUnitTol; a triangle with every edge
//                  and corner active gets the single call's contact bit for
//                  bit; any other contact is the single call's, or a face
//                  contact (normal along the face's within
//                  kMeshFaceContactSine)
//   tree           an AABBTree over 0 to 48 boxes, then up to 12 operations
//                  (update, update_all, raycast, boxes_in_aabb,
//                  boxes_in_sphere); every query checked against the brute
//                  force over the boxes as they are now (raycast_aabb: bit for
//                  bit, ties to the lowest index; overlap_aabb_aabb /
//                  overlap_sphere_aabb: exact sets)
// On a mismatch it prints "==== narrowphase fuzz" with the case (hex floats)
// and aborts; NP_FUZZ_PRINT=1 prints every case.
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "mesh_case.h"
#include "narrowphase/aabb_tree.h"
#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/mesh.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/validate.h"

namespace {

using np::AABB;
using np::Capsule;
using np::OBB;
using np::Ray;
using np::Sphere;
using np::Triangle;
using np::Vec3;
using L = long double;

// A unit vector's length within 8 ulps of 1 (checks.cpp's kUnitTol: a
// normalization rounds each component, then the length is summed in long
// double).
constexpr L kUnitTol = 8 * 0x1p-52L;

const char* const kQueries[] = {"mesh_ray", "mesh_overlap", "mesh_cast",
                                "mesh_contacts", "tree"};
constexpr int kQueryCount = sizeof(kQueries) / sizeof(kQueries[0]);
int g_pinned = -1;
bool g_print = false;

// NP_FUZZ_STATS=1: how often each check saw an answer, a tie (the brute force
// met a later triangle or box at exactly the best distance or fraction) or a
// replaced contact, printed at exit (what the inputs reach, not a check).
struct Stat {
  const char* name;
  long count;
};
Stat g_stats[] = {{"raycast hit", 0},
                  {"raycast tie", 0},
                  {"linecast hit", 0},
                  {"linecast tie", 0},
                  {"closest_point found", 0},
                  {"closest_point tie", 0},
                  {"triangles_in non-empty", 0},
                  {"cast hit", 0},
                  {"cast tie", 0},
                  {"cast started", 0},
                  {"contacts", 0},
                  {"contact replaced", 0},
                  {"tree raycast hit", 0},
                  {"tree raycast tie", 0},
                  {"tree boxes_in non-empty", 0},
                  {"cases", 0}};
void count(const char* name, bool yes = true) {
  if (!yes) return;
  for (Stat& s : g_stats)
    if (std::strcmp(s.name, name) == 0) ++s.count;
}
void print_stats() {
  for (const Stat& s : g_stats)
    std::fprintf(stderr, "np fuzz stats: %-24s %ld\n", s.name, s.count);
}

std::string g_case;  // what the case is, for a failure's report

void note(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  g_case += buf;
}

// The numbers of the case that its contract counts (README "Casts and contacts
// ... where the contract ends", (a) and (b): no two non-zero magnitudes more
// than ~2^1000 apart, none at or beyond ~1.5e308): coordinates, radii,
// distances and translations; not a ray's direction or an OBB's rotation,
// whose scale is not a length's.
std::vector<double> g_numbers;
void num(double x) {
  if (x != 0 && std::isfinite(x)) g_numbers.push_back(std::fabs(x));
}
bool in_contract() {
  double lo = INFINITY, hi = 0;
  for (double x : g_numbers) lo = std::fmin(lo, x), hi = std::fmax(hi, x);
  if (hi == 0) return true;
  return hi < 1.5e308 && std::ilogb(hi) - std::ilogb(lo) <= 1000;
}
// A mismatch outside the contract (in_contract() false): not a failure, but
// counted (NP_FUZZ_STATS) and left; the documented limit class.
struct OutsideContract {};

void note_vec(const char* name, Vec3 v) {
  if (std::strstr(name, "direction") == nullptr &&
      std::strstr(name, "axis") == nullptr) {
    num(v.x);
    num(v.y);
    num(v.z);
  }
  note("  %s = (%a, %a, %a)  (%.17g, %.17g, %.17g)\n", name, v.x, v.y, v.z, v.x,
       v.y, v.z);
}

[[noreturn]] void fail(const char* query, const char* fmt, ...) {
  if (!in_contract()) throw OutsideContract{};
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "==== narrowphase fuzz (mesh %s): %s\n%s", query, buf,
               g_case.c_str());
  std::abort();
}

bool same(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same(Vec3 a, Vec3 b) {
  return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z);
}
bool same(const np::RayHit& a, const np::RayHit& b) {
  return same(a.distance, b.distance) && same(a.point, b.point) &&
         same(a.normal, b.normal);
}
bool same(const np::ShapeCastHit& a, const np::ShapeCastHit& b) {
  return same(a.distance, b.distance) && same(a.fraction, b.fraction) &&
         same(a.center, b.center) && same(a.point, b.point) &&
         same(a.normal, b.normal) &&
         a.started_overlapping == b.started_overlapping;
}
bool same(const np::ContactHit& a, const np::ContactHit& b) {
  return same(a.depth, b.depth) && same(a.normal, b.normal) &&
         same(a.point_a, b.point_a) && same(a.point_b, b.point_b);
}
bool finite(Vec3 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

void note_mesh(const np_fuzz::MeshCase& c) {
  note("  mesh: %zu triangles, %s, %zu vertices, scale %s, offset %a\n",
       c.triangles.size(), c.unindexed ? "unindexed" : "indexed",
       c.vertices.size(),
       c.mixed() ? "mixed"
                 : std::to_string(np_fuzz::kScales[c.scale_index]).c_str(),
       c.offset);
  for (size_t i = 0; i < c.triangles.size(); ++i) {
    const Triangle& t = c.triangles[i];
    for (Vec3 v : {t.a, t.b, t.c}) num(v.x), num(v.y), num(v.z);
    note("  t%zu: (%a, %a, %a) (%a, %a, %a) (%a, %a, %a)\n", i, t.a.x, t.a.y,
         t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z);
  }
}

std::string list(const std::vector<uint32_t>& v) {
  std::string s;
  for (uint32_t i : v) s += std::to_string(i) + " ";
  return s;
}

// ---- mesh_ray

// The nearest hit over every triangle by `single` (the least distance, ties
// to the lowest index) against the mesh's answer (g, got), bit for bit.
template <typename Single>
void compare_nearest(np_fuzz::MeshCase& c, const char* what, bool g,
                     const np::MeshRayHit& got, Single single) {
  const char* q = "mesh_ray";
  const std::string tie = std::string(what) + " tie";
  const std::string hits = std::string(what) + " hit";
  bool w = false;
  np::MeshRayHit want;
  for (size_t i = 0; i < c.triangles.size(); ++i) {
    np::RayHit h;
    const bool hit = single(c.triangles[i], &h);
    count(tie.c_str(), hit && w && h.distance == want.hit.distance);
    if (hit && (!w || h.distance < want.hit.distance)) {
      want.hit = h;
      want.triangle = static_cast<uint32_t>(i);
      w = true;
    }
  }
  count(hits.c_str(), w);
  if (g != w)
    fail(q, "%s %s, brute force %s", what, g ? "hit" : "missed",
         w ? "hit" : "missed");
  if (g && (got.triangle != want.triangle || !same(got.hit, want.hit)))
    fail(q, "%s: triangle %u distance %a, brute force triangle %u distance %a",
         what, got.triangle, got.hit.distance, want.triangle,
         want.hit.distance);
}

void check_ray(np_fuzz::MeshCase& c, const np::Mesh& m) {
  const char* q = "mesh_ray";
  const int which = c.b.byte() % 4;
  const Vec3 o = c.point();
  const Vec3 d = c.direction(o);
  note_vec("origin / point / start", o);
  note_vec("direction / end - start", d);
  if (which <= 1) {  // raycast, max distance infinite (0) or from the bytes
    double max_distance = INFINITY;
    if (which == 1) {
      max_distance = c.radius() * 4;
      note("  max_distance = %a\n", max_distance);
      num(max_distance);
    }
    const Ray ray{o, d};
    if (!np::validate(ray).ok()) return;
    np::MeshRayHit got;
    const bool g = m.raycast(ray, max_distance, &got);
    compare_nearest(c, "raycast", g, got,
                    [&](const Triangle& t, np::RayHit* h) {
                      return np::raycast_triangle(ray, t, max_distance, h);
                    });
  } else if (which == 2) {  // linecast from o to o + d
    const Vec3 end = o + d;
    note_vec("linecast end", end);
    if (!finite(end)) return;
    np::MeshRayHit got;
    const bool g = m.linecast(o, end, &got);
    compare_nearest(c, "linecast", g, got,
                    [&](const Triangle& t, np::RayHit* h) {
                      return np::linecast_triangle(o, end, t, h);
                    });
  } else {  // closest_point within a max distance (infinite for an even byte)
    const int k = c.b.byte();
    const double max_distance = k % 2 == 0 ? INFINITY : c.radius() * 2;
    note("  max_distance = %a\n", max_distance);
    num(max_distance);
    np::MeshClosestPoint got;
    const bool g = m.closest_point(o, max_distance, &got);
    bool w = false;
    np::MeshClosestPoint want;
    for (size_t i = 0; i < c.triangles.size(); ++i) {
      const double dist = np::distance_point_triangle(o, c.triangles[i]);
      count("closest_point tie", w && dist == want.distance);
      if (dist <= max_distance && (!w || dist < want.distance)) {
        want.distance = dist;
        want.point = np::closest_point_on_triangle(o, c.triangles[i]);
        want.triangle = static_cast<uint32_t>(i);
        w = true;
      }
    }
    count("closest_point found", w);
    if (g != w)
      fail(q, "closest_point %s, brute force %s", g ? "found" : "found nothing",
           w ? "found" : "found nothing");
    if (g &&
        (got.triangle != want.triangle || !same(got.distance, want.distance) ||
         !same(got.point, want.point)))
      fail(q,
           "closest_point: triangle %u distance %a, brute force triangle %u "
           "distance %a",
           got.triangle, got.distance, want.triangle, want.distance);
  }
}

// ---- shapes for the overlap and contact queries

Sphere make_sphere(np_fuzz::MeshCase& c) {
  const Sphere s{c.point(), c.radius()};
  note_vec("sphere center", s.center);
  note("  sphere radius = %a\n", s.radius);
  num(s.radius);
  return s;
}

Capsule make_capsule(np_fuzz::MeshCase& c) {
  Capsule cap;
  cap.start = c.point();
  cap.end = c.b.byte() % 4 == 0 ? cap.start : c.point();
  cap.radius = c.radius();
  note_vec("capsule start", cap.start);
  note_vec("capsule end", cap.end);
  note("  capsule radius = %a\n", cap.radius);
  num(cap.radius);
  return cap;
}

AABB make_aabb(np_fuzz::MeshCase& c) {
  const Vec3 p = c.point();
  const double s = c.scale();
  const Vec3 size{s * c.b.byte() / 16, s * c.b.byte() / 16,
                  s * c.b.byte() / 16};
  const AABB box{p, p + size};
  note_vec("aabb min", box.min);
  note_vec("aabb max", box.max);
  return box;
}

// Rotations: the identity, an axis permutation with signs, a quarter turn's
// half about z (exactly sqrt(1/2) entries, rounded), or a rotation from a
// quaternion of grid values normalized in doubles (validate() decides).
OBB make_obb(np_fuzz::MeshCase& c) {
  OBB box;
  box.center = c.point();
  const double s = c.scale();
  box.half_size = {s * c.b.byte() / 32, s * c.b.byte() / 32,
                   s * c.b.byte() / 32};
  const int kind = c.b.byte() % 4;
  if (kind == 0) {
    box.axis[0] = {1, 0, 0};
    box.axis[1] = {0, 1, 0};
    box.axis[2] = {0, 0, 1};
  } else if (kind == 1) {
    box.axis[0] = {0, -1, 0};
    box.axis[1] = {0, 0, 1};
    box.axis[2] = {-1, 0, 0};
  } else if (kind == 2) {
    const double h = std::sqrt(0.5);
    box.axis[0] = {h, h, 0};
    box.axis[1] = {-h, h, 0};
    box.axis[2] = {0, 0, 1};
  } else {
    double w = c.b.s8(), x = c.b.s8(), y = c.b.s8(), z = c.b.s8();
    double n = std::sqrt(w * w + x * x + y * y + z * z);
    if (n == 0) w = n = 1;
    w /= n, x /= n, y /= n, z /= n;
    box.axis[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
                   2 * (x * z - w * y)};
    box.axis[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z),
                   2 * (y * z + w * x)};
    box.axis[2] = {2 * (x * z + w * y), 2 * (y * z - w * x),
                   1 - 2 * (x * x + y * y)};
  }
  note_vec("obb center", box.center);
  note_vec("obb half_size", box.half_size);
  for (int i = 0; i < 3; ++i) note_vec("obb axis", box.axis[i]);
  return box;
}

// ---- mesh_overlap

template <class Shape, class Single>
std::vector<uint32_t> brute_in(const np_fuzz::MeshCase& c, const Shape& shape,
                               Single single) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < c.triangles.size(); ++i)
    if (single(shape, c.triangles[i])) out.push_back(static_cast<uint32_t>(i));
  return out;
}

void compare_sets(const char* what, const std::vector<uint32_t>& got,
                  const std::vector<uint32_t>& want, bool any) {
  count("triangles_in non-empty", !want.empty());
  if (got != want)
    fail("mesh_overlap", "triangles_in_%s: { %s}, brute force { %s}", what,
         list(got).c_str(), list(want).c_str());
  if (any != !want.empty())
    fail("mesh_overlap", "overlap_%s = %d, brute force touches %zu triangles",
         what, any, want.size());
}

void check_overlap(np_fuzz::MeshCase& c, const np::Mesh& m) {
  std::vector<uint32_t> got;
  switch (c.b.byte() % 4) {
    case 0: {
      const Sphere s = make_sphere(c);
      if (!np::validate(s).ok()) return;
      m.triangles_in_sphere(s, &got);
      compare_sets("sphere", got, brute_in(c, s, np::overlap_sphere_triangle),
                   m.overlap_sphere(s));
      break;
    }
    case 1: {
      const Capsule cap = make_capsule(c);
      if (!np::validate(cap).ok()) return;
      m.triangles_in_capsule(cap, &got);
      compare_sets("capsule", got,
                   brute_in(c, cap, np::overlap_capsule_triangle),
                   m.overlap_capsule(cap));
      break;
    }
    case 2: {
      const AABB box = make_aabb(c);
      if (!np::validate(box).ok()) return;
      m.triangles_in_aabb(box, &got);
      compare_sets("aabb", got, brute_in(c, box, np::overlap_aabb_triangle),
                   m.overlap_aabb(box));
      break;
    }
    default: {
      const OBB box = make_obb(c);
      if (!np::validate(box).ok()) return;
      m.triangles_in_obb(box, &got);
      compare_sets("obb", got, brute_in(c, box, np::overlap_obb_triangle),
                   m.overlap_obb(box));
      break;
    }
  }
}

// ---- mesh_cast

template <class Single>
void compare_cast(const char* what, const np_fuzz::MeshCase& c, bool g,
                  const np::MeshShapeCastHit& got, Single single) {
  bool w = false;
  np::MeshShapeCastHit want;
  for (size_t i = 0; i < c.triangles.size(); ++i) {
    np::ShapeCastHit h;
    const bool hit = single(c.triangles[i], &h);
    count("cast tie", hit && w && h.fraction == want.hit.fraction);
    if (hit && (!w || h.fraction < want.hit.fraction)) {
      want.hit = h;
      want.triangle = static_cast<uint32_t>(i);
      w = true;
    }
  }
  count("cast hit", w);
  count("cast started", w && want.hit.started_overlapping);
  if (g != w)
    fail("mesh_cast", "%s %s, brute force %s", what, g ? "hit" : "missed",
         w ? ("hit triangle " + std::to_string(want.triangle)).c_str()
           : "missed");
  if (g && (got.triangle != want.triangle || !same(got.hit, want.hit)))
    fail("mesh_cast",
         "%s: triangle %u fraction %a started %d normal (%a, %a, %a); brute "
         "force triangle %u fraction %a started %d normal (%a, %a, %a)",
         what, got.triangle, got.hit.fraction, got.hit.started_overlapping,
         got.hit.normal.x, got.hit.normal.y, got.hit.normal.z, want.triangle,
         want.hit.fraction, want.hit.started_overlapping, want.hit.normal.x,
         want.hit.normal.y, want.hit.normal.z);
}

void check_cast(np_fuzz::MeshCase& c, const np::Mesh& m) {
  if (c.b.byte() % 2 == 0) {
    const Vec3 start = c.point();
    const Vec3 end = start + c.direction(start);
    const double r = c.radius();
    note_vec("sphere cast start", start);
    note_vec("sphere cast end", end);
    note("  radius = %a\n", r);
    num(r);
    if (!finite(end)) return;
    np::MeshShapeCastHit got;
    const bool g = m.sphere_cast(start, end, r, &got);
    compare_cast("sphere_cast", c, g, got,
                 [&](const Triangle& t, np::ShapeCastHit* h) {
                   return np::sphere_cast_triangle(start, end, r, t, h);
                 });
  } else {
    const Capsule cap = make_capsule(c);
    const Vec3 mid = cap.start + (cap.end - cap.start) / 2;
    const Vec3 translation = c.direction(mid);
    note_vec("translation", translation);
    if (!np::validate(cap).ok() || !finite(cap.start + translation) ||
        !finite(cap.end + translation))
      return;
    np::MeshShapeCastHit got;
    const bool g = m.capsule_cast(cap, translation, &got);
    compare_cast("capsule_cast", c, g, got,
                 [&](const Triangle& t, np::ShapeCastHit* h) {
                   return np::capsule_cast_triangle(cap, translation, t, h);
                 });
  }
}

// ---- mesh_contacts

template <class Shape, class Single, class Overlap>
void compare_contacts(const char* what, const np_fuzz::MeshCase& c,
                      const np::Mesh& m, const Shape& shape,
                      const std::vector<np::MeshContact>& got, Single single,
                      Overlap overlap) {
  const char* q = "mesh_contacts";
  std::vector<uint32_t> ids;
  for (const np::MeshContact& k : got) ids.push_back(k.triangle);
  const std::vector<uint32_t> want = brute_in(c, shape, overlap);
  if (ids != want)
    fail(q, "contacts_%s on triangles { %s}, brute force overlap { %s}", what,
         list(ids).c_str(), list(want).c_str());
  for (const np::MeshContact& k : got) {
    count("contacts");
    const Triangle& t = c.triangles[k.triangle];
    const np::ContactHit& h = k.hit;
    np::ContactHit s;
    if (!single(shape, t, &s))
      fail(q, "contacts_%s: triangle %u touches, but the single call says no",
           what, k.triangle);
    if (!std::isfinite(h.depth) || !finite(h.normal) || !finite(h.point_a) ||
        !finite(h.point_b))
      fail(q, "contacts_%s: triangle %u's contact is not finite (depth %a)",
           what, k.triangle, h.depth);
    if (!(h.depth >= 0))
      fail(q, "contacts_%s: triangle %u depth %a < 0", what, k.triangle,
           h.depth);
    const L len = std::sqrt(static_cast<L>(h.normal.x) * h.normal.x +
                            static_cast<L>(h.normal.y) * h.normal.y +
                            static_cast<L>(h.normal.z) * h.normal.z);
    if (!(std::fabs(len - 1) <= kUnitTol))
      fail(q, "contacts_%s: triangle %u's normal is not unit: |n| - 1 = %Lg",
           what, k.triangle, len - 1);
    if (same(h, s)) continue;
    count("contact replaced");
    if (m.active_edges(k.triangle) == 7 && m.active_vertices(k.triangle) == 7)
      fail(q,
           "contacts_%s: triangle %u has every edge and corner active, but its "
           "contact (depth %a, normal (%a, %a, %a)) is not the single call's "
           "(depth %a, normal (%a, %a, %a))",
           what, k.triangle, h.depth, h.normal.x, h.normal.y, h.normal.z,
           s.depth, s.normal.x, s.normal.y, s.normal.z);
    // A replaced contact: the face normal (either side).
    const L ux = static_cast<L>(t.b.x) - t.a.x,
            uy = static_cast<L>(t.b.y) - t.a.y,
            uz = static_cast<L>(t.b.z) - t.a.z;
    const L vx = static_cast<L>(t.c.x) - t.a.x,
            vy = static_cast<L>(t.c.y) - t.a.y,
            vz = static_cast<L>(t.c.z) - t.a.z;
    const L fx = uy * vz - uz * vy, fy = uz * vx - ux * vz,
            fz = ux * vy - uy * vx;
    const L fl = std::sqrt(fx * fx + fy * fy + fz * fz);
    const L cx = (h.normal.y * fz - h.normal.z * fy) / fl,
            cy = (h.normal.z * fx - h.normal.x * fz) / fl,
            cz = (h.normal.x * fy - h.normal.y * fx) / fl;
    const L sine = std::sqrt(cx * cx + cy * cy + cz * cz);
    if (!(fl > 0) || !(sine <= np::kMeshFaceContactSine))
      fail(
          q,
          "contacts_%s: triangle %u's contact is neither the single call's nor "
          "a face contact (sine to the face normal %Lg; normal (%a, %a, %a), "
          "single call's (%a, %a, %a))",
          what, k.triangle, sine, h.normal.x, h.normal.y, h.normal.z,
          s.normal.x, s.normal.y, s.normal.z);
  }
}

void check_contacts(np_fuzz::MeshCase& c, const np::Mesh& m) {
  std::vector<np::MeshContact> got;
  if (c.b.byte() % 2 == 0) {
    const Sphere s = make_sphere(c);
    if (!np::validate(s).ok()) return;
    m.contacts_sphere(s, &got);
    compare_contacts("sphere", c, m, s, got, np::contact_sphere_triangle,
                     np::overlap_sphere_triangle);
  } else {
    const Capsule cap = make_capsule(c);
    if (!np::validate(cap).ok()) return;
    m.contacts_capsule(cap, &got);
    compare_contacts("capsule", c, m, cap, got, np::contact_capsule_triangle,
                     np::overlap_capsule_triangle);
  }
}

// ---- tree

AABB make_box(np_fuzz::MeshCase& c, const std::vector<AABB>& boxes) {
  const int kind = c.b.byte() % 8;
  if (kind == 7 && !boxes.empty()) return boxes[c.b.byte() % boxes.size()];
  const Vec3 p = c.grid_point(c.scale(), 4);
  const double s = c.scale();
  const Vec3 size = kind == 6 ? Vec3{0, 0, 0}
                              : Vec3{s * c.b.byte() / 16, s * c.b.byte() / 16,
                                     s * c.b.byte() / 16};
  AABB box{p, p + size};
  if (!finite(box.max)) box.max = box.min;
  return box;
}

void check_tree(np_fuzz::MeshCase& c) {
  const char* q = "tree";
  std::vector<AABB> boxes;
  const int n = c.b.byte() % 49;
  for (int i = 0; i < n; ++i) boxes.push_back(make_box(c, boxes));
  auto flat = [&]() {
    std::vector<double> out;
    for (const AABB& b : boxes)
      out.insert(out.end(),
                 {b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z});
    return out;
  };
  auto note_boxes = [&](const char* when) {
    note("  boxes %s:\n", when);
    for (size_t i = 0; i < boxes.size(); ++i) {
      for (Vec3 v : {boxes[i].min, boxes[i].max}) num(v.x), num(v.y), num(v.z);
      note("  b%zu: (%a, %a, %a) (%a, %a, %a)\n", i, boxes[i].min.x,
           boxes[i].min.y, boxes[i].min.z, boxes[i].max.x, boxes[i].max.y,
           boxes[i].max.z);
    }
  };
  note_boxes("built");
  std::vector<double> data = flat();
  if (np::first_invalid_box(data.data(), boxes.size()) != boxes.size())
    fail(q, "the generator made an invalid box: a bug in mesh_case.h");
  np::AABBTree tree(data.data(), boxes.size());
  // Triangles for point(): none, so points are grid points.
  const int ops = 1 + c.b.byte() % 12;
  for (int op = 0; op < ops; ++op) {
    const int kind = c.b.byte() % 5;
    if (kind == 0 && !boxes.empty()) {
      const uint32_t i = c.b.byte() % boxes.size();
      boxes[i] = make_box(c, boxes);
      for (Vec3 v : {boxes[i].min, boxes[i].max}) num(v.x), num(v.y), num(v.z);
      note("  update(%u, (%a, %a, %a) (%a, %a, %a))\n", i, boxes[i].min.x,
           boxes[i].min.y, boxes[i].min.z, boxes[i].max.x, boxes[i].max.y,
           boxes[i].max.z);
      tree.update(i, boxes[i]);
    } else if (kind == 1) {
      const int keep = c.b.byte();
      for (size_t i = 0; i < boxes.size(); ++i)
        if ((keep >> (i % 8) & 1) == 0) boxes[i] = make_box(c, boxes);
      note_boxes("after update_all");
      data = flat();
      tree.update_all(data.data());
    } else if (kind == 2) {
      const Vec3 o = c.point();
      const Vec3 d = c.direction(o);
      const int k = c.b.byte();
      const double max_distance = k % 2 == 0 ? INFINITY : c.radius() * 4;
      note_vec("ray origin", o);
      note_vec("ray direction", d);
      note("  max_distance = %a\n", max_distance);
      num(max_distance);
      const Ray ray{o, d};
      np::TreeRayHit got;
      const bool g = tree.raycast(ray, max_distance, &got);
      bool w = false;
      np::TreeRayHit want;
      for (size_t i = 0; i < boxes.size(); ++i) {
        np::RayHit h;
        const bool hit = np::raycast_aabb(ray, boxes[i], max_distance, &h);
        count("tree raycast tie", hit && w && h.distance == want.hit.distance);
        if (hit && (!w || h.distance < want.hit.distance)) {
          want.hit = h;
          want.index = static_cast<uint32_t>(i);
          w = true;
        }
      }
      count("tree raycast hit", w);
      if (g != w)
        fail(q, "raycast %s, brute force %s", g ? "hit" : "missed",
             w ? "hit" : "missed");
      if (g && (got.index != want.index || !same(got.hit, want.hit)))
        fail(q, "raycast: box %u distance %a, brute force box %u distance %a",
             got.index, got.hit.distance, want.index, want.hit.distance);
    } else if (kind == 3) {
      const AABB box = make_aabb(c);
      std::vector<uint32_t> got, want;
      tree.boxes_in_aabb(box, &got);
      for (size_t i = 0; i < boxes.size(); ++i)
        if (np::overlap_aabb_aabb(box, boxes[i]))
          want.push_back(static_cast<uint32_t>(i));
      count("tree boxes_in non-empty", !want.empty());
      if (got != want)
        fail(q, "boxes_in_aabb: { %s}, brute force { %s}", list(got).c_str(),
             list(want).c_str());
    } else if (kind == 4) {
      const Sphere s = make_sphere(c);
      std::vector<uint32_t> got, want;
      tree.boxes_in_sphere(s, &got);
      for (size_t i = 0; i < boxes.size(); ++i)
        if (np::overlap_sphere_aabb(s, boxes[i]))
          want.push_back(static_cast<uint32_t>(i));
      count("tree boxes_in non-empty", !want.empty());
      if (got != want)
        fail(q, "boxes_in_sphere: { %s}, brute force { %s}", list(got).c_str(),
             list(want).c_str());
    }
  }
  for (size_t i = 0; i < boxes.size(); ++i) {
    const AABB b = tree.box(static_cast<uint32_t>(i));
    if (!same(b.min, boxes[i].min) || !same(b.max, boxes[i].max))
      fail(q, "box(%zu) is not the box last given", i);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* l = std::getenv("NP_FUZZ_LIST");
      l && *l && std::strcmp(l, "0") != 0) {
    for (const char* name : kQueries) std::printf("%s\n", name);
    std::exit(0);
  }
  g_print = std::getenv("NP_FUZZ_PRINT") != nullptr;
  if (std::getenv("NP_FUZZ_STATS") != nullptr) std::atexit(print_stats);
  if (const char* name = std::getenv("NP_FUZZ_QUERY"); name && *name) {
    for (int i = 0; i < kQueryCount; ++i)
      if (std::strcmp(name, kQueries[i]) == 0) g_pinned = i;
    if (g_pinned < 0) {
      std::fprintf(
          stderr,
          "np fuzz: NP_FUZZ_QUERY=%s is not a mesh query (NP_FUZZ_LIST=1 "
          "lists them)\n",
          name);
      std::exit(2);
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  np_fuzz::MeshCase c(data, size);
  const int selector = c.b.byte() % kQueryCount;
  const int which = g_pinned >= 0 ? g_pinned : selector;
  g_case.clear();
  g_numbers.clear();
  count("cases");
  try {
    c.header();
    if (which == 4) {
      note("  tree: scale %s, offset %a\n",
           c.mixed() ? "mixed"
                     : std::to_string(np_fuzz::kScales[c.scale_index]).c_str(),
           c.offset);
      check_tree(c);
    } else {
      c.mesh();
      note_mesh(c);
      const np::Mesh m(
          c.positions.data(),
          c.vertices.size() > 0 && c.unindexed ? c.positions.size() / 3
                                               : c.vertices.size(),
          c.unindexed ? nullptr : c.indices.data(), c.triangles.size());
      if (m.triangle_count() != c.triangles.size())
        fail(kQueries[which], "triangle_count %zu, given %zu",
             m.triangle_count(), c.triangles.size());
      for (size_t i = 0; i < c.triangles.size(); ++i) {
        const Triangle t = m.triangle(static_cast<uint32_t>(i));
        if (!same(t.a, c.triangles[i].a) || !same(t.b, c.triangles[i].b) ||
            !same(t.c, c.triangles[i].c))
          fail(kQueries[which], "triangle(%zu) is not the triangle given", i);
      }
      switch (which) {
        case 0:
          check_ray(c, m);
          break;
        case 1:
          check_overlap(c, m);
          break;
        case 2:
          check_cast(c, m);
          break;
        default:
          check_contacts(c, m);
          break;
      }
    }
  } catch (const OutsideContract&) {
    count("mismatch outside contract");
    if (g_print)
      std::fprintf(stderr, "np fuzz %s: a mismatch outside the contract\n",
                   kQueries[which]);
  }
  if (g_print)
    std::fprintf(stderr, "np fuzz %s:\n%s", kQueries[which], g_case.c_str());
  return 0;
}
