// narrowphase fuzzing: writes the hand-made part of the seed corpus
// (tests/fuzz/corpus/{raw,valid}/): one ordinary case per query, and the exact
// inputs of known findings, in both modes' formats, so that every smoke run
// replays them. Usage: np_fuzz_seeds OUTDIR (writes OUTDIR/raw/NAME and
// OUTDIR/valid/NAME).
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "kinds.h"
#include "mesh_case.h"

namespace {

struct Seed {
  const char* file;
  const char* query;
  std::vector<double> inputs;
};

const double kInf = HUGE_VAL;
const double kSub = DBL_TRUE_MIN;  // 5e-324

// The identity rotation, column-major.
#define NP_ID 1, 0, 0, 0, 1, 0, 0, 0, 1

const Seed kSeeds[] = {
    // One ordinary case per query.
    {"basic-closest",
     "np_closestPointOnAABB",
     {2, 0.5, -3, -1, -1, -1, 1, 1, 1}},
    {"basic-distance",
     "np_distancePointAABB",
     {2, 0.5, -3, -1, -1, -1, 1, 1, 1}},
    {"basic-overlap-sphere",
     "np_overlapSphereAABB",
     {4, 1, 1, 3, 0, 0, 0, 1, 1, 1}},
    {"basic-linecast",
     "np_linecastAABB",
     {-3, 0.25, 0.5, 3, 0.5, 0.25, -1, -1, -1, 1, 1, 1}},
    {"basic-raycast",
     "np_raycastAABB",
     {-3, 0.25, 0.5, 1, 0, 0, -1, -1, -1, 1, 1, 1, kInf}},
    {"basic-overlap-obb",
     "np_overlapOBBOBB",
     {0, 0, 0, 1, 2, 3, NP_ID, 2, 1, 0, 1, 1, 1, 0, 1, 0, -1, 0, 0, 0, 0, 1}},
    {"basic-axis-obb",
     "np_separatingAxisOBBOBB",
     {0, 0, 0, 1, 2, 3, NP_ID, 5, 1, 0, 1, 1, 1, 0, 1, 0, -1, 0, 0, 0, 0, 1}},
    {"basic-sphere-cast",
     "np_sphereCastSphere",
     {-5, 0.5, 0, 5, 0.5, 0, 0.5, 0, 0, 0, 1}},
    // Known findings (issue "Hardening"). raycastAABB: NaN distance.
    {"finding-raycast-subnormal-huge-dir",
     "np_raycastAABB",
     {0, 0, 1, kSub, 0, -1e308, -1, -1, -1, 1, 1, 0, kInf}},
    // linecastAABB: NaN distance for a segment whose length overflows.
    {"finding-linecast-overflow",
     "np_linecastAABB",
     {0, 0, 0, 1.5e308, 1.5e308, 0, -1, -1, -1, 1, 1, 1}},
    // linecast: a false hit with the point outside the box.
    {"finding-linecast-subnormal-gap",
     "np_linecastAABB",
     {0.5, 0.5, -kSub, 0.5, 0.5, -4, 0, 0, 0, 1, 1, 1}},
    // linecast: normal (-1, -1, 0), not unit.
    {"finding-linecast-subnormal-normal",
     "np_linecastAABB",
     {0, 0, 0, kSub, kSub, 0, -1, -1, -1, 1, 1, 1}},
    // linecast: normal with -0.
    {"finding-linecast-negative-zero",
     "np_linecastAABB",
     {0, 0, 0, 1e10, 0, 1e-320, -1, -1, -1, 1, 1, 1}},
    // sphere cast: normal of length 0.99.
    {"finding-sphere-cast-subnormal",
     "np_sphereCastSphere",
     {1.5316035021078643e-322, 1.5316035021078643e-322, 5.9287877500949585e-323,
      0, 0, 0, 0, 0, 0, 0, 0}},
    // overlapOBBOBB: asymmetric when the centers differ by a subnormal amount
    // (two crossing segments). Found by
    // the valid-mode harness itself (23 s).
    {"finding-obb-asymmetric-subnormal",
     "np_overlapOBBOBB",
     {0,
      0x0.0000000000003p-1022,
      0,
      0,
      1,
      0,
      0x1.369f18p-2,
      0x1.a5525ap-1,
      -0x1.ebfa64p-2,
      0x1.ebfa64p-2,
      0x1.369f18p-2,
      0x1.a5525ap-1,
      0x1.a5525ap-1,
      -0x1.ebfa64p-2,
      -0x1.369f18p-2,
      -0.0,
      -0.0,
      -0.0,
      0,
      1,
      0,
      0x1.87fdc5434a2f2p-3,
      0x1.f3d19821a5e35p-2,
      -0x1.b3fcfc80a79bfp-1,
      0x1.70cc5c0ebbd02p-1,
      0x1.09f9062b67211p-1,
      0x1.d6b3f8e1316eap-2,
      0x1.555cc5475f91cp-1,
      -0x1.6717d12310faap-1,
      -0x1.023561e2319c2p-2}},
    // Found by the harnesses, not in the list. raycastAABB: normal (-1,
    // -0, 0) for an origin inside the
    // box and a direction with a huge and a subnormal component
    // (-unit(direction) underflows to -0).
    {"finding-raycast-negative-zero",
     "np_raycastAABB",
     {0.5, 0.5, 0.5, 0x1p+572, 0x0.00000000d21p-1022, 0, 0, 0, 0, 1, 1, 1, 0}},
    // raycastAABB: a hit at distance 0 with the point (the origin) outside the
    // box by 5e-324.
    {"finding-raycast-subnormal-gap",
     "np_raycastAABB",
     {0, 0, 0, -0x1p+1022, -DBL_MAX, -0x1p+1022, -0x1.fffffffffffffp+1021,
      -DBL_MAX, -0x1.fffffffffffffp+1021, -kSub, DBL_MAX, 0, 0}},
    // overlapOBBOBB with identity rotations near the largest doubles: b.center
    // - a.center overflows, and the
    // boxes, apart by 3e307 on the exact reals, are reported overlapping.
    {"finding-obb-overflow-false-overlap",
     "np_overlapOBBOBB",
     {DBL_MAX, 0, 0, 1.5e308, 1.5e308, 3.96875, NP_ID, -1.5e308, -1.5e308,
      -0x1p+62, 1.5e308, 1.5e308, 3.96875, NP_ID}},
    // sphereCastSphere (since fc96eca): a point cast reported touching a point
    // target it passes 1e294 away from
    // (a subnormal coordinate beside 1e303 ones), and one 5e307 away
    // (coordinates near the largest doubles).
    {"finding-sphere-cast-false-hit-subnormal",
     "np_sphereCastSphere",
     {-0x1.000004p+1009, 0x0.000000b00c2p-1022, 0, 0, 0, 0, 0, 0,
      -0x1.fffffp+976, 0x0.00000c2p-1022, 0}},
    {"finding-sphere-cast-false-hit-huge",
     "np_sphereCastSphere",
     {DBL_MAX, 19.8125, -1.5e308, 0, -3.8125, 1.5e308, 0, 1.5e308, 8, 8, 0}},
    // separating_axis_obb_obb: axis 0 reported separating, along which the
    // boxes overlap by 2.9e307.
    {"finding-obb-overflow-false-separation",
     "np_separatingAxisOBBOBB",
     {0,
      0,
      DBL_MAX,
      1.5e308,
      1.5e308,
      1.5e308,
      0x1.1e64p-4,
      -0x1.6f146cp-1,
      0x1.632066p-1,
      0x1.b28ec4p-1,
      0x1.a1e57p-2,
      0x1.5859b4p-2,
      -0x1.0c5e86p-1,
      0x1.215fa8p-1,
      0x1.462ab8p-1,
      0x1.78p+3,
      -1.5e308,
      -1.5e308,
      0,
      0,
      0,
      NP_ID}},
    // Boxes and triangles: one ordinary case each (touching: a corner, a face).
    {"basic-overlap-aabb-aabb",
     "np_overlapAABBAABB",
     {-1, -1, -1, 1, 1, 1, 1, 1, 1, 2, 3, 4}},
    {"basic-overlap-aabb-obb",
     "np_overlapAABBOBB",
     {-1, -1, -1, 1, 1, 1, 2, 0, 0, 1, 0.5, 2, 0, 1, 0, -1, 0, 0, 0, 0, 1}},
    {"basic-overlap-aabb-triangle",
     "np_overlapAABBTriangle",
     {-1, -1, -1, 1, 1, 1, 1, 1, 1, 3, 0, 0, 0, 3, 0}},
    {"basic-overlap-obb-triangle",
     "np_overlapOBBTriangle",
     {0, 0, 0, 1, 0.5, 2, 0, 1, 0, -1, 0, 0,
      0, 0, 1, 0, 1,   0, 0, 3, 5, 0,  3, -5}},
    {"basic-overlap-triangle-triangle",
     "np_overlapTriangleTriangle",
     {0, 0, 0, 4, 0, 0, 0, 4, 0, 1, 1, 0, 1, 2, 3, 2, 1, 3}},
    // overlapAABBTriangle: a sliver from subnormal offsets to 1.2e132 entering
    // a box with a subnormal bound was reported apart (the rounded orient3d).
    {"finding-aabb-triangle-subnormal-sliver",
     "np_overlapAABBTriangle",
     {0, 0x0.600000000004p-1022, 0, 0x1.b5b5b5bp+438, 0x1.b5b5b5b5b5b5bp+438,
      0x1.b5b5b5b5b5b5bp+438, 0x1.b5b5b5b5b5b5bp+438, 0x1.b5b5b5b5b5b5bp+438,
      0x1.b5b5b5b5b5b5bp+438, 0, 0x0.0003fp-1022, 0, 0x0.000000008p-1022, 0,
      0}},
    // overlapAABBOBB: a point OBB 1.5e308 away reported overlapping (the
    // center difference overflowed in the OBB-OBB test).
    // overlapOBBTriangle: a box near -2.2e307 and a triangle reaching 4.5e307
    // reported overlapping (|v - c|_1 overflowed the slack to infinity).
    {"finding-obb-triangle-slack-overflow",
     "np_overlapOBBTriangle",
     {-0x1.fffffffffffffp+1020,
      -0x1.fffffffffffffp+1020,
      -0x1.fffffffffffffp+1020,
      0x1.fffffffffffffp+1020,
      0x1p+478,
      0x1p+478,
      1,
      0x1p-44,
      0,
      -0x1p-44,
      1,
      0,
      0,
      0,
      1,
      0x1.107000003p-1015,
      0x1.17p-1022,
      0x0.0001000000003p-1022,
      0x1.fffffffffffffp+1021,
      0x1.fffffffffffffp+1021,
      0x1.fffffffffffffp+1021,
      0x1.fffffffffffffp+1020,
      0x1.fffffffffffffp+1020,
      0x1.fffffffffffffp+1020}},
    {"finding-aabb-obb-huge",
     "np_overlapAABBOBB",
     {0,        0,        1.5e308, 1.5e308, 1.5e308, DBL_MAX, 11.75,
      -1.5e308, -1.5e308, 0,       0,       0,       1,       0x0.9p-1022,
      0,        0,        1,       0,       0,       0,       1}},
    // Segments and capsules (issue "The shape matrix", item 2): one ordinary
    // case each, and the fuzzer's findings (underflowing sub-predicates made
    // clearly separated shapes touch).
    {"basic-closest-points-segments",
     "np_closestPointsSegmentSegment",
     {-1, 0, 0, 3, 0, 0, 0, -2, 2, 0, 2, 2}},
    {"basic-overlap-capsule-capsule",
     "np_overlapCapsuleCapsule",
     {-6, -8, 0, 0, 0, 0, 2, 3, 4, 0, 9, 12, 0, 3}},
    {"basic-overlap-capsule-aabb",
     "np_overlapCapsuleAABB",
     {4, 5, -3, 4, 5, 3, 5, -1, -1, -1, 1, 1, 1}},
    {"basic-overlap-capsule-obb",
     "np_overlapCapsuleOBB",
     {0, 5, 0, 0, 9, 0, 3, 0, 0, 0, 2, 1, 1, 0, 1, 0, -1, 0, 0, 0, 0, 1}},
    {"basic-overlap-capsule-triangle",
     "np_overlapCapsuleTriangle",
     {-1, 0, 1, 2, 1, 0, 0, 0, 0, -1, 0, 1, 2, 1, 1, 2}},
    {"finding-capsules-underflow",
     "np_overlapCapsuleCapsule",
     {1.7765824089018436e-307, 0, 4.5480509667887196e-305, 0, 0, 0, 0, 5, 1, 0,
      1, 1, 1, 0}},
    {"finding-capsule-aabb-underflow",
     "np_overlapCapsuleAABB",
     {0, 0, 1.7976931348623157e+308, 1.5000257162065725e+308, 1.5e+308,
      3.0416764594732063e-304, 0.06991958628077731, 7.0415309139093551e-09,
      -0.71695243985045187, 0.69360655546188354, 6.8664551008623675e-05,
      26745.359375059605, 2.681562223665048e+154}},
    {"finding-capsule-aabb-tiny-box",
     "np_overlapCapsuleAABB",
     {-5, 0.5, 2.5810856758683536e-306, 5, 0.50000002980232239, 0, 0.5, 0, 0, 0,
      1.9305918745095393e-197, 1.9305918745095462e-197,
      1.9305918745095462e-197}},
    {"finding-capsule-triangle-tiny-far",
     "np_overlapCapsuleTriangle",
     {0, 0, 5.2285133385414812e+54, 5.2285141982483265e+54,
      5.2285141982483265e+54, 3.7054923438093491e-322, 4.0315743054947832e-312,
      1.0994993871139101e-308, 0, 4.0729056712839695e-312,
      4.0729056712839695e-312, 4.0729056712839695e-312, 4.0729056712839695e-312,
      3.4734816477573607e-310, 3.4732827106519577e-310,
      3.4732827106519577e-310}},
    {"finding-capsule-triangle-tiny-sliver",
     "np_overlapCapsuleTriangle",
     {1.356751058848421e-312, 4.1790054608322332e-312, 3.4698875173864133e-310,
      4.9406564584124654e-324, 0, 0, 0, 6.3659873728958169e-314, 0,
      8.4879831638610893e-314, 0, 4.3110806008577027e-308, 0, -4, -4, -4}},
};

// ---- Mode mesh (fuzz_mesh.cpp): hand-made bytes in mesh_case.h's layout.
// Each is run by every mesh harness (a pinned harness ignores the selector and
// reads the rest as its own query), so each shape of mesh meets every query.

// Header: selector, magnitude (an index into kScales), offset kind and byte,
// flags (1: unindexed), vertex count - 1, triangle count - 1.
std::vector<uint8_t> mesh_header(int selector, int scale, int offset_kind,
                                 int offset_byte, int flags, int vertices,
                                 int triangles) {
  return {
      static_cast<uint8_t>(selector),     static_cast<uint8_t>(scale),
      static_cast<uint8_t>(offset_kind),  static_cast<uint8_t>(offset_byte),
      static_cast<uint8_t>(flags),        static_cast<uint8_t>(vertices - 1),
      static_cast<uint8_t>(triangles - 1)};
}

void append(std::vector<uint8_t>* v, std::initializer_list<int> bytes) {
  for (int b : bytes) v->push_back(static_cast<uint8_t>(b));
}

// A unit floor of two triangles sharing the diagonal (1,0,0)-(0,1,0), grid
// steps of 1/4 (4 = one unit): vertex kind 0, then x, y, z.
void floor2(std::vector<uint8_t>* v) {
  append(v, {0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 4, 4, 0});
  append(v, {0, 1, 2, 1, 3, 2});
}

struct MeshSeed {
  std::string file;
  std::vector<uint8_t> bytes;
  size_t triangles;  // what the bytes must decode to (mesh harnesses)
};

std::vector<MeshSeed> mesh_seeds() {
  std::vector<MeshSeed> out;
  // A point (fine grid, 1/256 steps: 128 = 0.5) at the middle of the shared
  // edge, 1 above it; a direction straight down (scale 1, (0, 0, -1)); a
  // radius of 0x14 / 16 = 1.25: the ray, the sphere, the cast and the contact
  // meet both triangles at once (the ties' rule, the internal edge).
  const std::vector<int> point = {0, 128, 0, 128, 0, 0, 1};
  const std::vector<int> down = {0, 7, 0, 0, 255};
  const int radius = 0x14;
  // The query's bytes after the selector, per mesh harness.
  std::vector<int> tails[4];
  tails[0] = {0};  // raycast, max distance infinite
  tails[1] = {0};  // triangles_in_sphere
  tails[2] = {0};  // sphere_cast
  tails[3] = {0};  // contacts_sphere
  for (int q = 0; q < 4; ++q) {
    tails[q].insert(tails[q].end(), point.begin(), point.end());
    if (q == 0 || q == 2)
      tails[q].insert(tails[q].end(), down.begin(), down.end());
    if (q != 0) tails[q].push_back(radius);
  }
  const char* qnames[] = {"ray", "overlap", "cast", "contacts"};
  // The floor at 1 (kScales[7]), at the least subnormal (0), at 1e300 (12)
  // offset by 1e300 (kOffsets[3]), and at 1e-300 (3) offset by 1e6
  // (kOffsets[0]).
  const int scales[][3] = {{7, 0, 0}, {0, 0, 0}, {12, 6, 3}, {3, 6, 0}};
  const char* names[] = {"floor-1", "floor-subnormal", "floor-1e300",
                         "floor-1e-300-offset-1e6"};
  for (int i = 0; i < 4; ++i) {
    for (int q = 0; q < 4; ++q) {
      std::vector<uint8_t> v =
          mesh_header(q, scales[i][0], scales[i][1], scales[i][2], 0, 4, 2);
      floor2(&v);
      for (int x : tails[q]) v.push_back(static_cast<uint8_t>(x));
      out.push_back({std::string(names[i]) + "-" + qnames[q], v, 2});
    }
  }
  // Unindexed: a point triangle, a segment triangle and two coincident ones,
  // at scale 1 (vertex 3 = a copy of vertex 0; 4 = the midpoint of 1 and 2);
  // the ray down through the middle of the segment.
  {
    std::vector<uint8_t> v = mesh_header(0, 7, 0, 0, 1, 5, 4);
    append(&v, {0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 4, 0, 5, 0, 6, 1, 2});
    append(&v, {0, 0, 0, 0, 3, 4, 1, 2, 0, 2, 1, 3});
    for (int x : tails[0]) v.push_back(static_cast<uint8_t>(x));
    out.push_back({"degenerate-unindexed", v, 4});
  }
  // A fan of 6 coplanar triangles around vertex 0 (kind 7: z = the offset),
  // offset 100 units, scale 1; a capsule from the hub to an edge's midpoint.
  {
    std::vector<uint8_t> v = mesh_header(1, 7, 3, 100, 0, 7, 6);
    append(&v, {7, 0, 0, 0,   7, 8, 0, 0,   7,   4, 7, 0, 7,   252,
                7, 0, 7, 248, 0, 0, 7, 252, 249, 0, 7, 4, 249, 0});
    append(&v, {0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5, 0, 5, 6, 0, 6, 1});
    append(&v, {1});     // triangles_in_capsule
    append(&v, {4, 0});  // start: triangle 0's first corner (the hub)
    append(&v, {1});     // an end of its own:
    append(&v, {5, 2});  // triangle 2's first edge's midpoint
    append(&v, {0x24});  // radius 2.25
    out.push_back({"fan-offset-100", v, 6});
  }
  // The tree: 6 boxes (two equal, a flat one, a point one), then six
  // operations: every kind once, and a second raycast with a finite max.
  {
    std::vector<uint8_t> v = {4, 7, 0, 0, 6};
    append(&v, {0,  0, 0, 0, 16, 16, 16,  7,   0,   0,  4,  0,  0, 16, 0,
                16, 6, 8, 8, 8,  0,  252, 252, 252, 32, 32, 32, 7, 2});
    append(&v, {5});                                         // 6 operations
    append(&v, {2, 0, 0, 0, 0, 0, 0, 0, 0, 7, 1, 1, 1, 0});  // raycast
    append(&v, {0, 2, 0, 8, 8, 8, 16, 16, 16});              // update(2, ...)
    append(&v, {1, 0xf0, 0, 4, 4, 4, 0, 0, 0, 7, 0, 7, 1, 7, 2});  // update_all
    append(&v, {3, 0, 0, 0, 0, 0, 0, 0, 16, 16, 16});  // boxes_in_aabb
    append(&v, {4, 0, 0, 0, 0, 0, 0, 0, 0x88});        // boxes_in_sphere
    append(&v, {2, 0, 1, 0, 1, 0, 1, 0, 0, 7, 255, 255, 255, 1, 0x44});
    out.push_back({"tree-ops", v, 0});
  }
  return out;
}

bool write(const std::string& path, const std::vector<uint8_t>& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  return std::fclose(f) == 0 && ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  for (const Seed& s : kSeeds) {
    int index = -1;
    for (int i = 0; i < np_fuzz::kQueryCount; ++i) {
      if (std::strcmp(np_fuzz::kQueries[i].name, s.query) == 0) index = i;
    }
    if (index < 0) {
      std::fprintf(stderr, "seed %s: no query %s\n", s.file, s.query);
      return 1;
    }
    const np_fuzz::Query& q = np_fuzz::kQueries[index];
    if (static_cast<int>(s.inputs.size()) != np_fuzz::input_size(q)) {
      std::fprintf(stderr, "seed %s: %zu inputs, %s takes %d\n", s.file,
                   s.inputs.size(), s.query, np_fuzz::input_size(q));
      return 1;
    }
    // raw: selector, then the doubles' bytes.
    std::vector<uint8_t> raw{static_cast<uint8_t>(index)};
    for (double v : s.inputs) {
      uint64_t u;
      std::memcpy(&u, &v, sizeof u);
      for (int k = 0; k < 8; ++k)
        raw.push_back(static_cast<uint8_t>(u >> (8 * k)));
    }
    // valid: the generators' literal strategy; check that it reproduces the
    // inputs exactly.
    const std::vector<uint8_t> valid =
        np_fuzz::encode_literal(index, q, s.inputs.data());
    np_fuzz::Bytes b(valid.data() + 1, valid.size() - 1);
    double io[NP_IO_DOUBLES] = {};
    np_fuzz::generate_inputs(b, q, io);
    if (std::memcmp(io, s.inputs.data(), sizeof(double) * s.inputs.size()) !=
        0) {
      std::fprintf(
          stderr,
          "seed %s: the valid-mode encoding does not reproduce the inputs\n",
          s.file);
      return 1;
    }
    if (!write(dir + "/raw/seed-" + s.file, raw) ||
        !write(dir + "/valid/seed-" + s.file, valid)) {
      std::fprintf(stderr, "cannot write into %s/{raw,valid}\n", dir.c_str());
      return 1;
    }
  }
  std::printf("wrote %zu seeds per mode into %s/{raw,valid}\n",
              sizeof kSeeds / sizeof kSeeds[0], dir.c_str());
  const std::vector<MeshSeed> mesh = mesh_seeds();
  for (const MeshSeed& s : mesh) {
    if (s.triangles > 0) {  // decodes to the mesh meant
      np_fuzz::MeshCase c(s.bytes.data() + 1, s.bytes.size() - 1);
      c.header();
      c.mesh();
      if (c.triangles.size() != s.triangles) {
        std::fprintf(stderr, "mesh seed %s: %zu triangles, meant %zu\n",
                     s.file.c_str(), c.triangles.size(), s.triangles);
        return 1;
      }
    }
    if (!write(dir + "/mesh/seed-" + s.file, s.bytes)) {
      std::fprintf(stderr, "cannot write into %s/mesh\n", dir.c_str());
      return 1;
    }
  }
  std::printf("wrote %zu mesh seeds into %s/mesh\n", mesh.size(), dir.c_str());
  return 0;
}
