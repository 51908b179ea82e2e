// narrowphase: which inputs the queries accept.
//
// Every query assumes valid input; these checks are what the bindings run
// before calling one. A problem is reported with the index of the offending
// number in the shape's flat layout:
//   Vec3    [x, y, z]
//   AABB    [min.x, min.y, min.z, max.x, max.y, max.z]
//   Sphere  [center.x, center.y, center.z, radius]
//   OBB     [center.xyz, half_size.xyz, rotation 0..8 (column-major:
//   axis[0].xyz, axis[1].xyz, axis[2].xyz)]
//   Ray      [origin.xyz, direction.xyz]
//   Segment  [start.xyz, end.xyz]
//   Capsule  [start.xyz, end.xyz, radius]
//   Triangle [a.xyz, b.xyz, c.xyz]
//   Plane    [normal.xyz, constant]
#pragma once

#include "narrowphase/types.h"

namespace np {

/// Every problem the checks report, with the name it has in JS (the bindings
/// export the names, in this order, so that a new problem reaches the JS
/// layer's messages by name): P(enumerator, "jsName").
#define NP_PROBLEMS(P)                                                         \
  P(kNone, "none")                                                             \
  P(kNotFinite, "notFinite") /* NaN or +-infinity */                           \
  P(kNegative, "negative") /* a negative radius, half size or max distance */  \
  P(kInverted,                                                                 \
    "inverted") /* min > max on an axis (component = the min's index) */       \
  P(kZeroDirection, "zeroDirection") /* a ray direction of length 0 (component \
                                        = direction.x's index) */              \
  P(kNotOrthonormal,                                                           \
    "notOrthonormal")          /* an OBB rotation off by more than             \
                                  kOrthonormalTolerance (rotation 0) */        \
  P(kZeroNormal, "zeroNormal") /* a plane normal of length 0 (component =      \
                                  normal.x's index) */

enum class Problem : int {
#define NP_PROBLEM_ENUMERATOR(name, js) name,
  NP_PROBLEMS(NP_PROBLEM_ENUMERATOR)
#undef NP_PROBLEM_ENUMERATOR
};

struct Validity {
  Problem problem;
  int component;  // index into the flat layout above; -1 when problem is kNone
  bool ok() const { return problem == Problem::kNone; }
};

inline constexpr Validity kValid{Problem::kNone, -1};

Validity validate(Vec3 v);
Validity validate(const AABB& box);
Validity validate(const Sphere& sphere);
Validity validate(const OBB& obb);
Validity validate(const Ray& ray);
Validity validate(const Segment& segment);
Validity validate(const Capsule& capsule);
Validity validate(const Triangle& triangle);
Validity validate(const Plane& plane);
/// A sphere cast's or capsule's radius, or any other length: finite and >= 0.
Validity validate_radius(double radius);
/// A ray's max distance: >= 0; +infinity is allowed.
Validity validate_max_distance(double max_distance);

}  // namespace np
