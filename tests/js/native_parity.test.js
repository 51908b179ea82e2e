// Native C++ and WASM give bit-identical results, compared by meaning (EDGE_CASES.md, "Invariants").
//
// tests/cpp/corpus_main.cpp (target narrowphase_corpus) records a seeded corpus of valid, special and invalid
// arguments for every query of cpp/include/narrowphase/queries.def, each argument by field name and each
// result as the JS API returns it ({distance, point: {...}, normal: {...}}, true, null, ...), computed by
// calling the core C++ functions with typed values; an invalid case records (argument, field, problem). This
// file replays every case through the public JS API of the real WASM module, which goes through the flat
// layouts and the JS layer's reading and writing of them, and requires every number to be the very same double
// (Object.is: -0 differs from 0) and every error to be a RangeError naming the same field. Since neither side's
// layout is used to read the other, a swapped pair of inputs or outputs anywhere in between is a mismatch:
// the last tests show that the corpus catches such swaps.
//
// The corpus is read from $NP_CORPUS (relative paths resolve against the repository root), by default
// build/native/corpus.json. A missing corpus fails the test, with the commands that make it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../web/lib/index.js";
import { readQueries } from "../../web/scripts/gen-queries.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const corpusPath = path.resolve(
  repo,
  process.env.NP_CORPUS || "build/native/corpus.json",
);
const MAKE_CORPUS =
  "cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && " +
  "cmake --build build/native -j2 --target narrowphase_corpus && " +
  "build/native/narrowphase_corpus build/native/corpus.json";

const QUERIES = new Map(readQueries().map((q) => [q.name, q]));
const NON_FINITE = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };

function loadCorpus() {
  if (!existsSync(corpusPath)) return { missing: true };
  const json = JSON.parse(readFileSync(corpusPath, "utf8"), (key, value) =>
    typeof value === "string" && value in NON_FINITE && key !== "problem"
      ? NON_FINITE[value]
      : value,
  );
  const byQuery = new Map([...QUERIES.keys()].map((name) => [name, []]));
  json.cases.forEach((c, index) => {
    if (!byQuery.has(c.query))
      throw new Error(
        `corpus case ${index}: ${c.query} is not in queries.def (rebuild: ${MAKE_CORPUS})`,
      );
    byQuery.get(c.query).push({ index, ...c });
  });
  return { missing: false, json, byQuery };
}

/** Whether a and b are the same value: numbers by Object.is, objects field by field (same keys). */
function same(a, b) {
  if (typeof a === "number" || typeof b === "number") return Object.is(a, b);
  if (
    a === null ||
    b === null ||
    typeof a !== "object" ||
    typeof b !== "object"
  )
    return a === b;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]))
  );
}
const show = (v) =>
  JSON.stringify(v, (k, x) =>
    typeof x === "number" && !Number.isFinite(x)
      ? String(x)
      : Object.is(x, -0)
        ? "-0"
        : x,
  );

// The field a RangeError must name: the argument's field, or the vector or matrix it belongs to for the
// problems that concern it as a whole.
function expectedField({ argument, field, problem }) {
  const full = field ? `${argument}.${field}` : argument;
  if (problem === "zeroDirection" || problem === "zeroNormal")
    return full.slice(0, full.lastIndexOf("."));
  if (problem === "notOrthonormal")
    return full.slice(0, full.indexOf(".elements"));
  return full;
}

/**
 * Replays `cases` of `query` through the JS API; returns the mismatches as text. `args` and `result` may
 * change what is passed and what came back (the mutation tests use them).
 */
