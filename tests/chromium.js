// Debian's Chromium (apt package `chromium`, installed by web/scripts/ensure-tools.sh) through playwright-core,
// for every browser test here. playwright-core never downloads a browser; CHROMIUM_PATH overrides the path.
import { chromium } from 'playwright-core';

// Headless in a container: no sandbox, no GPU (WebGL runs on SwiftShader, which Chromium picks by itself under
// --disable-gpu; --enable-unsafe-swiftshader opts in explicitly and silences the deprecation message about the
// automatic fallback), and no background traffic, which this machine's closed network would refuse.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--enable-unsafe-swiftshader',
];

/** A fresh headless Chromium (playwright-core gives each launch its own temporary profile). */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
