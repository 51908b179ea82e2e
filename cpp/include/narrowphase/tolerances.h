// narrowphase: every tolerance the core uses, named, with its unit and its reason.
//
// A literal epsilon anywhere else in the core is a bug. Exact queries (closest point, distance, sphere-box
// overlap) use none: clamping and comparing are exact in IEEE double.
#pragma once

namespace np {

/// Dimensionless. How far an OBB rotation may be from orthonormal: every |c_i . c_j - delta_ij| must be at
/// most this. Matrices built from float32 data (three.js Quaternion -> Matrix3 round trips in float32 are
/// within ~1e-7) pass; scaled or sheared matrices, for which every SAT formula is wrong, are rejected.
inline constexpr double kOrthonormalTolerance = 1e-6;

/// Dimensionless, added to |R_ij| (the cosines between the two boxes' axes) on the nine edge x edge axes of
/// the OBB-OBB separating axis test. When an edge of A is (nearly) parallel to an edge of B their cross product
/// is (nearly) zero and both sides of the separation test are rounding noise; the epsilon makes such an axis
/// unable to separate, which is right because the face axes already cover that configuration
/// (Ericson, Real-Time Collision Detection, 4.4.1). It equals kOrthonormalTolerance because rotations are only
/// trusted to that precision. The face axes use no epsilon, so an OBB with identity rotation agrees exactly with
/// the AABB tests.
inline constexpr double kObbEdgeAxisEpsilon = 1e-6;

/// Dimensionless, relative. The far slab distance of a ray-box test is scaled by (1 + this) so that rounding
/// in (bound - origin) / direction cannot turn a ray aimed just inside an edge into a miss: 2 ulp of 1.0
/// (Ize, "Robust BVH Ray Traversal", JCGT 2013).
inline constexpr double kSlabFarScale = 4.440892098500626e-16;  // 2 * 2^-52

}  // namespace np
