// Small 3D building blocks the scenes draw with: rods, arrows, dots, boxes, spheres, face quads, dashed lines.
// Geometry is shared between instances (unit shapes scaled per object), so a scene update only moves and
// scales meshes and never allocates buffers.
import * as THREE from "three";
import { CSS2DObject } from "three/addons/renderers/CSS2DRenderer.js";

export const COLORS = {
  x: 0xff6b6b,
  y: 0x6bdc78,
  z: 0x5ea2ff,
  a: 0xffa94d, // first input (point P, start A, box A)
  b: 0x4dd4e6, // second input (end B, box B, target sphere)
  box: 0x8aa0c8,
  key: 0xffc857, // the answer: closest point, hit point, contact
  overlap: 0xff5d5d,
  clear: 0x6bdc78,
  neutral: 0xc8d0de,
  dim: 0x6c7890,
};

const shared = (geometry) => {
  geometry.userData.shared = true;
  return geometry;
};
const CYLINDER = shared(new THREE.CylinderGeometry(1, 1, 1, 14, 1));
const CONE = shared(new THREE.ConeGeometry(1, 1, 18).translate(0, -0.5, 0)); // tip at the origin, base at y=-1
const SPHERE = shared(new THREE.SphereGeometry(1, 40, 20));
const SPHERE_WIRE = shared(
  new THREE.WireframeGeometry(new THREE.SphereGeometry(1, 18, 10)),
);
const BOX = shared(new THREE.BoxGeometry(1, 1, 1));
const BOX_EDGES = shared(new THREE.EdgesGeometry(BOX));
const PLANE = shared(new THREE.PlaneGeometry(1, 1));

const Y = new THREE.Vector3(0, 1, 0);
const _d = new THREE.Vector3();
const _m = new THREE.Vector3();

/** A lit material; `opacity` < 1 makes it see-through (and stops it hiding what is behind it). */
export function material(
  color,
  { opacity = 1, emissive = 0.25, side = THREE.FrontSide } = {},
) {
  const c = new THREE.Color(color);
  return new THREE.MeshStandardMaterial({
    color: c,
    emissive: c.clone().multiplyScalar(emissive),
    roughness: 0.55,
    metalness: 0,
    transparent: opacity < 1,
    opacity,
    depthWrite: opacity >= 1,
    side,
  });
}

/** Sets a material's colour (and its matching emissive glow). */
export function setColor(mat, color) {
  mat.color.set(color);
  if (mat.emissive) mat.emissive.set(color).multiplyScalar(0.25);
}

/** A cylinder between two points. */
export class Rod extends THREE.Mesh {
  constructor(color, radius = 0.02, options) {
    super(CYLINDER, material(color, options));
    this.radius = radius;
  }
  set(a, b) {
    _d.subVectors(b, a);
    const length = _d.length();
    if (!(length > 1e-9) || !Number.isFinite(length)) {
      this.visible = false;
      return this;
    }
    this.visible = true;
    this.position.addVectors(a, b).multiplyScalar(0.5);
    this.quaternion.setFromUnitVectors(Y, _d.divideScalar(length));
    this.scale.set(this.radius, length, this.radius);
    return this;
  }
}

/** A shaft with a cone head, from `from` to `to`; the head shrinks for short arrows. */
export class Arrow extends THREE.Group {
  constructor(color, radius = 0.025) {
    super();
    this.radius = radius;
    this.shaft = new THREE.Mesh(CYLINDER, material(color));
    this.head = new THREE.Mesh(CONE, this.shaft.material);
    this.add(this.shaft, this.head);
  }
  set(from, to) {
    _d.subVectors(to, from);
    const length = _d.length();
    if (!(length > 1e-6)) {
      this.visible = false;
      return this;
    }
    this.visible = true;
    _d.divideScalar(length);
    const headLength = Math.min(this.radius * 7, length * 0.45);
    const headRadius = Math.min(this.radius * 2.8, headLength * 0.45);
    _m.copy(from).addScaledVector(_d, (length - headLength) / 2);
    this.shaft.position.copy(_m);
    this.shaft.quaternion.setFromUnitVectors(Y, _d);
    this.shaft.scale.set(this.radius, length - headLength, this.radius);
    this.head.position.copy(to);
    this.head.quaternion.copy(this.shaft.quaternion);
    this.head.scale.set(headRadius, headLength, headRadius);
    return this;
  }
  setColor(color) {
    setColor(this.shaft.material, color);
    return this;
  }
}

