// Tests of the overlap tests of spheres and planes (overlap.h,
// overlap_spheres_planes.cpp): hand-computed touching configurations (3-4-5
// and axis-aligned, all exact) with the radius or offset one ulp short, looped
// over axes, signs, permutations and scales 2^-1070 .. 2^1000; agreement with
// the distance queries, with the degenerate shapes' own queries and with the
// AABB versions; symmetry; seeded properties.
#include <gtest/gtest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "narrowphase/closest_point.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::Capsule;
using np::OBB;
using np::Plane;
using np::Sphere;
using np::Triangle;
using np::Vec3;
using np_test::identity_obb;
using np_test::kScales;
using np_test::map;
using np_test::random_rotation;
using np_test::random_vec;
using np_test::signs;

constexpr double kInf = std::numeric_limits<double>::infinity();
double down(double x) { return std::nextafter(x, -kInf); }
double up(double x) { return std::nextafter(x, kInf); }

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

// Whether a and b differ by more than a relative band: outside it, a
// comparison of the two is not rounding's to decide.
bool apart(double a, double b) {
  return std::fabs(a - b) > 1e-9 * (std::fabs(a) + std::fabs(b)) + 1e-300;
}

// ---- Sphere - sphere ----------------------------------------------------

TEST(OverlapSphereSphere, TouchingCountsAndOneUlpShortDoesNotAtEveryScale) {
  for (double s : kScales) {
    for (const auto& perm : kPermutations) {
      for (Vec3 sg : signs()) {
        // Centers 5 apart (3-4-5), radii 2 + 3.
        const Sphere a{map({1, 1, 7}, perm, sg, s), 2 * s};
        const Sphere b{map({4, 5, 7}, perm, sg, s), 3 * s};
        EXPECT_TRUE(np::overlap_sphere_sphere(a, b)) << s;
        EXPECT_TRUE(np::overlap_sphere_sphere(b, a)) << s;
        const Sphere b_short{b.center, down(b.radius)};
        EXPECT_FALSE(np::overlap_sphere_sphere(a, b_short)) << s;
        EXPECT_FALSE(np::overlap_sphere_sphere(b_short, a)) << s;
      }
    }
  }
}

TEST(OverlapSphereSphere, BeyondTheLargestDoubleDecidedExactly) {
  // |c2 - c1| = 2e308 overflows in doubles; so does r1 + r2.
  const Sphere a{{-1e308, 0, 0}, 1e308}, b{{1e308, 0, 0}, 1e308};
  EXPECT_TRUE(np::overlap_sphere_sphere(a, b));
  EXPECT_FALSE(np::overlap_sphere_sphere(a, {b.center, down(1e308)}));
  // Subnormal radii: a point 2^-1074 from a point of radius 2^-1074 touches.
  const Sphere p{{0, 0, 0}, 0}, q{{0x1p-1074, 0, 0}, 0x1p-1074};
  EXPECT_TRUE(np::overlap_sphere_sphere(p, q));
  EXPECT_FALSE(np::overlap_sphere_sphere(p, {q.center, 0.0}));
}

TEST(OverlapSphereSphere, RadiusZeroIsAPointAndCoincidentCentersOverlap) {
  const Sphere p{{1, 2, 3}, 0};
  EXPECT_TRUE(np::overlap_sphere_sphere(p, p));
  EXPECT_FALSE(np::overlap_sphere_sphere(p, {{1, 2, up(3)}, 0}));
  EXPECT_TRUE(np::overlap_sphere_sphere(p, {{1, 2, up(3)}, 0x1p-51}));
  EXPECT_FALSE(np::overlap_sphere_sphere(p, {{1, 2, up(3)}, down(0x1p-51)}));
}

TEST(OverlapSphereSphere, SymmetricAndAgreesWithDistancePointSphere) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const double scale = std::ldexp(1.0, static_cast<int>(rng() % 60) - 30);
    const Sphere a{random_vec(rng, scale), r01(rng) * scale};
    const Sphere b{random_vec(rng, scale), r01(rng) * scale};
    const bool o = np::overlap_sphere_sphere(a, b);
    EXPECT_EQ(o, np::overlap_sphere_sphere(b, a));
    const double d = np::distance_point_sphere(a.center, b);
    if (apart(d, a.radius)) EXPECT_EQ(o, d <= a.radius);
  }
}

// ---- Sphere - AABB (exact since these queries) ---------------------------

