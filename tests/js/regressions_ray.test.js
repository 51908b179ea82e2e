// Regression tests for what fuzzing found (issue "Hardening"), each named after its finding: rays and segments
// against boxes, through the JS API against the real WASM module. The native twins are in
// tests/cpp/regressions_ray_test.cpp. Box [-1, 1]^3 unless said. Expected values are exact wherever the answer
// is (toEqual tells -0 from 0).
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  box,
  expectNoNegativeZero,
  nextDown,
  nextUp,
  random,
  unitBox,
  v3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const ray = (origin, direction) => ({ origin, direction });
const hit = (distance, point, normal) => ({ distance, point, normal });
const EPS = Number.EPSILON;
const MIN = Number.MIN_VALUE; // 2^-1074
const MAX = Number.MAX_VALUE;
/** | |v| - 1 | in ulps of 1 (Math.hypot scales its inputs, so subnormal components do not lose the check). */
const ulpsOffUnit = (v) => Math.abs(Math.hypot(v.x, v.y, v.z) - 1) / EPS;

// ---------------------------------------------------------------------------------------------------------
// An exact oracle: every finite double is an integer multiple of 2^-1074, so scaled by 2^1074 it is a BigInt, and
// the slab comparisons (bound - origin) / d <= (bound' - origin') / d' are comparisons of BigInt products.

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
/** x * 2^1074 as a BigInt, exactly. */
function exact(x) {
  f64[0] = x;
  const bits = u64[0];
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const m = biased === 0 ? fraction : fraction | (1n << 52n);
  const value = m << BigInt(biased === 0 ? 0 : biased - 1);
  return bits >> 63n ? -value : value;
}

/** Whether origin + t d, t in [0, 1] (segment) or [0, inf) (ray), meets the closed box; d as BigInts. */
function exactMeets(origin, d, segment, b) {
  const near = [];
  const far = [];
  for (const [i, k] of ["x", "y", "z"].entries()) {
    const o = exact(origin[k]);
    const lo = exact(b.min[k]);
    const hi = exact(b.max[k]);
    if (d[i] === 0n) {
      if (o < lo || o > hi) return false;
      continue;
    }
    const [n, f, den] =
      d[i] > 0n ? [lo - o, hi - o, d[i]] : [o - hi, o - lo, -d[i]];
    if (f < 0n) return false; // the slab is behind the origin
    if (segment && n > den) return false; // entered only after t = 1
    near.push([n, den]);
    far.push([f, den]);
  }
  for (const [n, dn] of near) {
    for (const [f, df] of far) {
      if (n * df > f * dn) return false;
    }
  }
  return true;
}

