// Rays and segments against every shape of the matrix (API.md "The full matrix": raycast, linecast), through
// the real WASM module: exact answers where the geometry is exact, the conventions a caller trips on (starting
// inside, tangent paths, thin triangles and planes hit from either side with the normal facing the ray, a ray
// through the shared edge of two triangles hits one of them), three.js objects as inputs and agreement with
// three.js's Ray math where it has the query.
import {
  Matrix3,
  Matrix4,
  Plane,
  Quaternion,
  Ray,
  Sphere,
  Triangle,
  Vector3,
} from "three";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  KEYS,
  PERMUTATIONS,
  SIGNS,
  nextDown,
  nextUp,
  random,
  v3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const dist = (a, b) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
const axis = (i, value) => {
  const v = v3(0, 0, 0);
  v[KEYS[i]] = value;
  return v;
};
const hit = (distance, point, normal) => ({ distance, point, normal });

describe("exact answers", () => {
  it("sphere: entry point along every axis and sign; tangent rays hit; inside hits at 0; behind misses", () => {
    const sphere = { center: v3(0, 0, 0), radius: 2 };
    for (const i of AXES)
      for (const s of SIGNS) {
        const ray = { origin: axis(i, 10 * s), direction: axis(i, -3 * s) };
        expect(np.raycastSphere(ray, sphere)).toEqual(
          hit(8, axis(i, 2 * s), axis(i, s)),
        );
        expect(np.raycastSphere(ray, sphere, 8)).not.toBeNull();
        expect(np.raycastSphere(ray, sphere, nextDown(8))).toBeNull();
        expect(
          np.linecastSphere(axis(i, 10 * s), axis(i, 2 * s), sphere),
        ).toEqual(hit(8, axis(i, 2 * s), axis(i, s)));
        expect(
          np.linecastSphere(axis(i, 10 * s), axis(i, nextUp(2) * s), sphere),
        ).toBeNull(); // ends an ulp short of the surface
        // Ends an ulp inside: a hit at 8, its point within an ulp of the surface (the end itself).
        const inside = np.linecastSphere(
          axis(i, 10 * s),
          axis(i, nextDown(2) * s),
          sphere,
        );
        expect(inside.distance).toBe(8);
        expect(inside.normal).toEqual(axis(i, s));
        expect(dist(inside.point, axis(i, 2 * s))).toBeLessThanOrEqual(
          2 * Number.EPSILON,
        );
        expect(
          np.raycastSphere(
            { origin: axis(i, 10 * s), direction: axis(i, s) },
            sphere,
          ),
        ).toBeNull();
      }
    const tangent = np.raycastSphere(
      { origin: v3(2, 0, 10), direction: v3(0, 0, -1) },
      sphere,
    );
    expect(tangent).toEqual(hit(10, v3(2, 0, 0), v3(1, 0, 0)));
    expect(
      np.raycastSphere(
        { origin: v3(0.5, 0, 0), direction: v3(0, 3, 4) },
        sphere,
      ),
    ).toEqual(hit(0, v3(0.5, 0, 0), v3(0, -0.6, -0.8)));
  });

  it("plane: either side, the normal facing the ray; parallel misses; starting on it hits at 0", () => {
    const plane = { normal: v3(0, 0, 2), constant: -6 }; // z = 3
    expect(
      np.raycastPlane({ origin: v3(1, 2, 7), direction: v3(0, 0, -1) }, plane),
    ).toEqual(hit(4, v3(1, 2, 3), v3(0, 0, 1)));
    expect(
      np.raycastPlane({ origin: v3(1, 2, -1), direction: v3(0, 0, 5) }, plane),
    ).toEqual(hit(4, v3(1, 2, 3), v3(0, 0, -1)));
    expect(np.linecastPlane(v3(1, 2, 7), v3(1, 2, 3), plane)).toEqual(
      hit(4, v3(1, 2, 3), v3(0, 0, 1)),
    );
    expect(np.linecastPlane(v3(1, 2, 7), v3(1, 2, 4), plane)).toBeNull();
    expect(
      np.raycastPlane({ origin: v3(1, 2, 7), direction: v3(1, 0, 0) }, plane),
    ).toBeNull();
    expect(
      np.raycastPlane({ origin: v3(1, 2, 7), direction: v3(0, 0, 1) }, plane),
    ).toBeNull();
    expect(
      np.raycastPlane({ origin: v3(1, 2, 3), direction: v3(0, 3, -4) }, plane),
    ).toEqual(hit(0, v3(1, 2, 3), v3(0, -0.6, 0.8)));
  });

  it("triangle: front and back, for every order of the corners; misses beside it", () => {
    const corners = [v3(0, 0, 0), v3(4, 0, 0), v3(0, 4, 0)];
    for (const [i, j, k] of PERMUTATIONS) {
      const t = { a: corners[i], b: corners[j], c: corners[k] };
      expect(
        np.raycastTriangle({ origin: v3(1, 1, 5), direction: v3(0, 0, -2) }, t),
      ).toEqual(hit(5, v3(1, 1, 0), v3(0, 0, 1)));
      expect(
        np.raycastTriangle({ origin: v3(1, 1, -5), direction: v3(0, 0, 1) }, t),
      ).toEqual(hit(5, v3(1, 1, 0), v3(0, 0, -1)));
      expect(
        np.raycastTriangle({ origin: v3(3, 3, 5), direction: v3(0, 0, -1) }, t),
      ).toBeNull();
      // Through a corner and through an edge: closed, so they hit.
      expect(
        np.raycastTriangle({ origin: v3(4, 0, 5), direction: v3(0, 0, -1) }, t),
      ).toEqual(hit(5, v3(4, 0, 0), v3(0, 0, 1)));
      expect(
        np.raycastTriangle({ origin: v3(2, 2, 5), direction: v3(0, 0, -1) }, t),
      ).toEqual(hit(5, v3(2, 2, 0), v3(0, 0, 1)));
      expect(np.linecastTriangle(v3(1, 1, 5), v3(1, 1, 0), t)).toEqual(
        hit(5, v3(1, 1, 0), v3(0, 0, 1)),
      );
      expect(np.linecastTriangle(v3(1, 1, 5), v3(1, 1, 1), t)).toBeNull();
    }
  });

  it("triangle: a ray in its plane hits where it first touches it, with a unit normal along the face's", () => {
    const t = { a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) };
    const h = np.raycastTriangle(
      { origin: v3(-2, 1, 0), direction: v3(1, 0, 0) },
      t,
    );
    expect(h.distance).toBe(2);
    expect(h.point).toEqual(v3(0, 1, 0));
    expect(Math.abs(h.normal.z)).toBe(1);
    expect(
      np.raycastTriangle({ origin: v3(-2, 5, 0), direction: v3(1, 0, 0) }, t),
    ).toBeNull();
  });

  it("degenerate triangle: its segment, with the normal facing back along the ray", () => {
    const t = { a: v3(0, 0, 0), b: v3(2, 0, 0), c: v3(4, 0, 0) };
    expect(
      np.raycastTriangle({ origin: v3(1, 5, 0), direction: v3(0, -1, 0) }, t),
    ).toEqual(hit(5, v3(1, 0, 0), v3(0, 1, 0)));
    expect(
      np.raycastTriangle({ origin: v3(5, 5, 0), direction: v3(0, -1, 0) }, t),
    ).toBeNull();
  });

  it("capsule: the side, the caps, starting inside", () => {
    const c = { start: v3(0, 0, 0), end: v3(4, 0, 0), radius: 1 };
    expect(
      np.raycastCapsule({ origin: v3(1, 5, 0), direction: v3(0, -1, 0) }, c),
    ).toEqual(hit(4, v3(1, 1, 0), v3(0, 1, 0)));
    expect(
      np.raycastCapsule({ origin: v3(10, 0, 0), direction: v3(-2, 0, 0) }, c),
    ).toEqual(hit(5, v3(5, 0, 0), v3(1, 0, 0)));
    expect(
      np.raycastCapsule({ origin: v3(-10, 0, 0), direction: v3(1, 0, 0) }, c),
    ).toEqual(hit(9, v3(-1, 0, 0), v3(-1, 0, 0)));
    expect(
      np.raycastCapsule({ origin: v3(2, 0, 0.5), direction: v3(0, 0, 1) }, c),
    ).toEqual(hit(0, v3(2, 0, 0.5), v3(0, 0, -1)));
    expect(
      np.raycastCapsule({ origin: v3(1, 5, 0), direction: v3(0, 1, 0) }, c),
    ).toBeNull();
    expect(np.linecastCapsule(v3(1, 5, 0), v3(1, 1, 0), c)).toEqual(
      hit(4, v3(1, 1, 0), v3(0, 1, 0)),
    );
  });

  it("OBB: the entry face in the box's own axes", () => {
    const box = {
      center: v3(10, 0, 0),
      halfSize: v3(1, 0.5, 2),
      rotation: { elements: [0, 1, 0, -1, 0, 0, 0, 0, 1] },
    };
    expect(
      np.raycastOBB({ origin: v3(20, 0, 0), direction: v3(-1, 0, 0) }, box),
    ).toEqual(hit(9.5, v3(10.5, 0, 0), v3(1, 0, 0)));
    expect(
      np.raycastOBB({ origin: v3(10, 5, 0), direction: v3(0, -1, 0) }, box),
    ).toEqual(hit(4, v3(10, 1, 0), v3(0, 1, 0)));
    expect(np.linecastOBB(v3(20, 0, 0), v3(10.5, 0, 0), box)).toEqual(
      hit(9.5, v3(10.5, 0, 0), v3(1, 0, 0)),
    );
    expect(
      np.raycastOBB({ origin: v3(20, 1.5, 0), direction: v3(-1, 0, 0) }, box),
    ).toBeNull(); // world y spans [-1, 1] (local x)
    expect(
      np.raycastOBB({ origin: v3(20, 0, 2.5), direction: v3(-1, 0, 0) }, box),
    ).toBeNull();
  });
});