TEST(OverlapSphereAABB, PythagoreanTouchingWhoseSquaresRoundIsExact) {
  // (m^2 - n^2, 2mn, m^2 + n^2) with m = 42571463, n = 38198626: every number
  // is a double, their squares (~2^103) are not, and a^2 + b^2 = r^2 exactly.
  // Rounded squares (overlapSphereAABB before it was exact) say apart.
  const double a = 353194433672493.0, b = 3252342786819676.0,
               r = 3271464490248245.0;
  for (double s : {0x1p-1000, 1.0, 0x1p800}) {
    for (Vec3 sg : signs()) {
      const AABB box{{sg.x * s, sg.y * s, 7 * s}, {sg.x * s, sg.y * s, 7 * s}};
      const Vec3 c{sg.x * (1 + a) * s, sg.y * (1 + b) * s, 7 * s};
      if (sg.z < 0) continue;
      EXPECT_TRUE(np::overlap_sphere_aabb({c, r * s}, box)) << s;
      EXPECT_FALSE(np::overlap_sphere_aabb({c, down(r * s)}, box)) << s;
      EXPECT_TRUE(
          np::overlap_sphere_obb({c, r * s}, identity_obb(box.min, {0, 0, 0})));
    }
  }
}

// ---- Sphere - capsule ---------------------------------------------------

TEST(OverlapSphereCapsule, EveryRegionTouchingAndOneUlpShortAtEveryScale) {
  // The capsule (0,0,0)-(3,4,0)*2 of radius 1/2; a ball of radius 9/2 at 5
  // from the segment: beside it, before its start and beyond its end.
  struct Case {
    Vec3 center;
  };
  const Case cases[] = {
      {{3 + 4, 4 - 3, 0}},  // beside: (3,4) + 5 * (4,-3)/5
      {{-3, -4, 0}},        // before start: 5 from (0,0,0) along -(3,4)/5
      {{6 + 3, 8 + 4, 0}},  // beyond end
      {{0 - 4, 0 + 3, 0}},  // the start's own perpendicular (region border)
      {{3, 4, 5}},          // beside, along z
  };
  for (double s : kScales) {
    for (const auto& perm : kPermutations) {
      for (Vec3 sg : signs()) {
        const Capsule cap{map({0, 0, 0}, perm, sg, s),
                          map({6, 8, 0}, perm, sg, s), 0.5 * s};
        for (const Case& c : cases) {
          const Sphere sp{map(c.center, perm, sg, s), 4.5 * s};
          EXPECT_TRUE(np::overlap_sphere_capsule(sp, cap)) << s;
          EXPECT_FALSE(
              np::overlap_sphere_capsule({sp.center, down(sp.radius)}, cap))
              << s << " " << c.center.x;
        }
      }
    }
  }
}

TEST(OverlapSphereCapsule, DegenerateCapsulesAreSpheresAndSegments) {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const Sphere sp{random_vec(rng, 2.0), r01(rng)};
    const Vec3 a = random_vec(rng, 2.0), b = random_vec(rng, 2.0);
    const double r = r01(rng);
    // start == end: the sphere (a, r), bit for bit the same decision.
    EXPECT_EQ(np::overlap_sphere_capsule(sp, {a, a, r}),
              np::overlap_sphere_sphere(sp, {a, r}));
    // radius 0: the segment, against distance_point_segment.
    const double d = np::distance_point_segment(sp.center, {a, b});
    if (apart(d, sp.radius))
      EXPECT_EQ(np::overlap_sphere_capsule(sp, {a, b, 0.0}), d <= sp.radius);
    // Against the distance to the capsule.
    const double dc = np::distance_point_capsule(sp.center, {a, b, r});
    if (apart(dc, sp.radius))
      EXPECT_EQ(np::overlap_sphere_capsule(sp, {a, b, r}), dc <= sp.radius);
    // Reversing the segment changes nothing, exactly.
    EXPECT_EQ(np::overlap_sphere_capsule(sp, {a, b, r}),
              np::overlap_sphere_capsule(sp, {b, a, r}));
  }
}

