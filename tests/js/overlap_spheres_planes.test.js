// The overlap tests of spheres and planes against the real WASM module: overlapSphereSphere,
// overlapSphereCapsule, overlapSphereOBB, overlapSphereTriangle, overlapSpherePlane, overlapCapsulePlane,
// overlapAABBPlane, overlapOBBPlane, overlapTrianglePlane. Touching configurations built from exact numbers
// (3-4-5, axis-aligned) overlap and one ulp short do not, over every axis, sign and scale; the answers agree
// with the distance queries, the degenerate shapes' own queries and the AABB versions.
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  SIGNS,
  IDENTITY,
  KEYS,
  nextDown,
  nextUp,
  obb,
  random,
  randomRotation,
  v3,
  vec,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const SCALES = [2 ** -1070, 2 ** -540, 2 ** -30, 1, 2 ** 30, 2 ** 1000];
// The vector [a, b, c] with its components rotated onto `axis` first, each times `sign` and `s`.
const place = ([a, b, c], axis, sign, s = 1) => {
  const out = [0, 0, 0];
  out[axis] = a * sign * s;
  out[(axis + 1) % 3] = b * sign * s;
  out[(axis + 2) % 3] = c * sign * s;
  return vec(out);
};
const sphere = (center, radius) => ({ center, radius });
const randomVec = (rng, spread) =>
  v3(
    rng.symmetric() * spread,
    rng.symmetric() * spread,
    rng.symmetric() * spread,
  );
// Outside this relative band a comparison with a rounded distance is not rounding's to decide.
const apart = (a, b) => Math.abs(a - b) > 1e-9 * (Math.abs(a) + Math.abs(b));

describe("overlapSphereSphere", () => {
  it("touching (centers 5 apart, radii 2 + 3) overlaps, a radius one ulp short does not, at every scale, axis and sign", () => {
    for (const s of SCALES)
      for (const axis of AXES)
        for (const sign of SIGNS) {
          const a = sphere(place([1, 1, 7], axis, sign, s), 2 * s);
          const b = sphere(place([4, 5, 7], axis, sign, s), 3 * s);
          expect(np.overlapSphereSphere(a, b)).toBe(true);
          expect(np.overlapSphereSphere(b, a)).toBe(true);
          const short = sphere(b.center, nextDown(b.radius));
          expect(np.overlapSphereSphere(a, short)).toBe(false);
          expect(np.overlapSphereSphere(short, a)).toBe(false);
        }
  });

  it("is symmetric and agrees with distancePointSphere on seeded pairs", () => {
    const rng = random(31);
    for (let n = 0; n < 3000; n++) {
      const a = sphere(randomVec(rng, 2), rng.unit());
      const b = sphere(randomVec(rng, 2), rng.unit());
      const o = np.overlapSphereSphere(a, b);
      expect(np.overlapSphereSphere(b, a)).toBe(o);
      const d = np.distancePointSphere(a.center, b);
      if (apart(d, a.radius)) expect(o).toBe(d <= a.radius);
    }
  });

  it("decides centers 2e308 apart exactly (their difference overflows a double)", () => {
    const a = sphere(v3(-1e308, 0, 0), 1e308);
    expect(np.overlapSphereSphere(a, sphere(v3(1e308, 0, 0), 1e308))).toBe(
      true,
    );
    expect(
      np.overlapSphereSphere(a, sphere(v3(1e308, 0, 0), nextDown(1e308))),
    ).toBe(false);
  });
});

