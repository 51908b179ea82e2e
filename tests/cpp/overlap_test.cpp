// Tests of overlap.h: sphere vs AABB (article 000/001) and OBB vs OBB by the
// separating axis test (article 003), plus their flat C entry points.
#include "narrowphase/overlap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "narrowphase/flat.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/validate.h"
#include "test_util.h"

namespace {

using np_test::axis_value;

using np::AABB;
using np::OBB;
using np::Sphere;
using np::Vec3;

const AABB kBox{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

struct Rotation {
  Vec3 col[3];
};

const Rotation kIdentity{{{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}};

// The rotation matrix of the unit quaternion (w, x, y, z) / |q|, in double; its
// columns are orthonormal to within a few ulp, far inside
// kOrthonormalTolerance.
Rotation rotation_from_quaternion(double w, double x, double y, double z) {
  const double n = std::sqrt(w * w + x * x + y * y + z * z);
  w /= n, x /= n, y /= n, z /= n;
  return {
      {{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
       {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
       {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}}};
}

// Uniformly distributed rotation: a normalized 4D Gaussian is a uniform unit
// quaternion.
Rotation random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  return rotation_from_quaternion(g(rng), g(rng), g(rng), g(rng));
}

// Rotation by `angle` about world axis k.
Rotation rotation_about_axis(int k, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  Rotation r = kIdentity;
  const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
  r.col[k1] = axis_value(k1, c) + axis_value(k2, s);
  r.col[k2] = axis_value(k1, -s) + axis_value(k2, c);
  return r;
}

OBB make_obb(Vec3 center, Vec3 half_size, const Rotation& r) {
  return {center, half_size, {r.col[0], r.col[1], r.col[2]}};
}

// The eight corners of a box.
std::array<Vec3, 8> corners(const OBB& box) {
  std::array<Vec3, 8> out;
  for (int s = 0; s < 8; ++s) {
    Vec3 p = box.center;
    for (int i = 0; i < 3; ++i)
      p = p + box.axis[i] *
                  (((s >> i) & 1 ? -1.0 : 1.0) * np::get(box.half_size, i));
    out[s] = p;
  }
  return out;
}

// The 15 SAT axes in the core's order (A's faces, B's faces, A.axis[i] x
// B.axis[j] at 6 + 3i + j).
Vec3 sat_axis(const OBB& a, const OBB& b, int k) {
  if (k < 3) return a.axis[k];
  if (k < 6) return b.axis[k - 3];
  return np::cross(a.axis[(k - 6) / 3], b.axis[(k - 6) % 3]);
}

// Independent of the core's formulas: the gap between the two boxes' corner
// projections on the unit axis along L (positive: separated by that much;
// negative: overlapping by that much), in long double.
long double projection_gap(const OBB& a, const OBB& b, Vec3 l) {
  const long double len = std::sqrt(static_cast<long double>(l.x) * l.x +
                                    static_cast<long double>(l.y) * l.y +
                                    static_cast<long double>(l.z) * l.z);
  long double amin = INFINITY, amax = -INFINITY, bmin = INFINITY,
              bmax = -INFINITY;
  for (const Vec3& p : corners(a)) {
    const long double d = (static_cast<long double>(p.x) * l.x +
                           static_cast<long double>(p.y) * l.y +
                           static_cast<long double>(p.z) * l.z) /
                          len;
    amin = std::min(amin, d), amax = std::max(amax, d);
  }
  for (const Vec3& p : corners(b)) {
    const long double d = (static_cast<long double>(p.x) * l.x +
                           static_cast<long double>(p.y) * l.y +
                           static_cast<long double>(p.z) * l.z) /
                          len;
    bmin = std::min(bmin, d), bmax = std::max(bmax, d);
  }
  return std::max(bmin - amax, amin - bmax);
}

Vec3 permute(Vec3 v, int shift) {  // world axis i goes to (i + shift) % 3
  Vec3 r{};
  for (int i = 0; i < 3; ++i) np::set(r, (i + shift) % 3, np::get(v, i));
  return r;
}
Vec3 mirror(Vec3 v, int signs) {  // bit i of signs negates world axis i
  return {signs & 1 ? -v.x : v.x, signs & 2 ? -v.y : v.y,
          signs & 4 ? -v.z : v.z};
}
OBB transform(const OBB& box, int shift, int signs) {
  OBB r = box;
  r.center = mirror(permute(box.center, shift), signs);
  for (int i = 0; i < 3; ++i)
    r.axis[i] = mirror(permute(box.axis[i], shift), signs);
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Sphere vs AABB
// ---------------------------------------------------------------------------------------------------------

TEST(OverlapSphereAABB, SphereExactlyTouchingAFaceOverlapsAndAnyLessDoesNot) {
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      Vec3 c{0.25, -0.5, 0.75};
      np::set(c, i, 3.0 * s);
      EXPECT_TRUE(np::overlap_sphere_aabb({c, 2.0}, kBox));
      // (2 - 2^-51)^2 rounds to 4 - 2^-49 < 4: the comparison of squares keeps
      // the gap.
      EXPECT_FALSE(
          np::overlap_sphere_aabb({c, std::nextafter(2.0, 0.0)}, kBox));
    }
  }
}

TEST(OverlapSphereAABB, SphereExactlyTouchingAnEdgeOverlapsAndAnyLessDoesNot) {
  // 3-4-5 beyond every edge: the squared distance 25 is exact, so the touching
  // radius is exactly 5.
  for (const auto& perm : kPermutations) {
    for (double s0 : {-1.0, 1.0}) {
      for (double s1 : {-1.0, 1.0}) {
        Vec3 c{};
        np::set(c, perm[0], s0 * 4.0);
        np::set(c, perm[1], s1 * 5.0);
        np::set(c, perm[2], -0.5);
        EXPECT_TRUE(np::overlap_sphere_aabb({c, 5.0}, kBox));
        EXPECT_FALSE(
            np::overlap_sphere_aabb({c, std::nextafter(5.0, 0.0)}, kBox));
      }
    }
  }
}

TEST(OverlapSphereAABB, SphereExactlyTouchingACornerOverlapsAndAnyLessDoesNot) {
  // 2-3-6-7 beyond every corner, in every assignment of the gaps to the axes.
  const double gaps[3] = {2.0, 3.0, 6.0};
  for (const auto& perm : kPermutations) {
    for (int signs = 0; signs < 8; ++signs) {
      Vec3 c{};
      for (int k = 0; k < 3; ++k)
        np::set(c, perm[k], ((signs >> k) & 1 ? -1.0 : 1.0) * (1.0 + gaps[k]));
      EXPECT_TRUE(np::overlap_sphere_aabb({c, 7.0}, kBox));
      EXPECT_FALSE(
          np::overlap_sphere_aabb({c, std::nextafter(7.0, 0.0)}, kBox));
    }
  }
}

TEST(OverlapSphereAABB, RadiusZeroIsAPointInClosedBoxTest) {
  EXPECT_TRUE(np::overlap_sphere_aabb({{0.25, -0.5, 0.75}, 0.0}, kBox));
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      Vec3 c{0.25, -0.5, 0.75};
      np::set(c, i, s);
      EXPECT_TRUE(np::overlap_sphere_aabb({c, 0.0}, kBox)) << "on the face";
      np::set(c, i, std::nextafter(s, 2.0 * s));
      EXPECT_FALSE(np::overlap_sphere_aabb({c, 0.0}, kBox))
          << "one ulp outside the face";
    }
  }
  EXPECT_TRUE(np::overlap_sphere_aabb({{1.0, -1.0, 1.0}, 0.0}, kBox))
      << "on a corner";
}

TEST(OverlapSphereAABB, SphereContainingTheBoxOrInsideItOverlaps) {
  EXPECT_TRUE(np::overlap_sphere_aabb({{0.0, 0.0, 0.0}, 100.0}, kBox));
  EXPECT_TRUE(np::overlap_sphere_aabb({{0.5, 0.5, 0.5}, 0.1}, kBox));
}

TEST(OverlapSphereAABB, BoxWithMinEqualToMaxIsAValidPointBox) {
  const AABB point_box{{1.0, 2.0, 3.0}, {1.0, 2.0, 3.0}};
  EXPECT_TRUE(
      np::overlap_sphere_aabb({{1.0 + 3.0, 2.0 - 4.0, 3.0}, 5.0}, point_box));
  EXPECT_FALSE(np::overlap_sphere_aabb(
      {{1.0 + 3.0, 2.0 - 4.0, 3.0}, std::nextafter(5.0, 0.0)}, point_box));
  EXPECT_TRUE(np::overlap_sphere_aabb({{1.0, 2.0, 3.0}, 0.0}, point_box));
}

TEST(OverlapSphereAABB, TouchingIsExactForTinyBoxesFarFromTheOrigin) {
  // Every coordinate below is representable (the spacing near 1e6 is 2^-33), so
  // the 3-4-5 touching radius scaled by 2^-20 is exact at every offset: no
  // absolute epsilon decides anything.
  const double size = std::ldexp(1.0, -20);
  for (double offset : {0.0, 1e5, -1e6, 1e6}) {
    SCOPED_TRACE(testing::Message() << "offset " << offset);
    const AABB box{{offset, offset, offset},
                   {offset + size, offset + size, offset + size}};
    const Vec3 c{offset + size + 3.0 * size, offset - 4.0 * size,
                 offset + size / 2};
    EXPECT_TRUE(np::overlap_sphere_aabb({c, 5.0 * size}, box));
    EXPECT_FALSE(
        np::overlap_sphere_aabb({c, std::nextafter(5.0 * size, 0.0)}, box));
  }
}

// ---------------------------------------------------------------------------------------------------------
// OBB vs OBB
// ---------------------------------------------------------------------------------------------------------

// Regression (found by the JS tests' review of extreme inputs): squares
// overflowed to inf, and inf <= inf reported an overlap for a sphere 1e200 away
// from the box; squares below ~1e-308 underflowed to 0, and a point 1e-200
// outside the box "touched" it. Every expected answer here is exact.
TEST(OverlapSphereAABB,
     HugeAndTinyMagnitudesAreDecidedWithoutOverflowOrUnderflow) {
  const AABB box{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      // Gap 2e200 - 1 == 2e200 in double.
      EXPECT_FALSE(np::overlap_sphere_aabb(
          {axis_value(axis, sign * 2e200), 1e200}, box));
      EXPECT_TRUE(np::overlap_sphere_aabb(
          {axis_value(axis, sign * 2e200), 3e200}, box));
      EXPECT_TRUE(np::overlap_sphere_aabb(
          {axis_value(axis, sign * 2e200), 2e200}, box));  // touching
    }
    const AABB below{
        {-1.0, -1.0, -1.0},
        {0.0, 0.0, 0.0}};  // the point is 1e-200 beyond the max face
    EXPECT_FALSE(
        np::overlap_sphere_aabb({axis_value(axis, 1e-200), 0.0}, below));
    EXPECT_FALSE(
        np::overlap_sphere_aabb({axis_value(axis, 1e-200), 0.5e-200}, below));
    EXPECT_TRUE(np::overlap_sphere_aabb({axis_value(axis, 1e-200), 1e-200},
                                        below));  // touching
    EXPECT_TRUE(np::overlap_sphere_aabb({axis_value(axis, 0.0), 1e-300},
                                        below));  // on the face
  }
}

