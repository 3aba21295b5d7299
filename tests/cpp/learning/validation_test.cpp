// Every rejected argument is a core::Error naming the parameter and its value, checked before
// anything is computed, and a call after it runs as if nothing had happened. NaN and the
// infinities in values are accepted (golden_test.cpp holds them to PyTorch's answers).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/sizes.h"
#include "common/splitmix64.h"
#include "common/test_util.h"
#include "learning/learning.h"

namespace learning {
namespace {

using core::testing::expect_error;
using core::testing::value_of;

using core::testing::kNaN;
using core::testing::kInf;

const std::vector<float> kInput = {1, 2, 3, 4, 5, 6};    // [2, 3]
const std::vector<float> kWeight = {1, 0, -1, 0.5f, 0.5f, 0.5f};  // [2, 3]
const std::vector<float> kBias = {0.25f, -1};
const std::vector<int32_t> kInputShape = {2, 3}, kWeightShape = {2, 3};

std::optional<Error> linear_error(const std::vector<int32_t>& input_shape,
                                  const std::vector<int32_t>& weight_shape,
                                  const std::vector<float>& input = kInput,
                                  const std::vector<float>& weight = kWeight,
                                  std::optional<std::vector<float>> bias = kBias) {
  std::optional<FloatView> b;
  if (bias) b = FloatView(*bias);
  return linear(input, input_shape, weight, weight_shape, b).error;
}

void expect_linear_still_works() {
  const auto y = value_of(linear(kInput, kInputShape, kWeight, kWeightShape, FloatView(kBias)));
  EXPECT_EQ(y, (std::vector<float>{-1.75f, 2, -1.75f, 6.5f}));
}

TEST(LearningValidation, LinearShapesAreTwoSidesFrom1To1024) {
  expect_error(linear_error({2, 3, 1}, kWeightShape), "input_shape",
               "input_shape must be [N, in], got (2, 3, 1)");
  expect_error(linear_error({0, 3}, kWeightShape), "input_shape",
               "input_shape [N, in] must have each side from 1 to 1024, got (0, 3)");
  expect_error(linear_error({2, 1025}, kWeightShape), "input_shape",
               "input_shape [N, in] must have each side from 1 to 1024, got (2, 1025)");
  expect_error(linear_error(kInputShape, {3}), "weight_shape",
               "weight_shape must be [out, in], got (3)");
  expect_error(linear_error(kInputShape, {-1, 3}), "weight_shape",
               "weight_shape [out, in] must have each side from 1 to 1024, got (-1, 3)");
  expect_error(linear_error(kInputShape, {2, 2}), "weight_shape",
               "weight_shape (2, 2) has in 2 but input_shape (2, 3) has in 3");
  expect_linear_still_works();
}

TEST(LearningValidation, LinearLengthsFollowTheShapes) {
  expect_error(linear_error(kInputShape, kWeightShape, {1, 2, 3}), "input",
               "input has 3 values but input_shape (2, 3) needs 6");
  expect_error(linear_error(kInputShape, kWeightShape, kInput, {1}), "weight",
               "weight has 1 values but weight_shape (2, 3) needs 6");
  expect_error(linear_error(kInputShape, kWeightShape, kInput, kWeight, std::vector<float>{1}),
               "bias", "bias has 1 values but weight_shape (2, 3) has out 2");
  EXPECT_FALSE(linear_error(kInputShape, kWeightShape, kInput, kWeight, std::nullopt));
  const auto backward =
      linear_backward(std::vector<float>(5), kInput, kInputShape, kWeight, kWeightShape, true);
  expect_error(backward.error, "grad_output",
               "grad_output has 5 values but the output is (2, 2), 4 values");
  // The largest layers the limits allow: N * in * out = 2^24 multiply-adds, one more is refused.
  const auto sizes = check_linear(std::vector<int32_t>{256, 256}, std::vector<int32_t>{256, 256},
                                  1u << 16, 1u << 16, 256, size_t{1} << 16);
  EXPECT_TRUE(sizes.ok());
  EXPECT_TRUE(check_linear(std::vector<int32_t>{16, 1024}, std::vector<int32_t>{1024, 1024},
                           1u << 14, 1u << 20, 1024, size_t{1} << 14).ok());
  const auto over = check_linear(std::vector<int32_t>{17, 1024}, std::vector<int32_t>{1024, 1024},
                                 17u << 10, 1u << 20, 1024, size_t{17} << 10);
  expect_error(over.error, "weight_shape",
               "weight_shape (1024, 1024) with input_shape (17, 1024) makes N * in * out = "
               "17825792 multiply-adds, more than 16777216, the most a call takes");
  expect_linear_still_works();
}

TEST(LearningValidation, LinearBackwardLeavesOutTheBiasGradientWhenAsked) {
  const std::vector<float> g = {1, 0, 0, 1};
  const auto with = value_of(linear_backward(g, kInput, kInputShape, kWeight, kWeightShape, true));
  EXPECT_EQ(*with.grad_bias, (std::vector<float>{1, 1}));
  const auto without =
      value_of(linear_backward(g, kInput, kInputShape, kWeight, kWeightShape, false));
  EXPECT_FALSE(without.grad_bias);
  EXPECT_EQ(without.grad_weight, (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

const XorParams kXor = {{1, -1, -1, 1}, {0, 0}, {1, 1}, {-0.5f}};

TEST(LearningValidation, XorParamsAreA2ByHBy1Network) {
  XorParams p = kXor;
  p.w1 = {1, 2, 3};
  expect_error(xor_train(view_of(p), {}, 1).error, "params",
               "params.w1 has 3 values, but w1 is [H, 2] with H from 1 to 16: an even count "
               "from 2 to 32");
  p.w1.assign(34, 0.0f);
  expect_error(check_xor_params(view_of(p)).error, "params",
               "params.w1 has 34 values, but w1 is [H, 2] with H from 1 to 16: an even count "
               "from 2 to 32");
  p = kXor;
  p.b1 = {0};
  expect_error(xor_train(view_of(p), {}, 1).error, "params",
               "params.b1 has 1 values but w1 has H = 2 rows");
  p = kXor;
  p.w2 = {1, 2, 3};
  expect_error(xor_forward(view_of(p), std::vector<float>{0, 0}, {}).error, "params",
               "params.w2 has 3 values but w1 has H = 2 rows");
  p = kXor;
  p.b2 = {};
  expect_error(xor_train(view_of(p), {}, 1).error, "params",
               "params.b2 has 0 values, but b2 is one value");
}

TEST(LearningValidation, XorOptionsAndStepsAreChecked) {
  XorOptions o;
  o.activation = static_cast<Activation>(3);
  expect_error(xor_train(view_of(kXor), o, 1).error, "activation",
               "activation must be 'tanh', 'relu' or 'sigmoid', got 3");
  o = {};
  o.lr = -0.5;
  expect_error(xor_train(view_of(kXor), o, 1).error, "lr", "lr must be at least 0, got -0.5");
  o.lr = kNaN;
  expect_error(xor_forward(view_of(kXor), std::vector<float>{0, 0}, o).error, "lr",
               "lr must be a finite number, got nan");
  // torch.optim.SGD's step refuses an lr beyond float32 (optim.golden); a training of no steps
  // converts nothing, and a forward pass takes no lr at all.
  o = {};
  o.lr = 1e39;
  expect_error(xor_train(view_of(kXor), o, 1).error, "lr",
               "-lr is -1e+39, beyond float32's largest finite value: PyTorch's step cannot "
               "convert it to float32");
  EXPECT_TRUE(xor_train(view_of(kXor), o, 0).ok());
  EXPECT_TRUE(xor_forward(view_of(kXor), std::vector<float>{0, 0}, o).ok());
  o = {};
  o.momentum = kInf;
  expect_error(xor_train(view_of(kXor), o, 1).error, "momentum",
               "momentum must be a finite number, got inf");
  expect_error(xor_train(view_of(kXor), {}, -1).error, "steps",
               "steps must be a whole number from 0 to 5000, got -1");
  expect_error(xor_train(view_of(kXor), {}, 5001).error, "steps",
               "steps must be a whole number from 0 to 5000, got 5001");
  const auto t = value_of(xor_train(view_of(kXor), {}, 5000));
  EXPECT_EQ(t.losses.size(), 5001u);
  EXPECT_LT(t.losses.back(), 0.01f) << "this network learns XOR";
  for (float p : t.probabilities) EXPECT_TRUE(p < 0.01f || p > 0.99f) << p;
}

TEST(LearningValidation, XorStartsTakeHFrom1To16AndAUint32Seed) {
  expect_error(xor_init(0, 1).error, "hidden", "hidden must be a whole number from 1 to 16, got 0");
  expect_error(xor_init(17, 1).error, "hidden",
               "hidden must be a whole number from 1 to 16, got 17");
  expect_error(xor_init(-3, -1).error, "hidden",
               "hidden must be a whole number from 1 to 16, got -3");
  expect_error(xor_init(2, -1).error, "seed", "seed must be an integer in [0, 4294967295], got -1");
  expect_error(xor_init(2, core::kMaxSeed + 1).error, "seed",
               "seed must be an integer in [0, 4294967295], got 4294967296");
  // The same seed draws the same start, and a start is ready for training.
  const auto start = value_of(xor_init(16, core::kMaxSeed));
  EXPECT_EQ(start.w1, value_of(xor_init(16, core::kMaxSeed)).w1);
  EXPECT_EQ(value_of(xor_train(view_of(start), {}, 1)).losses.size(), 2u);
  EXPECT_EQ(value_of(xor_init(1, 0)).w1.size(), 2u);
}

TEST(LearningValidation, XorPointsArePairsUpTo160000) {
  expect_error(xor_forward(view_of(kXor), std::vector<float>{0, 0, 1}, {}).error, "points",
               "points has 3 values, but points are [P, 2] with P at least 1: an even count");
  expect_error(xor_forward(view_of(kXor), std::vector<float>{}, {}).error, "points",
               "points has 0 values, but points are [P, 2] with P at least 1: an even count");
  const std::vector<float> many(2 * 160001, 0.5f);
  expect_error(xor_forward(view_of(kXor), many, {}).error, "points",
               "points has 160001 points, more than 160000, the most a call takes");
  const auto out = value_of(xor_forward(view_of(kXor), FloatView(many.data(), 2 * 160000), {}));
  EXPECT_EQ(out.probabilities.size(), 160000u);
  EXPECT_EQ(out.hidden.size(), 320000u);
}

const std::vector<float> kParam = {1, -2, 3};
const std::vector<float> kGrad = {0.5f, 0.25f, -1};

std::optional<Error> lamb_error(const LambOptions& o) {
  return lamb_step(kParam, kGrad, std::nullopt, o).error;
}

TEST(LearningValidation, LambOptionsAreFiniteAndInRange) {
  LambOptions o;
  o.lr = -1;
  expect_error(lamb_error(o), "lr", "lr must be at least 0, got -1");
  o = {};
  o.eps = kNaN;
  expect_error(lamb_error(o), "eps", "eps must be a finite number, got nan");
  o = {};
  o.beta1 = 1;
  expect_error(lamb_error(o), "betas", "betas[0] must be at least 0 and less than 1, got 1");
  o = {};
  o.beta2 = -0.1;
  expect_error(lamb_error(o), "betas", "betas[1] must be at least 0 and less than 1, got -0.1");
  o = {};
  o.weight_decay = -kInf;
  expect_error(lamb_error(o), "weight_decay", "weight_decay must be a finite number, got -inf");
  EXPECT_FALSE(lamb_error({}));
}

TEST(LearningValidation, LambLengthsAndStateAreChecked) {
  expect_error(lamb_step(kParam, std::vector<float>{1}, std::nullopt, {}).error, "grad",
               "grad has 1 values but param has 3");
  expect_error(check_lamb_values(size_t(core::kMaxElements) + 1, 0), "param",
               "param has 67108865 values, more than 67108864, the most the core takes");
  LambState s{1, {0, 0}, {0, 0, 0}};
  expect_error(lamb_step(kParam, kGrad, s, {}).error, "state",
               "state['exp_avg'] has 2 values but param has 3");
  s.exp_avg = {0, 0, 0};
  s.exp_avg_sq = {0};
  expect_error(lamb_step(kParam, kGrad, s, {}).error, "state",
               "state['exp_avg_sq'] has 1 values but param has 3");
  s.exp_avg_sq = {0, 0, 0};
  s.step = 2.5;
  expect_error(lamb_step(kParam, kGrad, s, {}).error, "state",
               "state['step'] must be a whole number from 0 to 9007199254740992, got 2.5");
  s.step = 0;
  const auto fresh = value_of(lamb_step(kParam, kGrad, std::nullopt, {}));
  const auto zeros = value_of(lamb_step(kParam, kGrad, s, {}));
  EXPECT_EQ(fresh.param, zeros.param) << "a state of zeros at step 0 steps as a fresh one";
  EXPECT_EQ(fresh.state.step, 1);
}

TEST(LearningValidation, LambTrustRatioIsOneWhenANormIsZero) {
  const auto zero_param = value_of(lamb_step({0, 0, 0}, kGrad, std::nullopt, {}));
  EXPECT_EQ(zero_param.trust_ratio, 1.0f);
  const auto zero_grad = value_of(lamb_step(kParam, std::vector<float>{0, 0, 0}, std::nullopt, {}));
  EXPECT_EQ(zero_grad.trust_ratio, 1.0f);
  EXPECT_EQ(zero_grad.param, kParam);
  const auto empty = value_of(lamb_step({}, std::vector<float>{}, std::nullopt, {}));
  EXPECT_EQ(empty.trust_ratio, 1.0f);
  EXPECT_EQ(empty.state.step, 1);
}

}  // namespace
}  // namespace learning
