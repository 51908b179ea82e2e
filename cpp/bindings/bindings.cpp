// narrowphase: the WASM module's bindings. The only file that includes
// Emscripten.
//
// Queries cross the boundary through the flat C interface (narrowphase/flat.h),
// exported as plain WASM functions: JS writes the inputs into one shared buffer
// of doubles, calls the export with the buffer's address, and reads the outputs
// back. No Embind invoker runs per query, so a call costs a few nanoseconds of
// crossing even in the -sDYNAMIC_EXECUTION=0 build that strict
// Content-Security-Policies need.
//
// Embind carries what is set up once: a typed view of the shared buffer and the
// constants the JS layer reports in its error messages.
#include <emscripten/bind.h>
#include <emscripten/emmalloc.h>

#include <string>

#include "narrowphase/flat.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/validate.h"

namespace {

alignas(16) double g_io[NP_IO_DOUBLES];

emscripten::val io_buffer() {
  return emscripten::val(emscripten::typed_memory_view(NP_IO_DOUBLES, g_io));
}

// The JS names of np::Problem's values, in order, comma-separated: the JS
// layer's messages find a problem by name, so a new one is never "invalid input
// (code N)".
std::string problem_names() {
  std::string names;
#define NP_PROBLEM_NAME(name, js) names += names.empty() ? js : "," js;
  NP_PROBLEMS(NP_PROBLEM_NAME)
#undef NP_PROBLEM_NAME
  return names;
}

// The queries of queries.def as the WASM module declares them, one per line:
// "jsName result names kinds", so that tests can check the JS layer and the
// docs against the module itself.
std::string query_table() {
  std::string table;
#define NP_QUERY(js, fn, result, names, ...) \
  table += #js " " #result " " names " " #__VA_ARGS__ "\n";
#include "narrowphase/queries.def"
#undef NP_QUERY
  return table;
}

// Bytes of the heap that allocations hold now (emmalloc's heap less its free
// blocks): what the tests compare before and after creating and disposing
// meshes, since the memory itself never shrinks.
double heap_bytes_in_use() {
  return static_cast<double>(emmalloc_dynamic_heap_size() -
                             emmalloc_free_dynamic_memory());
}

}  // namespace

EMSCRIPTEN_BINDINGS(narrowphase) {
  emscripten::function("ioBuffer", &io_buffer);
  emscripten::function("problemNames", &problem_names);
  emscripten::function("queryTable", &query_table);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  emscripten::constant("orthonormalTolerance", np::kOrthonormalTolerance);
  emscripten::constant("obbEdgeAxisSlack", np::kObbEdgeAxisSlack);
}
