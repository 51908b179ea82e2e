// Tests of the box contacts (contact.h, contact_boxes.cpp): hand-computed exact
// contacts (a face overlap, a rotated box's edge on a face, a triangle over and
// through a box, a box across a plane) looped over axes, signs and scales;
// null exactly when the overlap test is false (touching, and one ulp apart),
// nothing written then; coincident boxes get a valid normal; an OBB with the
// identity rotation agrees exactly with the AABB, an AABB with an identity
// OBB with two AABBs, a degenerate triangle with its segment (the capsule of
// radius 0); and seeded properties over every pair: moving a by normal *
// depth leaves the shapes touching, a little more separates them, no sampled
// direction frees a with less, pointA lies on a and pointB on b.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/overlap.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::Capsule;
using np::ContactHit;
using np::OBB;
using np::Plane;
using np::Triangle;
using np::Vec3;
using np_test::identity_obb;
using np_test::kPermutations;
using np_test::kScales;
using np_test::map;
using np_test::map_box;
using np_test::map_dir;
using np_test::Near3;
using np_test::random_rotation;
using np_test::random_vec;
using np_test::same_hit;
using np_test::same_vec;
using np_test::signs;

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- One name per pair, for the seeded properties.

bool overlap(const AABB& a, const AABB& b) {
  return np::overlap_aabb_aabb(a, b);
}
bool overlap(const AABB& a, const OBB& b) { return np::overlap_aabb_obb(a, b); }
bool overlap(const AABB& a, const Triangle& b) {
  return np::overlap_aabb_triangle(a, b);
}
bool overlap(const AABB& a, const Plane& b) {
  return np::overlap_aabb_plane(a, b);
}
bool overlap(const OBB& a, const OBB& b) { return np::overlap_obb_obb(a, b); }
bool overlap(const OBB& a, const Triangle& b) {
  return np::overlap_obb_triangle(a, b);
}
bool overlap(const OBB& a, const Plane& b) {
  return np::overlap_obb_plane(a, b);
}
bool contact(const AABB& a, const AABB& b, ContactHit* h) {
  return np::contact_aabb_aabb(a, b, h);
}
bool contact(const AABB& a, const OBB& b, ContactHit* h) {
  return np::contact_aabb_obb(a, b, h);
}
bool contact(const AABB& a, const Triangle& b, ContactHit* h) {
  return np::contact_aabb_triangle(a, b, h);
}
bool contact(const AABB& a, const Plane& b, ContactHit* h) {
  return np::contact_aabb_plane(a, b, h);
}
bool contact(const OBB& a, const OBB& b, ContactHit* h) {
  return np::contact_obb_obb(a, b, h);
}
bool contact(const OBB& a, const Triangle& b, ContactHit* h) {
  return np::contact_obb_triangle(a, b, h);
}
bool contact(const OBB& a, const Plane& b, ContactHit* h) {
  return np::contact_obb_plane(a, b, h);
}

AABB moved(const AABB& a, Vec3 by) { return {a.min + by, a.max + by}; }
OBB moved(const OBB& a, Vec3 by) {
  return {a.center + by, a.half_size, {a.axis[0], a.axis[1], a.axis[2]}};
}

// The least translation along the unit u that frees a from b (bisection on
// the exact overlap test, to ~1e-12 of `reach`, an upper bound).
template <class A, class B>
double freed_along(const A& a, const B& b, Vec3 u, double reach) {
  double lo = 0.0, hi = reach;
  if (overlap(moved(a, u * hi), b)) return kInf;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (overlap(moved(a, u * mid), b) ? lo : hi) = mid;
  }
  return hi;
}

