// overlapAABBAABB, overlapAABBOBB, overlapAABBTriangle, overlapOBBTriangle and overlapTriangleTriangle against
// the real WASM module: touching counts, and touching configurations are decided exactly.
import { Box3, Triangle as ThreeTriangle, Vector3 } from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  AXES,
  IDENTITY,
  SIGNS,
  box,
  nextUp,
  obb,
  random,
  randomRotation,
  unitBox,
  v3,
  vec,
  PERMUTATIONS,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const tri = (a, b, c) => ({ a: vec(a), b: vec(b), c: vec(c) });
const H = 2 ** -50; // exact offsets on these small integer coordinates

// Every symmetry of the cube: a permutation of the axes and a sign per axis (exact).
const SYMMETRIES = PERMUTATIONS.flatMap((perm) =>
  [0, 1, 2, 3, 4, 5, 6, 7].map(
    (signs) => (p) => perm.map((k, i) => ((signs >> i) & 1 ? -p[k] : p[k])),
  ),
);
const mapTri = (s, t) => t.map(s);
const ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
];
const asTri = (t, order = [0, 1, 2]) =>
  tri(t[order[0]], t[order[1]], t[order[2]]);
const moved = (t, d) => t.map((p) => [p[0] + d[0], p[1] + d[1], p[2] + d[2]]);

// Triangles touching the box [-1, 1]^3 at a corner, along an edge, on a face, and a face's edge, with the
// direction that moves each one off (by H, exact) and, negated, into the box.
const TOUCHING = [
  {
    what: "corner",
    t: [
      [1, 1, 1],
      [3, 0, 0],
      [0, 3, 0],
    ],
    away: [0, 0, H],
  },
  {
    what: "edge",
    t: [
      [0, 2, 0],
      [2, 0, 0],
      [5, 5, 3],
    ],
    away: [H, 0, 0],
  },
  {
    what: "face",
    t: [
      [1, 0, 0],
      [1, 5, 0],
      [1, 0, 5],
    ],
    away: [H, 0, 0],
  },
  {
    what: "face edge",
    t: [
      [1, 1, -3],
      [1, 1, 3],
      [1, 4, 0],
    ],
    away: [0, H, 0],
  },
];

describe("overlapAABBAABB", () => {
  it("boxes touching at a face, an edge or a corner overlap, and an ulp apart they do not", () => {
    for (const s of SYMMETRIES) {
      for (const dir of [
        [1, 0, 0],
        [1, 1, 0],
        [1, 1, 1],
      ]) {
        const d = s(dir).map((x) => 2 * x);
        const b = box(
          [-1 + d[0], -1 + d[1], -1 + d[2]],
          [1 + d[0], 1 + d[1], 1 + d[2]],
        );
        expect(np.overlapAABBAABB(unitBox(), b)).toBe(true);
        expect(np.overlapAABBAABB(b, unitBox())).toBe(true);
        // Pull b's near bound an ulp beyond the face along the first non-zero axis.
        const k = d.findIndex((x) => x !== 0);
        const key = ["x", "y", "z"][k];
        const apart = { min: { ...b.min }, max: { ...b.max } };
        if (d[k] > 0) apart.min[key] = nextUp(1);
        else apart.max[key] = -nextUp(1);
        expect(np.overlapAABBAABB(unitBox(), apart)).toBe(false);
        expect(np.overlapAABBAABB(apart, unitBox())).toBe(false);
      }
    }
  });

  it("takes three.js Box3 objects, flat boxes and point boxes", () => {
    const a = new Box3(new Vector3(0, 0, 0), new Vector3(1, 1, 1));
    const flat = new Box3(new Vector3(1, -5, -5), new Vector3(1, 5, 5));
    expect(np.overlapAABBAABB(a, flat)).toBe(true);
    const point = box([1, 1, 1], [1, 1, 1]);
    expect(np.overlapAABBAABB(a, point)).toBe(true);
    expect(np.overlapAABBAABB(point, box([1, 1, nextUp(1)], [2, 2, 2]))).toBe(
      false,
    );
  });
});

