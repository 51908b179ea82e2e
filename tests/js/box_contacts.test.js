// The box contacts (contactAABB*, contactOBB*) against the real WASM module, with three.js objects as inputs
// and targets: hand-computed exact contacts over axes and signs (a face overlap, equal boxes, a rotated box's
// edge on a face, a triangle over or through a box or in its center's plane, a plane of any normal length),
// `null` exactly when the overlap test says no (seeded, touching and one ulp apart), the minimum-translation
// property (moved by normal * depth + 1e-6 the box is apart, by normal * depth - 1e-6 it still overlaps;
// pointA on a, pointB on b), an identity OBB equal to the AABB bit for bit, target reuse, and bad input naming
// the function, argument and field.
import { Box3, Matrix3, Plane, Triangle, Vector3 } from "three";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  SIGNS,
  THREE_SHAPES,
  expectError,
  expectNoNegativeZero,
  len,
  near,
  nextUp,
  onAxes,
  plain,
  random,
  randomThreeOBB,
  randomVector3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

/** The box spanned by two corners given on mapped axes (min and max sorted again). */
const boxOn = (axis, sign, lo, hi) =>
  new Box3().setFromPoints([
    onAxes(axis, sign, ...lo),
    onAxes(axis, sign, ...hi),
  ]);
const moved = (shape, n, t) => {
  const s = shape.clone();
  if (s instanceof Box3) return s.translate(n.clone().multiplyScalar(t));
  s.center.addScaledVector(n, t);
  return s;
};
/** plain() with -0 made +0 (a normal never carries -0). */
const unsigned = (v) => plain(v.clone().addScalar(0));
const unitBox = () => new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
const C = Math.SQRT1_2;
/** The unit cube turned 45 degrees about z, centered at (0, y, 0). */
const turned = (y) =>
  new OBB(
    new Vector3(0, y, 0),
    new Vector3(1, 1, 1),
    new Matrix3().set(C, -C, 0, C, C, 0, 0, 0, 1),
  );

