// Tests of validate.h: which inputs the queries accept, and the (problem,
// component) pair reported for each kind of bad input ("Bad input" in
// EDGE_CASES.md). The component is the index in the shape's flat layout; the
// flat C functions turn it into the error code -(problem << 8 | slot) (tested
// beside each query).
#include "narrowphase/validate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "narrowphase/tolerances.h"

namespace {

using np::AABB;
using np::OBB;
using np::Problem;
using np::Ray;
using np::Sphere;
using np::Validity;
using np::Vec3;

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
const double kNonFinite[] = {kNaN, kInf, -kInf};

::testing::AssertionResult Reports(Validity v, Problem problem, int component) {
  if (v.problem == problem && v.component == component)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got problem " << static_cast<int>(v.problem) << " at "
         << v.component << ", expected problem " << static_cast<int>(problem)
         << " at " << component;
}

::testing::AssertionResult IsValid(Validity v) {
  return Reports(v, Problem::kNone, -1);
}

// Views of each shape as its flat layout, to set component i.
void set_flat(Vec3& v, int i, double x) { np::set(v, i, x); }
void set_flat(AABB& b, int i, double x) {
  np::set(i < 3 ? b.min : b.max, i % 3, x);
}
void set_flat(Sphere& s, int i, double x) {
  i < 3 ? np::set(s.center, i, x) : void(s.radius = x);
}
void set_flat(OBB& o, int i, double x) {
  if (i < 3)
    np::set(o.center, i, x);
  else if (i < 6)
    np::set(o.half_size, i - 3, x);
  else
    np::set(o.axis[(i - 6) / 3], (i - 6) % 3, x);
}
void set_flat(Ray& r, int i, double x) {
  np::set(i < 3 ? r.origin : r.direction, i % 3, x);
}

const OBB kUnitOBB{{0.0, 0.0, 0.0},
                   {1.0, 2.0, 3.0},
                   {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}};

// Every component, one at a time, NaN, +inf and -inf: kNotFinite at that
// component.
template <typename Shape>
void expect_every_non_finite_component_reported(Shape valid, int components) {
  for (int i = 0; i < components; ++i) {
    for (double bad : kNonFinite) {
      Shape s = valid;
      set_flat(s, i, bad);
      EXPECT_TRUE(Reports(np::validate(s), Problem::kNotFinite, i))
          << "component " << i << " = " << bad;
    }
  }
}

OBB obb_with_rotation(const double (&m)[9]) {
  OBB o = kUnitOBB;
  for (int i = 0; i < 9; ++i) set_flat(o, 6 + i, m[i]);
  return o;
}

}  // namespace

TEST(ValidityValue, ValidHasNoProblemAndComponentMinusOne) {
  EXPECT_TRUE(np::kValid.ok());
  EXPECT_EQ(np::kValid.component, -1);
  EXPECT_FALSE((Validity{Problem::kNegative, 3}).ok());
}

TEST(ValidateVec3, AcceptsFiniteNumbersAndReportsEachNonFiniteComponent) {
  EXPECT_TRUE(IsValid(np::validate(Vec3{0.0, -0.0, 1e308})));
  EXPECT_TRUE(IsValid(np::validate(Vec3{-1e308, 5e-324, 0.0})));
  expect_every_non_finite_component_reported(Vec3{1.0, 2.0, 3.0}, 3);
  // The first bad component wins.
  EXPECT_TRUE(
      Reports(np::validate(Vec3{1.0, kNaN, kInf}), Problem::kNotFinite, 1));
}

TEST(ValidateAABB, AcceptsOrderedAndDegenerateBoxes) {
  EXPECT_TRUE(IsValid(np::validate(AABB{{-1.0, -2.0, -3.0}, {1.0, 2.0, 3.0}})));
  EXPECT_TRUE(IsValid(np::validate(AABB{{1.0, 2.0, 3.0}, {1.0, 2.0, 3.0}})))
      << "min == max is a point box";
  EXPECT_TRUE(IsValid(np::validate(AABB{{-1.0, 0.5, -1.0}, {1.0, 0.5, 1.0}})))
      << "flat box";
  EXPECT_TRUE(IsValid(np::validate(AABB{{0.0, -0.0, 0.0}, {-0.0, 0.0, 0.0}})))
      << "-0 == +0";
}

TEST(ValidateAABB, ReportsEachNonFiniteComponent) {
  expect_every_non_finite_component_reported(
      AABB{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}}, 6);
}

