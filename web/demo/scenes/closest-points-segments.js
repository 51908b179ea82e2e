// The closest points of two segments (Ericson, Real-Time Collision Detection, 5.1.9), and two capsules as
// swept spheres: they overlap exactly when their segments come within r1 + r2. Answers:
// np.closestPointsSegmentSegment and np.overlapCapsuleCapsule. The walkthrough redoes Ericson's parameters s and
// t before and after clamping; its distance (and, where the pair is unique, its points) are checked against
// the library's, which takes the nearest of the same candidates without clamping one after the other.
import * as THREE from "three";
import { COLORS, Dashed, Dot, Rod } from "../app/draw.js";
import capsuleShape from "../app/shapes/capsule.js";
import { mergeText } from "../app/i18n.js";
import { num, val, vec, vval } from "../app/format.js";
import { ERICSON } from "./closest-point-triangle.js";

const V = (x, y, z) => new THREE.Vector3(x, y, z);
const clamp01 = (x) => Math.min(Math.max(x, 0), 1);

/**
 * Ericson 5.1.9, ClosestPtSegmentSegment, step by step: the dot products, s and t on the infinite lines, s
 * clamped, t from s (and clamped, with s recomputed when it was), and the two closest points. `parallel`: the
 * lines' determinant is (nearly) zero, and Ericson picks s = 0.
 */
export function segmentParameters(p1, q1, p2, q2) {
  const d1 = new THREE.Vector3().subVectors(q1, p1);
  const d2 = new THREE.Vector3().subVectors(q2, p2);
  const r = new THREE.Vector3().subVectors(p1, p2);
  const a = d1.dot(d1),
    e = d2.dot(d2),
    f = d2.dot(r),
    b = d1.dot(d2),
    c = d1.dot(r);
  const denom = a * e - b * b;
  const out = { a, b, c, e, f, denom, d1, d2, kind: "general" };
  let s, t;
  if (a === 0 && e === 0) {
    out.kind = "points";
    s = t = 0;
  } else if (a === 0) {
    out.kind = "firstPoint";
    s = 0;
    out.tRaw = f / e;
    t = clamp01(out.tRaw);
  } else if (e === 0) {
    out.kind = "secondPoint";
    t = 0;
    out.sRaw = -c / a;
    s = clamp01(out.sRaw);
  } else {
    out.parallel = denom <= 1e-12 * a * e;
    out.sLine = out.parallel ? 0 : (b * f - c * e) / denom;
    out.tLine = out.parallel ? 0 : (a * f - b * c) / denom;
    out.sClamped = clamp01(out.sLine);
    out.tFromS = (b * out.sClamped + f) / e;
    s = out.sClamped;
    t = out.tFromS;
    if (t < 0) {
      t = 0;
      out.sAgain = -c / a;
      s = clamp01(out.sAgain);
    } else if (t > 1) {
      t = 1;
      out.sAgain = (b - c) / a;
      s = clamp01(out.sAgain);
    }
  }
  out.s = s;
  out.t = t;
  out.c1 = p1.clone().addScaledVector(d1, s);
  out.c2 = p2.clone().addScaledVector(d2, t);
  out.distance = out.c1.distanceTo(out.c2);
  return out;
}

/** A handle on the capsule's surface beside the middle of its segment: dragging it sets the radius. */
function radiusHandle(ctx, { name, color, ends, key }) {
  const frame = (s) => {
    const [p, q] = ends(s);
    const dir = new THREE.Vector3().subVectors(q, p);
    let side = new THREE.Vector3().crossVectors(dir, V(0, 1, 0));
    if (side.lengthSq() < 1e-12) side = V(1, 0, 0);
    return { mid: p.clone().lerp(q, 0.5), side: side.normalize() };
  };
  ctx.handle({
    name,
    color,
    get: (s) => {
      const { mid, side } = frame(s);
      return mid.addScaledVector(side, Math.max(s[key], 0.12));
    },
    drag: (s, point) => ({ [key]: point.distanceTo(frame(s).mid) }),
  });
}

