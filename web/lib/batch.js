// narrowphase: np.batch, the queries over many inputs at once (flat Float32Arrays; cpp/include/narrowphase/batch.h).
//
// Inputs travel through one fixed region of the module's memory, allocated on the first batch call and never
// again: a chunk of each input (CHUNK elements) and a staging area for outputs (STAGE elements). The kernels
// validate every element of what they are given and return the first invalid element's index; in WASM they
// validate as they compute, so they may have written answers by then. So that nothing reaches `out` on an
// error:
//   - n <= STAGE: one pass. Chunk by chunk, the inputs are copied in and validated, and the answers computed into
//     the staging area; only after the last chunk are they copied to `out`.
//   - n > STAGE: two passes. The first copies and validates every chunk (no answers); the second copies each
//     chunk again, computes it and copies its answers to `out`.
// Memory therefore grows once, by REGION_BYTES, and never again, whatever n.
//
// Inputs that already live in the module's memory (arrays from np.batch.allocate) are read in place: no copy,
// one kernel call over all n, the answers staged as above (past the staging area: one call that only validates,
// then the answers written to an `out` in the module's memory directly, or staged for one elsewhere).

/** Elements per chunk of input copied into the module's memory. */
export const CHUNK = 4096;
/** Elements whose answers one pass can stage (4 bytes each at most). */
export const STAGE = 1 << 20;
const MAX_STRIDE = 15; // floats per element of the widest input (an OBB)
const REGION_BYTES = 2 * CHUNK * MAX_STRIDE * 4 + STAGE * 4;

// Each element's fields, in its flat layout, as error messages name them.
const xyz = (p) => [`${p}.x`, `${p}.y`, `${p}.z`];
const LAYOUTS = {
  sphere: { noun: "sphere", fields: [...xyz("center"), "radius"] },
  aabb: { noun: "box", fields: [...xyz("min"), ...xyz("max")] },
  point: { noun: "point", fields: ["x", "y", "z"] },
  ray: { noun: "ray", fields: [...xyz("origin"), ...xyz("direction")] },
  obb: {
    noun: "box",
    fields: [
      ...xyz("center"),
      ...xyz("halfSize"),
      ...Array.from({ length: 9 }, (_, k) => `rotation[${k}]`),
    ],
  },
  cast: { noun: "cast", fields: [...xyz("start"), ...xyz("end"), "radius"] },
};
for (const layout of Object.values(LAYOUTS)) {
  layout.stride = layout.fields.length;
  layout.plural = layout.noun === "box" ? "boxes" : `${layout.noun}s`;
}

// The batch functions: [name, first input [argument, layout], second input, output type, has maxDistance].
const FUNCTIONS = [
  [
    "overlapSphereAABB",
    ["spheres", "sphere"],
    ["boxes", "aabb"],
    Uint8Array,
    false,
  ],
  [
    "distancePointAABB",
    ["points", "point"],
    ["boxes", "aabb"],
    Float32Array,
    false,
  ],
  ["raycastAABB", ["rays", "ray"], ["boxes", "aabb"], Float32Array, true],
  ["overlapOBBOBB", ["a", "obb"], ["b", "obb"], Uint8Array, false],
  [
    "sphereCastSphere",
    ["casts", "cast"],
    ["targets", "sphere"],
    Float32Array,
    false,
  ],
];

function describe(value) {
  if (value === null) return "null";
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (Array.isArray(value)) return "an Array";
  return typeof value === "object"
    ? "an object"
    : `${typeof value} ${String(value)}`;
}

