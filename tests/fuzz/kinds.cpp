// narrowphase fuzzing: the argument kinds (see kinds.h).
#include "kinds.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace np_fuzz {

// ---- long double helpers ----

L len(LV a) {
  return std::sqrt(dot(a, a));
}  // no overflow or underflow in long double for double inputs
L max_abs(LV a) {
  return std::fmax(std::fabs(a.x), std::fmax(std::fabs(a.y), std::fabs(a.z)));
}
L max_abs(const double* v, int n) {
  L m = 0;
  for (int i = 0; i < n; ++i) m = std::fmax(m, static_cast<L>(std::fabs(v[i])));
  return m;
}

namespace {

double from_bits(uint64_t u) {
  double d;
  std::memcpy(&d, &u, sizeof d);
  return d;
}
double finite_or_clamped(double v) {
  if (std::isnan(v)) return 0.0;
  if (std::isinf(v)) return std::copysign(DBL_MAX, v);
  return v;
}
double clamp(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
// a - b, or, where that overflows, (a / 2 - b / 2): a direction between two
// points either way.
double diff(double a, double b) {
  const double d = a - b;
  return std::isfinite(d) ? d : a * 0.5 - b * 0.5;
}
// Lerp between two finite numbers that cannot overflow, clamped into [min, max]
// of the two.
double between(double lo, double hi, double f) {
  const double v = lo * (1.0 - f) + hi * f;
  return clamp(v, std::fmin(lo, hi), std::fmax(lo, hi));
}

// ---- scalars: any finite double, biased to what breaks geometry code ----

// One byte picks the family (low 5 bits), a sign (bit 5) and a variant (bits
// 6-7). Tag 0 is the literal (8 more bytes), which encode_literal() uses.
double scalar(Bytes& b, const Ctx& c) {
  double pool[96];
  const int n = c.pool(pool, 96);
  const int tag = b.byte();
  const double sign = (tag & 0x20) ? -1.0 : 1.0;
  const int variant = tag >> 6;
  auto from_pool = [&]() {
    return n > 0 ? pool[b.pick(n)] : static_cast<double>(b.pick(9)) - 4.0;
  };
  switch (tag & 31) {
    case 0:
    case 26:
      return finite_or_clamped(from_bits(b.u64()));
    case 1:
      return sign * 0.0;
    case 2:
      return sign * b.byte() / 4.0;
    case 3:
      return sign * (1 + b.pick(16)) * DBL_TRUE_MIN;
    case 4: {
      const uint64_t m = b.u64() & ((uint64_t{1} << 52) - 1);
      return sign * from_bits(m == 0 ? 1 : m);  // subnormal
    }
    case 5:
      return sign * DBL_MIN * (1.0 + b.byte() / 256.0);
    case 6:
      return sign * (variant == 0 ? 1.5e308 : std::ldexp(DBL_MAX, -b.pick(4)));
    case 7: {
      const int e = b.u16() % 617 - 308;  // 10^-308 .. 10^308
      return sign * finite_or_clamped(static_cast<double>(
                        std::pow(10.0L, e) * (1.0L + b.byte() / 256.0L)));
    }
    case 8:
      return sign *
             std::ldexp(1.0, b.u16() % 2098 - 1074);  // 2^-1074 .. 2^1023
    case 9:
      return sign;
    case 10:
      return sign * std::ldexp(1.0, b.pick(9) - 4);
    case 11:
    case 12:
    case 13:
    case 14:
    case 15:
    case 16:
    case 17:
      return from_pool();
    case 18: {  // an ulp or a few away from another argument's number
      double v = from_pool();
      for (int i = 0; i <= variant; ++i) v = std::nextafter(v, sign * HUGE_VAL);
      return finite_or_clamped(v);
    }
    case 19:
      return -from_pool();
    case 20: {
      const double p = from_pool();
      return finite_or_clamped(std::ldexp(p, b.pick(129) - 64));
    }
    case 21: {
      const double p = from_pool();
      return finite_or_clamped(p + sign * from_pool());
    }
    case 22:
      return from_pool() + sign * (1 + variant) * DBL_TRUE_MIN;
    case 23:
      return finite_or_clamped(from_pool() + sign * (variant & 1 ? 0.5 : 1.0));
    case 24: {  // a relative nudge of 2^-60 .. 2^-40
      const double v = from_pool();
      return finite_or_clamped(v + sign * std::ldexp(v, -40 - b.pick(21)));
    }
    case 25: {  // any normal double
      const uint64_t e =
          1 + b.pick(255) * 2045 / 254;  // biased exponents 1 .. 2046
      return sign *
             from_bits((e << 52) | (b.u64() & ((uint64_t{1} << 52) - 1)));
    }
    case 27: {
      const double p = from_pool();
      return std::ldexp(p, -b.pick(1100));
    }
    default:  // 28..31: ordinary values in [-4, 4)
      return b.byte() / 32.0 - 4.0;
  }
}

double length_value(Bytes& b, const Ctx& c) { return std::fabs(scalar(b, c)); }

// A few ulps, a few smallest subnormals, a relative 2^-50, or a sign of zero
// flipped: a value next to v.
double nudge(Bytes& b, double v) {
  const int t = b.byte();
  const double dir = (t & 1) ? HUGE_VAL : -HUGE_VAL;
  switch ((t >> 1) % 5) {
    case 0:
      for (int i = 0; i <= (t >> 4) % 4; ++i) v = std::nextafter(v, dir);
      return finite_or_clamped(v);
    case 1:
      return v + (dir > 0 ? 1 : -1) * (1 + (t >> 4)) * DBL_TRUE_MIN;
    case 2:
      return finite_or_clamped(v + (dir > 0 ? 1 : -1) *
                                       std::ldexp(std::fabs(v), -50));
    case 3:
      return v == 0.0 ? -v : v;
    default:
      return v;
  }
}

// ---- Ctx ----

bool is_point_kind(Arg a) { return a == kVec3 || a == kRay; }

}  // namespace

int Ctx::pool(double* out, int cap) const {
  int n = 0;
  for (int i = 0; i < count; ++i) {
    if (!done[i]) continue;
    const ArgKind& k = kind(q->args[i]);
    for (int j = 0; j < k.size && n < cap; ++j) out[n++] = io[offset[i] + j];
  }
  return n;
}

int Ctx::shapes(int* out) const {
  int n = 0;
  for (int i = 0; i < count; ++i) {
    if (done[i] && kind(q->args[i]).shape != nullptr) out[n++] = i;
  }
  return n;
}

int Ctx::vec3_args(int* out) const {
  int n = 0;
  for (int i = 0; i < count; ++i) {
    if (done[i] && is_point_kind(q->args[i])) out[n++] = i;
  }
  return n;
}

int Ctx::points(double out[][3], int cap) const {
  int n = 0;
  for (int i = 0; i < count && n < cap; ++i) {
    if (!done[i]) continue;
    const double* v = io + offset[i];
    const ArgKind& k = kind(q->args[i]);
    if (is_point_kind(q->args[i])) {
      std::memcpy(out[n++], v, sizeof(double) * 3);
    } else if (k.shape != nullptr) {
      // (A plane's center, its point nearest the origin, may lie beyond the
      // doubles: clamped, as every generated coordinate is.)
      const LV c = k.shape->center(v);
      out[n][0] = finite_or_clamped(static_cast<double>(c.x)),
      out[n][1] = finite_or_clamped(static_cast<double>(c.y)),
      out[n][2] = finite_or_clamped(static_cast<double>(c.z));
      ++n;
    }
  }
  return n;
}

namespace {

// ---- points ----

// A surface or inside point of one of the shapes generated so far; false when
// there is none.
bool shape_point(Bytes& b, const Ctx& c, bool surface, double out[3]) {
  int ids[kMaxArgs];
  const int n = c.shapes(ids);
  if (n == 0) return false;
  const int i = ids[b.pick(n)];
  const Shape& sh = *kind(c.q->args[i]).shape;
  (surface ? sh.surface_point : sh.inside_point)(b, c.io + c.offset[i], out);
  return true;
}

bool some_point(Bytes& b, const Ctx& c, double out[3]) {
  double pts[kMaxArgs][3];
  const int n = c.points(pts, kMaxArgs);
  if (n == 0) return false;
  std::memcpy(out, pts[b.pick(n)], sizeof(double) * 3);
  return true;
}

void fresh3(Bytes& b, const Ctx& c, double out[3]) {
  for (int i = 0; i < 3; ++i) out[i] = scalar(b, c);
}

void gen_vec3(Bytes& b, const Ctx& c, double* out) {
  switch (b.pick(12)) {
    case 1:  // on the surface of a shape: on a face, an edge or a corner
      if (!shape_point(b, c, true, out)) fresh3(b, c, out);
      return;
    case 2:  // next to the surface: an ulp or a subnormal off, on either side
      if (!shape_point(b, c, true, out)) fresh3(b, c, out);
      for (int i = 0; i < 3; ++i) out[i] = nudge(b, out[i]);
      return;
    case 3:
      if (!shape_point(b, c, false, out)) fresh3(b, c, out);
      return;
    case 4: {  // off the surface by anything from a subnormal to 1e308, per
               // component
      if (!shape_point(b, c, true, out)) fresh3(b, c, out);
      const int axis = b.pick(4);  // 3: every axis
      for (int i = 0; i < 3; ++i) {
        if (axis == 3 || axis == i)
          out[i] = finite_or_clamped(out[i] + scalar(b, c));
      }
      return;
    }
    case 5:  // another point exactly (a zero-length segment, a ray from a
             // shape's center)
      if (!some_point(b, c, out)) fresh3(b, c, out);
      return;
    case 6:
      if (!some_point(b, c, out)) fresh3(b, c, out);
      for (int i = 0; i < 3; ++i) out[i] = nudge(b, out[i]);
      return;
    case 7: {  // each component from another source
      double s[3] = {0, 0, 0}, p[3] = {0, 0, 0};
      const bool have_s = shape_point(b, c, b.pick(2) == 0, s),
                 have_p = some_point(b, c, p);
      for (int i = 0; i < 3; ++i) {
        const int k = b.pick(3);
        out[i] =
            k == 1 && have_s ? s[i] : (k == 2 && have_p ? p[i] : scalar(b, c));
      }
      return;
    }
    case 8: {  // the mirror image of a point through a shape's center: a
               // segment through the shape
      double p[3], s[3];
      if (!some_point(b, c, p) || !shape_point(b, c, false, s))
        return fresh3(b, c, out);
      for (int i = 0; i < 3; ++i) out[i] = finite_or_clamped(2.0 * s[i] - p[i]);
      return;
    }
    case 9: {  // another point moved along one axis (axis-aligned segments)
      if (!some_point(b, c, out)) return fresh3(b, c, out);
      const int i = b.pick(3);
      out[i] = finite_or_clamped(out[i] + scalar(b, c));
      return;
    }
    default:  // 0 (the literal strategy), 10, 11
      fresh3(b, c, out);
      return;
  }
}

// ---- rays ----

void toward(const double from[3], const double to[3], double out[3]) {
  for (int i = 0; i < 3; ++i) out[i] = diff(to[i], from[i]);
}

void gen_ray(Bytes& b, const Ctx& c, double* out) {
  const int strategy = b.pick(10);
  double* o = out;
  double* d = out + 3;
  if (strategy == 0) {  // literal
    fresh3(b, c, o);
    fresh3(b, c, d);
  } else {
    gen_vec3(b, c, o);
    double target[3];
    switch (strategy) {
      case 1:
      case 8:  // at a surface point (through a face, an edge, a corner),
               // possibly an ulp off
        if (!shape_point(b, c, true, target)) fresh3(b, c, target);
        toward(o, target, d);
        if (strategy == 8) {
          for (int i = 0; i < 3; ++i) d[i] = nudge(b, d[i]);
        }
        break;
      case 2:
        if (!shape_point(b, c, false, target)) fresh3(b, c, target);
        toward(o, target, d);
        break;
      case 3:  // away from the shape
        if (!shape_point(b, c, b.pick(2) == 0, target)) fresh3(b, c, target);
        toward(target, o, d);
        break;
      case 4: {  // along an axis, the other components 0, -0 or subnormal
        const int axis = b.pick(3);
        for (int i = 0; i < 3; ++i) {
          const int t = b.byte();
          d[i] = i == axis
                     ? ((t & 1) ? -1.0 : 1.0) * std::ldexp(1.0, b.pick(41) - 20)
                     : ((t & 2) ? -1.0 : 1.0) *
                           ((t & 4) ? (1 + (t >> 3)) * DBL_TRUE_MIN : 0.0);
        }
        break;
      }
      case 5: {  // at a surface point but with one component zeroed: in a face
                 // plane, grazing
        if (!shape_point(b, c, true, target)) fresh3(b, c, target);
        toward(o, target, d);
        const int t = b.byte();
        d[t % 3] = (t & 4) ? -0.0 : 0.0;
        break;
      }
      case 6:
        for (int i = 0; i < 3; ++i) d[i] = b.byte() / 32.0 - 4.0;
        break;
      case 7: {  // the same line with a direction of any length: 2^-1074 ..
                 // 2^1023 times
        if (!shape_point(b, c, b.pick(2) == 0, target)) fresh3(b, c, target);
        toward(o, target, d);
        const int e = b.pick(2098) - 1074;
        const double m = std::fmax(std::fabs(d[0]),
                                   std::fmax(std::fabs(d[1]), std::fabs(d[2])));
        if (m > 0.0) {
          for (int i = 0; i < 3; ++i)
            d[i] = finite_or_clamped(std::ldexp(d[i] / m, e));
        }
        break;
      }
      default:
        fresh3(b, c, d);
        break;
    }
  }
  if (d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.0)
    d[b.pick(3)] = (b.byte() & 1) ? -1.0 : 1.0;  // must be non-zero
}

// ---- lengths ----

// The distance from a generated point to a generated shape (a radius that makes
// them touch), or -1.
L touching_distance(Bytes& b, const Ctx& c) {
  int ids[kMaxArgs];
  const int ns = c.shapes(ids);
  double pts[kMaxArgs][3];
  const int np = c.points(pts, kMaxArgs);
  if (ns == 0 || np == 0) return -1;
  const int s = ids[b.pick(ns)];
  return std::fmax(L(0), kind(c.q->args[s])
                             .shape->signed_distance(c.io + c.offset[s],
                                                     lv(pts[b.pick(np)])));
}

// The distance from a generated shape to the segment between two generated
// points (a tangent path), or -1.
L segment_distance(Bytes& b, const Ctx& c) {
  int ids[kMaxArgs];
  const int ns = c.shapes(ids);
  int vs[kMaxArgs];
  const int nv = c.vec3_args(vs);
  if (ns == 0 || nv < 2) return -1;
  const int s = ids[b.pick(ns)];
  const LV a = lv(c.io + c.offset[vs[0]]), e = lv(c.io + c.offset[vs[1]]);
  L t;
  return std::fmax(L(0), min_along(*kind(c.q->args[s]).shape,
                                   c.io + c.offset[s], a, e - a, 0, 1, &t));
}

double touching_length(Bytes& b, const Ctx& c, L d) {
  if (d < 0) return length_value(b, c);
  const double r = finite_or_clamped(
      static_cast<double>(d));  // beyond the largest double: the largest
  return std::fabs(b.pick(2) ? nudge(b, r) : r);
}

void gen_radius(Bytes& b, const Ctx& c, double* out) {
  switch (b.pick(8)) {
    case 1:
      out[0] = 0.0;
      return;
    case 2:
    case 3:  // the moving ball touches the shape at a point of the path (its
             // start or end)
      out[0] = touching_length(b, c, touching_distance(b, c));
      return;
    case 4:
    case 5:  // the path grazes the shape
      out[0] = touching_length(b, c, segment_distance(b, c));
      return;
    default:
      out[0] = length_value(b, c);
      return;
  }
}

void gen_max_distance(Bytes& b, const Ctx& c, double* out) {
  switch (b.pick(8)) {
    case 0: {  // literal, +infinity included (a tag byte, then the bits)
      b.byte();
      const double v = from_bits(b.u64());
      out[0] = std::isnan(v) ? HUGE_VAL : std::fabs(v);
      return;
    }
    case 1:
      out[0] = HUGE_VAL;
      return;
    case 2:
      out[0] = 0.0;
      return;
    case 3:
    case 4: {  // exactly (or an ulp or so around) where the ray enters a shape
      int ids[kMaxArgs], rays[kMaxArgs];
      const int ns = c.shapes(ids), nr = c.vec3_args(rays);
      out[0] = length_value(b, c);
      if (ns == 0 || nr == 0) return;
      const int s = ids[b.pick(ns)];
      const double* ray = c.io + c.offset[rays[0]];
      const LV d = lv(ray + 3);
      const L t = first_within(*kind(c.q->args[s]).shape, c.io + c.offset[s],
                               lv(ray), d, HUGE_VALL, 0);
      if (t >= 0)
        out[0] = std::fabs(b.pick(2) ? nudge(b, static_cast<double>(t * len(d)))
                                     : static_cast<double>(t * len(d)));
      return;
    }
    case 5:
      out[0] = DBL_MAX;
      return;
    default:
      out[0] = length_value(b, c);
      return;
  }
}

// ---- AABB ----

void sort_box(double* v) {
  for (int i = 0; i < 3; ++i) {
    if (v[i] > v[3 + i]) std::swap(v[i], v[3 + i]);
  }
}

void gen_aabb(Bytes& b, const Ctx& c, double* v) {
  switch (b.pick(8)) {
    case 1: {
      const double lo = b.pick(2) ? 0.0 : -1.0;
      for (int i = 0; i < 3; ++i) v[i] = lo, v[3 + i] = 1.0;
      return;
    }
    case 2:  // flat on one axis, or on all
      for (int i = 0; i < 6; ++i) v[i] = scalar(b, c);
      sort_box(v);
      if (const int a = b.pick(4); a < 3) {
        v[3 + a] = v[a];
      } else {
        for (int i = 0; i < 3; ++i) v[3 + i] = v[i];
      }
      return;
    case 3: {  // a point box
      double p[3];
      if (!some_point(b, c, p)) fresh3(b, c, p);
      for (int i = 0; i < 3; ++i) v[i] = v[3 + i] = p[i];
      return;
    }
    case 4: {  // around a point
      double p[3];
      if (!some_point(b, c, p)) fresh3(b, c, p);
      for (int i = 0; i < 3; ++i) {
        const double h = length_value(b, c);
        v[i] = finite_or_clamped(p[i] - h),
        v[3 + i] = finite_or_clamped(p[i] + h);
      }
      return;
    }
    case 5: {  // with a corner on another shape's surface
      double p[3];
      if (!shape_point(b, c, true, p)) fresh3(b, c, p);
      for (int i = 0; i < 3; ++i) {
        const double q = finite_or_clamped(p[i] + scalar(b, c));
        v[i] = p[i], v[3 + i] = q;
      }
      sort_box(v);
      return;
    }
    case 6:  // the whole range on some axes
      for (int i = 0; i < 3; ++i) {
        if (b.pick(2)) {
          v[i] = -DBL_MAX, v[3 + i] = DBL_MAX;
        } else {
          v[i] = scalar(b, c), v[3 + i] = scalar(b, c);
        }
      }
      sort_box(v);
      return;
    default:  // 0 (literal), 7
      for (int i = 0; i < 6; ++i) v[i] = scalar(b, c);
      sort_box(v);
      return;
  }
}

// ---- Sphere ----

void gen_sphere(Bytes& b, const Ctx& c, double* v) {
  const int strategy = b.pick(6);
  if (strategy == 0) {  // literal
    for (int i = 0; i < 4; ++i) v[i] = scalar(b, c);
    v[3] = std::fabs(v[3]);
    return;
  }
  gen_vec3(b, c, v);
  int ids[kMaxArgs];
  const int ns = c.shapes(ids);
  switch (strategy) {
    case 1:
    case 2: {  // touching a shape (exactly, or an ulp or so either side)
      if (ns == 0) {
        v[3] = length_value(b, c);
        return;
      }
      const int s = ids[b.pick(ns)];
      const L d = std::fmax(
          L(0),
          kind(c.q->args[s]).shape->signed_distance(c.io + c.offset[s], lv(v)));
      v[3] = touching_length(b, c, d);
      return;
    }
    case 3:
      v[3] = 0.0;
      return;
    default:
      v[3] = length_value(b, c);
      return;
  }
}

// ---- OBB ----

void identity(double* r) {
  for (int i = 0; i < 9; ++i) r[i] = i % 4 == 0 ? 1.0 : 0.0;
}

// Column-major 3x3 product a * b.
void mat_mul(const double* a, const double* b, double* out) {
  double t[9];
  for (int col = 0; col < 3; ++col) {
    for (int row = 0; row < 3; ++row) {
      t[3 * col + row] = a[row] * b[3 * col] + a[3 + row] * b[3 * col + 1] +
                         a[6 + row] * b[3 * col + 2];
    }
  }
  std::memcpy(out, t, sizeof t);
}

template <typename T>
void quaternion_matrix(T w, T x, T y, T z, double* r) {
  const T n = std::sqrt(w * w + x * x + y * y + z * z);
  if (!(n > T(0)) || !std::isfinite(n)) return identity(r);
  w /= n, x /= n, y /= n, z /= n;
  const T m[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
                  2 * (x * z - w * y),     2 * (x * y - w * z),
                  1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                  2 * (x * z + w * y),     2 * (y * z - w * x),
                  1 - 2 * (x * x + y * y)};
  for (int i = 0; i < 9; ++i) r[i] = static_cast<double>(m[i]);
}

// A rotation by angle about axis k (column-major).
void axis_rotation(int k, double angle, double* r) {
  identity(r);
  const int i = (k + 1) % 3, j = (k + 2) % 3;
  const double cs = std::cos(angle), sn = std::sin(angle);
  r[3 * i + i] = cs, r[3 * i + j] = sn, r[3 * j + i] = -sn, r[3 * j + j] = cs;
}

double angle_from(Bytes& b) {
  switch (b.pick(4)) {
    case 0:
      return std::ldexp(1.0, -b.pick(60));  // tiny: nearly parallel edges
    case 1:
      return (1 + b.pick(4)) * M_PI /
             4;  // 45 / 90 / 135 / 180 degrees, with their rounding
    default:
      return b.byte() * (2 * M_PI / 256);
  }
}

// The first OBB generated before this one, or null.
const double* other_obb(Bytes& b, const Ctx& c) {
  int ids[kMaxArgs];
  const int n = c.shapes(ids);
  int obbs[kMaxArgs], k = 0;
  for (int i = 0; i < n; ++i) {
    if (c.q->args[ids[i]] == kOBB) obbs[k++] = ids[i];
  }
  return k == 0 ? nullptr : c.io + c.offset[obbs[b.pick(k)]];
}

void gen_rotation(Bytes& b, const Ctx& c, double* r) {
  const double* other = other_obb(b, c);
  switch (b.pick(9)) {
    case 0:
      return identity(r);
    case 1: {  // a signed permutation (exact)
      static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                      {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
      const int* p = perms[b.pick(6)];
      const int signs = b.byte();
      for (int col = 0; col < 3; ++col) {
        for (int row = 0; row < 3; ++row)
          r[3 * col + row] =
              row == p[col] ? ((signs >> col) & 1 ? -1.0 : 1.0) : 0.0;
      }
      return;
    }
    case 2: {  // any rotation
      const double q[4] = {b.byte() - 127.5, b.byte() - 127.5, b.byte() - 127.5,
                           b.byte() - 127.5};
      return quaternion_matrix(q[0], q[1], q[2], q[3], r);
    }
    case 3: {
      const int k = b.pick(3);
      return axis_rotation(k, angle_from(b), r);
    }
    case 4:  // the other box's rotation
      if (other == nullptr) return identity(r);
      std::memcpy(r, other + 6, sizeof(double) * 9);
      return;
    case 5: {  // the other box's rotation, turned a little (nearly parallel
               // edges)
      double t[9];
      const int k = b.pick(3);
      axis_rotation(k, angle_from(b), t);
      if (other == nullptr) {
        std::memcpy(r, t, sizeof t);
        return;
      }
      return mat_mul(other + 6, t, r);
    }
    case 6: {  // the other box's columns permuted and negated (the same box
               // when half sizes follow)
      if (other == nullptr) return identity(r);
      const int shift = b.pick(3), signs = b.byte();
      for (int col = 0; col < 3; ++col) {
        for (int row = 0; row < 3; ++row) {
          r[3 * col + row] = ((signs >> col) & 1 ? -1.0 : 1.0) *
                             other[6 + 3 * ((col + shift) % 3) + row];
        }
      }
      return;
    }
    case 7: {  // from float32 data (orthonormal to ~1e-7, what three.js gives)
      const float q[4] = {b.byte() - 127.5f, b.byte() - 127.5f,
                          b.byte() - 127.5f, b.byte() - 127.5f};
      return quaternion_matrix(q[0], q[1], q[2], q[3], r);
    }
    default: {  // a rotation nudged by up to ~1e-7 per element
      const double q[4] = {b.byte() - 127.5, b.byte() - 127.5, b.byte() - 127.5,
                           b.byte() - 127.5};
      quaternion_matrix(q[0], q[1], q[2], q[3], r);
      for (int i = 0; i < 9; ++i) r[i] += (b.byte() - 127.5) * 1e-9;
      return;
    }
  }
}

void gen_obb(Bytes& b, const Ctx& c, double* v) {
  if (b.pick(6) == 0) {  // literal
    for (int i = 0; i < 15; ++i) v[i] = scalar(b, c);
  } else {
    const double* other = other_obb(b, c);
    // Half sizes.
    switch (b.pick(4)) {
      case 0:
        for (int i = 0; i < 3; ++i) v[3 + i] = 0.0;
        break;
      case 1:
        if (other != nullptr) {
          std::memcpy(v + 3, other + 3, sizeof(double) * 3);
          break;
        }
        [[fallthrough]];
      default:
        for (int i = 0; i < 3; ++i) v[3 + i] = length_value(b, c);
        break;
    }
    gen_rotation(b, c, v + 6);
    // Center.
    const int where = b.pick(5);
    if (other != nullptr && where <= 2) {
      std::memcpy(v, other, sizeof(double) * 3);
      if (where == 1) {  // the same center, a subnormal or an ulp away
        for (int i = 0; i < 3; ++i) v[i] = nudge(b, v[i]);
      } else if (where == 2) {  // face to face along one of the other box's
                                // axes: touching, up to rounding
        const int k = b.pick(3);
        const double* axis = other + 6 + 3 * k;
        double extent = other[3 + k];
        for (int j = 0; j < 3; ++j) {
          const double* mine = v + 6 + 3 * j;
          extent += v[3 + j] * std::fabs(mine[0] * axis[0] + mine[1] * axis[1] +
                                         mine[2] * axis[2]);
        }
        const double s = (b.byte() & 1) ? -extent : extent;
        for (int i = 0; i < 3; ++i)
          v[i] = finite_or_clamped(nudge(b, v[i] + s * axis[i]));
      }
    } else {
      gen_vec3(b, c, v);
    }
  }
  for (int i = 3; i < 6; ++i) v[i] = std::fabs(v[i]);
  np::OBB obb{
      {v[0], v[1], v[2]},
      {v[3], v[4], v[5]},
      {{v[6], v[7], v[8]}, {v[9], v[10], v[11]}, {v[12], v[13], v[14]}}};
  if (!np::validate(obb).ok()) identity(v + 6);
}

// ---- Segment, Capsule, Triangle, Plane ----

// a + f (b - a), clamped into the box of the two (finite).
void lerp3(const double* a, const double* b, double f, double* out) {
  for (int i = 0; i < 3; ++i)
    out[i] = finite_or_clamped(between(a[i], b[i], f));
}
double some_fraction(Bytes& b) {
  switch (b.pick(4)) {
    case 0:
      return 0.0;
    case 1:
      return 1.0;
    case 2:
      return 0.5;
    default:
      return b.byte() / 255.0;
  }
}

// Two end points: strategy 0 is the literal (6 scalars in io order).
void gen_ends(Bytes& b, const Ctx& c, int strategy, double* v) {
  if (strategy == 0) {
    for (int i = 0; i < 6; ++i) v[i] = scalar(b, c);
    return;
  }
  gen_vec3(b, c, v);
  switch (strategy) {
    case 1:  // a point
      std::memcpy(v + 3, v, sizeof(double) * 3);
      return;
    case 2: {  // along one axis
      std::memcpy(v + 3, v, sizeof(double) * 3);
      const int i = b.pick(3);
      v[3 + i] = finite_or_clamped(v[i] + scalar(b, c));
      return;
    }
    case 3:  // an ulp or so long
      for (int i = 0; i < 3; ++i) v[3 + i] = nudge(b, v[i]);
      return;
    default:
      gen_vec3(b, c, v + 3);
      return;
  }
}

void gen_segment(Bytes& b, const Ctx& c, double* v) {
  gen_ends(b, c, b.pick(7), v);
}

void gen_capsule(Bytes& b, const Ctx& c, double* v) {
  const int strategy = b.pick(7);
  gen_ends(b, c, strategy, v);
  if (strategy == 0) {
    v[6] = std::fabs(scalar(b, c));
    return;
  }
  int ids[kMaxArgs];
  const int ns = c.shapes(ids);
  switch (b.pick(5)) {
    case 0:
      v[6] = 0.0;
      return;
    case 1:
    case 2: {  // touching a shape at a point of the segment (exactly, or an
               // ulp or so either side)
      if (ns == 0) break;
      double q[3];
      lerp3(v, v + 3, some_fraction(b), q);
      const int s = ids[b.pick(ns)];
      const L d = std::fmax(
          L(0),
          kind(c.q->args[s]).shape->signed_distance(c.io + c.offset[s], lv(q)));
      v[6] = touching_length(b, c, d);
      return;
    }
    default:
      break;
  }
  v[6] = length_value(b, c);
}

void gen_triangle(Bytes& b, const Ctx& c, double* v) {
  const int strategy = b.pick(8);
  if (strategy == 0) {
    for (int i = 0; i < 9; ++i) v[i] = scalar(b, c);
    return;
  }
  gen_vec3(b, c, v);
  gen_vec3(b, c, v + 3);
  switch (strategy) {
    case 1:  // collinear: c on the line of a and b
      lerp3(v, v + 3, some_fraction(b), v + 6);
      return;
    case 2:  // two corners equal
      std::memcpy(v + 6, v + 3 * b.pick(2), sizeof(double) * 3);
      return;
    case 3:  // a point
      std::memcpy(v + 3, v, sizeof(double) * 3);
      std::memcpy(v + 6, v, sizeof(double) * 3);
      return;
    case 4: {  // axis-aligned: the three corners share one coordinate
      gen_vec3(b, c, v + 6);
      const int i = b.pick(3);
      v[3 + i] = v[6 + i] = v[i];
      return;
    }
    case 5:  // a sliver: c an ulp or so off the line of a and b
      lerp3(v, v + 3, some_fraction(b), v + 6);
      for (int i = 0; i < 3; ++i) v[6 + i] = nudge(b, v[6 + i]);
      return;
    default:
      gen_vec3(b, c, v + 6);
      return;
  }
}

void gen_plane(Bytes& b, const Ctx& c, double* v) {
  const int strategy = b.pick(6);
  if (strategy == 0) {
    for (int i = 0; i < 4; ++i) v[i] = scalar(b, c);
  } else {
    if (b.pick(2)) {  // an axis, of any length
      v[0] = v[1] = v[2] = 0.0;
      v[b.pick(3)] = scalar(b, c);
    } else {
      fresh3(b, c, v);
    }
    double p[3];
    if (strategy <= 3 &&
        (shape_point(b, c, b.pick(2) == 0, p) || some_point(b, c, p))) {
      // Through a point of another argument: -n . p, rounded (in long
      // double, then once to double).
      v[3] = finite_or_clamped(static_cast<double>(-dot(lv(v), lv(p))));
    } else {
      v[3] = strategy == 4 ? 0.0 : scalar(b, c);
    }
  }
  if (v[0] == 0.0 && v[1] == 0.0 && v[2] == 0.0) v[b.pick(3)] = 1.0;
}

// ---- validators, as the flat exports call them ----

np::Validity validate_vec3(const double* v) {
  return np::validate(np::Vec3{v[0], v[1], v[2]});
}
np::Validity validate_aabb(const double* v) {
  return np::validate(np::AABB{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}});
}
np::Validity validate_sphere(const double* v) {
  return np::validate(np::Sphere{{v[0], v[1], v[2]}, v[3]});
}
np::Validity validate_obb(const double* v) {
  return np::validate(np::OBB{
      {v[0], v[1], v[2]},
      {v[3], v[4], v[5]},
      {{v[6], v[7], v[8]}, {v[9], v[10], v[11]}, {v[12], v[13], v[14]}}});
}
np::Validity validate_ray(const double* v) {
  return np::validate(np::Ray{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}});
}
np::Validity validate_radius(const double* v) {
  return np::validate_radius(v[0]);
}
np::Validity validate_max_distance(const double* v) {
  return np::validate_max_distance(v[0]);
}

np::Validity validate_segment(const double* v) {
  return np::validate(np::Segment{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}});
}
np::Validity validate_capsule(const double* v) {
  return np::validate(
      np::Capsule{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, v[6]});
}
np::Validity validate_triangle(const double* v) {
  return np::validate(
      np::Triangle{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}});
}
np::Validity validate_plane(const double* v) {
  return np::validate(np::Plane{{v[0], v[1], v[2]}, v[3]});
}

