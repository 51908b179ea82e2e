// Tests of the segment and capsule queries: closest_points_segment_segment
// (segments.cpp) and the capsule overlaps against capsules, boxes, oriented
// boxes and triangles (overlap_capsules.cpp). Exact expected values where the
// answer is exact, loops over axes, signs and permutations, touching
// configurations one ulp either side, and agreement with the distance-based
// definitions and with the linecasts for radius 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <random>

#include "narrowphase/narrowphase.h"

namespace {

using np::AABB;
using np::Capsule;
using np::OBB;
using np::Segment;
using np::Triangle;
using np::Vec3;

constexpr double kInf = std::numeric_limits<double>::infinity();

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

// v with its components permuted by `perm` and their signs flipped by `sign`
// (each +-1): an exact symmetry of every query here.
Vec3 transform(Vec3 v, const std::array<int, 3>& perm, const Vec3& sign) {
  const double c[3] = {v.x, v.y, v.z};
  return {c[perm[0]] * sign.x, c[perm[1]] * sign.y, c[perm[2]] * sign.z};
}

// Every permutation and sign flip of the axes.
template <class F>
void for_each_symmetry(F f) {
  for (const auto& perm : kPermutations) {
    for (int bits = 0; bits < 8; ++bits) {
      const Vec3 sign{(bits & 1) ? -1.0 : 1.0, (bits & 2) ? -1.0 : 1.0,
                      (bits & 4) ? -1.0 : 1.0};
      f([&](Vec3 v) { return transform(v, perm, sign); });
    }
  }
}

bool same(Vec3 u, Vec3 v) { return u.x == v.x && u.y == v.y && u.z == v.z; }
double below(double x) { return std::nextafter(x, -kInf); }
double above(double x) { return std::nextafter(x, kInf); }

void expect_vec(Vec3 got, Vec3 want) {
  EXPECT_EQ(got.x, want.x);
  EXPECT_EQ(got.y, want.y);
  EXPECT_EQ(got.z, want.z);
}

// ---- closest_points_segment_segment
// -------------------------------------------

TEST(ClosestPointsSegmentSegment,
     CrossingSegmentsMeetAtTheirCommonPerpendicular) {
  for_each_symmetry([](auto t) {
    for (double h : {0.0, 0.5, 3.0}) {
      const Segment a{t({-1, 0, 0}), t({3, 0, 0})};
      const Segment b{t({0, -2, h}), t({0, 2, h})};
      const np::SegmentClosestPoints c =
          np::closest_points_segment_segment(a, b);
      EXPECT_EQ(c.distance, h);
      expect_vec(c.point_a, t({0, 0, 0}));
      expect_vec(c.point_b, t({0, 0, h}));
    }
  });
}

TEST(ClosestPointsSegmentSegment, EndPointAgainstTheOtherSegmentsInterior) {
  // a ends at (0, 0, 0) short of b's line x = 2: the nearest pair is a's end
  // and its projection on b.
  for_each_symmetry([](auto t) {
    const Segment a{t({-4, 0, 0}), t({0, 0, 0})};
    const Segment b{t({2, -1, 1}), t({2, 1, 1})};
    const np::SegmentClosestPoints c = np::closest_points_segment_segment(a, b);
    EXPECT_DOUBLE_EQ(c.distance, std::sqrt(5.0));
    expect_vec(c.point_a, t({0, 0, 0}));
    expect_vec(c.point_b, t({2, 0, 1}));
    // Swapped: the same pair, swapped.
    const np::SegmentClosestPoints d = np::closest_points_segment_segment(b, a);
    EXPECT_EQ(d.distance, c.distance);
    expect_vec(d.point_a, t({2, 0, 1}));
    expect_vec(d.point_b, t({0, 0, 0}));
  });
}

TEST(ClosestPointsSegmentSegment,
     ParallelSegmentsGiveAPairAtTheMinimumDistance) {
  for_each_symmetry([](auto t) {
    // Overlapping in x: any pair at distance 1 with point_b - point_a = (0, 1,
    // 0), point_a.x in [1, 2].
    const Segment a{t({0, 0, 0}), t({2, 0, 0})};
    const Segment b{t({1, 1, 0}), t({3, 1, 0})};
    const np::SegmentClosestPoints c = np::closest_points_segment_segment(a, b);
    EXPECT_EQ(c.distance, 1.0);
    const Vec3 d = c.point_b - c.point_a;
    EXPECT_EQ(np::length(d), 1.0);
    EXPECT_EQ(std::fabs(np::dot(d, t({0, 1, 0}))), 1.0);
    const double along = np::dot(c.point_a, t({1, 0, 0}));
    EXPECT_GE(along, 1.0);
    EXPECT_LE(along, 2.0);
    // Collinear and apart: the facing end points.
    const Segment e{t({3, 0, 0}), t({5, 0, 0})};
    const np::SegmentClosestPoints f = np::closest_points_segment_segment(a, e);
    EXPECT_EQ(f.distance, 1.0);
    expect_vec(f.point_a, t({2, 0, 0}));
    expect_vec(f.point_b, t({3, 0, 0}));
    // The same segment twice: distance 0.
    EXPECT_EQ(np::closest_points_segment_segment(a, a).distance, 0.0);
  });
}

TEST(ClosestPointsSegmentSegment, AZeroLengthSegmentIsAPoint) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-10, 10);
  for (int i = 0; i < 1000; ++i) {
    const Vec3 p{u(rng), u(rng), u(rng)};
    const Segment s{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
    const Vec3 q = np::closest_point_on_segment(p, s);
    const np::SegmentClosestPoints c =
        np::closest_points_segment_segment(Segment{p, p}, s);
    expect_vec(c.point_a, p);
    expect_vec(c.point_b, q);
    EXPECT_EQ(c.distance, np::distance_point_segment(p, s));
    const np::SegmentClosestPoints d =
        np::closest_points_segment_segment(s, Segment{p, p});
    expect_vec(d.point_a, q);
    expect_vec(d.point_b, p);
  }
  // Two points.
  const np::SegmentClosestPoints c = np::closest_points_segment_segment(
      Segment{{1, 2, 3}, {1, 2, 3}}, Segment{{4, 6, 3}, {4, 6, 3}});
  EXPECT_EQ(c.distance, 5.0);
  expect_vec(c.point_a, {1, 2, 3});
  expect_vec(c.point_b, {4, 6, 3});
}

