// narrowphase internals (namespace np::detail): not part of the public API.
// The bounding volume hierarchies' conservative node tests, shared by the mesh
// (mesh.cpp) and the tree of boxes (aabb_tree.cpp): a node's box is widened by
// kMeshBoxMargin of the coordinates' magnitude, and a lower bound on the
// distance of anything in it is lowered by kMeshBoundSlack (Ize 2013, "Robust
// BVH Ray Traversal", JCGT 2(2)), so that rounding never prunes a node holding
// the answer the exact single calls give. SlabRay: a ray or segment against
// such a box (the slab test; Kay & Kajiya 1986); box_distance: a point's
// distance to it. (detail/slab.h is the exact slab test of the single calls.)
//
// Under WASM SIMD (__wasm_simd128__: every source including this header is
// compiled with -msimd128, CMakeLists.txt, so that SlabRay has one layout and
// the inline functions one body) the running max / min and the gaps' selects
// are f64x2 lane operations: V8 compiles a double `a < b ? a : b` (a WASM
// select) to a branch, mispredicted on about half the nodes, where g++ emits
// minsd / maxsd (README, "Meshes against three-mesh-bvh"). They are the scalar
// code bit for bit, NaN and -0 included: wasm_f64x2_pmax(a, b) is exactly `a <
// b ? b : a` and wasm_f64x2_pmin(a, b) `b < a ? b : a` per lane; the lane
// arithmetic is IEEE like the scalar (no FMA, no reassociation); x - y is x +
// (-y) and -(x * y) is x * (-y) exactly. The native build keeps the scalar
// code.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <utility>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "narrowphase/detail/exponent.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"

