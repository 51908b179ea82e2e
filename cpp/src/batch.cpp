// The batch queries (narrowphase/batch.h): validate every element first, then
// compute each answer in plain double arithmetic from the float32 inputs.
//
// Every loop body is branch-free (comparisons become selects), so that clang
// (WASM, -msimd128) and g++ (native) can vectorize it; validation finds the
// first invalid element with one predictable branch per block of elements.
#include "narrowphase/batch.h"

#include <cmath>

#include "narrowphase/tolerances.h"

namespace {

// True for a finite float: x - x is 0 for finite x, NaN for NaN or +-infinity.
inline bool finite(float x) { return x - x == 0.0f; }

// The validation pass: the index of the first element for which bad(i) is
// true, or -1. Blocks of 64 elements are tested with one branch, then the
// offending block is scanned.
template <typename Bad>
int32_t first_bad(uint32_t n, Bad bad) {
  constexpr uint32_t kBlock = 64;
  for (uint32_t start = 0; start < n; start += kBlock) {
    const uint32_t end = n - start < kBlock ? n : start + kBlock;
    bool any = false;
    for (uint32_t i = start; i < end; ++i) any |= bad(i);
    if (any) {
      for (uint32_t i = start; i < end; ++i) {
        if (bad(i)) return static_cast<int32_t>(i);
      }
    }
  }
  return -1;
}

// An AABB [min.xyz, max.xyz]: finite, min <= max on every axis (validate.h).
inline bool bad_aabb(const float* b) {
  bool ok = true;
  for (int k = 0; k < 6; ++k) ok &= finite(b[k]);
  for (int k = 0; k < 3; ++k) ok &= b[k] <= b[3 + k];
  return !ok;
}

// A sphere [center.xyz, r]: finite, r >= 0.
inline bool bad_sphere(const float* s) {
  return !(finite(s[0]) & finite(s[1]) & finite(s[2]) & finite(s[3]) &
           (s[3] >= 0.0f));
}

// The distance overshoot of v beyond [lo, hi]: 0 inside (exact in double for
// float inputs whose exponents lie within 29 of each other; otherwise rounded
// once).
inline double overshoot(double v, double lo, double hi) {
  const double below = lo - v, above = v - hi;
  const double o = below > above ? below : above;
  return o > 0.0 ? o : 0.0;
}

// The squared distance from (x, y, z) to box b.
inline double distance2_to_box(double x, double y, double z, const float* b) {
  const double dx = overshoot(x, b[0], b[3]);
  const double dy = overshoot(y, b[1], b[4]);
  const double dz = overshoot(z, b[2], b[5]);
  return dx * dx + dy * dy + dz * dz;
}

// An OBB [center.xyz, half.xyz, rotation column-major]: finite, half sizes >=
// 0, columns orthonormal within kOrthonormalTolerance, in double (the single
// call's rule, validate.cpp, on the same numbers).
inline bool bad_obb(const float* o) {
  bool ok = true;
  for (int k = 0; k < 15; ++k) ok &= finite(o[k]);
  ok &= (o[3] >= 0.0f) & (o[4] >= 0.0f) & (o[5] >= 0.0f);
  const float* r = o + 6;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const double d = static_cast<double>(r[3 * i]) * r[3 * j] +
                       static_cast<double>(r[3 * i + 1]) * r[3 * j + 1] +
                       static_cast<double>(r[3 * i + 2]) * r[3 * j + 2];
      ok &= std::fabs(d - (i == j ? 1.0 : 0.0)) <= np::kOrthonormalTolerance;
    }
  }
  return !ok;
}

