// Closest point and distance from a point to every shape of the matrix (API.md "The full matrix": closest
// point, distance), through the real WASM module: exact answers where the geometry is exact, three.js's own
// objects (Line3, Sphere, Capsule, OBB, Triangle, Plane) as inputs, agreement with three.js's math where it
// has the query, `target` reuse, and the properties every closest point has (in the shape, idempotent, no
// farther than any sampled point of the shape).
import {
  Line3,
  Matrix3,
  Plane,
  Sphere,
  Triangle,
  Vector3,
  Quaternion,
  Matrix4,
} from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { AXES, KEYS, PERMUTATIONS, SIGNS, random, v3 } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const len = (v) => Math.hypot(v.x, v.y, v.z);
const sub = (a, b) => v3(a.x - b.x, a.y - b.y, a.z - b.z);
const dist = (a, b) => len(sub(a, b));
const lerp = (a, b, t) =>
  v3(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t);
const plain = (v) => v3(v.x, v.y, v.z);

describe("exact answers", () => {
  it("segment: the foot of the perpendicular, or the nearer end; a zero-length segment is a point", () => {
    const s = { start: v3(0, 0, 0), end: v3(4, 0, 0) };
    expect(np.closestPointOnSegment(v3(1, 2, 0), s)).toEqual(v3(1, 0, 0));
    expect(np.distancePointSegment(v3(1, 2, 0), s)).toBe(2);
    expect(np.closestPointOnSegment(v3(-3, 4, 0), s)).toEqual(v3(0, 0, 0));
    expect(np.distancePointSegment(v3(-3, 4, 0), s)).toBe(5);
    expect(np.closestPointOnSegment(v3(7, 0, 4), s)).toEqual(v3(4, 0, 0));
    expect(np.distancePointSegment(v3(7, 0, 4), s)).toBe(5);
    const point = { start: v3(1, 2, 3), end: v3(1, 2, 3) };
    expect(np.closestPointOnSegment(v3(4, 6, 3), point)).toEqual(v3(1, 2, 3));
    expect(np.distancePointSegment(v3(4, 6, 3), point)).toBe(5);
  });

  it("sphere and capsule: the point itself inside, the surface point toward it outside", () => {
    const sphere = { center: v3(0, 0, 0), radius: 2 };
    for (const axis of AXES)
      for (const sign of SIGNS) {
        const p = v3(0, 0, 0);
        p[KEYS[axis]] = 10 * sign;
        const q = v3(0, 0, 0);
        q[KEYS[axis]] = 2 * sign;
        expect(np.closestPointOnSphere(p, sphere)).toEqual(q);
        expect(np.distancePointSphere(p, sphere)).toBe(8);
      }
    const inside = v3(0.5, -1, 1);
    expect(np.closestPointOnSphere(inside, sphere)).toEqual(inside);
    expect(np.distancePointSphere(inside, sphere)).toBe(0);
    expect(np.distancePointSphere(v3(0, 2, 0), sphere)).toBe(0);

    const capsule = { start: v3(0, 0, 0), end: v3(4, 0, 0), radius: 1 };
    expect(np.closestPointOnCapsule(v3(1, 5, 0), capsule)).toEqual(v3(1, 1, 0));
    expect(np.distancePointCapsule(v3(1, 5, 0), capsule)).toBe(4);
    expect(
      dist(np.closestPointOnCapsule(v3(7, 0, 4), capsule), v3(4.6, 0, 0.8)),
    ).toBeLessThan(1e-15);
    expect(np.distancePointCapsule(v3(7, 0, 4), capsule)).toBe(4);
    const within = v3(3.5, 0.5, -0.5);
    expect(np.closestPointOnCapsule(within, capsule)).toEqual(within);
    expect(np.distancePointCapsule(within, capsule)).toBe(0);
  });

  it("OBB: clamped in the box's own axes; the point itself, bit for bit, inside", () => {
    // Rotated 90° about z: local x is world +y, local y is world -x.
    const box = {
      center: v3(10, 0, 0),
      halfSize: v3(1, 0.5, 2),
      rotation: { elements: [0, 1, 0, -1, 0, 0, 0, 0, 1] },
    };
    expect(np.closestPointOnOBB(v3(20, 0, 0), box)).toEqual(v3(10.5, 0, 0));
    expect(np.distancePointOBB(v3(20, 0, 0), box)).toBe(9.5);
    expect(np.closestPointOnOBB(v3(10, 5, 0), box)).toEqual(v3(10, 1, 0));
    expect(np.distancePointOBB(v3(10, 5, 0), box)).toBe(4);
    const inside = v3(10.25, -0.75, 1.5);
    expect(np.closestPointOnOBB(inside, box)).toEqual(inside);
    expect(np.distancePointOBB(inside, box)).toBe(0);
  });

  it("triangle: every Voronoi region (face, edges, corners), for every order of the corners", () => {
    const corners = [v3(0, 0, 0), v3(4, 0, 0), v3(0, 4, 0)];
    const cases = [
      [v3(1, 1, 5), v3(1, 1, 0), 5], // above the face
      [v3(1, 1, -5), v3(1, 1, 0), 5], // below it: triangles are thin
      [v3(-3, -4, 0), v3(0, 0, 0), 5], // corner a
      [v3(7, -4, 0), v3(4, 0, 0), 5], // corner b
      [v3(-4, 7, 0), v3(0, 4, 0), 5], // corner c
      [v3(2, -3, 4), v3(2, 0, 0), 5], // edge ab
      [v3(-3, 2, 4), v3(0, 2, 0), 5], // edge ca
      [v3(2, 2, 0), v3(2, 2, 0), 0], // on the edge bc
    ];
    for (const [i, j, k] of PERMUTATIONS) {
      const t = { a: corners[i], b: corners[j], c: corners[k] };
      for (const [p, q, d] of cases) {
        expect(np.closestPointOnTriangle(p, t), JSON.stringify(p)).toEqual(q);
        expect(np.distancePointTriangle(p, t)).toBe(d);
      }
    }
  });

  it("degenerate triangles: the segment or point they span, never NaN", () => {
    const collinear = { a: v3(0, 0, 0), b: v3(2, 0, 0), c: v3(4, 0, 0) };
    expect(np.closestPointOnTriangle(v3(3, 4, 0), collinear)).toEqual(
      v3(3, 0, 0),
    );
    expect(np.distancePointTriangle(v3(3, 4, 0), collinear)).toBe(4);
    expect(np.distancePointTriangle(v3(7, 4, 0), collinear)).toBe(5);
    const point = { a: v3(1, 1, 1), b: v3(1, 1, 1), c: v3(1, 1, 1) };
    expect(np.closestPointOnTriangle(v3(4, 5, 1), point)).toEqual(v3(1, 1, 1));
    expect(np.distancePointTriangle(v3(4, 5, 1), point)).toBe(5);
  });

  it("a sliver's closest point is idempotent (the fuzzer's raw np_closestPointOnTriangle)", () => {
    // A sliver 7e124 across, corners collinear to ~1e-12 of that: the region tests put the closest point and
    // its own closest point ~1e113 apart. The exact nearest point (rationals) is (-3.3034295670652e124,
    // -4.012728430109603e-121, -3.4158752055024676e124).
    const t = {
      a: v3(
        1.7731057309979261e-307,
        1.1620225718668009e-302,
        -6.6105606808330421e124,
      ),
      b: v3(
        -6.8355779548792243e124,
        -8.303285249136644e-121,
        8.691694800251803e-311,
      ),
      c: v3(
        -6.8355779549259894e124,
        1.8057768099303994e-314,
        8.0868664911295234e-320,
      ),
    };
    const tol = 2 ** -46 * 6.9e124;
    const q = np.closestPointOnTriangle(v3(2.0236928853657458e-320, 0, 0), t);
    const q2 = np.closestPointOnTriangle(q, t);
    expect(Math.hypot(q2.x - q.x, q2.y - q.y, q2.z - q.z)).toBeLessThanOrEqual(
      tol,
    );
    expect(Math.abs(q.x + 3.3034295670652e124)).toBeLessThanOrEqual(tol);
    expect(Math.abs(q.z + 3.4158752055024676e124)).toBeLessThanOrEqual(tol);
  });

  it("plane: Euclidean distances whatever the normal's length; signed by the normal's side", () => {
    for (const length of [1, 2, 2 ** -1000, 2 ** 1000, 2 ** -1074]) {
      // z = 3, written with a normal of any length: n = (0, 0, length), constant = -3 length (exact).
      const plane = { normal: v3(0, 0, length), constant: -3 * length };
      expect(np.closestPointOnPlane(v3(1, 2, 7), plane)).toEqual(v3(1, 2, 3));
      expect(np.distancePointPlane(v3(1, 2, 7), plane)).toBe(4);
      expect(np.signedDistancePointPlane(v3(1, 2, 7), plane)).toBe(4);
      expect(np.signedDistancePointPlane(v3(1, 2, -1), plane)).toBe(-4);
      expect(np.distancePointPlane(v3(1, 2, -1), plane)).toBe(4);
      expect(np.distancePointPlane(v3(5, -6, 3), plane)).toBe(0);
    }
    // Exactly on a slanted plane built from representable numbers: exactly 0.
    const slanted = { normal: v3(3, 4, 0), constant: -25 };
    expect(np.distancePointPlane(v3(3, 4, 9), slanted)).toBe(0);
    expect(np.distancePointPlane(v3(7, 1, -2), slanted)).toBe(0);
    expect(np.distancePointPlane(v3(8, 4, 0), slanted)).toBe(3);
    expect(np.signedDistancePointPlane(v3(-2, 4, 0), slanted)).toBe(-3);
  });
});

