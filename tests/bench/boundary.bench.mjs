// Benchmark: the cost of one narrowphase call (JS -> WASM -> JS) against three.js's equivalent math, on the
// same inputs (the very same three.js objects are passed to both), in one Node process.
//
//   node tests/bench/boundary.bench.mjs            (npm run bench runs this and the Chromium runner)
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
  Sphere,
  Vector3,
} from "three";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { init } from "../../web/lib/index.js";
import { boundaryBenchmark, formatTable } from "./boundary.cases.mjs";
import { crossingFloor, formatFloor } from "./crossing.cases.mjs";

const np = await init();
const result = boundaryBenchmark({
  np,
  three: {
    Box3,
    Line3,
    Matrix3,
    Matrix4,
    Quaternion,
    Ray,
    Sphere,
    Vector3,
    OBB,
  },
  now: () => performance.now(),
  runtime: `node ${process.version} (V8 ${process.versions.v8})`,
});
console.log(formatTable(result));
console.log();
console.log("Where one sphere-box call goes (crossing.cases.mjs):");
console.log(
  formatFloor(
    crossingFloor({
      np,
      three: { Box3, Sphere, Vector3 },
      now: () => performance.now(),
    }),
  ),
);
