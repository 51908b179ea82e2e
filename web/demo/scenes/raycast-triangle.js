// A ray against a triangle, as the library casts it (cpp/src/raycast_shapes.cpp, raycast_triangle): the
// plane's side tests first, then Woop, Benthin and Wald's watertight test ("Watertight Ray/Triangle
// Intersection", JCGT 2013): the corners sheared into a frame where the ray is the z axis, the three edge
// functions U, V, W (their signs decide inside/outside), the barycentric coordinates and the distance; a ray in
// the triangle's plane is clipped against the edges in the plane. A neighbour triangle sharing edge BC shows
// why the edge functions make the test watertight. Answers: np.raycastTriangle for both triangles.
import * as THREE from "three";
import { Arrow, COLORS, Dot, Rod, setColor } from "../app/draw.js";
import { mergeText } from "../app/i18n.js";
import { num, val, vec, vval } from "../app/format.js";
import { Poly } from "./closest-point-triangle.js";

const V = (x, y, z) => new THREE.Vector3(x, y, z);
const sub = (a, b) => new THREE.Vector3().subVectors(a, b);
const g = (v, i) => v.getComponent(i);
const AXIS = ["x", "y", "z"];

/**
 * Woop, Benthin, Wald 2013 as raycast_triangle runs it (without its power-of-two scalings, which change no
 * ratio): the shear that makes the ray the +z axis, the sheared corners, the edge functions U (edge BC),
 * V (CA), W (AB), and where the line meets the plane (lambda along d) with barycentric u, v, w.
 */
export function watertight(o, d, a, b, c) {
  const ad = [Math.abs(d.x), Math.abs(d.y), Math.abs(d.z)];
  const kz = ad[0] > ad[1] ? (ad[0] > ad[2] ? 0 : 2) : ad[1] > ad[2] ? 1 : 2;
  let kx = (kz + 1) % 3,
    ky = (kx + 1) % 3;
  if (g(d, kz) < 0) [kx, ky] = [ky, kx]; // keep the frame right-handed
  const dz = g(d, kz);
  const sx = g(d, kx) / dz,
    sy = g(d, ky) / dz,
    sz = 1 / dz;
  const [A, B, C] = [a, b, c].map((p) => {
    const r = sub(p, o);
    return {
      x: g(r, kx) - sx * g(r, kz),
      y: g(r, ky) - sy * g(r, kz),
      z: g(r, kz),
    };
  });
  const U = C.x * B.y - C.y * B.x;
  const Vv = A.x * C.y - A.y * C.x;
  const W = B.x * A.y - B.y * A.x;
  const mixed = (U < 0 || Vv < 0 || W < 0) && (U > 0 || Vv > 0 || W > 0);
  const det = U + Vv + W;
  const T = U * sz * A.z + Vv * sz * B.z + W * sz * C.z;
  return {
    kx,
    ky,
    kz,
    sx,
    sy,
    sz,
    A,
    B,
    C,
    U,
    V: Vv,
    W,
    inside: !mixed && det !== 0,
    det,
    lambda: T / det,
    u: U / det,
    v: Vv / det,
    w: W / det,
  };
}

/**
 * A ray lying in the triangle's plane, as coplanar_entry clips it: the plane seen along the normal's largest
 * axis, each edge a half-plane, the ray's parameter kept in [lo, hi]; the entry is lo (null: no entry).
 */
export function coplanarEntry(o, d, a, b, c, n) {
  const an = [Math.abs(n.x), Math.abs(n.y), Math.abs(n.z)];
  const kn = an[0] > an[1] ? (an[0] > an[2] ? 0 : 2) : an[1] > an[2] ? 1 : 2;
  const i1 = (kn + 1) % 3,
    i2 = (kn + 2) % 3;
  const sigma = g(n, kn) > 0 ? 1 : -1;
  const P = [a, b, c].map((p) => sub(p, o));
  const Dx = g(d, i1),
    Dy = g(d, i2);
  let lo = 0,
    hi = Infinity;
  for (let i = 0; i < 3; i++) {
    const p = P[i],
      q = P[(i + 1) % 3];
    const px = g(p, i1),
      py = g(p, i2),
      qx = g(q, i1),
      qy = g(q, i2);
    const f0 = sigma * (px * qy - py * qx);
    const f1 = sigma * ((qx - px) * Dy - (qy - py) * Dx);
    if (f1 === 0) {
      if (f0 < 0) return { lo, hi, entry: null };
    } else if (f1 > 0) lo = Math.max(lo, -f0 / f1);
    else hi = Math.min(hi, f0 / -f1);
  }
  return { lo, hi, entry: lo > hi ? null : lo };
}

