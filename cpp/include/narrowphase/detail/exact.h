// narrowphase internals (namespace np::detail): not part of the public API.
// Exact arithmetic shared by the queries' rare near-boundary paths:
//  - floating-point expansions (Shewchuk 1997): Two-Sum, Split, Two-Product and
//    the Expansion class, exact while no product underflows;
//  - sign_of_sum: the exact sign of a sum of four doubles;
//  - Ext: numbers m * 2^e with an int exponent, rounded once per operation,
//    that neither underflow nor overflow;
//  - exact_sign: the exact sign of a sum of products of any finite doubles,
//    summed in integers.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "narrowphase/detail/exponent.h"
#include "narrowphase/types.h"

// The exact path's functions: out of line, and compiled for size by Clang. They
// run only where a filter left a sign unsure, so their speed is not the
// queries'; their size is every page's download. Marking the Expansion class
// and the exact fallbacks of the casts and triangles took the WASM from 128.4
// to 115.7 KB (42.5 to 39.1 KB deflated). No result depends on it: the core
// never contracts or reorders floating-point operations (the native corpus and
// the native/WASM parity are bit-identical). Not `cold`: with it, GCC laid out
// raycast_aabb's hot path 50 % slower. A new exact fallback belongs here too:
// keep the filter in the caller, the expansions in an NP_RARE function.
#if defined(__clang__)
#define NP_RARE __attribute__((noinline, minsize))
#else
#define NP_RARE __attribute__((noinline))
#endif

namespace np::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------
// Exact arithmetic, for the rare queries within rounding of a boundary.
//
// Floating-point expansions: Shewchuk, "Adaptive Precision Floating-Point
// Arithmetic and Fast Robust Geometric Predicates", Discrete & Computational
// Geometry 18(3), 1997, and the algorithms of his public-domain predicates.c
// (Two-Sum, Fast-Two-Sum, Split, Two-Product, Grow-Expansion, Compress). An
// expansion stands for the exact sum of its components, doubles whose bits do
// not overlap, kept in increasing magnitude without zeros; the operations below
// are exact in IEEE double with round-to-nearest (no FMA, no -ffast-math), so
// native and WASM builds agree bit for bit.
//
// What double arithmetic cannot represent is a product below the normal range.
// Every number here is first scaled by a power of two so that the largest
// magnitude involved is ~1; a product that still falls below 2^-960 (it
// involves a component ~2^-960 times smaller than the largest) is kept rounded,
// and its rounding is added to the expansion's error bound `err`. With err = 0,
// the sign is exact; otherwise it is decided only when the value is clearly
// farther from 0 than err, and reported as unsure (kUnsure) when not.
// ---------------------------------------------------------------------------

inline constexpr int kUnsure = 2;  // a sign within the error bound of 0

// An upper bound of a non-negative value computed with a few roundings
// (relative error < 2^-40 here), and never 0 for a positive value lost to
// underflow.
inline double up(double x) { return x * (1.0 + 0x1p-40) + DBL_TRUE_MIN; }

// Knuth's Two-Sum: *s + *e == a + b exactly, *s = fl(a + b) (Shewchuk's
// Two-Sum). Never overflows here.
inline void two_sum(double a, double b, double* s, double* e) {
  const double sum = a + b, bv = sum - a, av = sum - bv;
  *e = (a - av) + (b - bv);
  *s = sum;
}

// Dekker's Fast-Two-Sum, for |a| >= |b|.
inline void fast_two_sum(double a, double b, double* s, double* e) {
  const double sum = a + b;
  *e = b - (sum - a);
  *s = sum;
}

// Veltkamp's Split: a == *hi + *lo, each with at most 26 significant bits (for
// |a| < 2^995).
inline void split(double a, double* hi, double* lo) {
  const double c = 134217729.0 * a;  // (2^27 + 1) a
  *hi = c - (c - a);
  *lo = a - *hi;
}

