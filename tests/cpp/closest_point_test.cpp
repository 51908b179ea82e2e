// Tests of closest_point.h: the closest point of an AABB to a point (article
// 000), the per-axis overshoot and the point-box distance (article 001), and
// their flat C entry points. Every expected value here is exact: clamping, a
// difference of ordered doubles within a factor of two, and squares and square
// roots of small integers (3-4-5, 2-3-6-7) involve no rounding, so the
// assertions compare with EXPECT_EQ.
#include "narrowphase/closest_point.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "narrowphase/flat.h"
#include "narrowphase/overlap.h"
#include "test_util.h"

namespace {

using np_test::axis_value;
using np_test::same_bits;
using np_test::VecEq;

using np::AABB;
using np::Vec3;

const AABB kBox{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};

// Bit-for-bit equality (tells -0 from +0).
::testing::AssertionResult VecSameBits(const char* actual_expr,
                                       const char* expected_expr, Vec3 actual,
                                       Vec3 expected) {
  if (same_bits(actual.x, expected.x) && same_bits(actual.y, expected.y) &&
      same_bits(actual.z, expected.z)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << actual_expr << " and " << expected_expr << " differ in their bits";
}

// The six signed orderings of three values over the axes: perm[k] gets
// values[k].
const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Closest point
// ---------------------------------------------------------------------------------------------------------

TEST(ClosestPointOnAABB, PointInsideIsReturnedBitForBit) {
  // -0.0 included: "the point itself" means its bits too.
  const Vec3 points[] = {
      {0.25, -0.5, 0.75}, {0.0, -0.0, 0.0}, {-0.999, 0.999, 1e-300}};
  for (const Vec3& p : points) {
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_aabb(p, kBox), p);
  }
}

// Regression: the squared distance overflowed to inf beyond ~1e154 and
// underflowed to 0 below ~1e-154.
TEST(DistancePointAABB,
     HugeAndTinyDistancesAreExactWithoutOverflowOrUnderflow) {
  const AABB box{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
  const AABB below{{-1.0, -1.0, -1.0}, {0.0, 0.0, 0.0}};
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_EQ(np::distance_point_aabb(axis_value(axis, 1e200), box),
              1e200);  // 1e200 - 1 == 1e200
    EXPECT_EQ(np::distance_point_aabb(axis_value(axis, -1e300), box), 1e300);
    EXPECT_EQ(np::distance_point_aabb(axis_value(axis, 1e-200), below), 1e-200);
    EXPECT_EQ(np::distance_point_aabb(axis_value(axis, 4.9406564584124654e-324),
                                      below),
              4.9406564584124654e-324);
  }
}

TEST(ClosestPointOnAABB, PointOnEachFaceEdgeAndCornerIsItself) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      Vec3 on_face{0.25, -0.5, 0.75};
      np::set(on_face, i, s);
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_aabb(on_face, kBox),
                          on_face);
      Vec3 on_edge = on_face;
      np::set(on_edge, (i + 1) % 3, -s);
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_aabb(on_edge, kBox),
                          on_edge);
    }
  }
  for (double sx : {-1.0, 1.0}) {
    for (double sy : {-1.0, 1.0}) {
      for (double sz : {-1.0, 1.0}) {
        const Vec3 corner{sx, sy, sz};
        EXPECT_PRED_FORMAT2(VecSameBits,
                            np::closest_point_on_aabb(corner, kBox), corner);
      }
    }
  }
}

TEST(ClosestPointOnAABB, PointOutsideOneFaceProjectsOntoThatFace) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      Vec3 p{0.25, -0.5, 0.75};
      np::set(p, i, 3.0 * s);
      Vec3 expected = p;
      np::set(expected, i, s);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_aabb(p, kBox), expected);
    }
  }
}

