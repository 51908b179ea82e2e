// Every query of the one declaration, cpp/include/narrowphase/queries.def, is everywhere it must be: exported by
// the WASM module (which was built from this very declaration), wrapped by the generated JS layer, declared with
// JSDoc in index.d.ts, listed in the README's API table, and known to the error messages by its problems. The
// parity corpus (native_parity.test.js) and the bad-input tests (errors.test.js) check their own coverage of
// the declaration. A query added to queries.def and forgotten anywhere fails here, saying where.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import createNarrowphaseModule, {
  wasmBinary,
} from "../../web/lib/narrowphase.wasm.js";
import { init } from "../../web/lib/index.js";
import { generate, readQueries } from "../../web/scripts/gen-queries.mjs";
import { KINDS, queriesFor } from "../../web/demo/scenes/playground.js";
import boxesShape, { treeFor } from "../../web/demo/app/shapes/boxes.js";
import { crates, liftCrate } from "../../web/demo/app/crates.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const QUERIES = readQueries();
const NAMES = QUERIES.map((q) => q.name);

let module;
let np;
beforeAll(async () => {
  module = await createNarrowphaseModule({
    wasmBinary: await wasmBinary(),
  });
  np = await init();
});

describe("every query of queries.def", () => {
  it("is exported by the WASM module, which was built from this declaration (npm run build when not)", () => {
    const table = module
      .queryTable()
      .trim()
      .split("\n")
      .map((line) => line.split(" ")[0]);
    expect(
      table,
      "the module was built from another queries.def: rebuild it (npm run build)",
    ).toEqual(NAMES);
    for (const name of NAMES)
      expect(typeof module[`_np_${name}`], `WASM export _np_${name}`).toBe(
        "function",
      );
  });

  it("is wrapped by web/lib/index.js as generated from the declaration (node web/scripts/gen-queries.mjs)", async () => {
    const index = readFileSync(`${root}/web/lib/index.js`, "utf8");
    expect(
      (await generate(index)) === index,
      "web/lib/index.js is stale: run node web/scripts/gen-queries.mjs",
    ).toBe(true);
  });

  it("is a function of the API object, which has nothing else but batch, createMesh, createAABBTree, OBB_AXIS_NAMES and tolerances", () => {
    expect(Object.keys(np)).toEqual([
      ...NAMES,
      "batch",
      "createMesh",
      "createAABBTree",
      "OBB_AXIS_NAMES",
      "tolerances",
    ]);
    for (const name of NAMES) expect(np[name], name).toBeTypeOf("function");
    expect(Object.isFrozen(np)).toBe(true);
    // np.batch: the arrays in the module's memory, and the five batch functions of API.md.
    expect(Object.keys(np.batch)).toEqual([
      "allocate",
      "view",
      "free",
      "overlapSphereAABB",
      "distancePointAABB",
      "raycastAABB",
      "overlapOBBOBB",
      "sphereCastSphere",
    ]);
    expect(Object.isFrozen(np.batch)).toBe(true);
  });

  it("is declared, with its JSDoc, as a method of Narrowphase in index.d.ts", () => {
    const file = `${root}/web/lib/index.d.ts`;
    const source = ts.createSourceFile(
      file,
      readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
    );
    const methods = new Map();
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === "Narrowphase") {
        for (const member of node.members) {
          if (ts.isMethodSignature(member))
            methods.set(member.name.getText(source), member);
        }
      }
    });
    for (const q of QUERIES) {
      const method = methods.get(q.name);
      expect(method, `index.d.ts: Narrowphase has no ${q.name}`).toBeDefined();
      expect(
        ts.getJSDocCommentsAndTags(method).length,
        `index.d.ts: ${q.name} has no JSDoc`,
      ).toBeGreaterThan(0);
      const params = method.parameters.map((p) => p.name.getText(source));
      expect(
        params.slice(0, q.args.length),
        `index.d.ts: ${q.name}'s parameters`,
      ).toEqual(q.args.map(([n]) => n));
    }
    expect(
      // createMesh and createAABBTree build objects rather than answering a query (their own JSDoc and tests:
      // mesh.test.js, aabbtree.test.js).
      [...methods.keys()].filter(
        (m) =>
          !NAMES.includes(m) && m !== "createMesh" && m !== "createAABBTree",
      ),
      "methods of Narrowphase not in queries.def",
    ).toEqual([]);
  });

  it("is a row of the README's API table, with its arguments", () => {
    const readme = readFileSync(`${root}/README.md`, "utf8");
    const api = readme.slice(
      readme.indexOf("\n## API"),
      readme.indexOf("\n### Types"),
    );
    for (const q of QUERIES) {
      const row = api
        .split("\n")
        .find((line) => line.startsWith(`| \`${q.name}(`));
      expect(row, `README.md, "API": no row for ${q.name}`).toBeDefined();
      for (const [arg] of q.args)
        expect(row, `README.md, "API": ${q.name}'s row names ${arg}`).toContain(
          arg,
        );
    }
  });

  it("is reachable from the tutorial's playground (web/demo/scenes/playground.js offers it for a pair of shapes)", () => {
    const offered = new Set();
    for (const a of KINDS)
      for (const b of KINDS)
        for (const q of queriesFor(np, { kind: a }, { kind: b }))
          offered.add(q.name);
    expect(NAMES.filter((name) => !offered.has(name))).toEqual([]);
  });
});

