// narrowphase fuzzing: the invariants of each result kind (EDGE_CASES.md,
// "Invariants"), checked against reference geometry in long double (kinds.cpp)
// and against sibling queries of the table.
//
// Tolerances. The core is exact where it says so (clamps, exact-on-the-reals
// decisions, hit points snapped onto faces, error codes) and those are checked
// exactly. Everything else is compared with a band around the reference value
// or decision boundary:
//   kRel * scale + kAbs + the shape's slop,
// where scale is the largest magnitude among the numbers involved (the core's
// roundings are relative to the coordinates, not to the result: p - max rounds
// relative to |p|), kRel = 2^-40 (8192 ulps: the core's longest chain of
// roundings is a few tens of ulps of the coordinates, so this leaves a margin
// of two orders while still catching any wrong branch or formula, which errs by
// far more), kAbs = 2^-1060 (64 times the smallest subnormal: arithmetic on
// subnormals rounds absolutely, and a scaled-back result may lose that much),
// and the slop of an OBB whose rotation is orthonormal only within validate's
// 1e-6 (the core makes it exact, which moves the box). Unit normals are checked
// to within 8 ulps of 1 (unit_or's v / sqrt(v . v) is within ~3). The relations
// between two queries that both decide on the same exact quantity (overlap vs
// distance) use a tiny band of 2^-44 of the quantities compared.
#include "checks.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kinds.h"

namespace np_fuzz {

namespace {

constexpr L kRel = 0x1p-40L;
constexpr L kAbs = 0x1p-1060L;
constexpr L kUnitTol = 8 * 0x1p-52L;
constexpr L kTiny = 0x1p-44L;

// The absolute floor of a band for inputs of this scale. Beyond 2^1000 the core
// divides every input by 2^1000 (shape_cast.cpp) so that nothing overflows;
// that rounds what it pushes below the smallest double, up to 2^-1074 * 2^1000
// = 2^-74 per number in input units, and a result made of a few of them (a
// length of a difference) may be off by a few times that: 2^-66 allows 256.
L abs_floor(L scale) { return scale >= 0x1p1000L ? 0x1p-66L : kAbs; }

// A NaN with a payload no computation makes: slots of io the query must not
// touch. (It lacked a hex digit until the contact harnesses were fuzzed again:
// 0x07ff4dead5e171e1 is the double 0x1.f4dead5e171e1p-896, which the fuzzer
// fed in as a sphere's coordinate and contactSphereSphere rightly copied to
// pointB, reported as "not written". A NaN is never an input of a valid call.)
constexpr uint64_t kSentinelBits = 0x7ff4dead5e171e10ull;
static_assert((kSentinelBits >> 52 & 0x7ff) == 0x7ff &&
                  (kSentinelBits & ((uint64_t{1} << 52) - 1)) != 0,
              "the sentinel must be a NaN");
double sentinel() {
  double d;
  std::memcpy(&d, &kSentinelBits, sizeof d);
  return d;
}
bool is_sentinel(double d) {
  const double s = sentinel();
  return std::memcmp(&d, &s, sizeof d) == 0;
}

bool negative_zero(double v) { return v == 0.0 && std::signbit(v); }

// |a - b| <= band, where an infinite value (a result that overflowed a double)
// matches only a value at or beyond the largest double; NaN matches nothing.
bool close(L a, L b, L band) {
  if (std::isnan(a) || std::isnan(b)) return false;
  if (std::isinf(a) || std::isinf(b)) {
    // An infinite result is right only when the reference itself overflows a
    // double (within the band: a reference within the band of DBL_MAX may be
    // on either side of it).
    const L other = std::isinf(a) ? b : a;
    return std::fabs(other) + band >= static_cast<L>(DBL_MAX) * (1 - kRel) ||
           std::isinf(other);
  }
  return std::fabs(a - b) <= band;
}

int find_query(Result r, const Arg* args, int n) {
  for (int i = 0; i < kQueryCount; ++i) {
    const Query& q = kQueries[i];
    if (q.result != r || arg_count(q) != n) continue;
    bool same = true;
    for (int k = 0; k < n; ++k) same = same && q.args[k] == args[k];
    if (same) return i;
  }
  return -1;
}

int call(const Query& q, const double* inputs, double* io) {
  for (int i = 0; i < NP_IO_DOUBLES; ++i) io[i] = 0.0;
  std::memcpy(io, inputs, sizeof(double) * input_size(q));
  return q.fn(io);
}

// One checked call: its inputs, return value and io afterwards, and how to
// report a violation.
struct Call {
  const Query& q;
  const char* mode;
  double in[NP_IO_DOUBLES];
  double io[NP_IO_DOUBLES];
  int rc = 0;
  int offset[kMaxArgs] = {};

  Call(const Query& query, const char* m, const double* inputs)
      : q(query), mode(m) {
    for (int i = 0; i < NP_IO_DOUBLES; ++i) in[i] = 0.0;
    std::memcpy(in, inputs, sizeof(double) * input_size(q));
    for (int i = 0, off = 0; i < arg_count(q); ++i)
      offset[i] = off, off += kind(q.args[i]).size;
  }
  const double* arg(int i) const { return in + offset[i]; }
  int find(Arg a, int nth = 0) const {
    for (int i = 0; i < arg_count(q); ++i) {
      if (q.args[i] == a && nth-- == 0) return i;
    }
    return -1;
  }
  int find_shape(int nth = 0) const {
    for (int i = 0; i < arg_count(q); ++i) {
      if (kind(q.args[i]).shape != nullptr && nth-- == 0) return i;
    }
    return -1;
  }

