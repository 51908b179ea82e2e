// A ray through a mesh's bounding volume hierarchy, as the library walks it: np.createMesh builds the BVH
// (binned SAH, cpp/src/mesh.cpp), and mesh.raycastTrace runs mesh.raycast's own traversal with a recorder
// (one C++ function, detail/bvh.h), returning the hit and every box it tested: missed, pruned by the
// best hit so far, or visited nearest child first; every triangle of the visited leaves, skipped by its own box
// or tested exactly. Everything drawn and counted comes from that trace; the scene itself only runs the brute
// force (np.raycastTriangle over every triangle) to compare, with ctx.agree.
import * as THREE from "three";
import { Arrow, COLORS, Dot, material, TriangleSet } from "../app/draw.js";
import { num, val, vec } from "../app/format.js";
import { terrain } from "../app/terrain.js";

const V = (x, y, z) => new THREE.Vector3(x, y, z);

/** The meshes to choose from: a terrain of 24 × 24 cells (1,152 triangles) and a torus knot (1,024). */
export const MESHES = [
  () => terrain(24, { x: 3, z: 3 }, 0.7, { x: 0, y: 0, z: 0 }),
  () => {
    const g = new THREE.TorusKnotGeometry(1.3, 0.4, 64, 8);
    return { positions: g.attributes.position.array, indices: g.index.array };
  },
];

/** Rows shown in a table of the walkthrough before "… and n more". */
const ROWS = 12;

/** Box edges (12 per box) in one LineSegments with room for `capacity` boxes. */
class BoxLines extends THREE.LineSegments {
  constructor(color, capacity, opacity = 1) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(capacity * 72), 3),
    );
    super(
      geometry,
      new THREE.LineBasicMaterial({
        color,
        transparent: opacity < 1,
        opacity,
        depthWrite: opacity >= 1,
      }),
    );
    this.capacity = capacity;
    this.frustumCulled = false;
  }
  /** Draws the boxes ({ min, max }) given. */
  set(boxes) {
    const p = this.geometry.attributes.position;
    let k = 0;
    for (const { min: a, max: b } of boxes.slice(0, this.capacity)) {
      const c = [
        [a.x, a.y, a.z],
        [b.x, a.y, a.z],
        [b.x, b.y, a.z],
        [a.x, b.y, a.z],
        [a.x, a.y, b.z],
        [b.x, a.y, b.z],
        [b.x, b.y, b.z],
        [a.x, b.y, b.z],
      ];
      for (const [i, j] of [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 0],
        [4, 5],
        [5, 6],
        [6, 7],
        [7, 4],
        [0, 4],
        [1, 5],
        [2, 6],
        [3, 7],
      ]) {
        p.setXYZ(k++, ...c[i]);
        p.setXYZ(k++, ...c[j]);
      }
    }
    p.needsUpdate = true;
    this.geometry.setDrawRange(0, k);
    this.visible = k > 0;
    return this;
  }
}

/** The chosen mesh: its arrays, its np mesh and its drawing, made once per scene build. */
function meshEntry(ctx, m) {
  ctx.meshes ??= [];
  if (!ctx.meshes[m]) {
    const { positions, indices } = MESHES[m]();
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(Float32Array.from(positions), 3),
    );
    geometry.setIndex(Array.from(indices));
    geometry.computeVertexNormals();
    ctx.meshes[m] = {
      positions,
      indices,
      mesh: ctx.np.createMesh(positions, Uint32Array.from(indices)),
      geometry,
      wire: new THREE.WireframeGeometry(geometry),
    };
  }
  return ctx.meshes[m];
}

/** The brute force: np.raycastTriangle on every triangle, the nearest kept (ties: the lowest index). */
function bruteForce(np, entry, ray) {
  const { positions: x, indices } = entry;
  const corner = (v) => V(x[3 * v], x[3 * v + 1], x[3 * v + 2]);
  let best = null;
  for (let i = 0; i < indices.length / 3; i++) {
    const h = np.raycastTriangle(ray, {
      a: corner(indices[3 * i]),
      b: corner(indices[3 * i + 1]),
      c: corner(indices[3 * i + 2]),
    });
    if (h !== null && (best === null || h.distance < best.distance))
      best = { ...h, triangle: i };
  }
  return best;
}

