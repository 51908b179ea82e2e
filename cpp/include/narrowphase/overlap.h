// narrowphase: boolean overlap tests between two closed solid shapes. Touching
// counts as overlapping.
//
// Shape order in names follows one ranking: Sphere, Capsule, AABB, OBB,
// Triangle, Plane (overlap_<first>_<second>).
#pragma once

#include <optional>

#include "narrowphase/types.h"

namespace np {

/// True when the closed ball and the closed box share a point: the squared
/// distance from the center to the box is at most radius^2 (article 000),
/// decided exactly on the reals at every magnitude (filtered in doubles, then
/// summed exactly: overlap_spheres_planes.cpp), so a touching configuration
/// overlaps and a radius one ulp smaller does not. radius 0 is a
/// point-in-closed-box test.
bool overlap_sphere_aabb(const Sphere& sphere, const AABB& box);

/// The 15 candidate separating axes of two OBBs are numbered in the order they
/// are tested: 0-2 are A's face normals (A.x, A.y, A.z), 3-5 are B's, and 6 + 3
/// * i + j is A.axis[i] x B.axis[j].
inline constexpr int kObbAxisCount = 15;

/// The first axis (0..14, order above) along which the two boxes' projections
/// are disjoint, or none when no axis separates them, that is when the closed
/// boxes overlap (article 003, Ericson 4.4.1). Edge x edge axes of (nearly)
/// parallel edge pairs cannot separate (kObbEdgeAxisSlack); each such axis is
/// judged on its own, never all nine skipped at once. Whether some axis
/// separates does not depend on the order of a and b, bit for bit (each edge
/// axis separates only when it does computed in both boxes' frames); which axis
/// is reported does. Boxes whose half sizes and center distance all lie below
/// 2^-900 are scaled up by a power of two first.
std::optional<int> separating_axis_obb_obb(const OBB& a, const OBB& b);

/// True when the closed oriented boxes overlap: no axis separates them
/// (!separating_axis_obb_obb(a, b)). Symmetric: overlap_obb_obb(a, b) ==
/// overlap_obb_obb(b, a) for every valid pair.
bool overlap_obb_obb(const OBB& a, const OBB& b);

// ---- Spheres and planes against the shapes (overlap_spheres_planes.cpp).
// Every answer below is exact on the real numbers the inputs stand for, at
// every magnitude from subnormals to DBL_MAX: each decision is the sign of a
// polynomial in the inputs, computed in doubles and trusted only when clear of
// its rounding (kOverlapExactBand), and otherwise summed exactly in wide
// integers (detail/exact_poly.h). Touching counts. A sphere overlaps a shape
// exactly when the distance from its center to the shape is at most its
// radius: distance_point_<shape>(center) <= radius up to that query's
// rounding. Planes and triangles are thin (their points only); a plane's
// normal may have any non-zero length.

/// True when |a.center - b.center| <= a.radius + b.radius (Ericson, Real-Time
/// Collision Detection, 4.3.1), on squares, exactly. Symmetric.
bool overlap_sphere_sphere(const Sphere& a, const Sphere& b);

/// True when the distance from the sphere's center to the capsule's segment is
/// at most sphere.radius + capsule.radius (Ericson 5.1.2 and 5.2.5), decided
/// exactly in the segment's three regions (before start, beside, beyond end).
/// start == end is a sphere; radius 0 a segment.
bool overlap_sphere_capsule(const Sphere& sphere, const Capsule& capsule);

/// True when the sphere's center lies within radius of the oriented box
/// (Ericson 5.1.4, 5.2.5): the center's coordinates in the box frame, t_i =
/// (center - box.center) . axis[i], and the sum over axes of max(|t_i| - h_i,
/// 0)^2 against radius^2, exactly for the axes as given. An OBB with the
/// identity rotation gives exactly overlap_sphere_aabb for the AABB [center -
/// halfSize, center + halfSize] (bounds rounded once, as closest_point_on_obb
/// takes it).
bool overlap_sphere_obb(const Sphere& sphere, const OBB& box);

/// True when the ball touches the (thin) triangle (Ericson 5.2.7 with the
/// closest point of 5.1.5): it touches one of the three edges (segments,
/// exact), or the center projects into the closed triangle (exact signs of
/// the barycentric numerators) and lies within radius of its plane
/// ((n . (center - a))^2 <= r^2 |n|^2, n = (b - a) x (c - a), exact). A
/// degenerate triangle (n exactly 0) is the segment or point it spans.
bool overlap_sphere_triangle(const Sphere& sphere, const Triangle& triangle);

/// True when the ball touches the plane: (n . center + constant)^2 <= radius^2
/// (n . n), exactly (Ericson 5.2.2).
bool overlap_sphere_plane(const Sphere& sphere, const Plane& plane);

/// True when the capsule touches the plane: its segment's end values n . p +
/// constant have opposite signs or one is 0 (the segment crosses or touches
/// it), or a ball of the capsule's radius at an end reaches it (Ericson 5.2.2
/// applied to the capsule's support points). Radius 0 is the segment.
bool overlap_capsule_plane(const Capsule& capsule, const Plane& plane);

/// True when the box touches the plane (Ericson 5.2.3): the plane values of
/// its corners nearest and farthest along the normal straddle or touch 0.
/// Each is three products and the constant, signed exactly.
bool overlap_aabb_plane(const AABB& box, const Plane& plane);

/// True when |n . center + constant| <= sum_i h_i |n . axis[i]| (Ericson
/// 5.2.3), exactly for the axes as given. An OBB with the identity rotation
/// gives exactly overlap_aabb_plane for [center - halfSize, center + halfSize]
/// (bounds rounded once).
bool overlap_obb_plane(const OBB& box, const Plane& plane);

/// True when the triangle's corners are not all strictly on one side of the
/// plane (their plane values' signs, exact): it crosses, touches or lies in
/// the plane.
bool overlap_triangle_plane(const Triangle& triangle, const Plane& plane);
// ---- Boxes and triangles ----

/// True when the closed axis-aligned boxes share a point: their intervals
/// overlap on every axis (Ericson 4.2.1). Comparisons only: exact at every
/// magnitude; flat and point boxes (min == max) work.
bool overlap_aabb_aabb(const AABB& a, const AABB& b);

/// True when the closed AABB and the closed OBB share a point. An OBB whose
/// rotation is the identity (or has its columns permuted or negated) is decided
/// on the exact reals, against its exact bounds center +- half_size: it agrees
/// with overlap_aabb_aabb whenever those bounds are representable. Otherwise
/// the AABB becomes an OBB (center and half size rounded once each) and
/// overlap_obb_obb decides, in either argument order alike (near the largest
/// double, on both boxes scaled by 2^-8, so that nothing overflows).
bool overlap_aabb_obb(const AABB& a, const OBB& b);

/// True when the closed solid box and the closed (thin) triangle share a point:
/// none of Akenine-Moller's 13 separating axes separates them (Akenine-Moller
/// 2001, Ericson 5.2.9). Each axis is decided by exact signs of determinants
/// of the inputs (filtered, then exact), so a triangle touching a face, an edge
/// or a corner overlaps and one an ulp away does not, at every magnitude
/// (subnormals to the largest double). A degenerate triangle is its segment or
/// point (a zero axis never separates and is not divided by).
bool overlap_aabb_triangle(const AABB& box, const Triangle& triangle);

/// overlap_aabb_triangle for an oriented box. An axis-aligned OBB (identity
/// rotation, or columns permuted or negated) is that test on [c - h, c + h]
/// (exact whenever those bounds are representable). A rotated box is tested in
/// its own frame, grown by kObbTriangleSlack times the rounding of the
/// transform: touching always overlaps, and a triangle within a few ulps of
/// the distances involved may too.
bool overlap_obb_triangle(const OBB& box, const Triangle& triangle);

/// True when the closed triangles share a point. The side of each corner
/// against the other's plane is exact (Shewchuk's orient3d: Guigue-Devillers
/// 2003's rejection), and then an edge of one meeting the other decides, with
/// exact orientation signs; coplanar triangles are decided in their plane.
/// Degenerate triangles are their segments or points. Symmetric. Exact at every
/// magnitude.
bool overlap_triangle_triangle(const Triangle& a, const Triangle& b);
// ---- Capsules (overlap_capsules.cpp). A capsule is every point within radius
// of its segment: radius 0 is the segment, start == end a ball. Each test is
// "the distance between the capsule's segment and the other shape is at most
// the radius (sum)", decided on the exact real numbers the inputs stand for:
// every decision is the sign of a polynomial in differences of the input
// coordinates and the radii (r1 + r2 taken exactly, never rounded), first in
// doubles with a rigorous running error bound (kCapsuleFilterRounding), and,
// where that bound does not settle the sign, with Shewchuk's expansions
// (detail/exact.h). So touching configurations built from representable
// numbers overlap and one ulp farther apart do not, at any magnitude. The one
// limit: offsets are scaled so that the configuration's extent is ~2^64 (and
// each direction, a segment or an edge, by a power of two of its own: every
// test is homogeneous in it), and a product of scaled differences below
// 2^-960 (inputs mixing ~1e300 with ~1e-300, or squared gaps below ~2^-500 of
// the extent) is kept rounded in the expansions; a sign within what that lost
// is the rounded value's.

/// True when the capsules overlap: the distance between their segments is at
/// most a.radius + b.radius (Ericson 5.1.9 and 4.5.1). The segments' distance
/// is the minimum of the four end-point-to-segment distances and, when the
/// segments' common perpendicular has both feet on them, its length: each
/// compared with the radius sum as a polynomial sign. Symmetric in a and b.
bool overlap_capsule_capsule(const Capsule& a, const Capsule& b);

/// True when the capsule overlaps the closed box: the segment meets the box
/// grown by the radius (its Minkowski sum with the ball): one of the three
/// boxes grown by the radius along one axis (an exact Liang-Barsky clip,
/// fractions compared by cross-multiplication), or within the radius of one of
/// the box's 12 edges (the capsule-capsule test). Radius 0 is exactly
/// linecast_aabb's "does the segment meet the box".
bool overlap_capsule_aabb(const Capsule& c, const AABB& box);

/// True when the capsule overlaps the oriented box. The capsule's end points
/// are taken into the box's frame as linecast_obb does ((p - center) . axis_i,
/// each rounded: a few ulps of |p - center|, the one rounding of this test, and
/// for a rotation that is exactly the identity an exact difference when p -
/// center is a double), then the local capsule is tested exactly against the
/// box [-half_size, half_size] (overlap_capsule_aabb). So radius 0 agrees with
/// linecast_obb, and an identity rotation with overlap_capsule_aabb of [center
/// - half_size, center + half_size] whenever those differences are exact.
bool overlap_capsule_obb(const Capsule& c, const OBB& box);

/// True when the capsule overlaps the (thin) triangle: the segment crosses the
/// triangle, or comes within the radius of one of its edges (the
/// capsule-capsule test), or an end point projects into the triangle within
/// the radius of its plane (Ericson 5.1.10's decomposition of the
/// segment-triangle distance). Orientations and distances are polynomial signs
/// decided exactly. A degenerate triangle (corners collinear or coincident, on
/// the exact reals) is its edges: the segment or point it spans. Radius 0 is
/// "does the segment touch the triangle", as linecast_triangle hits.
bool overlap_capsule_triangle(const Capsule& c, const Triangle& t);

}  // namespace np
