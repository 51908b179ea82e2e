// Benchmark: the cost of one narrowphase call (JS -> WASM -> JS) against three.js's equivalent math, on the
// same inputs (the very same three.js objects are passed to both), in one Node process.
//
//   node tests/bench/boundary.bench.mjs            (npm run bench runs this and the Chromium runner)
//   node tests/bench/boundary.bench.mjs --against <other checkout>/web/lib/index.js [--reps 7]
//
// With --against, it compares this build with another one (an older commit's, say) instead of three.js: both
// modules are loaded in this one process and measured in alternation, `reps` times each, on the same inputs;
// it prints the median per-call ns of each and their ratio, and where each stands against the crossing floor.
//
// Prints median ns/query for each side and the ratio narrowphase / three.js (at most 1 means narrowphase costs
// no more). Not a test: timings depend on the machine; the README records a run. The cases are in
// boundary.cases.mjs; boundary.browser.mjs runs the same ones in Chromium. Then prints where the time of one
// cheap call goes (crossing.cases.mjs): the floor under any JS -> WASM crossing on this runtime.
import {
  Box3,
  Line3,
  Matrix3,
  Matrix4,
  Quaternion,
  Ray,
  Plane,
  Sphere,
  Triangle,
  Vector3,
} from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { Octree } from "three/examples/jsm/math/Octree.js";
import { init } from "../../web/lib/index.js";
import { boundaryBenchmark, formatTable } from "./boundary.cases.mjs";
import { crossingFloor, formatFloor } from "./crossing.cases.mjs";

const three = {
  Box3,
  Line3,
  Matrix3,
  Matrix4,
  Quaternion,
  Ray,
  Sphere,
  Vector3,
  OBB,
  Capsule,
  Triangle,
  Plane,
  Octree,
};
const runtime = `node ${process.version} (V8 ${process.versions.v8})`;
const now = () => performance.now();
const np = await init();
const against = process.argv.indexOf("--against");

if (against > 0) {
  const { resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const otherPath = resolve(process.argv[against + 1]);
  const other = await (await import(pathToFileURL(otherPath).href)).init();
  const repsAt = process.argv.indexOf("--reps");
  const reps = repsAt > 0 ? Number(process.argv[repsAt + 1]) : 7;
  const builds = [
    { name: "this build", np, rows: [], floor: [] },
    { name: otherPath, np: other, rows: [], floor: [] },
  ];
  for (let r = 0; r < reps; r++) {
    for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
      const options = { np: b.np, three, now, runtime, rounds: 5 };
      b.rows.push(boundaryBenchmark({ ...options, calls: 200_000 }).rows);
      b.floor.push(crossingFloor({ ...options, calls: 200_000 }));
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  const per = (b, i) => median(b.rows.map((rows) => rows[i].ours));
  const floorOf = (b, name) =>
    median(b.floor.map((rows) => rows.find((row) => row.name === name).ns));
  console.log(
    `${runtime}; median of ${reps} alternating runs (5 rounds x 200,000 calls each); ns per query`,
  );
  console.log(`other build: ${otherPath}`);
  console.log();
  console.log("| query | this build ns | other build ns | this / other |");
  console.log("|---|---:|---:|---:|");
  // Rows of queries both builds have (an older one may lack some).
  builds[0].rows[0].forEach((row) => {
    const i = builds[1].rows[0].findIndex((r) => r.name === row.name);
    if (i < 0) return;
    const a = per(builds[0], builds[0].rows[0].indexOf(row));
    const b = per(builds[1], i);
    console.log(
      `| ${row.name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(3)} |`,
    );
  });
  console.log();
  console.log("| one sphere-box query | this build ns | other build ns |");
  console.log("|---|---:|---:|");
  const names = builds[0].floor[0].map((row) => row.name);
  for (const name of names) {
    const [a, b] = builds.map((build) => floorOf(build, name));
    console.log(`| ${name} | ${a.toFixed(1)} | ${b.toFixed(1)} |`);
  }
  const ratio = (b) =>
    floorOf(b, "narrowphase overlapSphereAABB") /
    floorOf(b, "marshal + read in WASM (the floor)");
  console.log();
  console.log(
    `overlapSphereAABB / the floor: this build ${ratio(builds[0]).toFixed(2)}x, other build ${ratio(builds[1]).toFixed(2)}x`,
  );
  process.exit(0);
}

const result = boundaryBenchmark({ np, three, now, runtime });
console.log(formatTable(result));
console.log();
console.log("Where one sphere-box call goes (crossing.cases.mjs):");
console.log(formatFloor(crossingFloor({ np, three, now })));
