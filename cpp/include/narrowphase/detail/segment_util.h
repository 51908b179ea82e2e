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

// The first of the nearest candidate pairs offered (by rounded distance,
// distance_between): a candidate replaces the best only when strictly nearer.
struct FirstNearestPair {
  SegmentClosestPoints best;
  bool first = true;
  void consider(Vec3 pa, Vec3 pb) {
    const double d = distance_between(pa, pb);
    if (first || d < best.distance) best = {d, pa, pb};
    first = false;
  }
};

// Half the largest extent, over the axes, of the box of two segments' ends
// (halved before the difference: no overflow), which sets the power-of-two
// units of their interior critical point.
inline double half_extent(const Segment& a, const Segment& b) {
  double half = 0.0;
  const Vec3 ends[4] = {a.start, a.end, b.start, b.end};
  for (int i = 0; i < 3; ++i) {
    double lo = get(ends[0], i), hi = lo;
    for (const Vec3& p : ends)
      lo = min2(lo, get(p, i)), hi = max2(hi, get(p, i));
    half = max2(half, hi * 0.5 - lo * 0.5);
  }
  return half;
}

// p + (q - p) t for t in (0, 1), finite wherever p and q are: where q - p
// overflows, p (1 - t) + q t.
inline Vec3 lerp(Vec3 p, Vec3 q, double t) {
  const Vec3 d = q - p;
  if (max_abs_component(d) <= DBL_MAX) return p + d * t;
  return p * (1.0 - t) + q * t;
}

// The lines' common perpendicular between a0 a1 and b0 b1 (each segment
// from its end nearer the other's), solved in units scaled by the power of two
// s (segments.cpp, closest_points_segment_segment): true, with its feet *pa
// and *pb, when both lie strictly inside their segments; false for parallel
// segments (n = 0) or feet beyond an end.
inline bool interior_pair(Vec3 a0, Vec3 a1, Vec3 b0, Vec3 b1, double s,
                          Vec3* pa, Vec3* pb) {
  const Vec3 d1 = scaled_difference(a1, a0, s),
             d2 = scaled_difference(b1, b0, s),
             r = scaled_difference(a0, b0, s);
  const Vec3 n = cross(d1, d2);
  const double nn = dot(n, n);
  if (!(nn > 0.0)) return false;
  const double sa = dot(cross(d2, r), n) / nn, tb = dot(cross(d1, r), n) / nn;
  if (!(sa > 0.0 && sa < 1.0 && tb > 0.0 && tb < 1.0)) return false;
  *pa = lerp(a0, a1, sa);
  *pb = lerp(b0, b1, tb);
  return true;
}

}  // namespace np::detail
