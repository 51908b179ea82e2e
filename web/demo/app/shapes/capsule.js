// A capsule input: a segment and a radius (the segment swept by a sphere). In a slot it runs from C − U to
// C + U with radius r.
import { Rod, SphereView, setColor } from "../draw.js";

export default {
  kind: "capsule",
  name: "Capsule",
  uses: { u: true, v: false },
  fromSlot: (k) => ({
    start: k.c.clone().sub(k.u),
    end: k.c.clone().add(k.u),
    radius: k.r,
  }),
  view(ctx, color) {
    const start = ctx.add(new SphereView(color));
    const end = ctx.add(new SphereView(color));
    const side = ctx.add(new Rod(color, 0.5, { opacity: 0.3 }));
    return {
      parts: [start, end, side],
      place(shape, color) {
        start.set(shape.start, shape.radius).setColor(color);
        end.set(shape.end, shape.radius).setColor(color);
        side.radius = Math.max(shape.radius, 1e-3);
        side.set(shape.start, shape.end);
        setColor(side.material, color);
      },
    };
  },
};
