// Native C++ and WASM give bit-identical results (EDGE_CASES.md, "Invariants").
//
// tests/cpp/corpus_main.cpp (target narrowphase_corpus) calls every flat function of narrowphase/flat.h
// natively on a seeded corpus of valid, special and invalid inputs and writes the inputs, return codes and
// output numbers as JSON. This file replays every case through the public JS API of the real WASM module and
// requires each output double to be the very same double (Object.is: -0 differs from 0), each hit/miss and
// boolean to agree, and every native error code to come out of JS as a RangeError naming the same field.
//
// The corpus is read from $NP_CORPUS (relative paths resolve against the repository root), by default
// build/native/corpus.json. A missing corpus fails the test, with the commands that make it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const corpusPath = path.resolve(repo, process.env.NP_CORPUS || 'build/native/corpus.json');
const MAKE_CORPUS =
  'cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && ' +
  'cmake --build build/native -j2 --target narrowphase_corpus && ' +
  'build/native/narrowphase_corpus build/native/corpus.json';

// ---------------------------------------------------------------------------------------------------------
// The flat layouts (flat.h) and how each maps onto the public API.

const vec3 = (a, o) => ({ x: a[o], y: a[o + 1], z: a[o + 2] });
const aabb = (a, o) => ({ min: vec3(a, o), max: vec3(a, o + 3) });
const sphere = (a, o) => ({ center: vec3(a, o), radius: a[o + 3] });
const obb = (a, o) => ({ center: vec3(a, o), halfSize: vec3(a, o + 3), rotation: { elements: a.slice(o + 6, o + 15) } });
const ray = (a, o) => ({ origin: vec3(a, o), direction: vec3(a, o + 3) });

const flatVec3 = (v) => [v.x, v.y, v.z];
const flatRayHit = (h) => (h === null ? { code: 0, out: [] } : { code: 1, out: [h.distance, ...flatVec3(h.point), ...flatVec3(h.normal)] });

// The dotted field path of every input number, as the JS error messages name them.
const FIELDS = {
  vec3: ['x', 'y', 'z'],
  aabb: ['min.x', 'min.y', 'min.z', 'max.x', 'max.y', 'max.z'],
  sphere: ['center.x', 'center.y', 'center.z', 'radius'],
  obb: [
    ...['center.x', 'center.y', 'center.z', 'halfSize.x', 'halfSize.y', 'halfSize.z'],
    ...Array.from({ length: 9 }, (_, i) => `rotation.elements[${i}]`),
  ],
  ray: ['origin.x', 'origin.y', 'origin.z', 'direction.x', 'direction.y', 'direction.z'],
  number: [''],
};
const slotPaths = (...args) => args.flatMap(([name, kind]) => FIELDS[kind].map((f) => (f ? `${name}.${f}` : name)));

const FUNCTIONS = {
  np_closest_point_on_aabb: {
    api: 'closestPointOnAABB',
    slots: slotPaths(['point', 'vec3'], ['box', 'aabb']),
    run: (np, a) => ({ code: 0, out: flatVec3(np.closestPointOnAABB(vec3(a, 0), aabb(a, 3))) }),
  },
  np_distance_point_aabb: {
    api: 'distancePointAABB',
    slots: slotPaths(['point', 'vec3'], ['box', 'aabb']),
    run: (np, a) => ({ code: 0, out: [np.distancePointAABB(vec3(a, 0), aabb(a, 3))] }),
  },
  np_overlap_sphere_aabb: {
    api: 'overlapSphereAABB',
    slots: slotPaths(['sphere', 'sphere'], ['box', 'aabb']),
    run: (np, a) => ({ code: bit(np.overlapSphereAABB(sphere(a, 0), aabb(a, 4))), out: [] }),
  },
  np_linecast_aabb: {
    api: 'linecastAABB',
    slots: slotPaths(['start', 'vec3'], ['end', 'vec3'], ['box', 'aabb']),
    run: (np, a) => flatRayHit(np.linecastAABB(vec3(a, 0), vec3(a, 3), aabb(a, 6))),
  },
  np_raycast_aabb: {
    api: 'raycastAABB',
    slots: slotPaths(['ray', 'ray'], ['box', 'aabb'], ['maxDistance', 'number']),
    run: (np, a) => flatRayHit(np.raycastAABB(ray(a, 0), aabb(a, 6), a[12])),
  },
  np_overlap_obb_obb: {
    api: 'overlapOBBOBB',
    slots: slotPaths(['a', 'obb'], ['b', 'obb']),
    run: (np, a) => ({ code: bit(np.overlapOBBOBB(obb(a, 0), obb(a, 15))), out: [] }),
  },
  np_separating_axis_obb_obb: {
    api: 'separatingAxisOBBOBB',
    slots: slotPaths(['a', 'obb'], ['b', 'obb']),
    lowestResult: -1, // -1: no separating axis (the boxes overlap); below it, errors
    run: (np, a) => {
      const axis = np.separatingAxisOBBOBB(obb(a, 0), obb(a, 15));
      return { code: axis === null ? -1 : axis, out: [] };
    },
  },
  np_sphere_cast_sphere: {
    api: 'sphereCastSphere',
    slots: slotPaths(['start', 'vec3'], ['end', 'vec3'], ['radius', 'number'], ['target', 'sphere']),
    run: (np, a) => {
      const h = np.sphereCastSphere(vec3(a, 0), vec3(a, 3), a[6], sphere(a, 7));
      if (h === null) return { code: 0, out: [] };
      const started = h.startedOverlapping === true ? 1 : h.startedOverlapping === false ? 0 : NaN;
      return {
        code: 1,
        out: [h.distance, h.fraction, ...flatVec3(h.center), ...flatVec3(h.point), ...flatVec3(h.normal), started],
      };
    },
  },
};

