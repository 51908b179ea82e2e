// mesh.contactsSphere / mesh.contactsCapsule (issue 14, item 3) against the real module: one contact per touching
// triangle, ascending, each the single call's bit for bit (np.contactSphereTriangle / np.contactCapsuleTriangle)
// except on internal edges, where a floor of many small triangles gives only its face normal; ridges, borders
// and concave corners keep theirs. tests/cpp/mesh_test.cpp (MeshContactsTest) checks the same natively.
import * as THREE from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import {
  expectError,
  random,
  soup,
  triangleOf,
  triangles,
  v3,
} from "./helpers.js";

let np;
beforeAll(async () => {
  np = await init();
});

const sub = (a, b) => v3(a.x - b.x, a.y - b.y, a.z - b.z);
const cross = (a, b) =>
  v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
const len = (a) => Math.hypot(a.x, a.y, a.z);
/** A vector with -0 made +0 (so that toEqual compares values). */
const plain = (a) => v3(a.x + 0, a.y + 0, a.z + 0);

const KINDS = {
  Sphere: ["contactsSphere", "overlapSphereTriangle", "contactSphereTriangle"],
  Capsule: [
    "contactsCapsule",
    "overlapCapsuleTriangle",
    "contactCapsuleTriangle",
  ],
};

/**
 * The mesh's contacts against the brute force: exactly the triangles the overlap test touches, ascending, each
 * contact the single call's plus `triangle` (bit for bit when `exact`; otherwise that, or a face contact: the
 * normal +-the unit face normal). Returns [contacts, how many differ from the single call].
 */
function compareContacts(mesh, tris, kind, shape, exact) {
  const [member, overlap, single] = KINDS[kind];
  const got = mesh[member](shape);
  expect(Array.isArray(got)).toBe(true);
  const want = [];
  tris.forEach((t, i) => {
    if (np[overlap](shape, t)) want.push(i);
  });
  expect(
    got.map((c) => c.triangle),
    member,
  ).toEqual(want);
  let replaced = 0;
  for (const c of got) {
    const s = { ...np[single](shape, tris[c.triangle]), triangle: c.triangle };
    if (exact) {
      expect(c, `${member}, triangle ${c.triangle}`).toEqual(s);
      continue;
    }
    let same = true;
    try {
      expect(c).toEqual(s);
    } catch {
      same = false;
    }
    if (same) continue;
    replaced++;
    const t = tris[c.triangle];
    const n = cross(sub(t.b, t.a), sub(t.c, t.a));
    expect(len(cross(c.normal, n)) / len(n)).toBeLessThan(1e-12);
    expect(c.depth).toBeGreaterThanOrEqual(0);
  }
  return [got.length, replaced];
}