/** A table of the first ROWS rows (and a line saying how many more). */
function table(head, rows, more) {
  const shown = rows.slice(0, ROWS);
  return `<table class="t"><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr>${shown
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join(
      "",
    )}</table>${rows.length > ROWS ? `<p>${more(rows.length - ROWS)}</p>` : ""}`;
}

const SOURCES = {
  en: `After Ingo Wald, “On fast construction of SAH-based bounding volume hierarchies” (IEEE Symposium on Interactive Ray Tracing, 2007) for the build, and Christer Ericson, “Real-Time Collision Detection” (Morgan Kaufmann, 2005), sections 6.2 and 6.3, for the hierarchy and its traversal; the box test is the slab test (Kay and Kajiya, 1986), made conservative as in Thiago Ize, “Robust BVH Ray Traversal” (JCGT, 2013). This page draws every box the library's traversal tests (<code>mesh.raycastTrace</code>, the same C++ code as <code>mesh.raycast</code>) and counts its work against the brute force.`,
  ko: `BVH 구축은 Ingo Wald의 「On fast construction of SAH-based bounding volume hierarchies」(IEEE 인터랙티브 레이 트레이싱 심포지엄, 2007)를, 계층 구조와 순회는 Christer Ericson의 「Real-Time Collision Detection」(Morgan Kaufmann, 2005) 6.2절과 6.3절을 따릅니다. 박스 판정은 슬랩 테스트(Kay, Kajiya, 1986)이며, Thiago Ize의 「Robust BVH Ray Traversal」(JCGT, 2013)처럼 보수적으로 만들었습니다. 이 페이지는 라이브러리의 순회가 검사한 박스를 모두 그리고(<code>mesh.raycastTrace</code>: <code>mesh.raycast</code>와 같은 C++ 코드), 그 작업량을 전수 조사와 비교합니다.`,
  ja: `BVH の構築は Ingo Wald「On fast construction of SAH-based bounding volume hierarchies」（IEEE インタラクティブ・レイトレーシング・シンポジウム、2007年）に、階層と走査は Christer Ericson『Real-Time Collision Detection』（Morgan Kaufmann、2005年）6.2節と6.3節にもとづきます。箱の判定はスラブ判定（Kay、Kajiya、1986年）で、Thiago Ize「Robust BVH Ray Traversal」（JCGT、2013年）のように保守的にしています。このページは、ライブラリの走査が調べた箱をすべて描き（<code>mesh.raycastTrace</code>：<code>mesh.raycast</code> と同じ C++ のコード）、その仕事量を総当たりと比べます。`,
};