TEST(OverlapOBBOBB, CoincidentBoxesOverlap) {
  std::mt19937_64 rng(3);
  for (int n = 0; n < 100; ++n) {
    const OBB box =
        make_obb({1.5, -2.0, 0.25}, {0.5, 1.0, 2.0}, random_rotation(rng));
    EXPECT_TRUE(np::overlap_obb_obb(box, box));
    EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(box, box)), -1);
  }
}

TEST(OverlapOBBOBB,
     FaceTouchingBoxesOverlapAndOneUlpApartAreSeparatedByThatFaceAxis) {
  // Axis-aligned rotations (entries 0 and +-1, one a reflection) keep all
  // arithmetic exact.
  const Rotation rotations[] = {
      kIdentity,
      {{{0.0, 1.0, 0.0},
        {0.0, 0.0, 1.0},
        {1.0, 0.0, 0.0}}},  // cyclic axis permutation
      {{{0.0, 1.0, 0.0},
        {-1.0, 0.0, 0.0},
        {0.0, 0.0, 1.0}}},  // 90 degrees about z
      {{{1.0, 0.0, 0.0}, {0.0, -1.0, 0.0}, {0.0, 0.0, 1.0}}},  // reflection
  };
  // A at the origin, so that b.center - a.center is b.center exactly and one
  // ulp of it survives.
  const OBB a = make_obb({0.0, 0.0, 0.0}, {1.0, 2.0, 3.0}, kIdentity);
  for (const Rotation& rb : rotations) {
    for (int i = 0; i < 3; ++i) {
      for (double s : {-1.0, 1.0}) {
        SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
        OBB b = make_obb({0.0, 0.0, 0.0}, {0.5, 1.5, 0.25}, rb);
        double extent = 0.0;  // b's half extent along world axis i
        for (int j = 0; j < 3; ++j)
          extent += np::get(b.half_size, j) * std::fabs(np::get(b.axis[j], i));
        b.center = a.center +
                   axis_value(i, s * (np::get(a.half_size, i) + extent)) +
                   axis_value((i + 1) % 3, 0.5);
        EXPECT_TRUE(np::overlap_obb_obb(a, b));
        EXPECT_TRUE(np::overlap_obb_obb(b, a));
        np::set(b.center, i, std::nextafter(np::get(b.center, i), s * 100.0));
        EXPECT_FALSE(np::overlap_obb_obb(a, b));
        EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(a, b)),
                  i);    // A's face axes are tested first
        int b_axis = 0;  // the column of B along world axis i separates when B
                         // comes first
        while (np::get(b.axis[b_axis], i) == 0.0) ++b_axis;
        EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(b, a)),
                  b_axis);
      }
    }
  }
}

