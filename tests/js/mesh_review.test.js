// The sibling pairs and the casts' staged filter (issue 14) in the WASM module, on adversarial meshes: trees made
// deep by triangles sharing one centroid, long thin strips, 1 to 3 and 2^k and 2^k + 1 triangles, every triangle
// one point, from 1e-300 to 1e300 in size and 1e6 from the origin. Each query (raycast, linecast, closestPoint,
// sphereCast, capsuleCast) equals the brute force over the single-triangle calls, bit for bit (Object.is on every
// number: the least distance or fraction, ties by the lowest index), and np_mesh_pairCheck (the lanes of
// SlabRay::enter_pair and PointVisit::bound_pair against the one-node tests) counts no mismatch.
// tests/cpp/mesh_test.cpp's MeshReviewTest runs the same shapes natively.
import { beforeAll, describe, expect, it } from "vitest";
import createNarrowphaseModule, {
  wasmBinary,
} from "../../web/lib/narrowphase.wasm.js";
import { init } from "../../web/lib/index.js";
import {
  bruteClosest,
  pairMismatches,
  random,
  triangles,
  v3,
} from "./helpers.js";

let module;
let np;
beforeAll(async () => {
  module = await createNarrowphaseModule({ wasmBinary: await wasmBinary() });
  np = await init();
});

// ---- The brute force over the single calls, the first of equal answers staying (the lowest index).

function brute(tris, single, key) {
  let best = null;
  tris.forEach((t, i) => {
    const h = single(t);
    if (h && (best === null || h[key] < best[key]))
      best = { ...h, triangle: i };
  });
  return best;
}

// Every query against the brute force on one mesh: origins at corners and anywhere, targets at corners,
// centroids and anywhere, in the cube of half side 2 * scale around (offset, offset, offset).
function compareAll(positions, scale, offset, seed, queries) {
  const tris = triangles(positions);
  const mesh = np.createMesh(positions);
  const rng = random(seed);
  const point = () =>
    v3(
      offset + 2 * scale * rng.symmetric(),
      offset + 2 * scale * rng.symmetric(),
      offset + 2 * scale * rng.symmetric(),
    );
  const pairInputs = [];
  try {
    for (let q = 0; q < queries; q++) {
      const t = tris[rng.below(tris.length)];
      const origin = q % 3 === 0 ? t.a : point();
      const target =
        q % 2
          ? v3(
              (t.a.x + t.b.x + t.c.x) / 3,
              (t.a.y + t.b.y + t.c.y) / 3,
              (t.a.z + t.b.z + t.c.z) / 3,
            )
          : q % 4 === 0
            ? t.c
            : point();
      let direction = v3(
        target.x - origin.x,
        target.y - origin.y,
        target.z - origin.z,
      );
      if (direction.x === 0 && direction.y === 0 && direction.z === 0)
        direction = v3(0, scale, 0);
      const reach = q % 4 ? Infinity : 0.5 * scale;
      const ray = { origin, direction };
      expect(mesh.raycast(ray, reach), `raycast ${q}`).toStrictEqual(
        brute(tris, (tr) => np.raycastTriangle(ray, tr, reach), "distance"),
      );
      expect(mesh.linecast(origin, target), `linecast ${q}`).toStrictEqual(
        brute(
          tris,
          (tr) => np.linecastTriangle(origin, target, tr),
          "distance",
        ),
      );
      expect(
        mesh.closestPoint(origin, reach),
        `closestPoint ${q}`,
      ).toStrictEqual(bruteClosest(np, tris, origin, reach));
      const c = q % 5 === 1 ? t.b : point();
      const to = q % 4 === 0 ? t.a : q % 4 === 1 ? t.c : point();
      const radius =
        q % 3 === 0 ? 0 : scale * (q % 2 ? 0.02 : 0.3) * rng.unit();
      expect(mesh.sphereCast(c, to, radius), `sphereCast ${q}`).toStrictEqual(
        brute(
          tris,
          (tr) => np.sphereCastTriangle(c, to, radius, tr),
          "fraction",
        ),
      );
      const axis = v3(
        0.1 * scale * rng.symmetric(),
        0.1 * scale * rng.symmetric(),
        0.1 * scale * rng.symmetric(),
      );
      const capsule = {
        start: v3(c.x - axis.x, c.y - axis.y, c.z - axis.z),
        end: v3(c.x + axis.x, c.y + axis.y, c.z + axis.z),
        radius,
      };
      const translation = v3(to.x - c.x, to.y - c.y, to.z - c.z);
      expect(
        mesh.capsuleCast(capsule, translation),
        `capsuleCast ${q}`,
      ).toStrictEqual(
        brute(
          tris,
          (tr) => np.capsuleCastTriangle(capsule, translation, tr),
          "fraction",
        ),
      );
      pairInputs.push([
        origin.x,
        origin.y,
        origin.z,
        direction.x,
        direction.y,
        direction.z,
        q % 4 ? Infinity : scale,
        target.x,
        target.y,
        target.z,
      ]);
    }
  } finally {
    mesh.dispose();
  }
  expect(pairMismatches(module, positions, pairInputs), "pairCheck").toBe(0);
  const segmentInputs = pairInputs.map((p) => [
    p[0],
    p[1],
    p[2],
    p[7],
    p[8],
    p[9],
  ]);
  segmentInputs.push(
    ...pairInputs.map((p) => [p[0], p[1], p[2], p[0], p[1], p[2]]),
  );
  expect(
    pairMismatches(
      module,
      positions,
      segmentInputs,
      "_np_mesh_segmentPairCheck",
    ),
    "segmentPairCheck",
  ).toBe(0);
}

