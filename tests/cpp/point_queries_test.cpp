// Tests of the point queries of closest_point.h beyond the AABB: closest point
// and distance from a point to a segment, sphere, capsule, OBB, triangle and
// plane. Hand-computed cases use values whose arithmetic is exact in double
// (3-4-5 and 2-3-6-7 triangles, dyadic coordinates) and compare with EXPECT_EQ;
// the seeded property tests compare with a named relative tolerance.
#include <gtest/gtest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

#include "narrowphase/closest_point.h"
#include "test_util.h"

namespace {

using np_test::axis_value;
using np_test::same_bits;
using np_test::VecEq;

using np::AABB;
using np::Capsule;
using np::OBB;
using np::Plane;
using np::Segment;
using np::Sphere;
using np::Triangle;
using np::Vec3;

// Relative to the largest coordinate magnitude involved: how far a computed
// point may be from where the reals put it. The queries round a few times per
// coordinate (a difference, a dot product, a quotient, a sum): a few ulps of
// that magnitude. 2^-40 is ~4000 ulps, well above it, and still far below any
// real mistake (which is of the order of the shape's size).
constexpr double kRelTol = 0x1p-40;

// Bit-for-bit equality (tells -0 from +0).
::testing::AssertionResult VecSameBits(const char* actual_expr,
                                       const char* expected_expr, Vec3 actual,
                                       Vec3 expected) {
  if (same_bits(actual.x, expected.x) && same_bits(actual.y, expected.y) &&
      same_bits(actual.z, expected.z)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << actual_expr << " = (" << actual.x << ", " << actual.y << ", "
         << actual.z << ") and " << expected_expr << " = (" << expected.x
         << ", " << expected.y << ", " << expected.z
         << ") differ in their bits";
}

bool finite(Vec3 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

double norm(Vec3 v) { return np::length(v); }
double mag(Vec3 v) { return np::max_abs_component(v); }

// The vector (v0, v1, v2) with v0 on `axis`, v1 on the next axis and v2 on the
// one after: the same configuration along each of the three axes.
Vec3 rotated(int axis, double v0, double v1, double v2) {
  Vec3 r{0.0, 0.0, 0.0};
  np::set(r, axis, v0);
  np::set(r, (axis + 1) % 3, v1);
  np::set(r, (axis + 2) % 3, v2);
  return r;
}

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

Triangle permuted(const Triangle& t, const std::array<int, 3>& perm) {
  const Vec3 v[3] = {t.a, t.b, t.c};
  return {v[perm[0]], v[perm[1]], v[perm[2]]};
}

// ---- Random shapes for the property tests.

struct Rng {
  std::mt19937_64 gen;
  explicit Rng(uint64_t seed) : gen(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(gen);
  }
  Vec3 vec(double lo, double hi) {
    return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)};
  }
  Vec3 unit() {
    for (;;) {
      const Vec3 v = vec(-1.0, 1.0);
      const double l = norm(v);
      if (l > 0.1 && l <= 1.0) return v / l;
    }
  }
  // A random rotation: the matrix of a normalized random quaternion.
  void rotation(Vec3 axis[3]) {
    double q[4];
    double len = 0.0;
    do {
      len = 0.0;
      for (double& c : q) c = uniform(-1.0, 1.0), len += c * c;
    } while (len < 0.01);
    len = std::sqrt(len);
    const double w = q[0] / len, x = q[1] / len, y = q[2] / len, z = q[3] / len;
    axis[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
               2 * (x * z - w * y)};
    axis[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z),
               2 * (y * z + w * x)};
    axis[2] = {2 * (x * z + w * y), 2 * (y * z - w * x),
               1 - 2 * (x * x + y * y)};
  }
};

// The scales and offsets the property tests run at: shapes of size `scale`
// around `offset`, points within a few sizes.
struct Frame {
  double scale, offset;
};
const Frame kFrames[] = {{1.0, 0.0},  {1e-6, 0.0}, {1e6, 0.0},
                         {1e-6, 1e6}, {1.0, 1e6},  {1e6, 1e6}};

Vec3 place(Rng& rng, const Frame& f, double spread) {
  return rng.vec(-spread, spread) * f.scale +
         Vec3{f.offset, f.offset, f.offset};
}

// The checks every shape shares: the closest point is finite, on the shape
// (on_shape measures how far it is off it), idempotent, no farther from p than
// any sampled point of the shape, and its distance is the reported one.
template <typename Shape, typename Closest, typename Distance,
          typename OffShape>
void check_query(Vec3 p, const Shape& shape, double magnitude, Closest closest,
                 Distance distance, OffShape off_shape,
                 const std::vector<Vec3>& samples) {
  const double tol = kRelTol * magnitude;
  const Vec3 q = closest(p, shape);
  ASSERT_TRUE(finite(q));
  EXPECT_LE(off_shape(q, shape), tol);
  const Vec3 qq = closest(q, shape);
  EXPECT_LE(norm(qq - q), tol);
  const double d = distance(p, shape);
  EXPECT_GE(d, 0.0);
  EXPECT_NEAR(d, norm(p - q), tol);
  for (const Vec3& s : samples) EXPECT_LE(d, norm(p - s) + tol);
}

// Distance from q to the segment a-b, in long double (the reference).
double reference_segment_distance(Vec3 q, Vec3 a, Vec3 b) {
  const long double abx = (long double)b.x - a.x, aby = (long double)b.y - a.y,
                    abz = (long double)b.z - a.z;
  const long double aqx = (long double)q.x - a.x, aqy = (long double)q.y - a.y,
                    aqz = (long double)q.z - a.z;
  const long double den = abx * abx + aby * aby + abz * abz;
  long double t = den > 0 ? (aqx * abx + aqy * aby + aqz * abz) / den : 0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  const long double dx = aqx - t * abx, dy = aqy - t * aby, dz = aqz - t * abz;
  return static_cast<double>(std::sqrt(dx * dx + dy * dy + dz * dz));
}

}  // namespace

// ---------------------------------------------------------------------------
// Segment
// ---------------------------------------------------------------------------

TEST(ClosestPointOnSegment, HandComputedAlongEveryAxisAndSign) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {1.0, -1.0}) {
      const Segment s{rotated(axis, 0.0, 0.0, 0.0),
                      rotated(axis, 4.0 * sign, 0.0, 0.0)};
      // Interior: the foot of the perpendicular, 3 away.
      Vec3 p = rotated(axis, 1.0 * sign, 3.0 * sign, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_segment(p, s),
                          rotated(axis, 1.0 * sign, 0.0, 0.0));
      EXPECT_EQ(np::distance_point_segment(p, s), 3.0);
      // Before the start: the start, 5 away (3-4-5).
      p = rotated(axis, -3.0 * sign, 0.0, 4.0);
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_segment(p, s),
                          s.start);
      EXPECT_EQ(np::distance_point_segment(p, s), 5.0);
      // Beyond the end: the end, 7 away (2-3-6-7).
      p = rotated(axis, 6.0 * sign, 3.0, -6.0);
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_segment(p, s),
                          s.end);
      EXPECT_EQ(np::distance_point_segment(p, s), 7.0);
    }
  }
}

TEST(ClosestPointOnSegment, ZeroLengthSegmentIsAPoint) {
  const Segment s{{1.0, 2.0, 3.0}, {1.0, 2.0, 3.0}};
  EXPECT_PRED_FORMAT2(
      VecSameBits, np::closest_point_on_segment({4.0, 6.0, 3.0}, s), s.start);
  EXPECT_EQ(np::distance_point_segment({4.0, 6.0, 3.0}, s), 5.0);
  EXPECT_EQ(np::distance_point_segment({1.0, 2.0, 3.0}, s), 0.0);
}

// Points exactly on a tilted segment, where the projection rounds: t = 1/7 and
// a + t (b - a) need not give p back, but the answer is p itself and distance
// 0, decided exactly.
TEST(ClosestPointOnSegment, PointExactlyOnSegmentIsReturnedWithDistanceZero) {
  const Segment s{{0.0, 0.0, 0.0}, {7.0, 14.0, 21.0}};
  const Segment offset{{1e6 + 0.5, -3.0, 0.25},
                       {1e6 + 0.5 + 7.0, -3.0 + 49.0, 0.25 + 21.0}};
  for (int k = 0; k <= 7; ++k) {
    const Vec3 p{1.0 * k, 2.0 * k, 3.0 * k};
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_segment(p, s), p);
    EXPECT_EQ(np::distance_point_segment(p, s), 0.0);
    const Vec3 po{1e6 + 0.5 + k, -3.0 + 7.0 * k, 0.25 + 3.0 * k};
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_segment(po, offset),
                        po);
    EXPECT_EQ(np::distance_point_segment(po, offset), 0.0);
  }
  // Segments where Ericson's rounded a + t (b - a) misses p by an ulp (found
  // by search: p = a + k (b - a) / n exactly, with 30-bit coordinates).
  const Vec3 cases[][3] = {
      {{74.978515625, -516.4609375, -671.306640625},
       {-129.896484375, -660.8359375, -1171.806640625},
       {-36.771484375, -595.2109375, -944.306640625}},
      {{711.775390625, -395.537109375, -381.0712890625},
       {436.087890625, 46.525390625, 247.4755859375},
       {561.400390625, -154.412109375, -38.2275390625}},
      {{-821.857421875, 357.990234375, -552.2421875},
       {-913.638671875, 49.474609375, 83.5234375},
       {-896.951171875, 105.568359375, -32.0703125}},
      {{-411.3857421875, 244.3857421875, -459.3818359375},
       {-102.3544921875, -287.9111328125, -127.6630859375},
       {-158.5419921875, -191.1298828125, -187.9755859375}}};
  for (const auto& c : cases) {
    const Vec3 a = c[0], b = c[1], on = c[2];
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_segment(on, {a, b}),
                        on);
    EXPECT_EQ(np::distance_point_segment(on, {a, b}), 0.0);
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_segment(on, {b, a}),
                        on);
    // The same through the shapes built on segments.
    EXPECT_EQ(np::distance_point_capsule(on, {a, b, 0.0}), 0.0);
    EXPECT_PRED_FORMAT2(VecSameBits,
                        np::closest_point_on_capsule(on, {a, b, 0.0}), on);
    EXPECT_EQ(np::distance_point_triangle(on, {a, on, b}), 0.0);
    EXPECT_EQ(np::distance_point_triangle(on, {b, a, b}), 0.0);
    // One ulp off the line: not on it.
    const Vec3 off{on.x, std::nextafter(on.y, 0.0), on.z};
    EXPECT_GT(np::distance_point_segment(off, {a, b}), 0.0);
  }
  // Just off the line (one ulp in y): not 0.
  const Vec3 off{1.0, std::nextafter(2.0, 3.0), 3.0};
  EXPECT_GT(np::distance_point_segment(off, s), 0.0);
  // On the line but beyond the end: the end, not p.
  EXPECT_PRED_FORMAT2(
      VecSameBits, np::closest_point_on_segment({8.0, 16.0, 24.0}, s), s.end);
}

