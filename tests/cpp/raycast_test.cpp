// Tests of raycast.h: rays and segments against the closed solid AABB (article
// 002), every row of the "Rays and segments against boxes" table of
// EDGE_CASES.md, and the flat C entry points.
//
// Most configurations use the box [-1, 1]^3 and small dyadic coordinates, for
// which (bound - origin) / d, origin + t * d and t * |d| are exact, so the
// assertions compare with EXPECT_EQ.
#include "narrowphase/raycast.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "narrowphase/flat.h"
#include "narrowphase/validate.h"
#include "test_util.h"

namespace {

using np_test::axis_value;
using np_test::HasNoNegativeZero;
using np_test::same_bits;
using np_test::VecEq;

using np::AABB;
using np::Ray;
using np::RayHit;
using np::Segment;
using np::Vec3;

const AABB kBox{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
const double kInf = std::numeric_limits<double>::infinity();

// A point whose coordinate on `axis` is v and whose other two coordinates are
// 0.25 and -0.5 (inside the box's extent), so that moving along `axis` crosses
// the middle of a face.
Vec3 off_center(int axis, double v) {
  Vec3 p = axis_value(axis, v);
  np::set(p, (axis + 1) % 3, 0.25);
  np::set(p, (axis + 2) % 3, -0.5);
  return p;
}

::testing::AssertionResult HitsSameBits(const RayHit& a, const RayHit& b) {
  const double fa[7] = {a.distance, a.point.x,  a.point.y, a.point.z,
                        a.normal.x, a.normal.y, a.normal.z};
  const double fb[7] = {b.distance, b.point.x,  b.point.y, b.point.z,
                        b.normal.x, b.normal.y, b.normal.z};
  for (int i = 0; i < 7; ++i) {
    if (!same_bits(fa[i], fb[i]))
      return ::testing::AssertionFailure()
             << "field " << i << ": " << fa[i] << " vs " << fb[i];
  }
  return ::testing::AssertionSuccess();
}

bool in_closed_box(Vec3 p, const AABB& box) {
  return p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y &&
         p.y <= box.max.y && p.z >= box.min.z && p.z <= box.max.z;
}

// The normal is the outward unit axis of a face that contains the point.
::testing::AssertionResult NormalIsAFaceOfPoint(const RayHit& hit,
                                                const AABB& box) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      Vec3 n{0.0, 0.0, 0.0};
      np::set(n, i, s);
      if (same_bits(hit.normal.x, n.x) && same_bits(hit.normal.y, n.y) &&
          same_bits(hit.normal.z, n.z)) {
        const double face = s < 0 ? np::get(box.min, i) : np::get(box.max, i);
        if (np::get(hit.point, i) == face) return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure()
               << "point is not on the face of normal axis " << i << " sign "
               << s;
      }
    }
  }
  return ::testing::AssertionFailure()
         << "normal (" << hit.normal.x << ", " << hit.normal.y << ", "
         << hit.normal.z << ") is not a unit axis";
}

// ---- An exact oracle for "does the half-line meet the closed box"
// ----------------------------------------
//
// The slab test compares parameters (bound - o) / d. As fractions num / den
// with den > 0, a/b <= c/e is a*e <= c*b. With all bounds and origins multiples
// of 2^-52 below 2^7 in magnitude, each num = bound - o has at most 59
// significant bits and each den (a double) 53, so every product fits the
// 113-bit significand of
// __float128 (or of a quadruple-precision long double) and the whole decision
// is exact.
#if defined(__SIZEOF_FLOAT128__)
using quad = __float128;
constexpr bool kHaveExactQuad = true;
#else
using quad = long double;
constexpr bool kHaveExactQuad = std::numeric_limits<long double>::digits >= 113;
#endif
struct Fraction {
  quad num, den;  // den > 0
};
bool le(Fraction a, Fraction b) { return a.num * b.den <= b.num * a.den; }

bool exact_ray_meets_box(Vec3 o, Vec3 d, const AABB& box) {
  Fraction near[3], far[3];
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    const double oi = np::get(o, i), di = np::get(d, i),
                 lo = np::get(box.min, i), hi = np::get(box.max, i);
    if (di == 0.0) {
      if (oi < lo || oi > hi) return false;
      continue;
    }
    const quad a = static_cast<quad>(lo) - oi, b = static_cast<quad>(hi) - oi;
    if (di > 0) {
      near[n] = {a, static_cast<quad>(di)};
      far[n] = {b, static_cast<quad>(di)};
    } else {
      near[n] = {-b, -static_cast<quad>(di)};
      far[n] = {-a, -static_cast<quad>(di)};
    }
    ++n;
  }
  for (int j = 0; j < n; ++j) {
    if (far[j].num < 0)
      return false;  // that slab lies entirely behind the origin
    for (int i = 0; i < n; ++i) {
      if (!le(near[i], far[j])) return false;
    }
  }
  return true;
}

double quantize(double v, int exponent) {
  return std::ldexp(std::nearbyint(std::ldexp(v, -exponent)), exponent);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Rays from outside
// ---------------------------------------------------------------------------------------------------------

TEST(RaycastAABB, RayFromOutsideTowardTheBoxHitsTheEntryFace) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      for (double length :
           {1.0, 0.5,
            8.0}) {  // distances are world units whatever |direction| is
        SCOPED_TRACE(testing::Message()
                     << "axis " << i << " sign " << s << " |d| " << length);
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb(
            {off_center(i, 3.0 * s), axis_value(i, -s * length)}, kBox, kInf,
            &hit));
        EXPECT_EQ(hit.distance, 2.0);
        EXPECT_PRED_FORMAT2(VecEq, hit.point, off_center(i, s));
        EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
        EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
      }
    }
  }
}

