// A strict Content-Security-Policy, sent as an HTTP header: scripts only from the page's own origin, WASM
// compilation allowed ('wasm-unsafe-eval'), and no 'unsafe-eval' or 'unsafe-inline'. The package must work
// under it (Emscripten's Embind would otherwise build functions from strings), and the control pages prove
// Chromium really enforces the header.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { consoleErrors, launchChromium, openPage } from "./lib/browser.js";
import { EXPECTED } from "./lib/expected.js";
import { FIXTURES, makeViteProject, viteBuild } from "./lib/project.js";
import { serveStatic } from "./lib/server.js";

const STRICT = "script-src 'self' 'wasm-unsafe-eval'";
const NO_WASM = "script-src 'self'";
// The common "lock everything to self" policy (img-src data: only for the pages' empty data: favicon).
const DEFAULT_SELF =
  "default-src 'self'; img-src 'self' data:; script-src 'self' 'wasm-unsafe-eval'";

// The page was served under `policy`, computed the exact answers, and nothing was blocked, logged or lost.
function expectExactAnswersUnder(report, policy) {
  expect(report.headers["content-security-policy"]).toBe(policy);
  expect(report.status, report.output).toBe("done");
  expect(JSON.parse(report.output)).toEqual(EXPECTED);
  expect(report.violations).toEqual([]);
  expect(consoleErrors(report)).toEqual([]);
  expect(report.pageErrors).toEqual([]);
  expect(report.failedRequests).toEqual([]);
}

describe(`a page served with Content-Security-Policy: ${STRICT}`, () => {
  let strict;
  let noWasm;
  let defaultSelf;
  let browser;

  beforeAll(async () => {
    const { root, tarball } = inject("consumer");
    const dir = await makeViteProject(root, tarball);
    const dist = await viteBuild(dir, "dist-csp");
    // '/': the Vite build; '/plain.html' etc.: pages without a bundler and the control page, loading the
    // package as installed from the tarball (/package/) and the shared queries (/fixtures/).
    const mounts = {
      "/": dist,
      "/pages/": join(FIXTURES, "csp"),
      "/fixtures/": FIXTURES,
      "/package/": join(dir, "node_modules/narrowphase"),
    };
    strict = await serveStatic(mounts, {
      headers: { "Content-Security-Policy": STRICT },
    });
    noWasm = await serveStatic(mounts, {
      headers: { "Content-Security-Policy": NO_WASM },
    });
    defaultSelf = await serveStatic(mounts, {
      headers: { "Content-Security-Policy": DEFAULT_SELF },
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await strict?.close();
    await noWasm?.close();
    await defaultSelf?.close();
  });

  test("the Vite-built page computes the exact answers with no CSP violation and no console error", async () => {
    const report = await openPage(browser, `${strict.url}/`);
    expectExactAnswersUnder(report, STRICT);
  });

  test('a plain <script type="module"> page importing the installed package works under the same policy', async () => {
    const report = await openPage(browser, `${strict.url}/pages/plain.html`);
    expectExactAnswersUnder(report, STRICT);
  });

  test("control: under the same header, new Function and an inline script are blocked and reported", async () => {
    const report = await openPage(browser, `${strict.url}/pages/control.html`);
    expect(report.headers["content-security-policy"]).toBe(STRICT);
    expect(JSON.parse(report.output)).toEqual({
      newFunction: "EvalError",
      inlineScript: "blocked",
    });
    const blocked = report.violations.map((v) => v.blockedURI).sort();
    expect(blocked).toEqual(["eval", "inline"]);
    // Chromium logs the blocked inline script as a console error, but a blocked eval whose EvalError the page
    // catches shows up only as the event: that is why the tests above check both.
    const logged = consoleErrors(report);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /inline script violates the following Content Security Policy directive/,
    );
  });

  test("control: without 'wasm-unsafe-eval' the same built page cannot compile its WASM, so the header governs WASM too", async () => {
    const report = await openPage(browser, `${noWasm.url}/`);
    expect(report.headers["content-security-policy"]).toBe(NO_WASM);
    expect(report.status).toBe("failed");
    expect(report.output).toMatch(/CompileError|wasm/i);
    expect(report.violations.map((v) => v.blockedURI)).toContain("wasm-eval");
  });

  test(`under "${DEFAULT_SELF}" the page works with no violation: the WASM is never fetched`, async () => {
    // The package hands the WASM bytes to Emscripten as wasmBinary, so no fetch of a data: URL happens that
    // connect-src (here through default-src) would block.
    const report = await openPage(browser, `${defaultSelf.url}/`);
    expectExactAnswersUnder(report, DEFAULT_SELF);
  });
});
