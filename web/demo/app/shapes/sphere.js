// A sphere input: a center and a radius. In a slot it is centered at C with radius r. `addSphereHandles`
// gives a scene the center handle and the radius handle (a small ball on top of the sphere).
import * as THREE from "three";
import { SphereView } from "../draw.js";

export default {
  kind: "sphere",
  name: "Sphere",
  uses: { u: false, v: false },
  fromSlot: (k) => ({ center: k.c, radius: k.r }),
  view(ctx, color) {
    const sphere = ctx.add(new SphereView(color));
    return {
      parts: [sphere],
      place: (shape, color) =>
        sphere.set(shape.center, shape.radius).setColor(color),
    };
  },
};

/**
 * The center handle (state keys `${center}x/y/z`) and the radius handle (key `radius`), drawn on top of the
 * sphere; `names` = [center handle, radius handle].
 */
export function addSphereHandles(ctx, { center, radius, names, color }) {
  const at = (s) =>
    new THREE.Vector3(s[`${center}x`], s[`${center}y`], s[`${center}z`]);
  ctx.handle({
    name: names[0],
    color,
    get: (s) => at(s),
    drag: (s, p) => ({
      [`${center}x`]: p.x,
      [`${center}y`]: p.y,
      [`${center}z`]: p.z,
    }),
  });
  ctx.handle({
    name: names[1],
    color,
    get: (s) => at(s).add(new THREE.Vector3(0, Math.max(s[radius], 0.12), 0)),
    drag: (s, p) => ({ [radius]: p.distanceTo(at(s)) }),
  });
}