describe("overlapSphereCapsule", () => {
  // The capsule (0,0,0)-(6,8,0) of radius 1/2; balls of radius 9/2 whose centers are 5 from the segment.
  const CENTERS = {
    "beside the segment": [7, 1, 0],
    "before the start": [-3, -4, 0],
    "beyond the end": [9, 12, 0],
    "on the start's perpendicular": [-4, 3, 0],
  };
  for (const [where, c] of Object.entries(CENTERS)) {
    it(`touching ${where} overlaps, one ulp short does not, at every scale, axis and sign`, () => {
      for (const s of SCALES)
        for (const axis of AXES)
          for (const sign of SIGNS) {
            const capsule = {
              start: place([0, 0, 0], axis, sign, s),
              end: place([6, 8, 0], axis, sign, s),
              radius: 0.5 * s,
            };
            const center = place(c, axis, sign, s);
            expect(
              np.overlapSphereCapsule(sphere(center, 4.5 * s), capsule),
            ).toBe(true);
            expect(
              np.overlapSphereCapsule(
                sphere(center, nextDown(4.5 * s)),
                capsule,
              ),
            ).toBe(false);
          }
    });
  }

  it("a capsule with start == end is the ball, one of radius 0 the segment", () => {
    const rng = random(32);
    for (let n = 0; n < 3000; n++) {
      const s = sphere(randomVec(rng, 2), rng.unit());
      const a = randomVec(rng, 2);
      const b = randomVec(rng, 2);
      const r = rng.unit();
      expect(np.overlapSphereCapsule(s, { start: a, end: a, radius: r })).toBe(
        np.overlapSphereSphere(s, sphere(a, r)),
      );
      const d = np.distancePointSegment(s.center, { start: a, end: b });
      if (apart(d, s.radius))
        expect(
          np.overlapSphereCapsule(s, { start: a, end: b, radius: 0 }),
        ).toBe(d <= s.radius);
      const dc = np.distancePointCapsule(s.center, {
        start: a,
        end: b,
        radius: r,
      });
      if (apart(dc, s.radius))
        expect(
          np.overlapSphereCapsule(s, { start: a, end: b, radius: r }),
        ).toBe(dc <= s.radius);
    }
  });
});

describe("overlapSphereOBB", () => {
  it("an identity rotation gives exactly overlapSphereAABB", () => {
    const rng = random(33);
    for (let n = 0; n < 3000; n++) {
      const c = randomVec(rng, 2);
      const h = v3(rng.unit(), rng.unit(), n % 7 ? rng.unit() : 0);
      const s = sphere(randomVec(rng, 3), rng.unit());
      expect(
        np.overlapSphereOBB(s, obb([c.x, c.y, c.z], [h.x, h.y, h.z])),
      ).toBe(
        np.overlapSphereAABB(s, {
          min: v3(c.x - h.x, c.y - h.y, c.z - h.z),
          max: v3(c.x + h.x, c.y + h.y, c.z + h.z),
        }),
      );
    }
  });

  it("a quarter turn about z: touching beyond a face and a corner, one ulp short does not", () => {
    // Columns (0,1,0), (-1,0,0), (0,0,1); half sizes (1, 2, 3): world half extents (2, 1, 3).
    const box = obb([10, 20, 30], [1, 2, 3], [0, 1, 0, -1, 0, 0, 0, 0, 1]);
    const ext = [2, 1, 3];
    for (const axis of AXES)
      for (const sign of SIGNS) {
        const face = [10, 20, 30];
        face[axis] += sign * (ext[axis] + 5);
        expect(np.overlapSphereOBB(sphere(vec(face), 5), box)).toBe(true);
        expect(np.overlapSphereOBB(sphere(vec(face), nextDown(5)), box)).toBe(
          false,
        );
        // A corner region: 3 and 4 beyond the corner on two axes.
        const corner = [10 + sign * 2, 20 + sign * 1, 30 + sign * 3];
        corner[axis] += sign * 3;
        corner[(axis + 1) % 3] += sign * 4;
        expect(np.overlapSphereOBB(sphere(vec(corner), 5), box)).toBe(true);
        expect(np.overlapSphereOBB(sphere(vec(corner), nextDown(5)), box)).toBe(
          false,
        );
      }
  });

  it("agrees with distancePointOBB for seeded rotations", () => {
    const rng = random(34);
    for (let n = 0; n < 3000; n++) {
      const box = obb(
        [rng.symmetric(), rng.symmetric(), rng.symmetric()],
        [rng.unit(), rng.unit(), rng.unit()],
        randomRotation(rng),
      );
      const s = sphere(randomVec(rng, 3), rng.unit());
      const d = np.distancePointOBB(s.center, box);
      if (apart(d, s.radius))
        expect(np.overlapSphereOBB(s, box)).toBe(d <= s.radius);
    }
  });
});

