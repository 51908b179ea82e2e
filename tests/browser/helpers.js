// Shared set-up of the browser tests: a Vite dev server for web/demo, Chromium through playwright-core, a
// console watcher, and a comparison of the page's readout with the library's answer.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
export {
  BROWSER_TIMEOUT,
  launchChromium,
  newContext,
  newPage,
} from "../chromium.js";
import { createServer } from "vite";
import { expect } from "vitest";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const ARTIFACTS = path.join(ROOT, "tests/artifacts/browser");

/**
 * Starts the tutorial's Vite dev server (its own config) on a free port that Vite picks (5173 stays free for
 * `npm start`). Between finding a free port and binding it another process can take it, rarely: then it
 * tries again with another.
 */
export async function startServer() {
  for (let attempt = 1; ; attempt++) {
    const server = await createServer({
      configFile: path.join(ROOT, "web/demo/vite.config.js"),
      // No file watching and no hot reload: other work in the repository (a WASM rebuild, say) must not
      // reload the page in the middle of a test.
      server: {
        port: 0,
        strictPort: true,
        host: "localhost",
        hmr: false,
        watch: null,
      },
      logLevel: "error",
    });
    try {
      await server.listen();
      return {
        server,
        url: `http://localhost:${server.httpServer.address().port}/`,
      };
    } catch (error) {
      await server.close();
      if (
        attempt >= 3 ||
        !/already in use|EADDRINUSE/.test(String(error?.message ?? error))
      )
        throw error;
    }
  }
}

/**
 * Records console errors, uncaught page errors, failed requests, and the page's own "disagreement" warnings
 * (logged when a walkthrough value in a scene differs from the library's answer).
 */
export function watch(page) {
  const problems = [];
  page.on("console", (m) => {
    if (
      m.type() === "error" ||
      (m.type() === "warning" && m.text().includes("narrowphase demo"))
    ) {
      problems.push(`console.${m.type()}: ${m.text()}`);
    }
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) =>
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`),
  );
  return problems;
}

/** Loads `hash` as a fresh page and waits until the scene is built, the WASM loaded and a frame drawn. */
export async function open(page, baseUrl, hash) {
  await page.goto("about:blank");
  await page.goto(baseUrl + hash);
  await page.waitForFunction(() => window.__narrowphase !== undefined);
  await page.evaluate(() => window.__narrowphase.ready);
  await page.evaluate(() => window.__narrowphase.frame());
}

export const readout = (page) => page.textContent('[data-testid="result"]');
export const getState = (page) =>
  page.evaluate(() => window.__narrowphase.getState());
export async function setState(page, patch) {
  const state = await page.evaluate(
    (p) => window.__narrowphase.setState(p),
    patch,
  );
  await page.evaluate(() => window.__narrowphase.frame());
  return state;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g;

/**
 * Compares the page's readout with `expected`, a sentence built from the library's exact numbers. The words
 * must match exactly; each number on the page must be the library's rounded to 4 decimals (so within 5e-5 of
 * it), written without trailing zeros and never as "-0".
 */
export function expectReadout(actual, expected) {
  expect(actual.replace(NUMBER, "#")).toBe(expected.replace(NUMBER, "#"));
  const shown = actual.match(NUMBER) ?? [];
  const exact = expected.match(NUMBER) ?? [];
  expect(shown.length).toBe(exact.length);
  shown.forEach((text, i) => {
    expect(text, `number ${i} of "${actual}"`).toMatch(
      /^-?\d+(\.\d{0,3}[1-9])?$/,
    );
    expect(text).not.toBe("-0");
    // Rounding to 4 decimals moves a number by at most 5e-5 (plus a few ulps of binary noise).
    expect(
      Math.abs(Number(text) - Number(exact[i])),
      `number ${i} of "${actual}" vs ${exact[i]}`,
    ).toBeLessThanOrEqual(5e-5 + 1e-12);
  });
}

/** Drags with the mouse from one page point to another in small steps, as a person would. */
export async function mouseDrag(page, from, to, steps = 8) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
  await page.evaluate(() => window.__narrowphase.frame());
}

/** Drags with one finger (real touch events through the DevTools protocol; the page sees pointer events). */
export async function touchDrag(page, from, to, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [{ x: from.x, y: from.y }],
  });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [
        { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t },
      ],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchEnd",
    touchPoints: [],
  });
  await cdp.detach();
  await page.evaluate(() => window.__narrowphase.frame());
}

export async function screenshot(page, name) {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
