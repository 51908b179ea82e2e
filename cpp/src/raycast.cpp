#include "narrowphase/raycast.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "narrowphase/tolerances.h"

namespace np {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The exact path's functions: out of line, and compiled for size by Clang (at
// -O3 they added 4 KB more to the WASM module). No result depends on it: the
// core never contracts or reorders floating-point operations. Not `cold`: with
// it, GCC laid out raycast_aabb's hot path 50 % slower.
#if defined(__clang__)
#define NP_RARE __attribute__((noinline, minsize))
#else
#define NP_RARE __attribute__((noinline))
#endif

// clip()'s answer. kTie: the decision is a near tie of normal doubles (a ray
// through an edge or a corner), for settle() to make exactly; kUnsure: nothing
// the doubles say can be trusted, for clip_exact().
enum class Verdict { kMiss, kHit, kTie, kUnsure };

// Whether clip() may trust the order of t_in and t_out outside the band. A
// rounded quotient has the sign of the exact one unless it underflowed to +-0
// (bound - origin is 0 only when they are equal): t_out < 0 is exact, a slab
// lies wholly behind the origin. Otherwise both must be normal doubles, each
// within 3 ulp of its exact value, and t_in not so large that a far crossing
// whose bound - origin overflowed (inf) could be below it: for a ray, whose
// direction is scaled to [1, 2), that one is above 2^1023; for a segment it is
// above 1 (|bound - origin| > DBL_MAX >= |end - start|), and a segment only
// hits where every entry is at most 1 anyway.
inline bool certain(double t_in, double t_out) {
  return t_out < 0.0 ||
         (t_in >= DBL_MIN && t_in <= 0x1p1020 && t_out >= DBL_MIN);
}

// The slab test in doubles (Kay & Kajiya 1986; Williams et al. 2005), inlined
// into both casts so that its outputs stay in registers (an out-of-line call
// with out-parameters costs a stack frame in WASM). It answers only what
// rounding cannot have changed; otherwise kTie (*t_enter and *enter_axis are
// still the entry, if the path turns out to meet the box) or kUnsure
// (parameters that underflowed or overflowed, an origin on a face's plane).
__attribute__((always_inline)) inline Verdict clip(Vec3 origin, Vec3 dir,
                                                   double t_max,
                                                   const AABB& box,
                                                   double* t_enter,
                                                   int* enter_axis) {
  // The latest near-face crossing. Starting just below 0 rather than at 0, so
  // that a crossing computed as 0 (the origin on that face, or an entry
  // parameter that underflowed) is recorded, and then left to the exact path.
  double t_in = -0x1p-1074;
  double t_out = t_max;  // the earliest far-face crossing
  int axis_in = -1;
  for (int i = 0; i < 3; ++i) {
    const double o = get(origin, i), d = get(dir, i);
    const double lo = get(box.min, i), hi = get(box.max, i);
    if (d == 0.0) {
      // Parallel to this slab (true for -0.0 too): inside the closed slab for
      // every t, or never. No division, so no 0 * inf = NaN when the origin
      // lies on the slab plane.
      if (o < lo || o > hi) return Verdict::kMiss;
      continue;
    }
    // The sign of d picks the near face (article 002's "candidate face"): min
    // when moving toward +axis. Division rather than multiplication by 1/d: one
    // rounding instead of two.
    double t_near = (lo - o) / d, t_far = (hi - o) / d;
    if (d < 0.0) {
      const double swap = t_near;
      t_near = t_far;
      t_far = swap;
    }
    if (t_near > t_in) {  // on a tie the first axis stays
      t_in = t_near;
      axis_in = i;
    }
    if (t_far < t_out) t_out = t_far;
    // The slabs' intervals are disjoint, beyond rounding: the ray passes beside
    // the box or points away from it.
    if (t_in > t_out * (1.0 + kSlabTieBand) && certain(t_in, t_out))
      return Verdict::kMiss;
  }
  if (t_out < 0.0) return Verdict::kMiss;
  if (axis_in < 0) {  // every near-face crossing is behind the origin: it is in
                      // the box unless beyond a far face
    if (!(t_out > 0.0)) return Verdict::kUnsure;
    *t_enter = 0.0;
    *enter_axis = -1;
    return Verdict::kHit;
  }
  if (!certain(t_in, t_out)) return Verdict::kUnsure;
  *t_enter = t_in;
  *enter_axis = axis_in;
  return t_in <= t_out * (1.0 - kSlabTieBand) ? Verdict::kHit : Verdict::kTie;
}

// ---- The exact slab test
// -------------------------------------------------------------------------------------
//
// Parameters as m * 2^e with an int exponent, so that none underflows or
// overflows: an entry 1e-400 of the way along a 1e300-long segment, or through
// a slab of a 1e300 direction with a 1e-300 component. Each operation rounds
// once, as the double operation does when its exponent is in range.
struct Ext {
  double m;  // 1 <= |m| < 2, or 0
  int e;
};

// 2^e for e in [-1022, 1023].
double pow2(int e) {
  const uint64_t bits = static_cast<uint64_t>(e + 1023) << 52;
  double r;
  std::memcpy(&r, &bits, sizeof r);
  return r;
}

Ext ext(double x) {
  if (x == 0.0) return {0.0, 0};
  int shift = 0;
  if (biased_exponent(x) == 0) x *= 0x1p64, shift = 64;  // subnormal: exact
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int e = biased_exponent(x) - 1023 - shift;
  bits = (bits & ~(uint64_t{0x7ff} << 52)) | (uint64_t{1023} << 52);
  double m;
  std::memcpy(&m, &bits, sizeof m);
  return {m, e};
}

Ext normalized(double m,
               int e) {  // |m| in (0.5, 4): exact steps back into [1, 2)
  if (std::fabs(m) >= 2.0) return {m * 0.5, e + 1};
  if (std::fabs(m) < 1.0 && m != 0.0) return {m * 2.0, e - 1};
  return {m, e};
}
Ext ext_mul(Ext a, Ext b) { return normalized(a.m * b.m, a.e + b.e); }
Ext ext_div(Ext a, Ext b) {
  return normalized(a.m / b.m, a.e - b.e);
}  // b != 0
Ext ext_abs(Ext a) { return {std::fabs(a.m), a.e}; }

// a - b rounded once. Where that overflows, |a| and |b| are both at least
// 2^970, so their halves are exact.
Ext ext_diff(double a, double b) {
  const double r = a - b;
  if (std::fabs(r) <= DBL_MAX) return ext(r);
  const Ext h = ext(a * 0.5 - b * 0.5);
  return {h.m, h.e + 1};
}

// The nearest double (an overflow gives +-inf): one rounding, also into the
// subnormals.
double to_double(Ext x) {
  if (x.m == 0.0 || x.e < -1100)
    return x.m * 0.0;  // below half the smallest subnormal: +-0
  if (x.e > 1023) return x.m * kInf;
  if (x.e >= -1022) return x.m * pow2(x.e);
  return x.m * pow2(x.e + 1022) *
         0x1p-1022;  // the first product is exact, the second rounds
}

// a < b for a, b >= 0.
bool less(Ext a, Ext b) {
  if (b.m == 0.0) return false;
  if (a.m == 0.0) return true;
  return a.e != b.e ? a.e < b.e : a.m < b.m;
}

// The sign of a - b for parameters a, b >= 0 each within 3 ulp of its exact
// value (or exactly 0), or 0 when they are too close to tell (see
// kSlabTieBand).
int filtered_compare(Ext a, Ext b) {
  if (less(a, ext_mul(b, {2.0 * (1.0 - kSlabTieBand), -1}))) return -1;
  if (less(ext_mul(b, {1.0 + kSlabTieBand, 0}), a)) return 1;
  return 0;
}

// The exact sign of a sum of products of doubles, whatever their magnitudes. A
// double is an integer M < 2^53 times 2^E, E >= -1074, so a product is an
// integer below 2^106 times 2^(E1 + E2) >= 2^-2148: each is added, exactly,
// into a two's-complement fixed-point number of 32-bit digits from 2^-2148 up
// (products of finite doubles stay below 2^2048), of which only the digits the
// products reach are used. Floating-point expansions (Shewchuk 1997) would lose
// exactness where products underflow or overflow, and inputs here may be any
// finite doubles.
struct Product {
  double x, y;
  bool subtract;
};

NP_RARE int exact_sign(const Product* terms, int n) {
  constexpr int kDigits = 134;  // 2^-2148 .. 2^2140
  uint64_t mantissa[8][2];
  int pos[8];
  bool negative[8];
  int lo = kDigits, hi = -1;
  for (int k = 0; k < n; ++k) {
    pos[k] = -1;
    const double xy[2] = {terms[k].x, terms[k].y};
    if (xy[0] == 0.0 || xy[1] == 0.0) continue;
    int e = 2148;
    negative[k] = terms[k].subtract;
    for (int f = 0; f < 2; ++f) {
      uint64_t bits;
      std::memcpy(&bits, &xy[f], sizeof bits);
      negative[k] ^= (bits >> 63) != 0;
      const int biased = static_cast<int>((bits >> 52) & 0x7ff);
      const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
      mantissa[k][f] = biased != 0 ? fraction | (uint64_t{1} << 52) : fraction;
      e += (biased != 0 ? biased : 1) - 1075;
    }
    pos[k] = e;
    lo = e / 32 < lo ? e / 32 : lo;
    hi = e / 32 + 4 > hi ? e / 32 + 4
                         : hi;  // the product's top bit is below 2^(e + 106)
  }
  if (hi < 0) return 0;
  int64_t digit[kDigits];
  for (int i = lo; i <= hi; ++i) digit[i] = 0;
  // += or -= v * 2^p: at most 8 products of 3 parts each reach a digit, each
  // part below 2^32, so no int64 overflows before the carries are propagated.
  const auto add = [&digit](uint64_t v, int p, int64_t s) {
    const int q = p >> 5, r = p & 31;
    digit[q] += s * static_cast<int64_t>(static_cast<uint32_t>(v << r));
    digit[q + 1] +=
        s * static_cast<int64_t>(static_cast<uint32_t>(v >> (32 - r)));
    if (r != 0)
      digit[q + 2] +=
          s * static_cast<int64_t>(static_cast<uint32_t>(v >> (64 - r)));
  };
  for (int k = 0; k < n; ++k) {
    if (pos[k] < 0) continue;
    const uint64_t xh = mantissa[k][0] >> 32, xl = mantissa[k][0] & 0xffffffffu;
    const uint64_t yh = mantissa[k][1] >> 32, yl = mantissa[k][1] & 0xffffffffu;
    const int64_t s = negative[k] ? -1 : 1;
    add(xl * yl, pos[k], s);
    add(xh * yl + xl * yh, pos[k] + 32, s);  // < 2^54
    add(xh * yh, pos[k] + 64, s);            // < 2^42
  }
  // Carries from the lowest digit up; what is left above the top digit has the
  // sign of the sum (the digits below it, each in [0, 2^32), add up to less
  // than one unit of it).
  int64_t carry = 0;
  bool nonzero = false;
  for (int i = lo; i <= hi; ++i) {
    const int64_t v = digit[i] + carry;
    const int64_t low = v & 0xffffffff;
    carry = (v - low) / 0x100000000;  // exact: v - low is a multiple of 2^32
    nonzero |= low != 0;
  }
  return carry < 0 ? -1 : (carry > 0 || nonzero ? 1 : 0);
}

// The exact sign of (p - o) (h1 - t1) - (q - oq) (h2 - t2).
int cross_sign(double p, double o, double h1, double t1, double q, double oq,
               double h2, double t2) {
  const Product terms[8] = {{p, h1, false},  {p, t1, true}, {o, h1, true},
                            {o, t1, false},  {q, h2, true}, {q, t2, false},
                            {oq, h2, false}, {oq, t2, true}};
  return exact_sign(terms, 8);
}

bool in_box(Vec3 p, const AABB& box) {
  return (p.x >= box.min.x) & (p.x <= box.max.x) & (p.y >= box.min.y) &
         (p.y <= box.max.y) & (p.z >= box.min.z) & (p.z <= box.max.z);
}

// What clip() left open, where that is cheap: an origin in the box (a
// coordinate test) hits at 0, and a near tie of normal doubles is decided pair
// by pair, exactly where the doubles are too close (a ray through an edge or a
// corner). The path is o + t d, t >= 0, with d = head - tail rounded: for a
// ray, the direction scaled by a power of two (exact) is head and d, tail = 0;
// for a segment, head = end, tail = start = o, and whether it gets as far as t
// = 1 is the caller's to check. Returns kHit (then *t_enter, *enter_axis are
// clip()'s, or 0 and -1 for an origin in the box), kMiss, or kUnsure for
// clip_exact(). Out of line: the casts' hot path stays small.
NP_RARE Verdict settle(Verdict v, Vec3 o, Vec3 d, Vec3 head, Vec3 tail,
                       const AABB& box, double* t_enter, int* enter_axis) {
  if (in_box(o, box)) {
    *t_enter = 0.0;
    *enter_axis = -1;
    return Verdict::kHit;
  }
  if (v != Verdict::kTie) return Verdict::kUnsure;
  // Every far crossing is > 0 (t_out is normal) and every near one that is > 0
  // is a slab the origin is outside of: the path meets the box unless one of
  // those is entered after another slab is left.
  for (int i = 0; i < 3; ++i) {
    const double di = get(d, i), oi = get(o, i);
    const double near_i = di > 0.0 ? get(box.min, i) : get(box.max, i);
    if (!(di > 0.0 ? oi < near_i : (di < 0.0) & (oi > near_i))) continue;
    const double t_near = (near_i - oi) / di;
    for (int j = 0; j < 3; ++j) {
      const double dj = get(d, j), oj = get(o, j);
      if (j == i || dj == 0.0) continue;
      const double far_j = dj > 0.0 ? get(box.max, j) : get(box.min, j);
      const double t_far = (far_j - oj) / dj;
      // Normal doubles within 3 ulp each, outside the band: their order.
      // Otherwise the exact sign of t_near - t_far: of sign(d_i d_j) ((near_i -
      // o_i) (head_j - tail_j) - (far_j - o_j) (head_i - tail_i)).
      int c = 0;
      if (t_near >= DBL_MIN && t_near <= 0x1p1020 && t_far >= DBL_MIN) {
        c = t_near <= t_far * (1.0 - kSlabTieBand)
                ? -1
                : (t_near > t_far * (1.0 + kSlabTieBand) ? 1 : 0);
      }
      if (c == 0) {
        c = ((di > 0.0) == (dj > 0.0) ? 1 : -1) *
            cross_sign(near_i, oi, get(head, j), get(tail, j), far_j, oj,
                       get(head, i), get(tail, i));
      }
      if (c > 0)
        return Verdict::kMiss;  // enters slab i after leaving slab j: passes
                                // beside the box
    }
  }
  return Verdict::kHit;
}

// The slab test on the exact reals, for the path o + t (head - tail), t in [0,
// t_max] (t_max >= 0, or +inf): a ray's direction is head with tail = 0; a
// segment is o = tail = start, head = end, t_max = 1, so that its direction is
// end - start exactly, not rounded. Whether the origin is outside a slab, and
// whether it moves away from it, are coordinate comparisons; whether a slab is
// entered before another is left is the sign of a two-by-two determinant (the
// orientation of a box corner against the path's line, projected on a
// coordinate plane), computed exactly where the doubles cannot tell. On true,
// *enter_axis is the axis whose face the path enters through (the lowest of
// tied ones), or -1 when o is in the box, and *t_enter the entry parameter,
// rounded once.
NP_RARE bool clip_exact(Vec3 o, Vec3 head, Vec3 tail, double t_max,
                        const AABB& box, Ext* t_enter, int* enter_axis) {
  int sigma[3] = {0, 0, 0};
  double near_face[3] = {0.0, 0.0, 0.0}, far_face[3] = {0.0, 0.0, 0.0};
  bool outside[3] = {false, false, false};
  Ext t_near[3] = {}, t_far[3] = {};
  for (int i = 0; i < 3; ++i) {
    const double oi = get(o, i), h = get(head, i), tl = get(tail, i);
    const double lo = get(box.min, i), hi = get(box.max, i);
    sigma[i] = h > tl ? 1 : (h < tl ? -1 : 0);
    if (sigma[i] == 0) {
      if (oi < lo || oi > hi) return false;
      continue;
    }
    near_face[i] = sigma[i] > 0 ? lo : hi;
    far_face[i] = sigma[i] > 0 ? hi : lo;
    if (sigma[i] > 0 ? oi > hi : oi < lo)
      return false;  // beyond the far face, moving away from it
    outside[i] =
        sigma[i] > 0
            ? oi < lo
            : oi > hi;  // before the near face: enters this slab at t > 0
    const Ext d = ext_abs(ext_diff(h, tl));
    t_near[i] = ext_div(ext_abs(ext_diff(near_face[i], oi)),
                        d);  // used only where outside[i]: then it is > 0
    t_far[i] = ext_div(ext_abs(ext_diff(far_face[i], oi)), d);  // >= 0
    if (outside[i] && t_max < kInf) {
      // Enters this slab after t_max? For a segment (t_max = 1, o = tail),
      // whether end stops short of the face; otherwise the sign of (near - o) -
      // t_max (h - tl).
      int c;
      if (t_max == 1.0 && oi == tl) {
        c = sigma[i] * ((near_face[i] > h) - (near_face[i] < h));
      } else {
        c = filtered_compare(t_near[i], ext(t_max));
        if (c == 0)
          c = sigma[i] *
              cross_sign(near_face[i], oi, 1.0, 0.0, t_max, 0.0, h, tl);
      }
      if (c > 0) return false;
    }
  }
  int axis = -1;
  for (int i = 0; i < 3; ++i) {
    if (!outside[i]) continue;
    const double oi = get(o, i), hd = get(head, i), tl = get(tail, i);
    for (int j = 0; j < 3; ++j) {
      if (j == i || sigma[j] == 0) continue;
      // Enters slab i after leaving slab j: passes beside the box. t_near_i -
      // t_far_j has the sign of sigma_i sigma_j ((near_i - o_i) d_j - (far_j -
      // o_j) d_i).
      int c = filtered_compare(t_near[i], t_far[j]);
      if (c == 0) {
        c = sigma[i] * sigma[j] *
            cross_sign(near_face[i], oi, get(head, j), get(tail, j),
                       far_face[j], get(o, j), hd, tl);
      }
      if (c > 0) return false;
    }
    if (axis < 0) {
      axis = i;
      continue;
    }
    int c = filtered_compare(t_near[i], t_near[axis]);
    if (c == 0) {
      c = sigma[i] * sigma[axis] *
          cross_sign(near_face[i], oi, get(head, axis), get(tail, axis),
                     near_face[axis], get(o, axis), hd, tl);
    }
    if (c > 0) axis = i;  // enters slab i later: the latest entry is the box's
  }
  *enter_axis = axis;
  *t_enter = axis >= 0 ? t_near[axis] : Ext{0.0, 0};
  return true;
}

// The components of `v` scaled by one power of two so that the largest is in
// [1, 2) (those 2^1022 and more below it go to subnormals or 0, where they do
// not change a length or a unit vector), and that power's exponent.
Vec3 common_scale(const Ext v[3], int* e_max) {
  int e = std::numeric_limits<int>::min();
  for (int i = 0; i < 3; ++i) {
    if (v[i].m != 0.0 && v[i].e > e) e = v[i].e;
  }
  *e_max = e;
  Vec3 r{0.0, 0.0, 0.0};
  if (e == std::numeric_limits<int>::min()) return r;
  for (int i = 0; i < 3; ++i) set(r, i, to_double({v[i].m, v[i].e - e}));
  return r;
}

// ---- Filling the hit
// ---------------------------------------------------------------------------------------

// p snapped onto the plane `face` of `axis`, and clamped into the box on the
// other axes, so that it lies on the surface exactly whatever rounding moved it
// (an infinite coordinate, from an entry beyond the largest double, is clamped
// too).
Vec3 on_entry_face(Vec3 p, const AABB& box, int axis, double face) {
  for (int i = 0; i < 3; ++i) {
    const double lo = get(box.min, i), hi = get(box.max, i), v = get(p, i);
    set(p, i, v < lo ? lo : (v > hi ? hi : v));
  }
  set(p, axis, face);
  return p;
}

Vec3 axis_normal(int axis, bool toward_plus) {
  Vec3 n{0.0, 0.0, 0.0};
  set(n, axis, toward_plus ? -1.0 : 1.0);
  return n;
}

// The world distance to an entry at t along dir through the face at `face` of
// `axis`: t |dir|, or, when |dir| is |dir_axis| (an axis-aligned path, or one
// whose other components are too small to change its length), |face -
// origin_axis| itself, the exact distance rounded once (t |dir| = fl(fl(gap /
// d) d) can be an ulp off).
double entry_distance(double t, double length, double d_axis, double face,
                      double o_axis) {
  return length == std::fabs(d_axis) ? std::fabs(face - o_axis) : t * length;
}

// Fills *hit for an entry found by clip() at t along dir through the face of
// `axis`, unless its distance exceeds max_distance: then false.
bool fill_entry(Vec3 origin, Vec3 dir, double t, const AABB& box, int axis,
                double max_distance, RayHit* hit) {
  const double d_axis = get(dir, axis);
  const bool toward_plus = d_axis > 0.0;
  const double face = toward_plus ? get(box.min, axis) : get(box.max, axis);
  const double distance =
      entry_distance(t, length(dir), d_axis, face, get(origin, axis));
  if (distance > max_distance) return false;
  hit->distance = distance;
  hit->point = on_entry_face(origin + dir * t, box, axis, face);
  hit->normal = axis_normal(axis, toward_plus);
  return true;
}

void fill_inside(Vec3 origin, Vec3 back, RayHit* hit) {
  hit->distance = 0.0;
  hit->point = origin;
  hit->normal = back;
}

// The outward normal of the face of the box nearest to p (p in the box). Ties:
// x, y, z; min before max.
Vec3 nearest_face_normal(Vec3 p, const AABB& box) {
  double best = std::numeric_limits<double>::infinity();
  Vec3 n{0.0, 0.0, 0.0};
  int best_axis = 0;
  double best_sign = -1.0;
  for (int i = 0; i < 3; ++i) {
    const double to_min = get(p, i) - get(box.min, i),
                 to_max = get(box.max, i) - get(p, i);
    if (to_min < best) best = to_min, best_axis = i, best_sign = -1.0;
    if (to_max < best) best = to_max, best_axis = i, best_sign = 1.0;
  }
  set(n, best_axis, best_sign);
  return n;
}

// o + v, rounded once, also where v alone is beyond the largest double but the
// sum is not.
double add_ext(double o, Ext v) {
  if (v.e <= 1020) return o + to_double(v);
  return (o * 0.5 + to_double({v.m, v.e - 1})) *
         2.0;  // |v| >= 2^1021: o's halving error is far below the rounding
}

// The cast decided exactly: the path o + t (head - tail), t in [0, t_max], as
// in clip_exact(). The distance and the point o + t d are those of the double
// path, computed in extended exponents, so that neither underflows nor
// overflows before it is rounded to a double.
NP_RARE bool cast_exact(Vec3 o, Vec3 head, Vec3 tail, double t_max,
                        const AABB& box, double max_distance, RayHit* hit) {
  Ext t;
  int axis;
  if (!clip_exact(o, head, tail, t_max, box, &t, &axis)) return false;
  Ext d[3];
  for (int i = 0; i < 3; ++i) d[i] = ext_diff(get(head, i), get(tail, i));
  int e;
  const Vec3 dir = common_scale(
      d, &e);  // the direction, scaled exactly (but for negligible components)
  if (axis < 0) {
    fill_inside(o, unit_or(negated(dir), nearest_face_normal(o, box)), hit);
    return true;
  }
  const bool toward_plus = d[axis].m > 0.0;
  const double face = toward_plus ? get(box.min, axis) : get(box.max, axis);
  // entry_distance() in extended exponents: |d| is |d_axis| where the other
  // components are negligible.
  const Ext length = normalized(std::sqrt(length_squared(dir)),
                                e);  // the sqrt is in [1, 2 sqrt(3))
  const Ext d_axis = ext_abs(d[axis]);
  const double distance = length.m == d_axis.m && length.e == d_axis.e
                              ? to_double(ext_abs(ext_diff(face, get(o, axis))))
                              : to_double(ext_mul(t, length));
  if (distance > max_distance) return false;
  Vec3 p{0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i) set(p, i, add_ext(get(o, i), ext_mul(d[i], t)));
  hit->distance = distance;
  hit->point = on_entry_face(p, box, axis, face);
  hit->normal = axis_normal(axis, toward_plus);
  return true;
}

// `dir` times the power of two that brings its largest |component| into [1, 2).
// Exact, and changes no result where nothing overflowed or underflowed (t
// scales by the inverse power, t * |d| and origin + t d not at all), but (bound
// - origin) / direction can then neither overflow for a tiny direction nor
// underflow for a huge one, and a bound - origin that overflowed stands for a
// parameter above 2^1023, beyond every entry clip() trusts. False when scaling
// down would push a non-zero component below the normal range (a direction
// whose components span more than 2^1022): dropping a 2^-1100 component of a
// 2^1000 direction to 0 would turn a miss beside a face into a hit on it. The
// exact path takes those.
bool unit_direction_scale(Vec3 dir, Vec3* scaled) {
  int e_max = biased_exponent(dir);
  const int shift = e_max - 1023;  // divide by 2^shift
  if (shift > 0) {
    // The smallest exponent among non-zero components (zero components do not
    // limit anything).
    const auto nonzero_exponent = [](double c) {
      return c != 0.0 ? biased_exponent(c) : 2047;
    };
    const int ex = nonzero_exponent(dir.x), ey = nonzero_exponent(dir.y),
              ez = nonzero_exponent(dir.z);
    const int e_min = ex < ey ? (ex < ez ? ex : ez) : (ey < ez ? ey : ez);
    if (e_min - shift < 1) return false;
    if (e_max >= 2046)
      dir = dir * 0x1p-1000,
      e_max -= 1000;        // 2^-1023 is not a normal double: two exact steps
  } else if (e_max == 0) {  // subnormal components only: 2^1000 first (exact),
                            // then the usual step
    dir = dir * 0x1p1000;
    e_max = biased_exponent(dir);
  }
  *scaled = dir * unit_scale_for(e_max);
  return true;
}

// Moving toward +axis (d > 0) a segment enters through min and must end at or
// beyond it; otherwise through max (d == 0: end is start, which is in that
// slab).
bool reaches_near_face(double d, double end, double lo, double hi) {
  return d > 0.0 ? end >= lo : end <= hi;
}

}  // namespace

