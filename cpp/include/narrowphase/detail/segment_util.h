// narrowphase internals (namespace np::detail): not part of the public API.
// The overflow-safe steps of the closest points of two segments
// (segments.cpp's closest_points_segment_segment), shared with the capsule
// contact's copy of its steps (contact.cpp's edge_pair), which must give the
// same bits.
#pragma once

#include <cfloat>
#include <cmath>

#include "narrowphase/types.h"

namespace np::detail {

// (p - q) * s for a power of two s, without overflow: beyond 2^1022 the two
// are scaled first (s is then small, see segments.cpp).
inline double scaled_difference(double p, double q, double s) {
  if (p == q) return 0.0;
  if (std::fabs(p) >= 0x1p1022 || std::fabs(q) >= 0x1p1022)
    return p * s - q * s;
  return (p - q) * s;
}
inline Vec3 scaled_difference(Vec3 p, Vec3 q, double s) {
  return {scaled_difference(p.x, q.x, s), scaled_difference(p.y, q.y, s),
          scaled_difference(p.z, q.z, s)};
}

// p + (q - p) t for t in (0, 1), finite wherever p and q are: where q - p
// overflows, p (1 - t) + q t.
inline Vec3 lerp(Vec3 p, Vec3 q, double t) {
  const Vec3 d = q - p;
  if (max_abs_component(d) <= DBL_MAX) return p + d * t;
  return p * (1.0 - t) + q * t;
}

}  // namespace np::detail
