// Backward passes against central finite differences of the forward pass. The loss is
// L(x) = sum over outputs of g * y(x), so dL/dx is exactly what backward returns for g.
// Max pooling is smooth only away from ties, so its inputs are distinct values spaced far
// wider than the step.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

#include "pool/pool2d.h"
#include "test_util.h"

namespace pool {
namespace {

using Forward = std::function<std::vector<float>(const std::vector<float>&)>;

std::vector<float> finite_difference_gradient(const Forward& forward, std::vector<float> x,
                                              const std::vector<float>& g, float step) {
  auto loss = [&](const std::vector<float>& at) {
    std::vector<float> y = forward(at);
    double sum = 0.0;
    for (size_t i = 0; i < y.size(); ++i) sum += static_cast<double>(g[i]) * y[i];
    return sum;
  };
  std::vector<float> grad(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const float saved = x[i];
    x[i] = saved + step;
    const double up = loss(x);
    x[i] = saved - step;
    const double down = loss(x);
    x[i] = saved;
    grad[i] = static_cast<float>((up - down) / (2.0 * step));
  }
  return grad;
}

// Distinct values k * 0.25 in shuffled order: no two within a window can tie.
std::vector<float> distinct_values(size_t n, std::mt19937& rng) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = 0.25f * static_cast<float>(i) - 8.0f;
  std::shuffle(v.begin(), v.end(), rng);
  return v;
}

struct Setting {
  const char* name;
  Shape shape;
  PoolOptions options;
};

std::vector<Setting> settings() {
  auto make = [](const char* name, Shape shape, Size2 k, std::optional<Size2> s, Size2 p,
                 Size2 d, bool ceil_mode, bool count_include_pad,
                 std::optional<int64_t> divisor) {
    PoolOptions o;
    o.kernel = k;
    o.stride = s;
    o.padding = p;
    o.dilation = d;
    o.ceil_mode = ceil_mode;
    o.count_include_pad = count_include_pad;
    o.divisor_override = divisor;
    return Setting{name, std::move(shape), o};
  };
  return {
      make("lesson", {1, 1, 4, 4}, {2, 2}, std::nullopt, {0, 0}, {1, 1}, false, true, std::nullopt),
      make("overlapping 3x3 stride 1 padding 1", {2, 5, 6}, {3, 3}, Size2{1, 1}, {1, 1}, {1, 1},
           false, true, std::nullopt),
      make("padding excluded", {1, 5, 5}, {3, 3}, Size2{2, 2}, {1, 1}, {1, 1}, false, false,
           std::nullopt),
      make("ceil_mode partial windows", {2, 1, 5, 7}, {2, 3}, Size2{2, 2}, {1, 1}, {1, 1}, true,
           true, std::nullopt),
      make("divisor_override", {1, 4, 5}, {2, 2}, Size2{1, 2}, {1, 0}, {1, 1}, true, true, 3),
      make("dilated", {1, 7, 6}, {3, 2}, Size2{1, 1}, {1, 1}, {2, 3}, false, true, std::nullopt),
  };
}

TEST(GradientCheck, AveragePoolingBackwardMatchesFiniteDifferences) {
  std::mt19937 rng(11);
  for (const Setting& s : settings()) {
    auto plan = plan_pool2d(PoolKind::kAverage, s.shape, s.options);
    ASSERT_TRUE(plan.ok()) << s.name << ": " << plan.error->message;
    auto x = testing::random_values(plan.value->input_size(), rng);
    auto g = testing::random_values(plan.value->output_size(), rng);
    Forward forward = [&](const std::vector<float>& at) {
      return avg_pool2d(at, s.shape, s.options).value->data;
    };
    auto backward = avg_pool2d_backward(g, s.shape, s.options);
    ASSERT_TRUE(backward.ok());
    EXPECT_TRUE(testing::near_all(finite_difference_gradient(forward, x, g, 1e-2f),
                                  *backward.value, 2e-3, 2e-3))
        << s.name;
  }
}

TEST(GradientCheck, MaxPoolingBackwardMatchesFiniteDifferencesAwayFromTies) {
  std::mt19937 rng(12);
  for (const Setting& s : settings()) {
    auto plan = plan_pool2d(PoolKind::kMax, s.shape, s.options);
    ASSERT_TRUE(plan.ok()) << s.name << ": " << plan.error->message;
    auto x = distinct_values(plan.value->input_size(), rng);
    auto g = testing::random_values(plan.value->output_size(), rng);
    Forward forward = [&](const std::vector<float>& at) {
      return max_pool2d(at, s.shape, s.options).value->data;
    };
    auto result = max_pool2d(x, s.shape, s.options);
    auto backward = max_pool2d_backward(g, result.value->indices, s.shape, s.options);
    ASSERT_TRUE(backward.ok());
    EXPECT_TRUE(testing::near_all(finite_difference_gradient(forward, x, g, 1e-2f),
                                  *backward.value, 2e-3, 2e-3))
        << s.name;
  }
}

TEST(GradientCheck, AdaptivePoolingBackwardMatchesFiniteDifferences) {
  std::mt19937 rng(13);
  const std::vector<std::pair<Shape, Size2>> cases = {
      {{1, 4, 4}, {2, 2}}, {{2, 5, 7}, {3, 2}}, {{1, 1, 3, 3}, {5, 4}}, {{1, 6, 6}, {1, 1}}};
  for (const auto& item : cases) {
    // Named copies: lambdas cannot capture structured bindings in C++17.
    const Shape shape = item.first;
    const Size2 out = item.second;
    auto plan = plan_adaptive_pool2d(shape, out);
    ASSERT_TRUE(plan.ok());
    auto g = testing::random_values(plan.value->output_size(), rng);

    auto x = testing::random_values(plan.value->input_size(), rng);
    Forward avg = [&](const std::vector<float>& at) {
      return adaptive_avg_pool2d(at, shape, out).value->data;
    };
    auto avg_backward = adaptive_avg_pool2d_backward(g, shape, out);
    EXPECT_TRUE(testing::near_all(finite_difference_gradient(avg, x, g, 1e-2f),
                                  *avg_backward.value, 2e-3, 2e-3))
        << "adaptive avg to " << out.h << "x" << out.w;

    auto distinct = distinct_values(plan.value->input_size(), rng);
    Forward max = [&](const std::vector<float>& at) {
      return adaptive_max_pool2d(at, shape, out).value->data;
    };
    auto result = adaptive_max_pool2d(distinct, shape, out);
    auto max_backward = adaptive_max_pool2d_backward(g, result.value->indices, shape, out);
    EXPECT_TRUE(testing::near_all(finite_difference_gradient(max, distinct, g, 1e-2f),
                                  *max_backward.value, 2e-3, 2e-3))
        << "adaptive max to " << out.h << "x" << out.w;
  }
}

}  // namespace
}  // namespace pool
