// The native reference for tests/bench/batch.bench.mjs: hand-written
// branch-free loops over the very same float32 arrays (read from the files the
// benchmark writes), in double like the batch kernels, without validation (the
// floor a native game loop would run). The benchmark builds this with
//   g++ -O3 -march=native -std=c++17
// and runs it as a child process; it prints one line per function,
// "name median_ns min_ns", and writes each answer array beside the
// inputs so that the benchmark checks they agree with the WASM batch's.
// Each function's loop runs once untimed (as the JS sides are warmed up),
// then `reps` timed rounds. Given a function's name, it runs only that one:
// the benchmark launches it so, with reps 1, once per round between the JS
// rounds, so that load drift moves both sides alike.
//
//   batch_native <dir> <n> <reps> [cpu|wall] [function]
//   (cpu: CLOCK_PROCESS_CPUTIME_ID)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

std::vector<float> load(const std::string& path, size_t count) {
  std::vector<float> v(count);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f || std::fread(v.data(), sizeof(float), count, f) != count) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(1);
  }
  std::fclose(f);
  return v;
}

template <typename T>
void save(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(v.data(), sizeof(T), v.size(), f);
  std::fclose(f);
}

inline double over(double v, double lo, double hi) {
  return std::max(std::max(lo - v, v - hi), 0.0);
}

void sphere_aabb(const float* s, const float* b, size_t n, uint8_t* out) {
  for (size_t i = 0; i < n; ++i) {
    const float* p = s + 4 * i;
    const float* q = b + 6 * i;
    const double dx = over(p[0], q[0], q[3]), dy = over(p[1], q[1], q[4]),
                 dz = over(p[2], q[2], q[5]);
    const double r = p[3];
    out[i] = dx * dx + dy * dy + dz * dz <= r * r;
  }
}

void point_aabb(const float* s, const float* b, size_t n, float* out) {
  for (size_t i = 0; i < n; ++i) {
    const float* p = s + 3 * i;
    const float* q = b + 6 * i;
    const double dx = over(p[0], q[0], q[3]), dy = over(p[1], q[1], q[4]),
                 dz = over(p[2], q[2], q[5]);
    out[i] = static_cast<float>(std::sqrt(dx * dx + dy * dy + dz * dz));
  }
}

void ray_aabb(const float* r, const float* b, double tmax, size_t n,
              float* out) {
  for (size_t i = 0; i < n; ++i) {
    const float* p = r + 6 * i;
    const float* q = b + 6 * i;
    const double dx = p[3], dy = p[4], dz = p[5];
    const double len = std::sqrt(dx * dx + dy * dy + dz * dz);
    double near = 0.0, far = tmax;
    for (int k = 0; k < 3; ++k) {
      const double u = p[3 + k] / len, o = p[k], lo = q[k], hi = q[3 + k];
      const double t1 = (lo - o) / u, t2 = (hi - o) / u;
      const bool in = (o >= lo) & (o <= hi);
      const bool par = u == 0.0;
      const double a = par ? (in ? -INFINITY : INFINITY) : std::min(t1, t2);
      const double c = par ? (in ? INFINITY : -INFINITY) : std::max(t1, t2);
      near = std::max(near, a);
      far = std::min(far, c);
    }
    out[i] = near <= far ? static_cast<float>(near) : INFINITY;
  }
}

// Ericson 4.4.1, every axis tested (no early exit), edge axes with a slack.
void obb_obb(const float* A, const float* B, size_t n, uint8_t* out) {
  for (size_t i = 0; i < n; ++i) {
    const float* a = A + 15 * i;
    const float* b = B + 15 * i;
    double R[3][3], AR[3][3], t[3];
    for (int x = 0; x < 3; ++x)
      for (int y = 0; y < 3; ++y) {
        R[x][y] = double(a[6 + 3 * x]) * b[6 + 3 * y] +
                  double(a[7 + 3 * x]) * b[7 + 3 * y] +
                  double(a[8 + 3 * x]) * b[8 + 3 * y];
        AR[x][y] = std::fabs(R[x][y]);
      }
    const double d0 = double(b[0]) - a[0], d1 = double(b[1]) - a[1],
                 d2 = double(b[2]) - a[2];
    for (int x = 0; x < 3; ++x)
      t[x] = d0 * a[6 + 3 * x] + d1 * a[7 + 3 * x] + d2 * a[8 + 3 * x];
    const double ea[3] = {a[3], a[4], a[5]}, eb[3] = {b[3], b[4], b[5]};
    bool sep = false;
    for (int x = 0; x < 3; ++x)
      sep |= std::fabs(t[x]) >
             ea[x] + eb[0] * AR[x][0] + eb[1] * AR[x][1] + eb[2] * AR[x][2];
    for (int y = 0; y < 3; ++y)
      sep |= std::fabs(t[0] * R[0][y] + t[1] * R[1][y] + t[2] * R[2][y]) >
             eb[y] + ea[0] * AR[0][y] + ea[1] * AR[1][y] + ea[2] * AR[2][y];
    const double slack =
        0x1p-20 * (ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2] +
                   std::fabs(t[0]) + std::fabs(t[1]) + std::fabs(t[2]));
    for (int x = 0; x < 3; ++x) {
      const int x1 = (x + 1) % 3, x2 = (x + 2) % 3;
      for (int y = 0; y < 3; ++y) {
        const int y1 = (y + 1) % 3, y2 = (y + 2) % 3;
        sep |= std::fabs(t[x2] * R[x1][y] - t[x1] * R[x2][y]) >
               ea[x1] * AR[x2][y] + ea[x2] * AR[x1][y] + eb[y1] * AR[x][y2] +
                   eb[y2] * AR[x][y1] + slack;
      }
    }
    out[i] = !sep;
  }
}

