// Tests of the capsule casts (shape_cast.h, capsule_cast.cpp): hand-computed
// exact first contacts of every feature kind (an end ball, a target's corner
// or edge against the capsule's side, a face under a lying capsule), looped
// over axes and signs; a contact exactly at the end hits and one an ulp beyond
// misses; casts that start overlapping take the contact; a zero translation is
// the overlap test; no tunnelling through a thin triangle or plane at any
// speed; and seeded properties: at the returned fraction the capsule touches
// the target (a hair thicker overlaps, a hair thinner is apart), at no earlier
// sampled fraction does it overlap, a miss overlaps
// nowhere along the path, a zero-length capsule is the sphere cast, an identity
// OBB is the AABB.
#include <gtest/gtest.h>

#include <array>
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
using np::ContactHit;
using np::OBB;
using np::Plane;
using np::ShapeCastHit;
using np::Sphere;
using np::Triangle;
using np::Vec3;
using np_test::gap;
using np_test::identity_obb;
using np_test::map;
using np_test::map_dir;
using np_test::random_rotation;
using np_test::random_vec;
using np_test::signs;

constexpr double kInf = std::numeric_limits<double>::infinity();

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

bool same(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
::testing::AssertionResult VecEq(Vec3 a, Vec3 b) {
  if (same(a, b)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", "
         << b.y << ", " << b.z << ")";
}
bool same(const ShapeCastHit& a, const ShapeCastHit& b) {
  return a.fraction == b.fraction && a.distance == b.distance &&
         same(a.center, b.center) && same(a.point, b.point) &&
         same(a.normal, b.normal) &&
         a.started_overlapping == b.started_overlapping;
}

Capsule moved(const Capsule& c, Vec3 by, double radius) {
  return {c.start + by, c.end + by, radius};
}

// One name per target.
bool cast(const Capsule& c, Vec3 t, const Sphere& s, ShapeCastHit* h) {
  return np::capsule_cast_sphere(c, t, s, h);
}
bool cast(const Capsule& c, Vec3 t, const Capsule& s, ShapeCastHit* h) {
  return np::capsule_cast_capsule(c, t, s, h);
}
bool cast(const Capsule& c, Vec3 t, const AABB& s, ShapeCastHit* h) {
  return np::capsule_cast_aabb(c, t, s, h);
}
bool cast(const Capsule& c, Vec3 t, const OBB& s, ShapeCastHit* h) {
  return np::capsule_cast_obb(c, t, s, h);
}
bool cast(const Capsule& c, Vec3 t, const Triangle& s, ShapeCastHit* h) {
  return np::capsule_cast_triangle(c, t, s, h);
}
bool cast(const Capsule& c, Vec3 t, const Plane& s, ShapeCastHit* h) {
  return np::capsule_cast_plane(c, t, s, h);
}
bool sphere_cast(Vec3 a, Vec3 b, double r, const Sphere& s, ShapeCastHit* h) {
  return np::sphere_cast_sphere(a, b, r, s, h);
}
bool sphere_cast(Vec3 a, Vec3 b, double r, const Capsule& s, ShapeCastHit* h) {
  return np::sphere_cast_capsule(a, b, r, s, h);
}
bool sphere_cast(Vec3 a, Vec3 b, double r, const AABB& s, ShapeCastHit* h) {
  return np::sphere_cast_aabb(a, b, r, s, h);
}
bool sphere_cast(Vec3 a, Vec3 b, double r, const OBB& s, ShapeCastHit* h) {
  return np::sphere_cast_obb(a, b, r, s, h);
}
bool sphere_cast(Vec3 a, Vec3 b, double r, const Triangle& s, ShapeCastHit* h) {
  return np::sphere_cast_triangle(a, b, r, s, h);
}
bool sphere_cast(Vec3 a, Vec3 b, double r, const Plane& s, ShapeCastHit* h) {
  return np::sphere_cast_plane(a, b, r, s, h);
}
bool overlap(const Capsule& c, const Sphere& s) {
  return np::overlap_sphere_capsule(s, c);
}
bool overlap(const Capsule& c, const Capsule& s) {
  return np::overlap_capsule_capsule(c, s);
}
bool overlap(const Capsule& c, const AABB& s) {
  return np::overlap_capsule_aabb(c, s);
}
bool overlap(const Capsule& c, const OBB& s) {
  return np::overlap_capsule_obb(c, s);
}
bool overlap(const Capsule& c, const Triangle& s) {
  return np::overlap_capsule_triangle(c, s);
}
bool overlap(const Capsule& c, const Plane& s) {
  return np::overlap_capsule_plane(c, s);
}

// ---- Hand-computed first contacts -----------------------------------------

TEST(CapsuleCast, EveryFeatureKindOnEveryAxisAndSign) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const auto M = [&](double x, double y, double z) {
        return map({x, y, z}, perm, sg);
      };
      const Vec3 up = map_dir({0, 1, 0}, perm, sg) + Vec3{0, 0, 0};
      const Vec3 down8 = M(0, -8, 0);
      ShapeCastHit h;
      // A lying capsule (axis along x at height 3, radius 1) falls by 8.
      const Capsule lying{M(-1, 3, 0.25), M(1, 3, 0.25), 1};
      // Onto a ball at the origin (radius 1): its axis stops at height 2.
      ASSERT_TRUE(np::capsule_cast_sphere({M(-1, 3, 0), M(1, 3, 0), 1},
                                          M(0, -4, 0), {M(0, 0, 0), 1}, &h));
      EXPECT_EQ(h.fraction, 0.25);
      EXPECT_EQ(h.distance, 1.0);
      EXPECT_TRUE(VecEq(h.normal, up));
      EXPECT_TRUE(VecEq(h.point, M(0, 1, 0)));
      EXPECT_TRUE(VecEq(h.center, M(0, 2, 0)));
      EXPECT_FALSE(h.started_overlapping);
      // Onto a capsule crossing below along z (radius 1): the common normal.
      ASSERT_TRUE(np::capsule_cast_capsule(lying, down8,
                                           {M(0, 0, -2), M(0, 0, 2), 1}, &h));
      EXPECT_EQ(h.fraction, 0.125);
      EXPECT_EQ(h.distance, 1.0);
      EXPECT_TRUE(VecEq(h.normal, up));
      EXPECT_TRUE(VecEq(h.point, M(0, 1, 0.25)));
      // Onto the unit box's top face (case 4: the stretch over the face ends
      // over the edges x = +-1): the axis stops at height 2.
      const AABB box{{-1, -1, -1}, {1, 1, 1}};
      ASSERT_TRUE(np::capsule_cast_aabb({M(-5, 3, 0.25), M(5, 3, 0.25), 1},
                                        down8, box, &h));
      EXPECT_EQ(h.fraction, 0.125);
      EXPECT_TRUE(VecEq(h.normal, up));
      EXPECT_EQ(gap(h.point, box), 0.0);
      EXPECT_EQ(np::dot(h.point, up), 1.0);
      // Onto a small triangle in y = 0, under the capsule's side (corners and
      // edges only: the end balls at x = +-5 pass beside it).
      const Triangle tri{M(0, 0, 0), M(1, 0, 0), M(0, 0, 1)};
      ASSERT_TRUE(np::capsule_cast_triangle({M(-5, 3, 0.25), M(5, 3, 0.25), 1},
                                            down8, tri, &h));
      EXPECT_EQ(h.fraction, 0.25);
      EXPECT_TRUE(VecEq(h.normal, up));
      // The contact is the stretch x in [0, 0.75] of the line z = 0.25: the
      // point is one of them.
      EXPECT_LE(gap(h.point, tri), 1e-15);
      EXPECT_NEAR(np::dot(h.point, map_dir({0, 0, 1}, perm, sg)), 0.25, 1e-15);
      EXPECT_TRUE(VecEq(h.center, M(0, 1, 0.25)));
      // From below, the triangle's other side: the normal faces down.
      ASSERT_TRUE(np::capsule_cast_triangle(
          {M(-5, -3, 0.25), M(5, -3, 0.25), 1}, M(0, 8, 0), tri, &h));
      EXPECT_EQ(h.fraction, 0.25);
      EXPECT_TRUE(VecEq(h.normal, np::negated(up)));
      // Onto the plane y = 0 (normal of length 2): a tilted capsule's lower
      // end ball, 0.5 above the reach.
      const Plane plane{up * 2, 0};
      ASSERT_TRUE(np::capsule_cast_plane({M(0, 1.5, 0), M(1, 3, 0), 1},
                                         M(0, -4, 0), plane, &h));
      EXPECT_EQ(h.fraction, 0.125);
      EXPECT_EQ(h.distance, 0.5);
      EXPECT_TRUE(VecEq(h.normal, up));
      EXPECT_TRUE(VecEq(h.point, M(0, 0, 0)));
      EXPECT_TRUE(VecEq(h.center, M(0.5, 1.75, 0)));
    }
  }
}

