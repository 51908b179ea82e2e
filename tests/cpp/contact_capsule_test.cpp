// Tests of the capsule contacts (contact.h, contact.cpp): hand-computed exact
// contacts (parallel and crossing axes, faces, edges, a capsule deep inside a
// box or piercing a triangle, lying in a plane) looped over axes, signs and
// scales; null exactly when the overlap test is false (touching, and one ulp
// short); a zero-length capsule agrees with the sphere's contact, an identity
// OBB with the AABB, a degenerate triangle with its segment; and seeded
// properties: moving a by normal * depth leaves the shapes touching, a little
// more separates them, no sampled direction frees the capsule with less, and a
// shallow contact's depth is the radius less the distance of the segment, and
// pointB lies on b.
#include <gtest/gtest.h>

#include <array>
#include <cfloat>
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
using np::Sphere;
using np::Triangle;
using np::Vec3;
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
bool same(const ContactHit& a, const ContactHit& b) {
  return a.depth == b.depth && same(a.normal, b.normal) &&
         same(a.point_a, b.point_a) && same(a.point_b, b.point_b);
}
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

Capsule moved(const Capsule& c, Vec3 by) {
  return {c.start + by, c.end + by, c.radius};
}

// ---- One name per pair, for the seeded properties.

bool overlap(const Capsule& a, const Capsule& b) {
  return np::overlap_capsule_capsule(a, b);
}
bool overlap(const Capsule& a, const AABB& b) {
  return np::overlap_capsule_aabb(a, b);
}
bool overlap(const Capsule& a, const OBB& b) {
  return np::overlap_capsule_obb(a, b);
}
bool overlap(const Capsule& a, const Triangle& b) {
  return np::overlap_capsule_triangle(a, b);
}
bool overlap(const Capsule& a, const Plane& b) {
  return np::overlap_capsule_plane(a, b);
}
bool contact(const Capsule& a, const Capsule& b, ContactHit* h) {
  return np::contact_capsule_capsule(a, b, h);
}
bool contact(const Capsule& a, const AABB& b, ContactHit* h) {
  return np::contact_capsule_aabb(a, b, h);
}
bool contact(const Capsule& a, const OBB& b, ContactHit* h) {
  return np::contact_capsule_obb(a, b, h);
}
bool contact(const Capsule& a, const Triangle& b, ContactHit* h) {
  return np::contact_capsule_triangle(a, b, h);
}
bool contact(const Capsule& a, const Plane& b, ContactHit* h) {
  return np::contact_capsule_plane(a, b, h);
}
bool contact(const Sphere& a, const Capsule& b, ContactHit* h) {
  return np::contact_sphere_capsule(a, b, h);
}
bool contact(const Sphere& a, const AABB& b, ContactHit* h) {
  return np::contact_sphere_aabb(a, b, h);
}
bool contact(const Sphere& a, const OBB& b, ContactHit* h) {
  return np::contact_sphere_obb(a, b, h);
}
bool contact(const Sphere& a, const Triangle& b, ContactHit* h) {
  return np::contact_sphere_triangle(a, b, h);
}
bool contact(const Sphere& a, const Plane& b, ContactHit* h) {
  return np::contact_sphere_plane(a, b, h);
}

// The least translation along the unit u that frees a from b (bisection on
// the exact overlap test, to ~1e-12 of `reach`, an upper bound).
template <class B>
double freed_along(const Capsule& a, const B& b, Vec3 u, double reach) {
  double lo = 0.0, hi = reach;
  if (overlap(moved(a, u * hi), b)) return kInf;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (overlap(moved(a, u * mid), b) ? lo : hi) = mid;
  }
  return hi;
}

// The distance between a's segment and b: the least radius at which they
// overlap (bisection on the exact overlap test).
template <class B>
double segment_gap(const Capsule& a, const B& b, double reach) {
  double lo = 0.0, hi = reach;
  if (overlap(Capsule{a.start, a.end, 0.0}, b)) return 0.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (overlap(Capsule{a.start, a.end, mid}, b) ? hi : lo) = mid;
  }
  return hi;
}

