// narrowphase fuzzing, mode 3 (mesh): how the fuzz bytes make a small mesh
// (or a set of boxes for the AABB tree) and the points, directions and radii of
// its queries. Read by fuzz_mesh.cpp, and by seeds.cpp to write hand-made
// cases. Every value is finite and valid (validate.h), so each query runs.
//
// Layout, front to back (past the end every byte is 0):
//   selector   which query (ignored when NP_FUZZ_QUERY pins one)
//   magnitude  kScales[b % kScaleCount]; the last entry is "mixed": each
//              vertex, box or point picks its own scale from the table
//   offset     0, the scale times a grid value, 1e6 times that, or a fixed
//              offset of its own magnitude (kOffsets), on all three axes
//   flags      bit 0: unindexed (each triangle's corners copied, in order)
//   count      vertices 1 + b % 24 (the tree: boxes b % 49)
//   count      triangles 1 + b % 48
//   vertices   a kind byte each, then what the kind reads (vertex())
//   triangles  three vertex index bytes each (% vertex count: repeated
//              indices are degenerate triangles, repeated triples coincident
//              ones)
//   query      the query's arguments (point(), direction(), radius(), ...)
// Grid values are small multiples of powers of two, so welded duplicates,
// coplanar fans, shared edges and exact ties come up all the time.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "narrowphase/types.h"