// ---- reference geometry ----

// AABB [min.xyz, max.xyz].
L aabb_sd(const double* s, LV p) {
  const L q[3] = {p.x, p.y, p.z};
  L out2 = 0, depth = HUGE_VALL;
  for (int i = 0; i < 3; ++i) {
    const L lo = s[i], hi = s[3 + i];
    const L o = q[i] < lo ? lo - q[i] : (q[i] > hi ? q[i] - hi : L(0));
    out2 += o * o;
    depth = std::fmin(depth, std::fmin(q[i] - lo, hi - q[i]));
  }
  return out2 > 0 ? std::sqrt(out2) : -depth;
}
L no_slop(const double*, LV) { return 0; }
LV aabb_center(const double* s) { return (lv(s) + lv(s + 3)) * L(0.5); }
L aabb_bound(const double* s) { return len(lv(s + 3) - lv(s)) * L(0.5); }
L aabb_scale(const double* s) { return max_abs(s, 6); }
bool aabb_normal_ok(const double* s, LV q, LV n, L band) {
  const L c[3] = {n.x, n.y, n.z}, p[3] = {q.x, q.y, q.z};
  int axis = -1;
  for (int i = 0; i < 3; ++i) {
    if (c[i] == 1 || c[i] == -1) {
      if (axis >= 0) return false;
      axis = i;
    } else if (c[i] != 0) {
      return false;
    }
  }
  if (axis < 0) return false;
  const L face = c[axis] < 0 ? s[axis] : s[3 + axis];
  return std::fabs(p[axis] - face) <= band;
}
void aabb_surface(Bytes& b, const double* s, double out[3]) {
  const int on = b.pick(3);  // at least this axis on a face
  for (int i = 0; i < 3; ++i) {
    const int t = b.pick(4);
    if (i == on || t == 0) {
      out[i] = (b.byte() & 1) ? s[3 + i] : s[i];
    } else {
      out[i] = t == 1 ? between(s[i], s[3 + i], 0.5)
                      : between(s[i], s[3 + i], b.byte() / 255.0);
    }
  }
}
void aabb_inside(Bytes& b, const double* s, double out[3]) {
  for (int i = 0; i < 3; ++i)
    out[i] = between(s[i], s[3 + i], b.pick(2) ? 0.5 : b.byte() / 255.0);
}

