// Regression tests for what fuzzing found (issue "Hardening"), each named after
// its finding.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "narrowphase/narrowphase.h"
#include "test_util.h"

namespace {

using np_test::HasNoNegativeZero;
using np_test::VecEq;

using np::OBB;
using np::Segment;
using np::ShapeCastHit;
using np::Sphere;
using np::Vec3;

const double kEps = std::numeric_limits<double>::epsilon();
const double kMin = std::numeric_limits<double>::denorm_min();  // 2^-1074

// |v| - 1 in ulps of 1, computed in long double (the check itself must not
// round the answer away).
double ulps_off_unit(Vec3 v) {
  const long double len = std::sqrt(static_cast<long double>(v.x) * v.x +
                                    static_cast<long double>(v.y) * v.y +
                                    static_cast<long double>(v.z) * v.z);
  return static_cast<double>(std::fabs(len - 1.0L) / kEps);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Finding 1: normals were not unit when the vector normalized is subnormal.
// ---------------------------------------------------------------------------------------------------------

TEST(RegressionsCast, NormalsAreUnitWhenTheVectorNormalizedIsSubnormal) {
  // A point cast from (31, 31, 12) 2^-1074 to the origin against a point target
  // there: contact at the end (fraction 1), where the centers coincide, so the
  // normal is the negated unit direction, unit(start) = (31, 31, 12) /
  // sqrt(2066). Dividing the subnormal vector by its own subnormal length (sqrt
  // of a sum of squares that underflowed) kept a few bits: the normal came out
  // 0.99 long.
  const Vec3 start{1.5316035021078643e-322, 1.5316035021078643e-322,
                   5.9287877500949585e-323};
  ASSERT_EQ(start.x, 31 * kMin);
  ASSERT_EQ(start.z, 12 * kMin);
  ShapeCastHit hit;
  ASSERT_TRUE(np::sphere_cast_sphere({start, {0.0, 0.0, 0.0}}, 0.0,
                                     {{0.0, 0.0, 0.0}, 0.0}, &hit));
  EXPECT_FALSE(hit.started_overlapping);
  EXPECT_EQ(hit.fraction, 1.0);
  EXPECT_PRED_FORMAT2(VecEq, hit.center, (Vec3{0.0, 0.0, 0.0}));
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{0.0, 0.0, 0.0}));
  EXPECT_LE(ulps_off_unit(hit.normal), 2.0);
  const double k = 1.0 / std::sqrt(2066.0);
  EXPECT_NEAR(hit.normal.x, 31 * k, 2 * kEps);
  EXPECT_NEAR(hit.normal.y, 31 * k, 2 * kEps);
  EXPECT_NEAR(hit.normal.z, 12 * k, 2 * kEps);
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);

  // The same at the bottom of the subnormal range and beside it, and for a cast
  // starting overlapping (whose normal is unit(start - target.center)): unit at
  // every magnitude.
  for (const double s : {kMin, 3 * kMin, 0x1p-1060, 0x1p-1030, 0x1p-1022,
                         0x1p-600, 1.0, 0x1p600, 0x1p1000}) {
    SCOPED_TRACE(testing::Message() << "scale " << s);
    const Vec3 p{s, -s, s};
    ASSERT_TRUE(np::sphere_cast_sphere({p, {0.0, 0.0, 0.0}}, 0.0,
                                       {{0.0, 0.0, 0.0}, 0.0}, &hit));
    EXPECT_LE(ulps_off_unit(hit.normal), 2.0);
    ASSERT_TRUE(
        np::sphere_cast_sphere({p, p * 2.0}, s, {{0.0, 0.0, 0.0}, s}, &hit));
    EXPECT_TRUE(hit.started_overlapping);
    EXPECT_LE(ulps_off_unit(hit.normal), 2.0);
    EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Finding 2: exactly tangent casts missed once the reach was below ~1e-9 of the
// coordinates, and casts of a point through a point missed.
// ---------------------------------------------------------------------------------------------------------

TEST(RegressionsCast,
     ExactlyTangentCastsHitWhateverTheReachBesideTheCoordinates) {
  // Path along z at x = 10; target 2^-25 off it in x with reach 2^-26 + 2^-26:
  // exactly tangent at (10, 0, 0.3). The cast missed: its nearest point start +
  // d t_near rounded to ~1e-16 of the coordinates, and the overlap test there
  // compared |g|^2 against reach^2 = 2^-50 with that rounding in it.
  ShapeCastHit hit;
  const Segment path{{10.0, 0.0, -5.0}, {10.0, 0.0, 5.0}};
  ASSERT_TRUE(np::sphere_cast_sphere(
      path, 0x1p-26, {{10.0 - 0x1p-25, 0.0, 0.3}, 0x1p-26}, &hit));
  EXPECT_FALSE(hit.started_overlapping);
  EXPECT_NEAR(hit.fraction, 0.53, kEps);  // (5 + 0.3) / 10, rounded
  EXPECT_NEAR(hit.distance, 5.3, 8 * kEps);
  EXPECT_EQ(hit.center.x, 10.0);
  EXPECT_EQ(hit.center.y, 0.0);
  EXPECT_NEAR(hit.center.z, 0.3, 8 * kEps);
  // unit(center - target.center) with center.z rounded at ~1e-16: 1e-16 / 2^-25
  // ~ 1e-8 off (1, 0, 0).
  EXPECT_NEAR(hit.normal.x, 1.0, 1e-15);
  EXPECT_EQ(hit.normal.y, 0.0);
  EXPECT_NEAR(hit.normal.z, 0.0, 1e-7);
  EXPECT_LE(ulps_off_unit(hit.normal), 2.0);
  // The overlap test at the nearest approach, (10, 0, 0.3), says touching: so
  // must the cast.
  ShapeCastHit there;
  const Vec3 nearest{10.0, 0.0, 0.3};
  EXPECT_TRUE(np::sphere_cast_sphere({nearest, nearest}, 0x1p-26,
                                     {{10.0 - 0x1p-25, 0.0, 0.3}, 0x1p-26},
                                     &there));
  // One ulp of x farther, the path passes 2^-49 wide: a miss, at the start, the
  // end and along the way.
  const double wide = std::nextafter(10.0 - 0x1p-25, 0.0);
  EXPECT_FALSE(
      np::sphere_cast_sphere(path, 0x1p-26, {{wide, 0.0, 0.3}, 0x1p-26}, &hit));
  EXPECT_FALSE(np::sphere_cast_sphere({nearest, nearest}, 0x1p-26,
                                      {{wide, 0.0, 0.3}, 0x1p-26}, &hit));

  // Every reach from 2^-1 down to 2^-49 (the lowest bit of 10) beside
  // coordinates ~10, along each axis: tangent hits, one ulp wider misses.
  for (int k = 1; k <= 49; ++k) {
    for (int axis = 0; axis < 3; ++axis) {
      SCOPED_TRACE(testing::Message() << "reach 2^-" << k << " axis " << axis);
      const int side = (axis + 1) % 3;
      const double reach = std::ldexp(1.0, -k);
      Vec3 start{10.0, -7.0, 3.0}, end = start, target = start;
      np::set(start, axis, -5.0);
      np::set(end, axis, 5.0);
      np::set(target, axis, 0.3);
      np::set(target, side, np::get(start, side) - reach);
      ASSERT_TRUE(np::sphere_cast_sphere({start, end}, reach / 2,
                                         {target, reach / 2}, &hit));
      EXPECT_FALSE(hit.started_overlapping);
      EXPECT_NEAR(hit.fraction, 0.53, kEps);
      np::set(target, side, std::nextafter(np::get(target, side), -100.0));
      EXPECT_FALSE(np::sphere_cast_sphere({start, end}, reach / 2,
                                          {target, reach / 2}, &hit));
    }
  }

  // A tangent path in a general direction: along (3, 4, 0) past (-4, 3, 0),
  // reach 2 + 3 from the origin; 2^k times that, offset by 2^k (1000.25,
  // -77, 3.5). Contact at t = 0.5, at the tangent point itself.
  for (int k = -1000; k <= 1000; k += 50) {
    SCOPED_TRACE(testing::Message() << "scale 2^" << k);
    const double s = std::ldexp(1.0, k);
    const Vec3 offset = Vec3{1000.25, -77.0, 3.5} * s;
    const Segment general{Vec3{-10.0, -5.0, 0.0} * s + offset,
                          Vec3{2.0, 11.0, 0.0} * s + offset};
    ASSERT_TRUE(
        np::sphere_cast_sphere(general, 2.0 * s, {offset, 3.0 * s}, &hit));
    EXPECT_FALSE(hit.started_overlapping);
    EXPECT_EQ(hit.fraction, 0.5);
    EXPECT_PRED_FORMAT2(VecEq, hit.center, (Vec3{-4.0, 3.0, 0.0} * s + offset));
    EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-0.8, 0.6, 0.0}));
  }
}

