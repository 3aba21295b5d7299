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

#include "common/test_util.h"
#include "sequence/sequence.h"

namespace sequence {
namespace {

using core::testing::expect_error;
using core::testing::value_of;

using core::testing::kNaN;

// An RNN of H = 2 on T = 3 steps of I = 2, and an LSTM of H = 1 on the same input.
const std::vector<float> kInput = {1, 0, 0, 1, -1, 0.5f};
const std::vector<int32_t> kShape = {3, 2};
const std::vector<float> kWIh = {0.5f, -0.25f, 1, 0}, kWHh = {0.1f, 0.2f, -0.3f, 0.4f};
const std::vector<float> kBias = {0.5f, -0.5f};
const std::vector<float> kLstmWIh = {1, 0, 0, 1, 0.5f, 0.5f, -1, 1}, kLstmWHh = {1, -1, 0.5f, 2};
const std::vector<float> kLstmBias = {0, 1, 0, 0};

RecurrentParams rnn_params() { return {kWIh, kWHh, FloatView(kBias), FloatView(kBias)}; }
RecurrentParams lstm_params() { return {kLstmWIh, kLstmWHh, std::nullopt, std::nullopt}; }

// A view of `n` values with nothing behind it: what the bindings check before copying.
FloatView sized(size_t n) { return {nullptr, n}; }

std::optional<Error> rnn_error(const std::vector<int32_t>& shape,
                               const RecurrentParams& params = rnn_params(),
                               const std::vector<float>& input = kInput,
                               std::optional<FloatView> h0 = std::nullopt,
                               RnnOptions options = {}) {
  return rnn(input, shape, params, h0, options).error;
}

std::optional<Error> lstm_error(const RecurrentParams& params,
                                std::optional<LstmState> state = std::nullopt) {
  return lstm(kInput, kShape, params, state).error;
}

void expect_rnn_still_works() {
  const auto out = value_of(rnn(kInput, kShape, rnn_params(), std::nullopt, {}));
  ASSERT_EQ(out.output.size(), 6u);
  // Step 0: 0.5 * 1 - 0.25 * 0 + 0.5 (the input's bias) + 0.5 (the recurrent one) = 1.5.
  EXPECT_EQ(out.output[0], std::tanh(1.5f));
  EXPECT_EQ(out.h_n, (std::vector<float>{out.output[4], out.output[5]}));
}

TEST(SequenceValidation, InputShapeIsTStepsOfIFeatures) {
  expect_error(rnn_error({3, 2, 1}), "input_shape", "input_shape must be [T, I], got (3, 2, 1)");
  expect_error(rnn_error({6}), "input_shape", "input_shape must be [T, I], got (6)");
  expect_error(rnn_error({0, 2}), "input_shape",
               "input_shape [T, I] must have T from 1 to 512 and I from 1 to 256, got (0, 2)");
  expect_error(rnn_error({513, 2}), "input_shape",
               "input_shape [T, I] must have T from 1 to 512 and I from 1 to 256, got (513, 2)");
  expect_error(rnn_error({3, 257}), "input_shape",
               "input_shape [T, I] must have T from 1 to 512 and I from 1 to 256, got (3, 257)");
  expect_error(
      rnn_error({3, std::numeric_limits<int32_t>::min()}), "input_shape",
      "input_shape [T, I] must have T from 1 to 512 and I from 1 to 256, got (3, -2147483648)");
  // The shape is checked before the parameters.
  expect_error(rnn_error({0, 2}, {{}, {}, std::nullopt, std::nullopt}), "input_shape",
               "input_shape [T, I] must have T from 1 to 512 and I from 1 to 256, got (0, 2)");
  expect_rnn_still_works();
}

TEST(SequenceValidation, ParamsGiveHAndAgreeWithIt) {
  expect_error(rnn_error(kShape, {kWIh, sized(5), FloatView(kBias), FloatView(kBias)}), "params",
               "params.w_hh has 5 values, but w_hh is [H, H] with H from 1 to 256: a square "
               "number of values up to 65536");
  expect_error(rnn_error(kShape, {kWIh, sized(0), std::nullopt, std::nullopt}), "params",
               "params.w_hh has 0 values, but w_hh is [H, H] with H from 1 to 256: a square "
               "number of values up to 65536");
  expect_error(rnn_error(kShape, {kWIh, sized(257 * 257), std::nullopt, std::nullopt}), "params",
               "params.w_hh has 66049 values, but w_hh is [H, H] with H from 1 to 256: a square "
               "number of values up to 65536");
  expect_error(lstm_error({kLstmWIh, sized(8), std::nullopt, std::nullopt}), "params",
               "params.w_hh has 8 values, but w_hh is [4H, H] with H from 1 to 256: 4 times a "
               "square number, up to 262144");
  expect_error(lstm_error({kLstmWIh, sized(9), std::nullopt, std::nullopt}), "params",
               "params.w_hh has 9 values, but w_hh is [4H, H] with H from 1 to 256: 4 times a "
               "square number, up to 262144");
  expect_error(rnn_error(kShape, {sized(3), kWHh, std::nullopt, std::nullopt}), "params",
               "params.w_ih has 3 values but w_ih is [H, I] = (2, 2), 4 values");
  expect_error(lstm_error({sized(4), kLstmWHh, std::nullopt, std::nullopt}), "params",
               "params.w_ih has 4 values but w_ih is [4H, I] = (4, 2), 8 values");
  expect_error(rnn_error(kShape, {kWIh, kWHh, FloatView(kBias), std::nullopt}), "params",
               "params.b_ih is given but params.b_hh is not: give both biases or neither "
               "(bias=False)");
  expect_error(rnn_error(kShape, {kWIh, kWHh, std::nullopt, FloatView(kBias)}), "params",
               "params.b_hh is given but params.b_ih is not: give both biases or neither "
               "(bias=False)");
  expect_error(rnn_error(kShape, {kWIh, kWHh, sized(3), FloatView(kBias)}), "params",
               "params.b_ih has 3 values but b_ih is [H] = 2 values");
  expect_error(lstm_error({kLstmWIh, kLstmWHh, FloatView(kLstmBias), sized(2)}), "params",
               "params.b_hh has 2 values but b_hh is [4H] = 4 values");
  EXPECT_FALSE(lstm_error({kLstmWIh, kLstmWHh, FloatView(kLstmBias), FloatView(kLstmBias)}));
  EXPECT_FALSE(lstm_error(lstm_params()));
  expect_rnn_still_works();
}

TEST(SequenceValidation, ACallTakesAtMost2To24MultiplyAdds) {
  const auto params = [](int64_t G, int64_t I, int64_t H) {
    return RecurrentParams{sized(static_cast<size_t>(G * I)), sized(static_cast<size_t>(G * H)),
                           std::nullopt, std::nullopt};
  };
  // T * H * (I + H): 128 steps of 256 through 256 units is the most, one more step is refused.
  EXPECT_TRUE(
      check_recurrent(Cell::kRnn, std::vector<int32_t>{128, 256}, 128 * 256, params(256, 256, 256))
          .ok());
  expect_error(
      check_recurrent(Cell::kRnn, std::vector<int32_t>{129, 256}, 129 * 256, params(256, 256, 256))
          .error,
      "input_shape",
      "input_shape (129, 256) with H = 256 makes T * H * (I + H) = "
      "16908288 multiply-adds, more than 16777216, the most a call takes");
  // The LSTM's 4H rows: 32 such steps; and 512 steps of 64 features through 64 units.
  EXPECT_TRUE(
      check_recurrent(Cell::kLstm, std::vector<int32_t>{32, 256}, 32 * 256, params(1024, 256, 256))
          .ok());
  EXPECT_TRUE(
      check_recurrent(Cell::kLstm, std::vector<int32_t>{512, 64}, 512 * 64, params(256, 64, 64))
          .ok());
  expect_error(
      check_recurrent(Cell::kLstm, std::vector<int32_t>{33, 256}, 33 * 256, params(1024, 256, 256))
          .error,
      "input_shape",
      "input_shape (33, 256) with H = 256 makes T * 4H * (I + H) = "
      "17301504 multiply-adds, more than 16777216, the most a call takes");
  // The work is checked before the input's length.
  expect_error(
      check_recurrent(Cell::kRnn, std::vector<int32_t>{512, 256}, 0, params(256, 256, 256)).error,
      "input_shape",
      "input_shape (512, 256) with H = 256 makes T * H * (I + H) = "
      "67108864 multiply-adds, more than 16777216, the most a call takes");
  // Attention: Lq * Lk * (d + dv).
  EXPECT_TRUE(check_attention(std::vector<int32_t>{512, 32}, std::vector<int32_t>{512, 32},
                              std::vector<int32_t>{512, 32}, 512 * 32, 512 * 32, 512 * 32)
                  .ok());
  expect_error(check_attention(std::vector<int32_t>{512, 64}, std::vector<int32_t>{512, 64},
                               std::vector<int32_t>{512, 1}, 0, 0, 0)
                   .error,
               "value_shape",
               "value_shape (512, 1) with query_shape (512, 64) makes Lq * Lk * "
               "(d + dv) = 17039360 multiply-adds, more than 16777216, the most a call takes");
}

TEST(SequenceValidation, LengthsFollowTheShapes) {
  expect_error(rnn_error(kShape, rnn_params(), {1, 2, 3}), "input",
               "input has 3 values but input_shape (3, 2) needs 6");
  const std::vector<float> three = {1, 2, 3};
  expect_error(rnn_error(kShape, rnn_params(), kInput, FloatView(three)), "h0",
               "h0 has 3 values but H is 2");
  const std::vector<float> one = {0.5f}, two = {1, 2};
  expect_error(lstm_error(lstm_params(), LstmState{two, one}), "state",
               "state.h0 has 2 values but H is 1");
  expect_error(lstm_error(lstm_params(), LstmState{one, sized(0)}), "state",
               "state.c0 has 0 values but H is 1");
  EXPECT_FALSE(lstm_error(lstm_params(), LstmState{one, one}));
  const std::vector<float> five(5);
  expect_error(
      rnn_backward(five, std::nullopt, kInput, kShape, rnn_params(), std::nullopt, {}).error,
      "grad_output", "grad_output has 5 values but the output is (3, 2), 6 values");
  const std::vector<float> six(6);
  expect_error(
      rnn_backward(six, FloatView(one), kInput, kShape, rnn_params(), std::nullopt, {}).error,
      "grad_hn", "grad_hn has 1 values but H is 2");
  const std::vector<float> three_outputs(3);
  expect_error(lstm_backward(three_outputs, FloatView(two), std::nullopt, kInput, kShape,
                             lstm_params(), std::nullopt)
                   .error,
               "grad_hn", "grad_hn has 2 values but H is 1");
  expect_error(lstm_backward(three_outputs, std::nullopt, FloatView(two), kInput, kShape,
                             lstm_params(), std::nullopt)
                   .error,
               "grad_cn", "grad_cn has 2 values but H is 1");
  EXPECT_TRUE(lstm_backward(three_outputs, FloatView(one), FloatView(one), kInput, kShape,
                            lstm_params(), LstmState{one, one})
                  .ok());
  expect_rnn_still_works();
}

TEST(SequenceValidation, NonlinearityIsTanhOrRelu) {
  RnnOptions options;
  options.nonlinearity = static_cast<Nonlinearity>(7);
  expect_error(rnn_error(kShape, rnn_params(), kInput, std::nullopt, options), "nonlinearity",
               "nonlinearity must be 'tanh' or 'relu', got 7");
  expect_error(rnn_backward(std::vector<float>(6), std::nullopt, kInput, kShape, rnn_params(),
                            std::nullopt, options)
                   .error,
               "nonlinearity", "nonlinearity must be 'tanh' or 'relu', got 7");
  options.nonlinearity = Nonlinearity::kRelu;
  const auto out = value_of(rnn(kInput, kShape, rnn_params(), std::nullopt, options));
  EXPECT_EQ(out.output[0], 1.5f);
  expect_rnn_still_works();
}

TEST(SequenceValidation, NonFiniteValuesRunThrough) {
  const std::vector<float> input = {kNaN, 0, INFINITY, 1, -INFINITY, 0};
  const auto out = value_of(rnn(input, kShape, rnn_params(), std::nullopt, {}));
  EXPECT_TRUE(std::isnan(out.output[0]));
  const std::vector<float> q = {INFINITY}, k = {1, kNaN}, v = {1, 2};
  const auto a = value_of(attention(q, std::vector<int32_t>{1, 1}, k, std::vector<int32_t>{2, 1}, v,
                                    std::vector<int32_t>{2, 1}, {}));
  EXPECT_TRUE(std::isnan(a.output[0]));
}

std::optional<Error> attention_error(const std::vector<int32_t>& qs, const std::vector<int32_t>& ks,
                                     const std::vector<int32_t>& vs, size_t q = 8, size_t k = 12,
                                     size_t v = 6) {
  return check_attention(qs, ks, vs, q, k, v).error;
}

TEST(SequenceValidation, AttentionShapesAgree) {
  const std::vector<int32_t> qs = {2, 4}, ks = {3, 4}, vs = {3, 2};
  EXPECT_FALSE(attention_error(qs, ks, vs));
  expect_error(attention_error({2}, ks, vs), "query_shape", "query_shape must be [Lq, d], got (2)");
  expect_error(attention_error({0, 4}, ks, vs), "query_shape",
               "query_shape [Lq, d] must have each side from 1 to 512, got (0, 4)");
  expect_error(attention_error({2, 513}, ks, vs), "query_shape",
               "query_shape [Lq, d] must have each side from 1 to 512, got (2, 513)");
  expect_error(attention_error(qs, {3, 4, 1}, vs), "key_shape",
               "key_shape must be [Lk, d], got (3, 4, 1)");
  expect_error(attention_error(qs, {513, 4}, vs), "key_shape",
               "key_shape [Lk, d] must have each side from 1 to 512, got (513, 4)");
  expect_error(attention_error(qs, {3, 5}, vs), "key_shape",
               "key_shape (3, 5) has d 5 but query_shape (2, 4) has d 4");
  expect_error(attention_error(qs, ks, {}), "value_shape", "value_shape must be [Lk, dv], got ()");
  expect_error(attention_error(qs, ks, {3, -1}), "value_shape",
               "value_shape [Lk, dv] must have each side from 1 to 512, got (3, -1)");
  expect_error(attention_error(qs, ks, {4, 2}), "value_shape",
               "value_shape (4, 2) has Lk 4 but key_shape (3, 4) has Lk 3");
  expect_error(attention_error(qs, ks, vs, 7), "query",
               "query has 7 values but query_shape (2, 4) needs 8");
  expect_error(attention_error(qs, ks, vs, 8, 11), "key",
               "key has 11 values but key_shape (3, 4) needs 12");
  expect_error(attention_error(qs, ks, vs, 8, 12, 7), "value",
               "value has 7 values but value_shape (3, 2) needs 6");
  const std::vector<float> q(8), k(12), v(6), g(5);
  expect_error(attention_backward(g, q, qs, k, ks, v, vs, {}).error, "grad_output",
               "grad_output has 5 values but the output is (2, 2), 4 values");
  const auto out = value_of(attention(q, qs, k, ks, v, vs, {}));
  EXPECT_EQ(out.weights, std::vector<float>(6, 1.0f / 3));  // zero scores: even weights
}

}  // namespace
}  // namespace sequence
