// raycastAABB and linecastAABB (article 002) against the real WASM module: every row of EDGE_CASES.md "Rays and
// segments against boxes", looped over the three axes and both signs. Box [-1, 1]^3 unless said. Expected values
// are exact wherever the geometry makes them so (toEqual tells -0 from 0, so it also checks normals carry no -0).
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  KEYS,
  SIGNS,
  add,
  arr,
  box,
  dot,
  length,
  nextDown,
  nextUp,
  onAxis,
  random,
  scale,
  sub,
  unitBox,
  v3,
  vec,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const ray = (origin, direction) => ({ origin, direction });
const hit = (distance, point, normal) => ({ distance, point, normal });
/** Direction scales: a unit vector scaled by these gives the same world-unit distances. */
const DIRECTION_SCALES = [1e-6, 0.5, 1, 3, 2 ** 30, 1e6];

describe("raycastAABB", () => {
  it("hits the entry face of a box ahead, for every axis, sign and direction length", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        for (const k of DIRECTION_SCALES) {
          const r = ray(onAxis(axis, -5 * sign, 0.25), onAxis(axis, sign * k));
          expect(np.raycastAABB(r, unitBox())).toEqual(
            hit(4, onAxis(axis, -sign, 0.25), onAxis(axis, -sign)),
          );
        }
      }
    }
  });

  it("misses a box just behind the origin when pointing away", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.raycastAABB(
            ray(onAxis(axis, 1.5 * sign), onAxis(axis, sign)),
            unitBox(),
          ),
        ).toBe(null);
        expect(
          np.raycastAABB(
            ray(onAxis(axis, nextUp(1) * sign), onAxis(axis, sign)),
            unitBox(),
          ),
        ).toBe(null);
      }
    }
  });

  it("hits at distance 0 with point = origin and normal = -unit direction when the origin is strictly inside", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const origin = v3(0.5, -0.25, 0.125);
        expect(
          np.raycastAABB(ray(origin, onAxis(axis, 7 * sign)), unitBox()),
        ).toEqual(hit(0, origin, onAxis(axis, -sign)));
        // A 3-4-5 direction: -unit(d) is exactly (-0.6, -0.8) on the two axes, +0 on the third.
        const d = onAxis(axis, 0);
        d[KEYS[(axis + 1) % 3]] = 3 * sign;
        d[KEYS[(axis + 2) % 3]] = 4 * sign;
        const n = onAxis(axis, 0);
        n[KEYS[(axis + 1) % 3]] = -0.6 * sign;
        n[KEYS[(axis + 2) % 3]] = -0.8 * sign;
        expect(np.raycastAABB(ray(origin, d), unitBox())).toEqual(
          hit(0, origin, n),
        );
      }
    }
  });

  it("hits at distance 0 when the origin is on a face, pointing out or in (closed solid box)", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const origin = onAxis(axis, sign, 0.5);
        expect(
          np.raycastAABB(ray(origin, onAxis(axis, sign)), unitBox()),
        ).toEqual(hit(0, origin, onAxis(axis, -sign)));
        expect(
          np.raycastAABB(ray(origin, onAxis(axis, -sign)), unitBox()),
        ).toEqual(hit(0, origin, onAxis(axis, sign)));
      }
    }
  });

  it("hits a box ahead and misses a box behind for a ray lying in a face plane", () => {
    for (const axis of AXES) {
      const side = (axis + 1) % 3;
      for (const sign of SIGNS) {
        for (const face of SIGNS) {
          const origin = onAxis(axis, -5 * sign, 0);
          origin[KEYS[side]] = face; // in the plane of the face at `face` on the side axis
          const point = onAxis(axis, -sign, 0);
          point[KEYS[side]] = face;
          expect(
            np.raycastAABB(ray(origin, onAxis(axis, sign)), unitBox()),
          ).toEqual(hit(4, point, onAxis(axis, -sign)));
          expect(
            np.raycastAABB(ray(origin, onAxis(axis, -sign)), unitBox()),
          ).toBe(null);
        }
      }
    }
  });

  it("treats a -0 direction component exactly like +0, inside the slab and on its planes", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        for (const across of [0, 0.5, 1, -1]) {
          const origin = onAxis(axis, -3 * sign, across);
          const plus = onAxis(axis, sign, 0);
          const minus = onAxis(axis, sign, -0);
          const a = np.raycastAABB(ray(origin, plus), unitBox());
          const b = np.raycastAABB(ray(origin, minus), unitBox());
          expect(b).toEqual(a);
          expect(a).toEqual(
            hit(2, onAxis(axis, -sign, across), onAxis(axis, -sign)),
          );
        }
        // Outside the slab on an axis with a zero component: a miss either way.
        const outside = onAxis(axis, -3 * sign, 1.5);
        expect(
          np.raycastAABB(ray(outside, onAxis(axis, sign, -0)), unitBox()),
        ).toBe(null);
        expect(
          np.raycastAABB(ray(outside, onAxis(axis, sign, 0)), unitBox()),
        ).toBe(null);
      }
    }
  });

  it("grazes along an edge and through a corner as a hit, with an adjacent face normal and no NaN", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        // Along an edge: both other coordinates on a slab plane, their direction components 0.
        expect(
          np.raycastAABB(
            ray(onAxis(axis, -9 * sign, 1), onAxis(axis, sign)),
            unitBox(),
          ),
        ).toEqual(hit(8, onAxis(axis, -sign, 1), onAxis(axis, -sign)));
      }
    }
    for (const sx of SIGNS) {
      for (const sy of SIGNS) {
        for (const sz of SIGNS) {
          const h = np.raycastAABB(
            ray(v3(-2 * sx, -2 * sy, -2 * sz), v3(sx, sy, sz)),
            unitBox(),
          );
          expect(h.distance).toBe(Math.sqrt(3));
          expect(h.point).toEqual(v3(-sx, -sy, -sz));
          // One of the three adjacent faces' outward normals.
          expect([v3(-sx, 0, 0), v3(0, -sy, 0), v3(0, 0, -sz)]).toContainEqual(
            h.normal,
          );
        }
      }
    }
  });

  it("never misses rays aimed exactly at an edge or corner from random origins", () => {
    // Every coordinate is a multiple of q = 2^-20 of the case's scale (and below 2^4 of it), so target - origin
    // is exact and the ray passes exactly through the point of the edge or corner: a hit every time. (A
    // direction rounded so that the ray passes an ulp beside the edge is a miss now that the decision is exact,
    // with no far-distance widening: tests/js/regressions_ray.test.js.)
    const rng = random(30);
    for (let n = 0; n < 3000; n++) {
      const s = 10 ** rng.below(9) * 1e-3;
      const q = 2 ** (Math.ceil(Math.log2(s)) - 20);
      const snap = (v) => Math.round(v / q) * q;
      const lo = [
        rng.symmetric() * s,
        rng.symmetric() * s,
        rng.symmetric() * s,
      ].map(snap);
      const hi = lo.map((v) => snap(v + (0.01 + rng.unit()) * s));
      // A point on an edge: two coordinates on a face plane each, the third anywhere along the edge.
      const target = lo.map((l, i) => (rng.unit() < 0.5 ? l : hi[i]));
      const free = rng.below(4); // 3: a corner
      if (free < 3)
        target[free] = snap(lo[free] + (hi[free] - lo[free]) * rng.unit());
      const origin = target.map((t) => snap(t + rng.symmetric() * 10 * s));
      const d = sub(target, origin);
      expect(add(origin, d), "exact direction").toEqual(target);
      if (
        d.every((c, i) =>
          c === 0 ? origin[i] >= lo[i] && origin[i] <= hi[i] : true,
        ) &&
        dot(d, d) > 0
      ) {
        const h = np.raycastAABB(ray(vec(origin), vec(d)), box(lo, hi));
        expect(h, `ray from ${origin} to ${target}`).not.toBe(null);
      }
    }
  });

  it("hits a flat box (min.y == max.y) crossing it and lying in it", () => {
    for (const axis of AXES) {
      const lo = [-1, -1, -1],
        hi = [1, 1, 1];
      lo[axis] = hi[axis] = 0;
      for (const sign of SIGNS) {
        const across = np.raycastAABB(
          ray(onAxis(axis, 5 * sign, 0.5), onAxis(axis, -sign)),
          box(lo, hi),
        );
        expect(across).toEqual(
          hit(5, onAxis(axis, 0, 0.5), onAxis(axis, sign)),
        );
        const side = (axis + 1) % 3;
        const origin = onAxis(axis, 0, 0);
        origin[KEYS[side]] = -3 * sign;
        const dir = onAxis(axis, 0, 0);
        dir[KEYS[side]] = sign;
        const inPlane = np.raycastAABB(ray(origin, dir), box(lo, hi));
        const n = onAxis(axis, 0, 0);
        n[KEYS[side]] = -sign;
        const p = onAxis(axis, 0, 0);
        p[KEYS[side]] = -sign;
        expect(inPlane).toEqual(hit(2, p, n));
      }
    }
  });

  it("keeps exact distances far from the origin (2^20) on tiny boxes (2^-20)", () => {
    const c = 2 ** 20,
      h = 2 ** -20;
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const lo = [c - h, -c - h, c - h],
          hi = [c + h, -c + h, c + h];
        const center = [c, -c, c];
        const origin = [...center];
        origin[axis] -= sign * 5 * h;
        const point = [...center];
        point[axis] -= sign * h;
        const expected = hit(4 * h, vec(point), onAxis(axis, -sign));
        expect(
          np.raycastAABB(
            ray(vec(origin), onAxis(axis, sign * 1e-6)),
            box(lo, hi),
          ),
        ).toEqual(expected);
        expect(
          np.raycastAABB(
            ray(vec(origin), onAxis(axis, sign * 1e6)),
            box(lo, hi),
          ),
        ).toEqual(expected);
      }
    }
  });

  it("respects maxDistance: a hit at exactly maxDistance counts, one ulp short misses, Infinity is the default", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const r = ray(onAxis(axis, -5 * sign, 0.25), onAxis(axis, 2 * sign));
        const expected = hit(4, onAxis(axis, -sign, 0.25), onAxis(axis, -sign));
        expect(np.raycastAABB(r, unitBox(), 4)).toEqual(expected);
        expect(np.raycastAABB(r, unitBox(), nextDown(4))).toBe(null);
        expect(np.raycastAABB(r, unitBox(), Infinity)).toEqual(expected);
        expect(np.raycastAABB(r, unitBox())).toEqual(expected);
        expect(np.raycastAABB(r, unitBox(), undefined)).toEqual(expected);
        expect(np.raycastAABB(r, unitBox(), 0)).toBe(null);
        // maxDistance 0 (and -0, which is not negative) still reports an origin inside the box.
        const inside = ray(v3(0, 0, 0), onAxis(axis, sign));
        expect(np.raycastAABB(inside, unitBox(), 0)).toEqual(
          hit(0, v3(0, 0, 0), onAxis(axis, -sign)),
        );
        expect(np.raycastAABB(inside, unitBox(), -0)).toEqual(
          hit(0, v3(0, 0, 0), onAxis(axis, -sign)),
        );
      }
    }
    // Along a random direction, maxDistance equal to the reported distance always hits.
    const rng = random(31);
    for (let n = 0; n < 500; n++) {
      const origin = v3(
        rng.symmetric() * 5,
        rng.symmetric() * 5,
        rng.symmetric() * 5,
      );
      const dir = v3(
        -origin.x + rng.symmetric(),
        -origin.y + rng.symmetric(),
        -origin.z + rng.symmetric(),
      );
      const h = np.raycastAABB(ray(origin, dir), unitBox());
      if (h === null) continue;
      expect(np.raycastAABB(ray(origin, dir), unitBox(), h.distance)).toEqual(
        h,
      );
      if (h.distance > 0)
        expect(
          np.raycastAABB(ray(origin, dir), unitBox(), nextDown(h.distance)),
        ).toBe(null);
    }
  });

  it("puts the hit on the surface with a unit axis normal facing the ray, and scaling the direction changes nothing", () => {
    const rng = random(32);
    let hits = 0;
    for (let n = 0; n < 2000; n++) {
      const s = 10 ** rng.below(13) * 1e-6;
      const lo = [
        rng.symmetric() * s,
        rng.symmetric() * s,
        rng.symmetric() * s,
      ];
      const hi = lo.map((v) => v + (0.05 + rng.unit()) * s);
      const b = box(lo, hi);
      const origin = [
        rng.symmetric() * 4 * s,
        rng.symmetric() * 4 * s,
        rng.symmetric() * 4 * s,
      ];
      const aim = lo.map((l, i) => l + (hi[i] - l) * rng.range(-0.3, 1.3));
      const d = sub(aim, origin);
      const h = np.raycastAABB(ray(vec(origin), vec(d)), b);
      if (h === null || h.distance === 0) continue;
      hits++;
      // On the surface: in the closed box, and on the face the normal names.
      expect(np.distancePointAABB(h.point, b)).toBe(0);
      const n = arr(h.normal);
      const axis = n.findIndex((c) => c !== 0);
      expect(n.filter((c) => c === 0)).toHaveLength(2);
      expect(Math.abs(n[axis])).toBe(1);
      expect(arr(h.point)[axis]).toBe(n[axis] > 0 ? hi[axis] : lo[axis]);
      expect(dot(n, d)).toBeLessThanOrEqual(0);
      // Nudged along the normal by eps it is outside, against it inside (eps: 1e-9 of the box's scale).
      const eps = 1e-9 * s;
      expect(
        np.distancePointAABB(
          vec(arr(h.point).map((c, i) => c + n[i] * eps)),
          b,
        ),
      ).toBeGreaterThan(0);
      expect(
        np.distancePointAABB(
          vec(arr(h.point).map((c, i) => c - n[i] * eps)),
          b,
        ),
      ).toBe(0);
      // The distance is measured in world units: it matches |point - origin| to rounding (1e-12 relative), and
      // a direction scaled by a power of two gives the very same hit.
      expect(
        Math.abs(h.distance - length(sub(arr(h.point), origin))),
      ).toBeLessThanOrEqual(1e-12 * (h.distance + s));
      expect(
        np.raycastAABB(ray(vec(origin), vec(scale(d, 2 ** 40))), b),
      ).toEqual(h);
      expect(
        np.raycastAABB(ray(vec(origin), vec(scale(d, 2 ** -40))), b),
      ).toEqual(h);
      // Any other positive scale: the distance agrees to a few roundings (1e-14 relative).
      const other = np.raycastAABB(ray(vec(origin), vec(scale(d, 0.3))), b);
      expect(Math.abs(other.distance - h.distance)).toBeLessThanOrEqual(
        1e-14 * h.distance,
      );
    }
    expect(hits).toBeGreaterThan(500);
  });

  it("mirrors exactly under mirroring an axis, and permutes under permuting the axes", () => {
    const rng = random(33);
    for (let n = 0; n < 1000; n++) {
      const lo = [rng.symmetric(), rng.symmetric(), rng.symmetric()];
      const hi = lo.map((v) => v + rng.unit());
      const o = [rng.symmetric() * 4, rng.symmetric() * 4, rng.symmetric() * 4];
      const d = [rng.symmetric(), rng.symmetric(), rng.symmetric()];
      const h = np.raycastAABB(ray(vec(o), vec(d)), box(lo, hi));
      const axis = rng.below(3);
      const mirror = (a) => a.map((c, i) => (i === axis ? 0 - c : c));
      const mlo = lo.map((c, i) => (i === axis ? 0 - hi[i] : c));
      const mhi = hi.map((c, i) => (i === axis ? 0 - lo[i] : c));
      const m = np.raycastAABB(
        ray(vec(mirror(o)), vec(mirror(d))),
        box(mlo, mhi),
      );
      if (h === null) {
        expect(m).toBe(null);
        continue;
      }
      expect(m).toEqual(
        hit(h.distance, vec(mirror(arr(h.point))), vec(mirror(arr(h.normal)))),
      );
      const rot = (a) => [a[1], a[2], a[0]];
      const p = np.raycastAABB(
        ray(vec(rot(o)), vec(rot(d))),
        box(rot(lo), rot(hi)),
      );
      expect(p.point).toEqual(vec(rot(arr(h.point))));
      expect(p.normal).toEqual(vec(rot(arr(h.normal))));
      // |d| sums the squares in another order: 2 ulp (4.5e-16 relative).
      expect(Math.abs(p.distance - h.distance)).toBeLessThanOrEqual(
        4.5e-16 * h.distance,
      );
    }
  });
});

