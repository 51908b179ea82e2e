// What `npm pack` puts in the tarball: the files a user downloads and nothing else.
import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { run } from "./lib/project.js";

describe("the npm tarball", () => {
  let files;
  let tarball;

  beforeAll(async () => {
    tarball = inject("consumer").tarball;
    const { stdout } = await run("tar", ["-tzf", tarball]);
    files = stdout.split("\n").filter(Boolean).sort();
  });

  test("contains exactly the whitelisted files", () => {
    expect(files).toEqual(
      [
        "package/LICENSE",
        "package/README.md",
        "package/package.json",
        "package/web/lib/batch.js",
        "package/web/lib/index.d.ts",
        "package/web/lib/index.js",
        "package/web/lib/mesh.js",
        "package/web/lib/aabb_tree.js",
        "package/web/lib/objects.js",
        "package/web/lib/narrowphase.wasm.js",
      ].sort(),
    );
  });

  test("leaves out the C++ sources, tests, demo and build output", () => {
    for (const file of files)
      expect(file).not.toMatch(
        /^package\/(cpp|tests|build|web\/demo|web\/scripts|node_modules)\//,
      );
  });

  test("has a package.json whose entry points all exist in the tarball", async () => {
    const { stdout } = await run("tar", [
      "-xzOf",
      tarball,
      "package/package.json",
    ]);
    const pkg = JSON.parse(stdout);
    const targets = [
      pkg.main,
      pkg.types,
      pkg.exports["."].types,
      pkg.exports["."].default,
    ].map((p) => `package/${p.replace(/^\.\//, "")}`);
    for (const target of targets) expect(files).toContain(target);
    // types must come first in the exports condition object, or TypeScript never sees them.
    expect(Object.keys(pkg.exports["."])[0]).toBe("types");
    expect(pkg.type).toBe("module");
  });

  test("ships the built WASM module with the wasm inlined and every query the JS layer calls", async () => {
    const { stdout: module } = await run("tar", [
      "-xzOf",
      tarball,
      "package/web/lib/narrowphase.wasm.js",
    ]);
    const { stdout: layer } = await run("tar", [
      "-xzOf",
      tarball,
      "package/web/lib/index.js",
    ]);
    // The WASM travels as a string export, deflated and base64; inflated, its bytes must start with the WASM
    // magic number \0asm.
    const base64 =
      /export const wasmDeflated = '([A-Za-z0-9+/=]+)';/.exec(module)?.[1] ??
      "";
    expect([
      ...inflateSync(Buffer.from(base64, "base64")).subarray(0, 4),
    ]).toEqual([0x00, 0x61, 0x73, 0x6d]);
    // No reference to a separate .wasm file that a bundler would try to resolve.
    expect(module).not.toMatch(/new URL\([^)]*\.wasm/);
    expect(module).toContain("export default createNarrowphaseModule");
    const called = [...layer.matchAll(/exported\(["'](_np_\w+)["']\)/g)].map(
      (m) => m[1],
    );
    expect(called.length).toBeGreaterThanOrEqual(8);
    for (const name of called) expect(module).toContain(`Module["${name}"]`);
    // np.batch (web/lib/batch.js) calls the five batch exports.
    for (const name of [
      "overlapSphereAABB",
      "distancePointAABB",
      "raycastAABB",
      "overlapOBBOBB",
      "sphereCastSphere",
    ])
      expect(module).toContain(`Module["_np_batch_${name}"]`);
  });
});
