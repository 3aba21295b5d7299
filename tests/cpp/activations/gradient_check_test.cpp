// Every backward against central finite differences of its forward. The activations are
// elementwise, so one step of the whole input at once gives every element's difference
// quotient: (y(x + h) - y(x - h)) / (x + h - (x - h)), the step measured as float32 has it.
// The inputs stay away from the kinks (ReLU's and ELU's at 0), where no difference quotient
// is the gradient PyTorch defines; edges_test.cpp pins those values.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "activations/activations.h"
#include "common/test_util.h"

namespace activations {
namespace {

struct Setting {
  std::string name;
  Activation activation;
  ActivationOptions options;
};

std::vector<Setting> settings() {
  std::vector<Setting> all = {{"relu", Activation::kRelu, {}},
                              {"sigmoid", Activation::kSigmoid, {}},
                              {"tanh", Activation::kTanh, {}}};
  for (auto approximate : {GeluApproximate::kNone, GeluApproximate::kTanh}) {
    ActivationOptions o;
    o.approximate = approximate;
    all.push_back({approximate == GeluApproximate::kTanh ? "gelu tanh" : "gelu none", Activation::kGelu, o});
  }
  for (double beta : {1.0, 2.0, 0.5, 0.0, -1.0, 1.702}) {
    ActivationOptions o;
    o.beta = beta;
    all.push_back({"swish beta " + std::to_string(beta), Activation::kSwish, o});
  }
  for (double alpha : {1.0, 2.0, 0.5, 0.0, -1.0}) {
    ActivationOptions o;
    o.alpha = alpha;
    all.push_back({"elu alpha " + std::to_string(alpha), Activation::kElu, o});
  }
  return all;
}

// Values in [-6, 6], none closer to a kink than 0.1.
std::vector<float> inputs_away_from_kinks(std::mt19937& rng) {
  std::vector<float> x = core::testing::random_values(257, rng, -6.0f, 6.0f);
  for (float& v : x) {
    if (std::abs(v) < 0.1f) v = std::copysign(0.1f, v) + v;
  }
  return x;
}

TEST(ActivationsGradientCheck, BackwardMatchesCentralDifferencesOfForward) {
  constexpr float kStep = 1e-2f;
  std::mt19937 rng(20240613);
  for (const auto& s : settings()) {
    SCOPED_TRACE(s.name);
    const std::vector<float> x = inputs_away_from_kinks(rng);
    const std::vector<float> g = core::testing::random_values(x.size(), rng, -1.0f, 1.0f);
    std::vector<float> up(x.size()), down(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      up[i] = x[i] + kStep;
      down[i] = x[i] - kStep;
    }
    const auto y_up = forward(s.activation, up, s.options);
    const auto y_down = forward(s.activation, down, s.options);
    const auto grad = backward(s.activation, g, x, s.options);
    ASSERT_TRUE(y_up.ok() && y_down.ok() && grad.ok());
    for (size_t i = 0; i < x.size(); ++i) {
      const double slope = (static_cast<double>((*y_up.value)[i]) - (*y_down.value)[i]) /
                           (static_cast<double>(up[i]) - down[i]);
      const double expected = g[i] * slope;
      EXPECT_NEAR((*grad.value)[i], expected, 1e-3 + 1e-3 * std::abs(expected))
          << "at index " << i << ", x = " << x[i] << ", grad_output = " << g[i];
    }
  }
}

}  // namespace
}  // namespace activations