function bit(value) {
  if (typeof value !== 'boolean') throw new Error(`expected a boolean, got ${String(value)}`);
  return value ? 1 : 0;
}

// The field a native error code -(problem << 8 | slot) points at, as the JS message must name it.
function expectedField(spec, code) {
  const problem = -code >> 8;
  const fieldPath = spec.slots[-code & 255];
  if (problem === 4) return fieldPath.slice(0, fieldPath.lastIndexOf('.')); // ray.direction as a whole
  if (problem === 5) return fieldPath.slice(0, fieldPath.indexOf('.elements')); // a.rotation as a whole
  return fieldPath;
}

// ---------------------------------------------------------------------------------------------------------
// The corpus.

const NON_FINITE = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };
const decode = (v) => (typeof v === 'string' ? NON_FINITE[v] : v);

function loadCorpus() {
  if (!existsSync(corpusPath)) return { missing: true };
  const json = JSON.parse(readFileSync(corpusPath, 'utf8'));
  const byFunction = new Map(Object.keys(FUNCTIONS).map((fn) => [fn, []]));
  json.cases.forEach((c, index) => {
    if (!byFunction.has(c.fn)) throw new Error(`corpus case ${index}: unknown function ${c.fn}`);
    byFunction.get(c.fn).push({ index, input: c.in.map(decode), code: c.code, out: c.out.map(decode) });
  });
  return { missing: false, json, byFunction };
}

const corpus = loadCorpus();
const show = (v) => (Object.is(v, -0) ? '-0' : String(v));
const showAll = (a) => `[${a.map(show).join(', ')}]`;

describe('native C++ and WASM give bit-identical results on the seeded corpus', () => {
  let np;
  beforeAll(async () => {
    np = await init();
  });

  if (corpus.missing) {
    it('the native corpus exists', () => {
      throw new Error(
        `no native corpus at ${corpusPath}. Build it from the repository root with:\n  ${MAKE_CORPUS}\n` +
          '(or point NP_CORPUS at one).',
      );
    });
    return;
  }

  it('the corpus covers all eight flat functions with thousands of cases, hits, misses and errors', () => {
    for (const [fn, cases] of corpus.byFunction) {
      const lowest = FUNCTIONS[fn].lowestResult ?? 0;
      const codes = new Set(cases.map((c) => (c.code < lowest ? 'error' : c.code)));
      expect(cases.length, fn).toBeGreaterThanOrEqual(2000);
      expect(codes.has('error'), `${fn} has error cases`).toBe(true);
      if (!['np_closest_point_on_aabb', 'np_distance_point_aabb'].includes(fn)) {
        expect(codes.size, `${fn} has results of more than one kind`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  for (const [fn, cases] of corpus.byFunction) {
    const spec = FUNCTIONS[fn];
    const lowest = spec.lowestResult ?? 0;
    const errors = cases.filter((c) => c.code < lowest).length;
    it(`${spec.api} (${fn}) matches native bit for bit on ${cases.length} cases, ${errors} of them errors`, () => {
      const mismatches = [];
      for (const c of cases) {
        const where = `case ${c.index} ${fn}(${showAll(c.input)})`;
        if (c.code < lowest) {
          // Native rejected the input: JS must throw a RangeError naming the function and the same field.
          let thrown = null;
          try {
            spec.run(np, c.input);
          } catch (error) {
            thrown = error;
          }
          const field = expectedField(spec, c.code);
          if (!(thrown instanceof RangeError)) {
            mismatches.push(`${where}: native code ${c.code}, JS ${thrown ? `threw ${thrown}` : 'returned'}`);
          } else if (!thrown.message.startsWith(`${spec.api}: `) || !thrown.message.includes(field)) {
            mismatches.push(`${where}: native code ${c.code} (${field}), JS message "${thrown.message}"`);
          }
          continue;
        }
        let got;
        try {
          got = spec.run(np, c.input);
        } catch (error) {
          mismatches.push(`${where}: native code ${c.code}, JS threw ${error}`);
          continue;
        }
        const same = got.code === c.code && got.out.length === c.out.length && got.out.every((v, i) => Object.is(v, c.out[i]));
        if (!same) {
          mismatches.push(`${where}: native ${c.code} ${showAll(c.out)}, JS ${got.code} ${showAll(got.out)}`);
        }
      }
      if (mismatches.length > 0) {
        console.error(
          `${mismatches.length} of ${cases.length} ${fn} cases differ (a corpus older than the C++ sources ` +
            `differs too; rebuild it with: ${MAKE_CORPUS}):\n${mismatches.slice(0, 20).join('\n')}`,
        );
      }
      expect(mismatches.slice(0, 20), `${mismatches.length} mismatches`).toEqual([]);
      console.log(`native parity: ${fn}: ${cases.length} cases compared, ${errors} errors, all identical`);
    });
  }
});
