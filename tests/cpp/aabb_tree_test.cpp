// np::AABBTree (narrowphase/aabb_tree.h): its queries equal the brute force
// over every box with the single calls, bit for bit, after a build, after
// update and after update_all.
#include "narrowphase/aabb_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::AABBTree;
using np::Ray;
using np::RayHit;
using np::Sphere;
using np::TreeRayHit;
using np::Vec3;
using np_test::same_bits;

AABB box_of(const std::vector<double>& b, size_t i) {
  return {{b[6 * i], b[6 * i + 1], b[6 * i + 2]},
          {b[6 * i + 3], b[6 * i + 4], b[6 * i + 5]}};
}
void set_box(std::vector<double>* b, size_t i, const AABB& x) {
  const double v[6] = {x.min.x, x.min.y, x.min.z, x.max.x, x.max.y, x.max.z};
  for (int k = 0; k < 6; ++k) (*b)[6 * i + k] = v[k];
}
size_t count_of(const std::vector<double>& b) { return b.size() / 6; }

// ---- The brute force: every box in index order with the single call; the
// first of equal distances stays (the lowest index).

bool brute_raycast(const std::vector<double>& b, const Ray& ray,
                   double max_distance, TreeRayHit* out) {
  bool found = false;
  for (size_t i = 0; i < count_of(b); ++i) {
    RayHit h;
    if (np::raycast_aabb(ray, box_of(b, i), max_distance, &h) &&
        (!found || h.distance < out->hit.distance)) {
      out->hit = h;
      out->index = static_cast<uint32_t>(i);
      found = true;
    }
  }
  return found;
}
// The indices of the boxes `touches`, ascending.
template <class Touches>
std::vector<uint32_t> brute_in(const std::vector<double>& b, Touches touches) {
  std::vector<uint32_t> r;
  for (size_t i = 0; i < count_of(b); ++i)
    if (touches(box_of(b, i))) r.push_back(static_cast<uint32_t>(i));
  return r;
}
std::vector<uint32_t> brute_in_aabb(const std::vector<double>& b,
                                    const AABB& q) {
  return brute_in(b,
                  [&](const AABB& x) { return np::overlap_aabb_aabb(q, x); });
}
std::vector<uint32_t> brute_in_sphere(const std::vector<double>& b,
                                      const Sphere& s) {
  return brute_in(b,
                  [&](const AABB& x) { return np::overlap_sphere_aabb(s, x); });
}

::testing::AssertionResult SameHit(bool g, const TreeRayHit& got, bool w,
                                   const TreeRayHit& want) {
  if (g != w)
    return ::testing::AssertionFailure()
           << "tree " << (g ? "hit" : "missed") << ", brute force "
           << (w ? "hit" : "missed");
  if (!g) return ::testing::AssertionSuccess();
  const double a[7] = {got.hit.distance, got.hit.point.x,  got.hit.point.y,
                       got.hit.point.z,  got.hit.normal.x, got.hit.normal.y,
                       got.hit.normal.z};
  const double e[7] = {want.hit.distance, want.hit.point.x,  want.hit.point.y,
                       want.hit.point.z,  want.hit.normal.x, want.hit.normal.y,
                       want.hit.normal.z};
  for (int k = 0; k < 7; ++k)
    if (!same_bits(a[k], e[k]))
      return ::testing::AssertionFailure()
             << "field " << k << ": tree " << a[k] << " (box " << got.index
             << "), brute force " << e[k] << " (box " << want.index << ")";
  if (got.index != want.index)
    return ::testing::AssertionFailure()
           << "index: tree " << got.index << ", brute force " << want.index;
  return ::testing::AssertionSuccess();
}