TEST(OverlapSphereCapsule, FarFromTheOriginAndBeyondTheLargestDouble) {
  // A 1e-6 capsule 1e6 from the origin: 3-4-5 at that scale, exact.
  const double o = 1e6, s = 0x1p-20;
  const Capsule cap{{o, o, o}, {o + 6 * s, o + 8 * s, o}, 0.5 * s};
  EXPECT_TRUE(
      np::overlap_sphere_capsule({{o + 7 * s, o + s, o}, 4.5 * s}, cap));
  EXPECT_FALSE(
      np::overlap_sphere_capsule({{o + 7 * s, o + s, o}, down(4.5 * s)}, cap));
  // A segment whose ends are 3e308 apart, and a ball on its far side.
  const Capsule huge{{-1.5e308, 0, 0}, {1.5e308, 0, 0}, 1e308};
  EXPECT_TRUE(np::overlap_sphere_capsule({{0, 1.5e308, 0}, 0.5e308}, huge));
  EXPECT_FALSE(
      np::overlap_sphere_capsule({{0, 1.5e308, 0}, down(0.5e308)}, huge));
}

// ---- Sphere - OBB -------------------------------------------------------

TEST(OverlapSphereOBB, IdentityRotationAgreesExactlyWithTheAABB) {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const Vec3 c = random_vec(rng, 2.0);
    const Vec3 h{r01(rng), r01(rng), n % 7 == 0 ? 0.0 : r01(rng)};
    const Sphere sp{random_vec(rng, 3.0), r01(rng)};
    EXPECT_EQ(np::overlap_sphere_obb(sp, identity_obb(c, h)),
              np::overlap_sphere_aabb(sp, {c - h, c + h}));
  }
  // And on the boundary: touching at the corner (1, 1, 0) by 3-4-5.
  const OBB box = identity_obb({0, 0, 0}, {1, 1, 1});
  EXPECT_TRUE(np::overlap_sphere_obb({{4, 5, 0}, 5}, box));
  EXPECT_FALSE(np::overlap_sphere_obb({{4, 5, 0}, down(5)}, box));
}

TEST(OverlapSphereOBB, QuarterTurnTouchingAtFacesEdgesAndCorners) {
  // Rotated 90 degrees about each world axis in turn (exact columns), half
  // sizes (1, 2, 3): touching 3-4-5 beyond a corner, an edge and a face.
  for (int k = 0; k < 3; ++k) {
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    OBB box{{0, 0, 0}, {1, 2, 3}, {}};
    // axis[i] = e_j, axis[j] = -e_i, axis[k] = e_k.
    box.axis[i] = np::Vec3{0, 0, 0};
    box.axis[j] = np::Vec3{0, 0, 0};
    box.axis[k] = np::Vec3{0, 0, 0};
    np::set(box.axis[i], j, 1.0);
    np::set(box.axis[j], i, -1.0);
    np::set(box.axis[k], k, 1.0);
    // World half extents: along e_j the half size of axis i, along e_i that
    // of axis j.
    Vec3 ext{0, 0, 0};
    np::set(ext, j, np::get(box.half_size, i));
    np::set(ext, i, np::get(box.half_size, j));
    np::set(ext, k, np::get(box.half_size, k));
    for (Vec3 sg : signs()) {
      for (int a = 0; a < 3; ++a) {
        const int b = (a + 1) % 3;
        // Corner region in the (a, b) plane: the center 3 and 4 beyond.
        Vec3 c = {ext.x * sg.x, ext.y * sg.y, ext.z * sg.z};
        np::set(c, a, np::get(c, a) + 3 * np::get(sg, a));
        np::set(c, b, np::get(c, b) + 4 * np::get(sg, b));
        EXPECT_TRUE(np::overlap_sphere_obb({c, 5}, box));
        EXPECT_FALSE(np::overlap_sphere_obb({c, down(5)}, box));
        // Face region: 5 beyond the middle of face a.
        Vec3 f{0, 0, 0};
        np::set(f, a, (np::get(ext, a) + 5) * np::get(sg, a));
        EXPECT_TRUE(np::overlap_sphere_obb({f, 5}, box));
        EXPECT_FALSE(np::overlap_sphere_obb({f, down(5)}, box));
      }
    }
  }
}

TEST(OverlapSphereOBB, SeededRotationsAgreeWithDistancePointOBB) {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    OBB box{random_vec(rng, 1.0), {r01(rng), r01(rng), r01(rng)}, {}};
    random_rotation(rng, box.axis);
    const Sphere sp{random_vec(rng, 3.0), r01(rng)};
    const bool o = np::overlap_sphere_obb(sp, box);
    const double d = np::distance_point_obb(sp.center, box);
    if (apart(d, sp.radius)) EXPECT_EQ(o, d <= sp.radius) << n;
    // Negating and permuting the axis columns (with the half sizes) changes
    // nothing.
    OBB other = box;
    other.axis[0] = np::negated(box.axis[1]);
    other.axis[1] = box.axis[0];
    other.half_size = {box.half_size.y, box.half_size.x, box.half_size.z};
    EXPECT_EQ(np::overlap_sphere_obb(sp, other), o) << n;
  }
}