describe("mesh contacts equal the single calls' on soups (no shared edges)", () => {
  it("seeded soups of 1 to 400 triangles at every magnitude: the touching set, and each contact bit for bit", () => {
    const rng = random(77);
    for (const n of [1, 7, 60, 400])
      for (const [scale, offset] of [
        [1, 0],
        [1e-3, 1e6],
        [1e-300, 0],
        [1e300, 0],
      ]) {
        const positions = soup(rng, n, scale, offset);
        const tris = triangles(positions);
        const mesh = np.createMesh(positions);
        const point = () =>
          v3(
            offset + 1.5 * scale * rng.symmetric(),
            offset + 1.5 * scale * rng.symmetric(),
            offset + 1.5 * scale * rng.symmetric(),
          );
        let found = 0;
        for (let q = 0; q < (n >= 400 ? 10 : 20); q++) {
          const c = q % 3 === 0 ? tris[rng.below(n)].a : point();
          const size = scale * (q % 2 ? 0.05 : 0.5) * rng.unit();
          found += compareContacts(
            mesh,
            tris,
            "Sphere",
            { center: c, radius: size },
            true,
          )[0];
          found += compareContacts(
            mesh,
            tris,
            "Capsule",
            { start: c, end: point(), radius: size / 2 },
            true,
          )[0];
        }
        if (n >= 60) expect(found).toBeGreaterThan(0); // not vacuous
        mesh.dispose();
      }
  });

  it("three.js's TorusKnotGeometry and SphereGeometry: the touching set; each contact the single call's or a face contact", () => {
    const rng = random(78);
    for (const geometry of [
      new THREE.TorusKnotGeometry(1, 0.4, 64, 8),
      new THREE.SphereGeometry(1, 16, 12),
    ]) {
      const mesh = np.createMesh(geometry);
      const tris = triangles(
        geometry.attributes.position.array,
        geometry.index.array,
      );
      let found = 0;
      for (let q = 0; q < 20; q++) {
        const t = tris[rng.below(tris.length)];
        const c = q % 2 ? t.b : v3(rng.symmetric(), rng.symmetric(), 0);
        const r = 0.3 * rng.unit();
        const end = v3(rng.symmetric(), rng.symmetric(), rng.symmetric());
        found += compareContacts(
          mesh,
          tris,
          "Sphere",
          { center: c, radius: r },
          false,
        )[0];
        found += compareContacts(
          mesh,
          tris,
          "Capsule",
          { start: c, end, radius: r / 2 },
          false,
        )[0];
      }
      expect(found).toBeGreaterThan(0);
      mesh.dispose();
    }
  });

  it("thousands of touching triangles cross in chunks: every one, ascending, each the brute force's", () => {
    // 2 x 48 x 48 triangles of a grid, every one touched by a ball around it (more than the 256 of a chunk).
    const g = new THREE.PlaneGeometry(48, 48, 48, 48);
    const positions = g.attributes.position.array;
    const tris = triangles(positions, g.index.array);
    const mesh = np.createMesh(g);
    const sphere = { center: v3(0.25, 0.125, 0.5), radius: 40 };
    const [count] = compareContacts(mesh, tris, "Sphere", sphere, false);
    expect(count).toBe(tris.length);
    expect(count).toBeGreaterThan(4000);
    const capsule = { start: v3(-30, 0, 2), end: v3(30, 0, 3), radius: 4 };
    const [n] = compareContacts(mesh, tris, "Capsule", capsule, false);
    expect(n).toBe(Array.from(mesh.trianglesInCapsule(capsule)).length);
    expect(n).toBeGreaterThan(256);
    mesh.dispose();
  });
});

// A floor of 2 x n x n unit cells in the y = 0 plane from (0, 0) to (n, n), as three.js's PlaneGeometry (its
// y turned into -z exactly: no rotation matrix, so the floor is exactly flat).
function floorGeometry(n) {
  const g = new THREE.PlaneGeometry(n, n, n, n);
  const p = g.attributes.position.array;
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i],
      y = p[i + 1];
    p[i] = x + n / 2;
    p[i + 1] = 0;
    p[i + 2] = n / 2 - y;
  }
  return g;
}

