// Validation and the calls: the checks every call passes before a kernel runs, the zero state
// where none is given, and the results cut into the API's pieces (hN, the four gates).
#include "sequence/sequence.h"

#include <cmath>
#include <string>
#include <utility>

#include "sequence/kernels.h"

namespace sequence {
namespace {

using core::show;

template <class T>
Checked<T> failed(const Error& error) {
  return core::fail<T>(error.parameter, error.message);
}

std::string text(int64_t n) { return std::to_string(n); }

std::string describe(ShapeView shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size; ++i) out += (i ? ", " : "") + text(shape[i]);
  return out + ")";
}

bool within(int64_t value, int64_t most) { return value >= 1 && value <= most; }

std::optional<Error> check_count(const std::string& name, size_t length, int64_t expected,
                                 const std::string& because) {
  if (static_cast<int64_t>(length) == expected) return std::nullopt;
  const auto parameter = name.substr(0, name.find('.'));
  return Error{parameter, name + " has " + std::to_string(length) + " values but " + because};
}

// H from w_hh's length: G * H values with G = H (RNN) or 4H (LSTM), H from 1 to kMaxFeatures.
Checked<int64_t> hidden_size(Cell cell, size_t w_hh_length) {
  const int64_t gates = static_cast<int64_t>(cell);
  const int64_t most = gates * kMaxFeatures * kMaxFeatures;
  if (w_hh_length >= 1 && w_hh_length <= static_cast<size_t>(most)) {
    const auto n = static_cast<int64_t>(w_hh_length);
    auto H = static_cast<int64_t>(std::lround(std::sqrt(static_cast<double>(n / gates))));
    if (H * H * gates == n) return core::succeed(H);
  }
  return core::fail<int64_t>(
      "params", "params.w_hh has " + std::to_string(w_hh_length) + " values, but w_hh is " +
                    (cell == Cell::kRnn
                         ? "[H, H] with H from 1 to 256: a square number of values up to "
                         : "[4H, H] with H from 1 to 256: 4 times a square number, up to ") +
                    text(most));
}

std::string rows_text(Cell cell) { return cell == Cell::kRnn ? "H" : "4H"; }

std::optional<Error> check_biases(Cell cell, const RecurrentParams& params, int64_t G) {
  if (params.b_ih.has_value() != params.b_hh.has_value()) {
    const char* given = params.b_ih ? "b_ih" : "b_hh";
    const char* missing = params.b_ih ? "b_hh" : "b_ih";
    return Error{"params", std::string("params.") + given + " is given but params." + missing +
                               " is not: give both biases or neither (bias=False)"};
  }
  for (const auto& [name, bias] :
       {std::pair{"b_ih", params.b_ih}, std::pair{"b_hh", params.b_hh}}) {
    if (!bias) continue;
    auto error =
        check_count(std::string("params.") + name, bias->size, G,
                    std::string(name) + " is [" + rows_text(cell) + "] = " + text(G) + " values");
    if (error) return error;
  }
  return std::nullopt;
}

std::vector<float> row(const std::vector<float>& values, int64_t index, int64_t length) {
  const auto begin = values.begin() + index * length;
  return std::vector<float>(begin, begin + length);
}

RecurrentWeights weights_of(const RecurrentParams& p) {
  return {p.w_ih.data, p.w_hh.data, p.b_ih ? p.b_ih->data : nullptr,
          p.b_hh ? p.b_hh->data : nullptr};
}

// Gradients the size of the parameters, and the pointers the kernels write them through.
ParamGradients gradients_for(const RecurrentParams& p) {
  ParamGradients g{std::vector<float>(p.w_ih.size), std::vector<float>(p.w_hh.size), {}, {}};
  if (p.b_ih) g.b_ih.emplace(p.b_ih->size);
  if (p.b_hh) g.b_hh.emplace(p.b_hh->size);
  return g;
}

RecurrentGradients pointers_of(ParamGradients& g) {
  return {g.w_ih.data(), g.w_hh.data(), g.b_ih ? g.b_ih->data() : nullptr,
          g.b_hh ? g.b_hh->data() : nullptr};
}

const float* or_null(const std::optional<FloatView>& values) {
  return values ? values->data : nullptr;
}

std::optional<Error> check_side(const char* name, const char* letters, ShapeView shape,
                                int64_t most) {
  if (shape.size != 2) {
    return Error{name, std::string(name) + " must be [" + letters + "], got " + describe(shape)};
  }
  if (!within(shape[0], most) || !within(shape[1], most)) {
    return Error{name, std::string(name) + " [" + letters + "] must have each side from 1 to " +
                           text(most) + ", got " + describe(shape)};
  }
  return std::nullopt;
}

}  // namespace