function replay(
  np,
  query,
  cases,
  { args: mapArgs = (a) => a, result: mapResult = (r) => r } = {},
) {
  const q = QUERIES.get(query);
  const mismatches = [];
  for (const c of cases) {
    const args = mapArgs(q.args.map(([name]) => c.args[name]));
    const where = `case ${c.index} ${query}(${show(c.args)})`;
    let got,
      thrown = null;
    try {
      got = mapResult(np[query](...args));
    } catch (error) {
      thrown = error;
    }
    if (c.error) {
      const field = expectedField(c.error);
      if (!(thrown instanceof RangeError)) {
        mismatches.push(
          `${where}: native ${show(c.error)}, JS ${thrown ? `threw ${thrown}` : `returned ${show(got)}`}`,
        );
      } else if (
        !thrown.message.startsWith(`${query}: `) ||
        !thrown.message.includes(field)
      ) {
        mismatches.push(
          `${where}: native ${show(c.error)} (${field}), JS message "${thrown.message}"`,
        );
      }
    } else if (thrown) {
      mismatches.push(`${where}: native ${show(c.result)}, JS threw ${thrown}`);
    } else if (!same(got, c.result)) {
      mismatches.push(`${where}: native ${show(c.result)}, JS ${show(got)}`);
    }
  }
  return mismatches;
}

const corpus = loadCorpus();

