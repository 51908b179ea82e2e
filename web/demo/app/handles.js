// Draggable handles: small spheres (or cubes) that stand for a query's inputs. Picking is done in screen space
// with a generous radius so that fingers find them too; a drag moves the handle in the plane facing the camera.
// Pointer events, so mouse and touch alike.
import * as THREE from "three";
import { material } from "./draw.js";
import { page } from "./page.js";
import {
  camera,
  canvas,
  pointerRay,
  requestRender,
  screenPosition,
  viewportEl,
} from "./viewport.js";

const coarsePointer = window.matchMedia("(pointer: coarse)").matches;
const HANDLE_PX = coarsePointer ? 10 : 7; // drawn radius in CSS pixels
const HANDLE_GEOMETRY = {
  sphere: new THREE.SphereGeometry(1, 24, 12),
  cube: new THREE.BoxGeometry(1.5, 1.5, 1.5),
};
HANDLE_GEOMETRY.sphere.userData.shared =
  HANDLE_GEOMETRY.cube.userData.shared = true;

let drag = null; // { handle, pointerId, plane, offset, startState, startPos, pending: {x, y} | null }
let hovered = null;
let callbacks = { apply() {}, dragEnded() {} };

/**
 * A handle's mesh for spec { name, color, shape: 'sphere' | 'cube', get(state) -> point, drag(state, point,
 * startState, startPoint) -> state patch, visible?(state) }: returns { ...spec, mesh }.
 */
export function makeHandle(spec) {
  const mesh = new THREE.Mesh(
    HANDLE_GEOMETRY[spec.shape ?? "sphere"],
    material(spec.color, { emissive: 0.45 }),
  );
  mesh.name = `handle:${spec.name}`;
  mesh.renderOrder = 10;
  return { ...spec, mesh };
}

const handlesOnShow = () => page.current?.ctx.handles ?? [];

/** Keeps every handle the same size on screen whatever its distance (run before each frame). */
export function sizeHandles() {
  const h = viewportEl.clientHeight || 1;
  const worldPerPixel =
    (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov / 2))) / h;
  for (const handle of handlesOnShow()) {
    const grow = handle === hovered || handle === drag?.handle ? 1.35 : 1;
    const d = camera.position.distanceTo(handle.mesh.position);
    handle.mesh.scale.setScalar(HANDLE_PX * grow * d * worldPerPixel);
  }
}

function pickHandle(clientX, clientY, pointerType) {
  const reach = HANDLE_PX + (pointerType === "touch" ? 18 : 7);
  let best = null;
  let bestScore = Infinity;
  for (const handle of handlesOnShow()) {
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

/** Applies the pending pointer position of a drag (run before each frame: many moves, one update). */
export function processDrag() {
  if (!drag?.pending || !page.current) return;
  const { x, y } = drag.pending;
  drag.pending = null;
  const hit = pointerRay(x, y).intersectPlane(drag.plane, new THREE.Vector3());
  if (!hit) return;
  hit.add(drag.offset);
  const patch = drag.handle.drag(
    page.current.state,
    hit,
    drag.startState,
    drag.startPos,
  );
  if (patch) callbacks.apply(patch, { source: "drag" });
}

/** Forgets the drag and hover (the scene is going away). */
export function resetHandles() {
  drag = null;
  hovered = null;
}

/** Starts listening to the viewport's pointer events. `apply(patch, opts)` and `dragEnded()` come from main. */
export function installHandles(cb) {
  callbacks = cb;
  // Capture phase on the canvas's parent: runs before OrbitControls and TransformControls see the event, so a
  // press on a handle never starts an orbit.
  viewportEl.addEventListener(
    "pointerdown",
    (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      if (!page.current) return;
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
        startState: { ...page.current.state },
        startPos,
        pending: null,
      };
      canvas.setPointerCapture?.(e.pointerId);
      viewportEl.style.cursor = "grabbing";
      requestRender();
    },
    { capture: true },
  );

  viewportEl.addEventListener("pointermove", (e) => {
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
      viewportEl.style.cursor = over ? "grab" : "";
      requestRender();
    }
  });

  function endDrag(e) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    if (drag.pending) processDrag();
    drag = null;
    viewportEl.style.cursor = hovered ? "grab" : "";
    callbacks.dragEnded();
    requestRender();
  }
  window.addEventListener("pointerup", endDrag);
  window.addEventListener("pointercancel", endDrag);
}