TEST(OverlapOBBOBB,
     BoxesWithExactlyParallelAxesAndOverlappingOffsetsAlwaysOverlap) {
  // Parallel axes make the edge x edge axes A.axis[i] x B.axis[j] of parallel
  // pairs rounding-noise vectors; without the slack on those axes that noise
  // can "separate" overlapping boxes (Ericson 4.4.1). Offsets are drawn along
  // A's axes within 99.9% of the sums of the half extents, so every pair truly
  // overlaps. Three ways to get parallel axes:
  //  - the same rotation matrix for both (then R = A^T A is symmetric and the
  //  noise cancels exactly: this
  //    one cannot fail even without the slack, but it is the case users write
  //    first);
  //  - B's quaternion = A's times a 90 degree turn about one of A's axes,
  //  multiplied out in double: B's axes
  //    are A's, permuted and signed, up to rounding (without the slack ~17% of
  //    these are separated);
  //  - A's matrix rounded to float32, as three.js Matrix3 data would be
  //  (likewise ~17% without it).
  std::mt19937_64 rng(0xA11E1);
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> half(0.0, 3.0), frac(-0.999, 0.999),
      pos(-50.0, 50.0);
  const char* kVariants[] = {"same matrix", "q times 90 degrees about x",
                             "q times 90 degrees about y",
                             "q times 90 degrees about z", "float32 copy"};
  int failures[5] = {};
  for (int n = 0; n < 10000; ++n) {
    double q[4] = {gauss(rng), gauss(rng), gauss(rng), gauss(rng)};
    const double len =
        std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& c : q) c /= len;
    const Rotation ra = rotation_from_quaternion(q[0], q[1], q[2], q[3]);
    Vec3 ha{half(rng), half(rng), half(rng)},
        hb{half(rng), half(rng), half(rng)};
    if (n % 2 == 1) {
      // Every other pair long and thin (100:1) along one axis, so that the
      // centers can be far apart along the parallel edges: the rounding of
      // b.center - a.center then dominates the edge axes' noise.
      np::set(ha, n % 3, np::get(ha, n % 3) * 100.0);
      np::set(hb, (n / 3) % 3, np::get(hb, (n / 3) % 3) * 100.0);
    }
    const Vec3 ca{pos(rng), pos(rng), pos(rng)};
    const double f[3] = {frac(rng), frac(rng), frac(rng)};
    for (int variant = 0; variant < 5; ++variant) {
      Rotation rb = ra;
      if (variant >= 1 && variant <= 3) {
        // (w, v) (c, s e_k) = (w c - s v_k, w s e_k + c v + s v x e_k), c = s =
        // sqrt(1/2).
        const double c = std::sqrt(0.5), s = c;
        const int k = variant - 1;
        const Vec3 v{q[1], q[2], q[3]};
        const Vec3 vq =
            v * c + axis_value(k, q[0] * s) + np::cross(v, axis_value(k, s));
        rb = rotation_from_quaternion(q[0] * c - s * np::get(v, k), vq.x, vq.y,
                                      vq.z);
      } else if (variant == 4) {
        for (Vec3& col : rb.col)
          col = {static_cast<float>(col.x), static_cast<float>(col.y),
                 static_cast<float>(col.z)};
      }
      // B's half extent along A's axis i is the half size of B's column
      // parallel to it.
      Vec3 cb = ca;
      for (int i = 0; i < 3; ++i) {
        double hb_along = 0.0;
        for (int j = 0; j < 3; ++j) {
          if (std::fabs(np::dot(ra.col[i], rb.col[j])) > 0.5)
            hb_along = np::get(hb, j);
        }
        cb = cb + ra.col[i] * (f[i] * (np::get(ha, i) + hb_along));
      }
      const OBB a = make_obb(ca, ha, ra), b = make_obb(cb, hb, rb);
      ASSERT_TRUE(np::validate(b).ok());
      if (!np::overlap_obb_obb(a, b) && ++failures[variant] <= 3) {
        ADD_FAILURE() << kVariants[variant] << ", case " << n
                      << " (seed 0xA11E1): separated on axis "
                      << np_test::axis_index(np::separating_axis_obb_obb(a, b));
      }
    }
  }
  for (int variant = 0; variant < 5; ++variant)
    EXPECT_EQ(failures[variant], 0) << kVariants[variant];
}

