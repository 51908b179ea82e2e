// The capsule casts (capsuleCast*) against the real WASM module, with three.js objects as inputs and results:
// hand-computed first contacts over axes and signs (a ball, a crossing capsule, a box face, a small triangle
// under the capsule's side, a plane), a contact exactly at the end hits and an ulp beyond misses, a cast that
// starts overlapping takes the contact, a zero translation is the overlap test, no tunnelling through a thin
// triangle or plane at any speed, and seeded properties (at the fraction the capsule touches but does not
// overlap (a hair thinner, it is apart), at no earlier
// sampled fraction it overlaps, a miss overlaps nowhere on the path, a zero-length capsule is sphereCast*, an
// identity OBB is the AABB), result reuse and bad input.
import {
  Box3,
  Matrix3,
  Matrix4,
  Plane,
  Quaternion,
  Sphere,
  Triangle,
  Vector3,
} from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { AXES, SIGNS, expectError, random } from "./helpers.js";

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
const vec = (rng, s = 1) =>
  new Vector3(rng.symmetric(), rng.symmetric(), rng.symmetric()).multiplyScalar(
    s,
  );
const movedBy = (c, t, f, radius) =>
  new Capsule(
    c.start.clone().addScaledVector(t, f),
    c.end.clone().addScaledVector(t, f),
    radius,
  );

/** For each target: a seeded random instance near `at`, and its overlap test with a capsule. */
const TARGETS = {
  Sphere: {
    make: (rng, at) => new Sphere(at, rng.unit()),
    overlap: (c, s) => np.overlapSphereCapsule(s, c),
  },
  Capsule: {
    make: (rng, at) =>
      new Capsule(at, at.clone().add(vec(rng)), rng.unit() * 0.5),
    overlap: (c, s) => np.overlapCapsuleCapsule(c, s),
  },
  AABB: {
    make: (rng, at) =>
      new Box3(
        at,
        at.clone().add(new Vector3(rng.unit(), rng.unit(), rng.unit())),
      ),
    overlap: (c, s) => np.overlapCapsuleAABB(c, s),
  },
  OBB: {
    make: (rng, at) => {
      const q = new Quaternion(
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
        rng.symmetric(),
      ).normalize();
      return new OBB(
        at,
        new Vector3(rng.unit(), rng.unit(), rng.unit()),
        new Matrix3().setFromMatrix4(
          new Matrix4().makeRotationFromQuaternion(q),
        ),
      );
    },
    overlap: (c, s) => np.overlapCapsuleOBB(c, s),
  },
  Triangle: {
    make: (rng, at) =>
      new Triangle(
        at.clone().add(vec(rng, 1.5)),
        at.clone().add(vec(rng, 1.5)),
        at.clone().add(vec(rng, 1.5)),
      ),
    overlap: (c, s) => np.overlapCapsuleTriangle(c, s),
  },
  Plane: {
    make: (rng, at) => {
      const n = vec(rng, 2);
      return new Plane(n, -n.dot(at));
    },
    overlap: (c, s) => np.overlapCapsulePlane(c, s),
  },
};

