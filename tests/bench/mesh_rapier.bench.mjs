// Benchmark: mesh.sphereCast and mesh.capsuleCast against Rapier's castShape on a trimesh of the same mesh, in one
// Node process (issue 14: "at least 10x faster than Rapier's castShape against a trimesh collider").
//
//   npm --prefix tests/bench ci        (once: Rapier is a dependency of the benchmarks only)
//   node tests/bench/mesh_rapier.bench.mjs [--triangles 102400] [--rounds 7] [--calls 2000]
//
// The mesh: mesh.bench.mjs's TorusKnotGeometry (mesh_inputs.mjs; --triangles 1e6 for 10^6 triangles). Rapier
// (@dimforge/rapier3d-compat 0.21, f32 inside) holds it as a game holds its level: one fixed collider with a
// TriMesh shape (the same float32 positions and indices) in a World, stepped once so that its query pipeline
// holds it, and asked with World.castShape(position, rotation, velocity, shape, 0, 1, true): the call a game's
// own controller makes to sweep a shape through the level (it allocates its result). The world-free
// Shape.castShape against a TriMesh shape is no alternative: it converts the shape into Rapier's WASM form on
// every call, building the trimesh anew (262 ms per call at 102,400 triangles, measured). narrowphase: one
// np.createMesh, and mesh.sphereCast(start, end, radius, target) / mesh.capsuleCast(capsule, translation,
// target) with a reused target.
//
// The casts (castQueries in mesh_inputs.mjs): 1,024 of each length, short (0.05 to 0.2: a character's step in
// a frame), medium (0.5 to 1.5) and long (3 to 6), from points in the knot's bounds grown by 0.5 in random
// directions, balls of radius 0.02 to 0.2 and upright capsules (half height 0.1) of the same radii: Rapier's
// Ball(radius) and Capsule(0.1, radius), whose axis is y. Before any timing, both must agree on every cast:
// hit or miss, and where it stops: the distance travelled (the fraction, Rapier's time of impact with velocity =
// the translation and a maximum of 1, times the cast's length) within AGREEMENT, or else Rapier's stopping place
// within AGREEMENT of touching (the shape there, its radius grown by AGREEMENT, touches the mesh; shrunk by it,
// it does not: on a grazing path Rapier stops short by more than AGREEMENT along the path while its shape is
// still within AGREEMENT of the mesh; counted as "by the gap"). Hit or miss may differ on a grazing cast only
// (f32): where narrowphase hits and Rapier misses, the same cast with the radius shrunk by AGREEMENT must miss;
// where Rapier hits and narrowphase misses, with the radius grown by AGREEMENT it must hit (counted as
// "grazing"). Prints median ns per cast and the ratio narrowphase / Rapier (below
// 1: narrowphase is faster). Not a test: timings depend on the machine.
import RAPIER from "@dimforge/rapier3d-compat";
import { init } from "../../web/lib/index.js";
import { castQueries, castTarget, knot } from "./mesh_inputs.mjs";
import { arg, timeInterleaved } from "./timing.mjs";

const ROUNDS = arg("--rounds", 7);
const CALLS = arg("--calls", 2000);
const N = 1024;
const MASK = N - 1;
// Rapier computes in f32 and its casts stop short by up to about 1e-2 on grazing contacts (rapier.bench.mjs);
// the knot is about 5 across. GRAZE is a fraction.
const AGREEMENT = 1e-2;

await RAPIER.init();
const np = await init();
const { geometry, triangles, name } = knot();
const sets = castQueries(geometry, N);

const t0 = performance.now();
const mesh = np.createMesh(geometry);
const ourBuild = performance.now() - t0;
const positions = Float32Array.from(geometry.attributes.position.array);
const indices = Uint32Array.from(geometry.index.array);
const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
const t1 = performance.now();
world.createCollider(RAPIER.ColliderDesc.trimesh(positions, indices));
world.step();
const theirBuild = performance.now() - t1;

const identity = { x: 0, y: 0, z: 0, w: 1 };
const balls = new Map();
const capsuleShapes = new Map();
const shapeOf = (map, radius, make) => {
  if (!map.has(radius)) map.set(radius, make(radius));
  return map.get(radius);
};
// Each cast as Rapier takes it: the moving shape, its centre, the velocity (the translation, over a time of 1).
for (const set of Object.values(sets))
  for (const c of set) {
    c.ball = shapeOf(balls, c.radius, (r) => new RAPIER.Ball(r));
    c.capsuleShape = shapeOf(
      capsuleShapes,
      c.radius,
      (r) => new RAPIER.Capsule(0.1, r),
    );
  }