TEST(OverlapOBBOBB, BoxBeyondARotatedBoxIsSeparatedByItsOwnFaceAxis) {
  // A is rotated 45 degrees about world axis k, so along world axis j != k it
  // reaches sqrt(2); B, axis aligned, sits beyond it along j. A's tilted face
  // axes see the centers only (sqrt(2) + 1.25) / sqrt(2) = 1.88 apart against
  // radii 2.41, so the first separating axis is B's face axis j (index 3 + j).
  for (int k = 0; k < 3; ++k) {
    for (int j = 0; j < 3; ++j) {
      if (j == k) continue;
      for (double s : {-1.0, 1.0}) {
        SCOPED_TRACE(testing::Message() << "rotated about " << k << ", B along "
                                        << j << " sign " << s);
        const OBB a = make_obb({0.0, 0.0, 0.0}, {1.0, 1.0, 1.0},
                               rotation_about_axis(k, M_PI / 4));
        const OBB b = make_obb(axis_value(j, s * (std::sqrt(2.0) + 1.0 + 0.25)),
                               {1.0, 1.0, 1.0}, kIdentity);
        EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(a, b)),
                  3 + j);
        EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(b, a)), j);
        // Moved in to a 0.25 overlap along j, nothing separates.
        const OBB near =
            make_obb(axis_value(j, s * (std::sqrt(2.0) + 1.0 - 0.25)),
                     {1.0, 1.0, 1.0}, kIdentity);
        EXPECT_TRUE(np::overlap_obb_obb(a, near));
      }
    }
  }
}

