#!/usr/bin/env bash
# `npm start`: serves the interactive tutorial at http://localhost:5173/ from a fresh clone. Installs what is
# missing (npm packages, Emscripten), builds the WASM module when it is out of date, then runs Vite on
# web/demo. Extra arguments go to Vite (for example `npm start -- --open`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
bash web/scripts/ensure-tools.sh npm emcc
bash web/scripts/build-wasm.sh
exec node_modules/.bin/vite --config web/demo/vite.config.js --host localhost --port 5173 --strictPort "$@"