// For a box a against b: null exactly when the overlap test says no, nothing
// written then; a unit normal without -0, depth >= 0, pointA on a, pointB on
// b, pointB - pointA = normal * depth; moved by normal * (depth + 1e-6) they
// are apart, by normal * (depth - 1e-6) they still overlap; no sampled
// direction frees a with less than depth.
template <class A, class B>
void check_contact(const A& a, const B& b, std::mt19937_64& rng, int* hits) {
  ContactHit h{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
  const bool hit = contact(a, b, &h);
  ASSERT_EQ(hit, overlap(a, b));
  if (!hit) {
    EXPECT_EQ(h.depth, -1.0);  // nothing written
    return;
  }
  ++*hits;
  const double tol = 1e-9;
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  EXPECT_PRED_FORMAT1(np_test::HasNoNegativeZero, h.normal);
  EXPECT_GE(h.depth, 0.0);
  EXPECT_LE(np_test::gap(h.point_a, a), tol);
  EXPECT_LE(np_test::gap(h.point_b, b), tol);
  EXPECT_TRUE(Near3(h.point_b - h.point_a, h.normal * h.depth, tol));
  EXPECT_FALSE(overlap(moved(a, h.normal * (h.depth + 1e-6)), b))
      << "depth " << h.depth << " normal (" << h.normal.x << ", " << h.normal.y
      << ", " << h.normal.z << ")";
  if (h.depth > 1e-6)
    EXPECT_TRUE(overlap(moved(a, h.normal * (h.depth - 1e-6)), b))
        << "depth " << h.depth;
  for (int k = 0; k < 8; ++k) {
    const Vec3 u = np::unit_or(random_vec(rng, 1), {0, 1, 0});
    EXPECT_LE(h.depth, freed_along(a, b, u, 32.0) + 1e-9)
        << "direction (" << u.x << ", " << u.y << ", " << u.z << ")";
  }
}

// ---- AABB - AABB
// -------------------------------------------------------------

TEST(ContactAABBAABB, FaceOverlapTouchingAndOneUlpApartAtEveryScale) {
  for (double s : kScales) {
    for (const auto& perm : kPermutations) {
      for (Vec3 sg : signs()) {
        // a = [0, 2]^3, b = [1.5, 4] x [-1, 3] x [0.5, 3]: 0.5 deep along x,
        // out along -x; the faces overlap on [0, 2] x [0.5, 2].
        const AABB a = map_box({0, 0, 0}, {2, 2, 2}, perm, sg, s);
        const AABB b = map_box({1.5, -1, 0.5}, {4, 3, 3}, perm, sg, s);
        ContactHit h;
        ASSERT_TRUE(np::contact_aabb_aabb(a, b, &h)) << s;
        EXPECT_EQ(h.depth, 0.5 * s);
        EXPECT_TRUE(same_vec(h.normal, map_dir({-1, 0, 0}, perm, sg)));
        EXPECT_PRED_FORMAT1(np_test::HasNoNegativeZero, h.normal);
        EXPECT_TRUE(same_vec(h.point_b, map({1.5, 1, 1.25}, perm, sg, s)));
        EXPECT_TRUE(same_vec(h.point_a, map({2, 1, 1.25}, perm, sg, s)));
        // Touching the face x = 2, and one ulp apart.
        const AABB t = map_box({2, -1, 0.5}, {4, 3, 3}, perm, sg, s);
        ASSERT_TRUE(np::contact_aabb_aabb(a, t, &h));
        EXPECT_EQ(h.depth, 0.0);
        EXPECT_TRUE(same_vec(h.normal, map_dir({-1, 0, 0}, perm, sg)));
        const double x = 2 * s;
        Vec3 lo{std::nextafter(x, kInf), -s, 0.5 * s};
        ContactHit untouched{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
        EXPECT_FALSE(np::contact_aabb_aabb(
            a, map_box(lo, Vec3{4, 3, 3} * s, perm, sg), &untouched));
        EXPECT_EQ(untouched.depth, -1.0);  // nothing written
      }
    }
  }
}

TEST(ContactAABBAABB, CoincidentAndNestedBoxesLeaveTheShortWay) {
  ContactHit h;
  // The same box twice: every direction is 2 deep; -x (the first) wins.
  const AABB a{{-1, -1, -1}, {1, 1, 1}};
  ASSERT_TRUE(np::contact_aabb_aabb(a, a, &h));
  EXPECT_TRUE(same_vec(h.normal, {-1, 0, 0}));
  EXPECT_EQ(h.depth, 2.0);
  EXPECT_TRUE(same_vec(h.point_a, {1, 0, 0}));
  EXPECT_TRUE(same_vec(h.point_b, {-1, 0, 0}));
  // A small box inside a big one, nearest the big one's +z face: out through
  // it (0.75), not toward the big box's center.
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const AABB small = map_box({-0.5, 0, 0.5}, {0, 0.5, 3.25}, perm, sg);
      const AABB big = map_box({-4, -4, -4}, {4, 4, 4}, perm, sg);
      ASSERT_TRUE(np::contact_aabb_aabb(small, big, &h));
      EXPECT_EQ(h.depth, 4.0 - 0.5);
      EXPECT_TRUE(same_vec(h.normal, map_dir({0, 0, 1}, perm, sg)));
    }
  }
}