describe("every query of a mesh (np.createMesh)", () => {
  it("is reachable from the tutorial: the playground's mesh shape, or the BVH scene (raycastTrace)", () => {
    const mesh = np.createMesh(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    const members = Object.getOwnPropertyNames(Object.getPrototypeOf(mesh))
      .filter(
        (name) =>
          name !== "constructor" &&
          name !== "dispose" &&
          typeof Object.getOwnPropertyDescriptor(
            Object.getPrototypeOf(mesh),
            name,
          ).value === "function",
      )
      .map((name) => `mesh.${name}`);
    mesh.dispose();
    expect(members).toContain("mesh.trianglesInOBB");
    const offered = new Set(["mesh.raycastTrace"]); // web/demo/scenes/bvh-raycast.js
    for (const a of KINDS)
      for (const b of KINDS)
        for (const q of queriesFor(np, { kind: a }, { kind: b }))
          offered.add(q.name);
    expect(members.filter((name) => !offered.has(name))).toEqual([]);
  });
});

describe("every query of a tree of boxes (np.createAABBTree)", () => {
  it("is reachable from the tutorial: the playground's tree shape offers each for some other shape", () => {
    const tree = np.createAABBTree(new Float64Array([0, 0, 0, 1, 1, 1]));
    const proto = Object.getPrototypeOf(tree);
    // Every method a user calls, but dispose and the two refits (updateAll, update: the next test).
    const members = Object.getOwnPropertyNames(proto)
      .filter(
        (name) =>
          !["constructor", "dispose", "update", "updateAll"].includes(name) &&
          typeof Object.getOwnPropertyDescriptor(proto, name).value ===
            "function",
      )
      .map((name) => `boxes.${name}`);
    tree.dispose();
    expect(members).toEqual([
      "boxes.raycast",
      "boxes.boxesInAABB",
      "boxes.boxesInSphere",
    ]);
    const offered = new Set();
    for (const a of KINDS)
      for (const b of KINDS)
        for (const q of queriesFor(np, { kind: a }, { kind: b }))
          offered.add(q.name);
    expect(members.filter((name) => !offered.has(name))).toEqual([]);
  });

  it("is refitted by the playground's shake (updateAll) and lift (update) controls: the same tree, a fresh tree's answers", () => {
    const c = { x: 0.5, y: 0, z: -0.25 },
      u = { x: 2, y: -1, z: 2 };
    const half = { x: 2, y: 1, z: 2 };
    const shape = (shake, lifted) =>
      boxesShape.fromSlot({ c, u, seed: 4, shake, lifted });
    const cache = {};
    const built = treeFor(np, shape(0, -1), cache);
    const sphere = { center: { x: 0.5, y: 0, z: 0 }, radius: 1.2 };
    const ray = {
      origin: { x: -3, y: 0.4, z: -0.2 },
      direction: { x: 1, y: -0.1, z: 0.05 },
    };
    for (const [shake, lifted] of [
      [2, -1],
      [2, 7],
      [2, 13],
      [5, 13],
      [0, -1],
    ]) {
      const tree = treeFor(np, shape(shake, lifted), cache);
      expect(tree, "refitted, not built again").toBe(built);
      const bounds = liftCrate(crates(4, shake, c, half), lifted);
      const fresh = np.createAABBTree(bounds);
      expect(tree.boxesInSphere(sphere)).toEqual(fresh.boxesInSphere(sphere));
      expect(tree.raycast(ray)).toEqual(fresh.raycast(ray));
      // The point at the middle of the lifted crate's top (crate 0's when none) touches it where it lies now.
      const i = Math.max(lifted, 0);
      const at = (k) => (bounds[6 * i + k] + bounds[6 * i + 3 + k]) / 2;
      const top = { x: at(0), y: bounds[6 * i + 4], z: at(2) };
      const point = { min: top, max: top };
      expect(fresh.boxesInAABB(point)).toContain(i);
      expect(tree.boxesInAABB(point)).toEqual(fresh.boxesInAABB(point));
      fresh.dispose();
    }
    built.dispose();
  });
});

describe("every problem the core reports (validate.h, NP_PROBLEMS)", () => {
  it("reaches JS by name and has its own message in rangeError", () => {
    const names = module.problemNames().split(",");
    expect(names[0]).toBe("none");
    expect(names.length).toBeGreaterThanOrEqual(6);
    const index = readFileSync(`${root}/web/lib/index.js`, "utf8");
    for (const name of names.slice(1))
      expect(index, `web/lib/index.js: no message for problem ${name}`).toMatch(
        new RegExp(`case ["']${name}["']:`),
      );
  });
});

const BOX = { min: { x: -1, y: -1, z: -1 }, max: { x: 1, y: 1, z: 1 } };

describe("memory that grows", () => {
  it("leaves every query right: the views of it are fetched anew after an allocation grows it", () => {
    const { allocate, release, memoryBytes, generation } =
      np[Symbol.for("narrowphase.internals")];
    const before = memoryBytes();
    const ask = () => [
      np.closestPointOnAABB(
        { x: 5, y: 0, z: 0 },
        { min: { x: -1, y: -1, z: -1 }, max: { x: 1, y: 1, z: 1 } },
      ),
      np.linecastAABB(
        { x: 5, y: 0, z: 0 },
        { x: -5, y: 0, z: 0 },
        { min: { x: -1, y: -1, z: -1 }, max: { x: 1, y: 1, z: 1 } },
      ),
    ];
    const expected = [
      { x: 1, y: 0, z: 0 },
      {
        distance: 4,
        point: { x: 1, y: 0, z: 0 },
        normal: { x: 1, y: 0, z: 0 },
      },
    ];
    expect(ask()).toEqual(expected);
    const blocks = [allocate(16 << 20), allocate(32 << 20)]; // far beyond the initial 1 MiB: memory grows
    expect(memoryBytes()).toBeGreaterThan(before + (46 << 20));
    expect(
      generation(),
      "a new generation of views over the grown memory",
    ).toBeGreaterThan(0);
    expect(ask()).toEqual(expected);
    // A query from a getter during a query, after growth: the nested call's save and restore use the new views.
    const point = { y: 0, z: 0 };
    Object.defineProperty(point, "x", {
      get: () => (np.distancePointAABB({ x: 9, y: 0, z: 0 }, BOX), 5),
    });
    expect(np.closestPointOnAABB(point, BOX)).toEqual({ x: 1, y: 0, z: 0 });
    for (const block of blocks) release(block);
    expect(ask()).toEqual(expected);
  });
});
