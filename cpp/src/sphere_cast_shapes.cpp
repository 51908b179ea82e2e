// Sphere casts against capsules, boxes, oriented boxes, triangles and planes
// (shape_cast.h).
//
// Whether the cast touches the shape at all is decided exactly, as the swept
// volume it is: the capsule {start, end, radius} overlaps the shape
// (overlap_capsule_<shape>, exact on the reals), so a grazing path hits, a
// contact an ulp beyond the end misses, and nothing tunnels through a thin
// triangle or plane at any speed. Whether it starts overlapping is the sphere
// overlap test at the start (exact); then the hit is the contact there
// (contact_sphere_<shape>: its normal, from the shape toward the sphere, and
// its point of the shape), at distance 0. Otherwise the time of impact is the
// moving center's entry into the Minkowski sum of the shape and the ball,
// computed analytically in doubles (Ericson, Real-Time Collision Detection,
// 5.5.7 for the box: its rounded box is the three boxes grown by the radius
// along one axis and the twelve edge capsules; a capsule's sum is the capsule
// of radius r1 + r2; a triangle's the two faces offset by +-radius and the
// three edge capsules; a plane's the two offset planes). JoltPhysics
// (CastSphereVsTriangles), parry (cast_shapes_ball_*) and Bullet
// (btContinuousConvexCollision) sweep the same sums in floating point, with no
// exact decision beside them. If the rounded pieces all miss a path the exact
// test says touches (grazing within rounding), the contact is where the
// path's distance to the shape first reaches the radius, found by golden
// section and bisection on the distance query.
#include <cfloat>
#include <cmath>

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

constexpr Vec3 kUp{0.0, 1.0, 0.0};

// ---- Scale (as contact.cpp): inputs beyond 2^500, or all below 2^-500, are
// cast in units scaled by a power of two; the fraction does not depend on the
// units.

constexpr double kBigInput = 0x1p500, kSmallInput = 0x1p-500;
inline double max_abs(double a, double b) {
  return max2(std::fabs(a), std::fabs(b));
}
inline double scale_for(double m) {
  if (m > kBigInput) return 0x1p-530;
  if (m < kSmallInput) return 0x1p600;
  return 1.0;
}
inline double path_magnitude(Vec3 s, Vec3 e, double r) {
  return max_abs(max_abs(max_abs_component(s), max_abs_component(e)), r);
}

// The entry of the moving center into one piece of a Minkowski sum: the
// fraction and the normal there; keeps the earliest.
struct Entry {
  double t = 2.0;  // > 1: none yet
  Vec3 normal{0.0, 0.0, 0.0};
  void take(bool hit, const RayHit& h, double length) {
    if (!hit) return;
    const double f = length > 0.0 ? min2(h.distance / length, 1.0) : 0.0;
    if (f < t) t = f, normal = h.normal;
  }
};

// The outward unit normal of the face of the box [lo, hi] that p lies
// farthest beyond (or least inside): a rounded entry at fraction 0 into a box
// the exact test says the start is apart from (a start within rounding of the
// surface) comes from a piece the rounded start lies in, whose normal is then
// -unit(direction), no normal of the box; this is the face the start is on.
Vec3 face_out(Vec3 p, Vec3 lo, Vec3 hi) {
  int best = 0;
  double beyond = -HUGE_VAL, sign = 1.0;
  for (int i = 0; i < 3; ++i) {
    const double below = get(lo, i) - get(p, i), above = get(p, i) - get(hi, i);
    if (below > beyond) beyond = below, best = i, sign = -1.0;
    if (above > beyond) beyond = above, best = i, sign = 1.0;
  }
  Vec3 n{0.0, 0.0, 0.0};
  set(n, best, sign);
  return n;
}

// A segment's entry into the capsule (a, b, radius).
void enter_capsule(Vec3 s, Vec3 e, double length, Vec3 a, Vec3 b, double r,
                   Entry* entry) {
  RayHit h;
  entry->take(linecast_capsule(s, e, Capsule{a, b, r}, &h), h, length);
}

