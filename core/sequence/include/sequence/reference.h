// Reference kernels of the sequence family: a one-layer Elman RNN and LSTM over one unbatched
// sequence, forward and backward through time, and scaled dot-product attention, forward and
// backward. Plain loops in float32 that take every sum and every rounding in the order PyTorch
// 1.13's CPU build on this course's machine takes it (README.md, "Exactness"): netlib BLAS's dot
// products from 0 in index order, the recurrent weights' gradients gathered step by step from
// the last step back, as autograd gathers them, and the input bias's gradient summed as
// PyTorch's sum kernel sums a column (core::pytorch_column_sums, common/pytorch_sum.h). They are
// the oracle the tests hold to PyTorch's golden data, and kernels.h's versions, which the course
// runs, are held to them bit for bit. Outputs first, then inputs, then the forward's saved
// results (backward only), then sizes, then options; forward and backward take their common
// arguments in the same order. The arguments are taken as valid (sequence.h checks them).
//
// Size letters: T steps of the sequence, I input features, H hidden units, G the rows of the
// weights (H for the RNN; 4H for the LSTM, its gates i, f, g, o one block of H rows each, in
// PyTorch's order); Lq queries, Lk keys (and values), d a query's and key's features, dv a
// value's features.
#pragma once

#include <cmath>
#include <cstdint>

