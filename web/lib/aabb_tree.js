// narrowphase: np.createAABBTree, a BVH over boxes in the module's memory (cpp/include/narrowphase/aabb_tree.h),
// built as web/lib/mesh.js builds a mesh.
//
// Set-up validates every element of the caller's array, copies it into memory from `allocate` (as doubles) and
// hands it to _np_tree_create, which copies the boxes into the tree and builds it; the staging memory is released
// at once. The tree's handle (its address) stays in a private field; `dispose()` frees it, and a
// FinalizationRegistry frees a tree that was garbage-collected without it. `updateAll` checks the array's type
// and length, copies it into the tree's own staging buffer (reserved at creation, its address fixed: no
// allocation per frame), and the module checks every box there (in SIMD lanes, 2-3x faster than this file's
// loop over the numbers) before it touches the tree: on a bad box it returns the box's index, the tree
// unchanged, and the error is built from the caller's own array as createAABBTree's.
//
// Queries use the flat exports' calling convention through the shared I/O buffer, as the mesh's do
// (web/lib/objects.js).

import {
  checkOut,
  createObjectKit,
  describe,
  number,
  shapeNumbers,
} from "./objects.js";

const FIELDS = ["minx", "miny", "minz", "maxx", "maxy", "maxz"];

// The boxes of `aabbs` (a Float32Array or Float64Array, six numbers per box): a TypeError for another type, a
// RangeError for a length that is not `6 * expected` (a multiple of 6 when `expected` is undefined), each naming
// `name` (the function) and `arg`. Returns the number of boxes.
function checkShape(name, arg, aabbs, expected) {
  if (!(aabbs instanceof Float32Array || aabbs instanceof Float64Array))
    throw new TypeError(
      `${name}: ${arg} is ${describe(aabbs)}, expected a Float32Array or Float64Array (minx, miny, minz, maxx, maxy, maxz per box)`,
    );
  const length = aabbs.length;
  if (expected === undefined ? length % 6 !== 0 : length !== 6 * expected)
    throw new RangeError(
      expected === undefined
        ? `${name}: ${arg} has length ${length}, expected a multiple of 6 (minx, miny, minz, maxx, maxy, maxz per box)`
        : `${name}: ${arg} has length ${length}, expected ${6 * expected} (6 numbers for each of the tree's ${expected} boxes)`,
    );
  return length / 6;
}

// checkShape, then every number element by element: a RangeError for a non-finite number or min > max, naming
// `name`, `arg` and the element index. Returns the number of boxes.
function checkBoxes(name, arg, aabbs, expected) {
  const length = 6 * checkShape(name, arg, aabbs, expected);
  // One pass: each box's six numbers are finite (x - x is 0 exactly for finite x)
  // and min <= max; the first bad element is then found for the message.
  for (let i = 0; i < length; i += 6) {
    const x0 = aabbs[i],
      y0 = aabbs[i + 1],
      z0 = aabbs[i + 2],
      x1 = aabbs[i + 3],
      y1 = aabbs[i + 4],
      z1 = aabbs[i + 5];
    if (
      x0 - x0 + (y0 - y0) + (z0 - z0) + (x1 - x1) + (y1 - y1) + (z1 - z1) !==
        0 ||
      x0 > x1 ||
      y0 > y1 ||
      z0 > z1
    )
      throw badBox(name, arg, aabbs, i);
  }
  return length / 6;
}

// The error for the box at aabbs[i..i+5], which has a non-finite number or min > max.
function badBox(name, arg, aabbs, i) {
  for (let k = i; k < i + 6; k++) {
    const v = aabbs[k];
    if (v - v !== 0)
      return new RangeError(
        `${name}: ${arg}[${k}] (box ${i / 6}, ${FIELDS[k - i]}) is ${v}, expected a finite number`,
      );
  }
  for (let a = 0; a < 3; a++)
    if (aabbs[i + a] > aabbs[i + 3 + a])
      return new RangeError(
        `${name}: ${arg}[${i + a}] (box ${i / 6}, ${FIELDS[a]}) is ${aabbs[i + a]}, expected <= ${arg}[${i + 3 + a}] (${FIELDS[a + 3]}) = ${aabbs[i + 3 + a]}`,
      );
  return new RangeError(`${name}: ${arg}[${i}]: a bad box`); // (not reached)
}

/**
 * The tree factory over a loaded module; `env` is what web/lib/index.js shares with the mesh factory (the
 * allocator, the I/O buffer and the error builders: see createObjectKit in web/lib/objects.js).
 */