describe("overlapSphereTriangle", () => {
  // The triangle (0,0,0), (8,0,0), (0,6,0) (hypotenuse normal (3,4)/5); centers 5 from it in each region.
  const CENTERS = {
    "above the face": [1, 1, 5],
    "below the face": [2, 1, -5],
    "beside edge ab": [4, -3, 4],
    "beside edge ca": [-4, 3, 3],
    "beside the hypotenuse, in the plane": [7, 7, 0],
    "beyond corner a": [-3, -4, 0],
    "beyond corner b": [12, 0, -3],
    "beyond corner c": [0, 9, 4],
  };
  const CORNERS = [
    [0, 0, 0],
    [8, 0, 0],
    [0, 6, 0],
  ];
  const ORDERS = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 1, 0],
  ];
  for (const [where, c] of Object.entries(CENTERS)) {
    it(`touching ${where} overlaps, one ulp short does not, at every scale, axis, sign and corner order`, () => {
      for (const s of SCALES)
        for (const axis of AXES)
          for (const sign of SIGNS)
            for (const order of ORDERS) {
              const [a, b, cc] = order.map((i) =>
                place(CORNERS[i], axis, sign, s),
              );
              const t = { a, b, c: cc };
              const center = place(c, axis, sign, s);
              expect(np.overlapSphereTriangle(sphere(center, 5 * s), t)).toBe(
                true,
              );
              expect(
                np.overlapSphereTriangle(sphere(center, nextDown(5 * s)), t),
              ).toBe(false);
            }
    });
  }

  it("a degenerate triangle is its segment or point; seeded triangles agree with distancePointTriangle", () => {
    const rng = random(35);
    for (let n = 0; n < 2000; n++) {
      const a = randomVec(rng, 2);
      const b = randomVec(rng, 2);
      const c = randomVec(rng, 2);
      const s = sphere(randomVec(rng, 3), rng.unit());
      expect(np.overlapSphereTriangle(s, { a, b: a, c: a })).toBe(
        np.overlapSphereSphere(s, sphere(a, 0)),
      );
      expect(np.overlapSphereTriangle(s, { a, b, c: a })).toBe(
        np.overlapSphereCapsule(s, { start: a, end: b, radius: 0 }),
      );
      const d = np.distancePointTriangle(s.center, { a, b, c });
      if (apart(d, s.radius))
        expect(np.overlapSphereTriangle(s, { a, b, c })).toBe(d <= s.radius);
    }
  });
});

describe("overlapSpherePlane", () => {
  it("touching an axis plane overlaps, one ulp short does not, for every axis, side and normal length", () => {
    for (const axis of AXES)
      for (const sign of SIGNS)
        for (const len of [2 ** -1060, 1, 2, 2 ** 600]) {
          // The plane x_axis = sign.
          const normal = vec(AXES.map((i) => (i === axis ? sign * len : 0)));
          const plane = { normal, constant: -len };
          const center = (v) => vec(AXES.map((i) => (i === axis ? v : 1 + i)));
          expect(
            np.overlapSpherePlane(sphere(center(5 * sign), 4), plane),
          ).toBe(true);
          expect(
            np.overlapSpherePlane(sphere(center(5 * sign), nextDown(4)), plane),
          ).toBe(false);
          expect(
            np.overlapSpherePlane(sphere(center(-3 * sign), 4), plane),
          ).toBe(true);
          expect(np.overlapSpherePlane(sphere(center(sign), 0), plane)).toBe(
            true,
          );
        }
  });

  it("a tilted normal: 3x + 4y = 0 is 5 from (3, 4, z), at every scale", () => {
    for (const s of SCALES) {
      const plane = { normal: v3(3, 4, 0), constant: 0 };
      expect(
        np.overlapSpherePlane(sphere(v3(3 * s, 4 * s, 7), 5 * s), plane),
      ).toBe(true);
      expect(
        np.overlapSpherePlane(
          sphere(v3(3 * s, 4 * s, 7), nextDown(5 * s)),
          plane,
        ),
      ).toBe(false);
    }
  });

  it("agrees with distancePointPlane on seeded inputs", () => {
    const rng = random(36);
    for (let n = 0; n < 3000; n++) {
      const plane = {
        normal: randomVec(rng, 3),
        constant: rng.symmetric() * 2,
      };
      const s = sphere(randomVec(rng, 3), rng.unit());
      const d = np.distancePointPlane(s.center, plane);
      if (apart(d, s.radius))
        expect(np.overlapSpherePlane(s, plane)).toBe(d <= s.radius);
    }
  });
});

