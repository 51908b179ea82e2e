// The mesh BVH's sibling pairs (issue 14): a visit tests both children of a pair at once, in WASM SIMD lanes
// (mesh.cpp's SlabRay::enter_pair for raycast, PointVisit::bound_pair for closestPoint). The module's test hook
// np_mesh_pairCheck (np::Mesh::pair_test_mismatches) runs those lanes and the one-node tests on every pair of the
// mesh, and counts the children where they differ in any bit: the lanes must give the same doubles as the
// one-node path, whose answers the brute-force tests check (tests/cpp/mesh_test.cpp runs the same check on the
// native, branch-free path). Adversarial inputs: meshes from 1e-300 to 1e300 in size, far from the origin and
// not; rays and points at the nodes' own corners (as raycastTrace reports the boxes: ties at a bound), along the
// axes (zero direction components), with subnormal and huge components, and from far away.
import { beforeAll, describe, expect, it } from "vitest";
import createNarrowphaseModule, {
  wasmBinary,
} from "../../web/lib/narrowphase.wasm.js";
import { init } from "../../web/lib/index.js";
import { pairMismatches, random } from "./helpers.js";

let module;
let np;
beforeAll(async () => {
  module = await createNarrowphaseModule({ wasmBinary: await wasmBinary() });
  np = await init();
});

// A soup of n triangles in [-1, 1]^3 scaled by `scale` and moved by `offset`; every third triangle is axis
// aligned (flat in z), so that node bounds tie.
function soup(n, scale, offset, seed) {
  const rng = random(seed);
  const p = new Float64Array(9 * n);
  for (let t = 0; t < n; t++) {
    const z = offset + scale * rng.symmetric();
    for (let k = 0; k < 3; k++) {
      p[9 * t + 3 * k] = offset + scale * rng.symmetric();
      p[9 * t + 3 * k + 1] = offset + scale * rng.symmetric();
      p[9 * t + 3 * k + 2] = t % 3 === 0 ? z : offset + scale * rng.symmetric();
    }
  }
  return p;
}

describe("sibling pairs: the lanes' node tests are the one-node tests, bit for bit", () => {
  it("on meshes of every magnitude, at the nodes' corners, along the axes and from afar", () => {
    const directions = [
      [1, 0, 0],
      [0, -1, 0],
      [0, 0, 1],
      [1, 1, 0],
      [-1, 1, 1],
      [1e-300, 1, -1e-300],
      [5e-324, -1, 1],
      [1e300, 1e-300, -1],
      [0.3, -0.7, 0.2],
    ];
    let checks = 0;
    let seed = 1;
    for (const scale of [1e-300, 1e-150, 1e-5, 1, 1e5, 1e150, 1e300])
      for (const offset of [0, 1e6 * scale, 3 * scale]) {
        const positions = soup(150, scale, offset, seed++);
        // The nodes' boxes as the traversal sees them (raycastTrace's record), their corners as origins.
        const mesh = np.createMesh(positions);
        const origins = [];
        const rng = random(seed);
        for (let k = 0; k < 6; k++) {
          const o = {
            x: offset + 4 * scale * rng.symmetric(),
            y: offset + 4 * scale * rng.symmetric(),
            z: offset + 4 * scale * rng.symmetric(),
          };
          const target = { x: offset, y: offset, z: offset };
          const d = { x: target.x - o.x, y: target.y - o.y, z: target.z - o.z };
          if (d.x === 0 && d.y === 0 && d.z === 0) continue;
          for (const n of mesh.raycastTrace({ origin: o, direction: d })
            .nodes) {
            const { min, max } = n.box;
            origins.push(
              [min.x, min.y, min.z],
              [max.x, max.y, max.z],
              [min.x, max.y, min.z],
            );
          }
          origins.push([o.x, o.y, o.z]);
        }
        mesh.dispose();
        origins.push([offset + 1e300, offset, offset]);
        const inputs = [];
        origins.forEach((o, i) => {
          for (let j = i % 3; j < directions.length; j += 2) {
            const max = i % 4 === 0 ? Infinity : scale * 0.5;
            inputs.push([...o, ...directions[j], max, ...o]);
          }
        });
        expect(
          pairMismatches(module, positions, inputs),
          `scale ${scale} offset ${offset}`,
        ).toBe(0);
        checks += inputs.length;
      }
    expect(checks).toBeGreaterThan(5000);
  });
});

