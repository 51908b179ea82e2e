// The 3D view: renderer, scene graph, camera, orbit controls, rotation gizmo, the axis triad in the corner, and
// the render loop. The page renders on demand: a frame is drawn only when something changed.
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { TransformControls } from "three/addons/controls/TransformControls.js";
import { CSS2DRenderer } from "three/addons/renderers/CSS2DRenderer.js";
import { Arrow, COLORS } from "./draw.js";

export const viewportEl = document.getElementById("viewport");
export const canvas = document.getElementById("canvas");

export const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
const labelRenderer = new CSS2DRenderer();
labelRenderer.domElement.className = "labels";
viewportEl.appendChild(labelRenderer.domElement);

export const world = new THREE.Scene();
world.background = new THREE.Color(0x161c28);
world.add(new THREE.HemisphereLight(0xffffff, 0x3a4458, 1.7));
const sun = new THREE.DirectionalLight(0xffffff, 1.6);
sun.position.set(4, 9, 6);
world.add(sun);

export const camera = new THREE.PerspectiveCamera(45, 1, 0.05, 500);
camera.position.set(6, 5, 8);

// The floor grid, and an axis triad drawn in a corner of the view, so that "x", "y", "z" in the readout can be
// found in the picture whatever the camera does.
export const floor = new THREE.Group();
floor.add(new THREE.GridHelper(20, 20, 0x3b4760, 0x273044));
world.add(floor);
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

// The rotation gizmo is created before the orbit controls so that its pointerdown runs first and can switch
// orbiting off for the drag (three.js's own TransformControls example does the same).
export const gizmo = new TransformControls(camera, canvas);
gizmo.setMode("rotate");
gizmo.setSpace("local");
gizmo.setSize(0.85);
world.add(gizmo.getHelper());
export const gizmoProxy = new THREE.Object3D();
world.add(gizmoProxy);

export const orbit = new OrbitControls(camera, canvas);
orbit.enableDamping = false;
gizmo.addEventListener("change", () => requestRender());
gizmo.addEventListener("dragging-changed", (e) => {
  orbit.enabled = !e.value;
});

/** Work done at the start of every frame, before drawing (drags, panel rebuild, handle sizes), in order. */
export const beforeFrame = [];
/** Work done after drawing, before the frame's waiters resolve (label placement). */
export const afterFrame = [];

let renderQueued = false;
let frameWaiters = [];
export function requestRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(renderFrame);
}
function renderFrame() {
  // Calls to requestRender() while this frame is being prepared are absorbed by it.
  for (const step of beforeFrame) step();
  renderer.render(world, camera);
  renderTriad();
  labelRenderer.render(world, camera);
  for (const step of afterFrame) step();
  renderQueued = false;
  const waiters = frameWaiters;
  frameWaiters = [];
  for (const resolve of waiters) resolve();
}
/** Resolves after the next frame has been drawn. */
export function nextFrame() {
  return new Promise((resolve) => {
    frameWaiters.push(resolve);
    requestRender();
  });
}

function renderTriad() {
  const w = viewportEl.clientWidth;
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
  renderer.setViewport(0, 0, w, viewportEl.clientHeight);
  renderer.autoClear = true;
}

function resize() {
  const w = Math.max(1, viewportEl.clientWidth);
  const h = Math.max(1, viewportEl.clientHeight);
  renderer.setSize(w, h, false);
  labelRenderer.setSize(w, h);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
  requestRender();
}
new ResizeObserver(resize).observe(viewportEl);

const _v = new THREE.Vector3();
const _ndc = new THREE.Vector2();
const raycaster = new THREE.Raycaster();

/** Where a world point is on screen, in client (viewport-relative CSS) pixels. */
export function screenPosition(position) {
  const rect = canvas.getBoundingClientRect();
  _v.copy(position).project(camera);
  return {
    x: rect.left + ((_v.x + 1) / 2) * rect.width,
    y: rect.top + ((1 - _v.y) / 2) * rect.height,
    onScreen: _v.z > -1 && _v.z < 1,
  };
}

/** The ray from the camera through a client point. */
export function pointerRay(clientX, clientY) {
  const rect = canvas.getBoundingClientRect();
  _ndc.set(
    ((clientX - rect.left) / rect.width) * 2 - 1,
    -((clientY - rect.top) / rect.height) * 2 + 1,
  );
  raycaster.setFromCamera(_ndc, camera);
  return raycaster.ray;
}

/** CSS pixels at the top and bottom of the view that framing keeps free: the readout above, the hint and the
 * axis triad below. */
export const FRAME_RESERVE = { top: 76, bottom: 130 };

/**
 * Frames a scene: the camera looks from the scene's preferred direction (`view`: { position, target }) at the
 * middle of `points` (the visible handles and what the scene asks to frame), from just far enough that all of
 * them fit with a margin in the band between the readout and the hint — in a wide or a narrow (portrait) view
 * alike, and for a deep link's configuration as well as for the defaults.
 */
export function frameView(view = {}, points) {
  const direction = new THREE.Vector3().fromArray(view.position ?? [6, 5, 8]);
  direction
    .sub(new THREE.Vector3().fromArray(view.target ?? [0, 0, 0]))
    .normalize();
  const target = new THREE.Box3()
    .setFromPoints(points)
    .getCenter(new THREE.Vector3());
  const aspect = (viewportEl.clientWidth || 1) / (viewportEl.clientHeight || 1);
  // The camera's right and up axes for that direction.
  const right = new THREE.Vector3()
    .crossVectors(new THREE.Vector3(0, 1, 0), direction)
    .normalize();
  const up = new THREE.Vector3().crossVectors(direction, right);
  const height = viewportEl.clientHeight || 1;
  const { top, bottom } = FRAME_RESERVE;
  // The band left free by the reserves, as a share of the view's height (at least half of it on a tiny view).
  const band = Math.max(0.5, 1 - (top + bottom) / height);
  const tanHalf = Math.tan(THREE.MathUtils.degToRad(camera.fov / 2));
  const tanV = tanHalf * band * 0.85; // 15% margin inside the band
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
  // The band's middle lies (bottom − top) / 2 pixels above the view's: the camera is lowered (along its up
  // axis) by that much at the inputs' depth, so they show in the middle of the band.
  const lift =
    band > 0.5 ? ((bottom - top) / 2 / height) * 2 * tanHalf * distance : 0;
  target.addScaledVector(up, -lift);
  orbit.target.copy(target);
  camera.position.copy(target).addScaledVector(direction, distance);
  camera.aspect = aspect;
  camera.updateProjectionMatrix();
  orbit.update();
}