  [[noreturn]] __attribute__((format(printf, 2, 3))) void fail(const char* fmt,
                                                               ...) const {
    std::fprintf(stderr, "\n==== narrowphase fuzz (%s mode): %s: ", mode,
                 q.name);
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    print();
    std::abort();
  }
  void print() const {
    std::fprintf(stderr, "\ninputs:\n");
    for (int i = 0; i < arg_count(q); ++i) {
      const ArgKind& k = kind(q.args[i]);
      std::fprintf(stderr, "  %-12s", k.name);
      for (int j = 0; j < k.size; ++j) std::fprintf(stderr, " %a", arg(i)[j]);
      std::fprintf(stderr, "\n  %-12s", "");
      for (int j = 0; j < k.size; ++j)
        std::fprintf(stderr, " %.17g", arg(i)[j]);
      std::fprintf(stderr, "\n");
    }
    std::fprintf(stderr, "returned %d; io after the call:\n ", rc);
    const int n = std::max(output_size(q.result), 1);
    for (int j = 0; j < n; ++j)
      std::fprintf(stderr, " [%d] %a (%.17g)%s", j, io[j], io[j],
                   j % 3 == 2 ? "\n " : "");
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

  void unit_normal(const double* n, const char* what) const {
    for (int i = 0; i < 3; ++i) {
      if (std::isnan(n[i])) fail("%s has NaN", what);
      if (negative_zero(n[i])) fail("%s has -0 in component %d", what, i);
    }
    const L length = len(lv(n));
    if (!(std::fabs(length - 1) <= kUnitTol))
      fail("%s is not unit: |n| - 1 = %Lg", what, length - 1);
  }
  void no_nan(const double* v, int count, const char* what) const {
    for (int i = 0; i < count; ++i) {
      if (std::isnan(v[i])) fail("%s: NaN in output %d", what, i);
    }
  }
};

// ---- box-like shapes as parallelepipeds: center, half sizes, columns (an AABB
// has the identity) ----

struct Box {
  LV c;
  L h[3];
  LV a[3];
  L err;          // orthonormality error of the columns
  bool identity;  // exactly the identity rotation (the core decides such pairs
                  // exactly)
  const double* obb;
};

bool box_of(Arg k, const double* v, Box* b) {
  if (k == kAABB) {
    b->c = (lv(v) + lv(v + 3)) * L(0.5);
    for (int i = 0; i < 3; ++i) b->h[i] = (static_cast<L>(v[3 + i]) - v[i]) / 2;
    b->a[0] = {1, 0, 0}, b->a[1] = {0, 1, 0}, b->a[2] = {0, 0, 1};
    b->err = 0, b->identity = false, b->obb = nullptr;
    return true;
  }
  if (k == kOBB) {
    b->c = lv(v);
    for (int i = 0; i < 3; ++i) b->h[i] = v[3 + i], b->a[i] = lv(v + 6 + 3 * i);
    b->err = 0;
    for (int i = 0; i < 3; ++i) {
      for (int j = i; j < 3; ++j)
        b->err = std::fmax(b->err,
                           std::fabs(dot(b->a[i], b->a[j]) - (i == j ? 1 : 0)));
    }
    b->identity = true;
    for (int i = 0; i < 9; ++i)
      b->identity = b->identity && v[6 + i] == (i % 4 == 0 ? 1.0 : 0.0);
    b->obb = v;
    return true;
  }
  return false;
}

// Exact sign of a + b + c + d, four doubles (a nonoverlapping expansion,
// Shewchuk 1997), computed in long double: no sum of doubles overflows it, and
// TwoSum is error-free in any binary format that rounds to nearest.
int exact_sign(L a, L b, L c, L d) {
  L e[4];
  int n = 0;
  for (L q : {a, b, c, d}) {
    for (int i = 0; i < n; ++i) {
      const L s = q + e[i], bb = s - q;
      e[i] = (q - (s - bb)) + (e[i] - bb);
      q = s;
    }
    e[n++] = q;
  }
  for (int i = n - 1; i >= 0; --i) {
    if (e[i] != 0) return e[i] > 0 ? 1 : -1;
  }
  return 0;
}

// Two OBBs with the identity rotation overlap exactly when |b.c - a.c| <= ha +
// hb on every axis (reals).
bool identity_pair_overlaps(const double* a, const double* b) {
  for (int i = 0; i < 3; ++i) {
    const L d = b[i] >= a[i] ? 1 : -1;  // sign of b.c - a.c, exactly
    if (exact_sign(d * b[i], -d * a[i], -static_cast<L>(a[3 + i]),
                   -static_cast<L>(b[3 + i])) > 0)
      return false;
  }
  return true;
}

// The separating axis test of Ericson 4.4.1 in long double on the exact input
// geometry, axis numbering as separating_axis_obb_obb: gap[k] = how far apart
// the projections are along axis k, in world units (< 0: they overlap by that
// much), band[k] = how far the core may legitimately be off, valid[k] = false
// for a zero axis (parallel edges).
struct Sat {
  L gap[15], band[15];
  bool valid[15];
  L scale;
};

Sat sat(const Box& A, const Box& B) {
  Sat s;
  const LV t = B.c - A.c;
  L sizes = 0;
  for (int i = 0; i < 3; ++i) sizes += A.h[i] + B.h[i];
  // Coordinates round relative to their magnitude, and so does b.c - a.c.
  s.scale = sizes + std::fabs(t.x) + std::fabs(t.y) + std::fabs(t.z) +
            std::fmax(max_abs(A.c), max_abs(B.c));
  const L rotation_slop = 4 * (A.err + B.err) * s.scale;
  // The core's edge-axis slack, kObbEdgeAxisSlack * (e + 2^-52) * (sizes +
  // |t|_1) in units of |L|, with e the rotation error after the core made it
  // orthonormal (at most kOrthonormalizeAbove = 2^-46); doubled.
  const L edge_slack =
      16 * (std::fmin(std::fmax(A.err, B.err), 0x1p-46L) + 0x1p-52L) * s.scale;
  for (int k = 0; k < 15; ++k) {
    const bool edge = k >= 6;
    const LV axis = k < 3 ? A.a[k]
                          : (k < 6 ? B.a[k - 3]
                                   : cross(A.a[(k - 6) / 3], B.a[(k - 6) % 3]));
    const L n = len(axis);
    s.valid[k] = n > 0;
    if (!s.valid[k]) {
      s.gap[k] = 0, s.band[k] = HUGE_VALL;
      continue;
    }
    L ra = 0, rb = 0;
    for (int i = 0; i < 3; ++i)
      ra += A.h[i] * std::fabs(dot(A.a[i], axis)),
          rb += B.h[i] * std::fabs(dot(B.a[i], axis));
    s.gap[k] = (std::fabs(dot(t, axis)) - ra - rb) / n;
    s.band[k] = kRel * s.scale + kAbs + rotation_slop;
    // An edge axis is a cross product: its direction is uncertain by (rounding
    // + rotation error) / |L|.
    if (edge)
      s.band[k] += (edge_slack + rotation_slop + 0x1p-60L * s.scale) / n;
  }
  return s;
}

// Whether a point is inside a box by more than `band`.
bool clearly_inside(const Box& b, LV p, L band) {
  const LV d = p - b.c;
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(dot(d, b.a[i])) > b.h[i] - band) return false;
  }
  return true;
}

enum class Ref { kNo = 0, kYes = 1, kUnsure = 2 };
const char* ref_name(Ref r) {
  return r == Ref::kYes ? "overlap" : (r == Ref::kNo ? "no overlap" : "unsure");
}

// A shape against a (thin) plane: they overlap exactly when the shape's
// signed distances to the plane, (n . p + k) / |n| over its support points
// (a capsule's end points widened by its radius, a box's eight corners, a
// triangle's three), straddle or touch 0. In long double: its 64-bit products
// and exponent range hold every double product's rounding far below the band.
Ref reference_plane(Arg ka, const double* a, const double* plane, char* why,
                    size_t why_size) {
  LV pts[8];
  int n = 0;
  L r = 0;
  if (ka == kCapsule) {
    pts[n++] = lv(a), pts[n++] = lv(a + 3), r = a[6];
  } else if (ka == kAABB) {
    for (int c = 0; c < 8; ++c)
      pts[n++] = {static_cast<L>(a[c & 1 ? 3 : 0]),
                  static_cast<L>(a[c & 2 ? 4 : 1]),
                  static_cast<L>(a[c & 4 ? 5 : 2])};
  } else if (ka == kOBB) {
    for (int c = 0; c < 8; ++c) {
      LV p = lv(a);
      for (int i = 0; i < 3; ++i)
        p = p + lv(a + 6 + 3 * i) *
                    ((c >> i & 1 ? 1 : -1) * static_cast<L>(a[3 + i]));
      pts[n++] = p;
    }
  } else if (ka == kTriangle) {
    pts[n++] = lv(a), pts[n++] = lv(a + 3), pts[n++] = lv(a + 6);
  } else {
    return Ref::kUnsure;
  }
  const LV nv = lv(plane);
  const L nl = len(nv);
  L lo = HUGE_VALL, hi = -HUGE_VALL, scale = 0;
  for (int i = 0; i < n; ++i) {
    const L f = (dot(nv, pts[i]) + plane[3]) / nl;
    lo = std::fmin(lo, f), hi = std::fmax(hi, f);
    scale = std::fmax(scale, max_abs(pts[i]));
  }
  scale = std::fmax(scale, kind(kPlane).shape->scale(plane)) + r;
  const L gap = std::fmax(lo - r, -(hi + r));
  const L band = kRel * scale + kAbs;
  std::snprintf(why, why_size,
                "reference: the shape's plane values span [%Lg, %Lg] with "
                "radius %Lg: %Lg from the plane (band %Lg)",
                lo, hi, r, gap, band);
  return gap < -band ? Ref::kYes : (gap > band ? Ref::kNo : Ref::kUnsure);
}

// Convex point sets (a triangle's or a box's corners) on candidate separating
// axes, in long double: kNo when an axis separates them by more than its band,
// kYes when the axes are complete for the pair (every separating direction of
// two such polytopes is among them), none is nearly zero and every one overlaps
// by more than its band; else kUnsure. A cross-product axis a x b is computed
// to ~2^-63 |a||b|, so its direction is uncertain by that over |a x b|: such
// an axis nearly zero (below 2^-30 |a||b|) decides nothing.
struct Axis {
  LV l;
  L parts;  // |a||b| for a cross product a x b, 0 for an exact axis
};
Ref sat_points(const LV* p, int np, const LV* q, int nq, const Axis* axes,
               int n_axes, bool complete, L scale, L slop, char* why,
               size_t why_size) {
  bool all_overlap = complete;
  for (int k = 0; k < n_axes; ++k) {
    const L n = len(axes[k].l);
    if (n == 0 || n < 0x1p-30L * axes[k].parts) {
      all_overlap = all_overlap && n == 0 && axes[k].parts == 0;
      continue;
    }
    L pmin = HUGE_VALL, pmax = -HUGE_VALL, qmin = HUGE_VALL, qmax = -HUGE_VALL;
    for (int i = 0; i < np; ++i) {
      const L v = dot(axes[k].l, p[i]) / n;
      pmin = std::fmin(pmin, v), pmax = std::fmax(pmax, v);
    }
    for (int i = 0; i < nq; ++i) {
      const L v = dot(axes[k].l, q[i]) / n;
      qmin = std::fmin(qmin, v), qmax = std::fmax(qmax, v);
    }
    const L gap = std::fmax(qmin - pmax, pmin - qmax);
    const L band = kRel * scale + abs_floor(scale) + slop +
                   0x1p-58L * axes[k].parts * scale / n;
    if (gap > band) {
      std::snprintf(why, why_size,
                    "reference: axis %d separates by %Lg (band %Lg)", k, gap,
                    band);
      return Ref::kNo;
    }
    all_overlap = all_overlap && gap < -band;
  }
  if (all_overlap) {
    std::snprintf(why, why_size,
                  "reference: every separating axis overlaps by more than its "
                  "band");
    return Ref::kYes;
  }
  return Ref::kUnsure;
}

// Triangle against a box (Akenine-Moller's 13 axes, complete for a box and a
// triangle, degenerate or not) or against a triangle (both normals, the nine
// edge x edge axes and the in-plane normals n x e of every edge in either
// plane: complete for two triangles that are not degenerate).
Ref reference_triangle_overlap(Arg ka, const double* a, const double* t,
                               char* why, size_t why_size) {
  const LV v[3] = {lv(t), lv(t + 3), lv(t + 6)};
  const LV e[3] = {v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  L scale = max_abs(t, 9);
  Axis axes[32];
  int n_axes = 0;
  const LV nt = cross(e[0], e[1]);
  axes[n_axes++] = {nt, len(e[0]) * len(e[1])};
  if (ka == kTriangle) {
    const LV w[3] = {lv(a), lv(a + 3), lv(a + 6)};
    const LV f[3] = {w[1] - w[0], w[2] - w[1], w[0] - w[2]};
    const LV nw = cross(f[0], f[1]);
    const L nw_parts = len(f[0]) * len(f[1]), nt_parts = axes[0].parts;
    axes[n_axes++] = {nw, nw_parts};
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j)
        axes[n_axes++] = {cross(e[i], f[j]), len(e[i]) * len(f[j])};
      axes[n_axes++] = {cross(nt, e[i]), nt_parts * len(e[i])};
      axes[n_axes++] = {cross(nw, f[i]), nw_parts * len(f[i])};
      axes[n_axes++] = {cross(nt, f[i]), nt_parts * len(f[i])};
      axes[n_axes++] = {cross(nw, e[i]), nw_parts * len(e[i])};
    }
    scale = std::fmax(scale, max_abs(a, 9));
    // Not degenerate: both normals clearly non-zero.
    const bool complete =
        len(nt) > 0x1p-20L * nt_parts && len(nw) > 0x1p-20L * nw_parts;
    return sat_points(w, 3, v, 3, axes, n_axes, complete, scale, 0, why,
                      why_size);
  }
  Box B;
  if (!box_of(ka, a, &B)) return Ref::kUnsure;
  LV corners[8];
  for (int s = 0; s < 8; ++s) {
    corners[s] = B.c;
    for (int i = 0; i < 3; ++i)
      corners[s] = corners[s] + B.a[i] * ((s >> i) & 1 ? B.h[i] : -B.h[i]);
  }
  L sizes = 0;
  for (int i = 0; i < 3; ++i) sizes += B.h[i];
  scale = std::fmax(scale, max_abs(B.c) + sizes);
  for (int i = 0; i < 3; ++i) {
    axes[n_axes++] = {B.a[i], 0};
    for (int j = 0; j < 3; ++j)
      axes[n_axes++] = {cross(e[i], B.a[j]), len(e[i])};
  }
  // A rotated OBB: the core tests in the box's frame with the box grown by
  // kObbTriangleSlack (e + 2^-52) (|v - c|_1 + h), e <= 2^-46 after its
  // orthonormalization; along a unit axis that is up to sqrt(3) times the
  // growth. An OBB made orthonormal moves by ~e times its size.
  L slop = 0;
  if (ka == kOBB && !B.identity)
    slop = 64 * (std::fmin(B.err, 0x1p-46L) + 0x1p-52L) * 4 * scale +
           4 * B.err * scale;
  return sat_points(corners, 8, v, 3, axes, n_axes, true, scale, slop, why,
                    why_size);
}