// The distance from the segment a-b to a convex shape, by golden-section
// search of the convex function t -> distance(a + (b - a) t, shape).
template <class F>
double min_along(Vec3 a, Vec3 b, F distance) {
  double lo = 0, hi = 1;
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 200; ++i) {
    const double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
    if (distance(a + (b - a) * m1) <= distance(a + (b - a) * m2))
      hi = m2;
    else
      lo = m1;
  }
  return std::min({distance(a), distance(b), distance(a + (b - a) * lo)});
}

// The reference: the minimum over a's points of their distance to b (a
// segment is convex, so that distance is a convex function along a).
double sampled_distance(const Segment& a, const Segment& b) {
  return min_along(a.start, a.end,
                   [&](Vec3 p) { return np::distance_point_segment(p, b); });
}

TEST(ClosestPointsSegmentSegment, RandomPairsAreNoFartherThanAnySampledPair) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int i = 0; i < 2000; ++i) {
    Segment a{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
    Segment b{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
    if (i % 4 == 1) b.end = b.start + (a.end - a.start) * 0.5;  // parallel
    if (i % 4 == 2) b = {a.start * 3.0, a.end * 3.0};           // collinear
    const np::SegmentClosestPoints c = np::closest_points_segment_segment(a, b);
    ASSERT_TRUE(std::isfinite(c.distance));
    EXPECT_EQ(c.distance, np::length(c.point_a - c.point_b));
    // On their segments.
    EXPECT_LE(np::distance_point_segment(c.point_a, a), 4e-15);
    EXPECT_LE(np::distance_point_segment(c.point_b, b), 4e-15);
    const double ref = sampled_distance(a, b);
    EXPECT_LE(c.distance, ref + 1e-14) << i;
    EXPECT_GE(c.distance, ref - 1e-9) << i;
    EXPECT_NEAR(np::closest_points_segment_segment(b, a).distance, c.distance,
                1e-15);
  }
}

TEST(ClosestPointsSegmentSegment, ExtremeMagnitudesStayFinite) {
  for (double s : {0x1p-1074, 0x1p-1000, 1.0, 0x1p1000, 0x1p1022}) {
    const Segment a{{-s, 0, 0}, {s, 0, 0}}, b{{0, -s, s}, {0, s, s}};
    const np::SegmentClosestPoints c = np::closest_points_segment_segment(a, b);
    EXPECT_EQ(c.distance, s);
    expect_vec(c.point_a, {0, 0, 0});
    expect_vec(c.point_b, {0, 0, s});
  }
  // End points beyond half the largest double: end - start overflows.
  const Segment a{{-DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}},
      b{{0, -DBL_MAX, 1}, {0, DBL_MAX, 1}};
  const np::SegmentClosestPoints c = np::closest_points_segment_segment(a, b);
  EXPECT_EQ(c.distance, 1.0);
  const Segment far{{DBL_MAX, DBL_MAX, DBL_MAX}, {DBL_MAX, DBL_MAX, DBL_MAX}};
  const np::SegmentClosestPoints d = np::closest_points_segment_segment(
      far, Segment{{-DBL_MAX, 0, 0}, {-DBL_MAX, 0, 0}});
  EXPECT_EQ(d.distance, kInf);
}

// ---- overlap_capsule_capsule ------------------------------------------------

TEST(OverlapCapsuleCapsule, ParallelCapsulesTouchExactlyAtTheRadiusSum) {
  for_each_symmetry([](auto t) {
    // 0.1 + 0.2 rounds up to 0.30000000000000004, above the exact sum of the
    // two doubles: at that distance the capsules do not touch, one ulp closer
    // they do.
    const double r1 = 0.1, r2 = 0.2, d = r1 + r2;
    const Capsule a{t({-1, 0, 0}), t({1, 0, 0}), r1};
    for (double gap : {d, below(d)}) {
      const Capsule b{t({0, gap, 0}), t({5, gap, 0}), r2};
      EXPECT_EQ(np::overlap_capsule_capsule(a, b), gap != d) << gap;
      EXPECT_EQ(np::overlap_capsule_capsule(b, a), gap != d) << gap;
    }
    // Radii whose sum is exact.
    const Capsule c{t({0, 1, 0}), t({3, 1, 0}), 0.75};
    EXPECT_TRUE(np::overlap_capsule_capsule(Capsule{a.start, a.end, 0.25}, c));
    EXPECT_FALSE(
        np::overlap_capsule_capsule(Capsule{a.start, a.end, below(0.25)}, c));
  });
}

TEST(OverlapCapsuleCapsule, SkewCapsulesTouchAtTheCommonPerpendicular) {
  for_each_symmetry([](auto t) {
    const Capsule a{t({-2, 0, 0}), t({2, 0, 0}), 1.0};
    const Capsule b{t({0, -2, 3}), t({0, 2, 3}), 2.0};
    EXPECT_TRUE(np::overlap_capsule_capsule(a, b));
    EXPECT_FALSE(
        np::overlap_capsule_capsule(a, Capsule{b.start, b.end, below(2.0)}));
    EXPECT_FALSE(np::overlap_capsule_capsule(
        a, Capsule{t({0, -2, above(3.0)}), t({0, 2, above(3.0)}), 2.0}));
  });
}

TEST(OverlapCapsuleCapsule, EndPointsTouchAlongA345Triangle) {
  for_each_symmetry([](auto t) {
    // a's end (0, 0, 0) and b's start (3, 4, 0): 5 apart, every other pair
    // farther.
    const Capsule a{t({-6, -8, 0}), t({0, 0, 0}), 2.0};
    const Capsule b{t({3, 4, 0}), t({9, 12, 0}), 3.0};
    EXPECT_TRUE(np::overlap_capsule_capsule(a, b));
    EXPECT_FALSE(
        np::overlap_capsule_capsule(a, Capsule{b.start, b.end, below(3.0)}));
    // As spheres (start == end) and as segments (radius 0 against a sphere).
    const Capsule pa{t({0, 0, 0}), t({0, 0, 0}), 2.0};
    const Capsule pb{t({3, 4, 0}), t({3, 4, 0}), 3.0};
    EXPECT_TRUE(np::overlap_capsule_capsule(pa, pb));
    EXPECT_FALSE(
        np::overlap_capsule_capsule(pa, Capsule{pb.start, pb.end, below(3.0)}));
    EXPECT_TRUE(np::overlap_capsule_capsule(Capsule{a.start, a.end, 0.0},
                                            Capsule{pb.start, pb.end, 5.0}));
    EXPECT_FALSE(np::overlap_capsule_capsule(
        Capsule{a.start, a.end, 0.0}, Capsule{pb.start, pb.end, below(5.0)}));
  });
}

TEST(OverlapCapsuleCapsule, TouchingIsExactAtEveryMagnitude) {
  for (int e = -1000; e <= 1000; e += 50) {
    const double s = std::ldexp(1.0, e);
    const Capsule a{{-2 * s, 0, 0}, {2 * s, 0, 0}, 1.0 * s};
    const Capsule b{{0, -2 * s, 3 * s}, {0, 2 * s, 3 * s}, 2.0 * s};
    EXPECT_TRUE(np::overlap_capsule_capsule(a, b)) << e;
    EXPECT_FALSE(
        np::overlap_capsule_capsule(a, Capsule{b.start, b.end, below(2.0 * s)}))
        << e;
    // Far from the origin: shifted by 2^20 of the size (still exact).
    const Vec3 shift{s * 0x1p20, -s * 0x1p20, s * 0x1p21};
    const Capsule as{a.start + shift, a.end + shift, a.radius};
    const Capsule bs{b.start + shift, b.end + shift, b.radius};
    EXPECT_TRUE(np::overlap_capsule_capsule(as, bs)) << e;
    EXPECT_FALSE(np::overlap_capsule_capsule(
        as, Capsule{bs.start, bs.end, below(2.0 * s)}))
        << e;
  }
}

TEST(OverlapCapsuleCapsule, AgreesWithTheSegmentDistanceAndIsSymmetric) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1, 1), ur(0, 1);
  int yes = 0, no = 0;
  for (int i = 0; i < 20000; ++i) {
    Capsule a{
        {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, ur(rng) * 0.5};
    Capsule b{
        {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, ur(rng) * 0.5};
    if (i % 5 == 1) b.end = b.start + (a.end - a.start);  // parallel
    if (i % 5 == 2) a.end = a.start;                      // a sphere
    const bool got = np::overlap_capsule_capsule(a, b);
    EXPECT_EQ(got, np::overlap_capsule_capsule(b, a));
    const double d = np::closest_points_segment_segment(Segment{a.start, a.end},
                                                        Segment{b.start, b.end})
                         .distance,
                 r = a.radius + b.radius;
    if (d < r - 1e-12) EXPECT_TRUE(got) << i;
    if (d > r + 1e-12) EXPECT_FALSE(got) << i;
    (got ? yes : no)++;
    // A sphere against a capsule is the point-capsule distance.
    if (same(a.start, a.end)) {
      const double dc = np::distance_point_capsule(a.start, b);
      if (dc < a.radius - 1e-12) EXPECT_TRUE(got);
      if (dc > a.radius + 1e-12) EXPECT_FALSE(got);
    }
  }
  EXPECT_GT(yes, 2000);
  EXPECT_GT(no, 2000);
}

// ---- overlap_capsule_aabb / obb
// ------------------------------------------------

const AABB kBox{{-1, -1, -1}, {1, 1, 1}};

TEST(OverlapCapsuleAABB, TouchingAFaceAnEdgeOrACornerExactly) {
  for_each_symmetry([](auto t) {
    // Face: a segment parallel to the face x = 1, 2 above it.
    const Capsule face{t({3, -0.5, 0}), t({3, 0.5, 0.25}), 2.0};
    // Edge x = y = 1: a segment parallel to it, offset (3, 4).
    const Capsule edge{t({4, 5, -3}), t({4, 5, 3}), 5.0};
    // Corner (1, 1, 1): a point offset (2, 3, 6), radius 7.
    const Capsule corner{t({3, 4, 7}), t({3, 4, 7}), 7.0};
    for (const Capsule& c : {face, edge, corner}) {
      EXPECT_TRUE(np::overlap_capsule_aabb(c, kBox));
      EXPECT_FALSE(np::overlap_capsule_aabb(
          Capsule{c.start, c.end, below(c.radius)}, kBox));
    }
    // A segment whose interior passes an edge at distance 5 (its ends far
    // away on both sides).
    const Capsule across{t({4 - 10, 5 + 10, 0}), t({4 + 10, 5 - 10, 0}), 0.0};
    // Its nearest point to the edge line (1, 1, z) is (4.5 - ..): computed
    // exactly by the distance: the line x + y = 9 is 7 / sqrt 2 from (1, 1).
    const double gap = 7.0 / std::sqrt(2.0);
    EXPECT_EQ(np::overlap_capsule_aabb(
                  Capsule{across.start, across.end, above(gap)}, kBox),
              true);
    EXPECT_EQ(np::overlap_capsule_aabb(
                  Capsule{across.start, across.end, below(gap)}, kBox),
              false);
  });
}

TEST(OverlapCapsuleAABB, RadiusZeroAgreesWithLinecastAABB) {
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> grid(-3, 3);
  std::uniform_real_distribution<double> u(-3, 3);
  for (int i = 0; i < 20000; ++i) {
    // Grid points hit faces, edges and corners exactly; random ones do not.
    const bool on_grid = i % 2 == 0;
    const auto pick = [&] {
      return on_grid
                 ? Vec3{double(grid(rng)), double(grid(rng)), double(grid(rng))}
                 : Vec3{u(rng), u(rng), u(rng)};
    };
    const Vec3 a = pick(), b = pick();
    np::RayHit hit;
    EXPECT_EQ(np::overlap_capsule_aabb(Capsule{a, b, 0.0}, kBox),
              np::linecast_aabb(a, b, kBox, &hit))
        << a.x << " " << a.y << " " << a.z << " -> " << b.x << " " << b.y << " "
        << b.z;
  }
}

TEST(OverlapCapsuleAABB, AgreesWithTheDistanceAndTheSphereTest) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(-3, 3), ur(0, 1.5);
  int yes = 0, no = 0;
  for (int i = 0; i < 20000; ++i) {
    Capsule c{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, ur(rng)};
    if (i % 4 == 0) c.end = c.start;
    const bool got = np::overlap_capsule_aabb(c, kBox);
    const double d = min_along(c.start, c.end, [](Vec3 p) {
      return np::distance_point_aabb(p, kBox);
    });
    if (d < c.radius - 1e-9) EXPECT_TRUE(got) << i;
    if (d > c.radius + 1e-9) EXPECT_FALSE(got) << i;
    if (same(c.start, c.end))
      EXPECT_EQ(got, np::overlap_sphere_aabb({c.start, c.radius}, kBox));
    (got ? yes : no)++;
  }
  EXPECT_GT(yes, 2000);
  EXPECT_GT(no, 2000);
}