describe("internal edges: a floor of many small triangles gives only its face normal", () => {
  it("a ball and capsules resting on or pressed into it along seams and at shared vertices get +y, depth the true penetration", () => {
    const g = floorGeometry(8);
    const mesh = np.createMesh(g);
    const tris = triangles(g.attributes.position.array, g.index.array);
    const r = 0.25;
    let replaced = 0;
    for (const press of [0, 1 / 64, 0.125])
      for (let u = 2; u <= 6; u += 0.125)
        for (const w of [2, 3, 3.5, 3.0625, 4]) {
          const h = r - press;
          const sphere = { center: v3(u, h, w), radius: r };
          const upright = {
            start: v3(u, h, w),
            end: v3(u, h + 1, w),
            radius: r,
          };
          const lying = {
            start: v3(u, h, w),
            end: v3(u + 1.5, h - 1 / 16, w + 0.5),
            radius: r,
          };
          for (const [kind, shape, depth] of [
            ["Sphere", sphere, press],
            ["Capsule", upright, press],
            ["Capsule", lying, press + 1 / 16],
          ]) {
            const got = mesh[KINDS[kind][0]](shape);
            expect(got.length).toBeGreaterThan(0);
            for (const c of got) {
              expect(plain(c.normal), `${kind} at ${u}, ${w}`).toEqual(
                v3(0, 1, 0),
              );
              expect(c.depth).toBe(depth);
            }
            replaced += compareContacts(mesh, tris, kind, shape, false)[1];
          }
        }
    // The single calls gave seams' tilted normals there to replace (not vacuous).
    expect(replaced).toBeGreaterThan(100);
    mesh.dispose();
  });

  it("the same floor unindexed (every triangle its own vertices) has the same internal edges", () => {
    const g = floorGeometry(4);
    const indexed = np.createMesh(g);
    const flat = np.createMesh(g.toNonIndexed());
    const rng = random(5);
    for (let q = 0; q < 40; q++) {
      const sphere = {
        center: v3(0.5 + 3 * rng.unit(), 0.2, 0.5 + 3 * rng.unit()),
        radius: 0.25,
      };
      const a = indexed.contactsSphere(sphere),
        b = flat.contactsSphere(sphere);
      expect(b).toEqual(a);
      for (const c of b) expect(plain(c.normal)).toEqual(v3(0, 1, 0));
    }
    indexed.dispose();
    flat.dispose();
  });

  it("beyond the floor's border the single call's edge and vertex normals stay", () => {
    const g = floorGeometry(4);
    const mesh = np.createMesh(g);
    const tris = triangles(g.attributes.position.array, g.index.array);
    for (const c of [v3(-0.125, 0.25, 1.5), v3(2, 0.25, -0.125)]) {
      const sphere = { center: c, radius: 0.375 };
      const [n, replaced] = compareContacts(
        mesh,
        tris,
        "Sphere",
        sphere,
        false,
      );
      expect(n).toBeGreaterThan(0);
      expect(replaced).toBe(0);
      for (const k of mesh.contactsSphere(sphere))
        expect(Math.abs(k.normal.y)).toBeLessThan(0.95);
    }
    mesh.dispose();
  });

  it("a convex ridge (30 degrees each side) keeps its edge normal; a concave corner gives both faces' normals", () => {
    const t = Math.PI / 6;
    const ridge = np.createMesh(
      new Float64Array([
        ...[-1, 0, 0, 1, 0, 0, 0, -Math.sin(t), -Math.cos(t)],
        ...[-1, 0, 0, 1, 0, 0, 0, -Math.sin(t), Math.cos(t)],
      ]),
    );
    const sphere = { center: v3(0.25, 0.5, 0), radius: 0.625 };
    const got = ridge.contactsSphere(sphere);
    expect(got.map((c) => c.triangle)).toEqual([0, 1]);
    for (const c of got) {
      expect(c.normal.y).toBeCloseTo(1, 15);
      expect(c.depth).toBeCloseTo(0.125, 15);
    }
    ridge.dispose();
    const corner = np.createMesh(
      new Float64Array([
        ...[0, 0, -1, 2, 0, -1, 2, 0, 1],
        ...[0, 0, -1, 2, 0, 1, 0, 0, 1],
        ...[0, 0, -1, 0, 2, -1, 0, 2, 1],
        ...[0, 0, -1, 0, 2, 1, 0, 0, 1],
      ]),
    );
    for (const z of [-0.5, 0, 0.5]) {
      const cs = corner.contactsSphere({
        center: v3(0.375, 0.25, z),
        radius: 0.5,
      });
      const floor = cs.filter((c) => c.triangle < 2),
        wall = cs.filter((c) => c.triangle >= 2);
      expect(floor.length).toBeGreaterThan(0);
      expect(wall.length).toBeGreaterThan(0);
      for (const c of floor) {
        expect(plain(c.normal)).toEqual(v3(0, 1, 0));
        expect(c.depth).toBe(0.25);
      }
      for (const c of wall) {
        expect(plain(c.normal)).toEqual(v3(1, 0, 0));
        expect(c.depth).toBe(0.125);
      }
    }
    corner.dispose();
  });
});