// ---- Sphere - triangle ----------------------------------------------------

TEST(OverlapSphereTriangle, EveryRegionTouchingAndOneUlpShort) {
  // The triangle (0,0,0), (8,0,0), (0,6,0): its hypotenuse runs from (8,0) to
  // (0,6), outward normal (3,4)/5. Centers at distance 5 from it in each
  // Voronoi region.
  const Vec3 corners[3] = {{0, 0, 0}, {8, 0, 0}, {0, 6, 0}};
  const Vec3 centers[] = {
      {1, 1, 5},          // face (above the interior)
      {2, 1, -5},         // face, below
      {4, -3, 4},         // edge a-b: closest (4, 0, 0)
      {-4, 3, 3},         // edge a-c: closest (0, 3, 0)
      {4 + 3, 3 + 4, 0},  // hypotenuse, in the plane: closest (4, 3, 0)
      {4, 3, 5},          // face, right above the hypotenuse's middle
      {-3, -4, 0},        // corner a
      {8 + 4, 0, -3},     // corner b
      {0, 6 + 3, 4},      // corner c
  };
  const std::array<std::array<int, 3>, 6> orders = kPermutations;
  for (double s : kScales) {
    for (const auto& perm : kPermutations) {
      for (Vec3 sg : signs()) {
        for (const auto& order : orders) {
          const Triangle t{map(corners[order[0]], perm, sg, s),
                           map(corners[order[1]], perm, sg, s),
                           map(corners[order[2]], perm, sg, s)};
          for (Vec3 c : centers) {
            const Vec3 cm = map(c, perm, sg, s);
            EXPECT_TRUE(np::overlap_sphere_triangle({cm, 5 * s}, t))
                << s << " (" << c.x << ", " << c.y << ", " << c.z << ")";
            EXPECT_FALSE(np::overlap_sphere_triangle({cm, down(5 * s)}, t))
                << s << " (" << c.x << ", " << c.y << ", " << c.z << ")";
          }
        }
      }
    }
  }
}

TEST(OverlapSphereTriangle, DegenerateTrianglesAreTheirSegmentOrPoint) {
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 5000; ++n) {
    const Vec3 a = random_vec(rng, 2.0), d = random_vec(rng, 1.0);
    const Sphere sp{random_vec(rng, 3.0), r01(rng)};
    // Collinear: b = a + d, c = a + 2 d (exact scaling by 2; the sums rounded,
    // so only the exact predicate knows whether they are collinear: compare
    // with the segment only where they are).
    const Vec3 b = a + d * 0.5, c = a + d;
    if (np::cross(b - a, c - a).x == 0.0 && np::cross(b - a, c - a).y == 0.0 &&
        np::cross(b - a, c - a).z == 0.0) {
      // (Not guaranteed exact; the point and segment cases below are.)
    }
    // All three equal: the point, exactly sphere_sphere with radius 0.
    EXPECT_EQ(np::overlap_sphere_triangle(sp, {a, a, a}),
              np::overlap_sphere_sphere(sp, {a, 0.0}));
    // Two equal: the segment, exactly the radius-0 capsule.
    EXPECT_EQ(np::overlap_sphere_triangle(sp, {a, c, a}),
              np::overlap_sphere_capsule(sp, {a, c, 0.0}));
    EXPECT_EQ(np::overlap_sphere_triangle(sp, {c, c, a}),
              np::overlap_sphere_capsule(sp, {a, c, 0.0}));
  }
  // Exactly collinear along an axis-aligned line: the segment from 0 to 4.
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {2, 0, 0}};
  EXPECT_TRUE(np::overlap_sphere_triangle({{2, 3, 4}, 5}, t));
  EXPECT_FALSE(np::overlap_sphere_triangle({{2, 3, 4}, down(5)}, t));
  EXPECT_TRUE(np::overlap_sphere_triangle({{7, 4, 0}, 5}, t));
  EXPECT_FALSE(np::overlap_sphere_triangle({{7, 4, 0}, down(5)}, t));
}