// The rounded box of `box` and radius r (Ericson 5.5.7) is the three boxes
// grown by r along one axis and the twelve edges as capsules of radius r (their
// end balls are the corner spheres).
//
// enter_by_region: Ericson's region test first: the path's entry into the box
// grown by r on every axis (which holds the rounded box) lies outside the box
// on one, two or three axes, and the first piece the path can enter is then
// that face's grown box, that edge's capsule, or one of the three edges'
// capsules at that corner (a path in an edge's pocket is within r of the edge
// where it leaves the pocket, so it enters that capsule no later than any other
// piece). Only where the entry is clearly in one region (kClearMargin) and a
// chosen piece is hit; otherwise, near a region's border or when the chosen
// pieces all miss (grazing within rounding), every piece is tried.
bool enter_by_region(Vec3 s, Vec3 e, double length, const AABB& box, double r,
                     Entry* entry) {
  const double m = max2(
      max2(max_abs_component(s), max_abs_component(e)),
      max2(max2(max_abs_component(box.min), max_abs_component(box.max)), r));
  if (!(r > 0.0 && m >= 0x1p-900 && m <= 0x1p900)) return false;
  const double margin = m * kClearMargin;
  const Vec3 rr{r, r, r};
  RayHit h;
  if (!linecast_aabb(s, e, AABB{box.min - rr, box.max + rr}, &h)) return false;
  int below = 0, above = 0;  // bit i: the entry is beyond the box on axis i
  for (int i = 0; i < 3; ++i) {
    const double p = get(h.point, i), lo = get(box.min, i),
                 hi = get(box.max, i);
    if (p < lo - margin) {
      below |= 1 << i;
    } else if (p > hi + margin) {
      above |= 1 << i;
    } else if (!(p > lo + margin && p < hi - margin)) {
      return false;  // near a region's border
    }
  }
  const int out = below | above;
  Entry chosen;
  for (int i = 0; i < 3; ++i) {
    if (!(out & (1 << i))) continue;
    AABB grown = box;
    set(grown.min, i, get(box.min, i) - r);
    set(grown.max, i, get(box.max, i) + r);
    chosen.take(linecast_aabb(s, e, grown, &h), h, length);
  }
  // The edge along axis i at the corner the entry is beyond on the two
  // others: in an edge region the one edge, in a corner region all three.
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    if (!(out & (1 << j)) || !(out & (1 << k))) continue;
    Vec3 a = box.min;
    set(a, j, above & (1 << j) ? get(box.max, j) : get(box.min, j));
    set(a, k, above & (1 << k) ? get(box.max, k) : get(box.min, k));
    Vec3 b = a;
    set(b, i, get(box.max, i));
    enter_capsule(s, e, length, a, b, r, &chosen);
  }
  if (!(chosen.t <= 1.0)) return false;
  *entry = chosen;
  return true;
}

// The entry into the rounded box: by region where that is clear, else the
// earliest entry into any of its pieces.
void enter_rounded_box(Vec3 s, Vec3 e, double length, const AABB& box, double r,
                       Entry* entry) {
  if (enter_by_region(s, e, length, box, r, entry)) return;
  RayHit h;
  for (int i = 0; i < 3; ++i) {
    AABB grown = box;
    set(grown.min, i, get(box.min, i) - r);
    set(grown.max, i, get(box.max, i) + r);
    entry->take(linecast_aabb(s, e, grown, &h), h, length);
  }
  // Radius 0: the sum is the box itself, whose entry normal is a face's (the
  // edges would give radial normals).
  if (r == 0.0) return;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    for (int m = 0; m < 4; ++m) {
      // The edge along axis i at the (j, k) corner m.
      Vec3 a = box.min;
      set(a, j, m & 1 ? get(box.max, j) : get(box.min, j));
      set(a, k, m & 2 ? get(box.max, k) : get(box.min, k));
      Vec3 b = a;
      set(b, i, get(box.max, i));
      enter_capsule(s, e, length, a, b, r, entry);
    }
  }
}

