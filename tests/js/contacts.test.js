// The sphere contacts (contactSphere*) against the real WASM module, with three.js objects as inputs and
// targets: hand-computed exact contacts over axes and signs, `null` exactly when the overlap test says no
// (seeded, touching and one ulp short), the minimum-translation property of EDGE_CASES.md (moved by
// normal * depth the sphere touches b, by a little more it is apart, measured with the distance queries),
// target reuse, and bad input naming the function, argument and field.
import {
  Box3,
  Matrix3,
  Plane,
  Quaternion,
  Matrix4,
  Sphere,
  Triangle,
  Vector3,
} from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { AXES, SIGNS, expectError, nextDown, random } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const plain = (v) => ({ x: v.x, y: v.y, z: v.z });
/** (x, y, z) with axis 0 mapped to `axis` and every component times `sign` (a cyclic permutation). */
const onAxes = (axis, sign, x, y, z) => {
  const out = [0, 0, 0];
  out[axis] = x * sign;
  out[(axis + 1) % 3] = y * sign;
  out[(axis + 2) % 3] = z * sign;
  return new Vector3(out[0] + 0, out[1] + 0, out[2] + 0);
};
const len = (v) => Math.hypot(v.x, v.y, v.z);
const near = (a, b, tol) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) <= tol;

/** For each shape: its contact, overlap and distance queries and a seeded random instance (three.js). */
const SHAPES = {
  Sphere: {
    random: (rng) =>
      new Sphere(
        new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric()),
        rng.unit(),
      ),
  },
  Capsule: {
    random: (rng) =>
      new Capsule(
        new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric()),
        new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric()),
        rng.unit() * 0.5,
      ),
  },
  AABB: {
    random: (rng) => {
      const min = new Vector3(
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      );
      return new Box3(
        min,
        min.clone().add(new Vector3(rng.unit(), rng.unit(), rng.unit())),
      );
    },
  },
  OBB: {
    random: (rng) => {
      const q = new Quaternion(
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      ).normalize();
      return new OBB(
        new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric()),
        new Vector3(rng.unit(), rng.unit(), rng.unit()),
        new Matrix3().setFromMatrix4(
          new Matrix4().makeRotationFromQuaternion(q),
        ),
      );
    },
  },
  Triangle: {
    random: (rng) =>
      new Triangle(
        new Vector3(
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
        ).multiplyScalar(1.5),
        new Vector3(
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
        ).multiplyScalar(1.5),
        new Vector3(
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
        ).multiplyScalar(1.5),
      ),
  },
  Plane: {
    random: (rng) =>
      new Plane(
        new Vector3(
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
        ).multiplyScalar(3),
        rng.symmetric(),
      ),
  },
};
const distance = (name, p, b) =>
  name === "Sphere"
    ? np.distancePointSphere(p, b)
    : name === "AABB"
      ? np.distancePointAABB(p, b)
      : np[`distancePoint${name}`](p, b);

