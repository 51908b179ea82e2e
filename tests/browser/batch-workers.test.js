// np.batch in Chromium's Web Workers: a page splits a batch between two module workers, each with its own
// init(); they run at once, and their answers must be Node's for the same batch (the real WASM module on both
// sides). The package is served as it is in web/lib (no bundler), the page and the worker from fixtures/.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { launchChromium, newPage } from "../chromium.js";
import { serveStatic } from "../consumer/lib/server.js";
import { random } from "../js/helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let server, browser;
beforeAll(async () => {
  server = await serveStatic({
    "/lib/": `${ROOT}web/lib`,
    "/": `${ROOT}tests/browser/fixtures/batch-workers`,
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("np.batch in Web Workers", () => {
  it("two module workers, each with its own init(), split a batch and answer as Node does", async () => {
    // Seeded spheres against boxes, about half of them overlapping, some touching exactly.
    const n = 20001;
    const r = random(7);
    const spheres = new Float32Array(4 * n),
      boxes = new Float32Array(6 * n);
    for (let i = 0; i < n; i++) {
      spheres.set(
        [
          r.range(-3, 3),
          r.range(-3, 3),
          r.range(-3, 3),
          i % 5 === 0 ? 0 : r.range(0, 1.5),
        ],
        4 * i,
      );
      const min = [r.range(-3, 3), r.range(-3, 3), r.range(-3, 3)];
      boxes.set([...min, ...min.map((m) => m + r.range(0, 3))], 6 * i);
    }
    spheres.set([1, 0, 0, 0], 0); // radius 0 on a face: touching
    boxes.set([-1, -1, -1, 1, 1, 1], 0);
    const np = await init();
    const expected = Array.from(np.batch.overlapSphereAABB(spheres, boxes));
    expect(expected[0]).toBe(1);

    const page = await newPage(browser);
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => window.__ready === true);
    const result = await page.evaluate(
      ([s, b]) => window.__runBatch(new Float32Array(s), new Float32Array(b)),
      [Array.from(spheres), Array.from(boxes)],
    );
    expect(problems, JSON.stringify(server.requests)).toEqual([]);
    expect(result.isWorker).toEqual([true, true]);
    expect(result.agreed).toEqual([true, true]);
    expect(result.workers).toEqual(expected);
    expect(result.page).toEqual(expected);
    expect(expected.filter((v) => v === 1).length).toBeGreaterThan(n / 40); // both outcomes occur
    expect(expected.filter((v) => v === 0).length).toBeGreaterThan(n / 40);
    await page.close();
  });
});
