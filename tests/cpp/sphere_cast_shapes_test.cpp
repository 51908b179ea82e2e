// Tests of the sphere casts against capsules, boxes, oriented boxes, triangles
// and planes (shape_cast.h, sphere_cast_shapes.cpp): hand-computed first
// contacts on every axis and sign (faces, edges, end caps, either side of a
// thin shape), grazing paths that hit and paths an ulp short that miss,
// casts that start overlapping (the contact's normal and point), no tunnelling
// through thin shapes, and seeded properties of EDGE_CASES.md: at the returned
// fraction the shapes touch, no earlier sampled point overlaps, a larger
// radius never hits later, a miss never comes within the radius.
#include <gtest/gtest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/overlap.h"
#include "narrowphase/shape_cast.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::Capsule;
using np::OBB;
using np::Plane;
using np::ShapeCastHit;
using np::Sphere;
using np::Triangle;
using np::Vec3;
using np_test::gap;
using np_test::random_rotation;
using np_test::random_vec;

constexpr double kInf = std::numeric_limits<double>::infinity();
double up(double x) { return std::nextafter(x, kInf); }

// (x, y, z) with axis 0 sent to `axis` (a cyclic permutation) and every
// component times `sign`.
Vec3 on_axes(int axis, double sign, double x, double y, double z) {
  Vec3 r{0, 0, 0};
  np::set(r, axis, x * sign);
  np::set(r, (axis + 1) % 3, y * sign);
  np::set(r, (axis + 2) % 3, z * sign);
  return r + Vec3{0, 0, 0};
}
double dist(Vec3 a, Vec3 b) { return np::length(a - b); }

::testing::AssertionResult Near(Vec3 a, Vec3 b, double tol = 1e-12) {
  if (dist(a, b) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", "
         << b.y << ", " << b.z << ")";
}

// The queries by shape, for the generic properties.
bool cast(Vec3 s, Vec3 e, double r, const Capsule& b, ShapeCastHit* h) {
  return np::sphere_cast_capsule(s, e, r, b, h);
}
bool cast(Vec3 s, Vec3 e, double r, const AABB& b, ShapeCastHit* h) {
  return np::sphere_cast_aabb(s, e, r, b, h);
}
bool cast(Vec3 s, Vec3 e, double r, const OBB& b, ShapeCastHit* h) {
  return np::sphere_cast_obb(s, e, r, b, h);
}
bool cast(Vec3 s, Vec3 e, double r, const Triangle& b, ShapeCastHit* h) {
  return np::sphere_cast_triangle(s, e, r, b, h);
}
bool cast(Vec3 s, Vec3 e, double r, const Plane& b, ShapeCastHit* h) {
  return np::sphere_cast_plane(s, e, r, b, h);
}

// A hit's fields against the expected first contact.
void expect_hit(const ShapeCastHit& h, double fraction, Vec3 center,
                Vec3 normal, Vec3 point, double length) {
  EXPECT_NEAR(h.fraction, fraction, 1e-15);
  EXPECT_NEAR(h.distance, fraction * length, 1e-12);
  EXPECT_TRUE(Near(h.center, center));
  EXPECT_TRUE(Near(h.normal, normal, 1e-15));
  EXPECT_TRUE(Near(h.point, point));
  EXPECT_FALSE(h.started_overlapping);
}

// ---- Plane ---------------------------------------------------------------

TEST(SphereCastPlane, EitherSideGrazingEndingOnItAndAnUlpShort) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sg : {1.0, -1.0}) {
      const Vec3 n = on_axes(axis, sg, 0, 0, 1);
      for (double len : {1.0, 2.0, 0x1p-300, 0x1p300}) {
        const Plane pl{n * len, -len};  // n . p = 1
        ShapeCastHit h;
        // From the side the normal points to: 0.3 of the way, normal +n.
        ASSERT_TRUE(np::sphere_cast_plane(on_axes(axis, sg, 0.5, 0, 5),
                                          on_axes(axis, sg, 0.5, 0, -5), 1, pl,
                                          &h));
        expect_hit(h, 0.3, on_axes(axis, sg, 0.5, 0, 2), n,
                   on_axes(axis, sg, 0.5, 0, 1), 10);
        // From behind: the normal faces the ball, -n.
        ASSERT_TRUE(np::sphere_cast_plane(on_axes(axis, sg, 0.5, 0, -5),
                                          on_axes(axis, sg, 0.5, 0, 5), 1, pl,
                                          &h));
        expect_hit(h, 0.5, on_axes(axis, sg, 0.5, 0, 0), np::negated(n),
                   on_axes(axis, sg, 0.5, 0, 1), 10);
        // Ending exactly touching: fraction 1; an ulp short: a miss.
        ASSERT_TRUE(np::sphere_cast_plane(
            on_axes(axis, sg, 0, 0, 5), on_axes(axis, sg, 0, 0, 2), 1, pl, &h));
        EXPECT_EQ(h.fraction, 1.0);
        EXPECT_FALSE(np::sphere_cast_plane(on_axes(axis, sg, 0, 0, 5),
                                           on_axes(axis, sg, 0, 0, up(2)), 1,
                                           pl, &h));
      }
    }
  }
}

