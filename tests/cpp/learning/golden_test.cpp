// The learning family against PyTorch 1.13's golden data (tests/golden/learning): F.linear and
// its gradients, XOR trainings (also in two calls, the second from the state the first
// returned) and drawings, LAMB steps, and the XOR network's seeded starts (the generator's,
// reimplemented in Python).
//
// Bit for bit where the order of PyTorch's sums is known (README.md): a layer's output,
// grad_input and grad_weight (netlib BLAS's dot products), every LAMB moment, and gradients of
// a bias summed over at most 4 rows. Elsewhere within a stated tolerance: a bias gradient over
// more rows (PyTorch's sum kernel cascades), the XOR trainings (PyTorch's vectorised exp, log
// and tanh differ from the C library's in the last bit now and then, and a training carries
// those bits along), the LAMB parameter and update (its norms: README.md).
#include "golden.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/splitmix64.h"
#include "common/test_util.h"
#include "learning/learning.h"

namespace learning {
namespace {

using core::testing::bitwise_equal;
using core::testing::near_all;
using core::testing::near_golden;
using core::testing::value_of;
using golden::GoldenCase;

// XOR trainings: how far a loss curve, the final parameters and the outputs may stray from
// PyTorch's over hundreds of steps (the worst seen is printed by the test).
constexpr double kTrainingAbs = 5e-6;
constexpr double kTrainingRel = 1e-5;

// The largest |actual - expected| over finite expected values.
double worst(const std::vector<float>& expected, const std::vector<float>& actual) {
  double most = 0;
  for (size_t i = 0; i < std::min(expected.size(), actual.size()); ++i) {
    if (std::isfinite(expected[i])) {
      most = std::max(most, std::abs(static_cast<double>(actual[i]) - expected[i]));
    }
  }
  return most;
}

XorParamsView params_of(const GoldenCase& c) {
  return {c.at("w1"), c.at("b1"), c.at("w2"), c.at("b2")};
}

Activation activation_of(const GoldenCase& c) {
  const auto& name = c.words.at("activation");
  return name == "relu" ? Activation::kRelu
         : name == "sigmoid" ? Activation::kSigmoid
                             : Activation::kTanh;
}

TEST(LearningGolden, FileCoversEveryOperationAndItsEdges) {
  std::set<std::string> seen;
  for (const auto& c : golden::cases()) {
    if (c.op() == "linear") {
      seen.insert(c.has("bias") ? "linear with bias" : "linear without bias");
      if (c.at("input_shape")[0] == 1) seen.insert("linear N = 1");
    }
    if (c.op() == "xor_init") seen.insert("xor_init H " + std::to_string(c.at("b1").size()));
    if (c.op() == "xor_train" && c.steps() >= 300) {
      seen.insert(c.words.at("activation") + " H " + std::to_string(c.at("b1").size()));
    }
    seen.insert(c.name);
  }
  for (const char* key :
       {"linear with bias", "linear without bias", "linear N = 1", "linear_nonfinite",
        "linear_zero_weight", "xor_relu_kink", "xor_forward_relu_kink", "xor_tanh_no_steps",
        "lamb_zero_param", "lamb_zero_grad", "lamb_nan_grad", "xor_init H 1", "xor_init H 16",
        "xor_init_h16_seed4294967295", "xor_relu_h4_momentum_resumed",
        "xor_sigmoid_h3_momentum_then_none", "xor_tanh_h3_none_then_momentum",
        "xor_tanh_h2_momentum_then_no_steps"}) {
    EXPECT_TRUE(seen.count(key)) << key;
  }
  for (const char* act : {"tanh", "relu", "sigmoid"}) {
    for (int h : {2, 3, 4}) {
      EXPECT_TRUE(seen.count(std::string(act) + " H " + std::to_string(h))) << act << " H " << h;
    }
  }
}

TEST(LearningGolden, LinearForwardAndBackwardMatchPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op() != "linear") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto in_shape = c.ints("input_shape"), w_shape = c.ints("weight_shape");
    const std::optional<FloatView> bias =
        c.has("bias") ? std::optional<FloatView>(c.at("bias")) : std::nullopt;
    const auto y = value_of(linear(c.at("input"), in_shape, c.at("weight"), w_shape, bias));
    EXPECT_TRUE(bitwise_equal(c.at("output"), y)) << "output";
    const auto g = value_of(linear_backward(c.at("grad_output"), c.at("input"), in_shape,
                                            c.at("weight"), w_shape, c.has("bias")));
    EXPECT_TRUE(bitwise_equal(c.at("grad_input"), g.grad_input)) << "grad_input";
    EXPECT_TRUE(bitwise_equal(c.at("grad_weight"), g.grad_weight)) << "grad_weight";
    ASSERT_EQ(g.grad_bias.has_value(), c.has("grad_bias"));
    if (!g.grad_bias) continue;
    if (in_shape[0] <= 4) {
      EXPECT_TRUE(bitwise_equal(c.at("grad_bias"), *g.grad_bias)) << "grad_bias";
    } else {
      EXPECT_TRUE(near_golden(c.at("grad_bias"), *g.grad_bias)) << "grad_bias";
    }
  }
}