describe("three.js objects and targets", () => {
  it("takes Line3, Sphere, Capsule, OBB, Triangle and Plane as they are, and fills a Vector3 target", () => {
    const p = new Vector3(1, 5, 0);
    const target = new Vector3();
    expect(
      np.closestPointOnSegment(
        p,
        new Line3(new Vector3(0, 0, 0), new Vector3(4, 0, 0)),
        target,
      ),
    ).toBe(target);
    expect(plain(target)).toEqual(v3(1, 0, 0));
    expect(
      np.closestPointOnSphere(p, new Sphere(new Vector3(), 1), target),
    ).toBe(target);
    expect(
      dist(target, v3(1 / Math.sqrt(26), 5 / Math.sqrt(26), 0)),
    ).toBeLessThan(1e-15);
    const capsule = new Capsule(new Vector3(0, 0, 0), new Vector3(4, 0, 0), 1);
    expect(np.closestPointOnCapsule(p, capsule, target)).toBe(target);
    expect(plain(target)).toEqual(v3(1, 1, 0));
    expect(np.distancePointCapsule(p, capsule)).toBe(4);
    const obb = new OBB(new Vector3(0, 0, 0), new Vector3(1, 2, 3));
    expect(np.closestPointOnOBB(p, obb, target)).toBe(target);
    expect(plain(target)).toEqual(v3(1, 2, 0));
    const triangle = new Triangle(
      new Vector3(0, 0, 0),
      new Vector3(4, 0, 0),
      new Vector3(0, 4, 0),
    );
    expect(
      np.closestPointOnTriangle(new Vector3(1, 1, 5), triangle, target),
    ).toBe(target);
    expect(plain(target)).toEqual(v3(1, 1, 0));
    const plane = new Plane(new Vector3(0, 0, 1), -3);
    expect(np.closestPointOnPlane(new Vector3(1, 2, 7), plane, target)).toBe(
      target,
    );
    expect(plain(target)).toEqual(v3(1, 2, 3));
    expect(np.signedDistancePointPlane(new Vector3(1, 2, 7), plane)).toBe(4);
  });

  it("agrees with three.js's Triangle, Line3, Sphere and Plane math on random inputs (unit normals for Plane)", () => {
    const rng = random(1101);
    const r3 = (s = 1) =>
      new Vector3(
        rng.symmetric() * s,
        rng.symmetric() * s,
        rng.symmetric() * s,
      );
    const near = (a, b, tol) =>
      expect(
        dist(a, b),
        `${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
      ).toBeLessThanOrEqual(tol);
    const scratch = new Vector3();
    for (let n = 0; n < 500; n++) {
      const p = r3(4);
      const tri = new Triangle(r3(), r3(), r3());
      near(
        np.closestPointOnTriangle(p, tri),
        tri.closestPointToPoint(p, scratch),
        1e-12,
      );
      const line = new Line3(r3(), r3());
      near(
        np.closestPointOnSegment(p, line),
        line.closestPointToPoint(p, true, scratch),
        1e-12,
      );
      const sphere = new Sphere(r3(), rng.unit());
      near(
        np.closestPointOnSphere(p, sphere),
        sphere.clampPoint(p, scratch),
        1e-12,
      );
      const plane = new Plane().setFromNormalAndCoplanarPoint(
        r3().normalize(),
        r3(),
      );
      near(
        np.closestPointOnPlane(p, plane),
        plane.projectPoint(p, scratch),
        1e-12,
      );
      expect(np.signedDistancePointPlane(p, plane)).toBeCloseTo(
        plane.distanceToPoint(p),
        12,
      );
    }
  });
});

describe("properties of every closest point", () => {
  // For each shape: a random instance, a sampler of its points, and whether a point is in it (within tol).
  const rng = random(1102);
  const r3 = (s = 1) =>
    v3(rng.symmetric() * s, rng.symmetric() * s, rng.symmetric() * s);
  const shapes = {
    Segment: () => {
      const s = { start: r3(), end: r3() };
      return [s, () => lerp(s.start, s.end, rng.unit())];
    },
    Sphere: () => {
      const s = { center: r3(), radius: rng.unit() };
      return [
        s,
        () => {
          const d = r3();
          const k = (s.radius * rng.unit()) / (len(d) || 1);
          return v3(
            s.center.x + d.x * k,
            s.center.y + d.y * k,
            s.center.z + d.z * k,
          );
        },
      ];
    },
    Capsule: () => {
      const s = { start: r3(), end: r3(), radius: rng.unit() };
      return [
        s,
        () => {
          const c = lerp(s.start, s.end, rng.unit());
          const d = r3();
          const k = (s.radius * rng.unit()) / (len(d) || 1);
          return v3(c.x + d.x * k, c.y + d.y * k, c.z + d.z * k);
        },
      ];
    },
    OBB: () => {
      const q = new Quaternion(
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      ).normalize();
      const m = new Matrix3().setFromMatrix4(
        new Matrix4().makeRotationFromQuaternion(q),
      );
      const s = {
        center: r3(),
        halfSize: v3(rng.unit(), rng.unit(), rng.unit()),
        rotation: m,
      };
      return [
        s,
        () => {
          const e = m.elements;
          const f = [
            rng.symmetric() * s.halfSize.x,
            rng.symmetric() * s.halfSize.y,
            rng.symmetric() * s.halfSize.z,
          ];
          return v3(
            s.center.x + e[0] * f[0] + e[3] * f[1] + e[6] * f[2],
            s.center.y + e[1] * f[0] + e[4] * f[1] + e[7] * f[2],
            s.center.z + e[2] * f[0] + e[5] * f[1] + e[8] * f[2],
          );
        },
      ];
    },
    Triangle: () => {
      const s = { a: r3(), b: r3(), c: r3() };
      return [
        s,
        () => {
          let u = rng.unit(),
            w = rng.unit();
          if (u + w > 1) ((u = 1 - u), (w = 1 - w));
          return v3(
            s.a.x + (s.b.x - s.a.x) * u + (s.c.x - s.a.x) * w,
            s.a.y + (s.b.y - s.a.y) * u + (s.c.y - s.a.y) * w,
            s.a.z + (s.b.z - s.a.z) * u + (s.c.z - s.a.z) * w,
          );
        },
      ];
    },
    Plane: () => {
      const normal = r3();
      const through = r3();
      const s = {
        normal,
        constant: -(
          normal.x * through.x +
          normal.y * through.y +
          normal.z * through.z
        ),
      };
      return [
        s,
        () => {
          const q = r3(3);
          const k =
            (normal.x * q.x + normal.y * q.y + normal.z * q.z + s.constant) /
            len(normal) ** 2;
          return v3(q.x - normal.x * k, q.y - normal.y * k, q.z - normal.z * k);
        },
      ];
    },
  };

  for (const [name, make] of Object.entries(shapes)) {
    it(`${name}: idempotent, no farther than 200 sampled points, and the distance is |p - closest|`, () => {
      const closest = np[`closestPointOn${name}`];
      const distance = np[`distancePoint${name}`];
      for (let n = 0; n < 200; n++) {
        const [shape, sample] = make();
        const p = r3(3);
        const q = closest(p, shape);
        const d = distance(p, shape);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d - dist(p, q))).toBeLessThanOrEqual(1e-12);
        expect(dist(closest(q, shape), q)).toBeLessThanOrEqual(1e-12);
        for (let k = 0; k < 200; k++)
          expect(dist(p, sample())).toBeGreaterThanOrEqual(d - 1e-12);
      }
    });
  }
});