TEST(RegressionsCast, APointCastThroughAPointHitsAtExactlyItsFraction) {
  // Both radii 0, the path passing exactly through the target: a hit at t = 3.5
  // / 6 = 7 / 12 (rounded once). The overlap test at the rounded nearest point
  // start + d t_near, an ulp off the target, said "apart".
  ShapeCastHit hit;
  ASSERT_TRUE(np::sphere_cast_sphere({{1.0, 2.0, -3.0}, {1.0, 2.0, 3.0}}, 0.0,
                                     {{1.0, 2.0, 0.5}, 0.0}, &hit));
  EXPECT_FALSE(hit.started_overlapping);
  EXPECT_EQ(hit.fraction, 7.0 / 12.0);
  EXPECT_NEAR(hit.distance, 3.5, 4 * kEps);
  EXPECT_EQ(hit.center.x, 1.0);
  EXPECT_EQ(hit.center.y, 2.0);
  EXPECT_NEAR(hit.center.z, 0.5, 4 * kEps);
  EXPECT_PRED_FORMAT2(VecEq, hit.point,
                      (Vec3{1.0, 2.0, 0.5}));  // the target point itself
  EXPECT_LE(ulps_off_unit(hit.normal), 2.0);

  // At every scale 2^k (the fraction is scale-free), and in general directions:
  // start P - a D, end P + b D through the target point P, D with small integer
  // components (so P +- a D is exact).
  for (int k = -1070; k <= 1020; k += 10) {
    SCOPED_TRACE(testing::Message() << "scale 2^" << k);
    const double s = std::ldexp(1.0, k);
    ASSERT_TRUE(np::sphere_cast_sphere({Vec3{1, 2, -3} * s, Vec3{1, 2, 3} * s},
                                       0.0, {Vec3{1, 2, 0.5} * s, 0.0}, &hit));
    EXPECT_EQ(hit.fraction, 7.0 / 12.0);
  }
  std::mt19937_64 rng(0xF2);
  for (int n = 0; n < 2000; ++n) {
    const auto small = [&] {
      return static_cast<double>(static_cast<int>(rng() % 19) - 9);
    };
    const Vec3 dir{small(), small(), small()};
    if (dir.x == 0.0 && dir.y == 0.0 && dir.z == 0.0) continue;
    const double s = std::ldexp(1.0, static_cast<int>(rng() % 200) - 100);
    const Vec3 p = Vec3{small(), small(), small()} * (s * 64.0);
    const double a = static_cast<double>(1 + rng() % 64),
                 b = static_cast<double>(1 + rng() % 64);
    SCOPED_TRACE(testing::Message() << "case " << n);
    ASSERT_TRUE(np::sphere_cast_sphere({p - dir * (a * s), p + dir * (b * s)},
                                       0.0, {p, 0.0}, &hit));
    EXPECT_NEAR(hit.fraction, a / (a + b), 2 * kEps);
    // Passing an ulp beside it (the start's largest coordinate moved by one
    // ulp): a miss unless still collinear.
    Vec3 moved = p - dir * (a * s);
    const int big = std::fabs(moved.x) >= std::fabs(moved.y) &&
                            std::fabs(moved.x) >= std::fabs(moved.z)
                        ? 0
                    : std::fabs(moved.y) >= std::fabs(moved.z) ? 1
                                                               : 2;
    if (np::get(moved, big) == 0.0) continue;
    np::set(moved, big, std::nextafter(np::get(moved, big), 1e300));
    const Vec3 u = moved - p, w = p + dir * (b * s) - p;
    const bool collinear = np::cross(u, w).x == 0.0 &&
                           np::cross(u, w).y == 0.0 && np::cross(u, w).z == 0.0;
    if (!collinear)
      EXPECT_FALSE(np::sphere_cast_sphere({moved, p + dir * (b * s)}, 0.0,
                                          {p, 0.0}, &hit));
  }
}

