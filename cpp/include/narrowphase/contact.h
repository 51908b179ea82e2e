// narrowphase: contacts (penetration depth, minimum-translation normal and
// deepest points) of two overlapping shapes.
//
// Naming: contact_<a>_<b>, the shapes in the one order (Sphere, Capsule, AABB,
// OBB, Triangle, Plane). Every contact_<a>_<b> returns false exactly when
// overlap_<a>_<b> does: it first runs that exact test, then measures the
// contact in doubles. Results follow ContactHit (types.h): moving a by normal *
// depth leaves the shapes touching.
#pragma once

#include "narrowphase/types.h"

namespace np {

// ---- A sphere against every shape (contact.cpp).
//
// The sphere a (center c, radius r) against b: depth = r - the distance from c
// to b when c lies outside b (Ericson, Real-Time Collision Detection, 4.3.1 and
// 5.1: the closest point of b to c), normal = unit(c - that closest point),
// pointB = that closest point. A center inside a solid b (capsule, box) takes
// the shortest way out: depth = r + the distance from c to b's surface, normal
// = the outward normal of the nearest face (for a capsule, away from its axis),
// pointB = c moved onto that face. For thin b (triangle, plane) the normal
// faces the side c is on; a center exactly on b (decided exactly) takes the
// face normal unit((b - a) x (c - a)) of a triangle, unit(normal) of a plane.
// In all cases pointA = c - normal * r and pointB - pointA = normal * depth (up
// to rounding), depth >= 0 (0 when they only touch). Coincident centers (two
// spheres, a center on a capsule's axis or a degenerate triangle's segment)
// get a fixed normal: +y, or for an axis, the part of +y perpendicular to it
// (+x for an axis along y). Inputs beyond 2^1000 or all below 2^-900 are
// measured in units scaled by a power of two (exact); a depth or point beyond
// the largest double is +-inf. JoltPhysics (CollideSphereVsTriangles,
// SphereShape's CollideSphere), parry (contact_ball_ball, which picks +x for
// coincident centers) and Bullet (btSphereSphereCollisionAlgorithm,
// btSphereBoxCollisionAlgorithm: the nearest face for a center inside) measure
// the same quantities in floating point after a floating-point decision.

/// Contact of two spheres: normal = unit(a.center - b.center) (+y when the
/// centers coincide), depth = a.radius + b.radius - |a.center - b.center|,
/// pointA = a.center - normal * a.radius, pointB = b.center + normal *
/// b.radius. False exactly when overlap_sphere_sphere is.
bool contact_sphere_sphere(const Sphere& a, const Sphere& b, ContactHit* hit);

/// Contact of a sphere and a capsule: the capsule's segment point q nearest to
/// the center, normal = unit(center - q), depth = sphere.radius +
/// capsule.radius - |center - q|, pointB = q + normal * capsule.radius. A
/// center exactly on the segment takes the part of +y perpendicular to the
/// segment (+x for a segment along y, +y for a point). False exactly when
/// overlap_sphere_capsule is.
bool contact_sphere_capsule(const Sphere& sphere, const Capsule& capsule,
                            ContactHit* hit);

/// Contact of a sphere and a closed box: outside, the clamped center is pointB;
/// inside or on the box, the nearest face (ties: -x, +x, -y, +y, -z, +z) gives
/// the normal and depth = radius + the center's distance to it. False exactly
/// when overlap_sphere_aabb is.
bool contact_sphere_aabb(const Sphere& sphere, const AABB& box,
                         ContactHit* hit);

/// Contact of a sphere and an oriented box, as contact_sphere_aabb in the box's
/// frame (the center's coordinates t_i = (center - box.center) . axis[i],
/// rounded); the normal of a face is its unit axis. An OBB with the identity
/// rotation gives exactly contact_sphere_aabb for [center - halfSize, center +
/// halfSize]. False exactly when overlap_sphere_obb is.
bool contact_sphere_obb(const Sphere& sphere, const OBB& box, ContactHit* hit);

/// Contact of a sphere and a thin triangle: pointB is the triangle's point
/// nearest to the center (Ericson 5.1.5); over the face the normal is the face
/// normal turned to the center's side, at an edge or corner unit(center -
/// pointB). A center exactly on the triangle: depth = radius along unit((b - a)
/// x (c - a)) (for a degenerate triangle, or a sliver whose rounded normal is
/// below kContactNoise of its edges' product, the rule for a capsule's axis on
/// the segment it spans). False exactly when overlap_sphere_triangle is.
bool contact_sphere_triangle(const Sphere& sphere, const Triangle& triangle,
                             ContactHit* hit);

/// Contact of a sphere and a thin plane: normal = unit(plane.normal) on the
/// side it points to (and for a center exactly on the plane), its negation
/// behind; depth = radius - |signed distance|; pointB = the center projected
/// onto the plane. False exactly when overlap_sphere_plane is.
bool contact_sphere_plane(const Sphere& sphere, const Plane& plane,
                          ContactHit* hit);

}  // namespace np
