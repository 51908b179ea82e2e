// mesh.raycastTrace against the real module: its hit is mesh.raycast's, bit for bit (the same C++ traversal with
// a recorder); its record is a walk of the BVH whose verdicts the exact single calls confirm (a node called
// missed is missed by np.raycastAABB, a pruned one entered beyond the answer, every triangle the ray hits no
// farther than the answer tested exactly); its counts are what it records; bad input, dispose and memory.
import * as THREE from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { expectDisposed, expectError, random, v3 } from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

function trianglesOf(positions, indices) {
  const n = indices ? indices.length / 3 : positions.length / 9;
  const corner = (i, k) => {
    const v = indices ? indices[3 * i + k] : 3 * i + k;
    return v3(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
  };
  return Array.from({ length: n }, (_, i) => ({
    a: corner(i, 0),
    b: corner(i, 1),
    c: corner(i, 2),
  }));
}

// Rays at the mesh: from a sphere of radius `far` around it toward a random corner of a triangle (shared
// vertices), toward a triangle's centroid, or anywhere in its bounds; every fifth with a maxDistance of half the
// way.
function raysAt(tris, rng, count, far) {
  const rays = [];
  for (let q = 0; q < count; q++) {
    const o = v3(
      far * rng.symmetric(),
      far * rng.symmetric(),
      far * rng.symmetric(),
    );
    const t = rng.pick(tris);
    const target =
      q % 3 === 0
        ? t.a
        : q % 3 === 1
          ? v3(
              (t.a.x + t.b.x + t.c.x) / 3,
              (t.a.y + t.b.y + t.c.y) / 3,
              (t.a.z + t.b.z + t.c.z) / 3,
            )
          : v3(rng.symmetric(), rng.symmetric(), rng.symmetric());
    const direction = v3(target.x - o.x, target.y - o.y, target.z - o.z);
    const length = Math.hypot(direction.x, direction.y, direction.z);
    if (length === 0) continue;
    rays.push({
      ray: { origin: o, direction },
      maxDistance: q % 5 === 0 ? length / 2 : Infinity,
    });
  }
  return rays;
}

// What a trace must be, checked with the single calls: see the file's header. Returns the trace.
function checkTrace(mesh, tris, ray, maxDistance) {
  const trace = mesh.raycastTrace(ray, maxDistance);
  const plain = mesh.raycast(ray, maxDistance);
  expect(trace.hit).toStrictEqual(plain); // Object.is on every number: bit for bit
  const answer = plain === null ? maxDistance : plain.distance;
  const byNode = new Map();
  const children = new Map();
  const orders = new Set();
  trace.nodes.forEach((e, k) => {
    expect(byNode.has(e.node), `node ${e.node} twice`).toBe(false);
    byNode.set(e.node, e);
    if (k === 0) {
      expect([e.node, e.parent, e.depth]).toEqual([0, null, 0]);
    } else {
      const parent = byNode.get(e.parent);
      expect(parent?.outcome, `node ${e.node}'s parent`).toBe("visited");
      expect(parent.leafTriangles).toBe(0);
      expect(e.depth).toBe(parent.depth + 1);
      children.set(e.parent, (children.get(e.parent) ?? 0) + 1);
    }
    const exact = np.raycastAABB(ray, e.box);
    if (e.outcome === "missed") {
      expect(exact, `node ${e.node} called missed`).toBeNull();
      expect(e.entry).toBe(Infinity);
    } else if (e.outcome === "pruned") {
      expect(e.entry).toBeGreaterThan(e.limit);
      expect(e.limit).toBeGreaterThanOrEqual(answer);
      if (exact !== null) expect(exact.distance).toBeGreaterThan(answer);
    } else {
      expect(e.outcome).toBe("visited");
      expect(e.entry).toBeLessThanOrEqual(e.limit);
      expect(orders.has(e.order)).toBe(false);
      orders.add(e.order);
      if (exact !== null) expect(e.entry).toBeLessThanOrEqual(exact.distance);
    }
  });
  const visited = trace.nodes.filter((e) => e.outcome === "visited");
  for (const e of visited)
    if (e.leafTriangles === 0) expect(children.get(e.node)).toBe(2);
  expect([...orders].sort((a, b) => a - b)).toEqual(visited.map((_, i) => i));
  // Exactly the triangles of the visited leaves, each with the exact test's verdict.
  const leafSum = visited.reduce((s, e) => s + e.leafTriangles, 0);
  expect(trace.triangles.length).toBe(leafSum);
  const seen = new Map();
  for (const t of trace.triangles) {
    expect(seen.has(t.triangle), `triangle ${t.triangle} twice`).toBe(false);
    seen.set(t.triangle, t);
    expect(byNode.get(t.node)?.outcome).toBe("visited");
    if (t.outcome === "skipped") continue;
    const h = np.raycastTriangle(ray, tris[t.triangle], maxDistance);
    if (t.outcome === "hit") expect(t.distance).toBe(h?.distance);
    else expect(h).toBeNull();
  }
  // Nothing that decides the answer escaped the exact test.
  tris.forEach((t, i) => {
    const h = np.raycastTriangle(ray, t, maxDistance);
    if (h !== null && h.distance <= answer)
      expect(seen.get(i)?.outcome, `triangle ${i} at ${h.distance}`).toBe(
        "hit",
      );
  });
  // The counts are what the record holds.
  expect(trace.nodesTested).toBe(trace.nodes.length);
  expect(trace.nodesVisited).toBe(visited.length);
  expect(trace.trianglesTested).toBe(
    trace.triangles.filter((t) => t.outcome !== "skipped").length,
  );
  expect(trace.triangleCount).toBe(tris.length);
  return trace;
}

describe("mesh.raycastTrace", () => {
  it("its hit is mesh.raycast's bit for bit, and its record holds, on the torus knot and seeded soups", () => {
    const rng = random(15);
    let hits = 0,
      pruned = 0,
      missed = 0;
    const meshes = [];
    const knot = new THREE.TorusKnotGeometry(1, 0.4, 64, 8);
    meshes.push([
      np.createMesh(knot),
      trianglesOf(knot.attributes.position.array, knot.index.array),
    ]);
    for (const n of [1, 7, 300]) {
      const positions = new Float64Array(9 * n);
      for (let i = 0; i < n; i++) {
        const c = [rng.symmetric(), rng.symmetric(), rng.symmetric()];
        for (let k = 0; k < 9; k++)
          positions[9 * i + k] = c[k % 3] + 0.2 * rng.symmetric();
      }
      meshes.push([np.createMesh(positions), trianglesOf(positions)]);
    }
    for (const [mesh, tris] of meshes) {
      for (const { ray, maxDistance } of raysAt(tris, rng, 60, 4)) {
        const trace = checkTrace(mesh, tris, ray, maxDistance);
        if (trace.hit !== null) hits++;
        for (const e of trace.nodes) {
          if (e.outcome === "pruned") pruned++;
          if (e.outcome === "missed") missed++;
        }
      }
      mesh.dispose();
    }
    // Not vacuous: hits, pruned nodes and missed nodes all occur.
    expect(hits).toBeGreaterThan(100);
    expect(pruned).toBeGreaterThan(20);
    expect(missed).toBeGreaterThan(200);
  });

  it("a ray down onto a 64 x 64 PlaneGeometry tests a handful of the 8,192 triangles the brute force tests", () => {
    const plane = new THREE.PlaneGeometry(8, 8, 64, 64).rotateX(-Math.PI / 2);
    const mesh = np.createMesh(plane);
    const tris = trianglesOf(
      plane.attributes.position.array,
      plane.index.array,
    );
    expect(mesh.triangleCount).toBe(8192);
    const rng = random(16);
    for (let q = 0; q < 20; q++) {
      const ray = {
        origin: v3(3.9 * rng.symmetric(), 2, 3.9 * rng.symmetric()),
        direction: v3(0, -1, 0),
      };
      const trace = checkTrace(mesh, tris, ray, Infinity);
      expect(trace.hit?.distance).toBeCloseTo(2, 12); // (rotateX leaves y within 1e-16 of 0)
      expect(trace.trianglesTested).toBeLessThanOrEqual(16);
      expect(trace.nodesTested).toBeLessThan(200);
      expect(trace.triangleCount).toBe(8192);
    }
    mesh.dispose();
  });

  it("a ray beside a quad records only the root, missed; down its diagonal both triangles hit, triangle 0 wins", () => {
    const mesh = np.createMesh(
      new Float64Array([0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]),
      new Uint32Array([0, 1, 2, 0, 2, 3]),
    );
    const beside = mesh.raycastTrace({
      origin: v3(5, 1, 5),
      direction: v3(1, 0, 0),
    });
    expect(beside.hit).toBeNull();
    expect(beside.nodes.map((e) => e.outcome)).toEqual(["missed"]);
    expect(beside.nodes[0].box).toEqual({
      min: v3(0, 0, 0),
      max: v3(1, 0, 1),
    });
    expect([beside.nodesVisited, beside.trianglesTested]).toEqual([0, 0]);
    const down = mesh.raycastTrace({
      origin: v3(0.5, 1, 0.5),
      direction: v3(0, -1, 0),
    });
    expect(down.hit).toMatchObject({ distance: 1, triangle: 0 });
    expect(down.nodes).toHaveLength(1);
    expect(down.nodes[0]).toMatchObject({
      outcome: "visited",
      order: 0,
      leafTriangles: 2,
      entry: expect.any(Number),
    });
    expect(
      down.triangles.map((t) => [t.triangle, t.outcome, t.distance]),
    ).toEqual([
      [0, "hit", 1],
      [1, "hit", 1],
    ]);
    mesh.dispose();
  });

  it("an empty mesh's trace is empty", () => {
    const mesh = np.createMesh(new Float64Array(0));
    expect(
      mesh.raycastTrace({ origin: v3(0, 0, 0), direction: v3(1, 0, 0) }),
    ).toEqual({
      hit: null,
      nodes: [],
      triangles: [],
      nodesTested: 0,
      nodesVisited: 0,
      trianglesTested: 0,
      triangleCount: 0,
    });
    mesh.dispose();
  });

  it("bad input: TypeError / RangeError naming mesh.raycastTrace and the field; the mesh keeps working", () => {
    const mesh = np.createMesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    const name = "mesh.raycastTrace";
    const ray = { origin: v3(0.25, 0.25, 1), direction: v3(0, 0, -1) };
    const trace = (r, d) => mesh.raycastTrace(r, d);
    expectError(name, TypeError, "ray.origin.y", () =>
      trace({ origin: { x: 0, z: 0 }, direction: v3(1, 0, 0) }, 1),
    );
    expectError(name, TypeError, "ray", () => trace(null, 1));
    expectError(name, RangeError, "ray.direction", () =>
      trace({ origin: v3(0, 0, 0), direction: v3(0, 0, 0) }, 1),
    );
    expectError(name, RangeError, "ray.origin.x", () =>
      trace({ origin: v3(NaN, 0, 0), direction: v3(1, 0, 0) }, 1),
    );
    expectError(name, RangeError, "maxDistance", () => trace(ray, -1));
    expectError(name, TypeError, "maxDistance", () => trace(ray, null));
    expect(mesh.raycastTrace(ray).hit).toMatchObject({
      distance: 1,
      triangle: 0,
    });
    expect(mesh.raycast(ray)).toMatchObject({ distance: 1, triangle: 0 });
    mesh.dispose();
  });

  // A getter disposing the mesh mid-call: mesh.test.js, with raycast.
  it("after dispose it throws Error naming it", () => {
    const mesh = np.createMesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    mesh.dispose();
    const ray = { origin: v3(0.25, 0.25, 1), direction: v3(0, 0, -1) };
    expectDisposed(
      [["raycastTrace", () => mesh.raycastTrace(ray)]],
      (name) => `mesh.${name}: the mesh was disposed`,
    );
  });

  it("its buffers are reserved once, on the first call, and counted in memoryBytes; dispose frees them", () => {
    const knot = new THREE.TorusKnotGeometry(1, 0.4, 64, 8);
    const mesh = np.createMesh(knot);
    const ray = { origin: v3(0, 0, 5), direction: v3(0, 0, -1) };
    const before = mesh.memoryBytes;
    mesh.raycastTrace(ray);
    const after = mesh.memoryBytes;
    expect(after).toBeGreaterThan(before);
    for (let i = 0; i < 20; i++)
      mesh.raycastTrace({ origin: v3(i - 10, 0, 5), direction: v3(0, 0, -1) });
    expect(mesh.memoryBytes).toBe(after);
    mesh.dispose();
  });

  it("a getter that calls a mesh query mid-call does not corrupt the trace", () => {
    const knot = new THREE.TorusKnotGeometry(1, 0.4, 64, 8);
    const mesh = np.createMesh(knot);
    const want = mesh.raycastTrace({
      origin: v3(0.3, 0.2, 5),
      direction: v3(0, 0, -1),
    });
    const origin = { x: 0.3, y: 0.2 };
    Object.defineProperty(origin, "z", {
      get() {
        mesh.raycastTrace({ origin: v3(4, 4, 4), direction: v3(-1, -1, -1) });
        return 5;
      },
    });
    expect(
      mesh.raycastTrace({ origin, direction: v3(0, 0, -1) }),
    ).toStrictEqual(want);
    mesh.dispose();
  });
});
