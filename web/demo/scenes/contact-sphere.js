// A contact's minimum translation: a ball A overlapping a shape B (a box by default; any shape the library's
// contactSphere* functions take: sphere, capsule, AABB, OBB, triangle, plane). The depth, the normal, pointA
// and pointB, and A moved by normal · depth, touching B. Answers: np.contactSphere<B> (and np.overlapSphere<B>,
// np.closestPointOn<B>, np.distancePoint<B> for the walkthrough, which checks the contact's relations with
// them). B is read from the playground's slot keys (app/shapes/<kind>.js): center C, vectors U and V, radius,
// rotation.
import * as THREE from "three";
import { Arrow, COLORS, Dot, SphereView } from "../app/draw.js";
import { SHAPE } from "../app/shapes/index.js";
import { addSphereHandles } from "../app/shapes/sphere.js";
import { num, val, vec, vval } from "../app/format.js";

const DEG = Math.PI / 180;
const V = (x, y, z) => new THREE.Vector3(x, y, z);

// B's kinds, by their index in the playground's list (so a state reads the same there: bk = 5 is a box).
const KIND = {
  3: "sphere",
  4: "capsule",
  5: "aabb",
  6: "obb",
  7: "triangle",
  8: "plane",
};
const NAME = {
  sphere: "Sphere",
  capsule: "Capsule",
  aabb: "AABB",
  obb: "OBB",
  triangle: "Triangle",
  plane: "Plane",
};

/** B's slot (center, vectors, radius, rotation) and its library shape. */
function shapeB(s) {
  const k = {
    kind: KIND[s.bk],
    c: V(s.bx, s.by, s.bz),
    u: V(s.bux, s.buy, s.buz),
    v: V(s.bvx, s.bvy, s.bvz),
    r: s.br,
    rotation: new THREE.Matrix3().setFromMatrix4(
      new THREE.Matrix4().makeRotationFromEuler(
        new THREE.Euler(s.brx * DEG, s.bry * DEG, s.brz * DEG, "XYZ"),
      ),
    ),
  };
  return { k, shape: SHAPE[k.kind].fromSlot(k) };
}

const kindText = (names) => ({
  kind: (kind) => names[Object.keys(NAME).indexOf(kind)],
});

