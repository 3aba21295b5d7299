// The encoder layer on the kernels the course runs against the reference, bit for bit (any NaN
// equals any NaN), forward (every part of the trace) and backward (the input's and every
// parameter's gradient), over edge sizes: L 1 and 64, d 1 and 128, heads of 1 feature and of
// 128, ff 1 and 512, both activations, both orders of norm, with NaN, the infinities, -0 and
// denormals mixed into some calls' values. Every gradient buffer is pre-filled with NaN so that
// an entry never written shows. A failure names the sizes and the first differing index.
#include "transformer/kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "transformer/reference.h"
#include "transformer/transformer.h"

namespace transformer {
namespace {

using core::testing::bitwise_equal;

using core::testing::kNaN;

std::vector<float> values(size_t n, std::mt19937& rng, bool hostile, float spread = 1.0f) {
  auto v = core::testing::random_values(n, rng, -spread, spread);
  if (hostile) core::testing::plant_specials(v, 3, 53);
  return v;
}

struct Sizes {
  int64_t L, d, ff, nhead;
};

void expect_same(const Sizes& s, const EncoderSettings& settings, bool hostile, unsigned seed) {
  std::mt19937 rng(seed);
  const int64_t L = s.L, d = s.d, ff = s.ff;
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  ParamArray<std::vector<float>> params;
  EncoderWeights w{};
  for (size_t p = 0; p < kParamCount; ++p) {
    params[p] = values(static_cast<size_t>(counts[p]), rng, false, 0.5f);
    w[p] = params[p].data();
  }
  const auto input = values(static_cast<size_t>(L * d), rng, hostile, 2.0f);
  const auto grad_output = values(input.size(), rng, hostile);
  const std::string where = "L " + std::to_string(L) + " d " + std::to_string(d) + " ff " +
                            std::to_string(ff) + " nhead " + std::to_string(s.nhead) +
                            (settings.norm_first ? " norm_first" : "") +
                            (settings.activation == Activation::kGelu ? " gelu" : " relu") +
                            (hostile ? " hostile" : "");
  EncoderTrace expected, actual;
  reference::encoder_forward(expected, input.data(), w, L, d, ff, settings);
  kernels::encoder_forward(actual, input.data(), w, L, d, ff, settings);
  const std::vector<std::vector<float> EncoderTrace::*> parts = {
      &EncoderTrace::q,        &EncoderTrace::k,           &EncoderTrace::v,
      &EncoderTrace::scores,   &EncoderTrace::weights,     &EncoderTrace::heads,
      &EncoderTrace::attention, &EncoderTrace::residual1,  &EncoderTrace::norm1,
      &EncoderTrace::norm2,    &EncoderTrace::pre_activation, &EncoderTrace::hidden,
      &EncoderTrace::feed_forward, &EncoderTrace::residual2, &EncoderTrace::output};
  for (size_t i = 0; i < parts.size(); ++i) {
    EXPECT_TRUE(bitwise_equal(expected.*parts[i], actual.*parts[i])) << "trace part " << i << ", "
                                                                      << where;
  }
  ParamArray<std::vector<float>> grads_ref, grads_fast;
  EncoderGradients gr{}, gf{};
  for (size_t p = 0; p < kParamCount; ++p) {
    grads_ref[p].assign(params[p].size(), kNaN);
    grads_fast[p].assign(params[p].size(), kNaN);
    gr[p] = grads_ref[p].data();
    gf[p] = grads_fast[p].data();
  }
  std::vector<float> gi_ref(input.size(), kNaN), gi_fast(input.size(), kNaN);
  reference::encoder_backward(gi_ref.data(), gr, grad_output.data(), input.data(), w, expected, L,
                              d, ff, settings);
  kernels::encoder_backward(gi_fast.data(), gf, grad_output.data(), input.data(), w, actual, L, d,
                            ff, settings);
  EXPECT_TRUE(bitwise_equal(gi_ref, gi_fast)) << "grad_input " << where;
  for (size_t p = 0; p < kParamCount; ++p) {
    EXPECT_TRUE(bitwise_equal(grads_ref[p], grads_fast[p])) << "grad " << kParamNames[p] << " "
                                                            << where;
    if (!hostile) {
      for (float v : grads_fast[p]) ASSERT_FALSE(std::isnan(v)) << kParamNames[p] << " " << where;
    }
  }
}

TEST(TransformerKernels, EncoderMatchesTheReferenceBitForBit) {
  const Sizes sizes[] = {{1, 1, 1, 1},   {2, 3, 5, 1},    {5, 8, 16, 2},  {7, 16, 33, 8},
                         {3, 9, 17, 3},  {64, 8, 8, 1},   {4, 128, 8, 8}, {2, 128, 4, 1},
                         {3, 4, 512, 2}, {17, 24, 40, 4}, {64, 32, 64, 8}};
  unsigned seed = 1;
  for (const auto& s : sizes) {
    for (const bool norm_first : {false, true}) {
      for (const auto activation : {Activation::kRelu, Activation::kGelu}) {
        const EncoderSettings settings{s.nhead, activation, norm_first, 1e-5};
        expect_same(s, settings, false, seed++);
        expect_same(s, settings, true, seed++);
      }
    }
  }
}

}  // namespace
}  // namespace transformer
