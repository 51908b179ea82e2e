// Writes the JS side of every query from the one declaration, cpp/include/narrowphase/queries.def, into the two
// marked regions of web/lib/index.js: the table itself (module level), the WASM exports, and one straight-line
// wrapper per query (inside createApi's views(), where the argument writers and result readers live). Straight-line code, generated here,
// keeps every call site monomorphic, so a wrapper costs what a hand-written one does; the table is never
// interpreted per call.
//
//   node web/scripts/gen-queries.mjs           rewrites web/lib/index.js
//   node web/scripts/gen-queries.mjs --check   exits 1 when index.js is not what the declaration gives
//
// tests/js/tooling.test.js runs --check, so a query added to queries.def and not generated fails `npm test`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const DEF = `${root}cpp/include/narrowphase/queries.def`;
export const INDEX = `${root}web/lib/index.js`;

/** Every argument kind of queries.def: how many doubles it takes, the writer in index.js, a JS default. */
export const ARGUMENT_KINDS = {
  vec3: { size: 3, writer: "putVec3" },
  aabb: { size: 6, writer: "putAABB" },
  sphere: { size: 4, writer: "putSphere" },
  obb: { size: 15, writer: "putOBB" },
  ray: { size: 6, writer: "putRay" },
  segment: { size: 6, writer: "putSegment" },
  capsule: { size: 7, writer: "putCapsule" },
  triangle: { size: 9, writer: "putTriangle" },
  plane: { size: 4, writer: "putPlane" },
  radius: { size: 1, writer: "putNumber" },
  maxDistance: { size: 1, writer: "putNumber", default: "Infinity" },
};

/** Every result of queries.def: the optional argument it fills (if any), its check, and how it is read. */
export const RESULTS = {
  point: {
    target: "target",
    check: "checkTarget",
    read: (q) => `return outPoint(SPEC.${q}, target);`,
  },
  distance: { read: () => "return io[0];" },
  signedDistance: { read: () => "return io[0];" },
  boolean: { read: () => "return code === 1;" },
  axis: { read: () => "return code === 0 ? null : code - 1;" },
  rayHit: {
    target: "target",
    check: "checkRayHitTarget",
    read: (q) => `return code === 1 ? outRayHit(SPEC.${q}, target) : null;`,
  },
  shapeCastHit: {
    target: "result",
    check: "checkShapeCastHitTarget",
    read: (q) =>
      `return code === 1 ? outShapeCastHit(SPEC.${q}, result) : null;`,
  },
  closestPoints: {
    target: "target",
    check: "checkClosestPointsTarget",
    read: (q) => `return outClosestPoints(SPEC.${q}, target);`,
  },
  contactHit: {
    target: "target",
    check: "checkContactHitTarget",
    read: (q) => `return code === 1 ? outContactHit(SPEC.${q}, target) : null;`,
  },
};

/** The queries of queries.def: [{ name, fn, result, args: [[name, kind], ...] }], in order. */
export function readQueries(text = readFileSync(DEF, "utf8")) {
  const queries = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.startsWith("NP_QUERY(")) continue;
    const m = /^NP_QUERY\((\w+), (\w+), (\w+), "([\w, ]*)", ([\w, ]+)\)$/.exec(
      line,
    );
    if (!m)
      throw new Error(
        `queries.def:${index + 1}: not of the form NP_QUERY(jsName, fn, result, "names", kinds...)`,
      );
    const [, name, fn, result, names, kinds] = m;
    const argNames = names.split(",").map((s) => s.trim());
    const argKinds = kinds.split(",").map((s) => s.trim());
    if (argNames.length !== argKinds.length) {
      throw new Error(
        `queries.def:${index + 1}: ${name} names ${argNames.length} arguments but has ${argKinds.length} kinds`,
      );
    }
    for (const kind of argKinds) {
      if (!(kind in ARGUMENT_KINDS))
        throw new Error(
          `queries.def:${index + 1}: ${name}: unknown argument kind ${kind}`,
        );
    }
    if (!(result in RESULTS))
      throw new Error(
        `queries.def:${index + 1}: ${name}: unknown result ${result}`,
      );
    queries.push({
      name,
      fn,
      result,
      args: argNames.map((n, i) => [n, argKinds[i]]),
    });
  }
  return queries;
}

