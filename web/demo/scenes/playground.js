// The playground: any two shapes of the library, and any query the library has for the pair. Each slot (A, B)
// holds one shape kind and the same generic inputs: a center C, two vectors U and V, a radius r and a rotation
// (degrees, XYZ); what they mean depends on the kind (see SHAPES below). The queries offered are read from the
// library itself (a function exists for the pair or it does not), so every query that lands in the package
// appears here without a change to this file.
import * as THREE from "three";
import { init } from "narrowphase";
import {
  Arrow,
  BoxView,
  COLORS,
  Dot,
  PlaneQuad,
  Rod,
  SphereView,
  material,
  setColor,
} from "../app/draw.js";
import { num, vec } from "../app/format.js";

/** The shape kinds, in the order of the menus. */
export const KINDS = [
  "point",
  "segment",
  "ray",
  "sphere",
  "capsule",
  "aabb",
  "obb",
  "triangle",
  "plane",
];
const LABEL = {
  point: "Point",
  segment: "Segment",
  ray: "Ray",
  sphere: "Sphere",
  capsule: "Capsule",
  aabb: "AABB (box)",
  obb: "OBB (oriented box)",
  triangle: "Triangle",
  plane: "Plane",
};
/** The library's name of each solid or thin shape, in the library's pair order. */
const NAME = {
  segment: "Segment",
  sphere: "Sphere",
  capsule: "Capsule",
  aabb: "AABB",
  obb: "OBB",
  triangle: "Triangle",
  plane: "Plane",
};
const PAIR_ORDER = ["Sphere", "Capsule", "AABB", "OBB", "Triangle", "Plane"];

/** The query families, in the order of the menu. */
export const FAMILIES = [
  "overlap",
  "closest point",
  "distance",
  "signed distance",
  "raycast",
  "linecast",
  "closest points",
  "sphere cast",
];

const DEG = Math.PI / 180;
const V3 = (x, y, z) => new THREE.Vector3(x, y, z);

/** The inputs of slot p ("a" or "b") as vectors. */
function slot(s, p) {
  const c = V3(s[`${p}x`], s[`${p}y`], s[`${p}z`]);
  const u = V3(s[`${p}ux`], s[`${p}uy`], s[`${p}uz`]);
  const v = V3(s[`${p}vx`], s[`${p}vy`], s[`${p}vz`]);
  const rotation = new THREE.Matrix3().setFromMatrix4(
    new THREE.Matrix4().makeRotationFromEuler(
      new THREE.Euler(
        s[`${p}rx`] * DEG,
        s[`${p}ry`] * DEG,
        s[`${p}rz`] * DEG,
        "XYZ",
      ),
    ),
  );
  return { kind: KINDS[s[`${p}k`]], c, u, v, r: s[`${p}r`], rotation };
}

/**
 * The library's input for a slot: a point is C; a segment runs from C − U to C + U; a ray starts at C along U;
 * a sphere is centered at C with radius r; a capsule is the segment with radius r; a box is centered at C with
 * half sizes |U| (an OBB turned by the rotation); a triangle has corners C + U, C + V and C − U − V (its
 * centroid is C); a plane passes through C with normal U.
 */
export function shapeOf(k) {
  const abs = (w) => V3(Math.abs(w.x), Math.abs(w.y), Math.abs(w.z));
  switch (k.kind) {
    case "point":
      return k.c;
    case "segment":
      return { start: k.c.clone().sub(k.u), end: k.c.clone().add(k.u) };
    case "ray":
      return { origin: k.c, direction: k.u };
    case "sphere":
      return { center: k.c, radius: k.r };
    case "capsule":
      return {
        start: k.c.clone().sub(k.u),
        end: k.c.clone().add(k.u),
        radius: k.r,
      };
    case "aabb":
      return { min: k.c.clone().sub(abs(k.u)), max: k.c.clone().add(abs(k.u)) };
    case "obb":
      return { center: k.c, halfSize: abs(k.u), rotation: k.rotation };
    case "triangle":
      return {
        a: k.c.clone().add(k.u),
        b: k.c.clone().add(k.v),
        c: k.c.clone().sub(k.u).sub(k.v),
      };
    case "plane": {
      const n = k.u.clone();
      return { normal: n, constant: -n.dot(k.c) };
    }
  }
  throw new Error(`unknown shape kind ${k.kind}`);
}

