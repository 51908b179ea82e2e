// Tests of the raycasts and linecasts against spheres, planes, triangles,
// capsules and oriented boxes (raycast.h, raycast_shapes.cpp).
//
// Hand-computed configurations use small dyadic coordinates, for which the
// results are exact, and compare with EXPECT_EQ; the seeded property tests
// compare with the named tolerances below.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "narrowphase/detail/exact.h"
#include "narrowphase/raycast.h"
#include "narrowphase/tolerances.h"
#include "test_util.h"

namespace {

using np_test::axis_value;
using np_test::HasNoNegativeZero;
using np_test::VecEq;

using np::AABB;
using np::Capsule;
using np::OBB;
using np::Plane;
using np::Ray;
using np::RayHit;
using np::Sphere;
using np::Triangle;
using np::Vec3;

const double kInf = std::numeric_limits<double>::infinity();
using Rng = std::mt19937_64;

// How far a reported point may lie off the surface, relative to the largest
// magnitude involved (coordinates and sizes): a few roundings of each.
constexpr double kSurfaceTolerance = 64 * 0x1p-52;
// How far a reported normal's length may be from 1: unit_or rounds a few times.
constexpr double kUnitTolerance = 1e-14;
// An OBB's axes are orthonormal to within kOrthonormalTolerance (1e-6); the
// random rotations here are built in double, orthonormal to ~1e-15.
constexpr double kObbTolerance = 1e-12;

Vec3 V(double x, double y, double z) { return {x, y, z}; }

// The vector with components (a, b, c) rotated so that a lies on `axis`.
Vec3 on_axes(int axis, double a, double b, double c) {
  Vec3 r{0.0, 0.0, 0.0};
  np::set(r, axis, a);
  np::set(r, (axis + 1) % 3, b);
  np::set(r, (axis + 2) % 3, c);
  return r;
}

bool finite(Vec3 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// What every hit must satisfy: finite fields, a unit normal without -0 that
// does not face along the direction.
void ExpectWellFormed(const RayHit& h, Vec3 dir) {
  EXPECT_TRUE(std::isfinite(h.distance));
  EXPECT_GE(h.distance, 0.0);
  EXPECT_TRUE(finite(h.point));
  EXPECT_TRUE(finite(h.normal));
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, h.normal);
  EXPECT_NEAR(np::length(h.normal), 1.0, kUnitTolerance);
  const Vec3 u = np::unit_or(dir, V(1, 0, 0));
  EXPECT_LE(np::dot(h.normal, u), 1e-12);
}

double max_mag(std::initializer_list<double> xs) {
  double m = 0.0;
  for (double x : xs) m = std::fmax(m, std::fabs(x));
  return m;
}
double max_mag(Vec3 v) { return max_mag({v.x, v.y, v.z}); }

Vec3 random_unit(Rng& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  for (;;) {
    const Vec3 v{g(rng), g(rng), g(rng)};
    const double l = np::length(v);
    if (l > 1e-3) return v / l;
  }
}

// ============================================================================
// Spheres
// ============================================================================

const Sphere kSphere{{1.0, 2.0, 3.0}, 2.0};

TEST(RaycastSphere, AxisRaysHitTheNearPoleExactly) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      const Vec3 origin = kSphere.center - axis_value(axis, sign * 10.0);
      const Vec3 dir = axis_value(axis, sign * 3.0);
      RayHit h;
      ASSERT_TRUE(np::raycast_sphere({origin, dir}, kSphere, kInf, &h));
      EXPECT_EQ(h.distance, 8.0);
      EXPECT_PRED_FORMAT2(VecEq, h.point,
                          kSphere.center - axis_value(axis, sign * 2.0));
      EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value(axis, -sign));
      ExpectWellFormed(h, dir);
      // Pointing away, and passing beside: misses.
      EXPECT_FALSE(
          np::raycast_sphere({origin, np::negated(dir)}, kSphere, kInf, &h));
      EXPECT_FALSE(np::raycast_sphere(
          {origin + axis_value((axis + 1) % 3, 2.5), dir}, kSphere, kInf, &h));
    }
  }
}

TEST(RaycastSphere, OriginInsideOrOnHitsAtZeroFacingBack) {
  for (const Vec3 origin :
       {V(1.5, 2.0, 3.0), V(3.0, 2.0, 3.0), kSphere.center}) {
    RayHit h;
    ASSERT_TRUE(np::raycast_sphere({origin, V(0, 0, -3)}, kSphere, kInf, &h));
    EXPECT_EQ(h.distance, 0.0);
    EXPECT_PRED_FORMAT2(VecEq, h.point, origin);
    EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, 1));
    EXPECT_PRED_FORMAT1(HasNoNegativeZero, h.normal);
  }
}

TEST(RaycastSphere, TangentRayHitsAndARayJustBesideMisses) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      const Vec3 side = axis_value((axis + 1) % 3, sign * 2.0);
      const Vec3 origin = kSphere.center + side - axis_value(axis, sign * 10.0);
      const Vec3 dir = axis_value(axis, sign);
      RayHit h;
      ASSERT_TRUE(np::raycast_sphere({origin, dir}, kSphere, kInf, &h));
      EXPECT_EQ(h.distance, 10.0);
      EXPECT_PRED_FORMAT2(VecEq, h.point, kSphere.center + side);
      EXPECT_PRED_FORMAT2(VecEq, h.normal, side / 2.0);
      EXPECT_FALSE(
          np::raycast_sphere({origin + side * 1e-9, dir}, kSphere, kInf, &h));
    }
  }
}

TEST(RaycastSphere, MaxDistanceAtTheHitHitsAndJustBelowMisses) {
  const Ray ray{{1.0, 2.0, -7.0}, {0.0, 0.0, 1.0}};
  RayHit h;
  EXPECT_TRUE(np::raycast_sphere(ray, kSphere, 8.0, &h));
  EXPECT_EQ(h.distance, 8.0);
  EXPECT_FALSE(np::raycast_sphere(ray, kSphere, std::nextafter(8.0, 0.0), &h));
}

TEST(LinecastSphere, SegmentEndingOnTheSurfaceHitsAtItsLength) {
  RayHit h;
  ASSERT_TRUE(np::linecast_sphere(V(1, 2, -7), V(1, 2, 1), kSphere, &h));
  EXPECT_EQ(h.distance, 8.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(1, 2, 1));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
  EXPECT_FALSE(
      np::linecast_sphere(V(1, 2, -7), V(1, 2, 0.999999), kSphere, &h));
  // Through the sphere: the entry.
  ASSERT_TRUE(np::linecast_sphere(V(1, 2, -7), V(1, 2, 20), kSphere, &h));
  EXPECT_EQ(h.distance, 8.0);
}

TEST(LinecastSphere, ZeroLengthIsAnOverlapTest) {
  RayHit h;
  ASSERT_TRUE(np::linecast_sphere(V(1, 3, 3), V(1, 3, 3), kSphere, &h));
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 1, 0));
  ASSERT_TRUE(np::linecast_sphere(V(0, 2, 3), V(0, 2, 3), kSphere, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(-1, 0, 0));
  ASSERT_TRUE(np::linecast_sphere(kSphere.center, kSphere.center, kSphere, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 1, 0));
  EXPECT_FALSE(np::linecast_sphere(V(4, 2, 3), V(4, 2, 3), kSphere, &h));
  // Starting inside and moving: distance 0, facing back.
  ASSERT_TRUE(np::linecast_sphere(V(1, 2, 3), V(1, 2, 9), kSphere, &h));
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
}

// Random spheres (radius 1e-6..1e6, centers up to 1e6 away), rays from
// outside aimed at random points inside the ball (which must hit) or in a
// random direction.
TEST(RaycastSphere, SeededPropertiesAtManyScales) {
  Rng rng(0x5eed5a1);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const double r = std::pow(10.0, -6.0 + 12.0 * unit(rng));
    const Vec3 center = random_unit(rng) * (1e6 * unit(rng));
    const Sphere s{center, r};
    const Vec3 origin =
        center + random_unit(rng) * (r * (1.5 + 20 * unit(rng)));
    const bool aimed = i % 2 == 0;
    const Vec3 target = center + random_unit(rng) * (0.9 * r * unit(rng));
    const Vec3 dir = aimed ? (target - origin) * std::pow(2.0, i % 40 - 20)
                           : random_unit(rng);
    RayHit h;
    const bool hit = np::raycast_sphere({origin, dir}, s, kInf, &h);
    if (aimed) EXPECT_TRUE(hit) << i;
    if (!hit) continue;
    ++hits;
    ExpectWellFormed(h, dir);
    const double scale = max_mag({max_mag(center), r});
    EXPECT_NEAR(np::length(h.point - center), r, kSurfaceTolerance * scale)
        << i;
    EXPECT_NEAR(np::length(h.point - origin), h.distance,
                kSurfaceTolerance * (max_mag(origin) + scale) + 1e-9 * r);
    // The direction's length does not matter.
    for (double k : {0x1p-30, 0.5, 0x1p40}) {
      RayHit h2;
      ASSERT_TRUE(np::raycast_sphere({origin, dir * k}, s, kInf, &h2));
      EXPECT_EQ(h2.distance, h.distance);
    }
    // The segment to the aimed point (inside the ball) hits at the same
    // distance: the same unit direction.
    if (aimed) {
      RayHit hl;
      ASSERT_TRUE(np::linecast_sphere(origin, target, s, &hl)) << i;
      EXPECT_EQ(hl.distance, h.distance);
      EXPECT_PRED_FORMAT2(VecEq, hl.point, h.point);
    }
    // A capsule with start == end is the sphere.
    RayHit hc;
    ASSERT_TRUE(
        np::raycast_capsule({origin, dir}, {center, center, r}, kInf, &hc));
    EXPECT_EQ(hc.distance, h.distance);
    EXPECT_PRED_FORMAT2(VecEq, hc.point, h.point);
    EXPECT_PRED_FORMAT2(VecEq, hc.normal, h.normal);
  }
  EXPECT_GT(hits, 10000);
}

TEST(RaycastSphere, ExtremeMagnitudesGiveFiniteHits) {
  for (double s : {0x1p-1074, 1e-310, 1e-300, 1e-150, 1.0, 1e150, 1e300}) {
    const Sphere sp{V(1, 2, 3) * s, 2.0 * s};
    for (const Vec3 dir :
         {V(0, 0, 1), V(1e-300, 0, 1), V(0, 0, 1e300), V(0, 0, 4.9e-324)}) {
      RayHit h;
      const Vec3 origin = V(1, 2, -7) * s;
      ASSERT_TRUE(np::raycast_sphere({origin, dir}, sp, kInf, &h)) << s;
      ExpectWellFormed(h, dir);
      EXPECT_NEAR(h.distance, 8.0 * s, 1e-12 * 8.0 * s);
      const Vec3 end = V(1, 2, 20) * s;
      ASSERT_TRUE(np::linecast_sphere(origin, end, sp, &h)) << s;
      ExpectWellFormed(h, end - origin);
    }
  }
}