// The contact's own invariants: a unit normal without -0, depth >= 0, pointA on
// the capsule's surface (radius from its segment) and pointB - pointA = normal
// * depth (within tol).
void expect_well_formed(const Capsule& a, const ContactHit& h, double tol) {
  EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15);
  EXPECT_PRED_FORMAT1(np_test::HasNoNegativeZero, h.normal);
  EXPECT_GE(h.depth, 0.0);
  EXPECT_NEAR(np::distance_point_segment(h.point_a, {a.start, a.end}), a.radius,
              tol);
  EXPECT_TRUE(VecNear(h.point_b - h.point_a, h.normal * h.depth, tol));
}

// For a capsule a against b: null exactly when the overlap test says no;
// moved by normal * (depth + 1e-6) they are apart, by normal * (depth - 1e-6)
// they still overlap; no sampled direction frees a with less than depth; a
// shallow contact's depth is radius - the segment's distance to b.
template <class B>
void check_contact(const Capsule& a, const B& b, std::mt19937_64& rng,
                   int* hits) {
  ContactHit h;
  const bool hit = contact(a, b, &h);
  ASSERT_EQ(hit, overlap(a, b));
  if (!hit) return;
  ++*hits;
  const double tol = 1e-9;
  expect_well_formed(a, h, tol);
  EXPECT_LE(np_test::gap(h.point_b, b), tol);  // pointB lies on b
  EXPECT_FALSE(overlap(moved(a, h.normal * (h.depth + 1e-6)), b))
      << "depth " << h.depth << " normal (" << h.normal.x << ", " << h.normal.y
      << ", " << h.normal.z << ")";
  if (h.depth > 1e-6)
    EXPECT_TRUE(overlap(moved(a, h.normal * (h.depth - 1e-6)), b))
        << "depth " << h.depth;
  const double g = segment_gap(a, b, 16.0);
  if (g > 1e-6) EXPECT_NEAR(h.depth, a.radius - g, tol);
  // The minimum translation: no sampled direction does better.
  for (int k = 0; k < 8; ++k) {
    const Vec3 u = np::unit_or(random_vec(rng, 1), {0, 1, 0});
    EXPECT_LE(h.depth, freed_along(a, b, u, 32.0) + 1e-9)
        << "direction (" << u.x << ", " << u.y << ", " << u.z << ")";
  }
}

// ---- Capsule - capsule ---------------------------------------------------

TEST(ContactCapsuleCapsule, ParallelAxesTouchingAndOneUlpShortAtEveryScale) {
  for (double s : kScales) {
    for (const auto& perm : kPermutations) {
      for (Vec3 sg : signs()) {
        // Parallel axes along z, 5 apart (3-4-5), radii 2 + 3.
        const Capsule a{map({3, 4, -1}, perm, sg, s),
                        map({3, 4, 1}, perm, sg, s), 2 * s};
        const Capsule b{map({0, 0, -4}, perm, sg, s),
                        map({0, 0, 4}, perm, sg, s), 3 * s};
        ContactHit h;
        ASSERT_TRUE(np::contact_capsule_capsule(a, b, &h)) << s;
        EXPECT_EQ(h.depth, 0.0);
        EXPECT_TRUE(VecEq(h.normal, map_dir({0.6, 0.8, 0}, perm, sg)));
        ContactHit untouched{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
        EXPECT_FALSE(np::contact_capsule_capsule(
            a, {b.start, b.end, down(b.radius)}, &untouched));
        EXPECT_EQ(untouched.depth, -1.0);  // nothing written
        // 1 s deeper: radius 3 + 1.
        ASSERT_TRUE(
            np::contact_capsule_capsule(a, {b.start, b.end, 4 * s}, &h));
        EXPECT_EQ(h.depth, s);
      }
    }
  }
}

TEST(ContactCapsuleCapsule, CrossingAxesLeaveAlongTheCommonNormal) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      const Capsule b{map({0, -2, 0}, perm, sg), map({0, 2, 0}, perm, sg), 0.5};
      const Vec3 z = map_dir({0, 0, 1}, perm, sg);
      for (double side : {1.0, -1.0}) {
        // a along x, 0.25 above (or below) b: shallow, along +-z.
        const Capsule a{map({-2, 1, 0.25 * side}, perm, sg),
                        map({2, 1, 0.25 * side}, perm, sg), 1};
        ContactHit h;
        ASSERT_TRUE(np::contact_capsule_capsule(a, b, &h));
        EXPECT_EQ(h.depth, 1.25);
        EXPECT_TRUE(VecEq(h.normal, z * side + Vec3{0, 0, 0}));
        EXPECT_TRUE(VecEq(h.point_b, map({0, 1, 0.5 * side}, perm, sg)));
        EXPECT_TRUE(VecEq(h.point_a, map({0, 1, -0.75 * side}, perm, sg)));
      }
      // Axes crossing exactly at (0, 1, 0): radius sum deep, along the common
      // normal (+-z; the midpoints' offset is perpendicular to it).
      const Capsule a{map({-2, 1, 0}, perm, sg), map({2, 1, 0}, perm, sg), 1};
      ContactHit h;
      ASSERT_TRUE(np::contact_capsule_capsule(a, b, &h));
      EXPECT_EQ(h.depth, 1.5);
      EXPECT_EQ(std::fabs(np::dot(h.normal, z)), 1.0);
      EXPECT_FALSE(
          np::overlap_capsule_capsule(moved(a, h.normal * (1.5 + 1e-12)), b));
      EXPECT_TRUE(np::overlap_capsule_capsule(moved(a, h.normal * 1.5), b));
    }
  }
}

