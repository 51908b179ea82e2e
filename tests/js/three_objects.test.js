// three.js objects fit as they are (API.md "Shapes are plain objects, and three.js objects fit"): Vector3, Box3,
// Sphere, Ray, Line3 and OBB (three/examples/jsm/math/OBB.js) go straight into the real WASM module, and a
// passed `target` (a plain object or a three.js Vector3) is filled and returned, the three.js convention.
import {
  Box3,
  Euler,
  Line3,
  Matrix3,
  Matrix4,
  Quaternion,
  Ray,
  Sphere,
  Vector3,
} from "three";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { AXES, KEYS, SIGNS, random } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const unitBox3 = () => new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
const plain = (v) => ({ x: v.x, y: v.y, z: v.z });

describe("three.js shapes as inputs", () => {
  it("takes a Vector3 and a Box3 for closestPointOnAABB and distancePointAABB, agreeing with Box3 bit for bit", () => {
    const rng = random(50);
    for (let n = 0; n < 500; n++) {
      const min = new Vector3(
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      );
      const b = new Box3(
        min,
        min.clone().add(new Vector3(rng.unit(), rng.unit(), rng.unit())),
      );
      const p = new Vector3(
        rng.symmetric() * 3,
        rng.symmetric() * 3,
        rng.symmetric() * 3,
      );
      // Box3 clamps the same way and measures with sqrt(dx^2 + dy^2 + dz^2): the same doubles.
      expect(np.closestPointOnAABB(p, b)).toEqual(
        plain(b.clampPoint(p, new Vector3())),
      );
      expect(np.distancePointAABB(p, b)).toBe(b.distanceToPoint(p));
    }
  });

  it("takes a Sphere and a Box3 for overlapSphereAABB, agreeing with Box3.intersectsSphere", () => {
    const rng = random(51);
    for (let n = 0; n < 500; n++) {
      const s = new Sphere(
        new Vector3(
          rng.symmetric() * 3,
          rng.symmetric() * 3,
          rng.symmetric() * 3,
        ),
        rng.unit() * 2,
      );
      // Box3.intersectsSphere compares squared distances with <=, exactly as the core does.
      expect(np.overlapSphereAABB(s, unitBox3())).toBe(
        unitBox3().intersectsSphere(s),
      );
    }
    expect(
      np.overlapSphereAABB(new Sphere(new Vector3(4, 5, 0), 5), unitBox3()),
    ).toBe(true);
  });

  it("takes a Ray and a Box3 for raycastAABB, hitting where Ray.intersectBox does from outside", () => {
    const rng = random(52);
    let hits = 0;
    for (let n = 0; n < 500; n++) {
      const origin = new Vector3(
        rng.symmetric() * 5,
        rng.symmetric() * 5,
        rng.symmetric() * 5,
      );
      if (unitBox3().containsPoint(origin)) continue; // three.js reports the exit point from inside
      const r = new Ray(
        origin,
        new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric())
          .sub(origin)
          .normalize(),
      );
      const ours = np.raycastAABB(r, unitBox3());
      const theirs = r.intersectBox(unitBox3(), new Vector3());
      if (theirs === null || ours === null) {
        expect(ours === null).toBe(theirs === null);
        continue;
      }
      hits++;
      // three.js multiplies by 1 / d instead of dividing: a few roundings apart (1e-12).
      expect(ours.distance).toBeCloseTo(origin.distanceTo(theirs), 12);
      for (const k of KEYS) expect(ours.point[k]).toBeCloseTo(theirs[k], 12);
    }
    expect(hits).toBeGreaterThan(100);
  });

  it("takes the start and end of a Line3 for linecastAABB", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const line = new Line3(
          new Vector3().setComponent(axis, -5 * sign),
          new Vector3().setComponent(axis, 5 * sign),
        );
        const h = np.linecastAABB(line.start, line.end, unitBox3());
        expect(h.distance).toBe(4);
        expect(h.point).toEqual(plain(new Vector3().setComponent(axis, -sign)));
        expect(h.normal).toEqual(
          plain(new Vector3().setComponent(axis, -sign)),
        );
        expect(line.at(h.distance / line.distance(), new Vector3())).toEqual(
          new Vector3().setComponent(axis, -sign),
        );
      }
    }
  });

  it("takes Vector3 points and a Sphere target for sphereCastSphere", () => {
    const h = np.sphereCastSphere(
      new Vector3(-5, 0, 0),
      new Vector3(5, 0, 0),
      1,
      new Sphere(new Vector3(), 1),
    );
    expect(h).toEqual({
      distance: 3,
      fraction: 0.3,
      center: { x: -2, y: 0, z: 0 },
      point: { x: -1, y: 0, z: 0 },
      normal: { x: -1, y: 0, z: 0 },
      startedOverlapping: false,
    });
  });
});

