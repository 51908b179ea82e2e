// narrowphase: boolean overlap tests between two closed solid shapes. Touching
// counts as overlapping.
//
// Shape order in names follows one ranking: Sphere, AABB, OBB
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

}  // namespace np