// Sphere [center.xyz, radius].
L sphere_sd(const double* s, LV p) { return len(p - lv(s)) - s[3]; }
LV sphere_center(const double* s) { return lv(s); }
L sphere_bound(const double* s) { return s[3]; }
L sphere_scale(const double* s) { return max_abs(s, 4); }
bool sphere_normal_ok(const double* s, LV q, LV n, L band) {
  // A radius within the band leaves any unit normal right (a point sphere has
  // every direction).
  if (s[3] <= band) return true;
  const LV expected = (q - lv(s)) * (1 / L(s[3]));
  return len(n - expected) <= band / s[3] + 0x1p-40L;
}
void unit_direction(Bytes& b, double u[3]) {
  if (b.pick(2)) {  // an axis: exactly on the sphere
    u[0] = u[1] = u[2] = 0.0;
    u[b.pick(3)] = (b.byte() & 1) ? -1.0 : 1.0;
    return;
  }
  double v[3];
  for (double& x : v) x = b.byte() - 127.5;
  const double n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  for (int i = 0; i < 3; ++i) u[i] = v[i] / n;
}
void sphere_surface(Bytes& b, const double* s, double out[3]) {
  double u[3];
  unit_direction(b, u);
  for (int i = 0; i < 3; ++i) out[i] = finite_or_clamped(s[i] + u[i] * s[3]);
}
void sphere_inside(Bytes& b, const double* s, double out[3]) {
  double u[3];
  unit_direction(b, u);
  const double f = b.byte() / 256.0;
  for (int i = 0; i < 3; ++i)
    out[i] = finite_or_clamped(s[i] + u[i] * (s[3] * f));
}