// ============================================================================
// Planes
// ============================================================================

TEST(RaycastPlane, AxisRaysFromBothSidesFaceTheRay) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      // sign * 3 x_axis - sign * 3 = 0: the plane x_axis = 1, any normal sign.
      const Plane pl{axis_value(axis, sign * 3.0), -sign * 3.0};
      RayHit h;
      const Vec3 above = on_axes(axis, 5.0, 0.25, -0.5);
      ASSERT_TRUE(
          np::raycast_plane({above, axis_value(axis, -2.0)}, pl, kInf, &h));
      EXPECT_EQ(h.distance, 4.0);
      EXPECT_PRED_FORMAT2(VecEq, h.point, on_axes(axis, 1.0, 0.25, -0.5));
      EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value(axis, 1.0));
      const Vec3 below = on_axes(axis, -3.0, 0.25, -0.5);
      ASSERT_TRUE(
          np::raycast_plane({below, axis_value(axis, 0.5)}, pl, kInf, &h));
      EXPECT_EQ(h.distance, 4.0);
      EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value(axis, -1.0));
      ExpectWellFormed(h, axis_value(axis, 0.5));
      // Away from the plane, and parallel to it off the plane: misses.
      EXPECT_FALSE(
          np::raycast_plane({below, axis_value(axis, -1.0)}, pl, kInf, &h));
      EXPECT_FALSE(np::raycast_plane({below, axis_value((axis + 1) % 3, 1.0)},
                                     pl, kInf, &h));
      // Parallel in the plane, and starting on it: distance 0, facing back.
      const Vec3 on = on_axes(axis, 1.0, 0.25, -0.5);
      const Vec3 along = axis_value((axis + 2) % 3, -4.0);
      ASSERT_TRUE(np::raycast_plane({on, along}, pl, kInf, &h));
      EXPECT_EQ(h.distance, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, h.point, on);
      EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value((axis + 2) % 3, 1.0));
      ASSERT_TRUE(
          np::raycast_plane({on, axis_value(axis, sign)}, pl, kInf, &h));
      EXPECT_EQ(h.distance, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value(axis, -sign));
    }
  }
}

TEST(RaycastPlane, DistanceIsEuclideanForAnyNormalLength) {
  for (double k : {1e-300, 4.9e-324, 1.0, 3.0, 1e300}) {
    const Plane pl{V(0, 0, k), -k};  // z = 1
    RayHit h;
    ASSERT_TRUE(np::raycast_plane({V(0, 0, 5), V(3, 0, -4)}, pl, kInf, &h))
        << k;
    EXPECT_NEAR(h.distance, 5.0, 1e-15);
    EXPECT_NEAR(h.point.x, 3.0, 1e-15);
    EXPECT_EQ(h.point.z, 1.0);
    EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, 1));
  }
}

TEST(RaycastPlane, MaxDistanceAtTheHitHitsAndJustBelowMisses) {
  const Plane pl{V(0, 2, 0), -2.0};
  const Ray ray{V(7, 9, 1), V(0, -1, 0)};
  RayHit h;
  EXPECT_TRUE(np::raycast_plane(ray, pl, 8.0, &h));
  EXPECT_EQ(h.distance, 8.0);
  EXPECT_FALSE(np::raycast_plane(ray, pl, std::nextafter(8.0, 0.0), &h));
}

TEST(LinecastPlane, CrossingEndingOnAndZeroLength) {
  const Plane pl{V(0, 0, -2), 2.0};  // z = 1, normal toward -z
  RayHit h;
  ASSERT_TRUE(np::linecast_plane(V(1, 1, 5), V(1, 1, 1), pl, &h));
  EXPECT_EQ(h.distance, 4.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(1, 1, 1));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, 1));
  ASSERT_TRUE(np::linecast_plane(V(1, 1, 5), V(1, 1, -3), pl, &h));
  EXPECT_EQ(h.distance, 4.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(1, 1, 1));
  EXPECT_FALSE(np::linecast_plane(V(1, 1, 5), V(1, 1, 1.0000001), pl, &h));
  EXPECT_FALSE(np::linecast_plane(V(1, 1, 5), V(9, 1, 5), pl, &h));
  ASSERT_TRUE(np::linecast_plane(V(3, 4, 1), V(3, 4, 1), pl, &h));
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
  EXPECT_FALSE(np::linecast_plane(V(3, 4, 2), V(3, 4, 2), pl, &h));
  // Starting on it and moving: distance 0, facing back.
  ASSERT_TRUE(np::linecast_plane(V(3, 4, 1), V(3, 4, 9), pl, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
}

TEST(RaycastPlane, SeededPropertiesAtManyScales) {
  Rng rng(0x91a7e);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const Vec3 n = random_unit(rng);
    const Vec3 on = random_unit(rng) * (1e6 * unit(rng));
    const double k = std::pow(2.0, i % 60 - 30);
    const Plane pl{n * k, -np::dot(n * k, on)};
    const double size = std::pow(10.0, -6.0 + 12.0 * unit(rng));
    const Vec3 origin = on + random_unit(rng) * size;
    const Vec3 dir = random_unit(rng) * std::pow(2.0, i % 20 - 10);
    RayHit h;
    if (!np::raycast_plane({origin, dir}, pl, kInf, &h)) continue;
    ++hits;
    ExpectWellFormed(h, dir);
    const double scale = max_mag(on) + size + max_mag(h.point);
    // On the plane (to the rounding of the point's own coordinates).
    EXPECT_NEAR(np::dot(h.point - on, n), 0.0, kSurfaceTolerance * scale);
    if (h.distance > 0.0) {
      EXPECT_NEAR(np::dot(h.normal, n) * np::dot(h.normal, n), 1.0, 1e-12);
    }
    for (double s : {0x1p-20, 0x1p30}) {
      RayHit h2;
      ASSERT_TRUE(np::raycast_plane({origin, dir * s}, pl, kInf, &h2));
      EXPECT_EQ(h2.distance, h.distance);
    }
  }
  EXPECT_GT(hits, 5000);
}

// ============================================================================
// Triangles
// ============================================================================

// The triangle (0,0,0), (4,0,0), (0,4,0) with its plane across `axis`.
Triangle axis_triangle(int axis) {
  return {on_axes(axis, 0, 0, 0), on_axes(axis, 0, 4, 0),
          on_axes(axis, 0, 0, 4)};
}

TEST(RaycastTriangle, FrontAndBackHitsFaceTheRayForEveryPermutation) {
  for (int axis = 0; axis < 3; ++axis) {
    const Triangle t0 = axis_triangle(axis);
    const Vec3 v[3] = {t0.a, t0.b, t0.c};
    const std::array<std::array<int, 3>, 6> perms{
        {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    for (const auto& p : perms) {
      const Triangle t{v[p[0]], v[p[1]], v[p[2]]};
      for (double sign : {-1.0, 1.0}) {
        const Vec3 origin = on_axes(axis, sign * 5.0, 1.0, 1.0);
        const Vec3 dir = axis_value(axis, -sign * 2.0);
        RayHit h;
        ASSERT_TRUE(np::raycast_triangle({origin, dir}, t, kInf, &h));
        EXPECT_EQ(h.distance, 5.0);
        EXPECT_PRED_FORMAT2(VecEq, h.point, on_axes(axis, 0, 1, 1));
        EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value(axis, sign));
        ExpectWellFormed(h, dir);
        // Edges and corners are part of the triangle.
        for (const Vec3 at : {on_axes(axis, 0, 2, 0), on_axes(axis, 0, 0, 0),
                              on_axes(axis, 0, 2, 2), on_axes(axis, 0, 0, 4)}) {
          EXPECT_TRUE(np::raycast_triangle(
              {at + axis_value(axis, sign * 5.0), dir}, t, kInf, &h));
          EXPECT_EQ(h.distance, 5.0);
        }
        // Outside, just beyond the hypotenuse, and away from it: misses.
        EXPECT_FALSE(np::raycast_triangle(
            {on_axes(axis, sign * 5.0, 2.0, 2.0000001), dir}, t, kInf, &h));
        EXPECT_FALSE(
            np::raycast_triangle({origin, np::negated(dir)}, t, kInf, &h));
      }
    }
  }
}

TEST(RaycastTriangle, ParallelOffThePlaneMissesAndOnItHitsAtZero) {
  const Triangle t = axis_triangle(2);
  RayHit h;
  EXPECT_FALSE(np::raycast_triangle({V(1, 1, 1), V(1, 0, 0)}, t, kInf, &h));
  EXPECT_FALSE(
      np::raycast_triangle({V(-1, 1, 1e-300), V(1, 0, 0)}, t, kInf, &h));
  // Origin on the triangle, ray across: distance 0, facing back.
  ASSERT_TRUE(np::raycast_triangle({V(1, 1, 0), V(0, 0, 3)}, t, kInf, &h));
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(1, 1, 0));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
  // Origin in the plane beside the triangle, ray across: misses.
  EXPECT_FALSE(np::raycast_triangle({V(5, 5, 0), V(0, 0, 3)}, t, kInf, &h));
}

TEST(RaycastTriangle, InPlaneRaysHitWhereTheyFirstTouch) {
  for (int axis = 0; axis < 3; ++axis) {
    const Triangle t = axis_triangle(axis);
    const Vec3 n = axis_value(axis, 1.0);  // unit((b - a) x (c - a))
    RayHit h;
    ASSERT_TRUE(np::raycast_triangle(
        {on_axes(axis, 0, -2, 1), on_axes(axis, 0, 3, 0)}, t, kInf, &h));
    EXPECT_EQ(h.distance, 2.0);
    EXPECT_PRED_FORMAT2(VecEq, h.point, on_axes(axis, 0, 0, 1));
    EXPECT_PRED_FORMAT2(VecEq, h.normal, n);
    // From the other side, through the hypotenuse x + y = 4.
    ASSERT_TRUE(np::raycast_triangle(
        {on_axes(axis, 0, 8, 1), on_axes(axis, 0, -1, 0)}, t, kInf, &h));
    EXPECT_EQ(h.distance, 5.0);
    EXPECT_PRED_FORMAT2(VecEq, h.point, on_axes(axis, 0, 3, 1));
    // Along an edge, from outside: first touches the corner.
    ASSERT_TRUE(np::raycast_triangle(
        {on_axes(axis, 0, -3, 0), on_axes(axis, 0, 1, 0)}, t, kInf, &h));
    EXPECT_EQ(h.distance, 3.0);
    EXPECT_PRED_FORMAT2(VecEq, h.point, on_axes(axis, 0, 0, 0));
    // Inside: distance 0, facing back.
    ASSERT_TRUE(np::raycast_triangle(
        {on_axes(axis, 0, 1, 1), on_axes(axis, 0, 1, 0)}, t, kInf, &h));
    EXPECT_EQ(h.distance, 0.0);
    EXPECT_PRED_FORMAT2(VecEq, h.normal, on_axes(axis, 0, -1, 0));
    // Beside, away, and max_distance.
    EXPECT_FALSE(np::raycast_triangle(
        {on_axes(axis, 0, -2, 5), on_axes(axis, 0, 1, 0)}, t, kInf, &h));
    EXPECT_FALSE(np::raycast_triangle(
        {on_axes(axis, 0, -2, 1), on_axes(axis, 0, -1, 0)}, t, kInf, &h));
    EXPECT_TRUE(np::raycast_triangle(
        {on_axes(axis, 0, -2, 1), on_axes(axis, 0, 1, 0)}, t, 2.0, &h));
    EXPECT_FALSE(
        np::raycast_triangle({on_axes(axis, 0, -2, 1), on_axes(axis, 0, 1, 0)},
                             t, std::nextafter(2.0, 0.0), &h));
  }
}