// The reference answer to "do these two shapes overlap", with the reason when
// it is sure.
Ref reference_overlap(Arg ka, const double* a, Arg kb, const double* b,
                      char* why, size_t why_size) {
  if (kb == kSphere && ka != kSphere)
    return reference_overlap(kb, b, ka, a, why, why_size);
  if (ka == kSphere) {
    const Shape& sh = *kind(kb).shape;
    const LV c = lv(a);
    const L gap = sh.signed_distance(b, c) - a[3];
    const L band =
        kRel * std::fmax(max_abs(a, 4), sh.scale(b)) + kAbs + sh.slop(b, c);
    std::snprintf(
        why, why_size,
        "reference: distance from the center minus the radius = %Lg (band %Lg)",
        gap, band);
    return gap < -band ? Ref::kYes : (gap > band ? Ref::kNo : Ref::kUnsure);
  }
  if (kb == kPlane) return reference_plane(ka, a, b, why, why_size);
  if (kb == kTriangle && (ka == kAABB || ka == kOBB || ka == kTriangle))
    return reference_triangle_overlap(ka, a, b, why, why_size);
  if (ka == kCapsule || kb == kCapsule) {
    // A capsule overlaps a convex shape when the smallest signed distance
    // from the shape along its segment is at most its radius (golden-section
    // search: that distance is convex along the segment).
    const bool first = ka == kCapsule;
    const double* c = first ? a : b;
    const double* o = first ? b : a;
    const Shape& sh = *kind(first ? kb : ka).shape;
    const LV p = lv(c), q = lv(c + 3);
    // A segment clearly crossing a triangle: its ends on opposite sides of
    // the plane and its line through the face, each triple product farther
    // from 0 than 2^-56 of the product of the lengths it is made of (256
    // of long double's ulps: its rounding is a few). (The
    // triangle's distance in long double loses slivers of ~1e-12 of their
    // length at 1e243, where a crossing is still clear.)
    if ((first ? kb : ka) == kTriangle) {
      const LV ta = lv(o), tb = lv(o + 3), tc = lv(o + 6), d = q - p;
      const LV n = cross(tb - ta, tc - ta);
      const L nl = len(tb - ta) * len(tc - ta);
      // (Each end's side from its nearest corner: the product's rounding is
      // relative to that distance.)
      const auto nearest = [&](LV x) {
        LV best = ta;
        for (LV v : {tb, tc})
          if (len(x - v) < len(x - best)) best = v;
        return best;
      };
      const LV vp = nearest(p), vq = nearest(q);
      const L op = dot(n, p - vp), oq = dot(n, q - vq);
      const bool sides = std::fabs(op) > 0x1p-56L * nl * len(p - vp) &&
                         std::fabs(oq) > 0x1p-56L * nl * len(q - vq) &&
                         (op > 0) != (oq > 0);
      int positive = 0, negative = 0;
      const LV corners[3] = {ta, tb, tc};
      for (int i = 0; i < 3 && sides; ++i) {
        const LV u = corners[i] - p, v = corners[(i + 1) % 3] - p;
        const L s = dot(d, cross(u, v));
        const L m = 0x1p-56L * len(d) * len(u) * len(v);
        positive += s > m, negative += s < -m;
      }
      if (sides && (positive == 3 || negative == 3)) {
        std::snprintf(why, why_size,
                      "reference: the segment clearly crosses the triangle");
        return Ref::kYes;
      }
    }
    L t = 0;
    const L gap = min_along(sh, o, p, q - p, 0, 1, &t) - c[6];
    const L scale = std::fmax(max_abs(c, 7), sh.scale(o));
    const L band =
        kRel * scale + abs_floor(scale) + sh.slop(o, p + (q - p) * t);
    std::snprintf(why, why_size,
                  "reference: smallest distance along the capsule's segment "
                  "minus its radius = %Lg (band %Lg)",
                  gap, band);
    return gap < -band ? Ref::kYes : (gap > band ? Ref::kNo : Ref::kUnsure);
  }
  Box A, B;
  if (!box_of(ka, a, &A) || !box_of(kb, b, &B)) return Ref::kUnsure;
  if (ka == kOBB && kb == kOBB && A.identity && B.identity) {
    std::snprintf(why, why_size,
                  "reference: both rotations are the identity, decided on the "
                  "exact reals");
    return identity_pair_overlaps(a, b) ? Ref::kYes : Ref::kNo;
  }
  const Sat s = sat(A, B);
  bool all_overlap = true;
  for (int k = 0; k < 15; ++k) {
    if (s.valid[k] && s.gap[k] > s.band[k]) {
      std::snprintf(why, why_size,
                    "reference: axis %d separates by %Lg (band %Lg)", k,
                    s.gap[k], s.band[k]);
      return Ref::kNo;
    }
    all_overlap = all_overlap && (!s.valid[k] || s.gap[k] < -s.band[k]);
  }
  if (all_overlap) {
    std::snprintf(why, why_size,
                  "reference: every axis overlaps by more than its band");
    return Ref::kYes;
  }
  // A point clearly inside both.
  const L band = kRel * s.scale + kAbs + 4 * (A.err + B.err) * s.scale;
  for (LV p : {A.c, B.c, (A.c + B.c) * L(0.5)}) {
    if (clearly_inside(A, p, band) && clearly_inside(B, p, band)) {
      std::snprintf(why, why_size,
                    "reference: the point (%Lg, %Lg, %Lg) is inside both", p.x,
                    p.y, p.z);
      return Ref::kYes;
    }
  }
  return Ref::kUnsure;
}

// ---- result kinds ----

// The same query with its two arguments (of one kind) swapped.
int call_swapped(const Call& c) {
  double in2[NP_IO_DOUBLES], io2[NP_IO_DOUBLES];
  const int n = kind(c.q.args[0]).size;
  std::memcpy(in2, c.arg(1), sizeof(double) * n);
  std::memcpy(in2 + n, c.arg(0), sizeof(double) * n);
  return call(c.q, in2, io2);
}

void check_closest_point(const Call& c) {
  if (c.rc != 0) c.fail("returned %d, expected 0", c.rc);
  const int pi = c.find(kVec3), si = c.find_shape();
  const Shape& sh = *kind(c.q.args[si]).shape;
  const double* s = c.arg(si);
  const LV p = lv(c.arg(pi));
  const double* q = c.io;
  c.no_nan(q, 3, "closest point");
  const L band =
      kRel * std::fmax(max_abs(p), sh.scale(s)) + kAbs + sh.slop(s, p);
  const L sd_p = sh.signed_distance(s, p);
  // A shape that reaches beyond the doubles (a plane with a subnormal normal,
  // an OBB whose corners pass DBL_MAX) may have its point nearest p there,
  // and then that point has no finite coordinates: +-inf is its correctly
  // rounded value. It lies within the distance of p, so a component may be
  // infinite only where p's coordinate plus or minus that distance reaches
  // DBL_MAX, with that sign; the other checks need a finite point.
  bool finite = true;
  for (int i = 0; i < 3; ++i) {
    if (std::isfinite(q[i])) continue;
    finite = false;
    const L pi_ = i == 0 ? p.x : (i == 1 ? p.y : p.z);
    const L reach = pi_ + (q[i] > 0 ? 1 : -1) * std::fmax(L(0), sd_p);
    if (!(std::fabs(reach) >= static_cast<L>(DBL_MAX) * (1 - kRel) &&
          (reach > 0) == (q[i] > 0)))
      c.fail("closest point not finite (component %d; p + the distance %Lg)", i,
             reach);
  }
  if (!finite) return;
  const L mband = sh.exact ? 0 : band;  // membership
  const L sd_q = sh.signed_distance(s, lv(q));
  if (sd_q > mband)
    c.fail("closest point is outside the shape by %Lg (band %Lg)", sd_q, mband);
  if (sh.exact && sd_p <= 0 &&
      std::memcmp(q, c.arg(pi), sizeof(double) * 3) != 0) {
    c.fail(
        "point in or on the shape but the closest point is not the point "
        "itself, bit for bit");
  }
  if (sd_p < -band &&
      !(q[0] == c.arg(pi)[0] && q[1] == c.arg(pi)[1] && q[2] == c.arg(pi)[2])) {
    c.fail(
        "point inside the shape (depth %Lg) but the closest point is not the "
        "point itself",
        -sd_p);
  }
  const L dist = len(p - lv(q)), ref = std::fmax(L(0), sd_p);
  if (!close(dist, ref, band))
    c.fail("|p - closest| = %Lg but the distance to the shape is %Lg", dist,
           ref);
  // Idempotent: the closest point of a point of the shape is itself.
  double in2[NP_IO_DOUBLES], io2[NP_IO_DOUBLES];
  std::memcpy(in2, c.in, sizeof in2);
  std::memcpy(in2 + c.offset[pi], q, sizeof(double) * 3);
  if (call(c.q, in2, io2) != 0)
    c.fail("the closest point itself as input was rejected");
  // A closest point whose exact coordinate lies within an ulp beyond DBL_MAX
  // may round to +-DBL_MAX (README: a value within a few ulps of the largest
  // double may round either way); that point is then an ulp off the shape,
  // and its own closest point, exactly as far beyond, rounds to +-inf. (The
  // fuzzer's raw np_closestPointOnPlane: a plane at y = -(DBL_MAX + 0.99999952
  // ulp) for a subnormal normal gives y = -DBL_MAX, then -inf.)
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(io2[i]) && std::fabs(q[i]) == DBL_MAX &&
        (io2[i] > 0) == (q[i] > 0))
      io2[i] = q[i];
  }
  if (!(len(lv(io2) - lv(q)) <= band))
    c.fail("not idempotent: closest(closest) = (%a, %a, %a)", io2[0], io2[1],
           io2[2]);
}

