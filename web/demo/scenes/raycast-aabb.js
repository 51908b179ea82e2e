// Article 002: a segment A→B (np.linecastAABB) or a ray from A through B (np.raycastAABB) against an AABB.
// The answer (hit point, distance, normal) comes from the library. The walkthrough redoes the article's
// candidate-face picking and the slab intervals in JS, drawn in the scene; where it restates the answer
// (hit or miss, distance, normal, point) it is checked against the library.
import * as THREE from "three";
import {
  Arrow,
  BoxView,
  COLORS,
  Dashed,
  Dot,
  FaceQuad,
  Rod,
} from "../app/draw.js";
import { BOX_FIELDS, addBoxHandles, boxOf, normalizeBox } from "../app/aabb.js";
import { AXES, axisTag, num, val, vec, vval } from "../app/format.js";

const AXIS_COLORS = [COLORS.x, COLORS.y, COLORS.z];
const CSS_AXIS = ["#ff6b6b", "#6bdc78", "#5ea2ff"];

/**
 * The slab walkthrough for the line A + s·u (u = unit direction, s = distance from A): for each axis, the
 * interval of s inside the slab min ≤ coordinate ≤ max, and the article's candidate face on that axis.
 */
function slabs(a, u, box) {
  return AXES.map((k, i) => {
    const lo = box.min[k];
    const hi = box.max[k];
    if (u[k] === 0) {
      // Parallel to this axis's faces: the line is inside the slab everywhere or nowhere.
      const inside = a[k] >= lo && a[k] <= hi;
      return {
        i,
        parallel: true,
        inside,
        enter: inside ? -Infinity : Infinity,
        exit: inside ? Infinity : -Infinity,
      };
    }
    const s1 = (lo - a[k]) / u[k];
    const s2 = (hi - a[k]) / u[k];
    // Entering through the face whose outward normal opposes the direction: the min face when u > 0.
    const side = u[k] > 0 ? "min" : "max";
    const enter = Math.min(s1, s2);
    const point = a.clone().addScaledVector(u, enter);
    point.setComponent(i, side === "min" ? lo : hi); // exactly on the plane
    const inFace = AXES.every(
      (m, j) => j === i || (point[m] >= box.min[m] && point[m] <= box.max[m]),
    );
    return {
      i,
      parallel: false,
      side,
      enter,
      exit: Math.max(s1, s2),
      point,
      inFace,
    };
  });
}

function faceName(i, side) {
  return `${side === "min" ? "−" : "+"}${AXES[i]}`;
}

/** An SVG strip chart of the three slab intervals and their intersection along s. */
function chart(rows, entry, exit, length, isRay) {
  const W = 380;
  const rowH = 18;
  const top = 16;
  const finite = [0, length];
  for (const r of rows)
    for (const s of [r.enter, r.exit]) if (Number.isFinite(s)) finite.push(s);
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  const pad = Math.max((hi - lo) * 0.08, 0.5);
  lo -= pad;
  hi += pad;
  const X = (s) =>
    40 + ((Math.min(Math.max(s, lo), hi) - lo) / (hi - lo)) * (W - 50);
  const bars = [];
  const label = (y, text, color) =>
    `<text x="2" y="${y + 11}" fill="${color}">${text}</text>`;
  rows.forEach((r, k) => {
    const y = top + k * rowH;
    bars.push(label(y, `${AXES[r.i]} slab`, CSS_AXIS[r.i]));
    if (r.enter <= r.exit) {
      bars.push(
        `<rect x="${X(r.enter)}" y="${y + 3}" width="${Math.max(X(r.exit) - X(r.enter), 1.5)}" height="10" rx="2" fill="${CSS_AXIS[r.i]}" opacity="0.85"/>`,
      );
    } else {
      bars.push(
        `<text x="${X(lo) + 4}" y="${y + 11}" fill="#9aa5b8">empty (parallel, outside)</text>`,
      );
    }
  });
  const y = top + 3 * rowH;
  bars.push(label(y, "inside", "#ffc857"));
  if (entry <= exit) {
    bars.push(
      `<rect x="${X(entry)}" y="${y + 2}" width="${Math.max(X(exit) - X(entry), 1.5)}" height="12" rx="2" fill="#ffc857"/>`,
    );
  } else {
    bars.push(
      `<text x="${X(lo) + 4}" y="${y + 11}" fill="#ff6b6b">empty: entry ${num(entry)} &gt; exit ${num(exit)}</text>`,
    );
  }
  const marks = [
    `<line x1="${X(0)}" x2="${X(0)}" y1="8" y2="${y + 18}" stroke="#ffa94d" stroke-width="1.5"/>`,
    `<text x="${X(0) - 4}" y="8" fill="#ffa94d">A</text>`,
    `<line x1="${X(length)}" x2="${X(length)}" y1="8" y2="${y + 18}" stroke="#4dd4e6" stroke-width="1.5" ${isRay ? 'stroke-dasharray="3 3"' : ""}/>`,
    `<text x="${X(length) - 4}" y="8" fill="#4dd4e6">B</text>`,
    `<text x="${W - 4}" y="${y + 32}" fill="#9aa5b8" text-anchor="end">s = distance from A along the line</text>`,
  ];
  return `<svg class="chart" viewBox="0 0 ${W} ${y + 36}" role="img" aria-label="slab intervals">${bars.join("")}${marks.join("")}</svg>`;
}