TEST(ClosestPointOnSegment, SeededProperties) {
  Rng rng(0x5e9a11);
  for (const Frame& f : kFrames) {
    for (int iter = 0; iter < 100; ++iter) {
      const Segment s{place(rng, f, 1.0), place(rng, f, 1.0)};
      const Vec3 p = place(rng, f, 3.0);
      std::vector<Vec3> samples{s.start, s.end};
      for (int i = 0; i < 198; ++i)
        samples.push_back(s.start + (s.end - s.start) * rng.uniform(0.0, 1.0));
      const double magnitude = mag(p) + mag(s.start) + mag(s.end);
      check_query(
          p, s, magnitude, np::closest_point_on_segment,
          np::distance_point_segment,
          [](Vec3 q, const Segment& seg) {
            return reference_segment_distance(q, seg.start, seg.end);
          },
          samples);
      // The reverse segment: the same point up to rounding.
      EXPECT_LE(norm(np::closest_point_on_segment(p, {s.end, s.start}) -
                     np::closest_point_on_segment(p, s)),
                kRelTol * magnitude);
    }
  }
}

// ---------------------------------------------------------------------------
// Sphere
// ---------------------------------------------------------------------------

TEST(ClosestPointOnSphere, HandComputedAlongEveryAxisAndSign) {
  const Sphere s{{1.0, 2.0, 3.0}, 5.0};
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {1.0, -1.0}) {
      const Vec3 p = s.center + rotated(axis, 6.0 * sign, 8.0, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_sphere(p, s),
                          s.center + rotated(axis, 3.0 * sign, 4.0, 0.0));
      EXPECT_EQ(np::distance_point_sphere(p, s), 5.0);
      const Vec3 far = s.center + axis_value(axis, 12.0 * sign);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_sphere(far, s),
                          s.center + axis_value(axis, 5.0 * sign));
      EXPECT_EQ(np::distance_point_sphere(far, s), 7.0);
    }
  }
}

TEST(ClosestPointOnSphere, InsideAndOnReturnPBitForBit) {
  const Sphere s{{1.0, 2.0, 3.0}, 5.0};
  const Vec3 points[] = {s.center, s.center + Vec3{3.0, 4.0, 0.0},
                         s.center + Vec3{0.0, -4.0, -3.0},
                         s.center + Vec3{-0.1, 1e-300, 4.9}};
  for (const Vec3& p : points) {
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_sphere(p, s), p);
    EXPECT_EQ(np::distance_point_sphere(p, s), 0.0);
  }
  // Radius 0: the center.
  const Sphere point{{1.0, 2.0, 3.0}, 0.0};
  EXPECT_PRED_FORMAT2(VecSameBits,
                      np::closest_point_on_sphere({4.0, 6.0, 3.0}, point),
                      point.center);
  EXPECT_EQ(np::distance_point_sphere({4.0, 6.0, 3.0}, point), 5.0);
}

TEST(ClosestPointOnSphere, SeededProperties) {
  Rng rng(0x5b4e7e);
  for (const Frame& f : kFrames) {
    for (int iter = 0; iter < 100; ++iter) {
      const Sphere s{place(rng, f, 1.0), rng.uniform(0.0, 1.0) * f.scale};
      const Vec3 p = place(rng, f, 3.0);
      std::vector<Vec3> samples{s.center};
      for (int i = 0; i < 199; ++i)
        samples.push_back(s.center +
                          rng.unit() * (s.radius * rng.uniform(0.5, 1.0)));
      check_query(
          p, s, mag(p) + mag(s.center) + s.radius, np::closest_point_on_sphere,
          np::distance_point_sphere,
          [](Vec3 q, const Sphere& sp) {
            return std::fmax(norm(q - sp.center) - sp.radius, 0.0);
          },
          samples);
    }
  }
}

// ---------------------------------------------------------------------------
// Capsule
// ---------------------------------------------------------------------------

TEST(ClosestPointOnCapsule, HandComputedAlongEveryAxisAndSign) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {1.0, -1.0}) {
      const Capsule c{rotated(axis, 0.0, 0.0, 0.0),
                      rotated(axis, 10.0 * sign, 0.0, 0.0), 5.0};
      // Beside the axis: radius 5 toward p, 2 away.
      Vec3 p = rotated(axis, 5.0 * sign, 7.0 * sign, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_capsule(p, c),
                          rotated(axis, 5.0 * sign, 5.0 * sign, 0.0));
      EXPECT_EQ(np::distance_point_capsule(p, c), 2.0);
      // Beyond the end cap: 2 away.
      p = rotated(axis, 17.0 * sign, 0.0, 0.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_capsule(p, c),
                          rotated(axis, 15.0 * sign, 0.0, 0.0));
      EXPECT_EQ(np::distance_point_capsule(p, c), 2.0);
      // Before the start cap, 6-8-10 off the axis end: 5 from the cap, at
      // 5 * (0.6, 0.8) (each product rounds to the integer).
      p = rotated(axis, -6.0 * sign, 0.0, 8.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_capsule(p, c),
                          rotated(axis, -3.0 * sign, 0.0, 4.0));
      EXPECT_EQ(np::distance_point_capsule(p, c), 5.0);
      // Inside and on: p itself.
      for (const Vec3& in : {rotated(axis, 5.0 * sign, 3.0, 0.0),
                             rotated(axis, 10.0 * sign, 0.0, 0.0),
                             rotated(axis, 15.0 * sign, 0.0, 0.0),
                             rotated(axis, -0.5 * sign, 1.0, -1.0)}) {
        EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_capsule(in, c),
                            in);
        EXPECT_EQ(np::distance_point_capsule(in, c), 0.0);
      }
    }
  }
}

TEST(ClosestPointOnCapsule, DegenerateCapsulesAreSpheresAndSegments) {
  Rng rng(0xca95);
  for (int iter = 0; iter < 500; ++iter) {
    const Vec3 a = rng.vec(-2.0, 2.0), b = rng.vec(-2.0, 2.0),
               p = rng.vec(-4.0, 4.0);
    const double r = rng.uniform(0.0, 1.0);
    // start == end: exactly the sphere.
    const Capsule ball{a, a, r};
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_capsule(p, ball),
                        np::closest_point_on_sphere(p, {a, r}));
    EXPECT_EQ(np::distance_point_capsule(p, ball),
              np::distance_point_sphere(p, {a, r}));
    // radius 0: exactly the segment.
    const Capsule thin{a, b, 0.0};
    EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_capsule(p, thin),
                        np::closest_point_on_segment(p, {a, b}));
    EXPECT_EQ(np::distance_point_capsule(p, thin),
              np::distance_point_segment(p, {a, b}));
  }
}

TEST(ClosestPointOnCapsule, SeededProperties) {
  Rng rng(0xca950e);
  for (const Frame& f : kFrames) {
    for (int iter = 0; iter < 100; ++iter) {
      const Capsule c{place(rng, f, 1.0), place(rng, f, 1.0),
                      rng.uniform(0.0, 1.0) * f.scale};
      const Vec3 p = place(rng, f, 3.0);
      std::vector<Vec3> samples;
      for (int i = 0; i < 200; ++i) {
        const Vec3 axis_point =
            c.start + (c.end - c.start) * rng.uniform(0.0, 1.0);
        samples.push_back(axis_point +
                          rng.unit() * (c.radius * rng.uniform(0.5, 1.0)));
      }
      check_query(
          p, c, mag(p) + mag(c.start) + mag(c.end) + c.radius,
          np::closest_point_on_capsule, np::distance_point_capsule,
          [](Vec3 q, const Capsule& cap) {
            return std::fmax(
                reference_segment_distance(q, cap.start, cap.end) - cap.radius,
                0.0);
          },
          samples);
    }
  }
}

// ---------------------------------------------------------------------------
// OBB
// ---------------------------------------------------------------------------

namespace {

// A rotation by 90 degrees about z: exact, and not the identity, so the
// general formula runs. World box: |x| <= 2, |y| <= 1, |z| <= 3 (half sizes
// (1, 2, 3) along (0, 1, 0), (-1, 0, 0), (0, 0, 1)).
OBB quarter_turn_box(Vec3 center) {
  return {center,
          {1.0, 2.0, 3.0},
          {{0.0, 1.0, 0.0}, {-1.0, 0.0, 0.0}, {0.0, 0.0, 1.0}}};
}

}  // namespace

TEST(ClosestPointOnOBB, HandComputedQuarterTurn) {
  const Vec3 c{10.0, -20.0, 0.5};
  const OBB b = quarter_turn_box(c);
  const Vec3 p = c + Vec3{5.0, 5.0, 0.0};
  EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_obb(p, b),
                      (c + Vec3{2.0, 1.0, 0.0}));
  EXPECT_EQ(np::distance_point_obb(p, b), 5.0);  // (3, 4, 0)
  const Vec3 corner = c + Vec3{-4.0, -4.0, 9.0};
  EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_obb(corner, b),
                      (c + Vec3{-2.0, -1.0, 3.0}));
  EXPECT_EQ(np::distance_point_obb(corner, b), 7.0);  // (2, 3, 6)
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {1.0, -1.0}) {
      const double h = axis == 0 ? 2.0 : axis == 1 ? 1.0 : 3.0;
      const Vec3 out = c + axis_value(axis, (h + 4.0) * sign);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_obb(out, b),
                          c + axis_value(axis, h * sign));
      EXPECT_EQ(np::distance_point_obb(out, b), 4.0);
      // On a face, and inside: p itself.
      for (const Vec3& in :
           {c + axis_value(axis, h * sign),
            c + axis_value(axis, 0.5 * sign) + Vec3{0.125, -0.25, 1e-300}}) {
        EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_obb(in, b), in);
        EXPECT_EQ(np::distance_point_obb(in, b), 0.0);
      }
    }
  }
}

TEST(ClosestPointOnOBB, ZeroHalfSizeIsAPointOrAFlatBox) {
  OBB b = quarter_turn_box({1.0, 2.0, 3.0});
  b.half_size = {0.0, 0.0, 0.0};
  const Vec3 p{4.0, 6.0, 3.0};
  EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_obb(p, b), b.center);
  EXPECT_EQ(np::distance_point_obb(p, b), 5.0);
  EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_obb(b.center, b),
                      b.center);
  // Flat in world z: a rectangle.
  b.half_size = {1.0, 2.0, 0.0};
  EXPECT_EQ(np::distance_point_obb({1.5, 2.5, 10.0}, b), 7.0);
  EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_obb({1.5, 2.5, 3.0}, b),
                      (Vec3{1.5, 2.5, 3.0}));
}

TEST(ClosestPointOnOBB, IdentityRotationAgreesExactlyWithAABB) {
  Rng rng(0x0bb1d);
  const Vec3 identity[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  for (int iter = 0; iter < 1000; ++iter) {
    // Dyadic centers and half sizes: center +- half size is exact.
    const Vec3 c{std::ldexp(std::round(rng.uniform(-1e3, 1e3)), -3),
                 std::ldexp(std::round(rng.uniform(-1e3, 1e3)), -3),
                 std::ldexp(std::round(rng.uniform(-1e3, 1e3)), -3)};
    const Vec3 h{std::ldexp(std::round(rng.uniform(0.0, 1e3)), -4),
                 std::ldexp(std::round(rng.uniform(0.0, 1e3)), -4),
                 std::ldexp(std::round(rng.uniform(0.0, 1e3)), -4)};
    const OBB b{c, h, {identity[0], identity[1], identity[2]}};
    const AABB box{c - h, c + h};
    const Vec3 p = c + rng.vec(-100.0, 100.0);
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_obb(p, b),
                        np::closest_point_on_aabb(p, box));
    EXPECT_TRUE(same_bits(np::distance_point_obb(p, b),
                          np::distance_point_aabb(p, box)));
    // Large boxes around points with bits below the center's: p - center
    // rounds, and center + (p - center) would not be p on the axes where p is
    // inside.
    const Vec3 big_c = c * 4096.0;
    const Vec3 big_h{std::fabs(big_c.x) + h.x * 8192.0,
                     std::fabs(big_c.y) + h.y * 8192.0,
                     std::fabs(big_c.z) + h.z * 8192.0};
    const OBB big{big_c, big_h, {identity[0], identity[1], identity[2]}};
    const AABB big_box{big_c - big_h, big_c + big_h};
    const Vec3 q{rng.uniform(-1.5, 1.5) * big_h.x,
                 rng.uniform(-1.5, 1.5) * big_h.y,
                 rng.uniform(-1.5, 1.5) * big_h.z};
    EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_obb(q, big),
                        np::closest_point_on_aabb(q, big_box));
    EXPECT_TRUE(same_bits(np::distance_point_obb(q, big),
                          np::distance_point_aabb(q, big_box)));
  }
}