void check_distance(const Call& c) {
  if (c.rc != 0) c.fail("returned %d, expected 0", c.rc);
  const int pi = c.find(kVec3), si = c.find_shape();
  const Shape& sh = *kind(c.q.args[si]).shape;
  const double* s = c.arg(si);
  const LV p = lv(c.arg(pi));
  const double d = c.io[0];
  if (std::isnan(d)) c.fail("distance is NaN");
  if (d < 0 || negative_zero(d)) c.fail("distance is negative (%a)", d);
  const L band =
      kRel * std::fmax(max_abs(p), sh.scale(s)) + kAbs + sh.slop(s, p);
  const L sd = sh.signed_distance(s, p);
  if (!close(d, std::fmax(L(0), sd), band))
    c.fail("distance %a, reference %Lg (band %Lg)", d, std::fmax(L(0), sd),
           band);
  if (sd < -band && d != 0.0)
    c.fail("point inside the shape (depth %Lg) but the distance is %a, not 0",
           -sd, d);
  if (sh.exact && (sd <= 0) != (d == 0.0))
    c.fail("distance %a but the point is %s the shape", d,
           sd <= 0 ? "in or on" : "outside");
  // distance == |p - closest point| (the closest point query of the same shape,
  // if the table has it).
  const Arg args[2] = {kVec3, c.q.args[si]};
  const int sib = find_query(Result::kClosestPoint, args, 2);
  if (sib >= 0 && pi == 0 && si == 1) {
    double io2[NP_IO_DOUBLES];
    if (call(kQueries[sib], c.in, io2) != 0)
      c.fail("%s rejected the same inputs", kQueries[sib].name);
    const L via = len(p - lv(io2));
    // (A closest point beyond the doubles, +-inf, is checked by its own
    // query; the distance to it is still finite.)
    const bool beyond = !std::isfinite(io2[0]) || !std::isfinite(io2[1]) ||
                        !std::isfinite(io2[2]);
    if (!beyond && !close(d, via, kTiny * via + kAbs + sh.slop(s, p))) {
      c.fail("distance %a but |p - %s(p)| = %Lg", d, kQueries[sib].name, via);
    }
  }
}

// The signed distance from a point to a plane: the distance with the sign of
// normal . p + constant, exactly the distance query's value in magnitude.
void check_signed_distance(const Call& c) {
  if (c.rc != 0) c.fail("returned %d, expected 0", c.rc);
  const int pi = c.find(kVec3), si = c.find_shape();
  const double* s = c.arg(si);
  const LV p = lv(c.arg(pi));
  const double d = c.io[0];
  if (std::isnan(d)) c.fail("signed distance is NaN");
  if (negative_zero(d)) c.fail("signed distance is -0");
  const LV n = lv(s);
  const L ref = (dot(n, p) + s[3]) / len(n);
  const L band =
      kRel * std::fmax(max_abs(p), kind(kPlane).shape->scale(s)) + kAbs;
  if (!close(d, ref, band))
    c.fail("signed distance %a, reference %Lg (band %Lg)", d, ref, band);
  const Arg args[2] = {kVec3, c.q.args[si]};
  const int sib = find_query(Result::kDistance, args, 2);
  if (sib >= 0 && pi == 0 && si == 1) {
    double io2[NP_IO_DOUBLES];
    if (call(kQueries[sib], c.in, io2) != 0)
      c.fail("%s rejected the same inputs", kQueries[sib].name);
    if (std::fabs(d) != io2[0])
      c.fail("|signed distance| %a but %s gives %a", d, kQueries[sib].name,
             io2[0]);
  }
}

void check_overlap(const Call& c) {
  if (c.rc != 0 && c.rc != 1) c.fail("returned %d, expected 0 or 1", c.rc);
  const Arg ka = c.q.args[0], kb = c.q.args[1];
  char why[256] = "";
  const Ref ref =
      reference_overlap(ka, c.arg(0), kb, c.arg(1), why, sizeof why);
  if (ref != Ref::kUnsure && c.rc != static_cast<int>(ref))
    c.fail("returned %d but %s (%s)", c.rc, ref_name(ref), why);
  // Symmetric: the same query with the arguments swapped (same kinds) gives the
  // same answer, exactly, also on the boundary (overlap.cpp decides each axis
  // the same way in either order).
  if (ka == kb) {
    const int rc2 = call_swapped(c);
    if (rc2 != c.rc)
      c.fail("not symmetric: (a, b) gives %d, (b, a) gives %d (%s)", c.rc, rc2,
             why[0] ? why : "reference unsure");
  }
  // A sphere overlaps a shape exactly when the distance from its center is at
  // most its radius.
  if (ka == kSphere) {
    const Arg args[2] = {kVec3, kb};
    const int sib = find_query(Result::kDistance, args, 2);
    if (sib >= 0) {
      double in2[NP_IO_DOUBLES], io2[NP_IO_DOUBLES];
      std::memcpy(in2, c.arg(0), sizeof(double) * 3);
      std::memcpy(in2 + 3, c.arg(1), sizeof(double) * kind(kb).size);
      if (call(kQueries[sib], in2, io2) != 0)
        c.fail("%s rejected the center and the shape", kQueries[sib].name);
      // The distance query rounds relative to the coordinates (the band of
      // check_distance), while the overlap tests of spheres decide on the
      // exact reals: a center 1e208 off a ball of radius 1e219 is 0 from it
      // in doubles (its squares round alike) and apart exactly.
      const Shape& sh = *kind(kb).shape;
      const L d = io2[0], r = c.arg(0)[3],
              band =
                  kTiny * std::fmax(d, r) +
                  kRel * std::fmax(max_abs(c.arg(0), 3), sh.scale(c.arg(1))) +
                  kAbs + sh.slop(c.arg(1), lv(c.arg(0)));
      // Where the distance query itself is off its reference (an open finding
      // of that query: a sliver triangle's closest point, say), its own
      // harness reports it; this relation holds the overlap test to a right
      // distance only.
      const L ref_d =
          std::fmax(L(0), sh.signed_distance(c.arg(1), lv(c.arg(0))));
      const bool distance_right = close(d, ref_d, band);
      if (distance_right &&
          ((d < r - band && c.rc != 1) || (d > r + band && c.rc != 0))) {
        c.fail("returned %d but %s(center) = %a and the radius is %a", c.rc,
               kQueries[sib].name, io2[0], c.arg(0)[3]);
      }
    }
  }
  // Overlap exactly when the separating axis query finds no axis.
  const Arg args[2] = {ka, kb};
  const int sib = find_query(Result::kObbAxis, args, 2);
  if (sib >= 0) {
    double io2[NP_IO_DOUBLES];
    const int axis = call(kQueries[sib], c.in, io2);  // 0: no separating axis
    if ((axis == 0) != (c.rc == 1))
      c.fail("returned %d but %s returned %d", c.rc, kQueries[sib].name, axis);
  }
}

// The axis result: 1 + the first separating axis (0..14, numbered as in
// overlap.h), or 0 when none separates.
void check_obb_axis(const Call& c) {
  if (c.rc < 0 || c.rc > 15)
    c.fail("returned %d, expected 0 (no axis) or 1 + an axis 0..14", c.rc);
  const int axis = c.rc - 1;  // -1: none
  Box A, B;
  box_of(c.q.args[0], c.arg(0), &A);
  box_of(c.q.args[1], c.arg(1), &B);
  if (A.identity && B.identity &&
      (axis == -1) != identity_pair_overlaps(c.arg(0), c.arg(1))) {
    c.fail("returned %d but the identity-rotation boxes %s on the exact reals",
           c.rc, axis == -1 ? "do not overlap" : "overlap");
  }
  const Sat s = sat(A, B);
  const int first = axis == -1 ? 15 : axis;
  for (int k = 0; k < first; ++k) {
    if (s.valid[k] && s.gap[k] > s.band[k]) {
      c.fail("returned %d but axis %d separates by %Lg (band %Lg)", c.rc, k,
             s.gap[k], s.band[k]);
    }
  }
  if (axis >= 0) {
    // An axis that is exactly zero here (the same column in both rotations) is
    // one in the core too, unless the core first made a rotation orthonormal
    // (off by more than kOrthonormalizeAbove = 2^-46), which turns the columns
    // by up to that error: then its axis is a different, tiny one, judged by
    // the core's own slack.
    if (!s.valid[axis] && std::fmax(A.err, B.err) <= 0x1p-46L)
      c.fail("returned the zero axis %d (parallel edges)", axis);
    if (s.valid[axis] && s.gap[axis] < -s.band[axis]) {
      c.fail(
          "returned axis %d, along which the boxes overlap by %Lg (band %Lg)",
          axis, -s.gap[axis], s.band[axis]);
    }
  }
  // Whether an axis separates does not depend on the order of the boxes, bit
  // for bit (which axis may).
  if (c.q.args[0] == c.q.args[1]) {
    const int rc2 = call_swapped(c);
    if ((rc2 == 0) != (c.rc == 0))
      c.fail("not symmetric: (a, b) returns %d, (b, a) returns %d", c.rc, rc2);
  }
  char why[256] = "";
  if (axis >= 0 && reference_overlap(c.q.args[0], c.arg(0), c.q.args[1],
                                     c.arg(1), why, sizeof why) == Ref::kYes) {
    c.fail("returned axis %d but the boxes overlap (%s)", axis, why);
  }
  const Arg args[2] = {c.q.args[0], c.q.args[1]};
  const int sib = find_query(Result::kOverlap, args, 2);
  if (sib >= 0) {
    double io2[NP_IO_DOUBLES];
    const int o = call(kQueries[sib], c.in, io2);
    if (o != (axis == -1 ? 1 : 0))
      c.fail("returned %d but %s returned %d", c.rc, kQueries[sib].name, o);
  }
}