TEST(CapsuleCast, AContactAtTheEndHitsAndAnUlpBeyondMisses) {
  const Plane plane{{0, 1, 0}, 0};
  const Capsule c{{-1, 2, 0}, {1, 2, 0}, 0.5};
  ShapeCastHit h;
  ASSERT_TRUE(np::capsule_cast_plane(c, {0, -1.5, 0}, plane, &h));
  EXPECT_EQ(h.fraction, 1.0);
  EXPECT_TRUE(VecEq(h.center, (Vec3{0, 0.5, 0})));
  EXPECT_FALSE(
      np::capsule_cast_plane(c, {0, std::nextafter(-1.5, 0.0), 0}, plane, &h));
  // A corner reaching the capsule's side exactly at the end, and an ulp short.
  const Triangle t{{0, 0, 0}, {0.5, -1, 0}, {-0.5, -1, 0}};
  const Capsule lying{{-3, 2, 0}, {3, 2, 0}, 1};
  ASSERT_TRUE(np::capsule_cast_triangle(lying, {0, -1, 0}, t, &h));
  EXPECT_EQ(h.fraction, 1.0);
  EXPECT_FALSE(np::capsule_cast_triangle(
      lying, {0, std::nextafter(-1.0, 0.0), 0}, t, &h));
  // A box edge (not parallel to the axis) grazed by the capsule's side: the
  // edge x = 1, y = 1 along z passes 1 below the axis line at the end.
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  const Capsule across{{0, 3, -5}, {2, 3, 5}, 1};  // not parallel to any edge
  ASSERT_TRUE(np::capsule_cast_aabb(across, {0, -1, 0}, box, &h));
  EXPECT_EQ(h.fraction, 1.0);
}

