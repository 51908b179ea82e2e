// Tests of the fast paths for inputs of ordinary magnitude (detail::ordinary:
// every coordinate 0 or within [2^-250, 2^251)): plain double arithmetic
// whose decisions are certified by a static error bound, with the general
// path (rescaling by powers of two, m 2^e numbers, exact predicates) taking
// every input outside that range and every sign within the bound.
//
// The oracle is each configuration's twin scaled by a power of two: the exact
// answer scales exactly, and the general path, which works in units of a
// power of two, rounds every step the same way at every scale. Scaled by
// 2^300 (or 2^-300), the twin lies outside the ordinary range and takes the
// general path, so the fast path's answer on the original must be the
// twin's, scaled back, bit for bit: hit or miss, distance, point and normal.
// The configurations sit where a fast path could go wrong: starts within
// rounding of a plane, directions within rounding of parallel, and
// magnitudes just inside and just outside the ordinary range.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/detail/contact_util.h"
#include "narrowphase/detail/slab_ray.h"
#include "narrowphase/detail/triangle_bound.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "test_util.h"

namespace {

using np::AABB;
using np::Capsule;
using np::Plane;
using np::Ray;
using np::RayHit;
using np::Triangle;
using np::Vec3;

using Rng = std::mt19937_64;
const double kInf = std::numeric_limits<double>::infinity();

double uniform(Rng& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
Vec3 vec(Rng& rng, double s) {
  return {uniform(rng, -s, s), uniform(rng, -s, s), uniform(rng, -s, s)};
}

// The same hit (or miss) bit for bit, h2 in units of 2^k times h1's.
void ExpectScaledTwin(bool hit1, const RayHit& h1, bool hit2, const RayHit& h2,
                      int k, const char* what, int i) {
  ASSERT_EQ(hit1, hit2) << what << " case " << i;
  if (!hit1) return;
  const double s = std::ldexp(1.0, k);
  EXPECT_EQ(h1.distance * s, h2.distance) << what << " case " << i;
  EXPECT_EQ(h1.point.x * s, h2.point.x) << what << " case " << i;
  EXPECT_EQ(h1.point.y * s, h2.point.y) << what << " case " << i;
  EXPECT_EQ(h1.point.z * s, h2.point.z) << what << " case " << i;
  EXPECT_EQ(h1.normal.x, h2.normal.x) << what << " case " << i;
  EXPECT_EQ(h1.normal.y, h2.normal.y) << what << " case " << i;
  EXPECT_EQ(h1.normal.z, h2.normal.z) << what << " case " << i;
}

Vec3 scaled(Vec3 v, int k) {
  return {std::ldexp(v.x, k), std::ldexp(v.y, k), std::ldexp(v.z, k)};
}

// ---- Rays and segments against planes ----

// A plane through a point q with a unit normal n (the constant rounded).
Plane plane_through(Vec3 n, Vec3 q) { return {n, -np::dot(n, q)}; }

struct PlaneCase {
  Ray ray;
  Plane plane;
};

// Rays of the boundary benchmark's kind, starts within rounding of the plane,
// and directions within rounding of parallel to it.
PlaneCase plane_case(Rng& rng, int i) {
  Vec3 n = vec(rng, 1.0);
  if (i % 5 == 4) n = {0.0, uniform(rng, 0.5, 2.0), 0.0};  // axis-aligned
  const Plane pl = plane_through(n, vec(rng, 2.0));
  Vec3 o = vec(rng, 6.0), d = vec(rng, 1.0);
  if (i % 3 == 1) {
    // A start on the plane, rounded: within a few ulps of it, either side.
    const double nn = np::dot(n, n);
    o = o - n * ((np::dot(n, o) + pl.constant) / nn);
  }
  if (i % 4 == 2) {
    // A direction within rounding of parallel.
    d = d - n * (np::dot(n, d) / np::dot(n, n));
  }
  return {{o, d}, pl};
}

// raycast_plane and linecast_plane on ordinary inputs (the fast entry) give
// bit for bit what the general path gives on the twin 2^300 times larger.
TEST(FastPaths, RaycastPlaneOrdinaryEqualsTheScaledGeneralPath) {
  Rng rng(11);
  int hits = 0, starts = 0;
  for (int i = 0; i < 20000; ++i) {
    const PlaneCase c = plane_case(rng, i);
    for (const int k : {300, -300}) {
      const Plane p2{c.plane.normal, std::ldexp(c.plane.constant, k)};
      RayHit h1{}, h2{};
      const bool r1 = np::raycast_plane(c.ray, c.plane, kInf, &h1);
      const bool r2 = np::raycast_plane(
          {scaled(c.ray.origin, k), c.ray.direction}, p2, kInf, &h2);
      ExpectScaledTwin(r1, h1, r2, h2, k, "raycast_plane", i);
      if (::testing::Test::HasFailure()) return;
      hits += r1, starts += r1 && h1.distance == 0.0;
      const Vec3 end = c.ray.origin + c.ray.direction * uniform(rng, 0.5, 20.0);
      const bool l1 = np::linecast_plane(c.ray.origin, end, c.plane, &h1);
      const bool l2 =
          np::linecast_plane(scaled(c.ray.origin, k), scaled(end, k), p2, &h2);
      ExpectScaledTwin(l1, h1, l2, h2, k, "linecast_plane", i);
      if (::testing::Test::HasFailure()) return;
    }
  }
  // Both outcomes, and starts on the plane, were exercised.
  EXPECT_GT(hits, 5000);
  EXPECT_LT(hits, 35000);
  EXPECT_GT(starts, 10);
}

// Just inside and just outside the ordinary range, at both ends: the same
// answer, scaled, on either side of each boundary.
TEST(FastPaths, RaycastPlaneAcrossTheOrdinaryRangeBoundaries) {
  Rng rng(12);
  for (int i = 0; i < 2000; ++i) {
    const PlaneCase c = plane_case(rng, i);
    RayHit h0{};
    const bool r0 = np::raycast_plane(c.ray, c.plane, kInf, &h0);
    // Coordinates up to 6 (< 2^3): at 2^247 the largest is just inside
    // [2^-250, 2^251), at 2^248 just outside; at 2^-247 the smallest are
    // below 2^-250 (outside) while most are inside.
    for (const int k : {247, 248, 249, -247, -248, -252}) {
      const Plane p2{c.plane.normal, std::ldexp(c.plane.constant, k)};
      RayHit h2{};
      const bool r2 = np::raycast_plane(
          {scaled(c.ray.origin, k), c.ray.direction}, p2, kInf, &h2);
      ExpectScaledTwin(r0, h0, r2, h2, k, "raycast_plane", i);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// ---- Rays against triangles ----

struct TriangleCase {
  Ray ray;
  Triangle tri;
};

// The benchmark's rays and triangles, plus starts within rounding of the
// triangle's plane (inside and outside the triangle) and directions within
// rounding of parallel to it: where the sides' filter must defer.
TriangleCase triangle_case(Rng& rng, int i) {
  Triangle t{vec(rng, 2.0), vec(rng, 2.0), vec(rng, 2.0)};
  if (i % 7 == 6) {  // axis-aligned: differences and products exactly 0
    t.a.y = t.b.y = t.c.y;
  }
  Vec3 o = vec(rng, 6.0), d = vec(rng, 1.0);
  const Vec3 ab = t.b - t.a, ac = t.c - t.a, n = np::cross(ab, ac);
  if (i % 3 == 1) {
    // A start on the plane, rounded: a barycentric combination (inside the
    // triangle for u, v in [0, 1] with u + v <= 1, outside otherwise).
    o = t.a + ab * uniform(rng, -0.5, 1.0) + ac * uniform(rng, -0.5, 1.0);
  }
  if (i % 4 == 2) {
    // A direction within rounding of the plane.
    d = ab * uniform(rng, -1.0, 1.0) + ac * uniform(rng, -1.0, 1.0);
  } else if (i % 4 == 3) {
    // Aimed at a point of the triangle.
    d = t.a + ab * uniform(rng, 0.0, 0.5) + ac * uniform(rng, 0.0, 0.5) - o;
  }
  if (np::dot(d, d) == 0.0) d = n;
  return {{o, d}, t};
}

// raycast_triangle on ordinary inputs (the sides' fast filter) gives bit for
// bit what the general path (det3_sign) gives on the twin 2^300 times larger.
TEST(FastPaths, RaycastTriangleOrdinaryEqualsTheScaledGeneralPath) {
  Rng rng(13);
  int hits = 0, starts = 0;
  for (int i = 0; i < 30000; ++i) {
    const TriangleCase c = triangle_case(rng, i);
    for (const int k : {300, -300}) {
      const Triangle t2{scaled(c.tri.a, k), scaled(c.tri.b, k),
                        scaled(c.tri.c, k)};
      RayHit h1{}, h2{};
      const bool r1 = np::raycast_triangle(c.ray, c.tri, kInf, &h1);
      const bool r2 = np::raycast_triangle(
          {scaled(c.ray.origin, k), c.ray.direction}, t2, kInf, &h2);
      ExpectScaledTwin(r1, h1, r2, h2, k, "raycast_triangle", i);
      if (::testing::Test::HasFailure()) return;
      hits += r1, starts += r1 && h1.distance == 0.0;
    }
  }
  EXPECT_GT(hits, 3000);
  EXPECT_GT(starts, 100);
}

TEST(FastPaths, RaycastTriangleAcrossTheOrdinaryRangeBoundaries) {
  Rng rng(14);
  for (int i = 0; i < 3000; ++i) {
    const TriangleCase c = triangle_case(rng, i);
    RayHit h0{};
    const bool r0 = np::raycast_triangle(c.ray, c.tri, kInf, &h0);
    for (const int k : {247, 248, 249, -247, -248, -252}) {
      const Triangle t2{scaled(c.tri.a, k), scaled(c.tri.b, k),
                        scaled(c.tri.c, k)};
      RayHit h2{};
      const bool r2 = np::raycast_triangle(
          {scaled(c.ray.origin, k), c.ray.direction}, t2, kInf, &h2);
      ExpectScaledTwin(r0, h0, r2, h2, k, "raycast_triangle", i);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// ---- Capsules against boxes: the quick verdict in an edge's pocket ----

// A capsule whose segment passes by one of the box's edges or corners, at a
// distance within rounding of its radius: beside the rounded box's edge and
// corner pieces, where capsule_box_quick's verdict must defer to the exact
// predicates, and farther out, where it says no.
struct CapsuleBoxCase {
  Capsule capsule;
  AABB box;
};
// The least distance from the segment to the box's 12 edges (at least its
// distance to the box; equal to it in the pockets below, up to rounding).
double distance_to_edges(Vec3 p, Vec3 q, const AABB& box) {
  double best = kInf;
  for (int axis = 0; axis < 3; ++axis) {
    for (int corner = 0; corner < 4; ++corner) {
      Vec3 c0 = box.min;
      const int j = (axis + 1) % 3, k = (axis + 2) % 3;
      np::set(c0, j, np::get((corner & 1) ? box.max : box.min, j));
      np::set(c0, k, np::get((corner & 2) ? box.max : box.min, k));
      Vec3 c1 = c0;
      np::set(c1, axis, np::get(box.max, axis));
      best = std::min(
          best, np::closest_points_segment_segment({p, q}, {c0, c1}).distance);
    }
  }
  return best;
}

CapsuleBoxCase pocket_case(Rng& rng, int i) {
  const Vec3 c = vec(rng, 3.0);
  const Vec3 h{uniform(rng, 0.2, 2.0), uniform(rng, 0.2, 2.0),
               uniform(rng, 0.2, 2.0)};
  const AABB box{c - h, c + h};
  // A corner, and outward directions of its pocket (the signs of the corner).
  const Vec3 sign{rng() & 1 ? 1.0 : -1.0, rng() & 1 ? 1.0 : -1.0,
                  rng() & 1 ? 1.0 : -1.0};
  const Vec3 corner{c.x + sign.x * h.x, c.y + sign.y * h.y, c.z + sign.z * h.z};
  Vec3 out{sign.x * uniform(rng, 0.1, 1.0), sign.y * uniform(rng, 0.1, 1.0),
           sign.z * uniform(rng, 0.1, 1.0)};
  if (i % 3 == 0) out.z = 0.0;  // across an edge along z
  if (i % 3 == 1) out.x = 0.0;  // across an edge along x
  // The segment crosses the pocket at right angles to `out`, through the
  // point corner + out (along the edge for the edge cases, sideways else).
  Vec3 along = np::cross(out, vec(rng, 1.0));
  if (i % 3 == 0) along = {0.0, 0.0, uniform(rng, 0.2, 1.0)};
  if (i % 3 == 1) along = {uniform(rng, 0.2, 1.0), 0.0, 0.0};
  const Vec3 mid = corner + out;
  const Vec3 p = mid - along, q = mid + along;
  // The radius: the segment's distance to the box (a few ulps either side),
  // or clearly less.
  const double d = distance_to_edges(p, q, box);
  const double r =
      i % 5 == 4 ? d * 0.5 : d * (1.0 + (int(i % 9) - 4) * 0x1p-52);
  return {{p, q, r}, box};
}

TEST(FastPaths, OverlapCapsuleAABBPocketsEqualTheScaledExactPath) {
  Rng rng(15);
  int overlaps = 0;
  for (int i = 0; i < 6000; ++i) {
    const CapsuleBoxCase c = pocket_case(rng, i);
    const bool o1 = np::overlap_capsule_aabb(c.capsule, c.box);
    for (const int k : {300, -300}) {
      const Capsule c2{scaled(c.capsule.start, k), scaled(c.capsule.end, k),
                       std::ldexp(c.capsule.radius, k)};
      const AABB b2{scaled(c.box.min, k), scaled(c.box.max, k)};
      ASSERT_EQ(o1, np::overlap_capsule_aabb(c2, b2)) << "case " << i;
    }
    overlaps += o1;
  }
  EXPECT_GT(overlaps, 600);
  EXPECT_LT(overlaps, 5400);
}

// ---- Segments through triangles: the quick verdict of a crossing ----

// A segment (a capsule of radius 0, as contact_capsule_triangle asks) through
// a point of the triangle's plane: well inside the face, or within rounding
// of an edge or a corner (inside or outside), where the orientation signs of
// the crossing test are within their filter's bound and must defer to the
// exact predicates.
TEST(FastPaths, OverlapSegmentTriangleCrossingsEqualTheScaledExactPath) {
  Rng rng(16);
  int overlaps = 0;
  for (int i = 0; i < 6000; ++i) {
    const Triangle t{vec(rng, 2.0), vec(rng, 2.0), vec(rng, 2.0)};
    const Vec3 ab = t.b - t.a, ac = t.c - t.a;
    double u = uniform(rng, 0.05, 0.6), v = uniform(rng, 0.05, 0.3);
    if (i % 4 == 1) v = 0.0;                     // on edge ab
    if (i % 4 == 2) u = 1.0 - v;                 // on edge bc
    if (i % 4 == 3) u = v = 0.0;                 // at corner a
    if (i % 8 >= 4) v += (i % 3 - 1) * 0x1p-52;  // an ulp or so beside
    const Vec3 x = t.a + ab * u + ac * v;
    const Vec3 dir = vec(rng, 1.0);
    const Vec3 p = x + dir * uniform(rng, 0.1, 2.0),
               q = x - dir * uniform(rng, 0.1, 2.0);
    const bool o1 = np::overlap_capsule_triangle({p, q, 0.0}, t);
    for (const int k : {300, -300}) {
      const Triangle t2{scaled(t.a, k), scaled(t.b, k), scaled(t.c, k)};
      ASSERT_EQ(o1, np::overlap_capsule_triangle(
                        {scaled(p, k), scaled(q, k), 0.0}, t2))
          << "case " << i;
    }
    overlaps += o1;
  }
  EXPECT_GT(overlaps, 3000);
  EXPECT_LT(overlaps, 5900);
}

// ---- Points against triangles ----

// closest_point_on_triangle on coordinates within [2^-60, 2^61) (every
// scaling left out) gives bit for bit what the general path gives on the
// twins scaled by 2^+-100 and 2^+-300, and on either side of the range's
// edges: points in every Voronoi region, within rounding of their
// boundaries (on an edge's line, on a corner's perpendiculars), over the
// face, and slivers.
TEST(FastPaths, ClosestPointOnTriangleOrdinaryEqualsTheScaledGeneralPath) {
  Rng rng(17);
  for (int i = 0; i < 20000; ++i) {
    Triangle t{vec(rng, 2.0), vec(rng, 2.0), vec(rng, 2.0)};
    if (i % 11 == 10) t.c = t.a + (t.b - t.a) * 0.3 + vec(rng, 1e-9);  // sliver
    const Vec3 ab = t.b - t.a, ac = t.c - t.a, n = np::cross(ab, ac);
    Vec3 p = vec(rng, 5.0);
    const double u = uniform(rng, -0.5, 1.5), v = uniform(rng, -0.5, 1.5);
    if (i % 5 == 1) p = t.a + ab * u + n * uniform(rng, -1.0, 1.0);  // by ab
    if (i % 5 == 2) p = t.a + ab * u + ac * v;  // in the plane
    if (i % 5 == 3) {
      // On the boundary of a corner's region: perpendicular to ab at a.
      const Vec3 w = np::cross(n, ab);
      p = t.a + w * uniform(rng, -1.0, 1.0) + n * uniform(rng, -1.0, 1.0);
    }
    const Vec3 q = np::closest_point_on_triangle(p, t);
    for (const int k : {100, -100, 300, -300, 57, 58, -57, -58}) {
      const Triangle t2{scaled(t.a, k), scaled(t.b, k), scaled(t.c, k)};
      const Vec3 q2 = np::closest_point_on_triangle(scaled(p, k), t2);
      ASSERT_EQ(std::ldexp(q.x, k), q2.x) << "case " << i << " scale " << k;
      ASSERT_EQ(std::ldexp(q.y, k), q2.y) << "case " << i << " scale " << k;
      ASSERT_EQ(std::ldexp(q.z, k), q2.z) << "case " << i << " scale " << k;
    }
  }
}

// ---- The mesh's lower bound on a point's distance to a triangle ----

// detail::triangle_distance_sq_lower_bound against the exact path's distance
// (distance_point_triangle), on points near ties (on the face, on the lines
// of the edges, on the boundaries of the corners' regions, equidistant from
// two triangles), slivers, degenerate triangles, far offsets from the origin
// and every magnitude from 2^-1000 to 2^1000. The mesh's leaf skips a
// triangle when (limit + 2 margin)^2 (1 + kMeshBoundSlack) < the bound; with
// the limit at the triangle's own exact distance (a tie) it must never skip,
// and the bound must stay below the exact distance by far more than that
// (within 2^-44 of the magnitudes). Where it is exact (face and edge regions
// of a fat triangle, ordinary magnitudes) it must be within 2^-20 of the
// distance: a bound that skipped nothing would pass the first checks.
TEST(FastPaths, TriangleDistanceLowerBoundNeverExceedsTheExactDistance) {
  Rng rng(41);
  int tight = 0, checked = 0;
  for (int i = 0; i < 60000; ++i) {
    // A third at scales 2^-1000..2^1000, a third around the ordinary
    // range's ends (2^-70..2^70), a third at scale 1.
    const int band = (i / 9) % 3;
    const int k = band == 0   ? static_cast<int>(uniform(rng, -1000.0, 1000.0))
                  : band == 1 ? static_cast<int>(uniform(rng, -70.0, 70.0))
                              : 0;
    const double s = std::ldexp(1.0, k);
    const Vec3 offset = i % 4 == 3 ? vec(rng, 1e6) : Vec3{0.0, 0.0, 0.0};
    Triangle t{vec(rng, 2.0) + offset, vec(rng, 2.0) + offset,
               vec(rng, 2.0) + offset};
    const int kind = i % 9;
    if (kind == 6) t.c = t.a + (t.b - t.a) * 0.3 + vec(rng, 1e-9);     // sliver
    if (kind == 7) t.c = t.a + (t.b - t.a) * uniform(rng, -1.0, 2.0);  // line
    if (kind == 8) t.b = t.a;  // coincident corners
    const Vec3 ab = t.b - t.a, ac = t.c - t.a, n = np::cross(ab, ac);
    const double u = uniform(rng, -0.5, 1.5), v = uniform(rng, -0.5, 1.5);
    const double h = std::ldexp(uniform(rng, -1.0, 1.0),
                                -static_cast<int>(uniform(rng, 0.0, 60.0)));
    Vec3 p = vec(rng, 5.0) + offset;
    bool exact_region = false;
    switch (kind) {
      case 0:  // over the face, near it
        p = t.a + ab * (u * 0.4) + ac * (v * 0.4) + n * h;
        exact_region = u >= 0.0 && v >= 0.0 && u + v <= 2.0;
        break;
      case 1:  // beside edge ab, in the plane or just off it
        p = t.a + ab * u - np::cross(n, ab) * h + n * (h * 0.5);
        break;
      case 2: {  // on the boundary of corner a's region
        const Vec3 w = np::cross(n, ab);
        p = t.a + w * uniform(rng, -1.0, 1.0) + n * h;
        break;
      }
      case 3: {  // equidistant from t and its mirror image through the plane
        // x = const: p on the mirror plane (a tie between the two)
        const double x0 = t.a.x + uniform(rng, 0.0, 1e-6);
        p = {x0, p.y, p.z};
        break;
      }
      case 4:  // on an edge's line beyond the corners
        p = t.b + (t.c - t.b) * uniform(rng, -3.0, 4.0);
        break;
      default:
        break;
    }
    const Triangle ts{t.a * s, t.b * s, t.c * s};
    const Vec3 ps = p * s;
    const Triangle mirror{{2.0 * ps.x - ts.a.x, ts.a.y, ts.a.z},
                          {2.0 * ps.x - ts.b.x, ts.b.y, ts.b.z},
                          {2.0 * ps.x - ts.c.x, ts.c.y, ts.c.z}};
    for (const Triangle& tri : {ts, mirror}) {
      if (!std::isfinite(tri.a.x + tri.b.x + tri.c.x + ps.x)) continue;
      const double d = np::distance_point_triangle(ps, tri);
      const double lb2 = np::detail::triangle_distance_sq_lower_bound(ps, tri);
      const double mag =
          std::max(np::max_abs_component(ps),
                   std::max(std::max(np::max_abs_component(tri.a),
                                     np::max_abs_component(tri.b)),
                            np::max_abs_component(tri.c)));
      const double margin = np::detail::box_margin(mag);
      const double reach = d + 2.0 * margin;
      ASSERT_FALSE(reach * reach * (1.0 + np::kMeshBoundSlack) < lb2)
          << "case " << i << " scale " << k;
      ASSERT_LE(std::sqrt(lb2), d + 0x1p-44 * mag)
          << "case " << i << " scale " << k;
      ++checked;
      if (exact_region && k > -40 && k < 40 && offset.x == 0.0 &&
          std::fabs(h) > 0x1p-8) {
        EXPECT_GE(std::sqrt(lb2), d * (1.0 - 0x1p-20))
            << "case " << i << " scale " << k;
        ++tight;
      }
    }
  }
  EXPECT_GT(tight, 200);
  EXPECT_GT(checked, 100000);
}

}  // namespace

// ---- Balls against triangles ----

// overlap_sphere_triangle's and overlap_capsule_triangle's quick "yes" (a
// corner certainly in the ball or an end ball, detail::corner_in_ball, in
// doubles, for coordinates up to 2^500 and radii from 2^-480) against the
// exact path on the twin scaled out of that range: the triangle lies beyond
// its corner a as seen from the center p (its other corners ahead of a along
// a - p), so the ball touches it exactly when |p - a| <= r, and r is within a
// few ulps of the rounded |p - a| (a near tie, either side) at every
// magnitude from subnormal coordinates to 2^1000, just inside and outside the
// range's edges. A case whose twin would round (subnormal coordinates) is
// skipped.
TEST(FastPaths, OverlapBallTriangleCornerInBallEqualsTheScaledExactPath) {
  Rng rng(18);
  const int scales[] = {-1050, -900, -600, -481, -480, -479, -300, -100, -99,
                        0,     100,  300,  415,  416,  497,  498,  499,  1000};
  const auto exact_twin = [](Vec3 v, int k) {
    const Vec3 u = scaled(scaled(v, k), -k);
    return u.x == v.x && u.y == v.y && u.z == v.z;
  };
  int touching = 0, apart = 0, ties = 0;
  for (int i = 0; i < 36000; ++i) {
    const int e = scales[i % (sizeof(scales) / sizeof(scales[0]))];
    const Vec3 p = scaled(vec(rng, 2.0), e), a = scaled(vec(rng, 2.0), e);
    const Vec3 w = a - p;
    // b and c ahead of a along w (and a little aside): a is the nearest.
    const Vec3 b = a + w * 0.5 + scaled(vec(rng, 0.1), e),
               c = a + w * 0.75 + scaled(vec(rng, 0.1), e);
    if (!(np::dot(b - a, w) > 0.0 && np::dot(c - a, w) > 0.0)) continue;
    const Triangle t{a, b, c};
    // r: |p - a| rounded, then a few ulps either way.
    double r = std::sqrt(np::length_squared(w));
    if (!(r > 0.0 && r < kInf)) continue;
    for (int k = static_cast<int>(i % 9) - 4; k != 0; k += k > 0 ? -1 : 1)
      r = std::nextafter(r, k > 0 ? kInf : 0.0);
    const int k = e > 415 ? -1000 : e > -100 ? 600 : 1000;
    if (!exact_twin(p, k) || !exact_twin(a, k) || !exact_twin(b, k) ||
        !exact_twin(c, k))
      continue;
    const Triangle t2{scaled(a, k), scaled(b, k), scaled(c, k)};
    const bool o1 = np::overlap_sphere_triangle({p, r}, t);
    ASSERT_EQ(o1,
              np::overlap_sphere_triangle({scaled(p, k), std::ldexp(r, k)}, t2))
        << "case " << i << " scale 2^" << e;
    // The capsule from p away from the triangle (either way round): its end
    // ball at p is its part nearest the triangle, and decides alike.
    const Vec3 q = p - w * 0.25;
    if (exact_twin(q, k)) {
      for (const Capsule& cap : {Capsule{p, q, r}, Capsule{q, p, r}}) {
        const bool o2 = np::overlap_capsule_triangle(cap, t);
        ASSERT_EQ(o2, np::overlap_capsule_triangle(
                          {scaled(cap.start, k), scaled(cap.end, k),
                           std::ldexp(r, k)},
                          t2))
            << "capsule, case " << i << " scale 2^" << e;
        ASSERT_EQ(o1, o2) << "capsule, case " << i << " scale 2^" << e;
      }
    }
    (o1 ? touching : apart) += 1;
    ties += i % 9 == 4;
  }
  EXPECT_GT(touching, 5000);
  EXPECT_GT(apart, 5000);
  EXPECT_GT(ties, 3000);
}

// overlap_sphere_triangle's quick "no" (the proven lower bound of the squared
// distance, detail::triangle_distance_sq_lower_bound, above r^2 rounded up;
// coordinates 0 or within [2^-60, 2^61)) against the exact path on the twin
// scaled by 2^+-300: balls tangent, to a few ulps either way, to the face's
// interior, to a point of an edge (inside or an ulp beside) from outside the
// triangle, and to a corner, at scales just inside and outside the range.
TEST(FastPaths, OverlapSphereTriangleDistanceBoundEqualsTheScaledExactPath) {
  Rng rng(19);
  const int scales[] = {-100, -62, -61, -60, -59, -20, 0, 20, 58, 59, 60, 100};
  int touching = 0, apart = 0;
  for (int i = 0; i < 36000; ++i) {
    const int e = scales[i % (sizeof(scales) / sizeof(scales[0]))];
    const Triangle t0{vec(rng, 2.0), vec(rng, 2.0), vec(rng, 2.0)};
    const Vec3 ab = t0.b - t0.a, ac = t0.c - t0.a, n = np::cross(ab, ac);
    const double nn = np::length_squared(n);
    if (!(nn > 1e-3)) continue;
    double u = uniform(rng, 0.05, 0.6), v = uniform(rng, 0.05, 0.3);
    Vec3 away = n * (1.0 / std::sqrt(nn));  // the face's interior
    if (i % 4 == 1) {
      v = 0.0;  // on edge ab, from outside: along the plane and off it
      const Vec3 out = np::cross(ab, n);
      away = out * (1.0 / np::length(out)) + away * uniform(rng, -1.0, 1.0);
    } else if (i % 4 == 2) {
      u = v = 0.0;  // at corner a, from beyond it
      away = (ab + ac) * -1.0 + vec(rng, 0.3);
    } else if (i % 4 == 3) {
      v = (i % 3 - 1) * 0x1p-52;  // an ulp or so beside edge ab
      const Vec3 out = np::cross(ab, n);
      away = out * (1.0 / np::length(out));
    }
    const Vec3 x = t0.a + ab * u + ac * v;
    const Vec3 p0 = x + away * uniform(rng, 0.01, 2.0);
    double r = np::length(p0 - x);
    for (int k = static_cast<int>(i % 9) - 4; k != 0; k += k > 0 ? -1 : 1)
      r = std::nextafter(r, k > 0 ? kInf : 0.0);
    const Triangle t{scaled(t0.a, e), scaled(t0.b, e), scaled(t0.c, e)};
    const Vec3 p = scaled(p0, e);
    r = std::ldexp(r, e);
    const int k = e > 0 ? -300 : 300;
    const bool o1 = np::overlap_sphere_triangle({p, r}, t);
    ASSERT_EQ(o1, np::overlap_sphere_triangle(
                      {scaled(p, k), std::ldexp(r, k)},
                      {scaled(t.a, k), scaled(t.b, k), scaled(t.c, k)}))
        << "case " << i << " scale 2^" << e;
    (o1 ? touching : apart) += 1;
  }
  EXPECT_GT(touching, 5000);
  EXPECT_GT(apart, 5000);
}

// ---- A capsule's contact with a triangle (contact.cpp, 2026-11-27) ----

namespace {

using np::ContactHit;

bool same_bits(double x, double y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}
bool same_bits(Vec3 u, Vec3 v) {
  return same_bits(u.x, v.x) && same_bits(u.y, v.y) && same_bits(u.z, v.z);
}

// A triangle and a segment at unit scale, of eight adversarial kinds (i % 8):
// the ends at one height over the face (ties between the ends: exact ones on
// an axis-aligned face), an end over a point of an edge an ulp or so inside or
// outside, the segment nearly parallel to an edge beside it, passing over a
// corner, nearly parallel to the face across an edge, an end within ulps of
// the plane (either side, or on it; or both ends), the segment across the
// plane, random.
struct SegmentCase {
  Triangle t;
  Vec3 s0, s1;
};
SegmentCase segment_case(Rng& rng, int i) {
  Triangle t{vec(rng, 1.0), vec(rng, 1.0), vec(rng, 1.0)};
  const bool flat = i % 3 == 0;  // axis-aligned: z = const, exact heights
  if (flat) {
    const double z = uniform(rng, -1.0, 1.0);
    t.a.z = t.b.z = t.c.z = z;
  }
  const Vec3 ab = t.b - t.a, ac = t.c - t.a;
  Vec3 n = np::cross(ab, ac);
  n = n * (1.0 / np::length(n));
  const auto in_face = [&](double u, double v) {
    return t.a + ab * u + ac * v;
  };
  const double h = uniform(rng, 0.0, 1.0) * (i % 5 == 0 ? 1e-9 : 1.0);
  const Vec3 along = vec(rng, 1.0);
  const Vec3 out = np::cross(ab, n) * (1.0 / np::length(ab));  // beside ab
  Vec3 s0, s1;
  switch (i % 8) {
    case 0:  // both ends at height h over the face: ties between the ends
      s0 = in_face(uniform(rng, 0.0, 0.5), uniform(rng, 0.0, 0.5)) + n * h;
      s1 = in_face(uniform(rng, 0.0, 0.5), uniform(rng, 0.0, 0.5)) + n * h;
      break;
    case 1: {  // an end over a point of edge ab, an ulp or so either side
      const Vec3 x =
          in_face(uniform(rng, 0.0, 1.0), 0.0) + out * ((i % 7 - 3) * 0x1p-52);
      s0 = x + n * h;
      s1 = s0 + along;
      break;
    }
    case 2:  // nearly parallel to edge ab, beside it
      s0 = t.a + out * h + n * (h * uniform(rng, -1.0, 1.0)) - ab * 0.3;
      s1 = s0 + ab * uniform(rng, 0.5, 2.0) + vec(rng, 1e-12);
      break;
    case 3: {  // over corner b, across
      const Vec3 x = t.b + (t.b - t.a) * 1e-3 + (t.b - t.c) * 1e-3;
      s0 = x + n * h + along;
      s1 = x + n * h - along * uniform(rng, 0.5, 2.0);
      break;
    }
    case 4:  // nearly parallel to the face, across edge ab
      s0 = in_face(0.3, 0.3) + n * h;
      s1 = in_face(0.5, 0.0) + out * uniform(rng, 0.1, 2.0) +
           n * (h * (1.0 + uniform(rng, -1e-12, 1e-12)));
      break;
    case 5:  // an end within ulps of the plane, either side or on it
      s0 = in_face(uniform(rng, -0.2, 0.7), uniform(rng, -0.2, 0.7));
      if (flat)
        s0.z = i % 2 ? t.a.z : std::nextafter(t.a.z, i % 4 ? 2.0 : -2.0);
      s1 = s0 + n * (h * (i % 2 ? 1.0 : -1.0)) + along;
      if (i % 16 < 6) {  // both ends in the plane (flat) or within rounding
        s1 = in_face(uniform(rng, -0.2, 0.7), uniform(rng, -0.2, 0.7));
        if (flat) s1.z = s0.z;
      }
      break;
    case 6:  // across the plane (through the face or beside it)
      s0 = in_face(uniform(rng, -0.3, 1.0), uniform(rng, -0.3, 1.0)) + n * h;
      s1 = s0 - n * (2.0 * h) + vec(rng, 0.2);
      break;
    default:
      s0 = vec(rng, 2.0);
      s1 = vec(rng, 2.0);
  }
  return {t, s0, s1};
}

}  // namespace

// The nearest pair of a segment and a triangle taken nearest first (lower
// bounds skipping the far candidates) is the pair of the candidates in order,
// bit for bit: adversarial segments (segment_case) at every magnitude from
// 2^-1000 to 2^1000, inside and outside the fast path's [2^-200, 2^200].
TEST(FastPaths, SegmentTriangleNearestFirstEqualsTheCandidatesInOrder) {
  Rng rng(20);
  const int scales[] = {-1000, -700, -400, -202, -200, -199, -100, -61, 0,
                        40,    61,   100,  199,  200,  201,  400,  700, 1000};
  const int kinds = sizeof(scales) / sizeof(scales[0]);
  int end_wins = 0, edge_wins = 0, ties = 0;
  for (int i = 0; i < 72000; ++i) {
    const int e = scales[i % kinds];
    const SegmentCase c = segment_case(rng, i / kinds);
    const Triangle t{scaled(c.t.a, e), scaled(c.t.b, e), scaled(c.t.c, e)};
    const Vec3 s0 = scaled(c.s0, e), s1 = scaled(c.s1, e);
    Vec3 p1, q1, p2, q2;
    np::detail::closest_segment_triangle_pair(s0, s1, t, false, &p1, &q1);
    np::detail::closest_segment_triangle_pair(s0, s1, t, true, &p2, &q2);
    ASSERT_TRUE(same_bits(p1, p2) && same_bits(q1, q2))
        << "case " << i << " kind " << (i / kinds) % 8 << " scale 2^" << e;
    const bool at_end = same_bits(p2, s0) || same_bits(p2, s1);
    (at_end ? end_wins : edge_wins) += 1;
    ties += same_bits(
        np::length_squared(s0 - np::closest_point_on_triangle(s0, t)),
        np::length_squared(s1 - np::closest_point_on_triangle(s1, t)));
  }
  EXPECT_GT(end_wins, 10000);
  EXPECT_GT(edge_wins, 10000);
  EXPECT_GT(ties, 1000);
}

// contact_capsule_triangle (the quick `meets` and the nearest-first pair)
// equals the reference (the exact overlap test, the candidates in order) bit
// for bit: the same segments with radii tangent to the pair (its rounded
// distance, a few ulps either way), larger, and 0, at every magnitude.
TEST(FastPaths, ContactCapsuleTriangleEqualsTheReferencePath) {
  Rng rng(21);
  const int scales[] = {-1000, -700, -400, -200, -100, -61, -60, 0,
                        60,    61,   100,  200,  400,  700, 1000};
  const int kinds = sizeof(scales) / sizeof(scales[0]);
  int touching = 0, meeting = 0;
  for (int i = 0; i < 60000; ++i) {
    const int e = scales[i % kinds];
    const SegmentCase c = segment_case(rng, i / kinds);
    Vec3 p, q;
    np::detail::closest_segment_triangle_pair(c.s0, c.s1, c.t, true, &p, &q);
    double r = np::length(p - q);
    if (i % 4 == 1) r *= 3.0;
    if (i % 4 == 2) r = 0.0;
    for (int k = static_cast<int>(i % 9) - 4; k != 0; k += k > 0 ? -1 : 1)
      r = std::nextafter(r, k > 0 ? kInf : 0.0);
    const Triangle t{scaled(c.t.a, e), scaled(c.t.b, e), scaled(c.t.c, e)};
    const Capsule cap{scaled(c.s0, e), scaled(c.s1, e), std::ldexp(r, e)};
    ContactHit h1, h2;
    if (!np::contact_capsule_triangle(cap, t, &h1)) continue;
    np::detail::contact_capsule_triangle_touching_reference(cap, t, &h2);
    ASSERT_TRUE(
        same_bits(h1.depth, h2.depth) && same_bits(h1.normal, h2.normal) &&
        same_bits(h1.point_a, h2.point_a) && same_bits(h1.point_b, h2.point_b))
        << "case " << i << " kind " << (i / kinds) % 8 << " scale 2^" << e;
    ++touching;
    meeting += np::overlap_capsule_triangle({cap.start, cap.end, 0.0}, t);
  }
  EXPECT_GT(touching, 20000);
  EXPECT_GT(meeting, 2000);
}

// The quick `meets` (both ends certainly strictly on one side of the plane:
// not meeting) equals the exact overlap test with radius 0: segments with
// ends within ulps of the plane, in it, across it, at every magnitude.
TEST(FastPaths, SegmentMeetsTriangleQuickEqualsTheExactTest) {
  Rng rng(22);
  const int scales[] = {-1000, -400, -100, -61, -60, -30, 0,
                        30,    60,   61,   100, 400, 1000};
  const int kinds = sizeof(scales) / sizeof(scales[0]);
  int meeting = 0, apart = 0;
  for (int i = 0; i < 80000; ++i) {
    const int e = scales[i % kinds];
    const SegmentCase c = segment_case(rng, (i / kinds) % 2 ? 5 : i / kinds);
    const Triangle t{scaled(c.t.a, e), scaled(c.t.b, e), scaled(c.t.c, e)};
    const Vec3 s0 = scaled(c.s0, e), s1 = scaled(c.s1, e);
    const bool quick = np::detail::segment_meets_triangle_quick(s0, s1, t);
    ASSERT_EQ(quick, np::overlap_capsule_triangle({s0, s1, 0.0}, t))
        << "case " << i << " scale 2^" << e;
    (quick ? meeting : apart) += 1;
  }
  EXPECT_GT(meeting, 5000);
  EXPECT_GT(apart, 20000);
}

// The segment-edge pair with its end-point candidates skipped where certainly
// farther equals closest_points_segment_segment bit for bit: pairs crossing
// near an end (the interior candidate within rounding of the boundary), nearly
// parallel and overlapping, an end nearly equidistant from two points, a
// short edge beside a long segment, parallel copies (the candidates' squared
// distances within ulps: ties), at every magnitude from 2^-1000 to 2^1000
// (inside and outside the unscaled nearest points' [2^-60, 2^61)).
TEST(FastPaths, EdgePairWithEndsSkippedEqualsClosestPointsSegmentSegment) {
  Rng rng(23);
  const int scales[] = {-1000, -400, -202, -200, -199, -100, -61, -59, -30,
                        0,     0,    30,   59,   60,   100,  199, 201, 1000};
  const int kinds = sizeof(scales) / sizeof(scales[0]);
  int interior = 0, at_end = 0;
  for (int i = 0; i < 90000; ++i) {
    const int e = scales[i % kinds];
    const int kind = (i / kinds) % 6;
    Vec3 s0 = vec(rng, 1.0), s1 = vec(rng, 1.0), e0, e1;
    const Vec3 d = s1 - s0, side = vec(rng, 1.0);
    const double h = uniform(rng, 0.0, 0.5) * (i % 3 == 0 ? 1e-9 : 1.0);
    if (kind == 0) {  // crossing near s1's end, an ulp or so either side
      const Vec3 x = s1 - d * ((i % 7 - 3) * 0x1p-52);
      e0 = x + side * h + vec(rng, 0.5);
      e1 = x + side * h - (e0 - x) * uniform(rng, 0.2, 2.0);
    } else if (kind == 1) {  // nearly parallel, overlapping
      e0 = s0 + d * uniform(rng, -0.5, 0.5) + side * h;
      e1 = e0 + d * uniform(rng, 0.2, 1.5) + vec(rng, 1e-12);
    } else if (kind == 2) {  // a short edge beside the segment's middle
      const Vec3 x = s0 + d * uniform(rng, 0.0, 1.0) + side * h;
      e0 = x + vec(rng, 0.05);
      e1 = x + vec(rng, 0.05);
    } else if (kind == 3) {  // e0 nearly as near to s0 as to s1
      e0 = (s0 + s1) * 0.5 + np::cross(d, side) * h;
      e1 = e0 + vec(rng, 0.3);
    } else if (kind == 4) {
      e0 = vec(rng, 1.0);
      e1 = vec(rng, 1.0);
    } else {  // parallel copies: end pairs and the interior tied within ulps
      const Vec3 off = side * (i % 3 == 0 ? 0x1p-30 : h);
      e0 = (i & 64) ? s0 + off : s1 + off;
      e1 = (i & 64) ? s1 + off : s0 + off;
    }
    if (i % 11 == 0) e1 = e0;  // a point
    s0 = scaled(s0, e), s1 = scaled(s1, e), e0 = scaled(e0, e),
    e1 = scaled(e1, e);
    Vec3 p, q;
    np::detail::closest_points_edge_pair(s0, s1, e0, e1, &p, &q);
    const np::SegmentClosestPoints c =
        np::closest_points_segment_segment({s0, s1}, {e0, e1});
    ASSERT_TRUE(same_bits(p, c.point_a) && same_bits(q, c.point_b))
        << "case " << i << " kind " << kind << " scale 2^" << e;
    const bool end = same_bits(p, s0) || same_bits(p, s1) || same_bits(q, e0) ||
                     same_bits(q, e1);
    (end ? at_end : interior) += 1;
  }
  EXPECT_GT(interior, 5000);
  EXPECT_GT(at_end, 20000);
}

// The edge's lower bound (edge_pair_bound, which skips an edge) never exceeds
// the squared distance of closest_points_segment_segment's pair, and is tight
// enough to skip: segments crossing, nearly parallel, parallel copies, an edge
// beside the segment at a distance from 2^-30 to 1 of their size, at every
// magnitude in [2^-200, 2^200] where the bound is used.
TEST(FastPaths, EdgePairLowerBoundNeverExceedsThePairsSquaredDistance) {
  Rng rng(24);
  const int scales[] = {-200, -199, -100, -61, -30, 0, 30, 61, 100, 199, 200};
  const int kinds = sizeof(scales) / sizeof(scales[0]);
  int tight = 0;
  for (int i = 0; i < 80000; ++i) {
    const int e = scales[i % kinds];
    const int kind = (i / kinds) % 4;
    Vec3 s0 = vec(rng, 1.0), s1 = vec(rng, 1.0), e0, e1;
    const Vec3 d = s1 - s0, side = vec(rng, 1.0);
    const double h = std::ldexp(uniform(rng, 0.5, 1.0), -(i % 31));
    if (kind == 0) {  // crossing above the segment's interior
      const Vec3 x = s0 + d * uniform(rng, 0.0, 1.0) + np::cross(d, side) * h;
      e0 = x + side;
      e1 = x - side * uniform(rng, 0.2, 2.0);
    } else if (kind == 1) {  // nearly parallel, overlapping
      e0 = s0 + d * uniform(rng, -0.5, 0.5) + side * h;
      e1 = e0 + d * uniform(rng, 0.2, 1.5) + vec(rng, 1e-12);
    } else if (kind == 2) {  // a parallel copy
      e0 = s0 + side * h;
      e1 = s1 + side * h;
    } else {  // beside an end
      e0 = s1 + d * h + side;
      e1 = s1 + d * h - side;
    }
    s0 = scaled(s0, e), s1 = scaled(s1, e), e0 = scaled(e0, e),
    e1 = scaled(e1, e);
    const double bound = np::detail::edge_pair_lower_bound(s0, s1, e0, e1);
    const np::SegmentClosestPoints c =
        np::closest_points_segment_segment({s0, s1}, {e0, e1});
    const double d2 = np::length_squared(c.point_a - c.point_b);
    ASSERT_LE(bound, d2) << "case " << i << " kind " << kind << " scale 2^"
                         << e;
    tight += bound > d2 * (1.0 - 0x1p-10);
  }
  EXPECT_GT(tight, 20000);
}
