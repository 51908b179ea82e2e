// The sphere casts against capsules, boxes, OBBs, triangles and planes (sphereCast*) against the real WASM
// module, with three.js objects: exact first contacts, casts that start overlapping (the contact's normal and
// point), no tunnelling through thin shapes at any speed, grazing hits and an ulp short misses, the cast
// invariants of EDGE_CASES.md over seeded paths (at the fraction the ball touches, no earlier sampled point
// overlaps, a larger radius never hits later, a miss never comes within reach), and `result` reuse.
import { Box3, Matrix3, Plane, Triangle, Vector3 } from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { nextUp, random } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const rv = (rng, s = 1) =>
  new Vector3(rng.symmetric() * s, rng.symmetric() * s, rng.symmetric() * s);
const SHAPES = {
  Capsule: (rng) => new Capsule(rv(rng), rv(rng), rng.unit()),
  AABB: (rng) => {
    const min = rv(rng);
    return new Box3(
      min,
      min.clone().add(new Vector3(rng.unit(), rng.unit(), rng.unit())),
    );
  },
  OBB: (rng) => {
    const a = rng.range(0, Math.PI);
    const c = Math.cos(a),
      s = Math.sin(a);
    return new OBB(
      rv(rng),
      new Vector3(rng.unit(), rng.unit(), rng.unit()),
      new Matrix3().set(c, -s, 0, s, c, 0, 0, 0, 1),
    );
  },
  Triangle: (rng) => new Triangle(rv(rng, 2), rv(rng, 2), rv(rng, 2)),
  Plane: (rng) => new Plane(rv(rng, 2), rng.symmetric()),
};
const distance = (shape, p, b) => np[`distancePoint${shape}`](p, b);
const lerp = (s, e, t) => new Vector3().lerpVectors(s, e, t);