// How far a set of trainings strayed from PyTorch's, for the summary each test prints.
struct TrainingAgreement {
  double worst_loss = 0, worst_param = 0, worst_buffer = 0;
  size_t loss_bits = 0, losses = 0, buffers = 0;

  void print(const char* what) const {
    std::printf("%s: %zu of %zu losses to the bit, worst difference %.3g; worst final parameter "
                "difference %.3g", what, loss_bits, losses, worst_loss, worst_param);
    if (buffers) std::printf("; worst momentum buffer difference %.3g", worst_buffer);
    std::printf("\n");
  }
};

// A training against the case's keys that end in `suffix` ("" for xor_train, "_1" and "_2" for
// the calls of xor_train_resumed): its losses, final parameters, hidden features and
// probabilities, and, where the case records SGD's state (xor_train_resumed), its momentum
// buffers (none where PyTorch keeps none).
void expect_training(const GoldenCase& c, const XorTraining& t, const std::string& suffix,
                     bool records_state, TrainingAgreement& agreement) {
  const auto& expected_losses = c.at("losses" + suffix);
  EXPECT_TRUE(near_all(expected_losses, t.losses, kTrainingAbs, kTrainingRel)) << "losses";
  agreement.worst_loss = std::max(agreement.worst_loss, worst(expected_losses, t.losses));
  for (size_t i = 0; i < std::min(t.losses.size(), expected_losses.size()); ++i) {
    agreement.loss_bits += core::testing::same_float(expected_losses[i], t.losses[i]);
  }
  agreement.losses += expected_losses.size();
  const char* keys[4] = {"w1", "b1", "w2", "b2"};
  const std::vector<float>* finals[4] = {&t.params.w1, &t.params.b1, &t.params.w2, &t.params.b2};
  for (int k = 0; k < 4; ++k) {
    const auto& expected = c.at("final_" + std::string(keys[k]) + suffix);
    EXPECT_TRUE(near_all(expected, *finals[k], kTrainingAbs, kTrainingRel)) << "final " << keys[k];
    agreement.worst_param = std::max(agreement.worst_param, worst(expected, *finals[k]));
  }
  EXPECT_TRUE(near_all(c.at("hidden" + suffix), t.hidden, kTrainingAbs, kTrainingRel)) << "hidden";
  EXPECT_TRUE(near_all(c.at("probabilities" + suffix), t.probabilities, kTrainingAbs,
                       kTrainingRel))
      << "probabilities";
  if (!records_state) return;
  const auto& buffer = t.state.momentum_buffer;
  const bool kept = c.has("momentum_buffer_w1" + suffix);
  EXPECT_EQ(buffer.has_value(), kept) << "PyTorch keeps momentum buffers";
  if (!buffer || !kept) return;
  const std::vector<float>* buffers[4] = {&buffer->w1, &buffer->b1, &buffer->w2, &buffer->b2};
  for (int k = 0; k < 4; ++k) {
    const auto& expected = c.at("momentum_buffer_" + std::string(keys[k]) + suffix);
    EXPECT_TRUE(near_all(expected, *buffers[k], kTrainingAbs, kTrainingRel))
        << "momentum buffer " << keys[k];
    agreement.worst_buffer = std::max(agreement.worst_buffer, worst(expected, *buffers[k]));
  }
  ++agreement.buffers;
}

