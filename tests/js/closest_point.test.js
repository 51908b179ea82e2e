// closestPointOnAABB and distancePointAABB (articles 000 and 001) against the real WASM module.
// Both are exact in IEEE double (a clamp, a difference of ordered doubles, one correctly rounded sqrt), so every
// expected value here is exact: toBe / toEqual, no tolerance.
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  KEYS,
  SIGNS,
  arr,
  box,
  onAxis,
  random,
  unitBox,
  v3,
  vec,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

// Exact coordinates: a small grid (with -0) around the cube [-1, 1]^3.
const GRID = [-3, -1, -0.5, -0, 0, 0.25, 1, 2.5];
const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);

describe("closestPointOnAABB", () => {
  it("returns every point inside or on the box itself, bit for bit (-0 stays -0)", () => {
    for (const x of [-1, -0.5, -0, 0, 0.25, 1]) {
      for (const y of [-1, -0, 0, 1]) {
        for (const z of [-1, -0.5, -0, 1]) {
          const q = np.closestPointOnAABB(v3(x, y, z), unitBox());
          expect(
            Object.is(q.x, x) && Object.is(q.y, y) && Object.is(q.z, z),
            `${x}, ${y}, ${z}`,
          ).toBe(true);
        }
      }
    }
  });

  it("clamps each coordinate of an outside point onto the box, over a grid of faces, edges and corners", () => {
    const b = box([-1, -1, -1], [1, 1, 1]);
    for (const x of GRID) {
      for (const y of GRID) {
        for (const z of GRID) {
          expect(np.closestPointOnAABB(v3(x, y, z), b)).toEqual(
            v3(clamp(x, -1, 1), clamp(y, -1, 1), clamp(z, -1, 1)),
          );
        }
      }
    }
  });

  it("projects a point beyond each face onto that face, for every axis and sign", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const q = np.closestPointOnAABB(onAxis(axis, 7 * sign, 0.5), unitBox());
        expect(q).toEqual(onAxis(axis, sign, 0.5));
      }
    }
  });

  it("works on a box flat on one axis (min == max) and on a point box", () => {
    for (const axis of AXES) {
      const flatMin = [-2, -2, -2],
        flatMax = [2, 2, 2];
      flatMin[axis] = flatMax[axis] = 0.5;
      const q = np.closestPointOnAABB(v3(3, -3, 1), box(flatMin, flatMax));
      const expected = [2, -2, 1];
      expected[axis] = 0.5;
      expect(arr(q)).toEqual(expected);
    }
    expect(
      np.closestPointOnAABB(v3(5, -6, 7), box([1, 2, 3], [1, 2, 3])),
    ).toEqual(v3(1, 2, 3));
  });

  it("is exact far from the origin (2^20) on a tiny box (2^-20 half size)", () => {
    const c = 2 ** 20,
      h = 2 ** -20;
    const b = box([c - h, -c - h, c - h], [c + h, -c + h, c + h]);
    expect(np.closestPointOnAABB(v3(c + 3 * h, -c - 5 * h, c), b)).toEqual(
      v3(c + h, -c - h, c),
    );
  });

  it("lies in the box, is idempotent, and is no farther from the point than any sampled point of the box", () => {
    const rng = random(1);
    for (let n = 0; n < 500; n++) {
      const s = 10 ** rng.below(13) * 1e-6; // scales 1e-6 .. 1e6
      const c = [rng.symmetric() * s, rng.symmetric() * s, rng.symmetric() * s];
      const h = [rng.unit() * s, rng.unit() * s, rng.unit() * s];
      const b = box(
        [c[0] - h[0], c[1] - h[1], c[2] - h[2]],
        [c[0] + h[0], c[1] + h[1], c[2] + h[2]],
      );
      const p = v3(
        c[0] + rng.symmetric() * 3 * s,
        c[1] + rng.symmetric() * 3 * s,
        c[2] + rng.symmetric() * 3 * s,
      );
      const q = np.closestPointOnAABB(p, b);
      for (const k of KEYS) {
        expect(q[k]).toBeGreaterThanOrEqual(b.min[k]);
        expect(q[k]).toBeLessThanOrEqual(b.max[k]);
      }
      expect(np.closestPointOnAABB(q, b)).toEqual(q);
      const d = np.distancePointAABB(p, b);
      for (let m = 0; m < 20; m++) {
        const sample = KEYS.map(
          (k) => b.min[k] + (b.max[k] - b.min[k]) * rng.unit(),
        );
        const ds = Math.hypot(
          sample[0] - p.x,
          sample[1] - p.y,
          sample[2] - p.z,
        );
        // A sampled point can tie with the closest point only up to rounding in hypot: 1e-12 relative.
        expect(d).toBeLessThanOrEqual(ds * (1 + 1e-12));
      }
    }
  });
});

