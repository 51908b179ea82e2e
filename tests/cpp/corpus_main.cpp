// narrowphase: writes the seeded native corpus that
// tests/js/native_parity.test.js replays through the WASM module, to check that
// native C++ and WASM give bit-identical results (EDGE_CASES.md, "Invariants").
//
// usage: narrowphase_corpus <output.json>
//
// Every case is a query of narrowphase/queries.def with its arguments, recorded
// by meaning: each argument by field name ({"box": {"min": {"x": ...}}}), the
// result as the JS API returns it ({"distance", "point": {...}, "normal":
// {...}}, true, null, ...), or the error as (argument, field, problem name).
// The result is computed by calling the core C++ function with typed values
// that this file decodes itself, and the error by the typed validate() calls,
// never through the flat layer: the WASM side replays the case through the JS
// API, so the flat layouts (detail/flat_kinds.h) and the JS layer's reading and
// writing of them (web/lib/index.js) are both checked against an independent
// reading of the same arguments. A swapped pair of outputs or inputs in either
// shows up as a mismatch (tests/js/native_parity.test.js keeps a test that
// shows it does). Inputs mix random valid shapes at scales from 1e-6 to 1e6,
// exact and special configurations (touching, zero and -0 direction components,
// rays in face planes, coincident sphere centers, identity and random
// rotations) and invalid inputs, so that error codes are compared too.
//
// Determinism: the generator is std::mt19937_64 with a fixed seed (its output
// sequence is fixed by the C++ standard), and every double is derived from the
// raw 64-bit draws here; std::uniform_real_distribution is not used because its
// output is implementation-defined. Only the recorded inputs matter to the
// comparison, so the generator may use any libm function (std::cos, std::sin)
// to build inputs.
//
// JSON: finite doubles are printed with %.17g (round-trips exactly; -0 prints
// as -0); NaN and +-infinity are written as the strings "NaN", "Infinity" and
// "-Infinity", which JSON has no numbers for.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "narrowphase/batch.h"
#include "narrowphase/detail/flat_kinds.h"
#include "narrowphase/narrowphase.h"
#include "narrowphase/tolerances.h"

namespace {

constexpr std::uint64_t kSeed = 0x6e6172726f777068;  // "narrowph"
constexpr int kCasesPerFunction = 3000;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using V3 = std::array<double, 3>;
using Input = std::vector<double>;

// ---------------------------------------------------------------------------------------------------------
// Random numbers from raw 64-bit draws.

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  std::uint64_t bits() { return engine_(); }
  /// Uniform in [0, 1): the top 53 bits of one draw times 2^-53, exact.
  double unit() { return static_cast<double>(bits() >> 11) * 0x1.0p-53; }
  /// Uniform in [-1, 1).
  double symmetric() { return 2.0 * unit() - 1.0; }
  /// Uniform integer in [0, n) (the modulo bias of a 64-bit draw is irrelevant
  /// here).
  int below(int n) {
    return static_cast<int>(bits() % static_cast<std::uint64_t>(n));
  }
  /// Uniform integer in [lo, hi].
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(double p) { return unit() < p; }
  /// 10^k for k uniform in [lo, hi], lo >= -6, hi <= 6 (decimal literals, so
  /// the values are the usual ones).
  double decade(int lo, int hi) {
    static const double kPow10[13] = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0,
                                      1e1,  1e2,  1e3,  1e4,  1e5,  1e6};
    return kPow10[between(lo, hi) + 6];
  }
  /// A random power of two 2^k, k in [lo, hi].
  double pow2(int lo, int hi) { return std::ldexp(1.0, between(lo, hi)); }
  /// NaN, +infinity or -infinity.
  double non_finite() {
    const int k = below(3);
    return k == 0 ? kNaN : (k == 1 ? kInf : -kInf);
  }

 private:
  std::mt19937_64 engine_;
};

// ---------------------------------------------------------------------------------------------------------
// The queries (queries.def) and how this file reads their arguments and writes
// their results. The generators below build each argument list as numbers in
// the order of the query's argument kinds; Arg<K> decodes them on its own
// (field names as the JS API spells them, and the typed value), independently
// of flat_kinds.h.

namespace kinds = np::flat::kinds;
using np::Vec3;

template <class K>
struct Arg;
template <>
struct Arg<kinds::vec3> {
  static constexpr const char* kind = "vec3";
  static constexpr const char* fields[] = {"x", "y", "z"};
  static Vec3 decode(const double* p) { return {p[0], p[1], p[2]}; }
};
template <>
struct Arg<kinds::aabb> {
  static constexpr const char* kind = "aabb";
  static constexpr const char* fields[] = {"min.x", "min.y", "min.z",
                                           "max.x", "max.y", "max.z"};
  static np::AABB decode(const double* p) {
    return {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}};
  }
};
template <>
struct Arg<kinds::sphere> {
  static constexpr const char* kind = "sphere";
  static constexpr const char* fields[] = {"center.x", "center.y", "center.z",
                                           "radius"};
  static np::Sphere decode(const double* p) {
    return {{p[0], p[1], p[2]}, p[3]};
  }
};
template <>
struct Arg<kinds::obb> {
  static constexpr const char* kind = "obb";
  static constexpr const char* fields[] = {"center.x",
                                           "center.y",
                                           "center.z",
                                           "halfSize.x",
                                           "halfSize.y",
                                           "halfSize.z",
                                           "rotation.elements[0]",
                                           "rotation.elements[1]",
                                           "rotation.elements[2]",
                                           "rotation.elements[3]",
                                           "rotation.elements[4]",
                                           "rotation.elements[5]",
                                           "rotation.elements[6]",
                                           "rotation.elements[7]",
                                           "rotation.elements[8]"};
  static np::OBB decode(const double* p) {
    return {{p[0], p[1], p[2]},
            {p[3], p[4], p[5]},
            {{p[6], p[7], p[8]}, {p[9], p[10], p[11]}, {p[12], p[13], p[14]}}};
  }
};
template <>
struct Arg<kinds::ray> {
  static constexpr const char* kind = "ray";
  static constexpr const char* fields[] = {"origin.x",    "origin.y",
                                           "origin.z",    "direction.x",
                                           "direction.y", "direction.z"};
  static np::Ray decode(const double* p) {
    return {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}};
  }
};
template <>
struct Arg<kinds::segment> {
  static constexpr const char* kind = "segment";
  static constexpr const char* fields[] = {"start.x", "start.y", "start.z",
                                           "end.x",   "end.y",   "end.z"};
  static np::Segment decode(const double* p) {
    return {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}};
  }
};
template <>
struct Arg<kinds::capsule> {
  static constexpr const char* kind = "capsule";
  static constexpr const char* fields[] = {
      "start.x", "start.y", "start.z", "end.x", "end.y", "end.z", "radius"};
  static np::Capsule decode(const double* p) {
    return {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}, p[6]};
  }
};
template <>
struct Arg<kinds::triangle> {
  static constexpr const char* kind = "triangle";
  static constexpr const char* fields[] = {"a.x", "a.y", "a.z", "b.x", "b.y",
                                           "b.z", "c.x", "c.y", "c.z"};
  static np::Triangle decode(const double* p) {
    return {{p[0], p[1], p[2]}, {p[3], p[4], p[5]}, {p[6], p[7], p[8]}};
  }
};
template <>
struct Arg<kinds::plane> {
  static constexpr const char* kind = "plane";
  static constexpr const char* fields[] = {"normal.x", "normal.y", "normal.z",
                                           "constant"};
  static np::Plane decode(const double* p) {
    return {{p[0], p[1], p[2]}, p[3]};
  }
};
template <>
struct Arg<kinds::radius> {
  static constexpr const char* kind = "radius";
  static constexpr const char* fields[] = {""};
  static double decode(const double* p) { return p[0]; }
};
template <>
struct Arg<kinds::maxDistance> {
  static constexpr const char* kind = "maxDistance";
  static constexpr const char* fields[] = {""};
  static double decode(const double* p) { return p[0]; }
};
template <class K>
constexpr int arg_size() {
  return static_cast<int>(sizeof(Arg<K>::fields) / sizeof(Arg<K>::fields[0]));
}

np::Validity check(Vec3 v) { return np::validate(v); }
np::Validity check(const np::AABB& v) { return np::validate(v); }
np::Validity check(const np::Sphere& v) { return np::validate(v); }
np::Validity check(const np::OBB& v) { return np::validate(v); }
np::Validity check(const np::Ray& v) { return np::validate(v); }
np::Validity check(const np::Segment& v) { return np::validate(v); }
np::Validity check(const np::Capsule& v) { return np::validate(v); }
np::Validity check(const np::Triangle& v) { return np::validate(v); }
np::Validity check(const np::Plane& v) { return np::validate(v); }
template <class K>
np::Validity check_arg(double v) {
  return std::is_same_v<K, kinds::maxDistance> ? np::validate_max_distance(v)
                                               : np::validate_radius(v);
}
template <class K, class V>
np::Validity check_arg(const V& v) {
  return check(v);
}

const char* const kProblemNames[] = {
#define NP_PROBLEM_NAME(name, js) js,
    NP_PROBLEMS(NP_PROBLEM_NAME)
#undef NP_PROBLEM_NAME
};