TEST(RaycastAABB, ObliqueRayHitsTheFaceItEntersThrough) {
  // From (-3, 0.25, -0.5) along (2, 1, 0) the x slab is crossed for t in [1, 2]
  // but the y slab only for t in [-1.25, 0.75]: the intervals are disjoint, a
  // miss. Along (4, 1, 0) the x slab is crossed for t in [0.5, 1], inside the y
  // slab's interval: entry through the -x face at (-1, 0.75, -0.5), distance
  // 0.5 * sqrt(17).
  RayHit hit;
  EXPECT_FALSE(np::raycast_aabb({{-3.0, 0.25, -0.5}, {2.0, 1.0, 0.0}}, kBox,
                                kInf, &hit));
  for (int i = 0; i < 3; ++i) {  // the same ray with the axes relabeled
    SCOPED_TRACE(testing::Message() << "x mapped to axis " << i);
    const Vec3 o = axis_value(i, -3.0) + axis_value((i + 1) % 3, 0.25) +
                   axis_value((i + 2) % 3, -0.5);
    const Vec3 d = axis_value(i, 4.0) + axis_value((i + 1) % 3, 1.0);
    ASSERT_TRUE(np::raycast_aabb({o, d}, kBox, kInf, &hit));
    EXPECT_EQ(hit.distance, 0.5 * std::sqrt(17.0));
    EXPECT_PRED_FORMAT2(VecEq, hit.point,
                        axis_value(i, -1.0) + axis_value((i + 1) % 3, 0.75) +
                            axis_value((i + 2) % 3, -0.5));
    EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, -1.0));
  }
}

TEST(RaycastAABB, RayPointingAwayFromABoxJustBehindItsOriginMisses) {
  // The articles' 002 code intersects the face planes without checking t >= 0
  // and reports a point behind.
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      for (double gap : {0.5, 1e-9, std::nextafter(1.0, 2.0) - 1.0}) {
        SCOPED_TRACE(testing::Message()
                     << "axis " << i << " sign " << s << " gap " << gap);
        RayHit hit;
        EXPECT_FALSE(
            np::raycast_aabb({off_center(i, s * (1.0 + gap)), axis_value(i, s)},
                             kBox, kInf, &hit));
        EXPECT_FALSE(np::linecast_aabb(
            {off_center(i, s * (1.0 + gap)), off_center(i, s * 5.0)}, kBox,
            &hit));
      }
    }
  }
}

TEST(LinecastAABB, Article002SegmentFromTwoToFiveMissesTheUnitBoxBehindIt) {
  // Seeds README: box [0,1]^3, A = (2, .5, .5), B = (5, .5, .5) "hits" (0, .5,
  // .5) in article 002. With every axis in the role of x, and mirrored (box
  // [-1,0]^3, A = -2, B = -5).
  for (int i = 0; i < 3; ++i) {
    for (double s : {1.0, -1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      AABB box{{0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}};
      if (s < 0) np::set(box.min, i, -1.0), np::set(box.max, i, 0.0);
      Vec3 a{0.5, 0.5, 0.5}, b{0.5, 0.5, 0.5};
      np::set(a, i, 2.0 * s);
      np::set(b, i, 5.0 * s);
      RayHit hit;
      EXPECT_FALSE(np::linecast_aabb({a, b}, box, &hit));
      EXPECT_FALSE(np::raycast_aabb({a, b - a}, box, kInf, &hit));
      // Pointed the other way, toward the box, it does hit the face at 1 (-1),
      // 1 unit from A.
      ASSERT_TRUE(np::raycast_aabb({a, a - b}, box, kInf, &hit))
          << "toward the box";
      EXPECT_EQ(hit.distance, 1.0);
      EXPECT_EQ(np::get(hit.normal, i), s);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Starting inside or on the box
// ---------------------------------------------------------------------------------------------------------

TEST(RaycastAABB, RayStartingStrictlyInsideHitsAtDistanceZeroFacingBack) {
  const Vec3 origin{0.25, -0.5, 0.75};
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      RayHit hit;
      ASSERT_TRUE(
          np::raycast_aabb({origin, axis_value(i, 4.0 * s)}, kBox, kInf, &hit));
      EXPECT_EQ(hit.distance, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.point, origin);
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, -s));
      EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
    }
  }
  // An oblique direction: normal = -(3, 4, 0) / 5.
  RayHit hit;
  ASSERT_TRUE(np::raycast_aabb({origin, {3.0, 4.0, 0.0}}, kBox, kInf, &hit));
  EXPECT_EQ(hit.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-3.0 / 5.0, -4.0 / 5.0, 0.0}));
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
}

TEST(RaycastAABB, RayStartingOnAFaceHitsAtZeroWhicheverWayItPoints) {
  // The box is closed: its surface belongs to it. Exclusive slab variants miss
  // the outward case.
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      const Vec3 origin = off_center(i, s);
      const Vec3 directions[] = {
          axis_value(i, s), axis_value(i, -s), axis_value((i + 1) % 3, 1.0),
          axis_value(i, s) + axis_value((i + 2) % 3, 1.0)};
      for (const Vec3& d : directions) {
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb({origin, d}, kBox, kInf, &hit));
        EXPECT_EQ(hit.distance, 0.0);
        EXPECT_PRED_FORMAT2(VecEq, hit.point, origin);
        EXPECT_PRED_FORMAT2(VecEq, hit.normal,
                            np::negated(d) / std::sqrt(np::length_squared(d)));
        EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
      }
    }
  }
}