// The review of issue 14 item 3 (findings 1-3): an internal edge's contact is replaced only where face contacts
// void its corners, and the face normal's side is the single call's normal's, never the winding's.
describe("internal edges: replaced only where face contacts void them", () => {
  const h = Math.SQRT1_2;
  const single = (kind, shape, mesh, positions, indices) =>
    mesh[KINDS[kind][0]](shape).map((c) => {
      const t = triangleOf(positions, indices, c.triangle);
      expect(c).toEqual({
        ...np[KINDS[kind][2]](shape, t),
        triangle: c.triangle,
      });
      return c;
    });

  it("beside the floor's border, a ball or capsule touching the internal diagonal gets its true contact (depth 0.1, not 0.3 / 0.8 along -y)", () => {
    const positions = new Float64Array([0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]);
    const indices = new Uint32Array([0, 1, 2, 0, 2, 3]);
    const mesh = np.createMesh(positions, indices);
    const center = v3(0.25 * h, 0, -0.15 * h);
    const sphere = { center, radius: 0.3 };
    const got = single("Sphere", sphere, mesh, positions, indices);
    expect(got.map((c) => c.triangle)).toEqual([0, 1]);
    expect(plain(got[0].normal)).toEqual(v3(0, 0, -1));
    expect(got[0].depth).toBeCloseTo(0.3 - 0.15 * h, 15);
    expect(len(sub(got[1].normal, v3(h, 0, -h)))).toBeLessThan(1e-15);
    expect(got[1].depth).toBeCloseTo(0.1, 15);
    const capsule = {
      start: v3(center.x, -0.5, center.z),
      end: v3(center.x, 0.5, center.z),
      radius: 0.3,
    };
    const caps = single("Capsule", capsule, mesh, positions, indices);
    expect(caps.map((c) => c.triangle)).toEqual([0, 1]);
    expect(len(sub(caps[1].normal, v3(h, 0, -h)))).toBeLessThan(1e-15);
    expect(caps[1].depth).toBeCloseTo(0.1, 15);
    mesh.dispose();
  });

  it("a capsule resting on a ridge 2 degrees off flat gets the ridge's +y and depth 0 from both faces", () => {
    const t = (2 * Math.PI) / 180;
    const positions = new Float64Array([
      ...[-1, 0, 0, 1, 0, 0, 0, -Math.sin(t), -Math.cos(t)],
      ...[-1, 0, 0, 1, 0, 0, 0, -Math.sin(t), Math.cos(t)],
    ]);
    const mesh = np.createMesh(positions);
    const capsule = {
      start: v3(0, 0.5, -0.9),
      end: v3(0, 0.5, 0.9),
      radius: 0.5,
    };
    const got = single("Capsule", capsule, mesh, positions, null);
    expect(got.map((c) => c.triangle)).toEqual([0, 1]);
    for (const c of got) {
      expect(plain(c.normal)).toEqual(v3(0, 1, 0));
      expect(c.depth).toBeCloseTo(0, 15);
    }
    // Over face 1, near the ridge: face 1's contact voids the ridge, so face 0's becomes its face contact.
    const ball = { center: v3(0, 0.5, 0.0625), radius: 0.625 };
    const [c0, c1] = mesh.contactsSphere(ball);
    const n0 = v3(0, Math.cos(t), -Math.sin(t));
    expect(c1).toEqual({
      ...np.contactSphereTriangle(ball, triangleOf(positions, null, 1)),
      triangle: 1,
    });
    expect(len(sub(c0.normal, n0))).toBeLessThan(1e-15);
    expect(c0.depth).toBeCloseTo(0.625 - (0.5 * n0.y + 0.0625 * n0.z), 15);
    mesh.dispose();
  });

  it("a capsule crossing a quad gets the same contacts for every winding of its triangles and either end first", () => {
    const positions = new Float64Array([0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1]);
    let first = null;
    for (const indices of [
      [0, 1, 2, 1, 2, 3],
      [1, 0, 2, 1, 2, 3],
      [0, 1, 2, 1, 3, 2],
      [1, 0, 2, 1, 3, 2],
    ])
      for (const swap of [false, true]) {
        const mesh = np.createMesh(positions, new Uint32Array(indices));
        const ends = [v3(0.6, -0.5, 0.6), v3(0.6, 0.5, 0.6)];
        if (swap) ends.reverse();
        const got = mesh.contactsCapsule({
          start: ends[0],
          end: ends[1],
          radius: 0.3,
        });
        mesh.dispose();
        expect(got.map((c) => c.triangle)).toEqual([0, 1]);
        expect(len(sub(got[0].normal, v3(h, 0, h)))).toBeLessThan(1e-15);
        expect(got[0].depth).toBeCloseTo(0.3 - 0.1 * Math.SQRT2, 15);
        expect(len(sub(got[1].normal, v3(-h, 0, -h)))).toBeLessThan(1e-15);
        expect(got[1].depth).toBeCloseTo(0.3 + 0.1 * Math.SQRT2, 15);
        first ??= got;
        got.forEach((c, i) => {
          expect(plain(c.normal)).toEqual(plain(first[i].normal));
          expect(c.depth).toBe(first[i].depth);
        });
      }
  });
});

