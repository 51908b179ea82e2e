// What the benchmarks over the objects in the module's memory (mesh.bench.mjs, mesh_layers.bench.mjs,
// mesh_rapier.bench.mjs, aabbtree.bench.mjs) share: their command-line numbers, the seeded generator of their inputs,
// and medians of timed rounds. Not a test: timings
// depend on the machine.

/** The number after `name` on the command line, or `fallback`. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The word after `name` on the command line, or `fallback` (e.g. `--only contacts`). */
export const argText = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
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

/**
 * Median ns per call of each of `fns` (an object of name -> fn(i)), with the rounds interleaved (each round times
 * every fn in turn, so that a change in the machine's load hits them alike) and the first `warmup` rounds not
 * counted (V8 runs new WASM code in Liftoff, its baseline compiler, until the function is hot); each round calls
 * fn(i & mask) for i below `calls`. Returns an object of name -> ns.
 */
export function timeInterleaved(fns, rounds, calls, mask = -1, warmup = 1) {
  const samples = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  for (let r = 0; r < warmup + rounds; r++)
    for (const [name, fn] of Object.entries(fns)) {
      const t0 = performance.now();
      for (let i = 0; i < calls; i++) fn(i & mask);
      if (r >= warmup)
        samples[name].push(((performance.now() - t0) * 1e6) / calls);
    }
  return Object.fromEntries(
    Object.entries(samples).map(([k, xs]) => [k, median(xs)]),
  );
}