TEST(ContactCapsuleCapsule,
     NearlyParallelCrossingAxesLeaveAlongTheCommonNormal) {
  // Axes crossing at the origin at 1e-9 .. 2^-50 rad in the z = 0 plane: the
  // way out is across that plane (+-z), the radius sum deep. In doubles the
  // cross product of directions under 2^-26 rad apart was skipped as rounding,
  // and the contact left along +y by the radius sum, which leaves the
  // capsules overlapping by the angle times their length (1e-9 at 1e-9 rad):
  // the edge axes are now double-double (kContactParallelAxis = 2^-52).
  for (double th : {1e-8, 1e-9, 1e-12, 0x1p-40, 0x1p-50}) {
    const Capsule a{{-1, 0, 0}, {1, 0, 0}, 0.5};
    const Capsule b{{-1, -th, 0}, {1, th, 0}, 0.5};
    ContactHit h;
    ASSERT_TRUE(np::contact_capsule_capsule(a, b, &h));
    EXPECT_EQ(h.depth, 1.0) << th;
    EXPECT_EQ(std::fabs(h.normal.z), 1.0) << th;
    // Moved by normal * depth they touch: their axes 1 apart, everywhere.
    const Capsule m = moved(a, h.normal * h.depth);
    const np::SegmentClosestPoints cp = np::closest_points_segment_segment(
        np::Segment{m.start, m.end}, np::Segment{b.start, b.end});
    EXPECT_EQ(cp.distance, 1.0) << th;
  }
}

TEST(ContactCapsuleCapsule,
     AnEndTiedWithTheInteriorWithinRoundingLeavesPerpendicularToIt) {
  // The fuzzer's finding (raw np_contactCapsuleCapsule): coordinates at
  // 6e-154, a gap of 2.7e-167 (~200 ulps) between a's start and b's start,
  // whose foot on b lies 9e-169 inside b (not representable beside b's start:
  // the rounded pair is the two starts). unit(p - q) leaned 0.035 rad along
  // b, and moved by normal * depth the capsules still overlapped by 1.6e-160.
  // The normal is perpendicular to b there.
  const Capsule a{{6.0134700169990685e-154, 6.0134700169992897e-154,
                   6.0134700169992235e-154},
                  {6.0134700169990685e-154, 6.0134700169990685e-154,
                   6.0134700175200276e-154},
                  6.0134700169990685e-154};
  const Capsule b{{6.0134700169990685e-154, 6.0134700169990685e-154,
                   6.0134700169990685e-154},
                  {6.0135155390982579e-154, 6.0134700169990685e-154,
                   6.0134727954475053e-154},
                  6.0134813975238658e-154};
  ContactHit h;
  ASSERT_TRUE(np::contact_capsule_capsule(a, b, &h));
  EXPECT_LT(std::fabs(dot(h.normal, b.end - b.start)), 1e-170);
  const Capsule m = moved(a, h.normal * h.depth);
  const np::SegmentClosestPoints cp = np::closest_points_segment_segment(
      np::Segment{m.start, m.end}, np::Segment{b.start, b.end});
  EXPECT_NEAR(cp.distance, a.radius + b.radius, 1e-165);
}

