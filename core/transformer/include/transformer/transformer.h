// The transformer family's C++ API: the sinusoidal positional encoding of PyTorch's tutorial,
// one torch.nn.TransformerEncoderLayer (dropout 0, eval mode) on one unbatched sequence, forward
// with what a lesson shows of its inside and backward with autograd's gradients, and how many
// parameters such a layer has. Every call is checked first: a rejected argument is a
// core::Error naming the parameter (PyTorch's snake_case name: input_shape, params, nhead,
// activation, layer_norm_eps, grad_output, length, d_model, dim_feedforward) and its value,
// never an exception. NaN and the infinities in values are not errors: they run through the
// arithmetic, as in PyTorch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "transformer/reference.h"

namespace transformer {

using core::Checked;
using core::Error;
using core::FloatView;

// [rows, columns], as the caller gave it (any length: the checks name a wrong rank).
using ShapeView = core::ArrayView<int32_t>;

// An encoder layer's sizes: L from 1 to kMaxLength, d from 1 to kMaxModel, nhead from 1 to
// kMaxHeads dividing d, ff from 1 to kMaxFeedforward, and its forward pass's multiply-adds,
// L d (4d + 2ff + 2L) (the four projections, two feed-forward layers, the scores and the
// weighted sum), at most kMaxWork: L 64, d 128 with ff up to 192, or L 16, d 128, ff 512. A
// backward pass runs the forward again and then about twice its products; at the limit it takes
// some 10 to 20 ms as WebAssembly (README.md, "Limits").
constexpr int64_t kMaxLength = 64;
constexpr int64_t kMaxModel = 128;
constexpr int64_t kMaxHeads = 8;
constexpr int64_t kMaxFeedforward = 512;
constexpr int64_t kMaxWork = int64_t{1} << 23;

// The positional encoding's table: length and d_model each from 1 to kMaxTableSide.
constexpr int64_t kMaxTableSide = 512;

// parameter_count's sizes: d_model from 1 to kMaxCountModel (nhead from 1 to d_model, dividing
// it), dim_feedforward from 1 to kMaxCountFeedforward; every count is then below 2^53, exact as
// a JS number.
constexpr int64_t kMaxCountModel = 65536;
constexpr int64_t kMaxCountFeedforward = 262144;

// The snake_case names of the parameters, in Param's order (in_proj_weight, ...).
extern const char* const kParamNames[kParamCount];

// The layer's parameters as given, in Param's order.
using EncoderParams = ParamArray<FloatView>;

// Views of parameters held in vectors, which `params` keeps owning.
inline EncoderParams views_of(const ParamArray<std::vector<float>>& params) {
  EncoderParams views{};
  for (size_t p = 0; p < kParamCount; ++p) views[p] = params[p];
  return views;
}

struct EncoderOptions {
  int32_t nhead = 1;
  Activation activation = Activation::kRelu;
  bool norm_first = false;
  double layer_norm_eps = 1e-5;
};

struct EncoderSizes {
  int64_t L = 0, d = 0, ff = 0, nhead = 0;
};

// The checks of an encoder call, usable alone so that the bindings check before they copy values
// in: input_shape ([L, d] in range), the options (nhead from 1 to 8 dividing d, the activation,
// layer_norm_eps positive and finite), params (linear1_weight's length gives ff, then every
// length in Param's order), the work, input's length, then grad_output's when given.
Checked<EncoderSizes> check_encoder(ShapeView input_shape, size_t input_length,
                                    const ParamArray<size_t>& param_lengths,
                                    const EncoderOptions& options,
                                    std::optional<size_t> grad_output_length = std::nullopt);

// What encoder_layer returns: the output and what a lesson shows of the inside.
struct EncoderOutputs {
  std::vector<float> output;             // [L, d]
  std::vector<float> attention_weights;  // [nhead, L, L]: each head's softmax, not averaged
  std::vector<float> attention_output;   // [L, d]: the self-attention block's output
  std::vector<float> residual1;          // [L, d]: input + attention_output
  std::vector<float> norm1;              // [L, d]: norm1's output
  std::vector<float> norm2;              // [L, d]: norm2's output (the output, post-norm)
  std::vector<float> hidden;             // [L, ff]: the feed-forward layer after its activation
  std::vector<float> feed_forward;       // [L, d]: linear2's output
  std::vector<float> residual2;          // [L, d]: the second residual sum
};

struct EncoderGradientsOut {
  std::vector<float> grad_input;
  ParamArray<std::vector<float>> grad_params;
};

Checked<EncoderOutputs> encoder_layer(FloatView input, ShapeView input_shape,
                                      const EncoderParams& params, const EncoderOptions& options);

// grad_output[L, d]; the forward's arguments after it.
Checked<EncoderGradientsOut> encoder_layer_backward(FloatView grad_output, FloatView input,
                                                    ShapeView input_shape,
                                                    const EncoderParams& params,
                                                    const EncoderOptions& options);

// A seeded start for a layer of d_model features (1 to kMaxModel), nhead heads (1 to kMaxHeads,
// dividing d_model, as the layer takes them) and dim_feedforward hidden units (1 to
// kMaxFeedforward): every parameter in Param's order, drawn within PyTorch's initial bounds from
// the course's generator seeded with `seed` (0 to core::kMaxSeed); reference::encoder_init says
// how.
Checked<ParamArray<std::vector<float>>> encoder_init(int64_t d_model, int64_t nhead,
                                                     int64_t dim_feedforward, int64_t seed);

struct PositionalTable {
  std::vector<float> table;        // [length, d_model]
  std::vector<float> frequencies;  // [ceil(d_model / 2)]: radians per position of each pair
};

Checked<PositionalTable> positional_encoding(int64_t length, int64_t d_model);

// As PyTorch counts a TransformerEncoderLayer(d_model, nhead, dim_feedforward)'s parameters
// (sum(p.numel())): attention = in_proj (3d^2 + 3d) + out_proj (d^2 + d), feed_forward =
// linear1 (ff d + ff) + linear2 (d ff + d), norms = 4d.
struct ParameterCount {
  int64_t attention = 0, feed_forward = 0, norms = 0, total = 0;
};

Checked<ParameterCount> parameter_count(int64_t d_model, int64_t nhead, int64_t dim_feedforward);

}  // namespace transformer
