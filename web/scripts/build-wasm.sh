#!/usr/bin/env bash
# Builds web/lib/narrowphase.wasm.js (the package's WASM module) with Emscripten through CMake, installing
# Debian's emscripten package when emcc is missing. Skips the build when the output is newer than every
# C++ source and build file; `--force` rebuilds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/web/lib/narrowphase.wasm.js"
build="$root/build/wasm"

if [ "${1:-}" != "--force" ] && [ -f "$out" ] &&
  [ -z "$(find "$root/cpp" "$root/CMakeLists.txt" "$root/web/scripts/embed-wasm.mjs" -newer "$out" -type f 2>/dev/null | head -n 1)" ]; then
  exit 0
fi

bash "$root/web/scripts/ensure-tools.sh" emcc cmake
# Debian's Emscripten 3.1.6 runs its JS optimizer with Node and finds acorn only through NODE_PATH.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
echo "narrowphase: building the WASM module" >&2
emcmake cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DNP_WASM_OUT="$out" >/dev/null
cmake --build "$build" --parallel 2 >&2
