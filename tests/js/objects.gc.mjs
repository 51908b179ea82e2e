// Run by droppedObjects (helpers.js) as `node --expose-gc tests/js/objects.gc.mjs <kind>`, kind "mesh" or
// "aabbtree": creates 100 objects of that kind and drops them without dispose(), then collects garbage until the
// FinalizationRegistry has freed them (or gives up), and prints the module's heap use before, at its largest,
// and after, as JSON.
import { init } from "../../web/lib/index.js";

const np = await init();
const internals = np[Symbol.for("narrowphase.internals")];
const CREATE = {
  // 500 triangles.
  mesh: () => {
    const positions = new Float64Array(9 * 500).map((_, i) => Math.sin(i));
    return () => np.createMesh(positions);
  },
  // 500 boxes (min <= max).
  aabbtree: () => {
    const aabbs = new Float64Array(6 * 500).map((_, i) =>
      i % 6 < 3 ? Math.sin(i) : Math.sin(i - 3) + 0.5,
    );
    return () => np.createAABBTree(aabbs);
  },
};
const kind = process.argv[2];
if (!(kind in CREATE)) throw new Error(`objects.gc.mjs: unknown kind ${kind}`);
const create = CREATE[kind]();
create().dispose(); // warm up
const before = internals.heapBytesInUse();
(() => {
  for (let i = 0; i < 100; i++) create(); // dropped at once
})();
const grown = internals.heapBytesInUse() - before;
let after = internals.heapBytesInUse();
// Finalizers run from the event loop after a collection: collect and yield until they have, or 200 rounds.
for (let round = 0; round < 200 && after !== before; round++) {
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 5));
  after = internals.heapBytesInUse();
}
process.stdout.write(JSON.stringify({ before, grown, after }));
