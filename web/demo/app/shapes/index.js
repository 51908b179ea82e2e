// The shape inputs, one module each, in the order of the playground's menus. A "slot" is the playground's
// generic input: a center C, vectors U and V, a radius r and a rotation; each shape reads it its own way
// (`fromSlot`) and draws itself (`view(ctx, color)` -> { parts, place(shape, color, slot) }). The modules also
// export the handles a scene with its own state keys uses (addBoxHandles, addSphereHandles, addOBBHandles,
// addSegmentHandles). The mesh (mesh.js) and the tree of boxes (boxes.js) are asked with their own methods rather
// than np functions: see meshFor and treeFor.
import point from "./point.js";
import segment from "./segment.js";
import ray from "./ray.js";
import sphere from "./sphere.js";
import capsule from "./capsule.js";
import aabb from "./aabb.js";
import obb from "./obb.js";
import triangle from "./triangle.js";
import plane from "./plane.js";
import mesh from "./mesh.js";
import boxes from "./boxes.js";

export const SHAPES = [
  point,
  segment,
  ray,
  sphere,
  capsule,
  aabb,
  obb,
  triangle,
  plane,
  mesh,
  boxes, // (last: a deep link's ak / bk keep their meaning)
];
export const SHAPE = Object.fromEntries(SHAPES.map((s) => [s.kind, s]));
