// The project's own commands and the benchmark harness: they are not run by the other tests, so these checks
// keep them from rotting unnoticed (a package.json script naming a file that does not exist, a benchmark
// whose two sides no longer agree).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  Box3,
  Line3,
  Matrix3,
  Matrix4,
  Quaternion,
  Plane,
  Ray,
  Sphere,
  Triangle,
  Vector3,
} from "three";
import { Capsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { Octree } from "three/examples/jsm/math/Octree.js";
import { init } from "../../web/lib/index.js";
import { boundaryBenchmark, formatTable } from "../bench/boundary.cases.mjs";
import {
  crossingFloor,
  floorModuleBytes,
  formatFloor,
} from "../bench/crossing.cases.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));

describe("package.json scripts", () => {
  const scripts = Object.entries(pkg.scripts);
  it.each(scripts)("%s runs a file that exists", (name, command) => {
    const files = [...command.matchAll(/\b(?:bash|node|sh)\s+(\S+)/g)].map(
      (m) => m[1],
    );
    expect(files.length, `script "${name}": ${command}`).toBeGreaterThan(0);
    for (const file of files)
      expect(existsSync(`${root}/${file}`), `${name}: ${file}`).toBe(true);
  });
  it("has the two set-up commands the README gives, and the benchmark command", () => {
    const readme = readFileSync(`${root}/README.md`, "utf8");
    for (const name of ["start", "test", "bench"]) {
      expect(pkg.scripts[name]).toBeTypeOf("string");
      expect(readme).toContain(
        `npm ${name === "start" || name === "test" ? "" : "run "}${name}`,
      );
    }
  });
});

describe("boundary benchmark harness", () => {
  it("runs every case on the real module; both sides agree on all 1,024 inputs first", async () => {
    const np = await init();
    // The harness throws before timing anything when narrowphase and three.js disagree on any input.
    const result = boundaryBenchmark({
      np,
      three: {
        Box3,
        Line3,
        Matrix3,
        Matrix4,
        Quaternion,
        Ray,
        Sphere,
        Vector3,
        OBB,
        Triangle,
        Plane,
        Capsule,
        Octree,
      },
      now: () => performance.now(),
      runtime: "test",
      rounds: 1,
      calls: 2048,
    });
    // The shape matrix's overlaps are timed when this build has them (an older build, --against, may not).
    const overlaps = [
      "overlapSphereSphere",
      "overlapSpherePlane",
      "overlapSphereOBB",
      "overlapAABBAABB",
      "overlapAABBOBB",
      "overlapAABBTriangle",
      "overlapAABBPlane",
      "overlapOBBPlane",
      "overlapCapsuleAABB",
    ].filter((name) => typeof np[name] === "function");
    expect(overlaps).toContain("overlapSpherePlane");
    expect(result.rows.map((r) => r.name.split(" ")[0])).toEqual([
      "overlapSphereAABB",
      "linecastAABB",
      "overlapOBBOBB",
      "raycastAABB",
      "closestPointOnAABB",
      "distancePointAABB",
      "raycastSphere",
      "raycastTriangle",
      "raycastPlane",
      "raycastOBB",
      "closestPointOnTriangle",
      "closestPointOnSegment",
      "distancePointPlane",
      "sphereCastSphere",
      "sphereCastPlane",
      ...overlaps,
      "contactCapsuleTriangle",
    ]);
    for (const row of result.rows) {
      expect(row.ours).toBeGreaterThan(0);
      expect(row.theirs).toBeGreaterThan(0);
      expect(row.ratio).toBeCloseTo(row.ours / row.theirs, 12);
    }
    const table = formatTable(result).split("\n");
    expect(table).toHaveLength(3 + 15 + overlaps.length + 1); // + contactCapsuleTriangle
    expect(table[1]).toBe("| query | narrowphase ns | three.js ns | ratio |");
  });

  it("takes one call apart with a hand-assembled module whose functions do what their names say", async () => {
    const { exports } = new WebAssembly.Instance(
      new WebAssembly.Module(floorModuleBytes()),
      {},
    );
    const io = new Float64Array(exports.memory.buffer, 64, 10);
    io.set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(exports.empty(64)).toBe(0);
    expect(exports.read10(64)).toBe(1); // 55 > 0
    io.set([-1, -2, -3, -4, -5, -6, -7, -8, -9, 10]);
    expect(exports.read10(64)).toBe(0); // -35 > 0 is false: all ten are read
    const rows = crossingFloor({
      np: await init(),
      three: { Box3, Sphere, Vector3 },
      now: () => performance.now(),
      rounds: 1,
      calls: 2048,
    });
    expect(rows.map((r) => r.name)).toHaveLength(6);
    for (const r of rows) expect(r.ns).toBeGreaterThan(0);
    expect(formatFloor(rows).split("\n")).toHaveLength(2 + 6);
  });
});
