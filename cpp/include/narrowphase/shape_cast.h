// narrowphase: shapes swept along a segment against a target shape (shape
// casts).
//
// Naming: <moving shape>_cast_<target>. The moving shape's center travels from
// start to end.
#pragma once

#include "narrowphase/types.h"

namespace np {

/// Sweeps a ball of `radius` from path.start to path.end against the ball
/// `target` (article 004). Returns true and fills *hit at the first contact
/// with fraction in [0, 1]; false when the balls never touch along the path,
/// including a contact that would only happen beyond the end point. A cast that
/// starts overlapping or touching hits at distance 0 with started_overlapping,
/// center = start, normal = unit(start - target.center) (the negated unit
/// direction when the centers coincide, +y when the cast has zero length too)
/// and point = target's surface point along that normal. A zero-length cast is
/// an overlap test. Whether the balls touch is decided on the exact reals the
/// inputs stand for: at the start when |start - target.center| <= radius +
/// target.radius, and otherwise when the path's nearest approach to
/// target.center is within that reach (or the end point is). So a tangent path
/// touches at any magnitude and whatever the reach beside the coordinates (a
/// point cast through a point hits), and a path that ends an ulp short of
/// contact misses. (Where the decision hinges on terms below ~2^-960 times the
/// largest ones, it counts as touching.) The reported center is start + (end -
/// start) * fraction, rounded: within rounding of touching.
bool sphere_cast_sphere(const Segment& path, double radius,
                        const Sphere& target, ShapeCastHit* hit);
/// sphere_cast_sphere({start, end}, radius, target, hit): the form queries.def
/// declares.
inline bool sphere_cast_sphere(Vec3 start, Vec3 end, double radius,
                               const Sphere& target, ShapeCastHit* hit) {
  return sphere_cast_sphere(Segment{start, end}, radius, target, hit);
}

// ---- A ball against the other shapes (sphere_cast_shapes.cpp).
//
// A ball of `radius` moving from start to end against the shape. Whether it
// touches at all is the exact overlap of the swept capsule {start, end,
// radius} with the shape (overlap_capsule_<shape>): a grazing path hits, a
// contact only beyond `end` (by an ulp) misses, a thin triangle or plane is
// never tunnelled through. A cast that starts overlapping or touching
// (overlap_sphere_<shape> at the start, exact) hits at distance 0 with
// started_overlapping, center = start, and the normal and point of
// contact_sphere_<shape> there (its normal from the shape toward the ball, its
// point of the shape). Otherwise the first contact is the center's entry into
// the Minkowski sum of the shape and the ball, in doubles (Ericson 5.5.7):
// fraction in [0, 1], center = start + (end - start) * fraction (end itself at
// 1), normal = the outward unit normal of that sum at the entry (for a thin
// triangle or plane, facing the side the ball came from), point = the shape's
// point nearest the center. A zero-length cast is an overlap test. For an OBB
// the path is taken into the box's frame as overlap_capsule_obb and
// linecast_obb take it.

/// Against a capsule: a ray against the capsule of radius radius +
/// capsule.radius.
bool sphere_cast_capsule(Vec3 start, Vec3 end, double radius,
                         const Capsule& capsule, ShapeCastHit* hit);
/// Against a closed box: its rounded box, the three boxes grown by radius
/// along one axis and the twelve edges as capsules of that radius.
bool sphere_cast_aabb(Vec3 start, Vec3 end, double radius, const AABB& box,
                      ShapeCastHit* hit);
/// Against an oriented box: sphere_cast_aabb in the box's frame.
bool sphere_cast_obb(Vec3 start, Vec3 end, double radius, const OBB& box,
                     ShapeCastHit* hit);
/// Against a thin triangle: the two faces offset by +-radius along its unit
/// normal and the three edges as capsules (a degenerate triangle: its edges).
bool sphere_cast_triangle(Vec3 start, Vec3 end, double radius,
                          const Triangle& triangle, ShapeCastHit* hit);
/// Against a thin plane: the signed distance is linear along the path, and the
/// ball touches where it reaches +-radius on the side the start is on.
bool sphere_cast_plane(Vec3 start, Vec3 end, double radius, const Plane& plane,
                       ShapeCastHit* hit);

// ---- A capsule against every shape (capsule_cast.cpp).
//
// The capsule moves by `translation` T; its center is the midpoint of start
// and end. A cast that starts overlapping or touching (overlap_capsule_<S>,
// or overlap_sphere_capsule, at the start: exact) hits at fraction 0 with
// started_overlapping, center = the midpoint, and the contact's normal (from
// the shape toward the capsule) and its point on the shape
// (contact_capsule_<S>; for a sphere target contact_sphere_capsule turned
// around, with the sphere's point). A zero translation is an overlap test. A
// zero-length capsule is exactly sphere_cast_<S> from its start but for
// distance = fraction * |T| (start + T may round; for inputs
// between 2^-500 and 2^500; other inputs are cast in units scaled by a power
// of two, so that start + T and the edge features' products neither overflow
// nor underflow). Otherwise
// the first contact is the least fraction over the capsule's end balls
// (sphere_cast_<S>), the target's corners against the capsule
// (sphere_cast_capsule along -T) and the capsule's segment against the
// target's edges (the lines' common-normal distance is linear in the
// fraction): that set is complete (capsule_cast.cpp proves it). Fraction in
// [0, 1] (a contact beyond the end misses), distance = fraction * |T|, center
// = midpoint + T * fraction, normal unit from the target toward the capsule,
// point on the target. Whether the end balls and corners touch is decided
// exactly (the sphere casts); a contact of the segment's inside with an
// edge's inside is solved in doubles (and kept only where the segments moved
// there are within the reach, to kContactNoise of the scene), in
// double-double for an edge within kCastEdgeInDoubles (2^-16 rad) of the
// capsule's axis, and an edge within kCastEdgeParallel (2^-70 rad) of it is
// left to the balls and corners (a path touching only such an edge comes no
// nearer than ~2^-70 of the scene's size to the target, and may be reported
// later or missed). Thin triangles and planes are never tunnelled through
// otherwise: a capsule crossing one touches an end ball's path, a corner or
// an edge.

/// Against a ball: the ball moving by -T against the capsule
/// (sphere_cast_capsule), the normal turned around.
bool capsule_cast_sphere(const Capsule& capsule, Vec3 translation,
                         const Sphere& sphere, ShapeCastHit* hit);
/// Against a capsule: the end balls of each against the other, and the two
/// segments' common normal (reach = the radius sum).
bool capsule_cast_capsule(const Capsule& capsule, Vec3 translation,
                          const Capsule& target, ShapeCastHit* hit);
/// Against a closed box: the end balls, its 8 corners and 12 edges.
bool capsule_cast_aabb(const Capsule& capsule, Vec3 translation,
                       const AABB& box, ShapeCastHit* hit);
/// Against an oriented box: the end balls (sphere_cast_obb), its 8 corners
/// center +- halfSize_i axis_i and 12 edges (rounded). The identity rotation is
/// exactly capsule_cast_aabb of [center - halfSize, center + halfSize].
bool capsule_cast_obb(const Capsule& capsule, Vec3 translation, const OBB& box,
                      ShapeCastHit* hit);
/// Against a thin triangle: the end balls, its 3 corners and 3 edges.
bool capsule_cast_triangle(const Capsule& capsule, Vec3 translation,
                           const Triangle& triangle, ShapeCastHit* hit);
/// Against a thin plane: the end balls (the capsule's nearest point to a plane
/// is always an end).
bool capsule_cast_plane(const Capsule& capsule, Vec3 translation,
                        const Plane& plane, ShapeCastHit* hit);

}  // namespace np