describe("overlapCapsulePlane", () => {
  it("crossing, an end on the plane, and the nearer end ball touching; one ulp short does not", () => {
    for (const axis of AXES)
      for (const sign of SIGNS) {
        const plane = {
          normal: vec(AXES.map((i) => (i === axis ? 2 * sign : 0))),
          constant: -2 * sign,
        }; // x_axis = 1
        const at = (v, o) => vec(AXES.map((i) => (i === axis ? v : o * i)));
        const cap = (a, b, radius) => ({ start: a, end: b, radius });
        expect(np.overlapCapsulePlane(cap(at(-1, 0), at(3, 1), 0), plane)).toBe(
          true,
        );
        expect(np.overlapCapsulePlane(cap(at(1, 0), at(3, 1), 0), plane)).toBe(
          true,
        );
        expect(
          np.overlapCapsulePlane(cap(at(nextUp(1), 0), at(3, 1), 0), plane),
        ).toBe(false);
        expect(np.overlapCapsulePlane(cap(at(5, 0), at(3, 1), 2), plane)).toBe(
          true,
        );
        expect(
          np.overlapCapsulePlane(cap(at(5, 0), at(3, 1), nextDown(2)), plane),
        ).toBe(false);
        expect(
          np.overlapCapsulePlane(cap(at(-7, 0), at(-3, 1), 4), plane),
        ).toBe(true);
        expect(
          np.overlapCapsulePlane(cap(at(-7, 0), at(-3, 1), nextDown(4)), plane),
        ).toBe(false);
      }
  });

  it("radius 0 agrees with linecastPlane, start == end with overlapSpherePlane", () => {
    const rng = random(37);
    for (let n = 0; n < 3000; n++) {
      const plane = {
        normal: randomVec(rng, 3),
        constant: rng.symmetric() * 2,
      };
      const a = randomVec(rng, 3);
      const b = randomVec(rng, 3);
      const r = rng.unit();
      expect(
        np.overlapCapsulePlane({ start: a, end: b, radius: 0 }, plane),
      ).toBe(np.linecastPlane(a, b, plane) !== null);
      expect(
        np.overlapCapsulePlane({ start: a, end: a, radius: r }, plane),
      ).toBe(np.overlapSpherePlane(sphere(a, r), plane));
    }
  });
});

