// Benchmark: the mesh query rows of mesh.bench.mjs (raycast, closestPoint, trianglesInSphere, overlapSphere,
// contactsSphere, contactsCapsule, sphereCast, capsuleCast) on two or more builds of the module, in one Node
// process, the builds' rounds interleaved (timing.mjs's timeInterleaved: each round times every build in turn,
// after two untimed rounds, so that a change in the machine's load hits them alike and V8 has tiered the WASM
// up): for measuring a change of the core against the build before it, which mesh.bench.mjs's rows, timed in
// turn against three-mesh-bvh, cannot resolve under load. Before timing, every build must give the same
// answers (the same JSON of every query's result) on all 1,024 inputs of each row. Not a test.
//
//   cp -r web/lib /tmp/before-lib            (on the commit before the change, after npm run build)
//   node tests/bench/mesh_ab.bench.mjs lib=/tmp/before-lib lib=web/lib [--triangles 102400] [--rounds 9]
//                                      [--calls 4000] [--only WORD]
//
// Prints each build's bvhBytes and memoryBytes, then per row the median ns per call of each build and the
// ratio of each build to the first (below 1: faster than the first). The mesh and queries are mesh.bench.mjs's
// (mesh_inputs.mjs); the slow rows take fewer calls per round (contacts, capsuleCast, closestPoint).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { castTarget, knot, meshQueries } from "./mesh_inputs.mjs";
import { arg, argText, timeInterleaved } from "./timing.mjs";

const ROUNDS = arg("--rounds", 9);
const CALLS = arg("--calls", 4000);
const ONLY = argText("--only", "");
const N = 1024;
const MASK = N - 1;
const libs = process.argv
  .filter((a) => a.startsWith("lib="))
  .map((a) => a.slice(4));
if (libs.length < 2)
  throw new Error("give two or more builds: lib=DIR lib=DIR ...");

const { geometry, triangles, name } = knot();
const { rays, points, spheres, capsules, casts } = meshQueries(geometry, N);
const meshes = {};
for (const [k, dir] of libs.entries()) {
  const { init } = await import(
    pathToFileURL(path.resolve(dir, "index.js")).href
  );
  const np = await init();
  meshes[`${k}:${dir}`] = np.createMesh(geometry);
}
const names = Object.keys(meshes);

const out = new Uint32Array(triangles);
const answers = (m, i) =>
  JSON.stringify([
    m.raycast(rays[i]),
    m.closestPoint(points[i]),
    Array.from(m.trianglesInSphere(spheres[i], out)),
    m.overlapSphere(spheres[i]),
    m.contactsSphere(spheres[i]),
    m.contactsCapsule(capsules[i]),
    m.sphereCast(casts[i].start, casts[i].end, casts[i].radius),
    m.capsuleCast(casts[i].capsule, casts[i].translation),
  ]);
for (let i = 0; i < N; i++) {
  const first = answers(meshes[names[0]], i);
  for (const n of names.slice(1))
    if (answers(meshes[n], i) !== first)
      throw new Error(`input ${i}: ${n} answers differently from ${names[0]}`);
}
console.log(
  `${name}: ${triangles} triangles; every build gives the same answers on all ${N} inputs of each row`,
);
for (const n of names)
  console.log(
    `${n}: bvhBytes ${meshes[n].bvhBytes} (${(meshes[n].bvhBytes / 1024).toFixed(0)} KiB), memoryBytes ${meshes[n].memoryBytes}`,
  );

const hit = {};
const near = { distance: 0, point: { x: 0, y: 0, z: 0 }, triangle: 0 };
const castHit = castTarget();
const rows = {
  raycast: [1, (m) => (i) => m.raycast(rays[i], Infinity, hit)],
  closestPoint: [0.5, (m) => (i) => m.closestPoint(points[i], Infinity, near)],
  trianglesInSphere: [1, (m) => (i) => m.trianglesInSphere(spheres[i], out)],
  overlapSphere: [1, (m) => (i) => m.overlapSphere(spheres[i])],
  contactsSphere: [0.25, (m) => (i) => m.contactsSphere(spheres[i])],
  contactsCapsule: [0.1, (m) => (i) => m.contactsCapsule(capsules[i])],
  sphereCast: [
    1,
    (m) => (i) =>
      m.sphereCast(casts[i].start, casts[i].end, casts[i].radius, castHit),
  ],
  capsuleCast: [
    0.25,
    (m) => (i) =>
      m.capsuleCast(casts[i].capsule, casts[i].translation, castHit),
  ],
};
const others = names.slice(1);
console.log(
  `| row (ns) | ${names.join(" | ")} | ${others.map((n) => `${n} / ${names[0]}`).join(" | ")} |`,
);
console.log(
  `|---|${names.map(() => "---:").join("|")}|${others.map(() => "---:").join("|")}|`,
);
for (const [row, [share, make]] of Object.entries(rows)) {
  if (!row.includes(ONLY)) continue;
  const fns = Object.fromEntries(names.map((n) => [n, make(meshes[n])]));
  const t = timeInterleaved(
    fns,
    ROUNDS,
    Math.max(64, Math.round(CALLS * share)),
    MASK,
    2,
  );
  const ratios = others.map((n) => (t[n] / t[names[0]]).toFixed(3));
  console.log(
    `| ${row} | ${names.map((n) => t[n].toFixed(0)).join(" | ")} | ${ratios.join(" | ")} |`,
  );
}