// The first problem of element i of `array` (layout `kind`), by the single calls' rules (validate.cpp) in the
// order of its fields: "<field> is <value>, expected ..." or null when the element is valid.
function problemOf(kind, array, i, tolerance) {
  const { fields, stride } = LAYOUTS[kind];
  const v = (k) => array[i * stride + k];
  const at = (k) => `${fields[k]} (index ${i * stride + k})`;
  for (let k = 0; k < stride; k++)
    if (!Number.isFinite(v(k)))
      return `${at(k)} is ${v(k)}, expected a finite number`;
  switch (kind) {
    case "sphere":
      if (v(3) < 0) return `${at(3)} is ${v(3)}, expected a value >= 0`;
      return null;
    case "cast":
      if (v(6) < 0) return `${at(6)} is ${v(6)}, expected a value >= 0`;
      return null;
    case "aabb":
      for (let k = 0; k < 3; k++)
        if (v(k) > v(k + 3))
          return `${at(k)} > ${fields[k + 3]} (${v(k)} > ${v(k + 3)}): min must not exceed max`;
      return null;
    case "ray":
      if (v(3) === 0 && v(4) === 0 && v(5) === 0)
        return `direction (index ${i * stride + 3}) is (${v(3)}, ${v(4)}, ${v(5)}), expected a non-zero direction`;
      return null;
    case "obb": {
      for (let k = 3; k < 6; k++)
        if (v(k) < 0) return `${at(k)} is ${v(k)}, expected a value >= 0`;
      // Columns unit and perpendicular within the tolerance, in double (as the C++ does, in the same order).
      for (let a = 0; a < 3; a++)
        for (let b = a; b < 3; b++) {
          const dot =
            v(6 + 3 * a) * v(6 + 3 * b) +
            v(7 + 3 * a) * v(7 + 3 * b) +
            v(8 + 3 * a) * v(8 + 3 * b);
          if (!(Math.abs(dot - (a === b ? 1 : 0)) <= tolerance))
            return `rotation (index ${i * stride + 6}) is not orthonormal within ${tolerance.toExponential()} (column ${a} · column ${b} = ${dot}; scaled or sheared rotations are not supported)`;
        }
      return null;
    }
    default:
      return null;
  }
}

/**
 * np.batch over a loaded module. `allocate(bytes)` and `release(address)` are the API's allocator (it renews the
 * single calls' views when memory grows).
 */
