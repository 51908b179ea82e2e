// Benchmark: np.createMesh against three-mesh-bvh on the same mesh, in one Node process: build time (ours
// against its SAH and CENTER strategies), the nearest hit (mesh.raycast against MeshBVH.raycastFirst, both
// two-sided), the nearest point (mesh.closestPoint against MeshBVH.closestPointToPoint), contacts (mesh.contactsSphere
// and contactsCapsule against push-out shapecasts), and BVH memory.
//
//   npm --prefix tests/bench ci        (once: three-mesh-bvh is a dependency of the benchmarks only)
//   node tests/bench/mesh.bench.mjs [--triangles 102400] [--rounds 11] [--calls 20000] [--build-rounds 5]
//                                   [--brute-calls 16] [--brute-rounds 3] [--only WORD]
//
// --only WORD times only the query rows whose measure contains WORD (e.g. --only contacts: the two contacts
// rows); the build is still timed (the mesh is built anyway) and the agreement still checked, other rows print
// nothing.
//
// The mesh is three.js's TorusKnotGeometry(1, 0.4, 400, 128): 102,400 triangles, the size of three-mesh-bvh's
// own benchmark geometry (issue 14); --triangles 1e6 makes it TorusKnotGeometry(1, 0.4, 1250, 400), and other
// sizes alike (mesh_inputs.mjs). three-mesh-bvh reorders a geometry's index when it builds, so it gets a
// clone. Queries: 1,024 rays from a sphere of radius 4 around the knot, aimed at points within it (most hit,
// some miss), and 1,024 points in the knot's bounding box grown by 0.5; each call cycles through them.
//
// Before any timing, the two must agree on every input: hit or miss alike, the same distance within 1e-6 (both
// compute in double from the same float32 positions). Prints median ns per call and the ratio narrowphase /
// three-mesh-bvh (below 1: narrowphase is faster). Not a test: timings depend on the machine.
//
// Sphere overlap: 1,024 spheres of radius 0.02 to 0.2 centred in the knot's bounds, "which triangles touch this
// sphere" (mesh.trianglesInSphere into a reused Uint32Array) against what a three-mesh-bvh user writes today:
// shapecast with intersectsBounds = sphere.intersectsBox(box) and intersectsTriangle = the triangle's
// intersectsSphere (three-mesh-bvh's closest-point test), pushing each index into a reused array; and "does any
// triangle touch it" (mesh.overlapSphere against the same shapecast returning true at the first). Both must find
// the same number of triangles for every sphere before timing (their float test may differ only on exact
// touching, which random spheres do not hit).
//
// Contacts (a character's push-out): the same 1,024 spheres, and upright capsules of half height 0.1 with the
// same centres and radii, "every touching triangle and the way out of it" (mesh.contactsSphere /
// mesh.contactsCapsule, a fresh array of contacts) against what a three-mesh-bvh user writes today, after its
// own character-controller example (example/characterMovement.js): shapecast with the capsule's box (its
// segment's, grown by the radius) in intersectsBounds and triangle.closestPointToSegment in intersectsTriangle,
// keeping each triangle nearer than the radius with its push direction (capsule point - triangle point,
// normalized) and depth (radius - distance) in reused arrays; for the sphere, sphere.intersectsBox and
// triangle.closestPointToPoint. Both must find the same triangles for every shape before timing.
//
// Sweeps: three-mesh-bvh has no sweep at all (its shapecast is an overlap traversal), so mesh.sphereCast and
// mesh.capsuleCast are compared with the brute-force loop over the single calls through the JS API on the same
// mesh (np.sphereCastTriangle / np.capsuleCastTriangle over all 102,400 triangles, keeping the least fraction):
// what a user without a BVH writes. 1,024 casts from the sphere of radius 4 toward points in the knot's bounds,
// balls of radius 0.02 to 0.2 and upright capsules of half height 0.1; both must give the same fraction and
// triangle on the first --brute-calls casts before timing, which times the loop over that many casts
// (--brute-rounds rounds: it costs one single call per triangle and cast; --brute-calls 0 leaves the brute force
// out, and its column reads NaN).
import { Box3, DoubleSide, Line3, Vector3 } from "three";
import { MeshBVH, SAH, CENTER } from "three-mesh-bvh";
import { init } from "../../web/lib/index.js";
import { castTarget, knot, meshQueries } from "./mesh_inputs.mjs";
import { arg, argText, median, timePerCall } from "./timing.mjs";

