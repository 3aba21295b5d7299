// Reference kernels of the transformer family: the sinusoidal positional encoding of PyTorch's
// tutorial, and one torch.nn.TransformerEncoderLayer (dropout 0, eval mode) on one unbatched
// sequence, forward and backward, in the order PyTorch 1.13's CPU float32 path takes each step
// (README.md, "Exactness"). The encoder's pieces are other families' kernels, linked in: the
// linear layer (learning), attention of one head (sequence), layer norm (layers), ReLU and GELU
// (activations). The reference runs their reference kernels, plain loops, and is the oracle the
// tests hold to PyTorch's golden data; kernels.h runs the same steps on the faster kernels and
// is held to the reference bit for bit. Outputs first, then inputs, then saved results
// (backward), then sizes, then options. The arguments are taken as valid (transformer.h checks
// them).
//
// Size letters: L positions of the sequence, d features (d_model), ff the feed-forward layer's
// hidden units (dim_feedforward), nhead heads of hd = d / nhead features each.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace transformer {

// The feed-forward layer's activation, TransformerEncoderLayer's `activation`.
enum class Activation : int32_t { kRelu = 0, kGelu = 1 };

// An encoder layer's settings besides its sizes.
struct EncoderSettings {
  int64_t nhead = 1;
  Activation activation = Activation::kRelu;
  bool norm_first = false;
  double layer_norm_eps = 1e-5;
};

// The layer's parameters in its state_dict's order (self_attn.in_proj_weight [3d, d],
// self_attn.in_proj_bias [3d], self_attn.out_proj.weight [d, d], .bias [d], linear1.weight
// [ff, d], .bias [ff], linear2.weight [d, ff], .bias [d], norm1.weight, .bias, norm2.weight,
// .bias [d]), one index each.
enum Param : size_t {
  kInProjWeight,
  kInProjBias,
  kOutProjWeight,
  kOutProjBias,
  kLinear1Weight,
  kLinear1Bias,
  kLinear2Weight,
  kLinear2Bias,
  kNorm1Weight,
  kNorm1Bias,
  kNorm2Weight,
  kNorm2Bias,
  kParamCount
};

template <class T>
using ParamArray = std::array<T, kParamCount>;

using EncoderWeights = ParamArray<const float*>;
using EncoderGradients = ParamArray<float*>;

// What the forward pass computes, kept for the widgets and for the backward pass.
struct EncoderTrace {
  std::vector<float> q, k, v;          // [L, d] each: the in-projection's three parts
  std::vector<float> scores, weights;  // [nhead, L, L]: per head, before and after the softmax
  std::vector<float> heads;            // [L, d]: every head's output side by side
  std::vector<float> attention;        // [L, d]: the self-attention block's output (out_proj)
  std::vector<float> residual1;        // [L, d]: input + attention
  std::vector<float> norm1;            // [L, d]: norm1 of residual1 (post-norm) or of input
  std::vector<float> norm2;            // [L, d]: norm2 of residual2 (post-norm) or of residual1
  std::vector<float> pre_activation;   // [L, ff]: linear1's output
  std::vector<float> hidden;           // [L, ff]: after the activation
  std::vector<float> feed_forward;     // [L, d]: linear2's output
  std::vector<float> residual2;        // [L, d]: norm1 + feed_forward, or residual1 + it
  std::vector<float> output;           // [L, d]: norm2 (post-norm) or residual2
};

namespace reference {

// -> frequencies[ceil(d / 2)], table[L, d]: the tutorial's PositionalEncoding in float32,
// frequencies[i] = exp(float32(2i) * float32(-ln(10000) / d)) (core::pytorch_expf), the angle
// float32(p) * frequencies[i], table[p, 2i] its sine and table[p, 2i + 1] its cosine (each the
// double function's value rounded once). An odd d has no cosine column for its last frequency.
void positional_encoding(float* table, float* frequencies, int64_t L, int64_t d);

// input[L, d], the weights -> the whole trace (resized here). Post-norm (norm_first false):
// x = norm1(x + sa(x)), then norm2(x + ff(x)); pre-norm: x = x + sa(norm1(x)), then
// x + ff(norm2(x)). sa is F.multi_head_attention_forward: q, k, v each F.linear of x with its
// third of in_proj, each head's attention (sequence's, q divided by sqrt(hd)), the heads side
// by side through out_proj; ff is linear2(activation(linear1(x))).
void encoder_forward(EncoderTrace& trace, const float* input, const EncoderWeights& w, int64_t L,
                     int64_t d, int64_t ff, const EncoderSettings& settings);

// grad_output[L, d] -> grad_input[L, d] and every parameter's gradient, given the forward's
// input and trace, as autograd computes them: each linear's bias gradient a column sum as
// PyTorch's sum kernel takes it, and the gradients reaching one tensor from several uses added
// in the order autograd's engine adds them (README.md).
void encoder_backward(float* grad_input, const EncoderGradients& grads, const float* grad_output,
                      const float* input, const EncoderWeights& w, const EncoderTrace& trace,
                      int64_t L, int64_t d, int64_t ff, const EncoderSettings& settings);

// -> every parameter (params[p] holds its state_dict length): a seeded start for a layer of d
// features and ff hidden units, within the bounds PyTorch's own initialisation draws each tensor
// in, but from the course's SplitMix64, so a seed gives the same start everywhere. In state_dict
// order, one draw u per drawn value, each float32((2u - 1) * bound) with the bound and the product
// in double, rounded once:
//   in_proj_weight [3d, d]: xavier_uniform_, bound sqrt(6 / (d + 3d))
//   in_proj_bias, out_proj.bias: 0 (MultiheadAttention._reset_parameters), no draws
//   out_proj.weight [d, d]: nn.Linear's kaiming_uniform_(a = sqrt(5)), bound 1 / sqrt(d)
//   linear1.weight [ff, d], linear1.bias [ff]: bound 1 / sqrt(d)
//   linear2.weight [d, ff], linear2.bias [d]: bound 1 / sqrt(ff)
//   norm1.weight, norm2.weight: 1; norm1.bias, norm2.bias: 0 (nn.LayerNorm), no draws
void encoder_init(const EncoderGradients& params, int64_t d, int64_t ff, uint64_t seed);

}  // namespace reference
}  // namespace transformer
