// A plain page with no bundler, in the folder where the package was installed: the browser cannot resolve the
// bare specifier 'narrowphase' by itself, and the import map the README gives makes it work.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { BROWSER_TIMEOUT, newContext } from "../chromium.js";
import { consoleErrors, launchChromium, openPage } from "./lib/browser.js";
import { EXPECTED } from "./lib/expected.js";
import { REPO, makeViteProject } from "./lib/project.js";
import { serveStatic } from "./lib/server.js";

// The page: the README's import map (if any), then the consumer page's own module, main.js
// (fixtures/app), which does `import { init } from 'narrowphase'`.
const page = (importMap) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>narrowphase from a plain module script</title>
    ${importMap}
  </head>
  <body>
    <pre id="out">loading…</pre>
    <script type="module" src="./main.js"></script>
  </body>
</html>
`;

describe('a plain <script type="module"> page next to node_modules', () => {
  let importMap;
  let server;
  let browser;

  beforeAll(async () => {
    const readme = await readFile(join(REPO, "README.md"), "utf8");
    importMap = /<script type="importmap">[\s\S]*?<\/script>/.exec(readme)?.[0];
    const { root, tarball } = inject("consumer");
    const dir = await makeViteProject(root, tarball);
    if (importMap)
      await writeFile(join(dir, "readme-importmap.html"), page(importMap));
    await writeFile(join(dir, "no-importmap.html"), page(""));
    server = await serveStatic({ "/": dir });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test("the README gives an import map for narrowphase", () => {
    expect(importMap, 'a <script type="importmap"> in README.md').toBeTypeOf(
      "string",
    );
    expect(
      Object.keys(
        JSON.parse(importMap.replace(/^<script[^>]*>|<\/script>$/g, ""))
          .imports,
      ),
    ).toEqual(["narrowphase"]);
  });

  test("with the README's import map the page computes the exact answers, and nothing fails", async () => {
    const report = await openPage(
      browser,
      `${server.url}/readme-importmap.html`,
    );
    expect(report.status, report.output).toBe("done");
    expect(JSON.parse(report.output)).toEqual(EXPECTED);
    expect(consoleErrors(report)).toEqual([]);
    expect(report.pageErrors).toEqual([]);
    expect(report.failedRequests).toEqual([]);
    expect(report.requests).toContain(
      `${server.url}/node_modules/narrowphase/web/lib/index.js`,
    );
  });

  test("without an import map the browser cannot resolve the bare specifier", async () => {
    const context = await newContext(browser);
    try {
      const control = await context.newPage();
      const error = control.waitForEvent("pageerror", {
        timeout: BROWSER_TIMEOUT,
      });
      await control.goto(`${server.url}/no-importmap.html`);
      expect(String(await error)).toMatch(
        /Failed to resolve module specifier "narrowphase"/,
      );
      expect(await control.textContent("#out")).toBe("loading…");
    } finally {
      await context.close();
    }
  });
});
