// np.createAABBTree against the real module: every query equals the brute force over the single calls
// (np.raycastAABB, np.overlapAABBAABB, np.overlapSphereAABB) bit for bit, the smallest distance and on ties the
// lowest index, after update and updateAll too; three.js Box3s; bad input; dispose; memory.
import * as THREE from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  expectCyclesFree,
  expectDisposed,
  expectDroppedFreed,
  expectError,
  expectRaycastErrors,
  nextDown,
  nextUp,
  random,
  v3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

// ---- The brute force, over the array as given (its numbers as doubles).

function boxOf(aabbs, i) {
  const b = aabbs.subarray(6 * i, 6 * i + 6);
  return { min: v3(b[0], b[1], b[2]), max: v3(b[3], b[4], b[5]) };
}
function boxesOf(aabbs) {
  return Array.from({ length: aabbs.length / 6 }, (_, i) => boxOf(aabbs, i));
}
function bruteRaycast(boxes, ray, maxDistance = Infinity) {
  let best = null;
  boxes.forEach((b, i) => {
    const h = np.raycastAABB(ray, b, maxDistance);
    if (h && (best === null || h.distance < best.distance))
      best = { ...h, index: i };
  });
  return best;
}
const bruteInAABB = (boxes, q) =>
  boxes.flatMap((b, i) => (np.overlapAABBAABB(q, b) ? [i] : []));
const bruteInSphere = (boxes, s) =>
  boxes.flatMap((b, i) => (np.overlapSphereAABB(s, b) ? [i] : []));

// Bit for bit (Object.is: -0 is not 0).
function expectSameHit(got, want, what) {
  if (want === null) {
    expect(got, what).toBeNull();
    return;
  }
  expect(got, what).not.toBeNull();
  const flat = (h) => [
    h.distance,
    h.point.x,
    h.point.y,
    h.point.z,
    h.normal.x,
    h.normal.y,
    h.normal.z,
    h.index,
  ];
  const g = flat(got),
    w = flat(want);
  for (let k = 0; k < 8; k++)
    expect(
      Object.is(g[k], w[k]),
      `${what}: field ${k}: ${g[k]} vs ${w[k]}`,
    ).toBe(true);
}

// Seeded boxes around `offset` of size ~scale: ordinary, point, flat and duplicate boxes.
function makeBoxes(rng, n, scale, offset, Type = Float64Array) {
  const a = new Type(6 * n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % 11 === 0) {
      const j = rng.below(i);
      for (let k = 0; k < 6; k++) a[6 * i + k] = a[6 * j + k];
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const c = offset + 10 * scale * rng.symmetric();
      let h = scale * rng.unit();
      if (i % 7 === 3 || (i % 5 === 2 && k === i % 3)) h = 0; // a point / flat box
      // (In a Float32Array, c - h and c + h round monotonically: still min <= max.)
      a[6 * i + k] = c - h;
      a[6 * i + 3 + k] = c + h;
    }
  }
  return a;
}