// Dekker's Two-Product: *hi + *lo == a b exactly, *hi = fl(a b), provided no
// partial product underflows. |a b| >= 2^-960 guarantees that: every partial
// product is then a multiple of the lowest bit of a times that of b, at least
// |a b| 2^-106 >= 2^-1066. A smaller product is kept as fl(a b), whose rounding
// (at most 2^-1014) goes to *lost.
inline void two_product(double a, double b, double* hi, double* lo,
                        double* lost) {
  const double p = a * b;
  *hi = p;
  if (std::fabs(p) < 0x1p-960) {
    *lo = 0.0;
    if (a != 0.0 && b != 0.0) *lost += 0x1p-1012;
    return;
  }
  double ah, al, bh, bl;
  split(a, &ah, &al);
  split(b, &bh, &bl);
  const double e1 = p - ah * bh, e2 = e1 - al * bh, e3 = e2 - ah * bl;
  *lo = al * bl - e3;
}

class Expansion {
 public:
  // Adds the double b exactly: Grow-Expansion with zero elimination.
  NP_RARE void add(double b) {
    if (b == 0.0) return;
    if (n_ == kCapacity) make_room();
    double q = b;
    int k = 0;
    for (int i = 0; i < n_; ++i) {
      double h;
      two_sum(q, c_[i], &q, &h);
      if (h != 0.0) c_[k++] = h;
    }
    if (q != 0.0) c_[k++] = q;
    n_ = k;
  }

  // Adds v * s for a power of two s. Exact unless v * s falls into the
  // subnormal range and loses bits (by at most half of 2^-1074), which the
  // error bound then carries.
  NP_RARE void add_scaled(double v, double s) {
    const double y = v * s;
    if (y * (1.0 / s) != v) err_ = up(err_ + 0x1p-1074);
    add(y);
  }

  // Adds sign * a * b (sign +-1), every product of components exactly unless it
  // underflows (two_product).
  NP_RARE void add_product(const Expansion& a, const Expansion& b,
                           double sign) {
    double lost = 0.0;
    for (int i = 0; i < a.n_; ++i) {
      for (int j = 0; j < b.n_; ++j) {
        double hi, lo;
        two_product(a.c_[i], b.c_[j], &hi, &lo, &lost);
        add(sign * lo);
        add(sign * hi);
      }
    }
    if (lost != 0.0 || a.err_ != 0.0 || b.err_ != 0.0) {
      err_ = up(err_ + lost + a.bound() * b.err_ + b.bound() * a.err_);
    }
    compress();
  }

  // Adds sign * x (sign +-1).
  NP_RARE void add(const Expansion& x, double sign) {
    for (int i = 0; i < x.n_; ++i) add(sign * x.c_[i]);
    if (x.err_ != 0.0) err_ = up(err_ + x.err_);
    compress();
  }

  // Multiplies by a power of two s.
  NP_RARE void scale(double s) {
    double old[kCapacity];
    const int n = n_;
    for (int i = 0; i < n; ++i) old[i] = c_[i];
    n_ = 0;
    err_ = err_ != 0.0 ? up(err_ * s) : 0.0;
    for (int i = 0; i < n; ++i) add_scaled(old[i], s);
  }

  // The largest component: the value's sign and, after compress(), its
  // magnitude to within a factor of 2.
  double top() const { return n_ > 0 ? c_[n_ - 1] : 0.0; }