// ---- AABB - OBB
// --------------------------------------------------------------

TEST(ContactAABBOBB, IdentityRotationAgreesExactlyWithTheAABB) {
  std::mt19937_64 rng(41);
  std::uniform_int_distribution<int> q(-16, 16);
  const auto dyadic = [&] {
    return Vec3{q(rng) / 8.0, q(rng) / 8.0, q(rng) / 8.0};
  };
  int hits = 0;
  for (int i = 0; i < 4000; ++i) {
    const Vec3 lo = dyadic() - Vec3{1, 1, 1};
    const AABB a{lo, lo + Vec3{std::fabs(q(rng)) / 8.0, std::fabs(q(rng)) / 8.0,
                               std::fabs(q(rng)) / 8.0}};
    const OBB b = identity_obb(
        dyadic() * 0.5, {std::fabs(q(rng)) / 16.0, std::fabs(q(rng)) / 16.0,
                         std::fabs(q(rng)) / 16.0});
    const AABB bb{b.center - b.half_size, b.center + b.half_size};
    ContactHit h1, h2, h3;
    const bool x = np::contact_aabb_obb(a, b, &h1);
    ASSERT_EQ(x, np::contact_aabb_aabb(a, bb, &h2));
    // An identity a as an OBB: contact_obb_obb is contact_aabb_obb.
    const OBB ao =
        identity_obb(a.min * 0.5 + a.max * 0.5, a.max * 0.5 - a.min * 0.5);
    ASSERT_EQ(x, np::contact_obb_obb(ao, b, &h3));
    if (!x) continue;
    ++hits;
    EXPECT_TRUE(same_hit(h1, h2));
    EXPECT_TRUE(same_hit(h1, h3));
  }
  EXPECT_GT(hits, 400);
}

TEST(ContactAABBOBB, ARotatedBoxsEdgeOnAFaceLeavesAlongTheFaceNormal) {
  // b: the unit cube turned 45 degrees about z, its lowest edge (along z) at
  // y = 2.3 - sqrt 2, 0.1142... into a = [-1, 1]^3: a leaves along -y.
  const double c = std::sqrt(0.5);
  for (double side : {1.0, -1.0}) {
    const OBB b{
        {0, 2.3 * side, 0}, {1, 1, 1}, {{c, c, 0}, {-c, c, 0}, {0, 0, 1}}};
    const AABB a{{-1, -1, -1}, {1, 1, 1}};
    ContactHit h;
    ASSERT_TRUE(np::contact_aabb_obb(a, b, &h));
    const double bottom = 2.3 - 2 * c;  // the edge's height: 2.3 - sqrt 2
    EXPECT_NEAR(h.depth, 1 - bottom, 1e-15);
    EXPECT_TRUE(same_vec(h.normal, {0, -side, 0}));
    // The edge, clipped by a's face, is its middle.
    EXPECT_TRUE(Near3(h.point_b, {0, bottom * side, 0}, 1e-15));
    EXPECT_TRUE(Near3(h.point_a, {0, side, 0}, 1e-15));
    // The same pair as two OBBs, and reversed (normal negated).
    const OBB ao = identity_obb({0, 0, 0}, {1, 1, 1});
    ContactHit r;
    ASSERT_TRUE(np::contact_obb_obb(b, ao, &r));
    EXPECT_NEAR(r.depth, h.depth, 1e-15);
    EXPECT_TRUE(Near3(r.normal, np::negated(h.normal), 1e-15));
  }
}

