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
import { random } from "./helpers.js";

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

// np_mesh_pairCheck on the raw module for one mesh and many (ray, maxDistance, point) inputs: the sum of the
// counts (each must be 0; a negative count is a validation code).
function mismatches(positions, inputs) {
  const bytes = positions.length * 8;
  const at = module._malloc(bytes);
  module.HEAPF64.set(positions, at / 8);
  const mesh = module._np_mesh_create(
    at,
    positions.length / 3,
    0,
    positions.length / 9,
  );
  module._free(at);
  const io = module._malloc(16 * 8);
  let total = 0;
  try {
    for (const input of inputs) {
      module.HEAPF64.set(input, io / 8);
      const n = module._np_mesh_pairCheck(mesh, io);
      expect(n, `input ${input}`).toBeGreaterThanOrEqual(0);
      total += n;
    }
  } finally {
    module._free(io);
    module._np_mesh_destroy(mesh);
  }
  return total;
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
          mismatches(positions, inputs),
          `scale ${scale} offset ${offset}`,
        ).toBe(0);
        checks += inputs.length;
      }
    expect(checks).toBeGreaterThan(5000);
  });
});