// Every node's box is exactly the union of its children's (a leaf's: of its
// boxes), the check of a refit.
::testing::AssertionResult NodesAreExactUnions(const AABBTree& t) {
  for (size_t k = 0; k < t.node_count(); ++k) {
    const np::AABBTreeNode& n = t.node(k);
    AABB u;
    if (n.count != 0) {
      u = t.box(t.box_in_slot(n.index));
      for (uint32_t s = n.index + 1; s < n.index + n.count; ++s) {
        const AABB b = t.box(t.box_in_slot(s));
        u = {{std::min(u.min.x, b.min.x), std::min(u.min.y, b.min.y),
              std::min(u.min.z, b.min.z)},
             {std::max(u.max.x, b.max.x), std::max(u.max.y, b.max.y),
              std::max(u.max.z, b.max.z)}};
      }
    } else {
      const AABB a = t.node(k + 1).box, b = t.node(n.index).box;
      u = {{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y),
            std::min(a.min.z, b.min.z)},
           {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y),
            std::max(a.max.z, b.max.z)}};
    }
    const AABB& b = n.box;
    if (!(u.min.x == b.min.x && u.min.y == b.min.y && u.min.z == b.min.z &&
          u.max.x == b.max.x && u.max.y == b.max.y && u.max.z == b.max.z))
      return ::testing::AssertionFailure() << "node " << k;
  }
  return ::testing::AssertionSuccess();
}

// Seeded boxes around `offset` of size ~scale: ordinary boxes, points, flat
// boxes and exact duplicates of an earlier box.
std::vector<double> make_boxes(int n, double scale, double offset,
                               uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> b(6 * static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    if (i > 0 && i % 11 == 0) {  // a duplicate
      set_box(&b, i, box_of(b, rng() % i));
      continue;
    }
    const Vec3 c{offset + 10 * scale * u(rng), offset + 10 * scale * u(rng),
                 offset + 10 * scale * u(rng)};
    Vec3 h{scale * std::fabs(u(rng)), scale * std::fabs(u(rng)),
           scale * std::fabs(u(rng))};
    if (i % 7 == 3) h = {0, 0, 0};           // a point
    if (i % 5 == 2) np::set(h, i % 3, 0.0);  // flat
    set_box(
        &b, i,
        {{c.x - h.x, c.y - h.y, c.z - h.z}, {c.x + h.x, c.y + h.y, c.z + h.z}});
  }
  return b;
}

// Rays (from outside, from inside boxes, aimed at corners and centres, along
// axes), boxes and spheres (touching exactly: around the corner of a box)
// against the brute force.
void compare(const AABBTree& t, const std::vector<double>& b, int queries,
             uint32_t seed, double scale, double offset) {
  ASSERT_EQ(t.count(), count_of(b));
  ASSERT_TRUE(NodesAreExactUnions(t));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto point = [&] {
    return Vec3{offset + 14 * scale * u(rng), offset + 14 * scale * u(rng),
                offset + 14 * scale * u(rng)};
  };
  const size_t n = count_of(b);
  int hits = 0, found = 0;
  std::vector<uint32_t> got;
  for (int q = 0; q < queries; ++q) {
    const Vec3 o = q % 9 == 4 && n > 0 ? box_of(b, rng() % n).min : point();
    Vec3 target = point();
    if (n > 0 && q % 2 == 0) {
      const AABB x = box_of(b, rng() % n);
      target = q % 4 == 0 ? x.max : x.min * 0.5 + x.max * 0.5;
    }
    Vec3 d = target - o;
    if (q % 6 == 1) d = np_test::axis_value(q % 3, q % 4 < 2 ? 1.0 : -1.0);
    if (d.x == 0 && d.y == 0 && d.z == 0) continue;
    const double max_distance = q % 5 == 0 ? np::length(d) : INFINITY;
    TreeRayHit g, w;
    const bool gh = t.raycast({o, d}, max_distance, &g);
    const bool wh = brute_raycast(b, {o, d}, max_distance, &w);
    EXPECT_TRUE(SameHit(gh, g, wh, w)) << "raycast, query " << q;
    hits += wh;
    // A box around the target, and one touching a box's corner.
    const double r = scale * std::fabs(u(rng)) * (q % 3 == 0 ? 0.0 : 3.0);
    AABB qb{{target.x - r, target.y - r, target.z - r},
            {target.x + r, target.y + r, target.z + r}};
    if (n > 0 && q % 4 == 1) {
      const AABB x = box_of(b, rng() % n);
      qb = {x.max, x.max + Vec3{scale, scale, scale}};
    }
    t.boxes_in_aabb(qb, &got);
    const std::vector<uint32_t> wa = brute_in_aabb(b, qb);
    EXPECT_EQ(got, wa) << "boxes_in_aabb, query " << q;
    found += !wa.empty();
    // A sphere around the target, and one touching a box's corner exactly.
    Sphere s{target, r};
    if (n > 0 && q % 4 == 3) {
      const AABB x = box_of(b, rng() % n);
      s = {x.max + Vec3{3 * scale, 4 * scale, 0.0}, 5 * scale};
    }
    t.boxes_in_sphere(s, &got);
    const std::vector<uint32_t> ws = brute_in_sphere(b, s);
    EXPECT_EQ(got, ws) << "boxes_in_sphere, query " << q;
    found += !ws.empty();
    if (::testing::Test::HasFailure()) return;
  }
  // The comparisons are not vacuous.
  if (n > 0) {
    EXPECT_GT(hits, 0);
    EXPECT_GT(found, 0);
  }
}

