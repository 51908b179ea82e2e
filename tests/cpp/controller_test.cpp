// The character-controller acceptance test (issue 12), natively: the loop of
// the README's "A character controller: sweep, slide, push out" (run as written
// there by tests/js/controller.test.js) in C++. A capsule walks through a level
// of two floor triangles, a ramp, a box step and a thin wall at 0.01 to 100
// units per step, using only capsule_cast_* and contact_capsule_*: after every
// step no shape overlaps it deeper than kControllerDepth, it never crosses the
// wall, it climbs the step and the ramp; sent at 45 degrees into the wall it
// slides along it without losing the motion along the wall.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "narrowphase/contact.h"
#include "narrowphase/shape_cast.h"

namespace {

using np::AABB;
using np::Capsule;
using np::ContactHit;
using np::ShapeCastHit;
using np::Triangle;
using np::Vec3;

/// The gap the controller keeps from what it hits, in world units.
constexpr double kSkin = 1e-3;
/// The deepest overlap a step may end with, in world units: 1e-9 of the
/// level's size (1000), the accuracy the casts and contacts promise (issue 12).
/// The loop keeps a kSkin gap, so any overlap is an error of the library.
constexpr double kControllerDepth = 1e-9 * 1000;
constexpr double kWallX = 20;

struct Level {
  std::vector<Triangle> triangles;
  std::vector<AABB> boxes;
};

/// The quad a, b, c, d as the triangles a-b-c and a-c-d.
void add_quad(Level& level, Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
  level.triangles.push_back({a, b, c});
  level.triangles.push_back({a, c, d});
}

/// A 2000-wide floor, a step box, a ramp 6 long rising to 3, a wall 1000 tall.
Level make_level() {
  Level level;
  add_quad(level, {-1000, 0, -1000}, {-1000, 0, 1000}, {1000, 0, 1000},
           {1000, 0, -1000});
  add_quad(level, {10, 0, -3}, {10, 0, 3}, {16, 3, 3}, {16, 3, -3});
  add_quad(level, {kWallX, 0, -1000}, {kWallX, 0, 1000}, {kWallX, 1000, 1000},
           {kWallX, 1000, -1000});
  level.boxes.push_back({{4, 0, -2}, {6, 0.25, 2}});
  return level;
}

Capsule player(double x, double z) {
  return {{x, 0.401, z}, {x, 1.401, z}, 0.4};
}

void shift(Capsule& capsule, Vec3 v, double s) {
  capsule.start = capsule.start + v * s;
  capsule.end = capsule.end + v * s;
}

/// The earliest hit of the capsule moved by `motion`, skipping the shapes it
/// touches at the start and moves away from or along.
bool first_hit(const Capsule& capsule, Vec3 motion, const Level& level,
               ShapeCastHit* first) {
  bool found = false;
  auto keep = [&](bool hit, const ShapeCastHit& h) {
    if (!hit || (h.started_overlapping && np::dot(h.normal, motion) >= 0)) {
      return;
    }
    if (!found || h.distance < first->distance) *first = h;
    found = true;
  };
  ShapeCastHit h{};
  for (const Triangle& t : level.triangles) {
    keep(np::capsule_cast_triangle(capsule, motion, t, &h), h);
  }
  for (const AABB& b : level.boxes) {
    keep(np::capsule_cast_aabb(capsule, motion, b, &h), h);
  }
  return found;
}

/// The README's moveCapsule: sweep and slide, then push out.
void move_capsule(Capsule& capsule, Vec3 motion, const Level& level) {
  Vec3 m = motion;
  for (int round = 0; round < 4; ++round) {
    const double length = std::hypot(m.x, m.y, m.z);
    if (length == 0) break;
    ShapeCastHit hit{};
    if (!first_hit(capsule, m, level, &hit)) {
      shift(capsule, m, 1);
      break;
    }
    const double travel = std::max(0.0, hit.distance - kSkin) / length;
    shift(capsule, m, travel);
    const double into = std::min(0.0, np::dot(m, hit.normal)) * (1 - travel);
    m = m * (1 - travel) - hit.normal * into;
  }
  for (int round = 0; round < 4; ++round) {
    bool any = false;
    ContactHit deepest{};
    auto keep = [&](bool hit, const ContactHit& c) {
      if (hit && c.depth > 0 && (!any || c.depth > deepest.depth)) {
        deepest = c;
        any = true;
      }
    };
    ContactHit c{};
    for (const Triangle& t : level.triangles) {
      keep(np::contact_capsule_triangle(capsule, t, &c), c);
    }
    for (const AABB& b : level.boxes) {
      keep(np::contact_capsule_aabb(capsule, b, &c), c);
    }
    if (!any) break;
    shift(capsule, deepest.normal, deepest.depth + kSkin);
  }
}

/// The deepest overlap of the capsule with any shape of the level.
double deepest_overlap(const Capsule& capsule, const Level& level) {
  double depth = 0;
  ContactHit c{};
  for (const Triangle& t : level.triangles) {
    if (np::contact_capsule_triangle(capsule, t, &c)) {
      depth = std::max(depth, c.depth);
    }
  }
  for (const AABB& b : level.boxes) {
    if (np::contact_capsule_aabb(capsule, b, &c)) {
      depth = std::max(depth, c.depth);
    }
  }
  return depth;
}

double farthest_x(const Capsule& c) {
  return std::max(c.start.x, c.end.x) + c.radius;
}
double bottom(const Capsule& c) {
  return std::min(c.start.y, c.end.y) - c.radius;
}

class Controller : public ::testing::TestWithParam<double> {};

TEST_P(Controller, WalksTheLevelNeverInsideAShapeNeverThroughTheWall) {
  const double s = GetParam();
  const Level level = make_level();
  Capsule capsule = player(0, 0);
  double highest = 0;
  bool on_step = false;
  const int steps = static_cast<int>(std::ceil(25 / s)) + 20;
  for (int i = 0; i < steps; ++i) {
    move_capsule(capsule, {s, -0.25 * s, 0}, level);
    ASSERT_LE(deepest_overlap(capsule, level), kControllerDepth)
        << "step " << i;
    ASSERT_LE(farthest_x(capsule), kWallX) << "step " << i;
    highest = std::max(highest, bottom(capsule));
    if (capsule.start.x > 4.5 && capsule.start.x < 5.5 &&
        bottom(capsule) >= 0.25) {
      on_step = true;
    }
  }
  EXPECT_GE(highest, 3.0);                             // up the ramp
  EXPECT_GT(farthest_x(capsule), kWallX - 2 * kSkin);  // at the wall
  if (s <= 1) EXPECT_TRUE(on_step);  // slower than the step is wide
}

TEST_P(Controller, SlidesAlongTheWallHitAt45DegreesKeepingTheMotionAlongIt) {
  const double s = GetParam();
  const Level level = make_level();
  Capsule capsule = player(kWallX - 0.4 - 0.3 * s, 0);
  const int steps = 10;
  const double along = s / std::sqrt(2.0);
  for (int i = 0; i < steps; ++i) {
    move_capsule(capsule, {along, -0.25 * s, along}, level);
    ASSERT_LE(deepest_overlap(capsule, level), kControllerDepth)
        << "step " << i;
    ASSERT_LE(farthest_x(capsule), kWallX) << "step " << i;
  }
  // The wall's normal is -x and the floor's +y: neither takes anything from
  // the motion along z.
  EXPECT_NEAR(capsule.start.z, steps * along, 1e-9 * steps * along);
  EXPECT_GT(farthest_x(capsule), kWallX - 2 * kSkin);
}

INSTANTIATE_TEST_SUITE_P(Speeds, Controller,
                         ::testing::Values(0.01, 0.1, 1.0, 10.0, 100.0));

}  // namespace
