// narrowphase: boolean overlap tests between two closed solid shapes. Touching
// counts as overlapping.
//
// Shape order in names follows one ranking: Sphere, Capsule, AABB, OBB,
// Triangle, Plane
// (overlap_<first>_<second>).
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