TEST(ValidateAABB, ReportsAnInvertedAxisAtItsMinComponent) {
  for (int i = 0; i < 3; ++i) {
    AABB box{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
    np::set(box.min, i, std::nextafter(1.0, 2.0));  // one ulp above max
    EXPECT_TRUE(Reports(np::validate(box), Problem::kInverted, i))
        << "axis " << i;
  }
  // Several inverted axes: the first; a non-finite number anywhere: reported
  // before any inversion.
  EXPECT_TRUE(Reports(np::validate(AABB{{0.0, 5.0, 5.0}, {1.0, 1.0, 1.0}}),
                      Problem::kInverted, 1));
  EXPECT_TRUE(Reports(np::validate(AABB{{5.0, 0.0, 0.0}, {1.0, 1.0, kNaN}}),
                      Problem::kNotFinite, 5));
}

TEST(ValidateSphere, AcceptsRadiusZeroIncludingNegativeZero) {
  EXPECT_TRUE(IsValid(np::validate(Sphere{{1.0, 2.0, 3.0}, 0.0})));
  EXPECT_TRUE(IsValid(np::validate(Sphere{{1.0, 2.0, 3.0}, -0.0})));
  EXPECT_TRUE(IsValid(np::validate(Sphere{{1.0, 2.0, 3.0}, 1e300})));
}

TEST(ValidateSphere, ReportsNonFiniteComponentsAndANegativeRadius) {
  expect_every_non_finite_component_reported(Sphere{{1.0, 2.0, 3.0}, 0.5}, 4);
  for (double r : {-1.0, -5e-324, -1e300}) {
    EXPECT_TRUE(Reports(np::validate(Sphere{{0.0, 0.0, 0.0}, r}),
                        Problem::kNegative, 3))
        << "radius " << r;
  }
  EXPECT_TRUE(Reports(np::validate(Sphere{{kNaN, 0.0, 0.0}, -1.0}),
                      Problem::kNotFinite, 0))
      << "NaN first";
}

TEST(ValidateOBB, AcceptsRandomRotationsReflectionsAndZeroHalfSizes) {
  std::mt19937_64 rng(0x0E7);
  std::normal_distribution<double> g(0.0, 1.0);
  for (int n = 0; n < 1000; ++n) {
    double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
    const double len = std::sqrt(w * w + x * x + y * y + z * z);
    w /= len, x /= len, y /= len, z /= len;
    const double m[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),
                         2 * (x * z - w * y),     2 * (x * y - w * z),
                         1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                         2 * (x * z + w * y),     2 * (y * z - w * x),
                         1 - 2 * (x * x + y * y)};
    ASSERT_TRUE(IsValid(np::validate(obb_with_rotation(m))))
        << "case " << n << " (seed 0x0E7)";
    // The same matrix rounded to float32 (three.js Matrix3 data) is within the
    // tolerance too.
    double mf[9];
    for (int i = 0; i < 9; ++i) mf[i] = static_cast<float>(m[i]);
    ASSERT_TRUE(IsValid(np::validate(obb_with_rotation(mf))))
        << "float32 case " << n << " (seed 0x0E7)";
    // Mirrored (one column negated): a reflection is allowed.
    for (int i = 0; i < 3; ++i) mf[i] = -m[i];
    ASSERT_TRUE(IsValid(np::validate(obb_with_rotation(mf))))
        << "reflected case " << n;
  }
  OBB flat = kUnitOBB;
  flat.half_size = {0.0, 0.0, 0.0};
  EXPECT_TRUE(IsValid(np::validate(flat)));
  flat.half_size = {1.0, -0.0, 2.0};
  EXPECT_TRUE(IsValid(np::validate(flat)));
}

TEST(ValidateOBB, ReportsNonFiniteComponentsBeforeAnythingElse) {
  expect_every_non_finite_component_reported(kUnitOBB, 15);
  OBB both = kUnitOBB;
  both.half_size.x = -1.0;
  both.axis[2].z = kNaN;
  EXPECT_TRUE(Reports(np::validate(both), Problem::kNotFinite, 14));
}

TEST(ValidateOBB, ReportsANegativeHalfSizeAtItsComponent) {
  for (int i = 0; i < 3; ++i) {
    OBB o = kUnitOBB;
    np::set(o.half_size, i, -1e-300);
    EXPECT_TRUE(Reports(np::validate(o), Problem::kNegative, 3 + i))
        << "axis " << i;
  }
}