describe("distancePointAABB", () => {
  it("is exactly 0 inside the box and on every face, edge and corner", () => {
    for (const x of [-1, -0.5, -0, 0, 1]) {
      for (const y of [-1, 0, 0.75, 1]) {
        for (const z of [-1, -0, 1]) {
          expect(np.distancePointAABB(v3(x, y, z), unitBox())).toBe(0);
        }
      }
    }
  });

  it("is the overshoot beyond a face, for every axis and sign", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.distancePointAABB(onAxis(axis, 4.5 * sign, -0.25), unitBox()),
        ).toBe(3.5);
      }
    }
  });

  it("is exact beyond edges and corners along Pythagorean triples, for every axis pair and sign", () => {
    for (const i of AXES) {
      for (const j of AXES) {
        if (i === j) continue;
        for (const si of SIGNS) {
          for (const sj of SIGNS) {
            const p = [0, 0, 0];
            p[i] = si * (1 + 3);
            p[j] = sj * (1 + 4);
            expect(np.distancePointAABB(v3(...p), unitBox())).toBe(5);
            const k = 3 - i - j;
            for (const sk of SIGNS) {
              p[k] = sk * (1 + 12); // (3, 4, 12) -> 13
              expect(np.distancePointAABB(v3(...p), unitBox())).toBe(13);
            }
            p[k] = 0;
          }
        }
      }
    }
  });

  it("equals the distance to the closest point, computed the same way, bit for bit", () => {
    const rng = random(2);
    for (let n = 0; n < 1000; n++) {
      const s = 10 ** rng.below(13) * 1e-6;
      const lo = [
        rng.symmetric() * s,
        rng.symmetric() * s,
        rng.symmetric() * s,
      ];
      const hi = lo.map((v) => v + rng.unit() * s);
      const b = box(lo, hi);
      const p = v3(
        rng.symmetric() * 4 * s,
        rng.symmetric() * 4 * s,
        rng.symmetric() * 4 * s,
      );
      const q = np.closestPointOnAABB(p, b);
      // Differences of the point and its clamp are exact, so sqrt(dx^2 + dy^2 + dz^2) in this order is the very
      // same double the core computes.
      const dx = p.x - q.x,
        dy = p.y - q.y,
        dz = p.z - q.z;
      expect(np.distancePointAABB(p, b)).toBe(
        Math.sqrt(dx * dx + dy * dy + dz * dz),
      );
    }
  });

  it("is exact far from the origin (2^20) on a tiny box (2^-20 half size) and on a point box", () => {
    const c = 2 ** 20,
      h = 2 ** -20;
    const b = box([c - h, c - h, c - h], [c + h, c + h, c + h]);
    expect(np.distancePointAABB(v3(c + h + 3 * h, c + h + 4 * h, c), b)).toBe(
      5 * h,
    );
    expect(np.distancePointAABB(v3(4, 5, 3), box([1, 1, 3], [1, 1, 3]))).toBe(
      5,
    );
  });

  it("is unchanged by mirroring an axis or permuting the axes", () => {
    const rng = random(3);
    for (let n = 0; n < 300; n++) {
      const lo = [rng.symmetric(), rng.symmetric(), rng.symmetric()];
      const hi = lo.map((v) => v + rng.unit());
      const p = [rng.symmetric() * 3, rng.symmetric() * 3, rng.symmetric() * 3];
      const d = np.distancePointAABB(vec(p), box(lo, hi));
      const axis = rng.below(3);
      const mlo = [...lo],
        mhi = [...hi],
        mp = [...p];
      mlo[axis] = -hi[axis];
      mhi[axis] = -lo[axis];
      mp[axis] = -p[axis];
      expect(np.distancePointAABB(vec(mp), box(mlo, mhi))).toBe(d);
      // Rotating the axes (x, y, z) -> (y, z, x) only reorders the sum of the three squares: each order is
      // within 2 roundings of the exact sum, and sqrt halves that, so the two distances differ by at most about
      // 2 ulp: 4.5e-16 relative (2 * 2^-52).
      const rot = (a) => [a[1], a[2], a[0]];
      const dp = np.distancePointAABB(vec(rot(p)), box(rot(lo), rot(hi)));
      expect(Math.abs(dp - d)).toBeLessThanOrEqual(d * 4.5e-16);
    }
  });
});
