#!/usr/bin/env node
// Size and start-up benchmark of the package as users get it (issue 5, point 4). Not a test: it prints numbers
// and the goals, and exits 0 either way (non-zero only when something cannot be measured).
//
//   node tests/bench/size_init.mjs [--runs N] [--browser] [--json] [--keep]
//
// 1. `npm pack` a fresh clone of HEAD (prepack builds the WASM; NP_PACK_FROM=worktree packs the working tree
//    instead, to measure uncommitted changes), install the tarball and the repository's Vite into a
//    fresh folder outside the repository, and `vite build` a minimal page that imports narrowphase
//    (tests/consumer/fixtures/minimal-app). What a browser downloads for the package is the build's JS chunks
//    plus any .wasm asset (the WASM is inlined in the JS, so there is none); each is measured raw and gzip -9.
//    Goal: at most 50 KB gzipped, taken as 50,000 bytes.
// 2. In N fresh Node processes in that folder, time `await import('narrowphase')` and then `await init()`
//    (from the import completing to init resolving). Goal: init() under 10 ms (median).
// 3. With --browser, also load the built page N times in Chromium (a fresh context each time) and report the
//    time from the page's module starting to init() resolving (for information; the goal is about Node).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync, inflateSync } from "node:zlib";
import {
  makeProject,
  makeTempRoot,
  packTarball,
  removeTempRoot,
  repoVersion,
  run,
  viteBuild,
} from "../consumer/lib/project.js";

const SIZE_GOAL = 50_000; // bytes, gzip -9 of JS + WASM (the shape matrix issue: 50 KB)
const INIT_GOAL = 10; // ms, median of fresh processes

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || 21;
const asJson = args.includes("--json");
const inBrowser = args.includes("--browser");
if (args.includes("--keep")) process.env.NP_KEEP_CONSUMER = "1";

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? s[(s.length - 1) / 2]
    : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const ms = (n) => `${n.toFixed(2)} ms`;

