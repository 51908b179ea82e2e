// The tutorial page: one Three.js view, a menu of scenes, the library's answer, a step-by-step panel and
// numeric inputs. Each scene (scenes/<id>.js, listed in scenes/index.js) describes its inputs and draws
// itself; this file owns everything they share: routing and URL state, the renderer and camera, draggable
// handles (pointer events, so mouse and touch), the rotation gizmo, the panel and the test hook.
//
// Every answer a scene shows comes from `narrowphase` — the package's own JS layer and WASM build.
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { TransformControls } from "three/addons/controls/TransformControls.js";
import { CSS2DRenderer } from "three/addons/renderers/CSS2DRenderer.js";
import { init } from "narrowphase";
import { scenes } from "./scenes/index.js";
import {
  parseHash,
  formatHash,
  normalizeState,
  stateFromParams,
  flatFields,
} from "./app/state.js";
import { Arrow, COLORS, Label, disposeObject, material } from "./app/draw.js";
import { num, vec } from "./app/format.js";

const $ = (id) => document.getElementById(id);
const ui = {
  viewport: $("viewport"),
  canvas: $("canvas"),
  menu: $("menu"),
  resultBox: $("result-box"),
  result: $("result"),
  toolbar: $("toolbar"),
  title: $("scene-title"),
  articles: $("scene-articles"),
  explanation: $("explanation"),
  steps: $("steps"),
  notes: $("notes"),
  fields: $("fields"),
  reset: $("reset"),
  copyLink: $("copy-link"),
};
const scenesById = new Map(scenes.map((s) => [s.id, s]));

// ---------------------------------------------------------------------------------------------------------
// Renderer, camera, controls. The page renders on demand: a frame is drawn only when something changed.

const renderer = new THREE.WebGLRenderer({
  canvas: ui.canvas,
  antialias: true,
});
renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
const labelRenderer = new CSS2DRenderer();
labelRenderer.domElement.className = "labels";
ui.viewport.appendChild(labelRenderer.domElement);

const world = new THREE.Scene();
world.background = new THREE.Color(0x161c28);
world.add(new THREE.HemisphereLight(0xffffff, 0x3a4458, 1.7));
const sun = new THREE.DirectionalLight(0xffffff, 1.6);
sun.position.set(4, 9, 6);
world.add(sun);

const camera = new THREE.PerspectiveCamera(45, 1, 0.05, 500);
camera.position.set(6, 5, 8);

// The floor grid, and an axis triad drawn in a corner of the view, so that "x", "y", "z" in the readout can be
// found in the picture whatever the camera does.
const floor = new THREE.Group();
floor.add(new THREE.GridHelper(20, 20, 0x3b4760, 0x273044));
const TRIAD_PX = 86;
const triadScene = new THREE.Scene();
const triadCamera = new THREE.PerspectiveCamera(32, 1, 0.1, 20);
triadScene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 2.2));
for (let i = 0; i < 3; i++) {
  const color = [COLORS.x, COLORS.y, COLORS.z][i];
  const dir = new THREE.Vector3().setComponent(i, 1);
  triadScene.add(new Arrow(color, 0.06).set(new THREE.Vector3(), dir));
  triadScene.add(
    letterSprite("xyz"[i], color, dir.clone().multiplyScalar(1.38)),
  );
}
function letterSprite(letter, color, position) {
  const c = document.createElement("canvas");
  c.width = c.height = 64;
  const g = c.getContext("2d");
  g.font = "bold 44px system-ui, sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillStyle = `#${new THREE.Color(color).getHexString()}`;
  g.fillText(letter, 32, 34);
  const texture = new THREE.CanvasTexture(c);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(
    new THREE.SpriteMaterial({ map: texture, depthTest: false }),
  );
  sprite.position.copy(position);
  sprite.scale.setScalar(0.55);
  return sprite;
}
world.add(floor);

// The rotation gizmo is created before the orbit controls so that its pointerdown runs first and can switch
// orbiting off for the drag (three.js's own TransformControls example does the same).
const gizmo = new TransformControls(camera, ui.canvas);
gizmo.setMode("rotate");
gizmo.setSpace("local");
gizmo.setSize(0.85);
world.add(gizmo.getHelper());
const gizmoProxy = new THREE.Object3D();
world.add(gizmoProxy);

