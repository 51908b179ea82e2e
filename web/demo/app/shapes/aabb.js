// The axis-aligned box input, shared by every scene with a box: state keys x0 y0 z0 (min corner) and x1 y1 z1
// (max corner), three handles (min corner, max corner, and a cube in the middle that moves the whole box).
// In a slot (the playground) the box is centered at C with half sizes |U|.
import * as THREE from "three";
import { round } from "../state.js";
import { BoxView, COLORS } from "../draw.js";

export const BOX_FIELDS = [
  { label: "boxMin", keys: ["x0", "y0", "z0"] },
  { label: "boxMax", keys: ["x1", "y1", "z1"] },
];

/** The box of a state, as an AABBLike of Vector3s (three's Box3 would fit the library just as well). */
export function boxOf(s) {
  return {
    min: new THREE.Vector3(s.x0, s.y0, s.z0),
    max: new THREE.Vector3(s.x1, s.y1, s.z1),
  };
}

/**
 * Keeps min <= max on every axis. The corner being edited stops at the other one; a state loaded from a
 * link with the corners the wrong way round gets them swapped.
 */
export function normalizeBox(s, changed) {
  for (const a of ["x", "y", "z"]) {
    const lo = `${a}0`;
    const hi = `${a}1`;
    if (s[lo] <= s[hi]) continue;
    if (changed.includes(lo) && !changed.includes(hi)) s[lo] = s[hi];
    else if (changed.includes(hi) && !changed.includes(lo)) s[hi] = s[lo];
    else [s[lo], s[hi]] = [s[hi], s[lo]];
  }
}

/** Adds the three box handles to a scene context. */
export function addBoxHandles(ctx, color = COLORS.box) {
  ctx.handle({
    name: "box-min",
    color,
    get: (s) => [s.x0, s.y0, s.z0],
    drag: (s, p) => ({ x0: p.x, y0: p.y, z0: p.z }),
  });
  ctx.handle({
    name: "box-max",
    color,
    get: (s) => [s.x1, s.y1, s.z1],
    drag: (s, p) => ({ x1: p.x, y1: p.y, z1: p.z }),
  });
  ctx.handle({
    name: "box-center",
    color,
    shape: "cube",
    get: (s) => [(s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2, (s.z0 + s.z1) / 2],
    // Moves both corners by the same rounded offset, so the box keeps its size exactly.
    drag: (s, p, s0, p0) => {
      const dx = round(p.x - p0.x, 3);
      const dy = round(p.y - p0.y, 3);
      const dz = round(p.z - p0.z, 3);
      return {
        x0: s0.x0 + dx,
        y0: s0.y0 + dy,
        z0: s0.z0 + dz,
        x1: s0.x1 + dx,
        y1: s0.y1 + dy,
        z1: s0.z1 + dz,
      };
    },
  });
}

/** The box as a slot shape (the playground): centered at C with half sizes |U|. */
export default {
  kind: "aabb",
  name: "AABB",
  uses: { u: true, v: false },
  fromSlot: (k) => {
    const h = new THREE.Vector3(
      Math.abs(k.u.x),
      Math.abs(k.u.y),
      Math.abs(k.u.z),
    );
    return { min: k.c.clone().sub(h), max: k.c.clone().add(h) };
  },
  view(ctx, color) {
    const box = ctx.add(new BoxView(color));
    return {
      parts: [box],
      place: (shape, color) =>
        box.setMinMax(shape.min, shape.max).setColor(color),
    };
  },
};