// OBB [center.xyz, half_size.xyz, rotation column-major]. The reference treats
// the columns as orthonormal; they are within 1e-6 of it (validate), and slop()
// covers the difference.
LV obb_axis(const double* s, int k) { return lv(s + 6 + 3 * k); }
L obb_error(const double* s) {
  L e = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j)
      e = std::fmax(
          e, std::fabs(dot(obb_axis(s, i), obb_axis(s, j)) - (i == j ? 1 : 0)));
  }
  return e;
}
L obb_sd(const double* s, LV p) {
  const LV d = p - lv(s);
  L out2 = 0, depth = HUGE_VALL;
  for (int i = 0; i < 3; ++i) {
    const L u = dot(d, obb_axis(s, i)), h = s[3 + i];
    const L o = std::fabs(u) - h;
    if (o > 0) out2 += o * o;
    depth = std::fmin(depth, -o);
  }
  return out2 > 0 ? std::sqrt(out2) : -depth;
}
L obb_slop(const double* s, LV p) {
  // Columns off by e move the box's points by up to ~e times their distance
  // from the center, per column.
  return 4 * obb_error(s) * (len(p - lv(s)) + s[3] + s[4] + s[5]);
}
LV obb_center(const double* s) { return lv(s); }
L obb_bound(const double* s) { return (s[3] + s[4] + s[5]) * (1 + 1e-5L); }
L obb_scale(const double* s) { return max_abs(s, 6); }
bool obb_normal_ok(const double* s, LV q, LV n, L band) {
  const L tol = 8 * obb_error(s) + 0x1p-40L;
  const LV d = q - lv(s);
  for (int k = 0; k < 3; ++k) {
    for (L sign : {L(-1), L(1)}) {
      const LV a = obb_axis(s, k) * sign;
      if (len(n - a) <= tol &&
          std::fabs(dot(d, a) - s[3 + k]) <= band + tol * len(d))
        return true;
    }
  }
  return false;
}
void obb_point(Bytes& b, const double* s, double out[3], bool surface) {
  double f[3];
  const int on = b.pick(3);
  for (int k = 0; k < 3; ++k) {
    const int t = b.pick(4);
    f[k] = (surface && (k == on || t == 0))
               ? ((b.byte() & 1) ? 1.0 : -1.0)
               : (t == 1 ? 0.0 : b.byte() / 127.5 - 1.0);
  }
  for (int i = 0; i < 3; ++i) {
    double v = s[i];
    for (int k = 0; k < 3; ++k) v += f[k] * s[3 + k] * s[6 + 3 * k + i];
    out[i] = finite_or_clamped(v);
  }
}
void obb_surface(Bytes& b, const double* s, double out[3]) {
  obb_point(b, s, out, true);
}
void obb_inside(Bytes& b, const double* s, double out[3]) {
  obb_point(b, s, out, false);
}

