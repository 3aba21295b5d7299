// The transformer family's differential target, on valid calls only (the API target tries the
// invalid ones), bit for bit (any NaN equals any NaN):
//
// - the encoder layer on the kernels the course runs (kernels.h) against the reference, every
//   part of the forward trace and every gradient of the backward pass;
// - the same call twice gives the same bits (no state is kept between calls);
// - heads are independent: with nhead heads, head h's weights are those of the layer whose
//   in_proj keeps only head h's rows of q and k (the other heads' q and k rows zeroed) - checked
//   on finite values, where 0 * x is 0.
#include <cmath>
#include <cstdint>
#include <vector>

#include "common/decode.h"
#include "transformer/kernels.h"
#include "transformer/reference.h"

namespace {

using namespace transformer;

void require(bool condition, const char* what) {
  fuzz::require(condition, "transformer_kernels_fuzzer", what);
}

bool same(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && fuzz::same_floats(a.data(), b.data(), a.size());
}

bool finite(const std::vector<float>& v) {
  for (const float x : v) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int64_t nhead = in.ConsumeIntegralInRange<int64_t>(1, 4);
  const int64_t d = nhead * in.ConsumeIntegralInRange<int64_t>(1, 5);
  const int64_t L = in.ConsumeIntegralInRange<int64_t>(1, 9);
  const int64_t ff = in.ConsumeIntegralInRange<int64_t>(1, 12);
  const EncoderSettings settings{nhead, in.ConsumeBool() ? Activation::kGelu : Activation::kRelu,
                                 in.ConsumeBool(), in.ConsumeBool() ? 1e-5 : 0.25};
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  ParamArray<std::vector<float>> params;
  EncoderWeights w{};
  for (size_t p = 0; p < kParamCount; ++p) {
    params[p] = fuzz::input_values(in, static_cast<size_t>(counts[p]));
    w[p] = params[p].data();
  }
  const auto input = fuzz::input_values(in, static_cast<size_t>(L * d));
  const auto grad_output = fuzz::input_values(in, input.size());

  EncoderTrace expected, actual, again;
  reference::encoder_forward(expected, input.data(), w, L, d, ff, settings);
  kernels::encoder_forward(actual, input.data(), w, L, d, ff, settings);
  kernels::encoder_forward(again, input.data(), w, L, d, ff, settings);
  for (const auto part :
       {&EncoderTrace::q, &EncoderTrace::k, &EncoderTrace::v, &EncoderTrace::scores,
        &EncoderTrace::weights, &EncoderTrace::heads, &EncoderTrace::attention,
        &EncoderTrace::residual1, &EncoderTrace::norm1, &EncoderTrace::norm2,
        &EncoderTrace::pre_activation, &EncoderTrace::hidden, &EncoderTrace::feed_forward,
        &EncoderTrace::residual2, &EncoderTrace::output}) {
    require(same(expected.*part, actual.*part), "the kernels' forward trace is the reference's");
    require(same(actual.*part, again.*part), "the same call gives the same bits");
  }

  ParamArray<std::vector<float>> g_ref, g_fast;
  EncoderGradients pr{}, pf{};
  for (size_t p = 0; p < kParamCount; ++p) {
    g_ref[p].assign(params[p].size(), NAN);
    g_fast[p].assign(params[p].size(), NAN);
    pr[p] = g_ref[p].data();
    pf[p] = g_fast[p].data();
  }
  std::vector<float> gi_ref(input.size(), NAN), gi_fast(input.size(), NAN);
  reference::encoder_backward(gi_ref.data(), pr, grad_output.data(), input.data(), w, expected, L,
                              d, ff, settings);
  kernels::encoder_backward(gi_fast.data(), pf, grad_output.data(), input.data(), w, actual, L, d,
                            ff, settings);
  require(same(gi_ref, gi_fast), "the input's gradient is the reference's");
  for (size_t p = 0; p < kParamCount; ++p) {
    require(same(g_ref[p], g_fast[p]), "every parameter's gradient is the reference's");
  }

  // Heads are independent: zero every other head's q and k rows of in_proj (weights and
  // biases), and head h's weights stay as they were.
  if (nhead == 1 || !finite(input) || !finite(params[kInProjWeight]) ||
      !finite(params[kInProjBias]) || !finite(params[kNorm1Weight]) ||
      !finite(params[kNorm1Bias])) {
    return 0;
  }
  const int64_t h = in.ConsumeIntegralInRange<int64_t>(0, nhead - 1), hd = d / nhead;
  auto in_w = params[kInProjWeight];
  auto in_b = params[kInProjBias];
  for (int64_t part = 0; part < 2; ++part) {
    for (int64_t row = 0; row < d; ++row) {
      if (row / hd == h) continue;
      in_b[static_cast<size_t>(part * d + row)] = 0.0f;
      for (int64_t c = 0; c < d; ++c) in_w[static_cast<size_t>((part * d + row) * d + c)] = 0.0f;
    }
  }
  EncoderWeights alone = w;
  alone[kInProjWeight] = in_w.data();
  alone[kInProjBias] = in_b.data();
  EncoderTrace one;
  kernels::encoder_forward(one, input.data(), alone, L, d, ff, settings);
  const auto begin = static_cast<size_t>(h * L * L), end = static_cast<size_t>((h + 1) * L * L);
  require(fuzz::same_floats(one.weights.data() + begin, actual.weights.data() + begin, end - begin),
          "a head's weights depend on its own rows of q and k alone");
  return 0;
}
