// The transformer family's reference: the positional encoding (with PyTorch's exp, SLEEF's:
// core::pytorch_expf), and the encoder layer's steps (encoder.h) on the plain kernels of the
// families it is built from: learning's linear layer (each output a dot product from 0 in index
// order, then the bias, as netlib's BLAS under addmm forms it) and sequence's attention of one
// head.
#include "transformer/reference.h"

#include <cmath>
#include <cstdint>

#include "common/pytorch_expf.h"
#include "encoder.h"
#include "learning/reference.h"
#include "sequence/reference.h"

namespace transformer {

namespace reference {

void positional_encoding(float* table, float* frequencies, int64_t L, int64_t d) {
  // torch.arange(0, d, 2) * (-math.log(10000.0) / d): the double scalar rounded to float32 (the
  // tensor's type) and multiplied in float32.
  const auto step = static_cast<float>(-std::log(10000.0) / static_cast<double>(d));
  const int64_t pairs = (d + 1) / 2;
  for (int64_t i = 0; i < pairs; ++i) {
    frequencies[i] = core::pytorch_expf(static_cast<float>(2 * i) * step);
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
