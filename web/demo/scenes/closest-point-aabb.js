// Articles 000 and 001: the closest point of an AABB to a point, and the point's distance to the box.
// Answers: np.closestPointOnAABB and np.distancePointAABB. The walkthrough redoes the per-axis clamp in JS
// to show each axis's overshoot; it restates the library's Q and distance, and is checked against them.
import * as THREE from "three";
import { Arrow, BoxView, COLORS, Dot, Rod } from "../app/draw.js";
import {
  BOX_FIELDS,
  addBoxHandles,
  boxOf,
  normalizeBox,
} from "../app/shapes/aabb.js";
import { mergeText } from "../app/i18n.js";
import { AXES, axisTag, num, sq, val, vec, vval } from "../app/format.js";

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

/** The table of step 1: one row per axis (`t`: the scene's strings, with CLAMP_TEXT). */
export function clampTable(rows, pointName, t) {
  const body = rows
    .map(
      (r, i) =>
        `<tr><td>${axisTag(i)}</td><td>${num(r.v)}</td><td>[${num(r.lo)}, ${num(r.hi)}]</td>` +
        `<td>${r.side === "inside" ? `<span class="dim">${t("kept")}</span>` : r.side === "below" ? "→ min" : "→ max"}</td>` +
        `<td>${num(r.clamped)}</td><td class="c${AXES[i]}">${num(r.over)}</td></tr>`,
    )
    .join("");
  return `<table class="t"><tr><th>${t("thAxis")}</th><th>${pointName}</th><th>${t("thRange")}</th><th></th><th>${t("thClamped")}</th><th>${t("thOvershoot")}</th></tr>${body}</table>`;
}

/** Strings shared with the sphere–box scene: the clamp table, and where the clamped point lies. */
export const CLAMP_TEXT = {
  en: {
    kept: "kept",
    thAxis: "axis",
    thRange: "box range",
    thClamped: "clamped",
    thOvershoot: "overshoot",
    where: (n) =>
      [
        "inside the box (nothing was clamped)",
        "on a face",
        "on an edge",
        "on a corner",
      ][n],
  },
  ko: {
    kept: "유지",
    thAxis: "축",
    thRange: "박스 범위",
    thClamped: "클램프 결과",
    thOvershoot: "튀어나온 양",
    where: (n) =>
      [
        "박스 안에 있습니다(클램프된 축이 없음)",
        "면 위에 있습니다",
        "모서리 위에 있습니다",
        "꼭짓점에 있습니다",
      ][n],
  },
  ja: {
    kept: "そのまま",
    thAxis: "軸",
    thRange: "箱の範囲",
    thClamped: "クランプ後",
    thOvershoot: "はみ出し",
    where: (n) =>
      [
        "箱の中にあります（クランプした軸はありません）",
        "面の上にあります",
        "辺の上にあります",
        "頂点にあります",
      ][n],
  },
};

/** The sources of the two box scenes (articles 000 and 001), cited the same way in both. */
export const BOX_SOURCES = {
  en: {
    menuNote: "Rito15 · チョコミント",
    sources:
      "After “Sphere-AABB Intersection” by Rito15 (2021, Korean) and “箱(AABB)と球の当たり判定” by チョコミント (Japanese).",
  },
  ko: {
    menuNote: "Rito15 · チョコミント",
    sources:
      "Rito15의 「Sphere-AABB Intersection」(2021)과 チョコミント의 일본어 글 「箱(AABB)と球の当たり判定」을 바탕으로 합니다.",
  },
  ja: {
    menuNote: "Rito15 · チョコミント",
    sources:
      "Rito15「Sphere-AABB Intersection」（2021年、韓国語）と、チョコミント「箱(AABB)と球の当たり判定」をもとにしています。",
  },
};

