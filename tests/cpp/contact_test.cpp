// Tests of the sphere contacts (contact.h, contact.cpp): hand-computed exact
// contacts (API.md's example, 3-4-5 touching, faces, edges, corners, centers
// deep inside a box, on a triangle, on a plane, coincident centers) looped over
// axes, signs and scales 2^-1070 .. 2^1000; null exactly when the overlap test
// is false (touching, and one ulp short); agreement with the distance queries,
// the AABB versions and the degenerate shapes' own queries; and seeded
// properties of EDGE_CASES.md: moving a by normal * depth leaves the shapes
// touching, a little more separates them.
#include "narrowphase/contact.h"

#include <gtest/gtest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "narrowphase/closest_point.h"
#include "narrowphase/overlap.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::Capsule;
using np::ContactHit;
using np::OBB;
using np::Plane;
using np::Sphere;
using np::Triangle;
using np::Vec3;
using np_test::gap;
using np_test::identity_obb;
using np_test::kScales;
using np_test::map;
using np_test::map_dir;
using np_test::random_rotation;
using np_test::random_vec;
using np_test::signs;

constexpr double kInf = std::numeric_limits<double>::infinity();
double down(double x) { return std::nextafter(x, -kInf); }

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

bool same(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
double dist(Vec3 a, Vec3 b) { return np::length(a - b); }

::testing::AssertionResult VecNear(Vec3 a, Vec3 b, double tol) {
  if (dist(a, b) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", "
         << b.y << ", " << b.z << "): " << dist(a, b) << " apart, tol " << tol;
}
::testing::AssertionResult VecEq(Vec3 a, Vec3 b) {
  if (same(a, b)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", "
         << b.y << ", " << b.z << ")";
}

// The contact's own invariants: a unit normal without -0, depth >= 0, pointA on
// the sphere's surface along -normal, and pointB - pointA = normal * depth
// (within `tol`).
void expect_well_formed(const Sphere& s, const ContactHit& h, double tol) {
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  EXPECT_FALSE(std::signbit(h.normal.x) && h.normal.x == 0.0);
  EXPECT_FALSE(std::signbit(h.normal.y) && h.normal.y == 0.0);
  EXPECT_FALSE(std::signbit(h.normal.z) && h.normal.z == 0.0);
  EXPECT_GE(h.depth, 0.0);
  EXPECT_TRUE(VecNear(h.point_a, s.center - h.normal * s.radius, tol));
  EXPECT_TRUE(VecNear(h.point_b - h.point_a, h.normal * h.depth, tol));
}

// ---- Sphere - sphere ----------------------------------------------------

TEST(ContactSphereSphere, TheApiExampleOnEveryAxisAndSign) {
  // API.md: a at the origin, radius 1; b at (1.5, 0, 0), radius 1: normal
  // (-1, 0, 0), depth 0.5, pointA (1, 0, 0), pointB (0.5, 0, 0).
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const Sphere a{{0, 0, 0}, 1}, b{map({1.5, 0, 0}, perm, sg), 1};
      ContactHit h;
      ASSERT_TRUE(np::contact_sphere_sphere(a, b, &h));
      EXPECT_EQ(h.depth, 0.5);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({-1, 0, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_a, map({1, 0, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_b, map({0.5, 0, 0}, perm, sg) + Vec3{0, 0, 0}));
    }
  }
}

TEST(ContactSphereSphere,
     TouchingHasDepthZeroAndOneUlpShortIsNullAtEveryScale) {
  for (double s : kScales) {
    for (const auto& perm : kPermutations) {
      for (Vec3 sg : signs()) {
        // Centers 5 apart (3-4-5), radii 2 + 3.
        const Sphere a{map({1, 1, 7}, perm, sg, s), 2 * s};
        const Sphere b{map({4, 5, 7}, perm, sg, s), 3 * s};
        ContactHit h;
        ASSERT_TRUE(np::contact_sphere_sphere(a, b, &h)) << s;
        EXPECT_EQ(h.depth, 0.0) << s;
        EXPECT_TRUE(VecEq(h.normal, map_dir({-0.6, -0.8, 0}, perm, sg)));
        // pointA = pointB = the touching point (2.2, 2.6, 7) s, rounded.
        const Vec3 touch = map({2.2, 2.6, 7}, perm, sg, s);
        EXPECT_TRUE(VecNear(h.point_a, touch, 1e-15 * 8 * s + 0x1p-1074));
        EXPECT_TRUE(VecNear(h.point_b, touch, 1e-15 * 8 * s + 0x1p-1074));
        ContactHit untouched{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
        EXPECT_FALSE(np::contact_sphere_sphere(a, {b.center, down(b.radius)},
                                               &untouched));
        EXPECT_EQ(untouched.depth, -1.0);  // nothing written
      }
    }
  }
}

TEST(ContactSphereSphere, CoincidentCentersGivePlusYNeverNaN) {
  for (double s : kScales) {
    const Sphere a{{s, -s, 3 * s}, 2 * s}, b{{s, -s, 3 * s}, s};
    ContactHit h;
    ASSERT_TRUE(np::contact_sphere_sphere(a, b, &h));
    EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
    EXPECT_EQ(h.depth, 3 * s);
    EXPECT_TRUE(VecEq(h.point_a, (Vec3{s, -3 * s, 3 * s})));
    EXPECT_TRUE(VecEq(h.point_b, (Vec3{s, 0, 3 * s})));
  }
  // Two points at the same place touch: depth 0, +y.
  ContactHit h;
  ASSERT_TRUE(np::contact_sphere_sphere({{1, 2, 3}, 0}, {{1, 2, 3}, 0}, &h));
  EXPECT_EQ(h.depth, 0.0);
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
}

TEST(ContactSphereSphere, BeyondTheLargestDoubleStaysFinite) {
  // |c2 - c1| = 2e308 and r1 + r2 = 3e308 overflow in doubles.
  const Sphere a{{-1e308, 0, 0}, 1.5e308}, b{{1e308, 0, 0}, 1.5e308};
  ContactHit h;
  ASSERT_TRUE(np::contact_sphere_sphere(a, b, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{-1, 0, 0})));
  EXPECT_NEAR(h.depth, 1e308, 1e293);
  EXPECT_NEAR(h.point_a.x, 0.5e308, 1e293);
  EXPECT_NEAR(h.point_b.x, -0.5e308, 1e293);
  // Subnormal: a point 2^-1074 from a ball of radius 2^-1073.
  ASSERT_TRUE(np::contact_sphere_sphere({{0, 0, 0}, 0},
                                        {{0x1p-1074, 0, 0}, 0x1p-1073}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{-1, 0, 0})));
  EXPECT_EQ(h.depth, 0x1p-1074);
}

TEST(ContactSphereSphere, SymmetricAndAgreesWithTheOverlapAndDistance) {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> radius(0.0, 2.0);
  for (int i = 0; i < 20000; ++i) {
    const Sphere a{random_vec(rng, 3), radius(rng)},
        b{random_vec(rng, 3), radius(rng)};
    ContactHit h, g;
    const bool hit = np::contact_sphere_sphere(a, b, &h);
    ASSERT_EQ(hit, np::overlap_sphere_sphere(a, b));
    ASSERT_EQ(np::contact_sphere_sphere(b, a, &g), hit);
    if (!hit) continue;
    expect_well_formed(a, h, 1e-14);
    EXPECT_TRUE(VecNear(h.normal, g.normal * -1.0, 1e-15));
    EXPECT_NEAR(h.depth, g.depth, 1e-15);
    const double gap = np::distance_point_sphere(a.center, b);
    EXPECT_NEAR(h.depth, gap > 0 ? a.radius - gap : h.depth, 1e-14);
  }
}

// ---- Sphere - capsule ---------------------------------------------------

TEST(ContactSphereCapsule, BesideTheSegmentBeyondItsEndsAndOnItsAxis) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const Capsule cap{map({-2, 0, 0}, perm, sg), map({2, 0, 0}, perm, sg), 1};
      ContactHit h;
      // Beside: 1.5 from the axis, radii 1 + 1.
      ASSERT_TRUE(np::contact_sphere_capsule({map({0.5, 1.5, 0}, perm, sg), 1},
                                             cap, &h));
      EXPECT_EQ(h.depth, 0.5);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({0, 1, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_a, map({0.5, 0.5, 0}, perm, sg)));
      EXPECT_TRUE(VecEq(h.point_b, map({0.5, 1, 0}, perm, sg)));
      // Beyond the end (2, 0, 0): 3-4-5 from it, radii 4 + 1 touching.
      ASSERT_TRUE(
          np::contact_sphere_capsule({map({5, 4, 0}, perm, sg), 4}, cap, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(VecEq(h.normal, map_dir({0.6, 0.8, 0}, perm, sg)));
      EXPECT_FALSE(np::contact_sphere_capsule(
          {map({5, 4, 0}, perm, sg), down(4)}, cap, &h));
    }
  }
}

TEST(ContactSphereCapsule, ACenterOnTheAxisTakesThePartOfPlusYPerpendicular) {
  ContactHit h;
  // Along x: +y.
  ASSERT_TRUE(np::contact_sphere_capsule({{1, 0, 0}, 0.5},
                                         {{-2, 0, 0}, {2, 0, 0}, 1}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
  EXPECT_EQ(h.depth, 1.5);
  EXPECT_TRUE(VecEq(h.point_a, (Vec3{1, -0.5, 0})));
  EXPECT_TRUE(VecEq(h.point_b, (Vec3{1, 1, 0})));
  // Along y (either way): +x. On an end point too.
  for (double dir : {1.0, -1.0}) {
    ASSERT_TRUE(np::contact_sphere_capsule(
        {{0, 2, 0}, 1}, {{0, -3 * dir, 0}, {0, 2, 0}, 0.25}, &h));
    EXPECT_TRUE(VecEq(h.normal, (Vec3{1, 0, 0})));
    EXPECT_EQ(h.depth, 1.25);
  }
  // Tilted (1, 1, 0): +y minus its part along the axis, unit: (-1, 1, 0)/sqrt2.
  ASSERT_TRUE(np::contact_sphere_capsule({{0.5, 0.5, 0}, 1},
                                         {{0, 0, 0}, {1, 1, 0}, 1}, &h));
  EXPECT_NEAR(h.normal.x, -std::sqrt(0.5), 1e-16);
  EXPECT_NEAR(h.normal.y, std::sqrt(0.5), 1e-16);
  EXPECT_EQ(h.normal.z, 0.0);
  EXPECT_EQ(h.depth, 2.0);
  // A capsule that is a ball, center on its center: +y (as two spheres).
  ASSERT_TRUE(np::contact_sphere_capsule({{3, 3, 3}, 1},
                                         {{3, 3, 3}, {3, 3, 3}, 2}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
  EXPECT_EQ(h.depth, 3.0);
  // A center on a far, long axis: the normal is perpendicular to it, not noise
  // along it (the offset is made perpendicular twice).
  const Vec3 s{1e6, 1e6 + 1, -1e6}, e{-1e6, 3, 1e6 - 7};
  const Vec3 dir = e - s;
  const Vec3 perp = np::unit_or(np::cross(dir, {0, 0, 1}), {0, 0, 0});
  for (double t : {0.125, 0.375, 0.5, 0.625, 0.8}) {
    for (double off : {0.0, 1e-9, 1e-8}) {
      const Vec3 p = s + dir * t + perp * off;
      ASSERT_TRUE(np::contact_sphere_capsule({p, 1}, {s, e, 1}, &h));
      EXPECT_LE(std::fabs(np::dot(h.normal, dir)) / np::length(dir), 1e-6)
          << t << " " << off;
    }
  }
}

TEST(ContactSphereCapsule,
     RadiusZeroAndPointCapsulesAgreeWithSegmentsAndSpheres) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> radius(0.0, 2.0);
  for (int i = 0; i < 10000; ++i) {
    const Sphere s{random_vec(rng, 3), radius(rng)};
    const Vec3 p = random_vec(rng, 3), q = random_vec(rng, 3);
    ContactHit h, g;
    // A point capsule is a sphere: the same contact, bit for bit where the
    // center is off it.
    const bool hit = np::contact_sphere_capsule(s, {p, p, 0.5}, &h);
    ASSERT_EQ(hit, np::contact_sphere_sphere(s, {p, 0.5}, &g));
    if (hit) {
      EXPECT_TRUE(VecNear(h.normal, g.normal, 1e-15));
      EXPECT_NEAR(h.depth, g.depth, 1e-15);
    }
    // Radius 0 is the segment: depth = radius - distance_point_segment.
    if (np::contact_sphere_capsule(s, {p, q, 0}, &h)) {
      expect_well_formed(s, h, 1e-14);
      EXPECT_NEAR(h.depth,
                  s.radius - np::distance_point_segment(s.center, {p, q}),
                  1e-14);
      EXPECT_TRUE(VecNear(
          h.point_b, np::closest_point_on_segment(s.center, {p, q}), 1e-14));
    } else {
      EXPECT_GT(np::distance_point_segment(s.center, {p, q}), s.radius);
    }
  }
}

// ---- Sphere - AABB ------------------------------------------------------

TEST(ContactSphereAABB, FacesEdgesCornersAndDeepInsideOnEveryAxisAndSign) {
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      ContactHit h;
      // Outside a face, 0.5 deep.
      ASSERT_TRUE(np::contact_sphere_aabb({map({1.5, 0.25, 0.5}, perm, sg), 1},
                                          box, &h));
      EXPECT_EQ(h.depth, 0.5);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({1, 0, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_b, map({1, 0.25, 0.5}, perm, sg)));
      EXPECT_TRUE(VecEq(h.point_a, map({0.5, 0.25, 0.5}, perm, sg)));
      // Touching an edge (3-4-5 from (1, 1, z)) and a corner ((1, 1, 1) + (2,
      // 2, 1), 3 away).
      ASSERT_TRUE(
          np::contact_sphere_aabb({map({4, 5, 0.5}, perm, sg), 5}, box, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({0.6, 0.8, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_b, map({1, 1, 0.5}, perm, sg)));
      EXPECT_FALSE(np::contact_sphere_aabb(
          {map({4, 5, 0.5}, perm, sg), down(5)}, box, &h));
      ASSERT_TRUE(
          np::contact_sphere_aabb({map({3, 3, 2}, perm, sg), 3}, box, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(VecEq(h.point_b, map({1, 1, 1}, perm, sg)));
      EXPECT_FALSE(np::contact_sphere_aabb({map({3, 3, 2}, perm, sg), down(3)},
                                           box, &h));
      // Deep inside: the nearest face (0.5 away), not the direction to the
      // box's center.
      ASSERT_TRUE(np::contact_sphere_aabb(
          {map({0.5, 0.125, 0}, perm, sg), 0.25}, box, &h));
      EXPECT_EQ(h.depth, 0.75);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({1, 0, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_b, map({1, 0.125, 0}, perm, sg)));
      EXPECT_TRUE(VecEq(h.point_a, map({0.25, 0.125, 0}, perm, sg)));
      // A center on a face: depth = radius along its normal.
      ASSERT_TRUE(
          np::contact_sphere_aabb({map({1, 0.5, 0.5}, perm, sg), 2}, box, &h));
      EXPECT_EQ(h.depth, 2.0);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({1, 0, 0}, perm, sg) + Vec3{0, 0, 0}));
    }
  }
  // At the box's center every face is 1 away: -x first.
  ContactHit h;
  ASSERT_TRUE(np::contact_sphere_aabb({{0, 0, 0}, 0.5}, box, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{-1, 0, 0})));
  EXPECT_EQ(h.depth, 1.5);
  // A flat box (min.y == max.y) with the center in it: out through y.
  ASSERT_TRUE(
      np::contact_sphere_aabb({{0, 0, 0}, 1}, {{-1, 0, -1}, {1, 0, 1}}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, -1, 0})));
  EXPECT_EQ(h.depth, 1.0);
}

TEST(ContactSphereAABB, TouchingAtEveryScale) {
  const AABB unit{{-1, -1, -1}, {1, 1, 1}};
  for (double s : kScales) {
    const AABB box{unit.min * s, unit.max * s};
    ContactHit h;
    ASSERT_TRUE(np::contact_sphere_aabb({Vec3{4, 5, 0.5} * s, 5 * s}, box, &h))
        << s;
    EXPECT_EQ(h.depth, 0.0) << s;
    EXPECT_TRUE(VecEq(h.normal, (Vec3{0.6, 0.8, 0})));
    EXPECT_TRUE(VecEq(h.point_b, (Vec3{1, 1, 0.5} * s)));
    EXPECT_FALSE(
        np::contact_sphere_aabb({Vec3{4, 5, 0.5} * s, down(5 * s)}, box, &h));
    ASSERT_TRUE(
        np::contact_sphere_aabb({Vec3{0.5, 0.125, 0} * s, 0.25 * s}, box, &h));
    EXPECT_EQ(h.depth, 0.75 * s);
    EXPECT_TRUE(VecEq(h.normal, (Vec3{1, 0, 0})));
  }
}

// ---- Sphere - OBB -------------------------------------------------------

TEST(ContactSphereOBB, QuarterTurnFacesAndDeepInside) {
  // 90 degrees about z: local x = world y, local y = world -x.
  const OBB box{{10, 0, 0}, {1, 2, 3}, {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}};
  ContactHit h;
  // World +x face (local -y, 2 from the center).
  ASSERT_TRUE(np::contact_sphere_obb({{13, 0.5, 1}, 1.5}, box, &h));
  EXPECT_EQ(h.depth, 0.5);
  EXPECT_TRUE(VecEq(h.normal, (Vec3{1, 0, 0})));
  EXPECT_TRUE(VecEq(h.point_b, (Vec3{12, 0.5, 1})));
  EXPECT_TRUE(VecEq(h.point_a, (Vec3{11.5, 0.5, 1})));
  // Touching the edge at world (12, 1, z): 3-4-5.
  ASSERT_TRUE(np::contact_sphere_obb({{15, 5, 0}, 5}, box, &h));
  EXPECT_EQ(h.depth, 0.0);
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0.6, 0.8, 0})));
  EXPECT_FALSE(np::contact_sphere_obb({{15, 5, 0}, down(5)}, box, &h));
  // Deep inside: 0.25 below the world +y face (local +x), which is nearest.
  ASSERT_TRUE(np::contact_sphere_obb({{10.5, 0.75, 0}, 0.5}, box, &h));
  EXPECT_EQ(h.depth, 0.75);
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
  EXPECT_TRUE(VecEq(h.point_b, (Vec3{10.5, 1, 0})));
}

