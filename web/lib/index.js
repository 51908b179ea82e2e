// narrowphase: exact collision queries in WASM, for three.js-style plain objects.
//
// The JS layer is deliberately thin. Each query copies its input numbers into one shared Float64Array that
// aliases the WASM module's I/O buffer, calls a plain WASM export with the buffer's address, and copies the
// outputs back into a plain object (or the caller's `target`). The C++ core validates the numbers and reports
// problems as error codes; this file turns them into RangeErrors that name the function, argument and field.
// Type checks (is this a number?) happen here, on the way in; when one fails, `typeError` walks the arguments
// again slowly to say exactly which field is wrong. The single calls allocate nothing in WASM memory, so nothing can
// leak; np.batch (batch.js) allocates its fixed region once, on its first call.

import createNarrowphaseModule, { wasmBinary } from "./narrowphase.wasm.js";
import { createBatch } from "./batch.js";
import { createAABBTreeFactory } from "./aabb_tree.js";
import { createMeshFactory } from "./mesh.js";
import { setVec3 } from "./objects.js";

/** The 15 candidate separating axes of two OBBs, indexed as separatingAxisOBBOBB reports them. */
export const OBB_AXIS_NAMES = Object.freeze([
  "A.x",
  "A.y",
  "A.z",
  "B.x",
  "B.y",
  "B.z",
  "A.x × B.x",
  "A.x × B.y",
  "A.x × B.z",
  "A.y × B.x",
  "A.y × B.y",
  "A.y × B.z",
  "A.z × B.x",
  "A.z × B.y",
  "A.z × B.z",
]);

let instance = null;

/**
 * Loads the WASM module once. Later calls resolve to the same instance; a failed load can be retried.
 * @returns {Promise<import('./index.js').Narrowphase>}
 */
export function init() {
  if (instance === null) {
    // Start-up errors (no WebAssembly support, say) reject the promise rather than throw from init().
    instance = Promise.resolve()
      .then(wasmBinary)
      .then((bytes) => createNarrowphaseModule({ wasmBinary: bytes }))
      .then(createApi)
      .catch((error) => {
        instance = null;
        throw error;
      });
  }
  return instance;
}

export default init;

// ---------------------------------------------------------------------------------------------------------
// Argument schemas: the flat layout of each query's inputs, used to name fields in error messages.

const KINDS = {
  vec3: [["x"], ["y"], ["z"]],
  aabb: [
    ["min", "vec3"],
    ["max", "vec3"],
  ],
  sphere: [["center", "vec3"], ["radius"]],
  obb: [
    ["center", "vec3"],
    ["halfSize", "vec3"],
    ["rotation", "matrix3"],
  ],
  ray: [
    ["origin", "vec3"],
    ["direction", "vec3"],
  ],
  segment: [
    ["start", "vec3"],
    ["end", "vec3"],
  ],
  capsule: [["start", "vec3"], ["end", "vec3"], ["radius"]],
  triangle: [
    ["a", "vec3"],
    ["b", "vec3"],
    ["c", "vec3"],
  ],
  plane: [["normal", "vec3"], ["constant"]],
};
const EXPECTED = {
  vec3: "a Vec3Like {x, y, z}",
  aabb: "an AABBLike {min, max}",
  sphere: "a SphereLike {center, radius}",
  obb: "an OBBLike {center, halfSize, rotation}",
  ray: "a RayLike {origin, direction}",
  segment: "a SegmentLike {start, end}",
  capsule: "a CapsuleLike {start, end, radius}",
  triangle: "a TriangleLike {a, b, c}",
  plane: "a PlaneLike {normal, constant}",
  matrix3: "a Matrix3Like {elements}",
};

// The dotted path of every number in the flat layout of `kind`, prefixed by `path`.
function slotPaths(kind, path, out) {
  if (kind === "number") {
    out.push(path);
  } else if (kind === "matrix3") {
    for (let i = 0; i < 9; i++) out.push(`${path}.elements[${i}]`);
  } else {
    for (const [field, sub = "number"] of KINDS[kind])
      slotPaths(sub, `${path}.${field}`, out);
  }
  return out;
}

function describe(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "number") return String(value);
  if (typeof value === "string")
    return `a string (${JSON.stringify(value.length > 20 ? value.slice(0, 20) + "…" : value)})`;
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

// Finds the first argument or field that is not what `kind` needs and returns the TypeError for it.
// Runs only after the fast path has failed, so it can afford to be thorough.
function typeProblem(kind, value, path) {
  if (kind === "number") {
    return typeof value === "number"
      ? null
      : `${path} is ${describe(value)}, expected a number`;
  }
  if (
    value === null ||
    (typeof value !== "object" && typeof value !== "function")
  ) {
    return `${path} is ${describe(value)}, expected ${EXPECTED[kind]}`;
  }
  if (kind === "matrix3") {
    const e = value.elements;
    if (e === null || typeof e !== "object" || typeof e.length !== "number") {
      return `${path}.elements is ${describe(e)}, expected 9 numbers (column-major)`;
    }
    if (e.length !== 9)
      return `${path}.elements has ${e.length} entries, expected 9 (column-major)`;
    for (let i = 0; i < 9; i++) {
      if (typeof e[i] !== "number")
        return `${path}.elements[${i}] is ${describe(e[i])}, expected a number`;
    }
    return null;
  }
  for (const [field, sub = "number"] of KINDS[kind]) {
    const problem = typeProblem(sub, value[field], `${path}.${field}`);
    if (problem) return problem;
  }
  return null;
}

function typeError(spec, args) {
  for (let i = 0; i < spec.args.length; i++) {
    const [name, kind, optional, filled] = spec.args[i];
    const value = args[i];
    // An output object may be null or left out; an optional number (maxDistance) only left out, as its
    // default parameter applies to undefined alone: null there is a wrong type, and must be named.
    if (
      optional &&
      (value === undefined || (value === null && kind === "target"))
    )
      continue;
    if (kind === "target") {
      if (value === null || typeof value !== "object") {
        return new TypeError(
          `${spec.name}: ${name} is ${describe(value)}, expected an object to fill`,
        );
      }
      // The vectors the query fills in place; null or undefined ones are allocated.
      for (const field of filled ?? []) {
        const v = value[field];
        if (v != null && typeof v !== "object") {
          return new TypeError(
            `${spec.name}: ${name}.${field} is ${describe(v)}, expected an object (or null / undefined)`,
          );
        }
      }
      continue;
    }
    const problem = typeProblem(kind, value, name);
    if (problem) return new TypeError(`${spec.name}: ${problem}`);
  }
  return null;
}

// Turns a negative code from the C++ core, -(problem << 8 | slot), into the RangeError it stands for. Problems
// are known by the names the module gives them (validate.h, NP_PROBLEMS), never by number.
function rangeError(spec, code, io) {
  let problem = PROBLEMS[-code >> 8] ?? `problem ${-code >> 8}`;
  const slot = -code & 255;
  const path = spec.slots[slot];
  const value = io[slot];
  const parent = path.slice(0, path.lastIndexOf("."));
  let message;
  // A number with its own range (maxDistance: >= 0, Infinity allowed) says so, whichever check it failed.
  if (
    (problem === "notFinite" || problem === "negative") &&
    slot in spec.accepts
  )
    problem = "accepts";
  // three.js's empty shapes are valid three.js objects that no query can answer for: say what they are.
  const [arg, kind, base] = spec.owners[slot];
  if (
    problem === "notFinite" &&
    kind === "aabb" &&
    [0, 1, 2].some(
      (i) => io[base + i] === Infinity && io[base + 3 + i] === -Infinity,
    )
  ) {
    return new RangeError(
      `${spec.name}: ${arg} is an empty box (min = +Infinity, max = -Infinity on an axis, as THREE.Box3's makeEmpty() leaves it), expected finite min <= max`,
    );
  }
  if (problem === "negative" && kind === "sphere" && slot === base + 3) {
    return new RangeError(
      `${spec.name}: ${path} is ${value}, expected a value >= 0 (a negative radius is an empty sphere, as new THREE.Sphere() makes)`,
    );
  }
  switch (problem) {
    case "accepts":
      message = `${path} is ${value}, expected ${spec.accepts[slot]}`;
      break;
    case "notFinite":
      message = `${path} is ${value}, expected a finite number`;
      break;
    case "negative":
      message = `${path} is ${value}, expected a value >= 0`;
      break;
    case "inverted":
      message = `${path} > ${spec.slots[slot + 3]} (${value} > ${io[slot + 3]}): min must not exceed max`;
      break;
    case "zeroDirection":
      message = `${parent} is (${io[slot]}, ${io[slot + 1]}, ${io[slot + 2]}), expected a non-zero direction`;
      break;
    case "zeroNormal":
      message = `${parent} is (${io[slot]}, ${io[slot + 1]}, ${io[slot + 2]}), expected a non-zero normal (any length)`;
      break;
    case "notOrthonormal":
      message = `${path.slice(0, path.indexOf(".elements"))} is not orthonormal within ${ORTHONORMAL_TOLERANCE.toExponential()} (scaled or sheared rotations are not supported)`;
      break;
    default:
      message = `${path} is ${value}: invalid input (${problem})`;
  }
  return new RangeError(`${spec.name}: ${message}`);
}

let ORTHONORMAL_TOLERANCE = 1e-6;
let PROBLEMS = []; // np::Problem's names, by value, from the module

// Each argument is [name, kind, optional?, extra?]. For a 'target', extra lists the nested vectors the query
// fills in place; for a number, what it accepts, when "expected a finite number" or "a value >= 0" would be wrong.
function schema(name, args) {
  const slots = [];
  const accepts = {}; // slot -> what a RangeError on that number says is accepted
  const owners = []; // slot -> [argument name, kind, the argument's first slot]
  for (const [arg, kind, , extra] of args) {
    if (kind === "target") continue;
    if (extra !== undefined) accepts[slots.length] = extra;
    const base = slots.length;
    slotPaths(kind, arg, slots);
    while (owners.length < slots.length) owners.push([arg, kind, base]);
  }
  return { name, args, slots, accepts, owners };
}