describe("regressions (rays and segments against boxes)", () => {
  it("raycast with a subnormal beside a huge direction component is not NaN", () => {
    // unit_direction_scale capped its shift for the subnormal component, which doubled -1e308 to -inf.
    const r = ray(v3(0, 0, 1), v3(5e-324, 0, -1e308));
    expect(np.raycastAABB(r, box([-1, -1, -1], [1, 1, 0]))).toEqual(
      hit(1, v3(0, 0, 0), v3(0, 0, 1)),
    );
  });

  it("raycast with a subnormal beside a huge direction component does not miss", () => {
    // Entry through x = 1 at t = 0.5: (1, 0, 1.7e308 - 4.5e307), 0.5 * |d| = 4.5e307 away; the 5e-324 component
    // moves the point by 2.5e-324, which rounds (to even) to 0. With y = 0 exactly: the same hit.
    const b = box([-1, -1, 0], [1, 1, 1.7e308]);
    for (const dy of [5e-324, 0]) {
      const h = np.raycastAABB(ray(v3(1.5, 0, 1.7e308), v3(-1, dy, -9e307)), b);
      expect(h).toEqual(hit(4.5e307, v3(1, 0, 1.7e308 - 4.5e307), v3(1, 0, 0)));
      expect(h.distance).toBe(0.5 * 9e307);
      expect(h.point.z).toBe(1.25e308);
    }
  });

  it("linecast starting inside whose length overflows is not NaN", () => {
    // |end - start| = 1.5e308 sqrt(2) overflows; it gave distance NaN (0 * inf) and a zero normal.
    expect(
      np.linecastAABB(v3(0, 0, 0), v3(1.5e308, 1.5e308, 0), unitBox()),
    ).toEqual(hit(0, v3(0, 0, 0), v3(-Math.SQRT1_2, -Math.SQRT1_2, 0)));
    // An entry on such a segment reports its distance, not infinity.
    const h = np.linecastAABB(
      v3(-1e308, -0.5e308, 0),
      v3(5e307, 2.5e307, 0),
      unitBox(),
    );
    expect(
      Math.abs(h.distance / ((1e308 - 1) * Math.sqrt(1.25)) - 1),
    ).toBeLessThanOrEqual(4 * EPS);
    expect(h.point.x).toBe(-1);
    expect(Math.abs(h.point.y)).toBeLessThanOrEqual(1);
    expect(h.normal).toEqual(v3(-1, 0, 0));
  });

  it("linecast from just outside a face moving away misses", () => {
    // Box [0, 1]^3. The far-face parameter underflowed to -0 and it "hit" at 0 with a point outside the box.
    const b = box([0, 0, 0], [1, 1, 1]);
    expect(np.linecastAABB(v3(0.5, 0.5, -5e-324), v3(0.5, 0.5, -4), b)).toBe(
      null,
    );
    expect(np.linecastAABB(v3(0.5, 0.5, -1e-25), v3(0.5, 0.5, -1e300), b)).toBe(
      null,
    );
    expect(np.raycastAABB(ray(v3(0.5, 0.5, -5e-324), v3(0, 0, -4)), b)).toBe(
      null,
    );
    expect(np.raycastAABB(ray(v3(0.5, 0.5, -1e-25), v3(0, 0, -1e300)), b)).toBe(
      null,
    );
  });

  it("linecast from a subnormal outside a face enters through it", () => {
    // Box [0, 1]^3. The entry parameter 5e-324 / 4 underflowed to 0 and it reported "started inside" at a point
    // outside the box. It enters through z = 0, exactly 5e-324 away (an axis-aligned path reports |face - start|).
    const b = box([0, 0, 0], [1, 1, 1]);
    expect(np.linecastAABB(v3(0.5, 0.5, -5e-324), v3(0.5, 0.5, 4), b)).toEqual(
      hit(MIN, v3(0.5, 0.5, 0), v3(0, 0, -1)),
    );
    expect(np.raycastAABB(ray(v3(0.5, 0.5, -5e-324), v3(0, 0, 4)), b)).toEqual(
      hit(MIN, v3(0.5, 0.5, 0), v3(0, 0, -1)),
    );
    expect(
      np.linecastAABB(v3(0.5, 0.5, -1e-25), v3(0.5, 0.5, 1e300), b),
    ).toEqual(hit(1e-25, v3(0.5, 0.5, 0), v3(0, 0, -1)));
  });

  it("raycast with maxDistance 0 from outside misses when the entry parameter underflows", () => {
    // The direction spans 10^422: the entry parameter of its huge y component underflowed to 0 and the origin,
    // below the box in y, looked inside.
    const origin = v3(
      1.423835232943361e-291,
      8.4279876655506386e-292,
      1.6715159389200331e-291,
    );
    const direction = v3(2.3397266178941819e-291, 2.7619644527303145e131, -0);
    const b = box(
      [
        1.2838322092009807e-291, 1.1626670839043442e-291,
        1.6715159389200331e-291,
      ],
      [
        1.5876322435983819e-291, 1.6907722834401909e-291,
        2.2912562862292353e-291,
      ],
    );
    expect(origin.y).toBeLessThan(b.min.y);
    expect(np.raycastAABB(ray(origin, direction), b, 0)).toBe(null);
    // Without the limit: through the y = min face, min.y - origin.y away (exact).
    const gap = b.min.y - origin.y;
    expect(gap).toBe(3.1986831734928036e-292);
    expect(np.raycastAABB(ray(origin, direction), b)).toEqual(
      hit(gap, v3(origin.x, b.min.y, origin.z), v3(0, -1, 0)),
    );
    expect(np.raycastAABB(ray(origin, direction), b, gap)).not.toBe(null);
    expect(np.raycastAABB(ray(origin, direction), b, nextDown(gap))).toBe(null);
  });

  it("normals are unit when the direction is subnormal", () => {
    // -d / |d| with d = (5e-324, 5e-324, 0) kept a few bits: (-1, -1, 0).
    expect(
      np.linecastAABB(v3(0, 0, 0), v3(5e-324, 5e-324, 0), unitBox()),
    ).toEqual(hit(0, v3(0, 0, 0), v3(-1 / Math.sqrt(2), -1 / Math.sqrt(2), 0)));
    for (const s of [
      MIN,
      3 * MIN,
      2 ** -1060,
      2 ** -1030,
      2 ** -1022,
      2 ** -600,
      1,
      2 ** 600,
      2 ** 1000,
    ]) {
      const d = v3(s, -3 * s, 2 * s);
      for (const h of [
        np.linecastAABB(v3(0, 0, 0), d, unitBox()),
        np.raycastAABB(ray(v3(0.25, 0.5, -0.5), d), unitBox()),
      ]) {
        expect(ulpsOffUnit(h.normal), `scale ${s}`).toBeLessThanOrEqual(2);
        expect(h.normal.x).toBeLessThan(0);
        expect(h.normal.y).toBeGreaterThan(0);
        expect(h.normal.z).toBeLessThan(0);
      }
    }
  });

  it("normals have no -0 when a component underflows", () => {
    expect(
      np.linecastAABB(v3(0, 0, 0), v3(1e10, 0, 1e-320), unitBox()).normal,
    ).toEqual(v3(-1, 0, 0));
    expect(
      np.raycastAABB(ray(v3(0, 0, 0), v3(1e10, 0, 1e-320)), unitBox()).normal,
    ).toEqual(v3(-1, 0, 0));
    const h = np.linecastAABB(
      v3(0, 0, 0),
      v3(-1e10, 1e-320, -1e-320),
      unitBox(),
    );
    expect(h.normal).toEqual(v3(1, 0, 0));
    expectNoNegativeZero(h.normal);
  });

  it("linecast too long for end - start reports the start itself when starting inside", () => {
    // end.x - start.x overflows. Every input was halved, which rounds 5e-324 to 0: the "started inside" point was
    // (-1.5e308, 0, 0), neither the start nor on the box, and a start 5e-324 above y = 0 was halved onto the box.
    const start = v3(-1.5e308, 5e-324, 0);
    const end = v3(1.5e308, 5e-324, 0);
    expect(
      np.linecastAABB(start, end, box([-1.7e308, -1, -1], [1.7e308, 1, 1])),
    ).toEqual(hit(0, start, v3(-1, 0, 0)));
    expect(
      np.linecastAABB(start, end, box([-1.7e308, -1, -1], [1.7e308, 0, 1])),
    ).toBe(null);
    // A face at 3 * 5e-324 is hit exactly there; a box 5e-324 beside the segment's line is missed.
    const h = np.linecastAABB(
      v3(-MAX, 0, 0),
      v3(MAX, 0, 0),
      box([3 * MIN, -1, -1], [1, 1, 1]),
    );
    expect(h).toEqual(hit(MAX, v3(3 * MIN, 0, 0), v3(-1, 0, 0)));
    expect(
      np.linecastAABB(
        v3(-MAX, 0, 0),
        v3(MAX, 0, 0),
        box([-1, MIN, -1], [1, 1, 1]),
      ),
    ).toBe(null);
  });

  it("paths missing the box by an ulp miss and paths touching it hit", () => {
    // The 2 ulp far-slab widening made these hit: at x = -1, y = 1 + 2^-52, an ulp above the edge.
    expect(
      np.raycastAABB(ray(v3(-3, 0, 0), v3(2, 1 + EPS, 0)), unitBox()),
    ).toBe(null);
    expect(
      np.linecastAABB(v3(-3, 0, 0), v3(1, 2 + 2 * EPS, 0), unitBox()),
    ).toBe(null);
    // Exactly through the edge: a hit there; half an ulp inside it: a hit on the x = -1 face.
    expect(np.raycastAABB(ray(v3(-3, 0, 0), v3(2, 1, 0)), unitBox())).toEqual(
      hit(Math.sqrt(5), v3(-1, 1, 0), v3(-1, 0, 0)),
    );
    expect(np.linecastAABB(v3(-3, 0, 0), v3(1, 2, 0), unitBox()).point).toEqual(
      v3(-1, 1, 0),
    );
    expect(
      np.raycastAABB(ray(v3(-3, 0, 0), v3(2, 1 - EPS / 2, 0)), unitBox()),
    ).toEqual(hit(Math.sqrt(5), v3(-1, 1 - EPS / 2, 0), v3(-1, 0, 0)));
    // A segment ending an ulp short of the face it is aimed at misses; ending on it, hits at its full length.
    expect(
      np.linecastAABB(
        v3(-3, 0.25, 0.5),
        v3(nextDown(-1), 0.25, 0.5),
        unitBox(),
      ),
    ).toBe(null);
    expect(
      np.linecastAABB(v3(-3, 0.25, 0.5), v3(-1, 0.75, 0.5), unitBox()).distance,
    ).toBe(Math.sqrt(4.25));
  });

  it("hits exactly when the path meets the box on the reals", () => {
    // Rays and segments aimed at points of the edges and corners of random boxes, at scales from 2^-1000 to
    // 2^1000, with directions rounded (a ray's (target - origin) / 3, a segment's end an ulp off), so that about
    // half pass a hair beside the box: every answer agrees with the exact oracle.
    const rng = random(0x5ea1);
    let hits = 0;
    let misses = 0;
    for (let n = 0; n < 6000; n++) {
      const s = 2 ** (rng.below(2001) - 1000);
      const coord = (range) => rng.range(-range, range) * s;
      const min = [coord(4), coord(4), coord(4)];
      const max = min.map((m) => m + rng.range(0, 8) * s);
      const b = box(min, max);
      const origin = v3(coord(32), coord(32), coord(32));
      const free = rng.below(4); // 3: a corner
      const target = ["x", "y", "z"].map((k, i) =>
        i === free
          ? (b.min[k] + b.max[k]) / 2
          : rng.below(2)
            ? b.min[k]
            : b.max[k],
      );
      const segment = n % 2 === 1;
      let d;
      let got;
      if (segment) {
        const end = target.map((t, i) => 2 * t - origin[["x", "y", "z"][i]]);
        const k = rng.below(3);
        end[k] = rng.below(2) ? nextUp(end[k]) : nextDown(end[k]);
        d = end.map((e, i) => exact(e) - exact(origin[["x", "y", "z"][i]]));
        got = np.linecastAABB(origin, v3(...end), b);
      } else {
        const dir = v3(
          (target[0] - origin.x) / 3,
          (target[1] - origin.y) / 3,
          (target[2] - origin.z) / 3,
        );
        d = [exact(dir.x), exact(dir.y), exact(dir.z)];
        got = np.raycastAABB(ray(origin, dir), b);
      }
      const expected = exactMeets(origin, d, segment, b);
      expect(got !== null, `case ${n} (${segment ? "segment" : "ray"})`).toBe(
        expected,
      );
      if (got !== null) hits++;
      else misses++;
    }
    expect(hits).toBeGreaterThan(1500);
    expect(misses).toBeGreaterThan(1500);
  });
});

