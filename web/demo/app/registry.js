// What the page registers of its scenes (window.__narrowphase.scenes, installed by hook.js), as a function of
// the scene list alone: no DOM and no WebGL, so tests/browser/scenes.test.js imports it in Node to make one
// test per scene and example at collection time, then checks that the page registers exactly this.

/** The scenes' ids and example states in menu order: { id, examples: [{ name, state }] }, the defaults first
 * (named "default"), then each declared example's state over the defaults. */
export function registryOf(scenes) {
  return scenes.map((s) => ({
    id: s.id,
    examples: [
      { name: "default", state: { ...s.defaults } },
      ...(s.examples ?? []).map((e) => ({
        name: e.name,
        state: { ...s.defaults, ...e.state },
      })),
    ],
  }));
}