// linecast's pair test (np_mesh_segmentPairCheck, np::Mesh::segment_pair_test_mismatches): its cap is finite (the
// segment's end raised by the slack), and the hook also caps at each child's own entry parameter and an ulp either
// side (exact ties of the lanes' tnear > t_max). Segments from the nodes' corners and centres and from outside,
// ending inside nodes, on their faces and corners, at the start (zero length), a subnormal away, and 1e-300 to
// 1e300 long, on meshes from 1e-300 to 1e300 in size, 10^6 of their size and 10^6 from the origin.
describe("sibling pairs: the segment's lanes (linecast, finite caps) are its one-node tests, bit for bit", () => {
  it("on segments ending inside, on and beside nodes, of every length, at every magnitude", () => {
    const dirs = [
      [1, 0, 0],
      [0.3, -0.7, 0.2],
      [-1, 1, 1],
      [1e-300, 1, -1e-300],
    ];
    let checks = 0;
    let seed = 100;
    for (const scale of [1e-300, 1e-150, 1e-5, 1, 1e5, 1e150, 1e300])
      for (const offset of [0, 1e6 * scale, 3 * scale, 1e6]) {
        const positions = soup(150, scale, offset, seed++);
        const mesh = np.createMesh(positions);
        const rng = random(seed);
        const boxes = [];
        for (let k = 0; k < 3; k++) {
          const o = {
            x: offset + 4 * scale * rng.symmetric(),
            y: offset + 4 * scale * rng.symmetric(),
            z: offset + 4 * scale * rng.symmetric(),
          };
          const d = { x: offset - o.x, y: offset - o.y, z: offset - o.z };
          if (d.x === 0 && d.y === 0 && d.z === 0) continue;
          for (const n of mesh.raycastTrace({ origin: o, direction: d }).nodes)
            boxes.push(n.box);
        }
        mesh.dispose();
        const starts = [];
        const ends = [];
        boxes.forEach(({ min, max }, i) => {
          if (i % 3 !== 0) return;
          const c = [
            (min.x + max.x) / 2,
            (min.y + max.y) / 2,
            (min.z + max.z) / 2,
          ];
          starts.push([min.x, min.y, min.z], c);
          ends.push(
            [max.x, max.y, max.z],
            c,
            [min.x, c[1], c[2]],
            [c[0], max.y, min.z],
          );
        });
        for (let k = 0; k < 4; k++)
          starts.push([
            offset + 4 * scale * rng.symmetric(),
            offset + 4 * scale * rng.symmetric(),
            offset + 4 * scale * rng.symmetric(),
          ]);
        starts.push([offset - 1e300, offset, offset]);
        const inputs = [];
        starts.forEach((o, i) => {
          for (let j = i % 7; j < ends.length; j += 7)
            inputs.push([...o, ...ends[j]]);
          inputs.push([...o, ...o]);
          inputs.push([...o, o[0] + 5e-324, o[1], o[2] - 5e-324]);
          const d = dirs[i % 4];
          for (const len of [1e-300, 1e-150, 1, 1e150, 1e300])
            inputs.push([
              ...o,
              o[0] + d[0] * len,
              o[1] + d[1] * len,
              o[2] + d[2] * len,
            ]);
        });
        expect(
          pairMismatches(
            module,
            positions,
            inputs,
            "_np_mesh_segmentPairCheck",
          ),
          `scale ${scale} offset ${offset}`,
        ).toBe(0);
        checks += inputs.length;
      }
    expect(checks).toBeGreaterThan(3000);
  });
});