// Rays (from outside, from a box's corner, along axes), boxes and spheres (some touching a box's corner) against
// the brute force.
function compare(tree, aabbs, rng, queries, scale, offset) {
  const boxes = boxesOf(aabbs);
  const n = boxes.length;
  expect(tree.count).toBe(n);
  const point = () =>
    v3(
      offset + 14 * scale * rng.symmetric(),
      offset + 14 * scale * rng.symmetric(),
      offset + 14 * scale * rng.symmetric(),
    );
  let hits = 0,
    found = 0;
  const out = new Uint32Array(n);
  for (let q = 0; q < queries; q++) {
    const origin = q % 9 === 4 && n > 0 ? boxes[rng.below(n)].min : point();
    let target = point();
    if (n > 0 && q % 2 === 0) {
      const b = boxes[rng.below(n)];
      target =
        q % 4 === 0
          ? b.max
          : v3(
              b.min.x / 2 + b.max.x / 2,
              b.min.y / 2 + b.max.y / 2,
              b.min.z / 2 + b.max.z / 2,
            );
    }
    let direction = v3(
      target.x - origin.x,
      target.y - origin.y,
      target.z - origin.z,
    );
    if (q % 6 === 1) {
      direction = v3(0, 0, 0);
      direction["xyz"[q % 3]] = q % 4 < 2 ? 1 : -1;
    }
    if (direction.x === 0 && direction.y === 0 && direction.z === 0) continue;
    const ray = { origin, direction };
    const maxDistance =
      q % 5 === 0
        ? Math.hypot(direction.x, direction.y, direction.z)
        : Infinity;
    const want = bruteRaycast(boxes, ray, maxDistance);
    expectSameHit(tree.raycast(ray, maxDistance), want, `raycast ${q}`);
    if (want) hits++;
    const r = scale * rng.unit() * (q % 3 === 0 ? 0 : 3);
    let qb = {
      min: v3(target.x - r, target.y - r, target.z - r),
      max: v3(target.x + r, target.y + r, target.z + r),
    };
    if (n > 0 && q % 4 === 1) {
      const b = boxes[rng.below(n)];
      qb = {
        min: b.max,
        max: v3(b.max.x + scale, b.max.y + scale, b.max.z + scale),
      };
    }
    const wa = bruteInAABB(boxes, qb);
    expect([...tree.boxesInAABB(qb)], `boxesInAABB ${q}`).toEqual(wa);
    expect([...tree.boxesInAABB(qb, out)], `boxesInAABB ${q} (out)`).toEqual(
      wa,
    );
    if (wa.length) found++;
    let s = { center: target, radius: r };
    if (n > 0 && q % 4 === 3) {
      const b = boxes[rng.below(n)].max;
      s = {
        center: v3(b.x + 3 * scale, b.y + 4 * scale, b.z),
        radius: 5 * scale,
      };
    }
    const ws = bruteInSphere(boxes, s);
    expect([...tree.boxesInSphere(s)], `boxesInSphere ${q}`).toEqual(ws);
    if (ws.length) found++;
  }
  if (n > 0) {
    expect(hits).toBeGreaterThan(0);
    expect(found).toBeGreaterThan(0);
  }
}

const SCALES = [
  [1, 0],
  [1e-6, 0],
  [1e6, 0],
  [1, 1e6],
  [1e6, 1e6],
];

describe("queries equal the brute force over the single calls", () => {
  it("on seeded boxes at 1e-6 .. 1e6 and 1e6 from the origin, Float64Array and Float32Array", () => {
    const rng = random(1);
    for (const n of [1, 2, 9, 60, 600])
      for (const [scale, offset] of SCALES)
        for (const Type of [Float64Array, Float32Array]) {
          const aabbs = makeBoxes(rng, n, scale, offset, Type);
          const tree = np.createAABBTree(aabbs);
          compare(tree, aabbs, rng, n >= 600 ? 25 : 40, scale, offset);
          tree.dispose();
        }
  });

  it("after update (box by box) and updateAll", () => {
    const rng = random(2);
    for (const n of [1, 7, 300])
      for (const [scale, offset] of SCALES) {
        const aabbs = makeBoxes(rng, n, scale, offset);
        const tree = np.createAABBTree(aabbs);
        // Some boxes moved far (to the other side, and grown), as Box3s.
        const moved = makeBoxes(rng, n, 2 * scale, -offset);
        for (let k = 0; k < Math.max(1, n / 10); k++) {
          const i = rng.below(n);
          const b = boxOf(moved, i);
          tree.update(
            i,
            new THREE.Box3(
              new THREE.Vector3(b.min.x, b.min.y, b.min.z),
              new THREE.Vector3(b.max.x, b.max.y, b.max.z),
            ),
          );
          aabbs.set(moved.subarray(6 * i, 6 * i + 6), 6 * i);
        }
        compare(tree, aabbs, rng, 30, scale, offset);
        // Every box at once, from a Float32Array and a Float64Array.
        for (const Type of [Float32Array, Float64Array]) {
          const next = makeBoxes(rng, n, 3 * scale, offset, Type);
          tree.updateAll(next);
          compare(tree, next, rng, 30, scale, offset);
        }
        tree.dispose();
      }
  });

  it("the array is copied: changing it later changes nothing", () => {
    const aabbs = new Float64Array([0, 0, 0, 1, 1, 1]);
    const tree = np.createAABBTree(aabbs);
    aabbs.fill(50);
    expect([
      ...tree.boxesInAABB({ min: v3(0, 0, 0), max: v3(0, 0, 0) }),
    ]).toEqual([0]);
    tree.dispose();
  });
});

