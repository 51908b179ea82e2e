// What the shell's modules share: the library instance, the scene on show and its state, the page language.
// One object, written by main.js (scene lifecycle) and router.js (language), read everywhere else.

export const page = {
  /** The narrowphase instance, once init() resolved. */
  np: null,
  /** The scene on show: { scene, ctx, state, activeRotator }, or null. */
  current: null,
  /** The page language: "en", "ko" or "ja" (app/i18n.js). */
  lang: "en",
  /** What the page repaired in the link it was opened with ({ unknownScene } or { keys }), or null. */
  repair: null,
};
