// The transformer family against PyTorch 1.13's golden data (tests/golden/transformer): the
// tutorial's positional encoding, TransformerEncoderLayer forward (with its inside) and backward,
// and its parameter count.
//
// The positional encoding's frequencies and the counts to the bit; the table within
// max(1e-6, 1e-5 |expected|) (PyTorch's sine and cosine are SLEEF's, the core's the double
// functions rounded once: within an ulp of each other). The encoder within the same rule, or
// twice PyTorch's own float32 distance from its float64 answer where the golden file gives that
// as the case's `tolerance`: its softmax, layer norm and GELU are the core's (the layer, sequence
// and activation families'), which round otherwise than PyTorch's vectorised kernels. The test
// prints how many of those values are still PyTorch's to the bit.
#include "golden.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "transformer/transformer.h"

namespace transformer {
namespace {

using core::testing::BitCount;
using core::testing::bitwise_equal;
using core::testing::near_golden_counted;
using core::testing::value_of;
using golden::GoldenCase;

void expect_near(const GoldenCase& c, const std::string& key, const std::vector<float>& actual,
                 BitCount& count) {
  const double tolerance = c.has("tolerance") ? c.number("tolerance") : core::testing::kGoldenAbs;
  EXPECT_TRUE(near_golden_counted(c.at(key), actual, tolerance, count)) << c.name << ": " << key;
}

TEST(TransformerGolden, FileCoversEveryOperationAndItsEdges) {
  std::set<std::string> seen;
  for (const auto& c : golden::cases()) {
    seen.insert(c.name);
    if (c.op() != "encoder") continue;
    seen.insert("activation " + c.words.at("activation"));
    seen.insert(c.size("norm_first") ? "norm_first" : "post-norm");
    seen.insert("nhead " + std::to_string(c.size("nhead")));
    seen.insert("L " + std::to_string(c.size("input_shape", 0)));
    seen.insert("d " + std::to_string(c.size("input_shape", 1)));
  }
  for (const char* key :
       {"activation relu", "activation gelu", "norm_first", "post-norm", "nhead 1", "nhead 2",
        "nhead 8", "L 1", "L 64", "d 1", "d 128", "encoder_large_values", "encoder_nonfinite",
        "encoder_ff512", "positional_odd", "positional_long", "frequencies_many",
        "count_lesson", "init_lesson", "init_one", "init_d8_ff32"}) {
    EXPECT_TRUE(seen.count(key)) << key;
  }
}

TEST(TransformerGolden, FrequenciesAreExpsBitsAndTheTableIsWithinAnUlp) {
  BitCount count;
  for (const auto& c : golden::cases()) {
    if (c.op() == "frequencies") {
      std::vector<float> all;
      for (const double d : c.numbers.at("d_models")) {
        const auto table = value_of(positional_encoding(1, static_cast<int64_t>(d)));
        all.insert(all.end(), table.frequencies.begin(), table.frequencies.end());
      }
      EXPECT_TRUE(bitwise_equal(c.at("frequencies"), all)) << c.name;
    } else if (c.op() == "positional") {
      const auto table = value_of(positional_encoding(c.size("length"), c.size("d_model")));
      EXPECT_TRUE(bitwise_equal(c.at("frequencies"), table.frequencies)) << c.name;
      EXPECT_TRUE(near_golden_counted(c.at("table"), table.table, core::testing::kGoldenAbs, count))
          << c.name;
    }
  }
  std::printf("positional tables: %zu of %zu values are PyTorch's to the bit\n", count.same,
              count.all);
}

TEST(TransformerGolden, ParameterCountsArePyTorchs) {
  for (const auto& c : golden::cases()) {
    if (c.op() != "count") continue;
    const auto count =
        value_of(parameter_count(c.size("d_model"), c.size("nhead"), c.size("dim_feedforward")));
    EXPECT_EQ(count.attention, c.size("attention")) << c.name;
    EXPECT_EQ(count.feed_forward, c.size("feed_forward")) << c.name;
    EXPECT_EQ(count.norms, c.size("norms")) << c.name;
    EXPECT_EQ(count.total, c.size("total")) << c.name;
  }
}

// The seeded start is the generator's draws stretched to PyTorch's bounds, to the bit.
TEST(TransformerGolden, SeededStartsAreTheGeneratorsDrawsToTheBit) {
  size_t starts = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "init") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto start = value_of(encoder_init(c.size("d_model"), c.size("nhead"),
                                             c.size("dim_feedforward"), c.size("seed")));
    for (size_t p = 0; p < kParamCount; ++p) {
      EXPECT_TRUE(bitwise_equal(c.at(kParamNames[p]), start[p])) << kParamNames[p];
    }
    ++starts;
  }
  EXPECT_GE(starts, 5u);
}

