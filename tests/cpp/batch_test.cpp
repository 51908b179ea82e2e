// The batch kernels (narrowphase/batch.h) against the single calls on the same
// float32 inputs: seeded sets with every degenerate case mixed in, validation
// that names the first invalid element and writes nothing.
#include "narrowphase/batch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "narrowphase/closest_point.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"

namespace {

constexpr double kInf = INFINITY;

// Seeded float32 inputs in [-4, 4], with a share of them snapped to a coarse
// grid so that touching and flat configurations (radius 0, min == max, rays in
// face planes, zero-length casts) occur often.
struct Gen {
  std::mt19937 rng{12345};
  float coord() {
    std::uniform_real_distribution<float> u(-4.0f, 4.0f);
    const float v = u(rng);
    return rng() % 3 == 0 ? std::round(v * 2.0f) / 2.0f : v;
  }
  float length() {
    std::uniform_real_distribution<float> u(0.0f, 2.0f);
    const int pick = rng() % 6;
    return pick == 0   ? 0.0f
           : pick == 1 ? std::round(u(rng) * 2.0f) / 2.0f
                       : u(rng);
  }
  void box(float* b) {
    for (int k = 0; k < 3; ++k) {
      b[k] = coord();
      b[3 + k] = b[k] + length();
    }
  }
  // A rotation from a random unit quaternion, rounded to float32; a quarter
  // of them the identity with columns permuted or negated (parallel edges).
  void rotation(float* r) {
    if (rng() % 4 == 0) {
      const int p = rng() % 3;
      for (int k = 0; k < 9; ++k) r[k] = 0.0f;
      for (int c = 0; c < 3; ++c)
        r[3 * c + (c + p) % 3] = rng() % 2 ? 1.0f : -1.0f;
      return;
    }
    std::normal_distribution<double> g;
    double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
    const double l = std::sqrt(w * w + x * x + y * y + z * z);
    w /= l, x /= l, y /= l, z /= l;
    const double m[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
                         2 * (x * z - w * y),     2 * (x * y - w * z),
                         1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                         2 * (x * z + w * y),     2 * (y * z - w * x),
                         1 - 2 * (x * x + y * y)};
    for (int k = 0; k < 9; ++k) r[k] = static_cast<float>(m[k]);
  }
};

np::Vec3 v3(const float* f) { return {f[0], f[1], f[2]}; }
np::AABB aabb(const float* b) { return {v3(b), v3(b + 3)}; }
np::OBB obb(const float* o, double grow = 0.0) {
  return {v3(o),
          {o[3] + grow, o[4] + grow, o[5] + grow},
          {v3(o + 6), v3(o + 9), v3(o + 12)}};
}
// The answer rounded once to float32, as the batch reports it.
double f32(double v) { return static_cast<float>(v); }

// Float32 rounding, relative: decisions may differ within this many times the
// configuration's scale of the boundary.
constexpr double kBand = 1e-5;

TEST(Batch, OverlapSphereAABBMatchesTheSingleCall) {
  Gen gen;
  const uint32_t n = 20001;  // odd
  std::vector<float> s(4 * n), b(6 * n);
  for (uint32_t i = 0; i < n; ++i) {
    for (int k = 0; k < 3; ++k) s[4 * i + k] = gen.coord();
    s[4 * i + 3] = gen.length();
    gen.box(&b[6 * i]);
  }
  std::vector<uint8_t> out(n, 7);
  ASSERT_EQ(np_batch_overlapSphereAABB(s.data(), b.data(), n, out.data()), -1);
  int differ = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const np::Sphere sphere{v3(&s[4 * i]), s[4 * i + 3]};
    const bool single = np::overlap_sphere_aabb(sphere, aabb(&b[6 * i]));
    if (out[i] != single) {
      ++differ;
      // Only within rounding of touching.
      const double d = np::distance_point_aabb(sphere.center, aabb(&b[6 * i]));
      EXPECT_NEAR(d, sphere.radius, kBand * (1.0 + d)) << "element " << i;
    }
  }
  EXPECT_LE(differ, 2);
}

