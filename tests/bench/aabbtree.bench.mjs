// Benchmark: np.createAABBTree against Rapier's world queries over the same boxes, in one Node process: the
// nearest box hit by a ray (boxes.raycast against World.castRay, solid), the boxes touching a box
// (boxes.boxesInAABB against World.intersectionsWithShape with a Cuboid) and those touching a sphere
// (boxes.boxesInSphere against intersectionsWithShape with a Ball), and moving every box (boxes.updateAll, a
// refit, against setTranslation on every collider and the World.step that brings Rapier's broad phase up to date).
//
//   npm --prefix tests/bench ci        (once: Rapier is a dependency of the benchmarks only, tests/bench/package.json)
//   node tests/bench/aabbtree.bench.mjs [--boxes 100000] [--rounds 11] [--calls 20000] [--update-rounds 21]
//                                       [--update-warmup 5]
//
// The scene: --boxes axis-aligned boxes, centres uniform in [-100, 100]^3 and half sizes in [0.1, 1], every number
// a float32 so that both libraries hold exactly the same boxes (Rapier stores f32; narrowphase doubles). Rapier's
// are fixed colliders (no rigid body) with a Cuboid shape, stepped once so that its broad phase holds them all.
// Queries (1,024 of each, cycled): rays from points in the scene in random unit directions; boxes and spheres of
// half size / radius 1 to 3 centred in the scene. A game keeps its query objects, so the shapes and result objects
// are built once, before the clock; Rapier's set queries call back once per collider found (collected into a
// reused array, as narrowphase's `out`).
//
// Before any timing, the two must agree on every input: hit or miss alike and the same distance within
// AGREEMENT (Rapier computes in f32), and the same number of boxes found for every box and sphere (random queries
// do not touch exactly). Prints median ns per call (ms for updateAll) and the ratio narrowphase / Rapier (below 1:
// narrowphase is faster). Not a test: timings depend on the machine.
import RAPIER from "@dimforge/rapier3d-compat";
import { init } from "../../web/lib/index.js";
import { arg, median, mulberry32, timePerCall, timeRounds } from "./timing.mjs";

const BOXES = arg("--boxes", 100_000);
const ROUNDS = arg("--rounds", 11);
const CALLS = arg("--calls", 20_000);
const UPDATE_ROUNDS = arg("--update-rounds", 21);
const UPDATE_WARMUP = arg("--update-warmup", 5);
const N = 1024;
const MASK = N - 1;
const AGREEMENT = 1e-3; // world units; the scene spans 200

await RAPIER.init();
const np = await init();

// Seeded inputs (mulberry32).
const unit = mulberry32(14);
const range = (lo, hi) => Math.fround(lo + (hi - lo) * unit());
const vec = (r) => ({ x: range(-r, r), y: range(-r, r), z: range(-r, r) });

// The boxes: centre and half size (float32), and min / max (exact in double: differences of float32s).
const centres = Array.from({ length: BOXES }, () => vec(100));
const halves = Array.from({ length: BOXES }, () => ({
  x: range(0.1, 1),
  y: range(0.1, 1),
  z: range(0.1, 1),
}));
function pack(offset) {
  const a = new Float64Array(6 * BOXES);
  for (let i = 0; i < BOXES; i++) {
    const c = centres[i],
      h = halves[i];
    a.set(
      [
        c.x + offset - h.x,
        c.y - h.y,
        c.z - h.z,
        c.x + offset + h.x,
        c.y + h.y,
        c.z + h.z,
      ],
      6 * i,
    );
  }
  return a;
}
const aabbs = pack(0);
// updateAll's inputs: the scene moved back and forth by 0.25 along x.
const moved = [pack(0.25), aabbs];

const t0 = performance.now();
const tree = np.createAABBTree(aabbs);
const ourBuild = performance.now() - t0;

const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
const colliders = centres.map((c, i) =>
  world.createCollider(
    RAPIER.ColliderDesc.cuboid(
      halves[i].x,
      halves[i].y,
      halves[i].z,
    ).setTranslation(c.x, c.y, c.z),
  ),
);
const index = new Map(colliders.map((c, i) => [c.handle, i]));
world.step();

// ---- Queries
const rays = Array.from({ length: N }, () => {
  const origin = vec(100);
  let d;
  do d = vec(1);
  while (Math.hypot(d.x, d.y, d.z) < 0.1);
  const l = Math.hypot(d.x, d.y, d.z);
  return { origin, direction: { x: d.x / l, y: d.y / l, z: d.z / l } };
});
const rapierRays = rays.map((r) => new RAPIER.Ray(r.origin, r.direction));
const boxQueries = Array.from({ length: N }, () => {
  const c = vec(100),
    h = range(1, 3);
  return {
    box: {
      min: { x: c.x - h, y: c.y - h, z: c.z - h },
      max: { x: c.x + h, y: c.y + h, z: c.z + h },
    },
    centre: c,
    shape: new RAPIER.Cuboid(h, h, h),
  };
});
const sphereQueries = Array.from({ length: N }, () => {
  const c = vec(100),
    r = range(1, 3);
  return { sphere: { center: c, radius: r }, shape: new RAPIER.Ball(r) };
});
const identity = { x: 0, y: 0, z: 0, w: 1 };
const out = new Uint32Array(BOXES);
const found = new Uint32Array(BOXES);
let foundCount = 0;
const collect = (collider) => {
  found[foundCount++] = index.get(collider.handle);
  return true;
};
const rapierBoxes = (q) => {
  foundCount = 0;
  world.intersectionsWithShape(q.centre, identity, q.shape, collect);
  return foundCount;
};
const rapierSpheres = (q) => {
  foundCount = 0;
  world.intersectionsWithShape(q.sphere.center, identity, q.shape, collect);
  return foundCount;
};

