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

}  // namespace np