TEST(SphereCastPlane, StartsOverlappingAndNeverTunnels) {
  const Plane pl{{0, 0, 2}, -2};  // z = 1
  ShapeCastHit h;
  // Touching at the start: distance 0, the contact's normal and point.
  ASSERT_TRUE(np::sphere_cast_plane({3, 4, 2}, {3, 4, 9}, 1, pl, &h));
  EXPECT_TRUE(h.started_overlapping);
  EXPECT_EQ(h.distance, 0.0);
  EXPECT_EQ(h.fraction, 0.0);
  EXPECT_TRUE(Near(h.center, {3, 4, 2}, 0));
  EXPECT_TRUE(Near(h.normal, {0, 0, 1}, 0));
  EXPECT_TRUE(Near(h.point, {3, 4, 1}, 0));
  // A point at any speed through the thin plane: a hit.
  for (double far : {1.0, 1e6, 1e12, 1e300}) {
    ASSERT_TRUE(
        np::sphere_cast_plane({0, 0, far + 1}, {0, 0, 1 - far}, 0, pl, &h))
        << far;
    EXPECT_NEAR(h.center.z, 1.0, 1e-15 * far);
    EXPECT_TRUE(Near(h.normal, {0, 0, 1}, 0));
  }
  // Zero length: an overlap test.
  EXPECT_FALSE(np::sphere_cast_plane({0, 0, 3}, {0, 0, 3}, 1, pl, &h));
  ASSERT_TRUE(np::sphere_cast_plane({0, 0, 3}, {0, 0, 3}, 2, pl, &h));
  EXPECT_TRUE(h.started_overlapping);
}

// ---- Capsule ---------------------------------------------------------------

TEST(SphereCastCapsule, SideEndCapGrazingAndAnUlpShort) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sg : {1.0, -1.0}) {
      const Capsule cap{on_axes(axis, sg, -2, 0, 0), on_axes(axis, sg, 2, 0, 0),
                        1};
      ShapeCastHit h;
      // Onto the side: the capsule of radius 1 + 1.
      ASSERT_TRUE(np::sphere_cast_capsule(on_axes(axis, sg, 0.5, 5, 0),
                                          on_axes(axis, sg, 0.5, -5, 0), 1, cap,
                                          &h));
      expect_hit(h, 0.3, on_axes(axis, sg, 0.5, 2, 0),
                 on_axes(axis, sg, 0, 1, 0), on_axes(axis, sg, 0.5, 1, 0), 10);
      // Along the axis onto the end cap.
      ASSERT_TRUE(np::sphere_cast_capsule(on_axes(axis, sg, 10, 0, 0),
                                          on_axes(axis, sg, -10, 0, 0), 1, cap,
                                          &h));
      expect_hit(h, 0.3, on_axes(axis, sg, 4, 0, 0), on_axes(axis, sg, 1, 0, 0),
                 on_axes(axis, sg, 3, 0, 0), 20);
      // Grazing the cylinder (2 from the axis all along): first touch where
      // the cylinder begins, x = -2.
      ASSERT_TRUE(np::sphere_cast_capsule(on_axes(axis, sg, -10, 2, 0),
                                          on_axes(axis, sg, 10, 2, 0), 1, cap,
                                          &h));
      EXPECT_NEAR(h.fraction, 0.4, 1e-6);
      EXPECT_TRUE(Near(h.normal, on_axes(axis, sg, 0, 1, 0), 1e-6));
      EXPECT_FALSE(np::sphere_cast_capsule(on_axes(axis, sg, -10, up(2), 0),
                                           on_axes(axis, sg, 10, up(2), 0), 1,
                                           cap, &h));
    }
  }
}

// ---- AABB and OBB
// -------------------------------------------------------------

TEST(SphereCastAABB, FaceEdgeCornerStartInsideAndAnUlpShort) {
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (int axis = 0; axis < 3; ++axis) {
    for (double sg : {1.0, -1.0}) {
      ShapeCastHit h;
      ASSERT_TRUE(np::sphere_cast_aabb(on_axes(axis, sg, 5, 0.5, 0.25),
                                       on_axes(axis, sg, -5, 0.5, 0.25), 1, box,
                                       &h));
      expect_hit(h, 0.3, on_axes(axis, sg, 2, 0.5, 0.25),
                 on_axes(axis, sg, 1, 0, 0), on_axes(axis, sg, 1, 0.5, 0.25),
                 10);
      // Past the edge x = y = 1: the edge's cylinder, 0.8 below the path,
      // 0.6 ahead (3-4-5 scaled): center (1.6, 1.8, 0).
      ASSERT_TRUE(np::sphere_cast_aabb(on_axes(axis, sg, 5, 1.8, 0),
                                       on_axes(axis, sg, -5, 1.8, 0), 1, box,
                                       &h));
      expect_hit(h, 0.34, on_axes(axis, sg, 1.6, 1.8, 0),
                 on_axes(axis, sg, 0.6, 0.8, 0), on_axes(axis, sg, 1, 1, 0),
                 10);
      // The corner (1, 1, 1) along the diagonal: the corner sphere.
      ASSERT_TRUE(np::sphere_cast_aabb(on_axes(axis, sg, 5, 5, 5),
                                       on_axes(axis, sg, 0, 0, 0), 3, box, &h));
      const double k = 1 + std::sqrt(3.0);  // center at the corner + 3/sqrt3
      EXPECT_NEAR(h.center.x, on_axes(axis, sg, k, k, k).x, 1e-12);
      EXPECT_TRUE(Near(h.point, on_axes(axis, sg, 1, 1, 1)));
      // Ending exactly on the grown face: fraction 1; an ulp short: a miss.
      ASSERT_TRUE(np::sphere_cast_aabb(on_axes(axis, sg, 5, 0, 0),
                                       on_axes(axis, sg, 2, 0, 0), 1, box, &h));
      EXPECT_EQ(h.fraction, 1.0);
      EXPECT_FALSE(np::sphere_cast_aabb(on_axes(axis, sg, 5, 0, 0),
                                        on_axes(axis, sg, up(2), 0, 0), 1, box,
                                        &h));
      // Grazing the face y = 2 of the grown box: a hit where it starts.
      ASSERT_TRUE(np::sphere_cast_aabb(
          on_axes(axis, sg, 5, 2, 0), on_axes(axis, sg, -5, 2, 0), 1, box, &h));
      EXPECT_NEAR(h.fraction, 0.4, 1e-9);
      EXPECT_FALSE(np::sphere_cast_aabb(on_axes(axis, sg, 5, up(2), 0),
                                        on_axes(axis, sg, -5, up(2), 0), 1, box,
                                        &h));
    }
  }
  // Starting inside: the contact at the start (the nearest face).
  ShapeCastHit h;
  ASSERT_TRUE(np::sphere_cast_aabb({0.5, 0, 0}, {-5, 0, 0}, 0.25, box, &h));
  EXPECT_TRUE(h.started_overlapping);
  EXPECT_TRUE(Near(h.normal, {1, 0, 0}, 0));
  EXPECT_TRUE(Near(h.point, {1, 0, 0}, 0));
  EXPECT_TRUE(Near(h.center, {0.5, 0, 0}, 0));
}

