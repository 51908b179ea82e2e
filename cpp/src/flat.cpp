// The flat exports: one per line of narrowphase/queries.def, each the template
// of detail/flat_kinds.h instantiated with the line's core function, result and
// argument kinds.
#include "narrowphase/flat.h"

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/detail/flat_kinds.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"

extern "C" {

#define NP_QUERY(js, fn, result, names, ...)               \
  int np_##js(double* io) {                                \
    using namespace np::flat::kinds;                       \
    return np::flat::run<result, __VA_ARGS__>(np::fn, io); \
  }
#include "narrowphase/queries.def"
#undef NP_QUERY

}  // extern "C"