void sphere_cast(const float* C, const float* T, size_t n, float* out) {
  for (size_t i = 0; i < n; ++i) {
    const float* c = C + 7 * i;
    const float* s = T + 4 * i;
    const double mx = double(c[0]) - s[0], my = double(c[1]) - s[1],
                 mz = double(c[2]) - s[2];
    const double dx = double(c[3]) - c[0], dy = double(c[4]) - c[1],
                 dz = double(c[5]) - c[2];
    const double reach = double(c[6]) + s[3];
    const double a = dx * dx + dy * dy + dz * dz;
    const double b = mx * dx + my * dy + mz * dz;
    const double cc = mx * mx + my * my + mz * mz - reach * reach;
    const double disc = b * b - a * cc;
    const double t = cc / (std::sqrt(std::max(disc, 0.0)) - b);
    const bool hit = (b < 0.0) & (disc >= 0.0) & (t <= 1.0);
    out[i] = cc <= 0.0 ? 0.0f : hit ? static_cast<float>(t) : INFINITY;
  }
}

bool g_cpu = true;  // time by the process's CPU time, or by the wall clock

double now_ns() {
  if (!g_cpu) {
    return std::chrono::duration<double, std::nano>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

const char* g_only = nullptr;  // the one function to run, or all

template <typename F>
void time_it(const char* name, int reps, size_t n, F run) {
  run();  // warm-up: page faults of the output, caches, clock speed
  std::vector<double> ns;
  for (int r = 0; r < reps; ++r) {
    const double t0 = now_ns();
    run();
    ns.push_back((now_ns() - t0) / n);
  }
  std::sort(ns.begin(), ns.end());
  std::printf("%s %.3f %.3f\n", name, ns[ns.size() / 2], ns[0]);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || argc > 6) return 2;
  g_cpu = argc == 4 || std::string(argv[4]) != "wall";
  if (argc == 6) g_only = argv[5];
  const auto wanted = [](const char* name) {
    return g_only == nullptr || std::string(g_only) == name;
  };
  const std::string dir = argv[1];
  const size_t n = std::strtoull(argv[2], nullptr, 10);
  const int reps = std::atoi(argv[3]);
  if (wanted("overlapSphereAABB")) {
    auto s = load(dir + "/spheres", 4 * n), b = load(dir + "/boxes", 6 * n);
    std::vector<uint8_t> o(n);
    time_it("overlapSphereAABB", reps, n,
            [&] { sphere_aabb(s.data(), b.data(), n, o.data()); });
    save(dir + "/out.overlapSphereAABB", o);
  }
  if (wanted("distancePointAABB")) {
    auto p = load(dir + "/points", 3 * n), b = load(dir + "/boxes", 6 * n);
    std::vector<float> o(n);
    time_it("distancePointAABB", reps, n,
            [&] { point_aabb(p.data(), b.data(), n, o.data()); });
    save(dir + "/out.distancePointAABB", o);
  }
  if (wanted("raycastAABB")) {
    auto r = load(dir + "/rays", 6 * n), b = load(dir + "/boxes", 6 * n);
    std::vector<float> o(n);
    time_it("raycastAABB", reps, n,
            [&] { ray_aabb(r.data(), b.data(), INFINITY, n, o.data()); });
    save(dir + "/out.raycastAABB", o);
  }
  if (wanted("overlapOBBOBB")) {
    auto a = load(dir + "/obbA", 15 * n), b = load(dir + "/obbB", 15 * n);
    std::vector<uint8_t> o(n);
    time_it("overlapOBBOBB", reps, n,
            [&] { obb_obb(a.data(), b.data(), n, o.data()); });
    save(dir + "/out.overlapOBBOBB", o);
  }
  if (wanted("sphereCastSphere")) {
    auto c = load(dir + "/casts", 7 * n), t = load(dir + "/targets", 4 * n);
    std::vector<float> o(n);
    time_it("sphereCastSphere", reps, n,
            [&] { sphere_cast(c.data(), t.data(), n, o.data()); });
    save(dir + "/out.sphereCastSphere", o);
  }
  return 0;
}
