// narrowphase: closest points and distances from a point to a shape.
//
// Article 000 (closest point by per-axis clamping) and 001 (per-axis overshoot
// beyond the box, summed into the distance vector). Both are exact: a clamp and
// a max involve no rounding.
#pragma once

#include "narrowphase/types.h"

namespace np {

/// The point of the closed box nearest to p: p clamped to [min, max] on each
/// axis. Returns p itself, bit for bit, when p is inside or on the box.
Vec3 closest_point_on_aabb(Vec3 p, const AABB& box);

/// How far p lies outside the box along each axis: max(min - p, 0, p - max) per
/// component. Zero on an axis where p is within the box's extent, so the vector
/// is zero exactly when p is inside or on the box.
Vec3 overshoot_point_aabb(Vec3 p, const AABB& box);

/// Squared Euclidean distance from p to the closed box; exactly 0 inside and on
/// the surface.
double distance_squared_point_aabb(Vec3 p, const AABB& box);

/// Euclidean distance from p to the closed box, in world units; exactly 0
/// inside and on the surface.
double distance_point_aabb(Vec3 p, const AABB& box);

}  // namespace np