TEST(CapsuleCast,
     StartingOverlappingTakesTheContactAndZeroTranslationIsAnOverlapTest) {
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  const Capsule c{{-0.5, 1.5, 0}, {0.5, 1.5, 0}, 1};
  ShapeCastHit h;
  ContactHit k;
  ASSERT_TRUE(np::contact_capsule_aabb(c, box, &k));
  for (Vec3 t : {Vec3{0, 0, 0}, Vec3{5, 0, 0}, Vec3{0, -3, 0}}) {
    ASSERT_TRUE(np::capsule_cast_aabb(c, t, box, &h));
    EXPECT_TRUE(h.started_overlapping);
    EXPECT_EQ(h.fraction, 0.0);
    EXPECT_EQ(h.distance, 0.0);
    EXPECT_TRUE(VecEq(h.center, (Vec3{0, 1.5, 0})));
    EXPECT_TRUE(VecEq(h.normal, k.normal));
    EXPECT_TRUE(VecEq(h.point, k.point_b));
  }
  // Apart, not moving: null; touching: a hit at 0.
  EXPECT_FALSE(np::capsule_cast_aabb({{-0.5, 3, 0}, {0.5, 3, 0}, 1}, {0, 0, 0},
                                     box, &h));
  ASSERT_TRUE(np::capsule_cast_aabb({{-0.5, 2, 0}, {0.5, 2, 0}, 1}, {0, 0, 0},
                                    box, &h));
  EXPECT_TRUE(h.started_overlapping);
  // A ball target: contact_sphere_capsule turned around, the ball's point.
  const Sphere s{{0, 0, 0}, 1};
  ASSERT_TRUE(np::capsule_cast_sphere({{-1, 1.5, 0}, {1, 1.5, 0}, 1}, {0, 1, 0},
                                      s, &h));
  EXPECT_TRUE(h.started_overlapping);
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
  EXPECT_TRUE(VecEq(h.point, (Vec3{0, 1, 0})));
}