// Ray (origin, direction, max distance) or segment (start, end): the path
// origin + t * d, t in [0, t_max].
struct Path {
  LV o, d;
  L t_max;      // in units of d
  L max_world;  // the largest distance a hit may report
  bool segment;
};

void check_ray_hit(const Call& c) {
  if (c.rc != 0 && c.rc != 1) c.fail("returned %d, expected 0 or 1", c.rc);
  const int si = c.find_shape();
  const Shape& sh = *kind(c.q.args[si]).shape;
  const double* s = c.arg(si);
  Path path;
  L scale = sh.scale(s);
  if (const int ri = c.find(kRay); ri >= 0) {
    const int mi = c.find(kMaxDistance);
    const double m = mi >= 0 ? c.arg(mi)[0] : HUGE_VAL;
    path = {lv(c.arg(ri)), lv(c.arg(ri) + 3), m / len(lv(c.arg(ri) + 3)), m,
            false};
    scale = std::fmax(scale, max_abs(path.o));
  } else {
    const LV a = lv(c.arg(c.find(kVec3, 0))), e = lv(c.arg(c.find(kVec3, 1)));
    path = {a, e - a, 1, len(e - a), true};
    scale = std::fmax(scale, std::fmax(max_abs(a), max_abs(e)));
  }
  const L dlen = len(path.d);
  const L sd_o = sh.signed_distance(s, path.o);
  L band = kRel * scale + kAbs + sh.slop(s, path.o);
  // The stretch of the path to search: up to t_max, and for an unbounded ray
  // not beyond where it recedes.
  L t_end = path.t_max;
  if (dlen > 0 && !std::isfinite(t_end)) {
    t_end =
        std::fmax(L(0), dot(sh.center(s) - path.o, path.d) / (dlen * dlen)) +
        sh.bound_radius(s) / dlen + 1;
  }
  if (c.rc == 0) {
    if (sd_o < -band)
      c.fail("miss, but the start is inside the shape (depth %Lg, band %Lg)",
             -sd_o, band);
    if (sh.exact && sd_o <= 0)
      c.fail("miss, but the start is in or on the shape");
    if (dlen > 0) {
      L t;
      const L m = min_along(sh, s, path.o, path.d, 0, t_end, &t);
      if (m < -band)
        c.fail(
            "miss, but the path passes inside the shape (depth %Lg at t = %Lg, "
            "band %Lg)",
            -m, t, band);
    }
    return;
  }
  const double d = c.io[0];
  const double* p = c.io + 1;
  const double* n = c.io + 4;
  c.no_nan(c.io, 7, "hit");
  c.unit_normal(n, "normal");
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(p[i])) c.fail("hit point not finite");
  }
  scale = std::fmax(scale, max_abs(lv(p)));
  band = kRel * scale + kAbs + sh.slop(s, lv(p)) + sh.slop(s, path.o);
  if (d < 0 || negative_zero(d)) c.fail("negative distance %a", d);
  if (!path.segment && !(d <= static_cast<double>(path.max_world)))
    c.fail("distance %a beyond max distance", d);
  // (A segment longer than the largest double may report an infinite distance:
  // its length rounds to that.)
  if (path.segment && !(d <= path.max_world * (1 + 0x1p-50L) + kAbs) &&
      !(std::isinf(d) && path.max_world > DBL_MAX)) {
    c.fail("distance %a beyond the segment's length %Lg", d, path.max_world);
  }
  if (dot(lv(n), path.d) > kRel * dlen)
    c.fail("normal . direction = %Lg > 0", dot(lv(n), path.d));
  const L mband = sh.exact ? 0 : band;  // membership
  const L sd_p = sh.signed_distance(s, lv(p));
  if (sd_p > mband)
    c.fail("hit point outside the shape by %Lg (band %Lg)", sd_p, mband);
  if (sh.exact && sd_o <= 0 && d != 0.0)
    c.fail("start in or on the shape but distance %a, not 0", d);
  const L to_p = len(lv(p) - path.o);
  if (!close(d, to_p, band))
    c.fail("distance %a but |point - start| = %Lg (band %Lg)", d, to_p, band);
  if (sd_o < -band && d != 0.0)
    c.fail("start inside the shape (depth %Lg) but distance %a, not 0", -sd_o,
           d);
  if (d == 0.0) {
    if (!(p[0] == path.o.x && p[1] == path.o.y && p[2] == path.o.z))
      c.fail("distance 0 but the point is not the start");
    if (sd_o > mband)
      c.fail("distance 0 but the start is outside the shape by %Lg (band %Lg)",
             sd_o, mband);
    if (dlen > 0 && len(lv(n) + path.d * (1 / dlen)) > 0x1p-40L)
      c.fail("starts inside, but normal != -unit(direction)");
    return;
  }
  if (sd_o < -band)
    c.fail("hit at distance %a but the start is inside the shape (depth %Lg)",
           d, -sd_o);
  if (sd_p < -mband)
    c.fail(
        "hit point inside the shape (depth %Lg), not on its surface (band %Lg)",
        -sd_p, mband);
  if (!sh.normal_ok(s, lv(p), lv(n), mband))
    c.fail("normal (%a, %a, %a) is not the surface's at the hit point", n[0],
           n[1], n[2]);
  // The point lies on the path at that distance (unless that distance
  // overflowed a double).
  const LV on_path = path.o + path.d * (static_cast<L>(d) / dlen);
  if (std::isfinite(d) && !close(len(lv(p) - on_path), 0, band))
    c.fail("hit point %Lg off the path", len(lv(p) - on_path));
  // Nothing before the hit point is inside the shape: it is the entry, not the
  // exit.
  L t;
  const L m = min_along(sh, s, path.o, lv(p) - path.o, 0, 1, &t);
  if (m < -band)
    c.fail(
        "the path is inside the shape before the hit point (depth %Lg at %Lg "
        "of the way)",
        -m, t);
  // Segment and ray agree (the other query of the same shape, if the table has
  // it), outside the band.
  if (path.segment) {
    const Arg args[3] = {kRay, c.q.args[si], kMaxDistance};
    const int sib = find_query(Result::kRayHit, args, 3);
    if (sib >= 0 && dlen > 0 && d < path.max_world - band) {
      double in2[NP_IO_DOUBLES], io2[NP_IO_DOUBLES];
      const double* a = c.arg(c.find(kVec3, 0));
      const double* e = c.arg(c.find(kVec3, 1));
      bool ok = true;
      for (int i = 0; i < 3; ++i)
        in2[i] = a[i], in2[3 + i] = e[i] - a[i],
        ok = ok && std::isfinite(in2[3 + i]);
      std::memcpy(in2 + 6, s, sizeof(double) * kind(c.q.args[si]).size);
      in2[6 + kind(c.q.args[si]).size] = HUGE_VAL;
      if (ok && !(in2[3] == 0 && in2[4] == 0 && in2[5] == 0)) {
        const int rc2 = call(kQueries[sib], in2, io2);
        if (rc2 == 1 && !close(d, io2[0], band))
          c.fail("distance %a but %s gives %a", d, kQueries[sib].name, io2[0]);
      }
    }
  }
}

// A capsule cast (capsule, translation, shape): m(f), the smallest signed
// distance from the shape along the capsule's segment moved by T f (a
// golden-section search), must stay above the radius before the returned
// fraction and reach it there; a miss never comes within it; a hit that
// starts overlapping says so exactly when m(0) <= radius. The band allows
// for the edge features' cut-off near parallel (kContactParallelAxis,
// ~2^-26 of the scene's size).
void check_capsule_cast(const Call& c) {
  const double* cap = c.arg(0);
  const LV T = lv(c.arg(1));
  const Arg kb = c.q.args[2];
  const Shape& sh = *kind(kb).shape;
  const double* s = c.arg(2);
  const LV p = lv(cap), q = lv(cap + 3), d = q - p;
  const L r = cap[6];
  L scale = std::fmax(std::fmax(max_abs(cap, 7), max_abs(T)), sh.scale(s));
  const auto m = [&](L f) {
    L t = 0;
    return min_along(sh, s, p + T * f, d, 0, 1, &t);
  };
  L band = 0x1p-24L * scale + abs_floor(scale) + kAbs + 4 * sh.slop(s, p) +
           4 * sh.slop(s, q);
  const L m0 = m(0);
  if (c.rc == 0) {
    for (int k = 0; k <= 32; ++k) {
      const L mk = m(L(k) / 32);
      if (std::isfinite(mk) && mk < r - band)
        c.fail(
            "miss, but at fraction %d/32 the segment is %Lg from the shape "
            "(radius %Lg, band %Lg)",
            k, mk, r, band);
    }
    return;
  }
  const double* o = c.io;
  c.no_nan(o, 12, "hit");
  const double distance = o[0], fraction = o[1], started = o[11];
  const double* normal = o + 8;
  c.unit_normal(normal, "normal");
  if (started != 0.0 && started != 1.0)
    c.fail("started overlapping is %a, not 0 or 1", started);
  if (!(fraction >= 0.0 && fraction <= 1.0))
    c.fail("fraction %a outside [0, 1]", fraction);
  if (distance < 0 || negative_zero(distance))
    c.fail("negative distance %a", distance);
  bool finite = true;
  for (int i = 0; i < 11; ++i) finite = finite && std::isfinite(o[i]);
  if (!finite || !std::isfinite(m0)) return;  // beyond the largest double
  if (!close(distance, fraction * len(T), kRel * len(T) + abs_floor(scale)))
    c.fail("distance %a but fraction * |translation| = %Lg", distance,
           fraction * len(T));
  if (m0 < r - band && started != 1.0)
    c.fail("overlapping at the start but started overlapping is false");
  if (m0 > r + band && started != 0.0)
    c.fail("apart at the start (by %Lg) but started overlapping is true",
           m0 - r);
  const L sd_point = sh.signed_distance(s, lv(o + 5));
  if (std::isfinite(sd_point) && !(std::fabs(sd_point) <= band))
    c.fail("contact point %Lg off the target's surface (band %Lg)", sd_point,
           band);
  if (started == 1.0) return;
  const L mf = m(fraction);
  if (std::isfinite(mf) && !close(mf, r, band))
    c.fail(
        "at the fraction %a the segment is %Lg from the shape, not the "
        "radius %Lg (band %Lg)",
        fraction, mf, r, band);
  for (int k = 0; k < 32; ++k) {
    const L f = fraction * L(k) / 32;
    const L mk = m(f);
    if (std::isfinite(mk) && mk < r - band)
      c.fail(
          "hit at %a, but at %Lg the segment is already %Lg from the "
          "shape (radius %Lg, band %Lg)",
          fraction, f, mk, r, band);
  }
}

