// The declarations as a TypeScript user meets them: the tarball plus typescript, three and @types/three (the
// repository's versions) in a fresh project, and a strict file using every function with three.js objects and
// with plain objects (fixtures/ts/usage.ts).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { makeProject, repoVersion, run } from "./lib/project.js";

const DIRECTIVE = /\/\/ @ts-expect-error (TS\d+)/;

describe("TypeScript declarations, type-checked in a fresh project", () => {
  let dir;
  const tsc = (...args) =>
    run(
      process.execPath,
      [
        join(dir, "node_modules/typescript/bin/tsc"),
        ...args,
        "--pretty",
        "false",
      ],
      {
        cwd: dir,
        check: false,
        timeout: 120_000,
      },
    );

  beforeAll(async () => {
    const { root, tarball } = inject("consumer");
    const dependencies = {};
    for (const name of ["typescript", "three", "@types/three"])
      dependencies[name] = await repoVersion(name);
    dir = await makeProject(root, "ts", tarball, {
      dependencies,
      type: "module",
      copy: ["ts"],
    });
  });

  test.each(["bundler", "nodenext"])(
    "a strict file using every function passes tsc --noEmit --strict with moduleResolution %s, so every @ts-expect-error line is still an error",
    async (resolution) => {
      const { code, stdout, stderr } = await tsc(
        "-p",
        `tsconfig.${resolution}.json`,
        "--noEmit",
        "--strict",
      );
      expect(stdout + stderr).toBe("");
      expect(code).toBe(0);
    },
  );

  test("each @ts-expect-error line fails for the reason it names, and no other line fails", async () => {
    // The same file with the directives disarmed (line numbers unchanged): the errors tsc reports must be
    // exactly the expected ones, code for code.
    const source = await readFile(join(dir, "usage.ts"), "utf8");
    const lines = source.split("\n");
    const expected = new Map();
    lines.forEach((line, i) => {
      const match = DIRECTIVE.exec(line);
      if (match) expected.set(i + 2, match[1]); // 1-based number of the line after the directive
    });
    expect(expected.size).toBeGreaterThanOrEqual(20);
    await writeFile(
      join(dir, "usage.disarmed.ts"),
      lines.map((l) => l.replace("@ts-expect-error", "disarmed:")).join("\n"),
    );
    const config = JSON.parse(
      await readFile(join(dir, "tsconfig.bundler.json"), "utf8"),
    );
    config.files = ["usage.disarmed.ts"];
    await writeFile(
      join(dir, "tsconfig.disarmed.json"),
      JSON.stringify(config),
    );

    const { stdout } = await tsc(
      "-p",
      "tsconfig.disarmed.json",
      "--noEmit",
      "--strict",
    );
    const actual = new Map();
    for (const match of stdout.matchAll(
      /^usage\.disarmed\.ts\((\d+),\d+\): error (TS\d+):/gm,
    )) {
      const line = Number(match[1]);
      actual.set(line, [...new Set([...(actual.get(line) ?? []), match[2]])]);
    }
    expect(Object.fromEntries(actual)).toEqual(
      Object.fromEntries([...expected].map(([line, code]) => [line, [code]])),
    );
  });

  test("the same file compiled and run in Node gives the exact answers with three.js objects and plain objects", async () => {
    const compiled = await tsc("-p", "tsconfig.emit.json");
    expect(compiled.stdout + compiled.stderr).toBe("");
    const { stdout, stderr } = await run(process.execPath, ["out/usage.js"], {
      cwd: dir,
      timeout: 60_000,
    });
    expect(stderr).toBe("");
    const v = (x, y, z) => ({ x, y, z });
    expect(JSON.parse(stdout)).toEqual({
      sameInstance: true,
      clamped: [1, 0.5, 0], // the target Vector3 comes back filled
      clampedIsVector3: true,
      allocated: v(1, 0.5, 0), // a null target: a new plain object
      allocatedIsPlain: true,
      // new Ray(): origin (0, 0, 0) on the box's corner, direction -z: starts on the box, so a hit at 0 whose
      // normal is the negated direction.
      nullTargetHit: { distance: 0, point: v(0, 0, 0), normal: v(0, 0, 1) },
      distance: 5,
      touches: true,
      rayNormalX: -1,
      rayDistance: 5,
      agreesWithThree: true, // Ray.intersectBox finds the same point
      lineDistance: 4,
      // The column-major check: with the rotation read transposed these would be true / null.
      obbApart: false,
      threeObbApart: false,
      obbTouching: true,
      axis: 0,
      axisName: "A.x",
      castFraction: 0.3,
      castNormal: [-1, 0, 0],
      castCenter: [3, 0, 0],
      castStarted: false,
      plainPoint: v(0, 1, 0.5),
      plainHit: null, // maxDistance 4 < 5
      plainObbTouching: true, // two unit-halfSize boxes 2 apart touch
      plainCast: null,
      tolerance: 1e-6,
      onLine: [1, 0, 0],
      capsuleDistance: 4,
      triangleDistance: 5,
      groundDistance: -4, // Euclidean: the normal's length 2 does not scale it
      capsuleHitDistance: 4,
      betweenDistance: 3,
      betweenPointB: [0, 0, 3], // a Vector3 target, filled (toArray exists)
      capsuleOnTriangle: true, // its end 1 above the face, radius 1: touching
      batchOverlaps: [1, 0], // touching the face x = 1; (5, 5, 5) is 6.9 from the box
      batchDistances: [4, 0], // enters the face x = 0 after 4; starts inside
      batchOutReturned: true,
      inMemoryHits: [1], // a point inside the box, from arrays in the module's memory
      // The quad's shared diagonal: both triangles at 1, the lower index.
      meshHit: {
        distance: 1,
        point: v(0.25, 0.25, 0),
        normal: v(0, 0, 1),
        triangle: 0,
      },
      meshNear: { distance: 1, point: [1, 0.5, 0], triangle: 0 }, // the edge x = 1 is triangle 0's
      knotTriangles: 1024, // TorusKnotGeometry(): 64 tubular x 8 radial segments, two triangles each
    });
  });
});