OBB obb(Vec3 center, Vec3 half, Vec3 x, Vec3 y, Vec3 z) {
  return OBB{center, half, {x, y, z}};
}

TEST(OverlapCapsuleOBB, IdentityRotationAgreesWithTheAABBTest) {
  std::mt19937_64 rng(13);
  std::uniform_int_distribution<int> grid(-8, 8);
  const auto pick = [&] {
    return Vec3{grid(rng) * 0.5, grid(rng) * 0.5, grid(rng) * 0.5};
  };
  for (int i = 0; i < 20000; ++i) {
    const Vec3 center = pick();
    const Vec3 half{std::fabs(pick().x), std::fabs(pick().y),
                    std::fabs(pick().z)};
    const Capsule c{pick(), pick(), std::fabs(pick().x)};
    const OBB b = obb(center, half, {1, 0, 0}, {0, 1, 0}, {0, 0, 1});
    EXPECT_EQ(np::overlap_capsule_obb(c, b),
              np::overlap_capsule_aabb(c, AABB{center - half, center + half}))
        << i;
  }
}

TEST(OverlapCapsuleOBB, ExactRotationsTouchExactly) {
  // A quarter turn about z (columns (0, 1, 0), (-1, 0, 0), (0, 0, 1)): the
  // box of half sizes (2, 1, 1) spans x in [-1, 1], y in [-2, 2].
  const OBB b = obb({0, 0, 0}, {2, 1, 1}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1});
  EXPECT_TRUE(np::overlap_capsule_obb(Capsule{{0, 5, 0}, {0, 9, 0}, 3.0}, b));
  EXPECT_FALSE(
      np::overlap_capsule_obb(Capsule{{0, 5, 0}, {0, 9, 0}, below(3.0)}, b));
  EXPECT_TRUE(np::overlap_capsule_obb(Capsule{{4, 6, 0}, {4, 6, 0}, 5.0},
                                      b));  // corner edge (1, 2)
  EXPECT_FALSE(
      np::overlap_capsule_obb(Capsule{{4, 6, 0}, {4, 6, 0}, below(5.0)}, b));
}