const ROUNDS = arg("--rounds", 11);
const CALLS = arg("--calls", 20_000);
const BUILD_ROUNDS = arg("--build-rounds", 5);
const BRUTE_CALLS = arg("--brute-calls", 16);
const BRUTE_ROUNDS = arg("--brute-rounds", 3);
const ONLY = argText("--only", "");
const N = 1024;
const MASK = N - 1;
const AGREEMENT = 1e-6;

const np = await init();
const { geometry, triangles, name } = knot();
const { rays, points, spheres, capsules, casts } = meshQueries(geometry, N);

// Median over ROUNDS of the time per call of `fn(i)` over CALLS calls, in ns.
const time = (fn) => timePerCall(fn, ROUNDS, CALLS, MASK);
// The same, or NaN (not timed) when --only leaves the measure `row` out.
const timeRow = (row, fn) => (row.includes(ONLY) ? time(fn) : NaN);
// ---- Build: median over BUILD_ROUNDS of one build, in ms, the three builds' rounds interleaved (each round
// builds with every one in turn, so that a change in the machine's load hits them alike), after one untimed
// round of each (V8 first runs new WASM code in Liftoff).
const builds = {
  ours: () => np.createMesh(geometry).dispose(),
  sah: () => new MeshBVH(geometry.clone(), { strategy: SAH }),
  center: () => new MeshBVH(geometry.clone(), { strategy: CENTER }),
};
const buildSamples = { ours: [], sah: [], center: [] };
for (let r = -1; r < BUILD_ROUNDS; r++)
  for (const [name, fn] of Object.entries(builds)) {
    const t0 = performance.now();
    fn();
    if (r >= 0) buildSamples[name].push(performance.now() - t0);
  }
const ourBuild = median(buildSamples.ours);
const sahBuild = median(buildSamples.sah);
const centerBuild = median(buildSamples.center);

const mesh = np.createMesh(geometry);
const bvh = new MeshBVH(geometry.clone(), { strategy: SAH });
const bvhCenter = new MeshBVH(geometry.clone(), { strategy: CENTER });
const theirBytes = (b) => b._roots.reduce((sum, r) => sum + r.byteLength, 0);

// ---- Agreement
let hits = 0;
let worst = 0;
for (let i = 0; i < N; i++) {
  const ours = mesh.raycast(rays[i]);
  for (const b of [bvh, bvhCenter]) {
    const theirs = b.raycastFirst(rays[i], DoubleSide);
    if ((ours === null) !== (theirs === null))
      throw new Error(
        `ray ${i}: narrowphase ${ours ? "hits" : "misses"}, three-mesh-bvh ${theirs ? "hits" : "misses"}`,
      );
    if (ours)
      worst = Math.max(worst, Math.abs(ours.distance - theirs.distance));
  }
  if (ours) hits++;
  const c = mesh.closestPoint(points[i]);
  const t = bvh.closestPointToPoint(points[i], {});
  worst = Math.max(worst, Math.abs(c.distance - t.distance));
}
// Sphere overlap: three-mesh-bvh's shapecast, collecting indices into `found` (or stopping at the first).
const found = [];
const theirSphere = (b, sphere) => {
  found.length = 0;
  b.shapecast({
    intersectsBounds: (box) => sphere.intersectsBox(box),
    intersectsTriangle: (tri, i) => {
      if (tri.intersectsSphere(sphere)) found.push(i);
      return false;
    },
  });
  return found.length;
};
const theirAnySphere = (b, sphere) =>
  b.shapecast({
    intersectsBounds: (box) => sphere.intersectsBox(box),
    intersectsTriangle: (tri) => tri.intersectsSphere(sphere),
  });