TEST(ClosestPointOnOBB, SeededProperties) {
  Rng rng(0x0bb5eed);
  for (const Frame& f : kFrames) {
    for (int iter = 0; iter < 100; ++iter) {
      OBB b;
      b.center = place(rng, f, 1.0);
      b.half_size = rng.vec(0.0, 1.0) * f.scale;
      rng.rotation(b.axis);
      const Vec3 p = place(rng, f, 3.0);
      std::vector<Vec3> samples;
      for (int i = 0; i < 200; ++i) {
        Vec3 s = b.center;
        for (int k = 0; k < 3; ++k) {
          // Half the samples on the surface (one coordinate at +-1).
          double u = rng.uniform(-1.0, 1.0);
          if (i % 2 == 0 && k == i % 3) u = u < 0.0 ? -1.0 : 1.0;
          s = s + b.axis[k] * (np::get(b.half_size, k) * u);
        }
        samples.push_back(s);
      }
      check_query(
          p, b, mag(p) + mag(b.center) + mag(b.half_size),
          np::closest_point_on_obb, np::distance_point_obb,
          [](Vec3 q, const OBB& box) {
            double off = 0.0;
            for (int k = 0; k < 3; ++k) {
              const double t = std::fabs(np::dot(q - box.center, box.axis[k]));
              off = std::fmax(off, t - np::get(box.half_size, k));
            }
            return off;
          },
          samples);
      // Points inside: p itself, bit for bit.
      Vec3 in = b.center;
      for (int k = 0; k < 3; ++k)
        in =
            in + b.axis[k] * (np::get(b.half_size, k) * rng.uniform(-0.9, 0.9));
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_obb(in, b), in);
      EXPECT_EQ(np::distance_point_obb(in, b), 0.0);
    }
  }
}

// ---------------------------------------------------------------------------
// Triangle
// ---------------------------------------------------------------------------

TEST(ClosestPointOnTriangle, HandComputedInEveryRegionAxisSignAndOrder) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {1.0, -1.0}) {
      const auto v = [&](double x, double y, double z) {
        return rotated(axis, x * sign, y, z * sign);
      };
      const Triangle t{v(0, 0, 0), v(4, 0, 0), v(0, 4, 0)};
      struct Case {
        Vec3 p, q;
        double d;
      };
      const Case cases[] = {
          {v(1, 1, 5), v(1, 1, 0), 5.0},            // face
          {v(1, 1, -3), v(1, 1, 0), 3.0},           // face, other side
          {v(-3, -4, 0), v(0, 0, 0), 5.0},          // vertex a
          {v(-3, 0, 4), v(0, 0, 0), 5.0},           // vertex a (edge line)
          {v(7, -4, 0), v(4, 0, 0), 5.0},           // vertex b
          {v(-2, 7, 6), v(0, 4, 0), 7.0},           // vertex c (2-3-6-7)
          {v(2, -3, 4), v(2, 0, 0), 5.0},           // edge ab
          {v(-4, 1, 3), v(0, 1, 0), 5.0},           // edge ac
          {v(3, 3, 0), v(2, 2, 0), -1.0},           // edge bc
          {v(0.5, 0.25, 0), v(0.5, 0.25, 0), 0.0},  // on the face
          {v(2, 0, 0), v(2, 0, 0), 0.0},            // on an edge
          {v(2, 2, 0), v(2, 2, 0), 0.0},            // on the hypotenuse
      };
      for (const Case& k : cases) {
        for (const auto& perm : kPermutations) {
          const Triangle tp = permuted(t, perm);
          EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_triangle(k.p, tp),
                              k.q);
          const double d = np::distance_point_triangle(k.p, tp);
          if (k.d >= 0.0) {
            EXPECT_EQ(d, k.d);
          } else {
            EXPECT_NEAR(d, std::sqrt(2.0), 1e-15);
          }
        }
      }
      // Corners themselves.
      for (const Vec3& corner : {t.a, t.b, t.c}) {
        EXPECT_PRED_FORMAT2(VecSameBits,
                            np::closest_point_on_triangle(corner, t), corner);
        EXPECT_EQ(np::distance_point_triangle(corner, t), 0.0);
      }
    }
  }
}

TEST(ClosestPointOnTriangle, DegenerateTrianglesAreTheirSegmentOrPoint) {
  Rng rng(0xde9e);
  const Vec3 lo{-1.0, 2.0, 0.5}, hi{5.0, -1.0, 3.5}, mid{1.0, 1.0, 1.5};
  const Triangle collinear{lo, hi, mid};  // mid = lo + (hi - lo) / 3
  const Triangle doubled{lo, hi, hi};     // two corners coincide
  const Triangle point{mid, mid, mid};    // all three coincide
  for (int iter = 0; iter < 300; ++iter) {
    const Vec3 p = rng.vec(-6.0, 6.0);
    for (const auto& perm : kPermutations) {
      for (const Triangle& t : {collinear, doubled}) {
        const Triangle tp = permuted(t, perm);
        const Vec3 q = np::closest_point_on_triangle(p, tp);
        ASSERT_TRUE(finite(q));
        EXPECT_PRED_FORMAT2(VecSameBits, q,
                            np::closest_point_on_segment(p, {lo, hi}));
        EXPECT_EQ(np::distance_point_triangle(p, tp),
                  np::distance_point_segment(p, {lo, hi}));
        // The other orientation of the segment: the same up to rounding.
        EXPECT_LE(norm(q - np::closest_point_on_segment(p, {hi, lo})), 1e-14);
      }
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_triangle(p, point),
                          mid);
      EXPECT_EQ(np::distance_point_triangle(p, point), norm(p - mid));
    }
  }
  // Points on the degenerate triangle: distance 0, p itself.
  for (double k : {0.0, 0.5, 1.0, 2.0, 3.0}) {
    const Vec3 on = lo + Vec3{2.0, -1.0, 1.0} * k;
    EXPECT_PRED_FORMAT2(VecSameBits,
                        np::closest_point_on_triangle(on, collinear), on);
    EXPECT_EQ(np::distance_point_triangle(on, collinear), 0.0);
  }
}

TEST(ClosestPointOnTriangle, OrderOfCornersChangesNothingBeyondRounding) {
  Rng rng(0x7a1);
  for (int iter = 0; iter < 500; ++iter) {
    const Triangle t{rng.vec(-1.0, 1.0), rng.vec(-1.0, 1.0),
                     rng.vec(-1.0, 1.0)};
    const Vec3 p = rng.vec(-3.0, 3.0);
    const Vec3 q = np::closest_point_on_triangle(p, t);
    const double d = np::distance_point_triangle(p, t);
    const bool at_corner =
        same_bits(q.x, t.a.x) && same_bits(q.y, t.a.y) && same_bits(q.z, t.a.z);
    for (const auto& perm : kPermutations) {
      const Triangle tp = permuted(t, perm);
      const Vec3 qp = np::closest_point_on_triangle(p, tp);
      EXPECT_LE(norm(qp - q), 1e-14);
      EXPECT_NEAR(np::distance_point_triangle(p, tp), d, 1e-14);
      // A corner's Voronoi region gives that corner, exactly, in any order.
      if (at_corner) EXPECT_PRED_FORMAT2(VecSameBits, qp, t.a);
    }
  }
}

TEST(ClosestPointOnTriangle, SeededProperties) {
  Rng rng(0x7e1a);
  for (const Frame& f : kFrames) {
    for (int iter = 0; iter < 100; ++iter) {
      const Triangle t{place(rng, f, 1.0), place(rng, f, 1.0),
                       place(rng, f, 1.0)};
      const Vec3 p = place(rng, f, 3.0);
      std::vector<Vec3> samples{t.a, t.b, t.c};
      for (int i = 0; i < 197; ++i) {
        double u = rng.uniform(0.0, 1.0), v = rng.uniform(0.0, 1.0);
        if (u + v > 1.0) u = 1.0 - u, v = 1.0 - v;
        samples.push_back(t.a + (t.b - t.a) * u + (t.c - t.a) * v);
      }
      check_query(
          p, t, mag(p) + mag(t.a) + mag(t.b) + mag(t.c),
          np::closest_point_on_triangle, np::distance_point_triangle,
          [](Vec3 q, const Triangle& tri) {
            // Off the triangle: the distance to its plane, or to its nearest
            // edge when q projects outside (long double reference).
            const long double ux = (long double)tri.b.x - tri.a.x,
                              uy = (long double)tri.b.y - tri.a.y,
                              uz = (long double)tri.b.z - tri.a.z;
            const long double vx = (long double)tri.c.x - tri.a.x,
                              vy = (long double)tri.c.y - tri.a.y,
                              vz = (long double)tri.c.z - tri.a.z;
            const long double wx = (long double)q.x - tri.a.x,
                              wy = (long double)q.y - tri.a.y,
                              wz = (long double)q.z - tri.a.z;
            const long double uu = ux * ux + uy * uy + uz * uz,
                              vv = vx * vx + vy * vy + vz * vz,
                              uv = ux * vx + uy * vy + uz * vz,
                              wu = wx * ux + wy * uy + wz * uz,
                              wv = wx * vx + wy * vy + wz * vz;
            const long double det = uu * vv - uv * uv;
            const long double s = (vv * wu - uv * wv) / det,
                              r = (uu * wv - uv * wu) / det;
            const long double ex = wx - s * ux - r * vx,
                              ey = wy - s * uy - r * vy,
                              ez = wz - s * uz - r * vz;
            const double plane =
                static_cast<double>(std::sqrt(ex * ex + ey * ey + ez * ez));
            if (s >= 0 && r >= 0 && s + r <= 1) return plane;
            return std::fmin(
                reference_segment_distance(q, tri.a, tri.b),
                std::fmin(reference_segment_distance(q, tri.b, tri.c),
                          reference_segment_distance(q, tri.c, tri.a)));
          },
          samples);
    }
  }
}

// ---------------------------------------------------------------------------
// Plane
// ---------------------------------------------------------------------------

