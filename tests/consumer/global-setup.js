// Runs once before the consumer tests: packs the repository with `npm pack` (prepack builds the WASM module)
// into a fresh temporary folder outside the repository, by default from a fresh `git clone` of HEAD
// (NP_PACK_FROM=worktree packs the working tree instead; see lib/project.js). Each test file then makes its
// own consumer project there with lib/project.js#makeProject. The folder is removed afterwards
// (NP_KEEP_CONSUMER=1 keeps it).
import { makeTempRoot, packTarball, removeTempRoot } from './lib/project.js';

export default async function setup(project) {
  const root = await makeTempRoot();
  let packed;
  try {
    packed = await packTarball(root);
  } catch (error) {
    await removeTempRoot(root);
    throw error;
  }
  const { tarball, source } = packed;
  console.log(`narrowphase consumer tests: packed ${tarball.split('/').pop()} from the ${source}`);
  project.provide('consumer', { root, tarball });
  return () => removeTempRoot(root);
}
