// A worker thread of tests/js/batch.test.js: loads the package with its own init(), runs the batch it is given
// `rounds` times, and posts the answers (and whether every round agreed) back.
import { parentPort, workerData } from "node:worker_threads";
import { init } from "../../web/lib/index.js";

const { a, b, maxDistance, rounds } = workerData;
try {
  const np = await init();
  const out = np.batch.raycastAABB(a, b, maxDistance);
  const again = new Float32Array(out.length);
  let agreed = true;
  for (let r = 1; r < rounds; r++) {
    np.batch.raycastAABB(a, b, maxDistance, again);
    agreed &&= again.every((v, i) => Object.is(v, out[i]));
  }
  parentPort.postMessage({ out, rounds, agreed });
} catch (error) {
  parentPort.postMessage({ error: String(error?.stack ?? error) });
}
