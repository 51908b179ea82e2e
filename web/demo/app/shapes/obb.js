// An oriented box input: a center, half sizes and a rotation. In a scene's state, box p ("a" or "b") is
// `${p}x/y/z` (center), `${p}hx/hy/hz` (half sizes) and `${p}rx/ry/rz` (Euler angles in degrees, order XYZ);
// `addOBBHandles` gives it a center handle, a corner handle (half sizes) and a rotator (the gizmo). In a slot
// (the playground) it is centered at C with half sizes |U|, turned by the slot's rotation.
import * as THREE from "three";
import { OBB } from "three/addons/math/OBB.js";
import { BoxView } from "../draw.js";
import { round } from "../state.js";

const DEG = THREE.MathUtils.DEG2RAD;
const abs = (w) =>
  new THREE.Vector3(Math.abs(w.x), Math.abs(w.y), Math.abs(w.z));

/** The rotation (a Matrix3) of Euler angles in degrees, order XYZ. */
export function rotationOf(rx, ry, rz) {
  return new THREE.Matrix3().setFromMatrix4(
    new THREE.Matrix4().makeRotationFromEuler(
      new THREE.Euler(rx * DEG, ry * DEG, rz * DEG, "XYZ"),
    ),
  );
}

/** A box's rotation as a quaternion. */
export function quaternionOf(box) {
  return new THREE.Quaternion().setFromRotationMatrix(
    new THREE.Matrix4().setFromMatrix3(box.rotation),
  );
}

/** The OBB of box `p` ('a' or 'b') of a state: a three.js OBB, which the library accepts as it is. */
export function obbOf(s, p) {
  return new OBB(
    new THREE.Vector3(s[`${p}x`], s[`${p}y`], s[`${p}z`]),
    new THREE.Vector3(s[`${p}hx`], s[`${p}hy`], s[`${p}hz`]),
    rotationOf(s[`${p}rx`], s[`${p}ry`], s[`${p}rz`]),
  );
}

/** The fields of box p: center, half size, rotation (labels: the keys `${p}Center`, `${p}HalfSize`, `${p}Rotation`). */
export const obbFields = (p) => [
  { label: `${p}Center`, keys: [`${p}x`, `${p}y`, `${p}z`] },
  { label: `${p}HalfSize`, keys: [`${p}hx`, `${p}hy`, `${p}hz`], min: 0 },
  {
    label: `${p}Rotation`,
    keys: [`${p}rx`, `${p}ry`, `${p}rz`],
    kind: "deg",
    min: -180,
    max: 180,
  },
];

/** Keeps box p's angles in (-180, 180]: -180 and 180 are the same turn, one spelling in the URL. */
export function normalizeOBB(s, p) {
  for (const k of ["rx", "ry", "rz"])
    if (s[`${p}${k}`] === -180) s[`${p}${k}`] = 180;
}

/** The handles of box p: `${P}-center`, `${P}-corner` (the +x +y +z corner: half sizes) and rotator P. */
export function addOBBHandles(ctx, p, color) {
  const name = p.toUpperCase();
  ctx.handle({
    name: `${name}-center`,
    color,
    get: (s) => [s[`${p}x`], s[`${p}y`], s[`${p}z`]],
    drag: (s, q) => ({ [`${p}x`]: q.x, [`${p}y`]: q.y, [`${p}z`]: q.z }),
  });
  ctx.handle({
    name: `${name}-corner`,
    color,
    shape: "cube",
    // The (+x, +y, +z) corner in the box's own frame; dragging it sets the half sizes.
    get: (s) => {
      const box = obbOf(s, p);
      return box.halfSize.clone().applyMatrix3(box.rotation).add(box.center);
    },
    drag: (s, q) => {
      const box = obbOf(s, p);
      const local = q
        .clone()
        .sub(box.center)
        .applyMatrix3(box.rotation.clone().transpose());
      return {
        [`${p}hx`]: Math.abs(local.x),
        [`${p}hy`]: Math.abs(local.y),
        [`${p}hz`]: Math.abs(local.z),
      };
    },
  });
  ctx.rotator({
    name,
    get: (s) => {
      const box = obbOf(s, p);
      return { position: box.center, quaternion: quaternionOf(box) };
    },
    set: (s, q) => {
      const e = new THREE.Euler().setFromQuaternion(q, "XYZ");
      return {
        [`${p}rx`]: round(e.x / DEG, 1),
        [`${p}ry`]: round(e.y / DEG, 1),
        [`${p}rz`]: round(e.z / DEG, 1),
      };
    },
  });
}

export default {
  kind: "obb",
  name: "OBB",
  uses: { u: true, v: false },
  fromSlot: (k) => ({ center: k.c, halfSize: abs(k.u), rotation: k.rotation }),
  view(ctx, color) {
    const box = ctx.add(new BoxView(color));
    return {
      parts: [box],
      place: (shape, color) =>
        box
          .setOBB(shape.center, shape.halfSize, quaternionOf(shape))
          .setColor(color),
    };
  },
};
