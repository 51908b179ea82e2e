#include "narrowphase/raycast.h"

#include <cmath>
#include <limits>

#include "narrowphase/tolerances.h"

namespace np {

namespace {

// clip_aabb's body, inlined into both casts so that its outputs stay in registers (an out-of-line call with
// out-parameters costs a stack frame in WASM).
__attribute__((always_inline)) inline bool clip(Vec3 origin, Vec3 dir, double t_max, const AABB& box,
                                                double* t_enter, int* enter_axis) {
  double t_in = 0.0;  // the ray starts at t = 0: nothing behind the origin is ever reported
  double t_out = t_max;
  int axis_in = -1;
  for (int i = 0; i < 3; ++i) {
    const double o = get(origin, i), d = get(dir, i);
    const double lo = get(box.min, i), hi = get(box.max, i);
    if (d == 0.0) {
      // Parallel to this slab (true for -0.0 too): inside the closed slab for every t, or never. No division,
      // so no 0 * inf = NaN when the origin lies on the slab plane.
      if (o < lo || o > hi) return false;
      continue;
    }
    // The sign of d picks the near face (article 002's "candidate face"): min when moving toward +axis.
    // Division rather than multiplication by 1/d: one rounding instead of two.
    double t_near = (lo - o) / d, t_far = (hi - o) / d;
    if (d < 0.0) {
      const double swap = t_near;
      t_near = t_far;
      t_far = swap;
    }
    t_far *= 1.0 + kSlabFarScale;  // Ize 2013: rounding must not make t_far < t_near on a grazing ray
    // A near-face crossing at t <= 0 means the origin is already past that face: it does not move the entry.
    if (t_near > t_in) {
      t_in = t_near;
      axis_in = i;
    }
    if (t_far < t_out) t_out = t_far;
    if (t_in > t_out) return false;  // the slabs' intervals are disjoint: the ray passes beside the box
  }
  *t_enter = t_in;
  *enter_axis = axis_in;
  return true;
}

// p snapped onto the face through which `dir` enters the box on `axis`, and clamped into that face's rectangle,
// so that it lies on the surface exactly whatever rounding moved it.
Vec3 on_entry_face(Vec3 p, const AABB& box, Vec3 dir, int axis) {
  for (int i = 0; i < 3; ++i) {
    const double lo = get(box.min, i), hi = get(box.max, i), v = get(p, i);
    set(p, i, v < lo ? lo : (v > hi ? hi : v));
  }
  set(p, axis, get(dir, axis) > 0.0 ? get(box.min, axis) : get(box.max, axis));
  return p;
}

// Fills *hit for an entry found by clip(). `unit_back` is the normal used when the origin starts in the box.
void fill_hit(Vec3 origin, Vec3 dir, double length, const AABB& box, double t, int axis, Vec3 unit_back,
              RayHit* hit) {
  hit->distance = t * length;
  if (axis < 0) {
    // Started inside or on the box: distance 0, the origin itself, facing back along the cast.
    hit->point = origin;
    hit->normal = unit_back;
    return;
  }
  // The entry point, from origin + t * dir. (A zero direction component times an infinite t, from an entry
  // beyond the largest double, is 0 * inf = NaN: that coordinate does not move.)
  Vec3 step = dir * t;
  step = {step.x == step.x ? step.x : 0.0, step.y == step.y ? step.y : 0.0, step.z == step.z ? step.z : 0.0};
  hit->point = on_entry_face(origin + step, box, dir, axis);
  Vec3 n{0.0, 0.0, 0.0};
  set(n, axis, get(dir, axis) > 0.0 ? -1.0 : 1.0);
  hit->normal = n;
}

// The outward normal of the face of the box nearest to p (p in the box). Ties: x, y, z; min before max.
Vec3 nearest_face_normal(Vec3 p, const AABB& box) {
  double best = std::numeric_limits<double>::infinity();
  Vec3 n{0.0, 0.0, 0.0};
  int best_axis = 0;
  double best_sign = -1.0;
  for (int i = 0; i < 3; ++i) {
    const double to_min = get(p, i) - get(box.min, i), to_max = get(box.max, i) - get(p, i);
    if (to_min < best) best = to_min, best_axis = i, best_sign = -1.0;
    if (to_max < best) best = to_max, best_axis = i, best_sign = 1.0;
  }
  set(n, best_axis, best_sign);
  return n;
}

// `dir` times the power of two that brings its largest |component| into [1, 2), except that it is never scaled
// down so far that a non-zero component would leave the normal range (dropping a 2^-100 component of a
// 2^1000 direction to 0 would turn a miss beside a face into a hit on it).
Vec3 unit_direction_scale(Vec3 dir) {
  int e_max = biased_exponent(dir);
  if (e_max == 0) {  // subnormal components only: 2^1000 first, then the usual step
    dir = dir * 0x1p1000;
    e_max = biased_exponent(dir);
  }
  int shift = e_max - 1023;  // > 0: scale down by 2^shift (unit directions have shift <= 0: nothing to limit)
  if (shift > 0) {
    // The smallest exponent among non-zero components (zero components do not limit anything).
    const auto nonzero_exponent = [](double c) { return c != 0.0 ? biased_exponent(c) : 2047; };
    const int ex = nonzero_exponent(dir.x), ey = nonzero_exponent(dir.y), ez = nonzero_exponent(dir.z);
    const int e_min = ex < ey ? (ex < ez ? ex : ez) : (ey < ez ? ey : ez);
    if (shift > e_min - 1) shift = e_min - 1;
  }
  return dir * unit_scale_for(1023 + shift);
}

// Moving toward +axis (d > 0) a segment enters through min and must end at or beyond it; otherwise through max.
int reaches_entry_plane(double d, double end, double lo, double hi) {
  return static_cast<int>((d > 0.0) & (end >= lo)) | static_cast<int>((d <= 0.0) & (end <= hi));
}

}  // namespace

bool clip_aabb(Vec3 origin, Vec3 dir, double t_max, const AABB& box, double* t_enter, int* enter_axis) {
  return clip(origin, dir, t_max, box, t_enter, enter_axis);
}

bool raycast_aabb(const Ray& ray, const AABB& box, double max_distance, RayHit* hit) {
  // Only the direction's line matters, not its length: every direction is brought to a largest |component| in
  // [1, 2) by a power of two. That is exact, and changes no result where nothing overflowed or underflowed
  // (t scales by the inverse power, t * |d| and origin + t d not at all), but (bound - origin) / direction can
  // then neither overflow for a tiny direction nor underflow for a huge one.
  const Vec3 dir = unit_direction_scale(ray.direction);
  double t;
  int axis;
  // Clip the whole half-line and compare the world distance with max_distance afterwards, so that the
  // reported distance and the max_distance decision cannot disagree by a rounding.
  if (!clip(ray.origin, dir, std::numeric_limits<double>::infinity(), box, &t, &axis)) return false;
  const double dir_length = length(dir);
  if (t * dir_length > max_distance) return false;
  fill_hit(ray.origin, dir, dir_length, box, t, axis, negated(dir) / dir_length, hit);
  return true;
}

bool linecast_aabb(const Segment& segment, const AABB& box, RayHit* hit) {
  Vec3 start = segment.start, end = segment.end;
  AABB b = box;
  // Parametrize by t in [0, 1] over the unnormalized segment: a segment that ends on a face has
  // (face - start) / (end - start) == 1 exactly, so the end point is never lost to rounding.
  Vec3 d = end - start;
  const bool finite = (std::fabs(d.x) <= DBL_MAX) & (std::fabs(d.y) <= DBL_MAX) & (std::fabs(d.z) <= DBL_MAX);
  if (!finite) {
    // end - start overflowed (end points of opposite signs near the largest doubles). Halving every input is
    // exact and the answer scales with it (doubled back below); then nothing overflows.
    start = start * 0.5, end = end * 0.5, b = {b.min * 0.5, b.max * 0.5};
    d = end - start;
  }
  double t;
  int axis;
  if (!clip(start, d, 1.0, b, &t, &axis)) return false;
  // Entering through a face: the end point must reach that face's plane, checked on the input coordinates
  // themselves (halved ones for a segment too long for end - start). The slab parameter can round to <= 1 for
  // a segment that stops an ulp short of the face, and the hit point would then lie beyond the end. Bit i of
  // `reaches`: the end reaches axis i's entry plane (computed without branches; one bit is read).
  if (axis >= 0) {
    const int reaches = reaches_entry_plane(d.x, end.x, b.min.x, b.max.x) |
                        reaches_entry_plane(d.y, end.y, b.min.y, b.max.y) << 1 |
                        reaches_entry_plane(d.z, end.z, b.min.z, b.max.z) << 2;
    if (!((reaches >> axis) & 1)) return false;
  }
  const double seg_length = length(d);
  // Zero-length segment: no direction to face back along, so use the nearest face's outward normal.
  const Vec3 back = seg_length > 0.0 ? negated(d) / seg_length : nearest_face_normal(start, b);
  fill_hit(start, d, seg_length, b, t, axis, back, hit);
  if (!finite) {
    hit->distance *= 2.0;
    // Doubled back, and put on the box exactly: halving rounded any subnormal coordinates of the box.
    hit->point = axis >= 0 ? on_entry_face(hit->point * 2.0, box, d, axis) : hit->point * 2.0;
  }
  return true;
}

}  // namespace np
