// Capsules against capsules, boxes, oriented boxes and triangles, decided on
// the exact reals.
//
// Each test is "the distance between the capsule's segment and the other
// shape is at most the radius (sum)" (Ericson, Real-Time Collision Detection,
// 4.5.1 and 5.1.9: capsule-capsule is segment-segment distance; 5.1.10 and
// 5.2.x for the decompositions). Jolt (CapsuleShape vs ...: GJK on the inner
// segment with the radius as convex radius), parry (distance between the
// segments minus the radii) and Box2D v3 (b2SegmentDistance, then compare with
// the radius sum) all compute a distance in floats and compare it; three.js's
// Capsule has no overlap test. Here the distance is never formed: every
// decision is the sign of a polynomial in differences of the input
// coordinates and in r1 + r2, so that touching configurations built from
// representable numbers are decided exactly:
//   - segment-segment: the minimum over the four end-point-to-segment
//     distances (the projection parameter's two signs, then |v|^2 - R^2 or
//     |v x e|^2 - R^2 |e|^2) and, when the feet of the common perpendicular
//     lie on both segments (0 <= (d2 x r) . n <= |n|^2, the same for t), its
//     squared length (r . n)^2 - R^2 |n|^2, n = d1 x d2: degree 6;
//   - segment-box: the segment meets the box grown by R along one axis (an
//     exact Liang-Barsky clip, Liang and Barsky 1984: every entry fraction at
//     most every exit fraction, compared by cross-multiplication), or comes
//     within R of one of the 12 edges (segment-segment): the Minkowski sum of
//     the box and the ball is the union of those;
//   - segment-triangle: within R of an edge, or an end point over the face
//     within R of the plane (n . (e_i x (p - v_i)) >= 0 for the three edges,
//     (n . (p - a))^2 <= R^2 |n|^2), or the segment crossing the face (opposite
//     orientations of its ends, and the three scalar triple products of the
//     line with the edges of one sign, Ericson 5.3.4).
// Each polynomial is evaluated in doubles with a running error bound first
// (kCapsuleFilterRounding); only a sign within its bound is recomputed with
// Shewchuk's expansions (detail/exact.h). Coordinates are scaled by the power
// of two that brings the configuration's extent to ~2^64, so that nothing
// overflows and differences down to the subnormals beside an extent of 1 stay
// exact. A product the expansions cannot hold (below 2^-960 in those units: a
// configuration mixing ~1e300 with ~1e-300, or squares of differences below
// ~2^-500 of the extent) is kept rounded; a sign within what that lost is
// taken from the rounded value, which can decide a configuration touching to
// within that loss either way.
#include <cfloat>
#include <cmath>
#include <utility>

#include "narrowphase/detail/corner_in_ball.h"
#include "narrowphase/detail/exact.h"
#include "narrowphase/detail/exponent.h"
#include "narrowphase/detail/rotation.h"
#include "narrowphase/overlap.h"
#include "narrowphase/tolerances.h"