export default {
  id: "closest-point-aabb",
  // Seen from −x +y +z: the box's min and max corners (its handles) lie on its outline, not inside it.
  camera: { position: [-4.6, 4.1, 6.6], target: [0.7, 0.2, -0.2] },
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
  fields: [{ label: "pointP", keys: ["px", "py", "pz"] }, ...BOX_FIELDS],
  normalize: normalizeBox,
  /** States worth seeing (and tested on every page load in each language): P inside, beside a face, off a corner. */
  examples: [
    { name: "inside", state: { px: 0.2, py: 0.1, pz: -0.3 } },
    { name: "face", state: { px: 3, py: 0, pz: 0 } },
    { name: "corner", state: { px: -3, py: -3, pz: -3 } },
  ],

  text: mergeText(CLAMP_TEXT, BOX_SOURCES, {
    en: {
      menu: "Closest point",
      title: "Closest point on a box, and the distance to it",
      source: `${BOX_SOURCES.en.sources} This page clamps your own point live, axis by axis, and checks every step against the library's exact answer.`,
      pointP: "Point P",
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
      result: (q, d, inside) =>
        `closest point ${q}, distance ${d}${inside ? " (P is inside the box)" : ""}`,
      step1: "Clamp each coordinate of P into the box’s range",
      step1Note: `A coordinate below <code>min</code> becomes <code>min</code>, one above
            <code>max</code> becomes <code>max</code>, one in between is kept.`,
      step2: "The clamped point is the closest point Q",
      step2Note: (n, where) =>
        `${n} of 3 axes were clamped, so Q lies ${where}${n ? "" : "; Q = P"}.`,
      step3: "The overshoots, summed as a vector, give the distance",
      step3Note: `In the scene the three coloured arrows are v's components laid end to end from Q to P; the yellow
            line is v itself. Only axes where P sticks out contribute.`,
      agreeQ: "closest point",
      agreeD: "distance",
    },
    ko: {
      menu: "가장 가까운 점",
      title: "박스 위의 가장 가까운 점과 그 점까지의 거리",
      source: `${BOX_SOURCES.ko.sources} 이 페이지에서는 직접 옮긴 점을 축마다 실시간으로 클램프해 보여 주고, 모든 단계를 라이브러리의 정확한 답과 대조합니다.`,
      pointP: "점 P",
      explanation: `
    <p>축 정렬 박스(AABB)는 서로 독립된 세 구간으로 이루어져 있습니다. 점의 <b class="cx">x</b>가
    <code>[min.x, max.x]</code> 안에, <b class="cy">y</b>가 <code>[min.y, max.y]</code> 안에,
    <b class="cz">z</b>가 <code>[min.z, max.z]</code> 안에 있으면 그 점은 박스 안에 있습니다.</p>
    <p>세 조건은 서로 영향을 주지 않으므로, <b class="ca">P</b>에서 가장 가까운 박스 위의 점도 축마다 따로 구할 수
    있습니다. 범위 안에 있는 좌표는 그대로 두고, 범위를 벗어난 좌표는 벗어난 쪽 끝값으로 바꿉니다. 이것이
    <i>클램프</i>이고, 클램프한 점 <b class="ck">Q</b>가 바로 답입니다. P가 박스 안에 있으면 Q는 P 자신입니다.</p>
    <p>클램프로 잘려 나간 부분 <code>P − Q</code>는 각 축에서 P가 박스 밖으로 <i>튀어나온 양</i>입니다. 이 벡터의
    길이가 P에서 박스까지의 거리이며, 튀어나온 양에만 두 점 사이의 거리 공식을 적용한 것과 같습니다.</p>
    <p><b class="ca">P</b>, 박스의 꼭짓점, 가운데의 작은 큐브(박스 전체 이동)를 드래그하면서 각 축이 '유지'와
    '클램프' 사이를 오가는 모습을 확인해 보세요.</p>`,
      result: (q, d, inside) =>
        `가장 가까운 점 ${q}, 거리 ${d}${inside ? " (P가 박스 안에 있음)" : ""}`,
      step1: "P의 각 좌표를 박스 범위 안으로 클램프",
      step1Note: `<code>min</code>보다 작은 좌표는 <code>min</code>이 되고, <code>max</code>보다 큰 좌표는
            <code>max</code>가 되며, 그 사이에 있는 좌표는 그대로 유지됩니다.`,
      step2: "클램프한 점이 가장 가까운 점 Q",
      step2Note: (n, where) =>
        `3개 축 중 ${n}개가 클램프되었으므로 Q는 ${where}${n ? "" : ". 즉 Q = P"}.`,
      step3: "튀어나온 양을 벡터로 합치면 거리가 된다",
      step3Note: `장면의 세 색 화살표는 v의 성분을 Q에서 P까지 차례로 이어 붙인 것이고, 노란 선이 v 자체입니다.
            P가 박스 밖으로 튀어나온 축만 거리에 기여합니다.`,
      agreeQ: "가장 가까운 점",
      agreeD: "거리",
    },
    ja: {
      menu: "最近点",
      title: "箱の上の最近点と、そこまでの距離",
      source: `${BOX_SOURCES.ja.sources}このページでは、動かした点を軸ごとにその場でクランプして見せ、すべてのステップをライブラリの厳密な答えと照合します。`,
      pointP: "点 P",
      explanation: `
    <p>軸平行境界ボックス（AABB）は、互いに独立した 3 つの区間でできています。点の <b class="cx">x</b> が
    <code>[min.x, max.x]</code> に、<b class="cy">y</b> が <code>[min.y, max.y]</code> に、<b class="cz">z</b> が
    <code>[min.z, max.z]</code> に入っていれば、その点は箱の中です。</p>
    <p>3 つの条件は互いに影響しないので、<b class="ca">P</b> に最も近い箱の点も軸ごとに求められます。範囲内の座標は
    そのまま、範囲外の座標ははみ出した側の端の値に置き換えます。これが<i>クランプ</i>で、クランプした点
    <b class="ck">Q</b> が答えです。P が箱の中なら Q は P そのものです。</p>
    <p>クランプで削られた <code>P − Q</code> は、各軸で P が箱から<i>はみ出している量</i>です。このベクトルの長さが
    P から箱までの距離で、はみ出し分だけに 2 点間の距離の式を当てはめたものになっています。</p>
    <p><b class="ca">P</b>、箱の頂点、中央の小さな立方体（箱全体の移動）をドラッグして、各軸が「そのまま」と
    「クランプ」の間で切り替わる様子を見てください。</p>`,
      result: (q, d, inside) =>
        `最近点 ${q}、距離 ${d}${inside ? "（P は箱の中）" : ""}`,
      step1: "P の各座標を箱の範囲にクランプする",
      step1Note: `<code>min</code> より小さい座標は <code>min</code> に、<code>max</code> より大きい座標は
            <code>max</code> になり、その間の座標はそのまま残ります。`,
      step2: "クランプした点が最近点 Q",
      step2Note: (n, where) =>
        `3 軸のうち ${n} 軸をクランプしたので、Q は${where}${n ? "" : "。つまり Q = P です"}。`,
      step3: "はみ出し量をベクトルとしてまとめると距離になる",
      step3Note: `シーンの 3 色の矢印は v の成分を Q から P までつないだもので、黄色の線が v そのものです。
            距離に効くのは、P が箱からはみ出している軸だけです。`,
      agreeQ: "最近点",
      agreeD: "距離",
    },
  }),

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
    const { np, objects: o, t } = ctx;
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
      t("agreeQ"),
      new THREE.Vector3(rows[0].clamped, rows[1].clamped, rows[2].clamped),
      q,
      0,
    );
    ctx.agree(t("agreeD"), over.length(), d);

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
      result: t("result", vec(q), num(d), inside),
      tone: inside ? "overlap" : "hit",
      steps: [
        {
          title: t("step1"),
          html: `${clampTable(rows, "P", t)}<p>${t("step1Note")}</p>`,
        },
        {
          title: t("step2"),
          key: true,
          html: `<p class="eq">Q = ${vval(q)}</p><p>${t("step2Note", clamped, t("where", clamped))}</p>`,
        },
        {
          title: t("step3"),
          key: true,
          html: `<p class="eq">v = P − Q = (<span class="cx">${num(over.x)}</span>, <span class="cy">${num(over.y)}</span>, <span class="cz">${num(over.z)}</span>)</p>
            <p class="eq">|v| = √(${sq(over.x)} + ${sq(over.y)} + ${sq(over.z)}) = ${val(d)}</p>
            <p>${t("step3Note")}</p>`,
        },
      ],
    };
  },
};