function table(queries) {
  const rows = queries.map((q) => {
    const args = q.args.map(([n, k]) => `['${n}', '${k}']`).join(", ");
    return `  ['${q.name}', '${q.result}', [${args}]],`;
  });
  return ["const QUERIES = [", ...rows, "];"].join("\n");
}

function wrapper(q) {
  const result = RESULTS[q.result];
  const params = q.args.map(([n, k]) =>
    ARGUMENT_KINDS[k].default ? `${n} = ${ARGUMENT_KINDS[k].default}` : n,
  );
  const names = q.args.map(([n]) => n);
  if (result.target) {
    params.push(result.target);
    names.push(result.target);
  }
  const writes = [];
  let offset = 0;
  for (const [n, k] of q.args) {
    writes.push(`        ${ARGUMENT_KINDS[k].writer}(${n}, ${offset});`);
    offset += ARGUMENT_KINDS[k].size;
  }
  if (result.target)
    writes.push(
      `        if (${result.target} !== undefined) ${result.check}(${result.target});`,
    );
  const args = names.join(", ");
  return `    function ${q.name}(${params.join(", ")}) {
      if (state !== generation) {
        return state === BUSY ? nested('${q.name}', [${args}]) : live.queries.${q.name}(${args});
      }
      let code;
      state = BUSY;
      try {
${writes.join("\n")}
        if (io.length === 0) throw GREW;
        code = np_${q.name}(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.${q.name}(${args});
        throw fail(SPEC.${q.name}, [${args}], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.${q.name}, code, io);
      ${result.read(q.name)}
    }`;
}

function exports(queries) {
  return queries
    .map((q) => `  const np_${q.name} = exported('_np_${q.name}');`)
    .join("\n");
}

function wrappers(queries) {
  return [
    queries.map(wrapper).join("\n\n"),
    "",
    "    const queries = {",
    ...queries.map((q) => `      ${q.name},`),
    "    };",
  ].join("\n");
}

const MARK = (region) => [
  `// BEGIN GENERATED ${region}`,
  `// END GENERATED ${region}`,
];

/** index.js with its regions as queries.def gives them, formatted as the project keeps it (Prettier). */
export async function generate(
  index = readFileSync(INDEX, "utf8"),
  queries = readQueries(),
) {
  let out = index;
  for (const [region, body, indent] of [
    ["table", table(queries), ""],
    ["exports", exports(queries), "  "],
    ["wrappers", wrappers(queries), "    "],
  ]) {
    const [begin, end] = MARK(region).map((m) => indent + m);
    const from = out.indexOf(begin),
      to = out.indexOf(end);
    if (from < 0 || to < from)
      throw new Error(`web/lib/index.js has no region "${begin}" ... "${end}"`);
    out = `${out.slice(0, from + begin.length)}\n${indent}// (web/scripts/gen-queries.mjs, from cpp/include/narrowphase/queries.def: do not edit)\n${body}\n${out.slice(to)}`;
  }
  const options = (await prettier.resolveConfig(INDEX)) ?? {};
  return prettier.format(out, { ...options, filepath: INDEX });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = readFileSync(INDEX, "utf8");
  const next = await generate(current);
  if (process.argv.includes("--check")) {
    if (next !== current) {
      console.error(
        "web/lib/index.js is not what cpp/include/narrowphase/queries.def gives: run node web/scripts/gen-queries.mjs",
      );
      process.exit(1);
    }
  } else if (next !== current) {
    writeFileSync(INDEX, next);
    console.log("web/lib/index.js: regenerated from queries.def");
  }
}