TEST(ContactCapsuleCapsule, CollinearAndCoincidentAxesGetAValidNormal) {
  ContactHit h;
  // Collinear, overlapping by 1: the part of +y perpendicular to x, the radius
  // sum deep (sliding apart along the axis would take 2).
  ASSERT_TRUE(np::contact_capsule_capsule({{0, 0, 0}, {2, 0, 0}, 0.5},
                                          {{1, 0, 0}, {3, 0, 0}, 0.5}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{0, 1, 0})));
  EXPECT_EQ(h.depth, 1.0);
  // The same capsule twice, along y: +x.
  ASSERT_TRUE(np::contact_capsule_capsule({{0, -1, 0}, {0, 1, 0}, 1},
                                          {{0, -1, 0}, {0, 1, 0}, 1}, &h));
  EXPECT_TRUE(VecEq(h.normal, (Vec3{1, 0, 0})));
  EXPECT_EQ(h.depth, 2.0);
  // A zero-length b on a's axis: contact_sphere_capsule reversed.
  const Capsule a{{-1, 0, 0}, {1, 0, 0}, 1}, pt{{0.5, 0, 0}, {0.5, 0, 0}, 2};
  ContactHit s;
  ASSERT_TRUE(np::contact_capsule_capsule(a, pt, &h));
  ASSERT_TRUE(np::contact_sphere_capsule({pt.start, pt.radius}, a, &s));
  EXPECT_TRUE(VecEq(h.normal, np::negated(s.normal)));
  EXPECT_EQ(h.depth, s.depth);
  EXPECT_TRUE(VecEq(h.point_a, s.point_b));
  EXPECT_TRUE(VecEq(h.point_b, s.point_a));
  EXPECT_FALSE(std::isnan(h.normal.x + h.normal.y + h.normal.z));
}

// ---- Capsule - AABB --------------------------------------------------------

TEST(ContactCapsuleAABB, FacesEdgesAndDeepInsideOnEveryAxisAndSign) {
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      ContactHit h;
      const Vec3 x = map_dir({1, 0, 0}, perm, sg) + Vec3{0, 0, 0};
      // Lying over the +x face, 0.5 deep: its start is the first nearest.
      ASSERT_TRUE(np::contact_capsule_aabb({map({1.5, -0.5, 0.25}, perm, sg),
                                            map({1.5, 0.5, 0.25}, perm, sg), 1},
                                           box, &h));
      EXPECT_EQ(h.depth, 0.5);
      EXPECT_TRUE(VecEq(h.normal, x));
      EXPECT_TRUE(VecEq(h.point_b, map({1, -0.5, 0.25}, perm, sg)));
      EXPECT_TRUE(VecEq(h.point_a, map({0.5, -0.5, 0.25}, perm, sg)));
      // Touching the edge (1, 1, z) from (4, 5, z) (3-4-5), and one ulp short.
      const Capsule edge{map({4, 5, -3}, perm, sg), map({4, 5, 3}, perm, sg),
                         5};
      ASSERT_TRUE(np::contact_capsule_aabb(edge, box, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({0.6, 0.8, 0}, perm, sg) + Vec3{0, 0, 0}));
      ContactHit untouched{-1, {7, 7, 7}, {7, 7, 7}, {7, 7, 7}};
      EXPECT_FALSE(np::contact_capsule_aabb({edge.start, edge.end, down(5)},
                                            box, &untouched));
      EXPECT_EQ(untouched.depth, -1.0);
      // Deep inside, parallel to the +x face 0.5 away: out through it; the
      // points where its start, moved out, touches the face.
      ASSERT_TRUE(
          np::contact_capsule_aabb({map({0.5, -0.5, 0.125}, perm, sg),
                                    map({0.5, 0.25, 0.125}, perm, sg), 0.25},
                                   box, &h));
      EXPECT_EQ(h.depth, 0.75);
      EXPECT_TRUE(VecEq(h.normal, x));
      EXPECT_TRUE(VecEq(h.point_a, map({0.25, -0.5, 0.125}, perm, sg)));
      EXPECT_TRUE(VecEq(h.point_b, map({1, -0.5, 0.125}, perm, sg)));
      // Piercing the box along y at x = 0.25: out through +x (0.75), not
      // through the far y face.
      ASSERT_TRUE(np::contact_capsule_aabb(
          {map({0.25, -3, 0}, perm, sg), map({0.25, 0.5, 0}, perm, sg), 1}, box,
          &h));
      EXPECT_EQ(h.depth, 1.75);
      EXPECT_TRUE(VecEq(h.normal, x));
    }
  }
}