/**
 * Every query the library has for the pair of slots: { family, name, args(a, b) -> argument list, result }.
 * The pair is unordered: a point, ray or segment probes the other shape, whichever slot it is in.
 */
export function queriesFor(np, A, B) {
  const out = [];
  const add = (family, name, args, result) => {
    if (np && typeof np[name] === "function")
      out.push({ family: FAMILIES.indexOf(family), name, args, result });
  };
  const probes = ["point", "ray", "segment"];
  for (const [P, S, swap] of [
    [A, B, false],
    [B, A, true],
  ]) {
    const pick = (f) => (swap ? (a, b) => f(b, a) : f);
    if (P.kind === "point" && NAME[S.kind]) {
      add(
        "closest point",
        `closestPointOn${NAME[S.kind]}`,
        pick((p, s) => [p, s]),
        "point",
      );
      add(
        "distance",
        `distancePoint${NAME[S.kind]}`,
        pick((p, s) => [p, s]),
        "number",
      );
      if (S.kind === "plane")
        add(
          "signed distance",
          "signedDistancePointPlane",
          pick((p, s) => [p, s]),
          "number",
        );
    }
    if (P.kind === "ray" && PAIR_ORDER.includes(NAME[S.kind]))
      add(
        "raycast",
        `raycast${NAME[S.kind]}`,
        pick((r, s) => [r, s]),
        "rayHit",
      );
    if (P.kind === "segment" && PAIR_ORDER.includes(NAME[S.kind]))
      add(
        "linecast",
        `linecast${NAME[S.kind]}`,
        pick((g, s) => [g.start, g.end, s]),
        "rayHit",
      );
    if (swap) break; // the unordered cases below are added once
  }
  if (A.kind === "segment" && B.kind === "segment")
    add(
      "closest points",
      "closestPointsSegmentSegment",
      (a, b) => [a, b],
      "pair",
    );
  const nA = NAME[A.kind],
    nB = NAME[B.kind];
  if (
    !probes.includes(A.kind) &&
    !probes.includes(B.kind) &&
    !(A.kind === "plane" && B.kind === "plane")
  ) {
    const first = PAIR_ORDER.indexOf(nA) <= PAIR_ORDER.indexOf(nB);
    add(
      "overlap",
      `overlap${first ? nA + nB : nB + nA}`,
      first ? (a, b) => [a, b] : (a, b) => [b, a],
      "boolean",
    );
  }
  // A sphere cast: slot A's sphere moves from C to C + V against B.
  if (A.kind === "sphere" && PAIR_ORDER.includes(nB))
    add(
      "sphere cast",
      `sphereCast${nB}`,
      (a, b) => [a.center, a.center.clone().add(A.v), a.radius, b],
      "shapeCast",
    );
  return out;
}

let api = null;
init().then((np) => (api = np));

const slotFields = (p, name) => [
  { label: `${name}: center C`, keys: [`${p}x`, `${p}y`, `${p}z`] },
  {
    label: `${name}: shape`,
    keys: [`${p}k`],
    kind: "choice",
    options: KINDS.map((k, i) => [i, LABEL[k]]),
  },
  { label: `${name}: vector U`, keys: [`${p}ux`, `${p}uy`, `${p}uz`] },
  { label: `${name}: vector V`, keys: [`${p}vx`, `${p}vy`, `${p}vz`] },
  { label: `${name}: radius r`, keys: [`${p}r`], min: 0 },
  {
    label: `${name}: rotation ° (OBB)`,
    keys: [`${p}rx`, `${p}ry`, `${p}rz`],
    kind: "deg",
    min: -180,
    max: 180,
  },
];