// Where the path's distance to the shape (dist(p), convex along the path)
// first reaches r: golden section for its minimum, then bisection before it.
// Only for paths the exact test says touch while the rounded pieces miss them
// (grazing within rounding): the answer is then within rounding of touching.
template <class Dist>
double first_touch(Vec3 s, Vec3 d, double r, Dist dist) {
  const auto at = [&](double t) { return dist(s + d * t) - r; };
  double lo = 0.0, hi = 1.0;
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  for (int i = 0; i < 90; ++i) {
    const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    if (at(x1) <= at(x2)) {
      hi = x2;
    } else {
      lo = x1;
    }
  }
  double t_min = 0.5 * (lo + hi);
  if (at(1.0) <= at(t_min)) t_min = 1.0;
  if (at(0.0) <= 0.0 || !(at(t_min) <= 0.0))
    return at(0.0) <= 0.0 ? 0.0 : t_min;
  lo = 0.0, hi = t_min;
  for (int i = 0; i < 80; ++i) {
    const double mid = 0.5 * (lo + hi);
    (at(mid) <= 0.0 ? hi : lo) = mid;
  }
  return hi;
}

// The rounded pieces' entry `guess`, unless the exact test touches(s + (e -
// s) x) (the capsule swept from s to that point overlaps the shape: false at
// 0, true at 1, monotone in x) proves it late by more than `step` (a
// fraction), or no piece was entered (guess > 1): then the least such x, to
// `step`, by bisection (~40 exact tests).
template <class Touches>
double no_later_than_exact(Vec3 s, Vec3 e, double guess, double step,
                           Touches touches) {
  const Vec3 d = e - s;
  const auto at = [&](double x) { return s + d * x; };
  double lo = 0.0, hi = 1.0;
  if (guess <= 1.0) {
    lo = guess - step;
    if (!(lo > 0.0) || !touches(at(lo))) return guess;
    hi = lo, lo = 0.0;
  }
  while (hi - lo > step) {
    const double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;
    (touches(at(mid)) ? hi : lo) = mid;
  }
  return hi;
}

// Fills the hit of a cast that did not start overlapping, entering at fraction
// t (in [0, 1]) with the normal `normal` of the piece it entered (0 if none);
// q(center) is the shape's point nearest to a center.
template <class Nearest>
void fill_path_hit(Vec3 start, Vec3 end, double radius, double t, Vec3 normal,
                   Nearest nearest, ShapeCastHit* hit,
                   bool exact_normal = false) {
  const Vec3 d = end - start;
  Vec3 center;
  if (t >= 1.0) {
    center = end;
  } else if (max_abs_component(d) <= DBL_MAX) {
    center = start + d * t;
  } else {  // end - start overflows: in halves
    center = (start * 0.5 + (end * 0.5 - start * 0.5) * t) * 2.0;
  }
  const Vec3 q = nearest(center);
  hit->fraction = t;
  // |d * t| rather than t * |d|: |d| alone may exceed DBL_MAX where the
  // distance travelled does not.
  hit->distance = max_abs_component(d) <= DBL_MAX
                      ? length(d * t)
                      : length((end * 0.5 - start * 0.5) * t) * 2.0;
  hit->center = center;
  hit->point = q;
  // The sum's outward normal at the contact is unit(center - q), q the shape's
  // point nearest the center, `radius` away: consistent with the point
  // whichever piece the rounded entry came from (a grown box's face normal at
  // its rim, or -unit(direction) from a piece the rounded start lies in, are
  // not the sum's). For radius 0, or a plane (`exact_normal`: +-unit(normal)
  // exactly), the piece's normal; failing both, back along the cast.
  const Vec3 back = unit_or(
      max_abs_component(d) <= DBL_MAX ? negated(d) : start * 0.5 - end * 0.5,
      kUp);
  // (A difference beyond DBL_MAX, points at the largest doubles, is no
  // direction: back along the cast then.)
  const Vec3 diff = center - q;
  const Vec3 away = max_abs_component(diff) <= DBL_MAX ? diff : Vec3{0, 0, 0};
  if (!exact_normal && radius > 0.0 && length(away) >= 0.5 * radius) {
    hit->normal = unit_or(away, back);
  } else {
    hit->normal = (normal.x == 0.0 && normal.y == 0.0 && normal.z == 0.0)
                      ? unit_or(away, back)
                      : unit_or(normal, back);
  }
  hit->started_overlapping = false;
}