describe("contacts: the mesh's buffer of them", () => {
  it("grows to exactly the largest query's count (88 bytes a contact, counted in memoryBytes), never shrinks, freed with the mesh", () => {
    // mesh_flat.cpp: `ready` (sizeof(np::MeshContact) = 88 on wasm32) is reserved for 256 contacts at creation and
    // reserved again, exactly, for a larger query: not the vector's doubling, which would hold up to twice it.
    const g = new THREE.PlaneGeometry(10, 10, 30, 30); // 1,800 triangles
    const internals = np[Symbol.for("narrowphase.internals")];
    const heap = internals.heapBytesInUse();
    const mesh = np.createMesh(g);
    const base = mesh.memoryBytes;
    const small = mesh.contactsSphere({ center: v3(0, 0, 0), radius: 0.2 });
    expect(small.length).toBeLessThanOrEqual(256);
    expect(mesh.memoryBytes).toBe(base);
    // 742 triangles (room for 1,024 with the vector's doubling), then all 1,800, then fewer again: the buffer
    // follows the largest.
    const some = mesh.contactsCapsule({
      start: v3(-5, -5, 0),
      end: v3(5, 5, 0),
      radius: 1.5,
    }).length;
    expect(some).toBeGreaterThan(256);
    expect(mesh.memoryBytes).toBe(base + (some - 256) * 88);
    expect(
      mesh.contactsSphere({ center: v3(0, 0, 0), radius: 100 }),
    ).toHaveLength(1800);
    expect(mesh.memoryBytes).toBe(base + (1800 - 256) * 88);
    expect(mesh.contactsSphere({ center: v3(0, 0, 0), radius: 0.2 })).toEqual(
      small,
    );
    expect(mesh.memoryBytes).toBe(base + (1800 - 256) * 88);
    mesh.dispose();
    expect(internals.heapBytesInUse()).toBe(heap);
  });
});