namespace np_fuzz {

inline constexpr double kScales[] = {
    0x1p-1074, 0x1p-1060, 1e-310, 1e-300, 1e-150, 1e-20, 0.75,   1.0,
    3.0,       1e3,       1e20,   1e150,  1e300,  1e306, 0x1p-30};
inline constexpr int kScaleCount = sizeof(kScales) / sizeof(kScales[0]);
inline constexpr double kOffsets[] = {1e6, -1e15, 1e100, 1e300, 1e307};
inline constexpr int kOffsetCount = sizeof(kOffsets) / sizeof(kOffsets[0]);

class MeshBytes {
 public:
  MeshBytes(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  int s8() { return static_cast<int8_t>(byte()); }
  int s16() {
    const int lo = byte();
    const int hi = byte();
    return static_cast<int16_t>(static_cast<uint16_t>(lo | hi << 8));
  }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

/// One case: the magnitude, the offset and the geometry made so far.
struct MeshCase {
  MeshBytes b;
  int scale_index = 0;  // kScaleCount - 1 (not a scale itself): mixed
  double offset = 0.0;
  bool unindexed = false;
  std::vector<double> positions;  // as given to the mesh
  std::vector<uint32_t> indices;  // empty when unindexed
  std::vector<np::Vec3> vertices;
  std::vector<np::Triangle> triangles;

  MeshCase(const uint8_t* data, size_t size) : b(data, size) {}

  bool mixed() const { return scale_index == kScaleCount - 1; }
  /// The case's scale, or for a mixed case one the bytes pick.
  double scale() {
    return mixed() ? kScales[b.byte() % (kScaleCount - 1)]
                   : kScales[scale_index];
  }

  void header() {
    scale_index = b.byte() % kScaleCount;
    const int o = b.byte() % 8;
    const double base = mixed() ? 1.0 : kScales[scale_index];
    const int k = b.s8();
    if (o < 3) {
      offset = 0.0;
    } else if (o < 5) {
      offset = base * k;
    } else if (o == 5) {
      offset = std::isfinite(base * 1e6 * k) ? base * 1e6 * k : base * k;
    } else {
      offset = kOffsets[(k & 0xff) % kOffsetCount];
    }
  }

  /// offset + s * k / divisor, or without the offset where that overflows
  /// (s * k / divisor is at most 1e306 * 128).
  double coordinate(double s, int k, int divisor) const {
    const double v = offset + s * k / divisor;
    return std::isfinite(v) ? v : s * k / divisor;
  }
  np::Vec3 grid_point(double s, int divisor) {
    const int x = divisor == 4 ? b.s8() : b.s16();
    const int y = divisor == 4 ? b.s8() : b.s16();
    const int z = divisor == 4 ? b.s8() : b.s16();
    return {coordinate(s, x, divisor), coordinate(s, y, divisor),
            coordinate(s, z, divisor)};
  }
  /// p + (q - p) * f (f = 1/2 or 1/4), or p * (1 - f) + q * f where q - p
  /// overflows.
  static double between(double p, double q, double f) {
    const double v = p + (q - p) * f;
    return std::isfinite(v) ? v : p * (1 - f) + q * f;
  }
  static np::Vec3 between(np::Vec3 p, np::Vec3 q, double f) {
    return {between(p.x, q.x, f), between(p.y, q.y, f), between(p.z, q.z, f)};
  }

  /// A vertex: kind 0-4 a new grid point, 5 a copy of an earlier vertex
  /// (welded), 6 the midpoint of two earlier ones, 7 a grid point with z =
  /// the offset (a plane of fans).
  np::Vec3 vertex() {
    const int kind = b.byte() % 8;
    const size_t n = vertices.size();
    if (kind == 5 && n > 0) return vertices[b.byte() % n];
    if (kind == 6 && n > 0) {
      const np::Vec3 p = vertices[b.byte() % n];
      const np::Vec3 q = vertices[b.byte() % n];
      return between(p, q, 0.5);
    }
    np::Vec3 v = grid_point(scale(), 4);
    if (kind == 7) v.z = offset;
    return v;
  }

  void mesh() {
    const bool flat = (b.byte() & 1) != 0;
    const int nv = 1 + b.byte() % 24;
    const int nt = 1 + b.byte() % 48;
    for (int i = 0; i < nv; ++i) vertices.push_back(vertex());
    std::vector<uint32_t> ids;
    for (int i = 0; i < 3 * nt; ++i) ids.push_back(b.byte() % nv);
    unindexed = flat;
    for (int t = 0; t < nt; ++t)
      triangles.push_back({vertices[ids[3 * t]], vertices[ids[3 * t + 1]],
                           vertices[ids[3 * t + 2]]});
    if (unindexed) {
      for (const np::Triangle& t : triangles)
        for (np::Vec3 v : {t.a, t.b, t.c})
          positions.insert(positions.end(), {v.x, v.y, v.z});
    } else {
      for (np::Vec3 v : vertices)
        positions.insert(positions.end(), {v.x, v.y, v.z});
      indices = ids;
    }
  }

  /// A point of a query: 0-3 a fine grid point (1/256 steps, so just off
  /// faces and edges too), 4 a vertex, 5 an edge's midpoint, 6 a triangle's
  /// centroid-ish point (a + (b - a) / 2 + (c - a) / 4), 7 a vertex moved by
  /// a small grid step.
  np::Vec3 point() {
    const int kind = b.byte() % 8;
    if (kind >= 4 && !triangles.empty()) {
      const np::Triangle& t = triangles[b.byte() % triangles.size()];
      if (kind == 4) return t.a;
      if (kind == 5) return between(t.a, t.b, 0.5);
      if (kind == 6) return between(between(t.a, t.b, 0.5), t.c, 0.25);
      const double s = scale();
      const np::Vec3 moved =
          t.b + np::Vec3{s * b.s8() / 64, s * b.s8() / 64, s * b.s8() / 64};
      return std::isfinite(moved.x) && std::isfinite(moved.y) &&
                     std::isfinite(moved.z)
                 ? moved
                 : t.b;
    }
    return grid_point(scale(), 256);
  }

  /// A non-zero direction: 0-4 grid components times a scale of their own
  /// (subnormal to 1e306), 5-7 toward a point() (a vertex, an edge).
  np::Vec3 direction(np::Vec3 from) {
    const int kind = b.byte() % 8;
    np::Vec3 d;
    if (kind >= 5) {
      d = point() - from;
    } else {
      const double s = kScales[b.byte() % (kScaleCount - 1)];
      d = {s * b.s8(), s * b.s8(), s * b.s8()};
    }
    if (!(std::isfinite(d.x) && std::isfinite(d.y) && std::isfinite(d.z)) ||
        (d.x == 0 && d.y == 0 && d.z == 0))
      d = {0.0, 0.0, -1.0};
    return d;
  }

  /// A radius: 0, or the scale times a grid value in [0, 16).
  double radius() {
    const int k = b.byte();
    if (k % 16 == 0) return 0.0;
    return scale() * (k / 16.0);
  }
};

}  // namespace np_fuzz