Checked<RecurrentSizes> check_recurrent(Cell cell, ShapeView input_shape, size_t input_length,
                                        const RecurrentParams& params,
                                        const RecurrentLengths& lengths) {
  if (input_shape.size != 2) {
    return core::fail<RecurrentSizes>("input_shape",
                                      "input_shape must be [T, I], got " + describe(input_shape));
  }
  if (!within(input_shape[0], kMaxSteps) || !within(input_shape[1], kMaxFeatures)) {
    return core::fail<RecurrentSizes>("input_shape", "input_shape [T, I] must have T from 1 to " +
                                                         text(kMaxSteps) + " and I from 1 to " +
                                                         text(kMaxFeatures) + ", got " +
                                                         describe(input_shape));
  }
  const auto H = hidden_size(cell, params.w_hh.size);
  if (!H.ok()) return failed<RecurrentSizes>(*H.error);
  const RecurrentSizes s{input_shape[0], input_shape[1], *H.value};
  const int64_t G = static_cast<int64_t>(cell) * s.H;
  const std::string rows = rows_text(cell);
  auto error = check_count("params.w_ih", params.w_ih.size, G * s.I,
                           "w_ih is [" + rows + ", I] = (" + text(G) + ", " + text(s.I) + "), " +
                               text(G * s.I) + " values");
  if (!error) error = check_biases(cell, params, G);
  if (!error && s.T * G * (s.I + s.H) > kMaxWork) {
    error = Error{"input_shape",
                  "input_shape " + describe(input_shape) + " with H = " + text(s.H) +
                      " makes T * " + rows + " * (I + H) = " + text(s.T * G * (s.I + s.H)) +
                      " multiply-adds, more than " + text(kMaxWork) + ", the most a call takes"};
  }
  if (!error) {
    error = check_count("input", input_length, s.T * s.I,
                        "input_shape " + describe(input_shape) + " needs " + text(s.T * s.I));
  }
  const std::string state = cell == Cell::kLstm ? "state." : "";
  const std::string because_h = "H is " + text(s.H);
  if (!error && lengths.h0) error = check_count(state + "h0", *lengths.h0, s.H, because_h);
  if (!error && lengths.c0) error = check_count(state + "c0", *lengths.c0, s.H, because_h);
  if (!error && lengths.grad_output) {
    error = check_count(
        "grad_output", *lengths.grad_output, s.T * s.H,
        "the output is (" + text(s.T) + ", " + text(s.H) + "), " + text(s.T * s.H) + " values");
  }
  if (!error && lengths.grad_hn) error = check_count("grad_hn", *lengths.grad_hn, s.H, because_h);
  if (!error && lengths.grad_cn) error = check_count("grad_cn", *lengths.grad_cn, s.H, because_h);
  return core::to_checked(std::move(error), RecurrentSizes(s));
}

std::optional<Error> check_rnn_options(const RnnOptions& options) {
  const auto code = static_cast<int32_t>(options.nonlinearity);
  if (code == 0 || code == 1) return std::nullopt;
  return Error{"nonlinearity", "nonlinearity must be 'tanh' or 'relu', got " + text(code)};
}

Checked<RnnOutputs> rnn(FloatView input, ShapeView input_shape, const RecurrentParams& params,
                        std::optional<FloatView> h0, const RnnOptions& options) {
  RecurrentLengths lengths;
  if (h0) lengths.h0 = h0->size;
  const auto sizes = check_recurrent(Cell::kRnn, input_shape, input.size, params, lengths);
  auto error = sizes.ok() ? check_rnn_options(options) : sizes.error;
  if (error) return failed<RnnOutputs>(*error);
  const auto [T, I, H] = *sizes.value;
  const std::vector<float> zeros(static_cast<size_t>(H));
  RnnOutputs out;
  out.output.resize(static_cast<size_t>(T * H));
  kernels::rnn_forward(out.output.data(), input.data, h0 ? h0->data : zeros.data(),
                       weights_of(params), T, I, H, options.nonlinearity);
  out.h_n = row(out.output, T - 1, H);
  return core::succeed(std::move(out));
}

