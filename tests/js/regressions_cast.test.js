// Regression tests for what fuzzing found (issue "Hardening"), each named after its finding, through the JS
// API against the real WASM module. The native twins are in tests/cpp/regressions_cast_test.cpp.
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  KEYS,
  expectNoNegativeZero,
  nextDown,
  obb,
  random,
  v3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const ball = (center, radius) => ({ center, radius });
const EPS = Number.EPSILON;
const MIN = Number.MIN_VALUE; // 2^-1074
/** | |v| - 1 | in ulps of 1 (Math.hypot scales its inputs, so subnormal components do not lose the check). */
const ulpsOffUnit = (v) => Math.abs(Math.hypot(v.x, v.y, v.z) - 1) / EPS;

describe("regressions (sphere casts, OBB overlap)", () => {
  it("normals are unit when the vector normalized is subnormal", () => {
    // A point cast from (31, 31, 12) 2^-1074 to the origin against a point there: contact at the end, where
    // the centers coincide, so the normal is unit(start) = (31, 31, 12) / sqrt(2066). It came out 0.99 long.
    const start = v3(
      1.5316035021078643e-322,
      1.5316035021078643e-322,
      5.9287877500949585e-323,
    );
    expect(start.x).toBe(31 * MIN);
    expect(start.z).toBe(12 * MIN);
    const h = np.sphereCastSphere(start, v3(0, 0, 0), 0, ball(v3(0, 0, 0), 0));
    expect(h).not.toBe(null);
    expect(h.startedOverlapping).toBe(false);
    expect(h.fraction).toBe(1);
    expect(h.center).toEqual(v3(0, 0, 0));
    expect(ulpsOffUnit(h.normal)).toBeLessThanOrEqual(2);
    const k = 1 / Math.sqrt(2066);
    expect(Math.abs(h.normal.x - 31 * k)).toBeLessThanOrEqual(2 * EPS);
    expect(Math.abs(h.normal.y - 31 * k)).toBeLessThanOrEqual(2 * EPS);
    expect(Math.abs(h.normal.z - 12 * k)).toBeLessThanOrEqual(2 * EPS);
    expectNoNegativeZero(h.normal);
    // Unit at every magnitude, for a contact at the end and for a cast starting overlapping.
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
      const p = v3(s, -s, s);
      expect(
        ulpsOffUnit(
          np.sphereCastSphere(p, v3(0, 0, 0), 0, ball(v3(0, 0, 0), 0)).normal,
        ),
        `scale ${s}`,
      ).toBeLessThanOrEqual(2);
      const started = np.sphereCastSphere(
        p,
        v3(2 * s, -2 * s, 2 * s),
        s,
        ball(v3(0, 0, 0), s),
      );
      expect(started.startedOverlapping).toBe(true);
      expect(ulpsOffUnit(started.normal), `scale ${s}`).toBeLessThanOrEqual(2);
      expectNoNegativeZero(started.normal);
    }
  });

  it("an exactly tangent cast hits whatever its reach beside the coordinates", () => {
    // Path along z at x = 10, target 2^-25 off it with reach 2^-26 + 2^-26: tangent at (10, 0, 0.3). It was a miss.
    const target = ball(v3(10 - 2 ** -25, 0, 0.3), 2 ** -26);
    const h = np.sphereCastSphere(
      v3(10, 0, -5),
      v3(10, 0, 5),
      2 ** -26,
      target,
    );
    expect(h).not.toBe(null);
    expect(h.startedOverlapping).toBe(false);
    expect(Math.abs(h.fraction - 0.53)).toBeLessThanOrEqual(EPS);
    expect(Math.abs(h.distance - 5.3)).toBeLessThanOrEqual(8 * EPS);
    expect(h.center.x).toBe(10);
    expect(h.center.y).toBe(0);
    expect(Math.abs(h.center.z - 0.3)).toBeLessThanOrEqual(8 * EPS);
    expect(Math.abs(h.normal.x - 1)).toBeLessThanOrEqual(1e-15);
    expect(h.normal.y).toBe(0);
    expect(ulpsOffUnit(h.normal)).toBeLessThanOrEqual(2);
    // The overlap test at the nearest approach touches; one ulp farther out, everything misses.
    expect(
      np.sphereCastSphere(v3(10, 0, 0.3), v3(10, 0, 0.3), 2 ** -26, target),
    ).not.toBe(null);
    const wide = ball(v3(nextDown(10 - 2 ** -25), 0, 0.3), 2 ** -26);
    expect(
      np.sphereCastSphere(v3(10, 0, -5), v3(10, 0, 5), 2 ** -26, wide),
    ).toBe(null);
    expect(
      np.sphereCastSphere(v3(10, 0, 0.3), v3(10, 0, 0.3), 2 ** -26, wide),
    ).toBe(null);

    // Every reach 2^-1 .. 2^-49 beside coordinates ~10, along each axis.
    for (let k = 1; k <= 49; k++) {
      for (const axis of AXES) {
        const side = KEYS[(axis + 1) % 3];
        const reach = 2 ** -k;
        const start = v3(10, -7, 3),
          end = v3(10, -7, 3),
          center = v3(10, -7, 3);
        start[KEYS[axis]] = -5;
        end[KEYS[axis]] = 5;
        center[KEYS[axis]] = 0.3;
        center[side] = start[side] - reach;
        const hit = np.sphereCastSphere(
          start,
          end,
          reach / 2,
          ball(center, reach / 2),
        );
        expect(hit, `reach 2^-${k} axis ${axis}`).not.toBe(null);
        expect(Math.abs(hit.fraction - 0.53)).toBeLessThanOrEqual(EPS);
        center[side] = nextDown(center[side]);
        expect(
          np.sphereCastSphere(start, end, reach / 2, ball(center, reach / 2)),
          `reach 2^-${k} axis ${axis}, wider`,
        ).toBe(null);
      }
    }

    // A tangent path in a general direction, (3, 4, 0) past (-4, 3, 0) at reach 5, at every power-of-two scale.
    for (let k = -1000; k <= 1000; k += 50) {
      const s = 2 ** k;
      const o = [1000.25 * s, -77 * s, 3.5 * s];
      const at = (x, y) => v3(x * s + o[0], y * s + o[1], o[2]);
      const hit = np.sphereCastSphere(
        at(-10, -5),
        at(2, 11),
        2 * s,
        ball(v3(o[0], o[1], o[2]), 3 * s),
      );
      expect(hit, `2^${k}`).not.toBe(null);
      expect(hit.fraction).toBe(0.5);
      expect(hit.center).toEqual(at(-4, 3));
      expect(hit.normal).toEqual(v3(-0.8, 0.6, 0));
    }
  });

  it("a point cast through a point hits at exactly its fraction", () => {
    // Both radii 0, the path passing exactly through the target point: a hit at 3.5 / 6 = 7 / 12, rounded once.
    const h = np.sphereCastSphere(
      v3(1, 2, -3),
      v3(1, 2, 3),
      0,
      ball(v3(1, 2, 0.5), 0),
    );
    expect(h).not.toBe(null);
    expect(h.startedOverlapping).toBe(false);
    expect(h.fraction).toBe(7 / 12);
    expect(Math.abs(h.distance - 3.5)).toBeLessThanOrEqual(4 * EPS);
    expect(h.center.x).toBe(1);
    expect(h.center.y).toBe(2);
    expect(h.point).toEqual(v3(1, 2, 0.5));
    for (let k = -1070; k <= 1020; k += 10) {
      const s = 2 ** k;
      const hit = np.sphereCastSphere(
        v3(s, 2 * s, -3 * s),
        v3(s, 2 * s, 3 * s),
        0,
        ball(v3(s, 2 * s, 0.5 * s), 0),
      );
      expect(hit?.fraction, `2^${k}`).toBe(7 / 12);
    }
    // General directions with small integer components, so that the start and end are exact.
    const rng = random(0xf2);
    for (let n = 0; n < 500; n++) {
      const small = () => rng.below(19) - 9;
      const dir = [small(), small(), small()];
      if (dir.every((c) => c === 0)) continue;
      const s = 2 ** (rng.below(200) - 100);
      const p = [small() * 64 * s, small() * 64 * s, small() * 64 * s];
      const a = 1 + rng.below(64),
        b = 1 + rng.below(64);
      const start = v3(
        p[0] - dir[0] * a * s,
        p[1] - dir[1] * a * s,
        p[2] - dir[2] * a * s,
      );
      const end = v3(
        p[0] + dir[0] * b * s,
        p[1] + dir[1] * b * s,
        p[2] + dir[2] * b * s,
      );
      const hit = np.sphereCastSphere(start, end, 0, ball(v3(...p), 0));
      expect(hit, `case ${n}`).not.toBe(null);
      expect(Math.abs(hit.fraction - a / (a + b))).toBeLessThanOrEqual(2 * EPS);
    }
  });

  it("a point cast past a point near the largest double misses", () => {
    // The fuzzers' input: a component of start - center (11.8) underflowed beside 1.5e308 in the exact test's
    // units, its sign was unsure, and unsure counted as touching (a hit at fraction 0.41 for a path 1e308 away).
    const big = 1.5e308;
    expect(
      np.sphereCastSphere(
        v3(Number.MAX_VALUE, 19.8125, -big),
        v3(0, -3.8125, big),
        0,
        ball(v3(big, 8, 8), 0),
      ),
    ).toBe(null);
    expect(
      np.sphereCastSphere(
        v3(-big, 8, -big),
        v3(big, 8, big),
        0,
        ball(v3(0, 8, 0), 0),
      )?.fraction,
    ).toBe(0.5);
    expect(
      np.sphereCastSphere(
        v3(Number.MAX_VALUE, 19.8125, -big),
        v3(0, -3.8125, big),
        0,
        ball(v3(big, 8, 8), 1.2e308),
      ),
    ).not.toBe(null);
  });

  it("a short cast from near the largest double moving away misses", () => {
    // u . d's products fell below the normal range in the expansions' units; unsure counted as approaching, and
    // the cast hit at fraction 0 a ball 1.8e308 away. They are now summed exactly.
    expect(
      np.sphereCastSphere(
        v3(
          1.797693134652994e308,
          1.2516019234217192e-308,
          5.7766220027674546e-275,
        ),
        v3(
          1.797693134652994e308,
          4.889070013337929e-311,
          4.7818884921966536e-111,
        ),
        2.8425318542416543e-306,
        ball(
          v3(
            -3.4508081189751128e304,
            -6.94996061456862e-310,
            1.5541961359608928e-317,
          ),
          9.2524157346001203e-310,
        ),
      ),
    ).toBe(null);
  });

  it("overlapOBBOBB is symmetric when the centers differ by a subnormal amount", () => {
    const t = 1 / 3;
    const thirds = [2 * t, 2 * t, -t, -t, 2 * t, 2 * t, 2 * t, -t, 2 * t];
    const turn = [0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1];
    // Two unit segments crossing near the origin, centers 2^-1074 apart: the edge axis A.x x B.x decided
    // "overlapping" in A's frame and "separated" in B's.
    const a = obb([0, 0, 0], [1, 0, 0], thirds);
    const b = obb([0, MIN, 0], [1, 0, 0]);
    expect(np.overlapOBBOBB(a, b)).toBe(np.overlapOBBOBB(b, a));
    expect(np.separatingAxisOBBOBB(a, b) === null).toBe(
      np.separatingAxisOBBOBB(b, a) === null,
    );
    // Everything subnormal: a plate in y = 0 and a segment whose y spans [0.4, 1.6] 2^-1074: apart, on A.y.
    const plate = obb([0, 0, 0], [MIN, 0, 2 * MIN]);
    const segment = obb([0, MIN, -MIN], [0, MIN, 0], turn);
    expect(np.overlapOBBOBB(plate, segment)).toBe(false);
    expect(np.overlapOBBOBB(segment, plate)).toBe(false);
    expect(np.separatingAxisOBBOBB(plate, segment)).toBe(1);
    // Random pairs, subnormal or ordinary sizes, centers a few 2^-1074 apart.
    const rng = random(0xf3);
    const rotation = () => {
      const q = [
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      ];
      const n = Math.hypot(...q);
      const [w, x, y, z] = q.map((c) => c / n);
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
    for (let n = 0; n < 3000; n++) {
      const c = rng.below(2) ? 0 : 2 ** (rng.below(75) - 1074);
      const h =
        2 ** (rng.below(2) ? rng.below(175) - 1074 : rng.below(21) - 10);
      const ca = [
        rng.symmetric() * c,
        rng.symmetric() * c,
        rng.symmetric() * c,
      ];
      const cb = ca.map((x) => x + (rng.below(9) - 4) * MIN);
      const size = () =>
        [0, 1, 2].map(() => (rng.below(3) ? Math.abs(rng.symmetric()) * h : 0));
      const boxA = obb(ca, size(), rng.below(4) ? rotation() : undefined);
      const boxB = obb(cb, size(), rotation());
      expect(np.overlapOBBOBB(boxA, boxB), `case ${n}`).toBe(
        np.overlapOBBOBB(boxB, boxA),
      );
    }
  });
});