TEST(RegressionsCast, APointCastPastAPointNearTheLargestDoubleMisses) {
  // The fuzzers' input (open-findings.txt, sphereCastSphere): a point from
  // (DBL_MAX, 19.8125, -1.5e308) to (0, -3.8125, 1.5e308) past the point
  // (1.5e308, 8, 8). Where the path's x is 1.5e308 its z is about -1e308: it
  // passes 1e308 away. The exact test's u = start - center held 11.8125 beside
  // 1.5e308, which underflowed in u's units; that component's sign was unsure
  // while the others were clearly non-zero, and unsure counted as touching: a
  // hit at fraction 0.41.
  const double big = 1.5e308;
  ShapeCastHit hit;
  EXPECT_FALSE(
      np::sphere_cast_sphere({{DBL_MAX, 19.8125, -big}, {0.0, -3.8125, big}},
                             0.0, {{big, 8.0, 8.0}, 0.0}, &hit));
  // Still a hit where the path does pass through the point (scaled down from
  // the same magnitudes: exactly collinear), and a touch where a radius
  // reaches it.
  ASSERT_TRUE(np::sphere_cast_sphere({{-big, 8.0, -big}, {big, 8.0, big}}, 0.0,
                                     {{0.0, 8.0, 0.0}, 0.0}, &hit));
  EXPECT_EQ(hit.fraction, 0.5);
  EXPECT_TRUE(
      np::sphere_cast_sphere({{DBL_MAX, 19.8125, -big}, {0.0, -3.8125, big}},
                             0.0, {{big, 8.0, 8.0}, 1.2e308}, &hit));
}

