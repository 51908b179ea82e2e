// Ericson, Real-Time Collision Detection, 5.1.3 (closest point on an AABB)
// and 5.1.3.1 (distance).
#include "narrowphase/closest_point.h"

#include <cmath>

#include "narrowphase/detail/metric.h"

namespace np {

using detail::beyond;
using detail::clamp;

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
