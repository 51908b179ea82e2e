// narrowphase internals (namespace np::detail): not part of the public API.
// A quick, proven "yes" of the ball and capsule overlap tests with a triangle
// (overlap_sphere_triangle, overlap_capsule_triangle): a corner of the
// triangle certainly in a ball (the sphere, or a capsule's end ball), decided
// in plain doubles; every other case goes to the exact tests.
#pragma once

#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"

namespace np::detail {

// Whether a corner of the triangle certainly lies in the ball (p, r) (which
// then touches the closed triangle): the rounded squared distance to a corner
// below the rounded r^2 by more than their rounding, for coordinates and r of
// magnitude at most 2^500 (no square overflows) and r^2 at least 2^-960 (the
// squares that underflow, 2^-1075 each at most, are negligible beside it).
// Each difference p_i - v_i is rounded once (exactly when subnormal), each
// square once more, and the two sums of nonnegative terms twice, so the
// rounded sum s is the exact S times a factor within (1 +- u)^5 (u = 2^-53;
// Higham, Accuracy and Stability of Numerical Algorithms, 2002, 2.2 and 3.1:
// no cancellation, the error is relative to S itself), less at most 3 *
// 2^-1074: S <= (s + 2^-1072) / (1 - 5u). The rounded rr = r r is r^2 (1 +-
// u) (normal), so r^2 >= rr (1 - u). And rr (1 - kCornerInBallBand) rounded
// is at most rr (1 - 2^-48 + 2^-53): s below it gives S < rr (1 - 2^-48 +
// 2^-53 + 6u) + 2^-1071 < rr (1 - u) <= r^2. NaN fails every comparison (the
// exact path then decides); a radius below 2^-480 or a coordinate beyond
// 2^500 is left to it too.
inline bool corner_in_ball(Vec3 p, double r, const Triangle& t) {
  const double m =
      max2(max2(max_abs_component(p), r),
           max2(max2(max_abs_component(t.a), max_abs_component(t.b)),
                max_abs_component(t.c)));
  if (!(m <= 0x1p500 && r >= 0x1p-480)) return false;
  const double limit = r * r * (1.0 - kCornerInBallBand);
  return length_squared(p - t.a) < limit || length_squared(p - t.b) < limit ||
         length_squared(p - t.c) < limit;
}

}  // namespace np::detail