describe("by hand", () => {
  // Unit boxes on the x axis at 6, 4, 2 and 4 again (boxes 1 and 3 coincide).
  const aabbs = new Float64Array(
    [6, 4, 2, 4].flatMap((x) => [x - 0.5, -0.5, -0.5, x + 0.5, 0.5, 0.5]),
  );

  it("the nearest box along each axis and sign; maxDistance exactly at the hit, and an ulp short", () => {
    const tree = np.createAABBTree(aabbs);
    for (const sign of [1, -1]) {
      const ray = { origin: v3(-10 * sign, 0, 0), direction: v3(sign, 0, 0) };
      const want = sign > 0 ? 11.5 : 3.5; // box 2's face x = 1.5, box 0's x = 6.5
      expect(tree.raycast(ray)).toEqual({
        distance: want,
        point: v3(sign > 0 ? 1.5 : 6.5, 0, 0),
        normal: v3(-sign, 0, 0),
        index: sign > 0 ? 2 : 0,
      });
      expect(tree.raycast(ray, want)?.distance).toBe(want);
      expect(tree.raycast(ray, nextDown(want))).toBeNull();
    }
    // Across the coincident boxes 1 and 3, along y and z both ways: box 1, the lower index.
    for (const axis of ["y", "z"])
      for (const sign of [1, -1]) {
        const origin = v3(4, 0, 0),
          direction = v3(0, 0, 0);
        origin[axis] = -5 * sign;
        direction[axis] = 2 * sign;
        expect(tree.raycast({ origin, direction })).toMatchObject({
          distance: 4.5,
          index: 1,
        });
      }
    // From inside the coincident boxes: distance 0, box 1; on box 2's face looking away: distance 0, box 2.
    expect(
      tree.raycast({ origin: v3(4.25, 0.1, 0), direction: v3(1, 0, 0) }),
    ).toMatchObject({ distance: 0, index: 1 });
    expect(
      tree.raycast({ origin: v3(2.5, 0, 0), direction: v3(-1, 0, 0) }),
    ).toMatchObject({ distance: 0, index: 2 });
    // Grazing the face y = 0.5 hits; an ulp above misses.
    expect(
      tree.raycast({ origin: v3(0, 0.5, 0), direction: v3(1, 0, 0) }),
    ).toMatchObject({ distance: 1.5, index: 2 });
    expect(
      tree.raycast({ origin: v3(0, nextUp(0.5), 0), direction: v3(1, 0, 0) }),
    ).toBeNull();
    tree.dispose();
  });

  it("touching counts (a face, the 3-4-5 corner), an ulp away does not, over axes and signs", () => {
    const tree = np.createAABBTree(aabbs);
    for (const a of AXES)
      for (const sign of [1, -1]) {
        const k = "xyz"[a];
        // Box 2 is [1.5, 2.5] x [-0.5, 0.5]^2: a point box on its face, an ulp beyond it.
        const p = v3(2, 0, 0);
        const face = a === 0 ? (sign > 0 ? 2.5 : 1.5) : 0.5 * sign;
        p[k] = face;
        expect([...tree.boxesInAABB({ min: p, max: p })]).toEqual([2]);
        p[k] = sign > 0 ? nextUp(face) : nextDown(face);
        expect([...tree.boxesInAABB({ min: p, max: p })]).toEqual([]);
        // A sphere of radius 0.25 centred 0.25 beyond the face.
        const c = v3(2, 0, 0);
        c[k] = face + 0.25 * sign;
        expect([...tree.boxesInSphere({ center: c, radius: 0.25 })]).toEqual([
          2,
        ]);
        expect([
          ...tree.boxesInSphere({ center: c, radius: nextDown(0.25) }),
        ]).toEqual([]);
      }
    // The sphere at box 0's corner (6.5, 0.5, 0.5) + (3, 4, 0), radius 5: only box 0, exactly touching.
    const center = v3(9.5, 4.5, 0.5);
    expect([...tree.boxesInSphere({ center, radius: 5 })]).toEqual([0]);
    expect([...tree.boxesInSphere({ center, radius: nextDown(5) })]).toEqual(
      [],
    );
    // Both coincident boxes, ascending; all; none.
    expect([
      ...tree.boxesInAABB({ min: v3(4, 0, 0), max: v3(4, 0, 0) }),
    ]).toEqual([1, 3]);
    expect([
      ...tree.boxesInAABB({ min: v3(-9, -9, -9), max: v3(9, 9, 9) }),
    ]).toEqual([0, 1, 2, 3]);
    expect(
      tree.boxesInAABB({ min: v3(2.75, 0, 0), max: v3(3.25, 0, 0) }),
    ).toEqual(new Uint32Array(0));
    tree.dispose();
  });

  it("update moves one box (refit, the others stay); out is filled when long enough, else untouched", () => {
    const tree = np.createAABBTree(aabbs);
    tree.update(2, { min: v3(100, 0, 0), max: v3(101, 0, 0) });
    expect(
      tree.raycast({ origin: v3(-10, 0, 0), direction: v3(1, 0, 0) }),
    ).toMatchObject({ distance: 13.5, index: 1 });
    expect(
      tree.raycast({ origin: v3(200, 0, 0), direction: v3(-1, 0, 0) }),
    ).toMatchObject({ distance: 99, index: 2 });
    const out = new Uint32Array([9, 9, 9, 9, 9]);
    const got = tree.boxesInAABB({ min: v3(0, 0, 0), max: v3(200, 0, 0) }, out);
    expect(got.buffer).toBe(out.buffer);
    expect([...out]).toEqual([0, 1, 2, 3, 9]);
    const exact = new Uint32Array(4); // exactly long enough: used
    expect(
      tree.boxesInAABB({ min: v3(0, 0, 0), max: v3(200, 0, 0) }, exact),
    ).toEqual(exact);
    expect([...exact]).toEqual([0, 1, 2, 3]);
    const short = new Uint32Array([9]);
    const fresh = tree.boxesInAABB(
      { min: v3(0, 0, 0), max: v3(200, 0, 0) },
      short,
    );
    expect(fresh.buffer).not.toBe(short.buffer);
    expect([...fresh]).toEqual([0, 1, 2, 3]);
    expect([...short]).toEqual([9]);
    tree.dispose();
  });

  it("a target is filled and returned; left untouched on a miss", () => {
    const tree = np.createAABBTree(aabbs);
    const target = {
      distance: 7,
      point: new THREE.Vector3(),
      normal: new THREE.Vector3(),
      index: 7,
    };
    const point = target.point;
    const ray = new THREE.Ray(
      new THREE.Vector3(-10, 0, 0),
      new THREE.Vector3(1, 0, 0),
    );
    expect(tree.raycast(ray, Infinity, target)).toBe(target);
    expect(target.point).toBe(point);
    expect(target).toMatchObject({ distance: 11.5, index: 2 });
    expect(target.point.x).toBe(1.5);
    const before = structuredClone(target);
    expect(tree.raycast(ray, 1, target)).toBeNull();
    expect(structuredClone(target)).toEqual(before);
    tree.dispose();
  });

  it("an empty tree finds nothing; n = 1", () => {
    const empty = np.createAABBTree(new Float32Array(0));
    expect(empty.count).toBe(0);
    expect(
      empty.raycast({ origin: v3(0, 0, 0), direction: v3(1, 0, 0) }),
    ).toBeNull();
    expect(
      empty.boxesInAABB({
        min: v3(-1e300, -1e300, -1e300),
        max: v3(1e300, 1e300, 1e300),
      }),
    ).toEqual(new Uint32Array(0));
    expect(empty.boxesInSphere({ center: v3(0, 0, 0), radius: 1e300 })).toEqual(
      new Uint32Array(0),
    );
    empty.updateAll(new Float64Array(0));
    empty.dispose();
    const one = np.createAABBTree(new Float64Array([1, 2, 3, 1, 2, 3])); // a point box
    expect(
      one.raycast({ origin: v3(0, 0, 0), direction: v3(1, 2, 3) }),
    ).toMatchObject({ index: 0, point: v3(1, 2, 3) });
    expect([...one.boxesInSphere({ center: v3(1, 2, 3), radius: 0 })]).toEqual([
      0,
    ]);
    one.dispose();
  });

  it("extreme magnitudes (near the largest double, subnormal) give no NaN and the brute force", () => {
    const m = Number.MAX_VALUE,
      tiny = Number.MIN_VALUE;
    const aabbs = new Float64Array([
      -m,
      -m,
      -m,
      -1e308,
      -1e308,
      -1e308,
      1e308,
      1e308,
      1e308,
      m,
      m,
      m,
      0,
      0,
      0,
      tiny,
      tiny,
      tiny,
      -tiny,
      0,
      0,
      0,
      1e-310,
      0,
    ]);
    const tree = np.createAABBTree(aabbs);
    const boxes = boxesOf(aabbs);
    for (const origin of [v3(0, 0, 0), v3(-m, 0, 0), v3(tiny, tiny, tiny)])
      for (const direction of [
        v3(1, 0, 0),
        v3(-1, 1, 1),
        v3(tiny, 0, 0),
        v3(m, m, m),
      ]) {
        const got = tree.raycast({ origin, direction });
        expectSameHit(got, bruteRaycast(boxes, { origin, direction }), "ray");
        if (got) expect(Number.isNaN(got.distance)).toBe(false);
      }
    for (const r of [0, tiny, 1, 1e308, m]) {
      const s = { center: v3(tiny, 0, -1e308), radius: r };
      expect([...tree.boxesInSphere(s)]).toEqual(bruteInSphere(boxes, s));
    }
    tree.dispose();
  });
});