describe("watertight triangles", () => {
  it("a ray through any point of the edge two triangles share hits one of them, never neither", () => {
    const rng = random(1201);
    const a = v3(0, 0, 0),
      b = v3(4, 0, 0),
      c = v3(0, 4, 0),
      d = v3(4, 4, 0);
    const t1 = { a, b, c };
    const t2 = { a: b, b: d, c };
    for (let n = 0; n < 2000; n++) {
      // A point of the shared edge b-c (or a shared corner), scaled far from the origin now and then.
      // (Not its end points: there the union of the two has a silhouette corner, and a ray aimed at it
      // may pass beside both once its origin is rounded.)
      const s = n % 4 === 0 ? 1 : rng.pick([1e-6, 1e-3, 1e3, 1e6]);
      const u = 0.001 + 0.998 * rng.unit();
      const q = v3(4 * s * (1 - u), 4 * s * u, 0);
      const scaled = (t) => ({
        a: v3(t.a.x * s, t.a.y * s, t.a.z * s),
        b: v3(t.b.x * s, t.b.y * s, t.b.z * s),
        c: v3(t.c.x * s, t.c.y * s, t.c.z * s),
      });
      const dir = v3(rng.symmetric(), rng.symmetric(), -1 - rng.unit());
      const origin = v3(
        q.x - dir.x * 3 * s,
        q.y - dir.y * 3 * s,
        q.z - dir.z * 3 * s,
      );
      const ray = { origin, direction: dir };
      const h1 = np.raycastTriangle(ray, scaled(t1));
      const h2 = np.raycastTriangle(ray, scaled(t2));
      expect(
        h1 !== null || h2 !== null,
        `ray ${JSON.stringify(ray)} passed between the triangles`,
      ).toBe(true);
    }
  });
});

