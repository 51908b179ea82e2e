// Bad input, for every public function (API.md "Bad input", EDGE_CASES.md "Bad input"): each class of bad value
// in each argument and field must throw the right class (TypeError for a missing or non-numeric field or a wrong
// argument type, RangeError for a number the query cannot accept) with a message that starts with
// "<function>: <argument>.<field> " — naming the function, the argument and the field — and the very next valid
// call must still return the right answer (no error leaves the module broken).
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { readQueries } from "../../web/scripts/gen-queries.mjs";
import { expectError, nextDown, unitBox, v3 } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

// ---------------------------------------------------------------------------------------------------------
// What each function takes, a valid call, and its exact answer.

const ROT_90_Z = [0, 1, 0, -1, 0, 0, 0, 0, 1]; // exact rotation by 90° about z, column-major
const obbA = () => ({
  center: v3(0, 0, 0),
  halfSize: v3(1, 1, 1),
  rotation: { elements: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
});
const obbB = (x) => ({
  center: v3(x, 0, 0),
  halfSize: v3(1, 0.5, 2),
  rotation: { elements: [...ROT_90_Z] },
});

const FUNCTIONS = [
  {
    name: "closestPointOnAABB",
    args: [
      ["point", "vec3"],
      ["box", "aabb"],
      ["target", "target"],
    ],
    valid: () => [v3(3, 0.5, -4), unitBox()],
    expected: v3(1, 0.5, -1),
  },
  {
    name: "distancePointAABB",
    args: [
      ["point", "vec3"],
      ["box", "aabb"],
    ],
    valid: () => [v3(4, 5, 0.5), unitBox()],
    expected: 5,
  },
  {
    name: "overlapSphereAABB",
    args: [
      ["sphere", "sphere"],
      ["box", "aabb"],
    ],
    valid: () => [{ center: v3(4, 5, 0), radius: 5 }, unitBox()],
    expected: true,
  },
  {
    name: "linecastAABB",
    args: [
      ["start", "vec3"],
      ["end", "vec3"],
      ["box", "aabb"],
      ["target", "target"],
    ],
    valid: () => [v3(-5, 0, 0), v3(5, 0, 0), unitBox()],
    expected: { distance: 4, point: v3(-1, 0, 0), normal: v3(-1, 0, 0) },
  },
  {
    name: "raycastAABB",
    args: [
      ["ray", "ray"],
      ["box", "aabb"],
      ["maxDistance", "maxDistance"],
      ["target", "target"],
    ],
    valid: () => [
      { origin: v3(0, 5, 0), direction: v3(0, -2, 0) },
      unitBox(),
      10,
    ],
    expected: { distance: 4, point: v3(0, 1, 0), normal: v3(0, 1, 0) },
  },
  {
    name: "overlapOBBOBB",
    args: [
      ["a", "obb"],
      ["b", "obb"],
    ],
    valid: () => [obbA(), obbB(1.5)],
    expected: true,
  },
  {
    name: "separatingAxisOBBOBB",
    args: [
      ["a", "obb"],
      ["b", "obb"],
    ],
    valid: () => [obbA(), obbB(2.5)],
    expected: 0, // A.x: |2.5| > 1 + 0.5 (B's y half size lies along world x)
  },
  {
    name: "sphereCastSphere",
    args: [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["target", "sphere"],
      ["result", "target"],
    ],
    valid: () => [
      v3(-5, 0, 0),
      v3(5, 0, 0),
      1,
      { center: v3(0, 0, 0), radius: 1 },
    ],
    expected: {
      distance: 3,
      fraction: 0.3,
      center: v3(-2, 0, 0),
      point: v3(-1, 0, 0),
      normal: v3(-1, 0, 0),
      startedOverlapping: false,
    },
  },
  ...pointQueries(),
  ...rayQueries(),
  ...overlapQueries(),
  ...boxTriangleOverlaps(),
  ...capsuleQueries(),
  ...contactQueries(),
  ...capsuleContactQueries(),
  ...boxContactQueries(),
  ...capsuleCastQueries(),
  ...sphereCastQueries(),
];

// The overlap tests of spheres and planes: one valid call each, touching exactly (3-4-5 and axis-aligned).
function overlapQueries() {
  const sphere = (x, y, z, radius) => ({ center: v3(x, y, z), radius });
  const plane = () => ({ normal: v3(0, 0, 2), constant: -2 }); // z = 1
  const pair = (name, a, b, valid) => ({
    name,
    args: [a, b],
    valid,
    expected: true,
  });
  return [
    pair("overlapSphereSphere", ["a", "sphere"], ["b", "sphere"], () => [
      sphere(0, 0, 0, 2),
      sphere(3, 4, 0, 3),
    ]),
    pair(
      "overlapSphereCapsule",
      ["sphere", "sphere"],
      ["capsule", "capsule"],
      () => [
        sphere(2, 3, 4, 4),
        { start: v3(0, 0, 0), end: v3(4, 0, 0), radius: 1 },
      ],
    ),
    pair("overlapSphereOBB", ["sphere", "sphere"], ["box", "obb"], () => [
      sphere(0.5, 4, 5, 5),
      obbA(),
    ]),
    pair(
      "overlapSphereTriangle",
      ["sphere", "sphere"],
      ["triangle", "triangle"],
      () => [
        sphere(1, 2, 5, 5),
        { a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) },
      ],
    ),
    pair("overlapSpherePlane", ["sphere", "sphere"], ["plane", "plane"], () => [
      sphere(1, 3, 5, 4),
      plane(),
    ]),
    pair(
      "overlapCapsulePlane",
      ["capsule", "capsule"],
      ["plane", "plane"],
      () => [{ start: v3(0, 0, 7), end: v3(1, 0, 4), radius: 3 }, plane()],
    ),
    pair("overlapAABBPlane", ["box", "aabb"], ["plane", "plane"], () => [
      unitBox(),
      plane(),
    ]),
    pair("overlapOBBPlane", ["box", "obb"], ["plane", "plane"], () => [
      obbB(0),
      { normal: v3(0, 0, 1), constant: 2 }, // z = -2: B's half size along z
    ]),
    pair(
      "overlapTrianglePlane",
      ["triangle", "triangle"],
      ["plane", "plane"],
      () => [{ a: v3(0, 0, 1), b: v3(4, 0, 3), c: v3(0, 4, 2) }, plane()],
    ),
  ];
}