describe("bad input", () => {
  const good = new Float64Array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);

  it("createAABBTree: a wrong type is a TypeError; a bad length, NaN, infinity or min > max a RangeError naming the element", () => {
    for (const bad of [
      [0, 0, 0, 1, 1, 1],
      new Int32Array(6),
      new Uint32Array(6),
      null,
      undefined,
      "boxes",
      { length: 6 },
    ])
      expectError("createAABBTree", TypeError, "aabbs", () =>
        np.createAABBTree(bad),
      );
    const e = expectError("createAABBTree", RangeError, "aabbs", () =>
      np.createAABBTree(new Float64Array(7)),
    );
    expect(e.message).toMatch(/has length 7, expected a multiple of 6/);
    for (const bad of [NaN, Infinity, -Infinity])
      for (const i of [0, 4, 11]) {
        const a = new Float64Array(good);
        a[i] = bad;
        const error = expectError(
          "createAABBTree",
          RangeError,
          `aabbs[${i}]`,
          () => np.createAABBTree(a),
        );
        expect(error.message).toContain(
          `(box ${(i / 6) | 0}, ${["minx", "miny", "minz", "maxx", "maxy", "maxz"][i % 6]}) is ${bad}`,
        );
      }
    for (const a of AXES) {
      const arr = new Float32Array(good);
      arr[6 + a] = 3.5; // box 1's min above its max
      const error = expectError(
        "createAABBTree",
        RangeError,
        `aabbs[${6 + a}]`,
        () => np.createAABBTree(arr),
      );
      expect(error.message).toContain(`expected <= aabbs[${9 + a}]`);
    }
  });

  it("queries, update and updateAll validate, name boxes.<function>, change and write nothing on error, and the tree keeps working", () => {
    const tree = np.createAABBTree(good);
    const ray = { origin: v3(-1, 0.5, 0.5), direction: v3(1, 0, 0) };
    const target = {
      distance: 7,
      point: v3(7, 7, 7),
      normal: v3(7, 7, 7),
      index: 7,
    };
    const snapshot = structuredClone(target);
    expectRaycastErrors(
      "boxes.raycast",
      (r, d, t) => tree.raycast(r, d, t),
      ray,
      target,
    );
    expect(target).toEqual(snapshot);
    const out = new Uint32Array([9, 9]);
    expectError("boxes.boxesInAABB", RangeError, "box.min.x", () =>
      tree.boxesInAABB({ min: v3(NaN, 0, 0), max: v3(1, 1, 1) }, out),
    );
    expectError("boxes.boxesInAABB", RangeError, "box.min.y", () =>
      tree.boxesInAABB({ min: v3(0, 2, 0), max: v3(1, 1, 1) }, out),
    );
    expectError("boxes.boxesInAABB", TypeError, "box.max.z", () =>
      tree.boxesInAABB({ min: v3(0, 0, 0), max: { x: 1, y: 1 } }, out),
    );
    expectError("boxes.boxesInAABB", TypeError, "out", () =>
      tree.boxesInAABB({ min: v3(0, 0, 0), max: v3(1, 1, 1) }, [0, 0]),
    );
    expectError("boxes.boxesInSphere", RangeError, "sphere.radius", () =>
      tree.boxesInSphere({ center: v3(0, 0, 0), radius: -1 }, out),
    );
    expectError("boxes.boxesInSphere", RangeError, "sphere.center.z", () =>
      tree.boxesInSphere({ center: v3(0, 0, Infinity), radius: 1 }, out),
    );
    expect([...out]).toEqual([9, 9]);
    // update: the index, then the box; the tree is unchanged after each.
    const unit = { min: v3(5, 5, 5), max: v3(6, 6, 6) };
    for (const bad of [-1, 2, 1.5, NaN, Infinity])
      expectError("boxes.update", RangeError, "index", () =>
        tree.update(bad, unit),
      );
    for (const bad of ["0", null, undefined, 1n])
      expectError("boxes.update", TypeError, "index", () =>
        tree.update(bad, unit),
      );
    expectError("boxes.update", TypeError, "box", () => tree.update(0, null));
    expectError("boxes.update", TypeError, "box.max.y", () =>
      tree.update(0, { min: v3(0, 0, 0), max: { x: 1, z: 1 } }),
    );
    expectError("boxes.update", RangeError, "box.min.z", () =>
      tree.update(0, { min: v3(0, 0, NaN), max: v3(1, 1, 1) }),
    );
    expectError("boxes.update", RangeError, "box.min.x", () =>
      tree.update(0, { min: v3(2, 0, 0), max: v3(1, 1, 1) }),
    );
    // updateAll: type, length (exactly 6 * count), elements; validated before anything moves.
    expectError("boxes.updateAll", TypeError, "aabbs", () =>
      tree.updateAll([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]),
    );
    expectError("boxes.updateAll", RangeError, "aabbs", () =>
      tree.updateAll(new Float64Array(6)),
    );
    const partly = new Float64Array([
      10,
      10,
      10,
      11,
      11,
      11,
      2,
      2,
      NaN,
      3,
      3,
      3,
    ]);
    expectError("boxes.updateAll", RangeError, "aabbs[8]", () =>
      tree.updateAll(partly),
    );
    partly[8] = 4; // min z 4 > max z 3
    expectError("boxes.updateAll", RangeError, "aabbs[8]", () =>
      tree.updateAll(partly),
    );
    // Nothing moved; the tree and the single calls keep working.
    expect(tree.raycast(ray)).toMatchObject({ distance: 1, index: 0 });
    expect([
      ...tree.boxesInAABB({ min: v3(-9, -9, -9), max: v3(9, 9, 9) }),
    ]).toEqual([0, 1]);
    expect(
      np.distancePointAABB(v3(4, 0, 0), {
        min: v3(-1, -1, -1),
        max: v3(1, 1, 1),
      }),
    ).toBe(3);
    tree.dispose();
  });
});