TEST(Batch, DistancePointAABBMatchesTheSingleCall) {
  Gen gen;
  const uint32_t n = 9999;
  std::vector<float> p(3 * n), b(6 * n);
  for (uint32_t i = 0; i < n; ++i) {
    for (int k = 0; k < 3; ++k) p[3 * i + k] = gen.coord();
    gen.box(&b[6 * i]);
  }
  std::vector<float> out(n);
  ASSERT_EQ(np_batch_distancePointAABB(p.data(), b.data(), n, out.data()), -1);
  for (uint32_t i = 0; i < n; ++i) {
    const double single =
        np::distance_point_aabb(v3(&p[3 * i]), aabb(&b[6 * i]));
    // One float32 rounding of a double within a few ulps: at most one float
    // ulp.
    EXPECT_NEAR(out[i], f32(single), std::ldexp(std::fabs(single), -23)) << i;
    if (single == 0.0) EXPECT_EQ(out[i], 0.0f) << i;  // inside: exactly 0
  }
}

TEST(Batch, RaycastAABBMatchesTheSingleCall) {
  Gen gen;
  const uint32_t n = 20001;
  std::vector<float> r(6 * n), b(6 * n);
  for (uint32_t i = 0; i < n; ++i) {
    for (int k = 0; k < 6; ++k) r[6 * i + k] = gen.coord();
    // Axis-parallel directions (with -0) in a third of the rays.
    if (i % 3 == 0) {
      r[6 * i + 3] = i % 2 ? -0.0f : 0.0f;
      r[6 * i + 4] = 0.0f;
    }
    if (r[6 * i + 3] == 0.0f && r[6 * i + 4] == 0.0f && r[6 * i + 5] == 0.0f) {
      r[6 * i + 5] = 1.0f;
    }
    gen.box(&b[6 * i]);
  }
  for (double max_distance : {kInf, 3.0}) {
    std::vector<float> out(n);
    ASSERT_EQ(
        np_batch_raycastAABB(r.data(), b.data(), max_distance, n, out.data()),
        -1);
    int differ = 0;
    for (uint32_t i = 0; i < n; ++i) {
      const np::Ray ray{v3(&r[6 * i]), v3(&r[6 * i + 3])};
      np::RayHit hit;
      const bool single =
          np::raycast_aabb(ray, aabb(&b[6 * i]), max_distance, &hit);
      if (single && out[i] != kInf) {
        EXPECT_NEAR(out[i], f32(hit.distance), 1e-6 * (1.0 + hit.distance))
            << i;
        continue;
      }
      if (single == (out[i] != kInf)) continue;
      ++differ;
      // A hit/miss disagreement only within rounding of the boundary: the box
      // grown by the band hits, shrunk by it misses (or the distance is at
      // max_distance).
      const double g = kBand * 8.0;
      np::AABB grown = aabb(&b[6 * i]), shrunk = grown;
      grown.min = grown.min - np::Vec3{g, g, g};
      grown.max = grown.max + np::Vec3{g, g, g};
      shrunk.min = shrunk.min + np::Vec3{g, g, g};
      shrunk.max = shrunk.max - np::Vec3{g, g, g};
      const bool near_max = single ? std::fabs(hit.distance - max_distance) < g
                                   : std::fabs(out[i] - max_distance) < g;
      const bool flips =
          np::raycast_aabb(ray, grown, max_distance + g, &hit) &&
          !(shrunk.min.x <= shrunk.max.x && shrunk.min.y <= shrunk.max.y &&
            shrunk.min.z <= shrunk.max.z &&
            np::raycast_aabb(ray, shrunk, max_distance, &hit));
      EXPECT_TRUE(near_max || flips) << "element " << i;
    }
    EXPECT_LE(differ, 5);
  }
}

