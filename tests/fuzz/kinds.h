// narrowphase fuzzing: what each argument kind of queries.h carries.
//
//   - its size in io and its validator (the np::validate* function the flat
//   export runs on it);
//   - a generator of valid values biased to the boundaries where collision code
//   breaks: touching, on faces,
//     edges and corners, zero sizes, -0, subnormals, magnitudes from 1e-308 to
//     1e308 mixed per component, values equal to or an ulp away from numbers of
//     the other arguments (it sees those generated before it);
//   - for a solid shape, reference geometry in long double (x87: 64-bit
//   significand, 15-bit exponent, so
//     squares of 1e308 and of 5e-324 are both ordinary numbers): signed
//     distance, how far the core's own shape may legitimately differ from the
//     reference one, which normals are right at a surface point, and points on
//     and in it for the generators.
// The checks (checks.cpp) need nothing else to test a query over shapes of
// these kinds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "narrowphase/validate.h"
#include "queries.h"

namespace np_fuzz {

using L = long double;

struct LV {
  L x, y, z;
};
inline LV lv(const double* p) { return {p[0], p[1], p[2]}; }
inline LV operator+(LV a, LV b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline LV operator-(LV a, LV b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline LV operator*(LV a, L s) { return {a.x * s, a.y * s, a.z * s}; }
inline L dot(LV a, LV b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline LV cross(LV a, LV b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
L len(LV a);
L max_abs(LV a);
L max_abs(const double* v, int n);

/// The fuzz input, read front to back; past its end every byte is 0 (so a short
/// input is still a whole case). (Two reads in one expression would be
/// unsequenced: the generators read into named values first, so that an input
/// means the same with every compiler.)
class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  uint64_t u64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(byte()) << (8 * i);
    return v;
  }
  int pick(int n) { return byte() % n; }
  int u16() {
    const int lo = byte();
    return lo | byte() << 8;
  }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

/// The arguments of one call laid out in io, with which of them are already
/// generated.
struct Ctx {
  const Query* q = nullptr;
  double* io = nullptr;
  int count = 0;
  int offset[kMaxArgs] = {};
  bool done[kMaxArgs] = {};
  /// Every number of the arguments generated so far (a scalar generator copies
  /// them, and their neighbours).
  int pool(double* out, int cap) const;
  /// Indices of generated arguments that are shapes / that are points (vec3 and
  /// ray origins, shape centers).
  int shapes(int* out) const;
  int points(double out[][3], int cap) const;
  int vec3_args(int* out) const;
};

struct Shape {
  /// < 0 inside (minus the depth), 0 on the surface, > 0 outside (the
  /// distance); exact up to long double.
  L (*signed_distance)(const double* s, LV p);
  /// How far the shape the core tests may differ from the reference one near p
  /// (an OBB rotation that is only orthonormal within 1e-6 is made exact inside
  /// the core, which moves the box by up to that times its size), or the
  /// reference's own error bound where it is ill-conditioned (a triangle
  /// sliver's face term: triangle_slop in kinds.cpp).
  L (*slop)(const double* s, LV p);
  LV (*center)(const double* s);
  /// Every point of the shape is within this of center().
  L (*bound_radius)(const double* s);
  /// The largest |number| of the shape: its coordinates round relative to this.
  L (*scale)(const double* s);
  /// Whether n is an outward unit normal of the shape at its surface point q
  /// (at an edge or corner, of either adjacent face), within `band` (world
  /// units).
  bool (*normal_ok)(const double* s, LV q, LV n, L band);
  void (*surface_point)(Bytes& b, const double* s, double out[3]);
  void (*inside_point)(Bytes& b, const double* s, double out[3]);
  /// The core decides membership of this shape exactly (an AABB: comparisons of
  /// coordinates with its bounds): a point it reports in or on the shape is in
  /// it exactly (signed_distance <= 0, no band), a start in it exactly hits at
  /// distance 0, and a point it reports on a face (a ray's entry point) is on
  /// it exactly.
  bool exact;
};

struct ArgKind {
  const char* name;
  int size;   // doubles in io
  int phase;  // generation order: shapes (0) first, then points and rays (1),
              // then lengths (2)
  /// The flat export's validator for this argument; the component is relative
  /// to the argument's start.
  np::Validity (*validate)(const double* v);
  /// Valid values (by construction), written to out; may look at the arguments
  /// generated before (ctx). Strategy 0 of every kind reads `size` scalars,
  /// each "tag 0 + 8 bytes", in io order (see encode_literal).
  void (*generate)(Bytes& b, const Ctx& ctx, double* out);
  const Shape*
      shape;  // reference geometry, or null for what is not a solid shape
};

const ArgKind& kind(Arg a);

/// Number of doubles of a query's inputs, and of its arguments.
int input_size(const Query& q);
int arg_count(const Query& q);

/// The order the generator fills arguments in: by phase, and within one phase
/// from last to first (so that a sphere is generated after the box it may
/// touch, a segment's start after its end and its target).
int generation_order(const Query& q, int order[kMaxArgs]);

/// Fills io[0 .. input_size) with valid inputs for q from the fuzz bytes.
void generate_inputs(Bytes& b, const Query& q, double* io);

/// The bytes that make generate_inputs() produce exactly `inputs` (valid ones),
/// after a selector byte.
std::vector<uint8_t> encode_literal(int query_index, const Query& q,
                                    const double* inputs);

/// The expected return of the flat export for these inputs when one is invalid:
/// -(problem << 8 | slot) of the first problem in argument order; 0 when every
/// argument is valid.
int expected_error(const Query& q, const double* inputs);

/// The smallest signed distance from a shape over the points a + t d, t in [t0,
/// t1] (golden-section search: signed distance to a convex set is convex along
/// a line). *t_at gets its t.
L min_along(const Shape& sh, const double* s, LV a, LV d, L t0, L t1, L* t_at);
/// The first t in [0, t1] where a + t d is within `reach` of the shape (signed
/// distance <= reach), or -1.
L first_within(const Shape& sh, const double* s, LV a, LV d, L t1, L reach);

}  // namespace np_fuzz
