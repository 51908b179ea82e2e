// The playground: any two shapes of the library, and any query the library has for the pair. Each slot (A, B)
// holds one shape kind and the same generic inputs: a center C, two vectors U and V, a radius r and a rotation
// (degrees, XYZ); what they mean depends on the kind (see SHAPES below). The queries offered are read from the
// library itself (a function exists for the pair or it does not), so every query that lands in the package
// appears here without a change to this file. A mesh (app/shapes/mesh.js: a small terrain) is asked with its own
// methods (mesh.raycast, mesh.trianglesInSphere, ...): every query np.createMesh's meshes have for the other shape;
// so is a tree of boxes (app/shapes/boxes.js: 30 seeded crates, np.createAABBTree, refitted with updateAll when
// they are shaken and with update when one is lifted): boxes.raycast, boxes.boxesInAABB, boxes.boxesInSphere.
import * as THREE from "three";
import { init, OBB_AXIS_NAMES } from "narrowphase";
import { Arrow, COLORS, Dot, Rod, SphereView } from "../app/draw.js";
import { num, vec } from "../app/format.js";
import { SHAPE, SHAPES } from "../app/shapes/index.js";
import { disposeMeshes, meshFor } from "../app/shapes/mesh.js";
import { disposeTrees, treeFor } from "../app/shapes/boxes.js";
import { CRATES, LIFT } from "../app/crates.js";

/** The shape kinds, in the order of the menus. */
export const KINDS = SHAPES.map((shape) => shape.kind);
/** The library's name of each shape that has one (segment, sphere, ..., plane), in function names. */
const NAME = Object.fromEntries(
  SHAPES.filter((shape) => shape.name).map((shape) => [shape.kind, shape.name]),
);
const PAIR_ORDER = ["Sphere", "Capsule", "AABB", "OBB", "Triangle", "Plane"];

/** The query families, in the order of the menu. */
export const FAMILIES = [
  "overlap",
  "closest point",
  "distance",
  "signed distance",
  "raycast",
  "linecast",
  "closest points",
  "sphere cast",
  "contact",
  "capsule cast", // (after contact: a deep link's q keeps its meaning)
  "separating axis",
  "triangles in", // (a mesh's trianglesIn*: the indices of every triangle touching the shape)
  "boxes in", // (a tree's boxesIn*: the indices of every box touching the shape)
];

const DEG = Math.PI / 180;
const V3 = (x, y, z) => new THREE.Vector3(x, y, z);

/** The inputs of slot p ("a" or "b") as vectors. */
function slot(s, p) {
  const c = V3(s[`${p}x`], s[`${p}y`], s[`${p}z`]);
  const u = V3(s[`${p}ux`], s[`${p}uy`], s[`${p}uz`]);
  const v = V3(s[`${p}vx`], s[`${p}vy`], s[`${p}vz`]);
  const rotation = new THREE.Matrix3().setFromMatrix4(
    new THREE.Matrix4().makeRotationFromEuler(
      new THREE.Euler(
        s[`${p}rx`] * DEG,
        s[`${p}ry`] * DEG,
        s[`${p}rz`] * DEG,
        "XYZ",
      ),
    ),
  );
  // A tree of boxes also reads the playground's seed, shake and lifted crate (one set for both slots).
  return {
    kind: KINDS[s[`${p}k`]],
    c,
    u,
    v,
    r: s[`${p}r`],
    rotation,
    seed: s.ts,
    shake: s.tj,
    lifted: s.tl,
  };
}

/**
 * The library's input for a slot: each shape reads the slot its own way (app/shapes/<kind>.js): a point is C;
 * a segment runs from C − U to C + U; a ray starts at C along U; a sphere is centered at C with radius r; a
 * capsule is the segment with radius r; a box is centered at C with half sizes |U| (an OBB turned by the
 * rotation); a triangle has corners C + U, C + V and C − U − V (its centroid is C); a plane passes through C
 * with normal U.
 */
export function shapeOf(k) {
  const shape = SHAPE[k.kind];
  if (!shape) throw new Error(`unknown shape kind ${k.kind}`);
  return shape.fromSlot(k);
}

/**
 * Every query the library has for the pair of slots: { family, name, args(a, b) -> argument list, result }.
 * The pair is unordered: a point, ray or segment probes the other shape, whichever slot it is in.
 */