const orbit = new OrbitControls(camera, ui.canvas);
orbit.enableDamping = false;
// Scenes that place things relative to the view (e.g. bars set beside a line on screen) are updated as the
// camera moves; the update runs inside the next frame.
let viewChanged = false;
orbit.addEventListener("change", () => {
  if (current?.scene.viewDependent) viewChanged = true;
  requestRender();
});
gizmo.addEventListener("change", () => requestRender());
gizmo.addEventListener("dragging-changed", (e) => {
  orbit.enabled = !e.value;
  if (!e.value) writeUrl();
});
gizmo.addEventListener("objectChange", () => {
  const r = current?.activeRotator;
  if (r && gizmo.dragging)
    apply(r.set(current.state, gizmoProxy.quaternion.clone()), {
      source: "gizmo",
    });
});

let renderQueued = false;
let frameWaiters = [];
function requestRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(renderFrame);
}
function renderFrame() {
  // Calls to requestRender() while this frame is being prepared are absorbed by it.
  processDrag();
  if (viewChanged && current) refresh();
  viewChanged = false;
  flushPanel();
  sizeHandles();
  renderer.render(world, camera);
  renderTriad();
  labelRenderer.render(world, camera);
  renderQueued = false;
  const waiters = frameWaiters;
  frameWaiters = [];
  for (const resolve of waiters) resolve();
}

function renderTriad() {
  const w = ui.viewport.clientWidth;
  const x = w - TRIAD_PX - 8;
  const y = 34; // from the bottom edge, above the hint line
  triadCamera.position.subVectors(camera.position, orbit.target).setLength(5.2);
  triadCamera.up.copy(camera.up);
  triadCamera.lookAt(0, 0, 0);
  renderer.autoClear = false;
  renderer.setScissorTest(true);
  renderer.setScissor(x, y, TRIAD_PX, TRIAD_PX);
  renderer.setViewport(x, y, TRIAD_PX, TRIAD_PX);
  renderer.clearDepth();
  renderer.render(triadScene, triadCamera);
  renderer.setScissorTest(false);
  renderer.setViewport(0, 0, w, ui.viewport.clientHeight);
  renderer.autoClear = true;
}

function resize() {
  const w = Math.max(1, ui.viewport.clientWidth);
  const h = Math.max(1, ui.viewport.clientHeight);
  renderer.setSize(w, h, false);
  labelRenderer.setSize(w, h);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
  requestRender();
}
new ResizeObserver(resize).observe(ui.viewport);

// ---------------------------------------------------------------------------------------------------------
// Handles: small spheres (or cubes) that stand for the query's inputs. Picking is done in screen space with
// a generous radius so that fingers find them too; a drag moves the handle in the plane facing the camera.

const coarsePointer = window.matchMedia("(pointer: coarse)").matches;
const HANDLE_PX = coarsePointer ? 10 : 7; // drawn radius in CSS pixels
const HANDLE_GEOMETRY = {
  sphere: new THREE.SphereGeometry(1, 24, 12),
  cube: new THREE.BoxGeometry(1.5, 1.5, 1.5),
};
HANDLE_GEOMETRY.sphere.userData.shared =
  HANDLE_GEOMETRY.cube.userData.shared = true;

const _v = new THREE.Vector3();
const _ndc = new THREE.Vector2();
const raycaster = new THREE.Raycaster();
let drag = null; // { handle, pointerId, plane, offset, startState, startPos, pending: {x, y} | null }
let hovered = null;

function sizeHandles() {
  if (!current) return;
  const h = ui.viewport.clientHeight || 1;
  const worldPerPixel =
    (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov / 2))) / h;
  for (const handle of current.ctx.handles) {
    const grow = handle === hovered || handle === drag?.handle ? 1.35 : 1;
    const d = camera.position.distanceTo(handle.mesh.position);
    handle.mesh.scale.setScalar(HANDLE_PX * grow * d * worldPerPixel);
  }
}

function screenPosition(position) {
  const rect = ui.canvas.getBoundingClientRect();
  _v.copy(position).project(camera);
  return {
    x: rect.left + ((_v.x + 1) / 2) * rect.width,
    y: rect.top + ((1 - _v.y) / 2) * rect.height,
    onScreen: _v.z > -1 && _v.z < 1,
  };
}