TEST(OverlapCapsuleOBB, RadiusZeroAgreesWithLinecastOBB) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int i = 0; i < 5000; ++i) {
    // A random rotation from a unit quaternion.
    double q[4] = {u(rng), u(rng), u(rng), u(rng)};
    const double n =
        std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& v : q) v /= n;
    const double w = q[0], x = q[1], y = q[2], z = q[3];
    const OBB b = obb(
        {u(rng), u(rng), u(rng)},
        {std::fabs(u(rng)), std::fabs(u(rng)), std::fabs(u(rng))},
        {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
        {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
        {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)});
    const Vec3 s{u(rng) * 2, u(rng) * 2, u(rng) * 2},
        e{u(rng) * 2, u(rng) * 2, u(rng) * 2};
    np::RayHit hit;
    EXPECT_EQ(np::overlap_capsule_obb(Capsule{s, e, 0.0}, b),
              np::linecast_obb(s, e, b, &hit))
        << i;
    // And with a radius, the distance decides outside rounding.
    const double r = std::fabs(u(rng)) * 0.5;
    const double d =
        min_along(s, e, [&](Vec3 p) { return np::distance_point_obb(p, b); });
    const bool got = np::overlap_capsule_obb(Capsule{s, e, r}, b);
    if (d < r - 1e-9) EXPECT_TRUE(got) << i;
    if (d > r + 1e-9) EXPECT_FALSE(got) << i;
  }
}