const castHit = castTarget();
const ours = {
  sphereCast: (c, target) => mesh.sphereCast(c.start, c.end, c.radius, target),
  capsuleCast: (c, target) =>
    mesh.capsuleCast(c.capsule, c.translation, target),
};
const shapeOfCast = {
  sphereCast: (c) => c.ball,
  capsuleCast: (c) => c.capsuleShape,
};
const theirWorld = (query, c) =>
  world.castShape(
    c.start,
    identity,
    c.translation,
    shapeOfCast[query](c),
    0,
    1,
    true,
  );
// narrowphase's cast c with its radius grown by `grow`.
const castGrown = (query, c, grow) =>
  query === "sphereCast"
    ? mesh.sphereCast(c.start, c.end, c.radius + grow)
    : mesh.capsuleCast(
        { ...c.capsule, radius: c.radius + grow },
        c.translation,
      );
// Whether the shape of cast c, moved by `fraction` of its translation and its radius grown by `grow`, touches
// the mesh.
const touches = (query, c, fraction, grow) => {
  const r = Math.max(0, c.radius + grow);
  const at = (p) => p.clone().addScaledVector(c.translation, fraction);
  return query === "sphereCast"
    ? mesh.overlapSphere({ center: at(c.start), radius: r })
    : mesh.overlapCapsule({
        start: at(c.capsule.start),
        end: at(c.capsule.end),
        radius: r,
      });
};

// ---- Agreement
const summary = [];
for (const query of ["sphereCast", "capsuleCast"])
  for (const [length, set] of Object.entries(sets)) {
    let hits = 0,
      started = 0,
      grazing = 0,
      byGap = 0,
      worst = 0;
    for (let i = 0; i < N; i++) {
      const c = set[i];
      const a = ours[query](c);
      const b = theirWorld(query, c);
      const their = b === null ? null : b.time_of_impact;
      if ((a === null) !== (their === null)) {
        if (
          (castGrown(query, c, a === null ? AGREEMENT : -AGREEMENT) ===
            null) ===
          (a !== null)
        ) {
          grazing++;
          continue;
        }
        throw new Error(
          `${query} ${length} ${i}: narrowphase ${a ? `hits at ${a.fraction}` : "misses"}, Rapier ${their === null ? "misses" : `hits at ${their}`}`,
        );
      }
      if (a !== null) {
        const d = Math.abs(a.fraction - their) * c.translation.length();
        if (d <= AGREEMENT) worst = Math.max(worst, d);
        else if (
          touches(query, c, their, AGREEMENT) &&
          !touches(query, c, their, -AGREEMENT)
        )
          byGap++;
        else
          throw new Error(
            `${query} ${length} ${i}: narrowphase's fraction ${a.fraction}, Rapier's ${their}`,
          );
      }
      if (a !== null) hits++;
      if (a !== null && a.startedOverlapping) started++;
    }
    summary.push({ query, length, hits, started, grazing, byGap, worst });
  }

// ---- Timing: each row's rounds alternate narrowphase and Rapier, after one untimed round of each.
const rows = [];
for (const { query, length, hits, started, grazing, byGap, worst } of summary) {
  const set = sets[length];
  const cast = ours[query];
  const { ourTime, worldTime } = timeInterleaved(
    {
      ourTime: (i) => cast(set[i], castHit),
      worldTime: (i) => theirWorld(query, set[i]),
    },
    ROUNDS,
    CALLS,
    MASK,
  );
  rows.push([
    `${query} ${length}`,
    hits,
    started,
    grazing,
    byGap,
    worst,
    ourTime,
    worldTime,
  ]);
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
const ratio = (x) => (x >= 0.1 ? x.toFixed(2) : x.toPrecision(2));
console.log(
  `${name}: ${triangles} triangles; builds: narrowphase ${ourBuild.toFixed(0)} ms, Rapier's trimesh collider ${theirBuild.toFixed(0)} ms; ${N} casts per row; agreement: hit or miss, distances within ${AGREEMENT} (or Rapier's stopping place within it of touching)`,
);
console.log(
  `| cast | hits of ${N} (started in contact) | grazing | by the gap | largest difference | narrowphase ns | Rapier World.castShape ns | ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|`,
);
for (const [row, hits, started, grazing, byGap, worst, o, w] of rows)
  console.log(
    `| ${row} | ${hits} (${started}) | ${grazing} | ${byGap} | ${worst.toExponential(1)} | ${fmt(o)} | ${fmt(w)} | ${ratio(o / w)}x |`,
  );
mesh.dispose();