describe("updateAll's check in the module", () => {
  // updateAll checks the boxes in the module (two lanes at a time, no branch per box), after the copy: every
  // field of a box at any position must be checked, the first bad box named, and the tree left as it was.
  it("names the first non-finite number or min > max among 2,000 boxes, for every field and axis, in both array types, and changes nothing", () => {
    const rng = random(14);
    const n = 2000;
    const aabbs = makeBoxes(rng, n, 1, 0);
    const tree = np.createAABBTree(aabbs);
    const probes = Array.from({ length: 20 }, () => ({
      min: v3(10 * rng.symmetric(), 10 * rng.symmetric(), 10 * rng.symmetric()),
      max: v3(0, 0, 0),
    })).map((q) => ({
      min: q.min,
      max: v3(q.min.x + 3, q.min.y + 3, q.min.z + 3),
    }));
    const before = probes.map((q) => [...tree.boxesInAABB(q)]);
    expect(before.some((found) => found.length > 0)).toBe(true);
    for (const Type of [Float64Array, Float32Array])
      for (const [box, later] of [
        [0, 1],
        [n >> 1, n - 1],
        [n - 1, -1],
      ])
        for (let k = 0; k < 6; k++)
          for (const bad of [NaN, Infinity, -Infinity]) {
            const next = makeBoxes(rng, n, 2, 1, Type);
            next[6 * box + k] = bad;
            // A second bad box after it must not be the one named.
            if (later >= 0) next[6 * later + ((k + 1) % 6)] = NaN;
            expectError(
              "boxes.updateAll",
              RangeError,
              `aabbs[${6 * box + k}]`,
              () => tree.updateAll(next),
            );
          }
    for (const Type of [Float64Array, Float32Array])
      for (const box of [0, 777, n - 1])
        for (let a = 0; a < 3; a++) {
          const next = makeBoxes(rng, n, 2, 1, Type);
          next[6 * box + a] = next[6 * box + 3 + a] + 1; // min > max on axis a only
          const error = expectError(
            "boxes.updateAll",
            RangeError,
            `aabbs[${6 * box + a}]`,
            () => tree.updateAll(next),
          );
          expect(error.message).toContain(
            `expected <= aabbs[${6 * box + 3 + a}]`,
          );
        }
    // Nothing moved: the same boxes found as before, and the brute force's.
    expect(probes.map((q) => [...tree.boxesInAABB(q)])).toEqual(before);
    expect(before).toEqual(probes.map((q) => bruteInAABB(boxesOf(aabbs), q)));
    // A valid array is taken after all those errors; min == max (and -0 against 0) is valid.
    const next = makeBoxes(rng, n, 2, 1);
    next[0] = 0;
    next[3] = -0;
    tree.updateAll(next);
    expect(probes.map((q) => [...tree.boxesInAABB(q)])).toEqual(
      probes.map((q) => bruteInAABB(boxesOf(next), q)),
    );
    tree.dispose();
  });
});

