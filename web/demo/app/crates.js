// The small scene of boxes the playground's tree shape builds with np.createAABBTree: CRATES crates scattered in
// the box center ± half, placed by a seeded generator, and moved ("shaken") by a second seeded step. Plain numbers
// in, a Float64Array out, no three.js and no DOM, so the browser tests build the same boxes in Node to compute the
// answers they expect.

/** The number of crates in the scene. */
export const CRATES = 30;

/** Mulberry32: a small seeded generator of numbers in [0, 1), the same sequence on every engine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AXES = ["x", "y", "z"];

/**
 * The crates of scene `seed` after `shake` shakes, six numbers per crate (minx, miny, minz, maxx, maxy, maxz), as
 * createAABBTree and updateAll take them. Crate i's half size on each axis is 10 % to 25 % of `half` on that axis
 * and it lies inside center ± half; shake k (k > 0) moves every crate by up to ±15 % of `half` per axis from where
 * it lies at shake 0 (the moves are not added up: each shake is its own seeded step).
 */
export function crates(seed, shake, center, half) {
  const place = random(seed);
  const move = random(seed * 7919 + shake * 104729 + 1);
  const out = new Float64Array(6 * CRATES);
  for (let i = 0; i < CRATES; i++)
    AXES.forEach((a, k) => {
      const h = half[a] * (0.1 + 0.15 * place());
      const offset = (2 * place() - 1) * (half[a] - h);
      const moved = shake > 0 ? (2 * move() - 1) * 0.15 * half[a] : 0;
      const mid = center[a] + offset + moved;
      out[6 * i + k] = mid - h;
      out[6 * i + 3 + k] = mid + h;
    });
  return out;
}

/** How far up the playground's "lifted" control moves one crate, in world units. */
export const LIFT = 1;

/** A copy of `bounds` (as crates returns them) with crate `i` moved up by LIFT; the same bounds when i < 0. */
export function liftCrate(bounds, i) {
  if (i < 0) return bounds;
  const out = bounds.slice();
  out[6 * i + 1] += LIFT;
  out[6 * i + 4] += LIFT;
  return out;
}
