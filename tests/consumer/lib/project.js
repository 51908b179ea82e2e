// Shared by the consumer tests and tests/bench/size_init.mjs: packs the repository into the tarball a user would
// download from npm, and makes fresh consumer projects for it in a temporary folder outside the repository.

import { spawn } from "node:child_process";
import { cp, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { onAnyExit } from "./temp.js";

// The temporary folders: see temp.js.
export { makeTempRoot, removeTempRoot, shareTempRoot } from "./temp.js";

export const REPO = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../..",
);
export const FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../fixtures",
);

// npm (through npx or npm run) exports the repository's own package as npm_package_* and similar variables;
// a consumer project must not inherit them.
function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^npm_(package|lifecycle|command|execpath|node_execpath)/.test(key) ||
      key === "INIT_CWD"
    )
      continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

// The commands run() has under way. When this process ends early (a crash, a signal), they are killed with
// everything they started, so that none of them outlives the test run (see temp.js for the folders).
const liveChildren = new Set();
let childrenHooked = false;

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal); // the child and everything it started (see `detached` in run())
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Runs a command and resolves to { code, stdout, stderr }; rejects only when it cannot start or, with
 * `check` (the default), when it exits with a non-zero code. `input`, when given, is written to its stdin;
 * without it the command's stdin is /dev/null. `timeout` (ms, 0 = none) kills the command and everything it
 * started.
 */
export function run(
  command,
  args,
  { cwd, env, check = true, timeout = 0, input } = {},
) {
  if (!childrenHooked) {
    childrenHooked = true;
    onAnyExit(() => {
      for (const child of liveChildren) killGroup(child, "SIGKILL");
    });
  }
  return new Promise((resolvePromise, reject) => {
    // detached: the command leads a process group of its own, so a timeout or the end of this process can
    // kill everything it started (npm → lifecycle scripts → emcc, say), not just the command itself.
    const child = spawn(command, args, {
      cwd,
      env: cleanEnv(env),
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      detached: true,
    });
    liveChildren.add(child);
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer =
      timeout > 0
        ? setTimeout(
            () => ((timedOut = true), killGroup(child, "SIGKILL")),
            timeout,
          )
        : null;
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (error) => {
      clearTimeout(timer);
      liveChildren.delete(child);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      liveChildren.delete(child);
      const result = { code, signal, stdout, stderr, timedOut };
      if (check && code !== 0) {
        const why = timedOut
          ? `was killed after ${timeout} ms`
          : `exited with ${code ?? signal}`;
        const error = new Error(
          `${command} ${args.join(" ")} (in ${cwd}) ${why}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`,
        );
        error.result = result;
        reject(error);
      } else {
        resolvePromise(result);
      }
    });
    if (child.stdin) {
      // The command may exit (or fail to start) before it reads its input: writing to its closed pipe then
      // fails with EPIPE, which must not become an uncaught exception. Its exit code reports the problem.
      child.stdin.on("error", () => {});
      child.stdin.end(input);
    }
  });
}

/**
 * Where the tarball is packed from: 'clone' (the default) packs a fresh `git clone` of the repository's HEAD,
 * exactly what a contributor or CI starts from, so nothing untracked or locally built can leak in (prepack must
 * build the WASM from the committed sources alone); 'worktree' packs the working tree as it is, faster while
 * iterating on uncommitted changes. Set with NP_PACK_FROM.
 */
export const PACK_FROM = process.env.NP_PACK_FROM ?? "clone";

/**
 * `npm pack` as a user publishing the package would run it (prepack builds the WASM module first), from a fresh
 * clone under `destination` or from the working tree (see PACK_FROM). Resolves to the tarball's absolute path
 * and what it was packed from.
 */
