// narrowphase: every tolerance the core uses, named, with its unit and its
// reason.
//
// A literal epsilon anywhere else in the core is a bug. Exact queries (closest
// point, distance, sphere-box overlap) use none: clamping and comparing are
// exact in IEEE double.
#pragma once

namespace np {

/// Dimensionless. How far an OBB rotation may be from orthonormal: every |c_i .
/// c_j - delta_ij| must be at most this. Matrices built from float32 data
/// (three.js Quaternion -> Matrix3 round trips in float32 are within ~1e-7)
/// pass; scaled or sheared matrices, for which every SAT formula is wrong, are
/// rejected.
inline constexpr double kOrthonormalTolerance = 1e-6;

/// Dimensionless. On the nine edge x edge axes of the OBB-OBB separating axis
/// test, the radius sum gets a slack
///   kObbEdgeAxisSlack * (e + 2^-52) * (the four half sizes involved +
///   |b.center - a.center|_1)
/// where e is how far the less exact of the two rotations, as the test uses
/// them, is from orthonormal (max |c_i . c_j - delta_ij|: at most
/// kOrthonormalizeAbove, below) and 2^-52 is the unit roundoff of double. When
/// an edge of A is (nearly) parallel to an edge of B their cross product is
/// (nearly) zero and both sides of the separation test are rounding noise, of
/// at most a few times that size: the slack keeps such an axis from separating
/// boxes that overlap (the face axes already decide that configuration;
/// Ericson, Real-Time Collision Detection, 4.4.1). A fixed epsilon of 1e-6 on
/// |R_ij| instead (what this was) also hid real gaps along nearly parallel
/// edges: 100-long boxes 1e-4 rad apart with a 0.005 gap along A.x x B.x were
/// reported overlapping. Now the slack is at the rounding level: rotations less
/// exact than kOrthonormalizeAbove are made orthonormal first. With the factor
/// 8, random exactly parallel configurations (tests/cpp/overlap_test.cpp) never
/// falsely separate; they already do not at 1, and at 0.25 a few in 50,000 do.
/// The face axes use no slack, so an OBB with identity rotation agrees exactly
/// with the AABB tests.
inline constexpr double kObbEdgeAxisSlack = 8.0;

/// Dimensionless. An OBB rotation whose orthonormality error (max |c_i . c_j -
/// delta_ij|) exceeds this is replaced, inside the OBB-OBB test, by its nearest
/// orthonormal matrix (two Newton steps of the polar decomposition) before the
/// separating axes are computed: rotations from float32 data (error ~1e-7)
/// would otherwise need a slack of ~1e-7 times the sizes on the edge x edge
/// axes, which hides real gaps that small along nearly parallel edges. 64 ulps
/// of 1: above what rotations computed in double carry.
inline constexpr double kOrthonormalizeAbove = 64.0 * 0x1p-52;

/// Dimensionless. The batch OBB-OBB test (batch.cpp) uses float32 rotations as
/// given, without the single call's orthonormalization: each entry is rounded
/// by up to 2^-24 relative, so an edge x edge axis of (nearly) parallel edges
/// is rounding noise of a few 2^-24 times the sizes. Its radius sum gets the
/// slack
///   kBatchObbEdgeSlack * (the six half sizes + |b.center - a.center|_1),
/// 16 float32 roundings (2^-20, ~9.5e-7): above that noise, so parallel edges
/// never separate boxes that overlap, and a gap that small (float32 rounding of
/// the boxes' extent) may be reported overlapping. The face axes use no slack.
inline constexpr double kBatchObbEdgeSlack = 0x1p-20;

/// Dimensionless, relative. The batch OBB-OBB test's early reject (batch.cpp,
/// obbs_apart) calls two OBBs apart, without the separating axis test, when
/// their centers are farther apart than their bounding spheres' radii by a
/// factor 1 + kBatchObbApartMargin on the squares, in float32: 2^-8 is far
/// above the float32 rounding of that test (a dozen 2^-24) and above the
/// 1.5e-6 that a rotation orthonormal within kOrthonormalTolerance adds to a
/// box's bounding radius, so such boxes are disjoint, with a gap of at least
/// 2^-10 of the radii (the single call's answer).
inline constexpr double kBatchObbApartMargin = 0x1p-8;

/// World units squared. The absolute term of the same test (float32
/// underflow: each operation below 2^-126 errs by up to 2^-150 absolute, and
/// the test takes a dozen): 2^-100 is far above that and far below any
/// squared distance that matters.
inline constexpr float kBatchObbApartFloor = 0x1p-100f;

/// Dimensionless, relative. np.batch.sphereCastSphere's float32 early miss
/// (batch.cpp, cast_misses4) calls four casts misses without the double
/// computation only when each one's start is apart from its target (|m|^2 -
/// r^2 > kBatchCastMissMargin (|m|^2 + r^2)) and it moves away (m.d >
/// kBatchCastMissMargin sum |m_i d_i| + kBatchCastMissFloor) or its line
/// passes wide (|m x d|^2 - r^2 |d|^2 > kBatchCastMissMargin |d|^2 (|m|^2 +
/// r^2)), each side in float32. 2^-16 is 256 float32 ulps: above the worst
/// rounding of those terms (below 60 ulps, argued there) and far above the
/// double computation's, so the double path would call each such cast a miss
/// too: the answers are the same bit for bit.
inline constexpr float kBatchCastMissMargin = 0x1p-16f;

/// World units squared. The absolute term of the early miss's m.d test: its
/// products err by up to 2^-150 absolute each below 2^-126; 2^-120 covers
/// them many times over.
inline constexpr float kBatchCastMissFloor = 0x1p-120f;

/// World units squared (low) and to the fourth (high). The early miss decides
/// only casts with |d|^2, |m|^2 and r^2 all at least kBatchCastMissLow (so
/// no float32 term of degree two underflows by more than 2^-90 of its sum)
/// and |d|^2 (|m|^2 + r^2) below kBatchCastMissHigh (so no term of degree
/// four overflows); the others go to the double computation.
inline constexpr float kBatchCastMissLow = 0x1p-60f;
inline constexpr float kBatchCastMissHigh = 0x1p100f;

/// Dimensionless, relative. The filter band of a sphere cast's hit decision
/// (shape_cast.cpp): the rounded decisions stand unless |m2 - r2| <=
/// kSphereCastClearMiss (m2 + r2), |w2 - r2| <= kSphereCastClearMiss (w2 + r2)
/// or |disc| <= kSphereCastClearMiss a (r2 + m2) (+ DBL_MIN inside the exact
/// predicate), m and w the start and end relative to the target, r the reach,
/// disc the discriminant; within it the exact reals decide (Shewchuk's
/// expansions). 128 ulps: well above the worst-case rounding of those terms, so
/// the filter is never wrong.
inline constexpr double kSphereCastClearMiss = 0x1p-46;

/// Dimensionless, relative. Where |t| and r, the two sides of an OBB face-axis
/// test, are closer than this relative to their sum (4 ulps), two boxes with
/// identity rotations are decided on the exact reals instead.
inline constexpr double kObbExactFaceBand = 0x1p-50;

/// Dimensionless, relative. Where two slab parameters are closer than this
/// (ratio within 1 +- 2^-50), the float comparison is not trusted and the exact
/// one decides. Not a tolerance: every answer is the exact one, whatever this
/// is, as long as it covers the rounding of the parameters. Each is (bound -
/// origin) / d with bound - origin rounded once, d once (end - start; a ray's
/// direction is exact) and the quotient once: within 3 * 2^-53 of the exact
/// one, relative, when it is a normal double. Two of them whose ratio is
/// outside 1 +- 8 * 2^-53 (multiplying by 1 +- 2^-50 rounds once more) compare
/// as the exact ones do: Shewchuk's filtered predicates (Shewchuk 1997,
/// "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
/// Predicates"), here replacing the 2 ulp far-slab widening of Ize 2013, which
/// made a ray hit a box it missed by a few ulps.
inline constexpr double kSlabTieBand = 0x1p-50;

/// Dimensionless, relative. The filter band of the point queries' exact
/// decisions (closest_point.cpp): whether p lies exactly on a segment, whether
/// a triangle's corners are exactly collinear, and the sign of dot(normal, p) +
/// constant for a plane. The rounded value (a distance, a cross product, the
/// plane equation) decides unless it is within kPointExactBand times the sum of
/// the magnitudes it was computed from (plus an absolute 2^-1020 for products
/// and quotients in the subnormal range); within it the exact reals decide
/// (detail::exact_sign). Each of those values carries at most a few roundings
/// relative to those magnitudes (a dot product of three terms plus one: at most
/// 4 ulps; a cross component: 2; a segment point: a quotient, a product and a
/// sum, under 8 ulps of the coordinates). 2^-46 is 128 ulps: well above that,
/// so the filter is never wrong, and never a tolerance: every decision is the
/// exact one.
inline constexpr double kPointExactBand = 0x1p-46;

/// Dimensionless, relative. A ray whose rounded discriminant against a ball or
/// a capsule's cylinder, D = |d|^2 r^2 - |m x d|^2 (Haines et al., Ray Tracing
/// Gems ch. 7: the Lagrange form, no cancellation between b^2 and a c), is
/// negative by at most kRayTangentBand (|d|^2 r^2 + |m x d|^2) is taken as
/// tangent (D = 0) and hits: D is a few roundings of terms each rounded
/// relative to its own size (at most ~16 ulps of that sum), so an exactly
/// tangent ray is never lost to rounding (shapes are closed). 64 ulps; a ray
/// that misses by less than that, relative, counts as touching. For radius 0
/// the band is relative to |m x d|^2 alone, so only a ray whose rounded
/// offset is exactly 0 hits.
inline constexpr double kRayTangentBand = 0x1p-46;

/// Dimensionless, relative. A linecast against a ball or a capsule whose end
/// lies in the shape reports an entry distance within kLinecastEndSnap of
/// |end - start| (either side) as exactly |end - start|, so that a segment
/// ending on the surface hits at its length although the rounded entry may
/// land an ulp or two beyond or short of it (the distance is a quotient of
/// once-rounded terms divided by a power of two: within ~4 ulps). 8 ulps.
inline constexpr double kLinecastEndSnap = 0x1p-50;

/// Dimensionless, relative. The filter of the exact 3x3 determinant signs
/// (which side of a triangle's plane a point is on, whether a direction is
/// parallel to it): the determinant of three rows, each a difference of
/// doubles rounded once and scaled by a power of two, computed in doubles, has
/// the exact sign when its magnitude exceeds kOrientFilterBand times the sum of
/// the magnitudes of its six products (their rounding is below 16 ulps of that
/// sum), plus 64 DBL_MIN for products below the normal range. Otherwise the
/// sign is computed with Shewchuk's expansions. Not a tolerance: any value
/// above the rounding gives the same answers.
inline constexpr double kOrientFilterBand = 0x1p-40;

/// Dimensionless, relative. A triangle's normal (b - a) x (c - a) is taken
/// from the rounded edges only where each component's rounding bound (8 eps
/// times the sum of its two products' magnitudes, plus 2^-1070 for underflow:
/// raycast_shapes.cpp, triangle_normal) is at most kTriangleNormalBand times
/// the largest rounded component, so that its direction is right to ~2^-40 rad.
/// Otherwise (a cap: corners collinear to within ~2^-10 of their size) the
/// components are summed exactly and rounded once, and a ray's crossing is
/// decided and measured on the exact reals (cap_crossing). Not a tolerance of
/// the answers: the band sets which triangles take the exact path; a wider one
/// sends more slivers through it.
inline constexpr double kTriangleNormalBand = 0x1p-40;

/// Dimensionless, relative. How far a cap's ray hit distance
/// (raycast_shapes.cpp, cap_crossing) may lie from the exact crossing, relative
/// to it: lambda is the quotient of two determinants each summed exactly and
/// rounded twice (2^-51.9 each, ExactSum::value), rounded once more, and the
/// distance lambda |d| adds |d|'s roundings (a sum of squares and its square
/// root) and the product's: about 8 ulps in all; 2^-48 allows 32. The tests
/// check the cap of the mesh_ray finding against rational arithmetic with it.
inline constexpr double kTriangleCapHit = 0x1p-48;

/// Dimensionless, relative. The filter band of the overlap tests of spheres and
/// planes (overlap_spheres_planes.cpp): each decision (a squared distance
/// against a squared radius, the side of a plane, the side of a triangle's
/// edge) is first computed in doubles; the rounded value decides unless it is
/// within kOverlapExactBand times a bound of the magnitudes it was computed
/// from (sums of absolute values of the terms, squared where the value is a
/// square, plus DBL_MIN for terms below the normal range), and the exact sign
/// of the polynomial (detail/exact_poly.h) decides there. Those values carry at
/// most a few tens of roundings relative to that bound (the longest chain, a
/// triangle's plane distance squared, ~30 ulps); 2^-44 is 512 ulps, so the
/// filter is never wrong and never a tolerance: every decision is the exact
/// one.
inline constexpr double kOverlapExactBand = 0x1p-44;
/// Dimensionless, relative. The sphere-triangle and capsule-triangle overlap
/// tests' quick "yes" (detail/corner_in_ball.h, for the ball or a capsule's
/// end ball): a corner v of the triangle is in the ball (p, r) when the rounded
/// |p - v|^2 is below the rounded r^2 times (1 - kCornerInBallBand). With
/// coordinates and r at most 2^500 and the rounded r^2 at least 2^-960, |p -
/// v|^2 summed from once-rounded differences is within 5 ulps of the exact one
/// (Higham 2002, 3.1: nonnegative terms, relative error at most gamma_5), plus
/// 3 * 2^-1074 where squares underflow, and r^2 within 1 ulp: 2^-48 is 32 ulps,
/// so the comparison is never wrong, only a filter (the exact test decides what
/// it leaves).
inline constexpr double kCornerInBallBand = 0x1p-48;
/// Dimensionless, relative. The sphere-triangle overlap test's quick "no"
/// (overlap_sphere_triangle): a proven lower bound of the squared distance
/// (detail::triangle_distance_sq_lower_bound) decides "apart" when it exceeds
/// the rounded r^2 times (1 + kBallBoundRoundUp). For r in [2^-500, 2^500]
/// the rounded r^2 is normal and within 1 ulp (2^-53) of r^2, and the product
/// rounds once more: 2^-50 (8 ulps) puts the threshold above r^2. Not a
/// tolerance: the exact test decides every case it leaves.
inline constexpr double kBallBoundRoundUp = 0x1p-50;
/// Dimensionless, relative. A sphere contact (contact.cpp) takes its normal
/// from d = c - q, q the point of a capsule's segment, a triangle's edge or a
/// degenerate triangle's span nearest the center c. q is rounded to a few ulps
/// of S = |c - e0|_1 + |e1 - e0|_1 (e0, e1 the segment's ends), so where |d|_1
/// is below kContactNoise * S its direction is that rounding's, and may point
/// along the segment or across a triangle's face (moving the sphere by normal *
/// depth would then leave it inside): the center is taken as on the segment,
/// with the normal of a center exactly on it (the face normal on the center's
/// side for a triangle, the part of +y perpendicular to the segment
/// otherwise), which is a shortest way out to within |d| <= kContactNoise * S.
/// Above it, d's direction is off by at most ~8 * 2^-52 / kContactNoise =
/// 2^-17 rad, which moves the separated sphere by ~2^-35 of the radius. So
/// contacts are measured to ~2^-32 (2.3e-10) of the scene's size either way.
/// Not a decision: whether there is a contact is the exact overlap test's.
inline constexpr double kContactNoise = 0x1p-32;

/// Dimensionless. OBB-triangle overlap with a rotated box
/// (overlap_triangles.cpp) carries the triangle into the box's frame, p = R^T
/// (v - c): each coordinate of p rounds by at most ~4 ulps of |v - c|_1, and a
/// rotation e away from orthonormal (at most kOrthonormalizeAbove after the
/// test's own orthonormalization) moves it by up to e |v - c|. The box's half
/// sizes are grown by kObbTriangleSlack * (e + 2^-52) * (max |v - c|_1 + the
/// largest half size), four times that error, so that a triangle touching the
/// box is never reported separated; a triangle within that gap of the box (a
/// few ulps of the distances involved) may be reported overlapping.
/// Axis-aligned boxes (the identity rotation, or its columns permuted or
/// negated) use no slack: they are decided exactly, as AABBs.
inline constexpr double kObbTriangleSlack = 8.0;
/// Dimensionless, relative. The capsule overlaps' filter (overlap_capsules.cpp)
/// evaluates each polynomial in doubles together with a running bound of its
/// error (Higham, Accuracy and Stability of Numerical Algorithms, 3.3): every
/// operation adds kCapsuleFilterRounding times its rounded result (one
/// rounding is at most 2^-53 of it; twice that also covers the rounding of the
/// bound's own arithmetic, which is then inflated by 1 + 2^-50), and every
/// product 2^-1069 for what underflow may lose. A sign is taken from the
/// doubles only when the value is farther from 0 than its bound, otherwise from
/// Shewchuk's expansions: not a tolerance, every answer is the exact one.
inline constexpr double kCapsuleFilterRounding = 0x1p-52;

/// Dimensionless, relative to the largest magnitude M of a configuration (its
/// coordinates and radius). The quick verdicts before the exact capsule-box
/// predicate and the rounded-box region test of the sphere cast against a box
/// (Ericson, Real-Time Collision Detection, 5.5.7) grow or shrink the box by
/// kClearMargin * M and trust a double only on the far side of that margin:
/// every rounding in them is at most a few dozen 2^-53 M (about 2^-48 M), so
/// a margin of 2^-40 M is 256 times what it must cover. Not a tolerance of the
/// answer: inside the margin the exact predicate, or every piece of the rounded
/// box, decides as before. Applies for M in [2^-900, 2^900] only (the margin
/// then stays a normal double and no sum overflows).
inline constexpr double kClearMargin = 0x1p-40;

/// Dimensionless. The contacts' edge axes (contact.cpp, contact_boxes.cpp:
/// the capsule's direction x a triangle's edge, two capsules' directions, a
/// box's axes x another's or x a triangle's edges) are cross products taken
/// in double-double from the exact differences of the points
/// (detail::cross_axis), each direction first brought near unit length by a
/// power of two: right to ~2^-104 / sin(angle) of their length. When the
/// product's 1-norm is at most kContactParallelAxis times the product of the
/// factors' 1-norms (the directions within ~2^-52 rad of parallel), the axis
/// is skipped: the other axes (the face normals and the in-plane edge normals
/// that bound it) give a translation at most ~2^-52 of the shapes' size deeper
/// than the minimum, and still a separating one. 2^-52 balances the two
/// errors (each ~2^-52 of the size at the cut-off). (In doubles the cut-off
/// had to be 2^-26, the rounding of the edges divided by the sine: contacts
/// up to ~1.5e-8 of the size deeper than the minimum.)
inline constexpr double kContactParallelAxis = 0x1p-52;

/// Dimensionless (the sine of an angle). A capsule cast's edge feature
/// (capsule_cast.cpp: the capsule's segment against a target's edge, or
/// another capsule's segment) is solved in double when the two directions are
/// more than this apart: the common normal a x e, rounded in double, is then
/// right to ~2^-52 / 2^-16 = 2^-36 of the scene, within the 1e-9 the casts
/// promise. Nearer parallel it is solved in double-double (error ~2^-104 /
/// sin), down to kCastEdgeParallel.
inline constexpr double kCastEdgeInDoubles = 0x1p-16;

/// Dimensionless (the sine of an angle). Below it a capsule cast leaves an
/// edge feature to the end balls and the corners. Not a rounding matter: the
/// double-double solution would still be right to 2^-34 of the scene there;
/// but at that angle a contact only the edge feature finds (a capsule thinner
/// than sin * its length, crossing the edge between its ends) is one whose
/// whole segment passes within 2^-70 of the scene's size of the target, so a
/// capsule reported touching later, or not at all, came no nearer than that.
inline constexpr double kCastEdgeParallel = 0x1p-70;

/// Dimensionless, relative. sphere_cast_triangle (and capsule_cast_triangle's
/// end balls) takes the entry through a face at fraction 0 when the start's
/// rounded plane distance h0 = (s - a) . n exceeds the radius by at most
/// kCastFaceStartBand |s - a|_inf (and the start lies over the face), instead
/// of the linear formula (|h0| - r) / (|h0| - |h1|). h0 carries ~2^-50 of
/// |s - a| of rounding for a triangle that is not a sliver (the difference and
/// the dot product: gamma_4; the rounded unit normal's direction, off by
/// ~8 ulps / the sine of the smallest angle; Higham 2002, 3.1), so within 2^-44
/// (16 times that) the formula's numerator is noise and so is its fraction
/// (anywhere in [0, 1] for a path within rounding of parallel to the face:
/// the fuzzer's ball sliding along a face reported at fraction 1, off the
/// triangle). A start that near touches to ~2^-43 of the configuration's
/// magnitude (|s - a|_inf is at most twice it), inside the casts' 2^-40: the
/// answer 0 is within the contract; the exact tests still decide whether the
/// cast hits and whether it starts overlapping.
inline constexpr double kCastFaceStartBand = 0x1p-44;

/// Dimensionless, relative. A mesh's BVH (mesh.cpp) widens every node's box,
/// at query time, by kMeshBoxMargin times the largest |coordinate| among the
/// mesh's vertices and the query's point, origin or segment ends, and a
/// cast's radius (plus kMeshBoxMarginAbsolute; the casts add the shape's
/// reach on top): the single-triangle tests its leaves call decide
/// in rounded coordinates relative to the query (the watertight test's sheared
/// vertices, a degenerate triangle's rounded offset, the nearest point's
/// projection), so a triangle may be hit, or reported nearer, by a few ulps of
/// those magnitudes (~2^-50 of them) beyond its exact box. 2^-40 is ~1000 times
/// that: a node holding the brute-force answer is never pruned. It only widens
/// the boxes (a looser box costs time, never an answer). The tree of boxes
/// (aabb_tree.cpp) widens its ray and sphere node tests by the same margin of
/// its boxes', the ray's origin and the sphere's magnitudes: its node boxes
/// are exact, so the margin only has to cover the rounded differences of the
/// node tests themselves (an ulp of those magnitudes), and raycast_aabb and
/// overlap_sphere_aabb decide exactly at the leaves.
inline constexpr double kMeshBoxMargin = 0x1p-40;

/// Dimensionless, relative. A mesh's sphere queries take a node (or a
/// triangle's box) whose farthest corner lies inside the ball as touching,
/// every triangle below it without the single call (mesh.cpp,
/// SphereNodeTest::contains): the corner's squared distance, computed in
/// doubles (three differences, three squares, two sums: at most five
/// roundings of relative 2^-53 each, Higham 3.1), must be at most the
/// computed r^2 lowered by this fraction of it. 2^-40 exceeds those eight
/// ulps ~2^37 times over, so a box it accepts is inside the ball exactly; it
/// only declines boxes within 2^-40 of the sphere (which take the exact
/// single call as before).
inline constexpr double kMeshInsideBallSlack = 0x1p-40;

/// Square world units. Below this computed r^2 the sphere queries take no box
/// as inside the ball (kMeshInsideBallSlack): a square that underflows loses
/// up to 2^-1075, which the relative slack covers only for r^2 >= 2^-900
/// (2^-940 of slack against 2^-1073 of loss).
inline constexpr double kMeshInsideBallMinSquare = 0x1p-900;

/// Dimensionless, relative. The capsule's version of kMeshInsideBallSlack
/// (mesh.cpp, CapsuleNodeTest): a corner is inside the capsule when it lies
/// within r - e of a point of its segment computed in doubles (a + t (b - a),
/// t in [0, 1]), which is within 9 ulps of the ends' largest |coordinate| M
/// (three roundings a coordinate, Higham 2.2) of the true point; e is this
/// fraction of M (2^-48: 32 ulps, over three times those nine) plus
/// kMeshBoxMarginAbsolute (an underflowing product's loss).
inline constexpr double kMeshInsideCapsuleReach = 0x1p-48;

/// World units. The absolute part of the BVH's box margin: covers the halving
/// (0.5 x, exact except below 2^-1021) that keeps box differences from
/// overflowing, for coordinates near the subnormal range.
inline constexpr double kMeshBoxMarginAbsolute = 0x1p-1040;

/// Dimensionless, relative. The mesh casts' pre-pass (mesh.cpp, StartPass)
/// looks for the triangles a cast starts touching (single cast at fraction 0)
/// among those within the start shape grown by this fraction of the
/// magnitude M (mesh.cpp: the largest |coordinate| of the mesh, the path and
/// the radius; the capsule's doubled), plus kMeshCastStartRadiusSlack of the
/// radius. A capsule cast at fraction 0 either starts overlapping (exact) or
/// was kept by capsule_cast.cpp's settle_on_exact, whose exact test put the
/// capsule at the start within 2^-30 of its magnitude (at most M) of the
/// triangle: 2^-24 is 64 times that. A sphere cast's fraction 0 comes from
/// rounded pieces (an offset face's or an edge capsule's entry at 0, the face
/// band kCastFaceStartBand = 2^-44 of |s - a|), within rounding of touching
/// for a triangle that is not a sliver: the premise mesh.cpp's PrismFilter
/// prunes by (its planes' reach, r (1 + 2^-20) + 2^-24 M, is this grown
/// shape's); slivers are not tested against the grown shape (only their
/// boxes, as the sweep's). Looser costs time only; tighter than the single
/// casts' rounding would change answers (the pre-pass tests fail).
inline constexpr double kMeshCastStartReach = 0x1p-24;

/// Dimensionless, relative: the radius's part of the pre-pass's growth
/// (kMeshCastStartReach), as PrismFilter's (a unit normal within rounding of
/// unit scales a reach by ~2^-52; 2^-20 is far beyond it).
inline constexpr double kMeshCastStartRadiusSlack = 0x1p-20;

/// Dimensionless, relative. A BVH node's entry parameter along a ray and its
/// lower bound on a point's distance are computed in rounded doubles (a
/// difference, a reciprocal and a product, or a sum of squares and a square
/// root: a few ulps); each is lowered by this fraction of itself (and an exit
/// parameter raised) before it is compared with the best answer so far, so
/// rounding never prunes a node that holds it. 2^-40: far above those few
/// ulps, far below anything that costs time. The tree of boxes lowers its ray
/// and sphere node bounds by it too (raycast_aabb reports a distance within a
/// few ulps of the exact one).
inline constexpr double kMeshBoundSlack = 0x1p-40;

/// Dimensionless, relative. The mesh casts' bounding-sphere filter (mesh.cpp,
/// PrismFilter::sphere) raises the shape's reach from its centre (r + |h|)
/// and the sphere's radius by this fraction of themselves and lowers the
/// path's entry fraction by it: each is a sum, a square root or a quotient of
/// rounded values, a few ulps off (Higham 3.1, gamma_n); 2^-40 is far above
/// them and far below any filtering that matters.
inline constexpr double kMeshSphereBoundSlack = 0x1p-40;

/// Dimensionless, relative. The mesh's closest-point leaves bound a point's
/// distance to a triangle from below in plain doubles
/// (detail/triangle_bound.h): each signed quantity there (a dot product of
/// two differences, a triple product, the normal's squared length) is lowered
/// by kTriangleBoundRoundoff times a bound on its sum of absolute terms before
/// its sign or size counts. Its rounding is at most gamma_12 (12 ulps) of that
/// sum (Higham, Accuracy and Stability of Numerical Algorithms, 3.1): 2^-46,
/// ~28 ulps, is above it, so a triangle is never skipped by rounding, and far
/// below the gaps that skip one.
inline constexpr double kTriangleBoundRoundoff = 0x1p-46;

/// Dimensionless (the sine of an angle). A box contact (contact_boxes.cpp)
/// finds the point where the boxes touch from each shape's support feature
/// along the normal: a box's axis whose unit projection on the normal is at
/// most kContactFlatFeature (within ~2^-32 rad of perpendicular), or a
/// triangle's corner within that angle of the farthest one, counts as part of
/// that feature (an edge or a face rather than a corner). Projections of
/// unit axes (a rotated box's made orthonormal first) round to ~2^-52, far
/// below it, so a face resting on a face is found as one; a feature tilted by
/// less than it is taken as flat, which moves the first guess of the point by
/// at most ~2^-32 of the feature's size off the deepest set (the guess is then
/// settled on both shapes by their closest points; the depth and normal do not
/// depend on it). Also the relative area below which a face seen along the
/// normal counts as a segment (kContactNoise): it clips nothing reliably.
inline constexpr double kContactFlatFeature = 0x1p-32;

/// Dimensionless. The sine of a triangle's smallest angle below which
/// closest_point_on_triangle leaves Ericson 5.1.5's region tests for the
/// sliver path (the face's projection if it lies in the triangle by three
/// orientation signs, else the nearest of the three edges, each nearest point
/// robust: nearest_on_segment). The region tests multiply and subtract dot
/// products whose cancellation grows as 1 / sin^2 of that angle: at 2^-8 that
/// is 2^16 ulps, ~1e-11 of the triangle's size, the fuzzer's band; below it a
/// vertex region could be taken for a point on the sliver (0.58 away for a
/// point on a triangle of size 4 whose corners were collinear to 1e-10).
inline constexpr double kTriangleSliverSine = 0x1p-8;

/// Dimensionless (a cosine). An edge shared by exactly two triangles of a mesh
/// is internal (inactive, mesh_contacts.cpp) when the triangles continue each
/// other (their third corners on opposite sides of the edge) and the angle
/// between their planes is at most acos(kMeshFlatEdgeCosine) = 5 degrees:
/// Jolt's ActiveEdges::IsEdgeActive threshold (cos 5 degrees, also
/// MeshShapeSettings::mActiveEdgeCosThresholdAngle's default). A floor
/// triangulated from one plane, or tessellated from a gently curved surface,
/// has inactive seams; a ridge, a step or a ramp's foot (30 degrees) keeps
/// its edge normal. Computed in doubles from unit normals (a few ulps).
inline constexpr double kMeshFlatEdgeCosine = 0.99619469809174553;

/// Dimensionless (the sine of an angle). A mesh contact whose normal is within
/// this angle of its triangle's unit face normal (|normal x face normal| at
/// most this) is a face contact and is never replaced on internal edges: the
/// single call's face normal and the one mesh_contacts.cpp computes differ by
/// a few ulps (~2^-50), far below 2^-20 (~1e-6 rad); an edge contact tilted
/// less than that is kept, its normal within 1e-6 rad of the face's.
inline constexpr double kMeshFaceContactSine = 0x1p-20;

/// Dimensionless (a barycentric coordinate). Where on its triangle a replaced
/// mesh contact's point lies (Jolt's FixNormal, whose epsilon is 1e-4): a
/// coordinate above 1 - this is a vertex, one below this an edge, else the
/// interior. The single calls put an edge or vertex contact's pointB on the
/// boundary to a few ulps of the triangle's size, so 2^-13 (1.2e-4) takes
/// every such point for its feature; a point that close to an edge but
/// inside it is a face contact whose normal is not the face's only in a deep
/// capsule contact, which is replaced when any edge of the triangle is
/// inactive, as Jolt's interior case.
inline constexpr double kMeshContactFeature = 0x1p-13;

}  // namespace np