TEST(OverlapOBBOBB,
     NearlyParallelBoxesSeparatedOnlyByAnEdgeCrossEdgeAxisAreSeparated) {
  // Article 003 returns "overlap" after the six face axes whenever some
  // |A.axis[i] . B.axis[j]| > 0.999999. This configuration has such a pair and
  // is separated only on an edge x edge axis:
  //   A: thin plate x in [-0.2, 0], |y|, |z| <= 1, axis aligned.
  //   B: the same plate turned 45 degrees about x (its face is a diamond over
  //   A's square), then tilted by
  //      theta = 1.4e-3 rad (cos theta = 1 - 9.8e-7 > 0.999999) about an axis
  //      in the yz plane, with its near face centered at (g, 0, 0).
  // Along u = (0, cos 22.5deg, sin 22.5deg), B's near face drops toward A at
  // slope tan(theta). The diamond's corner and A's square corner both
  // lie 1.3066 along u, so for g < 1.3066 tan(theta) each box pokes past the
  // other's face plane (outside the other's face): neither x face axis
  // separates. The faces' common region (an octagon) reaches only 1.0824 along
  // u, so for g > 1.0824 tan(theta) the plates never meet: the separating axis
  // is A's z edge x B's diamond edge. g halfway leaves ~1.6e-4 on both sides.
  const double theta = 1.4e-3, alpha = M_PI / 8;
  const Vec3 k{0.0, -std::sin(alpha), std::cos(alpha)};  // tilt axis: x x u
  auto tilt = [&](Vec3 v) {  // Rodrigues' rotation of v by theta about k
    return v * std::cos(theta) + np::cross(k, v) * std::sin(theta) +
           k * (np::dot(k, v) * (1 - std::cos(theta)));
  };
  const double c45 = std::sqrt(0.5);
  const Rotation rb{
      {tilt({1.0, 0.0, 0.0}), tilt({0.0, c45, c45}), tilt({0.0, -c45, c45})}};
  const double g =
      0.5 * (1.0823922002923940 + 1.3065629648763766) * std::tan(theta);
  const OBB a0 = make_obb({-0.1, 0.0, 0.0}, {0.1, 1.0, 1.0}, kIdentity);
  const OBB b0 =
      make_obb(Vec3{g, 0.0, 0.0} + rb.col[0] * 0.1, {0.1, 1.0, 1.0}, rb);
  ASSERT_TRUE(np::validate(b0).ok());

  // The same configuration under every cyclic relabeling and mirroring of the
  // world axes.
  for (int shift = 0; shift < 3; ++shift) {
    for (int signs = 0; signs < 8; ++signs) {
      SCOPED_TRACE(testing::Message()
                   << "axes shifted by " << shift << ", mirror bits " << signs);
      const OBB a = transform(a0, shift, signs),
                b = transform(b0, shift, signs);

      // The article's early-out would fire: some axis pair is within its
      // 0.999999 cutoff.
      double max_cos = 0.0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
          max_cos = std::max(max_cos, std::fabs(np::dot(a.axis[i], b.axis[j])));
      EXPECT_GT(max_cos, 0.999999);

      // No face axis separates: on each, the corner projections overlap by at
      // least the margin.
      const long double margin = 1e-4L;
      for (int f = 0; f < 6; ++f)
        EXPECT_LT(projection_gap(a, b, sat_axis(a, b, f)), -margin)
            << "face axis " << f;

      const int axis = np_test::axis_index(np::separating_axis_obb_obb(a, b));
      ASSERT_GE(axis, 6) << "must be separated by an edge x edge axis";
      EXPECT_FALSE(np::overlap_obb_obb(a, b));
      EXPECT_FALSE(np::overlap_obb_obb(b, a));

      // The reported axis really separates the corners, by far more than the
      // edge-axis slack can shift the test: kObbEdgeAxisSlack * (rotation error
      // + 2^-52) * (four half sizes + |tw|_1), over |L| in world units along
      // the unit axis (these rotations are exact to a few ulps: the error term
      // is taken as 1e-15).
      const Vec3 l = sat_axis(a, b, axis);
      const int i = (axis - 6) / 3, j = (axis - 6) % 3;
      const Vec3 tw = b.center - a.center;
      const double slack_shift =
          np::kObbEdgeAxisSlack * 1e-15 *
          (np::get(a.half_size, (i + 1) % 3) +
           np::get(a.half_size, (i + 2) % 3) +
           np::get(b.half_size, (j + 1) % 3) +
           np::get(b.half_size, (j + 2) % 3) + std::fabs(tw.x) +
           std::fabs(tw.y) + std::fabs(tw.z)) /
          std::sqrt(np::length_squared(l));
      const long double gap = projection_gap(a, b, l);
      EXPECT_GT(gap, margin);
      EXPECT_GT(gap, 20.0L * slack_shift);
    }
  }
}

