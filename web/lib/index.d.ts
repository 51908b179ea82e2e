// Type definitions for narrowphase.
//
// Shapes are structural: any object with the listed fields fits, so three.js's Vector3, Box3, Sphere, Ray and OBB
// type-check as they are (for a Line3, pass `line.start, line.end`). Results are plain objects. Every query computes in double precision.
//
// Conventions (every function):
// - Shapes are closed and solid: touching counts as overlapping and as a hit.
// - A miss returns `null`, never `undefined`.
// - Distances are world units. Normals are unit vectors and never contain -0.
// - Bad input throws a `TypeError` (a missing or non-numeric field, a wrong argument type) or a `RangeError`
//   (NaN or ±Infinity, a negative radius / halfSize / maxDistance, min > max on an axis, a zero ray direction,
//   an OBB rotation that is not orthonormal within 1e-6) whose message names the function, the argument and the
//   field, e.g. `overlapSphereAABB: sphere.center.y is undefined, expected a number`. After any error the next
//   call works normally; nothing is allocated in WASM memory, so nothing can leak.

/** A point or direction: `{ x, y, z }`. three.js `Vector3` fits. */
export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

/** A closed axis-aligned box; `min <= max` on every axis (equal is a valid flat box). three.js `Box3` fits. */
export interface AABBLike {
  min: Vec3Like;
  max: Vec3Like;
}

/** A closed ball; `radius >= 0` (0 is a point). three.js `Sphere` fits. */
export interface SphereLike {
  center: Vec3Like;
  radius: number;
}

/** A 3x3 matrix as 9 numbers, column-major. three.js `Matrix3` fits. */
export interface Matrix3Like {
  elements: ArrayLike<number>;
}

/**
 * An oriented box: `center`, `halfSize` (each >= 0) and `rotation`, whose columns are the box's local x, y and
 * z axes in world space and must be orthonormal within 1e-6 (a reflection is allowed).
 * three.js `OBB` (three/examples/jsm/math/OBB.js) fits.
 */
export interface OBBLike {
  center: Vec3Like;
  halfSize: Vec3Like;
  rotation: Matrix3Like;
}

/**
 * A half-line from `origin` along `direction`. The direction does not need to be normalized but must not be
 * zero; distances are world units along the normalized direction. three.js `Ray` fits.
 */
export interface RayLike {
  origin: Vec3Like;
  direction: Vec3Like;
}

/** A result point or vector. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** Where a ray or segment first meets a shape. */
export interface RayHit {
  /** World units from the ray origin / segment start to `point`; 0 when it starts inside or on the shape. */
  distance: number;
  /** The hit point on the shape's surface; the origin itself when the ray starts inside or on the shape. */
  point: Vec3;
  /**
   * Unit outward surface normal at `point` (at an edge or corner, one of the adjacent faces' normals).
   * When the ray starts inside or on the shape: the negated unit direction.
   */
  normal: Vec3;
}

/** Where a moving shape first touches its target. */
export interface ShapeCastHit {
  /** How far (world units) the moving shape's center travelled before first contact. */
  distance: number;
  /** `distance / |end - start|`, in [0, 1]; 0 when the cast started overlapping or has zero length. */
  fraction: number;
  /** The moving shape's center at first contact. */
  center: Vec3;
  /** The contact point, on the target's surface. */
  point: Vec3;
  /** Unit contact normal, pointing from the target toward the moving shape. */
  normal: Vec3;
  /** True when the shapes already touched at `start`; then `distance` and `fraction` are 0. */
  startedOverlapping: boolean;
}

/** An object that a query fills and returns instead of allocating (the three.js `target` convention). */
export type RayHitTarget = {
  distance: number;
  point: Vec3Like;
  normal: Vec3Like;
};
export type ShapeCastHitTarget = {
  distance: number;
  fraction: number;
  center: Vec3Like;
  point: Vec3Like;
  normal: Vec3Like;
  startedOverlapping: boolean;
};

/** Names of the 15 candidate separating axes of two OBBs, indexed as `separatingAxisOBBOBB` reports them. */
export declare const OBB_AXIS_NAMES: readonly [
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
];

/** The loaded library: every query, bound to one WASM instance. */
export interface Narrowphase {
  /**
   * The point of the closed box nearest to `point`: `point` clamped to `[box.min, box.max]` on each axis.
   * Exact. Returns the point's own coordinates when it is inside or on the box.
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input (see the module's conventions).
   * @example np.closestPointOnAABB({ x: 3, y: 0.5, z: 0 }, box) // { x: 1, y: 0.5, z: 0 } for box [-1, 1]^3
   */
  closestPointOnAABB<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    box: AABBLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance (world units) from `point` to the closed box; exactly 0 inside and on the surface.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointAABB(point: Vec3Like, box: AABBLike): number;

