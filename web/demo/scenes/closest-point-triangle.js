// The closest point of a triangle to a point, by Voronoi regions (Ericson, Real-Time Collision Detection, 5.1.5).
// Answers: np.closestPointOnTriangle and np.distancePointTriangle. The walkthrough redoes Ericson's dot
// products d1…d6 and the areas va, vb, vc in JS to show which of the seven regions P falls in and the
// barycentric coordinates of the answer; its point and distance are checked against the library's.
import * as THREE from "three";
import { COLORS, Dashed, Dot, Rod, material, setColor } from "../app/draw.js";
import { mergeText } from "../app/i18n.js";
import { num, val, vec, vval } from "../app/format.js";

/** Ericson's book, cited the same way by every scene built on it; `section` is e.g. "5.1.5". */
export const ERICSON = {
  en: {
    ericson: (section) =>
      `After Christer Ericson, “Real-Time Collision Detection” (Morgan Kaufmann, 2005), section ${section}.`,
  },
  ko: {
    ericson: (section) =>
      `Christer Ericson의 「Real-Time Collision Detection」(Morgan Kaufmann, 2005) ${section}절을 바탕으로 합니다.`,
  },
  ja: {
    ericson: (section) =>
      `Christer Ericson『Real-Time Collision Detection』（Morgan Kaufmann、2005年）${section}節をもとにしています。`,
  },
};

/** A flat see-through polygon of up to four corners (a fan), redrawn in place: one Voronoi region. */
export class Poly extends THREE.Mesh {
  constructor(color, opacity = 0.2) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(12), 3),
    );
    geometry.setIndex([0, 1, 2, 0, 2, 3]);
    super(
      geometry,
      material(color, { opacity, emissive: 0.4, side: THREE.DoubleSide }),
    );
    this.frustumCulled = false;
  }
  set(points) {
    const p = this.geometry.attributes.position;
    for (let i = 0; i < 4; i++) {
      const q = points[Math.min(i, points.length - 1)];
      p.setXYZ(i, q.x, q.y, q.z);
    }
    p.needsUpdate = true;
    this.geometry.computeBoundingSphere();
    this.visible = points.every((q) => Number.isFinite(q.x + q.y + q.z));
    return this;
  }
}

const V = (x, y, z) => new THREE.Vector3(x, y, z);
const sub = (a, b) => new THREE.Vector3().subVectors(a, b);

/** Region ids, in the order Ericson tests them; the last one is the face. */
const REGIONS = ["A", "B", "AB", "C", "AC", "BC", "face"];

/**
 * Ericson 5.1.5, ClosestPtPointTriangle, as the book writes it: the six dot products, the three areas and the
 * tests in order. Returns every quantity, the region, the barycentric coordinates (u, v, w) of the answer
 * (Q = u·A + v·B + w·C) and Q itself.
 */
export function voronoi(p, a, b, c) {
  const ab = sub(b, a),
    ac = sub(c, a);
  const ap = sub(p, a),
    bp = sub(p, b),
    cp = sub(p, c);
  const d1 = ab.dot(ap),
    d2 = ac.dot(ap),
    d3 = ab.dot(bp),
    d4 = ac.dot(bp),
    d5 = ab.dot(cp),
    d6 = ac.dot(cp);
  const vc = d1 * d4 - d3 * d2,
    vb = d5 * d2 - d1 * d6,
    va = d3 * d6 - d5 * d4;
  // The tests in Ericson's order, each [region, passes]; the first that passes decides.
  const tests = [
    ["A", d1 <= 0 && d2 <= 0],
    ["B", d3 >= 0 && d4 <= d3],
    ["AB", vc <= 0 && d1 >= 0 && d3 <= 0],
    ["C", d6 >= 0 && d5 <= d6],
    ["AC", vb <= 0 && d2 >= 0 && d6 <= 0],
    ["BC", va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0],
    ["face", true],
  ];
  const region = tests.find(([, ok]) => ok)[0];
  let u, v, w;
  switch (region) {
    case "A":
      [u, v, w] = [1, 0, 0];
      break;
    case "B":
      [u, v, w] = [0, 1, 0];
      break;
    case "C":
      [u, v, w] = [0, 0, 1];
      break;
    case "AB": {
      const t = d1 / (d1 - d3);
      [u, v, w] = [1 - t, t, 0];
      break;
    }
    case "AC": {
      const t = d2 / (d2 - d6);
      [u, v, w] = [1 - t, 0, t];
      break;
    }
    case "BC": {
      const t = (d4 - d3) / (d4 - d3 + (d5 - d6));
      [u, v, w] = [0, 1 - t, t];
      break;
    }
    default: {
      const denom = 1 / (va + vb + vc);
      v = vb * denom;
      w = vc * denom;
      u = 1 - v - w;
    }
  }
  const q = new THREE.Vector3()
    .addScaledVector(a, u)
    .addScaledVector(b, v)
    .addScaledVector(c, w);
  return { d1, d2, d3, d4, d5, d6, va, vb, vc, tests, region, u, v, w, q };
}

