// narrowphase: overlap of triangles with axis-aligned boxes, oriented boxes and
// triangles (overlap.h documents the contract).
//
// Sources:
//  - box-triangle: Akenine-Moller, "Fast 3D Triangle-Box Overlap Testing",
//    Journal of Graphics Tools 6(1), 2001: the separating axis test on 13 axes
//    (the box's 3 face normals, the triangle's normal and the 9 cross products
//    of a triangle edge with a box axis), as in Ericson, Real-Time Collision
//    Detection, 5.2.9, parry's intersection_test_aabb_triangle (the AABB as a
//    cuboid at its center, then the cuboid-triangle SAT) and three.js's
//    Box3.intersectsTriangle (satForAxes, after moving the triangle to the
//    box's center). Bullet's TestTriangleAgainstAabb2 only compares the
//    triangle's bounds with the box (conservative: a triangle passing beside a
//    box corner is reported overlapping); Jolt tests triangles against boxes
//    through its convex collision pipeline instead. Those compute every axis in
//    rounded floating point; here each axis's test is written as signs
//    of 2x2 and 3x3 determinants of differences of the inputs (no translation,
//    no division), filtered in doubles and exact inside the filter's band. A
//    zero axis (an edge parallel to a box axis, a degenerate triangle's normal)
//    gives two equal projections and so never separates: it is skipped
//    without dividing by its length.
//  - triangle-triangle: the plane-side rejection of Guigue and Devillers, "Fast
//    and Robust Triangle-Triangle Overlap Test Using Orientation Predicates",
//    Journal of Graphics Tools 8(1), 2003 (and Moller, "A Fast
//    Triangle-Triangle Intersection Test", 1997) with Shewchuk's exact
//    orient3d; then, instead of their interval case analysis, the equivalent
//    statement that two closed triangles meet exactly when an edge of one meets
//    the other (the points where the planes' common line enters and leaves each
//    triangle lie on its edges), each edge test a few exact orientation signs.
//    Coplanar triangles are decided in the plane, projected along an axis on
//    which their normal is non-zero (Guigue-Devillers's coplanar branch; Jolt
//    and Box2D have no triangle-triangle test). Degenerate triangles are their
//    segment or point: the same edge tests hold for them.

#include <cfloat>
#include <cmath>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/overlap.h"
#include "narrowphase/tolerances.h"