export default {
  id: "contact-sphere",
  camera: { position: [-3.2, 4.2, 6.8], target: [0.4, 0.2, 0] },
  defaults: {
    ax: 1.3,
    ay: 0.9,
    az: 0.4,
    ar: 0.8,
    bk: 5,
    bx: 0,
    by: 0,
    bz: 0,
    bux: 1,
    buy: 0.6,
    buz: 0.8,
    bvx: -1,
    bvy: 0.2,
    bvz: 1,
    br: 0.6,
    brx: 0,
    bry: 0,
    brz: 25,
  },
  fields: [
    { label: "centerA", keys: ["ax", "ay", "az"] },
    { label: "radiusA", keys: ["ar"], min: 0 },
    { label: "centerB", keys: ["bx", "by", "bz"] },
    { label: "vectorU", keys: ["bux", "buy", "buz"] },
    { label: "vectorV", keys: ["bvx", "bvy", "bvz"] },
    { label: "radiusB", keys: ["br"], min: 0 },
    {
      label: "rotationB",
      keys: ["brx", "bry", "brz"],
      kind: "deg",
      min: -180,
      max: 180,
    },
    // Last, so that the first input is A's center (the one a change moves first); its buttons stand above the
    // scene.
    {
      label: "shapeB",
      keys: ["bk"],
      kind: "choice",
      toolbar: true,
      options: Object.entries(KIND).map(([value, kind]) => [
        Number(value),
        ["kind", kind],
      ]),
    },
  ],
  normalize(s) {
    for (const k of ["brx", "bry", "brz"]) if (s[k] === -180) s[k] = 180;
    // A plane needs a normal: U = 0 is taken as +y.
    if (s.bk === 8 && s.bux === 0 && s.buy === 0 && s.buz === 0) s.buy = 1;
  },
  /** States worth seeing: the center inside the box, touching, apart, coincident centers, each kind of B. */
  examples: [
    { name: "center inside the box", state: { ax: 0.3, ay: 0.35, az: 0.1 } },
    // A 1 from the face x = 1 with radius 1: depth 0.
    { name: "touching", state: { ax: 2, ay: 0, az: 0, ar: 1 } },
    { name: "apart", state: { ax: 3, ay: 1.5, az: 0 } },
    { name: "sphere", state: { bk: 3, ax: 0.9, ay: 0.6, az: 0.2 } },
    // Two balls with one center: the library's normal is +y.
    { name: "coincident centers", state: { bk: 3, ax: 0, ay: 0, az: 0 } },
    { name: "capsule", state: { bk: 4, ax: 0.9, ay: 1.1, az: 0.2 } },
    { name: "OBB", state: { bk: 6 } },
    { name: "triangle", state: { bk: 7, ax: 0.2, ay: 0.5, az: 0.6 } },
    { name: "plane", state: { bk: 8, bux: 0, buy: 1, buz: 0, ay: 0.5 } },
  ],

  text: {
    en: {
      ...kindText(["sphere", "capsule", "AABB", "OBB", "triangle", "plane"]),
      menu: "Contact",
      menuNote: "narrowphase",
      title: "A contact's minimum translation",
      source:
        "The contact queries of this library (contactSphere*), explained: what a contact's depth, normal, pointA and pointB mean, and how far the ball must move to stop overlapping, each checked against the library.",
      shapeB: "Shape B",
      centerA: "Ball A: center",
      radiusA: "Ball A: radius",
      centerB: "B: center C",
      vectorU: "B: vector U (box half sizes, capsule half axis, plane normal)",
      vectorV: "B: vector V (triangle)",
      radiusB: "B: radius (sphere, capsule)",
      rotationB: "B: rotation ° (OBB)",
      explanation: `
    <p>When two solids overlap, a physics engine needs more than “yes”: how to push them apart. A <i>contact</i>
    answers with the smallest move that does it, the <i>minimum translation</i>: a unit <code>normal</code> and a
    <code>depth</code>, so that moving A by <code>normal · depth</code> leaves the two just touching. It also names
    the two points that are deepest inside the other shape: <code>pointA</code> on A and <code>pointB</code> on B,
    with <code>pointB − pointA = normal · depth</code>.</p>
    <p>For a ball A of radius r the contact follows from B's point nearest to A's center c. When c is outside B at
    distance d, that point is pointB, the normal points from it to c, the depth is <code>r − d</code>, and
    pointA is the ball's point <code>c − normal · r</code>. When c is inside B (or on it) there is no such
    direction: the library takes the shortest way out (for a box, through the nearest face).</p>
    <p>Switch B with the buttons above the scene, drag <b class="ca">A</b>, its radius, or B's handles, and watch
    the arrow from pointA to pointB: the ghost ball is A moved along it.</p>`,
      result: (name, contact, d, n, pa, pb) =>
        contact
          ? `${name}: depth ${d}, normal ${n}, pointA ${pa}, pointB ${pb}`
          : `${name}: no contact`,
      step1: "Do they touch?",
      touch: (name) =>
        `${name}: yes — a contact exists exactly when the shapes overlap (touching gives depth 0).`,
      noTouch: (name) =>
        `${name}: no. There is nothing to push apart: no contact.`,
      step2: "B's point nearest to A's center",
      outside: (d) =>
        `The center is outside B, at distance d = ${d}: the normal is the direction from that point to the center.`,
      inside: (kind) =>
        ({
          aabb: "The center is inside the box: no direction comes from the nearest point (it is the center itself). The library takes the shortest way out, through the nearest face: the depth is r plus the center's distance to that face.",
          obb: "The center is inside the box: the library takes the shortest way out, through the nearest face in the box's frame: the depth is r plus the center's distance to that face.",
          sphere:
            "The center is inside B: the normal points from B's center through A's center (straight up, +y, when the centers coincide), and the depth is r + rB − |c − cB|.",
          capsule:
            "The center is inside the capsule: the normal points from its axis to the center, and the depth is r + rB minus the center's distance to the axis.",
          triangle:
            "The center lies on the triangle: the normal is the triangle's, and the depth is r.",
          plane:
            "The center lies on the plane: the normal is the plane's, and the depth is r.",
        })[kind],
      step3: "The contact",
      relation: "Check: pointB − pointA = normal · depth.",
      step4: "The minimum translation: A moved by normal · depth",
      moved: (d, r) =>
        `The moved center's distance to B is ${d} = r = ${r}: the ball now just touches B (the ghost ball).`,
      agreeOverlap: "contact or none",
      agreeDepth: "depth r − d",
      agreeNormal: "normal",
      agreeRelation: "pointB − pointA",
      agreeMoved: "distance after the move",
    },
    ko: {
      ...kindText(["구", "캡슐", "AABB", "OBB", "삼각형", "평면"]),
      menu: "접촉",
      menuNote: "narrowphase",
      title: "접촉의 최소 이동 벡터",
      source:
        "이 라이브러리의 접촉 쿼리(contactSphere*)를 설명합니다. 접촉의 깊이, 법선, pointA와 pointB가 무엇을 뜻하는지, 구가 겹치지 않으려면 얼마나 움직여야 하는지를 보여 주고 각각을 라이브러리의 답과 대조합니다.",
      shapeB: "도형 B",
      centerA: "구 A: 중심",
      radiusA: "구 A: 반지름",
      centerB: "B: 중심 C",
      vectorU: "B: 벡터 U (박스의 반 크기, 캡슐의 반 축, 평면의 법선)",
      vectorV: "B: 벡터 V (삼각형)",
      radiusB: "B: 반지름 (구, 캡슐)",
      rotationB: "B: 회전 ° (OBB)",
      explanation: `
    <p>두 물체가 겹쳤을 때 물리 엔진에 필요한 것은 '겹쳤다'는 사실만이 아니라 어떻게 떼어 놓을지입니다. <i>접촉</i>은
    이를 위한 가장 작은 이동, 곧 <i>최소 이동 벡터</i>로 답합니다. 단위 벡터 <code>normal</code>과
    <code>depth</code>로, A를 <code>normal · depth</code>만큼 옮기면 두 도형이 딱 맞닿게 됩니다. 또 상대 도형 안에
    가장 깊이 들어간 두 점, A 위의 <code>pointA</code>와 B 위의 <code>pointB</code>도 알려 주며,
    <code>pointB − pointA = normal · depth</code>가 성립합니다.</p>
    <p>반지름 r인 구 A의 접촉은 A의 중심 c에서 가장 가까운 B의 점으로부터 나옵니다. c가 B 밖에서 거리 d에 있으면
    그 점이 pointB이고, 법선은 그 점에서 c로 향하며, 깊이는 <code>r − d</code>, pointA는 구 위의 점
    <code>c − normal · r</code>입니다. c가 B 안(또는 B 위)에 있으면 그런 방향이 없으므로, 라이브러리는 가장 짧게
    빠져나가는 길을 택합니다(박스라면 가장 가까운 면을 통해).</p>
    <p>장면 위의 버튼으로 B를 바꾸고, <b class="ca">A</b>와 그 반지름, B의 핸들을 드래그하며 pointA에서 pointB로
    가는 화살표를 확인해 보세요. 반투명한 구가 그 화살표를 따라 옮긴 A입니다.</p>`,
      result: (name, contact, d, n, pa, pb) =>
        contact
          ? `${name}: 깊이 ${d}, 법선 ${n}, pointA ${pa}, pointB ${pb}`
          : `${name}: 접촉 없음`,
      step1: "닿아 있는가?",
      touch: (name) =>
        `${name}: 그렇습니다. 접촉은 두 도형이 겹칠 때에만 있습니다(맞닿으면 깊이 0).`,
      noTouch: (name) =>
        `${name}: 아닙니다. 떼어 놓을 것이 없으므로 접촉이 없습니다.`,
      step2: "A의 중심에서 가장 가까운 B의 점",
      outside: (d) =>
        `중심은 B 밖, 거리 d = ${d}에 있습니다. 법선은 그 점에서 중심으로 향하는 방향입니다.`,
      inside: (kind) =>
        ({
          aabb: "중심이 박스 안에 있어 가장 가까운 점(중심 자신)으로는 방향이 정해지지 않습니다. 라이브러리는 가장 가까운 면을 통해 가장 짧게 빠져나가는 길을 택하고, 깊이는 r에 그 면까지의 거리를 더한 값입니다.",
          obb: "중심이 박스 안에 있습니다. 라이브러리는 박스의 좌표계에서 가장 가까운 면을 통해 가장 짧게 빠져나가는 길을 택하고, 깊이는 r에 그 면까지의 거리를 더한 값입니다.",
          sphere:
            "중심이 B 안에 있습니다. 법선은 B의 중심에서 A의 중심을 향하고(두 중심이 같으면 위쪽 +y), 깊이는 r + rB − |c − cB|입니다.",
          capsule:
            "중심이 캡슐 안에 있습니다. 법선은 캡슐의 축에서 중심을 향하고, 깊이는 r + rB에서 중심과 축 사이의 거리를 뺀 값입니다.",
          triangle:
            "중심이 삼각형 위에 있습니다. 법선은 삼각형의 법선이고, 깊이는 r입니다.",
          plane:
            "중심이 평면 위에 있습니다. 법선은 평면의 법선이고, 깊이는 r입니다.",
        })[kind],
      step3: "접촉",
      relation: "확인: pointB − pointA = normal · depth.",
      step4: "최소 이동: A를 normal · depth만큼 옮기기",
      moved: (d, r) =>
        `옮긴 중심에서 B까지의 거리는 ${d} = r = ${r}입니다. 이제 구는 B에 딱 맞닿습니다(반투명한 구).`,
      agreeOverlap: "접촉 여부",
      agreeDepth: "깊이 r − d",
      agreeNormal: "법선",
      agreeRelation: "pointB − pointA",
      agreeMoved: "이동 후 거리",
    },
    ja: {
      ...kindText(["球", "カプセル", "AABB", "OBB", "三角形", "平面"]),
      menu: "接触",
      menuNote: "narrowphase",
      title: "接触の最小移動ベクトル",
      source:
        "このライブラリの接触の問い合わせ（contactSphere*）を説明します。接触の深さ、法線、pointA と pointB が何を意味するか、球が重ならなくなるにはどれだけ動けばよいかを示し、それぞれをライブラリの答えと照合します。",
      shapeB: "図形 B",
      centerA: "球 A：中心",
      radiusA: "球 A：半径",
      centerB: "B：中心 C",
      vectorU:
        "B：ベクトル U（箱の半分の大きさ、カプセルの軸の半分、平面の法線）",
      vectorV: "B：ベクトル V（三角形）",
      radiusB: "B：半径（球、カプセル）",
      rotationB: "B：回転 °（OBB）",
      explanation: `
    <p>2つの物体が重なったとき、物理エンジンに必要なのは「重なった」ことだけでなく、どう引き離すかです。<i>接触</i>は、そのための最も小さな移動、つまり<i>最小移動ベクトル</i>で答えます。単位ベクトル <code>normal</code> と <code>depth</code> で、A を <code>normal · depth</code> だけ動かすと2つの図形はちょうど接します。また、相手の図形の中に最も深く入った2点、A 上の <code>pointA</code> と B 上の <code>pointB</code> も示し、<code>pointB − pointA = normal · depth</code> が成り立ちます。</p>
    <p>半径 r の球 A の接触は、A の中心 c に最も近い B の点から決まります。c が B の外、距離 d のところにあれば、その点が pointB で、法線はその点から c へ向かい、深さは <code>r − d</code>、pointA は球上の点 <code>c − normal · r</code> です。c が B の中（または B の上）にあると、そのような向きがないので、ライブラリは最も短く抜け出す道を選びます（箱なら最も近い面を通って）。</p>
    <p>シーンの上のボタンで B を切り替え、<b class="ca">A</b> とその半径、B のハンドルをドラッグして、pointA から pointB への矢印を見てください。半透明の球は、その矢印に沿って動かした A です。</p>`,
      result: (name, contact, d, n, pa, pb) =>
        contact
          ? `${name}：深さ ${d}、法線 ${n}、pointA ${pa}、pointB ${pb}`
          : `${name}：接触なし`,
      step1: "触れているか",
      touch: (name) =>
        `${name}：はい。接触は2つの図形が重なるときだけ存在します（接しているだけなら深さ0）。`,
      noTouch: (name) =>
        `${name}：いいえ。引き離すものがないので、接触はありません。`,
      step2: "A の中心に最も近い B の点",
      outside: (d) =>
        `中心は B の外、距離 d = ${d} のところにあります。法線はその点から中心へ向かう向きです。`,
      inside: (kind) =>
        ({
          aabb: "中心は箱の中にあり、最も近い点（中心そのもの）からは向きが決まりません。ライブラリは最も近い面を通って最も短く抜け出す道を選び、深さは r にその面までの距離を足したものです。",
          obb: "中心は箱の中にあります。ライブラリは箱の座標系で最も近い面を通って最も短く抜け出す道を選び、深さは r にその面までの距離を足したものです。",
          sphere:
            "中心は B の中にあります。法線は B の中心から A の中心へ向かい（2つの中心が同じなら真上の +y）、深さは r + rB − |c − cB| です。",
          capsule:
            "中心はカプセルの中にあります。法線はカプセルの軸から中心へ向かい、深さは r + rB から中心と軸の距離を引いたものです。",
          triangle:
            "中心は三角形の上にあります。法線は三角形の法線で、深さは r です。",
          plane:
            "中心は平面の上にあります。法線は平面の法線で、深さは r です。",
        })[kind],
      step3: "接触",
      relation: "確認：pointB − pointA = normal · depth。",
      step4: "最小移動：A を normal · depth だけ動かす",
      moved: (d, r) =>
        `動かした中心から B までの距離は ${d} = r = ${r} です。球は B にちょうど接しています（半透明の球）。`,
      agreeOverlap: "接触の有無",
      agreeDepth: "深さ r − d",
      agreeNormal: "法線",
      agreeRelation: "pointB − pointA",
      agreeMoved: "移動後の距離",
    },
  },

  build(ctx) {
    ctx.objects = {
      a: ctx.add(new SphereView(COLORS.a)),
      views: Object.fromEntries(
        Object.values(KIND).map((kind) => [
          kind,
          SHAPE[kind].view(ctx, COLORS.b),
        ]),
      ),
      ghost: ctx.add(new SphereView(COLORS.key, { opacity: 0.12, wire: 0.25 })),
      near: ctx.add(new Dot(COLORS.dim, 0.045)),
      pa: ctx.add(new Dot(COLORS.a, 0.06)),
      pb: ctx.add(new Dot(COLORS.b, 0.06)),
      mtv: ctx.add(new Arrow(COLORS.key, 0.025)),
      normal: ctx.add(new Arrow(COLORS.neutral, 0.018)),
      aLabel: ctx.label("A", COLORS.a),
      bLabel: ctx.label("B", COLORS.b),
      paLabel: ctx.label("pointA", COLORS.a),
      pbLabel: ctx.label("pointB", COLORS.b),
      nLabel: ctx.label("normal", COLORS.neutral),
      dLabel: ctx.label("", COLORS.key, "plain"),
    };
    addSphereHandles(ctx, {
      center: "a",
      radius: "ar",
      names: ["A", "A radius"],
      color: COLORS.a,
    });
    const c = (s) => V(s.bx, s.by, s.bz);
    ctx.handle({
      name: "B",
      color: COLORS.b,
      get: (s) => c(s),
      drag: (s, p) => ({ bx: p.x, by: p.y, bz: p.z }),
    });
    ctx.handle({
      name: "B U",
      color: COLORS.b,
      shape: "cube",
      get: (s) => c(s).add(V(s.bux, s.buy, s.buz)),
      drag: (s, p) => ({ bux: p.x - s.bx, buy: p.y - s.by, buz: p.z - s.bz }),
      visible: (s) => s.bk !== 3,
    });
    ctx.handle({
      name: "B V",
      color: COLORS.b,
      shape: "cube",
      get: (s) => c(s).add(V(s.bvx, s.bvy, s.bvz)),
      drag: (s, p) => ({ bvx: p.x - s.bx, bvy: p.y - s.by, bvz: p.z - s.bz }),
      visible: (s) => s.bk === 7,
    });
    ctx.handle({
      name: "B radius",
      color: COLORS.b,
      get: (s) => c(s).add(V(0, 0, -Math.max(s.br, 0.12))),
      drag: (s, p) => ({ br: p.distanceTo(c(s)) }),
      visible: (s) => s.bk === 3,
    });
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const center = V(s.ax, s.ay, s.az);
    const r = s.ar;
    const sphere = { center, radius: r };
    const { k, shape } = shapeB(s);
    const Name = NAME[k.kind];
    const name = `contactSphere${Name}`;

    // The answer, from the library.
    const contact = np[name](sphere, shape);

    // Drawing: A, B (its kind's view; the others hidden), and the contact.
    const overlapping = !!contact;
    o.a.set(center, r).setColor(overlapping ? COLORS.overlap : COLORS.a);
    for (const [kind, view] of Object.entries(o.views)) {
      for (const part of view.parts) part.visible = kind === k.kind;
      if (kind === k.kind)
        view.place(shape, overlapping ? COLORS.overlap : COLORS.b, k);
    }
    o.aLabel.at(center);
    o.bLabel.at(k.c);
    for (const x of [
      o.ghost,
      o.pa,
      o.pb,
      o.mtv,
      o.normal,
      o.paLabel,
      o.pbLabel,
      o.nLabel,
      o.dLabel,
    ])
      x.visible = overlapping;

    // The walkthrough: the verdict, B's nearest point, the contact's relations, the move.
    const overlap = np[`overlapSphere${Name}`](sphere, shape);
    ctx.agree(t("agreeOverlap"), overlapping, overlap);
    const steps = [
      {
        title: t("step1"),
        html: `<p>${overlap ? t("touch", `overlapSphere${Name}`) : t("noTouch", `overlapSphere${Name}`)}</p>`,
      },
    ];
    const near = np[`closestPointOn${Name}`](
      center,
      shape,
      new THREE.Vector3(),
    );
    const d = np[`distancePoint${Name}`](center, shape);
    o.near.set(near);
    o.near.visible = d > 0;
    steps.push({
      title: t("step2"),
      html: `<p class="eq">closestPointOn${Name}(c) = ${vval(near)}, d = ${val(d)}</p>
        <p>${d > 0 ? t("outside", num(d)) : t("inside", k.kind)}</p>`,
    });
    if (contact) {
      const n = V(contact.normal.x, contact.normal.y, contact.normal.z);
      const pa = V(contact.pointA.x, contact.pointA.y, contact.pointA.z);
      const pb = V(contact.pointB.x, contact.pointB.y, contact.pointB.z);
      if (d > 0) {
        ctx.agree(t("agreeDepth"), r - d, contact.depth, 1e-9);
        ctx.agree(
          t("agreeNormal"),
          center.clone().sub(near).divideScalar(d),
          n,
          1e-9,
        );
      }
      ctx.agree(
        t("agreeRelation"),
        pb.clone().sub(pa),
        n.clone().multiplyScalar(contact.depth),
        1e-9,
      );
      const moved = center.clone().addScaledVector(n, contact.depth);
      const after = np[`distancePoint${Name}`](moved, shape);
      ctx.agree(t("agreeMoved"), after, r, 1e-9);

      o.ghost.set(moved, r);
      o.pa.set(pa);
      o.pb.set(pb);
      o.mtv.set(pa, pb);
      o.normal.set(pb, pb.clone().addScaledVector(n, 0.9));
      o.paLabel.at(pa);
      o.pbLabel.at(pb);
      o.nLabel.at(pb.clone().addScaledVector(n, 0.9));
      o.dLabel
        .setText(`depth = ${num(contact.depth)}`)
        .position.lerpVectors(pa, pb, 0.5);
      steps.push(
        {
          title: t("step3"),
          key: true,
          html: `<p class="eq">depth = ${val(contact.depth)}${d > 0 ? ` = r − d = ${num(r)} − ${num(d)}` : ""}</p>
            <p class="eq">normal = ${vval(n)}</p>
            <p class="eq">pointA = ${vval(pa)}${d > 0 ? " = c − normal · r" : ""}</p>
            <p class="eq">pointB = ${vval(pb)}</p>
            <p class="eq">pointB − pointA = ${vval(pb.clone().sub(pa))}</p><p>${t("relation")}</p>`,
        },
        {
          title: t("step4"),
          key: true,
          html: `<p class="eq">c + normal · depth = ${vval(moved)}</p><p>${t("moved", num(after), num(r))}</p>`,
        },
      );
    }
    return {
      result: t(
        "result",
        name,
        overlapping,
        contact ? num(contact.depth) : "",
        contact ? vec(contact.normal) : "",
        contact ? vec(contact.pointA) : "",
        contact ? vec(contact.pointB) : "",
      ),
      tone: overlapping ? "overlap" : "clear",
      steps,
    };
  },
};