/** The unit vector in the triangle's plane, perpendicular to edge from→to, pointing away from `other`. */
function outward(from, to, other, normal) {
  const out = new THREE.Vector3().crossVectors(sub(to, from), normal);
  if (out.dot(sub(other, from)) > 0) out.negate();
  return out.normalize();
}

const REACH = 2.2; // how far the drawn regions reach beyond the triangle

const REGION_NAMES = {
  en: {
    A: "vertex region A",
    B: "vertex region B",
    C: "vertex region C",
    AB: "edge region AB",
    AC: "edge region AC",
    BC: "edge region BC",
    face: "face region",
  },
  ko: {
    A: "꼭짓점 A 영역",
    B: "꼭짓점 B 영역",
    C: "꼭짓점 C 영역",
    AB: "변 AB 영역",
    AC: "변 AC 영역",
    BC: "변 BC 영역",
    face: "면 영역",
  },
  ja: {
    A: "頂点 A の領域",
    B: "頂点 B の領域",
    C: "頂点 C の領域",
    AB: "辺 AB の領域",
    AC: "辺 AC の領域",
    BC: "辺 BC の領域",
    face: "面の領域",
  },
};
const regionText = (lang) => ({ region: (id) => REGION_NAMES[lang][id] });

export default {
  id: "closest-point-triangle",
  // From above the triangle's plane, so the seven regions drawn in it are seen open, not edge-on.
  camera: { position: [1.2, 6.4, 4.6], target: [0.1, 0, 0.2] },
  defaults: {
    px: 1.6,
    py: 1.1,
    pz: 1.4,
    ax: -1.6,
    ay: 0,
    az: -0.9,
    bx: 1.7,
    by: 0.3,
    bz: -0.5,
    cx: -0.3,
    cy: -0.2,
    cz: 1.5,
  },
  fields: [
    { label: "pointP", keys: ["px", "py", "pz"] },
    { label: "cornerA", keys: ["ax", "ay", "az"] },
    { label: "cornerB", keys: ["bx", "by", "bz"] },
    { label: "cornerC", keys: ["cx", "cy", "cz"] },
  ],
  /** States worth seeing: each kind of region, P on an edge, P in the plane, a degenerate (flat) triangle. */
  examples: [
    { name: "face", state: { px: -0.1, py: 1.2, pz: 0 } },
    { name: "vertex A", state: { px: -2.8, py: 0.5, pz: -1.9 } },
    { name: "vertex B", state: { px: 2.9, py: -0.4, pz: -1.2 } },
    { name: "vertex C", state: { px: -0.6, py: 0.8, pz: 2.9 } },
    { name: "edge AB", state: { px: 0.2, py: 0.6, pz: -2 } },
    { name: "edge AC", state: { px: -1.9, py: -0.5, pz: 0.8 } },
    // P exactly on edge AB's midpoint (binary-exact corners): distance 0.
    {
      name: "on an edge",
      state: {
        ax: -1.5,
        ay: 0,
        az: -1,
        bx: 1.5,
        by: 0,
        bz: -1,
        cx: 0,
        cy: 0,
        cz: 1.5,
        px: 0,
        py: 0,
        pz: -1,
      },
    },
    // A triangle whose corners lie on one line: the library takes the segment they span.
    {
      name: "degenerate triangle",
      state: {
        ax: -1.5,
        ay: 0,
        az: -0.5,
        bx: 0.5,
        by: 0,
        bz: 0.5,
        cx: 1.5,
        cy: 0,
        cz: 1,
        px: 0.5,
        py: 1,
        pz: -1,
      },
    },
  ],

  text: mergeText(
    ERICSON,
    { en: regionText("en"), ko: regionText("ko"), ja: regionText("ja") },
    {
      en: {
        menu: "Triangle point",
        menuNote: "Ericson 5.1.5",
        title: "Closest point on a triangle, by Voronoi regions",
        source: `${ERICSON.en.ericson("5.1.5")} This page draws the seven regions on the triangle's plane, shows the dot products that pick one with their signs, and checks the answer against the library's.`,
        pointP: "Point P",
        cornerA: "Corner A",
        cornerB: "Corner B",
        cornerC: "Corner C",
        explanation: `
    <p>The point of a triangle nearest to <b class="ca">P</b> is one of three kinds: a corner, a point inside an
    edge, or a point inside the face. Which one depends only on where P is, and the triangle's plane splits into
    seven <i>Voronoi regions</i> that say so: three corner regions (wedges behind each corner), three edge regions
    (strips beside each edge) and the face. Their borders are the lines through each corner perpendicular to its
    two edges.</p>
    <p>Ericson finds P's region with six dot products of the edges <code>AB</code> and <code>AC</code> with the
    vectors from the corners to P (d1 … d6): their signs say whether P lies beyond a corner along an edge. Three
    combinations of them, <code>va</code>, <code>vb</code> and <code>vc</code>, are (up to a common factor) the
    signed areas of the triangles PBC, PCA and PAB seen in the plane; a negative one puts P beyond that edge. The
    tests run in a fixed order and the first that passes decides; the answer follows as barycentric coordinates
    <code>(u, v, w)</code>, <code>Q = u·A + v·B + w·C</code>.</p>
    <p>Drag <b class="ca">P</b> or the corners <b class="cb">A</b>, <b class="cb">B</b>, <b class="cb">C</b>, and
    watch the lit region follow.</p>`,
        result: (q, d, on) =>
          `closest point ${q}, distance ${d}${on ? " (P lies on the triangle)" : ""}`,
        regionLabel: (name) => name,
        step1: "Six dot products: P against the corners, along the edges",
        step1Note: `A sign says on which side of a border P lies: <code>d1 ≤ 0</code> and <code>d2 ≤ 0</code> put P
            behind A along both of A's edges.`,
        thName: "name",
        thValue: "value",
        thSign: "sign",
        step2: "Three areas: P beside each edge",
        step2Note: `<code>vc</code> ≤ 0 means P lies outside edge AB, seen in the triangle's plane (and likewise
            <code>vb</code> for AC, <code>va</code> for BC).`,
        step3: "The tests, in Ericson's order: the first that passes decides",
        thRegion: "region",
        thTest: "test",
        thPasses: "passes",
        notReached: "not reached",
        step3Note: (name) => `P lies in the <b class="ck">${name}</b>.`,
        step4: "The answer as barycentric coordinates",
        step4Note: (region) =>
          ({
            A: "In a corner's region the corner itself is nearest: (u, v, w) = (1, 0, 0).",
            B: "In a corner's region the corner itself is nearest: (u, v, w) = (0, 1, 0).",
            C: "In a corner's region the corner itself is nearest: (u, v, w) = (0, 0, 1).",
            AB: "In an edge's region P is projected onto the edge: t = d1 / (d1 − d3) is how far along AB.",
            AC: "In an edge's region P is projected onto the edge: t = d2 / (d2 − d6) is how far along AC.",
            BC: "In an edge's region P is projected onto the edge: t = (d4 − d3) / ((d4 − d3) + (d5 − d6)) is how far along BC.",
            face: "In the face's region P is projected onto the plane; the areas give v = vb / (va + vb + vc) and w = vc / (va + vb + vc).",
          })[region],
        step5: "The distance",
        degenerate:
          "The corners lie on one line: the triangle has no face and no regions. The library takes it as the segment between its two extreme corners, and Q is the point of that segment nearest to P.",
        agreeQ: "closest point",
        agreeD: "distance",
      },
      ko: {
        menu: "삼각형 위의 점",
        menuNote: "Ericson 5.1.5",
        title: "보로노이 영역으로 구하는 삼각형 위의 가장 가까운 점",
        source: `${ERICSON.ko.ericson("5.1.5")} 이 페이지에서는 삼각형의 평면 위에 일곱 개의 영역을 그리고, 영역을 고르는 내적 값과 부호를 보여 주며, 답을 라이브러리의 답과 대조합니다.`,
        pointP: "점 P",
        cornerA: "꼭짓점 A",
        cornerB: "꼭짓점 B",
        cornerC: "꼭짓점 C",
        explanation: `
    <p>삼각형에서 <b class="ca">P</b>에 가장 가까운 점은 세 종류 중 하나입니다. 꼭짓점, 변의 안쪽 점, 면의 안쪽
    점입니다. 어느 쪽인지는 P의 위치만으로 정해지며, 삼각형의 평면은 이를 알려 주는 일곱 개의 <i>보로노이
    영역</i>으로 나뉩니다. 꼭짓점 영역 세 개(각 꼭짓점 바깥의 쐐기), 변 영역 세 개(각 변 옆의 띠), 그리고 면
    영역입니다. 경계는 각 꼭짓점을 지나며 그 꼭짓점의 두 변에 수직인 직선들입니다.</p>
    <p>Ericson은 변 <code>AB</code>, <code>AC</code>와 각 꼭짓점에서 P로 가는 벡터의 내적 여섯 개(d1 … d6)로 P의
    영역을 찾습니다. 내적의 부호는 P가 변을 따라 꼭짓점 너머에 있는지를 알려 줍니다. 이들을 조합한
    <code>va</code>, <code>vb</code>, <code>vc</code>는 평면에서 본 삼각형 PBC, PCA, PAB의 부호 있는 넓이에
    (공통 배수를 빼면) 해당하며, 음수이면 P가 그 변 바깥에 있습니다. 판정은 정해진 순서로 진행되고 처음 통과한
    판정이 영역을 정합니다. 답은 무게중심 좌표 <code>(u, v, w)</code>로 나오며 <code>Q = u·A + v·B + w·C</code>입니다.</p>
    <p><b class="ca">P</b>나 꼭짓점 <b class="cb">A</b>, <b class="cb">B</b>, <b class="cb">C</b>를 드래그하며
    밝게 표시된 영역이 따라 바뀌는 모습을 확인해 보세요.</p>`,
        result: (q, d, on) =>
          `가장 가까운 점 ${q}, 거리 ${d}${on ? " (P가 삼각형 위에 있음)" : ""}`,
        regionLabel: (name) => name,
        step1: "내적 여섯 개: 변 방향으로 본 꼭짓점과 P의 관계",
        step1Note: `부호는 P가 경계의 어느 쪽에 있는지를 알려 줍니다. <code>d1 ≤ 0</code>이고 <code>d2 ≤ 0</code>이면
            P는 A의 두 변 방향 모두에서 A 뒤쪽에 있습니다.`,
        thName: "이름",
        thValue: "값",
        thSign: "부호",
        step2: "넓이 세 개: 각 변에 대한 P의 위치",
        step2Note: `<code>vc</code> ≤ 0이면 삼각형의 평면에서 볼 때 P가 변 AB 바깥에 있습니다(<code>vb</code>는 AC,
            <code>va</code>는 BC에 대해 같은 뜻입니다).`,
        step3: "Ericson의 순서대로 판정: 처음 통과한 판정이 영역을 정한다",
        thRegion: "영역",
        thTest: "판정",
        thPasses: "통과",
        notReached: "도달하지 않음",
        step3Note: (name) => `P는 <b class="ck">${name}</b>에 있습니다.`,
        step4: "무게중심 좌표로 나타낸 답",
        step4Note: (region) =>
          ({
            A: "꼭짓점 영역에서는 그 꼭짓점이 가장 가깝습니다: (u, v, w) = (1, 0, 0).",
            B: "꼭짓점 영역에서는 그 꼭짓점이 가장 가깝습니다: (u, v, w) = (0, 1, 0).",
            C: "꼭짓점 영역에서는 그 꼭짓점이 가장 가깝습니다: (u, v, w) = (0, 0, 1).",
            AB: "변 영역에서는 P를 변에 투영합니다. t = d1 / (d1 − d3)은 AB를 따라간 비율입니다.",
            AC: "변 영역에서는 P를 변에 투영합니다. t = d2 / (d2 − d6)은 AC를 따라간 비율입니다.",
            BC: "변 영역에서는 P를 변에 투영합니다. t = (d4 − d3) / ((d4 − d3) + (d5 − d6))은 BC를 따라간 비율입니다.",
            face: "면 영역에서는 P를 평면에 투영합니다. 넓이로부터 v = vb / (va + vb + vc), w = vc / (va + vb + vc)를 얻습니다.",
          })[region],
        step5: "거리",
        degenerate:
          "꼭짓점들이 한 직선 위에 있어 면도 영역도 없습니다. 라이브러리는 이 삼각형을 양 끝 꼭짓점 사이의 선분으로 보고, Q는 그 선분에서 P에 가장 가까운 점입니다.",
        agreeQ: "가장 가까운 점",
        agreeD: "거리",
      },
      ja: {
        menu: "三角形の最近点",
        menuNote: "Ericson 5.1.5",
        title: "ボロノイ領域で求める三角形上の最近点",
        source: `${ERICSON.ja.ericson("5.1.5")}このページでは、三角形の平面に7つの領域を描き、領域を選ぶ内積の値と符号を示し、答えをライブラリの答えと照合します。`,
        pointP: "点 P",
        cornerA: "頂点 A",
        cornerB: "頂点 B",
        cornerC: "頂点 C",
        explanation: `
    <p>三角形の中で <b class="ca">P</b> に最も近い点は、頂点、辺の内側の点、面の内側の点の3種類のどれかです。どれになるかは P の位置だけで決まり、三角形の平面はそれを示す7つの<i>ボロノイ領域</i>に分かれます。頂点の領域が3つ（各頂点の外側のくさび）、辺の領域が3つ（各辺の脇の帯）、そして面の領域です。境界は、各頂点を通り、その頂点の2辺に垂直な直線です。</p>
    <p>Ericson は、辺 <code>AB</code>、<code>AC</code> と各頂点から P へのベクトルとの6つの内積（d1 … d6）で P の領域を見つけます。内積の符号は、P が辺に沿って頂点の向こう側にあるかどうかを表します。それらを組み合わせた <code>va</code>、<code>vb</code>、<code>vc</code> は、平面で見た三角形 PBC、PCA、PAB の符号付き面積に（共通の倍率を除いて）等しく、負なら P はその辺の外側にあります。判定は決まった順に行い、最初に成り立ったものが領域を決めます。答えは重心座標 <code>(u, v, w)</code> で表され、<code>Q = u·A + v·B + w·C</code> です。</p>
    <p><b class="ca">P</b> や頂点 <b class="cb">A</b>、<b class="cb">B</b>、<b class="cb">C</b> をドラッグして、明るく表示された領域が移り変わる様子を見てください。</p>`,
        result: (q, d, on) =>
          `最近点 ${q}、距離 ${d}${on ? "（P は三角形の上）" : ""}`,
        regionLabel: (name) => name,
        step1: "6つの内積：辺の向きで見た頂点と P の関係",
        step1Note: `符号は、P が境界のどちら側にあるかを表します。<code>d1 ≤ 0</code> かつ <code>d2 ≤ 0</code> なら、P は A の2辺のどちらの向きでも A の後ろ側にあります。`,
        thName: "名前",
        thValue: "値",
        thSign: "符号",
        step2: "3つの面積：各辺に対する P の位置",
        step2Note: `<code>vc</code> ≤ 0 なら、三角形の平面で見て P は辺 AB の外側にあります（<code>vb</code> は AC、<code>va</code> は BC について同じ意味です）。`,
        step3: "Ericson の順に判定：最初に成り立ったものが領域を決める",
        thRegion: "領域",
        thTest: "判定",
        thPasses: "成立",
        notReached: "未到達",
        step3Note: (name) => `P は<b class="ck">${name}</b>にあります。`,
        step4: "重心座標で表した答え",
        step4Note: (region) =>
          ({
            A: "頂点の領域では、その頂点が最も近い点です：(u, v, w) = (1, 0, 0)。",
            B: "頂点の領域では、その頂点が最も近い点です：(u, v, w) = (0, 1, 0)。",
            C: "頂点の領域では、その頂点が最も近い点です：(u, v, w) = (0, 0, 1)。",
            AB: "辺の領域では P を辺に投影します。t = d1 / (d1 − d3) は AB に沿って進む割合です。",
            AC: "辺の領域では P を辺に投影します。t = d2 / (d2 − d6) は AC に沿って進む割合です。",
            BC: "辺の領域では P を辺に投影します。t = (d4 − d3) / ((d4 − d3) + (d5 − d6)) は BC に沿って進む割合です。",
            face: "面の領域では P を平面に投影します。面積から v = vb / (va + vb + vc)、w = vc / (va + vb + vc) が得られます。",
          })[region],
        step5: "距離",
        degenerate:
          "頂点が一直線上に並んでいるので、面も領域もありません。ライブラリはこの三角形を両端の頂点を結ぶ線分とみなし、Q はその線分上で P に最も近い点です。",
        agreeQ: "最近点",
        agreeD: "距離",
      },
    },
  ),

  build(ctx) {
    const o = (ctx.objects = {
      tri: ctx.add(new Poly(COLORS.box, 0.35)),
      regions: REGIONS.map(() => ctx.add(new Poly(COLORS.neutral, 0.05))),
      borders: Array.from({ length: 6 }, () =>
        ctx.add(new Dashed(COLORS.dim, { opacity: 0.8 })),
      ),
      edges: [0, 1, 2].map(() => ctx.add(new Rod(COLORS.box, 0.015))),
      foot: ctx.add(new Dot(COLORS.dim, 0.04)),
      drop: ctx.add(new Dashed(COLORS.dim)),
      q: ctx.add(new Dot(COLORS.key, 0.07)),
      dist: ctx.add(new Rod(COLORS.key, 0.016)),
      labels: ["A", "B", "C"].map((n) => ctx.label(n, COLORS.b)),
      pLabel: ctx.label("P", COLORS.a),
      qLabel: ctx.label("Q", COLORS.key),
      regionLabel: ctx.label("", COLORS.key, "plain"),
      dLabel: ctx.label("", COLORS.key, "plain"),
    });
    o.qLabel.center.set(1.15, 1.3);
    ctx.handle({
      name: "P",
      color: COLORS.a,
      get: (s) => [s.px, s.py, s.pz],
      drag: (s, p) => ({ px: p.x, py: p.y, pz: p.z }),
    });
    for (const k of ["a", "b", "c"])
      ctx.handle({
        name: k.toUpperCase(),
        color: COLORS.b,
        get: (s) => [s[`${k}x`], s[`${k}y`], s[`${k}z`]],
        drag: (s, p) => ({ [`${k}x`]: p.x, [`${k}y`]: p.y, [`${k}z`]: p.z }),
      });
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const p = V(s.px, s.py, s.pz);
    const a = V(s.ax, s.ay, s.az),
      b = V(s.bx, s.by, s.bz),
      c = V(s.cx, s.cy, s.cz);

    // The answers, from the library.
    const q = np.closestPointOnTriangle(p, { a, b, c }, new THREE.Vector3());
    const d = np.distancePointTriangle(p, { a, b, c });

    o.tri.set([a, b, c]);
    [
      [a, b],
      [b, c],
      [c, a],
    ].forEach(([x, y], i) => o.edges[i].set(x, y));
    [a, b, c].forEach((x, i) => o.labels[i].at(x));
    o.pLabel.at(p);
    o.q.set(q);
    o.dist.set(q, p);
    o.qLabel.at(q);
    o.qLabel.visible = d > 0;
    o.dLabel.visible = d > 0;
    o.dLabel.setText(`|PQ| = ${num(d)}`).position.lerpVectors(q, p, 0.5);
    const result = {
      result: t("result", vec(q), num(d), d === 0),
      tone: d === 0 ? "overlap" : "hit",
    };

    const normal = new THREE.Vector3().crossVectors(sub(b, a), sub(c, a));
    const flat =
      normal.length() <= 1e-9 * sub(b, a).length() * sub(c, a).length();
    if (flat) {
      // Degenerate: no plane, no regions. The library's segment: between the lexicographically extreme corners.
      const lex = (x, y) => x.x - y.x || x.y - y.y || x.z - y.z;
      const sorted = [a, b, c].sort(lex);
      const seg = new THREE.Line3(sorted[0], sorted[2]);
      const mine = seg.closestPointToPoint(p, true, new THREE.Vector3());
      ctx.agree(t("agreeQ"), mine, q, 1e-6);
      for (const x of [...o.regions, ...o.borders, o.foot, o.drop])
        x.visible = false;
      o.regionLabel.visible = false;
      return {
        ...result,
        steps: [
          {
            title: t("step5"),
            key: true,
            html: `<p>${t("degenerate")}</p><p class="eq">Q = ${vval(q)}, |PQ| = ${val(d)}</p>`,
          },
        ],
      };
    }

    // The walkthrough: Ericson's quantities, the region, the barycentric answer.
    const r = voronoi(p, a, b, c);
    ctx.agree(t("agreeQ"), r.q, q, 1e-9);
    ctx.agree(t("agreeD"), p.distanceTo(r.q), d, 1e-9);

    // The seven regions in the plane: the face, a strip beside each edge, a wedge behind each corner.
    const n = normal.clone().normalize();
    const nAB = outward(a, b, c, n),
      nBC = outward(b, c, a, n),
      nCA = outward(c, a, b, n);
    const far = (x, dir) => x.clone().addScaledVector(dir, REACH);
    const mid = (x, d1, d2) =>
      x.clone().addScaledVector(d1.clone().add(d2).normalize(), REACH * 1.3);
    const polys = {
      A: [a, far(a, nCA), mid(a, nCA, nAB), far(a, nAB)],
      B: [b, far(b, nAB), mid(b, nAB, nBC), far(b, nBC)],
      C: [c, far(c, nBC), mid(c, nBC, nCA), far(c, nCA)],
      AB: [a, b, far(b, nAB), far(a, nAB)],
      AC: [a, far(a, nCA), far(c, nCA), c],
      BC: [b, c, far(c, nBC), far(b, nBC)],
      face: [a, b, c],
    };
    REGIONS.forEach((id, i) => {
      const on = id === r.region;
      o.regions[i].set(polys[id]);
      setColor(o.regions[i].material, on ? COLORS.key : COLORS.neutral);
      o.regions[i].material.opacity = on ? 0.28 : 0.05;
    });
    [
      [a, nAB],
      [a, nCA],
      [b, nAB],
      [b, nBC],
      [c, nBC],
      [c, nCA],
    ].forEach(([x, dir], i) => o.borders[i].set(x, far(x, dir)));
    // P's foot in the plane, where the regions are drawn.
    const foot = p.clone().addScaledVector(n, -sub(p, a).dot(n));
    o.foot.set(foot);
    o.drop.set(p, foot);
    const centroid = polys[r.region]
      .reduce((sum, x) => sum.add(x), new THREE.Vector3())
      .divideScalar(polys[r.region].length);
    o.regionLabel.setText(t("regionLabel", t("region", r.region))).at(centroid);

    const sign = (x) =>
      x > 0
        ? `<span class="good">+</span>`
        : x < 0
          ? `<span class="bad">−</span>`
          : "0";
    const dots = [
      ["d1", "AB · AP", r.d1],
      ["d2", "AC · AP", r.d2],
      ["d3", "AB · BP", r.d3],
      ["d4", "AC · BP", r.d4],
      ["d5", "AB · CP", r.d5],
      ["d6", "AC · CP", r.d6],
    ];
    const areas = [
      ["vc", "d1·d4 − d3·d2", r.vc],
      ["vb", "d5·d2 − d1·d6", r.vb],
      ["va", "d3·d6 − d5·d4", r.va],
    ];
    const table = (rows) =>
      `<table class="t"><tr><th>${t("thName")}</th><th></th><th>${t("thValue")}</th><th>${t("thSign")}</th></tr>${rows
        .map(
          ([name, formula, x]) =>
            `<tr><td>${name}</td><td>${formula}</td><td>${num(x)}</td><td>${sign(x)}</td></tr>`,
        )
        .join("")}</table>`;
    const TESTS = {
      A: "d1 ≤ 0, d2 ≤ 0",
      B: "d3 ≥ 0, d4 ≤ d3",
      AB: "vc ≤ 0, d1 ≥ 0, d3 ≤ 0",
      C: "d6 ≥ 0, d5 ≤ d6",
      AC: "vb ≤ 0, d2 ≥ 0, d6 ≤ 0",
      BC: "va ≤ 0, d4 − d3 ≥ 0, d5 − d6 ≥ 0",
      face: "",
    };
    const decided = REGIONS.indexOf(r.region);
    const testRows = r.tests
      .map(([id, ok], i) => {
        const mark =
          i > decided
            ? `<span class="dim">${t("notReached")}</span>`
            : ok
              ? `<b class="good">✓</b>`
              : `<span class="dim">✗</span>`;
        const cls = i === decided ? ' class="sel"' : "";
        return `<tr${cls}><td>${t("region", id)}</td><td>${TESTS[id]}</td><td>${mark}</td></tr>`;
      })
      .join("");
    const bary = `(u, v, w) = (${val(r.u)}, ${val(r.v)}, ${val(r.w)})`;

    return {
      ...result,
      steps: [
        {
          title: t("step1"),
          html: `${table(dots)}<p>${t("step1Note")}</p>`,
        },
        {
          title: t("step2"),
          html: `${table(areas)}<p>${t("step2Note")}</p>`,
        },
        {
          title: t("step3"),
          key: true,
          html: `<table class="t"><tr><th>${t("thRegion")}</th><th>${t("thTest")}</th><th>${t("thPasses")}</th></tr>${testRows}</table>
            <p>${t("step3Note", t("region", r.region))}</p>`,
        },
        {
          title: t("step4"),
          key: true,
          html: `<p class="eq">${bary}</p><p class="eq">Q = u·A + v·B + w·C = ${vval(r.q)}</p><p>${t("step4Note", r.region)}</p>`,
        },
        {
          title: t("step5"),
          html: `<p class="eq">|PQ| = ${val(d)}</p>`,
        },
      ],
    };
  },
};