// Ericson, Real-Time Collision Detection, 4.4.1: the 15 candidate separating
// axes of two OBBs, in A's frame. Face axes exact in the rotation as given;
// edge x edge axes with kBatchObbEdgeSlack. Branch-free: every axis is tested.
inline bool obb_overlap(const float* a, const float* b) {
  const double ea[3] = {a[3], a[4], a[5]};
  const double eb[3] = {b[3], b[4], b[5]};
  double ua[3][3], ub[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) {
      ua[i][k] = a[6 + 3 * i + k];
      ub[i][k] = b[6 + 3 * i + k];
    }
  }
  // R[i][j] = A's axis i . B's axis j; |R| for the projected radii.
  double R[3][3], AbsR[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      R[i][j] = ua[i][0] * ub[j][0] + ua[i][1] * ub[j][1] + ua[i][2] * ub[j][2];
      AbsR[i][j] = std::fabs(R[i][j]);
    }
  }
  // The translation, in A's frame.
  const double d[3] = {static_cast<double>(b[0]) - a[0],
                       static_cast<double>(b[1]) - a[1],
                       static_cast<double>(b[2]) - a[2]};
  double t[3];
  for (int i = 0; i < 3; ++i) {
    t[i] = d[0] * ua[i][0] + d[1] * ua[i][1] + d[2] * ua[i][2];
  }
  bool separated = false;
  // A's face axes.
  for (int i = 0; i < 3; ++i) {
    const double rb =
        eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2];
    separated |= std::fabs(t[i]) > ea[i] + rb;
  }
  // B's face axes.
  for (int j = 0; j < 3; ++j) {
    const double ra =
        ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j];
    const double tb = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
    separated |= std::fabs(tb) > ra + eb[j];
  }
  // The nine edge x edge axes, A's axis i x B's axis j: rounding noise when
  // the edges are (nearly) parallel, so the radii get the slack.
  const double slack =
      np::kBatchObbEdgeSlack * (ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2] +
                                std::fabs(t[0]) + std::fabs(t[1]) +
                                std::fabs(t[2]));
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double ra = ea[i1] * AbsR[i2][j] + ea[i2] * AbsR[i1][j];
      const double rb = eb[j1] * AbsR[i][j2] + eb[j2] * AbsR[i][j1];
      const double tl = t[i2] * R[i1][j] - t[i1] * R[i2][j];
      separated |= std::fabs(tl) > ra + rb + slack;
    }
  }
  return !separated;
}

}  // namespace

