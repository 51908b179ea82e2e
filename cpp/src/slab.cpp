// The out-of-line parts of detail/slab.h: the exact slab test.
#include "narrowphase/detail/slab.h"

namespace np::detail {

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
                       const AABB& box, double* t_enter, int* enter_axis) {
  if (in_box(o, box)) {
    *t_enter = 0.0;
    *enter_axis = -1;
    return Verdict::kHit;
  }
  if (v != Verdict::kTie) return Verdict::kUnsure;
  // Every far crossing is > 0 (t_out is normal) and every near one that is > 0
  // is a slab the origin is outside of: the path meets the box unless one of
  // those is entered after another slab is left.
  for (int i = 0; i < 3; ++i) {
    const double di = get(d, i), oi = get(o, i);
    const double near_i = di > 0.0 ? get(box.min, i) : get(box.max, i);
    if (!(di > 0.0 ? oi < near_i : (di < 0.0) & (oi > near_i))) continue;
    const double t_near = (near_i - oi) / di;
    for (int j = 0; j < 3; ++j) {
      const double dj = get(d, j), oj = get(o, j);
      if (j == i || dj == 0.0) continue;
      const double far_j = dj > 0.0 ? get(box.max, j) : get(box.min, j);
      const double t_far = (far_j - oj) / dj;
      // Normal doubles within 3 ulp each, outside the band: their order.
      // Otherwise the exact sign of t_near - t_far: of sign(d_i d_j) ((near_i -
      // o_i) (head_j - tail_j) - (far_j - o_j) (head_i - tail_i)).
      int c = 0;
      if (t_near >= DBL_MIN && t_near <= 0x1p1020 && t_far >= DBL_MIN) {
        c = t_near <= t_far * (1.0 - kSlabTieBand)
                ? -1
                : (t_near > t_far * (1.0 + kSlabTieBand) ? 1 : 0);
      }
      if (c == 0) {
        c = ((di > 0.0) == (dj > 0.0) ? 1 : -1) *
            cross_sign(near_i, oi, get(head, j), get(tail, j), far_j, oj,
                       get(head, i), get(tail, i));
      }
      if (c > 0)
        return Verdict::kMiss;  // enters slab i after leaving slab j: passes
                                // beside the box
    }
  }
  return Verdict::kHit;
}

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
                        const AABB& box, Ext* t_enter, int* enter_axis) {
  int sigma[3] = {0, 0, 0};
  double near_face[3] = {0.0, 0.0, 0.0}, far_face[3] = {0.0, 0.0, 0.0};
  bool outside[3] = {false, false, false};
  Ext t_near[3] = {}, t_far[3] = {};
  for (int i = 0; i < 3; ++i) {
    const double oi = get(o, i), h = get(head, i), tl = get(tail, i);
    const double lo = get(box.min, i), hi = get(box.max, i);
    sigma[i] = h > tl ? 1 : (h < tl ? -1 : 0);
    if (sigma[i] == 0) {
      if (oi < lo || oi > hi) return false;
      continue;
    }
    near_face[i] = sigma[i] > 0 ? lo : hi;
    far_face[i] = sigma[i] > 0 ? hi : lo;
    if (sigma[i] > 0 ? oi > hi : oi < lo)
      return false;  // beyond the far face, moving away from it
    outside[i] =
        sigma[i] > 0
            ? oi < lo
            : oi > hi;  // before the near face: enters this slab at t > 0
    const Ext d = ext_abs(ext_diff(h, tl));
    t_near[i] = ext_div(ext_abs(ext_diff(near_face[i], oi)),
                        d);  // used only where outside[i]: then it is > 0
    t_far[i] = ext_div(ext_abs(ext_diff(far_face[i], oi)), d);  // >= 0
    if (outside[i] && t_max < kInf) {
      // Enters this slab after t_max? For a segment (t_max = 1, o = tail),
      // whether end stops short of the face; otherwise the sign of (near - o) -
      // t_max (h - tl).
      int c;
      if (t_max == 1.0 && oi == tl) {
        c = sigma[i] * ((near_face[i] > h) - (near_face[i] < h));
      } else {
        c = filtered_compare(t_near[i], ext(t_max));
        if (c == 0)
          c = sigma[i] *
              cross_sign(near_face[i], oi, 1.0, 0.0, t_max, 0.0, h, tl);
      }
      if (c > 0) return false;
    }
  }
  int axis = -1;
  for (int i = 0; i < 3; ++i) {
    if (!outside[i]) continue;
    const double oi = get(o, i), hd = get(head, i), tl = get(tail, i);
    for (int j = 0; j < 3; ++j) {
      if (j == i || sigma[j] == 0) continue;
      // Enters slab i after leaving slab j: passes beside the box. t_near_i -
      // t_far_j has the sign of sigma_i sigma_j ((near_i - o_i) d_j - (far_j -
      // o_j) d_i).
      int c = filtered_compare(t_near[i], t_far[j]);
      if (c == 0) {
        c = sigma[i] * sigma[j] *
            cross_sign(near_face[i], oi, get(head, j), get(tail, j),
                       far_face[j], get(o, j), hd, tl);
      }
      if (c > 0) return false;
    }
    if (axis < 0) {
      axis = i;
      continue;
    }
    int c = filtered_compare(t_near[i], t_near[axis]);
    if (c == 0) {
      c = sigma[i] * sigma[axis] *
          cross_sign(near_face[i], oi, get(head, axis), get(tail, axis),
                     near_face[axis], get(o, axis), hd, tl);
    }
    if (c > 0) axis = i;  // enters slab i later: the latest entry is the box's
  }
  *enter_axis = axis;
  *t_enter = axis >= 0 ? t_near[axis] : Ext{0.0, 0};
  return true;
}

bool clip_aabb(Vec3 origin, Vec3 dir, double t_max, const AABB& box,
               double* t_enter, int* enter_axis) {
  // clip() trusts a far crossing that overflowed (inf) to be beyond every entry
  // it trusts (<= 2^1020): true when no |component| exceeds 2, as in
  // raycast_aabb(). Other directions take the exact path.
  if (max_abs_component(dir) <= 2.0) {
    const Verdict v = clip(origin, dir, t_max, box, t_enter, enter_axis);
    if (v == Verdict::kHit || v == Verdict::kMiss) return v == Verdict::kHit;
  }
  Ext t;
  if (!clip_exact(origin, dir, Vec3{0.0, 0.0, 0.0}, t_max, box, &t, enter_axis))
    return false;
  *t_enter = to_double(t);
  return true;
}

}  // namespace np::detail
