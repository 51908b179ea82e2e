// Tests of shape_cast.h: a ball swept along a segment against a target ball
// (article 004), every row of the "Sphere casts" table of EDGE_CASES.md, and
// the flat C entry point.
//
// The hand-made casts are built so that the quadratic's numbers are exact:
// start (-10, y, 0), end (6, y, 0), target at the origin with radius 1, reach
// r1 + r2 such that y^2 + 2^2 = reach^2. Then c = 96, a = 256, b = -160, a
// reach^2 - |m x d|^2 = 1024 and t = 96 / (160 + 32) = 0.5: the contact center
// is (-2, y, 0).
#include "narrowphase/shape_cast.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "narrowphase/flat.h"
#include "test_util.h"

namespace {

using np_test::axis_value;
using np_test::HasNoNegativeZero;
using np_test::same_bits;
using np_test::VecEq;

using np::Segment;
using np::ShapeCastHit;
using np::Sphere;
using np::Vec3;

// The vector whose components along (axis i, axis j) are (a, b); zero on the
// third axis.
Vec3 in_plane(int i, double a, int j, double b) {
  return axis_value(i, a) + axis_value(j, b);
}

::testing::AssertionResult HitsSameBits(const ShapeCastHit& a,
                                        const ShapeCastHit& b) {
  const double fa[11] = {a.distance, a.fraction, a.center.x, a.center.y,
                         a.center.z, a.point.x,  a.point.y,  a.point.z,
                         a.normal.x, a.normal.y, a.normal.z};
  const double fb[11] = {b.distance, b.fraction, b.center.x, b.center.y,
                         b.center.z, b.point.x,  b.point.y,  b.point.z,
                         b.normal.x, b.normal.y, b.normal.z};
  for (int i = 0; i < 11; ++i) {
    if (!same_bits(fa[i], fb[i]))
      return ::testing::AssertionFailure()
             << "field " << i << ": " << fa[i] << " vs " << fb[i];
  }
  if (a.started_overlapping != b.started_overlapping)
    return ::testing::AssertionFailure() << "started_overlapping";
  return ::testing::AssertionSuccess();
}

const Sphere kTarget{{0.0, 0.0, 0.0}, 1.0};

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Hits along the way
// ---------------------------------------------------------------------------------------------------------

TEST(SphereCastSphere, HeadOnCastStopsWhenTheBallsTouch) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      ShapeCastHit hit;
      ASSERT_TRUE(np::sphere_cast_sphere(
          {axis_value(i, -10.0 * s), axis_value(i, 6.0 * s)}, 1.0, kTarget,
          &hit));
      EXPECT_EQ(hit.fraction, 0.5);
      EXPECT_EQ(hit.distance, 8.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.center, axis_value(i, -2.0 * s));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, -s));
      EXPECT_PRED_FORMAT2(VecEq, hit.point, axis_value(i, -s));
      EXPECT_FALSE(hit.started_overlapping);
      EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
    }
  }
}

TEST(SphereCastSphere, OffsetCastTouchesAtThe345Contact) {
  // Moving radius 1.5, target radius 1: reach 2.5, path offset 1.5 off the
  // target's center, so the centers are 2.5 apart at x = -2: the normal is
  // (-2, 1.5) / 2.5 = (-0.8, 0.6).
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      for (double si : {-1.0, 1.0}) {
        for (double sj : {-1.0, 1.0}) {
          SCOPED_TRACE(testing::Message() << "travel " << i << " " << si
                                          << ", offset " << j << " " << sj);
          const Segment path{in_plane(i, -10.0 * si, j, 1.5 * sj),
                             in_plane(i, 6.0 * si, j, 1.5 * sj)};
          ShapeCastHit hit;
          ASSERT_TRUE(np::sphere_cast_sphere(path, 1.5, kTarget, &hit));
          EXPECT_EQ(hit.fraction, 0.5);
          EXPECT_EQ(hit.distance, 8.0);
          EXPECT_PRED_FORMAT2(VecEq, hit.center,
                              in_plane(i, -2.0 * si, j, 1.5 * sj));
          EXPECT_PRED_FORMAT2(VecEq, hit.normal,
                              in_plane(i, -0.8 * si, j, 0.6 * sj));
          EXPECT_PRED_FORMAT2(
              VecEq, hit.point,
              in_plane(i, -0.8 * si, j, 0.6 * sj));  // target radius 1
          EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
          EXPECT_FALSE(hit.started_overlapping);
        }
      }
    }
  }
}

