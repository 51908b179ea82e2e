// Benchmark: narrowphase's casts and contacts against Rapier's, per call, on the same shapes, in one Node process:
// the sphere's row (sphereCast*, contactSphere*), the capsule's (capsuleCast*, contactCapsule*) and the box's
// (contactAABB*, contactOBB*).
//
//   npm --prefix tests/bench ci        (once: Rapier is a dependency of the benchmarks only, tests/bench/package.json)
//   node tests/bench/rapier.bench.mjs [--rounds 11] [--calls 100000]
//
// Rapier (@dimforge/rapier3d-compat 0.21, f32 inside) answers these world-free with its shape API:
// `Shape.castShape` (a shape moving by a velocity for a time of at most 1, against another) and
// `Shape.contactShape` (the signed distance, normals and witness points of two shapes). A game that uses Rapier
// for these keeps its shapes, so each side's shapes are built once, before the clock: narrowphase's are the
// three.js objects themselves; Rapier's are its `Ball`, `Capsule`, `Cuboid`, `Triangle` and `HalfSpace` with
// a position and a rotation. Each call then passes what a game passes every frame: the moving shape's
// position and motion, and a result object to fill (both libraries accept one).
//
// Before any timing, the two must agree on every input: hit or miss alike, and the same distance within
// f32 rounding (RAPIER_AGREEMENT, relative to the scene's scale); a benchmark of two different answers measures
// nothing. Pairs that narrowphase does not have yet (an older build) are left out. Prints median ns per call and
// the ratio narrowphase / Rapier (below 1: narrowphase is faster). Not a test: timings depend on the machine.
import RAPIER from "@dimforge/rapier3d-compat";
import {
  Box3,
  Line3,
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
import { init } from "../../web/lib/index.js";
import { sphereBoxInputs } from "./boundary.cases.mjs";
import { castTarget } from "./mesh_inputs.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg("--rounds", 11);
const CALLS = arg("--calls", 100_000);
const N = 1024; // distinct inputs, cycled (i & MASK)
const MASK = N - 1;
// Rapier computes in f32 and its casts iterate (GJK ray casting) to a tolerance: on these inputs its distances
// differ from narrowphase's by up to about 1e-2 along a grazing path (one checked by hand, sphereCastCapsule
// input 190: narrowphase 5.146220808148042, where the shapes touch to 2e-16; Rapier 5.1366, where they are still
// 1.0e-3 apart). Two answers further apart than RAPIER_AGREEMENT are different answers, and stop the benchmark;
// the largest difference is printed with each row.
const RAPIER_AGREEMENT = 0.05;

await RAPIER.init();
const np = await init();

const { range, vec, boxes, spheres } = sphereBoxInputs(
  { Box3, Sphere, Vector3 },
  N,
);
const identity = { x: 0, y: 0, z: 0, w: 1 };
const up = new Vector3(0, 1, 0);

// The moving sphere: a path from start to end (the velocity a Rapier user passes is end - start, over a time
// of 1) and a radius.
const paths = Array.from({ length: N }, () => new Line3(vec(6), vec(6)));
const velocities = paths.map((g) => g.delta(new Vector3()));
const radii = Array.from({ length: N }, () => range(0.1, 1));
const balls = radii.map((r) => new RAPIER.Ball(r));
// The contacts' first shape: spheres[i], each with its own radius.
const sphereBalls = spheres.map((s) => new RAPIER.Ball(s.radius));

// The targets, each as narrowphase takes it and as Rapier's shape, position and rotation.
function obb() {
  const q = new Quaternion(
    range(-1, 1),
    range(-1, 1),
    range(-1, 1),
    range(-1, 1),
  ).normalize();
  const rotation = new Matrix3().setFromMatrix4(
    new Matrix4().makeRotationFromQuaternion(q),
  );
  return new OBB(
    vec(2),
    new Vector3(range(0.2, 1.5), range(0.2, 1.5), range(0.2, 1.5)),
    rotation,
  );
}
const targetSpheres = Array.from(
  { length: N },
  () => new Sphere(vec(4), range(0.1, 2)),
);
const capsules = Array.from(
  { length: N },
  () => new Capsule(vec(3), vec(3), range(0.1, 1)),
);
const obbs = Array.from({ length: N }, obb);
const triangles = Array.from(
  { length: N },
  () => new Triangle(vec(3), vec(3), vec(3)),
);
// Rapier's HalfSpace is solid below its plane, narrowphase's Plane is a thin surface: each plane faces the
// moving sphere's start (casts) or its center (contacts), where the two agree.
const planeFacing = (p) => {
  const plane = new Plane().setFromNormalAndCoplanarPoint(
    vec(1).normalize(),
    vec(2),
  );
  return plane.distanceToPoint(p) < 0 ? plane.negate() : plane;
};
const castPlanes = paths.map((g) => planeFacing(g.start));
const contactPlanes = spheres.map((s) => planeFacing(s.center));

const rapierOf = {
  Sphere: (s) => ({
    shape: new RAPIER.Ball(s.radius),
    pos: s.center,
    rot: identity,
  }),
  Capsule: (c) => {
    const axis = c.end.clone().sub(c.start);
    const length = axis.length();
    const q = new Quaternion().setFromUnitVectors(
      up,
      length > 0 ? axis.divideScalar(length) : up,
    );
    return {
      shape: new RAPIER.Capsule(length / 2, c.radius),
      pos: c.start.clone().add(c.end).multiplyScalar(0.5),
      rot: { x: q.x, y: q.y, z: q.z, w: q.w },
    };
  },
  AABB: (b) => {
    const h = b.getSize(new Vector3()).multiplyScalar(0.5);
    return {
      shape: new RAPIER.Cuboid(h.x, h.y, h.z),
      pos: b.getCenter(new Vector3()),
      rot: identity,
    };
  },
  OBB: (o) => {
    const q = new Quaternion().setFromRotationMatrix(
      new Matrix4().setFromMatrix3(o.rotation),
    );
    return {
      shape: new RAPIER.Cuboid(o.halfSize.x, o.halfSize.y, o.halfSize.z),
      pos: o.center,
      rot: { x: q.x, y: q.y, z: q.z, w: q.w },
    };
  },
  Triangle: (t) => ({
    shape: new RAPIER.Triangle(t.a, t.b, t.c),
    pos: { x: 0, y: 0, z: 0 },
    rot: identity,
  }),
  Plane: (p) => ({
    shape: new RAPIER.HalfSpace(p.normal),
    pos: p.coplanarPoint(new Vector3()),
    rot: identity,
  }),
};
const rapierName = {
  Sphere: "Ball",
  Capsule: "Capsule",
  AABB: "Cuboid",
  OBB: "Cuboid",
  Triangle: "Triangle",
  Plane: "HalfSpace",
};
const targets = {
  Sphere: [targetSpheres, targetSpheres],
  Capsule: [capsules, capsules],
  AABB: [boxes, boxes],
  OBB: [obbs, obbs],
  Triangle: [triangles, triangles],
  Plane: [castPlanes, contactPlanes],
};

const shapeHit = castTarget();
const contactHit = {
  depth: 0,
  normal: new Vector3(),
  pointA: new Vector3(),
  pointB: new Vector3(),
};
const rapierCastHit = new RAPIER.ShapeCastHit(
  0,
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
);
const rapierContact = new RAPIER.ShapeContact(
  0,
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
);
const still = { x: 0, y: 0, z: 0 };

// Each timed loop is its own function with its calls written out, so V8 compiles it for one callee.
function sphereCastCase(S) {
  const query = `sphereCast${S}`;
  const ours = targets[S][0];
  const theirs = ours.map(rapierOf[S]);
  return {
    name: `${query} vs Ball.castShape(${rapierName[S]})`,
    query,
    agree(i) {
      const g = paths[i];
      const h = np[query](g.start, g.end, radii[i], ours[i]);
      const t = theirs[i];
      const r = balls[i].castShape(
        g.start,
        identity,
        velocities[i],
        t.shape,
        t.pos,
        t.rot,
        still,
        0,
        1,
        true,
      );
      const length = velocities[i].length();
      return [
        h === null ? null : h.distance,
        r === null ? null : r.time_of_impact * length,
      ];
    },
    ours(n) {
      const f = np[query];
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        const g = paths[i];
        if (f(g.start, g.end, radii[i], ours[i], shapeHit) !== null) s++;
      }
      return s;
    },
    theirs(n) {
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        const t = theirs[i];
        const r = balls[i].castShape(
          paths[i].start,
          identity,
          velocities[i],
          t.shape,
          t.pos,
          t.rot,
          still,
          0,
          1,
          true,
          rapierCastHit,
        );
        if (r !== null) s++;
      }
      return s;
    },
  };
}

