// A descent is the surface's gradient, then one step, `steps` times: the same bits as calling
// surface() and the step function in a loop with the state carried from call to call, for every
// optimiser (with every buffer it can keep) on every surface. After no steps its state steps as
// a fresh optimiser's.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "golden.h"
#include "optim/optim.h"

namespace optim {
namespace {

using core::testing::bitwise_equal;
using core::testing::value_of;

::testing::AssertionResult same_bits(const golden::StateRecord& expected,
                                     const golden::StateRecord& actual) {
  if (expected.step != actual.step || expected.buffers.size() != actual.buffers.size()) {
    return ::testing::AssertionFailure() << "another step or other buffers";
  }
  for (const auto& [key, values] : expected.buffers) {
    if (!actual.buffers.count(key)) return ::testing::AssertionFailure() << "no " << key;
    auto same = bitwise_equal(values, actual.buffers.at(key));
    if (!same) return same << " (" << key << ")";
  }
  return ::testing::AssertionSuccess();
}

template <class State, class Options, class Step>
void expect_descent_is_a_loop_of_steps(Surface s, const Options& options, int32_t steps,
                                       Step step) {
  const std::vector<float> start = {-1.25f, 0.75f};
  const auto descent = value_of(descend(s, start, options, steps));
  std::vector<float> point = start, points, values, gradients;
  std::optional<State> state;
  for (int32_t k = 0;; ++k) {
    const auto at = value_of(surface(s, point));
    points.insert(points.end(), point.begin(), point.end());
    values.push_back(at.value);
    if (k == steps) break;
    const std::vector<float> gradient(at.gradient.begin(), at.gradient.end());
    gradients.insert(gradients.end(), gradient.begin(), gradient.end());
    auto next = value_of(step(point, gradient, state, options));
    point = next.params;
    state = next.state;
  }
  EXPECT_TRUE(bitwise_equal(points, descent.points)) << "points";
  EXPECT_TRUE(bitwise_equal(values, descent.values)) << "values";
  EXPECT_TRUE(bitwise_equal(gradients, descent.gradients)) << "gradients";
  if (state) EXPECT_TRUE(same_bits(golden::record_of(*state), golden::record_of(descent.state)));
}

// Descents with PyTorch's options (`plain`) and with every buffer the optimiser keeps (`full`),
// on every surface, of 1, 2 and 40 steps.
template <class State, class Options, class Step>
void expect_every_descent_is_a_loop_of_steps(const Options& plain, const Options& full, Step step) {
  for (Surface s : {Surface::kBowl, Surface::kRavine, Surface::kRosenbrock}) {
    for (const Options* options : {&plain, &full}) {
      for (int32_t steps : {1, 2, 40}) {
        SCOPED_TRACE("surface " + std::to_string(static_cast<int>(s)) + ", " +
                     (options == &plain ? "plain" : "full") + " options, " + std::to_string(steps) +
                     " steps");
        expect_descent_is_a_loop_of_steps<State>(s, *options, steps, step);
      }
    }
  }
}

TEST(OptimDescend, SgdDescentIsALoopOfSgdSteps) {
  SgdOptions plain, full;
  plain.lr = full.lr = 0.01;
  full.momentum = 0.9;
  full.weight_decay = 0.01;
  full.nesterov = true;
  expect_every_descent_is_a_loop_of_steps<SgdState>(plain, full, &sgd_step);
}

TEST(OptimDescend, RmspropDescentIsALoopOfRmspropSteps) {
  RmspropOptions plain, full;
  full.momentum = 0.5;
  full.centered = true;
  full.maximize = true;
  expect_every_descent_is_a_loop_of_steps<RmspropState>(plain, full, &rmsprop_step);
}

TEST(OptimDescend, AdamDescentIsALoopOfAdamSteps) {
  AdamOptions plain, full;
  full.lr = 0.05;
  full.amsgrad = true;
  full.weight_decay = 0.1;
  expect_every_descent_is_a_loop_of_steps<AdamState>(plain, full, &adam_step);
}

TEST(OptimDescend, ADescentOfNoStepsIsItsStartAndAStateThatStepsAsAFreshOne) {
  const std::vector<float> start = {0.5f, -0.5f}, grad = {0.25f, -2.0f};
  AdamOptions options;
  options.amsgrad = true;
  const auto descent = value_of(descend(Surface::kRavine, start, options, 0));
  EXPECT_EQ(descent.points, start);
  ASSERT_EQ(descent.values.size(), 1u);
  EXPECT_EQ(descent.values[0], 0.5f * (0.25f + 25.0f * 0.25f));
  EXPECT_TRUE(descent.gradients.empty());
  const auto from_descent = value_of(adam_step(start, grad, descent.state, options));
  const auto fresh = value_of(adam_step(start, grad, std::nullopt, options));
  EXPECT_TRUE(bitwise_equal(fresh.params, from_descent.params));
  EXPECT_TRUE(same_bits(golden::record_of(fresh.state), golden::record_of(from_descent.state)));

  RmspropOptions centered;
  centered.centered = true;
  centered.momentum = 0.9;
  const auto rmsprop = value_of(descend(Surface::kBowl, start, centered, 0));
  const auto a = value_of(rmsprop_step(start, grad, rmsprop.state, centered));
  const auto b = value_of(rmsprop_step(start, grad, std::nullopt, centered));
  EXPECT_TRUE(bitwise_equal(b.params, a.params));
  EXPECT_TRUE(same_bits(golden::record_of(b.state), golden::record_of(a.state)));

  SgdOptions sgd;
  sgd.lr = 0.1;
  sgd.momentum = 0.9;
  EXPECT_FALSE(value_of(descend(Surface::kBowl, start, sgd, 0)).state.momentum_buffer);
}

TEST(OptimDescend, NaNAtTheStartRunsThroughEveryStep) {
  const std::vector<float> start = {std::nanf(""), 1.0f};
  const auto descent = value_of(descend(Surface::kRosenbrock, start, AdamOptions{}, 3));
  ASSERT_EQ(descent.points.size(), 8u);
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_TRUE(std::isnan(descent.points[2 * k])) << "point " << k;
    EXPECT_TRUE(std::isnan(descent.values[k])) << "value " << k;
  }
}

}  // namespace
}  // namespace optim