TEST(RaycastAABB, MaxDistanceZeroStillHitsAnOriginInsideButNothingAhead) {
  RayHit hit;
  EXPECT_TRUE(
      np::raycast_aabb({{0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}}, kBox, 0.0, &hit));
  EXPECT_TRUE(
      np::raycast_aabb({{1.0, 0.0, 0.0}, {1.0, 0.0, 0.0}}, kBox, 0.0, &hit));
  EXPECT_FALSE(
      np::raycast_aabb({{-3.0, 0.0, 0.0}, {1.0, 0.0, 0.0}}, kBox, 0.0, &hit));
}

TEST(RaycastAABB, HitExactlyAtMaxDistanceCountsAndOneUlpShortDoesNot) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      const Ray ray{off_center(i, 3.0 * s), axis_value(i, -s * 0.25)};
      RayHit hit;
      EXPECT_TRUE(np::raycast_aabb(ray, kBox, 2.0, &hit));
      EXPECT_EQ(hit.distance, 2.0);
      EXPECT_FALSE(np::raycast_aabb(ray, kBox, std::nextafter(2.0, 0.0), &hit));
      EXPECT_TRUE(np::raycast_aabb(ray, kBox, kInf, &hit));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rays in face planes, zero and -0 direction components
// ---------------------------------------------------------------------------------------------------------

TEST(RaycastAABB, RayLyingInAFacePlaneHitsABoxAheadAndMissesOneBehind) {
  // The naive min/max slab (0 * inf = NaN dropped by min/max) reports a false
  // hit behind.
  for (int i = 0; i < 3; ++i) {  // the face plane's axis
    for (double s : {-1.0, 1.0}) {
      for (int j :
           {(i + 1) % 3,
            (i + 2) % 3}) {  // the direction of travel, within the plane
        for (double dir : {-1.0, 1.0}) {
          SCOPED_TRACE(testing::Message() << "plane axis " << i << " sign " << s
                                          << " travel " << j << " " << dir);
          const int k = 3 - i - j;
          const Vec3 origin = axis_value(i, s) + axis_value(j, -3.0 * dir) +
                              axis_value(k, 0.25);
          RayHit hit;
          ASSERT_TRUE(
              np::raycast_aabb({origin, axis_value(j, dir)}, kBox, kInf, &hit));
          EXPECT_EQ(hit.distance, 2.0);
          EXPECT_PRED_FORMAT2(
              VecEq, hit.point,
              axis_value(i, s) + axis_value(j, -dir) + axis_value(k, 0.25));
          EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(j, -dir));
          EXPECT_FALSE(
              np::raycast_aabb({origin, axis_value(j, -dir)}, kBox, kInf, &hit))
              << "box behind";
          // One ulp off the plane, outside the box: a miss either way.
          Vec3 outside = origin;
          np::set(outside, i, std::nextafter(s, 2.0 * s));
          EXPECT_FALSE(
              np::raycast_aabb({outside, axis_value(j, dir)}, kBox, kInf, &hit))
              << "ulp outside";
        }
      }
    }
  }
}

TEST(RaycastAABB,
     NegativeZeroDirectionComponentsGiveTheSameResultAsPositiveZero) {
  // Choosing the near slab from `d >= 0` flips on -0.0 (Williams et al. 2005).
  // Every sign pattern of the two zero components, origin inside those slabs,
  // both outside the box (ahead, behind) and inside it.
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      const Vec3 origins[] = {off_center(i, -3.0 * s), off_center(i, 3.0 * s),
                              off_center(i, 0.5)};
      for (const Vec3& origin : origins) {
        RayHit reference{};
        const bool reference_hit = np::raycast_aabb({origin, axis_value(i, s)},
                                                    kBox, kInf, &reference);
        for (int zeros = 0; zeros < 4; ++zeros) {
          Vec3 d = axis_value(i, s);
          np::set(d, (i + 1) % 3, zeros & 1 ? -0.0 : 0.0);
          np::set(d, (i + 2) % 3, zeros & 2 ? -0.0 : 0.0);
          SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s
                                          << " zero signs " << zeros);
          RayHit hit{};
          ASSERT_EQ(np::raycast_aabb({origin, d}, kBox, kInf, &hit),
                    reference_hit);
          if (reference_hit) {
            EXPECT_TRUE(HitsSameBits(hit, reference));
            EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
          }
        }
      }
    }
  }
}

