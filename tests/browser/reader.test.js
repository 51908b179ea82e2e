// What a new reader stumbled on (issue 15, item 5), each checked where one can see it. Label overlaps are
// checked for every scene, example, language and size in scenes.test.js.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchChromium,
  newContext,
  newPage,
  open,
  startServer,
  watch,
} from "./helpers.js";

let server;
let baseUrl;
let browser;

beforeAll(async () => {
  ({ server, url: baseUrl } = await startServer());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The convex hull of 2D points (Andrew's monotone chain), counter-clockwise, without collinear points. */
function hull(points) {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o, a, b) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list) => {
    const out = [];
    for (const q of list) {
      while (
        out.length >= 2 &&
        cross(out[out.length - 2], out[out.length - 1], q) <= 0
      )
        out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

describe("the first view of a scene", () => {
  let page;
  let problems;
  beforeAll(async () => {
    page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    problems = watch(page);
  });
  afterAll(async () => {
    await page?.close();
  });

  it("names its source: the article's title, author and year, in every language (no bare article numbers)", async () => {
    const sources = [];
    for (const lang of ["en", "ko", "ja"]) {
      await open(page, baseUrl, `?lang=${lang}#/closest-point-aabb`);
      const text = await page.textContent("#scene-source");
      expect(text).toContain("Sphere-AABB Intersection");
      expect(text).toContain("Rito15");
      expect(text).toContain("2021");
      expect(text).toContain("箱(AABB)と球の当たり判定");
      expect(text).toContain("チョコミント");
      expect(text).not.toMatch(/Article \d/);
      sources.push(text);
      await open(page, baseUrl, `?lang=${lang}#/spherecast-sphere`);
      const cast = await page.textContent("#scene-source");
      expect(cast).toContain("Sphere Cast to Sphere");
      expect(cast).toContain("Rito15");
    }
    expect(new Set(sources).size).toBe(3); // a sentence in each language
    expect(problems).toEqual([]);
  });

  it("draws the box scenes' corner handles on the box's outline, not inside it", async () => {
    // A handle inside the outline floats in front of or behind the box and cannot be told apart from it.
    await open(page, baseUrl, "");
    const scenes = await page.evaluate(() => window.__narrowphase.scenes);
    let checked = 0;
    for (const { id } of scenes) {
      await open(page, baseUrl, `#/${id}`);
      const handles = await page.evaluate(() => window.__narrowphase.handles());
      if (!handles.includes("box-min")) continue;
      const s = await page.evaluate(() => window.__narrowphase.getState());
      const corners = [];
      for (const x of [s.x0, s.x1])
        for (const y of [s.y0, s.y1])
          for (const z of [s.z0, s.z1])
            corners.push(
              await page.evaluate(
                ([x, y, z]) => window.__narrowphase.project(x, y, z),
                [x, y, z],
              ),
            );
      const outline = hull(corners);
      for (const name of ["box-min", "box-max"]) {
        const p = await page.evaluate(
          (n) => window.__narrowphase.handleScreenPosition(n),
          name,
        );
        expect(
          outline.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < 0.5),
          `${id}: ${name} is a corner of the outline`,
        ).toBe(true);
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });

  it("shows the raycast's segment across the view, not along it", async () => {
    await open(page, baseUrl, "#/raycast-aabb");
    const s = await page.evaluate(() => window.__narrowphase.getState());
    const { position, target } = await page.evaluate(() =>
      window.__narrowphase.camera(),
    );
    const ab = [s.bx - s.ax, s.by - s.ay, s.bz - s.az];
    const view = position.map((p, i) => p - target[i]);
    const dot = ab.reduce((sum, v, i) => sum + v * view[i], 0);
    const angle =
      (Math.acos(Math.abs(dot) / (Math.hypot(...ab) * Math.hypot(...view))) *
        180) /
      Math.PI;
    expect(angle).toBeGreaterThan(70);
    expect(problems).toEqual([]);
  });

  it("writes the square of a negative number as (−0.8)², not -0.8²", async () => {
    await open(page, baseUrl, "#/closest-point-aabb");
    const steps = await page.textContent("#steps");
    expect(steps).toContain("(−0.8)²");
    expect(steps).not.toMatch(/-\d+(\.\d+)?²/);
    expect(problems).toEqual([]);
  });
});

describe("the first view, at any size", () => {
  for (const [name, options] of [
    ["desktop", { viewport: { width: 1280, height: 800 } }],
    [
      "phone",
      { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    ],
  ])
    it(`keeps every scene's inputs (and the OBB's projection ruler) clear of the readout above and the hint and axis triad below (${name})`, async () => {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      const problems = watch(page);
      await open(page, baseUrl, "");
      const scenes = await page.evaluate(() => window.__narrowphase.scenes);
      for (const { id } of scenes) {
        await open(page, baseUrl, `#/${id}`);
        const view = await page.locator("#viewport").boundingBox();
        const points = await page.evaluate(() =>
          window.__narrowphase.framedPoints(),
        );
        if (id === "obb-obb") {
          // The projection ruler below the boxes is framed too, not only the handles.
          const handles = await page.evaluate(() =>
            window.__narrowphase.handles(),
          );
          expect(points.length).toBeGreaterThan(handles.length);
        }
        // The strips the page keeps free (FRAME_RESERVE in web/demo/app/viewport.js).
        for (const p of points) {
          expect(
            p.y,
            `${id}: ${JSON.stringify(p)} below the readout`,
          ).toBeGreaterThan(view.y + 76);
          expect(
            p.y,
            `${id}: ${JSON.stringify(p)} above the hint and triad`,
          ).toBeLessThan(view.y + view.height - 130);
          expect(p.x).toBeGreaterThan(view.x);
          expect(p.x).toBeLessThan(view.x + view.width);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    });
});

describe("a deep link", () => {
  let page;
  let problems;
  beforeAll(async () => {
    page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    problems = watch(page);
  });
  afterAll(async () => {
    await page?.close();
  });

  it("says when it was repaired, and which values were", async () => {
    await open(page, baseUrl, "#/sphere-aabb?sx=abc&r=-3&x0=2&x1=-2&sy=1.5");
    const note = page.locator('[data-testid="repair"]');
    expect(await note.isVisible()).toBe(true);
    const text = await note.textContent();
    for (const key of ["sx", "r", "x0", "x1"]) expect(text).toContain(key);
    expect(text).not.toContain("sy"); // 1.5 was taken as it was
    // In Korean too.
    await open(page, baseUrl, "?lang=ko#/sphere-aabb?r=-3");
    expect(await note.textContent()).toMatch(/[\uac00-\ud7a3]/);
    expect(await note.textContent()).toContain("r 값");
    // A scene that does not exist.
    await open(page, baseUrl, "#/no-such-scene?a=1");
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain("no-such-scene");
    expect(problems).toEqual([]);
  });

  it("that the page takes as it is says nothing", async () => {
    await open(page, baseUrl, "#/sphere-aabb?sx=2.5&r=0.5");
    expect(await page.locator('[data-testid="repair"]').isVisible()).toBe(
      false,
    );
    await open(page, baseUrl, "");
    expect(await page.locator('[data-testid="repair"]').isVisible()).toBe(
      false,
    );
    expect(problems).toEqual([]);
  });
});

describe("on a phone (390×844)", () => {
  it("keeps the language switch and the active menu tab in view, and shows the drag hint", async () => {
    const context = await newContext(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const problems = watch(page);
    for (const id of ["playground", "obb-obb", "closest-point-aabb"]) {
      await open(page, baseUrl, `#/${id}`);
      const bar = await page.locator(".topbar").boundingBox();
      const tab = await page
        .locator(`#menu a[data-scene="${id}"]`)
        .boundingBox();
      expect(tab.x, `${id}: tab's left edge in view`).toBeGreaterThanOrEqual(
        bar.x - 0.5,
      );
      expect(
        tab.x + tab.width,
        `${id}: tab's right edge in view`,
      ).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      for (const lang of ["en", "ko", "ja"]) {
        const button = await page
          .locator(`#lang-switch button[data-lang="${lang}"]`)
          .boundingBox();
        expect(
          button.x,
          `${id}: the ${lang} switch in view`,
        ).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(390);
      }
      const hint = await page.locator(".hint").boundingBox();
      expect(hint, "the hint is displayed").not.toBeNull();
      expect(hint.height).toBeGreaterThan(0);
      expect(hint.x + hint.width).toBeLessThanOrEqual(390);
      expect(await page.locator(".hint").innerText()).not.toBe("");
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
