// Runs once before the consumer tests: packs the repository with `npm pack` (prepack builds the WASM module)
// into a fresh temporary folder outside the repository, by default from a fresh `git clone` of HEAD
// (NP_PACK_FROM=worktree packs the working tree instead; see lib/project.js). Each test file then makes its
// own consumer project there with lib/project.js#makeProject. The folder is removed afterwards
// (NP_KEEP_CONSUMER=1 keeps it): by the teardown below, or, when the run ends without it (Vitest exits on
// SIGINT or SIGTERM without running global teardown, or the process crashes), by the exit handler of
// lib/temp.js, which first kills whatever still works in it.
import {
  makeTempRoot,
  packTarball,
  removeTempRoot,
  shareTempRoot,
} from "./lib/project.js";

export default async function setup(project) {
  const root = await makeTempRoot();
  let packed;
  try {
    // The workers' temporary files (Chromium's profiles) go into the root too, and go with it.
    await shareTempRoot(root);
    packed = await packTarball(root);
  } catch (error) {
    await removeTempRoot(root);
    throw error;
  }
  const { tarball, source } = packed;
  console.log(
    `narrowphase consumer tests: packed ${tarball.split("/").pop()} from the ${source}`,
  );
  project.provide("consumer", { root, tarball });
  return () => removeTempRoot(root);
}