TEST(RaycastTriangle, DegenerateTrianglesAreTheirSegmentOrPoint) {
  const Triangle line{V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)};
  for (const Triangle& t : {line, Triangle{line.c, line.a, line.b},
                            Triangle{line.a, line.c, line.a}}) {
    RayHit h;
    ASSERT_TRUE(np::raycast_triangle({V(0.5, -1, 0), V(0, 4, 0)}, t, kInf, &h));
    EXPECT_EQ(h.distance, 1.0);
    EXPECT_PRED_FORMAT2(VecEq, h.point, V(0.5, 0, 0));
    EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, -1, 0));
    EXPECT_FALSE(
        np::raycast_triangle({V(0.5, -1, 0.25), V(0, 4, 0)}, t, kInf, &h));
    EXPECT_FALSE(
        np::raycast_triangle({V(2.5, -1, 0), V(0, 4, 0)}, t, kInf, &h));
    // Along the segment: the nearer end.
    ASSERT_TRUE(np::raycast_triangle({V(-3, 0, 0), V(2, 0, 0)}, t, kInf, &h));
    EXPECT_EQ(h.distance, 3.0);
    EXPECT_PRED_FORMAT2(VecEq, h.normal, V(-1, 0, 0));
  }
  const Triangle point{V(1, 1, 1), V(1, 1, 1), V(1, 1, 1)};
  RayHit h;
  ASSERT_TRUE(
      np::raycast_triangle({V(1, 1, -2), V(0, 0, 0.5)}, point, kInf, &h));
  EXPECT_EQ(h.distance, 3.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(1, 1, 1));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
  EXPECT_FALSE(
      np::raycast_triangle({V(1, 1.5, -2), V(0, 0, 0.5)}, point, kInf, &h));
  ASSERT_TRUE(np::linecast_triangle(V(1, 1, 1), V(1, 1, 1), point, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 1, 0));
}

TEST(LinecastTriangle, EndingOnTheTriangleHitsAtItsLength) {
  const Triangle t = axis_triangle(2);
  RayHit h;
  ASSERT_TRUE(np::linecast_triangle(V(1, 1, 5), V(1, 1, 0), t, &h));
  EXPECT_EQ(h.distance, 5.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(1, 1, 0));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, 1));
  EXPECT_FALSE(np::linecast_triangle(V(1, 1, 5), V(1, 1, 1e-300), t, &h));
  ASSERT_TRUE(np::linecast_triangle(V(1, 1, -5), V(1, 1, 7), t, &h));
  EXPECT_EQ(h.distance, 5.0);
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
  // Oblique, ending on the triangle exactly.
  ASSERT_TRUE(np::linecast_triangle(V(-2, 5, 3), V(1, 1, 0), t, &h));
  EXPECT_EQ(h.distance, np::length(V(3, -4, -3)));
  // In the plane, ending on the edge.
  ASSERT_TRUE(np::linecast_triangle(V(-2, 1, 0), V(0, 1, 0), t, &h));
  EXPECT_EQ(h.distance, 2.0);
  EXPECT_FALSE(np::linecast_triangle(V(-2, 1, 0), V(-0.5, 1, 0), t, &h));
  // Zero length: on the triangle (normal along (b - a) x (c - a)) or not.
  ASSERT_TRUE(np::linecast_triangle(V(1, 1, 0), V(1, 1, 0), t, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, 1));
  EXPECT_FALSE(np::linecast_triangle(V(3, 3, 0), V(3, 3, 0), t, &h));
  EXPECT_FALSE(np::linecast_triangle(V(1, 1, 1), V(1, 1, 1), t, &h));
}

// Two triangles sharing the edge p-q, and a fan of triangles around a shared
// vertex: rays through points of the shared edge or through the vertex never
// miss both.
TEST(RaycastTriangle, WatertightAcrossSharedEdgesAndVertices) {
  Rng rng(0x3a7e);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> coord(-1024, 1024);
  const auto ivec = [&] { return V(coord(rng), coord(rng), coord(rng)); };
  // Folded pairs with integer corners, scaled by a power of two, and rays
  // through points exactly on the shared edge (p + (q - p) k / 1024, with the
  // direction to it exact), where the two triangles lie on opposite sides of
  // the plane through the edge and the ray (not a silhouette edge, which a
  // ray within rounding can pass beside): at least one triangle reports it.
  int checked = 0;
  for (int i = 0; i < 100000 && checked < 20000; ++i) {
    const Vec3 P = ivec(), Q = ivec(), R1 = ivec(), R2 = ivec(), O = ivec();
    const int k = 1 + (coord(rng) + 1024) % 1023;
    const Vec3 at1024 = P * 1024.0 + (Q - P) * k;  // exact integers
    const Vec3 dir1024 = at1024 - O * 1024.0;
    const auto det = [](Vec3 x, Vec3 y, Vec3 z) {
      return np::dot(x, np::cross(y, z));  // exact: below 2^53
    };
    const double s1 = det(Q - P, dir1024, R1 - P),
                 s2 = det(Q - P, dir1024, R2 - P);
    if (!(s1 * s2 < 0.0)) continue;
    ++checked;
    const double s = std::pow(2.0, i % 200 - 100);
    const Triangle t1{P * s, Q * s, R1 * s}, t2{Q * s, P * s, R2 * s};
    const Vec3 origin = O * s, dir = dir1024 * (s / 1024.0);
    RayHit h1, h2;
    const bool b1 = np::raycast_triangle({origin, dir}, t1, kInf, &h1);
    const bool b2 = np::raycast_triangle({origin, dir}, t2, kInf, &h2);
    EXPECT_TRUE(b1 || b2) << i;
  }
  EXPECT_EQ(checked, 20000);
  // Coplanar-looking pairs at any scale and offset, rays through random points
  // within rounding of the shared edge (but not near its ends): the point is
  // inside the union, so never both miss.
  for (int i = 0; i < 20000; ++i) {
    const double spread = std::pow(10.0, -3.0 + 6.0 * unit(rng));
    const Vec3 off = random_unit(rng) * (1e3 * unit(rng));
    const Vec3 p = off + random_unit(rng) * spread,
               q = off + random_unit(rng) * spread;
    const Vec3 mid = (p + q) * 0.5;
    const Vec3 e = q - p;
    Vec3 side = np::cross(e, random_unit(rng));
    side = side * (np::length(e) / np::length(side));
    const Triangle t1{p, q, mid + side}, t2{q, p, mid - side};
    const Vec3 at = p + e * (0.05 + 0.9 * unit(rng));
    const Vec3 origin =
        at + random_unit(rng) * (spread * (0.5 + 4 * unit(rng)));
    const Vec3 dir = at - origin;
    const Vec3 n = np::unit_or(np::cross(e, side), V(0, 0, 1));
    if (std::fabs(np::dot(n, np::unit_or(dir, n))) < 1e-3) continue;
    RayHit h1, h2;
    const bool b1 = np::raycast_triangle({origin, dir}, t1, kInf, &h1);
    const bool b2 = np::raycast_triangle({origin, dir}, t2, kInf, &h2);
    EXPECT_TRUE(b1 || b2) << i;
    if (b1) ExpectWellFormed(h1, dir);
    if (b2) ExpectWellFormed(h2, dir);
  }
  // A planar fan of six triangles around v, and rays through v exactly.
  const Vec3 v{0.3, -0.7, 0.1};
  std::array<Vec3, 6> rim;
  for (int k = 0; k < 6; ++k) {
    const double a = k * 2.0 * M_PI / 6 + 0.1;
    rim[k] = v + V(std::cos(a), std::sin(a) * 0.8, 0.3 * std::cos(a));
  }
  for (int i = 0; i < 5000; ++i) {
    const Vec3 origin = v + random_unit(rng) * (0.1 + 3 * unit(rng));
    int hits = 0;
    for (int k = 0; k < 6; ++k) {
      RayHit h;
      hits += np::raycast_triangle({origin, v - origin},
                                   {v, rim[k], rim[(k + 1) % 6]}, kInf, &h);
    }
    EXPECT_GE(hits, 1) << i;
  }
}

TEST(RaycastTriangle, SeededPropertiesAtManyScales) {
  Rng rng(0x7a1);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 20000; ++i) {
    const double size = std::pow(10.0, -6.0 + 12.0 * unit(rng));
    const Vec3 off = random_unit(rng) * (1e6 * unit(rng));
    const Triangle t{off + random_unit(rng) * size,
                     off + random_unit(rng) * size,
                     off + random_unit(rng) * size};
    const Vec3 n = np::cross(t.b - t.a, t.c - t.a);
    if (np::length(n) < 1e-2 * size * size) continue;  // slivers: elsewhere
    // A point well inside, and a ray through it from either side.
    double w0 = 0.1 + unit(rng), w1 = 0.1 + unit(rng), w2 = 0.1 + unit(rng);
    const double sum = w0 + w1 + w2;
    const Vec3 at = t.a * (w0 / sum) + t.b * (w1 / sum) + t.c * (w2 / sum);
    const Vec3 origin = at + random_unit(rng) * (size * (0.5 + 10 * unit(rng)));
    const Vec3 dir = (at - origin) * std::pow(2.0, i % 30 - 15);
    if (std::fabs(np::dot(np::unit_or(n, V(0, 0, 1)),
                          np::unit_or(dir, V(1, 0, 0)))) < 1e-3)
      continue;  // grazing
    RayHit h;
    ASSERT_TRUE(np::raycast_triangle({origin, dir}, t, kInf, &h)) << i;
    ExpectWellFormed(h, dir);
    const double scale = max_mag(off) + size;
    const Vec3 nu = np::unit_or(n, V(0, 0, 1));
    EXPECT_NEAR(np::dot(h.point - t.a, nu), 0.0, kSurfaceTolerance * scale);
    EXPECT_NEAR(std::fabs(np::dot(h.normal, nu)), 1.0, 1e-12);
    // The distance to the plane along the ray, in long double from the same
    // doubles: the triangle's vertices relative to the origin are exact to
    // the rounding of a - o, so the distance is accurate relative to itself,
    // divided by the cosine of the incidence.
    {
      using LD = long double;
      const auto sub = [](Vec3 x, Vec3 y) {
        return std::array<LD, 3>{LD(x.x) - y.x, LD(x.y) - y.y, LD(x.z) - y.z};
      };
      const auto ab = sub(t.b, t.a), ac = sub(t.c, t.a), ao = sub(t.a, origin);
      const std::array<LD, 3> nn{ab[1] * ac[2] - ab[2] * ac[1],
                                 ab[2] * ac[0] - ab[0] * ac[2],
                                 ab[0] * ac[1] - ab[1] * ac[0]};
      const LD nd = nn[0] * dir.x + nn[1] * dir.y + nn[2] * dir.z;
      const LD no = nn[0] * ao[0] + nn[1] * ao[1] + nn[2] * ao[2];
      const LD dl =
          std::sqrt(LD(dir.x) * dir.x + LD(dir.y) * dir.y + LD(dir.z) * dir.z);
      const LD nl = std::sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]);
      const double ref = static_cast<double>(no / nd * dl);
      const double cosine = static_cast<double>(std::fabs(nd) / (nl * dl));
      EXPECT_NEAR(h.distance, ref, 1e-12 * ref / cosine) << i;
    }
    for (double k : {0x1p-20, 0x1p30}) {
      RayHit h2;
      ASSERT_TRUE(np::raycast_triangle({origin, dir * k}, t, kInf, &h2));
      EXPECT_EQ(h2.distance, h.distance);
    }
    // The segment to just beyond the point hits at the same distance.
    RayHit hl;
    ASSERT_TRUE(np::linecast_triangle(origin, at + (at - origin), t, &hl));
    EXPECT_NEAR(hl.distance, h.distance, 1e-9 * h.distance);
  }
}

