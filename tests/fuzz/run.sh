#!/usr/bin/env bash
# narrowphase fuzzing: libFuzzer (clang, ASan + UBSan) over every query of tests/fuzz/queries.h, in two modes,
# and over the mesh and the AABB tree in a third:
#   raw    the fuzz bytes are the io doubles as they are: error codes exactly as the validators say, no crash
#          or UB, and every invariant for the inputs that are valid;
#   valid  the bytes drive generators of valid near-boundary inputs: every invariant of EDGE_CASES.md;
#   mesh   the bytes make a small mesh or set of boxes and a query (mesh_case.h); np::Mesh's and np::AABBTree's
#          answers against the brute force over the single calls (fuzz_mesh.cpp: mesh_ray, mesh_overlap,
#          mesh_cast, mesh_contacts, tree).
# One harness = one mode and one query (NP_FUZZ_QUERY pins it); raw and valid take the queries from the table
# itself, so a query added there is fuzzed here without a change.
#
#   tests/fuzz/run.sh smoke               npm test: every harness for NP_FUZZ_RUNS inputs (default 20000, 0.2 to 45 s;
#                                         mesh mode NP_FUZZ_MESH_RUNS, default 20000, 4 to 30 s;
#                                         at most NP_FUZZ_SECONDS, default 120: a limit no machine should reach, so
#                                         that the same inputs run everywhere and a faster machine finds nothing new) from libFuzzer seed NP_FUZZ_SEED
#                                         (default 1), over the checked-in seed corpus tests/fuzz/corpus/<mode>/
#                                         (read, never written; given as files in name order, -seed_inputs, since
#                                         a directory is read in the file system's order), NP_FUZZ_JOBS harnesses
#                                         at a time (default: the number of cores). The same inputs on every
#                                         machine and every run:
#                                         -use_cmp=0, because the comparison operands libFuzzer would mutate
#                                         towards include heap and stack addresses, which differ from run to run
#                                         (with them, two runs of one harness on one machine found different
#                                         inputs, and CI crashed on one this machine had never run); -reload=0, so
#                                         nothing depends on the clock. `long` keeps both.
#   tests/fuzz/run.sh long [SECONDS] [QUERY...]
#                                         npm run fuzz -- 600: SECONDS in all (default 600), shared evenly by
#                                         the harnesses named (a table query: raw and valid; mesh_ray ... tree:
#                                         mesh mode), one at a time; goes on after a crash (-fork=1 -ignore_crashes=1);
#                                         new inputs go to build/fuzz/corpus/<mode>/<query>/
#   tests/fuzz/run.sh merge               adds what build/fuzz/corpus found that covers something new to the
#                                         checked-in corpus (libFuzzer -merge=1)
#   tests/fuzz/run.sh seeds               rewrites the hand-made seeds (seeds.cpp: known findings) into it
#   tests/fuzz/run.sh repro FILE...       runs inputs (crash artifacts or corpus files) once, printing each call;
#                                         mode and query are taken from an artifact's name
#                                         (build/fuzz/artifacts/[<word>-]<mode>-<query>-crash-..., e.g. a merge- or smoke- prefix) or NP_FUZZ_MODE and
#                                         NP_FUZZ_QUERY
#   tests/fuzz/run.sh build
# Crash artifacts go to build/fuzz/artifacts/, logs to build/fuzz/logs/. Exits non-zero on any crash.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

bash web/scripts/ensure-tools.sh fuzz || { echo "fuzz: could not install clang / libFuzzer" >&2; exit 1; }

out="$root/build/fuzz"
bin="$out/cmake"
corpus="$root/tests/fuzz/corpus"
modes=(raw valid mesh)
jobs="${NP_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"

build() {
  local gen=()
  if command -v ninja >/dev/null 2>&1; then gen=(-G Ninja); fi
  if [ ! -f "$bin/CMakeCache.txt" ]; then
    cmake -S "$root/tests/fuzz" -B "$bin" "${gen[@]}" -DCMAKE_CXX_COMPILER=clang++ >/dev/null || return 1
  fi
  cmake --build "$bin" --parallel "$jobs" "$@" >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; return 1; }
}

# queries MODE: the harnesses of a mode (raw and valid: the table of queries.h; mesh: fuzz_mesh.cpp's list).
queries() { NP_FUZZ_LIST=1 "$bin/np_fuzz_${1:-raw}"; }