Checked<RnnGradients> rnn_backward(FloatView grad_output, std::optional<FloatView> grad_hn,
                                   FloatView input, ShapeView input_shape,
                                   const RecurrentParams& params, std::optional<FloatView> h0,
                                   const RnnOptions& options) {
  RecurrentLengths lengths;
  if (h0) lengths.h0 = h0->size;
  lengths.grad_output = grad_output.size;
  if (grad_hn) lengths.grad_hn = grad_hn->size;
  const auto sizes = check_recurrent(Cell::kRnn, input_shape, input.size, params, lengths);
  auto error = sizes.ok() ? check_rnn_options(options) : sizes.error;
  if (error) return failed<RnnGradients>(*error);
  const auto [T, I, H] = *sizes.value;
  const std::vector<float> zeros(static_cast<size_t>(H));
  const float* start = h0 ? h0->data : zeros.data();
  const auto w = weights_of(params);
  std::vector<float> output(static_cast<size_t>(T * H));
  kernels::rnn_forward(output.data(), input.data, start, w, T, I, H, options.nonlinearity);
  RnnGradients g{std::vector<float>(input.size), std::vector<float>(static_cast<size_t>(H)),
                 gradients_for(params), std::vector<float>(output.size())};
  kernels::rnn_backward(g.grad_input.data(), g.grad_h0.data(), pointers_of(g.grad_params),
                        g.grad_hidden.data(), grad_output.data, or_null(grad_hn), input.data, start,
                        w, output.data(), T, I, H, options.nonlinearity);
  return core::succeed(std::move(g));
}

namespace {

// The LSTM's forward pass, from the state given or zeros: output, cells and gates [T, 4H].
struct LstmPass {
  std::vector<float> zeros, output, cells, gates;
  const float *h0 = nullptr, *c0 = nullptr;

  LstmPass(FloatView input, const RecurrentParams& params, const std::optional<LstmState>& state,
           const RecurrentSizes& s)
      : zeros(static_cast<size_t>(s.H)),
        output(static_cast<size_t>(s.T * s.H)),
        cells(output.size()),
        gates(static_cast<size_t>(s.T * 4 * s.H)),
        h0(state ? state->h0.data : zeros.data()),
        c0(state ? state->c0.data : zeros.data()) {
    kernels::lstm_forward(output.data(), cells.data(), gates.data(), input.data, h0, c0,
                          weights_of(params), s.T, s.I, s.H);
  }
};

RecurrentLengths state_lengths(const std::optional<LstmState>& state) {
  RecurrentLengths lengths;
  if (state) {
    lengths.h0 = state->h0.size;
    lengths.c0 = state->c0.size;
  }
  return lengths;
}

}  // namespace

Checked<LstmOutputs> lstm(FloatView input, ShapeView input_shape, const RecurrentParams& params,
                          std::optional<LstmState> state) {
  const auto sizes =
      check_recurrent(Cell::kLstm, input_shape, input.size, params, state_lengths(state));
  if (!sizes.ok()) return failed<LstmOutputs>(*sizes.error);
  const auto& s = *sizes.value;
  LstmPass pass(input, params, state, s);
  LstmOutputs out;
  out.h_n = row(pass.output, s.T - 1, s.H);
  out.c_n = row(pass.cells, s.T - 1, s.H);
  std::vector<float>* gates[4] = {&out.gates.input, &out.gates.forget, &out.gates.cell,
                                  &out.gates.output};
  for (int k = 0; k < 4; ++k) {
    gates[k]->reserve(pass.cells.size());
    for (int64_t t = 0; t < s.T; ++t) {
      const auto begin = pass.gates.begin() + (4 * t + k) * s.H;
      gates[k]->insert(gates[k]->end(), begin, begin + s.H);
    }
  }
  out.output = std::move(pass.output);
  out.cells = std::move(pass.cells);
  return core::succeed(std::move(out));
}

Checked<LstmGradients> lstm_backward(FloatView grad_output, std::optional<FloatView> grad_hn,
                                     std::optional<FloatView> grad_cn, FloatView input,
                                     ShapeView input_shape, const RecurrentParams& params,
                                     std::optional<LstmState> state) {
  auto lengths = state_lengths(state);
  lengths.grad_output = grad_output.size;
  if (grad_hn) lengths.grad_hn = grad_hn->size;
  if (grad_cn) lengths.grad_cn = grad_cn->size;
  const auto sizes = check_recurrent(Cell::kLstm, input_shape, input.size, params, lengths);
  if (!sizes.ok()) return failed<LstmGradients>(*sizes.error);
  const auto& s = *sizes.value;
  const LstmPass pass(input, params, state, s);
  const auto H = static_cast<size_t>(s.H);
  LstmGradients g{std::vector<float>(input.size),
                  std::vector<float>(H),
                  std::vector<float>(H),
                  gradients_for(params),
                  std::vector<float>(pass.output.size()),
                  std::vector<float>(pass.output.size())};
  kernels::lstm_backward(g.grad_input.data(), g.grad_h0.data(), g.grad_c0.data(),
                         pointers_of(g.grad_params), g.grad_hidden.data(), g.grad_cells.data(),
                         grad_output.data, or_null(grad_hn), or_null(grad_cn), input.data, pass.h0,
                         pass.c0, weights_of(params), pass.output.data(), pass.cells.data(),
                         pass.gates.data(), s.T, s.I, s.H);
  return core::succeed(std::move(g));
}

