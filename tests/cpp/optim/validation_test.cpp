// Every rejected argument is a core::Error naming the parameter (PyTorch's name) and its value,
// and a call after it runs as if nothing had happened. What PyTorch accepts (a negative
// dampening, alpha above 1, NaN and infinities in params and grads, an empty tensor) is accepted
// here too; golden_test.cpp holds it to PyTorch's answers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/sizes.h"
#include "common/test_util.h"
#include "optim/optim.h"

namespace optim {
namespace {

using core::testing::expect_error;
using core::testing::value_of;

using core::testing::kNaN;
using core::testing::kInf;

const std::vector<float> kParams = {1.0f, -2.0f, 3.0f};
const std::vector<float> kGrads = {0.5f, 0.25f, -1.0f};

SgdOptions sgd(double lr) {
  SgdOptions o;
  o.lr = lr;
  return o;
}

std::optional<Error> sgd_error(const SgdOptions& o) {
  return sgd_step(kParams, kGrads, std::nullopt, o).error;
}
std::optional<Error> rmsprop_error(const RmspropOptions& o) {
  return rmsprop_step(kParams, kGrads, std::nullopt, o).error;
}
std::optional<Error> adam_error(const AdamOptions& o) {
  return adam_step(kParams, kGrads, std::nullopt, o).error;
}

TEST(OptimValidation, SgdNeedsALearningRate) {
  expect_error(sgd_error(SgdOptions{}), "lr", "lr must be a finite number, got nan");
  expect_error(sgd_error(sgd(-1)), "lr", "lr must be at least 0, got -1");
  expect_error(sgd_error(sgd(kInf)), "lr", "lr must be a finite number, got inf");
  // The next call is not affected.
  const auto ok = value_of(sgd_step(kParams, kGrads, std::nullopt, sgd(2)));
  EXPECT_EQ(ok.params, (std::vector<float>{0.0f, -2.5f, 5.0f}));
  EXPECT_FALSE(ok.state.momentum_buffer) << "no buffer without momentum";
}

TEST(OptimValidation, SgdChecksAsPyTorchDoesAndEveryValueIsFinite) {
  auto o = sgd(0.1);
  o.momentum = -0.5;
  expect_error(sgd_error(o), "momentum", "momentum must be at least 0, got -0.5");
  o = sgd(0.1);
  o.weight_decay = -1e-3;
  expect_error(sgd_error(o), "weight_decay", "weight_decay must be at least 0, got -0.001");
  o = sgd(0.1);
  o.dampening = kNaN;
  expect_error(sgd_error(o), "dampening", "dampening must be a finite number, got nan");
  // PyTorch checks no range for dampening.
  o.dampening = -0.5;
  o.momentum = 0.9;
  EXPECT_FALSE(sgd_error(o));
  // PyTorch's order: lr before momentum.
  o = sgd(-1);
  o.momentum = -1;
  expect_error(sgd_error(o), "lr", "lr must be at least 0, got -1");
}

TEST(OptimValidation, NesterovNeedsMomentumAndNoDampening) {
  auto o = sgd(0.1);
  o.nesterov = true;
  expect_error(
      sgd_error(o), "nesterov",
      "nesterov needs a momentum above 0 and a dampening of 0, got momentum 0 and dampening 0");
  o.momentum = 0.9;
  o.dampening = 0.1;
  expect_error(
      sgd_error(o), "nesterov",
      "nesterov needs a momentum above 0 and a dampening of 0, got momentum 0.9 and dampening 0.1");
  o.dampening = 0;
  EXPECT_FALSE(sgd_error(o));
}

TEST(OptimValidation, RmspropChecksAsPyTorchDoesInItsOrder) {
  const auto with = [](double RmspropOptions::*field, double value) {
    RmspropOptions o;
    o.*field = value;
    return rmsprop_error(o);
  };
  expect_error(with(&RmspropOptions::lr, -0.01), "lr", "lr must be at least 0, got -0.01");
  expect_error(with(&RmspropOptions::eps, -1e-8), "eps", "eps must be at least 0, got -1e-08");
  expect_error(with(&RmspropOptions::momentum, -0.9), "momentum",
               "momentum must be at least 0, got -0.9");
  expect_error(with(&RmspropOptions::weight_decay, -2), "weight_decay",
               "weight_decay must be at least 0, got -2");
  expect_error(with(&RmspropOptions::alpha, -0.5), "alpha", "alpha must be at least 0, got -0.5");
  expect_error(with(&RmspropOptions::alpha, kNaN), "alpha",
               "alpha must be a finite number, got nan");
  expect_error(with(&RmspropOptions::eps, -kInf), "eps", "eps must be a finite number, got -inf");
  // PyTorch lets alpha exceed 1.
  EXPECT_FALSE(with(&RmspropOptions::alpha, 2.0));
  RmspropOptions o;
  o.alpha = -1;
  o.lr = -1;
  expect_error(rmsprop_error(o), "lr", "lr must be at least 0, got -1");
}

TEST(OptimValidation, AdamBetasAreEachAtLeast0AndBelow1) {
  AdamOptions o;
  o.beta1 = 1.0;
  expect_error(adam_error(o), "betas", "betas[0] must be at least 0 and less than 1, got 1");
  o.beta1 = 0.0;
  o.beta2 = -0.1;
  expect_error(adam_error(o), "betas", "betas[1] must be at least 0 and less than 1, got -0.1");
  o.beta2 = kNaN;
  expect_error(adam_error(o), "betas", "betas[1] must be at least 0 and less than 1, got nan");
  o.beta2 = 0.0;
  EXPECT_FALSE(adam_error(o));
  o = AdamOptions{};
  o.lr = -1e-3;
  expect_error(adam_error(o), "lr", "lr must be at least 0, got -0.001");
  o = AdamOptions{};
  o.eps = -1;
  expect_error(adam_error(o), "eps", "eps must be at least 0, got -1");
  o = AdamOptions{};
  o.weight_decay = kInf;
  expect_error(adam_error(o), "weight_decay", "weight_decay must be a finite number, got inf");
}

// optim.golden holds PyTorch refusing these steps (its message names no number); each refusal
// here names the option, and the number as PyTorch's step computes it.
TEST(OptimValidation, ANumberTheStepConvertsBeyondFloat32IsRefusedWhereAndWhenPyTorchsIs) {
  const double big = 1e39;
  const double max = std::numeric_limits<float>::max();
  const std::string beyond = ", beyond float32's largest finite value: PyTorch's step cannot "
                             "convert it to float32";
  expect_error(sgd_error(sgd(big)), "lr", "-lr is -1e+39" + beyond);
  EXPECT_TRUE(sgd_step(kParams, kGrads, std::nullopt, sgd(max)).ok()) << "float32's largest";
  SgdOptions o = sgd(0.1);
  o.weight_decay = big;
  expect_error(sgd_error(o), "weight_decay", "weight_decay is 1e+39" + beyond);
  // 1 - dampening converts from the second step, once the momentum buffer exists.
  o = sgd(0.1);
  o.momentum = 0.5;
  o.dampening = -big;
  const auto first = value_of(sgd_step(kParams, kGrads, std::nullopt, o));
  expect_error(sgd_step(first.params, kGrads, first.state, o).error, "dampening",
               "1 - dampening is 1e+39" + beyond);
  EXPECT_TRUE(descend(Surface::kBowl, std::vector<float>{1, 1}, o, 1).ok());
  expect_error(descend(Surface::kBowl, std::vector<float>{1, 1}, o, 2).error, "dampening",
               "1 - dampening is 1e+39" + beyond);
  // momentum converts only with nesterov; without, it multiplies as it is (golden: -inf).
  o = sgd(0.1);
  o.momentum = big;
  EXPECT_TRUE(sgd_step(kParams, kGrads, std::nullopt, o).ok());
  o.nesterov = true;
  expect_error(sgd_error(o), "momentum", "momentum is 1e+39" + beyond);

  RmspropOptions r;
  r.alpha = big;
  expect_error(rmsprop_error(r), "alpha", "1 - alpha is -1e+39" + beyond);
  r = RmspropOptions{};
  r.eps = big;
  r.momentum = big;
  EXPECT_TRUE(rmsprop_step(kParams, kGrads, std::nullopt, r).ok()) << "eps and momentum";
  r.lr = big;
  expect_error(rmsprop_error(r), "lr", "-lr is -1e+39" + beyond);
  EXPECT_TRUE(descend(Surface::kBowl, std::vector<float>{1, 1}, r, 0).ok()) << "no step";

  // Adam converts -lr / (1 - beta1^t), largest at the first step.
  AdamOptions a;
  a.lr = 1e37;
  a.beta1 = 0.99;
  expect_error(adam_error(a), "lr", "-lr / (1 - beta1^1) is -1e+39" + beyond);
  AdamState later = value_of(adam_step(kParams, kGrads, std::nullopt, AdamOptions{})).state;
  later.step = 999;
  EXPECT_TRUE(adam_step(kParams, kGrads, later, a).ok()) << "1 - 0.99^1000 is near 1";
  expect_error(descend(Surface::kBowl, std::vector<float>{1, 1}, a, 5).error, "lr",
               "-lr / (1 - beta1^1) is -1e+39" + beyond);
  // An infinity passes c10's check: lr 1e308 / (1 - 0.5) is inf at t = 1, and the first step
  // runs; lr / (1 - 0.25) at t = 2 is finite and beyond float32 (optim.golden).
  a.lr = 1e308;
  a.beta1 = 0.5;
  const auto infinite = value_of(adam_step(kParams, kGrads, std::nullopt, a));
  EXPECT_TRUE(std::isinf(infinite.params[0]));
  expect_error(adam_step(infinite.params, kGrads, infinite.state, a).error, "lr",
               "-lr / (1 - beta1^2) is -1.33333333e+308" + beyond);
  EXPECT_TRUE(descend(Surface::kBowl, std::vector<float>{1, 1}, a, 1).ok());
  expect_error(descend(Surface::kBowl, std::vector<float>{1, 1}, a, 2).error, "lr",
               "-lr / (1 - beta1^2) is -1.33333333e+308" + beyond);
  a = AdamOptions{};
  a.weight_decay = big;
  expect_error(adam_error(a), "weight_decay", "weight_decay is 1e+39" + beyond);
}

TEST(OptimValidation, GradsAreAsLongAsParamsAndParamsWithinTheLimit) {
  expect_error(sgd_step(kParams, std::vector<float>{1, 2}, std::nullopt, sgd(0.1)).error, "grads",
               "grads has 2 values but params has 3");
  expect_error(adam_step({}, kGrads, std::nullopt, {}).error, "grads",
               "grads has 3 values but params has 0");
  const auto too_many = static_cast<size_t>(core::kMaxElements) + 1;
  expect_error(check_values(too_many, too_many), "params",
               "params has 67108865 values, more than 67108864, the most the core takes");
  EXPECT_FALSE(check_values(static_cast<size_t>(core::kMaxElements),
                            static_cast<size_t>(core::kMaxElements)));
  // Options are checked first.
  expect_error(sgd_step(kParams, std::vector<float>{1}, std::nullopt, SgdOptions{}).error, "lr",
               "lr must be a finite number, got nan");
}

TEST(OptimValidation, EveryStateBufferIsAsLongAsParams) {
  SgdState sgd_state;
  sgd_state.momentum_buffer = std::vector<float>(4);
  expect_error(sgd_step(kParams, kGrads, sgd_state, sgd(0.1)).error, "state",
               "state['momentum_buffer'] has 4 values but params has 3");
  RmspropOptions centered;
  centered.centered = true;
  centered.momentum = 0.9;
  const auto rmsprop = value_of(rmsprop_step(kParams, kGrads, std::nullopt, centered)).state;
  using Buffer = std::optional<std::vector<float>> RmspropState::*;
  for (const auto& [field, name] :
       {std::pair<Buffer, std::string>{&RmspropState::momentum_buffer, "momentum_buffer"},
        {&RmspropState::grad_avg, "grad_avg"}}) {
    auto bad = rmsprop;
    (bad.*field)->pop_back();
    expect_error(rmsprop_step(kParams, kGrads, bad, centered).error, "state",
                 "state['" + name + "'] has 2 values but params has 3");
  }
  auto short_square = rmsprop;
  short_square.square_avg.clear();
  expect_error(rmsprop_step(kParams, kGrads, short_square, centered).error, "state",
               "state['square_avg'] has 0 values but params has 3");
  AdamOptions amsgrad;
  amsgrad.amsgrad = true;
  const auto adam = value_of(adam_step(kParams, kGrads, std::nullopt, amsgrad)).state;
  auto bad = adam;
  bad.exp_avg.push_back(0);
  expect_error(adam_step(kParams, kGrads, bad, amsgrad).error, "state",
               "state['exp_avg'] has 4 values but params has 3");
  bad = adam;
  bad.exp_avg_sq.clear();
  expect_error(adam_step(kParams, kGrads, bad, amsgrad).error, "state",
               "state['exp_avg_sq'] has 0 values but params has 3");
  bad = adam;
  bad.max_exp_avg_sq->resize(1);
  expect_error(adam_step(kParams, kGrads, bad, amsgrad).error, "state",
               "state['max_exp_avg_sq'] has 1 values but params has 3");
}

TEST(OptimValidation, AStateStepIsAWholeNumberFrom0) {
  const std::string message =
      "state['step'] must be a whole number from 0 to 9007199254740992, got ";
  AdamState state;
  state.exp_avg = state.exp_avg_sq = std::vector<float>(3);
  for (const auto& [step, shown] :
       std::vector<std::pair<double, std::string>>{{-1, "-1"},
                                                   {1.5, "1.5"},
                                                   {kNaN, "nan"},
                                                   {kInf, "inf"},
                                                   {9007199254740994.0, "9007199254740994"},
                                                   {1e300, "1e+300"}}) {
    state.step = step;
    expect_error(adam_step(kParams, kGrads, state, {}).error, "state", message + shown);
    RmspropState rmsprop;
    rmsprop.square_avg = std::vector<float>(3);
    rmsprop.step = step;
    expect_error(rmsprop_step(kParams, kGrads, rmsprop, {}).error, "state", message + shown);
  }
  // The last step a state counts is taken, and counting on from it stays there (2^53 + 1 rounds
  // to 2^53), so the state each step returns is taken back.
  const auto step_on = [](auto counted, auto step_function) {
    counted.step = core::kMaxStateStep - 2;
    for (int i = 0; i < 4; ++i) {
      const auto stepped = step_function(kParams, kGrads, counted, {});
      if (stepped.error) return -1.0;
      counted = stepped.value->state;
    }
    return counted.step;
  };
  EXPECT_EQ(step_on(state, adam_step), core::kMaxStateStep);
  RmspropState rmsprop;
  rmsprop.square_avg = std::vector<float>(3);
  EXPECT_EQ(step_on(rmsprop, rmsprop_step), core::kMaxStateStep);
}

TEST(OptimValidation, AStateLackingABufferTheOptionsNeedIsRefusedAsPyTorchsKeyError) {
  const std::string keeps =
      " needs it: a state keeps the buffers its first step's options made, so start from a fresh "
      "state";
  const auto plain = value_of(rmsprop_step(kParams, kGrads, std::nullopt, {})).state;
  RmspropOptions o;
  o.momentum = 0.9;
  expect_error(rmsprop_step(kParams, kGrads, plain, o).error, "state",
               "state['momentum_buffer'] is missing, but momentum 0.9" + keeps);
  o = RmspropOptions{};
  o.centered = true;
  expect_error(rmsprop_step(kParams, kGrads, plain, o).error, "state",
               "state['grad_avg'] is missing, but centered" + keeps);
  AdamOptions amsgrad;
  amsgrad.amsgrad = true;
  const auto adam = value_of(adam_step(kParams, kGrads, std::nullopt, {})).state;
  expect_error(adam_step(kParams, kGrads, adam, amsgrad).error, "state",
               "state['max_exp_avg_sq'] is missing, but amsgrad" + keeps);
}

TEST(OptimValidation, ABufferTheOptionsDoNotReadIsPassedOnUnchanged) {
  RmspropOptions o;
  o.momentum = 0.9;
  o.centered = true;
  const auto full = value_of(rmsprop_step(kParams, kGrads, std::nullopt, o)).state;
  const auto next = value_of(rmsprop_step(kParams, kGrads, full, RmspropOptions{})).state;
  EXPECT_EQ(next.momentum_buffer, full.momentum_buffer);
  EXPECT_EQ(next.grad_avg, full.grad_avg);
  EXPECT_NE(next.square_avg, full.square_avg);
  EXPECT_EQ(next.step, 2);
  auto with_momentum = sgd(0.1);
  with_momentum.momentum = 0.9;
  const auto sgd_state = value_of(sgd_step(kParams, kGrads, std::nullopt, with_momentum)).state;
  const auto kept = value_of(sgd_step(kParams, kGrads, sgd_state, sgd(0.1))).state;
  EXPECT_EQ(kept.momentum_buffer, sgd_state.momentum_buffer);
}

TEST(OptimValidation, NaNAndInfinitiesInParamsAndGradsAreNotErrors) {
  const float nan = std::nanf(""), inf = std::numeric_limits<float>::infinity();
  const auto result =
      value_of(adam_step({nan, inf, 1.0f}, std::vector<float>{1.0f, 1.0f, inf}, std::nullopt, {}));
  EXPECT_TRUE(std::isnan(result.params[0]));
  EXPECT_EQ(result.params[1], inf);
  EXPECT_TRUE(std::isnan(result.params[2])) << "inf / inf";
  EXPECT_TRUE(value_of(sgd_step({}, std::vector<float>{}, std::nullopt, sgd(0.1))).params.empty());
}

TEST(OptimValidation, SurfacesPointsAndStepsAreChecked) {
  const std::vector<float> point = {1.0f, 2.0f}, three = {1.0f, 2.0f, 3.0f};
  expect_error(surface(static_cast<Surface>(3), point).error, "surface",
               "surface must be 'bowl', 'ravine' or 'rosenbrock', got 3");
  expect_error(surface(Surface::kBowl, three).error, "point",
               "point has 3 values, but a point is [x, y]");
  expect_error(descend(Surface::kBowl, std::vector<float>{1.0f}, AdamOptions{}, 1).error, "start",
               "start has 1 values, but a point is [x, y]");
  expect_error(descend(static_cast<Surface>(-1), point, AdamOptions{}, 1).error, "surface",
               "surface must be 'bowl', 'ravine' or 'rosenbrock', got -1");
  expect_error(descend(Surface::kBowl, point, SgdOptions{}, 1).error, "lr",
               "lr must be a finite number, got nan");
  for (int32_t steps : {-1, kMaxDescentSteps + 1, std::numeric_limits<int32_t>::max()}) {
    expect_error(descend(Surface::kBowl, point, RmspropOptions{}, steps).error, "steps",
                 "steps must be a whole number from 0 to 1000, got " + std::to_string(steps));
  }
  const auto longest =
      value_of(descend(Surface::kRavine, point, RmspropOptions{}, kMaxDescentSteps));
  EXPECT_EQ(longest.points.size(), 2u * (kMaxDescentSteps + 1));
  EXPECT_EQ(longest.state.step, kMaxDescentSteps);
  const auto at = value_of(surface(Surface::kRosenbrock, point));
  EXPECT_EQ(at.value, 100.0f);
  EXPECT_EQ(at.gradient[0], -400.0f);
  EXPECT_EQ(at.gradient[1], 200.0f);
}

TEST(OptimValidation, AGridsBoundsAndCellsAreChecked) {
  const auto error_of = [](const Grid& grid) { return surface_grid(Surface::kBowl, grid).error; };
  expect_error(surface_grid(static_cast<Surface>(3), Grid{}).error, "surface",
               "surface must be 'bowl', 'ravine' or 'rosenbrock', got 3");
  expect_error(error_of({5.0, -5.0, -3.0, 3.0, 8, 8}), "x",
               "x must run from a finite number to a larger one, got 5 to -5");
  expect_error(error_of({-5.0, 5.0, 1.0, 1.0, 8, 8}), "y",
               "y must run from a finite number to a larger one, got 1 to 1");
  expect_error(error_of({-kInf, 5.0, -3.0, 3.0, 8, 8}), "x",
               "x must run from a finite number to a larger one, got -inf to 5");
  expect_error(error_of({-5.0, 5.0, -3.0, kNaN, 8, 8}), "y",
               "y must run from a finite number to a larger one, got -3 to nan");
  for (int32_t cells : {0, -1, kMaxGridCells + 1}) {
    expect_error(error_of({-5.0, 5.0, -3.0, 3.0, cells, 8}), "columns",
                 "columns must be a whole number from 1 to 400, got " + std::to_string(cells));
    expect_error(error_of({-5.0, 5.0, -3.0, 3.0, 8, cells}), "rows",
                 "rows must be a whole number from 1 to 400, got " + std::to_string(cells));
  }
  const auto largest = value_of(surface_grid(Surface::kRosenbrock, {-2.0, 2.0, -1.0, 3.0, 400, 400}));
  EXPECT_EQ(largest.size(), 401u * 401u);
}

TEST(OptimValidation, AGridHoldsTheSurfacesValueAtEachCornerRowByRow) {
  // 10 x 6 over [-5, 5] x [-3, 3]: corners one apart, so each is a whole point.
  const auto values = value_of(surface_grid(Surface::kRavine, {-5.0, 5.0, -3.0, 3.0, 10, 6}));
  ASSERT_EQ(values.size(), 11u * 7u);
  for (int j = 0; j <= 6; ++j) {
    for (int i = 0; i <= 10; ++i) {
      const std::vector<float> point = {static_cast<float>(i - 5), static_cast<float>(j - 3)};
      EXPECT_EQ(values[j * 11 + i], value_of(surface(Surface::kRavine, point)).value) << i << ", " << j;
    }
  }
  // A corner that is not a whole point is computed in double and rounded once: 0.1 is the
  // float32 nearest to one tenth, as surface() would be given it.
  const auto tenths = value_of(surface_grid(Surface::kBowl, {0.0, 1.0, 0.0, 1.0, 10, 10}));
  const std::vector<float> point = {0.1f, 0.7f};
  EXPECT_EQ(tenths[7 * 11 + 1], value_of(surface(Surface::kBowl, point)).value);
}

}  // namespace
}  // namespace optim