TEST(OverlapSphereTriangle, SeededAgreementWithDistancePointTriangle) {
  std::mt19937_64 rng(16);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const double scale = std::ldexp(1.0, static_cast<int>(rng() % 40) - 20);
    const Triangle t{random_vec(rng, scale), random_vec(rng, scale),
                     random_vec(rng, scale)};
    const Sphere sp{random_vec(rng, 2 * scale), r01(rng) * scale};
    const bool o = np::overlap_sphere_triangle(sp, t);
    const double d = np::distance_point_triangle(sp.center, t);
    if (apart(d, sp.radius)) EXPECT_EQ(o, d <= sp.radius) << n;
    // The corners' order changes nothing, exactly.
    EXPECT_EQ(np::overlap_sphere_triangle(sp, {t.b, t.c, t.a}), o);
    EXPECT_EQ(np::overlap_sphere_triangle(sp, {t.c, t.b, t.a}), o);
  }
}

// ---- Sphere - plane -----------------------------------------------------

TEST(OverlapSpherePlane, AxisPlanesOfAnyNormalLength) {
  for (double s : kScales) {
    for (int k = 0; k < 3; ++k) {
      for (double sign : {1.0, -1.0}) {
        for (double len : {0x1p-1060, 0x1p-500, 1.0, 2.0, 0x1p600}) {
          // (Only where the constant len * s is exact.)
          if (!(len * s <= DBL_MAX) || len * s / s != len) continue;
          // The plane x_k = sign (normal sign * len * e_k, constant -len).
          Plane pl{{0, 0, 0}, -len};
          np::set(pl.normal, k, sign * len);
          Vec3 c{1 * s, 3 * s, -2 * s};
          np::set(c, k, sign * 5 * s);
          // Unscaled plane: move it with the scale, x_k = sign * s.
          pl.constant = -len * s;
          EXPECT_TRUE(np::overlap_sphere_plane({c, 4 * s}, pl)) << s << len;
          EXPECT_FALSE(np::overlap_sphere_plane({c, down(4 * s)}, pl));
          // The center on the other side, and on the plane itself.
          np::set(c, k, -sign * 3 * s);
          EXPECT_TRUE(np::overlap_sphere_plane({c, 4 * s}, pl));
          EXPECT_FALSE(np::overlap_sphere_plane({c, down(4 * s)}, pl));
          np::set(c, k, sign * s);
          EXPECT_TRUE(np::overlap_sphere_plane({c, 0.0}, pl));
        }
      }
    }
  }
}

TEST(OverlapSpherePlane, TiltedNormalTouchingExactly) {
  // 3x + 4y = 0 (normal of length 5): (3, 4, z) is 5 from it.
  for (double len : {0x1p-1070, 0x1p-30, 1.0, 0x1p900}) {
    const Plane pl{{3 * len, 4 * len, 0}, 0};
    for (double s : kScales) {
      EXPECT_TRUE(np::overlap_sphere_plane({{3 * s, 4 * s, 7}, 5 * s}, pl));
      EXPECT_FALSE(
          np::overlap_sphere_plane({{3 * s, 4 * s, 7}, down(5 * s)}, pl));
      EXPECT_TRUE(np::overlap_sphere_plane({{-3 * s, -4 * s, 7}, 5 * s}, pl));
    }
  }
  // A plane beyond the largest double from the origin (a subnormal normal)
  // and a ball far from it: apart, without overflow.
  const Plane far{{0x1p-1074, 0, 0}, -1.0};  // x = 2^1074
  EXPECT_FALSE(np::overlap_sphere_plane({{1e308, 0, 0}, 1e308}, far));
}

// Found by the fuzzer (raw np_overlapSpherePlane): |normal|^2 ~ 1e-456
// underflows to 0 in doubles, and r^2 |n|^2 with r ~ 1e103 was then 0 instead
// of ~1e-250, beside (n . c + k)^2 ~ 7e-251: the rounded test said apart,
// while the ball reaches 3.5e102 beyond the plane.
TEST(OverlapSpherePlane, RegressionSquaredNormalUnderflowTimesAHugeRadius) {
  const Sphere sp{{-0x1.8p+1, 0x1p-1, 0x1.555555555p+342},
                  0x1.5555555555555p+342};
  const Plane pl{
      {-0x1.5555555555555p-762, -0x1.090909090909p-758, -0x1.090909090909p-758},
      -0x1.090909090909p-758};
  EXPECT_TRUE(np::overlap_sphere_plane(sp, pl));
  EXPECT_LT(np::signed_distance_point_plane(sp.center, pl), -1e102);
}