export default {
  id: "raycast-aabb",
  menu: "Raycast",
  articles: "002",
  title: "Raycast: a segment or a ray against a box",
  camera: { position: [-3.6, 4.6, 8.4], target: [-0.4, 0, 0] },
  viewDependent: true, // the slab bars sit beside the line as seen on screen
  defaults: {
    ax: -4,
    ay: 1.4,
    az: 1.2,
    bx: 3.2,
    by: -0.6,
    bz: -0.7,
    x0: -1,
    y0: -0.8,
    z0: -1,
    x1: 1.2,
    y1: 0.8,
    z1: 1,
    m: 0,
  },
  fields: [
    { label: "Start A", keys: ["ax", "ay", "az"] },
    { label: "End B", keys: ["bx", "by", "bz"] },
    ...BOX_FIELDS,
    {
      label: "Query",
      keys: ["m"],
      kind: "choice",
      toolbar: true,
      options: [
        [0, "Segment A→B"],
        [1, "Ray from A through B"],
      ],
    },
  ],
  normalize: normalizeBox,

  explanation: `
    <p>A raycast shoots a line from <b class="ca">A</b> toward <b class="cb">B</b> and reports the first point
    where it meets the box's surface, how far along it is, and the face's outward normal there. As a
    <i>segment</i> (<code>linecastAABB</code>) only hits up to B count; as a <i>ray</i> (<code>raycastAABB</code>)
    B only gives the direction.</p>
    <p>Each face of an AABB lies in a plane <code>x = const</code>, <code>y = const</code> or <code>z = const</code>,
    so crossing it is one division: along <code>A + s·u</code> the line reaches <code>x = k</code> at
    <code>s = (k − A.x) / u.x</code>. And only three faces can be the way in: moving toward +x the line can only
    enter through the −x face, and so on — the signs of <code>AB</code> pick at most one candidate face per
    axis.</p>
    <p>The same divisions give, on each axis, the stretch of the line between the two planes — its
    <i>slab</i>. The line is inside the box where it is inside all three slabs at once: from the latest entry to
    the earliest exit. If that stretch is empty the line misses; if it starts before A, A is inside. Finally the
    entry must not lie beyond B (for a segment).</p>
    <p>Drag <b class="ca">A</b>, <b class="cb">B</b>, the box's corners or the cube in its middle; the buttons above
    the scene switch between the segment and the ray.</p>`,

  build(ctx) {
    const o = (ctx.objects = {
      box: ctx.add(new BoxView(COLORS.box)),
      line: ctx.add(new Dashed(COLORS.dim, { dash: 0.15, gap: 0.1 })),
      segment: ctx.add(new Rod(COLORS.neutral, 0.02)),
      slabBars: AXIS_COLORS.map((c) => ctx.add(new Rod(c, 0.018))),
      slabLabels: AXIS_COLORS.map((c, i) => ctx.label(AXES[i], c, "axis")),
      inside: ctx.add(new Rod(COLORS.key, 0.04, { opacity: 0.75 })),
      faces: AXIS_COLORS.map((c) => ctx.add(new FaceQuad(c, 0.2))),
      crossings: AXIS_COLORS.map((c) => ctx.add(new Dot(c, 0.055))),
      crossLabels: AXIS_COLORS.map((c) => ctx.label("", c, "plain")),
      hit: ctx.add(new Dot(COLORS.key, 0.085)),
      normal: ctx.add(new Arrow(COLORS.key, 0.03)),
      aLabel: ctx.label("A", COLORS.a),
      bLabel: ctx.label("B", COLORS.b),
      hitLabel: ctx.label("hit", COLORS.key),
    });
    o.hitLabel.center.set(-0.1, -0.4); // below right of A
    // Crossing labels: x to the right of its dot, y above, z below, so nearby crossings stay readable.
    o.crossLabels[0].center.set(-0.12, 0.5);
    o.crossLabels[1].center.set(0.5, 1.5);
    o.crossLabels[2].center.set(0.5, -0.5);
    for (const l of o.slabLabels) l.center.set(1.1, 0.5); // just before the bar's start
    ctx.handle({
      name: "A",
      color: COLORS.a,
      get: (s) => [s.ax, s.ay, s.az],
      drag: (s, p) => ({ ax: p.x, ay: p.y, az: p.z }),
    });
    ctx.handle({
      name: "B",
      color: COLORS.b,
      get: (s) => [s.bx, s.by, s.bz],
      drag: (s, p) => ({ bx: p.x, by: p.y, bz: p.z }),
    });
    addBoxHandles(ctx);
  },

  update(ctx, s) {
    const { np, objects: o } = ctx;
    const a = new THREE.Vector3(s.ax, s.ay, s.az);
    const b = new THREE.Vector3(s.bx, s.by, s.bz);
    const box = boxOf(s);
    const isRay = s.m === 1;
    const ab = b.clone().sub(a);
    const length = ab.length();

    o.box.setMinMax(box.min, box.max);
    o.aLabel.at(a);
    o.bLabel.at(b);

    if (isRay && length === 0) {
      for (const x of [
        o.line,
        o.segment,
        o.inside,
        o.hit,
        o.normal,
        o.hitLabel,
        ...o.slabBars,
        ...o.faces,
        ...o.crossings,
        ...o.crossLabels,
      ])
        x.visible = false;
      o.box.setColor(COLORS.box);
      return {
        result: "no ray: B equals A, so there is no direction",
        tone: "error",
        steps: [
          {
            title: "A ray needs a direction",
            html: "<p>Move B away from A: the ray goes from A through B.</p>",
          },
        ],
      };
    }

    // The answer, from the library.
    const hit = isRay
      ? np.raycastAABB({ origin: a, direction: ab }, box)
      : np.linecastAABB(a, b, box);

    // The walkthrough along A + s·u, s in world units.
    const u =
      length > 0 ? ab.clone().divideScalar(length) : new THREE.Vector3();
    const rows = slabs(a, u, box);
    let entry = -Infinity;
    let exit = Infinity;
    let entryRow = null;
    for (const r of rows) {
      if (r.enter > entry) {
        entry = r.enter;
        entryRow = r;
      }
      exit = Math.min(exit, r.exit);
    }
    const overlaps = entry <= exit;
    const ahead = exit >= 0;
    const inReach = isRay || entry <= length;
    const startsInside = overlaps && entry <= 0 && ahead;
    const myHit = overlaps && ahead && inReach;
    ctx.agree("hit or miss", myHit, hit !== null);
    if (hit && myHit) {
      ctx.agree("hit distance", Math.max(entry, 0), hit.distance);
      if (startsInside) {
        ctx.agree("hit point", a, hit.point);
      } else {
        // At an edge or corner several slabs are entered at once; any of their faces is a right answer.
        const tied = rows.filter((r) => !r.parallel && r.enter === entry);
        const normalOf = (r) =>
          new THREE.Vector3().setComponent(r.i, r.side === "min" ? -1 : 1);
        const match =
          tied.find((r) => normalOf(r).equals(hit.normal)) ?? entryRow;
        ctx.agree("normal", normalOf(match), hit.normal, 0);
        ctx.agree("hit point", match.point, hit.point, 1e-9);
      }
    }

    // The face the library's hit is on (its normal names the axis).
    const hitRow =
      hit && !startsInside
        ? (rows.find((r) => !r.parallel && hit.normal[AXES[r.i]] !== 0) ?? null)
        : null;

    // Drawing. The infinite line, dashed, carries the slab intervals as coloured bars beside it.
    const far = isRay ? length + 40 : length + 6;
    const near = -6;
    const at = (t) =>
      a.clone().addScaledVector(u, Math.min(Math.max(t, near), far));
    o.line.set(at(near), at(far));
    o.line.visible = length > 0;
    o.segment.set(a, isRay ? at(far) : b);
    setRod(o.segment, isRay ? 0.014 : 0.02);
    const side = besideOnScreen(u, ctx.camera);
    rows.forEach((r, k) => {
      const bar = o.slabBars[k];
      if (r.enter <= r.exit) {
        const offset = side.clone().multiplyScalar(0.09 * (k + 1));
        bar.set(at(r.enter).add(offset), at(r.exit).add(offset));
        o.slabLabels[k].at(at(r.enter).add(offset));
      } else {
        bar.visible = o.slabLabels[k].visible = false;
      }
      const face = o.faces[k];
      const dot = o.crossings[k];
      const lbl = o.crossLabels[k];
      if (r.parallel) {
        face.visible = dot.visible = lbl.visible = false;
        return;
      }
      face.visible = true;
      face.setFace(box.min, box.max, r.i, r.side);
      face.material.opacity = r === hitRow ? 0.42 : 0.16;
      const shown = Math.abs(r.enter) < 60;
      dot.set(r.point);
      dot.visible = shown;
      dot.scale.setScalar(r.inFace ? 0.07 : 0.045);
      lbl.visible = shown;
      const entering = hit && !startsInside && r === hitRow;
      lbl
        .setText(
          entering
            ? `hit on ${faceName(r.i, r.side)}, s = ${num(hit.distance)}`
            : `${faceName(r.i, r.side)}: ${r.inFace ? "in face" : "outside"}`,
        )
        .at(r.point);
      lbl.element.style.fontWeight = entering ? "700" : "";
      lbl.visible = shown;
    });
    if (overlaps && length > 0) o.inside.set(at(entry), at(exit));
    else o.inside.visible = false;

    o.box.setColor(hit ? COLORS.overlap : COLORS.box);
    o.hit.visible = o.normal.visible = hit !== null;
    o.hitLabel.visible = hit !== null && startsInside;
    if (hit) {
      const point = new THREE.Vector3().copy(hit.point);
      o.hit.set(point);
      o.normal.set(
        point,
        point
          .clone()
          .addScaledVector(new THREE.Vector3().copy(hit.normal), 0.9),
      );
      if (startsInside)
        o.hitLabel.at(point).setText("hit at A: A is inside, s = 0");
    }

    const result = hit
      ? `hit at distance ${num(hit.distance)}, normal ${vec(hit.normal)}, point ${vec(hit.point)}`
      : "miss";

    // The panel.
    const candidateRows = rows
      .map((r) => {
        if (r.parallel) {
          return `<tr><td>${axisTag(r.i)}</td><td>0</td><td colspan="3" class="dim">parallel to the ${AXES[r.i]} faces: no candidate; A.${AXES[r.i]} is ${r.inside ? "inside" : "outside"} the slab</td></tr>`;
        }
        return (
          `<tr><td>${axisTag(r.i)}</td><td>${u[AXES[r.i]] > 0 ? "+" : "−"}</td><td>${faceName(r.i, r.side)} face</td>` +
          `<td>${num(r.enter)}</td><td class="${r.inFace ? "good" : "dim"}">${r.inFace ? "in face" : "outside"}</td></tr>`
        );
      })
      .join("");
    const slabRows = rows
      .map(
        (r) =>
          `<tr><td>${axisTag(r.i)}</td><td>${num(r.enter)}</td><td>${num(r.exit)}</td>` +
          `<td class="dim">${r.parallel ? (r.inside ? "parallel, inside" : "parallel, outside: never inside") : ""}</td></tr>`,
      )
      .join("");
    let decision;
    if (!overlaps) {
      decision = `<p>entry ${val(entry)} &gt; exit ${val(exit)}: the line leaves one slab before it enters another, so it
        passes beside the box. <b class="good">Miss.</b></p>`;
    } else if (!ahead) {
      decision = `<p>The line is inside the box only for s in [${num(entry)}, ${num(exit)}], all behind A (exit &lt; 0).
        <b class="good">Miss</b> — the box is behind the start.</p>`;
    } else if (startsInside) {
      decision = `<p>entry ${val(entry)} ≤ 0 ≤ exit ${val(exit)}: A is already inside the box. The convention: a hit at
        distance 0, point = A, normal = −u (against the direction).</p>`;
    } else if (!inReach) {
      decision = `<p>entry ${val(entry)} ≤ exit ${val(exit)}, so the <i>line</i> meets the box — but at s = ${num(entry)},
        beyond B (|AB| = ${num(length)}). <b class="good">Miss</b> for the segment; the ray form would hit.</p>`;
    } else {
      decision = `<p>entry ${val(entry)} ≤ exit ${val(exit)}, exit ≥ 0${isRay ? "" : `, and entry ≤ |AB| = ${val(length)}`}:
        <b class="ck">hit</b> on the ${faceName((hitRow ?? entryRow).i, (hitRow ?? entryRow).side)} face, the candidate whose crossing is the entry.</p>`;
    }
    return {
      result,
      tone: hit ? "hit" : "clear",
      steps: [
        {
          title: isRay
            ? "Direction of the ray"
            : "Direction and length of the segment",
          html: `<p class="eq">AB = B − A = ${vval(ab)}</p><p class="eq">|AB| = ${val(length)}${length > 0 ? `, u = AB / |AB| = ${vval(u)}` : ""}</p>
            ${length === 0 ? "<p>A zero-length segment is a point test: it hits (at distance 0) exactly when A is in the box.</p>" : ""}`,
        },
        {
          title: "Pick the candidate faces from the signs of AB",
          html: `<table class="t"><tr><th>axis</th><th>sign</th><th>candidate</th><th>crossing s</th><th></th></tr>${candidateRows}</table>
            <p>The translucent faces in the scene are the candidates; each dot is where the line crosses that
            face's plane, large when the crossing lies within the face.</p>`,
        },
        {
          title: "Entry and exit of each slab",
          html: `<table class="t"><tr><th>slab</th><th>enter s</th><th>exit s</th><th></th></tr>${slabRows}</table>
            ${length > 0 ? chart(rows, entry, exit, length, isRay) : ""}
            <p class="eq">entry = max(enters) = ${val(entry)}, exit = min(exits) = ${val(exit)}</p>
            <p>The coloured bars beside the line in the scene are these intervals; the yellow bar on the line is
            their overlap, where the line is inside the box.</p>`,
        },
        {
          title: isRay
            ? "Decide: is there an overlap ahead of A?"
            : "Decide, and check the distance against |AB|",
          key: true,
          html: decision,
        },
      ],
    };
  },
};

// A unit vector perpendicular to u and to the view direction, pointing down the screen: the slab bars hang
// beside the line as it is seen, whatever the camera angle.
function besideOnScreen(u, camera) {
  const view = camera.getWorldDirection(new THREE.Vector3());
  const p = new THREE.Vector3().crossVectors(u, view);
  if (p.lengthSq() < 1e-8)
    p.crossVectors(
      u,
      Math.abs(u.y) < 0.9
        ? new THREE.Vector3(0, 1, 0)
        : new THREE.Vector3(1, 0, 0),
    );
  p.normalize();
  const up = new THREE.Vector3(0, 1, 0).applyQuaternion(camera.quaternion);
  return p.dot(up) > 0 ? p.negate() : p;
}

function setRod(rod, radius) {
  rod.radius = radius;
  rod.scale.x = rod.scale.z = radius;
}