describe("a ray in the plane of a tiny far triangle (the mesh fuzzer's mesh_ray finding)", () => {
  // The native twin: RegressionsRay.ARayInThePlaneOfATinyFarTriangleEntersAtItsCorner. The ray lies in the plane of
  // a triangle 1e-150 across and passes through its corner at the origin, 433 ahead; it was reported hitting at
  // its start (distance 0).
  it("enters at the corner, 250 sqrt(3) away, at every scale, axis order and sign; a segment short of it misses", () => {
    for (const a of [1e-150, 1e-20, 1e-300]) {
      for (let perm = 0; perm < 3; perm++) {
        for (const sign of [1, -1]) {
          const at = (x, y, z) => {
            const v = [x * sign, y * sign, z * sign];
            return v3(v[perm], v[(perm + 1) % 3], v[(perm + 2) % 3]);
          };
          const t = { a: at(0, 0, 0), b: at(a, a, a), c: at(a, a, a / 8) };
          const origin = at(-250, -250, -250);
          const h = np.raycastTriangle(ray(origin, at(250, 250, 250)), t);
          expect(h?.distance, `${a} ${perm} ${sign}`).toBe(Math.sqrt(3) * 250);
          expect(
            np.linecastTriangle(origin, at(250, 250, 250), t)?.distance,
          ).toBe(Math.sqrt(3) * 250);
          expect(
            np.linecastTriangle(origin, at(-125, -125, -125), t),
          ).toBeNull();
        }
      }
    }
  });
});

