// JS tests of the package against the real WASM module, in Node (no mocks). Build the module first:
//   bash web/scripts/build-wasm.sh
// and, for native_parity.test.js, the native corpus (see that file). Then, from the repository root:
//   npx vitest run --config tests/js/vitest.config.js
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest 5 calls Map.groupBy / Object.groupBy (Node >= 21) when it prints a failure summary; on Node 20, the
// oldest Node the package supports, that crash would hide the failure. Minimal spec-conforming shims, installed
// in the Vitest main process only; the module under test never sees them.
for (const [owner, make] of [
  [Map, () => new Map()],
  [Object, () => Object.create(null)],
]) {
  if (typeof owner.groupBy === 'function') continue;
  Object.defineProperty(owner, 'groupBy', {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const groups = make();
      let i = 0;
      for (const item of items) {
        const key = owner === Map ? keyOf(item, i++) : String(keyOf(item, i++));
        const group = owner === Map ? groups.get(key) : groups[key];
        if (group) group.push(item);
        else if (owner === Map) groups.set(key, [item]);
        else groups[key] = [item];
      }
      return groups;
    },
  });
}

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/js/**/*.test.js'],
    environment: 'node',
  },
});