// n triangles whose centroids are all c (a + b + c = 3c), 2^-40 to 1 of `scale` in size: a deep tree.
function sharedCentroid(n, scale, c, seed) {
  const rng = random(seed);
  const p = new Float64Array(9 * n);
  for (let i = 0; i < n; i++) {
    const k = scale * 2 ** -rng.below(41);
    const u = [0, 1, 2].map(() => k * rng.symmetric());
    const w = [0, 1, 2].map(() => k * rng.symmetric());
    for (let a = 0; a < 3; a++) {
      p[9 * i + a] = c + u[a];
      p[9 * i + 3 + a] = c + w[a];
      p[9 * i + 6 + a] = c - u[a] - w[a];
    }
  }
  return p;
}

// n small random triangles in [-1, 1]^3 scaled and moved.
function smallSoup(n, scale, offset, seed) {
  const rng = random(seed);
  const p = new Float64Array(9 * n);
  for (let i = 0; i < n; i++) {
    const c = [0, 1, 2].map(() => offset + scale * rng.symmetric());
    for (let k = 0; k < 3; k++)
      for (let a = 0; a < 3; a++)
        p[9 * i + 3 * k + a] = c[a] + 0.2 * scale * rng.symmetric();
  }
  return p;
}

// A strip of n triangles along x, `length` long and `width` across.
function strip(n, length, width, offset) {
  const p = new Float64Array(9 * n);
  for (let i = 0; i < n; i++) {
    const x0 = offset + (length * i) / n;
    const x1 = offset + (length * (i + 1)) / n;
    p.set(
      [
        x0,
        offset,
        offset,
        x1,
        offset + width,
        offset,
        x0,
        offset + (i % 2 ? width : 0),
        offset + width,
      ],
      9 * i,
    );
  }
  return p;
}

const magnitudes = [
  [1, 0],
  [1, 1e6],
  [1e-300, 0],
  [1e300, 0],
];

describe("issue 14 review: pairs and staged casts on adversarial meshes equal the brute force", () => {
  it("on 1, 2, 3, 2^k and 2^k + 1 triangles", () => {
    let seed = 100;
    for (const n of [1, 2, 3, 4, 5, 16, 17, 256, 257])
      for (const [scale, offset] of magnitudes)
        compareAll(
          smallSoup(n, scale, offset, seed++),
          scale,
          offset,
          seed++,
          10,
        );
  });

  it("on trees made deep by one shared centroid, and on copies of one point", () => {
    let seed = 200;
    for (const n of [3, 100, 1500])
      for (const [scale, offset] of magnitudes)
        compareAll(
          sharedCentroid(n, scale, offset, seed++),
          scale,
          offset,
          seed++,
          8,
        );
    for (const at of [0, 1e6, 1e300, 5e-324]) {
      const p = new Float64Array(9 * 300).fill(at);
      compareAll(p, at === 0 ? 1 : at, 0, seed++, 6);
    }
  });

  it("on long thin strips", () => {
    let seed = 300;
    for (const [length, width, offset] of [
      [1e6, 1e-6, 0],
      [1, 1e-12, 1e6],
      [1e300, 1e280, 0],
      [1e-300, 1e-310, 0],
    ])
      compareAll(
        strip(1025, length, width, offset),
        length / 2,
        offset + length / 2,
        seed++,
        10,
      );
  });
});
