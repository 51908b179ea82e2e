// overlapSphereAABB (article 000/001) and overlapOBBOBB / separatingAxisOBBOBB (article 003) against the real
// WASM module. Shapes are closed: touching counts as overlapping.
import { beforeAll, describe, expect, it } from "vitest";
import { OBB_AXIS_NAMES, init } from "../../web/lib/index.js";
import {
  AXES,
  IDENTITY,
  SIGNS,
  add,
  axisAngle,
  box,
  column,
  corners,
  cross,
  length,
  multiply,
  nextDown,
  nextUp,
  obb,
  obbExtent,
  onAxis,
  projectionGap,
  random,
  randomRotation,
  randomUnit,
  v3,
  scale,
  unitBox,
  vec,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const sphere = (center, radius) => ({ center: vec(center), radius });

// Offsets whose lengths are exact: (5), (3, 4), (2, 3, 6) -> 5, 5, 7.
const TRIPLES = [null, [5], [3, 4], [2, 3, 6]];
const TRIPLE_LENGTH = [0, 5, 5, 7];

/** Every direction from the cube [-1, 1]^3 to a face (1 non-zero sign), edge (2) or corner (3). */
function* directions() {
  for (const sx of [-1, 0, 1])
    for (const sy of [-1, 0, 1])
      for (const sz of [-1, 0, 1]) if (sx || sy || sz) yield [sx, sy, sz];
}

/** A center beyond the face, edge or corner in direction `dir` of the cube [-s, s]^3 + shift, at exact distance. */
function touchingCenter(dir, s, shift) {
  const nonzero = dir.filter((d) => d !== 0).length;
  const offsets = TRIPLES[nonzero];
  let k = 0;
  const c = dir.map((d) => (d === 0 ? 0 : d * (1 + offsets[k++])));
  return {
    center: c.map((v) => v * s + shift),
    distance: TRIPLE_LENGTH[nonzero] * s,
  };
}

describe("overlapSphereAABB", () => {
  it("counts a sphere touching a face, edge or corner as overlapping, and one ulp smaller as not, at many scales", () => {
    // s a power of two and shift a multiple of it: every coordinate and square below is exact.
    for (const [s, shift] of [
      [1, 0],
      [2 ** -20, 0],
      [2 ** 20, 0],
      [2 ** -10, 2 ** -10 * 777],
      [2 ** 10, -(2 ** 10) * 999],
    ]) {
      const b = box(
        [-s + shift, -s + shift, -s + shift],
        [s + shift, s + shift, s + shift],
      );
      for (const dir of directions()) {
        const { center, distance } = touchingCenter(dir, s, shift);
        expect(
          np.overlapSphereAABB(sphere(center, distance), b),
          `touching ${dir} at scale ${s}`,
        ).toBe(true);
        expect(np.overlapSphereAABB(sphere(center, nextUp(distance)), b)).toBe(
          true,
        );
        expect(
          np.overlapSphereAABB(sphere(center, nextDown(distance)), b),
          `just short ${dir} at scale ${s}`,
        ).toBe(false);
      }
    }
  });

  it("with radius 0 (or -0) is a point-in-closed-box test", () => {
    const values = [-1.5, -1, -0.5, 0, 1, 1.25];
    for (const x of values) {
      for (const y of values) {
        for (const z of values) {
          const inside = [x, y, z].every((v) => v >= -1 && v <= 1);
          expect(np.overlapSphereAABB(sphere([x, y, z], 0), unitBox())).toBe(
            inside,
          );
          expect(np.overlapSphereAABB(sphere([x, y, z], -0), unitBox())).toBe(
            inside,
          );
        }
      }
    }
  });

  it("works on flat boxes and point boxes", () => {
    for (const axis of AXES) {
      const lo = [-1, -1, -1],
        hi = [1, 1, 1];
      lo[axis] = hi[axis] = 0;
      for (const sign of SIGNS) {
        const c = onAxis(axis, 2 * sign);
        expect(
          np.overlapSphereAABB({ center: c, radius: 2 }, box(lo, hi)),
        ).toBe(true);
        expect(
          np.overlapSphereAABB({ center: c, radius: nextDown(2) }, box(lo, hi)),
        ).toBe(false);
      }
    }
    expect(
      np.overlapSphereAABB(sphere([3, 4, 0], 5), box([0, 0, 0], [0, 0, 0])),
    ).toBe(true);
    expect(
      np.overlapSphereAABB(
        sphere([3, 4, 0], nextDown(5)),
        box([0, 0, 0], [0, 0, 0]),
      ),
    ).toBe(false);
  });

  it("overlaps when the box is inside the sphere and when the sphere is inside the box", () => {
    expect(np.overlapSphereAABB(sphere([0, 0, 0], 100), unitBox())).toBe(true);
    expect(
      np.overlapSphereAABB(sphere([0.1, -0.2, 0.3], 0.01), unitBox()),
    ).toBe(true);
  });

  it("agrees with distancePointAABB(center) <= radius away from the decision boundary, at scales 1e-6 .. 1e6", () => {
    const rng = random(10);
    const both = [0, 0];
    for (let n = 0; n < 3000; n++) {
      const s = 10 ** rng.below(13) * 1e-6;
      const lo = [
        rng.symmetric() * s,
        rng.symmetric() * s,
        rng.symmetric() * s,
      ];
      const hi = lo.map((v) => v + rng.unit() * s);
      const b = box(lo, hi);
      const c = [
        rng.symmetric() * 3 * s,
        rng.symmetric() * 3 * s,
        rng.symmetric() * 3 * s,
      ];
      const r = rng.unit() * 3 * s;
      const d = np.distancePointAABB(vec(c), b);
      // Squared comparison vs sqrt comparison may differ only within a few ulp of the boundary: skip 1e-12.
      if (Math.abs(d - r) <= 1e-12 * s) continue;
      const overlap = np.overlapSphereAABB(sphere(c, r), b);
      expect(overlap).toBe(d <= r);
      both[overlap ? 1 : 0]++;
    }
    expect(Math.min(...both)).toBeGreaterThan(500); // both outcomes were exercised
  });
});

describe("overlapOBBOBB and separatingAxisOBBOBB", () => {
  const cube = (center, elements = IDENTITY) =>
    obb(center, [1, 1, 1], elements);

  it("names the 15 axes in the order they are tested", () => {
    expect(OBB_AXIS_NAMES).toHaveLength(15);
    expect(np.OBB_AXIS_NAMES).toBe(OBB_AXIS_NAMES);
    expect(OBB_AXIS_NAMES.slice(0, 6)).toEqual([
      "A.x",
      "A.y",
      "A.z",
      "B.x",
      "B.y",
      "B.z",
    ]);
    for (const i of AXES) {
      for (const j of AXES)
        expect(OBB_AXIS_NAMES[6 + 3 * i + j]).toBe(
          `A.${"xyz"[i]} × B.${"xyz"[j]}`,
        );
    }
    expect(np.tolerances).toEqual({ orthonormal: 1e-6, obbEdgeAxisSlack: 8 });
  });

  it("overlaps coincident boxes, rotated or not", () => {
    const rng = random(20);
    for (const m of [IDENTITY, randomRotation(rng), randomRotation(rng)]) {
      expect(np.overlapOBBOBB(cube([5, -6, 7], m), cube([5, -6, 7], m))).toBe(
        true,
      );
      expect(
        np.separatingAxisOBBOBB(cube([5, -6, 7], m), cube([5, -6, 7], m)),
      ).toBe(null);
    }
  });

  it("overlaps face-touching boxes, and is separated on that face axis one ulp further, for every axis and sign", () => {
    for (const axis of AXES) {
      for (const sign of SIGNS) {
        const touching = cube(scale(onAxisArray(axis), 2 * sign));
        expect(np.overlapOBBOBB(cube([0, 0, 0]), touching)).toBe(true);
        expect(np.separatingAxisOBBOBB(cube([0, 0, 0]), touching)).toBe(null);
        const apart = cube(scale(onAxisArray(axis), nextUp(2) * sign));
        expect(np.overlapOBBOBB(cube([0, 0, 0]), apart)).toBe(false);
        expect(np.separatingAxisOBBOBB(cube([0, 0, 0]), apart)).toBe(axis);
      }
    }
  });

  it("overlaps edge- and corner-touching boxes", () => {
    for (const dir of directions()) {
      const c = dir.map((d) => 2 * d);
      expect(
        np.overlapOBBOBB(cube([0, 0, 0]), cube(c)),
        `touching at ${dir}`,
      ).toBe(true);
    }
  });

  it("reports B's face axis when only it separates: a 45° box beside an upright one", () => {
    const turned = axisAngle([0, 0, 1], Math.PI / 4);
    // A (turned 45° about z) reaches sqrt(2) along world x; B (upright unit cube) reaches 1. Along A's own axes
    // their projections overlap; along B.x there is a gap of 0.01.
    const a = cube([0, 0, 0], turned);
    const b = cube([1 + Math.SQRT2 + 0.01, 0, 0]);
    expect(np.separatingAxisOBBOBB(a, b)).toBe(3);
    expect(np.overlapOBBOBB(a, b)).toBe(false);
    expect(np.overlapOBBOBB(a, cube([1 + Math.SQRT2 - 0.01, 0, 0]))).toBe(true);
    // Swapped, the upright box is A and its own x axis separates first.
    expect(np.separatingAxisOBBOBB(b, a)).toBe(0);
  });

  it("with identity rotations agrees exactly with the AABB interval test, touching included", () => {
    const rng = random(21);
    const values = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 2];
    let overlaps = 0;
    for (let n = 0; n < 2000; n++) {
      const ca = [rng.pick(values), rng.pick(values), rng.pick(values)];
      const cb = [rng.pick(values), rng.pick(values), rng.pick(values)];
      const ha = [
        rng.pick([0, 0.5, 1]),
        rng.pick([0, 0.5, 1]),
        rng.pick([0, 0.5, 1]),
      ];
      const hb = [
        rng.pick([0, 0.5, 1]),
        rng.pick([0, 0.5, 1]),
        rng.pick([0, 0.5, 1]),
      ];
      const expected = AXES.every(
        (i) => Math.abs(cb[i] - ca[i]) <= ha[i] + hb[i],
      );
      expect(np.overlapOBBOBB(obb(ca, ha), obb(cb, hb))).toBe(expected);
      // The same boxes described with signed, permuted columns and permuted half sizes.
      const perm = rng.pick([
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
        [0, 2, 1],
        [2, 1, 0],
        [1, 0, 2],
      ]);
      const m = new Array(9).fill(0);
      perm.forEach((world, col) => (m[col * 3 + world] = rng.pick([-1, 1])));
      expect(
        np.overlapOBBOBB(
          obb(ca, ha),
          obb(
            cb,
            perm.map((w) => hb[w]),
            m,
          ),
        ),
      ).toBe(expected);
      overlaps += expected;
    }
    expect(overlaps).toBeGreaterThan(200);
    expect(overlaps).toBeLessThan(1800);
  });

  it("gives the same answer with the arguments swapped, for random rotated boxes", () => {
    const rng = random(22);
    const counts = [0, 0];
    for (let n = 0; n < 2000; n++) {
      const ra = randomRotation(rng),
        rb = randomRotation(rng);
      const ha = [rng.unit() + 0.1, rng.unit() + 0.1, rng.unit() + 0.1],
        hb = [rng.unit() + 0.1, rng.unit() + 0.1, rng.unit() + 0.1];
      const u = randomUnit(rng);
      const cb = scale(
        u,
        (obbExtent(ha, ra, u) + obbExtent(hb, rb, u)) * rng.range(0.5, 1.2),
      );
      const a = obb([0, 0, 0], ha, ra),
        b = obb(cb, hb, rb);
      const ab = np.overlapOBBOBB(a, b);
      expect(np.overlapOBBOBB(b, a)).toBe(ab);
      counts[ab ? 1 : 0]++;
    }
    expect(Math.min(...counts)).toBeGreaterThan(300);
  });

  it("returns an axis that really separates the boxes, and null only when no axis clearly does", () => {
    const rng = random(23);
    for (let n = 0; n < 1500; n++) {
      const ra = randomRotation(rng),
        rb = randomRotation(rng);
      const ha = [rng.unit() * 2, rng.unit() * 2, rng.unit() * 2],
        hb = [rng.unit() * 2, rng.unit() * 2, rng.unit() * 2];
      const u = randomUnit(rng);
      const cb = scale(
        u,
        (obbExtent(ha, ra, u) + obbExtent(hb, rb, u)) * rng.range(0.6, 1.2),
      );
      const axis = np.separatingAxisOBBOBB(
        obb([0, 0, 0], ha, ra),
        obb(cb, hb, rb),
      );
      const va = corners([0, 0, 0], ha, ra),
        vb = corners(cb, hb, rb);
      const axes = [
        ...AXES.map((i) => column(ra, i)),
        ...AXES.map((j) => column(rb, j)),
        ...AXES.flatMap((i) =>
          AXES.map((j) => cross(column(ra, i), column(rb, j))),
        ),
      ];
      // Corner projections are computed here independently; 1e-12 covers their rounding (sizes are ~1).
      if (axis !== null) {
        expect(projectionGap(va, vb, axes[axis])).toBeGreaterThan(-1e-12);
      } else {
        for (let k = 0; k < 15; k++) {
          const L = axes[k];
          if (length(L) < 1e-3) continue; // a (nearly) parallel edge pair: not a usable axis
          // The edge-axis slack (8 * (rotation error + 2^-52) * (four half sizes + |tw|_1), with these
          // rotations exact to a few ulps and sizes ~1) may call boxes apart by less than ~1e-13 / |L|
          // overlapping; the corners' own rounding is 1e-12.
          const slack = k < 6 ? 1e-12 : 1e-13 / length(L) + 1e-12;
          expect(
            projectionGap(va, vb, L),
            `axis ${OBB_AXIS_NAMES[k]}`,
          ).toBeLessThanOrEqual(slack);
        }
      }
    }
  });

  it("separates long boxes a small angle from parallel by a small gap along their edges", () => {
    // Two 200-long bars turned 45 degrees about their long axes, B twisted by theta and lifted so that the
    // facing edges pass 0.005 apart: only A.x x B.x separates them. A fixed 1e-6 epsilon on |cos| hid this.
    const c = Math.SQRT1_2;
    for (const theta of [1e-3, 1e-4]) {
      const C = Math.cos(theta),
        S = Math.sin(theta);
      const a = {
        center: v3(0, 0, 0),
        halfSize: v3(100, 1, 1),
        rotation: { elements: [1, 0, 0, 0, c, c, 0, -c, c] },
      };
      const b = (gap) => ({
        center: v3(0, 0, 2 * Math.SQRT2 + gap),
        halfSize: v3(100, 1, 1),
        rotation: { elements: [C, S, 0, -S * c, C * c, c, S * c, -C * c, c] },
      });
      expect(np.separatingAxisOBBOBB(a, b(0.005))).toBe(6);
      expect(np.overlapOBBOBB(b(0.005), a)).toBe(false);
      expect(np.overlapOBBOBB(a, b(-0.005))).toBe(true);
    }
    // Rotations from float32 data (5e-8 from orthonormal) are made orthonormal inside the test rather than
    // covered by a slack that large: these 100-long bars are 0.009 apart along A.x × B.x.
    const A = {
      center: v3(0, 0, 0),
      halfSize: v3(50, 0.5, 0.5),
      rotation: {
        elements: [
          0.46185603737831116, -0.8152738809585571, -0.3493099808692932,
          0.6673258543014526, 0.5788358449935913, -0.4686419367790222,
          0.5842646956443787, -0.01665847934782505, 0.8113921880722046,
        ],
      },
    };
    const B = {
      center: v3(9.712449309497579, -17.36582616874423, -5.925586910902289),
      halfSize: v3(50, 0.5, 0.5),
      rotation: {
        elements: [
          0.46327298879623413, -0.8145200610160828, -0.34919223189353943,
          -0.4303460121154785, -0.5512157678604126, 0.7148171067237854,
          -0.7747131586074829, -0.18088196218013763, -0.605888843536377,
        ],
      },
    };
    expect(np.separatingAxisOBBOBB(A, B)).toBe(6);
    expect(np.overlapOBBOBB(B, A)).toBe(false);
  });

  it("never falsely separates overlapping boxes whose axes are exactly parallel (same rotation)", () => {
    const rng = random(24);
    for (let n = 0; n < 1000; n++) {
      const m = randomRotation(rng);
      const ha = [rng.unit() + 0.01, rng.unit() + 0.01, rng.unit() + 0.01],
        hb = [rng.unit() + 0.01, rng.unit() + 0.01, rng.unit() + 0.01];
      // Offset along B's axes by at most 0.999 of the face-touching distance on each axis: overlapping.
      const local = AXES.map((i) => rng.symmetric() * 0.999 * (ha[i] + hb[i]));
      const cb = add(
        add(scale(column(m, 0), local[0]), scale(column(m, 1), local[1])),
        scale(column(m, 2), local[2]),
      );
      const center = [
        rng.symmetric() * 100,
        rng.symmetric() * 100,
        rng.symmetric() * 100,
      ];
      expect(
        np.overlapOBBOBB(obb(center, ha, m), obb(add(center, cb), hb, m)),
      ).toBe(true);
    }
  });

  it("separates boxes with a nearly (not exactly) parallel axis pair that only an edge × edge axis separates", () => {
    // Article 003 skips all nine edge axes once any |R_ij| >= 0.999999; these pairs have such an |R_ij| and are
    // separated by 0.002 along an edge x edge axis while every face axis overlaps: they must come out apart.
    const rng = random(25);
    let found = 0;
    for (let tries = 0; found < 20 && tries < 5000; tries++) {
      const ra = randomRotation(rng);
      const turn = rng.unit() * Math.PI;
      const aboutX = [
        1,
        0,
        0,
        0,
        Math.cos(turn),
        Math.sin(turn),
        0,
        -Math.sin(turn),
        Math.cos(turn),
      ];
      // B: A turned about its own x axis, then tilted by 1e-4 .. 1e-3 rad: B.x is nearly parallel to A.x.
      const rb = multiply(
        axisAngle(randomUnit(rng), rng.range(1e-4, 1e-3)),
        multiply(ra, aboutX),
      );
      const ha = [rng.range(10, 50), rng.range(0.2, 3), rng.range(0.2, 3)];
      const hb = [rng.range(10, 50), rng.range(0.2, 3), rng.range(0.2, 3)];
      const i = rng.below(3),
        j = rng.below(3);
      const L = cross(column(ra, i), column(rb, j));
      if (length(L) < 1e-12) continue;
      const u = scale(L, 1 / length(L));
      const cb = scale(u, obbExtent(ha, ra, u) + obbExtent(hb, rb, u) + 0.002);
      const va = corners([0, 0, 0], ha, ra),
        vb = corners(cb, hb, rb);
      const faces = [
        ...AXES.map((k) => column(ra, k)),
        ...AXES.map((k) => column(rb, k)),
      ];
      if (faces.some((f) => projectionGap(va, vb, f) > -1e-7)) continue; // some face axis separates: not this case
      found++;
      const maxCos = Math.max(
        ...AXES.flatMap((p) =>
          AXES.map((q) =>
            Math.abs(
              column(ra, p)[0] * column(rb, q)[0] +
                column(ra, p)[1] * column(rb, q)[1] +
                column(ra, p)[2] * column(rb, q)[2],
            ),
          ),
        ),
      );
      expect(maxCos).toBeGreaterThanOrEqual(0.999999);
      expect(projectionGap(va, vb, L)).toBeGreaterThan(0.0019);
      const a = obb([0, 0, 0], ha, ra),
        b = obb(cb, hb, rb);
      expect(np.overlapOBBOBB(a, b)).toBe(false);
      expect(np.separatingAxisOBBOBB(a, b)).toBeGreaterThanOrEqual(6);
      expect(np.overlapOBBOBB(b, a)).toBe(false);
    }
    expect(found).toBe(20);
  });

  it("accepts zero half sizes: a point box and a plate", () => {
    const point = (c) => obb(c, [0, 0, 0]);
    expect(np.overlapOBBOBB(cube([0, 0, 0]), point([0.5, 0.5, 0.5]))).toBe(
      true,
    );
    expect(np.overlapOBBOBB(cube([0, 0, 0]), point([1, -1, 1]))).toBe(true); // on a corner
    expect(np.overlapOBBOBB(cube([0, 0, 0]), point([nextUp(1), 0, 0]))).toBe(
      false,
    );
    expect(np.overlapOBBOBB(point([2, 3, 4]), point([2, 3, 4]))).toBe(true);
    for (const axis of AXES) {
      const half = [2, 2, 2];
      half[axis] = 0;
      const plate = obb(scale(onAxisArray(axis), 1), half);
      expect(np.overlapOBBOBB(cube([0, 0, 0]), plate)).toBe(true); // lying on a face
      expect(
        np.overlapOBBOBB(
          cube([0, 0, 0]),
          obb(scale(onAxisArray(axis), nextUp(1)), half),
        ),
      ).toBe(false);
    }
  });

  it("accepts rotations that are a reflection, or off orthonormal by less than 1e-6", () => {
    const mirrored = [-1, 0, 0, 0, 1, 0, 0, 0, 1];
    expect(np.overlapOBBOBB(cube([0, 0, 0], mirrored), cube([2, 0, 0]))).toBe(
      true,
    );
    const nearly = [1 + 4e-7, 0, 0, 0, 1, 3e-7, 0, 0, 1];
    expect(np.overlapOBBOBB(cube([0, 0, 0], nearly), cube([1.5, 0, 0]))).toBe(
      true,
    );
    expect(np.overlapOBBOBB(cube([0, 0, 0], nearly), cube([2.5, 0, 0]))).toBe(
      false,
    );
  });
});

function onAxisArray(axis) {
  const v = onAxis(axis, 1);
  return [v.x, v.y, v.z];
}
