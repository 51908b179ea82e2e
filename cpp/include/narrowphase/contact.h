// narrowphase: contacts (penetration depth, minimum-translation normal and
// deepest points) of two overlapping shapes.
//
// Naming: contact_<a>_<b>, the shapes in the one order (Sphere, Capsule, AABB,
// OBB, Triangle, Plane). Every contact_<a>_<b> returns false exactly when
// overlap_<a>_<b> does: it first runs that exact test, then measures the
// contact in doubles. Results follow ContactHit (types.h): moving a by normal *
// depth leaves the shapes touching.
#pragma once

#include "narrowphase/types.h"

namespace np {

// ---- A sphere against every shape (contact.cpp).
//
// The sphere a (center c, radius r) against b: depth = r - the distance from c
// to b when c lies outside b (Ericson, Real-Time Collision Detection, 4.3.1 and
// 5.1: the closest point of b to c), normal = unit(c - that closest point),
// pointB = that closest point. A center inside a solid b (capsule, box) takes
// the shortest way out: depth = r + the distance from c to b's surface, normal
// = the outward normal of the nearest face (for a capsule, away from its axis),
// pointB = c moved onto that face. For thin b (triangle, plane) the normal
// faces the side c is on; a center exactly on b (decided exactly) takes the
// face normal unit((b - a) x (c - a)) of a triangle, unit(normal) of a plane.
// In all cases pointA = c - normal * r and pointB - pointA = normal * depth (up
// to rounding), depth >= 0 (0 when they only touch). Coincident centers (two
// spheres, a center on a capsule's axis or a degenerate triangle's segment)
// get a fixed normal: +y, or for an axis, the part of +y perpendicular to it
// (+x for an axis along y). Inputs beyond 2^1000 or all below 2^-900 are
// measured in units scaled by a power of two (exact); a depth or point beyond
// the largest double is +-inf. JoltPhysics (CollideSphereVsTriangles,
// SphereShape's CollideSphere), parry (contact_ball_ball, which picks +x for
// coincident centers) and Bullet (btSphereSphereCollisionAlgorithm,
// btSphereBoxCollisionAlgorithm: the nearest face for a center inside) measure
// the same quantities in floating point after a floating-point decision.

/// Contact of two spheres: normal = unit(a.center - b.center) (+y when the
/// centers coincide), depth = a.radius + b.radius - |a.center - b.center|,
/// pointA = a.center - normal * a.radius, pointB = b.center + normal *
/// b.radius. False exactly when overlap_sphere_sphere is.
bool contact_sphere_sphere(const Sphere& a, const Sphere& b, ContactHit* hit);

/// Contact of a sphere and a capsule: the capsule's segment point q nearest to
/// the center, normal = unit(center - q), depth = sphere.radius +
/// capsule.radius - |center - q|, pointB = q + normal * capsule.radius. A
/// center exactly on the segment takes the part of +y perpendicular to the
/// segment (+x for a segment along y, +y for a point). False exactly when
/// overlap_sphere_capsule is.
bool contact_sphere_capsule(const Sphere& sphere, const Capsule& capsule,
                            ContactHit* hit);

/// Contact of a sphere and a closed box: outside, the clamped center is pointB;
/// inside or on the box, the nearest face (ties: -x, +x, -y, +y, -z, +z) gives
/// the normal and depth = radius + the center's distance to it. False exactly
/// when overlap_sphere_aabb is.
bool contact_sphere_aabb(const Sphere& sphere, const AABB& box,
                         ContactHit* hit);

/// Contact of a sphere and an oriented box, as contact_sphere_aabb in the box's
/// frame (the center's coordinates t_i = (center - box.center) . axis[i],
/// rounded); the normal of a face is its unit axis. An OBB with the identity
/// rotation gives exactly contact_sphere_aabb for [center - halfSize, center +
/// halfSize]. False exactly when overlap_sphere_obb is.
bool contact_sphere_obb(const Sphere& sphere, const OBB& box, ContactHit* hit);

/// Contact of a sphere and a thin triangle: pointB is the triangle's point
/// nearest to the center (Ericson 5.1.5); over the face the normal is the face
/// normal turned to the center's side, at an edge or corner unit(center -
/// pointB). A center exactly on the triangle: depth = radius along unit((b - a)
/// x (c - a)) (for a degenerate triangle, or a sliver whose rounded normal is
/// below kContactNoise of its edges' product, the rule for a capsule's axis on
/// the segment it spans). False exactly when overlap_sphere_triangle is.
bool contact_sphere_triangle(const Sphere& sphere, const Triangle& triangle,
                             ContactHit* hit);

/// Contact of a sphere and a thin plane: normal = unit(plane.normal) on the
/// side it points to (and for a center exactly on the plane), its negation
/// behind; depth = radius - |signed distance|; pointB = the center projected
/// onto the plane. False exactly when overlap_sphere_plane is.
bool contact_sphere_plane(const Sphere& sphere, const Plane& plane,
                          ContactHit* hit);

// ---- A capsule against every shape (contact.cpp).
//
// The capsule a (segment s0 s1, radius r) against b. Shallow contacts, where
// the segment does not meet b (decided exactly: the overlap test with radius
// 0): p on the segment and q on b the closest points (Ericson, Real-Time
// Collision Detection, 5.1.9 segment-segment; 5.1.10's reduction for a
// triangle: the segment's ends against the face and the segment against the
// three edges; the same for a box with its 12 edges), normal = unit(p - q),
// depth = r - |p - q|, pointB = q. Deep contacts, where the segment meets b:
// the minimum translation of the segment out of b, the least penetration over
// the face normals of their Minkowski difference (the separating axes, Ericson
// 4.4 and 5.2.1; Jolt's and Bullet's SAT/EPA report the same minimum): for a
// box its 3 face normals and the 3 cross products of the segment's direction
// with them; for a triangle its normal, the cross products of its edges with
// the segment's direction and its in-plane edge normals (those of a segment
// lying in the triangle's plane); depth = that penetration + r, normal = the
// axis; pointB = where the segment moved out by normal * (depth - r) touches b
// (their closest pair), on b, and pointA = that segment point moved back, less
// normal * r. A segment within rounding of b (kContactNoise) is measured as
// one meeting it. In every case pointA is on the capsule's surface, pointB on
// b, pointB - pointA = normal * depth (to rounding), depth >= 0 (0 when they
// only touch), the normal unit, never NaN. A zero-length
// capsule (start == end) is the sphere: exactly contact_sphere_<b>. Inputs
// beyond 2^500 or all below 2^-500 are measured in units scaled by a power of
// two, as for the sphere. Every contact_capsule_<b> is false exactly when
// overlap_capsule_<b> is.

/// Contact of two capsules. Shallow: the segments' closest points
/// (closest_points_segment_segment), depth = a.radius + b.radius - their
/// distance. Segments that meet (or come within rounding): depth = a.radius +
/// b.radius along the segments' common normal unit(da x db) turned toward a's
/// midpoint from b's (kept as is when perpendicular to that offset); for
/// parallel segments (da x db within kContactParallelAxis of 0) the part of +y
/// perpendicular to a's segment (+x for a segment along y), turned the same
/// way. start == end: a is contact_sphere_capsule; b a point on a's segment:
/// contact_sphere_capsule(b's ball, a) with its normal negated and its points
/// swapped. False exactly when overlap_capsule_capsule is.
bool contact_capsule_capsule(const Capsule& a, const Capsule& b,
                             ContactHit* hit);

/// Contact of a capsule and a closed box: shallow, the closest points of the
/// segment and the box; a segment meeting the box, the least penetration over
/// the 3 face normals (both signs) and the cross products of the segment's
/// direction with them. A capsule deep inside a box leaves by the nearest
/// face. False exactly when overlap_capsule_aabb is.
bool contact_capsule_aabb(const Capsule& capsule, const AABB& box,
                          ContactHit* hit);

/// Contact of a capsule and an oriented box: contact_capsule_aabb in the box's
/// frame (the capsule's ends as (p - center) . axis[i], rounded), its normal
/// and points taken back to world space. An OBB with the identity rotation
/// gives exactly contact_capsule_aabb for [center - halfSize, center +
/// halfSize]. False exactly when overlap_capsule_obb is.
bool contact_capsule_obb(const Capsule& capsule, const OBB& box,
                         ContactHit* hit);

/// Contact of a capsule and a thin triangle: shallow, the closest points of the
/// segment and the triangle (a segment over the face gets the face normal on
/// its side); a segment crossing or touching the triangle, the least
/// penetration over the face normal (both sides), the cross products of the
/// edges with the segment's direction and the in-plane edge normals. A
/// degenerate triangle (or a sliver whose normal is below kContactNoise of
/// its edges' product) is its longest edge: as contact_capsule_capsule with
/// that segment and radius 0. False exactly when overlap_capsule_triangle is.
bool contact_capsule_triangle(const Capsule& capsule, const Triangle& triangle,
                              ContactHit* hit);

/// Contact of a capsule and a thin plane: with s0, s1 the ends' signed
/// distances, the capsule leaves the plane on the side that is nearer: along
/// +unit(plane.normal) with depth = radius - min(s0, s1) when -min(s0, s1) <=
/// max(s0, s1) (a segment lying in the plane takes +unit(plane.normal), as a
/// sphere's center on it), otherwise along its negation with depth = radius +
/// max(s0, s1); pointB = the deeper end projected onto the plane. False exactly
/// when overlap_capsule_plane is.
bool contact_capsule_plane(const Capsule& capsule, const Plane& plane,
                           ContactHit* hit);

// ---- A box against boxes, triangles and planes (contact_boxes.cpp).
//
// The box a against b, both solid (a triangle or a plane thin): the minimum
// translation by the separating-axis theorem over their Minkowski difference
// (Ericson, Real-Time Collision Detection, 4.4.1 and 5.2.9; Gottschalk's
// OBBTree; the axes parry's contact_cuboid_cuboid and Box2D v3's
// b2CollidePolygons try): depth = the least overlap of the shapes' intervals
// over the candidate axes, each tried in both directions, -axis first; the
// first least in the order given below wins (a tie between a face and an edge
// axis keeps the face). Edge-edge axes of directions within
// kContactParallelAxis of parallel are skipped (the cross products are taken
// in double-double, right to ~2^-104 / sin): the result is then at most
// ~2^-52 of the size deeper than the minimum, and still separating. A rotated
// OBB's columns are first made orthonormal as the overlap tests take them
// (detail/rotation.h), so that its face normals are exact. The normal is unit
// and moves a out of b; pointB is a point where a, moved by normal * depth,
// touches b: a corner, the crossing of two edges, or the centroid of the
// vertices of one face (or edge) clipped by the other (any point of the deepest
// set: a corner of a box resting on a face is its corner, a face on a face the
// centroid of their overlap), then settled on both shapes by alternating
// closest points (b's, a's moved out, b's: exact configurations stay as they
// are); pointA = pointB - normal * depth, on a. Touching shapes give depth 0;
// coincident shapes a valid normal. An OBB with the identity rotation is
// measured as the AABB [center - halfSize, center + halfSize] (rounded once),
// so it gives exactly the AABB's contact; the exact overlap test of the pair
// as given decides whether there is a contact. Inputs beyond 2^500 or all
// below 2^-500 are measured in units scaled by a power of two. Every
// contact_<box>_<b> is false exactly when overlap_<box>_<b> is.

/// Contact of two AABBs: the 3 axes, a moved along -x, +x, -y, +y, -z, +z (the
/// first least wins: two equal boxes leave along -x); depth = the least of
/// a.max_i - b.min_i and b.max_i - a.min_i (differences of bounds: 0 exactly
/// for touching boxes). pointB is on b's face along the normal, at the middle
/// of the boxes' overlap on the other two axes; pointA on a's opposite face.
/// False exactly when overlap_aabb_aabb is.
bool contact_aabb_aabb(const AABB& a, const AABB& b, ContactHit* hit);

/// Contact of an AABB and an oriented box: the 15 axes, the AABB's x, y, z,
/// then the OBB's columns, then their 9 cross products (x x b0, x x b1, ...).
/// An identity rotation gives exactly contact_aabb_aabb with the OBB's bounds.
/// False exactly when overlap_aabb_obb is.
bool contact_aabb_obb(const AABB& a, const OBB& b, ContactHit* hit);

/// Contact of an AABB and a thin triangle: the 13 axes, the triangle's normal
/// on the side of the box's center (exact orient3d of the center, rounded as
/// (min + max) / 2; +unit((b - a) x (c - a)) for a center in the plane; the
/// other side is never shallower), the box's x, y, z, then the cross products
/// of x, y, z with the edges ab, bc, ca. A degenerate triangle (or a sliver
/// whose normal is below kContactNoise of its edges' product) is its longest
/// edge: the box's axes and their products with it. False exactly when
/// overlap_aabb_triangle is.
bool contact_aabb_triangle(const AABB& box, const Triangle& triangle,
                           ContactHit* hit);

/// Contact of an AABB and a thin plane: the box leaves on the side its center
/// is on (+unit(plane.normal) for a box centered on the plane), depth = the
/// signed distance of its deepest corner (exact in sign: 0 for a touching
/// box); pointA = that corner (the middle of the box along an axis the normal
/// is perpendicular to: the center of the deepest face or edge), pointB its
/// projection onto the plane. False exactly when overlap_aabb_plane is.
bool contact_aabb_plane(const AABB& box, const Plane& plane, ContactHit* hit);

/// Contact of two oriented boxes: the 15 axes, a's columns, b's columns, then
/// a_i x b_j (i major). a with the identity rotation is contact_aabb_obb with
/// its bounds. False exactly when overlap_obb_obb is.
bool contact_obb_obb(const OBB& a, const OBB& b, ContactHit* hit);

/// Contact of an oriented box and a thin triangle: contact_aabb_triangle's
/// axes with the box's columns (its center, exact, decides the side). The
/// identity rotation is contact_aabb_triangle with its bounds. False exactly
/// when overlap_obb_triangle is (which, for a rotated box, may count a
/// triangle a few ulps away as touching: depth 0 then).
bool contact_obb_triangle(const OBB& box, const Triangle& triangle,
                          ContactHit* hit);

/// Contact of an oriented box and a thin plane: the side of its center (exact,
/// +unit(plane.normal) on the plane), depth = sum h_i |u . axis_i| - |signed
/// distance of the center| (Ericson 5.2.3); pointA the deepest corner (the
/// middle along an axis exactly perpendicular to the normal), pointB its
/// projection. The identity rotation is contact_aabb_plane with its bounds.
/// False exactly when overlap_obb_plane is.
bool contact_obb_plane(const OBB& box, const Plane& plane, ContactHit* hit);

}  // namespace np