AABBTree tree_of(const std::vector<double>& b) {
  return AABBTree(b.data(), count_of(b));
}

const std::pair<double, double> kScales[] = {
    {1.0, 0.0},  {1e-6, 0.0},   {1e6, 0.0},  {1.0, 1e6},
    {1e-3, 1e6}, {1e-300, 0.0}, {1e300, 0.0}};

TEST(AABBTreeTest, SeededBoxesEqualTheBruteForceBitForBit) {
  uint32_t seed = 1;
  for (int n : {1, 2, 5, 17, 100, 1000, 4000})
    for (const auto& so : kScales) {
      const double scale = so.first, offset = so.second;
      SCOPED_TRACE(::testing::Message()
                   << "n " << n << " scale " << scale << " offset " << offset);
      const std::vector<double> b = make_boxes(n, scale, offset, ++seed);
      compare(tree_of(b), b, n >= 1000 ? 60 : 150, ++seed, scale, offset);
      if (HasFailure()) return;
    }
}

TEST(AABBTreeTest, UpdateAndUpdateAllRefitToTheBruteForce) {
  uint32_t seed = 100;
  for (int n : {1, 7, 300, 3000})
    for (const auto& so : kScales) {
      const double scale = so.first, offset = so.second;
      SCOPED_TRACE(::testing::Message()
                   << "n " << n << " scale " << scale << " offset " << offset);
      std::vector<double> b = make_boxes(n, scale, offset, ++seed);
      AABBTree t = tree_of(b);
      // Moves some boxes far (to the other side of the scene, and grown).
      const std::vector<double> moved =
          make_boxes(n, 2 * scale, -offset, ++seed);
      std::mt19937 rng(seed);
      for (int k = 0; k < std::max(1, n / 10); ++k) {
        const uint32_t i = rng() % n;
        set_box(&b, i, box_of(moved, i));
        t.update(i, box_of(moved, i));
      }
      compare(t, b, 80, ++seed, scale, offset);
      if (HasFailure()) return;
      // Every box, one by one, back to a fresh set; then all at once.
      const std::vector<double> c = make_boxes(n, scale, offset, ++seed);
      for (int i = 0; i < n; ++i) t.update(i, box_of(c, i));
      compare(t, c, 80, ++seed, scale, offset);
      const std::vector<double> d = make_boxes(n, 3 * scale, offset, ++seed);
      t.update_all(d.data());
      compare(t, d, 80, ++seed, scale, offset);
      if (HasFailure()) return;
    }
}

// What update_all requires (the flat updateAll checks its staging buffer with
// it before the tree is touched): the first box with a non-finite number or a
// min greater than its max, whichever field and wherever it is.
TEST(AABBTreeTest, FirstInvalidBoxNamesEachFieldAndAxisAndOnlyTheFirst) {
  const size_t n = 37;
  const std::vector<double> good = make_boxes(static_cast<int>(n), 1.0, 0.0, 7);
  EXPECT_EQ(np::first_invalid_box(good.data(), n), n);
  EXPECT_EQ(np::first_invalid_box(nullptr, 0), 0u);
  for (size_t box : {size_t{0}, n / 2, n - 1}) {
    for (int k = 0; k < 6; ++k)
      for (double bad : {NAN, INFINITY, -INFINITY}) {
        std::vector<double> b = good;
        b[6 * box + k] = bad;
        if (box + 1 < n) b[6 * (box + 1) + (k + 1) % 6] = NAN;  // later: not it
        EXPECT_EQ(np::first_invalid_box(b.data(), n), box)
            << "box " << box << " field " << k << " " << bad;
      }
    for (int a = 0; a < 3; ++a) {
      std::vector<double> b = good;
      b[6 * box + a] = std::nextafter(b[6 * box + 3 + a], INFINITY);
      EXPECT_EQ(np::first_invalid_box(b.data(), n), box)
          << "box " << box << " axis " << a;
      b[6 * box + a] = b[6 * box + 3 + a];  // min == max: a flat box, valid
      EXPECT_EQ(np::first_invalid_box(b.data(), n), n);
    }
  }
  std::vector<double> b = good;
  b[0] = 0.0, b[3] = -0.0;  // 0 <= -0
  EXPECT_EQ(np::first_invalid_box(b.data(), n), n);
}