const out = new Uint32Array(triangles);
let touched = 0;
for (let i = 0; i < N; i++) {
  const ours = mesh.trianglesInSphere(spheres[i], out).length;
  const theirs = theirSphere(bvh, spheres[i]);
  if (ours !== theirs)
    throw new Error(
      `sphere ${i}: narrowphase finds ${ours} triangles, three-mesh-bvh ${theirs}`,
    );
  if (mesh.overlapSphere(spheres[i]) !== theirAnySphere(bvh, spheres[i]))
    throw new Error(`sphere ${i}: overlapSphere disagrees`);
  touched += ours;
}
if (worst > AGREEMENT)
  throw new Error(`the two disagree by ${worst} (more than ${AGREEMENT})`);

// Contacts: three-mesh-bvh's push-out shapecasts, keeping each touching triangle's index in `pushed` and its
// direction and depth in `push` (x, y, z, depth).
const pushed = [];
const push = new Float64Array(4 * triangles);
const onTriangle = new Vector3();
const onShape = new Vector3();
const keep = (i, depth) => {
  const k = 4 * pushed.length;
  onShape.sub(onTriangle).normalize();
  push[k] = onShape.x;
  push[k + 1] = onShape.y;
  push[k + 2] = onShape.z;
  push[k + 3] = depth;
  pushed.push(i);
};
const theirContactsSphere = (b, sphere) => {
  pushed.length = 0;
  b.shapecast({
    intersectsBounds: (box) => sphere.intersectsBox(box),
    intersectsTriangle: (tri, i) => {
      tri.closestPointToPoint(sphere.center, onTriangle);
      const d = onTriangle.distanceTo(sphere.center);
      if (d < sphere.radius) {
        onShape.copy(sphere.center);
        keep(i, sphere.radius - d);
      }
      return false;
    },
  });
  return pushed.length;
};
const segment = new Line3();
const capsuleBox = new Box3();
const theirContactsCapsule = (b, capsule) => {
  pushed.length = 0;
  segment.start.copy(capsule.start);
  segment.end.copy(capsule.end);
  capsuleBox.makeEmpty();
  capsuleBox.expandByPoint(segment.start);
  capsuleBox.expandByPoint(segment.end);
  capsuleBox.min.addScalar(-capsule.radius);
  capsuleBox.max.addScalar(capsule.radius);
  b.shapecast({
    intersectsBounds: (box) => box.intersectsBox(capsuleBox),
    intersectsTriangle: (tri, i) => {
      const d = tri.closestPointToSegment(segment, onTriangle, onShape);
      if (d < capsule.radius) keep(i, capsule.radius - d);
      return false;
    },
  });
  return pushed.length;
};
// three-mesh-bvh's triangle i is the i-th of its clone's reordered index: the original triangle with the same
// three vertex indices.
const original = new Map();
const vertices = geometry.attributes.position.count;
const corners = (index, i) =>
  (index[3 * i] * vertices + index[3 * i + 1]) * vertices + index[3 * i + 2];
for (let i = 0; i < triangles; i++)
  original.set(corners(geometry.index.array, i), i);
const theirIndex = bvh.geometry.index.array;
const sameTriangles = (name, i, ours, theirs) => {
  const a = ours.map((c) => c.triangle);
  const b = pushed
    .slice(0, theirs)
    .map((k) => original.get(corners(theirIndex, k)))
    .sort((x, y) => x - y);
  if (a.length !== b.length || a.some((t, k) => t !== b[k]))
    throw new Error(
      `${name} ${i}: narrowphase touches ${a.length} triangles, three-mesh-bvh ${b.length} (or others)`,
    );
};
let sphereContacts = 0;
let capsuleContacts = 0;
for (let i = 0; i < N; i++) {
  const s = mesh.contactsSphere(spheres[i]);
  sameTriangles("contactsSphere", i, s, theirContactsSphere(bvh, spheres[i]));
  const c = mesh.contactsCapsule(capsules[i]);
  sameTriangles(
    "contactsCapsule",
    i,
    c,
    theirContactsCapsule(bvh, capsules[i]),
  );
  sphereContacts += s.length;
  capsuleContacts += c.length;
}