export default {
  id: "closest-points-segments",
  camera: { position: [1.5, 4.2, 6.6], target: [0, 0.4, 0] },
  defaults: {
    ax: -1.8,
    ay: 0.2,
    az: -0.6,
    bx: 1.6,
    by: -0.3,
    bz: 0.5,
    cx: -0.2,
    cy: 1.5,
    cz: 1.7,
    dx: 1.5,
    dy: 0.9,
    dz: -1.2,
    r1: 0.35,
    r2: 0.3,
  },
  fields: [
    { label: "startP1", keys: ["ax", "ay", "az"] },
    { label: "endQ1", keys: ["bx", "by", "bz"] },
    { label: "radius1", keys: ["r1"], min: 0 },
    { label: "startP2", keys: ["cx", "cy", "cz"] },
    { label: "endQ2", keys: ["dx", "dy", "dz"] },
    { label: "radius2", keys: ["r2"], min: 0 },
  ],
  /** States worth seeing: each clamping branch, parallel segments, a point, capsules overlapping and touching. */
  examples: [
    // The lines' nearest points lie beyond Q1: s is clamped to 1, and t follows inside [0, 1].
    { name: "s clamped", state: { bx: -0.4, by: 0.1, bz: -0.1 } },
    // t from s falls before P2: t is clamped to 0 and s found again (0.49, inside segment 1).
    {
      name: "t clamped",
      state: { cx: 0, cy: 1, cz: 0, dx: 3, dy: 2.5, dz: 2 },
    },
    // Parallel segments: every point of the overlap is as near; Ericson takes s = 0.
    {
      name: "parallel",
      state: {
        ax: -1.5,
        ay: 0,
        az: 0,
        bx: 1.5,
        by: 0,
        bz: 0,
        cx: -0.5,
        cy: 1,
        cz: 0,
        dx: 2.5,
        dy: 1,
        dz: 0,
      },
    },
    // A segment of zero length is a point (Ericson's first branches).
    {
      name: "a point",
      state: { cx: 0.25, cy: 1.5, cz: 0.5, dx: 0.25, dy: 1.5, dz: 0.5 },
    },
    { name: "capsules overlap", state: { r1: 0.8, r2: 0.7 } },
    // Crossing at distance exactly 1 with r1 + r2 = 1: touching counts as overlapping.
    {
      name: "touching",
      state: {
        ax: -1.5,
        ay: 0,
        az: 0,
        bx: 1.5,
        by: 0,
        bz: 0,
        cx: 0,
        cy: 1,
        cz: -1.5,
        dx: 0,
        dy: 1,
        dz: 1.5,
        r1: 0.5,
        r2: 0.5,
      },
    },
  ],

  text: mergeText(ERICSON, {
    en: {
      menu: "Segments, capsules",
      menuNote: "Ericson 5.1.9",
      title: "Closest points of two segments, and capsules as swept spheres",
      source: `${ERICSON.en.ericson("5.1.9")} This page shows s and t before and after clamping, draws the lines they live on, and checks the closest points and the capsules' verdict against the library's.`,
      startP1: "Segment 1 start P1",
      endQ1: "Segment 1 end Q1",
      radius1: "Capsule 1 radius r1",
      startP2: "Segment 2 start P2",
      endQ2: "Segment 2 end Q2",
      radius2: "Capsule 2 radius r2",
      explanation: `
    <p>Write the points of the two segments as <code>P1 + s·d1</code> and <code>P2 + t·d2</code>, with
    <code>d1 = Q1 − P1</code>, <code>d2 = Q2 − P2</code> and s, t in [0, 1]. On the infinite lines the nearest pair
    is where the line between them is perpendicular to both: two linear equations in s and t, solved with the dot
    products a, b, c, e, f. When that pair falls outside the segments, Ericson clamps s into [0, 1], finds the t
    nearest to that point, and if t had to be clamped too, finds s again for the clamped t.</p>
    <p>A <i>capsule</i> is a sphere swept along a segment: every point within r of it. So two capsules overlap
    exactly when some point of one segment is within <code>r1 + r2</code> of some point of the other, that is when
    the segments' distance is at most <code>r1 + r2</code> — one closest-points query and one comparison.</p>
    <p>Drag the end points <b class="ca">P1</b>, <b class="ca">Q1</b>, <b class="cb">P2</b>, <b class="cb">Q2</b>
    or the small handles beside each capsule (their radii). The dashed lines are the segments' lines; the faint dots
    on them are the lines' nearest points before clamping.</p>`,
      result: (d, c1, c2, overlap, sum) =>
        `distance ${d} between ${c1} and ${c2}; ${overlap ? `capsules overlap: ${d} ≤ r1 + r2 = ${sum}` : `capsules apart: ${d} > r1 + r2 = ${sum}`}`,
      step1: "The dot products",
      step1Note: `<code>r = P1 − P2</code>; a and e are the squared lengths, <code>a·e − b²</code> is zero exactly
            when the segments are parallel.`,
      step2: "s and t on the infinite lines",
      parallel:
        "The lines are parallel (a·e − b² = 0): every point of one is as near to the other line, and Ericson takes s = 0.",
      lines: (s, t) =>
        `The lines' nearest points are at s = ${s}, t = ${t} (the faint dots).`,
      step3: "Clamp s, then find t for it",
      again: (which) =>
        `t fell ${which} [0, 1]: it is clamped, and s is found again for that end of segment 2, then clamped.`,
      below: "below",
      above: "above",
      inside: "t already lies in [0, 1]: nothing more to clamp.",
      pointCase: (which) =>
        `Segment ${which} has zero length: it is a point, and only the other segment's parameter is sought (then clamped).`,
      bothPoints: "Both segments have zero length: two points, s = t = 0.",
      step4: "The closest points and their distance",
      libraryPair:
        "The library takes the nearest of the same candidates (the lines' pair when it lies inside both segments, and each end point with its nearest point on the other segment) instead of clamping one after the other: the same distance, and for parallel segments possibly another of the equally near pairs.",
      step5: "Capsules: the segments' distance against r1 + r2",
      overlap: `<b class="bad">overlap</b>`,
      apart: `<b class="good">apart</b>`,
      agreeD: "distance",
      agreeC1: "closest point on segment 1",
      agreeC2: "closest point on segment 2",
      agreeOverlap: "capsule verdict",
    },
    ko: {
      menu: "선분과 캡슐",
      menuNote: "Ericson 5.1.9",
      title: "두 선분의 가장 가까운 점, 그리고 구를 쓸어 만든 캡슐",
      source: `${ERICSON.ko.ericson("5.1.9")} 이 페이지에서는 클램프 전후의 s와 t를 보여 주고, 그 값이 놓이는 직선을 그리며, 가장 가까운 점과 캡슐 판정을 라이브러리의 답과 대조합니다.`,
      startP1: "선분 1 시작점 P1",
      endQ1: "선분 1 끝점 Q1",
      radius1: "캡슐 1 반지름 r1",
      startP2: "선분 2 시작점 P2",
      endQ2: "선분 2 끝점 Q2",
      radius2: "캡슐 2 반지름 r2",
      explanation: `
    <p>두 선분 위의 점을 <code>P1 + s·d1</code>, <code>P2 + t·d2</code>로 나타냅니다. 여기서
    <code>d1 = Q1 − P1</code>, <code>d2 = Q2 − P2</code>이고 s, t는 [0, 1] 범위입니다. 무한히 긴 직선에서 가장
    가까운 두 점은 두 점을 잇는 선이 양쪽 직선에 모두 수직인 곳이며, 이는 내적 a, b, c, e, f로 푸는 s, t에 대한
    일차방정식 두 개가 됩니다. 그 점이 선분 밖으로 나가면 Ericson은 s를 [0, 1]로 클램프하고, 그 점에 가장 가까운
    t를 구한 뒤, t도 클램프해야 했다면 클램프된 t에 대해 s를 다시 구합니다.</p>
    <p><i>캡슐</i>은 구를 선분을 따라 쓸고 지나간 모양, 즉 선분에서 거리 r 이내인 모든 점입니다. 따라서 두 캡슐은
    한 선분의 어떤 점이 다른 선분의 어떤 점과 <code>r1 + r2</code> 이내에 있을 때, 곧 두 선분 사이의 거리가
    <code>r1 + r2</code> 이하일 때 정확히 겹칩니다. 가장 가까운 점 쿼리 한 번과 비교 한 번이면 됩니다.</p>
    <p>끝점 <b class="ca">P1</b>, <b class="ca">Q1</b>, <b class="cb">P2</b>, <b class="cb">Q2</b>나 캡슐 옆의
    작은 핸들(반지름)을 드래그해 보세요. 점선은 선분을 연장한 직선이고, 그 위의 흐린 점은 클램프하기 전의 직선끼리의
    가장 가까운 점입니다.</p>`,
      result: (d, c1, c2, overlap, sum) =>
        `두 점 ${c1}, ${c2} 사이의 거리 ${d}; ${overlap ? `캡슐이 겹침: ${d} ≤ r1 + r2 = ${sum}` : `캡슐이 떨어져 있음: ${d} > r1 + r2 = ${sum}`}`,
      step1: "내적 계산",
      step1Note: `<code>r = P1 − P2</code>입니다. a와 e는 길이의 제곱이고, <code>a·e − b²</code>는 두 선분이 평행할
            때에만 0이 됩니다.`,
      step2: "무한 직선 위의 s와 t",
      parallel:
        "두 직선이 평행합니다(a·e − b² = 0). 한 직선의 모든 점이 다른 직선까지 같은 거리에 있으므로 Ericson은 s = 0으로 정합니다.",
      lines: (s, t) =>
        `직선끼리 가장 가까운 점은 s = ${s}, t = ${t}입니다(흐린 점).`,
      step3: "s를 클램프하고, 그에 맞는 t 구하기",
      again: (which) =>
        `t가 [0, 1]보다 ${which} 클램프하고, 선분 2의 그 끝점에 대해 s를 다시 구해 클램프합니다.`,
      below: "작으므로",
      above: "크므로",
      inside: "t가 이미 [0, 1] 안에 있으므로 더 클램프할 것이 없습니다.",
      pointCase: (which) =>
        `선분 ${which}의 길이가 0이므로 점입니다. 다른 선분의 매개변수만 구해 클램프합니다.`,
      bothPoints: "두 선분 모두 길이가 0인 점입니다: s = t = 0.",
      step4: "가장 가까운 두 점과 그 거리",
      libraryPair:
        "라이브러리는 하나씩 차례로 클램프하는 대신 같은 후보들(직선끼리의 점이 두 선분 안에 있을 때의 그 점, 그리고 각 끝점과 다른 선분 위의 가장 가까운 점) 중 가장 가까운 것을 고릅니다. 거리는 같고, 평행한 선분이라면 똑같이 가까운 다른 쌍이 나올 수 있습니다.",
      step5: "캡슐: 선분 사이의 거리와 r1 + r2 비교",
      overlap: `<b class="bad">겹침</b>`,
      apart: `<b class="good">떨어져 있음</b>`,
      agreeD: "거리",
      agreeC1: "선분 1 위의 가장 가까운 점",
      agreeC2: "선분 2 위의 가장 가까운 점",
      agreeOverlap: "캡슐 판정",
    },
    ja: {
      menu: "線分とカプセル",
      menuNote: "Ericson 5.1.9",
      title: "2本の線分の最近点と、球を掃引したカプセル",
      source: `${ERICSON.ja.ericson("5.1.9")}このページでは、クランプ前後の s と t を示し、それが乗る直線を描き、最近点とカプセルの判定をライブラリの答えと照合します。`,
      startP1: "線分1の始点 P1",
      endQ1: "線分1の終点 Q1",
      radius1: "カプセル1の半径 r1",
      startP2: "線分2の始点 P2",
      endQ2: "線分2の終点 Q2",
      radius2: "カプセル2の半径 r2",
      explanation: `
    <p>2本の線分上の点を <code>P1 + s·d1</code>、<code>P2 + t·d2</code> と書きます。<code>d1 = Q1 − P1</code>、<code>d2 = Q2 − P2</code> で、s と t は [0, 1] の範囲です。無限に延びた直線どうしで最も近い2点は、2点を結ぶ線が両方の直線に垂直になるところで、内積 a、b、c、e、f を使った s と t の連立一次方程式になります。その点が線分の外に出たら、Ericson は s を [0, 1] にクランプし、その点に最も近い t を求め、t もクランプが必要なら、クランプした t に対して s を求め直します。</p>
    <p><i>カプセル</i>は球を線分に沿って掃引した形、つまり線分から距離 r 以内のすべての点です。したがって2つのカプセルは、一方の線分のある点が他方の線分のある点から <code>r1 + r2</code> 以内にあるとき、すなわち線分どうしの距離が <code>r1 + r2</code> 以下のときにちょうど重なります。最近点の問い合わせ1回と比較1回で済みます。</p>
    <p>端点 <b class="ca">P1</b>、<b class="ca">Q1</b>、<b class="cb">P2</b>、<b class="cb">Q2</b> や、カプセルの脇の小さなハンドル（半径）をドラッグしてみてください。破線は線分を延長した直線で、その上の薄い点はクランプ前の直線どうしの最近点です。</p>`,
      result: (d, c1, c2, overlap, sum) =>
        `${c1} と ${c2} の距離 ${d}；${overlap ? `カプセルは重なる：${d} ≤ r1 + r2 = ${sum}` : `カプセルは離れている：${d} > r1 + r2 = ${sum}`}`,
      step1: "内積を求める",
      step1Note: `<code>r = P1 − P2</code> です。a と e は長さの2乗で、<code>a·e − b²</code> は2本の線分が平行なときだけ0になります。`,
      step2: "無限の直線上での s と t",
      parallel:
        "2本の直線は平行です（a·e − b² = 0）。一方の直線のどの点も他方の直線まで同じ距離なので、Ericson は s = 0 とします。",
      lines: (s, t) =>
        `直線どうしの最近点は s = ${s}、t = ${t} です（薄い点）。`,
      step3: "s をクランプし、それに対する t を求める",
      again: (which) =>
        `t が [0, 1] より${which}ので、クランプし、線分2のその端に対して s を求め直してクランプします。`,
      below: "小さい",
      above: "大きい",
      inside:
        "t はすでに [0, 1] の中にあるので、これ以上クランプするものはありません。",
      pointCase: (which) =>
        `線分${which}は長さ0なので点です。もう一方の線分のパラメータだけを求めてクランプします。`,
      bothPoints: "2本とも長さ0の点です：s = t = 0。",
      step4: "2つの最近点とその距離",
      libraryPair:
        "ライブラリは順にクランプする代わりに、同じ候補（直線どうしの点が両方の線分の中にあればその点、そして各端点と他方の線分上の最近点）のうち最も近いものを選びます。距離は同じで、平行な線分では同じだけ近い別の組になることがあります。",
      step5: "カプセル：線分どうしの距離と r1 + r2 の比較",
      overlap: `<b class="bad">重なる</b>`,
      apart: `<b class="good">離れている</b>`,
      agreeD: "距離",
      agreeC1: "線分1上の最近点",
      agreeC2: "線分2上の最近点",
      agreeOverlap: "カプセルの判定",
    },
  }),

  build(ctx) {
    const o = (ctx.objects = {
      cap1: capsuleShape.view(ctx, COLORS.a),
      cap2: capsuleShape.view(ctx, COLORS.b),
      seg1: ctx.add(new Rod(COLORS.a, 0.025)),
      seg2: ctx.add(new Rod(COLORS.b, 0.025)),
      line1: ctx.add(new Dashed(COLORS.a, { opacity: 0.6 })),
      line2: ctx.add(new Dashed(COLORS.b, { opacity: 0.6 })),
      raw1: ctx.add(new Dot(COLORS.dim, 0.045)),
      raw2: ctx.add(new Dot(COLORS.dim, 0.045)),
      rawLink: ctx.add(new Dashed(COLORS.dim)),
      c1: ctx.add(new Dot(COLORS.key, 0.07)),
      c2: ctx.add(new Dot(COLORS.key, 0.07)),
      dist: ctx.add(new Rod(COLORS.key, 0.014)),
      reach1: ctx.add(new Rod(COLORS.a, 0.03)),
      reach2: ctx.add(new Rod(COLORS.b, 0.03)),
      names: [
        ["P1", COLORS.a],
        ["Q1", COLORS.a],
        ["P2", COLORS.b],
        ["Q2", COLORS.b],
      ].map(([n, c]) => ctx.label(n, c)),
      c1Label: ctx.label("", COLORS.key),
      c2Label: ctx.label("", COLORS.key),
      dLabel: ctx.label("", COLORS.key, "plain"),
    });
    o.c1Label.center.set(1.15, 1.3);
    o.c2Label.center.set(-0.15, 1.3);
    const ends = (p, q) => (s) => [
      V(s[`${p}x`], s[`${p}y`], s[`${p}z`]),
      V(s[`${q}x`], s[`${q}y`], s[`${q}z`]),
    ];
    [
      ["a", "P1", COLORS.a],
      ["b", "Q1", COLORS.a],
      ["c", "P2", COLORS.b],
      ["d", "Q2", COLORS.b],
    ].forEach(([k, name, color]) =>
      ctx.handle({
        name,
        color,
        get: (s) => [s[`${k}x`], s[`${k}y`], s[`${k}z`]],
        drag: (s, p) => ({ [`${k}x`]: p.x, [`${k}y`]: p.y, [`${k}z`]: p.z }),
      }),
    );
    radiusHandle(ctx, {
      name: "r1",
      color: COLORS.a,
      ends: ends("a", "b"),
      key: "r1",
    });
    radiusHandle(ctx, {
      name: "r2",
      color: COLORS.b,
      ends: ends("c", "d"),
      key: "r2",
    });
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const p1 = V(s.ax, s.ay, s.az),
      q1 = V(s.bx, s.by, s.bz),
      p2 = V(s.cx, s.cy, s.cz),
      q2 = V(s.dx, s.dy, s.dz);

    // The answers, from the library.
    const lib = np.closestPointsSegmentSegment(
      { start: p1, end: q1 },
      { start: p2, end: q2 },
    );
    const overlap = np.overlapCapsuleCapsule(
      { start: p1, end: q1, radius: s.r1 },
      { start: p2, end: q2, radius: s.r2 },
    );
    const c1 = V(lib.pointA.x, lib.pointA.y, lib.pointA.z);
    const c2 = V(lib.pointB.x, lib.pointB.y, lib.pointB.z);
    const d = lib.distance;
    const sum = s.r1 + s.r2;

    // The walkthrough: Ericson's clamping, checked against the library.
    const w = segmentParameters(p1, q1, p2, q2);
    ctx.agree(t("agreeD"), w.distance, d, 1e-9);
    // The pair is unique unless the segments are parallel (or a point faces a segment's whole length: no).
    if (w.kind === "general" && !(w.denom <= 1e-6 * w.a * w.e)) {
      ctx.agree(t("agreeC1"), w.c1, c1, 1e-6);
      ctx.agree(t("agreeC2"), w.c2, c2, 1e-6);
    }
    ctx.agree(t("agreeOverlap"), d <= sum, overlap);

    // Drawing: capsules, segments, their lines, the lines' nearest points, the closest points.
    const tone = overlap ? COLORS.overlap : COLORS.clear;
    o.cap1.place(
      { start: p1, end: q1, radius: s.r1 },
      overlap ? tone : COLORS.a,
    );
    o.cap2.place(
      { start: p2, end: q2, radius: s.r2 },
      overlap ? tone : COLORS.b,
    );
    for (const part of [...o.cap1.parts, ...o.cap2.parts]) {
      if (part.fill) part.setOpacity(0.14);
      else part.material.opacity = 0.14;
    }
    o.seg1.set(p1, q1);
    o.seg2.set(p2, q2);
    const onLine = (p, dir, x) => p.clone().addScaledVector(dir, x);
    const general = w.kind === "general" && !w.parallel;
    const lo1 = Math.min(-0.6, general ? w.sLine - 0.3 : 0),
      hi1 = Math.max(1.6, general ? w.sLine + 0.3 : 1);
    const lo2 = Math.min(-0.6, general ? w.tLine - 0.3 : 0),
      hi2 = Math.max(1.6, general ? w.tLine + 0.3 : 1);
    const reasonable =
      general && Math.abs(w.sLine) < 6 && Math.abs(w.tLine) < 6;
    o.line1.set(
      onLine(p1, w.d1, reasonable ? lo1 : -0.6),
      onLine(p1, w.d1, reasonable ? hi1 : 1.6),
    );
    o.line2.set(
      onLine(p2, w.d2, reasonable ? lo2 : -0.6),
      onLine(p2, w.d2, reasonable ? hi2 : 1.6),
    );
    o.line1.visible &&= w.a > 0;
    o.line2.visible &&= w.e > 0;
    const raw1 = reasonable ? onLine(p1, w.d1, w.sLine) : null;
    const raw2 = reasonable ? onLine(p2, w.d2, w.tLine) : null;
    o.raw1.visible = o.raw2.visible = o.rawLink.visible = false;
    if (reasonable) {
      o.raw1.set(raw1);
      o.raw2.set(raw2);
      o.rawLink.set(raw1, raw2);
    }
    o.c1.set(c1);
    o.c2.set(c2);
    o.dist.set(c1, c2);
    // How far each radius reaches from its closest point toward the other: they meet exactly when d ≤ r1 + r2.
    const toward = new THREE.Vector3().subVectors(c2, c1);
    if (d > 0) toward.divideScalar(d);
    o.reach1.visible = o.reach2.visible = d > 0;
    if (d > 0) {
      o.reach1.set(
        c1,
        c1.clone().addScaledVector(toward, Math.min(s.r1, d * 4)),
      );
      o.reach2.set(
        c2,
        c2.clone().addScaledVector(toward, -Math.min(s.r2, d * 4)),
      );
      o.reach1.visible &&= s.r1 > 0;
      o.reach2.visible &&= s.r2 > 0;
    }
    [p1, q1, p2, q2].forEach((x, i) => o.names[i].at(x));
    o.c1Label.setText(`s = ${num(w.s)}`).at(c1);
    o.c2Label.setText(`t = ${num(w.t)}`).at(c2);
    o.dLabel.visible = d > 0;
    o.dLabel.setText(`d = ${num(d)}`).position.lerpVectors(c1, c2, 0.5);

    // The steps.
    const dots = [
      ["a", "d1 · d1", w.a],
      ["b", "d1 · d2", w.b],
      ["c", "d1 · r", w.c],
      ["e", "d2 · d2", w.e],
      ["f", "d2 · r", w.f],
      ["a·e − b²", "", w.denom],
    ];
    const table = `<table class="t">${dots
      .map(
        ([n, f, x]) => `<tr><td>${n}</td><td>${f}</td><td>${num(x)}</td></tr>`,
      )
      .join("")}</table>`;
    let step2, step3;
    if (w.kind === "points") {
      step2 = `<p>${t("bothPoints")}</p>`;
      step3 = `<p class="eq">s = 0, t = 0</p>`;
    } else if (w.kind === "firstPoint") {
      step2 = `<p>${t("pointCase", 1)}</p>`;
      step3 = `<p class="eq">t = f / e = ${val(w.tRaw)} → t = ${val(w.t)}</p>`;
    } else if (w.kind === "secondPoint") {
      step2 = `<p>${t("pointCase", 2)}</p>`;
      step3 = `<p class="eq">s = −c / a = ${val(w.sRaw)} → s = ${val(w.s)}</p>`;
    } else {
      step2 = w.parallel
        ? `<p>${t("parallel")}</p>`
        : `<p class="eq">s = (b·f − c·e) / (a·e − b²) = ${val(w.sLine)}</p>
           <p class="eq">t = (a·f − b·c) / (a·e − b²) = ${val(w.tLine)}</p>
           <p>${t("lines", num(w.sLine), num(w.tLine))}</p>`;
      const again =
        w.sAgain === undefined
          ? `<p>${t("inside")}</p>`
          : `<p class="eq">t → ${val(w.t)}, s = ${w.t === 0 ? "−c / a" : "(b − c) / a"} = ${val(w.sAgain)} → s = ${val(w.s)}</p>
             <p>${t("again", t(w.t === 0 ? "below" : "above"))}</p>`;
      step3 = `<p class="eq">s = min(max(${num(w.sLine)}, 0), 1) = ${val(w.sClamped)}</p>
        <p class="eq">t = (b·s + f) / e = ${val(w.tFromS)}</p>${again}`;
    }
    return {
      result: t("result", num(d), vec(c1), vec(c2), overlap, num(sum)),
      tone: overlap ? "overlap" : "clear",
      steps: [
        {
          title: t("step1"),
          html: `<p class="eq">d1 = Q1 − P1 = ${vval(w.d1)}, d2 = Q2 − P2 = ${vval(w.d2)}</p>${table}<p>${t("step1Note")}</p>`,
        },
        { title: t("step2"), html: step2 },
        { title: t("step3"), key: true, html: step3 },
        {
          title: t("step4"),
          key: true,
          html: `<p class="eq">P1 + s·d1 = ${vval(w.c1)}</p><p class="eq">P2 + t·d2 = ${vval(w.c2)}</p>
            <p class="eq">d = ${val(d)}</p><p>${t("libraryPair")}</p>`,
        },
        {
          title: t("step5"),
          key: true,
          html: `<p class="eq">d = ${val(d)} ${overlap ? "≤" : ">"} r1 + r2 = ${num(s.r1)} + ${num(s.r2)} = ${val(sum)}: ${t(overlap ? "overlap" : "apart")}</p>`,
        },
      ],
    };
  },
};
