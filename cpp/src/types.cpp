#include "narrowphase/types.h"

#include "narrowphase/detail/exponent.h"

namespace np {

using detail::biased_exponent;
using detail::unit_scale_for;

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
