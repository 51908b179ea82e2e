// np.batch (API.md "Batch functions") against the real WASM module: every element's answer against the
// double-precision single call on the same float32 inputs, the degenerate cases, n = 0 and odd n, `out` reuse,
// every error class naming its element with `out` untouched, memory that does not grow, and two
// worker_threads running batches at once.
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { CHUNK, STAGE } from "../../web/lib/batch.js";
import { random } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

// ---------------------------------------------------------------------------------------------------------
// Inputs: seeded float32 sets in [-4, 4], a third of the numbers snapped to a grid of 0.5 so that touching,
// flat and axis-parallel configurations occur often: radius 0, min == max, rays in face planes and along
// axes (with -0 components), zero-length casts, casts ending exactly in contact.

function generator(seed) {
  const r = random(seed);
  const coord = () => {
    const v = r.range(-4, 4);
    return r.below(3) === 0 ? Math.round(v * 2) / 2 : v;
  };
  const length = () => {
    const pick = r.below(6);
    return pick === 0
      ? 0
      : pick === 1
        ? Math.round(r.range(0, 2) * 2) / 2
        : r.range(0, 2);
  };
  const box = () => {
    const min = [coord(), coord(), coord()];
    return [...min, ...min.map((m) => m + length())];
  };
  // A rotation from a random unit quaternion; a quarter of them axis-aligned (columns permuted or negated).
  const rotation = () => {
    if (r.below(4) === 0) {
      const p = r.below(3);
      const m = new Array(9).fill(0);
      for (let c = 0; c < 3; c++)
        m[3 * c + ((c + p) % 3)] = r.below(2) ? 1 : -1;
      return m;
    }
    let [w, x, y, z] = [
      r.symmetric(),
      r.symmetric(),
      r.symmetric(),
      r.symmetric(),
    ];
    const l = Math.hypot(w, x, y, z);
    [w, x, y, z] = [w / l, x / l, y / l, z / l];
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
  };
  const direction = (i) => {
    const d = [coord(), coord(), coord()];
    if (i % 3 === 0) [d[0], d[1]] = [i % 2 ? -0 : 0, 0]; // along z (or zero, fixed below)
    if (d[0] === 0 && d[1] === 0 && d[2] === 0) d[2] = 1;
    return d;
  };
  return { r, coord, length, box, rotation, direction };
}

function flat(n, stride, make) {
  const a = new Float32Array(n * stride);
  for (let i = 0; i < n; i++) a.set(make(i), i * stride);
  return a;
}

const INPUTS = {
  overlapSphereAABB: (n, g) => [
    flat(n, 4, () => [g.coord(), g.coord(), g.coord(), g.length()]),
    flat(n, 6, g.box),
  ],
  distancePointAABB: (n, g) => [
    flat(n, 3, () => [g.coord(), g.coord(), g.coord()]),
    flat(n, 6, g.box),
  ],
  raycastAABB: (n, g) => [
    flat(n, 6, (i) => [g.coord(), g.coord(), g.coord(), ...g.direction(i)]),
    flat(n, 6, g.box),
  ],
  overlapOBBOBB: (n, g) => {
    const obb = () => [
      g.coord() * 0.75,
      g.coord() * 0.75,
      g.coord() * 0.75,
      g.length(),
      g.length(),
      g.length(),
      ...g.rotation(),
    ];
    return [flat(n, 15, obb), flat(n, 15, obb)];
  },
  sphereCastSphere: (n, g) => [
    flat(n, 7, (i) => {
      const s = [g.coord(), g.coord(), g.coord()];
      const e = i % 10 === 0 ? s : [g.coord(), g.coord(), g.coord()]; // zero-length casts
      return [...s, ...e, g.length()];
    }),
    flat(n, 4, () => [g.coord(), g.coord(), g.coord(), g.length()]),
  ],
};

// ---------------------------------------------------------------------------------------------------------
// The single calls on element i (the float32 numbers, as JS numbers), and the same call with the shapes grown or
// shrunk by `g` (to tell a decision within rounding of its boundary).

