// narrowphase internals (namespace np::detail): not part of the public API.
// A cheap, proven lower bound on a point's distance to a triangle, in plain
// doubles, for the mesh's closest-point leaves (mesh.cpp, PointVisit::leaf):
// a triangle whose bound exceeds the best distance so far is skipped without
// the exact closest_point_on_triangle, whose answer it could not have beaten.
// The bound only ever skips; every triangle that may win (and every near tie)
// still goes through the exact call, so the answers are the same bits.
//
// The geometry (Ericson, Real-Time Collision Detection, 5.1.5: the regions of
// the triangle's plane): with n = (b - a) x (c - a), h = n . (p - a) / |n| is
// p's signed height over the plane, and for each edge v_i -> v_{i+1} (a->b,
// b->c, c->a) with e_i = v_{i+1} - v_i, s_i = n . ((p - v_i) x e_i) /
// (|n| |e_i|) = (e_i x n) . (p - v_i) / (|e_i| |n|) is the signed distance,
// in the plane, of p's projection q from the edge's line, positive outside
// (e_i x n points away from the third corner: for ab, (ab x (ab x ac)) . ac =
// (ab . ac)^2 - |ab|^2 |ac|^2 <= 0). The triangle lies in the plane and on
// the inner side of each line, so |p - x|^2 = h^2 + |q - x|^2 >= h^2 + s_i^2
// for every x in it: dist(p, T)^2 >= h^2 + max(0, max_i s_i)^2. It is the
// exact distance in the face and edge regions, below it in the vertex ones,
// which are tested first (below).
//
// The rounding (Higham, Accuracy and Stability of Numerical Algorithms, 2nd
// ed., 2.2 for the model fl(x op y) = (x op y)(1 + d), |d| <= u = 2^-53, and
// 3.1 for sums of products, |fl(x . y) - x . y| <= gamma_n |x| . |y|,
// gamma_n = n u / (1 - n u)): each difference of inputs (an edge, p - v_i)
// carries one rounding relative to itself; a cross product component
// x_j y_k - x_k y_j of two of them is within gamma_4 of P_j = |x_j y_k| +
// |x_k y_j| (taken on the exact differences); a dot product of a cross product
// with a difference, n . w, within gamma_8 of P . |w|; and n . m of two cross
// products within gamma_12 of P . Q (the perturbations of n and m, gamma_4
// each, plus the dot's gamma_3). The same sums computed from the rounded
// differences are within gamma_5 of the exact ones. kErr =
// kTriangleBoundRoundoff (2^-46, ~28 ulps) bounds all of these with a wide
// margin: each numerator is lowered by kErr times its sum of absolute terms
// (clamped at 0), and each denominator raised the same way (|n|^2 <= |n^|^2 + 3
// gamma |P|^2 with gamma = 2^-48 when |n^ - n| <= gamma |P| componentwise and
// |n^| <= (1 + gamma) |P|; |e|^2 <= |e^|^2 / (1 - u)^2). The final few
// roundings (squares, quotients, a sum: under 10 ulps) are covered by lowering
// the result by kMeshBoundSlack of itself.
//
// The model holds while nothing overflows and no product falls below the
// normal range: every coordinate is 0 or within [2^-60, 2^61) (as the exact
// call's own fast path: triangle_ordinary, below). Then each
// nonzero difference is a multiple of 2^-112 and at most 2^62, each cross
// component a multiple of 2^-276 (the rounded difference of products, each a
// multiple of 2^-224) and at most 2^125, each triple product at least 2^-388
// and at most 2^188, their squares within [2^-776, 2^376], and the quotients
// by |e|^2 <= 2^126 and |n|^2 <= 2^252 at least 2^-1154 — only the last two
// may be subnormal, an absolute error of 2^-1074 that matters only beside a
// bound of that size: a result below 2^-900 is returned as 0 (no bound).
// Outside that range the bound is 0: no triangle is skipped.
#pragma once

#include <algorithm>
#include <cmath>

#include "narrowphase/detail/exponent.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"

