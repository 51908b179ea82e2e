// Article 003: do two oriented boxes overlap? The separating axis test over 15 axes.
// Answers: np.overlapOBBOBB (the verdict) and np.separatingAxisOBBOBB (which axis separates them first).
// The walkthrough projects both boxes on all 15 axes in JS to draw the intervals, and names the axis of least
// penetration when the boxes overlap; its first separating axis is checked against the library's.
import * as THREE from "three";
import { OBB } from "three/addons/math/OBB.js";
import { OBB_AXIS_NAMES } from "narrowphase";
import {
  Arrow,
  BoxView,
  COLORS,
  Dashed,
  PlaneQuad,
  Rod,
  setColor,
} from "../app/draw.js";
import { num, val, vval } from "../app/format.js";
import { round } from "../app/state.js";

const DEG = THREE.MathUtils.DEG2RAD;
const AXIS_COLORS = [COLORS.x, COLORS.y, COLORS.z];
// A cross product of two edge directions shorter than this is treated as "the edges are parallel": the axis
// is undefined, and any separation along it is already found by a face axis.
const PARALLEL_EDGES = 1e-6;

/** The OBB of box `p` ('a' or 'b') of a state: a three.js OBB, which the library accepts as it is. */
export function obbOf(s, p) {
  const euler = new THREE.Euler(
    s[`${p}rx`] * DEG,
    s[`${p}ry`] * DEG,
    s[`${p}rz`] * DEG,
    "XYZ",
  );
  const rotation = new THREE.Matrix3().setFromMatrix4(
    new THREE.Matrix4().makeRotationFromEuler(euler),
  );
  return new OBB(
    new THREE.Vector3(s[`${p}x`], s[`${p}y`], s[`${p}z`]),
    new THREE.Vector3(s[`${p}hx`], s[`${p}hy`], s[`${p}hz`]),
    rotation,
  );
}

function columns(m) {
  const e = m.elements;
  return [0, 1, 2].map(
    (i) => new THREE.Vector3(e[3 * i], e[3 * i + 1], e[3 * i + 2]),
  );
}

/** All 15 axes with both boxes' projections: { index, dir (unit), degenerate, a: [lo, hi], b: [lo, hi], gap }. */
export function projectAll(A, B, names) {
  const ax = columns(A.rotation);
  const bx = columns(B.rotation);
  const axes = [...ax, ...bx];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      axes.push(new THREE.Vector3().crossVectors(ax[i], bx[j]));
  const radius = (h, cols, dir) =>
    h.x * Math.abs(cols[0].dot(dir)) +
    h.y * Math.abs(cols[1].dot(dir)) +
    h.z * Math.abs(cols[2].dot(dir));
  return axes.map((v, index) => {
    const length = v.length();
    if (index >= 6 && length < PARALLEL_EDGES)
      return { index, name: names[index], degenerate: true };
    const dir = v.clone().divideScalar(length);
    const ca = A.center.dot(dir);
    const cb = B.center.dot(dir);
    const ra = radius(A.halfSize, ax, dir);
    const rb = radius(B.halfSize, bx, dir);
    // Separated on this axis when the centers' projections are further apart than the two half-widths.
    const gap = Math.abs(cb - ca) - (ra + rb);
    return {
      index,
      name: names[index],
      degenerate: false,
      dir,
      ca,
      cb,
      ra,
      rb,
      a: [ca - ra, ca + ra],
      b: [cb - rb, cb + rb],
      gap,
    };
  });
}

/** A tiny SVG of A's and B's intervals on one axis. */
function miniBars(r) {
  const lo = Math.min(r.a[0], r.b[0]);
  const hi = Math.max(r.a[1], r.b[1]);
  const X = (v) => 2 + ((v - lo) / (hi - lo || 1)) * 106;
  return (
    `<svg class="bar" viewBox="0 0 110 14"><rect x="${X(r.a[0])}" y="1" width="${Math.max(X(r.a[1]) - X(r.a[0]), 1)}" height="5" rx="1" fill="#ffa94d"/>` +
    `<rect x="${X(r.b[0])}" y="8" width="${Math.max(X(r.b[1]) - X(r.b[0]), 1)}" height="5" rx="1" fill="#4dd4e6"/></svg>`
  );
}

const boxFields = (p, name) => [
  { label: `${name} center`, keys: [`${p}x`, `${p}y`, `${p}z`] },
  { label: `${name} half size`, keys: [`${p}hx`, `${p}hy`, `${p}hz`], min: 0 },
  {
    label: `${name} rotation °`,
    keys: [`${p}rx`, `${p}ry`, `${p}rz`],
    kind: "deg",
    min: -180,
    max: 180,
  },
];