namespace np {

using namespace detail;  // NOLINT: the building blocks this file is made of

namespace {

// ---- Exact orientation signs ----

// The sign of (B_u - A_u)(Q_w - P_w) - (B_w - A_w)(Q_u - P_u) on the exact
// reals, u and w two coordinates: the rounded value when it is clear of its
// rounding (at most 4 ulps of the products' magnitudes, plus 2^-1074 for each
// product below the normal range), else the eight products of the inputs
// summed exactly (exact_sign, any magnitude).
int cross2_sign(Vec3 A, Vec3 B, Vec3 P, Vec3 Q, int u, int w) {
  const double au = get(A, u), aw = get(A, w), bu = get(B, u), bw = get(B, w);
  const double pu = get(P, u), pw = get(P, w), qu = get(Q, u), qw = get(Q, w);
  const double l = (bu - au) * (qw - pw), r = (bw - aw) * (qu - pu);
  const double v = l - r, m = std::fabs(l) + std::fabs(r);
  if (m <= DBL_MAX && std::fabs(v) > m * kOrientFilterBand + 0x1p-1070)
    return v > 0.0 ? 1 : -1;
  const Product t[8] = {{bu, qw, false}, {bu, pw, true}, {au, qw, true},
                        {au, pw, false}, {bw, qu, true}, {bw, pu, false},
                        {aw, qu, false}, {aw, pu, true}};
  return exact_sign(t, 8);
}

// orient2d(A, B, P) in the coordinates (u, w): > 0 when P is left of A -> B.
int orient2(Vec3 A, Vec3 B, Vec3 P, int u, int w) {
  return cross2_sign(A, B, A, P, u, w);
}

// The sign of ((b - a) x (c - a)) . (p - a): which side of the triangle's plane
// p is on (Shewchuk's orient3d, exact; detail::det3_sign).
int orient3(Vec3 a, Vec3 b, Vec3 c, Vec3 p) {
  return det3_sign(b, a, c, a, p, a);
}

// The exact signs of the components of n = (b - a) x (c - a): component k is
// the orientation of the triangle projected along axis k.
struct NormalSigns {
  int s[3];
  bool degenerate() const { return s[0] == 0 && s[1] == 0 && s[2] == 0; }
  // An axis along which the projection keeps the plane's points apart.
  int projection_axis() const { return s[0] != 0 ? 0 : s[1] != 0 ? 1 : 2; }
};

NormalSigns normal_signs(const Triangle& t) {
  NormalSigns n;
  for (int k = 0; k < 3; ++k)
    n.s[k] = cross2_sign(t.a, t.b, t.a, t.c, (k + 1) % 3, (k + 2) % 3);
  return n;
}

// ---- In a plane (coordinates u, w) ----

// Closed segments PQ and RS, either of them possibly a point: the standard
// orientation test, with bounds compared when all four points are collinear.
bool segments_2d(Vec3 P, Vec3 Q, Vec3 R, Vec3 S, int u, int w) {
  const int o1 = orient2(P, Q, R, u, w), o2 = orient2(P, Q, S, u, w);
  if (o1 * o2 > 0) return false;  // R and S strictly on one side of PQ
  const int o3 = orient2(R, S, P, u, w), o4 = orient2(R, S, Q, u, w);
  if (o3 * o4 > 0) return false;
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) {
    // Collinear (or points): the intervals overlap on both coordinates.
    for (int k : {u, w}) {
      const double p = get(P, k), q = get(Q, k), r = get(R, k), s = get(S, k);
      if (max2(p, q) < min2(r, s) || max2(r, s) < min2(p, q)) return false;
    }
  }
  return true;
}

// P in the closed triangle abc, which is not degenerate in (u, w): no two of
// the three edge orientations strictly opposite.
bool point_in_triangle_2d(Vec3 P, const Triangle& t, int u, int w) {
  const int s1 = orient2(t.a, t.b, P, u, w), s2 = orient2(t.b, t.c, P, u, w),
            s3 = orient2(t.c, t.a, P, u, w);
  return !((s1 > 0 || s2 > 0 || s3 > 0) && (s1 < 0 || s2 < 0 || s3 < 0));
}

// ---- In space ----

// Closed segments PQ and RS in space: coplanar (exact orient3d), and meeting
// in each of the three coordinate projections. For coplanar segments one of
// the projections keeps their plane's (or line's, or two points') points
// apart, so the projections all meet exactly when the segments do.
bool segments_3d(Vec3 P, Vec3 Q, Vec3 R, Vec3 S) {
  if (det3_sign(Q, P, R, P, S, P) != 0) return false;  // skew lines
  for (int k = 0; k < 3; ++k)
    if (!segments_2d(P, Q, R, S, (k + 1) % 3, (k + 2) % 3)) return false;
  return true;
}

// The closed segment PQ against the closed triangle t. op and oq are
// orient3(t, P) and orient3(t, Q); n are t's normal signs.
bool segment_triangle(Vec3 P, Vec3 Q, int op, int oq, const Triangle& t,
                      const NormalSigns& n) {
  if (n.degenerate()) {
    // Collinear or coincident corners: the triangle is the union of its edges.
    return segments_3d(P, Q, t.a, t.b) || segments_3d(P, Q, t.b, t.c) ||
           segments_3d(P, Q, t.c, t.a);
  }
  if (op * oq > 0) return false;  // strictly on one side of the plane
  if (op == 0 && oq == 0) {
    // In the plane: decided in a projection that keeps the plane's points
    // apart.
    const int k = n.projection_axis(), u = (k + 1) % 3, w = (k + 2) % 3;
    return point_in_triangle_2d(P, t, u, w) ||
           segments_2d(P, Q, t.a, t.b, u, w) ||
           segments_2d(P, Q, t.b, t.c, u, w) ||
           segments_2d(P, Q, t.c, t.a, u, w);
  }
  // The line PQ crosses the plane once, at a point of the segment; it lies in
  // the closed triangle exactly when the line passes no edge on the wrong side:
  // the three signed volumes (P, Q, edge) are not strictly of both signs.
  const int s1 = det3_sign(Q, P, t.a, P, t.b, P),
            s2 = det3_sign(Q, P, t.b, P, t.c, P),
            s3 = det3_sign(Q, P, t.c, P, t.a, P);
  return !((s1 > 0 || s2 > 0 || s3 > 0) && (s1 < 0 || s2 < 0 || s3 < 0));
}

// ---- Box-triangle (Akenine-Moller 2001) on the exact reals ----

// The closed box [lo, hi] against the closed triangle t: no axis among the 13
// separates them. Every decision is an exact sign, apart from det3_sign's
// rounded fallback where its rows' products fall below the normal range.
bool box_triangle(Vec3 lo, Vec3 hi, const Triangle& t) {
  const Vec3 v[3] = {t.a, t.b, t.c};
  // The box's face normals: the triangle's bounds against the box's
  // (comparisons, exact).
  for (int k = 0; k < 3; ++k) {
    const double a = get(v[0], k), b = get(v[1], k), c = get(v[2], k);
    if (max2(a, max2(b, c)) < get(lo, k) || min2(a, min2(b, c)) > get(hi, k))
      return false;
  }
  // The triangle's normal n: the box strictly on one side of the plane. n . q
  // is least at the corner q_min whose coordinate k is lo_k where n_k > 0 and
  // hi_k elsewhere (n_k's exact sign), greatest at the opposite corner q_max.
  const NormalSigns n = normal_signs(t);
  if (!n.degenerate()) {
    Vec3 q_min, q_max;
    for (int k = 0; k < 3; ++k) {
      const bool pos = n.s[k] > 0;
      set(q_min, k, pos ? get(lo, k) : get(hi, k));
      set(q_max, k, pos ? get(hi, k) : get(lo, k));
    }
    if (orient3(t.a, t.b, t.c, q_min) > 0) return false;
    if (orient3(t.a, t.b, t.c, q_max) < 0) return false;
  }
  // The nine axes L = e x u_j, e = B - A an edge, C the opposite corner, u_j a
  // box axis. Projected along u_j onto the other two coordinates (u, w), L . p
  // is (up to its sign) f(p) = cross2(B - A, p - A): the triangle spans [min(0,
  // f(C)), max(0, f(C))] and the box's rectangle [f(q_min), f(q_max)], with
  // q_min's w at lo_w where B_u > A_u (hi_w elsewhere) and its u at hi_u where
  // B_w > A_w (lo_u elsewhere). An edge parallel to u_j gives f == 0: skipped.
  for (int i = 0; i < 3; ++i) {
    const Vec3 A = v[i], B = v[(i + 1) % 3], C = v[(i + 2) % 3];
    for (int j = 0; j < 3; ++j) {
      const int u = (j + 1) % 3, w = (j + 2) % 3;
      const double au = get(A, u), aw = get(A, w), bu = get(B, u),
                   bw = get(B, w);
      if (au == bu && aw == bw) continue;  // zero axis
      Vec3 q_min = lo, q_max = hi;
      set(q_min, w, bu > au ? get(lo, w) : get(hi, w));
      set(q_max, w, bu > au ? get(hi, w) : get(lo, w));
      set(q_min, u, bw > aw ? get(hi, u) : get(lo, u));
      set(q_max, u, bw > aw ? get(lo, u) : get(hi, u));
      const int fc = orient2(A, B, C, u, w);
      // The rectangle above the triangle: f(q_min) > max(0, f(C)), that is
      // f(q_min) - f(C) = cross2(B - A, q_min - C) > 0 when f(C) > 0.
      if ((fc > 0 ? cross2_sign(A, B, C, q_min, u, w)
                  : orient2(A, B, q_min, u, w)) > 0)
        return false;
      // Below it: f(q_max) < min(0, f(C)).
      if ((fc < 0 ? cross2_sign(A, B, C, q_max, u, w)
                  : orient2(A, B, q_max, u, w)) < 0)
        return false;
    }
  }
  return true;  // no separating axis
}

}  // namespace