describe("a ray in the plane of a sliver passing beside it (the mesh fuzzer's mesh_ray finding, after the one above)", () => {
  // The native twin: RegressionsRay.ARayInThePlaneOfASliverPassingBesideItMisses. A ray in the plane x = y of the
  // sliver (H, H, 0), (2H, 2H, 0), (S, S, S / 8), H = 4e-150, S = 8e-300, passing it 1e-148 away: the rounded
  // clip bounds of two edges overlapped and it was reported hitting 1.5e-148 away (beyond the segment's end).
  const H = 0x1a2fe76a3f9475 * 2 ** -549;
  const S = 0x156e1fc2f8f359 * 2 ** -1000 * 2 ** -46;
  const X = 0x1c5849e3a8c199 * 2 ** -545;
  const DX = 0x1ca4651c358a60 * 2 ** -545;
  const DZ = 0x15128c377f2976 * 2 ** -544;
  it("misses, at every axis order, sign and scale; a ray through the sliver still hits it", () => {
    for (const scale of [1, 2 ** 400]) {
      for (let perm = 0; perm < 3; perm++) {
        for (const sign of [1, -1]) {
          const at = (x, y, z) => {
            const v = [x * sign * scale, y * sign * scale, z * sign * scale];
            return v3(v[perm], v[(perm + 1) % 3], v[(perm + 2) % 3]);
          };
          const t = {
            a: at(H, H, 0),
            b: at(2 * H, 2 * H, 0),
            c: at(S, S, S / 8),
          };
          const origin = at(-X, -X, -X);
          const d = at(-DX, -DX, DZ);
          const tag = `${scale} ${perm} ${sign}`;
          expect(np.raycastTriangle(ray(origin, d), t), tag).toBeNull();
          const end = v3(origin.x + d.x, origin.y + d.y, origin.z + d.z);
          expect(np.linecastTriangle(origin, end, t), tag).toBeNull();
          // Toward (1.5 H, 1.5 H, 0), on the sliver's base: a hit there.
          const target = at(1.5 * H, 1.5 * H, 0);
          const to = v3(
            target.x - origin.x,
            target.y - origin.y,
            target.z - origin.z,
          );
          const want = Math.hypot(to.x, to.y, to.z);
          const h = np.raycastTriangle(ray(origin, to), t);
          expect(h, tag).not.toBeNull();
          expect(Math.abs(h.distance - want)).toBeLessThanOrEqual(want * 1e-12);
          const far = v3(
            origin.x + to.x * 2,
            origin.y + to.y * 2,
            origin.z + to.z * 2,
          );
          const l = np.linecastTriangle(origin, far, t);
          expect(l, tag).not.toBeNull();
          expect(Math.abs(l.distance - want)).toBeLessThanOrEqual(want * 1e-12);
        }
      }
    }
  });
});

