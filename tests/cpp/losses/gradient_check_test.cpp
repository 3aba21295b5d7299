// Every backward against central finite differences of its forward. A loss with grad_output g
// is the scalar f(x) = sum_k g_k * loss_k(x) (one g for a reduced loss), so each element's
// gradient is the difference quotient (f(x + h e_i) - f(x - h e_i)) / (2h), the step measured
// as float32 has it. The differences stay away from the Huber loss's kinks (|d| = delta), where
// no difference quotient is the gradient PyTorch defines; golden_test.cpp pins those values.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "losses/losses.h"

namespace losses {
namespace {

using Forward = std::function<Checked<std::vector<float>>(const std::vector<float>&)>;

constexpr float kStep = 1e-2f;

// f at x, in double: the loss's values weighted by grad_output.
double weighted_loss(const Forward& forward, const std::vector<float>& x,
                     const std::vector<float>& g) {
  const auto loss = forward(x);
  EXPECT_TRUE(loss.ok());
  double f = 0.0;
  for (size_t k = 0; loss.ok() && k < g.size(); ++k) f += static_cast<double>(g[k]) * (*loss.value)[k];
  return f;
}

void expect_central_differences(const Forward& forward, const std::vector<float>& x,
                                const std::vector<float>& g, const std::vector<float>& grad) {
  ASSERT_EQ(grad.size(), x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    std::vector<float> up = x, down = x;
    up[i] += kStep;
    down[i] -= kStep;
    const double slope = (weighted_loss(forward, up, g) - weighted_loss(forward, down, g)) /
                         (static_cast<double>(up[i]) - down[i]);
    EXPECT_NEAR(grad[i], slope, 1e-3 + 1e-3 * std::abs(slope)) << "at index " << i;
  }
}

const Reduction kReductions[] = {Reduction::kMean, Reduction::kSum, Reduction::kNone};

std::vector<float> grad_output(Reduction reduction, size_t terms, std::mt19937& rng) {
  return core::testing::random_values(loss_length(reduction, terms), rng, -2.0f, 2.0f);
}

TEST(LossesGradientCheck, MseBackwardMatchesCentralDifferences) {
  std::mt19937 rng(20260612);
  for (Reduction reduction : kReductions) {
    SCOPED_TRACE("reduction " + std::to_string(static_cast<int>(reduction)));
    LossOptions options;
    options.reduction = reduction;
    const auto x = core::testing::random_values(17, rng), y = core::testing::random_values(17, rng);
    const auto g = grad_output(reduction, x.size(), rng);
    const auto grad = mse_loss_backward(g, x, y, options);
    ASSERT_TRUE(grad.ok());
    expect_central_differences([&](const auto& at) { return mse_loss(at, y, options); }, x, g,
                               *grad.value);
  }
}

TEST(LossesGradientCheck, HuberBackwardMatchesCentralDifferencesAwayFromTheKinks) {
  std::mt19937 rng(20260613);
  for (Reduction reduction : kReductions) {
    for (double delta : {1.0, 0.25, 3.0}) {
      SCOPED_TRACE("reduction " + std::to_string(static_cast<int>(reduction)) + ", delta " +
                   std::to_string(delta));
      LossOptions options;
      options.reduction = reduction;
      options.delta = delta;
      auto x = core::testing::random_values(33, rng, -6.0f, 6.0f);
      const auto y = core::testing::random_values(33, rng, -2.0f, 2.0f);
      for (size_t i = 0; i < x.size(); ++i) {
        // Both sides of the kink are sampled, none within 0.05 of it.
        const float d = x[i] - y[i];
        if (std::abs(std::abs(d) - static_cast<float>(delta)) < 0.05f) x[i] += 0.1f;
      }
      const auto g = grad_output(reduction, x.size(), rng);
      const auto grad = huber_loss_backward(g, x, y, options);
      ASSERT_TRUE(grad.ok());
      expect_central_differences([&](const auto& at) { return huber_loss(at, y, options); }, x,
                                 g, *grad.value);
    }
  }
}

TEST(LossesGradientCheck, CrossEntropyBackwardMatchesCentralDifferences) {
  std::mt19937 rng(20260614);
  for (Reduction reduction : kReductions) {
    for (double eps : {0.0, 0.1, 1.0}) {
      for (const Shape& shape : {Shape{5, 4}, Shape{1, 3}, Shape{6}}) {
        SCOPED_TRACE("reduction " + std::to_string(static_cast<int>(reduction)) + ", eps " +
                     std::to_string(eps) + ", shape " + core::describe(shape));
        LossOptions options;
        options.reduction = reduction;
        options.label_smoothing = eps;
        const int64_t n = shape.size() == 1 ? 1 : shape[0], c = shape[shape.size() - 1];
        const auto x = core::testing::random_values(static_cast<size_t>(n * c), rng, -5.0f, 5.0f);
        std::vector<int32_t> target(static_cast<size_t>(n));
        for (auto& t : target) t = std::uniform_int_distribution<int32_t>(0, int32_t(c - 1))(rng);
        const auto g = grad_output(reduction, target.size(), rng);
        const auto grad = cross_entropy_backward(g, x, shape, target, options);
        ASSERT_TRUE(grad.ok());
        expect_central_differences(
            [&](const auto& at) { return cross_entropy(at, shape, target, options); }, x, g,
            *grad.value);
      }
    }
  }
}

}  // namespace
}  // namespace losses