TEST(SphereCastOBB, QuarterTurnAndIdentityAgreesWithTheAABB) {
  const OBB box{{10, 0, 0}, {1, 2, 3}, {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}};
  ShapeCastHit h;
  ASSERT_TRUE(np::sphere_cast_obb({20, 0.5, 0}, {10, 0.5, 0}, 1, box, &h));
  expect_hit(h, 0.7, {13, 0.5, 0}, {1, 0, 0}, {12, 0.5, 0}, 10);
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 3000; ++i) {
    const Vec3 c = random_vec(rng, 1), half{u(rng), u(rng), u(rng)};
    const OBB ob{c, half, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const AABB ab{c - half, c + half};
    const Vec3 s = random_vec(rng, 4), e = random_vec(rng, 4);
    const double r = u(rng);
    ShapeCastHit g;
    const bool hit = np::sphere_cast_obb(s, e, r, ob, &h);
    ASSERT_EQ(hit, np::sphere_cast_aabb(s, e, r, ab, &g));
    if (!hit) continue;
    EXPECT_NEAR(h.fraction, g.fraction, 1e-12);
    EXPECT_TRUE(Near(h.center, g.center, 1e-11));
  }
}

// ---- Triangle ---------------------------------------------------------------

TEST(SphereCastTriangle, EitherFaceAnEdgeAndNoTunnelling) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sg : {1.0, -1.0}) {
      const Triangle t{on_axes(axis, sg, 0, 0, 0), on_axes(axis, sg, 4, 0, 0),
                       on_axes(axis, sg, 0, 4, 0)};
      ShapeCastHit h;
      for (double side : {1.0, -1.0}) {
        ASSERT_TRUE(np::sphere_cast_triangle(on_axes(axis, sg, 1, 1, 5 * side),
                                             on_axes(axis, sg, 1, 1, -5 * side),
                                             1, t, &h));
        expect_hit(h, 0.4, on_axes(axis, sg, 1, 1, side),
                   on_axes(axis, sg, 0, 0, side), on_axes(axis, sg, 1, 1, 0),
                   10);
      }
      // Onto the edge a-b beside the face: its cylinder.
      ASSERT_TRUE(np::sphere_cast_triangle(on_axes(axis, sg, 2, -5, 0.6),
                                           on_axes(axis, sg, 2, 5, 0.6), 1, t,
                                           &h));
      expect_hit(h, 0.42, on_axes(axis, sg, 2, -0.8, 0.6),
                 on_axes(axis, sg, 0, -0.8, 0.6), on_axes(axis, sg, 2, 0, 0),
                 10);
      // A point through the thin triangle at any speed.
      for (double far : {1.0, 1e9, 1e200}) {
        ASSERT_TRUE(np::sphere_cast_triangle(on_axes(axis, sg, 1, 1, far),
                                             on_axes(axis, sg, 1, 1, -far), 0,
                                             t, &h));
        EXPECT_NEAR(h.fraction, 0.5, 1e-15);
        EXPECT_TRUE(Near(h.normal, on_axes(axis, sg, 0, 0, 1), 1e-15));
      }
      // Passing the corner c an ulp beyond reach: a miss; at reach: a hit.
      EXPECT_FALSE(np::sphere_cast_triangle(on_axes(axis, sg, -5, up(5), 0),
                                            on_axes(axis, sg, 5, up(5), 0), 1,
                                            t, &h));
      EXPECT_TRUE(np::sphere_cast_triangle(
          on_axes(axis, sg, -5, 5, 0), on_axes(axis, sg, 5, 5, 0), 1, t, &h));
    }
  }
}

