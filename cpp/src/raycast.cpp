#include "narrowphase/raycast.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/slab.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

using namespace detail;  // NOLINT: the building blocks this file is made of

// The components of `v` scaled by one power of two so that the largest is in
// [1, 2) (those 2^1022 and more below it go to subnormals or 0, where they do
// not change a length or a unit vector), and that power's exponent.
Vec3 common_scale(const Ext v[3], int* e_max) {
  int e = std::numeric_limits<int>::min();
  for (int i = 0; i < 3; ++i) {
    if (v[i].m != 0.0 && v[i].e > e) e = v[i].e;
  }
  *e_max = e;
  Vec3 r{0.0, 0.0, 0.0};
  if (e == std::numeric_limits<int>::min()) return r;
  for (int i = 0; i < 3; ++i) set(r, i, to_double({v[i].m, v[i].e - e}));
  return r;
}

// ---- Filling the hit
// ---------------------------------------------------------------------------------------

// Fills *hit for an entry found by clip() at t along dir through the face of
// `axis`, unless its distance exceeds max_distance: then false.
bool fill_entry(Vec3 origin, Vec3 dir, double t, const AABB& box, int axis,
                double max_distance, RayHit* hit) {
  const double d_axis = get(dir, axis);
  const bool toward_plus = d_axis > 0.0;
  const double face = toward_plus ? get(box.min, axis) : get(box.max, axis);
  const double distance =
      entry_distance(t, length(dir), d_axis, face, get(origin, axis));
  if (distance > max_distance) return false;
  hit->distance = distance;
  hit->point = on_entry_face(origin + dir * t, box, axis, face);
  hit->normal = axis_normal(axis, toward_plus);
  return true;
}

void fill_inside(Vec3 origin, Vec3 back, RayHit* hit) {
  hit->distance = 0.0;
  hit->point = origin;
  hit->normal = back;
}

// o + v, rounded once, also where v alone is beyond the largest double but the
// sum is not.
double add_ext(double o, Ext v) {
  if (v.e <= 1020) return o + to_double(v);
  return (o * 0.5 + to_double({v.m, v.e - 1})) *
         2.0;  // |v| >= 2^1021: o's halving error is far below the rounding
}

// The cast decided exactly: the path o + t (head - tail), t in [0, t_max], as
// in clip_exact(). The distance and the point o + t d are those of the double
// path, computed in extended exponents, so that neither underflows nor
// overflows before it is rounded to a double.
NP_RARE bool cast_exact(Vec3 o, Vec3 head, Vec3 tail, double t_max,
                        const AABB& box, double max_distance, RayHit* hit) {
  Ext t;
  int axis;
  if (!clip_exact(o, head, tail, t_max, box, &t, &axis)) return false;
  Ext d[3];
  for (int i = 0; i < 3; ++i) d[i] = ext_diff(get(head, i), get(tail, i));
  int e;
  const Vec3 dir = common_scale(
      d, &e);  // the direction, scaled exactly (but for negligible components)
  if (axis < 0) {
    fill_inside(o, unit_or(negated(dir), nearest_face_normal(o, box)), hit);
    return true;
  }
  const bool toward_plus = d[axis].m > 0.0;
  const double face = toward_plus ? get(box.min, axis) : get(box.max, axis);
  // entry_distance() in extended exponents: |d| is |d_axis| where the other
  // components are negligible.
  const Ext length = normalized(std::sqrt(length_squared(dir)),
                                e);  // the sqrt is in [1, 2 sqrt(3))
  const Ext d_axis = ext_abs(d[axis]);
  const double distance = length.m == d_axis.m && length.e == d_axis.e
                              ? to_double(ext_abs(ext_diff(face, get(o, axis))))
                              : to_double(ext_mul(t, length));
  if (distance > max_distance) return false;
  Vec3 p{0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i) set(p, i, add_ext(get(o, i), ext_mul(d[i], t)));
  hit->distance = distance;
  hit->point = on_entry_face(p, box, axis, face);
  hit->normal = axis_normal(axis, toward_plus);
  return true;
}

