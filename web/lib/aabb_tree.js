// narrowphase: np.createAABBTree, a BVH over boxes in the module's memory (cpp/include/narrowphase/aabb_tree.h),
// built as web/lib/mesh.js builds a mesh.
//
// Set-up validates every element of the caller's array, copies it into memory from `allocate` (as doubles) and
// hands it to _np_tree_create, which copies the boxes into the tree and builds it; the staging memory is released
// at once. The tree's handle (its address) stays in a private field; `dispose()` frees it, and a
// FinalizationRegistry frees a tree that was garbage-collected without it. `updateAll` validates the whole array
// first, then writes it into the tree's own staging buffer (reserved at creation, its address fixed: no
// allocation per frame) and refits.
//
// Queries use the flat exports' calling convention (narrowphase/flat.h) through the shared I/O buffer, as the
// mesh's do: every input is read into locals before the first write to the buffer, and every output read out of
// it before the first write to a target (the re-entrancy of issue 9); a tree query entered while another query
// holds the buffer puts it back as it found it.

const FIELDS = ["minx", "miny", "minz", "maxx", "maxy", "maxz"];

function describe(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (Array.isArray(value)) return "an Array";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

// The boxes of `aabbs` (a Float32Array or Float64Array, six numbers per box), checked element by element: a
// TypeError for another type, a RangeError for a length that is not `6 * expected` (a multiple of 6 when
// `expected` is undefined), a non-finite number or min > max, each naming `name` (the function), `arg` and the
// element index. Returns the number of boxes.
function checkBoxes(name, arg, aabbs, expected) {
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
  // One pass (updateAll runs every frame): each box's six numbers are finite (x - x is 0 exactly for finite x)
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
 * allocator, the I/O buffer and the error builders: see web/lib/mesh.js).
 */
export function createAABBTreeFactory(module, env) {
  const { allocate, release, renew, ptr, io, busy, schema, fail, rangeError } =
    env;
  const np_create = module._np_tree_create;
  const np_destroy = module._np_tree_destroy;
  const np_memoryBytes = module._np_tree_memory_bytes;
  const np_update = module._np_tree_update;
  const np_staging = module._np_tree_staging;
  const np_updateAll = module._np_tree_updateAll;
  const np_raycast = module._np_tree_raycast;
  const np_found = module._np_tree_found;
  const OVERLAPS = {
    boxesInAABB: {
      spec: schema("boxes.boxesInAABB", [["box", "aabb"]]),
      kind: "aabb",
      fn: module._np_tree_boxesInAABB,
    },
    boxesInSphere: {
      spec: schema("boxes.boxesInSphere", [["sphere", "sphere"]]),
      kind: "sphere",
      fn: module._np_tree_boxesInSphere,
    },
  };
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
  const saved = new Float64Array(32);
  const BAD = new Error("narrowphase: bad argument");

  // Frees the tree of a handle nobody disposed, once its object is garbage-collected.
  const registry = new FinalizationRegistry((handle) => np_destroy(handle));

  function number(v) {
    if (typeof v !== "number") throw BAD;
    return v;
  }
  function setVec3(t, x, y, z) {
    if (t == null) return { x, y, z };
    t.x = x;
    t.y = y;
    t.z = z;
    return t;
  }
  // Calls `fn(buffer)` on the live I/O buffer, restoring it afterwards when another query held it.
  function withBuffer(fn) {
    const buffer = io();
    const held = busy();
    if (held) saved.set(buffer);
    try {
      return fn(buffer);
    } finally {
      if (held) buffer.set(saved);
    }
  }

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
        v = [box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z];
        for (const x of v) number(x);
      } catch (error) {
        throw fail(SPEC.update, [index, box], error);
      }
      if (!(Number.isInteger(index) && index >= 0 && index < this.#count))
        throw new RangeError(
          `boxes.update: index is ${index}, expected an integer in [0, ${this.#count}) (the tree's boxes)`,
        );
      const handle = this.#live("update");
      withBuffer((b) => {
        b[0] = index;
        for (let i = 0; i < 6; i++) b[1 + i] = v[i];
        const code = np_update(handle, ptr);
        if (code < 0) throw rangeError(SPEC.update, code, b);
      });
    }

    updateAll(aabbs) {
      const handle = this.#live("updateAll");
      checkBoxes("boxes.updateAll", "aabbs", aabbs, this.#count);
      new Float64Array(module.HEAPU8.buffer, this.#staging, aabbs.length).set(
        aabbs,
      );
      np_updateAll(handle);
    }

    raycast(ray, maxDistance = Infinity, target) {
      this.#live("raycast");
      let ox, oy, oz, dx, dy, dz;
      try {
        const o = ray.origin,
          d = ray.direction;
        ox = number(o.x);
        oy = number(o.y);
        oz = number(o.z);
        dx = number(d.x);
        dy = number(d.y);
        dz = number(d.z);
        number(maxDistance);
        if (target !== undefined && target !== null) {
          if (typeof target !== "object") throw BAD;
          for (const f of ["point", "normal"])
            if (typeof target[f] !== "object" && target[f] !== undefined)
              throw BAD;
        }
      } catch (error) {
        throw fail(SPEC.raycast, [ray, maxDistance, target], error);
      }
      // (A getter may have disposed the tree.)
      const handle = this.#live("raycast");
      const h = withBuffer((b) => {
        b[0] = ox;
        b[1] = oy;
        b[2] = oz;
        b[3] = dx;
        b[4] = dy;
        b[5] = dz;
        b[6] = maxDistance;
        const code = np_raycast(handle, ptr);
        if (code < 0) throw rangeError(SPEC.raycast, code, b);
        return code === 0 ? null : b.slice(0, 8);
      });
      if (h === null) return null;
      const [distance, px, py, pz, nx, ny, nz, index] = h;
      if (target == null)
        return {
          distance,
          point: { x: px, y: py, z: pz },
          normal: { x: nx, y: ny, z: nz },
          index,
        };
      try {
        target.distance = distance;
        target.point = setVec3(target.point, px, py, pz);
        target.normal = setVec3(target.normal, nx, ny, nz);
        target.index = index;
      } catch (error) {
        throw error instanceof TypeError
          ? new TypeError(
              "boxes.raycast: target could not be written (frozen or read-only)",
              { cause: error },
            )
          : error;
      }
      return target;
    }

    // The overlap queries: the shape into the buffer, the export writes the indices into the tree's own result
    // buffer (which never grows) and returns their count (or an error code).
    #query(member, shape, out) {
      this.#live(member);
      const { spec, kind, fn } = OVERLAPS[member];
      let v;
      try {
        if (kind === "aabb")
          v = [
            shape.min.x,
            shape.min.y,
            shape.min.z,
            shape.max.x,
            shape.max.y,
            shape.max.z,
          ];
        else v = [shape.center.x, shape.center.y, shape.center.z, shape.radius];
        for (const x of v) number(x);
      } catch (error) {
        throw fail(spec, [shape], error);
      }
      if (out != null && !(out instanceof Uint32Array))
        throw new TypeError(
          `${spec.name}: out is ${describe(out)}, expected a Uint32Array (or nothing)`,
        );
      const handle = this.#live(member);
      const count = withBuffer((b) => {
        for (let i = 0; i < v.length; i++) b[i] = v[i];
        const c = fn(handle, ptr);
        if (c < 0) throw rangeError(spec, c, b);
        return c;
      });
      const found = new Uint32Array(module.HEAPU8.buffer, this.#found, count);
      if (out != null && out.length >= count) {
        out.set(found);
        return out.subarray(0, count);
      }
      return found.slice();
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
    const address = allocate(Math.max(8, aabbs.length * 8));
    let handle = 0;
    try {
      new Float64Array(module.HEAPU8.buffer, address, aabbs.length).set(aabbs);
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
