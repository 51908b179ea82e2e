#!/usr/bin/env bash
# `npm run bench`: every benchmark, in the order the README lists them. Not tests: each prints figures (and the
# goals where there are goals) and fails only when something cannot be measured. Installs what is missing
# (Emscripten, Chromium, CMake and Google Benchmark, npm packages) and builds the WASM module first.
#
#   1. boundary.bench.mjs    one call, narrowphase against three.js, in Node
#   2. boundary.browser.mjs  the same cases in headless Chromium
#   3. narrowphase_bench     the native C++ core (Google Benchmark), the floor under both
#   4. size_init.mjs         what a Vite page downloads, and how long init() takes
#   5. frame.browser.mjs     the tutorial page's recompute after a change, per scene, in headless Chromium
#   6. batch.bench.mjs       np.batch against a native loop (g++ -O3 -march=native), a JS loop and three.js
#   7. batch.workers.mjs     one large batch on the main thread against the same split between two workers
#   8. rapier.bench.mjs      casts and contacts against Rapier's shape queries (installed into tests/bench only)
#   9. mesh.bench.mjs        np.createMesh against three-mesh-bvh (installed into tests/bench only), and
#      mesh_layers.bench.mjs where a mesh query's time goes: the WASM export, the JS wrapper, three-mesh-bvh
#      mesh_rapier.bench.mjs mesh.sphereCast / capsuleCast against Rapier's World.castShape on a trimesh collider
#  10. aabbtree.bench.mjs    np.createAABBTree against Rapier's world queries over the same 10^5 boxes
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

bash web/scripts/ensure-tools.sh native emcc chromium npm
bash web/scripts/build-wasm.sh
# What the benchmarks compare against beyond three.js: their own package.json, never installed by npm test.
if [ ! -d tests/bench/node_modules/@dimforge/rapier3d-compat ] || [ ! -d tests/bench/node_modules/three-mesh-bvh ]; then
  (cd tests/bench && npm ci --no-audit --no-fund --loglevel=error)
fi

echo; echo "=== per call against three.js: Node ==="
node tests/bench/boundary.bench.mjs
echo; echo "=== per call against three.js: Chromium ==="
node tests/bench/boundary.browser.mjs
echo; echo "=== native core (Google Benchmark) ==="
cmake -S "$root" -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native --target narrowphase_bench --parallel 2 >/dev/null
build/native/narrowphase_bench
echo; echo "=== size and start-up ==="
node tests/bench/size_init.mjs --browser
echo; echo "=== the tutorial page: recompute per change (Chromium) ==="
node tests/bench/frame.browser.mjs
echo; echo "=== np.batch against native, JS and three.js loops (n = 10^6) ==="
node tests/bench/batch.bench.mjs --crossover
node tests/bench/batch.workers.mjs
echo; echo "=== casts and contacts against Rapier (per call, Node) ==="
node tests/bench/rapier.bench.mjs
echo; echo "=== meshes against three-mesh-bvh (per call, Node) ==="
node tests/bench/mesh.bench.mjs
node tests/bench/mesh_layers.bench.mjs
node tests/bench/mesh_rapier.bench.mjs
echo; echo "=== trees of boxes against Rapier's world queries (per call, Node) ==="
node tests/bench/aabbtree.bench.mjs