Checked<AttentionSizes> check_attention(ShapeView query_shape, ShapeView key_shape,
                                        ShapeView value_shape, size_t query_length,
                                        size_t key_length, size_t value_length,
                                        std::optional<size_t> grad_output_length) {
  auto error = check_side("query_shape", "Lq, d", query_shape, kMaxAttentionSide);
  if (!error) error = check_side("key_shape", "Lk, d", key_shape, kMaxAttentionSide);
  if (!error && key_shape[1] != query_shape[1]) {
    error = Error{"key_shape", "key_shape " + describe(key_shape) + " has d " + text(key_shape[1]) +
                                   " but query_shape " + describe(query_shape) + " has d " +
                                   text(query_shape[1])};
  }
  if (!error) error = check_side("value_shape", "Lk, dv", value_shape, kMaxAttentionSide);
  if (!error && value_shape[0] != key_shape[0]) {
    error = Error{"value_shape", "value_shape " + describe(value_shape) + " has Lk " +
                                     text(value_shape[0]) + " but key_shape " +
                                     describe(key_shape) + " has Lk " + text(key_shape[0])};
  }
  if (error) return failed<AttentionSizes>(*error);
  const AttentionSizes s{query_shape[0], key_shape[0], query_shape[1], value_shape[1]};
  const int64_t work = s.Lq * s.Lk * (s.d + s.dv);
  if (work > kMaxWork) {
    error = Error{"value_shape",
                  "value_shape " + describe(value_shape) + " with query_shape " +
                      describe(query_shape) + " makes Lq * Lk * (d + dv) = " + text(work) +
                      " multiply-adds, more than " + text(kMaxWork) + ", the most a call takes"};
  }
  if (!error) {
    error = check_count("query", query_length, s.Lq * s.d,
                        "query_shape " + describe(query_shape) + " needs " + text(s.Lq * s.d));
  }
  if (!error) {
    error = check_count("key", key_length, s.Lk * s.d,
                        "key_shape " + describe(key_shape) + " needs " + text(s.Lk * s.d));
  }
  if (!error) {
    error = check_count("value", value_length, s.Lk * s.dv,
                        "value_shape " + describe(value_shape) + " needs " + text(s.Lk * s.dv));
  }
  if (!error && grad_output_length) {
    error = check_count(
        "grad_output", *grad_output_length, s.Lq * s.dv,
        "the output is (" + text(s.Lq) + ", " + text(s.dv) + "), " + text(s.Lq * s.dv) + " values");
  }
  return core::to_checked(std::move(error), AttentionSizes(s));
}

Checked<AttentionOutputs> attention(FloatView query, ShapeView query_shape, FloatView key,
                                    ShapeView key_shape, FloatView value, ShapeView value_shape,
                                    const AttentionOptions& options) {
  const auto sizes =
      check_attention(query_shape, key_shape, value_shape, query.size, key.size, value.size);
  if (!sizes.ok()) return failed<AttentionOutputs>(*sizes.error);
  const auto [Lq, Lk, d, dv] = *sizes.value;
  AttentionOutputs out{std::vector<float>(static_cast<size_t>(Lq * dv)),
                       std::vector<float>(static_cast<size_t>(Lq * Lk)),
                       std::vector<float>(static_cast<size_t>(Lq * Lk))};
  kernels::attention_forward(out.output.data(), out.weights.data(), out.scores.data(), query.data,
                             key.data, value.data, Lq, Lk, d, dv, options.causal);
  return core::succeed(std::move(out));
}

Checked<AttentionGradients> attention_backward(FloatView grad_output, FloatView query,
                                               ShapeView query_shape, FloatView key,
                                               ShapeView key_shape, FloatView value,
                                               ShapeView value_shape,
                                               const AttentionOptions& options) {
  const auto sizes = check_attention(query_shape, key_shape, value_shape, query.size, key.size,
                                     value.size, grad_output.size);
  if (!sizes.ok()) return failed<AttentionGradients>(*sizes.error);
  const auto [Lq, Lk, d, dv] = *sizes.value;
  std::vector<float> output(static_cast<size_t>(Lq * dv)), weights(static_cast<size_t>(Lq * Lk)),
      scores(weights.size());
  kernels::attention_forward(output.data(), weights.data(), scores.data(), query.data, key.data,
                             value.data, Lq, Lk, d, dv, options.causal);
  AttentionGradients g{std::vector<float>(query.size), std::vector<float>(key.size),
                       std::vector<float>(value.size)};
  kernels::attention_backward(g.grad_query.data(), g.grad_key.data(), g.grad_value.data(),
                              grad_output.data, query.data, key.data, value.data, weights.data(),
                              scores.data(), Lq, Lk, d, dv);
  return core::succeed(std::move(g));
}

}  // namespace sequence