// `dir` times the power of two that brings its largest |component| into [1, 2).
// Exact, and changes no result where nothing overflowed or underflowed (t
// scales by the inverse power, t * |d| and origin + t d not at all), but (bound
// - origin) / direction can then neither overflow for a tiny direction nor
// underflow for a huge one, and a bound - origin that overflowed stands for a
// parameter above 2^1023, beyond every entry clip() trusts. False when scaling
// down would push a non-zero component below the normal range (a direction
// whose components span more than 2^1022): dropping a 2^-1100 component of a
// 2^1000 direction to 0 would turn a miss beside a face into a hit on it. The
// exact path takes those.
bool unit_direction_scale(Vec3 dir, Vec3* scaled) {
  int e_max = biased_exponent(dir);
  const int shift = e_max - 1023;  // divide by 2^shift
  if (shift > 0) {
    // The smallest exponent among non-zero components (zero components do not
    // limit anything).
    const auto nonzero_exponent = [](double c) {
      return c != 0.0 ? biased_exponent(c) : 2047;
    };
    const int ex = nonzero_exponent(dir.x), ey = nonzero_exponent(dir.y),
              ez = nonzero_exponent(dir.z);
    const int e_min = ex < ey ? (ex < ez ? ex : ez) : (ey < ez ? ey : ez);
    if (e_min - shift < 1) return false;
    if (e_max >= 2046)
      dir = dir * 0x1p-1000,
      e_max -= 1000;        // 2^-1023 is not a normal double: two exact steps
  } else if (e_max == 0) {  // subnormal components only: 2^1000 first (exact),
                            // then the usual step
    dir = dir * 0x1p1000;
    e_max = biased_exponent(dir);
  }
  *scaled = dir * unit_scale_for(e_max);
  return true;
}

}  // namespace

bool raycast_aabb(const Ray& ray, const AABB& box, double max_distance,
                  RayHit* hit) {
  // Only the direction's line matters, not its length: every direction is
  // brought to a largest |component| in [1, 2) by a power of two (see
  // unit_direction_scale).
  Vec3 dir;
  if (unit_direction_scale(ray.direction, &dir)) {
    double t;
    int axis;
    // Clip the whole half-line and compare the world distance with max_distance
    // afterwards, so that the reported distance and the max_distance decision
    // cannot disagree by a rounding.
    Verdict v = clip(ray.origin, dir, kInf, box, &t, &axis);
    if (v == Verdict::kTie || v == Verdict::kUnsure) {
      v = settle(v, ray.origin, dir, dir, Vec3{0.0, 0.0, 0.0}, box, &t, &axis);
    }
    if (v == Verdict::kMiss) return false;
    if (v == Verdict::kHit) {
      if (axis < 0) {
        fill_inside(ray.origin, unit_or(negated(dir), dir),
                    hit);  // dir is not zero: no fallback needed
        return true;
      }
      // t <= 2^1020 and |dir| < 4: the distance is finite.
      return fill_entry(ray.origin, dir, t, box, axis, max_distance, hit);
    }
  }
  return cast_exact(ray.origin, ray.direction, Vec3{0.0, 0.0, 0.0}, kInf, box,
                    max_distance, hit);
}

bool linecast_aabb(const Segment& segment, const AABB& box, RayHit* hit) {
  const Vec3 start = segment.start, end = segment.end;
  // Parametrize by t over the unnormalized segment: a segment that ends on a
  // face has (face - start) / (end - start) == 1 exactly, so the end point is
  // never lost to rounding.
  const Vec3 d = end - start;
  // end - start overflows for end points of opposite signs near the largest
  // doubles: the exact path.
  if ((std::fabs(d.x) <= DBL_MAX) & (std::fabs(d.y) <= DBL_MAX) &
      (std::fabs(d.z) <= DBL_MAX)) {
    double t;
    int axis;
    Verdict v = clip(start, d, 1.0, box, &t, &axis);
    if (v == Verdict::kTie || v == Verdict::kUnsure) {
      v = settle(v, start, d, end, start, box, &t, &axis);
      // settle() decides the order of the slabs; the tie may have been with t =
      // 1 itself (a segment ending on, or an ulp short of, a face): every slab
      // is entered by t = 1 if end is at or beyond each near face (for a slab
      // start is in, trivially). Otherwise clip() already knew.
      if (v == Verdict::kHit && axis >= 0 &&
          !(reaches_near_face(d.x, end.x, box.min.x, box.max.x) &&
            reaches_near_face(d.y, end.y, box.min.y, box.max.y) &&
            reaches_near_face(d.z, end.z, box.min.z, box.max.z))) {
        v = Verdict::kMiss;
      }
    }
    if (v == Verdict::kMiss) return false;
    if (v == Verdict::kHit) {
      if (axis < 0) {
        // Zero-length segment: no direction to face back along, so use the
        // nearest face's outward normal.
        const bool moves = (d.x != 0.0) | (d.y != 0.0) | (d.z != 0.0);
        fill_inside(
            start,
            moves ? unit_or(negated(d), d) : nearest_face_normal(start, box),
            hit);
        return true;
      }
      // t <= 1 (the entry's rounded quotient is at most end's: (face - start) /
      // d <= (end - start) / d), but |d| overflows for a segment longer than
      // the largest double: then the exact path.
      if (fill_entry(start, d, t, box, axis, DBL_MAX, hit)) return true;
    }
  }
  return cast_exact(start, end, start, 1.0, box, kInf, hit);
}

}  // namespace np