export default {
  id: "obb-obb",
  menu: "OBB vs OBB",
  articles: "003",
  title: "Two oriented boxes: the separating axis test",
  camera: { position: [1.2, 5.2, 9.4], target: [0.1, 0.2, 0] },
  defaults: {
    // Separated only by an edge-edge axis (A.z × B.y): no face normal would show the gap.
    ax: -1.1,
    ay: 0,
    az: 0,
    ahx: 0.9,
    ahy: 0.6,
    ahz: 0.7,
    arx: 0,
    ary: -24,
    arz: -27,
    bx: 1.2,
    by: 0.6,
    bz: 0.2,
    bhx: 0.7,
    bhy: 0.8,
    bhz: 0.55,
    brx: -38,
    bry: 27,
    brz: 35,
    sel: -1,
  },
  fields: [
    ...boxFields("a", "A"),
    ...boxFields("b", "B"),
    {
      label: "Axis shown",
      keys: ["sel"],
      kind: "choice",
      options: [
        [-1, "auto: the answer’s axis"],
        ...OBB_AXIS_NAMES.map((name, i) => [i, `${i}. ${name}`]),
      ],
    },
  ],
  normalize(s) {
    for (const k of ["arx", "ary", "arz", "brx", "bry", "brz"])
      if (s[k] === -180) s[k] = 180;
  },

  explanation: `
    <p>Two convex shapes are apart exactly when some direction exists along which their shadows do not
    overlap — a <i>separating axis</i>. Project both boxes onto a line: each shadow is an interval; if the two
    intervals are disjoint on even one line, a plane fits between the boxes.</p>
    <p>For two boxes only 15 directions need testing: the 3 face normals of <b class="ca">A</b>, the 3 of
    <b class="cb">B</b> (a face of one box may be the wall between them), and the 9 cross products of an edge of
    A with an edge of B (two edges meeting edge-on, where no face normal separates). If none of the 15 separates
    the boxes, they overlap. The test stops at the first separating axis.</p>
    <p>A box's shadow on a unit direction <code>L</code> is centered on its center's projection and has
    half-width <code>r = hx·|x·L| + hy·|y·L| + hz·|z·L|</code> (x, y, z its axes, h its half sizes). So axis
    L separates when <code>|(cB − cA)·L| &gt; rA + rB</code>. When the boxes overlap, the axis where
    <code>rA + rB − |(cB − cA)·L|</code> is smallest is the <i>least penetration</i>: the shortest push apart.</p>
    <p>Drag the centers and the corner handles (half sizes); press <i>Rotate A</i> or <i>Rotate B</i> to turn a
    box. Click a row of the table to show that axis in the scene.</p>`,

  build(ctx) {
    const o = (ctx.objects = {
      a: ctx.add(new BoxView(COLORS.a, { opacity: 0.2 })),
      b: ctx.add(new BoxView(COLORS.b, { opacity: 0.2 })),
      frames: [0, 1].map(() =>
        AXIS_COLORS.map((c) => ctx.add(new Arrow(c, 0.014))),
      ),
      frameLabels: [0, 1].map(() =>
        AXIS_COLORS.map((c) => ctx.label("", c, "axis")),
      ),
      axisLine: ctx.add(
        new Dashed(COLORS.neutral, { dash: 0.16, gap: 0.1, opacity: 0.8 }),
      ),
      shadowA: ctx.add(new Rod(COLORS.a, 0.045)),
      shadowB: ctx.add(new Rod(COLORS.b, 0.045)),
      between: ctx.add(new Rod(COLORS.clear, 0.03)),
      guideA: ctx.add(new Dashed(COLORS.a, { opacity: 0.7 })),
      guideB: ctx.add(new Dashed(COLORS.b, { opacity: 0.7 })),
      plane: ctx.add(new PlaneQuad(COLORS.clear, 0.14)),
      betweenLabel: ctx.label("", COLORS.clear, "plain"),
      aLabel: ctx.label("A", COLORS.a),
      bLabel: ctx.label("B", COLORS.b),
    });
    for (const [p, color] of [
      ["a", COLORS.a],
      ["b", COLORS.b],
    ]) {
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
          return box.halfSize
            .clone()
            .applyMatrix3(box.rotation)
            .add(box.center);
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
          return {
            position: box.center,
            quaternion: new THREE.Quaternion().setFromRotationMatrix(
              new THREE.Matrix4().setFromMatrix3(box.rotation),
            ),
          };
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
  },

  update(ctx, s) {
    const { np, objects: o } = ctx;
    const A = obbOf(s, "a");
    const B = obbOf(s, "b");
    const names = np.OBB_AXIS_NAMES;

    // The answers, from the library.
    const overlap = np.overlapOBBOBB(A, B);
    const separating = np.separatingAxisOBBOBB(A, B);
    ctx.agree(
      "overlap verdict of the two library calls",
      separating === null,
      overlap,
    );

    // The walkthrough: all 15 projections.
    const rows = projectAll(A, B, names);
    const firstSeparating =
      rows.find((r) => !r.degenerate && r.gap > 0)?.index ?? null;
    ctx.agree(
      "first separating axis",
      firstSeparating === null ? "none" : names[firstSeparating],
      separating === null ? "none" : names[separating],
    );
    let least = null;
    for (const r of rows)
      if (!r.degenerate && (least === null || -r.gap < -least.gap)) least = r;
    const depth = least ? -least.gap : 0;

    // Which axis to draw: the one the user picked, else the answer's axis.
    const shownIndex = s.sel >= 0 ? s.sel : overlap ? least?.index : separating;
    const shown = rows[shownIndex] ?? null;

    // Boxes and their local frames.
    o.a
      .setOBB(A.center, A.halfSize, quat(A))
      .setColor(overlap ? COLORS.overlap : COLORS.a);
    o.b
      .setOBB(B.center, B.halfSize, quat(B))
      .setColor(overlap ? COLORS.overlap : COLORS.b);
    [A, B].forEach((box, k) => {
      columns(box.rotation).forEach((axis, i) => {
        const h = box.halfSize.getComponent(i);
        const tip = box.center.clone().addScaledVector(axis, h + 0.45);
        o.frames[k][i].set(box.center.clone().addScaledVector(axis, h), tip);
        o.frameLabels[k][i].at(tip).setText(`${"AB"[k]}.${"xyz"[i]}`);
      });
    });
    o.aLabel.at(A.center);
    o.bLabel.at(B.center);

    // The shown axis: a line through the midpoint of the centers, with both shadows on it.
    const parts = [
      o.axisLine,
      o.shadowA,
      o.shadowB,
      o.between,
      o.guideA,
      o.guideB,
      o.plane,
      o.betweenLabel,
    ];
    if (!shown || shown.degenerate) {
      for (const x of parts) x.visible = false;
    } else {
      const L = shown.dir;
      // The axis is drawn as a ruler below both boxes (shifted perpendicular to L, so every point keeps its
      // projection), with each box's shadow on it and dashed projection lines from the centers.
      const mid = A.center.clone().add(B.center).multiplyScalar(0.5);
      const m = mid.dot(L);
      const down = downward(L);
      let reach = 0;
      for (const box of [A, B]) {
        const off = box.center.clone().sub(mid);
        off.addScaledVector(L, -off.dot(L));
        reach = Math.max(reach, off.length() + box.halfSize.length());
      }
      const drop = down.clone().multiplyScalar(reach + 0.35);
      const onAxis = (t) => mid.clone().addScaledVector(L, t - m);
      const at = (t) => onAxis(t).add(drop);
      const span =
        Math.max(shown.a[1], shown.b[1]) - Math.min(shown.a[0], shown.b[0]);
      const lo = Math.min(shown.a[0], shown.b[0]) - 0.25 * span - 0.5;
      const hi = Math.max(shown.a[1], shown.b[1]) + 0.25 * span + 0.5;
      o.axisLine.set(at(lo), at(hi));
      const side = down.clone().multiplyScalar(0.07);
      o.shadowA.set(at(shown.a[0]).sub(side), at(shown.a[1]).sub(side));
      o.shadowB.set(at(shown.b[0]).add(side), at(shown.b[1]).add(side));
      o.guideA.set(A.center, at(shown.ca).sub(side));
      o.guideB.set(B.center, at(shown.cb).add(side));
      // Between the shadows: the gap (separated) or the overlap of the intervals.
      const [first, second] =
        shown.ca <= shown.cb ? [shown.a, shown.b] : [shown.b, shown.a];
      const separated = shown.gap > 0;
      const color = separated ? COLORS.clear : COLORS.overlap;
      setColor(o.between.material, color);
      o.betweenLabel.element.style.color = separated ? "#6bdc78" : "#ff6b6b";
      o.between.set(at(first[1]), at(second[0]));
      o.betweenLabel.at(
        at((first[1] + second[0]) / 2).add(side.clone().multiplyScalar(6)),
      );
      o.betweenLabel.setText(
        `${shown.name}: ${separated ? `gap ${num(shown.gap)}` : `overlap ${num(-shown.gap)}`}`,
      );
      o.plane.visible = separated;
      if (separated)
        o.plane.set(
          onAxis((first[1] + second[0]) / 2),
          L,
          Math.max(3, span * 0.9),
        );
    }

    // Readout.
    const result = overlap
      ? `overlap: least penetration ${num(depth)} along axis ${least ? least.name : "?"}`
      : `no overlap: separated on axis ${names[separating]}`;

    // Panel: the 15 rows.
    const table = rows
      .map((r) => {
        const cls = ["pick"];
        if (r.index === separating) cls.push("sep");
        if (overlap && least && r.index === least.index) cls.push("least");
        if (r.degenerate) cls.push("skip");
        if (r.index === shownIndex) cls.push("sel");
        const set = `data-set="sel=${r.index === s.sel ? -1 : r.index}"`;
        if (r.degenerate) {
          return `<tr class="${cls.join(" ")}" ${set}><td>${r.index}. ${r.name}</td><td colspan="3">edges parallel — skipped</td></tr>`;
        }
        return (
          `<tr class="${cls.join(" ")}" ${set}><td>${r.index}. ${r.name}</td><td>${miniBars(r)}</td>` +
          `<td>${num(r.ra + r.rb)}</td><td class="${r.gap > 0 ? "good" : "dim"}">${num(r.gap)}</td></tr>`
        );
      })
      .join("");

    const verdict = overlap
      ? `<p>None of the 15 axes separates the boxes (every gap ≤ 0), so the library reports
         <b class="bad">overlap</b>.</p><p>The smallest overlap of the shadows is ${val(depth)} on
         <b class="bad">${least?.name}</b>: moving B that far along that axis would just separate them.</p>`
      : `<p>The first axis in the order above whose gap is positive is <b class="good">${names[separating]}</b>
         (index ${separating}) — the library stops there: <b class="good">no overlap</b>.</p>`;

    let detail =
      '<p class="dim">The edges of this pair are parallel; the axis is not defined.</p>';
    if (shown && !shown.degenerate) {
      detail = `<p class="eq">L = ${vval(shown.dir)}</p>
        <p class="eq"><span class="ca">A</span>: center ${val(shown.ca)}, half-width rA = ${val(shown.ra)}</p>
        <p class="eq"><span class="cb">B</span>: center ${val(shown.cb)}, half-width rB = ${val(shown.rb)}</p>
        <p class="eq">|cB − cA| = ${val(Math.abs(shown.cb - shown.ca))} ${shown.gap > 0 ? "&gt;" : "≤"} rA + rB = ${val(shown.ra + shown.rb)}</p>
        <p>${shown.gap > 0 ? "The shadows are apart; the green square is a separating plane." : "The shadows overlap (red); this axis does not separate."}</p>`;
    }
    return {
      result,
      tone: overlap ? "overlap" : "clear",
      steps: [
        {
          title: "Project both boxes on each of the 15 axes",
          html: `<p>Bars: the shadows of <span class="ca">A</span> and <span class="cb">B</span>; gap =
            |(cB − cA)·L| − (rA + rB), positive when the axis separates. Click a row to show it.</p>
            <table class="t"><tr><th>axis</th><th>shadows</th><th>rA+rB</th><th>gap</th></tr>${table}</table>`,
        },
        { title: "The verdict", key: true, html: verdict },
        {
          title: `In the scene: axis ${shown ? shown.name : "—"}${s.sel < 0 ? " (the answer’s axis)" : ""}`,
          html: detail,
        },
      ],
    };
  },
};

function quat(box) {
  return new THREE.Quaternion().setFromRotationMatrix(
    new THREE.Matrix4().setFromMatrix3(box.rotation),
  );
}

// The unit vector perpendicular to u that points down as far as possible (sideways when u is vertical).
function downward(u) {
  const d = new THREE.Vector3(0, -1, 0).addScaledVector(u, u.y);
  if (d.lengthSq() > 1e-6) return d.normalize();
  return new THREE.Vector3(1, 0, 0).addScaledVector(u, -u.x).normalize();
}