const vec = (a, k) => ({ x: a[k], y: a[k + 1], z: a[k + 2] });
const boxAt = (b, i, g = 0) => ({
  min: { x: b[6 * i] - g, y: b[6 * i + 1] - g, z: b[6 * i + 2] - g },
  max: { x: b[6 * i + 3] + g, y: b[6 * i + 4] + g, z: b[6 * i + 5] + g },
});
const obbAt = (o, i, g = 0) => ({
  center: vec(o, 15 * i),
  halfSize: {
    x: o[15 * i + 3] + g,
    y: o[15 * i + 4] + g,
    z: o[15 * i + 5] + g,
  },
  rotation: { elements: Array.from(o.subarray(15 * i + 6, 15 * i + 15)) },
});
const SINGLE = {
  overlapSphereAABB: (s, b, i, g = 0) =>
    np.overlapSphereAABB(
      { center: vec(s, 4 * i), radius: Math.max(0, s[4 * i + 3] + g) },
      boxAt(b, i),
    ),
  distancePointAABB: (p, b, i) =>
    np.distancePointAABB(vec(p, 3 * i), boxAt(b, i)),
  raycastAABB: (r, b, i, g = 0, max = Infinity) => {
    const hit = np.raycastAABB(
      { origin: vec(r, 6 * i), direction: vec(r, 6 * i + 3) },
      boxAt(b, i, g),
      max,
    );
    return hit === null ? Infinity : hit.distance;
  },
  overlapOBBOBB: (a, b, i, g = 0) =>
    np.overlapOBBOBB(obbAt(a, i, g), obbAt(b, i, g)),
  sphereCastSphere: (c, t, i, g = 0) => {
    const hit = np.sphereCastSphere(
      vec(c, 7 * i),
      vec(c, 7 * i + 3),
      Math.max(0, c[7 * i + 6] + g),
      {
        center: vec(t, 4 * i),
        radius: t[4 * i + 3],
      },
    );
    return hit === null ? Infinity : hit.fraction;
  },
};

// Float32 rounding of the boundary: decisions may differ only where growing the shapes by BAND (relative to
// the scene's extent, 4) and shrinking them by it gives different single-call answers.
const BAND = 4 * 2 ** -18;

/** Checks batch[i] against the single call for every i; returns how many decisions differed (near a boundary). */
function compare(name, a, b, batch, max = Infinity) {
  let differ = 0;
  const single = SINGLE[name];
  for (let i = 0; i < batch.length; i++) {
    const got = batch[i];
    if (name === "overlapSphereAABB" || name === "overlapOBBOBB") {
      const want = single(a, b, i) ? 1 : 0;
      if (got === want) continue;
      differ++;
      expect(
        single(a, b, i, BAND),
        `${name} element ${i}: grown by the band it overlaps`,
      ).toBe(true);
      expect(
        single(a, b, i, -BAND),
        `${name} element ${i}: shrunk by the band it does not`,
      ).toBe(false);
    } else if (name === "distancePointAABB") {
      const want = single(a, b, i);
      expect(
        Math.abs(got - Math.fround(want)),
        `${name} element ${i}`,
      ).toBeLessThanOrEqual(2 ** -23 * want);
      if (want === 0)
        expect(got, `${name} element ${i}: inside is exactly 0`).toBe(0);
    } else {
      const want =
        name === "raycastAABB" ? single(a, b, i, 0, max) : single(a, b, i);
      if (Number.isFinite(want) && Number.isFinite(got)) {
        // Distances within float32 rounding of the double answer (a few float32 ulps of the scene's scale).
        expect(
          Math.abs(got - want),
          `${name} element ${i}: ${got} against ${want}`,
        ).toBeLessThanOrEqual(
          2 ** -21 * (name === "raycastAABB" ? 1 + want : 1),
        );
        if (want === 0)
          expect(
            got,
            `${name} element ${i}: starting inside is exactly 0`,
          ).toBe(0);
        continue;
      }
      if (got === want) continue;
      differ++;
      if (name === "raycastAABB") {
        const nearMax =
          Math.abs((Number.isFinite(got) ? got : want) - max) <= BAND;
        const grown = single(a, b, i, BAND, max + BAND);
        expect(
          nearMax || Number.isFinite(grown),
          `${name} element ${i}: a miss within the band`,
        ).toBe(true);
      } else {
        expect(
          Number.isFinite(single(a, b, i, BAND)),
          `${name} element ${i}: a larger radius hits`,
        ).toBe(true);
        expect(
          Number.isFinite(single(a, b, i, -BAND)),
          `${name} element ${i}: a smaller one misses`,
        ).toBe(false);
      }
    }
  }
  return differ;
}

const NAMES = Object.keys(INPUTS);
const OUT = {
  overlapSphereAABB: Uint8Array,
  distancePointAABB: Float32Array,
  raycastAABB: Float32Array,
  overlapOBBOBB: Uint8Array,
  sphereCastSphere: Float32Array,
};
const call = (name, a, b, out, max = Infinity) =>
  name === "raycastAABB"
    ? np.batch.raycastAABB(a, b, max, out)
    : np.batch[name](a, b, out);