export function queriesFor(np, A, B) {
  const out = [];
  const add = (family, name, args, result) => {
    if (np && typeof np[name] === "function")
      out.push({ family: FAMILIES.indexOf(family), name, args, result });
  };
  const probes = ["point", "ray", "segment"];
  for (const [P, S, swap] of [
    [A, B, false],
    [B, A, true],
  ]) {
    const pick = (f) => (swap ? (a, b) => f(b, a) : f);
    if (P.kind === "point" && NAME[S.kind]) {
      add(
        "closest point",
        `closestPointOn${NAME[S.kind]}`,
        pick((p, s) => [p, s]),
        "point",
      );
      add(
        "distance",
        `distancePoint${NAME[S.kind]}`,
        pick((p, s) => [p, s]),
        "number",
      );
      if (S.kind === "plane")
        add(
          "signed distance",
          "signedDistancePointPlane",
          pick((p, s) => [p, s]),
          "number",
        );
    }
    if (P.kind === "ray" && PAIR_ORDER.includes(NAME[S.kind]))
      add(
        "raycast",
        `raycast${NAME[S.kind]}`,
        pick((r, s) => [r, s]),
        "rayHit",
      );
    if (P.kind === "segment" && PAIR_ORDER.includes(NAME[S.kind]))
      add(
        "linecast",
        `linecast${NAME[S.kind]}`,
        pick((g, s) => [g.start, g.end, s]),
        "rayHit",
      );
    if (swap) break; // the unordered cases below are added once
  }
  if (A.kind === "segment" && B.kind === "segment")
    add(
      "closest points",
      "closestPointsSegmentSegment",
      (a, b) => [a, b],
      "pair",
    );
  const nA = NAME[A.kind],
    nB = NAME[B.kind];
  if (
    !probes.includes(A.kind) &&
    !probes.includes(B.kind) &&
    !(A.kind === "plane" && B.kind === "plane")
  ) {
    const first = PAIR_ORDER.indexOf(nA) <= PAIR_ORDER.indexOf(nB);
    add(
      "overlap",
      `overlap${first ? nA + nB : nB + nA}`,
      first ? (a, b) => [a, b] : (a, b) => [b, a],
      "boolean",
    );
  }
  // A sphere cast: slot A's sphere moves from C to C + V against B.
  if (A.kind === "sphere" && PAIR_ORDER.includes(nB))
    add(
      "sphere cast",
      `sphereCast${nB}`,
      (a, b) => [a.center, a.center.clone().add(A.v), a.radius, b],
      "shapeCast",
    );
  // A capsule cast: slot A's capsule moves by V against B.
  if (A.kind === "capsule" && PAIR_ORDER.includes(nB))
    add("capsule cast", `capsuleCast${nB}`, (a, b) => [a, A.v, b], "shapeCast");
  // Two OBBs: the first of the 15 axes of the separating axis theorem that separates them.
  if (A.kind === "obb" && B.kind === "obb")
    add("separating axis", "separatingAxisOBBOBB", (a, b) => [a, b], "axis");
  // A contact: contact<A><B> exists for the earlier shape of the pair (Sphere, Capsule, AABB, OBB) first; with
  // the slots the other way round, it is asked as contact<B><A>(b, a).
  if (PAIR_ORDER.includes(nA) && PAIR_ORDER.includes(nB)) {
    const first = PAIR_ORDER.indexOf(nA) <= PAIR_ORDER.indexOf(nB);
    add(
      "contact",
      `contact${first ? nA + nB : nB + nA}`,
      first ? (a, b) => [a, b] : (a, b) => [b, a],
      "contact",
    );
  }
  // A mesh (either slot) and the other shape: every query of np.createMesh's meshes that takes it. `mesh` names
  // the mesh's slot, `method` the mesh's member; sphere and capsule casts move slot A's shape, as above.
  for (const [M, X, m, x] of [
    [B, A, "b", "a"],
    [A, B, "a", "b"],
  ]) {
    if (M.kind !== "mesh" || X.kind === "mesh") continue;
    const addMesh = (family, method, args, result) => {
      if (np && typeof np.createMesh === "function")
        out.push({
          family: FAMILIES.indexOf(family),
          name: `mesh.${method}`,
          mesh: m,
          method,
          args: (a, b) => args(x === "a" ? a : b),
          result,
        });
    };
    const S = NAME[X.kind];
    if (X.kind === "point")
      addMesh("closest point", "closestPoint", (p) => [p], "meshPoint");
    if (X.kind === "ray") addMesh("raycast", "raycast", (r) => [r], "meshHit");
    if (X.kind === "segment")
      addMesh("linecast", "linecast", (g) => [g.start, g.end], "meshHit");
    if (["Sphere", "Capsule", "AABB", "OBB"].includes(S)) {
      addMesh("overlap", `overlap${S}`, (v) => [v], "boolean");
      addMesh("triangles in", `trianglesIn${S}`, (v) => [v], "indices");
    }
    if (S === "Sphere" || S === "Capsule")
      addMesh("contact", `contacts${S}`, (v) => [v], "contacts");
    if (x === "a" && S === "Sphere")
      addMesh(
        "sphere cast",
        "sphereCast",
        (v) => [v.center, v.center.clone().add(X.v), v.radius],
        "meshCast",
      );
    if (x === "a" && S === "Capsule")
      addMesh("capsule cast", "capsuleCast", (v) => [v, X.v], "meshCast");
  }
  // A tree of boxes (either slot) and the other shape: every query of np.createAABBTree's trees that takes it.
  // A segment is asked as a ray from its start toward its end, no farther than its length (a segment of length
  // 0 as a ray of length 0: it hits a box only from inside or on it).
  for (const [T, X, m, x] of [
    [B, A, "b", "a"],
    [A, B, "a", "b"],
  ]) {
    if (T.kind !== "boxes" || X.kind === "boxes") continue;
    const addTree = (family, method, args, result) => {
      if (np && typeof np.createAABBTree === "function")
        out.push({
          family: FAMILIES.indexOf(family),
          name: `boxes.${method}`,
          tree: m,
          method,
          args: (a, b) => args(x === "a" ? a : b),
          result,
        });
    };
    if (X.kind === "ray") addTree("raycast", "raycast", (r) => [r], "treeHit");
    if (X.kind === "segment")
      addTree(
        "linecast",
        "raycast",
        (g) => {
          const d = g.end.clone().sub(g.start);
          const length = d.length();
          return [
            { origin: g.start, direction: length > 0 ? d : V3(1, 0, 0) },
            length,
          ];
        },
        "treeHit",
      );
    if (X.kind === "aabb")
      addTree("boxes in", "boxesInAABB", (v) => [v], "boxIndices");
    if (X.kind === "sphere")
      addTree("boxes in", "boxesInSphere", (v) => [v], "boxIndices");
  }
  return out;
}

/**
 * Runs query q (an entry of queriesFor) on the slots' shapes a and b: an np function, a mesh's method or a tree's
 * method (`cache` holds the slots' meshes and trees).
 */
export function ask(np, q, a, b, cache) {
  if (q.tree) {
    const tree = treeFor(np, q.tree === "a" ? a : b, cache.trees[q.tree]);
    return tree[q.method](...q.args(a, b));
  }
  if (!q.mesh) return np[q.name](...q.args(a, b));
  const mesh = meshFor(np, q.mesh === "a" ? a : b, cache[q.mesh]);
  return mesh[q.method](...q.args(a, b));
}

/** The unit direction of separating axis `i` of OBBs a and b (three.js OBBs), as OBB_AXIS_NAMES orders them. */
function obbAxis(a, b, i) {
  const column = (o, k) =>
    new THREE.Vector3().setFromMatrix3Column(o.rotation, k);
  if (i < 3) return column(a, i);
  if (i < 6) return column(b, i - 3);
  const j = i - 6;
  return column(a, Math.floor(j / 3))
    .cross(column(b, j % 3))
    .normalize();
}

/** Slot B as a mesh: the terrain centered at the origin, ±2 wide, its heights within ±0.6. */
const MESH_B = { bk: 9, bx: 0, by: 0, bz: 0, bux: 2, buy: 0.6, buz: 2 };
/** Slot B as a tree of boxes: 30 crates in the box centered at the origin, ±2 wide and deep, ±1 high. */
const BOXES_B = { bk: 10, bx: 0, by: 0, bz: 0, bux: 2, buy: 1, buz: 2 };
/** The seeds of the tree's crates, and how many shakes the menu offers (shake 0: where the tree was built). */
const SEEDS = 9;
const SHAKES = 6;

/** Arrows drawn for a mesh query's contacts (the readout counts them all). */
const CONTACT_ARROWS = 24;

let api = null;
init().then((np) => (api = np));

const slotFields = (p, name) => [
  { label: ["slotCenter", name], keys: [`${p}x`, `${p}y`, `${p}z`] },
  {
    label: ["slotShape", name],
    keys: [`${p}k`],
    kind: "choice",
    options: KINDS.map((k, i) => [i, ["shape", k]]),
  },
  { label: ["slotU", name], keys: [`${p}ux`, `${p}uy`, `${p}uz`] },
  { label: ["slotV", name], keys: [`${p}vx`, `${p}vy`, `${p}vz`] },
  { label: ["slotRadius", name], keys: [`${p}r`], min: 0 },
  {
    label: ["slotRotation", name],
    keys: [`${p}rx`, `${p}ry`, `${p}rz`],
    kind: "deg",
    min: -180,
    max: 180,
  },
];