const HELP = `
  <p>Pick two shapes and a query. The queries listed are the ones the library has for the pair (a point, ray or
  segment probes the other shape whichever slot it is in). Each slot has the same inputs — a center
  <b class="ca">C</b>, vectors <b>U</b> and <b>V</b>, a radius and a rotation — read by its shape: a segment
  runs from C − U to C + U; a ray starts at C along U; a capsule is that segment with radius r; a box has half
  sizes |U| (an OBB is also turned by the rotation); a triangle has corners C + U, C + V and C − U − V; a plane
  passes through C with normal U; a sphere cast moves sphere A from C to C + V.</p>
  <p>Drag the cubes (centers) and the small balls (the tips of U and V).</p>`;

const views = (ctx, color) => {
  const tri = new THREE.Mesh(
    new THREE.BufferGeometry().setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(9), 3),
    ),
    material(color, { opacity: 0.45, side: THREE.DoubleSide }),
  );
  return {
    point: ctx.add(new Dot(color, 0.08)),
    segment: ctx.add(new Rod(color, 0.025)),
    ray: ctx.add(new Arrow(color, 0.025)),
    sphere: ctx.add(new SphereView(color)),
    capsuleStart: ctx.add(new SphereView(color)),
    capsuleEnd: ctx.add(new SphereView(color)),
    capsuleSide: ctx.add(new Rod(color, 0.5, { opacity: 0.3 })),
    box: ctx.add(new BoxView(color)),
    triangle: ctx.add(tri),
    plane: ctx.add(new PlaneQuad(color, 0.22)),
  };
};

function place(o, k, shape, color) {
  for (const view of Object.values(o)) view.visible = false;
  const show = (view) => ((view.visible = true), view);
  switch (k.kind) {
    case "point":
      show(o.point).set(shape);
      break;
    case "segment":
      show(o.segment).set(shape.start, shape.end);
      break;
    case "ray":
      show(o.ray).set(
        shape.origin,
        shape.origin
          .clone()
          .addScaledVector(shape.direction.clone().normalize(), 4),
      );
      break;
    case "sphere":
      show(o.sphere).set(shape.center, shape.radius).setColor(color);
      break;
    case "capsule":
      show(o.capsuleStart).set(shape.start, shape.radius).setColor(color);
      show(o.capsuleEnd).set(shape.end, shape.radius).setColor(color);
      o.capsuleSide.radius = Math.max(shape.radius, 1e-3);
      show(o.capsuleSide).set(shape.start, shape.end);
      setColor(o.capsuleSide.material, color);
      break;
    case "aabb":
      show(o.box).setMinMax(shape.min, shape.max).setColor(color);
      break;
    case "obb":
      show(o.box)
        .setOBB(
          shape.center,
          shape.halfSize,
          new THREE.Quaternion().setFromRotationMatrix(
            new THREE.Matrix4().setFromMatrix3(shape.rotation),
          ),
        )
        .setColor(color);
      break;
    case "triangle": {
      const p = o.triangle.geometry.attributes.position;
      [shape.a, shape.b, shape.c].forEach((x, i) => p.setXYZ(i, x.x, x.y, x.z));
      p.needsUpdate = true;
      o.triangle.geometry.computeBoundingSphere();
      show(o.triangle);
      setColor(o.triangle.material, color);
      break;
    }
    case "plane": {
      const n = shape.normal.clone().normalize();
      show(o.plane).set(k.c, n, 6);
      setColor(o.plane.material, color);
      break;
    }
  }
}