TEST(ClosestPointOnAABB, PointBeyondAnEdgeOrCornerClampsEveryAxisItOvershoots) {
  for (const auto& perm : kPermutations) {
    for (double s0 : {-1.0, 1.0}) {
      for (double s1 : {-1.0, 1.0}) {
        // Beyond an edge: two axes overshoot, the third stays inside.
        Vec3 p{}, expected{};
        np::set(p, perm[0], s0 * 4.0);
        np::set(p, perm[1], s1 * 5.0);
        np::set(p, perm[2], 0.5);
        np::set(expected, perm[0], s0);
        np::set(expected, perm[1], s1);
        np::set(expected, perm[2], 0.5);
        EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_aabb(p, kBox),
                            expected);
      }
    }
  }
}

TEST(ClosestPointOnAABB, IsIdempotentAndLiesInTheBox) {
  const Vec3 points[] = {
      {3.0, -7.0, 0.5}, {-2.0, 0.0, 9.0}, {0.1, 0.2, 0.3}, {-5.0, -5.0, -5.0}};
  for (const Vec3& p : points) {
    const Vec3 c = np::closest_point_on_aabb(p, kBox);
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_aabb(c, kBox), c);
    EXPECT_EQ(np::distance_point_aabb(c, kBox), 0.0);
  }
}

TEST(ClosestPointOnAABB, BoxWithMinEqualToMaxIsAPointBox) {
  const AABB point_box{{1.0, 2.0, 3.0}, {1.0, 2.0, 3.0}};
  EXPECT_PRED_FORMAT2(VecEq,
                      np::closest_point_on_aabb({4.0, -6.0, 8.0}, point_box),
                      (Vec3{1.0, 2.0, 3.0}));
  EXPECT_EQ(np::distance_point_aabb({1.0 + 3.0, 2.0 + 4.0, 3.0}, point_box),
            5.0);
  EXPECT_EQ(np::distance_point_aabb({1.0, 2.0, 3.0}, point_box), 0.0);
  // A flat box (one axis degenerate) clamps that axis to its single value.
  const AABB flat{{-1.0, 0.5, -1.0}, {1.0, 0.5, 1.0}};
  EXPECT_PRED_FORMAT2(VecEq,
                      np::closest_point_on_aabb({0.25, -3.0, 0.75}, flat),
                      (Vec3{0.25, 0.5, 0.75}));
  EXPECT_EQ(np::distance_point_aabb({0.25, -3.0, 0.75}, flat), 3.5);
}

// ---------------------------------------------------------------------------------------------------------
// Overshoot and distance
// ---------------------------------------------------------------------------------------------------------

TEST(OvershootPointAABB, IsTheAmountBeyondTheBoxOnEachAxisAndZeroWithin) {
  EXPECT_PRED_FORMAT2(VecEq, np::overshoot_point_aabb({4.0, -6.0, 0.5}, kBox),
                      (Vec3{3.0, 5.0, 0.0}));
  EXPECT_PRED_FORMAT2(VecEq, np::overshoot_point_aabb({0.0, 1.0, -1.0}, kBox),
                      (Vec3{0.0, 0.0, 0.0}));
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      EXPECT_PRED_FORMAT2(
          VecEq, np::overshoot_point_aabb(axis_value(i, 2.5 * s), kBox),
          axis_value(i, 1.5));
    }
  }
}

TEST(DistancePointAABB, IsExactlyZeroInsideAndOnEveryFace) {
  EXPECT_EQ(np::distance_point_aabb({0.25, -0.5, 0.75}, kBox), 0.0);
  EXPECT_EQ(np::distance_squared_point_aabb({0.25, -0.5, 0.75}, kBox), 0.0);
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      Vec3 p{0.25, -0.5, 0.75};
      np::set(p, i, s);
      EXPECT_EQ(np::distance_point_aabb(p, kBox), 0.0)
          << "axis " << i << " sign " << s;
    }
  }
  // A point on a face of a box whose bounds are not small integers: clamping is
  // exact at any value.
  const AABB odd{{0.1, -0.3, 1e-7}, {0.7, 0.30000000000000004, 3.3}};
  EXPECT_EQ(np::distance_point_aabb({0.7, 0.0, 2.0}, odd), 0.0);
  EXPECT_EQ(np::distance_point_aabb({0.5, 0.30000000000000004, 1e-7}, odd),
            0.0);
}