// The boxes' and triangles' overlaps: each valid call touches exactly (a face, an edge, a corner), so the
// exact answer is true; touching is the case these queries decide exactly.
function boxTriangleOverlaps() {
  const tri = (a, b, c) => ({ a, b, c });
  return [
    {
      name: "overlapAABBAABB",
      args: [
        ["a", "aabb"],
        ["b", "aabb"],
      ],
      valid: () => [unitBox(), { min: v3(1, 1, 1), max: v3(2, 3, 4) }],
      expected: true, // corner to corner
    },
    {
      name: "overlapAABBOBB",
      args: [
        ["a", "aabb"],
        ["b", "obb"],
      ],
      valid: () => [unitBox(), obbB(2)], // obbB(2) spans x in [1.5, 2.5]: apart by 0.5
      expected: false,
    },
    {
      name: "overlapAABBTriangle",
      args: [
        ["box", "aabb"],
        ["triangle", "triangle"],
      ],
      // The plane x + y + z = 3 touches the box only at its corner (1, 1, 1).
      valid: () => [unitBox(), tri(v3(1, 1, 1), v3(3, 0, 0), v3(0, 3, 0))],
      expected: true,
    },
    {
      name: "overlapOBBTriangle",
      args: [
        ["box", "obb"],
        ["triangle", "triangle"],
      ],
      // obbB(0) spans y in [-1, 1] (its x half size 1 lies along world y): the triangle touches y = 1.
      valid: () => [obbB(0), tri(v3(0, 1, 0), v3(0, 3, 5), v3(0, 3, -5))],
      expected: true,
    },
    {
      name: "overlapTriangleTriangle",
      args: [
        ["a", "triangle"],
        ["b", "triangle"],
      ],
      // b's corner (1, 1, 0) lies on a's face.
      valid: () => [
        tri(v3(0, 0, 0), v3(4, 0, 0), v3(0, 4, 0)),
        tri(v3(1, 1, 0), v3(1, 2, 3), v3(2, 1, 3)),
      ],
      expected: true,
    },
  ];
}

// Segments and capsules: crossing segments 2 apart, and capsules touching exactly (3-4-5, faces, edges).
function capsuleQueries() {
  const across = () => ({ start: v3(-1, 0, 0), end: v3(1, 0, 0) });
  return [
    {
      name: "closestPointsSegmentSegment",
      args: [
        ["a", "segment"],
        ["b", "segment"],
        ["target", "target"],
      ],
      valid: () => [across(), { start: v3(0, -1, 2), end: v3(0, 1, 2) }],
      expected: { distance: 2, pointA: v3(0, 0, 0), pointB: v3(0, 0, 2) },
    },
    {
      name: "overlapCapsuleCapsule",
      args: [
        ["a", "capsule"],
        ["b", "capsule"],
      ],
      // End points (0, 0, 0) and (3, 4, 0): 5 apart, radii 2 + 3.
      valid: () => [
        { start: v3(-6, -8, 0), end: v3(0, 0, 0), radius: 2 },
        { start: v3(3, 4, 0), end: v3(9, 12, 0), radius: 3 },
      ],
      expected: true,
    },
    {
      name: "overlapCapsuleAABB",
      args: [
        ["capsule", "capsule"],
        ["box", "aabb"],
      ],
      // Parallel to the edge x = y = 1 of [-1, 1]^3, offset (3, 4): touching.
      valid: () => [
        { start: v3(4, 5, -3), end: v3(4, 5, 3), radius: 5 },
        unitBox(),
      ],
      expected: true,
    },
    {
      name: "overlapCapsuleOBB",
      args: [
        ["capsule", "capsule"],
        ["box", "obb"],
      ],
      // obbB(0) spans x in [-0.5, 0.5] (its y half size along world x): 0.5 + 1 short of x = 2.
      valid: () => [
        { start: v3(2, -1, 0), end: v3(2, 1, 0), radius: 1 },
        obbB(0),
      ],
      expected: false,
    },
    {
      name: "overlapCapsuleTriangle",
      args: [
        ["capsule", "capsule"],
        ["triangle", "triangle"],
      ],
      // Over the face, 3 above it, radius 3: touching.
      valid: () => [
        { start: v3(1, 1, 3), end: v3(2, 1, 3), radius: 3 },
        { a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) },
      ],
      expected: true,
    },
  ];
}

// The shape matrix's point queries and casts: one valid call each, with its exact answer.
// The sphere contacts: each 0.5 deep, with its exact normal and points (hand-computed: every number is exact).
function contactQueries() {
  const contact = (name, second, make, center, normal, pointA, pointB) => ({
    name,
    args: [
      [name === "contactSphereSphere" ? "a" : "sphere", "sphere"],
      second,
      ["target", "target"],
    ],
    valid: () => [{ center: { ...center }, radius: 1 }, make()],
    expected: { depth: 0.5, normal, pointA, pointB },
  });
  return [
    // API.md's example.
    contact(
      "contactSphereSphere",
      ["b", "sphere"],
      () => ({ center: v3(1.5, 0, 0), radius: 1 }),
      v3(0, 0, 0),
      v3(-1, 0, 0),
      v3(1, 0, 0),
      v3(0.5, 0, 0),
    ),
    contact(
      "contactSphereCapsule",
      ["capsule", "capsule"],
      () => ({ start: v3(-2, 0, 0), end: v3(2, 0, 0), radius: 1 }),
      v3(0.5, 1.5, 0),
      v3(0, 1, 0),
      v3(0.5, 0.5, 0),
      v3(0.5, 1, 0),
    ),
    contact(
      "contactSphereAABB",
      ["box", "aabb"],
      unitBox,
      v3(1.5, 0.25, 0.5),
      v3(1, 0, 0),
      v3(0.5, 0.25, 0.5),
      v3(1, 0.25, 0.5),
    ),
    // obbB(10) spans x in [9.5, 10.5] (its local y, half size 0.5, lies along world -x).
    contact(
      "contactSphereOBB",
      ["box", "obb"],
      () => obbB(10),
      v3(11, 0.25, 1),
      v3(1, 0, 0),
      v3(10, 0.25, 1),
      v3(10.5, 0.25, 1),
    ),
    contact(
      "contactSphereTriangle",
      ["triangle", "triangle"],
      () => ({ a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) }),
      v3(1, 1, 0.5),
      v3(0, 0, 1),
      v3(1, 1, -0.5),
      v3(1, 1, 0),
    ),
    contact(
      "contactSpherePlane",
      ["plane", "plane"],
      () => ({ normal: v3(0, 0, 2), constant: -2 }), // z = 1
      v3(1, 3, 1.5),
      v3(0, 0, 1),
      v3(1, 3, 0.5),
      v3(1, 3, 1),
    ),
  ];
}

