#!/usr/bin/env bash
# The native GoogleTest suite (the main CMakeLists.txt) built with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer in build/asan, and run with ctest; then the native corpus writer under the same
# sanitizers. Any sanitizer report fails the test it happens in (UBSan aborts: -fno-sanitize-recover).
# Its ctest output goes to build/test-results/ctest-asan.log (not ctest.log, which is the ordinary build's), and
# its counts to build/test-results/sanitizers.json (Vitest's field names) for npm test's closing line.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

bash web/scripts/ensure-tools.sh fuzz native || { echo "sanitizers: could not install clang / GoogleTest" >&2; exit 1; }

build="$root/build/asan"
results="$root/build/test-results"
mkdir -p "$results"
log="$results/ctest-asan.log"
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

write_results() {
  printf '{"runner":"ctest under ASan + UBSan (tests/fuzz/sanitize.sh)","numPassedTests":%d,"numFailedTests":%d}\n' \
    "$1" "$2" >"$results/sanitizers.json"
}

gen=()
if command -v ninja >/dev/null 2>&1; then gen=(-G Ninja); fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="$flags" >/dev/null || { write_results 0 1; exit 1; }
fi
# Only what the tests need (not the benchmark).
if ! cmake --build "$build" --parallel "${NP_FUZZ_JOBS:-2}" --target narrowphase_tests narrowphase_mesh_tests narrowphase_aabb_tree_tests narrowphase_corpus; then
  write_results 0 1
  exit 1
fi

ctest --test-dir "$build" --output-on-failure --parallel "${NP_FUZZ_JOBS:-2}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
counts="$(grep -o 'tests passed, [0-9]* tests failed out of [0-9]*' "$log" | tail -1)"
failed="$(echo "$counts" | sed -n 's/.*passed, \([0-9]*\) tests failed.*/\1/p')"
total="$(echo "$counts" | sed -n 's/.*out of \([0-9]*\)/\1/p')"
if [ -z "$total" ]; then failed=1 total=1; fi

echo "sanitizers: the native corpus writer"
if "$build/narrowphase_corpus" "$build/corpus.json" >"$build/corpus.log" 2>&1; then
  total=$((total + 1))
else
  cat "$build/corpus.log" >&2
  total=$((total + 1)) failed=$((failed + 1)) status=1
fi
write_results $((total - failed)) "$failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
