// The sequence family's C++ API: torch.nn.RNN and torch.nn.LSTM (one layer) over one unbatched
// sequence, forward and backward through time, and scaled dot-product attention as
// nn.MultiheadAttention computes it, forward and backward, with PyTorch 1.13's float32
// semantics. Every call is checked first: a rejected argument is a core::Error naming the
// parameter (PyTorch's or the course's snake_case name: input_shape, params, h0, state,
// grad_output, grad_hn, query_shape...) and its value, never an exception. NaN and the
// infinities in values are not errors: they run through the arithmetic, as in PyTorch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "sequence/reference.h"

namespace sequence {

using core::Checked;
using core::Error;
using core::FloatView;

// [rows, columns], as the caller gave it (any length: the checks name a wrong rank).
using ShapeView = core::ArrayView<int32_t>;

// The most multiply-adds a call's forward pass may take: T * G * (I + H) for a recurrent layer
// (G = H for the RNN, 4H for the LSTM), Lq * Lk * (d + dv) for attention. A backward pass runs
// the forward again and then about twice its products; the largest backward passes take 10 to
// 28 ms as WebAssembly, so none holds a page up (README.md, "Limits": twice this took 37 ms).
constexpr int64_t kMaxWork = int64_t{1} << 24;

// A recurrent call's sizes: T from 1 to kMaxSteps, I and H from 1 to kMaxFeatures.
constexpr int64_t kMaxSteps = 512;
constexpr int64_t kMaxFeatures = 256;

// Attention's sizes: Lq, Lk, d and dv each from 1 to kMaxAttentionSide.
constexpr int64_t kMaxAttentionSide = 512;

// Which recurrent layer: its weights have G = H rows (RNN) or 4H (LSTM: i, f, g, o).
enum class Cell : int32_t { kRnn = 1, kLstm = 4 };

// A recurrent layer's parameters as given: w_ih [G, I], w_hh [G, H], and b_ih, b_hh [G] (both or
// neither: bias=False).
struct RecurrentParams {
  FloatView w_ih, w_hh;
  std::optional<FloatView> b_ih, b_hh;
};

struct RecurrentSizes {
  int64_t T = 0, I = 0, H = 0;
};

// The lengths of what a recurrent call takes besides input and params, nullopt for what was not
// given: h0 (the RNN's, or the LSTM state's), c0 (the LSTM state's), and for the backward pass
// grad_output, grad_hn, grad_cn.
struct RecurrentLengths {
  std::optional<size_t> h0, c0, grad_output, grad_hn, grad_cn;
};

// The checks of an RNN or LSTM call, usable alone so that the bindings check before they copy
// values in: input_shape, params (w_hh's length gives H, then w_ih, then the biases), the work,
// input's length, then the lengths of h0 (or the state's h0 and c0), grad_output, grad_hn and
// grad_cn where given.
Checked<RecurrentSizes> check_recurrent(Cell cell, ShapeView input_shape, size_t input_length,
                                        const RecurrentParams& params,
                                        const RecurrentLengths& lengths = {});

struct RnnOptions {
  Nonlinearity nonlinearity = Nonlinearity::kTanh;
};

std::optional<Error> check_rnn_options(const RnnOptions& options);

// The weights' gradients (b_ih and b_hh when the layer has biases).
struct ParamGradients {
  std::vector<float> w_ih, w_hh;
  std::optional<std::vector<float>> b_ih, b_hh;
};

struct RnnOutputs {
  std::vector<float> output, h_n;  // [T, H], [H]
};

// grad_hidden[T, H]: the whole dL/dh_t reaching each step, from its output and from the steps
// after it.
struct RnnGradients {
  std::vector<float> grad_input, grad_h0;
  ParamGradients grad_params;
  std::vector<float> grad_hidden;
};

// input[T, I]; h0[H] or nullopt for zeros.
Checked<RnnOutputs> rnn(FloatView input, ShapeView input_shape, const RecurrentParams& params,
                        std::optional<FloatView> h0, const RnnOptions& options);

// grad_output[T, H], grad_hn[H] or nullopt (hN unused); the forward's arguments after them.
Checked<RnnGradients> rnn_backward(FloatView grad_output, std::optional<FloatView> grad_hn,
                                   FloatView input, ShapeView input_shape,
                                   const RecurrentParams& params, std::optional<FloatView> h0,
                                   const RnnOptions& options);

// An LSTM's starting state, h0[H] and c0[H].
struct LstmState {
  FloatView h0, c0;
};

// Each gate after its function, [T, H]: i (input), f (forget), g (cell), o (output).
struct LstmGates {
  std::vector<float> input, forget, cell, output;
};

struct LstmOutputs {
  std::vector<float> output, h_n, c_n, cells;  // [T, H], [H], [H], [T, H] (c_t)
  LstmGates gates;
};

// grad_hidden and grad_cells [T, H]: the whole dL/dh_t and dL/dc_t reaching each step.
struct LstmGradients {
  std::vector<float> grad_input, grad_h0, grad_c0;
  ParamGradients grad_params;
  std::vector<float> grad_hidden, grad_cells;
};

// input[T, I]; the state or nullopt for zeros.
Checked<LstmOutputs> lstm(FloatView input, ShapeView input_shape, const RecurrentParams& params,
                          std::optional<LstmState> state);

// grad_output[T, H], grad_hn[H] and grad_cn[H] or nullopt (unused); the forward's arguments.
Checked<LstmGradients> lstm_backward(FloatView grad_output, std::optional<FloatView> grad_hn,
                                     std::optional<FloatView> grad_cn, FloatView input,
                                     ShapeView input_shape, const RecurrentParams& params,
                                     std::optional<LstmState> state);

struct AttentionSizes {
  int64_t Lq = 0, Lk = 0, d = 0, dv = 0;
};

struct AttentionOptions {
  bool causal = false;  // mask key j from query i where j > i
};

// The checks of an attention call: query_shape [Lq, d], key_shape [Lk, d], value_shape
// [Lk, dv] (each side from 1 to kMaxAttentionSide, d and Lk agreeing), the work, then the
// lengths of query, key, value and grad_output (when given).
Checked<AttentionSizes> check_attention(ShapeView query_shape, ShapeView key_shape,
                                        ShapeView value_shape, size_t query_length,
                                        size_t key_length, size_t value_length,
                                        std::optional<size_t> grad_output_length = std::nullopt);

struct AttentionOutputs {
  std::vector<float> output, weights, scores;  // [Lq, dv], [Lq, Lk], [Lq, Lk]
};

struct AttentionGradients {
  std::vector<float> grad_query, grad_key, grad_value;
};

Checked<AttentionOutputs> attention(FloatView query, ShapeView query_shape, FloatView key,
                                    ShapeView key_shape, FloatView value, ShapeView value_shape,
                                    const AttentionOptions& options);

// grad_output[Lq, dv]; the forward's arguments after it.
Checked<AttentionGradients> attention_backward(FloatView grad_output, FloatView query,
                                               ShapeView query_shape, FloatView key,
                                               ShapeView key_shape, FloatView value,
                                               ShapeView value_shape,
                                               const AttentionOptions& options);

}  // namespace sequence