TEST(Batch, OverlapOBBOBBMatchesTheSingleCall) {
  Gen gen;
  const uint32_t n = 20001;
  std::vector<float> a(15 * n), b(15 * n);
  for (uint32_t i = 0; i < n; ++i) {
    for (float* o : {&a[15 * i], &b[15 * i]}) {
      for (int k = 0; k < 3; ++k) o[k] = gen.coord() * 0.75f;
      for (int k = 3; k < 6; ++k) o[k] = gen.length();
      gen.rotation(o + 6);
    }
  }
  std::vector<uint8_t> out(n);
  ASSERT_EQ(np_batch_overlapOBBOBB(a.data(), b.data(), n, out.data()), -1);
  int differ = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const bool single = np::overlap_obb_obb(obb(&a[15 * i]), obb(&b[15 * i]));
    if (out[i] == single) continue;
    ++differ;
    // Within rounding of touching: the boxes grown by the band overlap, shrunk
    // by it (where they can be) they do not.
    const double g = kBand * 8.0;
    EXPECT_TRUE(np::overlap_obb_obb(obb(&a[15 * i], g), obb(&b[15 * i], g)))
        << i;
    const float* pa = &a[15 * i];
    const float* pb = &b[15 * i];
    const double m = std::min({pa[3], pa[4], pa[5], pb[3], pb[4], pb[5]});
    if (m >= g) {
      EXPECT_FALSE(np::overlap_obb_obb(obb(pa, -g), obb(pb, -g))) << i;
    }
  }
  EXPECT_LE(differ, 20);
}

// The OBB kernel's early reject (obbs_apart in batch.cpp: bounding spheres
// apart by kBatchObbApartMargin, in float32) against the single call, which
// decides exactly: pairs at its near ties and at touching, at every float32
// magnitude from subnormals to where the squares overflow. Boxes touching
// corner to corner must overlap (a reject without its factor 2, or with a
// margin below 1, fails here), and every answer must be the single call's.
TEST(Batch, OverlapOBBOBBEarlyRejectAtNearTiesAndEveryMagnitude) {
  Gen gen;
  std::vector<float> a, b;
  std::vector<bool> strict;  // axis-aligned pairs: the answer must be exact
  const auto push = [&](const float* p, const float* q, bool exact) {
    a.insert(a.end(), p, p + 15);
    b.insert(b.end(), q, q + 15);
    strict.push_back(exact);
  };
  const float identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  // The reject's threshold for two equal cubes corner to corner: each center
  // coordinate apart by 2h sqrt(1 + margin) ~ 2h (1 + 2^-9).
  const double tie = std::sqrt(1.0 + np::kBatchObbApartMargin) - 1.0;
  for (float s : {0x1p-149f * 5, 0x1p-140f, 0x1p-126f, 1e-20f, 1e-3f, 1.0f,
                  1e3f, 1e18f, 1e20f, 1e36f}) {
    for (double delta : {-0x1p-10, -0x1p-22, 0.0, 0x1p-22, 0x1p-10, tie,
                         tie * (1 - 0x1p-12), tie * (1 + 0x1p-12), 0.5}) {
      for (int shape = 0; shape < 3; ++shape) {
        // Cubes, then unequal boxes (one flat), touching corner to corner at
        // delta = 0 along the diagonal, in the eight diagonal directions.
        const float ha[3] = {s, shape == 0 ? s : 0.5f * s, s};
        const float hb[3] = {shape == 2 ? 0.0f : s, s, shape == 0 ? s : 2 * s};
        const int signs = gen.rng() % 8;
        float p[15] = {0, 0, 0, ha[0], ha[1], ha[2]}, q[15] = {};
        for (int k = 0; k < 3; ++k) {
          q[k] = static_cast<float>((ha[k] + hb[k]) * (1.0 + delta) *
                                    (signs >> k & 1 ? -1.0 : 1.0));
          q[3 + k] = hb[k];
        }
        std::copy(identity, identity + 9, p + 6);
        std::copy(identity, identity + 9, q + 6);
        push(p, q, true);
        // Rotated boxes, centers apart along a random direction by the sum
        // of the bounding radii, or by the reject's threshold, times 1 +
        // delta.
        float r[15], t[15];
        for (float* o : {r, t}) {
          for (int k = 3; k < 6; ++k)
            o[k] = s * static_cast<float>(gen.rng() % 5) * 0.5f;
          gen.rotation(o + 6);
        }
        std::normal_distribution<double> g;
        double u[3] = {g(gen.rng), g(gen.rng), g(gen.rng)};
        const double ul = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
        const double ra2 =
            double(r[3]) * r[3] + double(r[4]) * r[4] + double(r[5]) * r[5];
        const double rb2 =
            double(t[3]) * t[3] + double(t[4]) * t[4] + double(t[5]) * t[5];
        const double dist =
            (shape == 2
                 ? std::sqrt(2 * (ra2 + rb2) * (1 + np::kBatchObbApartMargin))
                 : std::sqrt(ra2) + std::sqrt(rb2)) *
            (1.0 + delta);
        for (int k = 0; k < 3; ++k) {
          r[k] = s * static_cast<float>(gen.coord());
          t[k] = static_cast<float>(r[k] + dist * u[k] / ul);
        }
        push(r, t, false);
      }
    }
  }
  const uint32_t n = static_cast<uint32_t>(strict.size());
  std::vector<uint8_t> out(n);
  ASSERT_EQ(np_batch_overlapOBBOBB(a.data(), b.data(), n, out.data()), -1);
  int overlapping = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const float* pa = &a[15 * i];
    const float* pb = &b[15 * i];
    const bool single = np::overlap_obb_obb(obb(pa), obb(pb));
    overlapping += single;
    if (strict[i]) {
      EXPECT_EQ(out[i], single) << "element " << i;
      continue;
    }
    if (out[i] == single) continue;
    // Rotated boxes: within rounding of touching, at their scale.
    const double g =
        kBand * 8.0 *
        std::max({pa[3], pa[4], pa[5], pb[3], pb[4], pb[5], 0x1p-149f});
    EXPECT_TRUE(np::overlap_obb_obb(obb(pa, g), obb(pb, g))) << "element " << i;
  }
  EXPECT_GT(overlapping, static_cast<int>(n / 8));  // both answers occur
}

