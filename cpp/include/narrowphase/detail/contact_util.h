// narrowphase: what the contact sources share (contact.cpp, contact_boxes.cpp):
// measuring in units scaled by a power of two, and the small vector helpers of
// a contact's normal.
#pragma once

#include <cmath>

#include "narrowphase/detail/dd.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"

namespace np::detail {

inline constexpr Vec3 kZero{0.0, 0.0, 0.0};

inline bool is_zero(Vec3 v) { return v.x == 0.0 && v.y == 0.0 && v.z == 0.0; }
inline double sum_abs(Vec3 v) {
  return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z);
}

// ---- Scale: inputs beyond 2^500, or all below 2^-500, are measured in units
// scaled by a power of two (exact, but for bits below 2^-1074 of the new
// units, negligible beside the largest input), so that squares of
// differences neither overflow nor underflow. Results are scaled back.

inline constexpr double kBigInput = 0x1p500, kSmallInput = 0x1p-500;

inline double max_abs(double a, double b) {
  return max2(std::fabs(a), std::fabs(b));
}
inline double magnitude(const Sphere& s) {
  return max_abs(max_abs_component(s.center), s.radius);
}
inline double magnitude(const Capsule& c) {
  return max_abs(max_abs(max_abs_component(c.start), max_abs_component(c.end)),
                 c.radius);
}
inline double magnitude(const AABB& b) {
  return max_abs(max_abs_component(b.min), max_abs_component(b.max));
}
inline double magnitude(const OBB& b) {
  return max_abs(max_abs_component(b.center), max_abs_component(b.half_size));
}
inline double magnitude(const Triangle& t) {
  return max_abs(max_abs(max_abs_component(t.a), max_abs_component(t.b)),
                 max_abs_component(t.c));
}

// The power of two to measure in: 1 for every ordinary scene.
inline double scale_for(double m) {
  if (m > kBigInput) return 0x1p-530;   // now below 2^494
  if (m < kSmallInput) return 0x1p600;  // now in [2^-474, 2^100)
  return 1.0;
}

inline Sphere scaled(const Sphere& s, double k) {
  return {s.center * k, s.radius * k};
}
inline Capsule scaled(const Capsule& c, double k) {
  return {c.start * k, c.end * k, c.radius * k};
}
inline AABB scaled(const AABB& b, double k) { return {b.min * k, b.max * k}; }
inline OBB scaled(const OBB& b, double k) {
  return {b.center * k, b.half_size * k, {b.axis[0], b.axis[1], b.axis[2]}};
}
inline Triangle scaled(const Triangle& t, double k) {
  return {t.a * k, t.b * k, t.c * k};
}

inline void scale_back(ContactHit* hit, double k) {
  if (k == 1.0) return;
  const double u = 1.0 / k;  // a power of two: exact
  hit->depth *= u;
  hit->point_a = hit->point_a * u;
  hit->point_b = hit->point_b * u;
}

// A normal never carries -0 (the project's convention): -0 + 0 is +0.
inline Vec3 plus_zero(Vec3 v) { return {v.x + 0.0, v.y + 0.0, v.z + 0.0}; }

// The power of two that brings a difference near 1 (for a direction only).
inline Vec3 unit_units(Vec3 d) {
  return d * detail::unit_scale_for(detail::biased_exponent(d));
}

// A vector given exactly in double-double (an exact difference of points, or
// a double) brought near unit length by powers of two (exact; two steps for a
// subnormal one, whose single factor would overflow).
inline DV near_unit(DV a) {
  const double m = std::fmax(std::fabs(a.x.hi),
                             std::fmax(std::fabs(a.y.hi), std::fabs(a.z.hi)));
  if (!(m > 0.0)) return a;
  const int e = std::ilogb(m);
  if (e >= -1000) return dv_scale(a, std::ldexp(1.0, -e));
  return dv_scale(dv_scale(a, 0x1p1000), std::ldexp(1.0, -e - 1000));
}

// The unit cross product of two directions, each given exactly in
// double-double (dv_diff of its end points), or 0 where they are parallel to
// within kContactParallelAxis. In double-double the cross product of nearly
// parallel directions is right to ~2^-104 / sin(angle) of its length (in
// doubles, the rounding of the directions divided by the sine: ~2^-52 / sin),
// so an edge axis stays a true minimum candidate down to sin ~2^-52 (Hida, Li,
// Bailey 2001; Ericson 5.2.1: the cross products of the edges are the
// separating axes that matter for edge-edge contact).
inline Vec3 cross_axis(DV u, DV v) {
  const DV un = near_unit(u), vn = near_unit(v);
  const DV x = dv_cross(un, vn);
  const Vec3 xh{x.x.hi, x.y.hi, x.z.hi};
  const Vec3 uh{un.x.hi, un.y.hi, un.z.hi}, vh{vn.x.hi, vn.y.hi, vn.z.hi};
  if (!(sum_abs(xh) > kContactParallelAxis * sum_abs(uh) * sum_abs(vh)))
    return kZero;
  return unit_or(xh, kZero);
}
inline DV as_dv(Vec3 v) { return {dd(v.x), dd(v.y), dd(v.z)}; }
inline Vec3 cross_axis(Vec3 u, Vec3 v) {
  return cross_axis(as_dv(u), as_dv(v));
}

// contact_sphere_triangle and contact_capsule_triangle for a shape already
// known to touch the triangle (overlap_sphere_triangle or
// overlap_capsule_triangle true): the same contact, bit for bit, without
// deciding the overlap again (the mesh's contact queries, whose traversal
// decided it).
void contact_sphere_triangle_touching(const Sphere& sphere,
                                      const Triangle& triangle,
                                      ContactHit* hit);
void contact_capsule_triangle_touching(const Capsule& capsule,
                                       const Triangle& triangle,
                                       ContactHit* hit);

// The tests' reference for the capsule's fast paths (contact.cpp, 2026-11-27):
// the same contact with `meets` decided by the exact overlap test alone and
// the segment-triangle candidates taken in order; and the segment s0 s1's
// nearest pair with triangle t (a segment not meeting it, in the measuring
// units), nearest first or (in_order) in order; whether the segment meets the
// triangle, by the quick test of its ends' sides first. Each is equal bit for
// bit to its reference (the second: overlap_capsule_triangle, radius 0).
void contact_capsule_triangle_touching_reference(const Capsule& capsule,
                                                 const Triangle& triangle,
                                                 ContactHit* hit);
void closest_segment_triangle_pair(Vec3 s0, Vec3 s1, const Triangle& t,
                                   bool in_order, Vec3* p, Vec3* q);
bool segment_meets_triangle_quick(Vec3 s0, Vec3 s1, const Triangle& t);
// closest_points_segment_segment's pair for the segments s0 s1 and e0 e1, its
// end-point candidates skipped where certainly farther (coordinates within
// [2^-200, 2^200]; elsewhere that function): the same bits.
void closest_points_edge_pair(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1, Vec3* p,
                              Vec3* q);
// The lower bound closest_segment_triangle skips a segment-edge pair by
// (coordinates within [2^-200, 2^200]): a pair of squared distance d2 is
// certainly nearer than closest_points_segment_segment's pair when it is
// above d2 (0: never).
double edge_pair_lower_bound(Vec3 s0, Vec3 s1, Vec3 e0, Vec3 e1);

}  // namespace np::detail
