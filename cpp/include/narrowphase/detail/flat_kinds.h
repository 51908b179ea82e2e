// narrowphase internal: how each argument kind and each result of
// narrowphase/queries.def crosses the flat I/O buffer, and the one template
// that turns a line of queries.def into a flat export.
//
// An argument kind says how many doubles it takes, how to read its C++ value
// from them and how to validate it. A result says how to call the core function
// (return value, or a pointer to a hit struct) and how to write what it
// returns. Offsets are compile-time sums of the sizes, so a query's layout is
// its kinds in order: nothing about it is written twice. flat.h documents the
// buffer and the return codes.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <tuple>
#include <utility>

#include "narrowphase/flat.h"
#include "narrowphase/types.h"
#include "narrowphase/validate.h"

namespace np::flat {

#define NP_INLINE __attribute__((always_inline)) inline

NP_INLINE Vec3 vec3_at(const double* p) { return {p[0], p[1], p[2]}; }
NP_INLINE void put(double* p, Vec3 v) {
  p[0] = v.x;
  p[1] = v.y;
  p[2] = v.z;
}

/// The error code of a problem found in the argument whose flat layout starts
/// at io[slot]:
/// -(problem << 8 | (slot + component)). Codes are negative; results are >= 0.
NP_INLINE int error_code(Validity v, int slot) {
  return -((static_cast<int>(v.problem) << 8) | (slot + v.component));
}

// ---------------------------------------------------------------------------------------------------------
// Argument kinds. Each: Value (the C++ type the core takes), size (doubles),
// read, check.

namespace kinds {

struct vec3 {
  using Value = Vec3;
  static constexpr int size = 3;
  NP_INLINE static Value read(const double* p) { return vec3_at(p); }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct aabb {
  using Value = AABB;
  static constexpr int size = 6;
  NP_INLINE static Value read(const double* p) {
    return {vec3_at(p), vec3_at(p + 3)};
  }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct sphere {
  using Value = Sphere;
  static constexpr int size = 4;
  NP_INLINE static Value read(const double* p) { return {vec3_at(p), p[3]}; }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct obb {
  using Value = OBB;
  static constexpr int size = 15;
  NP_INLINE static Value read(const double* p) {
    return {vec3_at(p),
            vec3_at(p + 3),
            {vec3_at(p + 6), vec3_at(p + 9), vec3_at(p + 12)}};
  }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct ray {
  using Value = Ray;
  static constexpr int size = 6;
  NP_INLINE static Value read(const double* p) {
    return {vec3_at(p), vec3_at(p + 3)};
  }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct segment {
  using Value = Segment;
  static constexpr int size = 6;
  NP_INLINE static Value read(const double* p) {
    return {vec3_at(p), vec3_at(p + 3)};
  }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct capsule {
  using Value = Capsule;
  static constexpr int size = 7;
  NP_INLINE static Value read(const double* p) {
    return {vec3_at(p), vec3_at(p + 3), p[6]};
  }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct triangle {
  using Value = Triangle;
  static constexpr int size = 9;
  NP_INLINE static Value read(const double* p) {
    return {vec3_at(p), vec3_at(p + 3), vec3_at(p + 6)};
  }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

struct plane {
  using Value = Plane;
  static constexpr int size = 4;
  NP_INLINE static Value read(const double* p) { return {vec3_at(p), p[3]}; }
  NP_INLINE static Validity check(const Value& v) { return validate(v); }
};

/// A length: finite and >= 0 (a cast's radius).
struct radius {
  using Value = double;
  static constexpr int size = 1;
  NP_INLINE static Value read(const double* p) { return p[0]; }
  NP_INLINE static Validity check(Value v) { return validate_radius(v); }
};

/// A ray's reach: >= 0, +infinity allowed.
struct maxDistance {
  using Value = double;
  static constexpr int size = 1;
  NP_INLINE static Value read(const double* p) { return p[0]; }
  NP_INLINE static Validity check(Value v) { return validate_max_distance(v); }
};

// ---------------------------------------------------------------------------------------------------------
// Results. Each: Fn<Values...> (the core function's type), outputs (doubles
// written on a hit / always), and call, which returns the flat return code.

struct point {
  template <class... V>
  using Fn = Vec3 (*)(V...);
  static constexpr int outputs = 3;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double* io, const V&... v) {
    put(io, fn(v...));
    return 0;
  }
};

struct distance {
  template <class... V>
  using Fn = double (*)(V...);
  static constexpr int outputs = 1;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double* io, const V&... v) {
    io[0] = fn(v...);
    return 0;
  }
};

/// A signed distance (negative behind a plane): the same layout as distance.
struct signedDistance : distance {};

struct boolean {
  template <class... V>
  using Fn = bool (*)(V...);
  static constexpr int outputs = 0;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double*, const V&... v) {
    return fn(v...) ? 1 : 0;
  }
};

/// An OBB separating axis: returns 0 for none, 1 + the axis otherwise.
struct axis {
  template <class... V>
  using Fn = std::optional<int> (*)(V...);
  static constexpr int outputs = 0;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double*, const V&... v) {
    const std::optional<int> a = fn(v...);
    return a ? 1 + *a : 0;
  }
};

/// RayHit: returns 1 and writes distance, point, normal on a hit; 0 on a miss.
struct rayHit {
  template <class... V>
  using Fn = bool (*)(V..., RayHit*);
  static constexpr int outputs = 7;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double* io, const V&... v) {
    RayHit hit;
    if (!fn(v..., &hit)) return 0;
    io[0] = hit.distance;
    put(io + 1, hit.point);
    put(io + 4, hit.normal);
    return 1;
  }
};

/// SegmentClosestPoints: returns 0 and writes distance, point_a, point_b
/// (always: two segments always have closest points).
struct closestPoints {
  template <class... V>
  using Fn = SegmentClosestPoints (*)(V...);
  static constexpr int outputs = 7;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double* io, const V&... v) {
    const SegmentClosestPoints c = fn(v...);
    io[0] = c.distance;
    put(io + 1, c.point_a);
    put(io + 4, c.point_b);
    return 0;
  }
};

/// ShapeCastHit: returns 1 and writes distance, fraction, center, point,
/// normal, startedOverlapping (0/1).
struct shapeCastHit {
  template <class... V>
  using Fn = bool (*)(V..., ShapeCastHit*);
  static constexpr int outputs = 12;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double* io, const V&... v) {
    ShapeCastHit hit;
    if (!fn(v..., &hit)) return 0;
    io[0] = hit.distance;
    io[1] = hit.fraction;
    put(io + 2, hit.center);
    put(io + 5, hit.point);
    put(io + 8, hit.normal);
    io[11] = hit.started_overlapping ? 1.0 : 0.0;
    return 1;
  }
};

/// ContactHit: returns 1 and writes depth, normal, point_a, point_b on a
/// contact; 0 when the shapes do not touch.
struct contactHit {
  template <class... V>
  using Fn = bool (*)(V..., ContactHit*);
  static constexpr int outputs = 10;
  template <class F, class... V>
  NP_INLINE static int call(F fn, double* io, const V&... v) {
    ContactHit hit;
    if (!fn(v..., &hit)) return 0;
    io[0] = hit.depth;
    put(io + 1, hit.normal);
    put(io + 4, hit.point_a);
    put(io + 7, hit.point_b);
    return 1;
  }
};

}  // namespace kinds

// ---------------------------------------------------------------------------------------------------------
// The flat export of one query.

/// How a kind's value is passed to the core: small values by value, shapes by
/// const reference.
template <class K>
using Param = std::conditional_t<(sizeof(typename K::Value) <= sizeof(Vec3)),
                                 typename K::Value, const typename K::Value&>;

/// Where each argument starts in the buffer: the sums of the sizes before it
/// (and, last, the total).
template <class... K>
constexpr std::array<int, sizeof...(K) + 1> offsets() {
  std::array<int, sizeof...(K) + 1> o{};
  const int sizes[] = {K::size...};
  for (std::size_t i = 0; i < sizeof...(K); ++i) o[i + 1] = o[i] + sizes[i];
  return o;
}

template <class R, class... K, std::size_t... I>
NP_INLINE int run(typename R::template Fn<Param<K>...> fn, double* io,
                  std::index_sequence<I...>) {
  constexpr auto at = offsets<K...>();
  static_assert(at[sizeof...(K)] <= NP_IO_DOUBLES,
                "a query's inputs must fit the I/O buffer");
  static_assert(R::outputs <= NP_IO_DOUBLES,
                "a query's outputs must fit the I/O buffer");
  // Each argument is read from the buffer once: the values validated are the
  // values passed, and the compiler need not load them again after validation
  // (it cannot know that a call to a validator left the buffer unchanged).
  const std::tuple<typename K::Value...> args{K::read(io + at[I])...};
  // Validated in argument order; the first problem wins.
  int code = 0;
  ((code = code != 0 ? code : [&] {
     const Validity v = K::check(std::get<I>(args));
     return v.ok() ? 0 : error_code(v, at[I]);
   }()),
   ...);
  if (code != 0) return code;
  return R::call(fn, io, std::get<I>(args)...);
}

/// The flat export of `fn` with result R and argument kinds K...: validates,
/// calls, writes the result.
template <class R, class... K>
NP_INLINE int run(typename R::template Fn<Param<K>...> fn, double* io) {
  return run<R, K...>(fn, io, std::index_sequence_for<K...>{});
}

#undef NP_INLINE

}  // namespace np::flat
