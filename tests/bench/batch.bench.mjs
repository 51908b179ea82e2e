// Benchmark: np.batch against a native C++ loop, the best hand-written JS loop and a three.js loop, on the very
// same Float32Arrays, n = 10^6 per function (issue 13's goals: within 1.5x of native, faster than the JS loop).
//
//   node tests/bench/batch.bench.mjs [--n 1000000] [--reps 7] [--clock cpu|wall] [--no-native] [--crossover]
//
// --clock cpu (the default) times each side by the CPU time its process spent (process.cpuUsage() here,
// CLOCK_PROCESS_CPUTIME_ID in the native program), which a machine busy with other jobs inflates far less than
// wall time; --clock wall uses the wall clock on both sides.
// The native side is tests/bench/batch_native.cpp, built here with `g++ -O3 -march=native` and run on the same
// arrays (written to a temporary folder) as a child process launched once per round, between the JS rounds:
// hand-written branch-free loops in double, without validation. The JS sides run in this process,
// interleaved, each its own function so that V8 optimizes it alone. Prints the median ns per query of each
// side, and batch / native as the median of the ratios taken round by round (a change of load between rounds
// moves both sides of a round alike), after checking that every side gives the
// batch's answers (booleans equal, distances and fractions within float32 rounding). --crossover also prints,
// for small n, the cost per query of one batch call against n single calls: where batch starts to pay.
//
// Not a test: timings depend on the machine and its load; the README records a run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Box3, Ray, Sphere, Vector3 } from "three";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { init } from "../../web/lib/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const n = arg("--n", 1e6);
const clockAt = process.argv.indexOf("--clock");
const clock = clockAt > 0 ? process.argv[clockAt + 1] : "cpu";
const reps = arg("--reps", 7);
const np = await init();

// ---------------------------------------------------------------------------------------------------------
// The inputs: seeded, in [-4, 4], about half of each function's queries hitting.

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(13);
const coord = () => random() * 8 - 4;
function boxes(count) {
  const b = new Float32Array(count * 6);
  for (let i = 0; i < count; i++)
    for (let k = 0; k < 3; k++) {
      b[6 * i + k] = coord();
      b[6 * i + 3 + k] = b[6 * i + k] + random() * 3;
    }
  return b;
}
function fill(count, stride, make) {
  const a = new Float32Array(count * stride);
  for (let i = 0; i < count; i++) make(a, i * stride);
  return a;
}
function rotation(a, at) {
  let [w, x, y, z] = [
    random() - 0.5,
    random() - 0.5,
    random() - 0.5,
    random() - 0.5,
  ];
  const l = Math.hypot(w, x, y, z);
  [w, x, y, z] = [w / l, x / l, y / l, z / l];
  a.set(
    [
      1 - 2 * (y * y + z * z),
      2 * (x * y + w * z),
      2 * (x * z - w * y),
      2 * (x * y - w * z),
      1 - 2 * (x * x + z * z),
      2 * (y * z + w * x),
      2 * (x * z + w * y),
      2 * (y * z - w * x),
      1 - 2 * (x * x + y * y),
    ],
    at,
  );
}
const obb = (a, at) => {
  for (let k = 0; k < 3; k++) a[at + k] = coord() * 1.2;
  for (let k = 3; k < 6; k++) a[at + k] = random() * 1.5;
  rotation(a, at + 6);
};
const data = {
  spheres: fill(n, 4, (a, at) =>
    a.set([coord(), coord(), coord(), random() * 2], at),
  ),
  boxes: boxes(n),
  points: fill(n, 3, (a, at) => a.set([coord(), coord(), coord()], at)),
  rays: fill(n, 6, (a, at) =>
    a.set([coord(), coord(), coord(), coord(), coord(), coord()], at),
  ),
  obbA: fill(n, 15, obb),
  obbB: fill(n, 15, obb),
  casts: fill(n, 7, (a, at) =>
    a.set([coord(), coord(), coord(), coord(), coord(), coord(), random()], at),
  ),
  targets: fill(n, 4, (a, at) =>
    a.set([coord(), coord(), coord(), random()], at),
  ),
};