TEST(RaycastTriangle, ExtremeMagnitudesGiveFiniteHits) {
  for (double s : {0x1p-1074, 1e-310, 1e-300, 1.0, 1e300}) {
    const Triangle t{V(0, 0, 0) * s, V(4, 0, 0) * s, V(0, 4, 0) * s};
    for (const Vec3 dir : {V(0, 0, -1), V(1e-300, 0, -1), V(0, 0, -1e300)}) {
      RayHit h;
      ASSERT_TRUE(np::raycast_triangle({V(1, 1, 5) * s, dir}, t, kInf, &h))
          << s;
      ExpectWellFormed(h, dir);
      ASSERT_TRUE(
          np::linecast_triangle(V(1, 1, 5) * s, V(1, 1, -5) * s, t, &h));
      ExpectWellFormed(h, V(0, 0, -1));
    }
    RayHit h;
    ASSERT_TRUE(
        np::raycast_triangle({V(-1, 1, 0) * s, V(1, 0, 0)}, t, kInf, &h));
    ExpectWellFormed(h, V(1, 0, 0));
  }
}

// The mesh_ray cap finding (2026-11-27), rebuilt: corners within subnormals
// of 0, at A / 2 and at A (|A| ~ 2^-496), their z a few subnormals apart, so
// the true normal's components are ~2^-1570 (below any double). The rounded
// edges lost the offsets that tilt the plane: the ray was reported 7.1% before
// the triangle's box (0x1.03495a65447ecp-495 and, for the swapped corners,
// 0x1.03495a65447eap-495), where the mesh, pruning by that box, disagreed with
// the brute force. The exact answers are tests/cpp/cap_truth.py's (rational
// arithmetic): the crossing lies in the triangle, at its box's entry.
struct CapCase {
  Vec3 a{0.0, 0x0.0000000000002p-1022, -0x0.0000000000004p-1022};
  Vec3 b{0x1.54c915bf3c41p-497, -0x1.8610fb39a368p-500,
         0x0.0000000000003p-1022};
  Vec3 c{0x1.54c915bf3c41p-496, -0x1.8610fb39a368p-499,
         0x0.0000000000002p-1022};
  Vec3 o{0x1.e57d8806c94dp-496, 0x1.3f2512add8e32p-496,
         -0x1.979f1a31b247cp-497};
  Vec3 d{-0x1.904b4296fa3ccp-496, -0x1.4b559a87a5fe6p-496,
         0x1.979f1a31b247cp-497};
  // cap_truth.py: lambda |d| and the unit normal facing the ray, each
  // rounded once from 80 digits.
  double distance = 0x1.1716156ee28eap-495;
  Vec3 normal{0x1.1992596e02a01p-3, 0x1.ebfefb0a6acefp-1, 0x1.ebfefb0a6acefp-3};
};

TEST(RaycastTriangle, ACapsHitIsTheExactCrossingForEveryCornerOrder) {
  const CapCase k;
  const Triangle orders[6] = {{k.a, k.b, k.c}, {k.b, k.c, k.a},
                              {k.c, k.a, k.b}, {k.c, k.b, k.a},
                              {k.b, k.a, k.c}, {k.a, k.c, k.b}};
  RayHit first;
  for (int i = 0; i < 6; ++i) {
    RayHit h;
    ASSERT_TRUE(np::raycast_triangle({k.o, k.d}, orders[i], kInf, &h)) << i;
    EXPECT_NEAR(h.distance, k.distance, np::kTriangleCapHit * k.distance) << i;
    // The normal: the exactly rounded normal made unit (a few ulps).
    EXPECT_NEAR(h.normal.x, k.normal.x, kUnitTolerance) << i;
    EXPECT_NEAR(h.normal.y, k.normal.y, kUnitTolerance) << i;
    EXPECT_NEAR(h.normal.z, k.normal.z, kUnitTolerance) << i;
    // The point on the triangle: within the corners' box but for a few ulps
    // of its size (the mesh prunes by that box widened by kMeshBoxMargin).
    const double slack = 0x1p-50 * 0x1p-495;
    EXPECT_GE(h.point.x, 0.0 - slack) << i;
    EXPECT_LE(h.point.x, k.c.x + slack) << i;
    EXPECT_GE(h.point.y, k.c.y - slack) << i;
    EXPECT_LE(h.point.y, k.a.y + slack) << i;
    // A linecast past the crossing agrees.
    RayHit l;
    ASSERT_TRUE(np::linecast_triangle(k.o, k.o + k.d * 2.0, orders[i], &l));
    EXPECT_EQ(l.distance, h.distance) << i;
    // Every order: the same bits (the crossing is orient3d(a, b, c, .),
    // the same for a rotation, negated for a swap).
    if (i == 0) first = h;
    EXPECT_EQ(h.distance, first.distance) << i;
    EXPECT_PRED_FORMAT2(VecEq, h.normal, first.normal) << i;
    EXPECT_PRED_FORMAT2(VecEq, h.point, first.point) << i;
  }
}

// Caps at every magnitude, their tilts 2^-578 of their size (subnormal at
// 2^-496 and below), rays from a corner or an edge's midpoint (or near one)
// toward another (the mesh fuzzer's rays). Every corner order gives the same
// answer, bit for bit; a hit's point lies in the corners' box but for 2^-50
// of its magnitude (the mesh prunes by that box widened by 2^-40); and where
// the ray crosses the plane obliquely (|n . u| >= 2^-8, so that rounding the
// points below moves them across it by far less than 2^-40 of the distance),
// the exact side of the plane (det3_sign, orient3d on the exact reals) says
// the reported distance is the crossing's within 2^-40: the point at 1 -
// 2^-40 of it is on the origin's side, the one at 1 + 2^-40 on the other (or
// on the plane). Before the caps' exact crossing, 60% of the hits were an
// ulp or more apart between orders and many lay outside the box.
TEST(RaycastTriangle, CapsAtEveryMagnitudeHitTheExactPlaneForEveryCornerOrder) {
  Rng rng(20261128);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> pick(0, 7);
  const auto small = [&](Rng&) {  // +-1 .. +-4: never 0 (no exact segment)
    const int k = pick(rng);
    return k < 4 ? k - 4 : k - 3;
  };
  int hits = 0, misses = 0, oblique = 0;
  for (int e = -1000; e <= 1000; e += 40) {
    const double s = std::ldexp(1.0, e);
    // Subnormal below 2^-496, and at least the least subnormal.
    const double tilt = std::ldexp(1.0, std::max(e - 578, -1074));
    for (int n = 0; n < 80; ++n) {
      const Vec3 A{s * (1.0 + u(rng)), s * u(rng), s * u(rng)};
      const Vec3 a{tilt * small(rng), tilt * small(rng), tilt * small(rng)};
      const Vec3 b{A.x * 0.5 + tilt * small(rng), A.y * 0.5,
                   A.z * 0.5 + tilt * small(rng)};
      const Vec3 c{A.x, A.y + tilt * small(rng), A.z + tilt * small(rng)};
      const Triangle t{a, b, c};
      // From a corner or an edge's midpoint, moved by up to 2 s on each axis
      // or not, toward another such point (the mesh fuzzer's rays).
      const auto mid = [](Vec3 p, Vec3 q) { return p + (q - p) * 0.5; };
      const Vec3 pts[6] = {a, b, c, mid(a, b), mid(b, c), mid(a, c)};
      Vec3 o = pts[pick(rng) % 6];
      if (pick(rng) % 2 == 0)
        o = o + Vec3{s * small(rng) * 0.5, s * small(rng) * 0.5,
                     s * small(rng) * 0.5};
      const Vec3 d = pts[pick(rng) % 6] - o;
      if (d.x == 0.0 && d.y == 0.0 && d.z == 0.0) continue;
      RayHit h;
      const bool hit = np::raycast_triangle({o, d}, t, kInf, &h);
      if (!hit) {
        ++misses;
      } else if (h.distance > 0.0) {
        ++hits;
        const double margin = 0x1p-50 * std::ldexp(1.0, e + 2);
        for (int i = 0; i < 3; ++i) {
          const double lo =
              std::min({np::get(a, i), np::get(b, i), np::get(c, i)});
          const double hi =
              std::max({np::get(a, i), np::get(b, i), np::get(c, i)});
          EXPECT_GE(np::get(h.point, i), lo - margin) << e << " " << n;
          EXPECT_LE(np::get(h.point, i), hi + margin) << e << " " << n;
        }
        // |d| in units of s (exact powers of two): no square underflows.
        const Vec3 ds = d * std::ldexp(1.0, -e);
        const double len = std::sqrt(np::dot(ds, ds)) * s;
        if (std::fabs(np::dot(h.normal, ds)) >= 0x1p-8 * (len / s)) {
          ++oblique;
          const double lambda = h.distance / len;
          const int side = np::detail::det3_sign(b, a, c, a, o, a);
          const Vec3 before = o + d * (lambda * (1.0 - 0x1p-40));
          const Vec3 after = o + d * (lambda * (1.0 + 0x1p-40));
          EXPECT_EQ(np::detail::det3_sign(b, a, c, a, before, a), side)
              << e << " " << n;
          EXPECT_NE(np::detail::det3_sign(b, a, c, a, after, a), side)
              << e << " " << n;
        }
      }
      const Triangle others[5] = {
          {b, c, a}, {c, a, b}, {c, b, a}, {b, a, c}, {a, c, b}};
      for (const Triangle& x : others) {
        RayHit g;
        ASSERT_EQ(np::raycast_triangle({o, d}, x, kInf, &g), hit) << e << n;
        if (hit) {
          EXPECT_EQ(g.distance, h.distance) << e << " " << n;
          EXPECT_PRED_FORMAT2(VecEq, g.point, h.point) << e << " " << n;
        }
      }
    }
  }
  EXPECT_GT(hits, 100);
  EXPECT_GT(oblique, 50);
  EXPECT_GT(misses, 100);
  std::printf("caps: %d hits beyond 0 (%d oblique), %d misses\n", hits, oblique,
              misses);
}

