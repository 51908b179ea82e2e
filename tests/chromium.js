// Debian's Chromium (apt package `chromium`, installed by web/scripts/ensure-tools.sh) through playwright-core,
// for every browser test here. playwright-core never downloads a browser; CHROMIUM_PATH overrides the path.
import { chromium } from "playwright-core";

// Headless in a container: no sandbox, no GPU (WebGL runs on SwiftShader, which Chromium picks by itself under
// --disable-gpu; --enable-unsafe-swiftshader opts in explicitly and silences the deprecation message about the
// automatic fallback), and no background traffic, which this machine's closed network would refuse.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
  "--enable-unsafe-swiftshader",
];

// Playwright's own limits (30 s for a navigation, a click or a wait) are too tight for a two-core machine
// that is busy with other jobs while SwiftShader draws WebGL and Vite transforms three.js on a first visit.
// Every browser test here sets this one instead, on each page or context it makes (see newPage, newContext).
// It stays below the browser tests' Vitest timeout, so that a real hang is reported by Playwright, which
// says what it was waiting for.
export const BROWSER_TIMEOUT = 90_000;

/**
 * A fresh headless Chromium. playwright-core gives each launch its own temporary profile (a
 * playwright_chromiumdev_profile-* folder in the temporary folder) and removes it when the browser is closed,
 * and also when the Node process exits or is ended by SIGINT, SIGTERM or SIGHUP, killing Chromium first; not
 * when the process is SIGKILLed, as Vitest's watchdog does to the test workers when Vitest's main process ends
 * early. The browser and consumer tests therefore point TMPDIR into a folder of their run, which the main
 * process removes (tests/consumer/lib/temp.js).
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    timeout: 3 * BROWSER_TIMEOUT,
  });
}

/** browser.newContext(options) with the generous timeouts above. */
export async function newContext(browser, options) {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(BROWSER_TIMEOUT);
  context.setDefaultNavigationTimeout(BROWSER_TIMEOUT);
  return context;
}

/** browser.newPage(options) (a page with a context of its own, closed with it) with the generous timeouts. */
export async function newPage(browser, options) {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(BROWSER_TIMEOUT);
  page.setDefaultNavigationTimeout(BROWSER_TIMEOUT);
  return page;
}