describe("exact contacts", () => {
  it("gives API.md's sphere-sphere example on every axis and sign, and +y for coincident centers", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const hit = np.contactSphereSphere(
          new Sphere(new Vector3(0, 0, 0), 1),
          new Sphere(onAxes(axis, sign, 1.5, 0, 0), 1),
        );
        expect(hit).toEqual({
          depth: 0.5,
          normal: plain(onAxes(axis, sign, -1, 0, 0)),
          pointA: plain(onAxes(axis, sign, 1, 0, 0)),
          pointB: plain(onAxes(axis, sign, 0.5, 0, 0)),
        });
      }
    }
    const c = new Vector3(1, -2, 3);
    expect(np.contactSphereSphere(new Sphere(c, 2), new Sphere(c, 1))).toEqual({
      depth: 3,
      normal: { x: 0, y: 1, z: 0 },
      pointA: { x: 1, y: -4, z: 3 },
      pointB: { x: 1, y: -1, z: 3 },
    });
  });

  it("is null exactly when the overlap test is: touching (3-4-5) has depth 0, one ulp short is null", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const a = new Sphere(onAxes(axis, sign, 1, 1, 7), 2);
        const b = new Sphere(onAxes(axis, sign, 4, 5, 7), 3);
        const hit = np.contactSphereSphere(a, b);
        expect(hit.depth).toBe(0);
        expect(hit.normal).toEqual(plain(onAxes(axis, sign, -0.6, -0.8, 0)));
        expect(
          np.contactSphereSphere(a, new Sphere(b.center, nextDown(3))),
        ).toBe(null);
        // A box edge (1, 1, z) touched from (4, 5, z), radius 5; a capsule's end (2, 0, 0) from (5, 4, 0).
        const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
        const center = onAxes(axis, sign, 4, 5, 0.5);
        expect(np.contactSphereAABB(new Sphere(center, 5), box)).toEqual({
          depth: 0,
          normal: plain(onAxes(axis, sign, 0.6, 0.8, 0)),
          pointA: plain(onAxes(axis, sign, 1, 1, 0.5)),
          pointB: plain(onAxes(axis, sign, 1, 1, 0.5)),
        });
        expect(np.contactSphereAABB(new Sphere(center, nextDown(5)), box)).toBe(
          null,
        );
        const capsule = new Capsule(
          onAxes(axis, sign, -2, 0, 0),
          onAxes(axis, sign, 2, 0, 0),
          1,
        );
        expect(
          np.contactSphereCapsule(
            new Sphere(onAxes(axis, sign, 5, 4, 0), 4),
            capsule,
          ).depth,
        ).toBe(0);
        expect(
          np.contactSphereCapsule(
            new Sphere(onAxes(axis, sign, 5, 4, 0), nextDown(4)),
            capsule,
          ),
        ).toBe(null);
      }
    }
  });

  it("takes the shortest way out of a box, not the direction to its center", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        expect(
          np.contactSphereAABB(
            new Sphere(onAxes(axis, sign, 0.5, 0.125, 0), 0.25),
            box,
          ),
        ).toEqual({
          depth: 0.75,
          normal: plain(onAxes(axis, sign, 1, 0, 0)),
          pointA: plain(onAxes(axis, sign, 0.25, 0.125, 0)),
          pointB: plain(onAxes(axis, sign, 1, 0.125, 0)),
        });
      }
    }
    // The same inside a three.js OBB turned a quarter about z (its local x is world y).
    const obb = new OBB(
      new Vector3(10, 0, 0),
      new Vector3(1, 2, 3),
      new Matrix3().set(0, -1, 0, 1, 0, 0, 0, 0, 1),
    );
    expect(
      np.contactSphereOBB(new Sphere(new Vector3(10.5, 0.75, 0), 0.5), obb),
    ).toEqual({
      depth: 0.75,
      normal: { x: 0, y: 1, z: 0 },
      pointA: { x: 10.5, y: 0.25, z: 0 },
      pointB: { x: 10.5, y: 1, z: 0 },
    });
  });

  it("faces the center's side of a thin triangle or plane, and a center on it gets the face normal", () => {
    const t = new Triangle(
      new Vector3(0, 0, 0),
      new Vector3(4, 0, 0),
      new Vector3(0, 4, 0),
    );
    const reversed = new Triangle(t.a, t.c, t.b);
    const plane = new Plane(new Vector3(0, 0, 2), -2); // z = 1
    for (const side of SIGNS) {
      expect(
        np.contactSphereTriangle(
          new Sphere(new Vector3(1, 1, 0.5 * side), 1),
          t,
        ),
      ).toEqual({
        depth: 0.5,
        normal: { x: 0, y: 0, z: side },
        pointA: { x: 1, y: 1, z: -0.5 * side },
        pointB: { x: 1, y: 1, z: 0 },
      });
      expect(
        np.contactSpherePlane(
          new Sphere(new Vector3(1, 3, 1 + 0.5 * side), 1),
          plane,
        ),
      ).toEqual({
        depth: 0.5,
        normal: { x: 0, y: 0, z: side },
        pointA: { x: 1, y: 3, z: 1 - 0.5 * side },
        pointB: { x: 1, y: 3, z: 1 },
      });
    }
    const onT = new Sphere(new Vector3(1, 2, 0), 0.75);
    expect(np.contactSphereTriangle(onT, t).normal).toEqual({
      x: 0,
      y: 0,
      z: 1,
    });
    expect(np.contactSphereTriangle(onT, reversed).normal).toEqual({
      x: 0,
      y: 0,
      z: -1,
    });
    expect(np.contactSphereTriangle(onT, t).depth).toBe(0.75);
    const onPlane = np.contactSpherePlane(
      new Sphere(new Vector3(5, -5, 1), 2),
      plane,
    );
    expect(onPlane).toEqual({
      depth: 2,
      normal: { x: 0, y: 0, z: 1 },
      pointA: { x: 5, y: -5, z: -1 },
      pointB: { x: 5, y: -5, z: 1 },
    });
  });

  it("gives a center on a capsule's axis the part of +y perpendicular to it (+x along y), never NaN", () => {
    expect(
      np.contactSphereCapsule(
        new Sphere(new Vector3(1, 0, 0), 0.5),
        new Capsule(new Vector3(-2, 0, 0), new Vector3(2, 0, 0), 1),
      ),
    ).toEqual({
      depth: 1.5,
      normal: { x: 0, y: 1, z: 0 },
      pointA: { x: 1, y: -0.5, z: 0 },
      pointB: { x: 1, y: 1, z: 0 },
    });
    const alongY = np.contactSphereCapsule(
      new Sphere(new Vector3(0, 1, 0), 1),
      new Capsule(new Vector3(0, -3, 0), new Vector3(0, 2, 0), 0.25),
    );
    expect(alongY.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(alongY.depth).toBe(1.25);
  });
});

