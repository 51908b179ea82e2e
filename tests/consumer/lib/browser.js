// Chromium through playwright-core: opens a page, waits for it to report a result in the DOM, and collects
// everything that could signal a problem (console errors, uncaught exceptions, failed requests, CSP violations).
import { BROWSER_TIMEOUT, newContext } from "../../chromium.js";

export { launchChromium } from "../../chromium.js";

/**
 * Opens `url` in a fresh context and waits until `<body data-status>` is set by the page ('timeout' when it
 * has not been within `timeout` ms, generous because a busy two-core machine can be slow). Resolves to
 * { status, output (the text of #out), headers (of the document), requests (URLs), console, pageErrors,
 * failedRequests, violations, page, context }.
 */
export async function openPage(
  browser,
  url,
  { timeout = BROWSER_TIMEOUT } = {},
) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const report = {
    console: [],
    pageErrors: [],
    failedRequests: [],
    violations: [],
    page,
    context,
  };
  // Injected through the DevTools protocol before any page script, so the page's own CSP does not block it.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__violations.push({
        directive: e.effectiveDirective,
        blockedURI: e.blockedURI,
        sample: e.sample,
        source: e.sourceFile,
      });
    });
  });
  report.requests = [];
  page.on("request", (r) => report.requests.push(r.url()));
  page.on("console", (m) =>
    report.console.push({ type: m.type(), text: m.text() }),
  );
  page.on("pageerror", (e) => report.pageErrors.push(String(e?.stack ?? e)));
  page.on("requestfailed", (r) =>
    report.failedRequests.push(`${r.url()} ${r.failure()?.errorText}`),
  );
  page.on("response", (r) => {
    if (r.status() >= 400)
      report.failedRequests.push(`${r.url()} HTTP ${r.status()}`);
  });
  const response = await page.goto(url);
  report.headers = response.headers();
  try {
    await page.waitForSelector("body[data-status]", {
      state: "attached",
      timeout,
    });
    report.status = await page.getAttribute("body", "data-status");
    report.output = await page.textContent("#out");
  } catch (error) {
    // A page whose init() never settles (say, an exception inside Emscripten's start-up): report what the
    // page said instead of a bare timeout.
    if (error?.name !== "TimeoutError") throw error;
    report.status = "timeout";
    report.output = JSON.stringify({
      pageErrors: report.pageErrors,
      console: report.console.map((m) => m.text),
    });
  }
  report.violations = await page.evaluate(() => window.__violations);
  return report;
}

/** Console messages of type error, with the violations that Chromium also logs there. */
export function consoleErrors(report) {
  return report.console.filter((m) => m.type === "error").map((m) => m.text);
}
