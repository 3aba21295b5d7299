// Every optimiser, surface and descent against PyTorch 1.13's golden data (tests/golden/optim):
// each step of a case from the state the step before returned (a fresh one first), with the
// options the case holds at that step, the parameters and the state after it; each surface's
// value and autograd gradient; each descent's points, values, gradients and final state. Within
// max(1e-6, 1e-5 * |expected|), NaN where PyTorch has NaN, a state's buffers exactly those
// PyTorch keeps and its step equal; a step PyTorch refuses is refused. The reader refuses an
// option changed at step 1 (the case's own), beyond the case's steps or unknown to its optimizer,
// naming the line.
#include "golden.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
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
    note("momentum", c.options.sgd.momentum != d.momentum);
    note("dampening", c.options.sgd.dampening != d.dampening);
    note("weight_decay", c.options.sgd.weight_decay != d.weight_decay);
    note("nesterov", c.options.sgd.nesterov != d.nesterov);
    note("maximize", c.options.sgd.maximize != d.maximize);
  } else if (c.optimizer == "rmsprop") {
    const RmspropOptions d;
    note("lr", c.options.rmsprop.lr != d.lr);
    note("alpha", c.options.rmsprop.alpha != d.alpha);
    note("eps", c.options.rmsprop.eps != d.eps);
    note("weight_decay", c.options.rmsprop.weight_decay != d.weight_decay);
    note("momentum", c.options.rmsprop.momentum != d.momentum);
    note("centered", c.options.rmsprop.centered != d.centered);
    note("maximize", c.options.rmsprop.maximize != d.maximize);
  } else if (c.optimizer == "adam") {
    const AdamOptions d;
    note("lr", c.options.adam.lr != d.lr);
    note("betas", c.options.adam.beta1 != d.beta1 || c.options.adam.beta2 != d.beta2);
    note("eps", c.options.adam.eps != d.eps);
    note("weight_decay", c.options.adam.weight_decay != d.weight_decay);
    note("amsgrad", c.options.adam.amsgrad != d.amsgrad);
    note("maximize", c.options.adam.maximize != d.maximize);
  }
  return set;
}

TEST(OptimGolden, FileCoversEveryOptionEdgeSurfaceAndDescent) {
  std::set<std::string> options, changed, edges, surfaces, descents;
  size_t defaults = 0, refused = 0;
  for (const auto& c : golden::cases()) {
    const auto set = options_set(c);
    options.insert(set.begin(), set.end());
    if (c.op != "surface" && c.op != "descend") {
      for (const auto& record : c.records) {
        for (const auto& change : record.changes) changed.insert(c.optimizer + " " + change.key);
      }
      const bool changes = std::any_of(c.records.begin(), c.records.end(),
                                       [](const auto& record) { return !record.changes.empty(); });
      if (set.empty() && !changes && c.name.find("_beyond_float32") == std::string::npos) {
        ++defaults;
      }
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
  EXPECT_EQ(changed.size(), 6u + 7u + 6u) << "every option, lr too, changed between steps";
  EXPECT_EQ(defaults, 3u) << "SGD with lr alone, RMSprop and Adam with PyTorch's defaults";
  EXPECT_EQ(edges.size(), 3u * 4u);
  EXPECT_EQ(surfaces.size(), 3u);
  EXPECT_EQ(descents.size(), 3u * 3u);
  EXPECT_EQ(refused, 11u) << "a number PyTorch's step converts beyond float32, for each optimizer";
}

TEST(OptimGolden, AnOptionChangedAtStep1BeyondTheStepsOrUnknownIsAnErrorNamingTheLine) {
#ifdef __EMSCRIPTEN__
  // The suites are compiled without -fexceptions there, so this file cannot catch the throw.
  GTEST_SKIP() << "the reader's errors are caught natively only";
#endif
  std::stringstream golden_text;
  golden_text << std::ifstream(CORE_GOLDEN_DIR "/optim.golden").rdbuf();
  const std::string text = golden_text.str();
  const std::string change = "\nmomentum_2 0.9\n";  // sgd_momentum_from_2's
  const size_t at = text.find(change);
  ASSERT_NE(at, std::string::npos);
  ASSERT_EQ(text.find(change, at + 1), std::string::npos) << "one case turns momentum on at step 2";
  const auto line =
      std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at) + 1, '\n') + 1;
  // Native and WebAssembly runs of this test may share the directory.
  const std::string prefix = std::filesystem::temp_directory_path().string() + "/optim-golden-" +
                             std::to_string(std::random_device{}());
  for (const auto& [name, damaged, message] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"step-1", "momentum_1 0.9",
            "momentum_1: an option from step 1 on is the case's own momentum"},
           {"beyond", "momentum_6 0.9",
            "case sgd_momentum_from_2: momentum_6 is beyond its 5 steps"},
           {"unknown", "betas_2 0.9 0.99", "unknown key 'betas_2' in a case of op sgd"}}) {
    const std::string path = prefix + "-" + name + ".golden";
    std::ofstream(path) << text.substr(0, at) << "\n"
                        << damaged << "\n"
                        << text.substr(at + change.size());
    try {
      golden::load_golden(path);
      ADD_FAILURE() << name << ": read without an error";
    } catch (const std::runtime_error& error) {
      EXPECT_EQ(error.what(), path + ":" + std::to_string(line) + ": " + message) << name;
    }
    std::filesystem::remove(path);
  }
}

// The case's steps through `step`, each from the parameters and state the one before returned,
// with the options that step runs with (`options` picks the optimizer's).
template <class State, class Options, class Step>
void expect_steps(const GoldenCase& c, Options golden::Options::*options, Step step) {
  std::vector<float> params = c.params;
  std::optional<State> state;
  for (size_t k = 0; k < c.records.size(); ++k) {
    SCOPED_TRACE("step " + std::to_string(k + 1));
    const auto& record = c.records[k];
    auto result = step(params, record.grad, state, record.options.*options);
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
    if (c.op == "sgd") expect_steps<SgdState>(c, &golden::Options::sgd, &sgd_step);
    if (c.op == "rmsprop") expect_steps<RmspropState>(c, &golden::Options::rmsprop, &rmsprop_step);
    if (c.op == "adam") expect_steps<AdamState>(c, &golden::Options::adam, &adam_step);
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
    if (c.optimizer == "sgd") expect_descent(c, c.options.sgd);
    if (c.optimizer == "rmsprop") expect_descent(c, c.options.rmsprop);
    if (c.optimizer == "adam") expect_descent(c, c.options.adam);
  }
}

}  // namespace
}  // namespace optim