describe("seeded properties (EDGE_CASES.md: contact == null iff !overlap; moved by normal * depth, touching)", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`contactSphere${name}: null exactly when overlapSphere${name} is false; the minimum translation`, () => {
      const rng = random(700 + name.length);
      const contact = np[`contactSphere${name}`];
      const overlap = np[`overlapSphere${name}`];
      let hits = 0;
      for (let n = 0; n < 2000; n++) {
        const s = new Sphere(
          new Vector3(
            rng.symmetric(),
            rng.symmetric(),
            rng.symmetric(),
          ).multiplyScalar(2),
          rng.unit() * 1.5,
        );
        const b = shape.random(rng);
        const hit = contact(s, b);
        expect(hit === null, `n = ${n}`).toBe(!overlap(s, b));
        if (hit === null) continue;
        hits++;
        expect(Math.abs(len(hit.normal) - 1)).toBeLessThan(1e-15);
        expect(hit.depth).toBeGreaterThanOrEqual(0);
        const pa = s.center
          .clone()
          .addScaledVector(new Vector3().copy(hit.normal), -s.radius);
        expect(near(hit.pointA, pa, 1e-12)).toBe(true);
        const ab = new Vector3().copy(hit.pointB).sub(hit.pointA);
        expect(
          near(
            ab,
            new Vector3().copy(hit.normal).multiplyScalar(hit.depth),
            1e-12,
          ),
        ).toBe(true);
        expect(distance(name, hit.pointB, b)).toBeLessThanOrEqual(1e-12);
        const moved = s.center
          .clone()
          .addScaledVector(new Vector3().copy(hit.normal), hit.depth);
        expect(
          Math.abs(distance(name, moved, b) - s.radius),
          `n = ${n}`,
        ).toBeLessThan(1e-9);
        const beyond = s.center
          .clone()
          .addScaledVector(new Vector3().copy(hit.normal), hit.depth + 1e-6);
        expect(overlap(new Sphere(beyond, s.radius), b)).toBe(false);
      }
      expect(hits).toBeGreaterThan(200);
    });
  }

  it("contactSphereSphere is antisymmetric: swapping the spheres negates the normal, same depth", () => {
    const rng = random(77);
    for (let n = 0; n < 2000; n++) {
      const a = SHAPES.Sphere.random(rng);
      const b = SHAPES.Sphere.random(rng);
      const ab = np.contactSphereSphere(a, b);
      const ba = np.contactSphereSphere(b, a);
      expect(ab === null).toBe(ba === null);
      if (ab === null) continue;
      expect(Math.abs(ab.depth - ba.depth)).toBeLessThanOrEqual(1e-15);
      expect(
        near(
          ab.normal,
          { x: -ba.normal.x, y: -ba.normal.y, z: -ba.normal.z },
          1e-15,
        ),
      ).toBe(true);
    }
  });

  it("contactSphereOBB with an identity rotation is contactSphereAABB, bit for bit", () => {
    const rng = random(78);
    for (let n = 0; n < 2000; n++) {
      const s = new Sphere(
        new Vector3(
          rng.symmetric(),
          rng.symmetric(),
          rng.symmetric(),
        ).multiplyScalar(2),
        rng.unit(),
      );
      const c = new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric());
      const h = new Vector3(rng.unit(), rng.unit(), rng.unit());
      const box = new Box3(c.clone().sub(h), c.clone().add(h));
      expect(np.contactSphereOBB(s, new OBB(c, h))).toEqual(
        np.contactSphereAABB(s, box),
      );
    }
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
    const a = new Sphere(new Vector3(0, 0, 0), 1);
    expect(
      np.contactSphereSphere(a, new Sphere(new Vector3(0, 1.5, 0), 1), target),
    ).toBe(target);
    expect(target.normal).toBe(normal);
    expect(target.pointA).toBe(pointA);
    expect(target.pointB).toBe(pointB);
    expect(target.depth).toBe(0.5);
    expect(normal).toBeInstanceOf(Vector3);
    expect(plain(normal)).toEqual({ x: 0, y: -1, z: 0 });
    expect(plain(pointA)).toEqual({ x: 0, y: 1, z: 0 });
    expect(plain(pointB)).toEqual({ x: 0, y: 0.5, z: 0 });
    // Reused: the next contact overwrites it; a miss leaves it as it was.
    expect(
      np.contactSpherePlane(a, new Plane(new Vector3(1, 0, 0), -0.75), target),
    ).toBe(target);
    expect(target.depth).toBe(0.25);
    expect(plain(normal)).toEqual({ x: -1, y: 0, z: 0 });
    const before = JSON.stringify(target);
    expect(
      np.contactSpherePlane(a, new Plane(new Vector3(1, 0, 0), -5), target),
    ).toBe(null);
    expect(JSON.stringify(target)).toBe(before);
  });

  it("rejects bad input naming the function, argument and field, and keeps working", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    expectError("contactSphereAABB", RangeError, "sphere.radius", () =>
      np.contactSphereAABB(new Sphere(new Vector3(), -1), box),
    );
    expectError("contactSphereAABB", RangeError, "box", () =>
      np.contactSphereAABB(new Sphere(new Vector3(), 1), new Box3()),
    );
    expectError("contactSpherePlane", RangeError, "plane.normal", () =>
      np.contactSpherePlane(
        new Sphere(new Vector3(), 1),
        new Plane(new Vector3(0, 0, 0), 1),
      ),
    );
    expectError("contactSphereTriangle", TypeError, "triangle.c", () =>
      np.contactSphereTriangle(new Sphere(new Vector3(), 1), {
        a: new Vector3(),
        b: new Vector3(),
      }),
    );
    expectError("contactSphereSphere", TypeError, "target.pointB", () =>
      np.contactSphereSphere(
        new Sphere(new Vector3(), 1),
        new Sphere(new Vector3(), 1),
        {
          depth: 0,
          normal: new Vector3(),
          pointA: new Vector3(),
          pointB: 5,
        },
      ),
    );
    expect(
      np.contactSphereAABB(new Sphere(new Vector3(1.5, 0, 0), 1), box).depth,
    ).toBe(0.5);
  });
});