// The hit of a cast that starts overlapping: distance 0 and the contact at the
// start.
void fill_started(Vec3 start, const ContactHit& c, ShapeCastHit* hit) {
  hit->fraction = 0.0;
  hit->distance = 0.0;
  hit->center = start;
  hit->point = c.point_b;
  hit->normal = c.normal;
  hit->started_overlapping = true;
}

}  // namespace

bool sphere_cast_plane(Vec3 start, Vec3 end, double radius, const Plane& plane,
                       ShapeCastHit* hit) {
  const Sphere at_start{start, radius};
  ContactHit c;
  if (contact_sphere_plane(at_start, plane, &c))
    return fill_started(start, c, hit), true;
  if (same_point(start, end)) return false;  // zero length: the overlap test
  if (!overlap_capsule_plane(Capsule{start, end, radius}, plane)) return false;
  // The signed distance is linear along the path: from s0 (beyond the reach,
  // on the side sigma) it reaches sigma * r at t = (|s0| - r) / (|s0| - sigma
  // s1). signed_distance_point_plane measures at any magnitude (scaling the
  // constant instead would push a plane given by a subnormal normal off its
  // place); the quotient in halves where a - b overflows.
  const double s0 = signed_distance_point_plane(start, plane),
               s1 = signed_distance_point_plane(end, plane);
  const double sigma = s0 < 0.0 ? -1.0 : 1.0;
  const double a = std::fabs(s0), b = sigma * s1, r = radius;
  double num = a - r, den = a - b;
  if (!(den <= DBL_MAX)) num = a * 0.5 - r * 0.5, den = a * 0.5 - b * 0.5;
  const double t = den > 0.0 ? max2(min2(num / den, 1.0), 0.0) : 0.0;
  const Vec3 u = unit_or(plane.normal, kUp);
  fill_path_hit(
      start, end, radius, t, sigma < 0.0 ? negated(u) : u,
      [&](Vec3 p) { return closest_point_on_plane(p, plane); }, hit, true);
  return true;
}

bool sphere_cast_capsule(Vec3 start, Vec3 end, double radius,
                         const Capsule& capsule, ShapeCastHit* hit) {
  ContactHit c;
  if (contact_sphere_capsule(Sphere{start, radius}, capsule, &c))
    return fill_started(start, c, hit), true;
  if (same_point(start, end)) return false;  // zero length: the overlap test
  if (!overlap_capsule_capsule(Capsule{start, end, radius}, capsule))
    return false;
  // A ray against the capsule of radius r1 + r2 (Ericson 5.5.7's reduction).
  const double k = scale_for(
      max2(path_magnitude(start, end, radius),
           path_magnitude(capsule.start, capsule.end, capsule.radius)));
  const Vec3 s = start * k, e = end * k;
  const double length = np::length(e - s);
  Entry entry;
  enter_capsule(s, e, length, capsule.start * k, capsule.end * k,
                radius * k + capsule.radius * k, &entry);
  const auto nearest = [&](Vec3 p) {
    return closest_point_on_capsule(p, capsule);
  };
  const double t = entry.t <= 1.0
                       ? entry.t
                       : first_touch(start, end - start, radius, [&](Vec3 p) {
                           return distance_point_capsule(p, capsule);
                         });
  fill_path_hit(start, end, radius, t,
                entry.t <= 1.0 ? entry.normal : Vec3{0, 0, 0}, nearest, hit);
  return true;
}

