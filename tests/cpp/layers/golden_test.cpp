// Every layer operation against PyTorch 1.13's golden data (tests/golden/layers), forward and
// backward, within max(1e-6, 1e-5 * |expected|), NaN where PyTorch has NaN and infinities
// exactly; the dropout masks exactly as the Python reimplementation of the generator draws them.
#include "golden.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "layers/layers.h"

namespace layers {
namespace {

using core::testing::kGoldenAbs;
using core::testing::near_golden;
using core::testing::value_of;

std::optional<FloatView> optional_row(const golden::GoldenCase& c, const std::string& key,
                                      std::map<std::string, std::vector<float>>& keep) {
  if (!c.has(key)) return std::nullopt;
  keep[key] = c.floats(key);
  return FloatView(keep[key]);
}

// The absolute tolerance of a case: 1e-6, or twice PyTorch's own float32 rounding where the
// golden file says it is larger (an ill-conditioned batch-norm channel or layer-norm row).
double abs_tolerance(const golden::GoldenCase& c) {
  return c.has("tolerance") ? std::max(kGoldenAbs, c.number("tolerance")) : kGoldenAbs;
}

#define TRACE_CASE(c) SCOPED_TRACE("case " + (c).name + " (line " + std::to_string((c).line) + ")")

TEST(LayersGolden, FileCoversEveryOperation) {
  std::map<std::string, int> count;
  for (const auto& c : golden::cases()) ++count[c.op];
  for (const char* op :
       {"softmax", "embedding", "dropout", "dropout_mask", "batch_norm2d", "layer_norm"}) {
    EXPECT_GE(count[op], 3) << op;
  }
  EXPECT_EQ(count.size(), 6u);
}

TEST(LayersGolden, SoftmaxAndLogSoftmaxMatchPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op != "softmax") continue;
    TRACE_CASE(c);
    const SoftmaxOptions options{static_cast<int64_t>(c.number("dim")), c.number("temperature")};
    const auto x = c.floats("input"), g = c.floats("grad_output");
    EXPECT_TRUE(near_golden(c.floats("softmax"), value_of(softmax(x, c.shape(), options))));
    EXPECT_TRUE(near_golden(c.floats("softmax_grad"),
                            value_of(softmax_backward(g, x, c.shape(), options))));
    EXPECT_TRUE(near_golden(c.floats("log_softmax"), value_of(log_softmax(x, c.shape(), options))));
    EXPECT_TRUE(near_golden(c.floats("log_softmax_grad"),
                            value_of(log_softmax_backward(g, x, c.shape(), options))));
  }
}

TEST(LayersGolden, EmbeddingMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op != "embedding") continue;
    TRACE_CASE(c);
    EmbeddingOptions options;
    if (c.has("padding_idx")) options.padding_idx = static_cast<int64_t>(c.number("padding_idx"));
    const auto indices = c.ints("indices");
    const auto shape = c.shape("weight_shape");
    EXPECT_TRUE(near_golden(c.floats("output"),
                            value_of(embedding(indices, c.floats("weight"), shape, options))));
    EXPECT_TRUE(near_golden(c.floats("grad_weight"),
                            value_of(embedding_backward(c.floats("grad_output"), indices, shape, options))));
  }
}

TEST(LayersGolden, DropoutWithAGivenMaskMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op != "dropout") continue;
    TRACE_CASE(c);
    const auto mask = c.bytes("mask");
    const double p = c.number("p");
    EXPECT_TRUE(near_golden(c.floats("output"), value_of(dropout(c.floats("input"), mask, p))));
    EXPECT_TRUE(near_golden(c.floats("grad_input"),
                            value_of(dropout_backward(c.floats("grad_output"), mask, p))));
  }
}

TEST(LayersGolden, DropoutMaskIsTheDocumentedGenerator) {
  for (const auto& c : golden::cases()) {
    if (c.op != "dropout_mask") continue;
    TRACE_CASE(c);
    const auto mask = value_of(dropout_mask(static_cast<int64_t>(c.number("length")), c.number("p"),
                                            static_cast<int64_t>(c.number("seed"))));
    EXPECT_EQ(mask, c.bytes("mask"));
  }
}

TEST(LayersGolden, BatchNorm2dMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op != "batch_norm2d") continue;
    TRACE_CASE(c);
    const double abs = abs_tolerance(c);
    std::map<std::string, std::vector<float>> keep;
    BatchNormOptions options;
    options.weight = optional_row(c, "weight", keep);
    options.bias = optional_row(c, "bias", keep);
    options.running_mean = optional_row(c, "running_mean", keep);
    options.running_var = optional_row(c, "running_var", keep);
    options.training = c.number("training") != 0;
    options.momentum = c.number("momentum");
    options.eps = c.number("eps");
    const auto x = c.floats("input");
    const auto result = value_of(batch_norm2d(x, c.shape(), options));
    EXPECT_TRUE(near_golden(c.floats("output"), result.output, abs));
    EXPECT_TRUE(near_golden(c.floats("new_running_mean"), result.running_mean, abs));
    EXPECT_TRUE(near_golden(c.floats("new_running_var"), result.running_var, abs));
    if (!options.training) continue;
    const auto grads =
        value_of(batch_norm2d_backward(c.floats("grad_output"), x, c.shape(), options.weight, options.eps));
    EXPECT_TRUE(near_golden(c.floats("grad_input"), grads.grad_input, abs));
    EXPECT_TRUE(near_golden(c.floats("grad_weight"), grads.grad_weight, abs));
    EXPECT_TRUE(near_golden(c.floats("grad_bias"), grads.grad_bias, abs));
  }
}

TEST(LayersGolden, LayerNormMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    if (c.op != "layer_norm") continue;
    TRACE_CASE(c);
    const double abs = abs_tolerance(c);
    std::map<std::string, std::vector<float>> keep;
    LayerNormOptions options;
    options.weight = optional_row(c, "weight", keep);
    options.bias = optional_row(c, "bias", keep);
    options.eps = c.number("eps");
    const auto x = c.floats("input");
    EXPECT_TRUE(near_golden(c.floats("output"), value_of(layer_norm(x, c.shape(), options)), abs));
    const auto grads = value_of(layer_norm_backward(c.floats("grad_output"), x, c.shape(), options));
    EXPECT_TRUE(near_golden(c.floats("grad_input"), grads.grad_input, abs));
    EXPECT_TRUE(near_golden(c.floats("grad_weight"), grads.grad_weight, abs));
    EXPECT_TRUE(near_golden(c.floats("grad_bias"), grads.grad_bias, abs));
  }
}

}  // namespace
}  // namespace layers
