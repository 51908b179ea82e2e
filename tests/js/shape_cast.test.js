// sphereCastSphere (article 004) against the real WASM module: every row of EDGE_CASES.md "Sphere casts",
// looped over axes and signs. Configurations are built from exact numbers (powers of two, 3-4-5 triangles),
// so most expected values are exact; the rest carry a named tolerance.
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  KEYS,
  SIGNS,
  add,
  arr,
  length,
  nextUp,
  onAxis,
  random,
  randomUnit,
  scale,
  sub,
  v3,
  vec,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const ball = (center, radius) => ({ center, radius });
const ORIGIN = () => v3(0, 0, 0);
/** A ShapeCastHit literal. */
const cast = (
  distance,
  fraction,
  center,
  point,
  normal,
  startedOverlapping,
) => ({
  distance,
  fraction,
  center,
  point,
  normal,
  startedOverlapping,
});
/** A Vec3 with a on axis `i` and b on the next axis. */
function pair(i, a, b) {
  const v = v3(0, 0, 0);
  v[KEYS[i]] = a;
  v[KEYS[(i + 1) % 3]] = b;
  return v;
}

describe("sphereCastSphere", () => {
  it("hits head on at the first contact, for every axis, sign and power-of-two scale", () => {
    for (const s of [1, 2 ** -20, 2 ** 20]) {
      for (const axis of AXES) {
        for (const sign of SIGNS) {
          // Radii s + s, path from -5s to +5s: contact at -2s after travelling 3s of 10s.
          const h = np.sphereCastSphere(
            onAxis(axis, -5 * s * sign),
            onAxis(axis, 5 * s * sign),
            s,
            ball(ORIGIN(), s),
          );
          expect(h).toEqual(
            cast(
              3 * s,
              0.3,
              onAxis(axis, -2 * s * sign),
              onAxis(axis, -s * sign),
              onAxis(axis, -sign),
              false,
            ),
          );
        }
      }
    }
  });

  it("hits off center along a 3-4-5 triangle, with the normal from the target to the moving center", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        // Radii 2 + 3 = 5, lateral offset 3: contact when the center is 4 before the target along the path.
        const h = np.sphereCastSphere(
          pair(axis, -10 * sign, 3),
          pair(axis, 10 * sign, 3),
          2,
          ball(ORIGIN(), 3),
        );
        expect(h).toEqual(
          cast(
            6,
            0.3,
            pair(axis, -4 * sign, 3),
            pair(axis, -0.8 * sign * 3, 0.6 * 3),
            pair(axis, -0.8 * sign, 0.6),
            false,
          ),
        );
      }
    }
  });

  it("counts a tangent (grazing) path as a hit, and one ulp farther as a miss", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const h = np.sphereCastSphere(
          pair(axis, -5 * sign, 2),
          pair(axis, 5 * sign, 2),
          1,
          ball(ORIGIN(), 1),
        );
        expect(h).toEqual(
          cast(
            5,
            0.5,
            pair(axis, 0, 2),
            pair(axis, 0, 1),
            pair(axis, 0, 1),
            false,
          ),
        );
        expect(
          np.sphereCastSphere(
            pair(axis, -5 * sign, nextUp(2)),
            pair(axis, 5 * sign, nextUp(2)),
            1,
            ball(ORIGIN(), 1),
          ),
        ).toBe(null);
      }
    }
  });

  it("hits on exactly tangent paths whose numbers are not powers of two (the overlap test at the nearest point decides)", () => {
    // Reach 0.1 + 0.6 = 0.7 exactly in double, the path 0.7 off the center: a zero-length cast at the
    // nearest point touches, so the cast must too. The rounded discriminant used to call ~1 in 8 of these a miss.
    const rng = random(31);
    for (let n = 0; n < 2000; n++) {
      const axis = AXES[n % 3],
        side = AXES[(n + 1 + ((n >> 2) % 2)) % 3];
      const r1 = Math.round(rng.range(0, 256)) / 64,
        r2 = Math.round(rng.range(1, 256)) / 64,
        reach = r1 + r2;
      const center = v3(
        Math.round(rng.range(-640, 640)) / 64,
        Math.round(rng.range(-640, 640)) / 64,
        Math.round(rng.range(-640, 640)) / 64,
      );
      const offset = add(arr(center), arr(onAxis(side, reach * SIGNS[n % 2])));
      const start = vec(
        add(offset, arr(onAxis(axis, -Math.round(rng.range(1, 1280)) / 64))),
      );
      const end = vec(
        add(offset, arr(onAxis(axis, Math.round(rng.range(1, 1280)) / 64))),
      );
      const h = np.sphereCastSphere(start, end, r1, ball(center, r2));
      expect(h, `case ${n}`).not.toBe(null);
      // The zero-length cast at the nearest approach (`offset`, exact here) touches. The reported center is
      // start + d t with t rounded: exact across the path, a few ulps from the nearest approach along it, where
      // the (exact) overlap test sees the balls ~1e-32 apart; it used to round that gap away.
      expect(
        np.sphereCastSphere(vec(offset), vec(offset), r1, ball(center, r2)),
      ).not.toBe(null);
      expect(h.center[KEYS[side]]).toBe(offset[side]);
      const along = Math.abs(start[KEYS[axis]]) + Math.abs(end[KEYS[axis]]);
      expect(Math.abs(h.center[KEYS[axis]] - offset[axis])).toBeLessThanOrEqual(
        4 * Number.EPSILON * along,
      );
    }
    expect(
      np.sphereCastSphere(
        v3(-5, 0.7, 0),
        v3(5, 0.7, 0),
        0.1,
        ball(v3(0, 0, 0), 0.6),
      ),
    ).not.toBe(null);
  });

  it("gives the same answer scaled exactly at any power-of-two magnitude, and right answers at extreme ones", () => {
    for (let k = -1000; k <= 1000; k += 50) {
      const s = 2 ** k;
      const h = np.sphereCastSphere(
        v3(-10 * s, 1.5 * s, 0),
        v3(6 * s, 1.5 * s, 0),
        1.5 * s,
        ball(v3(0, 0, 0), s),
      );
      expect(h, `2^${k}`).toEqual(
        cast(
          8 * s,
          0.5,
          v3(-2 * s, 1.5 * s, 0),
          v3(-0.8 * s, 0.6 * s, 0),
          v3(-0.8, 0.6, 0),
          false,
        ),
      );
    }
    expect(
      np.sphereCastSphere(
        v3(-5e80, 0, 0),
        v3(5e80, 0, 0),
        1e80,
        ball(v3(0, 0, 0), 1e80),
      ).fraction,
    ).toBeCloseTo(0.3, 15);
    expect(
      np.sphereCastSphere(
        v3(-5e-100, 3e-100, 0),
        v3(5e-100, 3e-100, 0),
        1e-100,
        ball(v3(0, 0, 0), 1e-100),
      ),
    ).toBe(null);
    expect(
      np.sphereCastSphere(
        v3(3e-200, 0, 0),
        v3(5e-200, 0, 0),
        1e-200,
        ball(v3(0, 0, 0), 1e-200),
      ),
    ).toBe(null);
    // Tiny offsets beside ordinary coordinates: 2^-540 from the center is outside a radius of 2^-541.
    expect(
      np.sphereCastSphere(
        v3(-1, 2 ** -540, 0),
        v3(1, 2 ** -540, 0),
        0,
        ball(v3(0, 0, 0), 2 ** -541),
      ),
    ).toBe(null);
    expect(
      np.sphereCastSphere(
        v3(1, 2 ** -540, 0),
        v3(1, 2 ** -540, 0),
        0,
        ball(v3(1, 0, 0), 2 ** -541),
      ),
    ).toBe(null);
  });

  it("hits with fraction 1 when contact is exactly at the end point, and misses when it would come after it", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const start = onAxis(axis, -5 * sign);
        expect(
          np.sphereCastSphere(
            start,
            onAxis(axis, -2 * sign),
            1,
            ball(ORIGIN(), 1),
          ),
        ).toEqual(
          cast(
            3,
            1,
            onAxis(axis, -2 * sign),
            onAxis(axis, -sign),
            onAxis(axis, -sign),
            false,
          ),
        );
        expect(
          np.sphereCastSphere(
            start,
            onAxis(axis, -2.5 * sign),
            1,
            ball(ORIGIN(), 1),
          ),
        ).toBe(null);
        expect(
          np.sphereCastSphere(
            start,
            onAxis(axis, -nextUp(2) * sign),
            1,
            ball(ORIGIN(), 1),
          ),
        ).toBe(null);
        // Moving away from the target never hits.
        expect(
          np.sphereCastSphere(
            start,
            onAxis(axis, -9 * sign),
            1,
            ball(ORIGIN(), 1),
          ),
        ).toBe(null);
      }
    }
  });

  it("starting overlapping hits at distance 0 with startedOverlapping, center = start and the normal from the target to the start", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const start = onAxis(axis, 0.5 * sign);
        expect(
          np.sphereCastSphere(
            start,
            onAxis(axis, 5 * sign, 3),
            1,
            ball(ORIGIN(), 1),
          ),
        ).toEqual(
          cast(0, 0, start, onAxis(axis, sign), onAxis(axis, sign), true),
        );
        // Even when moving toward the target's center.
        expect(
          np.sphereCastSphere(
            start,
            onAxis(axis, -5 * sign),
            0.25,
            ball(ORIGIN(), 1),
          ),
        ).toEqual(
          cast(0, 0, start, onAxis(axis, sign), onAxis(axis, sign), true),
        );
      }
    }
  });

  it("starting exactly touching counts as starting overlapping (closed balls)", () => {
    const rng = random(40);
    for (const i of AXES) {
      for (const si of SIGNS) {
        for (const sj of SIGNS) {
          const s = 2 ** (rng.below(41) - 20);
          const c = v3(7 * s, -3 * s, 11 * s);
          // start - c = (3, 4) s along axes i, i+1, at distance 5s = 2s + 3s.
          const off = pair(i, 3 * s * si, 4 * s * sj);
          const start = vec(add(arr(c), arr(off)));
          const normal = pair(i, 0.6 * si, 0.8 * sj);
          const h = np.sphereCastSphere(
            start,
            v3(0, 0, 0),
            2 * s,
            ball(c, 3 * s),
          );
          expect(h).toEqual(
            cast(
              0,
              0,
              start,
              vec(add(arr(c), scale(arr(normal), 3 * s))),
              normal,
              true,
            ),
          );
          // Started 2^-30 farther out (exactly representable) and moving away: no hit.
          const apart = vec(add(arr(c), scale(arr(off), 1 + 2 ** -30)));
          expect(
            np.sphereCastSphere(
              apart,
              vec(add(arr(apart), arr(off))),
              2 * s,
              ball(c, 3 * s),
            ),
          ).toBe(null);
        }
      }
    }
  });

  it("uses the negated unit direction when the centers coincide at the start, never NaN", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const c = v3(1, 2, 3);
        const end = vec(add(arr(c), arr(onAxis(axis, 4 * sign))));
        expect(np.sphereCastSphere({ ...c }, end, 0.5, ball(c, 1))).toEqual(
          cast(
            0,
            0,
            c,
            vec(add(arr(c), arr(onAxis(axis, -sign)))),
            onAxis(axis, -sign),
            true,
          ),
        );
      }
    }
    // Both radii 0 and coincident: still a touching start; the point is the target's center (radius 0).
    expect(
      np.sphereCastSphere(v3(0, 0, 0), v3(0, 3, 4), 0, ball(ORIGIN(), 0)),
    ).toEqual(cast(0, 0, v3(0, 0, 0), v3(0, 0, 0), v3(0, -0.6, -0.8), true));
  });

  it("reports normals without -0 when the start or the target center has -0 coordinates", () => {
    // "Normals never contain -0": start - target.center is -0 - 0 = -0 on such axes, which must not leak out.
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const start = onAxis(axis, 0.5 * sign, -0);
        for (const target of [ball(v3(0, 0, 0), 1), ball(v3(-0, -0, -0), 1)]) {
          const started = np.sphereCastSphere(
            start,
            onAxis(axis, 3 * sign, -0),
            1,
            target,
          );
          expect(started).toEqual(
            cast(0, 0, start, onAxis(axis, sign), onAxis(axis, sign), true),
          );
          const moving = np.sphereCastSphere(
            onAxis(axis, -5 * sign, -0),
            onAxis(axis, 5 * sign, -0),
            1,
            target,
          );
          expect(moving).toEqual(
            cast(
              3,
              0.3,
              onAxis(axis, -2 * sign),
              onAxis(axis, -sign),
              onAxis(axis, -sign),
              false,
            ),
          );
        }
      }
    }
  });

  it("treats a zero-length cast as an overlap test: a hit at 0 (normal +y when the centers coincide) or null", () => {
    expect(
      np.sphereCastSphere(v3(0, 0, 0), v3(0, 0, 0), 1, ball(ORIGIN(), 1)),
    ).toEqual(cast(0, 0, v3(0, 0, 0), v3(0, 1, 0), v3(0, 1, 0), true));
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const inside = onAxis(axis, 1.5 * sign);
        expect(
          np.sphereCastSphere(inside, { ...inside }, 1, ball(ORIGIN(), 1)),
        ).toEqual(
          cast(0, 0, inside, onAxis(axis, sign), onAxis(axis, sign), true),
        );
        const touching = onAxis(axis, 2 * sign);
        expect(
          np.sphereCastSphere(touching, { ...touching }, 1, ball(ORIGIN(), 1)),
        ).toEqual(
          cast(0, 0, touching, onAxis(axis, sign), onAxis(axis, sign), true),
        );
        const apart = onAxis(axis, nextUp(2) * sign);
        expect(
          np.sphereCastSphere(apart, { ...apart }, 1, ball(ORIGIN(), 1)),
        ).toBe(null);
      }
    }
  });

  it("casts a point (radius 0) against a point target (radius 0)", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const h = np.sphereCastSphere(
          onAxis(axis, -5 * sign),
          onAxis(axis, 5 * sign),
          0,
          ball(ORIGIN(), 0),
        );
        // Contact when the centers meet: the normal falls back to the negated unit direction.
        expect(h).toEqual(
          cast(5, 0.5, v3(0, 0, 0), v3(0, 0, 0), onAxis(axis, -sign), false),
        );
        expect(
          np.sphereCastSphere(
            onAxis(axis, -5 * sign, 1e-100),
            onAxis(axis, 5 * sign, 1e-100),
            0,
            ball(ORIGIN(), 0),
          ),
        ).toBe(null);
      }
    }
  });

  it("stays accurate on very long casts (no cancellation in the quadratic)", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        // From -1e6 to +1e6 with lateral offset 1.5 past a ball, reach 2: contact sqrt(4 - 2.25) before the
        // target. A textbook b^2 - ac discriminant loses ~1e-4 here; the tolerance (1e-9 absolute, ~1e-15
        // relative to the 2e6 path) admits only a few roundings.
        const h = np.sphereCastSphere(
          pair(axis, -1e6 * sign, 1.5),
          pair(axis, 1e6 * sign, 1.5),
          1,
          ball(ORIGIN(), 1),
        );
        const along = Math.sqrt(1.75);
        expect(Math.abs(h.distance - (1e6 - along))).toBeLessThanOrEqual(1e-9);
        expect(
          Math.abs(arr(h.center)[axis] - -along * sign),
        ).toBeLessThanOrEqual(1e-9);
        expect(arr(h.center)[(axis + 1) % 3]).toBe(1.5);
        expect(Math.abs(h.fraction - (1e6 - along) / 2e6)).toBeLessThanOrEqual(
          1e-15,
        );
      }
    }
  });

  it("reports a first contact where the centers are r1 + r2 apart, with no earlier point closer, and never later for a larger radius", () => {
    const rng = random(41);
    let hits = 0;
    for (let n = 0; n < 2000; n++) {
      const s = 10 ** (rng.below(9) - 4);
      const c = [
        rng.symmetric() * 10 * s,
        rng.symmetric() * 10 * s,
        rng.symmetric() * 10 * s,
      ];
      const r2 = rng.unit() * s,
        r1 = rng.unit() * s;
      const start = add(
        c,
        scale(randomUnit(rng), (r1 + r2) * rng.range(1.01, 6)),
      );
      const aim = add(c, scale(randomUnit(rng), (r1 + r2) * rng.range(0, 1.5)));
      const end = add(start, scale(sub(aim, start), rng.range(0.5, 2)));
      const h = np.sphereCastSphere(vec(start), vec(end), r1, ball(vec(c), r2));
      const bigger = np.sphereCastSphere(
        vec(start),
        vec(end),
        r1 * 1.5,
        ball(vec(c), r2),
      );
      if (h === null) continue;
      hits++;
      const reach = r1 + r2;
      // 1e-12 relative: the quadratic's roots carry a few roundings of the path's and the target's scale.
      const tol = 1e-12 * (length(sub(start, c)) + length(sub(end, start)));
      expect(h.startedOverlapping).toBe(false);
      expect(h.fraction).toBeGreaterThanOrEqual(0);
      expect(h.fraction).toBeLessThanOrEqual(1);
      expect(
        Math.abs(length(sub(arr(h.center), c)) - reach),
      ).toBeLessThanOrEqual(tol);
      expect(
        Math.abs(h.distance - h.fraction * length(sub(end, start))),
      ).toBeLessThanOrEqual(tol);
      for (let k = 0; k < 10; k++) {
        const t = (h.fraction * k) / 10;
        const p = add(start, scale(sub(end, start), t));
        expect(length(sub(p, c))).toBeGreaterThanOrEqual(reach - tol);
      }
      // The contact point is on the target's surface, on the segment between the centers.
      expect(Math.abs(length(sub(arr(h.point), c)) - r2)).toBeLessThanOrEqual(
        tol,
      );
      expect(Math.abs(length(arr(h.normal)) - 1)).toBeLessThanOrEqual(1e-15);
      expect(bigger).not.toBe(null);
      expect(bigger.fraction).toBeLessThanOrEqual(h.fraction);
    }
    expect(hits).toBeGreaterThan(300);
  });
});