TEST(SphereCastSphere, ContactPointIsOnTheTargetSurfaceTowardTheMovingBall) {
  // Target radius 3 at (1, 2, 3); moving radius 0.5; head-on along x from x =
  // -19: contact when the centers are 3.5 apart, at x = 1 - 3.5 = -2.5; the
  // contact point is 3 from the target's center along -x.
  const Sphere target{{1.0, 2.0, 3.0}, 3.0};
  ShapeCastHit hit;
  ASSERT_TRUE(np::sphere_cast_sphere({{-19.0, 2.0, 3.0}, {13.0, 2.0, 3.0}}, 0.5,
                                     target, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.center, (Vec3{-2.5, 2.0, 3.0}));
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{-2.0, 2.0, 3.0}));
  EXPECT_EQ(hit.distance, 16.5);
  EXPECT_EQ(hit.fraction, 16.5 / 32.0);
}

TEST(SphereCastSphere, ContactExactlyAtTheEndPointHitsWithFractionOne) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      ShapeCastHit hit;
      ASSERT_TRUE(np::sphere_cast_sphere(
          {axis_value(i, -10.0 * s), axis_value(i, -2.0 * s)}, 1.0, kTarget,
          &hit));
      EXPECT_EQ(hit.fraction, 1.0);
      EXPECT_EQ(hit.distance, 8.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.center, axis_value(i, -2.0 * s));
    }
  }
}

TEST(SphereCastSphere, ContactBeyondTheEndPointIsAMiss) {
  // Article 004's early-out only compares |AB| with |AS| - r1 - r2. Here |AS|
  // - 2.5 = sqrt(102.25) - 2.5 = 7.61 < |AB| = 7.9, so the article goes on and
  // reports the contact at x = -2, 8 units along: beyond B.
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      for (double s : {-1.0, 1.0}) {
        SCOPED_TRACE(testing::Message()
                     << "travel " << i << ", offset " << j << " sign " << s);
        const Vec3 start = in_plane(i, -10.0 * s, j, 1.5);
        ShapeCastHit hit;
        EXPECT_FALSE(np::sphere_cast_sphere(
            {start, in_plane(i, -2.1 * s, j, 1.5)}, 1.5, kTarget, &hit));
        // Head-on, ending 1e-9 short of the contact, and one ulp short: the
        // root rounds to fraction 1 there, but the overlap test at the end
        // point says the balls do not touch, and it decides.
        EXPECT_FALSE(np::sphere_cast_sphere(
            {axis_value(i, -10.0 * s), axis_value(i, -(2.0 + 1e-9) * s)}, 1.0,
            kTarget, &hit));
        const double ulp_short = std::nextafter(-2.0 * s, -3.0 * s);
        EXPECT_FALSE(np::sphere_cast_sphere(
            {axis_value(i, -10.0 * s), axis_value(i, ulp_short)}, 1.0, kTarget,
            &hit));
        EXPECT_FALSE(np::sphere_cast_sphere(
            {axis_value(i, ulp_short), axis_value(i, ulp_short)}, 1.0, kTarget,
            &hit));
      }
    }
  }
}

TEST(SphereCastSphere, CastMovingAwayOrPassingWideMisses) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      ShapeCastHit hit;
      EXPECT_FALSE(np::sphere_cast_sphere(
          {axis_value(i, -3.0 * s), axis_value(i, -10.0 * s)}, 1.0, kTarget,
          &hit));
      const int j = (i + 1) % 3;
      EXPECT_FALSE(np::sphere_cast_sphere(
          {in_plane(i, -10.0 * s, j, 2.5), in_plane(i, 10.0 * s, j, 2.5)}, 1.0,
          kTarget, &hit));
    }
  }
}

