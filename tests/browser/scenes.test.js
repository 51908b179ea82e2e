// Every scene the page registers (window.__narrowphase.scenes), in every language, with every example state the
// scene declares: nothing here names a scene, so a new scene is tested without a change to this file. The list
// is the page's own (web/demo/scenes/index.js through web/demo/app/registry.js, imported here in Node at
// collection time), so each scene and each example is its own test with its own timeout; a test checks that
// the page registers exactly that list.
// Also the language machinery: the switch, `?lang=` deep links, the browser's language as the default.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newContext,
  newPage,
  launchChromium,
  open,
  screenshot,
  startServer,
  watch,
} from "./helpers.js";
import { scenes } from "../../web/demo/scenes/index.js";
import { registryOf } from "../../web/demo/app/registry.js";

const LANGS = ["en", "ko", "ja"];

// Latin words allowed on a Korean or Japanese page: names (the library, the authors, the tools, the languages
// of the switch) and the notation of the formulas. Acronyms in capitals (AABB, OBB, WASM) and code
// identifiers in camelCase (closestPointOnAABB, and the variable nAB) are allowed by their form; one- and
// two-letter words are the formulas' variables (P, Q, rA, r1).
const ALLOWED = new Set([
  "narrowphase",
  "Rito15",
  "three",
  "js",
  "DirectX",
  "English",
  "min",
  "max",
  "const",
  // A contact's fields (ContactHit), written as the formulas write them.
  "normal",
  "depth",
  // The authors and publisher of the sources the explanation scenes cite.
  "Christer",
  "Ericson",
  "Morgan",
  "Kaufmann",
  "Sven",
  "Woop",
  "Carsten",
  "Benthin",
  "Ingo",
  "Wald",
  "Kay",
  "Kajiya",
  "Thiago",
  "Ize",
  // The library's mesh object and its one-word members, in code (mesh.raycast, mesh.linecast, mesh.raycastTrace).
  "mesh",
  "raycast",
  "linecast",
]);

// The source articles' titles, which the pages cite as they are.
const TITLES = [
  "Sphere-AABB Intersection",
  "Raycast to AABB",
  "Sphere Cast to Sphere",
  "Real-Time Collision Detection",
  "Watertight Ray/Triangle Intersection",
  "On fast construction of SAH-based bounding volume hierarchies",
  "Robust BVH Ray Traversal",
];

/** The Latin words of `text` that are neither allowed names nor code nor formula variables. */
export function englishWords(text) {
  for (const title of TITLES) text = text.replaceAll(title, "");
  // The library's tree of boxes in code (boxes.raycast, boxes.count): the word "boxes" alone stays English.
  text = text.replace(/\bboxes\.[A-Za-z]+/g, "");
  const words = text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
  return words.filter(
    (w) =>
      w.length >= 3 &&
      !ALLOWED.has(w) &&
      !/^[A-Z0-9]+$/.test(w) && // AABB, OBB, WASM, SAT
      !/[a-z][A-Z]/.test(w), // closestPointOnAABB, nAB
  );
}

/** The text a reader sees: the page's rendered text (labels in the scene included), the options of the
 * inputs' menus, and the window title. */
const visibleText = (page) =>
  page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll("option")].map((o) => o.textContent),
    ].join("\n"),
  );

/** Two labels overlap when their rectangles share more than a sliver (1 px either way). */
export function overlaps(rects) {
  const out = [];
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i];
      const b = rects[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) out.push(`"${a.text}" and "${b.text}"`);
    }
  return out;
}

let server;
let baseUrl;
let browser;
let registered; // what the page registers: [{ id, examples: [{ name, state }] }]
// What the tests below open, known before any browser starts.
const SCENES = registryOf(scenes);