describe("np.batch answers as the single calls do", () => {
  for (const [seed, name] of NAMES.entries()) {
    it(`${name}: every element of a seeded set with the degenerate cases (n = ${CHUNK + 7}, several chunks, odd)`, () => {
      const n = CHUNK + 7;
      const [a, b] = INPUTS[name](n, generator(100 + seed));
      const out = call(name, a, b);
      expect(out).toBeInstanceOf(OUT[name]);
      expect(out.length).toBe(n);
      const differ = compare(name, a, b, out);
      // Differences only near a boundary, and few of them.
      expect(differ).toBeLessThanOrEqual(n / 500);
      if (name === "raycastAABB")
        compare(name, a, b, call(name, a, b, undefined, 2.5), 2.5);
    });
  }

  it("the degenerate cases of the conventions, one by one", () => {
    // Radius 0 on a face: overlap; a flat box (min.y == max.y) touched by a ball: overlap; a ball an ulp short.
    const below = Math.fround(1 - 2 ** -24);
    expect([
      ...np.batch.overlapSphereAABB(
        new Float32Array([1, 0, 0, 0, 0, 2, 0, 2, 0, 2, 0, below]),
        new Float32Array([
          -1, -1, -1, 1, 1, 1, -1, 0, -1, 1, 0, 1, -1, 0, -1, 1, 0, 1,
        ]),
      ),
    ]).toEqual([1, 1, 0]);
    // A ray starting inside (0), one in a face plane (hits the closed box), one pointing away with a -0 component,
    // one through a flat box, and one stopped by maxDistance.
    const rays = new Float32Array([
      0, 0, 0, 1, 0, 0, -5, 1, 0, 1, 0, 0, -5, 0, 0, -1, -0, 0, 0, 5, 0, 0, -2,
      0,
    ]);
    const boxes = new Float32Array([
      -1, -1, -1, 1, 1, 1, -1, -1, -1, 1, 1, 1, -1, -1, -1, 1, 1, 1, -1, 0, -1,
      1, 0, 1,
    ]);
    expect([...np.batch.raycastAABB(rays, boxes)]).toEqual([0, 4, Infinity, 5]);
    expect([...np.batch.raycastAABB(rays, boxes, 4.5)]).toEqual([
      0,
      4,
      Infinity,
      Infinity,
    ]);
    // A zero-length cast touching (an overlap test: 0), one apart (a miss), one ending exactly in contact (1).
    expect([
      ...np.batch.sphereCastSphere(
        new Float32Array([
          2, 0, 0, 2, 0, 0, 1, 3, 0, 0, 3, 0, 0, 0.5, -5, 0, 0, -2, 0, 0, 1,
        ]),
        new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
      ),
    ]).toEqual([0, Infinity, 1]);
    // Coincident OBBs; boxes touching face to face; a point OBB (half sizes 0) on a face.
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    expect([
      ...np.batch.overlapOBBOBB(
        new Float32Array([
          0,
          0,
          0,
          1,
          1,
          1,
          ...I,
          0,
          0,
          0,
          1,
          1,
          1,
          ...I,
          0,
          0,
          0,
          1,
          1,
          1,
          ...I,
        ]),
        new Float32Array([
          0,
          0,
          0,
          1,
          1,
          1,
          ...I,
          2,
          0,
          0,
          1,
          1,
          1,
          ...I,
          1,
          0.5,
          0,
          0,
          0,
          0,
          ...I,
        ]),
      ),
    ]).toEqual([1, 1, 1]);
    expect([
      ...np.batch.distancePointAABB(
        new Float32Array([1, 0, 0, 4, 5, 1]),
        new Float32Array([-1, -1, -1, 1, 1, 1, -1, -1, -1, 1, 1, 1]),
      ),
    ]).toEqual([0, 5]);
  });

  it("n = 0 gives empty outputs, and any odd n works", () => {
    for (const name of NAMES) {
      const empty = call(name, new Float32Array(0), new Float32Array(0));
      expect(empty).toBeInstanceOf(OUT[name]);
      expect(empty.length).toBe(0);
    }
    for (const n of [1, 3, 5, 17, 63]) {
      const [a, b] = INPUTS.overlapSphereAABB(n, generator(n));
      const out = np.batch.overlapSphereAABB(a, b);
      expect(out.length).toBe(n);
      for (let i = 0; i < n; i++)
        expect(out[i]).toBe(SINGLE.overlapSphereAABB(a, b, i) ? 1 : 0);
    }
  });

  it("a batch longer than the staging area (two passes) gives the answers of the same elements in small batches", () => {
    const n = STAGE + 4099;
    const [a, b] = INPUTS.distancePointAABB(n, generator(7));
    const out = new Float32Array(n);
    expect(np.batch.distancePointAABB(a, b, out)).toBe(out);
    for (const start of [0, 12345, STAGE - 3, n - 5000]) {
      const small = np.batch.distancePointAABB(
        a.subarray(3 * start, 3 * (start + 5000)),
        b.subarray(6 * start, 6 * (start + 5000)),
      );
      expect(out.subarray(start, start + 5000)).toEqual(small);
    }
    for (const i of [0, STAGE, n - 1])
      expect(out[i]).toBe(Math.fround(SINGLE.distancePointAABB(a, b, i)));
  });
});