describe("three.js OBB", () => {
  it("is accepted as it is, axis-aligned and made from a Box3", () => {
    const a = new OBB(new Vector3(0, 0, 0), new Vector3(1, 1, 1));
    const b = new OBB().fromBox3(
      new Box3(new Vector3(1, -1, -1), new Vector3(3, 1, 1)),
    );
    expect(np.overlapOBBOBB(a, b)).toBe(true); // touching faces
    b.center.x += 1e-9;
    expect(np.overlapOBBOBB(a, b)).toBe(false);
    expect(np.separatingAxisOBBOBB(a, b)).toBe(0);
  });

  it("accepts a rotation from a Quaternion through Matrix4 -> Matrix3, and from an Euler", () => {
    // A unit cube turned 45° about z reaches sqrt(2) along x.
    const q = new Quaternion().setFromAxisAngle(
      new Vector3(0, 0, 1),
      Math.PI / 4,
    );
    const fromQuaternion = new Matrix3().setFromMatrix4(
      new Matrix4().makeRotationFromQuaternion(q),
    );
    const fromEuler = new Matrix3().setFromMatrix4(
      new Matrix4().makeRotationFromEuler(new Euler(0, 0, Math.PI / 4)),
    );
    for (const rotation of [fromQuaternion, fromEuler]) {
      const turned = new OBB(
        new Vector3(0, 0, 0),
        new Vector3(1, 1, 1),
        rotation,
      );
      const near = new OBB(
        new Vector3(1 + Math.SQRT2 - 0.01, 0, 0),
        new Vector3(1, 1, 1),
      );
      const far = new OBB(
        new Vector3(1 + Math.SQRT2 + 0.01, 0, 0),
        new Vector3(1, 1, 1),
      );
      expect(np.overlapOBBOBB(turned, near)).toBe(true);
      expect(np.overlapOBBOBB(turned, far)).toBe(false);
      expect(np.separatingAxisOBBOBB(turned, far)).toBe(3); // B.x
    }
  });

  it("accepts an OBB moved by OBB.applyMatrix4 and a rotation rounded through float32", () => {
    const obb = new OBB(new Vector3(), new Vector3(1, 2, 3));
    const q = new Quaternion().setFromEuler(new Euler(0.3, -1.1, 2.5));
    obb.applyMatrix4(
      new Matrix4().compose(new Vector3(10, 0, 0), q, new Vector3(1, 1, 1)),
    );
    const other = new OBB(new Vector3(10, 0, 0), new Vector3(0.5, 0.5, 0.5));
    expect(np.overlapOBBOBB(obb, other)).toBe(true);
    // float32 elements (as from a Float32Array attribute) are orthonormal to ~1e-7, inside the 1e-6 tolerance.
    const rounded = new OBB(
      obb.center.clone(),
      obb.halfSize.clone(),
      new Matrix3().fromArray(
        Array.from(new Float32Array(obb.rotation.elements)),
      ),
    );
    expect(np.overlapOBBOBB(rounded, other)).toBe(true);
  });

  it("rejects an OBB whose rotation Matrix3 carries a scale, naming the rotation", () => {
    const scaled = new OBB(
      new Vector3(),
      new Vector3(1, 1, 1),
      new Matrix3().setFromMatrix4(new Matrix4().makeScale(2, 1, 1)),
    );
    expect(() => np.overlapOBBOBB(scaled, new OBB())).toThrow(RangeError);
    expect(() => np.overlapOBBOBB(scaled, new OBB())).toThrow(
      /^overlapOBBOBB: a\.rotation /,
    );
  });

  it("agrees with three.js's own OBB.intersectsOBB for random rotated boxes away from touching", () => {
    const rng = random(53);
    let compared = 0;
    for (let n = 0; n < 1000; n++) {
      const make = () => {
        const q = new Quaternion(
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
        ).normalize();
        return new OBB(
          new Vector3(
            rng.symmetric() * 2,
            rng.symmetric() * 2,
            rng.symmetric() * 2,
          ),
          new Vector3(rng.range(0.1, 1), rng.range(0.1, 1), rng.range(0.1, 1)),
          new Matrix3().setFromMatrix4(
            new Matrix4().makeRotationFromQuaternion(q),
          ),
        );
      };
      const a = make(),
        b = make();
      const theirs = a.intersectsOBB(b);
      // Shrunk and grown by 1e-6 the answer must not change, or the pair is too close to touching to compare.
      const grow = (o, k) =>
        new OBB(o.center, o.halfSize.clone().multiplyScalar(k), o.rotation);
      if (
        grow(a, 1 - 1e-6).intersectsOBB(grow(b, 1 - 1e-6)) !== theirs ||
        grow(a, 1 + 1e-6).intersectsOBB(grow(b, 1 + 1e-6)) !== theirs
      )
        continue;
      expect(np.overlapOBBOBB(a, b)).toBe(theirs);
      compared++;
    }
    expect(compared).toBeGreaterThan(900);
  });
});