TEST(CapsuleCast, NoTunnellingThroughAThinTriangleOrPlaneAtAnySpeed) {
  const Triangle t{{-1, 0, -1}, {1, 0, -1}, {0, 0, 1}};
  const Plane p{{0, 1, 0}, 0};
  for (double speed : {0.01, 1.0, 100.0, 1e6, 1e15}) {
    for (const Capsule& c :
         {Capsule{{-0.25, 0.5, 0}, {0.25, 0.5, 0}, 0.1},
          Capsule{{-10, 0.5, 0}, {10, 0.5, 0}, 0.1},  // wider than the triangle
          Capsule{{0, 0.5, 0}, {0, 2, 0}, 0}}) {      // a segment
      ShapeCastHit h;
      const Vec3 t_down{0.001 * speed, -0.6 - speed, 0};
      EXPECT_TRUE(np::capsule_cast_triangle(c, t_down, t, &h)) << speed;
      EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0}))) << speed;
      EXPECT_TRUE(np::capsule_cast_plane(c, t_down, p, &h)) << speed;
    }
  }
}

// A thin capsule within a small angle of a thin triangle's edge, or of another
// capsule's segment, crossing it between the ends: only the edge feature
// touches (the end balls pass by on either side of the triangle's plane, the
// corners beside the capsule). Its segment runs from (-1, 1, -th) to (1, 1, th)
// and moves by (0, -2, 0) against the edge from (-1, 0, 0) to (1, 0, 0): the
// lines' common normal is y, and the first contact is at fraction (1 - r) / 2,
// at the edge's middle. Solved in double above kCastEdgeInDoubles and in
// double-double below (in double the normal there would be the rounding's: a
// cast through the edge at fraction 1, or none).
TEST(CapsuleCast, AThinCapsuleNearlyParallelToAnEdgeTouchesItWhereItCrossesIt) {
  const Triangle t{{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}};
  const Capsule target{{-1, 0, 0}, {1, 0, 0}, 0};
  for (double th : {1e-3, 1e-6, 1e-8, 0x1p-26, 1e-9, 1e-12, 1e-15, 1e-18}) {
    for (double r : {0.0, 1e-12, 1e-9}) {
      const Capsule c{{-1, 1, -th}, {1, 1, th}, r};
      const Vec3 T{0, -2, 0};
      for (int k = 0; k < 2; ++k) {
        ShapeCastHit h;
        const bool hit = k == 0 ? np::capsule_cast_triangle(c, T, t, &h)
                                : np::capsule_cast_capsule(c, T, target, &h);
        ASSERT_TRUE(hit) << th << " " << r << " " << k;
        EXPECT_NEAR(h.fraction, (1 - r) / 2, 1e-15)
            << th << " " << r << " " << k;
        // (Where th < r an end ball touches the edge's end at a fraction
        // later by th^2 / 4r, which rounds to the same: its contact, whose
        // normal leans by th / r, may stand.)
        const double tilt = th < r ? th / r : 0.0;
        EXPECT_NEAR(h.normal.x, 0.0, 1e-15) << th << " " << r << " " << k;
        EXPECT_NEAR(h.normal.y, 1.0, tilt * tilt + 1e-15) << th << " " << r;
        EXPECT_NEAR(h.normal.z, 0.0, tilt + 1e-15)
            << th << " " << r << " " << k;
        if (th > r) EXPECT_NEAR(h.point.x, 0.0, 1e-9) << th << " " << r << k;
        EXPECT_EQ(h.point.y, 0.0);
        EXPECT_EQ(h.point.z, 0.0);
      }
    }
  }
}