// The fuzzer's valid np_capsuleCastTriangle: a ball starting in the
// triangle's plane beside it, moving off the plane to graze its corner
// exactly at the end, met the offset face at that corner at the same fraction
// as the edges; the plane's linear entry formula, meant for a start beyond
// the offset plane, gave (0 - r) / r = -1, clamped to 0: a hit at the start,
// 1 from the triangle. Every radius from 2^-30 (the corner's distance rounds
// to 1 - t before t reaches 1) to the smallest normal double.
TEST(SphereCastTriangle, RegressionFuzzGrazingACornerFromThePlane) {
  const auto same = [](Vec3 a, Vec3 b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
  };
  for (int axis = 0; axis < 3; ++axis) {
    for (double sg : {1.0, -1.0}) {
      // The triangle in the plane "x = 0" of on_axes, a corner at (0, 1, 0).
      const Triangle t{on_axes(axis, sg, 0, 0, 1), on_axes(axis, sg, 5, 0, 3),
                       on_axes(axis, sg, -5, 0, 3)};
      for (int e : {-30, -60, -200, -1000, -1022}) {
        const double r = std::ldexp(1.0, e);
        for (double side : {1.0, -1.0}) {
          const Vec3 end = on_axes(axis, sg, 0, side * r, 1);
          ShapeCastHit h;
          ASSERT_TRUE(np::sphere_cast_triangle(Vec3{0, 0, 0}, end, r, t, &h));
          EXPECT_EQ(h.fraction, 1.0) << axis << " " << sg << " " << e;
          EXPECT_FALSE(h.started_overlapping);
          EXPECT_TRUE(same(h.center, end));
          EXPECT_TRUE(same(h.point, on_axes(axis, sg, 0, 0, 1)));
          EXPECT_TRUE(same(h.normal, on_axes(axis, sg, 0, side, 0)));
          // The capsule whose end balls make the same cast.
          ASSERT_TRUE(np::capsule_cast_triangle(
              Capsule{Vec3{0, 0, 0}, on_axes(axis, sg, 0, 0, -0.5), r}, end, t,
              &h));
          EXPECT_EQ(h.fraction, 1.0) << axis << " " << sg << " " << e;
        }
      }
    }
  }
}

// The smoke fuzz's valid np_capsuleCastTriangle of 2026-11-27 (ordinary
// numbers once its subnormal coordinates are dropped, which change nothing): a
// ball at the origin whose radius is its distance d0 to the triangle less a
// few ulps, moving into the face. The start lies within rounding of the
// offset face; its linecast missed and the entry came from an edge capsule:
// fraction 0.0023 for r = d0 - 2 ulps, the ball 0.0073 deep there. Now, for
// r from d0 - 1 to d0 - 64 ulps, the scene scaled by 2^-1000..2^1000 and
// mirrored: no start overlapping, and at the reported fraction the centre is
// r from the triangle within 2^-40 of the scene (the contact is within ~1e-14
// of the start).
TEST(SphereCastTriangle, RegressionFuzzStartWithinRoundingOfTheOffsetFace) {
  const Triangle base{Vec3{0, -4, 0}, Vec3{0, -2.53125, -2}, Vec3{-2, -2, -2}};
  int checked = 0;
  for (int e : {0, -1000, -500, -60, 60, 500, 1000})
    for (double mirror : {1.0, -1.0}) {
      const auto sc = [&](Vec3 v) {
        return Vec3{std::ldexp(v.x * mirror, e), std::ldexp(v.y, e),
                    std::ldexp(v.z, e)};
      };
      const Triangle t{sc(base.a), sc(base.b), sc(base.c)};
      const Vec3 end = sc(Vec3{-2, -2, -2});
      const double d0 = np::distance_point_triangle(Vec3{0, 0, 0}, t);
      const double scene = std::ldexp(4.0, e);
      for (int k = 1; k <= 64; k = k < 8 ? k + 1 : k * 2) {
        double r = d0;
        for (int i = 0; i < k; ++i) r = std::nextafter(r, 0.0);
        ShapeCastHit h;
        ASSERT_TRUE(np::sphere_cast_triangle(Vec3{0, 0, 0}, end, r, t, &h))
            << e << " " << k;
        const double dist = np::distance_point_triangle(h.center, t);
        if (h.started_overlapping) continue;  // d0 - k ulps rounded to touching
        EXPECT_LE(std::fabs(dist - r), 0x1p-40 * scene)
            << "scale 2^" << e << " mirror " << mirror << " r = d0 - " << k
            << " ulps: fraction " << h.fraction;
        ++checked;
      }
    }
  EXPECT_GT(checked, 100);
}

