// Article 004: a sphere of radius r1 swept from A to B against a target sphere (S, r2).
// The answer (contact center C, contact point E, distance, fraction, normal) is np.sphereCastSphere's.
// The walkthrough redoes the article's construction in JS — the foot D of the perpendicular from S, |AD|,
// |DS|, |CD| — plus the checks the article leaves out (starting inside, stopping short of the target); where
// it restates the answer it is checked against the library.
import * as THREE from "three";
import { Arrow, COLORS, Dashed, Dot, Rod, SphereView } from "../app/draw.js";
import { num, sq, val, vec, vval } from "../app/format.js";
import { addSegmentHandles } from "../app/shapes/segment.js";
import { addSphereHandles } from "../app/shapes/sphere.js";

const PINK = 0xff7ad9;

export default {
  id: "spherecast-sphere",
  camera: { position: [0.2, 4.6, 8.2], target: [-0.2, 0.5, 0] },
  floor: -1.8,
  defaults: {
    ax: -3.8,
    ay: 0.1,
    az: -0.3,
    bx: 3.4,
    by: 0.8,
    bz: 0.7,
    r: 0.6,
    sx: 0.7,
    sy: 1.5,
    sz: -0.1,
    sr: 0.9,
  },
  fields: [
    { label: "startA", keys: ["ax", "ay", "az"] },
    { label: "endB", keys: ["bx", "by", "bz"] },
    { label: "radius1", keys: ["r"], min: 0 },
    { label: "targetS", keys: ["sx", "sy", "sz"] },
    { label: "radius2", keys: ["sr"], min: 0 },
  ],
  /** States worth seeing: each branch (too far, starts overlapping, stops short, moving away, zero length, head-on). */
  examples: [
    { name: "too-far", state: { sy: 3 } },
    { name: "starts-overlapping", state: { sy: 0.5, ax: 0.5, ay: 0.25 } },
    { name: "stops-short", state: { ax: -4, ay: 0, bx: -2.5 } },
    { name: "moving-away", state: { ax: 3, bx: 8 } },
    {
      name: "zero-length",
      state: { ax: -4, ay: 0, az: 0, bx: -4, by: 0, bz: 0 },
    },
    {
      name: "head-on",
      state: { ax: -4, ay: 0, az: 0, bx: 4, by: 0, bz: 0, sy: 0, sz: 0 },
    },
  ],

  text: {
    en: {
      menu: "Sphere cast",
      menuNote: "Rito15",
      title: "Sphere cast: sweeping a sphere into another",
      source:
        "After “Sphere Cast to Sphere” by Rito15 (2021, Korean). This page draws the construction (D, C, E and the right triangles) on your own inputs, and adds the two checks the article leaves out: a cast that starts overlapping, and one that stops before it reaches the target.",
      startA: "Start A",
      endB: "End B",
      radius1: "Cast radius r1",
      targetS: "Target S",
      radius2: "Target radius r2",
      explanation: `
    <p>A sphere cast moves a sphere of radius <code>r1</code> in a straight line from <b class="ca">A</b> to
    <b class="cb">B</b> and asks where it first touches the target sphere (center <b class="cb">S</b>, radius
    <code>r2</code>). Two spheres touch when their centers are exactly <code>r1 + r2</code> apart, so the question
    becomes: where does the moving <i>center</i> first come within <code>r1 + r2</code> of S?</p>
    <p>Drop a perpendicular from S onto the line AB; its foot is <b>D</b>. The right triangle A–D–S gives
    <code>|AD| = AS · nAB</code> (nAB the unit direction) and <code>|DS|² = |AS|² − |AD|²</code>. If
    <code>|DS| &gt; r1 + r2</code> the path passes too far from S: no contact. Otherwise the contact center
    <b class="ck">C</b> lies on the line, <code>r1 + r2</code> from S, before D: the right triangle C–D–S gives
    <code>|CD| = √((r1 + r2)² − |DS|²)</code>, so <code>|AC| = |AD| − |CD|</code> and
    <code>C = A + nAB·|AC|</code>.</p>
    <p>The touching point <b>E</b> is on the segment CS, r1 from C: <code>E = C + (S − C)·r1 / (r1 + r2)</code>.
    Two checks complete it: the cast must not already overlap at A (then it hits at distance 0), and C must
    lie between A and B (<code>0 ≤ |AC| ≤ |AB|</code>), else the sphere moves away or stops short.</p>
    <p>Drag A, B and S, and the small handles on top of the spheres to change r1 and r2.</p>`,
      notReached: "C (not reached)",
      miss: "miss",
      resultInside: (c, e, n) =>
        `started overlapping: C ${c}, E ${e}, normal ${n}`,
      resultHit: (c, e, d, f) =>
        `hit: C ${c}, E ${e}, distance ${d}, fraction ${f}`,
      stepDir: "Direction of the cast",
      zeroCast: "A zero-length cast is an overlap test at A.",
      stepInside: "Already touching at A?",
      inside:
        '<b class="bad">Yes</b>: the cast starts overlapping. It hits at distance 0 with C = A (the article’s formula would put C behind A here).',
      apart: "No: the spheres start apart.",
      stepFoot: "The foot D of the perpendicular from S",
      stepClose: "Does the path pass close enough?",
      closeYes: "Yes: somewhere on the line the centers come within r1 + r2.",
      closeNo:
        '<b class="good">No</b>: even at its closest (D) the moving center stays further than r1 + r2 from S. Miss.',
      behind: (ac) =>
        `|AC| = ${ac} &lt; 0: first contact would be behind A — the sphere is moving away. <b class="good">Miss</b>.`,
      short: (ac, length) =>
        `|AC| = ${ac} &gt; |AB| = ${length}: the sphere stops at B before it touches. <b class="good">Miss</b>.`,
      between: (ac, length, f) =>
        `0 ≤ |AC| = ${ac} ≤ |AB| = ${length} → <b class="ck">hit</b>, fraction ${f}`,
      stepBack: "Back up from D to the contact center C",
      stepBetween: "Is C between A and B?",
      stepE: "The contact point E",
      eNote: `E lies on the segment CS where the two spheres touch; the arrow is the contact normal, from the target
              toward the moving sphere.`,
      agreeHit: "hit or miss",
      agreeInside: "started overlapping",
      agreeC: "contact center C",
      agreeE: "contact point E",
      agreeAC: "distance |AC|",
    },
    ko: {
      menu: "구체 캐스트",
      menuNote: "Rito15",
      title: "구체 캐스트: 구체를 밀어 다른 구체에 부딪치기",
      source:
        "Rito15의 「Sphere Cast to Sphere」(2021)을 바탕으로 합니다. 이 페이지에서는 직접 옮긴 입력 위에 작도(D, C, E와 직각삼각형)를 그려 보이고, 원문에 빠진 두 가지 검사, 곧 처음부터 겹친 채 시작하는 캐스트와 대상에 닿기 전에 멈추는 캐스트를 더했습니다.",
      startA: "시작점 A",
      endB: "끝점 B",
      radius1: "캐스트 반지름 r1",
      targetS: "대상 구체 중심 S",
      radius2: "대상 반지름 r2",
      explanation: `
    <p>구체 캐스트는 반지름 <code>r1</code>인 구체를 <b class="ca">A</b>에서 <b class="cb">B</b>까지 직선으로 전진시키면서,
    대상 구체(중심 <b class="cb">S</b>, 반지름 <code>r2</code>)에 처음 닿는 곳을 찾습니다. 두 구체는 중심 사이 거리가 정확히
    <code>r1 + r2</code>일 때 맞닿으므로, 질문은 이렇게 바뀝니다. 움직이는 <i>중심</i>이 S로부터 <code>r1 + r2</code>
    이내로 처음 들어오는 곳은 어디인가?</p>
    <p>S에서 직선 AB로 수선을 내리고, 그 수선의 발을 <b>D</b>라 합시다. 직각삼각형 A–D–S에서
    <code>|AD| = AS · nAB</code>(nAB는 단위 방향 벡터), <code>|DS|² = |AS|² − |AD|²</code>입니다.
    <code>|DS| &gt; r1 + r2</code>이면 경로가 S에서 너무 멀리 지나가므로 충돌하지 않습니다. 그렇지 않으면 충돌 순간의 중심
    <b class="ck">C</b>는 직선 위, S에서 <code>r1 + r2</code> 떨어진 D 앞쪽에 있습니다. 직각삼각형 C–D–S에서
    <code>|CD| = √((r1 + r2)² − |DS|²)</code>이므로 <code>|AC| = |AD| − |CD|</code>, <code>C = A + nAB·|AC|</code>입니다.</p>
    <p>충돌 지점 <b>E</b>는 선분 CS 위, C에서 r1만큼 떨어진 곳입니다: <code>E = C + (S − C)·r1 / (r1 + r2)</code>.
    검사 두 가지로 마무리합니다. A에서 이미 겹쳐 있으면 안 되고(그렇다면 거리 0에서 충돌), C가 A와 B 사이에
    있어야 합니다(<code>0 ≤ |AC| ≤ |AB|</code>). 그렇지 않으면 구체가 멀어지고 있거나 닿기 전에 멈춥니다.</p>
    <p>A, B, S와 구체 위의 작은 핸들을 드래그해 r1과 r2를 바꿔 보세요.</p>`,
      notReached: "C (도달하지 못함)",
      miss: "빗나감",
      resultInside: (c, e, n) => `시작부터 겹침: C ${c}, E ${e}, 법선 ${n}`,
      resultHit: (c, e, d, f) => `충돌: C ${c}, E ${e}, 거리 ${d}, 비율 ${f}`,
      stepDir: "캐스트 방향",
      zeroCast: "길이가 0인 캐스트는 A에서의 겹침 검사와 같습니다.",
      stepInside: "A에서 이미 닿아 있는가?",
      inside:
        '<b class="bad">예</b>: 캐스트가 겹친 채로 시작합니다. 거리 0, C = A에서 충돌합니다(원문의 공식대로라면 여기서 C가 A보다 뒤에 놓입니다).',
      apart: "아니요: 두 구체는 떨어진 채로 시작합니다.",
      stepFoot: "S에서 내린 수선의 발 D",
      stepClose: "경로가 충분히 가까이 지나가는가?",
      closeYes: "예: 직선 위 어딘가에서 두 중심이 r1 + r2 이내로 가까워집니다.",
      closeNo:
        '<b class="good">아니요</b>: 가장 가까운 D에서조차 움직이는 중심이 S로부터 r1 + r2보다 멉니다. 빗나감.',
      behind: (ac) =>
        `|AC| = ${ac} &lt; 0: 처음 닿는 곳이 A보다 뒤입니다. 구체가 멀어지고 있습니다. <b class="good">빗나감</b>.`,
      short: (ac, length) =>
        `|AC| = ${ac} &gt; |AB| = ${length}: 닿기 전에 B에서 멈춥니다. <b class="good">빗나감</b>.`,
      between: (ac, length, f) =>
        `0 ≤ |AC| = ${ac} ≤ |AB| = ${length} → <b class="ck">충돌</b>, 비율 ${f}`,
      stepBack: "D에서 충돌 순간의 중심 C로 되돌아가기",
      stepBetween: "C가 A와 B 사이에 있는가?",
      stepE: "충돌 지점 E",
      eNote: `E는 두 구체가 맞닿는 선분 CS 위의 점이고, 화살표는 대상에서 움직이는 구체 쪽을 향하는 충돌
              법선입니다.`,
      agreeHit: "충돌 여부",
      agreeInside: "시작부터 겹침 여부",
      agreeC: "충돌 순간의 중심 C",
      agreeE: "충돌 지점 E",
      agreeAC: "거리 |AC|",
    },
    ja: {
      menu: "スフィアキャスト",
      menuNote: "Rito15",
      title: "スフィアキャスト: 球を動かして別の球に当てる",
      source:
        "Rito15「Sphere Cast to Sphere」（2021年、韓国語）をもとにしています。このページでは、動かした入力の上に作図（D、C、E と直角三角形）を描き、元記事にない 2 つのチェック、つまり最初から重なっているキャストと、対象に届く前に止まるキャストを加えています。",
      startA: "始点 A",
      endB: "終点 B",
      radius1: "キャストの半径 r1",
      targetS: "対象の中心 S",
      radius2: "対象の半径 r2",
      explanation: `
    <p>スフィアキャストは、半径 <code>r1</code> の球を <b class="ca">A</b> から <b class="cb">B</b> までまっすぐ動かし、
    対象の球（中心 <b class="cb">S</b>、半径 <code>r2</code>）に最初に触れる位置を求めます。2 つの球は中心間の距離がちょうど
    <code>r1 + r2</code> のときに接するので、問いはこう言い換えられます。動く<i>中心</i>が S から <code>r1 + r2</code>
    以内に最初に入るのはどこか？</p>
    <p>S から直線 AB に垂線を下ろし、その足を <b>D</b> とします。直角三角形 A–D–S から
    <code>|AD| = AS · nAB</code>（nAB は単位方向ベクトル）、<code>|DS|² = |AS|² − |AD|²</code> です。
    <code>|DS| &gt; r1 + r2</code> なら経路は S から遠すぎて当たりません。そうでなければ、接触時の中心 <b class="ck">C</b>
    は直線上で S から <code>r1 + r2</code> 離れた、D の手前にあります。直角三角形 C–D–S から
    <code>|CD| = √((r1 + r2)² − |DS|²)</code>、よって <code>|AC| = |AD| − |CD|</code>、<code>C = A + nAB·|AC|</code> です。</p>
    <p>接触点 <b>E</b> は線分 CS 上で C から r1 の位置にあります: <code>E = C + (S − C)·r1 / (r1 + r2)</code>。
    仕上げに 2 つのチェックがいります。A の時点で重なっていないこと（重なっていれば距離 0 で当たり）、そして C が A と B の
    間にあること（<code>0 ≤ |AC| ≤ |AB|</code>）。そうでなければ球は遠ざかっているか、届く前に止まります。</p>
    <p>A、B、S と、球の上の小さなハンドルをドラッグして r1 と r2 を変えてみてください。</p>`,
      notReached: "C（届かない）",
      miss: "外れ",
      resultInside: (c, e, n) => `最初から重なり: C ${c}、E ${e}、法線 ${n}`,
      resultHit: (c, e, d, f) => `当たり: C ${c}、E ${e}、距離 ${d}、割合 ${f}`,
      stepDir: "キャストの向き",
      zeroCast: "長さ 0 のキャストは、A での重なり判定と同じです。",
      stepInside: "A の時点ですでに触れているか？",
      inside:
        '<b class="bad">はい</b>: キャストは重なった状態から始まります。距離 0、C = A で当たりです（元記事の式だと、ここで C が A の後ろに来てしまいます）。',
      apart: "いいえ: 2 つの球は離れた状態から始まります。",
      stepFoot: "S から下ろした垂線の足 D",
      stepClose: "経路は十分近くを通るか？",
      closeYes:
        "はい: 直線上のどこかで、2 つの中心が r1 + r2 以内に近づきます。",
      closeNo:
        '<b class="good">いいえ</b>: 最も近い D でさえ、動く中心は S から r1 + r2 より遠くにあります。外れ。',
      behind: (ac) =>
        `|AC| = ${ac} &lt; 0: 最初に触れる位置が A の後ろです。球は遠ざかっています。<b class="good">外れ</b>。`,
      short: (ac, length) =>
        `|AC| = ${ac} &gt; |AB| = ${length}: 触れる前に B で止まります。<b class="good">外れ</b>。`,
      between: (ac, length, f) =>
        `0 ≤ |AC| = ${ac} ≤ |AB| = ${length} → <b class="ck">当たり</b>、割合 ${f}`,
      stepBack: "D から接触時の中心 C まで戻る",
      stepBetween: "C は A と B の間にあるか？",
      stepE: "接触点 E",
      eNote: `E は 2 つの球が接する線分 CS 上の点で、矢印は対象から動く球の側へ向かう接触法線です。`,
      agreeHit: "当たりの有無",
      agreeInside: "最初から重なっているか",
      agreeC: "接触時の中心 C",
      agreeE: "接触点 E",
      agreeAC: "距離 |AC|",
    },
  },

  build(ctx) {
    const o = (ctx.objects = {
      target: ctx.add(new SphereView(COLORS.b, { opacity: 0.3, wire: 0.14 })),
      ghostA: ctx.add(new SphereView(COLORS.a, { opacity: 0.16, wire: 0.12 })),
      ghostB: ctx.add(
        new SphereView(COLORS.neutral, { opacity: 0.08, wire: 0.08 }),
      ),
      ghostC: ctx.add(new SphereView(COLORS.key, { opacity: 0.3, wire: 0.16 })),
      line: ctx.add(new Dashed(COLORS.dim, { dash: 0.15, gap: 0.1 })),
      path: ctx.add(new Rod(COLORS.neutral, 0.016)),
      ad: ctx.add(new Rod(COLORS.a, 0.026)),
      cd: ctx.add(new Rod(PINK, 0.026)),
      cs: ctx.add(new Rod(COLORS.key, 0.018)),
      ds: ctx.add(new Dashed(COLORS.neutral, { dash: 0.08, gap: 0.06 })),
      square: [
        ctx.add(new Rod(COLORS.neutral, 0.008)),
        ctx.add(new Rod(COLORS.neutral, 0.008)),
      ],
      d: ctx.add(new Dot(COLORS.neutral, 0.055)),
      c: ctx.add(new Dot(COLORS.key, 0.065)),
      e: ctx.add(new Dot(0xffffff, 0.07)),
      normal: ctx.add(new Arrow(COLORS.key, 0.02)),
      labels: {
        A: ctx.label("A", COLORS.a),
        B: ctx.label("B", COLORS.b),
        S: ctx.label("S", COLORS.b),
        D: ctx.label("D", COLORS.neutral),
        C: ctx.label("C", COLORS.key),
        E: ctx.label("E", 0xffffff),
        ad: ctx.label("", COLORS.a, "plain"),
        cd: ctx.label("", PINK, "plain"),
        ds: ctx.label("", COLORS.neutral, "plain"),
        cs: ctx.label("", COLORS.key, "plain"),
      },
    });
    o.labels.E.center.set(-0.2, 0.5);
    o.labels.D.center.set(-0.3, -0.3); // below right, clear of the |CD| label
    o.labels.ds.center.set(-0.08, 0.5); // right of the dashed perpendicular
    o.labels.cs.center.set(1.08, 0.5); // left of the segment CS
    // A and B (the cast's path), S with r2 (the target); r1's handle sits on top of the cast sphere at A.
    addSegmentHandles(ctx);
    addSphereHandles(ctx, {
      center: "s",
      radius: "sr",
      names: ["S", "r2"],
      color: COLORS.b,
    });
    ctx.handle({
      name: "r1",
      color: COLORS.a,
      get: (s) => [s.ax, s.ay + Math.max(s.r, 0.12), s.az],
      drag: (s, p) => ({
        r: p.distanceTo(new THREE.Vector3(s.ax, s.ay, s.az)),
      }),
    });
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const A = new THREE.Vector3(s.ax, s.ay, s.az);
    const B = new THREE.Vector3(s.bx, s.by, s.bz);
    const S = new THREE.Vector3(s.sx, s.sy, s.sz);
    const r1 = s.r;
    const r2 = s.sr;

    // The answer, from the library.
    const hit = np.sphereCastSphere(A, B, r1, { center: S, radius: r2 });

    // The walkthrough (article 004's construction, with the missing checks).
    const AB = B.clone().sub(A);
    const length = AB.length();
    const nAB =
      length > 0 ? AB.clone().divideScalar(length) : new THREE.Vector3();
    const AS = S.clone().sub(A);
    const as = AS.length();
    const R = r1 + r2;
    const ad = AS.dot(nAB);
    const D = A.clone().addScaledVector(nAB, ad);
    const ds = D.distanceTo(S);
    const startsInside = as <= R;
    const reachable = ds <= R;
    const cd = reachable ? Math.sqrt(Math.max(R * R - ds * ds, 0)) : NaN;
    const ac = ad - cd;
    let outcome; // 'inside' | 'hit' | 'wide' | 'behind' | 'short' | 'zero-miss'
    if (startsInside) outcome = "inside";
    else if (length === 0) outcome = "zero-miss";
    else if (!reachable) outcome = "wide";
    else if (ac < 0) outcome = "behind";
    else if (ac > length) outcome = "short";
    else outcome = "hit";
    const C =
      outcome === "inside" ? A.clone() : A.clone().addScaledVector(nAB, ac);
    let E;
    if (outcome === "inside") {
      // Started overlapping: the normal runs from S to A (against the direction when they coincide).
      const n =
        as > 0
          ? A.clone().sub(S).divideScalar(as)
          : length > 0
            ? nAB.clone().negate()
            : new THREE.Vector3(0, 1, 0);
      E = S.clone().addScaledVector(n, r2);
    } else {
      E =
        R > 0 ? C.clone().addScaledVector(S.clone().sub(C), r1 / R) : C.clone();
    }
    const myHit = outcome === "inside" || outcome === "hit";
    ctx.agree(t("agreeHit"), myHit, hit !== null);
    ctx.agree(
      t("agreeInside"),
      outcome === "inside",
      hit ? hit.startedOverlapping : false,
    );
    if (hit && myHit) {
      ctx.agree(t("agreeC"), C, hit.center, 1e-9);
      ctx.agree(t("agreeE"), E, hit.point, 1e-9);
      if (outcome === "hit") ctx.agree(t("agreeAC"), ac, hit.distance, 1e-9);
    }

    // Drawing. Spheres: the target, and ghosts of the cast at A, at first contact C and at B.
    o.target.set(S, r2).setColor(hit ? COLORS.overlap : COLORS.b);
    o.ghostA.set(A, r1);
    o.ghostB.set(B, r1);
    o.ghostB.visible = length > 0;
    o.ghostC.visible = hit !== null;
    const far = Math.max(length, ad) + 3;
    const near = Math.min(0, ad) - 3;
    o.line.set(
      A.clone().addScaledVector(nAB, near),
      A.clone().addScaledVector(nAB, far),
    );
    o.line.visible = length > 0;
    o.path.set(A, B);
    const side = perpendicular(nAB, S.clone().sub(D)).multiplyScalar(0.075);
    const construction = length > 0;
    o.d.visible = o.ds.visible = o.ad.visible = construction;
    o.labels.D.visible =
      o.labels.ds.visible =
      o.labels.ad.visible =
        construction;
    if (construction) {
      o.d.set(D);
      o.ds.set(S, D);
      o.ad.set(A.clone().sub(side), D.clone().sub(side));
      o.labels.D.at(D);
      o.labels.ad
        .at(A.clone().lerp(D, 0.5).addScaledVector(side, -4))
        .setText(`|AD| = ${num(ad)}`);
      o.labels.ds.at(S.clone().lerp(D, 0.5)).setText(`|DS| = ${num(ds)}`);
      // A right-angle mark at D.
      const toS = S.clone().sub(D);
      const k = Math.min(0.2, toS.length() * 0.4);
      if (toS.length() > 1e-6) {
        toS.normalize();
        const p1 = D.clone().addScaledVector(nAB, -k);
        const p2 = p1.clone().addScaledVector(toS, k);
        o.square[0].set(p1, p2);
        o.square[1].set(p2, D.clone().addScaledVector(toS, k));
      } else {
        o.square[0].visible = o.square[1].visible = false;
      }
    } else {
      o.square[0].visible = o.square[1].visible = false;
    }
    const showC = construction && reachable && outcome !== "inside";
    o.cd.visible =
      o.cs.visible =
      o.labels.cd.visible =
      o.labels.cs.visible =
        showC || outcome === "inside";
    if (showC) {
      o.cd.set(C.clone().add(side), D.clone().add(side));
      o.labels.cd
        .at(C.clone().lerp(D, 0.5).addScaledVector(side, 4))
        .setText(`|CD| = ${num(cd)}`);
    } else {
      o.cd.visible = o.labels.cd.visible = false;
    }
    if (showC || outcome === "inside") {
      o.cs.set(C, S);
      o.labels.cs
        .at(
          C.clone()
            .lerp(S, 0.5)
            .add(new THREE.Vector3(0, 0.05, 0)),
        )
        .setText(`|CS| = r1 + r2 = ${num(R)}`);
    }
    o.c.visible = o.labels.C.visible = showC || outcome === "inside";
    o.c.set(C);
    o.labels.C.at(C).setText(myHit ? "C" : t("notReached"));
    o.e.visible = o.labels.E.visible = o.normal.visible = hit !== null;
    if (hit) {
      const center = new THREE.Vector3().copy(hit.center);
      const point = new THREE.Vector3().copy(hit.point);
      o.ghostC.set(center, r1);
      o.e.set(point);
      o.labels.E.at(point);
      o.normal.set(
        point,
        point
          .clone()
          .addScaledVector(new THREE.Vector3().copy(hit.normal), 0.7),
      );
    }
    o.labels.A.at(A);
    o.labels.B.at(B);
    o.labels.S.at(S);
    o.labels.B.visible = length > 0;

    // Readout.
    let result = t("miss");
    if (hit?.startedOverlapping)
      result = t(
        "resultInside",
        vec(hit.center),
        vec(hit.point),
        vec(hit.normal),
      );
    else if (hit)
      result = t(
        "resultHit",
        vec(hit.center),
        vec(hit.point),
        num(hit.distance),
        num(hit.fraction),
      );

    // Panel.
    const steps = [
      {
        title: t("stepDir"),
        html: `<p class="eq">AB = ${vval(AB)}, |AB| = ${val(length)}</p>${length > 0 ? `<p class="eq">nAB = AB / |AB| = ${vval(nAB)}</p>` : `<p>${t("zeroCast")}</p>`}`,
      },
      {
        title: t("stepInside"),
        html: `<p class="eq">|AS| = ${val(as)} ${startsInside ? "≤" : "&gt;"} r1 + r2 = ${val(R)}</p>
          <p>${startsInside ? t("inside") : t("apart")}</p>`,
        key: startsInside,
      },
    ];
    if (length > 0 && !startsInside) {
      steps.push(
        {
          title: t("stepFoot"),
          html: `<p class="eq">|AD| = AS · nAB = ${vec(AS)} · ${vec(nAB)} = ${val(ad)}</p>
            <p class="eq">D = A + nAB·|AD| = ${vval(D)}</p>
            <p class="eq">|DS| = √(|AS|² − |AD|²) = ${val(ds)}</p>`,
        },
        {
          title: t("stepClose"),
          key: !reachable,
          html: `<p class="eq">|DS| = ${val(ds)} ${reachable ? "≤" : "&gt;"} r1 + r2 = ${val(R)}</p>
            <p>${reachable ? t("closeYes") : t("closeNo")}</p>`,
        },
      );
      if (reachable) {
        let check;
        if (outcome === "behind") check = `<p>${t("behind", val(ac))}</p>`;
        else if (outcome === "short")
          check = `<p>${t("short", val(ac), val(length))}</p>`;
        else
          check = `<p class="eq">${t("between", val(ac), val(length), val(ac / length))}</p>`;
        steps.push(
          {
            title: t("stepBack"),
            html: `<p class="eq">|CD| = √((r1 + r2)² − |DS|²) = √(${sq(R)} − ${sq(ds)}) = ${val(cd)}</p>
              <p class="eq">|AC| = |AD| − |CD| = ${num(ad)} − ${num(cd)} = ${val(ac)}</p>
              <p class="eq">C = A + nAB·|AC| = ${vval(C)}</p>`,
          },
          { title: t("stepBetween"), key: true, html: check },
        );
        if (outcome === "hit") {
          steps.push({
            title: t("stepE"),
            html: `<p class="eq">E = C + (S − C)·r1 / (r1 + r2) = ${vval(E)}</p>
              <p>${t("eNote")}</p>`,
          });
        }
      }
    }
    return {
      result,
      tone: hit ? (hit.startedOverlapping ? "overlap" : "hit") : "clear",
      steps,
    };
  },
};

// A unit vector perpendicular to u, preferably in the plane of u and w (so offsets lie in the figure's plane).
function perpendicular(u, w) {
  const p = w.clone().addScaledVector(u, -w.dot(u));
  if (p.lengthSq() > 1e-12) return p.normalize().negate();
  const helper =
    Math.abs(u.y) < 0.9
      ? new THREE.Vector3(0, 1, 0)
      : new THREE.Vector3(1, 0, 0);
  return new THREE.Vector3().crossVectors(u, helper).normalize();
}