// ============================================================================
// Capsules
// ============================================================================

// From -axis to +axis, radius 0.5.
Capsule axis_capsule(int axis) {
  return {axis_value(axis, -1.0), axis_value(axis, 1.0), 0.5};
}

TEST(RaycastCapsule, SideCapsTangentInsideForEveryAxis) {
  for (int axis = 0; axis < 3; ++axis) {
    const Capsule c = axis_capsule(axis);
    for (double sign : {-1.0, 1.0}) {
      RayHit h;
      // The side.
      const Vec3 across = axis_value((axis + 1) % 3, sign);
      ASSERT_TRUE(np::raycast_capsule(
          {axis_value(axis, 0.5) - across * 5.0, across * 2.0}, c, kInf, &h));
      EXPECT_EQ(h.distance, 4.5);
      EXPECT_PRED_FORMAT2(VecEq, h.point, axis_value(axis, 0.5) - across * 0.5);
      EXPECT_PRED_FORMAT2(VecEq, h.normal, np::negated(across));
      ExpectWellFormed(h, across);
      // The cap, along the axis.
      const Vec3 along = axis_value(axis, sign);
      ASSERT_TRUE(np::raycast_capsule({along * -5.0, along}, c, kInf, &h));
      EXPECT_EQ(h.distance, 3.5);
      EXPECT_PRED_FORMAT2(VecEq, h.point, along * -1.5);
      EXPECT_PRED_FORMAT2(VecEq, h.normal, np::negated(along));
      // Tangent to the side, and just beside.
      const Vec3 up = axis_value((axis + 2) % 3, 0.5);
      ASSERT_TRUE(
          np::raycast_capsule({up - across * 5.0, across}, c, kInf, &h));
      EXPECT_EQ(h.distance, 5.0);
      EXPECT_PRED_FORMAT2(VecEq, h.point, up);
      EXPECT_FALSE(np::raycast_capsule({up * 1.000001 - across * 5.0, across},
                                       c, kInf, &h));
      // Inside and on: distance 0, facing back.
      for (const Vec3 o : {axis_value(axis, 1.2), up, V(0, 0, 0)}) {
        ASSERT_TRUE(np::raycast_capsule({o, across}, c, kInf, &h));
        EXPECT_EQ(h.distance, 0.0);
        EXPECT_PRED_FORMAT2(VecEq, h.point, o);
        EXPECT_PRED_FORMAT2(VecEq, h.normal, np::negated(across));
      }
      // max_distance.
      EXPECT_TRUE(np::raycast_capsule({along * -5.0, along}, c, 3.5, &h));
      EXPECT_FALSE(np::raycast_capsule({along * -5.0, along}, c,
                                       std::nextafter(3.5, 0.0), &h));
      EXPECT_FALSE(
          np::raycast_capsule({along * -5.0, np::negated(along)}, c, kInf, &h));
    }
  }
}

TEST(RaycastCapsule, RadiusZeroIsTheSegment) {
  const Capsule c{V(0, -1, 0), V(0, 1, 0), 0.0};
  RayHit h;
  ASSERT_TRUE(np::raycast_capsule({V(-3, 0.5, 0), V(2, 0, 0)}, c, kInf, &h));
  EXPECT_EQ(h.distance, 3.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(0, 0.5, 0));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(-1, 0, 0));
  EXPECT_FALSE(
      np::raycast_capsule({V(-3, 0.5, 1e-9), V(1, 0, 0)}, c, kInf, &h));
  EXPECT_FALSE(np::raycast_capsule({V(-3, 1.5, 0), V(1, 0, 0)}, c, kInf, &h));
  ASSERT_TRUE(np::raycast_capsule({V(0, 5, 0), V(0, -1, 0)}, c, kInf, &h));
  EXPECT_EQ(h.distance, 4.0);
}

TEST(LinecastCapsule, EndingOnTheSurfaceAndZeroLength) {
  const Capsule c = axis_capsule(1);
  RayHit h;
  ASSERT_TRUE(np::linecast_capsule(V(-5, 0.5, 0), V(-0.5, 0.5, 0), c, &h));
  EXPECT_EQ(h.distance, 4.5);
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(-1, 0, 0));
  EXPECT_FALSE(
      np::linecast_capsule(V(-5, 0.5, 0), V(-0.5000001, 0.5, 0), c, &h));
  ASSERT_TRUE(np::linecast_capsule(V(0, 5, 0), V(0, 1.5, 0), c, &h));
  EXPECT_EQ(h.distance, 3.5);
  ASSERT_TRUE(np::linecast_capsule(V(0.25, 0.5, 0), V(0.25, 0.5, 0), c, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(1, 0, 0));
  ASSERT_TRUE(np::linecast_capsule(V(0, 0.5, 0), V(0, 0.5, 0), c, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 1, 0));
  EXPECT_FALSE(np::linecast_capsule(V(0.75, 0.5, 0), V(0.75, 0.5, 0), c, &h));
}

TEST(RaycastCapsule, SeededPropertiesAtManyScales) {
  Rng rng(0xca9);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const double size = std::pow(10.0, -6.0 + 12.0 * unit(rng));
    const Vec3 off = random_unit(rng) * (1e6 * unit(rng));
    const Capsule c{off, off + random_unit(rng) * (size * 3 * unit(rng)),
                    size * (0.05 + unit(rng))};
    const Vec3 on_axis = c.start + (c.end - c.start) * unit(rng);
    const Vec3 at = on_axis + random_unit(rng) * (0.9 * c.radius * unit(rng));
    const Vec3 origin =
        on_axis + random_unit(rng) * (size * (5 + 10 * unit(rng)));
    const bool aimed = i % 2 == 0;
    const Vec3 dir =
        aimed ? (at - origin) * std::pow(2.0, i % 30 - 15) : random_unit(rng);
    RayHit h;
    const bool hit = np::raycast_capsule({origin, dir}, c, kInf, &h);
    if (aimed) EXPECT_TRUE(hit) << i;
    if (!hit) continue;
    ++hits;
    ExpectWellFormed(h, dir);
    const double scale = max_mag(off) + size;
    // On the surface: radius away from the segment.
    const Vec3 e = c.end - c.start;
    double f = np::dot(h.point - c.start, e) / np::length_squared(e);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    EXPECT_NEAR(np::length(h.point - (c.start + e * f)), c.radius,
                kSurfaceTolerance * scale)
        << i;
    EXPECT_NEAR(np::length(h.point - origin), h.distance,
                kSurfaceTolerance * (max_mag(origin) + scale) + 1e-9 * size);
    for (double k : {0x1p-20, 0x1p30}) {
      RayHit h2;
      ASSERT_TRUE(np::raycast_capsule({origin, dir * k}, c, kInf, &h2));
      EXPECT_EQ(h2.distance, h.distance);
    }
    if (aimed) {
      RayHit hl;
      ASSERT_TRUE(np::linecast_capsule(origin, at, c, &hl)) << i;
      EXPECT_EQ(hl.distance, h.distance);
    }
  }
  EXPECT_GT(hits, 10000);
}

TEST(RaycastCapsule, ExtremeMagnitudesGiveFiniteHits) {
  for (double s : {0x1p-1074, 1e-310, 1e-300, 1.0, 1e300}) {
    const Capsule c{V(0, -1, 0) * s, V(0, 1, 0) * s, 0.5 * s};
    for (const Vec3 dir : {V(1, 0, 0), V(1, 1e-300, 0), V(1e300, 0, 0)}) {
      RayHit h;
      ASSERT_TRUE(np::raycast_capsule({V(-5, 0.5, 0) * s, dir}, c, kInf, &h))
          << s;
      ExpectWellFormed(h, dir);
      ASSERT_TRUE(
          np::linecast_capsule(V(-5, 0.5, 0) * s, V(5, 0.5, 0) * s, c, &h));
      ExpectWellFormed(h, V(1, 0, 0));
    }
  }
}

// ============================================================================
// Oriented boxes
// ============================================================================

OBB identity_obb(Vec3 center, Vec3 half) {
  return {center, half, {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}};
}

TEST(RaycastOBB, RotatedBoxHitsTheFaceAlongItsAxis) {
  // Local x along world y, local y along world -x: the world box is
  // [-1, 3] x [1, 3] x [0, 6].
  const OBB b{V(1, 2, 3), V(1, 2, 3), {V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1)}};
  RayHit h;
  ASSERT_TRUE(np::raycast_obb({V(10, 2.5, 4), V(-2, 0, 0)}, b, kInf, &h));
  EXPECT_EQ(h.distance, 7.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(3, 2.5, 4));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(1, 0, 0));
  ASSERT_TRUE(np::raycast_obb({V(0, -4, 4), V(0, 1, 0)}, b, kInf, &h));
  EXPECT_EQ(h.distance, 5.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(0, 1, 4));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, -1, 0));
  EXPECT_FALSE(np::raycast_obb({V(10, 3.5, 4), V(-1, 0, 0)}, b, kInf, &h));
  // Inside: distance 0, facing back.
  ASSERT_TRUE(np::raycast_obb({V(0, 2, 3), V(0, 0, 4)}, b, kInf, &h));
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, h.point, V(0, 2, 3));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(0, 0, -1));
  // max_distance.
  EXPECT_TRUE(np::raycast_obb({V(10, 2.5, 4), V(-2, 0, 0)}, b, 7.0, &h));
  EXPECT_FALSE(np::raycast_obb({V(10, 2.5, 4), V(-2, 0, 0)}, b,
                               std::nextafter(7.0, 0.0), &h));
  // Linecast ending on the face, and zero length.
  ASSERT_TRUE(np::linecast_obb(V(10, 2.5, 4), V(3, 2.5, 4), b, &h));
  EXPECT_EQ(h.distance, 7.0);
  EXPECT_FALSE(np::linecast_obb(V(10, 2.5, 4), V(3.0000001, 2.5, 4), b, &h));
  ASSERT_TRUE(np::linecast_obb(V(2.5, 2, 3), V(2.5, 2, 3), b, &h));
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(1, 0, 0));  // nearest face: world +x
  EXPECT_FALSE(np::linecast_obb(V(3.5, 2, 3), V(3.5, 2, 3), b, &h));
}

TEST(RaycastOBB, AxisRaysOnBothSidesOfAnIdentityBox) {
  const OBB b = identity_obb(V(1, -2, 3), V(1, 2, 0.5));
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      const Vec3 dir = axis_value(axis, sign);
      const Vec3 origin = b.center - dir * 10.0;
      RayHit h;
      ASSERT_TRUE(np::raycast_obb({origin, dir * 3.0}, b, kInf, &h));
      EXPECT_EQ(h.distance, 10.0 - np::get(b.half_size, axis));
      EXPECT_PRED_FORMAT2(VecEq, h.normal, axis_value(axis, -sign));
      EXPECT_PRED_FORMAT2(VecEq, h.point,
                          b.center - dir * np::get(b.half_size, axis));
      ExpectWellFormed(h, dir);
    }
  }
}