TEST(AABBTreeTest, EmptyTreeFindsNothing) {
  const AABBTree t(nullptr, 0);
  EXPECT_EQ(t.count(), 0u);
  TreeRayHit h;
  EXPECT_FALSE(t.raycast({{0, 0, 0}, {1, 0, 0}}, INFINITY, &h));
  std::vector<uint32_t> out{7};
  t.boxes_in_aabb({{-1e300, -1e300, -1e300}, {1e300, 1e300, 1e300}}, &out);
  EXPECT_TRUE(out.empty());
  out = {7};
  t.boxes_in_sphere({{0, 0, 0}, 1e300}, &out);
  EXPECT_TRUE(out.empty());
}

// Three unit boxes on the x axis at 2, 4 and 6 (the middle one twice): by hand.
TEST(AABBTreeTest, RaysByHandNearestLowestIndexAndInside) {
  std::vector<double> b;
  for (double x : {6.0, 4.0, 2.0, 4.0})
    b.insert(b.end(), {x - 0.5, -0.5, -0.5, x + 0.5, 0.5, 0.5});
  const AABBTree t = tree_of(b);
  for (int sign : {1, -1}) {
    // From -10 along +x: box 2's face x = 1.5, at 11.5; from +10 along -x:
    // box 0's face x = 6.5, at 3.5.
    const double want = sign > 0 ? 11.5 : 3.5;
    TreeRayHit h;
    ASSERT_TRUE(
        t.raycast({{-10.0 * sign, 0, 0}, {1.0 * sign, 0, 0}}, INFINITY, &h));
    EXPECT_EQ(h.hit.distance, want);
    EXPECT_EQ(h.index, sign > 0 ? 2u : 0u);
    EXPECT_EQ(h.hit.normal.x, -1.0 * sign);
    // maxDistance just short: a miss; exactly at it: a hit.
    EXPECT_FALSE(t.raycast({{-10.0 * sign, 0, 0}, {1.0 * sign, 0, 0}},
                           std::nextafter(want, 0.0), &h));
    EXPECT_TRUE(
        t.raycast({{-10.0 * sign, 0, 0}, {1.0 * sign, 0, 0}}, want, &h));
  }
  // Across the axis through the coincident boxes 1 and 3: box 1 (the lower).
  for (int axis = 1; axis < 3; ++axis)
    for (int sign : {1, -1}) {
      Vec3 o{4.0, 0, 0}, d{0, 0, 0};
      np::set(o, axis, -5.0 * sign);
      np::set(d, axis, 2.0 * sign);
      TreeRayHit h;
      ASSERT_TRUE(t.raycast({o, d}, INFINITY, &h));
      EXPECT_EQ(h.index, 1u);
      EXPECT_EQ(h.hit.distance, 4.5);
    }
  // Starting inside box 3 (= box 1): distance 0, the lower index, 1.
  TreeRayHit h;
  ASSERT_TRUE(t.raycast({{4.25, 0.1, 0}, {1, 0, 0}}, INFINITY, &h));
  EXPECT_EQ(h.hit.distance, 0.0);
  EXPECT_EQ(h.index, 1u);
  // Starting on box 2's face x = 2.5, looking away: it still counts (distance
  // 0, touching counts).
  ASSERT_TRUE(t.raycast({{2.5, 0, 0}, {-1, 0, 0}}, INFINITY, &h));
  EXPECT_EQ(h.hit.distance, 0.0);
  EXPECT_EQ(h.index, 2u);
  // Passing beside them: a miss.
  EXPECT_FALSE(
      t.raycast({{0, 0.5000000000000001, 0}, {1, 0, 0}}, INFINITY, &h));
  ASSERT_TRUE(t.raycast({{0, 0.5, 0}, {1, 0, 0}}, INFINITY, &h));
  EXPECT_EQ(h.index, 2u);
  EXPECT_EQ(h.hit.distance, 1.5);
}

