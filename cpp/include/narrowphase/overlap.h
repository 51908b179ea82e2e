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
/// distance from the center to the box is at most radius^2 (article 000). Exact
/// for representable squares, so a 3-4-5 touching configuration overlaps and
/// any smaller radius does not. radius 0 is a point-in-closed-box test.
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

}  // namespace np