// ---------------------------------------------------------------------------------------------------------
// The hand-written JS loops: f64 arithmetic on the Float32Arrays, Math.max/min rather than branches.

function jsOverlapSphereAABB(s, b, out) {
  for (let i = 0, j = 0, k = 0; i < out.length; i++, j += 4, k += 6) {
    const cx = s[j],
      cy = s[j + 1],
      cz = s[j + 2],
      r = s[j + 3];
    const dx = Math.max(b[k] - cx, cx - b[k + 3], 0);
    const dy = Math.max(b[k + 1] - cy, cy - b[k + 4], 0);
    const dz = Math.max(b[k + 2] - cz, cz - b[k + 5], 0);
    out[i] = dx * dx + dy * dy + dz * dz <= r * r ? 1 : 0;
  }
}
function jsDistancePointAABB(p, b, out) {
  for (let i = 0, j = 0, k = 0; i < out.length; i++, j += 3, k += 6) {
    const x = p[j],
      y = p[j + 1],
      z = p[j + 2];
    const dx = Math.max(b[k] - x, x - b[k + 3], 0);
    const dy = Math.max(b[k + 1] - y, y - b[k + 4], 0);
    const dz = Math.max(b[k + 2] - z, z - b[k + 5], 0);
    out[i] = Math.sqrt(dx * dx + dy * dy + dz * dz);
  }
}
function jsRaycastAABB(r, b, maxDistance, out) {
  for (let i = 0, j = 0; i < out.length; i++, j += 6) {
    const dx = r[j + 3],
      dy = r[j + 4],
      dz = r[j + 5];
    const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    let near = 0,
      far = maxDistance;
    for (let k = 0; k < 3; k++) {
      const u = r[j + 3 + k] / len,
        o = r[j + k],
        lo = b[j + k],
        hi = b[j + 3 + k];
      if (u === 0) {
        if (o < lo || o > hi) far = -1;
      } else {
        const t1 = (lo - o) / u,
          t2 = (hi - o) / u;
        near = Math.max(near, Math.min(t1, t2));
        far = Math.min(far, Math.max(t1, t2));
      }
    }
    out[i] = near <= far ? near : Infinity;
  }
}
// Ericson 4.4.1 with an early exit at the first separating axis (the fastest form in JS).
function jsOverlapOBBOBB(A, B, out) {
  const R = new Float64Array(9),
    AR = new Float64Array(9);
  for (let i = 0, j = 0; i < out.length; i++, j += 15) {
    for (let x = 0; x < 3; x++)
      for (let y = 0; y < 3; y++) {
        const v =
          A[j + 6 + 3 * x] * B[j + 6 + 3 * y] +
          A[j + 7 + 3 * x] * B[j + 7 + 3 * y] +
          A[j + 8 + 3 * x] * B[j + 8 + 3 * y];
        R[3 * x + y] = v;
        AR[3 * x + y] = Math.abs(v);
      }
    const d0 = B[j] - A[j],
      d1 = B[j + 1] - A[j + 1],
      d2 = B[j + 2] - A[j + 2];
    const t0 = d0 * A[j + 6] + d1 * A[j + 7] + d2 * A[j + 8];
    const t1 = d0 * A[j + 9] + d1 * A[j + 10] + d2 * A[j + 11];
    const t2 = d0 * A[j + 12] + d1 * A[j + 13] + d2 * A[j + 14];
    const a0 = A[j + 3],
      a1 = A[j + 4],
      a2 = A[j + 5],
      b0 = B[j + 3],
      b1 = B[j + 4],
      b2 = B[j + 5];
    const slack =
      2 ** -20 *
      (a0 +
        a1 +
        a2 +
        b0 +
        b1 +
        b2 +
        Math.abs(t0) +
        Math.abs(t1) +
        Math.abs(t2));
    out[i] =
      Math.abs(t0) > a0 + b0 * AR[0] + b1 * AR[1] + b2 * AR[2] ||
      Math.abs(t1) > a1 + b0 * AR[3] + b1 * AR[4] + b2 * AR[5] ||
      Math.abs(t2) > a2 + b0 * AR[6] + b1 * AR[7] + b2 * AR[8] ||
      Math.abs(t0 * R[0] + t1 * R[3] + t2 * R[6]) >
        b0 + a0 * AR[0] + a1 * AR[3] + a2 * AR[6] ||
      Math.abs(t0 * R[1] + t1 * R[4] + t2 * R[7]) >
        b1 + a0 * AR[1] + a1 * AR[4] + a2 * AR[7] ||
      Math.abs(t0 * R[2] + t1 * R[5] + t2 * R[8]) >
        b2 + a0 * AR[2] + a1 * AR[5] + a2 * AR[8] ||
      Math.abs(t2 * R[3] - t1 * R[6]) >
        a1 * AR[6] + a2 * AR[3] + b1 * AR[2] + b2 * AR[1] + slack ||
      Math.abs(t2 * R[4] - t1 * R[7]) >
        a1 * AR[7] + a2 * AR[4] + b0 * AR[2] + b2 * AR[0] + slack ||
      Math.abs(t2 * R[5] - t1 * R[8]) >
        a1 * AR[8] + a2 * AR[5] + b0 * AR[1] + b1 * AR[0] + slack ||
      Math.abs(t0 * R[6] - t2 * R[0]) >
        a0 * AR[6] + a2 * AR[0] + b1 * AR[5] + b2 * AR[4] + slack ||
      Math.abs(t0 * R[7] - t2 * R[1]) >
        a0 * AR[7] + a2 * AR[1] + b0 * AR[5] + b2 * AR[3] + slack ||
      Math.abs(t0 * R[8] - t2 * R[2]) >
        a0 * AR[8] + a2 * AR[2] + b0 * AR[4] + b1 * AR[3] + slack ||
      Math.abs(t1 * R[0] - t0 * R[3]) >
        a0 * AR[3] + a1 * AR[0] + b1 * AR[8] + b2 * AR[7] + slack ||
      Math.abs(t1 * R[1] - t0 * R[4]) >
        a0 * AR[4] + a1 * AR[1] + b0 * AR[8] + b2 * AR[6] + slack ||
      Math.abs(t1 * R[2] - t0 * R[5]) >
        a0 * AR[5] + a1 * AR[2] + b0 * AR[7] + b1 * AR[6] + slack
        ? 0
        : 1;
  }
}
function jsSphereCastSphere(c, s, out) {
  for (let i = 0, j = 0, k = 0; i < out.length; i++, j += 7, k += 4) {
    const mx = c[j] - s[k],
      my = c[j + 1] - s[k + 1],
      mz = c[j + 2] - s[k + 2];
    const dx = c[j + 3] - c[j],
      dy = c[j + 4] - c[j + 1],
      dz = c[j + 5] - c[j + 2];
    const reach = c[j + 6] + s[k + 3];
    const a = dx * dx + dy * dy + dz * dz;
    const b = mx * dx + my * dy + mz * dz;
    const cc = mx * mx + my * my + mz * mz - reach * reach;
    const disc = b * b - a * cc;
    const t = cc / (Math.sqrt(Math.max(disc, 0)) - b);
    out[i] = cc <= 0 ? 0 : b < 0 && disc >= 0 && t <= 1 ? t : Infinity;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The three.js loops: one set of objects, filled from the arrays for each query.

const v = new Vector3(),
  p = new Vector3();
const sphere = new Sphere(),
  box = new Box3(),
  ray = new Ray();
const obbA = new OBB(),
  obbB = new OBB();
function threeOverlapSphereAABB(s, b, out) {
  for (let i = 0; i < out.length; i++) {
    sphere.center.fromArray(s, 4 * i);
    sphere.radius = s[4 * i + 3];
    box.min.fromArray(b, 6 * i);
    box.max.fromArray(b, 6 * i + 3);
    out[i] = box.intersectsSphere(sphere) ? 1 : 0;
  }
}
function threeDistancePointAABB(q, b, out) {
  for (let i = 0; i < out.length; i++) {
    p.fromArray(q, 3 * i);
    box.min.fromArray(b, 6 * i);
    box.max.fromArray(b, 6 * i + 3);
    out[i] = box.distanceToPoint(p);
  }
}
function threeRaycastAABB(r, b, maxDistance, out) {
  for (let i = 0; i < out.length; i++) {
    ray.origin.fromArray(r, 6 * i);
    ray.direction.fromArray(r, 6 * i + 3).normalize();
    box.min.fromArray(b, 6 * i);
    box.max.fromArray(b, 6 * i + 3);
    // three.js reports the exit point for a ray starting inside: the convention here is 0.
    if (box.containsPoint(ray.origin)) out[i] = 0;
    else {
      const hit = ray.intersectBox(box, v);
      const d = hit === null ? Infinity : hit.distanceTo(ray.origin);
      out[i] = d <= maxDistance ? d : Infinity;
    }
  }
}
function threeOverlapOBBOBB(A, B, out) {
  for (let i = 0; i < out.length; i++) {
    obbA.center.fromArray(A, 15 * i);
    obbA.halfSize.fromArray(A, 15 * i + 3);
    obbA.rotation.fromArray(A, 15 * i + 6);
    obbB.center.fromArray(B, 15 * i);
    obbB.halfSize.fromArray(B, 15 * i + 3);
    obbB.rotation.fromArray(B, 15 * i + 6);
    out[i] = obbA.intersectsOBB(obbB) ? 1 : 0;
  }
}
// three.js has no sphere cast: a ray from the start against the target grown by the radius.
function threeSphereCastSphere(c, s, out) {
  for (let i = 0; i < out.length; i++) {
    ray.origin.fromArray(c, 7 * i);
    v.fromArray(c, 7 * i + 3).sub(ray.origin);
    const length = v.length();
    sphere.center.fromArray(s, 4 * i);
    sphere.radius = s[4 * i + 3] + c[7 * i + 6];
    if (sphere.containsPoint(ray.origin)) out[i] = 0;
    else if (length === 0) out[i] = Infinity;
    else {
      ray.direction.copy(v).divideScalar(length);
      const hit = ray.intersectSphere(sphere, p);
      const d = hit === null ? Infinity : hit.distanceTo(ray.origin);
      out[i] = d <= length ? d / length : Infinity;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------

const FUNCTIONS = [
  [
    "overlapSphereAABB",
    ["spheres", "boxes"],
    Uint8Array,
    jsOverlapSphereAABB,
    threeOverlapSphereAABB,
  ],
  [
    "distancePointAABB",
    ["points", "boxes"],
    Float32Array,
    jsDistancePointAABB,
    threeDistancePointAABB,
  ],
  [
    "raycastAABB",
    ["rays", "boxes"],
    Float32Array,
    jsRaycastAABB,
    threeRaycastAABB,
  ],
  [
    "overlapOBBOBB",
    ["obbA", "obbB"],
    Uint8Array,
    jsOverlapOBBOBB,
    threeOverlapOBBOBB,
  ],
  [
    "sphereCastSphere",
    ["casts", "targets"],
    Float32Array,
    jsSphereCastSphere,
    threeSphereCastSphere,
  ],
];
const hasMax = (name) => name === "raycastAABB";

// Every side's answers against the batch's: booleans equal; numbers within float32 rounding (a decision may
// differ within rounding of its boundary, and three.js's float math is looser: counted, not failed).
function disagreements(reference, answers) {
  let count = 0;
  for (let i = 0; i < reference.length; i++) {
    const a = reference[i],
      b = answers[i];
    if (a === b) continue;
    if (
      Number.isFinite(a) &&
      Number.isFinite(b) &&
      Math.abs(a - b) <= 2e-6 * (1 + Math.abs(a))
    )
      continue;
    count++;
  }
  return count;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const timeIt = (f) => {
  if (clock === "wall") {
    const t0 = performance.now();
    f();
    return ((performance.now() - t0) * 1e6) / n;
  }
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1e3) / n;
};

// The native loops: built once; the arrays written once to a temporary folder. Each round of each function
// launches the native program for that function alone (one untimed run, then one timed), between the JS sides'
// rounds, so that a change of load moves both alike; the ratios are taken round by round.
let native = null;
if (!process.argv.includes("--no-native")) {
  const dir = mkdtempSync(join(tmpdir(), "np-batch-bench-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  for (const [name, array] of Object.entries(data))
    writeFileSync(
      join(dir, name),
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
    );
  const exe = join(dir, "batch_native");
  execFileSync("g++", [
    "-O3",
    "-march=native",
    "-std=c++17",
    join(here, "batch_native.cpp"),
    "-o",
    exe,
  ]);
  native = {
    // One timed round of `name`: ns per query.
    round(name) {
      const line = execFileSync(exe, [dir, String(n), "1", clock, name], {
        encoding: "utf8",
      }).trim();
      const [printed, ns] = line.split(" ");
      if (printed !== name) throw new Error(`batch_native printed ${line}`);
      return Number(ns);
    },
    // The answers of the last round of `name`.
    answers(name, Out) {
      const bytes = readFileSync(join(dir, `out.${name}`));
      return new Out(bytes.buffer, bytes.byteOffset, n);
    },
  };
}

console.log(
  `np.batch, n = ${n}, median of ${reps} rounds (ns per query; ratios to native: median of the rounds' ratios; ${clock === "wall" ? "wall" : "CPU"} time); node ${process.version}`,
);
const rows = [];
for (const [name, [inA, inB], Out, jsLoop, threeLoop] of FUNCTIONS) {
  const a = data[inA],
    b = data[inB];
  const out = {
    batch: new Out(n),
    js: new Float64Array(n),
    three: new Float64Array(n),
  };
  // The same numbers in the module's memory (np.batch.allocate), read in place.
  const wa = np.batch.allocate(Float32Array, a.length);
  const wb = np.batch.allocate(Float32Array, b.length);
  const wout = np.batch.allocate(Out, n);
  const [ia, ib, iout] = [
    np.batch.view(wa),
    np.batch.view(wb),
    np.batch.view(wout),
  ];
  ia.set(a);
  ib.set(b);
  const max = Infinity;
  const sides = hasMax(name)
    ? {
        batch: () => np.batch[name](a, b, max, out.batch),
        inPlace: () => np.batch[name](ia, ib, max, iout),
        js: () => jsLoop(a, b, max, out.js),
        three: () => threeLoop(a, b, max, out.three),
      }
    : {
        batch: () => np.batch[name](a, b, out.batch),
        inPlace: () => np.batch[name](ia, ib, iout),
        js: () => jsLoop(a, b, out.js),
        three: () => threeLoop(a, b, out.three),
      };
  const times = { batch: [], inPlace: [], js: [], three: [], native: [] };
  if (!native) for (const side of Object.keys(sides)) sides[side](); // warm up
  for (let r = 0; r < reps; r++) {
    if (native) {
      times.native.push(native.round(name));
      // Launching a process makes this one's next write to each page fault (measured: the side timed right
      // after a launch took up to 3x longer): every side runs once more, untimed, before its timed round.
      for (const side of Object.keys(sides)) sides[side]();
    }
    for (const side of Object.keys(sides))
      times[side].push(timeIt(sides[side]));
  }
  // batch / native and in place / native, round by round.
  const ratios = times.native.map((t, r) => [
    times.batch[r] / t,
    times.inPlace[r] / t,
  ]);
  const inPlaceDiffer = disagreements(out.batch, iout);
  for (const array of [wa, wb, wout]) np.batch.free(array);
  const row = {
    name,
    batch: median(times.batch),
    inPlace: median(times.inPlace),
    inPlaceDiffer,
    js: median(times.js),
    three: median(times.three),
    native: native ? median(times.native) : undefined,
    ratio: native ? median(ratios.map(([x]) => x)) : undefined,
    ratioInPlace: native ? median(ratios.map(([, y]) => y)) : undefined,
    ratioRange: native
      ? [0, 1].map((k) => [
          Math.min(...ratios.map((q) => q[k])),
          Math.max(...ratios.map((q) => q[k])),
        ])
      : undefined,
    differ: {
      js: disagreements(out.batch, out.js),
      three: disagreements(out.batch, out.three),
      native: native
        ? disagreements(out.batch, native.answers(name, Out))
        : null,
    },
  };
  rows.push(row);
}

const f = (x, d = 1) => (x === undefined ? "-" : x.toFixed(d));
console.log(
  "\n| function | native ns | np.batch ns (copied / in place) | JS loop ns | three.js ns | batch / native (goal <= 1.5) | JS / batch (goal > 1) | three.js / batch |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
const pair = (x, y, d = 1) => `${f(x, d)} / ${f(y, d)}`;
for (const r of rows)
  console.log(
    `| ${r.name} | ${f(r.native)} | ${pair(r.batch, r.inPlace)} | ${f(r.js)} | ${f(r.three)} | ${r.native ? pair(r.ratio, r.ratioInPlace, 2) : "-"} | ${pair(r.js / r.batch, r.js / r.inPlace, 2)} | ${pair(r.three / r.batch, r.three / r.inPlace, 2)} |`,
  );
if (native)
  console.log(
    "\nbatch / native per round, lowest-highest (copied; in place): " +
      rows
        .map(
          (r) =>
            `${r.name} ${pair(...r.ratioRange[0], 2).replace(" / ", "-")}; ${pair(...r.ratioRange[1], 2).replace(" / ", "-")}`,
        )
        .join(", "),
  );
console.log(
  "\nAnswers differing from np.batch's (of n): " +
    rows
      .map(
        (r) =>
          `${r.name}: in place ${r.inPlaceDiffer}, native ${r.differ.native ?? "-"}, JS ${r.differ.js}, three.js ${r.differ.three}`,
      )
      .join("; "),
);
const internals = np[Symbol.for("narrowphase.internals")];
console.log(
  `WASM memory after the run: ${(internals.memoryBytes() / 2 ** 20).toFixed(2)} MiB`,
);

// Where a batch call starts to pay against single calls, per query (overlapSphereAABB; the objects of the
// single calls are prepared beforehand, as a game holds them).
if (process.argv.includes("--crossover")) {
  console.log(
    "\n| n | np.batch ns/query | single calls ns/query | JS loop ns/query |",
  );
  console.log("|---:|---:|---:|---:|");
  for (const m of [1, 2, 4, 8, 16, 32, 64, 256, 1024]) {
    const s = data.spheres.slice(0, 4 * m),
      b = data.boxes.slice(0, 6 * m);
    const out = new Uint8Array(m);
    const spheres = Array.from({ length: m }, (_, i) => ({
      center: { x: s[4 * i], y: s[4 * i + 1], z: s[4 * i + 2] },
      radius: s[4 * i + 3],
    }));
    const bx = Array.from({ length: m }, (_, i) => ({
      min: { x: b[6 * i], y: b[6 * i + 1], z: b[6 * i + 2] },
      max: { x: b[6 * i + 3], y: b[6 * i + 4], z: b[6 * i + 5] },
    }));
    const calls = Math.ceil(2e6 / m);
    const sides = {
      batch: () => {
        for (let c = 0; c < calls; c++) np.batch.overlapSphereAABB(s, b, out);
      },
      single: () => {
        for (let c = 0; c < calls; c++)
          for (let i = 0; i < m; i++)
            out[i] = np.overlapSphereAABB(spheres[i], bx[i]) ? 1 : 0;
      },
      js: () => {
        for (let c = 0; c < calls; c++) jsOverlapSphereAABB(s, b, out);
      },
    };
    const t = { batch: [], single: [], js: [] };
    for (let r = 0; r < reps; r++)
      for (const [side, run] of Object.entries(sides)) {
        const t0 = performance.now();
        run();
        t[side].push(((performance.now() - t0) * 1e6) / (calls * m));
      }
    console.log(
      `| ${m} | ${f(median(t.batch))} | ${f(median(t.single))} | ${f(median(t.js))} |`,
    );
  }
}