// Sweeps: the brute force over the single calls, the least fraction (the first of equal ones).
const tris = [];
{
  const p = geometry.attributes.position.array;
  const idx = geometry.index.array;
  const vertex = (k) =>
    new Vector3(p[3 * idx[k]], p[3 * idx[k] + 1], p[3 * idx[k] + 2]);
  for (let i = 0; i < triangles; i++)
    tris.push({ a: vertex(3 * i), b: vertex(3 * i + 1), c: vertex(3 * i + 2) });
}
const single = castTarget();
function bruteCast(cast) {
  let best = Infinity;
  let triangle = -1;
  for (let i = 0; i < tris.length; i++) {
    const h = cast(tris[i]);
    if (h !== null && h.fraction < best) {
      best = h.fraction;
      triangle = i;
    }
  }
  return triangle < 0 ? null : { fraction: best, triangle };
}
const bruteSphere = (c) =>
  bruteCast((t) => np.sphereCastTriangle(c.start, c.end, c.radius, t, single));
const bruteCapsule = (c) =>
  bruteCast((t) => np.capsuleCastTriangle(c.capsule, c.translation, t, single));
let castHits = 0;
for (let i = 0; i < BRUTE_CALLS; i++) {
  for (const [name, ours, theirs] of [
    [
      "sphereCast",
      mesh.sphereCast(casts[i].start, casts[i].end, casts[i].radius),
      bruteSphere(casts[i]),
    ],
    [
      "capsuleCast",
      mesh.capsuleCast(casts[i].capsule, casts[i].translation),
      bruteCapsule(casts[i]),
    ],
  ]) {
    if (
      (ours === null) !== (theirs === null) ||
      (ours !== null &&
        (ours.fraction !== theirs.fraction ||
          ours.triangle !== theirs.triangle))
    )
      throw new Error(`${name} ${i}: the mesh and the brute force disagree`);
    if (ours) castHits++;
  }
}
// Median over BRUTE_ROUNDS of the time per cast of `fn(i)` over BRUTE_CALLS casts, in ns.
const timeFew = (fn) => timePerCall(fn, BRUTE_ROUNDS, BRUTE_CALLS);

// ---- Queries
const hit = {
  distance: 0,
  point: new Vector3(),
  normal: new Vector3(),
  triangle: 0,
};
const near = { distance: 0, point: new Vector3(), triangle: 0 };
const theirNear = { point: new Vector3(), distance: 0, faceIndex: 0 };
const RAY = "raycast / raycastFirst";
const POINT = "closestPoint / closestPointToPoint";
const SPHERE = "trianglesInSphere / shapecast";
const ANY = "overlapSphere / shapecast to the first";
const CONTACTS_SPHERE = "contactsSphere / push-out shapecast";
const CONTACTS_CAPSULE = "contactsCapsule / push-out shapecast";
const SPHERE_CAST = "sphereCast / brute force over sphereCastTriangle";
const CAPSULE_CAST = "capsuleCast / brute force over capsuleCastTriangle";
const ourRay = timeRow(RAY, (i) => mesh.raycast(rays[i], Infinity, hit));
const theirRay = timeRow(RAY, (i) => bvh.raycastFirst(rays[i], DoubleSide));
const theirRayCenter = timeRow(RAY, (i) =>
  bvhCenter.raycastFirst(rays[i], DoubleSide),
);
const ourPoint = timeRow(POINT, (i) =>
  mesh.closestPoint(points[i], Infinity, near),
);
const theirPoint = timeRow(POINT, (i) =>
  bvh.closestPointToPoint(points[i], theirNear),
);
const ourSphere = timeRow(SPHERE, (i) =>
  mesh.trianglesInSphere(spheres[i], out),
);
const theirSphereTime = timeRow(SPHERE, (i) => theirSphere(bvh, spheres[i]));
const ourAny = timeRow(ANY, (i) => mesh.overlapSphere(spheres[i]));
const theirAny = timeRow(ANY, (i) => theirAnySphere(bvh, spheres[i]));
const ourContactsSphere = timeRow(CONTACTS_SPHERE, (i) =>
  mesh.contactsSphere(spheres[i]),
);
const theirContactsSphereTime = timeRow(CONTACTS_SPHERE, (i) =>
  theirContactsSphere(bvh, spheres[i]),
);
const ourContactsCapsule = timeRow(CONTACTS_CAPSULE, (i) =>
  mesh.contactsCapsule(capsules[i]),
);
const theirContactsCapsuleTime = timeRow(CONTACTS_CAPSULE, (i) =>
  theirContactsCapsule(bvh, capsules[i]),
);
const castHit = castTarget();
const ourSphereCast = timeRow(SPHERE_CAST, (i) =>
  mesh.sphereCast(casts[i].start, casts[i].end, casts[i].radius, castHit),
);
const bruteSphereCast =
  BRUTE_CALLS && SPHERE_CAST.includes(ONLY)
    ? timeFew((i) => bruteSphere(casts[i]))
    : NaN;