  // The double nearest the value, ties to even: the components' rounded sum
  // (within an ulp of it) moved by an ulp while the exact remainder (value -
  // h, an expansion) reaches the midpoint toward the neighbour (compared
  // exactly, as the sign of remainder - half the spacing). Where the error
  // bound leaves a comparison unsure (products lost below the normal range),
  // the last candidate is kept: then within an ulp, not nearest. For values
  // in the normal range (the callers' units are ~1), where the spacing's half
  // is exact.
  NP_RARE double nearest() const {
    double h = 0.0;
    for (int i = 0; i < n_; ++i) h += c_[i];
    for (int step = 0; step < 4; ++step) {
      Expansion r = *this;
      r.add(-h);
      const int s = r.sign();
      if (s == 0 || s == kUnsure) return h;
      const double next = std::nextafter(h, s > 0 ? kInf : -kInf);
      r.add(-((next - h) * 0.5));
      const int t = r.sign();
      if (t == kUnsure || t == -s) return h;  // nearer h than the midpoint
      if (t == 0) {                           // the midpoint: the even one
        uint64_t bits;
        std::memcpy(&bits, &h, sizeof bits);
        return (bits & 1) == 0 ? h : next;
      }
      h = next;
    }
    return h;
  }

  // -1, 0 or 1, or kUnsure when the value may lie within the error bound of 0.
  // The sum of a nonoverlapping expansion has the sign of its largest
  // component, and the others sum to less in magnitude than rest.
  NP_RARE int sign() const {
    const double t = top();
    const int s = t > 0.0 ? 1 : t < 0.0 ? -1 : 0;
    if (err_ == 0.0) return s;
    double rest = err_;
    for (int i = 0; i + 1 < n_; ++i) rest += std::fabs(c_[i]);
    return std::fabs(t) > up(rest) ? s : kUnsure;
  }

 private:
  static constexpr int kCapacity = 40;

  // An upper bound of the value's magnitude.
  NP_RARE double bound() const {
    double sum = err_;
    for (int i = 0; i < n_; ++i) sum += std::fabs(c_[i]);
    return up(sum);
  }

  // Shewchuk's Compress (as in predicates.c): the same value in as few
  // components as it needs.
  NP_RARE void compress() {
    if (n_ < 2) return;
    double h[kCapacity];
    int bottom = n_ - 1;
    double q = c_[bottom];
    for (int i = n_ - 2; i >= 0; --i) {
      double sum, low;
      fast_two_sum(q, c_[i], &sum, &low);
      if (low != 0.0) {
        h[bottom--] = sum;
        q = low;
      } else {
        q = sum;
      }
    }
    int k = 0;
    for (int i = bottom + 1; i < n_; ++i) {
      double sum, low;
      fast_two_sum(h[i], q, &sum, &low);
      if (low != 0.0) c_[k++] = low;
      q = sum;
    }
    if (q != 0.0) c_[k++] = q;
    n_ = k;
  }

  // Frees a slot: compresses, and if the value really needs every slot (which
  // the few terms below never do), drops the smallest component into the error
  // bound.
  NP_RARE void make_room() {
    compress();
    if (n_ < kCapacity) return;
    err_ = up(err_ + std::fabs(c_[0]));
    for (int i = 1; i < n_; ++i) c_[i - 1] = c_[i];
    --n_;
  }

  double c_[kCapacity] = {};
  int n_ = 0;
  double err_ = 0.0;
};

// p - q, multiplied by the power of two s, as an exact expansion (apart from
// what s pushes below the normal range). s is at most 2 / |p - q| for the
// largest difference of the quantity it scales, and |p| and |q| are at most
// 2^53 |p - q| when p != q, so nothing overflows.
NP_RARE inline Expansion difference(double p, double q, double s) {
  Expansion e;
  if (p != q) {
    e.add_scaled(p, s);
    e.add_scaled(-q, s);
  }
  return e;
}

NP_RARE inline Expansion sum(double a, double b, double s) {
  Expansion e;
  e.add_scaled(a, s);
  e.add_scaled(b, s);
  return e;
}

// The exact sign of a + b + c + d (no overflow assumed): the four are grown
// into a nonoverlapping expansion (Shewchuk, "Adaptive precision floating-point
// arithmetic", 1997), whose largest nonzero component has the sign of the whole
// sum. Out of line (exact.cpp).
int sign_of_sum(double a, double b, double c, double d);

