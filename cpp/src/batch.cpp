// The batch queries (narrowphase/batch.h): each answer in plain double
// arithmetic from the float32 inputs, after or while validating every element.
//
// Native build: scalar loops (run()). Validation is a fast check of the whole
// input first (finiteness from the exponent bits of every float, then each
// layout's comparisons, as reductions that vectorize), and only when that
// fails a scan for the first invalid element; then the answers.
// WASM build (-msimd128): structure-of-arrays kernels (run_soa()), four
// elements per iteration from whole v128 loads, in f64x2 lanes, validation
// fused into the same pass (see "Structure-of-arrays kernels" below). Both
// give the same answers bit for bit: the lanes use the scalar code's
// operations in the same order. The loop bodies are branch-free (comparisons
// become selects) except early exits: the sphere cast's clear misses and the
// OBB test's return once the face axes separate (these change no answer), and
// the OBB test's bounding-sphere reject (obbs_apart: disjoint boxes, in the
// same float32 operations in both builds). In WASM the sphere cast first
// decides clear misses four at a time in float32 lanes (cast_misses4, with a
// margin proven to cover its rounding, so the answers are the double ones
// bit for bit), and computes only the other blocks of four in doubles; the
// OBB test likewise validates every block of four and applies obbs_apart in
// a first pass, and runs the separating axis test on the blocks left
// (run_soa_filtered).
#include "narrowphase/batch.h"

#include <cmath>
#include <cstring>
#include <utility>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "narrowphase/tolerances.h"

namespace {

// True for a finite float: x - x is 0 for finite x, NaN for NaN or +-infinity.
inline bool finite(float x) { return x - x == 0.0f; }

// True when all `count` floats are finite: the largest exponent field is
// below all ones (a reduction over integers, which vectorizes).
bool all_finite(const float* x, uint32_t count) {
  uint32_t top = 0;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t bits;
    std::memcpy(&bits, x + i, 4);
    bits &= 0x7f800000u;
    top = bits > top ? bits : top;
  }
  return top < 0x7f800000u;
}

// The index of the first element for which bad(i) is true, or -1: the slow
// path, taken only when the fast check failed.
template <typename Bad>
int32_t first_bad(uint32_t n, Bad bad) {
  for (uint32_t i = 0; i < n; ++i) {
    if (bad(i)) return static_cast<int32_t>(i);
  }
  return -1;
}

// The native kernels' loop: validates every element (`valid()`: the whole
// input at once, `bad(i)`: one element), then writes answer(i) for each:
// returns the index of the first invalid element (nothing written), or -1.
// With out == nullptr only validates. kVectorize: whether the compiler may
// vectorize the answers' loop across elements (the ray-box kernel's).
template <bool kVectorize = false, typename T, typename Valid, typename Bad,
          typename Answer>
int32_t run(uint32_t n, T* out, Valid valid, Bad bad, Answer answer) {
  if (!valid()) return first_bad(n, bad);
  if (out == nullptr) return -1;
  if constexpr (kVectorize) {
    for (uint32_t i = 0; i < n; ++i) out[i] = answer(i);
  } else {
#ifdef __clang__
#pragma clang loop vectorize(disable)
#endif
    for (uint32_t i = 0; i < n; ++i) out[i] = answer(i);
  }
  return -1;
}

// Whether all boxes [min.xyz, max.xyz] have min <= max (after all_finite).
bool boxes_ordered(const float* b, uint32_t n) {
  bool bad = false;
  for (uint32_t i = 0; i < n; ++i) {
    const float* q = b + 6 * i;
    bad |= (q[0] > q[3]) | (q[1] > q[4]) | (q[2] > q[5]);
  }
  return !bad;
}

// Whether every value at offset, offset + stride, ... (n of them) is >= 0.
bool all_nonnegative(const float* x, uint32_t stride, uint32_t n) {
  bool bad = false;
  for (uint32_t i = 0; i < n; ++i) bad |= x[stride * i] < 0.0f;
  return !bad;
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
  return !(finite(s[0]) && finite(s[1]) && finite(s[2]) && finite(s[3]) &&
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

// Whether an OBB's rotation (column-major, 9 floats) is orthonormal within
// kOrthonormalTolerance, in double: the single call's rule (validate.cpp) on
// the same numbers, in the same order.
inline bool orthonormal(const float* r) {
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const double d = static_cast<double>(r[3 * i]) * r[3 * j] +
                       static_cast<double>(r[3 * i + 1]) * r[3 * j + 1] +
                       static_cast<double>(r[3 * i + 2]) * r[3 * j + 2];
      ok &= std::fabs(d - (i == j ? 1.0 : 0.0)) <= np::kOrthonormalTolerance;
    }
  }
  return ok;
}

// An OBB [center.xyz, half.xyz, rotation column-major]: finite, half sizes >=
// 0, rotation orthonormal.
inline bool bad_obb(const float* o) {
  bool ok = true;
  for (int k = 0; k < 15; ++k) ok &= finite(o[k]);
  ok &= (o[3] >= 0.0f) & (o[4] >= 0.0f) & (o[5] >= 0.0f);
  return !(ok && orthonormal(o + 6));
}

// All n OBBs valid (the fast check).
bool obbs_valid(const float* o, uint32_t n) {
  if (!all_finite(o, 15 * n)) return false;
  bool ok = true;
  for (uint32_t i = 0; i < n; ++i) {
    const float* q = o + 15 * i;
    ok &= (q[3] >= 0.0f) & (q[4] >= 0.0f) & (q[5] >= 0.0f) & orthonormal(q + 6);
  }
  return ok;
}

// Two lanes of doubles, for the kernels that process two elements at once in
// WASM SIMD: the same operators as double, lane by lane, so that one template
// serves both and rounds exactly as the scalar code does (IEEE add, sub, mul,
// no fused multiply-add).
#ifdef __wasm_simd128__
struct F2 {
  v128_t v;
};
struct M2 {
  v128_t v;
};
inline F2 operator+(F2 a, F2 b) { return {wasm_f64x2_add(a.v, b.v)}; }
inline F2 operator-(F2 a, F2 b) { return {wasm_f64x2_sub(a.v, b.v)}; }
inline F2 operator*(F2 a, F2 b) { return {wasm_f64x2_mul(a.v, b.v)}; }
inline F2 abs(F2 a) { return {wasm_f64x2_abs(a.v)}; }
inline M2 operator>(F2 a, F2 b) { return {wasm_f64x2_gt(a.v, b.v)}; }
inline M2 operator|(M2 a, M2 b) { return {wasm_v128_or(a.v, b.v)}; }
inline M2& operator|=(M2& a, M2 b) { return a = a | b; }
inline F2 operator/(F2 a, F2 b) { return {wasm_f64x2_div(a.v, b.v)}; }
inline F2 sqrt(F2 a) { return {wasm_f64x2_sqrt(a.v)}; }
inline M2 operator<(F2 a, F2 b) { return {wasm_f64x2_lt(a.v, b.v)}; }
inline M2 operator<=(F2 a, F2 b) { return {wasm_f64x2_le(a.v, b.v)}; }
inline M2 operator>=(F2 a, F2 b) { return {wasm_f64x2_ge(a.v, b.v)}; }
inline M2 operator&(M2 a, M2 b) { return {wasm_v128_and(a.v, b.v)}; }
inline F2 select(M2 m, F2 a, F2 b) {
  return {wasm_v128_bitselect(a.v, b.v, m.v)};
}
inline F2 constant(F2, double c) { return {wasm_f64x2_splat(c)}; }
inline bool all(M2 m) { return wasm_i64x2_all_true(m.v); }
#endif
inline bool all(bool m) { return m; }
inline double abs(double a) { return std::fabs(a); }
inline double sqrt(double a) { return std::sqrt(a); }
inline double select(bool m, double a, double b) { return m ? a : b; }
inline double constant(double, double c) { return c; }

