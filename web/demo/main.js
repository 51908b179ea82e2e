// The tutorial page: one Three.js view, a menu of scenes, the library's answer, a step-by-step panel and
// numeric inputs, in English, Korean or Japanese. Each scene (scenes/<id>.js, listed in scenes/index.js)
// describes its inputs, its strings and its examples, and draws itself. The shell is split by concern under
// app/: viewport.js (renderer, camera, controls, render loop), handles.js (draggable handles), panel.js
// (readout, steps, numeric inputs, toolbar), router.js (menu, routing, URL state, language switch), hook.js
// (the test hook), i18n.js (languages and the shell's strings). This file owns the scene lifecycle: building a
// scene, applying a change from any control, and relabelling the page when the language changes.
//
// Every answer a scene shows comes from `narrowphase` — the package's own JS layer and WASM build.
import * as THREE from "three";
import { init } from "narrowphase";
import { scenes } from "./scenes/index.js";
import { normalizeState } from "./app/state.js";
import { Label, disposeObject } from "./app/draw.js";
import { num, vec } from "./app/format.js";
import { page } from "./app/page.js";
import { translator } from "./app/i18n.js";
import {
  afterFrame,
  beforeFrame,
  camera,
  floor,
  frameView,
  gizmo,
  gizmoProxy,
  nextFrame,
  orbit,
  requestRender,
  world,
} from "./app/viewport.js";
import {
  installHandles,
  makeHandle,
  processDrag,
  resetHandles,
  sizeHandles,
} from "./app/handles.js";
import {
  buildFields,
  buildToolbar,
  flushPanel,
  installPanel,
  invalidatePanel,
  queuePanel,
  showResult,
  syncFields,
  syncToolbar,
} from "./app/panel.js";
import {
  buildMenu,
  installRouter,
  languageFromUrl,
  markMenu,
  route,
  scheduleUrl,
  writeUrl,
} from "./app/router.js";
import { installHook } from "./app/hook.js";
import { labelRects, separateLabels } from "./app/labels.js";

const $ = (id) => document.getElementById(id);
const ui = {
  title: $("scene-title"),
  source: $("scene-source"),
  explanation: $("explanation"),
  reset: $("reset"),
  copyLink: $("copy-link"),
  repair: $("repair"),
};

// ---------------------------------------------------------------------------------------------------------
// The scene context: what a scene's build and update get.

function vector(v) {
  return v.isVector3 ? v : new THREE.Vector3(v[0], v[1], v[2]);
}

function close(a, b, tol) {
  return (
    a === b || Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b))
  );
}

function makeContext(scene) {
  const root = new THREE.Group();
  world.add(root);
  const t = translator(scene.text, page.lang);
  const ctx = {
    np: page.np,
    root,
    camera,
    /** The scene's strings in the page's language: t(key, ...args). */
    t,
    lang: page.lang,
    handles: [],
    rotators: [],
    framePoints: [],
    notes: [],
    /** Adds objects to the scene. */
    add(...objects) {
      root.add(...objects);
      return objects[0];
    },
    /** A text label in the scene. */
    label(text, color, className) {
      return ctx.add(new Label(text, color, className));
    },
    /**
     * A draggable handle for an input. spec: { name, color, shape: 'sphere' | 'cube', get(state) -> point,
     * drag(state, point, startState, startPoint) -> state patch, visible?(state) }.
     */
    handle(spec) {
      const handle = makeHandle(spec);
      root.add(handle.mesh);
      ctx.handles.push(handle);
      return handle;
    },
    /**
     * A rotatable input, turned with the rotation gizmo. spec: { name, label, get(state) -> { position,
     * quaternion }, set(state, quaternion) -> state patch }.
     */
    rotator(spec) {
      ctx.rotators.push(spec);
      return spec;
    },
    /**
     * Checks that a walkthrough quantity computed in the scene restates the library's answer. A mismatch is
     * shown under the steps and logged as a warning (the browser tests fail on it); the library wins.
     */
    agree(what, mine, lib, tol = 1e-9) {
      let ok;
      if (typeof mine === "number" && typeof lib === "number")
        ok = close(mine, lib, tol);
      else if (mine && lib && typeof mine === "object")
        ok = ["x", "y", "z"].every((k) => close(mine[k], lib[k], tol));
      else ok = mine === lib;
      if (!ok) {
        const show = (v) =>
          typeof v === "number"
            ? num(v)
            : v && typeof v === "object"
              ? vec(v)
              : String(v);
        ctx.notes.push(t("disagreement", what, show(mine), show(lib)));
      }
      return ok;
    },
  };
  return ctx;
}

// ---------------------------------------------------------------------------------------------------------
// The scene lifecycle.

function disposeCurrent() {
  const current = page.current;
  if (!current) return;
  gizmo.detach();
  current.scene.dispose?.(current.ctx);
  world.remove(current.ctx.root);
  // Label elements live in the DOM; three removes them only for the object that was itself removed.
  current.ctx.root.traverse((o) => o.element?.remove());
  disposeObject(current.ctx.root);
  resetHandles();
  page.current = null;
}

function build(scene, state, { keepView = false } = {}) {
  disposeCurrent();
  const ctx = makeContext(scene);
  page.current = { scene, ctx, state, activeRotator: null };
  scene.build(ctx);

  floor.position.y = scene.floor ?? -1.5;
  const t = ctx.t;
  document.title = `${t("title")} — narrowphase`;
  ui.title.textContent = t("title");
  ui.source.innerHTML = t("source");
  ui.explanation.innerHTML = t("explanation");
  markMenu();
  buildFields(scene, t);
  buildToolbar(scene, ctx.rotators, t);
  refresh(); // places the handles, which resetView frames
  if (!keepView) {
    resetView();
    if (scene.viewDependent) refresh();
  }
}

