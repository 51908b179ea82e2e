// The closest points of two segments: Ericson, Real-Time Collision Detection,
// 5.1.9 (ClosestPtSegmentSegment), made robust for degenerate and parallel
// segments by taking the nearest of five candidate pairs instead of clamping
// one parameter after the other. Compare Jolt's
// ClosestPoint::GetClosestPointsOnSegments, parry's
// closest_points_segment_segment and Box2D v3's b2SegmentDistance: all solve
// the 2x2 system a s - b t = -c, b s - e t = -f and fall back to an end point
// when its determinant a e - b^2 is below an epsilon; here the determinant is
// |d1 x d2|^2 (Lagrange's identity: no cancellation between a e and b^2) and a
// parallel pair needs no epsilon, because the end-point candidates already
// hold a pair at the minimum distance.
#include <cfloat>
#include <cmath>
#include <limits>

#include "narrowphase/closest_point.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/segment_util.h"

namespace np {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
using detail::biased_exponent;
using detail::unit_scale_for;

}  // namespace

SegmentClosestPoints closest_points_segment_segment(const Segment& a,
                                                    const Segment& b) {
  // A zero-length segment is a point (Ericson 5.1.9's first branches): the
  // other segment's closest point to it, exactly as closest_point_on_segment
  // gives it.
  if (same_point(a.start, a.end)) {
    const Vec3 q = closest_point_on_segment(a.start, b);
    return {distance_between(a.start, q), a.start, q};
  }
  if (same_point(b.start, b.end)) {
    const Vec3 q = closest_point_on_segment(b.start, a);
    return {distance_between(q, b.start), q, b.start};
  }
  // The minimum over the closed square [0, 1]^2 of |a(s) - b(t)| lies on its
  // boundary (an end point of one segment and its closest point on the other)
  // or at the interior critical point; the nearest candidate wins, the first
  // of equals.
  detail::FirstNearestPair nearest{{0.0, a.start, a.start}};
  // The interior critical point: the feet of the lines' common perpendicular,
  // s = ((d2 x r) . n) / |n|^2 and t = ((d1 x r) . n) / |n|^2 with n = d1 x d2
  // and r = a.start - b.start (Ericson's (b f - c e) / denom and (a f - b c) /
  // denom, by Lagrange's identity), solved in units scaled by a power of two
  // so that the products of up to four differences neither overflow nor
  // underflow. Parallel segments (n = 0) have none. Nearly parallel ones have
  // an ill-conditioned one: it is only a candidate, a pair of points on the
  // segments, and wins only if it is nearer.
  const double half_extent = detail::half_extent(a, b);
  const double s = unit_scale_for(biased_exponent(half_extent));
  // Each segment from its end nearer to the other's (the pair of nearest end
  // points): r is then small where the segments nearly meet, and (d2 x r) . n
  // does not cancel (two nearly coincident, nearly antiparallel segments 1e-10
  // of their length apart lost 15 % of their distance from the far ends).
  Vec3 a0 = a.start, a1 = a.end, b0 = b.start, b1 = b.end;
  {
    double nearest = kInf;
    for (int i = 0; i < 4; ++i) {
      const Vec3 p = (i & 1) ? a.end : a.start, q = (i & 2) ? b.end : b.start;
      const double d = distance_between(p, q);
      if (d < nearest) {
        nearest = d;
        a0 = p, a1 = (i & 1) ? a.start : a.end;
        b0 = q, b1 = (i & 2) ? b.start : b.end;
      }
    }
  }
  Vec3 pa, pb;
  if (detail::interior_pair(a0, a1, b0, b1, s, &pa, &pb))
    nearest.consider(pa, pb);
  // The boundary: each end point with its closest point on the other segment.
  nearest.consider(a.start, closest_point_on_segment(a.start, b));
  nearest.consider(a.end, closest_point_on_segment(a.end, b));
  nearest.consider(closest_point_on_segment(b.start, a), b.start);
  nearest.consider(closest_point_on_segment(b.end, a), b.end);
  return nearest.best;
}

}  // namespace np
