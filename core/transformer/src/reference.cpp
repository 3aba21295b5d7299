// The transformer family's reference: PyTorch's exp (SLEEF's), the positional encoding, and the
// encoder layer's steps (encoder.h) on the plain kernels of the families it is built from:
// learning's linear layer (each output a dot product from 0 in index order, then the bias, as
// netlib's BLAS under addmm forms it) and sequence's attention of one head.
#include "transformer/reference.h"

#include <cmath>
#include <cstdint>

#include "encoder.h"
#include "learning/reference.h"
#include "sequence/reference.h"

namespace transformer {

// sleefsimdsp.c's xexpf, one lane: q = rint(x / ln 2), s = x - q ln 2 in two parts, a degree-6
// polynomial in s by fused multiply-adds, scaled by 2^q in two halves; 0 below -104, inf above
// 100. AVX2's vmla is a fused multiply-add, so each step here is one too.
float pytorch_expf(float x) {
  constexpr float kLog2e = 1.442695040888963407359924681001892137426645954152985934135449406931f;
  constexpr float kLn2Upper = 0.693145751953125f;
  constexpr float kLn2Lower = 1.428606765330187045e-06f;
  const float q = std::nearbyint(x * kLog2e);  // the default rounding: to nearest, ties to even
  float s = std::fma(q, -kLn2Upper, x);
  s = std::fma(q, -kLn2Lower, s);
  float u = 0.000198527617612853646278381f;
  u = std::fma(u, s, 0.00139304355252534151077271f);
  u = std::fma(u, s, 0.00833336077630519866943359f);
  u = std::fma(u, s, 0.0416664853692054748535156f);
  u = std::fma(u, s, 0.166666671633720397949219f);
  u = std::fma(u, s, 0.5f);
  u = 1.0f + std::fma(s * s, u, s);
  if (x < -104.0f) return 0.0f;
  if (x > 100.0f) return INFINITY;
  // vldexp2: u * 2^(q >> 1) * 2^(q - (q >> 1)), each factor a power of two, exactly.
  const auto e = static_cast<int>(q);
  return std::ldexp(std::ldexp(u, e >> 1), e - (e >> 1));
}

namespace reference {

void positional_encoding(float* table, float* frequencies, int64_t L, int64_t d) {
  // torch.arange(0, d, 2) * (-math.log(10000.0) / d): the double scalar rounded to float32 (the
  // tensor's type) and multiplied in float32.
  const auto step = static_cast<float>(-std::log(10000.0) / static_cast<double>(d));
  const int64_t pairs = (d + 1) / 2;
  for (int64_t i = 0; i < pairs; ++i) {
    frequencies[i] = pytorch_expf(static_cast<float>(2 * i) * step);
  }
  for (int64_t p = 0; p < L; ++p) {
    for (int64_t i = 0; i < pairs; ++i) {
      const double angle = static_cast<float>(p) * frequencies[i];  // rounded to float32 first
      table[p * d + 2 * i] = static_cast<float>(std::sin(angle));
      if (2 * i + 1 < d) table[p * d + 2 * i + 1] = static_cast<float>(std::cos(angle));
    }
  }
}

namespace {

struct PlainOps {
  void linear(float* out, const float* in, const float* weight, const float* bias, int64_t N,
              int64_t I, int64_t O) const {
    learning::reference::linear_forward(out, in, weight, bias, N, I, O);
  }
  void linear_backward(float* grad_in, float* grad_weight, const float* grad_out, const float* in,
                       const float* weight, int64_t N, int64_t I, int64_t O) const {
    learning::reference::linear_backward(grad_in, grad_weight, nullptr, grad_out, in, weight, N, I,
                                         O);
  }
  void attention(float* out, float* weights, float* scores, const float* q, const float* k,
                 const float* v, int64_t L, int64_t hd) const {
    sequence::reference::attention_forward(out, weights, scores, q, k, v, L, L, hd, hd, false);
  }
  void attention_backward(float* grad_q, float* grad_k, float* grad_v, const float* grad_out,
                          const float* q, const float* k, const float* v, const float* weights,
                          const float* scores, int64_t L, int64_t hd) const {
    sequence::reference::attention_backward(grad_q, grad_k, grad_v, grad_out, q, k, v, weights,
                                            scores, L, L, hd, hd);
  }
};

}  // namespace

void encoder_forward(EncoderTrace& trace, const float* input, const EncoderWeights& w, int64_t L,
                     int64_t d, int64_t ff, const EncoderSettings& settings) {
  encoder::forward(PlainOps{}, trace, input, w, L, d, ff, settings);
}

void encoder_backward(float* grad_input, const EncoderGradients& grads, const float* grad_output,
                      const float* input, const EncoderWeights& w, const EncoderTrace& trace,
                      int64_t L, int64_t d, int64_t ff, const EncoderSettings& settings) {
  encoder::backward(PlainOps{}, grad_input, grads, grad_output, input, w, trace, L, d, ff,
                    settings);
}

}  // namespace reference
}  // namespace transformer
