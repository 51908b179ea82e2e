// Benchmark: the cost of one narrowphase call (JS -> WASM -> JS) against three.js's equivalent math, on the
// same inputs (the very same three.js objects are passed to both), in one Node process.
//
//   node tests/bench/boundary.bench.mjs            (npm run bench runs this and the Chromium runner)
//   node tests/bench/boundary.bench.mjs --against <other checkout>/web/lib/index.js [--reps 7]
//   either with [--rounds N] [--calls N]   (fewer for a quick look: 21 x 500,000, or 5 x 200,000 per rep)
//
// With --against, it compares this build with another one (an older commit's, say) instead of three.js: both
// modules are loaded in this one process and measured in alternation, `reps` times each, on the same inputs;
// it prints the median per-call ns of each, their ratio, each one's ratio to three.js (measured beside it, in
// the same run), and where each stands against the crossing floor.
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
const option = (name, otherwise) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : otherwise;
};

if (against > 0) {
  const { resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const otherPath = resolve(process.argv[against + 1]);
  const other = await (await import(pathToFileURL(otherPath).href)).init();
  const reps = option("--reps", 7);
  const rounds = option("--rounds", 5);
  const calls = option("--calls", 200_000);
  const builds = [
    { name: "this build", np, rows: [], floor: [] },
    { name: otherPath, np: other, rows: [], floor: [] },
  ];
  for (let r = 0; r < reps; r++) {
    for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
      const options = { np: b.np, three, now, runtime, rounds, calls };
      b.rows.push(boundaryBenchmark(options).rows);
      b.floor.push(crossingFloor(options));
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  const per = (b, i, field = "ours") =>
    median(b.rows.map((rows) => rows[i][field]));
  const floorOf = (b, name) =>
    median(b.floor.map((rows) => rows.find((row) => row.name === name).ns));
  console.log(
    `${runtime}; median of ${reps} alternating runs (${rounds} rounds x ${calls} calls each); ns per query`,
  );
  console.log(`other build: ${otherPath}`);
  console.log();
  console.log(
    "| query | this build ns | other build ns | this / other | this / three.js | other / three.js |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  // Rows of queries both builds have (an older one may lack some).
  builds[0].rows[0].forEach((row) => {
    const i = builds[1].rows[0].findIndex((r) => r.name === row.name);
    if (i < 0) return;
    const k = builds[0].rows[0].indexOf(row);
    const a = per(builds[0], k);
    const b = per(builds[1], i);
    const ra = per(builds[0], k, "ratio");
    const rb = per(builds[1], i, "ratio");
    console.log(
      `| ${row.name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(3)} | ${ra.toFixed(2)} | ${rb.toFixed(2)} |`,
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

const result = boundaryBenchmark({
  np,
  three,
  now,
  runtime,
  rounds: option("--rounds", 21),
  calls: option("--calls", 500_000),
});
console.log(formatTable(result));
console.log();
console.log("Where one sphere-box call goes (crossing.cases.mjs):");
console.log(formatFloor(crossingFloor({ np, three, now })));