describe("three.js objects and three.js's answers", () => {
  it("takes Ray, Sphere, Triangle, Plane and OBB as they are, and agrees with three.js on random rays", () => {
    const rng = random(1202);
    const r3 = (s = 1) =>
      new Vector3(
        rng.symmetric() * s,
        rng.symmetric() * s,
        rng.symmetric() * s,
      );
    const scratch = new Vector3();
    let hits = 0;
    for (let n = 0; n < 1000; n++) {
      const sphere = new Sphere(r3(), rng.unit() + 0.1);
      // Aimed near the sphere, so that about half the rays hit it.
      const origin = r3(4);
      const ray = new Ray(
        origin,
        sphere.center.clone().add(r3(1)).sub(origin).normalize(),
      );
      const ours = np.raycastSphere(ray, sphere);
      const theirs = ray.intersectSphere(sphere, scratch);
      if (theirs && ray.origin.distanceTo(sphere.center) > sphere.radius) {
        expect(ours).not.toBeNull();
        expect(dist(ours.point, theirs)).toBeLessThan(1e-9);
        hits++;
      } else if (!theirs) expect(ours).toBeNull();

      const tri = new Triangle(r3(), r3(), r3());
      const t = np.raycastTriangle(ray, tri);
      const u = ray.intersectTriangle(tri.a, tri.b, tri.c, false, scratch);
      if (u) {
        expect(t).not.toBeNull();
        expect(dist(t.point, u)).toBeLessThan(1e-9);
      } else if (t) {
        // Only within rounding of an edge can they disagree.
        const edge = Math.min(
          ...[
            [tri.a, tri.b],
            [tri.b, tri.c],
            [tri.c, tri.a],
          ].map(([p, q]) => {
            const line = new Vector3().subVectors(q, p);
            const w = new Vector3().subVectors(t.point, p);
            return w.cross(line).length() / line.length();
          }),
        );
        expect(edge).toBeLessThan(1e-9);
      }

      const plane = new Plane().setFromNormalAndCoplanarPoint(
        r3().normalize(),
        r3(),
      );
      const pl = np.raycastPlane(ray, plane);
      const pu = ray.intersectPlane(plane, scratch);
      if (pu && Math.abs(plane.distanceToPoint(ray.origin)) > 1e-12) {
        expect(pl).not.toBeNull();
        expect(dist(pl.point, pu)).toBeLessThan(1e-9);
        expect(
          pl.normal.x * ray.direction.x +
            pl.normal.y * ray.direction.y +
            pl.normal.z * ray.direction.z,
        ).toBeLessThanOrEqual(0);
      } else if (!pu) expect(pl).toBeNull();

      const q = new Quaternion(
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      ).normalize();
      const obb = new OBB(
        r3(),
        new Vector3(rng.unit(), rng.unit(), rng.unit()),
        new Matrix3().setFromMatrix4(
          new Matrix4().makeRotationFromQuaternion(q),
        ),
      );
      const o = np.raycastOBB(ray, obb);
      const ou = obb.intersectRay(ray, scratch);
      if (ou && !obb.containsPoint(ray.origin)) {
        expect(o).not.toBeNull();
        expect(dist(o.point, ou)).toBeLessThan(1e-9);
      } else if (!ou) expect(o).toBeNull();
    }
    expect(hits).toBeGreaterThan(50);
  });

  it("fills a passed target and its nested vectors", () => {
    const target = {
      distance: -1,
      point: new Vector3(),
      normal: new Vector3(),
    };
    const { point, normal } = target;
    const result = np.raycastSphere(
      new Ray(new Vector3(0, 0, 10), new Vector3(0, 0, -1)),
      new Sphere(new Vector3(), 2),
      Infinity,
      target,
    );
    expect(result).toBe(target);
    expect(target.point).toBe(point);
    expect(target.normal).toBe(normal);
    expect(target.distance).toBe(8);
    expect([point.x, point.y, point.z]).toEqual([0, 0, 2]);
    expect([normal.x, normal.y, normal.z]).toEqual([0, 0, 1]);
  });
});
