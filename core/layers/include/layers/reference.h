// Reference kernels of the layer family: plain loops, each computing what PyTorch 1.13's CPU
// kernel computes in float32, with sums in double (as PyTorch's CPU accumulation type for
// float is double). These are the kernels the course runs; layers.h checks their arguments
// first. Forward and backward are pairs with the same parameter order: outputs first, then
// inputs, then sizes, then options.
//
// Size letters: outer, size, inner split a tensor around softmax's dim (outer * size * inner
// elements, the dim's `size` entries `inner` apart); n the elements of an elementwise tensor;
// count indices of rows of `dim` values; batch, channels, plane ([N, C, H * W]) for batch
// norm; rows and cols for layer norm (normalised over each row of cols values).
#pragma once

#include <cstdint>

namespace layers::reference {

// softmax(input / temperature) along the dim (log_softmax when `log`): the largest value of
// each slice is subtracted before exp, so 1000 and 1001 give e^-1 / (1 + e^-1), not NaN.
void softmax_forward(float* output, const float* input, int64_t outer, int64_t size,
                     int64_t inner, float temperature, bool log);
// The gradient with respect to input, the 1 / temperature of the division included.
void softmax_backward(float* grad_input, const float* grad_output, const float* input,
                      int64_t outer, int64_t size, int64_t inner, float temperature, bool log);

// Row indices[i] of weight ([*, dim]) for each i; the indices are in range.
void embedding_forward(float* output, const int32_t* indices, const float* weight, int64_t count,
                       int64_t dim);
// grad_weight ([num_embeddings, dim]) zeroed, then each grad_output row added into the row
// its index names, except the padding row (padding_idx, or -1 for none).
void embedding_backward(float* grad_weight, const float* grad_output, const int32_t* indices,
                        int64_t count, int64_t num_embeddings, int64_t dim, int64_t padding_idx);

// input * noise, noise = mask ? 1 / (1 - p) : 0 (0 everywhere for p = 1), as PyTorch's
// input * bernoulli(1 - p).div_(1 - p): an infinite input dropped gives NaN, as there.
void dropout_forward(float* output, const float* input, const uint8_t* mask, int64_t n, double p);
void dropout_backward(float* grad_input, const float* grad_output, const uint8_t* mask, int64_t n,
                      double p);
// The documented generator: SplitMix64 seeded with `seed` (common/splitmix64.h); element i is kept (1) when the
// i-th draw, as a double in [0, 1) from its top 53 bits, is >= p.
void dropout_mask(uint8_t* mask, int64_t n, double p, uint64_t seed);

// Batch norm over [batch, channels, plane]. weight, bias: per channel (nullptr: ones, zeros).
// In training the batch's mean and biased variance normalise, and running_mean and
// running_var (read and written) move by momentum toward the mean and the unbiased variance;
// otherwise the running statistics normalise and are left as they are.
void batch_norm2d_forward(float* output, float* running_mean, float* running_var,
                          const float* input, const float* weight, const float* bias,
                          int64_t batch, int64_t channels, int64_t plane, bool training,
                          double momentum, double eps);
// Training mode's gradients: with respect to input, weight and bias.
void batch_norm2d_backward(float* grad_input, float* grad_weight, float* grad_bias,
                           const float* grad_output, const float* input, const float* weight,
                           int64_t batch, int64_t channels, int64_t plane, double eps);

// Each row normalised by its mean and biased variance, then * weight + bias (per column;
// nullptr: ones, zeros).
void layer_norm_forward(float* output, const float* input, const float* weight, const float* bias,
                        int64_t rows, int64_t cols, double eps);
void layer_norm_backward(float* grad_input, float* grad_weight, float* grad_bias,
                         const float* grad_output, const float* input, const float* weight,
                         int64_t rows, int64_t cols, double eps);

}  // namespace layers::reference