// Rapier 0.21's Ball.contactShape(HalfSpace) answers as if the half-space were flipped (a unit ball 5 above
// the plane y = 0 gets distance -6; 0.5 above it, -1.5), while HalfSpace.contactShape(Ball) is right: the
// plane's contact is asked the right way round, as a Rapier user would have to.
function contactCase(S) {
  const query = `contactSphere${S}`;
  const ours = targets[S][1];
  const theirs = ours.map(rapierOf[S]);
  const flip = S === "Plane";
  const ask = (i, target) => {
    const t = theirs[i];
    return flip
      ? t.shape.contactShape(
          t.pos,
          t.rot,
          sphereBalls[i],
          spheres[i].center,
          identity,
          0,
          target,
        )
      : sphereBalls[i].contactShape(
          spheres[i].center,
          identity,
          t.shape,
          t.pos,
          t.rot,
          0,
          target,
        );
  };
  return {
    name: flip
      ? `${query} vs HalfSpace.contactShape(Ball)`
      : `${query} vs Ball.contactShape(${rapierName[S]})`,
    query,
    agree(i) {
      const h = np[query](spheres[i], ours[i]);
      const r = ask(i);
      return [h === null ? null : h.depth, r === null ? null : -r.distance];
    },
    ours(n) {
      const f = np[query];
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        if (f(spheres[i], ours[i], contactHit) !== null) s++;
      }
      return s;
    },
    theirs(n) {
      let s = 0;
      for (let k = 0; k < n; k++) {
        if (ask(k & MASK, rapierContact) !== null) s++;
      }
      return s;
    },
  };
}