// The capsule contacts: each hand-computed, every number exact.
function capsuleContactQueries() {
  const contact = (name, second, make, capsule, expected) => ({
    name,
    args: [
      [name === "contactCapsuleCapsule" ? "a" : "capsule", "capsule"],
      second,
      ["target", "target"],
    ],
    valid: () => [
      { ...capsule, start: { ...capsule.start }, end: { ...capsule.end } },
      make(),
    ],
    expected,
  });
  const along = (y, z) => ({
    start: v3(-0.5, y, z),
    end: v3(0.5, y, z),
    radius: 1,
  });
  return [
    // Crossing b (along y) 0.25 above its axis: 1.25 deep along +z.
    contact(
      "contactCapsuleCapsule",
      ["b", "capsule"],
      () => ({ start: v3(0, -2, 0), end: v3(0, 2, 0), radius: 0.5 }),
      { start: v3(-2, 1, 0.25), end: v3(2, 1, 0.25), radius: 1 },
      {
        depth: 1.25,
        normal: v3(0, 0, 1),
        pointA: v3(0, 1, -0.75),
        pointB: v3(0, 1, 0.5),
      },
    ),
    // Lying 0.5 above the unit box's +y face: its start is the first nearest point.
    contact("contactCapsuleAABB", ["box", "aabb"], unitBox, along(1.5, 0.5), {
      depth: 0.5,
      normal: v3(0, 1, 0),
      pointA: v3(-0.5, 0.5, 0.5),
      pointB: v3(-0.5, 1, 0.5),
    }),
    // obbB(10) spans x in [9.5, 10.5], y in [-1, 1], z in [-2, 2]: the capsule lies along y beyond x = 10.5.
    contact(
      "contactCapsuleOBB",
      ["box", "obb"],
      () => obbB(10),
      { start: v3(11, -0.5, 1), end: v3(11, 0.5, 1), radius: 1 },
      {
        depth: 0.5,
        normal: v3(1, 0, 0),
        pointA: v3(10, -0.5, 1),
        pointB: v3(10.5, -0.5, 1),
      },
    ),
    // Piercing the triangle in z = 0, spanning z in [-0.25, 3]: out the short way, up by 0.25 + radius.
    contact(
      "contactCapsuleTriangle",
      ["triangle", "triangle"],
      () => ({ a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) }),
      { start: v3(1, 1, -0.25), end: v3(1, 1, 3), radius: 0.5 },
      {
        depth: 0.75,
        normal: v3(0, 0, 1),
        pointA: v3(1, 1, -0.75),
        pointB: v3(1, 1, 0),
      },
    ),
    // Crossing the plane z = 1 from 4 down to 0: its shorter part is below, so out upward by 1 + radius.
    contact(
      "contactCapsulePlane",
      ["plane", "plane"],
      () => ({ normal: v3(0, 0, 2), constant: -2 }), // z = 1
      { start: v3(1, 3, 4), end: v3(1, 3, 0), radius: 0.5 },
      {
        depth: 1.5,
        normal: v3(0, 0, 1),
        pointA: v3(1, 3, -0.5),
        pointB: v3(1, 3, 1),
      },
    ),
  ];
}