TEST(ContactOBBOBB, CrossedEdgesLeaveAlongTheirCrossProduct) {
  // Two unit cubes each turned 45 degrees, one about z, one about x, their
  // edges crossing: a along y above b. The shortest way out is along y (the
  // edges' cross product), the overlap of the two edges' heights.
  const double c = std::sqrt(0.5);
  const OBB b{{0, 0, 0}, {1, 1, 1}, {{c, c, 0}, {-c, c, 0}, {0, 0, 1}}};
  const OBB a{{0, 2.75, 0}, {1, 1, 1}, {{1, 0, 0}, {0, c, c}, {0, -c, c}}};
  ContactHit h;
  ASSERT_TRUE(np::contact_obb_obb(a, b, &h));
  // a's lowest edge (along x) at 2.75 - sqrt 2, b's highest (along z) at sqrt
  // 2: depth 2 sqrt 2 - 2.75.
  EXPECT_NEAR(h.depth, 4 * c - 2.75, 1e-15);
  EXPECT_TRUE(Near3(h.normal, {0, 1, 0}, 1e-15));
  EXPECT_TRUE(Near3(h.point_b, {0, 2 * c, 0}, 1e-15));
  EXPECT_TRUE(Near3(h.point_a, {0, 2.75 - 2 * c, 0}, 1e-15));
}

TEST(ContactOBBOBB, CoincidentRotatedBoxesGetAValidNormal) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 200; ++i) {
    OBB a{random_vec(rng, 4), {0.5, 1, 2}, {}};
    random_rotation(rng, a.axis);
    ContactHit h;
    ASSERT_TRUE(np::contact_obb_obb(a, a, &h));
    EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
    EXPECT_NEAR(h.depth, 1.0, 1e-12);  // out across the thinnest axis
    EXPECT_PRED_FORMAT1(np_test::HasNoNegativeZero, h.normal);
  }
}

// ---- Box - triangle
// ------------------------------------------------------------

TEST(ContactAABBTriangle, OverThroughInThePlaneAndTouchingOnEveryAxis) {
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const Vec3 y = map_dir({0, 1, 0}, perm, sg) + Vec3{0, 0, 0};
      for (double height : {0.5, -0.5}) {
        // A large triangle in y = height; (b - a) x (c - a) along -y (mapped).
        const Triangle t{map({-4, height, -4}, perm, sg),
                         map({4, height, -4}, perm, sg),
                         map({0, height, 4}, perm, sg)};
        ContactHit h;
        ASSERT_TRUE(np::contact_aabb_triangle(box, t, &h));
        // The center is on the side away from the triangle: out that way, 0.5.
        const double out = height > 0 ? -1.0 : 1.0;
        EXPECT_EQ(h.depth, 0.5);
        EXPECT_TRUE(same_vec(h.normal, y * out + Vec3{0, 0, 0}));
        EXPECT_TRUE(same_vec(h.point_b, map({0, height, 0}, perm, sg)));
        EXPECT_TRUE(same_vec(h.point_a, map({0, -out, 0}, perm, sg)));
      }
      // The center in the triangle's plane: +unit((b - a) x (c - a)), 1 deep;
      // the other winding, the other way.
      const Triangle t{map({-4, 0, -4}, perm, sg), map({4, 0, -4}, perm, sg),
                       map({0, 0, 4}, perm, sg)};
      ContactHit h;
      ASSERT_TRUE(np::contact_aabb_triangle(box, t, &h));
      EXPECT_EQ(h.depth, 1.0);
      const Vec3 face = np::unit_or(np::cross(t.b - t.a, t.c - t.a), {});
      EXPECT_TRUE(same_vec(h.normal, face + Vec3{0, 0, 0}));
      ASSERT_TRUE(np::contact_aabb_triangle(box, {t.a, t.c, t.b}, &h));
      EXPECT_TRUE(same_vec(h.normal, np::negated(face) + Vec3{0, 0, 0}));
      // Touching the face y = 1, and one ulp above it.
      const Triangle top{map({-4, 1, -4}, perm, sg), map({4, 1, -4}, perm, sg),
                         map({0, 1, 4}, perm, sg)};
      ASSERT_TRUE(np::contact_aabb_triangle(box, top, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(same_vec(h.normal, np::negated(y) + Vec3{0, 0, 0}));
      const double up = std::nextafter(1.0, 2.0);
      ContactHit untouched{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
      EXPECT_FALSE(np::contact_aabb_triangle(
          box,
          {map({-4, up, -4}, perm, sg), map({4, up, -4}, perm, sg),
           map({0, up, 4}, perm, sg)},
          &untouched));
      EXPECT_EQ(untouched.depth, -1.0);
    }
  }
}

TEST(ContactAABBTriangle, ATiltedFaceCuttingACornerLeavesAlongItsNormal) {
  // The plane x + y + z = 2.5 cuts the corner (1, 1, 1) of [-1, 1]^3 by
  // 0.5 / sqrt 3; the center is on its negative side: out along -(1, 1, 1) /
  // sqrt 3, the corner touching the triangle at its centroid (5/6, 5/6, 5/6).
  // No box axis comes near (the least is 5).
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const Triangle t{map({10.5, -4, -4}, perm, sg),
                       map({-4, 10.5, -4}, perm, sg),
                       map({-4, -4, 10.5}, perm, sg)};
      ContactHit h;
      ASSERT_TRUE(np::contact_aabb_triangle(box, t, &h));
      const double third = 1 / std::sqrt(3.0);
      EXPECT_NEAR(h.depth, 0.5 * third, 1e-15);
      EXPECT_TRUE(
          Near3(h.normal, map_dir({-third, -third, -third}, perm, sg), 1e-15));
      EXPECT_TRUE(Near3(h.point_a, map({1, 1, 1}, perm, sg), 4e-15));
      EXPECT_TRUE(
          Near3(h.point_b, map({5 / 6.0, 5 / 6.0, 5 / 6.0}, perm, sg), 4e-15));
    }
  }
}