TEST(OverlapOBBOBB,
     LongBoxesAFewMicroradiansFromParallelKeepAGapAlongTheirEdges) {
  // Found by probing: two 200-long bars, each turned 45 degrees about its long
  // axis so that an edge points at the other, B twisted by theta about z and
  // lifted so that those two edges pass `gap` apart. For theta >= 1e-4 only A.x
  // x B.x (axis 6) can separate them. A fixed 1e-6 epsilon on |R| hid gaps of
  // 0.005 up to theta = 1e-3; the slack sized by the rotations' own error (a
  // few ulps here) does not.
  const double c = std::sqrt(0.5);
  for (double theta : {1e-3, 1e-4, 1e-5, 1e-6}) {
    for (double gap : {0.005, -0.005}) {
      SCOPED_TRACE(testing::Message() << "theta " << theta << " gap " << gap);
      const double ct = std::cos(theta), st = std::sin(theta);
      for (bool float32 : {false, true}) {
        SCOPED_TRACE(float32 ? "rotations rounded to float32"
                             : "rotations in double");
        // Rounded to float32 (as three.js Matrix3 or glTF data would be), the
        // rotations are ~1e-8 from orthonormal; the test makes them orthonormal
        // first rather than widening its slack by that much.
        const auto f = [&](double x) {
          return float32 ? static_cast<double>(static_cast<float>(x)) : x;
        };
        const OBB a{{0.0, 0.0, 0.0},
                    {100.0, 1.0, 1.0},
                    {{1.0, 0.0, 0.0}, {0.0, f(c), f(c)}, {0.0, f(-c), f(c)}}};
        const OBB b{{0.0, 0.0, 2.0 * std::sqrt(2.0) + gap},
                    {100.0, 1.0, 1.0},
                    {{f(ct), f(st), 0.0},
                     {f(-st * c), f(ct * c), f(c)},
                     {f(st * c), f(-ct * c), f(c)}}};
        ASSERT_TRUE(np::validate(a).ok());
        ASSERT_TRUE(np::validate(b).ok());
        if (gap > 0.0) {
          // From theta ~1e-5 down, B's long axis tilts so little (100 theta <
          // gap) that A's face axis A.y sees the gap too; above, only the edge
          // axis does.
          const int axis =
              np_test::axis_index(np::separating_axis_obb_obb(a, b));
          if (theta >= 1e-4) EXPECT_EQ(axis, 6);
          ASSERT_GE(axis, 0);
          EXPECT_FALSE(np::overlap_obb_obb(b, a));
          EXPECT_GT(projection_gap(a, b, sat_axis(a, b, axis)),
                    0.0L);  // the corners agree: really apart
        } else {
          EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(a, b)), -1);
          EXPECT_TRUE(np::overlap_obb_obb(b, a));
        }
      }
    }
  }
}