TEST(Batch, SphereCastSphereMatchesTheSingleCall) {
  Gen gen;
  const uint32_t n = 20001;
  std::vector<float> c(7 * n), t(4 * n);
  for (uint32_t i = 0; i < n; ++i) {
    for (int k = 0; k < 6; ++k) c[7 * i + k] = gen.coord();
    if (i % 10 == 0) {  // zero-length casts
      for (int k = 0; k < 3; ++k) c[7 * i + 3 + k] = c[7 * i + k];
    }
    c[7 * i + 6] = gen.length();
    for (int k = 0; k < 3; ++k) t[4 * i + k] = gen.coord();
    t[4 * i + 3] = gen.length();
  }
  std::vector<float> out(n);
  ASSERT_EQ(np_batch_sphereCastSphere(c.data(), t.data(), n, out.data()), -1);
  int differ = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const float* p = &c[7 * i];
    const np::Sphere target{v3(&t[4 * i]), t[4 * i + 3]};
    np::ShapeCastHit hit;
    const bool single =
        np::sphere_cast_sphere(v3(p), v3(p + 3), p[6], target, &hit);
    if (single && out[i] != kInf) {
      // Fractions within float32 rounding (ill-conditioned grazing paths: the
      // square root of the double rounding, still below a float32 ulp scale).
      EXPECT_NEAR(out[i], f32(hit.fraction), 4e-7) << i;
      continue;
    }
    if (single == (out[i] != kInf)) continue;
    ++differ;
    // Within rounding of touching: a larger radius hits, a smaller one misses.
    const double g = kBand * 8.0;
    EXPECT_TRUE(
        np::sphere_cast_sphere(v3(p), v3(p + 3), p[6] + g, target, &hit))
        << i;
    if (p[6] >= g) {
      EXPECT_FALSE(
          np::sphere_cast_sphere(v3(p), v3(p + 3), p[6] - g, target, &hit))
          << i;
    }
  }
  EXPECT_LE(differ, 5);
}

