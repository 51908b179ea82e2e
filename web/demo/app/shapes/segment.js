// A segment input: two end points. In a slot it runs from C − U to C + U. `addSegmentHandles` gives a scene
// the two end-point handles (the raycast's and the sphere cast's A and B).
import { COLORS, Rod } from "../draw.js";

export default {
  kind: "segment",
  name: "Segment",
  uses: { u: true, v: false },
  fromSlot: (k) => ({ start: k.c.clone().sub(k.u), end: k.c.clone().add(k.u) }),
  view(ctx, color) {
    const rod = ctx.add(new Rod(color, 0.025));
    return {
      parts: [rod],
      place: (shape) => rod.set(shape.start, shape.end),
    };
  },
};

/**
 * Two end-point handles, named A and B by default, for state keys `${a}x/y/z` and `${b}x/y/z` (e.g. "a" and
 * "b": ax ay az, bx by bz).
 */
export function addSegmentHandles(
  ctx,
  { a = "a", b = "b", names = ["A", "B"], colors = [COLORS.a, COLORS.b] } = {},
) {
  [a, b].forEach((p, i) =>
    ctx.handle({
      name: names[i],
      color: colors[i],
      get: (s) => [s[`${p}x`], s[`${p}y`], s[`${p}z`]],
      drag: (s, q) => ({ [`${p}x`]: q.x, [`${p}y`]: q.y, [`${p}z`]: q.z }),
    }),
  );
}
