// narrowphase: what the objects in the module's memory share (meshes: web/lib/mesh.js, trees of boxes:
// web/lib/aabb_tree.js), over the `env` that web/lib/index.js hands their factories.
//
// Queries use the flat exports' calling convention (narrowphase/flat.h): inputs go into the shared I/O buffer,
// the export validates them (a negative code names the problem and the slot) and writes its answer back. Every
// input is read into locals before the first write to the buffer, and every output read out of it before the
// first write to a target, so getters and setters that call the library meanwhile (the re-entrancy of issue 9)
// see nothing half-done; a query entered while another query holds the buffer puts it back as it found it.

/** How an error message names a wrong value. */
export function describe(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (Array.isArray(value)) return "an Array";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

/** Fills `t` (or makes a vector when it is null or undefined) and returns it. */
export function setVec3(t, x, y, z) {
  if (t == null) return { x, y, z };
  t.x = x;
  t.y = y;
  t.z = z;
  return t;
}

// Thrown by the readers below for a wrong argument; `fail` turns it into the error naming the field.
export const BAD = new Error("narrowphase: bad argument");

export function number(v) {
  if (typeof v !== "number") throw BAD;
  return v;
}
// A target or result whose fields to fill must be objects (or absent).
export function hitTarget(t, fields) {
  if (t === undefined || t === null) return;
  if (typeof t !== "object") throw BAD;
  for (const f of fields) {
    const v = t[f];
    if (typeof v !== "object" && v !== undefined) throw BAD;
  }
}
export function vec3(v, into) {
  into.push(number(v.x), number(v.y), number(v.z));
}
// A shape's numbers in its flat layout (narrowphase/flat.h), read into a fresh array before the buffer is
// touched (a getter may call the library: a shared scratch array could be overwritten under us).
export function shapeNumbers(kind, s) {
  const v = [];
  switch (kind) {
    case "sphere":
      vec3(s.center, v);
      v.push(number(s.radius));
      break;
    case "capsule":
      vec3(s.start, v);
      vec3(s.end, v);
      v.push(number(s.radius));
      break;
    case "aabb":
      vec3(s.min, v);
      vec3(s.max, v);
      break;
    default: {
      vec3(s.center, v);
      vec3(s.halfSize, v);
      const e = s.rotation.elements;
      if (e.length !== 9) throw BAD;
      for (let i = 0; i < 9; i++) v.push(number(e[i]));
    }
  }
  return v;
}
export function unwritable(spec, error, name = "target") {
  return error instanceof TypeError
    ? new TypeError(
        `${spec.name}: ${name} could not be written (frozen or read-only)`,
        { cause: error },
      )
    : error;
}

// The fields of a ray hit's target that must be objects (or absent).
const HIT_FIELDS = ["point", "normal"];

// That hit into the target (or a new object), the index as its field `id` ("triangle", "index").
export function fillRayHit(spec, h, target, id) {
  if (h === null) return null;
  const [distance, px, py, pz, nx, ny, nz, index] = h;
  return writeRayHit(spec, target, id, distance, px, py, pz, nx, ny, nz, index);
}

// A hit's numbers into the target (or a new object), the index as its field `id`.
function writeRayHit(
  spec,
  target,
  id,
  distance,
  px,
  py,
  pz,
  nx,
  ny,
  nz,
  index,
) {
  if (target == null)
    return {
      distance,
      point: { x: px, y: py, z: pz },
      normal: { x: nx, y: ny, z: nz },
      [id]: index,
    };
  try {
    target.distance = distance;
    target.point = setVec3(target.point, px, py, pz);
    target.normal = setVec3(target.normal, nx, ny, nz);
    target[id] = index;
  } catch (error) {
    throw unwritable(spec, error);
  }
  return target;
}

// An overlap query's `out`: a Uint32Array or nothing.
export function checkOut(spec, out) {
  if (out != null && !(out instanceof Uint32Array))
    throw new TypeError(
      `${spec.name}: out is ${describe(out)}, expected a Uint32Array (or nothing)`,
    );
}

/**
 * The helpers of one kind of object over a loaded module. `env` is what web/lib/index.js shares: the allocator
 * (`allocate`, `release`, `renew` to refresh the views after the module allocated on its own), the I/O buffer
 * (`ptr`, `io()` for its live view, `busy()` while another query holds it), and the error builders `schema`,
 * `fail` and `rangeError` of the single calls. `destroy(handle)` frees an object: the FinalizationRegistry
 * (`registry`) calls it for an object garbage-collected without `dispose()`.
 */
export function createObjectKit(module, env, destroy) {
  const { allocate, ptr, io, busy, schema, fail, rangeError } = env;
  const saved = new Float64Array(32);
  // Frees the object of a handle nobody disposed, once its object is garbage-collected.
  const registry = new FinalizationRegistry((handle) => destroy(handle));

  // Calls `fn(buffer)` on the live I/O buffer, restoring it afterwards when another query held it.
  function withBuffer(fn) {
    const buffer = io();
    const held = busy();
    if (held) saved.set(buffer);
    try {
      return fn(buffer);
    } finally {
      // (A call that grew the memory detached `buffer`; the outer call then starts again: index.js, GREW.)
      if (held && buffer.length !== 0) buffer.set(saved);
    }
  }
  // The queries that take one shape, by member: rows [member, its argument's name, its kind, the export] become
  // { spec (its schema, named `${prefix}.${member}`), kind, fn }.
  function shapeQueries(prefix, rows) {
    const table = {};
    for (const [member, arg, kind, fn] of rows)
      table[member] = {
        spec: schema(`${prefix}.${member}`, [[arg, kind]]),
        kind,
        fn,
      };
    return table;
  }
  // A shape argument's numbers (shapeNumbers), or the error `fail` builds, naming its bad field.
  function shapeArgument(spec, kind, shape) {
    try {
      return shapeNumbers(kind, shape);
    } catch (error) {
      throw fail(spec, [shape], error);
    }
  }
  // `v` into the buffer, then the export `fn(handle, ptr)`: its code, or the RangeError of a negative one.
  function call(spec, fn, handle, v) {
    return withBuffer((b) => {
      for (let i = 0; i < v.length; i++) b[i] = v[i];
      const code = fn(handle, ptr);
      if (code < 0) throw rangeError(spec, code, b);
      return code;
    });
  }

  // The hit in the buffer after a raycast (distance, point, normal, then the index of what was hit), as locals,
  // or null for a miss.
  function rayHit(spec, code, buffer) {
    if (code < 0) throw rangeError(spec, code, buffer);
    if (code === 0) return null;
    return [
      buffer[0],
      buffer[1],
      buffer[2],
      buffer[3],
      buffer[4],
      buffer[5],
      buffer[6],
      buffer[7],
    ];
  }
  // The raycast of an object: `ray` ({ origin, direction }) and `maxDistance` read into locals (no allocation),
  // `live()` gives the handle (or throws once disposed: a getter may have disposed the object), then the export
  // `fn(handle, ptr)` and the hit into `target` (or a new object), the index of what was hit as its field `id`.
  // `after(buffer)`, when given, reads what else the export wrote (mesh.raycastTrace's counts) before the buffer
  // is given back.
  function raycast(spec, fn, live, ray, maxDistance, target, id, after) {
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
      hitTarget(target, HIT_FIELDS);
    } catch (error) {
      throw fail(spec, [ray, maxDistance, target], error);
    }
    const handle = live();
    // withBuffer and rayHit written out, the hit read into locals: this is the hot path of every object's
    // raycast, and a closure and an array per call cost a tenth of a mesh raycast.
    const b = io();
    const held = busy();
    if (held) saved.set(b);
    let code, distance, px, py, pz, nx, ny, nz, index;
    try {
      b[0] = ox;
      b[1] = oy;
      b[2] = oz;
      b[3] = dx;
      b[4] = dy;
      b[5] = dz;
      b[6] = maxDistance;
      code = fn(handle, ptr);
      if (code < 0) throw rangeError(spec, code, b);
      if (code !== 0) {
        distance = b[0];
        px = b[1];
        py = b[2];
        pz = b[3];
        nx = b[4];
        ny = b[5];
        nz = b[6];
        index = b[7];
      }
      if (after !== undefined) after(b);
    } finally {
      if (held) b.set(saved);
    }
    if (code === 0) return null;
    return writeRayHit(
      spec,
      target,
      id,
      distance,
      px,
      py,
      pz,
      nx,
      ny,
      nz,
      index,
    );
  }

  // The `count` indices an overlap query wrote at `address` (the object's own result buffer): into
  // `out.subarray(0, count)` when `out` is long enough, else a fresh array.
  function foundIndices(address, count, out) {
    const found = new Uint32Array(module.HEAPU8.buffer, address, count);
    if (out != null && out.length >= count) {
      out.set(found);
      return out.subarray(0, count);
    }
    return found.slice();
  }

  // A copy of `array` as doubles in memory from `allocate`, for a constructor (the caller releases it).
  function stageDoubles(array) {
    const address = allocate(Math.max(8, array.length * 8));
    new Float64Array(module.HEAPU8.buffer, address, array.length).set(array);
    return address;
  }

  return {
    registry,
    shapeQueries,
    shapeArgument,
    withBuffer,
    saved,
    call,
    rayHit,
    raycast,
    foundIndices,
    stageDoubles,
  };
}