const root = await makeTempRoot("narrowphase-bench-");
try {
  const log = (s) => asJson || console.error(s);
  log(`packing and installing into ${root} ...`);
  const { tarball, source } = await packTarball(root);
  const viteVersion = await repoVersion("vite");
  const dir = await makeProject(root, "size", tarball, {
    dependencies: { vite: viteVersion },
    copy: [
      "minimal-app/index.html",
      "minimal-app/main.js",
      "minimal-app/measure-init.mjs",
    ],
  });
  log("building the page with Vite ...");
  const dist = await viteBuild(dir);

  // --- size ---------------------------------------------------------------------------------------------
  const files = [];
  for (const name of (await readdir(join(dist, "assets"))).sort()) {
    if (!/\.(js|mjs|wasm)$/.test(name)) continue;
    const bytes = await readFile(join(dist, "assets", name));
    files.push({
      file: `assets/${name}`,
      raw: bytes.length,
      gzip: gzip(bytes),
    });
  }
  const html = await readFile(join(dist, "index.html"));
  const total = {
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
  };

  // What the total is made of: the WASM binary (inflated from the string export) and the rest of the JS.
  const pkgDir = join(dir, "node_modules/narrowphase/web/lib");
  const moduleJs = await readFile(join(pkgDir, "narrowphase.wasm.js"), "utf8");
  const base64 =
    /export const wasmDeflated = '([A-Za-z0-9+/=]+)'/.exec(moduleJs)?.[1] ?? "";
  const wasm = inflateSync(Buffer.from(base64, "base64"));
  const glue = Buffer.from(moduleJs.replace(base64, ""));
  const layer = await readFile(join(pkgDir, "index.js"));
  const parts = [
    { part: "WASM binary (decoded)", raw: wasm.length, gzip: gzip(wasm) },
    {
      part: "WASM inlined (deflated, base64)",
      raw: base64.length,
      gzip: gzip(Buffer.from(base64)),
    },
    {
      part: "Emscripten glue JS (without the base64)",
      raw: glue.length,
      gzip: gzip(glue),
    },
    {
      part: "web/lib/index.js (unminified)",
      raw: layer.length,
      gzip: gzip(layer),
    },
  ];

  // --- init time ----------------------------------------------------------------------------------------
  log(`timing import and init() in ${runs} fresh Node processes ...`);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(process.execPath, ["measure-init.mjs"], {
      cwd: dir,
      timeout: 60_000,
    });
    samples.push(JSON.parse(stdout));
  }
  const stat = (key) => {
    const xs = samples.map((s) => s[key]);
    return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
  };
  const timing = {
    import: stat("importMs"),
    init: stat("initMs"),
    secondInit: stat("secondInitMs"),
  };

  let browserInit = null;
  if (inBrowser) {
    log(`timing init() in Chromium, ${runs} page loads ...`);
    const { launchChromium } = await import("../consumer/lib/browser.js");
    const { serveStatic } = await import("../consumer/lib/server.js");
    const server = await serveStatic({ "/": dist });
    const browser = await launchChromium();
    try {
      const xs = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${server.url}/`);
        await page.waitForSelector("body[data-init-ms]", {
          state: "attached",
          timeout: 20_000,
        });
        xs.push(Number(await page.getAttribute("body", "data-init-ms")));
        await context.close();
      }
      browserInit = {
        median: median(xs),
        min: Math.min(...xs),
        max: Math.max(...xs),
      };
    } finally {
      await browser.close();
      await server.close();
    }
  }

  const result = {
    tarball: tarball.split("/").pop(),
    packedFrom: source,
    node: process.version,
    vite: viteVersion,
    runs,
    files,
    html: { raw: html.length, gzip: gzip(html) },
    total,
    parts,
    timing,
    browserInit,
    goals: {
      size: {
        limit: SIZE_GOAL,
        value: total.gzip,
        pass: total.gzip <= SIZE_GOAL,
      },
      init: {
        limit: INIT_GOAL,
        value: timing.init.median,
        pass: timing.init.median < INIT_GOAL,
      },
    },
  };

  if (asJson) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const pad = (s, n) => String(s).padEnd(n);
    const num = (n) => n.toLocaleString("en-US").padStart(10);
    console.log(
      `\nnarrowphase size and init benchmark — ${result.tarball} (${source}), Vite ${viteVersion}, Node ${process.version}\n`,
    );
    console.log(
      `${pad("downloaded by a browser (Vite build)", 44)}${"raw B".padStart(10)}${"gzip -9 B".padStart(11)}`,
    );
    for (const f of files)
      console.log(`${pad("  " + f.file, 44)}${num(f.raw)} ${num(f.gzip)}`);
    console.log(
      `${pad("  JS + WASM total", 44)}${num(total.raw)} ${num(total.gzip)}`,
    );
    console.log(
      `${pad("  (index.html, not counted)", 44)}${num(html.length)} ${num(result.html.gzip)}`,
    );
    console.log(`\n${pad("what the package is made of", 44)}`);
    for (const p of parts)
      console.log(`${pad("  " + p.part, 44)}${num(p.raw)} ${num(p.gzip)}`);
    console.log(
      `\n${pad(`${runs} fresh Node processes`, 44)}${"median".padStart(10)}${"min".padStart(11)}${"max".padStart(11)}`,
    );
    for (const [label, t] of [
      ["  import narrowphase", timing.import],
      ["  await init() (after the import)", timing.init],
      ["  a second await init()", timing.secondInit],
      ...(browserInit
        ? [["Chromium, page loads: init() in the page", browserInit]]
        : []),
    ]) {
      console.log(
        `${pad(label, 44)}${ms(t.median).padStart(10)}${ms(t.min).padStart(11)}${ms(t.max).padStart(11)}`,
      );
    }
    console.log("\ngoal                                  value       result");
    const row = (name, value, pass) =>
      console.log(`${pad(name, 38)}${pad(value, 12)}${pass ? "PASS" : "OVER"}`);
    row(
      `JS + WASM gzipped <= ${SIZE_GOAL / 1000} KB`,
      kb(total.gzip),
      result.goals.size.pass,
    );
    row(
      "init() in Node < 10 ms (median)",
      ms(timing.init.median),
      result.goals.init.pass,
    );
  }
} finally {
  await removeTempRoot(root);
}
