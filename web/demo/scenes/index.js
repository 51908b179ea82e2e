// The tutorial's scenes, in menu order. A scene is one module (see closest-point-aabb.js for the shape: id,
// defaults, fields, examples, text: { en, ko, ja }, build(ctx), update(ctx, state) -> { result, tone, steps },
// optional camera, normalize and dispose). Adding a query to the tutorial is one new file and one line here;
// the browser tests find it through the page (window.__narrowphase.scenes).
import closestPointAABB from "./closest-point-aabb.js";
import sphereAABB from "./sphere-aabb.js";
import raycastAABB from "./raycast-aabb.js";
import obbOBB from "./obb-obb.js";
import sphereCastSphere from "./spherecast-sphere.js";
import closestPointTriangle from "./closest-point-triangle.js";
import closestPointsSegments from "./closest-points-segments.js";
import raycastTriangle from "./raycast-triangle.js";
import sphereCastAABB from "./spherecast-aabb.js";
import contactSphere from "./contact-sphere.js";
import bvhRaycast from "./bvh-raycast.js";
import playground from "./playground.js";

export const scenes = [
  closestPointAABB,
  sphereAABB,
  raycastAABB,
  obbOBB,
  sphereCastSphere,
  closestPointTriangle,
  closestPointsSegments,
  raycastTriangle,
  sphereCastAABB,
  contactSphere,
  bvhRaycast,
  playground,
];