void check_shape_cast(const Call& c) {
  if (c.rc != 0 && c.rc != 1) c.fail("returned %d, expected 0 or 1", c.rc);
  if (c.q.args[0] == kCapsule) return check_capsule_cast(c);
  const int si = c.find_shape();
  const Shape& sh = *kind(c.q.args[si]).shape;
  const double* s = c.arg(si);
  const LV a = lv(c.arg(c.find(kVec3, 0))), e = lv(c.arg(c.find(kVec3, 1)));
  const double r = c.arg(c.find(kRadius))[0];
  const LV d = e - a;
  const L dlen = len(d);
  // f(t) = signed distance of the moving center from the target minus the
  // radius: <= 0 where they touch.
  auto f = [&](LV p) { return sh.signed_distance(s, p) - r; };
  L scale = std::fmax(std::fmax(max_abs(a), max_abs(e)),
                      std::fmax(L(r), sh.scale(s)));
  L band = kRel * scale + abs_floor(scale) + sh.slop(s, a) + sh.slop(s, e);
  const L f0 = f(a);
  if (c.rc == 0) {
    if (f0 < -band)
      c.fail("miss, but the shapes overlap at the start (by %Lg, band %Lg)",
             -f0, band);
    L t;
    const L m = min_along(sh, s, a, d, 0, 1, &t);
    if (m < -band)
      c.fail(
          "miss, but the shapes overlap along the path (by %Lg at fraction "
          "%Lg, band %Lg)",
          -m, t, band);
    return;
  }
  const double* o = c.io;
  c.no_nan(o, 12, "hit");
  const double distance = o[0], fraction = o[1], started = o[11];
  const double* center = o + 2;
  const double* point = o + 5;
  const double* normal = o + 8;
  c.unit_normal(normal, "normal");
  if (started != 0.0 && started != 1.0)
    c.fail("started overlapping is %a, not 0 or 1", started);
  if (!(fraction >= 0.0 && fraction <= 1.0))
    c.fail("fraction %a outside [0, 1]", fraction);
  if (distance < 0 || negative_zero(distance))
    c.fail("negative distance %a", distance);
  if (!close(distance, fraction * dlen, kRel * dlen + abs_floor(scale))) {
    c.fail("distance %a but fraction * |end - start| = %Lg", distance,
           fraction * dlen);
  }
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(center[i])) c.fail("center not finite");
  }
  for (int i = 0; i < 3; ++i) {
    // A surface point beyond the largest double (a huge target) can only be
    // infinite.
    if (!std::isfinite(point[i]) &&
        !(max_abs(sh.center(s)) + sh.bound_radius(s) >= DBL_MAX)) {
      c.fail("contact point not finite");
    }
  }
  scale = std::fmax(scale, std::fmax(max_abs(lv(center)), max_abs(lv(point))));
  band = kRel * scale + abs_floor(scale) + sh.slop(s, a) + sh.slop(s, e);
  if (f0 < -band && started != 1.0)
    c.fail("overlapping at the start (by %Lg) but started overlapping is false",
           -f0);
  if (f0 > band && started != 0.0)
    c.fail("apart at the start (by %Lg) but started overlapping is true", f0);
  // A cast that starts overlapping reports the start's contact, which is
  // measured to ~2^-32 of the scene (kContactNoise: a center that near an
  // edge is taken as on it, so its point can lie that far off the surface;
  // README, "where the contract ends"): its point and normal are checked to
  // the contacts' 2^-30 (check_contact, below), not the cast's 2^-40.
  const L surface_band =
      started == 1.0 ? std::fmax(band, 0x1p-30L * scale) : band;
  const L sd_point = sh.signed_distance(s, lv(point));
  if (std::isfinite(sd_point) && !(std::fabs(sd_point) <= surface_band)) {
    c.fail("contact point %Lg off the target's surface (band %Lg)", sd_point,
           surface_band);
  }
  // The target's own outward normal at the point: a ray's (radius 0), or a
  // ball's. A ball of radius > 0 touching a box's edge or a triangle's edge has
  // the normal of the rounded sum there, between the faces' (checked below as
  // center = point + normal * radius).
  if (std::isfinite(sd_point) && (r == 0.0 || c.q.args[si] == kSphere) &&
      !sh.normal_ok(s, lv(point), lv(normal), surface_band)) {
    c.fail("normal is not the target's outward normal at the contact point");
  }
  if (started == 1.0) {
    if (fraction != 0.0 || distance != 0.0)
      c.fail("started overlapping but fraction %a, distance %a", fraction,
             distance);
    if (!(center[0] == a.x && center[1] == a.y && center[2] == a.z))
      c.fail("started overlapping but center != start");
    if (f0 > band)
      c.fail("started overlapping but the shapes are %Lg apart at the start",
             f0);
  } else {
    const LV expected = a + d * static_cast<L>(fraction);
    if (!close(len(lv(center) - expected), 0, band))
      c.fail("center %Lg off start + fraction * (end - start)",
             len(lv(center) - expected));
    const L fc = f(lv(center));
    if (!(std::fabs(fc) <= band))
      c.fail("at the contact the shapes are %Lg apart, not touching (band %Lg)",
             fc, band);
    L t;
    const L m = min_along(sh, s, a, d, 0, fraction, &t);
    if (m < -band)
      c.fail("the shapes overlap earlier on the path (by %Lg at fraction %Lg)",
             -m, t);
    if (std::isfinite(sd_point)) {
      const LV gap = lv(center) - (lv(point) + lv(normal) * static_cast<L>(r));
      if (!close(len(gap), 0, band))
        c.fail("center != point + normal * radius (off by %Lg)", len(gap));
    }
  }
  // The API's promise: a cast's start is consistent with the overlap test of
  // the same shapes (exactly).
  const Arg args[2] = {kSphere, c.q.args[si]};
  const int sib = find_query(Result::kOverlap, args, 2);
  if (sib >= 0) {
    double in2[NP_IO_DOUBLES], io2[NP_IO_DOUBLES];
    in2[0] = static_cast<double>(a.x), in2[1] = static_cast<double>(a.y),
    in2[2] = static_cast<double>(a.z), in2[3] = r;
    std::memcpy(in2 + 4, s, sizeof(double) * kind(c.q.args[si]).size);
    const int o2 = call(kQueries[sib], in2, io2);
    if (o2 != (started == 1.0 ? 1 : 0))
      c.fail("started overlapping %g but %s says %d", started,
             kQueries[sib].name, o2);
  }
}

// Two segments' closest points: each on its segment, |pointA - pointB| as the
// distance, no sampled pair closer (the reference minimum), and the same
// distance with the segments swapped. A zero-length segment is a point: its
// partner is the closest point query's answer, bit for bit.
void check_closest_points(const Call& c) {
  if (c.rc != 0) c.fail("returned %d, expected 0", c.rc);
  const double* a = c.arg(0);
  const double* b = c.arg(1);
  const double d = c.io[0];
  c.no_nan(c.io, 7, "distance and points");
  if (d < 0 || negative_zero(d)) c.fail("distance is negative (%a)", d);
  const Shape& seg = *kind(kSegment).shape;
  const LV pa = lv(c.io + 1), pb = lv(c.io + 4);
  const L scale = std::fmax(max_abs(a, 6), max_abs(b, 6));
  const L band = kRel * scale + abs_floor(scale);
  const bool finite = std::isfinite(d);
  if (!finite && scale * 4 < static_cast<L>(DBL_MAX))
    c.fail("distance %a for finite segments far below DBL_MAX", d);
  if (seg.signed_distance(a, pa) > band)
    c.fail("pointA is %Lg off segment a (band %Lg)", seg.signed_distance(a, pa),
           band);
  if (seg.signed_distance(b, pb) > band)
    c.fail("pointB is %Lg off segment b (band %Lg)", seg.signed_distance(b, pb),
           band);
  const L between = len(pa - pb);
  if (finite && !close(d, between, kTiny * between + abs_floor(scale)))
    c.fail("distance %a but |pointA - pointB| = %Lg", d, between);
  L t = 0;
  const LV p = lv(a), q = lv(a + 3);
  const L ref = min_along(seg, b, p, q - p, 0, 1, &t);
  if (finite && !close(d, ref, band))
    c.fail("distance %a but the segments are %Lg apart (band %Lg)", d, ref,
           band);
  double in2[NP_IO_DOUBLES], io2[NP_IO_DOUBLES];
  std::memcpy(in2, b, sizeof(double) * 6);
  std::memcpy(in2 + 6, a, sizeof(double) * 6);
  if (call(c.q, in2, io2) != 0) c.fail("the swapped segments were rejected");
  if (finite && !close(io2[0], d, band))
    c.fail("not symmetric: distance %a, swapped %a", d, io2[0]);
  // A point against a segment: the closest point query, bit for bit.
  const Arg args[2] = {kVec3, kSegment};
  const int sib = find_query(Result::kClosestPoint, args, 2);
  if (sib >= 0 && a[0] == a[3] && a[1] == a[4] && a[2] == a[5]) {
    std::memcpy(in2, a, sizeof(double) * 3);
    std::memcpy(in2 + 3, b, sizeof(double) * 6);
    if (call(kQueries[sib], in2, io2) != 0)
      c.fail("%s rejected the point and the segment", kQueries[sib].name);
    if (std::memcmp(io2, c.io + 4, sizeof(double) * 3) != 0)
      c.fail("a is a point, but pointB is not %s of it", kQueries[sib].name);
  }
}