TEST(ClosestPointOnPlane, HandComputedAlongEveryAxisAndSign) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {1.0, -1.0}) {
      // The plane x_axis = 2 * sign, its normal pointing toward +sign.
      const Plane pl{axis_value(axis, sign), -2.0};
      const Vec3 p = rotated(axis, 5.0 * sign, 1.0, -7.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_plane(p, pl),
                          rotated(axis, 2.0 * sign, 1.0, -7.0));
      EXPECT_EQ(np::signed_distance_point_plane(p, pl), 3.0);
      EXPECT_EQ(np::distance_point_plane(p, pl), 3.0);
      const Vec3 below = rotated(axis, -1.0 * sign, 1.0, -7.0);
      EXPECT_EQ(np::signed_distance_point_plane(below, pl), -3.0);
      EXPECT_EQ(np::distance_point_plane(below, pl), 3.0);
      // The same plane with a normal of length 4, and reversed.
      const Plane scaled{axis_value(axis, 4.0 * sign), -8.0};
      EXPECT_EQ(np::signed_distance_point_plane(p, scaled), 3.0);
      const Plane reversed{axis_value(axis, -4.0 * sign), 8.0};
      EXPECT_EQ(np::signed_distance_point_plane(p, reversed), -3.0);
      EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_plane(p, reversed),
                          rotated(axis, 2.0 * sign, 1.0, -7.0));
    }
  }
  // A 3-4-5 normal: the plane 3x + 4y = 10.
  const Plane pl{{3.0, 4.0, 0.0}, -10.0};
  EXPECT_EQ(np::signed_distance_point_plane({5.0, 5.0, 1.0}, pl), 5.0);
  EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_plane({5.0, 5.0, 1.0}, pl),
                      (Vec3{2.0, 1.0, 1.0}));
  EXPECT_PRED_FORMAT2(VecSameBits,
                      np::closest_point_on_plane({2.0, 1.0, 7.0}, pl),
                      (Vec3{2.0, 1.0, 7.0}));
  EXPECT_EQ(np::distance_point_plane({2.0, 1.0, 7.0}, pl), 0.0);
}

// Points whose plane equation is exactly 0 on the reals but not in rounded
// doubles (1 + 2^-60 rounds to 1): distance exactly 0, p itself; and one
// 2^-61 off, whose sign rounding would flip.
TEST(ClosestPointOnPlane, ExactlyOnThePlaneIsDecidedExactly) {
  const Vec3 p{1.0, 0x1p-60, -1.0};
  const Plane pl{{1.0, 1.0, 1.0}, -0x1p-60};
  EXPECT_EQ(np::signed_distance_point_plane(p, pl), 0.0);
  EXPECT_EQ(np::distance_point_plane(p, pl), 0.0);
  EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_plane(p, pl), p);
  const Plane above{{1.0, 1.0, 1.0}, -0x1p-61};  // p is 2^-61 / sqrt 3 above
  EXPECT_GT(np::signed_distance_point_plane(p, above), 0.0);
  EXPECT_GT(np::distance_point_plane(p, above), 0.0);
  const Plane below{{1.0, 1.0, 1.0}, -0x1p-59};
  EXPECT_LT(np::signed_distance_point_plane(p, below), 0.0);
  // 3 * 0.25 + 5 * (-0.15): the double -0.15 is -0.1499999999999999944...,
  // so the exact value is +2.8e-17, while 5 * -0.15 rounds to -0.75 and the
  // rounded sum to 0. The point is just above the plane, not on it.
  const Plane tilted{{3.0, 5.0, 0.0}, 0.0};
  const Vec3 q{0.25, -0.15, 9.0};
  EXPECT_GT(np::signed_distance_point_plane(q, tilted), 0.0);
  EXPECT_GT(np::distance_point_plane(q, tilted), 0.0);
}

TEST(ClosestPointOnPlane, NormalsOfExtremeLength) {
  for (double len :
       {0x1p-996, 0x1p996, 1e-300, 1e300, 4.9406564584124654e-324, 1e-310}) {
    // A power of two scales to exactly 1: every value below is then exact.
    // Otherwise the scaled normal is not 1 and its products round.
    int exponent = 0;
    const bool power_of_two = std::frexp(len, &exponent) == 0.5;
    for (int axis = 0; axis < 3; ++axis) {
      const Plane pl{axis_value(axis, len), -2.0 * len};  // x_axis = 2
      const Vec3 p = rotated(axis, 5.0, 1.0, -7.0);
      const double sd = np::signed_distance_point_plane(p, pl);
      const Vec3 q = np::closest_point_on_plane(p, pl);
      if (power_of_two) {
        EXPECT_EQ(sd, 3.0) << len;
        EXPECT_EQ(np::distance_point_plane(p, pl), 3.0) << len;
        EXPECT_PRED_FORMAT2(VecEq, q, rotated(axis, 2.0, 1.0, -7.0));
      } else {
        EXPECT_NEAR(sd, 3.0, 1e-15) << len;
        EXPECT_NEAR(np::distance_point_plane(p, pl), 3.0, 1e-15) << len;
        EXPECT_LE(norm(q - rotated(axis, 2.0, 1.0, -7.0)), 1e-15) << len;
      }
      const Vec3 on = rotated(axis, 2.0, 1e300, -1e-300);
      EXPECT_EQ(np::distance_point_plane(on, pl), 0.0);
      EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_plane(on, pl), on);
    }
    // A tilted normal of that length: 3-4-5.
    const Plane tilted{{3.0 * len / 8, 4.0 * len / 8, 0.0}, -10.0 * len / 8};
    if (power_of_two && len >= 0x1p-1000) {  // the components are exact
      EXPECT_EQ(np::signed_distance_point_plane({5.0, 5.0, 1.0}, tilted), 5.0);
      EXPECT_PRED_FORMAT2(VecEq,
                          np::closest_point_on_plane({5.0, 5.0, 1.0}, tilted),
                          (Vec3{2.0, 1.0, 1.0}));
    }
  }
}

// A plane 9.2e307 from the origin: finite, though constant / (the normal's
// largest component) is beyond DBL_MAX. And a normal of subnormal length,
// whose value and closest point must come back in ordinary units.
TEST(ClosestPointOnPlane, FarPlanesAndSubnormalNormals) {
  const double n = 0.09375, c = -1.5e307;  // 1.5 * 2^-4
  const Plane far{{n, n, n}, c};
  const double expected = c / (n * std::sqrt(3.0));  // -9.2376e307
  const Vec3 origin{0.0, 0.0, 0.0};
  EXPECT_NEAR(np::signed_distance_point_plane(origin, far), expected,
              1e-14 * -expected);
  const Vec3 q = np::closest_point_on_plane(origin, far);
  const double coordinate = -c / (3.0 * n);  // 5.33e307 on each axis
  EXPECT_NEAR(q.x, coordinate, 1e-14 * coordinate);
  EXPECT_NEAR(q.y, coordinate, 1e-14 * coordinate);
  EXPECT_NEAR(q.z, coordinate, 1e-14 * coordinate);
  // Beyond the doubles: +-inf, never NaN.
  const Plane beyond{{1e-300, 0.0, 0.0}, 1e300};
  EXPECT_EQ(np::signed_distance_point_plane(origin, beyond), HUGE_VAL);
  const Vec3 qb = np::closest_point_on_plane(origin, beyond);
  EXPECT_EQ(qb.x, -HUGE_VAL);
  EXPECT_EQ(qb.y, 0.0);
  EXPECT_EQ(qb.z, 0.0);

  // Normal (3, 4, 0) * 2^-1072 (subnormal components), plane 3x + 4y = 10
  // scaled alike: the point (5, 5, 1e300) is 5 above it.
  const double tiny = 0x1p-1072;
  const Plane sub{{3.0 * tiny, 4.0 * tiny, 0.0}, -10.0 * tiny};
  const Vec3 p{5.0, 5.0, 1e300};
  EXPECT_EQ(np::signed_distance_point_plane(p, sub), 5.0);
  EXPECT_PRED_FORMAT2(VecEq, np::closest_point_on_plane(p, sub),
                      (Vec3{2.0, 1.0, 1e300}));
  // A point 1e300 off a plane with a subnormal normal through the origin.
  const Plane sub_origin{{0.0, 0.0, 4.9406564584124654e-324}, 0.0};
  EXPECT_EQ(np::signed_distance_point_plane({1.0, 2.0, -1e300}, sub_origin),
            -1e300);
  EXPECT_PRED_FORMAT2(
      VecEq, np::closest_point_on_plane({1.0, 2.0, -1e300}, sub_origin),
      (Vec3{1.0, 2.0, 0.0}));
}

TEST(ClosestPointOnPlane, SeededProperties) {
  Rng rng(0x91a7e);
  for (const Frame& f : kFrames) {
    for (int iter = 0; iter < 100; ++iter) {
      const Vec3 n = rng.vec(-1.0, 1.0) * std::ldexp(1.0, iter % 41 - 20);
      const Vec3 on = place(rng, f, 1.0);
      const Plane pl{n, -np::dot(n, on)};
      const Vec3 p = place(rng, f, 3.0);
      const Vec3 u = np::unit_or(n, {0.0, 0.0, 1.0});
      const Vec3 e1 = np::unit_or(np::cross(u, rng.unit()), {1.0, 0.0, 0.0}),
                 e2 = np::cross(u, e1);
      std::vector<Vec3> samples;
      const Vec3 base = np::closest_point_on_plane(on, pl);
      for (int i = 0; i < 200; ++i)
        samples.push_back(base + e1 * (rng.uniform(-4.0, 4.0) * f.scale) +
                          e2 * (rng.uniform(-4.0, 4.0) * f.scale));
      check_query(
          p, pl, mag(p) + mag(on) + 4.0 * f.scale, np::closest_point_on_plane,
          np::distance_point_plane,
          [](Vec3 q, const Plane& plane) {
            const long double v = (long double)plane.normal.x * q.x +
                                  (long double)plane.normal.y * q.y +
                                  (long double)plane.normal.z * q.z +
                                  plane.constant;
            return static_cast<double>(std::fabs(v) / np::length(plane.normal));
          },
          samples);
      const double sd = np::signed_distance_point_plane(p, pl);
      EXPECT_EQ(std::fabs(sd), np::distance_point_plane(p, pl));
    }
  }
}

// ---------------------------------------------------------------------------
// Extreme magnitudes: never NaN or inf
// ---------------------------------------------------------------------------

