// The capsule contacts (contactCapsule*) against the real WASM module, with three.js objects as inputs and
// targets: hand-computed exact contacts over axes and signs (parallel and crossing axes, a face, an edge, a
// capsule deep in a box or cutting its edge, piercing a triangle, crossing or lying in a plane), `null`
// exactly when the overlap test says no (seeded, touching and one ulp short), the minimum-translation property
// (moved by normal * depth + 1e-6 the capsule is apart, by normal * depth - 1e-6 it still overlaps), a
// zero-length capsule equal to the sphere's contact, an identity OBB equal to the AABB, target reuse, and bad
// input naming the function, argument and field.
import { Box3, Matrix3, Plane, Sphere, Triangle, Vector3 } from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  SIGNS,
  THREE_SHAPES,
  expectError,
  len,
  near,
  nextDown,
  onAxes,
  plain,
  random,
  randomVector3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const vec = randomVector3;
const moved = (c, n, t) =>
  new Capsule(
    c.start.clone().addScaledVector(n, t),
    c.end.clone().addScaledVector(n, t),
    c.radius,
  );
const SHAPES = THREE_SHAPES;

describe("exact contacts", () => {
  it("two capsules: parallel axes touching (3-4-5) have depth 0, one ulp short is null; crossing axes leave along the common normal", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const a = new Capsule(
          onAxes(axis, sign, 3, 4, -1),
          onAxes(axis, sign, 3, 4, 1),
          2,
        );
        const b = new Capsule(
          onAxes(axis, sign, 0, 0, -4),
          onAxes(axis, sign, 0, 0, 4),
          3,
        );
        const hit = np.contactCapsuleCapsule(a, b);
        expect(hit.depth).toBe(0);
        expect(plain(hit.normal)).toEqual(
          plain(onAxes(axis, sign, 0.6, 0.8, 0)),
        );
        b.radius = nextDown(3);
        expect(np.contactCapsuleCapsule(a, b)).toBe(null);
        // a crosses c (along y) 0.25 above its axis: shallow, 1.25 deep along +z.
        const c = new Capsule(
          onAxes(axis, sign, 0, -2, 0),
          onAxes(axis, sign, 0, 2, 0),
          0.5,
        );
        const d = new Capsule(
          onAxes(axis, sign, -2, 1, 0.25),
          onAxes(axis, sign, 2, 1, 0.25),
          1,
        );
        const h = np.contactCapsuleCapsule(d, c);
        expect(h.depth).toBe(1.25);
        expect(plain(h.normal)).toEqual(plain(onAxes(axis, sign, 0, 0, 1)));
        expect(plain(h.pointA)).toEqual(plain(onAxes(axis, sign, 0, 1, -0.75)));
        expect(plain(h.pointB)).toEqual(plain(onAxes(axis, sign, 0, 1, 0.5)));
      }
    }
    // Collinear, overlapping: the part of +y perpendicular to x, radius sum deep; never NaN.
    const h = np.contactCapsuleCapsule(
      { start: { x: 0, y: 0, z: 0 }, end: { x: 2, y: 0, z: 0 }, radius: 0.5 },
      { start: { x: 1, y: 0, z: 0 }, end: { x: 3, y: 0, z: 0 }, radius: 0.5 },
    );
    expect(plain(h.normal)).toEqual({ x: 0, y: 1, z: 0 });
    expect(h.depth).toBe(1);
  });

  it("two capsules whose axes cross 1e-8 .. 2^-50 rad from parallel leave across their plane, touching after the move", () => {
    // In doubles the common normal of directions under 2^-26 rad apart was skipped as rounding, and the contact
    // left along +y, still overlapping by the angle times the length; the edge axes are now double-double.
    for (const th of [1e-8, 1e-9, 1e-12, 2 ** -40, 2 ** -50]) {
      const a = new Capsule(new Vector3(-1, 0, 0), new Vector3(1, 0, 0), 0.5);
      const b = new Capsule(
        new Vector3(-1, -th, 0),
        new Vector3(1, th, 0),
        0.5,
      );
      const h = np.contactCapsuleCapsule(a, b);
      expect(h.depth, `th ${th}`).toBe(1);
      expect(Math.abs(h.normal.z), `th ${th}`).toBe(1);
      const shift = new Vector3(
        h.normal.x,
        h.normal.y,
        h.normal.z,
      ).multiplyScalar(h.depth);
      const moved = {
        start: a.start.clone().add(shift),
        end: a.end.clone().add(shift),
      };
      expect(
        np.closestPointsSegmentSegment(moved, { start: b.start, end: b.end })
          .distance,
      ).toBe(1);
    }
  });

  it("two capsules: an end tied within rounding with the interior leaves perpendicular to it (the fuzzer's finding)", () => {
    // Coordinates at 6e-154, a gap of 2.7e-167 between the starts, whose true foot lies 9e-169 inside b: the
    // normal leaned 0.035 rad along b, and moved by normal * depth the capsules still overlapped by 1.6e-160.
    const a = new Capsule(
      new Vector3(
        6.0134700169990685e-154,
        6.0134700169992897e-154,
        6.0134700169992235e-154,
      ),
      new Vector3(
        6.0134700169990685e-154,
        6.0134700169990685e-154,
        6.0134700175200276e-154,
      ),
      6.0134700169990685e-154,
    );
    const b = new Capsule(
      new Vector3(
        6.0134700169990685e-154,
        6.0134700169990685e-154,
        6.0134700169990685e-154,
      ),
      new Vector3(
        6.0135155390982579e-154,
        6.0134700169990685e-154,
        6.0134727954475053e-154,
      ),
      6.0134813975238658e-154,
    );
    const h = np.contactCapsuleCapsule(a, b);
    const n = new Vector3(h.normal.x, h.normal.y, h.normal.z);
    expect(Math.abs(n.dot(b.end.clone().sub(b.start)))).toBeLessThan(1e-170);
    const shift = n.clone().multiplyScalar(h.depth);
    const moved = {
      start: a.start.clone().add(shift),
      end: a.end.clone().add(shift),
    };
    const d = np.closestPointsSegmentSegment(moved, {
      start: b.start,
      end: b.end,
    }).distance;
    expect(Math.abs(d - (a.radius + b.radius))).toBeLessThan(1e-165);
  });

  it("a box: over a face, touching an edge, deep inside (the nearest face), cutting across an edge (diagonally)", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const x = plain(onAxes(axis, sign, 1, 0, 0));
        let h = np.contactCapsuleAABB(
          new Capsule(
            onAxes(axis, sign, 1.5, -0.5, 0.25),
            onAxes(axis, sign, 1.5, 0.5, 0.25),
            1,
          ),
          box,
        );
        expect(h.depth).toBe(0.5);
        expect(plain(h.normal)).toEqual(x);
        expect(plain(h.pointB)).toEqual(
          plain(onAxes(axis, sign, 1, -0.5, 0.25)),
        );
        const edge = new Capsule(
          onAxes(axis, sign, 4, 5, -3),
          onAxes(axis, sign, 4, 5, 3),
          5,
        );
        h = np.contactCapsuleAABB(edge, box);
        expect(h.depth).toBe(0);
        expect(plain(h.normal)).toEqual(plain(onAxes(axis, sign, 0.6, 0.8, 0)));
        edge.radius = nextDown(5);
        expect(np.contactCapsuleAABB(edge, box)).toBe(null);
        // Deep inside, parallel to the +x face 0.5 away: out through it (its start, moved out, touches it).
        h = np.contactCapsuleAABB(
          new Capsule(
            onAxes(axis, sign, 0.5, -0.5, 0.125),
            onAxes(axis, sign, 0.5, 0.25, 0.125),
            0.25,
          ),
          box,
        );
        expect(h.depth).toBe(0.75);
        expect(plain(h.normal)).toEqual(x);
        expect(plain(h.pointA)).toEqual(
          plain(onAxes(axis, sign, 0.25, -0.5, 0.125)),
        );
        // Cutting across the edge (1, 1, z): out along (1, 1, 0) / sqrt 2 by 0.5 / sqrt 2.
        h = np.contactCapsuleAABB(
          new Capsule(
            onAxes(axis, sign, 0, 1.5, 0),
            onAxes(axis, sign, 1.5, 0, 0),
            0.5,
          ),
          box,
        );
        expect(h.depth).toBeCloseTo(0.5 + 0.5 / Math.SQRT2, 15);
        expect(
          near(
            h.normal,
            onAxes(axis, sign, Math.SQRT1_2, Math.SQRT1_2, 0),
            1e-15,
          ),
        ).toBe(true);
      }
    }
  });

  it("a box: an end tied within rounding with the interior point beside it keeps pointA on the capsule (the fuzzer's finding)", () => {
    // A segment 3.5e-38 long whose end passes 7e-46 (~1000 ulps) beside a point box at 4.86e-33: the end's own
    // normal, 0.019 rad off the perpendicular, put pointA 6.5e-40 inside the capsule. The normal is
    // perpendicular to the segment, and pointA is the radius from it.
    const r = 4.8578750597249806e-33;
    const start = new Vector3(4.8578744028310789e-33, r, 4.857839794894456e-33);
    const end = new Vector3(4.8578750597256813e-33, r, r);
    const box = new Box3(new Vector3(r, r, r), new Vector3(r, r, r));
    const h = np.contactCapsuleAABB(new Capsule(start, end, r), box);
    expect(h).not.toBe(null);
    const axis = end.clone().sub(start);
    expect(
      Math.abs(axis.dot(new Vector3(h.normal.x, h.normal.y, h.normal.z))),
    ).toBeLessThan(1e-50);
    expect(np.distancePointSegment(h.pointA, { start, end })).toBeCloseTo(
      r,
      47,
    );
    expect(h.pointB.x).toBe(r);
  });

  it("a triangle: over the face on either side, piercing it (the short way), lying in its plane (its face normal)", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const t = new Triangle(
          onAxes(axis, sign, 0, 0, 0),
          onAxes(axis, sign, 4, 0, 0),
          onAxes(axis, sign, 0, 0, 4),
        );
        for (const side of [1, -1]) {
          const y = plain(onAxes(axis, sign, 0, side, 0));
          let h = np.contactCapsuleTriangle(
            new Capsule(
              onAxes(axis, sign, 1, side, 1),
              onAxes(axis, sign, 2, side, 1),
              1.5,
            ),
            t,
          );
          expect(h.depth).toBe(0.5);
          expect(plain(h.normal)).toEqual(y);
          h = np.contactCapsuleTriangle(
            new Capsule(
              onAxes(axis, sign, 1, -0.25 * side, 1),
              onAxes(axis, sign, 1, 3 * side, 1),
              0.5,
            ),
            t,
          );
          expect(h.depth).toBe(0.75);
          expect(plain(h.normal)).toEqual(y);
          expect(plain(h.pointB)).toEqual(plain(onAxes(axis, sign, 1, 0, 1)));
        }
        const h = np.contactCapsuleTriangle(
          new Capsule(
            onAxes(axis, sign, 1, 0, 1),
            onAxes(axis, sign, 1, 0, 2),
            0.25,
          ),
          t,
        );
        expect(h.depth).toBe(0.25);
        const face = new Vector3()
          .subVectors(t.b, t.a)
          .cross(new Vector3().subVectors(t.c, t.a))
          .normalize();
        expect(plain(h.normal)).toEqual(plain(face.addScalar(0)));
      }
    }
  });

  it("a plane of any normal length: above, crossing (out by its shorter part), in it (its normal), touching", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        for (const length of [1, 2, 0.125]) {
          const y = onAxes(axis, sign, 0, 1, 0);
          const plane = new Plane(y.clone().multiplyScalar(length), 0);
          let h = np.contactCapsulePlane(
            new Capsule(
              onAxes(axis, sign, 0, -1, 0),
              onAxes(axis, sign, 0, 3, 0),
              0.5,
            ),
            plane,
          );
          expect(h.depth).toBe(1.5);
          expect(plain(h.normal)).toEqual(plain(y));
          h = np.contactCapsulePlane(
            new Capsule(
              onAxes(axis, sign, 0, -3, 0),
              onAxes(axis, sign, 0, 1, 0),
              0.5,
            ),
            plane,
          );
          expect(h.depth).toBe(1.5);
          expect(plain(h.normal)).toEqual(
            plain(y.clone().negate().addScalar(0)),
          );
          expect(plain(h.pointB)).toEqual(plain(onAxes(axis, sign, 0, 0, 0)));
          h = np.contactCapsulePlane(
            new Capsule(
              onAxes(axis, sign, -1, 0, 2),
              onAxes(axis, sign, 1, 0, 2),
              0.5,
            ),
            plane,
          );
          expect(h.depth).toBe(0.5);
          expect(plain(h.normal)).toEqual(plain(y));
          const touching = new Capsule(
            onAxes(axis, sign, 0, 2, 0),
            onAxes(axis, sign, 5, 7, 0),
            2,
          );
          expect(np.contactCapsulePlane(touching, plane).depth).toBe(0);
          touching.radius = nextDown(2);
          expect(np.contactCapsulePlane(touching, plane)).toBe(null);
        }
      }
    }
  });
});