describe("exact contacts", () => {
  it("two AABBs: the least face overlap, the middle of the faces' overlap; touching is depth 0, an ulp apart null; equal boxes leave along -x", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const a = boxOn(axis, sign, [0, 0, 0], [2, 2, 2]);
        const b = boxOn(axis, sign, [1.5, -1, 0.5], [4, 3, 3]);
        const h = np.contactAABBAABB(a, b);
        expect(h.depth).toBe(0.5);
        expect(plain(h.normal)).toEqual(plain(onAxes(axis, sign, -1, 0, 0)));
        expectNoNegativeZero(h.normal);
        expect(plain(h.pointB)).toEqual(
          plain(onAxes(axis, sign, 1.5, 1, 1.25)),
        );
        expect(plain(h.pointA)).toEqual(plain(onAxes(axis, sign, 2, 1, 1.25)));
        const touching = boxOn(axis, sign, [2, -1, 0.5], [4, 3, 3]);
        expect(np.contactAABBAABB(a, touching).depth).toBe(0);
        const apart = boxOn(axis, sign, [nextUp(2), -1, 0.5], [4, 3, 3]);
        expect(np.contactAABBAABB(a, apart)).toBe(null);
      }
    }
    const same = np.contactAABBAABB(unitBox(), unitBox());
    expect(same).toEqual({
      depth: 2,
      normal: { x: -1, y: 0, z: 0 },
      pointA: { x: 1, y: 0, z: 0 },
      pointB: { x: -1, y: 0, z: 0 },
    });
  });

  it("a rotated box's edge on a box's face: out along the face normal, from the edge's middle; the same as two OBBs", () => {
    for (const side of SIGNS) {
      const b = turned(2.3 * side);
      const h = np.contactAABBOBB(unitBox(), b);
      const bottom = 2.3 - Math.SQRT2;
      expect(Math.abs(h.depth - (1 - bottom))).toBeLessThan(1e-15);
      expect(plain(h.normal)).toEqual({ x: 0, y: -side, z: 0 });
      expect(near(h.pointB, { x: 0, y: bottom * side, z: 0 }, 1e-15)).toBe(
        true,
      );
      expect(near(h.pointA, { x: 0, y: side, z: 0 }, 1e-15)).toBe(true);
      const r = np.contactOBBOBB(
        b,
        new OBB(new Vector3(), new Vector3(1, 1, 1), new Matrix3()),
      );
      expect(Math.abs(r.depth - h.depth)).toBeLessThan(1e-15);
      expect(near(r.normal, { x: 0, y: side, z: 0 }, 1e-15)).toBe(true);
    }
  });

  it("a triangle: over the box (out on the center's side), through its center (along (b - a) x (c - a)), touching, an ulp apart", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const at = (h) =>
          new Triangle(
            onAxes(axis, sign, -4, h, -4),
            onAxes(axis, sign, 4, h, -4),
            onAxes(axis, sign, 0, h, 4),
          );
        const y = onAxes(axis, sign, 0, 1, 0);
        for (const height of [0.5, -0.5]) {
          const h = np.contactAABBTriangle(unitBox(), at(height));
          const out = height > 0 ? -1 : 1;
          expect(h.depth).toBe(0.5);
          expect(plain(h.normal)).toEqual(
            unsigned(y.clone().multiplyScalar(out)),
          );
          expect(plain(h.pointB)).toEqual(
            plain(onAxes(axis, sign, 0, height, 0)),
          );
          expect(plain(h.pointA)).toEqual(
            plain(onAxes(axis, sign, 0, -out, 0)),
          );
        }
        const t = at(0);
        const face = new Vector3()
          .subVectors(t.b, t.a)
          .cross(new Vector3().subVectors(t.c, t.a))
          .normalize();
        const h = np.contactAABBTriangle(unitBox(), t);
        expect(h.depth).toBe(1);
        expect(plain(h.normal)).toEqual(unsigned(face));
        const touching = np.contactAABBTriangle(unitBox(), at(1));
        expect(touching.depth).toBe(0);
        expect(plain(touching.normal)).toEqual(unsigned(y.clone().negate()));
        expect(np.contactAABBTriangle(unitBox(), at(nextUp(1)))).toBe(null);
      }
    }
  });

  it("a tilted triangle cutting a box's corner: out along its normal on the center's side, from the corner", () => {
    const third = 1 / Math.sqrt(3);
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        // The plane x + y + z = 2.5 cuts the corner (1, 1, 1) by 0.5 / sqrt 3; every box axis needs 5 or more.
        const t = new Triangle(
          onAxes(axis, sign, 10.5, -4, -4),
          onAxes(axis, sign, -4, 10.5, -4),
          onAxes(axis, sign, -4, -4, 10.5),
        );
        const h = np.contactAABBTriangle(unitBox(), t);
        expect(Math.abs(h.depth - 0.5 * third)).toBeLessThan(1e-15);
        expect(
          near(h.normal, onAxes(axis, sign, -third, -third, -third), 1e-15),
        ).toBe(true);
        expect(near(h.pointA, onAxes(axis, sign, 1, 1, 1), 4e-15)).toBe(true);
        expect(
          near(h.pointB, onAxes(axis, sign, 5 / 6, 5 / 6, 5 / 6), 4e-15),
        ).toBe(true);
      }
    }
  });

  it("a plane of any normal length: out on the center's side from the deepest face's center; centered, its own normal; touching, an ulp beyond", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        for (const length of [1, 2, 0.125]) {
          const y = onAxes(axis, sign, 0, 1, 0);
          const n = y.clone().multiplyScalar(length);
          let h = np.contactAABBPlane(unitBox(), new Plane(n, -0.5 * length));
          expect(h.depth).toBe(0.5);
          expect(plain(h.normal)).toEqual(unsigned(y.clone().negate()));
          expect(plain(h.pointA)).toEqual(plain(y));
          expect(plain(h.pointB)).toEqual(plain(y.clone().multiplyScalar(0.5)));
          h = np.contactAABBPlane(unitBox(), new Plane(n, 0));
          expect(h.depth).toBe(1);
          expect(plain(h.normal)).toEqual(plain(y));
          h = np.contactAABBPlane(unitBox(), new Plane(n, -length));
          expect(h.depth).toBe(0);
          expect(
            np.contactAABBPlane(unitBox(), new Plane(n, -nextUp(1) * length)),
          ).toBe(null);
        }
      }
    }
    // A rotated box's lowest edge 1 - sqrt 2 below y = 0: out upward.
    const h = np.contactOBBPlane(turned(1), new Plane(new Vector3(0, 2, 0), 0));
    expect(Math.abs(h.depth - (Math.SQRT2 - 1))).toBeLessThan(1e-15);
    expect(plain(h.normal)).toEqual({ x: 0, y: 1, z: 0 });
    expect(near(h.pointB, { x: 0, y: 0, z: 0 }, 1e-15)).toBe(true);
  });
});

