// A ray input: an origin and a direction (any length, not zero). In a slot it starts at C along U.
import { Arrow } from "../draw.js";

export default {
  kind: "ray",
  name: null, // the probe of raycast*
  uses: { u: true, v: false },
  fromSlot: (k) => ({ origin: k.c, direction: k.u }),
  view(ctx, color) {
    const arrow = ctx.add(new Arrow(color, 0.025));
    return {
      parts: [arrow],
      place: (shape) =>
        arrow.set(
          shape.origin,
          shape.origin
            .clone()
            .addScaledVector(shape.direction.clone().normalize(), 4),
        ),
    };
  },
};
