// Browser tests of the tutorial page: `npx vitest run --config tests/browser/vitest.config.js`.
// Each file starts its own Vite dev server and Chromium; files run one after another (the machines this runs
// on are small, and two Chromiums at once only slow each other down).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy / Object.groupBy (Node >= 21) when it prints a failure; on Node 20
// that crash hides the failure itself. This config file runs in the reporter's process, so the shims go here.
function groupInto(items, key, add) {
  let i = 0;
  for (const item of items) add(key(item, i++), item);
}
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const groups = new Map();
    groupInto(items, key, (k, item) => (groups.has(k) ? groups.get(k).push(item) : groups.set(k, [item])));
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => {
    const groups = Object.create(null);
    groupInto(items, key, (k, item) => (groups[k] ??= []).push(item));
    return groups;
  };
}

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/browser/**/*.test.js'],
    environment: 'node',
    fileParallelism: false,
    // Software WebGL (SwiftShader) and a cold Vite dependency pre-bundle make the first page load slow.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
