// The public surface of API.md against the real WASM module: loading, result shapes, and every rule of its
// "Conventions" section, for every function it applies to.
import { describe, expect, it } from "vitest";
import defaultInit, { OBB_AXIS_NAMES, init } from "../../web/lib/index.js";
import {
  AXES,
  KEYS,
  SIGNS,
  expectNoNegativeZero,
  obb,
  onAxis,
  random,
  randomRotation,
  unitBox,
  v3,
} from "./helpers.js";

const API_FUNCTIONS = [
  "closestPointOnAABB",
  "distancePointAABB",
  "overlapSphereAABB",
  "linecastAABB",
  "raycastAABB",
  "overlapOBBOBB",
  "sphereCastSphere",
];

const isPlain = (o) =>
  o !== null &&
  typeof o === "object" &&
  Object.getPrototypeOf(o) === Object.prototype;
const ball = (center, radius) => ({ center, radius });

describe("loading", () => {
  it("init() resolves to the same instance on repeated and concurrent calls", async () => {
    const first = await init();
    const [a, b] = await Promise.all([init(), init()]);
    expect(a).toBe(first);
    expect(b).toBe(first);
    expect(await init()).toBe(first);
  });

  it("the default export is init and resolves to the same instance", async () => {
    expect(defaultInit).toBe(init);
    expect(await defaultInit()).toBe(await init());
  });

  it("has every function API.md lists, plus separatingAxisOBBOBB, OBB_AXIS_NAMES and tolerances", async () => {
    const np = await init();
    for (const name of [...API_FUNCTIONS, "separatingAxisOBBOBB"])
      expect(typeof np[name], name).toBe("function");
    expect(np.OBB_AXIS_NAMES).toBe(OBB_AXIS_NAMES);
    expect(np.tolerances).toEqual({ orthonormal: 1e-6, obbEdgeAxisSlack: 8 });
  });
});

describe("results", () => {
  it("are plain objects with exactly the documented fields", async () => {
    const np = await init();
    const point = np.closestPointOnAABB(v3(5, 0, 0), unitBox());
    expect(isPlain(point)).toBe(true);
    expect(Object.keys(point)).toEqual(["x", "y", "z"]);
    for (const h of [
      np.raycastAABB(
        { origin: v3(-5, 0, 0), direction: v3(1, 0, 0) },
        unitBox(),
      ),
      np.linecastAABB(v3(-5, 0, 0), v3(5, 0, 0), unitBox()),
    ]) {
      expect(isPlain(h)).toBe(true);
      expect(Object.keys(h).sort()).toEqual(["distance", "normal", "point"]);
      expect(isPlain(h.point) && isPlain(h.normal)).toBe(true);
      expect(Object.keys(h.point)).toEqual(["x", "y", "z"]);
      expect(JSON.parse(JSON.stringify(h))).toEqual(h);
    }
    const cast = np.sphereCastSphere(
      v3(-5, 0, 0),
      v3(5, 0, 0),
      1,
      ball(v3(0, 0, 0), 1),
    );
    expect(isPlain(cast)).toBe(true);
    expect(Object.keys(cast).sort()).toEqual([
      "center",
      "distance",
      "fraction",
      "normal",
      "point",
      "startedOverlapping",
    ]);
    for (const k of ["center", "point", "normal"])
      expect(isPlain(cast[k])).toBe(true);
    expect(typeof np.distancePointAABB(v3(0, 0, 0), unitBox())).toBe("number");
    expect(typeof np.overlapSphereAABB(ball(v3(0, 0, 0), 1), unitBox())).toBe(
      "boolean",
    );
    expect(
      typeof np.overlapOBBOBB(
        obb([0, 0, 0], [1, 1, 1]),
        obb([5, 0, 0], [1, 1, 1]),
      ),
    ).toBe("boolean");
  });

  it("are null, never undefined, on a miss", async () => {
    const np = await init();
    expect(
      np.raycastAABB(
        { origin: v3(5, 0, 0), direction: v3(1, 0, 0) },
        unitBox(),
      ),
    ).toBe(null);
    expect(np.linecastAABB(v3(5, 0, 0), v3(9, 0, 0), unitBox())).toBe(null);
    expect(
      np.sphereCastSphere(v3(5, 0, 0), v3(9, 0, 0), 1, ball(v3(0, 0, 0), 1)),
    ).toBe(null);
    expect(
      np.separatingAxisOBBOBB(
        obb([0, 0, 0], [1, 1, 1]),
        obb([0.5, 0, 0], [1, 1, 1]),
      ),
    ).toBe(null);
  });

  it("carry the input doubles through unchanged (double precision in and out)", async () => {
    const np = await init();
    const p = v3(0.1 + 0.2, 1 / 3, -Math.PI / 10);
    const out = np.closestPointOnAABB(p, unitBox());
    expect(out).toEqual(p);
    const r = np.raycastAABB(
      { origin: v3(0.1 + 0.2, -5, 1 / 3), direction: v3(0, 1, 0) },
      unitBox(),
    );
    expect(r.point).toEqual(v3(0.1 + 0.2, -1, 1 / 3));
  });
});

