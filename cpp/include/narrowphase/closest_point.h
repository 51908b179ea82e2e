// narrowphase: closest points and distances from a point to a shape.
//
// Article 000 (closest point by per-axis clamping) and 001 (per-axis overshoot
// beyond the box, summed into the distance vector). Both are exact: a clamp and
// a max involve no rounding. Then the closest points and distances of the other
// shapes (segment, sphere, capsule, OBB, triangle, plane).
#pragma once

#include "narrowphase/types.h"

namespace np {

/// The point of the closed box nearest to p: p clamped to [min, max] on each
/// axis. Returns p itself, bit for bit, when p is inside or on the box.
Vec3 closest_point_on_aabb(Vec3 p, const AABB& box);

/// How far p lies outside the box along each axis: max(min - p, 0, p - max) per
/// component. Zero on an axis where p is within the box's extent, so the vector
/// is zero exactly when p is inside or on the box.
Vec3 overshoot_point_aabb(Vec3 p, const AABB& box);

/// Squared Euclidean distance from p to the closed box; exactly 0 inside and on
/// the surface.
double distance_squared_point_aabb(Vec3 p, const AABB& box);

/// Euclidean distance from p to the closed box, in world units; exactly 0
/// inside and on the surface.
double distance_point_aabb(Vec3 p, const AABB& box);

// ---- Points against the other shapes (Ericson, Real-Time Collision Detection,
// 5.1). Every function gives no NaN for any valid input (any finite
// magnitudes, subnormals to DBL_MAX, mixed per component): squares are taken
// in units scaled by powers of two, and inputs of 2^1020 or more, whose
// differences may overflow, in units 16 times larger. Every distance is |p -
// the closest point returned for p| (computed on halved coordinates where p -
// q overflows), so the two never disagree; a distance beyond DBL_MAX is +inf.
// Solid shapes (sphere, capsule, OBB) return p itself, bit for bit, when p is
// inside or on them, and the distance 0 exactly. Segments, triangles and
// planes are thin.

/// The point of the segment nearest to p (Ericson 5.1.2). start == end is a
/// point: that point is returned. The start or the end itself is returned when
/// the projection falls before or beyond it, and p itself, bit for bit, when p
/// lies exactly on the segment (decided on the exact reals).
Vec3 closest_point_on_segment(Vec3 p, const Segment& s);

/// Euclidean distance from p to the segment; exactly 0 when p lies exactly on
/// it.
double distance_point_segment(Vec3 p, const Segment& s);

/// The point of the closed ball nearest to p: p itself, bit for bit, when p is
/// inside or on the ball (|p - center| <= radius, decided on squares, with p -
/// center rounded once); otherwise center + radius * (p - center) / |p -
/// center|, which lies on the sphere only up to rounding.
Vec3 closest_point_on_sphere(Vec3 p, const Sphere& s);

/// Euclidean distance from p to the closed ball: |p -
/// closest_point_on_sphere(p)|, 0 exactly when p is inside or on it (as that
/// decides; outside, 0 only where the point on the sphere rounds onto p).
double distance_point_sphere(Vec3 p, const Sphere& s);

/// The point of the capsule (every point within radius of the segment start -
/// end) nearest to p: p itself, bit for bit, when p is inside or on it;
/// otherwise the ball around the nearest point of the segment decides. start ==
/// end gives exactly closest_point_on_sphere, radius 0 exactly
/// closest_point_on_segment.
Vec3 closest_point_on_capsule(Vec3 p, const Capsule& c);

/// Euclidean distance from p to the capsule: |p - closest_point_on_capsule(p)|,
/// exactly 0 inside and on it.
double distance_point_capsule(Vec3 p, const Capsule& c);

/// The point of the oriented box nearest to p (Ericson 5.1.4): p itself, bit
/// for bit, when |dot(p - center, axis[i])| <= half_size_i on every axis
/// (with p - center and the dot product rounded); otherwise center + sum of
/// axis[i] * (the projection clamped to [-half_size_i, half_size_i]). An OBB
/// whose rotation is exactly the identity is the AABB [center - half_size,
/// center + half_size] (bounds rounded once) and gives exactly what
/// closest_point_on_aabb gives for it. A half size of 0 is a flat box.
Vec3 closest_point_on_obb(Vec3 p, const OBB& b);

/// Euclidean distance from p to the oriented box: |p -
/// closest_point_on_obb(p)|, exactly 0 inside and on it (as
/// closest_point_on_obb decides). Identity rotations give exactly
/// distance_point_aabb wherever that is finite. A box reaching beyond the
/// doubles may have its point nearest p beyond them (+-inf components): the
/// distance is then that of the same point in units 16 times larger, finite
/// unless it exceeds DBL_MAX.
double distance_point_obb(Vec3 p, const OBB& b);

/// The point of the closed triangle (surface only) nearest to p (Ericson
/// 5.1.5). A corner itself is returned when p lies in its Voronoi region,
/// whatever the order of a, b and c. A degenerate triangle (a, b, c collinear
/// or coincident, decided on the exact reals) is the segment or point it spans
/// and gives exactly closest_point_on_segment for the segment from the
/// lexicographically smallest to the largest corner (Ericson 5.1.9: no
/// barycentric division by zero). Inside the face the answer is p projected
/// onto the triangle's plane: p itself when that projection is 0 in doubles.
/// A triangle that is not degenerate but too thin for its normal to be a
/// non-zero double gives the nearest point of its three edges there.
Vec3 closest_point_on_triangle(Vec3 p, const Triangle& t);

/// Euclidean distance from p to the triangle: |p -
/// closest_point_on_triangle(p)|. Exactly 0 when the nearest point computed is
/// p itself (not guaranteed for every point exactly on a tilted triangle: its
/// plane is not decided exactly).
double distance_point_triangle(Vec3 p, const Triangle& t);

/// The point of the plane nearest to p: p - normal * (dot(normal, p) +
/// constant) / dot(normal, normal), computed with normal scaled by a power of
/// two (exact) so that nothing overflows or underflows. p itself, bit for bit,
/// when dot(normal, p) + constant is exactly 0 on the reals. Where the plane
/// lies farther than DBL_MAX from p, components overflow to +-inf (never NaN).
Vec3 closest_point_on_plane(Vec3 p, const Plane& pl);

/// Euclidean distance from p to the plane, whatever the length of the normal:
/// |signed_distance_point_plane(p, pl)|.
double distance_point_plane(Vec3 p, const Plane& pl);

/// (dot(normal, p) + constant) / |normal|: positive on the side the normal
/// points to, negative on the other, exactly 0 when p lies exactly on the plane
/// (the sign is decided on the exact reals when rounding could flip it). Its
/// magnitude is |p - closest_point_on_plane(p)|, at least the smallest double
/// off the plane; where that closest point lies beyond DBL_MAX, the formula
/// itself. +-inf only when the true value exceeds DBL_MAX.
double signed_distance_point_plane(Vec3 p, const Plane& pl);

// ---- Segments against segments (segments.cpp).

/// The closest points of two segments (Ericson 5.1.9, ClosestPtSegmentSegment,
/// with the degenerate cases made robust): point_a on a, point_b on b, and
/// distance = |point_a - point_b| (computed on halved coordinates where the
/// difference overflows, +inf only beyond DBL_MAX). The answer is the nearest
/// of five candidate pairs: each of the four end points with its closest
/// point on the other segment (closest_point_on_segment), and, when the
/// segments are not parallel, the pair of the two lines' common perpendicular
/// when its feet lie strictly inside both segments, taken in the Lagrange form
/// s = ((d2 x r) . n) / |n|^2, t = ((d1 x r) . n) / |n|^2 with n = d1 x d2 and
/// r = a.start - b.start (no cancellation of a e - b^2, no division by 0). So:
///  - a zero-length segment is a point: with a.start == a.end, point_a is
///    a.start and point_b is exactly closest_point_on_segment(a.start, b) (the
///    same for b); two points give themselves;
///  - parallel or collinear segments (n = 0 in doubles) give one of the pairs
///    at the minimum distance, an end point of one of them;
///  - every result is finite for finite inputs (coordinates are scaled by a
///    power of two before the products), the points exactly on their segments
///    up to the rounding of a + (b - a) t.
/// Compare Jolt's ClosestPoint::GetClosestPointsOnSegments, parry's
/// closest_points_segment_segment and Box2D v3's b2SegmentDistance, which
/// solve the same 2x2 system with an epsilon for the parallel case.
SegmentClosestPoints closest_points_segment_segment(const Segment& a,
                                                    const Segment& b);

}  // namespace np