TEST(OverlapSpherePlane, SeededAgreementWithDistancePointPlane) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const Plane pl{random_vec(rng, 3.0), r01(rng) * 4 - 2};
    const Sphere sp{random_vec(rng, 3.0), r01(rng)};
    const double d = np::distance_point_plane(sp.center, pl);
    if (apart(d, sp.radius))
      EXPECT_EQ(np::overlap_sphere_plane(sp, pl), d <= sp.radius);
    // Scaling the plane equation by a power of two, or negating it, changes
    // nothing.
    const Plane scaled{pl.normal * -0x1p-300, pl.constant * -0x1p-300};
    EXPECT_EQ(np::overlap_sphere_plane(sp, scaled),
              np::overlap_sphere_plane(sp, pl));
  }
}

// ---- Capsule - plane ----------------------------------------------------

TEST(OverlapCapsulePlane, CrossingTouchingAndOneUlpShort) {
  for (int k = 0; k < 3; ++k) {
    for (double sign : {1.0, -1.0}) {
      // The plane x_k = 1, normal of length 2 along sign * e_k.
      Plane pl{{0, 0, 0}, -2 * sign};
      np::set(pl.normal, k, 2 * sign);
      const auto at = [&](double v, double o) {
        Vec3 p{o, -o, 2 * o};
        np::set(p, k, v);
        return p;
      };
      // Crossing, even with radius 0.
      EXPECT_TRUE(np::overlap_capsule_plane({at(-1, 0), at(3, 1), 0}, pl));
      // An end exactly on the plane.
      EXPECT_TRUE(np::overlap_capsule_plane({at(1, 0), at(3, 1), 0}, pl));
      EXPECT_FALSE(np::overlap_capsule_plane({at(up(1), 0), at(3, 1), 0}, pl));
      // Both ends above: the nearer end's ball touches.
      EXPECT_TRUE(np::overlap_capsule_plane({at(5, 0), at(3, 1), 2}, pl));
      EXPECT_FALSE(
          np::overlap_capsule_plane({at(5, 0), at(3, 1), down(2)}, pl));
      EXPECT_TRUE(np::overlap_capsule_plane({at(3, 1), at(5, 0), 2}, pl));
      // Both below.
      EXPECT_TRUE(np::overlap_capsule_plane({at(-7, 0), at(-3, 1), 4}, pl));
      EXPECT_FALSE(
          np::overlap_capsule_plane({at(-7, 0), at(-3, 1), down(4)}, pl));
    }
  }
  // A tilted plane, 3x + 4y = 25: the end (3, 4, 0)*2 is 5 beyond it... the
  // end (0, 0, 9) is 5 before it.
  const Plane tilted{{3, 4, 0}, -25};
  EXPECT_TRUE(np::overlap_capsule_plane({{0, 0, 9}, {-3, -4, 1}, 5}, tilted));
  EXPECT_FALSE(
      np::overlap_capsule_plane({{0, 0, 9}, {-3, -4, 1}, down(5)}, tilted));
}

TEST(OverlapCapsulePlane, DegenerateCapsulesAreSpheresAndSegments) {
  std::mt19937_64 rng(18);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const Plane pl{random_vec(rng, 3.0), r01(rng) * 4 - 2};
    const Vec3 a = random_vec(rng, 3.0), b = random_vec(rng, 3.0);
    const double r = r01(rng);
    EXPECT_EQ(np::overlap_capsule_plane({a, a, r}, pl),
              np::overlap_sphere_plane({a, r}, pl));
    // Radius 0: the segment, as linecastPlane sees it.
    np::RayHit hit;
    EXPECT_EQ(np::overlap_capsule_plane({a, b, 0.0}, pl),
              np::linecast_plane(a, b, pl, &hit));
    // Every ball along the capsule is in it: overlap if either end ball does.
    if (np::overlap_sphere_plane({a, r}, pl) ||
        np::overlap_sphere_plane({b, r}, pl))
      EXPECT_TRUE(np::overlap_capsule_plane({a, b, r}, pl));
    EXPECT_EQ(np::overlap_capsule_plane({a, b, r}, pl),
              np::overlap_capsule_plane({b, a, r}, pl));
  }
}

// ---- AABB and OBB - plane -------------------------------------------------