TEST(RaycastAABB, ZeroComponentWithTheOriginOnThatSlabsPlaneGivesNoNaN) {
  // (plane - origin) / 0 would be 0 / 0 = NaN, and 0 * inf in the reciprocal
  // form (Barnes 2015).
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      for (double zero : {0.0, -0.0}) {
        SCOPED_TRACE(testing::Message()
                     << "axis " << i << " sign " << s << " zero " << zero);
        const int j = (i + 1) % 3;
        Vec3 origin = axis_value(i, s) + axis_value(j, -3.0);
        Vec3 d = axis_value(j, 1.0);
        np::set(d, i, zero);
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb({origin, d}, kBox, kInf, &hit));
        for (double v : {hit.distance, hit.point.x, hit.point.y, hit.point.z,
                         hit.normal.x, hit.normal.y, hit.normal.z}) {
          EXPECT_TRUE(std::isfinite(v));
        }
        EXPECT_EQ(hit.distance, 2.0);
        // Also starting on that plane inside the box: the hit is at 0, not NaN.
        np::set(origin, j, 0.0);
        ASSERT_TRUE(np::raycast_aabb({origin, d}, kBox, kInf, &hit));
        EXPECT_EQ(hit.distance, 0.0);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Edges, corners, flat boxes
// ---------------------------------------------------------------------------------------------------------

TEST(RaycastAABB, RayGrazingAlongAnEdgeHitsAtItsEnd) {
  for (int k = 0; k < 3; ++k) {  // the edge's direction
    for (double si : {-1.0, 1.0}) {
      for (double sj : {-1.0, 1.0}) {
        for (double dir : {-1.0, 1.0}) {
          SCOPED_TRACE(testing::Message() << "edge along " << k << " signs "
                                          << si << sj << " dir " << dir);
          const int i = (k + 1) % 3, j = (k + 2) % 3;
          const Vec3 edge = axis_value(i, si) + axis_value(j, sj);
          RayHit hit;
          ASSERT_TRUE(np::raycast_aabb(
              {edge + axis_value(k, -3.0 * dir), axis_value(k, dir)}, kBox,
              kInf, &hit));
          EXPECT_EQ(hit.distance, 2.0);
          EXPECT_PRED_FORMAT2(VecEq, hit.point, edge + axis_value(k, -dir));
          EXPECT_TRUE(NormalIsAFaceOfPoint(hit, kBox));
          EXPECT_LE(np::dot(hit.normal, axis_value(k, dir)), 0.0);
        }
      }
    }
  }
}

TEST(RaycastAABB, RayCrossingAnEdgeDiagonallyHitsItWithEitherAdjacentNormal) {
  for (int k = 0; k < 3; ++k) {
    for (double si : {-1.0, 1.0}) {
      for (double sj : {-1.0, 1.0}) {
        SCOPED_TRACE(testing::Message()
                     << "edge along " << k << " signs " << si << sj);
        const int i = (k + 1) % 3, j = (k + 2) % 3;
        const Vec3 origin = axis_value(i, 3.0 * si) + axis_value(j, 3.0 * sj) +
                            axis_value(k, 0.5);
        const Vec3 d = axis_value(i, -si) + axis_value(j, -sj);
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb({origin, d}, kBox, kInf, &hit));
        EXPECT_EQ(hit.distance, 2.0 * std::sqrt(2.0));
        EXPECT_PRED_FORMAT2(
            VecEq, hit.point,
            axis_value(i, si) + axis_value(j, sj) + axis_value(k, 0.5));
        EXPECT_TRUE(NormalIsAFaceOfPoint(hit, kBox));
        EXPECT_LT(np::dot(hit.normal, d), 0.0);
      }
    }
  }
}

TEST(RaycastAABB, RayThroughACornerHitsThatCorner) {
  for (int signs = 0; signs < 8; ++signs) {
    const Vec3 corner{signs & 1 ? -1.0 : 1.0, signs & 2 ? -1.0 : 1.0,
                      signs & 4 ? -1.0 : 1.0};
    SCOPED_TRACE(testing::Message()
                 << "corner " << corner.x << corner.y << corner.z);
    RayHit hit;
    ASSERT_TRUE(np::raycast_aabb({corner * 3.0, -corner}, kBox, kInf, &hit));
    EXPECT_EQ(hit.distance, 2.0 * std::sqrt(3.0));
    EXPECT_PRED_FORMAT2(VecEq, hit.point, corner);
    EXPECT_TRUE(NormalIsAFaceOfPoint(hit, kBox));
    EXPECT_LT(np::dot(hit.normal, -corner), 0.0);
  }
}

TEST(RaycastAABB, RaysAimedAtAnEdgeNeverMissWhenTheExactRayMeetsTheBox) {
  // Ize 2013: rounding in (bound - origin) / d can make t_far < t_near for a
  // ray through an edge; the core widens t_far by 2 ulp. The rays are aimed at
  // random points of random edges with full-precision doubles, so the
  // subtraction rounds, and the exact oracle (above) says whether the ray truly
  // meets the closed box. Whenever it does, the core must hit. Bounds and
  // origins are multiples of 2^-52 (see the oracle).
  if (!kHaveExactQuad)
    GTEST_SKIP() << "needs a 113-bit floating type for the exact oracle";
  std::mt19937_64 rng(0x12E2013);
  std::uniform_real_distribution<double> bound(0.5, 1.99), far(-60.0, 60.0),
      along(0.0, 1.0);
  int exact_hits = 0, exact_misses = 0, false_misses = 0;
  for (int n = 0; n < 20000; ++n) {
    AABB box{{-quantize(bound(rng), -52), -quantize(bound(rng), -52),
              -quantize(bound(rng), -52)},
             {quantize(bound(rng), -52), quantize(bound(rng), -52),
              quantize(bound(rng), -52)}};
    const int k = static_cast<int>(rng() % 3), i = (k + 1) % 3,
              j = (k + 2) % 3;  // edge along k
    Vec3 target{};
    np::set(target, i, rng() & 1 ? np::get(box.min, i) : np::get(box.max, i));
    np::set(target, j, rng() & 1 ? np::get(box.min, j) : np::get(box.max, j));
    const double t = along(rng);
    np::set(
        target, k,
        np::get(box.min, k) + t * (np::get(box.max, k) - np::get(box.min, k)));
    Vec3 origin{quantize(far(rng), -52), quantize(far(rng), -52),
                quantize(far(rng), -52)};
    if (in_closed_box(origin, box)) continue;
    // Normalized, as a three.js Ray's direction is: then bound - origin and d
    // no longer share their rounding (with d = target - origin unnormalized,
    // (target - origin) / d would be exactly 1 on both axes of the edge and
    // nothing could go wrong).
    const Vec3 d =
        (target - origin) / std::sqrt(np::length_squared(target - origin));
    const bool exact = exact_ray_meets_box(origin, d, box);
    RayHit hit;
    const bool got = np::raycast_aabb({origin, d}, box, kInf, &hit);
    exact ? ++exact_hits : ++exact_misses;
    if (exact && !got && ++false_misses <= 5) {
      ADD_FAILURE() << "false miss, case " << n << " (seed 0x12E2013)";
    }
    // A hit must be on the box whatever the oracle says (the 2 ulp widening may
    // accept a ray that misses by less than rounding).
    if (got) {
      ASSERT_TRUE(in_closed_box(hit.point, box)) << "case " << n;
    }
  }
  EXPECT_EQ(false_misses, 0);
  EXPECT_GT(exact_hits, 1000);  // the oracle split the rays into both kinds
  EXPECT_GT(exact_misses, 1000);
}

