// Native speed of the core queries (Google Benchmark), for reference beside the
// JS <-> WASM figures of boundary.bench.mjs: this is the floor that the WASM
// build and the JS crossing add to.
//
//   cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release && cmake --build
//   build/native --target narrowphase_bench build/native/narrowphase_bench
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "narrowphase/narrowphase.h"

namespace {

using namespace np;

constexpr double kInfinity = HUGE_VAL;

constexpr int kInputs = 1024;

// SplitMix64: the same inputs on every run and platform.
struct Random {
  uint64_t state = 0x9e3779b97f4a7c15ull;
  double next(double lo, double hi) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return lo + (hi - lo) * static_cast<double>(z >> 11) * 0x1.0p-53;
  }
  Vec3 vec(double s) { return {next(-s, s), next(-s, s), next(-s, s)}; }
};

struct Inputs {
  std::vector<AABB> boxes;
  std::vector<Sphere> spheres;
  std::vector<Segment> segments;
  std::vector<OBB> a, b;
  // The shape matrix's inputs, drawn after the ones above (which stay as they
  // were), as in boundary.cases.mjs: rays from within 6 toward unit
  // directions, triangles and planes near the origin, points within 5.
  std::vector<Ray> rays;
  std::vector<Triangle> triangles;
  std::vector<Plane> planes;
  std::vector<Capsule> capsules;
  std::vector<Vec3> points;
  Inputs() {
    Random r;
    for (int i = 0; i < kInputs; ++i) {
      const Vec3 c = r.vec(3),
                 h{r.next(0.2, 2), r.next(0.2, 2), r.next(0.2, 2)};
      boxes.push_back({c - h, c + h});
      spheres.push_back({r.vec(4), r.next(0.1, 2)});
      segments.push_back({r.vec(6), r.vec(6)});
      for (auto* list : {&a, &b}) {
        // A rotation from a random unit quaternion.
        double qx = r.next(-1, 1), qy = r.next(-1, 1), qz = r.next(-1, 1),
               qw = r.next(-1, 1);
        const double n = std::sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        qx /= n, qy /= n, qz /= n, qw /= n;
        OBB o{r.vec(2),
              {r.next(0.2, 1.5), r.next(0.2, 1.5), r.next(0.2, 1.5)},
              {}};
        o.axis[0] = {1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy + qz * qw),
                     2 * (qx * qz - qy * qw)};
        o.axis[1] = {2 * (qx * qy - qz * qw), 1 - 2 * (qx * qx + qz * qz),
                     2 * (qy * qz + qx * qw)};
        o.axis[2] = {2 * (qx * qz + qy * qw), 2 * (qy * qz - qx * qw),
                     1 - 2 * (qx * qx + qy * qy)};
        list->push_back(o);
      }
    }
    const auto unit = [](Vec3 v) { return v / std::sqrt(dot(v, v)); };
    for (int i = 0; i < kInputs; ++i) {
      rays.push_back({r.vec(6), unit(r.vec(1))});
      triangles.push_back({r.vec(2), r.vec(2), r.vec(2)});
      const Vec3 n = unit(r.vec(1));
      planes.push_back({n, -dot(n, r.vec(2))});
      capsules.push_back({r.vec(3), r.vec(3), r.next(0.1, 1)});
      points.push_back(r.vec(5));
    }
  }
};

const Inputs& inputs() {
  static const Inputs in;
  return in;
}

void BM_OverlapSphereAABB(benchmark::State& state) {
  const Inputs& in = inputs();
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(overlap_sphere_aabb(in.spheres[i], in.boxes[i]));
    i = (i + 1) & (kInputs - 1);
  }
}
BENCHMARK(BM_OverlapSphereAABB);

void BM_LinecastAABB(benchmark::State& state) {
  const Inputs& in = inputs();
  RayHit hit;
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(linecast_aabb(in.segments[i], in.boxes[i], &hit));
    i = (i + 1) & (kInputs - 1);
  }
}
BENCHMARK(BM_LinecastAABB);

void BM_OverlapOBBOBB(benchmark::State& state) {
  const Inputs& in = inputs();
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(overlap_obb_obb(in.a[i], in.b[i]));
    i = (i + 1) & (kInputs - 1);
  }
}
BENCHMARK(BM_OverlapOBBOBB);

void BM_SphereCastSphere(benchmark::State& state) {
  const Inputs& in = inputs();
  ShapeCastHit hit;
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        sphere_cast_sphere(in.segments[i], 0.5, in.spheres[i], &hit));
    i = (i + 1) & (kInputs - 1);
  }
}
BENCHMARK(BM_SphereCastSphere);

// One benchmark per query over the shape matrix's inputs: CALL(i) is the query
// on input i.
#define NP_BENCH(name, CALL)                \
  void BM_##name(benchmark::State& state) { \
    const Inputs& in = inputs();            \
    RayHit hit;                             \
    int i = 0;                              \
    for (auto _ : state) {                  \
      benchmark::DoNotOptimize(CALL);       \
      benchmark::DoNotOptimize(hit);        \
      i = (i + 1) & (kInputs - 1);          \
    }                                       \
  }                                         \
  BENCHMARK(BM_##name)

NP_BENCH(RaycastAABB, raycast_aabb(in.rays[i], in.boxes[i], kInfinity, &hit));
NP_BENCH(RaycastSphere,
         raycast_sphere(in.rays[i], in.spheres[i], kInfinity, &hit));
NP_BENCH(RaycastCapsule,
         raycast_capsule(in.rays[i], in.capsules[i], kInfinity, &hit));
NP_BENCH(RaycastOBB, raycast_obb(in.rays[i], in.a[i], kInfinity, &hit));
NP_BENCH(RaycastTriangle,
         raycast_triangle(in.rays[i], in.triangles[i], kInfinity, &hit));
NP_BENCH(RaycastPlane,
         raycast_plane(in.rays[i], in.planes[i], kInfinity, &hit));
NP_BENCH(ClosestPointOnTriangle,
         closest_point_on_triangle(in.points[i], in.triangles[i]));
NP_BENCH(ClosestPointOnSegment,
         closest_point_on_segment(in.points[i], in.segments[i]));
NP_BENCH(DistancePointPlane, distance_point_plane(in.points[i], in.planes[i]));
NP_BENCH(DistancePointAABB, distance_point_aabb(in.points[i], in.boxes[i]));

}  // namespace

BENCHMARK_MAIN();
