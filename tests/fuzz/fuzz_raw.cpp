// narrowphase fuzzing, mode 1 (raw): the fuzz bytes are the doubles of io as
// they are.
//
// Input: one selector byte (which query of queries.h; ignored when
// NP_FUZZ_QUERY pins one), then 8 bytes per input double, little-endian;
// missing bytes are 0. Most inputs are invalid (NaN, inverted boxes, rotations
// that are not orthonormal): the check is then that the export returns exactly
// the validators' error code. Valid ones (zeros, libFuzzer's mutations of the
// seeds) get every invariant check of valid mode too.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "checks.h"
#include "kinds.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  np_fuzz::init_selection();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  np_fuzz::Bytes b(data, size);
  const np_fuzz::Query& q = np_fuzz::select_query(b.byte());
  double in[NP_IO_DOUBLES] = {};
  for (int i = 0; i < np_fuzz::input_size(q); ++i) {
    const uint64_t bits = b.u64();
    std::memcpy(&in[i], &bits, sizeof bits);
  }
  np_fuzz::run_and_check(q, in, "raw");
  return 0;
}