describe("np.batch's out argument", () => {
  it("is filled and returned; a longer one is filled in its first n elements, returned as a subarray", () => {
    const [a, b] = INPUTS.sphereCastSphere(9, generator(3));
    const expected = np.batch.sphereCastSphere(a, b);
    const out = new Float32Array(9).fill(-7);
    expect(np.batch.sphereCastSphere(a, b, out)).toBe(out);
    expect(out).toEqual(expected);
    // Reused: every element overwritten again.
    out.fill(-7);
    np.batch.sphereCastSphere(a, b, out);
    expect(out).toEqual(expected);
    const longer = new Float32Array(12).fill(-7);
    const result = np.batch.sphereCastSphere(a, b, longer);
    expect(result.buffer).toBe(longer.buffer);
    expect(result.length).toBe(9);
    expect(result).toEqual(expected);
    expect([...longer.subarray(9)]).toEqual([-7, -7, -7]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Bad input: every class, in each input, at an element in a later chunk; `out` untouched; the next call works.

const FIELDS = {
  overlapSphereAABB: [
    ["spheres", 4],
    ["boxes", 6],
  ],
  distancePointAABB: [
    ["points", 3],
    ["boxes", 6],
  ],
  raycastAABB: [
    ["rays", 6],
    ["boxes", 6],
  ],
  overlapOBBOBB: [
    ["a", 15],
    ["b", 15],
  ],
  sphereCastSphere: [
    ["casts", 7],
    ["targets", 4],
  ],
};
// [function, which input (0 or 1), offset in the element, value, field named, what the message says]
const BAD = [
  [
    "overlapSphereAABB",
    0,
    1,
    NaN,
    "center.y",
    "is NaN, expected a finite number",
  ],
  ["overlapSphereAABB", 0, 3, -1, "radius", "is -1, expected a value >= 0"],
  [
    "overlapSphereAABB",
    1,
    5,
    Infinity,
    "max.z",
    "is Infinity, expected a finite number",
  ],
  ["overlapSphereAABB", 1, 1, 9, "min.y", "> max.y"],
  [
    "distancePointAABB",
    0,
    2,
    -Infinity,
    "z",
    "is -Infinity, expected a finite number",
  ],
  ["distancePointAABB", 1, 0, 9, "min.x", "min must not exceed max"],
  ["raycastAABB", 0, 4, NaN, "direction.y", "is NaN"],
  ["raycastAABB", 0, "zero", 0, "direction", "expected a non-zero direction"],
  ["raycastAABB", 1, 2, 9, "min.z", "min must not exceed max"],
  ["overlapOBBOBB", 0, 4, -0.5, "halfSize.y", "is -0.5, expected a value >= 0"],
  ["overlapOBBOBB", 1, 10, 1.001, "rotation", "is not orthonormal within 1e-6"],
  ["overlapOBBOBB", 1, 14, NaN, "rotation[8]", "is NaN"],
  ["sphereCastSphere", 0, 6, -2, "radius", "is -2, expected a value >= 0"],
  ["sphereCastSphere", 0, 3, NaN, "end.x", "is NaN"],
  ["sphereCastSphere", 1, 3, -1, "radius", "is -1, expected a value >= 0"],
  // The WASM kernel finds a cast's non-finite numbers from its terms: one in every role.
  ["sphereCastSphere", 0, 0, Infinity, "start.x", "is Infinity"],
  ["sphereCastSphere", 0, 5, -Infinity, "end.z", "is -Infinity"],
  ["sphereCastSphere", 0, 6, Infinity, "radius", "is Infinity"],
  ["sphereCastSphere", 1, 1, NaN, "center.y", "is NaN"],
  ["sphereCastSphere", 1, 3, Infinity, "radius", "is Infinity"],
];

// OBBs (15 numbers: center, half size, rotation) given identity rotations, so that no rotation is invalid; with
// `zeroAll`, centers and half sizes become 0 too.
function identityRotations(array, zeroAll = false) {
  array.forEach((_, k) => {
    if (zeroAll || k % 15 >= 6)
      array[k] = k % 15 === 6 || k % 15 === 10 || k % 15 === 14 ? 1 : 0;
  });
}

// Makes element `index` of input `input` (0: a, 1: b) invalid as a BAD entry says (offset "zero": a zero ray
// direction; else `value` at `offset`), lets `also(array, stride)` spoil more, then calls `name` with an `out`
// of n elements filled with 42: what it threw (undefined if nothing) and that `out`.
function callCorrupted(name, a, b, n, [input, index, offset, value], also) {
  const array = input === 0 ? a : b;
  const stride = FIELDS[name][input][1];
  if (offset === "zero") array.fill(0, stride * index + 3, stride * index + 6);
  else array[stride * index + offset] = value;
  also?.(array, stride);
  const out = new OUT[name](n).fill(42);
  let thrown;
  try {
    call(name, a, b, out);
  } catch (error) {
    thrown = error;
  }
  return { thrown, out };
}

describe("np.batch rejects bad input, naming the element, and writes nothing to out", () => {
  for (const [name, input, offset, value, field, says] of BAD) {
    it(`${name}: ${FIELDS[name][input][0]} ${field} ${says}`, () => {
      const n = 2 * CHUNK + 11;
      const [a, b] = INPUTS[name](n, generator(21));
      if (name === "overlapOBBOBB")
        for (const array of [a, b]) identityRotations(array, true);
      const index = CHUNK + 5; // in the second chunk: the first one was valid
      const [arg] = FIELDS[name][input];
      const { thrown, out } = callCorrupted(name, a, b, n, [
        input,
        index,
        offset,
        value,
      ]);
      expect(thrown).toBeInstanceOf(RangeError);
      expect(
        thrown.message.startsWith(`batch.${name}: ${arg} element ${index} `),
        thrown.message,
      ).toBe(true);
      expect(thrown.message).toContain(field);
      expect(thrown.message).toContain(says);
      expect(thrown.index).toBe(index);
      expect(
        out.every((v) => v === 42),
        "out untouched",
      ).toBe(true);
      // The module keeps working: the same call with the element repaired.
      const [goodA, goodB] = INPUTS[name](n, generator(21));
      if (name === "overlapOBBOBB")
        for (const array of [goodA, goodB]) identityRotations(array, true);
      expect(call(name, goodA, goodB, out)).toBe(out);
      expect(out.every((v) => v === 42)).toBe(false);
    });
  }

  // The WASM kernels check four elements at a time in SIMD lanes, validating as they compute, and the last n % 4
  // one by one: every kind of invalid element at every position of two groups of four and a tail of three.
  it("every kind of invalid element is found at every position (every SIMD lane and the scalar tail)", () => {
    const n = 11;
    for (const [name, input, offset, value, field] of BAD) {
      const [good0, good1] = INPUTS[name](n, generator(31));
      if (name === "overlapOBBOBB")
        for (const array of [good0, good1]) identityRotations(array);
      const expected = call(name, good0, good1);
      for (let index = 0; index < n; index++) {
        const [a, b] = [good0.slice(), good1.slice()];
        // A second invalid element later on must not hide the first.
        const { thrown, out } = callCorrupted(
          name,
          a,
          b,
          n,
          [input, index, offset, value],
          (array, stride) => {
            if (index + 5 < n)
              array[stride * (index + 5) + (offset === "zero" ? 0 : offset)] =
                NaN;
          },
        );
        expect(thrown?.index, `${name} ${field} at ${index}: ${thrown}`).toBe(
          index,
        );
        expect(
          out.every((v) => v === 42),
          `${name} ${field} at ${index}: out untouched`,
        ).toBe(true);
      }
      // And the module still answers the valid batch as before.
      expect(call(name, good0, good1), name).toEqual(expected);
    }
  });

  // The kernels check finiteness from a sum of the inputs of four elements: a sum of finite floats that overflows
  // sends them to look for the invalid element, find none and keep the answers.
  it("finite inputs near the float32 maximum are valid, and answered as the single calls do", () => {
    const big = 3e38;
    const n = 9;
    const spheres = new Float32Array(4 * n);
    const boxes = new Float32Array(6 * n);
    const points = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      const side = i % 3 === 0 ? -big : big;
      spheres.set([side, side, side, i % 2 ? big : 0], 4 * i);
      boxes.set([side, side, side, big, big, big], 6 * i);
      points.set([side, -side, side], 3 * i);
    }
    const hits = np.batch.overlapSphereAABB(spheres, boxes);
    const distances = np.batch.distancePointAABB(points, boxes);
    for (let i = 0; i < n; i++) {
      const s = spheres.subarray(4 * i);
      const b = boxes.subarray(6 * i);
      const box = {
        min: { x: b[0], y: b[1], z: b[2] },
        max: { x: b[3], y: b[4], z: b[5] },
      };
      expect(hits[i], `sphere ${i}`).toBe(
        np.overlapSphereAABB(
          { center: { x: s[0], y: s[1], z: s[2] }, radius: s[3] },
          box,
        )
          ? 1
          : 0,
      );
      const p = points.subarray(3 * i);
      expect(distances[i], `point ${i}`).toBe(
        Math.fround(np.distancePointAABB({ x: p[0], y: p[1], z: p[2] }, box)),
      );
    }
  });

  // The WASM OBB kernel checks rotations in float32 as a filter (|dot - delta| <= 7.5e-7 there implies the double
  // rule's 1e-6); a rotation between the two must still be accepted, one just past 1e-6 rejected, at any lane.
  it("overlapOBBOBB: rotations within 1e-6 but past the float32 filter are valid, those past 1e-6 are not", () => {
    // The single calls' rule in double: each dot product of the float32 columns summed in order.
    const orthonormal = (r) => {
      for (let i = 0; i < 3; i++)
        for (let j = i; j < 3; j++) {
          const d =
            r[3 * i] * r[3 * j] +
            r[3 * i + 1] * r[3 * j + 1] +
            r[3 * i + 2] * r[3 * j + 2];
          if (!(Math.abs(d - (i === j ? 1 : 0)) <= 1e-6)) return false;
        }
      return true;
    };
    const n = 11;
    const [a, b] = INPUTS.overlapOBBOBB(n, generator(41));
    const expected = np.batch.overlapOBBOBB(a, b);
    let accepted = 0;
    let rejected = 0;
    for (const scale of [
      1 + 3.9e-7,
      1 + 4.6e-7,
      1 + 4.9e-7,
      1 + 5.2e-7,
      1 + 6e-7,
    ]) {
      for (let index = 0; index < n; index++) {
        const scaled = a.slice();
        // Column 0 of element index's rotation, lengthened: its squared length is about 1 + 2 (scale - 1).
        for (let k = 6; k < 9; k++)
          scaled[15 * index + k] = Math.fround(a[15 * index + k] * scale);
        const valid = orthonormal(
          scaled.subarray(15 * index + 6, 15 * index + 15),
        );
        const out = new Uint8Array(n).fill(42);
        if (valid) {
          accepted++;
          expect(
            np.batch.overlapOBBOBB(scaled, b, out),
            `scale ${scale} at ${index}`,
          ).toBe(out);
          // The lengthened box overlaps as the same call in double, element by element.
          for (let i = 0; i < n; i++)
            if (i !== index)
              expect(out[i], `scale ${scale} at ${index}: ${i}`).toBe(
                expected[i],
              );
        } else {
          rejected++;
          let thrown;
          try {
            np.batch.overlapOBBOBB(scaled, b, out);
          } catch (error) {
            thrown = error;
          }
          expect(thrown?.index, `scale ${scale} at ${index}: ${thrown}`).toBe(
            index,
          );
          expect(thrown.message).toContain("is not orthonormal within 1e-6");
          expect(out.every((v) => v === 42)).toBe(true);
        }
      }
    }
    // Both sides of the tolerance were exercised.
    expect(accepted).toBeGreaterThan(n);
    expect(rejected).toBeGreaterThan(n);
  });

  it("the first invalid element is named when several are, and a batch past the staging area leaves out untouched", () => {
    const n = STAGE + 3 * CHUNK;
    const [s, b] = INPUTS.overlapSphereAABB(n, generator(5));
    s[4 * (n - 2) + 3] = -1;
    s[4 * (n - 1)] = NaN;
    const out = new Uint8Array(n).fill(42);
    expect(() => np.batch.overlapSphereAABB(s, b, out)).toThrow(
      `batch.overlapSphereAABB: spheres element ${n - 2} `,
    );
    expect(out.every((v) => v === 42)).toBe(true);
    b[6 * 100] = 99; // an inverted box earlier, in the other input
    expect(() => np.batch.overlapSphereAABB(s, b, out)).toThrow(
      `batch.overlapSphereAABB: boxes element 100 `,
    );
    expect(out.every((v) => v === 42)).toBe(true);
  });

  it("wrong types, lengths, counts, maxDistance and out", () => {
    const s = new Float32Array(8),
      b = new Float32Array(12);
    const cases = [
      [
        TypeError,
        "batch.overlapSphereAABB: spheres is a Float64Array, expected a Float32Array",
        () => np.batch.overlapSphereAABB(new Float64Array(8), b),
      ],
      [
        TypeError,
        "batch.overlapSphereAABB: boxes is an Array, expected a Float32Array",
        () => np.batch.overlapSphereAABB(s, [0, 0, 0, 1, 1, 1]),
      ],
      [
        TypeError,
        "batch.overlapSphereAABB: spheres is undefined",
        () => np.batch.overlapSphereAABB(),
      ],
      [
        RangeError,
        "batch.overlapSphereAABB: spheres.length is 7, expected a multiple of 4",
        () => np.batch.overlapSphereAABB(new Float32Array(7), b),
      ],
      [
        RangeError,
        "batch.overlapOBBOBB: b.length is 16, expected a multiple of 15",
        () =>
          np.batch.overlapOBBOBB(new Float32Array(15), new Float32Array(16)),
      ],
      [
        RangeError,
        "batch.overlapSphereAABB: spheres holds 2 spheres (length 8) and boxes 1 boxes",
        () => np.batch.overlapSphereAABB(s, new Float32Array(6)),
      ],
      [
        RangeError,
        "batch.raycastAABB: maxDistance is -1, expected a number >= 0 (Infinity allowed)",
        () => np.batch.raycastAABB(b, b, -1),
      ],
      [
        RangeError,
        "batch.raycastAABB: maxDistance is NaN",
        () => np.batch.raycastAABB(b, b, NaN),
      ],
      [
        TypeError,
        "batch.raycastAABB: maxDistance is string 3, expected a number",
        () => np.batch.raycastAABB(b, b, "3"),
      ],
      [
        TypeError,
        "batch.overlapSphereAABB: out is a Float32Array, expected a Uint8Array",
        () => np.batch.overlapSphereAABB(s, b, new Float32Array(2)),
      ],
      [
        RangeError,
        "batch.distancePointAABB: out.length is 1, expected at least 2",
        () =>
          np.batch.distancePointAABB(
            new Float32Array(6),
            b,
            new Float32Array(1),
          ),
      ],
      [
        RangeError,
        "batch.distancePointAABB: out shares memory with points",
        () => {
          const shared = new Float32Array(8);
          np.batch.distancePointAABB(
            shared.subarray(0, 6),
            b,
            shared.subarray(4, 6),
          );
        },
      ],
    ];
    for (const [ErrorClass, message, run] of cases) {
      let thrown;
      try {
        run();
      } catch (error) {
        thrown = error;
      }
      expect(thrown, message).toBeInstanceOf(ErrorClass);
      expect(
        thrown.message.startsWith(message),
        `"${thrown.message}" starts with "${message}"`,
      ).toBe(true);
      expect([
        ...np.batch.overlapSphereAABB(
          new Float32Array([0, 0, 0, 1]),
          new Float32Array([1, 0, 0, 2, 1, 1]),
        ),
      ]).toEqual([1]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("np.batch and memory", () => {
  const internals = () => np[Symbol.for("narrowphase.internals")];

  it("1,000 batch calls of the same size leave the module's memory unchanged", () => {
    const [s, b] = INPUTS.overlapSphereAABB(3 * CHUNK + 1, generator(11));
    const out = new Uint8Array(3 * CHUNK + 1);
    np.batch.overlapSphereAABB(s, b, out); // the first call allocates the fixed region
    const bytes = internals().memoryBytes();
    for (let k = 0; k < 1000; k++) np.batch.overlapSphereAABB(s, b, out);
    for (let k = 0; k < 10; k++)
      np.batch.raycastAABB(b, b, Infinity, new Float32Array(3 * CHUNK + 1));
    expect(internals().memoryBytes()).toBe(bytes);
  });

  it("a batch larger than the module's memory runs in chunks, without growing it past 5 MiB (1 MiB initial and the fixed region of 4.5 MiB)", () => {
    const initial = 1 << 20; // -sINITIAL_MEMORY=1MB
    const n = 2 * STAGE + 1; // 2.1 M OBB pairs: 126 MB of input, 2 MB of answers
    const a = new Float32Array(15 * n),
      b = new Float32Array(15 * n);
    for (let i = 0; i < n; i++) {
      a[15 * i + 6] =
        a[15 * i + 10] =
        a[15 * i + 14] =
        b[15 * i + 6] =
        b[15 * i + 10] =
        b[15 * i + 14] =
          1;
      a[15 * i + 3] =
        a[15 * i + 4] =
        a[15 * i + 5] =
        b[15 * i + 3] =
        b[15 * i + 4] =
        b[15 * i + 5] =
          1;
      b[15 * i] = i % 2 ? 2 : 2.5; // touching, or apart
    }
    expect(a.byteLength).toBeGreaterThan(100 * initial);
    const out = np.batch.overlapOBBOBB(a, b);
    expect(out[0]).toBe(0);
    expect(out[1]).toBe(1);
    expect(out[n - 2]).toBe(1);
    expect(out[n - 1]).toBe(0);
    expect(out.reduce((sum, v) => sum + v, 0)).toBe((n - 1) / 2);
    expect(internals().memoryBytes()).toBeLessThanOrEqual(5 << 20);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("np.batch in worker_threads", () => {
  it("two workers, each with its own init(), run batches at once and answer as the main thread does", async () => {
    const n = 5 * CHUNK + 3;
    const jobs = [0, 1].map((k) => {
      const [a, b] = INPUTS.raycastAABB(n, generator(40 + k));
      return { a, b };
    });
    const expected = jobs.map(({ a, b }) => np.batch.raycastAABB(a, b, 3));
    const results = await Promise.all(
      jobs.map(
        ({ a, b }) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(
              new URL("./batch.worker.mjs", import.meta.url),
              {
                workerData: { a, b, maxDistance: 3, rounds: 20 },
              },
            );
            worker.once("message", resolve);
            worker.once("error", reject);
            worker.once(
              "exit",
              (code) =>
                code !== 0 && reject(new Error(`worker exited with ${code}`)),
            );
          }),
      ),
    );
    for (const [k, result] of results.entries()) {
      expect(result.error).toBeUndefined();
      expect(result.rounds).toBe(20);
      expect(result.out).toEqual(expected[k]);
      expect(result.agreed, "every round gave the same answers").toBe(true);
    }
    // Different inputs, different answers: each worker answered its own batch.
    expect(results[0].out).not.toEqual(results[1].out);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("np.batch over arrays in the module's memory (np.batch.allocate), read in place", () => {
  it("gives the answers of the same numbers copied, with out there or elsewhere, and leaves out untouched on error", () => {
    const n = CHUNK + 3;
    for (const name of NAMES) {
      const [a, b] = INPUTS[name](n, generator(60));
      const wa = np.batch.allocate(Float32Array, a.length);
      const wb = np.batch.allocate(Float32Array, b.length);
      const wout = np.batch.allocate(OUT[name], n);
      // Later allocations may have grown memory: the arrays as they are now.
      const [ia, ib, iout] = [wa, wb, wout].map((array) =>
        np.batch.view(array),
      );
      ia.set(a);
      ib.set(b);
      const expected = call(name, a, b);
      expect(call(name, ia, ib, iout), name).toBe(iout);
      expect(iout, name).toEqual(expected);
      expect(call(name, ia, ib), name).toEqual(expected);
      // An invalid element: nothing written to the out in memory either.
      iout.fill(42);
      ia[ia.length - 1] = NaN;
      expect(() => call(name, ia, ib, iout)).toThrow(RangeError);
      expect(
        iout.every((v) => v === 42),
        `${name}: out untouched`,
      ).toBe(true);
      for (const array of [wa, wb, wout]) np.batch.free(array);
    }
  });

  it("rejects an array detached by memory growth, a freed one and bad arguments, and does not leak", () => {
    const internals = np[Symbol.for("narrowphase.internals")];
    const small = np.batch.allocate(Float32Array, 4);
    const boxes = np.batch.allocate(Float32Array, 6);
    const big = np.batch.allocate(Float32Array, 16 << 20); // 64 MB: memory grows, `small` is detached
    expect(small.length).toBe(0);
    expect(() =>
      np.batch.overlapSphereAABB(small, np.batch.view(boxes)),
    ).toThrow(
      "batch.overlapSphereAABB: spheres was made over the module's memory before it grew, which detached it: pass np.batch.view(spheres)",
    );
    const view = np.batch.view(small);
    view.set([0, 0, 0, 1]);
    np.batch.view(boxes).set([1, 0, 0, 2, 1, 1]);
    expect([...np.batch.overlapSphereAABB(view, np.batch.view(boxes))]).toEqual(
      [1],
    );
    np.batch.free(big);
    expect(() =>
      np.batch.overlapSphereAABB(
        np.batch.view(small),
        np.batch.view(boxes),
        big.subarray(0, 0),
      ),
    ).toThrow(TypeError);
    np.batch.free(small);
    expect(() => np.batch.overlapSphereAABB(view, new Float32Array(6))).toThrow(
      "batch.overlapSphereAABB: spheres was freed",
    );
    expect(() => np.batch.free(small)).toThrow(
      "batch.free: array is already freed",
    );
    expect(() => np.batch.view(new Float32Array(3))).toThrow(
      "batch.view: array is not an array from np.batch.allocate",
    );
    expect(() => np.batch.allocate(Float64Array, 3)).toThrow(TypeError);
    expect(() => np.batch.allocate(Float32Array, -1)).toThrow(RangeError);
    np.batch.free(boxes);
    // Allocating and freeing the same sizes again and again reuses the memory.
    const bytes = internals.memoryBytes();
    for (let k = 0; k < 1000; k++)
      np.batch.free(np.batch.allocate(Float32Array, 1 << 16));
    expect(internals.memoryBytes()).toBe(bytes);
  });
});
