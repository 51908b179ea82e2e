// narrowphase fuzzing, mode 2 (valid): the fuzz bytes drive the generators of
// kinds.cpp, which make only valid inputs, biased to the boundaries (touching,
// on faces, edges and corners, zero sizes, -0, subnormals, 1e-308 to 1e308
// mixed per component); every invariant of the query's result kind is checked.
//
// Input: one selector byte (which query; ignored when NP_FUZZ_QUERY pins one),
// then per argument, in generation order (kinds.h), a strategy byte and what
// the strategy reads. Strategy 0 with scalar tag 0 is "these exact doubles"
// (encode_literal), which is how the seed corpus holds known findings.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

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
  np_fuzz::generate_inputs(b, q, in);
  if (const int e = np_fuzz::expected_error(q, in); e != 0) {
    std::fprintf(stderr,
                 "np fuzz: the generator made invalid input for %s (error %d): "
                 "a bug in kinds.cpp\n",
                 q.name, e);
    std::abort();
  }
  np_fuzz::run_and_check(q, in, "valid");
  return 0;
}