TEST(RaycastAABB, FlatBoxIsHitByARayCrossingIt) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "flat axis " << i << " sign " << s);
      AABB flat = kBox;
      np::set(flat.min, i, 0.5);
      np::set(flat.max, i, 0.5);
      RayHit hit;
      ASSERT_TRUE(np::raycast_aabb(
          {off_center(i, 0.5 - 3.0 * s), axis_value(i, s)}, flat, kInf, &hit));
      EXPECT_EQ(hit.distance, 3.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.point, off_center(i, 0.5));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, -s));
      // Obliquely, too.
      ASSERT_TRUE(
          np::raycast_aabb({off_center(i, 0.5 - 3.0 * s),
                            axis_value(i, s) + axis_value((i + 1) % 3, 0.125)},
                           flat, kInf, &hit));
      EXPECT_EQ(np::get(hit.point, i), 0.5);
    }
  }
  // A box flat on all three axes is a point; a ray through it hits it.
  const AABB point{{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}};
  RayHit hit;
  ASSERT_TRUE(
      np::raycast_aabb({{0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}}, point, kInf, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{0.5, 0.5, 0.5}));
  EXPECT_FALSE(
      np::raycast_aabb({{0.0, 0.0, 0.0}, {1.0, 1.0, 0.5}}, point, kInf, &hit));
}

// ---------------------------------------------------------------------------------------------------------
// Scale
// ---------------------------------------------------------------------------------------------------------

TEST(RaycastAABB,
     TinyBoxesFarFromTheOriginKeepTheRelativeAccuracyOfTheirCoordinates) {
  // Boxes 1e-6 to 1e3 wide at offsets up to 1e6, rays aimed at interior points
  // from ~10 box widths away. The reference is the same slab computation in
  // long double from the same (rounded) doubles. The hit distance must be
  // within 16 ulp *of itself*: bound - origin, the division, the length and the
  // product each round by at most half an ulp (bound - origin is even exact
  // near large offsets, by Sterbenz), so the error is relative to the distance
  // and does not grow with the offset. An absolute epsilon (1e-6, say) would be
  // as large as the smallest box.
  std::mt19937_64 rng(0x7127);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), inner(0.05, 0.95);
  for (double offset : {0.0, 1e5, -3e5, 1e6}) {
    for (double size : {1e-6, 1.0, 1e3}) {
      SCOPED_TRACE(testing::Message()
                   << "offset " << offset << " size " << size);
      for (int n = 0; n < 200; ++n) {
        const Vec3 lo{offset + size * unit(rng), offset + size * unit(rng),
                      offset + size * unit(rng)};
        const AABB box{lo, lo + Vec3{size, size, size}};
        const Vec3 target{box.min.x + size * inner(rng),
                          box.min.y + size * inner(rng),
                          box.min.z + size * inner(rng)};
        Vec3 origin =
            target + Vec3{unit(rng), unit(rng), unit(rng)} * (10.0 * size);
        const int face = static_cast<int>(
            rng() % 3);  // push the origin outside along one axis
        np::set(origin, face,
                np::get(target, face) + (rng() & 1 ? 3.0 : -3.0) * size);
        const Vec3 d = target - origin;
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb({origin, d}, box, kInf, &hit))
            << "case " << n;
        // Reference entry parameter in long double.
        long double t_in = 0.0L;
        for (int i = 0; i < 3; ++i) {
          const long double o = np::get(origin, i), di = np::get(d, i);
          if (di == 0) continue;
          const long double a = (np::get(box.min, i) - o) / di,
                            b = (np::get(box.max, i) - o) / di;
          t_in = std::max(t_in, std::min(a, b));
        }
        const long double len = std::sqrt(static_cast<long double>(d.x) * d.x +
                                          static_cast<long double>(d.y) * d.y +
                                          static_cast<long double>(d.z) * d.z);
        const double expected = static_cast<double>(t_in * len);
        EXPECT_NEAR(hit.distance, expected,
                    16.0 * std::numeric_limits<double>::epsilon() * expected)
            << "case " << n;
        EXPECT_TRUE(in_closed_box(hit.point, box));
      }
    }
  }
}