export async function packTarball(destination, { from = PACK_FROM } = {}) {
  let source = REPO;
  let commit = null;
  if (from === "clone") {
    source = join(destination, "clone");
    await run("git", ["clone", "--quiet", REPO, source], { timeout: 120_000 });
    commit = (
      await run("git", ["rev-parse", "--short", "HEAD"], { cwd: source })
    ).stdout.trim();
  } else if (from !== "worktree") {
    throw new Error(
      `NP_PACK_FROM must be 'clone' or 'worktree', not ${JSON.stringify(from)}`,
    );
  }
  const { stdout } = await run(
    "npm",
    ["pack", "--json", "--pack-destination", destination],
    {
      cwd: source,
      timeout: 20 * 60_000, // a cold Emscripten build of the module takes minutes
    },
  );
  // npm may print the lifecycle scripts' output before the JSON report: parse from the first line where a
  // JSON array starts and runs to the end.
  const starts = [0, ...[...stdout.matchAll(/\n\[/g)].map((m) => m.index + 1)];
  let report;
  for (const start of starts) {
    try {
      report = JSON.parse(stdout.slice(start));
      break;
    } catch {
      // not the report yet
    }
  }
  if (!report) throw new Error(`npm pack printed no JSON report:\n${stdout}`);
  return {
    tarball: join(destination, report[0].filename),
    source: from === "clone" ? `fresh clone of ${commit}` : "working tree",
  };
}

/** The exact version of a devDependency installed in the repository, so consumers test what we develop with. */
export async function repoVersion(name) {
  const pkg = JSON.parse(
    await readFile(join(REPO, "node_modules", name, "package.json"), "utf8"),
  );
  return pkg.version;
}

/**
 * Makes `<root>/<name>`: an empty project (package.json only, optionally `"type": "module"`), with the tarball
 * and `dependencies` (name → exact version) installed by npm, then the fixtures listed in `copy` (paths
 * relative to fixtures/) copied in. Resolves to the project's path. A project already made under the same name in this root is reused.
 */
export async function makeProject(
  root,
  name,
  tarball,
  { dependencies = {}, type, copy = [] } = {},
) {
  const dir = join(root, name);
  const ready = join(dir, ".consumer-ready");
  // Test files that need the same project (the Vite ones) share it within one run.
  if (await stat(ready).catch(() => null)) return dir;
  // Not recursive: if the root has been removed (the run is ending), this fails instead of making it again.
  await mkdir(dir).catch((error) => {
    if (error.code !== "EEXIST") throw error;
  });
  const pkg = { name: `consumer-${name}`, version: "1.0.0", private: true };
  if (type) pkg.type = type;
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify(pkg, null, 2) + "\n",
  );
  const specs = [
    tarball,
    ...Object.entries(dependencies).map(
      ([dep, version]) => `${dep}@${version}`,
    ),
  ];
  await run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", ...specs],
    {
      cwd: dir,
      timeout: 10 * 60_000,
    },
  );
  for (const fixture of copy) {
    const from = join(FIXTURES, fixture);
    // A folder's contents land in the project's root, a file keeps its name.
    const to = (await stat(from)).isDirectory()
      ? dir
      : join(dir, basename(fixture));
    await cp(from, to, { recursive: true });
  }
  await writeFile(ready, "");
  return dir;
}

/** Copies the fixture file `from` (relative to fixtures/) to `to` inside `dir`. */
export async function copyFixture(from, dir, to = from.split("/").pop()) {
  await cp(join(FIXTURES, from), join(dir, to));
}

/** `vite build` in a consumer project with its own Vite and no config; resolves to the output folder. */
export async function viteBuild(dir, outDir = "dist") {
  await run(
    process.execPath,
    [
      join(dir, "node_modules/vite/bin/vite.js"),
      "build",
      "--outDir",
      outDir,
      "--emptyOutDir",
    ],
    {
      cwd: dir,
      timeout: 5 * 60_000,
    },
  );
  return join(dir, outDir);
}

/**
 * The project every Vite and browser test uses: the tarball and the repository's Vite version, the page in
 * fixtures/app and fixtures/queries.js. No Vite config file.
 */
export async function makeViteProject(root, tarball) {
  return makeProject(root, "vite", tarball, {
    dependencies: { vite: await repoVersion("vite") },
    copy: ["app", "queries.js"],
  });
}
