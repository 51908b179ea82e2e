// The same page under the Vite dev server (dependency pre-bundling, native ESM), started programmatically with
// the consumer project's own Vite and no config, opened in Chromium.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { consoleErrors, launchChromium, openPage } from "./lib/browser.js";
import { EXPECTED } from "./lib/expected.js";
import { makeViteProject } from "./lib/project.js";

// Starts fixtures/app/dev-server.mjs and resolves once it prints its URL.
function startDevServer(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dev-server.mjs"], {
      cwd: dir,
      stdio: ["pipe", "pipe", "pipe"],
    });
    // If this test process ends without stopDevServer (a crash, a signal), the server must not outlive it and
    // write into the consumer project while the project's folder is being removed.
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    child.once("exit", () => process.off("exit", killOnExit));
    // The server may exit before stopDevServer closes its stdin: the write then fails with EPIPE, which must
    // not become an uncaught exception (the 'exit' handler below reports the exit itself).
    child.stdin.on("error", () => {});
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d) => {
      stdout += d;
      const line = stdout.split("\n").find((l) => l.startsWith("{"));
      if (line)
        resolve({
          url: JSON.parse(line).url,
          child,
          output: () => stdout + stderr,
        });
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      reject(new Error(`dev server exited with ${code}\n${stdout}\n${stderr}`)),
    );
  });
}

// Ends the dev server by closing its stdin (it closes Vite and exits); kills that one process if it hangs.
function stopDevServer({ child }) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin.end();
  });
}

describe("the Vite dev server serving a page importing narrowphase", () => {
  let dev;
  let browser;
  let report;

  beforeAll(async () => {
    const { root, tarball } = inject("consumer");
    const dir = await makeViteProject(root, tarball);
    dev = await startDevServer(dir);
    browser = await launchChromium();
    report = await openPage(browser, dev.url);
  });

  afterAll(async () => {
    await browser?.close();
    if (dev) await stopDevServer(dev);
  });

  test("shows the exact answers of every function in the DOM", () => {
    expect(report.status, report.output).toBe("done");
    expect(JSON.parse(report.output)).toEqual(EXPECTED);
  });

  test("logs no console errors, throws nothing and has no failed requests", () => {
    expect(consoleErrors(report)).toEqual([]);
    expect(report.pageErrors).toEqual([]);
    expect(report.failedRequests).toEqual([]);
  });

  test("the page got narrowphase through Vite's dependency pre-bundling, the path a dev server user takes", () => {
    // Vite rewrites the bare import to its optimized copy under /node_modules/.vite/deps/.
    expect(
      report.requests.some((url) =>
        /\/node_modules\/\.vite\/deps\/narrowphase\.js/.test(url),
      ),
    ).toBe(true);
  });

  test("the dev server reports no warnings or errors while serving it", () => {
    // logLevel 'warn': anything printed is a warning or an error (for example a failed dependency scan).
    expect(
      dev
        .output()
        .split("\n")
        .filter((l) => l && !l.startsWith('{"url"')),
    ).toEqual([]);
  });
});