// Whether two OBBs are certainly apart, by their bounding spheres: |d|^2 >
// 2 (|ea|^2 + |eb|^2) (1 + kBatchObbApartMargin) + kBatchObbApartFloor, d the
// centers' difference, ea and eb the half sizes, in float32 (the same
// operations, in the same order, in the scalar code and in the f32x4 lanes
// of obbs_apart4, so that both decide alike). 2 (ra^2 + rb^2) >= (ra + rb)^2,
// so a pair that passes has its centers farther apart than the sum of its
// bounding radii (|e|, times 1 + 1.5e-6 for a rotation orthonormal within
// kOrthonormalTolerance) by 2^-10 of it: disjoint boxes. Each float32
// operation errs by at most 2^-24 relative (Higham, Accuracy and Stability of
// Numerical Algorithms, 2.2) or 2^-150 absolute below 2^-126; the test takes
// 14, whose errors (below 2^-20 relative and 2^-145 absolute) the margin and
// the floor cover many times over. An overflow to +infinity on the right
// rejects nothing; on the left only distances beyond FLT_MAX, which are
// apart. The separating axis test that follows gives the same answer for such
// pairs, up to its edge slack (the tests check it on the seeded sets): this
// only skips its 15 axes for clear misses, the most common case of a game's
// broad set.
constexpr float kApartFactor =
    static_cast<float>(2.0 * (1.0 + np::kBatchObbApartMargin));
static_assert(static_cast<double>(kApartFactor) ==
                  2.0 * (1.0 + np::kBatchObbApartMargin),
              "the apart factor must be exact in float32");
inline bool obbs_apart(const float* a, const float* b) {
  const float dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  const float d2 = dx * dx + dy * dy + dz * dz;
  const float ra2 = a[3] * a[3] + a[4] * a[4] + a[5] * a[5];
  const float rb2 = b[3] * b[3] + b[4] * b[4] + b[5] * b[5];
  return d2 > (ra2 + rb2) * kApartFactor + np::kBatchObbApartFloor;
}

// Ericson, Real-Time Collision Detection, 4.4.1: whether one of the 15
// candidate separating axes of two OBBs separates them, in A's frame. Face
// axes exact in the rotation as given; edge x edge axes with
// kBatchObbEdgeSlack. V is double (one pair) or F2 (two), M the matching
// truth value; a(k) and b(k) read the k-th number of each box; `apart`:
// obbs_apart() for each pair (those are separated without a test).
template <typename V, typename M, typename A, typename B>
inline M obb_separated(A a, B b, V slack_factor, M apart) {
  if (all(apart)) return apart;
  // R[x][y] = A's axis x . B's axis y; |R| for the projected radii.
  V R[3][3], AR[3][3];
  for (int x = 0; x < 3; ++x) {
    for (int y = 0; y < 3; ++y) {
      R[x][y] = a(6 + 3 * x) * b(6 + 3 * y) + a(7 + 3 * x) * b(7 + 3 * y) +
                a(8 + 3 * x) * b(8 + 3 * y);
      AR[x][y] = abs(R[x][y]);
    }
  }
  // The translation, in A's frame.
  const V d0 = b(0) - a(0), d1 = b(1) - a(1), d2 = b(2) - a(2);
  V t[3];
  for (int x = 0; x < 3; ++x) {
    t[x] = d0 * a(6 + 3 * x) + d1 * a(7 + 3 * x) + d2 * a(8 + 3 * x);
  }
  const V ea[3] = {a(3), a(4), a(5)}, eb[3] = {b(3), b(4), b(5)};
  // A's face axes.
  M separated = apart;
  for (int x = 0; x < 3; ++x) {
    separated |= abs(t[x]) >
                 ea[x] + eb[0] * AR[x][0] + eb[1] * AR[x][1] + eb[2] * AR[x][2];
  }
  // Most separated pairs are separated by one of A's face axes: the rest
  // only add axes to the "or", so returning here changes no answer.
  if (all(separated)) return separated;
  // B's face axes.
  for (int y = 0; y < 3; ++y) {
    separated |= abs(t[0] * R[0][y] + t[1] * R[1][y] + t[2] * R[2][y]) >
                 eb[y] + ea[0] * AR[0][y] + ea[1] * AR[1][y] + ea[2] * AR[2][y];
  }
  if (all(separated)) return separated;
  // The nine edge x edge axes, A's axis x cross B's axis y: rounding noise
  // when the edges are (nearly) parallel, so the radii get the slack.
  const V slack = slack_factor * (ea[0] + ea[1] + ea[2] + eb[0] + eb[1] +
                                  eb[2] + abs(t[0]) + abs(t[1]) + abs(t[2]));
  for (int x = 0; x < 3; ++x) {
    const int x1 = (x + 1) % 3, x2 = (x + 2) % 3;
    for (int y = 0; y < 3; ++y) {
      const int y1 = (y + 1) % 3, y2 = (y + 2) % 3;
      separated |= abs(t[x2] * R[x1][y] - t[x1] * R[x2][y]) >
                   ea[x1] * AR[x2][y] + ea[x2] * AR[x1][y] +
                       eb[y1] * AR[x][y2] + eb[y2] * AR[x][y1] + slack;
    }
  }
  return separated;
}

// One pair of OBBs (15 floats each): 1 when they overlap.
inline uint8_t obb_overlap(const float* a, const float* b) {
  return !obb_separated<double, bool>(
      [a](int k) { return static_cast<double>(a[k]); },
      [b](int k) { return static_cast<double>(b[k]); }, np::kBatchObbEdgeSlack,
      obbs_apart(a, b));
}

// The terms of a sphere cast: with m the start relative to the target, d the
// path and reach the radii, |m + t d| = reach is a t^2 + 2 b t + cc = 0, of
// discriminant disc / 4. c(k) reads the cast's numbers [start.xyz, end.xyz,
// radius], s(k) the target's [center.xyz, radius]; V is double (one cast) or
// F2 (two).
template <typename V>
struct CastTerms {
  V a, b, cc, disc;
};
template <typename V, typename C, typename S>
inline CastTerms<V> sphere_cast_terms(C c, S s) {
  const V mx = c(0) - s(0), my = c(1) - s(1), mz = c(2) - s(2);
  const V dx = c(3) - c(0), dy = c(4) - c(1), dz = c(5) - c(2);
  const V reach = c(6) + s(3);
  const V a = dx * dx + dy * dy + dz * dz;
  const V b = mx * dx + my * dy + mz * dz;
  const V cc = (mx * mx + my * my + mz * mz) - reach * reach;
  return {a, b, cc, b * b - a * cc};
}

// The fraction of a sphere cast's path at first contact, 0 when it starts
// overlapping or touching, +infinity on a miss; M is the truth value matching
// V. It decides most misses without the division and square root: a cast that
// starts apart (cc > 0) and moves away (b >= 0) or whose line passes wide
// (disc < 0) is +infinity, as the full formula decides it (the same terms, so
// the answer is the same bit for bit). In lanes, only when every lane is such
// a miss.
template <typename V, typename M>
inline V sphere_cast_fraction_or_miss(const CastTerms<V>& q) {
  const V zero = constant(q.disc, 0.0);
  if (all((q.cc > zero) & ((q.b >= zero) | (q.disc < zero)))) {
    return constant(q.disc, INFINITY);
  }
  // The smaller root in the stable form cc / (-b + sqrt(disc)) (no
  // cancellation: b < 0 where it is used). Tangent paths (disc = 0) hit.
  const V t = q.cc / (sqrt(select(q.disc > zero, q.disc, zero)) - q.b);
  // Starts overlapping or touching: 0. Otherwise a hit needs an approaching
  // path (b < 0; a zero-length cast has b = 0, so it only hits when it starts
  // touching), a real root and contact no later than the end.
  const M starts = q.cc <= zero;
  const M hits = (q.b < zero) & (q.disc >= zero) & (t <= constant(t, 1.0));
  return select(starts, zero, select(hits, t, constant(t, INFINITY)));
}
template <typename V, typename M, typename C, typename S>
inline V sphere_cast_fraction_or_miss(C c, S s) {
  return sphere_cast_fraction_or_miss<V, M>(sphere_cast_terms<V>(c, s));
}