export function createBatch(module, allocate, release, tolerance) {
  // The raw exports, settled with an empty call (n = 0) so that the hot path calls the export itself.
  const kernel = (name) => {
    const f = module[`_np_batch_${name}`];
    if (name === "raycastAABB") f(0, 0, 0, 0, 0);
    else f(0, 0, 0, 0);
    return module[`_np_batch_${name}`];
  };
  const kernels = Object.fromEntries(
    FUNCTIONS.map(([name]) => [name, kernel(name)]),
  );

  let region = 0; // the fixed region's address: 0 until the first batch call
  let buffer = null; // the memory the views below were made over
  let inA, inB, stageU8, stageF32;
  function views() {
    if (region === 0) region = allocate(REGION_BYTES);
    buffer = module.HEAPU8.buffer;
    inA = new Float32Array(buffer, region, CHUNK * MAX_STRIDE);
    inB = new Float32Array(
      buffer,
      region + CHUNK * MAX_STRIDE * 4,
      CHUNK * MAX_STRIDE,
    );
    stageU8 = new Uint8Array(
      buffer,
      region + 2 * CHUNK * MAX_STRIDE * 4,
      STAGE,
    );
    stageF32 = new Float32Array(
      buffer,
      region + 2 * CHUNK * MAX_STRIDE * 4,
      STAGE,
    );
  }

  // Arrays in the module's memory (np.batch.allocate), for batches read in place: address and length by array.
  const allocated = new WeakMap();

  function make(name, [argA, kindA], [argB, kindB], Out, hasMax) {
    const fn = `batch.${name}`;
    // An array from np.batch.allocate that was freed, or made over memory that has since grown (detached).
    function stale(array, arg) {
      const entry = allocated.get(array);
      if (entry === undefined) return;
      if (entry.freed)
        throw new TypeError(`${fn}: ${arg} was freed (np.batch.free)`);
      if (array.length !== entry.length)
        throw new TypeError(
          `${fn}: ${arg} was made over the module's memory before it grew, which detached it: pass np.batch.view(${arg})`,
        );
    }
    const strideA = LAYOUTS[kindA].stride;
    const strideB = LAYOUTS[kindB].stride;
    const run = kernels[name];
    const outBytes = Out.BYTES_PER_ELEMENT;

    function check(array, arg, stride, kind) {
      if (!(array instanceof Float32Array))
        throw new TypeError(
          `${fn}: ${arg} is ${describe(array)}, expected a Float32Array`,
        );
      stale(array, arg);
      if (array.length % stride !== 0)
        throw new RangeError(
          `${fn}: ${arg}.length is ${array.length}, expected a multiple of ${stride} ([${LAYOUTS[kind].fields.join(", ")}] per ${LAYOUTS[kind].noun})`,
        );
      return array.length / stride;
    }
    const overlaps = (x, y) =>
      x.byteOffset < y.byteOffset + y.byteLength &&
      y.byteOffset < x.byteOffset + x.byteLength;

    // Throws the RangeError for element i (the first the kernel found invalid).
    function invalid(a, b, i) {
      const inA = problemOf(kindA, a, i, tolerance);
      const problem = inA ?? problemOf(kindB, b, i, tolerance);
      const [arg, stride] = inA !== null ? [argA, strideA] : [argB, strideB];
      const error = new RangeError(
        problem === null
          ? `${fn}: element ${i} is invalid`
          : `${fn}: ${arg} element ${i} (${arg}[${i * stride}..${(i + 1) * stride - 1}]): ${problem}`,
      );
      error.index = i;
      return error;
    }

    // The query itself (maxDistance 0 for the functions without one). Straight-line on the way in: no rest
    // parameters, closures or subarrays for a batch that fits one chunk, so that small batches stay cheap.
    function query(a, b, maxDistance, out) {
      const n = check(a, argA, strideA, kindA);
      const nb = check(b, argB, strideB, kindB);
      if (nb !== n)
        throw new RangeError(
          `${fn}: ${argA} holds ${n} ${LAYOUTS[kindA].plural} (length ${a.length}) and ${argB} ${nb} ${LAYOUTS[kindB].plural} (length ${b.length}): element i of each is paired, expected the same count`,
        );
      if (hasMax) {
        if (typeof maxDistance !== "number")
          throw new TypeError(
            `${fn}: maxDistance is ${describe(maxDistance)}, expected a number`,
          );
        if (!(maxDistance >= 0))
          throw new RangeError(
            `${fn}: maxDistance is ${maxDistance}, expected a number >= 0 (Infinity allowed)`,
          );
      }
      let result;
      if (out === undefined || out === null) result = new Out(n);
      else {
        if (!(out instanceof Out))
          throw new TypeError(
            `${fn}: out is ${describe(out)}, expected a ${Out.name}`,
          );
        stale(out, "out");
        if (out.length < n)
          throw new RangeError(
            `${fn}: out.length is ${out.length}, expected at least ${n}`,
          );
        const bufOut = out.buffer;
        if (
          (bufOut === a.buffer && overlaps(out, a)) ||
          (bufOut === b.buffer && overlaps(out, b))
        )
          throw new RangeError(
            `${fn}: out shares memory with ${bufOut === a.buffer && overlaps(out, a) ? argA : argB}, expected a separate array`,
          );
        result = out.length === n ? out : out.subarray(0, n);
      }
      if (n === 0) return result;

      if (buffer !== module.HEAPU8.buffer) views(); // first use, or memory grew (detaching the views)
      const stage = outBytes === 1 ? stageU8 : stageF32;
      const pStage = stage.byteOffset;
      if (a.buffer === buffer && b.buffer === buffer)
        return inPlace(a, b, maxDistance, result, n, stage);

      const pA = inA.byteOffset;
      const pB = inB.byteOffset;
      if (n <= CHUNK) {
        // One chunk: the inputs as they are, the answers staged, then copied to `out`.
        inA.set(a);
        inB.set(b);
        const bad = hasMax
          ? run(pA, pB, maxDistance, n, pStage)
          : run(pA, pB, n, pStage);
        if (bad >= 0) throw invalid(a, b, bad);
        if (n <= 64) for (let i = 0; i < n; i++) result[i] = stage[i];
        else result.set(stage.subarray(0, n));
        return result;
      }
      if (n <= STAGE) {
        // One pass: validate and compute each chunk into the staging area; `out` only once all is valid.
        for (let start = 0; start < n; start += CHUNK) {
          const m = Math.min(CHUNK, n - start);
          inA.set(a.subarray(start * strideA, (start + m) * strideA));
          inB.set(b.subarray(start * strideB, (start + m) * strideB));
          const pOut = pStage + start * outBytes;
          const bad = hasMax
            ? run(pA, pB, maxDistance, m, pOut)
            : run(pA, pB, m, pOut);
          if (bad >= 0) throw invalid(a, b, start + bad);
        }
        result.set(n === STAGE ? stage : stage.subarray(0, n));
        return result;
      }
      // Two passes: validate everything (no answers), then compute chunk by chunk and copy to `out`.
      for (let pass = 0; pass < 2; pass++) {
        for (let start = 0; start < n; start += CHUNK) {
          const m = Math.min(CHUNK, n - start);
          inA.set(a.subarray(start * strideA, (start + m) * strideA));
          inB.set(b.subarray(start * strideB, (start + m) * strideB));
          const pOut = pass === 0 ? 0 : pStage;
          const bad = hasMax
            ? run(pA, pB, maxDistance, m, pOut)
            : run(pA, pB, m, pOut);
          if (bad >= 0) throw invalid(a, b, start + bad);
          if (pass === 1) result.set(stage.subarray(0, m), start);
        }
      }
      return result;
    }

    // Both inputs in the module's memory (np.batch.allocate): read in place, no copy. The kernels write answers
    // as they validate, so the answers are staged (or, past the staging area, every element validated first)
    // before any reaches `out`, in the module's memory or not.
    function inPlace(a, b, maxDistance, result, n, stage) {
      const kernel = (m, start, pOut) =>
        hasMax
          ? run(
              a.byteOffset + 4 * strideA * start,
              b.byteOffset + 4 * strideB * start,
              maxDistance,
              m,
              pOut,
            )
          : run(
              a.byteOffset + 4 * strideA * start,
              b.byteOffset + 4 * strideB * start,
              m,
              pOut,
            );
      if (n <= STAGE) {
        const bad = kernel(n, 0, stage.byteOffset);
        if (bad >= 0) throw invalid(a, b, bad);
        result.set(n === STAGE ? stage : stage.subarray(0, n));
        return result;
      }
      const bad = kernel(n, 0, 0); // validate only
      if (bad >= 0) throw invalid(a, b, bad);
      if (result.buffer === buffer) {
        kernel(n, 0, result.byteOffset); // all valid: straight into `out`
        return result;
      }
      for (let start = 0; start < n; start += STAGE) {
        const m = Math.min(STAGE, n - start);
        kernel(m, start, stage.byteOffset);
        result.set(stage.subarray(0, m), start);
      }
      return result;
    }

    return hasMax
      ? (a, b, maxDistance, out) =>
          query(a, b, maxDistance === undefined ? Infinity : maxDistance, out)
      : (a, b, out) => query(a, b, 0, out);
  }

  const TYPES = [Float32Array, Uint8Array];
  function owned(fn, array) {
    const entry = allocated.get(array);
    if (entry === undefined || entry.freed)
      throw new TypeError(
        `batch.${fn}: array is ${entry?.freed ? "already freed" : "not an array from np.batch.allocate"}`,
      );
    return entry;
  }
  const batch = {
    /**
     * A Float32Array or Uint8Array of `length` elements (zeroed) in the module's memory: batch calls read
     * inputs there in place and write an `out` there directly. Allocate before use: an allocation may grow the
     * module's memory, which detaches the arrays made before it (`view` gives them back).
     */
    allocate(type, length) {
      if (!TYPES.includes(type))
        throw new TypeError(
          `batch.allocate: type is ${describe(type)}, expected Float32Array or Uint8Array`,
        );
      if (!Number.isInteger(length) || length < 0)
        throw new RangeError(
          `batch.allocate: length is ${length}, expected an integer >= 0`,
        );
      if (region === 0) views(); // the fixed region first, so that no batch call grows memory later
      const address = allocate(Math.max(1, length * type.BYTES_PER_ELEMENT));
      const array = new type(module.HEAPU8.buffer, address, length);
      array.fill(0);
      allocated.set(array, { type, address, length, freed: false });
      return array;
    },
    /** The array from `allocate` over the module's current memory (the same numbers), after memory grew. */
    view(array) {
      const { type, address, length } = owned("view", array);
      const fresh = new type(module.HEAPU8.buffer, address, length);
      allocated.set(fresh, allocated.get(array));
      return fresh;
    },
    /** Frees an array from `allocate` (and every view of it); it must not be used afterwards. */
    free(array) {
      const entry = owned("free", array);
      entry.freed = true;
      release(entry.address);
    },
  };
  for (const [name, a, b, Out, hasMax] of FUNCTIONS) {
    const f = make(name, a, b, Out, hasMax);
    Object.defineProperty(f, "name", { value: name });
    batch[name] = f;
  }
  return Object.freeze(batch);
}
