#include "narrowphase/validate.h"

#include <cmath>

#include "narrowphase/tolerances.h"

namespace np {

namespace {

// True when every value is finite, without a branch per value: x * 0 is 0 for
// finite x and NaN for NaN or
// +-infinity, and a NaN anywhere poisons the sum. Four partial sums keep the
// additions off one serial dependency chain. This keeps the common case (valid
// input) cheap; only when it fails does `finite` below look for the first
// offending index.
bool all_finite(const double* values, int n) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += values[i] * 0.0;
    s1 += values[i + 1] * 0.0;
    s2 += values[i + 2] * 0.0;
    s3 += values[i + 3] * 0.0;
  }
  for (; i < n; ++i) s0 += values[i] * 0.0;
  return (s0 + s1) + (s2 + s3) == 0.0;
}

// The first non-finite number among n, at flat indices offset..offset + n - 1.
Validity finite(const double* values, int n, int offset = 0) {
  if (all_finite(values, n)) return kValid;
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(values[i])) return {Problem::kNotFinite, offset + i};
  }
  return kValid;
}

}  // namespace

Validity validate(Vec3 v) {
  const double f[3] = {v.x, v.y, v.z};
  return finite(f, 3);
}

Validity validate(const AABB& box) {
  const double f[6] = {box.min.x, box.min.y, box.min.z,
                       box.max.x, box.max.y, box.max.z};
  if (Validity v = finite(f, 6); !v.ok()) return v;
  for (int i = 0; i < 3; ++i) {
    if (f[i] > f[3 + i]) return {Problem::kInverted, i};
  }
  return kValid;
}

Validity validate(const Sphere& sphere) {
  const double f[4] = {sphere.center.x, sphere.center.y, sphere.center.z,
                       sphere.radius};
  if (Validity v = finite(f, 4); !v.ok()) return v;
  if (sphere.radius < 0.0) return {Problem::kNegative, 3};
  return kValid;
}

Validity validate(const OBB& obb) {
  const double f[15] = {obb.center.x,    obb.center.y,    obb.center.z,
                        obb.half_size.x, obb.half_size.y, obb.half_size.z,
                        obb.axis[0].x,   obb.axis[0].y,   obb.axis[0].z,
                        obb.axis[1].x,   obb.axis[1].y,   obb.axis[1].z,
                        obb.axis[2].x,   obb.axis[2].y,   obb.axis[2].z};
  if (Validity v = finite(f, 15); !v.ok()) return v;
  for (int i = 0; i < 3; ++i) {
    if (f[3 + i] < 0.0) return {Problem::kNegative, 3 + i};
  }
  // Columns unit length and mutually perpendicular: |c_i . c_j - delta_ij| <=
  // tolerance for i <= j.
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const double expected = i == j ? 1.0 : 0.0;
      if (!(std::fabs(dot(obb.axis[i], obb.axis[j]) - expected) <=
            kOrthonormalTolerance)) {
        return {Problem::kNotOrthonormal, 6};
      }
    }
  }
  return kValid;
}

Validity validate(const Ray& ray) {
  const double f[6] = {ray.origin.x,    ray.origin.y,    ray.origin.z,
                       ray.direction.x, ray.direction.y, ray.direction.z};
  if (Validity v = finite(f, 6); !v.ok()) return v;
  // Any non-zero length will do (raycast_aabb rescales extreme ones); -0
  // components are zero.
  if (ray.direction.x == 0.0 && ray.direction.y == 0.0 &&
      ray.direction.z == 0.0) {
    return {Problem::kZeroDirection, 3};
  }
  return kValid;
}

Validity validate(const Segment& segment) {
  const double f[6] = {segment.start.x, segment.start.y, segment.start.z,
                       segment.end.x,   segment.end.y,   segment.end.z};
  return finite(f, 6);
}

Validity validate(const Capsule& capsule) {
  const double f[7] = {capsule.start.x, capsule.start.y, capsule.start.z,
                       capsule.end.x,   capsule.end.y,   capsule.end.z,
                       capsule.radius};
  if (Validity v = finite(f, 7); !v.ok()) return v;
  if (capsule.radius < 0.0) return {Problem::kNegative, 6};
  return kValid;
}

Validity validate(const Triangle& triangle) {
  const double f[9] = {triangle.a.x, triangle.a.y, triangle.a.z,
                       triangle.b.x, triangle.b.y, triangle.b.z,
                       triangle.c.x, triangle.c.y, triangle.c.z};
  return finite(f, 9);
}

Validity validate(const Plane& plane) {
  const double f[4] = {plane.normal.x, plane.normal.y, plane.normal.z,
                       plane.constant};
  if (Validity v = finite(f, 4); !v.ok()) return v;
  // Any non-zero length will do (queries divide by |normal| where they need
  // Euclidean distances, rescaled at extreme magnitudes); -0 is zero.
  if (plane.normal.x == 0.0 && plane.normal.y == 0.0 && plane.normal.z == 0.0) {
    return {Problem::kZeroNormal, 0};
  }
  return kValid;
}

Validity validate_radius(double radius) {
  if (!std::isfinite(radius)) return {Problem::kNotFinite, 0};
  if (radius < 0.0) return {Problem::kNegative, 0};
  return kValid;
}

Validity validate_max_distance(double max_distance) {
  if (std::isnan(max_distance)) return {Problem::kNotFinite, 0};
  if (max_distance < 0.0) return {Problem::kNegative, 0};  // -infinity included
  return kValid;
}

}  // namespace np