// The capsule's row: a character-sized capsule (an axis up to 2 long, radius 0.2 to 0.6) moving by a
// translation, or in contact; Rapier's Capsule placed at its midpoint, turned from +y onto its axis. Drawn after
// every input above, so that those stay what they were.
const movers = Array.from({ length: N }, () => {
  const start = vec(3);
  return new Capsule(start, start.clone().add(vec(1)), range(0.2, 0.6));
});
const translations = Array.from({ length: N }, () => vec(4));
const moverShapes = movers.map(rapierOf.Capsule);
// Planes facing the capsule's midpoint; the contacts' targets otherwise as the sphere's.
const capsulePlanes = moverShapes.map((m) => planeFacing(m.pos));
const capsuleTargets = { ...targets, Plane: [capsulePlanes, capsulePlanes] };

function capsuleCastCase(S) {
  const query = `capsuleCast${S}`;
  const ours = capsuleTargets[S][0];
  const theirs = ours.map(rapierOf[S]);
  return {
    name: `${query} vs Capsule.castShape(${rapierName[S]})`,
    query,
    agree(i) {
      const h = np[query](movers[i], translations[i], ours[i]);
      const m = moverShapes[i],
        t = theirs[i];
      const r = m.shape.castShape(
        m.pos,
        m.rot,
        translations[i],
        t.shape,
        t.pos,
        t.rot,
        still,
        0,
        1,
        true,
      );
      return [
        h === null ? null : h.distance,
        r === null ? null : r.time_of_impact * translations[i].length(),
      ];
    },
    ours(n) {
      const f = np[query];
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        if (f(movers[i], translations[i], ours[i], shapeHit) !== null) s++;
      }
      return s;
    },
    theirs(n) {
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        const m = moverShapes[i],
          t = theirs[i];
        const r = m.shape.castShape(
          m.pos,
          m.rot,
          translations[i],
          t.shape,
          t.pos,
          t.rot,
          still,
          0,
          1,
          true,
          rapierCastHit,
        );
        if (r !== null) s++;
      }
      return s;
    },
  };
}

// contactCapsule<S>; against a plane asked as HalfSpace.contactShape(Capsule), as for the ball (contactCase).
function capsuleContactCase(S) {
  const query = `contactCapsule${S}`;
  const ours = capsuleTargets[S][1];
  const theirs = ours.map(rapierOf[S]);
  const flip = S === "Plane";
  const ask = (i, target) => {
    const m = moverShapes[i],
      t = theirs[i];
    return flip
      ? t.shape.contactShape(t.pos, t.rot, m.shape, m.pos, m.rot, 0, target)
      : m.shape.contactShape(m.pos, m.rot, t.shape, t.pos, t.rot, 0, target);
  };
  return {
    name: flip
      ? `${query} vs HalfSpace.contactShape(Capsule)`
      : `${query} vs Capsule.contactShape(${rapierName[S]})`,
    query,
    agree(i) {
      const h = np[query](movers[i], ours[i]);
      const r = ask(i);
      return [h === null ? null : h.depth, r === null ? null : -r.distance];
    },
    ours(n) {
      const f = np[query];
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        if (f(movers[i], ours[i], contactHit) !== null) s++;
      }
      return s;
    },
    theirs(n) {
      let s = 0;
      for (let k = 0; k < n; k++) {
        if (ask(k & MASK, rapierContact) !== null) s++;
      }
      return s;
    },
  };
}

// The box's row: crate-sized boxes (half sizes 0.2 to 1), an AABB or a rotated OBB, in contact with a box,
// a triangle or a plane; Rapier's Cuboid at the box's center with its rotation. Drawn after every input above,
// so that those stay what they were.
const boxMovers = {
  AABB: Array.from({ length: N }, () => {
    const c = vec(2.5);
    const h = new Vector3(range(0.2, 1), range(0.2, 1), range(0.2, 1));
    return new Box3(c.clone().sub(h), c.clone().add(h));
  }),
  OBB: Array.from({ length: N }, () => {
    const o = obb();
    o.center.multiplyScalar(1.25);
    return o;
  }),
};
const boxMoverShapes = {
  AABB: boxMovers.AABB.map(rapierOf.AABB),
  OBB: boxMovers.OBB.map(rapierOf.OBB),
};
// Planes facing each box's center (Rapier's HalfSpace is solid below it, as for the ball).
const boxPlanes = {
  AABB: boxMoverShapes.AABB.map((m) => planeFacing(m.pos)),
  OBB: boxMoverShapes.OBB.map((m) => planeFacing(m.pos)),
};