const ourCapsuleCast = timeRow(CAPSULE_CAST, (i) =>
  mesh.capsuleCast(casts[i].capsule, casts[i].translation, castHit),
);
const bruteCapsuleCast =
  BRUTE_CALLS && CAPSULE_CAST.includes(ONLY)
    ? timeFew((i) => bruteCapsule(casts[i]))
    : NaN;

const rows = [
  ["build (ms), against SAH", ourBuild, sahBuild],
  ["build (ms), against CENTER", ourBuild, centerBuild],
  ["raycast / raycastFirst SAH (ns)", ourRay, theirRay],
  ["raycast / raycastFirst CENTER (ns)", ourRay, theirRayCenter],
  ["closestPoint / closestPointToPoint SAH (ns)", ourPoint, theirPoint],
  ["trianglesInSphere / shapecast SAH (ns)", ourSphere, theirSphereTime],
  ["overlapSphere / shapecast to the first SAH (ns)", ourAny, theirAny],
  [
    "contactsSphere / push-out shapecast SAH (ns)",
    ourContactsSphere,
    theirContactsSphereTime,
  ],
  [
    "contactsCapsule / push-out shapecast SAH (ns)",
    ourContactsCapsule,
    theirContactsCapsuleTime,
  ],
  [
    "sphereCast / brute force over sphereCastTriangle (ns)",
    ourSphereCast,
    bruteSphereCast,
  ],
  [
    "capsuleCast / brute force over capsuleCastTriangle (ns)",
    ourCapsuleCast,
    bruteCapsuleCast,
  ],
  [
    "BVH memory (KiB), against SAH",
    mesh.bvhBytes / 1024,
    theirBytes(bvh) / 1024,
  ],
];
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
console.log(
  `${name}: ${triangles} triangles; ${hits} of ${N} rays hit; the two agree within ${worst.toExponential(1)}; the spheres touch ${(touched / N).toFixed(1)} triangles on average, the capsules ${(capsuleContacts / N).toFixed(1)} (${sphereContacts} and ${capsuleContacts} contacts in all); ${castHits} of ${2 * BRUTE_CALLS} casts checked against the brute force hit`,
);
console.log(
  `| measure | narrowphase | three-mesh-bvh ${"0.9.17"} | ratio |\n|---|---:|---:|---:|`,
);
for (const [name, ours, theirs] of rows)
  if (!Number.isNaN(ours) || !ONLY)
    console.log(
      `| ${name} | ${fmt(ours)} | ${fmt(theirs)} | ${ours / theirs >= 0.1 ? (ours / theirs).toFixed(2) : (ours / theirs).toPrecision(2)}x |`,
    );
console.log(
  `(narrowphase's mesh in all, with its double vertices and indices: ${(mesh.memoryBytes / 1024).toFixed(0)} KiB)`,
);
mesh.dispose();