describe("overlapAABBOBB", () => {
  const grid = (rng) => rng.below(49) / 8 - 3;
  const gridBox = (rng) => {
    const p = [grid(rng), grid(rng), grid(rng)];
    const q = [grid(rng), grid(rng), grid(rng)];
    return box(
      p.map((x, i) => Math.min(x, q[i])),
      p.map((x, i) => Math.max(x, q[i])),
    );
  };
  const obbOf = (b) =>
    obb(
      [
        (b.min.x + b.max.x) / 2,
        (b.min.y + b.max.y) / 2,
        (b.min.z + b.max.z) / 2,
      ],
      [
        (b.max.x - b.min.x) / 2,
        (b.max.y - b.min.y) / 2,
        (b.max.z - b.min.z) / 2,
      ],
    );

  it("an OBB with identity rotation agrees exactly with overlapAABBAABB, touching included", () => {
    const rng = random(101);
    let touching = 0;
    for (let n = 0; n < 5000; n++) {
      const a = gridBox(rng);
      const b = gridBox(rng);
      const expected = np.overlapAABBAABB(a, b);
      expect(np.overlapAABBOBB(a, obbOf(b))).toBe(expected);
      expect(np.overlapOBBOBB(obbOf(a), obbOf(b))).toBe(expected);
      if (expected && (a.max.x === b.min.x || a.min.x === b.max.x)) touching++;
    }
    expect(touching).toBeGreaterThan(20);
  });

  it("an OBB an ulp beyond the box is separated on the exact reals", () => {
    for (const k of AXES) {
      for (const s of SIGNS) {
        const c = [0, 0, 0];
        c[k] = 3 * s;
        const h = 2 - 2 ** -52; // c - h = 1 + 2^-52: one ulp beyond the face
        expect(np.overlapAABBOBB(unitBox(), obb(c, [h, h, h]))).toBe(false);
        expect(np.overlapAABBOBB(unitBox(), obb(c, [2, 2, 2]))).toBe(true);
      }
    }
    // c - h = 1 + 2^-52 + 2^-80 exactly, beyond the face x = 1 + 2^-52 by 2^-80: rounded, it would touch.
    const u = 2 ** -52;
    const face = box([-1, -1, -1], [1 + u, 1, 1]);
    expect(
      np.overlapAABBOBB(face, obb([1 + 2 * u, 0, 0], [u - 2 ** -80, 1, 1])),
    ).toBe(false);
    expect(np.overlapAABBOBB(face, obb([1 + 2 * u, 0, 0], [u, 1, 1]))).toBe(
      true,
    );
  });

  it("a rotated OBB gives the answer of overlapOBBOBB on the AABB as an OBB, in either order", () => {
    const rng = random(102);
    let overlaps = 0;
    for (let n = 0; n < 3000; n++) {
      const a = gridBox(rng);
      const b = obb(
        [rng.symmetric() * 3, rng.symmetric() * 3, rng.symmetric() * 3],
        [rng.range(0, 1.5), rng.range(0, 1.5), rng.range(0, 1.5)],
        randomRotation(rng),
      );
      const o = np.overlapAABBOBB(a, b);
      expect(np.overlapOBBOBB(obbOf(a), b)).toBe(o);
      expect(np.overlapOBBOBB(b, obbOf(a))).toBe(o);
      if (o) overlaps++;
    }
    expect(overlaps).toBeGreaterThan(300);
    expect(overlaps).toBeLessThan(2700);
  });
});

