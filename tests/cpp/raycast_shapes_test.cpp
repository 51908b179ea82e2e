// Tests of the raycasts and linecasts against spheres, planes, triangles,
// capsules and oriented boxes (raycast.h, raycast_shapes.cpp).
//
// Hand-computed configurations use small dyadic coordinates, for which the
// results are exact, and compare with EXPECT_EQ; the seeded property tests
// compare with the named tolerances below.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>

#include "narrowphase/raycast.h"
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

}  // namespace
