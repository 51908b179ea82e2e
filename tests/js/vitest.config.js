// JS tests of the package against the real WASM module, in Node (no mocks). Build the module first:
//   bash web/scripts/build-wasm.sh
// and, for native_parity.test.js, the native corpus (see that file). Then, from the repository root:
//   npx vitest run --config tests/js/vitest.config.js
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest 5's reporter needs Map.groupBy / Object.groupBy, which Node 20 lacks: see the shim's comment.
import "../vitest-node20-shims.js";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["tests/js/**/*.test.js"],
    environment: "node",
    // Generous: the machine may be small and busy. No test asserts a duration.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
