// narrowphase: exact collision queries. Include this for everything.
//
// Names: <operation>_<shape>[_<shape>] in C++ (overlap_sphere_aabb),
// <operation><Shape>[<Shape>] in JS (overlapSphereAABB). A pair's shapes always
// come in this one order, written here and in the README only:
//
//   Sphere, Capsule, AABB, OBB, Triangle, Plane
//
// so there is overlap_sphere_aabb and never overlap_aabb_sphere. The moving
// shape of a cast comes first by role instead (sphere_cast_sphere: a sphere
// cast against a sphere). One header per operation, not per pair.
#pragma once

#include "narrowphase/closest_point.h"
#include "narrowphase/contact.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"
#include "narrowphase/validate.h"