#ifdef __wasm_simd128__
// Structure-of-arrays kernels (WASM SIMD): four elements per iteration, their
// fields read with whole v128 loads of the flat layout, shuffled into pairs of
// lanes (element 0 and 1, element 2 and 3) and converted to f64x2, the
// answers computed branch-free in the f64x2 lanes with the very operations of
// the scalar code (IEEE add, sub, mul, compare; pmax where the scalar code
// selects the larger), so each answer is the scalar one bit for bit.
// Validation is fused into the same pass: every check of the layout (a float
// that is not finite, a negative radius, min > max) sets bits in one
// accumulator; only when it is non-zero at the end does the scalar scan look
// for the first invalid element. So, unlike the scalar kernels, these write
// answers to `out` before they know whether every element is valid (the JS
// layer passes them a staging area, never the caller's `out`).

// The shuffles are the forms V8 turns into one x64 instruction each: unpcklps
// / unpckhps (lanes 0 4 1 5, 2 6 3 7), shufps (two lanes of a, then two of
// b) and pshufd (the lanes of one vector). f64x2.promote_low converts lanes 0
// and 1.
inline v128_t low_pair(v128_t v) { return wasm_f64x2_promote_low_f32x4(v); }
inline v128_t high_pair(v128_t v) {
  return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3));
}
// [a0 a1 b0 b1] -> (a0, b0) and (a1, b1).
inline v128_t even_pair(v128_t v) {
  return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 0, 2, 0, 2));
}
inline v128_t odd_pair(v128_t v) {
  return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 1, 3, 1, 3));
}

// Four fields of two consecutive 4-float records a = [a0 a1 a2 a3] and b,
// each as an f64x2 (a_k, b_k).
struct Quad2 {
  v128_t f[4];
};
inline Quad2 quad2(v128_t a, v128_t b) {
  const v128_t lo = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);  // a0 b0 a1 b1
  const v128_t hi = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);  // a2 b2 a3 b3
  return {{low_pair(lo), high_pair(lo), low_pair(hi), high_pair(hi)}};
}

// Bits set when some float of the vectors is not finite: a sum of them is
// NaN or +-infinity then, and x - x is NaN for those, +0 (no bit set) for a
// finite sum. A sum of finite floats that overflows also sets bits: then the
// scalar scan finds no invalid element, and the answers stand.
template <typename... V>
inline v128_t nonfinite_bits(v128_t v, V... rest) {
  v128_t sum = v;
  ((sum = wasm_f32x4_add(sum, rest)), ...);
  return wasm_f32x4_sub(sum, sum);
}

// The distance overshoot of v beyond [lo, hi], 0 inside: overshoot() in two
// lanes. pmax(a, b) is a < b ? b : a, so pmax(above, below) is the scalar
// below > above ? below : above, and pmax(0, o) is o > 0 ? o : 0.
inline v128_t overshoot2(v128_t v, v128_t lo, v128_t hi) {
  const v128_t o =
      wasm_f64x2_pmax(wasm_f64x2_sub(v, hi), wasm_f64x2_sub(lo, v));
  return wasm_f64x2_pmax(wasm_f64x2_splat(0.0), o);
}

// Six fields [min.xyz, max.xyz] of two consecutive boxes (12 floats in three
// v128 b0..b2), each as an f64x2 (element 0, element 1).
struct Boxes2 {
  v128_t lo[3], hi[3];
};
inline Boxes2 boxes2(v128_t b0, v128_t b1, v128_t b2) {
  // b0 = [A0 A1 A2 A3], b1 = [A4 A5 B0 B1], b2 = [B2 B3 B4 B5]: box A's
  // fields Ak, box B's Bk.
  const v128_t t0 = wasm_i32x4_shuffle(b0, b1, 0, 1, 6, 7);  // A0 A1 B0 B1
  const v128_t t1 = wasm_i32x4_shuffle(b0, b2, 2, 3, 4, 5);  // A2 A3 B2 B3
  const v128_t t2 = wasm_i32x4_shuffle(b1, b2, 0, 1, 6, 7);  // A4 A5 B4 B5
  return {{even_pair(t0), odd_pair(t0), even_pair(t1)},
          {odd_pair(t1), even_pair(t2), odd_pair(t2)}};
}
// Bits set in a lane whose box has min > max on some axis.
inline v128_t unordered_bits(const Boxes2& b) {
  return wasm_v128_or(wasm_v128_or(wasm_f64x2_gt(b.lo[0], b.hi[0]),
                                   wasm_f64x2_gt(b.lo[1], b.hi[1])),
                      wasm_f64x2_gt(b.lo[2], b.hi[2]));
}

// Four boxes (24 floats at b): the six v128 loads (for the finiteness
// check), the pairs (0, 1) and (2, 3) as Boxes2, and the bits of a lane
// whose box has min > max.
struct Boxes4 {
  v128_t raw[6];
  Boxes2 b01, b23;
  v128_t unordered;
};
inline Boxes4 load_boxes4(const float* b) {
  Boxes4 q;
  for (int k = 0; k < 6; ++k) q.raw[k] = wasm_v128_load(b + 4 * k);
  q.b01 = boxes2(q.raw[0], q.raw[1], q.raw[2]);
  q.b23 = boxes2(q.raw[3], q.raw[4], q.raw[5]);
  q.unordered = wasm_v128_or(unordered_bits(q.b01), unordered_bits(q.b23));
  return q;
}

// The squared distance from the points (x, y, z) to boxes b, two lanes:
// distance2_to_box() in the same order.
inline v128_t distance2_to_boxes(v128_t x, v128_t y, v128_t z,
                                 const Boxes2& b) {
  const v128_t dx = overshoot2(x, b.lo[0], b.hi[0]);
  const v128_t dy = overshoot2(y, b.lo[1], b.hi[1]);
  const v128_t dz = overshoot2(z, b.lo[2], b.hi[2]);
  return wasm_f64x2_add(
      wasm_f64x2_add(wasm_f64x2_mul(dx, dx), wasm_f64x2_mul(dy, dy)),
      wasm_f64x2_mul(dz, dz));
}

// Four 0/1 bytes from two f64x2 masks (all ones or zero per lane), lanes in
// order m01.0, m01.1, m23.0, m23.1, stored at out.
inline void store_flags(uint8_t* out, v128_t m01, v128_t m23) {
  const v128_t m32 = wasm_i32x4_shuffle(m01, m23, 0, 2, 4, 6);
  const v128_t m16 = wasm_i16x8_narrow_i32x4(m32, m32);
  const v128_t m8 = wasm_i8x16_narrow_i16x8(m16, m16);
  wasm_v128_store32_lane(out, wasm_v128_and(m8, wasm_i8x16_splat(1)), 0);
}

// Four floats from two f64x2 (lanes v01.0, v01.1, v23.0, v23.1), each
// rounded once to float32 as static_cast<float> rounds, stored at out.
inline void store_floats(float* out, v128_t v01, v128_t v23) {
  wasm_v128_store(
      out, wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(v01),
                              wasm_f32x4_demote_f64x2_zero(v23), 0, 1, 4, 5));
}