// The smoke fuzz's valid np_capsuleCastTriangle of 2026-11-27 on 514360d: a
// ball of radius 1.9224465613509261 (its distance to the triangle, rounded:
// the exact test finds it an ulp short of touching) at (-3.0625, -0.34375, 0)
// over the edge c-a of (0, 0, 0), (0, 0, -3.0625), (-3.0625, -3.0625, 0),
// cast by -1.0208333333333333 (1, 1, 1), which slides along the face
// (rounded gap 0 up to fraction 0.6), reported fraction 1, 0.079 from the
// triangle: the face-entry formula's numerator and denominator were both an
// ulp (f = 1), and its point lay beyond the edge b-c. Now a start within
// rounding of touching (rounded gap at most 4 ulps of r) that hits is reported
// touching at the start (its true first touch is anywhere from 0 to the
// rounding over the approach rate), and every hit touches at its fraction and
// is no deeper before it (2^-40 of the scene). Variants: the scene scaled by
// 2^-1000..2^1000; mirrored on each axis, its axes permuted, the corners
// rotated; r from 64 ulps below the rounded distance to 64 above (started
// overlapping exactly when the exact test says so); the direction sliding
// along the face, into its interior, along the edge either way, out across the
// edge, into and away from the face (steeply and at 2^-20 and 2^-40 rad), and
// along the edge tilted 2^-30 into and away from the face; each as
// sphereCastTriangle, and as capsuleCastTriangle of a zero-length capsule and
// of short capsules (1/64 of the scene along the face into the triangle, along
// the edge, and along the normal away from it); and the ball (and the
// zero-length capsule) from 0.0625 and 0.25 beside the edge, at the same
// height, entering over it. Hit or miss is the exact swept test's (checked
// for the ball). Before the fix 4,416 of the 124,740 cases failed: 840 not
// touching at the fraction (the finding: fraction 1 off the triangle; from
// beside the edge, fraction 1, 0.065 away), the rest reported up to the
// whole path late from a start within rounding of touching. Without the band
// (kCastFaceStartBand) 3,072 fail; without the over-the-face check, or with
// it but keeping the face linecast's entry, 504.
TEST(SphereCastTriangle, RegressionFuzzGrazingStartSlidingAlongTheFace) {
  const double q = -1.0208333333333333;
  const double t20 = 0x1p-20, t40 = 0x1p-40, t30 = 0x1p-30;
  const Vec3 dirs[] = {
      {q, q, q},                       // the finding: along the face
      {0, 0, q},                       // into the interior, across the edge
      {-q, -q, q},                     // into the interior, the other way
      {q, q, 0.5 * q},                 // along the face, nearer the edge
      {-q, -q, 0},                     // along the edge, toward a
      {q, q, 0},                       // along the edge, toward c
      {0, 0, -q},                      // out across the edge (a miss)
      {-q, q, q},                      // into the face, steeply
      {q - q * t20, q + q * t20, q},   // into the face, 2^-20 rad
      {q - q * t40, q + q * t40, q},   // into the face, 2^-40 rad
      {q, -q, q},                      // away from the face (a miss)
      {q + q * t20, q - q * t20, q},   // away, 2^-20 rad
      {q + q * t40, q - q * t40, q},   // away, 2^-40 rad
      {q - q * t30, q + q * t30, 0},   // along the edge, 2^-30 rad into
      {q + q * t30, q - q * t30, 0}};  // along the edge, 2^-30 rad away
  // Capsules: the ball, a zero-length capsule, and segments of 1/64 of the
  // scene from the start into the face's interior, along the edge, and along
  // the normal away from the face.
  const Vec3 segs[] = {
      {0, 0, -0.0625}, {0.0625, 0.0625, 0}, {-0.0625, 0.0625, 0}};
  const Triangle base{Vec3{0, 0, 0}, Vec3{0, 0, -3.0625},
                      Vec3{-3.0625, -3.0625, 0}};
  // The finding's start, and starts beside the edge c-a (outside the
  // triangle) at the same height, from which the path enters over the edge.
  const Vec3 starts[] = {{-3.0625, -0.34375, 0},
                         {-3.0625, -0.34375, 0.0625},
                         {-3.0625, -0.34375, 0.25}};
  int cases = 0, failed = 0, hits = 0, started = 0, off = 0;
  const auto fail = [&](const char* what, int e, int m, int kind, int di, int k,
                        const ShapeCastHit& h) {
    if (what[0] == 'n') ++off;  // "not touching at the fraction"
    if (++failed <= 10)
      ADD_FAILURE() << what << ": scale 2^" << e << " mirror " << m << " kind "
                    << kind << " direction " << di << " r = d0 + " << k
                    << " ulps: fraction " << h.fraction;
  };
  for (int e : {0, -1000, -500, -60, 60, 500, 1000}) {
    const double scene = std::ldexp(4.0, e), tol = 0x1p-40 * scene;
    // Mirrors 0..7: the sign of each axis; 8, 9: the axes permuted; 10, 11:
    // the corners rotated.
    for (int m = 0; m < 12; ++m) {
      const int sg = m < 8 ? m : 0,
                perm = m == 8   ? 1
                       : m == 9 ? 2
                                : 0,
                rot = m == 10   ? 1
                      : m == 11 ? 2
                                : 0;
      const auto tf = [&](Vec3 v) {
        const double c[3] = {v.x, v.y, v.z};
        double o[3];
        for (int i = 0; i < 3; ++i)
          o[(i + perm) % 3] = std::ldexp((sg >> i) & 1 ? -c[i] : c[i], e);
        return Vec3{o[0], o[1], o[2]};
      };
      const Vec3 corner[3] = {tf(base.a), tf(base.b), tf(base.c)};
      const Triangle t{corner[rot], corner[(rot + 1) % 3],
                       corner[(rot + 2) % 3]};
      // The radii about the distance from the finding's start (the height).
      const double d0 = np::distance_point_triangle(tf(starts[0]), t);
      // The segment's distance to the triangle (the capsule contact's, with a
      // radius that reaches it).
      const auto gap_of = [&](Vec3 p, Vec3 w, double r) {
        if (w.x == 0.0 && w.y == 0.0 && w.z == 0.0)
          return np::distance_point_triangle(p, t) - r;
        np::ContactHit c;
        const double big = r + scene;
        if (!np::contact_capsule_triangle(Capsule{p, p + w, big}, t, &c))
          return kInf;
        return big - c.depth - r;
      };
      for (int kind = 0; kind < 9; ++kind) {
        // Kinds 0..4 from the finding's start; 5, 6 (the ball and the
        // zero-length capsule) and 7, 8 from the two beside it.
        const Vec3 s = tf(starts[kind < 5 ? 0 : kind < 7 ? 1 : 2]);
        const Vec3 w =
            kind < 2 || kind >= 5 ? Vec3{0, 0, 0} : tf(segs[kind - 2]);
        const bool ball = kind == 0 || kind == 5 || kind == 7;
        for (int di = 0; di < 15; ++di) {
          const Vec3 d = tf(dirs[di]);
          for (int k : {-64, -16, -4, -2, -1, 0, 1, 2, 4, 16, 64}) {
            double r = d0;
            for (int i = 0; i < (k < 0 ? -k : k); ++i)
              r = std::nextafter(r, k < 0 ? 0.0 : kInf);
            ShapeCastHit h{};
            bool hit, at_start;
            ++cases;
            if (ball) {
              hit = np::sphere_cast_triangle(s, s + d, r, t, &h);
              at_start = np::overlap_sphere_triangle(Sphere{s, r}, t);
              if (hit !=
                  np::overlap_capsule_triangle(Capsule{s, s + d, r}, t)) {
                fail("hit is not the exact swept test's", e, m, kind, di, k, h);
                continue;
              }
            } else {
              hit = np::capsule_cast_triangle(Capsule{s, s + w, r}, d, t, &h);
              at_start = np::overlap_capsule_triangle(Capsule{s, s + w, r}, t);
            }
            if (!hit) continue;
            ++hits;
            if (h.started_overlapping != at_start) {
              fail("started overlapping is not the exact test's", e, m, kind,
                   di, k, h);
              continue;
            }
            if (at_start) {
              ++started;
              continue;
            }
            const Vec3 c = s + d * h.fraction;
            if (!(std::fabs(gap_of(c, w, r)) <= tol)) {
              fail("not touching at the fraction", e, m, kind, di, k, h);
              continue;
            }
            bool deeper = false;
            for (int j = 0; j < 8; ++j)
              deeper =
                  deeper || gap_of(s + d * (h.fraction * j / 8), w, r) < -tol;
            if (deeper) {
              fail("deeper before the fraction", e, m, kind, di, k, h);
              continue;
            }
            if (std::fabs(gap_of(s, w, r)) <= 0x1p-50 * r &&
                !(np::length(d) * h.fraction <= 0x1p-32 * scene))
              fail("within rounding of touching at the start, reported later",
                   e, m, kind, di, k, h);
          }
        }
      }
    }
  }
  EXPECT_EQ(failed, 0) << "of " << cases << " cases (" << off
                       << " not touching at the fraction)";
  EXPECT_EQ(cases, 7 * 12 * 9 * 15 * 11);
  EXPECT_GT(hits - started, 5000);
  EXPECT_GT(started, 20000);
}