TEST(SphereCastSphere, TangentPathTouchesConsistentlyWithTheOverlapTest) {
  // Path at exactly reach = 2 from the target's center: the discriminant is
  // exactly 0 and the contact is the closest approach (0, 2, 0), where the
  // balls touch (closed shapes overlap when touching). One ulp farther out, the
  // balls never touch and the cast misses.
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      for (double s : {-1.0, 1.0}) {
        SCOPED_TRACE(testing::Message()
                     << "travel " << i << ", offset " << j << " sign " << s);
        ShapeCastHit hit;
        ASSERT_TRUE(np::sphere_cast_sphere(
            {in_plane(i, -10.0, j, 2.0 * s), in_plane(i, 10.0, j, 2.0 * s)},
            1.0, kTarget, &hit));
        EXPECT_EQ(hit.fraction, 0.5);
        EXPECT_PRED_FORMAT2(VecEq, hit.center, axis_value(j, 2.0 * s));
        EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(j, s));
        EXPECT_FALSE(hit.started_overlapping);
        // Consistent with the zero-length cast (the overlap test) at that
        // center.
        ASSERT_TRUE(np::sphere_cast_sphere({hit.center, hit.center}, 1.0,
                                           kTarget, &hit));
        EXPECT_TRUE(hit.started_overlapping);

        const double wide = std::nextafter(2.0 * s, 3.0 * s);
        EXPECT_FALSE(np::sphere_cast_sphere(
            {in_plane(i, -10.0, j, wide), in_plane(i, 10.0, j, wide)}, 1.0,
            kTarget, &hit));
        EXPECT_FALSE(np::sphere_cast_sphere(
            {axis_value(j, wide), axis_value(j, wide)}, 1.0, kTarget, &hit));
      }
    }
  }
}

TEST(SphereCastSphere, RandomExactlyTangentAxisAlignedPathsAllTouch) {
  // Paths along axis i at exactly reach from the target's center along axis j,
  // with dyadic radii, offsets and lengths (so reach and the offset are exact):
  // the overlap test at the closest approach says "touching". Deciding by the
  // sign of the rounded discriminant instead missed about 1 in 8 of these.
  std::mt19937_64 rng(20261122);
  auto dyadic = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng) / 64.0;
  };
  int cases = 0;
  for (int n = 0; n < 20000; ++n) {
    const int i = static_cast<int>(rng() % 3),
              j = (i + 1 + static_cast<int>(rng() % 2)) % 3;
    const double s = (rng() & 1) ? 1.0 : -1.0, sj = (rng() & 1) ? 1.0 : -1.0;
    const double r1 = dyadic(0, 256), r2 = dyadic(1, 256), reach = r1 + r2;
    const Vec3 center =
        Vec3{dyadic(-640, 640), dyadic(-640, 640), dyadic(-640, 640)};
    const double before = dyadic(1, 1280), after = dyadic(1, 1280);
    const Vec3 offset = axis_value(j, reach * sj);
    const Segment path{center + offset + axis_value(i, -before * s),
                       center + offset + axis_value(i, after * s)};
    SCOPED_TRACE(testing::Message()
                 << "case " << n << ": r1 " << r1 << " r2 " << r2 << " before "
                 << before << " after " << after);
    ShapeCastHit hit;
    ASSERT_TRUE(np::sphere_cast_sphere(path, r1, {center, r2}, &hit));
    EXPECT_FALSE(hit.started_overlapping);
    EXPECT_LE(hit.fraction, 1.0);
    // Consistent with the overlap test: a zero-length cast at the nearest
    // approach (center + offset, exact here) touches too. The reported center
    // is start + d t with t rounded: exact across the path, within a few ulps
    // of the nearest approach along it. (The overlap test is exact, so at that
    // rounded center it sees the balls ~1e-32 apart; it used to round such a
    // gap away.)
    ShapeCastHit there;
    const Vec3 nearest = center + offset;
    EXPECT_TRUE(
        np::sphere_cast_sphere({nearest, nearest}, r1, {center, r2}, &there));
    EXPECT_EQ(np::get(hit.center, j), np::get(nearest, j));
    const double ulps = 4.0 * std::numeric_limits<double>::epsilon();
    const double along = std::fabs(np::get(path.start, i)) + before + after;
    EXPECT_NEAR(np::get(hit.center, i), np::get(nearest, i), ulps * along);
    ++cases;
  }
  EXPECT_EQ(cases, 20000);
}