// Bits set when some float of v[0..count) is not finite (nonfinite_bits()).
inline v128_t nonfinite_bits_of(const v128_t* v, int count) {
  v128_t sum = v[0];
  for (int k = 1; k < count; ++k) sum = wasm_f32x4_add(sum, v[k]);
  return wasm_f32x4_sub(sum, sum);
}

// Floats F and G of the floats in v (four elements of a flat layout), as an
// f64x2.
template <int F, int G>
inline v128_t float_pair(const v128_t* v) {
  return wasm_i32x4_shuffle(v[F / 4], v[G / 4], F % 4, 4 + G % 4, F % 4,
                            4 + G % 4);
}
template <int F, int G>
inline F2 field_pair(const v128_t* v) {
  return {wasm_f64x2_promote_low_f32x4(float_pair<F, G>(v))};
}
// Number K of the four OBBs in v (60 floats): as f64x2 for OBBs 0 and 1 (o01)
// and 2 and 3 (o23), and as one f32x4 of all four (q).
template <int K>
inline void obb_field(const v128_t* v, F2* o01, F2* o23, v128_t* q) {
  const v128_t p01 = float_pair<K, 15 + K>(v);
  const v128_t p23 = float_pair<30 + K, 45 + K>(v);
  o01[K] = {wasm_f64x2_promote_low_f32x4(p01)};
  o23[K] = {wasm_f64x2_promote_low_f32x4(p23)};
  q[K] = wasm_i32x4_shuffle(p01, p23, 0, 1, 4, 5);
}
template <int... K>
inline void obb_fields(const v128_t* v, F2* o01, F2* o23, v128_t* q,
                       std::integer_sequence<int, K...>) {
  (obb_field<K>(v, o01, o23, q), ...);
}

// The rotation check in float32, four OBBs at once, as a filter for the
// double rule (orthonormal(): |c_i . c_j - delta_ij| <= kOrthonormalTolerance
// for the columns c, each dot product of float32 numbers summed in double).
// The float32 dot product d32 of float32 numbers is within gamma_3 * S of the
// exact one (Higham, Accuracy and Stability of Numerical Algorithms, 3.1;
// gamma_3 = 3u / (1 - 3u), u = 2^-24, so 1.79e-7 * S), S the sum of the
// products' magnitudes, and the double one within 3.4e-16 * S. When the three
// diagonal d32 pass, S <= (1 + kRotationFilter) / (1 - gamma_3) < 1.000001
// for them and, by Cauchy-Schwarz, for the others. So |d32 - delta| <=
// kRotationFilter on all six implies the double rule passes (the static_assert
// below); d32 - 1 is exact there (Sterbenz). A rotation that fails the filter
// only sends the chunk to the exact scalar scan.
constexpr float kRotationFilter = 7.5e-7f;
static_assert(static_cast<double>(kRotationFilter) +
                      (1.79e-7 + 3.4e-16) * 1.000001 <=
                  np::kOrthonormalTolerance,
              "the float32 rotation filter must imply the double rule");

// Bits set in a lane of q (the 15 numbers of four OBBs, each an f32x4) whose
// OBB has a negative half size (exact in float32, as bad_obb compares) or a
// rotation that fails the filter above (NaN fails too).
inline v128_t maybe_bad_obb_bits(const v128_t* q) {
  const v128_t zero = wasm_f32x4_splat(0.0f);
  v128_t bad = wasm_v128_or(
      wasm_v128_or(wasm_f32x4_lt(q[3], zero), wasm_f32x4_lt(q[4], zero)),
      wasm_f32x4_lt(q[5], zero));
  const v128_t* r = q + 6;
  const v128_t limit = wasm_f32x4_splat(kRotationFilter);
  const v128_t one = wasm_f32x4_splat(1.0f);
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const v128_t d = wasm_f32x4_add(
          wasm_f32x4_add(wasm_f32x4_mul(r[3 * i], r[3 * j]),
                         wasm_f32x4_mul(r[3 * i + 1], r[3 * j + 1])),
          wasm_f32x4_mul(r[3 * i + 2], r[3 * j + 2]));
      const v128_t e = i == j ? wasm_f32x4_sub(d, one) : d;
      bad = wasm_v128_or(
          bad, wasm_v128_not(wasm_f32x4_le(wasm_f32x4_abs(e), limit)));
    }
  }
  return bad;
}

// obbs_apart() for four pairs of OBBs at once (qa, qb: their 15 numbers,
// each an f32x4): the same float32 operations in the same order.
inline v128_t obbs_apart4(const v128_t* qa, const v128_t* qb) {
  const auto sq = [](v128_t x) { return wasm_f32x4_mul(x, x); };
  const auto sum3 = [&](v128_t x, v128_t y, v128_t z) {
    return wasm_f32x4_add(wasm_f32x4_add(sq(x), sq(y)), sq(z));
  };
  const v128_t d2 =
      sum3(wasm_f32x4_sub(qb[0], qa[0]), wasm_f32x4_sub(qb[1], qa[1]),
           wasm_f32x4_sub(qb[2], qa[2]));
  const v128_t r2 =
      wasm_f32x4_add(sum3(qa[3], qa[4], qa[5]), sum3(qb[3], qb[4], qb[5]));
  return wasm_f32x4_gt(
      d2, wasm_f32x4_add(wasm_f32x4_mul(r2, wasm_f32x4_splat(kApartFactor)),
                         wasm_f32x4_splat(np::kBatchObbApartFloor)));
}

// The 7 numbers of casts E and E + 1 of the four in v (28 floats), each an
// f64x2.
template <int E, int... K>
inline void cast_pair(const v128_t* v, F2* o,
                      std::integer_sequence<int, K...>) {
  ((o[K] = field_pair<7 * E + K, 7 * (E + 1) + K>(v)), ...);
}

// Rows r[0..3] (four lanes each) to columns c[0..3]: c[k] lane e = r[e]
// lane k (unpcklps / unpckhps, then movlhps / movhlps).
inline void transpose4(const v128_t* r, v128_t* c) {
  const v128_t lo01 = wasm_i32x4_shuffle(r[0], r[1], 0, 4, 1, 5);
  const v128_t lo23 = wasm_i32x4_shuffle(r[2], r[3], 0, 4, 1, 5);
  const v128_t hi01 = wasm_i32x4_shuffle(r[0], r[1], 2, 6, 3, 7);
  const v128_t hi23 = wasm_i32x4_shuffle(r[2], r[3], 2, 6, 3, 7);
  c[0] = wasm_i32x4_shuffle(lo01, lo23, 0, 1, 4, 5);
  c[1] = wasm_i32x4_shuffle(lo01, lo23, 2, 3, 6, 7);
  c[2] = wasm_i32x4_shuffle(hi01, hi23, 0, 1, 4, 5);
  c[3] = wasm_i32x4_shuffle(hi01, hi23, 2, 3, 6, 7);
}

// The 15 numbers of four OBBs (60 floats at p) as one f32x4 each (q[k] lane
// e: number k of OBB e), from sixteen loads (numbers 0-3, 4-7, 8-11 and 11-14
// of each OBB, the last overlapping so as not to read past the block) and
// four transposes; *nonfinite gets nonfinite_bits() of the loads (every
// number is in one).
inline void obb_numbers4(const float* p, v128_t* q, v128_t* nonfinite) {
  v128_t rows[4][4];
  for (int e = 0; e < 4; ++e) {
    for (int g = 0; g < 4; ++g) {
      rows[g][e] = wasm_v128_load(p + 15 * e + (g < 3 ? 4 * g : 11));
    }
  }
  v128_t last[4];
  transpose4(rows[0], q);
  transpose4(rows[1], q + 4);
  transpose4(rows[2], q + 8);
  transpose4(rows[3], last);
  q[12] = last[1];
  q[13] = last[2];
  q[14] = last[3];
  v128_t sum = rows[0][0];
  for (int g = 0; g < 4; ++g) {
    for (int e = g == 0 ? 1 : 0; e < 4; ++e)
      sum = wasm_f32x4_add(sum, rows[g][e]);
  }
  *nonfinite = wasm_f32x4_sub(sum, sum);
}