const sign = (x) => (x > 0 ? 1 : x < 0 ? -1 : 0);

/** The library's cast, step by step: which branch decides, and the hit (distance, point) it finds or null. */
export function castTriangle(o, d, a, b, c) {
  const n = new THREE.Vector3().crossVectors(sub(b, a), sub(c, a));
  const out = { n };
  if (n.lengthSq() === 0) return { ...out, branch: "degenerate" };
  out.side = sign(n.dot(sub(o, a)));
  out.facing = sign(n.dot(d));
  const len = d.length();
  if (out.side === 0 && out.facing === 0) {
    out.clip = coplanarEntry(o, d, a, b, c, n);
    out.branch = "coplanar";
    out.hit =
      out.clip.entry === null
        ? null
        : {
            distance: out.clip.entry * len,
            point: o.clone().addScaledVector(d, out.clip.entry),
          };
    return out;
  }
  if (out.facing === 0) return { ...out, branch: "parallel", hit: null };
  if (out.side !== 0 && out.side === out.facing)
    return { ...out, branch: "away", hit: null };
  out.wt = watertight(o, d, a, b, c);
  if (!out.wt.inside) return { ...out, branch: "outside", hit: null };
  if (out.side === 0) {
    out.branch = "start";
    out.hit = { distance: 0, point: o.clone() };
    return out;
  }
  out.branch = "hit";
  out.hit = {
    distance: out.wt.lambda * len,
    point: new THREE.Vector3()
      .addScaledVector(a, out.wt.u)
      .addScaledVector(b, out.wt.v)
      .addScaledVector(c, out.wt.w),
  };
  return out;
}

/** Two triangles with binary-exact corners in the plane y = 0, ABC and DCB, for the examples. */
const FLAT = {
  ax: -1.5,
  ay: 0,
  az: -1,
  bx: 1,
  by: 0,
  bz: -1,
  cx: 0,
  cy: 0,
  cz: 1.5,
  dx: 2,
  dy: 0,
  dz: 1,
};

/** The sheared corners as the ray sees them (the ray is the dot at the origin), as a small SVG. */
function shearSvg(wt, wt2) {
  const pts = [
    ["A", wt.A, "#4dd4e6"],
    ["B", wt.B, "#4dd4e6"],
    ["C", wt.C, "#4dd4e6"],
    ["D", wt2.A, "#c8d0de"],
  ];
  const xs = [0, ...pts.map(([, p]) => p.x)],
    ys = [0, ...pts.map(([, p]) => p.y)];
  const x0 = Math.min(...xs),
    x1 = Math.max(...xs),
    y0 = Math.min(...ys),
    y1 = Math.max(...ys);
  const span = Math.max(x1 - x0, y1 - y0, 1e-9);
  const W = 220,
    H = 150,
    pad = 16;
  const k = Math.min((W - 2 * pad) / span, (H - 2 * pad) / span);
  const cx = (W - k * (x0 + x1)) / 2,
    cy = (H + k * (y0 + y1)) / 2;
  const X = (p) => (cx + k * p.x).toFixed(1),
    Y = (p) => (cy - k * p.y).toFixed(1);
  const poly = (list, color, opacity) =>
    `<polygon points="${list.map((p) => `${X(p)},${Y(p)}`).join(" ")}" fill="${color}" fill-opacity="${opacity}" stroke="${color}" stroke-width="1"/>`;
  return `<svg class="shear" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">
    ${poly([wt2.A, wt.C, wt.B], "#c8d0de", 0.12)}${poly([wt.A, wt.B, wt.C], "#4dd4e6", 0.25)}
    ${pts.map(([name, p, color]) => `<text x="${X(p)}" y="${Y(p)}" dx="4" dy="-4" fill="${color}" font-size="12">${name}</text>`).join("")}
    <circle cx="${X({ x: 0 })}" cy="${Y({ y: 0 })}" r="4" fill="#ffc857"/></svg>`;
}