// The fuzzer's raw np_capsuleCastTriangle: a ball of radius 0.5 sent 4.6e100
// toward a triangle of that size, starting inside the slab of its plane
// (0.35 from it) and running parallel to it into a sliver 2^-13 of the size
// wide. The entry formula gave fraction 0 (fixed by 234ad51); after it the
// rounded edge capsules, whose radius is below their rounding there, missed
// the edge the path enters through, and the entry came at the far corner:
// fraction 1, where the exact answer is 8192/8193 (1.2e-4 of the path, 8e96,
// too late). Each path length from 1e20 (where 0.5 is below the rounding) to
// 1e300: within 1e-9 of the exact fraction, for the ball and for the capsule
// whose end ball it is.
TEST(SphereCastTriangle, RegressionFuzzTinyRadiusParallelToAHugeSliver) {
  for (double L : {1e20, 1e50, 4.6e100, 1e150, 1e300}) {
    const Triangle t{Vec3{-L, 0, 0}, Vec3{-L + L * 0x1p-13, -L, -L},
                     Vec3{-L, -L, -L}};
    const Vec3 start{0, 0.5, 0}, end{-L, 0.5 - L, -L};
    ShapeCastHit h;
    ASSERT_TRUE(np::sphere_cast_triangle(start, end, 0.5, t, &h)) << L;
    EXPECT_FALSE(h.started_overlapping) << L;
    EXPECT_NEAR(h.fraction, 8192.0 / 8193.0, 1e-9) << L;
    EXPECT_NEAR(h.distance / np::length(end - start), h.fraction, 1e-15) << L;
    ASSERT_TRUE(np::capsule_cast_triangle(Capsule{Vec3{-5, 0.5, 0}, start, 0.5},
                                          Vec3{-L, -L, -L}, t, &h))
        << L;
    EXPECT_FALSE(h.started_overlapping) << L;
    EXPECT_NEAR(h.fraction, 8192.0 / 8193.0, 1e-9) << L;
  }
}