XorOptions xor_options_of(const GoldenCase& c, const std::string& suffix) {
  XorOptions options;
  options.activation = activation_of(c);
  options.lr = c.number("lr" + suffix);
  options.momentum = c.number("momentum" + suffix);
  return options;
}

TEST(LearningGolden, XorTrainingsFollowPyTorchsLossCurves) {
  TrainingAgreement agreement;
  for (const auto& c : golden::cases()) {
    if (c.op() != "xor_train") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto t = value_of(xor_train(params_of(c), xor_options_of(c, ""), c.steps()));
    expect_training(c, t, "", false, agreement);
  }
  agreement.print("XOR trainings");
}

// Each call continues from the params and state the one before returned, as PyTorch's second
// optimiser continues from the first's state_dict() (with the options of its own call).
TEST(LearningGolden, XorTrainingsContinueFromTheirStateAsPyTorchsDo) {
  TrainingAgreement agreement;
  size_t trainings = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "xor_train_resumed") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    XorParams network{c.at("w1"), c.at("b1"), c.at("w2"), c.at("b2")};
    XorSgdState state;
    for (const std::string suffix : {"_1", "_2"}) {
      SCOPED_TRACE("call " + suffix.substr(1));
      auto t = value_of(xor_train({network.w1, network.b1, network.w2, network.b2},
                                  xor_options_of(c, suffix), c.steps(suffix), state));
      expect_training(c, t, suffix, true, agreement);
      network = std::move(t.params);
      state = std::move(t.state);
    }
    ++trainings;
  }
  EXPECT_GE(trainings, 6u);
  agreement.print("XOR trainings in two calls");
}

TEST(LearningGolden, XorDrawingsMatchPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op() != "xor_forward") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    XorOptions options;
    options.activation = activation_of(c);
    const auto out = value_of(xor_forward(params_of(c), c.at("points"), options));
    EXPECT_TRUE(near_golden(c.at("hidden"), out.hidden)) << "hidden";
    EXPECT_TRUE(near_golden(c.at("probabilities"), out.probabilities)) << "probabilities";
  }
}

// The start is the generator's draws rounded once each: bit for bit, natively and as WASM.
TEST(LearningGolden, XorStartsAreTheGeneratorsDrawsToTheBit) {
  size_t starts = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "xor_init") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto p = value_of(xor_init(static_cast<int64_t>(c.number("hidden_units")),
                                     static_cast<int64_t>(c.number("seed"))));
    EXPECT_TRUE(bitwise_equal(c.at("w1"), p.w1)) << "w1";
    EXPECT_TRUE(bitwise_equal(c.at("b1"), p.b1)) << "b1";
    EXPECT_TRUE(bitwise_equal(c.at("w2"), p.w2)) << "w2";
    EXPECT_TRUE(bitwise_equal(c.at("b2"), p.b2)) << "b2";
    ++starts;
  }
  EXPECT_GE(starts, 7u);
}

