// narrowphase: overlap of axis-aligned boxes with axis-aligned and oriented
// boxes (overlap.h documents the contract).
//
// Sources: Ericson, Real-Time Collision Detection (2005), 4.2.1 (AABB-AABB:
// the intervals overlap on every axis) and 4.4.1 (OBB-OBB separating axes);
// compare Jolt's AABox::Overlaps, parry's intersection_test_aabb_aabb and
// three.js's Box3.intersectsBox, which compare bounds the same way.

#include <cfloat>
#include <cmath>
#include <initializer_list>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/overlap.h"
#include "narrowphase/tolerances.h"

namespace np {

using namespace detail;  // NOLINT: the building blocks this file is made of

namespace {

// The exact sign of x + y + z, for any finite doubles: the rounded sum when it
// is clearly away from 0 (three roundings stay below 2^-51 of the magnitudes),
// else summed exactly (exact_sign: no overflow at any magnitude).
int sign_of_sum3(double x, double y, double z) {
  const double v = (x + y) + z;
  const double m = std::fabs(x) + std::fabs(y) + std::fabs(z);
  if (m <= DBL_MAX && std::fabs(v) > m * 0x1p-50) return v > 0.0 ? 1 : -1;
  const Product t[3] = {{x, 1.0, false}, {y, 1.0, false}, {z, 1.0, false}};
  return exact_sign(t, 3);
}

}  // namespace

bool overlap_aabb_aabb(const AABB& a, const AABB& b) {
  // Ericson 4.2.1: closed intervals overlap on every axis. Comparisons only:
  // exact at every magnitude.
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y &&
         b.min.y <= a.max.y && a.min.z <= b.max.z && b.min.z <= a.max.z;
}

namespace detail {

bool axis_aligned_extents(const OBB& b, Vec3* extent) {
  // Each column a signed unit axis, each axis used once: the box is an AABB
  // whose half extent along world axis k is the half size of the column on it.
  bool used[3] = {false, false, false};
  for (int i = 0; i < 3; ++i) {
    const Vec3 c = b.axis[i];
    int k = -1;
    for (int j = 0; j < 3; ++j) {
      const double v = get(c, j);
      if (v == 1.0 || v == -1.0) {
        if (k >= 0) return false;
        k = j;
      } else if (v != 0.0) {
        return false;
      }
    }
    if (k < 0 || used[k]) return false;
    used[k] = true;
    set(*extent, k, get(b.half_size, i));
  }
  return true;
}

}  // namespace detail

bool overlap_aabb_obb(const AABB& a, const OBB& b) {
  Vec3 h;
  if (axis_aligned_extents(b, &h)) {
    // An axis-aligned OBB (identity rotation, or its axes permuted or negated):
    // its interval [c - h, c + h] against [min, max], decided on the exact
    // reals (c - h and c + h are not rounded), so that it agrees with
    // overlap_aabb_aabb whenever the OBB's bounds are representable.
    for (int k = 0; k < 3; ++k) {
      const double c = get(b.center, k), e = get(h, k);
      if (sign_of_sum3(c, -e, -get(a.max, k)) > 0) return false;
      if (sign_of_sum3(c, e, -get(a.min, k)) < 0) return false;
    }
    return true;
  }
  // A rotated OBB: the AABB as an OBB (its center and half size rounded once
  // each, halves first so that nothing overflows) and the OBB-OBB test, which
  // is symmetric in its arguments. From 2^1013 up both boxes are first
  // scaled by 2^-8 (exact but for subnormal bits, far below the test's
  // rounding at that scale), so that neither the center difference nor the
  // sums of half sizes and center offsets overflow.
  OBB box = aabb_as_obb(a), other = b;
  const int e = max_exponent(
      max_exponent(biased_exponent(box.center), biased_exponent(box.half_size)),
      max_exponent(biased_exponent(b.center), biased_exponent(b.half_size)));
  if (e >= 2036) {
    for (OBB* o : {&box, &other}) {
      o->center = o->center * 0x1p-8;
      o->half_size = o->half_size * 0x1p-8;
    }
  }
  return overlap_obb_obb(box, other);
}

namespace detail {

OBB aabb_as_obb(const AABB& a) {
  OBB box;
  box.center = a.min * 0.5 + a.max * 0.5;
  box.half_size = a.max * 0.5 - a.min * 0.5;
  box.axis[0] = {1.0, 0.0, 0.0};
  box.axis[1] = {0.0, 1.0, 0.0};
  box.axis[2] = {0.0, 0.0, 1.0};
  return box;
}

}  // namespace detail

}  // namespace np