// ---- Seeded properties ------------------------------------------------------

// The cast against b: a hit touches at its fraction (the capsule moved there,
// its radius grown by 1e-9, overlaps), no earlier sampled fraction overlaps
// (radius shrunk by 1e-9), a miss overlaps nowhere along the path; the
// zero-length capsule is the sphere cast; distance = fraction |T|, center =
// midpoint + T fraction, the normal unit, the point on b.
template <class B>
void check_cast(const Capsule& c, Vec3 T, const B& b, int* hits) {
  ShapeCastHit h;
  const bool hit = cast(c, T, b, &h);
  const double tol = 1e-9;
  if (!hit) {
    for (int k = 0; k <= 64; ++k)
      ASSERT_FALSE(overlap(moved(c, T * (k / 64.0), c.radius - tol), b)) << k;
    return;
  }
  ++*hits;
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  EXPECT_GE(h.fraction, 0.0);
  EXPECT_LE(h.fraction, 1.0);
  EXPECT_NEAR(h.distance, h.fraction * np::length(T), 1e-15);
  EXPECT_LE(np::length(h.center - ((c.start + c.end) * 0.5 + T * h.fraction)),
            1e-15);
  EXPECT_TRUE(overlap(moved(c, T * h.fraction, c.radius + tol), b));
  EXPECT_EQ(h.started_overlapping, overlap(c, b));
  if (h.started_overlapping) return;
  EXPECT_LE(gap(h.point, b), tol);
  // Touching, not overlapping: a hair thinner, it is apart there.
  if (c.radius > tol)
    EXPECT_FALSE(overlap(moved(c, T * h.fraction, c.radius - tol), b))
        << "overlapping at the fraction " << h.fraction;
  EXPECT_NEAR(np::distance_point_segment(
                  h.point, {c.start + T * h.fraction, c.end + T * h.fraction}),
              c.radius, tol);
  for (int k = 0; k < 32; ++k) {
    const double f = h.fraction * (k / 32.0) - tol;
    if (f < 0.0) continue;
    EXPECT_FALSE(overlap(moved(c, T * f, c.radius - tol), b))
        << "fraction " << h.fraction << ", overlapping at " << f;
  }
}

TEST(CapsuleCast, SeededPropertiesForEveryShape) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits[6] = {};
  for (int i = 0; i < 1500; ++i) {
    const Capsule c{random_vec(rng, 1), random_vec(rng, 1), 0.5 * u(rng)};
    const Vec3 T = random_vec(rng, 4);
    const Vec3 at = random_vec(rng, 1) + T * 0.5;  // targets near the path
    check_cast(c, T, Sphere{at, u(rng)}, &hits[0]);
    check_cast(c, T, Capsule{at, at + random_vec(rng, 1), 0.5 * u(rng)},
               &hits[1]);
    check_cast(c, T, AABB{at, at + Vec3{u(rng), u(rng), u(rng)}}, &hits[2]);
    OBB box{at, {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, box.axis);
    check_cast(c, T, box, &hits[3]);
    check_cast(c, T,
               Triangle{at + random_vec(rng, 1.5), at + random_vec(rng, 1.5),
                        at + random_vec(rng, 1.5)},
               &hits[4]);
    const Vec3 n = random_vec(rng, 2);
    check_cast(c, T, Plane{n, -np::dot(n, at)}, &hits[5]);
    if (HasFailure()) return;
  }
  for (int k = 0; k < 6; ++k) EXPECT_GT(hits[k], 200) << k;
}