// nn.Linear's bounds: every value of a start lies within ±1/sqrt(fan_in), and a start takes
// both signs in each layer (a draw of u in [0, 1) stretched to the whole interval).
TEST(LearningGolden, XorStartsLieWithinNnLinearsBounds) {
  for (int64_t H : {1, 2, 5, 16}) {
    for (int64_t seed : {int64_t{0}, int64_t{3}, core::kMaxSeed}) {
      const auto p = value_of(xor_init(H, seed));
      ASSERT_EQ(p.w1.size(), static_cast<size_t>(2 * H));
      ASSERT_EQ(p.b1.size(), static_cast<size_t>(H));
      ASSERT_EQ(p.w2.size(), static_cast<size_t>(H));
      ASSERT_EQ(p.b2.size(), 1u);
      const float bound1 = static_cast<float>(1 / std::sqrt(2.0));
      const float bound2 = static_cast<float>(1 / std::sqrt(static_cast<double>(H)));
      for (float v : p.w1) EXPECT_LE(std::abs(v), bound1) << "H " << H << " seed " << seed;
      for (float v : p.b1) EXPECT_LE(std::abs(v), bound1) << "H " << H << " seed " << seed;
      for (float v : p.w2) EXPECT_LE(std::abs(v), bound2) << "H " << H << " seed " << seed;
      EXPECT_LE(std::abs(p.b2[0]), bound2) << "H " << H << " seed " << seed;
    }
  }
  const auto wide = value_of(xor_init(16, 1));
  EXPECT_LT(*std::min_element(wide.w1.begin(), wide.w1.end()), 0.0f);
  EXPECT_GT(*std::max_element(wide.w1.begin(), wide.w1.end()), 0.0f);
  // Another seed, another start.
  EXPECT_NE(value_of(xor_init(2, 1)).w1, value_of(xor_init(2, 2)).w1);
}

TEST(LearningGolden, LambStepsMatchTheGenerator) {
  size_t ratio_bits = 0, ratios = 0, param_bits = 0, params = 0;
  double worst_ratio = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "lamb") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    LambOptions o;
    if (c.has("lr")) o.lr = c.number("lr");
    if (c.has("betas")) o.beta1 = c.number("betas", 0), o.beta2 = c.number("betas", 1);
    if (c.has("eps")) o.eps = c.number("eps");
    if (c.has("weight_decay")) o.weight_decay = c.number("weight_decay");
    std::vector<float> param = c.at("param");
    std::optional<LambState> state;
    for (int k = 1; k <= c.steps(); ++k) {
      const std::string s = "_" + std::to_string(k);
      SCOPED_TRACE("step " + std::to_string(k));
      auto r = value_of(lamb_step(param, c.at("grad" + s), state, o));
      EXPECT_EQ(r.state.step, c.number("step" + s));
      EXPECT_TRUE(bitwise_equal(c.at("exp_avg" + s), r.state.exp_avg)) << "exp_avg";
      EXPECT_TRUE(bitwise_equal(c.at("exp_avg_sq" + s), r.state.exp_avg_sq)) << "exp_avg_sq";
      EXPECT_TRUE(bitwise_equal(c.at("update" + s), r.update)) << "update";
      const float expected_ratio = c.at("trust_ratio" + s)[0];
      EXPECT_TRUE(near_golden({expected_ratio}, {r.trust_ratio})) << "trust ratio";
      ratios += 1;
      ratio_bits += core::testing::same_float(expected_ratio, r.trust_ratio);
      worst_ratio = std::max(worst_ratio, std::abs(r.trust_ratio / expected_ratio - 1.0));
      EXPECT_TRUE(near_golden(c.at("param" + s), r.param)) << "param";
      params += r.param.size();
      for (size_t i = 0; i < std::min(r.param.size(), c.at("param" + s).size()); ++i) {
        param_bits += core::testing::same_float(c.at("param" + s)[i], r.param[i]);
      }
      param = r.param;
      state = r.state;
    }
  }
  std::printf("LAMB trust ratios: %zu of %zu to the bit, worst relative difference %.3g; "
              "parameters: %zu of %zu to the bit\n", ratio_bits, ratios, worst_ratio, param_bits,
              params);
}

}  // namespace
}  // namespace learning
