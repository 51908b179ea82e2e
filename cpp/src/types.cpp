#include "narrowphase/types.h"

namespace np {

double unit_scale_rare(int biased) {
  // biased 0: zero or subnormal, below 2^-1022: scale up by 2^1000 (as far as a normal double allows). Otherwise
  // 2046 or 2047: at least 2^1023: scale down by 2^1000, which leaves the magnitude near 2^23.
  return biased == 0 ? 0x1p1000 : 0x1p-1000;
}

}  // namespace np