TEST(SphereCastSphere, PowerOfTwoScalesGiveTheSameAnswerScaledExactly) {
  // The 3-4-5 cast of OffsetCastTouchesAtThe345Contact scaled by 2^k: the
  // fraction and the normal do not change at all, and distance, center and
  // point scale exactly, from 2^-1000 to 2^1000. Without rescaling, the fourth
  // powers inside the quadratic overflowed above ~2^255 (NaN hits) and lost
  // bits below ~2^-255 (wrong hits and misses).
  const Segment base{{-10.0, 1.5, 0.0}, {6.0, 1.5, 0.0}};
  for (int k = -1000; k <= 1000; k += 25) {
    SCOPED_TRACE(testing::Message() << "scale 2^" << k);
    const double scale = std::ldexp(1.0, k);
    ShapeCastHit hit;
    ASSERT_TRUE(np::sphere_cast_sphere(
        {base.start * scale, base.end * scale}, 1.5 * scale,
        {kTarget.center, kTarget.radius * scale}, &hit));
    EXPECT_EQ(hit.fraction, 0.5);
    EXPECT_EQ(hit.distance, 8.0 * scale);
    EXPECT_PRED_FORMAT2(VecEq, hit.center, (Vec3{-2.0, 1.5, 0.0} * scale));
    EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-0.8, 0.6, 0.0}));
    EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{-0.8, 0.6, 0.0} * scale));
    // One unit of the scale wider than the reach: never touches, at every
    // scale.
    EXPECT_FALSE(np::sphere_cast_sphere(
        {Vec3{-10.0, 3.5, 0.0} * scale, Vec3{6.0, 3.5, 0.0} * scale},
        1.5 * scale, {kTarget.center, kTarget.radius * scale}, &hit));
  }
}

TEST(SphereCastSphere, ExtremeMagnitudesFromTheProbe) {
  ShapeCastHit hit;
  // Reach 2e80 along a path of length 1e81 through the center: contact at
  // fraction 0.3 (was fraction 0).
  ASSERT_TRUE(np::sphere_cast_sphere({{-5e80, 0.0, 0.0}, {5e80, 0.0, 0.0}},
                                     1e80, {{0.0, 0.0, 0.0}, 1e80}, &hit));
  EXPECT_NEAR(hit.fraction, 0.3, 1e-15);
  EXPECT_NEAR(hit.center.x, -2e80, 1e65);
  EXPECT_FALSE(hit.started_overlapping);
  // End points near the largest doubles: end - start overflows in world units.
  ASSERT_TRUE(np::sphere_cast_sphere({{-1e308, 0.0, 0.0}, {1e308, 0.0, 0.0}},
                                     1e307, {{0.0, 0.0, 0.0}, 1e307}, &hit));
  EXPECT_NEAR(hit.fraction, 0.4,
              1e-15);  // reach 2e307: contact at x = -2e307, 8e307 along 2e308
  EXPECT_NEAR(hit.distance, 8e307, 1e293);
  // A path 3e-100 off a target of reach 2e-100 passes 1e-100 wide: a miss (was
  // a hit at fraction 0.6).
  EXPECT_FALSE(
      np::sphere_cast_sphere({{-5e-100, 3e-100, 0.0}, {5e-100, 3e-100, 0.0}},
                             1e-100, {{0.0, 0.0, 0.0}, 1e-100}, &hit));
  // Moving away from a target 3e-200 away with reach 2e-200: a miss (was
  // "started overlapping").
  EXPECT_FALSE(np::sphere_cast_sphere({{3e-200, 0.0, 0.0}, {5e-200, 0.0, 0.0}},
                                      1e-200, {{0.0, 0.0, 0.0}, 1e-200}, &hit));
  // Subnormal inputs: the scale stops at 2^1000 and the answer is still right.
  ASSERT_TRUE(np::sphere_cast_sphere({{-4e-320, 0.0, 0.0}, {4e-320, 0.0, 0.0}},
                                     1e-320, {{0.0, 0.0, 0.0}, 1e-320}, &hit));
  EXPECT_NEAR(hit.fraction, 0.25, 0.02);  // subnormals carry few bits
}

