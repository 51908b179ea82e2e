// Type definitions for narrowphase.
//
// Shapes are structural: any object with the listed fields fits, so three.js's Vector3, Box3, Sphere, Ray and OBB
// type-check as they are, and so do Line3, Capsule, Triangle and Plane. Results are plain objects. Every query computes in double precision.
//
// Conventions (every function):
// - Shapes are closed: touching counts as overlapping and as a hit. Spheres, capsules and boxes are solid;
//   segments, triangles and planes are thin, hit from either side with the normal facing the ray.
// - A miss returns `null`, never `undefined`.
// - Distances are world units. Normals are unit vectors and never contain -0.
// - Bad input throws a `TypeError` (a missing or non-numeric field, a wrong argument type) or a `RangeError`
//   (NaN or ±Infinity, a negative radius / halfSize / maxDistance, min > max on an axis, a zero ray direction
//   or plane normal, an OBB rotation that is not orthonormal within 1e-6) whose message names the function, the argument and the
//   field, e.g. `overlapSphereAABB: sphere.center.y is undefined, expected a number`. After any error the next
//   call works normally; the single calls allocate nothing in WASM memory, so nothing can leak (np.batch
//   allocates one fixed region, once; a mesh holds its memory until dispose() or garbage collection).

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

/**
 * The segment from `start` to `end` (thin: its points only); `start == end` is a point. three.js `Line3` fits.
 */
export interface SegmentLike {
  start: Vec3Like;
  end: Vec3Like;
}

/**
 * Every point within `radius` (>= 0) of the segment `start`–`end`: closed and solid. `start == end` is a
 * sphere, `radius` 0 the segment itself. three.js `Capsule` (three/examples/jsm/math/Capsule.js) fits.
 */
export interface CapsuleLike {
  start: Vec3Like;
  end: Vec3Like;
  radius: number;
}

/**
 * The closed triangle `a`, `b`, `c`: thin (its surface only), hit from either side. It may be degenerate
 * (collinear or coincident corners): it is then the segment or point it spans. three.js `Triangle` fits.
 */
export interface TriangleLike {
  a: Vec3Like;
  b: Vec3Like;
  c: Vec3Like;
}

/**
 * The infinite plane of the points `p` with `normal · p + constant = 0`. `normal` may have any non-zero
 * length; distances to the plane are Euclidean all the same (three.js assumes a unit normal; narrowphase does
 * not). three.js `Plane` fits.
 */
