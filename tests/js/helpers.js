// Shared helpers of the JS tests: a seeded random generator, small vector and rotation math written
// independently of the library (to build inputs and check results), and the error assertion every test uses.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  Box3,
  Matrix3,
  Matrix4,
  Plane,
  Quaternion,
  Triangle,
  Vector3,
} from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { expect } from "vitest";

/** Seeded generator (mulberry32 pairs -> 53-bit doubles); the same seed gives the same sequence on every run. */
export function random(seed) {
  let state = seed >>> 0;
  const next32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const unit = () =>
    ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992; // [0, 1)
  return {
    unit,
    /** Uniform in [-1, 1). */
    symmetric: () => 2 * unit() - 1,
    /** Uniform in [lo, hi). */
    range: (lo, hi) => lo + (hi - lo) * unit(),
    /** Integer in [0, n). */
    below: (n) => Math.floor(unit() * n),
    pick: (items) => items[Math.floor(unit() * items.length)],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Numbers.

const f64 = new Float64Array(1);
const u64 = new BigInt64Array(f64.buffer);
/** The next double toward +Infinity. */
export function nextUp(x) {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  f64[0] = x;
  u64[0] += x > 0 ? 1n : -1n;
  return f64[0];
}
/** The next double toward -Infinity. */
export const nextDown = (x) => -nextUp(-x);

export const AXES = [0, 1, 2];
export const SIGNS = [-1, 1];
export const KEYS = ["x", "y", "z"];
/** The six orders of three things: axis permutations, or a triangle's corner orders. */
export const PERMUTATIONS = Object.freeze([
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
]);

// ---------------------------------------------------------------------------------------------------------
// Plain-object shapes.

export const v3 = (x, y, z) => ({ x, y, z });
/** The Vec3 with `value` on `axis` and `rest` on the other two. */
export function onAxis(axis, value, rest = 0) {
  const v = { x: rest, y: rest, z: rest };
  v[KEYS[axis]] = value;
  return v;
}
export const arr = (v) => [v.x, v.y, v.z];
export const vec = (a) => ({ x: a[0], y: a[1], z: a[2] });
export const box = (min, max) => ({ min: vec(min), max: vec(max) });
/** The cube [-1, 1]^3, fresh each time. */
export const unitBox = () => box([-1, -1, -1], [1, 1, 1]);
export const IDENTITY = Object.freeze([1, 0, 0, 0, 1, 0, 0, 0, 1]);
export const obb = (center, halfSize, elements = IDENTITY) => ({
  center: vec(center),
  halfSize: vec(halfSize),
  rotation: { elements: [...elements] },
});

// ---------------------------------------------------------------------------------------------------------
// Vector math on arrays.

export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const length = (a) => Math.sqrt(dot(a, a));
export const normalize = (a) => scale(a, 1 / length(a));

/** A random unit vector (rejection sampling in the unit ball). */
export function randomUnit(rng) {
  for (;;) {
    const v = [rng.symmetric(), rng.symmetric(), rng.symmetric()];
    const n2 = dot(v, v);
    if (n2 > 0.01 && n2 <= 1) return scale(v, 1 / Math.sqrt(n2));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rotations as 9 numbers, column-major (the columns are the box's local axes), like three.js Matrix3.

export function fromQuaternion(w, x, y, z) {
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y + w * z),
    2 * (x * z - w * y),
    2 * (x * y - w * z),
    1 - 2 * (x * x + z * z),
    2 * (y * z + w * x),
    2 * (x * z + w * y),
    2 * (y * z - w * x),
    1 - 2 * (x * x + y * y),
  ];
}
export function randomRotation(rng) {
  for (;;) {
    const q = [
      rng.symmetric(),
      rng.symmetric(),
      rng.symmetric(),
      rng.symmetric(),
    ];
    const n = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (n > 0.1 && n <= 1)
      return fromQuaternion(q[0] / n, q[1] / n, q[2] / n, q[3] / n);
  }
}
export function axisAngle(axis, angle) {
  const u = normalize(axis);
  const s = Math.sin(angle / 2);
  return fromQuaternion(Math.cos(angle / 2), u[0] * s, u[1] * s, u[2] * s);
}
export function multiply(a, b) {
  const m = new Array(9);
  for (let col = 0; col < 3; col++) {
    for (let row = 0; row < 3; row++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += a[k * 3 + row] * b[col * 3 + k];
      m[col * 3 + row] = s;
    }
  }
  return m;
}
export const column = (m, i) => [m[3 * i], m[3 * i + 1], m[3 * i + 2]];

/** The 8 corners of an OBB given as arrays. */
export function corners(center, half, m) {
  const out = [];
  for (const sx of SIGNS) {
    for (const sy of SIGNS) {
      for (const sz of SIGNS) {
        const s = [sx * half[0], sy * half[1], sz * half[2]];
        out.push(
          add(
            add(
              add(center, scale(column(m, 0), s[0])),
              scale(column(m, 1), s[1]),
            ),
            scale(column(m, 2), s[2]),
          ),
        );
      }
    }
  }
  return out;
}
/** The gap between two point sets' projections on axis L, in units of |L| (negative: they overlap by that much). */
export function projectionGap(pointsA, pointsB, L) {
  const pa = pointsA.map((p) => dot(p, L));
  const pb = pointsB.map((p) => dot(p, L));
  const gap = Math.max(
    Math.min(...pb) - Math.max(...pa),
    Math.min(...pa) - Math.max(...pb),
  );
  return gap / length(L);
}
/** The extent of an OBB along unit direction u. */
export const obbExtent = (half, m, u) =>
  half[0] * Math.abs(dot(column(m, 0), u)) +
  half[1] * Math.abs(dot(column(m, 1), u)) +
  half[2] * Math.abs(dot(column(m, 2), u));

// ---------------------------------------------------------------------------------------------------------
// Assertions.

/**
 * Calls `call` and requires it to throw exactly `ErrorClass` whose message starts with
 * `${fn}: ${field} ` (the function, then the argument and the field, then what is wrong).
 * Returns the error for further checks.
 */
export function expectError(fn, ErrorClass, field, call) {
  let thrown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(
    thrown,
    `${fn}: ${field} must throw ${ErrorClass.name}`,
  ).toBeInstanceOf(ErrorClass);
  expect(thrown.constructor).toBe(ErrorClass);
  expect(
    thrown.message.startsWith(`${fn}: ${field} `),
    `message "${thrown.message}" names ${fn}: ${field}`,
  ).toBe(true);
  return thrown;
}

/** A normal that never carries -0: every component is a number and no component is -0. */
export function expectNoNegativeZero(v) {
  const shown = `(${KEYS.map((k) => (Object.is(v[k], -0) ? "-0" : String(v[k]))).join(", ")})`;
  for (const k of KEYS)
    expect(Object.is(v[k], -0), `${k} is -0 in ${shown}`).toBe(false);
}

// ---------------------------------------------------------------------------------------------------------
// three.js inputs of the contact and cast suites.

/** A plain { x, y, z } copy of a vector (to compare three.js vectors with toEqual). */
export const plain = (v) => ({ x: v.x, y: v.y, z: v.z });
/** (x, y, z) with axis 0 mapped to `axis` and every component times `sign` (a cyclic permutation). */
export const onAxes = (axis, sign, x, y, z) => {
  const out = [0, 0, 0];
  out[axis] = x * sign;
  out[(axis + 1) % 3] = y * sign;
  out[(axis + 2) % 3] = z * sign;
  return new Vector3(out[0] + 0, out[1] + 0, out[2] + 0);
};
export const len = (v) => Math.hypot(v.x, v.y, v.z);
export const near = (a, b, tol) =>
  Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) <= tol;
/** A seeded Vector3 in [-s, s)^3. */
export const randomVector3 = (rng, s = 1) =>
  new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric()).multiplyScalar(
    s,
  );
/** A seeded three.js OBB: center in [-1, 1)^3, half sizes in [0, 1), a uniformly random rotation. */
export const randomThreeOBB = (rng) => {
  const q = new Quaternion(
    rng.symmetric(),
    rng.symmetric(),
    rng.symmetric(),
    rng.symmetric(),
  ).normalize();
  return new OBB(
    randomVector3(rng),
    new Vector3(rng.unit(), rng.unit(), rng.unit()),
    new Matrix3().setFromMatrix4(new Matrix4().makeRotationFromQuaternion(q)),
  );
};
/** For each shape b of a contact: a seeded random three.js instance near the origin. */
export const THREE_SHAPES = {
  Capsule: (rng) =>
    new Capsule(randomVector3(rng), randomVector3(rng), rng.unit()),
  AABB: (rng) => {
    const min = randomVector3(rng);
    return new Box3(
      min,
      min
        .clone()
        .add(
          new Vector3(rng.unit(), rng.unit(), rng.unit()).multiplyScalar(1.5),
        ),
    );
  },
  OBB: randomThreeOBB,
  Triangle: (rng) =>
    new Triangle(
      randomVector3(rng, 1.5),
      randomVector3(rng, 1.5),
      randomVector3(rng, 1.5),
    ),
  Plane: (rng) => new Plane(randomVector3(rng, 3), rng.symmetric()),
};

/**
 * Creates 100 objects of `kind` ("mesh" or "aabbtree") in a fresh `node --expose-gc` and drops them without
 * dispose() (tests/js/objects.gc.mjs): they held memory, and the FinalizationRegistry has freed it all (within
 * 200 collections).
 */
export function expectDroppedFreed(kind) {
  const script = fileURLToPath(new URL("./objects.gc.mjs", import.meta.url));
  const run = spawnSync(process.execPath, ["--expose-gc", script, kind], {
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  const result = JSON.parse(run.stdout);
  expect(result.grown).toBeGreaterThan(0); // the objects did hold memory
  expect(result.after).toBe(result.before);
}

/**
 * The bad input of an object's raycast (`mesh.raycast`, `boxes.raycast`: `name`), called as `raycast(ray,
 * maxDistance, target)`: a missing origin field, a zero or NaN ray, a negative or null maxDistance and a number
 * as the target each throw the TypeError or RangeError naming the field. `ray` is a good ray, `target` the target
 * passed along (the caller checks it is untouched).
 */
export function expectRaycastErrors(name, raycast, ray, target) {
  expectError(name, TypeError, "ray.origin.y", () =>
    raycast({ origin: { x: 0, z: 0 }, direction: v3(1, 0, 0) }, 1, target),
  );
  expectError(name, RangeError, "ray.direction", () =>
    raycast({ origin: v3(0, 0, 0), direction: v3(0, 0, 0) }, 1, target),
  );
  expectError(name, RangeError, "ray.origin.x", () =>
    raycast({ origin: v3(NaN, 0, 0), direction: v3(1, 0, 0) }, 1, target),
  );
  expectError(name, RangeError, "maxDistance", () => raycast(ray, -1, target));
  expectError(name, TypeError, "maxDistance", () => raycast(ray, null, target));
  expectError(name, TypeError, "target", () => raycast(ray, 1, 5));
}

/**
 * Each `[name, call]` of a disposed object throws a plain Error whose message is `message(name)` (e.g.
 * `mesh.raycast: the mesh was disposed`).
 */
export function expectDisposed(calls, message) {
  for (const [name, call] of calls) {
    let thrown;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    expect(thrown?.constructor, name).toBe(Error);
    expect(thrown.message).toBe(message(name));
  }
}

// ---- Meshes: triangle soups and the triangles of position / index arrays (mesh and mesh contacts tests).

/** Triangle `i` of `positions` (x, y, z per vertex) and `indices` (or every three vertices without). */
export function triangleOf(positions, indices, i) {
  const corner = (k) => {
    const v = indices ? indices[3 * i + k] : 3 * i + k;
    return v3(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
  };
  return { a: corner(0), b: corner(1), c: corner(2) };
}

/** Every triangle of `positions` and `indices`, as { a, b, c }. */
export function triangles(positions, indices) {
  const n = indices ? indices.length / 3 : positions.length / 9;
  return Array.from({ length: n }, (_, i) => triangleOf(positions, indices, i));
}

/** `n` separate small triangles (no two share an edge) around `offset`, `scale` in size: their positions. */
export function soup(rng, n, scale = 1, offset = 0) {
  const positions = new Float64Array(9 * n);
  for (let i = 0; i < n; i++) {
    const c = [0, 1, 2].map(() => offset + scale * rng.symmetric());
    for (let k = 0; k < 3; k++)
      for (let a = 0; a < 3; a++)
        positions[9 * i + 3 * k + a] = c[a] + 0.2 * scale * rng.symmetric();
  }
  return positions;
}

/**
 * Creates and disposes 10,000 objects from `make` (one first, to warm up): the module's heap use is above where
 * it started while one lives (checked every 1,000, with `alive(object)` for more checks), and back exactly
 * there, its memory unchanged, at the end.
 */
export function expectCyclesFree(np, make, alive = () => {}) {
  const internals = np[Symbol.for("narrowphase.internals")];
  make().dispose(); // warm up
  const heap = internals.heapBytesInUse();
  const memory = internals.memoryBytes();
  for (let i = 0; i < 10_000; i++) {
    const object = make();
    if (i % 1000 === 0) {
      expect(internals.heapBytesInUse()).toBeGreaterThan(heap);
      alive(object);
    }
    object.dispose();
  }
  expect(internals.heapBytesInUse()).toBe(heap);
  expect(internals.memoryBytes()).toBe(memory);
}

/** The nearest point of a triangle soup by the brute force over np's single calls (distancePointTriangle,
 *  closestPointOnTriangle), within maxDistance; the first of equal distances stays (the lowest index). */
export function bruteClosest(np, tris, p, maxDistance = Infinity) {
  let best = null;
  tris.forEach((t, i) => {
    const d = np.distancePointTriangle(p, t);
    if (d <= maxDistance && (best === null || d < best.distance))
      best = {
        distance: d,
        point: np.closestPointOnTriangle(p, t),
        triangle: i,
      };
  });
  return best;
}

/** The mesh BVH's sibling-pair test hook on the raw module: builds a mesh of the soup `positions` and runs `hook`
 *  (np_mesh_pairCheck on (ray, maxDistance, point) inputs, or np_mesh_segmentPairCheck on (start, end) inputs)
 *  on each input: the sum of the counts of children whose pair test differs from the one-node test (each count
 *  must be 0 or more; a negative count is a validation code). */
export function pairMismatches(
  module,
  positions,
  inputs,
  hook = "_np_mesh_pairCheck",
) {
  const at = module._malloc(positions.length * 8);
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
      const n = module[hook](mesh, io);
      expect(n, `input ${input}`).toBeGreaterThanOrEqual(0);
      total += n;
    }
  } finally {
    module._free(io);
    module._np_mesh_destroy(mesh);
  }
  return total;
}