// contact<A><S> for a box A; against a plane asked as HalfSpace.contactShape(Cuboid), as for the ball.
function boxContactCase([A, S]) {
  const query = `contact${A}${S}`;
  const ours = S === "Plane" ? boxPlanes[A] : targets[S][1];
  const theirs = ours.map(rapierOf[S]);
  const movers = boxMovers[A],
    moverShapes = boxMoverShapes[A];
  const flip = S === "Plane";
  const ask = (i, target) => {
    const m = moverShapes[i],
      t = theirs[i];
    return flip
      ? t.shape.contactShape(t.pos, t.rot, m.shape, m.pos, m.rot, 0, target)
      : m.shape.contactShape(m.pos, m.rot, t.shape, t.pos, t.rot, 0, target);
  };
  return {
    name: flip
      ? `${query} vs HalfSpace.contactShape(Cuboid)`
      : `${query} vs Cuboid.contactShape(${rapierName[S]})`,
    query,
    agree(i) {
      const h = np[query](movers[i], ours[i]);
      const r = ask(i);
      return [h === null ? null : h.depth, r === null ? null : -r.distance];
    },
    ours(n) {
      const f = np[query];
      let s = 0;
      for (let k = 0; k < n; k++) {
        const i = k & MASK;
        if (f(movers[i], ours[i], contactHit) !== null) s++;
      }
      return s;
    },
    theirs(n) {
      let s = 0;
      for (let k = 0; k < n; k++) {
        if (ask(k & MASK, rapierContact) !== null) s++;
      }
      return s;
    },
  };
}

const shapes = ["Sphere", "Capsule", "AABB", "OBB", "Triangle", "Plane"];
const boxPairs = [
  ["AABB", "AABB"],
  ["AABB", "OBB"],
  ["AABB", "Triangle"],
  ["AABB", "Plane"],
  ["OBB", "OBB"],
  ["OBB", "Triangle"],
  ["OBB", "Plane"],
];
const cases = [
  ...shapes.map(sphereCastCase),
  ...shapes.map(contactCase),
  ...shapes.map(capsuleCastCase),
  ...shapes.slice(1).map(capsuleContactCase),
  ...boxPairs.map(boxContactCase),
].filter((c) => typeof np[c.query] === "function");

// Agreement first: the same hits and misses, the same distances and depths within f32 rounding.
for (const c of cases) {
  let hits = 0,
    largest = 0;
  for (let i = 0; i < N; i++) {
    const [ours, theirs] = c.agree(i);
    const close =
      ours === null || theirs === null
        ? ours === theirs || Math.abs(ours ?? theirs) <= RAPIER_AGREEMENT
        : Math.abs(ours - theirs) <= RAPIER_AGREEMENT;
    if (ours !== null && theirs !== null)
      largest = Math.max(largest, Math.abs(ours - theirs));
    if (!close)
      throw new Error(
        `input ${i}: ${c.query} gives ${ours}, Rapier ${theirs} (${c.name})`,
      );
    if (ours !== null) hits++;
  }
  c.hits = hits;
  c.largest = largest;
}

function nsPerCall(loop) {
  const start = performance.now();
  const sink = loop(CALLS);
  const ns = ((performance.now() - start) * 1e6) / CALLS;
  if (Number.isNaN(sink)) throw new Error("unreachable"); // keeps the loop's result alive
  return ns;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

console.log(
  `node ${process.version}; Rapier ${RAPIER.version()} (@dimforge/rapier3d-compat); ${N} inputs cycled; ` +
    `median of ${ROUNDS} rounds x ${CALLS} calls; ns per call`,
);
console.log(
  "| query | hits of 1024 | largest difference | narrowphase ns | Rapier ns | ratio |",
);
console.log("|---|---:|---:|---:|---:|---:|");
for (const c of cases) {
  const a = [],
    b = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(nsPerCall(c.ours)); // interleaved, so noise hits both sides alike
    b.push(nsPerCall(c.theirs));
  }
  const ours = median(a),
    theirs = median(b);
  console.log(
    `| ${c.name} | ${c.hits} | ${c.largest.toExponential(1)} | ${ours.toFixed(1)} | ${theirs.toFixed(1)} | ${(ours / theirs).toFixed(2)} |`,
  );
}
