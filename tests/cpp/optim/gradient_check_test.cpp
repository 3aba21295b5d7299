// Each surface's gradient against central finite differences in double: the surface computed in
// double (the same reference expression, instantiated for double) at x +- h, so the difference
// quotient carries neither float32's rounding nor, with h = 1e-5, a truncation error above 1e-7.
// The float32 gradient then differs from it only by its own rounding: a few ulps of its largest
// term, 200 (y - x^2) x, whose y - x^2 may cancel (on the Rosenbrock valley's floor).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "optim/optim.h"

namespace optim {
namespace {

constexpr double kStep = 1e-5;

void expect_central_differences(Surface s, float x, float y) {
  const auto at = core::testing::value_of(surface(s, std::vector<float>{x, y}));
  const double px = x, py = y;
  const double slopes[2] = {
      (reference::surface_value(s, px + kStep, py) - reference::surface_value(s, px - kStep, py)) /
          (2 * kStep),
      (reference::surface_value(s, px, py + kStep) - reference::surface_value(s, px, py - kStep)) /
          (2 * kStep)};
  const double rounding = 8 * FLT_EPSILON * 200 * (px * px + std::abs(py)) * (1 + std::abs(px));
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(at.gradient[i], slopes[i], 1e-5 * (1 + std::abs(slopes[i])) + rounding)
        << "surface " << static_cast<int>(s) << " at (" << x << ", " << y << "), d/d"
        << (i ? 'y' : 'x');
  }
  // The value is the float32 rounding of the double one.
  EXPECT_NEAR(at.value, reference::surface_value(s, px, py), 1e-6 * (1 + std::abs(at.value)));
}

TEST(OptimGradientCheck, EverySurfacesGradientMatchesCentralDifferences) {
  std::mt19937 rng(20260701);
  for (Surface s : {Surface::kBowl, Surface::kRavine, Surface::kRosenbrock}) {
    // Both minima, a few fixed points, then random ones.
    for (const auto& [x, y] :
         std::vector<std::pair<float, float>>{{0, 0}, {1, 1}, {-1.5f, 2}, {0.3f, -0.7f}}) {
      expect_central_differences(s, x, y);
    }
    const auto xs = core::testing::random_values(200, rng, -2.5f, 2.5f);
    for (size_t i = 0; i + 1 < xs.size(); i += 2) expect_central_differences(s, xs[i], xs[i + 1]);
    // On the Rosenbrock valley's floor, y = x^2, where y - x^2 cancels.
    for (size_t i = 0; i < xs.size(); i += 10) expect_central_differences(s, xs[i], xs[i] * xs[i]);
  }
}

TEST(OptimGradientCheck, TheRosenbrockGradientVanishesOnlyAtItsMinimum) {
  const auto at = core::testing::value_of(surface(Surface::kRosenbrock, std::vector<float>{1, 1}));
  EXPECT_EQ(at.value, 0.0f);
  EXPECT_EQ(at.gradient[0], 0.0f);
  EXPECT_EQ(at.gradient[1], 0.0f);
  // On the valley floor y = x^2 only the (1 - x)^2 term pulls.
  const auto floor =
      core::testing::value_of(surface(Surface::kRosenbrock, std::vector<float>{0.5f, 0.25f}));
  EXPECT_EQ(floor.gradient[0], -1.0f);
  EXPECT_EQ(floor.gradient[1], 0.0f);
}

}  // namespace
}  // namespace optim