# fuzz_one MODE QUERY SECONDS CORPUS_DIR [EXTRA LIBFUZZER FLAGS...]: 0, or 1 on a crash (reported). The
# checked-in corpus is read as a directory unless the flags give it as -seed_inputs (smoke does).
fuzz_one() {
  local mode="$1" q="$2" secs="$3" dir="$4"
  shift 4
  local log="$out/logs/$mode-$q.log" seeds=("$corpus/$mode")
  case " $* " in *" -seed_inputs="*) seeds=() ;; esac
  mkdir -p "$dir" "$out/logs" "$out/artifacts"
  local stamp="$out/logs/.$mode-$q.start"
  touch "$stamp"
  NP_FUZZ_QUERY="$q" "$bin/np_fuzz_$mode" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/$mode-$q-" -print_final_stats=1 "$@" "$dir" "${seeds[@]}" >"$log" 2>&1
  local rc=$?
  # A crash is a non-zero exit, a report in the log, or an artifact written (fork mode goes on after crashes and
  # keeps its workers' logs to itself).
  local artifacts runs
  artifacts="$(find "$out/artifacts" -name "$mode-$q-*" -newer "$stamp" | sort)"
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*\|^#[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')"
  if [ "$rc" -eq 0 ] && [ -z "$artifacts" ] &&
    ! grep -q '^==== narrowphase fuzz\|ERROR: \(AddressSanitizer\|libFuzzer\|UndefinedBehaviorSanitizer\)\|runtime error:' "$log"; then
    printf '  ok    %-5s %-28s %9s runs\n' "$mode" "$q" "${runs:-?}"
    return 0
  fi
  printf '  CRASH %-5s %-28s (exit %d, %d crash inputs; log %s)\n' "$mode" "$q" "$rc" \
    "$(printf '%s' "$artifacts" | grep -c .)" "${log#"$root"/}" >&2
  grep -m3 -h '^==== narrowphase fuzz\|ERROR: \|runtime error:\|^np fuzz' "$log" | sed 's/^/        /' >&2
  printf '%s\n' "$artifacts" | grep . | head -3 | sed "s|^$root/|        repro: bash tests/fuzz/run.sh repro |" >&2
  return 1
}

write_results() { # write_results PASSED FAILED: counts for npm test's closing line (Vitest's JSON field names)
  local results="$root/build/test-results"
  mkdir -p "$results"
  printf '{"runner":"libFuzzer harnesses (tests/fuzz/run.sh smoke)","numPassedTests":%d,"numFailedTests":%d}\n' \
    "$1" "$2" >"$results/fuzz.json"
}

# smoke_one MODE QUERY RUNS SECONDS SEED: one harness of the smoke run; prints its result lines, and exits 0
# (passed), 2 (crashed on an open finding) or 1 (crashed).
smoke_one() {
  local mode="$1" q="$2" runs="$3" secs="$4" seed="$5"
  # New inputs go to a scratch directory (the first one libFuzzer is given), never to the checked-in corpus.
  if fuzz_one "$mode" "$q" "$secs" "$out/smoke/$mode/$q" -runs="$runs" -seed="$seed" \
    -use_cmp=0 -reload=0 -seed_inputs="@$out/smoke/seeds-$mode.txt" 2>&1; then
    return 0
  elif grep -qE "^$mode[[:space:]]+$q([[:space:]]|$)" "$root/tests/fuzz/open-findings.txt"; then
    echo "        (an open finding: tests/fuzz/open-findings.txt)"
    return 2
  fi
  return 1
}

smoke() {
  local runs="${NP_FUZZ_RUNS:-20000}" mesh_runs="${NP_FUZZ_MESH_RUNS:-20000}" secs="${NP_FUZZ_SECONDS:-120}" seed="${NP_FUZZ_SEED:-1}" passed=0 failed=0 open=0
  build || { write_results 0 1; return 1; }
  rm -rf "$out/smoke"
  mkdir -p "$out/smoke/status"
  # The seeds in name order, given as files: libFuzzer reads a directory in the file system's order (creation
  # order, or a hash order that differs between file systems), which changes the order it runs them in and so
  # every input it tries after them. In name order, every clone on every machine runs the same inputs.
  for mode in "${modes[@]}"; do
    find "$corpus/$mode" -maxdepth 1 -type f | LC_ALL=C sort | paste -sd, - >"$out/smoke/seeds-$mode.txt"
  done
  local -a harnesses=()
  for mode in "${modes[@]}"; do
    for q in $(queries "$mode"); do harnesses+=("$mode $q"); done
  done
  echo "fuzz: every query, raw and valid modes, $runs inputs each, mesh mode $mesh_runs (seed $seed) after" \
    "replaying tests/fuzz/corpus/," \
    "$jobs harnesses at a time"
  # Each harness is one process and its own scratch directory, so they run $jobs at a time (NP_FUZZ_JOBS,
  # default the number of cores) and report in the table's order.
  local n="${#harnesses[@]}" next=0 shown=0 running=0 i
  while [ "$shown" -lt "$n" ]; do
    while [ "$running" -lt "$jobs" ] && [ "$next" -lt "$n" ]; do
      (
        set -- ${harnesses[$next]}
        r="$runs"
        if [ "$1" = mesh ]; then r="$mesh_runs"; fi
        smoke_one "$1" "$2" "$r" "$secs" "$seed" >"$out/smoke/status/$next.txt"
        echo $? >"$out/smoke/status/$next.rc"
      ) &
      next=$((next + 1)) running=$((running + 1))
    done
    wait -n 2>/dev/null || true
    running=0
    for ((i = shown; i < next; i++)); do [ -f "$out/smoke/status/$i.rc" ] || running=$((running + 1)); done
    while [ "$shown" -lt "$next" ] && [ -f "$out/smoke/status/$shown.rc" ]; do
      cat "$out/smoke/status/$shown.txt"
      case "$(cat "$out/smoke/status/$shown.rc")" in
        0) passed=$((passed + 1)) ;;
        2) open=$((open + 1)) ;;
        *) failed=$((failed + 1)) ;;
      esac
      shown=$((shown + 1))
    done
  done
  write_results "$passed" "$failed"
  echo "fuzz: $passed harnesses passed, $failed crashed, $open crashed on open findings (tests/fuzz/open-findings.txt)"
  [ "$failed" -eq 0 ]
}