TEST(ContactAABBTriangle, ACornerPokingThroughLeavesByTheShortestAxis) {
  // A triangle in x = 0.25 whose corner (0.25, 0.75, 0) pokes 0.25 into the
  // box [-1, 1]^3 from above: the box leaves down by 0.25 (across the face
  // x = 0.25 it would take 1.25), and the corner is where they touch.
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  const Triangle t{{0.25, 0.75, 0}, {0.25, 5, -3}, {0.25, 5, 3}};
  ContactHit h;
  ASSERT_TRUE(np::contact_aabb_triangle(box, t, &h));
  EXPECT_EQ(h.depth, 0.25);
  EXPECT_TRUE(same_vec(h.normal, {0, -1, 0}));
  EXPECT_TRUE(same_vec(h.point_b, {0.25, 0.75, 0}));  // the corner
  EXPECT_TRUE(same_vec(h.point_a, {0.25, 1, 0}));
}

TEST(ContactAABBTriangle, DegenerateTrianglesAreTheirSegment) {
  // A degenerate triangle is its segment: the capsule of radius 0 against the
  // box, reversed (same depth, the opposite normal).
  std::mt19937_64 rng(43);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 3000; ++i) {
    const Vec3 lo = random_vec(rng, 1);
    const AABB box{lo, lo + Vec3{u(rng), u(rng), u(rng)} * 1.5};
    const Vec3 p = random_vec(rng, 1.5), q = random_vec(rng, 1.5);
    for (const Triangle& t : {Triangle{p, q, q}, Triangle{p, p, q}}) {
      ContactHit h1, h2;
      const bool x = np::contact_aabb_triangle(box, t, &h1);
      ASSERT_EQ(x, np::contact_capsule_aabb({p, q, 0.0}, box, &h2));
      if (!x) continue;
      ++hits;
      EXPECT_NEAR(h1.depth, h2.depth, 1e-12);
    }
  }
  EXPECT_GT(hits, 300);
}