// The box contacts: each hand-computed, every number exact. obbB(x) spans x in [x - 0.5, x + 0.5], y in [-1, 1],
// z in [-2, 2] (a rotated box: the separating-axis path, not the AABB's).
function boxContactQueries() {
  const contact = (name, first, second, valid, expected) => ({
    name,
    args: [first, second, ["target", "target"]],
    valid,
    expected,
  });
  const upper = () => ({
    a: v3(-4, -4, 1.5),
    b: v3(4, -4, 1.5),
    c: v3(0, 4, 1.5),
  }); // in z = 1.5
  return [
    // b overlaps the unit box's +x side by 0.5: out along -x; pointB mid-way across the faces' overlap.
    contact(
      "contactAABBAABB",
      ["a", "aabb"],
      ["b", "aabb"],
      () => [unitBox(), { min: v3(0.5, -0.5, 0), max: v3(3, 0.5, 2) }],
      {
        depth: 0.5,
        normal: v3(-1, 0, 0),
        pointA: v3(1, 0, 0.5),
        pointB: v3(0.5, 0, 0.5),
      },
    ),
    // obbB(1.25)'s face x = 0.75 is 0.25 inside the unit box's +x face.
    contact(
      "contactAABBOBB",
      ["a", "aabb"],
      ["b", "obb"],
      () => [unitBox(), obbB(1.25)],
      {
        depth: 0.25,
        normal: v3(-1, 0, 0),
        pointA: v3(1, 0, 0),
        pointB: v3(0.75, 0, 0),
      },
    ),
    // A triangle in z = 0.5 over the whole top face; the box's center below it: out downward.
    contact(
      "contactAABBTriangle",
      ["box", "aabb"],
      ["triangle", "triangle"],
      () => [
        unitBox(),
        { a: v3(-4, -4, 0.5), b: v3(4, -4, 0.5), c: v3(0, 4, 0.5) },
      ],
      {
        depth: 0.5,
        normal: v3(0, 0, -1),
        pointA: v3(0, 0, 1),
        pointB: v3(0, 0, 0.5),
      },
    ),
    // The plane z = 0.5 above the center: out downward; the deepest face's center.
    contact(
      "contactAABBPlane",
      ["box", "aabb"],
      ["plane", "plane"],
      () => [unitBox(), { normal: v3(0, 0, 2), constant: -1 }],
      {
        depth: 0.5,
        normal: v3(0, 0, -1),
        pointA: v3(0, 0, 1),
        pointB: v3(0, 0, 0.5),
      },
    ),
    // obbB(0)'s face x = 0.5 is 0.25 inside the unit cube centered at x = 1.25.
    contact(
      "contactOBBOBB",
      ["a", "obb"],
      ["b", "obb"],
      () => [obbB(0), { ...obbA(), center: v3(1.25, 0, 0) }],
      {
        depth: 0.25,
        normal: v3(-1, 0, 0),
        pointA: v3(0.5, 0, 0),
        pointB: v3(0.25, 0, 0),
      },
    ),
    contact(
      "contactOBBTriangle",
      ["box", "obb"],
      ["triangle", "triangle"],
      () => [obbB(0), upper()],
      {
        depth: 0.5,
        normal: v3(0, 0, -1),
        pointA: v3(0, 0, 2),
        pointB: v3(0, 0, 1.5),
      },
    ),
    contact(
      "contactOBBPlane",
      ["box", "obb"],
      ["plane", "plane"],
      () => [obbB(0), { normal: v3(0, 0, 2), constant: -2 }], // z = 1
      {
        depth: 1,
        normal: v3(0, 0, -1),
        pointA: v3(0, 0, 2),
        pointB: v3(0, 0, 1),
      },
    ),
  ];
}

// The sphere casts: a ball of radius 1 from (1, 1, 5) straight down to (1, 1, -5), first touching each shape
// 3 units along (center (1, 1, 2)) on its top, hand-computed.
function sphereCastQueries() {
  const hit = (point) => ({
    distance: 3,
    fraction: 0.3,
    center: v3(1, 1, 2),
    point,
    normal: v3(0, 0, 1),
    startedOverlapping: false,
  });
  const shapes = [
    // The capsule along x at z = -1 with radius 2: top at z = 1.
    [
      "Capsule",
      ["capsule", "capsule"],
      () => ({ start: v3(-4, 1, -1), end: v3(4, 1, -1), radius: 2 }),
      v3(1, 1, 1),
    ],
    [
      "AABB",
      ["box", "aabb"],
      () => ({ min: v3(-2, -2, -1), max: v3(2, 2, 1) }),
      v3(1, 1, 1),
    ],
    // Half sizes (1, 0.5, 2) turned a quarter about z around (1, 1, -1): x in [0.5, 1.5], y in [0, 2], z in [-3, 1].
    [
      "OBB",
      ["box", "obb"],
      () => ({
        center: v3(1, 1, -1),
        halfSize: v3(1, 0.5, 2),
        rotation: { elements: [...ROT_90_Z] },
      }),
      v3(1, 1, 1),
    ],
    [
      "Triangle",
      ["triangle", "triangle"],
      () => ({ a: v3(0, 0, 1), b: v3(4, 0, 1), c: v3(0, 4, 1) }),
      v3(1, 1, 1),
    ],
    [
      "Plane",
      ["plane", "plane"],
      () => ({ normal: v3(0, 0, 4), constant: -4 }),
      v3(1, 1, 1),
    ], // z = 1
  ];
  return shapes.map(([shape, arg, make, point]) => ({
    name: `sphereCast${shape}`,
    args: [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      arg,
      ["result", "target"],
    ],
    valid: () => [v3(1, 1, 5), v3(1, 1, -5), 1, make()],
    expected: hit(point),
  }));
}

// The capsule casts: a capsule along x from (0, 1, 5) to (2, 1, 5), radius 1, moved by (0, 0, -10) onto shapes
// whose top is at z = 1 under it: its axis stops at z = 2 (fraction 0.3, center (1, 1, 2)). The point is the
// first feature found at that fraction: the start's end ball over a face, an edge of the OBB (whose x range
// [0.5, 1.5] is narrower than the capsule), the top of the ball.
function capsuleCastQueries() {
  const hit = (point) => ({
    distance: 3,
    fraction: 0.3,
    center: v3(1, 1, 2),
    point,
    normal: v3(0, 0, 1),
    startedOverlapping: false,
  });
  const shapes = [
    [
      "Sphere",
      ["sphere", "sphere"],
      () => ({ center: v3(1, 1, -1), radius: 2 }),
      v3(1, 1, 1),
    ],
    [
      "Capsule",
      ["target", "capsule"],
      () => ({ start: v3(-4, 1, -1), end: v3(4, 1, -1), radius: 2 }),
      v3(0, 1, 1),
    ],
    [
      "AABB",
      ["box", "aabb"],
      () => ({ min: v3(-2, -2, -1), max: v3(2, 2, 1) }),
      v3(0, 1, 1),
    ],
    // x in [0.5, 1.5], y in [0, 2], z in [-3, 1] (as in sphereCastQueries).
    [
      "OBB",
      ["box", "obb"],
      () => ({
        center: v3(1, 1, -1),
        halfSize: v3(1, 0.5, 2),
        rotation: { elements: [...ROT_90_Z] },
      }),
      v3(1.5, 1, 1),
    ],
    [
      "Triangle",
      ["triangle", "triangle"],
      () => ({ a: v3(0, 0, 1), b: v3(4, 0, 1), c: v3(0, 4, 1) }),
      v3(0, 1, 1),
    ],
    [
      "Plane",
      ["plane", "plane"],
      () => ({ normal: v3(0, 0, 4), constant: -4 }),
      v3(0, 1, 1),
    ], // z = 1
  ];
  return shapes.map(([shape, arg, make, point]) => ({
    name: `capsuleCast${shape}`,
    args: [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      arg,
      ["result", "target"],
    ],
    valid: () => [
      { start: v3(0, 1, 5), end: v3(2, 1, 5), radius: 1 },
      v3(0, 0, -10),
      make(),
    ],
    expected: hit(point),
  }));
}