TEST(SphereCastSphere,
     TinyOffsetsAndRadiiBesideOrdinaryCoordinatesAreNotSquaredToZero) {
  // Found by probing: with the overlap test computed in world units, a point
  // 2^-540 from the target's center "touched" a target of radius 2^-541 because
  // both squares underflowed to 0.
  ShapeCastHit hit;
  EXPECT_FALSE(
      np::sphere_cast_sphere({{-1.0, 0x1p-540, 0.0}, {1.0, 0x1p-540, 0.0}}, 0.0,
                             {{0.0, 0.0, 0.0}, 0x1p-541}, &hit));
  EXPECT_FALSE(
      np::sphere_cast_sphere({{1.0, 0x1p-540, 0.0}, {1.0, 0x1p-540, 0.0}}, 0.0,
                             {{1.0, 0.0, 0.0}, 0x1p-541}, &hit));
  ASSERT_TRUE(
      np::sphere_cast_sphere({{-1.0, 0x1p-541, 0.0}, {1.0, 0x1p-541, 0.0}}, 0.0,
                             {{0.0, 0.0, 0.0}, 0x1p-540}, &hit));
  EXPECT_FALSE(hit.started_overlapping);
  // The same configurations scaled by 2^(100 k) give the same answers (they
  // changed at a threshold before); every input stays a normal double.
  for (int k = -7; k <= 7; ++k) {
    SCOPED_TRACE(testing::Message() << "scale 2^" << 100 * k);
    const double s = std::ldexp(1.0, 100 * k);
    EXPECT_FALSE(np::sphere_cast_sphere(
        {Vec3{-0x1p249, 0x1p-299, 0.0} * s, Vec3{0x1p249, 0x1p-299, 0.0} * s},
        0.0, {{0.0, 0.0, 0.0}, 0x1p-300 * s}, &hit));
    // A short path ending inside a target: the contact at fraction 0.25, up to
    // the rounding of c = |m|^2 - reach^2 with |m| / reach = 1 + 2^-42 (the
    // discriminant's products of squares, ~2^-1080 in world units, underflowed
    // to 0 and put it at 0.5, 2^-292 deep inside the target).
    const double r = 0x1p-250 - 0x1p-292;
    ASSERT_TRUE(
        np::sphere_cast_sphere({Vec3{-0x1p-250, 0.0, 0.0} * s,
                                Vec3{-0x1p-250 + 0x1p-290, 0.0, 0.0} * s},
                               0.0, {{0.0, 0.0, 0.0}, r * s}, &hit));
    EXPECT_NEAR(hit.fraction, 0.25, 1e-9);
  }
  // A gap of 2^-601 along a path of length ~1: m and reach are scaled apart
  // from d, so their squares do not underflow to a contact at distance 0 (which
  // a common scale reported, with startedOverlapping false).
  ASSERT_TRUE(np::sphere_cast_sphere({{-0x1p-600, 0.0, 0.0}, {1.0, 0.0, 0.0}},
                                     0.0, {{0.0, 0.0, 0.0}, 0x1p-601}, &hit));
  EXPECT_FALSE(hit.started_overlapping);
  EXPECT_NEAR(hit.distance, 0x1p-601, 0x1p-650);
  EXPECT_GT(hit.fraction, 0.0);
}