TEST(ContactSphereOBB, IdentityRotationAgreesExactlyWithTheAABB) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> u(0.0, 2.0);
  for (int i = 0; i < 10000; ++i) {
    const Vec3 c = random_vec(rng, 3), half{u(rng), u(rng), u(rng)};
    const Sphere s{random_vec(rng, 4), u(rng)};
    ContactHit h, g;
    const bool hit = np::contact_sphere_obb(s, identity_obb(c, half), &h);
    ASSERT_EQ(hit, np::contact_sphere_aabb(s, {c - half, c + half}, &g));
    if (!hit) continue;
    EXPECT_EQ(h.depth, g.depth);
    EXPECT_TRUE(VecEq(h.normal, g.normal));
    EXPECT_TRUE(VecEq(h.point_a, g.point_a));
    EXPECT_TRUE(VecEq(h.point_b, g.point_b));
  }
}

// ---- Sphere - triangle --------------------------------------------------

TEST(ContactSphereTriangle, FaceEitherSideEdgesCornersAndOnTheTriangle) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const Triangle t{map({0, 0, 0}, perm, sg), map({4, 0, 0}, perm, sg),
                       map({0, 4, 0}, perm, sg)};
      const Vec3 up = map_dir({0, 0, 1}, perm, sg) + Vec3{0, 0, 0};
      ContactHit h;
      for (double side : {1.0, -1.0}) {
        // Over the face, 0.5 from it, on either side: the normal faces the
        // center.
        ASSERT_TRUE(np::contact_sphere_triangle(
            {map({1, 1, 0.5 * side}, perm, sg), 1}, t, &h));
        EXPECT_EQ(h.depth, 0.5);
        EXPECT_TRUE(VecEq(h.normal, up * side + Vec3{0, 0, 0}));
        EXPECT_TRUE(VecEq(h.point_b, map({1, 1, 0}, perm, sg)));
        EXPECT_TRUE(VecEq(h.point_a, map({1, 1, -0.5 * side}, perm, sg)));
      }
      // Exactly on the triangle: the face normal along (b - a) x (c - a),
      // depth = radius; the other winding turns it.
      const Vec3 n = np::unit_or(np::cross(t.b - t.a, t.c - t.a), {0, 0, 0});
      ASSERT_TRUE(
          np::contact_sphere_triangle({map({1, 2, 0}, perm, sg), 0.75}, t, &h));
      EXPECT_TRUE(VecEq(h.normal, n));
      EXPECT_EQ(h.depth, 0.75);
      EXPECT_TRUE(VecEq(h.point_b, map({1, 2, 0}, perm, sg)));
      ASSERT_TRUE(np::contact_sphere_triangle({map({1, 2, 0}, perm, sg), 0.75},
                                              {t.a, t.c, t.b}, &h));
      EXPECT_TRUE(VecEq(h.normal, np::negated(n)));
      // Touching the edge a-b from outside (3-4-5 in the plane y = -3 ... ).
      ASSERT_TRUE(
          np::contact_sphere_triangle({map({2, -3, 4}, perm, sg), 5}, t, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({0, -0.6, 0.8}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_b, map({2, 0, 0}, perm, sg)));
      EXPECT_FALSE(np::contact_sphere_triangle(
          {map({2, -3, 4}, perm, sg), down(5)}, t, &h));
      // Touching the corner a.
      ASSERT_TRUE(
          np::contact_sphere_triangle({map({-3, -4, 0}, perm, sg), 5}, t, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({-0.6, -0.8, 0}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_TRUE(VecEq(h.point_b, t.a));
    }
  }
}

TEST(ContactSphereTriangle, ACenterExactlyOnATiltedTriangleTakesItsFaceNormal) {
  // Corners of small integers; centers on them exactly: corners, edge
  // midpoints and the dyadic point a/4 + b/2 + c/4. Rounded, the plane distance
  // of such a center is noise of either sign; the contact must not follow it.
  std::mt19937_64 rng(44);
  std::uniform_int_distribution<int> coord(-8, 8);
  const auto corner = [&] {
    return Vec3{double(coord(rng)), double(coord(rng)), double(coord(rng))};
  };
  int tested = 0;
  for (int i = 0; i < 3000; ++i) {
    const Triangle t{corner(), corner(), corner()};
    const Vec3 n = np::cross(t.b - t.a, t.c - t.a);
    if (n.x == 0 && n.y == 0 && n.z == 0) continue;  // degenerate
    const Vec3 face = np::unit_or(n, {0, 0, 0});
    const Vec3 on[] = {t.a,
                       t.b,
                       (t.a + t.b) * 0.5,
                       (t.b + t.c) * 0.5,
                       (t.c + t.a) * 0.5,
                       t.a * 0.25 + t.b * 0.5 + t.c * 0.25};
    for (Vec3 p : on) {
      ContactHit h;
      ASSERT_TRUE(np::contact_sphere_triangle({p, 0.5}, t, &h));
      EXPECT_TRUE(VecNear(h.normal, face, 1e-15));
      EXPECT_EQ(h.depth, 0.5);
      EXPECT_TRUE(VecEq(h.point_b, p));
      ++tested;
    }
    if (HasFailure()) return;
  }
  EXPECT_GT(tested, 10000);
}

TEST(ContactSphereTriangle, ACenterAnUlpOffAnEdgeStillGetsAShortestWayOut) {
  // Edge midpoints of tilted triangles nudged by an ulp per coordinate: the
  // center is on the edge to within rounding, and c - q (q the rounded point
  // of the edge) is noise that may point across the face. Moved by normal *
  // depth the sphere must leave the triangle all the same.
  std::mt19937_64 rng(45);
  std::uniform_int_distribution<int> coord(-8, 8), nudge(-1, 1);
  const auto corner = [&] {
    return Vec3{double(coord(rng)), double(coord(rng)), double(coord(rng))};
  };
  const auto ulp_off = [&](double v) {
    const int k = nudge(rng);
    return k == 0 ? v : std::nextafter(v, k * kInf);
  };
  int tested = 0;
  for (int i = 0; i < 20000; ++i) {
    const Triangle t{corner(), corner(), corner()};
    const Vec3 n = np::cross(t.b - t.a, t.c - t.a);
    if (n.x == 0 && n.y == 0 && n.z == 0) continue;
    const Vec3 m = (t.a + t.b) * 0.5;
    const Sphere s{{ulp_off(m.x), ulp_off(m.y), ulp_off(m.z)}, 0.5};
    ContactHit h;
    ASSERT_TRUE(np::contact_sphere_triangle(s, t, &h));
    const Vec3 moved = s.center + h.normal * h.depth;
    EXPECT_NEAR(np::distance_point_triangle(moved, t), s.radius, 1e-12)
        << "normal (" << h.normal.x << ", " << h.normal.y << ", " << h.normal.z
        << ")";
    ++tested;
    if (HasFailure()) return;
  }
  EXPECT_GT(tested, 10000);
}

TEST(ContactSphereTriangle, DegenerateTrianglesAreTheirSegmentOrPoint) {
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> radius(0.0, 2.0);
  const Vec3 a{0, 0, 0}, b{1, 0.5, 0}, c{2, 1, 0};  // collinear, c farthest
  for (int i = 0; i < 5000; ++i) {
    const Sphere s{random_vec(rng, 3), radius(rng)};
    ContactHit h, g;
    const bool hit = np::contact_sphere_triangle(s, {a, b, c}, &h);
    ASSERT_EQ(hit, np::contact_sphere_capsule(s, {a, c, 0}, &g));
    if (!hit) continue;
    EXPECT_TRUE(VecNear(h.normal, g.normal, 1e-12));
    EXPECT_NEAR(h.depth, g.depth, 1e-14);
    EXPECT_TRUE(VecNear(h.point_b, g.point_b, 1e-14));
  }
  // On the span: the capsule's rule, the part of +y perpendicular to it.
  ContactHit h, g;
  ASSERT_TRUE(np::contact_sphere_triangle({{1, 0.5, 0}, 1}, {a, b, c}, &h));
  ASSERT_TRUE(np::contact_sphere_capsule({{1, 0.5, 0}, 1}, {a, c, 0}, &g));
  EXPECT_TRUE(VecEq(h.normal, g.normal));
  EXPECT_EQ(h.depth, 1.0);
  // A point triangle, the center on it: +y.
  ASSERT_TRUE(np::contact_sphere_triangle(
      {{5, 5, 5}, 1}, {{5, 5, 5}, {5, 5, 5}, {5, 5, 5}}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
  EXPECT_EQ(h.depth, 1.0);
}

// ---- Sphere - plane -----------------------------------------------------

TEST(ContactSpherePlane, EitherSideOnItAndTouchingForAnyNormalLength) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      for (double len : {1.0, 2.0, 0x1p-600, 0x1p600}) {
        // The plane z = 1 (mapped), normal of length len.
        const Vec3 nz = map_dir({0, 0, 1}, perm, sg) + Vec3{0, 0, 0};
        const Plane pl{nz * len, -np::dot(nz, map({0, 0, 1}, perm, sg)) * len};
        ContactHit h;
        ASSERT_TRUE(
            np::contact_sphere_plane({map({1, 2, 1.5}, perm, sg), 1}, pl, &h));
        EXPECT_EQ(h.depth, 0.5);
        EXPECT_TRUE(VecEq(h.normal, nz));
        EXPECT_TRUE(VecEq(h.point_b, map({1, 2, 1}, perm, sg)));
        EXPECT_TRUE(VecEq(h.point_a, map({1, 2, 0.5}, perm, sg)));
        // Behind it: the normal faces the center.
        ASSERT_TRUE(
            np::contact_sphere_plane({map({1, 2, 0.25}, perm, sg), 1}, pl, &h));
        EXPECT_EQ(h.depth, 0.25);
        EXPECT_TRUE(VecEq(h.normal, np::negated(nz)));
        EXPECT_TRUE(VecEq(h.point_a, map({1, 2, 1.25}, perm, sg)));
        // On it: the plane's own normal, depth = radius.
        ASSERT_TRUE(
            np::contact_sphere_plane({map({1, 2, 1}, perm, sg), 3}, pl, &h));
        EXPECT_EQ(h.depth, 3.0);
        EXPECT_TRUE(VecEq(h.normal, nz));
        // Touching, and one ulp short.
        ASSERT_TRUE(
            np::contact_sphere_plane({map({1, 2, 3}, perm, sg), 2}, pl, &h));
        EXPECT_EQ(h.depth, 0.0);
        EXPECT_FALSE(np::contact_sphere_plane(
            {map({1, 2, 3}, perm, sg), down(2)}, pl, &h));
      }
    }
  }
}