/** The playground's strings: shape and query names, field labels, the help, the readout's words. */
const PLAYGROUND_TEXT = {
  en: {
    menu: "Playground",
    menuNote: "narrowphase",
    title: "Playground: any two shapes, any query",
    source:
      "Not from an article: every shape and every query of the library, beyond the five articles' cases.",
    shape: (k) =>
      ({
        point: "Point",
        segment: "Segment",
        ray: "Ray",
        sphere: "Sphere",
        capsule: "Capsule",
        aabb: "AABB (box)",
        obb: "OBB (oriented box)",
        triangle: "Triangle",
        plane: "Plane",
        mesh: "Mesh (terrain)",
        boxes: "Tree of boxes (crates)",
      })[k],
    family: (f) =>
      ({
        overlap: "overlap",
        "closest point": "closest point",
        distance: "distance",
        "signed distance": "signed distance",
        raycast: "raycast",
        linecast: "linecast",
        "closest points": "closest points",
        "sphere cast": "sphere cast",
        "capsule cast": "capsule cast",
        "separating axis": "separating axis",
        contact: "contact",
        "triangles in": "triangles touching",
        "boxes in": "boxes touching",
      })[f],
    slotCenter: (p) => `${p}: center C`,
    slotShape: (p) => `${p}: shape`,
    slotU: (p) => `${p}: vector U`,
    slotV: (p) => `${p}: vector V`,
    slotRadius: (p) => `${p}: radius r`,
    slotRotation: (p) => `${p}: rotation ° (OBB)`,
    treeSeed: "Tree of boxes: seed",
    treeShake: "Tree of boxes: shaken (boxes.updateAll)",
    seed: (n) => `scene ${n}`,
    shake: (n) => (n === 0 ? "as built" : `shaken ${n}`),
    treeLift: (d) => `Tree of boxes: crate lifted by ${d} (boxes.update)`,
    liftNone: "none",
    crate: (i) => `crate ${i}`,
    query: "Query",
    explanation: `
  <p>Pick two shapes and a query. The queries listed are the ones the library has for the pair (a point, ray or
  segment probes the other shape whichever slot it is in). Each slot has the same inputs — a center
  <b class="ca">C</b>, vectors <b>U</b> and <b>V</b>, a radius and a rotation — read by its shape: a segment
  runs from C − U to C + U; a ray starts at C along U; a capsule is that segment with radius r; a box has half
  sizes |U| (an OBB is also turned by the rotation); a triangle has corners C + U, C + V and C − U − V; a plane
  passes through C with normal U; a sphere cast moves sphere A from C to C + V, and a capsule cast moves capsule A by V. A contact's arrow, from the
  deepest point of the first shape to the deepest point of the second, is its minimum translation: moving the
  first shape along it by the depth leaves the two only touching. For two OBBs, the separating axis is the
  first of the 15 axes of the separating axis theorem (each box's 3 face normals and the 9 cross products of
  their edges) on which the boxes' shadows do not meet, drawn as an arrow between them.</p>
  <p>A mesh is a small terrain of 288 triangles built with <code>np.createMesh</code>: centered at C, spanning
  ±|U.x| and ±|U.z|, its heights within ±U.y. Its queries are its own methods, exact against the single
  triangle calls: the nearest hit of a ray or segment, the nearest point, the first contact of a moving sphere or
  capsule, whether a shape touches it, the indices of every triangle touching the shape, and one contact per
  touching triangle (a character controller's push-out). The triangles the answer names are lit.</p>
  <p>A tree of boxes is 30 crates scattered in the box C ± |U|, placed by the seed, in a bounding volume hierarchy
  built with <code>np.createAABBTree</code>. Its queries are its own methods, exact against the single box calls:
  the nearest crate a ray hits (a segment is asked as a ray no longer than itself), and the indices of every crate
  touching a box or a sphere; the crates the answer names are lit. Shaking moves every crate, and the tree is not
  built again: <code>boxes.updateAll</code> refits it (each node's box becomes the union of its children's), and
  its answers are those of a tree built afresh over the moved crates. Lifting one crate moves it with
  <code>boxes.update</code>, which refits only the nodes above it.</p>
  <p>Drag the cubes (centers) and the small balls (the tips of U and V).</p>`,
    overlap: "overlap",
    noOverlap: "no overlap",
    noHit: "no hit",
    rayHit: (d, p, n) => `hit at distance ${d}, point ${p}, normal ${n}`,
    pair: (d, a, b) => `distance ${d} between ${a} and ${b}`,
    cast: (f, d, p) =>
      `first contact at fraction ${f} (distance ${d}), point ${p}`,
    contact: (d, n) => `depth ${d}, normal ${n}`,
    noContact: "no contact",
    axis: (name) => `separated along axis ${name}`,
    noAxis: "no separating axis: the boxes overlap",
    noQuery: "no query of the library takes these two shapes",
    stepQueries: "The queries the library has for this pair",
    noQueryNote:
      "None: pick a shape for A or B that the other can be asked about.",
    stepAnswer: (name) => `The answer of ${name}`,
    meshHit: (tri, d, p, n) =>
      `hit triangle ${tri} at distance ${d}, point ${p}, normal ${n}`,
    meshPoint: (p, d, tri) => `point ${p} on triangle ${tri}, distance ${d}`,
    meshCast: (f, d, p, tri) =>
      `first contact with triangle ${tri} at fraction ${f} (distance ${d}), point ${p}`,
    indices: (n, list) => `${n} triangles: ${list}`,
    noIndices: "no triangle touches it",
    contacts: (n, tri, d, nrm) =>
      `${n} contacts; the deepest: triangle ${tri}, depth ${d}, normal ${nrm}`,
    treeHit: (i, d, p, n) =>
      `hit box ${i} at distance ${d}, point ${p}, normal ${n}`,
    boxIndices: (n, list) => `${n} boxes: ${list}`,
    noBoxes: "no box touches it",
    stepTreeTitle:
      "The tree (boxes.count, boxes.memoryBytes, boxes.updateAll, boxes.update)",
    stepTree: (n, seed, shake, lifted, d, bytes) =>
      `${n} boxes (scene ${seed}) in a tree of ${bytes} bytes of WASM memory, built with np.createAABBTree where the crates first lay. ` +
      (shake === 0
        ? "Not shaken. "
        : `Shaken ${shake}: every crate moved, and boxes.updateAll refitted the tree. `) +
      (lifted < 0
        ? "No crate lifted."
        : `Crate ${lifted} lifted by ${d}: boxes.update moved it and refitted the nodes above it.`),
  },
  ko: {
    menu: "플레이그라운드",
    menuNote: "narrowphase",
    title: "플레이그라운드: 아무 도형 두 개, 아무 쿼리",
    source:
      "원문 글은 없습니다. 다섯 글이 다루는 경우를 넘어, 라이브러리의 모든 도형과 모든 쿼리를 직접 시험해 볼 수 있습니다.",
    shape: (k) =>
      ({
        point: "점",
        segment: "선분",
        ray: "레이",
        sphere: "구체",
        capsule: "캡슐",
        aabb: "AABB (축 정렬 박스)",
        obb: "OBB (회전된 박스)",
        triangle: "삼각형",
        plane: "평면",
        mesh: "메시(지형)",
        boxes: "박스 트리(상자 더미)",
      })[k],
    family: (f) =>
      ({
        overlap: "겹침 판정",
        "closest point": "가장 가까운 점",
        distance: "거리",
        "signed distance": "부호 있는 거리",
        raycast: "레이캐스트",
        linecast: "라인캐스트(선분)",
        "closest points": "가장 가까운 두 점",
        "sphere cast": "구체 캐스트",
        "capsule cast": "캡슐 캐스트",
        "separating axis": "분리축",
        contact: "접촉(최소 이동)",
        "triangles in": "닿는 삼각형",
        "boxes in": "닿는 상자",
      })[f],
    slotCenter: (p) => `${p}: 중심 C`,
    slotShape: (p) => `${p}: 도형`,
    slotU: (p) => `${p}: 벡터 U`,
    slotV: (p) => `${p}: 벡터 V`,
    slotRadius: (p) => `${p}: 반지름 r`,
    slotRotation: (p) => `${p}: 회전 ° (OBB)`,
    treeSeed: "박스 트리: 시드",
    treeShake: "박스 트리: 흔들기 (boxes.updateAll)",
    seed: (n) => `배치 ${n}`,
    shake: (n) => (n === 0 ? "만든 그대로" : `${n}번째 흔들기`),
    treeLift: (d) => `박스 트리: ${d}만큼 들어 올린 상자 (boxes.update)`,
    liftNone: "없음",
    crate: (i) => `상자 ${i}번`,
    query: "쿼리",
    explanation: `
  <p>도형 두 개와 쿼리 하나를 고르세요. 목록에는 라이브러리가 그 쌍에 대해 제공하는 쿼리만 나옵니다(점, 레이, 선분은
  어느 칸에 있든 다른 도형을 검사하는 쪽이 됩니다). 두 칸의 입력은 똑같이 중심 <b class="ca">C</b>, 벡터 <b>U</b>와
  <b>V</b>, 반지름, 회전이고, 도형마다 다르게 읽힙니다. 선분은 C − U에서 C + U까지, 레이는 C에서 U 방향으로,
  캡슐은 그 선분에 반지름 r을 더한 것, 박스는 절반 크기가 |U|(OBB는 회전까지 적용), 삼각형은 꼭짓점이 C + U, C + V,
  C − U − V, 평면은 C를 지나고 법선이 U입니다. 구체 캐스트에서는 구체 A가 C에서 C + V까지, 캡슐 캐스트에서는 캡슐 A가 V만큼 움직입니다.
  접촉의 화살표는 첫 번째 도형에서 가장 깊이 들어간 점부터 두 번째 도형에서 가장 깊이 들어간 점까지를 잇는 최소 이동 벡터입니다. 첫 번째 도형을 이 화살표만큼 옮기면 두 도형은 딱 맞닿기만 합니다.
  OBB 두 개의 분리축은 분리축 정리의 축 15개(두 상자의 면 법선 3개씩과 모서리끼리의 외적 9개) 가운데 두 상자의 그림자가
  만나지 않는 첫 번째 축이며, 두 상자 사이에 화살표로 그려집니다.</p>
  <p>메시는 <code>np.createMesh</code>로 만든 삼각형 288개짜리 작은 지형입니다. 중심이 C이고 가로세로로 ±|U.x|,
  ±|U.z|만큼 퍼져 있으며, 높이는 C.y에서 ±U.y 안에 있습니다. 메시의 쿼리는 메시 객체의 메서드로, 삼각형을 하나씩
  판정하는 함수와 똑같은 답을 냅니다. 레이나 선분이 처음 맞는 곳, 가장 가까운 점, 움직이는 구체나 캡슐이 처음 닿는
  곳, 도형이 메시에 닿는지 여부, 도형에 닿는 모든 삼각형의 번호, 그리고 닿는 삼각형마다 하나씩 구하는 접촉(캐릭터
  컨트롤러가 겹친 몸을 밀어낼 때 쓰는 것)을 물을 수 있습니다. 답에 나온 삼각형은 밝게 표시됩니다.</p>
  <p>박스 트리는 C ± |U| 범위 안에 시드에 따라 흩어 놓은 상자 30개를 <code>np.createAABBTree</code>로 묶은 경계 볼륨
  계층 구조입니다. 트리의 쿼리는 트리 객체의 메서드이며, 상자를 하나씩 판정하는 함수와 똑같은 답을 냅니다. 레이가
  처음 맞는 상자(선분은 자기 길이만큼만 나아가는 레이로 묻습니다), 그리고 박스나 구체에 닿는 모든 상자의 번호를 물을
  수 있고, 답에 나온 상자는 밝게 표시됩니다. 흔들기를 고르면 상자가 모두 움직이지만 트리를 새로 만들지는 않습니다.
  <code>boxes.updateAll</code>이 트리를 다시 맞추고(각 노드의 박스를 자식 박스들의 합집합으로 다시 계산), 그 답은
  움직인 상자로 트리를 처음부터 만든 경우와 같습니다. 상자 하나를 들어 올리면 <code>boxes.update</code>가 그 상자만
  옮기고 그 위의 노드들만 다시 맞춥니다.</p>
  <p>큐브(중심)와 작은 공(U, V의 끝)을 드래그해 보세요.</p>`,
    overlap: "겹침",
    noOverlap: "겹치지 않음",
    noHit: "충돌 없음",
    rayHit: (d, p, n) => `충돌: 거리 ${d}, 교점 ${p}, 법선 ${n}`,
    pair: (d, a, b) => `두 점 ${a}, ${b} 사이의 거리 ${d}`,
    cast: (f, d, p) => `처음 닿는 비율 ${f}(거리 ${d}), 충돌 지점 ${p}`,
    contact: (d, n) => `침투 깊이 ${d}, 법선 ${n}`,
    noContact: "접촉 없음",
    axis: (name) => `${name} 축에서 분리됨`,
    noAxis: "분리축 없음: 두 상자가 겹칩니다",
    noQuery: "이 두 도형을 받는 라이브러리 쿼리가 없습니다",
    stepQueries: "이 쌍에 대해 라이브러리가 제공하는 쿼리",
    noQueryNote:
      "없음: A나 B를, 다른 쪽에 대해 검사할 수 있는 도형으로 바꾸세요.",
    stepAnswer: (name) => `${name}의 답`,
    meshHit: (tri, d, p, n) =>
      `삼각형 ${tri}번에 거리 ${d}에서 충돌, 충돌점 ${p}, 법선 ${n}`,
    meshPoint: (p, d, tri) => `삼각형 ${tri}번 위의 점 ${p}, 거리 ${d}`,
    meshCast: (f, d, p, tri) =>
      `삼각형 ${tri}번에 처음 닿는 비율 ${f}(거리 ${d}), 충돌 지점 ${p}`,
    indices: (n, list) => `삼각형 ${n}개: ${list}`,
    noIndices: "닿는 삼각형 없음",
    contacts: (n, tri, d, nrm) =>
      `접촉 ${n}개, 가장 깊은 것: 삼각형 ${tri}번, 침투 깊이 ${d}, 법선 ${nrm}`,
    treeHit: (i, d, p, n) =>
      `상자 ${i}번에 거리 ${d}에서 충돌, 충돌점 ${p}, 법선 ${n}`,
    boxIndices: (n, list) => `상자 ${n}개: ${list}`,
    noBoxes: "닿는 상자 없음",
    stepTreeTitle:
      "트리 (boxes.count, boxes.memoryBytes, boxes.updateAll, boxes.update)",
    stepTree: (n, seed, shake, lifted, d, bytes) =>
      `상자 ${n}개(배치 ${seed}), 트리가 WASM 메모리에서 차지하는 크기 ${bytes}바이트. 트리는 상자를 처음 놓은 자리에서 np.createAABBTree로 만들었습니다. ` +
      (shake === 0
        ? "흔들지 않았습니다. "
        : `${shake}번째 흔들기로 상자가 모두 움직였고, boxes.updateAll이 트리를 다시 맞췄습니다. `) +
      (lifted < 0
        ? "들어 올린 상자는 없습니다."
        : `상자 ${lifted}번을 ${d}만큼 들어 올렸고, boxes.update가 그 상자를 옮긴 뒤 그 위의 노드들을 다시 맞췄습니다.`),
  },
  ja: {
    menu: "プレイグラウンド",
    menuNote: "narrowphase",
    title: "プレイグラウンド: 好きな図形 2 つと好きなクエリ",
    source:
      "元になった記事はありません。5 本の記事が扱う場合を超えて、ライブラリのすべての図形とすべてのクエリを試せます。",
    shape: (k) =>
      ({
        point: "点",
        segment: "線分",
        ray: "レイ",
        sphere: "球",
        capsule: "カプセル",
        aabb: "AABB（軸平行な箱）",
        obb: "OBB（回転した箱）",
        triangle: "三角形",
        plane: "平面",
        mesh: "メッシュ（地形）",
        boxes: "箱のツリー（木箱の山）",
      })[k],
    family: (f) =>
      ({
        overlap: "重なり判定",
        "closest point": "最近点",
        distance: "距離",
        "signed distance": "符号付き距離",
        raycast: "レイキャスト",
        linecast: "ラインキャスト（線分）",
        "closest points": "最近点の組",
        "sphere cast": "スフィアキャスト",
        "capsule cast": "カプセルキャスト",
        "separating axis": "分離軸",
        contact: "接触（最小移動）",
        "triangles in": "触れている三角形",
        "boxes in": "触れている箱",
      })[f],
    slotCenter: (p) => `${p}: 中心 C`,
    slotShape: (p) => `${p}: 図形`,
    slotU: (p) => `${p}: ベクトル U`,
    slotV: (p) => `${p}: ベクトル V`,
    slotRadius: (p) => `${p}: 半径 r`,
    slotRotation: (p) => `${p}: 回転 °（OBB）`,
    treeSeed: "箱のツリー: シード",
    treeShake: "箱のツリー: 揺らす (boxes.updateAll)",
    seed: (n) => `配置 ${n}`,
    shake: (n) => (n === 0 ? "作ったまま" : `${n} 回目の揺れ`),
    treeLift: (d) => `箱のツリー: ${d} だけ持ち上げた木箱 (boxes.update)`,
    liftNone: "なし",
    crate: (i) => `木箱 ${i} 番`,
    query: "クエリ",
    explanation: `
  <p>図形を 2 つとクエリを 1 つ選んでください。一覧に出るのは、ライブラリがその組に用意しているクエリだけです（点・レイ・
  線分は、どちらの枠にあっても相手の図形を調べる側になります）。2 つの枠の入力はどちらも中心 <b class="ca">C</b>、
  ベクトル <b>U</b> と <b>V</b>、半径、回転で、図形ごとに読み方が変わります。線分は C − U から C + U まで、レイは C から
  U の向き、カプセルはその線分に半径 r を付けたもの、箱は半分のサイズが |U|（OBB はさらに回転）、三角形は頂点が C + U、
  C + V、C − U − V、平面は C を通り法線が U です。スフィアキャストでは球 A が C から C + V まで、カプセルキャストではカプセル A が V だけ動きます。
  接触の矢印は、1 つめの図形のいちばん深い点から 2 つめの図形のいちばん深い点へ向かう最小移動ベクトルです。1 つめの図形をこの矢印の分だけ動かすと、2 つはちょうど接するだけになります。
  2 つの OBB の分離軸は、分離軸定理の 15 本の軸（それぞれの箱の面法線 3 本ずつと、辺どうしの外積 9 本）のうち、2 つの箱の影が
  重ならない最初の軸で、箱のあいだに矢印で描かれます。</p>
  <p>メッシュは <code>np.createMesh</code> で作った三角形 288 個の小さな地形です。中心は C、横と奥行きに ±|U.x| と ±|U.z| だけ広がり、高さは C.y から ±U.y の範囲です。メッシュのクエリはメッシュオブジェクトのメソッドで、三角形を 1 つずつ判定する関数とまったく同じ答えを返します。調べられるのは、レイや線分が最初に当たる位置、最も近い点、動く球やカプセルが最初に触れる位置、図形がメッシュに触れているかどうか、図形に触れているすべての三角形の番号、そして触れている三角形ごとの接触（キャラクターコントローラーがめり込みを押し戻すときに使うもの）です。答えに出てきた三角形は明るく表示されます。</p>
  <p>箱のツリーは、C ± |U| の範囲にシードに従って散らばる木箱 30 個を <code>np.createAABBTree</code> でまとめた境界ボリューム階層です。ツリーのクエリはツリーオブジェクトのメソッドで、箱を 1 つずつ判定する関数とまったく同じ答えを返します。レイが最初に当たる箱（線分は自分の長さまでしか進まないレイとして調べます）と、箱や球に触れているすべての木箱の番号を調べられ、答えに出てきた木箱は明るく表示されます。揺らすと木箱がすべて動きますが、ツリーは作り直しません。<code>boxes.updateAll</code> がツリーを合わせ直し（各ノードの箱を子の箱の和集合として計算し直す）、その答えは動いた木箱でツリーを一から作った場合と同じです。木箱を 1 つ持ち上げると、<code>boxes.update</code> がその木箱だけを動かし、その上のノードだけを合わせ直します。</p>
  <p>立方体（中心）と小さな球（U と V の先端）をドラッグしてみてください。</p>`,
    overlap: "重なりあり",
    noOverlap: "重なりなし",
    noHit: "当たりなし",
    rayHit: (d, p, n) => `当たり: 距離 ${d}、交点 ${p}、法線 ${n}`,
    pair: (d, a, b) => `${a} と ${b} の距離 ${d}`,
    cast: (f, d, p) => `最初に触れる割合 ${f}（距離 ${d}）、接触点 ${p}`,
    contact: (d, n) => `めり込み深さ ${d}、法線 ${n}`,
    noContact: "接触なし",
    axis: (name) => `軸 ${name} で分離`,
    noAxis: "分離軸なし: 二つの箱は重なっている",
    noQuery: "この 2 つの図形を受け取るクエリはライブラリにありません",
    stepQueries: "この組に対してライブラリが持つクエリ",
    noQueryNote:
      "なし: A か B を、相手について問い合わせられる図形に変えてください。",
    stepAnswer: (name) => `${name} の答え`,
    meshHit: (tri, d, p, n) =>
      `三角形 ${tri} 番に距離 ${d} で当たり、交点 ${p}、法線 ${n}`,
    meshPoint: (p, d, tri) => `三角形 ${tri} 番の上の点 ${p}、距離 ${d}`,
    meshCast: (f, d, p, tri) =>
      `三角形 ${tri} 番に最初に触れる割合 ${f}（距離 ${d}）、接触点 ${p}`,
    indices: (n, list) => `三角形 ${n} 個：${list}`,
    noIndices: "触れている三角形なし",
    contacts: (n, tri, d, nrm) =>
      `接触 ${n} 個、最も深いもの：三角形 ${tri} 番、めり込み深さ ${d}、法線 ${nrm}`,
    treeHit: (i, d, p, n) =>
      `箱 ${i} 番に距離 ${d} で当たり、交点 ${p}、法線 ${n}`,
    boxIndices: (n, list) => `箱 ${n} 個：${list}`,
    noBoxes: "触れている箱なし",
    stepTreeTitle:
      "ツリー（boxes.count、boxes.memoryBytes、boxes.updateAll、boxes.update）",
    stepTree: (n, seed, shake, lifted, d, bytes) =>
      `箱 ${n} 個（配置 ${seed}）、ツリーが WASM メモリに占めるのは ${bytes} バイト。ツリーは木箱を最初に置いた位置で np.createAABBTree により作りました。` +
      (shake === 0
        ? "揺らしていません。"
        : `${shake} 回目の揺れで木箱がすべて動き、boxes.updateAll がツリーを合わせ直しました。`) +
      (lifted < 0
        ? "持ち上げた木箱はありません。"
        : `木箱 ${lifted} 番を ${d} だけ持ち上げ、boxes.update がその木箱を動かして上のノードを合わせ直しました。`),
  },
};

