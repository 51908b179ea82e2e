#include "narrowphase/types.h"

namespace np {

double unit_scale_rare(int biased) {
  // biased 0: zero or subnormal, below 2^-1022: scale up by 2^1000 (as far as a
  // normal double allows). Otherwise 2046 or 2047: at least 2^1023: scale down
  // by 2^1000, which leaves the magnitude near 2^23.
  return biased == 0 ? 0x1p1000 : 0x1p-1000;
}

Vec3 unit_or_rare(Vec3 v, Vec3 fallback) {
  const double m = max_abs_component(v);
  if (m == 0.0) return fallback;
  // 2^(1023 - e) brings m into [1, 2); a subnormal m (e = 0) gets 2^1000 first
  // and then the usual step.
  Vec3 s = v * unit_scale_for(biased_exponent(m));
  s = s * unit_scale_for(biased_exponent(max_abs_component(s)));
  const double len =
      std::sqrt(length_squared(s));  // in [1, 2 sqrt(3)): a normal double
  return Vec3{s.x / len + 0.0, s.y / len + 0.0, s.z / len + 0.0};
}

}  // namespace np