/** A small solid sphere marking a point. */
export class Dot extends THREE.Mesh {
  constructor(color, radius = 0.06, options) {
    super(SPHERE, material(color, options));
    this.scale.setScalar(radius);
  }
  set(p) {
    this.position.copy(p);
    this.visible = Number.isFinite(p.x + p.y + p.z);
    return this;
  }
}

/** A see-through box with solid edges; placed by min/max (AABB) or by center, half size and rotation (OBB). */
export class BoxView extends THREE.Group {
  constructor(color, { opacity = 0.16 } = {}) {
    super();
    this.fill = new THREE.Mesh(
      BOX,
      material(color, { opacity, emissive: 0.1 }),
    );
    this.edges = new THREE.LineSegments(
      BOX_EDGES,
      new THREE.LineBasicMaterial({ color }),
    );
    this.add(this.fill, this.edges);
  }
  setMinMax(min, max) {
    this.position.addVectors(min, max).multiplyScalar(0.5);
    this.quaternion.identity();
    this.scale.subVectors(max, min).max(_m.setScalar(1e-4)); // a flat box still draws
    return this;
  }
  setOBB(center, halfSize, quaternion) {
    this.position.copy(center);
    this.quaternion.copy(quaternion);
    this.scale.copy(halfSize).multiplyScalar(2).max(_m.setScalar(1e-4));
    return this;
  }
  setColor(color) {
    setColor(this.fill.material, color);
    this.edges.material.color.set(color);
    return this;
  }
}

/** A see-through sphere with a faint wireframe, so its depth reads well. */
export class SphereView extends THREE.Group {
  constructor(color, { opacity = 0.3, wire = 0.12 } = {}) {
    super();
    this.fill = new THREE.Mesh(
      SPHERE,
      material(color, { opacity, emissive: 0.15 }),
    );
    this.wire = new THREE.LineSegments(
      SPHERE_WIRE,
      new THREE.LineBasicMaterial({
        color,
        transparent: true,
        opacity: wire,
        depthWrite: false,
      }),
    );
    this.add(this.fill, this.wire);
  }
  set(center, radius) {
    this.position.copy(center);
    this.scale.setScalar(Math.max(radius, 1e-4));
    return this;
  }
  setColor(color) {
    setColor(this.fill.material, color);
    this.wire.material.color.set(color);
    return this;
  }
  setOpacity(opacity) {
    this.fill.material.opacity = opacity;
    return this;
  }
}

/** A see-through rectangle lying in an axis-aligned plane: the face of an AABB. */
export class FaceQuad extends THREE.Mesh {
  constructor(color, opacity = 0.22) {
    super(
      PLANE,
      material(color, { opacity, emissive: 0.4, side: THREE.DoubleSide }),
    );
  }
  /** The face of box [min, max] at `side` ('min' | 'max') of `axis` (0, 1, 2). */
  setFace(min, max, axis, side) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    this.position.addVectors(min, max).multiplyScalar(0.5);
    this.position.setComponent(
      axis,
      side === "min" ? min.getComponent(axis) : max.getComponent(axis),
    );
    // PlaneGeometry spans x and y with normal z; orient that frame onto (u, v, axis).
    const basis = new THREE.Matrix4().makeBasis(unit(u), unit(v), unit(axis));
    this.quaternion.setFromRotationMatrix(basis);
    this.scale.set(
      Math.max(max.getComponent(u) - min.getComponent(u), 1e-4),
      Math.max(max.getComponent(v) - min.getComponent(v), 1e-4),
      1,
    );
    return this;
  }
}