// ---- Every pair: seeded properties (EDGE_CASES.md, "Invariants") ------------

bool overlap(const Sphere& s, const Sphere& b) {
  return np::overlap_sphere_sphere(s, b);
}
bool overlap(const Sphere& s, const Capsule& b) {
  return np::overlap_sphere_capsule(s, b);
}
bool overlap(const Sphere& s, const AABB& b) {
  return np::overlap_sphere_aabb(s, b);
}
bool overlap(const Sphere& s, const OBB& b) {
  return np::overlap_sphere_obb(s, b);
}
bool overlap(const Sphere& s, const Triangle& b) {
  return np::overlap_sphere_triangle(s, b);
}
bool overlap(const Sphere& s, const Plane& b) {
  return np::overlap_sphere_plane(s, b);
}
bool contact(const Sphere& s, const Sphere& b, ContactHit* h) {
  return np::contact_sphere_sphere(s, b, h);
}
bool contact(const Sphere& s, const Capsule& b, ContactHit* h) {
  return np::contact_sphere_capsule(s, b, h);
}
bool contact(const Sphere& s, const AABB& b, ContactHit* h) {
  return np::contact_sphere_aabb(s, b, h);
}
bool contact(const Sphere& s, const OBB& b, ContactHit* h) {
  return np::contact_sphere_obb(s, b, h);
}
bool contact(const Sphere& s, const Triangle& b, ContactHit* h) {
  return np::contact_sphere_triangle(s, b, h);
}
bool contact(const Sphere& s, const Plane& b, ContactHit* h) {
  return np::contact_sphere_plane(s, b, h);
}