TEST(SphereCastSphere, HitsExactlyWhenTheOverlapTestAtTheNearestPointDoes) {
  // The rule, on near-tangent casts in general directions far from the origin:
  // the cast hits if and only if the balls touch at the path's nearest approach
  // to the target (an exact overlap test there). That point is not a double, so
  // the reference is computed in long double (m and d exact to 2^-64 relative,
  // the margin to ~1e-18 of the squares), and the few cases within kRefBand of
  // touching, where that rounding could decide, are skipped (~10 of 20000). An
  // early exit whose margin ignored the rounding of m missed ~4% of these at
  // 2^12; the overlap test at the rounded nearest point start + d t_near
  // (rounded by up to ~2^-32 here, more than the 1e-12 of tangency), which
  // decided before, disagreed with the exact answer on ~6%.
  static_assert(std::numeric_limits<long double>::digits >= 64,
                "needs x87 long double");
  const long double kRefBand = 1e-15L;
  std::mt19937_64 rng(20261123);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int hits = 0, misses = 0, skipped = 0;
  for (int n = 0; n < 20000; ++n) {
    const double scale = std::ldexp(
        1.0, static_cast<int>(rng() % 21));  // coordinates up to 2^20
    const Vec3 center{u(rng) * scale, u(rng) * scale, u(rng) * scale};
    Vec3 dir{u(rng), u(rng), u(rng)};
    dir = dir / std::sqrt(np::length_squared(dir));
    Vec3 side = np::cross(dir, Vec3{u(rng), u(rng), u(rng)});
    side = side / std::sqrt(np::length_squared(side));
    const double r1 = 0.5 + 0.5 * u(rng), r2 = 0.5 + 0.5 * u(rng);
    const double offset =
        (r1 + r2) * (1.0 + 1e-12 * u(rng));  // within ~1e-12 of tangent
    const Vec3 nearest = center + side * offset;
    const Segment path{nearest - dir * (1.0 + u(rng) * 0.5),
                       nearest + dir * (1.0 + u(rng) * 0.5)};
    long double m[3], d[3], md = 0.0L, dd = 0.0L;
    for (int i = 0; i < 3; ++i) {
      m[i] =
          static_cast<long double>(np::get(path.start, i)) - np::get(center, i);
      d[i] = static_cast<long double>(np::get(path.end, i)) -
             np::get(path.start, i);
      md += m[i] * d[i], dd += d[i] * d[i];
    }
    const long double t = std::min(std::max(-md / dd, 0.0L), 1.0L),
                      reach = static_cast<long double>(r1) + r2;
    long double gap = -reach * reach;
    for (int i = 0; i < 3; ++i) gap += (m[i] + d[i] * t) * (m[i] + d[i] * t);
    if (std::fabs(gap) <= kRefBand * reach * reach) {
      ++skipped;
      continue;
    }
    ShapeCastHit hit;
    const bool cast = np::sphere_cast_sphere(path, r1, {center, r2}, &hit);
    ASSERT_EQ(cast, gap <= 0.0L) << "case " << n << " at scale " << scale;
    (cast ? hits : misses)++;
  }
  EXPECT_GT(hits, 2000);
  EXPECT_GT(misses, 2000);
  EXPECT_LT(skipped, 200);
}

TEST(SphereCastSphere, VeryLongCastsFindTheContactWithoutCancellation) {
  // start (-L, 1.5, 0), end (L, 1.5, 0), reach 2.5: the contact center is
  // (-2, 1.5, 0) for every L. The textbook b^2 - a c loses everything at L =
  // 1e8 (b^2 ~ 4e32 carries an absolute error ~ 4e16, the discriminant
  // is 1.6e17). The tolerance is 4 ulp of L: center = start + d t cannot be
  // closer than the rounding of coordinates of magnitude L.
  for (double length : {1e4, 1e6, 1e8, 1e10}) {
    SCOPED_TRACE(testing::Message() << "L " << length);
    ShapeCastHit hit;
    ASSERT_TRUE(np::sphere_cast_sphere(
        {{-length, 1.5, 0.0}, {length, 1.5, 0.0}}, 1.5, kTarget, &hit));
    const double tolerance =
        4.0 * length * std::numeric_limits<double>::epsilon();
    EXPECT_NEAR(hit.center.x, -2.0, tolerance);
    EXPECT_EQ(hit.center.y, 1.5);
    EXPECT_NEAR(hit.distance, length - 2.0, tolerance);
    EXPECT_NEAR(hit.normal.x, -0.8, tolerance);
    EXPECT_NEAR(hit.normal.y, 0.6, tolerance);
  }
}

TEST(SphereCastSphere, PointCastIsARayAgainstTheTarget) {
  // Moving radius 0 against target radius 2 is a ray-sphere test: the same
  // numbers as reach 2 above.
  ShapeCastHit hit;
  ASSERT_TRUE(np::sphere_cast_sphere({{-10.0, 0.0, 0.0}, {6.0, 0.0, 0.0}}, 0.0,
                                     {{0.0, 0.0, 0.0}, 2.0}, &hit));
  EXPECT_EQ(hit.fraction, 0.5);
  EXPECT_PRED_FORMAT2(VecEq, hit.center, (Vec3{-2.0, 0.0, 0.0}));
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{-2.0, 0.0, 0.0}));
  // Both radii 0: the path must pass through the target's center; the normal
  // faces back along the path.
  ASSERT_TRUE(np::sphere_cast_sphere({{-10.0, 0.0, 0.0}, {6.0, 0.0, 0.0}}, 0.0,
                                     {{0.0, 0.0, 0.0}, 0.0}, &hit));
  EXPECT_EQ(hit.fraction, 10.0 / 16.0);
  EXPECT_PRED_FORMAT2(VecEq, hit.center, (Vec3{0.0, 0.0, 0.0}));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-1.0, 0.0, 0.0}));
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
  EXPECT_FALSE(np::sphere_cast_sphere({{-10.0, 0.5, 0.0}, {6.0, 0.5, 0.0}}, 0.0,
                                      {{0.0, 0.0, 0.0}, 0.0}, &hit));
}