namespace np::detail {

// Whether every coordinate is 0 or within [2^-60, 2^61): the range of this
// bound and of closest_point.cpp's nearest_on_triangle_unscaled<false>.
inline bool ordinary_for_triangle(double x) {
  return static_cast<unsigned>(biased_exponent(x) - (1023 - 60)) <= 120u ||
         x == 0.0;
}
inline bool ordinary_for_triangle(Vec3 v) {
  return ordinary_for_triangle(v.x) && ordinary_for_triangle(v.y) &&
         ordinary_for_triangle(v.z);
}
inline bool triangle_ordinary(Vec3 p, const Triangle& t) {
  return ordinary_for_triangle(p) && ordinary_for_triangle(t.a) &&
         ordinary_for_triangle(t.b) && ordinary_for_triangle(t.c);
}

inline double max_abs3(Vec3 u, Vec3 v, Vec3 w) {
  return std::max(std::max(max_abs_component(u), max_abs_component(v)),
                  max_abs_component(w));
}

// A lower bound on dist(p, t)^2 on the reals (see above); 0 when there is
// none (inputs outside the ordinary range, a degenerate triangle). When the
// plane's height alone already bounds it above `stop_above`, that (smaller,
// still valid) bound is returned without the edges.
//
// The sums of absolute terms are bounded by the largest edge component E
// and the largest component W of p - v_i (each P_j <= 2 E^2, each
// |(w x e)|'s sums of absolute terms <= 2 W E, |ap_j| <= W): P . |ap| <= 6 E^2
// W, P . Q <= 12 E^3 W, P . P <= 12 E^4 (looser than the sums themselves, by a
// factor of the shape's aspect at most, which only lowers the bound a little
// more: it stays a lower bound).
inline double triangle_distance_sq_lower_bound(Vec3 p, const Triangle& t,
                                               double stop_above = INFINITY) {
  constexpr double kErr = kTriangleBoundRoundoff;
  if (!triangle_ordinary(p, t)) return 0.0;

  const Vec3 ab = t.b - t.a, ac = t.c - t.a, bc = t.c - t.b;
  const Vec3 ap = p - t.a, bp = p - t.b, cp = p - t.c;
  const double E = max_abs3(ab, ac, bc), W = max_abs3(ap, bp, cp);
  const double E2 = E * E, E3W = E2 * E * W;

  // The corners' regions (Ericson 5.1.5's vertex regions): when (p - v) .
  // (x - v) <= 0 for both edges x - v leaving corner v, it does for every x
  // of the triangle (a combination of them with non-negative weights, any
  // triangle, degenerate or not), so |p - x|^2 = |p - v|^2 + |x - v|^2 -
  // 2 (p - v) . (x - v) >= |p - v|^2: the distance is |p - v|. Each dot
  // product of two rounded differences is within gamma_5 of 3 E W of the
  // exact one; only a certain sign counts.
  {
    const double err_d = 3.0 * kErr * (E * W);
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    const double d3 = dot(ab, bp), d4 = dot(bc, bp);
    const double d5 = dot(ac, cp), d6 = dot(bc, cp);
    double corner = -1.0;
    if (d1 < -err_d && d2 < -err_d) corner = dot(ap, ap);
    if (d3 > err_d && d4 < -err_d) corner = dot(bp, bp);
    if (d5 > err_d && d6 > err_d) corner = dot(cp, cp);
    if (corner >= 0.0) {
      const double lb = corner * (1.0 - kMeshBoundSlack);
      return lb >= 0x1p-900 ? lb : 0.0;
    }
  }
  const Vec3 n = cross(ab, ac);
  const double n2_up =
      (dot(n, n) + 48.0 * kErr * (E2 * E2)) * (1.0 + kMeshBoundSlack);
  if (!(n2_up > 0.0)) return 0.0;

  // The height over the plane, lowered by its rounding.
  const double h = std::fabs(dot(n, ap)) - 6.0 * kErr * (E2 * W);
  const double h2 = h > 0.0 ? h * h : 0.0;
  const double lb_h = h2 / n2_up * (1.0 - kMeshBoundSlack);
  if (lb_h > stop_above) return lb_h >= 0x1p-900 ? lb_h : 0.0;

  // The edges: the largest s_i^2 |n|^2 among those outside, lowered.
  const Vec3 edges[3] = {ab, bc, ac * -1.0};
  const Vec3 to_p[3] = {ap, bp, cp};
  const double err_s = 12.0 * kErr * E3W;
  double s2 = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double s = dot(n, cross(to_p[i], edges[i])) - err_s;
    if (s > 0.0) {
      const double e2_up = dot(edges[i], edges[i]) * (1.0 + kMeshBoundSlack);
      const double q = s * s / e2_up;
      if (q > s2) s2 = q;
    }
  }
  const double lb = (h2 + s2) / n2_up * (1.0 - kMeshBoundSlack);
  return lb >= 0x1p-900 ? lb : 0.0;
}

}  // namespace np::detail