// The float32 early miss of four sphere casts (28 floats at c) against
// their targets (16 floats at t): lanes set for the casts that the double
// computation (sphere_cast_fraction_or_miss) certainly calls misses, so that
// a block of four such casts skips the conversion to doubles and the double
// terms. Each cast is read as [start.xyz, end.x] and [end.xyz, radius] (the
// second load four floats on, overlapping), so that m = start - center and
// d = end - start come out of whole-vector subtractions, and r = radius +
// target radius in the fourth lane of their sum; transposed to one f32x4 per
// component (unpcklps / unpckhps / shufps).
//
// Why a set lane is a miss of the double computation (the terms as in
// sphere_cast_terms: a = |d|^2, b = m.d, cc = |m|^2 - r^2, disc = b^2 - a cc;
// a miss when cc > 0 and (b >= 0 or disc < 0)). Every float32 operation errs
// by at most u = 2^-24 relative, plus 2^-150 absolute when its result is
// below 2^-126 (Higham, Accuracy and Stability of Numerical Algorithms, 2.2
// and 2.1 for the subnormal range; sums and differences of floats are exact
// there). The guard keeps |d|^2, |m|^2 and r^2 at least 2^-60 and |d|^2
// (|m|^2 + r^2) below 2^100 (kBatchCastMissLow / High): the absolute errors
// are then below 2^-90 of the sums they enter, and nothing overflows; a NaN
// or infinity anywhere fails the guard (every number of a cast enters a, mm
// or r), so the double path validates those lanes as before.
// - cc: |m|^2 and r^2 each within 5u (the subtraction, the squares, the two
//   adds), so the computed mm - rr is within 7u (mm + rr) of the real cc;
//   mm - rr > 2^-16 (mm + rr) (kBatchCastMissMargin = 256u) leaves cc > 0
//   with room for the double computation's own error (below 8 * 2^-53 (mm +
//   rr)).
// - b: each product m_i d_i within 3u of its real value, their sum within 5u
//   of sum |m_i d_i| = S: b > 2^-16 S + 2^-120 leaves the real b > 0 and the
//   double b (within 5 * 2^-53 S) >= 0.
// - disc: by Lagrange's identity the real -disc = |m x d|^2 - r^2 |d|^2. Each
//   cross component is within 4u of |m_j d_k| + |m_k d_j|, the sum of the
//   squares' errors below 20u sum (|m_j d_k| + |m_k d_j|)^2 <= 40u |d|^2 |m|^2;
//   r^2 |d|^2 within 9u. So x > 2^-16 |d|^2 (|m|^2 + r^2) (the right side
//   computed in float32, within 4u) leaves the real -disc above 2^-17 of it,
//   and the double disc, within about 30 * 2^-53 (S^2 + a (mm + rr)) <=
//   60 * 2^-53 a (mm + rr) of the real one (S^2 <= a mm, Cauchy-Schwarz),
//   below 0.
// So the double computation returns +infinity for each set lane, and the
// block's answers are the same bit for bit. *negative gets the lanes' radius
// check (some radius < 0), the only validation the double path would add for
// such casts.
inline v128_t cast_misses4(const float* c, const float* t, v128_t* negative) {
  v128_t m[4], d[4], r[4], lowest[4];
  for (int e = 0; e < 4; ++e) {
    const v128_t start = wasm_v128_load(c + 7 * e);    // sx sy sz ex
    const v128_t end = wasm_v128_load(c + 7 * e + 3);  // ex ey ez radius
    const v128_t target = wasm_v128_load(t + 4 * e);   // tx ty tz radius
    m[e] = wasm_f32x4_sub(start, target);
    d[e] = wasm_f32x4_sub(end, start);
    r[e] = wasm_f32x4_add(end, target);  // lane 3: the reach
    lowest[e] = wasm_f32x4_pmin(end, target);
  }
  const auto xyz = [](const v128_t* v, v128_t* x, v128_t* y, v128_t* z) {
    const v128_t lo01 = wasm_i32x4_shuffle(v[0], v[1], 0, 4, 1, 5);
    const v128_t lo23 = wasm_i32x4_shuffle(v[2], v[3], 0, 4, 1, 5);
    const v128_t hi01 = wasm_i32x4_shuffle(v[0], v[1], 2, 6, 3, 7);
    const v128_t hi23 = wasm_i32x4_shuffle(v[2], v[3], 2, 6, 3, 7);
    *x = wasm_i32x4_shuffle(lo01, lo23, 0, 1, 4, 5);
    *y = wasm_i32x4_shuffle(lo01, lo23, 2, 3, 6, 7);
    *z = wasm_i32x4_shuffle(hi01, hi23, 0, 1, 4, 5);
  };
  v128_t mx, my, mz, dx, dy, dz;
  xyz(m, &mx, &my, &mz);
  xyz(d, &dx, &dy, &dz);
  const v128_t reach = wasm_i32x4_shuffle(
      wasm_i32x4_shuffle(r[0], r[1], 3, 7, 3, 7),
      wasm_i32x4_shuffle(r[2], r[3], 3, 7, 3, 7), 0, 1, 4, 5);
  const v128_t low = wasm_f32x4_pmin(wasm_f32x4_pmin(lowest[0], lowest[1]),
                                     wasm_f32x4_pmin(lowest[2], lowest[3]));
  *negative = wasm_v128_and(wasm_f32x4_lt(low, wasm_f32x4_splat(0.0f)),
                            wasm_i32x4_make(0, 0, 0, -1));
  const auto mul = wasm_f32x4_mul;
  const auto add = wasm_f32x4_add;
  const auto sub = wasm_f32x4_sub;
  const v128_t margin = wasm_f32x4_splat(np::kBatchCastMissMargin);
  const v128_t mm = add(add(mul(mx, mx), mul(my, my)), mul(mz, mz));
  const v128_t rr = mul(reach, reach);
  const v128_t a = add(add(mul(dx, dx), mul(dy, dy)), mul(dz, dz));
  const v128_t px = mul(mx, dx), py = mul(my, dy), pz = mul(mz, dz);
  const v128_t b = add(add(px, py), pz);
  const v128_t s =
      add(add(wasm_f32x4_abs(px), wasm_f32x4_abs(py)), wasm_f32x4_abs(pz));
  const v128_t cx = sub(mul(my, dz), mul(mz, dy));
  const v128_t cy = sub(mul(mz, dx), mul(mx, dz));
  const v128_t cz = sub(mul(mx, dy), mul(my, dx));
  const v128_t cross2 = add(add(mul(cx, cx), mul(cy, cy)), mul(cz, cz));
  const v128_t sum = add(mm, rr);
  const v128_t size = mul(a, sum);
  const v128_t guard = wasm_v128_and(
      wasm_f32x4_ge(wasm_f32x4_pmin(wasm_f32x4_pmin(a, mm), rr),
                    wasm_f32x4_splat(np::kBatchCastMissLow)),
      wasm_f32x4_lt(size, wasm_f32x4_splat(np::kBatchCastMissHigh)));
  const v128_t apart = wasm_f32x4_gt(sub(mm, rr), mul(margin, sum));
  const v128_t away = wasm_f32x4_gt(
      b, add(mul(margin, s), wasm_f32x4_splat(np::kBatchCastMissFloor)));
  const v128_t wide = wasm_f32x4_gt(sub(cross2, mul(rr, a)), mul(margin, size));
  return wasm_v128_and(wasm_v128_and(guard, apart), wasm_v128_or(away, wide));
}