// The queries, from the one declaration (cpp/include/narrowphase/queries.def): [name, result, [[argument, kind]]].
// BEGIN GENERATED table
// (web/scripts/gen-queries.mjs, from cpp/include/narrowphase/queries.def: do not edit)
const QUERIES = [
  [
    "closestPointOnAABB",
    "point",
    [
      ["point", "vec3"],
      ["box", "aabb"],
    ],
  ],
  [
    "distancePointAABB",
    "distance",
    [
      ["point", "vec3"],
      ["box", "aabb"],
    ],
  ],
  [
    "overlapSphereAABB",
    "boolean",
    [
      ["sphere", "sphere"],
      ["box", "aabb"],
    ],
  ],
  [
    "linecastAABB",
    "rayHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["box", "aabb"],
    ],
  ],
  [
    "raycastAABB",
    "rayHit",
    [
      ["ray", "ray"],
      ["box", "aabb"],
      ["maxDistance", "maxDistance"],
    ],
  ],
  [
    "overlapOBBOBB",
    "boolean",
    [
      ["a", "obb"],
      ["b", "obb"],
    ],
  ],
  [
    "separatingAxisOBBOBB",
    "axis",
    [
      ["a", "obb"],
      ["b", "obb"],
    ],
  ],
  [
    "sphereCastSphere",
    "shapeCastHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["target", "sphere"],
    ],
  ],
  [
    "closestPointOnSegment",
    "point",
    [
      ["point", "vec3"],
      ["segment", "segment"],
    ],
  ],
  [
    "distancePointSegment",
    "distance",
    [
      ["point", "vec3"],
      ["segment", "segment"],
    ],
  ],
  [
    "closestPointOnSphere",
    "point",
    [
      ["point", "vec3"],
      ["sphere", "sphere"],
    ],
  ],
  [
    "distancePointSphere",
    "distance",
    [
      ["point", "vec3"],
      ["sphere", "sphere"],
    ],
  ],
  [
    "closestPointOnCapsule",
    "point",
    [
      ["point", "vec3"],
      ["capsule", "capsule"],
    ],
  ],
  [
    "distancePointCapsule",
    "distance",
    [
      ["point", "vec3"],
      ["capsule", "capsule"],
    ],
  ],
  [
    "closestPointOnOBB",
    "point",
    [
      ["point", "vec3"],
      ["box", "obb"],
    ],
  ],
  [
    "distancePointOBB",
    "distance",
    [
      ["point", "vec3"],
      ["box", "obb"],
    ],
  ],
  [
    "closestPointOnTriangle",
    "point",
    [
      ["point", "vec3"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "distancePointTriangle",
    "distance",
    [
      ["point", "vec3"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "closestPointOnPlane",
    "point",
    [
      ["point", "vec3"],
      ["plane", "plane"],
    ],
  ],
  [
    "distancePointPlane",
    "distance",
    [
      ["point", "vec3"],
      ["plane", "plane"],
    ],
  ],
  [
    "signedDistancePointPlane",
    "signedDistance",
    [
      ["point", "vec3"],
      ["plane", "plane"],
    ],
  ],
  [
    "raycastSphere",
    "rayHit",
    [
      ["ray", "ray"],
      ["sphere", "sphere"],
      ["maxDistance", "maxDistance"],
    ],
  ],
  [
    "linecastSphere",
    "rayHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["sphere", "sphere"],
    ],
  ],
  [
    "raycastCapsule",
    "rayHit",
    [
      ["ray", "ray"],
      ["capsule", "capsule"],
      ["maxDistance", "maxDistance"],
    ],
  ],
  [
    "linecastCapsule",
    "rayHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["capsule", "capsule"],
    ],
  ],
  [
    "raycastOBB",
    "rayHit",
    [
      ["ray", "ray"],
      ["box", "obb"],
      ["maxDistance", "maxDistance"],
    ],
  ],
  [
    "linecastOBB",
    "rayHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["box", "obb"],
    ],
  ],
  [
    "raycastTriangle",
    "rayHit",
    [
      ["ray", "ray"],
      ["triangle", "triangle"],
      ["maxDistance", "maxDistance"],
    ],
  ],
  [
    "linecastTriangle",
    "rayHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "raycastPlane",
    "rayHit",
    [
      ["ray", "ray"],
      ["plane", "plane"],
      ["maxDistance", "maxDistance"],
    ],
  ],
  [
    "linecastPlane",
    "rayHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["plane", "plane"],
    ],
  ],
  [
    "overlapSphereSphere",
    "boolean",
    [
      ["a", "sphere"],
      ["b", "sphere"],
    ],
  ],
  [
    "overlapSphereCapsule",
    "boolean",
    [
      ["sphere", "sphere"],
      ["capsule", "capsule"],
    ],
  ],
  [
    "overlapSphereOBB",
    "boolean",
    [
      ["sphere", "sphere"],
      ["box", "obb"],
    ],
  ],
  [
    "overlapSphereTriangle",
    "boolean",
    [
      ["sphere", "sphere"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "overlapSpherePlane",
    "boolean",
    [
      ["sphere", "sphere"],
      ["plane", "plane"],
    ],
  ],
  [
    "overlapCapsulePlane",
    "boolean",
    [
      ["capsule", "capsule"],
      ["plane", "plane"],
    ],
  ],
  [
    "overlapAABBPlane",
    "boolean",
    [
      ["box", "aabb"],
      ["plane", "plane"],
    ],
  ],
  [
    "overlapOBBPlane",
    "boolean",
    [
      ["box", "obb"],
      ["plane", "plane"],
    ],
  ],
  [
    "overlapTrianglePlane",
    "boolean",
    [
      ["triangle", "triangle"],
      ["plane", "plane"],
    ],
  ],
  [
    "overlapAABBAABB",
    "boolean",
    [
      ["a", "aabb"],
      ["b", "aabb"],
    ],
  ],
  [
    "overlapAABBOBB",
    "boolean",
    [
      ["a", "aabb"],
      ["b", "obb"],
    ],
  ],
  [
    "overlapAABBTriangle",
    "boolean",
    [
      ["box", "aabb"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "overlapOBBTriangle",
    "boolean",
    [
      ["box", "obb"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "overlapTriangleTriangle",
    "boolean",
    [
      ["a", "triangle"],
      ["b", "triangle"],
    ],
  ],
  [
    "closestPointsSegmentSegment",
    "closestPoints",
    [
      ["a", "segment"],
      ["b", "segment"],
    ],
  ],
  [
    "overlapCapsuleCapsule",
    "boolean",
    [
      ["a", "capsule"],
      ["b", "capsule"],
    ],
  ],
  [
    "overlapCapsuleAABB",
    "boolean",
    [
      ["capsule", "capsule"],
      ["box", "aabb"],
    ],
  ],
  [
    "overlapCapsuleOBB",
    "boolean",
    [
      ["capsule", "capsule"],
      ["box", "obb"],
    ],
  ],
  [
    "overlapCapsuleTriangle",
    "boolean",
    [
      ["capsule", "capsule"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "contactSphereSphere",
    "contactHit",
    [
      ["a", "sphere"],
      ["b", "sphere"],
    ],
  ],
  [
    "contactSphereCapsule",
    "contactHit",
    [
      ["sphere", "sphere"],
      ["capsule", "capsule"],
    ],
  ],
  [
    "contactSphereAABB",
    "contactHit",
    [
      ["sphere", "sphere"],
      ["box", "aabb"],
    ],
  ],
  [
    "contactSphereOBB",
    "contactHit",
    [
      ["sphere", "sphere"],
      ["box", "obb"],
    ],
  ],
  [
    "contactSphereTriangle",
    "contactHit",
    [
      ["sphere", "sphere"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "contactSpherePlane",
    "contactHit",
    [
      ["sphere", "sphere"],
      ["plane", "plane"],
    ],
  ],
  [
    "sphereCastCapsule",
    "shapeCastHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["capsule", "capsule"],
    ],
  ],
  [
    "sphereCastAABB",
    "shapeCastHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["box", "aabb"],
    ],
  ],
  [
    "sphereCastOBB",
    "shapeCastHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["box", "obb"],
    ],
  ],
  [
    "sphereCastTriangle",
    "shapeCastHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "sphereCastPlane",
    "shapeCastHit",
    [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "radius"],
      ["plane", "plane"],
    ],
  ],
  [
    "contactCapsuleCapsule",
    "contactHit",
    [
      ["a", "capsule"],
      ["b", "capsule"],
    ],
  ],
  [
    "contactCapsuleAABB",
    "contactHit",
    [
      ["capsule", "capsule"],
      ["box", "aabb"],
    ],
  ],
  [
    "contactCapsuleOBB",
    "contactHit",
    [
      ["capsule", "capsule"],
      ["box", "obb"],
    ],
  ],
  [
    "contactCapsuleTriangle",
    "contactHit",
    [
      ["capsule", "capsule"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "contactCapsulePlane",
    "contactHit",
    [
      ["capsule", "capsule"],
      ["plane", "plane"],
    ],
  ],
  [
    "capsuleCastSphere",
    "shapeCastHit",
    [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["sphere", "sphere"],
    ],
  ],
  [
    "capsuleCastCapsule",
    "shapeCastHit",
    [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["target", "capsule"],
    ],
  ],
  [
    "capsuleCastAABB",
    "shapeCastHit",
    [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["box", "aabb"],
    ],
  ],
  [
    "capsuleCastOBB",
    "shapeCastHit",
    [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["box", "obb"],
    ],
  ],
  [
    "capsuleCastTriangle",
    "shapeCastHit",
    [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "capsuleCastPlane",
    "shapeCastHit",
    [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["plane", "plane"],
    ],
  ],
  [
    "contactAABBAABB",
    "contactHit",
    [
      ["a", "aabb"],
      ["b", "aabb"],
    ],
  ],
  [
    "contactAABBOBB",
    "contactHit",
    [
      ["a", "aabb"],
      ["b", "obb"],
    ],
  ],
  [
    "contactAABBTriangle",
    "contactHit",
    [
      ["box", "aabb"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "contactAABBPlane",
    "contactHit",
    [
      ["box", "aabb"],
      ["plane", "plane"],
    ],
  ],
  [
    "contactOBBOBB",
    "contactHit",
    [
      ["a", "obb"],
      ["b", "obb"],
    ],
  ],
  [
    "contactOBBTriangle",
    "contactHit",
    [
      ["box", "obb"],
      ["triangle", "triangle"],
    ],
  ],
  [
    "contactOBBPlane",
    "contactHit",
    [
      ["box", "obb"],
      ["plane", "plane"],
    ],
  ],
];
// END GENERATED table

// How each argument kind of the declaration is described to the error messages: [schema kind, optional?,
// what a RangeError says is accepted]; and what each result fills when passed: [argument, nested vectors].
const ARGUMENT_SCHEMA = {
  vec3: ["vec3"],
  aabb: ["aabb"],
  sphere: ["sphere"],
  obb: ["obb"],
  ray: ["ray"],
  segment: ["segment"],
  capsule: ["capsule"],
  triangle: ["triangle"],
  plane: ["plane"],
  radius: ["number"],
  maxDistance: ["number", true, "a number >= 0 (Infinity allowed)"],
};
const RESULT_TARGET = {
  point: ["target", []],
  rayHit: ["target", ["point", "normal"]],
  shapeCastHit: ["result", ["center", "point", "normal"]],
  closestPoints: ["target", ["pointA", "pointB"]],
  contactHit: ["target", ["normal", "pointA", "pointB"]],
};
const SPEC = {};
for (const [name, result, args] of QUERIES) {
  const target = RESULT_TARGET[result];
  SPEC[name] = schema(name, [
    ...args.map(([arg, kind]) => [arg, ...ARGUMENT_SCHEMA[kind]]),
    ...(target ? [[target[0], "target", true, target[1]]] : []),
  ]);
}

// ---------------------------------------------------------------------------------------------------------

function createApi(module) {
  const ptr = module.ioBuffer().byteOffset; // the I/O buffer's address: it never moves
  ORTHONORMAL_TOLERANCE = module.orthonormalTolerance;
  PROBLEMS = module.problemNames().split(",");
  // The raw WASM exports. Emscripten first exposes each as a lazy wrapper that replaces itself with the raw
  // export on its first call; one call on the zeroed buffer (valid input for every query) settles that now,
  // so the hot path never pays for `.apply(null, arguments)`.
  const exported = (name) => {
    module[name](ptr);
    return module[name];
  };

  // Views of memory, in generations. Growing the module's memory (batch calls and meshes allocate) detaches
  // every view of the old memory, and only the module's own allocations can grow it: each goes through
  // `allocate`, which then makes a new generation, that is every function below that reads or writes the I/O
  // buffer, closed over a fresh Float64Array of it (a `const`: a view that could be reassigned costs every
  // access). Each wrapper knows its generation and finds `state` equal to it on its fast path; a wrapper of an
  // older generation (the API object keeps the first) hands the call to the live one.
  //
  // Re-entrancy. While a query's numbers sit in the buffer, the only code that runs is the caller's own:
  // getters on its inputs (while they are copied in) and setters on its target (while the outputs are copied
  // out). `state` is BUSY from the first input copied to the WASM call's return, and a query entered
  // meanwhile (from a getter) runs through `nested`, which puts the buffer back as it found it. Outputs are
  // read out of the buffer in full before any target is written, so a setter may call anything. Both cost the
  // hot path one comparison and two stores.
  const BUSY = -1;
  let state = 0;
  let live = null; // { generation, io, queries } of the views in use
  const saved = new Float64Array(module.ioBuffer().length);
  function nested(name, args) {
    const { io, generation, queries } = live;
    saved.set(io);
    state = generation;
    try {
      return queries[name](...args);
    } finally {
      // (Unless the call grew the memory, detaching `io`: then the outer call sees its own view detached and
      // starts again on the new one, GREW below.)
      if (io.length !== 0) io.set(saved);
      state = BUSY;
    }
  }
  function allocate(bytes) {
    const address = module._malloc(bytes);
    renew();
    if (address === 0)
      throw new RangeError(
        `narrowphase: could not allocate ${bytes} bytes of WASM memory`,
      );
    return address;
  }
  // After anything that may have grown the memory (an allocation here, or one inside the module, as building a
  // mesh does): a new generation of views when the old ones were detached.
  function renew() {
    if (live.io.length === 0) {
      // Memory grew: a new generation over the new memory.
      const generation = live.generation + 1;
      live = {
        generation,
        io: module.ioBuffer(),
        queries: views(module.ioBuffer(), generation),
      };
      state = generation;
    }
  }
  const release = (address) => module._free(address);

  // BEGIN GENERATED exports
  // (web/scripts/gen-queries.mjs, from cpp/include/narrowphase/queries.def: do not edit)
  const np_closestPointOnAABB = exported("_np_closestPointOnAABB");
  const np_distancePointAABB = exported("_np_distancePointAABB");
  const np_overlapSphereAABB = exported("_np_overlapSphereAABB");
  const np_linecastAABB = exported("_np_linecastAABB");
  const np_raycastAABB = exported("_np_raycastAABB");
  const np_overlapOBBOBB = exported("_np_overlapOBBOBB");
  const np_separatingAxisOBBOBB = exported("_np_separatingAxisOBBOBB");
  const np_sphereCastSphere = exported("_np_sphereCastSphere");
  const np_closestPointOnSegment = exported("_np_closestPointOnSegment");
  const np_distancePointSegment = exported("_np_distancePointSegment");
  const np_closestPointOnSphere = exported("_np_closestPointOnSphere");
  const np_distancePointSphere = exported("_np_distancePointSphere");
  const np_closestPointOnCapsule = exported("_np_closestPointOnCapsule");
  const np_distancePointCapsule = exported("_np_distancePointCapsule");
  const np_closestPointOnOBB = exported("_np_closestPointOnOBB");
  const np_distancePointOBB = exported("_np_distancePointOBB");
  const np_closestPointOnTriangle = exported("_np_closestPointOnTriangle");
  const np_distancePointTriangle = exported("_np_distancePointTriangle");
  const np_closestPointOnPlane = exported("_np_closestPointOnPlane");
  const np_distancePointPlane = exported("_np_distancePointPlane");
  const np_signedDistancePointPlane = exported("_np_signedDistancePointPlane");
  const np_raycastSphere = exported("_np_raycastSphere");
  const np_linecastSphere = exported("_np_linecastSphere");
  const np_raycastCapsule = exported("_np_raycastCapsule");
  const np_linecastCapsule = exported("_np_linecastCapsule");
  const np_raycastOBB = exported("_np_raycastOBB");
  const np_linecastOBB = exported("_np_linecastOBB");
  const np_raycastTriangle = exported("_np_raycastTriangle");
  const np_linecastTriangle = exported("_np_linecastTriangle");
  const np_raycastPlane = exported("_np_raycastPlane");
  const np_linecastPlane = exported("_np_linecastPlane");
  const np_overlapSphereSphere = exported("_np_overlapSphereSphere");
  const np_overlapSphereCapsule = exported("_np_overlapSphereCapsule");
  const np_overlapSphereOBB = exported("_np_overlapSphereOBB");
  const np_overlapSphereTriangle = exported("_np_overlapSphereTriangle");
  const np_overlapSpherePlane = exported("_np_overlapSpherePlane");
  const np_overlapCapsulePlane = exported("_np_overlapCapsulePlane");
  const np_overlapAABBPlane = exported("_np_overlapAABBPlane");
  const np_overlapOBBPlane = exported("_np_overlapOBBPlane");
  const np_overlapTrianglePlane = exported("_np_overlapTrianglePlane");
  const np_overlapAABBAABB = exported("_np_overlapAABBAABB");
  const np_overlapAABBOBB = exported("_np_overlapAABBOBB");
  const np_overlapAABBTriangle = exported("_np_overlapAABBTriangle");
  const np_overlapOBBTriangle = exported("_np_overlapOBBTriangle");
  const np_overlapTriangleTriangle = exported("_np_overlapTriangleTriangle");
  const np_closestPointsSegmentSegment = exported(
    "_np_closestPointsSegmentSegment",
  );
  const np_overlapCapsuleCapsule = exported("_np_overlapCapsuleCapsule");
  const np_overlapCapsuleAABB = exported("_np_overlapCapsuleAABB");
  const np_overlapCapsuleOBB = exported("_np_overlapCapsuleOBB");
  const np_overlapCapsuleTriangle = exported("_np_overlapCapsuleTriangle");
  const np_contactSphereSphere = exported("_np_contactSphereSphere");
  const np_contactSphereCapsule = exported("_np_contactSphereCapsule");
  const np_contactSphereAABB = exported("_np_contactSphereAABB");
  const np_contactSphereOBB = exported("_np_contactSphereOBB");
  const np_contactSphereTriangle = exported("_np_contactSphereTriangle");
  const np_contactSpherePlane = exported("_np_contactSpherePlane");
  const np_sphereCastCapsule = exported("_np_sphereCastCapsule");
  const np_sphereCastAABB = exported("_np_sphereCastAABB");
  const np_sphereCastOBB = exported("_np_sphereCastOBB");
  const np_sphereCastTriangle = exported("_np_sphereCastTriangle");
  const np_sphereCastPlane = exported("_np_sphereCastPlane");
  const np_contactCapsuleCapsule = exported("_np_contactCapsuleCapsule");
  const np_contactCapsuleAABB = exported("_np_contactCapsuleAABB");
  const np_contactCapsuleOBB = exported("_np_contactCapsuleOBB");
  const np_contactCapsuleTriangle = exported("_np_contactCapsuleTriangle");
  const np_contactCapsulePlane = exported("_np_contactCapsulePlane");
  const np_capsuleCastSphere = exported("_np_capsuleCastSphere");
  const np_capsuleCastCapsule = exported("_np_capsuleCastCapsule");
  const np_capsuleCastAABB = exported("_np_capsuleCastAABB");
  const np_capsuleCastOBB = exported("_np_capsuleCastOBB");
  const np_capsuleCastTriangle = exported("_np_capsuleCastTriangle");
  const np_capsuleCastPlane = exported("_np_capsuleCastPlane");
  const np_contactAABBAABB = exported("_np_contactAABBAABB");
  const np_contactAABBOBB = exported("_np_contactAABBOBB");
  const np_contactAABBTriangle = exported("_np_contactAABBTriangle");
  const np_contactAABBPlane = exported("_np_contactAABBPlane");
  const np_contactOBBOBB = exported("_np_contactOBBOBB");
  const np_contactOBBTriangle = exported("_np_contactOBBTriangle");
  const np_contactOBBPlane = exported("_np_contactOBBPlane");
  // END GENERATED exports

  // Thrown by the fast path's type checks; replaced by the precise TypeError from `typeError`.
  const BAD = new Error("narrowphase: bad argument");
  // Thrown inside a wrapper when its I/O view was detached while it copied its inputs in (a getter grew the
  // memory: building a mesh, a mesh's contacts, np.batch.allocate): the inputs it wrote since are lost, so it
  // starts again through the live generation's wrapper, reading its inputs (and running their getters) again.
  const GREW = new Error("narrowphase: memory grew during the call");

  function fail(spec, args, error) {
    // A TypeError that names the field, or, when every field looks right (a throwing getter, say), the
    // original error.
    return (
      typeError(spec, args) ??
      (error === BAD ? new TypeError(`${spec.name}: invalid arguments`) : error)
    );
  }

  // Every function that reads or writes the I/O buffer, over the view `io`, for `generation`.
  function views(io, generation) {
    function putVec3(v, o) {
      const x = v.x,
        y = v.y,
        z = v.z;
      if (
        typeof x !== "number" ||
        typeof y !== "number" ||
        typeof z !== "number"
      )
        throw BAD;
      io[o] = x;
      io[o + 1] = y;
      io[o + 2] = z;
    }
    function putAABB(b, o) {
      putVec3(b.min, o);
      putVec3(b.max, o + 3);
    }
    function putNumber(v, o) {
      if (typeof v !== "number") throw BAD;
      io[o] = v;
    }
    function putSphere(s, o) {
      putVec3(s.center, o);
      putNumber(s.radius, o + 3);
    }
    function putRay(r, o) {
      putVec3(r.origin, o);
      putVec3(r.direction, o + 3);
    }
    function putSegment(s, o) {
      putVec3(s.start, o);
      putVec3(s.end, o + 3);
    }
    function putCapsule(c, o) {
      putVec3(c.start, o);
      putVec3(c.end, o + 3);
      putNumber(c.radius, o + 6);
    }
    function putTriangle(t, o) {
      putVec3(t.a, o);
      putVec3(t.b, o + 3);
      putVec3(t.c, o + 6);
    }
    function putPlane(p, o) {
      putVec3(p.normal, o);
      putNumber(p.constant, o + 3);
    }
    function putOBB(b, o) {
      putVec3(b.center, o);
      putVec3(b.halfSize, o + 3);
      const e = b.rotation.elements;
      if (e.length !== 9) throw BAD;
      for (let i = 0; i < 9; i++) putNumber(e[i], o + 6 + i);
    }
    function checkTarget(t) {
      if (t !== null && typeof t !== "object") throw BAD;
    }
    // A filled-in-place vector must be an object, or null / undefined (allocated); typeof null is 'object'.
    function checkRayHitTarget(t) {
      if (t === null) return;
      if (typeof t !== "object") throw BAD;
      const p = t.point,
        n = t.normal;
      if (
        (typeof p !== "object" && p !== undefined) ||
        (typeof n !== "object" && n !== undefined)
      )
        throw BAD;
    }
    function checkShapeCastHitTarget(t) {
      if (t === null) return;
      if (typeof t !== "object") throw BAD;
      const c = t.center,
        p = t.point,
        n = t.normal;
      if (
        (typeof c !== "object" && c !== undefined) ||
        (typeof p !== "object" && p !== undefined) ||
        (typeof n !== "object" && n !== undefined)
      )
        throw BAD;
    }
    function checkClosestPointsTarget(t) {
      if (t === null) return;
      if (typeof t !== "object") throw BAD;
      const a = t.pointA,
        b = t.pointB;
      if (
        (typeof a !== "object" && a !== undefined) ||
        (typeof b !== "object" && b !== undefined)
      )
        throw BAD;
    }
    function checkContactHitTarget(t) {
      if (t === null) return;
      if (typeof t !== "object") throw BAD;
      const n = t.normal,
        a = t.pointA,
        b = t.pointB;
      if (
        (typeof n !== "object" && n !== undefined) ||
        (typeof a !== "object" && a !== undefined) ||
        (typeof b !== "object" && b !== undefined)
      )
        throw BAD;
    }
    // Writing into a frozen or read-only target (or nested vector) fails only once the outputs are known: it is
    // reported as a TypeError naming the argument, but the fields written before the failing one keep their new
    // values. Checking writability up front on every call would cost more than such targets are worth; a target
    // whose fields to fill are not objects at all is caught before anything is written (checkRayHitTarget).
    function unwritable(spec, name, error) {
      return error instanceof TypeError
        ? new TypeError(
            `${spec.name}: ${name} could not be written (frozen or read-only)`,
            { cause: error },
          )
        : error;
    }
    // setVec3 (web/lib/objects.js) fills (or makes) a vector. Callers read every output out of `io` before the
    // first of these runs.
    function outPoint(spec, t) {
      try {
        return setVec3(t, io[0], io[1], io[2]);
      } catch (error) {
        throw unwritable(spec, "target", error);
      }
    }
    function outShapeCastHit(spec, t) {
      const distance = io[0],
        fraction = io[1],
        startedOverlapping = io[11] === 1;
      const cx = io[2],
        cy = io[3],
        cz = io[4],
        px = io[5],
        py = io[6],
        pz = io[7],
        nx = io[8],
        ny = io[9],
        nz = io[10];
      if (t == null) {
        return {
          distance,
          fraction,
          center: { x: cx, y: cy, z: cz },
          point: { x: px, y: py, z: pz },
          normal: { x: nx, y: ny, z: nz },
          startedOverlapping,
        };
      }
      try {
        t.distance = distance;
        t.fraction = fraction;
        t.center = setVec3(t.center, cx, cy, cz);
        t.point = setVec3(t.point, px, py, pz);
        t.normal = setVec3(t.normal, nx, ny, nz);
        t.startedOverlapping = startedOverlapping;
      } catch (error) {
        throw unwritable(spec, "result", error);
      }
      return t;
    }
    function outRayHit(spec, t) {
      const distance = io[0],
        px = io[1],
        py = io[2],
        pz = io[3],
        nx = io[4],
        ny = io[5],
        nz = io[6];
      if (t == null)
        return {
          distance,
          point: { x: px, y: py, z: pz },
          normal: { x: nx, y: ny, z: nz },
        };
      try {
        t.distance = distance;
        t.point = setVec3(t.point, px, py, pz);
        t.normal = setVec3(t.normal, nx, ny, nz);
      } catch (error) {
        throw unwritable(spec, "target", error);
      }
      return t;
    }

    function outClosestPoints(spec, t) {
      const distance = io[0],
        ax = io[1],
        ay = io[2],
        az = io[3],
        bx = io[4],
        by = io[5],
        bz = io[6];
      if (t == null)
        return {
          distance,
          pointA: { x: ax, y: ay, z: az },
          pointB: { x: bx, y: by, z: bz },
        };
      try {
        t.distance = distance;
        t.pointA = setVec3(t.pointA, ax, ay, az);
        t.pointB = setVec3(t.pointB, bx, by, bz);
      } catch (error) {
        throw unwritable(spec, "target", error);
      }
      return t;
    }

    function outContactHit(spec, t) {
      const depth = io[0],
        nx = io[1],
        ny = io[2],
        nz = io[3],
        ax = io[4],
        ay = io[5],
        az = io[6],
        bx = io[7],
        by = io[8],
        bz = io[9];
      if (t == null)
        return {
          depth,
          normal: { x: nx, y: ny, z: nz },
          pointA: { x: ax, y: ay, z: az },
          pointB: { x: bx, y: by, z: bz },
        };
      try {
        t.depth = depth;
        t.normal = setVec3(t.normal, nx, ny, nz);
        t.pointA = setVec3(t.pointA, ax, ay, az);
        t.pointB = setVec3(t.pointB, bx, by, bz);
      } catch (error) {
        throw unwritable(spec, "target", error);
      }
      return t;
    }

    // BEGIN GENERATED wrappers
    // (web/scripts/gen-queries.mjs, from cpp/include/narrowphase/queries.def: do not edit)
    function closestPointOnAABB(point, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnAABB", [point, box, target])
          : live.queries.closestPointOnAABB(point, box, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putAABB(box, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnAABB(point, box, target);
        throw fail(SPEC.closestPointOnAABB, [point, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnAABB, code, io);
      return outPoint(SPEC.closestPointOnAABB, target);
    }

    function distancePointAABB(point, box) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointAABB", [point, box])
          : live.queries.distancePointAABB(point, box);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putAABB(box, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.distancePointAABB(point, box);
        throw fail(SPEC.distancePointAABB, [point, box], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointAABB, code, io);
      return io[0];
    }

    function overlapSphereAABB(sphere, box) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapSphereAABB", [sphere, box])
          : live.queries.overlapSphereAABB(sphere, box);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putAABB(box, 4);
        if (io.length === 0) throw GREW;
        code = np_overlapSphereAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapSphereAABB(sphere, box);
        throw fail(SPEC.overlapSphereAABB, [sphere, box], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapSphereAABB, code, io);
      return code === 1;
    }

    function linecastAABB(start, end, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("linecastAABB", [start, end, box, target])
          : live.queries.linecastAABB(start, end, box, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putAABB(box, 6);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_linecastAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.linecastAABB(start, end, box, target);
        throw fail(SPEC.linecastAABB, [start, end, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.linecastAABB, code, io);
      return code === 1 ? outRayHit(SPEC.linecastAABB, target) : null;
    }

    function raycastAABB(ray, box, maxDistance = Infinity, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("raycastAABB", [ray, box, maxDistance, target])
          : live.queries.raycastAABB(ray, box, maxDistance, target);
      }
      let code;
      state = BUSY;
      try {
        putRay(ray, 0);
        putAABB(box, 6);
        putNumber(maxDistance, 12);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_raycastAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.raycastAABB(ray, box, maxDistance, target);
        throw fail(SPEC.raycastAABB, [ray, box, maxDistance, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.raycastAABB, code, io);
      return code === 1 ? outRayHit(SPEC.raycastAABB, target) : null;
    }

    function overlapOBBOBB(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapOBBOBB", [a, b])
          : live.queries.overlapOBBOBB(a, b);
      }
      let code;
      state = BUSY;
      try {
        putOBB(a, 0);
        putOBB(b, 15);
        if (io.length === 0) throw GREW;
        code = np_overlapOBBOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapOBBOBB(a, b);
        throw fail(SPEC.overlapOBBOBB, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapOBBOBB, code, io);
      return code === 1;
    }

    function separatingAxisOBBOBB(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("separatingAxisOBBOBB", [a, b])
          : live.queries.separatingAxisOBBOBB(a, b);
      }
      let code;
      state = BUSY;
      try {
        putOBB(a, 0);
        putOBB(b, 15);
        if (io.length === 0) throw GREW;
        code = np_separatingAxisOBBOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.separatingAxisOBBOBB(a, b);
        throw fail(SPEC.separatingAxisOBBOBB, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.separatingAxisOBBOBB, code, io);
      return code === 0 ? null : code - 1;
    }

    function sphereCastSphere(start, end, radius, target, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("sphereCastSphere", [start, end, radius, target, result])
          : live.queries.sphereCastSphere(start, end, radius, target, result);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putNumber(radius, 6);
        putSphere(target, 7);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_sphereCastSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.sphereCastSphere(
            start,
            end,
            radius,
            target,
            result,
          );
        throw fail(
          SPEC.sphereCastSphere,
          [start, end, radius, target, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.sphereCastSphere, code, io);
      return code === 1 ? outShapeCastHit(SPEC.sphereCastSphere, result) : null;
    }

    function closestPointOnSegment(point, segment, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnSegment", [point, segment, target])
          : live.queries.closestPointOnSegment(point, segment, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putSegment(segment, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnSegment(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnSegment(point, segment, target);
        throw fail(SPEC.closestPointOnSegment, [point, segment, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnSegment, code, io);
      return outPoint(SPEC.closestPointOnSegment, target);
    }

    function distancePointSegment(point, segment) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointSegment", [point, segment])
          : live.queries.distancePointSegment(point, segment);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putSegment(segment, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointSegment(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.distancePointSegment(point, segment);
        throw fail(SPEC.distancePointSegment, [point, segment], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointSegment, code, io);
      return io[0];
    }

    function closestPointOnSphere(point, sphere, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnSphere", [point, sphere, target])
          : live.queries.closestPointOnSphere(point, sphere, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putSphere(sphere, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnSphere(point, sphere, target);
        throw fail(SPEC.closestPointOnSphere, [point, sphere, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnSphere, code, io);
      return outPoint(SPEC.closestPointOnSphere, target);
    }

    function distancePointSphere(point, sphere) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointSphere", [point, sphere])
          : live.queries.distancePointSphere(point, sphere);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putSphere(sphere, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.distancePointSphere(point, sphere);
        throw fail(SPEC.distancePointSphere, [point, sphere], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointSphere, code, io);
      return io[0];
    }

    function closestPointOnCapsule(point, capsule, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnCapsule", [point, capsule, target])
          : live.queries.closestPointOnCapsule(point, capsule, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putCapsule(capsule, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnCapsule(point, capsule, target);
        throw fail(SPEC.closestPointOnCapsule, [point, capsule, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnCapsule, code, io);
      return outPoint(SPEC.closestPointOnCapsule, target);
    }

    function distancePointCapsule(point, capsule) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointCapsule", [point, capsule])
          : live.queries.distancePointCapsule(point, capsule);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putCapsule(capsule, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.distancePointCapsule(point, capsule);
        throw fail(SPEC.distancePointCapsule, [point, capsule], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointCapsule, code, io);
      return io[0];
    }

    function closestPointOnOBB(point, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnOBB", [point, box, target])
          : live.queries.closestPointOnOBB(point, box, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putOBB(box, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnOBB(point, box, target);
        throw fail(SPEC.closestPointOnOBB, [point, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnOBB, code, io);
      return outPoint(SPEC.closestPointOnOBB, target);
    }

    function distancePointOBB(point, box) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointOBB", [point, box])
          : live.queries.distancePointOBB(point, box);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putOBB(box, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.distancePointOBB(point, box);
        throw fail(SPEC.distancePointOBB, [point, box], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointOBB, code, io);
      return io[0];
    }

    function closestPointOnTriangle(point, triangle, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnTriangle", [point, triangle, target])
          : live.queries.closestPointOnTriangle(point, triangle, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putTriangle(triangle, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnTriangle(point, triangle, target);
        throw fail(
          SPEC.closestPointOnTriangle,
          [point, triangle, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnTriangle, code, io);
      return outPoint(SPEC.closestPointOnTriangle, target);
    }

    function distancePointTriangle(point, triangle) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointTriangle", [point, triangle])
          : live.queries.distancePointTriangle(point, triangle);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putTriangle(triangle, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.distancePointTriangle(point, triangle);
        throw fail(SPEC.distancePointTriangle, [point, triangle], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointTriangle, code, io);
      return io[0];
    }

    function closestPointOnPlane(point, plane, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointOnPlane", [point, plane, target])
          : live.queries.closestPointOnPlane(point, plane, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putPlane(plane, 3);
        if (target !== undefined) checkTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointOnPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointOnPlane(point, plane, target);
        throw fail(SPEC.closestPointOnPlane, [point, plane, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.closestPointOnPlane, code, io);
      return outPoint(SPEC.closestPointOnPlane, target);
    }

    function distancePointPlane(point, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("distancePointPlane", [point, plane])
          : live.queries.distancePointPlane(point, plane);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putPlane(plane, 3);
        if (io.length === 0) throw GREW;
        code = np_distancePointPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.distancePointPlane(point, plane);
        throw fail(SPEC.distancePointPlane, [point, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.distancePointPlane, code, io);
      return io[0];
    }

    function signedDistancePointPlane(point, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("signedDistancePointPlane", [point, plane])
          : live.queries.signedDistancePointPlane(point, plane);
      }
      let code;
      state = BUSY;
      try {
        putVec3(point, 0);
        putPlane(plane, 3);
        if (io.length === 0) throw GREW;
        code = np_signedDistancePointPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.signedDistancePointPlane(point, plane);
        throw fail(SPEC.signedDistancePointPlane, [point, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.signedDistancePointPlane, code, io);
      return io[0];
    }

    function raycastSphere(ray, sphere, maxDistance = Infinity, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("raycastSphere", [ray, sphere, maxDistance, target])
          : live.queries.raycastSphere(ray, sphere, maxDistance, target);
      }
      let code;
      state = BUSY;
      try {
        putRay(ray, 0);
        putSphere(sphere, 6);
        putNumber(maxDistance, 10);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_raycastSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.raycastSphere(ray, sphere, maxDistance, target);
        throw fail(
          SPEC.raycastSphere,
          [ray, sphere, maxDistance, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.raycastSphere, code, io);
      return code === 1 ? outRayHit(SPEC.raycastSphere, target) : null;
    }

    function linecastSphere(start, end, sphere, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("linecastSphere", [start, end, sphere, target])
          : live.queries.linecastSphere(start, end, sphere, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putSphere(sphere, 6);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_linecastSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.linecastSphere(start, end, sphere, target);
        throw fail(SPEC.linecastSphere, [start, end, sphere, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.linecastSphere, code, io);
      return code === 1 ? outRayHit(SPEC.linecastSphere, target) : null;
    }

    function raycastCapsule(ray, capsule, maxDistance = Infinity, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("raycastCapsule", [ray, capsule, maxDistance, target])
          : live.queries.raycastCapsule(ray, capsule, maxDistance, target);
      }
      let code;
      state = BUSY;
      try {
        putRay(ray, 0);
        putCapsule(capsule, 6);
        putNumber(maxDistance, 13);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_raycastCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.raycastCapsule(ray, capsule, maxDistance, target);
        throw fail(
          SPEC.raycastCapsule,
          [ray, capsule, maxDistance, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.raycastCapsule, code, io);
      return code === 1 ? outRayHit(SPEC.raycastCapsule, target) : null;
    }

    function linecastCapsule(start, end, capsule, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("linecastCapsule", [start, end, capsule, target])
          : live.queries.linecastCapsule(start, end, capsule, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putCapsule(capsule, 6);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_linecastCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.linecastCapsule(start, end, capsule, target);
        throw fail(SPEC.linecastCapsule, [start, end, capsule, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.linecastCapsule, code, io);
      return code === 1 ? outRayHit(SPEC.linecastCapsule, target) : null;
    }

    function raycastOBB(ray, box, maxDistance = Infinity, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("raycastOBB", [ray, box, maxDistance, target])
          : live.queries.raycastOBB(ray, box, maxDistance, target);
      }
      let code;
      state = BUSY;
      try {
        putRay(ray, 0);
        putOBB(box, 6);
        putNumber(maxDistance, 21);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_raycastOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.raycastOBB(ray, box, maxDistance, target);
        throw fail(SPEC.raycastOBB, [ray, box, maxDistance, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.raycastOBB, code, io);
      return code === 1 ? outRayHit(SPEC.raycastOBB, target) : null;
    }

    function linecastOBB(start, end, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("linecastOBB", [start, end, box, target])
          : live.queries.linecastOBB(start, end, box, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putOBB(box, 6);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_linecastOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.linecastOBB(start, end, box, target);
        throw fail(SPEC.linecastOBB, [start, end, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.linecastOBB, code, io);
      return code === 1 ? outRayHit(SPEC.linecastOBB, target) : null;
    }

    function raycastTriangle(ray, triangle, maxDistance = Infinity, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("raycastTriangle", [ray, triangle, maxDistance, target])
          : live.queries.raycastTriangle(ray, triangle, maxDistance, target);
      }
      let code;
      state = BUSY;
      try {
        putRay(ray, 0);
        putTriangle(triangle, 6);
        putNumber(maxDistance, 15);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_raycastTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.raycastTriangle(
            ray,
            triangle,
            maxDistance,
            target,
          );
        throw fail(
          SPEC.raycastTriangle,
          [ray, triangle, maxDistance, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.raycastTriangle, code, io);
      return code === 1 ? outRayHit(SPEC.raycastTriangle, target) : null;
    }

    function linecastTriangle(start, end, triangle, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("linecastTriangle", [start, end, triangle, target])
          : live.queries.linecastTriangle(start, end, triangle, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putTriangle(triangle, 6);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_linecastTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.linecastTriangle(start, end, triangle, target);
        throw fail(
          SPEC.linecastTriangle,
          [start, end, triangle, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.linecastTriangle, code, io);
      return code === 1 ? outRayHit(SPEC.linecastTriangle, target) : null;
    }

    function raycastPlane(ray, plane, maxDistance = Infinity, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("raycastPlane", [ray, plane, maxDistance, target])
          : live.queries.raycastPlane(ray, plane, maxDistance, target);
      }
      let code;
      state = BUSY;
      try {
        putRay(ray, 0);
        putPlane(plane, 6);
        putNumber(maxDistance, 10);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_raycastPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.raycastPlane(ray, plane, maxDistance, target);
        throw fail(SPEC.raycastPlane, [ray, plane, maxDistance, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.raycastPlane, code, io);
      return code === 1 ? outRayHit(SPEC.raycastPlane, target) : null;
    }

    function linecastPlane(start, end, plane, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("linecastPlane", [start, end, plane, target])
          : live.queries.linecastPlane(start, end, plane, target);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putPlane(plane, 6);
        if (target !== undefined) checkRayHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_linecastPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.linecastPlane(start, end, plane, target);
        throw fail(SPEC.linecastPlane, [start, end, plane, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.linecastPlane, code, io);
      return code === 1 ? outRayHit(SPEC.linecastPlane, target) : null;
    }

    function overlapSphereSphere(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapSphereSphere", [a, b])
          : live.queries.overlapSphereSphere(a, b);
      }
      let code;
      state = BUSY;
      try {
        putSphere(a, 0);
        putSphere(b, 4);
        if (io.length === 0) throw GREW;
        code = np_overlapSphereSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapSphereSphere(a, b);
        throw fail(SPEC.overlapSphereSphere, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapSphereSphere, code, io);
      return code === 1;
    }

    function overlapSphereCapsule(sphere, capsule) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapSphereCapsule", [sphere, capsule])
          : live.queries.overlapSphereCapsule(sphere, capsule);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putCapsule(capsule, 4);
        if (io.length === 0) throw GREW;
        code = np_overlapSphereCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapSphereCapsule(sphere, capsule);
        throw fail(SPEC.overlapSphereCapsule, [sphere, capsule], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapSphereCapsule, code, io);
      return code === 1;
    }

    function overlapSphereOBB(sphere, box) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapSphereOBB", [sphere, box])
          : live.queries.overlapSphereOBB(sphere, box);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putOBB(box, 4);
        if (io.length === 0) throw GREW;
        code = np_overlapSphereOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapSphereOBB(sphere, box);
        throw fail(SPEC.overlapSphereOBB, [sphere, box], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapSphereOBB, code, io);
      return code === 1;
    }

    function overlapSphereTriangle(sphere, triangle) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapSphereTriangle", [sphere, triangle])
          : live.queries.overlapSphereTriangle(sphere, triangle);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putTriangle(triangle, 4);
        if (io.length === 0) throw GREW;
        code = np_overlapSphereTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapSphereTriangle(sphere, triangle);
        throw fail(SPEC.overlapSphereTriangle, [sphere, triangle], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapSphereTriangle, code, io);
      return code === 1;
    }

    function overlapSpherePlane(sphere, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapSpherePlane", [sphere, plane])
          : live.queries.overlapSpherePlane(sphere, plane);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putPlane(plane, 4);
        if (io.length === 0) throw GREW;
        code = np_overlapSpherePlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapSpherePlane(sphere, plane);
        throw fail(SPEC.overlapSpherePlane, [sphere, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapSpherePlane, code, io);
      return code === 1;
    }

    function overlapCapsulePlane(capsule, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapCapsulePlane", [capsule, plane])
          : live.queries.overlapCapsulePlane(capsule, plane);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putPlane(plane, 7);
        if (io.length === 0) throw GREW;
        code = np_overlapCapsulePlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapCapsulePlane(capsule, plane);
        throw fail(SPEC.overlapCapsulePlane, [capsule, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapCapsulePlane, code, io);
      return code === 1;
    }

    function overlapAABBPlane(box, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapAABBPlane", [box, plane])
          : live.queries.overlapAABBPlane(box, plane);
      }
      let code;
      state = BUSY;
      try {
        putAABB(box, 0);
        putPlane(plane, 6);
        if (io.length === 0) throw GREW;
        code = np_overlapAABBPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapAABBPlane(box, plane);
        throw fail(SPEC.overlapAABBPlane, [box, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapAABBPlane, code, io);
      return code === 1;
    }

    function overlapOBBPlane(box, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapOBBPlane", [box, plane])
          : live.queries.overlapOBBPlane(box, plane);
      }
      let code;
      state = BUSY;
      try {
        putOBB(box, 0);
        putPlane(plane, 15);
        if (io.length === 0) throw GREW;
        code = np_overlapOBBPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapOBBPlane(box, plane);
        throw fail(SPEC.overlapOBBPlane, [box, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapOBBPlane, code, io);
      return code === 1;
    }

    function overlapTrianglePlane(triangle, plane) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapTrianglePlane", [triangle, plane])
          : live.queries.overlapTrianglePlane(triangle, plane);
      }
      let code;
      state = BUSY;
      try {
        putTriangle(triangle, 0);
        putPlane(plane, 9);
        if (io.length === 0) throw GREW;
        code = np_overlapTrianglePlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapTrianglePlane(triangle, plane);
        throw fail(SPEC.overlapTrianglePlane, [triangle, plane], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapTrianglePlane, code, io);
      return code === 1;
    }

    function overlapAABBAABB(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapAABBAABB", [a, b])
          : live.queries.overlapAABBAABB(a, b);
      }
      let code;
      state = BUSY;
      try {
        putAABB(a, 0);
        putAABB(b, 6);
        if (io.length === 0) throw GREW;
        code = np_overlapAABBAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapAABBAABB(a, b);
        throw fail(SPEC.overlapAABBAABB, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapAABBAABB, code, io);
      return code === 1;
    }

    function overlapAABBOBB(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapAABBOBB", [a, b])
          : live.queries.overlapAABBOBB(a, b);
      }
      let code;
      state = BUSY;
      try {
        putAABB(a, 0);
        putOBB(b, 6);
        if (io.length === 0) throw GREW;
        code = np_overlapAABBOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapAABBOBB(a, b);
        throw fail(SPEC.overlapAABBOBB, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapAABBOBB, code, io);
      return code === 1;
    }

    function overlapAABBTriangle(box, triangle) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapAABBTriangle", [box, triangle])
          : live.queries.overlapAABBTriangle(box, triangle);
      }
      let code;
      state = BUSY;
      try {
        putAABB(box, 0);
        putTriangle(triangle, 6);
        if (io.length === 0) throw GREW;
        code = np_overlapAABBTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapAABBTriangle(box, triangle);
        throw fail(SPEC.overlapAABBTriangle, [box, triangle], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapAABBTriangle, code, io);
      return code === 1;
    }

    function overlapOBBTriangle(box, triangle) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapOBBTriangle", [box, triangle])
          : live.queries.overlapOBBTriangle(box, triangle);
      }
      let code;
      state = BUSY;
      try {
        putOBB(box, 0);
        putTriangle(triangle, 15);
        if (io.length === 0) throw GREW;
        code = np_overlapOBBTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapOBBTriangle(box, triangle);
        throw fail(SPEC.overlapOBBTriangle, [box, triangle], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapOBBTriangle, code, io);
      return code === 1;
    }

    function overlapTriangleTriangle(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapTriangleTriangle", [a, b])
          : live.queries.overlapTriangleTriangle(a, b);
      }
      let code;
      state = BUSY;
      try {
        putTriangle(a, 0);
        putTriangle(b, 9);
        if (io.length === 0) throw GREW;
        code = np_overlapTriangleTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapTriangleTriangle(a, b);
        throw fail(SPEC.overlapTriangleTriangle, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapTriangleTriangle, code, io);
      return code === 1;
    }

    function closestPointsSegmentSegment(a, b, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("closestPointsSegmentSegment", [a, b, target])
          : live.queries.closestPointsSegmentSegment(a, b, target);
      }
      let code;
      state = BUSY;
      try {
        putSegment(a, 0);
        putSegment(b, 6);
        if (target !== undefined) checkClosestPointsTarget(target);
        if (io.length === 0) throw GREW;
        code = np_closestPointsSegmentSegment(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.closestPointsSegmentSegment(a, b, target);
        throw fail(SPEC.closestPointsSegmentSegment, [a, b, target], error);
      }
      state = generation;
      if (code < 0)
        throw rangeError(SPEC.closestPointsSegmentSegment, code, io);
      return outClosestPoints(SPEC.closestPointsSegmentSegment, target);
    }

    function overlapCapsuleCapsule(a, b) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapCapsuleCapsule", [a, b])
          : live.queries.overlapCapsuleCapsule(a, b);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(a, 0);
        putCapsule(b, 7);
        if (io.length === 0) throw GREW;
        code = np_overlapCapsuleCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapCapsuleCapsule(a, b);
        throw fail(SPEC.overlapCapsuleCapsule, [a, b], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapCapsuleCapsule, code, io);
      return code === 1;
    }

    function overlapCapsuleAABB(capsule, box) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapCapsuleAABB", [capsule, box])
          : live.queries.overlapCapsuleAABB(capsule, box);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putAABB(box, 7);
        if (io.length === 0) throw GREW;
        code = np_overlapCapsuleAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapCapsuleAABB(capsule, box);
        throw fail(SPEC.overlapCapsuleAABB, [capsule, box], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapCapsuleAABB, code, io);
      return code === 1;
    }

    function overlapCapsuleOBB(capsule, box) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapCapsuleOBB", [capsule, box])
          : live.queries.overlapCapsuleOBB(capsule, box);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putOBB(box, 7);
        if (io.length === 0) throw GREW;
        code = np_overlapCapsuleOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.overlapCapsuleOBB(capsule, box);
        throw fail(SPEC.overlapCapsuleOBB, [capsule, box], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapCapsuleOBB, code, io);
      return code === 1;
    }

    function overlapCapsuleTriangle(capsule, triangle) {
      if (state !== generation) {
        return state === BUSY
          ? nested("overlapCapsuleTriangle", [capsule, triangle])
          : live.queries.overlapCapsuleTriangle(capsule, triangle);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putTriangle(triangle, 7);
        if (io.length === 0) throw GREW;
        code = np_overlapCapsuleTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.overlapCapsuleTriangle(capsule, triangle);
        throw fail(SPEC.overlapCapsuleTriangle, [capsule, triangle], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.overlapCapsuleTriangle, code, io);
      return code === 1;
    }

    function contactSphereSphere(a, b, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactSphereSphere", [a, b, target])
          : live.queries.contactSphereSphere(a, b, target);
      }
      let code;
      state = BUSY;
      try {
        putSphere(a, 0);
        putSphere(b, 4);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactSphereSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactSphereSphere(a, b, target);
        throw fail(SPEC.contactSphereSphere, [a, b, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactSphereSphere, code, io);
      return code === 1
        ? outContactHit(SPEC.contactSphereSphere, target)
        : null;
    }

    function contactSphereCapsule(sphere, capsule, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactSphereCapsule", [sphere, capsule, target])
          : live.queries.contactSphereCapsule(sphere, capsule, target);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putCapsule(capsule, 4);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactSphereCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactSphereCapsule(sphere, capsule, target);
        throw fail(SPEC.contactSphereCapsule, [sphere, capsule, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactSphereCapsule, code, io);
      return code === 1
        ? outContactHit(SPEC.contactSphereCapsule, target)
        : null;
    }

    function contactSphereAABB(sphere, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactSphereAABB", [sphere, box, target])
          : live.queries.contactSphereAABB(sphere, box, target);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putAABB(box, 4);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactSphereAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactSphereAABB(sphere, box, target);
        throw fail(SPEC.contactSphereAABB, [sphere, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactSphereAABB, code, io);
      return code === 1 ? outContactHit(SPEC.contactSphereAABB, target) : null;
    }

    function contactSphereOBB(sphere, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactSphereOBB", [sphere, box, target])
          : live.queries.contactSphereOBB(sphere, box, target);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putOBB(box, 4);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactSphereOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactSphereOBB(sphere, box, target);
        throw fail(SPEC.contactSphereOBB, [sphere, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactSphereOBB, code, io);
      return code === 1 ? outContactHit(SPEC.contactSphereOBB, target) : null;
    }

    function contactSphereTriangle(sphere, triangle, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactSphereTriangle", [sphere, triangle, target])
          : live.queries.contactSphereTriangle(sphere, triangle, target);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putTriangle(triangle, 4);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactSphereTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactSphereTriangle(sphere, triangle, target);
        throw fail(
          SPEC.contactSphereTriangle,
          [sphere, triangle, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactSphereTriangle, code, io);
      return code === 1
        ? outContactHit(SPEC.contactSphereTriangle, target)
        : null;
    }

    function contactSpherePlane(sphere, plane, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactSpherePlane", [sphere, plane, target])
          : live.queries.contactSpherePlane(sphere, plane, target);
      }
      let code;
      state = BUSY;
      try {
        putSphere(sphere, 0);
        putPlane(plane, 4);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactSpherePlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactSpherePlane(sphere, plane, target);
        throw fail(SPEC.contactSpherePlane, [sphere, plane, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactSpherePlane, code, io);
      return code === 1 ? outContactHit(SPEC.contactSpherePlane, target) : null;
    }

    function sphereCastCapsule(start, end, radius, capsule, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("sphereCastCapsule", [start, end, radius, capsule, result])
          : live.queries.sphereCastCapsule(start, end, radius, capsule, result);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putNumber(radius, 6);
        putCapsule(capsule, 7);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_sphereCastCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.sphereCastCapsule(
            start,
            end,
            radius,
            capsule,
            result,
          );
        throw fail(
          SPEC.sphereCastCapsule,
          [start, end, radius, capsule, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.sphereCastCapsule, code, io);
      return code === 1
        ? outShapeCastHit(SPEC.sphereCastCapsule, result)
        : null;
    }

    function sphereCastAABB(start, end, radius, box, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("sphereCastAABB", [start, end, radius, box, result])
          : live.queries.sphereCastAABB(start, end, radius, box, result);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putNumber(radius, 6);
        putAABB(box, 7);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_sphereCastAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.sphereCastAABB(start, end, radius, box, result);
        throw fail(
          SPEC.sphereCastAABB,
          [start, end, radius, box, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.sphereCastAABB, code, io);
      return code === 1 ? outShapeCastHit(SPEC.sphereCastAABB, result) : null;
    }

    function sphereCastOBB(start, end, radius, box, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("sphereCastOBB", [start, end, radius, box, result])
          : live.queries.sphereCastOBB(start, end, radius, box, result);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putNumber(radius, 6);
        putOBB(box, 7);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_sphereCastOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.sphereCastOBB(start, end, radius, box, result);
        throw fail(
          SPEC.sphereCastOBB,
          [start, end, radius, box, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.sphereCastOBB, code, io);
      return code === 1 ? outShapeCastHit(SPEC.sphereCastOBB, result) : null;
    }

    function sphereCastTriangle(start, end, radius, triangle, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("sphereCastTriangle", [start, end, radius, triangle, result])
          : live.queries.sphereCastTriangle(
              start,
              end,
              radius,
              triangle,
              result,
            );
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putNumber(radius, 6);
        putTriangle(triangle, 7);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_sphereCastTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.sphereCastTriangle(
            start,
            end,
            radius,
            triangle,
            result,
          );
        throw fail(
          SPEC.sphereCastTriangle,
          [start, end, radius, triangle, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.sphereCastTriangle, code, io);
      return code === 1
        ? outShapeCastHit(SPEC.sphereCastTriangle, result)
        : null;
    }

    function sphereCastPlane(start, end, radius, plane, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("sphereCastPlane", [start, end, radius, plane, result])
          : live.queries.sphereCastPlane(start, end, radius, plane, result);
      }
      let code;
      state = BUSY;
      try {
        putVec3(start, 0);
        putVec3(end, 3);
        putNumber(radius, 6);
        putPlane(plane, 7);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_sphereCastPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.sphereCastPlane(
            start,
            end,
            radius,
            plane,
            result,
          );
        throw fail(
          SPEC.sphereCastPlane,
          [start, end, radius, plane, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.sphereCastPlane, code, io);
      return code === 1 ? outShapeCastHit(SPEC.sphereCastPlane, result) : null;
    }

    function contactCapsuleCapsule(a, b, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactCapsuleCapsule", [a, b, target])
          : live.queries.contactCapsuleCapsule(a, b, target);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(a, 0);
        putCapsule(b, 7);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactCapsuleCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactCapsuleCapsule(a, b, target);
        throw fail(SPEC.contactCapsuleCapsule, [a, b, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactCapsuleCapsule, code, io);
      return code === 1
        ? outContactHit(SPEC.contactCapsuleCapsule, target)
        : null;
    }

    function contactCapsuleAABB(capsule, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactCapsuleAABB", [capsule, box, target])
          : live.queries.contactCapsuleAABB(capsule, box, target);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putAABB(box, 7);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactCapsuleAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactCapsuleAABB(capsule, box, target);
        throw fail(SPEC.contactCapsuleAABB, [capsule, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactCapsuleAABB, code, io);
      return code === 1 ? outContactHit(SPEC.contactCapsuleAABB, target) : null;
    }

    function contactCapsuleOBB(capsule, box, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactCapsuleOBB", [capsule, box, target])
          : live.queries.contactCapsuleOBB(capsule, box, target);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putOBB(box, 7);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactCapsuleOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactCapsuleOBB(capsule, box, target);
        throw fail(SPEC.contactCapsuleOBB, [capsule, box, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactCapsuleOBB, code, io);
      return code === 1 ? outContactHit(SPEC.contactCapsuleOBB, target) : null;
    }

    function contactCapsuleTriangle(capsule, triangle, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactCapsuleTriangle", [capsule, triangle, target])
          : live.queries.contactCapsuleTriangle(capsule, triangle, target);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putTriangle(triangle, 7);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactCapsuleTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactCapsuleTriangle(capsule, triangle, target);
        throw fail(
          SPEC.contactCapsuleTriangle,
          [capsule, triangle, target],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactCapsuleTriangle, code, io);
      return code === 1
        ? outContactHit(SPEC.contactCapsuleTriangle, target)
        : null;
    }

    function contactCapsulePlane(capsule, plane, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactCapsulePlane", [capsule, plane, target])
          : live.queries.contactCapsulePlane(capsule, plane, target);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putPlane(plane, 7);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactCapsulePlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactCapsulePlane(capsule, plane, target);
        throw fail(SPEC.contactCapsulePlane, [capsule, plane, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactCapsulePlane, code, io);
      return code === 1
        ? outContactHit(SPEC.contactCapsulePlane, target)
        : null;
    }

    function capsuleCastSphere(capsule, translation, sphere, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("capsuleCastSphere", [capsule, translation, sphere, result])
          : live.queries.capsuleCastSphere(
              capsule,
              translation,
              sphere,
              result,
            );
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putVec3(translation, 7);
        putSphere(sphere, 10);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_capsuleCastSphere(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.capsuleCastSphere(
            capsule,
            translation,
            sphere,
            result,
          );
        throw fail(
          SPEC.capsuleCastSphere,
          [capsule, translation, sphere, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.capsuleCastSphere, code, io);
      return code === 1
        ? outShapeCastHit(SPEC.capsuleCastSphere, result)
        : null;
    }

    function capsuleCastCapsule(capsule, translation, target, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("capsuleCastCapsule", [capsule, translation, target, result])
          : live.queries.capsuleCastCapsule(
              capsule,
              translation,
              target,
              result,
            );
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putVec3(translation, 7);
        putCapsule(target, 10);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_capsuleCastCapsule(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.capsuleCastCapsule(
            capsule,
            translation,
            target,
            result,
          );
        throw fail(
          SPEC.capsuleCastCapsule,
          [capsule, translation, target, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.capsuleCastCapsule, code, io);
      return code === 1
        ? outShapeCastHit(SPEC.capsuleCastCapsule, result)
        : null;
    }

    function capsuleCastAABB(capsule, translation, box, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("capsuleCastAABB", [capsule, translation, box, result])
          : live.queries.capsuleCastAABB(capsule, translation, box, result);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putVec3(translation, 7);
        putAABB(box, 10);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_capsuleCastAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.capsuleCastAABB(
            capsule,
            translation,
            box,
            result,
          );
        throw fail(
          SPEC.capsuleCastAABB,
          [capsule, translation, box, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.capsuleCastAABB, code, io);
      return code === 1 ? outShapeCastHit(SPEC.capsuleCastAABB, result) : null;
    }

    function capsuleCastOBB(capsule, translation, box, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("capsuleCastOBB", [capsule, translation, box, result])
          : live.queries.capsuleCastOBB(capsule, translation, box, result);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putVec3(translation, 7);
        putOBB(box, 10);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_capsuleCastOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.capsuleCastOBB(capsule, translation, box, result);
        throw fail(
          SPEC.capsuleCastOBB,
          [capsule, translation, box, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.capsuleCastOBB, code, io);
      return code === 1 ? outShapeCastHit(SPEC.capsuleCastOBB, result) : null;
    }

    function capsuleCastTriangle(capsule, translation, triangle, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("capsuleCastTriangle", [
              capsule,
              translation,
              triangle,
              result,
            ])
          : live.queries.capsuleCastTriangle(
              capsule,
              translation,
              triangle,
              result,
            );
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putVec3(translation, 7);
        putTriangle(triangle, 10);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_capsuleCastTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.capsuleCastTriangle(
            capsule,
            translation,
            triangle,
            result,
          );
        throw fail(
          SPEC.capsuleCastTriangle,
          [capsule, translation, triangle, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.capsuleCastTriangle, code, io);
      return code === 1
        ? outShapeCastHit(SPEC.capsuleCastTriangle, result)
        : null;
    }

    function capsuleCastPlane(capsule, translation, plane, result) {
      if (state !== generation) {
        return state === BUSY
          ? nested("capsuleCastPlane", [capsule, translation, plane, result])
          : live.queries.capsuleCastPlane(capsule, translation, plane, result);
      }
      let code;
      state = BUSY;
      try {
        putCapsule(capsule, 0);
        putVec3(translation, 7);
        putPlane(plane, 10);
        if (result !== undefined) checkShapeCastHitTarget(result);
        if (io.length === 0) throw GREW;
        code = np_capsuleCastPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.capsuleCastPlane(
            capsule,
            translation,
            plane,
            result,
          );
        throw fail(
          SPEC.capsuleCastPlane,
          [capsule, translation, plane, result],
          error,
        );
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.capsuleCastPlane, code, io);
      return code === 1 ? outShapeCastHit(SPEC.capsuleCastPlane, result) : null;
    }

    function contactAABBAABB(a, b, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactAABBAABB", [a, b, target])
          : live.queries.contactAABBAABB(a, b, target);
      }
      let code;
      state = BUSY;
      try {
        putAABB(a, 0);
        putAABB(b, 6);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactAABBAABB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.contactAABBAABB(a, b, target);
        throw fail(SPEC.contactAABBAABB, [a, b, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactAABBAABB, code, io);
      return code === 1 ? outContactHit(SPEC.contactAABBAABB, target) : null;
    }

    function contactAABBOBB(a, b, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactAABBOBB", [a, b, target])
          : live.queries.contactAABBOBB(a, b, target);
      }
      let code;
      state = BUSY;
      try {
        putAABB(a, 0);
        putOBB(b, 6);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactAABBOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.contactAABBOBB(a, b, target);
        throw fail(SPEC.contactAABBOBB, [a, b, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactAABBOBB, code, io);
      return code === 1 ? outContactHit(SPEC.contactAABBOBB, target) : null;
    }

    function contactAABBTriangle(box, triangle, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactAABBTriangle", [box, triangle, target])
          : live.queries.contactAABBTriangle(box, triangle, target);
      }
      let code;
      state = BUSY;
      try {
        putAABB(box, 0);
        putTriangle(triangle, 6);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactAABBTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactAABBTriangle(box, triangle, target);
        throw fail(SPEC.contactAABBTriangle, [box, triangle, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactAABBTriangle, code, io);
      return code === 1
        ? outContactHit(SPEC.contactAABBTriangle, target)
        : null;
    }

    function contactAABBPlane(box, plane, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactAABBPlane", [box, plane, target])
          : live.queries.contactAABBPlane(box, plane, target);
      }
      let code;
      state = BUSY;
      try {
        putAABB(box, 0);
        putPlane(plane, 6);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactAABBPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactAABBPlane(box, plane, target);
        throw fail(SPEC.contactAABBPlane, [box, plane, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactAABBPlane, code, io);
      return code === 1 ? outContactHit(SPEC.contactAABBPlane, target) : null;
    }

    function contactOBBOBB(a, b, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactOBBOBB", [a, b, target])
          : live.queries.contactOBBOBB(a, b, target);
      }
      let code;
      state = BUSY;
      try {
        putOBB(a, 0);
        putOBB(b, 15);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactOBBOBB(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW) return live.queries.contactOBBOBB(a, b, target);
        throw fail(SPEC.contactOBBOBB, [a, b, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactOBBOBB, code, io);
      return code === 1 ? outContactHit(SPEC.contactOBBOBB, target) : null;
    }

    function contactOBBTriangle(box, triangle, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactOBBTriangle", [box, triangle, target])
          : live.queries.contactOBBTriangle(box, triangle, target);
      }
      let code;
      state = BUSY;
      try {
        putOBB(box, 0);
        putTriangle(triangle, 15);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactOBBTriangle(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactOBBTriangle(box, triangle, target);
        throw fail(SPEC.contactOBBTriangle, [box, triangle, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactOBBTriangle, code, io);
      return code === 1 ? outContactHit(SPEC.contactOBBTriangle, target) : null;
    }

    function contactOBBPlane(box, plane, target) {
      if (state !== generation) {
        return state === BUSY
          ? nested("contactOBBPlane", [box, plane, target])
          : live.queries.contactOBBPlane(box, plane, target);
      }
      let code;
      state = BUSY;
      try {
        putOBB(box, 0);
        putPlane(plane, 15);
        if (target !== undefined) checkContactHitTarget(target);
        if (io.length === 0) throw GREW;
        code = np_contactOBBPlane(ptr);
      } catch (error) {
        state = live.generation;
        if (error === GREW)
          return live.queries.contactOBBPlane(box, plane, target);
        throw fail(SPEC.contactOBBPlane, [box, plane, target], error);
      }
      state = generation;
      if (code < 0) throw rangeError(SPEC.contactOBBPlane, code, io);
      return code === 1 ? outContactHit(SPEC.contactOBBPlane, target) : null;
    }

    const queries = {
      closestPointOnAABB,
      distancePointAABB,
      overlapSphereAABB,
      linecastAABB,
      raycastAABB,
      overlapOBBOBB,
      separatingAxisOBBOBB,
      sphereCastSphere,
      closestPointOnSegment,
      distancePointSegment,
      closestPointOnSphere,
      distancePointSphere,
      closestPointOnCapsule,
      distancePointCapsule,
      closestPointOnOBB,
      distancePointOBB,
      closestPointOnTriangle,
      distancePointTriangle,
      closestPointOnPlane,
      distancePointPlane,
      signedDistancePointPlane,
      raycastSphere,
      linecastSphere,
      raycastCapsule,
      linecastCapsule,
      raycastOBB,
      linecastOBB,
      raycastTriangle,
      linecastTriangle,
      raycastPlane,
      linecastPlane,
      overlapSphereSphere,
      overlapSphereCapsule,
      overlapSphereOBB,
      overlapSphereTriangle,
      overlapSpherePlane,
      overlapCapsulePlane,
      overlapAABBPlane,
      overlapOBBPlane,
      overlapTrianglePlane,
      overlapAABBAABB,
      overlapAABBOBB,
      overlapAABBTriangle,
      overlapOBBTriangle,
      overlapTriangleTriangle,
      closestPointsSegmentSegment,
      overlapCapsuleCapsule,
      overlapCapsuleAABB,
      overlapCapsuleOBB,
      overlapCapsuleTriangle,
      contactSphereSphere,
      contactSphereCapsule,
      contactSphereAABB,
      contactSphereOBB,
      contactSphereTriangle,
      contactSpherePlane,
      sphereCastCapsule,
      sphereCastAABB,
      sphereCastOBB,
      sphereCastTriangle,
      sphereCastPlane,
      contactCapsuleCapsule,
      contactCapsuleAABB,
      contactCapsuleOBB,
      contactCapsuleTriangle,
      contactCapsulePlane,
      capsuleCastSphere,
      capsuleCastCapsule,
      capsuleCastAABB,
      capsuleCastOBB,
      capsuleCastTriangle,
      capsuleCastPlane,
      contactAABBAABB,
      contactAABBOBB,
      contactAABBTriangle,
      contactAABBPlane,
      contactOBBOBB,
      contactOBBTriangle,
      contactOBBPlane,
    };
    // END GENERATED wrappers
    return queries;
  }
  const first = module.ioBuffer();
  live = { generation: 0, io: first, queries: views(first, 0) };

  // What the objects in the module's memory (meshes, trees of boxes) share with the single calls.
  const objectEnv = {
    allocate,
    release,
    renew,
    ptr,
    io: () => live.io,
    busy: () => state === BUSY,
    schema,
    fail,
    rangeError,
  };
  const api = {
    ...live.queries,
    // The queries over many inputs at once (flat Float32Arrays): web/lib/batch.js.
    batch: createBatch(module, allocate, release, module.orthonormalTolerance),
    // Meshes with a BVH in the module's memory: web/lib/mesh.js.
    createMesh: createMeshFactory(module, objectEnv),
    // Trees of boxes, refitted as they move: web/lib/aabb_tree.js.
    createAABBTree: createAABBTreeFactory(module, objectEnv),
    OBB_AXIS_NAMES,
    tolerances: Object.freeze({
      orthonormal: module.orthonormalTolerance,
      obbEdgeAxisSlack: module.obbEdgeAxisSlack,
    }),
  };
  // Internals for the package's own tests (memory growth): not enumerable, not part of the API.
  Object.defineProperty(api, Symbol.for("narrowphase.internals"), {
    value: Object.freeze({
      allocate,
      release,
      memoryBytes: () => module.HEAPU8.length,
      heapBytesInUse: () => module.heapBytesInUse(),
      generation: () => live.generation,
    }),
  });
  return Object.freeze(api);
}
