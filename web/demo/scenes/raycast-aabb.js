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
import {
  BOX_FIELDS,
  addBoxHandles,
  boxOf,
  normalizeBox,
} from "../app/shapes/aabb.js";
import { addSegmentHandles } from "../app/shapes/segment.js";
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
function chart(rows, entry, exit, length, isRay, t) {
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
    bars.push(label(y, t("slabOf", AXES[r.i]), CSS_AXIS[r.i]));
    if (r.enter <= r.exit) {
      bars.push(
        `<rect x="${X(r.enter)}" y="${y + 3}" width="${Math.max(X(r.exit) - X(r.enter), 1.5)}" height="10" rx="2" fill="${CSS_AXIS[r.i]}" opacity="0.85"/>`,
      );
    } else {
      bars.push(
        `<text x="${X(lo) + 4}" y="${y + 11}" fill="#9aa5b8">${t("chartEmptyParallel")}</text>`,
      );
    }
  });
  const y = top + 3 * rowH;
  bars.push(label(y, t("chartInside"), "#ffc857"));
  if (entry <= exit) {
    bars.push(
      `<rect x="${X(entry)}" y="${y + 2}" width="${Math.max(X(exit) - X(entry), 1.5)}" height="12" rx="2" fill="#ffc857"/>`,
    );
  } else {
    bars.push(
      `<text x="${X(lo) + 4}" y="${y + 11}" fill="#ff6b6b">${t("chartEmpty", num(entry), num(exit))}</text>`,
    );
  }
  const marks = [
    `<line x1="${X(0)}" x2="${X(0)}" y1="8" y2="${y + 18}" stroke="#ffa94d" stroke-width="1.5"/>`,
    `<text x="${X(0) - 4}" y="8" fill="#ffa94d">A</text>`,
    `<line x1="${X(length)}" x2="${X(length)}" y1="8" y2="${y + 18}" stroke="#4dd4e6" stroke-width="1.5" ${isRay ? 'stroke-dasharray="3 3"' : ""}/>`,
    `<text x="${X(length) - 4}" y="8" fill="#4dd4e6">B</text>`,
    `<text x="${W - 4}" y="${y + 32}" fill="#9aa5b8" text-anchor="end">${t("chartAxis")}</text>`,
  ];
  return `<svg class="chart" viewBox="0 0 ${W} ${y + 36}" role="img" aria-label="${t("chartLabel")}">${bars.join("")}${marks.join("")}</svg>`;
}