// Runs block(i, out + i) for every group of four elements (it returns its
// validation bits), then the scalar answer(i) for the last n % 4. Returns the
// first invalid element (bad(i)) when any check fired, else -1. With out ==
// nullptr it only validates, by the separate checks of the whole input
// (valid(), as in run()).
template <typename T, typename Valid, typename Block, typename Bad,
          typename Answer>
int32_t run_soa(uint32_t n, T* out, Valid valid, Block block, Bad bad,
                Answer answer) {
  if (out == nullptr) return valid() ? -1 : first_bad(n, bad);
  v128_t invalid = wasm_i32x4_splat(0);
  uint32_t i = 0;
  for (; i + 4 <= n; i += 4) invalid = wasm_v128_or(invalid, block(i, out + i));
  bool tail_bad = false;
  for (; i < n; ++i) {
    tail_bad |= bad(i);
    out[i] = answer(i);
  }
  if (tail_bad || wasm_v128_any_true(invalid)) return first_bad(n, bad);
  return -1;
}

// run_soa() for a kernel with an early decision: a first pass over each run
// of up to kFilterRun blocks of four (64: the second pass then rereads
// inputs still in the L1 cache; 256 was slower in place) calls filter(i, out +
// i, &bits), which validates the block (its bits), stores the answers it can
// decide early and returns the mask of those lanes; the blocks with some lane
// left are listed without a branch, and a second pass runs block(i, out + i,
// decided) on them only (its validation bits or'ed in too). The two tight loops
// keep the branch on the filter's verdict, which a broad set makes
// unpredictable, out of the hot path.
template <typename T, typename Valid, typename Filter, typename Block,
          typename Bad, typename Answer>
int32_t run_soa_filtered(uint32_t n, T* out, Valid valid, Filter filter,
                         Block block, Bad bad, Answer answer) {
  if (out == nullptr) return valid() ? -1 : first_bad(n, bad);
  constexpr uint32_t kFilterRun = 64;
  uint32_t pending[kFilterRun];
  v128_t decided[kFilterRun];
  v128_t invalid = wasm_i32x4_splat(0);
  const uint32_t blocks = n / 4;
  for (uint32_t first = 0; first < blocks; first += kFilterRun) {
    const uint32_t end =
        blocks - first < kFilterRun ? blocks : first + kFilterRun;
    uint32_t count = 0;
    for (uint32_t q = first; q < end; ++q) {
      v128_t bits;
      const v128_t done = filter(4 * q, out + 4 * q, &bits);
      invalid = wasm_v128_or(invalid, bits);
      pending[count] = q;
      decided[count] = done;
      count += wasm_i32x4_all_true(done) ? 0u : 1u;
    }
    for (uint32_t k = 0; k < count; ++k) {
      const uint32_t i = 4 * pending[k];
      invalid = wasm_v128_or(invalid, block(i, out + i, decided[k]));
    }
  }
  bool tail_bad = false;
  for (uint32_t i = 4 * blocks; i < n; ++i) {
    tail_bad |= bad(i);
    out[i] = answer(i);
  }
  if (tail_bad || wasm_v128_any_true(invalid)) return first_bad(n, bad);
  return -1;
}
#endif

}  // namespace