// ---------------------------------------------------------------------------------------------------------
// Starting overlapping, zero length
// ---------------------------------------------------------------------------------------------------------

TEST(SphereCastSphere,
     CastStartingOverlappingHitsAtZeroWithTheNormalFromTargetToStart) {
  // Article 004 reports a center behind the start here. Start (0.375, 0.5) off
  // the target center (|m| = 0.625, inside reach 1.25): normal (0.6, 0.8),
  // point on the target's surface along it.
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      for (double si : {-1.0, 1.0}) {
        for (double sj : {-1.0, 1.0}) {
          SCOPED_TRACE(testing::Message()
                       << "axes " << i << j << " signs " << si << sj);
          const Sphere target{{1.0, -2.0, 4.0}, 1.0};
          const Vec3 start =
              target.center + in_plane(i, 0.375 * si, j, 0.5 * sj);
          for (const Vec3& end : {start + axis_value(i, 5.0),
                                  start - axis_value(j, 5.0 * sj), start}) {
            ShapeCastHit hit;
            ASSERT_TRUE(
                np::sphere_cast_sphere({start, end}, 0.25, target, &hit));
            EXPECT_TRUE(hit.started_overlapping);
            EXPECT_EQ(hit.distance, 0.0);
            EXPECT_EQ(hit.fraction, 0.0);
            EXPECT_PRED_FORMAT2(VecEq, hit.center, start);
            EXPECT_PRED_FORMAT2(VecEq, hit.normal,
                                in_plane(i, 0.6 * si, j, 0.8 * sj));
            EXPECT_PRED_FORMAT2(
                VecEq, hit.point,
                target.center + in_plane(i, 0.6 * si, j, 0.8 * sj));
            EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
          }
        }
      }
    }
  }
}

TEST(SphereCastSphere, CastStartingExactlyTouchingCountsAsStartedOverlapping) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      ShapeCastHit hit;
      // Touching and moving away: still a hit at 0 (closed shapes).
      ASSERT_TRUE(np::sphere_cast_sphere(
          {axis_value(i, 2.0 * s), axis_value(i, 9.0 * s)}, 1.0, kTarget,
          &hit));
      EXPECT_TRUE(hit.started_overlapping);
      EXPECT_EQ(hit.distance, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
      EXPECT_PRED_FORMAT2(VecEq, hit.point, axis_value(i, s));
      // One ulp apart and moving away: a miss.
      EXPECT_FALSE(np::sphere_cast_sphere(
          {axis_value(i, std::nextafter(2.0 * s, 3.0 * s)),
           axis_value(i, 9.0 * s)},
          1.0, kTarget, &hit));
    }
  }
}

TEST(SphereCastSphere, CoincidentCentersGiveTheNegatedUnitDirectionNeverNaN) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      ShapeCastHit hit;
      ASSERT_TRUE(np::sphere_cast_sphere(
          {{0.0, 0.0, 0.0}, axis_value(i, 4.0 * s)}, 0.5, kTarget, &hit));
      EXPECT_TRUE(hit.started_overlapping);
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, -s));
      EXPECT_PRED_FORMAT2(VecEq, hit.point, axis_value(i, -s));
      EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
    }
  }
  // Oblique direction (3, 4, 0): normal -(0.6, 0.8, 0).
  ShapeCastHit hit;
  ASSERT_TRUE(np::sphere_cast_sphere({{1.0, 1.0, 1.0}, {4.0, 5.0, 1.0}}, 0.5,
                                     {{1.0, 1.0, 1.0}, 0.0}, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-0.6, -0.8, 0.0}));
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
  // Zero length as well: the documented fallback +y.
  ASSERT_TRUE(np::sphere_cast_sphere({{1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}}, 0.0,
                                     {{1.0, 1.0, 1.0}, 0.0}, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{0.0, 1.0, 0.0}));
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
}