function pickHandle(clientX, clientY, pointerType) {
  if (!current) return null;
  const reach = HANDLE_PX + (pointerType === "touch" ? 18 : 7);
  let best = null;
  let bestScore = Infinity;
  for (const handle of current.ctx.handles) {
    if (!handle.mesh.visible) continue;
    const s = screenPosition(handle.mesh.position);
    if (!s.onScreen) continue;
    const d = Math.hypot(s.x - clientX, s.y - clientY);
    // Among handles under the pointer, prefer the nearest on screen, then the one closer to the camera.
    const score = d + 1e-3 * camera.position.distanceTo(handle.mesh.position);
    if (d <= reach && score < bestScore) {
      best = handle;
      bestScore = score;
    }
  }
  return best;
}

function pointerRay(clientX, clientY) {
  const rect = ui.canvas.getBoundingClientRect();
  _ndc.set(
    ((clientX - rect.left) / rect.width) * 2 - 1,
    -((clientY - rect.top) / rect.height) * 2 + 1,
  );
  raycaster.setFromCamera(_ndc, camera);
  return raycaster.ray;
}

// Capture phase on the canvas's parent: runs before OrbitControls and TransformControls see the event, so a
// press on a handle never starts an orbit.
ui.viewport.addEventListener(
  "pointerdown",
  (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const handle = pickHandle(e.clientX, e.clientY, e.pointerType);
    if (!handle) return;
    e.stopPropagation();
    e.preventDefault();
    const normal = camera.getWorldDirection(new THREE.Vector3());
    const startPos = handle.mesh.position.clone();
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(
      normal,
      startPos,
    );
    const hit = pointerRay(e.clientX, e.clientY).intersectPlane(
      plane,
      new THREE.Vector3(),
    );
    drag = {
      handle,
      pointerId: e.pointerId,
      plane,
      offset: hit ? startPos.clone().sub(hit) : new THREE.Vector3(),
      startState: { ...current.state },
      startPos,
      pending: null,
    };
    ui.canvas.setPointerCapture?.(e.pointerId);
    ui.viewport.style.cursor = "grabbing";
    requestRender();
  },
  { capture: true },
);

ui.viewport.addEventListener("pointermove", (e) => {
  if (drag) {
    if (e.pointerId === drag.pointerId) {
      drag.pending = { x: e.clientX, y: e.clientY };
      requestRender();
    }
    return;
  }
  if (e.pointerType !== "mouse" || e.buttons !== 0) return;
  const over = pickHandle(e.clientX, e.clientY, "mouse");
  if (over !== hovered) {
    hovered = over;
    ui.viewport.style.cursor = over ? "grab" : "";
    requestRender();
  }
});

function endDrag(e) {
  if (!drag || e.pointerId !== drag.pointerId) return;
  if (drag.pending) processDrag();
  drag = null;
  ui.viewport.style.cursor = hovered ? "grab" : "";
  writeUrl();
  requestRender();
}
window.addEventListener("pointerup", endDrag);
window.addEventListener("pointercancel", endDrag);

function processDrag() {
  if (!drag?.pending) return;
  const { x, y } = drag.pending;
  drag.pending = null;
  const hit = pointerRay(x, y).intersectPlane(drag.plane, new THREE.Vector3());
  if (!hit) return;
  hit.add(drag.offset);
  const patch = drag.handle.drag(
    current.state,
    hit,
    drag.startState,
    drag.startPos,
  );
  if (patch) apply(patch, { source: "drag" });
}

// ---------------------------------------------------------------------------------------------------------
// Scenes: building, state, panel.

let np = null;
let current = null; // { scene, ctx, state, activeRotator }

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
  const ctx = {
    np,
    root,
    camera,
    handles: [],
    rotators: [],
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
      const mesh = new THREE.Mesh(
        HANDLE_GEOMETRY[spec.shape ?? "sphere"],
        material(spec.color, { emissive: 0.45 }),
      );
      mesh.name = `handle:${spec.name}`;
      mesh.renderOrder = 10;
      root.add(mesh);
      const handle = { ...spec, mesh };
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
        ctx.notes.push(
          `The walkthrough's ${what} (${show(mine)}) differs from the library's (${show(lib)}); the readout shows the library's answer.`,
        );
      }
      return ok;
    },
  };
  return ctx;
}