// ---- The exact slab test
// -------------------------------------------------------------------------------------
//
// Parameters as m * 2^e with an int exponent, so that none underflows or
// overflows: an entry 1e-400 of the way along a 1e300-long segment, or through
// a slab of a 1e300 direction with a 1e-300 component. Each operation rounds
// once, as the double operation does when its exponent is in range.
struct Ext {
  double m;  // 1 <= |m| < 2, or 0
  int e;
};

inline Ext ext(double x) {
  if (x == 0.0) return {0.0, 0};
  int shift = 0;
  if (biased_exponent(x) == 0) x *= 0x1p64, shift = 64;  // subnormal: exact
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int e = biased_exponent(x) - 1023 - shift;
  bits = (bits & ~(uint64_t{0x7ff} << 52)) | (uint64_t{1023} << 52);
  double m;
  std::memcpy(&m, &bits, sizeof m);
  return {m, e};
}

inline Ext normalized(double m,
                      int e) {  // |m| in (0.5, 4): exact steps back into [1, 2)
  if (std::fabs(m) >= 2.0) return {m * 0.5, e + 1};
  if (std::fabs(m) < 1.0 && m != 0.0) return {m * 2.0, e - 1};
  return {m, e};
}
inline Ext ext_mul(Ext a, Ext b) { return normalized(a.m * b.m, a.e + b.e); }
inline Ext ext_div(Ext a, Ext b) {
  return normalized(a.m / b.m, a.e - b.e);
}  // b != 0
inline Ext ext_abs(Ext a) { return {std::fabs(a.m), a.e}; }

// a - b rounded once. Where that overflows, |a| and |b| are both at least
// 2^970, so their halves are exact.
inline Ext ext_diff(double a, double b) {
  const double r = a - b;
  if (std::fabs(r) <= DBL_MAX) return ext(r);
  const Ext h = ext(a * 0.5 - b * 0.5);
  return {h.m, h.e + 1};
}

// The nearest double (an overflow gives +-inf): one rounding, also into the
// subnormals.
inline double to_double(Ext x) {
  if (x.m == 0.0 || x.e < -1100)
    return x.m * 0.0;  // below half the smallest subnormal: +-0
  if (x.e > 1023) return x.m * kInf;
  if (x.e >= -1022) return x.m * pow2(x.e);
  return x.m * pow2(x.e + 1022) *
         0x1p-1022;  // the first product is exact, the second rounds
}

// a < b for a, b >= 0.
inline bool less(Ext a, Ext b) {
  if (b.m == 0.0) return false;
  if (a.m == 0.0) return true;
  return a.e != b.e ? a.e < b.e : a.m < b.m;
}

// The exact sign of a sum of products of doubles, whatever their magnitudes:
// each product added exactly into one wide fixed-point integer (ExactSum,
// exact_poly.h). Floating-point expansions (Shewchuk 1997) would lose
// exactness where products underflow or overflow, and inputs here may be any
// finite doubles.
struct Product {
  double x, y;
  bool subtract;
};

int exact_sign(const Product* terms, int n);  // exact.cpp

// The sign of det[p1 - q1; p2 - q2; p3 - q3] on the exact reals (Shewchuk's
// orient3d when q1 == q2 == q3), for any finite doubles: filtered in doubles
// (kOrientFilterBand), then Shewchuk's expansions, and where products fall
// below the normal range (coordinates ~2^900 apart) the 48 products of the
// expanded determinant summed exactly (ExactSum, exact_poly.h). exact.cpp.
int det3_sign(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, Vec3 p3, Vec3 q3);

// det[p1 - q1; p2 - q2; p3 - q3] itself, for any finite doubles: its 48
// products of three input coordinates summed exactly (ExactSum) and rounded
// twice (ExactSum::value), within 2^-51.9 of the exact value (relative);
// exactly 0 when it is 0. exact.cpp.
Ext det3_value(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, Vec3 p3, Vec3 q3);

}  // namespace np::detail