TEST(ValidateOBB, RejectsScaledOrShearedRotationsBeyondTheTolerance) {
  // Each check is |c_i . c_j - delta_ij| <= kOrthonormalTolerance; scaling a
  // column by (1 + e) moves its squared length by ~2e, shearing column j by e
  // along column i moves c_i . c_j by e.
  const double tol = np::kOrthonormalTolerance;
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(testing::Message() << "column " << i);
    OBB o = kUnitOBB;
    o.axis[i] = o.axis[i] * 2.0;
    EXPECT_TRUE(Reports(np::validate(o), Problem::kNotOrthonormal, 6));
    o = kUnitOBB;
    o.axis[i] = o.axis[i] *
                (1.0 + 0.4 * tol);  // squared length off by 0.8 tol: accepted
    EXPECT_TRUE(IsValid(np::validate(o)));
    o = kUnitOBB;
    o.axis[i] = o.axis[i] * (1.0 + 0.6 * tol);  // off by 1.2 tol: rejected
    EXPECT_TRUE(Reports(np::validate(o), Problem::kNotOrthonormal, 6));

    const int j = (i + 1) % 3;
    o = kUnitOBB;
    o.axis[j] =
        o.axis[j] + o.axis[i] * (0.5 * tol);  // c_i . c_j = 0.5 tol: accepted
    EXPECT_TRUE(IsValid(np::validate(o)));
    o = kUnitOBB;
    o.axis[j] =
        o.axis[j] + o.axis[i] * (2.0 * tol);  // c_i . c_j = 2 tol: rejected
    EXPECT_TRUE(Reports(np::validate(o), Problem::kNotOrthonormal, 6));
    o = kUnitOBB;
    o.axis[j] = o.axis[i];  // two equal columns
    EXPECT_TRUE(Reports(np::validate(o), Problem::kNotOrthonormal, 6));
  }
  const double zero[9] = {};
  EXPECT_TRUE(Reports(np::validate(obb_with_rotation(zero)),
                      Problem::kNotOrthonormal, 6));
}

TEST(ValidateRay, AcceptsAnyNonZeroDirection) {
  EXPECT_TRUE(IsValid(np::validate(Ray{{0.0, 0.0, 0.0}, {0.0, 0.0, 1e-150}})));
  EXPECT_TRUE(IsValid(np::validate(Ray{{0.0, 0.0, 0.0}, {-3.0, 0.0, -0.0}})));
  EXPECT_TRUE(
      IsValid(np::validate(Ray{{0.0, 0.0, 0.0}, {1e300, 1e300, 1e300}})));
  // However short: raycast_aabb rescales a direction whose squared length
  // underflows.
  EXPECT_TRUE(IsValid(np::validate(Ray{{0.0, 0.0, 0.0}, {1e-170, 0.0, 0.0}})));
  EXPECT_TRUE(IsValid(np::validate(Ray{{0.0, 0.0, 0.0}, {0.0, -5e-324, 0.0}})));
}

TEST(ValidateRay, ReportsNonFiniteComponentsAndAZeroDirection) {
  expect_every_non_finite_component_reported(
      Ray{{1.0, 2.0, 3.0}, {0.0, 1.0, 0.0}}, 6);
  EXPECT_TRUE(Reports(np::validate(Ray{{1.0, 2.0, 3.0}, {0.0, 0.0, 0.0}}),
                      Problem::kZeroDirection, 3));
  EXPECT_TRUE(Reports(np::validate(Ray{{1.0, 2.0, 3.0}, {-0.0, -0.0, -0.0}}),
                      Problem::kZeroDirection, 3));
  // Non-finite before zero.
  EXPECT_TRUE(Reports(np::validate(Ray{{kInf, 2.0, 3.0}, {0.0, 0.0, 0.0}}),
                      Problem::kNotFinite, 0));
}

TEST(ValidateRadius, AcceptsFiniteNonNegativeLengthsOnly) {
  for (double r : {0.0, -0.0, 1.0, 1e300})
    EXPECT_TRUE(IsValid(np::validate_radius(r))) << r;
  for (double r : {-1.0, -5e-324})
    EXPECT_TRUE(Reports(np::validate_radius(r), Problem::kNegative, 0)) << r;
  for (double r : kNonFinite)
    EXPECT_TRUE(Reports(np::validate_radius(r), Problem::kNotFinite, 0)) << r;
}

TEST(ValidateMaxDistance, AcceptsZeroToInfinityAndRejectsNegativesAndNaN) {
  for (double d : {0.0, -0.0, 2.5, kInf})
    EXPECT_TRUE(IsValid(np::validate_max_distance(d))) << d;
  for (double d : {-1.0, -5e-324, -kInf})
    EXPECT_TRUE(Reports(np::validate_max_distance(d), Problem::kNegative, 0))
        << d;
  EXPECT_TRUE(Reports(np::validate_max_distance(kNaN), Problem::kNotFinite, 0));
}