TEST(OverlapAABBPlane, CornersEdgesAndFacesTouchingAtEverySign) {
  const AABB box{{-1, -2, -3}, {1, 2, 3}};
  for (Vec3 sg : signs()) {
    // The plane through the corner (sg.x, 2 sg.y, 3 sg.z) with normal sg
    // (the corner farthest along it): sg . p = 6.
    const Plane pl{sg, -6};
    EXPECT_TRUE(np::overlap_aabb_plane(box, pl));
    EXPECT_FALSE(np::overlap_aabb_plane(box, {sg, down(-6)}));
    EXPECT_TRUE(np::overlap_aabb_plane(box, {sg * 0x1p-1070, -6 * 0x1p-1070}));
    EXPECT_FALSE(
        np::overlap_aabb_plane(box, {sg * 0x1p-1000, down(-6 * 0x1p-1000)}));
    EXPECT_TRUE(np::overlap_aabb_plane(box, {sg * 0x1p1000, -6 * 0x1p1000}));
  }
  for (int k = 0; k < 3; ++k) {
    // Face planes x_k = max_k and beyond by an ulp.
    Plane pl{{0, 0, 0}, -np::get(box.max, k)};
    np::set(pl.normal, k, 1.0);
    EXPECT_TRUE(np::overlap_aabb_plane(box, pl));
    pl.constant = -up(np::get(box.max, k));
    EXPECT_FALSE(np::overlap_aabb_plane(box, pl));
  }
  // A flat box (min == max on y) in the plane y = 0, and 2^-1074 beside it.
  const AABB flat{{-1, 0, -1}, {1, 0, 1}};
  EXPECT_TRUE(np::overlap_aabb_plane(flat, {{0, 1, 0}, 0}));
  EXPECT_FALSE(np::overlap_aabb_plane(flat, {{0, 1, 0}, 0x1p-1074}));
  // Near the largest double, where the corner values' terms sum beyond it:
  // x - y = 1.75 * 2^1023 touches the corner (2^1023, -1.5 * 2^1022).
  const AABB big{{0, -0x1.8p1022, 0}, {0x1p1023, 0, 1}};
  EXPECT_TRUE(np::overlap_aabb_plane(big, {{1, -1, 0}, -0x1.cp1023}));
  EXPECT_FALSE(np::overlap_aabb_plane(big, {{1, -1, 0}, down(-0x1.cp1023)}));
  EXPECT_TRUE(np::overlap_aabb_plane(big, {{-1, 1, 0}, 0x1.cp1023}));
  EXPECT_FALSE(np::overlap_aabb_plane(big, {{-1, 1, 0}, up(0x1.cp1023)}));
}

TEST(OverlapOBBPlane, IdentityRotationAgreesExactlyWithTheAABB) {
  std::mt19937_64 rng(19);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    const Vec3 c = random_vec(rng, 2.0);
    const Vec3 h{r01(rng), n % 5 == 0 ? 0.0 : r01(rng), r01(rng)};
    const Plane pl{random_vec(rng, 1.0), r01(rng) * 4 - 2};
    EXPECT_EQ(np::overlap_obb_plane(identity_obb(c, h), pl),
              np::overlap_aabb_plane({c - h, c + h}, pl));
  }
}

TEST(OverlapOBBPlane, QuarterTurnTouchingAndSeededRotations) {
  // Rotated 90 degrees about z: the box's axes are (0,1,0), (-1,0,0), (0,0,1),
  // half sizes (1, 2, 3): world extents 2, 1, 3.
  const OBB box{{10, 20, 30}, {1, 2, 3}, {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}};
  const double ext[3] = {2, 1, 3};
  for (int k = 0; k < 3; ++k) {
    for (double sign : {1.0, -1.0}) {
      Plane pl{{0, 0, 0}, 0};
      np::set(pl.normal, k, sign * 3);
      const double face = np::get(box.center, k) + sign * ext[k];
      pl.constant = -3 * face * sign;
      EXPECT_TRUE(np::overlap_obb_plane(box, pl)) << k << sign;
      pl.constant = -3 * (sign > 0 ? up(face) : down(face)) * sign;
      EXPECT_FALSE(np::overlap_obb_plane(box, pl)) << k << sign;
    }
  }
  // A corner: normal (1, 1, 1), the farthest corner at 10+2, 20+1, 30+3.
  EXPECT_TRUE(np::overlap_obb_plane(box, {{1, 1, 1}, -66}));
  EXPECT_FALSE(np::overlap_obb_plane(box, {{1, 1, 1}, down(-66)}));

  std::mt19937_64 rng(20);
  std::uniform_real_distribution<double> r01(0.0, 1.0);
  for (int n = 0; n < 20000; ++n) {
    OBB b{random_vec(rng, 1.0), {r01(rng), r01(rng), r01(rng)}, {}};
    random_rotation(rng, b.axis);
    const Plane pl{random_vec(rng, 1.0), r01(rng) * 4 - 2};
    // The reference: the corners' plane values, in long double.
    long double lo = INFINITY, hi = -INFINITY, mag = 0;
    for (int corner = 0; corner < 8; ++corner) {
      long double v = pl.constant;
      for (int j = 0; j < 3; ++j) {
        long double p = np::get(b.center, j);
        for (int i = 0; i < 3; ++i)
          p += (corner >> i & 1 ? 1 : -1) *
               static_cast<long double>(np::get(b.half_size, i)) *
               np::get(b.axis[i], j);
        v += static_cast<long double>(np::get(pl.normal, j)) * p;
        mag += std::fabs(static_cast<long double>(np::get(pl.normal, j)) * p);
      }
      lo = std::fmin(lo, v), hi = std::fmax(hi, v);
    }
    const long double band = 1e-12L * mag;
    const bool o = np::overlap_obb_plane(b, pl);
    // Permuting and negating the axis columns (with the half sizes) changes
    // nothing, exactly.
    OBB other = b;
    other.axis[0] = np::negated(b.axis[2]);
    other.axis[2] = b.axis[1];
    other.axis[1] = b.axis[0];
    other.half_size = {b.half_size.z, b.half_size.x, b.half_size.y};
    EXPECT_EQ(np::overlap_obb_plane(other, pl), o) << n;
    if (lo > band || hi < -band) EXPECT_FALSE(o) << n;
    if (lo < -band && hi > band) EXPECT_TRUE(o) << n;
  }
}