// ---- overlap_capsule_triangle
// ------------------------------------------------

TEST(OverlapCapsuleTriangle, TouchingTheFaceAnEdgeOrACornerExactly) {
  for_each_symmetry([](auto t) {
    const Triangle tri{t({0, 0, 0}), t({4, 0, 0}), t({0, 4, 0})};
    // Over the face, 3 above, lying parallel to it or standing on it.
    const Capsule lying{t({1, 1, 3}), t({2, 1, 3}), 3.0};
    const Capsule standing{t({1, 1, 5}), t({1, 1, 3}), 3.0};
    // Beside the edge y = 0: offset (-4 in y, 3 in z) from (2, 0, 0).
    const Capsule edge{t({1, -4, 3}), t({3, -4, 3}), 5.0};
    // Beyond the corner (4, 0, 0): offset (3, 0, 4).
    const Capsule corner{t({7, 0, 4}), t({7, 0, 4}), 5.0};
    for (const Capsule& c : {lying, standing, edge, corner}) {
      EXPECT_TRUE(np::overlap_capsule_triangle(c, tri));
      EXPECT_FALSE(np::overlap_capsule_triangle(
          Capsule{c.start, c.end, below(c.radius)}, tri));
    }
    // A segment through the face, radius 0: crossing.
    EXPECT_TRUE(np::overlap_capsule_triangle(
        Capsule{t({1, 1, -1}), t({1, 1, 1}), 0.0}, tri));
    // Through the edge x + y = 4 exactly, and an ulp beside it.
    EXPECT_TRUE(np::overlap_capsule_triangle(
        Capsule{t({2, 2, -1}), t({2, 2, 1}), 0.0}, tri));
    EXPECT_FALSE(np::overlap_capsule_triangle(
        Capsule{t({2, above(2), -1}), t({2, above(2), 1}), 0.0}, tri));
    // Ending on the face; ending an ulp short of it.
    EXPECT_TRUE(np::overlap_capsule_triangle(
        Capsule{t({1, 1, 2}), t({1, 1, 0}), 0.0}, tri));
    EXPECT_FALSE(np::overlap_capsule_triangle(
        Capsule{t({1, 1, 2}), t({1, 1, 0x1p-1074}), 0.0}, tri));
  });
}