export default {
  id: "raycast-triangle",
  // From the side the ray comes from, low enough that the ray is seen crossing the plane, not along it.
  camera: { position: [-1.8, 3.2, 6.4], target: [0.3, 0.4, 0.2] },
  defaults: {
    ox: -1.5,
    oy: 2.4,
    oz: 1.8,
    tx: -0.5,
    ty: 0.8,
    tz: 0.6,
    ax: -1.6,
    ay: 0,
    az: -1,
    bx: 1.2,
    by: 0.2,
    bz: -1.2,
    cx: 0.2,
    cy: 0.1,
    cz: 1.4,
    dx: 2.4,
    dy: 0.4,
    dz: 1,
  },
  fields: [
    { label: "originO", keys: ["ox", "oy", "oz"] },
    { label: "throughT", keys: ["tx", "ty", "tz"] },
    { label: "cornerA", keys: ["ax", "ay", "az"] },
    { label: "cornerB", keys: ["bx", "by", "bz"] },
    { label: "cornerC", keys: ["cx", "cy", "cz"] },
    { label: "cornerD", keys: ["dx", "dy", "dz"] },
  ],
  /** States worth seeing: outside an edge, the neighbour's side, through the shared edge, in the plane, ... */
  examples: [
    { name: "outside edge AB", state: { tx: 0, ty: 0, tz: -2.2 } },
    { name: "the neighbour", state: { tx: 1.6, ty: 0.3, tz: 0.5 } },
    // Binary-exact corners in y = 0 and a ray straight down through the middle of BC: U = 0 exactly.
    {
      name: "through the shared edge",
      state: {
        ...FLAT,
        ox: 0.5,
        oy: 2,
        oz: 0.25,
        tx: 0.5,
        ty: 0,
        tz: 0.25,
      },
    },
    // The same triangles; a ray lying in their plane, entering ABC through edge CA.
    {
      name: "in the plane",
      state: {
        ...FLAT,
        ox: -3,
        oy: 0,
        oz: 0,
        tx: 0,
        ty: 0,
        tz: 0,
      },
    },
    // The same triangles; a ray parallel to their plane, above it.
    {
      name: "parallel",
      state: {
        ...FLAT,
        ox: -3,
        oy: 1,
        oz: 0,
        tx: 0,
        ty: 1,
        tz: 0,
      },
    },
    { name: "moving away", state: { tx: -1.2, ty: 3.5, tz: 2.6 } },
    // Starting on the face: a hit at distance 0.
    {
      name: "starts on the face",
      state: {
        ...FLAT,
        ox: 0,
        oy: 0,
        oz: 0,
        tx: 0,
        ty: 1,
        tz: 0,
      },
    },
  ],

  text: {
    en: {
      menu: "Ray vs triangle",
      menuNote: "Woop · 2013",
      title:
        "A ray against a triangle: barycentric coordinates, and a watertight test",
      source:
        "After Sven Woop, Carsten Benthin and Ingo Wald, “Watertight Ray/Triangle Intersection” (JCGT, 2013), as the library runs it. This page shows the shear, the three edge functions with their signs and the barycentric hit, and a neighbour triangle sharing an edge, checked against the library.",
      originO: "Ray origin O",
      throughT: "Ray through T",
      cornerA: "Corner A",
      cornerB: "Corner B",
      cornerC: "Corner C",
      cornerD: "Neighbour corner D",
      explanation: `
    <p>The ray <code>O + λ·d</code> (d = T − O) first meets the triangle's <i>plane</i>. The library starts with the
    sides: the sign of <code>n · (O − A)</code> (which side O is on, n = AB × AC) and of <code>n · d</code> (which
    way the ray goes). A ray parallel to the plane misses, one moving away misses, one lying in the plane is clipped
    against the edges within the plane.</p>
    <p>Otherwise the question is whether the crossing lies inside the triangle. Woop, Benthin and Wald move the
    corners into a frame where the ray is the z axis from the origin (a translation by −O and a <i>shear</i> along
    the ray's largest axis), and look at the corners from there: the three <i>edge functions</i>
    <code>U</code>, <code>V</code>, <code>W</code> are twice the signed areas of the triangles the origin forms with
    the edges BC, CA and AB. All of one sign: the ray passes inside; mixed signs: it passes outside the edge whose
    value has the other sign. Divided by their sum they are the barycentric coordinates (u, v, w) of the crossing,
    and the same weights on the corners' depths give λ.</p>
    <p>Why <i>watertight</i>: an edge function depends only on the ray and that edge's two corners, so the neighbour
    triangle DCB sharing edge BC computes exactly −U for it. A ray through the shared edge can never slip between
    the two triangles: one of them sees the crossing inside, and exactly on the edge (U = 0, decided exactly when it
    rounds to 0) both do, because touching counts.</p>
    <p>Drag <b class="ca">O</b>, <b class="ca">T</b> or the corners.</p>`,
      result: (hit, other) => `ABC: ${hit}; DCB: ${other}`,
      hit: (d, p, n) => `hit at distance ${d}, point ${p}, normal ${n}`,
      miss: "miss",
      step1: "The plane: which side O is on, which way the ray goes",
      branch: (b) =>
        ({
          degenerate:
            "The corners lie on one line: the library casts against the segment they span (a capsule of radius 0).",
          coplanar:
            "Both are 0: the ray lies in the triangle's plane, and is clipped against the three edges there (below).",
          parallel:
            "n · d = 0 but O is off the plane: the ray runs parallel to the plane and never reaches it. Miss.",
          away: "The same sign: the ray moves away from the plane. Miss.",
          outside: "The ray crosses the plane: the watertight test decides.",
          start:
            "O lies on the plane: the watertight test decides whether O is on the triangle.",
          hit: "The ray crosses the plane: the watertight test decides.",
        })[b],
      step2: "Shear: the ray becomes the z axis",
      shearNote: (kz, kx, ky) =>
        `The largest component of d is on ${kz}: it becomes the depth, ${kx} and ${ky} the two others (swapped when d points to −${kz}, so the frame keeps its handedness). In the drawing, the corners as the ray sees them; the dot is the ray.`,
      step3: "The edge functions: their signs decide",
      thEdge: "edge",
      thValue: "value",
      inside: `All of one sign: the ray passes <b class="bad">inside</b> the triangle.`,
      outsideNote: (edges) =>
        `Mixed signs: the ray passes <b class="good">outside</b>, beyond ${edges}.`,
      step4: "Barycentric coordinates, distance and point",
      startNote: "O itself lies on the triangle: a hit at distance 0, at O.",
      step4Coplanar: "In the plane: clipped against the edges",
      coplanarNote: (lo, hi) =>
        `Each edge keeps the λ on its inner side; together [${lo}, ${hi}].`,
      coplanarHit: (l) => `The ray enters the triangle at λ = ${l}.`,
      coplanarMiss:
        "The range is empty: the ray passes beside the triangle. Miss.",
      step5: "Watertight: the neighbour DCB sharing edge BC",
      neighbourNote: (u, u2) =>
        `For DCB the edge function of BC is U′ = ${u2}, exactly −U (U = ${u}): the two triangles see edge BC from opposite sides, so a ray crossing near it is inside one of them, never neither.`,
      neighbourVerdict: (abc, dcb) => `The library: ABC ${abc}, DCB ${dcb}.`,
      agreeD: "distance",
      agreeP: "hit point",
      agreeHit: "hit or miss",
    },
    ko: {
      menu: "레이 대 삼각형",
      menuNote: "Woop · 2013",
      title: "레이와 삼각형: 무게중심 좌표와 빈틈없는 판정",
      source:
        "Sven Woop, Carsten Benthin, Ingo Wald의 「Watertight Ray/Triangle Intersection」(JCGT, 2013)을 라이브러리가 실행하는 그대로 보여 줍니다. 이 페이지에서는 전단 변환, 세 변 함수와 그 부호, 무게중심 좌표로 구한 교차점, 변을 공유하는 이웃 삼각형을 보여 주고 라이브러리의 답과 대조합니다.",
      originO: "레이 시작점 O",
      throughT: "레이가 지나는 점 T",
      cornerA: "꼭짓점 A",
      cornerB: "꼭짓점 B",
      cornerC: "꼭짓점 C",
      cornerD: "이웃 꼭짓점 D",
      explanation: `
    <p>레이 <code>O + λ·d</code>(d = T − O)는 먼저 삼각형의 <i>평면</i>을 만납니다. 라이브러리는 먼저 방향을
    봅니다. <code>n · (O − A)</code>의 부호(O가 평면의 어느 쪽에 있는지, n = AB × AC)와 <code>n · d</code>의
    부호(레이가 어느 쪽으로 가는지)입니다. 평면과 평행한 레이와 멀어지는 레이는 빗나가고, 평면 안에 놓인 레이는
    평면 안에서 세 변에 대해 잘라 냅니다.</p>
    <p>그 밖의 경우에는 평면과 만나는 점이 삼각형 안에 있는지가 문제입니다. Woop, Benthin, Wald는 레이가 원점에서
    나가는 z축이 되도록 꼭짓점들을 옮기고(−O만큼 평행이동한 뒤 레이의 가장 큰 축을 따라 <i>전단</i> 변환), 그
    자리에서 꼭짓점을 바라봅니다. 세 <i>변 함수</i> <code>U</code>, <code>V</code>, <code>W</code>는 원점이 변 BC,
    CA, AB와 이루는 삼각형의 부호 있는 넓이의 두 배입니다. 부호가 모두 같으면 레이는 삼각형 안을 지나고, 섞여
    있으면 부호가 다른 값의 변 바깥을 지납니다. 셋을 그 합으로 나누면 교차점의 무게중심 좌표 (u, v, w)가 되고, 같은
    가중치를 꼭짓점의 깊이에 적용하면 λ가 나옵니다.</p>
    <p><i>빈틈없는</i> 이유: 변 함수는 레이와 그 변의 두 꼭짓점에만 의존하므로, 변 BC를 공유하는 이웃 삼각형 DCB는
    그 변에 대해 정확히 −U를 계산합니다. 공유된 변을 지나는 레이는 두 삼각형 사이로 빠져나갈 수 없습니다. 둘 중
    하나는 교차점을 안쪽으로 보고, 정확히 변 위라면(U = 0, 반올림으로 0이 되면 정확한 계산으로 판정) 닿는 것도
    충돌로 치므로 둘 다 충돌로 봅니다.</p>
    <p><b class="ca">O</b>, <b class="ca">T</b>나 꼭짓점을 드래그해 보세요.</p>`,
      result: (hit, other) => `ABC: ${hit}; DCB: ${other}`,
      hit: (d, p, n) => `거리 ${d}에서 충돌, 충돌점 ${p}, 법선 ${n}`,
      miss: "빗나감",
      step1: "평면: O가 있는 쪽과 레이가 가는 쪽",
      branch: (b) =>
        ({
          degenerate:
            "꼭짓점들이 한 직선 위에 있습니다. 라이브러리는 꼭짓점들이 이루는 선분(반지름 0인 캡슐)에 대해 레이를 쏩니다.",
          coplanar:
            "둘 다 0입니다. 레이가 삼각형의 평면 안에 있으므로 평면 안에서 세 변에 대해 잘라 냅니다(아래).",
          parallel:
            "n · d = 0이지만 O가 평면 밖에 있습니다. 레이는 평면과 평행하게 지나가 평면에 닿지 않습니다. 빗나감.",
          away: "부호가 같습니다. 레이가 평면에서 멀어집니다. 빗나감.",
          outside: "레이가 평면을 지나갑니다. 빈틈없는 판정이 결정합니다.",
          start:
            "O가 평면 위에 있습니다. O가 삼각형 위에 있는지는 빈틈없는 판정이 결정합니다.",
          hit: "레이가 평면을 지나갑니다. 빈틈없는 판정이 결정합니다.",
        })[b],
      step2: "전단 변환: 레이가 z축이 된다",
      shearNote: (kz, kx, ky) =>
        `d의 가장 큰 성분은 ${kz}축에 있으므로 이것이 깊이가 되고, ${kx}와 ${ky}가 나머지 두 축이 됩니다(d가 −${kz} 방향이면 좌표계의 방향을 지키려고 둘을 바꿉니다). 그림은 레이에서 본 꼭짓점이고, 가운데 점이 레이입니다.`,
      step3: "변 함수: 부호가 판정한다",
      thEdge: "변",
      thValue: "값",
      inside: `부호가 모두 같습니다. 레이는 삼각형 <b class="bad">안</b>을 지납니다.`,
      outsideNote: (edges) =>
        `부호가 섞여 있습니다. 레이는 ${edges} 바깥, 즉 삼각형 <b class="good">밖</b>을 지납니다.`,
      step4: "무게중심 좌표, 거리, 충돌점",
      startNote: "O 자체가 삼각형 위에 있습니다. 거리 0, O에서 충돌합니다.",
      step4Coplanar: "평면 안: 세 변에 대해 잘라 내기",
      coplanarNote: (lo, hi) =>
        `변마다 λ의 범위가 남고, 모두 합치면 [${lo}, ${hi}]입니다.`,
      coplanarHit: (l) => `레이는 λ = ${l}에서 삼각형에 들어갑니다.`,
      coplanarMiss: "범위가 비었습니다. 레이는 삼각형 옆을 지나갑니다. 빗나감.",
      step5: "빈틈없음: 변 BC를 공유하는 이웃 DCB",
      neighbourNote: (u, u2) =>
        `DCB에서 변 BC의 변 함수는 U′ = ${u2}로, 정확히 −U(U = ${u})입니다. 두 삼각형은 변 BC를 서로 반대쪽에서 보므로, 그 근처를 지나는 레이는 둘 중 하나의 안쪽에 들고, 어느 쪽에도 들지 않는 일은 없습니다.`,
      neighbourVerdict: (abc, dcb) =>
        `라이브러리의 답: ABC ${abc}, DCB ${dcb}.`,
      agreeD: "거리",
      agreeP: "충돌점",
      agreeHit: "충돌 여부",
    },
    ja: {
      menu: "レイ対三角形",
      menuNote: "Woop · 2013",
      title: "レイと三角形：重心座標と隙間のない判定",
      source:
        "Sven Woop、Carsten Benthin、Ingo Wald「Watertight Ray/Triangle Intersection」（JCGT、2013年）を、ライブラリが実行するとおりに示します。このページでは、せん断変換、3つの辺関数とその符号、重心座標による交点、辺を共有する隣の三角形を示し、ライブラリの答えと照合します。",
      originO: "レイの始点 O",
      throughT: "レイが通る点 T",
      cornerA: "頂点 A",
      cornerB: "頂点 B",
      cornerC: "頂点 C",
      cornerD: "隣の頂点 D",
      explanation: `
    <p>レイ <code>O + λ·d</code>（d = T − O）は、まず三角形の<i>平面</i>と出会います。ライブラリは最初に向きを調べます。<code>n · (O − A)</code> の符号（O が平面のどちら側にあるか、n = AB × AC）と、<code>n · d</code> の符号（レイがどちらへ進むか）です。平面に平行なレイと遠ざかるレイは外れ、平面内にあるレイは平面の中で3辺によって切り取ります。</p>
    <p>それ以外では、平面との交点が三角形の内側にあるかが問題です。Woop、Benthin、Wald は、レイが原点から出る z 軸になるように頂点を移し（−O だけ平行移動し、レイの最大成分の軸に沿って<i>せん断</i>）、そこから頂点を眺めます。3つの<i>辺関数</i> <code>U</code>、<code>V</code>、<code>W</code> は、原点が辺 BC、CA、AB と作る三角形の符号付き面積の2倍です。符号がすべて同じならレイは三角形の内側を通り、混ざっていれば、符号の違う値の辺の外側を通ります。3つをその和で割ると交点の重心座標 (u, v, w) になり、同じ重みを頂点の奥行きに掛けると λ が得られます。</p>
    <p><i>隙間がない</i>理由：辺関数はレイとその辺の2頂点だけで決まるので、辺 BC を共有する隣の三角形 DCB は、その辺についてちょうど −U を計算します。共有辺を通るレイが2つの三角形の間をすり抜けることはありません。どちらか一方が交点を内側と判定し、ちょうど辺の上なら（U = 0、丸めで0になったときは厳密な計算で判定）、接触も当たりとするので両方が当たりと判定します。</p>
    <p><b class="ca">O</b>、<b class="ca">T</b> や頂点をドラッグしてみてください。</p>`,
      result: (hit, other) => `ABC：${hit}；DCB：${other}`,
      hit: (d, p, n) => `距離 ${d} で当たり、交点 ${p}、法線 ${n}`,
      miss: "外れ",
      step1: "平面：O のある側とレイの進む向き",
      branch: (b) =>
        ({
          degenerate:
            "頂点が一直線上に並んでいます。ライブラリは頂点が作る線分（半径0のカプセル）に対してレイを飛ばします。",
          coplanar:
            "どちらも0です。レイは三角形の平面内にあるので、平面の中で3辺によって切り取ります（下）。",
          parallel:
            "n · d = 0 ですが O は平面の外にあります。レイは平面と平行に進み、平面に届きません。外れ。",
          away: "符号が同じです。レイは平面から遠ざかります。外れ。",
          outside: "レイは平面を横切ります。隙間のない判定が決めます。",
          start:
            "O は平面上にあります。O が三角形の上にあるかは、隙間のない判定が決めます。",
          hit: "レイは平面を横切ります。隙間のない判定が決めます。",
        })[b],
      step2: "せん断：レイが z 軸になる",
      shearNote: (kz, kx, ky) =>
        `d の最大成分は ${kz} 軸なので、これを奥行きとし、${kx} と ${ky} を残りの2軸とします（d が −${kz} 向きなら、座標系の向きを保つため2つを入れ替えます）。図はレイから見た頂点で、中央の点がレイです。`,
      step3: "辺関数：符号が判定する",
      thEdge: "辺",
      thValue: "値",
      inside: `符号がすべて同じです。レイは三角形の<b class="bad">内側</b>を通ります。`,
      outsideNote: (edges) =>
        `符号が混ざっています。レイは ${edges} の外側、つまり三角形の<b class="good">外</b>を通ります。`,
      step4: "重心座標、距離、交点",
      startNote: "O 自体が三角形の上にあります。距離0、O で当たりです。",
      step4Coplanar: "平面内：3辺で切り取る",
      coplanarNote: (lo, hi) =>
        `辺ごとに λ の範囲が残り、すべて合わせると [${lo}, ${hi}] です。`,
      coplanarHit: (l) => `レイは λ = ${l} で三角形に入ります。`,
      coplanarMiss: "範囲が空です。レイは三角形の横を通ります。外れ。",
      step5: "隙間なし：辺 BC を共有する隣の DCB",
      neighbourNote: (u, u2) =>
        `DCB での辺 BC の辺関数は U′ = ${u2} で、ちょうど −U（U = ${u}）です。2つの三角形は辺 BC を反対側から見るので、その近くを通るレイはどちらか一方の内側に入り、どちらにも入らないことはありません。`,
      neighbourVerdict: (abc, dcb) =>
        `ライブラリの答え：ABC は${abc}、DCB は${dcb}。`,
      agreeD: "距離",
      agreeP: "交点",
      agreeHit: "当たりかどうか",
    },
  },

  build(ctx) {
    ctx.objects = {
      tri: ctx.add(new Poly(COLORS.b, 0.4)),
      other: ctx.add(new Poly(COLORS.neutral, 0.15)),
      edges: [0, 1, 2, 3, 4].map(() => ctx.add(new Rod(COLORS.box, 0.012))),
      ray: ctx.add(new Arrow(COLORS.a, 0.02)),
      hit: ctx.add(new Dot(COLORS.key, 0.07)),
      normal: ctx.add(new Arrow(COLORS.key, 0.02)),
      names: ["A", "B", "C"].map((n) => ctx.label(n, COLORS.b)),
      dLabel: ctx.label("D", COLORS.neutral),
      oLabel: ctx.label("O", COLORS.a),
      tLabel: ctx.label("T", COLORS.a),
      hitLabel: ctx.label("", COLORS.key, "plain"),
      edgeLabels: ["U", "V", "W"].map(() => ctx.label("", COLORS.b, "plain")),
    };
    for (const [k, name, color] of [
      ["o", "O", COLORS.a],
      ["t", "T", COLORS.a],
      ["a", "A", COLORS.b],
      ["b", "B", COLORS.b],
      ["c", "C", COLORS.b],
      ["d", "D", COLORS.neutral],
    ])
      ctx.handle({
        name,
        color,
        get: (s) => [s[`${k}x`], s[`${k}y`], s[`${k}z`]],
        drag: (s, p) => ({ [`${k}x`]: p.x, [`${k}y`]: p.y, [`${k}z`]: p.z }),
      });
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const O = V(s.ox, s.oy, s.oz),
      T = V(s.tx, s.ty, s.tz);
    const a = V(s.ax, s.ay, s.az),
      b = V(s.bx, s.by, s.bz),
      c = V(s.cx, s.cy, s.cz),
      d4 = V(s.dx, s.dy, s.dz);
    const dir = sub(T, O);

    // The answers, from the library (a zero direction has no ray: T on O).
    const ray = { origin: O, direction: dir };
    const zero = dir.lengthSq() === 0;
    const hit = zero ? null : np.raycastTriangle(ray, { a, b, c });
    const other = zero ? null : np.raycastTriangle(ray, { a: d4, b: c, c: b });
    const say = (h) =>
      h ? t("hit", num(h.distance), vec(h.point), vec(h.normal)) : t("miss");

    // Drawing.
    o.tri.set([a, b, c]);
    setColor(o.tri.material, hit ? COLORS.key : COLORS.b);
    o.other.set([d4, c, b]);
    setColor(o.other.material, other ? COLORS.key : COLORS.neutral);
    [
      [a, b],
      [b, c],
      [c, a],
      [c, d4],
      [d4, b],
    ].forEach(([x, y], i) => o.edges[i].set(x, y));
    [a, b, c].forEach((x, i) => o.names[i].at(x));
    o.dLabel.at(d4);
    o.oLabel.at(O);
    o.tLabel.at(T);
    const unit = zero ? V(1, 0, 0) : dir.clone().normalize();
    const reach = Math.max(dir.length(), hit ? hit.distance : 0) + 1.5;
    o.ray.set(O, O.clone().addScaledVector(unit, reach));
    o.hit.visible = o.normal.visible = o.hitLabel.visible = !!hit;
    if (hit) {
      const p = V(hit.point.x, hit.point.y, hit.point.z);
      o.hit.set(p);
      o.normal.set(
        p,
        p
          .clone()
          .add(V(hit.normal.x, hit.normal.y, hit.normal.z).multiplyScalar(0.8)),
      );
      o.hitLabel.setText(`λ|d| = ${num(hit.distance)}`).at(p);
    }
    for (const l of o.edgeLabels) l.visible = false;
    const readout = {
      result: t("result", say(hit), say(other)),
      tone: hit || other ? "hit" : "clear",
    };
    if (zero) return { ...readout, steps: [] };

    // The walkthrough: the library's branches, checked against its answer.
    const w = castTriangle(O, dir, a, b, c);
    if (w.branch === "degenerate")
      return {
        ...readout,
        steps: [{ title: t("step1"), html: `<p>${t("branch", w.branch)}</p>` }],
      };
    ctx.agree(t("agreeHit"), !!w.hit, !!hit);
    if (w.hit && hit) {
      ctx.agree(t("agreeD"), w.hit.distance, hit.distance, 1e-9);
      ctx.agree(t("agreeP"), w.hit.point, hit.point, 1e-9);
    }
    const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : "0"}`;
    const steps = [
      {
        title: t("step1"),
        html: `<p class="eq">n = AB × AC = ${vval(w.n)}</p>
          <p class="eq">n · (O − A) = ${val(w.n.dot(sub(O, a)))} (${signed(w.side)}), n · d = ${val(w.n.dot(dir))} (${signed(w.facing)})</p>
          <p>${t("branch", w.branch)}</p>`,
      },
    ];
    if (w.branch === "coplanar") {
      steps.push({
        title: t("step4Coplanar"),
        key: true,
        html: `<p>${t("coplanarNote", num(w.clip.lo), num(w.clip.hi))}</p><p>${w.clip.entry === null ? t("coplanarMiss") : t("coplanarHit", num(w.clip.entry))}</p>`,
      });
    }
    if (w.wt) {
      const wt = w.wt;
      const wt2 = watertight(O, dir, d4, c, b);
      const rows = [
        ["U", "BC", wt.U],
        ["V", "CA", wt.V],
        ["W", "AB", wt.W],
      ];
      const edgeMid = { BC: [b, c], CA: [c, a], AB: [a, b] };
      rows.forEach(([name, edge, x], i) => {
        const [p, q] = edgeMid[edge];
        o.edgeLabels[i]
          .setText(`${name} = ${num(x)}`)
          .position.lerpVectors(p, q, 0.5);
        o.edgeLabels[i].visible = true;
      });
      const majority = sign(wt.det) || 1;
      const beyond = rows
        .filter(([, , x]) => sign(x) === -majority)
        .map(([, edge]) => edge)
        .join(", ");
      steps.push(
        {
          title: t("step2"),
          html: `<p class="eq">sx = ${val(wt.sx)}, sy = ${val(wt.sy)}, sz = ${val(wt.sz)}</p>
            <table class="t"><tr><th></th><th>x′</th><th>y′</th><th>z′</th></tr>${[
              ["A", wt.A],
              ["B", wt.B],
              ["C", wt.C],
            ]
              .map(
                ([n, p]) =>
                  `<tr><td>${n}</td><td>${num(p.x)}</td><td>${num(p.y)}</td><td>${num(p.z)}</td></tr>`,
              )
              .join("")}</table>
            ${shearSvg(wt, wt2)}
            <p>${t("shearNote", AXIS[wt.kz], AXIS[wt.kx], AXIS[wt.ky])}</p>`,
        },
        {
          title: t("step3"),
          key: true,
          html: `<table class="t"><tr><th></th><th>${t("thEdge")}</th><th>${t("thValue")}</th><th></th></tr>${rows
            .map(
              ([n, edge, x]) =>
                `<tr><td>${n}</td><td>${edge}</td><td>${num(x)}</td><td>${signed(x)}</td></tr>`,
            )
            .join("")}</table>
            <p class="eq">U = C′x·B′y − C′y·B′x, V = A′x·C′y − A′y·C′x, W = B′x·A′y − B′y·A′x</p>
            <p>${wt.inside ? t("inside") : t("outsideNote", beyond)}</p>`,
        },
      );
      if (wt.inside) {
        steps.push({
          title: t("step4"),
          key: true,
          html:
            w.branch === "start"
              ? `<p>${t("startNote")}</p>`
              : `<p class="eq">U + V + W = ${val(wt.det)}</p>
            <p class="eq">(u, v, w) = (U, V, W) / (U + V + W) = (${val(wt.u)}, ${val(wt.v)}, ${val(wt.w)})</p>
            <p class="eq">λ = ${val(wt.lambda)}, λ·|d| = ${val(w.hit.distance)}</p>
            <p class="eq">u·A + v·B + w·C = ${vval(w.hit.point)}</p>`,
        });
      }
      steps.push({
        title: t("step5"),
        html: `<p>${t("neighbourNote", num(wt.U), num(wt2.U))}</p><p>${t("neighbourVerdict", say(hit), say(other))}</p>`,
      });
    }
    return { ...readout, steps };
  },
};