void random_rotation(Rng& rng, Vec3 axis[3]) {
  std::normal_distribution<double> g(0.0, 1.0);
  double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
  const double n = std::sqrt(w * w + x * x + y * y + z * z);
  w /= n, x /= n, y /= n, z /= n;
  axis[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
  axis[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
  axis[2] = {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
}

TEST(RaycastOBB, SeededPropertiesAtManyScales) {
  Rng rng(0x0bb);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const double size = std::pow(10.0, -6.0 + 12.0 * unit(rng));
    OBB b;
    b.center = random_unit(rng) * (1e6 * unit(rng));
    b.half_size = V(0.1 + unit(rng), 0.1 + unit(rng), 0.1 + unit(rng)) * size;
    const bool identity = i % 4 == 0;
    if (identity) {
      b = identity_obb(b.center, b.half_size);
    } else {
      random_rotation(rng, b.axis);
    }
    const Vec3 local{(2 * unit(rng) - 1) * 0.9 * b.half_size.x,
                     (2 * unit(rng) - 1) * 0.9 * b.half_size.y,
                     (2 * unit(rng) - 1) * 0.9 * b.half_size.z};
    const Vec3 at = b.center + b.axis[0] * local.x + b.axis[1] * local.y +
                    b.axis[2] * local.z;
    const Vec3 origin =
        b.center + random_unit(rng) * (size * (4 + 10 * unit(rng)));
    const bool aimed = i % 2 == 0;
    const Vec3 dir =
        aimed ? (at - origin) * std::pow(2.0, i % 30 - 15) : random_unit(rng);
    RayHit h;
    const bool hit = np::raycast_obb({origin, dir}, b, kInf, &h);
    if (aimed) EXPECT_TRUE(hit) << i;
    if (identity) {
      const AABB box{b.center - b.half_size, b.center + b.half_size};
      RayHit ha;
      const bool hit_aabb = np::raycast_aabb({origin, dir}, box, kInf, &ha);
      EXPECT_EQ(hit, hit_aabb) << i;
      if (hit && hit_aabb) {
        EXPECT_NEAR(h.distance, ha.distance,
                    kSurfaceTolerance * (max_mag(origin) + size));
        EXPECT_PRED_FORMAT2(VecEq, h.normal, ha.normal);
      }
    }
    if (!hit) continue;
    ++hits;
    ExpectWellFormed(h, dir);
    // On the surface: in the box, and on one face, in the box frame.
    const Vec3 p = h.point - b.center;
    const double scale = max_mag(b.center) + size;
    double face_gap = kInf;
    for (int k = 0; k < 3; ++k) {
      const double c = std::fabs(np::dot(p, b.axis[k]));
      const double hk = np::get(b.half_size, k);
      EXPECT_LE(c, hk + kSurfaceTolerance * scale + kObbTolerance * hk) << i;
      face_gap = std::fmin(face_gap, std::fabs(c - hk));
      // The normal is +-axis[k] for one k.
    }
    EXPECT_LE(face_gap, kSurfaceTolerance * scale + kObbTolerance * size);
    bool normal_is_axis = false;
    for (int k = 0; k < 3; ++k) {
      // The axis normalized (orthonormal only within validation's tolerance).
      const Vec3 a = np::unit_or(b.axis[k], V(0, 1, 0));
      normal_is_axis |= (h.normal.x == a.x + 0.0 && h.normal.y == a.y + 0.0 &&
                         h.normal.z == a.z + 0.0);
      const Vec3 na = np::negated(a);
      normal_is_axis |=
          (h.normal.x == na.x && h.normal.y == na.y && h.normal.z == na.z);
    }
    EXPECT_TRUE(normal_is_axis) << i;
    for (double k : {0x1p-20, 0x1p30}) {
      RayHit h2;
      ASSERT_TRUE(np::raycast_obb({origin, dir * k}, b, kInf, &h2));
      EXPECT_EQ(h2.distance, h.distance);
    }
    if (aimed) {
      RayHit hl;
      ASSERT_TRUE(np::linecast_obb(origin, at, b, &hl)) << i;
      EXPECT_NEAR(hl.distance, h.distance,
                  kSurfaceTolerance * (max_mag(origin) + size));
      EXPECT_PRED_FORMAT2(VecEq, hl.normal, h.normal);
    }
  }
  EXPECT_GT(hits, 10000);
}

TEST(RaycastOBB, ExtremeMagnitudesGiveFiniteHits) {
  for (double s : {0x1p-1074, 1e-310, 1e-300, 1.0, 1e300}) {
    const OBB b{
        V(1, 2, 3) * s, V(1, 2, 3) * s, {V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1)}};
    for (const Vec3 dir : {V(-1, 0, 0), V(-1, 1e-300, 0), V(-1e300, 0, 0)}) {
      RayHit h;
      ASSERT_TRUE(np::raycast_obb({V(10, 2.5, 4) * s, dir}, b, kInf, &h)) << s;
      ExpectWellFormed(h, dir);
      ASSERT_TRUE(
          np::linecast_obb(V(10, 2.5, 4) * s, V(-10, 2.5, 4) * s, b, &h));
      ExpectWellFormed(h, V(-1, 0, 0));
    }
  }
}

// ============================================================================
// All shapes
// ============================================================================

// Finite fields, a unit normal without -0 (an OBB's normal is its axis, here
// exactly unit).
void ExpectFinite(bool hit, const RayHit& h, const char* what, int i) {
  if (!hit) return;
  EXPECT_TRUE(std::isfinite(h.distance) && h.distance >= 0.0) << what << i;
  EXPECT_TRUE(finite(h.point)) << what << i;
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, h.normal) << what << i;
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-12) << what << i;
}

// Inputs mixing every magnitude, from subnormals to ~1e300, in one query:
// whatever the answer, no NaN, no infinity, no -0.
TEST(RaycastShapes, RandomInputsOfEveryMagnitudeNeverGiveNaN) {
  Rng rng(0xe7e);
  std::uniform_int_distribution<int> exponent(-1074, 996), kind(0, 9);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto rd = [&] {
    const int k = kind(rng);
    if (k == 0) return 0.0;
    if (k < 4) return std::ldexp(unit(rng), exponent(rng));
    if (k < 6) return std::round(unit(rng) * 8);
    return unit(rng) * 1e3;
  };
  const auto rv = [&] { return V(rd(), rd(), rd()); };
  for (int i = 0; i < 50000; ++i) {
    const Vec3 o = rv(), e = rv();
    Vec3 d = rv();
    if (np::length_squared(d) == 0.0 && np::max_abs_component(d) == 0.0)
      d.x = 1.0;
    RayHit h;
    const Sphere s{rv(), std::fabs(rd())};
    ExpectFinite(np::raycast_sphere({o, d}, s, kInf, &h), h, "rs", i);
    ExpectFinite(np::linecast_sphere(o, e, s, &h), h, "ls", i);
    Vec3 n = rv();
    if (np::max_abs_component(n) == 0.0) n.z = 1.0;
    const Plane pl{n, rd()};
    ExpectFinite(np::raycast_plane({o, d}, pl, kInf, &h), h, "rp", i);
    ExpectFinite(np::linecast_plane(o, e, pl, &h), h, "lp", i);
    const Triangle t{rv(), rv(), rv()};
    ExpectFinite(np::raycast_triangle({o, d}, t, kInf, &h), h, "rt", i);
    ExpectFinite(np::linecast_triangle(o, e, t, &h), h, "lt", i);
    const Capsule c{rv(), rv(), std::fabs(rd())};
    ExpectFinite(np::raycast_capsule({o, d}, c, kInf, &h), h, "rc", i);
    ExpectFinite(np::linecast_capsule(o, e, c, &h), h, "lc", i);
    const OBB b{rv(),
                {std::fabs(rd()), std::fabs(rd()), std::fabs(rd())},
                {V(1, 0, 0), V(0, 0.6, 0.8), V(0, -0.8, 0.6)}};
    ExpectFinite(np::raycast_obb({o, d}, b, kInf, &h), h, "ro", i);
    ExpectFinite(np::linecast_obb(o, e, b, &h), h, "lo", i);
  }
}

// Found by the sweep above: a capsule's axis 2^-540 times shorter than the
// offset that sets the solving units (its squared length underflowed, and the
// axis parameter became 0 / 0), and a triangle hit whose distance overflowed.
TEST(RaycastShapes, RegressionsOfTheMagnitudeSweep) {
  RayHit h;
  const Capsule c{{0x1p+0, -0x1.6ef9a715e19a6p-881, 0x1.0be0e2d6f7768p+452},
                  {-0x1p+1, -0x1.b0ec6444b22dap+9, 0x1.5bbd26bfea3b5p+9},
                  0x1.21cc28c3a507dp+9};
  const Vec3 start{-0x1.9620fbb991abap+990, 0x1.bf3cd7585d8efp+9,
                   0x1.96a1afed39c29p+8};
  const Vec3 end{0x1.cp+2, 0x1.8p+1, 0x1.b3568b4967282p-252};
  ExpectFinite(np::linecast_capsule(start, end, c, &h), h, "lc", 0);
  ExpectFinite(np::raycast_capsule({start, end - start}, c, kInf, &h), h, "rc",
               0);
  const Triangle t{
      {-0x1.11d9adf5cbfdcp+956, -0x1.ddfee175775ap-13, 0x1.7e32fe8d02512p+7},
      {-0x1p+3, 0x1p+1, 0x1.a011639268f4p-973},
      {0x1.96e44ed375806p+9, 0x0p+0, 0x1p+3}};
  const Ray ray{
      {-0x1.06280b43f6557p+9, -0x1.0fc674c4c7df9p+86, 0x1.6312305ebaf5p+376},
      {0x1.df23a1faabd98p+809, -0x1.2fc96018a7528p-516, -0x1p+0}};
  ExpectFinite(np::raycast_triangle(ray, t, kInf, &h), h, "rt", 0);
}

// ---- Fuzz findings (tests/fuzz: mode-query), with their exact inputs ----

// A hit at distance 0 is the start exactly, facing back along the direction.
void ExpectStartHit(const RayHit& h, Vec3 start, Vec3 dir) {
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_EQ(h.point.x, start.x);
  EXPECT_EQ(h.point.y, start.y);
  EXPECT_EQ(h.point.z, start.z);
  const Vec3 back = np::negated(np::unit_or(dir, V(0, 1, 0)));
  EXPECT_LE(np::length(h.normal - back), 1e-15);
  ExpectWellFormed(h, dir);
}