describe("dispose", () => {
  it("a disposed tree throws Error naming the function; dispose() twice is harmless; others keep working", () => {
    const a = np.createAABBTree(new Float64Array([0, 0, 0, 1, 1, 1]));
    const b = np.createAABBTree(new Float64Array([0, 0, 5, 1, 1, 6]));
    a.dispose();
    a.dispose();
    const ray = { origin: v3(0.5, 0.5, -5), direction: v3(0, 0, 1) };
    expectDisposed(
      [
        ["raycast", () => a.raycast(ray)],
        [
          "boxesInAABB",
          () => a.boxesInAABB({ min: v3(0, 0, 0), max: v3(1, 1, 1) }),
        ],
        [
          "boxesInSphere",
          () => a.boxesInSphere({ center: v3(0, 0, 0), radius: 1 }),
        ],
        ["update", () => a.update(0, { min: v3(0, 0, 0), max: v3(1, 1, 1) })],
        ["updateAll", () => a.updateAll(new Float64Array(6))],
        ["count", () => a.count],
        ["memoryBytes", () => a.memoryBytes],
      ],
      (name) => `boxes.${name}: the tree was disposed`,
    );
    expect(b.raycast(ray)).toMatchObject({ distance: 10, index: 0 });
    b.dispose();
  });

  it("a getter that disposes the tree mid-call makes the call throw, not read freed memory", () => {
    const tree = np.createAABBTree(new Float64Array([0, 0, 0, 1, 1, 1]));
    const origin = v3(0.5, 0.5, -1);
    Object.defineProperty(origin, "z", {
      get() {
        tree.dispose();
        return -1;
      },
    });
    expect(() => tree.raycast({ origin, direction: v3(0, 0, 1) })).toThrow(
      "boxes.raycast: the tree was disposed",
    );
  });

  it("a getter that calls the library mid-call does not corrupt the answer", () => {
    const tree = np.createAABBTree(new Float64Array([0, 0, 0, 1, 1, 1]));
    const max = { x: 1, y: 1 };
    Object.defineProperty(max, "z", {
      get() {
        expect(
          tree.raycast({ origin: v3(0.5, 0.5, -3), direction: v3(0, 0, 1) })
            .distance,
        ).toBe(3);
        return 1;
      },
    });
    expect(
      np.closestPointOnAABB(v3(5, 0.5, -3), { min: v3(-1, -1, -1), max }),
    ).toEqual(v3(1, 0.5, -1));
    const min = { x: 0.5, y: 0.5 };
    Object.defineProperty(min, "z", {
      get() {
        expect(
          np.distancePointAABB(v3(4, 0, 0), {
            min: v3(-1, -1, -1),
            max: v3(1, 1, 1),
          }),
        ).toBe(3);
        return 0.5;
      },
    });
    expect([...tree.boxesInAABB({ min, max: v3(2, 2, 2) })]).toEqual([0]);
    tree.dispose();
  });
});

describe("memory", () => {
  it("creating and disposing 10,000 trees returns the module's heap use to where it started", () => {
    const rng = random(10);
    expectCyclesFree(
      np,
      () => np.createAABBTree(makeBoxes(rng, 1 + rng.below(40), 1, 0)),
      (tree) => expect(tree.memoryBytes).toBeGreaterThan(0),
    );
  });

  it("a tree garbage-collected without dispose() is freed (FinalizationRegistry; node --expose-gc)", () => {
    expectDroppedFreed("aabbtree");
  });
});