TEST(ContactCapsuleAABB, ASegmentAcrossAnEdgeLeavesAlongTheCrossProductAxis) {
  // The segment from (0, 1.5, 0) to (1.5, 0, 0) cuts the box's edge (1, 1, z):
  // out along (1, 1, 0) / sqrt 2 by 0.5 / sqrt 2, less than the faces' 1.
  const AABB box{{-1, -1, -1}, {1, 1, 1}};
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      ContactHit h;
      ASSERT_TRUE(np::contact_capsule_aabb(
          {map({0, 1.5, 0}, perm, sg), map({1.5, 0, 0}, perm, sg), 0.5}, box,
          &h));
      EXPECT_NEAR(h.depth, 0.5 + 0.5 / std::sqrt(2.0), 1e-15);
      EXPECT_TRUE(VecNear(
          h.normal, map_dir({std::sqrt(0.5), std::sqrt(0.5), 0}, perm, sg),
          1e-15));
    }
  }
}

TEST(ContactCapsuleAABB, AZeroLengthCapsuleIsExactlyTheSphere) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) {
    const Vec3 c = random_vec(rng, 2), lo = random_vec(rng, 1);
    const double r = u(rng);
    const Capsule cap{c, c, r};
    const Sphere s{c, r};
    const AABB box{lo, lo + Vec3{u(rng), u(rng), u(rng)}};
    OBB obb{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, obb.axis);
    const Triangle t{random_vec(rng, 1.5), random_vec(rng, 1.5),
                     random_vec(rng, 1.5)};
    const Plane pl{random_vec(rng, 2), u(rng) - 0.5};
    const Capsule other{random_vec(rng, 1), random_vec(rng, 1), u(rng)};
    const auto agree = [&](auto b) {
      ContactHit h1, h2;
      const bool a1 = contact(cap, b, &h1), a2 = contact(s, b, &h2);
      ASSERT_EQ(a1, a2);
      if (a1) EXPECT_TRUE(same(h1, h2));
    };
    agree(box);
    agree(obb);
    agree(t);
    agree(pl);
    agree(other);
  }
}

TEST(ContactCapsuleAABB,
     AnEndTiedWithTheInteriorWithinRoundingKeepsPointAOnTheCapsule) {
  // The fuzzer's finding (raw np_contactCapsuleAABB): a segment 3.5e-38 long
  // whose end passes 7e-46 (about 1000 ulps) beside a point box at 4.86e-33.
  // Its end and the interior point beside it tie within rounding as the
  // nearest; the end's normal, 0.019 rad off the perpendicular, put pointA
  // 6.5e-40 inside the capsule. The normal is perpendicular to the segment.
  const double r = 4.8578750597249806e-33;
  const Capsule cap{{4.8578744028310789e-33, r, 4.857839794894456e-33},
                    {4.8578750597256813e-33, r, r},
                    r};
  const AABB box{{r, r, r}, {r, r, r}};
  ContactHit h;
  ASSERT_TRUE(np::contact_capsule_aabb(cap, box, &h));
  const np::Segment seg{cap.start, cap.end};
  EXPECT_NEAR(np::distance_point_segment(h.point_a, seg), r, 1e-47);
  EXPECT_EQ(h.point_b.x, r);
  EXPECT_NEAR(dot(h.normal, cap.end - cap.start), 0.0, 1e-50);
  const Vec3 gap = h.point_b - h.point_a - h.normal * h.depth;
  EXPECT_LT(std::fabs(gap.x) + std::fabs(gap.y) + std::fabs(gap.z), 1e-46);
}

// ---- Capsule - OBB ----------------------------------------------------------

TEST(ContactCapsuleOBB, IdentityRotationAgreesExactlyWithTheAABB) {
  std::mt19937_64 rng(22);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 3000; ++i) {
    const Capsule cap{random_vec(rng, 2), random_vec(rng, 2), u(rng)};
    const OBB obb = identity_obb(random_vec(rng, 1), {u(rng), u(rng), u(rng)});
    const AABB box{obb.center - obb.half_size, obb.center + obb.half_size};
    ContactHit h1, h2;
    const bool a = np::contact_capsule_obb(cap, obb, &h1);
    ASSERT_EQ(a, np::contact_capsule_aabb(cap, box, &h2));
    if (!a) continue;
    ++hits;
    EXPECT_TRUE(same(h1, h2));
  }
  EXPECT_GT(hits, 500);
}