// For a sphere s in contact with b: null exactly when the overlap test says
// no; moved by normal * depth the sphere touches b (its center `radius` from b
// within tol, or for a solid b, out of it), moved by normal * (depth + 1e-6)
// it is apart; pointB lies in b; depth = radius - distance when the center is
// outside b.
template <class B>
void check_contact(const Sphere& s, const B& b, int* hits) {
  ContactHit h;
  const bool hit = contact(s, b, &h);
  ASSERT_EQ(hit, overlap(s, b));
  if (!hit) return;
  ++*hits;
  const double tol = 1e-12;
  expect_well_formed(s, h, tol);
  EXPECT_LE(gap(h.point_b, b), tol);
  const double g = gap(s.center, b);
  if (g > 0.0) EXPECT_NEAR(h.depth, s.radius - g, tol);
  // Moved out: touching.
  const Sphere moved{s.center + h.normal * h.depth, s.radius};
  EXPECT_NEAR(gap(moved.center, b), s.radius, 1e-9)
      << "depth " << h.depth << " normal (" << h.normal.x << ", " << h.normal.y
      << ", " << h.normal.z << ")";
  const Sphere beyond{s.center + h.normal * (h.depth + 1e-6), s.radius};
  EXPECT_FALSE(overlap(beyond, b)) << "depth " << h.depth;
  // Not moved far enough: still overlapping (when there is depth to spare).
  if (h.depth > 1e-6) {
    const Sphere short_of{s.center + h.normal * (h.depth - 1e-6), s.radius};
    EXPECT_TRUE(overlap(short_of, b)) << "depth " << h.depth;
  }
}