extern "C" {

int32_t np_batch_overlapSphereAABB(const float* spheres, const float* boxes,
                                   uint32_t n, uint8_t* out) {
  const int32_t bad = first_bad(n, [&](uint32_t i) {
    return bad_sphere(spheres + 4 * i) | bad_aabb(boxes + 6 * i);
  });
  if (bad >= 0 || out == nullptr) return bad;
  for (uint32_t i = 0; i < n; ++i) {
    const float* s = spheres + 4 * i;
    const double r = s[3];
    // Touching counts: the squared distance to the box against r^2.
    out[i] = distance2_to_box(s[0], s[1], s[2], boxes + 6 * i) <= r * r;
  }
  return -1;
}

int32_t np_batch_distancePointAABB(const float* points, const float* boxes,
                                   uint32_t n, float* out) {
  const int32_t bad = first_bad(n, [&](uint32_t i) {
    const float* p = points + 3 * i;
    return !(finite(p[0]) & finite(p[1]) & finite(p[2])) |
           bad_aabb(boxes + 6 * i);
  });
  if (bad >= 0 || out == nullptr) return bad;
  for (uint32_t i = 0; i < n; ++i) {
    const float* p = points + 3 * i;
    out[i] = static_cast<float>(
        std::sqrt(distance2_to_box(p[0], p[1], p[2], boxes + 6 * i)));
  }
  return -1;
}

int32_t np_batch_raycastAABB(const float* rays, const float* boxes,
                             double max_distance, uint32_t n, float* out) {
  const int32_t bad = first_bad(n, [&](uint32_t i) {
    const float* r = rays + 6 * i;
    bool ok = true;
    for (int k = 0; k < 6; ++k) ok &= finite(r[k]);
    // A zero direction (-0 components are zero).
    ok &= (r[3] != 0.0f) | (r[4] != 0.0f) | (r[5] != 0.0f);
    return !ok | bad_aabb(boxes + 6 * i);
  });
  if (bad >= 0 || out == nullptr) return bad;
  constexpr double kInf = INFINITY;
  for (uint32_t i = 0; i < n; ++i) {
    const float* r = rays + 6 * i;
    const float* b = boxes + 6 * i;
    // Distances along the unit direction are world units (float32 squares
    // cannot overflow or underflow in double).
    const double dx = r[3], dy = r[4], dz = r[5];
    const double len = std::sqrt(dx * dx + dy * dy + dz * dz);
    const double u[3] = {dx / len, dy / len, dz / len};
    // Slab clip (Kay-Kajiya; Williams et al. 2005). A zero component (-0
    // too) is a ray parallel to the slab: all of it inside or none, which
    // also avoids 0 * infinity = NaN when the origin lies on the slab plane.
    double near = 0.0, far = max_distance;
    for (int k = 0; k < 3; ++k) {
      const double o = r[k], lo = b[k], hi = b[3 + k];
      const double t1 = (lo - o) / u[k], t2 = (hi - o) / u[k];
      const bool parallel = u[k] == 0.0;
      const bool inside = (o >= lo) & (o <= hi);
      const double tmin = parallel ? (inside ? -kInf : kInf) : std::fmin(t1, t2);
      const double tmax = parallel ? (inside ? kInf : -kInf) : std::fmax(t1, t2);
      near = tmin > near ? tmin : near;
      far = tmax < far ? tmax : far;
    }
    // Closed box: an entry exactly at the exit (grazing an edge) hits. A ray
    // starting inside or on the box hits at 0.
    out[i] = near <= far ? static_cast<float>(near) : static_cast<float>(kInf);
  }
  return -1;
}

int32_t np_batch_overlapOBBOBB(const float* a, const float* b, uint32_t n,
                               uint8_t* out) {
  const int32_t bad = first_bad(
      n, [&](uint32_t i) { return bad_obb(a + 15 * i) | bad_obb(b + 15 * i); });
  if (bad >= 0 || out == nullptr) return bad;
  for (uint32_t i = 0; i < n; ++i) {
    out[i] = obb_overlap(a + 15 * i, b + 15 * i);
  }
  return -1;
}

int32_t np_batch_sphereCastSphere(const float* casts, const float* targets,
                                  uint32_t n, float* out) {
  const int32_t bad = first_bad(n, [&](uint32_t i) {
    const float* c = casts + 7 * i;
    bool ok = c[6] >= 0.0f;
    for (int k = 0; k < 7; ++k) ok &= finite(c[k]);
    return !ok | bad_sphere(targets + 4 * i);
  });
  if (bad >= 0 || out == nullptr) return bad;
  constexpr double kInf = INFINITY;
  for (uint32_t i = 0; i < n; ++i) {
    const float* c = casts + 7 * i;
    const float* s = targets + 4 * i;
    // m: the start relative to the target; d: the path; reach: the radii's sum.
    const double mx = static_cast<double>(c[0]) - s[0];
    const double my = static_cast<double>(c[1]) - s[1];
    const double mz = static_cast<double>(c[2]) - s[2];
    const double dx = static_cast<double>(c[3]) - c[0];
    const double dy = static_cast<double>(c[4]) - c[1];
    const double dz = static_cast<double>(c[5]) - c[2];
    const double reach = static_cast<double>(c[6]) + s[3];
    // solve |m + t d| = reach: a t^2 + 2 b t + cc = 0.
    const double a = dx * dx + dy * dy + dz * dz;
    const double bb = mx * dx + my * dy + mz * dz;
    const double cc = (mx * mx + my * my + mz * mz) - reach * reach;
    const double disc = bb * bb - a * cc;
    // The smaller root in the stable form cc / (-b + sqrt(disc)) (no
    // cancellation: b < 0 where it is used). Tangent paths (disc = 0) hit.
    const double t = cc / (std::sqrt(disc > 0.0 ? disc : 0.0) - bb);
    // Starts overlapping or touching: 0. Otherwise a hit needs an approaching
    // path (b < 0; a zero-length cast has b = 0, so it only hits when it
    // starts touching), a real root and contact no later than the end.
    const bool starts = cc <= 0.0;
    const bool hits = (bb < 0.0) & (disc >= 0.0) & (t <= 1.0);
    out[i] = starts ? 0.0f : hits ? static_cast<float>(t) : static_cast<float>(kInf);
  }
  return -1;
}

}  // extern "C"