describe("overlapAABBTriangle", () => {
  it("a triangle touching a face, an edge or a corner overlaps; moved off by 2^-50 it does not", () => {
    for (const { what, t, away } of TOUCHING) {
      for (const s of SYMMETRIES) {
        for (const order of ORDERS) {
          expect(
            np.overlapAABBTriangle(unitBox(), asTri(mapTri(s, t), order)),
            what,
          ).toBe(true);
          expect(
            np.overlapAABBTriangle(
              unitBox(),
              asTri(mapTri(s, moved(t, away)), order),
            ),
            what,
          ).toBe(false);
          const into = away.map((x) => -x);
          expect(
            np.overlapAABBTriangle(
              unitBox(),
              asTri(mapTri(s, moved(t, into)), order),
            ),
            what,
          ).toBe(true);
        }
      }
    }
  });

  it("a degenerate triangle is its segment: it agrees with linecastAABB", () => {
    const rng = random(103);
    const b = box([-1, -0.5, -0.25], [1.5, 1, 0.5]);
    let hits = 0;
    for (let n = 0; n < 5000; n++) {
      const p = [rng.symmetric() * 3, rng.symmetric() * 3, rng.symmetric() * 3];
      const q = [rng.symmetric() * 3, rng.symmetric() * 3, rng.symmetric() * 3];
      const hit = np.linecastAABB(vec(p), vec(q), b) !== null;
      expect(np.overlapAABBTriangle(b, tri(p, q, q))).toBe(hit);
      expect(np.overlapAABBTriangle(b, tri(p, p, p))).toBe(
        np.distancePointAABB(vec(p), b) === 0,
      );
      if (hit) hits++;
    }
    expect(hits).toBeGreaterThan(500);
  });

  it("takes three.js Box3 and Triangle objects", () => {
    const b = new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1));
    const t = new ThreeTriangle(
      new Vector3(1, 1, 1),
      new Vector3(3, 0, 0),
      new Vector3(0, 3, 0),
    );
    expect(np.overlapAABBTriangle(b, t)).toBe(true);
    expect(b.intersectsTriangle(t)).toBe(true);
  });
});

describe("overlapOBBTriangle", () => {
  it("an OBB with identity rotation agrees exactly with overlapAABBTriangle, touching included", () => {
    for (const { what, t, away } of TOUCHING) {
      for (const s of SYMMETRIES) {
        const off = asTri(mapTri(s, moved(t, away)));
        expect(
          np.overlapOBBTriangle(obb([0, 0, 0], [1, 1, 1]), asTri(mapTri(s, t))),
          what,
        ).toBe(true);
        expect(
          np.overlapOBBTriangle(obb([0, 0, 0], [1, 1, 1], IDENTITY), off),
          what,
        ).toBe(false);
      }
    }
  });

  it("a triangle touching a rotated box overlaps it, and moved 1e-9 off does not", () => {
    const rng = random(104);
    for (let n = 0; n < 200; n++) {
      const m = randomRotation(rng);
      const c = [
        rng.symmetric() * 100,
        rng.symmetric() * 100,
        rng.symmetric() * 100,
      ];
      const world = (p) =>
        [0, 1, 2].map(
          (i) => c[i] + m[i] * p[0] + m[3 + i] * p[1] + m[6 + i] * p[2],
        );
      const b = obb(c, [1, 1, 1], m);
      for (const { what, t, away } of TOUCHING) {
        expect(np.overlapOBBTriangle(b, asTri(t.map(world))), what).toBe(true);
        const dir = away.map((x) => (x !== 0 ? 1e-9 : 0));
        expect(
          np.overlapOBBTriangle(b, asTri(moved(t, dir).map(world))),
          what,
        ).toBe(false);
      }
    }
  });
});

