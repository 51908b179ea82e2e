// Browser tests of the tutorial page: `npx vitest run --config tests/browser/vitest.config.js`.
// Each file starts its own Vite dev server and Chromium; files run one after another (the machines this runs
// on are small, and two Chromiums at once only slow each other down).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest 5's reporter needs Map.groupBy / Object.groupBy, which Node 20 lacks: see the shim's comment.
import "../vitest-node20-shims.js";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["tests/browser/**/*.test.js"],
    environment: "node",
    globalSetup: ["tests/browser/global-setup.js"],
    fileParallelism: false,
    // Software WebGL (SwiftShader) and a cold Vite dependency pre-bundle make the first page load slow, and a
    // busy two-core machine several times slower again. No test asserts a duration; Playwright's own waits
    // give up first (BROWSER_TIMEOUT in tests/chromium.js, 90 s), saying what they waited for.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