/** Each pair: the box a, the shape b, and b's distance query (pointB must lie on b). */
const PAIRS = {
  AABBAABB: [THREE_SHAPES.AABB, THREE_SHAPES.AABB, "distancePointAABB"],
  AABBOBB: [THREE_SHAPES.AABB, randomThreeOBB, "distancePointOBB"],
  AABBTriangle: [
    THREE_SHAPES.AABB,
    THREE_SHAPES.Triangle,
    "distancePointTriangle",
  ],
  AABBPlane: [THREE_SHAPES.AABB, THREE_SHAPES.Plane, "distancePointPlane"],
  OBBOBB: [randomThreeOBB, randomThreeOBB, "distancePointOBB"],
  OBBTriangle: [randomThreeOBB, THREE_SHAPES.Triangle, "distancePointTriangle"],
  OBBPlane: [randomThreeOBB, THREE_SHAPES.Plane, "distancePointPlane"],
};

describe("seeded properties (contact == null iff !overlap; moved by normal * depth, touching)", () => {
  for (const [pair, [makeA, makeB, distanceB]] of Object.entries(PAIRS)) {
    it(`contact${pair}: null exactly when overlap${pair} is false; the minimum translation; pointA on a, pointB on b`, () => {
      const rng = random(1200 + pair.length);
      const contact = np[`contact${pair}`];
      const overlap = np[`overlap${pair}`];
      const distanceA = pair.startsWith("AABB")
        ? np.distancePointAABB
        : np.distancePointOBB;
      let hits = 0;
      for (let n = 0; n < 1000; n++) {
        const a = makeA(rng);
        const b = makeB(rng);
        const hit = contact(a, b);
        expect(hit === null, `n = ${n}`).toBe(!overlap(a, b));
        if (hit === null) continue;
        hits++;
        const normal = new Vector3().copy(hit.normal);
        expect(Math.abs(len(normal) - 1)).toBeLessThan(1e-15);
        expectNoNegativeZero(hit.normal);
        expect(hit.depth).toBeGreaterThanOrEqual(0);
        expect(distanceA(hit.pointA, a), `n = ${n}`).toBeLessThan(1e-9);
        expect(np[distanceB](hit.pointB, b), `n = ${n}`).toBeLessThan(1e-9);
        const ab = new Vector3().copy(hit.pointB).sub(hit.pointA);
        expect(near(ab, normal.clone().multiplyScalar(hit.depth), 1e-9)).toBe(
          true,
        );
        expect(overlap(moved(a, normal, hit.depth + 1e-6), b), `n = ${n}`).toBe(
          false,
        );
        if (hit.depth > 1e-6)
          expect(
            overlap(moved(a, normal, hit.depth - 1e-6), b),
            `n = ${n}`,
          ).toBe(true);
      }
      expect(hits).toBeGreaterThan(150);
    });
  }

  it("an OBB with the identity rotation is the AABB, bit for bit, against every shape", () => {
    const rng = random(1300);
    let hits = 0;
    for (let n = 0; n < 1500; n++) {
      // Dyadic centers and half sizes: the OBB's bounds are exact.
      const center = randomVector3(rng)
        .multiplyScalar(64)
        .round()
        .divideScalar(64);
      const half = new Vector3(rng.unit(), rng.unit(), rng.unit())
        .multiplyScalar(64)
        .round()
        .divideScalar(64);
      const obb = new OBB(center, half, new Matrix3());
      const box = new Box3(center.clone().sub(half), center.clone().add(half));
      const other = randomThreeOBB(rng);
      const t = THREE_SHAPES.Triangle(rng);
      const p = THREE_SHAPES.Plane(rng);
      const hit = np.contactOBBOBB(obb, other);
      expect(hit).toEqual(np.contactAABBOBB(box, other));
      expect(np.contactOBBTriangle(obb, t)).toEqual(
        np.contactAABBTriangle(box, t),
      );
      expect(np.contactOBBPlane(obb, p)).toEqual(np.contactAABBPlane(box, p));
      const twin = new OBB(other.center, other.halfSize, new Matrix3());
      const twinBox = new Box3(
        other.center.clone().sub(other.halfSize),
        other.center.clone().add(other.halfSize),
      );
      expect(np.contactAABBOBB(box, twin)).toEqual(
        np.contactAABBAABB(box, twinBox),
      );
      if (hit !== null) hits++;
    }
    expect(hits).toBeGreaterThan(300);
  });
});