bool overlap_aabb_triangle(const AABB& box, const Triangle& t) {
  return box_triangle(box.min, box.max, t);
}

bool overlap_obb_triangle(const OBB& box, const Triangle& t) {
  Vec3 h;
  if (axis_aligned_extents(box, &h)) {
    // An axis-aligned OBB is the AABB [c - h, c + h] (rounded once each;
    // exact whenever those bounds are representable). Bounds beyond the
    // largest double are clamped to it: no triangle corner lies beyond.
    Vec3 lo = box.center - h, hi = box.center + h;
    for (int k = 0; k < 3; ++k) {
      set(lo, k, max2(get(lo, k), -DBL_MAX));
      set(hi, k, min2(get(hi, k), DBL_MAX));
    }
    return box_triangle(lo, hi, t);
  }
  // A rotated box: the triangle carried into the box's frame, p = R^T (v - c),
  // against the box [-h, h] grown by kObbTriangleSlack times the rounding of
  // that transform (see tolerances.h), so that touching never reads as
  // separated. A rotation farther from orthonormal than kOrthonormalizeAbove
  // is first replaced by the nearest orthonormal one, as in the OBB-OBB test.
  Vec3 axis[3] = {box.axis[0], box.axis[1], box.axis[2]};
  double err = orthonormal_error(axis);
  if (err > kOrthonormalizeAbove)
    orthonormalize(axis), err = orthonormal_error(axis);
  // Units: inputs from 2^1013 up are scaled by 2^-8 so that neither v - c,
  // its projections nor the sum |v - c|_1 in the slack overflow (the fuzzer
  // found |v - c|_1 = 2e308 making the slack infinite, and every triangle
  // overlap); when everything lies below 2^-900 it is scaled up to ~1 (exact),
  // so that no product underflows.
  const int e = max_exponent(
      max_exponent(biased_exponent(t.a),
                   max_exponent(biased_exponent(t.b), biased_exponent(t.c))),
      max_exponent(biased_exponent(box.center),
                   biased_exponent(box.half_size)));
  const double s =
      e >= 2036 ? 0x1p-8 : (e < 1023 - 900 ? unit_scale_for(e) : 1.0);
  const Vec3 c = box.center * s;
  const Vec3 w[3] = {t.a * s - c, t.b * s - c, t.c * s - c};
  Triangle local;
  Vec3* p[3] = {&local.a, &local.b, &local.c};
  double reach = 0.0;  // the largest |v - c|_1
  for (int i = 0; i < 3; ++i) {
    *p[i] = {dot(w[i], axis[0]), dot(w[i], axis[1]), dot(w[i], axis[2])};
    reach =
        max2(reach, std::fabs(w[i].x) + std::fabs(w[i].y) + std::fabs(w[i].z));
  }
  const Vec3 hs = box.half_size * s;
  const double slack =
      kObbTriangleSlack * (err + 0x1p-52) * (reach + max_abs_component(hs)) +
      0x1p-1020;
  const Vec3 grown = {hs.x + slack, hs.y + slack, hs.z + slack};
  return box_triangle(-grown, grown, local);
}