TEST(RaycastAABB, DirectionLengthDoesNotChangeTheHitEvenAtExtremeMagnitudes) {
  // Distances are world units along the normalized direction, for any direction
  // validate() accepts: also one whose squared length overflows (|d| > ~1e154)
  // or underflows (|d| < ~1e-154, down to the smallest subnormal). Power-of-two
  // lengths give bit-identical hits; for the others t = 2 / |d| and t * |d|
  // each round once, so EXPECT_DOUBLE_EQ's 4 ulp is ample.
  const double exact_lengths[] = {std::ldexp(1.0, 600), std::ldexp(1.0, -530),
                                  std::ldexp(1.0, 1000), std::ldexp(1.0, -1074),
                                  std::ldexp(1.0, -900)};
  const double other_lengths[] = {1e300,
                                  std::ldexp(1.0 + std::ldexp(1.0, -30), -530),
                                  std::ldexp(3.0, -535), 1e-200, 1e-310};
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      RayHit reference;
      ASSERT_TRUE(np::raycast_aabb({off_center(i, 3.0 * s), axis_value(i, -s)},
                                   kBox, kInf, &reference));
      for (double k : exact_lengths) {
        SCOPED_TRACE(testing::Message()
                     << "axis " << i << " sign " << s << " |d| " << k);
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb(
            {off_center(i, 3.0 * s), axis_value(i, -s * k)}, kBox, 10.0, &hit));
        EXPECT_TRUE(HitsSameBits(hit, reference));
      }
      for (double k : other_lengths) {
        SCOPED_TRACE(testing::Message()
                     << "axis " << i << " sign " << s << " |d| " << k);
        RayHit hit;
        ASSERT_TRUE(np::raycast_aabb(
            {off_center(i, 3.0 * s), axis_value(i, -s * k)}, kBox, 10.0, &hit));
        EXPECT_DOUBLE_EQ(hit.distance, 2.0);
        EXPECT_PRED_FORMAT2(VecEq, hit.point, reference.point);
        EXPECT_PRED_FORMAT2(VecEq, hit.normal, reference.normal);
      }
      for (const double* lengths : {exact_lengths, other_lengths}) {
        for (int n = 0; n < 5; ++n) {
          const double k = lengths[n];
          SCOPED_TRACE(testing::Message() << "inside, axis " << i << " sign "
                                          << s << " |d| " << k);
          // Starting inside: distance 0 and a unit normal facing back, never
          // NaN or a zero vector.
          RayHit hit;
          ASSERT_TRUE(np::raycast_aabb(
              {off_center(i, 0.5), axis_value(i, -s * k)}, kBox, kInf, &hit));
          EXPECT_EQ(hit.distance, 0.0);
          EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
          Vec3 oblique =
              axis_value(i, 3.0 * s) + axis_value((i + 1) % 3, 4.0 * s);
          ASSERT_TRUE(np::raycast_aabb({off_center(i, 0.5), oblique * k}, kBox,
                                       kInf, &hit));
          EXPECT_EQ(hit.distance, 0.0);
          EXPECT_DOUBLE_EQ(np::get(hit.normal, i), -0.6 * s);
          EXPECT_DOUBLE_EQ(np::get(hit.normal, (i + 1) % 3), -0.8 * s);
          EXPECT_EQ(np::get(hit.normal, (i + 2) % 3), 0.0);
        }
      }
    }
  }
}

TEST(RaycastAABB, TinyDirectionsReachFarBoxesAndHugeOnesNearBoxes) {
  // Found by probing: with the direction rescaled only outside [2^-500, 2^500],
  // (bound - origin) / direction still overflowed (a 2^-499 direction toward a
  // box at 2^600: t = inf, NaN in the point) or underflowed (a 2^500 direction
  // toward a face at 2^-600: t = 0, "started inside"). Every direction is now
  // brought to [1, 2) first.
  RayHit hit;
  const np::AABB far{{0x1p600, -1.0, -1.0}, {0x1p601, 1.0, 1.0}};
  ASSERT_TRUE(np::raycast_aabb({{0.0, 0.0, 0.0}, {0x1p-499, 0.0, 0.0}}, far,
                               kInf, &hit));
  EXPECT_EQ(hit.distance, 0x1p600);
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{0x1p600, 0.0, 0.0}));
  EXPECT_TRUE(np::raycast_aabb({{0.0, 0.0, 0.0}, {0x1p-499, 0.0, 0.0}}, far,
                               0x1p602, &hit));
  const np::AABB near{{0x1p-600, -1.0, -1.0}, {1.0, 1.0, 1.0}};
  ASSERT_TRUE(np::raycast_aabb({{0.0, 0.0, 0.0}, {0x1p500, 0.0, 0.0}}, near,
                               kInf, &hit));
  EXPECT_EQ(hit.distance, 0x1p-600);
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-1.0, 0.0, 0.0}));
  // An entry beyond the largest double: the distance is inf, and the
  // coordinates that do not move stay put.
  ASSERT_TRUE(np::raycast_aabb({{-1e308, 0.0, 0.0}, {1.0, 0.0, 0.0}},
                               {{1e308, -1.0, -1.0}, {1.5e308, 1.0, 1.0}}, kInf,
                               &hit));
  EXPECT_EQ(hit.distance, kInf);
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{1e308, 0.0, 0.0}));
  // A subnormal direction toward a box 1e300 away: the distance, not infinity.
  ASSERT_TRUE(np::raycast_aabb({{-1e300, 0.0, 0.0}, {1e-320, 0.0, 0.0}},
                               {{0.0, -1.0, -1.0}, {1.0, 1.0, 1.0}}, kInf,
                               &hit));
  EXPECT_EQ(hit.distance, 1e300);
  // A 2^1000 direction with a 2^-100 component, from the plane y = 1 of the
  // unit box: y grows for every t > 0, a miss. Scaling the direction down to ~1
  // would have dropped that component to 0, and hit the face.
  EXPECT_FALSE(np::raycast_aabb({{-2.0, 1.0, 0.0}, {0x1p1000, 0x1p-100, 0.0}},
                                kBox, kInf, &hit));
}

// ---------------------------------------------------------------------------------------------------------
// Segments
// ---------------------------------------------------------------------------------------------------------

TEST(LinecastAABB, SegmentThroughTheBoxHitsAtTheEntryFace) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      RayHit hit;
      ASSERT_TRUE(np::linecast_aabb(
          {off_center(i, 3.0 * s), off_center(i, -5.0 * s)}, kBox, &hit));
      EXPECT_EQ(hit.distance, 2.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.point, off_center(i, s));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
    }
  }
}

