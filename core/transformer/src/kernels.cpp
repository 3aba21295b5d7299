// The encoder layer's steps (encoder.h) on the kernels the course runs: learning's linear layer
// in cache order and sequence's attention kernels, each the bits of its reference.
#include "transformer/kernels.h"

#include <cstdint>

#include "encoder.h"
#include "learning/kernels.h"
#include "sequence/kernels.h"

namespace transformer::kernels {
namespace {

struct FastOps {
  void linear(float* out, const float* in, const float* weight, const float* bias, int64_t N,
              int64_t I, int64_t O) const {
    learning::kernels::linear_forward_by_rows(out, in, weight, bias, N, I, O);
  }
  void linear_backward(float* grad_in, float* grad_weight, const float* grad_out, const float* in,
                       const float* weight, int64_t N, int64_t I, int64_t O) const {
    learning::kernels::linear_backward_by_rows(grad_in, grad_weight, nullptr, grad_out, in, weight,
                                               N, I, O);
  }
  void attention(float* out, float* weights, float* scores, const float* q, const float* k,
                 const float* v, int64_t L, int64_t hd) const {
    sequence::kernels::attention_forward(out, weights, scores, q, k, v, L, L, hd, hd, false);
  }
  void attention_backward(float* grad_q, float* grad_k, float* grad_v, const float* grad_out,
                          const float* q, const float* k, const float* v, const float* weights,
                          const float* scores, int64_t L, int64_t hd) const {
    sequence::kernels::attention_backward(grad_q, grad_k, grad_v, grad_out, q, k, v, weights,
                                          scores, L, L, hd, hd);
  }
};

}  // namespace

void encoder_forward(EncoderTrace& trace, const float* input, const EncoderWeights& w, int64_t L,
                     int64_t d, int64_t ff, const EncoderSettings& settings) {
  encoder::forward(FastOps{}, trace, input, w, L, d, ff, settings);
}

void encoder_backward(float* grad_input, const EncoderGradients& grads, const float* grad_output,
                      const float* input, const EncoderWeights& w, const EncoderTrace& trace,
                      int64_t L, int64_t d, int64_t ff, const EncoderSettings& settings) {
  encoder::backward(FastOps{}, grad_input, grads, grad_output, input, w, trace, L, d, ff,
                    settings);
}

}  // namespace transformer::kernels