export default {
  id: "bvh-raycast",
  // From above the terrain's corner, so that the ray is seen coming down and the boxes stack below it.
  camera: { position: [5.5, 6.5, 7.5], target: [0, 0, 0] },
  defaults: {
    m: 0, // the terrain
    ox: -3.6,
    oy: 2.6,
    oz: 2.4,
    tx: 0.6,
    ty: 0,
    tz: -0.4,
  },
  fields: [
    {
      label: "meshChoice",
      keys: ["m"],
      kind: "choice",
      toolbar: true,
      options: [
        [0, "terrain"],
        [1, "knot"],
      ],
    },
    { label: "originO", keys: ["ox", "oy", "oz"] },
    { label: "throughT", keys: ["tx", "ty", "tz"] },
  ],
  /** States worth seeing: a steep hit, a low ray, a ray that misses every box, the knot hit (boxes pruned) and missed. */
  examples: [
    {
      name: "straight down",
      state: { m: 0, ox: 0.4, oy: 3, oz: 0.3, tx: 0.4, ty: 0, tz: 0.3 },
    },
    {
      // Low over the terrain: the ray enters many boxes along the way before the nearer-first order reaches the
      // leaf it hits.
      name: "low over the terrain",
      state: { m: 0, ox: -3.6, oy: 0.7, oz: 1, tx: 3.6, ty: 0.5, tz: -1 },
    },
    {
      name: "misses the root",
      state: { m: 0, ox: -3, oy: 2.5, oz: 0, tx: 3, ty: 3.5, tz: 0 },
    },
    {
      name: "the knot",
      state: { m: 1, ox: -3.6, oy: 2.6, oz: 2.4, tx: 0.5, ty: 0.2, tz: 0 },
    },
    {
      // Through the knot's middle, along its axis: boxes entered, triangles tested, no hit.
      name: "through the knot's hole",
      state: { m: 1, ox: 0, oy: 0, oz: 4, tx: 0, ty: 0, tz: 0 },
    },
  ],
  text: {
    en: {
      menu: "Ray through a BVH",
      menuNote: "Wald · 2007",
      title:
        "A ray through a mesh's BVH: the boxes it visits, the triangles it tests",
      source: SOURCES.en,
      meshChoice: "Mesh",
      terrain: "terrain (1152 triangles)",
      knot: "torus knot (1024 triangles)",
      originO: "Ray origin O",
      throughT: "Ray through T",
      explanation: `
    <p>A mesh of a thousand triangles answers a raycast by testing only a few of them. <code>np.createMesh</code>
    builds a <i>bounding volume hierarchy</i> once: a tree of boxes whose root holds every triangle, each inner
    node splitting its triangles in two (where the surface-area heuristic, SAH, estimates the cheapest split,
    found by sorting the triangles' centres into bins), each leaf holding at most 10 triangles.</p>
    <p>The traversal starts at the root and tests its box with the <i>slab test</i>: the ray enters and leaves
    the three pairs of parallel planes; if the latest entry comes before the earliest exit (and within reach), it
    enters the box. A visited inner node tests both children's boxes and goes into the <i>nearer one first</i>,
    keeping the other on a stack; a visited leaf runs the exact, watertight ray–triangle test on its triangles.
    Once a hit is found, its distance is the <i>best so far</i>: a box the ray enters farther than that cannot
    hold a nearer hit and is <i>pruned</i> without looking inside. Boxes are widened by a tiny margin and entry
    distances lowered by a tiny slack, so rounding never prunes the true answer.</p>
    <p>The <span class="cb">cyan</span> boxes were visited, the <span class="bad">red</span> ones pruned, the
    faint ones missed. <span class="ca">Orange</span> triangles were tested and missed, <span class="ck">yellow</span>
    ones hit (the brightest is the nearest); the dim ones were skipped by their own box. Drag
    <b class="ca">O</b> and <b class="ca">T</b>, or switch the mesh.</p>`,
      hit: (tri, d, p, n) =>
        `hit triangle ${tri} at distance ${d}, point ${p}, normal ${n}`,
      miss: "no hit",
      result: (answer, visited, boxes, tested, all) =>
        `${answer}; nodes visited: ${visited} (box tests: ${boxes}); exact triangle tests: ${tested}, against ${all} for the brute force`,
      noRay: "T is on O: there is no ray",
      stepRoot: "The root: one slab test for the whole mesh",
      rootMissed:
        "The ray misses the root's box, which holds every triangle: the answer is “no hit” after one box test.",
      rootEntered: (d) =>
        `The ray enters the root's box at distance ${d} (0: O is inside it). The traversal goes in.`,
      stepOrder: "Nearest child first: the visited nodes, in order",
      orderNote:
        "Each visited inner node tests its two children's boxes together and goes straight on into the nearer one; the farther one, when the ray enters it too, is pushed on the stack and popped later. “Best” is the best hit distance when the node was visited (∞ before the first hit).",
      thOrder: "#",
      thNode: "node",
      thDepth: "depth",
      thEntry: "entry",
      thBest: "best",
      thKind: "kind",
      inner: "inner",
      leaf: (n) => `leaf of ${n}`,
      more: (n) => `… and ${n} more.`,
      stepPrune: "Pruning by the best distance so far",
      pruneNote: (n) =>
        `${n} entered boxes were pruned: the ray enters each one beyond the best hit found by then, so nothing inside can be nearer.`,
      noPrune:
        "No box was pruned: no entered box lies beyond the best hit found by the time it was reached.",
      stepLeaves: "The leaves: exact tests on their triangles",
      leavesNote: (skipped) =>
        `A leaf's triangle is first tested against its own box (${skipped} skipped there), then with the watertight ray–triangle test, whose answer is exact.`,
      thTriangle: "triangle",
      thOutcome: "outcome",
      thDistance: "distance",
      outcome: (o) =>
        ({
          skipped: "skipped (its box)",
          missed: "tested, missed",
          hit: "tested, hit",
        })[o],
      stepBrute: "Against the brute force",
      bruteNote: (boxes, tested, all, share) =>
        `The BVH answered with ${boxes} box tests and ${tested} exact triangle tests. The brute force runs the exact test on all ${all} triangles (${share}% of them were tested here) and finds the same answer: the lowest index among the nearest hits.`,
      agreeHit: "hit or miss",
      agreeTriangle: "triangle",
      agreeDistance: "distance",
    },
    ko: {
      menu: "BVH 레이 순회",
      menuNote: "Wald · 2007",
      title: "메시 BVH를 지나는 레이: 방문하는 박스와 검사하는 삼각형",
      source: SOURCES.ko,
      meshChoice: "메시",
      terrain: "지형 (삼각형 1152개)",
      knot: "토러스 매듭 (삼각형 1024개)",
      originO: "레이 시작점 O",
      throughT: "레이가 지나는 점 T",
      explanation: `
    <p>삼각형이 천 개인 메시라도 레이캐스트 한 번에 실제로 검사하는 삼각형은 몇 개뿐입니다. <code>np.createMesh</code>는 메시를 만들 때 <i>경계 볼륨 계층</i>(BVH)을 한 번 구축해 둡니다. BVH는 박스로 이루어진 트리입니다. 루트의 박스는 모든 삼각형을 감싸고, 안쪽 노드는 자기 삼각형을 둘로 나누며, 리프에는 삼각형이 많아야 10개 들어갑니다. 나누는 위치는 삼각형의 중심을 여러 구간에 나눠 담은 뒤, 표면적 휴리스틱(SAH)으로 비용이 가장 적다고 추정되는 곳을 고릅니다.</p>
    <p>순회는 루트에서 시작하며, 박스마다 <i>슬랩 테스트</i>를 합니다. 박스는 서로 평행한 평면 세 쌍 사이의 공간이므로, 레이가 각 쌍에 들어가는 거리와 나오는 거리를 구합니다. 가장 늦은 진입이 가장 이른 이탈보다 앞서고 레이가 닿는 범위 안이면, 레이는 박스를 지나갑니다. 방문한 안쪽 노드는 두 자식의 박스를 검사하고 <i>가까운 쪽부터</i> 내려가며, 먼 쪽은 스택에 넣어 둡니다. 리프에 이르면 그 삼각형들을 틈새 없는 레이–삼각형 판정으로 검사해 정확한 답을 구합니다. 충돌을 하나 찾으면 그 거리가 <i>지금까지의 최선</i>이 됩니다. 레이가 그보다 먼 곳에서 들어가는 박스에는 더 가까운 충돌이 있을 수 없으므로, 안을 들여다보지 않고 <i>가지치기</i>합니다. 박스는 아주 조금 넓히고 진입 거리는 아주 조금 앞당겨 두기 때문에, 반올림 오차로 진짜 답이 잘려 나가는 일은 없습니다.</p>
    <p><span class="cb">청록색</span> 박스는 방문한 노드, <span class="bad">빨간색</span> 박스는 가지치기한 노드, 흐린 박스는 레이가 빗나간 노드입니다. <span class="ca">주황색</span> 삼각형은 검사했지만 맞지 않은 것, <span class="ck">노란색</span> 삼각형은 레이가 맞은 것이고(가장 밝은 것이 가장 가까운 충돌), 흐린 삼각형은 자기 박스 검사에서 걸러진 것입니다. <b class="ca">O</b>와 <b class="ca">T</b>를 끌어 옮기거나 메시를 바꿔 보세요.</p>`,
      hit: (tri, d, p, n) =>
        `삼각형 ${tri}번에 거리 ${d}에서 충돌, 충돌점 ${p}, 법선 ${n}`,
      miss: "충돌 없음",
      result: (answer, visited, boxes, tested, all) =>
        `${answer}; 방문한 노드 ${visited}개(박스 판정 ${boxes}번), 정확한 삼각형 판정 ${tested}번(전수 조사는 ${all}번)`,
      noRay: "T가 O와 같은 점이라 레이가 없습니다",
      stepRoot: "루트: 메시 전체에 슬랩 테스트 한 번",
      rootMissed:
        "레이가 모든 삼각형을 담은 루트의 박스를 빗나갑니다. 박스 판정 한 번으로 답은 “충돌 없음”입니다.",
      rootEntered: (d) =>
        `레이는 거리 ${d}에서 루트의 박스에 들어갑니다(0이면 O가 박스 안에 있다는 뜻입니다). 이제 순회가 트리 안으로 내려갑니다.`,
      stepOrder: "가까운 자식부터: 방문한 노드의 순서",
      orderNote:
        "방문한 안쪽 노드는 두 자식의 박스를 함께 검사한 뒤 가까운 쪽으로 곧바로 내려가고, 먼 쪽은 광선이 그 박스에도 들어갈 때 스택에 넣어 나중에 꺼냅니다. “최선”은 그 노드를 방문한 시점까지 찾은 가장 가까운 충돌 거리입니다(첫 충돌 전에는 ∞).",
      thOrder: "#",
      thNode: "노드",
      thDepth: "깊이",
      thEntry: "진입",
      thBest: "최선",
      thKind: "종류",
      inner: "안쪽 노드",
      leaf: (n) => `리프(삼각형 ${n}개)`,
      more: (n) => `… 외 ${n}개.`,
      stepPrune: "지금까지의 최선 거리로 가지치기",
      pruneNote: (n) =>
        `레이가 들어가는 박스 중 ${n}개를 가지치기했습니다. 레이가 각 박스에 들어가는 거리가 그때까지 찾은 최선의 충돌보다 멀어서, 그 안에는 더 가까운 충돌이 있을 수 없습니다.`,
      noPrune:
        "가지치기한 박스는 없습니다. 레이가 들어간 박스는 모두 그 시점의 최선 충돌보다 가까이 있었습니다.",
      stepLeaves: "리프: 삼각형에 대한 정확한 판정",
      leavesNote: (skipped) =>
        `리프의 삼각형은 먼저 자기 박스로 걸러 내고(여기서 ${skipped}개), 남은 것만 틈새 없는 레이–삼각형 판정으로 검사합니다. 이 판정의 답은 정확합니다.`,
      thTriangle: "삼각형",
      thOutcome: "결과",
      thDistance: "거리",
      outcome: (o) =>
        ({
          skipped: "자기 박스에서 걸러짐",
          missed: "판정했지만 빗나감",
          hit: "판정해서 충돌",
        })[o],
      stepBrute: "전수 조사와 비교",
      bruteNote: (boxes, tested, all, share) =>
        `BVH는 박스 판정 ${boxes}번과 정확한 삼각형 판정 ${tested}번으로 답을 냈습니다. 전수 조사는 삼각형 ${all}개를 모두 정확히 판정해(여기서 판정한 것은 그중 ${share}%) 같은 답, 곧 가장 가까운 충돌 가운데 번호가 가장 작은 삼각형을 찾습니다.`,
      agreeHit: "충돌 여부",
      agreeTriangle: "삼각형",
      agreeDistance: "거리",
    },
    ja: {
      menu: "BVH のレイ走査",
      menuNote: "Wald · 2007",
      title: "メッシュの BVH を通るレイ：訪れる箱と調べる三角形",
      source: SOURCES.ja,
      meshChoice: "メッシュ",
      terrain: "地形（三角形 1152 個）",
      knot: "トーラスノット（三角形 1024 個）",
      originO: "レイの始点 O",
      throughT: "レイが通る点 T",
      explanation: `
    <p>三角形が千個あるメッシュでも、1回のレイキャストで実際に調べる三角形はほんの数個です。<code>np.createMesh</code> はメッシュを作るときに<i>境界ボリューム階層</i>（BVH）を一度だけ構築します。BVH は箱でできた木構造で、根の箱はすべての三角形を囲み、内部ノードは自分の三角形を2つに分け、葉には三角形が多くても10個しか入りません。分ける位置は、三角形の中心をいくつかのビンに振り分けたうえで、表面積ヒューリスティック（SAH）がコストが最も小さいと見積もる場所を選びます。</p>
    <p>走査は根から始め、箱ごとに<i>スラブ判定</i>を行います。箱は互いに平行な3組の平面に挟まれた領域なので、レイが各組に入る距離と出る距離を求めます。入る距離の最大が出る距離の最小より手前にあり、しかもレイの届く範囲内なら、レイは箱を通ります。訪れた内部ノードは2つの子の箱を調べて<i>近いほうから</i>降りていき、遠いほうはスタックに積んでおきます。葉に着いたら、その三角形を隙間の生じないレイと三角形の交差判定で調べ、厳密な答えを求めます。当たりが1つ見つかると、その距離が<i>これまでの最良</i>になります。それより遠くでレイが入る箱にはもっと近い当たりがあり得ないので、中を見ずに<i>枝刈り</i>します。箱はごくわずかに広げ、入る距離もごくわずかに手前へずらしてあるので、丸め誤差で本当の答えが刈り取られることはありません。</p>
    <p><span class="cb">水色</span>の箱は訪れたノード、<span class="bad">赤</span>の箱は枝刈りしたノード、薄い箱はレイが外れたノードです。<span class="ca">橙色</span>の三角形は調べたものの外れたもの、<span class="ck">黄色</span>の三角形は当たったもの（最も明るいのが最も近い当たり）で、薄い三角形は自分の箱の判定で除外されたものです。<b class="ca">O</b> と <b class="ca">T</b> をドラッグするか、メッシュを切り替えてみてください。</p>`,
      hit: (tri, d, p, n) =>
        `三角形 ${tri} 番に距離 ${d} で当たり、交点 ${p}、法線 ${n}`,
      miss: "当たりなし",
      result: (answer, visited, boxes, tested, all) =>
        `${answer}。訪れたノード ${visited} 個（箱の判定 ${boxes} 回）、三角形の厳密な判定 ${tested} 回（総当たりでは ${all} 回）`,
      noRay: "T が O と同じ点なので、レイがありません",
      stepRoot: "根：メッシュ全体にスラブ判定を1回",
      rootMissed:
        "レイは、すべての三角形を含む根の箱から外れます。箱の判定1回で、答えは「当たりなし」です。",
      rootEntered: (d) =>
        `レイは距離 ${d} で根の箱に入ります（0なら O は箱の中にあります）。走査は木の中へ進みます。`,
      stepOrder: "近い子から：訪れたノードの順番",
      orderNote:
        "訪れた内部ノードは2つの子の箱をまとめて調べ、近いほうへそのまま進みます。遠いほうは、光線がその箱にも入るならスタックに積まれ、後で取り出されます。「最良」は、そのノードを訪れた時点までに見つかった最も近い当たりの距離です（最初の当たりまでは ∞）。",
      thOrder: "#",
      thNode: "ノード",
      thDepth: "深さ",
      thEntry: "入る距離",
      thBest: "最良",
      thKind: "種類",
      inner: "内部ノード",
      leaf: (n) => `葉（三角形 ${n} 個）`,
      more: (n) => `…ほか ${n} 個。`,
      stepPrune: "これまでの最良の距離で枝刈り",
      pruneNote: (n) =>
        `レイが入る箱のうち ${n} 個を枝刈りしました。どれも、その時点までに見つかった最良の当たりより遠くでレイが入るので、中にもっと近いものはあり得ません。`,
      noPrune:
        "枝刈りした箱はありません。レイが入った箱は、どれもその時点の最良の当たりより手前でした。",
      stepLeaves: "葉：三角形の厳密な判定",
      leavesNote: (skipped) =>
        `葉の三角形は、まず自分の箱で絞り込み（ここで ${skipped} 個を除外）、残ったものだけを隙間の生じないレイと三角形の交差判定で調べます。この判定の答えは厳密です。`,
      thTriangle: "三角形",
      thOutcome: "結果",
      thDistance: "距離",
      outcome: (o) =>
        ({
          skipped: "自分の箱で除外",
          missed: "判定して外れ",
          hit: "判定して当たり",
        })[o],
      stepBrute: "総当たりとの比較",
      bruteNote: (boxes, tested, all, share) =>
        `BVH は箱の判定 ${boxes} 回と三角形の厳密な判定 ${tested} 回で答えを出しました。総当たりでは ${all} 個の三角形すべてを厳密に判定し（ここで判定したのはその ${share}%）、同じ答え、つまり最も近い当たりのうち番号が最も小さい三角形を見つけます。`,
      agreeHit: "当たりかどうか",
      agreeTriangle: "三角形",
      agreeDistance: "距離",
    },
  },

  build(ctx) {
    const capacity = 4096;
    ctx.objects = {
      surface: ctx.add(
        new THREE.Mesh(
          new THREE.BufferGeometry(),
          material(COLORS.neutral, { opacity: 0.28, side: THREE.DoubleSide }),
        ),
      ),
      wire: ctx.add(
        new THREE.LineSegments(
          new THREE.BufferGeometry(),
          new THREE.LineBasicMaterial({
            color: COLORS.dim,
            transparent: true,
            opacity: 0.35,
            depthWrite: false,
          }),
        ),
      ),
      missedBoxes: ctx.add(new BoxLines(COLORS.dim, capacity, 0.25)),
      prunedBoxes: ctx.add(new BoxLines(COLORS.overlap, capacity, 0.8)),
      visitedBoxes: ctx.add(new BoxLines(COLORS.b, capacity)),
      skipped: ctx.add(new TriangleSet(COLORS.dim, capacity, 0.5)),
      tested: ctx.add(new TriangleSet(COLORS.a, capacity, 0.75)),
      hits: ctx.add(new TriangleSet(COLORS.key, capacity, 0.55)),
      nearest: ctx.add(new TriangleSet(COLORS.key, 1, 1)),
      ray: ctx.add(new Arrow(COLORS.a, 0.018)),
      hit: ctx.add(new Dot(COLORS.key, 0.06)),
      normal: ctx.add(new Arrow(COLORS.key, 0.018)),
      oLabel: ctx.label("O", COLORS.a),
      tLabel: ctx.label("T", COLORS.a),
      hitLabel: ctx.label("", COLORS.key, "plain"),
      shown: -1, // the mesh on show
    };
    for (const [k, name] of [
      ["o", "O"],
      ["t", "T"],
    ])
      ctx.handle({
        name,
        color: COLORS.a,
        get: (s) => [s[`${k}x`], s[`${k}y`], s[`${k}z`]],
        drag: (s, p) => ({ [`${k}x`]: p.x, [`${k}y`]: p.y, [`${k}z`]: p.z }),
      });
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const entry = meshEntry(ctx, s.m);
    if (o.shown !== s.m) {
      if (o.shown === -1) {
        // The empty placeholders of build().
        o.surface.geometry.dispose();
        o.wire.geometry.dispose();
      }
      o.surface.geometry = entry.geometry;
      o.wire.geometry = entry.wire;
      o.shown = s.m;
    }
    const O = V(s.ox, s.oy, s.oz),
      T = V(s.tx, s.ty, s.tz);
    const dir = T.clone().sub(O);
    o.oLabel.at(O);
    o.tLabel.at(T);
    const parts = [
      o.missedBoxes,
      o.prunedBoxes,
      o.visitedBoxes,
      o.skipped,
      o.tested,
      o.hits,
      o.nearest,
      o.ray,
      o.hit,
      o.normal,
      o.hitLabel,
    ];
    if (dir.lengthSq() === 0) {
      for (const x of parts) x.visible = false;
      return { result: t("noRay"), tone: "", steps: [] };
    }
    const ray = { origin: O, direction: dir };

    // The library: the traversal's record, and raycast's own answer, which it must equal.
    const trace = entry.mesh.raycastTrace(ray);
    const hit = trace.hit;
    const plain = entry.mesh.raycast(ray);
    ctx.agree(t("agreeHit"), hit !== null, plain !== null);
    const brute = bruteForce(np, entry, ray);
    ctx.agree(t("agreeHit"), hit !== null, brute !== null);
    if (hit && brute) {
      ctx.agree(t("agreeTriangle"), hit.triangle, brute.triangle, 0);
      ctx.agree(t("agreeDistance"), hit.distance, brute.distance, 0);
    }

    // Drawing: the boxes by outcome, the triangles met, the ray and the hit.
    const boxes = (outcome) =>
      trace.nodes.filter((n) => n.outcome === outcome).map((n) => n.box);
    o.missedBoxes.set(boxes("missed"));
    o.prunedBoxes.set(boxes("pruned"));
    o.visitedBoxes.set(boxes("visited"));
    const triangles = (outcome) =>
      trace.triangles
        .filter((x) => x.outcome === outcome)
        .map((x) => x.triangle);
    o.skipped.set(entry, triangles("skipped"));
    o.tested.set(entry, triangles("missed"));
    o.hits.set(
      entry,
      triangles("hit").filter((i) => i !== hit?.triangle),
    );
    o.nearest.set(entry, hit ? [hit.triangle] : []);
    const unit = dir.clone().normalize();
    const reach = Math.max(dir.length(), hit ? hit.distance : 0) + 1.5;
    o.ray.set(O, O.clone().addScaledVector(unit, reach));
    o.hit.visible = o.normal.visible = o.hitLabel.visible = hit !== null;
    if (hit) {
      const p = V(hit.point.x, hit.point.y, hit.point.z);
      o.hit.set(p);
      o.normal.set(
        p,
        p
          .clone()
          .addScaledVector(V(hit.normal.x, hit.normal.y, hit.normal.z), 0.7),
      );
      o.hitLabel.setText(`${num(hit.distance)}`).at(p);
    }

    const answer = hit
      ? t(
          "hit",
          hit.triangle,
          num(hit.distance),
          vec(hit.point),
          vec(hit.normal),
        )
      : t("miss");
    const result = t(
      "result",
      answer,
      trace.nodesVisited,
      trace.nodesTested,
      trace.trianglesTested,
      trace.triangleCount,
    );

    // The walkthrough, from the record.
    const root = trace.nodes[0];
    const steps = [
      {
        title: t("stepRoot"),
        html: `<p>${root.outcome === "missed" ? t("rootMissed") : t("rootEntered", val(root.entry))}</p>`,
      },
    ];
    if (root.outcome !== "missed") {
      const visited = trace.nodes
        .filter((n) => n.outcome === "visited")
        .sort((a, b) => a.order - b.order);
      steps.push({
        title: t("stepOrder"),
        key: true,
        html: `<p>${t("orderNote")}</p>${table(
          [
            t("thOrder"),
            t("thNode"),
            t("thDepth"),
            t("thEntry"),
            t("thBest"),
            t("thKind"),
          ],
          visited.map((n) => [
            n.order + 1,
            n.node,
            n.depth,
            num(n.entry),
            num(n.limit),
            n.leafTriangles ? t("leaf", n.leafTriangles) : t("inner"),
          ]),
          (k) => t("more", k),
        )}`,
      });
      const pruned = trace.nodes.filter((n) => n.outcome === "pruned");
      steps.push({
        title: t("stepPrune"),
        html: pruned.length
          ? `<p>${t("pruneNote", pruned.length)}</p>${table(
              [t("thNode"), t("thDepth"), t("thEntry"), t("thBest")],
              pruned.map((n) => [n.node, n.depth, num(n.entry), num(n.limit)]),
              (k) => t("more", k),
            )}`
          : `<p>${t("noPrune")}</p>`,
      });
      steps.push({
        title: t("stepLeaves"),
        html: `<p>${t("leavesNote", trace.triangles.length - trace.trianglesTested)}</p>${table(
          [t("thTriangle"), t("thNode"), t("thOutcome"), t("thDistance")],
          trace.triangles.map((x) => [
            x.triangle,
            x.node,
            t("outcome", x.outcome),
            x.outcome === "hit" ? num(x.distance) : "",
          ]),
          (k) => t("more", k),
        )}`,
      });
    }
    steps.push({
      title: t("stepBrute"),
      key: true,
      html: `<p>${t(
        "bruteNote",
        trace.nodesTested,
        trace.trianglesTested,
        trace.triangleCount,
        num((100 * trace.trianglesTested) / trace.triangleCount),
      )}</p>`,
    });
    return { result, tone: hit ? "hit" : "clear", steps };
  },

  dispose(ctx) {
    for (const entry of ctx.meshes ?? []) {
      if (!entry) continue;
      entry.mesh.dispose();
      entry.geometry.dispose();
      entry.wire.dispose();
    }
  },
};
