// Run by mesh.test.js as `node --expose-gc tests/js/mesh.gc.mjs`: creates meshes and drops them without
// dispose(), then collects garbage until the FinalizationRegistry has freed them (or gives up), and prints the
// module's heap use before, at its largest, and after, as JSON.
import { init } from "../../web/lib/index.js";

const np = await init();
const internals = np[Symbol.for("narrowphase.internals")];
const positions = new Float64Array(9 * 500).map((_, i) => Math.sin(i));
np.createMesh(positions).dispose(); // warm up
const before = internals.heapBytesInUse();
(() => {
  for (let i = 0; i < 100; i++) np.createMesh(positions); // dropped at once
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
