// Articles 000 and 001: does a sphere overlap an AABB? Answers: np.overlapSphereAABB (the verdict),
// np.closestPointOnAABB and np.distancePointAABB (the closest point and distance that explain it).
import * as THREE from "three";
import {
  BoxView,
  COLORS,
  Dot,
  Rod,
  SphereView,
  setColor,
} from "../app/draw.js";
import { BOX_FIELDS, addBoxHandles, boxOf, normalizeBox } from "../app/aabb.js";
import { num, val, vec, vval } from "../app/format.js";
import { clampAxes, clampTable, WHERE } from "./closest-point-aabb.js";

export default {
  id: "sphere-aabb",
  menu: "Sphere vs box",
  articles: "000 · 001",
  title: "Does a sphere touch a box?",
  camera: { position: [4.6, 3.9, 6.4], target: [0.5, 0.1, 0] },
  defaults: {
    sx: 2.3,
    sy: 1.3,
    sz: 0.6,
    r: 1,
    x0: -1.2,
    y0: -0.8,
    z0: -1,
    x1: 1.2,
    y1: 0.8,
    z1: 1,
  },
  fields: [
    { label: "Center S", keys: ["sx", "sy", "sz"] },
    { label: "Radius r", keys: ["r"], min: 0 },
    ...BOX_FIELDS,
  ],
  normalize: normalizeBox,

  explanation: `
    <p>A sphere is every point within distance <code>r</code> of its center <b class="ca">S</b>. It touches a box
    exactly when the box has <i>some</i> point that close to S — and the best candidate is the box point nearest
    to S. So the test is two steps: find the closest point <b class="ck">Q</b> by clamping S into the box, one
    axis at a time; then compare <code>|S − Q|</code> with <code>r</code>.</p>
    <p>No square root is needed for the verdict: both sides are non-negative, so <code>|S − Q| ≤ r</code> is the
    same as <code>|S − Q|² ≤ r²</code>, which is cheaper. Touching counts as overlapping. When S is inside the box,
    Q = S and the distance is 0, so the sphere overlaps whatever its radius.</p>
    <p>Drag <b class="ca">S</b>, the small handle on top of the sphere (its radius), the box's corners, or the
    cube in its middle (moves the whole box).</p>`,

  build(ctx) {
    ctx.objects = {
      box: ctx.add(new BoxView(COLORS.box)),
      sphere: ctx.add(new SphereView(COLORS.a)),
      q: ctx.add(new Dot(COLORS.key, 0.07)),
      dist: ctx.add(new Rod(COLORS.key, 0.016)),
      radius: ctx.add(new Rod(COLORS.a, 0.03)),
      sLabel: ctx.label("S", COLORS.a),
      qLabel: ctx.label("Q", COLORS.key),
      dLabel: ctx.label("", COLORS.key, "plain"),
      rLabel: ctx.label("", COLORS.a, "plain"),
    };
    ctx.objects.qLabel.center.set(1.15, 1.3); // above-left of Q
    ctx.objects.dLabel.center.set(0.5, -0.35); // below the line S–Q
    ctx.handle({
      name: "S",
      color: COLORS.a,
      get: (s) => [s.sx, s.sy, s.sz],
      drag: (s, p) => ({ sx: p.x, sy: p.y, sz: p.z }),
    });
    ctx.handle({
      name: "radius",
      color: COLORS.a,
      get: (s) => [s.sx, s.sy + Math.max(s.r, 0.12), s.sz],
      drag: (s, p) => ({
        r: p.distanceTo(new THREE.Vector3(s.sx, s.sy, s.sz)),
      }),
    });
    addBoxHandles(ctx);
  },

  update(ctx, s) {
    const { np, objects: o } = ctx;
    const center = new THREE.Vector3(s.sx, s.sy, s.sz);
    const sphere = { center, radius: s.r };
    const box = boxOf(s);

    // The answers, from the library.
    const overlap = np.overlapSphereAABB(sphere, box);
    const q = np.closestPointOnAABB(center, box, new THREE.Vector3());
    const d = np.distancePointAABB(center, box);

    // The walkthrough: clamp, then compare squared lengths.
    const rows = clampAxes(center, box);
    const v = new THREE.Vector3(rows[0].over, rows[1].over, rows[2].over);
    const d2 = v.lengthSq();
    const r2 = s.r * s.r;
    const clamped = rows.filter((r) => r.side !== "inside").length;
    ctx.agree(
      "closest point",
      new THREE.Vector3(rows[0].clamped, rows[1].clamped, rows[2].clamped),
      q,
      0,
    );
    ctx.agree("distance", Math.sqrt(d2), d);
    ctx.agree("verdict |S − Q|² ≤ r²", d2 <= r2, overlap);

    // Drawing: colours follow the library's verdict.
    const tone = overlap ? COLORS.overlap : COLORS.clear;
    o.box
      .setMinMax(box.min, box.max)
      .setColor(overlap ? COLORS.overlap : COLORS.box);
    o.sphere.set(center, s.r).setColor(overlap ? COLORS.overlap : COLORS.a);
    o.q.set(q);
    o.dist.set(q, center);
    // The radius drawn along the direction to Q: it reaches the box exactly when the sphere overlaps.
    const toward =
      d > 0 ? q.clone().sub(center).normalize() : new THREE.Vector3(0, -1, 0);
    const tip = center.clone().addScaledVector(toward, s.r);
    o.radius.set(center, tip);
    setColor(o.radius.material, tone);
    o.sLabel.at(center);
    o.qLabel.at(q);
    o.qLabel.visible = d > 0;
    o.dLabel.visible = d > 0;
    o.dLabel.setText(`|SQ| = ${num(d)}`).position.lerpVectors(center, q, 0.62);
    o.rLabel.visible = s.r > 0 && d > 0;
    o.rLabel
      .setText(`r = ${num(s.r)}`)
      .position.copy(center)
      .addScaledVector(toward, s.r * 0.4)
      .add(new THREE.Vector3(0, 0.18, 0));

    const verdict = overlap
      ? `overlap: distance ${num(d)} ≤ radius ${num(s.r)}`
      : `no overlap: distance ${num(d)} > radius ${num(s.r)}`;
    return {
      result: verdict,
      tone: overlap ? "overlap" : "clear",
      steps: [
        {
          title: "Clamp the center S into the box, axis by axis",
          html: `${clampTable(rows, "S")}<p class="eq">Q = ${vval(q)} <span class="dim">— ${WHERE[clamped]}</span></p>`,
        },
        {
          title: "Squared distance from S to Q",
          html: `<p class="eq">|S − Q|² = ${num(v.x)}² + ${num(v.y)}² + ${num(v.z)}² = ${val(d2)}</p>
            <p class="eq">|S − Q| = ${val(d)}</p>`,
        },
        {
          title: "Compare with the squared radius",
          key: true,
          html: `<p class="eq">r² = ${num(s.r)}² = ${val(r2)}</p>
            <p class="eq">${num(d2)} ${d2 <= r2 ? "≤" : ">"} ${num(r2)} → <b class="${overlap ? "bad" : "good"}">${overlap ? "overlap" : "no overlap"}</b></p>
            <p>The thick radius drawn from S toward Q ${overlap ? "reaches" : "falls short of"} the box.
            ${overlap ? "Touching counts: the shapes are closed." : `The gap is ${num(d - s.r)}.`}</p>`,
        },
      ],
    };
  },
};