TEST(LinecastAABB, SegmentEndingExactlyOnAFaceHitsAtItsFullLength) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      RayHit hit;
      ASSERT_TRUE(np::linecast_aabb({off_center(i, 3.0 * s), off_center(i, s)},
                                    kBox, &hit));
      EXPECT_EQ(hit.distance, 2.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.point, off_center(i, s));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
      // Ending one ulp short of the face: a miss.
      EXPECT_FALSE(np::linecast_aabb(
          {off_center(i, 3.0 * s), off_center(i, std::nextafter(s, 2.0 * s))},
          kBox, &hit));
    }
  }
  // Ending one ulp short with random starts: the slab parameter rounds to 1 for
  // most of them, but the end point does not reach the face's plane, so no hit
  // is reported beyond it.
  {
    std::mt19937_64 rng(20261122);
    std::uniform_real_distribution<double> u(-0.99, 0.99), far(1.5, 9.0);
    for (int n = 0; n < 2000; ++n) {
      const int i = static_cast<int>(rng() % 3);
      const double s = rng() & 1 ? 1.0 : -1.0;
      Vec3 start{u(rng), u(rng), u(rng)}, end{u(rng), u(rng), u(rng)};
      np::set(start, i, s * far(rng));
      np::set(end, i, std::nextafter(s, 2.0 * s));
      RayHit hit;
      EXPECT_FALSE(np::linecast_aabb({start, end}, kBox, &hit)) << "case " << n;
    }
  }
  // With non-dyadic coordinates the end parameter (face - start) / (end -
  // start) is still exactly 1.
  std::mt19937_64 rng(0xE4D);
  std::uniform_real_distribution<double> u(-0.99, 0.99), far(1.5, 9.0);
  for (int n = 0; n < 1000; ++n) {
    const int i = static_cast<int>(rng() % 3);
    const double s = rng() & 1 ? 1.0 : -1.0;
    Vec3 start{u(rng), u(rng), u(rng)}, end{u(rng), u(rng), u(rng)};
    np::set(start, i, s * far(rng));
    np::set(end, i, s);
    RayHit hit;
    ASSERT_TRUE(np::linecast_aabb({start, end}, kBox, &hit)) << "case " << n;
    EXPECT_EQ(hit.distance, std::sqrt(np::length_squared(end - start)))
        << "case " << n;
    EXPECT_EQ(np::get(hit.point, i), s) << "case " << n;
  }
}

TEST(LinecastAABB, EndPointsNearTheLargestDoublesStillGiveTheEntryFace) {
  // end - start overflows to infinity; the segment is halved (exactly) and the
  // answer scaled back.
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      RayHit hit;
      ASSERT_TRUE(np::linecast_aabb(
          {axis_value(i, 1e308 * s), axis_value(i, -1e308 * s)}, kBox, &hit));
      EXPECT_EQ(hit.distance, 1e308 - 1.0);  // exactly 1e308 in double
      EXPECT_PRED_FORMAT2(VecEq, hit.point, axis_value(i, s));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
      // Starting inside: the start itself.
      ASSERT_TRUE(np::linecast_aabb(
          {axis_value(i, 0.5 * s), axis_value(i, -1.7e308 * s)},
          {{-1e308, -1e308, -1e308}, {1e308, 1e308, 1e308}}, &hit));
      EXPECT_EQ(hit.distance, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.point, axis_value(i, 0.5 * s));
    }
  }
  // Halving rounds subnormal box coordinates; the hit point is still exactly on
  // the box's face.
  RayHit hit;
  const double face = 3.0 * std::numeric_limits<double>::denorm_min();
  ASSERT_TRUE(np::linecast_aabb({{-DBL_MAX, 0.0, 0.0}, {DBL_MAX, 0.0, 0.0}},
                                {{face, -1.0, -1.0}, {1.0, 1.0, 1.0}}, &hit));
  EXPECT_EQ(hit.point.x, face);
}

TEST(LinecastAABB, SegmentStoppingBeforeTheBoxMisses) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      RayHit hit;
      EXPECT_FALSE(np::linecast_aabb(
          {off_center(i, 3.0 * s), off_center(i, 1.5 * s)}, kBox, &hit));
    }
  }
}

TEST(LinecastAABB, SegmentStartingInsideHitsAtZeroFacingBackAlongIt) {
  RayHit hit;
  ASSERT_TRUE(np::linecast_aabb(
      {{0.25, -0.5, 0.75}, {0.25 + 3.0, -0.5 + 4.0, 0.75}}, kBox, &hit));
  EXPECT_EQ(hit.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, hit.point, (Vec3{0.25, -0.5, 0.75}));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-0.6, -0.8, 0.0}));
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
}

TEST(LinecastAABB, ZeroLengthSegmentInsideHitsAtZeroFacingTheNearestFace) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      Vec3 p{0.125, -0.125, 0.0625};  // all within 0.125 of the center, so axis
                                      // i at 0.75 is nearest
      np::set(p, i, 0.75 * s);
      RayHit hit;
      ASSERT_TRUE(np::linecast_aabb({p, p}, kBox, &hit));
      EXPECT_EQ(hit.distance, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, hit.point, p);
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
      EXPECT_PRED_FORMAT1(HasNoNegativeZero, hit.normal);
      // On the face itself.
      np::set(p, i, s);
      ASSERT_TRUE(np::linecast_aabb({p, p}, kBox, &hit));
      EXPECT_PRED_FORMAT2(VecEq, hit.normal, axis_value(i, s));
    }
  }
  // Ties: x before y before z, the min face before the max face.
  RayHit hit;
  ASSERT_TRUE(
      np::linecast_aabb({{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}, kBox, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{-1.0, 0.0, 0.0}));
  ASSERT_TRUE(
      np::linecast_aabb({{0.0, 0.75, -0.75}, {0.0, 0.75, -0.75}}, kBox, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{0.0, 1.0, 0.0}));
  ASSERT_TRUE(
      np::linecast_aabb({{0.0, -0.75, 0.75}, {0.0, -0.75, 0.75}}, kBox, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{0.0, -1.0, 0.0}));
  ASSERT_TRUE(
      np::linecast_aabb({{1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}}, kBox, &hit));
  EXPECT_PRED_FORMAT2(VecEq, hit.normal, (Vec3{1.0, 0.0, 0.0}));
}

