// A point input: a position. In a slot (the playground's generic inputs, see index.js) it is the center C.
import { Dot } from "../draw.js";

export default {
  kind: "point",
  name: null, // no library function is named after a point: it is the probe of closestPointOn*/distancePoint*
  uses: { u: false, v: false },
  fromSlot: (k) => k.c,
  view(ctx, color) {
    const dot = ctx.add(new Dot(color, 0.08));
    return {
      parts: [dot],
      place: (shape) => dot.set(shape),
    };
  },
};
