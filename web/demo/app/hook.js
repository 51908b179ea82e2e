// The test hook, window.__narrowphase (used by tests/browser and tests/bench). Everything it changes goes
// through the same `apply` as the page's own controls.
import * as THREE from "three";
import { flatFields } from "./state.js";
import { page } from "./page.js";
import { registryOf } from "./registry.js";
import { flushPanel, resultText } from "./panel.js";
import { camera, nextFrame, orbit, screenPosition } from "./viewport.js";

/**
 * Installs the hook. `ready` resolves when the first scene is drawn; `apply(patch, opts)` changes the state;
 * `labelRects()` lists the scene's visible labels on screen; `framedPoints()` the points the first view frames.
 */
export function installHook({
  ready,
  scenes,
  apply,
  labelRects,
  framedPoints,
}) {
  window.__narrowphase = {
    ready,
    /** The registered scenes in menu order: { id, examples: [{ name, state }] } (registry.js). */
    scenes: registryOf(scenes),
    get scene() {
      return page.current?.scene.id ?? null;
    },
    get lang() {
      return page.lang;
    },
    getState() {
      return { ...page.current.state };
    },
    setState(patch) {
      apply(patch, { source: "hook" });
      return { ...page.current.state };
    },
    result() {
      return resultText();
    },
    /** Does the page work of a frame except the WebGL drawing: the panel rebuild (for timing tests). */
    flushPanel,
    /** Resolves after the next frame has been drawn. */
    frame: nextFrame,
    handles() {
      return page.current.ctx.handles.map((h) => h.name);
    },
    /** Where a handle is on screen, in CSS pixels relative to the page (for real pointer drags). */
    handleScreenPosition(name) {
      const handle = page.current.ctx.handles.find((h) => h.name === name);
      if (!handle) throw new Error(`no handle named ${name}`);
      const s = screenPosition(handle.mesh.position);
      return {
        x: s.x + window.scrollX,
        y: s.y + window.scrollY,
        onScreen: s.onScreen && handle.mesh.visible,
      };
    },
    /** The camera: its position and the point it looks at (the orbit target). */
    camera() {
      return {
        position: camera.position.toArray(),
        target: orbit.target.toArray(),
      };
    },
    /** Where a world point is on screen, in CSS pixels relative to the page. */
    project(x, y, z) {
      const s = screenPosition(new THREE.Vector3(x, y, z));
      return { x: s.x + window.scrollX, y: s.y + window.scrollY };
    },
    /** Where the points the first view frames (handles, and what the scene asked for) are on screen. */
    framedPoints() {
      return framedPoints().map((p) => {
        const s = screenPosition(p);
        return { x: s.x + window.scrollX, y: s.y + window.scrollY };
      });
    },
    fields() {
      return flatFields(page.current.scene).map((f) => f.key);
    },
    /** The scene's visible labels as drawn in the last frame: { text, left, top, right, bottom } in CSS px. */
    labelRects,
  };
}