TEST(OverlapOBBOBB,
     Float32RotationsOfLongBoxesKeepA0Point009GapFoundByProbing) {
  // Two 100 x 1 x 1 bars with float32 rotations (orthonormal to 5e-8) whose
  // exact separating axis test finds a gap of 0.009 on A.x x B.x. A slack sized
  // by that 5e-8 error hid it (1.49e-5 > the test's 1.45e-5).
  const OBB a{{0.0, 0.0, 0.0},
              {50.0, 0.5, 0.5},
              {{0.46185603737831116, -0.8152738809585571, -0.3493099808692932},
               {0.6673258543014526, 0.5788358449935913, -0.4686419367790222},
               {0.5842646956443787, -0.01665847934782505, 0.8113921880722046}}};
  const OBB b{
      {9.712449309497579, -17.36582616874423, -5.925586910902289},
      {50.0, 0.5, 0.5},
      {{0.46327298879623413, -0.8145200610160828, -0.34919223189353943},
       {-0.4303460121154785, -0.5512157678604126, 0.7148171067237854},
       {-0.7747131586074829, -0.18088196218013763, -0.605888843536377}}};
  ASSERT_TRUE(np::validate(a).ok());
  ASSERT_TRUE(np::validate(b).ok());
  EXPECT_EQ(np_test::axis_index(np::separating_axis_obb_obb(a, b)), 6);
  EXPECT_FALSE(np::overlap_obb_obb(b, a));
}

