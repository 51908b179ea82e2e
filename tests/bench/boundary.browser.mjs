// The boundary benchmark (boundary.cases.mjs, then crossing.cases.mjs) in Debian's headless Chromium: the
// runtime a game runs in.
//
//   node tests/bench/boundary.browser.mjs          (npm run bench runs this and the Node runner)
//
// Serves the repository on a local port with cross-origin isolation (COOP/COEP), so performance.now() has
// microsecond rather than 100 µs resolution, and loads a page that imports the package's own files
// (web/lib/index.js) and three.js from node_modules through an import map. Prints the same table as the Node
// runner. Not a test.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../chromium.js";
import { formatTable } from "./boundary.cases.mjs";
import { formatFloor } from "./crossing.cases.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const PAGE = `<!doctype html><meta charset="utf-8"><title>narrowphase boundary benchmark</title>
<script type="importmap">{"imports": {
  "three": "/node_modules/three/build/three.module.js",
  "three/examples/jsm/": "/node_modules/three/examples/jsm/"
}}</script>
<script type="module">
  import * as THREE from 'three';
  import { OBB } from 'three/examples/jsm/math/OBB.js';
  import { Capsule } from 'three/examples/jsm/math/Capsule.js';
  import { Octree } from 'three/examples/jsm/math/Octree.js';
  import { init } from '/web/lib/index.js';
  import { boundaryBenchmark } from '/tests/bench/boundary.cases.mjs';
  import { crossingFloor } from '/tests/bench/crossing.cases.mjs';
  try {
    const np = await init();
    const version = navigator.userAgentData?.brands?.find((b) => b.brand === 'Chromium')?.version ?? navigator.userAgent;
    window.result = boundaryBenchmark({
      np,
      three: { ...THREE, OBB, Capsule, Octree },
      now: () => performance.now(),
      runtime: 'Chromium ' + version + (crossOriginIsolated ? '' : ' (not cross-origin isolated: 100 µs clock)'),
    });
    window.result.floor = crossingFloor({ np, three: THREE, now: () => performance.now() });
  } catch (error) {
    window.result = { error: String(error && error.stack || error) };
  }
</script>`;

const TYPES = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".html": "text/html",
};
const server = createServer(async (req, res) => {
  const headers = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
  };
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  try {
    if (path === "/favicon.ico") {
      res.writeHead(204, headers).end();
      return;
    }
    if (path === "/") {
      res.writeHead(200, { ...headers, "Content-Type": "text/html" }).end(PAGE);
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) throw new Error("outside the repository");
    const body = await readFile(file);
    res
      .writeHead(200, {
        ...headers,
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      })
      .end(body);
  } catch {
    res.writeHead(404, headers).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.result !== undefined, null, {
    timeout: 600_000,
    polling: 500,
  });
  const result = await page.evaluate(() => window.result);
  if (result.error || problems.length)
    throw new Error(result.error ?? problems.join("\n"));
  console.log(formatTable(result));
  console.log();
  console.log("Where one sphere-box call goes (crossing.cases.mjs):");
  console.log(formatFloor(result.floor));
} finally {
  await browser.close();
  server.close();
}