// Segment [start.xyz, end.xyz]: thin, so its signed distance is never negative
// (and "inside" is "on").
LV segment_closest(const double* s, LV p) {
  const LV a = lv(s), ab = lv(s + 3) - a;
  const L ab2 = dot(ab, ab);
  if (!(ab2 > 0)) return a;
  L t = dot(p - a, ab) / ab2;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return a + ab * t;
}
L segment_sd(const double* s, LV p) { return len(p - segment_closest(s, p)); }
LV segment_center(const double* s) { return (lv(s) + lv(s + 3)) * L(0.5); }
L segment_bound(const double* s) {
  return len(lv(s + 3) - lv(s)) * L(0.5) * (1 + 1e-15L);
}
L segment_scale(const double* s) { return max_abs(s, 6); }
bool any_normal_ok(const double*, LV, LV, L) { return true; }
void segment_surface(Bytes& b, const double* s, double out[3]) {
  lerp3(s, s + 3, some_fraction(b), out);
}

// Capsule [start.xyz, end.xyz, radius]: solid.
L capsule_sd(const double* s, LV p) { return segment_sd(s, p) - s[6]; }
L capsule_bound(const double* s) { return segment_bound(s) + s[6]; }
L capsule_scale(const double* s) { return max_abs(s, 7); }
bool capsule_normal_ok(const double* s, LV q, LV n, L band) {
  if (s[6] <= band) return true;
  const LV expected = (q - segment_closest(s, q)) * (1 / L(s[6]));
  return len(n - expected) <= band / s[6] + 0x1p-40L;
}
void capsule_point(Bytes& b, const double* s, double out[3], double f) {
  double q[3], u[3];
  lerp3(s, s + 3, some_fraction(b), q);
  unit_direction(b, u);
  for (int i = 0; i < 3; ++i)
    out[i] = finite_or_clamped(q[i] + u[i] * (s[6] * f));
}
void capsule_surface(Bytes& b, const double* s, double out[3]) {
  capsule_point(b, s, out, 1.0);
}
void capsule_inside(Bytes& b, const double* s, double out[3]) {
  capsule_point(b, s, out, b.byte() / 256.0);
}

