#include "narrowphase/raycast.h"

#include <cmath>
#include <limits>

#include "narrowphase/tolerances.h"

namespace np {

bool clip_aabb(Vec3 origin, Vec3 dir, double t_max, const AABB& box, double* t_enter, int* enter_axis) {
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

namespace {

// Fills *hit for an entry found by clip_aabb. `unit_back` is the normal used when the origin starts in the box.
void fill_hit(Vec3 origin, Vec3 dir, double length, const AABB& box, double t, int axis, Vec3 unit_back,
              RayHit* hit) {
  hit->distance = t * length;
  if (axis < 0) {
    // Started inside or on the box: distance 0, the origin itself, facing back along the cast.
    hit->point = origin;
    hit->normal = unit_back;
    return;
  }
  // The entry point, snapped onto the entry face and clamped into the face's rectangle so that it lies on the
  // surface exactly despite rounding in origin + t * dir.
  Vec3 p = origin + dir * t;
  for (int i = 0; i < 3; ++i) {
    const double lo = get(box.min, i), hi = get(box.max, i), v = get(p, i);
    set(p, i, v < lo ? lo : (v > hi ? hi : v));
  }
  const bool toward_plus = get(dir, axis) > 0.0;
  set(p, axis, toward_plus ? get(box.min, axis) : get(box.max, axis));
  hit->point = p;
  Vec3 n{0.0, 0.0, 0.0};
  set(n, axis, toward_plus ? -1.0 : 1.0);
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

}  // namespace

bool raycast_aabb(const Ray& ray, const AABB& box, double max_distance, RayHit* hit) {
  double t;
  int axis;
  // Clip the whole half-line and compare the world distance with max_distance afterwards, so that the
  // reported distance and the max_distance decision cannot disagree by a rounding.
  if (!clip_aabb(ray.origin, ray.direction, std::numeric_limits<double>::infinity(), box, &t, &axis)) {
    return false;
  }
  const double dir_length = length(ray.direction);
  if (t * dir_length > max_distance) return false;
  fill_hit(ray.origin, ray.direction, dir_length, box, t, axis, negated(ray.direction) / dir_length, hit);
  return true;
}

bool linecast_aabb(const Segment& segment, const AABB& box, RayHit* hit) {
  // Parametrize by t in [0, 1] over the unnormalized segment: a segment that ends on a face has
  // (face - start) / (end - start) == 1 exactly, so the end point is never lost to rounding.
  const Vec3 d = segment.end - segment.start;
  double t;
  int axis;
  if (!clip_aabb(segment.start, d, 1.0, box, &t, &axis)) return false;
  const double seg_length = length(d);
  // Zero-length segment: no direction to face back along, so use the nearest face's outward normal.
  const Vec3 back = seg_length > 0.0 ? negated(d) / seg_length : nearest_face_normal(segment.start, box);
  fill_hit(segment.start, d, seg_length, box, t, axis, back, hit);
  return true;
}

}  // namespace np