bool sphere_cast_aabb(Vec3 start, Vec3 end, double radius, const AABB& box,
                      ShapeCastHit* hit) {
  ContactHit c;
  if (contact_sphere_aabb(Sphere{start, radius}, box, &c))
    return fill_started(start, c, hit), true;
  if (same_point(start, end)) return false;  // zero length: the overlap test
  if (!overlap_capsule_aabb(Capsule{start, end, radius}, box)) return false;
  const double k = scale_for(
      max2(path_magnitude(start, end, radius),
           max_abs(max_abs_component(box.min), max_abs_component(box.max))));
  const Vec3 s = start * k, e = end * k;
  Entry entry;
  enter_rounded_box(s, e, length(e - s), AABB{box.min * k, box.max * k},
                    radius * k, &entry);
  if (entry.t == 0.0) entry.normal = face_out(s, box.min * k, box.max * k);
  const double t = entry.t <= 1.0
                       ? entry.t
                       : first_touch(start, end - start, radius, [&](Vec3 p) {
                           return distance_point_aabb(p, box);
                         });
  fill_path_hit(
      start, end, radius, t, entry.t <= 1.0 ? entry.normal : Vec3{0, 0, 0},
      [&](Vec3 p) { return closest_point_on_aabb(p, box); }, hit);
  return true;
}

bool sphere_cast_obb(Vec3 start, Vec3 end, double radius, const OBB& box,
                     ShapeCastHit* hit) {
  ContactHit c;
  if (contact_sphere_obb(Sphere{start, radius}, box, &c))
    return fill_started(start, c, hit), true;
  if (same_point(start, end)) return false;  // zero length: the overlap test
  if (!overlap_capsule_obb(Capsule{start, end, radius}, box)) return false;
  const double k = scale_for(max2(path_magnitude(start, end, radius),
                                  max_abs(max_abs_component(box.center),
                                          max_abs_component(box.half_size))));
  // In the box's frame (Ericson 5.5.7 with the OBB as an AABB there): the
  // path's ends as linecast_obb takes them, (p - center) . axis_i.
  const auto local = [&](Vec3 p) {
    const Vec3 m = (p - box.center) * k;
    return Vec3{dot(m, box.axis[0]), dot(m, box.axis[1]), dot(m, box.axis[2])};
  };
  const Vec3 s = local(start), e = local(end), h = box.half_size * k;
  Entry entry;
  enter_rounded_box(s, e, length(e - s), AABB{negated(h), h}, radius * k,
                    &entry);
  if (entry.t == 0.0) entry.normal = face_out(s, negated(h), h);
  Vec3 normal{0.0, 0.0, 0.0};
  double t;
  if (entry.t <= 1.0) {
    t = entry.t;
    normal = box.axis[0] * entry.normal.x + box.axis[1] * entry.normal.y +
             box.axis[2] * entry.normal.z;
  } else {
    t = first_touch(start, end - start, radius,
                    [&](Vec3 p) { return distance_point_obb(p, box); });
  }
  fill_path_hit(
      start, end, radius, t, normal,
      [&](Vec3 p) { return closest_point_on_obb(p, box); }, hit);
  return true;
}