// A grid of unit cubes; queries touching a face, an edge or a corner exactly,
// and an ulp away, over the axes and signs.
TEST(AABBTreeTest, TouchingCountsAndAnUlpAwayDoesNot) {
  std::vector<double> b;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 5; ++k)
        b.insert(b.end(), {3.0 * i, 3.0 * j, 3.0 * k, 3.0 * i + 1, 3.0 * j + 1,
                           3.0 * k + 1});
  const AABBTree t = tree_of(b);
  const uint32_t centre = 2 * 25 + 2 * 5 + 2;  // the cube [6, 7]^3
  std::vector<uint32_t> out;
  for (int axis = 0; axis < 3; ++axis)
    for (int sign : {1, -1}) {
      // A point box on the face's outside plane, and an ulp beyond.
      Vec3 p{6.5, 6.5, 6.5};
      np::set(p, axis, sign > 0 ? 7.0 : 6.0);
      t.boxes_in_aabb({p, p}, &out);
      EXPECT_EQ(out, std::vector<uint32_t>{centre});
      np::set(p, axis,
              sign > 0 ? std::nextafter(7.0, 8.0) : std::nextafter(6.0, 5.0));
      t.boxes_in_aabb({p, p}, &out);
      EXPECT_TRUE(out.empty());
      // A sphere of radius 0.5 centred 0.5 beyond the face: touching.
      Vec3 c{6.5, 6.5, 6.5};
      np::set(c, axis, sign > 0 ? 7.5 : 5.5);
      t.boxes_in_sphere({c, 0.5}, &out);
      EXPECT_EQ(out, std::vector<uint32_t>{centre});
      t.boxes_in_sphere({c, std::nextafter(0.5, 0.0)}, &out);
      EXPECT_TRUE(out.empty());
    }
  // The 3-4-5 edge: the sphere at (7 + 3, 7 + 4, 6.5) of radius 5 touches
  // the centre cube's edge x = y = 7 exactly (and reaches other cubes too).
  t.boxes_in_sphere({{10.0, 11.0, 6.5}, 5.0}, &out);
  EXPECT_EQ(out, brute_in_sphere(b, {{10.0, 11.0, 6.5}, 5.0}));
  EXPECT_NE(std::find(out.begin(), out.end(), centre), out.end());
  // The 3-4-5 corner: the sphere at (7 + 3, 7 + 4, 7) of radius 5 touches the
  // centre cube's corner (7, 7, 7), and an ulp smaller it does not.
  t.boxes_in_sphere({{10.0, 11.0, 7.0}, 5.0}, &out);
  const std::vector<uint32_t> want =
      brute_in_sphere(b, {{10.0, 11.0, 7.0}, 5.0});
  EXPECT_EQ(out, want);
  EXPECT_NE(std::find(want.begin(), want.end(), centre), want.end());
  t.boxes_in_sphere({{10.0, 11.0, 7.0}, std::nextafter(5.0, 0.0)}, &out);
  EXPECT_EQ(std::find(out.begin(), out.end(), centre), out.end());
  // Everything, and nothing.
  t.boxes_in_aabb({{-1, -1, -1}, {14, 14, 14}}, &out);
  EXPECT_EQ(out.size(), 125u);
  for (uint32_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], i);
  t.boxes_in_aabb({{1.5, 1.5, 1.5}, {2.5, 2.5, 2.5}}, &out);
  EXPECT_TRUE(out.empty());
}