describe("seeded properties (contact == null iff !overlap; moved by normal * depth, touching)", () => {
  for (const [name, make] of Object.entries(SHAPES)) {
    it(`contactCapsule${name}: null exactly when overlapCapsule${name} is false; the minimum translation`, () => {
      const rng = random(900 + name.length);
      const contact = np[`contactCapsule${name}`];
      const overlap = np[`overlapCapsule${name}`];
      let hits = 0;
      for (let n = 0; n < 1500; n++) {
        const a = new Capsule(vec(rng, 2), vec(rng, 2), rng.unit() * 0.75);
        const b = make(rng);
        const hit = contact(a, b);
        expect(hit === null, `n = ${n}`).toBe(!overlap(a, b));
        if (hit === null) continue;
        hits++;
        const normal = new Vector3().copy(hit.normal);
        expect(Math.abs(len(normal) - 1)).toBeLessThan(1e-15);
        expect(hit.depth).toBeGreaterThanOrEqual(0);
        expect(
          Math.abs(
            np.distancePointSegment(hit.pointA, {
              start: a.start,
              end: a.end,
            }) - a.radius,
          ),
        ).toBeLessThan(1e-9);
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

  it("a zero-length capsule is the sphere's contact, bit for bit; an identity OBB is the AABB", () => {
    const rng = random(950);
    let hits = 0;
    for (let n = 0; n < 1500; n++) {
      const c = vec(rng, 2);
      const r = rng.unit();
      const cap = new Capsule(c, c.clone(), r);
      const s = new Sphere(c, r);
      for (const [name, make] of Object.entries(SHAPES)) {
        const b = make(rng);
        const hit = np[`contactCapsule${name}`](cap, b);
        expect(hit).toEqual(np[`contactSphere${name}`](s, b));
        if (hit !== null) hits++;
      }
      const a = new Capsule(vec(rng, 2), vec(rng, 2), rng.unit());
      const center = vec(rng);
      const half = new Vector3(rng.unit(), rng.unit(), rng.unit());
      const obb = new OBB(center, half, new Matrix3());
      const box = new Box3(center.clone().sub(half), center.clone().add(half));
      expect(np.contactCapsuleOBB(a, obb)).toEqual(
        np.contactCapsuleAABB(a, box),
      );
    }
    expect(hits).toBeGreaterThan(500);
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
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    const a = new Capsule(
      new Vector3(-0.5, 1.5, 0),
      new Vector3(0.5, 1.5, 0),
      1,
    );
    expect(np.contactCapsuleAABB(a, box, target)).toBe(target);
    expect(target.normal).toBe(normal);
    expect(target.pointA).toBe(pointA);
    expect(target.pointB).toBe(pointB);
    expect(target.depth).toBe(0.5);
    expect(plain(normal)).toEqual({ x: 0, y: 1, z: 0 });
    expect(plain(pointA)).toEqual({ x: -0.5, y: 0.5, z: 0 });
    expect(plain(pointB)).toEqual({ x: -0.5, y: 1, z: 0 });
    const before = JSON.stringify(target);
    expect(
      np.contactCapsulePlane(a, new Plane(new Vector3(1, 0, 0), -5), target),
    ).toBe(null);
    expect(JSON.stringify(target)).toBe(before);
  });

  it("rejects bad input naming the function, argument and field, and keeps working", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    const a = new Capsule(
      new Vector3(-0.5, 1.5, 0),
      new Vector3(0.5, 1.5, 0),
      1,
    );
    expectError("contactCapsuleAABB", RangeError, "capsule.radius", () =>
      np.contactCapsuleAABB(new Capsule(new Vector3(), new Vector3(), -1), box),
    );
    expectError("contactCapsuleCapsule", TypeError, "b.end", () =>
      np.contactCapsuleCapsule(a, { start: new Vector3(), radius: 1 }),
    );
    expectError("contactCapsulePlane", RangeError, "plane.normal", () =>
      np.contactCapsulePlane(a, new Plane(new Vector3(0, 0, 0), 1)),
    );
    expectError("contactCapsuleTriangle", RangeError, "triangle.b.y", () =>
      np.contactCapsuleTriangle(a, {
        a: new Vector3(),
        b: new Vector3(0, NaN, 0),
        c: new Vector3(),
      }),
    );
    expectError("contactCapsuleOBB", TypeError, "capsule.start.x", () =>
      np.contactCapsuleOBB(
        { start: {}, end: new Vector3(), radius: 1 },
        new OBB(),
      ),
    );
    expect(np.contactCapsuleAABB(a, box).depth).toBe(0.5);
  });
});
