// narrowphase: rays and segments against shapes.
//
// Article 002 casts a segment A->B against an AABB by intersecting the (at most
// three) faces that the signs of AB make visible. This is the same idea written
// as the slab test (Kay & Kajiya 1986; Williams et al. 2005): the sign of each
// direction component picks the near face of each slab, the entry is the latest
// near-face crossing, the exit the earliest far-face crossing, and the segment
// hits when entry <= exit within its length. Unlike the article it never
// reports a point behind the start, handles zero and -0 direction components
// without dividing by them, and treats the box as closed and solid.
//
// Hit or miss is decided exactly, as on the real numbers, for any finite inputs
// (subnormals to the largest doubles, mixed in one query): a ray or segment
// hits exactly when it meets the closed box. The slab test runs in doubles and
// answers where rounding cannot have changed the answer; near ties (a path
// through an edge or a corner, a segment ending on a face), and parameters that
// underflow or overflow, are settled exactly (signs of coordinate differences,
// and of two-by-two determinants summed in integers). The reported numbers are
// rounded: the distance and point to a few ulps, and within a few ulps of an
// edge or corner the normal may be that of either adjacent face.
#pragma once

#include "narrowphase/types.h"

namespace np {

/// Casts the ray against the closed box. Returns true and fills *hit on a hit
/// with hit->distance <= max_distance (world units along the normalized
/// direction; max_distance may be +infinity; the rounded distance is what is
/// compared). An origin inside or on the box hits at distance 0 with point =
/// origin and normal = -unit(direction). Otherwise normal is the outward unit
/// axis of the entry face (at an edge or corner, one of the adjacent faces),
/// point lies exactly on that face, and distance > 0: for an axis-aligned
/// direction exactly |face - origin| rounded once, otherwise t |direction| (an
/// entry beyond the largest double reports infinity). The ray's direction must
/// be non-zero.
bool raycast_aabb(const Ray& ray, const AABB& box, double max_distance,
                  RayHit* hit);

/// Casts the segment start->end against the closed box: like raycast_aabb with
/// max_distance = |end - start|, and a segment ending exactly on a face hits at
/// distance |end - start|. A zero-length segment is a point-in-box test: it
/// hits at distance 0 with normal = the outward normal of the face nearest to
/// start (ties: x before y before z, min face before max face), or misses.
bool linecast_aabb(const Segment& segment, const AABB& box, RayHit* hit);
/// linecast_aabb({start, end}, box, hit): the form queries.def declares.
inline bool linecast_aabb(Vec3 start, Vec3 end, const AABB& box, RayHit* hit) {
  return linecast_aabb(Segment{start, end}, box, hit);
}

// ---- Rays and segments against the other shapes (raycast_shapes.cpp)
//
// Common contract. A cast returns true and fills *hit on a hit, false on a
// miss. distance is in world units along the normalized direction (from start,
// for a linecast); point lies on the shape's surface (within rounding); normal
// is a unit vector without -0 components. An origin (start) inside or on a
// shape hits at distance 0 with point = origin and normal = -unit(direction).
// A raycast hits only at distance <= max_distance (which may be +infinity); a
// linecast only between start and end, and a segment ending on the surface hits
// at distance |end - start|. A zero-length linecast is an overlap test: it
// hits at 0 with the normal each function documents, or misses. Shapes are
// closed (touching counts). No input from subnormals to 1e300 gives NaN; an
// entry farther than the largest double (possible only for inputs whose
// magnitudes differ by ~2^1000) is reported as a miss, its point not being
// representable.

/// Ray against the closed solid ball (Ericson, Real-Time Collision Detection,
/// 5.3.2, with the discriminant of Haines et al., Ray Tracing Gems ch. 7).
/// normal = unit(point - center). A ray within rounding of tangent
/// (kRayTangentBand) counts as touching; a radius-0 ball is hit only by a ray
/// whose rounded offset from its line is exactly 0.
bool raycast_sphere(const Ray& ray, const Sphere& s, double max_distance,
                    RayHit* hit);
/// Segment against the ball: raycast_sphere up to |end - start|; when end lies
/// in the ball, an entry rounded to within kLinecastEndSnap of it is reported
/// at exactly |end - start|. Zero length: hits when start is in the ball, with
/// normal = unit(start - center), or +y at the center.
bool linecast_sphere(Vec3 start, Vec3 end, const Sphere& s, RayHit* hit);

/// Ray against the thin plane (Ericson 5.3.1), hit from either side: normal is
/// the unit plane normal facing the ray (dot(normal, direction) <= 0). Which
/// side the origin is on, and whether the ray is parallel, are decided exactly
/// (detail::exact_sign): a parallel ray off the plane misses, an origin on the
/// plane hits at 0 (normal = -unit(direction)). distance is Euclidean whatever
/// the length of the plane's normal; a hit beyond the largest double (a plane
/// that far away) is reported as a miss.
bool raycast_plane(const Ray& ray, const Plane& pl, double max_distance,
                   RayHit* hit);
/// Segment against the plane: hits when start and end are not strictly on the
/// same side (decided exactly); an end on the plane hits at |end - start|.
/// Zero length: hits when start is on the plane, with normal = unit(normal).
bool linecast_plane(Vec3 start, Vec3 end, const Plane& pl, RayHit* hit);

/// Ray against the thin closed triangle, hit from either side (Woop, Benthin,
/// Wald 2013, "Watertight Ray/Triangle Intersection", JCGT 2(1)): edge
/// functions that round to 0 are decided exactly on the sheared coordinates
/// (detail::exact_sign), and two triangles sharing an edge compute exactly
/// opposite values for it, so a ray through a shared edge with the triangles
/// on either side of it (as seen along the ray), or through a vertex inside a
/// fan of triangles, hits at least one of them. (The sheared coordinates are
/// rounded: a ray through a silhouette edge or an exposed corner may pass
/// within rounding beside it.) Which side of the plane the origin is on, and
/// whether the ray is parallel to it, are decided exactly. normal = unit((b -
/// a) x (c - a)) or its negation, whichever faces the ray. A ray lying exactly
/// in the triangle's plane hits where it first touches the triangle (the ray
/// clipped against the three edges in the plane, in rounded arithmetic), with
/// normal = +unit((b - a) x (c - a)), not flipped; an origin on the triangle
/// (in its plane or not) hits at 0 with normal = -unit(direction), the common
/// rule. A degenerate triangle (its rounded (b - a) x (c - a) is 0, as it is
/// for exactly collinear corners with exact differences) is the segment or
/// point it spans, cast as a radius-0 capsule, with normal = -unit(direction).
bool raycast_triangle(const Ray& ray, const Triangle& t, double max_distance,
                      RayHit* hit);
/// Segment against the triangle: hits only when start and end are not strictly
/// on the same side of the plane (decided exactly); an end exactly on the
/// plane hits at |end - start|. Zero length: hits when start lies on the
/// triangle, with normal = +unit((b - a) x (c - a)) (+y for a degenerate
/// triangle).
bool linecast_triangle(Vec3 start, Vec3 end, const Triangle& t, RayHit* hit);

/// Ray against the closed capsule (Ericson 5.3.7): the infinite cylinder's
/// entry where it lies between the end caps, else the end balls (as
/// raycast_sphere). normal = unit(point - nearest point of the segment). Near
/// tangency and radius 0 as raycast_sphere.
bool raycast_capsule(const Ray& ray, const Capsule& c, double max_distance,
                     RayHit* hit);
/// Segment against the capsule, as linecast_sphere. Zero length: hits when
/// start is in the capsule, with normal = unit(start - nearest point of the
/// segment), or +y on the segment.
bool linecast_capsule(Vec3 start, Vec3 end, const Capsule& c, RayHit* hit);

/// Ray against the closed solid oriented box (Ericson 5.3.3): the ray is
/// carried into the box frame and cast with raycast_aabb. normal =
/// +-unit(axis[i]) of the entry face (the axes are orthonormal only within
/// validation's tolerance), point = the local entry mapped back (on the surface
/// within rounding), distance = the local distance times |direction| /
/// |local direction| (equal for an exactly orthonormal rotation).
bool raycast_obb(const Ray& ray, const OBB& b, double max_distance,
                 RayHit* hit);
/// Segment against the oriented box, via linecast_aabb in the box frame. Zero
/// length: hits when start is in the box, with normal = +-unit(axis[i]) of the
/// face nearest to start (linecast_aabb's choice in the box frame).
bool linecast_obb(Vec3 start, Vec3 end, const OBB& b, RayHit* hit);

}  // namespace np
