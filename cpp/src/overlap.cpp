#include "narrowphase/overlap.h"

#include <cmath>

#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/metric.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/tolerances.h"

namespace np {

using namespace detail;  // NOLINT: the building blocks this file is made of

// overlap_sphere_aabb: with the other sphere overlaps, exactly, in
// overlap_spheres_planes.cpp.

namespace {

// Face axis k of two boxes that both have the identity rotation: whether |b.c_k
// - a.c_k| > ha + hb on the exact reals. The general test rounds b.c - a.c and
// ha + hb once each, which within an ulp of touching can disagree with
// comparing the boxes' bounds (a point one ulp outside a box reported inside
// it).
bool separated_exactly(double ac, double bc, double ha, double hb) {
  return bc >= ac ? sign_of_sum(bc, -ac, -ha, -hb) > 0
                  : sign_of_sum(ac, -bc, -ha, -hb) > 0;
}

// Whether |t| and r are within a few ulps of each other (and finite: an
// overflowed center difference is decided by the ordinary test): only there can
// rounding decide a face axis.
bool within_rounding(double t, double r) {
  return std::fabs(t - r) <= kObbExactFaceBand * (t + r) && t <= DBL_MAX;
}

}  // namespace

// Separating axis theorem for two boxes: Ericson, Real-Time Collision
// Detection, 4.4.1, in double, with a slack on the edge x edge axes only, sized
// by the rotations' own error (see kObbEdgeAxisSlack).
std::optional<int> separating_axis_obb_obb(const OBB& box_a, const OBB& box_b) {
  // A rotation off by more than the rounding of a double one (from float32
  // data, say: ~1e-7) is first made orthonormal: the test below assumes it, and
  // a slack that covered the error instead would also cover real gaps of ~1e-7
  // times the sizes along nearly parallel edges. The box then moves by at most
  // that error times its size. Exact rotations (and the identity) are used as
  // they are, so nothing is added for them.
  OBB a = box_a, b = box_b;
  double err_a = orthonormal_error(a.axis), err_b = orthonormal_error(b.axis);
  if (err_a > kOrthonormalizeAbove)
    orthonormalize(a.axis), err_a = orthonormal_error(a.axis);
  if (err_b > kOrthonormalizeAbove)
    orthonormalize(b.axis), err_b = orthonormal_error(b.axis);

  // The center-to-center vector, in world space.
  Vec3 tw = b.center - a.center;
  double ea[3] = {a.half_size.x, a.half_size.y, a.half_size.z};
  double eb[3] = {b.half_size.x, b.half_size.y, b.half_size.z};
  // The test is homogeneous in the center vector and the half sizes. When all
  // of them lie below 2^-900 (subnormal territory), every product below would
  // underflow: absolute rounding of ~2^-1074 that the slack, relative to the
  // same tiny sizes, cannot cover. Such boxes are first scaled up by a power of
  // two (exact: a center difference that small is exact). Elsewhere this is one
  // comparison of exponents.
  const int e = max_exponent(
      biased_exponent(tw),
      max_exponent(biased_exponent(a.half_size), biased_exponent(b.half_size)));
  if (e < 1023 - 900) {
    const double s = unit_scale_for(e);
    tw = tw * s;
    for (int k = 0; k < 3; ++k) ea[k] *= s, eb[k] *= s;
  }

  // R[i][j] = cos of the angle between A's axis i and B's axis j: B's rotation
  // expressed in A's frame.
  double R[3][3], abs_r[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      R[i][j] = dot(a.axis[i], b.axis[j]);
      abs_r[i][j] = std::fabs(R[i][j]);
    }
  }

  // The center-to-center vector in A's frame (and in B's, u, below).
  const double t[3] = {dot(tw, a.axis[0]), dot(tw, a.axis[1]),
                       dot(tw, a.axis[2])};

  // Axes 0-2, L = A.axis[i]: A's radius along its own axis is its half size;
  // B's is the sum of its half sizes weighted by |cos|. Within rounding of
  // touching, two boxes with identity rotations (axis-aligned OBBs) are decided
  // exactly, so that they agree with the AABB tests, which compare bounds.
  for (int i = 0; i < 3; ++i) {
    const double rb =
        eb[0] * abs_r[i][0] + eb[1] * abs_r[i][1] + eb[2] * abs_r[i][2];
    const double ti = std::fabs(t[i]), r = ea[i] + rb;
    bool separated = ti > r;
    if (within_rounding(ti, r) && is_identity(box_a.axis) &&
        is_identity(box_b.axis)) {
      separated = separated_exactly(get(a.center, i), get(b.center, i),
                                    get(a.half_size, i), get(b.half_size, i));
    }
    if (separated) return i;
  }

  // Axes 3-5, L = B.axis[j]: the projection of the center vector is taken in
  // world space, so it does not depend on A's axes. (With identity rotations
  // these repeat axes 0-2, already decided exactly.)
  double u[3];
  for (int j = 0; j < 3; ++j) {
    const double ra =
        ea[0] * abs_r[0][j] + ea[1] * abs_r[1][j] + ea[2] * abs_r[2][j];
    u[j] = dot(tw, b.axis[j]);
    const double tj = std::fabs(u[j]), r = ra + eb[j];
    if (tj > r && !(within_rounding(tj, r) && is_identity(box_a.axis) &&
                    is_identity(box_b.axis)))
      return 3 + j;
  }

  // Axes 6-14, L = A.axis[i] x B.axis[j]. Both radii and the center projection
  // scale with |L|, so L need not be normalized; the slack (in the same
  // unnormalized units) keeps rounding noise from separating when |L| ~ 0. The
  // center projection tw . L is written in A's frame as t . (e_i x R[.][j]) and
  // in B's as u . (R[i][.] x e_j): the two round differently, and overlap(b, a)
  // computes in B's frame what overlap(a, b) computes in A's, bit for bit. So
  // the axis separates only when both do: the same decision in either order
  // (two boxes a rounding apart were reported overlapping one way and separated
  // the other).
  const double slack_per_length =
      kObbEdgeAxisSlack * (max2(err_a, err_b) + 0x1p-52);
  const double center_distance =
      std::fabs(tw.x) + std::fabs(tw.y) + std::fabs(tw.z);
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double ra = ea[i1] * abs_r[i2][j] + ea[i2] * abs_r[i1][j];
      const double rb = eb[j1] * abs_r[i][j2] + eb[j2] * abs_r[i][j1];
      const double slack =
          slack_per_length *
          (((ea[i1] + ea[i2]) + (eb[j1] + eb[j2])) + center_distance);
      const double r = (ra + rb) + slack;
      // B's frame is asked only when A's separates (rarely, for boxes that
      // overlap or are separated on a face axis already).
      const double in_a = std::fabs(t[i2] * R[i1][j] - t[i1] * R[i2][j]);
      if (!(in_a > r)) continue;
      const double in_b = std::fabs(u[j2] * R[i][j1] - u[j1] * R[i][j2]);
      if (in_b > r) return 6 + 3 * i + j;
    }
  }

  return std::nullopt;  // no separating axis: the boxes overlap
}

bool overlap_obb_obb(const OBB& a, const OBB& b) {
  return !separating_axis_obb_obb(a, b);
}

}  // namespace np