/** Every shape's drawing for one slot: { kind: view }. */
const views = (ctx, color) =>
  Object.fromEntries(
    SHAPES.map((shape) => [shape.kind, shape.view(ctx, color)]),
  );

/** Shows the slot's shape (and hides the others). */
function place(o, k, shape, color) {
  for (const [kind, view] of Object.entries(o)) {
    for (const part of view.parts) part.visible = kind === k.kind;
    if (kind === k.kind) view.place(shape, color, k);
  }
}

/** Up to 12 triangle indices, then "…". */
export function indexList(ids) {
  const shown = Array.from(ids).slice(0, 12).join(", ");
  return ids.length > 12 ? `${shown}, …` : shown;
}
/** The deepest of a mesh query's contacts (the first of equal depths). */
export function deepestContact(contacts) {
  return contacts.reduce((a, c) => (c.depth > a.depth ? c : a));
}

/** The readout of one query's answer, in the page's language (function names and numbers as they are). */
export function describe(q, answer, t) {
  switch (q.result) {
    case "boolean":
      return `${q.name}: ${answer ? t("overlap") : t("noOverlap")}`;
    case "point":
      return `${q.name}: ${vec(answer)}`;
    case "number":
      return `${q.name}: ${num(answer)}`;
    case "rayHit":
      return answer === null
        ? `${q.name}: ${t("noHit")}`
        : `${q.name}: ${t("rayHit", num(answer.distance), vec(answer.point), vec(answer.normal))}`;
    case "pair":
      return `${q.name}: ${t("pair", num(answer.distance), vec(answer.pointA), vec(answer.pointB))}`;
    case "shapeCast":
      return answer === null
        ? `${q.name}: ${t("noHit")}`
        : `${q.name}: ${t("cast", num(answer.fraction), num(answer.distance), vec(answer.point))}`;
    case "contact":
      return answer === null
        ? `${q.name}: ${t("noContact")}`
        : `${q.name}: ${t("contact", num(answer.depth), vec(answer.normal))}`;
    case "axis":
      return answer === null
        ? `${q.name}: ${t("noAxis")}`
        : `${q.name}: ${t("axis", OBB_AXIS_NAMES[answer])}`;
    case "meshHit":
      return answer === null
        ? `${q.name}: ${t("noHit")}`
        : `${q.name}: ${t("meshHit", answer.triangle, num(answer.distance), vec(answer.point), vec(answer.normal))}`;
    case "meshPoint":
      return `${q.name}: ${t("meshPoint", vec(answer.point), num(answer.distance), answer.triangle)}`;
    case "meshCast":
      return answer === null
        ? `${q.name}: ${t("noHit")}`
        : `${q.name}: ${t("meshCast", num(answer.fraction), num(answer.distance), vec(answer.point), answer.triangle)}`;
    case "indices":
      return answer.length === 0
        ? `${q.name}: ${t("noIndices")}`
        : `${q.name}: ${t("indices", answer.length, indexList(answer))}`;
    case "treeHit":
      return answer === null
        ? `${q.name}: ${t("noHit")}`
        : `${q.name}: ${t("treeHit", answer.index, num(answer.distance), vec(answer.point), vec(answer.normal))}`;
    case "boxIndices":
      return answer.length === 0
        ? `${q.name}: ${t("noBoxes")}`
        : `${q.name}: ${t("boxIndices", answer.length, indexList(answer))}`;
    case "contacts": {
      if (answer.length === 0) return `${q.name}: ${t("noContact")}`;
      const deepest = deepestContact(answer);
      return `${q.name}: ${t("contacts", answer.length, deepest.triangle, num(deepest.depth), vec(deepest.normal))}`;
    }
  }
  return `${q.name}: ${String(answer)}`;
}