/// A small JSON writer: the text of one case. Values after the first of an
/// object or array get a comma.
class Json {
 public:
  std::string text;
  /// A value written as it is (true, null, a number's text).
  void raw(const std::string& s) {
    separate();
    text += s;
    comma_ = true;
  }
  void string(const std::string& s) { raw('"' + s + '"'); }
  void key(const std::string& k) {
    separate();
    text += '"' + k + "\": ";
    comma_ = false;
  }
  void open(char bracket = '{') {
    separate();
    text += bracket;
    comma_ = false;
  }
  void close(char bracket = '}') {
    text += bracket;
    comma_ = true;
  }
  void number(double v) {
    if (std::isnan(v)) return string("NaN");
    if (std::isinf(v)) return string(v > 0 ? "Infinity" : "-Infinity");
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g",
                  v);  // round-trips exactly; -0.0 prints as "-0"
    raw(buf);
  }
  void vec3(Vec3 v) {
    open();
    key("x"), number(v.x), key("y"), number(v.y), key("z"), number(v.z);
    close();
  }
  /// The numbers p[0..n) as an object by dotted field names ("min.x",
  /// "rotation.elements[3]").
  void fields(const char* const* names, const double* p, int n) {
    std::string
        open_object;  // the dotted prefix currently open ("min", "rotation")
    open();
    for (int i = 0; i < n; ++i) {
      const std::string name = names[i];
      const std::size_t dot = name.find('.');
      const std::string prefix =
          dot == std::string::npos ? "" : name.substr(0, dot);
      const std::string leaf =
          dot == std::string::npos ? name : name.substr(dot + 1);
      if (prefix != open_object) {
        if (!open_object.empty()) close();
        if (!prefix.empty()) key(prefix), open();
        open_object = prefix;
      }
      if (leaf.rfind("elements[", 0) == 0) {  // rotation.elements[k]: an array
        if (leaf == "elements[0]") key("elements"), open('[');
        number(p[i]);
        if (leaf == "elements[8]") close(']');
        continue;
      }
      key(leaf);
      number(p[i]);
    }
    if (!open_object.empty()) close();
    close();
  }

 private:
  void separate() {
    if (comma_) text += ", ";
  }
  bool comma_ = false;
};

/// Calls the core function of result R and writes the result as the JS API
/// returns it. Returns whether the result is "positive" (true, a hit, an axis)
/// for the tallies.
template <class R>
struct Result;
template <>
struct Result<kinds::point> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    j.vec3(fn(v...));
    return false;
  }
};
template <>
struct Result<kinds::distance> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    j.number(fn(v...));
    return false;
  }
};
template <>
struct Result<kinds::signedDistance> : Result<kinds::distance> {};
template <>
struct Result<kinds::boolean> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    const bool b = fn(v...);
    j.raw(b ? "true" : "false");
    return b;
  }
};
template <>
struct Result<kinds::axis> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    const std::optional<int> a = fn(v...);
    j.raw(a ? std::to_string(*a) : "null");
    return a.has_value();
  }
};
template <>
struct Result<kinds::rayHit> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    np::RayHit h;
    if (!fn(v..., &h)) return j.raw("null"), false;
    j.open();
    j.key("distance"), j.number(h.distance), j.key("point"), j.vec3(h.point),
        j.key("normal"), j.vec3(h.normal);
    j.close();
    return true;
  }
};
template <>
struct Result<kinds::shapeCastHit> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    np::ShapeCastHit h;
    if (!fn(v..., &h)) return j.raw("null"), false;
    j.open();
    j.key("distance"), j.number(h.distance), j.key("fraction"),
        j.number(h.fraction);
    j.key("center"), j.vec3(h.center), j.key("point"), j.vec3(h.point),
        j.key("normal"), j.vec3(h.normal);
    j.key("startedOverlapping"),
        j.raw(h.started_overlapping ? "true" : "false");
    j.close();
    return true;
  }
};

template <>
struct Result<kinds::closestPoints> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    const np::SegmentClosestPoints c = fn(v...);
    j.open();
    j.key("distance"), j.number(c.distance), j.key("pointA"), j.vec3(c.point_a),
        j.key("pointB"), j.vec3(c.point_b);
    j.close();
    return c.distance == 0.0;
  }
};

template <>
struct Result<kinds::contactHit> {
  template <class F, class... V>
  static bool write(Json& j, F fn, const V&... v) {
    np::ContactHit h;
    if (!fn(v..., &h)) return j.raw("null"), false;
    j.open();
    j.key("depth"), j.number(h.depth), j.key("normal"), j.vec3(h.normal);
    j.key("pointA"), j.vec3(h.point_a), j.key("pointB"), j.vec3(h.point_b);
    j.close();
    return true;
  }
};

/// What a case came to, for the tallies.
enum class Outcome { kError, kPositive, kOther };

/// One query: its JS name, argument names, and how to record a case of it from
/// its argument numbers.
struct Query {
  const char* name;
  std::vector<std::string> args;
  std::vector<std::string> kinds;  // the argument kinds of queries.def
  int inputs;
  Outcome (*record)(const std::vector<std::string>& names, const double* in,
                    Json& j);
};

template <class R, class... K, std::size_t... I>
Outcome record_case(typename R::template Fn<np::flat::Param<K>...> fn,
                    const std::vector<std::string>& names, const double* in,
                    Json& j, std::index_sequence<I...>) {
  int at[sizeof...(K) + 1] = {0};
  const int sizes[] = {arg_size<K>()...};
  for (std::size_t i = 0; i < sizeof...(K); ++i) at[i + 1] = at[i] + sizes[i];
  // The arguments by name.
  j.key("args"), j.open();
  ((j.key(names[I].c_str()),
    arg_size<K>() == 1 ? j.number(in[at[I]])
                       : j.fields(Arg<K>::fields, in + at[I], arg_size<K>())),
   ...);
  j.close();
  // The first invalid argument, in order, is the error; otherwise the result.
  const char* bad_arg = nullptr;
  np::Validity bad = np::kValid;
  const char* const* bad_fields = nullptr;
  ((bad_arg == nullptr && !(bad = check_arg<K>(Arg<K>::decode(in + at[I]))).ok()
        ? (bad_arg = names[I].c_str(), bad_fields = Arg<K>::fields, 0)
        : 0),
   ...);
  if (bad_arg != nullptr) {
    j.key("error"), j.open();
    j.key("argument"), j.string(bad_arg), j.key("field"),
        j.string(bad_fields[bad.component]);
    j.key("problem"), j.string(kProblemNames[static_cast<int>(bad.problem)]);
    j.close();
    return Outcome::kError;
  }
  j.key("result");
  return Result<R>::write(j, fn, Arg<K>::decode(in + at[I])...)
             ? Outcome::kPositive
             : Outcome::kOther;
}

template <class R, class... K>
Query make_query(const char* name, const char* names,
                 typename R::template Fn<np::flat::Param<K>...> fn) {
  static typename R::template Fn<np::flat::Param<K>...>
      the_fn;  // one per instantiation: one per query line
  the_fn = fn;
  std::vector<std::string> args;
  for (std::string rest = names; !rest.empty();) {
    const std::size_t comma = rest.find(", ");
    args.push_back(rest.substr(0, comma));
    rest = comma == std::string::npos ? "" : rest.substr(comma + 2);
  }
  return Query{
      name,
      args,
      {Arg<K>::kind...},
      (arg_size<K>() + ...),
      [](const std::vector<std::string>& n, const double* in, Json& j) {
        return record_case<R, K...>(the_fn, n, in, j,
                                    std::index_sequence_for<K...>{});
      }};
}