TEST(Batch, DegenerateCasesAnswerAsTheConventionsSay) {
  // Radius 0 touching a face; a flat box; a ray starting inside; a
  // zero-length cast touching; a ray in a face plane; a cast ending exactly
  // in contact.
  const float s[] = {1, 0, 0, 0, 0, 2, 0, 0};
  const float b[] = {-1, -1, -1, 1, 1, 1, -1, 0, -1, 1, 0, 1};
  uint8_t o[2];
  ASSERT_EQ(np_batch_overlapSphereAABB(s, b, 2, o), -1);
  EXPECT_EQ(o[0], 1);  // radius 0 on the face
  EXPECT_EQ(o[1], 0);  // a flat box 2 below
  const float r[] = {0, 0, 0, 1,  0, 0, -5, 1,     0,
                     1, 0, 0, -5, 0, 0, -1, -0.0f, 0};
  const float rb[] = {-1, -1, -1, 1,  1,  1,  -1, -1, -1,
                      1,  1,  1,  -1, -1, -1, 1,  1,  1};
  float d[3];
  ASSERT_EQ(np_batch_raycastAABB(r, rb, kInf, 3, d), -1);
  EXPECT_EQ(d[0], 0.0f);  // starts inside
  EXPECT_EQ(d[1], 4.0f);  // lies in the face plane y = 1: hits the closed box
  EXPECT_EQ(d[2], kInf);  // points away
  const float c[] = {2, 0, 0, 2, 0, 0, 1, -5, 0, 0,   -2,
                     0, 0, 1, 0, 3, 0, 0, 3,  0, 0.5f};
  const float t[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  float f[3];
  ASSERT_EQ(np_batch_sphereCastSphere(c, t, 3, f), -1);
  EXPECT_EQ(f[0], 0.0f);  // zero-length, touching: an overlap test that hits
  EXPECT_EQ(f[1], 1.0f);  // contact exactly at the end
  EXPECT_EQ(f[2], kInf);  // zero-length, 3 apart with a reach of 1.5: misses
}

TEST(Batch, ReturnsTheFirstInvalidElementAndWritesNothing) {
  std::vector<float> s(4 * 300, 0.0f), b(6 * 300, 0.0f);
  s[4 * 200 + 3] = -1.0f;  // a negative radius at 200
  b[6 * 250 + 1] = NAN;    // NaN at 250
  b[6 * 260 + 0] = 2.0f;   // min > max at 260
  std::vector<uint8_t> out(300, 9);
  EXPECT_EQ(np_batch_overlapSphereAABB(s.data(), b.data(), 300, out.data()),
            200);
  for (uint8_t v : out) ASSERT_EQ(v, 9);
  s[4 * 200 + 3] = 1.0f;
  EXPECT_EQ(np_batch_overlapSphereAABB(s.data(), b.data(), 300, out.data()),
            250);
  b[6 * 250 + 1] = 0.0f;
  EXPECT_EQ(np_batch_overlapSphereAABB(s.data(), b.data(), 300, out.data()),
            260);
  for (uint8_t v : out) ASSERT_EQ(v, 9);
  // A scaled rotation; a zero ray direction; infinity in a cast.
  std::vector<float> o(15 * 3, 0.0f);
  for (int i = 0; i < 3; ++i)
    o[15 * i + 6] = o[15 * i + 10] = o[15 * i + 14] = 1.0f;
  o[15 * 2 + 10] = 1.001f;
  uint8_t ob[3] = {9, 9, 9};
  EXPECT_EQ(np_batch_overlapOBBOBB(o.data(), o.data(), 3, ob), 2);
  EXPECT_EQ(ob[0], 9);
  const float ray[] = {0, 0, 0, 0, -0.0f, 0};
  float rd = 5.0f;
  EXPECT_EQ(np_batch_raycastAABB(ray, b.data(), kInf, 1, &rd), 0);
  EXPECT_EQ(rd, 5.0f);
  const float cast[] = {0, 0, 0, INFINITY, 0, 0, 1};
  EXPECT_EQ(np_batch_sphereCastSphere(cast, s.data(), 1, &rd), 0);
  // n = 0: nothing to do, valid.
  EXPECT_EQ(np_batch_distancePointAABB(nullptr, nullptr, 0, nullptr), -1);
}

}  // namespace