describe("target", () => {
  it("fills a target of three.js vectors in place and returns it; leaves it untouched on null", () => {
    const target = {
      depth: -1,
      normal: new Vector3(),
      pointA: new Vector3(),
      pointB: new Vector3(),
    };
    const { normal, pointA, pointB } = target;
    const b = new Box3(new Vector3(0.5, -0.5, 0), new Vector3(3, 0.5, 2));
    expect(np.contactAABBAABB(unitBox(), b, target)).toBe(target);
    expect(target.normal).toBe(normal);
    expect(target.pointA).toBe(pointA);
    expect(target.pointB).toBe(pointB);
    expect(target.depth).toBe(0.5);
    expect(plain(normal)).toEqual({ x: -1, y: 0, z: 0 });
    expect(plain(pointA)).toEqual({ x: 1, y: 0, z: 0.5 });
    expect(plain(pointB)).toEqual({ x: 0.5, y: 0, z: 0.5 });
    const before = JSON.stringify(target);
    expect(
      np.contactOBBPlane(
        turned(0),
        new Plane(new Vector3(1, 0, 0), -5),
        target,
      ),
    ).toBe(null);
    expect(JSON.stringify(target)).toBe(before);
  });

  it("rejects bad input naming the function, argument and field, and keeps working", () => {
    const b = new Box3(new Vector3(0.5, -0.5, 0), new Vector3(3, 0.5, 2));
    expectError("contactAABBAABB", RangeError, "b.min.x", () =>
      np.contactAABBAABB(
        unitBox(),
        new Box3(new Vector3(4, 0, 0), new Vector3(3, 1, 1)),
      ),
    );
    expectError("contactAABBOBB", RangeError, "b.rotation", () =>
      np.contactAABBOBB(
        unitBox(),
        new OBB(
          new Vector3(),
          new Vector3(1, 1, 1),
          new Matrix3().set(2, 0, 0, 0, 1, 0, 0, 0, 1),
        ),
      ),
    );
    expectError("contactAABBTriangle", TypeError, "triangle.c", () =>
      np.contactAABBTriangle(unitBox(), { a: new Vector3(), b: new Vector3() }),
    );
    expectError("contactAABBPlane", RangeError, "plane.normal", () =>
      np.contactAABBPlane(unitBox(), new Plane(new Vector3(0, 0, 0), 1)),
    );
    expectError("contactOBBOBB", RangeError, "a.halfSize.y", () =>
      np.contactOBBOBB(
        new OBB(new Vector3(), new Vector3(1, -1, 1)),
        turned(0),
      ),
    );
    expectError("contactOBBTriangle", RangeError, "triangle.b.y", () =>
      np.contactOBBTriangle(turned(0), {
        a: new Vector3(),
        b: new Vector3(0, NaN, 0),
        c: new Vector3(),
      }),
    );
    expectError("contactOBBPlane", TypeError, "box.center.x", () =>
      np.contactOBBPlane(
        { ...turned(0), center: {} },
        new Plane(new Vector3(0, 1, 0), 0),
      ),
    );
    expect(np.contactAABBAABB(unitBox(), b).depth).toBe(0.5);
  });
});
