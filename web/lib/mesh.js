// narrowphase: np.createMesh, a triangle mesh with a BVH in the module's memory (cpp/include/narrowphase/mesh.h).
//
// Set-up copies the caller's arrays into memory from `allocate` (converted to double vertices and 32-bit
// indices), validating every element first, and hands them to _np_mesh_create, which copies them into the mesh
// and builds its BVH; the staging memory is released at once. The mesh's handle (its address) stays in a
// private field; `dispose()` frees it, and a FinalizationRegistry frees a mesh that was garbage-collected
// without it.
//
// Queries use the flat exports' calling convention through the shared I/O buffer (web/lib/objects.js).

import {
  checkOut,
  createObjectKit,
  describe,
  fillRayHit,
  hitTarget,
  number,
  setVec3,
  shapeNumbers,
  unwritable,
  vec3,
} from "./objects.js";

/** What the indices of a mesh may be. */
const INDEX_TYPES = [Uint32Array, Uint16Array];
const AXES = ["x", "y", "z"];
/** The fields of closestPoint's target that must be objects (or absent). */
const POINT_FIELDS = ["point"];

/**
 * The mesh factory over a loaded module. `env` is what web/lib/index.js shares (the allocator, the I/O buffer
 * and the error builders: see createObjectKit in web/lib/objects.js).
 */