TEST(ContactSphere, SeededPropertiesForEveryShape) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits[6] = {};
  for (int i = 0; i < 4000; ++i) {
    const Sphere s{random_vec(rng, 2), 1.5 * u(rng)};
    check_contact(s, Sphere{random_vec(rng, 1), u(rng)}, &hits[0]);
    check_contact(s, Capsule{random_vec(rng, 1), random_vec(rng, 1), u(rng)},
                  &hits[1]);
    const Vec3 lo = random_vec(rng, 1);
    check_contact(s, AABB{lo, lo + Vec3{u(rng), u(rng), u(rng)}}, &hits[2]);
    OBB box{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, box.axis);
    check_contact(s, box, &hits[3]);
    check_contact(s,
                  Triangle{random_vec(rng, 1.5), random_vec(rng, 1.5),
                           random_vec(rng, 1.5)},
                  &hits[4]);
    const Vec3 n = random_vec(rng, 2);
    check_contact(s, Plane{n, -np::dot(n, random_vec(rng, 1))}, &hits[5]);
    if (HasFailure()) return;
  }
  for (int k = 0; k < 6; ++k) EXPECT_GT(hits[k], 300) << k;
}

TEST(ContactSphere, CentersDeepInsideTakeTheShortestWayOut) {
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) {
    // Centers inside a box or OBB: depth = radius + the distance to the
    // nearest face, never more (no face is nearer than depth - radius).
    OBB box{random_vec(rng, 1), {0.2 + u(rng), 0.2 + u(rng), 0.2 + u(rng)}, {}};
    random_rotation(rng, box.axis);
    const Vec3 local{(2 * u(rng) - 1) * box.half_size.x,
                     (2 * u(rng) - 1) * box.half_size.y,
                     (2 * u(rng) - 1) * box.half_size.z};
    const Vec3 c = box.center + box.axis[0] * local.x + box.axis[1] * local.y +
                   box.axis[2] * local.z;
    const double r = 0.1 * u(rng);
    ContactHit h;
    ASSERT_TRUE(np::contact_sphere_obb({c, r}, box, &h));
    double nearest = kInf;
    for (int k = 0; k < 3; ++k)
      nearest = std::min(
          nearest, np::get(box.half_size, k) - std::fabs(np::get(local, k)));
    EXPECT_NEAR(h.depth, r + nearest, 1e-12);
    // A capsule: radius + capsule radius - distance to the axis.
    const Capsule cap{random_vec(rng, 1), random_vec(rng, 1), 0.5 + u(rng)};
    const Vec3 on = cap.start + (cap.end - cap.start) * u(rng);
    const Vec3 p = on + random_vec(rng, 0.2);
    ASSERT_TRUE(np::contact_sphere_capsule({p, r}, cap, &h));
    EXPECT_NEAR(
        h.depth,
        r + cap.radius - np::distance_point_segment(p, {cap.start, cap.end}),
        1e-12);
  }
}