TEST(FuzzFindings, RawLinecastSphere) {
  // A radius-0 ball hit head-on: the rounded entry fell beyond it and the
  // normal faced along the segment.
  const Vec3 a = V(0x0.00032ffffedffp-1022, 0, 0), e = V(0, 0, 0);
  RayHit h;
  ASSERT_TRUE(np::linecast_sphere(a, e, Sphere{V(0, 0, 0), 0.0}, &h));
  EXPECT_EQ(h.distance, 0x0.00032ffffedffp-1022);
  ExpectWellFormed(h, e - a);
}
TEST(FuzzFindings, ValidLinecastSphere) {
  const Vec3 c = V(0x1.fcp+1, 0x1.fcp+1, -0x1.bp+1);
  RayHit h;
  ASSERT_TRUE(np::linecast_sphere(V(0, 0, 0), c, Sphere{c, 0.0}, &h));
  EXPECT_EQ(h.distance, np::length(c));
  ExpectWellFormed(h, c);
}
TEST(FuzzFindings, RawRaycastSphere) {
  const Ray ray{V(0x1.f00000000004p-848, 0x0.000000000004bp-1022, 0),
                V(0, 0, 0x0.700000006e5p-1022)};
  const Sphere s{V(0, 0x0.000000ap-1022, 0x1.b4b3467p+181),
                 0x1.b4b4b4a4b4b4bp-1019};
  RayHit h;
  ASSERT_TRUE(np::raycast_sphere(ray, s, 0x1.0000000b8p+273, &h));
  ExpectWellFormed(h, ray.direction);
  EXPECT_LE(np::dot(h.normal, ray.direction), 0.0);
}
TEST(FuzzFindings, ValidRaycastSphere) {
  // The origin within rounding of a DBL_MAX-radius ball: the root said
  // "inside", the world test "outside"; the start must be reported exactly.
  const Ray ray{V(0x1.78b3b07d62511p+1022, -0x1.54a27c30047a7p+1023,
                  0x1.7a60ac67c92dbp+1021),
                V(0x1p-20, 0, 0)};
  const Sphere s{V(-1, -0x1.8p-60, 0x1.ab36d48e1acfp+1023),
                 0x1.fffffffffffffp+1023};
  RayHit h;
  ASSERT_TRUE(np::raycast_sphere(ray, s, 0.0, &h));
  ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, RawLinecastCapsule) {
  const Vec3 a = V(0x0.00032ffffedffp-1022, 0, 0), e = V(0, 0, 0);
  RayHit h;
  ASSERT_TRUE(np::linecast_capsule(a, e, Capsule{e, e, 0.0}, &h));
  EXPECT_EQ(h.distance, 0x0.00032ffffedffp-1022);
  ExpectWellFormed(h, e - a);
}
TEST(FuzzFindings, ValidLinecastCapsule) {
  const Vec3 e =
      V(-0x0.0000000000003p-1022, -0x1.ffffffffffff8p-1, -0x1.0000000000003p+0);
  RayHit h;
  ASSERT_TRUE(np::linecast_capsule(V(0, 0, 0), e, Capsule{e, e, 0.0}, &h));
  EXPECT_EQ(h.distance, np::length(e));
  ExpectWellFormed(h, e);
}
TEST(FuzzFindings, RawRaycastCapsule) {
  const Ray ray{V(0x0.0000000004p-1022, 0x0.000003bp-1022, 0),
                V(0x1.045p-1007, 0x1.dddddddddp-1010, 0x0.00000000004p-1022)};
  const Capsule c{V(0x1p+33, 0, 0), V(0, 0, 0), 0.0};
  RayHit h;
  if (np::raycast_capsule(ray, c, 0.0, &h))
    ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, ValidRaycastCapsule) {
  const Ray ray{V(0, 0, 0), V(1, 0, 0)};
  const Capsule c{V(-0.0, -0x1.ab36d48e1acfp+1023, -0.0),
                  V(-0x0.0000000000001p-1022, -0x0.0000000000001p-1022,
                    -0x0.0000000000001p-1022),
                  0.0};
  RayHit h;
  if (np::raycast_capsule(ray, c, 0.0, &h))
    ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, RawLinecastTriangle) {
  // A degenerate triangle (a segment ending at 0) hit end-on from 5e-311: the
  // start was absorbed into start - a, and the entry reported at 0.
  const Vec3 a = V(0x0.00a0aa5a5a5a5p-1022, 0, 0), e = V(0, 0, 0);
  const Triangle t{V(-0x1.88888ffp-887, 0, 0), e, e};
  RayHit h;
  ASSERT_TRUE(np::linecast_triangle(a, e, t, &h));
  EXPECT_EQ(h.distance, 0x0.00a0aa5a5a5a5p-1022);
  EXPECT_PRED_FORMAT2(VecEq, h.point, e);
  ExpectWellFormed(h, e - a);
}
TEST(FuzzFindings, RawRaycastTriangle) {
  const Ray ray{V(0x1.d3d3d3d3d3dp-44, 0x0.00000000009p-1022, 0x0.00bp-1022),
                V(0, 0, 0x1.616164fp-670)};
  const Triangle t{V(-0x1.0261616161616p+849, 0, 0), V(0, 0, 0), V(0, 0, 0)};
  RayHit h;
  if (np::raycast_triangle(ray, t, 0.0, &h))
    ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, ValidRaycastTriangle) {
  // The origin is a corner.
  const Ray ray{V(0, 0, 0), V(1, 0, 0)};
  const Triangle t{V(1, -1, 1), V(0x1.98bf832dfdfbp-974, 0, 0), V(0, 0, 0)};
  RayHit h;
  ASSERT_TRUE(np::raycast_triangle(ray, t, 0.0, &h));
  ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, ValidLinecastTriangle) {
  // (b - a) overflows: the normal was NaN.
  const Triangle t{
      V(-0x1p+426, -0x1.fffffffffffffp+1021, -0x1.fffffffffffffp+1021),
      V(-0x1.fffffffffffffp+1021, 0x1.ab36d48e1acfp+1023,
        0x1.ab36d48e1acfp+1023),
      V(1, 0, 0)};
  RayHit h;
  if (np::linecast_triangle(V(0, 0, 0), V(0, 0, 0), t, &h)) {
    EXPECT_EQ(h.distance, 0.0);
    EXPECT_PRED_FORMAT2(VecEq, h.point, V(0, 0, 0));
    EXPECT_TRUE(finite(h.normal));
    EXPECT_NEAR(np::length(h.normal), 1.0, kUnitTolerance);
    EXPECT_PRED_FORMAT1(HasNoNegativeZero, h.normal);
  }
}
TEST(FuzzFindings, RawLinecastPlane) {
  // The crossing 1e-78 along: t = f0 / (f0 + f1) underflowed to 0.
  const Vec3 a = V(0x1.aea8888881988p-897, 0x1.feaeaffeaeaeap-864,
                   -0x1.aff3d88888827p-895);
  const Vec3 e = V(-0x1.7d73cbc1f0a88p+382, -0x1.7d7d7d7d7d7d7p+382,
                   -0x1.7d7d7d7d7d7d7p+1022);
  const Plane pl{V(0x0.0000000003d88p-1022, 0, 0), 0.0};
  RayHit h;
  ASSERT_TRUE(np::linecast_plane(a, e, pl, &h));
  // a.x / |cos|, cos = |e.x - a.x| / |e - a|.
  const double expected =
      0x1.aea8888881988p-897 / (0x1.7d73cbc1f0a88p+382 / np::length(e - a));
  EXPECT_NEAR(h.distance, expected, expected * 1e-14);
  EXPECT_EQ(h.point.x, 0.0);
  EXPECT_PRED_FORMAT2(VecEq, h.normal, V(1, 0, 0));
}
TEST(FuzzFindings, ValidLinecastPlane) {
  // Products of subnormals: linecast and raycast of one path disagreed (4.31
  // and 6), both off the true 4.0637450199...
  const Vec3 e =
      V(0x0.0000000000004p-1022, 0x0.0000000000004p-1022, -0x1.fep+7);
  const Plane pl{V(2, 2, 0x0.0000000000004p-1022), 0x0.000000000001p-1022};
  RayHit hl, hr;
  ASSERT_TRUE(np::linecast_plane(V(0, 0, 0), e, pl, &hl));
  ASSERT_TRUE(np::raycast_plane({V(0, 0, 0), e}, pl, kInf, &hr));
  EXPECT_EQ(hl.distance, hr.distance);
  EXPECT_NEAR(hl.distance, 255.0 * 16.0 / 1004.0, 1e-13);
  ExpectWellFormed(hl, e);
}
TEST(FuzzFindings, RawRaycastPlane) {
  // The crossing is 4.5e-318 away (beyond max_distance 0): a miss, not a hit
  // at 0 facing the wrong way.
  const Ray ray{
      V(0x0.00000000a0208p-1022, 0x0.089946badee55p-1022, 0x1.00000c5c51fp-527),
      V(-0x1.5c5c5c5c5c5p+93, 0x0.00000c5c5000ap-1022, -0x1.5c5c5c5c5c51fp+93)};
  const Plane pl{V(0x0.00000fffff30ap-1022, 0, 0), 0.0};
  RayHit h;
  EXPECT_FALSE(np::raycast_plane(ray, pl, 0.0, &h));
  ASSERT_TRUE(np::raycast_plane(ray, pl, kInf, &h));
  EXPECT_GT(h.distance, 0.0);
  ExpectWellFormed(h, ray.direction);
}
TEST(FuzzFindings, ValidRaycastPlane) {
  // The crossing 5e-617 away rounds to 0: the start, facing back.
  const Ray ray{V(0, 0, 0), V(1, 0, 0)};
  const Plane pl{V(0x1.ab36d48e1acfp+1023, 1, 0x1.ab36d48e1acfp+1023),
                 -0x0.730d67819e8d2p-1022};
  RayHit h;
  ASSERT_TRUE(np::raycast_plane(ray, pl, 0.0, &h));
  ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, ValidRaycastOBB) {
  // Axes orthonormal only within 1e-6: the reported axis is normalized.
  const OBB b{V(3, 3, 3),
              V(0, 0, 0),
              {V(-0x1.568f3p-2, 0x1.2c1b6ep-1, 0x1.79d03ep-1),
               V(0x1.79d03ep-1, -0x1.4be22p-2, 0x1.2f1766p-1),
               V(0x1.2c1b6ep-1, 0x1.7c3032p-1, -0x1.4be22p-2)}};
  const Ray ray{V(3, 0x1.5683bcp+1, 3), V(0, 0x1.4be22p-2, 0)};
  RayHit h;
  ASSERT_TRUE(np::raycast_obb(ray, b, kInf, &h));
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  ExpectWellFormed(h, ray.direction);
}
TEST(FuzzFindings, ValidLinecastOBB) {
  const double a = -0x1.11cdddc3eafbep-23, o = 0x1.fffffbb8c888fp-1;
  const OBB b{V(0, 0, 0), V(0, 0, 0), {V(a, o, a), V(a, a, o), V(o, a, a)}};
  RayHit h;
  ASSERT_TRUE(np::linecast_obb(V(0, 0, 0), V(0, 0, 0), b, &h));
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  EXPECT_PRED_FORMAT1(HasNoNegativeZero, h.normal);
}

