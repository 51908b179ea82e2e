// What the mesh benchmarks (mesh.bench.mjs, mesh_layers.bench.mjs, mesh_rapier.bench.mjs) share: the mesh,
// three.js's TorusKnotGeometry at the size --triangles asks for, and its seeded queries. Not a test.
import { Ray, Sphere, TorusKnotGeometry, Vector3 } from "three";
import { arg, mulberry32 } from "./timing.mjs";

/**
 * TorusKnotGeometry(1, 0.4, tubular, radial) with 2 * tubular * radial triangles near `--triangles` (default
 * 102,400: 400 x 128, the size of three-mesh-bvh's own benchmark geometry; 1e6 gives 1250 x 400, exactly
 * 10^6): both segment counts scaled alike, so the triangles keep their shape and shrink.
 */
export function knot() {
  const wanted = arg("--triangles", 102_400);
  const s = Math.sqrt(wanted / 102_400);
  const tubular = Math.max(3, Math.round(400 * s));
  const radial = Math.max(3, Math.round(128 * s));
  const geometry = new TorusKnotGeometry(1, 0.4, tubular, radial);
  geometry.computeBoundingBox();
  return {
    geometry,
    triangles: geometry.index.count / 3,
    name: `TorusKnotGeometry(1, 0.4, ${tubular}, ${radial})`,
  };
}

/**
 * The seeded queries of mesh.bench.mjs (mulberry32(14), in this order, so that every benchmark that takes a
 * prefix of them gets the same ones): n rays from a sphere of radius 4 around the knot aimed at points in its
 * bounds, n points in its bounds grown by 0.5, n spheres of radius 0.02 to 0.2 centred in its bounds, upright
 * capsules of half height 0.1 with the same centres and radii, and n casts from the sphere of radius 4 toward
 * points in its bounds (balls of radius 0.02 to 0.2, and upright capsules of half height 0.1).
 */
export function meshQueries(geometry, n) {
  const unit = mulberry32(14);
  const sym = () => 2 * unit() - 1;
  const { min, max } = geometry.boundingBox;
  const inBox = (grow) =>
    new Vector3(
      min.x - grow + (max.x - min.x + 2 * grow) * unit(),
      min.y - grow + (max.y - min.y + 2 * grow) * unit(),
      min.z - grow + (max.z - min.z + 2 * grow) * unit(),
    );
  const rays = Array.from({ length: n }, () => {
    const origin = new Vector3(sym(), sym(), sym())
      .normalize()
      .multiplyScalar(4);
    const direction = inBox(0).sub(origin);
    return new Ray(origin, direction.normalize());
  });
  const points = Array.from({ length: n }, () => inBox(0.5));
  const spheres = Array.from(
    { length: n },
    () => new Sphere(inBox(0), 0.02 + 0.18 * unit()),
  );
  const capsules = spheres.map(({ center, radius }) => upright(center, radius));
  const casts = Array.from({ length: n }, () => {
    const start = new Vector3(sym(), sym(), sym())
      .normalize()
      .multiplyScalar(4);
    const radius = 0.02 + 0.18 * unit();
    return cast(start, inBox(0), radius);
  });
  return { rays, points, spheres, capsules, casts };
}

/**
 * Casts of three lengths for mesh_rapier.bench.mjs (mulberry32(15)): n of each, from points in the knot's bounds
 * grown by 0.5 in uniform random directions, `short` 0.05 to 0.2 long (a character's step in one frame),
 * `medium` 0.5 to 1.5 and `long` 3 to 6 (across the knot); balls of radius 0.02 to 0.2 and upright capsules of
 * half height 0.1. Some start in contact, most short ones miss, most long ones hit.
 */
export function castQueries(geometry, n) {
  const unit = mulberry32(15);
  const { min, max } = geometry.boundingBox;
  const lengths = { short: [0.05, 0.2], medium: [0.5, 1.5], long: [3, 6] };
  const sets = {};
  for (const [name, [lo, hi]] of Object.entries(lengths))
    sets[name] = Array.from({ length: n }, () => {
      const start = new Vector3(
        min.x - 0.5 + (max.x - min.x + 1) * unit(),
        min.y - 0.5 + (max.y - min.y + 1) * unit(),
        min.z - 0.5 + (max.z - min.z + 1) * unit(),
      );
      // A uniform direction: a normal deviate per axis (Box-Muller), normalized.
      const gauss = () =>
        Math.sqrt(-2 * Math.log(1 - unit())) * Math.cos(2 * Math.PI * unit());
      const direction = new Vector3(gauss(), gauss(), gauss()).normalize();
      const length = lo + (hi - lo) * unit();
      const radius = 0.02 + 0.18 * unit();
      return cast(
        start,
        start.clone().addScaledVector(direction, length),
        radius,
      );
    });
  return sets;
}

/** A cast's target to fill (a ShapeCastHit of three.js vectors, and the mesh's `triangle`), reused per call. */
export function castTarget() {
  return {
    distance: 0,
    fraction: 0,
    center: new Vector3(),
    point: new Vector3(),
    normal: new Vector3(),
    startedOverlapping: false,
    triangle: 0,
  };
}

/** A capsule of half height 0.1 along y about `center`. */
function upright(center, radius) {
  return {
    start: center.clone().setY(center.y - 0.1),
    end: center.clone().setY(center.y + 0.1),
    radius,
  };
}

/** A ball of `radius` moving from start to end, and an upright capsule of the same radius moving alike. */
function cast(start, end, radius) {
  return {
    start,
    end,
    radius,
    capsule: upright(start, radius),
    translation: new Vector3().subVectors(end, start),
  };
}