TEST(OverlapOBBOBB, ZeroHalfSizesMakeAValidPointOrPlate) {
  const OBB box = make_obb({0.0, 0.0, 0.0}, {1.0, 2.0, 3.0}, kIdentity);
  for (int i = 0; i < 3; ++i) {
    for (double s : {-1.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << i << " sign " << s);
      const double face = s * np::get(box.half_size, i);
      // A point box on the face overlaps, one ulp outside does not.
      const OBB on = make_obb(axis_value(i, face), {0.0, 0.0, 0.0}, kIdentity);
      EXPECT_TRUE(np::overlap_obb_obb(box, on));
      EXPECT_TRUE(np::overlap_obb_obb(on, box));
      const OBB off = make_obb(axis_value(i, std::nextafter(face, 10.0 * s)),
                               {0.0, 0.0, 0.0}, kIdentity);
      EXPECT_FALSE(np::overlap_obb_obb(box, off));
      EXPECT_FALSE(np::overlap_obb_obb(off, box));
    }
  }
  // A point inside a rotated box, and a plate (zero thickness) crossing it.
  std::mt19937_64 rng(11);
  const Rotation r = random_rotation(rng);
  const OBB rotated = make_obb({1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, r);
  EXPECT_TRUE(np::overlap_obb_obb(
      rotated, make_obb({1.0, 1.0, 1.0}, {0.0, 0.0, 0.0}, kIdentity)));
  EXPECT_TRUE(np::overlap_obb_obb(
      rotated, make_obb({1.0, 1.0, 1.0}, {5.0, 5.0, 0.0}, kIdentity)));
  EXPECT_FALSE(np::overlap_obb_obb(
      rotated, make_obb({1.0, 1.0, 1.0 + 1.8}, {5.0, 5.0, 0.0}, kIdentity)));
  // Two coplanar plates: overlapping in the plane, then apart in it.
  const OBB p1 = make_obb({0.0, 0.0, 0.0}, {1.0, 1.0, 0.0}, kIdentity);
  EXPECT_TRUE(np::overlap_obb_obb(p1, make_obb({1.5, 0.5, 0.0}, {1.0, 1.0, 0.0},
                                               rotation_about_axis(2, 0.3))));
  EXPECT_FALSE(np::overlap_obb_obb(
      p1,
      make_obb({3.5, 0.0, 0.0}, {1.0, 1.0, 0.0}, rotation_about_axis(2, 0.3))));
}

// ---------------------------------------------------------------------------------------------------------
// Flat C interface
// ---------------------------------------------------------------------------------------------------------

TEST(FlatOverlap, SphereAABBMatchesTheTypedFunction) {
  std::mt19937_64 rng(0x5B);
  std::uniform_real_distribution<double> u(-3.0, 3.0), r(0.0, 2.0);
  for (int n = 0; n < 500; ++n) {
    const Sphere s{{u(rng), u(rng), u(rng)}, r(rng)};
    double io[NP_IO_DOUBLES] = {
        s.center.x, s.center.y, s.center.z, s.radius, -1, -1, -1, 1, 1, 1};
    EXPECT_EQ(np_overlapSphereAABB(io),
              np::overlap_sphere_aabb(s, kBox) ? 1 : 0);
  }
}

TEST(FlatOverlap, SphereAABBReportsTheProblemAndTheSlotOfBadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto call = [](std::array<double, 10> in) {
    double io[NP_IO_DOUBLES] = {};
    std::copy(in.begin(), in.end(), io);
    return np_overlapSphereAABB(io);
  };
  EXPECT_EQ(call({0, 0, 0, -1, -1, -1, -1, 1, 1, 1}),
            -(2 << 8 | 3));  // negative radius
  EXPECT_EQ(call({0, 0, 0, nan, -1, -1, -1, 1, 1, 1}),
            -(1 << 8 | 3));  // NaN radius: not finite first
  EXPECT_EQ(call({0, 0, 0, 1, nan, -1, -1, 1, 1, 1}),
            -(1 << 8 | 4));  // box.min.x
  EXPECT_EQ(call({0, 0, 0, 1, -1, 2, -1, 1, 1, 1}),
            -(3 << 8 | 5));  // min.y > max.y
  EXPECT_EQ(call({0, 0, 0, 1, -1, -1, -1, 1, 1, 1}),
            1);  // and the next call works
}

TEST(FlatOverlap, OBBOBBMatchesTheTypedFunctions) {
  std::mt19937_64 rng(0x0BB);
  std::uniform_real_distribution<double> u(-3.0, 3.0), h(0.0, 2.0);
  int overlapping = 0;
  for (int n = 0; n < 500; ++n) {
    const OBB a = make_obb({u(rng), u(rng), u(rng)}, {h(rng), h(rng), h(rng)},
                           random_rotation(rng));
    const OBB b = make_obb({u(rng), u(rng), u(rng)}, {h(rng), h(rng), h(rng)},
                           random_rotation(rng));
    double io[NP_IO_DOUBLES];
    for (const OBB* box : {&a, &b}) {
      double* p = io + (box == &a ? 0 : 15);
      const Vec3 v[5] = {box->center, box->half_size, box->axis[0],
                         box->axis[1], box->axis[2]};
      for (int k = 0; k < 5; ++k)
        p[3 * k] = v[k].x, p[3 * k + 1] = v[k].y, p[3 * k + 2] = v[k].z;
    }
    const int axis = np_test::axis_index(np::separating_axis_obb_obb(a, b));
    EXPECT_EQ(np_separatingAxisOBBOBB(io),
              axis + 1);  // flat: 1 + the axis, 0 for none
    EXPECT_EQ(np_overlapOBBOBB(io), axis < 0 ? 1 : 0);
    overlapping += axis < 0;
  }
  EXPECT_GT(overlapping, 50);  // both outcomes were exercised
  EXPECT_LT(overlapping, 450);
}

TEST(FlatOverlap, OBBOBBReportsTheProblemAndTheSlotOfBadInput) {
  auto fresh = [](double* io) {
    const double box[15] = {0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    std::copy(box, box + 15, io);
    std::copy(box, box + 15, io + 15);
  };
  double io[NP_IO_DOUBLES];
  for (auto fn : {np_overlapOBBOBB, np_separatingAxisOBBOBB}) {
    fresh(io);
    io[4] = -0.5;  // a.half_size.y
    EXPECT_EQ(fn(io), -(2 << 8 | 4));
    fresh(io);
    io[15 + 2] = std::numeric_limits<double>::infinity();  // b.center.z
    EXPECT_EQ(fn(io), -(1 << 8 | 17));
    fresh(io);
    io[15 + 6] = 2.0;  // b's first column scaled by 2: not orthonormal,
                       // reported at rotation 0
    EXPECT_EQ(fn(io), -(5 << 8 | 21));
    fresh(io);
    io[15 + 10] = std::numeric_limits<double>::quiet_NaN();  // b.rotation[4]:
                                                             // not finite wins
    EXPECT_EQ(fn(io), -(1 << 8 | 25));
    fresh(io);
    EXPECT_EQ(fn(io),
              fn == np_overlapOBBOBB ? 1 : 0);  // and the next call works
  }
}
