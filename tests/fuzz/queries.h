// narrowphase fuzzing: the table of every flat export, made from
// cpp/include/narrowphase/queries.def, the one declaration of every query
// (flat.h declares np_<jsName> for each of its lines, and only those).
//
// Each entry is a query's function, its result kind and its input layout as a
// list of argument kinds. Both harnesses (fuzz_raw.cpp, fuzz_valid.cpp) and
// every check are driven by this table alone:
//   - an argument kind (kinds.h) knows its size in io, its validator
//   (np::validate*), how to generate valid
//     near-boundary values of it, and, for a shape, reference geometry in long
//     double (distance, containment, which normals are right at a surface
//     point);
//   - a result kind (checks.cpp) knows its output layout in io and checks the
//   invariants of
//     /work/shared/EDGE_CASES.md ("Invariants") for any query of that kind,
//     whatever shape it is about.
// So a query added to queries.def is fuzzed with no change here. A line with an
// argument kind or a result this file does not know fails to compile below (add
// the kind to `Arg` and its row to kinds.cpp, or the result to `Result` and its
// check to checks.cpp); a known result over arguments its checks cannot read
// stops the harnesses at startup with the query's name (checks.cpp,
// init_selection).
#pragma once

#include <cstdint>

#include "narrowphase/flat.h"

namespace np_fuzz {

/// The kinds of input argument, each a fixed number of doubles in io (sizes in
/// kinds.cpp).
enum Arg : uint8_t {
  kNone = 0,     // end of an argument list
  kVec3,         // 3: a point, a segment end point [x, y, z]
  kAABB,         // 6: [min.xyz, max.xyz]
  kSphere,       // 4: [center.xyz, radius]
  kOBB,          // 15: [center.xyz, half_size.xyz, rotation 0..8 column-major]
  kRay,          // 6: [origin.xyz, direction.xyz], direction non-zero
  kRadius,       // 1: a length >= 0, finite (validate_radius)
  kMaxDistance,  // 1: >= 0, +infinity allowed (validate_max_distance)
  kSegment,      // 6: [start.xyz, end.xyz]
  kCapsule,      // 7: [start.xyz, end.xyz, radius]
  kTriangle,     // 9: [a.xyz, b.xyz, c.xyz]
  kPlane,        // 4: [normal.xyz (non-zero), constant]
  kArgKindCount
};

/// The kinds of result. Each fixes the output layout in io and the return value
/// (flat.h):
enum class Result : uint8_t {
  kClosestPoint,  // point (vec3 p, shape S): returns 0, io[0..2] = the point of
                  // S nearest to p
  kDistance,      // distance (vec3 p, shape S): returns 0, io[0] = the distance
                  // from p to S
  kSignedDistance,  // signedDistance (vec3 p, plane P): returns 0, io[0] = the
                    // distance, negative behind the plane
  kOverlap,         // boolean (shape A, shape B): returns 1 / 0
  kObbAxis,    // axis (obb a, obb b): returns 1 + the first separating axis
               // 0..14, or 0 on overlap
  kRayHit,     // rayHit (ray, shape, max distance) or (vec3 start, vec3 end,
               // shape): returns 1 / 0; on a hit
               //   io[0] = distance, io[1..3] = point, io[4..6] = normal
  kShapeCast,  // shapeCastHit (vec3 start, vec3 end, radius, shape): returns 1
               // / 0; on a hit io[0] = distance,
               //   io[1] = fraction, io[2..4] = center, io[5..7] = point,
               //   io[8..10] = normal, io[11] = started
  kClosestPoints,  // closestPoints (segment a, segment b): returns 0; io[0] =
                   // distance, io[1..3] = point on a, io[4..6] = point on b
  kContact,        // contactHit (sphere a, shape b): returns 1 / 0; on a
                   // contact io[0] = depth, io[1..3] = normal, io[4..6] =
                   // pointA, io[7..9] = pointB
  kResultKindCount
};

inline constexpr int kMaxArgs = 6;

struct Query {
  const char* name;  // the flat export's name, np_<jsName>
  int (*fn)(double* io);
  Result result;
  Arg args[kMaxArgs];  // in io order, kNone-terminated
};

/// The names queries.def uses for kinds and results.
namespace def {
inline constexpr Arg vec3 = kVec3, aabb = kAABB, sphere = kSphere, obb = kOBB,
                     ray = kRay, radius = kRadius, maxDistance = kMaxDistance,
                     segment = kSegment, capsule = kCapsule,
                     triangle = kTriangle, plane = kPlane;
inline constexpr Result point = Result::kClosestPoint,
                        distance = Result::kDistance,
                        signedDistance = Result::kSignedDistance,
                        boolean = Result::kOverlap, axis = Result::kObbAxis,
                        rayHit = Result::kRayHit,
                        shapeCastHit = Result::kShapeCast,
                        closestPoints = Result::kClosestPoints,
                        contactHit = Result::kContact;

// One entry per line of queries.def.
inline constexpr Query kQueries[] = {
#define NP_QUERY(js, fn, result, names, ...) \
  Query{"np_" #js, &np_##js, result, {__VA_ARGS__}},
#include "narrowphase/queries.def"
#undef NP_QUERY
};
}  // namespace def

using def::kQueries;
inline constexpr int kQueryCount =
    static_cast<int>(sizeof kQueries / sizeof kQueries[0]);

constexpr bool same_name(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}
/// Whether the table has a query of this name (compile time: see
/// queries_check.cpp).
constexpr bool in_table(const char* name) {
  for (const Query& q : kQueries) {
    if (same_name(q.name, name)) return true;
  }
  return false;
}

}  // namespace np_fuzz