function pointQueries() {
  // [argument name, kind, shape, point, its closest point, its distance]: 3-4-5 and axis-aligned, all exact.
  const rows = {
    Segment: [
      "segment",
      "segment",
      () => ({ start: v3(0, 0, 0), end: v3(4, 0, 0) }),
      v3(1, 3, 4),
      v3(1, 0, 0),
      5,
    ],
    Sphere: [
      "sphere",
      "sphere",
      () => ({ center: v3(0, 0, 0), radius: 1 }),
      v3(0, 0, 5),
      v3(0, 0, 1),
      4,
    ],
    Capsule: [
      "capsule",
      "capsule",
      () => ({ start: v3(0, 0, 0), end: v3(4, 0, 0), radius: 1 }),
      v3(2, 0, 5),
      v3(2, 0, 1),
      4,
    ],
    OBB: ["box", "obb", obbA, v3(0.5, 4, 5), v3(0.5, 1, 1), 5],
    Triangle: [
      "triangle",
      "triangle",
      () => ({ a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) }),
      v3(1, 2, 5),
      v3(1, 2, 0),
      5,
    ],
    Plane: [
      "plane",
      "plane",
      () => ({ normal: v3(0, 0, 2), constant: -2 }),
      v3(1, 3, 5),
      v3(1, 3, 1),
      4,
    ], // z = 1
  };
  const out = [];
  for (const [
    shape,
    [arg, kind, make, point, closest, distance],
  ] of Object.entries(rows)) {
    out.push(
      {
        name: `closestPointOn${shape}`,
        args: [
          ["point", "vec3"],
          [arg, kind],
          ["target", "target"],
        ],
        valid: () => [{ ...point }, make()],
        expected: closest,
      },
      {
        name: `distancePoint${shape}`,
        args: [
          ["point", "vec3"],
          [arg, kind],
        ],
        valid: () => [{ ...point }, make()],
        expected: distance,
      },
    );
  }
  out.push({
    name: "signedDistancePointPlane",
    args: [
      ["point", "vec3"],
      ["plane", "plane"],
    ],
    valid: () => [v3(1, 3, -5), rows.Plane[2]()],
    expected: -6,
  });
  return out;
}

function rayQueries() {
  // A ray straight down the z axis from (0.5, 0.25, 10) (a segment to (0.5, 0.25, -10)), and where it meets
  // each shape: [argument name, shape, distance]; the normal is (0, 0, 1) for all.
  const shapes = {
    Sphere: ["sphere", () => ({ center: v3(0.5, 0.25, 0), radius: 2 }), 8, 1],
    Capsule: [
      "capsule",
      () => ({ start: v3(-4, 0.25, 0), end: v3(4, 0.25, 0), radius: 2 }),
      8,
      1,
    ],
    OBB: ["box", obbA, 9, 1],
    Triangle: [
      "triangle",
      () => ({ a: v3(0, 0, 0), b: v3(4, 0, 0), c: v3(0, 4, 0) }),
      10,
      1,
    ],
    Plane: ["plane", () => ({ normal: v3(0, 0, -4), constant: 8 }), 8, 1], // z = 2
  };
  const out = [];
  for (const [shape, [arg, make, distance, nz]] of Object.entries(shapes)) {
    const kind = arg === "box" ? "obb" : arg;
    const expected = {
      distance,
      point: v3(0.5, 0.25, 10 - distance),
      normal: v3(0, 0, nz),
    };
    out.push(
      {
        name: `raycast${shape}`,
        args: [
          ["ray", "ray"],
          [arg, kind],
          ["maxDistance", "maxDistance"],
          ["target", "target"],
        ],
        valid: () => [
          { origin: v3(0.5, 0.25, 10), direction: v3(0, 0, -2) },
          make(),
          Infinity,
        ],
        expected,
      },
      {
        name: `linecast${shape}`,
        args: [
          ["start", "vec3"],
          ["end", "vec3"],
          [arg, kind],
          ["target", "target"],
        ],
        valid: () => [v3(0.5, 0.25, 10), v3(0.5, 0.25, -10), make()],
        expected,
      },
    );
  }
  return out;
}

// The fields of each kind: nested objects and numeric leaves.
const FIELDS = {
  vec3: [
    ["x", "number"],
    ["y", "number"],
    ["z", "number"],
  ],
  aabb: [
    ["min", "vec3"],
    ["max", "vec3"],
  ],
  sphere: [
    ["center", "vec3"],
    ["radius", "length"],
  ],
  obb: [
    ["center", "vec3"],
    ["halfSize", "halfSize"],
    ["rotation", "matrix3"],
  ],
  halfSize: [
    ["x", "length"],
    ["y", "length"],
    ["z", "length"],
  ],
  ray: [
    ["origin", "vec3"],
    ["direction", "vec3"],
  ],
  segment: [
    ["start", "vec3"],
    ["end", "vec3"],
  ],
  capsule: [
    ["start", "vec3"],
    ["end", "vec3"],
    ["radius", "length"],
  ],
  triangle: [
    ["a", "vec3"],
    ["b", "vec3"],
    ["c", "vec3"],
  ],
  plane: [
    ["normal", "vec3"],
    ["constant", "number"],
  ],
  matrix3: [["elements", "elements"]],
  elements: Array.from({ length: 9 }, (_, i) => [i, "number"]),
};
const NUMERIC = new Set(["number", "length", "radius", "maxDistance"]);

