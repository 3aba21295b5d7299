// The sequence family against PyTorch 1.13's golden data (tests/golden/sequence): nn.RNN and
// nn.LSTM through time, forward and backward, the column sums autograd takes of a bias's
// gradient, and attention as nn.MultiheadAttention computes it.
//
// Bit for bit where no transcendental function takes part (README.md, "Exactness"): every
// number of a ReLU RNN, forward and backward, the column sums, attention's scores. Elsewhere
// within max(1e-6, 1e-5 |expected|), or twice PyTorch's own float32 distance from its float64
// answer where the golden file gives that as the case's `tolerance` (a long or saturated
// recurrence, a saturated softmax): PyTorch's tanh, sigmoid and exp are SLEEF's vectorised
// ones, the core's the C library's, and they differ in the last bit now and then; attention's
// softmax is the layer family's, which sums in double where PyTorch sums in float32. The test
// prints how many of those values are still PyTorch's to the bit.
#include "golden.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/pytorch_sum.h"
#include "common/test_util.h"
#include "sequence/reference.h"
#include "sequence/sequence.h"

namespace sequence {
namespace {

using core::testing::BitCount;
using core::testing::bitwise_equal;
using core::testing::near_golden_counted;
using core::testing::value_of;
using golden::GoldenCase;

std::optional<FloatView> optional_of(const GoldenCase& c, const char* key) {
  return c.has(key) ? std::optional<FloatView>(c.at(key)) : std::nullopt;
}

RecurrentParams params_of(const GoldenCase& c) {
  return {c.at("w_ih"), c.at("w_hh"), optional_of(c, "b_ih"), optional_of(c, "b_hh")};
}

// Bit for bit when `exact`, else within the golden tolerance (and counted).
void expect_match(const GoldenCase& c, const char* key, const std::vector<float>& actual,
                  bool exact, BitCount& count) {
  if (exact) {
    EXPECT_TRUE(bitwise_equal(c.at(key), actual)) << key;
  } else {
    // A case whose PyTorch float32 answers are themselves far from float64's says how far.
    const double tolerance = c.has("tolerance") ? c.at("tolerance")[0] : core::testing::kGoldenAbs;
    EXPECT_TRUE(near_golden_counted(c.at(key), actual, tolerance, count)) << key;
  }
}

void expect_param_gradients(const GoldenCase& c, const ParamGradients& g, bool exact,
                            BitCount& count) {
  expect_match(c, "grad_w_ih", g.w_ih, exact, count);
  expect_match(c, "grad_w_hh", g.w_hh, exact, count);
  ASSERT_EQ(g.b_ih.has_value(), c.has("grad_b_ih"));
  ASSERT_EQ(g.b_hh.has_value(), c.has("grad_b_hh"));
  if (g.b_ih) expect_match(c, "grad_b_ih", *g.b_ih, exact, count);
  if (g.b_hh) expect_match(c, "grad_b_hh", *g.b_hh, exact, count);
}

TEST(SequenceGolden, FileCoversEveryOperationAndItsEdges) {
  std::set<std::string> seen;
  for (const auto& c : golden::cases()) {
    seen.insert(c.name);
    if (c.op() == "rnn") seen.insert("rnn " + c.words.at("nonlinearity"));
    if (c.op() == "attention" && c.at("causal")[0] == 1) seen.insert("causal attention");
    if (c.has("input_shape") && c.at("input_shape")[0] == 1) seen.insert(c.op() + " T = 1");
    if (c.has("input_shape") && !c.has("b_ih")) seen.insert(c.op() + " without biases");
    if (c.has("input_shape") && !c.has("h0")) seen.insert(c.op() + " from zeros");
  }
  for (const char* key : {"rnn tanh",
                          "rnn relu",
                          "rnn T = 1",
                          "lstm T = 1",
                          "rnn without biases",
                          "lstm without biases",
                          "rnn from zeros",
                          "lstm from zeros",
                          "rnn_no_grad_hn",
                          "rnn_saturating",
                          "rnn_relu_exploding",
                          "rnn_relu_kink",
                          "rnn_nonfinite",
                          "lstm_output_only",
                          "lstm_saturating",
                          "lstm_nonfinite",
                          "causal attention",
                          "attention_one_key",
                          "attention_overflowing",
                          "attention_nonfinite",
                          "attention_masked_infinity",
                          "column_sums_300x5",
                          "column_sums_512x1"}) {
    EXPECT_TRUE(seen.count(key)) << key;
  }
}

TEST(SequenceGolden, RnnForwardAndBackwardMatchPyTorch) {
  BitCount count;
  size_t cases = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "rnn") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    RnnOptions options;
    const bool relu = c.words.at("nonlinearity") == "relu";
    options.nonlinearity = relu ? Nonlinearity::kRelu : Nonlinearity::kTanh;
    const auto shape = c.ints("input_shape");
    const auto h0 = optional_of(c, "h0");
    const auto out = value_of(rnn(c.at("input"), shape, params_of(c), h0, options));
    // A ReLU network has no transcendental function: every number is PyTorch's to the bit.
    expect_match(c, "output", out.output, relu, count);
    expect_match(c, "h_n", out.h_n, relu, count);
    const auto g = value_of(rnn_backward(c.at("grad_output"), optional_of(c, "grad_hn"),
                                         c.at("input"), shape, params_of(c), h0, options));
    expect_match(c, "grad_input", g.grad_input, relu, count);
    expect_match(c, "grad_h0", g.grad_h0, relu, count);
    expect_match(c, "grad_hidden", g.grad_hidden, relu, count);
    expect_param_gradients(c, g.grad_params, relu, count);
    ++cases;
  }
  EXPECT_GE(cases, 12u);
  std::printf("tanh RNNs: %zu of %zu values to the bit\n", count.same, count.all);
}

