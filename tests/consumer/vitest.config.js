// Consumer tests: the packed tarball installed into fresh projects outside the repository, then used from Node,
// TypeScript, a Vite build, the Vite dev server and a strict-CSP page in Chromium.
// Run: npx vitest run --config tests/consumer/vitest.config.js
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import "../vitest-node20-shims.js";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["*.test.js"],
    globalSetup: ["./global-setup.js"],
    // One file at a time: they install packages, build, and start Chromium on a shared two-core machine.
    fileParallelism: false,
    // npm installs, Vite builds and browser start-up take seconds to minutes, not milliseconds, and several
    // times longer on a busy two-core machine (a TypeScript test took 27 s there): no test asserts a duration, and a
    // hang is still caught, by the commands' own time limits first (lib/project.js#run).
    testTimeout: 300_000,
    hookTimeout: 600_000,
    teardownTimeout: 60_000,
  },
});
