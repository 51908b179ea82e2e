// A Vite production build of a page that imports the package by name, with no Vite config, served as static
// files and opened in Chromium.
import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { consoleErrors, launchChromium, openPage } from "./lib/browser.js";
import { EXPECTED } from "./lib/expected.js";
import { makeViteProject, viteBuild } from "./lib/project.js";
import { serveStatic } from "./lib/server.js";

describe("a Vite production build of a page importing narrowphase", () => {
  let dist;
  let server;
  let browser;
  let report;

  beforeAll(async () => {
    const { root, tarball } = inject("consumer");
    const dir = await makeViteProject(root, tarball);
    dist = await viteBuild(dir);
    server = await serveStatic({ "/": dist });
    browser = await launchChromium();
    report = await openPage(browser, `${server.url}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test("shows the exact answers of every function in the DOM", () => {
    expect(report.status).toBe("done");
    expect(JSON.parse(report.output)).toEqual(EXPECTED);
  });

  test("logs no console errors, throws nothing and has no failed requests", () => {
    expect(consoleErrors(report)).toEqual([]);
    expect(report.pageErrors).toEqual([]);
    expect(report.failedRequests).toEqual([]);
  });

  test("needs no separate .wasm file: the build is one HTML page and its JS, and nothing else is fetched", async () => {
    const assets = await readdir(`${dist}/assets`);
    expect(assets.every((f) => f.endsWith(".js"))).toBe(true);
    const paths = server.requests.map(([, path]) => path);
    expect(
      paths.every(
        (p) => p === "/" || (p.startsWith("/assets/") && p.endsWith(".js")),
      ),
    ).toBe(true);
  });
});