TEST(AABBTreeTest, CoincidentBoxesAllFoundAndTheLowestHit) {
  std::vector<double> b;
  for (int i = 0; i < 100; ++i) b.insert(b.end(), {1, 1, 1, 2, 2, 2});
  const AABBTree t = tree_of(b);
  std::vector<uint32_t> out;
  t.boxes_in_sphere({{-2, 1.5, 1.5}, 3.0}, &out);  // touching the face x = 1
  EXPECT_EQ(out.size(), 100u);
  t.boxes_in_sphere({{-2, 1.5, 1.5}, std::nextafter(3.0, 0.0)}, &out);
  EXPECT_TRUE(out.empty());
  TreeRayHit h;
  ASSERT_TRUE(t.raycast({{0, 0, 0}, {1, 1, 1}}, INFINITY, &h));
  EXPECT_EQ(h.index, 0u);
  compare(t, b, 60, 7, 1.0, 0.0);
}

TEST(AABBTreeTest, ExtremeMagnitudesGiveNoNaNAndTheBruteForce) {
  const std::vector<double> all = {
      -DBL_MAX, -DBL_MAX, -DBL_MAX, -1e308,  -1e308,  -1e308,   // 0
      1e308,    1e308,    1e308,    DBL_MAX, DBL_MAX, DBL_MAX,  // 1
      0,        0,        0,        5e-324,  5e-324,  5e-324,   // 2
      -5e-324,  0,        0,        0,       1e-310,  0,        // 3
      -DBL_MAX, 0,        0,        DBL_MAX, 0,       0};       // 4
  const Vec3 origins[] = {{0, 0, 0},
                          {-DBL_MAX, 0, 0},
                          {1e308, -1e308, 0},
                          {5e-324, 5e-324, 5e-324},
                          {0, 1e-300, 0}};
  const Vec3 dirs[] = {{1, 0, 0},       {-1, 1, 1},
                       {5e-324, 0, 0},  {DBL_MAX, DBL_MAX, DBL_MAX},
                       {0, -1e-300, 0}, {1e-310, 1e-320, 0}};
  // With the segment box 4 (which a ray along the x axis starts on), and
  // without it: then a ray from -DBL_MAX along a subnormal direction hits box
  // 2 (and 3) at a distance that rounds to DBL_MAX, a parameter that overflows
  // unless the direction is brought to [1, 2).
  for (size_t boxes : {5, 4}) {
    const std::vector<double> b(all.begin(), all.begin() + 6 * boxes);
    const AABBTree t = tree_of(b);
    ASSERT_TRUE(NodesAreExactUnions(t));
    for (const Vec3& o : origins)
      for (const Vec3& d : dirs) {
        TreeRayHit g, w;
        const bool gh = t.raycast({o, d}, INFINITY, &g);
        EXPECT_TRUE(SameHit(gh, g, brute_raycast(b, {o, d}, INFINITY, &w), w))
            << boxes << " boxes, origin (" << o.x << ", " << o.y << ", " << o.z
            << "), direction (" << d.x << ", " << d.y << ", " << d.z << ")";
        if (gh) EXPECT_FALSE(std::isnan(g.hit.distance));
      }
    std::vector<uint32_t> out;
    for (const Vec3& c : origins)
      for (double r : {0.0, 5e-324, 1.0, 1e308, DBL_MAX}) {
        t.boxes_in_sphere({c, r}, &out);
        EXPECT_EQ(out, brute_in_sphere(b, {c, r}));
        t.boxes_in_aabb({c, c + Vec3{r, r, r}}, &out);
        EXPECT_EQ(out, brute_in_aabb(b, {c, c + Vec3{r, r, r}}));
      }
  }
}

TEST(AABBTreeTest, LeavesAreSmallAndTheDepthBounded) {
  const std::vector<double> b = make_boxes(20000, 1.0, 0.0, 3);
  const AABBTree t = tree_of(b);
  std::vector<int> seen(count_of(b), 0);
  for (size_t k = 0; k < t.node_count(); ++k) {
    const np::AABBTreeNode& n = t.node(k);
    EXPECT_LE(n.count, np::kMaxLeafBoxes);
    for (uint32_t s = n.index; n.count != 0 && s < n.index + n.count; ++s)
      ++seen[t.box_in_slot(s)];
  }
  for (int v : seen) EXPECT_EQ(v, 1);  // every box in exactly one leaf
  EXPECT_LE(t.depth(), 40);
  EXPECT_LT(t.node_count(), count_of(b));
}

}  // namespace
