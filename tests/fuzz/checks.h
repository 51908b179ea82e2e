// narrowphase fuzzing: calling a query of the table and checking what it
// returns.
#pragma once

#include "queries.h"

namespace np_fuzz {

/// Doubles the result kind writes to the start of io (on success / on a hit).
int output_size(Result r);

/// Calls q on a copy of `inputs` (input_size(q) doubles) in a buffer of
/// NP_IO_DOUBLES whose other slots hold a sentinel, and checks:
///   - the return value is exactly the error code the validators give for the
///   first invalid argument
///     (validate.h, in argument order), and an error only then;
///   - nothing is written beyond the query's input and output layout;
///   - for valid inputs, every invariant of the result kind (checks.cpp;
///   EDGE_CASES.md "Invariants"), including
///     the relations to sibling queries of the table (distance vs closest
///     point, overlap vs distance, overlap vs separating axis, segment vs ray).
/// On the first violation it prints the query, the inputs (hex float and
/// decimal), the outputs and the invariant, and aborts (libFuzzer then saves
/// the input).
void run_and_check(const Query& q, const double* inputs, const char* mode);

/// The query picked by a selector byte, or the one named by the environment
/// variable NP_FUZZ_QUERY (which then overrides every selector). Prints the
/// table and exits for NP_FUZZ_LIST=1.
void init_selection();
const Query& select_query(unsigned char selector);

}  // namespace np_fuzz
