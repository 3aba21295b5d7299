// Every rejected argument is a core::Error naming the parameter and its value, checked before
// anything is computed, in the documented order, and a call after it runs as if nothing had
// happened. NaN and the infinities in values are accepted (golden_test.cpp holds them to
// PyTorch's answers).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/splitmix64.h"
#include "common/test_util.h"
#include "transformer/transformer.h"

namespace transformer {
namespace {

using core::testing::expect_error;
using core::testing::value_of;

// A layer of d 4, ff 3 on L 2.
const std::vector<int32_t> kShape = {2, 4};
const std::vector<float> kInput = {1, 0, -1, 2, 0.5f, 0.5f, -2, 1};

ParamArray<std::vector<float>> params_for(int64_t d, int64_t ff) {
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  ParamArray<std::vector<float>> params;
  for (size_t p = 0; p < kParamCount; ++p) {
    for (int64_t i = 0; i < counts[p]; ++i) params[p].push_back(0.1f * static_cast<float>(i % 7) - 0.3f);
  }
  return params;
}

EncoderOptions heads(int32_t nhead) {
  EncoderOptions o;
  o.nhead = nhead;
  return o;
}

std::optional<Error> encoder_error(const std::vector<int32_t>& shape,
                                   const ParamArray<std::vector<float>>& params,
                                   const EncoderOptions& options = {},
                                   const std::vector<float>& input = kInput) {
  return encoder_layer(input, shape, views_of(params), options).error;
}

TEST(TransformerValidation, InputShape) {
  const auto p = params_for(4, 3);
  expect_error(encoder_error({2, 4, 1}, p), "input_shape", "input_shape must be [L, d], got (2, 4, 1)");
  expect_error(encoder_error({65, 4}, p), "input_shape",
               "input_shape [L, d] must have L from 1 to 64 and d from 1 to 128, got (65, 4)");
  expect_error(encoder_error({2, 129}, p), "input_shape",
               "input_shape [L, d] must have L from 1 to 64 and d from 1 to 128, got (2, 129)");
  expect_error(encoder_error({0, 4}, p), "input_shape",
               "input_shape [L, d] must have L from 1 to 64 and d from 1 to 128, got (0, 4)");
}

TEST(TransformerValidation, Options) {
  const auto p = params_for(4, 3);
  expect_error(encoder_error(kShape, p, heads(0)), "nhead", "nhead must be from 1 to 8, got 0");
  expect_error(encoder_error(kShape, p, heads(9)), "nhead", "nhead must be from 1 to 8, got 9");
  expect_error(encoder_error(kShape, p, heads(3)), "nhead",
               "nhead 3 must divide d = 4 (input_shape (2, 4)): each head takes d / nhead features");
  EncoderOptions o;
  o.activation = static_cast<Activation>(2);
  expect_error(encoder_error(kShape, p, o), "activation", "activation must be 'relu' or 'gelu', got 2");
  for (const double eps : {0.0, -1e-5, std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN()}) {
    EncoderOptions bad;
    bad.layer_norm_eps = eps;
    const auto error = encoder_error(kShape, p, bad);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->parameter, "layer_norm_eps");
    EXPECT_EQ(error->message.rfind("layer_norm_eps must be a positive finite number, got ", 0), 0u);
  }
}

TEST(TransformerValidation, Params) {
  auto p = params_for(4, 3);
  p[kLinear1Weight].resize(10);
  expect_error(encoder_error(kShape, p), "params",
               "params.linear1_weight has 10 values, but linear1_weight is [ff, d] with d = 4 and "
               "ff from 1 to 512: a multiple of 4 up to 2048");
  p[kLinear1Weight].resize(4 * 513);
  expect_error(encoder_error(kShape, p), "params",
               "params.linear1_weight has 2052 values, but linear1_weight is [ff, d] with d = 4 "
               "and ff from 1 to 512: a multiple of 4 up to 2048");
  p[kLinear1Weight].clear();
  expect_error(encoder_error(kShape, p), "params",
               "params.linear1_weight has 0 values, but linear1_weight is [ff, d] with d = 4 and "
               "ff from 1 to 512: a multiple of 4 up to 2048");
  const std::pair<Param, std::string> wrong[] = {
      {kInProjWeight, "params.in_proj_weight has 47 values but in_proj_weight is [3d, d] = (12, 4), 48 values"},
      {kInProjBias, "params.in_proj_bias has 11 values but in_proj_bias is [3d] = 12 values"},
      {kOutProjWeight, "params.out_proj_weight has 15 values but out_proj_weight is [d, d] = (4, 4), 16 values"},
      {kOutProjBias, "params.out_proj_bias has 3 values but out_proj_bias is [d] = 4 values"},
      {kLinear1Bias, "params.linear1_bias has 2 values but linear1_bias is [ff] = 3 values"},
      {kLinear2Weight, "params.linear2_weight has 11 values but linear2_weight is [d, ff] = (4, 3), 12 values"},
      {kLinear2Bias, "params.linear2_bias has 3 values but linear2_bias is [d] = 4 values"},
      {kNorm1Weight, "params.norm1_weight has 3 values but norm1_weight is [d] = 4 values"},
      {kNorm2Bias, "params.norm2_bias has 3 values but norm2_bias is [d] = 4 values"}};
  for (const auto& [param, message] : wrong) {
    auto q = params_for(4, 3);
    q[param].pop_back();
    expect_error(encoder_error(kShape, q), "params", message);
  }
}

TEST(TransformerValidation, Work) {
  // L d (4d + 2ff + 2L) multiply-adds at most 2^23: L 64, d 128 takes ff up to 192.
  const auto p = params_for(128, 193);
  expect_error(encoder_error({64, 128}, p), "input_shape",
               "input_shape (64, 128) with ff = 193 makes L * d * (4d + 2ff + 2L) = 8404992 "
               "multiply-adds, more than 8388608, the most a call takes");
  const auto q = params_for(128, 192);
  const std::vector<float> x(64 * 128, 0.5f);
  EXPECT_TRUE(encoder_layer(x, std::vector<int32_t>{64, 128}, views_of(q), heads(8)).ok());
  const auto r = params_for(128, 512);
  EXPECT_TRUE(
      encoder_layer(std::vector<float>(16 * 128), std::vector<int32_t>{16, 128}, views_of(r), heads(8))
          .ok());
}

TEST(TransformerValidation, Lengths) {
  const auto p = params_for(4, 3);
  expect_error(encoder_error(kShape, p, {}, {1, 2, 3}), "input",
               "input has 3 values but input_shape (2, 4) needs 8");
  expect_error(encoder_layer_backward(std::vector<float>(5), kInput, kShape, views_of(p), {}).error,
               "grad_output", "grad_output has 5 values but the output is (2, 4), 8 values");
}

TEST(TransformerValidation, TheChecksRunInTheirOrder) {
  auto p = params_for(4, 3);
  p[kInProjBias].clear();
  // The shape before the options, the options before the params, the params before the input.
  expect_error(encoder_error({0, 4}, p, heads(9), {}), "input_shape",
               "input_shape [L, d] must have L from 1 to 64 and d from 1 to 128, got (0, 4)");
  expect_error(encoder_error(kShape, p, heads(9), {}), "nhead", "nhead must be from 1 to 8, got 9");
  EXPECT_EQ(encoder_error(kShape, p, {}, {})->parameter, "params");
}

TEST(TransformerValidation, PositionalEncoding) {
  expect_error(positional_encoding(0, 4).error, "length", "length must be from 1 to 512, got 0");
  expect_error(positional_encoding(513, 4).error, "length", "length must be from 1 to 512, got 513");
  expect_error(positional_encoding(4, 0).error, "d_model", "d_model must be from 1 to 512, got 0");
  expect_error(positional_encoding(4, 513).error, "d_model",
               "d_model must be from 1 to 512, got 513");
  const auto table = value_of(positional_encoding(512, 512));
  EXPECT_EQ(table.table.size(), 512u * 512u);
  EXPECT_EQ(table.frequencies.size(), 256u);
  const auto odd = value_of(positional_encoding(3, 5));
  EXPECT_EQ(odd.frequencies.size(), 3u);
  // An odd d_model: column 4 is the sine of the third frequency, and there is no column 5.
  EXPECT_EQ(odd.table[5 + 4], static_cast<float>(std::sin(static_cast<double>(odd.frequencies[2]))));
}

TEST(TransformerValidation, ParameterCount) {
  expect_error(parameter_count(0, 1, 1).error, "d_model", "d_model must be from 1 to 65536, got 0");
  expect_error(parameter_count(65537, 1, 1).error, "d_model",
               "d_model must be from 1 to 65536, got 65537");
  expect_error(parameter_count(8, 0, 1).error, "nhead", "nhead must be from 1 to d_model = 8, got 0");
  expect_error(parameter_count(8, 16, 1).error, "nhead",
               "nhead must be from 1 to d_model = 8, got 16");
  expect_error(parameter_count(8, 3, 1).error, "nhead",
               "nhead 3 must divide d_model = 8: each head takes d_model / nhead features");
  expect_error(parameter_count(8, 2, 0).error, "dim_feedforward",
               "dim_feedforward must be from 1 to 262144, got 0");
  const auto lesson = value_of(parameter_count(512, 8, 2048));
  EXPECT_EQ(lesson.attention, 1050624);
  EXPECT_EQ(lesson.feed_forward, 2099712);
  EXPECT_EQ(lesson.norms, 2048);
  EXPECT_EQ(lesson.total, 3152384);
  const auto most = value_of(parameter_count(65536, 1, 262144));
  EXPECT_LT(most.total, int64_t{1} << 53);
}

TEST(TransformerValidation, EncoderInit) {
  expect_error(encoder_init(0, 1, 1, 0).error, "d_model", "d_model must be from 1 to 128, got 0");
  expect_error(encoder_init(129, 1, 1, 0).error, "d_model", "d_model must be from 1 to 128, got 129");
  expect_error(encoder_init(8, 0, 1, 0).error, "nhead", "nhead must be from 1 to 8, got 0");
  expect_error(encoder_init(16, 9, 1, 0).error, "nhead", "nhead must be from 1 to 8, got 9");
  expect_error(encoder_init(4, 3, 1, 0).error, "nhead",
               "nhead 3 must divide d_model = 4: each head takes d_model / nhead features");
  expect_error(encoder_init(4, 2, 0, 0).error, "dim_feedforward",
               "dim_feedforward must be from 1 to 512, got 0");
  expect_error(encoder_init(4, 2, 513, 0).error, "dim_feedforward",
               "dim_feedforward must be from 1 to 512, got 513");
  expect_error(encoder_init(4, 2, 8, -1).error, "seed",
               "seed must be an integer in [0, 4294967295], got -1");
  expect_error(encoder_init(4, 2, 8, core::kMaxSeed + 1).error, "seed",
               "seed must be an integer in [0, 4294967295], got 4294967296");
  // The checks run in the order of the arguments.
  expect_error(encoder_init(0, 3, 0, -1).error, "d_model", "d_model must be from 1 to 128, got 0");
  // The largest start fits encoder_layer, and one seed gives one start.
  const auto most = value_of(encoder_init(128, 8, 512, core::kMaxSeed));
  EXPECT_EQ(most[kLinear1Weight].size(), 512u * 128u);
  EXPECT_TRUE(core::testing::bitwise_equal(
      most[kInProjWeight], value_of(encoder_init(128, 8, 512, core::kMaxSeed))[kInProjWeight]));
  const auto start = value_of(encoder_init(4, 2, 3, 0));
  EncoderParams views{};
  for (size_t p = 0; p < kParamCount; ++p) views[p] = start[p];
  EXPECT_EQ(value_of(encoder_layer(kInput, kShape, views, heads(2))).output.size(), 8u);
}

TEST(TransformerValidation, NonFiniteValuesAreAcceptedAndAnErrorLeavesNothingBehind) {
  const auto p = params_for(4, 3);
  EXPECT_TRUE(encoder_error({0, 4}, p));
  std::vector<float> input = kInput;
  input[1] = std::numeric_limits<float>::quiet_NaN();
  input[6] = INFINITY;
  const auto out = value_of(encoder_layer(input, kShape, views_of(p), heads(2)));
  EXPECT_EQ(out.output.size(), 8u);
  EXPECT_EQ(out.attention_weights.size(), 2u * 2u * 2u);
  EXPECT_EQ(out.hidden.size(), 2u * 3u);
  const auto again = value_of(encoder_layer(kInput, kShape, views_of(p), heads(2)));
  const auto fresh = value_of(encoder_layer(kInput, kShape, views_of(p), heads(2)));
  EXPECT_TRUE(core::testing::bitwise_equal(again.output, fresh.output));
}

}  // namespace
}  // namespace transformer