TEST(RegressionsCast, AShortCastFromNearTheLargestDoubleMovingAwayMisses) {
  // The fuzzers' input: a ball of radius 2.8e-306 moving 4.8e-111 (mostly
  // along z) from x = 1.797693134652994e308 away from a ball 1.8e308 off at x
  // = -3.45e304. Whether the path's nearest point lies before the start is the
  // sign of u . d = 1.25e-308 * -1.24e-308 + 5.78e-275 * 4.78e-111, whose
  // products lie below the normal range in u's units: the expansions were
  // unsure, and unsure counted as "the nearest point is inside the path", so
  // the cast hit at fraction 0 with the balls 1.8e308 apart. Now the products
  // are summed exactly.
  ShapeCastHit hit;
  EXPECT_FALSE(np::sphere_cast_sphere(
      {{0x1.fffffffefff29p+1023, 0x0.8ffff000039p-1022, 0x1p-911},
       {0x1.fffffffefff29p+1023, 0x0.008ffffp-1022, 0x1.7p-367}},
      0x1.fefffffffefffp-1016,
      {{-0x1.92907p+1011, -0x0.07fefffffffefp-1022, 0x0.00000003p-1022},
       0x0.0aa526c330034p-1022},
      &hit));
}

// ---------------------------------------------------------------------------------------------------------
// Finding 3: overlapOBBOBB was not symmetric when the centers differ by a
// subnormal amount.
// ---------------------------------------------------------------------------------------------------------