TEST(OverlapCapsuleTriangle, ADegenerateTriangleIsItsSegment) {
  std::mt19937_64 rng(19);
  std::uniform_real_distribution<double> u(-2, 2), ur(0, 1);
  for (int i = 0; i < 5000; ++i) {
    const Vec3 p{u(rng), u(rng), u(rng)}, q{u(rng), u(rng), u(rng)};
    const Triangle tri{p, q, (i % 2) ? p : q};  // two corners equal
    const Capsule c{
        {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, ur(rng)};
    EXPECT_EQ(np::overlap_capsule_triangle(c, tri),
              np::overlap_capsule_capsule(c, Capsule{p, q, 0.0}))
        << i;
  }
  // Collinear corners on a grid: the span from (0, 0, 0) to (4, 4, 0).
  const Triangle line{{2, 2, 0}, {0, 0, 0}, {4, 4, 0}};
  EXPECT_TRUE(
      np::overlap_capsule_triangle(Capsule{{7, 8, 0}, {7, 8, 0}, 5.0}, line));
  // Segments touching a degenerate triangle's span exactly (where
  // linecast_triangle, through a radius-0 capsule, misses them).
  EXPECT_TRUE(np::overlap_capsule_triangle(
      Capsule{{0, -2, 0}, {0, 0, 0}, 0.0},
      Triangle{{0, 1, 1}, {0, -2, -2}, {0, 2, 2}}));
  EXPECT_TRUE(np::overlap_capsule_triangle(
      Capsule{{-1, 0, 1}, {-1, 0, -2}, 0.0},
      Triangle{{-2, 0, 1}, {2, 0, -2}, {2, 0, -2}}));
  EXPECT_FALSE(np::overlap_capsule_triangle(
      Capsule{{-1, 0x1p-1074, 1}, {-1, 0x1p-1074, -2}, 0.0},
      Triangle{{-2, 0, 1}, {2, 0, -2}, {2, 0, -2}}));
  EXPECT_FALSE(np::overlap_capsule_triangle(
      Capsule{{7, 8, 0}, {7, 8, 0}, below(5.0)}, line));
}

TEST(OverlapCapsuleTriangle, RadiusZeroAgreesWithLinecastTriangle) {
  // On grid points the segments run along an axis, where linecast_triangle's
  // shear is exact (for other directions it rounds, and a segment through an
  // edge exactly can miss it there: see the test below); random ones are not
  // touching within rounding.
  std::mt19937_64 rng(23);
  std::uniform_int_distribution<int> grid(-2, 2), axis(0, 2);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int i = 0; i < 20000; ++i) {
    const bool on_grid = i % 2 == 0;
    const auto pick = [&] {
      return on_grid
                 ? Vec3{double(grid(rng)), double(grid(rng)), double(grid(rng))}
                 : Vec3{u(rng), u(rng), u(rng)};
    };
    const Triangle tri{pick(), pick(), pick()};
    // (A degenerate triangle is cast as a radius-0 capsule, whose tangent
    // test rounds: see ADegenerateTriangleIsItsSegment for exact cases.)
    if (np::length_squared(np::cross(tri.b - tri.a, tri.c - tri.a)) == 0.0)
      continue;
    const Vec3 s = pick();
    Vec3 e = pick();
    if (on_grid) {
      const int k = axis(rng);
      const double along = np::get(e, k);
      e = s;
      np::set(e, k, along);
    }
    np::RayHit hit;
    EXPECT_EQ(np::overlap_capsule_triangle(Capsule{s, e, 0.0}, tri),
              np::linecast_triangle(s, e, tri, &hit))
        << i << ": (" << s.x << ", " << s.y << ", " << s.z << ") -> (" << e.x
        << ", " << e.y << ", " << e.z << ") triangle (" << tri.a.x << ", "
        << tri.a.y << ", " << tri.a.z << "), (" << tri.b.x << ", " << tri.b.y
        << ", " << tri.b.z << "), (" << tri.c.x << ", " << tri.c.y << ", "
        << tri.c.z << ")";
  }
}

TEST(OverlapCapsuleTriangle, ASegmentThroughAnEdgeExactlyTouches) {
  // The segment (-1, 0, 1) -> (2, 1, 0) crosses the plane 3y - z - 1 = 0 of
  // the triangle at t = 1/2, at (1/2, 1/2, 1/2): the midpoint of the edge from
  // (0, 0, -1) to (1, 1, 2). linecast_triangle misses it (its shear by the
  // direction's 1/3 rounds); the exact test does not.
  const Triangle tri{{0, 0, -1}, {0, 1, 2}, {1, 1, 2}};
  EXPECT_TRUE(
      np::overlap_capsule_triangle(Capsule{{-1, 0, 1}, {2, 1, 0}, 0.0}, tri));
  EXPECT_TRUE(
      np::overlap_capsule_triangle(Capsule{{2, 1, 0}, {-1, 0, 1}, 0.0}, tri));
  np::RayHit hit;
  EXPECT_FALSE(np::linecast_triangle({-1, 0, 1}, {2, 1, 0}, tri, &hit));
  // Shifted by 2^-40 along the edge's outward normal in the plane (-1, 0, 0)
  // (mostly): apart.
  EXPECT_FALSE(
      np::overlap_capsule_triangle(
          Capsule{{-1 - 0x1p-40, 0, 1}, {2 - 0x1p-40, 1, 0}, 0.0}, tri) &&
      np::overlap_capsule_triangle(
          Capsule{{-1 + 0x1p-40, 0, 1}, {2 + 0x1p-40, 1, 0}, 0.0}, tri));
}

