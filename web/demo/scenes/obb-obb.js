// Article 003: do two oriented boxes overlap? The separating axis test over 15 axes.
// Answers: np.overlapOBBOBB (the verdict) and np.separatingAxisOBBOBB (which axis separates them first).
// The walkthrough projects both boxes on all 15 axes in JS to draw the intervals, and names the axis of least
// penetration when the boxes overlap; its first separating axis is checked against the library's.
import * as THREE from "three";
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
import {
  addOBBHandles,
  normalizeOBB,
  obbFields,
  obbOf,
  quaternionOf as quat,
} from "../app/shapes/obb.js";

const AXIS_COLORS = [COLORS.x, COLORS.y, COLORS.z];
// A cross product of two edge directions shorter than this is treated as "the edges are parallel": the axis
// is undefined, and any separation along it is already found by a face axis.
const PARALLEL_EDGES = 1e-6;

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

export default {
  id: "obb-obb",
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
    ...obbFields("a"),
    ...obbFields("b"),
    {
      label: "axisShown",
      keys: ["sel"],
      kind: "choice",
      options: [
        [-1, "axisAuto"],
        ...OBB_AXIS_NAMES.map((name, i) => [i, `${i}. ${name}`]),
      ],
    },
  ],
  normalize(s) {
    normalizeOBB(s, "a");
    normalizeOBB(s, "b");
  },
  /** States worth seeing: apart on a face axis, overlapping, and an axis picked in the table. */
  examples: [
    {
      name: "face-axis",
      state: {
        ax: 0,
        ay: 0,
        az: 0,
        ahx: 1,
        ahy: 1,
        ahz: 1,
        arx: 0,
        ary: 0,
        arz: 0,
        bx: 3,
        by: 0,
        bz: 0,
        bhx: 0.5,
        bhy: 0.5,
        bhz: 0.5,
        brx: 0,
        bry: 0,
        brz: 0,
      },
    },
    {
      name: "overlap",
      state: { bx: 1.4, by: 0.1, bz: -0.2, brx: 10, bry: 20, brz: 30 },
    },
    { name: "axis-picked", state: { sel: 4 } },
  ],

  text: {
    en: {
      menu: "OBB vs OBB",
      menuNote: "SAT · 2022",
      title: "Two oriented boxes: the separating axis test",
      source:
        "After a Korean blog post on OBB–OBB collision by the separating axis theorem (C++ with DirectX, 2022; the copy we have keeps neither its title nor its author). This page draws each of the 15 axes with both boxes' shadows on it, and replaces the article's fixed parallel-edge cutoff by the library's exact test.",
      aCenter: "A center",
      aHalfSize: "A half size",
      aRotation: "A rotation °",
      bCenter: "B center",
      bHalfSize: "B half size",
      bRotation: "B rotation °",
      axisShown: "Axis shown",
      axisAuto: "auto: the answer’s axis",
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
      gapOn: (name, gap) => `${name}: gap ${gap}`,
      overlapOn: (name, depth) => `${name}: overlap ${depth}`,
      resultOverlap: (depth, axis) =>
        `overlap: least penetration ${depth} along axis ${axis}`,
      resultApart: (axis) => `no overlap: separated on axis ${axis}`,
      skipped: "edges parallel — skipped",
      verdictOverlap: (
        depth,
        name,
      ) => `<p>None of the 15 axes separates the boxes (every gap ≤ 0), so the library reports
         <b class="bad">overlap</b>.</p><p>The smallest overlap of the shadows is ${depth} on
         <b class="bad">${name}</b>: moving B that far along that axis would just separate them.</p>`,
      verdictApart: (
        name,
        index,
      ) => `<p>The first axis in the order above whose gap is positive is <b class="good">${name}</b>
         (index ${index}) — the library stops there: <b class="good">no overlap</b>.</p>`,
      undefinedAxis:
        "The edges of this pair are parallel; the axis is not defined.",
      shadowA: (c, r) => `center ${c}, half-width rA = ${r}`,
      shadowB: (c, r) => `center ${c}, half-width rB = ${r}`,
      shadowsApart:
        "The shadows are apart; the green square is a separating plane.",
      shadowsOverlap: "The shadows overlap (red); this axis does not separate.",
      step1: "Project both boxes on each of the 15 axes",
      step1Note: `Bars: the shadows of <span class="ca">A</span> and <span class="cb">B</span>; gap =
            |(cB − cA)·L| − (rA + rB), positive when the axis separates. Click a row to show it.`,
      thAxis: "axis",
      thShadows: "shadows",
      thGap: "gap",
      step2: "The verdict",
      step3: (name, auto) =>
        `In the scene: axis ${name}${auto ? " (the answer’s axis)" : ""}`,
      agreeCalls: "overlap verdict of the two library calls",
      agreeFirst: "first separating axis",
      none: "none",
    },
    ko: {
      menu: "OBB 대 OBB",
      menuNote: "SAT · 2022",
      title: "두 OBB의 충돌: 분리축 검사",
      source:
        "분리축 이론으로 OBB끼리의 충돌을 판정하는 한국어 블로그 글(C++와 DirectX, 2022)을 바탕으로 합니다. 보관된 사본에는 제목과 글쓴이가 남아 있지 않습니다. 이 페이지에서는 15개 축마다 두 박스의 투영 구간을 그려 보이고, 원문이 쓰는 고정된 평행 판정 기준값 대신 라이브러리의 정확한 검사를 사용합니다.",
      aCenter: "A 중심",
      aHalfSize: "A 절반 크기",
      aRotation: "A 회전 (°)",
      bCenter: "B 중심",
      bHalfSize: "B 절반 크기",
      bRotation: "B 회전 (°)",
      axisShown: "표시할 축",
      axisAuto: "자동: 답이 가리키는 축",
      explanation: `
    <p>두 볼록 도형은 투영한 그림자가 겹치지 않는 방향이 하나라도 있을 때, 그리고 그때에만 떨어져 있습니다. 그런 방향이
    <i>분리축</i>입니다. 두 박스를 한 직선에 투영하면 각각의 그림자는 구간이 되는데, 어느 한 직선에서라도 두 구간이
    겹치지 않으면 두 박스 사이에 평면을 끼워 넣을 수 있습니다.</p>
    <p>박스 두 개라면 15개 방향만 검사하면 됩니다. <b class="ca">A</b>의 면 법선 3개, <b class="cb">B</b>의 면 법선
    3개(한쪽 박스의 면이 둘 사이의 벽이 되는 경우), 그리고 A의 모서리와 B의 모서리를 외적한 9개(모서리끼리 엇갈려 만나서
    어떤 면 법선으로도 분리되지 않는 경우)입니다. 15개 중 어느 것도 분리하지 못하면 두 박스는 겹쳐 있습니다. 검사는 처음
    발견한 분리축에서 멈춥니다.</p>
    <p>단위 방향 <code>L</code>에 대한 박스의 그림자는 중심의 투영을 가운데로 하고, 절반 폭이
    <code>r = hx·|x·L| + hy·|y·L| + hz·|z·L|</code>입니다(x, y, z는 박스의 축, h는 절반 크기). 따라서
    <code>|(cB − cA)·L| &gt; rA + rB</code>이면 축 L이 두 박스를 분리합니다. 두 박스가 겹쳐 있을 때
    <code>rA + rB − |(cB − cA)·L|</code>이 가장 작은 축이 <i>최소 관통</i> 축, 곧 둘을 떼어 놓는 가장 짧은 방향입니다.</p>
    <p>중심과 꼭짓점 핸들(절반 크기)을 드래그하고, <i>A 회전</i>이나 <i>B 회전</i>을 눌러 박스를 돌려 보세요. 표의 행을
    클릭하면 그 축을 장면에 표시합니다.</p>`,
      gapOn: (name, gap) => `${name}: 틈 ${gap}`,
      overlapOn: (name, depth) => `${name}: 겹침 ${depth}`,
      resultOverlap: (depth, axis) =>
        `충돌: 최소 관통 깊이 ${depth}, 축 ${axis}`,
      resultApart: (axis) => `충돌 없음: 축 ${axis}에서 분리됨`,
      skipped: "모서리가 평행함: 건너뜀",
      verdictOverlap: (
        depth,
        name,
      ) => `<p>15개 축 중 어느 것도 두 박스를 분리하지 못하므로(모든 틈 ≤ 0) 라이브러리는
         <b class="bad">충돌</b>로 판정합니다.</p><p>그림자가 가장 적게 겹치는 축은 <b class="bad">${name}</b>이고 그 깊이는
         ${depth}입니다. B를 이 축을 따라 그만큼 옮기면 두 박스가 막 떨어집니다.</p>`,
      verdictApart: (
        name,
        index,
      ) => `<p>위 순서에서 틈이 처음으로 양수가 되는 축은 <b class="good">${name}</b>(번호 ${index})입니다.
         라이브러리는 여기서 멈추고 <b class="good">충돌 없음</b>으로 판정합니다.</p>`,
      undefinedAxis: "이 쌍은 모서리가 평행해서 축이 정의되지 않습니다.",
      shadowA: (c, r) => `중심 ${c}, 절반 폭 rA = ${r}`,
      shadowB: (c, r) => `중심 ${c}, 절반 폭 rB = ${r}`,
      shadowsApart:
        "그림자가 떨어져 있습니다. 초록색 사각형이 분리 평면입니다.",
      shadowsOverlap:
        "그림자가 겹칩니다(빨간색). 이 축으로는 분리되지 않습니다.",
      step1: "15개 축 각각에 두 박스를 투영",
      step1Note: `막대는 <span class="ca">A</span>와 <span class="cb">B</span>의 그림자입니다. 틈 =
            |(cB − cA)·L| − (rA + rB)이며, 양수이면 그 축이 분리축입니다. 행을 클릭하면 장면에 표시됩니다.`,
      thAxis: "축",
      thShadows: "그림자",
      thGap: "틈",
      step2: "판정",
      step3: (name, auto) =>
        `장면에 표시한 축: ${name}${auto ? " (답이 가리키는 축)" : ""}`,
      agreeCalls: "두 라이브러리 호출의 충돌 판정",
      agreeFirst: "첫 분리축",
      none: "없음",
    },
    ja: {
      menu: "OBB 対 OBB",
      menuNote: "SAT · 2022",
      title: "2 つの OBB の当たり判定: 分離軸判定",
      source:
        "分離軸定理で OBB 同士の当たり判定を行う韓国語のブログ記事（C++ と DirectX、2022年）をもとにしています。手元の写しには題名も著者も残っていません。このページでは 15 本の軸それぞれに両方の箱の影を描き、元記事の固定の平行判定しきい値の代わりにライブラリの厳密な判定を使います。",
      aCenter: "A の中心",
      aHalfSize: "A の半分のサイズ",
      aRotation: "A の回転（°）",
      bCenter: "B の中心",
      bHalfSize: "B の半分のサイズ",
      bRotation: "B の回転（°）",
      axisShown: "表示する軸",
      axisAuto: "自動: 答えの軸",
      explanation: `
    <p>2 つの凸な図形が離れているのは、影（投影）が重ならない方向がひとつでもあるとき、かつそのときに限ります。その方向が
    <i>分離軸</i>です。2 つの箱を 1 本の直線に投影すると影はそれぞれ区間になり、どれか 1 本の直線の上で 2 つの区間が
    重ならなければ、箱の間に平面を差し込めます。</p>
    <p>箱 2 つなら、調べる方向は 15 本で足ります。<b class="ca">A</b> の面の法線 3 本、<b class="cb">B</b> の面の法線
    3 本（一方の箱の面が 2 つの間の壁になる場合）、そして A の辺と B の辺の外積 9 本（辺同士がねじれて向き合い、どの面の
    法線でも分離できない場合）です。15 本のどれでも分離できなければ、2 つの箱は重なっています。判定は最初に見つかった
    分離軸で打ち切ります。</p>
    <p>単位方向 <code>L</code> への箱の影は、中心の投影を真ん中とし、半分の幅が
    <code>r = hx·|x·L| + hy·|y·L| + hz·|z·L|</code> です（x, y, z は箱の軸、h は半分のサイズ）。したがって
    <code>|(cB − cA)·L| &gt; rA + rB</code> なら軸 L で分離されます。箱が重なっているときは、
    <code>rA + rB − |(cB − cA)·L|</code> が最も小さい軸が<i>最小めり込み</i>の軸、つまり 2 つを引き離す最短の方向です。</p>
    <p>中心と頂点のハンドル（半分のサイズ）をドラッグし、<i>A を回転</i>・<i>B を回転</i>で箱を回してみてください。表の
    行をクリックすると、その軸がシーンに表示されます。</p>`,
      gapOn: (name, gap) => `${name}: すき間 ${gap}`,
      overlapOn: (name, depth) => `${name}: 重なり ${depth}`,
      resultOverlap: (depth, axis) =>
        `当たり: 最小めり込み ${depth}、軸 ${axis}`,
      resultApart: (axis) => `当たりなし: 軸 ${axis} で分離`,
      skipped: "辺が平行なので省略",
      verdictOverlap: (
        depth,
        name,
      ) => `<p>15 本のどの軸でも分離できない（すき間がすべて 0 以下）ので、ライブラリは
         <b class="bad">当たり</b>と判定します。</p><p>影の重なりが最も小さいのは <b class="bad">${name}</b> で、その量は
         ${depth} です。B をこの軸に沿ってその分だけ動かせば、ちょうど離れます。</p>`,
      verdictApart: (
        name,
        index,
      ) => `<p>上の順番で、すき間が最初に正になる軸は <b class="good">${name}</b>（番号 ${index}）です。
         ライブラリはここで打ち切り、<b class="good">当たりなし</b>と判定します。</p>`,
      undefinedAxis: "この組は辺が平行なので、軸が定まりません。",
      shadowA: (c, r) => `中心 ${c}、半分の幅 rA = ${r}`,
      shadowB: (c, r) => `中心 ${c}、半分の幅 rB = ${r}`,
      shadowsApart: "影は離れています。緑の四角形が分離平面です。",
      shadowsOverlap: "影が重なっています（赤）。この軸では分離できません。",
      step1: "15 本の軸それぞれに両方の箱を投影する",
      step1Note: `棒は <span class="ca">A</span> と <span class="cb">B</span> の影です。すき間 =
            |(cB − cA)·L| − (rA + rB) で、正ならその軸で分離されます。行をクリックするとシーンに表示します。`,
      thAxis: "軸",
      thShadows: "影",
      thGap: "すき間",
      step2: "判定",
      step3: (name, auto) =>
        `シーンに表示中の軸: ${name}${auto ? "（答えの軸）" : ""}`,
      agreeCalls: "2 つのライブラリ呼び出しの判定",
      agreeFirst: "最初の分離軸",
      none: "なし",
    },
  },

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
    addOBBHandles(ctx, "a", COLORS.a);
    addOBBHandles(ctx, "b", COLORS.b);
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const A = obbOf(s, "a");
    const B = obbOf(s, "b");
    const names = np.OBB_AXIS_NAMES;

    // The answers, from the library.
    const overlap = np.overlapOBBOBB(A, B);
    const separating = np.separatingAxisOBBOBB(A, B);
    ctx.agree(t("agreeCalls"), separating === null, overlap);

    // The walkthrough: all 15 projections.
    const rows = projectAll(A, B, names);
    const firstSeparating =
      rows.find((r) => !r.degenerate && r.gap > 0)?.index ?? null;
    ctx.agree(
      t("agreeFirst"),
      firstSeparating === null ? t("none") : names[firstSeparating],
      separating === null ? t("none") : names[separating],
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
    const frame = []; // the ruler's ends: the first view shows them (clear of the hint and the axis triad)
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
      frame.push(at(lo), at(hi));
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
        separated
          ? t("gapOn", shown.name, num(shown.gap))
          : t("overlapOn", shown.name, num(-shown.gap)),
      );
      o.plane.visible = separated;
      if (separated)
        o.plane.set(
          onAxis((first[1] + second[0]) / 2),
          L,
          // About the size of the smaller box: it shows where the plane is without filling the view.
          Math.max(1, 2 * Math.min(A.halfSize.length(), B.halfSize.length())),
        );
    }

    // Readout.
    const result = overlap
      ? t("resultOverlap", num(depth), least ? least.name : "?")
      : t("resultApart", names[separating]);

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
          return `<tr class="${cls.join(" ")}" ${set}><td>${r.index}. ${r.name}</td><td colspan="3">${t("skipped")}</td></tr>`;
        }
        return (
          `<tr class="${cls.join(" ")}" ${set}><td>${r.index}. ${r.name}</td><td>${miniBars(r)}</td>` +
          `<td>${num(r.ra + r.rb)}</td><td class="${r.gap > 0 ? "good" : "dim"}">${num(r.gap)}</td></tr>`
        );
      })
      .join("");

    const verdict = overlap
      ? t("verdictOverlap", val(depth), least?.name)
      : t("verdictApart", names[separating], separating);

    let detail = `<p class="dim">${t("undefinedAxis")}</p>`;
    if (shown && !shown.degenerate) {
      detail = `<p class="eq">L = ${vval(shown.dir)}</p>
        <p class="eq"><span class="ca">A</span>: ${t("shadowA", val(shown.ca), val(shown.ra))}</p>
        <p class="eq"><span class="cb">B</span>: ${t("shadowB", val(shown.cb), val(shown.rb))}</p>
        <p class="eq">|cB − cA| = ${val(Math.abs(shown.cb - shown.ca))} ${shown.gap > 0 ? "&gt;" : "≤"} rA + rB = ${val(shown.ra + shown.rb)}</p>
        <p>${shown.gap > 0 ? t("shadowsApart") : t("shadowsOverlap")}</p>`;
    }
    return {
      result,
      frame,
      tone: overlap ? "overlap" : "clear",
      steps: [
        {
          title: t("step1"),
          html: `<p>${t("step1Note")}</p>
            <table class="t"><tr><th>${t("thAxis")}</th><th>${t("thShadows")}</th><th>rA+rB</th><th>${t("thGap")}</th></tr>${table}</table>`,
        },
        { title: t("step2"), key: true, html: verdict },
        {
          title: t("step3", shown ? shown.name : "—", s.sel < 0),
          html: detail,
        },
      ],
    };
  },
};

// The unit vector perpendicular to u that points down as far as possible (sideways when u is vertical).
function downward(u) {
  const d = new THREE.Vector3(0, -1, 0).addScaledVector(u, u.y);
  if (d.lengthSq() > 1e-6) return d.normalize();
  return new THREE.Vector3(1, 0, 0).addScaledVector(u, -u.x).normalize();
}