function disposeCurrent() {
  if (!current) return;
  gizmo.detach();
  current.scene.dispose?.(current.ctx);
  world.remove(current.ctx.root);
  // Label elements live in the DOM; three removes them only for the object that was itself removed.
  current.ctx.root.traverse((o) => o.element?.remove());
  disposeObject(current.ctx.root);
  drag = null;
  hovered = null;
  current = null;
}

function build(scene, state) {
  disposeCurrent();
  const ctx = makeContext(scene);
  current = { scene, ctx, state, activeRotator: null };
  scene.build(ctx);

  floor.position.y = scene.floor ?? -1.5;

  document.title = `${scene.title} — narrowphase`;
  ui.title.textContent = scene.title;
  ui.articles.textContent = `Article ${scene.articles} · ${scene.menu}`;
  ui.explanation.innerHTML = scene.explanation;
  for (const a of ui.menu.querySelectorAll("a")) {
    if (a.dataset.scene === scene.id) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  buildFields(scene);
  buildToolbar(scene);
  refresh(); // places the handles, which resetView frames
  resetView();
  if (scene.viewDependent) refresh();
}

/**
 * Frames the scene: the camera looks from the scene's preferred direction at the middle of the inputs (the
 * handles), from just far enough that all of them fit in the view with a margin — in a wide or a narrow
 * (portrait) view alike, and for a deep link's configuration as well as for the defaults.
 */
function resetView() {
  const view = current.scene.camera ?? {};
  const direction = new THREE.Vector3().fromArray(view.position ?? [6, 5, 8]);
  direction
    .sub(new THREE.Vector3().fromArray(view.target ?? [0, 0, 0]))
    .normalize();
  const points = current.ctx.handles
    .filter((h) => h.mesh.visible)
    .map((h) => h.mesh.position);
  const target = new THREE.Box3()
    .setFromPoints(points)
    .getCenter(new THREE.Vector3());
  const aspect =
    (ui.viewport.clientWidth || 1) / (ui.viewport.clientHeight || 1);
  // The camera's right and up axes for that direction.
  const right = new THREE.Vector3()
    .crossVectors(new THREE.Vector3(0, 1, 0), direction)
    .normalize();
  const up = new THREE.Vector3().crossVectors(direction, right);
  const tanV = Math.tan(THREE.MathUtils.degToRad(camera.fov / 2)) * 0.8; // 20% margin
  const tanH = tanV * aspect;
  const PAD = 0.7; // room around each handle for the shapes drawn about it (radii, labels)
  let distance = 4;
  for (const p of points) {
    const d = p.clone().sub(target);
    const back = d.dot(direction);
    distance = Math.max(
      distance,
      back + (Math.abs(d.dot(right)) + PAD) / tanH,
      back + (Math.abs(d.dot(up)) + PAD) / tanV,
    );
  }
  orbit.target.copy(target);
  camera.position.copy(target).addScaledVector(direction, distance);
  camera.aspect = aspect;
  camera.updateProjectionMatrix();
  orbit.update();
}

let lastSteps = "";
let lastNotes = "";
let lastWarning = "";
let pendingPanel = null;
function flushPanel() {
  if (!pendingPanel) return;
  const { steps, notes, id } = pendingPanel;
  pendingPanel = null;
  const stepsHtml = steps
    .map(
      (s) =>
        `<li${s.key ? ' class="key"' : ""}><h3>${s.title}</h3>${s.html}</li>`,
    )
    .join("");
  if (stepsHtml !== lastSteps) {
    ui.steps.innerHTML = stepsHtml;
    lastSteps = stepsHtml;
  }
  if (notes !== lastNotes) {
    ui.notes.textContent = notes;
    lastNotes = notes;
  }
  if (notes && notes !== lastWarning)
    console.warn(`narrowphase demo: disagreement in ${id}: ${notes}`);
  lastWarning = notes;
}
function refresh(source) {
  const { scene, ctx, state } = current;
  ctx.notes = [];
  let out;
  try {
    out = scene.update(ctx, state);
  } catch (error) {
    // The inputs are normalized so that the library accepts them; an exception here is a bug to see.
    console.error(error);
    out = { result: `error: ${error.message}`, tone: "error", steps: [] };
  }
  ui.result.textContent = out.result;
  ui.resultBox.dataset.tone = out.tone ?? "";
  // The step-by-step panel is rebuilt at most once per frame (a drag can deliver many updates per frame).
  pendingPanel = { steps: out.steps, notes: ctx.notes.join(" "), id: scene.id };

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
  if (!current) return;
  current.state = normalizeState(
    current.scene,
    { ...current.state, ...patch },
    Object.keys(patch),
  );
  refresh(source);
  scheduleUrl(
    source === "drag" || source === "gizmo" || source instanceof Element,
  );
}

// The URL follows the state. During drags and typing it is written at most a few times a second (browsers
// throttle rapid history updates); at the end of an edit it is written at once.
let urlTimer = 0;
function scheduleUrl(debounced) {
  clearTimeout(urlTimer);
  if (debounced) urlTimer = setTimeout(writeUrl, 250);
  else writeUrl();
}
function writeUrl() {
  clearTimeout(urlTimer);
  if (!current) return;
  const hash = formatHash(current.scene, current.state);
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function route() {
  const { id, params } = parseHash(location.hash);
  const scene = scenesById.get(id) ?? scenes[0];
  const state = stateFromParams(scene, params);
  if (current?.scene === scene) {
    current.state = state;
    refresh();
  } else {
    build(scene, state);
  }
  writeUrl();
}

// ---------------------------------------------------------------------------------------------------------
// Numeric inputs, toolbar, menu.

function buildFields(scene) {
  const rows = [];
  for (const group of scene.fields) {
    const kind = group.kind ?? "pos";
    const cells = group.keys.map((key, i) => {
      const title = `${group.label}${group.keys.length > 1 ? ` ${"xyz"[i]}` : ""}`;
      if (kind === "choice") {
        const options = group.options
          .map(([v, text]) => `<option value="${v}">${text}</option>`)
          .join("");
        return `<select data-key="${key}" data-testid="input-${key}" aria-label="${title}">${options}</select>`;
      }
      const step = kind === "deg" ? 5 : 0.1;
      const min = group.min !== undefined ? ` min="${group.min}"` : "";
      return `<input type="number" step="${step}"${min} data-key="${key}" data-testid="input-${key}" aria-label="${title}" title="${title} (${key})" />`;
    });
    rows.push(
      `<label class="flabel">${group.label}</label><div class="frow">${cells.join("")}</div>`,
    );
  }
  ui.fields.innerHTML = rows.join("");
}

ui.fields.addEventListener("input", (e) => {
  const el = e.target;
  if (!el.dataset.key || !current) return;
  const value = Number(el.value);
  if (el.value.trim() === "" || !Number.isFinite(value)) return;
  apply({ [el.dataset.key]: value }, { source: el });
});
ui.fields.addEventListener("change", (e) => {
  if (!current || !e.target.dataset.key) return;
  e.target.value = String(current.state[e.target.dataset.key]);
  writeUrl();
});
ui.fields.addEventListener("submit", (e) => e.preventDefault());

function syncFields(source) {
  for (const el of ui.fields.querySelectorAll("[data-key]")) {
    if (el === source && document.activeElement === el) continue; // don't fight the user's typing
    const text = String(current.state[el.dataset.key]);
    if (el.value !== text) el.value = text;
  }
}

function buildToolbar(scene) {
  const buttons = [];
  for (const group of scene.fields) {
    if (group.kind !== "choice" || !group.toolbar) continue;
    for (const [value, text] of group.options) {
      buttons.push(
        `<button type="button" data-set="${group.keys[0]}=${value}">${text}</button>`,
      );
    }
  }
  for (const r of current.ctx.rotators) {
    buttons.push(
      `<button type="button" data-rotate="${r.name}" data-testid="rotate-${r.name}">Rotate ${r.label ?? r.name}</button>`,
    );
  }
  buttons.push('<button type="button" data-view="reset">Reset view</button>');
  ui.toolbar.innerHTML = buttons.join("");
}

function syncToolbar() {
  for (const b of ui.toolbar.querySelectorAll("button[data-set]")) {
    const [key, value] = b.dataset.set.split("=");
    b.setAttribute(
      "aria-pressed",
      String(current.state[key] === Number(value)),
    );
  }
  for (const b of ui.toolbar.querySelectorAll("button[data-rotate]")) {
    b.setAttribute(
      "aria-pressed",
      String(current.activeRotator?.name === b.dataset.rotate),
    );
  }
}

function selectRotator(name) {
  const r = current.ctx.rotators.find((x) => x.name === name) ?? null;
  current.activeRotator = current.activeRotator === r ? null : r;
  if (current.activeRotator) gizmo.attach(gizmoProxy);
  else gizmo.detach();
  syncGizmo();
  syncToolbar();
  requestRender();
}

function syncGizmo() {
  const r = current?.activeRotator;
  if (!r) return;
  const { position, quaternion } = r.get(current.state);
  gizmoProxy.position.copy(position);
  if (!gizmo.dragging) gizmoProxy.quaternion.copy(quaternion);
}

ui.toolbar.addEventListener("click", (e) => {
  const b = e.target.closest("button");
  if (!b || !current) return;
  if (b.dataset.set) {
    const [key, value] = b.dataset.set.split("=");
    apply({ [key]: Number(value) }, { source: "toolbar" });
  } else if (b.dataset.rotate) {
    selectRotator(b.dataset.rotate);
  } else if (b.dataset.view === "reset") {
    resetView();
  }
});

// Elements in the steps panel with data-set="key=value" change the state when clicked (e.g. pick an axis).
ui.steps.addEventListener("click", (e) => {
  const el = e.target.closest("[data-set]");
  if (!el || !current) return;
  const patch = {};
  for (const pair of el.dataset.set.split("&")) {
    const [key, value] = pair.split("=");
    patch[key] = Number(value);
  }
  apply(patch, { source: "panel" });
});

ui.reset.addEventListener("click", () => {
  if (current) apply({ ...current.scene.defaults }, { source: "reset" });
});
ui.copyLink.addEventListener("click", async () => {
  writeUrl();
  try {
    await navigator.clipboard.writeText(location.href);
    ui.copyLink.textContent = "Link copied";
  } catch {
    ui.copyLink.textContent = "Copy the address bar";
  }
  setTimeout(() => (ui.copyLink.textContent = "Copy link"), 1500);
});

ui.menu.innerHTML = scenes
  .map(
    (s) =>
      `<a href="#/${s.id}" data-scene="${s.id}"><small>${s.articles}</small>${s.menu}</a>`,
  )
  .join("");

// ---------------------------------------------------------------------------------------------------------
// Start-up and the test hook (used by tests/browser; it goes through the same `apply` as the controls).

const ready = init().then((instance) => {
  np = instance;
  window.addEventListener("hashchange", route);
  route();
  return new Promise((resolve) => {
    frameWaiters.push(resolve);
    requestRender();
  });
});
ready.catch((error) => {
  console.error(error);
  ui.result.textContent = `could not load narrowphase: ${error.message}`;
});

window.__narrowphase = {
  ready,
  scenes: scenes.map((s) => s.id),
  get scene() {
    return current?.scene.id ?? null;
  },
  getState() {
    return { ...current.state };
  },
  setState(patch) {
    apply(patch, { source: "hook" });
    return { ...current.state };
  },
  result() {
    return ui.result.textContent;
  },
  /** Does the page work of a frame except the WebGL drawing: the panel rebuild (for timing tests). */
  flushPanel,
  /** Resolves after the next frame has been drawn. */
  frame() {
    return new Promise((resolve) => {
      frameWaiters.push(resolve);
      requestRender();
    });
  },
  handles() {
    return current.ctx.handles.map((h) => h.name);
  },
  /** Where a handle is on screen, in CSS pixels relative to the page (for real pointer drags). */
  handleScreenPosition(name) {
    const handle = current.ctx.handles.find((h) => h.name === name);
    if (!handle) throw new Error(`no handle named ${name}`);
    const s = screenPosition(handle.mesh.position);
    return {
      x: s.x + window.scrollX,
      y: s.y + window.scrollY,
      onScreen: s.onScreen && handle.mesh.visible,
    };
  },
  fields() {
    return flatFields(current.scene).map((f) => f.key);
  },
};