describe("exact first contacts", () => {
  it("hits a plane or triangle from either side with the normal facing the ball, and never tunnels", () => {
    const plane = new Plane(new Vector3(0, 0, 2), -2); // z = 1
    const tri = new Triangle(
      new Vector3(-5, -5, 1),
      new Vector3(5, -5, 1),
      new Vector3(0, 5, 1),
    );
    for (const side of [1, -1]) {
      const start = new Vector3(0, 0, 1 + 4 * side),
        end = new Vector3(0, 0, 1 - 6 * side);
      const expected = {
        distance: 3,
        fraction: 0.3,
        center: { x: 0, y: 0, z: 1 + side },
        point: { x: 0, y: 0, z: 1 },
        normal: { x: 0, y: 0, z: side },
        startedOverlapping: false,
      };
      expect(np.sphereCastPlane(start, end, 1, plane)).toEqual(expected);
      // The triangle's offset face is entered in rounded arithmetic: within an ulp or two.
      const t = np.sphereCastTriangle(start, end, 1, tri);
      expect(t.normal).toEqual(expected.normal);
      expect(Math.abs(t.distance - 3)).toBeLessThan(1e-14);
      expect(Math.abs(t.center.z - expected.center.z)).toBeLessThan(1e-14);
      expect(t.point).toEqual(expected.point);
    }
    for (const far of [1e3, 1e9, 1e200]) {
      const hit = np.sphereCastTriangle(
        new Vector3(0, 0, far),
        new Vector3(0, 0, -far),
        0,
        tri,
      );
      expect(hit, `${far}`).not.toBe(null);
      expect(hit.normal).toEqual({ x: 0, y: 0, z: 1 });
      expect(
        np.sphereCastPlane(
          new Vector3(0, 0, -far),
          new Vector3(0, 0, far),
          0,
          plane,
        ).normal,
      ).toEqual({
        x: 0,
        y: 0,
        z: -1,
      });
    }
  });

  it("reaches a box's face, ending exactly on it hits at fraction 1 and an ulp short misses", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    expect(
      np.sphereCastAABB(
        new Vector3(5, 0.5, 0.25),
        new Vector3(-5, 0.5, 0.25),
        1,
        box,
      ),
    ).toEqual({
      distance: 3,
      fraction: 0.3,
      center: { x: 2, y: 0.5, z: 0.25 },
      point: { x: 1, y: 0.5, z: 0.25 },
      normal: { x: 1, y: 0, z: 0 },
      startedOverlapping: false,
    });
    expect(
      np.sphereCastAABB(new Vector3(5, 0, 0), new Vector3(2, 0, 0), 1, box)
        .fraction,
    ).toBe(1);
    expect(
      np.sphereCastAABB(
        new Vector3(5, 0, 0),
        new Vector3(nextUp(2), 0, 0),
        1,
        box,
      ),
    ).toBe(null);
    // Grazing the grown face y = 2 hits; an ulp beyond it misses.
    expect(
      np.sphereCastAABB(new Vector3(5, 2, 0), new Vector3(-5, 2, 0), 1, box),
    ).not.toBe(null);
    expect(
      np.sphereCastAABB(
        new Vector3(5, nextUp(2), 0),
        new Vector3(-5, nextUp(2), 0),
        1,
        box,
      ),
    ).toBe(null);
  });

  it("starting inside or touching gives the contact at the start (contactSphere*'s normal and point)", () => {
    const box = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    const start = new Vector3(0.5, 0.125, 0);
    const hit = np.sphereCastAABB(start, new Vector3(-5, 0, 0), 0.25, box);
    const contact = np.contactSphereAABB({ center: start, radius: 0.25 }, box);
    expect(hit).toEqual({
      distance: 0,
      fraction: 0,
      center: { x: 0.5, y: 0.125, z: 0 },
      point: contact.pointB,
      normal: contact.normal,
      startedOverlapping: true,
    });
    expect(hit.normal).toEqual({ x: 1, y: 0, z: 0 }); // the nearest face, not back along the cast
    const capsule = new Capsule(new Vector3(-2, 0, 0), new Vector3(2, 0, 0), 1);
    const c = np.sphereCastCapsule(
      new Vector3(0, 1.5, 0),
      new Vector3(0, 9, 0),
      1,
      capsule,
    );
    expect(c.startedOverlapping).toBe(true);
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(c.point).toEqual({ x: 0, y: 1, z: 0 });
  });
});

describe("seeded properties (EDGE_CASES.md, sphere casts)", () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it(`sphereCast${shape}: touching at the fraction, apart before it, a larger radius never later`, () => {
      const rng = random(900 + shape.length);
      const cast = np[`sphereCast${shape}`];
      let hits = 0;
      for (let n = 0; n < 1500; n++) {
        const b = make(rng);
        const s = rv(rng, 4),
          e = rv(rng, 4),
          r = rng.unit();
        const hit = cast(s, e, r, b);
        if (hit === null) {
          for (let i = 0; i <= 32; i++)
            expect(distance(shape, lerp(s, e, i / 32), b)).toBeGreaterThan(
              r - 1e-9,
            );
          continue;
        }
        hits++;
        expect(
          Math.hypot(hit.normal.x, hit.normal.y, hit.normal.z),
        ).toBeCloseTo(1, 14);
        expect(distance(shape, hit.point, b)).toBeLessThanOrEqual(1e-9);
        if (hit.startedOverlapping) {
          expect(distance(shape, s, b)).toBeLessThanOrEqual(r + 1e-9);
          continue;
        }
        expect(
          Math.abs(distance(shape, hit.center, b) - r),
          `n = ${n}`,
        ).toBeLessThan(1e-9);
        for (let i = 0; i < 32; i++)
          expect(
            distance(shape, lerp(s, e, (hit.fraction * i) / 32), b),
          ).toBeGreaterThan(r - 1e-9);
        const bigger = cast(s, e, r * 1.5 + 0.01, b);
        expect(bigger).not.toBe(null);
        expect(bigger.fraction).toBeLessThanOrEqual(hit.fraction + 1e-12);
      }
      expect(hits).toBeGreaterThan(100);
    });
  }
});