bool clip_aabb(Vec3 origin, Vec3 dir, double t_max, const AABB& box,
               double* t_enter, int* enter_axis) {
  // clip() trusts a far crossing that overflowed (inf) to be beyond every entry
  // it trusts (<= 2^1020): true when no |component| exceeds 2, as in
  // raycast_aabb(). Other directions take the exact path.
  if (max_abs_component(dir) <= 2.0) {
    const Verdict v = clip(origin, dir, t_max, box, t_enter, enter_axis);
    if (v == Verdict::kHit || v == Verdict::kMiss) return v == Verdict::kHit;
  }
  Ext t;
  if (!clip_exact(origin, dir, Vec3{0.0, 0.0, 0.0}, t_max, box, &t, enter_axis))
    return false;
  *t_enter = to_double(t);
  return true;
}

bool raycast_aabb(const Ray& ray, const AABB& box, double max_distance,
                  RayHit* hit) {
  // Only the direction's line matters, not its length: every direction is
  // brought to a largest |component| in [1, 2) by a power of two (see
  // unit_direction_scale).
  Vec3 dir;
  if (unit_direction_scale(ray.direction, &dir)) {
    double t;
    int axis;
    // Clip the whole half-line and compare the world distance with max_distance
    // afterwards, so that the reported distance and the max_distance decision
    // cannot disagree by a rounding.
    Verdict v = clip(ray.origin, dir, kInf, box, &t, &axis);
    if (v == Verdict::kTie || v == Verdict::kUnsure) {
      v = settle(v, ray.origin, dir, dir, Vec3{0.0, 0.0, 0.0}, box, &t, &axis);
    }
    if (v == Verdict::kMiss) return false;
    if (v == Verdict::kHit) {
      if (axis < 0) {
        fill_inside(ray.origin, unit_or(negated(dir), dir),
                    hit);  // dir is not zero: no fallback needed
        return true;
      }
      // t <= 2^1020 and |dir| < 4: the distance is finite.
      return fill_entry(ray.origin, dir, t, box, axis, max_distance, hit);
    }
  }
  return cast_exact(ray.origin, ray.direction, Vec3{0.0, 0.0, 0.0}, kInf, box,
                    max_distance, hit);
}

