// Every public entry point of the sequence family (sequence/sequence.h) on arguments decoded from
// the fuzzer's bytes: shapes of any rank and int32 sides, params of any length (H from any count
// of w_hh's values, a bias missing), states and gradients right or off, any int32 nonlinearity,
// NaN, +-inf, -0 and denormals in the values; attention with disagreeing shapes, lengths right or
// off, causal or not.
//
// A call must be refused exactly when one of its arguments is wrong (a model of the documented
// rules), as an Error naming the first wrong parameter in the documented order, before any value
// is read (the arrays of a large call are views with no values behind them); an accepted call
// must give the reference kernels' bits.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sequence/decode.h"
#include "sequence/reference.h"

namespace {

using namespace fuzz::sequence_fuzz;

void require(bool condition, const char* what) {
  fuzz::sequence_fuzz::require(condition, "sequence_api_fuzzer", what);
}

// The call is refused exactly when `wrong` names a parameter, and then as that parameter.
template <class T>
void require_outcome(const Checked<T>& result, const char* wrong) {
  fuzz::require_outcome(result, wrong, "sequence_api_fuzzer");
}

// H from w_hh's length by the documented rule, or 0 when there is none.
int64_t hidden_of(Cell cell, int64_t length) {
  const int64_t gates = static_cast<int64_t>(cell);
  for (int64_t H = 1; H <= kMaxFeatures; ++H) {
    if (gates * H * H == length) return H;
  }
  return 0;
}

// The first wrong argument of a recurrent call, by the documented rules.
const char* recurrent_wrong(const RecurrentCall& c, bool backward) {
  const auto& s = c.input_shape;
  if (s.size() != 2 || s[0] < 1 || s[0] > kMaxSteps || s[1] < 1 || s[1] > kMaxFeatures)
    return "input_shape";
  const int64_t T = s[0], I = s[1], H = hidden_of(c.cell, c.w_hh.length);
  if (H == 0) return "params";
  const int64_t G = static_cast<int64_t>(c.cell) * H;
  if (c.w_ih.length != G * I) return "params";
  if (c.b_ih.has_value() != c.b_hh.has_value()) return "params";
  if (c.b_ih && (c.b_ih->length != G || c.b_hh->length != G)) return "params";
  if (T * G * (I + H) > kMaxWork) return "input_shape";
  if (c.input.length != T * I) return "input";
  const char* state = c.cell == Cell::kLstm ? "state" : "h0";
  if (c.h0 && c.h0->length != H) return state;
  if (c.c0 && c.c0->length != H) return state;
  if (backward) {
    if (c.grad_output.length != T * H) return "grad_output";
    if (c.grad_hn && c.grad_hn->length != H) return "grad_hn";
    if (c.grad_cn && c.grad_cn->length != H) return "grad_cn";
  }
  const auto code = static_cast<int32_t>(c.options.nonlinearity);
  if (c.cell == Cell::kRnn && code != 0 && code != 1) return "nonlinearity";
  return nullptr;
}

const float* data_or_null(const std::optional<Array>& a) { return a ? a->values.data() : nullptr; }

std::optional<FloatView> view_or_none(const std::optional<Array>& a) {
  return a ? std::optional<FloatView>(a->view()) : std::nullopt;
}

RecurrentWeights weights_of(const RecurrentCall& c) {
  return {c.w_ih.values.data(), c.w_hh.values.data(), data_or_null(c.b_ih), data_or_null(c.b_hh)};
}

// The reference's weight gradients, in the API's shape.
struct ReferenceGradients {
  std::vector<float> w_ih, w_hh, b_ih, b_hh;
  ReferenceGradients(const RecurrentCall& c, int64_t G)
      : w_ih(c.w_ih.values.size()),
        w_hh(c.w_hh.values.size()),
        b_ih(static_cast<size_t>(G)),
        b_hh(b_ih.size()) {}
  RecurrentGradients pointers(bool bias) {
    return {w_ih.data(), w_hh.data(), bias ? b_ih.data() : nullptr, bias ? b_hh.data() : nullptr};
  }
  bool same_as(const ParamGradients& g, bool bias) const {
    return same(w_ih, g.w_ih) && same(w_hh, g.w_hh) && g.b_ih.has_value() == bias &&
           g.b_hh.has_value() == bias && (!bias || (same(b_ih, *g.b_ih) && same(b_hh, *g.b_hh)));
  }
};

void rnn_calls(const RecurrentCall& c) {
  const char* wrong_forward = recurrent_wrong(c, false);
  const char* wrong_backward = recurrent_wrong(c, true);
  // The checks alone, on lengths: the same verdict, large calls included.
  require_outcome(
      check_recurrent(c.cell, c.input_shape, static_cast<size_t>(c.input.length), c.params(),
                      c.lengths(true)),
      wrong_backward && std::string(wrong_backward) == "nonlinearity" ? nullptr : wrong_backward);
  if (!c.real && (!wrong_forward || !wrong_backward)) return;  // valid but too large to hold
  const auto out = rnn(c.input.view(), c.input_shape, c.params(), view_or_none(c.h0), c.options);
  require_outcome(out, wrong_forward);
  const auto back = rnn_backward(c.grad_output.view(), view_or_none(c.grad_hn), c.input.view(),
                                 c.input_shape, c.params(), view_or_none(c.h0), c.options);
  require_outcome(back, wrong_backward);
  if (!out.ok()) return;
  const int64_t T = c.input_shape[0], I = c.input_shape[1], H = hidden_of(c.cell, c.w_hh.length);
  const std::vector<float> zeros(static_cast<size_t>(H));
  const float* h0 = c.h0 ? c.h0->values.data() : zeros.data();
  std::vector<float> output(static_cast<size_t>(T * H));
  reference::rnn_forward(output.data(), c.input.values.data(), h0, weights_of(c), T, I, H,
                         c.options.nonlinearity);
  require(same(output, out.value->output), "an accepted RNN gives the reference's bits");
  require(same(std::vector<float>(output.end() - H, output.end()), out.value->h_n),
          "hN is the last step's h");
  if (!back.ok()) return;
  const bool bias = c.b_ih.has_value();
  ReferenceGradients g(c, H);
  std::vector<float> grad_input(c.input.values.size()), grad_h0(static_cast<size_t>(H)),
      hidden(output.size());
  reference::rnn_backward(grad_input.data(), grad_h0.data(), g.pointers(bias), hidden.data(),
                          c.grad_output.values.data(), data_or_null(c.grad_hn),
                          c.input.values.data(), h0, weights_of(c), output.data(), T, I, H,
                          c.options.nonlinearity);
  const auto& b = *back.value;
  require(same(grad_input, b.grad_input) && same(grad_h0, b.grad_h0) &&
              same(hidden, b.grad_hidden) && g.same_as(b.grad_params, bias),
          "accepted RNN gradients are the reference's");
}

void lstm_calls(const RecurrentCall& c) {
  const char* wrong_forward = recurrent_wrong(c, false);
  const char* wrong_backward = recurrent_wrong(c, true);
  require_outcome(check_recurrent(c.cell, c.input_shape, static_cast<size_t>(c.input.length),
                                  c.params(), c.lengths(true)),
                  wrong_backward);
  if (!c.real && (!wrong_forward || !wrong_backward)) return;
  std::optional<LstmState> state;
  if (c.h0) state = LstmState{c.h0->view(), c.c0->view()};
  const auto out = lstm(c.input.view(), c.input_shape, c.params(), state);
  require_outcome(out, wrong_forward);
  const auto back =
      lstm_backward(c.grad_output.view(), view_or_none(c.grad_hn), view_or_none(c.grad_cn),
                    c.input.view(), c.input_shape, c.params(), state);
  require_outcome(back, wrong_backward);
  if (!out.ok()) return;
  const int64_t T = c.input_shape[0], I = c.input_shape[1], H = hidden_of(c.cell, c.w_hh.length),
                G = 4 * H;
  const std::vector<float> zeros(static_cast<size_t>(H));
  const float* h0 = c.h0 ? c.h0->values.data() : zeros.data();
  const float* c0 = c.c0 ? c.c0->values.data() : zeros.data();
  std::vector<float> output(static_cast<size_t>(T * H)), cells(output.size()),
      gates(static_cast<size_t>(T * G));
  reference::lstm_forward(output.data(), cells.data(), gates.data(), c.input.values.data(), h0, c0,
                          weights_of(c), T, I, H);
  const auto& o = *out.value;
  require(same(output, o.output) && same(cells, o.cells),
          "an accepted LSTM gives the reference's bits");
  const std::vector<float>* split[4] = {&o.gates.input, &o.gates.forget, &o.gates.cell,
                                        &o.gates.output};
  for (int k = 0; k < 4; ++k) {
    for (int64_t t = 0; t < T; ++t) {
      for (int64_t j = 0; j < H; ++j) {
        require(fuzz::same_float(gates[static_cast<size_t>(t * G + k * H + j)],
                                 (*split[k])[static_cast<size_t>(t * H + j)]),
                "each gate is its block of the reference's gates");
      }
    }
  }
  if (!back.ok()) return;
  const bool bias = c.b_ih.has_value();
  ReferenceGradients g(c, G);
  std::vector<float> grad_input(c.input.values.size()), grad_h0(static_cast<size_t>(H)),
      grad_c0(grad_h0.size()), hidden(output.size()), grad_cells(output.size());
  reference::lstm_backward(grad_input.data(), grad_h0.data(), grad_c0.data(), g.pointers(bias),
                           hidden.data(), grad_cells.data(), c.grad_output.values.data(),
                           data_or_null(c.grad_hn), data_or_null(c.grad_cn), c.input.values.data(),
                           h0, c0, weights_of(c), output.data(), cells.data(), gates.data(), T, I,
                           H);
  const auto& b = *back.value;
  require(same(grad_input, b.grad_input) && same(grad_h0, b.grad_h0) && same(grad_c0, b.grad_c0) &&
              same(hidden, b.grad_hidden) && same(grad_cells, b.grad_cells) &&
              g.same_as(b.grad_params, bias),
          "accepted LSTM gradients are the reference's");
}

bool side_ok(int32_t s) { return s >= 1 && s <= kMaxAttentionSide; }

const char* attention_wrong(const AttentionCall& c, bool backward) {
  const auto& q = c.query_shape;
  const auto& k = c.key_shape;
  const auto& v = c.value_shape;
  if (q.size() != 2 || !side_ok(q[0]) || !side_ok(q[1])) return "query_shape";
  if (k.size() != 2 || !side_ok(k[0]) || !side_ok(k[1]) || k[1] != q[1]) return "key_shape";
  if (v.size() != 2 || !side_ok(v[0]) || !side_ok(v[1]) || v[0] != k[0]) return "value_shape";
  const int64_t Lq = q[0], Lk = k[0], d = q[1], dv = v[1];
  if (Lq * Lk * (d + dv) > kMaxWork) return "value_shape";
  if (c.query.length != Lq * d) return "query";
  if (c.key.length != Lk * d) return "key";
  if (c.value.length != Lk * dv) return "value";
  if (backward && c.grad_output.length != Lq * dv) return "grad_output";
  return nullptr;
}

void attention_calls(const AttentionCall& c) {
  const char* wrong_forward = attention_wrong(c, false);
  const char* wrong_backward = attention_wrong(c, true);
  const auto lengths = [](const Array& a) { return static_cast<size_t>(a.length); };
  require_outcome(check_attention(c.query_shape, c.key_shape, c.value_shape, lengths(c.query),
                                  lengths(c.key), lengths(c.value), lengths(c.grad_output)),
                  wrong_backward);
  if (!c.real && (!wrong_forward || !wrong_backward)) return;
  const auto out = attention(c.query.view(), c.query_shape, c.key.view(), c.key_shape,
                             c.value.view(), c.value_shape, c.options);
  require_outcome(out, wrong_forward);
  const auto back =
      attention_backward(c.grad_output.view(), c.query.view(), c.query_shape, c.key.view(),
                         c.key_shape, c.value.view(), c.value_shape, c.options);
  require_outcome(back, wrong_backward);
  if (!out.ok()) return;
  const int64_t Lq = c.query_shape[0], Lk = c.key_shape[0], d = c.query_shape[1],
                dv = c.value_shape[1];
  std::vector<float> output(static_cast<size_t>(Lq * dv)), weights(static_cast<size_t>(Lq * Lk)),
      scores(weights.size());
  reference::attention_forward(output.data(), weights.data(), scores.data(), c.query.values.data(),
                               c.key.values.data(), c.value.values.data(), Lq, Lk, d, dv,
                               c.options.causal);
  require(same(output, out.value->output) && same(weights, out.value->weights) &&
              same(scores, out.value->scores),
          "accepted attention gives the reference's bits");
  if (!back.ok()) return;
  std::vector<float> gq(c.query.values.size()), gk(c.key.values.size()), gv(c.value.values.size());
  reference::attention_backward(gq.data(), gk.data(), gv.data(), c.grad_output.values.data(),
                                c.query.values.data(), c.key.values.data(), c.value.values.data(),
                                weights.data(), scores.data(), Lq, Lk, d, dv);
  require(same(gq, back.value->grad_query) && same(gk, back.value->grad_key) &&
              same(gv, back.value->grad_value),
          "accepted attention gradients are the reference's");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const bool hostile = in.ConsumeBool();
  if (in.ConsumeIntegralInRange<int>(0, 2) == 0) {
    attention_calls(decode_attention(in, hostile));
    return 0;
  }
  const auto call = decode_recurrent(in, hostile);
  if (call.cell == Cell::kRnn) {
    rnn_calls(call);
  } else {
    lstm_calls(call);
  }
  return 0;
}