TEST(ContactOBBTriangle, IdentityRotationAgreesExactlyWithTheAABB) {
  std::mt19937_64 rng(44);
  std::uniform_int_distribution<int> q(-16, 16);
  const auto dyadic = [&] {
    return Vec3{q(rng) / 8.0, q(rng) / 8.0, q(rng) / 8.0};
  };
  int hits = 0;
  for (int i = 0; i < 4000; ++i) {
    const OBB b = identity_obb(
        dyadic(), {std::fabs(q(rng)) / 16.0, std::fabs(q(rng)) / 16.0,
                   std::fabs(q(rng)) / 16.0});
    const AABB bb{b.center - b.half_size, b.center + b.half_size};
    const Triangle t{dyadic(), dyadic(), dyadic()};
    const Vec3 n = dyadic();
    const Plane pl{n, q(rng) / 8.0};
    ContactHit h1, h2;
    const bool x = np::contact_obb_triangle(b, t, &h1);
    ASSERT_EQ(x, np::contact_aabb_triangle(bb, t, &h2));
    if (x) {
      ++hits;
      EXPECT_TRUE(same_hit(h1, h2));
    }
    if (n.x == 0 && n.y == 0 && n.z == 0) continue;  // not a plane
    const bool y = np::contact_obb_plane(b, pl, &h1);
    ASSERT_EQ(y, np::contact_aabb_plane(bb, pl, &h2));
    if (y) EXPECT_TRUE(same_hit(h1, h2));
  }
  EXPECT_GT(hits, 500);
}

// ---- Box - plane
// ---------------------------------------------------------------

TEST(ContactAABBPlane, EitherSideCenteredAndTouchingForAnyNormalLength) {
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      for (double len : {1.0, 2.0, 0.125}) {
        const Vec3 y = map_dir({0, 1, 0}, perm, sg) + Vec3{0, 0, 0};
        const Vec3 n = y * len;
        ContactHit h;
        // The plane y = 0.5 above the center: out downward, 0.5 deep; the
        // deepest face's center and its projection.
        ASSERT_TRUE(np::contact_aabb_plane(box, {n, -0.5 * len}, &h));
        EXPECT_EQ(h.depth, 0.5);
        EXPECT_TRUE(same_vec(h.normal, np::negated(y) + Vec3{0, 0, 0}));
        EXPECT_TRUE(same_vec(h.point_a, y));
        EXPECT_TRUE(same_vec(h.point_b, y * 0.5));
        // y = -0.25: out upward, 0.75.
        ASSERT_TRUE(np::contact_aabb_plane(box, {n, 0.25 * len}, &h));
        EXPECT_EQ(h.depth, 0.75);
        EXPECT_TRUE(same_vec(h.normal, y));
        EXPECT_TRUE(same_vec(h.point_a, np::negated(y) + Vec3{0, 0, 0}));
        // Centered: the plane's own normal, 1 deep.
        ASSERT_TRUE(np::contact_aabb_plane(box, {n, 0.0}, &h));
        EXPECT_EQ(h.depth, 1.0);
        EXPECT_TRUE(same_vec(h.normal, y));
        // Touching the face y = 1, and one ulp beyond it.
        ASSERT_TRUE(np::contact_aabb_plane(box, {n, -len}, &h));
        EXPECT_EQ(h.depth, 0.0);
        EXPECT_TRUE(same_vec(h.normal, np::negated(y) + Vec3{0, 0, 0}));
        ContactHit untouched{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
        EXPECT_FALSE(np::contact_aabb_plane(
            box, {n, -std::nextafter(1.0, 2.0) * len}, &untouched));
        EXPECT_EQ(untouched.depth, -1.0);
      }
    }
  }
}

TEST(ContactAABBPlane, ATiltedPlaneMeetsTheDeepestCorner) {
  // 3x + 4y = 5 against [-1, 1]^3: the corner edge (1, 1, z) is 0.4 beyond it;
  // the center is behind, so out along -(0.6, 0.8, 0), from that edge's middle.
  ContactHit h;
  ASSERT_TRUE(
      np::contact_aabb_plane({{-1, -1, -1}, {1, 1, 1}}, {{3, 4, 0}, -5}, &h));
  EXPECT_NEAR(h.depth, 0.4, 1e-15);
  EXPECT_TRUE(Near3(h.normal, {-0.6, -0.8, 0}, 1e-15));
  EXPECT_TRUE(same_vec(h.point_a, {1, 1, 0}));
  EXPECT_TRUE(Near3(h.point_b, {0.76, 0.68, 0}, 1e-15));
}