TEST(LinecastAABB, ZeroLengthSegmentOutsideMisses) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      Vec3 p = off_center(i, std::nextafter(s, 2.0 * s));
      RayHit hit;
      EXPECT_FALSE(np::linecast_aabb({p, p}, kBox, &hit))
          << "axis " << i << " sign " << s;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Flat C interface
// ---------------------------------------------------------------------------------------------------------

TEST(FlatRaycast, RaycastAndLinecastMatchTheTypedFunctionsBitForBit) {
  std::mt19937_64 rng(0xF1A7C);
  std::uniform_real_distribution<double> u(-4.0, 4.0);
  int hits = 0;
  for (int n = 0; n < 1000; ++n) {
    const Vec3 a{u(rng), u(rng), u(rng)}, b{u(rng), u(rng), u(rng)};
    const double max_distance = n % 2 ? kInf : std::fabs(u(rng));
    double io[NP_IO_DOUBLES] = {a.x, a.y, a.z, b.x, b.y, b.z,         -1,
                                -1,  -1,  1,   1,   1,   max_distance};
    double io2[NP_IO_DOUBLES];
    std::memcpy(io2, io, sizeof io);
    RayHit hit;
    const bool ray_hit = np::raycast_aabb({a, b}, kBox, max_distance, &hit);
    ASSERT_EQ(np_raycastAABB(io), ray_hit ? 1 : 0);
    if (ray_hit) {
      EXPECT_TRUE(HitsSameBits(
          {io[0], {io[1], io[2], io[3]}, {io[4], io[5], io[6]}}, hit));
    }
    const bool line_hit = np::linecast_aabb({a, b}, kBox, &hit);
    ASSERT_EQ(np_linecastAABB(io2), line_hit ? 1 : 0);
    if (line_hit) {
      EXPECT_TRUE(HitsSameBits(
          {io2[0], {io2[1], io2[2], io2[3]}, {io2[4], io2[5], io2[6]}}, hit));
    }
    hits += ray_hit + line_hit;
  }
  EXPECT_GT(hits, 100);
}

TEST(FlatRaycast, ReportsTheProblemAndTheSlotOfBadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto ray = [](std::array<double, 13> in) {
    double io[NP_IO_DOUBLES] = {};
    std::copy(in.begin(), in.end(), io);
    return np_raycastAABB(io);
  };
  EXPECT_EQ(ray({0, 0, 0, 0, 0, 0, -1, -1, -1, 1, 1, 1, kInf}),
            -(4 << 8 | 3));  // zero direction
  EXPECT_EQ(ray({0, 0, 0, 0, -0.0, 0, -1, -1, -1, 1, 1, 1, kInf}),
            -(4 << 8 | 3));
  EXPECT_EQ(ray({0, 0, 0, 1, nan, 0, -1, -1, -1, 1, 1, 1, kInf}),
            -(1 << 8 | 4));  // NaN direction.y
  EXPECT_EQ(ray({0, 0, 0, 1, 0, 0, -1, nan, -1, 1, 1, 1, kInf}),
            -(1 << 8 | 7));  // NaN box.min.y
  EXPECT_EQ(ray({0, 0, 0, 1, 0, 0, -1, -1, 2, 1, 1, 1, kInf}),
            -(3 << 8 | 8));  // min.z > max.z
  EXPECT_EQ(ray({0, 0, 0, 1, 0, 0, -1, -1, -1, 1, 1, 1, -1.0}),
            -(2 << 8 | 12));  // negative max distance
  EXPECT_EQ(ray({0, 0, 0, 1, 0, 0, -1, -1, -1, 1, 1, 1, -kInf}),
            -(2 << 8 | 12));
  EXPECT_EQ(ray({0, 0, 0, 1, 0, 0, -1, -1, -1, 1, 1, 1, nan}), -(1 << 8 | 12));
  EXPECT_EQ(ray({0, 0, 0, 1, 0, 0, -1, -1, -1, 1, 1, 1, kInf}),
            1);  // and the next call works

  auto line = [](std::array<double, 12> in) {
    double io[NP_IO_DOUBLES] = {};
    std::copy(in.begin(), in.end(), io);
    return np_linecastAABB(io);
  };
  EXPECT_EQ(line({0, 0, 0, 0, 0, kInf, -1, -1, -1, 1, 1, 1}),
            -(1 << 8 | 5));  // end.z infinite
  EXPECT_EQ(line({nan, 0, 0, 0, 0, 0, -1, -1, -1, 1, 1, 1}),
            -(1 << 8 | 0));  // start.x NaN
  EXPECT_EQ(line({0, 0, 0, 0, 0, 0, 2, -1, -1, 1, 1, 1}),
            -(3 << 8 | 6));  // min.x > max.x
  EXPECT_EQ(line({0, 0, 0, 0, 0, 0, -1, -1, -1, 1, 1, 1}),
            1);  // zero length is fine
}
