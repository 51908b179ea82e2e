// Runs once before the browser tests, in Vitest's main process: a temporary folder for the run, where the test
// workers keep their temporary files (TMPDIR), among them the Chromium profiles playwright-core makes. It is
// removed after the run, and also when the run ends early (a crash, SIGINT, SIGTERM), with whatever still
// works in it (a Chromium left behind by a killed worker): see tests/consumer/lib/temp.js.
import {
  makeTempRoot,
  removeTempRoot,
  shareTempRoot,
} from "../consumer/lib/temp.js";

export default async function setup() {
  const root = await makeTempRoot("narrowphase-browser-");
  await shareTempRoot(root);
  return () => removeTempRoot(root);
}
