// Vite configuration of the tutorial page (web/demo). `npm start` serves it at http://localhost:5173/.
// The page imports `narrowphase`, which this config points at the package's own JS layer (web/lib/index.js),
// so the page runs exactly the WASM build that npm users get.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "./",
  clearScreen: false,
  resolve: {
    alias: [{ find: /^narrowphase$/, replacement: here("../lib/index.js") }],
  },
  server: {
    host: "localhost",
    port: 5173,
    strictPort: true,
    // web/lib lives outside the Vite root.
    fs: { allow: [here("../..")] },
  },
  // Pre-bundle every three.js entry the page uses up front, so the first visit never triggers a
  // "new dependencies optimized" reload.
  optimizeDeps: {
    include: [
      "three",
      "three/addons/controls/OrbitControls.js",
      "three/addons/controls/TransformControls.js",
      "three/addons/renderers/CSS2DRenderer.js",
      "three/addons/math/OBB.js",
    ],
  },
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    target: "es2022",
    // three.js and the inlined WASM make one large chunk by design; the page needs all of it at once.
    chunkSizeWarningLimit: 1200,
  },
});
