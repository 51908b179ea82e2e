// Runs once before the consumer tests: packs the repository with `npm pack` (prepack builds the WASM module)
// into a fresh temporary folder outside the repository. Each test file then makes its own consumer project
// there with lib/project.js#makeProject. The folder is removed afterwards (NP_KEEP_CONSUMER=1 keeps it).
import { makeTempRoot, packTarball, removeTempRoot } from './lib/project.js';

export default async function setup(project) {
  const root = await makeTempRoot();
  const tarball = await packTarball(root);
  project.provide('consumer', { root, tarball });
  return () => removeTempRoot(root);
}