describe("regressions (triangle casts)", () => {
  it("a ball within rounding of touching a face at the start, sliding along it, touches at the start", () => {
    // The smoke fuzz's valid np_capsuleCastTriangle of 2026-11-27: the ball is an ulp short of touching (the
    // exact test), slides along the face, and was reported at fraction 1, beyond the triangle, 0.079 from it.
    // The native twin, with its variants: SphereCastTriangle.RegressionFuzzGrazingStartSlidingAlongTheFace.
    const tri = {
      a: v3(0, 0, 0),
      b: v3(0, 0, -3.0625),
      c: v3(-3.0625, -3.0625, 0),
    };
    const r = 1.9224465613509261;
    const q = -1.0208333333333333;
    const start = v3(-3.0625, -0.34375, 0);
    const add = (p, d) => v3(p.x + d.x, p.y + d.y, p.z + d.z);
    expect(np.distancePointTriangle(start, tri)).toBe(r);
    expect(np.overlapSphereTriangle(ball(start, r), tri)).toBe(false);
    // Along the face (the finding), nearer the edge, and along the edge c-a.
    for (const d of [v3(q, q, q), v3(q, q, q / 2), v3(q, q, 0)]) {
      const h = np.sphereCastTriangle(start, add(start, d), r, tri);
      expect(h).not.toBe(null);
      expect(h.startedOverlapping).toBe(false);
      expect(h.fraction).toBe(0);
      for (const cap of [
        { start, end: start, radius: r },
        { start, end: add(start, v3(0, 0, -0.0625)), radius: r },
      ]) {
        const c = np.capsuleCastTriangle(cap, d, tri);
        expect(c).not.toBe(null);
        expect(c.startedOverlapping).toBe(false);
        expect(c.fraction).toBe(0);
      }
    }
    // Moving away from the face, or out across the edge: misses.
    expect(np.sphereCastTriangle(start, add(start, v3(q, -q, q)), r, tri)).toBe(
      null,
    );
    expect(np.sphereCastTriangle(start, add(start, v3(0, 0, -q)), r, tri)).toBe(
      null,
    );
    // From 0.25 beside the edge at the same height, sliding in: the face linecast hits at 0 there (ill-posed);
    // the entry is where the ball meets the edge, at 0.25 / 1.0208333333333333 of the way.
    const beside = v3(-3.0625, -0.34375, 0.25);
    const h = np.sphereCastTriangle(beside, add(beside, v3(q, q, q)), r, tri);
    expect(h).not.toBe(null);
    expect(Math.abs(h.fraction - 0.25 / -q)).toBeLessThan(1e-7);
    expect(Math.abs(np.distancePointTriangle(h.center, tri) - r)).toBeLessThan(
      2 ** -40 * 4,
    );
  });
});
