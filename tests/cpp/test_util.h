// Helpers shared by the GoogleTest suites.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <optional>

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

}  // namespace np_test
