// Tests of overlap.h's boxes and triangles: AABB-AABB, AABB-OBB (against the
// OBB-OBB test), AABB-triangle and OBB-triangle (Akenine-Moller's 13 axes) and
// triangle-triangle, with their touching configurations decided exactly.
#include <gtest/gtest.h>

#include <array>
#include <cfloat>
#include <cmath>
#include <random>

#include "narrowphase/closest_point.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::OBB;
using np::Triangle;
using np::Vec3;
using np_test::axis_value;

const AABB kBox{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
constexpr double kUlp1 = 0x1p-52;  // one ulp of 1 (two above 1's binade)

const std::array<std::array<int, 3>, 6> kPermutations{
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

// A map of space that every query commutes with: a permutation of the axes
// followed by a sign per axis (all exact).
struct Symmetry {
  std::array<int, 3> perm;
  int signs;  // bit k: negate axis k
  Vec3 operator()(Vec3 p) const {
    Vec3 r;
    for (int k = 0; k < 3; ++k) {
      const double v = np::get(p, perm[k]);
      np::set(r, k, (signs >> k) & 1 ? -v : v);
    }
    return r;
  }
  AABB operator()(const AABB& b) const {
    const Vec3 p = (*this)(b.min), q = (*this)(b.max);
    return {{std::fmin(p.x, q.x), std::fmin(p.y, q.y), std::fmin(p.z, q.z)},
            {std::fmax(p.x, q.x), std::fmax(p.y, q.y), std::fmax(p.z, q.z)}};
  }
  Triangle operator()(const Triangle& t) const {
    return {(*this)(t.a), (*this)(t.b), (*this)(t.c)};
  }
};

// Every symmetry of the cube: 6 permutations x 8 sign patterns.
std::vector<Symmetry> all_symmetries() {
  std::vector<Symmetry> out;
  for (const auto& p : kPermutations)
    for (int s = 0; s < 8; ++s) out.push_back({p, s});
  return out;
}

// The six orders of a triangle's corners.
std::array<Triangle, 6> corner_orders(const Triangle& t) {
  return {{{t.a, t.b, t.c},
           {t.a, t.c, t.b},
           {t.b, t.a, t.c},
           {t.b, t.c, t.a},
           {t.c, t.a, t.b},
           {t.c, t.b, t.a}}};
}

Triangle scaled(const Triangle& t, double s) {
  return {t.a * s, t.b * s, t.c * s};
}
AABB scaled(const AABB& b, double s) { return {b.min * s, b.max * s}; }

OBB identity_obb(Vec3 center, Vec3 half) {
  return {center, half, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
}

struct Rotation {
  Vec3 col[3];
};
Rotation random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
  const double n = std::sqrt(w * w + x * x + y * y + z * z);
  w /= n, x /= n, y /= n, z /= n;
  return {
      {{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
       {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
       {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}}};
}
Vec3 to_world(const OBB& b, Vec3 local) {
  return b.center + b.axis[0] * local.x + b.axis[1] * local.y +
         b.axis[2] * local.z;
}

double uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
Vec3 random_point(std::mt19937_64& rng, double r) {
  return {uniform(rng, -r, r), uniform(rng, -r, r), uniform(rng, -r, r)};
}
// A coordinate on the grid of eighths in [-3, 3]: sums and differences exact,
// so touching configurations come up often.
double grid(std::mt19937_64& rng) {
  return std::uniform_int_distribution<int>(-24, 24)(rng) / 8.0;
}
Vec3 grid_point(std::mt19937_64& rng) {
  return {grid(rng), grid(rng), grid(rng)};
}
AABB grid_box(std::mt19937_64& rng) {
  const Vec3 p = grid_point(rng), q = grid_point(rng);
  return {{std::fmin(p.x, q.x), std::fmin(p.y, q.y), std::fmin(p.z, q.z)},
          {std::fmax(p.x, q.x), std::fmax(p.y, q.y), std::fmax(p.z, q.z)}};
}

// ---- Long-double separating-axis references, trusted outside a band ----

enum class Ref { kNo, kYes, kUnsure };

using LD = long double;
struct LV {
  LD x, y, z;
};
LV lv(Vec3 v) { return {v.x, v.y, v.z}; }
LV operator-(LV a, LV b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
LD dotl(LV a, LV b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
LV crossl(LV a, LV b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
LD norml(LV a) { return std::sqrt(dotl(a, a)); }

// Two convex point sets (their corners) on the given candidate axes: kNo when
// an axis separates them by more than the band, kYes when every axis overlaps
// by more than it (and none is nearly degenerate), else kUnsure.
template <size_t NA, size_t NB>
Ref sat_reference(const std::array<LV, NA>& a, const std::array<LV, NB>& b,
                  const std::vector<LV>& axes, LD scale) {
  bool all_overlap = true;
  for (const LV& axis : axes) {
    const LD len = norml(axis);
    if (len == 0) continue;  // exactly zero: never separates
    LD amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
    for (const LV& p : a) {
      const LD v = dotl(axis, p) / len;
      amin = std::fmin(amin, v), amax = std::fmax(amax, v);
    }
    for (const LV& p : b) {
      const LD v = dotl(axis, p) / len;
      bmin = std::fmin(bmin, v), bmax = std::fmax(bmax, v);
    }
    const LD gap = std::fmax(bmin - amax, amin - bmax);
    const LD band = 1e-9L * scale;
    if (gap > band) return Ref::kNo;
    if (!(gap < -band)) all_overlap = false;
  }
  return all_overlap ? Ref::kYes : Ref::kUnsure;
}

std::array<LV, 8> box_corners(const AABB& b) {
  std::array<LV, 8> c;
  for (int s = 0; s < 8; ++s)
    c[s] = {s & 1 ? b.max.x : b.min.x, s & 2 ? b.max.y : b.min.y,
            s & 4 ? b.max.z : b.min.z};
  return c;
}

Ref box_triangle_reference(const AABB& box, const Triangle& t) {
  const std::array<LV, 3> v = {lv(t.a), lv(t.b), lv(t.c)};
  const LV u[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  std::vector<LV> axes(u, u + 3);
  const LV e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  const LV n = crossl(e[0], e[1]);
  if (norml(n) < 1e-6L * norml(e[0]) * norml(e[1])) return Ref::kUnsure;
  axes.push_back(n);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const LV l = crossl(e[i], u[j]);
      if (norml(l) != 0 && norml(l) < 1e-6L * norml(e[i])) return Ref::kUnsure;
      axes.push_back(l);
    }
  }
  return sat_reference(v, box_corners(box), axes, 10.0L);
}

Ref triangle_triangle_reference(const Triangle& a, const Triangle& b) {
  const std::array<LV, 3> p = {lv(a.a), lv(a.b), lv(a.c)},
                          q = {lv(b.a), lv(b.b), lv(b.c)};
  const LV ea[3] = {p[1] - p[0], p[2] - p[1], p[0] - p[2]};
  const LV eb[3] = {q[1] - q[0], q[2] - q[1], q[0] - q[2]};
  const LV na = crossl(ea[0], ea[1]), nb = crossl(eb[0], eb[1]);
  std::vector<LV> axes = {na, nb};
  for (int i = 0; i < 3; ++i) {
    axes.push_back(crossl(na, ea[i]));
    axes.push_back(crossl(nb, eb[i]));
    for (int j = 0; j < 3; ++j) axes.push_back(crossl(ea[i], eb[j]));
  }
  for (const LV& l : axes)
    if (norml(l) < 1e-6L) return Ref::kUnsure;  // nearly parallel features
  return sat_reference(p, q, axes, 10.0L);
}

// ---- AABB-AABB ----

TEST(OverlapAABBAABB,
     BoxesTouchingAFaceAnEdgeOrACornerOverlapAndAnUlpApartDoNot) {
  for (int k = 0; k < 3; ++k) {
    for (double s : {1.0, -1.0}) {
      // b sits beyond a's face on axis k, touching it: b's near bound is a's
      // far bound. Shifted across the other axes too (edge and corner contact).
      for (int shifted = 0; shifted < 4; ++shifted) {
        Vec3 offset = axis_value(k, 2.0 * s);
        if (shifted & 1) offset = offset + axis_value((k + 1) % 3, 2.0 * s);
        if (shifted & 2) offset = offset + axis_value((k + 2) % 3, -2.0 * s);
        const AABB b{kBox.min + offset, kBox.max + offset};
        EXPECT_TRUE(np::overlap_aabb_aabb(kBox, b)) << k << s << shifted;
        EXPECT_TRUE(np::overlap_aabb_aabb(b, kBox));
        // One ulp farther along axis k.
        AABB apart = b;
        const double near = s > 0 ? b.min.x : b.max.x;
        (void)near;
        if (s > 0)
          np::set(apart.min, k, std::nextafter(1.0, 2.0));
        else
          np::set(apart.max, k, std::nextafter(-1.0, -2.0));
        EXPECT_FALSE(np::overlap_aabb_aabb(kBox, apart)) << k << s << shifted;
        EXPECT_FALSE(np::overlap_aabb_aabb(apart, kBox));
      }
    }
  }
}

TEST(OverlapAABBAABB, FlatAndPointBoxesAreClosed) {
  const AABB flat{{-2.0, 1.0, -2.0}, {2.0, 1.0, 2.0}};  // the plane y = 1
  EXPECT_TRUE(np::overlap_aabb_aabb(kBox, flat));
  const AABB point{{1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}};  // a corner of kBox
  EXPECT_TRUE(np::overlap_aabb_aabb(kBox, point));
  EXPECT_TRUE(np::overlap_aabb_aabb(point, point));
  const AABB beside{{1.0, 1.0, std::nextafter(1.0, 2.0)},
                    {1.0, 1.0, std::nextafter(1.0, 2.0)}};
  EXPECT_FALSE(np::overlap_aabb_aabb(kBox, beside));
  EXPECT_FALSE(np::overlap_aabb_aabb(point, beside));
}

TEST(OverlapAABBAABB, ExtremeMagnitudesAreExact) {
  const AABB huge{{-DBL_MAX, -DBL_MAX, -DBL_MAX}, {DBL_MAX, DBL_MAX, DBL_MAX}};
  EXPECT_TRUE(np::overlap_aabb_aabb(huge, kBox));
  const AABB tiny{{0.0, 0.0, 0.0}, {DBL_TRUE_MIN, DBL_TRUE_MIN, DBL_TRUE_MIN}};
  const AABB next{{DBL_TRUE_MIN, 0.0, 0.0}, {2 * DBL_TRUE_MIN, 0.0, 0.0}};
  const AABB beyond{{2 * DBL_TRUE_MIN, 0.0, 0.0}, {3 * DBL_TRUE_MIN, 0.0, 0.0}};
  EXPECT_TRUE(np::overlap_aabb_aabb(tiny, next));
  EXPECT_FALSE(np::overlap_aabb_aabb(tiny, beyond));
}

// ---- AABB-OBB ----

TEST(OverlapAABBOBB, IdentityRotationAgreesWithTheAABBTestExactly) {
  std::mt19937_64 rng(11);
  int touching = 0;
  for (int n = 0; n < 20000; ++n) {
    const AABB a = grid_box(rng), b = grid_box(rng);
    // The OBB of b: center and half size are exact on the grid of sixteenths.
    const OBB ob =
        identity_obb(b.min * 0.5 + b.max * 0.5, b.max * 0.5 - b.min * 0.5);
    const bool expected = np::overlap_aabb_aabb(a, b);
    ASSERT_EQ(np::overlap_aabb_obb(a, ob), expected) << n;
    ASSERT_EQ(np::overlap_obb_obb(np::detail::aabb_as_obb(a), ob), expected);
    ASSERT_EQ(np::overlap_obb_obb(ob, np::detail::aabb_as_obb(a)), expected);
    touching += expected && (a.max.x == b.min.x || a.min.x == b.max.x);
  }
  EXPECT_GT(touching, 100);  // the grid makes touching pairs common
}

TEST(OverlapAABBOBB, AnOBBAnUlpBeyondTheBoxIsSeparatedOnTheExactReals) {
  // c - h = 1 + 2^-52 exactly: one ulp beyond kBox's face x = 1.
  for (int k = 0; k < 3; ++k) {
    for (double s : {1.0, -1.0}) {
      const OBB apart = identity_obb(axis_value(k, 3.0 * s),
                                     {2.0 - kUlp1, 2.0 - kUlp1, 2.0 - kUlp1});
      EXPECT_FALSE(np::overlap_aabb_obb(kBox, apart)) << k << s;
      const OBB touching =
          identity_obb(axis_value(k, 3.0 * s), {2.0, 2.0, 2.0});
      EXPECT_TRUE(np::overlap_aabb_obb(kBox, touching)) << k << s;
    }
  }
  // c - h = 1 + 2^-52 + 2^-80 exactly, 2^-80 beyond the face x = 1 + 2^-52;
  // rounded, c - h would be the face itself (touching).
  const AABB face{{-1.0, -1.0, -1.0}, {1.0 + kUlp1, 1.0, 1.0}};
  const OBB hair =
      identity_obb({1.0 + 2 * kUlp1, 0.0, 0.0}, {kUlp1 - 0x1p-80, 1.0, 1.0});
  EXPECT_FALSE(np::overlap_aabb_obb(face, hair));
  const OBB hair_touching =
      identity_obb({1.0 + 2 * kUlp1, 0.0, 0.0}, {kUlp1, 1.0, 1.0});
  EXPECT_TRUE(np::overlap_aabb_obb(face, hair_touching));
  // Large centers and half sizes whose difference is exact.
  const AABB at{{-3.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
  const OBB big = identity_obb({0x1p53 + 2.0, 0.0, 0.0}, {0x1p53 + 2.0, 1, 1});
  EXPECT_TRUE(np::overlap_aabb_obb(at, big));  // c - h = 0: touching
  const OBB big_apart =
      identity_obb({0x1p53 + 2.0, 0.0, 0.0}, {0x1p53, 1, 1});  // c - h = 2
  EXPECT_FALSE(np::overlap_aabb_obb(at, big_apart));
}

TEST(OverlapAABBOBB, PermutedOrNegatedAxesAreTheSameBox) {
  std::mt19937_64 rng(12);
  for (int n = 0; n < 2000; ++n) {
    const AABB a = grid_box(rng), b = grid_box(rng);
    const Vec3 c = b.min * 0.5 + b.max * 0.5, h = b.max * 0.5 - b.min * 0.5;
    const bool expected = np::overlap_aabb_aabb(a, b);
    for (const auto& p : kPermutations) {
      for (int s = 0; s < 8; ++s) {
        OBB ob;
        ob.center = c;
        for (int i = 0; i < 3; ++i) {
          // Column i is world axis p[i] (negated by bit i), half size h[p[i]].
          ob.axis[i] = axis_value(p[i], (s >> i) & 1 ? -1.0 : 1.0);
          np::set(ob.half_size, i, np::get(h, p[i]));
        }
        ASSERT_EQ(np::overlap_aabb_obb(a, ob), expected) << n;
      }
    }
  }
}

TEST(OverlapAABBOBB, RotatedBoxesAgreeWithTheOBBTestInEitherOrder) {
  std::mt19937_64 rng(13);
  int overlaps = 0;
  for (int n = 0; n < 20000; ++n) {
    const AABB a = grid_box(rng);
    const Rotation r = random_rotation(rng);
    const OBB b{
        random_point(rng, 3.0),
        {uniform(rng, 0, 1.5), uniform(rng, 0, 1.5), uniform(rng, 0, 1.5)},
        {r.col[0], r.col[1], r.col[2]}};
    const bool o = np::overlap_aabb_obb(a, b);
    const OBB ao = np::detail::aabb_as_obb(a);
    ASSERT_EQ(o, np::overlap_obb_obb(ao, b)) << n;
    ASSERT_EQ(o, np::overlap_obb_obb(b, ao)) << n;
    overlaps += o;
  }
  EXPECT_GT(overlaps, 2000);
  EXPECT_LT(overlaps, 18000);
}

TEST(OverlapAABBOBB, BoxesNearTheLargestDoubleDoNotOverflowIntoOverlap) {
  // Found by the fuzzer (valid mode): a point OBB at y = z = -1.5e308, its
  // rotation an ulp of 1e-308 off the identity, against a box at y, z >= 0.
  // The center difference 3e308 overflowed in the OBB-OBB test.
  const AABB a{{0.0, 0.0, 1.5e308}, {1.5e308, 1.5e308, DBL_MAX}};
  const OBB b{{11.75, -1.5e308, -1.5e308},
              {0.0, 0.0, 0.0},
              {{1.0, 0x0.9p-1022, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}};
  EXPECT_FALSE(np::overlap_aabb_obb(a, b));
  OBB inside = b;
  inside.center = {11.75, 1.0e308, 1.6e308};
  EXPECT_TRUE(np::overlap_aabb_obb(a, inside));
}

TEST(OverlapAABBOBB, ABoxRotated45DegreesTouchesWithItsEdgeAndMissesBeyondIt) {
  // kBox rotated 45 degrees about z reaches sqrt(2) along x; its center at
  // 1 + sqrt(2) + gap from the origin.
  const double c = std::sqrt(0.5);
  for (double gap : {-1e-9, 1e-9}) {
    const OBB b{{1.0 + std::sqrt(2.0) + gap, 0.0, 0.0},
                {1.0, 1.0, 1.0},
                {{c, c, 0.0}, {-c, c, 0.0}, {0.0, 0.0, 1.0}}};
    EXPECT_EQ(np::overlap_aabb_obb(kBox, b), gap < 0) << gap;
  }
}

// ---- AABB-triangle ----

// The triangle (1, 1, 1), (3, 0, 0), (0, 3, 0) lies in the plane x + y + z = 3,
// which touches kBox at its corner (1, 1, 1) only.
const Triangle kCornerTouch{{1.0, 1.0, 1.0}, {3.0, 0.0, 0.0}, {0.0, 3.0, 0.0}};
// Its edge from (0, 2, 0) to (2, 0, 0) crosses kBox's edge x = y = 1 at
// (1, 1, 0); the rest lies in x + y > 2.
const Triangle kEdgeTouch{{0.0, 2.0, 0.0}, {2.0, 0.0, 0.0}, {5.0, 5.0, 3.0}};
// In kBox's face plane x = 1, overlapping the face.
const Triangle kFaceTouch{{1.0, 0.0, 0.0}, {1.0, 5.0, 0.0}, {1.0, 0.0, 5.0}};
// In the plane x = 1 too, touching the face's edge y = 1 with its edge y = 1.
const Triangle kFaceEdgeTouch{
    {1.0, 1.0, -3.0}, {1.0, 1.0, 3.0}, {1.0, 4.0, 0.0}};

Triangle moved(const Triangle& t, Vec3 d) {
  return {t.a + d, t.b + d, t.c + d};
}

TEST(OverlapAABBTriangle,
     TouchingAFaceAnEdgeOrACornerOverlapsAndAnUlpAwayDoesNot) {
  // Each configuration under every symmetry of the cube and corner order; then
  // moved away by 2^-50 (exact on these coordinates), which separates it by
  // the face axis, the triangle's normal or an edge axis.
  struct Case {
    Triangle t;
    Vec3 away;
  };
  const Case cases[] = {{kCornerTouch, {0.0, 0.0, 0x1p-50}},
                        {kEdgeTouch, {0x1p-50, 0.0, 0.0}},
                        {kFaceTouch, {0x1p-50, 0.0, 0.0}},
                        {kFaceEdgeTouch, {0.0, 0x1p-50, 0.0}}};
  for (const Case& c : cases) {
    for (const Symmetry& s : all_symmetries()) {
      for (const Triangle& t : corner_orders(c.t)) {
        ASSERT_TRUE(np::overlap_aabb_triangle(kBox, s(t)));
        ASSERT_FALSE(np::overlap_aabb_triangle(kBox, s(moved(t, c.away))));
        // The other way, the triangle enters the box.
        ASSERT_TRUE(np::overlap_aabb_triangle(kBox, s(moved(t, -c.away))));
      }
    }
  }
}

TEST(OverlapAABBTriangle, OnlyTheEdgeAxisSeparatesThisTriangle) {
  // kEdgeTouch moved by (2^-50, 2^-50, 0) off the box edge: every face axis
  // and the triangle's normal still overlap; the axis (B - A) x z separates.
  const Triangle t = moved(kEdgeTouch, {0x1p-50, 0x1p-50, 0.0});
  EXPECT_FALSE(np::overlap_aabb_triangle(kBox, t));
  // A bigger box on the x and y face axes still cannot reach it.
  EXPECT_FALSE(np::overlap_aabb_triangle({{-1, -1, -1}, {1, 1, 1}}, t));
}

TEST(OverlapAABBTriangle, TouchingIsExactAtEveryMagnitude) {
  for (int e : {-1000, -500, -60, 0, 60, 500, 1000}) {
    const double s = std::ldexp(1.0, e);
    const AABB box = scaled(kBox, s);
    EXPECT_TRUE(np::overlap_aabb_triangle(box, scaled(kCornerTouch, s))) << e;
    EXPECT_FALSE(np::overlap_aabb_triangle(
        box, scaled(moved(kCornerTouch, {0.0, 0.0, 0x1p-50}), s)))
        << e;
    EXPECT_TRUE(np::overlap_aabb_triangle(box, scaled(kEdgeTouch, s))) << e;
    EXPECT_FALSE(np::overlap_aabb_triangle(
        box, scaled(moved(kEdgeTouch, {0x1p-50, 0x1p-50, 0.0}), s)))
        << e;
  }
  // Subnormal: the integers times 2^-1070 are exact.
  const double s = 0x1p-1070;
  EXPECT_TRUE(
      np::overlap_aabb_triangle(scaled(kBox, s), scaled(kCornerTouch, s)));
  EXPECT_FALSE(np::overlap_aabb_triangle(
      scaled(kBox, s), moved(scaled(kCornerTouch, s), {0.0, 0.0, s})));
  // Near the largest double: coordinates times 2^1021 (3 * 2^1021 < DBL_MAX).
  const double big = 0x1p1021;
  EXPECT_TRUE(np::overlap_aabb_triangle(scaled(kBox, big),
                                        scaled(kEdgeTouch, big * 0.25)) ==
              np::overlap_aabb_triangle(scaled(kBox, 4.0), kEdgeTouch));
  const AABB everything{{-DBL_MAX, -DBL_MAX, -DBL_MAX},
                        {DBL_MAX, DBL_MAX, DBL_MAX}};
  const Triangle far{{DBL_MAX, -DBL_MAX, 0.0},
                     {-DBL_MAX, DBL_MAX, 0.0},
                     {DBL_MAX, DBL_MAX, DBL_MAX}};
  EXPECT_TRUE(np::overlap_aabb_triangle(everything, far));
  EXPECT_TRUE(np::overlap_aabb_triangle(
      kBox, far));  // its first edge passes the origin
  const Triangle far_off{{DBL_MAX, -DBL_MAX, 2.0},
                         {-DBL_MAX, DBL_MAX, 2.0},
                         {DBL_MAX, DBL_MAX, DBL_MAX}};
  EXPECT_FALSE(np::overlap_aabb_triangle(kBox, far_off));
}

TEST(OverlapAABBTriangle, DegenerateTrianglesAreTheirSegmentOrPoint) {
  std::mt19937_64 rng(21);
  int hits = 0;
  for (int n = 0; n < 20000; ++n) {
    const Vec3 p = random_point(rng, 3.0), q = random_point(rng, 3.0);
    const AABB box = {{-1.0, -0.5, -0.25}, {1.5, 1.0, 0.5}};
    np::RayHit hit;
    const bool segment_hits = np::linecast_aabb({p, q}, box, &hit);
    // Collinear corners (the midpoint is exact up to rounding on the segment's
    // line only when it is a dyadic fraction of it: use the ends twice).
    ASSERT_EQ(np::overlap_aabb_triangle(box, {p, q, q}), segment_hits) << n;
    ASSERT_EQ(np::overlap_aabb_triangle(box, {p, p, q}), segment_hits) << n;
    ASSERT_EQ(np::overlap_aabb_triangle(box, {p, p, p}),
              np::distance_point_aabb(p, box) == 0.0);
    hits += segment_hits;
  }
  EXPECT_GT(hits, 3000);
  // Collinear with a middle corner: the segment from the first to the last.
  const Triangle line{{-3.0, 2.0, 0.0}, {3.0, -1.0, 0.0}, {1.0, 0.0, 0.0}};
  EXPECT_TRUE(np::overlap_aabb_triangle(kBox, line));
  EXPECT_FALSE(np::overlap_aabb_triangle(kBox, moved(line, {0.0, 0.0, 1.5})));
  // Touching the corner with its end, or passing an ulp beside it.
  const Triangle stick{{1.0, 1.0, 1.0}, {2.0, 2.0, 2.0}, {1.5, 1.5, 1.5}};
  EXPECT_TRUE(np::overlap_aabb_triangle(kBox, stick));
  EXPECT_FALSE(
      np::overlap_aabb_triangle(kBox, moved(stick, {0.0, 0.0, 0x1p-52})));
}

TEST(OverlapAABBTriangle,
     AgreesWithTheSeparatingAxisReferenceAndItsSymmetries) {
  std::mt19937_64 rng(22);
  int yes = 0, no = 0;
  for (int n = 0; n < 20000; ++n) {
    const Triangle t{random_point(rng, 2.5), random_point(rng, 2.5),
                     random_point(rng, 2.5)};
    const bool o = np::overlap_aabb_triangle(kBox, t);
    const Ref ref = box_triangle_reference(kBox, t);
    if (ref != Ref::kUnsure) ASSERT_EQ(o, ref == Ref::kYes) << n;
    yes += ref == Ref::kYes, no += ref == Ref::kNo;
    // A point of the triangle inside the box means overlap.
    if (np::distance_point_aabb(t.a * 0.25 + t.b * 0.25 + t.c * 0.5, kBox) == 0)
      ASSERT_TRUE(o);
    // Corner orders, symmetries of the cube, a power-of-two translation.
    for (const Triangle& u : corner_orders(t))
      ASSERT_EQ(np::overlap_aabb_triangle(kBox, u), o);
    const Symmetry s{kPermutations[n % 6], n % 8};
    ASSERT_EQ(np::overlap_aabb_triangle(kBox, s(t)), o);
    const Vec3 d{4.0, -8.0, 16.0};
    ASSERT_EQ(
        np::overlap_aabb_triangle({kBox.min + d, kBox.max + d}, moved(t, d)),
        o);
  }
  EXPECT_GT(yes, 3000);
  EXPECT_GT(no, 3000);
}

TEST(OverlapAABBTriangle, GridConfigurationsMatchTheirSymmetricImages) {
  // On the grid of eighths many triangles touch boxes exactly; the exact
  // predicates answer the same under every symmetry and corner order.
  std::mt19937_64 rng(23);
  for (int n = 0; n < 5000; ++n) {
    const AABB box = grid_box(rng);
    const Triangle t{grid_point(rng), grid_point(rng), grid_point(rng)};
    const bool o = np::overlap_aabb_triangle(box, t);
    const Ref ref = box_triangle_reference(box, t);
    if (ref != Ref::kUnsure) ASSERT_EQ(o, ref == Ref::kYes) << n;
    const Symmetry s{kPermutations[n % 6], (n / 6) % 8};
    ASSERT_EQ(np::overlap_aabb_triangle(s(box), s(t)), o) << n;
    ASSERT_EQ(np::overlap_aabb_triangle(box, {t.c, t.a, t.b}), o) << n;
  }
}

// ---- OBB-triangle ----

TEST(OverlapOBBTriangle, IdentityAndAxisAlignedRotationsAgreeWithTheAABBTest) {
  std::mt19937_64 rng(31);
  for (int n = 0; n < 5000; ++n) {
    const AABB b = grid_box(rng);
    const Triangle t{grid_point(rng), grid_point(rng), grid_point(rng)};
    const bool expected = np::overlap_aabb_triangle(b, t);
    const Vec3 c = b.min * 0.5 + b.max * 0.5, h = b.max * 0.5 - b.min * 0.5;
    ASSERT_EQ(np::overlap_obb_triangle(identity_obb(c, h), t), expected) << n;
    const auto& p = kPermutations[n % 6];
    const int s = (n / 6) % 8;
    OBB ob;
    ob.center = c;
    for (int i = 0; i < 3; ++i) {
      ob.axis[i] = axis_value(p[i], (s >> i) & 1 ? -1.0 : 1.0);
      np::set(ob.half_size, i, np::get(h, p[i]));
    }
    ASSERT_EQ(np::overlap_obb_triangle(ob, t), expected) << n;
  }
}

TEST(OverlapOBBTriangle, AxisAlignedBoxesDecideTouchingExactlyWithNoSlack) {
  // The AABB configurations, touching and 2^-50 off, against kBox as an OBB
  // with every signed permutation of the identity as its rotation.
  const Triangle touching[] = {kCornerTouch, kEdgeTouch, kFaceTouch,
                               kFaceEdgeTouch};
  const Vec3 away[] = {{0.0, 0.0, 0x1p-50},
                       {0x1p-50, 0x1p-50, 0.0},
                       {0x1p-50, 0.0, 0.0},
                       {0.0, 0x1p-50, 0.0}};
  for (const auto& p : kPermutations) {
    for (int s = 0; s < 8; ++s) {
      OBB box{{0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}, {}};
      for (int i = 0; i < 3; ++i)
        box.axis[i] = axis_value(p[i], (s >> i) & 1 ? -1.0 : 1.0);
      for (int i = 0; i < 4; ++i) {
        EXPECT_TRUE(np::overlap_obb_triangle(box, touching[i]));
        EXPECT_FALSE(np::overlap_obb_triangle(box, moved(touching[i], away[i])))
            << i;
      }
    }
  }
}

TEST(OverlapOBBTriangle,
     RotatedBoxTouchedByATriangleOverlapsAndOneMovedOffDoesNot) {
  // The AABB configurations built in a rotated box's frame: touching (within
  // the transform's rounding) must overlap; 1e-9 off must not.
  std::mt19937_64 rng(32);
  const Triangle touching[] = {kCornerTouch, kEdgeTouch, kFaceTouch,
                               kFaceEdgeTouch};
  const Vec3 away[] = {{1, 1, 1}, {1, 1, 0}, {1, 0, 0}, {1, 0, 0}};
  for (int n = 0; n < 500; ++n) {
    const Rotation r = random_rotation(rng);
    const OBB box{random_point(rng, 100.0),
                  {1.0, 1.0, 1.0},
                  {r.col[0], r.col[1], r.col[2]}};
    for (int i = 0; i < 4; ++i) {
      const Triangle& t = touching[i];
      const Triangle w{to_world(box, t.a), to_world(box, t.b),
                       to_world(box, t.c)};
      ASSERT_TRUE(np::overlap_obb_triangle(box, w)) << n << " " << i;
      const Vec3 d = away[i] * 1e-9;
      const Triangle off{to_world(box, t.a + d), to_world(box, t.b + d),
                         to_world(box, t.c + d)};
      ASSERT_FALSE(np::overlap_obb_triangle(box, off)) << n << " " << i;
    }
  }
}

TEST(OverlapOBBTriangle, RotatedBoxAgreesWithTheAABBTestInItsFrame) {
  std::mt19937_64 rng(33);
  int yes = 0;
  for (int n = 0; n < 20000; ++n) {
    const Rotation r = random_rotation(rng);
    const OBB box{random_point(rng, 5.0),
                  {0.5, 1.0, 1.5},
                  {r.col[0], r.col[1], r.col[2]}};
    const Triangle local{random_point(rng, 2.5), random_point(rng, 2.5),
                         random_point(rng, 2.5)};
    const AABB aabb{{-0.5, -1.0, -1.5}, {0.5, 1.0, 1.5}};
    const Ref ref = box_triangle_reference(aabb, local);
    if (ref == Ref::kUnsure) continue;
    const Triangle w{to_world(box, local.a), to_world(box, local.b),
                     to_world(box, local.c)};
    ASSERT_EQ(np::overlap_obb_triangle(box, w), ref == Ref::kYes) << n;
    yes += ref == Ref::kYes;
  }
  EXPECT_GT(yes, 3000);
}

TEST(OverlapOBBTriangle, PermutingOrNegatingTheColumnsChangesNothing) {
  // The same box with its columns (and half sizes) permuted or negated: the
  // same answer, bit for bit, also within the slack's band.
  std::mt19937_64 rng(35);
  for (int n = 0; n < 5000; ++n) {
    const Rotation r = random_rotation(rng);
    const OBB box{
        random_point(rng, 2.0),
        {uniform(rng, 0, 1.5), uniform(rng, 0, 1.5), uniform(rng, 0, 1.5)},
        {r.col[0], r.col[1], r.col[2]}};
    // Corners of the box itself now and then: touching configurations.
    const Vec3 corner = to_world(box, box.half_size);
    const Triangle t{n % 3 == 0 ? corner : random_point(rng, 3.0),
                     random_point(rng, 3.0), random_point(rng, 3.0)};
    const bool o = np::overlap_obb_triangle(box, t);
    if (n % 3 == 0) ASSERT_TRUE(o);
    for (const auto& p : kPermutations) {
      for (int s = 0; s < 8; ++s) {
        OBB q = box;
        for (int i = 0; i < 3; ++i) {
          q.axis[i] = box.axis[p[i]] * ((s >> i) & 1 ? -1.0 : 1.0);
          np::set(q.half_size, i, np::get(box.half_size, p[i]));
        }
        ASSERT_EQ(np::overlap_obb_triangle(q, t), o) << n;
      }
    }
  }
}

TEST(OverlapOBBTriangle, ExtremeMagnitudesGiveTheScaledAnswer) {
  std::mt19937_64 rng(34);
  const Rotation r = random_rotation(rng);
  for (int e : {-1060, -900, -300, 0, 300, 1000, 1020}) {
    const double s = std::ldexp(1.0, e);
    const OBB box{{0.0, 0.0, 0.0}, {s, s, s}, {r.col[0], r.col[1], r.col[2]}};
    const Triangle inside{to_world(box, Vec3{0.5, 0.5, 0.5} * s),
                          to_world(box, Vec3{3.0, 0.0, 0.0} * s),
                          to_world(box, Vec3{0.0, 3.0, 0.0} * s)};
    const Triangle outside{to_world(box, Vec3{1.5, 1.5, 1.5} * s),
                           to_world(box, Vec3{3.0, 1.5, 1.5} * s),
                           to_world(box, Vec3{1.5, 3.0, 1.5} * s)};
    EXPECT_TRUE(np::overlap_obb_triangle(box, inside)) << e;
    EXPECT_FALSE(np::overlap_obb_triangle(box, outside)) << e;
  }
  // Found by the fuzzer (valid mode): a box near -2.2e307 rotated by 2^-44
  // about z, and a triangle from the origin to 4.5e307: |v - c|_1 = 2e308
  // overflowed the slack to infinity, and everything overlapped.
  const double q = 0x1.fffffffffffffp+1020;
  const OBB corner{{-q, -q, -q},
                   {q, 0x1p+478, 0x1p+478},
                   {{1, 0x1p-44, 0}, {-0x1p-44, 1, 0}, {0, 0, 1}}};
  const Triangle up{
      {0x1.107000003p-1015, 0x1.17p-1022, 0x0.0001000000003p-1022},
      {2 * q, 2 * q, 2 * q},
      {q, q, q}};
  EXPECT_FALSE(np::overlap_obb_triangle(corner, up));
  // Centers and corners at opposite ends of the doubles: no overflow.
  const OBB far{{-DBL_MAX, 0, 0}, {1, 1, 1}, {r.col[0], r.col[1], r.col[2]}};
  const Triangle there{{DBL_MAX, 0, 0}, {DBL_MAX, 1, 0}, {DBL_MAX, 0, 1}};
  EXPECT_FALSE(np::overlap_obb_triangle(far, there));
  const OBB all{
      {0, 0, 0}, {DBL_MAX, DBL_MAX, DBL_MAX}, {r.col[0], r.col[1], r.col[2]}};
  EXPECT_TRUE(np::overlap_obb_triangle(all, there));
}

// ---- Triangle-triangle ----

TEST(OverlapTriangleTriangle, CoplanarTrianglesAreDecidedInTheirPlane) {
  // In the plane z = 0 (then every symmetry of the cube puts it in each
  // coordinate plane, both ways up).
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  struct Case {
    Triangle u;
    bool overlap;
    const char* what;
  };
  const Case cases[] = {
      {{{1, 1, 0}, {5, 1, 0}, {1, 5, 0}}, true, "crossing edges"},
      {{{1, 1, 0}, {2, 1, 0}, {1, 2, 0}}, true, "inside"},
      {{{-1, -1, 0}, {9, -1, 0}, {-1, 9, 0}}, true, "containing"},
      {{{4, 0, 0}, {6, 0, 0}, {6, 2, 0}}, true, "touching at a corner"},
      {{{2, 2, 0}, {4, 4, 0}, {0, 6, 0}}, true, "touching its hypotenuse"},
      {{{4, 0, 0}, {8, 0, 0}, {6, -2, 0}}, true, "sharing a corner, outside"},
      {{{1, 0, 0}, {3, 0, 0}, {2, -3, 0}},
       true,
       "edges overlapping, collinear"},
      {{{2, 2 - 0x1p-50, 0}, {4, 4, 0}, {0, 6, 0}},
       true,
       "across the hypotenuse"},
      {{{2, 2 + 0x1p-48, 0}, {4, 4 + 0x1p-48, 0}, {0, 6, 0}},
       false,
       "a hair beyond"},
      {{{4 + 0x1p-50, 0, 0}, {6, 0, 0}, {6, 2, 0}},
       false,
       "an ulp past the corner"},
      {{{5, 0, 0}, {9, 0, 0}, {7, -3, 0}}, false, "collinear edges, apart"},
  };
  for (const Case& c : cases) {
    for (const Symmetry& s : all_symmetries()) {
      for (const Triangle& u : corner_orders(c.u)) {
        ASSERT_EQ(np::overlap_triangle_triangle(s(t), s(u)), c.overlap)
            << c.what;
        ASSERT_EQ(np::overlap_triangle_triangle(s(u), s(t)), c.overlap)
            << c.what;
      }
    }
  }
}

TEST(OverlapTriangleTriangle, TouchingAndPiercingTrianglesInSpace) {
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  struct Case {
    Triangle u;
    bool overlap;
    const char* what;
  };
  const double h = 0x1p-50;
  const Case cases[] = {
      {{{1, 1, -1}, {1, 1, 3}, {3, 3, 3}}, true, "piercing"},
      {{{1, 1, 0}, {1, 2, 3}, {2, 1, 3}}, true, "a corner on its face"},
      {{{1, 1, h}, {1, 2, 3}, {2, 1, 3}},
       false,
       "a corner just above its face"},
      {{{2, 2, 0}, {3, 3, 3}, {3, 3, -3}}, true, "a corner on its hypotenuse"},
      {{{2 + h, 2, 0}, {3, 3, 3}, {3, 3, -3}},
       false,
       "just beyond its hypotenuse"},
      {{{4, 0, 0}, {5, 0, 3}, {5, 1, 3}}, true, "a shared corner"},
      {{{2, -1, 0}, {2, 1, 1}, {2, 1, -1}},
       true,
       "its edge through the other's edge"},
      {{{2, -1, 1}, {2, -1, -1}, {2, -h, 0}},
       false,
       "edge crossing just short"},
      {{{2, -1, 1}, {2, -1, -1}, {2, 0, 0}}, true, "a corner on its edge"},
      {{{-1, -1, 1}, {5, 5, 1}, {-1, 5, 1}}, false, "parallel planes"},
  };
  for (const Case& c : cases) {
    for (const Symmetry& s : all_symmetries()) {
      for (const Triangle& u : corner_orders(c.u)) {
        ASSERT_EQ(np::overlap_triangle_triangle(s(t), s(u)), c.overlap)
            << c.what;
        ASSERT_EQ(np::overlap_triangle_triangle(s(u), s(t)), c.overlap)
            << c.what;
      }
    }
  }
}

TEST(OverlapTriangleTriangle,
     AgreesWithTheSeparatingAxisReferenceAndIsSymmetric) {
  std::mt19937_64 rng(41);
  int yes = 0, no = 0;
  for (int n = 0; n < 30000; ++n) {
    const Triangle a{random_point(rng, 2.0), random_point(rng, 2.0),
                     random_point(rng, 2.0)};
    const Vec3 d = random_point(rng, 1.0);
    const Triangle b{random_point(rng, 2.0) + d, random_point(rng, 2.0) + d,
                     random_point(rng, 2.0) + d};
    const bool o = np::overlap_triangle_triangle(a, b);
    ASSERT_EQ(np::overlap_triangle_triangle(b, a), o) << n;
    const Ref ref = triangle_triangle_reference(a, b);
    if (ref != Ref::kUnsure) ASSERT_EQ(o, ref == Ref::kYes) << n;
    yes += ref == Ref::kYes, no += ref == Ref::kNo;
    for (const Triangle& u : corner_orders(b))
      ASSERT_EQ(np::overlap_triangle_triangle(a, u), o) << n;
  }
  EXPECT_GT(yes, 3000);
  EXPECT_GT(no, 3000);
}

TEST(OverlapTriangleTriangle, CoplanarRandomTrianglesAgreeWithTheReference) {
  // Both in the plane through three random points (its points computed as
  // dyadic combinations would round off it; instead the plane z = 0 under a
  // shear that keeps coordinates exact: z = x / 2 + y / 4).
  std::mt19937_64 rng(42);
  int yes = 0, no = 0;
  const auto on_plane = [&rng]() {
    const double x = std::ldexp(std::round(uniform(rng, -64, 64)), -4),
                 y = std::ldexp(std::round(uniform(rng, -64, 64)), -4);
    return Vec3{x, y, x * 0.5 + y * 0.25};
  };
  for (int n = 0; n < 20000; ++n) {
    const Triangle a{on_plane(), on_plane(), on_plane()},
        b{on_plane(), on_plane(), on_plane()};
    const bool o = np::overlap_triangle_triangle(a, b);
    ASSERT_EQ(np::overlap_triangle_triangle(b, a), o);
    const Ref ref = triangle_triangle_reference(a, b);
    if (ref != Ref::kUnsure) ASSERT_EQ(o, ref == Ref::kYes) << n;
    yes += o, no += !o;
  }
  EXPECT_GT(yes, 2000);
  EXPECT_GT(no, 2000);
}

TEST(OverlapTriangleTriangle, ADegenerateTriangleIsItsSegmentOrPoint) {
  std::mt19937_64 rng(43);
  int hits = 0;
  for (int n = 0; n < 20000; ++n) {
    const Triangle t{random_point(rng, 2.0), random_point(rng, 2.0),
                     random_point(rng, 2.0)};
    const Vec3 p = random_point(rng, 2.5), q = random_point(rng, 2.5);
    np::RayHit hit;
    const bool segment_hits = np::linecast_triangle(p, q, t, &hit);
    ASSERT_EQ(np::overlap_triangle_triangle({p, q, q}, t), segment_hits) << n;
    ASSERT_EQ(np::overlap_triangle_triangle(t, {p, p, q}), segment_hits) << n;
    hits += segment_hits;
  }
  EXPECT_GT(hits, 1000);
  // Points: on the triangle (a dyadic combination of its corners, exact
  // here), and one ulp above it.
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  for (const Symmetry& s : all_symmetries()) {
    const Vec3 on = s(Vec3{1.0, 2.0, 0.0}), edge = s(Vec3{2.0, 2.0, 0.0}),
               above = s(Vec3{1.0, 2.0, 0x1p-60});
    EXPECT_TRUE(np::overlap_triangle_triangle(s(t), {on, on, on}));
    EXPECT_TRUE(np::overlap_triangle_triangle({edge, edge, edge}, s(t)));
    EXPECT_FALSE(np::overlap_triangle_triangle(s(t), {above, above, above}));
  }
  // Two segments: crossing, touching end to middle, skew by 2^-60, collinear
  // overlapping and apart; two points.
  const Vec3 o{0, 0, 0};
  EXPECT_TRUE(np::overlap_triangle_triangle(
      {{-1, 0, 0}, {1, 0, 0}, {1, 0, 0}}, {{0, -1, 0}, {0, 1, 0}, {0, 1, 0}}));
  EXPECT_TRUE(np::overlap_triangle_triangle({{-1, 0, 0}, {1, 0, 0}, {1, 0, 0}},
                                            {{0, 0, 0}, {0, 1, 0}, {0, 1, 0}}));
  EXPECT_FALSE(np::overlap_triangle_triangle(
      {{-1, 0, 0}, {1, 0, 0}, {1, 0, 0}},
      {{0, -1, 0x1p-60}, {0, 1, 0x1p-60}, {0, 1, 0x1p-60}}));
  EXPECT_TRUE(np::overlap_triangle_triangle({{-1, -1, -1}, {1, 1, 1}, o},
                                            {{1, 1, 1}, {3, 3, 3}, {2, 2, 2}}));
  EXPECT_FALSE(np::overlap_triangle_triangle(
      {{-1, -1, -1}, {1, 1, 1}, o},
      {{1, 1, 1 + 0x1p-52}, {3, 3, 3}, {2, 2, 2}}));
  EXPECT_TRUE(np::overlap_triangle_triangle({o, o, o}, {o, o, o}));
  EXPECT_FALSE(np::overlap_triangle_triangle(
      {o, o, o},
      {{DBL_TRUE_MIN, 0, 0}, {DBL_TRUE_MIN, 0, 0}, {DBL_TRUE_MIN, 0, 0}}));
}

TEST(OverlapTriangleTriangle, TouchingIsExactAtEveryMagnitude) {
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  const Triangle on{{1, 1, 0}, {1, 2, 3}, {2, 1, 3}};
  const Triangle above{{1, 1, 0x1p-50}, {1, 2, 3}, {2, 1, 3}};
  for (int e : {-1000, -300, 0, 300, 1000, 1020}) {
    const double s = std::ldexp(1.0, e);
    EXPECT_TRUE(np::overlap_triangle_triangle(scaled(t, s), scaled(on, s)))
        << e;
    EXPECT_FALSE(np::overlap_triangle_triangle(scaled(t, s), scaled(above, s)))
        << e;
  }
  // A triangle 2^500 across against one 2^-50 above it, and one spanning
  // the whole range of the doubles (the orientation's products fall below
  // the normal range: decided in integers).
  const double m = 0x1p500;
  const Triangle big{{-m, -m, 0}, {m, -m, 0}, {0, m, 0}};
  EXPECT_TRUE(np::overlap_triangle_triangle(big, on));
  EXPECT_FALSE(np::overlap_triangle_triangle(big, above));
  const Triangle huge{
      {-DBL_MAX, -DBL_MAX, 0}, {DBL_MAX, -DBL_MAX, 0}, {0, DBL_MAX, 0}};
  EXPECT_TRUE(np::overlap_triangle_triangle(huge, on));
  EXPECT_FALSE(np::overlap_triangle_triangle(huge, above));
  const Triangle tiny_above{{1, 1, DBL_TRUE_MIN}, {1, 2, 3}, {2, 1, 3}};
  EXPECT_FALSE(np::overlap_triangle_triangle(huge, tiny_above));
  EXPECT_FALSE(np::overlap_triangle_triangle(t, tiny_above));
  // The fuzzer's sliver: from near the origin (subnormal offsets) to 1.2e132,
  // entering a box whose lower y bound is subnormal.
  const AABB box{
      {0.0, 0x0.600000000004p-1022, 0.0},
      {0x1.b5b5b5bp+438, 0x1.b5b5b5b5b5b5bp+438, 0x1.b5b5b5b5b5b5bp+438}};
  const double f = 0x1.b5b5b5b5b5b5bp+438;
  const Triangle sliver{
      {f, f, f}, {0.0, 0x0.0003fp-1022, 0.0}, {0x0.000000008p-1022, 0.0, 0.0}};
  EXPECT_TRUE(np::overlap_aabb_triangle(box, sliver));
  EXPECT_TRUE(np::overlap_triangle_triangle(
      huge, {{0, 0, -DBL_MAX}, {0, 1, DBL_MAX}, {1, 0, DBL_MAX}}));
  EXPECT_FALSE(np::overlap_triangle_triangle(
      huge, {{0, 0, DBL_MAX}, {0, 1, DBL_MAX}, {1, 0, DBL_MAX}}));
}

}  // namespace