describe("overlapAABBPlane and overlapOBBPlane", () => {
  it("a plane through the box's farthest corner along its normal touches; an ulp beyond does not (every sign)", () => {
    const box = { min: v3(-1, -2, -3), max: v3(1, 2, 3) };
    for (const sx of SIGNS)
      for (const sy of SIGNS)
        for (const sz of SIGNS) {
          const normal = v3(sx, sy, sz);
          expect(np.overlapAABBPlane(box, { normal, constant: -6 })).toBe(true);
          expect(
            np.overlapAABBPlane(box, { normal, constant: nextDown(-6) }),
          ).toBe(false);
          const o = obb([0, 0, 0], [1, 2, 3]);
          expect(np.overlapOBBPlane(o, { normal, constant: -6 })).toBe(true);
          expect(
            np.overlapOBBPlane(o, { normal, constant: nextDown(-6) }),
          ).toBe(false);
        }
  });

  it("face planes touch, and a flat box lies in its plane", () => {
    const box = { min: v3(-1, -2, -3), max: v3(1, 2, 3) };
    for (const axis of AXES) {
      const normal = vec(AXES.map((i) => (i === axis ? 1 : 0)));
      const max = box.max[KEYS[axis]];
      expect(np.overlapAABBPlane(box, { normal, constant: -max })).toBe(true);
      expect(np.overlapAABBPlane(box, { normal, constant: -nextUp(max) })).toBe(
        false,
      );
    }
    const flat = { min: v3(-1, 0, -1), max: v3(1, 0, 1) };
    expect(
      np.overlapAABBPlane(flat, { normal: v3(0, 1, 0), constant: 0 }),
    ).toBe(true);
    expect(
      np.overlapAABBPlane(flat, { normal: v3(0, 1, 0), constant: 5e-324 }),
    ).toBe(false);
  });

  it("an identity OBB gives exactly overlapAABBPlane; a quarter turn moves the extents", () => {
    const rng = random(38);
    for (let n = 0; n < 3000; n++) {
      const c = [rng.symmetric(), rng.symmetric(), rng.symmetric()];
      const h = [rng.unit(), rng.unit(), rng.unit()];
      const plane = {
        normal: randomVec(rng, 1),
        constant: rng.symmetric() * 2,
      };
      expect(np.overlapOBBPlane(obb(c, h, IDENTITY), plane)).toBe(
        np.overlapAABBPlane(
          {
            min: vec(c.map((v, i) => v - h[i])),
            max: vec(c.map((v, i) => v + h[i])),
          },
          plane,
        ),
      );
    }
    // Half sizes (1, 2, 3) turned 90 degrees about z: world half extents (2, 1, 3).
    const box = obb([10, 20, 30], [1, 2, 3], [0, 1, 0, -1, 0, 0, 0, 0, 1]);
    expect(
      np.overlapOBBPlane(box, { normal: v3(1, 0, 0), constant: -12 }),
    ).toBe(true);
    expect(
      np.overlapOBBPlane(box, { normal: v3(1, 0, 0), constant: nextDown(-12) }),
    ).toBe(false);
    expect(
      np.overlapOBBPlane(box, { normal: v3(0, 1, 0), constant: -21 }),
    ).toBe(true);
    expect(
      np.overlapOBBPlane(box, { normal: v3(0, 1, 0), constant: nextDown(-21) }),
    ).toBe(false);
  });
});

describe("overlapTrianglePlane", () => {
  it("decides by the corners' exact signs: crossing, touching, lying in it, and an ulp off", () => {
    for (const axis of AXES) {
      const plane = {
        normal: vec(AXES.map((i) => (i === axis ? 1 : 0))),
        constant: -1,
      }; // x_axis = 1
      const tri = (v0, v1, v2) => {
        const at = (v, o) => vec(AXES.map((i) => (i === axis ? v : o + i)));
        return { a: at(v0, 0), b: at(v1, 1), c: at(v2, 2) };
      };
      expect(np.overlapTrianglePlane(tri(0, 2, 3), plane)).toBe(true);
      expect(np.overlapTrianglePlane(tri(1, 2, 3), plane)).toBe(true);
      expect(np.overlapTrianglePlane(tri(nextUp(1), 2, 3), plane)).toBe(false);
      expect(np.overlapTrianglePlane(tri(1, 1, 1), plane)).toBe(true);
      expect(np.overlapTrianglePlane(tri(nextDown(1), -2, 0), plane)).toBe(
        false,
      );
    }
    // 0.1 x + 0.2 y + 0.3 z - 0.2 = 0 holds exactly at (2, 0, 0); not an ulp beyond.
    const plane = { normal: v3(0.1, 0.2, 0.3), constant: -0.2 };
    expect(
      np.overlapTrianglePlane(
        { a: v3(2, 0, 0), b: v3(5, 1, 1), c: v3(3, 2, 1) },
        plane,
      ),
    ).toBe(true);
    expect(
      np.overlapTrianglePlane(
        { a: v3(nextUp(2), 0, 0), b: v3(5, 1, 1), c: v3(3, 2, 1) },
        plane,
      ),
    ).toBe(false);
  });
});
