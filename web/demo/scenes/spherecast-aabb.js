// A sphere cast against a box as a ray against the rounded box (Ericson, Real-Time Collision Detection, 5.5.7),
// as sphere_cast_aabb runs it (cpp/src/sphere_cast_shapes.cpp): the moving ball against the box is the moving
// center against the box's Minkowski sum with the ball — the three boxes grown by r along one axis (the faces
// pushed out) and the twelve edges as capsules of radius r (cylinders along the edges, spheres at the corners).
// The walkthrough casts the center's path against each piece with the library's own linecastAABB and
// linecastCapsule, takes the earliest, and checks it against np.sphereCastAABB.
import * as THREE from "three";
import {
  Arrow,
  BoxView,
  COLORS,
  Dot,
  Rod,
  SphereView,
  setColor,
} from "../app/draw.js";
import {
  BOX_FIELDS,
  addBoxHandles,
  boxOf,
  normalizeBox,
} from "../app/shapes/aabb.js";
import { addSphereHandles } from "../app/shapes/sphere.js";
import { mergeText } from "../app/i18n.js";
import { AXES, num, val, vec, vval } from "../app/format.js";
import { ERICSON } from "./closest-point-triangle.js";

const V = (x, y, z) => new THREE.Vector3(x, y, z);

/** The pieces of the rounded box: three grown boxes (faces), then twelve edge capsules. */
export function roundedBoxPieces(box, r) {
  const pieces = [];
  for (let i = 0; i < 3; i++) {
    const min = box.min.clone(),
      max = box.max.clone();
    min.setComponent(i, min.getComponent(i) - r);
    max.setComponent(i, max.getComponent(i) + r);
    pieces.push({ kind: "slab", axis: i, box: { min, max } });
  }
  for (let i = 0; i < 3; i++) {
    const j = (i + 1) % 3,
      k = (i + 2) % 3;
    for (let m = 0; m < 4; m++) {
      const a = box.min.clone();
      a.setComponent(j, (m & 1 ? box.max : box.min).getComponent(j));
      a.setComponent(k, (m & 2 ? box.max : box.min).getComponent(k));
      const b = a.clone().setComponent(i, box.max.getComponent(i));
      pieces.push({ kind: "edge", axis: i, start: a, end: b });
    }
  }
  return pieces;
}