TEST(OverlapCapsuleTriangle, AgreesWithTheDistance) {
  std::mt19937_64 rng(29);
  std::uniform_real_distribution<double> u(-2, 2), ur(0, 1);
  int yes = 0, no = 0;
  for (int i = 0; i < 20000; ++i) {
    const Triangle tri{{u(rng), u(rng), u(rng)},
                       {u(rng), u(rng), u(rng)},
                       {u(rng), u(rng), u(rng)}};
    Capsule c{
        {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, ur(rng) * 0.5};
    if (i % 4 == 0) c.end = c.start;
    const bool got = np::overlap_capsule_triangle(c, tri);
    const double d = min_along(c.start, c.end, [&](Vec3 p) {
      return np::distance_point_triangle(p, tri);
    });
    if (d < c.radius - 1e-9) EXPECT_TRUE(got) << i;
    if (d > c.radius + 1e-9) EXPECT_FALSE(got) << i;
    (got ? yes : no)++;
  }
  EXPECT_GT(yes, 2000);
  EXPECT_GT(no, 2000);
}

TEST(OverlapCapsules, ExtremeMagnitudesGiveAnswersWithoutOverflow) {
  const double big = 0x1p1020;
  // A capsule across the whole range against a tiny box at the origin.
  EXPECT_TRUE(np::overlap_capsule_aabb(
      Capsule{{-DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}, 0.0},
      AABB{{0, 0, 0}, {0x1p-1074, 0x1p-1074, 0x1p-1074}}));
  EXPECT_FALSE(
      np::overlap_capsule_aabb(Capsule{{-DBL_MAX, 1, 0}, {DBL_MAX, 1, 0}, 0.5},
                               AABB{{0, 0, 0}, {0x1p-1074, 0.25, 0x1p-1074}}));
  EXPECT_TRUE(np::overlap_capsule_capsule(
      Capsule{{-big, 0, 0}, {big, 0, 0}, big},
      Capsule{{0, 2 * big, 0}, {0, 3 * big, 0}, big}));
  EXPECT_FALSE(np::overlap_capsule_capsule(
      Capsule{{-big, 0, 0}, {big, 0, 0}, big},
      Capsule{{0, 2 * big, 0}, {0, 3 * big, 0}, below(big)}));
  // Subnormal configurations, exactly.
  const double t = 0x1p-1074;
  EXPECT_TRUE(np::overlap_capsule_capsule(
      Capsule{{0, 0, 0}, {4 * t, 0, 0}, t},
      Capsule{{2 * t, 2 * t, 0}, {2 * t, 8 * t, 0}, t}));
  EXPECT_FALSE(np::overlap_capsule_capsule(
      Capsule{{0, 0, 0}, {4 * t, 0, 0}, t},
      Capsule{{2 * t, 3 * t, 0}, {2 * t, 8 * t, 0}, t}));
  EXPECT_TRUE(np::overlap_capsule_triangle(
      Capsule{{t, t, -DBL_MAX}, {t, t, DBL_MAX}, 0.0},
      Triangle{{0, 0, 0}, {4 * t, 0, 0}, {0, 4 * t, 0}}));
}

}  // namespace