// Triangle [a.xyz, b.xyz, c.xyz]: thin; a degenerate one is the segment or
// point it spans.
//
// The face term of a sliver is ill-conditioned: the normal's components are
// differences of products that cancel as the triangle flattens, and the plane
// distance (p - v) . n cancels too when p lies far from v. The first reference
// (n = (b - a) x (c - a) and the distance from a, in long double) was off by
// orders of magnitude on the slivers of the 2026-11-27 fuzz runs (a needle
// 1e-10 rad thin at 4e131: a point within an ulp of it reported 7e121 outside;
// a distance 1.5e29 at 8.5e45 taken for 6.6e34; all six inputs checked against
// exact rational arithmetic, where the core was right to an ulp). Now, as the
// core does (Ericson 5.1.5, and Shewchuk's "Lecture Notes on Geometric
// Robustness", 2013, ch. 3: a triangle's normal is best computed from the two
// edges at its largest angle):
//  - the normal is the cross product of the two shorter edges, at the corner o
//    opposite the longest: each of its components errs by at most ~4 u |e1|
//    |e2| (u the unit roundoff), relative to |n| = |e1| |e2| sin(the largest
//    angle) >= |e1| |e2| sin(the smallest angle), so a needle (one short edge)
//    is as well conditioned as a fat triangle; only a cap (three corners
//    nearly collinear) is not;
//  - the plane distance is taken from the corner w nearest p: its error is at
//    most ~8 u |p - w| |e1| |e2| / |n| (the normal's direction error times |p -
//    w|, plus the roundings of the differences and the dot product);
//  - both in long double when that bound is below 2^-52 of the magnitudes
//    (2^12 below the checks' 2^-40 band), else again in __float128 (u = 2^-113,
//    exact to 2^-100 of the magnitudes for caps down to 2^-50 rad).
// triangle_slop() adds that bound (of the precision used, times 8) to the
// checks' band: flatter caps than 2^-60 rad make the check of the face term
// looser, never wrong. The three sign tests that decide whether p's projection
// lies in the triangle err the same way: a wrong one puts the projection
// within that error of an edge's line, where the face and that edge are as
// near to p to within that error (or beyond a corner, out of the corners' box,
// which the box test below catches).
L triangle_edges_sd(const double* s, LV p) {
  return std::fmin(segment_sd(s, p),
                   std::fmin(len(p - segment_closest(s + 3, p)), [&] {
                     const double ca[6] = {s[6], s[7], s[8], s[0], s[1], s[2]};
                     return len(p - segment_closest(ca, p));
                   }()));
}

using Q = __float128;

