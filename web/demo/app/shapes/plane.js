// A plane input: a normal (any length, not zero) and a constant, the points x with normal·x + constant = 0.
// In a slot it passes through C with normal U.
import { PlaneQuad, setColor } from "../draw.js";

export default {
  kind: "plane",
  name: "Plane",
  uses: { u: true, v: false },
  fromSlot: (k) => {
    const n = k.u.clone();
    return { normal: n, constant: -n.dot(k.c) };
  },
  view(ctx, color) {
    const quad = ctx.add(new PlaneQuad(color, 0.22));
    return {
      parts: [quad],
      place(shape, color, k) {
        quad.set(k.c, shape.normal.clone().normalize(), 6);
        setColor(quad.material, color);
      },
    };
  },
};
