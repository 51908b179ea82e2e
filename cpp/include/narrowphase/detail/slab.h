// narrowphase internals (namespace np::detail): not part of the public API.
// The slab test of a path o + t d against a closed axis-aligned box (Kay &
// Kajiya 1986; Williams et al. 2005), decided exactly: clip() in doubles where
// rounding cannot change the answer, settle() for near ties of normal doubles,
// clip_exact() on the exact reals otherwise; and the entry-face helpers that
// turn an entry into a hit (the point snapped onto the face, the axis normal,
// the distance). raycast.cpp's casts are built on it, and so will every query
// that clips a path against a box.
#pragma once

#include "narrowphase/detail/exact.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"

namespace np::detail {

// clip()'s answer. kTie: the decision is a near tie of normal doubles (a ray
// through an edge or a corner), for settle() to make exactly; kUnsure: nothing
// the doubles say can be trusted, for clip_exact().
enum class Verdict { kMiss, kHit, kTie, kUnsure };

// Whether clip() may trust the order of t_in and t_out outside the band. A
// rounded quotient has the sign of the exact one unless it underflowed to +-0
// (bound - origin is 0 only when they are equal): t_out < 0 is exact, a slab
// lies wholly behind the origin. Otherwise both must be normal doubles, each
// within 3 ulp of its exact value, and t_in not so large that a far crossing
// whose bound - origin overflowed (inf) could be below it: for a ray, whose
// direction is scaled to [1, 2), that one is above 2^1023; for a segment it is
// above 1 (|bound - origin| > DBL_MAX >= |end - start|), and a segment only
// hits where every entry is at most 1 anyway.
inline bool certain(double t_in, double t_out) {
  return t_out < 0.0 ||
         (t_in >= DBL_MIN && t_in <= 0x1p1020 && t_out >= DBL_MIN);
}

// The slab test in doubles (Kay & Kajiya 1986; Williams et al. 2005), inlined
// into both casts so that its outputs stay in registers (an out-of-line call
// with out-parameters costs a stack frame in WASM). It answers only what
// rounding cannot have changed; otherwise kTie (*t_enter and *enter_axis are
// still the entry, if the path turns out to meet the box) or kUnsure
// (parameters that underflowed or overflowed, an origin on a face's plane).
__attribute__((always_inline)) inline Verdict clip(Vec3 origin, Vec3 dir,
                                                   double t_max,
                                                   const AABB& box,
                                                   double* t_enter,
                                                   int* enter_axis) {
  // The latest near-face crossing. Starting just below 0 rather than at 0, so
  // that a crossing computed as 0 (the origin on that face, or an entry
  // parameter that underflowed) is recorded, and then left to the exact path.
  double t_in = -0x1p-1074;
  double t_out = t_max;  // the earliest far-face crossing
  int axis_in = -1;
  for (int i = 0; i < 3; ++i) {
    const double o = get(origin, i), d = get(dir, i);
    const double lo = get(box.min, i), hi = get(box.max, i);
    if (d == 0.0) {
      // Parallel to this slab (true for -0.0 too): inside the closed slab for
      // every t, or never. No division, so no 0 * inf = NaN when the origin
      // lies on the slab plane.
      if (o < lo || o > hi) return Verdict::kMiss;
      continue;
    }
    // The sign of d picks the near face (article 002's "candidate face"): min
    // when moving toward +axis. Division rather than multiplication by 1/d: one
    // rounding instead of two.
    double t_near = (lo - o) / d, t_far = (hi - o) / d;
    if (d < 0.0) {
      const double swap = t_near;
      t_near = t_far;
      t_far = swap;
    }
    if (t_near > t_in) {  // on a tie the first axis stays
      t_in = t_near;
      axis_in = i;
    }
    if (t_far < t_out) t_out = t_far;
    // The slabs' intervals are disjoint, beyond rounding: the ray passes beside
    // the box or points away from it.
    if (t_in > t_out * (1.0 + kSlabTieBand) && certain(t_in, t_out))
      return Verdict::kMiss;
  }
  if (t_out < 0.0) return Verdict::kMiss;
  if (axis_in < 0) {  // every near-face crossing is behind the origin: it is in
                      // the box unless beyond a far face
    if (!(t_out > 0.0)) return Verdict::kUnsure;
    *t_enter = 0.0;
    *enter_axis = -1;
    return Verdict::kHit;
  }
  if (!certain(t_in, t_out)) return Verdict::kUnsure;
  *t_enter = t_in;
  *enter_axis = axis_in;
  return t_in <= t_out * (1.0 - kSlabTieBand) ? Verdict::kHit : Verdict::kTie;
}

// The sign of a - b for parameters a, b >= 0 each within 3 ulp of its exact
// value (or exactly 0), or 0 when they are too close to tell (see
// kSlabTieBand).
inline int filtered_compare(Ext a, Ext b) {
  if (less(a, ext_mul(b, {2.0 * (1.0 - kSlabTieBand), -1}))) return -1;
  if (less(ext_mul(b, {1.0 + kSlabTieBand, 0}), a)) return 1;
  return 0;
}

// The exact sign of (p - o) (h1 - t1) - (q - oq) (h2 - t2).
inline int cross_sign(double p, double o, double h1, double t1, double q,
                      double oq, double h2, double t2) {
  const Product terms[8] = {{p, h1, false},  {p, t1, true}, {o, h1, true},
                            {o, t1, false},  {q, h2, true}, {q, t2, false},
                            {oq, h2, false}, {oq, t2, true}};
  return exact_sign(terms, 8);
}

inline bool in_box(Vec3 p, const AABB& box) {
  return (p.x >= box.min.x) & (p.x <= box.max.x) & (p.y >= box.min.y) &
         (p.y <= box.max.y) & (p.z >= box.min.z) & (p.z <= box.max.z);
}

// What clip() left open, where that is cheap: an origin in the box (a
// coordinate test) hits at 0, and a near tie of normal doubles is decided pair
// by pair, exactly where the doubles are too close (a ray through an edge or a
// corner). The path is o + t d, t >= 0, with d = head - tail rounded: for a
// ray, the direction scaled by a power of two (exact) is head and d, tail = 0;
// for a segment, head = end, tail = start = o, and whether it gets as far as t
// = 1 is the caller's to check. Returns kHit (then *t_enter, *enter_axis are
// clip()'s, or 0 and -1 for an origin in the box), kMiss, or kUnsure for
// clip_exact(). Out of line: the casts' hot path stays small.
NP_RARE Verdict settle(Verdict v, Vec3 o, Vec3 d, Vec3 head, Vec3 tail,
                       const AABB& box, double* t_enter, int* enter_axis);

// The slab test on the exact reals, for the path o + t (head - tail), t in [0,
// t_max] (t_max >= 0, or +inf): a ray's direction is head with tail = 0; a
// segment is o = tail = start, head = end, t_max = 1, so that its direction is
// end - start exactly, not rounded. Whether the origin is outside a slab, and
// whether it moves away from it, are coordinate comparisons; whether a slab is
// entered before another is left is the sign of a two-by-two determinant (the
// orientation of a box corner against the path's line, projected on a
// coordinate plane), computed exactly where the doubles cannot tell. On true,
// *enter_axis is the axis whose face the path enters through (the lowest of
// tied ones), or -1 when o is in the box, and *t_enter the entry parameter,
// rounded once.
NP_RARE bool clip_exact(Vec3 o, Vec3 head, Vec3 tail, double t_max,
                        const AABB& box, Ext* t_enter, int* enter_axis);

// p snapped onto the plane `face` of `axis`, and clamped into the box on the
// other axes, so that it lies on the surface exactly whatever rounding moved it
// (an infinite coordinate, from an entry beyond the largest double, is clamped
// too).
inline Vec3 on_entry_face(Vec3 p, const AABB& box, int axis, double face) {
  for (int i = 0; i < 3; ++i) {
    const double lo = get(box.min, i), hi = get(box.max, i), v = get(p, i);
    set(p, i, v < lo ? lo : (v > hi ? hi : v));
  }
  set(p, axis, face);
  return p;
}

inline Vec3 axis_normal(int axis, bool toward_plus) {
  Vec3 n{0.0, 0.0, 0.0};
  set(n, axis, toward_plus ? -1.0 : 1.0);
  return n;
}

// The world distance to an entry at t along dir through the face at `face` of
// `axis`: t |dir|, or, when |dir| is |dir_axis| (an axis-aligned path, or one
// whose other components are too small to change its length), |face -
// origin_axis| itself, the exact distance rounded once (t |dir| = fl(fl(gap /
// d) d) can be an ulp off).
inline double entry_distance(double t, double length, double d_axis,
                             double face, double o_axis) {
  return length == std::fabs(d_axis) ? std::fabs(face - o_axis) : t * length;
}

// The outward normal of the face of the box nearest to p (p in the box). Ties:
// x, y, z; min before max.
inline Vec3 nearest_face_normal(Vec3 p, const AABB& box) {
  double best = std::numeric_limits<double>::infinity();
  Vec3 n{0.0, 0.0, 0.0};
  int best_axis = 0;
  double best_sign = -1.0;
  for (int i = 0; i < 3; ++i) {
    const double to_min = get(p, i) - get(box.min, i),
                 to_max = get(box.max, i) - get(p, i);
    if (to_min < best) best = to_min, best_axis = i, best_sign = -1.0;
    if (to_max < best) best = to_max, best_axis = i, best_sign = 1.0;
  }
  set(n, best_axis, best_sign);
  return n;
}

// Moving toward +axis (d > 0) a segment enters through min and must end at or
// beyond it; otherwise through max (d == 0: end is start, which is in that
// slab).
inline bool reaches_near_face(double d, double end, double lo, double hi) {
  return d > 0.0 ? end >= lo : end <= hi;
}

/// The parametric slab test: the smallest t in [0, t_max] with origin + t * dir
/// in the closed box (t_max >= 0, may be +infinity). Returns false when there
/// is none, decided exactly. On true, *t_enter is that t, rounded (it can
/// underflow to 0 for an entry closer than the smallest double, or overflow to
/// infinity), and *enter_axis is the axis (0..2) of the face it enters through,
/// or -1 when the origin itself is in the box (then *t_enter is 0). dir may be
/// zero (then the test is point-in-box).
bool clip_aabb(Vec3 origin, Vec3 dir, double t_max, const AABB& box,
               double* t_enter, int* enter_axis);

}  // namespace np::detail