namespace sequence {

// The RNN's nonlinearity, torch.nn.RNN's `nonlinearity`.
enum class Nonlinearity : int32_t { kTanh = 0, kRelu = 1 };

// A recurrent layer's parameters, as torch.nn.RNN and torch.nn.LSTM name them: w_ih [G, I],
// w_hh [G, H], b_ih and b_hh [G] (both null: bias=False).
struct RecurrentWeights {
  const float* w_ih = nullptr;
  const float* w_hh = nullptr;
  const float* b_ih = nullptr;
  const float* b_hh = nullptr;
};

// Their gradients, in the same shapes (b_ih and b_hh null without biases).
struct RecurrentGradients {
  float* w_ih = nullptr;
  float* w_hh = nullptr;
  float* b_ih = nullptr;
  float* b_hh = nullptr;
};

// Autograd's derivatives from a function's output y (derivatives.yaml: tanh_backward,
// sigmoid_backward, threshold_backward), as PyTorch's AVX2 build computes them: GCC fuses
// tanh's 1 - y * y into one multiply-add there, vector lanes and scalar tail alike, so it is
// rounded once here too; ReLU's passes the gradient where y > 0 and NaN, else 0.
inline float tanh_gradient(float grad, float y) { return grad * std::fma(-y, y, 1.0f); }
inline float sigmoid_gradient(float grad, float y) { return (grad * (1.0f - y)) * y; }
inline float relu_gradient(float grad, float y) { return y <= 0.0f ? 0.0f : grad; }

namespace reference {

// The elementwise parts of a step and of attention, shared with kernels.h.

// pre[H] -> h[H] = act(pre): an RNN step's cell (the activation family's kernels).
void rnn_cell(float* h, const float* pre, int64_t H, Nonlinearity nonlinearity);
// grad_h[H] (the whole dL/dh_t), h[H] -> grad_pre[H].
void rnn_cell_backward(float* grad_pre, const float* grad_h, const float* h, int64_t H,
                       Nonlinearity nonlinearity);
// pre[4H], c_prev[H] -> gates[4H] (i, f, g, o after their functions), c[H], h[H]; scratch[H].
void lstm_cell(float* h, float* c, float* gates, const float* pre, const float* c_prev,
               float* scratch, int64_t H);
// grad_h[H] (the whole dL/dh_t), grad_c[H] (in: what reached c_t from step t + 1 or from cN,
// read only when has_grad_c; out: the whole dL/dc_t), and the step's gates, c, c_prev ->
// grad_pre[4H]; scratch[H].
void lstm_cell_backward(float* grad_pre, float* grad_c, const float* grad_h, bool has_grad_c,
                        const float* gates, const float* c, const float* c_prev, float* scratch,
                        int64_t H);
// query[n] -> scaled[n] = query / float32(sqrt(d)) (Python's math.sqrt, a double, divides a
// float32 tensor as a float32); scaled may be query.
void scale_query(float* scaled, const float* query, int64_t n, int64_t d);
// scores[Lq, Lk] -> the causal mask added: -inf + s where j > i (-inf, or NaN for s = +inf or
// NaN), as baddbmm adds it.
void mask_scores(float* scores, int64_t Lq, int64_t Lk);

// input[T, I], h0[H], weights (G = H) -> output[T, H], h_t = act(x_t W_ih^T + b_ih +
// h_{t-1} W_hh^T + b_hh) row by row (the last row is hN). PyTorch's order: the input's
// projection x_t W_ih^T + b_ih for every step at once, then per step (h_{t-1} W_hh^T + b_hh) +
// that, each product a dot product from 0 and the bias added after it.
void rnn_forward(float* output, const float* input, const float* h0, const RecurrentWeights& w,
                 int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity);

// grad_output[T, H], grad_hn[H] (null: hN is not used) -> grad_input[T, I], grad_h0[H], the
// weights' gradients, grad_hidden[T, H] (the whole dL/dh_t reaching step t: from output t and
// from step t + 1), given the forward's inputs and its output.
void rnn_backward(float* grad_input, float* grad_h0, const RecurrentGradients& grads,
                  float* grad_hidden, const float* grad_output, const float* grad_hn,
                  const float* input, const float* h0, const RecurrentWeights& w,
                  const float* output, int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity);

// input[T, I], h0[H], c0[H], weights (G = 4H) -> output[T, H] (h_t), cells[T, H] (c_t),
// gates[T, 4H] (each step's i, f, g, o after their sigmoid, sigmoid, tanh, sigmoid). PyTorch's
// LSTMCell: gates = (h W_hh^T + b_hh) + (x W_ih^T + b_ih); c = (f * c_prev) + (i * g);
// h = o * tanh(c).
void lstm_forward(float* output, float* cells, float* gates, const float* input, const float* h0,
                  const float* c0, const RecurrentWeights& w, int64_t T, int64_t I, int64_t H);

// grad_output[T, H], grad_hn[H], grad_cn[H] (each null when unused) -> grad_input[T, I],
// grad_h0[H], grad_c0[H], the weights' gradients, grad_hidden[T, H] and grad_cells[T, H] (the
// whole dL/dh_t and dL/dc_t reaching step t), given the forward's inputs and results.
void lstm_backward(float* grad_input, float* grad_h0, float* grad_c0,
                   const RecurrentGradients& grads, float* grad_hidden, float* grad_cells,
                   const float* grad_output, const float* grad_hn, const float* grad_cn,
                   const float* input, const float* h0, const float* c0, const RecurrentWeights& w,
                   const float* output, const float* cells, const float* gates, int64_t T,
                   int64_t I, int64_t H);

// query[Lq, d], key[Lk, d], value[Lk, dv] -> scores[Lq, Lk], weights[Lq, Lk], output[Lq, dv],
// as nn.MultiheadAttention computes them (torch/nn/functional.py): q / sqrt(d) (float32(sqrt(d))
// dividing each value), scores = (q / sqrt(d)) k^T plus the mask (-inf where `causal` masks key
// j from query i, j > i: torch.triu(-inf, diagonal=1) on [Lq, Lk]), weights = softmax over keys
// (the layer family's kernel), output = weights v.
void attention_forward(float* output, float* weights, float* scores, const float* query,
                       const float* key, const float* value, int64_t Lq, int64_t Lk, int64_t d,
                       int64_t dv, bool causal);

// grad_output[Lq, dv] -> grad_query[Lq, d], grad_key[Lk, d], grad_value[Lk, dv], given the
// forward's inputs and its weights and scores (the mask adds nothing to the gradient).
void attention_backward(float* grad_query, float* grad_key, float* grad_value,
                        const float* grad_output, const float* query, const float* key,
                        const float* value, const float* weights, const float* scores, int64_t Lq,
                        int64_t Lk, int64_t d, int64_t dv);

}  // namespace reference
}  // namespace sequence