namespace np {

namespace {

using detail::biased_exponent;
using detail::Expansion;
using detail::kUnsure;
using detail::max_exponent;

// Three-valued answers: kMaybe when a sign could not be decided at this
// precision.
constexpr int kNo = 0, kYes = 1, kMaybe = kUnsure;

inline int any_of(int a, int b) {
  if (a == kYes || b == kYes) return kYes;
  return a == kMaybe || b == kMaybe ? kMaybe : kNo;
}
inline int all_of(int a, int b) {
  if (a == kNo || b == kNo) return kNo;
  return a == kMaybe || b == kMaybe ? kMaybe : kYes;
}
// "value <= 0" and "value >= 0" from a sign (-1, 0, 1 or kUnsure).
inline int le0(int sign) {
  return sign == kUnsure ? kMaybe : (sign <= 0 ? kYes : kNo);
}
inline int ge0(int sign) {
  return sign == kUnsure ? kMaybe : (sign >= 0 ? kYes : kNo);
}

// ---- The two kinds of number ----------------------------------------------

// A double with a rigorous bound of its distance from the exact value
// (running error analysis, Higham 2002, 3.3). grow() covers the rounding of
// the bound's own arithmetic (at most seven roundings of 2^-53 each).
struct Fl {
  double v, e;
};
inline double grow(double e) { return e * (1.0 + 0x1p-50); }
inline Fl operator+(Fl a, Fl b) {
  const double s = a.v + b.v;
  return {s, grow(a.e + b.e + std::fabs(s) * kCapsuleFilterRounding)};
}
inline Fl operator-(Fl a, Fl b) {
  const double s = a.v - b.v;
  return {s, grow(a.e + b.e + std::fabs(s) * kCapsuleFilterRounding)};
}
inline Fl operator*(Fl a, Fl b) {
  // An exact zero times anything is an exact zero.
  if ((a.v == 0.0 && a.e == 0.0) || (b.v == 0.0 && b.e == 0.0))
    return {0.0, 0.0};
  const double p = a.v * b.v;
  return {p, grow(std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e +
                  std::fabs(p) * kCapsuleFilterRounding + 0x1p-1069)};
}
inline int sign_of(const Fl& a) {
  if (a.v > a.e) return 1;
  if (-a.v > a.e) return -1;
  return a.v == 0.0 && a.e == 0.0 ? 0 : kUnsure;
}
// (p - q) s: one rounding of the difference; s is exact unless the result
// falls below the normal range (what that loses, 2^-1075, is in the bound).
inline Fl fl_difference(double p, double q, double s) {
  if (p == q) return {0.0, 0.0};
  const double d = std::fabs(p) >= 0x1p1022 || std::fabs(q) >= 0x1p1022
                       ? p * s - q * s
                       : (p - q) * s;
  return {d, grow(std::fabs(d) * kCapsuleFilterRounding + 0x1p-1069)};
}

// An exact number (a Shewchuk expansion), with its error bound for what
// underflow lost (sign() is kUnsure within it).
struct Ex {
  Expansion x;
};
inline Ex operator+(const Ex& a, const Ex& b) {
  Ex r = a;
  r.x.add(b.x, 1.0);
  return r;
}
inline Ex operator-(const Ex& a, const Ex& b) {
  Ex r = a;
  r.x.add(b.x, -1.0);
  return r;
}
inline Ex operator*(const Ex& a, const Ex& b) {
  Ex r;
  r.x.add_product(a.x, b.x, 1.0);
  return r;
}
// The exact sign; where products below the expansions' range (2^-960 of the
// configuration's scale) were lost and the value lies within that loss of 0,
// the sign of its largest component: the rounded value's.
inline int sign_of(const Ex& a) {
  const int s = a.x.sign();
  if (s != kUnsure) return s;
  const double t = a.x.top();
  return t > 0.0 ? 1 : (t < 0.0 ? -1 : 0);
}

// The leaves: a difference of two input numbers, and the radius sum, in units
// scaled by s.
template <class N>
N difference(double p, double q, double s);
template <>
inline Fl difference<Fl>(double p, double q, double s) {
  return fl_difference(p, q, s);
}
template <>
inline Ex difference<Ex>(double p, double q, double s) {
  return {detail::difference(p, q, s)};
}
template <class N>
N radius_sum(double r1, double r2, double s);
template <>
inline Fl radius_sum<Fl>(double r1, double r2, double s) {
  // Exact only for two zero radii (a subnormal radius times s < 1 may
  // underflow to 0).
  const double v = r1 * s + r2 * s;
  return {v, r1 == 0.0 && r2 == 0.0
                 ? 0.0
                 : grow(std::fabs(v) * kCapsuleFilterRounding + 0x1p-1069)};
}
template <>
inline Ex radius_sum<Ex>(double r1, double r2, double s) {
  return {detail::sum(r1, r2, s)};
}
template <class N>
N zero() {
  return N{};
}
template <>
inline Fl zero<Fl>() {
  return {0.0, 0.0};
}
template <class N>
N one();
template <>
inline Fl one<Fl>() {
  return {1.0, 0.0};
}
template <>
inline Ex one<Ex>() {
  Ex r;
  r.x.add(1.0);
  return r;
}

template <class N>
struct V {
  N x, y, z;
};
template <class N>
V<N> leaf(Vec3 p, Vec3 q, double s) {
  return {difference<N>(p.x, q.x, s), difference<N>(p.y, q.y, s),
          difference<N>(p.z, q.z, s)};
}
template <class N>
N vdot(const V<N>& a, const V<N>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class N>
V<N> vcross(const V<N>& a, const V<N>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// ---- The frame: one power of two for a configuration ------------------------

// The scale s that brings the extent of the points (the largest difference of
// their coordinates) near 1, or trivially = true when the answer needs no
// arithmetic: all the points coincide, or the radius sum is at least twice
// that extent (then every pair of the points is within it: |v| <= sqrt(3)
// extent).
struct Frame {
  double s;
  bool trivially;
};
Frame frame_of(const Vec3* points, int n, double r1, double r2) {
  double half = 0.0;
  bool apart = false;
  for (int i = 0; i < 3; ++i) {
    double lo = get(points[0], i), hi = lo;
    for (int k = 1; k < n; ++k)
      lo = min2(lo, get(points[k], i)), hi = max2(hi, get(points[k], i));
    apart = apart || lo != hi;
    const double e = hi - lo;
    half = max2(half, e <= DBL_MAX ? e * 0.5 : hi * 0.5 - lo * 0.5);
  }
  if (!apart) return {1.0, true};
  // An upper bound of the half extent (the halving of a subnormal rounds).
  const double h = half * (1.0 + 0x1p-50) + DBL_TRUE_MIN;
  if (r1 * 0.5 + r2 * 0.5 >= 2.0 * h * (1.0 + 0x1p-40) + 0x1p-1070)
    return {1.0, true};
  // h s in [2^64, 2^65): differences below 2^67, the radius sum below
  // ~2^69, a product of six of them far from overflow, and differences down
  // to the smallest subnormal normal numbers (exact) beside an extent of 1.
  // (A configuration smaller than 2^-958 gets the largest power of two,
  // 2^1023, instead.)
  const int e = biased_exponent(h);
  return {detail::pow2(max_exponent(-960, 1087 - max_exponent(e, 64))), false};
}

// The scale of a direction of its own (q - p, a segment or an edge): every
// test below is homogeneous in each direction vector (a positive multiple
// gives the same signs), so a direction is taken in units where its largest
// component is ~2^65, whatever the configuration's extent: a box edge 1e-197
// long beside a segment 10 long would otherwise square into underflow.
double own_scale(Vec3 p, Vec3 q) {
  double h = 0.0;
  for (int i = 0; i < 3; ++i)
    h = max2(h, std::fabs(get(q, i) * 0.5 - get(p, i) * 0.5));
  if (h == 0.0) h = DBL_TRUE_MIN;  // (a subnormal difference halved to 0)
  return detail::pow2(
      max_exponent(-960, 1087 - max_exponent(biased_exponent(h), 64)));
}

// ---- Segment-segment --------------------------------------------------------

// Whether the point p is within R of the segment a-b (Ericson 5.1.2 as signs):
// v = p - a, u = p - b, e = b - a.
// Whether |v|^2 <= r2 |e|^2 (e = 1 when one is null). With a radius (sum) of
// exactly 0, whether v is 0: its components' signs, of half the degree, so
// that a gap of a subnormal is not squared into underflow.
template <class N>
int is_zero(const V<N>& v) {
  const int x = sign_of(v.x), y = sign_of(v.y), z = sign_of(v.z);
  if (x == kUnsure || y == kUnsure || z == kUnsure) return kMaybe;
  return x == 0 && y == 0 && z == 0 ? kYes : kNo;
}
template <class N>
int within(const V<N>& v, const N& r2, bool r_zero) {
  return r_zero ? is_zero(v) : le0(sign_of(vdot(v, v) - r2));
}
template <class N>
int within(const V<N>& v, const N& r2, const V<N>& e, bool r_zero) {
  return r_zero ? is_zero(v) : le0(sign_of(vdot(v, v) - r2 * vdot(e, e)));
}
// Whether h^2 <= r2 nn, or h = 0 for a radius of 0.
template <class N>
int within(const N& h, const N& r2, const N& nn, bool r_zero) {
  if (r_zero) {
    const int sh = sign_of(h);
    return sh == kUnsure ? kMaybe : (sh == 0 ? kYes : kNo);
  }
  return le0(sign_of(h * h - r2 * nn));
}

template <class N>
int point_near_segment(const V<N>& v, const V<N>& u, const V<N>& e, bool e_zero,
                       const N& r2, bool r_zero) {
  // A zero-length segment is its point (Ericson 5.1.9).
  if (e_zero) return within(v, r2, r_zero);
  const int before = sign_of(vdot(v, e));
  if (before == kUnsure) return kMaybe;
  if (before <= 0) return within(v, r2, r_zero);  // nearest: a
  const int beyond = sign_of(vdot(u, e));
  if (beyond == kUnsure) return kMaybe;
  if (beyond >= 0) return within(u, r2, r_zero);  // nearest: b
  // The projection inside: |v|^2 - (v . e)^2 / |e|^2 = |v x e|^2 / |e|^2.
  return within(vcross(v, e), r2, e, r_zero);
}

struct SegmentPair {
  Vec3 p0, p1, q0, q1;
  double r1, r2, s;
};

// Whether the segments p0-p1 and q0-q1 are within r1 + r2 of each other.
template <class N>
int segments_within(const SegmentPair& g) {
  const double s = g.s;
  const N big_r = radius_sum<N>(g.r1, g.r2, s);
  const N r2 = big_r * big_r;
  const bool r_zero = g.r1 == 0.0 && g.r2 == 0.0;
  const bool d1_zero = same_point(g.p0, g.p1), d2_zero = same_point(g.q0, g.q1);
  // The directions in units of their own (own_scale), the offsets between
  // the segments in the frame's.
  const V<N> d1 = leaf<N>(g.p1, g.p0, own_scale(g.p0, g.p1)),
             d2 = leaf<N>(g.q1, g.q0, own_scale(g.q0, g.q1));
  // The boundary of [0, 1]^2: each end point against the other segment.
  int r = point_near_segment(leaf<N>(g.p0, g.q0, s), leaf<N>(g.p0, g.q1, s), d2,
                             d2_zero, r2, r_zero);
  if (r == kYes) return r;
  if (!d1_zero) {
    r = any_of(
        r, point_near_segment(leaf<N>(g.p1, g.q0, s), leaf<N>(g.p1, g.q1, s),
                              d2, d2_zero, r2, r_zero));
    if (r == kYes) return r;
  }
  r = any_of(
      r, point_near_segment(leaf<N>(g.q0, g.p0, s), leaf<N>(g.q0, g.p1, s), d1,
                            d1_zero, r2, r_zero));
  if (r == kYes) return r;
  if (!d2_zero) {
    r = any_of(
        r, point_near_segment(leaf<N>(g.q1, g.p0, s), leaf<N>(g.q1, g.p1, s),
                              d1, d1_zero, r2, r_zero));
  }
  if (r == kYes || d1_zero || d2_zero) return r;
  // The interior critical point: the lines' common perpendicular, when its
  // feet lie on both segments. Parallel segments (n = 0) have none, and the
  // boundary holds their minimum.
  const V<N> n = vcross(d1, d2);
  const N nn = vdot(n, n);
  const int parallel = sign_of(nn);
  if (parallel == kUnsure) return any_of(r, kMaybe);
  if (parallel == 0) return r;
  // The feet: s = ((d2 x w) . n) / |n|^2 in [0, 1], where 1 - s is ((d2 x
  // (p1 - q0)) . n) / -|n|^2, and t = ((d1 x w) . n) / |n|^2 in [0, 1], where
  // 1 - t is ((d1 x (p0 - q1)) . n) / -|n|^2: four signs, each unchanged by
  // scaling d1 or d2.
  const V<N> w = leaf<N>(g.p0, g.q0, s);
  int inside =
      all_of(ge0(sign_of(vdot(vcross(d2, w), n))),
             le0(sign_of(vdot(vcross(d2, leaf<N>(g.p1, g.q0, s)), n))));
  if (inside == kNo) return r;
  inside = all_of(inside, ge0(sign_of(vdot(vcross(d1, w), n))));
  if (inside == kNo) return r;
  inside =
      all_of(inside, le0(sign_of(vdot(vcross(d1, leaf<N>(g.p0, g.q1, s)), n))));
  if (inside == kNo) return r;
  const N wn = vdot(w, n);
  return any_of(r, all_of(inside, within(wn, r2, nn, r_zero)));
}

NP_RARE int segments_within_exact(const SegmentPair& g) {
  return segments_within<Ex>(g);
}

// A decision: the filtered one, else the exact one (which is never unsure).
inline bool decided(int filtered, int (*exact)(const void*), const void* g) {
  if (filtered != kMaybe) return filtered == kYes;
  return exact(g) == kYes;
}

bool segments_near(Vec3 p0, Vec3 p1, Vec3 q0, Vec3 q1, double r1, double r2) {
  const Vec3 points[4] = {p0, p1, q0, q1};
  const Frame f = frame_of(points, 4, r1, r2);
  if (f.trivially) return true;
  const SegmentPair g{p0, p1, q0, q1, r1, r2, f.s};
  return decided(
      segments_within<Fl>(g),
      [](const void* p) {
        return segments_within_exact(*static_cast<const SegmentPair*>(p));
      },
      &g);
}

// ---- Segment-box ------------------------------------------------------------

struct SegmentBox {
  Vec3 a, b;  // the segment
  Vec3 lo, hi;
  double r, s;
};

// Whether the segment a-b meets the box grown by r along axis k: Liang and
// Barsky's clip with every bound - a and direction exact, each parameter a
// fraction num / den with den > 0, and the clip non-empty when every entry
// (t = 0 included) is at most every exit (t = 1 included).
template <class N>
int segment_meets_grown_box(const SegmentBox& g, int k) {
  const double s = g.s;
  const N grow_by = radius_sum<N>(g.r, 0.0, s);
  N enter_num[4], enter_den[4], exit_num[4], exit_den[4];
  int enters = 1, exits = 1;
  enter_num[0] = zero<N>(), enter_den[0] = one<N>();
  exit_num[0] = one<N>(), exit_den[0] = one<N>();
  int r = kYes;
  for (int i = 0; i < 3; ++i) {
    const double ai = get(g.a, i), bi = get(g.b, i);
    N lo = difference<N>(get(g.lo, i), ai, s),
      hi = difference<N>(get(g.hi, i), ai, s);
    if (i == k) lo = lo - grow_by, hi = hi + grow_by;
    if (ai == bi) {
      // Parallel to the slab: inside it or not at all.
      r = all_of(r, all_of(le0(sign_of(lo)), ge0(sign_of(hi))));
      if (r == kNo) return r;
      continue;
    }
    const N d = difference<N>(bi, ai, s);
    if (bi > ai) {
      enter_num[enters] = lo, enter_den[enters++] = d;
      exit_num[exits] = hi, exit_den[exits++] = d;
    } else {
      const N nd = zero<N>() - d;
      enter_num[enters] = zero<N>() - hi, enter_den[enters++] = nd;
      exit_num[exits] = zero<N>() - lo, exit_den[exits++] = nd;
    }
  }
  for (int i = 0; i < enters; ++i) {
    for (int j = 0; j < exits; ++j) {
      // enter_i <= exit_j: num_i den_j - num_j den_i <= 0 (both dens > 0).
      r = all_of(r, le0(sign_of(enter_num[i] * exit_den[j] -
                                exit_num[j] * enter_den[i])));
      if (r == kNo) return r;
    }
  }
  return r;
}

template <class N>
int capsule_box(const SegmentBox& g) {
  // The box grown along each axis (radius 0: the box itself, once).
  int r = kNo;
  for (int k = 0; k < (g.r == 0.0 ? 1 : 3); ++k) {
    r = any_of(r, segment_meets_grown_box<N>(g, k));
    if (r == kYes) return r;
  }
  if (g.r == 0.0) return r;
  // The 12 edges, each from a corner with a low coordinate on its axis.
  for (int axis = 0; axis < 3; ++axis) {
    for (int corner = 0; corner < 4; ++corner) {
      Vec3 c0 = g.lo;
      set(c0, (axis + 1) % 3,
          (corner & 1) ? get(g.hi, (axis + 1) % 3) : get(g.lo, (axis + 1) % 3));
      set(c0, (axis + 2) % 3,
          (corner & 2) ? get(g.hi, (axis + 2) % 3) : get(g.lo, (axis + 2) % 3));
      Vec3 c1 = c0;
      set(c1, axis, get(g.hi, axis));
      r = any_of(r, segments_within<N>({g.a, g.b, c0, c1, g.r, 0.0, g.s}));
      if (r == kYes) return r;
    }
  }
  return r;
}

NP_RARE int capsule_box_exact(const SegmentBox& g) {
  return capsule_box<Ex>(g);
}

// ---- Segment-triangle
// ---------------------------------------------------------

struct SegmentTriangle {
  Vec3 a, b;  // the segment
  Triangle t;
  double r, s;
};

template <class N>
int capsule_triangle(const SegmentTriangle& g) {
  const double s = g.s;
  const Vec3 corners[3] = {g.t.a, g.t.b, g.t.c};
  // Within the radius of an edge (a degenerate triangle is no more than its
  // edges).
  int r = kNo;
  for (int i = 0; i < 3; ++i) {
    r = any_of(r, segments_within<N>({g.a, g.b, corners[i],
                                      corners[(i + 1) % 3], g.r, 0.0, s}));
    if (r == kYes) return r;
  }
  // (Directions in units of their own: every test is homogeneous in n, in
  // the edges and in the segment's direction.)
  const V<N> n = vcross(leaf<N>(g.t.b, g.t.a, own_scale(g.t.a, g.t.b)),
                        leaf<N>(g.t.c, g.t.a, own_scale(g.t.a, g.t.c)));
  const N nn = vdot(n, n);
  const int flat = sign_of(nn);
  if (flat == kUnsure) return any_of(r, kMaybe);
  if (flat == 0) return r;  // collinear or coincident corners: the edges
  // An end point over the face, within the radius of the plane.
  const N big_r = radius_sum<N>(g.r, 0.0, s);
  const N r2 = big_r * big_r;
  const Vec3 ends[2] = {g.a, g.b};
  for (int e = 0; e < (same_point(g.a, g.b) ? 1 : 2); ++e) {
    int over = kYes;
    for (int i = 0; i < 3 && over != kNo; ++i) {
      const Vec3 v = corners[i], w = corners[(i + 1) % 3];
      over = all_of(over,
                    ge0(sign_of(vdot(n, vcross(leaf<N>(w, v, own_scale(v, w)),
                                               leaf<N>(ends[e], v, s))))));
    }
    if (over == kNo) continue;
    const N h = vdot(n, leaf<N>(ends[e], g.t.a, s));
    r = any_of(r, all_of(over, within(h, r2, nn, g.r == 0.0)));
    if (r == kYes) return r;
  }
  // The segment crossing the face: its ends strictly on opposite sides, and
  // its line through the closed triangle (the three triple products of one
  // sign). Touching otherwise (an end on the plane, or the crossing on an
  // edge) is found above.
  const int oa = sign_of(vdot(n, leaf<N>(g.a, g.t.a, s))),
            ob = sign_of(vdot(n, leaf<N>(g.b, g.t.a, s)));
  if (oa == kUnsure || ob == kUnsure) return any_of(r, kMaybe);
  if (oa * ob >= 0) return r;
  const V<N> d = leaf<N>(g.b, g.a, own_scale(g.a, g.b));
  int positive = kYes, negative = kYes;
  for (int i = 0; i < 3; ++i) {
    // (v_i - a) x (v_j - a) = (v_i - a) x (v_j - v_i): the edge in units of
    // its own, so that a small triangle far from a (whose two offsets are
    // nearly equal) does not cancel into underflow.
    const Vec3 vi = corners[i], vj = corners[(i + 1) % 3];
    const int o = sign_of(vdot(
        d, vcross(leaf<N>(vi, g.a, s), leaf<N>(vj, vi, own_scale(vi, vj)))));
    if (o == kUnsure) return any_of(r, kMaybe);
    if (o < 0) positive = kNo;
    if (o > 0) negative = kNo;
  }
  return any_of(r, any_of(positive, negative));
}

NP_RARE int capsule_triangle_exact(const SegmentTriangle& g) {
  return capsule_triangle<Ex>(g);
}

// Whether, on some axis, the segment's bounding box lies beyond [lo, hi] by
// clearly more than r: the gap, rounded once, exceeds r by more than its
// rounding. A fast and exact-safe rejection.
bool clearly_apart(Vec3 a, Vec3 b, Vec3 lo, Vec3 hi, double r) {
  const double reach = r * (1.0 + 0x1p-50) + 0x1p-1070;
  for (int i = 0; i < 3; ++i) {
    const double smin = min2(get(a, i), get(b, i)),
                 smax = max2(get(a, i), get(b, i));
    if (smin - get(hi, i) > reach || get(lo, i) - smax > reach) return true;
  }
  return false;
}

// ---- Quick verdicts (before the exact predicate) ----------------------------

// What the doubles can say of a segment against a box grown by g (per axis)
// without any exact arithmetic: kNo when it misses the box grown a margin
// more, kYes when it meets the box grown a margin less, kMaybe otherwise
// (kClearMargin: the margin is M 2^-40, M the configuration's magnitude,
// against roundings of at most about 2^-48 M in the clip below: each slab
// bound and each parameter (bound - a) / (b - a) is off by a few ulps of M
// over |b - a|, which moves the point the clip stands for by a few ulps of M).
// Liang and Barsky's clip, as segment_meets_grown_box below.
int clip_with_margin(Vec3 a, Vec3 b, Vec3 lo, Vec3 hi, Vec3 g, double margin) {
  double enter = 0.0, exit = 1.0;
  for (int i = 0; i < 3; ++i) {
    const double ai = get(a, i), bi = get(b, i);
    const double l = (get(lo, i) - get(g, i)) - margin,
                 h = (get(hi, i) + get(g, i)) + margin;
    if (ai == bi) {  // parallel to the slab
      if (ai < l || ai > h) return kNo;
      continue;
    }
    const double d = bi - ai;
    double t0 = (l - ai) / d, t1 = (h - ai) / d;
    if (d < 0.0) std::swap(t0, t1);
    enter = max2(enter, t0), exit = min2(exit, t1);
    if (enter > exit) return kNo;
  }
  return kYes;
}

// A point *p of p0-p1 and a point *q of q0-q1, in doubles, at the parameters
// Ericson's closest points of two segments choose (Real-Time Collision
// Detection, 5.1.9): whatever rounding does to those parameters, they are
// clamped to [0, 1], so the two points lie on the segments (to within a few
// ulps of the coordinates).
void segment_points(Vec3 p0, Vec3 p1, Vec3 q0, Vec3 q1, Vec3* p, Vec3* q) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, w = p0 - q0;
  const double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, w);
  const auto clamp01 = [](double x) { return x > 0.0 ? min2(x, 1.0) : 0.0; };
  double s = 0.0, t = 0.0;
  if (a == 0.0) {
    t = e == 0.0 ? 0.0 : clamp01(f / e);
  } else {
    const double c = dot(d1, w);
    if (e == 0.0) {
      s = clamp01(-c / a);
    } else {
      const double b = dot(d1, d2), denom = a * e - b * b;
      s = denom > 0.0 ? clamp01((b * f - c * e) / denom) : 0.0;
      t = (b * s + f) / e;
      if (!(t >= 0.0)) {
        t = 0.0, s = clamp01(-c / a);
      } else if (t > 1.0) {
        t = 1.0, s = clamp01((b - c) / a);
      }
    }
  }
  *p = p0 + d1 * s;
  *q = q0 + d2 * t;
}

// The capsule (a, b, r) against the box [lo, hi], decided in doubles where a
// margin settles it (the rounded box lies inside the box grown by r on every
// axis, and holds the three boxes grown by r along one axis; Ericson 5.5.7),
// else kMaybe: the configuration is near the rounded box's surface, or in its
// edge or corner pockets, or of a magnitude beyond the margin's range.
int capsule_box_quick(Vec3 a, Vec3 b, Vec3 lo, Vec3 hi, double r) {
  const double m =
      max2(max2(max_abs_component(a), max_abs_component(b)),
           max2(max2(max_abs_component(lo), max_abs_component(hi)), r));
  if (!(m >= 0x1p-900 && m <= 0x1p900)) return kMaybe;
  const double margin = m * kClearMargin;
  if (clip_with_margin(a, b, lo, hi, Vec3{r, r, r}, margin) == kNo) return kNo;
  for (int k = 0; k < 3; ++k) {
    Vec3 g{0.0, 0.0, 0.0};
    set(g, k, r);
    if (clip_with_margin(a, b, lo, hi, g, -margin) == kYes) return kYes;
    if (r == 0.0) break;  // the three are the box itself
  }
  // In an edge's or a corner's pocket (for magnitudes whose squares neither
  // overflow nor lose the margin): kYes when within r of an edge by a
  // margin. kNo when the segment is clear of every piece of the rounded box
  // by a margin: of each of the three boxes grown by r along one axis, and of
  // each edge's capsule. The distance to an edge is bounded from below by the
  // separation of the segment and the edge along the direction u of the pair
  // of points Ericson's closest points give (convex sets are at least their
  // separation along any axis apart; along u it is their distance up to
  // rounding), as in capsule_triangle_quick: each projection is within
  // 2^-46 |u| M of the exact one, far inside the margin.
  if (!(m >= 0x1p-200 && m <= 0x1p200)) return kMaybe;
  // Input outside the contract (a NaN coordinate, which max2 drops from m, or
  // a negative or NaN radius) is left to the exact path, so that the answer
  // stays its answer for any input (the sum is NaN only for a NaN: every
  // coordinate is at most 2^200).
  const bool valid =
      r >= 0.0 && !std::isnan(a.x + a.y + a.z + b.x + b.y + b.z + lo.x + lo.y +
                              lo.z + hi.x + hi.y + hi.z);
  const bool can_reach = r > 2.0 * margin;
  const double reach = (r - margin) * (r - margin) * (1.0 - 0x1p-40);
  bool clear = valid;  // of every edge's capsule so far
  for (int axis = 0; axis < 3; ++axis) {
    const int j = (axis + 1) % 3, k = (axis + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      Vec3 c0 = lo;
      set(c0, j, (corner & 1) ? get(hi, j) : get(lo, j));
      set(c0, k, (corner & 2) ? get(hi, k) : get(lo, k));
      Vec3 c1 = c0;
      set(c1, axis, get(hi, axis));
      Vec3 p, q;
      segment_points(a, b, c0, c1, &p, &q);
      // |p - q|^2 is at least the distance's square, less that rounding: an
      // upper bound to prove the capsule within reach, never out of it.
      const Vec3 u = p - q;
      const double uu = dot(u, u);
      if (can_reach && uu < reach) return kYes;
      if (!clear) continue;
      const double low = min2(dot(u, a - q), dot(u, b - q)),
                   high = max2(dot(u, c0 - q), dot(u, c1 - q));
      clear = uu >= 0x1p-900 &&
              low - high > std::sqrt(uu) * (r + margin) * (1.0 + 0x1p-40);
    }
  }
  if (!clear) return kMaybe;
  for (int k = 0; k < 3; ++k) {
    Vec3 g{0.0, 0.0, 0.0};
    set(g, k, r);
    if (clip_with_margin(a, b, lo, hi, g, margin) != kNo) return kMaybe;
  }
  return kNo;
}

// The sign of det[p1 - s; p2 - s; p3 - s] from the rounded differences, or
// kUnsure, for coordinates of magnitude at most 2^200. Shewchuk's static
// filter for orient3d (Shewchuk, "Adaptive Precision Floating-Point
// Arithmetic and Fast Robust Geometric Predicates", Discrete & Computational
// Geometry 18, 1997, section 4.3: the rounded value has the exact sign when
// its magnitude exceeds (7 + 56 eps) eps, eps = 2^-53, times the permanent),
// with kOrientFilterBand (2^-40) for that factor as in detail::det3_sign, and
// 2^-800 for underflow (at most 2^-1075 in each of six products of two
// differences, scaled by at most 2^202 in the last products).
int orient_filtered(Vec3 p1, Vec3 p2, Vec3 p3, Vec3 s) {
  const Vec3 r0 = p1 - s, r1 = p2 - s, r2 = p3 - s;
  const double value = dot(r0, cross(r1, r2));
  const double permanent =
      std::fabs(r0.x) * (std::fabs(r1.y * r2.z) + std::fabs(r1.z * r2.y)) +
      std::fabs(r0.y) * (std::fabs(r1.z * r2.x) + std::fabs(r1.x * r2.z)) +
      std::fabs(r0.z) * (std::fabs(r1.x * r2.y) + std::fabs(r1.y * r2.x));
  if (std::fabs(value) > kOrientFilterBand * permanent + 0x1p-800)
    return value > 0.0 ? 1 : -1;
  return kUnsure;
}

// Whether the segment a-b certainly crosses the triangle's interior: its ends
// strictly on either side of the plane, and the line strictly inside the three
// edges (the scalar triple products of Ericson 5.3.4 of one strict sign),
// every sign certified by orient_filtered. Such a segment meets the triangle,
// whatever the radius. Coordinates at most 2^200 (the caller checks).
bool crosses_face(Vec3 a, Vec3 b, const Triangle& t) {
  const int sa = orient_filtered(t.b, t.c, a, t.a),
            sb = orient_filtered(t.b, t.c, b, t.a);
  if (sa == kUnsure || sb == kUnsure || sa == 0 || sa != -sb) return false;
  const int u = orient_filtered(b, t.c, t.b, a);
  if (u == kUnsure || u == 0) return false;
  return orient_filtered(b, t.a, t.c, a) == u &&
         orient_filtered(b, t.b, t.a, a) == u;
}

// The capsule (a, b, r) against the triangle t, decided in doubles where a
// margin settles it (kClearMargin of the configuration's magnitude M), else
// kMaybe: touching to within the margin, or M beyond [2^-200, 2^200] (where
// the squares below could lose it), or input outside the contract. The
// candidates for the nearest pair are Ericson's (5.1.10, as
// closest_segment_triangle in contact.cpp): the segment against each edge, each
// end against its foot on the face, and the segment's crossing of the plane
// against its foot. Each candidate is a point of the segment and a point of the
// triangle, whatever rounding did to its parameters (clamped to the shapes: [0,
// 1] on the segment, barycentric coordinates v, w
// >= 0 with v + w <= 1 on the triangle), to within a few ulps of M, so the
// least distance found bounds the true one from above: kYes when it is below
// r by the margin. From below: the shapes are convex, so their distance is at
// least their separation along any axis u over |u|; along the best pair's
// direction (the least projection of the segment's ends less the largest of
// the corners', each within 2^-46 |u| M of the exact one) it is the distance
// up to rounding: kNo when it exceeds r by the margin. A fast and exact-safe
// verdict before capsule_triangle's filter, which costs ten times as much.
int capsule_triangle_quick(Vec3 a, Vec3 b, const Triangle& t, double r) {
  const double m =
      max2(max2(max2(max_abs_component(a), max_abs_component(b)), r),
           max2(max2(max_abs_component(t.a), max_abs_component(t.b)),
                max_abs_component(t.c)));
  if (!(m >= 0x1p-200 && m <= 0x1p200)) return kMaybe;
  // Input outside the contract (validate.h): a NaN coordinate, which max2
  // drops from m and from the projections, or a negative or NaN radius, which
  // the exact path squares. Left to it, so that the answer stays the exact
  // path's for any input (the coordinates are at most 2^200: the sum is NaN
  // only for a NaN).
  if (!(r >= 0.0) ||
      std::isnan(a.x + a.y + a.z + b.x + b.y + b.z + t.a.x + t.a.y + t.a.z +
                 t.b.x + t.b.y + t.b.z + t.c.x + t.c.y + t.c.z))
    return kMaybe;
  const double margin = m * kClearMargin;
  Vec3 near_p = a, near_q = t.a;  // the nearest pair found
  double best = HUGE_VAL;         // its squared distance
  const auto consider = [&](Vec3 p, Vec3 q) {
    const Vec3 g = p - q;
    const double d2 = dot(g, g);
    if (d2 < best) best = d2, near_p = p, near_q = q;
  };
  const Vec3 corners[3] = {t.a, t.b, t.c};
  for (int i = 0; i < 3; ++i) {
    Vec3 p, q;
    segment_points(a, b, corners[i], corners[(i + 1) % 3], &p, &q);
    consider(p, q);
  }
  // The foot of x on the face, when it lies in the triangle: its barycentric
  // coordinates from the normal equations (Ericson 3.4), NaN for a degenerate
  // triangle (then no foot: the edges are the triangle).
  const Vec3 ab = t.b - t.a, ac = t.c - t.a;
  const double d00 = dot(ab, ab), d01 = dot(ab, ac), d11 = dot(ac, ac);
  const double denom = d00 * d11 - d01 * d01;
  const auto foot = [&](Vec3 x) {
    const Vec3 ax = x - t.a;
    const double d20 = dot(ax, ab), d21 = dot(ax, ac);
    const double v = (d11 * d20 - d01 * d21) / denom,
                 w = (d00 * d21 - d01 * d20) / denom;
    if (v >= 0.0 && w >= 0.0 && v + w <= 1.0)
      consider(x, t.a + ab * v + ac * w);
  };
  foot(a);
  foot(b);
  // The crossing: the ends' heights over the plane of opposite signs.
  const Vec3 n = cross(ab, ac);
  const double ha = dot(n, a - t.a), hb = dot(n, b - t.a);
  if ((ha <= 0.0 && hb >= 0.0) || (ha >= 0.0 && hb <= 0.0)) {
    const double s = ha == hb ? 0.0 : ha / (ha - hb);  // in [0, 1]
    foot(a + (b - a) * (s > 0.0 ? min2(s, 1.0) : 0.0));
  }
  if (r > 2.0 * margin && best < (r - margin) * (r - margin) * (1.0 - 0x1p-40))
    return kYes;
  // A segment through the face meets it at any radius; for a radius within
  // the margin (a segment: contact_capsule_triangle asks whether the axis
  // meets the triangle), no distance can show that by a margin. (Beyond it,
  // the crossing's foot above already did.)
  if (!(r > 2.0 * margin) && crosses_face(a, b, t)) return kYes;
  const Vec3 u = near_p - near_q;
  const double uu = dot(u, u);
  if (!(uu >= 0x1p-900)) return kMaybe;
  const double low = min2(dot(u, a - near_q), dot(u, b - near_q)),
               high = max2(max2(dot(u, t.a - near_q), dot(u, t.b - near_q)),
                           dot(u, t.c - near_q));
  if (low - high > std::sqrt(uu) * (r + margin) * (1.0 + 0x1p-40)) return kNo;
  return kMaybe;
}

inline bool inside(Vec3 p, const AABB& box) {
  return p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y &&
         p.y <= box.max.y && p.z >= box.min.z && p.z <= box.max.z;
}

Vec3 to_local(Vec3 p, const OBB& b, double k) {
  const Vec3 v = k == 1.0 ? p - b.center : p * k - b.center * k;
  return {dot(v, b.axis[0]), dot(v, b.axis[1]), dot(v, b.axis[2])};
}

}  // namespace

bool overlap_capsule_capsule(const Capsule& a, const Capsule& b) {
  // The segments' boxes clearly farther apart than the radius sum on an axis
  // (r1 + r2 rounded once: within clearly_apart's margin).
  const Vec3 lo{min2(b.start.x, b.end.x), min2(b.start.y, b.end.y),
                min2(b.start.z, b.end.z)};
  const Vec3 hi{max2(b.start.x, b.end.x), max2(b.start.y, b.end.y),
                max2(b.start.z, b.end.z)};
  if (clearly_apart(a.start, a.end, lo, hi, a.radius + b.radius)) return false;
  return segments_near(a.start, a.end, b.start, b.end, a.radius, b.radius);
}

bool overlap_capsule_aabb(const Capsule& c, const AABB& box) {
  if (clearly_apart(c.start, c.end, box.min, box.max, c.radius)) return false;
  if (inside(c.start, box) || inside(c.end, box)) return true;
  const int quick =
      capsule_box_quick(c.start, c.end, box.min, box.max, c.radius);
  if (quick != kMaybe) return quick == kYes;
  const Vec3 points[4] = {c.start, c.end, box.min, box.max};
  const Frame f = frame_of(points, 4, c.radius, 0.0);
  if (f.trivially) return true;
  const SegmentBox g{c.start, c.end, box.min, box.max, c.radius, f.s};
  return decided(
      capsule_box<Fl>(g),
      [](const void* p) {
        return capsule_box_exact(*static_cast<const SegmentBox*>(p));
      },
      &g);
}

bool overlap_capsule_obb(const Capsule& c, const OBB& box) {
  const double k = detail::obb_frame_scale(c.start, c.end, box);
  const Vec3 h = box.half_size * k;
  return overlap_capsule_aabb(
      Capsule{to_local(c.start, box, k), to_local(c.end, box, k), c.radius * k},
      AABB{negated(h), h});
}

bool overlap_capsule_triangle(const Capsule& c, const Triangle& t) {
  const AABB box = triangle_box(t);
  if (clearly_apart(c.start, c.end, box.min, box.max, c.radius)) return false;
  // A corner certainly in an end ball: touching (detail::corner_in_ball's
  // bound; the capsule contains both end balls).
  if (detail::corner_in_ball(c.start, c.radius, t) ||
      detail::corner_in_ball(c.end, c.radius, t))
    return true;
  const int quick = capsule_triangle_quick(c.start, c.end, t, c.radius);
  if (quick != kMaybe) return quick == kYes;
  const Vec3 points[5] = {c.start, c.end, t.a, t.b, t.c};
  const Frame f = frame_of(points, 5, c.radius, 0.0);
  if (f.trivially) return true;
  const SegmentTriangle g{c.start, c.end, t, c.radius, f.s};
  return decided(
      capsule_triangle<Fl>(g),
      [](const void* p) {
        return capsule_triangle_exact(*static_cast<const SegmentTriangle*>(p));
      },
      &g);
}

}  // namespace np