TEST(DistancePointAABB, OutsideAFaceIsTheGapToThatFace) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      Vec3 p{0.25, -0.5, 0.75};
      np::set(p, i, 3.5 * s);
      EXPECT_EQ(np::distance_point_aabb(p, kBox), 2.5)
          << "axis " << i << " sign " << s;
      EXPECT_EQ(np::distance_squared_point_aabb(p, kBox), 6.25)
          << "axis " << i << " sign " << s;
    }
  }
}

TEST(DistancePointAABB, BeyondAnEdgeIsThe345Hypotenuse) {
  for (const auto& perm : kPermutations) {
    for (double s0 : {-1.0, 1.0}) {
      for (double s1 : {-1.0, 1.0}) {
        Vec3 p{};
        np::set(p, perm[0], s0 * (1.0 + 3.0));
        np::set(p, perm[1], s1 * (1.0 + 4.0));
        np::set(p, perm[2], -0.75);
        EXPECT_EQ(np::distance_point_aabb(p, kBox), 5.0);
        EXPECT_EQ(np::distance_squared_point_aabb(p, kBox), 25.0);
      }
    }
  }
}

TEST(DistancePointAABB, BeyondACornerIsThe2367Diagonal) {
  // 2^2 + 3^2 + 6^2 = 7^2, in every assignment of (2, 3, 6) to the axes and
  // toward every corner.
  const double gaps[3] = {2.0, 3.0, 6.0};
  for (const auto& perm : kPermutations) {
    for (int signs = 0; signs < 8; ++signs) {
      Vec3 p{};
      for (int k = 0; k < 3; ++k) {
        const double s = (signs >> k) & 1 ? -1.0 : 1.0;
        np::set(p, perm[k], s * (1.0 + gaps[k]));
      }
      EXPECT_EQ(np::distance_point_aabb(p, kBox), 7.0);
      EXPECT_EQ(np::distance_squared_point_aabb(p, kBox), 49.0);
    }
  }
}

TEST(DistancePointAABB, KeepsFullRelativeAccuracyForTinyBoxesFarFromTheOrigin) {
  // A box 2^-20 (~1e-6) wide at offsets 1e5..1e6: every number below is
  // representable (the spacing of doubles near 1e6 is 2^-33), so the 3-4-5
  // distance scaled by 2^-20 comes out exact. An absolute epsilon such as 1e-6
  // would swallow the whole answer at this scale.
  const double size = std::ldexp(1.0, -20);
  for (double offset : {0.0, 1e5, -1e5, 1e6, -1e6}) {
    for (int i = 0; i < 3; ++i) {
      SCOPED_TRACE(testing::Message() << "offset " << offset << " axis " << i);
      const AABB box{{offset, offset, offset},
                     {offset + size, offset + size, offset + size}};
      Vec3 p{offset + size / 2, offset + size / 2, offset + size / 2};
      np::set(p, i, offset + size + 3.0 * size);
      np::set(p, (i + 1) % 3, offset - 4.0 * size);
      EXPECT_EQ(np::distance_point_aabb(p, box), 5.0 * size);
      Vec3 expected = p;
      np::set(expected, i, offset + size);
      np::set(expected, (i + 1) % 3, offset);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_aabb(p, box), expected);
    }
  }
}

TEST(DistancePointAABB, IsInfinityNotNaNWhenTheGapItselfOverflows) {
  // A point at -1e308 and a box at +1e308: the gap 2e308 is not a double. The
  // distance is +inf (it was inf / inf = NaN inside the rescaling of length()).
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      const np::Vec3 far_point = axis_value(i, -1e308 * s);
      const np::AABB far_box{axis_value(i, 1e308 * s),
                             axis_value(i, 1e308 * s)};
      EXPECT_EQ(np::distance_point_aabb(far_point, far_box),
                std::numeric_limits<double>::infinity());
      EXPECT_FALSE(np::overlap_sphere_aabb({far_point, 1e308}, far_box));
    }
  }
}

