// What the benchmarks over the objects in the module's memory (mesh.bench.mjs, aabbtree.bench.mjs) share: their
// command-line numbers, the seeded generator of their inputs, and medians of timed rounds. Not a test: timings
// depend on the machine.

/** The number after `name` on the command line, or `fallback`. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** A seeded generator of uniform numbers in [0, 1) (mulberry32). */
export function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/**
 * Median over `rounds` of the time per call of `fn(i & mask)` over `calls` calls, in ns (the mask cycles through
 * a power-of-two number of inputs; -1 passes i itself).
 */
export function timePerCall(fn, rounds, calls, mask = -1) {
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) fn(i & mask);
    samples.push(((performance.now() - t0) * 1e6) / calls);
  }
  return median(samples);
}

/** Median over `rounds` of one call of `fn(round)`, in ms. */
export function timeRounds(fn, rounds) {
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    fn(r);
    samples.push(performance.now() - t0);
  }
  return median(samples);
}
