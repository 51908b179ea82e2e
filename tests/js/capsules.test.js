// closestPointsSegmentSegment and the capsule overlaps (overlapCapsuleCapsule, overlapCapsuleAABB,
// overlapCapsuleOBB, overlapCapsuleTriangle) against the real WASM module: exact answers, touching
// configurations an ulp either side, every permutation and sign of the axes, agreement with the linecasts and
// the distance queries, the `target` convention and three.js objects.
import { beforeAll, describe, expect, it } from "vitest";
import * as THREE from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { init } from "../../web/lib/index.js";
import {
  SIGNS,
  box,
  nextDown,
  nextUp,
  obb,
  random,
  unitBox,
  vec,
  PERMUTATIONS,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

/** Every permutation and sign flip of the axes, as a function of [x, y, z] -> {x, y, z}. */
function* symmetries() {
  for (const p of PERMUTATIONS) {
    for (const sx of SIGNS) {
      for (const sy of SIGNS) {
        for (const sz of SIGNS) {
          const s = [sx, sy, sz];
          yield (a) => vec([0, 1, 2].map((i) => a[p[i]] * s[i] + 0)); // no -0
        }
      }
    }
  }
}
const capsule = (start, end, radius) => ({ start, end, radius });
const segment = (start, end) => ({ start, end });

describe("closestPointsSegmentSegment", () => {
  it("gives crossing segments' common perpendicular exactly, in every orientation", () => {
    for (const t of symmetries()) {
      const r = np.closestPointsSegmentSegment(
        segment(t([-1, 0, 0]), t([3, 0, 0])),
        segment(t([0, -2, 2]), t([0, 2, 2])),
      );
      expect(r.distance).toBe(2);
      expect(r.pointA).toEqual(t([0, 0, 0]));
      expect(r.pointB).toEqual(t([0, 0, 2]));
    }
  });

  it("gives parallel and collinear segments a pair at the minimum distance, never NaN", () => {
    const a = segment(vec([0, 0, 0]), vec([2, 0, 0]));
    const r = np.closestPointsSegmentSegment(
      a,
      segment(vec([1, 1, 0]), vec([3, 1, 0])),
    );
    expect(r.distance).toBe(1);
    expect(r.pointB.y - r.pointA.y).toBe(1);
    expect(r.pointA.x).toBeGreaterThanOrEqual(1);
    expect(r.pointA.x).toBeLessThanOrEqual(2);
    expect(
      np.closestPointsSegmentSegment(
        a,
        segment(vec([3, 0, 0]), vec([5, 0, 0])),
      ),
    ).toEqual({
      distance: 1,
      pointA: vec([2, 0, 0]),
      pointB: vec([3, 0, 0]),
    });
    expect(np.closestPointsSegmentSegment(a, a).distance).toBe(0);
  });

  it("treats a zero-length segment as a point: its partner is closestPointOnSegment, bit for bit", () => {
    const rng = random(41);
    for (let i = 0; i < 500; i++) {
      const p = vec([rng.symmetric(), rng.symmetric(), rng.symmetric()]);
      const s = segment(
        vec([rng.symmetric(), rng.symmetric(), rng.symmetric()]),
        vec([rng.symmetric(), rng.symmetric(), rng.symmetric()]),
      );
      const r = np.closestPointsSegmentSegment(segment(p, p), s);
      expect(r.pointA).toEqual(p);
      expect(r.pointB).toEqual(np.closestPointOnSegment(p, s));
      expect(r.distance).toBe(np.distancePointSegment(p, s));
    }
  });

  it("reports distance = |pointA - pointB| and no sampled pair closer", () => {
    const rng = random(43);
    for (let i = 0; i < 300; i++) {
      const pick = () =>
        vec([rng.symmetric(), rng.symmetric(), rng.symmetric()]);
      const a = segment(pick(), pick()),
        b = segment(pick(), pick());
      const r = np.closestPointsSegmentSegment(a, b);
      const dx = r.pointA.x - r.pointB.x,
        dy = r.pointA.y - r.pointB.y,
        dz = r.pointA.z - r.pointB.z;
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      expect(r.distance).toBe(d);
      for (let k = 0; k <= 20; k++) {
        const q = {
          x: a.start.x + ((a.end.x - a.start.x) * k) / 20,
          y: a.start.y + ((a.end.y - a.start.y) * k) / 20,
          z: a.start.z + ((a.end.z - a.start.z) * k) / 20,
        };
        expect(r.distance).toBeLessThanOrEqual(
          np.distancePointSegment(q, b) + 1e-15,
        );
      }
    }
  });

  it("fills a target in place (three.js Line3 inputs, Vector3 outputs) and returns it", () => {
    const target = {
      distance: -1,
      pointA: new THREE.Vector3(),
      pointB: new THREE.Vector3(),
    };
    const { pointA, pointB } = target;
    const out = np.closestPointsSegmentSegment(
      new THREE.Line3(new THREE.Vector3(-1, 0, 0), new THREE.Vector3(1, 0, 0)),
      new THREE.Line3(new THREE.Vector3(0, -1, 2), new THREE.Vector3(0, 1, 2)),
      target,
    );
    expect(out).toBe(target);
    expect(out.pointA).toBe(pointA);
    expect(out.pointB).toBe(pointB);
    expect(out.distance).toBe(2);
    expect(pointB.toArray()).toEqual([0, 0, 2]);
  });
});

describe("overlapCapsuleCapsule", () => {
  it("decides touching exactly: the radius sum is never rounded", () => {
    // 0.1 + 0.2 rounds to 0.30000000000000004, above the exact sum of the two doubles.
    for (const t of symmetries()) {
      const a = capsule(t([-1, 0, 0]), t([1, 0, 0]), 0.1);
      const d = 0.1 + 0.2;
      expect(
        np.overlapCapsuleCapsule(a, capsule(t([0, d, 0]), t([5, d, 0]), 0.2)),
      ).toBe(false);
      const e = nextDown(d);
      expect(
        np.overlapCapsuleCapsule(a, capsule(t([0, e, 0]), t([5, e, 0]), 0.2)),
      ).toBe(true);
    }
  });

  it("touches along a 3-4-5 triangle between end points, and not an ulp less", () => {
    for (const t of symmetries()) {
      const a = capsule(t([-6, -8, 0]), t([0, 0, 0]), 2);
      for (const [r, want] of [
        [3, true],
        [nextDown(3), false],
      ]) {
        const b = capsule(t([3, 4, 0]), t([9, 12, 0]), r);
        expect(np.overlapCapsuleCapsule(a, b)).toBe(want);
        expect(np.overlapCapsuleCapsule(b, a)).toBe(want);
      }
    }
  });

  it("agrees with three.js-style capsules and the segments' distance on random pairs", () => {
    const rng = random(47);
    for (let i = 0; i < 2000; i++) {
      const pick = () =>
        vec([rng.symmetric(), rng.symmetric(), rng.symmetric()]);
      const a = new Capsule(pick(), pick(), rng.unit() * 0.5);
      const b = new Capsule(pick(), pick(), rng.unit() * 0.5);
      const got = np.overlapCapsuleCapsule(a, b);
      expect(np.overlapCapsuleCapsule(b, a)).toBe(got);
      const d = np.closestPointsSegmentSegment(a, b).distance;
      const r = a.radius + b.radius;
      if (Math.abs(d - r) > 1e-12) expect(got).toBe(d < r);
    }
  });
});

describe("overlapCapsuleAABB and overlapCapsuleOBB", () => {
  it("touch a face, an edge or a corner exactly", () => {
    for (const t of symmetries()) {
      for (const [start, end, radius] of [
        [t([3, -0.5, 0]), t([3, 0.5, 0.25]), 2], // face x = 1, 2 away
        [t([4, 5, -3]), t([4, 5, 3]), 5], // edge x = y = 1, offset (3, 4)
        [t([3, 4, 7]), t([3, 4, 7]), 7], // corner (1, 1, 1), offset (2, 3, 6)
      ]) {
        expect(
          np.overlapCapsuleAABB(capsule(start, end, radius), unitBox()),
        ).toBe(true);
        expect(
          np.overlapCapsuleAABB(
            capsule(start, end, nextDown(radius)),
            unitBox(),
          ),
        ).toBe(false);
        // The same box as an OBB with the identity rotation.
        const o = obb([0, 0, 0], [1, 1, 1]);
        expect(np.overlapCapsuleOBB(capsule(start, end, radius), o)).toBe(true);
        expect(
          np.overlapCapsuleOBB(capsule(start, end, nextDown(radius)), o),
        ).toBe(false);
      }
    }
  });

  it("with radius 0, agree with linecastAABB and linecastOBB", () => {
    const rng = random(53);
    const ROT_90_Z = [0, 1, 0, -1, 0, 0, 0, 0, 1];
    for (let i = 0; i < 3000; i++) {
      const grid = i % 2 === 0;
      const pick = () =>
        vec([0, 1, 2].map(() => (grid ? rng.below(7) - 3 : rng.range(-3, 3))));
      const s = pick(),
        e = pick();
      expect(np.overlapCapsuleAABB(capsule(s, e, 0), unitBox())).toBe(
        np.linecastAABB(s, e, unitBox()) !== null,
      );
      const o = obb([0.5, 0, 0], [2, 1, 1], ROT_90_Z);
      expect(np.overlapCapsuleOBB(capsule(s, e, 0), o)).toBe(
        np.linecastOBB(s, e, o) !== null,
      );
    }
  });

  it("with start == end, agree with overlapSphereAABB", () => {
    const rng = random(59);
    for (let i = 0; i < 2000; i++) {
      const c = vec([rng.range(-3, 3), rng.range(-3, 3), rng.range(-3, 3)]);
      const r = rng.unit() * 2;
      const b = box([-1, -0.5, 0], [1, 0.5, 2]);
      expect(np.overlapCapsuleAABB(capsule(c, c, r), b)).toBe(
        np.overlapSphereAABB({ center: c, radius: r }, b),
      );
    }
  });
});

describe("overlapCapsuleTriangle", () => {
  const tri = (t) => ({ a: t([0, 0, 0]), b: t([4, 0, 0]), c: t([0, 4, 0]) });
  it("touches the face, an edge or a corner exactly", () => {
    for (const t of symmetries()) {
      for (const [start, end, radius] of [
        [t([1, 1, 3]), t([2, 1, 3]), 3], // lying over the face
        [t([1, -4, 3]), t([3, -4, 3]), 5], // beside the edge y = 0
        [t([7, 0, 4]), t([7, 0, 4]), 5], // beyond the corner (4, 0, 0)
      ]) {
        expect(
          np.overlapCapsuleTriangle(capsule(start, end, radius), tri(t)),
        ).toBe(true);
        expect(
          np.overlapCapsuleTriangle(
            capsule(start, end, nextDown(radius)),
            tri(t),
          ),
        ).toBe(false);
      }
    }
  });

  it("with radius 0, is hit by a segment through the face or exactly through an edge, and agrees with linecastTriangle", () => {
    for (const t of symmetries()) {
      const through = (x, y) =>
        np.overlapCapsuleTriangle(
          capsule(t([x, y, -1]), t([x, y, 1]), 0),
          tri(t),
        );
      expect(through(1, 1)).toBe(true);
      expect(through(2, 2)).toBe(true); // on the edge x + y = 4
      expect(through(2, nextUp(2))).toBe(false);
      for (const [x, y] of [
        [1, 1],
        [2, 2],
        [2, nextUp(2)],
        [0, 0],
        [-1, 0],
      ]) {
        expect(through(x, y)).toBe(
          np.linecastTriangle(t([x, y, -1]), t([x, y, 1]), tri(t)) !== null,
        );
      }
    }
  });

  it("treats a degenerate triangle as its segment", () => {
    const rng = random(61);
    for (let i = 0; i < 1000; i++) {
      const pick = () =>
        vec([rng.symmetric(), rng.symmetric(), rng.symmetric()]);
      const p = pick(),
        q = pick();
      const c = capsule(pick(), pick(), rng.unit());
      expect(np.overlapCapsuleTriangle(c, { a: p, b: q, c: q })).toBe(
        np.overlapCapsuleCapsule(c, capsule(p, q, 0)),
      );
    }
  });
});
