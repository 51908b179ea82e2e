// narrowphase: value types shared by every query.
//
// Plain structs of doubles, passed by value or const reference. No invariants
// are enforced by the types themselves; `validate.h` says which values a query
// accepts, and every query assumes valid input.
#pragma once

#include <cfloat>
#include <cmath>

namespace np {

/// A point or a direction in world space.
struct Vec3 {
  double x, y, z;
};

inline Vec3 operator+(Vec3 a, Vec3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vec3 operator-(Vec3 a, Vec3 b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
/// 0 - a: like -a, but a zero component becomes +0, never -0, so reported
/// normals compare equal to (0, -1, 0).
inline Vec3 negated(Vec3 a) { return {0.0 - a.x, 0.0 - a.y, 0.0 - a.z}; }
inline Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
/// Component-wise division: one rounding per component, unlike multiplying by 1
/// / s.
inline Vec3 operator/(Vec3 a, double s) { return {a.x / s, a.y / s, a.z / s}; }
/// Whether a and b are the same point, component by component (+0 == -0).
inline bool same_point(Vec3 a, Vec3 b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}
inline double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length_squared(Vec3 a) { return dot(a, a); }
/// The larger / smaller of two numbers that are not NaN. Comparisons rather
/// than std::fmax / std::fmin, which native builds (without -ffast-math, which
/// the core never uses) turn into library calls.
inline double max2(double a, double b) { return a > b ? a : b; }
inline double min2(double a, double b) { return a < b ? a : b; }
inline double max_abs_component(Vec3 a) {
  const double x = std::fabs(a.x), y = std::fabs(a.y), z = std::fabs(a.z);
  return max2(max2(x, y), z);
}
/// |a| for any a without NaN (an infinite component gives inf): sqrt(a . a)
/// whenever a . a is a normal double (the ordinary case, so results there are
/// that expression bit for bit); otherwise a is first divided by its largest
/// |component|. Without that, a vector longer than ~1e154 has a . a = inf, and
/// one shorter than ~1e-154 a subnormal a . a that keeps only a few bits (or
/// 0).
inline double length(Vec3 a) {
  const double sq = length_squared(a);
  if (sq >= DBL_MIN && sq <= DBL_MAX) return std::sqrt(sq);
  const double m = max_abs_component(a);
  if (m == 0.0 || m > DBL_MAX)
    return m;  // 0, or inf for a component that overflowed (not inf / inf =
               // NaN)
  return m * std::sqrt(length_squared(a / m));
}
/// |p - q| at any magnitude: length(p - q) whenever p - q is finite (then bit
/// for bit), otherwise computed on halved coordinates (the difference exceeds
/// DBL_MAX there, so halving's rounding is negligible) and doubled, which
/// overflows to +inf only when the length does. Every distance of the closest
/// point queries is this of p and the closest point returned for p, so the two
/// never disagree (and the mesh's brute-force comparisons hold it to the bit).
inline double distance_between(Vec3 p, Vec3 q) {
  const Vec3 d = p - q;
  if (max_abs_component(d) <= DBL_MAX) return length(d) + 0.0;
  return length(p * 0.5 - q * 0.5) * 2.0;
}
/// v / |v| for a non-zero v without NaN or inf, as accurate at every magnitude
/// as for ordinary ones, and `fallback` when v is zero. Where v . v is a normal
/// double this is v / sqrt(v . v) bit for bit; otherwise v is first scaled by a
/// power of two (exact) so that its squares neither overflow nor underflow:
/// dividing a subnormal v by its own subnormal length keeps only a few bits (a
/// (5e-324, 5e-324, 0) gave (1, 1, 0)). Adding +0 turns a -0 component (a
/// quotient that underflowed from a negative value) into +0: normals never
/// carry -0.
Vec3 unit_or_rare(Vec3 v,
                  Vec3 fallback);  // v . v not a normal double (types.cpp)
inline Vec3 unit_or(Vec3 v, Vec3 fallback) {
  const double sq = length_squared(v);
  if (sq >= DBL_MIN && sq <= DBL_MAX) {
    const double len = std::sqrt(sq);
    return Vec3{v.x / len + 0.0, v.y / len + 0.0, v.z / len + 0.0};
  }
  return unit_or_rare(v, fallback);
}

/// Component i (0 = x, 1 = y, 2 = z).
inline double get(Vec3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }
inline void set(Vec3& a, int i, double v) {
  (i == 0 ? a.x : i == 1 ? a.y : a.z) = v;
}

/// Axis-aligned box, closed and solid: every point p with min <= p <= max on
/// each axis. min == max on an axis is a valid flat box.
struct AABB {
  Vec3 min, max;
};

/// Closed solid ball. radius 0 is a valid point.
struct Sphere {
  Vec3 center;
  double radius;
};

/// Oriented box: the points center + sum_i s_i * axis[i] * half_size_i with
/// |s_i| <= 1. axis[] are the columns of the rotation matrix (the box's local
/// x, y, z in world space) and must be orthonormal (within
/// kOrthonormalTolerance); a reflection is allowed.
struct OBB {
  Vec3 center;
  Vec3 half_size;
  Vec3 axis[3];
};

/// Half-line origin + t * direction, t >= 0. direction need not be normalized
/// but must not be zero; distances reported against a ray are in world units
/// along the normalized direction.
struct Ray {
  Vec3 origin;
  Vec3 direction;
};

/// The segment from start to end; start == end is a valid point.
struct Segment {
  Vec3 start, end;
};

/// Every point within `radius` of the segment start-end (three.js's Capsule):
/// start == end is a sphere, radius 0 the segment itself.
struct Capsule {
  Vec3 start, end;
  double radius;
};

/// The closed triangle a, b, c (its surface only: triangles are thin). It may
/// be degenerate: collinear or coincident corners span a segment or a point,
/// and the triangle is then that segment or point.
struct Triangle {
  Vec3 a, b, c;
};

/// The triangle's exact bounds: the least box holding its corners.
inline AABB triangle_box(const Triangle& t) {
  return {{min2(min2(t.a.x, t.b.x), t.c.x), min2(min2(t.a.y, t.b.y), t.c.y),
           min2(min2(t.a.z, t.b.z), t.c.z)},
          {max2(max2(t.a.x, t.b.x), t.c.x), max2(max2(t.a.y, t.b.y), t.c.y),
           max2(max2(t.a.z, t.b.z), t.c.z)}};
}

/// The infinite plane of the points p with dot(normal, p) + constant == 0
/// (three.js's Plane). normal may have any non-zero length; distances to the
/// plane are Euclidean all the same (divided by |normal|).
struct Plane {
  Vec3 normal;
  double constant;
};

/// Where a ray or segment first meets a shape.
struct RayHit {
  /// World units from the ray origin (segment start) to `point`; 0 when the
  /// origin starts in the shape.
  double distance;
  /// The hit point on the shape's surface; the origin itself when it starts in
  /// the shape.
  Vec3 point;
  /// Unit outward surface normal at `point`; the negated unit direction when
  /// the origin starts in the shape.
  Vec3 normal;
};

/// The closest points of two segments (closest_points_segment_segment).
struct SegmentClosestPoints {
  /// |point_a - point_b|, in world units; 0 when the segments touch or cross.
  double distance;
  /// The point of the first segment nearest to the second.
  Vec3 point_a;
  /// The point of the second segment nearest to point_a.
  Vec3 point_b;
};

/// How two overlapping shapes a and b interpenetrate (the contact<A><B>
/// queries, contact.h).
struct ContactHit {
  /// Penetration depth in world units, >= 0 (0 when the shapes only touch):
  /// how far a must move along `normal` to leave b.
  double depth;
  /// Unit; moving a by normal * depth separates the shapes (the minimum
  /// translation). Points from b toward a.
  Vec3 normal;
  /// The point of a deepest inside b.
  Vec3 point_a;
  /// The point of b deepest inside a; point_b - point_a = normal * depth.
  Vec3 point_b;
};

/// Where a moving shape first touches a target.
struct ShapeCastHit {
  /// World units the moving shape's center travelled before first contact.
  double distance;
  /// distance / |end - start|, in [0, 1]; 0 for a zero-length cast.
  double fraction;
  /// The moving shape's center at first contact.
  Vec3 center;
  /// The contact point on the target's surface.
  Vec3 point;
  /// Unit contact normal, pointing from the target toward the moving shape.
  Vec3 normal;
  /// True when the shapes already touched at the start (then distance and
  /// fraction are 0).
  bool started_overlapping;
};

}  // namespace np
