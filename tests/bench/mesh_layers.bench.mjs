// Benchmark: where a mesh query's time goes, layer by layer, in one Node process. On the knot, rays and points of
// mesh.bench.mjs (the same seeds), median ns per call of
//   - the WASM export called directly (_np_mesh_raycast / _np_mesh_closestPoint on a buffer of its own, in a
//     second instance of the module: no argument reading, no checks in JS, no result object),
//   - mesh.raycast / mesh.closestPoint (the JS wrapper, filling a reused target),
//   - three-mesh-bvh's raycastFirst / closestPointToPoint (SAH),
// and the wrapper's own cost: the same two layers on a ray and a point whose query ends at the root box.
// Rounds interleave the rows, so a change in the machine's load hits them alike; the first rounds are not
// counted (V8 runs new WASM code in Liftoff, its baseline compiler, until the function is hot).
//
//   npm --prefix tests/bench ci        (once: three-mesh-bvh is a dependency of the benchmarks only)
//   node tests/bench/mesh_layers.bench.mjs [--triangles 102400] [--rounds 15] [--calls 2048] [--warmup 5]
//
// Before timing, the export and the wrapper must give the same answer (distance and triangle) on every input.
// Not a test: timings depend on the machine.
import { DoubleSide, Ray, Vector3 } from "three";
import { MeshBVH, SAH } from "three-mesh-bvh";
import createNarrowphaseModule, {
  wasmBinary,
} from "../../web/lib/narrowphase.wasm.js";
import { init } from "../../web/lib/index.js";
import { knot, meshQueries } from "./mesh_inputs.mjs";
import { arg, timeInterleaved } from "./timing.mjs";

const ROUNDS = arg("--rounds", 15);
const CALLS = arg("--calls", 2048);
const WARMUP = arg("--warmup", 5);
const N = 1024;

const np = await init();
// mesh.bench.mjs's mesh and inputs (mesh_inputs.mjs: the same generator, seed and order).
const { geometry, name: meshName } = knot();
const { rays, points } = meshQueries(geometry, N);

const mesh = np.createMesh(geometry);
const bvh = new MeshBVH(geometry.clone(), { strategy: SAH });

// The same mesh in a second instance of the module, called through its exports.
const M = await createNarrowphaseModule({ wasmBinary: await wasmBinary() });
const positions = geometry.attributes.position.array;
const indices = geometry.index.array;
const positionsAt = M._malloc(8 * positions.length);
const indicesAt = M._malloc(4 * indices.length);
new Float64Array(M.HEAPU8.buffer, positionsAt, positions.length).set(positions);
new Uint32Array(M.HEAPU8.buffer, indicesAt, indices.length).set(indices);
const handle = M._np_mesh_create(
  positionsAt,
  positions.length / 3,
  indicesAt,
  indices.length / 3,
);
const ioAt = M._malloc(8 * 32);
const io = new Float64Array(M.HEAPU8.buffer, ioAt, 32); // nothing allocates after this
const rawRay = (r) => {
  io[0] = r.origin.x;
  io[1] = r.origin.y;
  io[2] = r.origin.z;
  io[3] = r.direction.x;
  io[4] = r.direction.y;
  io[5] = r.direction.z;
  io[6] = Infinity;
  return M._np_mesh_raycast(handle, ioAt);
};
const rawPoint = (p, maxDistance) => {
  io[0] = p.x;
  io[1] = p.y;
  io[2] = p.z;
  io[3] = maxDistance;
  return M._np_mesh_closestPoint(handle, ioAt);
};

for (let i = 0; i < N; i++) {
  const code = rawRay(rays[i]);
  const h = mesh.raycast(rays[i]);
  if (
    (code === 1) !== (h !== null) ||
    (h && (io[0] !== h.distance || io[7] !== h.triangle))
  )
    throw new Error(`ray ${i}: the export and mesh.raycast disagree`);
  rawPoint(points[i], Infinity);
  const c = mesh.closestPoint(points[i]);
  if (io[0] !== c.distance || io[4] !== c.triangle)
    throw new Error(`point ${i}: the export and mesh.closestPoint disagree`);
}

const hit = {
  distance: 0,
  point: new Vector3(),
  normal: new Vector3(),
  triangle: 0,
};
const near = { distance: 0, point: new Vector3(), triangle: 0 };
const theirNear = { point: new Vector3(), distance: 0, faceIndex: 0 };
// A ray and a point that end at the root box: what is left is the call and its wrapper.
const away = new Ray(new Vector3(10, 10, 10), new Vector3(1, 0, 0));
const far = new Vector3(10, 10, 10);
const rows = {
  "raycast, the export": (i) => rawRay(rays[i]),
  "raycast, mesh.raycast": (i) => mesh.raycast(rays[i], Infinity, hit),
  "raycastFirst (three-mesh-bvh, SAH)": (i) =>
    bvh.raycastFirst(rays[i], DoubleSide),
  "closestPoint, the export": (i) => rawPoint(points[i], Infinity),
  "closestPoint, mesh.closestPoint": (i) =>
    mesh.closestPoint(points[i], Infinity, near),
  "closestPointToPoint (three-mesh-bvh, SAH)": (i) =>
    bvh.closestPointToPoint(points[i], theirNear),
  "a ray missing the root, the export": () => rawRay(away),
  "a ray missing the root, mesh.raycast": () =>
    mesh.raycast(away, Infinity, hit),
  "a point beyond maxDistance of the root, the export": () => rawPoint(far, 1),
  "a point beyond maxDistance of the root, mesh.closestPoint": () =>
    mesh.closestPoint(far, 1, near),
};
const medians = timeInterleaved(rows, ROUNDS, CALLS, N - 1, WARMUP);
console.log(
  `${meshName}, ${N} rays and points (mesh.bench.mjs's); median ns per call over ${ROUNDS} rounds of ${CALLS}\n| layer | ns |\n|---|---:|`,
);
for (const name of Object.keys(rows))
  console.log(`| ${name} | ${medians[name].toFixed(0)} |`);
mesh.dispose();