describe("result", () => {
  it("fills a result of three.js vectors in place; a miss leaves it untouched and returns null", () => {
    const result = {
      distance: -1,
      fraction: -1,
      center: new Vector3(),
      point: new Vector3(),
      normal: new Vector3(),
      startedOverlapping: null,
    };
    const { center, point, normal } = result;
    const plane = new Plane(new Vector3(0, 1, 0), 0);
    expect(
      np.sphereCastPlane(
        new Vector3(0, 5, 0),
        new Vector3(0, -5, 0),
        1,
        plane,
        result,
      ),
    ).toBe(result);
    expect(result.center).toBe(center);
    expect(result.point).toBe(point);
    expect(result.normal).toBe(normal);
    expect(result.fraction).toBe(0.4);
    expect(center.y).toBe(1);
    const before = JSON.stringify(result);
    expect(
      np.sphereCastPlane(
        new Vector3(0, 5, 0),
        new Vector3(0, 3, 0),
        1,
        plane,
        result,
      ),
    ).toBe(null);
    expect(JSON.stringify(result)).toBe(before);
  });
});

describe("fuzz findings", () => {
  // The fuzzer's valid np_capsuleCastTriangle (native twin: SphereCastTriangle.RegressionFuzzGrazingACornerFromThePlane):
  // a ball starting in the triangle's plane beside it, moving off the plane to graze its corner exactly at the end,
  // was reported touching at the start (fraction 0, 1 away from the triangle).
  it("a ball leaving the triangle's plane that grazes a corner at the end hits at fraction 1", () => {
    const tri = new Triangle(
      new Vector3(0, 1, 0),
      new Vector3(0, 3, 5),
      new Vector3(0, 3, -5),
    );
    for (const e of [-30, -60, -200, -1000, -1022]) {
      const r = 2 ** e;
      for (const side of [1, -1]) {
        const end = new Vector3(side * r, 1, 0);
        const hit = np.sphereCastTriangle(new Vector3(0, 0, 0), end, r, tri);
        expect(hit, `2^${e}`).toEqual({
          distance: hit?.distance,
          fraction: 1,
          center: { x: side * r, y: 1, z: 0 },
          point: { x: 0, y: 1, z: 0 },
          normal: { x: side, y: 0, z: 0 },
          startedOverlapping: false,
        });
        expect(hit.distance).toBe(Math.hypot(r, 1));
        const capsule = new Capsule(
          new Vector3(0, 0, 0),
          new Vector3(0, 0, -0.5),
          r,
        );
        expect(np.capsuleCastTriangle(capsule, end, tri)?.fraction).toBe(1);
      }
    }
  });
  // The fuzzer's raw np_capsuleCastTriangle (native twin: SphereCastTriangle.RegressionFuzzTinyRadiusParallelToAHugeSliver):
  // a ball of radius 0.5 sent 4.6e100 parallel to a triangle of that size, 0.35 from its plane, entering a sliver
  // 2^-13 of the size wide, was reported touching at fraction 0, then (the rounded edge capsules missing the edge
  // it enters through) at fraction 1: 1.2e-4 of the path late. The exact fraction is 8192/8193.
  it("a ball of radius 0.5 sent 1e20..1e300 along a huge sliver's plane enters it at 8192/8193, within 1e-9", () => {
    for (const L of [1e20, 1e50, 4.6e100, 1e150, 1e300]) {
      const tri = new Triangle(
        new Vector3(-L, 0, 0),
        new Vector3(-L + L * 2 ** -13, -L, -L),
        new Vector3(-L, -L, -L),
      );
      const hit = np.sphereCastTriangle(
        new Vector3(0, 0.5, 0),
        new Vector3(-L, 0.5 - L, -L),
        0.5,
        tri,
      );
      expect(hit?.startedOverlapping, `${L}`).toBe(false);
      expect(Math.abs(hit.fraction - 8192 / 8193), `${L}`).toBeLessThan(1e-9);
      const capsule = new Capsule(
        new Vector3(-5, 0.5, 0),
        new Vector3(0, 0.5, 0),
        0.5,
      );
      const cast = np.capsuleCastTriangle(
        capsule,
        new Vector3(-L, -L, -L),
        tri,
      );
      expect(cast?.startedOverlapping, `${L}`).toBe(false);
      expect(Math.abs(cast.fraction - 8192 / 8193), `${L}`).toBeLessThan(1e-9);
    }
  });

  // The same across a face: a ball of radius 0.5 sent L along a plane 0.3 from a triangle of size L, entering it
  // across an edge that meets the path at L (1/2 + 2^-14), was reported touching at the end (fraction 1, through
  // the triangle) from L = 1e20; beside the edge's middle (y = ±0.5) no rounded piece was entered at all, and the
  // rounded distances said 1 too; a capsule across the path (those two balls at its ends) likewise.
  it("a ball or capsule of radius 0.5 sent 1e20..1e300 across a huge triangle 0.3 from its plane enters it half way", () => {
    for (const L of [1e20, 1e50, 1e100, 1e150, 1e300]) {
      const tri = new Triangle(
        new Vector3(L / 2, -L / 4, 0),
        new Vector3(L / 2 + L * 2 ** -13, L / 4, 0),
        new Vector3(L, 0, 0),
      );
      for (const z of [0.3, -0.3]) {
        for (const y of [0, 0.5, -0.5]) {
          const hit = np.sphereCastTriangle(
            new Vector3(0, y, z),
            new Vector3(L, y, z),
            0.5,
            tri,
          );
          expect(hit?.startedOverlapping, `${L} ${z} ${y}`).toBe(false);
          expect(
            Math.abs(hit.fraction - (0.5 + 2 ** -14)),
            `${L} ${z} ${y}`,
          ).toBeLessThan(1e-9);
        }
        const capsule = new Capsule(
          new Vector3(0, -0.5, z),
          new Vector3(0, 0.5, z),
          0.5,
        );
        const cast = np.capsuleCastTriangle(capsule, new Vector3(L, 0, 0), tri);
        expect(cast?.startedOverlapping, `${L} ${z}`).toBe(false);
        expect(
          Math.abs(cast.fraction - (0.5 + 2 ** -14)),
          `${L} ${z}`,
        ).toBeLessThan(1e-9);
      }
    }
  });
  // The fuzzer's valid np_sphereCastOBB (native twin: SphereCastOBB.RegressionFuzzStartOnARotatedFaceGetsThatFacesNormal):
  // a point cast from a start on a rotated box's face (the exact test: apart, by rounding) into the box hit at fraction
  // 0 with the normal -unit(direction), no normal of the box; now the face's.
  it("a point cast into a rotated box from a start on its face gets that face's normal", () => {
    const c = 0.99969881869620425,
      s = 0.024541228522912448;
    const box = new OBB(
      new Vector3(3.96875, 3.96875, 3.96875),
      new Vector3(4, 3.875, 3.96875),
      new Matrix3().set(c, 0, -s, 0, 1, 0, s, 0, c),
    );
    const hit = np.sphereCastOBB(
      new Vector3(-0.030045274784817, 1.0662990196078432, 3.8705850859083504),
      new Vector3(7.9675452747848166, 7.84375, 4.0669149140916501),
      0,
      box,
    );
    expect(hit?.fraction).toBe(0);
    expect(hit.startedOverlapping).toBe(false);
    expect(hit.normal.x).toBeCloseTo(-c, 15);
    expect(hit.normal.y).toBe(0);
    expect(hit.normal.z).toBeCloseTo(-s, 15);
  });
});