TEST(PointQueries, ExtremeMagnitudesGiveNeitherNaNNorInf) {
  const double magnitudes[] = {
      1e-300, 1e300, 4.9406564584124654e-324, 2.5e-320, 1e-310, 1e-150, 1e150};
  Rng rng(0xe47);
  const Vec3 identity[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  for (double m : magnitudes) {
    for (double pm : magnitudes) {
      for (int iter = 0; iter < 20; ++iter) {
        const Vec3 a = rng.vec(-1.0, 1.0) * m, b = rng.vec(-1.0, 1.0) * m,
                   c = rng.vec(-1.0, 1.0) * m, p = rng.vec(-1.0, 1.0) * pm;
        const double r = rng.uniform(0.0, 1.0) * m;
        // Finite, and consistent: the distance is that of the point returned
        // (to rounding of the largest coordinates involved).
        const auto ok = [&](Vec3 q, double d) {
          EXPECT_TRUE(finite(q)) << m << " " << pm;
          EXPECT_TRUE(std::isfinite(d) && d >= 0.0) << m << " " << pm;
          EXPECT_LE(std::fabs(norm(p - q) - d), 1e-12 * (mag(p) + m) + 1e-320)
              << m << " " << pm;
        };
        ok(np::closest_point_on_segment(p, {a, b}),
           np::distance_point_segment(p, {a, b}));
        ok(np::closest_point_on_sphere(p, {a, r}),
           np::distance_point_sphere(p, {a, r}));
        ok(np::closest_point_on_capsule(p, {a, b, r}),
           np::distance_point_capsule(p, {a, b, r}));
        OBB box{a, {r, r * 0.5, r * 0.25}, {}};
        rng.rotation(box.axis);
        ok(np::closest_point_on_obb(p, box), np::distance_point_obb(p, box));
        const OBB aligned{
            a, {r, r, r}, {identity[0], identity[1], identity[2]}};
        ok(np::closest_point_on_obb(p, aligned),
           np::distance_point_obb(p, aligned));
        for (const Triangle& t :
             {Triangle{a, b, c}, Triangle{a, b, b}, Triangle{a, a, a},
              Triangle{a, b, a + (b - a) * 0.5}}) {
          ok(np::closest_point_on_triangle(p, t),
             np::distance_point_triangle(p, t));
        }
        // A plane through a: its distance is at most |p| + |a| (finite).
        const Plane pl{b, -np::dot(b, a)};
        if (std::isfinite(pl.constant) && !(b.x == 0 && b.y == 0 && b.z == 0)) {
          ok(np::closest_point_on_plane(p, pl),
             np::distance_point_plane(p, pl));
          EXPECT_TRUE(std::isfinite(np::signed_distance_point_plane(p, pl)));
        }
      }
    }
  }
}

// A tiny shape far away and a huge shape near a tiny point: the squares would
// underflow or overflow without the rescaling. With powers of two every value
// is exact; 1e-300 and 1e300 round (the scalings do not, products do).
TEST(PointQueries, TinyAndHugeShapesAtOrdinaryDistances) {
  for (double s : {0x1p-1000, 0x1p-1040, 0x1p1000, 1e-300, 1e300}) {
    int exponent = 0;
    const bool exact = std::frexp(s, &exponent) == 0.5;
    const auto expect_near = [&](Vec3 actual, Vec3 expected) {
      if (exact) {
        EXPECT_PRED_FORMAT2(VecEq, actual, expected) << s;
      } else {
        EXPECT_LE(norm(actual - expected), 1e-15 * s) << s;
      }
    };
    const auto expect_value = [&](double actual, double expected) {
      if (exact) {
        EXPECT_EQ(actual, expected) << s;
      } else {
        EXPECT_NEAR(actual, expected, 1e-15 * expected) << s;
      }
    };
    const Segment seg{{0.0, 0.0, 0.0}, {4.0 * s, 0.0, 0.0}};
    expect_near(np::closest_point_on_segment({s, 3.0 * s, 0.0}, seg),
                {s, 0.0, 0.0});
    expect_value(np::distance_point_segment({s, 3.0 * s, 0.0}, seg), 3.0 * s);
    const Triangle tri{
        {0.0, 0.0, 0.0}, {4.0 * s, 0.0, 0.0}, {0.0, 4.0 * s, 0.0}};
    expect_near(np::closest_point_on_triangle({s, s, 5.0 * s}, tri),
                {s, s, 0.0});
    expect_value(np::distance_point_triangle({s, s, 5.0 * s}, tri), 5.0 * s);
    expect_near(
        np::closest_point_on_triangle({2.0 * s, -3.0 * s, 4.0 * s}, tri),
        {2.0 * s, 0.0, 0.0});
    expect_value(np::distance_point_triangle({2.0 * s, -3.0 * s, 4.0 * s}, tri),
                 5.0 * s);
    const Sphere sph{{0.0, 0.0, 0.0}, 5.0 * s};
    expect_near(np::closest_point_on_sphere({6.0 * s, 8.0 * s, 0.0}, sph),
                {3.0 * s, 4.0 * s, 0.0});
    expect_value(np::distance_point_sphere({6.0 * s, 8.0 * s, 0.0}, sph),
                 5.0 * s);
    const Capsule cap{{0.0, 0.0, 0.0}, {0.0, 0.0, 4.0 * s}, 5.0 * s};
    expect_near(np::closest_point_on_capsule({6.0 * s, 8.0 * s, s}, cap),
                {3.0 * s, 4.0 * s, s});
    expect_value(np::distance_point_capsule({6.0 * s, 8.0 * s, s}, cap),
                 5.0 * s);
    const OBB box{{0.0, 0.0, 0.0},
                  {2.0 * s, s, 3.0 * s},
                  {{0.0, 1.0, 0.0}, {-1.0, 0.0, 0.0}, {0.0, 0.0, 1.0}}};
    expect_near(np::closest_point_on_obb({5.0 * s, 5.0 * s, 0.0}, box),
                {s, 2.0 * s, 0.0});
    expect_value(np::distance_point_obb({5.0 * s, 5.0 * s, 0.0}, box), 5.0 * s);
  }
  // A 2^-1000 segment 1 away, and a point 1 away from a 2^-1000 triangle.
  const double t = 0x1p-1000;
  const Segment tiny{{1.0, 0.0, 0.0}, {1.0, t, 0.0}};
  EXPECT_PRED_FORMAT2(VecEq,
                      np::closest_point_on_segment({0.0, t * 0.5, 0.0}, tiny),
                      (Vec3{1.0, t * 0.5, 0.0}));
  const Triangle small{{0.0, 0.0, 0.0}, {t, 0.0, 0.0}, {0.0, t, 0.0}};
  EXPECT_PRED_FORMAT2(
      VecEq, np::closest_point_on_triangle({t * 0.25, t * 0.25, 1.0}, small),
      (Vec3{t * 0.25, t * 0.25, 0.0}));
  EXPECT_EQ(np::distance_point_triangle({t * 0.25, t * 0.25, 1.0}, small), 1.0);
  // 2 away in the plane: p - b rounds to p, so the corner or edge chosen is
  // within rounding; the distance is not.
  const Vec3 q = np::closest_point_on_triangle({2.0, 2.0, 0.0}, small);
  EXPECT_TRUE(q.x >= 0.0 && q.y >= 0.0 && q.x + q.y <= t && q.z == 0.0);
  EXPECT_EQ(np::distance_point_triangle({2.0, 2.0, 0.0}, small),
            norm({2.0, 2.0, 0.0}));
}

// ---------------------------------------------------------------------------
// Fuzz findings (tests/fuzz, both modes): the exact inputs the harnesses
// reported, named after the harness ("raw"/"valid" mode, query). Each answer
// has no NaN, no -0, and a distance that is |p - closest point| (the check's
// band: 2^-44 of it plus 2^-1060); a reference printed by the harness is
// compared to within 1e-5 (the references are exact up to long double).
// ---------------------------------------------------------------------------

namespace {

long double ld_distance(Vec3 p, Vec3 q) {
  const long double x = static_cast<long double>(p.x) - q.x,
                    y = static_cast<long double>(p.y) - q.y,
                    z = static_cast<long double>(p.z) - q.z;
  return std::sqrt(x * x + y * y + z * z);
}

bool no_nan(Vec3 v) {
  return !std::isnan(v.x) && !std::isnan(v.y) && !std::isnan(v.z);
}

// A closest point q and a distance d for p: no NaN, d >= +0, and d = |p - q|
// where q is finite.
void expect_consistent(Vec3 p, Vec3 q, double d) {
  EXPECT_TRUE(no_nan(q)) << q.x << " " << q.y << " " << q.z;
  EXPECT_FALSE(std::isnan(d));
  EXPECT_GE(d, 0.0);
  EXPECT_FALSE(std::signbit(d)) << "-0";
  if (finite(q)) {
    const long double via = ld_distance(p, q);
    if (std::isinf(d)) {  // only a distance beyond DBL_MAX overflows
      EXPECT_GE(via, static_cast<long double>(DBL_MAX) * (1 - 0x1p-44L));
      return;
    }
    EXPECT_LE(std::fabs(via - d), 0x1p-44L * via + 0x1p-1060L)
        << "distance " << d << " but |p - closest| = " << via;
  }
}

void expect_reference(double d, double reference) {
  EXPECT_NEAR(d, reference, 1e-5 * reference);
}

}  // namespace

TEST(PointQueryFuzzFindings, SegmentCoordinateDifferencesBeyondDblMax) {
  // raw-closestPointOnSegment
  {
    const Vec3 p{0.0, 0.0, 0.0};
    const Segment s{
        {-0x1p+1022, -0x1.fffffffffffffp+1021, -0x0.0000000003001p-1022},
        {0x1.fffffffffffffp+1023, 0.0, 0.0}};
    const Vec3 q = np::closest_point_on_segment(p, s);
    EXPECT_TRUE(finite(q));
    expect_consistent(p, q, np::distance_point_segment(p, s));
    expect_reference(np::distance_point_segment(p, s), 3.52557e+307);
  }
  // valid-closestPointOnSegment, valid-distancePointSegment
  const Segment s{{-0x1.fffffffffffffp+1021, -0x1.fffffffffffffp+1023,
                   -0x1.fffffffffffffp+1021},
                  {-0x0.0000000000001p-1022, 0x1.fffffffffffffp+1023, 0.0}};
  for (const Vec3 p : {Vec3{0.0, 0.0, 0.0}, Vec3{0x1p-4, 0.0, 0.0}}) {
    const Vec3 q = np::closest_point_on_segment(p, s);
    EXPECT_TRUE(finite(q));
    expect_consistent(p, q, np::distance_point_segment(p, s));
    expect_reference(np::distance_point_segment(p, s), 3.12938e+307);
  }
  // raw-distancePointSegment: the distance is ~DBL_MAX (finite or +inf).
  {
    const Vec3 p{0x0.0000009bfffffp-1022, 0x1.fffffffp+1023,
                 -0x1.efefefefep+1008};
    const Segment s2{{-0x1.efefffefefefep+1008, 0x1.bfefefefefefep+952,
                      0x0.0000009bfffffp-1022},
                     {0x1.fffffffp+1023, 0x1.b7b7bfefep+950, 0.0}};
    const double d = np::distance_point_segment(p, s2);
    expect_consistent(p, np::closest_point_on_segment(p, s2), d);
    EXPECT_GE(d, 1.79769e+308 * (1 - 1e-5));
  }
}

TEST(PointQueryFuzzFindings, SphereCoordinateDifferencesBeyondDblMax) {
  // raw-closestPointOnSphere (NaN), raw-distancePointSphere, the brief's
  // raw-distancePointSphere (a center 1e250 from p rounds the closest point).
  const struct {
    Vec3 p;
    Sphere s;
  } cases[] = {
      {{0x1.fffffffffffffp+1023, 0x1.3d00000000008p+4, -0x1.ab36d48e1acfp+1023},
       {{0.0, -0x1.e8000000008p+1, 0x1.ab36d48e1acfp+1023}, 0.0}},
      {{0x1.fffffffffffffp+1023, 0x0.000000001p-1022, 0x1.3d000000007p+4},
       {{-0x1.ab36d48e1acfp+1023, 0x0.000000000003dp-1022, 0.0}, 0.0}},
      // valid-closestPointOnSphere (NaN)
      {{0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023,
        0x1.fffffffffffffp+1023},
       {{0x1.ab36d48e1acfp+1023, -0x1.4545454545454p+1014, 0x1.5p+4}, 0.0}},
      // valid-distancePointSphere (distance 0 but the closest point 1e292
      // away)
      {{-0x1.a8781d0d20edcp+1022, 0x1.ad363cd6edcf6p+1022,
        -0x1.f379a835565adp+1021},
       {{0x1p+2, -0x1p+1, -0x1.ab36d48e1acfp+1023}, 0x1.ab36d48e1acfp+1023}},
  };
  for (const auto& c : cases) {
    const Vec3 q = np::closest_point_on_sphere(c.p, c.s);
    EXPECT_TRUE(finite(q));
    expect_consistent(c.p, q, np::distance_point_sphere(c.p, c.s));
  }
}

TEST(PointQueryFuzzFindings, CapsuleCoordinateDifferencesBeyondDblMax) {
  const struct {
    Vec3 p;
    Capsule c;
    double reference;  // 0: none printed
  } cases[] = {
      // raw-closestPointOnCapsule
      {{0x1.5ffffffffffffp+342, 0x0.0000000000055p-1022,
        0x1.8e1acf040335cp+725},
       {{-0x1.affffffffffb3p+1023, 0.0, -0x1.e8p+1},
        {0x1.ab36d48e1acfp+1023, 0.0, 0x1.ab36d48e1acfp+1023},
        0x0.00000402p-1022},
       6.75307e+307},
      // raw-distancePointCapsule (distance 2^-34 but |p - closest| 9e-11)
      {{0x1.000c014p-15, 0x0.00000007ep-1022, 0x1.400004f001p+2},
       {{0x0.00099p-1022, 0.0, 0x0.03fep-1022},
        {-0x1.400000007p+2, 0x0.0c0140064p-1022, 0x0.000000000003fp-1022},
        0x1.400004f001p+2},
       0.0},
      // valid-closestPointOnCapsule
      {{0.0, 0.0, 0.0},
       {{-0x1.fffffffffffffp+1021, -0x1.fffffffffffffp+1023,
         -0x1.fffffffffffffp+1021},
        {-0x0.0000000000001p-1022, 0x1.fffffffffffffp+1023, 0.0},
        0.0},
       3.12938e+307},
      // valid-distancePointCapsule
      {{0.0, 0.0, 0.0},
       {{0x1.ab36d48e1acfp+1023, 0x1.ab36d48e1acfp+1023,
         0x1.ab36d48e1acfp+1023},
        {-0x1.ab36d48e1acfp+1023, 0x1.ab36d48e1acefp+1023,
         -0x0.0000000000005p-1022},
        0.0},
       1.64317e+308},
  };
  for (const auto& c : cases) {
    const Vec3 q = np::closest_point_on_capsule(c.p, c.c);
    const double d = np::distance_point_capsule(c.p, c.c);
    EXPECT_TRUE(finite(q));
    expect_consistent(c.p, q, d);
    if (c.reference > 0.0) expect_reference(d, c.reference);
  }
}

TEST(PointQueryFuzzFindings, OBBCoordinateDifferencesBeyondDblMax) {
  // valid-closestPointOnOBB (not finite: the rebuilt point overflowed)
  {
    const Vec3 p{0x1.a520abcb5fd91p+1022, -0x1.fffffffffffffp+1023,
                 0x1.ffffffffffffep+1023};
    const OBB b{
        {0x1.ffffffffffffbp-1, 0x1.ffffffffffffbp-1, 0x1.ffffffffffffbp-1},
        {0x1.ab36d48e1acfp+1023, 0x1.ab36d48e1acfp+1023,
         0x1.ab36d48e1acfp+1023},
        {{0x1.cab2e0fa98604p-2, 0x1.ef975b721f5eep-3, -0x1.b8ac24ec71129p-1},
         {-0x1.c918c4c7dc3a2p-1, 0x1.1bf109a69d728p-4, -0x1.c7d6413f07a4fp-2},
         {-0x1.89af92e0bae4p-5, 0x1.ef8372ee6abep-1, 0x1.fa0b06fdc0a7p-3}}};
    const Vec3 q = np::closest_point_on_obb(p, b);
    EXPECT_TRUE(finite(q));
    expect_consistent(p, q, np::distance_point_obb(p, b));
  }
  // valid-distancePointOBB (the distance was not that of the point returned)
  {
    const Vec3 p{-0x1.0000000130005p+801, 0x1.0793fdbffffffp+3, 0x1.257a088p+2};
    const OBB b{{-0x1.0000000130005p+801, 0x1.ffffffffffffcp+1, 0x1p+0},
                {0x1p+2, 0x1p+2, 0x1p+2},
                {{-0x1.a7e50cp-1, -0x1.1cefb6p-2, 0x1.f2a37ep-2},
                 {-0x1.f2a37ep-2, 0x1.932796p-1, -0x1.830a8cp-2},
                 {-0x1.1cefb6p-2, -0x1.19a03cp-1, -0x1.932798p-1}}};
    expect_consistent(p, np::closest_point_on_obb(p, b),
                      np::distance_point_obb(p, b));
  }
  // The same: a box reaching beyond the doubles whose point nearest p lies
  // beyond them: -inf there (not NaN), and the distance, ~2e308, +inf.
  {
    const Vec3 p{0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023,
                 0x1.ffe3fa26b280cp+1022};
    const OBB b{
        {-0x1.ab36d48e1acfp+1023, -0x1.ab36d48e1acfp+1023,
         -0x1.ab36d48e1acfp+1023},
        {0x1.6262626262626p+733, 0x1.ab36d48e1acfp+1023,
         0x1.ab36d48e1acfp+1023},
        {{0x1.647562a31e04cp-3, 0x1.f27c27f01bfbp-1, 0x1.2e6602638df0ep-3},
         {0x1.2e6602638df0ep-3, -0x1.647562a31e058p-3, 0x1.f27c27f01bfbp-1},
         {0x1.f27c27f01bfbp-1, -0x1.2e6602638df0ep-3, -0x1.647562a31e058p-3}}};
    const Vec3 q = np::closest_point_on_obb(p, b);
    EXPECT_TRUE(no_nan(q));
    EXPECT_EQ(q.y, -HUGE_VAL);
    EXPECT_EQ(np::distance_point_obb(p, b), HUGE_VAL);
    // In units 16 times larger: finite, |p - q| (the path the distance takes
    // when q is not finite).
    const Vec3 ps = p * 0x1p-4;
    const OBB bs{b.center * 0x1p-4,
                 b.half_size * 0x1p-4,
                 {b.axis[0], b.axis[1], b.axis[2]}};
    const Vec3 qs = np::closest_point_on_obb(ps, bs);
    EXPECT_TRUE(finite(qs));
    expect_consistent(ps, qs, np::distance_point_obb(ps, bs));
  }
}

TEST(PointQueryFuzzFindings, TriangleEdgesBeyondDblMaxOrFarApartInScale) {
  const struct {
    Vec3 p;
    Triangle t;
    double reference;  // -1: none printed
  } cases[] = {
      // raw-closestPointOnTriangle (NaN)
      {{0.0, 0.0, 0.0},
       {{-0x1p+1022, -0x1.fffffffffff2ap+768, -0x1.00000000000ffp+337},
        {-0x1.fffffffff08p+1023, -0x1.fffffffffffffp+1021,
         -0x0.0000000000001p-1022},
        {0x1.fffffffffffffp+1023, 0.0, 0.0}},
       -1.0},
      // valid-closestPointOnTriangle (NaN)
      {{-0x1p+1022, -0x1.fffffffffffffp+1023, -0x1p+1022},
       {{-0x1.fffffffffffffp+1021, -0x1.fffffffffffffp+1023,
         -0x1.fffffffffffffp+1021},
        {-0x0.0000000000001p-1022, 0x1.fffffffffffffp+1023, 0.0},
        {0.0, 0.0, 0.0}},
       -1.0},
      // valid-distancePointTriangle
      {{0x1.fffffffffffffp+1023, 0x1.40691f6a941b4p+1023,
        0x1.40691f6a941b4p+1023},
       {{-0x1.60606000707p+1009, 0x0.0000000000001p-1022,
         0x1.6060606060606p-927},
        {0x1.ab36d48e1acfp+1023, 0x1.ab36d48e1acfp+1023,
         0x1.ab36d48e1acfp+1023},
        {0x1.ab36d48e1acfp+1023, 0x1.ab36d48e1acfp+1023,
         0x1.ab36d48e1acfp+1023}},
       5.49258e+307},
      // raw-distancePointTriangle: an edge 2^-1000 of another underflowed in
      // its units, and p was given corner A.
      {{0x1p-1, 0x1p-1, -0x1.03bp+513},
       {{0x0.000000000003fp-1022, 0.0, 0.0},
        {0x0.000003ffp-1022, 0x0.000003ffp-1022, 0.0},
        {0.0, -0x1.cf03ffp+539, -0x1.cf0ffeab36d48p+539}},
       1.92337e+154},
      // valid-closestPointOnTriangle: likewise (p 1e245 along edge CA)
      {{-0x1p+814, 0x0.000000000003bp-1022, 0.0},
       {{0x1p-335, 0x0.000000000003bp-1022, 0.0},
        {0x0.0000085p-1022, 0.0, 0x1.828282828p-381},
        {-0x1p+814, -0x1p+814, -0x1p+814}},
       8.92012e+244},
      // valid-distancePointTriangle: p on edge BC beside an edge AB of
      // 2^-1074 (d1 = d3 = 0 sent it to corner A)
      {{0.0, 0.0, -0x1.2c20000000005p+44},
       {{0.0, 0x0.0000000000001p-1022, 0.0},
        {0.0, 0.0, 0.0},
        {0.0, 0.0, -0x1.2c2p+45}},
       0.0},
  };
  for (const auto& c : cases) {
    const Vec3 q = np::closest_point_on_triangle(c.p, c.t);
    const double d = np::distance_point_triangle(c.p, c.t);
    EXPECT_TRUE(finite(q));
    expect_consistent(c.p, q, d);
    if (c.reference > 0.0) expect_reference(d, c.reference);
    if (c.reference == 0.0) EXPECT_LE(d, 0x1p-1060);
  }
  // raw-distancePointTriangle: a sliver 3 long and 1e-310 across, p beyond
  // corner A: A is the nearest point (the fuzz reference, in long double,
  // could not resolve the sliver and took the distance to its plane).
  const Vec3 p{4.0, 1.0, 1.0};
  const Triangle sliver{{0x1.8p+1, 0x0.0000087p-1022, 0.0},
                        {0.0, 0.0, 0x0.000003ffp-1022},
                        {0x0.000003ffp-1022, 0x0.000003ffp-1022, 0.0}};
  EXPECT_PRED_FORMAT2(VecSameBits, np::closest_point_on_triangle(p, sliver),
                      sliver.a);
  EXPECT_EQ(np::distance_point_triangle(p, sliver), norm(p - sliver.a));
}

TEST(PointQueryFuzzFindings, PlaneNormalsInTheLargestBinades) {
  // raw-closestPointOnPlane, raw-distancePointPlane,
  // raw-signedDistancePointPlane: a normal ~1.5e308 was scaled by 2^-1000
  // only (to ~2^23), and the value overflowed.
  const struct {
    Vec3 p;
    Plane pl;
    double reference;
  } cases[] = {
      {{0x1.fffffffffffffp+1023, 0x1.3dp+4, -0x1.ab36d48e1acfp+1023},
       {{0.0, -0x1.e8p+1, 0x1.ab36d48e1acfp+1023}, 0.0},
       -1.5e+308},
      {{0x1.fffffffffffffp+1023, 0x1.3dp+4, -0x1.afd0748e1acfp+1023},
       {{0.0, -0x1.e8p+1, 0x1.abc6d48e1acfp+1023}, 0.0},
       -1.51615e+308},
      // valid-signedDistancePointPlane
      {{0.0, 0x1.ab36d48e1p+1023, -0x1.0000000003fd5p+647},
       {{0x1.78p+3, -0x1.ab36d48e1acfp+1023, -0x1.ab36d48e1acfp+1023}, 0.0},
       -1.06066e+308},
      // valid-closestPointOnPlane (the brief's)
      {{-0x1.ab36d48e1acfp+1023, -0.0, 0x1p+801},
       {{-0x1.ab36d48e1acfp+1023, -0x1.ab36d48e1acfp+1023, -0x1p+62},
        0x1.ab36d48e1acfp+1023},
       1.06066e+308},
  };
  for (const auto& c : cases) {
    const Vec3 q = np::closest_point_on_plane(c.p, c.pl);
    const double sd = np::signed_distance_point_plane(c.p, c.pl);
    EXPECT_TRUE(finite(q));
    expect_consistent(c.p, q, np::distance_point_plane(c.p, c.pl));
    EXPECT_EQ(std::fabs(sd), np::distance_point_plane(c.p, c.pl));
    EXPECT_NEAR(sd, c.reference, 1e-5 * std::fabs(c.reference));
  }
}

TEST(PointQueryFuzzFindings, PlaneSubnormalValuesAgreeWithTheClosestPoint) {
  const struct {
    Vec3 p;
    Plane pl;
  } cases[] = {
      // raw-closestPointOnPlane (not idempotent)
      {{0x0.0000000006p-1022, 0x0.00069p-1022, 0x1.1p-1021},
       {{0x0.0000000523ffp-1022, 0x0.000000000003fp-1022, 0.0}, 0.0}},
      // raw-distancePointPlane (a value of DBL_MIN made up for a sign decided
      // exactly: the distance 1e-308 but the closest point p itself)
      {{0.0, 0x0.30000004bp-1022, 0.0},
       {{-0x1.a5f6d00e1p+1023, 0x0.0000000000003p-1022, 0.0}, 0.0}},
      // valid-distancePointPlane
      {{0.0, 0x0.000000000ffdp-1022, 0.0},
       {{-0x1.fffffffffffffp+1021, -0x1.fffffffffffffp+1023,
         0x1.f00ff00ffffffp-1008},
        -0x1p+2}},
  };
  for (const auto& c : cases) {
    const Vec3 q = np::closest_point_on_plane(c.p, c.pl);
    const double d = np::distance_point_plane(c.p, c.pl);
    EXPECT_TRUE(finite(q));
    expect_consistent(c.p, q, d);
    EXPECT_EQ(std::fabs(np::signed_distance_point_plane(c.p, c.pl)), d);
    // Idempotent to within the smallest subnormals.
    EXPECT_LE(ld_distance(np::closest_point_on_plane(q, c.pl), q), 0x1p-1060L);
  }
  // valid-signedDistancePointPlane (-0): a value below half the smallest
  // double once divided by |n|; the sign, decided exactly, survives.
  const Plane pl{{1.5, 1.5, 1.5}, 0.0};
  const double sd = np::signed_distance_point_plane({-0x1p-1074, 0.0, 0.0}, pl);
  EXPECT_LT(sd, 0.0);
  EXPECT_EQ(np::distance_point_plane({-0x1p-1074, 0.0, 0.0}, pl), -sd);
  EXPECT_EQ(np::signed_distance_point_plane({0.0, 0.0, 0.0}, pl), 0.0);
  EXPECT_FALSE(
      std::signbit(np::signed_distance_point_plane({0.0, 0.0, 0.0}, pl)));
}

TEST(PointQueryFuzzFindings, PlanesBeyondTheDoubles) {
  // valid-closestPointOnPlane: the plane lies ~2^1812 away: its point
  // nearest p has no finite coordinates (+-inf, not NaN), and so has the
  // distance.
  const Vec3 p{-0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023,
               -0x0.000000000000bp-1022};
  const Plane pl{{0x1.0000000401408p-1015, 0x1.01400003fep-1011, -0.0},
                 0x1p+801};
  EXPECT_TRUE(no_nan(np::closest_point_on_plane(p, pl)));
  EXPECT_EQ(np::signed_distance_point_plane(p, pl), HUGE_VAL);
  EXPECT_EQ(np::distance_point_plane(p, pl), HUGE_VAL);
  // raw-distancePointPlane: a plane through the origin whose point nearest
  // p = (DBL_MAX, -5e304, ...) lies just beyond DBL_MAX in x: the distance
  // is finite all the same (Ericson's value divided by |n|).
  const Vec3 p2{0x1.fffffffffffffp+1023, -0x1.3dp+1012, 0x1.8e1acf040ffffp+725};
  const Plane pl2{{0x0.0000000ffeab3p-1022, 0x0.002p-1022, 0.0}, 0.0};
  EXPECT_TRUE(no_nan(np::closest_point_on_plane(p2, pl2)));
  EXPECT_NEAR(np::signed_distance_point_plane(p2, pl2), -5.29758e+304,
              1e-5 * 5.29758e+304);
}

TEST(PointQueryFuzzFindings, TriangleFacePointOutsideTheCornersBox) {
  // raw-distancePointTriangle: a sliver along z (1e265 long, its x within
  // 4e-87) and p 1e308 off it in x: the region tests, which see each edge
  // only to its own precision, put p in the face, and its projection (x =
  // DBL_MAX) was returned at the distance |p.y| = 1.6e-95. A face point
  // outside the box of the corners is not in the face: the edges decide.
  const Vec3 p{0x1.fffffffffffffp+1023, -0x1.0dp-315, -0x1.100336d48e1fp+675};
  const Triangle t{
      {-0x1.00000ff0000b3p-287, 0x0.7003a00e3p-1022, 0x1.8686a979797p+647},
      {-0x1.7979768686868p-646, 0x0.0000000009797p-1022,
       -0x1.6f6f6f6f6f6f6p+880},
      {0x0.00000000000f6p-1022, 0.0, 0.0}};
  const Vec3 q = np::closest_point_on_triangle(p, t);
  const double d = np::distance_point_triangle(p, t);
  EXPECT_TRUE(finite(q));
  expect_consistent(p, q, d);
  EXPECT_LE(std::fabs(q.x), 1e-86);
  EXPECT_GE(d, 1.79769e+308 * (1 - 1e-5));
}

TEST(PointQueryFuzzFindings, APointOnASliverIsItsOwnClosestPoint) {
  // raw and valid np_closestPointOnTriangle: slivers (corners collinear to
  // 1e-10 of their size) whose region tests cancel put a point on the
  // triangle in a vertex region: it came back 0.58 away on a triangle of size
  // 4. Slivers (smallest angle's sine below kTriangleSliverSine) take the
  // projection when p lies in the face by its sides, else the nearest edge.
  // Random slivers, flat (a corner between the others, just off their line)
  // and needles (one edge 1e-6 .. 1e-14 of the others), with points on them
  // and beside them: a point on the sliver comes back within the rounding of
  // the sliver's plane (its normal is known to ~2^-52 / eps radians, so the
  // projection may move a point on it by that times its size: 1e-9 of the
  // size at eps 1e-6, the whole width at 1e-14), not a vertex region away,
  // and the closest point is idempotent to the same.
  std::mt19937_64 rng(1729);
  std::uniform_real_distribution<double> u(-1.0, 1.0), w(0.0, 1.0);
  const auto rnd = [&] { return Vec3{u(rng), u(rng), u(rng)}; };
  for (int i = 0; i < 20000; ++i) {
    const double eps = std::pow(10.0, -6.0 - (i % 9));
    const Vec3 a = rnd() * 2.0, b = rnd() * 2.0, off = rnd();
    const Vec3 c = i % 2 == 0 ? a + (b - a) * w(rng) + off * (eps * 4.0)
                              : b + off * (eps * 4.0);
    const Triangle t{a, b, c};
    double s = w(rng), r = w(rng) * (1.0 - s);
    const Vec3 on = a + (b - a) * s + (c - a) * r;
    const Vec3 q = np::closest_point_on_triangle(on, t);
    const double size = 8.0, tol = 0x1p-46 * size / eps;
    ASSERT_LE(norm(q - on), tol)
        << i << " eps " << eps << " p " << on.x << " " << on.y << " " << on.z;
    const Vec3 p = on + rnd();
    const Vec3 q1 = np::closest_point_on_triangle(p, t);
    const Vec3 q2 = np::closest_point_on_triangle(q1, t);
    ASSERT_LE(norm(q2 - q1), tol) << i << " eps " << eps;
  }
}

TEST(PointQueryFuzzFindings, TheClosestPointOfASliverIsIdempotent) {
  // raw np_closestPointOnTriangle: a sliver 7e124 across (corners collinear
  // to ~1e-12 of that): the region tests put the closest point and the
  // closest point of that point ~1e113 apart (1.6e-12 of the size). On the
  // sliver path both are the face's projection.
  const Vec3 p{2.0236928853657458e-320, 0.0, 0.0};
  const Triangle t{{1.7731057309979261e-307, 1.1620225718668009e-302,
                    -6.6105606808330421e+124},
                   {-6.8355779548792243e+124, -8.303285249136644e-121,
                    8.691694800251803e-311},
                   {-6.8355779549259894e+124, 1.8057768099303994e-314,
                    8.0868664911295234e-320}};
  const Vec3 q = np::closest_point_on_triangle(p, t);
  const Vec3 q2 = np::closest_point_on_triangle(q, t);
  EXPECT_LE(norm(q2 - q), 0x1p-46 * 6.9e124);
  // The exact nearest point (rationals): (-3.3034295670652e+124,
  // -4.012728430109603e-121, -3.4158752055024676e+124).
  EXPECT_NEAR(q.x, -3.3034295670652e+124, 0x1p-46 * 6.9e124);
  EXPECT_NEAR(q.z, -3.4158752055024676e+124, 0x1p-46 * 6.9e124);
}

// The six sliver inputs of the 60 s fuzz runs of 2026-11-27 (raw and valid
// np_closestPointOnTriangle and np_distancePointTriangle), with their exact
// nearest points and distances (rational arithmetic, rounded once): the core
// was right to an ulp on each; the fuzz harness's long-double reference was
// not (its normal (b - a) x (c - a) and plane distance from a cancelled on
// these needles: a point within an ulp of a sliver at 4e131 taken for 7e121
// outside, a distance of 1.5e29 at 8.5e45 for 6.6e34), and is now computed
// from the two shorter edges and the corner nearest p (tests/fuzz/kinds.cpp,
// triangle_face). This pins the core's answers: scaled by powers of two (every
// input kept exact), mirrored, with the axes and the corners in every order,
// and with p moved by 1 .. 2^20 ulps (the nearest point of a convex set and
// the distance to it move by at most as much as p: nonexpansive).
struct SliverFinding {
  Vec3 p;
  Triangle t;
  Vec3 q;    // the exact nearest point, rounded
  double d;  // the exact distance, rounded
};

const SliverFinding kSliverFindings[] = {
    // raw np_closestPointOnTriangle: subnormal, |p - q| was "10% above the
    // distance" (the reference's plane distance 2.24e-316).
    {{0x0.0000003p-1022, 0.0, 0.0},
     {{0x1p-1021, 0x1.68600003dff22p-1021, 0x1.fbfffffb4p-1016},
      {0x0.0000000000008p-1022, 0x0.0000000003d3p-1022, 0.0},
      {0.0, 0.0, 0.0}},
     {0x0.00000000030bap-1022, 0x0.0000000006463p-1022,
      0x0.00000000c1532p-1022},
     0x0.0000002ffe7a2p-1022},
    // raw np_closestPointOnTriangle: a needle at 2.26e6, q "2.13e-6 outside".
    {{0x1.141414141p+21, 0x1.1414141414141p+21, 0x1.1414141414141p+21},
     {{0x1.1414141414141p-139, 0x0.3414141414141p-1022, 0x1.1p+21},
      {0x1.1414141414141p+21, 0x1.1414141414141p+21, 0x1.1414141414141p+21},
      {0x1.1414141414141p+21, 0x1.1414141bc4141p+21, 0x1.1414141414141p+21}},
     {0x1.1414141410004p+21, 0x1.1414141414141p+21, 0x1.141414141404ap+21},
     0x1.ed80c2c09efa5p-24},
    // valid np_closestPointOnTriangle: p within an ulp of a needle at 4e131
    // (q = p), "7.1e121 outside".
    {{0x1.23ce7923ce792p+437, 0x1.23ce7924dcdcep+437, 0x1.23ce7923ce791p+437},
     {{0x1.b5b5b5b5b5b5bp+438, 0x1.b5b5b5b5b5b5bp+438, 0x1.b5b5b5b5b5b5ap+438},
      {0.0, 0x0.0003fp-1022, 0x0.000000000005bp-1022},
      {0x1.fp-1020, 0x1.959595959p+406, 0x1.9595959595959p-306}},
     {0x1.23ce7923ce792p+437, 0x1.23ce7924dcdcep+437, 0x1.23ce7923ce791p+437},
     0x1.e2b7dddfefa67p+382},
    // raw np_distancePointTriangle: 6.9e-20 beside a needle at 2.7e-11.
    {{-0x1.dbdbdbdbdbdbdp-36, -0x1.dbdbdbdbdbdbdp-36, -0x1.dbdbdbdbdbdbdp-36},
     {{0x0.0000000bdbd6p-1022, 0x1.dbdbdbdp-996, -0x1.cp-39},
      {-0x1.dbdbdc0bdbdbdp-36, -0x1.dbdbdbdbdbdbdp-36, -0x1.dbdbdbdbdbdbdp-36},
      {-0x1.dbdbdbdbdbdbdp-36, -0x1.dbdbdbdbdbdbdp-36, -0x1.dbdbdc0bdbdbdp-36}},
     {-0x1.dbdbdbe484a9p-36, -0x1.dbdbdbcb8f221p-36, -0x1.dbdbdbe484a9p-36},
     0x1.463336e886e79p-64},
    // valid np_distancePointTriangle: 1.5e29 (below the ulp of p, 1.3e30)
    // beside a needle at 8.5e45, reported 0 (q = p), "the reference 6.6e34".
    {{0x1.7dda94b40a96cp+152, 0x1.7dda94b3fb417p+151, 0x1.7dda94b41a4acp+151},
     {{0x1.7p+117, 0x1.1e63ef86fc711p+153, 0x1.1e63ef86fc711p+153},
      {0x1.1e63ef86fc711p+153, 0x1.158e460913dp+63, 0x1.747474747472p+117},
      {0x1.1e63ef86fc711p+153, -0x1p-623, 0.0}},
     {0x1.7dda94b40a96cp+152, 0x1.7dda94b3fb417p+151, 0x1.7dda94b41a4acp+151},
     0x1.e2b7dddfbb8ecp+96},
    // valid np_distancePointTriangle: 2.0e124 (below the ulp of p, 8.4e124)
    // at 6e140, reported 0 (q = p), "the reference 7.8e128".
    {{-0x1.1267bd1267bd1p+467, -0x1.9934164644064p+467,
      -0x1.1267bd1267ba6p+467},
     {{-0x1.9b9b9b9b9b9b9p-100, -0x1.94650b9b9b9b9p+467, -0x1.b9p-1022},
      {-0x1.9b9b9b9b9b9b9p+467, -0x1.9b9b9b9b94db9p+467,
       -0x1.9b9b9b9b9b939p+467},
      {-0x1.9b9b9b9b9b9b9p+467, -0x1.9b9b9b9b9b9b9p+467,
       -0x1.9b9b9b9b9b9b9p+467}},
     {-0x1.1267bd1267bd1p+467, -0x1.9934164644064p+467,
      -0x1.1267bd1267ba6p+467},
     0x1.e4ee5269e6632p+412},
};

// x * 2^k, or NaN when that is not exact (a bit lost below the normal range,
// or an overflow).
double scaled_exactly(double x, int k) {
  const double y = std::ldexp(x, k);
  return std::isfinite(y) && std::ldexp(y, -k) == x ? y : NAN;
}

// The checks of the findings below on every variant: the number of failures
// (the first five reported), and of cases in `cases`.
template <size_t N>
int check_triangle_findings(const SliverFinding (&findings)[N],
                            int* cases_out) {
  int cases = 0, failures = 0;
  for (const SliverFinding& f : findings) {
    for (int step = 0; step <= 46; ++step) {
      const int k = step < 45 ? -1100 + 50 * step : (step == 45 ? -1 : 1);
      const Vec3 in[5] = {f.p, f.t.a, f.t.b, f.t.c, f.q};
      Vec3 s[5];
      bool exact = true;
      for (int i = 0; i < 5 && exact; ++i) {
        s[i] = {scaled_exactly(in[i].x, k), scaled_exactly(in[i].y, k),
                scaled_exactly(in[i].z, k)};
        exact = finite(s[i]);
      }
      const double d = scaled_exactly(f.d, k);
      if (!exact || !std::isfinite(d)) continue;
      for (int mirror = 0; mirror < 2; ++mirror) {
        for (int axes = 0; axes < 3; ++axes) {
          // Mirrored (negated) and the axes rotated: both exact.
          const auto map = [&](Vec3 v) {
            const double sg = mirror ? -1.0 : 1.0;
            const Vec3 m{v.x * sg, v.y * sg, v.z * sg};
            return axes == 0   ? m
                   : axes == 1 ? Vec3{m.y, m.z, m.x}
                               : Vec3{m.z, m.x, m.y};
          };
          const Vec3 p = map(s[0]), q_exact = map(s[4]);
          const Vec3 corners[3] = {map(s[1]), map(s[2]), map(s[3])};
          const double scale = std::fmax(
              mag(p), std::fmax(mag(corners[0]),
                                std::fmax(mag(corners[1]), mag(corners[2]))));
          const double tol = 0x1p-48 * scale + 0x1p-1070;
          const int order[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                   {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
          for (const auto& o : order) {
            const Triangle t{corners[o[0]], corners[o[1]], corners[o[2]]};
            // p itself, then moved by 2^j ulps along each axis, both ways.
            for (int j = -1; j <= 20; ++j) {
              for (int axis = 0; axis < (j < 0 ? 1 : 3); ++axis) {
                for (int sign = -1; sign <= (j < 0 ? -1 : 1); sign += 2) {
                  Vec3 pm = p;
                  if (j >= 0) {
                    double& c = axis == 0 ? pm.x : (axis == 1 ? pm.y : pm.z);
                    const double ulp =
                        std::nextafter(std::fabs(c), INFINITY) - std::fabs(c);
                    c += sign * std::ldexp(ulp, j);
                  }
                  if (!finite(pm)) continue;  // beyond DBL_MAX
                  const double moved = norm(pm - p);
                  const Vec3 q = np::closest_point_on_triangle(pm, t);
                  const double dq = np::distance_point_triangle(pm, t);
                  ++cases;
                  const bool ok = finite(q) &&
                                  norm(q - q_exact) <= moved + tol &&
                                  std::fabs(dq - d) <= moved + tol &&
                                  std::fabs(dq - norm(pm - q)) <= tol;
                  if (!ok && failures++ < 5) {
                    ADD_FAILURE()
                        << "finding " << (&f - findings) << " k " << k
                        << " mirror " << mirror << " axes " << axes << " order "
                        << o[0] << o[1] << o[2] << " j " << j
                        << ": |q - exact| " << norm(q - q_exact)
                        << ", distance " << dq << " vs " << d << " (moved "
                        << moved << ", tol " << tol << ")";
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  *cases_out = cases;
  return failures;
}

TEST(PointQueryFuzzFindings, SliversOfThe20261127RunsAreRightToAnUlp) {
  int cases = 0;
  EXPECT_EQ(check_triangle_findings(kSliverFindings, &cases), 0)
      << "of " << cases << " cases";
  EXPECT_GT(cases, 10000);
}

// valid np_distancePointTriangle (a 120 s run of 2026-11-27): points near the
// largest double whose nearest point, computed in units 16 times larger,
// rounded beyond DBL_MAX / 16 and came back with an infinite coordinate, the
// distance +inf where the exact one is 4.7e291, 1.3e185 or 4.5e307. The
// nearest point is now kept in the corners' box (closest_point.cpp,
// nearest_on_triangle). The same variants as above (scaled down by 2^k where
// every input stays exact, mirrored, axes and corners in every order, p moved
// by 1 .. 2^20 ulps while it stays finite).
const SliverFinding kBeyondDblMaxFindings[] = {
    {{-0x1.000e600e6e6e6p+609, -0x1.fffffffffffffp+1021,
      -0x1.fffffffffffffp+1023},
     {{-0x1p+2, 0x1.0e60606p-927, -0x1.fffffffffffffp+1021},
      {-0x1.fffffffffffffp+1023, -0x0.b5b5b5b00009fp-1022,
       0x1.ab36d48e1acfp+1023},
      {0.0, 0x1.6e6e6e6e6e606p-1022, -0x1.fffffffffffffp+1023}},
     {-0x1.d5493abecb99fp+606, 0x1.6e6e6e6e6e606p-1022,
      -0x1.fffffffffffffp+1023},
     0x1.fffffffffffffp+1021},
    {{0x1.fffffffffffffp+1021, 0x1.fffffffffffffp+1023,
      0x1.ffffffffffffep+1021},
     {{0x1.ffffffffffff7p+1021, 0x1.ffffffffffff7p+1021,
       0x1.ffffffffffff7p+1021},
      {0x1.ffffffffffff7p+1021, 0x1.ffffffffffffep+1021, 0x1.0bffffffffffcp+5},
      {0x1.fffffffffffffp+1021, 0x1.fffffffffffffp+1023,
       0x1.fffffffffffffp+1021}},
     {0x1.fffffffffffffp+1021, 0x1.fffffffffffffp+1023,
      0x1.fffffffffffffp+1021},
     0x1.e5b9d136c6d96p+968},
    {{-0x1.eca7474747474p+237, -0x1.fffffffffffffp+1023,
      -0x1.fffffffffffffp+1023},
     {{-0x1.ab36d48e1acfp+1023, -0x1.ab36d48e1acfp+1023,
       -0x1.0000000000003p+1022},
      {-0x1.e07fdd04fe419p-27, -0x1.9400000000001p+1, -0x1p-62},
      {0x1.6p+615, -0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023}},
     {0x1.42e7e355b6df3p+614, -0x1.fffffffffffffp+1023,
      -0x1.fffffffffffffp+1023},
     0x1.dcc96e6f16ceap+614},
};

TEST(PointQueryFuzzFindings, NearestPointsNearDblMaxStayFinite) {
  int cases = 0;
  EXPECT_EQ(check_triangle_findings(kBeyondDblMaxFindings, &cases), 0)
      << "of " << cases << " cases";
  EXPECT_GT(cases, 10000);
}