describe("an in-plane clip of huge corners (fuzzing this branch's first fix)", () => {
  // The native twin: RegressionsRay.AnInPlaneClipOfHugeCornersIsNeverANegativeDistance. Clipped relative to the
  // triangle's first corner, the corners' differences overflowed (corners at 1.5e308 and 1.8e308, outside the
  // contract) and a hit was reported at a negative distance.
  it("reports no negative distance", () => {
    const r = ray(
      v3(4.4942328371558307e307, -2.6666666666666665, -5.2818775009509555e28),
      v3(-2.4375, -4, -4),
    );
    const t = {
      a: v3(
        -4.494232837155664e307,
        -1.3687896271559654e-48,
        -1.5845632502852868e29,
      ),
      b: v3(1.7976931348623157e308, 6.5947378274177659e-96, 4),
      c: v3(4, -8, 2.7129177883290004e-33),
    };
    for (const maxDistance of [0, Infinity]) {
      const h = np.raycastTriangle(r, t, maxDistance);
      if (h !== null) expect(h.distance).toBeGreaterThanOrEqual(0);
    }
    const u = {
      a: v3(
        -4.9583551940016677e232,
        9.0586585773636523e-315,
        -1.4999063204081945e308,
      ),
      b: v3(-1.5e308, -4.6116860184273879e18, 1.5e308),
      c: v3(1.5e308, 3.96875, 0),
    };
    const h = np.linecastTriangle(
      v3(
        -9.5156494384944707e-150,
        -9.531749630371814e205,
        8.0514359619966437e-233,
      ),
      v3(-3.1050376651980924e231, 3.96875, 3.6455610165685853e-304),
      u,
    );
    if (h !== null) expect(h.distance).toBeGreaterThanOrEqual(0);
  });
});

