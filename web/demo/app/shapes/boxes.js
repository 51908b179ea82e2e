// A tree of boxes input (np.createAABBTree): in a slot, a small scene of crates (app/crates.js) scattered in the box
// C ± |U|, placed by the seed `ts`, shaken `tj` times and one of them (`tl`) lifted (playground fields). The slot's
// shape is the crates' bounds where they lie now (`bounds`) and where the tree was built (`start`, shake 0), and a
// `key` naming the scene; the playground builds the library's tree over `start` (treeFor), refits it to `bounds`
// with tree.updateAll when the crates are shaken and with tree.update when one crate is lifted or put back, and
// asks it with its own methods (boxes.raycast, boxes.boxesInSphere, ...), so the shape has no `name` for np
// function names.
import * as THREE from "three";
import { COLORS, material } from "../draw.js";
import { CRATES, crates, liftCrate } from "../crates.js";

const abs = (u) => ({ x: Math.abs(u.x), y: Math.abs(u.y), z: Math.abs(u.z) });

/** Crate i of `bounds` as an { min, max }, as tree.update takes it. */
const crateBox = (b, i) => ({
  min: { x: b[6 * i], y: b[6 * i + 1], z: b[6 * i + 2] },
  max: { x: b[6 * i + 3], y: b[6 * i + 4], z: b[6 * i + 5] },
});

/**
 * The library's tree for a slot's shape, kept in `cache` (an object the caller owns): built with
 * np.createAABBTree over the crates at shake 0 when the scene changes (the previous tree disposed); refitted with
 * tree.updateAll to where the crates lie now whenever the shake changes; else, when only the lifted crate
 * changed, the crate put back and the one lifted each moved with tree.update (which refits the nodes above it).
 * `disposeTrees(cache)` frees it.
 */
export function treeFor(np, shape, cache) {
  if (cache.key !== shape.key) {
    cache.tree?.dispose();
    cache.tree = np.createAABBTree(shape.start);
    cache.key = shape.key;
    cache.shake = 0;
    cache.lifted = -1;
  }
  if (cache.shake !== shape.shake) {
    cache.tree.updateAll(shape.bounds);
    cache.shake = shape.shake;
    cache.lifted = shape.lifted;
  } else if (cache.lifted !== shape.lifted) {
    for (const i of [cache.lifted, shape.lifted])
      if (i >= 0) cache.tree.update(i, crateBox(shape.bounds, i));
    cache.lifted = shape.lifted;
  }
  return cache.tree;
}
export function disposeTrees(cache) {
  cache.tree?.dispose();
  cache.tree = null;
  cache.key = null;
}

// The 12 edges of a box as pairs of corners, a corner being 3 bits (x, y, z: 0 min, 1 max).
// prettier-ignore
const EDGES = [
  [0, 1], [2, 3], [4, 5], [6, 7], // along z
  [0, 2], [1, 3], [4, 6], [5, 7], // along y
  [0, 4], [1, 5], [2, 6], [3, 7], // along x
];
// The 12 triangles of a box's faces, by corner.
// prettier-ignore
const FACES = [
  [0, 1, 3], [0, 3, 2], [4, 6, 7], [4, 7, 5], // x min, x max
  [0, 4, 5], [0, 5, 1], [2, 3, 7], [2, 7, 6], // y min, y max
  [0, 2, 6], [0, 6, 4], [1, 5, 7], [1, 7, 3], // z min, z max
];
const corner = (b, i, c) => [
  b[6 * i + (c & 4 ? 3 : 0)],
  b[6 * i + 1 + (c & 2 ? 3 : 0)],
  b[6 * i + 2 + (c & 1 ? 3 : 0)],
];

export default {
  kind: "boxes",
  uses: { u: true, v: false },
  fromSlot: (k) => ({
    bounds: liftCrate(crates(k.seed, k.shake, k.c, abs(k.u)), k.lifted),
    start: crates(k.seed, 0, k.c, abs(k.u)),
    shake: k.shake,
    lifted: k.lifted,
    key: [k.c.x, k.c.y, k.c.z, k.u.x, k.u.y, k.u.z, k.seed].join(","),
  }),
  view(ctx, color) {
    // Every crate's outline, one colour per vertex: the crates the answer names in the answer's colour.
    const lines = new THREE.BufferGeometry();
    lines.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(CRATES * 72), 3),
    );
    lines.setAttribute(
      "color",
      new THREE.Float32BufferAttribute(new Float32Array(CRATES * 72), 3),
    );
    const outline = ctx.add(
      new THREE.LineSegments(
        lines,
        new THREE.LineBasicMaterial({ vertexColors: true }),
      ),
    );
    // The crates the answer names, filled (see-through).
    const faces = new THREE.BufferGeometry();
    faces.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(CRATES * 108), 3),
    );
    const fill = ctx.add(
      new THREE.Mesh(
        faces,
        material(COLORS.key, { opacity: 0.35, side: THREE.DoubleSide }),
      ),
    );
    const base = new THREE.Color(),
      key = new THREE.Color(COLORS.key);
    return {
      parts: [outline, fill],
      place(shape, color) {
        base.set(color);
        const lit = new Set(shape.lit ?? []);
        const p = lines.attributes.position.array;
        const rgb = lines.attributes.color.array;
        const f = faces.attributes.position.array;
        let n = 0;
        for (let i = 0; i < CRATES; i++) {
          const c = lit.has(i) ? key : base;
          EDGES.forEach(([e0, e1], e) => {
            const at = 72 * i + 6 * e;
            p.set(
              [...corner(shape.bounds, i, e0), ...corner(shape.bounds, i, e1)],
              at,
            );
            for (let k = 0; k < 2; k++) rgb.set([c.r, c.g, c.b], at + 3 * k);
          });
          if (!lit.has(i)) continue;
          for (const tri of FACES)
            for (const c of tri) f.set(corner(shape.bounds, i, c), 3 * n++);
        }
        lines.attributes.position.needsUpdate = true;
        lines.attributes.color.needsUpdate = true;
        lines.computeBoundingSphere();
        faces.attributes.position.needsUpdate = true;
        faces.setDrawRange(0, n);
        faces.computeBoundingSphere();
        fill.visible = n > 0 && outline.visible;
      },
    };
  },
};
