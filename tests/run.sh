#!/usr/bin/env bash
# Every test of the project, in order: native C++ (GoogleTest via ctest), the seeded native corpus, the WASM
# build, the JS tests against the real module (Vitest in Node), the tutorial page in Chromium, and the packed
# tarball as a consumer installs it. Installs what is missing first (apt: cmake, g++, GoogleTest, Emscripten,
# Chromium; npm ci). Runs every stage even after a failure, prints a summary, and exits non-zero when anything
# failed. This is `npm test`, and CI runs exactly this (.ci/run).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
results="$root/build/test-results"
rm -rf "$results"
mkdir -p "$results"

bash web/scripts/ensure-tools.sh native emcc chromium npm || { echo "narrowphase: could not install the tools" >&2; exit 1; }

failed_stages=()
stage() { # stage NAME COMMAND...: runs the command, records a failure
  local name="$1"
  shift
  echo
  echo "=== $name ==="
  if ! "$@"; then
    failed_stages+=("$name")
    echo "=== $name: FAILED ===" >&2
  fi
}

native() {
  cmake -S "$root" -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    cmake --build build/native --parallel 2 &&
    ctest --test-dir build/native --output-on-failure 2>&1 | tee "$results/ctest.log"
}
corpus() { build/native/narrowphase_corpus build/native/corpus.json; }
vitest() { # vitest NAME CONFIG
  node_modules/.bin/vitest run --config "$2" --reporter=default --reporter=json \
    --outputFile.json="$results/$1.json"
}

stage "native tests (ctest)" native
stage "native corpus" corpus
stage "wasm build" bash web/scripts/build-wasm.sh
stage "js tests (vitest, node)" vitest js tests/js/vitest.config.js
stage "browser tests (chromium)" vitest browser tests/browser/vitest.config.js
stage "consumer tests (npm pack)" vitest consumer tests/consumer/vitest.config.js

# One closing line over every runner: ctest's count plus each Vitest run's.
node - "$results" <<'JS'
const fs = require('fs'), path = require('path');
const dir = process.argv[2];
let passed = 0, failed = 0;
const log = path.join(dir, 'ctest.log');
if (fs.existsSync(log)) {
  const m = fs.readFileSync(log, 'utf8').match(/tests passed, (\d+) tests failed out of (\d+)/);
  if (m) { failed += +m[1]; passed += +m[2] - +m[1]; }
}
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests;
}
console.log(`\nnarrowphase: ${passed} passed, ${failed} failed`);
JS

if [ "${#failed_stages[@]}" -gt 0 ]; then
  printf 'FAILED stage: %s\n' "${failed_stages[@]}" >&2
  exit 1
fi
echo "all stages passed"