// Seeded crossings of a thin capsule (radius 0.1 to 0.5 times angle x length)
// nearly parallel to a triangle's edge or a capsule's segment (2^-24 to 2^-17
// rad, the double-double band): the capsule, tilted out of the triangle's
// plane about the edge's perpendicular, moves across the edge, so its first
// contact is the edge feature's; check_cast holds it to the overlap test.
TEST(CapsuleCast, SeededCrossingsNearlyParallelToAnEdge) {
  std::mt19937_64 rng(47);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits[2] = {};
  for (int i = 0; i < 400; ++i) {
    const Vec3 d = np::unit_or(random_vec(rng, 1), Vec3{1, 0, 0});
    const Vec3 w = np::unit_or(np::cross(d, random_vec(rng, 1)), Vec3{0, 1, 0});
    const Vec3 n = np::cross(d, w);
    const double th = std::ldexp(1.0, -17 - static_cast<int>(8 * u(rng)));
    const Vec3 e0 = random_vec(rng, 1), e1 = e0 + d * 2.0;
    const Vec3 mid = e0 + d * (1.0 + 0.4 * (u(rng) - 0.5));
    const Vec3 a = (d * std::cos(th) + n * std::sin(th)) * (1.0 + u(rng));
    const double r = th * (0.1 + 0.4 * u(rng));
    const Vec3 c0 = mid - w * (0.5 + u(rng));
    const Capsule c{c0 - a, c0 + a, r};
    const Vec3 T = w * (2.0 + u(rng)) + d * (0.2 * (u(rng) - 0.5));
    check_cast(c, T, Triangle{e0, e1, e0 + d + w * 1.5}, &hits[0]);
    check_cast(c, T, Capsule{e0, e1, 0.0}, &hits[1]);
    if (HasFailure()) return;
  }
  EXPECT_GT(hits[0], 300);
  EXPECT_GT(hits[1], 300);
}

TEST(CapsuleCast, AZeroLengthCapsuleIsTheSphereCastAndAnIdentityOBBTheAABB) {
  std::mt19937_64 rng(32);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 1500; ++i) {
    const Vec3 p = random_vec(rng, 1), T = random_vec(rng, 4);
    const double r = 0.5 * u(rng);
    const Capsule ball{p, p, r};
    const Vec3 at = random_vec(rng, 1) + T * 0.5;
    const auto agree = [&](const auto& b) {
      ShapeCastHit h1, h2;
      const bool x = cast(ball, T, b, &h1);
      ASSERT_EQ(x, sphere_cast(p, p + T, r, b, &h2));
      if (!x) return;
      ++hits;
      // The same hit, but for its distance: fraction * |T| (p + T rounds).
      EXPECT_EQ(h1.distance, np::length(T * h1.fraction));
      h1.distance = h2.distance;
      EXPECT_TRUE(same(h1, h2));
    };
    agree(Sphere{at, u(rng)});
    agree(Capsule{at, at + random_vec(rng, 1), 0.5 * u(rng)});
    agree(AABB{at, at + Vec3{u(rng), u(rng), u(rng)}});
    OBB box{at, {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, box.axis);
    agree(box);
    agree(Triangle{at + random_vec(rng, 1.5), at + random_vec(rng, 1.5),
                   at + random_vec(rng, 1.5)});
    const Vec3 n = random_vec(rng, 2);
    agree(Plane{n, -np::dot(n, at)});
    // An identity OBB and its AABB.
    const Capsule c{random_vec(rng, 1), random_vec(rng, 1), 0.5 * u(rng)};
    const OBB id = identity_obb(at, {u(rng), u(rng), u(rng)});
    ShapeCastHit h1, h2;
    const bool x = np::capsule_cast_obb(c, T, id, &h1);
    ASSERT_EQ(x, np::capsule_cast_aabb(
                     c, T, {id.center - id.half_size, id.center + id.half_size},
                     &h2));
    if (x) EXPECT_TRUE(same(h1, h2));
  }
  EXPECT_GT(hits, 1000);
}

