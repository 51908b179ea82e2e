#include "narrowphase/types.h"

namespace np {

double unit_scale_rare(double magnitude) {
  if (!(magnitude > 0.0)) return 1.0;  // 0: nothing to scale
  // ilogb rather than frexp: an int* out-parameter would cost every caller a stack frame in WASM.
  int k = std::ilogb(magnitude);  // magnitude is in [2^k, 2^(k+1))
  k = k < -1000 ? -1000 : (k > 1000 ? 1000 : k);
  return std::ldexp(1.0, -k);
}

}  // namespace np
