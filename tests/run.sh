#!/usr/bin/env bash
# Every test of the project, in order: native C++ (GoogleTest via ctest), the seeded native corpus, the WASM
# build, the JS tests against the real module (Vitest in Node), the tutorial page in Chromium, and the packed
# tarball as a consumer installs it. Installs what is missing first (apt: cmake, g++, GoogleTest, Emscripten,
# Chromium; npm ci). Runs every stage even after a failure and exits non-zero when anything failed. It ends
# with the failed stages, if any, and the closing line `narrowphase: N passed, M failed`, in which a stage that
# failed without recording a failed test (a broken build, a crashed runner) counts as one failure. This is
# `npm test`, and CI runs exactly this (.ci/run).
# Every stage runs at the caller's priority, never under `nice`: with two other busy processes on this two-core
# machine a niced build gets about a tenth of a core, and the sanitizer and fuzz stages alone then took over
# 20 minutes. Each stage prints how long it took.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
results="$root/build/test-results"
rm -rf "$results"
mkdir -p "$results"

bash web/scripts/ensure-tools.sh format native emcc chromium npm || { echo "narrowphase: could not install the tools" >&2; exit 1; }

# The stages' own temporary files (consumer projects, Chromium profiles) go into one folder of this run, outside
# the repository, removed when this script ends however it ends: the tests remove theirs themselves, even when
# they crash or are interrupted, and this catches what a SIGKILL leaves behind.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/narrowphase-test.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

failed_stages=()
stage_reports=() # one line per failed stage: NAME<TAB>REPORT (the file where its failed tests are recorded, if any)
stage_report=""  # set by the stage's command when it writes a report of its tests
stage() { # stage NAME COMMAND...: runs the command, records a failure
  local name="$1"
  shift
  echo
  echo "=== $name ==="
  stage_report=""
  local start=$SECONDS
  if ! "$@"; then
    failed_stages+=("$name")
    stage_reports+=("$name"$'\t'"$stage_report")
    echo "=== $name: FAILED after $((SECONDS - start)) s ===" >&2
  else
    echo "=== $name: passed in $((SECONDS - start)) s ==="
  fi
}

native() {
  stage_report="$results/ctest.log"
  cmake -S "$root" -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    cmake --build build/native --parallel 2 &&
    ctest --test-dir build/native --output-on-failure 2>&1 | tee "$results/ctest.log"
}
corpus() { build/native/narrowphase_corpus build/native/corpus.json; }
vitest() { # vitest NAME CONFIG
  stage_report="$results/$1.json"
  TMPDIR="$tmp" node_modules/.bin/vitest run --config "$2" --reporter=default --reporter=json \
    --outputFile.json="$results/$1.json"
}

stage "format (clang-format, prettier)" bash tests/format.sh
stage "native tests (ctest)" native
stage "native corpus" corpus
stage "sanitizers (ctest, asan+ubsan)" bash tests/fuzz/sanitize.sh
stage "fuzz (bounded)" bash tests/fuzz/run.sh smoke
stage "wasm build" bash web/scripts/build-wasm.sh
stage "js tests (vitest, node)" vitest js tests/js/vitest.config.js
stage "browser tests (chromium)" vitest browser tests/browser/vitest.config.js
stage "consumer tests (npm pack)" vitest consumer tests/consumer/vitest.config.js

# The closing line counts every runner: ctest's tests plus each Vitest run's, plus one failure for each test
# file that failed outside its tests and for each failed stage whose report records no failed test (a build
# that broke, a runner that crashed, a report never written), so that a failed run never ends with "0 failed".
node - "$results" "${stage_reports[@]}" <<'JS'
const fs = require('fs'), path = require('path');
const [dir, ...failedStages] = process.argv.slice(2);
let passed = 0, failed = 0;
const notes = [];
const recorded = new Map(); // report file -> failures it records
const log = path.join(dir, 'ctest.log');
if (fs.existsSync(log)) {
  const m = fs.readFileSync(log, 'utf8').match(/tests passed, (\d+) tests failed out of (\d+)/);
  if (m) { failed += +m[1]; passed += +m[2] - +m[1]; recorded.set(log, +m[1]); }
}
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  let r;
  try {
    r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  } catch (error) {
    notes.push(`${f}: unreadable report (${error.message}), not counted`);
    continue;
  }
  // A test file that failed with no failed test (it could not be loaded, or a beforeAll/afterAll hook threw)
  // counts as one failure.
  const brokenFiles = (r.testResults ?? []).filter(
    (t) => t.status === 'failed' && !(t.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  for (const t of brokenFiles) notes.push(`${path.relative(process.cwd(), t.name)} failed outside its tests: counted as 1 failed`);
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + brokenFiles.length;
  recorded.set(path.join(dir, f), (r.numFailedTests ?? 0) + brokenFiles.length);
}
for (const line of failedStages) {
  const [name, report] = line.split('\t');
  if ((recorded.get(report) ?? 0) > 0) {
    notes.push(`FAILED stage: ${name}`);
    continue;
  }
  failed += 1;
  const why = !report ? 'no test count of its own' : recorded.has(report) ? 'its report records no failed test' : 'no readable test report';
  notes.push(`FAILED stage: ${name} (${why}: counted as 1 failed)`);
}
if (notes.length) console.log('\n' + notes.join('\n'));
console.log(`\nnarrowphase: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || failedStages.length > 0 ? 1 : 0;
JS
summary=$?
# Exits non-zero when a stage failed, whatever the counts say (and when the count itself could not be made).
[ "${#failed_stages[@]}" -eq 0 ] && [ "$summary" -eq 0 ]