TEST(ContactCapsuleOBB, AQuarterTurnIsTheAABBWithItsAxesSwapped) {
  // Axes (0, 1, 0), (-1, 0, 0), (0, 0, 1), half sizes (2, 1, 1): the box
  // [-1, 1] x [-2, 2] x [-1, 1].
  const OBB obb{{0, 0, 0}, {2, 1, 1}, {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}};
  const AABB box{{-1, -2, -1}, {1, 2, 1}};
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) {
    const Capsule cap{random_vec(rng, 3), random_vec(rng, 3), u(rng)};
    ContactHit h1, h2;
    const bool a = np::contact_capsule_obb(cap, obb, &h1);
    ASSERT_EQ(a, np::contact_capsule_aabb(cap, box, &h2));
    if (!a) continue;
    EXPECT_NEAR(h1.depth, h2.depth, 1e-14);
    EXPECT_TRUE(VecNear(h1.normal, h2.normal, 1e-14));
    EXPECT_TRUE(VecNear(h1.point_a, h2.point_a, 1e-14));
  }
}

// ---- Capsule - triangle -----------------------------------------------------

TEST(ContactCapsuleTriangle, FaceEitherSideEdgePiercingAndInItsPlane) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      // In y = 0; (b - a) x (c - a) = (4, 0, 0) x (0, 0, 4) points to -y.
      const Triangle t{map({0, 0, 0}, perm, sg), map({4, 0, 0}, perm, sg),
                       map({0, 0, 4}, perm, sg)};
      const Vec3 y = map_dir({0, 1, 0}, perm, sg) + Vec3{0, 0, 0};
      ContactHit h;
      for (double side : {1.0, -1.0}) {
        // Lying over the face, 0.5 deep, on either side.
        ASSERT_TRUE(np::contact_capsule_triangle(
            {map({1, side, 1}, perm, sg), map({2, side, 1}, perm, sg), 1.5}, t,
            &h));
        EXPECT_EQ(h.depth, 0.5);
        EXPECT_TRUE(VecEq(h.normal, y * side + Vec3{0, 0, 0}));
        EXPECT_TRUE(VecEq(h.point_b, map({1, 0, 1}, perm, sg)));
        // Piercing the face 0.25 deep: out the short way, 0.25 + radius.
        ASSERT_TRUE(
            np::contact_capsule_triangle({map({1, -0.25 * side, 1}, perm, sg),
                                          map({1, 3 * side, 1}, perm, sg), 0.5},
                                         t, &h));
        EXPECT_EQ(h.depth, 0.75);
        EXPECT_TRUE(VecEq(h.normal, y * side + Vec3{0, 0, 0}));
        EXPECT_TRUE(VecEq(h.point_a, map({1, -0.75 * side, 1}, perm, sg)));
        EXPECT_TRUE(VecEq(h.point_b, map({1, 0, 1}, perm, sg)));
      }
      // Touching the edge a b from (x, 4, -3), and one ulp short.
      const Capsule e{map({1, 4, -3}, perm, sg), map({3, 4, -3}, perm, sg), 5};
      ASSERT_TRUE(np::contact_capsule_triangle(e, t, &h));
      EXPECT_EQ(h.depth, 0.0);
      EXPECT_TRUE(
          VecEq(h.normal, map_dir({0, 0.8, -0.6}, perm, sg) + Vec3{0, 0, 0}));
      EXPECT_FALSE(
          np::contact_capsule_triangle({e.start, e.end, down(5)}, t, &h));
      // Lying in the triangle's plane: radius deep along its face normal
      // (b - a) x (c - a), as a sphere's center on it.
      ASSERT_TRUE(np::contact_capsule_triangle(
          {map({1, 0, 1}, perm, sg), map({1, 0, 2}, perm, sg), 0.25}, t, &h));
      EXPECT_EQ(h.depth, 0.25);
      const Vec3 face = np::unit_or(np::cross(t.b - t.a, t.c - t.a), {0, 0, 0});
      EXPECT_TRUE(VecEq(h.normal, face + Vec3{0, 0, 0}));
    }
  }
}