// A sphere's contact with a shape (contact.h): returned exactly when the
// overlap test of the same pair says they touch; a unit normal without -0;
// depth >= 0; pointA = center - normal * radius; pointB in the shape and
// pointB - pointA = normal * depth; and the minimum translation: the center
// moved by normal * depth is `radius` from the shape (the reference distance),
// and when the center is outside the shape, depth = radius - its distance.
void check_capsule_contact(const Call& c);
void check_box_contact(const Call& c);

void check_contact(const Call& c) {
  if (c.rc != 0 && c.rc != 1) c.fail("returned %d, expected 0 or 1", c.rc);
  if (c.q.args[0] == kCapsule) return check_capsule_contact(c);
  if (c.q.args[0] == kAABB || c.q.args[0] == kOBB) return check_box_contact(c);
  const double* sp = c.arg(0);
  const double* s = c.arg(1);
  const Arg kb = c.q.args[1];
  const Arg args[2] = {kSphere, kb};
  const int sib = find_query(Result::kOverlap, args, 2);
  if (sib >= 0) {
    double io2[NP_IO_DOUBLES];
    const int o = call(kQueries[sib], c.in, io2);
    if (o != c.rc)
      c.fail(
          "returned %d but %s returned %d (a contact must exist exactly "
          "when the shapes overlap)",
          c.rc, kQueries[sib].name, o);
  }
  if (c.rc == 0) return;
  const Shape& sh = *kind(kb).shape;
  c.no_nan(c.io, 10, "contact");
  const double depth = c.io[0];
  const double* normal = c.io + 1;
  c.unit_normal(normal, "normal");
  if (!(depth >= 0) || negative_zero(depth)) c.fail("depth %a", depth);
  const LV center = lv(sp), n = lv(normal), pa = lv(c.io + 4),
           pb = lv(c.io + 7);
  const L r = sp[3];
  const L scale = std::fmax(std::fmax(max_abs(sp, 3), r), sh.scale(s));
  // Outputs beyond the largest double (a huge sphere or shape) are +-inf: the
  // relations below hold for finite ones.
  bool finite = std::isfinite(depth);
  for (int i = 4; i < 10; ++i) finite = finite && std::isfinite(c.io[i]);
  if (!finite) {
    if (scale < static_cast<L>(DBL_MAX) / 4)
      c.fail("an infinite depth or point for inputs far below DBL_MAX");
    return;
  }
  // Contacts are measured to ~2^-32 of the scene's size (kContactNoise in
  // tolerances.h: a center within rounding of a segment or edge is taken as
  // on it), and the shape may differ from the reference by its slop.
  const LV moved = center + n * static_cast<L>(depth);
  const L band = 0x1p-30L * scale + abs_floor(scale) + kAbs +
                 4 * std::fmax(std::fmax(sh.slop(s, center), sh.slop(s, pb)),
                               sh.slop(s, moved));
  if (!close(len(pa - (center - n * r)), 0, band))
    c.fail("pointA is %Lg off center - normal * radius (band %Lg)",
           len(pa - (center - n * r)), band);
  if (!close(len(pb - pa - n * static_cast<L>(depth)), 0, band))
    c.fail("pointB - pointA is %Lg off normal * depth (band %Lg)",
           len(pb - pa - n * static_cast<L>(depth)), band);
  const L sd_b = sh.signed_distance(s, pb);
  if (std::isfinite(sd_b) && sd_b > band)
    c.fail("pointB is %Lg outside the shape (band %Lg)", sd_b, band);
  const L sd_c = sh.signed_distance(s, center);
  if (std::isfinite(sd_c) && sd_c > band && !close(depth, r - sd_c, band))
    c.fail(
        "the center is %Lg from the shape but depth is %a, not radius - "
        "that (band %Lg)",
        sd_c, depth, band);
  const L sd_moved = sh.signed_distance(s, moved);
  if (std::isfinite(sd_moved) && !close(sd_moved, r, band))
    c.fail(
        "moved by normal * depth the center is %Lg from the shape, not "
        "the radius %Lg (band %Lg)",
        sd_moved, r, band);
}

// A capsule's contact with a shape (contact.h): returned exactly when the
// overlap test of the same pair says they touch; a unit normal, depth >= 0;
// pointA radius from the capsule's segment; pointB - pointA = normal * depth;
// and the minimum translation: the segment moved by normal * depth comes
// radius close to the shape (the reference: the smallest signed distance
// along it, a golden-section search), and when the segment is apart from the
// shape, depth = radius - that distance.
void check_capsule_contact(const Call& c) {
  const double* cap = c.arg(0);
  const double* s = c.arg(1);
  const Arg kb = c.q.args[1];
  const Arg args[2] = {kCapsule, kb};
  const int sib = find_query(Result::kOverlap, args, 2);
  if (sib >= 0) {
    double io2[NP_IO_DOUBLES];
    const int o = call(kQueries[sib], c.in, io2);
    if (o != c.rc)
      c.fail(
          "returned %d but %s returned %d (a contact must exist exactly "
          "when the shapes overlap)",
          c.rc, kQueries[sib].name, o);
  }
  if (c.rc == 0) return;
  const Shape& sh = *kind(kb).shape;
  c.no_nan(c.io, 10, "contact");
  const double depth = c.io[0];
  const double* normal = c.io + 1;
  c.unit_normal(normal, "normal");
  if (!(depth >= 0) || negative_zero(depth)) c.fail("depth %a", depth);
  // Where the overlap test is off its reference (an open finding of that
  // test, reported by its own harness), the contact follows the test: its
  // measurements are checked where the shapes do overlap.
  char why[256];
  if (reference_overlap(kCapsule, cap, kb, s, why, sizeof why) == Ref::kNo)
    return;
  const LV p = lv(cap), q = lv(cap + 3), n = lv(normal), pa = lv(c.io + 4),
           pb = lv(c.io + 7);
  const L r = cap[6];
  const L scale = std::fmax(max_abs(cap, 7), sh.scale(s));
  bool finite = std::isfinite(depth);
  for (int i = 4; i < 10; ++i) finite = finite && std::isfinite(c.io[i]);
  if (!finite) {
    if (scale < static_cast<L>(DBL_MAX) / 4)
      c.fail("an infinite depth or point for inputs far below DBL_MAX");
    return;
  }
  // Deep contacts skip separating axes within kContactParallelAxis (2^-26 rad)
  // of parallel: the depth may be up to ~2^-26 of the size above the minimum.
  const LV d = q - p;
  L t = 0;
  const LV moved = n * static_cast<L>(depth);
  const L m_moved = min_along(sh, s, p + moved, d, 0, 1, &t);
  const LV at = p + moved + d * t;
  const L band = 0x1p-24L * scale + abs_floor(scale) + kAbs +
                 4 * std::fmax(sh.slop(s, pb), sh.slop(s, at));
  // pointA is radius from the segment.
  const L dd = dot(d, d);
  const L u =
      dd > 0 ? std::fmin(L(1), std::fmax(L(0), dot(pa - p, d) / dd)) : 0;
  if (!close(len(pa - (p + d * u)), r, band))
    c.fail("pointA is %Lg from the segment, not the radius %Lg (band %Lg)",
           len(pa - (p + d * u)), r, band);
  if (!close(len(pb - pa - n * static_cast<L>(depth)), 0, band))
    c.fail("pointB - pointA is %Lg off normal * depth (band %Lg)",
           len(pb - pa - n * static_cast<L>(depth)), band);
  // (Within 16 of the largest double the moved segment may leave the range
  // the shape's reference distance is computed in: not checked there.)
  if (std::isfinite(m_moved) && scale < static_cast<L>(DBL_MAX) / 16 &&
      !close(m_moved, r, band))
    c.fail(
        "moved by normal * depth the segment comes %Lg close to the shape, "
        "not the radius %Lg (band %Lg)",
        m_moved, r, band);
  L t0 = 0;
  const L gap = min_along(sh, s, p, d, 0, 1, &t0);
  if (std::isfinite(gap) && gap > band && !close(depth, r - gap, band))
    c.fail(
        "the segment is %Lg from the shape but depth is %a, not radius - "
        "that (band %Lg)",
        gap, depth, band);
}