// The same failure across a face: a ball of radius 0.5 sent L along a plane
// 0.3 above a triangle of size L, entering it across an edge that crosses
// the path at L (1/2 + 2^-14). From L = 1e20 the rounded edge capsule missed
// and the ball was reported touching at the end (fraction 1, half the path
// late, through the triangle), and so was a capsule whose end balls these
// are; now 1/2 + 2^-14 to 1e-9, on every axis and sign, from either side of
// the plane. (Path lengths 1e181..1e220 are left
// out: overlap_capsule_triangle itself misses this crossing there, an open
// finding.)
TEST(SphereCastTriangle, TinyRadiusCrossingAHugeTriangleAlongItsPlane) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sg : {1.0, -1.0}) {
      for (double L : {1e20, 1e50, 1e100, 1e150, 1e300}) {
        const Triangle t{on_axes(axis, sg, L / 2, -L / 4, 0),
                         on_axes(axis, sg, L / 2 + L * 0x1p-13, L / 4, 0),
                         on_axes(axis, sg, L, 0, 0)};
        for (double side : {0.3, -0.3}) {
          // Beside the middle of the edge (y = +-0.5) no rounded piece was
          // entered at all, and first_touch's rounded distances (rounding
          // ~1e4 at 1e20) said fraction 1 as well.
          for (double y : {0.0, 0.5, -0.5}) {
            ShapeCastHit h;
            ASSERT_TRUE(np::sphere_cast_triangle(on_axes(axis, sg, 0, y, side),
                                                 on_axes(axis, sg, L, y, side),
                                                 0.5, t, &h))
                << axis << " " << sg << " " << L;
            EXPECT_FALSE(h.started_overlapping);
            EXPECT_NEAR(h.fraction, 0.5 + 0x1p-14, 1e-9)
                << axis << " " << sg << " " << L << " " << side << " " << y;
          }
          // A capsule across the path, parallel to the plane: its end balls.
          ShapeCastHit h;
          ASSERT_TRUE(np::capsule_cast_triangle(
              Capsule{on_axes(axis, sg, 0, -0.5, side),
                      on_axes(axis, sg, 0, 0.5, side), 0.5},
              on_axes(axis, sg, L, 0, 0), t, &h));
          EXPECT_FALSE(h.started_overlapping);
          EXPECT_NEAR(h.fraction, 0.5 + 0x1p-14, 1e-9)
              << axis << " " << sg << " " << L << " " << side;
        }
      }
    }
  }
}

// The fuzzer's valid np_sphereCastOBB: a point cast from a start on a rotated
// box's face (within rounding: the exact test says apart) into the box. The
// box's frame rounds the start inside, so the rounded entry is at fraction 0
// from a piece the start lies in, and its normal was the linecast's
// -unit(direction), no normal of the box; now the face the start is on.
TEST(SphereCastOBB, RegressionFuzzStartOnARotatedFaceGetsThatFacesNormal) {
  const double c = 0x1.ffd886084cd0dp-1, s = 0x1.92155f7a366acp-6;
  const OBB tilted{{3.96875, 3.96875, 3.96875},
                   {4, 3.875, 3.96875},
                   {{c, 0, s}, {0, 1, 0}, {-s, 0, c}}};
  const double e = 0x1.1a62633145c07p-54;  // cos(pi / 2)
  const OBB turned{{0, 0, 0},
                   {3.96875, 3.96875, 3.96875},
                   {{1, 0, 0}, {0, e, 1}, {0, -1, e}}};
  const struct {
    Vec3 start, end;
    const OBB& box;
    Vec3 normal;
  } cases[] = {
      {{-0x1.ec4304266868p-6, 0x1.10f8f8f8f8f9p+0, 0x1.ef6f55042e4cbp+1},
       {0x1.fdec430426686p+2, 0x1.f6p+2, 0x1.0448557de8d9bp+2},
       tilted,
       {-c, 0, -s}},
      {{0, -3.96875, 2.430158492058029e-16},
       {1.1984068627450981, 2.430158492058029e-16, 3.96875},
       turned,
       {0, -1, e}},
  };
  for (const auto& k : cases) {
    ShapeCastHit h;
    ASSERT_TRUE(np::sphere_cast_obb(k.start, k.end, 0.0, k.box, &h));
    EXPECT_FALSE(h.started_overlapping);
    EXPECT_EQ(h.fraction, 0.0);
    EXPECT_TRUE(Near(h.normal, k.normal, 1e-15))
        << h.normal.x << " " << h.normal.y << " " << h.normal.z;
  }
}

// ---- Every shape: seeded properties (EDGE_CASES.md)
// --------------------------