long() {
  local total="${1:-600}"
  shift || true
  build || return 1
  # Every (mode, query) pair of the harnesses named (all when none is): a name of the query table runs in
  # raw and valid mode, a mesh query (mesh_ray, ..., tree) in mesh mode.
  local -a pairs=()
  local mode q want
  for mode in "${modes[@]}"; do
    for q in $(queries "$mode"); do
      if [ "$#" -eq 0 ]; then pairs+=("$mode $q"); continue; fi
      for want in "$@"; do [ "$want" = "$q" ] && pairs+=("$mode $q"); done
    done
  done
  local n="${#pairs[@]}"
  if [ "$n" -eq 0 ]; then echo "fuzz: no harness is named $*" >&2; return 1; fi
  local secs=$((total / n))
  if [ "$secs" -lt 5 ]; then secs=5; fi
  echo "fuzz: $n harnesses, ${secs}s each; corpus build/fuzz/corpus/, crashes build/fuzz/artifacts/"
  local failed=0 pair
  for pair in "${pairs[@]}"; do
    set -- $pair
    mode="$1" q="$2"
    {
      fuzz_one "$mode" "$q" "$secs" "$out/corpus/$mode/$q" -fork=1 -ignore_crashes=1 || failed=$((failed + 1))
    }
  done
  echo "fuzz: $failed harnesses crashed (merge what the runs found into the checked-in corpus: tests/fuzz/run.sh merge)"
  [ "$failed" -eq 0 ]
}

merge() {
  build || return 1
  for mode in "${modes[@]}"; do
    for q in $(queries "$mode"); do
      [ -d "$out/corpus/$mode/$q" ] || continue
      # Edge coverage only (not comparison operands or hit counts), which keeps the checked-in corpus small.
      # (Inputs that crash are left out, and written to build/fuzz/artifacts/merge-*.)
      NP_FUZZ_QUERY="$q" "$bin/np_fuzz_$mode" -merge=1 -use_cmp=0 -use_counters=0 \
        -artifact_prefix="$out/artifacts/merge-$mode-$q-" "$corpus/$mode" "$out/corpus/$mode/$q" \
        >"$out/logs/merge-$mode-$q.log" 2>&1 ||
        { echo "merge $mode $q failed: see build/fuzz/logs/merge-$mode-$q.log" >&2; return 1; }
      grep -h 'MERGE-OUTER: [0-9]* new files' "$out/logs/merge-$mode-$q.log" | sed "s/^/  $mode $q: /"
    done
  done
}

seeds() {
  build --target np_fuzz_seeds || return 1
  "$bin/np_fuzz_seeds" "$corpus"
}

repro() {
  build || return 1
  local rc=0
  for f in "$@"; do
    local name mode q
    name="$(basename "$f")"
    mode="${NP_FUZZ_MODE:-}" q="${NP_FUZZ_QUERY:-}"
    if [[ "$name" =~ ^([a-z]+-)?(raw|valid|mesh)-(np_[A-Za-z0-9_]+|mesh_[a-z]+|tree)- ]]; then
      mode="${mode:-${BASH_REMATCH[2]}}" q="${q:-${BASH_REMATCH[3]}}"
    fi
    if [ -z "$mode" ]; then
      case "$f" in *corpus/raw/*) mode=raw ;; *corpus/mesh/*) mode=mesh ;; *) mode=valid ;; esac
    fi
    echo "== $f ($mode mode${q:+, $q})"
    local log r
    mkdir -p "$out/repro"
    log="$(NP_FUZZ_PRINT=1 NP_FUZZ_QUERY="$q" "$bin/np_fuzz_$mode" -artifact_prefix="$out/repro/" "$f" 2>&1)"
    r=$?
    printf '%s\n' "$log" | grep -v '^INFO:\|^\*\*\*\|^Executed\|^Running:\|Running 1 inputs\|^$' || true
    [ "$r" -eq 0 ] || rc=1
  done
  return "$rc"
}

cmd="${1:-smoke}"
shift || true
case "$cmd" in
  smoke) smoke ;;
  long) long "$@" ;;
  merge) merge ;;
  seeds) seeds ;;
  repro) repro "$@" ;;
  build) build ;;
  *) echo "usage: tests/fuzz/run.sh smoke | long [SECONDS] [QUERY...] | merge | seeds | repro FILE... | build" >&2; exit 2 ;;
esac