// Found by the fuzzer (tests/fuzz, contactHit checks): a center within
// rounding of a capsule's segment or a degenerate triangle's span got the
// direction of the rounding noise c - q, which pointed along the segment;
// moved by normal * depth the sphere stayed inside. Now such a center is taken
// as on the segment (kContactNoise).
TEST(ContactSphere, RegressionFuzzCenterWithinRoundingOfASegment) {
  const auto moved_gap = [](const Sphere& s, const ContactHit& h, auto gap_of) {
    return gap_of(s.center + h.normal * h.depth) - s.radius;
  };
  ContactHit h;
  {
    const Sphere s{{0, 0, 0}, 0};
    const Capsule cap{{-1.96875, 7.4109846876186982e-323, -1.96875},
                      {1.9762625833649862e-323, 5.9287877500949585e-323,
                       1.9762625833649862e-323},
                      4};
    ASSERT_TRUE(np::contact_sphere_capsule(s, cap, &h));
    EXPECT_NEAR(moved_gap(s, h,
                          [&](Vec3 p) {
                            return np::distance_point_capsule(p, cap) +
                                   cap.radius * 0;
                          }),
                0.0, 1e-9);
  }
  {
    const Sphere s{{1.0969820961572288e-314, 1.5865752221267447e-317, 0},
                   1.2279942029712173e+111};
    const Capsule cap{
        {1.2024538023802026e+111, 1.1015193574030592e-319, 0}, {0, 0, 0}, 0};
    ASSERT_TRUE(np::contact_sphere_capsule(s, cap, &h));
    EXPECT_NEAR(
        moved_gap(s, h,
                  [&](Vec3 p) { return np::distance_point_capsule(p, cap); }) /
            s.radius,
        0.0, 1e-9);
  }
  {
    const Sphere s{{-5.9211894646675012e-16, 1, 3}, 1};
    const Triangle t{{-2.0000000000000018, 1, 1}, {1, 1, 4}, {1, 1, 4}};
    ASSERT_TRUE(np::contact_sphere_triangle(s, t, &h));
    EXPECT_NEAR(
        moved_gap(s, h,
                  [&](Vec3 p) { return np::distance_point_triangle(p, t); }),
        0.0, 1e-9);
  }
}

