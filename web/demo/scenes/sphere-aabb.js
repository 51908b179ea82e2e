// Articles 000 and 001: does a sphere overlap an AABB? Answers: np.overlapSphereAABB (the verdict),
// np.closestPointOnAABB and np.distancePointAABB (the closest point and distance that explain it).
import * as THREE from "three";
import {
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
import { num, sq, val, vval } from "../app/format.js";
import {
  BOX_SOURCES,
  CLAMP_TEXT,
  clampAxes,
  clampTable,
} from "./closest-point-aabb.js";

export default {
  id: "sphere-aabb",
  // Seen from +x +y −z: the box's min and max corners (its handles) lie on its outline, not inside it.
  camera: { position: [4.6, 3.9, -6.4], target: [0.5, 0.1, 0] },
  defaults: {
    sx: 2.3,
    sy: 1.3,
    sz: 0.6,
    r: 0.8, // a clear gap (0.41) to the box: the default does not look like an overlap
    x0: -1.2,
    y0: -0.8,
    z0: -1,
    x1: 1.2,
    y1: 0.8,
    z1: 1,
  },
  fields: [
    { label: "centerS", keys: ["sx", "sy", "sz"] },
    { label: "radiusR", keys: ["r"], min: 0 },
    ...BOX_FIELDS,
  ],
  normalize: normalizeBox,
  /** States worth seeing: apart, a point-sized sphere inside, exactly touching (touching counts). */
  examples: [
    { name: "apart", state: { sx: 3, sy: 2, sz: 0, r: 0.5 } },
    { name: "inside", state: { sx: 0, sy: 0, sz: 0, r: 0 } },
    { name: "touching", state: { x1: 1.25, sx: 2.25, sy: 0, sz: 0, r: 1 } },
  ],

  text: mergeText(CLAMP_TEXT, BOX_SOURCES, {
    en: {
      menu: "Sphere vs box",
      title: "Does a sphere touch a box?",
      source: `${BOX_SOURCES.en.sources} This page draws the sphere's radius toward the closest point, so you see it reach the box or fall short, and checks the verdict against the library's exact one.`,
      centerS: "Center S",
      radiusR: "Radius r",
      explanation: `
    <p>A sphere is every point within distance <code>r</code> of its center <b class="ca">S</b>. It touches a box
    exactly when the box has <i>some</i> point that close to S — and the best candidate is the box point nearest
    to S. So the test is two steps: find the closest point <b class="ck">Q</b> by clamping S into the box, one
    axis at a time; then compare <code>|S − Q|</code> with <code>r</code>.</p>
    <p>No square root is needed for the verdict: both sides are non-negative, so <code>|S − Q| ≤ r</code> is the
    same as <code>|S − Q|² ≤ r²</code>, which is cheaper. Touching counts as overlapping. When S is inside the box,
    Q = S and the distance is 0, so the sphere overlaps whatever its radius.</p>
    <p>Drag <b class="ca">S</b>, the small handle on top of the sphere (its radius), the box's corners, or the
    cube in its middle (moves the whole box).</p>`,
      result: (overlap, d, r) =>
        overlap
          ? `overlap: distance ${d} ≤ radius ${r}`
          : `no overlap: distance ${d} > radius ${r}`,
      step1: "Clamp the center S into the box, axis by axis",
      step2: "Squared distance from S to Q",
      step3: "Compare with the squared radius",
      overlap: "overlap",
      noOverlap: "no overlap",
      reach: (overlap) =>
        `The thick radius drawn from S toward Q ${overlap ? "reaches" : "falls short of"} the box.`,
      touching: "Touching counts: the shapes are closed.",
      gap: (g) => `The gap is ${g}.`,
      agreeQ: "closest point",
      agreeD: "distance",
      agreeVerdict: "verdict |S − Q|² ≤ r²",
    },
    ko: {
      menu: "구체와 박스",
      title: "구체는 박스에 닿을까?",
      source: `${BOX_SOURCES.ko.sources} 이 페이지에서는 구체의 반지름을 가장 가까운 점 쪽으로 그려서 박스에 닿는지, 모자라는지를 눈으로 보여 주고, 판정을 라이브러리의 정확한 판정과 대조합니다.`,
      centerS: "중심 S",
      radiusR: "반지름 r",
      explanation: `
    <p>구체는 중심 <b class="ca">S</b>에서 거리 <code>r</code> 이내에 있는 모든 점의 집합입니다. 따라서 박스 안에 S와
    그만큼 가까운 점이 <i>하나라도</i> 있으면 둘은 닿아 있고, 가장 유력한 후보는 S에서 가장 가까운 박스 위의 점입니다.
    판정은 두 단계입니다. S를 축마다 박스 안으로 클램프해 가장 가까운 점 <b class="ck">Q</b>를 구하고,
    <code>|S − Q|</code>를 <code>r</code>과 비교합니다.</p>
    <p>판정에는 제곱근이 필요 없습니다. 양쪽 모두 0 이상이므로 <code>|S − Q| ≤ r</code>는
    <code>|S − Q|² ≤ r²</code>와 같고, 이쪽이 더 저렴합니다. 딱 맞닿은 경우도 충돌로 봅니다. S가 박스 안에 있으면
    Q = S, 거리는 0이므로 반지름과 상관없이 충돌입니다.</p>
    <p><b class="ca">S</b>, 구체 위의 작은 핸들(반지름), 박스의 꼭짓점, 가운데의 큐브(박스 전체 이동)를 드래그해
    보세요.</p>`,
      result: (overlap, d, r) =>
        overlap
          ? `충돌: 거리 ${d} ≤ 반지름 ${r}`
          : `충돌 없음: 거리 ${d} > 반지름 ${r}`,
      step1: "중심 S를 축마다 박스 안으로 클램프",
      step2: "S에서 Q까지 거리의 제곱",
      step3: "반지름의 제곱과 비교",
      overlap: "충돌",
      noOverlap: "충돌 없음",
      reach: (overlap) =>
        `S에서 Q 쪽으로 그린 굵은 반지름이 박스에 ${overlap ? "닿습니다" : "미치지 못합니다"}.`,
      touching:
        "딱 맞닿아도 충돌입니다. 두 도형 모두 경계를 포함하기 때문입니다.",
      gap: (g) => `남은 틈은 ${g}입니다.`,
      agreeQ: "가장 가까운 점",
      agreeD: "거리",
      agreeVerdict: "판정 |S − Q|² ≤ r²",
    },
    ja: {
      menu: "球と箱",
      title: "球は箱に触れているか？",
      source: `${BOX_SOURCES.ja.sources}このページでは、球の半径を最近点の方向に描いて、箱に届くか足りないかを目で見せ、判定をライブラリの厳密な判定と照合します。`,
      centerS: "中心 S",
      radiusR: "半径 r",
      explanation: `
    <p>球は、中心 <b class="ca">S</b> から距離 <code>r</code> 以内にあるすべての点の集まりです。箱の中に S からそれだけ
    近い点が<i>ひとつでも</i>あれば両者は触れていて、いちばん有力な候補は S に最も近い箱の点です。判定は 2 段階です。
    S を軸ごとに箱へクランプして最近点 <b class="ck">Q</b> を求め、<code>|S − Q|</code> を <code>r</code> と比べます。</p>
    <p>判定に平方根はいりません。両辺とも 0 以上なので <code>|S − Q| ≤ r</code> は <code>|S − Q|² ≤ r²</code> と同じで、
    こちらのほうが安く済みます。ちょうど接している場合も当たりとみなします。S が箱の中にあれば Q = S、距離は 0 なので、
    半径に関係なく当たりです。</p>
    <p><b class="ca">S</b>、球の上の小さなハンドル（半径）、箱の頂点、中央の立方体（箱全体の移動）をドラッグしてみて
    ください。</p>`,
      result: (overlap, d, r) =>
        overlap
          ? `当たり: 距離 ${d} ≤ 半径 ${r}`
          : `当たりなし: 距離 ${d} > 半径 ${r}`,
      step1: "中心 S を軸ごとに箱へクランプする",
      step2: "S から Q までの距離の 2 乗",
      step3: "半径の 2 乗と比べる",
      overlap: "当たり",
      noOverlap: "当たりなし",
      reach: (overlap) =>
        `S から Q に向けて描いた太い半径は、箱に${overlap ? "届いています" : "届きません"}。`,
      touching:
        "接しているだけでも当たりです（どちらの図形も境界を含みます）。",
      gap: (g) => `残りのすき間は ${g} です。`,
      agreeQ: "最近点",
      agreeD: "距離",
      agreeVerdict: "判定 |S − Q|² ≤ r²",
    },
  }),

  build(ctx) {
    ctx.objects = {
      box: ctx.add(new BoxView(COLORS.box)),
      sphere: ctx.add(new SphereView(COLORS.a)),
      q: ctx.add(new Dot(COLORS.key, 0.07)),
      dist: ctx.add(new Rod(COLORS.key, 0.016)),
      radius: ctx.add(new Rod(COLORS.a, 0.03)),
      sLabel: ctx.label("S", COLORS.a),
      qLabel: ctx.label("Q", COLORS.key),
      dLabel: ctx.label("", COLORS.key, "plain"),
      rLabel: ctx.label("", COLORS.a, "plain"),
    };
    ctx.objects.qLabel.center.set(1.15, 1.3); // above-left of Q
    ctx.objects.dLabel.center.set(0.5, -0.35); // below the line S–Q
    addSphereHandles(ctx, {
      center: "s",
      radius: "r",
      names: ["S", "radius"],
      color: COLORS.a,
    });
    addBoxHandles(ctx);
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const center = new THREE.Vector3(s.sx, s.sy, s.sz);
    const sphere = { center, radius: s.r };
    const box = boxOf(s);

    // The answers, from the library.
    const overlap = np.overlapSphereAABB(sphere, box);
    const q = np.closestPointOnAABB(center, box, new THREE.Vector3());
    const d = np.distancePointAABB(center, box);

    // The walkthrough: clamp, then compare squared lengths.
    const rows = clampAxes(center, box);
    const v = new THREE.Vector3(rows[0].over, rows[1].over, rows[2].over);
    const d2 = v.lengthSq();
    const r2 = s.r * s.r;
    const clamped = rows.filter((r) => r.side !== "inside").length;
    ctx.agree(
      t("agreeQ"),
      new THREE.Vector3(rows[0].clamped, rows[1].clamped, rows[2].clamped),
      q,
      0,
    );
    ctx.agree(t("agreeD"), Math.sqrt(d2), d);
    ctx.agree(t("agreeVerdict"), d2 <= r2, overlap);

    // Drawing: colours follow the library's verdict.
    const tone = overlap ? COLORS.overlap : COLORS.clear;
    o.box
      .setMinMax(box.min, box.max)
      .setColor(overlap ? COLORS.overlap : COLORS.box);
    o.sphere.set(center, s.r).setColor(overlap ? COLORS.overlap : COLORS.a);
    o.q.set(q);
    o.dist.set(q, center);
    // The radius drawn along the direction to Q: it reaches the box exactly when the sphere overlaps.
    const toward =
      d > 0 ? q.clone().sub(center).normalize() : new THREE.Vector3(0, -1, 0);
    const tip = center.clone().addScaledVector(toward, s.r);
    o.radius.set(center, tip);
    setColor(o.radius.material, tone);
    o.sLabel.at(center);
    o.qLabel.at(q);
    o.qLabel.visible = d > 0;
    o.dLabel.visible = d > 0;
    o.dLabel.setText(`|SQ| = ${num(d)}`).position.lerpVectors(center, q, 0.62);
    o.rLabel.visible = s.r > 0 && d > 0;
    o.rLabel
      .setText(`r = ${num(s.r)}`)
      .position.copy(center)
      .addScaledVector(toward, s.r * 0.4)
      .add(new THREE.Vector3(0, 0.18, 0));

    return {
      result: t("result", overlap, num(d), num(s.r)),
      tone: overlap ? "overlap" : "clear",
      steps: [
        {
          title: t("step1"),
          html: `${clampTable(rows, "S", t)}<p class="eq">Q = ${vval(q)} <span class="dim">— ${t("where", clamped)}</span></p>`,
        },
        {
          title: t("step2"),
          html: `<p class="eq">|S − Q|² = ${sq(v.x)} + ${sq(v.y)} + ${sq(v.z)} = ${val(d2)}</p>
            <p class="eq">|S − Q| = ${val(d)}</p>`,
        },
        {
          title: t("step3"),
          key: true,
          html: `<p class="eq">r² = ${sq(s.r)} = ${val(r2)}</p>
            <p class="eq">${num(d2)} ${d2 <= r2 ? "≤" : ">"} ${num(r2)} → <b class="${overlap ? "bad" : "good"}">${overlap ? t("overlap") : t("noOverlap")}</b></p>
            <p>${t("reach", overlap)}${t("sentenceSpace")}${overlap ? t("touching") : t("gap", num(d - s.r))}</p>`,
        },
      ],
    };
  },
};
