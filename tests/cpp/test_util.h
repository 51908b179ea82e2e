// Helpers shared by the GoogleTest suites.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>

#include "narrowphase/closest_point.h"
#include "narrowphase/types.h"

namespace np_test {

/// The vector with `v` on `axis` (0 = x, 1 = y, 2 = z) and 0 elsewhere.
inline np::Vec3 axis_value(int axis, double v) {
  np::Vec3 r{0.0, 0.0, 0.0};
  np::set(r, axis, v);
  return r;
}

/// A separating axis as the tests index and compare it: the axis, or -1 for
/// none.
inline int axis_index(std::optional<int> axis) { return axis ? *axis : -1; }

/// Bit-for-bit equality: tells -0 from +0 and compares NaNs by payload.
inline bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

/// Component-wise EXPECT_EQ for Vec3 (so 0 == -0), with both vectors in the
/// failure message. Use with EXPECT_PRED_FORMAT2(VecEq, actual, expected).
inline ::testing::AssertionResult VecEq(const char* actual_expr,
                                        const char* expected_expr,
                                        np::Vec3 actual, np::Vec3 expected) {
  if (actual.x == expected.x && actual.y == expected.y &&
      actual.z == expected.z) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << actual_expr << " = (" << actual.x << ", " << actual.y << ", "
         << actual.z << "), expected " << expected_expr << " = (" << expected.x
         << ", " << expected.y << ", " << expected.z << ")";
}

/// Normals never carry -0 (the project's convention): a zero component is +0.
/// Use with EXPECT_PRED_FORMAT1.
inline ::testing::AssertionResult HasNoNegativeZero(const char* expr,
                                                    np::Vec3 v) {
  for (int i = 0; i < 3; ++i) {
    if (np::get(v, i) == 0.0 && std::signbit(np::get(v, i))) {
      return ::testing::AssertionFailure()
             << expr << " has -0 in component " << i;
    }
  }
  return ::testing::AssertionSuccess();
}

using np::OBB;
using np::Vec3;

// ---- Configurations over axes, signs and scales, and seeded random shapes
// (the contact, sphere-cast and sphere/plane overlap suites) ----

// v with its components permuted by perm and each multiplied by the matching
// sign (+-1) and by s (a power of two: exact).
inline Vec3 map(Vec3 v, const std::array<int, 3>& perm, Vec3 sign,
                double s = 1.0) {
  Vec3 r{0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i)
    np::set(r, perm[i], np::get(v, i) * np::get(sign, perm[i]) * s);
  return r;
}

// A direction mapped the same way (no scale).
inline Vec3 map_dir(Vec3 v, const std::array<int, 3>& perm, Vec3 sign) {
  return map(v, perm, sign, 1.0);
}

// Every sign pattern of the three axes.
inline std::array<Vec3, 8> signs() {
  std::array<Vec3, 8> out{};
  for (int k = 0; k < 8; ++k)
    out[k] = {k & 1 ? -1.0 : 1.0, k & 2 ? -1.0 : 1.0, k & 4 ? -1.0 : 1.0};
  return out;
}

// Scales at which the suites' 3-4-5 configurations stay exact: every number
// is a small integer times 2^k (at 2^-1070 the smallest, 1/2, is 2^-1071 and
// the squares underflow: the exact path decides).
inline constexpr double kScales[] = {0x1p-1070, 0x1p-1000, 0x1p-540, 0x1p-30,
                                     1.0,       0x1p30,    0x1p500,  0x1p1000};

inline OBB identity_obb(Vec3 center, Vec3 half) {
  return {center, half, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
}

// A uniformly random rotation (a normalized 4D Gaussian quaternion), columns
// orthonormal to a few ulps.
inline void random_rotation(std::mt19937_64& rng, Vec3 axis[3]) {
  std::normal_distribution<double> g(0.0, 1.0);
  double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
  const double n = std::sqrt(w * w + x * x + y * y + z * z);
  w /= n, x /= n, y /= n, z /= n;
  axis[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
  axis[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
  axis[2] = {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
}

inline Vec3 random_vec(std::mt19937_64& rng, double spread) {
  std::uniform_real_distribution<double> u(-spread, spread);
  return {u(rng), u(rng), u(rng)};
}

// The distance from a point to each shape (0 inside or on it), one name for
// the seeded properties over every shape.
inline double gap(Vec3 p, const np::Sphere& b) {
  return np::distance_point_sphere(p, b);
}
inline double gap(Vec3 p, const np::Capsule& b) {
  return np::distance_point_capsule(p, b);
}
inline double gap(Vec3 p, const np::AABB& b) {
  return np::distance_point_aabb(p, b);
}
inline double gap(Vec3 p, const np::OBB& b) {
  return np::distance_point_obb(p, b);
}
inline double gap(Vec3 p, const np::Triangle& b) {
  return np::distance_point_triangle(p, b);
}
inline double gap(Vec3 p, const np::Plane& b) {
  return np::distance_point_plane(p, b);
}

// ---- The contact suites ----

inline const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

inline bool same_vec(Vec3 a, Vec3 b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}
inline bool same_hit(const np::ContactHit& a, const np::ContactHit& b) {
  return a.depth == b.depth && same_vec(a.normal, b.normal) &&
         same_vec(a.point_a, b.point_a) && same_vec(a.point_b, b.point_b);
}

/// The points lie within tol of each other (Euclidean), both in the message.
inline ::testing::AssertionResult Near3(Vec3 a, Vec3 b, double tol) {
  const double d = np::length(a - b);
  if (d <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", "
         << b.y << ", " << b.z << "): " << d << " apart, tol " << tol;
}

/// The box [lo, hi] (any corners) mapped by map(): its bounds sorted again.
inline np::AABB map_box(Vec3 lo, Vec3 hi, const std::array<int, 3>& perm,
                        Vec3 sign, double s = 1.0) {
  const Vec3 a = map(lo, perm, sign, s), b = map(hi, perm, sign, s);
  return {{std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z)},
          {std::fmax(a.x, b.x), std::fmax(a.y, b.y), std::fmax(a.z, b.z)}};
}

}  // namespace np_test