// Found by the fuzzer (raw np_contactSphereTriangle, 2026-11-27): a ball of
// radius 7.7e49 centred 7.5e40 from a triangle at 7.7e49 (sides 1.4e45 and
// 3.5e40, smallest angle 2.5e-5 rad: the sliver path) whose nearest point lies
// on edge c-a, 623 ulps from corner c. Along that edge the distance grows by
// only ~0.03 ulp over those 623 ulps, so the rounded distances of c and of the
// edge's point tied and c won: normal (1, 0, 0), 8.6e-5 rad off the true one,
// and the sphere moved by normal * depth stayed ~1e41 inside. All inputs at
// one magnitude, the sliver 2^-15 rad wide: inside the contract. The same
// shape at 1e-300..1e300, every corner order, the center moved by 1..2^20 ulps.
TEST(ContactSphereTriangle, RegressionFuzzCornerTiedWithAnEdgePoint) {
  const double base = 0x1.a4a4a4a4a4a4ap+165, ulp = 0x1p+113;
  const Vec3 c0{base, base, base};
  const Vec3 a0{0x1.a4a4a4aff0003p+165, 0x1.a4a6a4a4a4a4ap+165, base};
  const Vec3 b0{0x1.a4a4a4a174a4ap+165, base, 0x1.a4a4a4a4a4a4bp+165};
  const double r0 = base;
  std::vector<double> offsets{0x1.a4a4a4ab9004ap+165 - base};  // the finding
  for (int i = 0; i <= 20; i += 4) {
    offsets.push_back(offsets[0] + std::ldexp(ulp, i));
    offsets.push_back(offsets[0] - std::ldexp(ulp, i));
  }
  const std::array<std::array<int, 3>, 6> orders{
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  int cases = 0;
  for (double off : offsets) {
    // The exact nearest point, in the frame of corner c (the differences are
    // exact: Sterbenz), on edge c-a: q = A t, t = P . A / |A|^2 in (0, 1).
    const Vec3 P{off, 0, 0}, A = a0 - c0;
    const double t = np::dot(P, A) / np::dot(A, A);
    ASSERT_GT(t, 0.0);
    ASSERT_LT(t, 1.0);
    const Vec3 d = P - A * t;
    const Vec3 want = d * (1.0 / np::length(d));
    ASSERT_LT(want.y, -5e-5);  // far from the corner's (1, 0, 0)
    const double want_depth = r0 - np::length(d);
    for (int e = -1161; e <= 830; e += 23) {
      // 2^e itself is below the doubles for e < -1074: ldexp each number.
      const auto k = [e](double x) { return std::ldexp(x, e); };
      const auto kv = [&](Vec3 v) { return Vec3{k(v.x), k(v.y), k(v.z)}; };
      const Vec3 corners[3] = {kv(a0), kv(b0), kv(c0)};
      const Sphere s{kv(Vec3{base + off, base, base}), k(r0)};
      const double mag = k(base);
      for (const auto& o : orders) {
        const Triangle tri{corners[o[0]], corners[o[1]], corners[o[2]]};
        ContactHit h;
        ASSERT_TRUE(np::contact_sphere_triangle(s, tri, &h));
        // The normal to kContactNoise's 2^-17 rad; the depth and the
        // separated sphere to 2^-32 of the scene (README, "where the
        // contract ends").
        EXPECT_LT(np::length(h.normal - want), 0x1p-17)
            << "scale 2^" << e << " offset " << off / ulp << " ulps, normal ("
            << h.normal.x << ", " << h.normal.y << ", " << h.normal.z << ")";
        EXPECT_NEAR(h.depth, k(want_depth), 0x1p-32 * mag);
        const Vec3 moved = s.center + h.normal * h.depth;
        EXPECT_NEAR(np::distance_point_triangle(moved, tri), s.radius,
                    0x1p-32 * mag)
            << "scale 2^" << e << " offset " << off / ulp << " ulps";
        ++cases;
      }
    }
  }
  EXPECT_EQ(cases, 13 * 87 * 6);
}

TEST(ContactSphere, ExtremeMagnitudesGiveNoNaN) {
  const double mags[] = {0x1p-1074, 1e-300, 1e-150, 1.0, 1e150, 1e300, 1.7e308};
  for (double m : mags) {
    for (double r : mags) {
      ContactHit h;
      const Sphere s{{m, -m, m}, r};
      const auto check = [&](bool hit) {
        if (!hit) return;
        EXPECT_FALSE(std::isnan(h.depth)) << m << " " << r;
        EXPECT_FALSE(std::isnan(h.normal.x + h.normal.y + h.normal.z));
        EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
        EXPECT_FALSE(std::isnan(h.point_a.x + h.point_a.y + h.point_a.z));
        EXPECT_FALSE(std::isnan(h.point_b.x + h.point_b.y + h.point_b.z));
      };
      check(np::contact_sphere_sphere(s, {{-m, m, 0}, r}, &h));
      check(np::contact_sphere_capsule(s, {{-m, m, 0}, {m, m, -m}, r}, &h));
      check(np::contact_sphere_aabb(s, {{-m, -m, -m}, {m * 0.5, m, m}}, &h));
      OBB box{{0, 0, 0},
              {m, m * 0.5, m},
              {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}};
      check(np::contact_sphere_obb(s, box, &h));
      check(np::contact_sphere_triangle(s, {{-m, 0, 0}, {m, 0, 0}, {0, m, m}},
                                        &h));
      check(np::contact_sphere_plane(s, {{1, 2, 2}, m}, &h));
    }
  }
}

}  // namespace
