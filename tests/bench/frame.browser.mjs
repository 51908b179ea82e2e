// How long the tutorial page takes to recompute a scene after a change, in Debian's headless Chromium: the
// page work of one frame apart from the WebGL drawing (the library calls, the step-by-step walkthrough, the
// readout, the handles, and the panel rebuild). Not a test: it prints figures and fails only when something
// cannot be measured. (tests/browser/tutorial.test.js checks that the recompute gives the right answers.)
//
//   node tests/bench/frame.browser.mjs [--changes N]          (npm run bench runs it)
//
// Builds the page with Vite (web/demo/vite.config.js, output in build/bench-frame/) and serves it on a local
// port with cross-origin isolation (COOP/COEP), so performance.now() has microsecond rather than 100 µs
// resolution. For each scene it opens the scene's default link, then changes the scene's first numeric input
// through the page's test hook (setState, then flushPanel, which the page otherwise does in the next frame):
// 40 changes to warm up (JIT compilation), then N timed ones (default 400), cycling through 20 values. It
// prints the median, the 90th percentile and the fastest change per scene. One frame at 60 fps is 16.7 ms.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { BROWSER_TIMEOUT, launchChromium, newPage } from "../chromium.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const outDir = join(root, "build/bench-frame");
const args = process.argv.slice(2);
const changes = Number(args[args.indexOf("--changes") + 1]) || 400;
const WARM_UP = 40;

console.error("building the tutorial page with Vite ...");
await build({
  configFile: join(root, "web/demo/vite.config.js"),
  build: { outDir, emptyOutDir: true },
  logLevel: "warn",
});

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".wasm": "application/wasm",
};
const server = createServer(async (req, res) => {
  const headers = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
  };
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  try {
    const file = normalize(join(outDir, path === "/" ? "index.html" : path));
    if (!file.startsWith(outDir + sep)) throw new Error("outside the build");
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
const baseUrl = `http://127.0.0.1:${server.address().port}/`;

const browser = await launchChromium();
try {
  const page = await newPage(browser, {
    viewport: { width: 1280, height: 800 },
  });
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on(
    "console",
    (m) => m.type() === "error" && problems.push(`console.error: ${m.text()}`),
  );
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));

  const open = async (hash) => {
    await page.goto("about:blank");
    await page.goto(baseUrl + hash);
    await page.waitForFunction(() => window.__narrowphase !== undefined, null, {
      timeout: BROWSER_TIMEOUT,
    });
    await page.evaluate(() => window.__narrowphase.ready);
    await page.evaluate(() => window.__narrowphase.frame());
  };

  await open("");
  const scenes = await page.evaluate(() => window.__narrowphase.scenes);
  const environment = await page.evaluate(() => ({
    chromium:
      navigator.userAgentData?.brands?.find((b) => b.brand === "Chromium")
        ?.version ?? navigator.userAgent,
    isolated: crossOriginIsolated,
  }));

  const rows = [];
  for (const { id } of scenes) {
    await open(`#/${id}`);
    const row = await page.evaluate(
      ({ warmUp, timed }) => {
        const hook = window.__narrowphase;
        const start = hook.getState();
        const key = hook.fields()[0];
        const times = [];
        for (let i = 0; i < warmUp + timed; i++) {
          const t0 = performance.now();
          hook.setState({ [key]: start[key] + (i % 20) * 0.01 });
          hook.flushPanel();
          if (i >= warmUp) times.push(performance.now() - t0);
        }
        hook.setState({ [key]: start[key] });
        times.sort((a, b) => a - b);
        const at = (q) =>
          times[Math.min(times.length - 1, Math.floor(q * times.length))];
        return { key, median: at(0.5), p90: at(0.9), min: times[0] };
      },
      { warmUp: WARM_UP, timed: changes },
    );
    rows.push({ id, ...row });
  }
  if (problems.length) throw new Error(problems.join("\n"));

  const ms = (x) => x.toFixed(3);
  console.log(
    `Chromium ${environment.chromium}, headless${environment.isolated ? ", cross-origin isolated" : " (not cross-origin isolated: 100 µs clock)"}; ` +
      `${changes} changes per scene after ${WARM_UP} to warm up`,
  );
  console.log();
  console.log(
    "| scene | input changed | median ms | 90th percentile ms | fastest ms |",
  );
  console.log("|---|---|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.id} | ${r.key} | ${ms(r.median)} | ${ms(r.p90)} | ${ms(r.min)} |`,
    );
  console.log();
  console.log(
    "Page work per change apart from the WebGL drawing; one frame at 60 fps is 16.7 ms.",
  );
} finally {
  await browser.close();
  server.close();
}