// ---- Triangle - plane ---------------------------------------------------

TEST(OverlapTrianglePlane, CornerSignsDecideExactly) {
  for (int k = 0; k < 3; ++k) {
    Plane pl{{0, 0, 0}, -1};  // x_k = 1
    np::set(pl.normal, k, 1.0);
    const auto at = [&](double v, double o) {
      Vec3 p{o, 2 * o, -o};
      np::set(p, k, v);
      return p;
    };
    for (const auto& order : kPermutations) {
      const auto tri = [&](double v0, double v1, double v2) {
        const Vec3 c[3] = {at(v0, 0), at(v1, 1), at(v2, 2)};
        return Triangle{c[order[0]], c[order[1]], c[order[2]]};
      };
      EXPECT_TRUE(np::overlap_triangle_plane(tri(0, 2, 3), pl));  // crossing
      EXPECT_TRUE(np::overlap_triangle_plane(tri(1, 2, 3), pl));  // a corner on
      EXPECT_FALSE(np::overlap_triangle_plane(tri(up(1), 2, 3), pl));
      EXPECT_TRUE(np::overlap_triangle_plane(tri(1, 1, 3), pl));  // an edge on
      EXPECT_TRUE(np::overlap_triangle_plane(tri(1, 1, 1), pl));  // in it
      EXPECT_FALSE(np::overlap_triangle_plane(tri(down(1), -2, -3), pl));
      EXPECT_TRUE(np::overlap_triangle_plane(tri(1, -2, -3), pl));
    }
  }
  // A normal with rounded components: 0.1 x + 0.2 y + 0.3 z - 0.2 = 0 holds
  // exactly at (2, 0, 0) (2 * 0.1 == 0.2 in doubles), and an ulp beyond it
  // does not, although 0.1 * nextUp(2) rounds toward 0.2.
  const Plane pl{{0.1, 0.2, 0.3}, -0.2};
  EXPECT_TRUE(
      np::overlap_triangle_plane({{2, 0, 0}, {5, 1, 1}, {3, 2, 1}}, pl));
  EXPECT_FALSE(
      np::overlap_triangle_plane({{up(2), 0, 0}, {5, 1, 1}, {3, 2, 1}}, pl));
  // A degenerate triangle is its segment: as linecastPlane sees it.
  std::mt19937_64 rng(21);
  for (int n = 0; n < 5000; ++n) {
    const Plane p{random_vec(rng, 1.0), 0.25};
    const Vec3 a = random_vec(rng, 2.0), b = random_vec(rng, 2.0);
    np::RayHit hit;
    EXPECT_EQ(np::overlap_triangle_plane({a, b, a}, p),
              np::linecast_plane(a, b, p, &hit));
    EXPECT_EQ(np::overlap_triangle_plane({a, b, a}, p),
              np::overlap_capsule_plane({a, b, 0.0}, p));
  }
}

}  // namespace