export function createAABBTreeFactory(module, env) {
  const { release, renew, schema, fail } = env;
  const np_create = module._np_tree_create;
  const np_destroy = module._np_tree_destroy;
  const {
    registry,
    shapeQueries,
    shapeArgument,
    call,
    raycast,
    foundIndices,
    stageDoubles,
  } = createObjectKit(module, env, np_destroy);
  const np_memoryBytes = module._np_tree_memory_bytes;
  const np_update = module._np_tree_update;
  const np_staging = module._np_tree_staging;
  const np_updateAll = module._np_tree_updateAll;
  const np_raycast = module._np_tree_raycast;
  const np_found = module._np_tree_found;
  const OVERLAPS = shapeQueries("boxes", [
    ["boxesInAABB", "box", "aabb", module._np_tree_boxesInAABB],
    ["boxesInSphere", "sphere", "sphere", module._np_tree_boxesInSphere],
  ]);
  const SPEC = {
    raycast: schema("boxes.raycast", [
      ["ray", "ray"],
      ["maxDistance", "number", true, "a number >= 0 (Infinity allowed)"],
      ["target", "target", true, ["point", "normal"]],
    ]),
    update: schema("boxes.update", [
      ["index", "number"],
      ["box", "aabb"],
    ]),
  };
  class AABBTree {
    #handle;
    #count;
    #found; // the address of the tree's result buffer (room for every box, fixed)
    #staging; // the address of its updateAll staging buffer (6 doubles per box, fixed)
    constructor(handle, count) {
      this.#handle = handle;
      this.#count = count;
      this.#found = np_found(handle);
      this.#staging = np_staging(handle);
    }
    #live(name) {
      if (this.#handle === 0)
        throw new Error(`boxes.${name}: the tree was disposed`);
      return this.#handle;
    }
    /** The number of boxes. */
    get count() {
      this.#live("count");
      return this.#count;
    }
    /** Bytes the tree holds in the module's memory in all. */
    get memoryBytes() {
      return np_memoryBytes(this.#live("memoryBytes"));
    }

    update(index, box) {
      this.#live("update");
      let v;
      try {
        number(index);
        v = shapeNumbers("aabb", box);
      } catch (error) {
        throw fail(SPEC.update, [index, box], error);
      }
      if (!(Number.isInteger(index) && index >= 0 && index < this.#count))
        throw new RangeError(
          `boxes.update: index is ${index}, expected an integer in [0, ${this.#count}) (the tree's boxes)`,
        );
      call(SPEC.update, np_update, this.#live("update"), [index, ...v]);
    }

    updateAll(aabbs) {
      const handle = this.#live("updateAll");
      checkShape("boxes.updateAll", "aabbs", aabbs, this.#count);
      new Float64Array(module.HEAPU8.buffer, this.#staging, aabbs.length).set(
        aabbs,
      );
      // The module checks the copy (the same rules as checkBoxes: a Float32Array's numbers are exact as
      // doubles) and refits only when every box is valid; else the first bad box's index, the tree unchanged.
      const bad = np_updateAll(handle);
      if (bad >= 0) throw badBox("boxes.updateAll", "aabbs", aabbs, 6 * bad);
    }

    raycast(ray, maxDistance = Infinity, target) {
      this.#live("raycast");
      return raycast(
        SPEC.raycast,
        np_raycast,
        () => this.#live("raycast"),
        ray,
        maxDistance,
        target,
        "index",
      );
    }

    // The overlap queries: the shape into the buffer, the export writes the indices into the tree's own result
    // buffer (which never grows) and returns their count (or an error code).
    #query(member, shape, out) {
      this.#live(member);
      const { spec, kind, fn } = OVERLAPS[member];
      const v = shapeArgument(spec, kind, shape);
      checkOut(spec, out);
      const count = call(spec, fn, this.#live(member), v);
      return foundIndices(this.#found, count, out);
    }
    boxesInAABB(box, out) {
      return this.#query("boxesInAABB", box, out);
    }
    boxesInSphere(sphere, out) {
      return this.#query("boxesInSphere", sphere, out);
    }

    /** Frees the tree's memory now. Later calls on it throw; a second dispose() does nothing. */
    dispose() {
      const handle = this.#handle;
      if (handle === 0) return;
      this.#handle = 0;
      registry.unregister(this);
      np_destroy(handle);
    }
  }
  Object.defineProperty(AABBTree, "name", { value: "NarrowphaseAABBTree" });

  /** np.createAABBTree(aabbs): see index.d.ts. */
  function createAABBTree(aabbs) {
    const count = checkBoxes("createAABBTree", "aabbs", aabbs);
    const address = stageDoubles(aabbs);
    let handle = 0;
    try {
      handle = np_create(address, count);
    } finally {
      release(address);
      renew(); // building may have grown the memory
    }
    if (handle === 0)
      throw new RangeError(
        `createAABBTree: could not allocate the tree of ${count} boxes in WASM memory`,
      );
    const tree = new AABBTree(handle, count);
    registry.register(tree, handle, tree);
    return tree;
  }
  return createAABBTree;
}