bool linecast_aabb(const Segment& segment, const AABB& box, RayHit* hit) {
  const Vec3 start = segment.start, end = segment.end;
  // Parametrize by t over the unnormalized segment: a segment that ends on a
  // face has (face - start) / (end - start) == 1 exactly, so the end point is
  // never lost to rounding.
  const Vec3 d = end - start;
  // end - start overflows for end points of opposite signs near the largest
  // doubles: the exact path.
  if ((std::fabs(d.x) <= DBL_MAX) & (std::fabs(d.y) <= DBL_MAX) &
      (std::fabs(d.z) <= DBL_MAX)) {
    double t;
    int axis;
    Verdict v = clip(start, d, 1.0, box, &t, &axis);
    if (v == Verdict::kTie || v == Verdict::kUnsure) {
      v = settle(v, start, d, end, start, box, &t, &axis);
      // settle() decides the order of the slabs; the tie may have been with t =
      // 1 itself (a segment ending on, or an ulp short of, a face): every slab
      // is entered by t = 1 if end is at or beyond each near face (for a slab
      // start is in, trivially). Otherwise clip() already knew.
      if (v == Verdict::kHit && axis >= 0 &&
          !(reaches_near_face(d.x, end.x, box.min.x, box.max.x) &&
            reaches_near_face(d.y, end.y, box.min.y, box.max.y) &&
            reaches_near_face(d.z, end.z, box.min.z, box.max.z))) {
        v = Verdict::kMiss;
      }
    }
    if (v == Verdict::kMiss) return false;
    if (v == Verdict::kHit) {
      if (axis < 0) {
        // Zero-length segment: no direction to face back along, so use the
        // nearest face's outward normal.
        const bool moves = (d.x != 0.0) | (d.y != 0.0) | (d.z != 0.0);
        fill_inside(
            start,
            moves ? unit_or(negated(d), d) : nearest_face_normal(start, box),
            hit);
        return true;
      }
      // t <= 1 (the entry's rounded quotient is at most end's: (face - start) /
      // d <= (end - start) / d), but |d| overflows for a segment longer than
      // the largest double: then the exact path.
      if (fill_entry(start, d, t, box, axis, DBL_MAX, hit)) return true;
    }
  }
  return cast_exact(start, end, start, 1.0, box, kInf, hit);
}

}  // namespace np
