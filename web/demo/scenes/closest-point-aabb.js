// Articles 000 and 001: the closest point of an AABB to a point, and the point's distance to the box.
// Answers: np.closestPointOnAABB and np.distancePointAABB. The walkthrough redoes the per-axis clamp in JS
// to show each axis's overshoot; it restates the library's Q and distance, and is checked against them.
import * as THREE from "three";
import { Arrow, BoxView, COLORS, Dot, Rod } from "../app/draw.js";
import { BOX_FIELDS, addBoxHandles, boxOf, normalizeBox } from "../app/aabb.js";
import { AXES, axisTag, num, val, vec, vval } from "../app/format.js";

/** Per-axis clamp of p into [min, max]: the clamped value, the overshoot p - clamped, and which end was hit. */
export function clampAxes(p, box) {
  return AXES.map((a) => {
    const v = p[a];
    const lo = box.min[a];
    const hi = box.max[a];
    const side = v < lo ? "below" : v > hi ? "above" : "inside";
    const clamped = side === "below" ? lo : side === "above" ? hi : v;
    return { v, lo, hi, side, clamped, over: v - clamped };
  });
}

/** The table of step 1: one row per axis. */
export function clampTable(rows, pointName) {
  const body = rows
    .map(
      (r, i) =>
        `<tr><td>${axisTag(i)}</td><td>${num(r.v)}</td><td>[${num(r.lo)}, ${num(r.hi)}]</td>` +
        `<td>${r.side === "inside" ? '<span class="dim">kept</span>' : r.side === "below" ? "→ min" : "→ max"}</td>` +
        `<td>${num(r.clamped)}</td><td class="c${AXES[i]}">${num(r.over)}</td></tr>`,
    )
    .join("");
  return `<table class="t"><tr><th>axis</th><th>${pointName}</th><th>box range</th><th></th><th>clamped</th><th>overshoot</th></tr>${body}</table>`;
}

export const WHERE = [
  "inside the box (nothing was clamped)",
  "on a face",
  "on an edge",
  "on a corner",
];

