// The layer family's C++ API: softmax and log-softmax (with a temperature), embedding, dropout
// (with its own seeded mask generator), 2-D batch norm and layer norm, forward and backward,
// with PyTorch 1.13's semantics on float32 values. Every call is checked first: a rejected
// argument is a core::Error naming the parameter (PyTorch's name) and its value, never an
// exception. Each checked call returns fresh vectors.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "common/shape.h"
#include "common/splitmix64.h"

namespace layers {

using core::Checked;
using core::Error;
using core::FloatView;
using core::IndexView;
using core::Shape;
using MaskView = core::ArrayView<uint8_t>;

// The largest seed dropout_mask takes (common/splitmix64.h).
using core::kMaxSeed;

// nullopt when a run of `length` values may enter the core (at most core::kMaxElements); the
// bindings ask before they copy an argument into the heap.
std::optional<Error> check_count(size_t length, const char* name);

// softmax(input / temperature, dim) and log_softmax, any rank (a rank-0 shape [] is one
// value); sizes may be 0 (an empty result). dim counts from the end when negative.
struct SoftmaxOptions {
  int64_t dim = -1;
  double temperature = 1.0;  // positive and finite as float32
};
Checked<std::vector<float>> softmax(FloatView input, const Shape& shape,
                                    const SoftmaxOptions& options = {});
Checked<std::vector<float>> softmax_backward(FloatView grad_output, FloatView input,
                                             const Shape& shape, const SoftmaxOptions& options = {});
Checked<std::vector<float>> log_softmax(FloatView input, const Shape& shape,
                                        const SoftmaxOptions& options = {});
Checked<std::vector<float>> log_softmax_backward(FloatView grad_output, FloatView input,
                                                 const Shape& shape,
                                                 const SoftmaxOptions& options = {});

// F.embedding: weight_shape is [num_embeddings, embedding_dim] (both positive); every index
// in [0, num_embeddings). padding_idx, when given, in [-num_embeddings, num_embeddings)
// (negative counts from the end): the forward ignores it, the backward leaves its row zero.
struct EmbeddingOptions {
  std::optional<int64_t> padding_idx;
};
Checked<std::vector<float>> embedding(IndexView indices, FloatView weight,
                                      const Shape& weight_shape,
                                      const EmbeddingOptions& options = {});
// The weight-sized gradient: grad_output has indices.size * embedding_dim values.
Checked<std::vector<float>> embedding_backward(FloatView grad_output, IndexView indices,
                                               const Shape& weight_shape,
                                               const EmbeddingOptions& options = {});

// input * mask / (1 - p), p in [0, 1] (p = 1: zeros); every mask value 0 or 1.
Checked<std::vector<float>> dropout(FloatView input, MaskView mask, double p);
Checked<std::vector<float>> dropout_backward(FloatView grad_output, MaskView mask, double p);
// `length` mask values from SplitMix64 seeded with `seed` (0 to kMaxSeed): element i is 1 when
// the i-th draw, top 53 bits / 2^53, is >= p (reference.h, README.md).
Checked<std::vector<uint8_t>> dropout_mask(int64_t length, double p, int64_t seed);

// F.batch_norm on [N, C, H, W], C positive; an empty batch (N, H or W 0) gives an empty
// output and leaves the running statistics as they are. An absent weight is ones, bias zeros, running_mean zeros and
// running_var ones (each otherwise C values). momentum in [0, 1], eps positive.
struct BatchNormOptions {
  std::optional<FloatView> weight, bias, running_mean, running_var;
  bool training = true;
  double momentum = 0.1;
  double eps = 1e-5;
};
struct BatchNormResult {
  std::vector<float> output, running_mean, running_var;  // the statistics after the call
};
Checked<BatchNormResult> batch_norm2d(FloatView input, const Shape& shape,
                                      const BatchNormOptions& options = {});

// Gradients of a normalisation with respect to input, weight and bias.
struct NormGradients {
  std::vector<float> grad_input, grad_weight, grad_bias;
};
// Training mode's backward: the batch statistics are recomputed from input.
Checked<NormGradients> batch_norm2d_backward(FloatView grad_output, FloatView input,
                                             const Shape& shape,
                                             std::optional<FloatView> weight = std::nullopt,
                                             double eps = 1e-5);

// F.layer_norm over the last dimension (positive; leading sizes may be 0). weight and bias:
// that many values each, absent = ones and zeros. eps positive.
struct LayerNormOptions {
  std::optional<FloatView> weight, bias;
  double eps = 1e-5;
};
Checked<std::vector<float>> layer_norm(FloatView input, const Shape& shape,
                                       const LayerNormOptions& options = {});
Checked<NormGradients> layer_norm_backward(FloatView grad_output, FloatView input,
                                           const Shape& shape,
                                           const LayerNormOptions& options = {});

}  // namespace layers