namespace np::detail {

#ifdef __wasm_simd128__
static_assert(sizeof(AABB) == 6 * sizeof(double),
              "an AABB is six doubles, min.x first");
#endif

inline double axis_component(Vec3 v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

// The margin every node box is widened by for a query whose coordinates are
// at most `magnitude` in absolute value (tolerances.h, kMeshBoxMargin).
inline double box_margin(double magnitude) {
  return kMeshBoxMargin * magnitude + kMeshBoxMarginAbsolute;
}

// v scaled by powers of two to a largest component in [1, 2): two steps for a
// subnormal one (the first only reaches 2^-74, and a node's parameters would
// overflow where the distances do not); *k1, *k2: the two factors.
inline Vec3 near_unit(Vec3 v, double* k1, double* k2) {
  *k1 = unit_scale_for(biased_exponent(v));
  const Vec3 w = v * *k1;
  *k2 = unit_scale_for(biased_exponent(w));
  return w * *k2;
}

// A ray or segment o + t D (t >= 0, t <= t_max) against widened node boxes:
// the slab test on halves (0.5 (bound - o), so that differences of coordinates
// near the largest double do not overflow), D scaled by a power of two so that
// its largest component is in [1, 2) (near_unit).
struct SlabRay {
  double half_o[3];
  double d[3];
  double inv[3];  // 2 / d[axis] (the parameter is (0.5 bound - 0.5 o) * inv)
  bool divide = false;  // some 2 / d overflows: divide instead
  double t_max;
  double length;  // |D|
  double margin;
#ifdef __wasm_simd128__
  // The lanes' form of enter(), for a ray with every d[axis] nonzero and no
  // 2 / d overflowing (else `lanes` is false and enter() takes the scalar
  // code): per axis the near and far bound (the box's doubles from min.x, at
  // near_at / far_at: lo then hi when d > 0, hi then lo when d < 0), widened
  // by margin times side (-1 for a lo, +1 for a hi: lo + (-margin) is lo -
  // margin; margin is read at each call, as the casts raise it after
  // construction), and scaled by scale = (inv, -inv).
  bool lanes = false;
  int near_at[3], far_at[3];
  double side[3][2];
  double scale[3][2];
#endif

  // Ize 2013: the rounded parameters are within a few ulps; widen by more. A
  // parameter that overflowed stays infinite (inf - inf would be NaN, and
  // reject a box whose triangle or box the ray hits: a ray from -DBL_MAX
  // along a subnormal direction missed every one).
  static void widen(double* tnear, double* tfar) {
    if (std::fabs(*tnear) < INFINITY)
      *tnear -= kMeshBoundSlack * std::fabs(*tnear);
    if (std::fabs(*tfar) < INFINITY)
      *tfar += kMeshBoundSlack * std::fabs(*tfar);
  }

  // A box's entry and exit parameters, widened: false when the ray misses it
  // (or enters beyond t_max); else the lowered entry distance in *distance
  // (0 when the origin is inside) and, when param is not null, the entry
  // parameter (0 likewise).
  bool finish(double tnear, double tfar, double* distance,
              double* param) const {
    widen(&tnear, &tfar);
    if (!(tnear <= tfar) || tfar < 0.0 || tnear > t_max) return false;
    *distance = tnear > 0.0 ? tnear * length * (1.0 - kMeshBoundSlack) : 0.0;
    if (param != nullptr) *param = tnear > 0.0 ? tnear : 0.0;
    return true;
  }

  SlabRay(Vec3 o, Vec3 direction, double t_max_, double magnitude)
      : t_max(t_max_), margin(box_margin(magnitude)) {
    for (int a = 0; a < 3; ++a) {
      half_o[a] = 0.5 * axis_component(o, a);
      d[a] = axis_component(direction, a);
      inv[a] = d[a] == 0.0 ? 0.0 : 2.0 / d[a];
      if (!(std::fabs(inv[a]) <= DBL_MAX)) divide = true;
    }
    length = np::length(direction);
#ifdef __wasm_simd128__
    lanes = !divide;
    for (int a = 0; a < 3; ++a) {
      if (d[a] == 0.0) lanes = false;
      const bool hi_near = d[a] < 0.0;
      near_at[a] = hi_near ? 3 + a : a;
      far_at[a] = hi_near ? a : 3 + a;
      side[a][0] = hi_near ? 1.0 : -1.0;
      side[a][1] = hi_near ? -1.0 : 1.0;
      scale[a][0] = inv[a];
      scale[a][1] = -inv[a];
    }
#endif
  }

  // The distance at which the ray enters the widened box (a lower bound: 0
  // when the origin is inside it), or false when it misses it. Also, in
  // *param when not null, the lowered entry parameter (0 when the origin is
  // inside): a lower bound on the t of anything the box holds.
  bool enter(const AABB& box, double* distance, double* param = nullptr) const {
#ifdef __wasm_simd128__
    if (lanes) {
      // acc = (tnear, -tfar). Per axis the lanes are (l, h) (or (h, l) when d
      // < 0: the scalar's swap) times (inv, -inv): (t0, -t1) exactly. pmax(acc,
      // (t0, -t1)) is `tnear < t0 ? t0 : tnear`, the scalar's `if (t0 > tnear)
      // tnear = t0`, and `-tfar < -t1 ? -t1 : -tfar`, which is `t1 < tfar ? t1
      // : tfar` (negation reverses the order and keeps NaN unordered; -0 and
      // +0 compare equal either way): a NaN keeps the running value in both.
      const double* b = &box.min.x;
      const v128_t half = wasm_f64x2_splat(0.5), m = wasm_f64x2_splat(margin);
      v128_t acc = wasm_f64x2_splat(-INFINITY);
      for (int a = 0; a < 3; ++a) {
        const v128_t bound = wasm_f64x2_make(b[near_at[a]], b[far_at[a]]);
        const v128_t gap = wasm_f64x2_sub(
            wasm_f64x2_mul(
                half, wasm_f64x2_add(
                          bound, wasm_f64x2_mul(m, wasm_v128_load(side[a])))),
            wasm_f64x2_splat(half_o[a]));
        acc =
            wasm_f64x2_pmax(acc, wasm_f64x2_mul(gap, wasm_v128_load(scale[a])));
      }
      return finish(wasm_f64x2_extract_lane(acc, 0),
                    -wasm_f64x2_extract_lane(acc, 1), distance, param);
    }
#endif
    double tnear = -INFINITY, tfar = INFINITY;
    const double lo[3] = {box.min.x, box.min.y, box.min.z};
    const double hi[3] = {box.max.x, box.max.y, box.max.z};
    for (int a = 0; a < 3; ++a) {
      const double l = 0.5 * (lo[a] - margin) - half_o[a];
      const double h = 0.5 * (hi[a] + margin) - half_o[a];
      if (d[a] == 0.0) {
        // Parallel to the slab: inside it or a miss (signs of rounded
        // differences are exact).
        if (l > 0.0 || h < 0.0) return false;
        continue;
      }
      double t0, t1;
      if (divide) {
        t0 = l / d[a] * 2.0;
        t1 = h / d[a] * 2.0;
      } else {
        t0 = l * inv[a];
        t1 = h * inv[a];
      }
      if (d[a] < 0.0) std::swap(t0, t1);
      // (A NaN, 0 * inf for a coordinate on the slab, constrains nothing.)
      if (t0 > tnear) tnear = t0;
      if (t1 < tfar) tfar = t1;
    }
    return finish(tnear, tfar, distance, param);
  }
};

// A lower bound on the distance from p to the box widened by `margin`, given
// p's halves (half_p[axis] = 0.5 p[axis]: the gaps are halved, so that they do
// not overflow near the largest doubles).
inline double box_distance(const AABB& box, const double* half_p,
                           double margin) {
  double g[3];
#ifdef __wasm_simd128__
  // Lanes (x, y) and (z, z), the gaps as below: pmax(0, above) is `0 < above
  // ? above : 0` (0 for a NaN or -0 above, as `above > 0.0 ? above : 0.0`),
  // and the bitselect on `below > 0` (false for NaN) takes below or that.
  {
    const double* b = &box.min.x;
    const v128_t half = wasm_f64x2_splat(0.5), zero = wasm_f64x2_splat(0.0),
                 m = wasm_f64x2_splat(margin);
    const auto gap = [&](v128_t lo, v128_t hi, v128_t hp) {
      const v128_t below =
          wasm_f64x2_sub(wasm_f64x2_mul(half, wasm_f64x2_sub(lo, m)), hp);
      const v128_t above =
          wasm_f64x2_sub(hp, wasm_f64x2_mul(half, wasm_f64x2_add(hi, m)));
      return wasm_v128_bitselect(below, wasm_f64x2_pmax(zero, above),
                                 wasm_f64x2_gt(below, zero));
    };
    const v128_t xy =
        gap(wasm_v128_load(b), wasm_v128_load(b + 3), wasm_v128_load(half_p));
    const v128_t zz = gap(wasm_f64x2_splat(b[2]), wasm_f64x2_splat(b[5]),
                          wasm_f64x2_splat(half_p[2]));
    g[0] = wasm_f64x2_extract_lane(xy, 0);
    g[1] = wasm_f64x2_extract_lane(xy, 1);
    g[2] = wasm_f64x2_extract_lane(zz, 0);
  }
#else
  const double lo[3] = {box.min.x, box.min.y, box.min.z};
  const double hi[3] = {box.max.x, box.max.y, box.max.z};
  for (int a = 0; a < 3; ++a) {
    const double below = 0.5 * (lo[a] - margin) - half_p[a];
    const double above = half_p[a] - 0.5 * (hi[a] + margin);
    g[a] = below > 0.0 ? below : above > 0.0 ? above : 0.0;
  }
#endif
  const double s = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
  if (s == 0.0) return 0.0;
  if (s >= DBL_MIN && s <= DBL_MAX)
    return 2.0 * std::sqrt(s) * (1.0 - kMeshBoundSlack);
  // Squares that underflow or overflow: the largest gap (<= the Euclidean
  // one).
  return 2.0 * std::max(std::max(g[0], g[1]), g[2]) * (1.0 - kMeshBoundSlack);
}

}  // namespace np::detail
