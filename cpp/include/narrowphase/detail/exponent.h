// narrowphase internals (namespace np::detail): not part of the public API.
// Exponent helpers: the IEEE exponent of a double, powers of two built from
// their bits, and the power of two that brings a magnitude near 1 (so that a
// query can solve in units where squares neither overflow nor underflow).
#pragma once

#include <cstdint>
#include <cstring>

#include "narrowphase/types.h"

namespace np::detail {

/// The biased IEEE exponent of |x| (0 for zero and subnormals, 2047 for inf):
/// |x| < 2^(e - 1022).
inline int biased_exponent(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<int>((bits >> 52) & 0x7ff);
}
inline int max_exponent(int a, int b) { return a > b ? a : b; }
/// The largest biased exponent among a vector's components: integer maxima,
/// which compile to conditional moves where a maximum of doubles would be a
/// branch on random data.
inline int biased_exponent(Vec3 v) {
  return max_exponent(max_exponent(biased_exponent(v.x), biased_exponent(v.y)),
                      biased_exponent(v.z));
}

/// The power of two that brings numbers of biased exponent `biased` into [1,
/// 2): 2^(1023 - biased), for biased in [1, 2045]. Zero and subnormals (0) get
/// 2^1000 and the largest binades (2046, 2047) 2^-1000, the furthest a normal
/// double reaches, so they land near rather than in [1, 2). Multiplying by it
/// is exact for every result that stays normal. Queries use it to solve in
/// units where their squares can neither overflow nor underflow; results scaled
/// back are the same.
double unit_scale_rare(
    int biased);  // zero, subnormal or near-overflow exponents (types.cpp)
inline double unit_scale_for(int biased) {
  if (biased == 0 || biased >= 2046) return unit_scale_rare(biased);
  const uint64_t inverse = static_cast<uint64_t>(2046 - biased)
                           << 52;  // 2^(1023 - biased), a normal double
  double scale;
  std::memcpy(&scale, &inverse, sizeof scale);
  return scale;
}

/// The fast paths' range: biased exponents within kOrdinarySpan of 1023, that
/// is magnitudes in [2^-250, 2^251). Products of up to three such numbers, and
/// sums of a few of them, are normal doubles (within [2^-750, 2^756]): every
/// power-of-two rescaling and every m 2^e number of the general paths is then
/// exact and changes no rounding, and no product falls below the normal range,
/// so a rounding-error bound relative to the magnitudes needs no absolute
/// term for underflow.
inline constexpr int kOrdinarySpan = 250;
/// Whether x is 0 or of ordinary magnitude (a NaN or an infinity is not).
inline bool ordinary(double x) {
  return static_cast<unsigned>(biased_exponent(x) - (1023 - kOrdinarySpan)) <=
             static_cast<unsigned>(2 * kOrdinarySpan) ||
         x == 0.0;
}
inline bool ordinary(Vec3 v) {
  return ordinary(v.x) && ordinary(v.y) && ordinary(v.z);
}

// 2^e for e in [-1022, 1023].
inline double pow2(int e) {
  const uint64_t bits = static_cast<uint64_t>(e + 1023) << 52;
  double r;
  std::memcpy(&r, &bits, sizeof r);
  return r;
}

}  // namespace np::detail
