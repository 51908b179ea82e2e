// The package as a Node user meets it: an empty folder, `npm install narrowphase-x.y.z.tgz`, a .mjs file.
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { EXPECTED } from "./lib/expected.js";
import { copyFixture, makeProject, run } from "./lib/project.js";

describe("Node 20 ESM, installed from the tarball into an empty folder", () => {
  let report;

  beforeAll(async () => {
    const { root, tarball } = inject("consumer");
    const dir = await makeProject(root, "node", tarball);
    await copyFixture("node/check.mjs", dir);
    await copyFixture("queries.js", dir, "queries.mjs"); // .mjs: the project has no "type" field
    const { stdout, stderr } = await run(process.execPath, ["check.mjs"], {
      cwd: dir,
      timeout: 60_000,
    });
    expect(stderr).toBe("");
    report = JSON.parse(stdout);
    report.dir = await realpath(dir);
  });

  test("every public function returns the exact known answers", () => {
    expect(report.answers).toEqual(EXPECTED);
  });

  test("the named and default imports are the same init, and init resolves to one frozen instance", () => {
    expect(report.defaultIsInit).toBe(true);
    expect(report.sameInstance).toBe(true);
    expect(report.frozen).toBe(true);
    expect(report.axisNamesExported).toBe(15);
  });

  test("the bare specifier resolves into the installed package, not the repository", () => {
    expect(report.resolved).toBe(
      `file://${join(report.dir, "node_modules/narrowphase/web/lib/index.js")}`,
    );
  });

  test("the exports map exposes the entry point and package.json and hides internal files", () => {
    expect(report.packageName).toBe("narrowphase");
    expect(report.deepImport).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });
});