extern "C" {

int32_t np_batch_overlapSphereAABB(const float* spheres, const float* boxes,
                                   uint32_t n, uint8_t* out) {
  if (n == 0) return -1;  // nothing to read (the arrays may be null)
  const auto bad = [&](uint32_t i) {
    return bad_sphere(spheres + 4 * i) || bad_aabb(boxes + 6 * i);
  };
  const auto answer = [&](uint32_t i) -> uint8_t {
    const float* s = spheres + 4 * i;
    const double r = s[3];
    // Touching counts: the squared distance to the box against r^2.
    return distance2_to_box(s[0], s[1], s[2], boxes + 6 * i) <= r * r;
  };
  const auto valid = [&] {
    return all_finite(spheres, 4 * n) && all_finite(boxes, 6 * n) &&
           all_nonnegative(spheres + 3, 4, n) && boxes_ordered(boxes, n);
  };
#ifdef __wasm_simd128__
  return run_soa(
      n, out, valid,
      [&](uint32_t i, uint8_t* o) {
        // Four spheres (16 floats) and four boxes (24 floats).
        const float* s = spheres + 4 * i;
        const v128_t s0 = wasm_v128_load(s), s1 = wasm_v128_load(s + 4),
                     s2 = wasm_v128_load(s + 8), s3 = wasm_v128_load(s + 12);
        const Boxes4 bx = load_boxes4(boxes + 6 * i);
        const v128_t* b = bx.raw;
        v128_t invalid =
            nonfinite_bits(s0, s1, s2, s3, b[0], b[1], b[2], b[3], b[4], b[5]);
        // The pairs of elements (0, 1) and (2, 3), each field an f64x2.
        const Quad2 s01 = quad2(s0, s1), s23 = quad2(s2, s3);
        const Boxes2 &box01 = bx.b01, &box23 = bx.b23;
        const v128_t r01 = s01.f[3], r23 = s23.f[3];
        const v128_t zero = wasm_f64x2_splat(0.0);
        invalid = wasm_v128_or(
            invalid,
            wasm_v128_or(bx.unordered, wasm_v128_or(wasm_f64x2_lt(r01, zero),
                                                    wasm_f64x2_lt(r23, zero))));
        // Touching counts: the squared distance to the box against r^2.
        const v128_t hit01 = wasm_f64x2_le(
            distance2_to_boxes(s01.f[0], s01.f[1], s01.f[2], box01),
            wasm_f64x2_mul(r01, r01));
        const v128_t hit23 = wasm_f64x2_le(
            distance2_to_boxes(s23.f[0], s23.f[1], s23.f[2], box23),
            wasm_f64x2_mul(r23, r23));
        store_flags(o, hit01, hit23);
        return invalid;
      },
      bad, answer);
#else
  return run(n, out, valid, bad, answer);
#endif
}

int32_t np_batch_distancePointAABB(const float* points, const float* boxes,
                                   uint32_t n, float* out) {
  if (n == 0) return -1;  // nothing to read (the arrays may be null)
  const auto valid = [&] {
    return all_finite(points, 3 * n) && all_finite(boxes, 6 * n) &&
           boxes_ordered(boxes, n);
  };
  const auto bad = [&](uint32_t i) {
    const float* p = points + 3 * i;
    return !(finite(p[0]) && finite(p[1]) && finite(p[2])) ||
           bad_aabb(boxes + 6 * i);
  };
  const auto answer = [&](uint32_t i) {
    const float* p = points + 3 * i;
    return static_cast<float>(
        std::sqrt(distance2_to_box(p[0], p[1], p[2], boxes + 6 * i)));
  };
#ifdef __wasm_simd128__
  return run_soa(
      n, out, valid,
      [&](uint32_t i, float* o) {
        // Four points (12 floats) and four boxes (24 floats).
        const float* p = points + 3 * i;
        const v128_t vp[3] = {wasm_v128_load(p), wasm_v128_load(p + 4),
                              wasm_v128_load(p + 8)};
        const Boxes4 bx = load_boxes4(boxes + 6 * i);
        const v128_t* b = bx.raw;
        const Boxes2 &box01 = bx.b01, &box23 = bx.b23;
        const v128_t invalid =
            wasm_v128_or(nonfinite_bits(vp[0], vp[1], vp[2], b[0], b[1], b[2],
                                        b[3], b[4], b[5]),
                         bx.unordered);
        // The pairs (0, 1) and (2, 3): point k's fields are floats 3k..3k+2.
        const v128_t d01 = wasm_f64x2_sqrt(
            distance2_to_boxes(field_pair<0, 3>(vp).v, field_pair<1, 4>(vp).v,
                               field_pair<2, 5>(vp).v, box01));
        const v128_t d23 = wasm_f64x2_sqrt(
            distance2_to_boxes(field_pair<6, 9>(vp).v, field_pair<7, 10>(vp).v,
                               field_pair<8, 11>(vp).v, box23));
        store_floats(o, d01, d23);
        return invalid;
      },
      bad, answer);
#else
  return run(n, out, valid, bad, answer);
#endif
}

int32_t np_batch_raycastAABB(const float* rays, const float* boxes,
                             double max_distance, uint32_t n, float* out) {
  if (n == 0) return -1;  // nothing to read (the arrays may be null)
  constexpr double kInf = INFINITY;
  const auto valid = [&] {
    if (!(all_finite(rays, 6 * n) && all_finite(boxes, 6 * n) &&
          boxes_ordered(boxes, n))) {
      return false;
    }
    bool zero = false;
    for (uint32_t i = 0; i < n; ++i) {
      const float* r = rays + 6 * i;
      zero |= (r[3] == 0.0f) & (r[4] == 0.0f) & (r[5] == 0.0f);
    }
    return !zero;
  };
  const auto bad = [&](uint32_t i) {
    const float* r = rays + 6 * i;
    bool ok = true;
    for (int k = 0; k < 6; ++k) ok &= finite(r[k]);
    // A zero direction (-0 components are zero).
    ok &= (r[3] != 0.0f) | (r[4] != 0.0f) | (r[5] != 0.0f);
    return !ok | bad_aabb(boxes + 6 * i);
  };
  const auto answer = [&](uint32_t i) {
    const float* r = rays + 6 * i;
    const float* b = boxes + 6 * i;
    // Distances along the unit direction are world units (float32 squares
    // cannot overflow or underflow in double).
    const double d[3] = {r[3], r[4], r[5]};
    const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    // Slab clip (Kay-Kajiya; Williams et al. 2005). A zero component (-0
    // too) is a ray parallel to the slab: all of it inside or none, which
    // also avoids 0 * infinity = NaN when the origin lies on the slab
    // plane. Plain selects rather than std::fmin/fmax, which WASM has no
    // instruction for (a libcall each).
    // One division per axis: t = (plane - o) * (len / d), the distance
    // along the unit direction d / len, rather than (plane - o) / (d / len)
    // (three divisions). Both round the shared plane - o and len, then two
    // operations each (u = 2^-53 relative apiece, no overflow or underflow:
    // float32 inputs give |len / d| <= 2^277 and |t| <= 2^407), so each t is
    // within 6u (7e-16) relative of the exact distance (Higham 2.2), far
    // below float32's 2^-25: the answer, rounded once to float32, is within
    // float32 rounding of the single call's, and near <= far can only change
    // for entry and exit within 1e-15 of each other (a graze, on the
    // boundary), as issue 13's contract allows. d = 0 exactly where d / len
    // would be 0 (|d| >= 2^-149 and len < 2^129: no underflow in double).
    double near = 0.0, far = max_distance;
    for (int k = 0; k < 3; ++k) {
      const double o = r[k], lo = b[k], hi = b[3 + k];
      const double inverse = len / d[k];
      const double t1 = (lo - o) * inverse, t2 = (hi - o) * inverse;
      const bool parallel = d[k] == 0.0;
      const bool inside = (o >= lo) & (o <= hi);
      const double tmin = parallel  ? (inside ? -kInf : kInf)
                          : t1 < t2 ? t1
                                    : t2;
      const double tmax = parallel  ? (inside ? kInf : -kInf)
                          : t1 < t2 ? t2
                                    : t1;
      near = tmin > near ? tmin : near;
      far = tmax < far ? tmax : far;
    }
    // Closed box: an entry exactly at the exit (grazing an edge) hits. A
    // ray starting inside or on the box hits at 0.
    return near <= far ? static_cast<float>(near) : static_cast<float>(kInf);
  };
#ifdef __wasm_simd128__
  const v128_t zero = wasm_f64x2_splat(0.0), inf = wasm_f64x2_splat(kInf),
               minus_inf = wasm_f64x2_splat(-kInf),
               max_far = wasm_f64x2_splat(max_distance);
  // answer() for two rays in the lanes: the same operations, its selects as
  // bitselect or pmin/pmax (pmin(a, b) is b < a ? b : a, pmax(a, b) is
  // a < b ? b : a).
  const auto slab2 = [&](const Boxes2& ray, const Boxes2& box) {
    const v128_t* d = ray.hi;
    const v128_t len = wasm_f64x2_sqrt(wasm_f64x2_add(
        wasm_f64x2_add(wasm_f64x2_mul(d[0], d[0]), wasm_f64x2_mul(d[1], d[1])),
        wasm_f64x2_mul(d[2], d[2])));
    v128_t near = zero, far = max_far;
    for (int k = 0; k < 3; ++k) {
      const v128_t inverse = wasm_f64x2_div(len, d[k]);
      const v128_t o = ray.lo[k], lo = box.lo[k], hi = box.hi[k];
      const v128_t t1 = wasm_f64x2_mul(wasm_f64x2_sub(lo, o), inverse);
      const v128_t t2 = wasm_f64x2_mul(wasm_f64x2_sub(hi, o), inverse);
      const v128_t parallel = wasm_f64x2_eq(d[k], zero);
      const v128_t inside =
          wasm_v128_and(wasm_f64x2_ge(o, lo), wasm_f64x2_le(o, hi));
      const v128_t tmin =
          wasm_v128_bitselect(wasm_v128_bitselect(minus_inf, inf, inside),
                              wasm_f64x2_pmin(t2, t1), parallel);
      const v128_t tmax =
          wasm_v128_bitselect(wasm_v128_bitselect(inf, minus_inf, inside),
                              wasm_f64x2_pmax(t1, t2), parallel);
      near = wasm_f64x2_pmax(near, tmin);
      far = wasm_f64x2_pmin(far, tmax);
    }
    return wasm_v128_bitselect(near, inf, wasm_f64x2_le(near, far));
  };
  // Bits set in a lane whose direction is zero (-0 components are zero).
  const auto zero_direction = [&](const Boxes2& ray) {
    return wasm_v128_and(wasm_v128_and(wasm_f64x2_eq(ray.hi[0], zero),
                                       wasm_f64x2_eq(ray.hi[1], zero)),
                         wasm_f64x2_eq(ray.hi[2], zero));
  };
  return run_soa(
      n, out, valid,
      [&](uint32_t i, float* o) {
        // Four rays and four boxes (24 floats each): a ray's [origin,
        // direction] is laid out as a box's [min, max].
        const float* r = rays + 6 * i;
        const float* b = boxes + 6 * i;
        const v128_t r0 = wasm_v128_load(r), r1 = wasm_v128_load(r + 4),
                     r2 = wasm_v128_load(r + 8), r3 = wasm_v128_load(r + 12),
                     r4 = wasm_v128_load(r + 16), r5 = wasm_v128_load(r + 20);
        const v128_t b0 = wasm_v128_load(b), b1 = wasm_v128_load(b + 4),
                     b2 = wasm_v128_load(b + 8), b3 = wasm_v128_load(b + 12),
                     b4 = wasm_v128_load(b + 16), b5 = wasm_v128_load(b + 20);
        const Boxes2 ray01 = boxes2(r0, r1, r2), ray23 = boxes2(r3, r4, r5);
        const Boxes2 box01 = boxes2(b0, b1, b2), box23 = boxes2(b3, b4, b5);
        const v128_t invalid = wasm_v128_or(
            nonfinite_bits(r0, r1, r2, r3, r4, r5, b0, b1, b2, b3, b4, b5),
            wasm_v128_or(
                wasm_v128_or(unordered_bits(box01), unordered_bits(box23)),
                wasm_v128_or(zero_direction(ray01), zero_direction(ray23))));
        store_floats(o, slab2(ray01, box01), slab2(ray23, box23));
        return invalid;
      },
      bad, answer);
#else
  return run<true>(n, out, valid, bad, answer);
#endif
}

int32_t np_batch_overlapOBBOBB(const float* a, const float* b, uint32_t n,
                               uint8_t* out) {
  if (n == 0) return -1;  // nothing to read (the arrays may be null)
  const auto bad = [&](uint32_t i) {
    return bad_obb(a + 15 * i) || bad_obb(b + 15 * i);
  };
  const auto answer = [&](uint32_t i) {
    return obb_overlap(a + 15 * i, b + 15 * i);
  };
  const auto valid = [&] { return obbs_valid(a, n) && obbs_valid(b, n); };
#ifdef __wasm_simd128__
  // Loads four OBBs of each input (60 floats, fifteen v128 loads each) and
  // gives each number as an f64x2 for the pairs (0, 1) and (2, 3) and as one
  // f32x4 of all four (the compiler drops what a pass does not use).
  struct Quad {
    v128_t va[15], vb[15];
    F2 a01[15], b01[15], a23[15], b23[15];
    v128_t qa[15], qb[15];
  };
  const auto load = [&](uint32_t i, Quad* q) {
    for (int k = 0; k < 15; ++k) {
      q->va[k] = wasm_v128_load(a + 15 * i + 4 * k);
      q->vb[k] = wasm_v128_load(b + 15 * i + 4 * k);
    }
    constexpr auto fields = std::make_integer_sequence<int, 15>{};
    obb_fields(q->va, q->a01, q->a23, q->qa, fields);
    obb_fields(q->vb, q->b01, q->b23, q->qb, fields);
  };
  // Most pairs of a broad set are clearly apart: a first pass validates
  // every block of four and decides those whose four pairs are apart; the
  // separating axis test runs on the other blocks only.
  return run_soa_filtered(
      n, out, valid,
      [&](uint32_t i, uint8_t* o, v128_t* invalid) {
        v128_t qa[15], qb[15], nonfinite_a, nonfinite_b;
        obb_numbers4(a + 15 * i, qa, &nonfinite_a);
        obb_numbers4(b + 15 * i, qb, &nonfinite_b);
        *invalid = wasm_v128_or(
            wasm_v128_or(nonfinite_a, nonfinite_b),
            wasm_v128_or(maybe_bad_obb_bits(qa), maybe_bad_obb_bits(qb)));
        wasm_v128_store32_lane(o, wasm_i32x4_splat(0), 0);
        return obbs_apart4(qa, qb);
      },
      [&](uint32_t i, uint8_t* o, v128_t apart) {
        Quad q;
        load(i, &q);
        const F2 *a01 = q.a01, *b01 = q.b01, *a23 = q.a23, *b23 = q.b23;
        const F2 slack = {wasm_f64x2_splat(np::kBatchObbEdgeSlack)};
        const M2 separated01 = obb_separated<F2, M2>(
            [&](int k) { return a01[k]; }, [&](int k) { return b01[k]; }, slack,
            {wasm_i32x4_shuffle(apart, apart, 0, 0, 1, 1)});
        const M2 separated23 = obb_separated<F2, M2>(
            [&](int k) { return a23[k]; }, [&](int k) { return b23[k]; }, slack,
            {wasm_i32x4_shuffle(apart, apart, 2, 2, 3, 3)});
        store_flags(o, wasm_v128_not(separated01.v),
                    wasm_v128_not(separated23.v));
        return wasm_i32x4_splat(0);  // validated by the first pass
      },
      bad, answer);
#else
  return run(n, out, valid, bad, answer);
#endif
}

int32_t np_batch_sphereCastSphere(const float* casts, const float* targets,
                                  uint32_t n, float* out) {
  if (n == 0) return -1;  // nothing to read (the arrays may be null)
  const auto valid = [&] {
    return all_finite(casts, 7 * n) && all_finite(targets, 4 * n) &&
           all_nonnegative(casts + 6, 7, n) &&
           all_nonnegative(targets + 3, 4, n);
  };
  const auto bad = [&](uint32_t i) {
    const float* c = casts + 7 * i;
    bool ok = c[6] >= 0.0f;
    for (int k = 0; k < 7; ++k) ok &= finite(c[k]);
    return !ok | bad_sphere(targets + 4 * i);
  };
  const auto answer = [&](uint32_t i) {
    const float* c = casts + 7 * i;
    const float* s = targets + 4 * i;
    return static_cast<float>(sphere_cast_fraction_or_miss<double, bool>(
        [c](int k) { return static_cast<double>(c[k]); },
        [s](int k) { return static_cast<double>(s[k]); }));
  };
#ifdef __wasm_simd128__
  // Most casts of a broad set are clear misses: the float32 early miss
  // decides them four at a time, and only the other blocks of four get the
  // double computation (the same answers).
  return run_soa_filtered(
      n, out, valid,
      [&](uint32_t i, float* o, v128_t* negative) {
        const v128_t misses =
            cast_misses4(casts + 7 * i, targets + 4 * i, negative);
        wasm_v128_store(o, wasm_f32x4_splat(INFINITY));
        return misses;
      },
      [&](uint32_t i, float* o, v128_t) {
        // Four casts (28 floats) and four targets (16 floats).
        v128_t vc[7];
        for (int k = 0; k < 7; ++k)
          vc[k] = wasm_v128_load(casts + 7 * i + 4 * k);
        const float* t = targets + 4 * i;
        const v128_t t0 = wasm_v128_load(t), t1 = wasm_v128_load(t + 4),
                     t2 = wasm_v128_load(t + 8), t3 = wasm_v128_load(t + 12);
        // The pairs (0, 1) and (2, 3), each number an f64x2.
        constexpr auto fields = std::make_integer_sequence<int, 7>{};
        F2 c01[7], c23[7];
        cast_pair<0>(vc, c01, fields);
        cast_pair<2>(vc, c23, fields);
        const Quad2 s01 = quad2(t0, t1), s23 = quad2(t2, t3);
        const CastTerms<F2> q01 = sphere_cast_terms<F2>(
            [&](int k) { return c01[k]; }, [&](int k) { return F2{s01.f[k]}; });
        const CastTerms<F2> q23 = sphere_cast_terms<F2>(
            [&](int k) { return c23[k]; }, [&](int k) { return F2{s23.f[k]}; });
        // Finiteness from the terms rather than from the 44 floats: every
        // number of a cast and its target enters a or cc (start and end
        // through the path d, start and center through m, the radii through
        // reach), a NaN or infinity among them makes a or cc NaN or
        // infinite, and finite float32 numbers cannot overflow there (squares
        // below 2^257), so (a + cc) - (a + cc) is +0 (no bit set) exactly
        // when all 11 are finite, NaN otherwise.
        const F2 sum01 = q01.a + q01.cc, sum23 = q23.a + q23.cc;
        const v128_t zero = wasm_f64x2_splat(0.0);
        const v128_t invalid = wasm_v128_or(
            wasm_v128_or((sum01 - sum01).v, (sum23 - sum23).v),
            wasm_v128_or(wasm_v128_or(wasm_f64x2_lt(c01[6].v, zero),
                                      wasm_f64x2_lt(c23[6].v, zero)),
                         wasm_v128_or(wasm_f64x2_lt(s01.f[3], zero),
                                      wasm_f64x2_lt(s23.f[3], zero))));
        const F2 f01 = sphere_cast_fraction_or_miss<F2, M2>(q01);
        const F2 f23 = sphere_cast_fraction_or_miss<F2, M2>(q23);
        // Rounded once to float32, as static_cast<float> does.
        store_floats(o, f01.v, f23.v);
        return invalid;
      },
      bad, answer);
#else
  return run(n, out, valid, bad, answer);
#endif
}

}  // extern "C"