describe("native C++ and WASM give bit-identical results on the seeded corpus", () => {
  let np;
  beforeAll(async () => {
    np = await init();
  });

  if (corpus.missing) {
    it("the native corpus exists", () => {
      throw new Error(
        `no native corpus at ${corpusPath}. Build it from the repository root with:\n  ${MAKE_CORPUS}\n(or point NP_CORPUS at one).`,
      );
    });
    return;
  }

  it("the corpus covers every query of queries.def with thousands of cases, errors and more than one outcome", () => {
    expect(Object.keys(corpus.json.queries)).toEqual([...QUERIES.keys()]);
    for (const [query, cases] of corpus.byQuery) {
      expect(cases.length, query).toBeGreaterThanOrEqual(2000);
      expect(
        cases.some((c) => c.error),
        `${query} has error cases`,
      ).toBe(true);
      const outcomes = new Set(
        cases
          .filter((c) => !c.error)
          .map((c) =>
            show(
              c.result === null || typeof c.result !== "object"
                ? c.result
                : "object",
            ),
          ),
      );
      // (A point, a distance or two segments' closest points has one kind of result: a value.)
      const { result } = QUERIES.get(query);
      if (
        !["point", "distance", "signedDistance", "closestPoints"].includes(
          result,
        )
      ) {
        expect(
          outcomes.size,
          `${query} has more than one kind of result`,
        ).toBeGreaterThanOrEqual(2);
      }
    }
  });

  // The batch kernels (narrowphase/batch.h): every batch of the corpus through np.batch, answers compared as
  // float32 numbers bit for bit (Object.is), and the first invalid element's index for the invalid ones.
  const BATCH = [
    "overlapSphereAABB",
    "distancePointAABB",
    "raycastAABB",
    "overlapOBBOBB",
    "sphereCastSphere",
  ];
  it("the corpus has batches of every np.batch function, valid and invalid", () => {
    for (const name of BATCH) {
      const batches = (corpus.json.batch ?? []).filter((c) => c.batch === name);
      expect(batches.length, name).toBeGreaterThanOrEqual(8);
      expect(
        batches.some((c) => c.error !== undefined),
        `${name} has invalid batches`,
      ).toBe(true);
      expect(
        batches.some((c) => c.result?.length > 4000),
        `${name} has a batch of several chunks`,
      ).toBe(true);
    }
  });
  for (const name of BATCH) {
    it(`np.batch.${name} matches native bit for bit on every batch of the corpus`, () => {
      const mismatches = [];
      for (const [k, c] of (corpus.json.batch ?? []).entries()) {
        if (c.batch !== name) continue;
        const a = Float32Array.from(c.a),
          b = Float32Array.from(c.b);
        // The inputs are float32 numbers: converting them loses nothing.
        expect(c.a.every((v, i) => Object.is(v, a[i]))).toBe(true);
        let got, thrown;
        try {
          got =
            name === "raycastAABB"
              ? np.batch.raycastAABB(a, b, c.maxDistance)
              : np.batch[name](a, b);
        } catch (error) {
          thrown = error;
        }
        if (c.error !== undefined) {
          if (!(thrown instanceof RangeError) || thrown.index !== c.error)
            mismatches.push(
              `batch ${k}: native error at element ${c.error}, JS ${thrown ?? "no error"}`,
            );
        } else if (thrown) mismatches.push(`batch ${k}: JS threw ${thrown}`);
        else {
          const i = c.result.findIndex((v, i) => !Object.is(v, got[i]));
          if (got.length !== c.result.length || i >= 0)
            mismatches.push(
              `batch ${k} element ${i}: native ${c.result[i]}, JS ${got[i]}`,
            );
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  for (const [query, cases] of corpus.byQuery) {
    const errors = cases.filter((c) => c.error).length;
    it(`${query} matches native bit for bit on ${cases.length} cases, ${errors} of them errors`, () => {
      const mismatches = replay(np, query, cases);
      if (mismatches.length > 0) {
        console.error(
          `${mismatches.length} of ${cases.length} ${query} cases differ (a corpus older than the C++ sources ` +
            `differs too; rebuild it with: ${MAKE_CORPUS}):\n${mismatches.slice(0, 20).join("\n")}`,
        );
      }
      expect(
        mismatches.slice(0, 20),
        `${mismatches.length} mismatches`,
      ).toEqual([]);
    });
  }

  // The comparison has teeth: the swaps a layout bug makes (in flat_kinds.h or in index.js) fail it.
  const swap = (object, a, b) =>
    object && typeof object === "object"
      ? { ...object, [a]: object[b], [b]: object[a] }
      : object;
  const MUTATIONS = [
    [
      "swapping point and normal of a ray hit",
      "linecastAABB",
      { result: (r) => swap(r, "point", "normal") },
    ],
    [
      "swapping point and normal of a ray hit",
      "raycastAABB",
      { result: (r) => swap(r, "point", "normal") },
    ],
    [
      "swapping center and point of a shape cast hit",
      "sphereCastSphere",
      { result: (r) => swap(r, "center", "point") },
    ],
    [
      "swapping distance and fraction of a shape cast hit",
      "sphereCastSphere",
      { result: (r) => swap(r, "distance", "fraction") },
    ],
    [
      "swapping pointA and pointB of two segments' closest points",
      "closestPointsSegmentSegment",
      { result: (r) => swap(r, "pointA", "pointB") },
    ],
    [
      "swapping pointA and pointB of a contact",
      "contactSphereAABB",
      { result: (r) => swap(r, "pointA", "pointB") },
    ],
    [
      "swapping depth's place with a normal's x (layout shifted by one)",
      "contactSphereSphere",
      {
        result: (r) =>
          r && typeof r === "object"
            ? { ...r, depth: r.normal.x, normal: { ...r.normal, x: r.depth } }
            : r,
      },
    ],
    [
      "swapping the x and z of a closest point",
      "closestPointOnAABB",
      { result: (r) => swap(r, "x", "z") },
    ],
    [
      "swapping start and end",
      "linecastAABB",
      { args: ([s, e, ...rest]) => [e, s, ...rest] },
    ],
    [
      "swapping start and end",
      "sphereCastSphere",
      { args: ([s, e, ...rest]) => [e, s, ...rest] },
    ],
    [
      "swapping the two boxes",
      "separatingAxisOBBOBB",
      { args: ([a, b]) => [b, a] },
    ],
    [
      "swapping a box's min and max",
      "distancePointAABB",
      { args: ([p, b]) => [p, swap(b, "min", "max")] },
    ],
    [
      "swapping a ray's origin and direction",
      "raycastAABB",
      { args: ([r, ...rest]) => [swap(r, "origin", "direction"), ...rest] },
    ],
  ];
  for (const [what, query, mutation] of MUTATIONS) {
    it(`the corpus catches ${what} in ${query}`, () => {
      const cases = corpus.byQuery.get(query);
      expect(replay(np, query, cases).length).toBe(0);
      expect(replay(np, query, cases, mutation).length).toBeGreaterThan(
        cases.length / 10,
      );
    });
  }
});