// Every drawn value lies within its tensor's bound and each drawn tensor takes both signs; the
// constant ones are PyTorch's constants.
TEST(TransformerGolden, SeededStartsLieWithinPyTorchsBounds) {
  for (const int64_t d : {1, 4, 8, 128}) {
    for (const int64_t ff : {1, 8, 512}) {
      for (const int64_t seed : {int64_t{0}, int64_t{7}, core::kMaxSeed}) {
        const auto start = value_of(encoder_init(d, 1, ff, seed));
        const double xavier = std::sqrt(6.0 / (4.0 * d));
        const double bounds[kParamCount] = {xavier, 0, 1 / std::sqrt(double(d)), 0,
                                            1 / std::sqrt(double(d)), 1 / std::sqrt(double(d)),
                                            1 / std::sqrt(double(ff)), 1 / std::sqrt(double(ff)),
                                            0, 0, 0, 0};
        for (size_t p = 0; p < kParamCount; ++p) {
          bool negative = false, positive = false;
          for (const float v : start[p]) {
            if (bounds[p] == 0) {
              EXPECT_EQ(v, p == kNorm1Weight || p == kNorm2Weight ? 1.0f : 0.0f) << kParamNames[p];
              continue;
            }
            EXPECT_LE(std::fabs(v), static_cast<float>(bounds[p])) << kParamNames[p];
            negative |= v < 0;
            positive |= v > 0;
          }
          if (bounds[p] != 0 && start[p].size() >= 64) {
            EXPECT_TRUE(negative && positive) << kParamNames[p] << " d " << d << " ff " << ff;
          }
        }
      }
    }
  }
}

TEST(TransformerGolden, EncoderLayerForwardAndBackwardMatchPyTorch) {
  BitCount forward, backward;
  for (const auto& c : golden::cases()) {
    if (c.op() != "encoder") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto params = golden::params_of(c);
    const auto options = golden::options_of(c);
    const auto shape = c.ints("input_shape");
    const auto out = value_of(encoder_layer(c.at("input"), shape, views_of(params), options));
    expect_near(c, "output", out.output, forward);
    const std::vector<const std::vector<float>*> inside = {
        &out.attention_weights, &out.norm2,        &out.attention_output, &out.residual1,
        &out.norm1,             &out.hidden,       &out.feed_forward,     &out.residual2};
    const std::vector<std::string> keys = {"attention_weights", "norm2",  "attention_output",
                                           "residual1",         "norm1",  "hidden",
                                           "feed_forward",      "residual2"};
    for (size_t i = 0; i < keys.size(); ++i) expect_near(c, keys[i], *inside[i], forward);
    const auto g = value_of(
        encoder_layer_backward(c.at("grad_output"), c.at("input"), shape, views_of(params), options));
    expect_near(c, "grad_input", g.grad_input, backward);
    for (size_t p = 0; p < kParamCount; ++p) {
      expect_near(c, std::string("grad_") + kParamNames[p], golden::sampled(c, g.grad_params[p]),
                  backward);
    }
  }
  std::printf("encoder forward: %zu of %zu values are PyTorch's to the bit\n", forward.same,
              forward.all);
  std::printf("encoder backward: %zu of %zu values are PyTorch's to the bit\n", backward.same,
              backward.all);
}

}  // namespace
}  // namespace transformer