const std::vector<Query>& queries() {
  using namespace np::flat::kinds;
  static const std::vector<Query> all = {
#define NP_QUERY(js, fn, result, names, ...) \
  make_query<result, __VA_ARGS__>(#js, names, np::fn),
#include "narrowphase/queries.def"
#undef NP_QUERY
  };
  return all;
}

const Query& query(const char* name) {
  for (const Query& q : queries()) {
    if (std::string(q.name) == name) return q;
  }
  std::fprintf(stderr, "narrowphase_corpus: no query %s in queries.def\n",
               name);
  std::exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// The JSON file.

class Corpus {
 public:
  explicit Corpus(std::FILE* file) : file_(file) {}

  void begin() {
    std::fprintf(file_,
                 "{\n\"format\": \"narrowphase-corpus-2\",\n\"generator\": "
                 "\"tests/cpp/corpus_main.cpp\",\n");
    std::fprintf(file_, "\"seed\": \"0x%016llx\",\n\"cases\": [\n",
                 static_cast<unsigned long long>(kSeed));
  }

  /// Records one case of `q` with the argument numbers `in` (in the order of
  /// its argument kinds).
  void record(const Query& q, const Input& in) {
    if (static_cast<int>(in.size()) != q.inputs) {
      std::fprintf(stderr,
                   "narrowphase_corpus: %s got %zu inputs, expected %d\n",
                   q.name, in.size(), q.inputs);
      std::exit(2);
    }
    Json j;
    j.open();
    j.key("query"), j.string(q.name);
    const Outcome outcome = q.record(q.args, in.data(), j);
    j.close();
    std::fprintf(file_, "%s%s", count_ == 0 ? "" : ",\n", j.text.c_str());
    ++count_;
    Tally& t = tally(q);
    ++t.cases;
    if (outcome == Outcome::kError) ++t.errors;
    if (outcome == Outcome::kPositive) ++t.positive;
  }

  /// Writes the tallies; fails (returns false) when a query of queries.def has
  /// fewer than `minimum` cases.
  bool end(int minimum) {
    bool complete = true;
    std::fputs("\n],\n\"queries\": {\n", file_);
    bool first = true;
    for (const Query& q : queries()) {
      const Tally& t = tally(q);
      std::fprintf(file_,
                   "%s\"%s\": {\"inputs\": %d, \"cases\": %d, \"errors\": %d, "
                   "\"positive\": %d}",
                   first ? "" : ",\n", q.name, q.inputs, t.cases, t.errors,
                   t.positive);
      first = false;
      std::fprintf(stderr,
                   "%-22s %5d cases, %4d errors, %5d true / hit / separated\n",
                   q.name, t.cases, t.errors, t.positive);
      if (t.cases < minimum) {
        std::fprintf(stderr,
                     "narrowphase_corpus: %s (queries.def) has %d cases, at "
                     "least %d needed: give it cases in "
                     "tests/cpp/corpus_main.cpp\n",
                     q.name, t.cases, minimum);
        complete = false;
      }
    }
    std::fputs("\n},\n\"batch\": [\n", file_);
    std::fputs(batch_.c_str(), file_);
    std::fputs("\n]\n}\n", file_);
    return complete;
  }

  /// Records one batch case (narrowphase/batch.h): its inputs, as the float32
  /// numbers they are, and its answers or the index of its first invalid
  /// element.
  void record_batch(const std::string& text) {
    batch_ += (batch_.empty() ? "" : ",\n") + text;
  }

 private:
  struct Tally {
    const Query* q;
    int cases = 0, errors = 0, positive = 0;
  };

  Tally& tally(const Query& q) {
    for (Tally& t : tallies_) {
      if (t.q == &q) return t;
    }
    tallies_.push_back(Tally{&q});
    return tallies_.back();
  }

  std::FILE* file_;
  int count_ = 0;
  std::vector<Tally> tallies_;
  std::string batch_;
};

// ---------------------------------------------------------------------------------------------------------
// Shape helpers.

struct Box {
  V3 min, max;
};

void push(Input& in, const V3& v) { in.insert(in.end(), v.begin(), v.end()); }
void push(Input& in, const Box& b) {
  push(in, b.min);
  push(in, b.max);
}

V3 add(const V3& a, const V3& b) {
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
V3 sub(const V3& a, const V3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
V3 scale(const V3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
double dot3(const V3& a, const V3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

V3 random_vec(Rng& r, double s) {
  return {r.symmetric() * s, r.symmetric() * s, r.symmetric() * s};
}

/// A box centered within `offset` of the origin with half extents up to `size`;
/// now and then an axis is flat.
Box random_box(Rng& r, double offset, double size) {
  Box b;
  for (int i = 0; i < 3; ++i) {
    const double c = r.symmetric() * offset;
    const double h = r.chance(0.05) ? 0.0 : r.unit() * size;
    b.min[i] = c - h;  // rounding is monotonic, so min <= c <= max
    b.max[i] = c + h;
  }
  return b;
}

/// A random box at a random scale: offsets 1e-6..1e6, sizes 1e-6..1e6 (tiny
/// boxes far away included).
Box random_scaled_box(Rng& r) {
  // Draws go into named locals, in reading order: the order in which a compiler
  // evaluates function arguments (or the operands of * and +) is unspecified,
  // and g++ and clang wrote different corpora from one seed.
  const double offset = r.decade(-6, 6);
  const double size = r.decade(-6, 6);
  return random_box(r, offset, size);
}

double box_size(const Box& b) {
  double s = 0.0;
  for (int i = 0; i < 3; ++i) s = std::fmax(s, b.max[i] - b.min[i]);
  return s > 0.0 ? s : 1e-6;
}

/// One coordinate relative to the slab [lo, hi]: on either face, inside, or
/// outside by up to `spread`.
double coord_near(Rng& r, double lo, double hi, double spread) {
  switch (r.below(7)) {
    case 0:
      return lo;
    case 1:
      return hi;
    case 2:
    case 3:
      return lo + (hi - lo) * r.unit();
    case 4:
      return lo - r.unit() * spread;
    case 5:
      return hi + r.unit() * spread;
    default:
      return (lo + hi) * 0.5;
  }
}

V3 point_near(Rng& r, const Box& b, double spread) {
  return {coord_near(r, b.min[0], b.max[0], spread),
          coord_near(r, b.min[1], b.max[1], spread),
          coord_near(r, b.min[2], b.max[2], spread)};
}

/// A point of the closed box: inside, or on a face, edge or corner.
V3 point_in(Rng& r, const Box& b) {
  V3 p;
  for (int i = 0; i < 3; ++i) {
    const int k = r.below(4);
    p[i] = k == 0 ? b.min[i]
                  : (k == 1 ? b.max[i]
                            : b.min[i] + (b.max[i] - b.min[i]) * r.unit());
    if (p[i] > b.max[i]) p[i] = b.max[i];
  }
  return p;
}

/// Makes the box at in[offset..offset + 5] inverted on one axis (min > max).
void invert_box(Rng& r, Input& in, int offset) {
  const int axis = r.below(3);
  double& lo = in[static_cast<std::size_t>(offset + axis)];
  double& hi = in[static_cast<std::size_t>(offset + 3 + axis)];
  if (lo < hi) {
    std::swap(lo, hi);
  } else {
    lo = hi + std::fmax(std::fabs(hi) * 1e-3, 1e-3);
  }
}

/// Replaces one input number in [first, last) by NaN or an infinity.
void corrupt(Rng& r, Input& in, int first, int last) {
  // C++17 evaluates the right side of an assignment first; the locals keep that
  // order, spelled out.
  const double value = r.non_finite();
  in[static_cast<std::size_t>(r.between(first, last - 1))] = value;
}

// ---------------------------------------------------------------------------------------------------------
// Rotations (column-major 3x3: the columns are the box's local axes).

using Mat3 = std::array<double, 9>;

const Mat3 kIdentity{1, 0, 0, 0, 1, 0, 0, 0, 1};

/// The rotation of a unit quaternion (w, x, y, z), column-major.
Mat3 from_quaternion(double w, double x, double y, double z) {
  return {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
          2 * (x * z - w * y),     2 * (x * y - w * z),
          1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
          2 * (x * z + w * y),     2 * (y * z - w * x),
          1 - 2 * (x * x + y * y)};
}

/// A random rotation: a random quaternion, normalized.
Mat3 random_rotation(Rng& r) {
  for (;;) {
    const double w = r.symmetric(), x = r.symmetric(), y = r.symmetric(),
                 z = r.symmetric();
    const double n2 = w * w + x * x + y * y + z * z;
    if (n2 < 0.01 || n2 > 1.0) continue;
    const double n = std::sqrt(n2);
    return from_quaternion(w / n, x / n, y / n, z / n);
  }
}

/// A rotation by `angle` about a random unit axis.
Mat3 axis_angle(Rng& r, double angle) {
  V3 axis;
  double n2;
  do {
    axis = random_vec(r, 1.0);
    n2 = dot3(axis, axis);
  } while (n2 < 0.01 || n2 > 1.0);
  axis = scale(axis, 1.0 / std::sqrt(n2));
  const double s = std::sin(angle / 2);
  return from_quaternion(std::cos(angle / 2), axis[0] * s, axis[1] * s,
                         axis[2] * s);
}

Mat3 multiply(const Mat3& a, const Mat3& b) {
  Mat3 m{};
  for (int col = 0; col < 3; ++col) {
    for (int row = 0; row < 3; ++row) {
      double s = 0;
      for (int k = 0; k < 3; ++k) s += a[k * 3 + row] * b[col * 3 + k];
      m[col * 3 + row] = s;
    }
  }
  return m;
}

/// The identity with its columns permuted and sign-flipped at random (an exact
/// rotation or reflection).
Mat3 signed_permutation(Rng& r) {
  static const int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const int* p = kPerms[r.below(6)];
  Mat3 m{};
  for (int col = 0; col < 3; ++col)
    m[col * 3 + p[col]] = r.chance(0.5) ? 1.0 : -1.0;
  return m;
}

/// Each element rounded to float, as a rotation that came from three.js float
/// data would be (valid).
Mat3 rounded_to_float(Mat3 m) {
  for (double& e : m) e = static_cast<double>(static_cast<float>(e));
  return m;
}

/// A rotation of some kind: identity, signed permutation, random, or random
/// rounded to float.
Mat3 some_rotation(Rng& r) {
  switch (r.below(5)) {
    case 0:
      return kIdentity;
    case 1:
      return signed_permutation(r);
    case 2:
      return rounded_to_float(random_rotation(r));
    default:
      return random_rotation(r);
  }
}

V3 column(const Mat3& m, int c) {
  return {m[c * 3], m[c * 3 + 1], m[c * 3 + 2]};
}

void push_obb(Input& in, const V3& center, const V3& half, const Mat3& rot) {
  push(in, center);
  push(in, half);
  in.insert(in.end(), rot.begin(), rot.end());
}

/// The OBB's extent along unit direction u: sum_i half_i |axis_i . u|.
double obb_radius(const V3& half, const Mat3& rot, const V3& u) {
  double s = 0;
  for (int i = 0; i < 3; ++i) s += half[i] * std::fabs(dot3(column(rot, i), u));
  return s;
}

V3 random_unit(Rng& r) {
  for (;;) {
    const V3 v = random_vec(r, 1.0);
    const double n2 = dot3(v, v);
    if (n2 >= 0.01 && n2 <= 1.0) return scale(v, 1.0 / std::sqrt(n2));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Case generators, one per input layout.

/// closestPointOnAABB and distancePointAABB: point[3], box[6].
void point_box_cases(Rng& r, Corpus& corpus, const Query& fn) {
  int n = 0;
  // Exact: every point of a grid (with -0) against the cube [-1, 1]^3 and a
  // flat box, scaled by a power of two and shifted by a multiple of it, so
  // every coordinate is exact.
  static const double kGrid[8] = {-2, -1, -0.5, -0.0, 0, 0.5, 1, 2};
  const Box cube{{-1, -1, -1}, {1, 1, 1}};
  const Box flat{{-1, 0, -1}, {1, 0, 1}};
  for (const Box* b : {&cube, &flat}) {
    for (double x : kGrid) {
      for (double y : kGrid) {
        for (double z : kGrid) {
          const double s = r.chance(0.5) ? 1.0 : r.pow2(-20, 20);
          const V3 shift = r.chance(0.5)
                               ? V3{0, 0, 0}
                               : scale(V3{double(r.between(-99, 99)), 0.0,
                                          double(r.between(-99, 99))},
                                       s);
          Input in;
          push(in, add(scale(V3{x, y, z}, s), shift));
          push(in,
               Box{add(scale(b->min, s), shift), add(scale(b->max, s), shift)});
          corpus.record(fn, in);
          ++n;
        }
      }
    }
  }
  for (; n < kCasesPerFunction; ++n) {
    Input in;
    const int kind = r.below(20);
    if (kind < 13) {
      // Random box at a random scale and a point inside, on, or near it.
      const Box b = random_scaled_box(r);
      push(in, point_near(r, b, box_size(b) * r.decade(-3, 3)));
      push(in, b);
    } else if (kind < 15) {
      // A point box (min == max) or a box flat on two axes.
      const V3 c = random_vec(r, r.decade(-6, 6));
      Box b{c, c};
      if (kind == 14) {
        const double grow = r.decade(
            -6,
            6);  // (drawn first: C++17 evaluates the right side of += first)
        b.max[r.below(3)] += grow;
      }
      push(in, random_vec(r, r.decade(-6, 6)));
      push(in, b);
    } else if (kind < 17) {
      // A far point and a tiny box, or the other way round.
      const Box b =
          kind == 15 ? random_box(r, 1e6, 1e-6) : random_box(r, 1e-6, 1e-6);
      push(in, kind == 15 ? random_vec(r, 1e-6) : random_vec(r, 1e6));
      push(in, b);
    } else {
      // Invalid: a non-finite number anywhere, or an inverted box.
      const Box b = random_scaled_box(r);
      push(in, point_near(r, b, box_size(b)));
      push(in, b);
      if (kind == 17)
        invert_box(r, in, 3);
      else
        corrupt(r, in, 0, 9);
    }
    corpus.record(fn, in);
  }
}

/// overlapSphereAABB: sphere[4] (center, radius), box[6].
void sphere_box_cases(Rng& r, Corpus& corpus) {
  const Query& fn = query("overlapSphereAABB");
  int n = 0;
  // Exact touching configurations: from each face, edge and corner of the cube
  // [-1, 1]^3, the center is offset along a Pythagorean triple (5), (3, 4), (2,
  // 3, 6) so that the squared distance is exactly the squared radius; the
  // radius is that, or one ulp below or above. Scaled by powers of two and
  // shifted exactly.
  for (int rep = 0; rep < 4; ++rep) {
    for (int sx = -1; sx <= 1; ++sx) {
      for (int sy = -1; sy <= 1; ++sy) {
        for (int sz = -1; sz <= 1; ++sz) {
          const int sign[3] = {sx, sy, sz};
          const int nonzero = (sx != 0) + (sy != 0) + (sz != 0);
          if (nonzero == 0) continue;
          static const double kTriples[4][3] = {
              {0, 0, 0}, {5, 0, 0}, {3, 4, 0}, {2, 3, 6}};
          static const double kRadius[4] = {0, 5, 5, 7};
          const double s = rep == 0 ? 1.0 : r.pow2(-20, 20);
          const double shift = rep < 2 ? 0.0 : s * r.between(-1000, 1000);
          for (int which = 0; which < 3; ++which) {
            V3 c{0, 0, 0};
            for (int i = 0, k = 0; i < 3; ++i) {
              if (sign[i] != 0) c[i] = sign[i] * (1 + kTriples[nonzero][k++]);
            }
            double radius = kRadius[nonzero] * s;
            if (which == 1) radius = std::nextafter(radius, 0.0);
            if (which == 2) radius = std::nextafter(radius, kInf);
            Input in;
            push(in, add(scale(c, s), V3{shift, shift, shift}));
            in.push_back(radius);
            push(in, Box{{-s + shift, -s + shift, -s + shift},
                         {s + shift, s + shift, s + shift}});
            corpus.record(fn, in);
            ++n;
          }
        }
      }
    }
  }
  for (; n < kCasesPerFunction; ++n) {
    Input in;
    const int kind = r.below(20);
    const Box b = random_scaled_box(r);
    const double size = box_size(b);
    if (kind < 12) {
      // Random: a center near the box and a radius at the box's scale or
      // another.
      push(in, point_near(r, b, size * r.decade(-2, 2)));
      const double unit = r.unit();
      in.push_back(unit * size * r.decade(-3, 3));
    } else if (kind < 14) {
      // Radius 0 (or -0, which is not negative): a point-in-closed-box test.
      push(in, r.chance(0.5) ? point_in(r, b) : point_near(r, b, size));
      in.push_back(kind == 12 ? 0.0 : -0.0);
    } else if (kind < 16) {
      // The radius exactly equal to the computed distance from the center to
      // the box.
      const V3 c = point_near(r, b, size);
      double d2 = 0;
      for (int i = 0; i < 3; ++i) {
        const double e = c[i] < b.min[i]
                             ? b.min[i] - c[i]
                             : (c[i] > b.max[i] ? c[i] - b.max[i] : 0.0);
        d2 += e * e;
      }
      push(in, c);
      in.push_back(std::sqrt(d2));
    } else {
      push(in, point_near(r, b, size));
      in.push_back(r.unit() * size);
    }
    push(in, b);
    if (kind == 16)
      in[3] = -(r.chance(0.2) ? std::numeric_limits<double>::denorm_min()
                              : r.unit() * size + 1e-9);
    if (kind == 17) invert_box(r, in, 4);
    if (kind >= 18) corrupt(r, in, 0, 10);
    corpus.record(fn, in);
  }
}

/// linecastAABB: start[3], end[3], box[6].
void linecast_cases(Rng& r, Corpus& corpus) {
  const Query& fn = query("linecastAABB");
  int n = 0;
  // Exact axis-aligned segments against the cube [-1, 1]^3 along each axis and
  // direction, beside, grazing (on a face plane or an edge line), through,
  // ending on the near face, ending short, and -0 components.
  static const double kSide[6] = {-2, -1, -0.5, -0.0, 0, 1};
  static const double kEnd[5] = {3, 1, 0.5, -1,
                                 -3};  // as seen from the start at -3 * sign
  const Box cube{{-1, -1, -1}, {1, 1, 1}};
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      for (double u : kSide) {
        for (double v : kSide) {
          for (double e : kEnd) {
            V3 start{u, u, u}, end{u, u, u};
            start[(axis + 1) % 3] = u, start[(axis + 2) % 3] = v;
            // end - start has a -0 component where the start is +0 and the end
            // -0.
            end[(axis + 1) % 3] = u == 0.0 ? -u : u, end[(axis + 2) % 3] = v;
            start[axis] = -3 * sign;
            end[axis] = -e * sign;  // e = 1: ends exactly on the near face
            Input in;
            push(in, start);
            push(in, end);
            push(in, cube);
            corpus.record(fn, in);
            ++n;
          }
        }
      }
    }
  }
  // Zero-length segments at grid points: inside (nearest-face ties), on faces,
  // edges, corners, outside.
  static const double kPoint[6] = {-2, -1, -0.0, 0.25, 1, 2};
  for (double x : kPoint) {
    for (double y : kPoint) {
      for (double z : kPoint) {
        Input in;
        push(in, V3{x, y, z});
        push(in, V3{x, y, z});
        push(in, cube);
        corpus.record(fn, in);
        ++n;
      }
    }
  }
  for (; n < kCasesPerFunction; ++n) {
    Input in;
    const int kind = r.below(20);
    const Box b = random_scaled_box(r);
    const double size = box_size(b);
    if (kind < 10) {
      // From a point near the box toward a point of the closed box (grazing
      // faces, edges and corners), ending short of it, on it or beyond.
      const V3 start = point_near(r, b, size * r.decade(-2, 3));
      const V3 aim = point_in(r, b);
      static const double kReach[5] = {0.25, 0.5, 1.0, 1.5, 4.0};
      push(in, start);
      push(in, add(start, scale(sub(aim, start), kReach[r.below(5)])));
    } else if (kind < 13) {
      // Random segments near the box.
      push(in, point_near(r, b, size * 4));
      push(in, point_near(r, b, size * 4));
    } else if (kind < 15) {
      // Zero length, at a random point near or in the box.
      const V3 p = r.chance(0.5) ? point_in(r, b) : point_near(r, b, size);
      push(in, p);
      push(in, p);
    } else if (kind < 17) {
      // Axis-aligned at a random scale: two coordinates shared, possibly on a
      // face plane.
      V3 start = point_near(r, b, size * 2), end = start;
      const int axis = r.below(3);
      end[axis] = coord_near(r, b.min[axis], b.max[axis], size * 3);
      if (r.chance(0.3))
        start[(axis + 1) % 3] = 0.0,
                           end[(axis + 1) % 3] = -0.0;  // a -0 component
      push(in, start);
      push(in, end);
    } else {
      push(in, point_near(r, b, size * 2));
      push(in, point_near(r, b, size * 2));
    }
    push(in, b);
    if (kind == 17) invert_box(r, in, 6);
    if (kind >= 18) corrupt(r, in, 0, 12);
    corpus.record(fn, in);
  }
}

/// raycastAABB: origin[3], direction[3], box[6], max distance[1].
void raycast_cases(Rng& r, Corpus& corpus) {
  const Query& fn = query("raycastAABB");
  int n = 0;
  // Exact axis-aligned rays against the cube [-1, 1]^3: from outside toward it
  // and away from it, from inside, from a face outward, lying in a face plane,
  // with +0 and -0 in the other direction components, and max distances before,
  // at and beyond the entry.
  static const double kSide[5] = {-2, -1, -0.0, 0.5, 1};
  static const double kStart[5] = {-3, -1, -0.5, 1, 3};
  static const double kMax[5] = {kInf, 0, 1.5, 2, 10};
  const Box cube{{-1, -1, -1}, {1, 1, 1}};
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      for (double u : kSide) {
        for (double s : kStart) {
          for (double m : kMax) {
            V3 origin{u, u, u},
                dir{r.chance(0.5) ? 0.0 : -0.0, r.chance(0.5) ? 0.0 : -0.0,
                    r.chance(0.5) ? 0.0 : -0.0};
            origin[axis] = s;
            origin[(axis + 2) % 3] = kSide[r.below(5)];
            dir[axis] = sign * r.decade(-6, 6);
            Input in;
            push(in, origin);
            push(in, dir);
            push(in, cube);
            in.push_back(m);
            corpus.record(fn, in);
            ++n;
          }
        }
      }
    }
  }
  for (; n < kCasesPerFunction; ++n) {
    Input in;
    const int kind = r.below(24);
    const Box b = random_scaled_box(r);
    const double size = box_size(b);
    const double d_scale = r.decade(-6, 6);
    if (kind < 12) {
      // From a point near the box (or inside it) toward a point of the closed
      // box, or away from it.
      const V3 origin = point_near(r, b, size * r.decade(-2, 3));
      V3 dir = sub(point_in(r, b), origin);
      if (dot3(dir, dir) == 0.0) dir = random_vec(r, 1.0);
      if (kind == 11) dir = scale(dir, -1.0);
      const double len = std::sqrt(dot3(dir, dir));
      push(in, origin);
      push(in, scale(dir, d_scale / len));
    } else if (kind < 15) {
      // A random direction with zero (+0 or -0) components, often from a face
      // plane.
      V3 origin = point_near(r, b, size * 2), dir = random_vec(r, d_scale);
      for (int i = 0; i < 3; ++i) {
        if (r.chance(0.4)) dir[i] = r.chance(0.5) ? 0.0 : -0.0;
      }
      if (dir[0] == 0.0 && dir[1] == 0.0 && dir[2] == 0.0)
        dir[r.below(3)] = d_scale;
      push(in, origin);
      push(in, dir);
    } else if (kind < 17) {
      // Random rays near the box.
      push(in, point_near(r, b, size * 4));
      push(in, random_vec(r, d_scale));
      if (in[3] == 0.0 && in[4] == 0.0 && in[5] == 0.0) in[3] = 1.0;
    } else {
      push(in, point_near(r, b, size * 2));
      push(in, random_vec(r, d_scale));
      if (in[3] == 0.0 && in[4] == 0.0 && in[5] == 0.0) in[3] = 1.0;
    }
    push(in, b);
    // Max distance: infinite, random, 0, or exactly the hit distance (and one
    // ulp less).
    const int max_kind = r.below(6);
    double max_distance = kInf;
    if (max_kind == 1) max_distance = r.unit() * size * 4;
    if (max_kind == 2) max_distance = 0.0;
    if (max_kind >= 3) {
      np::RayHit hit;
      if (np::raycast_aabb(Arg<kinds::ray>::decode(&in[0]),
                           Arg<kinds::aabb>::decode(&in[6]), kInf, &hit)) {
        max_distance =
            max_kind == 5 ? std::nextafter(hit.distance, 0.0) : hit.distance;
      }
    }
    in.push_back(max_distance);
    // Invalid: a non-finite number, an inverted box, a zero direction (-0 too,
    // or one whose square underflows), a negative or NaN max distance.
    if (kind == 17) corrupt(r, in, 0, 12);
    if (kind == 18) invert_box(r, in, 6);
    if (kind == 19) {
      for (int i = 3; i < 6; ++i)
        in[static_cast<std::size_t>(i)] = r.chance(0.5) ? 0.0 : -0.0;
    }
    if (kind == 20) {
      for (int i = 3; i < 6; ++i)
        in[static_cast<std::size_t>(i)] = r.symmetric() * 1e-170;
    }
    if (kind == 21)
      in[12] = r.chance(0.3)
                   ? -kInf
                   : (r.chance(0.5) ? kNaN : -r.unit() * size - 1e-300);
    if (kind == 22) in[12] = -0.0;  // not negative: a valid max distance of 0
    corpus.record(fn, in);
  }
}

/// overlapOBBOBB and separatingAxisOBBOBB: a[15], b[15] (center, half size,
/// rotation column-major).
void obb_cases(Rng& r, Corpus& corpus, const Query& fn) {
  int n = 0;
  // Exact AABB-like pairs: the unit cube at the origin and a box with identity
  // or signed-permutation rotation centered on a half-integer grid, so that
  // faces, edges and corners touch exactly.
  for (int x = -3; x <= 3; ++x) {
    for (int y = -3; y <= 3; ++y) {
      for (int z = -3; z <= 3; ++z) {
        const double s = r.chance(0.5) ? 1.0 : r.pow2(-20, 20);
        Input in;
        push_obb(in, V3{0, 0, 0}, V3{s, s, s},
                 r.chance(0.5) ? kIdentity : signed_permutation(r));
        const V3 half = r.chance(0.5) ? V3{s, s, s} : V3{s / 2, s, 0};
        push_obb(in, scale(V3{double(x), double(y), double(z)}, s * 0.75), half,
                 r.chance(0.5) ? kIdentity : signed_permutation(r));
        corpus.record(fn, in);
        ++n;
      }
    }
  }
  // Centers a few 2^-1074 apart, sizes subnormal or ordinary: the edge axes
  // decided in both boxes' frames and subnormal boxes scaled up first
  // (overlap.cpp).
  const double kMin = std::numeric_limits<double>::denorm_min();
  for (int k = 0; k < 64; ++k, ++n) {
    const double h = r.chance(0.5) ? r.pow2(-1074, -1000) : r.pow2(-4, 4);
    const Mat3 ra = some_rotation(r), rb = some_rotation(r);
    const V3 ha{r.unit() * h, r.unit() * h, r.chance(0.3) ? 0.0 : r.unit() * h};
    const V3 hb{r.unit() * h, r.chance(0.3) ? 0.0 : r.unit() * h, r.unit() * h};
    const V3 cb{r.between(-4, 4) * kMin, r.between(-4, 4) * kMin,
                r.between(-4, 4) * kMin};
    Input in;
    push_obb(in, V3{0, 0, 0}, ha, ra);
    push_obb(in, cb, hb, rb);
    corpus.record(fn, in);
  }
  for (; n < kCasesPerFunction; ++n) {
    Input in;
    const int kind = r.below(20);
    const double offset = r.decade(-6, 6);
    const double size = r.decade(-6, 6);
    const V3 ca = random_vec(r, offset);
    const V3 ha{r.unit() * size, r.unit() * size, r.unit() * size};
    const Mat3 ra = some_rotation(r);
    V3 hb{r.unit() * size, r.unit() * size, r.unit() * size};
    Mat3 rb = some_rotation(r);
    if (kind == 10) hb = V3{0, 0, 0};      // a point
    if (kind == 11) hb[r.below(3)] = 0.0;  // a plate
    if (kind == 12 || kind == 13) {
      // Nearly parallel to A: A's rotation turned by a tiny angle, where edge x
      // edge axes are ill-conditioned.
      const double decade = r.decade(-6, -1);
      rb = multiply(axis_angle(r, decade * r.unit()), ra);
      if (kind == 13) rb = ra;  // exactly parallel
    }
    // B's center along a random direction at a distance around the sum of the
    // two extents along it, so that about half of the pairs overlap and many
    // are separated only by an edge x edge axis.
    V3 u = random_unit(r);
    double factor = 0.5 + r.unit() * 0.75;
    if (kind >= 5 && kind < 10) {
      // Along the cross product of an edge of A and an edge of B, just beyond
      // or just short of touching along it: pairs that often only an edge x
      // edge axis separates.
      const V3 ea = column(ra, r.below(3)), eb = column(rb, r.below(3));
      const V3 l{ea[1] * eb[2] - ea[2] * eb[1], ea[2] * eb[0] - ea[0] * eb[2],
                 ea[0] * eb[1] - ea[1] * eb[0]};
      const double len = std::sqrt(dot3(l, l));
      if (len > 1e-3) u = scale(l, 1.0 / len);
      factor = 0.98 + r.unit() * 0.04;
    }
    const double reach = obb_radius(ha, ra, u) + obb_radius(hb, rb, u);
    const V3 cb = add(ca, scale(u, reach * factor));
    push_obb(in, ca, ha, ra);
    push_obb(in, cb, hb, rb);
    if (r.chance(0.5)) {
      // Either argument order.
      for (int i = 0; i < 15; ++i)
        std::swap(in[static_cast<std::size_t>(i)],
                  in[static_cast<std::size_t>(15 + i)]);
    }
    const int box = r.below(2) * 15;
    if (kind == 14) corrupt(r, in, 0, 30);
    if (kind == 15) {
      const double negative =
          -(r.unit() * size +
            1e-300);  // (drawn first, as C++17 orders the assignment)
      in[static_cast<std::size_t>(box + 3 + r.below(3))] = negative;
    }
    if (kind == 16) {
      // Scaled: one column longer by 1e-5 (beyond the 1e-6 tolerance), or
      // shrunk by a scale factor.
      const int c = r.below(3);
      const double k = r.chance(0.5) ? 1.0 + 1e-5 : 0.5 + r.unit();
      for (int i = 0; i < 3; ++i)
        in[static_cast<std::size_t>(box + 6 + 3 * c + i)] *= k;
    }
    if (kind == 17) {
      // Sheared: a multiple of one column added to another.
      const int c = r.below(3), d = (c + 1 + r.below(2)) % 3;
      const double k = r.chance(0.5) ? 1e-5 : r.symmetric();
      for (int i = 0; i < 3; ++i) {
        in[static_cast<std::size_t>(box + 6 + 3 * c + i)] +=
            k * in[static_cast<std::size_t>(box + 6 + 3 * d + i)];
      }
    }
    if (kind == 18) {
      // Off by less than the tolerance: still valid.
      const double nudge =
          r.symmetric() *
          1e-7;  // (drawn first, as C++17 orders the compound assignment)
      in[static_cast<std::size_t>(box + 6 + r.below(9))] += nudge;
    }
    if (kind == 19) {
      // A reflection (one column negated): valid.
      const int c = r.below(3);
      for (int i = 0; i < 3; ++i)
        in[static_cast<std::size_t>(box + 6 + 3 * c + i)] *= -1.0;
    }
    corpus.record(fn, in);
  }
}

/// sphereCastSphere: start[3], end[3], radius[1], target sphere[4] (center,
/// radius).
void sphere_cast_cases(Rng& r, Corpus& corpus) {
  const Query& fn = query("sphereCastSphere");
  int n = 0;
  // Exact axis-aligned casts against a unit ball at the origin (cast radius 1,
  // reach 2): head on, tangent (offset exactly 2), just missing (offset 2 +
  // ulp), contact exactly at the end (end at -2), ending short (end at -3),
  // starting touching (start at -2), starting overlapping, starting with
  // coincident centers, zero length. Scaled by powers of two.
  struct Path {
    double start, end, offset;
  };
  static const Path kPaths[] = {
      {-5, 5, 0},    {-5, 5, 1},   {-5, 5, 2},  {-5, 5, 2.0000000000000004},
      {-5, -2, 0},   {-5, -3, 0},  {-2, 5, 0},  {-1, 5, 0},
      {0, 5, 0},     {0, 0, 0},    {-2, -2, 0}, {-3, -3, 0},
      {-5, 5, -0.0}, {5, -5, 1.5}, {-4, -2, 2}, {-1e6, 1e6, 1.999}};
  for (int rep = 0; rep < 4; ++rep) {
    const double s = rep == 0 ? 1.0 : r.pow2(-20, 20);
    for (int axis = 0; axis < 3; ++axis) {
      for (double sign : {-1.0, 1.0}) {
        for (const Path& p : kPaths) {
          V3 start{0, 0, 0}, end{0, 0, 0};
          start[axis] = sign * p.start * s;
          end[axis] = sign * p.end * s;
          start[(axis + 1) % 3] = end[(axis + 1) % 3] = p.offset * s;
          Input in;
          push(in, start);
          push(in, end);
          in.push_back(s);
          push(in, V3{0, 0, 0});
          in.push_back(s);
          corpus.record(fn, in);
          ++n;
        }
      }
    }
  }
  // Starting exactly touching along a 3-4-5 triangle, radii 2s + 3s.
  for (int k = 0; k < 48; ++k, ++n) {
    const double s = r.pow2(-20, 20);
    const V3 c =
        scale(V3{double(r.between(-50, 50)), double(r.between(-50, 50)),
                 double(r.between(-50, 50))},
              s);
    V3 off{0, 0, 0};
    const int i = r.below(3), j = (i + 1 + r.below(2)) % 3;
    off[i] = (r.chance(0.5) ? 3 : -3) * s;
    off[j] = (r.chance(0.5) ? 4 : -4) * s;
    const V3 start = add(c, off);
    Input in;
    push(in, start);
    push(in, add(start, random_vec(r, s * 10)));
    in.push_back(2 * s);
    push(in, c);
    in.push_back(3 * s);
    corpus.record(fn, in);
  }
  // Within rounding of touching, where the cast decides on the exact reals
  // (shape_cast.cpp): tangent paths in a 3-4-5 direction at every magnitude
  // (exact, or one coordinate an ulp off), reaches 2^-1..2^-49 beside
  // coordinates ~10, points cast through points, and subnormal vectors
  // normalized.
  const double kMin = std::numeric_limits<double>::denorm_min();
  for (int k = 0; k < 128; ++k, ++n) {
    V3 start{0, 0, 0}, end{0, 0, 0}, c{0, 0, 0};
    double r1 = 0.0, r2 = 0.0;
    if (k % 4 == 0) {
      const double s = r.pow2(-1060, 1000);
      const double cx = r.between(-1000, 1000), cy = r.between(-1000, 1000),
                   cz = r.between(-1000, 1000);
      c = scale(V3{cx, cy, cz}, s);
      const int i = r.below(3), j = (i + 1 + r.below(2)) % 3;
      V3 dir{0, 0, 0}, off{0, 0, 0};
      dir[i] = 3 * s, dir[j] = 4 * s, off[i] = -4 * s,
      off[j] = 3 * s;  // |off| = 5 s, off . dir = 0
      const double before = r.between(1, 9), after = r.between(-1, 9);
      start = add(add(c, off), scale(dir, -before));
      end = add(add(c, off), scale(dir, after));
      const double split = r.between(0, 5);
      r1 = split * s, r2 = (5 - split) * s;
      if (r.chance(0.5)) {
        const int axis = r.below(3);
        V3& moved = r.chance(0.5) ? start : end;
        const double toward = r.chance(0.5) ? kInf : -kInf;
        moved[axis] = std::nextafter(moved[axis], toward);
      }
    } else if (k % 4 == 1) {
      const double reach = r.pow2(-49, -1);
      const int i = r.below(3), side = (i + 1) % 3;
      start = V3{10, -7, 3}, start[i] = -5;
      end = V3{10, -7, 3}, end[i] = 5;
      c = V3{10, -7, 3}, c[i] = 0.3, c[side] -= reach;
      if (r.chance(0.5)) c[side] = std::nextafter(c[side], -kInf);
      r1 = r2 = reach / 2;
    } else if (k % 4 == 2) {
      const double s = r.pow2(-1000, 1000);
      const double dx = r.between(-9, 9), dy = r.between(-9, 9),
                   dz = r.between(-9, 9);
      const double px = r.between(-9, 9), py = r.between(-9, 9),
                   pz = r.between(-9, 9);
      const double a = r.between(1, 64), b = r.between(1, 64);
      c = scale(V3{px, py, pz}, 64 * s);
      start = sub(c, scale(V3{dx, dy, dz}, a * s));
      end = add(c, scale(V3{dx, dy, dz}, b * s));
    } else {
      const double sx = r.between(-40, 40), sy = r.between(-40, 40),
                   sz = r.between(-40, 40);
      start = scale(V3{sx, sy, sz}, kMin);
      if (r.chance(0.5)) r1 = r2 = r.between(0, 40) * kMin;
    }
    Input in;
    push(in, start);
    push(in, end);
    in.push_back(r1);
    push(in, c);
    in.push_back(r2);
    corpus.record(fn, in);
  }
  for (; n < kCasesPerFunction; ++n) {
    Input in;
    const int kind = r.below(20);
    const double offset = r.decade(-6, 6);
    const double size = r.decade(-6, 6);
    const V3 c = random_vec(r, offset);
    const double r2 = kind == 10 ? 0.0 : r.unit() * size;
    double r1 = 0.0;
    if (kind != 10 && kind != 11) {
      const double unit = r.unit();
      r1 = unit * size * r.decade(-2, 2);
    }
    const double reach = r1 + r2;
    V3 start, end;
    if (kind < 12) {
      // From a random distance toward a point near the target, ending short of,
      // at or beyond the contact.
      const V3 direction = random_unit(r);
      const double decade = r.decade(-1, 3);
      start =
          add(c, scale(direction, (reach + size) * decade * (0.5 + r.unit())));
      const V3 aim = add(c, scale(random_vec(r, 1.0), reach * 1.5));
      end = add(start, scale(sub(aim, start), 0.25 + r.unit() * 2));
    } else if (kind == 12) {
      // Coincident centers at the start; sometimes zero length too.
      start = c;
      end = r.chance(0.3) ? c : add(c, random_vec(r, size));
    } else if (kind == 13) {
      // Zero length, overlapping or not.
      const V3 direction = random_unit(r);
      start = add(c, scale(direction, reach * 2 * r.unit()));
      end = start;
    } else if (kind == 14) {
      // Very long casts past a small target.
      start = add(c, scale(random_unit(r), 1e6));
      end = sub(c, sub(start, c));
      end = add(end, random_vec(r, reach * 2));
    } else {
      start = add(c, random_vec(r, size * 4));
      end = add(c, random_vec(r, size * 4));
    }
    push(in, start);
    push(in, end);
    in.push_back(r1);
    push(in, c);
    in.push_back(r2);
    // Invalid: a non-finite number, a negative cast or target radius; -0 radii
    // are valid.
    if (kind == 15 || kind == 16) corrupt(r, in, 0, 11);
    if (kind == 17) {
      const double negative =
          -(r.unit() * size +
            1e-300);  // (drawn first, as C++17 orders the assignment)
      in[r.chance(0.5) ? 6 : 10] = negative;
    }
    if (kind == 18) in[r.chance(0.5) ? 6 : 10] = -0.0;
    corpus.record(fn, in);
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// The shape matrix: one generator for every query over the shapes of the
// matrix (segment, capsule, triangle, plane, with points, rays, spheres, boxes
// and OBBs), driven by the query's argument kinds. Shapes first, around one
// center at one scale (offsets and sizes 1e-6..1e6), with their degenerate
// forms; then points and rays near them (a corner of a shape exactly, now and
// then); then lengths. One case in ten is invalid: a non-finite number, a
// negative radius, a zero plane normal.

void matrix_cases(Rng& r, Corpus& corpus, const Query& fn) {
  for (int n = 0; n < kCasesPerFunction; ++n) {
    const double offset = r.decade(-6, 6);
    const double size = r.decade(-6, 6);
    const V3 c = random_vec(r, offset);
    std::vector<V3> anchors{c};
    Input in;
    std::vector<int> starts;
    // Shapes.
    const auto near = [&](double spread) {
      return add(c, random_vec(r, spread));
    };
    std::vector<Input> args(fn.kinds.size());
    for (std::size_t k = 0; k < fn.kinds.size(); ++k) {
      const std::string& kind = fn.kinds[k];
      Input& a = args[k];
      if (kind == "segment" || kind == "capsule") {
        const V3 start = near(size);
        V3 end = near(size);
        const int v = r.below(10);
        if (v == 0) end = start;                           // a point
        if (v == 1) end = start, end[r.below(3)] += size;  // along an axis
        push(a, start);
        push(a, end);
        anchors.push_back(start);
        anchors.push_back(end);
        if (kind == "capsule")
          a.push_back(r.chance(0.05) ? 0.0 : r.unit() * size);
      } else if (kind == "triangle") {
        V3 t[3] = {near(size), near(size), near(size)};
        const int v = r.below(12);
        if (v == 0) t[2] = add(t[0], scale(sub(t[1], t[0]), 0.5));  // collinear
        if (v == 1) t[2] = t[r.below(2)];                           // two equal
        if (v == 2) t[1] = t[2] = t[0];                             // a point
        if (v == 3) {  // in a coordinate plane
          const int axis = r.below(3);
          t[1][axis] = t[2][axis] = t[0][axis];
        }
        for (const V3& corner : t) push(a, corner), anchors.push_back(corner);
      } else if (kind == "plane") {
        V3 normal = random_vec(r, 1.0);
        if (r.chance(0.3)) normal = {0, 0, 0}, normal[r.below(3)] = 1.0;
        const double length = r.chance(0.5) ? 1.0 : r.pow2(-20, 20);
        normal = scale(normal, length);
        if (normal[0] == 0 && normal[1] == 0 && normal[2] == 0) normal[0] = 1;
        push(a, normal);
        a.push_back(r.chance(0.7) ? -dot3(normal, c) : r.symmetric() * offset);
      } else if (kind == "sphere") {
        const V3 center = near(size);
        push(a, center);
        anchors.push_back(center);
        a.push_back(r.chance(0.05) ? 0.0 : r.unit() * size);
      } else if (kind == "aabb") {
        // The second of two AABBs off the common center by up to its size, so
        // that they are apart now and then (the same draws either way).
        const bool second_box = k > 0 && fn.kinds[0] == "aabb";
        const Box b = random_box(r, second_box ? size : 0.0, size);
        push(a, add(b.min, c));
        push(a, add(b.max, c));
        anchors.push_back(add(b.min, c));
      } else if (kind == "obb") {
        const V3 center = near(size);
        const V3 half{r.unit() * size, r.unit() * size, r.unit() * size};
        push_obb(a, center, half,
                 r.chance(0.3) ? kIdentity : random_rotation(r));
        anchors.push_back(center);
      }
    }
    // Points and rays, then lengths.
    for (std::size_t k = 0; k < fn.kinds.size(); ++k) {
      const std::string& kind = fn.kinds[k];
      Input& a = args[k];
      if (kind == "vec3") {
        const int v = r.below(8);
        if (v == 0) {
          push(a, anchors[static_cast<std::size_t>(
                      r.below(static_cast<int>(anchors.size())))]);
        } else if (v == 1) {  // off an anchor along one axis
          V3 p = anchors[static_cast<std::size_t>(
              r.below(static_cast<int>(anchors.size())))];
          p[r.below(3)] += r.symmetric() * size;
          push(a, p);
        } else {
          push(a, near(size * 3));
        }
      } else if (kind == "ray") {
        const V3 origin = near(size * 4);
        const V3 aim = r.chance(0.2) ? anchors[static_cast<std::size_t>(r.below(
                                           static_cast<int>(anchors.size())))]
                                     : near(size);
        V3 direction = sub(aim, origin);
        if (r.chance(0.2)) {  // along an axis (locals: one order of draws)
          const int axis = r.below(3);
          const double sign = r.chance(0.5) ? 1.0 : -1.0;
          direction = {0, 0, 0};
          direction[axis] = sign;
        }
        if (direction[0] == 0 && direction[1] == 0 && direction[2] == 0)
          direction[2] = 1.0;
        push(a, origin);
        push(a, direction);
      }
    }
    for (std::size_t k = 0; k < fn.kinds.size(); ++k) {
      const std::string& kind = fn.kinds[k];
      if (kind == "radius") {
        args[k].push_back(r.chance(0.05) ? 0.0 : r.unit() * size);
      } else if (kind == "maxDistance") {
        const int v = r.below(4);
        args[k].push_back(v < 2 ? kInf : (v == 2 ? 0.0 : r.unit() * size * 8));
      }
    }
    for (std::size_t k = 0; k < fn.kinds.size(); ++k) {
      starts.push_back(static_cast<int>(in.size()));
      in.insert(in.end(), args[k].begin(), args[k].end());
    }
    // Invalid now and then.
    const int bad = r.below(20);
    if (bad == 0) corrupt(r, in, 0, static_cast<int>(in.size()));
    if (bad == 1) {  // a negative length, or a zero plane normal
      for (std::size_t k = 0; k < fn.kinds.size(); ++k) {
        const std::string& kind = fn.kinds[k];
        const int at = starts[k];
        if (kind == "capsule") in[static_cast<std::size_t>(at + 6)] = -size;
        if (kind == "sphere") in[static_cast<std::size_t>(at + 3)] = -size;
        if (kind == "radius") in[static_cast<std::size_t>(at)] = -size;
        if (kind == "plane")
          in[static_cast<std::size_t>(at)] =
              in[static_cast<std::size_t>(at + 1)] =
                  in[static_cast<std::size_t>(at + 2)] = 0.0;
      }
    }
    corpus.record(fn, in);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The batch kernels (narrowphase/batch.h): batches of float32 inputs with the
// same kinds of special configurations (a grid of 0.5 makes touching, flat and
// axis-parallel cases common: radius 0, min == max, zero and -0 direction
// components, zero-length casts) at scales from 1e-3 to 1e3, of sizes 0, 1, odd
// and several thousand, and batches with one invalid element. Recorded as
// {"batch": name, "a": [...], "b": [...], "maxDistance", "result": [...]} or
// "error": the index of the first invalid element. The JS side replays each
// through np.batch and requires the very same float32 answers.

// Records one batch case: {"batch": name, "a": [...], "b": [...],
// "maxDistance" (when `with_max`), "result": [...]} or "error": the index of
// the first invalid element (bad >= 0).
void record_batch_case(Corpus& corpus, const std::string& name,
                       const std::vector<float>& a, const std::vector<float>& b,
                       bool with_max, double max_distance, int32_t bad,
                       const std::vector<float>& result) {
  Json j;
  j.open();
  j.key("batch"), j.string(name);
  j.key("a"), j.open('[');
  for (float v : a) j.number(v);
  j.close(']');
  j.key("b"), j.open('[');
  for (float v : b) j.number(v);
  j.close(']');
  if (with_max) j.key("maxDistance"), j.number(max_distance);
  if (bad >= 0) {
    j.key("error"), j.number(bad);
  } else {
    j.key("result"), j.open('[');
    for (float v : result) j.number(v);
    j.close(']');
  }
  j.close();
  corpus.record_batch(j.text);
}

void batch_cases(Rng& r, Corpus& corpus) {
  struct Fn {
    const char* name;
    int stride_a, stride_b;
    bool boolean;
  };
  static const Fn kFns[] = {{"overlapSphereAABB", 4, 6, true},
                            {"distancePointAABB", 3, 6, false},
                            {"raycastAABB", 6, 6, false},
                            {"overlapOBBOBB", 15, 15, true},
                            {"sphereCastSphere", 7, 4, false}};
  static const int kSizes[] = {0, 1, 7, 64, 1001, 4099};
  for (const Fn& fn : kFns) {
    const std::string name = fn.name;
    for (int round = 0; round < 9; ++round) {
      const int n = round < 6 ? kSizes[round] : 50;
      const double scale = r.decade(-3, 3);
      auto coord = [&] {
        const double v = r.symmetric() * 4.0;
        return static_cast<float>(
            scale * (r.below(3) == 0 ? std::round(v * 2.0) / 2.0 : v));
      };
      auto length = [&] {
        const int pick = r.below(6);
        const double v = r.unit() * 2.0;
        return static_cast<float>(scale * (pick == 0 ? 0.0
                                           : pick == 1
                                               ? std::round(v * 2.0) / 2.0
                                               : v));
      };
      auto rotation = [&](float* m) {
        if (r.below(4) == 0) {  // axis-aligned: columns permuted or negated
          const int p = r.below(3);
          for (int k = 0; k < 9; ++k) m[k] = 0.0f;
          for (int c = 0; c < 3; ++c)
            m[3 * c + (c + p) % 3] = r.below(2) ? 1.0f : -1.0f;
          return;
        }
        double q[4], l = 0.0;
        for (double& x : q) x = r.symmetric(), l += x * x;
        l = std::sqrt(l);
        const double w = q[0] / l, x = q[1] / l, y = q[2] / l, z = q[3] / l;
        const double e[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
                             2 * (x * z - w * y),     2 * (x * y - w * z),
                             1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                             2 * (x * z + w * y),     2 * (y * z - w * x),
                             1 - 2 * (x * x + y * y)};
        for (int k = 0; k < 9; ++k) m[k] = static_cast<float>(e[k]);
      };
      std::vector<float> a(static_cast<std::size_t>(n * fn.stride_a)),
          b(static_cast<std::size_t>(n * fn.stride_b));
      for (int i = 0; i < n; ++i) {
        float* p = a.data() + i * fn.stride_a;
        float* q = b.data() + i * fn.stride_b;
        if (name == "overlapOBBOBB") {
          for (float* o : {p, q}) {
            for (int k = 0; k < 3; ++k) o[k] = coord() * 0.75f;
            for (int k = 3; k < 6; ++k) o[k] = length();
            rotation(o + 6);
          }
          // A third of the pairs at the near ties of the kernel's early
          // reject (batch.cpp, obbs_apart): centers apart by its threshold or
          // by the sum of the bounding radii, times 1 + a few float32 ulps.
          if (r.below(3) == 0) {
            const double ra2 =
                double(p[3]) * p[3] + double(p[4]) * p[4] + double(p[5]) * p[5];
            const double rb2 =
                double(q[3]) * q[3] + double(q[4]) * q[4] + double(q[5]) * q[5];
            const double dist =
                (r.below(2) ? std::sqrt(2.0 * (ra2 + rb2) *
                                        (1.0 + np::kBatchObbApartMargin))
                            : std::sqrt(ra2) + std::sqrt(rb2)) *
                (1.0 + (static_cast<int>(r.below(9)) - 4) * 0x1p-24);
            double u[3], l = 0.0;
            for (double& x : u) x = r.symmetric(), l += x * x;
            l = std::sqrt(l);
            for (int k = 0; k < 3; ++k)
              q[k] = static_cast<float>(p[k] + dist * u[k] / l);
          }
          continue;
        }
        if (name == "sphereCastSphere") {
          for (int k = 0; k < 3; ++k) p[k] = coord();
          for (int k = 3; k < 6; ++k)
            p[k] = r.below(8) == 0 ? p[k - 3] : coord();
          p[6] = length();
          for (int k = 0; k < 3; ++k) q[k] = coord();
          q[3] = length();
          continue;
        }
        for (int k = 0; k < fn.stride_a; ++k) p[k] = coord();
        if (name == "overlapSphereAABB") p[3] = length();
        if (name == "raycastAABB") {
          if (r.below(3) == 0) p[3 + r.below(3)] = r.below(2) ? 0.0f : -0.0f;
          if (p[3] == 0.0f && p[4] == 0.0f && p[5] == 0.0f) p[5] = 1.0f;
        }
        for (int k = 0; k < 3; ++k) {
          q[k] = coord();
          q[3 + k] = q[k] + length();
        }
      }
      // Rounds 6..8: one invalid element (a NaN, a negative radius or half
      // size, or an inverted box) at a random index.
      if (round >= 6) {
        const int at = r.below(n);
        float* p = a.data() + at * fn.stride_a;
        float* q = b.data() + at * fn.stride_b;
        if (round == 6) p[r.below(fn.stride_a)] = std::nanf("");
        if (round == 7) q[r.below(3)] = 1e30f;  // min > max, or a huge center
        if (round == 8) {
          if (name == "overlapOBBOBB")
            q[4] = -1.0f;
          else if (name == "sphereCastSphere")
            p[6] = -1.0f;
          else if (name == "raycastAABB")
            p[3] = p[4] = p[5] = 0.0f;
          else
            p[0] = std::numeric_limits<float>::infinity();
        }
      }
      const double max_distance =
          name == "raycastAABB" && round % 2 ? scale * 3.0 : kInf;
      std::vector<float> out(static_cast<std::size_t>(n));
      std::vector<std::uint8_t> flags(static_cast<std::size_t>(n));
      const uint32_t count = static_cast<uint32_t>(n);
      int32_t bad = -1;
      if (name == "overlapSphereAABB")
        bad =
            np_batch_overlapSphereAABB(a.data(), b.data(), count, flags.data());
      if (name == "distancePointAABB")
        bad = np_batch_distancePointAABB(a.data(), b.data(), count, out.data());
      if (name == "raycastAABB")
        bad = np_batch_raycastAABB(a.data(), b.data(), max_distance, count,
                                   out.data());
      if (name == "overlapOBBOBB")
        bad = np_batch_overlapOBBOBB(a.data(), b.data(), count, flags.data());
      if (name == "sphereCastSphere")
        bad = np_batch_sphereCastSphere(a.data(), b.data(), count, out.data());
      record_batch_case(
          corpus, name, a, b, name == "raycastAABB", max_distance, bad,
          fn.boolean ? std::vector<float>(flags.begin(), flags.end()) : out);
    }
  }
}

// Sphere casts at the near ties of np.batch's float32 early miss (batch.cpp,
// cast_misses4): paths passing the target at the reach, starts on its
// surface moving along it or slightly away, each off by 0, 2^-24 .. 2^-12
// relative (either side of kBatchCastMissMargin's 2^-16), at scales 2^-64 to
// 2^64 and a few beyond (where its guard sends them to the double
// computation). The native kernel has no early miss, so replaying these
// through the WASM one checks that the early miss never changes an answer.
void batch_cast_ties(Corpus& corpus) {
  Rng r(kSeed + 17);
  static const double kOff[] = {
      0.0,     0x1p-24,  -0x1p-24, 0x1p-20,  -0x1p-20, 0x1p-17, -0x1p-17,
      0x1p-16, -0x1p-16, 0x1p-15,  -0x1p-15, 0x1p-12,  -0x1p-12};
  for (int round = 0; round < 8; ++round) {
    const int n = 1024 + round;  // a tail of 0..3 for the scalar code too
    std::vector<float> a(static_cast<std::size_t>(n) * 7),
        b(static_cast<std::size_t>(n) * 4);
    for (int i = 0; i < n; ++i) {
      const double scale =
          round == 7 ? (r.below(2) ? 1e30 : 1e-30) : r.pow2(-64, 64);
      // A unit u (the path's direction) and a unit w perpendicular to it.
      double u[3], l = 0.0;
      for (double& x : u) x = r.symmetric(), l += x * x;
      l = std::sqrt(l);
      for (double& x : u) x /= l;
      double v[3] = {r.symmetric(), r.symmetric(), r.symmetric()};
      const double vu = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
      double w[3], lw = 0.0;
      for (int k = 0; k < 3; ++k) w[k] = v[k] - vu * u[k], lw += w[k] * w[k];
      lw = std::sqrt(lw);
      for (double& x : w) x /= lw;
      const double center[3] = {r.symmetric() * 4.0 * scale,
                                r.symmetric() * 4.0 * scale,
                                r.symmetric() * 4.0 * scale};
      const double radius = (0.05 + r.unit()) * scale;
      const double target_radius = (0.05 + r.unit()) * scale;
      const double reach = radius + target_radius;
      const double off = 1.0 + kOff[r.below(13)];
      const double len = (0.1 + 4.0 * r.unit()) * scale;
      double start[3], end[3];
      const int kind = r.below(3);
      for (int k = 0; k < 3; ++k) {
        if (kind == 0) {  // the line passes at reach * off from the centre
          const double near = center[k] + w[k] * reach * off;
          const double before = r.unit() * len;
          start[k] = near - u[k] * before;
          end[k] = near + u[k] * (len - before);
        } else {  // starts at reach * off, moving along the surface or off it
          start[k] = center[k] + w[k] * reach * off;
          const double lean = kind == 1 ? 0.0 : kOff[r.below(13)];
          end[k] = start[k] + (u[k] + lean * w[k]) * len;
        }
      }
      float* p = a.data() + 7 * i;
      float* q = b.data() + 4 * i;
      for (int k = 0; k < 3; ++k) {
        p[k] = static_cast<float>(start[k]);
        p[3 + k] = static_cast<float>(end[k]);
        q[k] = static_cast<float>(center[k]);
      }
      p[6] = static_cast<float>(radius);
      q[3] = static_cast<float>(target_radius);
    }
    std::vector<float> out(static_cast<std::size_t>(n));
    const int32_t bad = np_batch_sphereCastSphere(
        a.data(), b.data(), static_cast<uint32_t>(n), out.data());
    record_batch_case(corpus, "sphereCastSphere", a, b, false, kInf, bad, out);
  }
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output.json>\n", argv[0]);
    return 2;
  }
  std::FILE* file = std::fopen(argv[1], "w");
  if (file == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  Rng rng(kSeed);
  Corpus corpus(file);
  corpus.begin();
  point_box_cases(rng, corpus, query("closestPointOnAABB"));
  point_box_cases(rng, corpus, query("distancePointAABB"));
  sphere_box_cases(rng, corpus);
  linecast_cases(rng, corpus);
  raycast_cases(rng, corpus);
  obb_cases(rng, corpus, query("overlapOBBOBB"));
  obb_cases(rng, corpus, query("separatingAxisOBBOBB"));
  sphere_cast_cases(rng, corpus);
  // Every other query of queries.def: the shape matrix's generator, in the
  // table's order (after the source articles' queries above).
  for (const Query& q : queries()) {
    static const char* const kHandWritten[] = {
        "closestPointOnAABB",   "distancePointAABB", "overlapSphereAABB",
        "linecastAABB",         "raycastAABB",       "overlapOBBOBB",
        "separatingAxisOBBOBB", "sphereCastSphere"};
    bool hand = false;
    for (const char* name : kHandWritten) hand |= std::string(q.name) == name;
    if (!hand) matrix_cases(rng, corpus, q);
  }
  batch_cases(rng, corpus);
  batch_cast_ties(corpus);
  const bool complete = corpus.end(kCasesPerFunction);
  if (std::fclose(file) != 0) {
    std::perror(argv[1]);
    return 1;
  }
  return complete ? 0 : 1;
}
