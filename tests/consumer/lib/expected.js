// The answers fixtures/queries.js must produce, worked out by hand. Every input there was chosen so that the
// answer is exact in double precision (small integers, halves, quarters, and 3/10 which is the double nearest
// 0.3 both ways), so the tests compare with toEqual and no tolerance.

const v = (x, y, z) => ({ x, y, z });

export const EXPECTED = {
  // (2, 0.5, -3) clamped to [0, 1]^3.
  closestPointOutside: v(1, 0.5, 0),
  // A point inside is its own closest point.
  closestPointInside: v(0.25, 0.5, 0.75),
  // (-1, 2, 0.5) clamped, written into the caller's target, which is returned.
  closestPointTarget: { sameObject: true, value: v(0, 1, 0.5) },
  // (4, 5, 0.5) is (3, 4, 0) from the corner edge: a 3-4-5 triangle.
  distanceOutside: 5,
  distanceInside: 0,
  // Centre 1 from the x = 1 face: radius 1 touches (touching overlaps), radius 0.75 does not.
  sphereTouching: true,
  sphereApart: false,
  // Straight down from y = 5 onto the top face y = 1: 4 units, normal +y.
  linecastHit: { distance: 4, point: v(0.5, 1, 0.5), normal: v(0, 1, 0) },
  // Ends at y = 2, above the box.
  linecastShort: null,
  // Starts inside: distance 0, the start itself, normal = -direction (direction +z).
  linecastFromInside: {
    distance: 0,
    point: v(0.5, 0.5, 0.5),
    normal: v(0, 0, -1),
  },
  // From x = -5 along +x (direction length 2; distances are along the normalized direction) to the x = 0 face.
  raycastHit: { distance: 5, point: v(0, 0.5, 0.5), normal: v(-1, 0, 0) },
  // maxDistance 4 stops 1 short of the face.
  raycastTooShort: null,
  raycastTarget: { sameObject: true, distance: 5 },
  // b is a 4 x 1 x 1 box turned a quarter turn about z, so 1 x 4 x 1 in the world: at x = 1.5 its face x = 1
  // touches a's face x = 1; at x = 1.75 a gap of 0.25 opens along a's x axis, the first of the 15 axes.
  obbTouching: true,
  obbApart: false,
  separatingAxisTouching: null,
  separatingAxisApart: 0,
  separatingAxisName: "A.x",
  // Radius-1 sphere from 0 to 10 along x against a radius-1 sphere at x = 5: contact when the centres are 2
  // apart, at x = 3 (distance 3, fraction 3/10); the contact point is on the target's surface at x = 4, and the
  // normal points from the target toward the moving sphere.
  sphereCastHit: {
    distance: 3,
    fraction: 0.3,
    center: v(3, 0, 0),
    point: v(4, 0, 0),
    normal: v(-1, 0, 0),
    startedOverlapping: false,
  },
  // The target is 3 off the path; the radii add up to 2.
  sphereCastMiss: null,
  // Centres 1.5 apart at the start, radii adding to 2: distance 0 at the start, normal from the target's centre
  // toward the start (-y), point on the target's surface along it.
  sphereCastStartedOverlapping: {
    distance: 0,
    fraction: 0,
    center: v(0, 0, 0),
    point: v(0, 0.5, 0),
    normal: v(0, -1, 0),
    startedOverlapping: true,
  },
  tolerances: { orthonormal: 1e-6, obbEdgeAxisSlack: 8 },
  typeError: {
    name: "TypeError",
    message:
      "overlapSphereAABB: sphere.center.y is undefined, expected a number",
  },
  rangeError: {
    name: "RangeError",
    message:
      "overlapSphereAABB: sphere.radius is -1, expected a value >= 0 (a negative radius is an empty sphere, as new THREE.Sphere() makes)",
  },
  // The module still works after both errors.
  afterErrors: 5,
  // No result carries a -0.
  negativeZeros: [],
};