bool overlap_triangle_triangle(const Triangle& t1, const Triangle& t2) {
  const Vec3 v1[3] = {t1.a, t1.b, t1.c}, v2[3] = {t2.a, t2.b, t2.c};
  // Bounds apart on an axis: disjoint (comparisons, exact; most pairs of a
  // scene end here).
  for (int k = 0; k < 3; ++k) {
    const double a0 = get(t1.a, k), a1 = get(t1.b, k), a2 = get(t1.c, k);
    const double b0 = get(t2.a, k), b1 = get(t2.b, k), b2 = get(t2.c, k);
    if (max2(a0, max2(a1, a2)) < min2(b0, min2(b1, b2)) ||
        max2(b0, max2(b1, b2)) < min2(a0, min2(a1, a2)))
      return false;
  }
  const NormalSigns n1 = normal_signs(t1), n2 = normal_signs(t2);
  // Guigue-Devillers's first step: the corners of each triangle against the
  // other's plane (exact orient3d). Strictly on one side: disjoint.
  int o2[3] = {0, 0, 0}, o1[3] = {0, 0, 0};  // t2's corners vs t1's plane, ...
  if (!n1.degenerate()) {
    for (int i = 0; i < 3; ++i) o2[i] = orient3(t1.a, t1.b, t1.c, v2[i]);
    if (o2[0] * o2[1] > 0 && o2[1] * o2[2] > 0) return false;
  }
  if (!n2.degenerate()) {
    for (int i = 0; i < 3; ++i) o1[i] = orient3(t2.a, t2.b, t2.c, v1[i]);
    if (o1[0] * o1[1] > 0 && o1[1] * o1[2] > 0) return false;
  }
  if (!n1.degenerate() && !n2.degenerate() && o2[0] == 0 && o2[1] == 0 &&
      o2[2] == 0) {
    // Coplanar: in a projection that keeps the plane's points apart, an edge
    // of one crosses an edge of the other, or one contains the other (then it
    // contains its first corner).
    const int k = n1.projection_axis(), u = (k + 1) % 3, w = (k + 2) % 3;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (segments_2d(v1[i], v1[(i + 1) % 3], v2[j], v2[(j + 1) % 3], u, w))
          return true;
    return point_in_triangle_2d(t1.a, t2, u, w) ||
           point_in_triangle_2d(t2.a, t1, u, w);
  }
  // An edge of one meets the other. (For a degenerate triangle the plane
  // signs are unused: segment_triangle tests its edges instead.)
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    if (segment_triangle(v1[i], v1[j], o1[i], o1[j], t2, n2)) return true;
    if (segment_triangle(v2[i], v2[j], o2[i], o2[j], t1, n1)) return true;
  }
  return false;
}

}  // namespace np