namespace {

// Found by the fuzzer (valid and raw modes, np_overlapCapsule*): sub-predicates
// whose products underflow (a segment 1e-305 long beside one of length 5; end
// points near 1.5e308 beside a box of 1e-9) were unsure in the expansions too,
// and unsure counted as touching: clearly separated capsules overlapped.
TEST(OverlapCapsuleFuzzFindings,
     UnderflowingSubPredicatesDoNotMakeFarShapesTouch) {
  EXPECT_FALSE(np::overlap_capsule_capsule(
      Capsule{
          {1.7765824089018436e-307, 0, 4.5480509667887196e-305}, {0, 0, 0}, 0},
      Capsule{{5, 1, 0}, {1, 1, 1}, 0}));
  EXPECT_FALSE(np::overlap_capsule_aabb(
      Capsule{{0, 0, 1.7976931348623157e+308},
              {1.5000257162065725e+308, 1.5e+308, 3.0416764594732063e-304},
              0.06991958628077731},
      AABB{{7.0415309139093551e-09, -0.71695243985045187, 0.69360655546188354},
           {6.8664551008623675e-05, 26745.359375059605,
            2.681562223665048e+154}}));
  EXPECT_FALSE(np::overlap_capsule_triangle(
      Capsule{{1.356751058848421e-312, -1.108406036852325e+265,
               1.4999999972705878e+308},
              {1.4999999972705878e+308, -1.5e+308, 1.3262473693532952e-315},
              0},
      Triangle{{-1.5e+308, -1.5e+308, 0},
               {1.4999999972705878e+308, 1.5e+308, 5.4110892669614444e-312},
               {0, 0, 0}}));
}

// Found by the fuzzer's smoke run: a direction far shorter than the
// configuration (a box 1e-197 across beside a segment 10 long; a segment or a
// triangle of subnormal size beside one of 4) squared into underflow in the
// frame's units. Each direction is now taken in units of its own.
TEST(OverlapCapsuleFuzzFindings, TinyEdgesAndSegmentsBesideLongOnes) {
  // 0.5 + 1.49e-8 from the box: apart.
  EXPECT_FALSE(np::overlap_capsule_aabb(
      Capsule{
          {-5, 0.5, 2.5810856758683536e-306}, {5, 0.50000002980232239, 0}, 0.5},
      AABB{{0, 0, 0},
           {1.9305918745095393e-197, 1.9305918745095462e-197,
            1.9305918745095462e-197}}));
  // Crossing the unit triangle's plane z = 0 at (1e-5-ish, 0.5 - ..., 0).
  EXPECT_TRUE(np::overlap_capsule_triangle(
      Capsule{{3.2186508178710938e-05, 0.5, 0.5},
              {1.5458150092069033e+172, 1.3304983892206166e-315, 0},
              0},
      Triangle{{0, 0, 1}, {1, 1.0000000036670826, 0}, {0, 0, 0}}));
  // A subnormal segment through a subnormal sliver of a triangle reaching to
  // -4.
  EXPECT_TRUE(np::overlap_capsule_triangle(
      Capsule{{1.356751058848421e-312, 4.1790054608322332e-312,
               3.4698875173864133e-310},
              {4.9406564584124654e-324, 0, 0},
              0},
      Triangle{{6.3659873728958169e-314, 0, 8.4879831638610893e-314},
               {0, 4.3110806008577027e-308, 0},
               {-4, -4, -4}}));
}

// Found by the smoke run after that: a triangle of ~1e-308 far from a segment
// of 5e54 (and of 2.5e284): the line's triple products with the corners'
// nearly equal offsets cancelled into underflow and read as a crossing. They
// are now taken with each edge in units of its own.
TEST(OverlapCapsuleFuzzFindings, ATinyTriangleFarFromTheSegmentIsNotCrossed) {
  EXPECT_FALSE(np::overlap_capsule_triangle(
      Capsule{{0, 0, 5.2285133385414812e+54},
              {5.2285141982483265e+54, 5.2285141982483265e+54,
               3.7054923438093491e-322},
              4.0315743054947832e-312},
      Triangle{{1.0994993871139101e-308, 0, 4.0729056712839695e-312},
               {4.0729056712839695e-312, 4.0729056712839695e-312,
                4.0729056712839695e-312},
               {3.4734816477573607e-310, 3.4732827106519577e-310,
                3.4732827106519577e-310}}));
  EXPECT_FALSE(np::overlap_capsule_triangle(
      Capsule{{0, -2.5075187084134337e+284, -2.5075187084135162e+284},
              {-2.5075187084135162e+284, -2.5075187084135162e+284,
               -2.5075187084135162e+284},
              2.5075187084135162e+284},
      Triangle{{0, 0, 0},
               {3.4732827106519577e-310, 1.7731057309979261e-307,
                1.7731057309979261e-307},
               {1.7731057309979261e-307, 8.7612283178721054e-307,
                1.6605546356724296e-320}}));
}

// Found by the long fuzz run: two nearly coincident, nearly antiparallel
// segments (5e-299 long, ~1e-309 apart) lost 15 % of their distance when the
// common perpendicular was solved from their far ends.
TEST(ClosestPointsSegmentSegmentFuzzFindings,
     NearlyCoincidentAntiparallelSegments) {
  const Segment a{{0, 0, 0},
                  {5.3779407155273232e-299, 5.3779407512681174e-299,
                   5.3779407512681174e-299}};
  const Segment b{{5.3779407512681174e-299, 5.3779407512681174e-299,
                   5.3779407512681174e-299},
                  {-4.2606346861695345e-314, 1.3906711615669959e-309, 0}};
  const np::SegmentClosestPoints c = np::closest_points_segment_segment(a, b);
  const double ref = sampled_distance(a, b);
  EXPECT_LE(c.distance, ref + 1e-311);  // (it was 1.14e-309 against 9.8e-310)
  EXPECT_EQ(c.distance, np::length(c.point_a - c.point_b));
}

// Review of the doubles' verdict before the exact filter
// (capsule_triangle_quick, 1d772a0): it dropped a NaN coordinate (max2 ignores
// it) and compared with a negative radius unsquared, so input outside the
// contract (validate.h: every query assumes valid input) got a different answer
// than the exact path gives it. The quick verdict now leaves such input to the
// exact path: the answers below are the ones from before the quick verdict
// existed (f4cdd5f).
TEST(OverlapCapsuleReviewFindings,
     InputOutsideTheContractGetsTheExactPathsAnswer) {
  const Triangle t{{2, -2, 0}, {0, 2, -2}, {-2, 0, 2}};
  const Capsule negative{
      {0x1.999999999999ap-4, 0x1.999999999999ap-4, 0x1.999999999999ap-4},
      {0x1.3333333333333p-1, -0x1.999999999999ap-2, 0x1.999999999999ap-4},
      -0x1p-1};
  EXPECT_TRUE(np::overlap_capsule_triangle(negative, t));
  const Triangle with_nan{
      {-0x1.25b2f4e452c74p-1, 0x1.80b4f04e5bc26p-1, NAN},
      {0x1.7750230644578p-2, -0x1.297c290c9bf5cp-1, 0x1.43089ef2f71p-7},
      {0x1.244b269cd6bc8p-2, 0x1.ad33d89b57234p-1, -0x1.5eb03f5fb4688p-2}};
  const Capsule c{
      {0x1.e473576d5a15p-1, 0x1.10a18b30ae208p-2, 0x1.964ca00f08c2p-3},
      {-0x1.e3dbbcc558544p-2, -0x1.31cb05fcaf528p-1, -0x1.d3c50e048eddcp-2},
      0x1p-40};
  EXPECT_TRUE(np::overlap_capsule_triangle(c, with_nan));
}

}  // namespace
