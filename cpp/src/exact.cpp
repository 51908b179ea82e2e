// The out-of-line parts of detail/exact.h and detail/exponent.h.
#include "narrowphase/detail/exact.h"

#include <initializer_list>

#include "narrowphase/detail/exact_poly.h"
#include "narrowphase/tolerances.h"

namespace np::detail {

double unit_scale_rare(int biased) {
  // biased 0: zero or subnormal, below 2^-1022: scale up by 2^1000 (as far as a
  // normal double allows). Otherwise 2046 or 2047: at least 2^1023: scale down
  // by 2^1000, which leaves the magnitude near 2^23.
  return biased == 0 ? 0x1p1000 : 0x1p-1000;
}

NP_RARE int sign_of_sum(double a, double b, double c, double d) {
  double e[4];
  int n = 0;
  for (double q : {a, b, c, d}) {
    for (int i = 0; i < n; ++i) two_sum(q, e[i], &q, &e[i]);
    e[n++] = q;
  }
  for (int i = n - 1; i >= 0; --i) {
    if (e[i] != 0.0) return e[i] > 0.0 ? 1 : -1;
  }
  return 0;
}

NP_RARE int exact_sign(const Product* terms, int n) {
  ExactSum sum;
  for (int k = 0; k < n; ++k) {
    const double f[2] = {terms[k].x, terms[k].y};
    sum.add_product(f, 2, terms[k].subtract ? -1 : 1);
  }
  return sum.sign();
}

// det[p[0] - q[0]; p[1] - q[1]; p[2] - q[2]] expanded into its 48 products of
// three input coordinates, each added to *sum exactly (det3_sign_exact's last
// resort, det3_value).
NP_RARE void add_det3_products(const Vec3 p[3], const Vec3 q[3],
                               ExactSum* sum) {
  for (int i = 0; i < 3; ++i) {
    for (int odd = 0; odd < 2; ++odd) {
      // The permutation (0 -> i, 1 -> j, 2 -> k), even for odd == 0.
      const int j = (i + 1 + odd) % 3, k = (i + 2 - odd) % 3;
      for (int c = 0; c < 8; ++c) {
        const double x = c & 1 ? get(q[0], i) : get(p[0], i);
        const double y = c & 2 ? get(q[1], j) : get(p[1], j);
        const double z = c & 4 ? get(q[2], k) : get(p[2], k);
        // Each q taken contributes a minus sign, the odd permutation another.
        const bool minus = ((c & 1) != 0) ^ ((c & 2) != 0) ^ ((c & 4) != 0);
        const double f[3] = {x, y, z};
        sum->add_product(f, 3, minus != (odd != 0) ? -1 : 1);
      }
    }
  }
}

// det3_sign past its filter: the rows p[i] - q[i] (each scaled by s[i]) as
// Shewchuk's expansions, and where their products fall below the normal range,
// the 48 products of three input coordinates summed exactly (ExactSum,
// detail/exact_poly.h). Out of line and compiled for size (NP_RARE).
NP_RARE int det3_sign_exact(const Vec3 p[3], const Vec3 q[3],
                            const double s[3]) {
  Expansion x[3][3];
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k)
      x[i][k] = difference(get(p[i], k), get(q[i], k), s[i]);
  Expansion det;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    Expansion minor;
    minor.add_product(x[1][j], x[2][k], 1.0);
    minor.add_product(x[1][k], x[2][j], -1.0);
    det.add_product(x[0][i], minor, 1.0);
  }
  const int sign = det.sign();
  if (sign != kUnsure) return sign;
  // Products below the normal range (coordinates ~2^900 apart): the
  // determinant expanded into the 48 products of three input coordinates,
  // summed exactly in integers.
  ExactSum sum;
  add_det3_products(p, q, &sum);
  return sum.sign();
}

NP_RARE Ext det3_value(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, Vec3 p3, Vec3 q3) {
  const Vec3 p[3] = {p1, p2, p3}, q[3] = {q1, q2, q3};
  ExactSum sum;
  add_det3_products(p, q, &sum);
  Ext r;
  sum.value(&r.m, &r.e);
  return r;
}

// The sign of det[p1 - q1; p2 - q2; p3 - q3] on the exact reals: tried on the
// rounded rows (each scaled by its own power of two), then with expansions
// (Shewchuk 1997). Where even those are unsure (products below the normal
// range), exactly in integers (exact_sign3).
int det3_sign(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, Vec3 p3, Vec3 q3) {
  const Vec3 p[3] = {p1, p2, p3}, q[3] = {q1, q2, q3};
  double s[3];
  Vec3 r[3];
  for (int i = 0; i < 3; ++i) {
    const Vec3 d = p[i] - q[i];
    s[i] = unit_scale_for(biased_exponent(d));
    r[i] = d * s[i];
  }
  const Vec3 c = cross(r[1], r[2]);
  const double value = dot(r[0], c);
  double perm = 0.0;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    perm += std::fabs(get(r[0], i)) * (std::fabs(get(r[1], j) * get(r[2], k)) +
                                       std::fabs(get(r[1], k) * get(r[2], j)));
  }
  if (std::fabs(value) > kOrientFilterBand * perm + 64.0 * DBL_MIN)
    return value > 0.0 ? 1 : -1;
  return det3_sign_exact(p, q, s);
}

}  // namespace np::detail