/** A rectangle of side `size` centred at `center` and perpendicular to unit `normal`: a separating plane. */
export class PlaneQuad extends THREE.Mesh {
  constructor(color, opacity = 0.16) {
    super(
      PLANE,
      material(color, { opacity, emissive: 0.4, side: THREE.DoubleSide }),
    );
  }
  set(center, normal, size) {
    this.position.copy(center);
    this.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), normal);
    this.scale.set(size, size, 1);
    return this;
  }
}

function unit(axis) {
  return new THREE.Vector3().setComponent(axis, 1);
}

/** A thin dashed line between two points. */
export class Dashed extends THREE.Line {
  constructor(color, { dash = 0.12, gap = 0.08, opacity = 0.9 } = {}) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(6), 3),
    );
    super(
      geometry,
      new THREE.LineDashedMaterial({
        color,
        dashSize: dash,
        gapSize: gap,
        transparent: opacity < 1,
        opacity,
      }),
    );
    this.frustumCulled = false;
  }
  set(a, b) {
    const p = this.geometry.attributes.position;
    p.setXYZ(0, a.x, a.y, a.z);
    p.setXYZ(1, b.x, b.y, b.z);
    p.needsUpdate = true;
    this.computeLineDistances();
    this.visible = Number.isFinite(a.x + a.y + a.z + b.x + b.y + b.z);
    return this;
  }
}

/** Some triangles of a mesh (its `positions` and `indices` arrays), drawn over its surface. */
export class TriangleSet extends THREE.Mesh {
  constructor(color, capacity, opacity) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(capacity * 9), 3),
    );
    const m = material(color, { opacity, side: THREE.DoubleSide });
    // Drawn in front of the surface it lies on.
    m.polygonOffset = true;
    m.polygonOffsetFactor = -2;
    m.polygonOffsetUnits = -2;
    super(geometry, m);
    this.capacity = capacity;
    this.frustumCulled = false;
  }
  /** Draws triangles `ids` (an array or a typed array) of `entry` ({ positions, indices }). */
  set(entry, ids) {
    const p = this.geometry.attributes.position;
    const { positions: x, indices } = entry;
    let k = 0;
    for (const id of Array.from(ids).slice(0, this.capacity))
      for (let c = 0; c < 3; c++) {
        const v = indices[3 * id + c];
        p.setXYZ(k++, x[3 * v], x[3 * v + 1], x[3 * v + 2]);
      }
    p.needsUpdate = true;
    this.geometry.setDrawRange(0, k);
    this.geometry.computeBoundingSphere();
    this.visible = k > 0;
    return this;
  }
}

/** A text label that stays upright and legible (an HTML element positioned over the canvas). */
export class Label extends CSS2DObject {
  constructor(text, color = "#ffffff", className = "") {
    const el = document.createElement("div");
    el.className = `lbl ${className}`.trim();
    el.style.color =
      typeof color === "number"
        ? `#${color.toString(16).padStart(6, "0")}`
        : color;
    super(el);
    // Point labels sit just above their point; value labels ('plain', 'axis') are centred on it.
    if (!/plain|axis/.test(className)) this.center.set(0.5, 1.45);
    this.text = null;
    this.setText(text);
  }
  setText(text) {
    if (text !== this.text) {
      this.element.textContent = text;
      this.text = text;
    }
    return this;
  }
  at(p) {
    this.position.copy(p);
    this.visible = Number.isFinite(p.x + p.y + p.z);
    return this;
  }
}

/** Frees the GPU resources an object owns (shared unit geometry excepted). */
export function disposeObject(root) {
  root.traverse((o) => {
    if (o.geometry && !o.geometry.userData.shared) o.geometry.dispose();
    if (o.material) {
      for (const m of Array.isArray(o.material) ? o.material : [o.material])
        m.dispose();
    }
  });
}