export default {
  id: "raycast-aabb",
  // Seen across the default segment (nearly perpendicular to it), from +x +y −z so that the box's min and max
  // corners lie on its outline: the segment, the hit point and the box handles all stand clear.
  camera: { position: [1.6, 6, -4], target: [-0.4, 0, 0] },
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
    { label: "startA", keys: ["ax", "ay", "az"] },
    { label: "endB", keys: ["bx", "by", "bz"] },
    ...BOX_FIELDS,
    {
      label: "query",
      keys: ["m"],
      kind: "choice",
      toolbar: true,
      options: [
        [0, "modeSegment"],
        [1, "modeRay"],
      ],
    },
  ],
  normalize: normalizeBox,

  /** States worth seeing: each branch of the walkthrough (hit, short segment, ray, inside, parallel, the article's bug). */
  examples: [
    { name: "segment-short", state: { bx: -1.5, m: 0 } },
    { name: "ray", state: { bx: -1.5, m: 1 } },
    {
      name: "starts-inside",
      state: { ax: 0, ay: 0, az: 0, bx: 2, by: 0, bz: 0, m: 0 },
    },
    {
      name: "parallel-outside",
      state: { ax: -3, ay: 1.5, az: 0, bx: 3, by: 1.5, bz: 0, m: 1 },
    },
    {
      name: "box-behind",
      state: {
        x0: 0,
        y0: 0,
        z0: 0,
        x1: 1,
        y1: 1,
        z1: 1,
        ax: 2,
        ay: 0.5,
        az: 0.5,
        bx: 5,
        by: 0.5,
        bz: 0.5,
        m: 0,
      },
    },
    { name: "no-direction", state: { bx: -4, by: 1.4, bz: 1.2, m: 1 } },
  ],

  text: {
    en: {
      menu: "Raycast",
      menuNote: "Rito15",
      title: "Raycast: a segment or a ray against a box",
      source:
        "After “Raycast to AABB” by Rito15 (2021, Korean). This page adds the slab intervals drawn on the line, the ray form, and the cases the article gets wrong (a start inside the box, a box behind the start), each checked against the library.",
      startA: "Start A",
      endB: "End B",
      query: "Query",
      modeSegment: "Segment A→B",
      modeRay: "Ray from A through B",
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
      hit: "hit",
      slabOf: (a) => `${a} slab`,
      chartEmptyParallel: "empty (parallel, outside)",
      chartInside: "inside",
      chartEmpty: (entry, exit) => `empty: entry ${entry} &gt; exit ${exit}`,
      chartAxis: "s = distance from A along the line",
      chartLabel: "slab intervals",
      noRay: "no ray: B equals A, so there is no direction",
      noRayTitle: "A ray needs a direction",
      noRayNote: "Move B away from A: the ray goes from A through B.",
      hitOn: (face, s) => `hit on ${face}, s = ${s}`,
      inFace: "in face",
      outside: "outside",
      hitAtA: "hit at A: A is inside, s = 0",
      result: (d, n, p) => `hit at distance ${d}, normal ${n}, point ${p}`,
      miss: "miss",
      parallelRow: (a, inside) =>
        `parallel to the ${a} faces: no candidate; A.${a} is ${inside ? "inside" : "outside"} the slab`,
      faceWord: (f) => `${f} face`,
      parallelInside: "parallel, inside",
      parallelOutside: "parallel, outside: never inside",
      decideApart: (
        entry,
        exit,
      ) => `entry ${entry} &gt; exit ${exit}: the line leaves one slab before it enters another, so it
        passes beside the box. <b class="good">Miss.</b>`,
      decideBehind: (
        entry,
        exit,
      ) => `The line is inside the box only for s in [${entry}, ${exit}], all behind A (exit &lt; 0).
        <b class="good">Miss</b> — the box is behind the start.`,
      decideInside: (
        entry,
        exit,
      ) => `entry ${entry} ≤ 0 ≤ exit ${exit}: A is already inside the box. The convention: a hit at
        distance 0, point = A, normal = −u (against the direction).`,
      decideBeyond: (
        entry,
        exit,
        s,
        length,
      ) => `entry ${entry} ≤ exit ${exit}, so the <i>line</i> meets the box — but at s = ${s},
        beyond B (|AB| = ${length}). <b class="good">Miss</b> for the segment; the ray form would hit.`,
      decideHit: (entry, exit, length, face) =>
        `entry ${entry} ≤ exit ${exit}, exit ≥ 0${length === null ? "" : `, and entry ≤ |AB| = ${length}`}:
        <b class="ck">hit</b> on the ${face} face, the candidate whose crossing is the entry.`,
      stepDirRay: "Direction of the ray",
      stepDirSegment: "Direction and length of the segment",
      zeroSegment:
        "A zero-length segment is a point test: it hits (at distance 0) exactly when A is in the box.",
      stepCandidates: "Pick the candidate faces from the signs of AB",
      thAxis: "axis",
      thSign: "sign",
      thCandidate: "candidate",
      thCrossing: "crossing s",
      candidatesNote: `The translucent faces in the scene are the candidates; each dot is where the line crosses that
            face's plane, large when the crossing lies within the face.`,
      stepSlabs: "Entry and exit of each slab",
      thSlab: "slab",
      thEnter: "enter s",
      thExit: "exit s",
      entryExit: (entry, exit) =>
        `entry = max(enters) = ${entry}, exit = min(exits) = ${exit}`,
      slabsNote: `The coloured bars beside the line in the scene are these intervals; the yellow bar on the line is
            their overlap, where the line is inside the box.`,
      stepDecideRay: "Decide: is there an overlap ahead of A?",
      stepDecideSegment: "Decide, and check the distance against |AB|",
      agreeHit: "hit or miss",
      agreeDistance: "hit distance",
      agreePoint: "hit point",
      agreeNormal: "normal",
    },
    ko: {
      menu: "레이캐스트",
      menuNote: "Rito15",
      title: "레이캐스트: 선분 또는 레이를 박스에 쏘기",
      source:
        "Rito15의 「Raycast to AABB」(2021)을 바탕으로 합니다. 이 페이지에서는 직선 위에 슬랩 구간을 그려 보이고, 레이 형태를 더했으며, 원문이 틀리는 경우(시작점이 박스 안에 있을 때, 박스가 시작점 뒤에 있을 때)를 라이브러리의 답과 대조해 보여 줍니다.",
      startA: "시작점 A",
      endB: "끝점 B",
      query: "쿼리",
      modeSegment: "선분 A→B",
      modeRay: "A에서 B 방향으로 쏘는 레이",
      explanation: `
    <p>레이캐스트는 <b class="ca">A</b>에서 <b class="cb">B</b> 쪽으로 직선을 쏘아, 박스 표면과 처음 만나는 점(교점),
    그 점까지의 거리, 그 면의 바깥쪽 법선을 알려 줍니다. <i>선분</i>(<code>linecastAABB</code>)이면 B까지의 교점만
    인정하고, <i>레이</i>(<code>raycastAABB</code>)이면 B는 방향만 정합니다.</p>
    <p>AABB의 각 면은 <code>x = const</code>, <code>y = const</code>, <code>z = const</code> 꼴의 평면 위에 있으므로,
    면을 지나는 지점은 나눗셈 한 번으로 구할 수 있습니다. <code>A + s·u</code>를 따라가는 직선은
    <code>s = (k − A.x) / u.x</code>에서 <code>x = k</code>에 닿습니다. 게다가 들어오는 면이 될 수 있는 것은 세 개뿐입니다.
    +x 방향으로 움직이는 직선은 −x 면으로만 들어올 수 있는 식이어서, <code>AB</code>의 부호만으로 축마다 후보 면을
    많아야 하나로 추릴 수 있습니다.</p>
    <p>같은 나눗셈으로 축마다 두 평면 사이에 놓인 직선의 구간, 즉 <i>슬랩</i>도 얻습니다. 직선이 박스 안에 있는 것은 세
    슬랩 안에 동시에 있을 때, 곧 가장 늦은 진입부터 가장 이른 탈출까지입니다. 이 구간이 비어 있으면 빗나간 것이고,
    A보다 앞에서 시작하면 A가 박스 안에 있는 것입니다. 마지막으로 선분이라면 진입 지점이 B를 넘어서면 안 됩니다.</p>
    <p><b class="ca">A</b>, <b class="cb">B</b>, 박스의 꼭짓점, 가운데 큐브를 드래그해 보세요. 장면 위의 버튼으로
    선분과 레이를 바꿀 수 있습니다.</p>`,
      hit: "교점",
      slabOf: (a) => `${a} 슬랩`,
      chartEmptyParallel: "비어 있음(평행, 슬랩 밖)",
      chartInside: "박스 안",
      chartEmpty: (entry, exit) => `비어 있음: 진입 ${entry} &gt; 탈출 ${exit}`,
      chartAxis: "s = 직선을 따라 A에서 잰 거리",
      chartLabel: "슬랩 구간",
      noRay: "레이 없음: B가 A와 같아서 방향이 없습니다",
      noRayTitle: "레이에는 방향이 필요합니다",
      noRayNote: "B를 A에서 떨어뜨리세요. 레이는 A에서 B 쪽으로 나아갑니다.",
      hitOn: (face, s) => `${face} 면에 충돌, s = ${s}`,
      inFace: "면 안",
      outside: "면 밖",
      hitAtA: "A에서 충돌: A가 박스 안에 있음, s = 0",
      result: (d, n, p) => `충돌: 거리 ${d}, 법선 ${n}, 교점 ${p}`,
      miss: "빗나감",
      parallelRow: (a, inside) =>
        `${a} 면과 평행: 후보 없음. A.${a}는 슬랩 ${inside ? "안" : "밖"}에 있음`,
      faceWord: (f) => `${f} 면`,
      parallelInside: "평행, 슬랩 안",
      parallelOutside: "평행, 슬랩 밖: 절대 들어오지 않음",
      decideApart: (
        entry,
        exit,
      ) => `진입 ${entry} &gt; 탈출 ${exit}: 직선이 한 슬랩을 벗어난 뒤에야 다른 슬랩에 들어가므로,
        박스 옆을 지나갑니다. <b class="good">빗나감.</b>`,
      decideBehind: (
        entry,
        exit,
      ) => `직선이 박스 안에 있는 구간은 s가 [${entry}, ${exit}]일 때뿐이고, 모두 A보다 뒤입니다(탈출 &lt; 0).
        <b class="good">빗나감</b>: 박스가 시작점 뒤에 있습니다.`,
      decideInside: (
        entry,
        exit,
      ) => `진입 ${entry} ≤ 0 ≤ 탈출 ${exit}: A가 이미 박스 안에 있습니다. 이때의 약속은 거리 0에서 충돌,
        교점 = A, 법선 = −u(진행 방향의 반대)입니다.`,
      decideBeyond: (
        entry,
        exit,
        s,
        length,
      ) => `진입 ${entry} ≤ 탈출 ${exit}이므로 <i>직선</i>은 박스와 만납니다. 하지만 그 지점 s = ${s}는
        B보다 멀리 있습니다(|AB| = ${length}). 선분으로는 <b class="good">빗나감</b>이고, 레이였다면 충돌합니다.`,
      decideHit: (entry, exit, length, face) =>
        `진입 ${entry} ≤ 탈출 ${exit}, 탈출 ≥ 0${length === null ? "" : `, 그리고 진입 ≤ |AB| = ${length}`}:
        ${face} 면에 <b class="ck">충돌</b>. 진입 지점이 곧 이 후보 면의 교점입니다.`,
      stepDirRay: "레이의 방향",
      stepDirSegment: "선분의 방향과 길이",
      zeroSegment:
        "길이가 0인 선분은 점 검사와 같습니다. A가 박스 안에 있을 때에만 (거리 0에서) 충돌합니다.",
      stepCandidates: "AB의 부호로 후보 면 고르기",
      thAxis: "축",
      thSign: "부호",
      thCandidate: "후보",
      thCrossing: "교차 s",
      candidatesNote: `장면의 반투명한 면이 후보 면입니다. 각 점은 직선이 그 면의 평면을 지나는 곳이고, 교점이 면 안에
            있으면 크게 표시됩니다.`,
      stepSlabs: "슬랩마다 진입과 탈출",
      thSlab: "슬랩",
      thEnter: "진입 s",
      thExit: "탈출 s",
      entryExit: (entry, exit) =>
        `진입 = max(각 진입) = ${entry}, 탈출 = min(각 탈출) = ${exit}`,
      slabsNote: `장면에서 직선 옆의 색 막대가 이 구간들이고, 직선 위의 노란 막대는 그 겹치는 부분, 곧 직선이 박스
            안에 있는 구간입니다.`,
      stepDecideRay: "판정: A 앞쪽에 겹치는 구간이 있는가?",
      stepDecideSegment: "판정, 그리고 거리를 |AB|와 비교",
      agreeHit: "충돌 여부",
      agreeDistance: "충돌 거리",
      agreePoint: "교점",
      agreeNormal: "법선",
    },
    ja: {
      menu: "レイキャスト",
      menuNote: "Rito15",
      title: "レイキャスト: 線分またはレイを箱に飛ばす",
      source:
        "Rito15「Raycast to AABB」（2021年、韓国語）をもとにしています。このページでは、直線上にスラブの区間を描き、レイの形を加え、元記事が誤る場合（始点が箱の中にあるとき、箱が始点の後ろにあるとき）をライブラリの答えと照合して見せます。",
      startA: "始点 A",
      endB: "終点 B",
      query: "クエリ",
      modeSegment: "線分 A→B",
      modeRay: "A から B の方向へのレイ",
      explanation: `
    <p>レイキャストは <b class="ca">A</b> から <b class="cb">B</b> に向けて直線を飛ばし、箱の表面と最初に交わる点（交点）、
    そこまでの距離、その面の外向き法線を返します。<i>線分</i>（<code>linecastAABB</code>）なら B までの交点だけが対象で、
    <i>レイ</i>（<code>raycastAABB</code>）なら B は向きを決めるだけです。</p>
    <p>AABB の各面は <code>x = const</code>、<code>y = const</code>、<code>z = const</code> の形の平面上にあるので、面を
    横切る位置は 1 回の割り算で求まります。<code>A + s·u</code> に沿う直線は <code>s = (k − A.x) / u.x</code> で
    <code>x = k</code> に届きます。しかも入り口になりうる面は 3 つだけです。+x 方向に進む直線は −x 面からしか入れない、
    という具合に、<code>AB</code> の符号だけで候補の面を軸ごとに多くても 1 つに絞れます。</p>
    <p>同じ割り算から、軸ごとに 2 枚の平面に挟まれた直線の区間、つまり<i>スラブ</i>も得られます。直線が箱の中にあるのは
    3 つのスラブに同時に入っているとき、すなわち最も遅い進入から最も早い退出までです。この区間が空なら外れ、A より手前から
    始まっていれば A は箱の中です。最後に、線分なら進入位置が B を越えていてはいけません。</p>
    <p><b class="ca">A</b>、<b class="cb">B</b>、箱の頂点、中央の立方体をドラッグしてみてください。シーン上のボタンで
    線分とレイを切り替えられます。</p>`,
      hit: "交点",
      slabOf: (a) => `${a} スラブ`,
      chartEmptyParallel: "空（平行でスラブの外）",
      chartInside: "箱の中",
      chartEmpty: (entry, exit) => `空: 進入 ${entry} &gt; 退出 ${exit}`,
      chartAxis: "s = 直線に沿って A から測った距離",
      chartLabel: "スラブの区間",
      noRay: "レイなし: B が A と同じ位置なので向きがありません",
      noRayTitle: "レイには向きが必要です",
      noRayNote:
        "B を A から離してください。レイは A から B の方向へ進みます。",
      hitOn: (face, s) => `${face} 面に当たり、s = ${s}`,
      inFace: "面の中",
      outside: "面の外",
      hitAtA: "A で当たり: A は箱の中、s = 0",
      result: (d, n, p) => `当たり: 距離 ${d}、法線 ${n}、交点 ${p}`,
      miss: "外れ",
      parallelRow: (a, inside) =>
        `${a} 面と平行: 候補なし。A.${a} はスラブの${inside ? "中" : "外"}`,
      faceWord: (f) => `${f} 面`,
      parallelInside: "平行、スラブの中",
      parallelOutside: "平行、スラブの外: 決して入らない",
      decideApart: (
        entry,
        exit,
      ) => `進入 ${entry} &gt; 退出 ${exit}: 直線はあるスラブを出てから別のスラブに入るので、
        箱の横を通り過ぎます。<b class="good">外れ。</b>`,
      decideBehind: (
        entry,
        exit,
      ) => `直線が箱の中にあるのは s が [${entry}, ${exit}] のときだけで、すべて A の後ろです（退出 &lt; 0）。
        <b class="good">外れ</b>: 箱は始点の後ろにあります。`,
      decideInside: (
        entry,
        exit,
      ) => `進入 ${entry} ≤ 0 ≤ 退出 ${exit}: A はすでに箱の中です。この場合の約束は、距離 0 で当たり、
        交点 = A、法線 = −u（進行方向と逆向き）です。`,
      decideBeyond: (
        entry,
        exit,
        s,
        length,
      ) => `進入 ${entry} ≤ 退出 ${exit} なので<i>直線</i>は箱と交わります。ただしその位置 s = ${s} は
        B より先です（|AB| = ${length}）。線分としては<b class="good">外れ</b>で、レイなら当たります。`,
      decideHit: (entry, exit, length, face) =>
        `進入 ${entry} ≤ 退出 ${exit}、退出 ≥ 0${length === null ? "" : `、さらに進入 ≤ |AB| = ${length}`}:
        ${face} 面に<b class="ck">当たり</b>。進入位置がこの候補面の交点です。`,
      stepDirRay: "レイの向き",
      stepDirSegment: "線分の向きと長さ",
      zeroSegment:
        "長さ 0 の線分は点の判定と同じです。A が箱の中にあるときだけ（距離 0 で）当たります。",
      stepCandidates: "AB の符号から候補の面を選ぶ",
      thAxis: "軸",
      thSign: "符号",
      thCandidate: "候補",
      thCrossing: "交差 s",
      candidatesNote: `シーンの半透明の面が候補です。各点は直線がその面の平面を横切る位置で、交点が面の中にあれば
            大きく表示されます。`,
      stepSlabs: "スラブごとの進入と退出",
      thSlab: "スラブ",
      thEnter: "進入 s",
      thExit: "退出 s",
      entryExit: (entry, exit) =>
        `進入 = max(各進入) = ${entry}、退出 = min(各退出) = ${exit}`,
      slabsNote: `シーンで直線の横に並ぶ色の棒がこれらの区間で、直線上の黄色い棒はその重なり、つまり直線が箱の中に
            ある区間です。`,
      stepDecideRay: "判定: A の前方に重なりはあるか？",
      stepDecideSegment: "判定し、距離を |AB| と比べる",
      agreeHit: "当たりの有無",
      agreeDistance: "当たりまでの距離",
      agreePoint: "交点",
      agreeNormal: "法線",
    },
  },

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
      hitLabel: ctx.label(ctx.t("hit"), COLORS.key),
    });
    o.hitLabel.center.set(-0.1, -0.4); // below right of A
    // Crossing labels: x to the right of its dot, y above, z below, so nearby crossings stay readable.
    o.crossLabels[0].center.set(-0.12, 0.5);
    o.crossLabels[1].center.set(0.5, 1.5);
    o.crossLabels[2].center.set(0.5, -0.5);
    for (const l of o.slabLabels) l.center.set(1.1, 0.5); // just before the bar's start
    addSegmentHandles(ctx);
    addBoxHandles(ctx);
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
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
        result: t("noRay"),
        tone: "error",
        steps: [
          {
            title: t("noRayTitle"),
            html: `<p>${t("noRayNote")}</p>`,
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
    ctx.agree(t("agreeHit"), myHit, hit !== null);
    if (hit && myHit) {
      ctx.agree(t("agreeDistance"), Math.max(entry, 0), hit.distance);
      if (startsInside) {
        ctx.agree(t("agreePoint"), a, hit.point);
      } else {
        // At an edge or corner several slabs are entered at once; any of their faces is a right answer.
        const tied = rows.filter((r) => !r.parallel && r.enter === entry);
        const normalOf = (r) =>
          new THREE.Vector3().setComponent(r.i, r.side === "min" ? -1 : 1);
        const match =
          tied.find((r) => normalOf(r).equals(hit.normal)) ?? entryRow;
        ctx.agree(t("agreeNormal"), normalOf(match), hit.normal, 0);
        ctx.agree(t("agreePoint"), match.point, hit.point, 1e-9);
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
            ? t("hitOn", faceName(r.i, r.side), num(hit.distance))
            : `${faceName(r.i, r.side)}: ${r.inFace ? t("inFace") : t("outside")}`,
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
      if (startsInside) o.hitLabel.at(point).setText(t("hitAtA"));
    }

    const result = hit
      ? t("result", num(hit.distance), vec(hit.normal), vec(hit.point))
      : t("miss");

    // The panel.
    const candidateRows = rows
      .map((r) => {
        if (r.parallel) {
          return `<tr><td>${axisTag(r.i)}</td><td>0</td><td colspan="3" class="dim">${t("parallelRow", AXES[r.i], r.inside)}</td></tr>`;
        }
        return (
          `<tr><td>${axisTag(r.i)}</td><td>${u[AXES[r.i]] > 0 ? "+" : "−"}</td><td>${t("faceWord", faceName(r.i, r.side))}</td>` +
          `<td>${num(r.enter)}</td><td class="${r.inFace ? "good" : "dim"}">${r.inFace ? t("inFace") : t("outside")}</td></tr>`
        );
      })
      .join("");
    const slabRows = rows
      .map(
        (r) =>
          `<tr><td>${axisTag(r.i)}</td><td>${num(r.enter)}</td><td>${num(r.exit)}</td>` +
          `<td class="dim">${r.parallel ? (r.inside ? t("parallelInside") : t("parallelOutside")) : ""}</td></tr>`,
      )
      .join("");
    let decision;
    if (!overlaps) decision = t("decideApart", val(entry), val(exit));
    else if (!ahead) decision = t("decideBehind", num(entry), num(exit));
    else if (startsInside) decision = t("decideInside", val(entry), val(exit));
    else if (!inReach)
      decision = t(
        "decideBeyond",
        val(entry),
        val(exit),
        num(entry),
        num(length),
      );
    else {
      const row = hitRow ?? entryRow;
      decision = t(
        "decideHit",
        val(entry),
        val(exit),
        isRay ? null : val(length),
        faceName(row.i, row.side),
      );
    }
    decision = `<p>${decision}</p>`;
    return {
      result,
      tone: hit ? "hit" : "clear",
      steps: [
        {
          title: isRay ? t("stepDirRay") : t("stepDirSegment"),
          html: `<p class="eq">AB = B − A = ${vval(ab)}</p><p class="eq">|AB| = ${val(length)}${length > 0 ? `, u = AB / |AB| = ${vval(u)}` : ""}</p>
            ${length === 0 ? `<p>${t("zeroSegment")}</p>` : ""}`,
        },
        {
          title: t("stepCandidates"),
          html: `<table class="t"><tr><th>${t("thAxis")}</th><th>${t("thSign")}</th><th>${t("thCandidate")}</th><th>${t("thCrossing")}</th><th></th></tr>${candidateRows}</table>
            <p>${t("candidatesNote")}</p>`,
        },
        {
          title: t("stepSlabs"),
          html: `<table class="t"><tr><th>${t("thSlab")}</th><th>${t("thEnter")}</th><th>${t("thExit")}</th><th></th></tr>${slabRows}</table>
            ${length > 0 ? chart(rows, entry, exit, length, isRay, t) : ""}
            <p class="eq">${t("entryExit", val(entry), val(exit))}</p>
            <p>${t("slabsNote")}</p>`,
        },
        {
          title: isRay ? t("stepDecideRay") : t("stepDecideSegment"),
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