describe("a cap listed twice (the mesh fuzzer's mesh_ray cap finding, 2026-11-27)", () => {
  // RaycastTriangle.ACapsHitIsTheExactCrossingForEveryCornerOrder and MeshTest.ACapListedTwiceEqualsTheBruteForce's
  // twin: corners within subnormals of 0, at A / 2 and at A (|A| ~ 2^-496), their z a few subnormals apart. The
  // exact crossing (tests/cpp/cap_truth.py, rational arithmetic) is 0x1.1716156ee28eap-495 = 1.0657384726352734e-149,
  // at the triangle's box entry; the rounded edges put it 7.1% nearer (0x1.03495a65447ecp-495, and an ulp apart for
  // the two corner orders, where the mesh, pruning by the box, disagreed with the brute force).
  const a = v3(0, 1e-323, -2e-323);
  const b = v3(3.2533686865561934e-150, -4.654796195526771e-151, 1.5e-323);
  const c = v3(6.506737373112387e-150, -9.309592391053541e-151, 1e-323);
  const r = ray(
    v3(9.269638407930512e-150, 6.093544402790962e-150, -3.891430383924576e-150),
    v3(
      -7.642954064652416e-150,
      -6.326284212567301e-150,
      3.891430383924576e-150,
    ),
  );
  it("hits at the exact crossing, the native bits, for every corner order; the mesh equals the brute force", () => {
    const orders = [
      [a, b, c],
      [b, c, a],
      [c, a, b],
      [c, b, a],
      [b, a, c],
      [a, c, b],
    ];
    for (const [p, q, s] of orders) {
      const h = np.raycastTriangle(r, { a: p, b: q, c: s });
      expect(h).not.toBeNull();
      // The native build's bits (one ulp below the exact 1.0657384726352734e-149).
      expect(h.distance).toBe(1.0657384726352732e-149);
      expect(
        Math.abs(h.distance - 1.0657384726352734e-149),
      ).toBeLessThanOrEqual(2 ** -48 * h.distance);
    }
    const positions = new Float64Array([
      ...[a, b, c].flatMap((v) => [v.x, v.y, v.z]),
      ...[
        2 ** -490,
        2 ** -490,
        2 ** -490,
        2 ** -489,
        2 ** -490,
        2 ** -490,
        2 ** -490,
        2 ** -489,
        2 ** -490,
      ],
      ...[c, b, a].flatMap((v) => [v.x, v.y, v.z]),
    ]);
    const mesh = np.createMesh(positions);
    try {
      const h = mesh.raycast(r);
      expect(h).not.toBeNull();
      expect(h.triangle).toBe(0); // the lowest index at the least distance (both orders: the same bits)
      expect(h.distance).toBe(np.raycastTriangle(r, { a, b, c }).distance);
    } finally {
      mesh.dispose();
    }
  });
});