function resetView() {
  const { scene, ctx } = page.current;
  frameView(scene.camera, framedPoints());
}

/** What the first view must show: the visible handles, and the points the scene's update asked for. */
function framedPoints() {
  const { ctx } = page.current;
  return [
    ...ctx.handles.filter((h) => h.mesh.visible).map((h) => h.mesh.position),
    ...ctx.framePoints,
  ];
}

function refresh(source) {
  const { scene, ctx, state } = page.current;
  ctx.notes = [];
  let out;
  try {
    out = scene.update(ctx, state);
  } catch (error) {
    // The inputs are normalized so that the library accepts them; an exception here is a bug to see.
    console.error(error);
    out = {
      result: ctx.t("sceneError", error.message),
      tone: "error",
      steps: [],
    };
  }
  showResult(out.result, out.tone);
  ctx.framePoints = (out.frame ?? []).map(vector);
  queuePanel(out.steps, ctx.notes.join(" "), scene.id);

  for (const handle of ctx.handles) {
    handle.mesh.position.copy(vector(handle.get(state)));
    handle.mesh.visible = handle.visible ? handle.visible(state) : true;
  }
  syncGizmo();
  syncFields(source);
  syncToolbar();
  requestRender();
}

/** Applies a partial state from any control (handle, gizmo, input, test hook): one code path for all. */
function apply(patch, { source } = {}) {
  if (!page.current) return;
  page.current.state = normalizeState(
    page.current.scene,
    { ...page.current.state, ...patch },
    Object.keys(patch),
  );
  refresh(source);
  scheduleUrl(
    source === "drag" || source === "gizmo" || source instanceof Element,
  );
}

/**
 * Shows `scene` in `state`: a new build for another scene, an update for the one on show. `repair` (from the
 * router) says what a link asked for that the page could not show as it was; it is said above the explanation.
 */
function show(scene, state, repair = null) {
  if (page.current?.scene === scene) {
    page.current.state = state;
    refresh();
  } else {
    build(scene, state);
  }
  page.repair = repair;
  showRepair();
}

function showRepair() {
  const r = page.repair;
  const t = page.current?.ctx.t;
  ui.repair.hidden = !r || !t;
  if (!r || !t) return;
  ui.repair.textContent = r.unknownScene
    ? t("repairedScene", r.unknownScene)
    : t("repairedKeys", r.keys.join(", "));
}

// ---------------------------------------------------------------------------------------------------------
// The language: the shell's texts, the menu, and the scene (rebuilt in place, the camera kept).

const shellTranslate = (scene) => translator(scene?.text, page.lang);

function setLanguage(lang) {
  page.lang = lang;
  document.documentElement.lang = lang;
  const t = shellTranslate(null);
  for (const el of document.querySelectorAll("[data-i18n]"))
    el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-label]"))
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  document.title = t("pageTitle");
  buildMenu(shellTranslate);
  if (page.current) {
    const { scene, state } = page.current;
    invalidatePanel();
    build(scene, state, { keepView: true });
    showRepair();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The rotation gizmo.

function selectRotator(name) {
  const current = page.current;
  const r = current.ctx.rotators.find((x) => x.name === name) ?? null;
  current.activeRotator = current.activeRotator === r ? null : r;
  if (current.activeRotator) gizmo.attach(gizmoProxy);
  else gizmo.detach();
  syncGizmo();
  syncToolbar();
  requestRender();
}

function syncGizmo() {
  const r = page.current?.activeRotator;
  if (!r) return;
  const { position, quaternion } = r.get(page.current.state);
  gizmoProxy.position.copy(position);
  if (!gizmo.dragging) gizmoProxy.quaternion.copy(quaternion);
}

gizmo.addEventListener("dragging-changed", (e) => {
  if (!e.value) writeUrl();
});
gizmo.addEventListener("objectChange", () => {
  const r = page.current?.activeRotator;
  if (r && gizmo.dragging)
    apply(r.set(page.current.state, gizmoProxy.quaternion.clone()), {
      source: "gizmo",
    });
});

// Scenes that place things relative to the view (e.g. bars set beside a line on screen) are updated as the
// camera moves; the update runs inside the next frame.
let viewChanged = false;
orbit.addEventListener("change", () => {
  if (page.current?.scene.viewDependent) viewChanged = true;
  requestRender();
});

// ---------------------------------------------------------------------------------------------------------
// Wiring, start-up and the test hook.

beforeFrame.push(
  processDrag,
  () => {
    if (viewChanged && page.current) refresh();
    viewChanged = false;
  },
  flushPanel,
  () => page.current && sizeHandles(),
);
afterFrame.push(separateLabels);
installHandles({ apply, dragEnded: writeUrl });
installPanel({ apply, writeUrl, selectRotator, resetView });
installRouter(scenes, { show, setLanguage });

ui.reset.addEventListener("click", () => {
  if (page.current)
    apply({ ...page.current.scene.defaults }, { source: "reset" });
});
ui.copyLink.addEventListener("click", async () => {
  const t = shellTranslate(null);
  writeUrl();
  try {
    await navigator.clipboard.writeText(location.href);
    ui.copyLink.textContent = t("linkCopied");
  } catch {
    ui.copyLink.textContent = t("copyFailed");
  }
  setTimeout(
    () => (ui.copyLink.textContent = shellTranslate(null)("copyLink")),
    1500,
  );
});

setLanguage(languageFromUrl());

const ready = init().then((instance) => {
  page.np = instance;
  route();
  return nextFrame();
});
ready.catch((error) => {
  console.error(error);
  showResult(shellTranslate(null)("loadFailed", error.message), "error");
});

installHook({ ready, scenes, apply, labelRects, framedPoints });