TEST(FuzzFindings, ValidLinecastOBBNaN) {
  // Offsets near the largest double: the box frame's coordinates overflowed
  // and the point was NaN.
  const double m = -0x1.ab36d48e1acf7p+1023, m2 = -0x1.ab36d48e1acfp+1023;
  const OBB b{
      V(m, m2, m),
      V(0, 0, 0),
      {V(0x1.296e37243a3b8p-3, 0x1.f2fa95c53289fp-1, -0x1.5d83e00f70154p-3),
       V(0x1.5d83e00f70154p-3, 0x1.296e37243a3b8p-3, 0x1.f2fa95c53289fp-1),
       V(0x1.f2fa95c53289fp-1, -0x1.5d83e00f70154p-3, -0x1.296e37243a3dp-3)}};
  RayHit h;
  // |end - start| is beyond the largest double: a miss (the contract).
  EXPECT_FALSE(np::linecast_obb(V(0, 0, 0), V(m, m2, m), b, &h));
  // Half-way there, the box is reached at the segment's end.
  const Vec3 s = V(m * 0.5, m2 * 0.5, m * 0.5);
  ASSERT_TRUE(np::linecast_obb(s, V(m, m2, m), b, &h));
  EXPECT_TRUE(finite(h.point));
  EXPECT_EQ(h.distance, np::length(V(m, m2, m) - s));
  ExpectWellFormed(h, V(m, m2, m) - s);
  // (The ray aimed at the point box may pass it within rounding.)
  if (np::raycast_obb({s, V(m, m2, m) - s}, b, kInf, &h)) {
    EXPECT_TRUE(finite(h.point));
    ExpectWellFormed(h, V(m, m2, m) - s);
  }
}

TEST(FuzzFindings, RawRaycastSphereTangent) {
  // Tangent within rounding, from a start within rounding of the surface:
  // (m2 - r2) / -b was all cancellation, the distance 1e-7 off the point.
  const Ray ray{
      V(0x0.0154b400af6f6p-1022, 0x0.04b4b4b4b4b4bp-1022, 0x1.b4b4b4bp+181),
      V(0x1.056004b4b4bp+433, 0x1.b4b4b4b4b4b4bp+181, 0x1.b4b4b4b4b4b4bp+181)};
  const Sphere s{
      V(0x1.b284b4b4b4b4bp+165, 0x1.b4b4b4b4b4b4bp+181, 0x1.b4b4b4b4b4b4bp+181),
      0x1.b4b4b4b4b4b4bp+181};
  RayHit h;
  ASSERT_TRUE(np::raycast_sphere(ray, s, 0x1.bffffffff4b4bp+181, &h));
  EXPECT_NEAR(h.distance, np::length(h.point - ray.origin),
              0x1p-44 * 0x1.b4b4b4b4b4b4bp+181);
  ExpectWellFormed(h, ray.direction);
}
TEST(FuzzFindings, RawRaycastCapsuleTangent) {
  const Ray ray{
      V(-0x1.00421100a020ap+81, 0x1.6ef01081dc5c5p-864, 0x1.85858589e58f6p+390),
      V(0x1.85858ff585858p+390, -0x1.e9e9e9e585858p-534,
        -0x1.e9e9e9ede9e9ep-534)};
  const Capsule c{
      V(-0x1.e9e9e9e9e9e9ep-534, 0x0.00000000000fep-1022,
        0x1.b7b7b7b7b7b8p+952),
      V(0x1.b7b7b527b7b7bp+952, 0x1.b7b7b7b7b7b7bp+952, 0x1.b7b7b7b7b7b3dp+952),
      0x1.b7b7b7b7b7b7bp+952};
  RayHit h;
  ASSERT_TRUE(np::raycast_capsule(ray, c, 0x1.b7b7b7b7b7b7bp+952, &h));
  EXPECT_NEAR(h.distance, np::length(h.point - ray.origin),
              0x1p-44 * 0x1.b7b7b7b7b7b7bp+953);
  ExpectWellFormed(h, ray.direction);
}

TEST(FuzzFindings, RawLinecastSphereEndOnTheSurface) {
  // The segment ends (tangentially) on the ball: the distance snaps to its
  // length, and the point is now the end, not the ray's rounded entry.
  const Vec3 a = V(0x0.000880aff0088p-1022, 0x0.3p-1022, 0);
  const Vec3 e = V(0, 0x1.838383838p-124, 0x1.8383838383838p-124);
  const double c = 0x1.8383838383838p-124;
  RayHit h;
  ASSERT_TRUE(np::linecast_sphere(a, e, Sphere{V(c, c, c), c}, &h));
  EXPECT_EQ(h.distance, np::length(e - a));
  EXPECT_PRED_FORMAT2(VecEq, h.point, e);
  ExpectWellFormed(h, e - a);
}
TEST(FuzzFindings, RawLinecastCapsuleEndOnTheSurface) {
  const Vec3 a = V(0x0.00008p-1022, 0, 0);
  const Vec3 e = V(0, 0x1.d7d7d7d7d0008p+984, 0x1.d7d7d7d7d7d7dp+984);
  const double c = 0x1.d7d7d7d7d7d7dp+984;
  RayHit h;
  ASSERT_TRUE(
      np::linecast_capsule(a, e, Capsule{V(c, c, c), V(c, c, c), c}, &h));
  EXPECT_EQ(h.distance, np::length(e - a));
  EXPECT_PRED_FORMAT2(VecEq, h.point, e);
  ExpectWellFormed(h, e - a);
}
TEST(FuzzFindings, ValidRaycastCapsuleStartInsideNearTheLargestDouble) {
  // q - p overflowed: the start, inside, was taken for outside.
  const double g = 0x1.ab36d48e1acfp+1023;
  const Ray ray{V(g, 0x1.ab36d48e1acfp+1022, -0x1.cp+972),
                V(-0x1.e8p+1, -0x1.e8p+1, -0x1.e8p+1)};
  const Capsule c{V(g, g, g),
                  V(g, -0x0.a406426217a43p-1022, -0x1.ab36d48e1acf7p+1023), g};
  RayHit h;
  ASSERT_TRUE(np::raycast_capsule(ray, c, g, &h));
  ExpectStartHit(h, ray.origin, ray.direction);
}
TEST(FuzzFindings, ValidLinecastSphereLongerThanTheLargestDouble) {
  // end - start overflowed: the segment, which passes through the ball, missed.
  const double h8 = -0x1.ed4df0150215bp+1022, g = 0x1.ab36d48e1acfp+1023;
  const Vec3 a = V(h8, h8, h8), e = V(-0x1.8p+0, -g, g);
  RayHit h;
  ASSERT_TRUE(
      np::linecast_sphere(a, e, Sphere{V(-4, -0x1.18p+4, -1.5), g}, &h));
  EXPECT_TRUE(finite(h.point));
  ExpectWellFormed(h, e * 0.5 - a * 0.5);
}

TEST(FuzzFindings, ValidLinecastTriangleSliver) {
  // A sliver whose third corner is off the y axis by a subnormal: halving the
  // coordinates rounded it onto the axis, and a point 1/16 beyond the sliver's
  // end was taken to lie on it.
  const Triangle t{V(0, 2, 0), V(0, 0x1p-4, 0),
                   V(-0x0.0000000000001p-1022, 0x1.fffffffffffffp+0,
                     -0x0.0000000000001p-1022)};
  RayHit h;
  EXPECT_FALSE(np::linecast_triangle(V(0, 0, 0), V(0, 0, 0), t, &h));
}
TEST(FuzzFindings, ValidRaycastTriangleNearlyInThePlane) {
  // A ray within rounding of the plane, from a start 0.6 beside the triangle:
  // its crossing rounded to 0 and the start was reported on the triangle.
  const Triangle t{
      V(-4, 0x0.0000000000004p-1022, -0x1.e8p+1),
      V(0x1.fffffffffffffp-1, -0x0.0000000000001p-1022,
        -0x0.0000000000001p-1022),
      V(-0x1.0000000000001p+2, 0x0.0000000000003p-1022, -0x1.e800000000001p+1)};
  RayHit h;
  EXPECT_FALSE(np::raycast_triangle({V(0, 0, 0), V(1, 0, 0)}, t, 0.0, &h));
  if (np::raycast_triangle({V(0, 0, 0), V(1, 0, 0)}, t, kInf, &h)) {
    EXPECT_GT(h.distance, 0.5);
    ExpectWellFormed(h, V(1, 0, 0));
  }
}

TEST(FuzzFindings, RawLinecastTriangleNaN) {
  // end - start overflowed: the normal -unit(inf) was NaN.
  const Vec3 a =
      V(0x1.d30ff32ffff0ap+1023, 0x1.ffb32ffffed91p-32, 0x1.1ffffffffffffp-927);
  const Vec3 e = V(-0x1.d30ff326cff88p+1023, 0, 0);
  const Triangle t{V(0, 0, 0), V(0, 0, 0), V(0, 0, 0)};
  RayHit h;
  if (np::linecast_triangle(a, e, t, &h)) {
    EXPECT_TRUE(finite(h.point));
    ExpectWellFormed(h, e * 0.5 - a * 0.5);
  }
}
TEST(FuzzFindings, ValidRaycastOBBPointBeyondTheLargestDouble) {
  const double g = 0x1.ab36d48e1acfp+1023;
  const OBB b{V(-g, -g, -g),
              V(g, 0x1.4b25a510f3458p-654, g),
              {V(0x1.d912acp-2, 0x1.abc758p-1, -0x1.30a15ep-2),
               V(-0x1.30a15ep-2, 0x1.d912acp-2, 0x1.abc758p-1),
               V(0x1.abc758p-1, -0x1.30a15ep-2, 0x1.d912acp-2)}};
  const Ray ray{V(-0x1.ffffffffffffep+1023, -0x1.fffffffffffffp+1023,
                  -0x1.f17d18c50d144p+1023),
                V(-0x1.68p+1, 0x1.14p+1, 0x1.14p+1)};
  RayHit h;
  if (np::raycast_obb(ray, b, 0x1.fffffffffffffp+1023, &h)) {
    EXPECT_TRUE(finite(h.point));
    ExpectWellFormed(h, ray.direction);
  }
}

TEST(FuzzFindings, ValidRaycastSphereExactlyTangent) {
  // Exactly tangent at (c, c, 0): rounding left ~1e-32 of the normal along
  // the ray, and the normal gave way to -unit(direction).
  const double c = 0x1p-249;
  const Ray ray{V(0x1p-468, 0x1p-500, 0x1p-500), V(c, c, -0x1p-500)};
  RayHit h;
  ASSERT_TRUE(np::raycast_sphere(ray, Sphere{V(c, c, c), c},
                                 0x1.bfbfbfbfbfbfbp+960, &h));
  EXPECT_NEAR(h.distance, np::length(h.point - ray.origin), 0x1p-40 * c);
  EXPECT_NEAR(h.normal.z, -1.0, 1e-12);
  ExpectWellFormed(h, ray.direction);
}

}  // namespace
