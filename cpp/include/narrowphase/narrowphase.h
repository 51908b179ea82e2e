// narrowphase: exact collision queries. Include this for everything.
#pragma once

#include "narrowphase/closest_point.h"
#include "narrowphase/overlap.h"
#include "narrowphase/raycast.h"
#include "narrowphase/shape_cast.h"
#include "narrowphase/tolerances.h"
#include "narrowphase/types.h"
#include "narrowphase/validate.h"
