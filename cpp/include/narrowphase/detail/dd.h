// Double-double arithmetic: a value is hi + lo with |lo| <= ulp(hi) / 2,
// about 106 significant bits. Used where a direction is the cross product of
// nearly parallel vectors, whose double rounding would be divided by the sine
// of their angle: capsule casts (capsule_cast.cpp, edge_near_parallel) and the
// contacts' edge axes (contact_util.h, cross_axis).
#pragma once

#include <cmath>

#include "narrowphase/detail/exact.h"

namespace np::detail {

// A value is hi + lo with |lo| <= ulp(hi) / 2: about 106 significant bits.
// Sums and products are Knuth's Two-Sum and Dekker's Two-Product (exact.h),
// as in Dekker 1971 and the QD library (Hida, Li, Bailey 2001, "Algorithms
// for quad-double precision floating point arithmetic"): each operation is
// within a few units of 2^-104 of its terms' magnitudes.
struct DD {
  double hi, lo;
};
inline DD dd(double x) { return {x, 0.0}; }
inline DD dd_norm(double s, double e) {
  double h, l;
  fast_two_sum(s, e, &h, &l);
  return {h, l};
}
inline DD dd_add(DD a, DD b) {
  double s, e;
  two_sum(a.hi, b.hi, &s, &e);
  return dd_norm(s, e + (a.lo + b.lo));
}
inline DD dd_neg(DD a) { return {-a.hi, -a.lo}; }
inline DD dd_sub(DD a, DD b) { return dd_add(a, dd_neg(b)); }
inline DD dd_mul(DD a, DD b) {
  double p, e, lost = 0.0;
  two_product(a.hi, b.hi, &p, &e, &lost);
  return dd_norm(p, e + (a.hi * b.lo + a.lo * b.hi));
}
inline DD dd_scale(DD a, double k) { return {a.hi * k, a.lo * k}; }  // 2^n
inline DD dd_div(DD a, DD b) {
  const double q1 = a.hi / b.hi;
  const DD r = dd_sub(a, dd_mul(b, dd(q1)));
  return dd_norm(q1, r.hi / b.hi);
}
inline DD dd_sqrt(DD a) {
  if (!(a.hi > 0.0)) return dd(0.0);
  const double x = std::sqrt(a.hi);
  const DD r = dd_sub(a, dd_mul(dd(x), dd(x)));
  return dd_norm(x, r.hi / (2.0 * x));
}
inline DD dd_diff(double a, double b) {  // a - b, exactly
  double s, e;
  two_sum(a, -b, &s, &e);
  return {s, e};
}
struct DV {
  DD x, y, z;
};
inline DV dv_diff(Vec3 a, Vec3 b) {
  return {dd_diff(a.x, b.x), dd_diff(a.y, b.y), dd_diff(a.z, b.z)};
}
inline DV dv_scale(DV a, double k) {
  return {dd_scale(a.x, k), dd_scale(a.y, k), dd_scale(a.z, k)};
}
inline DD dv_dot(DV a, DV b) {
  return dd_add(dd_add(dd_mul(a.x, b.x), dd_mul(a.y, b.y)), dd_mul(a.z, b.z));
}
inline DV dv_cross(DV a, DV b) {
  return {dd_sub(dd_mul(a.y, b.z), dd_mul(a.z, b.y)),
          dd_sub(dd_mul(a.z, b.x), dd_mul(a.x, b.z)),
          dd_sub(dd_mul(a.x, b.y), dd_mul(a.y, b.x))};
}
// The power of two 2^-e nearest below 1 / max |component| (1 for a zero
// vector): multiplying by it is exact (but for components it makes subnormal).
inline double unit_scale(DV a) {
  const double m = std::fmax(std::fabs(a.x.hi),
                             std::fmax(std::fabs(a.y.hi), std::fabs(a.z.hi)));
  return m > 0.0 ? std::ldexp(1.0, -std::ilogb(m)) : 1.0;
}

}  // namespace np::detail