TEST(SphereCastSphere, ZeroLengthCastIsAnOverlapTest) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      ShapeCastHit hit;
      const Vec3 inside = axis_value(i, 1.5 * s),
                 touching = axis_value(i, 2.0 * s),
                 apart = axis_value(i, std::nextafter(2.0 * s, 3.0 * s));
      ASSERT_TRUE(np::sphere_cast_sphere({inside, inside}, 1.0, kTarget, &hit));
      EXPECT_TRUE(hit.started_overlapping);
      EXPECT_EQ(hit.fraction, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
      EXPECT_TRUE(
          np::sphere_cast_sphere({touching, touching}, 1.0, kTarget, &hit));
      EXPECT_FALSE(np::sphere_cast_sphere({apart, apart}, 1.0, kTarget, &hit));
    }
  }
}

TEST(SphereCastSphere, NegativeZeroCoordinatesNeverLeakIntoTheNormal) {
  // -0.0 - 0.0 is -0.0: a start, end or target coordinate of -0 must not give a
  // normal component of -0.
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      Vec3 start = axis_value(i, -10.0 * s), end = axis_value(i, 6.0 * s);
      np::set(start, j, -0.0), np::set(start, k, -0.0);
      np::set(end, j, -0.0), np::set(end, k, -0.0);
      ShapeCastHit hit;
      ASSERT_TRUE(np::sphere_cast_sphere({start, end}, 1.0, kTarget, &hit));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, -s));
      EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
      // Starting overlapping with -0 coordinates.
      Vec3 inside = axis_value(i, 1.5 * s);
      np::set(inside, j, -0.0), np::set(inside, k, -0.0);
      ASSERT_TRUE(np::sphere_cast_sphere({inside, end}, 1.0, kTarget, &hit));
      EXPECT_TRUE(hit.started_overlapping);
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
      EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Flat C interface
// ---------------------------------------------------------------------------------------------------------

TEST(FlatShapeCast, SphereCastSphereMatchesTheTypedFunctionBitForBit) {
  std::mt19937_64 rng(0x5CA57);
  std::uniform_real_distribution<double> u(-5.0, 5.0), r(0.0, 2.0);
  int hits = 0;
  for (int n = 0; n < 1000; ++n) {
    const Segment path{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
    const double radius = r(rng);
    const Sphere target{{u(rng) * 0.3, u(rng) * 0.3, u(rng) * 0.3}, r(rng)};
    double io[NP_IO_DOUBLES] = {
        path.start.x,    path.start.y,    path.start.z, path.end.x,
        path.end.y,      path.end.z,      radius,       target.center.x,
        target.center.y, target.center.z, target.radius};
    ShapeCastHit hit;
    const bool typed = np::sphere_cast_sphere(path, radius, target, &hit);
    ASSERT_EQ(np_sphereCastSphere(io), typed ? 1 : 0);
    if (!typed) continue;
    ++hits;
    const ShapeCastHit flat{io[0],
                            io[1],
                            {io[2], io[3], io[4]},
                            {io[5], io[6], io[7]},
                            {io[8], io[9], io[10]},
                            io[11] == 1.0};
    EXPECT_TRUE(io[11] == 0.0 || io[11] == 1.0);
    EXPECT_TRUE(HitsSameBits(flat, hit)) << "case " << n;
  }
  EXPECT_GT(hits, 100);
}

TEST(FlatShapeCast, ReportsTheProblemAndTheSlotOfBadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto call = [](std::array<double, 11> in) {
    double io[NP_IO_DOUBLES] = {};
    std::copy(in.begin(), in.end(), io);
    return np_sphereCastSphere(io);
  };
  EXPECT_EQ(call({0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1}),
            -(2 << 8 | 6));  // negative moving radius
  EXPECT_EQ(call({0, 0, 0, 1, 0, 0, inf, 0, 0, 0, 1}),
            -(1 << 8 | 6));  // infinite moving radius
  EXPECT_EQ(call({0, 0, 0, 1, 0, 0, 1, 0, 0, 0, -2}),
            -(2 << 8 | 10));  // negative target radius
  EXPECT_EQ(call({0, 0, 0, 1, nan, 0, 1, 0, 0, 0, 1}),
            -(1 << 8 | 4));  // end.y NaN
  EXPECT_EQ(call({0, 0, 0, 1, 0, 0, 1, 0, 0, -inf, 1}),
            -(1 << 8 | 9));  // target.center.z
  EXPECT_EQ(call({0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1}),
            1);  // and the next call works
}
