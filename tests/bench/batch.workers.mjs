// Benchmark: one large np.batch call on the main thread against the same batch split in halves between two
// worker_threads (each with its own init()), as a game would split its projectiles-against-targets test across
// two cores. Inputs and answers live in SharedArrayBuffers, so that a frame sends each worker only a range.
//
//   node tests/bench/batch.workers.mjs [--n 1000000] [--frames 21]
//
// Prints the median ms per frame of each and the speed-up. Not a test: it depends on the machine's free cores.
import { Worker } from "node:worker_threads";
import { init } from "../../web/lib/index.js";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const n = arg("--n", 1e6);
const frames = arg("--frames", 21);

let seed = 1;
const random = () =>
  ((seed = (Math.imul(seed, 48271) >>> 0) % 2147483647) / 2147483647) * 8 - 4;
const spheres = new Float32Array(new SharedArrayBuffer(16 * n));
const boxes = new Float32Array(new SharedArrayBuffer(24 * n));
const out = new Uint8Array(new SharedArrayBuffer(n));
for (let i = 0; i < n; i++) {
  spheres.set([random(), random(), random(), (random() + 4) / 4], 4 * i);
  const min = [random(), random(), random()];
  boxes.set([...min, ...min.map((m) => m + (random() + 4) / 3)], 6 * i);
}

const np = await init();
const single = new Uint8Array(n);

// The worker: its own init(), then for each message [start, end] the batch of that range into the shared out.
const source = `
  import { parentPort, workerData } from "node:worker_threads";
  import { init } from ${JSON.stringify(new URL("../../web/lib/index.js", import.meta.url).href)};
  const np = await init();
  const { spheres, boxes, out } = workerData;
  parentPort.on("message", ([start, end]) => {
    np.batch.overlapSphereAABB(spheres.subarray(4 * start, 4 * end), boxes.subarray(6 * start, 6 * end), out.subarray(start, end));
    parentPort.postMessage(0);
  });
  parentPort.postMessage("ready");
`;
const workers = [0, 1].map(
  () =>
    new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
      workerData: { spheres, boxes, out },
    }),
);
await Promise.all(
  workers.map((w) => new Promise((resolve) => w.once("message", resolve))),
);
const half = n >> 1;
const split = () =>
  Promise.all(
    workers.map(
      (w, k) =>
        new Promise((resolve) => {
          w.once("message", resolve);
          w.postMessage(k === 0 ? [0, half] : [half, n]);
        }),
    ),
  );

const main = [],
  two = [];
for (let f = 0; f < frames + 2; f++) {
  let t0 = performance.now();
  np.batch.overlapSphereAABB(spheres, boxes, single);
  const a = performance.now() - t0;
  t0 = performance.now();
  await split();
  const b = performance.now() - t0;
  if (f >= 2) (main.push(a), two.push(b)); // the first two frames warm up
}
for (let i = 0; i < n; i++)
  if (out[i] !== single[i])
    throw new Error(
      `element ${i}: the workers answered ${out[i]}, the main thread ${single[i]}`,
    );
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(
  `overlapSphereAABB, n = ${n}, median of ${frames} frames: main thread ${median(main).toFixed(2)} ms, ` +
    `two workers ${median(two).toFixed(2)} ms, speed-up ${(median(main) / median(two)).toFixed(2)}x`,
);
for (const w of workers) await w.terminate();