TEST(RegressionsCast,
     OverlapOBBOBBIsSymmetricWhenTheCentersDifferByASubnormalAmount) {
  const double third = 1.0 / 3.0;
  const Vec3 identity[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const Vec3 thirds[3] = {{2 * third, 2 * third, -third},
                          {-third, 2 * third, 2 * third},
                          {2 * third, -third, 2 * third}};
  const Vec3 turn[3] = {
      {0.6, 0.8, 0.0}, {-0.8, 0.6, 0.0}, {0.0, 0.0, 1.0}};  // 3-4-5 about z
  {
    // Two unit segments (half sizes (1, 0, 0)) crossing near the origin, their
    // centers 2^-1074 apart: the edge axis A.x x B.x decides, and the slack on
    // it, 2^-49 times |b.c - a.c|, underflowed to 0. A's frame and B's frame
    // rounded that axis's projection differently: overlapping one way,
    // separated the other.
    const OBB a{
        {0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {thirds[0], thirds[1], thirds[2]}};
    const OBB b{{0.0, kMin, 0.0},
                {1.0, 0.0, 0.0},
                {identity[0], identity[1], identity[2]}};
    EXPECT_EQ(np::overlap_obb_obb(a, b), np::overlap_obb_obb(b, a));
    EXPECT_EQ(np::separating_axis_obb_obb(a, b).has_value(),
              np::separating_axis_obb_obb(b, a).has_value());
  }
  {
    // Everything subnormal: A a 2 x 4 (x 2^-1074) plate in y = 0; B a segment
    // of half length 2^-1074 along
    // (-0.8, 0.6, 0), centered at (0, 1, -1) 2^-1074: its y spans [0.4, 1.6]
    // 2^-1074, so the two are apart (A's y axis separates exactly). Every
    // product underflowed; now the pair is scaled up first.
    const OBB a{{0.0, 0.0, 0.0},
                {kMin, 0.0, 2 * kMin},
                {identity[0], identity[1], identity[2]}};
    const OBB b{
        {0.0, kMin, -kMin}, {0.0, kMin, 0.0}, {turn[0], turn[1], turn[2]}};
    EXPECT_FALSE(np::overlap_obb_obb(a, b));
    EXPECT_FALSE(np::overlap_obb_obb(b, a));
    EXPECT_EQ(np::separating_axis_obb_obb(a, b), 1);  // A.y
  }
  // Random pairs of boxes with subnormal or ordinary sizes whose centers differ
  // by a few 2^-1074, with random rotations: either order gives the same answer
  // (64 in a million were asymmetric).
  std::mt19937_64 rng(0xF3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const auto rotation = [&](Vec3 axis[3]) {
    double q[4] = {u(rng), u(rng), u(rng), u(rng)};
    const double n =
        std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& c : q) c /= n;
    const double w = q[0], x = q[1], y = q[2], z = q[3];
    axis[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
               2 * (x * z - w * y)};
    axis[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z),
               2 * (y * z + w * x)};
    axis[2] = {2 * (x * z + w * y), 2 * (y * z - w * x),
               1 - 2 * (x * x + y * y)};
  };
  for (int n = 0; n < 100000; ++n) {
    OBB a, b;
    // Centers at the origin or subnormal, sizes subnormal to ~2^-900 or
    // ordinary.
    const double c =
        rng() % 2 ? 0.0 : std::ldexp(1.0, static_cast<int>(rng() % 75) - 1074);
    const int h_exponent = rng() % 2 ? static_cast<int>(rng() % 175) - 1074
                                     : static_cast<int>(rng() % 21) - 10;
    const double h = std::ldexp(1.0, h_exponent);
    a.center = Vec3{u(rng), u(rng), u(rng)} * c;
    const auto step = [&] {
      return static_cast<double>(static_cast<int>(rng() % 9) - 4);
    };
    b.center = a.center + Vec3{step(), step(), step()} * kMin;
    a.half_size =
        Vec3{std::fabs(u(rng)), std::fabs(u(rng)), std::fabs(u(rng))} * h;
    b.half_size =
        Vec3{std::fabs(u(rng)), std::fabs(u(rng)), std::fabs(u(rng))} * h;
    for (OBB* box : {&a, &b}) {
      for (int k = 0; k < 3; ++k) {
        if (rng() % 3 == 0) np::set(box->half_size, k, 0.0);
      }
    }
    if (rng() % 4 == 0) {
      for (int k = 0; k < 3; ++k) a.axis[k] = identity[k];
    } else {
      rotation(a.axis);
    }
    rotation(b.axis);
    ASSERT_EQ(np::overlap_obb_obb(a, b), np::overlap_obb_obb(b, a))
        << "case " << n;
  }
}
