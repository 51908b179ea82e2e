// narrowphase internals (namespace np::detail): not part of the public API.
// The exact sign of a polynomial in the input doubles, at any magnitude: the
// sum of signed products of up to six doubles, each product added exactly into
// one wide fixed-point integer (the technique of exact_sign in exact.h, for
// products of more than two factors). Floating-point expansions (Shewchuk 1997)
// lose exactness where a product underflows or overflows; this does not, so the
// overlap tests of spheres and planes (overlap_spheres_planes.cpp) decide a
// touching configuration exactly from subnormals to 1e308.
//
// A polynomial is given as small polynomials (Poly: up to 24 monomials of up
// to three factors, for the differences, dot products and determinants of the
// inputs) whose products are streamed into the accumulator (ExactSum), so no
// large expansion is ever stored.
#pragma once

#include <cstdint>

namespace np::detail {

// A sum of at most kPolyTerms signed monomials, each a product of at most
// three doubles.
inline constexpr int kPolyTerms = 24;
struct Poly {
  double f[kPolyTerms][3];
  signed char degree[kPolyTerms];
  signed char sign[kPolyTerms];  // +1 or -1
  int n = 0;

  // Adds sign * x (one monomial of degree 1).
  void add(double x, int s) {
    f[n][0] = x;
    degree[n] = 1;
    sign[n] = static_cast<signed char>(s);
    ++n;
  }
};

// x - y.
Poly poly_difference(double x, double y);
// sum_i sign_i * p_i * q_i over three pairs: a dot product of two vectors
// whose components are polynomials of degree 1 (differences or single
// numbers), with sign +1. p and q hold 3 polynomials each.
Poly poly_dot(const Poly* p, const Poly* q);
// p * q (the degrees add; at most three factors per monomial).
Poly poly_product(const Poly& p, const Poly& q);
// p + sign * q.
Poly poly_sum(const Poly& p, const Poly& q, int sign);

// The exact sum of products of doubles, from 2^-6444 to 2^6144 (products of up
// to six finite doubles), in 32-bit digits accumulated in int64 (carries are
// propagated only when the sign is asked for).
class ExactSum {
 public:
  ExactSum();
  // Adds sign * (the product of the n doubles f[0..n-1]), n <= 6.
  void add_product(const double* f, int n, int sign);
  // Adds sign * p * q (every monomial of p times every monomial of q).
  void add(const Poly& p, const Poly& q, int sign);
  // Adds sign * p * q * r.
  void add(const Poly& p, const Poly& q, const Poly& r, int sign);
  // Adds sign * p.
  void add(const Poly& p, int sign);
  // -1, 0 or 1: the sign of the exact sum.
  int sign() const;
  // The exact sum as *m 2^*e (0 as *m = 0): its top three 32-bit digits, at
  // least 65 bits, rounded twice into *m, so within 2^-51.9 of the sum
  // (relative).
  void value(double* m, int* e) const;

 private:
  static constexpr int kDigits = 400;  // 32-bit digits, 2^-6464 .. 2^6336
  int64_t digit_[kDigits];
  int lo_, hi_;
};

}  // namespace np::detail