describe("linecastAABB", () => {
  it("hits the entry face between start and end, for every axis and sign", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const h = np.linecastAABB(
          onAxis(axis, -5 * sign, -0.5),
          onAxis(axis, 5 * sign, -0.5),
          unitBox(),
        );
        expect(h).toEqual(
          hit(4, onAxis(axis, -sign, -0.5), onAxis(axis, -sign)),
        );
      }
    }
  });

  it("hits a segment ending exactly on a face at distance |AB|, and misses one ending an ulp short", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const start = onAxis(axis, -5 * sign, 0.5);
        expect(
          np.linecastAABB(start, onAxis(axis, -sign, 0.5), unitBox()),
        ).toEqual(hit(4, onAxis(axis, -sign, 0.5), onAxis(axis, -sign)));
        // From -1.5 the difference end - start is exact (Sterbenz), so the segment really stops 2^-52 short.
        expect(
          np.linecastAABB(
            onAxis(axis, -1.5 * sign, 0.5),
            onAxis(axis, -nextUp(1) * sign, 0.5),
            unitBox(),
          ),
        ).toBe(null);
        // Diagonal: from (-3, -2) to (-1, 0) ends on the face at -1, at distance sqrt(8).
        const s = onAxis(axis, -3 * sign, 0.5),
          e = onAxis(axis, -sign, 0.5);
        s[KEYS[(axis + 1) % 3]] = -2 * sign;
        e[KEYS[(axis + 1) % 3]] = 0;
        expect(np.linecastAABB(s, e, unitBox())).toEqual(
          hit(Math.sqrt(8), e, onAxis(axis, -sign)),
        );
      }
    }
  });

  it("misses a segment ending an ulp short of the face from any start, even where the slab parameter rounds to 1", () => {
    const rng = random(41);
    for (let n = 0; n < 2000; n++) {
      const axis = AXES[n % 3],
        sign = SIGNS[(n >> 1) % 2];
      const start = v3(
        rng.range(-0.99, 0.99),
        rng.range(-0.99, 0.99),
        rng.range(-0.99, 0.99),
      );
      const end = v3(
        rng.range(-0.99, 0.99),
        rng.range(-0.99, 0.99),
        rng.range(-0.99, 0.99),
      );
      start[KEYS[axis]] = -sign * rng.range(1.5, 9);
      end[KEYS[axis]] = -sign * nextUp(1);
      expect(np.linecastAABB(start, end, unitBox()), `case ${n}`).toBe(null);
    }
  });

  it("handles end points so far apart that end - start is not a double", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.linecastAABB(
            onAxis(axis, -1e308 * sign),
            onAxis(axis, 1e308 * sign),
            unitBox(),
          ),
        ).toEqual(hit(1e308, onAxis(axis, -sign), onAxis(axis, -sign)));
      }
    }
    expect(
      np.distancePointAABB(v3(-1e308, 0, 0), box([1e308, 0, 0], [1e308, 0, 0])),
    ).toBe(Infinity);
    // Tiny directions toward far boxes, huge ones toward near faces, an entry beyond the largest double.
    const far = box([2 ** 600, -1, -1], [2 ** 601, 1, 1]);
    expect(
      np.raycastAABB(
        { origin: v3(0, 0, 0), direction: v3(2 ** -499, 0, 0) },
        far,
      ),
    ).toEqual(hit(2 ** 600, v3(2 ** 600, 0, 0), v3(-1, 0, 0)));
    expect(
      np.raycastAABB(
        { origin: v3(0, 0, 0), direction: v3(2 ** 500, 0, 0) },
        box([2 ** -600, -1, -1], [1, 1, 1]),
      ),
    ).toEqual(hit(2 ** -600, v3(2 ** -600, 0, 0), v3(-1, 0, 0)));
    expect(
      np.raycastAABB(
        { origin: v3(-1e308, 0, 0), direction: v3(1, 0, 0) },
        box([1e308, -1, -1], [1.5e308, 1, 1]),
      ),
    ).toEqual(hit(Infinity, v3(1e308, 0, 0), v3(-1, 0, 0)));
  });

  it("only reports hits between start and end: short segments and segments pointing away miss", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.linecastAABB(
            onAxis(axis, -5 * sign),
            onAxis(axis, -2 * sign),
            unitBox(),
          ),
        ).toBe(null);
        expect(
          np.linecastAABB(
            onAxis(axis, -2 * sign),
            onAxis(axis, -5 * sign),
            unitBox(),
          ),
        ).toBe(null);
        expect(
          np.linecastAABB(
            onAxis(axis, 2 * sign),
            onAxis(axis, 5 * sign),
            unitBox(),
          ),
        ).toBe(null);
      }
    }
  });

  it("hits at distance 0 with point = start and normal = -unit direction when starting inside or on the box", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        for (const start of [
          v3(0, 0.5, -0.5),
          onAxis(axis, sign, 0.25),
          onAxis(axis, -sign, 0.25),
        ]) {
          const end = onAxis(axis, 10 * sign, 0);
          const d = sub(arr(end), arr(start));
          const expected = hit(
            0,
            start,
            vec(d.map((c) => (0 - c) / length(d))),
          );
          expect(np.linecastAABB(start, end, unitBox())).toEqual(expected);
        }
      }
    }
  });

  it("treats a zero-length segment as a point test: inside or on -> distance 0 with the nearest face normal, outside -> null", () => {
    // Nearest face, ties broken x before y before z, min face before max face.
    const cases = [
      [v3(0, 0, 0), v3(-1, 0, 0)],
      [v3(0.5, 0.5, 0), v3(1, 0, 0)],
      [v3(-0.5, 0, -0.5), v3(-1, 0, 0)],
      [v3(0, 0.75, 0.5), v3(0, 1, 0)],
      [v3(0.25, -0.25, -0.75), v3(0, 0, -1)],
      [v3(1, 1, 1), v3(1, 0, 0)],
      [v3(0, 0, 1), v3(0, 0, 1)],
      [v3(-0, -0, -0), v3(-1, 0, 0)],
    ];
    for (const [p, n] of cases) {
      expect(np.linecastAABB(p, { ...p }, unitBox())).toEqual(hit(0, p, n));
    }
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.linecastAABB(
            onAxis(axis, sign * 0.9),
            onAxis(axis, sign * 0.9),
            unitBox(),
          ),
        ).toEqual(hit(0, onAxis(axis, sign * 0.9), onAxis(axis, sign)));
        expect(
          np.linecastAABB(
            onAxis(axis, nextUp(1) * sign),
            onAxis(axis, nextUp(1) * sign),
            unitBox(),
          ),
        ).toBe(null);
      }
    }
  });

  it("agrees with raycastAABB along the same direction with maxDistance = |AB|, away from the end point", () => {
    const rng = random(34);
    for (let n = 0; n < 1000; n++) {
      const a = [rng.symmetric() * 4, rng.symmetric() * 4, rng.symmetric() * 4];
      const b = [rng.symmetric() * 4, rng.symmetric() * 4, rng.symmetric() * 4];
      const d = sub(b, a);
      const seg = np.linecastAABB(vec(a), vec(b), unitBox());
      const r = np.raycastAABB(ray(vec(a), vec(d)), unitBox());
      if (r !== null && Math.abs(r.distance - length(d)) < 1e-9) continue; // ends on the surface: rounding band
      if (r === null || r.distance > length(d)) {
        expect(seg).toBe(null);
        continue;
      }
      expect(seg.point).toEqual(r.point);
      expect(seg.normal).toEqual(r.normal);
      // t (fraction of AB vs of the unit direction) times |AB|: within a few roundings (1e-14 relative).
      expect(Math.abs(seg.distance - r.distance)).toBeLessThanOrEqual(
        1e-14 * length(d),
      );
    }
  });
});