describe("exact first contacts", () => {
  it("a lying capsule falling onto a ball, a crossing capsule, a box, a small triangle and a plane, on every axis and sign", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const M = (x, y, z) => onAxes(axis, sign, x, y, z);
        const up = plain(M(0, 1, 0));
        const lying = new Capsule(M(-1, 3, 0.25), M(1, 3, 0.25), 1);
        let h = np.capsuleCastSphere(
          new Capsule(M(-1, 3, 0), M(1, 3, 0), 1),
          M(0, -4, 0),
          new Sphere(M(0, 0, 0), 1),
        );
        expect(h.fraction).toBe(0.25);
        expect(h.distance).toBe(1);
        expect(plain(h.normal)).toEqual(up);
        expect(plain(h.point)).toEqual(plain(M(0, 1, 0)));
        expect(plain(h.center)).toEqual(plain(M(0, 2, 0)));
        expect(h.startedOverlapping).toBe(false);
        h = np.capsuleCastCapsule(
          lying,
          M(0, -8, 0),
          new Capsule(M(0, 0, -2), M(0, 0, 2), 1),
        );
        expect(h.fraction).toBe(0.125);
        expect(plain(h.normal)).toEqual(up);
        expect(plain(h.point)).toEqual(plain(M(0, 1, 0.25)));
        const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
        h = np.capsuleCastAABB(
          new Capsule(M(-5, 3, 0.25), M(5, 3, 0.25), 1),
          M(0, -8, 0),
          box,
        );
        expect(h.fraction).toBe(0.125);
        expect(plain(h.normal)).toEqual(up);
        expect(np.distancePointAABB(h.point, box)).toBe(0);
        const tri = new Triangle(M(0, 0, 0), M(1, 0, 0), M(0, 0, 1));
        h = np.capsuleCastTriangle(
          new Capsule(M(-5, 3, 0.25), M(5, 3, 0.25), 1),
          M(0, -8, 0),
          tri,
        );
        expect(h.fraction).toBe(0.25);
        expect(plain(h.normal)).toEqual(up);
        expect(plain(h.center)).toEqual(plain(M(0, 1, 0.25)));
        h = np.capsuleCastPlane(
          new Capsule(M(0, 1.5, 0), M(1, 3, 0), 1),
          M(0, -4, 0),
          new Plane(M(0, 2, 0), 0),
        );
        expect(h.fraction).toBe(0.125);
        expect(plain(h.normal)).toEqual(up);
        expect(plain(h.point)).toEqual(plain(M(0, 0, 0)));
        expect(plain(h.center)).toEqual(plain(M(0.5, 1.75, 0)));
      }
    }
  });

  it("hits with fraction 1 when the contact is exactly at the end, and misses an ulp short", () => {
    const c = new Capsule(new Vector3(-1, 2, 0), new Vector3(1, 2, 0), 0.5);
    const plane = new Plane(new Vector3(0, 1, 0), 0);
    expect(
      np.capsuleCastPlane(c, new Vector3(0, -1.5, 0), plane).fraction,
    ).toBe(1);
    const short = -1.5 + 2 ** -52;
    expect(np.capsuleCastPlane(c, new Vector3(0, short, 0), plane)).toBe(null);
    const tri = new Triangle(
      new Vector3(0, 0, 0),
      new Vector3(0.5, -1, 0),
      new Vector3(-0.5, -1, 0),
    );
    const lying = new Capsule(new Vector3(-3, 2, 0), new Vector3(3, 2, 0), 1);
    expect(
      np.capsuleCastTriangle(lying, new Vector3(0, -1, 0), tri).fraction,
    ).toBe(1);
    expect(
      np.capsuleCastTriangle(lying, new Vector3(0, -1 + 2 ** -53, 0), tri),
    ).toBe(null);
  });

  it("a cast that starts overlapping takes the contact; a zero translation is the overlap test", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    const c = new Capsule(
      new Vector3(-0.5, 1.5, 0),
      new Vector3(0.5, 1.5, 0),
      1,
    );
    const k = np.contactCapsuleAABB(c, box);
    for (const t of [new Vector3(), new Vector3(5, 0, 0)]) {
      const h = np.capsuleCastAABB(c, t, box);
      expect(h.startedOverlapping).toBe(true);
      expect(h.fraction).toBe(0);
      expect(plain(h.center)).toEqual({ x: 0, y: 1.5, z: 0 });
      expect(plain(h.normal)).toEqual(plain(k.normal));
      expect(plain(h.point)).toEqual(plain(k.pointB));
    }
    const apart = new Capsule(
      new Vector3(-0.5, 3, 0),
      new Vector3(0.5, 3, 0),
      1,
    );
    expect(np.capsuleCastAABB(apart, new Vector3(), box)).toBe(null);
  });

  it("never tunnels through a thin triangle or plane, from 0.01 to 1e15 per cast", () => {
    const tri = new Triangle(
      new Vector3(-1, 0, -1),
      new Vector3(1, 0, -1),
      new Vector3(0, 0, 1),
    );
    const plane = new Plane(new Vector3(0, 1, 0), 0);
    for (const speed of [0.01, 1, 100, 1e6, 1e15]) {
      for (const c of [
        new Capsule(new Vector3(-0.25, 0.5, 0), new Vector3(0.25, 0.5, 0), 0.1),
        new Capsule(new Vector3(-10, 0.5, 0), new Vector3(10, 0.5, 0), 0.1),
        new Capsule(new Vector3(0, 0.5, 0), new Vector3(0, 2, 0), 0),
      ]) {
        const t = new Vector3(0.001 * speed, -0.6 - speed, 0);
        const h = np.capsuleCastTriangle(c, t, tri);
        expect(h, `speed ${speed}`).not.toBe(null);
        expect(plain(h.normal)).toEqual({ x: 0, y: 1, z: 0 });
        expect(np.capsuleCastPlane(c, t, plane)).not.toBe(null);
      }
    }
  });

  it("touches an edge it crosses nearly parallel where it crosses it (a thin capsule, 1e-3 to 1e-18 rad)", () => {
    // The segment (-1, 1, -th)-(1, 1, th) moved by (0, -2, 0) crosses the edge (-1, 0, 0)-(1, 0, 0) at its
    // middle; its end balls pass on either side of the triangle's plane and beside the capsule's ends, so only
    // the edge feature touches, at (1 - r) / 2.
    const tri = new Triangle(
      new Vector3(-1, 0, 0),
      new Vector3(1, 0, 0),
      new Vector3(0, -1, 0),
    );
    const rod = new Capsule(new Vector3(-1, 0, 0), new Vector3(1, 0, 0), 0);
    for (const th of [1e-3, 1e-6, 1e-8, 2 ** -26, 1e-9, 1e-12, 1e-15, 1e-18]) {
      for (const r of [0, th / 2]) {
        const c = new Capsule(
          new Vector3(-1, 1, -th),
          new Vector3(1, 1, th),
          r,
        );
        for (const h of [
          np.capsuleCastTriangle(c, new Vector3(0, -2, 0), tri),
          np.capsuleCastCapsule(c, new Vector3(0, -2, 0), rod),
        ]) {
          expect(h, `th ${th}, r ${r}`).not.toBe(null);
          expect(h.fraction).toBeCloseTo((1 - r) / 2, 15);
          expect(plain(h.normal)).toEqual({ x: 0, y: 1, z: 0 });
          expect(Math.abs(h.point.x)).toBeLessThan(1e-9);
        }
      }
    }
  });

  it("hits at once a capsule within rounding of a box's edge moving into it (the fuzzer's finding)", () => {
    // The box is the flat face y = 1 (half size 6e-154 on y beside center 1); the capsule's axis lies 1e-308
    // below y = 0 with radius 1, so its common-normal distance to the box's long edge, -1 - 1e-308, rounds to
    // exactly -1: it moves up into the box, a contact at fraction 0, not a miss.
    const c = new Capsule(
      new Vector3(0, 0, 4.1720134847010026e-309),
      new Vector3(-4, -2.2250738585072014e-308, 4.0729056712839695e-312),
      1,
    );
    const box = new OBB(
      new Vector3(-2, 1, 6.2147608509582055e-317),
      new Vector3(3.4732827106519577e-310, 5.9666780743897723e-154, 3.28125),
      new Matrix3(),
    );
    const h = np.capsuleCastOBB(
      c,
      new Vector3(1.4920194697348805e-154, 1, 1),
      box,
    );
    expect(h).not.toBe(null);
    expect(h.fraction).toBe(0);
    expect(h.startedOverlapping).toBe(false);
    expect(h.normal.y).toBe(-1);
    expect(Math.abs(h.point.y - 1)).toBeLessThan(1e-15);
  });

  it("touches where it reports a segment grazing a triangle in its plane below rounding (the fuzzer's finding)", () => {
    // Native twin: CapsuleCastTriangle.RegressionFuzzSegmentGrazingInThePlaneBelowRounding. A segment 8.3e-309
    // long moved 6.7e-287 along the plane x = y of a triangle of that size, 2.5e-313 beside its corner: every
    // rounded feature missed but one touching at the end, and the cast said fraction 1, 5.5e-287 away.
    const L = 6.7372349943194047e-287;
    const c = new Capsule(
      new Vector3(0, 0, 0),
      new Vector3(
        1.9734560855977033e-312,
        2.427640957405549e-319,
        8.3440269694020052e-309,
      ),
      0,
    );
    const T = new Vector3(-L, -L, 2.8120188928718928e-312);
    const tri = new Triangle(
      new Vector3(0, 0, 1.0426638518491557e-309),
      new Vector3(0, 1.942745169951116e-318, -6.737232400689763e-287),
      new Vector3(-L, -L, -6.7373151610538051e-287),
    );
    const h = np.capsuleCastTriangle(c, T, tri);
    expect(h?.startedOverlapping).toBe(false);
    expect(h.fraction).toBeLessThan(1e-9);
    const d = T.clone().multiplyScalar(h.fraction);
    const moved = new Capsule(
      c.start.clone().add(d),
      c.end.clone().add(d),
      1e-9 * L,
    );
    expect(np.overlapCapsuleTriangle(moved, tri)).toBe(true);
  });
});