TEST(ContactOBBPlane, ARotatedBoxLeavesByItsDeepestCorner) {
  // The unit cube turned 45 degrees about z, centered at y = 1, against y = 0:
  // its lowest edge at 1 - sqrt 2; out along +y by sqrt 2 - 1.
  const double c = std::sqrt(0.5);
  const OBB b{{0, 1, 0}, {1, 1, 1}, {{c, c, 0}, {-c, c, 0}, {0, 0, 1}}};
  ContactHit h;
  ASSERT_TRUE(np::contact_obb_plane(b, {{0, 2, 0}, 0}, &h));
  EXPECT_NEAR(h.depth, 2 * c - 1, 1e-15);
  EXPECT_TRUE(same_vec(h.normal, {0, 1, 0}));
  EXPECT_TRUE(Near3(h.point_a, {0, 1 - 2 * c, 0}, 1e-15));
  EXPECT_TRUE(Near3(h.point_b, {0, 0, 0}, 1e-15));
}

// ---- Every pair: seeded properties
// ----------------------------------------------

TEST(ContactBox, SeededPropertiesForEveryPair) {
  std::mt19937_64 rng(45);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits[7] = {};
  for (int i = 0; i < 400; ++i) {
    const Vec3 ca = random_vec(rng, 1), ea = Vec3{u(rng), u(rng), u(rng)};
    const AABB a{ca - ea, ca + ea};
    OBB oa{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, oa.axis);
    const Vec3 cb = random_vec(rng, 1), eb = Vec3{u(rng), u(rng), u(rng)};
    const AABB b{cb - eb, cb + eb};
    OBB ob{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, ob.axis);
    const Triangle t{random_vec(rng, 1.5), random_vec(rng, 1.5),
                     random_vec(rng, 1.5)};
    const Vec3 n = random_vec(rng, 2);
    const Plane pl{n, -np::dot(n, random_vec(rng, 1))};
    check_contact(a, b, rng, &hits[0]);
    check_contact(a, ob, rng, &hits[1]);
    check_contact(a, t, rng, &hits[2]);
    check_contact(a, pl, rng, &hits[3]);
    check_contact(oa, ob, rng, &hits[4]);
    check_contact(oa, t, rng, &hits[5]);
    check_contact(oa, pl, rng, &hits[6]);
    if (HasFailure()) return;
  }
  for (int k = 0; k < 7; ++k) EXPECT_GT(hits[k], 100) << k;
}

TEST(ContactBox, TwoOBBsGiveTheSameDepthEitherWayRound) {
  std::mt19937_64 rng(46);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 3000; ++i) {
    OBB a{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    OBB b{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, a.axis);
    random_rotation(rng, b.axis);
    ContactHit h1, h2;
    const bool x = np::contact_obb_obb(a, b, &h1);
    ASSERT_EQ(x, np::contact_obb_obb(b, a, &h2));
    if (!x) continue;
    ++hits;
    EXPECT_NEAR(h1.depth, h2.depth, 1e-12);
  }
  EXPECT_GT(hits, 500);
}

TEST(ContactBox, ExtremeMagnitudesGiveNoNaN) {
  const double mags[] = {0x1p-1074, 1e-300, 1e-150, 1.0, 1e150, 1e300, 1.7e308};
  for (double m : mags) {
    ContactHit h;
    const auto check = [&](bool hit) {
      ASSERT_TRUE(hit) << m;
      EXPECT_FALSE(std::isnan(h.depth)) << m;
      EXPECT_GE(h.depth, 0.0) << m;
      EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15) << m;
      EXPECT_FALSE(std::isnan(h.point_a.x + h.point_a.y + h.point_a.z)) << m;
      EXPECT_FALSE(std::isnan(h.point_b.x + h.point_b.y + h.point_b.z)) << m;
    };
    const AABB a{{-m, -m, -m}, {m * 0.5, m, m}};
    const OBB ob{
        {0, 0, 0}, {m, m * 0.5, m}, {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}};
    const Triangle t{{-m, 0, 0}, {m, 0, 0}, {0, m, m}};
    const Plane pl{{1, 2, 2}, m * 0.25};
    check(np::contact_aabb_aabb(a, {{0, 0, 0}, {m, m, m}}, &h));
    check(np::contact_aabb_obb(a, ob, &h));
    check(np::contact_aabb_triangle(a, t, &h));
    check(np::contact_aabb_plane(a, pl, &h));
    check(np::contact_obb_obb(ob, ob, &h));
    check(np::contact_obb_triangle(ob, t, &h));
    check(np::contact_obb_plane(ob, pl, &h));
  }
}

}  // namespace