export default {
  id: "spherecast-aabb",
  // Seen from −x +y +z, as the box scenes: the box's min and max corners (its handles) lie on its outline.
  camera: { position: [-4.6, 4.1, 6.6], target: [0.3, 0.2, -0.2] },
  defaults: {
    sx: -3.4,
    sy: 1.6,
    sz: 1.2,
    ex: 2.6,
    ey: -0.6,
    ez: -2,
    r: 0.5,
    x0: -1,
    y0: -0.7,
    z0: -0.9,
    x1: 1,
    y1: 0.7,
    z1: 0.9,
  },
  fields: [
    { label: "startS", keys: ["sx", "sy", "sz"] },
    { label: "endE", keys: ["ex", "ey", "ez"] },
    { label: "radiusR", keys: ["r"], min: 0 },
    ...BOX_FIELDS,
  ],
  normalize: normalizeBox,
  /** States worth seeing: a face, an edge, a corner, grazing, starting inside, a miss, radius 0. */
  examples: [
    {
      name: "face",
      state: { sx: -3.4, sy: 0.2, sz: 0.1, ex: 2.6, ey: 0, ez: 0 },
    },
    {
      name: "edge",
      state: { sx: -3.4, sy: 1.05, sz: 0.2, ex: 2.6, ey: 1.05, ez: 0 },
    },
    {
      name: "corner",
      state: { sx: -2.6, sy: 2.3, sz: 2.5, ex: 0, ey: 0, ez: 0 },
    },
    // The path runs along the top of the rounded box, r above the face (binary-exact numbers): it only touches.
    {
      name: "grazing",
      state: {
        y0: -0.75,
        y1: 0.75,
        sx: -3.4,
        sy: 1.25,
        sz: 0,
        ex: 2.6,
        ey: 1.25,
        ez: 0,
      },
    },
    { name: "started overlapping", state: { sx: -1.2, sy: 0.5, sz: 0.3 } },
    {
      name: "miss",
      state: { sx: -3.4, sy: 2.4, sz: 1.2, ex: 2.6, ey: 2.2, ez: -0.6 },
    },
    { name: "stops short", state: { ex: -2, ey: 1.1, ez: 0.8 } },
    { name: "radius 0", state: { r: 0 } },
  ],

  text: mergeText(ERICSON, {
    en: {
      menu: "Sphere cast vs box",
      menuNote: "Ericson 5.5.7",
      title: "A sphere cast against a box is a ray against the rounded box",
      source: `${ERICSON.en.ericson("5.5.7")} This page draws the rounded box piece by piece, casts the center's path against every piece, names the feature it enters first and checks the first contact against the library's.`,
      startS: "Start S",
      endE: "End E",
      radiusR: "Radius r",
      explanation: `
    <p>A ball of radius r touches the box exactly when its center is within r of the box: inside the box's
    <i>Minkowski sum</i> with the ball, the <i>rounded box</i>. So instead of moving a ball, move a point — the
    center, from <b class="ca">S</b> to <b class="ca">E</b> — and find where this ray first enters the rounded
    box. That is the first contact.</p>
    <p>The rounded box is a union of simple pieces (Ericson 5.5.7): the box grown by r along one axis at a time
    (its faces pushed out by r: three boxes), and the twelve edges as capsules of radius r (a cylinder along each
    edge, a sphere of radius r at each corner). The ray's entry is the earliest of its entries into the pieces, and
    which piece it enters names the feature the ball touches: a face, an edge or a corner.</p>
    <p>The library first checks that the ball does not already touch the box at S (then the answer is the contact
    there, at distance 0), and that the swept capsule from S to E touches the box at all (exactly: a grazing path
    counts), then casts against the pieces. Drag <b class="ca">S</b>, <b class="ca">E</b>, the small handle on the
    ball (its radius) or the box.</p>
    <p>To skip most pieces, the library then asks where the ray enters the box grown by r on every axis (which
    holds the rounded box). If that point lies beyond the box on one axis, only that face's grown box can be
    entered first; on two axes, only that edge's capsule; on three, only the three edge capsules at that corner
    (Ericson's region test). Only near a region's border, or if those pieces all miss, does it cast against every
    piece. This page casts against every piece to show them all; the earliest entry is the same.</p>`,
      result: (kind, f, d, c, p, n) =>
        ({
          hit: `first contact at fraction ${f} (distance ${d}): center ${c}, point ${p}, normal ${n}`,
          start: `started overlapping: point ${p}, normal ${n}`,
          miss: "miss",
        })[kind],
      step1: "Does the ball touch the box at S already?",
      startYes: (d, r) =>
        `The distance from S to the box is ${d} ≤ r = ${r}: the cast starts overlapping, at distance 0, with the contact there.`,
      startNo: (d, r) =>
        `The distance from S to the box is ${d} > r = ${r}: not yet.`,
      step2: "Does the swept capsule touch the box at all?",
      sweptYes: "Yes: the ball touches the box somewhere between S and E.",
      sweptNo:
        "No: the ball passes the box without touching it, or stops short. Miss.",
      step3: "The center's path against each piece of the rounded box",
      thPiece: "piece",
      thEntry: "entry fraction",
      slab: (axis) => `box grown along ${axis}`,
      edge: (axis, where) => `edge along ${axis} at ${where}`,
      missedEdges: (n) =>
        `${n} of the 12 edge capsules are missed by the path.`,
      firstPiece: (name) =>
        `The earliest entry is into the <b class="ck">${name}</b>.`,
      step4: "The feature touched, and the ball at first contact",
      feature: (n) =>
        [
          "",
          "The center at first contact lies beside a face: the ball touches a face.",
          "The center at first contact lies beside an edge: the ball touches an edge.",
          "The center at first contact lies beyond a corner: the ball touches a corner (the corner sphere is the end ball of the edge capsules that meet there).",
        ][n],
      zeroRadius:
        "With r = 0 the rounded box is the box itself: the cast is a linecast.",
      agreeF: "first contact fraction",
      agreeC: "center at first contact",
      agreeP: "contact point",
      agreeHit: "hit or miss",
    },
    ko: {
      menu: "구체 캐스트 대 박스",
      menuNote: "Ericson 5.5.7",
      title: "박스에 대한 구체 캐스트는 둥근 박스에 대한 레이캐스트다",
      source: `${ERICSON.ko.ericson("5.5.7")} 이 페이지에서는 둥근 박스를 조각별로 그리고, 중심의 경로를 각 조각에 대해 쏘아, 처음 들어가는 특징(면, 모서리, 꼭짓점)을 알려 주며, 첫 접촉을 라이브러리의 답과 대조합니다.`,
      startS: "시작점 S",
      endE: "끝점 E",
      radiusR: "반지름 r",
      explanation: `
    <p>반지름 r인 구는 중심이 박스에서 r 이내에 있을 때, 즉 박스와 구의 <i>민코프스키 합</i>인 <i>둥근 박스</i>
    안에 있을 때 정확히 박스에 닿습니다. 그러므로 구를 움직이는 대신 점 하나, 곧 <b class="ca">S</b>에서
    <b class="ca">E</b>로 가는 중심을 움직여 이 레이가 둥근 박스에 처음 들어가는 곳을 찾으면 됩니다. 그곳이 첫
    접촉입니다.</p>
    <p>둥근 박스는 단순한 조각들의 합집합입니다(Ericson 5.5.7). 한 번에 한 축으로만 r만큼 늘린 박스 세 개(면을
    r만큼 밀어낸 것)와, 반지름 r인 캡슐로 본 모서리 열두 개(모서리를 따라가는 원기둥과 각 꼭짓점의 반지름 r인
    구)입니다. 레이가 들어가는 지점은 조각들에 들어가는 지점 중 가장 이른 것이고, 어느 조각에 들어가는지가 구가
    닿는 특징, 즉 면, 모서리, 꼭짓점을 알려 줍니다.</p>
    <p>라이브러리는 먼저 S에서 이미 구가 박스에 닿아 있는지(그렇다면 답은 거리 0에서의 그 접촉), 그리고 S에서 E까지
    쓸고 지나간 캡슐이 박스에 닿기는 하는지(정확히 판정하므로 스치는 경로도 충돌)를 확인한 다음 조각들에 대해 쏩니다.
    <b class="ca">S</b>, <b class="ca">E</b>, 구 위의 작은 핸들(반지름), 박스를 드래그해 보세요.</p>
    <p>라이브러리는 대부분의 조각을 건너뛰기 위해, 먼저 모든 축으로 r만큼 늘린 박스(둥근 박스를 감싸는 박스)에 레이가
    들어가는 점을 구합니다. 그 점이 한 축에서만 박스 밖이면 그 면의 늘린 박스만, 두 축에서 밖이면 그 모서리의 캡슐만,
    세 축에서 밖이면 그 꼭짓점에 모이는 세 모서리의 캡슐만 가장 먼저 닿을 수 있습니다(Ericson의 영역 판정). 영역의
    경계 가까이이거나 그 조각들이 모두 빗나갈 때만 모든 조각에 대해 쏩니다. 이 페이지는 조각을 모두 보여 주려고
    조각마다 쏘지만, 가장 이른 진입점은 같습니다.</p>`,
      result: (kind, f, d, c, p, n) =>
        ({
          hit: `비율 ${f}(거리 ${d})에서 첫 접촉: 중심 ${c}, 접촉점 ${p}, 법선 ${n}`,
          start: `처음부터 겹쳐 있음: 접촉점 ${p}, 법선 ${n}`,
          miss: "빗나감",
        })[kind],
      step1: "S에서 이미 구가 박스에 닿아 있는가?",
      startYes: (d, r) =>
        `S에서 박스까지의 거리는 ${d} ≤ r = ${r}입니다. 캐스트는 처음부터 겹친 상태로, 거리 0에서 그 자리의 접촉을 답으로 합니다.`,
      startNo: (d, r) =>
        `S에서 박스까지의 거리는 ${d} > r = ${r}입니다. 아직 닿지 않았습니다.`,
      step2: "쓸고 지나간 캡슐이 박스에 닿기는 하는가?",
      sweptYes: "그렇습니다. 구는 S와 E 사이 어딘가에서 박스에 닿습니다.",
      sweptNo:
        "아닙니다. 구는 박스에 닿지 않고 지나가거나 닿기 전에 멈춥니다. 빗나감.",
      step3: "중심의 경로를 둥근 박스의 각 조각에 대해 쏘기",
      thPiece: "조각",
      thEntry: "들어가는 비율",
      slab: (axis) => `${axis}축으로 늘린 박스`,
      edge: (axis, where) => `${where}의 ${axis}축 방향 모서리`,
      missedEdges: (n) => `모서리 캡슐 12개 중 ${n}개는 경로가 빗나갑니다.`,
      firstPiece: (name) =>
        `가장 먼저 들어가는 조각은 <b class="ck">${name}</b>입니다.`,
      step4: "닿는 특징과 첫 접촉 순간의 구",
      feature: (n) =>
        [
          "",
          "첫 접촉 때 중심은 면 옆에 있습니다. 구는 면에 닿습니다.",
          "첫 접촉 때 중심은 모서리 옆에 있습니다. 구는 모서리에 닿습니다.",
          "첫 접촉 때 중심은 꼭짓점 바깥에 있습니다. 구는 꼭짓점에 닿습니다(꼭짓점의 구는 그곳에서 만나는 모서리 캡슐의 끝 구입니다).",
        ][n],
      zeroRadius:
        "r = 0이면 둥근 박스는 박스 그 자체이고, 캐스트는 선분 캐스트가 됩니다.",
      agreeF: "첫 접촉 비율",
      agreeC: "첫 접촉 때의 중심",
      agreeP: "접촉점",
      agreeHit: "충돌 여부",
    },
    ja: {
      menu: "スフィアキャスト対箱",
      menuNote: "Ericson 5.5.7",
      title: "箱へのスフィアキャストは、角の丸い箱へのレイキャスト",
      source: `${ERICSON.ja.ericson("5.5.7")}このページでは、角の丸い箱を部品ごとに描き、中心の経路を各部品に対して飛ばし、最初に入る特徴（面、辺、頂点）を示し、最初の接触をライブラリの答えと照合します。`,
      startS: "始点 S",
      endE: "終点 E",
      radiusR: "半径 r",
      explanation: `
    <p>半径 r の球が箱に触れるのは、中心が箱から r 以内にあるとき、つまり箱と球の<i>ミンコフスキー和</i>である<i>角の丸い箱</i>の中にあるときです。ですから球を動かす代わりに、1つの点、つまり <b class="ca">S</b> から <b class="ca">E</b> へ動く中心を考え、このレイが角の丸い箱に最初に入るところを求めます。そこが最初の接触です。</p>
    <p>角の丸い箱は単純な部品の和集合です（Ericson 5.5.7）。1軸ずつ r だけ広げた箱が3つ（面を r だけ押し出したもの）と、半径 r のカプセルとしての12本の辺（辺に沿った円柱と、各頂点の半径 r の球）です。レイの入る位置は各部品に入る位置のうち最も早いもので、どの部品に入るかが、球が触れる特徴、つまり面、辺、頂点を表します。</p>
    <p>ライブラリはまず、S の時点で球がすでに箱に触れていないか（触れていれば、答えは距離0でのその接触）、S から E まで掃引したカプセルがそもそも箱に触れるか（厳密な判定なので、かすめる経路も当たり）を確かめ、それから部品に対して飛ばします。<b class="ca">S</b>、<b class="ca">E</b>、球の上の小さなハンドル（半径）、箱をドラッグしてみてください。</p>
    <p>ライブラリはほとんどの部品を省くため、まず全軸に r だけ広げた箱（角の丸い箱を包む箱）にレイが入る点を求めます。その点が箱の外にある軸が1つならその面の広げた箱だけ、2つならその辺のカプセルだけ、3つならその頂点に集まる3本の辺のカプセルだけが最初に当たり得ます（Ericson の領域判定）。領域の境目の近くか、それらの部品がすべて外れたときにだけ、すべての部品に対して飛ばします。このページはすべての部品を見せるために部品ごとに飛ばしますが、最初に入る位置は同じです。</p>`,
      result: (kind, f, d, c, p, n) =>
        ({
          hit: `割合 ${f}（距離 ${d}）で最初の接触：中心 ${c}、接触点 ${p}、法線 ${n}`,
          start: `最初から重なっている：接触点 ${p}、法線 ${n}`,
          miss: "外れ",
        })[kind],
      step1: "S の時点で球はすでに箱に触れているか",
      startYes: (d, r) =>
        `S から箱までの距離は ${d} ≤ r = ${r} です。キャストは最初から重なっていて、距離0でのその場の接触が答えです。`,
      startNo: (d, r) =>
        `S から箱までの距離は ${d} > r = ${r} です。まだ触れていません。`,
      step2: "掃引したカプセルはそもそも箱に触れるか",
      sweptYes: "触れます。球は S と E の間のどこかで箱に触れます。",
      sweptNo:
        "触れません。球は箱に触れずに通り過ぎるか、触れる前に止まります。外れ。",
      step3: "中心の経路を角の丸い箱の各部品に対して飛ばす",
      thPiece: "部品",
      thEntry: "入る割合",
      slab: (axis) => `${axis} 軸方向に広げた箱`,
      edge: (axis, where) => `${where} の ${axis} 軸方向の辺`,
      missedEdges: (n) =>
        `12本の辺のカプセルのうち ${n} 本は、経路が外れます。`,
      firstPiece: (name) => `最も早く入る部品は<b class="ck">${name}</b>です。`,
      step4: "触れる特徴と、最初の接触での球",
      feature: (n) =>
        [
          "",
          "最初の接触のとき中心は面の横にあります。球は面に触れます。",
          "最初の接触のとき中心は辺の横にあります。球は辺に触れます。",
          "最初の接触のとき中心は頂点の外側にあります。球は頂点に触れます（頂点の球は、そこで出会う辺のカプセルの端の球です）。",
        ][n],
      zeroRadius:
        "r = 0 なら角の丸い箱は箱そのもので、キャストは線分のキャストになります。",
      agreeF: "最初の接触の割合",
      agreeC: "最初の接触での中心",
      agreeP: "接触点",
      agreeHit: "当たりかどうか",
    },
  }),

  build(ctx) {
    ctx.objects = {
      box: ctx.add(new BoxView(COLORS.box)),
      slabs: [0, 1, 2].map(() =>
        ctx.add(new BoxView(COLORS.dim, { opacity: 0.05 })),
      ),
      cylinders: Array.from({ length: 12 }, () =>
        ctx.add(new Rod(COLORS.dim, 0.5, { opacity: 0.08 })),
      ),
      corners: Array.from({ length: 8 }, () =>
        ctx.add(new SphereView(COLORS.dim, { opacity: 0.06, wire: 0.05 })),
      ),
      path: ctx.add(new Arrow(COLORS.a, 0.02)),
      startBall: ctx.add(new SphereView(COLORS.a, { opacity: 0.18 })),
      ghost: ctx.add(new SphereView(COLORS.key, { opacity: 0.3 })),
      center: ctx.add(new Dot(COLORS.key, 0.06)),
      point: ctx.add(new Dot(COLORS.key, 0.07)),
      normal: ctx.add(new Arrow(COLORS.key, 0.02)),
      sLabel: ctx.label("S", COLORS.a),
      eLabel: ctx.label("E", COLORS.a),
      cLabel: ctx.label("C", COLORS.key),
      pLabel: ctx.label("P", COLORS.key),
      fLabel: ctx.label("", COLORS.key, "plain"),
    };
    addSphereHandles(ctx, {
      center: "s",
      radius: "r",
      names: ["S", "radius"],
      color: COLORS.a,
    });
    ctx.handle({
      name: "E",
      color: COLORS.a,
      get: (s) => [s.ex, s.ey, s.ez],
      drag: (s, p) => ({ ex: p.x, ey: p.y, ez: p.z }),
    });
    addBoxHandles(ctx);
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const S = V(s.sx, s.sy, s.sz),
      E = V(s.ex, s.ey, s.ez);
    const box = boxOf(s);
    const r = s.r;

    // The answer, from the library.
    const hit = np.sphereCastAABB(S, E, r, box);
    const kind = !hit ? "miss" : hit.startedOverlapping ? "start" : "hit";

    // The walkthrough: the start, the swept capsule, every piece of the rounded box.
    const dStart = np.distancePointAABB(S, box);
    const started = dStart <= r;
    const swept = np.overlapCapsuleAABB({ start: S, end: E, radius: r }, box);
    const length = S.distanceTo(E);
    const pieces = roundedBoxPieces(box, r).map((piece) => {
      if (piece.kind === "edge" && r === 0) return { ...piece, f: null };
      const h =
        piece.kind === "slab"
          ? np.linecastAABB(S, E, piece.box)
          : np.linecastCapsule(S, E, {
              start: piece.start,
              end: piece.end,
              radius: r,
            });
      return {
        ...piece,
        f: h && length > 0 ? Math.min(h.distance / length, 1) : null,
      };
    });
    let first = null;
    for (const p of pieces)
      if (p.f !== null && (first === null || p.f < first.f)) first = p;

    ctx.agree(t("agreeHit"), started || (swept && length > 0), !!hit);
    let center = null,
      nearest = null,
      clamped = 0;
    if (kind === "hit" && first) {
      ctx.agree(t("agreeF"), first.f, hit.fraction, 1e-9);
      center = S.clone().lerp(E, first.f);
      ctx.agree(t("agreeC"), center, hit.center, 1e-9);
      nearest = np.closestPointOnAABB(center, box, new THREE.Vector3());
      ctx.agree(t("agreeP"), nearest, hit.point, 1e-9);
      clamped = AXES.filter(
        (a) => center[a] < box.min[a] || center[a] > box.max[a],
      ).length;
    }

    // Drawing: the box, the rounded box's pieces (the one entered first lit), the path, the balls.
    o.box.setMinMax(box.min, box.max).setColor(hit ? COLORS.key : COLORS.box);
    pieces.forEach((p, i) => {
      const lit = p === first && kind === "hit";
      if (p.kind === "slab") {
        o.slabs[i].setMinMax(p.box.min, p.box.max);
        o.slabs[i].setColor(lit ? COLORS.key : COLORS.dim);
        o.slabs[i].fill.material.opacity = lit ? 0.2 : 0.05;
        o.slabs[i].visible = r > 0 || i === 0;
      } else {
        const rod = o.cylinders[i - 3];
        rod.radius = Math.max(r, 1e-3);
        rod.set(p.start, p.end);
        rod.visible &&= r > 0;
        setColor(rod.material, lit ? COLORS.key : COLORS.dim);
        rod.material.opacity = lit ? 0.3 : 0.08;
      }
    });
    let c = 0;
    for (const x of [box.min.x, box.max.x])
      for (const y of [box.min.y, box.max.y])
        for (const z of [box.min.z, box.max.z]) {
          o.corners[c].set(V(x, y, z), r);
          o.corners[c].visible = r > 0;
          const lit =
            kind === "hit" &&
            clamped === 3 &&
            nearest &&
            nearest.equals(V(x, y, z));
          o.corners[c]
            .setColor(lit ? COLORS.key : COLORS.dim)
            .setOpacity(lit ? 0.3 : 0.06);
          c++;
        }
    o.path.set(S, E);
    o.startBall.set(S, r);
    o.sLabel.at(S);
    o.eLabel.at(E);
    const shown = hit && kind === "hit" ? hit : null;
    o.ghost.visible =
      o.center.visible =
      o.cLabel.visible =
      o.fLabel.visible =
        !!shown;
    o.point.visible = o.normal.visible = o.pLabel.visible = !!hit;
    if (hit) {
      const p = V(hit.point.x, hit.point.y, hit.point.z);
      const n = V(hit.normal.x, hit.normal.y, hit.normal.z);
      o.point.set(p);
      o.normal.set(p, p.clone().addScaledVector(n, 0.8));
      o.pLabel.at(p);
    }
    if (shown) {
      const cc = V(hit.center.x, hit.center.y, hit.center.z);
      o.ghost.set(cc, r);
      o.center.set(cc);
      o.cLabel.at(cc);
      o.fLabel
        .setText(`t = ${num(hit.fraction)}`)
        .position.lerpVectors(S, cc, 0.5);
    }

    // The steps.
    const where = (p) =>
      `(${AXES.map((a, i) => (i === p.axis ? "·" : p.start[a] === box.min[a] ? "min" : "max")).join(", ")})`;
    const nameOf = (p) =>
      p.kind === "slab"
        ? t("slab", AXES[p.axis])
        : t("edge", AXES[p.axis], where(p));
    const steps = [
      {
        title: t("step1"),
        html: `<p>${started ? t("startYes", num(dStart), num(r)) : t("startNo", num(dStart), num(r))}</p>`,
      },
    ];
    if (!started) {
      steps.push({
        title: t("step2"),
        html: `<p>${swept && length > 0 ? t("sweptYes") : t("sweptNo")}</p>`,
      });
      if (swept && length > 0) {
        const rows = pieces
          .filter((p) => p.kind === "slab" || p.f !== null)
          .map(
            (p) =>
              `<tr${p === first ? ' class="sel"' : ""}><td>${nameOf(p)}</td><td>${p.f === null ? "—" : num(p.f)}</td></tr>`,
          )
          .join("");
        const missed = pieces.filter(
          (p) => p.kind === "edge" && p.f === null,
        ).length;
        steps.push({
          title: t("step3"),
          key: true,
          html: `<table class="t"><tr><th>${t("thPiece")}</th><th>${t("thEntry")}</th></tr>${rows}</table>
            <p>${r === 0 ? t("zeroRadius") : t("missedEdges", missed)}</p>
            ${first ? `<p>${t("firstPiece", nameOf(first))}</p>` : ""}`,
        });
      }
    }
    if (kind === "hit" && center) {
      steps.push({
        title: t("step4"),
        key: true,
        html: `<p class="eq">C = S + t·(E − S) = ${vval(center)}, t = ${val(hit.fraction)}</p>
          <p class="eq">P = ${vval(hit.point)}, |CP| = ${val(center.distanceTo(hit.point))} = r</p>
          <p>${t("feature", clamped)}</p>`,
      });
    }
    return {
      result: t(
        "result",
        kind,
        hit ? num(hit.fraction) : "",
        hit ? num(hit.distance) : "",
        hit ? vec(hit.center) : "",
        hit ? vec(hit.point) : "",
        hit ? vec(hit.normal) : "",
      ),
      tone: kind === "miss" ? "clear" : kind === "start" ? "overlap" : "hit",
      steps,
    };
  },
};