TEST(ContactCapsuleTriangle, ASegmentThroughNearAnEdgeLeavesByTheEdgeAxis) {
  // Triangle in y = 0 with the edge z = 0 from x = -4 to 4; a segment through
  // it at a slant close to that edge: out across the edge (the cross product
  // of the edge and the segment), less deep than through the face.
  const Triangle t{{-4, 0, 0}, {4, 0, 0}, {0, 0, 4}};
  const Capsule cap{{0, -1, -0.5}, {0, 1, 0.75}, 0.125};
  ContactHit h;
  ASSERT_TRUE(np::contact_capsule_triangle(cap, t, &h));
  // The edge axis is perpendicular to x and to the segment's (0, 2, 1.25):
  // n = (0, 1.25, -2) / |.|; the segment's lowest point along n is its end
  // (0, 1, 0.75), the triangle's highest the edge (n . p = 0).
  const Vec3 n = np::unit_or(Vec3{0, 1.25, -2}, {0, 0, 0});
  const double pen = 0.0 - np::dot(Vec3{0, 1, 0.75}, n);
  EXPECT_NEAR(h.depth, pen + 0.125, 1e-15);
  EXPECT_TRUE(VecNear(h.normal, n, 1e-15));
  EXPECT_LT(h.depth, 0.75 + 0.125);  // the in-plane edge normal -z: 0.75
}

TEST(ContactCapsuleTriangle, DegenerateTrianglesAreTheirSegment) {
  std::mt19937_64 rng(24);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits = 0;
  for (int i = 0; i < 2000; ++i) {
    const Capsule cap{random_vec(rng, 2), random_vec(rng, 2), u(rng)};
    // Two corners coincide: the triangle is the segment a b.
    const Vec3 a = random_vec(rng, 1), b = random_vec(rng, 1);
    for (const Triangle& t : {Triangle{a, b, b}, Triangle{a, a, b}}) {
      ContactHit h1, h2;
      const bool x = np::contact_capsule_triangle(cap, t, &h1);
      ASSERT_EQ(x, np::contact_capsule_capsule(cap, {a, b, 0.0}, &h2));
      if (!x) continue;
      ++hits;
      EXPECT_NEAR(h1.depth, h2.depth, 1e-12);
      EXPECT_TRUE(VecNear(h1.normal, h2.normal, 1e-9));
    }
  }
  EXPECT_GT(hits, 300);
}

// ---- Capsule - plane --------------------------------------------------------

TEST(ContactCapsulePlane, EitherSideCrossingInItAndTouchingForAnyNormalLength) {
  for (const auto& perm : kPermutations) {
    for (Vec3 sg : signs()) {
      for (double len : {1.0, 2.0, 0.125}) {
        const Vec3 y = map_dir({0, 1, 0}, perm, sg) + Vec3{0, 0, 0};
        const Plane pl{y * len, 0.0};  // y = 0 (mapped)
        ContactHit h;
        // Above, the lower end 1 away: 1 deep.
        ASSERT_TRUE(np::contact_capsule_plane(
            {map({0, 1, 0}, perm, sg), map({1, 3, 0}, perm, sg), 2}, pl, &h));
        EXPECT_EQ(h.depth, 1.0);
        EXPECT_TRUE(VecEq(h.normal, y));
        EXPECT_TRUE(VecEq(h.point_b, map({0, 0, 0}, perm, sg)));
        EXPECT_TRUE(VecEq(h.point_a, map({0, -1, 0}, perm, sg)));
        // Crossing, 1 below and 3 above: out upward, 1 + radius.
        ASSERT_TRUE(np::contact_capsule_plane(
            {map({0, -1, 0}, perm, sg), map({0, 3, 0}, perm, sg), 0.5}, pl,
            &h));
        EXPECT_EQ(h.depth, 1.5);
        EXPECT_TRUE(VecEq(h.normal, y));
        // 3 below and 1 above: out downward.
        ASSERT_TRUE(np::contact_capsule_plane(
            {map({0, -3, 0}, perm, sg), map({0, 1, 0}, perm, sg), 0.5}, pl,
            &h));
        EXPECT_EQ(h.depth, 1.5);
        EXPECT_TRUE(VecEq(h.normal, np::negated(y)));
        EXPECT_TRUE(VecEq(h.point_a, map({0, 1.5, 0}, perm, sg)));
        EXPECT_TRUE(VecEq(h.point_b, map({0, 0, 0}, perm, sg)));
        // Lying in the plane: the plane's own normal, radius deep.
        ASSERT_TRUE(np::contact_capsule_plane(
            {map({-1, 0, 2}, perm, sg), map({1, 0, 2}, perm, sg), 0.5}, pl,
            &h));
        EXPECT_EQ(h.depth, 0.5);
        EXPECT_TRUE(VecEq(h.normal, y));
        // Touching from below, and one ulp short.
        ASSERT_TRUE(np::contact_capsule_plane(
            {map({0, -2, 0}, perm, sg), map({5, -7, 0}, perm, sg), 2}, pl, &h));
        EXPECT_EQ(h.depth, 0.0);
        EXPECT_TRUE(VecEq(h.normal, np::negated(y)));
        EXPECT_FALSE(np::contact_capsule_plane(
            {map({0, -2, 0}, perm, sg), map({5, -7, 0}, perm, sg), down(2)}, pl,
            &h));
      }
    }
  }
}