bool sphere_cast_triangle(Vec3 start, Vec3 end, double radius,
                          const Triangle& tri, ShapeCastHit* hit) {
  ContactHit c;
  if (contact_sphere_triangle(Sphere{start, radius}, tri, &c))
    return fill_started(start, c, hit), true;
  if (same_point(start, end)) return false;  // zero length: the overlap test
  if (!overlap_capsule_triangle(Capsule{start, end, radius}, tri)) return false;
  const double k = scale_for(
      max2(path_magnitude(start, end, radius),
           max_abs(max_abs(max_abs_component(tri.a), max_abs_component(tri.b)),
                   max_abs_component(tri.c))));
  const Vec3 s = start * k, e = end * k;
  const Triangle t{tri.a * k, tri.b * k, tri.c * k};
  const double r = radius * k, length = np::length(e - s);
  Entry entry;
  // The two faces offset by +-r along the unit normal (none for a degenerate
  // triangle: its edges are all of it), and the three edge capsules.
  const Vec3 n = unit_or(cross(t.b - t.a, t.c - t.a), Vec3{0.0, 0.0, 0.0});
  if (!(n.x == 0.0 && n.y == 0.0 && n.z == 0.0)) {
    for (double side : {1.0, -1.0}) {
      const Vec3 off = n * (side * r);
      RayHit h;
      entry.take(linecast_triangle(s, e, {t.a + off, t.b + off, t.c + off}, &h),
                 h, length);
    }
  }
  const double face_t = entry.t;
  // Radius 0 against a proper triangle: the triangle itself (an edge's radial
  // normal is not the triangle's). The edges' earliest entry kept apart (the
  // face entry below may give way to it); a tie goes to the face.
  const bool proper = !(n.x == 0.0 && n.y == 0.0 && n.z == 0.0);
  Entry edges;
  if (!(proper && r == 0.0)) {
    enter_capsule(s, e, length, t.a, t.b, r, &edges);
    enter_capsule(s, e, length, t.b, t.c, r, &edges);
    enter_capsule(s, e, length, t.c, t.a, r, &edges);
  }
  if (edges.t < entry.t) entry = edges;
  // The plane distance is linear along the path: h0 at the start, h1 at the
  // end; on the side sigma the path approaches the offset plane at den per unit
  // fraction and reaches it at f = (sigma h0 - r) / den. Two uses below: the
  // entry through a face (an offset face's linecast gave the earliest entry)
  // and the offset plane's entry (neither offset face's linecast hit). Both
  // take f only where the centre's projection onto the plane lies in the
  // triangle (by the rounded edge sides: over_face), where the plane distance
  // is the distance to the triangle. And both take f = 0 for a start within
  // kCastFaceStartBand |s - a|_inf of the offset plane (0 <= sigma h0 - r <=
  // near): h0 carries a few ulps of |s - a| of rounding (the difference, the
  // dot product and the rounded unit normal's direction; Higham 2002, 3.1), so
  // there the numerator is at the level of its own rounding and the quotient
  // says nothing (for a path within rounding of parallel to the face, den is
  // rounding too and f anywhere in [0, 1]). On the reals such a start is within
  // near plus that rounding of the offset plane, ~2^-43 of the magnitude: over
  // the face it touches at fraction 0 to the contract's 2^-40, and nothing
  // comes before.
  const double h0 = dot(s - t.a, n), h1 = dot(e - t.a, n);
  const double sigma = h0 < 0.0 ? -1.0 : 1.0, den = sigma * (h0 - h1);
  const double num = sigma * h0 - r,
               near = kCastFaceStartBand * max_abs_component(s - t.a);
  const auto over_face = [&](double f) {
    const Vec3 c = s + (e - s) * min2(f, 1.0);
    const Vec3 q = c - n * dot(c - t.a, n);
    return dot(cross(t.b - t.a, q - t.a), n) >= 0.0 &&
           dot(cross(t.c - t.b, q - t.b), n) >= 0.0 &&
           dot(cross(t.a - t.c, q - t.c), n) >= 0.0;
  };
  if (entry.t <= 1.0 && entry.t == face_t) {
    // Entered through a face: the entry is where the plane distance reaches +-r
    // (as sphere_cast_plane), more accurate than the offset triangle's rounded
    // linecast. Only from a start beyond the offset plane (|h0| >= r): a start
    // within the slab beside the triangle meets an offset face first only where
    // the path grazes its border at the same fraction as an edge, and the
    // linear formula would give a negative fraction there (clamped to 0: a
    // sphere 1 away reported touching at the start; the fuzzer's valid
    // np_capsuleCastTriangle). Where f is not over the face, the path crosses
    // the offset plane beside the triangle, or within rounding of parallel to
    // it (where the offset face's linecast is ill-posed too: from a start 0.25
    // beside the edge of a triangle 3 across, at the offset plane's height, it
    // hit at fraction 0), and the entry is the edges' (if none, the path's
    // distance decides, below): a path onto the face near an edge enters that
    // edge's capsule where it meets the offset face. Without the band and that
    // check, the smoke fuzz's valid np_capsuleCastTriangle of 2026-11-27: a
    // ball an ulp short of touching the face at the start, sliding along it,
    // was reported at fraction 1 (f = 1 ulp / 1 ulp), beyond the triangle's
    // edge, 0.079 from it, where the face linecast and an edge capsule had both
    // found 0; sliding along an edge, at fraction 1 over that edge; and from
    // 0.0625 beside the edge, at the same height, at fraction 1, 0.065 from the
    // triangle, where it touches the edge at 0.061.
    if (den > 0.0 && sigma * h0 >= r) {
      const double f = num <= near ? 0.0 : max2(min2(num / den, 1.0), 0.0);
      if (over_face(f)) {
        entry.t = f;
      } else {
        entry = edges;
      }
    }
  } else if (proper && r > 0.0 && face_t > 1.0) {
    // Neither offset face's linecast hit, yet the path reaches the offset plane
    // over the triangle: a start within rounding of an offset face (the
    // linecast from a start on its plane may miss, the rounded plane distance
    // |h0| on either side of r). The entry then came from an edge capsule, up
    // to the triangle's size late (the smoke fuzz's valid
    // np_capsuleCastTriangle of 2026-11-27: a ball of radius 2 ulps below its
    // distance, moving into the face, reported at fraction 0.0023, 0.0073
    // deep). The path reaches the offset plane at f (0 when |h0| is already
    // below r: the exact contact test above found no overlap, so on the reals
    // the distance is above r and |h0| < r only by rounding); when the centre's
    // projection there lies in the triangle, the ball touches the face there
    // and nowhere before (an edge touched before already gave an earlier
    // entry). The band as above.
    const double f = !(den > 0.0) ? 2.0 : num > near ? num / den : 0.0;
    if (f <= 1.0 && f < entry.t && over_face(f)) {
      entry.t = f;
      entry.normal = n * sigma;
    }
  }
  // A radius below 2^-30 of the configuration's magnitude m (a ball of 0.5
  // sent 1e20 across a triangle of that size) is below the rounding of
  // linecast_capsule there, which can miss the edge capsule the path enters
  // through: the entry then came from a later piece, up to the triangle's
  // size late (fraction 1 for a ball entering half way, through the
  // triangle), or from none, and first_touch's rounded distances are as
  // blind. So there the exact overlap test of the capsule swept to 2^-40 m
  // before the entry checks it, and if that already touches (or no piece was
  // entered), the entry is the least fraction where it does (bisection), with
  // the normal of the contact there.
  const double m =
      max2(path_magnitude(s, e, 0.0),
           max_abs(max_abs(max_abs_component(t.a), max_abs_component(t.b)),
                   max_abs_component(t.c)));
  if (r < 0x1p-30 * m && !(proper && r == 0.0) && length > 0.0 &&
      max_abs_component(e - s) <= DBL_MAX) {
    const double late =
        no_later_than_exact(s, e, entry.t, 0x1p-40 * m / length, [&](Vec3 p) {
          return overlap_capsule_triangle(Capsule{s, p, r}, t);
        });
    if (late != entry.t) entry.t = late, entry.normal = Vec3{0.0, 0.0, 0.0};
  }
  const double f = entry.t <= 1.0
                       ? entry.t
                       : first_touch(start, end - start, radius, [&](Vec3 p) {
                           return distance_point_triangle(p, tri);
                         });
  // Without an entry normal (a grazing path the rounded pieces missed), the
  // face normal toward the start.
  const Vec3 toward =
      proper ? (dot(s - t.a, n) < 0.0 ? negated(n) : n) : Vec3{0, 0, 0};
  fill_path_hit(
      start, end, radius, f, entry.t <= 1.0 ? entry.normal : toward,
      [&](Vec3 p) { return closest_point_on_triangle(p, tri); }, hit);
  return true;
}

}  // namespace np
