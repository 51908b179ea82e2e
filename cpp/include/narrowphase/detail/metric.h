// narrowphase internals (namespace np::detail): not part of the public API.
// Distances without rounding the decision: clamping to an interval (exact),
// the overshoot beyond an interval (exactly 0 inside), and whether a vector's
// length is within a radius at any magnitude. Every closest-point and
// sphere-like overlap query is built from these.
#pragma once

#include <cfloat>

#include "narrowphase/types.h"

namespace np::detail {

// min(max(v, lo), hi) with lo <= hi returns v unchanged when lo <= v <= hi: the
// clamp is exact.
inline double clamp(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Distance beyond [lo, hi] on one axis. At most one of the two differences is
// positive (lo <= hi), and a difference of doubles is positive exactly when the
// operands are ordered, so "inside" gives exactly 0.
inline double beyond(double v, double lo, double hi) {
  if (v < lo) return lo - v;
  if (v > hi) return v - hi;
  return 0.0;
}

// |gap| <= radius (radius >= 0), decided on squared lengths so that no square
// root rounds the decision: gap . gap <= radius^2 wherever both squares are
// normal doubles (or exactly 0), the ordinary case. Beyond ~1e154 or below
// ~1e-154 a square overflows to inf (inf <= inf would say "within") or
// underflows to 0: there both are compared in units of the largest magnitude,
// where nothing overflows.
inline bool within(Vec3 gap, double radius) {
  const double d2 = length_squared(gap), r2 = radius * radius;
  const bool gap_ordinary = (d2 >= DBL_MIN && d2 <= DBL_MAX) ||
                            (gap.x == 0.0 && gap.y == 0.0 && gap.z == 0.0);
  const bool radius_ordinary =
      (r2 >= DBL_MIN && r2 <= DBL_MAX) || radius == 0.0;
  if (gap_ordinary && radius_ordinary) return d2 <= r2;
  const double unit = max2(max_abs_component(gap), radius);
  const double r = radius / unit;
  return length_squared(gap / unit) <= r * r;
}

}  // namespace np::detail