// A box's contact with a box, triangle or plane (contact.h, contact_boxes.cpp):
// returned exactly when the overlap test of the same pair says they touch; a
// unit normal without -0, depth >= 0; pointA in the box, pointB in b, pointB -
// pointA = normal * depth; and the minimum translation against the reference
// overlap (Ericson 4.4.1's axes in long double, reference_overlap): the box
// moved by normal * (depth + margin) is apart from b, by normal * (depth -
// margin) still overlapping it (the reference may be unsure either way). The
// margin covers the ~2^-26 of the size a skipped near-parallel edge axis may
// add to the depth.
void check_box_contact(const Call& c) {
  const Arg ka = c.q.args[0], kb = c.q.args[1];
  const double* a = c.arg(0);
  const double* s = c.arg(1);
  const Arg args[2] = {ka, kb};
  const int sib = find_query(Result::kOverlap, args, 2);
  if (sib >= 0) {
    double io2[NP_IO_DOUBLES];
    const int o = call(kQueries[sib], c.in, io2);
    if (o != c.rc)
      c.fail(
          "returned %d but %s returned %d (a contact must exist exactly "
          "when the shapes overlap)",
          c.rc, kQueries[sib].name, o);
  }
  if (c.rc == 0) return;
  const Shape& sa = *kind(ka).shape;
  const Shape& sh = *kind(kb).shape;
  c.no_nan(c.io, 10, "contact");
  const double depth = c.io[0];
  const double* normal = c.io + 1;
  c.unit_normal(normal, "normal");
  if (!(depth >= 0) || negative_zero(depth)) c.fail("depth %a", depth);
  char why[256];
  if (reference_overlap(ka, a, kb, s, why, sizeof why) == Ref::kNo) return;
  const L scale = std::fmax(sa.scale(a), sh.scale(s));
  bool finite = std::isfinite(depth);
  for (int i = 4; i < 10; ++i) finite = finite && std::isfinite(c.io[i]);
  if (!finite) {
    if (scale < static_cast<L>(DBL_MAX) / 4)
      c.fail("an infinite depth or point for inputs far below DBL_MAX");
    return;
  }
  const LV n = lv(normal), pa = lv(c.io + 4), pb = lv(c.io + 7);
  const L band = 0x1p-24L * scale + abs_floor(scale) + kAbs +
                 4 * std::fmax(sa.slop(a, pa), sh.slop(s, pb));
  if (sa.signed_distance(a, pa) > band)
    c.fail("pointA is %Lg outside the box (band %Lg)",
           sa.signed_distance(a, pa), band);
  const L sd_b = sh.signed_distance(s, pb);
  if (std::isfinite(sd_b) && sd_b > band)
    c.fail("pointB is %Lg outside b (band %Lg)", sd_b, band);
  if (!close(len(pb - pa - n * static_cast<L>(depth)), 0, band))
    c.fail("pointB - pointA is %Lg off normal * depth (band %Lg)",
           len(pb - pa - n * static_cast<L>(depth)), band);
  // The box moved by normal * t (its bounds or its center), in doubles: near
  // the largest double the move may overflow, not checked there.
  if (!(scale < static_cast<L>(DBL_MAX) / 16)) return;
  const auto moved_ref = [&](L t) {
    double m[15];
    const int count = ka == kAABB ? 6 : 15;
    for (int i = 0; i < count; ++i) m[i] = a[i];
    for (int i = 0; i < 3; ++i) {
      const double d = static_cast<double>(normal[i] * t);
      m[i] += d;
      if (ka == kAABB) m[3 + i] += d;
    }
    return reference_overlap(ka, m, kb, s, why, sizeof why);
  };
  const L margin = 4 * band;
  if (moved_ref(depth + margin) == Ref::kYes)
    c.fail("moved by normal * (depth + %Lg) the box still overlaps b (%s)",
           margin, why);
  if (depth > margin && moved_ref(depth - margin) == Ref::kNo)
    c.fail("moved by normal * (depth - %Lg) the box is apart from b (%s)",
           margin, why);
}

int g_pinned = -1;

}  // namespace

int output_size(Result r) {
  switch (r) {
    case Result::kClosestPoint:
      return 3;
    case Result::kDistance:
    case Result::kSignedDistance:
      return 1;
    case Result::kRayHit:
      return 7;
    case Result::kShapeCast:
      return 12;
    case Result::kClosestPoints:
      return 7;
    case Result::kContact:
      return 10;
    default:
      return 0;
  }
}

void run_and_check(const Query& q, const double* inputs, const char* mode) {
  Call c(q, mode, inputs);
  const int n_in = input_size(q), n_out = output_size(q.result);
  const int used = std::max(n_in, n_out);
  for (int i = 0; i < NP_IO_DOUBLES; ++i)
    c.io[i] = i < n_in ? inputs[i] : sentinel();
  c.rc = q.fn(c.io);
  if (const char* p = std::getenv("NP_FUZZ_PRINT");
      p != nullptr && p[0] == '1') {
    std::fprintf(stderr, "---- %s (%s mode)", q.name, mode);
    c.print();
  }
  for (int i = used; i < NP_IO_DOUBLES; ++i) {
    if (!is_sentinel(c.io[i]))
      c.fail("wrote io[%d], beyond its layout (%d doubles)", i, used);
  }
  const int expected = expected_error(q, c.in);
  if (expected != 0) {
    if (c.rc != expected) {
      c.fail(
          "invalid input: expected error %d (problem %d, slot %d), returned %d",
          expected, (-expected) >> 8, (-expected) & 255, c.rc);
    }
    // "Invalid input returns a negative error code and writes nothing"
    // (flat.h).
    if (std::memcmp(c.io, c.in, sizeof(double) * n_in) != 0)
      c.fail("invalid input, but io was written");
    return;
  }
  if (c.rc < 0)
    c.fail("error %d (problem %d, slot %d) for valid input", c.rc, (-c.rc) >> 8,
           (-c.rc) & 255);
  for (int i = n_in; i < n_out; ++i) {
    // An output slot past the inputs that still holds the sentinel was never
    // written: only a miss may do that.
    if (is_sentinel(c.io[i]) &&
        !((q.result == Result::kRayHit || q.result == Result::kShapeCast ||
           q.result == Result::kContact) &&
          c.rc == 0)) {
      c.fail("output io[%d] not written", i);
    }
  }
  switch (q.result) {
    case Result::kClosestPoint:
      return check_closest_point(c);
    case Result::kDistance:
      return check_distance(c);
    case Result::kSignedDistance:
      return check_signed_distance(c);
    case Result::kOverlap:
      return check_overlap(c);
    case Result::kObbAxis:
      return check_obb_axis(c);
    case Result::kRayHit:
      return check_ray_hit(c);
    case Result::kShapeCast:
      return check_shape_cast(c);
    case Result::kClosestPoints:
      return check_closest_points(c);
    case Result::kContact:
      return check_contact(c);
    default:
      c.fail("no checks for result kind %d", static_cast<int>(q.result));
  }
}

namespace {

// Whether the checks of q's result kind can read q's arguments; the reason when
// not.
const char* unsupported(const Query& q) {
  const int n = arg_count(q);
  const auto shape = [&](int i) {
    return i < n && kind(q.args[i]).shape != nullptr;
  };
  const auto is = [&](int i, Arg a) { return i < n && q.args[i] == a; };
  switch (q.result) {
    case Result::kClosestPoint:
    case Result::kDistance:
      return n == 2 && is(0, kVec3) && shape(1)
                 ? nullptr
                 : "a point or distance query must take (vec3, shape)";
    case Result::kSignedDistance:
      return n == 2 && is(0, kVec3) && is(1, kPlane)
                 ? nullptr
                 : "a signed distance query must take (vec3, plane)";
    case Result::kOverlap:
      return n == 2 && shape(0) && shape(1)
                 ? nullptr
                 : "a boolean query must take two shapes (an overlap test)";
    case Result::kObbAxis:
      return n == 2 && (is(0, kOBB) || is(0, kAABB)) &&
                     (is(1, kOBB) || is(1, kAABB))
                 ? nullptr
                 : "an axis query must take two boxes";
    case Result::kRayHit:
      return (n == 3 && is(0, kRay) && shape(1) && is(2, kMaxDistance)) ||
                     (n == 3 && is(0, kVec3) && is(1, kVec3) && shape(2))
                 ? nullptr
                 : "a rayHit query must take (ray, shape, maxDistance) or "
                   "(vec3, vec3, shape)";
    case Result::kShapeCast:
      return (n == 4 && is(0, kVec3) && is(1, kVec3) && is(2, kRadius) &&
              shape(3)) ||
                     (n == 3 && is(0, kCapsule) && is(1, kVec3) && shape(2))
                 ? nullptr
                 : "a shapeCastHit query must take (vec3, vec3, radius, "
                   "shape) or (capsule, vec3, shape)";
    case Result::kClosestPoints:
      return n == 2 && is(0, kSegment) && is(1, kSegment)
                 ? nullptr
                 : "a closestPoints query must take two segments";
    case Result::kContact:
      return n == 2 &&
                     (is(0, kSphere) || is(0, kCapsule) || is(0, kAABB) ||
                      is(0, kOBB)) &&
                     shape(1)
                 ? nullptr
                 : "a contactHit query must take (sphere, capsule, AABB or "
                   "OBB, shape)";
    default:
      return "no checks for this result kind";
  }
}

}  // namespace

void init_selection() {
  if (const char* list = std::getenv("NP_FUZZ_LIST");
      list != nullptr && list[0] == '1') {
    for (const Query& q : kQueries) std::printf("%s\n", q.name);
    std::exit(0);
  }
  // Every query's layout must fit io, and its checks must know how to read it:
  // a new query that does not fit stops every harness here, by name, rather
  // than going unchecked.
  for (const Query& q : kQueries) {
    if (std::max(input_size(q), output_size(q.result)) > NP_IO_DOUBLES) {
      std::fprintf(stderr, "np fuzz: %s does not fit NP_IO_DOUBLES\n", q.name);
      std::abort();
    }
    if (const char* why = unsupported(q)) {
      std::fprintf(stderr,
                   "np fuzz: %s: %s; teach tests/fuzz/checks.cpp its layout\n",
                   q.name, why);
      std::abort();
    }
  }
  const char* name = std::getenv("NP_FUZZ_QUERY");
  if (name == nullptr || name[0] == '\0') return;
  for (int i = 0; i < kQueryCount; ++i) {
    if (std::strcmp(kQueries[i].name, name) == 0 ||
        std::strcmp(kQueries[i].name + 3, name) == 0)
      g_pinned = i;
  }
  if (g_pinned < 0) {
    std::fprintf(stderr,
                 "np fuzz: NP_FUZZ_QUERY=%s is not in the table "
                 "(NP_FUZZ_LIST=1 lists it)\n",
                 name);
    std::exit(2);
  }
}

const Query& select_query(unsigned char selector) {
  return kQueries[g_pinned >= 0 ? g_pinned : selector % kQueryCount];
}

}  // namespace np_fuzz
