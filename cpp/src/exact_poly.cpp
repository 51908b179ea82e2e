// The exact sign of a polynomial in doubles (detail/exact_poly.h). A double is
// an integer M < 2^53 times 2^E, E >= -1074, so a product of n of them is the
// integer M_1 ... M_n < 2^(53 n) times 2^(E_1 + ... + E_n): it is multiplied
// out in 32-bit limbs and added, exactly, into a fixed-point number of 32-bit
// digits from 2^-6464 up. Only the exact path of the overlap tests runs this.
#include "narrowphase/detail/exact_poly.h"

#include <cmath>
#include <cstring>

#include "narrowphase/detail/exact.h"  // NP_RARE

namespace np::detail {

namespace {

constexpr int kOffset = 6464;  // bit 0 of digit 0 is 2^-6464

// Appends the monomials of q, times sign, to p.
void append(Poly* p, const Poly& q, int sign) {
  for (int i = 0; i < q.n; ++i) {
    for (int k = 0; k < q.degree[i]; ++k) p->f[p->n][k] = q.f[i][k];
    p->degree[p->n] = q.degree[i];
    p->sign[p->n] = static_cast<signed char>(q.sign[i] * sign);
    ++p->n;
  }
}

}  // namespace

Poly poly_difference(double x, double y) {
  Poly p;
  p.add(x, 1);
  p.add(y, -1);
  return p;
}

NP_RARE Poly poly_product(const Poly& p, const Poly& q) {
  Poly r;
  for (int i = 0; i < p.n; ++i) {
    for (int j = 0; j < q.n; ++j) {
      int d = 0;
      for (int k = 0; k < p.degree[i]; ++k) r.f[r.n][d++] = p.f[i][k];
      for (int k = 0; k < q.degree[j]; ++k) r.f[r.n][d++] = q.f[j][k];
      r.degree[r.n] = static_cast<signed char>(d);
      r.sign[r.n] = static_cast<signed char>(p.sign[i] * q.sign[j]);
      ++r.n;
    }
  }
  return r;
}

NP_RARE Poly poly_sum(const Poly& p, const Poly& q, int sign) {
  Poly r = p;
  append(&r, q, sign);
  return r;
}

NP_RARE Poly poly_dot(const Poly* p, const Poly* q) {
  Poly r;
  for (int i = 0; i < 3; ++i) append(&r, poly_product(p[i], q[i]), 1);
  return r;
}

ExactSum::ExactSum() : lo_(kDigits), hi_(-1) {}

NP_RARE void ExactSum::add_product(const double* f, int n, int sign) {
  uint32_t limb[12] = {};
  int count = 1;
  limb[0] = 1;
  int e = kOffset;
  bool negative = sign < 0;
  for (int k = 0; k < n; ++k) {
    if (f[k] == 0.0) return;
    uint64_t bits;
    std::memcpy(&bits, &f[k], sizeof bits);
    negative ^= (bits >> 63) != 0;
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
    const uint64_t m = biased != 0 ? fraction | (uint64_t{1} << 52) : fraction;
    e += (biased != 0 ? biased : 1) - 1075;
    // limb *= m, m = m_hi 2^32 + m_lo: two passes of 32 x 32-bit products.
    const uint64_t m_lo = m & 0xffffffffu, m_hi = m >> 32;
    uint32_t r[12] = {};
    uint64_t carry = 0;
    for (int i = 0; i < count; ++i) {
      const uint64_t t = limb[i] * m_lo + carry;
      r[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    r[count] = static_cast<uint32_t>(carry);
    carry = 0;
    for (int i = 0; i < count; ++i) {
      const uint64_t t = limb[i] * m_hi + r[i + 1] + carry;
      r[i + 1] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    r[count + 1] = static_cast<uint32_t>(carry);
    count += 2;
    while (count > 1 && r[count - 1] == 0) --count;
    for (int i = 0; i < count; ++i) limb[i] = r[i];
  }
  // += or -= limb * 2^(e - kOffset): each limb lands on two digits. Digits
  // are zeroed as the range in use grows.
  const int q = e >> 5, shift = e & 31;
  if (hi_ < lo_) {
    for (int i = q; i <= q + count; ++i) digit_[i] = 0;
    lo_ = q, hi_ = q + count;
  } else {
    for (int i = q; i < lo_; ++i) digit_[i] = 0;
    for (int i = hi_ + 1; i <= q + count; ++i) digit_[i] = 0;
  }
  const int64_t s = negative ? -1 : 1;
  for (int i = 0; i < count; ++i) {
    const uint64_t v = static_cast<uint64_t>(limb[i]) << shift;
    digit_[q + i] += s * static_cast<int64_t>(v & 0xffffffffu);
    digit_[q + i + 1] += s * static_cast<int64_t>(v >> 32);
  }
  if (q < lo_) lo_ = q;
  if (q + count > hi_) hi_ = q + count;
}

NP_RARE void ExactSum::add(const Poly& p, int sign) {
  for (int i = 0; i < p.n; ++i)
    add_product(p.f[i], p.degree[i], sign * p.sign[i]);
}

NP_RARE void ExactSum::add(const Poly& p, const Poly& q, int sign) {
  double f[6];
  for (int i = 0; i < p.n; ++i) {
    for (int j = 0; j < q.n; ++j) {
      int d = 0;
      for (int k = 0; k < p.degree[i]; ++k) f[d++] = p.f[i][k];
      for (int k = 0; k < q.degree[j]; ++k) f[d++] = q.f[j][k];
      add_product(f, d, sign * p.sign[i] * q.sign[j]);
    }
  }
}

NP_RARE void ExactSum::add(const Poly& p, const Poly& q, const Poly& r,
                           int sign) {
  double f[9];
  for (int i = 0; i < p.n; ++i) {
    for (int j = 0; j < q.n; ++j) {
      for (int l = 0; l < r.n; ++l) {
        int d = 0;
        for (int k = 0; k < p.degree[i]; ++k) f[d++] = p.f[i][k];
        for (int k = 0; k < q.degree[j]; ++k) f[d++] = q.f[j][k];
        for (int k = 0; k < r.degree[l]; ++k) f[d++] = r.f[l][k];
        add_product(f, d, sign * p.sign[i] * q.sign[j] * r.sign[l]);
      }
    }
  }
}

NP_RARE int ExactSum::sign() const {
  // Carries from the lowest digit up; what is left above the top digit has the
  // sign of the sum (the digits below it, each in [0, 2^32), add up to less
  // than one unit of it).
  int64_t carry = 0;
  bool nonzero = false;
  for (int i = lo_; i <= hi_; ++i) {
    const int64_t v = digit_[i] + carry;
    const int64_t low = v & 0xffffffff;
    carry = (v - low) / 0x100000000;  // exact: v - low is a multiple of 2^32
    nonzero |= low != 0;
  }
  return carry < 0 ? -1 : (carry > 0 || nonzero ? 1 : 0);
}

NP_RARE void ExactSum::value(double* m, int* e) const {
  *m = 0.0;
  *e = 0;
  if (hi_ < lo_) return;
  // The digits carried into [0, 2^32) as sign() does, the carry above them
  // two more digits; a negative sum negated (two's complement), so that the
  // top digits are the magnitude's.
  uint32_t d[kDigits + 2];
  int64_t carry = 0;
  for (int i = lo_; i <= hi_; ++i) {
    const int64_t v = digit_[i] + carry;
    const int64_t low = v & 0xffffffff;
    carry = (v - low) / 0x100000000;
    d[i] = static_cast<uint32_t>(low);
  }
  const bool negative = carry < 0;
  if (negative) {
    uint64_t c = 1;
    for (int i = lo_; i <= hi_; ++i) {
      const uint64_t t = static_cast<uint64_t>(~d[i]) + c;
      d[i] = static_cast<uint32_t>(t);
      c = t >> 32;
    }
    carry = -carry - 1 + static_cast<int64_t>(c);
  }
  const uint64_t top_carry = static_cast<uint64_t>(carry);
  d[hi_ + 1] = static_cast<uint32_t>(top_carry);
  d[hi_ + 2] = static_cast<uint32_t>(top_carry >> 32);
  int top = hi_ + 2;
  while (top >= lo_ && d[top] == 0) --top;
  if (top < lo_) return;
  const auto digit = [&](int i) { return i >= lo_ ? d[i] : 0u; };
  // d[top] >= 1: the digits below these three add less than 2^-64 of them.
  const uint64_t w = (static_cast<uint64_t>(d[top]) << 32) | digit(top - 1);
  const double x =
      static_cast<double>(w) * 0x1p32 + static_cast<double>(digit(top - 2));
  // x in [2^32, 2^96): x 2^(32 (top - 2) - kOffset), as m 2^e with m in [1, 2).
  int ex;
  const double fr = std::frexp(x, &ex);  // x = fr 2^ex, fr in [0.5, 1)
  *m = negative ? -2.0 * fr : 2.0 * fr;
  *e = ex - 1 + 32 * (top - 2) - kOffset;
}

}  // namespace np::detail