export interface PlaneLike {
  normal: Vec3Like;
  constant: number;
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

/** The closest points of two segments (`closestPointsSegmentSegment`). */
export interface SegmentClosestPoints {
  /** `|pointA - pointB|`, world units; 0 when the segments touch or cross. */
  distance: number;
  /** The point of segment `a` nearest to `b`. */
  pointA: Vec3;
  /** The point of segment `b` nearest to `pointA`. */
  pointB: Vec3;
}

/**
 * How two overlapping shapes `a` and `b` interpenetrate (`contact<A><B>`): the minimum translation that
 * separates them and the deepest points.
 */
export interface ContactHit {
  /** Penetration depth, world units, >= 0 (0 when the shapes only touch). */
  depth: number;
  /** Unit, pointing from `b` toward `a`: moving `a` by `normal * depth` leaves the shapes touching. */
  normal: Vec3;
  /** The point of `a` deepest inside `b`. */
  pointA: Vec3;
  /** The point of `b` deepest inside `a`; `pointB - pointA = normal * depth` (to rounding). */
  pointB: Vec3;
}

/** An object that a query fills and returns instead of allocating (the three.js `target` convention). */
export type RayHitTarget = {
  distance: number;
  point: Vec3Like;
  normal: Vec3Like;
};
export type SegmentClosestPointsTarget = {
  distance: number;
  pointA: Vec3Like;
  pointB: Vec3Like;
};
export type ContactHitTarget = {
  depth: number;
  normal: Vec3Like;
  pointA: Vec3Like;
  pointB: Vec3Like;
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
   * Whether the closed ball and the closed box share a point (touching counts), decided exactly on the real
   * numbers the inputs stand for at every magnitude: a sphere touching at distance 5 = radius overlaps; a radius
   * one ulp smaller does not.
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

  // ---- Closest point and distance from a point to every shape ----

  /**
   * The point of the segment nearest to `point` (a zero-length segment is its start).
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input.
   * @example np.closestPointOnSegment({ x: 1, y: 2, z: 0 }, line) // { x: 1, y: 0, z: 0 } for (0,0,0)-(4,0,0)
   */
  closestPointOnSegment<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    segment: SegmentLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance from `point` to the segment; exactly 0 at its end points.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointSegment(point: Vec3Like, segment: SegmentLike): number;

  /**
   * The point of the closed ball nearest to `point`: the point itself when inside or on it, otherwise the
   * surface point toward it.
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input.
   */
  closestPointOnSphere<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    sphere: SphereLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance from `point` to the closed ball; exactly 0 inside and on the surface.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointSphere(point: Vec3Like, sphere: SphereLike): number;

  /**
   * The point of the closed capsule nearest to `point`: the point itself when inside or on it.
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input (a negative radius is a RangeError).
   */
  closestPointOnCapsule<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    capsule: CapsuleLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance from `point` to the closed capsule; exactly 0 inside and on the surface.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointCapsule(point: Vec3Like, capsule: CapsuleLike): number;

  /**
   * The point of the closed oriented box nearest to `point` (clamped in the box's own axes): the point itself,
   * bit for bit, when it is inside or on the box.
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input, including a rotation that is scaled or sheared.
   */
  closestPointOnOBB<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    box: OBBLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance from `point` to the closed oriented box; exactly 0 inside and on the surface.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointOBB(point: Vec3Like, box: OBBLike): number;

  /**
   * The point of the triangle nearest to `point` (the triangle is thin: a point above it projects onto it). A
   * degenerate triangle (collinear or coincident corners) is the segment or point it spans; never NaN.
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input.
   */
  closestPointOnTriangle<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    triangle: TriangleLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance from `point` to the triangle; exactly 0 at its corners.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointTriangle(point: Vec3Like, triangle: TriangleLike): number;

  /**
   * The point of the plane nearest to `point`: its orthogonal projection. The normal may have any non-zero
   * length.
   * @param target filled and returned instead of allocating a new object.
   * @throws {TypeError | RangeError} on bad input (a zero normal is a RangeError).
   */
  closestPointOnPlane<T extends Vec3Like = Vec3>(
    point: Vec3Like,
    plane: PlaneLike,
    target?: T | null,
  ): T;

  /**
   * Euclidean distance from `point` to the plane, `|normal · point + constant| / |normal|` (three.js's
   * `Plane.distanceToPoint` assumes a unit normal; this does not). Exactly 0 for a point exactly on the plane.
   * @throws {TypeError | RangeError} on bad input.
   */
  distancePointPlane(point: Vec3Like, plane: PlaneLike): number;

  /**
   * The distance from `point` to the plane, positive on the side the normal points to and negative behind:
   * `(normal · point + constant) / |normal|`. Its magnitude is exactly `distancePointPlane`'s.
   * @throws {TypeError | RangeError} on bad input.
   */
  signedDistancePointPlane(point: Vec3Like, plane: PlaneLike): number;

  // ---- Rays and segments against every shape ----

  /**
   * The first point where the ray meets the closed ball, or `null`; nothing behind the origin, nor beyond
   * `maxDistance`, is reported. Starting inside or on it: distance 0, `point` = origin, `normal` = the negated unit
   * direction.
   * @param maxDistance world units along the normalized direction, >= 0; `Infinity` (the default) for no limit.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  raycastSphere<T extends RayHitTarget = RayHit>(
    ray: RayLike,
    sphere: SphereLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the segment `start -> end` meets the closed ball, or `null`; a segment ending exactly
   * on it hits at `|end - start|`. Starting inside or on it: distance 0, `point` = start, `normal` =
   * -unit(end - start).
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  linecastSphere<T extends RayHitTarget = RayHit>(
    start: Vec3Like,
    end: Vec3Like,
    sphere: SphereLike,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the ray meets the closed capsule, or `null`; nothing behind the origin, nor beyond
   * `maxDistance`, is reported. Starting inside or on it: distance 0, `point` = origin, `normal` = the negated unit
   * direction.
   * @param maxDistance world units along the normalized direction, >= 0; `Infinity` (the default) for no limit.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  raycastCapsule<T extends RayHitTarget = RayHit>(
    ray: RayLike,
    capsule: CapsuleLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the segment `start -> end` meets the closed capsule, or `null`; a segment ending exactly
   * on it hits at `|end - start|`. Starting inside or on it: distance 0, `point` = start, `normal` =
   * -unit(end - start).
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  linecastCapsule<T extends RayHitTarget = RayHit>(
    start: Vec3Like,
    end: Vec3Like,
    capsule: CapsuleLike,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the ray meets the closed oriented box, or `null`; nothing behind the origin, nor beyond
   * `maxDistance`, is reported. Starting inside or on it: distance 0, `point` = origin, `normal` = the negated unit
   * direction.
   * @param maxDistance world units along the normalized direction, >= 0; `Infinity` (the default) for no limit.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  raycastOBB<T extends RayHitTarget = RayHit>(
    ray: RayLike,
    box: OBBLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the segment `start -> end` meets the closed oriented box, or `null`; a segment ending exactly
   * on it hits at `|end - start|`. Starting inside or on it: distance 0, `point` = start, `normal` =
   * -unit(end - start).
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  linecastOBB<T extends RayHitTarget = RayHit>(
    start: Vec3Like,
    end: Vec3Like,
    box: OBBLike,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the ray meets the triangle (a degenerate one: the segment or point it spans, with `normal` = the negated unit direction), or `null`; nothing behind the origin, nor beyond
   * `maxDistance`, is reported. Starting on it: distance 0, `point` = origin, `normal` = the negated unit
   * direction. The triangle is thin: it is hit from either side, and `normal` faces the side the ray comes from.
   * @param maxDistance world units along the normalized direction, >= 0; `Infinity` (the default) for no limit.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  raycastTriangle<T extends RayHitTarget = RayHit>(
    ray: RayLike,
    triangle: TriangleLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the segment `start -> end` meets the triangle (a degenerate one: the segment or point it spans, with `normal` = the negated unit direction), or `null`; a segment ending exactly
   * on it hits at `|end - start|`. Starting on it: distance 0, `point` = start, `normal` =
   * -unit(end - start). Hit from either side; `normal` faces the start.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  linecastTriangle<T extends RayHitTarget = RayHit>(
    start: Vec3Like,
    end: Vec3Like,
    triangle: TriangleLike,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the ray meets the plane, or `null`; nothing behind the origin, nor beyond
   * `maxDistance`, is reported. Starting on it: distance 0, `point` = origin, `normal` = the negated unit
   * direction. The plane is thin: it is hit from either side, and `normal` faces the side the ray comes from.
   * @param maxDistance world units along the normalized direction, >= 0; `Infinity` (the default) for no limit.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  raycastPlane<T extends RayHitTarget = RayHit>(
    ray: RayLike,
    plane: PlaneLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;

  /**
   * The first point where the segment `start -> end` meets the plane, or `null`; a segment ending exactly
   * on it hits at `|end - start|`. Starting on it: distance 0, `point` = start, `normal` =
   * -unit(end - start). Hit from either side; `normal` faces the start.
   * @param target filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  linecastPlane<T extends RayHitTarget = RayHit>(
    start: Vec3Like,
    end: Vec3Like,
    plane: PlaneLike,
    target?: T | null,
  ): T | null;

  /**
   * Whether the closed balls share a point: `|a.center - b.center| <= a.radius + b.radius`, decided exactly on the
   * real numbers the inputs stand for (so touching counts, and a radius one ulp short of touching does not), at
   * every magnitude from subnormals to the largest double. Symmetric in `a` and `b`.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapSphereSphere(a: SphereLike, b: SphereLike): boolean;

  /**
   * Whether the ball and the capsule share a point: the distance from `sphere.center` to the capsule's segment is
   * at most `sphere.radius + capsule.radius`, decided exactly (touching counts). A capsule with `start == end`
   * is a ball, one of radius 0 a segment.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapSphereCapsule(sphere: SphereLike, capsule: CapsuleLike): boolean;

  /**
   * Whether the ball and the oriented box share a point: the center in the box frame, the squared overshoot
   * beyond the half sizes against `radius²`, decided exactly for the rotation as given (touching counts). An
   * identity rotation gives exactly `overlapSphereAABB` for `[center - halfSize, center + halfSize]`.
   * @throws {TypeError | RangeError} on bad input, including a rotation that is scaled or sheared.
   */
  overlapSphereOBB(sphere: SphereLike, box: OBBLike): boolean;

  /**
   * Whether the ball touches the (thin) triangle: the distance from its center to the triangle's nearest point
   * (a corner, an edge, or the face) is at most `radius`, decided exactly (touching counts). A degenerate
   * triangle (collinear or coincident corners) is the segment or point it spans.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapSphereTriangle(sphere: SphereLike, triangle: TriangleLike): boolean;

  /**
   * Whether the ball touches the plane: `(normal · center + constant)² <= radius² |normal|²`, exactly, for a
   * normal of any non-zero length (a ball whose surface just touches the plane overlaps it).
   * @throws {TypeError | RangeError} on bad input, including a zero normal.
   */
  overlapSpherePlane(sphere: SphereLike, plane: PlaneLike): boolean;

  /**
   * Whether the capsule touches the plane: its segment crosses or touches it, or a ball of `radius` at one of its
   * ends reaches it; exact (touching counts). Radius 0 is the segment (`linecastPlane(start, end, plane) !== null`).
   * @throws {TypeError | RangeError} on bad input, including a zero normal.
   */
  overlapCapsulePlane(capsule: CapsuleLike, plane: PlaneLike): boolean;

  /**
   * Whether the box touches the plane: its corners nearest and farthest along the normal lie on opposite sides or
   * on it (`|normal · center + constant| <= Σ halfExtent_i |normal_i|`), exact at every magnitude.
   * @throws {TypeError | RangeError} on bad input, including a zero normal.
   */
  overlapAABBPlane(box: AABBLike, plane: PlaneLike): boolean;

  /**
   * Whether the oriented box touches the plane: `|normal · center + constant| <= Σ halfSize_i |normal · axis_i|`,
   * exact for the rotation as given. An identity rotation gives exactly `overlapAABBPlane` for
   * `[center - halfSize, center + halfSize]`.
   * @throws {TypeError | RangeError} on bad input, including a zero normal or a scaled or sheared rotation.
   */
  overlapOBBPlane(box: OBBLike, plane: PlaneLike): boolean;

  /**
   * Whether the triangle touches the plane: its corners are not all strictly on one side (the signs of
   * `normal · corner + constant`, exact). Both are thin: a triangle lying in the plane overlaps it.
   * @throws {TypeError | RangeError} on bad input, including a zero normal.
   */
  overlapTrianglePlane(triangle: TriangleLike, plane: PlaneLike): boolean;

  /**
   * Whether two closed axis-aligned boxes share a point: their intervals overlap on every axis (touching
   * counts). Comparisons only: exact at every magnitude; flat and point boxes (min == max) work.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapAABBAABB(a: AABBLike, b: AABBLike): boolean;

  /**
   * Whether the closed AABB and the closed OBB share a point (touching counts). An OBB whose rotation is the
   * identity (or has its columns permuted or negated) is decided exactly against its bounds center ± halfSize,
   * so it agrees with `overlapAABBAABB` whenever those bounds are representable. A rotated OBB: the AABB is
   * turned into an OBB (center and half size rounded once) and `overlapOBBOBB` decides, the same in either
   * argument order.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapAABBOBB(a: AABBLike, b: OBBLike): boolean;

  /**
   * Whether the closed solid box and the closed (thin) triangle share a point: Akenine-Möller's 13
   * separating axes, each decided by exact orientation signs, so a triangle touching a face, an edge or a
   * corner overlaps and one an ulp away does not. A degenerate triangle (collinear or coincident corners) is
   * its segment or point.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapAABBTriangle(box: AABBLike, triangle: TriangleLike): boolean;

  /**
   * `overlapAABBTriangle` for an oriented box. An axis-aligned OBB (identity rotation, or columns permuted or
   * negated) is decided exactly, as the AABB center ± halfSize. A rotated box is tested in its own frame,
   * grown by a few ulps of the distances involved (`kObbTriangleSlack` in tolerances.h) so that touching
   * always overlaps: a triangle within that hair of the box may be reported overlapping.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapOBBTriangle(box: OBBLike, triangle: TriangleLike): boolean;

  /**
   * Whether two closed triangles share a point (touching at a corner or along an edge counts). Exact
   * orientation predicates; coplanar triangles are decided in their plane, and degenerate triangles are
   * their segments or points. Symmetric: `overlapTriangleTriangle(a, b) === overlapTriangleTriangle(b, a)`.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapTriangleTriangle(a: TriangleLike, b: TriangleLike): boolean;

  /**
   * The closest points of two segments (Ericson 5.1.9): `pointA` on `a`, `pointB` on `b`, and `distance` =
   * `|pointA - pointB|`. Parallel or collinear segments give one of the pairs at the minimum distance (an end
   * point of one of them), never NaN; a zero-length segment is a point, and then its partner is exactly
   * `closestPointOnSegment` of it. Crossing segments give distance 0.
   * @param target filled (`distance`, `pointA`, `pointB`) and returned instead of allocating.
   * @throws {TypeError | RangeError} on bad input.
   * @example np.closestPointsSegmentSegment({ start: { x: -1, y: 0, z: 0 }, end: { x: 1, y: 0, z: 0 } },
   *   { start: { x: 0, y: -1, z: 2 }, end: { x: 0, y: 1, z: 2 } })
   * // { distance: 2, pointA: { x: 0, y: 0, z: 0 }, pointB: { x: 0, y: 0, z: 2 } }
   */
  closestPointsSegmentSegment<
    T extends SegmentClosestPointsTarget = SegmentClosestPoints,
  >(
    a: SegmentLike,
    b: SegmentLike,
    target?: T | null,
  ): T;

  /**
   * Whether two capsules overlap: the distance between their segments is at most `a.radius + b.radius`
   * (touching counts). Decided exactly, as on the real numbers the inputs stand for, with the radius sum never
   * rounded: capsules of radii 0.1 and 0.2 whose segments lie `0.1 + 0.2` (the rounded double
   * 0.30000000000000004) apart do not touch. Radius 0 is a segment, `start == end` a sphere. Symmetric.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapCapsuleCapsule(a: CapsuleLike, b: CapsuleLike): boolean;

  /**
   * Whether the capsule overlaps the closed box: its segment comes within `radius` of the box (touching
   * counts), decided exactly. Radius 0 agrees with `linecastAABB` hitting; `start == end` with
   * `overlapSphereAABB`.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapCapsuleAABB(capsule: CapsuleLike, box: AABBLike): boolean;

  /**
   * Whether the capsule overlaps the oriented box. The capsule's end points are taken into the box's frame
   * (`(p - center) · axis`, rounded as `linecastOBB` does), and that local capsule is tested exactly against
   * the box. Radius 0 agrees with `linecastOBB`; an identity rotation with `overlapCapsuleAABB` whenever
   * `p - center` is exact.
   * @throws {TypeError | RangeError} on bad input, including a rotation that is scaled or sheared.
   */
  overlapCapsuleOBB(capsule: CapsuleLike, box: OBBLike): boolean;

  /**
   * Whether the capsule overlaps the (thin) triangle: its segment crosses the triangle or comes within
   * `radius` of it, decided exactly (a segment through an edge touches it). A degenerate triangle is the
   * segment or point it spans.
   * @throws {TypeError | RangeError} on bad input.
   */
  overlapCapsuleTriangle(capsule: CapsuleLike, triangle: TriangleLike): boolean;

  /**
   * The contact of two balls, `null` exactly when `overlapSphereSphere(a, b)` is false (the same exact
   * decision: touching gives depth 0). `normal` = unit(a.center − b.center), `depth` = a.radius + b.radius −
   * |a.center − b.center|, `pointA` = a.center − normal · a.radius, `pointB` = b.center + normal · b.radius.
   * Coincident centers give `normal` = +y (0, 1, 0), never NaN.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   * @example np.contactSphereSphere({ center: { x: 0, y: 0, z: 0 }, radius: 1 },
   *   { center: { x: 1.5, y: 0, z: 0 }, radius: 1 })
   * // { depth: 0.5, normal: { x: -1, y: 0, z: 0 }, pointA: { x: 1, y: 0, z: 0 }, pointB: { x: 0.5, y: 0, z: 0 } }
   */
  contactSphereSphere<T extends ContactHitTarget = ContactHit>(
    a: SphereLike,
    b: SphereLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a ball and a capsule, `null` exactly when `overlapSphereCapsule` is false. With q the
   * capsule segment's point nearest the center: `normal` = unit(center − q), `depth` = sphere.radius +
   * capsule.radius − |center − q|, `pointB` = q + normal · capsule.radius. A center exactly on the segment
   * (every direction away from the axis is a shortest way out) gets the part of +y perpendicular to the
   * segment: +x for a segment along y, +y for a zero-length capsule.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactSphereCapsule<T extends ContactHitTarget = ContactHit>(
    sphere: SphereLike,
    capsule: CapsuleLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a ball and a closed box, `null` exactly when `overlapSphereAABB` is false. A center
   * outside the box: `pointB` = the center clamped into the box, `normal` = unit(center − pointB), `depth` =
   * radius − distance. A center inside or on the box takes the shortest way out, not the direction to the
   * box's center: the nearest face (ties in the order −x, +x, −y, +y, −z, +z) gives `normal`, `depth` =
   * radius + the center's distance to that face, and `pointB` = the center moved onto it.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactSphereAABB<T extends ContactHitTarget = ContactHit>(
    sphere: SphereLike,
    box: AABBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a ball and an oriented box, `null` exactly when `overlapSphereOBB` is false: as
   * `contactSphereAABB` in the box's frame (a face's normal is its unit axis). An identity rotation gives
   * exactly `contactSphereAABB` for [center − halfSize, center + halfSize].
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactSphereOBB<T extends ContactHitTarget = ContactHit>(
    sphere: SphereLike,
    box: OBBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a ball and a thin (two-sided) triangle, `null` exactly when `overlapSphereTriangle` is
   * false. `pointB` is the triangle's point nearest the center; over the face `normal` is the face normal
   * turned toward the center's side, beside an edge or corner unit(center − pointB); `depth` = radius −
   * distance. A center exactly on the triangle (decided exactly) gets depth = radius along the face normal
   * unit((b − a) × (c − a)). A degenerate triangle (or a sliver thinner than 2^-32 of its edges) is the segment or point it spans (and a center on it
   * gets `contactSphereCapsule`'s rule for an axis).
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactSphereTriangle<T extends ContactHitTarget = ContactHit>(
    sphere: SphereLike,
    triangle: TriangleLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a ball and a thin (two-sided) plane, `null` exactly when `overlapSpherePlane` is false.
   * `normal` = the unit plane normal on the side it points to, its negation behind (a center exactly on the
   * plane gets the plane's own); `depth` = radius − the center's distance to the plane (Euclidean for any
   * normal length); `pointB` = the center projected onto the plane.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactSpherePlane<T extends ContactHitTarget = ContactHit>(
    sphere: SphereLike,
    plane: PlaneLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of two capsules, `null` exactly when `overlapCapsuleCapsule(a, b)` is false (touching gives
   * depth 0). Segments apart: with pA, pB their closest points (`closestPointsSegmentSegment`), `normal` =
   * unit(pA − pB), `depth` = a.radius + b.radius − |pA − pB|. Segments that cross or touch: `depth` = a.radius +
   * b.radius along their common normal unit(da × db) (da, db the segments' directions), turned toward a's
   * midpoint from b's; parallel or collinear segments get the part of +y perpendicular to a's segment (+x
   * for a segment along y), turned the same way — never NaN. A zero-length `a` is exactly
   * `contactSphereCapsule`; a zero-length `b` is `contactSphereCapsule(b, a)` reversed. `pointA` is the point
   * of `a` deepest inside `b`, `pointB` = pointA + normal · depth.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   * @example np.contactCapsuleCapsule({ start: { x: -2, y: 1, z: 0.25 }, end: { x: 2, y: 1, z: 0.25 }, radius: 1 },
   *   { start: { x: 0, y: -2, z: 0 }, end: { x: 0, y: 2, z: 0 }, radius: 0.5 })
   * // { depth: 1.25, normal: { x: 0, y: 0, z: 1 }, pointA: { x: 0, y: 1, z: -0.75 }, pointB: { x: 0, y: 1, z: 0.5 } }
   */
  contactCapsuleCapsule<T extends ContactHitTarget = ContactHit>(
    a: CapsuleLike,
    b: CapsuleLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a capsule and a closed box, `null` exactly when `overlapCapsuleAABB` is false. A segment
   * outside the box: its closest points with the box give `normal` = unit(p − q), `depth` = radius − |p − q|,
   * `pointB` = q. A segment that meets the box takes the minimum translation, not the direction to the box's
   * center: the least penetration over the 3 face normals (ties −x, +x, −y, +y, −z, +z) and the cross
   * products of the segment's direction with them (a segment cutting across an edge leaves diagonally),
   * `depth` = that penetration + radius; `pointB` = where the capsule moved out along the normal touches the
   * box (on the box), `pointA` = pointB − normal · depth (on the capsule). A zero-length capsule is exactly
   * `contactSphereAABB`.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactCapsuleAABB<T extends ContactHitTarget = ContactHit>(
    capsule: CapsuleLike,
    box: AABBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a capsule and an oriented box, `null` exactly when `overlapCapsuleOBB` is false: as
   * `contactCapsuleAABB` in the box's frame, the normal and points taken back to world space. An identity
   * rotation gives exactly `contactCapsuleAABB` for [center − halfSize, center + halfSize]; a zero-length
   * capsule is exactly `contactSphereOBB`.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactCapsuleOBB<T extends ContactHitTarget = ContactHit>(
    capsule: CapsuleLike,
    box: OBBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a capsule and a thin (two-sided) triangle, `null` exactly when `overlapCapsuleTriangle`
   * is false. A segment apart from the triangle: its closest points with the triangle (a segment over the
   * face gets the face normal on its side), `depth` = radius − distance. A segment that crosses or touches
   * the triangle takes the minimum translation over the face normal (both sides), the cross products of
   * the edges with the segment's direction and the in-plane edge normals; a segment lying in the
   * triangle's plane gets depth = radius along unit((b − a) × (c − a)), as a ball's center on it. Edges
   * within ~2^-26 rad of the segment's direction are left to the face and edge normals (the depth is then
   * within ~2^-26 of the shapes' size of the minimum, and still separates). A degenerate triangle (or a
   * sliver thinner than 2^-32 of its edges) is its longest edge, as `contactCapsuleCapsule` with that
   * segment and radius 0. A zero-length capsule is exactly `contactSphereTriangle`.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactCapsuleTriangle<T extends ContactHitTarget = ContactHit>(
    capsule: CapsuleLike,
    triangle: TriangleLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of a capsule and a thin (two-sided) plane, `null` exactly when `overlapCapsulePlane` is
   * false. With s0, s1 the ends' signed distances, the capsule leaves on the nearer side: `normal` = the
   * unit plane normal and `depth` = radius − min(s0, s1) when −min(s0, s1) ≤ max(s0, s1), otherwise its
   * negation and `depth` = radius + max(s0, s1) (a crossing capsule leaves by its shorter part; one lying
   * in the plane gets the plane's own normal). `pointB` = the deeper end projected onto the plane. A
   * zero-length capsule is exactly `contactSpherePlane`.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactCapsulePlane<T extends ContactHitTarget = ContactHit>(
    capsule: CapsuleLike,
    plane: PlaneLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of two AABBs, `null` exactly when `overlapAABBAABB` is false: the minimum translation, the
   * least of a.max − b.min and b.max − a.min over x, y and z, `a` moved along −x, +x, −y, +y, −z, +z in that
   * order on ties (two equal boxes leave along −x by their width). Differences of bounds only: touching boxes
   * give depth exactly 0. `pointB` lies on b's face along the normal, at the middle of the two boxes' overlap
   * on the other axes; `pointA` on a's opposite face, pointB − normal · depth.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactAABBAABB<T extends ContactHitTarget = ContactHit>(
    a: AABBLike,
    b: AABBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of an AABB and an oriented box, `null` exactly when `overlapAABBOBB` is false: the minimum
   * translation by the separating-axis theorem over the 15 axes (the AABB's x, y, z, the OBB's columns, then
   * their 9 cross products), each tried both ways (−axis first; a tie keeps the earlier axis, so a face beats
   * an edge). Edge pairs within ~2^-26 rad of parallel are skipped (the depth may then be ~2^-26 of the size
   * more than the minimum, and still separates). `pointB` is where `a`, moved by normal · depth, touches b (a
   * corner, the crossing of two edges, or the centroid of one face clipped by the other), `pointA` =
   * pointB − normal · depth. An identity rotation gives exactly `contactAABBAABB` with the OBB's bounds.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactAABBOBB<T extends ContactHitTarget = ContactHit>(
    a: AABBLike,
    b: OBBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of an AABB and a thin (two-sided) triangle, `null` exactly when `overlapAABBTriangle` is
   * false: the minimum translation over the 13 separating axes — the triangle's normal, turned to the side of
   * the box's center (decided exactly on the center (min + max) / 2; a center in the triangle's plane takes
   * unit((b − a) × (c − a))), the box's x, y, z, then x, y, z × each edge — the first least winning. A
   * degenerate triangle (collinear corners) is its longest edge. Points as `contactAABBOBB`: a box resting on
   * a large triangle gets the middle of its face; a triangle's corner poking in, that corner.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactAABBTriangle<T extends ContactHitTarget = ContactHit>(
    box: AABBLike,
    triangle: TriangleLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of an AABB and a thin (two-sided) plane, `null` exactly when `overlapAABBPlane` is false: the
   * box leaves on the side its center is on (a box centered on the plane along the plane's own unit normal),
   * `depth` = the signed distance of its deepest corner (exact in sign: 0 for a touching box). `pointA` =
   * that corner (the middle of the box along an axis the normal is perpendicular to: the center of the
   * deepest face or edge), `pointB` its projection onto the plane.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactAABBPlane<T extends ContactHitTarget = ContactHit>(
    box: AABBLike,
    plane: PlaneLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of two oriented boxes, `null` exactly when `overlapOBBOBB` is false: as `contactAABBOBB`,
   * over a's columns, b's columns and their 9 cross products. `a` with the identity rotation gives exactly
   * `contactAABBOBB` for [center − halfSize, center + halfSize]; coincident boxes get a valid unit normal.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactOBBOBB<T extends ContactHitTarget = ContactHit>(
    a: OBBLike,
    b: OBBLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of an oriented box and a thin (two-sided) triangle, `null` exactly when `overlapOBBTriangle`
   * is false: as `contactAABBTriangle` with the box's columns (its center, exact, decides the side). The
   * identity rotation gives exactly `contactAABBTriangle` for [center − halfSize, center + halfSize].
   * `overlapOBBTriangle` may count a triangle a few ulps from a rotated box as touching: depth 0 then.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactOBBTriangle<T extends ContactHitTarget = ContactHit>(
    box: OBBLike,
    triangle: TriangleLike,
    target?: T | null,
  ): T | null;

  /**
   * The contact of an oriented box and a thin (two-sided) plane, `null` exactly when `overlapOBBPlane` is
   * false: the side of the box's center (the plane's own normal when centered on it), `depth` = Σ hᵢ |n̂ ·
   * axisᵢ| − |the center's signed distance| (Ericson 5.2.3); `pointA` the deepest corner, `pointB` its
   * projection. The identity rotation gives exactly `contactAABBPlane` for its bounds.
   * @param target filled (`depth`, `normal`, `pointA`, `pointB`) and returned instead of allocating; left
   *   untouched when the shapes do not touch (then the result is `null`).
   * @throws {TypeError | RangeError} on bad input.
   */
  contactOBBPlane<T extends ContactHitTarget = ContactHit>(
    box: OBBLike,
    plane: PlaneLike,
    target?: T | null,
  ): T | null;

  /**
   * A ball of `radius` moving from `start` to `end` against a capsule: a ray against the capsule of radius
   * `radius + capsule.radius`.
   * Whether the ball touches the shape at all is decided exactly, as the swept capsule `{ start, end, radius }`
   * overlapping it (`overlapCapsule*`): a grazing path hits, a contact only beyond `end` (even by an ulp) is a
   * miss, and nothing tunnels through a thin triangle or plane at any speed. A cast that starts overlapping or
   * touching (`overlapSphere*` at `start`) hits at distance 0 with `startedOverlapping: true`, `center` = start,
   * and the `normal` and `point` of `contactSphere*` there (from the shape toward the ball; the shape's point). A
   * zero-length cast is an overlap test. Otherwise `fraction` is the center's entry into the Minkowski sum of the
   * shape and the ball, in doubles (within ~1e-12 of the scene's size), `normal` the sum's outward unit normal
   * there, `point` the shape's point nearest `center`.
   * @param radius the moving ball's radius, >= 0.
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  sphereCastCapsule<T extends ShapeCastHitTarget = ShapeCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    capsule: CapsuleLike,
    result?: T | null,
  ): T | null;

  /**
   * A ball of `radius` moving from `start` to `end` against a closed box: a ray against its rounded box (Ericson
   * 5.5.7: faces, edge cylinders, corner spheres).
   * Whether the ball touches the shape at all is decided exactly, as the swept capsule `{ start, end, radius }`
   * overlapping it (`overlapCapsule*`): a grazing path hits, a contact only beyond `end` (even by an ulp) is a
   * miss, and nothing tunnels through a thin triangle or plane at any speed. A cast that starts overlapping or
   * touching (`overlapSphere*` at `start`) hits at distance 0 with `startedOverlapping: true`, `center` = start,
   * and the `normal` and `point` of `contactSphere*` there (from the shape toward the ball; the shape's point). A
   * zero-length cast is an overlap test. Otherwise `fraction` is the center's entry into the Minkowski sum of the
   * shape and the ball, in doubles (within ~1e-12 of the scene's size), `normal` the sum's outward unit normal
   * there, `point` the shape's point nearest `center`.
   * @param radius the moving ball's radius, >= 0.
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  sphereCastAABB<T extends ShapeCastHitTarget = ShapeCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    box: AABBLike,
    result?: T | null,
  ): T | null;

  /**
   * A ball of `radius` moving from `start` to `end` against an oriented box: `sphereCastAABB` in the box's frame
   * (the path taken into it as `linecastOBB` takes it).
   * Whether the ball touches the shape at all is decided exactly, as the swept capsule `{ start, end, radius }`
   * overlapping it (`overlapCapsule*`): a grazing path hits, a contact only beyond `end` (even by an ulp) is a
   * miss, and nothing tunnels through a thin triangle or plane at any speed. A cast that starts overlapping or
   * touching (`overlapSphere*` at `start`) hits at distance 0 with `startedOverlapping: true`, `center` = start,
   * and the `normal` and `point` of `contactSphere*` there (from the shape toward the ball; the shape's point). A
   * zero-length cast is an overlap test. Otherwise `fraction` is the center's entry into the Minkowski sum of the
   * shape and the ball, in doubles (within ~1e-12 of the scene's size), `normal` the sum's outward unit normal
   * there, `point` the shape's point nearest `center`.
   * @param radius the moving ball's radius, >= 0.
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  sphereCastOBB<T extends ShapeCastHitTarget = ShapeCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    box: OBBLike,
    result?: T | null,
  ): T | null;

  /**
   * A ball of `radius` moving from `start` to `end` against a thin (two-sided) triangle: its two faces offset by
   * ±radius, its edge cylinders and corner spheres; `normal` faces the side the ball came from. A degenerate
   * triangle is its segment or point.
   * Whether the ball touches the shape at all is decided exactly, as the swept capsule `{ start, end, radius }`
   * overlapping it (`overlapCapsule*`): a grazing path hits, a contact only beyond `end` (even by an ulp) is a
   * miss, and nothing tunnels through a thin triangle or plane at any speed. A cast that starts overlapping or
   * touching (`overlapSphere*` at `start`) hits at distance 0 with `startedOverlapping: true`, `center` = start,
   * and the `normal` and `point` of `contactSphere*` there (from the shape toward the ball; the shape's point). A
   * zero-length cast is an overlap test. Otherwise `fraction` is the center's entry into the Minkowski sum of the
   * shape and the ball, in doubles (within ~1e-12 of the scene's size), `normal` the sum's outward unit normal
   * there, `point` the shape's point nearest `center`. A radius below 2^-30 of the inputs' magnitude (0.5 beside
   * 1e20) is below the rounding of the edge cylinders, which can miss the edge a path enters through: there the
   * entry is checked against the exact swept-capsule test and, if that already touches 2^-40 of the magnitude
   * earlier, is the least fraction where it does (bisected on it). Inputs outside the contract: README, "Casts and
   * contacts: where the contract ends".
   * @param radius the moving ball's radius, >= 0.
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  sphereCastTriangle<T extends ShapeCastHitTarget = ShapeCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    triangle: TriangleLike,
    result?: T | null,
  ): T | null;

  /**
   * A ball of `radius` moving from `start` to `end` against a thin (two-sided) plane: the first point where its
   * center is `radius` from the plane, on the side it starts on; `normal` faces that side.
   * Whether the ball touches the shape at all is decided exactly, as the swept capsule `{ start, end, radius }`
   * overlapping it (`overlapCapsule*`): a grazing path hits, a contact only beyond `end` (even by an ulp) is a
   * miss, and nothing tunnels through a thin triangle or plane at any speed. A cast that starts overlapping or
   * touching (`overlapSphere*` at `start`) hits at distance 0 with `startedOverlapping: true`, `center` = start,
   * and the `normal` and `point` of `contactSphere*` there (from the shape toward the ball; the shape's point). A
   * zero-length cast is an overlap test. Otherwise `fraction` is the center's entry into the Minkowski sum of the
   * shape and the ball, in doubles (within ~1e-12 of the scene's size), `normal` the sum's outward unit normal
   * there, `point` the shape's point nearest `center`.
   * @param radius the moving ball's radius, >= 0.
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  sphereCastPlane<T extends ShapeCastHitTarget = ShapeCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    plane: PlaneLike,
    result?: T | null,
  ): T | null;

  /**
   * A capsule moving against a ball: the ball moving by −translation against the capsule
   * (`sphereCastCapsule`), its normal turned around.
   * The capsule moves by `translation`; `center` is its midpoint (of `start` and `end`) at first contact,
   * `distance` = fraction · |translation|. A cast that starts overlapping or touching hits at distance 0 with
   * `startedOverlapping: true`, `center` = the midpoint, and the `normal` and `point` of the contact there
   * (`contactCapsule*`'s normal, from the shape toward the capsule, and its point on the shape). A zero
   * translation is an overlap test; a zero-length capsule is exactly the `sphereCast*` from its start.
   * Otherwise the first contact is the least fraction over the capsule's end balls (`sphereCast*`, exact
   * decisions), the shape's corners against the capsule (`sphereCastCapsule` reversed, exact decisions) and
   * its edges against the capsule's segment (their common-normal distance is linear in the travel, solved in
   * doubles): every first contact is one of those. A contact beyond the end (an ulp) misses; thin triangles
   * and planes are never tunnelled through at any speed. An edge within ~2^-26 rad of the capsule's axis is
   * left to the balls and corners, so a path grazing only such an edge (within ~2^-26 of the scene's size) may
   * miss. `normal` is unit, from the shape toward the capsule; `point` is on the shape.
   * @param translation how far the capsule moves (any Vec3Like; zero allowed).
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  capsuleCastSphere<T extends ShapeCastHitTarget = ShapeCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    sphere: SphereLike,
    result?: T | null,
  ): T | null;

  /**
   * A capsule moving against a capsule: the end balls of each against the other and the two segments' common
   * normal (reach = the radius sum).
   * The capsule moves by `translation`; `center` is its midpoint (of `start` and `end`) at first contact,
   * `distance` = fraction · |translation|. A cast that starts overlapping or touching hits at distance 0 with
   * `startedOverlapping: true`, `center` = the midpoint, and the `normal` and `point` of the contact there
   * (`contactCapsule*`'s normal, from the shape toward the capsule, and its point on the shape). A zero
   * translation is an overlap test; a zero-length capsule is exactly the `sphereCast*` from its start.
   * Otherwise the first contact is the least fraction over the capsule's end balls (`sphereCast*`, exact
   * decisions), the shape's corners against the capsule (`sphereCastCapsule` reversed, exact decisions) and
   * its edges against the capsule's segment (their common-normal distance is linear in the travel, solved in
   * doubles): every first contact is one of those. A contact beyond the end (an ulp) misses; thin triangles
   * and planes are never tunnelled through at any speed. An edge within ~2^-26 rad of the capsule's axis is
   * left to the balls and corners, so a path grazing only such an edge (within ~2^-26 of the scene's size) may
   * miss. `normal` is unit, from the shape toward the capsule; `point` is on the shape.
   * @param translation how far the capsule moves (any Vec3Like; zero allowed).
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  capsuleCastCapsule<T extends ShapeCastHitTarget = ShapeCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    target: CapsuleLike,
    result?: T | null,
  ): T | null;

  /**
   * A capsule moving against a closed box: its end balls, the box's 8 corners and 12 edges.
   * The capsule moves by `translation`; `center` is its midpoint (of `start` and `end`) at first contact,
   * `distance` = fraction · |translation|. A cast that starts overlapping or touching hits at distance 0 with
   * `startedOverlapping: true`, `center` = the midpoint, and the `normal` and `point` of the contact there
   * (`contactCapsule*`'s normal, from the shape toward the capsule, and its point on the shape). A zero
   * translation is an overlap test; a zero-length capsule is exactly the `sphereCast*` from its start.
   * Otherwise the first contact is the least fraction over the capsule's end balls (`sphereCast*`, exact
   * decisions), the shape's corners against the capsule (`sphereCastCapsule` reversed, exact decisions) and
   * its edges against the capsule's segment (their common-normal distance is linear in the travel, solved in
   * doubles): every first contact is one of those. A contact beyond the end (an ulp) misses; thin triangles
   * and planes are never tunnelled through at any speed. An edge within ~2^-26 rad of the capsule's axis is
   * left to the balls and corners, so a path grazing only such an edge (within ~2^-26 of the scene's size) may
   * miss. `normal` is unit, from the shape toward the capsule; `point` is on the shape.
   * @param translation how far the capsule moves (any Vec3Like; zero allowed).
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  capsuleCastAABB<T extends ShapeCastHitTarget = ShapeCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    box: AABBLike,
    result?: T | null,
  ): T | null;

  /**
   * A capsule moving against an oriented box: its end balls (`sphereCastOBB`), the box's 8 corners and 12
   * edges; an identity rotation is exactly `capsuleCastAABB` of [center − halfSize, center + halfSize].
   * The capsule moves by `translation`; `center` is its midpoint (of `start` and `end`) at first contact,
   * `distance` = fraction · |translation|. A cast that starts overlapping or touching hits at distance 0 with
   * `startedOverlapping: true`, `center` = the midpoint, and the `normal` and `point` of the contact there
   * (`contactCapsule*`'s normal, from the shape toward the capsule, and its point on the shape). A zero
   * translation is an overlap test; a zero-length capsule is exactly the `sphereCast*` from its start.
   * Otherwise the first contact is the least fraction over the capsule's end balls (`sphereCast*`, exact
   * decisions), the shape's corners against the capsule (`sphereCastCapsule` reversed, exact decisions) and
   * its edges against the capsule's segment (their common-normal distance is linear in the travel, solved in
   * doubles): every first contact is one of those. A contact beyond the end (an ulp) misses; thin triangles
   * and planes are never tunnelled through at any speed. An edge within ~2^-26 rad of the capsule's axis is
   * left to the balls and corners, so a path grazing only such an edge (within ~2^-26 of the scene's size) may
   * miss. `normal` is unit, from the shape toward the capsule; `point` is on the shape.
   * @param translation how far the capsule moves (any Vec3Like; zero allowed).
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  capsuleCastOBB<T extends ShapeCastHitTarget = ShapeCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    box: OBBLike,
    result?: T | null,
  ): T | null;

  /**
   * A capsule moving against a thin (two-sided) triangle: its end balls, the triangle's 3 corners and 3 edges;
   * `normal` faces the side the capsule came from.
   * The capsule moves by `translation`; `center` is its midpoint (of `start` and `end`) at first contact,
   * `distance` = fraction · |translation|. A cast that starts overlapping or touching hits at distance 0 with
   * `startedOverlapping: true`, `center` = the midpoint, and the `normal` and `point` of the contact there
   * (`contactCapsule*`'s normal, from the shape toward the capsule, and its point on the shape). A zero
   * translation is an overlap test; a zero-length capsule is exactly the `sphereCast*` from its start.
   * Otherwise the first contact is the least fraction over the capsule's end balls (`sphereCast*`, exact
   * decisions), the shape's corners against the capsule (`sphereCastCapsule` reversed, exact decisions) and
   * its edges against the capsule's segment (their common-normal distance is linear in the travel, solved in
   * doubles): every first contact is one of those. A contact beyond the end (an ulp) misses; thin triangles
   * and planes are never tunnelled through at any speed. An edge within ~2^-26 rad of the capsule's axis is
   * left to the balls and corners, so a path grazing only such an edge (within ~2^-26 of the scene's size) may
   * miss. `normal` is unit, from the shape toward the capsule; `point` is on the shape. The capsule moved to the
   * entry must touch the triangle to 2^-30 of the inputs' magnitude (one exact test); where the gaps that decide
   * the entry are below the features' rounding and it does not, the entry is the least fraction at which the
   * exact test of the swept parallelogram touches (bisected on it).
   * @param translation how far the capsule moves (any Vec3Like; zero allowed).
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  capsuleCastTriangle<T extends ShapeCastHitTarget = ShapeCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    triangle: TriangleLike,
    result?: T | null,
  ): T | null;

  /**
   * A capsule moving against a thin (two-sided) plane: its end balls (a capsule's point nearest a plane is
   * always an end); `normal` faces the side it came from.
   * The capsule moves by `translation`; `center` is its midpoint (of `start` and `end`) at first contact,
   * `distance` = fraction · |translation|. A cast that starts overlapping or touching hits at distance 0 with
   * `startedOverlapping: true`, `center` = the midpoint, and the `normal` and `point` of the contact there
   * (`contactCapsule*`'s normal, from the shape toward the capsule, and its point on the shape). A zero
   * translation is an overlap test; a zero-length capsule is exactly the `sphereCast*` from its start.
   * Otherwise the first contact is the least fraction over the capsule's end balls (`sphereCast*`, exact
   * decisions), the shape's corners against the capsule (`sphereCastCapsule` reversed, exact decisions) and
   * its edges against the capsule's segment (their common-normal distance is linear in the travel, solved in
   * doubles): every first contact is one of those. A contact beyond the end (an ulp) misses; thin triangles
   * and planes are never tunnelled through at any speed. An edge within ~2^-26 rad of the capsule's axis is
   * left to the balls and corners, so a path grazing only such an edge (within ~2^-26 of the scene's size) may
   * miss. `normal` is unit, from the shape toward the capsule; `point` is on the shape.
   * @param translation how far the capsule moves (any Vec3Like; zero allowed).
   * @param result filled and returned on a hit; left untouched on a miss.
   * @throws {TypeError | RangeError} on bad input.
   */
  capsuleCastPlane<T extends ShapeCastHitTarget = ShapeCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    plane: PlaneLike,
    result?: T | null,
  ): T | null;

  /**
   * The queries over many inputs at once: flat `Float32Array`s, element i of each input paired with element i
   * of the other. Each answer is that of the double-precision single call on the same float32 numbers,
   * computed in double and rounded once to float32.
   */
  readonly batch: NarrowphaseBatch;

  /**
   * Builds a triangle mesh with a BVH in WASM memory (README "Meshes"): `positions` are x, y, z per vertex
   * (three.js: `geometry.attributes.position.array`), `indices` three vertex indices per triangle
   * (`geometry.index.array`); without `indices`, every three vertices make a triangle. The data is copied:
   * later changes to the arrays do not affect the mesh. Triangles are thin and two-sided; the mesh needs no
   * closed surface and no consistent winding; degenerate triangles are the segment or point they span.
   *
   * Free it with `dispose()`; a mesh garbage-collected without it is freed anyway (a `FinalizationRegistry`),
   * later rather than sooner.
   *
   * @throws {TypeError} `positions` not a Float32Array / Float64Array, `indices` not a Uint32Array /
   *   Uint16Array, e.g. `createMesh: positions is an Array, expected a Float32Array or Float64Array (x, y, z per vertex)`.
   * @throws {RangeError} a length that is not a multiple of 3, NaN or ±Infinity in `positions`, an index out of
   *   range, naming the element: `createMesh: indices[7] is 12, expected a vertex index < 4 (the number of vertices)`.
   */
  createMesh(
    positions: Float32Array | Float64Array,
    indices?: Uint32Array | Uint16Array | null,
  ): NarrowphaseMesh;
  /**
   * Builds a mesh from a three.js `BufferGeometry` (or any `{ attributes: { position }, index }`): its position
   * attribute's `array` (itemSize 3, not interleaved, not normalized) and its index's `array`, if any. Groups and
   * the draw range are ignored: every triangle counts.
   *
   * @throws {TypeError} an interleaved position attribute, an itemSize other than 3, or arrays of other types.
   */
  createMesh(geometry: BufferGeometryLike): NarrowphaseMesh;

  /**
   * Builds a tree of axis-aligned boxes (a BVH) in WASM memory (README "Scenes of boxes"): `aabbs` holds six
   * numbers per box, `minx, miny, minz, maxx, maxy, maxz` (box i at `aabbs[6i..6i+5]`). The data is copied: later
   * changes to the array do not affect the tree; move boxes with `update` / `updateAll`, which refit the tree
   * rather than rebuild it. Point and flat boxes (min == max on some axes) are valid; no boxes at all is a valid
   * tree that finds nothing.
   *
   * Free it with `dispose()`; a tree garbage-collected without it is freed anyway (a `FinalizationRegistry`),
   * later rather than sooner.
   *
   * @throws {TypeError} `aabbs` not a Float32Array / Float64Array: `createAABBTree: aabbs is an Array, expected a
   *   Float32Array or Float64Array (minx, miny, minz, maxx, maxy, maxz per box)`.
   * @throws {RangeError} a length that is not a multiple of 6, NaN or ±Infinity, or min > max in a box, naming the
   *   element: `createAABBTree: aabbs[1] (box 0, miny) is 2, expected <= aabbs[4] (maxy) = 1`.
   * @example
   * const boxes = np.createAABBTree(new Float64Array([0, 0, 0, 1, 1, 1,  4, 0, 0, 5, 1, 1]));
   * boxes.raycast({ origin: { x: -2, y: 0.5, z: 0.5 }, direction: { x: 1, y: 0, z: 0 } }); // { distance: 2, ..., index: 0 }
   */
  createAABBTree(aabbs: Float32Array | Float64Array): NarrowphaseAABBTree;

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
 * `np.batch`: the same queries over many inputs at once, for speed (README "Batch queries").
 *
 * Inputs are flat `Float32Array`s (a `Float64Array` or plain array throws `TypeError`); element i of the first
 * input is paired with element i of the second, and their lengths must hold the same count n (any n from 0;
 * otherwise `RangeError`). The answers are written to `out` when it is given (a typed array of the output's
 * type with at least n elements: the first n are written, and `out` is returned when its length is n, else
 * `out.subarray(0, n)`), or to a new array. `out` must not share memory with an input.
 *
 * Every element is validated by the single calls' rules before any answer is written: a NaN or infinity, a
 * negative radius or half size, `min > max`, a zero ray direction or a rotation that is not orthonormal within
 * 1e-6 throws a `RangeError` naming the function, the input, the element's index and its field
 * (`batch.overlapSphereAABB: spheres element 3 (spheres[12..15]): radius (index 15) is -1, expected a value >= 0`),
 * with the index also in `error.index`; `out` is then untouched.
 *
 * Each answer is the double-precision single call's on the same float32 numbers, computed in double (no exact
 * fallback) and rounded once to float32: distances and fractions agree to float32 rounding; a decision
 * (overlap, hit or miss) can differ only for configurations within float32 rounding of touching.
 */
export interface NarrowphaseBatch {
  /**
   * A zeroed `Float32Array` or `Uint8Array` of `length` elements in the module's memory. Batch calls read inputs
   * there in place (no copy); an `out` there is filled from the staging area (directly past 2^20 elements, once all
   * are validated), so it too is untouched on an error. Allocate before use: an allocation may grow the
   * module's memory, which detaches the arrays made before it (their length becomes 0; passing one throws a
   * `TypeError`): `view` gives each back over the current memory. Free each with `free`.
   * @throws {TypeError} for another type; {RangeError} for a length that is not an integer >= 0.
   */
  allocate<T extends Float32ArrayConstructor | Uint8ArrayConstructor>(
    type: T,
    length: number,
  ): InstanceType<T>;

  /** The array from `allocate` (or a view of it) over the module's current memory: the same numbers. */
  view<T extends Float32Array | Uint8Array>(array: T): T;

  /** Frees an array from `allocate` (with every view of it); it must not be used afterwards. */
  free(array: Float32Array | Uint8Array): void;

  /**
   * Whether each sphere overlaps its box (touching counts).
   * @param spheres n * 4 numbers: `[cx, cy, cz, r]` per sphere.
   * @param boxes n * 6 numbers: `[minx, miny, minz, maxx, maxy, maxz]` per box.
   * @param out filled with 1 (overlap) or 0.
   * @throws {TypeError | RangeError} on bad input (nothing written to `out`).
   */
  overlapSphereAABB(
    spheres: Float32Array,
    boxes: Float32Array,
    out?: Uint8Array,
  ): Uint8Array;

  /**
   * The distance from each point to its box: 0 inside or on it.
   * @param points n * 3 numbers: `[x, y, z]` per point.
   * @param boxes n * 6 numbers: `[minx, miny, minz, maxx, maxy, maxz]` per box.
   * @throws {TypeError | RangeError} on bad input (nothing written to `out`).
   */
  distancePointAABB(
    points: Float32Array,
    boxes: Float32Array,
    out?: Float32Array,
  ): Float32Array;

  /**
   * Where each ray enters its box: the distance in world units along the normalized direction (the direction
   * need not be unit length), 0 when the ray starts inside or on the box, `Infinity` on a miss or beyond
   * `maxDistance`.
   * @param rays n * 6 numbers: `[ox, oy, oz, dx, dy, dz]` per ray (a non-zero direction).
   * @param boxes n * 6 numbers: `[minx, miny, minz, maxx, maxy, maxz]` per box.
   * @param maxDistance one limit for every ray: a number >= 0, `Infinity` allowed (the default).
   * @throws {TypeError | RangeError} on bad input (nothing written to `out`).
   */
  raycastAABB(
    rays: Float32Array,
    boxes: Float32Array,
    maxDistance?: number,
    out?: Float32Array,
  ): Float32Array;

  /**
   * Whether each pair of oriented boxes overlaps (15-axis separating axis test, touching counts). Rotations are
   * used as given (the single call first makes a float32 rotation exactly orthonormal); a gap within float32
   * rounding of the boxes' extent along nearly parallel edges may count as touching.
   * @param a n * 15 numbers: `[cx, cy, cz, hx, hy, hz, r0..r8]` per box, the rotation column-major (the columns
   *   are the box's local axes; three.js's `OBB.rotation.elements`).
   * @param b the same layout.
   * @throws {TypeError | RangeError} on bad input, including a scaled or sheared rotation.
   */
  overlapOBBOBB(a: Float32Array, b: Float32Array, out?: Uint8Array): Uint8Array;

  /**
   * For each ball of radius r moving from s to e against its target sphere, the fraction of the path at first
   * contact, in [0, 1]: 0 when it starts overlapping or touching, `Infinity` on a miss (including contact only
   * beyond e). A zero-length cast is an overlap test.
   * @param casts n * 7 numbers: `[sx, sy, sz, ex, ey, ez, r]` per cast.
   * @param targets n * 4 numbers: `[cx, cy, cz, r]` per target sphere.
   * @throws {TypeError | RangeError} on bad input (nothing written to `out`).
   */
  sphereCastSphere(
    casts: Float32Array,
    targets: Float32Array,
    out?: Float32Array,
  ): Float32Array;
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

/**
 * What `np.createMesh` reads of a three.js `BufferGeometry`: `attributes.position`, a BufferAttribute whose
 * `array` is a Float32Array or Float64Array with itemSize 3 (checked when called: three.js types every attribute
 * alike), and `index`, null or a BufferAttribute whose `array` is a Uint32Array or Uint16Array.
 */
export interface BufferGeometryLike {
  attributes: Record<string, unknown>;
  index?: { array: ArrayLike<number> } | null;
}

/** A mesh hit: the `RayHit` of the triangle hit, and that triangle's index (as given to `createMesh`). */
export interface MeshHit extends RayHit {
  /** The index of the triangle hit: triangle i is indices[3i..3i+2] (or vertices 3i..3i+2). */
  triangle: number;
}

/** The nearest point of a mesh to a point. */
export interface MeshClosestPoint {
  /** World units from the query point to `point`; 0 on the surface. */
  distance: number;
  /** The nearest point, on the surface of triangle `triangle`. */
  point: Vec3;
  /** The index of the triangle `point` lies on. */
  triangle: number;
}

/** A mesh cast's first contact: the `ShapeCastHit` of the triangle hit, and that triangle's index. */
export interface MeshCastHit extends ShapeCastHit {
  /** The index of the triangle hit (as given to `createMesh`). */
  triangle: number;
}
/**
 * One contact of `mesh.contactsSphere` / `mesh.contactsCapsule`: the `ContactHit` of the shape (a) and triangle
 * `triangle` (b), so that moving the shape by `normal * depth` leaves it touching that triangle (or, on an
 * internal edge, that triangle's plane).
 */
export interface MeshContact extends ContactHit {
  /** The index of the triangle (as given to `createMesh`). */
  triangle: number;
}
/**
 * One node whose box a ray's traversal tested (`mesh.raycastTrace`), in the order the boxes were tested.
 */
export interface MeshTraceNode {
  /** The node's index in the BVH (depth-first order: the root is 0, an inner node's first child follows it). */
  node: number;
  /** The visited inner node whose children's test tested this one; null for the root. */
  parent: number | null;
  /** 0 for the root. */
  depth: number;
  /**
   * `'missed'`: the ray misses the box (widened by the BVH's margin). `'pruned'`: the ray enters it, but farther
   * than the best hit so far (or `maxDistance`), so nothing inside can be nearer: skipped without looking in.
   * `'visited'`: entered and looked into (its two children's boxes tested, or its triangles).
   */
  outcome: "missed" | "pruned" | "visited";
  /** Visited nodes only: 0 for the first visited, 1 for the next, ...; null otherwise. */
  order: number | null;
  /**
   * The distance at which the ray enters the widened box, lowered by the BVH's slack (a lower bound on the
   * distance of anything inside; 0 when the origin is inside), or Infinity when missed.
   */
  entry: number;
  /** Pruned or visited: the best hit distance so far (or `maxDistance`) when it was; otherwise Infinity. */
  limit: number;
  /** A leaf's number of triangles (at most 4); 0 for an inner node. */
  leafTriangles: number;
  /** The node's box in the mesh's coordinates (before the margin): what the slab test runs on. */
  box: { min: Vec3; max: Vec3 };
}
/** One triangle of a visited leaf, in the order a ray's traversal met it (`mesh.raycastTrace`). */
export interface MeshTraceTriangle {
  /** The triangle's index (as given to `createMesh`). */
  triangle: number;
  /** The leaf (a `MeshTraceNode.node`) that holds it. */
  node: number;
  /**
   * `'skipped'`: the ray misses the triangle's own box, or enters it beyond the best hit so far (no exact test).
   * `'missed'` / `'hit'`: the exact test (`raycastTriangle`) ran and missed, or hit at `distance` (the nearest so
   * far or not).
   */
  outcome: "skipped" | "missed" | "hit";
  /** `'hit'`: the exact test's distance; otherwise Infinity. */
  distance: number;
}
/** What `mesh.raycastTrace` returns: `raycast`'s answer, and the traversal that found it. */
export interface MeshRayTrace {
  /** `mesh.raycast(ray, maxDistance)`'s answer, bit for bit (the same traversal), or null. */
  hit: MeshHit | null;
  /** Every node whose box was tested, in the order tested. */
  nodes: MeshTraceNode[];
  /** Every triangle of the visited leaves, in the order met. */
  triangles: MeshTraceTriangle[];
  /** Box tests: `nodes.length`. */
  nodesTested: number;
  /** Nodes `'visited'`. */
  nodesVisited: number;
  /** Exact triangle tests (`'missed'` and `'hit'` entries); the brute force runs `triangleCount`. */
  trianglesTested: number;
  /** The mesh's `triangleCount`: the exact tests a loop over every triangle runs. */
  triangleCount: number;
}

/** An object `mesh.sphereCast` / `mesh.capsuleCast` fill and return instead of allocating. */
export type MeshCastHitTarget = ShapeCastHitTarget & { triangle: number };

/** An object `mesh.raycast` / `mesh.linecast` fill and return instead of allocating. */
export type MeshHitTarget = RayHitTarget & { triangle: number };
/** An object `mesh.closestPoint` fills and returns instead of allocating. */
export type MeshClosestPointTarget = {
  distance: number;
  point: Vec3Like;
  triangle: number;
};

/**
 * A triangle mesh with a bounding volume hierarchy, in WASM memory (`np.createMesh`). Every query returns exactly
 * what the single-triangle function gives over all triangles (`raycastTriangle`, `linecastTriangle`,
 * `closestPointOnTriangle` / `distancePointTriangle`): the smallest distance, and on a tie (a ray through a shared
 * edge or vertex, a point equally near two triangles) the lowest triangle index. A call after `dispose()` throws
 * `Error` (`mesh.raycast: the mesh was disposed`). Bad query arguments throw as the single calls do, naming
 * `mesh.<function>`.
 */
export interface NarrowphaseMesh {
  /** The number of triangles. */
  readonly triangleCount: number;
  /** Bytes of the BVH in WASM memory: its 16-byte nodes and the triangles' order (4 bytes each). */
  readonly bvhBytes: number;
  /**
   * Bytes the mesh holds in WASM memory in all: the BVH, the vertex indices, the vertices (as doubles) and the
   * result buffer of the `trianglesIn*` queries (4 bytes per triangle, reserved when the mesh is made), and the
   * contact buffers (the largest `contacts*` answer so far, 88 bytes a contact).
   */
  readonly memoryBytes: number;
  /**
   * The nearest triangle hit by the ray within `maxDistance` (world units along the normalized direction), or
   * null. Watertight: a ray through a shared edge or vertex never slips between the triangles.
   * @param target filled and returned on a hit (left untouched on a miss)
   */
  raycast<T extends MeshHitTarget = MeshHit>(
    ray: RayLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;
  /**
   * `raycast`, showing its work: the hit (`raycast`'s, bit for bit: the same C++ traversal, with a recorder) and
   * what the traversal did to find it: every node whose box it tested (missed, pruned by the best hit so far, or
   * visited, nearest child first), every triangle of the leaves it visited (skipped by its own box, or tested
   * exactly), and the counts against the brute force (`trianglesTested` exact tests where a loop over the mesh
   * runs `triangleCount`). For teaching and debugging (the tutorial's `#/bvh-raycast` draws it), not for a game
   * loop: it allocates the arrays it returns. Its first call reserves the trace's buffers in WASM memory (about
   * 100 bytes per triangle), kept until `dispose()` and counted in `memoryBytes`.
   * @throws TypeError / RangeError naming the field, as `raycast` (`mesh.raycastTrace: ray.direction is (0, 0,
   * 0), ...`); `Error` after `dispose()`.
   * @example mesh.raycastTrace({ origin: { x: 0, y: 5, z: 0 }, direction: { x: 0, y: -1, z: 0 } })
   * // { hit: { distance, point, normal, triangle }, nodes: [...], nodesVisited: 9, trianglesTested: 3, ... }
   */
  raycastTrace(ray: RayLike, maxDistance?: number): MeshRayTrace;
  /**
   * The nearest triangle hit between `start` and `end` (a segment ending on a triangle hits it), or null.
   * @param target filled and returned on a hit (left untouched on a miss)
   */
  linecast<T extends MeshHitTarget = MeshHit>(
    start: Vec3Like,
    end: Vec3Like,
    target?: T | null,
  ): T | null;
  /**
   * The nearest point of the mesh to `point`, or null when no triangle is within `maxDistance`.
   * @param target filled and returned when found (left untouched otherwise)
   */
  closestPoint<T extends MeshClosestPointTarget = MeshClosestPoint>(
    point: Vec3Like,
    maxDistance?: number,
    target?: T | null,
  ): T | null;
  /**
   * The first contact of a ball of `radius` moving from `start` to `end` with the mesh, or null: exactly the
   * earliest `np.sphereCastTriangle(start, end, radius, triangle i)` over every triangle (the least fraction;
   * on a tie, as a ball landing on a shared edge, the lowest index). A ball that already touches triangles at
   * `start` hits at fraction 0 with `startedOverlapping` (the lowest index among them); a zero-length cast is
   * an overlap test. Thin two-sided triangles: never tunnels at any speed, and a ball sliding along a flat
   * floor does not catch on its internal edges.
   * @param result filled and returned on a hit (left untouched on a miss)
   * @throws TypeError / RangeError naming the field, e.g. `mesh.sphereCast: radius is -1, expected a value >= 0`.
   * @example mesh.sphereCast({ x: 0, y: 2, z: 0 }, { x: 0, y: -2, z: 0 }, 0.5) // { fraction, ..., triangle }
   */
  sphereCast<T extends MeshCastHitTarget = MeshCastHit>(
    start: Vec3Like,
    end: Vec3Like,
    radius: number,
    result?: T | null,
  ): T | null;
  /**
   * The first contact of `capsule` moving by `translation` with the mesh, or null: exactly the earliest
   * `np.capsuleCastTriangle(capsule, translation, triangle i)` over every triangle (ties and a start touching
   * the mesh as `sphereCast`; `center` is the capsule's midpoint at first contact).
   * @param result filled and returned on a hit (left untouched on a miss)
   * @throws TypeError / RangeError naming the field, e.g. `mesh.capsuleCast: translation.z is Infinity, ...`.
   */
  capsuleCast<T extends MeshCastHitTarget = MeshCastHit>(
    capsule: CapsuleLike,
    translation: Vec3Like,
    result?: T | null,
  ): T | null;
  /**
   * The indices (as given to `createMesh`) of every triangle touching the sphere (touching counts), ascending:
   * exactly the triangles `i` for which `np.overlapSphereTriangle(sphere, triangle i)` is true.
   * @param out when it is a `Uint32Array` long enough for the answer, the indices are written to its start and
   *   `out.subarray(0, count)` is returned; when it is too short (or left out), a fresh `Uint32Array` is returned
   *   and `out` is left untouched.
   * @throws TypeError / RangeError naming the field, e.g. `mesh.trianglesInSphere: sphere.radius is -1, expected
   *   a value >= 0 ...`; `out` not a `Uint32Array`: a TypeError. Nothing is written to `out` on error.
   * @example mesh.trianglesInSphere({ center: { x: 0, y: 1, z: 0 }, radius: 0.5 }) // Uint32Array [3, 4, 17]
   */
  trianglesInSphere(sphere: SphereLike, out?: Uint32Array | null): Uint32Array;
  /** `trianglesInSphere` for a capsule: the triangles for which `np.overlapCapsuleTriangle` is true. */
  trianglesInCapsule(
    capsule: CapsuleLike,
    out?: Uint32Array | null,
  ): Uint32Array;
  /** `trianglesInSphere` for an axis-aligned box: the triangles for which `np.overlapAABBTriangle` is true. */
  trianglesInAABB(box: AABBLike, out?: Uint32Array | null): Uint32Array;
  /** `trianglesInSphere` for an oriented box: the triangles for which `np.overlapOBBTriangle` is true. */
  trianglesInOBB(obb: OBBLike, out?: Uint32Array | null): Uint32Array;
  /**
   * Whether any triangle touches the sphere (touching counts): `trianglesInSphere(sphere).length > 0`, the
   * traversal stopping at the first touching triangle. Errors as `trianglesInSphere`.
   */
  overlapSphere(sphere: SphereLike): boolean;
  /** Whether any triangle touches the capsule: `trianglesInCapsule(capsule).length > 0`. */
  overlapCapsule(capsule: CapsuleLike): boolean;
  /** Whether any triangle touches the box: `trianglesInAABB(box).length > 0`. */
  overlapAABB(box: AABBLike): boolean;
  /** Whether any triangle touches the oriented box: `trianglesInOBB(obb).length > 0`. */
  overlapOBB(obb: OBBLike): boolean;
  /**
   * One contact per triangle touching the sphere (a character controller's depenetration step), ascending by
   * triangle index: the triangles are exactly `trianglesInSphere(sphere)`'s, and each contact is
   * `np.contactSphereTriangle(sphere, triangle i)` plus `triangle`, bit for bit, except on **internal edges**.
   * When the mesh is built, an edge shared by exactly two triangles that continue each other within 5 degrees
   * of flat is internal (corners matched by their coordinates, indexed or not), and so is a vertex all of whose
   * edges are. At query time (Jolt's `InternalEdgeRemovingCollector`, adapted to one contact per triangle) every
   * touching triangle's single-call contact comes first. A **face contact** (normal the face normal, or `pointB`
   * inside the face) stands and **voids** its triangle's three corners. A contact on an internal edge or vertex
   * is replaced by its triangle's face contact **only when its feature is voided** (both corners of the edge,
   * or the vertex, are corners of triangles with face contacts in this query; a contact so replaced voids its
   * corners too, until nothing changes); otherwise the single call's contact stands. The face contact:
   * `normal` the unit face normal on the side the single call's normal points to (if that normal is
   * perpendicular to the face, the single call's contact stays; the triangles' winding decides nothing),
   * `depth = radius -` the centre's distance to the plane along it, `pointA = center - normal * radius`,
   * `pointB = pointA + normal * depth`. So a ball pressed into a floor of many small triangles gets +up at every
   * seam and shared vertex, never a seam's tilted normal; a ball beside the floor's border touching an internal
   * edge, or resting on a ridge within 5 degrees of flat (no face contact voids it), gets the edge's true contact;
   * a ridge of more than 5 degrees, a border edge, a step keep the single call's edge normal. A contact inside
   * the face whose normal is not the face's (a capsule deep in it) becomes the face contact when the triangle
   * has an internal edge.
   * @returns a fresh array (empty when nothing touches); any number of contacts. The mesh keeps them in a buffer
   *   grown to exactly its largest query (88 bytes a contact, in `memoryBytes`, until `dispose()`), so a query
   *   larger than any before may grow the module's memory, which detaches `np.batch.allocate` arrays.
   * @throws TypeError / RangeError naming the field, e.g. `mesh.contactsSphere: sphere.radius is -1, expected
   *   a value >= 0 ...`.
   * @example mesh.contactsSphere({ center: { x: 0.5, y: 0.125, z: 0.5 }, radius: 0.25 }) // on a floor at y = 0
   *   // [{ depth: 0.125, normal: { x: 0, y: 1, z: 0 }, pointA: { x: 0.5, y: -0.125, z: 0.5 },
   *   //    pointB: { x: 0.5, y: 0, z: 0.5 }, triangle: 0 }, ...one per triangle touched]
   */
  contactsSphere(sphere: SphereLike): MeshContact[];
  /**
   * `contactsSphere` for a capsule: the triangles of `trianglesInCapsule(capsule)`, each contact
   * `np.contactCapsuleTriangle(capsule, triangle i)` plus `triangle`, except on internal edges (the rule of
   * `contactsSphere`), where the face contact is the capsule's with the triangle's plane: `normal` the unit face
   * normal on the side the single call's normal points to, `depth = radius -` the signed distance of the
   * deeper end along it, `pointA` that end less `normal * radius`, `pointB = pointA + normal * depth`.
   * @throws TypeError / RangeError naming the field, e.g. `mesh.contactsCapsule: capsule.start.x is NaN, ...`.
   */
  contactsCapsule(capsule: CapsuleLike): MeshContact[];
  /** Frees the mesh's WASM memory now. Later calls throw; a second `dispose()` does nothing. */
  dispose(): void;
}

/** A hit on a tree of boxes: `raycastAABB`'s `RayHit` on the box hit, and that box's index. */
export interface AABBTreeHit extends RayHit {
  /** The index of the box hit (box i is `aabbs[6i..6i+5]` as given to `createAABBTree`). */
  index: number;
}
/** An object `boxes.raycast` fills and returns instead of allocating. */
export type AABBTreeHitTarget = RayHitTarget & { index: number };

/**
 * A tree of axis-aligned boxes in WASM memory (`np.createAABBTree`), for scenes of props that move. Every query
 * returns exactly what the single call gives over all boxes (`raycastAABB`, `overlapAABBAABB`,
 * `overlapSphereAABB`): the smallest distance, and on a tie the lowest box index; touching counts. `update` and
 * `updateAll` refit the tree (its shape stays, every node's box becomes exactly the union of its children's), so
 * the answers after a move are exactly those of a tree built afresh over the moved boxes; a tree whose boxes moved
 * far from where they were built answers as exactly, only slower (build a new one then). A call after `dispose()`
 * throws `Error` (`boxes.raycast: the tree was disposed`). Bad arguments throw as the single calls do, naming
 * `boxes.<function>`; nothing is written to a target or `out`, and the tree is unchanged, on error.
 */
export interface NarrowphaseAABBTree {
  /** The number of boxes. */
  readonly count: number;
  /**
   * Bytes the tree holds in WASM memory in all: its 56-byte nodes, the boxes (as doubles), its index maps, the
   * result buffer of `boxesIn*` (4 bytes per box) and the staging buffer of `updateAll` (48 bytes per box), the
   * last two reserved when the tree is made.
   */
  readonly memoryBytes: number;
  /**
   * Moves box `index` to `box` (a three.js `Box3` fits) and refits the nodes above it.
   * @throws {TypeError} a non-number index or a field that is not a number, naming it (`boxes.update: box.max.y
   *   ...`).
   * @throws {RangeError} an index that is not an integer in [0, count): `boxes.update: index is 7, expected an
   *   integer in [0, 3) (the tree's boxes)`; NaN, ±Infinity or min > max in the box, naming the field.
   */
  update(index: number, box: AABBLike): void;
  /**
   * Moves every box: `aabbs` as `createAABBTree` takes it, exactly `6 * count` numbers; the whole tree is refitted
   * bottom-up. Validated in full before anything changes (the numbers are checked in the module, on its copy of
   * the array; the tree is untouched on an error). Allocates no WASM memory.
   * @throws {TypeError} not a Float32Array / Float64Array.
   * @throws {RangeError} a length other than `6 * count`, NaN, ±Infinity or min > max, naming the element:
   *   `boxes.updateAll: aabbs[9] (box 1, minz) is NaN, expected a finite number`.
   */
  updateAll(aabbs: Float32Array | Float64Array): void;
  /**
   * The nearest box hit by the ray within `maxDistance` (world units along the normalized direction), or null:
   * `raycastAABB`'s hit on that box, plus its `index`. A ray starting inside or on a box hits it at distance 0.
   * @param target filled and returned on a hit (left untouched on a miss)
   * @throws TypeError / RangeError naming the field, as `raycastAABB` (`boxes.raycast: ray.direction is (0, 0,
   *   0), expected a non-zero direction`).
   */
  raycast<T extends AABBTreeHitTarget = AABBTreeHit>(
    ray: RayLike,
    maxDistance?: number,
    target?: T | null,
  ): T | null;
  /**
   * The indices of every box touching `box` (touching counts), ascending: exactly the boxes `i` for which
   * `np.overlapAABBAABB(box, box i)` is true.
   * @param out when it is a `Uint32Array` long enough for the answer, the indices are written to its start and
   *   `out.subarray(0, count)` is returned; when it is too short (or left out), a fresh `Uint32Array` is returned
   *   and `out` is left untouched.
   * @throws TypeError / RangeError naming the field (`boxes.boxesInAABB: box.min.x is NaN ...`); `out` not a
   *   `Uint32Array`: a TypeError.
   * @example boxes.boxesInAABB(new THREE.Box3().setFromCenterAndSize(center, size)) // Uint32Array [0, 5]
   */
  boxesInAABB(box: AABBLike, out?: Uint32Array | null): Uint32Array;
  /**
   * `boxesInAABB` for a sphere: the boxes `i` for which `np.overlapSphereAABB(sphere, box i)` is true, decided
   * exactly (a sphere touching a box's corner counts, one an ulp smaller does not).
   */
  boxesInSphere(sphere: SphereLike, out?: Uint32Array | null): Uint32Array;
  /** Frees the tree's WASM memory now. Later calls throw; a second `dispose()` does nothing. */
  dispose(): void;
}
