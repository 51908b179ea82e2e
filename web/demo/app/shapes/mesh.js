// A mesh input (np.createMesh): in a slot, a small terrain (app/terrain.js) of 12 × 12 cells (288 triangles)
// centered at C, spanning ±|U.x| and ±|U.z|, its heights within ±U.y of C.y. The slot's shape is the terrain's
// arrays (`positions`, `indices`) and a `key` naming them; the playground builds the library's mesh from them
// (meshFor) and asks it with its own methods (mesh.raycast, mesh.trianglesInSphere, ...), so the shape has no
// `name` for np function names.
import * as THREE from "three";
import { TriangleSet, material, setColor } from "../draw.js";
import { terrain } from "../terrain.js";

/** Cells per side of the slot's terrain. */
export const MESH_CELLS = 12;

/** The terrain a slot describes (its center c and vector u), as plain numbers. */
export function meshArrays(c, u) {
  return terrain(MESH_CELLS, { x: Math.abs(u.x), z: Math.abs(u.z) }, u.y, c);
}

/**
 * The library's mesh for a slot's shape, kept in `cache` (an object the caller owns) while the shape stays the
 * same; the previous one is disposed when it changes. `disposeMeshes(cache)` frees the last one.
 */
export function meshFor(np, shape, cache) {
  if (cache.key !== shape.key) {
    cache.mesh?.dispose();
    cache.mesh = np.createMesh(shape.positions, shape.indices);
    cache.key = shape.key;
  }
  return cache.mesh;
}
export function disposeMeshes(cache) {
  cache.mesh?.dispose();
  cache.mesh = null;
  cache.key = null;
}

const SIDE = MESH_CELLS + 1;

export default {
  kind: "mesh",
  uses: { u: true, v: false },
  fromSlot: (k) => ({
    ...meshArrays(k.c, k.u),
    key: [k.c.x, k.c.y, k.c.z, k.u.x, k.u.y, k.u.z].join(","),
  }),
  view(ctx, color) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute(
      "position",
      new THREE.Float32BufferAttribute(new Float32Array(3 * SIDE * SIDE), 3),
    );
    geometry.setIndex(
      Array.from(
        meshArrays({ x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 1 }).indices,
      ),
    );
    const surface = ctx.add(
      new THREE.Mesh(
        geometry,
        material(color, { opacity: 0.4, side: THREE.DoubleSide }),
      ),
    );
    const wire = ctx.add(
      new THREE.Mesh(
        geometry,
        new THREE.MeshBasicMaterial({
          color,
          wireframe: true,
          transparent: true,
          opacity: 0.35,
        }),
      ),
    );
    // The triangles the answer names (hit, nearest, touching), lit.
    const lit = ctx.add(new TriangleSet(0xffc857, 2 * MESH_CELLS ** 2, 0.85));
    return {
      parts: [surface, wire, lit],
      place(shape, color) {
        geometry.attributes.position.array.set(shape.positions);
        geometry.attributes.position.needsUpdate = true;
        geometry.computeVertexNormals();
        geometry.computeBoundingSphere();
        setColor(surface.material, color);
        wire.material.color.set(color);
        lit.set(shape, shape.lit ?? []);
      },
    };
  },
};