export default {
  id: "closest-point-aabb",
  menu: "Closest point",
  articles: "000 · 001",
  title: "Closest point on a box, and the distance to it",
  camera: { position: [4.6, 4.1, 6.6], target: [0.7, 0.2, -0.2] },
  defaults: {
    px: 2.6,
    py: 1.5,
    pz: -1.8,
    x0: -1.2,
    y0: -0.8,
    z0: -1,
    x1: 1.2,
    y1: 0.8,
    z1: 1,
  },
  fields: [{ label: "Point P", keys: ["px", "py", "pz"] }, ...BOX_FIELDS],
  normalize: normalizeBox,

  explanation: `
    <p>An axis-aligned box (AABB) is three independent ranges: a point is in the box when its
    <b class="cx">x</b> lies in <code>[min.x, max.x]</code>, its <b class="cy">y</b> in <code>[min.y, max.y]</code>
    and its <b class="cz">z</b> in <code>[min.z, max.z]</code>.</p>
    <p>Because the three conditions never interact, the box point nearest to <b class="ca">P</b> is found one axis
    at a time: a coordinate already inside its range is kept, one outside is replaced by the end of the range it
    overshoots. That is a <i>clamp</i>, and the clamped point <b class="ck">Q</b> is the answer — P itself when P is
    inside.</p>
    <p>What the clamp removed, <code>P − Q</code>, is the <i>overshoot</i>: on each axis, how far P sticks out past
    the box. Its length is the distance from P to the box, the usual point-to-point formula applied to the
    overshoots alone.</p>
    <p>Drag <b class="ca">P</b>, the box's corners, or the cube in its middle (moves the whole box), and watch
    each axis switch between kept and clamped.</p>`,

  build(ctx) {
    const o = (ctx.objects = {
      box: ctx.add(new BoxView(COLORS.box)),
      q: ctx.add(new Dot(COLORS.key, 0.07)),
      dist: ctx.add(new Rod(COLORS.key, 0.016)),
      arrows: [COLORS.x, COLORS.y, COLORS.z].map((c) =>
        ctx.add(new Arrow(c, 0.022)),
      ),
      overLabels: [COLORS.x, COLORS.y, COLORS.z].map((c) =>
        ctx.label("", c, "plain"),
      ),
      pLabel: ctx.label("P", COLORS.a),
      qLabel: ctx.label("Q", COLORS.key),
      dLabel: ctx.label("", COLORS.key, "plain"),
    });
    o.qLabel.center.set(1.15, 1.3); // above-left of Q
    o.dLabel.center.set(0.5, 1.4); // above the line Q–P
    ctx.handle({
      name: "P",
      color: COLORS.a,
      get: (s) => [s.px, s.py, s.pz],
      drag: (s, p) => ({ px: p.x, py: p.y, pz: p.z }),
    });
    addBoxHandles(ctx);
  },

  update(ctx, s) {
    const { np, objects: o } = ctx;
    const p = new THREE.Vector3(s.px, s.py, s.pz);
    const box = boxOf(s);

    // The answers, from the library.
    const q = np.closestPointOnAABB(p, box, new THREE.Vector3());
    const d = np.distancePointAABB(p, box);

    // The walkthrough: the per-axis clamp, and the overshoot vector it leaves.
    const rows = clampAxes(p, box);
    const over = new THREE.Vector3(rows[0].over, rows[1].over, rows[2].over);
    const clamped = rows.filter((r) => r.side !== "inside").length;
    ctx.agree(
      "closest point",
      new THREE.Vector3(rows[0].clamped, rows[1].clamped, rows[2].clamped),
      q,
      0,
    );
    ctx.agree("distance", over.length(), d);

    // Drawing: the box, Q, the distance line, and the overshoots laid end to end from Q to P.
    o.box
      .setMinMax(box.min, box.max)
      .setColor(d === 0 ? COLORS.key : COLORS.box);
    o.q.set(q);
    o.dist.set(q, p);
    const corner = q.clone();
    for (let i = 0; i < 3; i++) {
      const next = corner
        .clone()
        .setComponent(i, corner.getComponent(i) + rows[i].over);
      o.arrows[i].set(corner, next);
      const label = o.overLabels[i];
      label.visible = rows[i].over !== 0;
      label
        .setText(`${AXES[i]}: ${num(rows[i].over)}`)
        .position.lerpVectors(corner, next, 0.5);
      corner.copy(next);
    }
    o.pLabel.at(p);
    o.qLabel.at(q);
    o.qLabel.visible = d > 0;
    o.dLabel.visible = d > 0;
    o.dLabel.setText(`d = ${num(d)}`).position.lerpVectors(q, p, 0.5);

    const inside = d === 0;
    return {
      result: `closest point ${vec(q)}, distance ${num(d)}${inside ? " (P is inside the box)" : ""}`,
      tone: inside ? "overlap" : "hit",
      steps: [
        {
          title: "Clamp each coordinate of P into the box’s range",
          html: `${clampTable(rows, "P")}<p>A coordinate below <code>min</code> becomes <code>min</code>, one above
            <code>max</code> becomes <code>max</code>, one in between is kept.</p>`,
        },
        {
          title: "The clamped point is the closest point Q",
          key: true,
          html: `<p class="eq">Q = ${vval(q)}</p><p>${clamped} of 3 axes were clamped, so Q lies
            ${WHERE[clamped]}${clamped ? "" : "; Q = P"}.</p>`,
        },
        {
          title: "The overshoots, summed as a vector, give the distance",
          key: true,
          html: `<p class="eq">v = P − Q = (<span class="cx">${num(over.x)}</span>, <span class="cy">${num(over.y)}</span>, <span class="cz">${num(over.z)}</span>)</p>
            <p class="eq">|v| = √(${num(over.x)}² + ${num(over.y)}² + ${num(over.z)}²) = ${val(d)}</p>
            <p>In the scene the three coloured arrows are v's components laid end to end from Q to P; the yellow
            line is v itself. Only axes where P sticks out contribute.</p>`,
        },
      ],
    };
  },
};
