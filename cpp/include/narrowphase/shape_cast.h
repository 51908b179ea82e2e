// narrowphase: shapes swept along a segment against a target shape (shape
// casts).
//
// Naming: <moving shape>_cast_<target>. The moving shape's center travels from
// start to end.
#pragma once

#include "narrowphase/types.h"

namespace np {

/// Sweeps a ball of `radius` from path.start to path.end against the ball
/// `target` (article 004). Returns true and fills *hit at the first contact
/// with fraction in [0, 1]; false when the balls never touch along the path,
/// including a contact that would only happen beyond the end point. A cast that
/// starts overlapping or touching hits at distance 0 with started_overlapping,
/// center = start, normal = unit(start - target.center) (the negated unit
/// direction when the centers coincide, +y when the cast has zero length too)
/// and point = target's surface point along that normal. A zero-length cast is
/// an overlap test. Whether the balls touch is decided on the exact reals the
/// inputs stand for: at the start when |start - target.center| <= radius +
/// target.radius, and otherwise when the path's nearest approach to
/// target.center is within that reach (or the end point is). So a tangent path
/// touches at any magnitude and whatever the reach beside the coordinates (a
/// point cast through a point hits), and a path that ends an ulp short of
/// contact misses. (Where the decision hinges on terms below ~2^-960 times the
/// largest ones, it counts as touching.) The reported center is start + (end -
/// start) * fraction, rounded: within rounding of touching.
bool sphere_cast_sphere(const Segment& path, double radius,
                        const Sphere& target, ShapeCastHit* hit);
/// sphere_cast_sphere({start, end}, radius, target, hit): the form queries.def
/// declares.
inline bool sphere_cast_sphere(Vec3 start, Vec3 end, double radius,
                               const Sphere& target, ShapeCastHit* hit) {
  return sphere_cast_sphere(Segment{start, end}, radius, target, hit);
}

}  // namespace np
