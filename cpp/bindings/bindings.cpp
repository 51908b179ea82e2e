// narrowphase: the WASM module's bindings. The only file that includes Emscripten.
//
// Queries cross the boundary through the flat C interface (narrowphase/flat.h), exported as plain WASM
// functions: JS writes the inputs into one shared buffer of doubles, calls the export with the buffer's
// address, and reads the outputs back. No Embind invoker runs per query, so a call costs a few nanoseconds of
// crossing even in the -sDYNAMIC_EXECUTION=0 build that strict Content-Security-Policies need.
//
// Embind carries what is set up once: a typed view of the shared buffer and the constants the JS layer
// reports in its error messages.
#include <emscripten/bind.h>

#include "narrowphase/flat.h"
#include "narrowphase/tolerances.h"

namespace {

alignas(16) double g_io[NP_IO_DOUBLES];

emscripten::val io_buffer() { return emscripten::val(emscripten::typed_memory_view(NP_IO_DOUBLES, g_io)); }

}  // namespace

EMSCRIPTEN_BINDINGS(narrowphase) {
  emscripten::function("ioBuffer", &io_buffer);
  emscripten::constant("orthonormalTolerance", np::kOrthonormalTolerance);
  emscripten::constant("obbEdgeAxisSlack", np::kObbEdgeAxisSlack);
}
