// narrowphase fuzzing: every np_ function that flat.h declares is in the fuzz
// table (queries.h).
//
// The table is made from queries.def, as flat.h's declarations are, so the two
// agree by construction. What could still slip past is an export declared in
// flat.h by hand, outside queries.def: CMakeLists.txt reads flat.h at configure
// time (and again whenever it changes) and writes one NP_FLAT_EXPORT(name) line
// per np_ function declared there by name into flat_exports.inc, and each must
// be in the table. The table cannot name anything flat.h does not declare (it
// takes each function's address).
#include "queries.h"

#define NP_FLAT_EXPORT(name)                                            \
  static_assert(::np_fuzz::in_table(#name), #name                       \
                " is declared in flat.h but is not in the fuzz table: " \
                "declare it in queries.def instead");
#include "flat_exports.inc"
#undef NP_FLAT_EXPORT

namespace {

constexpr bool names_unique() {
  for (int i = 0; i < ::np_fuzz::kQueryCount; ++i) {
    for (int j = 0; j < i; ++j) {
      if (::np_fuzz::same_name(::np_fuzz::kQueries[i].name,
                               ::np_fuzz::kQueries[j].name))
        return false;
    }
  }
  return true;
}

}  // namespace

static_assert(::np_fuzz::kQueryCount > 0, "no query in queries.def");
static_assert(names_unique(), "a query is in queries.def twice");