TEST(CapsuleCast, ACapsuleWithinRoundingOfABoxEdgeMovingIntoItHitsAtOnce) {
  // The fuzzer's finding (valid np_capsuleCastOBB): the box is the flat
  // y = 1 face (half size 6e-154 on y beside center 1), the capsule's axis lies
  // 1e-308 below y = 0 with radius 1, so its common-normal distance to the
  // box's long edge, -1 - 1e-308, rounds to exactly -reach. It moves up into
  // the box: a contact at fraction 0, not a miss.
  const Capsule c{{0, 0, 4.1720134847010026e-309},
                  {-4, -2.2250738585072014e-308, 4.0729056712839695e-312},
                  1};
  const Vec3 T{1.4920194697348805e-154, 1, 1};
  const OBB box{{-2, 1, 6.2147608509582055e-317},
                {3.4732827106519577e-310, 5.9666780743897723e-154, 3.28125},
                {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  ShapeCastHit h;
  ASSERT_TRUE(np::capsule_cast_obb(c, T, box, &h));
  EXPECT_EQ(h.fraction, 0.0);
  EXPECT_FALSE(h.started_overlapping);
  EXPECT_EQ(h.normal.y, -1.0);
  EXPECT_NEAR(h.point.y, 1.0, 1e-15);
}

// The fuzzer's raw np_capsuleCastTriangle: a segment 8.3e-309 long (radius
// 0) at the origin moved by 6.7e-287 along the plane x = y of a triangle of
// that size, passing 2.5e-313 beside its corner a: every feature missed but
// one that rounds into touching at the end, and the cast reported fraction 1
// with the segment 5.5e-287 (80% of the triangle's size) from the triangle.
// Now the least fraction at which the exact swept test touches: at the
// reported fraction the moved segment touches to 1e-9 of the size, and it
// does so near the start.
TEST(CapsuleCastTriangle, RegressionFuzzSegmentGrazingInThePlaneBelowRounding) {
  const Capsule c{{0, 0, 0},
                  {1.9734560855977033e-312, 2.427640957405549e-319,
                   8.3440269694020052e-309},
                  0};
  const Vec3 T{-0x1.4848484848484p-951, -0x1.4848484848484p-951,
               0x0.0008484848484p-1022};
  const Triangle t{{0, 0, 1.0426638518491557e-309},
                   {0, 1.942745169951116e-318, -6.737232400689763e-287},
                   {-6.7372349943194047e-287, -6.7372349943194047e-287,
                    -6.7373151610538051e-287}};
  ShapeCastHit h;
  ASSERT_TRUE(np::capsule_cast_triangle(c, T, t, &h));
  EXPECT_FALSE(h.started_overlapping);
  EXPECT_LT(h.fraction, 1e-9);
  const Vec3 d = T * h.fraction;
  EXPECT_TRUE(np::overlap_capsule_triangle(
      Capsule{c.start + d, c.end + d, 1e-9 * 6.7e-287}, t));
}

TEST(CapsuleCast, ExtremeMagnitudesGiveNoNaN) {
  const double mags[] = {0x1p-1074, 1e-300, 1.0, 1e150, 1e300};
  for (double m : mags) {
    const Capsule c{{m, 3 * m, 0}, {-m, 3 * m, m}, m};
    const Vec3 T{0, -6 * m, 0};
    ShapeCastHit h;
    const auto check = [&](bool hit) {
      if (!hit) return;
      EXPECT_FALSE(std::isnan(h.fraction + h.distance)) << m;
      EXPECT_FALSE(std::isnan(h.normal.x + h.normal.y + h.normal.z)) << m;
      EXPECT_FALSE(std::isnan(h.point.x + h.point.y + h.point.z)) << m;
      EXPECT_FALSE(std::isnan(h.center.x + h.center.y + h.center.z)) << m;
    };
    check(np::capsule_cast_sphere(c, T, {{0, 0, 0}, m}, &h));
    check(np::capsule_cast_capsule(c, T, {{0, 0, -m}, {0, 0, m}, m}, &h));
    check(np::capsule_cast_aabb(c, T, {{-m, -m, -m}, {m, m, m}}, &h));
    check(np::capsule_cast_obb(
        c, T,
        {{0, 0, 0}, {m, m, m}, {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}},
        &h));
    check(np::capsule_cast_triangle(c, T, {{-m, 0, -m}, {m, 0, -m}, {0, 0, m}},
                                    &h));
    check(np::capsule_cast_plane(c, T, {{0, 1, 0}, 0}, &h));
  }
}

}  // namespace
