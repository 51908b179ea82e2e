// The small terrain the tutorial's mesh scenes build with np.createMesh (the BVH traversal scene and the
// playground's mesh shape): a height field of cells × cells squares, two triangles each, centered at `center`,
// spanning ±half.x and ±half.z, its heights within ±height of center.y. Plain numbers in, typed arrays out, no
// three.js and no DOM, so the browser tests build the same mesh in Node to compute the answers they expect.

/** Height of the terrain at (u, v) in [-1, 1]², in units of its height: a few smooth bumps, in [-1, 1]. */
export function bump(u, v) {
  return (
    0.55 * Math.sin(1.7 * u + 0.4) * Math.cos(1.3 * v) +
    0.3 * Math.sin(3.1 * u * v + 1) +
    0.15 * Math.cos(2.3 * v - 0.5)
  );
}

/**
 * The terrain's `positions` (x, y, z per vertex, doubles) and `indices` (three per triangle): vertex (i, j) at
 * (center.x + half.x (2i / cells − 1), center.y + height · bump, center.z + half.z (2j / cells − 1)); cell (i, j)
 * is triangles 2 (j cells + i) and 2 (j cells + i) + 1.
 */
export function terrain(cells, half, height, center) {
  const side = cells + 1;
  const positions = new Float64Array(3 * side * side);
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      const u = (2 * i) / cells - 1,
        v = (2 * j) / cells - 1;
      const k = 3 * (j * side + i);
      positions[k] = center.x + half.x * u;
      positions[k + 1] = center.y + height * bump(u, v);
      positions[k + 2] = center.z + half.z * v;
    }
  const indices = new Uint32Array(6 * cells * cells);
  let n = 0;
  for (let j = 0; j < cells; j++)
    for (let i = 0; i < cells; i++) {
      const a = j * side + i,
        b = a + 1,
        c = a + side,
        d = c + 1;
      indices.set([a, c, d, a, d, b], n);
      n += 6;
    }
  return { positions, indices };
}