describe("contacts: bad input, disposal, re-entrancy", () => {
  it("bad input: TypeError / RangeError naming mesh.<member> and the field; the mesh keeps working", () => {
    const mesh = np.createMesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    expectError("mesh.contactsSphere", RangeError, "sphere.radius", () =>
      mesh.contactsSphere({ center: v3(0, 0, 0), radius: -1 }),
    );
    expectError("mesh.contactsSphere", TypeError, "sphere.center", () =>
      mesh.contactsSphere({ radius: 1 }),
    );
    expectError("mesh.contactsSphere", RangeError, "sphere.center.z", () =>
      mesh.contactsSphere({ center: v3(0, 0, Infinity), radius: 1 }),
    );
    expectError("mesh.contactsCapsule", RangeError, "capsule.end.y", () =>
      mesh.contactsCapsule({
        start: v3(0, 0, 0),
        end: v3(0, NaN, 0),
        radius: 1,
      }),
    );
    expectError("mesh.contactsCapsule", TypeError, "capsule", () =>
      mesh.contactsCapsule(null),
    );
    expectError("mesh.contactsCapsule", RangeError, "capsule.radius", () =>
      mesh.contactsCapsule({
        start: v3(0, 0, 0),
        end: v3(0, 1, 0),
        radius: NaN,
      }),
    );
    // Still working: a ball pressed 1/8 into the triangle from above.
    const c = mesh.contactsSphere({
      center: v3(0.25, 0.25, 0.125),
      radius: 0.25,
    });
    expect(c).toEqual([
      {
        depth: 0.125,
        normal: v3(0, 0, 1),
        pointA: v3(0.25, 0.25, -0.125),
        pointB: v3(0.25, 0.25, 0),
        triangle: 0,
      },
    ]);
    expect(
      mesh.contactsCapsule({ start: v3(5, 5, 5), end: v3(6, 6, 6), radius: 1 }),
    ).toEqual([]);
    mesh.dispose();
    expect(() =>
      mesh.contactsSphere({ center: v3(0, 0, 0), radius: 1 }),
    ).toThrow("mesh.contactsSphere: the mesh was disposed");
    expect(() =>
      mesh.contactsCapsule({ start: v3(0, 0, 0), end: v3(0, 1, 0), radius: 1 }),
    ).toThrow("mesh.contactsCapsule: the mesh was disposed");
  });

  it("a getter that queries the mesh (or disposes it) mid-call: the answer is right, or the call throws", () => {
    const mesh = np.createMesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    const want = mesh.contactsSphere({
      center: v3(0.25, 0.25, 0.125),
      radius: 0.25,
    });
    const sneaky = {
      center: v3(0.25, 0.25, 0.125),
      get radius() {
        mesh.contactsCapsule({
          start: v3(0, 0, 3),
          end: v3(1, 1, 3),
          radius: 5,
        });
        mesh.trianglesInSphere({ center: v3(9, 9, 9), radius: 1 });
        return 0.25;
      },
    };
    expect(mesh.contactsSphere(sneaky)).toEqual(want);
    const disposing = {
      center: v3(0.25, 0.25, 0.125),
      get radius() {
        mesh.dispose();
        return 0.25;
      },
    };
    expect(() => mesh.contactsSphere(disposing)).toThrow(
      "mesh.contactsSphere: the mesh was disposed",
    );
  });

  it("a getter whose contacts query grows the module's memory mid-call leaves the outer call right", () => {
    // The mesh keeps every contact of a query in a buffer grown to its largest (mesh_flat.cpp), so a contacts
    // query may grow the memory, detaching every view of it, while another call's numbers are being copied in.
    const g = new THREE.PlaneGeometry(120, 120, 120, 120); // 28,800 triangles
    const mesh = np.createMesh(g);
    const other = np.createMesh(g);
    const rayWant = mesh.raycast({
      origin: v3(0.3, 0.2, 5),
      direction: v3(0, 0, -1),
    });
    const capsule = {
      start: v3(0.1, 0.2, 0.1),
      end: v3(1.1, 0.2, 0.1),
      radius: 0.2,
    };
    const capsuleWant = mesh.contactsCapsule(capsule);
    const internals = np[Symbol.for("narrowphase.internals")];
    const generation = internals.generation();
    let radius = 10;
    const grow = () => {
      const before = internals.memoryBytes();
      radius *= 2;
      const n = other.contactsSphere({ center: v3(0, 0, 0.5), radius }).length;
      return [before, n];
    };
    const grew = [];
    // A single call with the getter on its first input, the mesh's raycast, and a contacts query of the mesh.
    const box = { min: v3(-1, -1, -1), max: v3(1, 1, 1) };
    Object.defineProperty(box.min, "x", {
      get() {
        grew.push(grow());
        return -1;
      },
    });
    expect(np.closestPointOnAABB(v3(5, 0.5, -3), box)).toEqual(v3(1, 0.5, -1));
    const origin = { y: 0.2, z: 5 };
    Object.defineProperty(origin, "x", {
      get() {
        grew.push(grow());
        return 0.3;
      },
    });
    expect(mesh.raycast({ origin, direction: v3(0, 0, -1) })).toEqual(rayWant);
    const start = { x: 0.1, z: 0.1 };
    Object.defineProperty(start, "y", {
      get() {
        grew.push(grow());
        return 0.2;
      },
    });
    expect(mesh.contactsCapsule({ ...capsule, start })).toEqual(capsuleWant);
    // The memory did grow inside the getters (else this test proves nothing).
    expect(internals.memoryBytes()).toBeGreaterThan(grew[0][0]);
    expect(internals.generation()).toBeGreaterThan(generation);
    expect(grew.map(([, n]) => n)).toEqual([2626, 10298, 28668]);
    mesh.dispose();
    other.dispose();
  });
});
