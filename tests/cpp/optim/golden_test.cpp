// Every optimiser, surface and descent against PyTorch 1.13's golden data (tests/golden/optim):
// each step of a case from the state the step before returned (a fresh one first), the
// parameters and the state after it; each surface's value and autograd gradient; each descent's
// points, values, gradients and final state. Within max(1e-6, 1e-5 * |expected|), NaN where
// PyTorch has NaN, a state's buffers exactly those PyTorch keeps and its step equal; a step
// PyTorch refuses is refused.
#include "golden.h"

#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/test_util.h"
#include "optim/optim.h"

namespace optim {
namespace {

using core::testing::near_golden;
using core::testing::value_of;
using golden::GoldenCase;

// The options a case sets to something other than PyTorch's default, as "<optimizer> <option>".
std::set<std::string> options_set(const GoldenCase& c) {
  std::set<std::string> set;
  const auto note = [&](const char* option, bool differs) {
    if (differs) set.insert(c.optimizer + " " + option);
  };
  if (c.optimizer == "sgd") {
    const SgdOptions d;
    note("momentum", c.sgd.momentum != d.momentum);
    note("dampening", c.sgd.dampening != d.dampening);
    note("weight_decay", c.sgd.weight_decay != d.weight_decay);
    note("nesterov", c.sgd.nesterov != d.nesterov);
    note("maximize", c.sgd.maximize != d.maximize);
  } else if (c.optimizer == "rmsprop") {
    const RmspropOptions d;
    note("lr", c.rmsprop.lr != d.lr);
    note("alpha", c.rmsprop.alpha != d.alpha);
    note("eps", c.rmsprop.eps != d.eps);
    note("weight_decay", c.rmsprop.weight_decay != d.weight_decay);
    note("momentum", c.rmsprop.momentum != d.momentum);
    note("centered", c.rmsprop.centered != d.centered);
    note("maximize", c.rmsprop.maximize != d.maximize);
  } else if (c.optimizer == "adam") {
    const AdamOptions d;
    note("lr", c.adam.lr != d.lr);
    note("betas", c.adam.beta1 != d.beta1 || c.adam.beta2 != d.beta2);
    note("eps", c.adam.eps != d.eps);
    note("weight_decay", c.adam.weight_decay != d.weight_decay);
    note("amsgrad", c.adam.amsgrad != d.amsgrad);
    note("maximize", c.adam.maximize != d.maximize);
  }
  return set;
}

TEST(OptimGolden, FileCoversEveryOptionEdgeSurfaceAndDescent) {
  std::set<std::string> options, edges, surfaces, descents;
  size_t defaults = 0, refused = 0;
  for (const auto& c : golden::cases()) {
    const auto set = options_set(c);
    options.insert(set.begin(), set.end());
    if (c.op != "surface" && c.op != "descend") {
      if (set.empty() && c.name.find("_beyond_float32") == std::string::npos) ++defaults;
      for (const char* edge : {"_single", "_empty", "_magnitudes", "_nonfinite"}) {
        if (c.name.find(edge) != std::string::npos) edges.insert(c.op + edge);
      }
      if (!c.records.empty() && c.records.back().refused) {
        ++refused;
      } else if (c.name.find("_single") == std::string::npos) {
        EXPECT_GE(c.steps, 3) << c.name;
      }
    }
    if (c.op == "surface") surfaces.insert(std::to_string(static_cast<int>(c.surface)));
    if (c.op == "descend") {
      descents.insert(c.optimizer + " on " + std::to_string(static_cast<int>(c.surface)));
    }
  }
  EXPECT_EQ(options.size(), 5u + 7u + 6u);
  EXPECT_EQ(defaults, 3u) << "SGD with lr alone, RMSprop and Adam with PyTorch's defaults";
  EXPECT_EQ(edges.size(), 3u * 4u);
  EXPECT_EQ(surfaces.size(), 3u);
  EXPECT_EQ(descents.size(), 3u * 3u);
  EXPECT_EQ(refused, 11u) << "a number PyTorch's step converts beyond float32, for each optimizer";
}

// The case's steps through `step`, each from the parameters and state the one before returned.
template <class State, class Options, class Step>
void expect_steps(const GoldenCase& c, const Options& options, Step step) {
  std::vector<float> params = c.params;
  std::optional<State> state;
  for (size_t k = 0; k < c.records.size(); ++k) {
    SCOPED_TRACE("step " + std::to_string(k + 1));
    const auto& record = c.records[k];
    auto result = step(params, record.grad, state, options);
    if (record.refused) {
      ASSERT_FALSE(result.ok()) << "PyTorch refuses this step";
      EXPECT_NE(result.error->message.find("beyond float32's largest finite value"), std::string::npos)
          << result.error->message;
      return;
    }
    ASSERT_TRUE(result.ok()) << result.error->message;
    EXPECT_TRUE(near_golden(record.params, result.value->params)) << "params";
    EXPECT_TRUE(golden::same_state(record.state, golden::record_of(result.value->state)));
    params = std::move(result.value->params);
    state = std::move(result.value->state);
  }
}

TEST(OptimGolden, EveryStepMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    if (c.op == "sgd") expect_steps<SgdState>(c, c.sgd, &sgd_step);
    if (c.op == "rmsprop") expect_steps<RmspropState>(c, c.rmsprop, &rmsprop_step);
    if (c.op == "adam") expect_steps<AdamState>(c, c.adam, &adam_step);
  }
}

TEST(OptimGolden, SurfacesMatchPyTorchAndItsAutograd) {
  for (const auto& c : golden::cases()) {
    if (c.op != "surface") continue;
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    const auto at = value_of(surface(c.surface, c.point));
    EXPECT_TRUE(near_golden({c.value}, {at.value})) << "value";
    EXPECT_TRUE(near_golden(c.gradient, {at.gradient[0], at.gradient[1]})) << "gradient";
  }
}

template <class Options>
void expect_descent(const GoldenCase& c, const Options& options) {
  const auto descent = value_of(descend(c.surface, c.start, options, c.steps));
  EXPECT_TRUE(near_golden(c.points, descent.points)) << "points";
  EXPECT_TRUE(near_golden(c.values, descent.values)) << "values";
  EXPECT_TRUE(near_golden(c.gradients, descent.gradients)) << "gradients";
  // After no steps PyTorch's state is still empty; descend_test.cpp shows that the state a
  // descent then returns steps as a fresh one.
  if (c.steps > 0) {
    EXPECT_TRUE(golden::same_state(c.state, golden::record_of(descent.state))) << "state";
  }
}

TEST(OptimGolden, DescentsMatchPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op != "descend") continue;
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    if (c.optimizer == "sgd") expect_descent(c, c.sgd);
    if (c.optimizer == "rmsprop") expect_descent(c, c.rmsprop);
    if (c.optimizer == "adam") expect_descent(c, c.adam);
  }
}

}  // namespace
}  // namespace optim