describe("overlapTriangleTriangle", () => {
  const T = [
    [0, 0, 0],
    [4, 0, 0],
    [0, 4, 0],
  ];
  const CASES = [
    {
      what: "coplanar, crossing edges",
      u: [
        [1, 1, 0],
        [5, 1, 0],
        [1, 5, 0],
      ],
      overlap: true,
    },
    {
      what: "coplanar, inside",
      u: [
        [1, 1, 0],
        [2, 1, 0],
        [1, 2, 0],
      ],
      overlap: true,
    },
    {
      what: "coplanar, touching at a corner",
      u: [
        [4, 0, 0],
        [6, 0, 0],
        [6, 2, 0],
      ],
      overlap: true,
    },
    {
      what: "coplanar, an ulp past the corner",
      u: [
        [4 + 4 * H, 0, 0],
        [6, 0, 0],
        [6, 2, 0],
      ],
      overlap: false,
    },
    {
      what: "coplanar, collinear edges apart",
      u: [
        [5, 0, 0],
        [9, 0, 0],
        [7, -3, 0],
      ],
      overlap: false,
    },
    {
      what: "a corner on the face",
      u: [
        [1, 1, 0],
        [1, 2, 3],
        [2, 1, 3],
      ],
      overlap: true,
    },
    {
      what: "a corner just above the face",
      u: [
        [1, 1, H],
        [1, 2, 3],
        [2, 1, 3],
      ],
      overlap: false,
    },
    {
      what: "piercing",
      u: [
        [1, 1, -1],
        [1, 1, 3],
        [3, 3, 3],
      ],
      overlap: true,
    },
    {
      what: "a corner on the edge",
      u: [
        [2, -1, 1],
        [2, -1, -1],
        [2, 0, 0],
      ],
      overlap: true,
    },
    {
      what: "the edge crossing just short",
      u: [
        [2, -1, 1],
        [2, -1, -1],
        [2, -H, 0],
      ],
      overlap: false,
    },
  ];

  it("coplanar, touching and piercing pairs, under every symmetry and corner order, both ways", () => {
    for (const { what, u, overlap } of CASES) {
      for (const s of SYMMETRIES) {
        for (const order of ORDERS) {
          const a = asTri(mapTri(s, T));
          const b = asTri(mapTri(s, u), order);
          expect(np.overlapTriangleTriangle(a, b), what).toBe(overlap);
          expect(np.overlapTriangleTriangle(b, a), what).toBe(overlap);
        }
      }
    }
  });

  it("a degenerate triangle is its segment: it agrees with linecastTriangle", () => {
    const rng = random(105);
    let hits = 0;
    for (let n = 0; n < 5000; n++) {
      const r = () => [
        rng.symmetric() * 2,
        rng.symmetric() * 2,
        rng.symmetric() * 2,
      ];
      const t = tri(r(), r(), r());
      const p = r();
      const q = r();
      const hit = np.linecastTriangle(vec(p), vec(q), t) !== null;
      expect(np.overlapTriangleTriangle(tri(p, q, q), t)).toBe(hit);
      expect(np.overlapTriangleTriangle(t, tri(p, p, q))).toBe(hit);
      if (hit) hits++;
    }
    expect(hits).toBeGreaterThan(200);
  });

  it("points on the triangle overlap it and the smallest double above do not", () => {
    const t = asTri(T);
    expect(
      np.overlapTriangleTriangle(t, tri([1, 2, 0], [1, 2, 0], [1, 2, 0])),
    ).toBe(true);
    expect(
      np.overlapTriangleTriangle(t, tri([2, 2, 0], [2, 2, 0], [2, 2, 0])),
    ).toBe(true);
    const above = [1, 2, 2 ** -1074]; // the orientation's products underflow: decided in integers
    expect(np.overlapTriangleTriangle(t, tri(above, above, above))).toBe(false);
    expect(
      np.overlapTriangleTriangle(
        tri([0, 0, 0], [0, 0, 0], [0, 0, 0]),
        tri([0, 0, 0], [0, 0, 0], [0, 0, 0]),
      ),
    ).toBe(true);
  });

  it("takes three.js Triangle objects", () => {
    const a = new ThreeTriangle(
      new Vector3(0, 0, 0),
      new Vector3(4, 0, 0),
      new Vector3(0, 4, 0),
    );
    const b = new ThreeTriangle(
      new Vector3(1, 1, 0),
      new Vector3(1, 2, 3),
      new Vector3(2, 1, 3),
    );
    expect(np.overlapTriangleTriangle(a, b)).toBe(true);
    expect(
      np.overlapAABBTriangle(
        new Box3(new Vector3(0, 0, 0), new Vector3(0, 0, 0)),
        a,
      ),
    ).toBe(true);
  });
});