// ---- Every pair: seeded properties ----------------------------------------

TEST(ContactCapsule, SeededPropertiesForEveryShape) {
  std::mt19937_64 rng(25);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int hits[5] = {};
  for (int i = 0; i < 600; ++i) {
    const Capsule a{random_vec(rng, 2), random_vec(rng, 2), 0.75 * u(rng)};
    check_contact(a, Capsule{random_vec(rng, 1), random_vec(rng, 1), u(rng)},
                  rng, &hits[0]);
    const Vec3 lo = random_vec(rng, 1);
    check_contact(a, AABB{lo, lo + Vec3{u(rng), u(rng), u(rng)} * 1.5}, rng,
                  &hits[1]);
    OBB box{random_vec(rng, 1), {u(rng), u(rng), u(rng)}, {}};
    random_rotation(rng, box.axis);
    check_contact(a, box, rng, &hits[2]);
    check_contact(a,
                  Triangle{random_vec(rng, 1.5), random_vec(rng, 1.5),
                           random_vec(rng, 1.5)},
                  rng, &hits[3]);
    const Vec3 n = random_vec(rng, 2);
    check_contact(a, Plane{n, -np::dot(n, random_vec(rng, 1))}, rng, &hits[4]);
    if (HasFailure()) return;
  }
  for (int k = 0; k < 5; ++k) EXPECT_GT(hits[k], 100) << k;
}

TEST(ContactCapsule, SymmetricForTwoCapsules) {
  std::mt19937_64 rng(26);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 3000; ++i) {
    const Capsule a{random_vec(rng, 2), random_vec(rng, 2), u(rng)};
    const Capsule b{random_vec(rng, 2), random_vec(rng, 2), u(rng)};
    ContactHit h1, h2;
    const bool x = np::contact_capsule_capsule(a, b, &h1);
    ASSERT_EQ(x, np::contact_capsule_capsule(b, a, &h2));
    if (x) EXPECT_NEAR(h1.depth, h2.depth, 1e-12);
  }
}

TEST(ContactCapsule, ExtremeMagnitudesGiveNoNaN) {
  const double mags[] = {0x1p-1074, 1e-300, 1e-150, 1.0, 1e150, 1e300, 1.7e308};
  for (double m : mags) {
    for (double r : mags) {
      ContactHit h;
      const Capsule c{{m, -m, m}, {-m, m * 0.5, 0}, r};
      const auto check = [&](bool hit) {
        if (!hit) return;
        EXPECT_FALSE(std::isnan(h.depth)) << m << " " << r;
        EXPECT_NEAR(np::length(h.normal), 1.0, 1e-15) << m << " " << r;
        EXPECT_FALSE(std::isnan(h.point_a.x + h.point_a.y + h.point_a.z));
        EXPECT_FALSE(std::isnan(h.point_b.x + h.point_b.y + h.point_b.z));
      };
      check(np::contact_capsule_capsule(c, {{-m, m, 0}, {m, m, -m}, r}, &h));
      check(np::contact_capsule_aabb(c, {{-m, -m, -m}, {m * 0.5, m, m}}, &h));
      OBB box{{0, 0, 0},
              {m, m * 0.5, m},
              {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}};
      check(np::contact_capsule_obb(c, box, &h));
      check(np::contact_capsule_triangle(c, {{-m, 0, 0}, {m, 0, 0}, {0, m, m}},
                                         &h));
      check(np::contact_capsule_plane(c, {{1, 2, 2}, m}, &h));
    }
  }
}

}  // namespace