describe("conventions", () => {
  it("shapes are closed: touching counts as overlapping and as a hit, for every query", async () => {
    const np = await init();
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.overlapSphereAABB(ball(onAxis(axis, 3 * sign), 2), unitBox()),
        ).toBe(true);
        expect(
          np.overlapOBBOBB(
            obb([0, 0, 0], [1, 1, 1]),
            obb(arrOf(onAxis(axis, 2 * sign)), [1, 1, 1]),
          ),
        ).toBe(true);
        expect(np.distancePointAABB(onAxis(axis, sign), unitBox())).toBe(0);
        // A ray grazing a face, a segment ending on a face, a sphere cast passing tangent.
        const side = onAxis(axis, 0, 0);
        side[KEYS[(axis + 1) % 3]] = sign;
        const from = { ...side, [KEYS[axis]]: -5 };
        expect(
          np.raycastAABB(
            { origin: from, direction: onAxis(axis, 1) },
            unitBox(),
          ),
        ).not.toBe(null);
        expect(
          np.linecastAABB(
            onAxis(axis, -5 * sign),
            onAxis(axis, -sign),
            unitBox(),
          ),
        ).not.toBe(null);
        const tangent = {
          ...onAxis(axis, 0, 0),
          [KEYS[(axis + 1) % 3]]: 2 * sign,
        };
        expect(
          np.sphereCastSphere(
            { ...tangent, [KEYS[axis]]: -5 },
            { ...tangent, [KEYS[axis]]: 5 },
            1,
            ball(v3(0, 0, 0), 1),
          ),
        ).not.toBe(null);
      }
    }
  });

  it("a ray or linecast starting inside or on the box hits at 0 with point = start and normal = -unit direction", async () => {
    const np = await init();
    const rng = random(60);
    for (let n = 0; n < 300; n++) {
      const start = v3(
        rng.pick([-1, 1, rng.symmetric()]),
        rng.symmetric(),
        rng.pick([1, rng.symmetric()]),
      );
      const d = v3(
        rng.symmetric() * 10,
        rng.symmetric() * 10,
        rng.symmetric() * 10,
      );
      const len = Math.sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
      const normal = v3((0 - d.x) / len, (0 - d.y) / len, (0 - d.z) / len);
      expect(
        np.raycastAABB({ origin: start, direction: d }, unitBox()),
      ).toEqual({ distance: 0, point: start, normal });
      const end = v3(start.x + d.x, start.y + d.y, start.z + d.z);
      const h = np.linecastAABB(start, end, unitBox());
      expect(h.distance).toBe(0);
      expect(h.point).toEqual(start);
      // end - start rounds: the normal is -unit(end - start), within 1e-15 of -unit(d).
      for (const k of KEYS)
        expect(Math.abs(h.normal[k] - normal[k])).toBeLessThanOrEqual(1e-15);
    }
  });

  it("a sphere cast starting overlapping hits at 0 with center = start, the normal from the target to the start and point on the target", async () => {
    const np = await init();
    const rng = random(61);
    for (let n = 0; n < 300; n++) {
      const c = v3(
        rng.symmetric() * 5,
        rng.symmetric() * 5,
        rng.symmetric() * 5,
      );
      const start = v3(
        c.x + rng.symmetric(),
        c.y + rng.symmetric(),
        c.z + rng.symmetric(),
      );
      const m = v3(start.x - c.x, start.y - c.y, start.z - c.z);
      const len = Math.sqrt(m.x * m.x + m.y * m.y + m.z * m.z);
      const r2 = 1 + rng.unit();
      const h = np.sphereCastSphere(
        start,
        v3(rng.symmetric() * 9, 0, 0),
        1,
        ball(c, r2),
      );
      const normal = v3(m.x / len, m.y / len, m.z / len);
      expect(h).toEqual({
        distance: 0,
        fraction: 0,
        center: start,
        point: v3(
          c.x + normal.x * r2,
          c.y + normal.y * r2,
          c.z + normal.z * r2,
        ),
        normal,
        startedOverlapping: true,
      });
    }
    // Coincident centers: the negated unit direction.
    expect(
      np.sphereCastSphere(v3(1, 1, 1), v3(1, 1, -3), 1, ball(v3(1, 1, 1), 1))
        .normal,
    ).toEqual(v3(0, 0, 1));
  });

  it("a zero-length linecast or sphere cast is an overlap test: a hit at 0, or null", async () => {
    const np = await init();
    const rng = random(62);
    for (let n = 0; n < 500; n++) {
      const p = v3(
        rng.symmetric() * 2,
        rng.symmetric() * 2,
        rng.symmetric() * 2,
      );
      const inside = np.distancePointAABB(p, unitBox()) === 0;
      const line = np.linecastAABB(p, { ...p }, unitBox());
      if (inside) {
        expect(line.distance).toBe(0);
        expect(line.point).toEqual(p);
      } else {
        expect(line).toBe(null);
      }
      const r = rng.unit();
      const overlapping = Math.sqrt(p.x * p.x + p.y * p.y + p.z * p.z) <= r + 1;
      const cast = np.sphereCastSphere(p, { ...p }, r, ball(v3(0, 0, 0), 1));
      if (
        Math.abs(Math.sqrt(p.x * p.x + p.y * p.y + p.z * p.z) - (r + 1)) < 1e-12
      )
        continue; // boundary band
      if (overlapping) {
        expect(cast.distance).toBe(0);
        expect(cast.fraction).toBe(0);
        expect(cast.startedOverlapping).toBe(true);
        expect(cast.center).toEqual(p);
      } else {
        expect(cast).toBe(null);
      }
    }
  });

  it("degenerate but valid shapes work: radius 0, a flat box, halfSize 0", async () => {
    const np = await init();
    const flat = { min: v3(-1, 0, -1), max: v3(1, 0, 1) };
    const point = { min: v3(0, 0, 0), max: v3(0, 0, 0) };
    expect(np.closestPointOnAABB(v3(5, 5, 5), flat)).toEqual(v3(1, 0, 1));
    expect(np.distancePointAABB(v3(3, 4, 0), point)).toBe(5);
    expect(np.overlapSphereAABB(ball(v3(0, 0.5, 0), 0.5), flat)).toBe(true);
    expect(np.overlapSphereAABB(ball(v3(0, 0, 0), 0), point)).toBe(true);
    expect(np.overlapSphereAABB(ball(v3(0, 1e-100, 0), 0), point)).toBe(false);
    expect(
      np.raycastAABB(
        { origin: v3(0.5, 3, 0.5), direction: v3(0, -1, 0) },
        flat,
      ),
    ).toEqual({
      distance: 3,
      point: v3(0.5, 0, 0.5),
      normal: v3(0, 1, 0),
    });
    expect(np.linecastAABB(v3(-1, -1, -1), v3(1, 1, 1), point)).toEqual({
      distance: Math.sqrt(3),
      point: v3(0, 0, 0),
      normal: v3(-1, 0, 0), // a corner: x, the first axis, wins the tie
    });
    expect(
      np.overlapOBBOBB(obb([0, 0, 0], [0, 0, 0]), obb([0, 0, 0], [0, 0, 0])),
    ).toBe(true);
    expect(
      np.overlapOBBOBB(obb([0, 0, 0], [1, 0, 1]), obb([0, 1, 0], [0, 1, 0])),
    ).toBe(true);
    expect(
      np.sphereCastSphere(v3(-3, 0, 0), v3(3, 0, 0), 0, ball(v3(0, 0, 0), 1)),
    ).toEqual({
      distance: 2,
      fraction: 2 / 6,
      center: v3(-1, 0, 0),
      point: v3(-1, 0, 0),
      normal: v3(-1, 0, 0),
      startedOverlapping: false,
    });
  });

  it("normals never carry -0, whatever the signs of the inputs", async () => {
    const np = await init();
    const rng = random(63);
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      const signed = () => rng.pick([-0, 0, -1, 1, -0.5, 0.5, -3, 3]);
      const o = v3(signed(), signed(), signed());
      const d = v3(signed(), signed(), signed());
      if (d.x === 0 && d.y === 0 && d.z === 0) continue;
      const hits = [
        np.raycastAABB({ origin: o, direction: d }, unitBox()),
        np.linecastAABB(o, v3(o.x + d.x, o.y + d.y, o.z + d.z), unitBox()),
        np.linecastAABB(o, { ...o }, unitBox()),
        np.sphereCastSphere(
          o,
          v3(o.x + d.x, o.y + d.y, o.z + d.z),
          rng.pick([0, 0.5]),
          ball(v3(signed(), signed(), -0), rng.pick([0, 1])),
        ),
        np.sphereCastSphere(o, { ...o }, 1, ball({ ...o }, 0)),
      ];
      for (const h of hits) {
        if (h === null) continue;
        expectNoNegativeZero(h.normal);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
    // Identity-rotated OBBs with -0 centers still answer as plain boxes.
    const m = randomRotation(rng);
    expect(
      np.overlapOBBOBB(
        obb([-0, -0, -0], [1, 1, 1], m),
        obb([0, 0, 0], [1, 1, 1], m),
      ),
    ).toBe(true);
  });
});

function arrOf(v) {
  return [v.x, v.y, v.z];
}