template <typename T>
struct TV {
  T x, y, z;
};
template <typename T>
TV<T> tv(const double* p) {
  return {p[0], p[1], p[2]};
}
template <typename T>
TV<T> tv(LV p) {
  return {p.x, p.y, p.z};
}
template <typename T>
TV<T> operator-(TV<T> a, TV<T> b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <typename T>
T tdot(TV<T> a, TV<T> b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <typename T>
TV<T> tcross(TV<T> a, TV<T> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <typename T>
L root(T v) {  // sqrt in long double (its range holds every square here)
  return std::sqrt(static_cast<L>(v));
}

// The face term in precision T: whether p's projection lies in the triangle
// (three signs and the corners' box), the plane distance, and its error bound
// for unit roundoff u. `ok` false: a zero normal (no face).
struct Face {
  bool ok, in;
  L distance, error;
  L conditioning;  // |e1| |e2| / |n|: 1 / sin(the largest angle)
};
template <typename T>
Face triangle_face(const double* s, LV p, L u) {
  const TV<T> v[3] = {tv<T>(s), tv<T>(s + 3), tv<T>(s + 6)}, pt = tv<T>(p);
  int k = 0;
  T lk = -1;
  for (int i = 0; i < 3; ++i) {
    const TV<T> e = v[(i + 1) % 3] - v[i];
    const T l = tdot(e, e);
    if (l > lk) lk = l, k = i;
  }
  // o = v[k + 2]: (v[k] - o) x (v[k + 1] - o) = (b - a) x (c - a) on the reals.
  const TV<T> o = v[(k + 2) % 3];
  const TV<T> e1 = v[k] - o, e2 = v[(k + 1) % 3] - o;
  const TV<T> n = tcross(e1, e2);
  const T n2 = tdot(n, n);
  if (!(n2 > 0)) return {false, false, 0, 0, 0};
  bool in = true;
  for (int i = 0; i < 3; ++i)
    in = in && tdot(tcross(v[(i + 1) % 3] - v[i], pt - v[i]), n) >= 0;
  int w = 0;
  T lw = tdot(pt - v[0], pt - v[0]);
  for (int i = 1; i < 3; ++i) {
    const T l = tdot(pt - v[i], pt - v[i]);
    if (l < lw) lw = l, w = i;
  }
  const T h = tdot(pt - v[w], n);
  const L ln = root(n2);
  const L conditioning = root(tdot(e1, e1)) * root(tdot(e2, e2)) / ln;
  const L error = 8 * u * root(lw) * conditioning;
  if (in) {
    // For a sliver narrower than the precision resolves beside p (corners
    // 1e-310 apart across, 3 along, p 1 beyond a corner), the three signs can
    // all come out >= 0 for a p whose projection lies far beyond a corner.
    // The projection of a point inside the prism lies in the triangle, hence
    // in its bounding box: one outside the box (beyond the rounding of the
    // projection) is not inside.
    const T f = h / n2;
    const T q[3] = {pt.x - n.x * f, pt.y - n.y * f, pt.z - n.z * f};
    const L tol = 0x1p-50L * std::fmax(max_abs(p), max_abs(s, 9)) + error;
    for (int i = 0; i < 3; ++i) {
      const L lo = std::fmin(s[i], std::fmin(s[3 + i], s[6 + i])),
              hi = std::fmax(s[i], std::fmax(s[3 + i], s[6 + i]));
      const L qi = static_cast<L>(q[i]);
      if (qi < lo - tol || qi > hi + tol) in = false;
    }
  }
  return {true, in, static_cast<L>(h < 0 ? -h : h) / ln, error, conditioning};
}

// The face term, in long double where its error bound is below 2^-52 of the
// magnitudes, else in __float128.
Face triangle_face(const double* s, LV p) {
  const Face f = triangle_face<L>(s, p, 0x1p-63L);
  if (!f.ok ||
      f.error <= 0x1p-52L * std::fmax(max_abs(p), max_abs(s, 9)) + 0x1p-1070L)
    return f;
  return triangle_face<Q>(s, p, 0x1p-112L);
}

L triangle_sd(const double* s, LV p) {
  const L edges = triangle_edges_sd(s, p);
  const Face f = triangle_face(s, p);
  return f.ok && f.in ? std::fmin(edges, f.distance) : edges;
}

// The reference's own error bound on the face term (above), plus how far the
// plane the core uses may lie from the true one near p: the core takes a
// sliver's normal from its two shorter edges in doubles (closest_point.cpp,
// nearest_on_sliver), each component within a few 2^-53 |e1| |e2|, so its
// direction within ~2^-50 |e1| |e2| / |n| rad, and measures the plane from a
// corner, |p - a| <= |p| + the corners' magnitude away. That is the README's
// documented limit ("where the contract ends": a sliver's closest point "is
// never more than the plane's rounding away, but that rounding grows as 1 /
// the sliver's angle"); 2^-48 covers it 4 times. |e1| |e2| / |n| is 1 /
// sin(the largest angle), at most 2 / sqrt(3) for a triangle whose largest
// angle is at most 120 degrees, where this adds under 2^-47 of the magnitudes
// to the checks' 2^-40: it matters only for caps (three corners nearly
// collinear; a needle's largest angle is not near 180 degrees), such as the
// smoke run's valid np_distancePointTriangle input of 2026-11-27: p within an
// ulp of a cap 2^-17 rad thin and 8.7 long, reported 1.4e-11 away (exact:
// 6.5e-17; the check's band 3.6e-12).
L triangle_slop(const double* s, LV p) {
  const Face f = triangle_face(s, p);
  if (!f.ok) return 0;
  return f.error + 0x1p-48L * (max_abs(p) + max_abs(s, 9)) * f.conditioning;
}
LV triangle_center(const double* s) {
  return (lv(s) + lv(s + 3) + lv(s + 6)) * (1 / L(3));
}
L triangle_bound(const double* s) {
  const LV c = triangle_center(s);
  return std::fmax(len(lv(s) - c),
                   std::fmax(len(lv(s + 3) - c), len(lv(s + 6) - c))) *
         (1 + 1e-15L);
}
L triangle_scale(const double* s) { return max_abs(s, 9); }
bool triangle_normal_ok(const double* s, LV, LV n, L) {
  const LV a = lv(s), nn = cross(lv(s + 3) - a, lv(s + 6) - a);
  const L l = len(nn);
  // A degenerate (or nearly so) triangle: any unit normal.
  if (!(l > 1e-12L * dot(lv(s + 3) - a, lv(s + 3) - a) +
                1e-12L * dot(lv(s + 6) - a, lv(s + 6) - a)))
    return true;
  const LV u = nn * (1 / l);
  return len(n - u) <= 0x1p-30L || len(n + u) <= 0x1p-30L;
}
void triangle_surface(Bytes& b, const double* s, double out[3]) {
  double ab[3];
  lerp3(s, s + 3, some_fraction(b), ab);
  lerp3(ab, s + 6, some_fraction(b), out);
}

// Plane [normal.xyz, constant]: thin and unbounded.
L plane_sd(const double* s, LV p) {
  const LV n = lv(s);
  return std::fabs(dot(n, p) + s[3]) / len(n);
}
LV plane_center(const double* s) {  // the plane's point nearest the origin
  const LV n = lv(s);
  return n * (-s[3] / dot(n, n));
}
L plane_bound(const double* s) { return 4 * (len(plane_center(s)) + 1); }
L plane_scale(const double* s) {
  return std::fmax(max_abs(plane_center(s)), max_abs(s, 3));
}
bool plane_normal_ok(const double* s, LV, LV n, L) {
  const LV u = lv(s) * (1 / len(lv(s)));
  return len(n - u) <= 0x1p-40L || len(n + u) <= 0x1p-40L;
}
void plane_surface(Bytes& b, const double* s, double out[3]) {
  // A point of another kind moved onto the plane along its normal, in long
  // double, rounded once per coordinate.
  double q[3];
  for (double& x : q) x = b.byte() - 127.5;
  const LV n = lv(s), p = lv(q) + plane_center(s);
  const LV on = p - n * ((dot(n, p) + s[3]) / dot(n, n));
  out[0] = finite_or_clamped(static_cast<double>(on.x));
  out[1] = finite_or_clamped(static_cast<double>(on.y));
  out[2] = finite_or_clamped(static_cast<double>(on.z));
}

// In long double the difference of two distinct doubles is never 0 and keeps
// its sign, so aabb_sd's sign is exact.
const Shape kAABBShape{aabb_sd,      no_slop,     aabb_center,
                       aabb_bound,   aabb_scale,  aabb_normal_ok,
                       aabb_surface, aabb_inside, true};
const Shape kSphereShape{sphere_sd,      no_slop,       sphere_center,
                         sphere_bound,   sphere_scale,  sphere_normal_ok,
                         sphere_surface, sphere_inside, false};
const Shape kOBBShape{obb_sd,      obb_slop,   obb_center,
                      obb_bound,   obb_scale,  obb_normal_ok,
                      obb_surface, obb_inside, false};

const Shape kSegmentShape{segment_sd,      no_slop,         segment_center,
                          segment_bound,   segment_scale,   any_normal_ok,
                          segment_surface, segment_surface, false};
const Shape kCapsuleShape{capsule_sd,      no_slop,        segment_center,
                          capsule_bound,   capsule_scale,  capsule_normal_ok,
                          capsule_surface, capsule_inside, false};
const Shape kTriangleShape{
    triangle_sd,      triangle_slop,    triangle_center,
    triangle_bound,   triangle_scale,   triangle_normal_ok,
    triangle_surface, triangle_surface, false};
const Shape kPlaneShape{plane_sd,      no_slop,       plane_center,
                        plane_bound,   plane_scale,   plane_normal_ok,
                        plane_surface, plane_surface, false};

// Indexed by Arg.
const ArgKind kKinds[kArgKindCount] = {
    {"none", 0, 9, nullptr, nullptr, nullptr},
    {"vec3", 3, 1, validate_vec3, gen_vec3, nullptr},
    {"aabb", 6, 0, validate_aabb, gen_aabb, &kAABBShape},
    {"sphere", 4, 0, validate_sphere, gen_sphere, &kSphereShape},
    {"obb", 15, 0, validate_obb, gen_obb, &kOBBShape},
    {"ray", 6, 1, validate_ray, gen_ray, nullptr},
    {"radius", 1, 2, validate_radius, gen_radius, nullptr},
    {"max_distance", 1, 2, validate_max_distance, gen_max_distance, nullptr},
    {"segment", 6, 0, validate_segment, gen_segment, &kSegmentShape},
    {"capsule", 7, 0, validate_capsule, gen_capsule, &kCapsuleShape},
    {"triangle", 9, 0, validate_triangle, gen_triangle, &kTriangleShape},
    {"plane", 4, 0, validate_plane, gen_plane, &kPlaneShape},
};

}  // namespace

const ArgKind& kind(Arg a) { return kKinds[a]; }

int arg_count(const Query& q) {
  int n = 0;
  while (n < kMaxArgs && q.args[n] != kNone) ++n;
  return n;
}

int input_size(const Query& q) {
  int n = 0;
  for (int i = 0; i < arg_count(q); ++i) n += kind(q.args[i]).size;
  return n;
}

int generation_order(const Query& q, int order[kMaxArgs]) {
  const int n = arg_count(q);
  int k = 0;
  for (int phase = 0; phase <= 2; ++phase) {
    for (int i = n - 1; i >= 0; --i) {
      if (kind(q.args[i]).phase == phase) order[k++] = i;
    }
  }
  return k;
}

void generate_inputs(Bytes& b, const Query& q, double* io) {
  Ctx c;
  c.q = &q;
  c.io = io;
  c.count = arg_count(q);
  for (int i = 0, off = 0; i < c.count; ++i)
    c.offset[i] = off, off += kind(q.args[i]).size;
  int order[kMaxArgs];
  const int n = generation_order(q, order);
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    kind(q.args[i]).generate(b, c, io + c.offset[i]);
    c.done[i] = true;
  }
}

std::vector<uint8_t> encode_literal(int query_index, const Query& q,
                                    const double* inputs) {
  std::vector<uint8_t> out{static_cast<uint8_t>(query_index)};
  int order[kMaxArgs], offset[kMaxArgs];
  for (int i = 0, off = 0; i < arg_count(q); ++i)
    offset[i] = off, off += kind(q.args[i]).size;
  const int n = generation_order(q, order);
  for (int k = 0; k < n; ++k) {
    const ArgKind& a = kind(q.args[order[k]]);
    out.push_back(0);  // strategy 0: literal
    for (int j = 0; j < a.size; ++j) {
      out.push_back(0);  // scalar tag 0: literal
      uint64_t u;
      std::memcpy(&u, inputs + offset[order[k]] + j, sizeof u);
      for (int byte = 0; byte < 8; ++byte)
        out.push_back(static_cast<uint8_t>(u >> (8 * byte)));
    }
  }
  return out;
}

int expected_error(const Query& q, const double* inputs) {
  for (int i = 0, off = 0; i < arg_count(q); ++i) {
    const ArgKind& a = kind(q.args[i]);
    const np::Validity v = a.validate(inputs + off);
    if (!v.ok())
      return -((static_cast<int>(v.problem) << 8) | (off + v.component));
    off += a.size;
  }
  return 0;
}

L min_along(const Shape& sh, const double* s, LV a, LV d, L t0, L t1, L* t_at) {
  // Golden-section search; 120 steps shrink [t0, t1] by 1e-25, below long
  // double's own resolution of t.
  const L g = (std::sqrt(L(5)) - 1) / 2;
  L lo = t0, hi = t1;
  L x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  L f1 = sh.signed_distance(s, a + d * x1),
    f2 = sh.signed_distance(s, a + d * x2);
  for (int i = 0; i < 120; ++i) {
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - g * (hi - lo);
      f1 = sh.signed_distance(s, a + d * x1);
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + g * (hi - lo);
      f2 = sh.signed_distance(s, a + d * x2);
    }
  }
  // The ends too: the minimum of a convex function on an interval is often at
  // one.
  L best_t = f1 <= f2 ? x1 : x2, best = std::fmin(f1, f2);
  for (L t : {t0, t1}) {
    const L f = sh.signed_distance(s, a + d * t);
    if (f < best) best = f, best_t = t;
  }
  *t_at = best_t;
  return best;
}

L first_within(const Shape& sh, const double* s, LV a, LV d, L t1, L reach) {
  if (sh.signed_distance(s, a) <= reach) return 0;
  if (!std::isfinite(t1)) {
    // Beyond the point of the line nearest the shape's center plus its size,
    // the distance only grows.
    const L dd = dot(d, d);
    t1 = std::fmax(L(0), dot(sh.center(s) - a, d) / dd) +
         (sh.bound_radius(s) + std::fabs(reach)) / std::sqrt(dd) + 1;
  }
  L t_min;
  if (min_along(sh, s, a, d, 0, t1, &t_min) > reach) return -1;
  L lo = 0, hi = t_min;  // signed distance > reach at lo, <= reach at hi
  for (int i = 0; i < 200 && lo < hi; ++i) {
    const L mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (sh.signed_distance(s, a + d * mid) <= reach ? hi : lo) = mid;
  }
  return hi;
}

}  // namespace np_fuzz