/** Every field below an argument: { segments, path, kind }, depth first. */
function* fields(kind, segments, path) {
  for (const [key, sub] of FIELDS[kind] ?? []) {
    const s = [...segments, key];
    const p = typeof key === "number" ? `${path}[${key}]` : `${path}.${key}`;
    yield { segments: s, path: p, kind: sub };
    yield* fields(sub, s, p);
  }
}
/** Every argument and field of a function, with the argument itself first. */
function* everything(spec) {
  for (const [index, [name, kind]] of spec.args.entries()) {
    if (kind === "target") continue;
    yield { segments: [index], path: name, kind };
    yield* fields(kind, [index], name);
  }
}

/** The indices of a function's OBB arguments. */
const obbArgs = (spec) =>
  spec.args.flatMap(([, kind], index) => (kind === "obb" ? [index] : []));

const DELETE = Symbol("delete");
/** Valid arguments with the value at `segments` replaced (or deleted). */
function withValue(spec, segments, value) {
  const args = spec.valid();
  let parent = args;
  for (const key of segments.slice(0, -1)) parent = parent[key];
  const last = segments[segments.length - 1];
  if (value === DELETE) delete parent[last];
  else parent[last] = value;
  return args;
}

/** Requires the error, then that the next valid call returns the exact expected answer. */
function expectErrorThenRecovery(spec, ErrorClass, field, args) {
  expectError(spec.name, ErrorClass, field, () => np[spec.name](...args));
  expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
}

/** How the library's messages show a wrong value. */
function describeValue(value) {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `a string (${JSON.stringify(value)})`;
  return `a ${typeof value}`;
}

const NOT_OBJECTS = [
  undefined,
  null,
  "abc",
  "",
  true,
  false,
  42,
  NaN,
  10n,
  Symbol("s"),
];
const NOT_NUMBERS = [
  undefined,
  null,
  "1",
  "",
  true,
  false,
  {},
  [],
  [1],
  1n,
  new Number(1),
  () => 1,
];