TEST(DistancePointAABB, EqualsTheLengthFromThePointToItsClosestPoint) {
  // p - clamp(p) is minus the overshoot on every axis, exactly, so the two
  // routes agree bit for bit.
  std::mt19937_64 rng(0xC105E57);
  std::uniform_real_distribution<double> u(-10.0, 10.0);
  for (int n = 0; n < 1000; ++n) {
    const double a[3] = {u(rng), u(rng), u(rng)},
                 b[3] = {u(rng), u(rng), u(rng)};
    const AABB box{
        {std::min(a[0], b[0]), std::min(a[1], b[1]), std::min(a[2], b[2])},
        {std::max(a[0], b[0]), std::max(a[1], b[1]), std::max(a[2], b[2])}};
    const Vec3 p{u(rng), u(rng), u(rng)};
    const Vec3 c = np::closest_point_on_aabb(p, box);
    ASSERT_EQ(np::distance_point_aabb(p, box),
              std::sqrt(np::length_squared(p - c)))
        << "case " << n;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Flat C interface
// ---------------------------------------------------------------------------------------------------------

TEST(FlatClosestPoint, MatchesTheTypedFunctionsBitForBit) {
  std::mt19937_64 rng(0xF1A7);
  std::uniform_real_distribution<double> u(-5.0, 5.0);
  for (int n = 0; n < 200; ++n) {
    const Vec3 p{u(rng), u(rng), u(rng)};
    const double lo[3] = {u(rng), u(rng), u(rng)};
    const AABB box{{lo[0], lo[1], lo[2]},
                   {lo[0] + 2.0, lo[1] + 1.0, lo[2] + 0.5}};
    double io[NP_IO_DOUBLES] = {p.x,       p.y,       p.z,
                                box.min.x, box.min.y, box.min.z,
                                box.max.x, box.max.y, box.max.z};
    double io2[NP_IO_DOUBLES];
    std::memcpy(io2, io, sizeof io);
    ASSERT_EQ(np_closestPointOnAABB(io), 0);
    EXPECT_PRED_FORMAT2(VecSameBits, (Vec3{io[0], io[1], io[2]}),
                        np::closest_point_on_aabb(p, box));
    ASSERT_EQ(np_distancePointAABB(io2), 0);
    EXPECT_TRUE(same_bits(io2[0], np::distance_point_aabb(p, box)));
  }
}

TEST(FlatClosestPoint, ReportsTheProblemAndTheSlotOfBadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto call = [](int (*fn)(double*), std::array<double, 9> in) {
    double io[NP_IO_DOUBLES] = {};
    std::copy(in.begin(), in.end(), io);
    return fn(io);
  };
  for (auto fn : {np_closestPointOnAABB, np_distancePointAABB}) {
    // -(problem << 8 | slot): NaN point.y is kNotFinite (1) at slot 1.
    EXPECT_EQ(call(fn, {0, nan, 0, -1, -1, -1, 1, 1, 1}), -(1 << 8 | 1));
    // +inf box.max.x: kNotFinite at slot 6.
    EXPECT_EQ(call(fn, {0, 0, 0, -1, -1, -1, inf, 1, 1}), -(1 << 8 | 6));
    // min.z > max.z: kInverted (3) at min.z's slot, 5.
    EXPECT_EQ(call(fn, {0, 0, 0, -1, -1, 2, 1, 1, 1}), -(3 << 8 | 5));
    // The point is checked before the box.
    EXPECT_EQ(call(fn, {-inf, 0, 0, -1, -1, 2, 1, 1, 1}), -(1 << 8 | 0));
    // And the next call works.
    EXPECT_EQ(call(fn, {0, 0, 0, -1, -1, -1, 1, 1, 1}), 0);
  }
}