export default {
  id: "playground",
  camera: { position: [5.5, 4.5, 7.5], target: [0, 0, 0] },
  defaults: {
    // A point beside a triangle: its closest point lies on an edge.
    ax: -0.4,
    ay: 1.4,
    az: 0.6,
    ak: 0, // point
    aux: 1,
    auy: 0.4,
    auz: 0,
    avx: 3,
    avy: 0,
    avz: 0,
    ar: 0.6,
    arx: 0,
    ary: 0,
    arz: 0,
    bx: 0.8,
    by: 0,
    bz: 0,
    bk: 7, // triangle
    bux: 0.9,
    buy: 0.9,
    buz: 0,
    bvx: -0.6,
    bvy: 0.3,
    bvz: 0.9,
    br: 0.5,
    brx: 0,
    bry: 30,
    brz: 20,
    q: 1, // closest point
    ts: 1, // the tree of boxes' seed
    tj: 0, // and its shakes (0: the crates where the tree was built)
    tl: -1, // the crate lifted with boxes.update (-1: none)
  },
  fields: [
    ...slotFields("a", "A"),
    ...slotFields("b", "B"),
    {
      label: "query",
      keys: ["q"],
      kind: "choice",
      options: FAMILIES.map((f, i) => [i, ["family", f]]),
    },
    {
      label: "treeSeed",
      keys: ["ts"],
      kind: "choice",
      options: Array.from({ length: SEEDS }, (_, i) => [
        i + 1,
        ["seed", i + 1],
      ]),
    },
    {
      label: "treeShake",
      keys: ["tj"],
      kind: "choice",
      options: Array.from({ length: SHAKES + 1 }, (_, i) => [i, ["shake", i]]),
    },
    {
      label: ["treeLift", LIFT],
      keys: ["tl"],
      kind: "choice",
      options: [
        [-1, "liftNone"],
        ...Array.from({ length: CRATES }, (_, i) => [i, ["crate", i]]),
      ],
    },
  ],
  /** Pairs worth seeing: one per query family, and a pair the library has no query for. */
  examples: [
    { name: "distance", state: { ak: 0, bk: 7, q: 2 } },
    {
      name: "signed-distance",
      state: { ak: 0, bk: 8, bux: 0, buy: 2, buz: 0, q: 3 },
    },
    {
      name: "raycast",
      state: {
        ak: 2,
        ax: -3,
        ay: 0,
        az: 0,
        aux: 1,
        auy: 0,
        auz: 0,
        bk: 5,
        bx: 0,
        by: 0,
        bz: 0,
        q: 4,
      },
    },
    { name: "linecast", state: { ak: 1, bk: 4, q: 5 } },
    { name: "overlap", state: { ak: 6, bk: 6, q: 0 } },
    { name: "sphere-cast", state: { ak: 3, bk: 3, q: 7 } },
    { name: "closest-points", state: { ak: 1, bk: 1, q: 6 } },
    {
      name: "contact",
      state: {
        ak: 3,
        ax: 1.5,
        ay: 0.2,
        az: 0,
        ar: 0.8,
        bk: 5,
        bx: 0,
        by: 0,
        bz: 0,
        bux: 1,
        buy: 1,
        buz: 1,
        q: 8,
      },
    },
    {
      // A capsule moved by V against a box: its ghost where it first touches.
      name: "capsule-cast",
      state: {
        ak: 4,
        ax: -3,
        ay: 0.5,
        az: 0,
        aux: 0,
        auy: 0.6,
        auz: 0,
        avx: 4,
        avy: 0,
        avz: 0,
        ar: 0.4,
        bk: 5,
        bx: 0,
        by: 0,
        bz: 0,
        bux: 1,
        buy: 1,
        buz: 1,
        q: 9,
      },
    },
    {
      // Two boxes apart along x, the second turned: the first separating axis is A.x.
      name: "separating-axis",
      state: {
        ak: 6,
        ax: -1.6,
        ay: 0,
        az: 0,
        aux: 1,
        auy: 0.6,
        auz: 0.6,
        arx: 0,
        ary: 0,
        arz: 0,
        bk: 6,
        bx: 1.6,
        by: 0.3,
        bz: 0,
        bux: 0.5,
        buy: 0.8,
        buz: 0.5,
        brx: 0,
        bry: 30,
        brz: 20,
        q: 10,
      },
    },
    { name: "no-query", state: { ak: 2, bk: 1 } },
    // B a mesh (a terrain of 288 triangles centered at the origin, ±2 wide, heights within ±0.6): a raycast, a
    // sphere cast, the triangles in an OBB, a capsule's contacts (tutorial.test.js checks the mesh's other
    // queries' readouts; these few keep the all-scenes test short on a loaded machine).
    {
      name: "mesh-raycast",
      state: {
        ...MESH_B,
        ak: 2,
        ax: -2.6,
        ay: 2,
        az: 0.5,
        aux: 1,
        auy: -0.8,
        auz: 0,
        q: 4,
      },
    },
    {
      name: "mesh-sphere-cast",
      state: {
        ...MESH_B,
        ak: 3,
        ax: -1.2,
        ay: 2,
        az: 0,
        ar: 0.4,
        avx: 1.6,
        avy: -2.6,
        avz: 0.4,
        q: 7,
      },
    },
    {
      name: "mesh-triangles-in",
      state: {
        ...MESH_B,
        ak: 6,
        ax: -0.5,
        ay: 0.2,
        az: 0.4,
        aux: 0.6,
        auy: 0.3,
        auz: 0.4,
        arx: 0,
        ary: 30,
        arz: 15,
        q: 11,
      },
    },
    {
      name: "mesh-contacts",
      state: {
        ...MESH_B,
        ak: 4,
        ax: 0.2,
        ay: 1.05,
        az: 0,
        aux: 0,
        auy: 0.4,
        auz: 0,
        ar: 0.3,
        q: 8,
      },
    },
    // B a tree of boxes (30 crates of scene 1 in the box centered at the origin, ±2 wide and deep, ±1 high): a
    // raycast, the crates in a sphere, and the crates in a box after the tree was refitted with updateAll (a
    // shake) and update (crate 4 lifted).
    {
      name: "boxes-raycast",
      state: {
        ...BOXES_B,
        ak: 2,
        ax: -3,
        ay: 1.5,
        az: 0.5,
        aux: 1,
        auy: -0.4,
        auz: 0,
        q: 4,
      },
    },
    {
      name: "boxes-in-sphere",
      state: { ...BOXES_B, ak: 3, ax: 0.5, ay: 0, az: 0, ar: 0.8, q: 12 },
    },
    {
      name: "boxes-shaken",
      state: {
        ...BOXES_B,
        ak: 5,
        ax: 0,
        ay: 0,
        az: 0,
        aux: 0.8,
        auy: 0.5,
        auz: 0.8,
        tj: 3,
        tl: 4,
        q: 12,
      },
    },
  ],
  text: PLAYGROUND_TEXT,
  normalize(s) {
    for (const p of ["a", "b"]) {
      // A ray direction and a plane normal must not be zero.
      const kind = KINDS[s[`${p}k`]];
      if (
        (kind === "ray" || kind === "plane") &&
        s[`${p}ux`] === 0 &&
        s[`${p}uy`] === 0 &&
        s[`${p}uz`] === 0
      )
        s[`${p}uy`] = 1;
      for (const k of ["rx", "ry", "rz"])
        if (s[`${p}${k}`] === -180) s[`${p}${k}`] = 180;
    }
    // The query: one the library has for the pair (the first one when the chosen family has none).
    const list = queriesFor(api, slot(s, "a"), slot(s, "b"));
    if (list.length > 0 && !list.some((q) => q.family === s.q))
      s.q = list[0].family;
  },

  build(ctx) {
    ctx.objects = {
      a: views(ctx, COLORS.a),
      b: views(ctx, COLORS.b),
      key: ctx.add(new Dot(COLORS.key, 0.07)),
      key2: ctx.add(new Dot(COLORS.key, 0.07)),
      link: ctx.add(new Rod(COLORS.key, 0.015)),
      normal: ctx.add(new Arrow(COLORS.key, 0.02)),
      ghost: ctx.add(new SphereView(COLORS.key, { opacity: 0.18 })),
      // The moving capsule at first contact: its two end balls and its side.
      ghostCapsule: [
        ctx.add(new SphereView(COLORS.key, { opacity: 0.18 })),
        ctx.add(new SphereView(COLORS.key, { opacity: 0.18 })),
        ctx.add(new Rod(COLORS.key, 0.5, { opacity: 0.18 })),
      ],
      // A mesh's contacts, one arrow each (pointA to pointB: the minimum translation), the first CONTACT_ARROWS.
      contactArrows: Array.from({ length: CONTACT_ARROWS }, () =>
        ctx.add(new Arrow(COLORS.key, 0.015)),
      ),
    };
    // The library's meshes of the slots (app/shapes/mesh.js), kept while their shapes stay the same.
    // The slots' trees of boxes (app/shapes/boxes.js), kept while their crates stay the same, refitted when shaken.
    ctx.meshes = { a: {}, b: {}, trees: { a: {}, b: {} } };
    for (const [p, color] of [
      ["a", COLORS.a],
      ["b", COLORS.b],
    ]) {
      const kindOf = (s) => KINDS[s[`${p}k`]];
      ctx.handle({
        name: `${p.toUpperCase()} center`,
        color,
        shape: "cube",
        get: (s) => [s[`${p}x`], s[`${p}y`], s[`${p}z`]],
        drag: (s, x) => ({ [`${p}x`]: x.x, [`${p}y`]: x.y, [`${p}z`]: x.z }),
      });
      ctx.handle({
        name: `${p.toUpperCase()} U`,
        color,
        get: (s) => [
          s[`${p}x`] + s[`${p}ux`],
          s[`${p}y`] + s[`${p}uy`],
          s[`${p}z`] + s[`${p}uz`],
        ],
        drag: (s, x) => ({
          [`${p}ux`]: x.x - s[`${p}x`],
          [`${p}uy`]: x.y - s[`${p}y`],
          [`${p}uz`]: x.z - s[`${p}z`],
        }),
        visible: (s) => SHAPE[kindOf(s)].uses.u,
      });
      ctx.handle({
        name: `${p.toUpperCase()} V`,
        color,
        get: (s) => [
          s[`${p}x`] + s[`${p}vx`],
          s[`${p}y`] + s[`${p}vy`],
          s[`${p}z`] + s[`${p}vz`],
        ],
        drag: (s, x) => ({
          [`${p}vx`]: x.x - s[`${p}x`],
          [`${p}vy`]: x.y - s[`${p}y`],
          [`${p}vz`]: x.z - s[`${p}z`],
        }),
        // V is a triangle's second corner, and the motion of slot A's sphere or capsule in a cast.
        visible: (s) =>
          SHAPE[kindOf(s)].uses.v ||
          (p === "a" && (kindOf(s) === "sphere" || kindOf(s) === "capsule")),
      });
    }
  },

  update(ctx, s) {
    const { np, objects: o, t } = ctx;
    const A = slot(s, "a"),
      B = slot(s, "b");
    const a = shapeOf(A),
      b = shapeOf(B);
    const list = queriesFor(np, A, B);
    const q = list.find((x) => x.family === s.q) ?? list[0];
    for (const x of [o.key, o.key2, o.link, o.normal, o.ghost])
      x.visible = false;
    for (const x of o.ghostCapsule) x.visible = false;
    for (const x of o.contactArrows) x.visible = false;

    let text = t("noQuery");
    let tone = "";
    let answer = null;
    if (q) {
      answer = ask(np, q, a, b, ctx.meshes);
      text = describe(q, answer, t);
      if (q.result === "boolean") tone = answer ? "overlap" : "clear";
      else if (q.result === "axis")
        tone = answer === null ? "overlap" : "clear";
      else if (
        q.result === "rayHit" ||
        q.result === "shapeCast" ||
        q.result === "contact" ||
        q.result === "meshHit" ||
        q.result === "meshCast" ||
        q.result === "treeHit"
      )
        tone = answer === null ? "clear" : "overlap";
      else if (
        q.result === "indices" ||
        q.result === "contacts" ||
        q.result === "boxIndices"
      )
        tone = answer.length === 0 ? "clear" : "overlap";
    }
    // A mesh's triangles the answer names, lit (app/shapes/mesh.js draws them).
    const meshShape = q?.mesh === "a" ? a : q?.mesh === "b" ? b : null;
    if (meshShape && answer !== null) {
      if (q.result === "indices") meshShape.lit = answer;
      else if (q.result === "contacts")
        meshShape.lit = answer.map((c) => c.triangle);
      else if (typeof answer.triangle === "number")
        meshShape.lit = [answer.triangle];
    }
    // A tree's boxes the answer names, lit (app/shapes/boxes.js draws them).
    const treeShape = q?.tree === "a" ? a : q?.tree === "b" ? b : null;
    if (treeShape && answer !== null)
      treeShape.lit =
        q.result === "boxIndices" ? Array.from(answer) : [answer.index];
    const overlapping =
      (q?.result === "boolean" && answer) ||
      (q?.result === "axis" && answer === null);
    place(o.a, A, a, overlapping ? COLORS.overlap : COLORS.a);
    place(o.b, B, b, overlapping ? COLORS.overlap : COLORS.b);

    // The answer drawn: a closest point joined to its probe, a hit with its normal, a pair of closest points,
    // a ghost of the moving sphere at first contact.
    const probe = A.kind === "point" ? a : B.kind === "point" ? b : null;
    if (q?.result === "point") {
      o.key.set(answer);
      o.link.set(probe, answer);
    } else if (q?.result === "meshPoint" && answer) {
      const p = V3(answer.point.x, answer.point.y, answer.point.z);
      o.key.set(p);
      o.link.set(probe, p);
    } else if (q?.result === "contacts") {
      answer.slice(0, CONTACT_ARROWS).forEach((c, i) => {
        o.contactArrows[i].set(
          V3(c.pointA.x, c.pointA.y, c.pointA.z),
          V3(c.pointB.x, c.pointB.y, c.pointB.z),
        );
      });
    } else if (q?.name.startsWith("distancePoint")) {
      // The distance drawn as the segment to the closest point, which the library also gives.
      const c = np[q.name.replace("distancePoint", "closestPointOn")](
        ...q.args(a, b),
      );
      o.key.set(c);
      o.link.set(probe, c);
    } else if (
      (q?.result === "rayHit" ||
        q?.result === "meshHit" ||
        q?.result === "treeHit") &&
      answer
    ) {
      const p = V3(answer.point.x, answer.point.y, answer.point.z);
      o.key.set(p);
      o.normal.visible = true;
      o.normal.set(
        p,
        p
          .clone()
          .addScaledVector(
            V3(answer.normal.x, answer.normal.y, answer.normal.z),
            0.8,
          ),
      );
    } else if (q?.result === "pair") {
      o.key.set(V3(answer.pointA.x, answer.pointA.y, answer.pointA.z));
      o.key2.set(V3(answer.pointB.x, answer.pointB.y, answer.pointB.z));
      o.link.set(o.key.position, o.key2.position);
    } else if (
      (q?.result === "shapeCast" || q?.result === "meshCast") &&
      answer
    ) {
      const center = V3(answer.center.x, answer.center.y, answer.center.z);
      if (A.kind === "capsule") {
        // The capsule moved so that its midpoint is the hit's center.
        const shift = center
          .clone()
          .sub(a.start.clone().add(a.end).multiplyScalar(0.5));
        const [s0, s1, side] = o.ghostCapsule;
        const p0 = a.start.clone().add(shift),
          p1 = a.end.clone().add(shift);
        s0.set(p0, a.radius);
        s1.set(p1, a.radius);
        side.radius = Math.max(a.radius, 1e-3);
        side.set(p0, p1);
        for (const x of o.ghostCapsule) x.visible = true;
      } else {
        o.ghost.visible = true;
        o.ghost.set(center, A.r);
      }
      o.key.set(V3(answer.point.x, answer.point.y, answer.point.z));
    } else if (q?.result === "axis" && answer !== null) {
      // The separating axis, through the midpoint of the two centers: the boxes' projections on it are apart.
      const axis = obbAxis(a, b, answer);
      const mid = a.center.clone().add(b.center).multiplyScalar(0.5);
      o.key.set(mid);
      o.normal.visible = true;
      o.normal.set(mid, mid.clone().addScaledVector(axis, 1.2));
    } else if (q?.result === "contact" && answer) {
      // The minimum translation of the function's first shape: pointB − pointA = normal × depth.
      const pA = V3(answer.pointA.x, answer.pointA.y, answer.pointA.z);
      const pB = V3(answer.pointB.x, answer.pointB.y, answer.pointB.z);
      o.key.set(pA);
      o.key2.set(pB);
      o.normal.visible = true;
      o.normal.set(pA, pB);
    }

    // The tree the query asked (its count and size, and whether updateAll refitted it), for the steps.
    const tree = treeShape
      ? treeFor(np, treeShape, ctx.meshes.trees[q.tree])
      : null;
    const options = list.map((x) => `<code>${x.name}</code>`).join(", ");
    return {
      result: text,
      tone,
      steps: [
        {
          title: t("stepQueries"),
          html: list.length
            ? `<p>${options}</p>`
            : `<p>${t("noQueryNote")}</p>`,
        },
        ...(q
          ? [
              {
                title: t("stepAnswer", q.name),
                key: true,
                html: `<p class="eq">${text}</p>`,
              },
            ]
          : []),
        ...(tree
          ? [
              {
                title: t("stepTreeTitle"),
                html: `<p>${t("stepTree", tree.count, s.ts, s.tj, s.tl, LIFT, tree.memoryBytes)}</p>`,
              },
            ]
          : []),
      ],
    };
  },

  dispose(ctx) {
    disposeMeshes(ctx.meshes.a);
    disposeMeshes(ctx.meshes.b);
    disposeTrees(ctx.meshes.trees.a);
    disposeTrees(ctx.meshes.trees.b);
  },
};