for (const spec of FUNCTIONS) {
  describe(spec.name, () => {
    it("returns the exact expected answer for the valid call the other tests go back to", () => {
      expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
    });

    it("throws a TypeError naming the argument when an object argument is missing, null, a primitive or empty", () => {
      let checked = 0;
      for (const f of everything(spec)) {
        if (f.segments.length !== 1 || NUMERIC.has(f.kind)) continue;
        for (const bad of NOT_OBJECTS)
          expectErrorThenRecovery(
            spec,
            TypeError,
            f.path,
            withValue(spec, f.segments, bad),
          );
        // An empty object: the first field it lacks is named.
        const [first] = fields(f.kind, f.segments, f.path);
        expectErrorThenRecovery(
          spec,
          TypeError,
          first.path,
          withValue(spec, f.segments, {}),
        );
        checked++;
      }
      // Fewer arguments than required: the first missing one is named.
      const required = spec.args.filter(
        ([, kind]) => kind !== "target" && kind !== "maxDistance",
      );
      expectErrorThenRecovery(spec, TypeError, required[0][0], []);
      expectErrorThenRecovery(
        spec,
        TypeError,
        required.at(-1)[0],
        spec.valid().slice(0, required.length - 1),
      );
      expect(checked).toBeGreaterThan(0);
    });

    it("throws a TypeError naming the field when a nested object is missing, null or a primitive", () => {
      for (const f of everything(spec)) {
        if (
          f.segments.length === 1 ||
          NUMERIC.has(f.kind) ||
          f.kind === "elements"
        )
          continue;
        expectErrorThenRecovery(
          spec,
          TypeError,
          f.path,
          withValue(spec, f.segments, DELETE),
        );
        for (const bad of NOT_OBJECTS)
          expectErrorThenRecovery(
            spec,
            TypeError,
            f.path,
            withValue(spec, f.segments, bad),
          );
      }
    });

    it("throws a TypeError naming the field when a number is missing, undefined, null, a string, a boolean or an object", () => {
      let leaves = 0;
      for (const f of everything(spec)) {
        if (!NUMERIC.has(f.kind)) continue;
        if (f.kind !== "maxDistance") {
          // maxDistance may be left out (it defaults to Infinity); everything else is required.
          expectErrorThenRecovery(
            spec,
            TypeError,
            f.path,
            withValue(spec, f.segments, DELETE),
          );
        }
        for (const bad of NOT_NUMBERS) {
          if (bad === undefined && f.kind === "maxDistance") continue;
          expectErrorThenRecovery(
            spec,
            TypeError,
            f.path,
            withValue(spec, f.segments, bad),
          );
        }
        leaves++;
      }
      expect(leaves).toBeGreaterThanOrEqual(7);
    });

    it("throws a RangeError naming the field for NaN, Infinity and -Infinity in any number", () => {
      for (const f of everything(spec)) {
        if (!NUMERIC.has(f.kind)) continue;
        for (const bad of [NaN, Infinity, -Infinity]) {
          if (bad === Infinity && f.kind === "maxDistance") continue; // allowed: an unbounded ray
          const error = expectError(spec.name, RangeError, f.path, () =>
            np[spec.name](...withValue(spec, f.segments, bad)),
          );
          expect(error.message).toContain(String(bad));
          expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
        }
      }
    });

    if (spec.args.some(([, kind]) => kind === "aabb")) {
      it("throws a RangeError naming min and max on each axis of an inverted box", () => {
        const boxIndex = spec.args.findIndex(([, kind]) => kind === "aabb");
        for (const k of ["x", "y", "z"]) {
          for (const [lo, hi] of [
            [2, 1],
            [1, nextDown(1)],
            [0, -0.5],
            [1e6, -1e6],
          ]) {
            const args = spec.valid();
            args[boxIndex].min[k] = lo;
            args[boxIndex].max[k] = hi;
            const name = spec.args[boxIndex][0]; // "box", or "a" in overlapAABBAABB(a, b)
            const error = expectError(
              spec.name,
              RangeError,
              `${name}.min.${k}`,
              () => np[spec.name](...args),
            );
            expect(error.message).toContain(`${name}.max.${k}`);
            expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
          }
          // min == max is a valid flat box, not an error.
          const flat = spec.valid();
          flat[boxIndex].min[k] = flat[boxIndex].max[k] = 0.5;
          expect(() => np[spec.name](...flat)).not.toThrow();
        }
      });
    }

    if (
      spec.args.some(([, kind]) =>
        ["sphere", "obb", "radius", "capsule"].includes(kind),
      )
    ) {
      it("throws a RangeError naming the field for a negative radius or half size (-0 is allowed)", () => {
        let checked = 0;
        for (const f of everything(spec)) {
          if (f.kind !== "length" && f.kind !== "radius") continue;
          for (const bad of [-1, -Number.MIN_VALUE, -1e300]) {
            const error = expectError(spec.name, RangeError, f.path, () =>
              np[spec.name](...withValue(spec, f.segments, bad)),
            );
            expect(error.message).toContain(">= 0");
            expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
          }
          expect(() =>
            np[spec.name](...withValue(spec, f.segments, -0)),
          ).not.toThrow();
          checked++;
        }
        expect(checked).toBeGreaterThan(0);
      });
    }

    if (spec.args.some(([, kind]) => kind === "plane")) {
      it("throws a RangeError naming the normal when a plane's normal is zero (any other length is fine)", () => {
        const index = spec.args.findIndex(([, kind]) => kind === "plane");
        const name = spec.args[index][0];
        for (const zero of [v3(0, 0, 0), v3(-0, 0, -0)]) {
          const error = expectError(
            spec.name,
            RangeError,
            `${name}.normal`,
            () => np[spec.name](...withValue(spec, [index, "normal"], zero)),
          );
          expect(error.message).toContain("non-zero");
          expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
        }
        for (const length of [Number.MIN_VALUE, 1e-300, 1e300]) {
          expect(() =>
            np[spec.name](
              ...withValue(spec, [index, "normal"], v3(0, 0, length)),
            ),
          ).not.toThrow();
        }
      });
    }

    if (spec.args.some(([, kind]) => kind === "obb")) {
      it("throws a RangeError naming the rotation when it is scaled, sheared or otherwise not orthonormal", () => {
        const bad = [
          [2, 0, 0, 0, 1, 0, 0, 0, 1], // one axis scaled
          [1.5, 0, 0, 0, 1.5, 0, 0, 0, 1.5], // uniform scale
          [1, 0, 0, 0.5, 1, 0, 0, 0, 1], // sheared
          [1 + 2e-6, 0, 0, 0, 1, 0, 0, 0, 1], // off by more than the 1e-6 tolerance
          [1, 0, 0, 1, 0, 0, 0, 0, 1], // two equal columns
          [0, 0, 0, 0, 0, 0, 0, 0, 0],
        ];
        for (const arg of obbArgs(spec)) {
          for (const elements of bad) {
            const error = expectError(
              spec.name,
              RangeError,
              `${spec.args[arg][0]}.rotation`,
              () =>
                np[spec.name](
                  ...withValue(spec, [arg, "rotation", "elements"], elements),
                ),
            );
            expect(error.message).toContain("orthonormal");
            expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
          }
        }
      });

      it("throws a TypeError naming rotation.elements when it does not hold exactly 9 numbers", () => {
        for (const arg of obbArgs(spec)) {
          const path = `${spec.args[arg][0]}.rotation.elements`;
          for (const elements of [
            [],
            [1, 0, 0, 0, 1, 0, 0, 0],
            [1, 0, 0, 0, 1, 0, 0, 0, 1, 0],
            new Array(16).fill(0),
          ]) {
            expectErrorThenRecovery(
              spec,
              TypeError,
              path,
              withValue(spec, [arg, "rotation", "elements"], elements),
            );
          }
          for (const notArray of [DELETE, undefined, null, 7, true]) {
            expectErrorThenRecovery(
              spec,
              TypeError,
              path,
              withValue(spec, [arg, "rotation", "elements"], notArray),
            );
          }
          // A string has a length of 9, but it is not an array of numbers.
          expectErrorThenRecovery(
            spec,
            TypeError,
            path,
            withValue(spec, [arg, "rotation", "elements"], "123456789"),
          );
          // Nine entries, one of them not a number: that entry is named.
          for (const entry of [undefined, null, "1", true]) {
            const elements = [1, 0, 0, 0, 1, 0, 0, 0, 1];
            elements[4] = entry;
            expectErrorThenRecovery(
              spec,
              TypeError,
              `${path}[4]`,
              withValue(spec, [arg, "rotation", "elements"], elements),
            );
          }
        }
      });
    }

    if (spec.args.some(([, kind]) => kind === "ray")) {
      it("throws a RangeError naming ray.direction for a zero direction (+0 or -0 components)", () => {
        for (const d of [v3(0, 0, 0), v3(-0, 0, -0), v3(-0, -0, -0)]) {
          const args = spec.valid();
          args[0].direction = d;
          const error = expectError(
            spec.name,
            RangeError,
            "ray.direction",
            () => np[spec.name](...args),
          );
          expect(error.message).toContain("non-zero");
          expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
        }
      });

      it("accepts a direction of any non-zero length, however short, with the same hit", () => {
        // The valid ray points along an axis; these point the same way with lengths whose squares underflow,
        // down to the smallest subnormal.
        const along = spec.valid()[0].direction;
        for (const length of [1e-170, 1e-200, 1e-310, Number.MIN_VALUE]) {
          const args = spec.valid();
          args[0].direction = v3(
            Math.sign(along.x) * length,
            Math.sign(along.y) * length,
            Math.sign(along.z) * length,
          );
          const got = np[spec.name](...args);
          if (spec.name === "raycastAABB") {
            // An axis-aligned entry's distance is |face - origin| itself, whatever the direction's length.
            expect(got).toEqual(spec.expected);
          } else {
            // Elsewhere the distance is t |d| in the direction's own units: within a few ulps.
            expect(got.point).toEqual(spec.expected.point);
            expect(got.normal).toEqual(spec.expected.normal);
            expect(
              Math.abs(got.distance - spec.expected.distance),
            ).toBeLessThanOrEqual(4 * Number.EPSILON * spec.expected.distance);
          }
        }
      });

      it("throws a RangeError naming maxDistance when it is negative or NaN, and accepts Infinity", () => {
        for (const bad of [-1, -Number.MIN_VALUE, -Infinity, NaN]) {
          expectErrorThenRecovery(
            spec,
            RangeError,
            "maxDistance",
            withValue(spec, [2], bad),
          );
        }
        expect(np[spec.name](...withValue(spec, [2], Infinity))).toEqual(
          spec.expected,
        );
        expect(np[spec.name](...withValue(spec, [2], -0))).toBe(null); // -0 is a valid max distance of 0
      });

      it("says maxDistance must be a number >= 0 with Infinity allowed, for NaN and negatives alike", () => {
        for (const bad of [NaN, -Infinity, -1, -Number.MIN_VALUE]) {
          const error = expectError(spec.name, RangeError, "maxDistance", () =>
            np[spec.name](...withValue(spec, [2], bad)),
          );
          expect(error.message).toBe(
            `${spec.name}: maxDistance is ${bad}, expected a number >= 0 (Infinity allowed)`,
          );
          expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
        }
      });
    }

    const targetIndex = spec.args.findIndex(([, kind]) => kind === "target");
    if (targetIndex >= 0) {
      const targetName = spec.args[targetIndex][0];
      it(`throws a TypeError naming ${targetName} when the output object is a primitive, and accepts null or undefined`, () => {
        for (const bad of [5, "abc", true, 1n]) {
          const args = spec.valid();
          args[targetIndex] = bad;
          expectErrorThenRecovery(spec, TypeError, targetName, args);
        }
        for (const none of [null, undefined]) {
          const args = spec.valid();
          args[targetIndex] = none;
          expect(np[spec.name](...args)).toEqual(spec.expected);
        }
      });

      // The vectors a hit fills in place (point, normal, ...): the object-valued fields of the expected answer.
      const vectors = Object.keys(spec.expected).filter(
        (k) => typeof spec.expected[k] === "object",
      );
      /** A target with every output field set to a sentinel, and `field` set to `value`. */
      const sentinelTarget = (field, value) => {
        const t = Object.fromEntries(
          Object.keys(spec.expected).map((k) => [
            k,
            k === "startedOverlapping" ? null : -1,
          ]),
        );
        for (const k of vectors) t[k] = v3(7, 7, 7);
        t[field] = value;
        return t;
      };
      if (vectors.length > 0) {
        it(`throws a TypeError naming ${targetName}.<field> when a vector to fill is a primitive, before writing anything`, () => {
          for (const field of vectors) {
            for (const bad of [
              5,
              NaN,
              "abc",
              true,
              1n,
              Symbol("s"),
              () => v3(0, 0, 0),
            ]) {
              const target = sentinelTarget(field, bad);
              const args = spec.valid();
              args[targetIndex] = target;
              const error = expectError(
                spec.name,
                TypeError,
                `${targetName}.${field}`,
                () => np[spec.name](...args),
              );
              expect(error.message).toBe(
                `${spec.name}: ${targetName}.${field} is ${describeValue(bad)}, expected an object (or null / undefined)`,
              );
              expect(target).toEqual(sentinelTarget(field, bad)); // untouched: nothing written before the error
              expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
            }
          }
        });

        it(`fills ${targetName} and allocates the vectors in it that are null or undefined`, () => {
          for (const field of vectors) {
            for (const none of [null, undefined]) {
              const target = sentinelTarget(field, none);
              const args = spec.valid();
              args[targetIndex] = target;
              expect(np[spec.name](...args)).toBe(target);
              expect(target).toEqual(spec.expected);
            }
          }
        });
      }

      it(`throws a TypeError naming ${targetName}, with the original error as cause, when it is frozen or read-only`, () => {
        const frozen = [
          Object.freeze({}),
          Object.freeze(sentinelTarget("x", 0)),
        ];
        for (const field of vectors)
          frozen.push(sentinelTarget(field, Object.freeze(v3(7, 7, 7))));
        for (const target of frozen) {
          const args = spec.valid();
          args[targetIndex] = target;
          const error = expectError(spec.name, TypeError, targetName, () =>
            np[spec.name](...args),
          );
          expect(error.message).toBe(
            `${spec.name}: ${targetName} could not be written (frozen or read-only)`,
          );
          expect(error.cause).toBeInstanceOf(TypeError);
          expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
        }
      });
    }

    it("keeps working after thousands of alternating errors and valid calls", () => {
      const all = [...everything(spec)].filter((f) => NUMERIC.has(f.kind));
      for (let i = 0; i < 2000; i++) {
        const f = all[i % all.length];
        expect(() =>
          np[spec.name](...withValue(spec, f.segments, i % 2 ? NaN : "x")),
        ).toThrow(i % 2 ? RangeError : TypeError);
        expect(np[spec.name](...spec.valid())).toEqual(spec.expected);
      }
    });
  });
}

it("covers every public query function of the module", () => {
  // (createMesh's and createAABBTree's bad input is tested in mesh.test.js and aabbtree.test.js, with their
  // queries.)
  const queries = Object.keys(np).filter(
    (k) =>
      typeof np[k] === "function" &&
      k !== "createMesh" &&
      k !== "createAABBTree",
  );
  expect(queries.sort()).toEqual(FUNCTIONS.map((f) => f.name).sort());
});

describe("the bad-input tests", () => {
  it("cover every query of queries.def, with its arguments in order", () => {
    for (const q of readQueries()) {
      const spec = FUNCTIONS.find((f) => f.name === q.name);
      expect(
        spec,
        `tests/js/errors.test.js: FUNCTIONS has no valid example of ${q.name}`,
      ).toBeDefined();
      expect(
        spec.args.filter(([, kind]) => kind !== "target").map(([name]) => name),
        q.name,
      ).toEqual(q.args.map(([name]) => name));
    }
  });
});