TEST(SequenceGolden, LstmForwardAndBackwardMatchPyTorch) {
  BitCount count;
  size_t cases = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "lstm") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto shape = c.ints("input_shape");
    std::optional<LstmState> state;
    if (c.has("h0")) state = LstmState{c.at("h0"), c.at("c0")};
    const auto out = value_of(lstm(c.at("input"), shape, params_of(c), state));
    expect_match(c, "output", out.output, false, count);
    expect_match(c, "h_n", out.h_n, false, count);
    expect_match(c, "c_n", out.c_n, false, count);
    expect_match(c, "cells", out.cells, false, count);
    expect_match(c, "gate_input", out.gates.input, false, count);
    expect_match(c, "gate_forget", out.gates.forget, false, count);
    expect_match(c, "gate_cell", out.gates.cell, false, count);
    expect_match(c, "gate_output", out.gates.output, false, count);
    const auto g = value_of(lstm_backward(c.at("grad_output"), optional_of(c, "grad_hn"),
                                          optional_of(c, "grad_cn"), c.at("input"), shape,
                                          params_of(c), state));
    expect_match(c, "grad_input", g.grad_input, false, count);
    expect_match(c, "grad_h0", g.grad_h0, false, count);
    expect_match(c, "grad_c0", g.grad_c0, false, count);
    expect_match(c, "grad_hidden", g.grad_hidden, false, count);
    expect_match(c, "grad_cells", g.grad_cells, false, count);
    expect_param_gradients(c, g.grad_params, false, count);
    ++cases;
  }
  EXPECT_GE(cases, 11u);
  std::printf("LSTMs: %zu of %zu values to the bit\n", count.same, count.all);
}

TEST(SequenceGolden, ColumnSumsArePyTorchsToTheBit) {
  for (const auto& c : golden::cases()) {
    if (c.op() != "column_sums") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const int64_t rows = c.size("shape", 0), columns = c.size("shape", 1);
    std::vector<float> sums(static_cast<size_t>(columns));
    core::pytorch_column_sums(sums.data(), c.at("values").data(), rows, columns);
    EXPECT_TRUE(bitwise_equal(c.at("sums"), sums));
  }
}

TEST(SequenceGolden, AttentionMatchesPyTorch) {
  BitCount count;
  size_t cases = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "attention") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    AttentionOptions options;
    options.causal = c.at("causal")[0] == 1;
    const auto qs = c.ints("query_shape"), ks = c.ints("key_shape"), vs = c.ints("value_shape");
    const auto out =
        value_of(attention(c.at("query"), qs, c.at("key"), ks, c.at("value"), vs, options));
    expect_match(c, "scores", out.scores, true, count);  // products and the mask only
    expect_match(c, "weights", out.weights, false, count);
    expect_match(c, "output", out.output, false, count);
    const auto g = value_of(attention_backward(c.at("grad_output"), c.at("query"), qs, c.at("key"),
                                               ks, c.at("value"), vs, options));
    expect_match(c, "grad_query", g.grad_query, false, count);
    expect_match(c, "grad_key", g.grad_key, false, count);
    expect_match(c, "grad_value", g.grad_value, false, count);
    ++cases;
  }
  EXPECT_GE(cases, 14u);
  std::printf("attention: %zu of %zu softmax-borne values to the bit\n", count.same, count.all);
}

}  // namespace
}  // namespace sequence
