// Ericson, Real-Time Collision Detection, 5.1.3 (closest point on an AABB)
// and 5.1.3.1 (distance).
#include "narrowphase/closest_point.h"

#include <cmath>

namespace np {

namespace {
// min(max(v, lo), hi) with lo <= hi returns v unchanged when lo <= v <= hi: the
// clamp is exact.
double clamp(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Distance beyond [lo, hi] on one axis. At most one of the two differences is
// positive (lo <= hi), and a difference of doubles is positive exactly when the
// operands are ordered, so "inside" gives exactly 0.
double beyond(double v, double lo, double hi) {
  if (v < lo) return lo - v;
  if (v > hi) return v - hi;
  return 0.0;
}
}  // namespace

Vec3 closest_point_on_aabb(Vec3 p, const AABB& box) {
  return {clamp(p.x, box.min.x, box.max.x), clamp(p.y, box.min.y, box.max.y),
          clamp(p.z, box.min.z, box.max.z)};
}

Vec3 overshoot_point_aabb(Vec3 p, const AABB& box) {
  return {beyond(p.x, box.min.x, box.max.x), beyond(p.y, box.min.y, box.max.y),
          beyond(p.z, box.min.z, box.max.z)};
}

double distance_squared_point_aabb(Vec3 p, const AABB& box) {
  return length_squared(overshoot_point_aabb(p, box));
}

double distance_point_aabb(Vec3 p, const AABB& box) {
  // sqrt is correctly rounded in IEEE 754 on every target, so native and WASM
  // agree bit for bit. length() rescales only when the squared distance would
  // overflow or underflow (far beyond ordinary world scales).
  return length(overshoot_point_aabb(p, box));
}

}  // namespace np