describe("seeded properties", () => {
  for (const [name, target] of Object.entries(TARGETS)) {
    it(`capsuleCast${name}: touching at the fraction, apart before it; a miss overlaps nowhere on the path`, () => {
      const rng = random(1200 + name.length);
      const cast = np[`capsuleCast${name}`];
      let hits = 0;
      for (let n = 0; n < 600; n++) {
        const c = new Capsule(vec(rng), vec(rng), rng.unit() * 0.5);
        const t = vec(rng, 4);
        const b = target.make(rng, vec(rng).addScaledVector(t, 0.5));
        const h = cast(c, t, b);
        if (h === null) {
          for (let k = 0; k <= 16; k++)
            expect(
              target.overlap(movedBy(c, t, k / 16, c.radius - 1e-9), b),
            ).toBe(false);
          continue;
        }
        hits++;
        expect(
          Math.abs(Math.hypot(h.normal.x, h.normal.y, h.normal.z) - 1),
        ).toBeLessThan(1e-15);
        expect(h.startedOverlapping).toBe(target.overlap(c, b));
        expect(
          target.overlap(movedBy(c, t, h.fraction, c.radius + 1e-9), b),
        ).toBe(true);
        // Touching, not overlapping: a hair thinner, it is apart there.
        if (!h.startedOverlapping && c.radius > 1e-9)
          expect(
            target.overlap(movedBy(c, t, h.fraction, c.radius - 1e-9), b),
            `n = ${n}: overlapping at the fraction ${h.fraction}`,
          ).toBe(false);
        for (let k = 0; k < 16; k++) {
          const f = (h.fraction * k) / 16 - 1e-9;
          if (f < 0) continue;
          expect(
            target.overlap(movedBy(c, t, f, c.radius - 1e-9), b),
            `n = ${n}`,
          ).toBe(false);
        }
      }
      expect(hits).toBeGreaterThan(100);
    });
  }

  it("a zero-length capsule is sphereCast* (but for distance = fraction * |translation|), an identity OBB is capsuleCastAABB, bit for bit", () => {
    const rng = random(1300);
    for (let n = 0; n < 400; n++) {
      const p = vec(rng);
      const t = vec(rng, 4);
      const r = rng.unit() * 0.5;
      const ball = new Capsule(p, p.clone(), r);
      for (const [name, target] of Object.entries(TARGETS)) {
        const b = target.make(rng, vec(rng).addScaledVector(t, 0.5));
        const ours = np[`capsuleCast${name}`](ball, t, b);
        const theirs = np[`sphereCast${name}`](p, p.clone().add(t), r, b);
        // The same hit but for the distance, fraction * |translation| (p + t rounds).
        if (ours !== null && theirs !== null) {
          expect(
            Math.abs(ours.distance - ours.fraction * t.length()),
          ).toBeLessThan(4e-15 * Math.max(1, ours.distance));
          ours.distance = theirs.distance;
        }
        expect(ours).toEqual(theirs);
      }
      const c = new Capsule(vec(rng), vec(rng), rng.unit() * 0.5);
      const center = vec(rng);
      const half = new Vector3(rng.unit(), rng.unit(), rng.unit());
      expect(
        np.capsuleCastOBB(c, t, new OBB(center, half, new Matrix3())),
      ).toEqual(
        np.capsuleCastAABB(
          c,
          t,
          new Box3(center.clone().sub(half), center.clone().add(half)),
        ),
      );
    }
  });
});