  /**
   * Whether the closed ball and the closed box share a point (touching counts). Exact for representable
   * squares: a sphere touching at distance 5 = radius overlaps; radius 4.999... does not.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapSphereAABB(sphere: SphereLike, box: AABBLike): boolean;

  /**
   * The first point where the segment `start -> end` meets the closed box, or `null`; hits beyond `end` are
   * never reported, and a segment ending exactly on a face hits at `|end - start|`.
   * Starting inside or on the box: distance 0, `point` = start, `normal` = -unit(end - start).
   * A zero-length segment is a point-in-box test (normal: the outward normal of the nearest face).
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  linecastAABB<T extends RayHitTarget = RayHit>(
    start: Vec3Like,
    end: Vec3Like,
    box: AABBLike,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the ray meets the closed box within `maxDistance`, or `null`. Nothing behind the
   * origin is ever reported. Starting inside or on the box: distance 0, `point` = origin, `normal` = the negated
   * unit direction.
   * @param maxDistance world units along the normalized direction, >= 0; `Infinity` (the default) for no limit.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input (a zero direction or negative maxDistance is a RangeError).
   */
  raycastAABB<T extends RayHitTarget = RayHit>(
    ray: RayLike,
    box: AABBLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;

  /**
   * Whether two closed oriented boxes overlap (separating axis theorem over 15 axes; touching counts).
   * @throws {TypeError | RangeError} on bad input, including a rotation that is scaled or sheared.
   */
  overlapOBBOBB(a: OBBLike, b: OBBLike): boolean;

  /**
   * The first of the 15 candidate axes that separates the two boxes, as an index into `OBB_AXIS_NAMES`
   * (0-2: a's axes, 3-5: b's axes, 6 + 3i + j: a.axis[i] × b.axis[j]), or `null` when they overlap.
   * `overlapOBBOBB(a, b) === (separatingAxisOBBOBB(a, b) === null)`.
   * @throws {TypeError | RangeError} on bad input.
   */
  separatingAxisOBBOBB(a: OBBLike, b: OBBLike): number | null;

  /**
   * Sweeps a ball of `radius` with its center moving from `start` to `end` against the ball `target`, and
   * returns the first contact, or `null` when there is none within the path (a contact beyond `end` is a miss).
   * Starting overlapping or touching: distance 0 with `startedOverlapping: true`, `center` = start, `normal` =
   * unit(start - target.center) (the negated unit direction when the centers coincide, or +y when the cast has zero length too), `point` = the target's
   * surface point along that normal. A zero-length cast is an overlap test.
   * @param radius the moving ball's radius, >= 0.
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  sphereCastSphere<T extends ShapeCastHitTarget = ShapeCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    target: SphereLike,
    result?: T | null,
  ): T | null;

  /** Same as the module export `OBB_AXIS_NAMES`. */
  readonly OBB_AXIS_NAMES: typeof OBB_AXIS_NAMES;

  /** The tolerances the core uses (dimensionless). */
  readonly tolerances: {
    /** How far an OBB rotation may be from orthonormal: |c_i · c_j - δ_ij| <= this. */
    readonly orthonormal: number;
    /**
     * The OBB test's edge × edge axes add `obbEdgeAxisSlack × (e + 2^-52) × (the four half sizes involved +
     * |b.center − a.center|₁)` to their radius sum, so that (nearly) parallel edges cannot separate on rounding
     * noise. e is the rotations' orthonormality error as the test uses them: a rotation less exact than a
     * double one (float32 data, ~1e-7) is first replaced by its nearest orthonormal matrix, so e stays at the
     * rounding level and real gaps along nearly parallel edges are not hidden.
     */
    readonly obbEdgeAxisSlack: number;
  };
}

/**
 * Loads the WASM module (inlined in the package: no URL to configure) and resolves to the library. The first
 * call loads; later calls resolve to the same instance. Works in Node >= 20 (ESM), browsers and bundlers.
 * @example
 * import { init } from 'narrowphase';
 * const np = await init();
 * np.overlapSphereAABB({ center: { x: 0, y: 0, z: 0 }, radius: 1 }, { min: { x: 1, y: 0, z: 0 }, max: { x: 2, y: 1, z: 1 } }); // true
 */
export declare function init(): Promise<Narrowphase>;
export default init;