describe("target objects are filled and returned", () => {
  it("closestPointOnAABB fills a passed Vector3 and returns that same Vector3", () => {
    const target = new Vector3(9, 9, 9);
    const out = np.closestPointOnAABB(
      new Vector3(3, 0.5, -4),
      unitBox3(),
      target,
    );
    expect(out).toBe(target);
    expect(out).toBeInstanceOf(Vector3);
    expect(plain(target)).toEqual({ x: 1, y: 0.5, z: -1 });
    // Reused: the next call overwrites it.
    expect(
      np.closestPointOnAABB(new Vector3(-7, -0.25, 0), unitBox3(), target),
    ).toBe(target);
    expect(plain(target)).toEqual({ x: -1, y: -0.25, z: 0 });
    // A plain object works the same way.
    const obj = {};
    expect(np.closestPointOnAABB({ x: 0, y: 5, z: 0 }, unitBox3(), obj)).toBe(
      obj,
    );
    expect(obj).toEqual({ x: 0, y: 1, z: 0 });
  });

  it("raycastAABB and linecastAABB fill a reused hit target, keep its point and normal objects, and return null on a miss", () => {
    const target = {
      distance: -1,
      point: new Vector3(),
      normal: new Vector3(),
    };
    const { point, normal } = target;
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const ray = new Ray(
          new Vector3().setComponent(axis, -5 * sign),
          new Vector3().setComponent(axis, sign),
        );
        const out = np.raycastAABB(ray, unitBox3(), Infinity, target);
        expect(out).toBe(target);
        expect(out.point).toBe(point); // the caller's Vector3s are filled, not replaced
        expect(out.normal).toBe(normal);
        expect(out.distance).toBe(4);
        expect(plain(point)).toEqual(
          plain(new Vector3().setComponent(axis, -sign)),
        );
        expect(plain(normal)).toEqual(
          plain(new Vector3().setComponent(axis, -sign)),
        );
        const line = np.linecastAABB(
          new Vector3().setComponent(axis, 3 * sign),
          new Vector3().setComponent(axis, -3 * sign),
          unitBox3(),
          target,
        );
        expect(line).toBe(target);
        expect(line.point).toBe(point);
        expect(target.distance).toBe(2);
        expect(plain(normal)).toEqual(
          plain(new Vector3().setComponent(axis, sign)),
        );
        // A miss returns null (never undefined) and leaves the target as it was.
        const miss = np.raycastAABB(
          new Ray(ray.origin, ray.direction.clone().negate()),
          unitBox3(),
          Infinity,
          target,
        );
        expect(miss).toBe(null);
        expect(
          np.linecastAABB(
            new Vector3(5, 5, 5),
            new Vector3(6, 6, 6),
            unitBox3(),
            target,
          ),
        ).toBe(null);
        expect(target.distance).toBe(2);
      }
    }
  });

  it("fills an empty object as a hit target with fresh point and normal objects", () => {
    const target = {};
    const out = np.raycastAABB(
      new Ray(new Vector3(0, 5, 0), new Vector3(0, -1, 0)),
      unitBox3(),
      10,
      target,
    );
    expect(out).toBe(target);
    expect(target).toEqual({
      distance: 4,
      point: { x: 0, y: 1, z: 0 },
      normal: { x: 0, y: 1, z: 0 },
    });
  });

  it("sphereCastSphere fills a reused result with Vector3 fields, and returns null on a miss", () => {
    const result = {
      center: new Vector3(),
      point: new Vector3(),
      normal: new Vector3(),
    };
    const { center, point, normal } = result;
    const target = new Sphere(new Vector3(), 1);
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const start = new Vector3().setComponent(axis, -5 * sign);
        const out = np.sphereCastSphere(
          start,
          start.clone().negate(),
          1,
          target,
          result,
        );
        expect(out).toBe(result);
        expect([out.center, out.point, out.normal]).toEqual([
          center,
          point,
          normal,
        ]);
        expect(out.center).toBe(center);
        expect(out.point).toBe(point);
        expect(out.normal).toBe(normal);
        expect(out.distance).toBe(3);
        expect(out.fraction).toBe(0.3);
        expect(out.startedOverlapping).toBe(false);
        expect(plain(center)).toEqual(
          plain(new Vector3().setComponent(axis, -2 * sign)),
        );
        expect(plain(normal)).toEqual(
          plain(new Vector3().setComponent(axis, -sign)),
        );
        expect(
          np.sphereCastSphere(
            start,
            start.clone().multiplyScalar(2),
            1,
            target,
            result,
          ),
        ).toBe(null);
        expect(result.distance).toBe(3);
      }
    }
    // Started overlapping: the flag flips on the reused result.
    np.sphereCastSphere(
      new Vector3(0.5, 0, 0),
      new Vector3(3, 0, 0),
      1,
      target,
      result,
    );
    expect(result.startedOverlapping).toBe(true);
    expect(result.distance).toBe(0);
  });

  it("returns a new plain object on every call without a target, never aliasing an earlier result", () => {
    const box = unitBox3();
    const first = np.raycastAABB(
      new Ray(new Vector3(-5, 0, 0), new Vector3(1, 0, 0)),
      box,
    );
    const second = np.raycastAABB(
      new Ray(new Vector3(0, 7, 0), new Vector3(0, -1, 0)),
      box,
    );
    expect(first).not.toBe(second);
    expect(first).toEqual({
      distance: 4,
      point: { x: -1, y: 0, z: 0 },
      normal: { x: -1, y: 0, z: 0 },
    });
    expect(second).toEqual({
      distance: 6,
      point: { x: 0, y: 1, z: 0 },
      normal: { x: 0, y: 1, z: 0 },
    });
    const p1 = np.closestPointOnAABB(new Vector3(5, 5, 5), box);
    const p2 = np.closestPointOnAABB(new Vector3(-5, -5, -5), box);
    expect(p1).toEqual({ x: 1, y: 1, z: 1 });
    expect(p2).toEqual({ x: -1, y: -1, z: -1 });
  });
});