// ---- Agreement
let hits = 0,
  worst = 0,
  inBoxes = 0,
  inSpheres = 0;
for (let i = 0; i < N; i++) {
  const ours = tree.raycast(rays[i]);
  const theirs = world.castRay(rapierRays[i], 1e9, true);
  if ((ours === null) !== (theirs === null))
    throw new Error(`ray ${i}: narrowphase and Rapier disagree on hit or miss`);
  if (ours) {
    hits++;
    const d = Math.abs(ours.distance - theirs.timeOfImpact);
    worst = Math.max(worst, d);
    if (d > AGREEMENT)
      throw new Error(
        `ray ${i}: narrowphase ${ours.distance}, Rapier ${theirs.timeOfImpact}`,
      );
  }
  const a = tree.boxesInAABB(boxQueries[i].box, out).length;
  if (a !== rapierBoxes(boxQueries[i]))
    throw new Error(`box ${i}: narrowphase finds ${a}, Rapier ${foundCount}`);
  inBoxes += a;
  const s = tree.boxesInSphere(sphereQueries[i].sphere, out).length;
  if (s !== rapierSpheres(sphereQueries[i]))
    throw new Error(
      `sphere ${i}: narrowphase finds ${s}, Rapier ${foundCount}`,
    );
  inSpheres += s;
}

// Median over ROUNDS of the time per call of `fn(i)` over CALLS calls, in ns.
const time = (fn) => timePerCall(fn, ROUNDS, CALLS, MASK);
// Median over UPDATE_ROUNDS of one call of `fn(round)`, in ms, after UPDATE_WARMUP untimed calls (V8 runs a WASM
// function in its baseline compiler, Liftoff, until it has run enough to be optimized in the background: the
// first calls of updateAll measure that, not the frames after); the median process CPU time per call is kept in
// `cpu` (on a loaded machine the wall clock also counts the time other processes hold the cores).
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
const cpu = {};
const timeUpdate = (name, fn) => {
  for (let r = 0; r < UPDATE_WARMUP; r++) fn(r);
  const samples = [];
  const wall = timeRounds((r) => {
    const c0 = cpuMs();
    fn(r);
    samples.push(cpuMs() - c0);
  }, UPDATE_ROUNDS);
  cpu[name] = median(samples);
  return wall;
};

const hit = {
  distance: 0,
  point: { x: 0, y: 0, z: 0 },
  normal: { x: 0, y: 0, z: 0 },
  index: 0,
};
const ourRay = time((i) => tree.raycast(rays[i], Infinity, hit));
const theirRay = time((i) => world.castRay(rapierRays[i], 1e9, true));
const ourBox = time((i) => tree.boxesInAABB(boxQueries[i].box, out));
const theirBox = time((i) => rapierBoxes(boxQueries[i]));
const ourSphere = time((i) => tree.boxesInSphere(sphereQueries[i].sphere, out));
const theirSphere = time((i) => rapierSpheres(sphereQueries[i]));
const ourUpdate = timeUpdate("ours", (r) => tree.updateAll(moved[r & 1]));
const translations = [0.25, 0].map((dx) =>
  centres.map((c) => ({ x: c.x + dx, y: c.y, z: c.z })),
);
const theirUpdate = timeUpdate("theirs", (r) => {
  const t = translations[r & 1];
  for (let i = 0; i < BOXES; i++) colliders[i].setTranslation(t[i]);
  world.step();
});
// The queries still agree after the moves (both sides end at the same round's positions).
for (let i = 0; i < N; i++) {
  const a = tree.boxesInAABB(boxQueries[i].box, out).length;
  if (a !== rapierBoxes(boxQueries[i]))
    throw new Error(`after updateAll, box ${i}: ${a} against ${foundCount}`);
}

const rows = [
  ["raycast / castRay (ns)", ourRay, theirRay],
  ["boxesInAABB / intersectionsWithShape(Cuboid) (ns)", ourBox, theirBox],
  ["boxesInSphere / intersectionsWithShape(Ball) (ns)", ourSphere, theirSphere],
  [
    `updateAll of ${BOXES} boxes / setTranslation x ${BOXES} + step (ms)`,
    ourUpdate,
    theirUpdate,
  ],
];
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
console.log(
  `${BOXES} boxes; ${hits} of ${N} rays hit (distances agree within ${worst.toExponential(1)}); boxes find ${(inBoxes / N).toFixed(1)} and spheres ${(inSpheres / N).toFixed(1)} boxes on average; narrowphase's build ${ourBuild.toFixed(0)} ms, ${(tree.memoryBytes / 1048576).toFixed(1)} MiB`,
);
console.log(
  `| measure | narrowphase | Rapier 0.21 | ratio |\n|---|---:|---:|---:|`,
);
for (const [name, ours, theirs] of rows)
  console.log(
    `| ${name} | ${fmt(ours)} | ${fmt(theirs)} | ${(ours / theirs).toFixed(2)}x |`,
  );
console.log(
  `updateAll's median process CPU time per call: narrowphase ${fmt(cpu.ours)} ms, Rapier ${fmt(cpu.theirs)} ms (after ${UPDATE_WARMUP} untimed calls each)`,
);
tree.dispose();