describe("result", () => {
  it("fills a result of three.js vectors in place and returns it; leaves it untouched on a miss", () => {
    const result = {
      distance: -1,
      fraction: -1,
      center: new Vector3(),
      point: new Vector3(),
      normal: new Vector3(),
      startedOverlapping: true,
    };
    const { center } = result;
    const c = new Capsule(new Vector3(-1, 3, 0), new Vector3(1, 3, 0), 1);
    const s = new Sphere(new Vector3(0, 0, 0), 1);
    expect(np.capsuleCastSphere(c, new Vector3(0, -4, 0), s, result)).toBe(
      result,
    );
    expect(result.center).toBe(center);
    expect(result.fraction).toBe(0.25);
    expect(result.startedOverlapping).toBe(false);
    const before = JSON.stringify(result);
    expect(np.capsuleCastSphere(c, new Vector3(0, 4, 0), s, result)).toBe(null);
    expect(JSON.stringify(result)).toBe(before);
  });

  it("rejects bad input naming the function, argument and field, and keeps working", () => {
    const c = new Capsule(new Vector3(-1, 3, 0), new Vector3(1, 3, 0), 1);
    const s = new Sphere(new Vector3(0, 0, 0), 1);
    expectError("capsuleCastSphere", RangeError, "translation.y", () =>
      np.capsuleCastSphere(c, new Vector3(0, NaN, 0), s),
    );
    expectError("capsuleCastAABB", RangeError, "capsule.radius", () =>
      np.capsuleCastAABB(
        new Capsule(new Vector3(), new Vector3(), -1),
        new Vector3(),
        new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1)),
      ),
    );
    expectError("capsuleCastPlane", TypeError, "translation", () =>
      np.capsuleCastPlane(c, undefined, new Plane(new Vector3(0, 1, 0), 0)),
    );
    expectError("capsuleCastCapsule", TypeError, "target.end", () =>
      np.capsuleCastCapsule(c, new Vector3(), {
        start: new Vector3(),
        radius: 1,
      }),
    );
    expect(np.capsuleCastSphere(c, new Vector3(0, -4, 0), s).fraction).toBe(
      0.25,
    );
  });
});