template <class B>
void check_cast(std::mt19937_64& rng, const B& b, int* hits) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const Vec3 s = random_vec(rng, 4), e = random_vec(rng, 4);
  const double r = u(rng);
  ShapeCastHit h;
  const bool hit = cast(s, e, r, b, &h);
  const double tol = 1e-9;
  const Vec3 d = e - s;
  if (!hit) {
    // Never within reach along the path.
    for (int i = 0; i <= 64; ++i)
      ASSERT_GT(gap(s + d * (i / 64.0), b), r - tol) << i;
    return;
  }
  ++*hits;
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  EXPECT_LE(gap(h.point, b), tol);
  const bool started = gap(s, b) <= r - tol;
  if (started) EXPECT_TRUE(h.started_overlapping);
  if (h.started_overlapping) {
    EXPECT_EQ(h.fraction, 0.0);
    EXPECT_LE(gap(s, b), r + tol);
    return;
  }
  // At the fraction: touching, the center radius from the point along the
  // normal; before it: apart.
  EXPECT_NEAR(gap(h.center, b), r, tol);
  EXPECT_TRUE(Near(h.center, h.point + h.normal * r, 1e-8));
  for (int i = 0; i < 64; ++i) {
    const double t = h.fraction * i / 64.0;
    ASSERT_GT(gap(s + d * t, b), r - tol) << t;
  }
  // A larger radius never hits later.
  ShapeCastHit g;
  ASSERT_TRUE(cast(s, e, r * 1.5 + 0.01, b, &g));
  EXPECT_LE(g.fraction, h.fraction + 1e-12);
}

TEST(SphereCast, SeededPropertiesForEveryShape) {
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits[5] = {};
  for (int i = 0; i < 3000; ++i) {
    check_cast(rng, Capsule{random_vec(rng, 1), random_vec(rng, 1), u(rng)},
               &hits[0]);
    const Vec3 lo = random_vec(rng, 1);
    check_cast(rng, AABB{lo, lo + Vec3{u(rng), u(rng), u(rng)}}, &hits[1]);
    OBB box{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, box.axis);
    check_cast(rng, box, &hits[2]);
    check_cast(
        rng,
        Triangle{random_vec(rng, 2), random_vec(rng, 2), random_vec(rng, 2)},
        &hits[3]);
    const Vec3 n = random_vec(rng, 2);
    check_cast(rng, Plane{n, -np::dot(n, random_vec(rng, 1))}, &hits[4]);
    if (HasFailure()) return;
  }
  for (int k = 0; k < 5; ++k) EXPECT_GT(hits[k], 200) << k;
}

// Found by the fuzzer (tests/fuzz, the shapeCastHit checks on the new casts).
TEST(SphereCast, RegressionFuzzDistanceFiniteWhereOnlyTheFullPathOverflows) {
  // |end - start| = 2.1e308 overflows; the 0.22 of it travelled does not.
  ShapeCastHit h;
  const Vec3 e{-1.5e308, -1.5e308, -1.6366953039480884e+150};
  ASSERT_TRUE(
      np::sphere_cast_plane({0, 0, 0}, e, 0, {{3.96875, 0, 0}, 0.625}, &h));
  ASSERT_TRUE(std::isfinite(h.distance));
  const long double len = std::sqrt(2.0L * 1.5e308L * 1.5e308L);
  EXPECT_NEAR(h.distance / (h.fraction * len), 1.0, 1e-12);
  const Vec3 e2{-1.5e308, -1.5e308, -16};
  ASSERT_TRUE(np::sphere_cast_capsule(
      {0, 0, 0}, e2, 0,
      {{-1.5e308, -1.5e308, -16}, {-1.5e308, -1.5e308, -16}, 1.5e308}, &h));
  EXPECT_TRUE(std::isfinite(h.distance));
}

TEST(SphereCast, RegressionFuzzZeroLengthIsTheSphereOverlapTest) {
  // A sliver triangle mixing 16 with 1e-321 (beyond overlapCapsuleTriangle's
  // exactness): a zero-length cast must answer as overlapSphereTriangle does.
  const Triangle t{{-0.0, -0.0, 0.25},
                   {-4, -5.434722104253712e-323, -16},
                   {1.1561136112685169e-321, 0, 0}};
  ShapeCastHit h;
  EXPECT_EQ(np::sphere_cast_triangle({0, 0, 0}, {0, 0, 0}, 0, t, &h),
            np::overlap_sphere_triangle({{0, 0, 0}, 0}, t));
}

TEST(SphereCast, ExtremeMagnitudesGiveNoNaN) {
  const double mags[] = {0x1p-1074, 1e-300, 1.0, 1e300, 1.7e308};
  for (double m : mags) {
    for (double r : mags) {
      ShapeCastHit h;
      const Vec3 s{m, -m, m}, e{-m, m, -m * 0.5};
      const auto check = [&](bool hit) {
        if (!hit) return;
        EXPECT_FALSE(std::isnan(h.fraction + h.distance)) << m << " " << r;
        EXPECT_FALSE(std::isnan(h.normal.x + h.normal.y + h.normal.z));
        EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
        EXPECT_FALSE(std::isnan(h.center.x + h.center.y + h.center.z));
        EXPECT_GE(h.fraction, 0.0);
        EXPECT_LE(h.fraction, 1.0);
      };
      check(np::sphere_cast_capsule(s, e, r, {{-m, m, 0}, {m, m, -m}, r}, &h));
      check(np::sphere_cast_aabb(s, e, r, {{-m, -m, -m}, {m * 0.5, m, m}}, &h));
      const OBB box{{0, 0, 0},
                    {m, m * 0.5, m},
                    {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}};
      check(np::sphere_cast_obb(s, e, r, box, &h));
      check(np::sphere_cast_triangle(s, e, r,
                                     {{-m, 0, 0}, {m, 0, 0}, {0, m, m}}, &h));
      check(np::sphere_cast_plane(s, e, r, {{1, 2, 2}, m}, &h));
    }
  }
}

}  // namespace