/** The readout of one query's answer: text, and what to draw. */
export function describe(q, answer) {
  switch (q.result) {
    case "boolean":
      return `${q.name}: ${answer ? "overlap" : "no overlap"}`;
    case "point":
      return `${q.name}: ${vec(answer)}`;
    case "number":
      return `${q.name}: ${num(answer)}`;
    case "rayHit":
      return answer === null
        ? `${q.name}: no hit`
        : `${q.name}: hit at distance ${num(answer.distance)}, point ${vec(answer.point)}, normal ${vec(answer.normal)}`;
    case "pair":
      return `${q.name}: distance ${num(answer.distance)} between ${vec(answer.pointA)} and ${vec(answer.pointB)}`;
    case "shapeCast":
      return answer === null
        ? `${q.name}: no hit`
        : `${q.name}: first contact at fraction ${num(answer.fraction)} (distance ${num(answer.distance)}), point ${vec(answer.point)}`;
  }
  return `${q.name}: ${String(answer)}`;
}

export default {
  id: "playground",
  menu: "Playground",
  articles: "—",
  title: "Playground: any two shapes, any query",
  camera: { position: [5.5, 4.5, 7.5], target: [0, 0, 0] },
  defaults: {
    // A point beside a triangle: its closest point lies on an edge.
    ax: -0.4,
    ay: 1.4,
    az: 0.6,
    ak: 0, // point
    aux: 1,
    auy: 0.4,
    auz: 0,
    avx: 3,
    avy: 0,
    avz: 0,
    ar: 0.6,
    arx: 0,
    ary: 0,
    arz: 0,
    bx: 0.8,
    by: 0,
    bz: 0,
    bk: 7, // triangle
    bux: 0.9,
    buy: 0.9,
    buz: 0,
    bvx: -0.6,
    bvy: 0.3,
    bvz: 0.9,
    br: 0.5,
    brx: 0,
    bry: 30,
    brz: 20,
    q: 1, // closest point
  },
  fields: [
    ...slotFields("a", "A"),
    ...slotFields("b", "B"),
    {
      label: "Query",
      keys: ["q"],
      kind: "choice",
      options: FAMILIES.map((f, i) => [i, f]),
    },
  ],
  normalize(s) {
    for (const p of ["a", "b"]) {
      // A ray direction and a plane normal must not be zero.
      const kind = KINDS[s[`${p}k`]];
      if (
        (kind === "ray" || kind === "plane") &&
        s[`${p}ux`] === 0 &&
        s[`${p}uy`] === 0 &&
        s[`${p}uz`] === 0
      )
        s[`${p}uy`] = 1;
      for (const k of ["rx", "ry", "rz"])
        if (s[`${p}${k}`] === -180) s[`${p}${k}`] = 180;
    }
    // The query: one the library has for the pair (the first one when the chosen family has none).
    const list = queriesFor(api, slot(s, "a"), slot(s, "b"));
    if (list.length > 0 && !list.some((q) => q.family === s.q))
      s.q = list[0].family;
  },

  explanation: HELP,

  build(ctx) {
    ctx.objects = {
      a: views(ctx, COLORS.a),
      b: views(ctx, COLORS.b),
      key: ctx.add(new Dot(COLORS.key, 0.07)),
      key2: ctx.add(new Dot(COLORS.key, 0.07)),
      link: ctx.add(new Rod(COLORS.key, 0.015)),
      normal: ctx.add(new Arrow(COLORS.key, 0.02)),
      ghost: ctx.add(new SphereView(COLORS.key, { opacity: 0.18 })),
    };
    for (const [p, color] of [
      ["a", COLORS.a],
      ["b", COLORS.b],
    ]) {
      const kindOf = (s) => KINDS[s[`${p}k`]];
      ctx.handle({
        name: `${p.toUpperCase()} center`,
        color,
        shape: "cube",
        get: (s) => [s[`${p}x`], s[`${p}y`], s[`${p}z`]],
        drag: (s, x) => ({ [`${p}x`]: x.x, [`${p}y`]: x.y, [`${p}z`]: x.z }),
      });
      ctx.handle({
        name: `${p.toUpperCase()} U`,
        color,
        get: (s) => [
          s[`${p}x`] + s[`${p}ux`],
          s[`${p}y`] + s[`${p}uy`],
          s[`${p}z`] + s[`${p}uz`],
        ],
        drag: (s, x) => ({
          [`${p}ux`]: x.x - s[`${p}x`],
          [`${p}uy`]: x.y - s[`${p}y`],
          [`${p}uz`]: x.z - s[`${p}z`],
        }),
        visible: (s) => !["point", "sphere"].includes(kindOf(s)),
      });
      ctx.handle({
        name: `${p.toUpperCase()} V`,
        color,
        get: (s) => [
          s[`${p}x`] + s[`${p}vx`],
          s[`${p}y`] + s[`${p}vy`],
          s[`${p}z`] + s[`${p}vz`],
        ],
        drag: (s, x) => ({
          [`${p}vx`]: x.x - s[`${p}x`],
          [`${p}vy`]: x.y - s[`${p}y`],
          [`${p}vz`]: x.z - s[`${p}z`],
        }),
        visible: (s) =>
          kindOf(s) === "triangle" || (p === "a" && kindOf(s) === "sphere"),
      });
    }
  },

  update(ctx, s) {
    const { np, objects: o } = ctx;
    const A = slot(s, "a"),
      B = slot(s, "b");
    const a = shapeOf(A),
      b = shapeOf(B);
    const list = queriesFor(np, A, B);
    const q = list.find((x) => x.family === s.q) ?? list[0];
    for (const x of [o.key, o.key2, o.link, o.normal, o.ghost])
      x.visible = false;

    let text = "no query of the library takes these two shapes";
    let tone = "";
    let answer = null;
    if (q) {
      answer = np[q.name](...q.args(a, b));
      text = describe(q, answer);
      if (q.result === "boolean") tone = answer ? "overlap" : "clear";
      else if (q.result === "rayHit" || q.result === "shapeCast")
        tone = answer === null ? "clear" : "overlap";
    }
    const overlapping = q?.result === "boolean" && answer;
    place(o.a, A, a, overlapping ? COLORS.overlap : COLORS.a);
    place(o.b, B, b, overlapping ? COLORS.overlap : COLORS.b);

    // The answer drawn: a closest point joined to its probe, a hit with its normal, a pair of closest points,
    // a ghost of the moving sphere at first contact.
    const probe = A.kind === "point" ? a : B.kind === "point" ? b : null;
    if (q?.result === "point") {
      o.key.set(answer);
      o.link.set(probe, answer);
    } else if (q?.name.startsWith("distancePoint")) {
      // The distance drawn as the segment to the closest point, which the library also gives.
      const c = np[q.name.replace("distancePoint", "closestPointOn")](
        ...q.args(a, b),
      );
      o.key.set(c);
      o.link.set(probe, c);
    } else if (q?.result === "rayHit" && answer) {
      const p = V3(answer.point.x, answer.point.y, answer.point.z);
      o.key.set(p);
      o.normal.visible = true;
      o.normal.set(
        p,
        p
          .clone()
          .addScaledVector(
            V3(answer.normal.x, answer.normal.y, answer.normal.z),
            0.8,
          ),
      );
    } else if (q?.result === "pair") {
      o.key.set(V3(answer.pointA.x, answer.pointA.y, answer.pointA.z));
      o.key2.set(V3(answer.pointB.x, answer.pointB.y, answer.pointB.z));
      o.link.set(o.key.position, o.key2.position);
    } else if (q?.result === "shapeCast" && answer) {
      o.ghost.visible = true;
      o.ghost.set(V3(answer.center.x, answer.center.y, answer.center.z), A.r);
      o.key.set(V3(answer.point.x, answer.point.y, answer.point.z));
    }

    const options = list.map((x) => `<code>${x.name}</code>`).join(", ");
    return {
      result: text,
      tone,
      steps: [
        {
          title: "The queries the library has for this pair",
          html: list.length
            ? `<p>${options}</p>`
            : "<p>None: pick a shape for A or B that the other can be asked about.</p>",
        },
        ...(q
          ? [
              {
                title: `The answer of ${q.name}`,
                key: true,
                html: `<p class="eq">${text}</p>`,
              },
            ]
          : []),
      ],
    };
  },
};