beforeAll(async () => {
  ({ server, url: baseUrl } = await startServer());
  browser = await launchChromium();
  const page = await newPage(browser);
  await open(page, baseUrl, "");
  registered = await page.evaluate(() => window.__narrowphase.scenes);
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const hashOf = (id, state) =>
  `#/${id}?${new URLSearchParams(state).toString()}`;

it("registers scenes, each with examples whose states are complete, and exactly the scenes tested here", () => {
  expect(registered.length).toBeGreaterThan(1);
  expect(registered).toEqual(SCENES);
  for (const scene of registered) {
    expect(scene.examples[0].name).toBe("default");
    expect(scene.examples.length, scene.id).toBeGreaterThan(1);
  }
});

// A desktop window and a phone (390×844, touch): labels must not overlap at either size.
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  {
    name: "phone",
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  },
];

for (const lang of LANGS) {
  for (const size of SIZES) {
    describe(`in ${lang}, ${size.name}`, () => {
      let context;
      let page;
      let problems;
      beforeAll(async () => {
        const { name, ...options } = size;
        context = await newContext(browser, options);
        page = await context.newPage();
        problems = watch(page);
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const scene of SCENES) {
        const opened = `#/${scene.id}`;
        // Opens the scene from a deep link unless the page shows it already (the example tests below run after
        // this one, on the same page; each opens the scene itself if this one failed).
        const openScene = async () => {
          if (
            (await page.evaluate(() => window.__narrowphase?.scene)) ===
            scene.id
          )
            return;
          await open(
            page,
            baseUrl,
            `?lang=${lang}${hashOf(scene.id, scene.examples[0].state)}`,
          );
        };

        it(`opens ${opened} from a ?lang=${lang} deep link (screenshot)`, async () => {
          problems.length = 0; // a problem is the test's that saw it, not every later one's
          await open(
            page,
            baseUrl,
            `?lang=${lang}${hashOf(scene.id, scene.examples[0].state)}`,
          );
          expect(await page.evaluate(() => window.__narrowphase.lang)).toBe(
            lang,
          );
          expect(await page.getAttribute("html", "lang")).toBe(lang);
          expect(await page.evaluate(() => window.__narrowphase.scene)).toBe(
            scene.id,
          );
          expect(problems).toEqual([]);
          await screenshot(
            page,
            `${scene.id}-${lang}${size.name === "phone" ? "-phone" : ""}`,
          );
        });

        for (const example of scene.examples) {
          it(`shows ${opened}'s example ${example.name}: no console error${lang === "en" ? "" : ", no English left"}, no two labels overlapping`, async () => {
            problems.length = 0;
            await openScene();
            const where = `${scene.id} / ${example.name} / ${lang} / ${size.name}`;
            const state = await page.evaluate(async (s) => {
              const hook = window.__narrowphase;
              const out = hook.setState(s);
              await hook.frame();
              return out;
            }, example.state);
            expect(state, where).toMatchObject(example.state);
            const text = await page.textContent('[data-testid="result"]');
            expect(text.trim(), where).not.toBe("");
            expect(problems, where).toEqual([]);
            expect(
              overlaps(
                await page.evaluate(() => window.__narrowphase.labelRects()),
              ),
              `${where}: labels overlapping`,
            ).toEqual([]);
            if (lang !== "en")
              expect(englishWords(await visibleText(page)), where).toEqual([]);
            // Japanese is written without spaces: a space between two Japanese characters is a line break of the
            // source prose showing through.
            if (lang === "ja")
              expect(
                (await visibleText(page)).match(
                  /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef][ ]+[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/g,
                ),
                `${where}: spaces between Japanese characters`,
              ).toBeNull();
          });
        }
      }
    });
  }
}

describe("the language", () => {
  it("is switched by the control on the page: the text, <html lang> and the URL follow, the state stays", async () => {
    const page = await newPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    const problems = watch(page);
    await open(page, baseUrl, "?lang=en#/sphere-aabb?sx=2.5");
    const before = await page.evaluate(() => window.__narrowphase.getState());
    const title = await page.textContent("#scene-title");
    for (const lang of ["ko", "ja", "en"]) {
      await page.click(`#lang-switch button[data-lang="${lang}"]`);
      await page.evaluate(() => window.__narrowphase.frame());
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(
        await page.getAttribute(
          `#lang-switch button[data-lang="${lang}"]`,
          "aria-pressed",
        ),
      ).toBe("true");
      expect(new URL(page.url()).searchParams.get("lang")).toBe(lang);
      expect(new URL(page.url()).hash).toMatch(/^#\/sphere-aabb\?sx=2\.5&/);
      expect(
        await page.evaluate(() => window.__narrowphase.getState()),
      ).toEqual(before);
      const now = await page.textContent("#scene-title");
      if (lang === "en") expect(now).toBe(title);
      else expect(now).not.toBe(title);
      if (lang === "ko") expect(now).toMatch(/[\uac00-\ud7a3]/); // Hangul
      if (lang === "ja") expect(now).toMatch(/[\u3040-\u30ff]/); // kana
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is kept across scene changes, and a reload of the URL reproduces it", async () => {
    const page = await newPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    const problems = watch(page);
    await open(page, baseUrl, "?lang=ja#/closest-point-aabb");
    await page.click('#menu a[data-scene="raycast-aabb"]');
    await page.waitForFunction(
      () => window.__narrowphase.scene === "raycast-aabb",
    );
    await page.evaluate(() => window.__narrowphase.frame());
    expect(new URL(page.url()).searchParams.get("lang")).toBe("ja");
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    const text = await page.textContent("#panel");
    await page.reload();
    await page.waitForFunction(() => window.__narrowphase !== undefined);
    await page.evaluate(() => window.__narrowphase.ready);
    await page.evaluate(() => window.__narrowphase.frame());
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    expect(await page.textContent("#panel")).toBe(text);
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const [locale, lang] of [
    ["ko-KR", "ko"],
    ["ja-JP", "ja"],
    ["en-GB", "en"],
    ["fr-FR", "en"], // a language the page does not have: English
  ]) {
    it(`follows the browser's language when the URL names none (${locale} → ${lang})`, async () => {
      const context = await newContext(browser, {
        locale,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      const problems = watch(page);
      await open(page, baseUrl, "#/obb-obb");
      expect(await page.evaluate(() => window.__narrowphase.lang)).toBe(lang);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      // The choice is written into the URL, so a copied link shows the same language to anyone.
      expect(new URL(page.url()).searchParams.get("lang")).toBe(lang);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