export function createMeshFactory(module, env) {
  const { allocate, release, renew, ptr, io, busy, schema, fail, rangeError } =
    env;
  const np_create = module._np_mesh_create;
  const np_destroy = module._np_mesh_destroy;
  const {
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
  } = createObjectKit(module, env, np_destroy);
  const np_bvhBytes = module._np_mesh_bvh_bytes;
  const np_memoryBytes = module._np_mesh_memory_bytes;
  const np_raycast = module._np_mesh_raycast;
  const np_linecast = module._np_mesh_linecast;
  const np_closestPoint = module._np_mesh_closestPoint;
  const np_sphereCast = module._np_mesh_sphereCast;
  const np_capsuleCast = module._np_mesh_capsuleCast;
  const np_found = module._np_mesh_found;
  const np_contactsRead = module._np_mesh_contactsRead;
  const np_contactsArea = module._np_mesh_contacts;
  const np_traceReserve = module._np_mesh_traceReserve;
  const np_raycastTrace = module._np_mesh_raycastTrace;
  const np_traceNodes = module._np_mesh_traceNodes;
  const np_traceTriangles = module._np_mesh_traceTriangles;
  // Doubles per trace entry (narrowphase/mesh_flat.h: NP_MESH_TRACE_NODE_DOUBLES, _TRIANGLE_DOUBLES), and the
  // outcomes' names by their codes there.
  const TRACE_NODE_DOUBLES = 14;
  const TRACE_TRIANGLE_DOUBLES = 4;
  const NODE_OUTCOMES = ["missed", "pruned", "visited"];
  const TRIANGLE_OUTCOMES = ["skipped", "missed", "hit"];
  // The contact queries: [member, its argument's name and kind, the export].
  const CONTACTS = [
    ["contactsSphere", "sphere", "sphere", module._np_mesh_contactsSphere],
    ["contactsCapsule", "capsule", "capsule", module._np_mesh_contactsCapsule],
  ];
  // Doubles per contact in the mesh's contact buffer (narrowphase/mesh_flat.h: NP_MESH_CONTACT_DOUBLES):
  // triangle, depth, normal, pointA, pointB.
  const CONTACT_DOUBLES = 11;
  // The overlap queries: [member, its argument's name and kind, the export].
  const OVERLAPS = [
    [
      "trianglesInSphere",
      "sphere",
      "sphere",
      module._np_mesh_trianglesInSphere,
    ],
    [
      "trianglesInCapsule",
      "capsule",
      "capsule",
      module._np_mesh_trianglesInCapsule,
    ],
    ["trianglesInAABB", "box", "aabb", module._np_mesh_trianglesInAABB],
    ["trianglesInOBB", "obb", "obb", module._np_mesh_trianglesInOBB],
    ["overlapSphere", "sphere", "sphere", module._np_mesh_overlapSphere],
    ["overlapCapsule", "capsule", "capsule", module._np_mesh_overlapCapsule],
    ["overlapAABB", "box", "aabb", module._np_mesh_overlapAABB],
    ["overlapOBB", "obb", "obb", module._np_mesh_overlapOBB],
  ];

  const MAX_DISTANCE = "a number >= 0 (Infinity allowed)";
  const SPEC = {
    raycast: schema("mesh.raycast", [
      ["ray", "ray"],
      ["maxDistance", "number", true, MAX_DISTANCE],
      ["target", "target", true, ["point", "normal"]],
    ]),
    raycastTrace: schema("mesh.raycastTrace", [
      ["ray", "ray"],
      ["maxDistance", "number", true, MAX_DISTANCE],
    ]),
    linecast: schema("mesh.linecast", [
      ["start", "vec3"],
      ["end", "vec3"],
      ["target", "target", true, ["point", "normal"]],
    ]),
    closestPoint: schema("mesh.closestPoint", [
      ["point", "vec3"],
      ["maxDistance", "number", true, MAX_DISTANCE],
      ["target", "target", true, ["point"]],
    ]),
    sphereCast: schema("mesh.sphereCast", [
      ["start", "vec3"],
      ["end", "vec3"],
      ["radius", "number"],
      ["result", "target", true, ["center", "point", "normal"]],
    ]),
    capsuleCast: schema("mesh.capsuleCast", [
      ["capsule", "capsule"],
      ["translation", "vec3"],
      ["result", "target", true, ["center", "point", "normal"]],
    ]),
  };
  const OVERLAP = shapeQueries("mesh", [...OVERLAPS, ...CONTACTS]);
  // The hit in the buffer after a sphereCast / capsuleCast (the flat layout of a ShapeCastHit, triangle [12]),
  // as locals, then into the result (or a new object).
  function castHit(spec, code, buffer) {
    if (code < 0) throw rangeError(spec, code, buffer);
    if (code === 0) return null;
    return buffer.slice(0, 13);
  }
  function fillCastHit(spec, h, result) {
    if (h === null) return null;
    const distance = h[0],
      fraction = h[1],
      startedOverlapping = h[11] === 1,
      triangle = h[12];
    if (result == null)
      return {
        distance,
        fraction,
        center: { x: h[2], y: h[3], z: h[4] },
        point: { x: h[5], y: h[6], z: h[7] },
        normal: { x: h[8], y: h[9], z: h[10] },
        startedOverlapping,
        triangle,
      };
    try {
      result.distance = distance;
      result.fraction = fraction;
      result.center = setVec3(result.center, h[2], h[3], h[4]);
      result.point = setVec3(result.point, h[5], h[6], h[7]);
      result.normal = setVec3(result.normal, h[8], h[9], h[10]);
      result.startedOverlapping = startedOverlapping;
      result.triangle = triangle;
    } catch (error) {
      throw unwritable(spec, error, "result");
    }
    return result;
  }

  class Mesh {
    #handle;
    #triangleCount;
    #found; // the address of the mesh's result buffer (np_mesh_found: room for every triangle, fixed)
    #contactArea; // the address of its contact buffer (np_mesh_contacts: 256 contacts, fixed)
    #traceReserved = false; // raycastTrace's buffers reserved (np_mesh_traceReserve, on its first call)
    constructor(handle, triangleCount) {
      this.#handle = handle;
      this.#triangleCount = triangleCount;
      this.#found = np_found(handle);
      this.#contactArea = np_contactsArea(handle);
    }
    #live(name) {
      if (this.#handle === 0)
        throw new Error(`mesh.${name}: the mesh was disposed`);
      return this.#handle;
    }
    /** The number of triangles. */
    get triangleCount() {
      this.#live("triangleCount");
      return this.#triangleCount;
    }
    /** Bytes of the BVH (nodes and triangle order) in the module's memory. */
    get bvhBytes() {
      return np_bvhBytes(this.#live("bvhBytes"));
    }
    /** Bytes the mesh holds in the module's memory in all (BVH, indices and double vertices). */
    get memoryBytes() {
      return np_memoryBytes(this.#live("memoryBytes"));
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
        "triangle",
      );
    }

    // raycast's traversal, recorded (np_mesh_raycastTrace: the same C++ traversal with a recorder), through the
    // kit's raycast: the ray is read first (a getter may call the library), then `live` reserves the trace
    // buffers (once per mesh; this may grow the module's memory, so it happens before the I/O buffer is taken),
    // then the query, whose counts are read out of the buffer and entries out of the mesh's trace buffers before
    // any code of the caller runs.
    raycastTrace(ray, maxDistance = Infinity) {
      this.#live("raycastTrace");
      let counts;
      const hit = raycast(
        SPEC.raycastTrace,
        np_raycastTrace,
        () => this.#reserveTrace(),
        ray,
        maxDistance,
        undefined,
        "triangle",
        (b) => {
          counts = [b[8], b[9], b[10], b[11]];
        },
      );
      const handle = this.#live("raycastTrace");
      const [nodeCount, triangleEntries, nodesVisited, trianglesTested] =
        counts;
      const n = new Float64Array(
        module.HEAPU8.buffer,
        np_traceNodes(handle),
        nodeCount * TRACE_NODE_DOUBLES,
      );
      const nodes = new Array(nodeCount);
      for (let i = 0; i < nodeCount; i++) {
        const o = i * TRACE_NODE_DOUBLES;
        nodes[i] = {
          node: n[o],
          parent: n[o + 1] < 0 ? null : n[o + 1],
          depth: n[o + 2],
          outcome: NODE_OUTCOMES[n[o + 3]],
          order: n[o + 4] < 0 ? null : n[o + 4],
          entry: n[o + 5],
          limit: n[o + 6],
          leafTriangles: n[o + 7],
          box: {
            min: { x: n[o + 8], y: n[o + 9], z: n[o + 10] },
            max: { x: n[o + 11], y: n[o + 12], z: n[o + 13] },
          },
        };
      }
      const t = new Float64Array(
        module.HEAPU8.buffer,
        np_traceTriangles(handle),
        triangleEntries * TRACE_TRIANGLE_DOUBLES,
      );
      const triangles = new Array(triangleEntries);
      for (let i = 0; i < triangleEntries; i++) {
        const o = i * TRACE_TRIANGLE_DOUBLES;
        triangles[i] = {
          triangle: t[o],
          node: t[o + 1],
          outcome: TRIANGLE_OUTCOMES[t[o + 2]],
          distance: t[o + 3],
        };
      }
      return {
        hit,
        nodes,
        triangles,
        nodesTested: nodeCount,
        nodesVisited,
        trianglesTested,
        triangleCount: this.#triangleCount,
      };
    }

    // The mesh's handle, its trace buffers reserved (np_mesh_traceReserve) on raycastTrace's first call.
    #reserveTrace() {
      const handle = this.#live("raycastTrace");
      if (!this.#traceReserved) {
        np_traceReserve(handle);
        renew(); // reserving may have grown the memory
        this.#traceReserved = true;
      }
      return handle;
    }

    linecast(start, end, target) {
      this.#live("linecast");
      let sx, sy, sz, ex, ey, ez;
      try {
        sx = number(start.x);
        sy = number(start.y);
        sz = number(start.z);
        ex = number(end.x);
        ey = number(end.y);
        ez = number(end.z);
        hitTarget(target, ["point", "normal"]);
      } catch (error) {
        throw fail(SPEC.linecast, [start, end, target], error);
      }
      const handle = this.#live("linecast");
      const h = withBuffer((b) => {
        b[0] = sx;
        b[1] = sy;
        b[2] = sz;
        b[3] = ex;
        b[4] = ey;
        b[5] = ez;
        return rayHit(SPEC.linecast, np_linecast(handle, ptr), b);
      });
      return fillRayHit(SPEC.linecast, h, target, "triangle");
    }

    closestPoint(point, maxDistance = Infinity, target) {
      this.#live("closestPoint");
      let px, py, pz;
      try {
        px = number(point.x);
        py = number(point.y);
        pz = number(point.z);
        number(maxDistance);
        hitTarget(target, POINT_FIELDS);
      } catch (error) {
        throw fail(SPEC.closestPoint, [point, maxDistance, target], error);
      }
      const handle = this.#live("closestPoint");
      // withBuffer written out, the answer read into locals (no closure, no array per call).
      const b = io();
      const held = busy();
      if (held) saved.set(b);
      let code, distance, x, y, z, triangle;
      try {
        b[0] = px;
        b[1] = py;
        b[2] = pz;
        b[3] = maxDistance;
        code = np_closestPoint(handle, ptr);
        if (code < 0) throw rangeError(SPEC.closestPoint, code, b);
        distance = b[0];
        x = b[1];
        y = b[2];
        z = b[3];
        triangle = b[4];
      } finally {
        if (held) b.set(saved);
      }
      if (code === 0) return null;
      if (target == null) return { distance, point: { x, y, z }, triangle };
      try {
        target.distance = distance;
        target.point = setVec3(target.point, x, y, z);
        target.triangle = triangle;
      } catch (error) {
        throw unwritable(SPEC.closestPoint, error);
      }
      return target;
    }

    sphereCast(start, end, radius, result) {
      this.#live("sphereCast");
      let sx, sy, sz, ex, ey, ez, r;
      try {
        sx = number(start.x);
        sy = number(start.y);
        sz = number(start.z);
        ex = number(end.x);
        ey = number(end.y);
        ez = number(end.z);
        r = number(radius);
        hitTarget(result, ["center", "point", "normal"]);
      } catch (error) {
        throw fail(SPEC.sphereCast, [start, end, radius, result], error);
      }
      const handle = this.#live("sphereCast");
      const h = withBuffer((b) => {
        b[0] = sx;
        b[1] = sy;
        b[2] = sz;
        b[3] = ex;
        b[4] = ey;
        b[5] = ez;
        b[6] = r;
        return castHit(SPEC.sphereCast, np_sphereCast(handle, ptr), b);
      });
      return fillCastHit(SPEC.sphereCast, h, result);
    }

    capsuleCast(capsule, translation, result) {
      this.#live("capsuleCast");
      let v;
      try {
        v = shapeNumbers("capsule", capsule);
        vec3(translation, v);
        hitTarget(result, ["center", "point", "normal"]);
      } catch (error) {
        throw fail(SPEC.capsuleCast, [capsule, translation, result], error);
      }
      const handle = this.#live("capsuleCast");
      const h = withBuffer((b) => {
        for (let i = 0; i < 10; i++) b[i] = v[i];
        return castHit(SPEC.capsuleCast, np_capsuleCast(handle, ptr), b);
      });
      return fillCastHit(SPEC.capsuleCast, h, result);
    }

    // The overlap queries: the shape into the buffer, the export writes the indices into the mesh's own result
    // buffer (which never grows: no allocation, no memory growth) and returns their count (or an error code).
    #query(member, shape, out, wantIndices) {
      this.#live(member);
      const { spec, kind, fn } = OVERLAP[member];
      const v = shapeArgument(spec, kind, shape);
      if (wantIndices) checkOut(spec, out);
      const code = call(spec, fn, this.#live(member), v);
      if (!wantIndices) return code === 1;
      return foundIndices(this.#found, code, out);
    }
    trianglesInSphere(sphere, out) {
      return this.#query("trianglesInSphere", sphere, out, true);
    }
    trianglesInCapsule(capsule, out) {
      return this.#query("trianglesInCapsule", capsule, out, true);
    }
    trianglesInAABB(box, out) {
      return this.#query("trianglesInAABB", box, out, true);
    }
    trianglesInOBB(obb, out) {
      return this.#query("trianglesInOBB", obb, out, true);
    }
    overlapSphere(sphere) {
      return this.#query("overlapSphere", sphere, undefined, false);
    }
    overlapCapsule(capsule) {
      return this.#query("overlapCapsule", capsule, undefined, false);
    }
    overlapAABB(box) {
      return this.#query("overlapAABB", box, undefined, false);
    }
    overlapOBB(obb) {
      return this.#query("overlapOBB", obb, undefined, false);
    }

    // The contact queries: the shape into the buffer; the export computes every contact (each single call once)
    // and returns their count (the mesh keeps them in a buffer that grows to its largest query: the memory may
    // grow, so the views are renewed), then np_mesh_contactsRead copies them, up to 256 at a time, into the mesh's
    // own contact buffer (its address fixed), read out chunk by chunk into fresh objects. No code of the caller
    // runs between the chunks.
    #contacts(member, shape) {
      this.#live(member);
      const { spec, kind, fn } = OVERLAP[member];
      const v = shapeArgument(spec, kind, shape);
      const handle = this.#live(member);
      const count = call(spec, fn, handle, v);
      renew(); // keeping the contacts may have grown the memory
      const contacts = new Array(count);
      const area = this.#contactArea;
      for (let first = 0; first < count;) {
        const k = np_contactsRead(handle, first);
        const d = new Float64Array(
          module.HEAPU8.buffer,
          area,
          k * CONTACT_DOUBLES,
        );
        for (let i = 0; i < k; i++) {
          const o = i * CONTACT_DOUBLES;
          contacts[first + i] = {
            depth: d[o + 1],
            normal: { x: d[o + 2], y: d[o + 3], z: d[o + 4] },
            pointA: { x: d[o + 5], y: d[o + 6], z: d[o + 7] },
            pointB: { x: d[o + 8], y: d[o + 9], z: d[o + 10] },
            triangle: d[o],
          };
        }
        first += k;
      }
      return contacts;
    }
    contactsSphere(sphere) {
      return this.#contacts("contactsSphere", sphere);
    }
    contactsCapsule(capsule) {
      return this.#contacts("contactsCapsule", capsule);
    }

    /** Frees the mesh's memory now. Later calls on it throw; a second dispose() does nothing. */
    dispose() {
      const handle = this.#handle;
      if (handle === 0) return;
      this.#handle = 0;
      registry.unregister(this);
      np_destroy(handle);
    }
  }
  Object.defineProperty(Mesh, "name", { value: "NarrowphaseMesh" });

  // The arrays of createMesh's arguments: [positions, indices, the names the errors give them].
  function arraysOf(first, second) {
    if (
      ArrayBuffer.isView(first) ||
      first === null ||
      typeof first !== "object" ||
      !("attributes" in first)
    )
      return [first, second, "positions", "indices"];
    // A three.js BufferGeometry, or any { attributes: { position }, index }.
    const geometry = first;
    const attributes = geometry.attributes;
    const position =
      attributes !== null && typeof attributes === "object"
        ? attributes.position
        : undefined;
    if (position === null || typeof position !== "object")
      throw new TypeError(
        `createMesh: geometry.attributes.position is ${describe(position)}, expected a BufferAttribute { array, itemSize: 3 }`,
      );
    if (position.isInterleavedBufferAttribute || "data" in position)
      throw new TypeError(
        "createMesh: geometry.attributes.position is an InterleavedBufferAttribute, expected a plain BufferAttribute (itemSize 3, its own array); de-interleave it first (BufferGeometryUtils.deinterleaveGeometry)",
      );
    if (position.itemSize !== 3)
      throw new TypeError(
        `createMesh: geometry.attributes.position.itemSize is ${describe(position.itemSize)}, expected 3 (x, y, z per vertex)`,
      );
    if (position.normalized === true)
      throw new TypeError(
        "createMesh: geometry.attributes.position is normalized (quantized positions), expected a Float32Array or Float64Array of plain coordinates",
      );
    const index = geometry.index;
    let indices;
    if (index === null || index === undefined) {
      indices = undefined;
    } else if (typeof index !== "object") {
      throw new TypeError(
        `createMesh: geometry.index is ${describe(index)}, expected a BufferAttribute { array } or null`,
      );
    } else {
      if (index.itemSize !== undefined && index.itemSize !== 1)
        throw new TypeError(
          `createMesh: geometry.index.itemSize is ${describe(index.itemSize)}, expected 1`,
        );
      indices = index.array;
    }
    return [
      position.array,
      indices,
      "geometry.attributes.position.array",
      "geometry.index.array",
    ];
  }

  /**
   * np.createMesh(positions, indices?) or np.createMesh(geometry): see index.d.ts.
   */
  function createMesh(first, second) {
    const [positions, indices, pname, iname] = arraysOf(first, second);
    if (!(
      positions instanceof Float32Array || positions instanceof Float64Array
    ))
      throw new TypeError(
        `createMesh: ${pname} is ${describe(positions)}, expected a Float32Array or Float64Array (x, y, z per vertex)`,
      );
    if (
      indices !== undefined &&
      indices !== null &&
      !INDEX_TYPES.some((type) => indices instanceof type)
    )
      throw new TypeError(
        `createMesh: ${iname} is ${describe(indices)}, expected a Uint32Array or Uint16Array (three vertex indices per triangle), or nothing`,
      );
    if (positions.length % 3 !== 0)
      throw new RangeError(
        `createMesh: ${pname} has length ${positions.length}, expected a multiple of 3 (x, y, z per vertex)`,
      );
    const vertexCount = positions.length / 3;
    for (let i = 0; i < positions.length; i++) {
      const v = positions[i];
      if (v - v !== 0)
        throw new RangeError(
          `createMesh: ${pname}[${i}] (vertex ${(i / 3) | 0}, ${AXES[i % 3]}) is ${v}, expected a finite number`,
        );
    }
    let triangleCount;
    if (indices === undefined || indices === null) {
      if (vertexCount % 3 !== 0)
        throw new RangeError(
          `createMesh: ${pname} holds ${vertexCount} vertices; without indices every three make a triangle, expected a multiple of 3`,
        );
      triangleCount = vertexCount / 3;
    } else {
      if (indices.length % 3 !== 0)
        throw new RangeError(
          `createMesh: ${iname} has length ${indices.length}, expected a multiple of 3 (three vertex indices per triangle)`,
        );
      for (let i = 0; i < indices.length; i++) {
        if (indices[i] >= vertexCount)
          throw new RangeError(
            `createMesh: ${iname}[${i}] is ${indices[i]}, expected a vertex index < ${vertexCount} (the number of vertices)`,
          );
      }
      triangleCount = indices.length / 3;
    }
    // Staging copies in the module's memory (doubles, 32-bit indices), released once the mesh has its own.
    const hasIndices = indices !== undefined && indices !== null;
    const positionAddress = stageDoubles(positions);
    let indexAddress = 0;
    let handle = 0;
    try {
      if (hasIndices) {
        indexAddress = allocate(Math.max(4, indices.length * 4));
        new Uint32Array(module.HEAPU8.buffer, indexAddress, indices.length).set(
          indices,
        );
      }
      handle = np_create(
        positionAddress,
        vertexCount,
        indexAddress,
        triangleCount,
      );
    } finally {
      release(positionAddress);
      if (indexAddress !== 0) release(indexAddress);
      renew(); // building may have grown the memory
    }
    if (handle === 0)
      throw new RangeError(
        `createMesh: could not allocate the mesh of ${triangleCount} triangles in WASM memory`,
      );
    const mesh = new Mesh(handle, triangleCount);
    registry.register(mesh, handle, mesh);
    return mesh;
  }
  return createMesh;
}
