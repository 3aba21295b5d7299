// The sequence family's differential target, on valid calls only (the API target tries the
// invalid ones), bit for bit (any NaN equals any NaN):
//
// - the kernels the course runs (kernels.h) against the reference, every call forward and
//   backward, with and without biases, state and end gradients;
// - a sequence as two calls: the RNN or LSTM over T steps is its first k steps, then the rest
//   from the state they ended in, the outputs side by side;
// - the last step's whole gradient is the output's plus hN's (or the output's alone);
// - attention row by row: without a mask each query alone gives its row of scores, weights and
//   output; with the causal mask query 0 sees key 0 alone, so its weights are 1, 0, 0, ... and
//   (on finite values) its output is value 0.
#include <cmath>
#include <cstdint>
#include <vector>

#include "sequence/decode.h"
#include "sequence/kernels.h"
#include "sequence/reference.h"

namespace {

using namespace fuzz::sequence_fuzz;

void require(bool condition, const char* what) {
  fuzz::sequence_fuzz::require(condition, "sequence_kernels_fuzzer", what);
}

std::vector<float> slice(const std::vector<float>& v, int64_t begin, int64_t end) {
  return std::vector<float>(v.begin() + begin, v.begin() + end);
}

struct Layer {
  bool lstm, bias;
  int64_t T, I, H, G;
  Nonlinearity nonlinearity;
  std::vector<float> x, h0, c0, w_ih, w_hh, b_ih, b_hh, g_out, g_hn, g_cn;
  bool with_hn, with_cn;
  RecurrentWeights weights() const {
    return {w_ih.data(), w_hh.data(), bias ? b_ih.data() : nullptr, bias ? b_hh.data() : nullptr};
  }
};

Layer decode_layer(FuzzedDataProvider& in) {
  Layer l;
  l.lstm = in.ConsumeBool();
  l.bias = in.ConsumeBool();
  l.T = in.ConsumeIntegralInRange<int64_t>(1, 7);
  l.I = in.ConsumeIntegralInRange<int64_t>(1, 5);
  l.H = in.ConsumeIntegralInRange<int64_t>(1, l.lstm ? 9 : 34);
  l.G = (l.lstm ? 4 : 1) * l.H;
  l.nonlinearity = in.ConsumeBool() ? Nonlinearity::kRelu : Nonlinearity::kTanh;
  const auto n = [](int64_t count) { return static_cast<size_t>(count); };
  l.x = input_values(in, n(l.T * l.I));
  l.h0 = input_values(in, n(l.H));
  l.c0 = input_values(in, n(l.H));
  l.w_ih = input_values(in, n(l.G * l.I));
  l.w_hh = input_values(in, n(l.G * l.H));
  l.b_ih = input_values(in, n(l.G));
  l.b_hh = input_values(in, n(l.G));
  l.g_out = input_values(in, n(l.T * l.H));
  l.g_hn = input_values(in, n(l.H));
  l.g_cn = input_values(in, n(l.H));
  l.with_hn = in.ConsumeBool();
  l.with_cn = l.lstm && in.ConsumeBool();
  return l;
}

// The forward pass of steps [begin, end) from state (h, c), by the kernels.
struct Run {
  std::vector<float> output, cells, gates;
};

Run forward(const Layer& l, int64_t begin, int64_t end, const float* h, const float* c) {
  const int64_t T = end - begin;
  Run r{std::vector<float>(static_cast<size_t>(T * l.H)),
        std::vector<float>(static_cast<size_t>(T * l.H)),
        std::vector<float>(static_cast<size_t>(T * l.G))};
  const float* x = l.x.data() + begin * l.I;
  if (l.lstm) {
    kernels::lstm_forward(r.output.data(), r.cells.data(), r.gates.data(), x, h, c, l.weights(), T,
                          l.I, l.H);
  } else {
    kernels::rnn_forward(r.output.data(), x, h, l.weights(), T, l.I, l.H, l.nonlinearity);
  }
  return r;
}

void recurrent_checks(FuzzedDataProvider& in) {
  const Layer l = decode_layer(in);
  const int64_t T = l.T, I = l.I, H = l.H, G = l.G;
  const auto n = [](int64_t count) { return static_cast<size_t>(count); };
  const Run fast = forward(l, 0, T, l.h0.data(), l.c0.data());
  Run slow{std::vector<float>(n(T * H)), std::vector<float>(n(T * H)),
           std::vector<float>(n(T * G))};
  if (l.lstm) {
    reference::lstm_forward(slow.output.data(), slow.cells.data(), slow.gates.data(), l.x.data(),
                            l.h0.data(), l.c0.data(), l.weights(), T, I, H);
  } else {
    reference::rnn_forward(slow.output.data(), l.x.data(), l.h0.data(), l.weights(), T, I, H,
                           l.nonlinearity);
  }
  require(same(fast.output, slow.output), "the kernels' output is the reference's");
  if (l.lstm)
    require(same(fast.cells, slow.cells) && same(fast.gates, slow.gates),
            "and so are the cells and gates");

  // Two calls chained by the state the first ended in.
  const int64_t k = in.ConsumeIntegralInRange<int64_t>(1, T);
  const Run first = forward(l, 0, k, l.h0.data(), l.c0.data());
  if (k < T) {
    const Run rest =
        forward(l, k, T, first.output.data() + (k - 1) * H, first.cells.data() + (k - 1) * H);
    require(same(slice(fast.output, 0, k * H), first.output) &&
                same(slice(fast.output, k * H, T * H), rest.output),
            "a sequence is its first steps, then the rest from their state");
    if (l.lstm) require(same(slice(fast.cells, k * H, T * H), rest.cells), "the cells too");
  }

  // Backward, both ways.
  struct Grads {
    std::vector<float> input, h0, c0, w_ih, w_hh, b_ih, b_hh, hidden, cells;
  };
  const auto backward = [&](bool use_kernels) {
    Grads g{
        std::vector<float>(n(T * I)), std::vector<float>(n(H)),     std::vector<float>(n(H)),
        std::vector<float>(n(G * I)), std::vector<float>(n(G * H)), std::vector<float>(n(G)),
        std::vector<float>(n(G)),     std::vector<float>(n(T * H)), std::vector<float>(n(T * H))};
    const RecurrentGradients p{g.w_ih.data(), g.w_hh.data(), l.bias ? g.b_ih.data() : nullptr,
                               l.bias ? g.b_hh.data() : nullptr};
    const float* hn = l.with_hn ? l.g_hn.data() : nullptr;
    const float* cn = l.with_cn ? l.g_cn.data() : nullptr;
    if (l.lstm) {
      (use_kernels ? kernels::lstm_backward : reference::lstm_backward)(
          g.input.data(), g.h0.data(), g.c0.data(), p, g.hidden.data(), g.cells.data(),
          l.g_out.data(), hn, cn, l.x.data(), l.h0.data(), l.c0.data(), l.weights(),
          slow.output.data(), slow.cells.data(), slow.gates.data(), T, I, H);
    } else {
      (use_kernels ? kernels::rnn_backward : reference::rnn_backward)(
          g.input.data(), g.h0.data(), p, g.hidden.data(), l.g_out.data(), hn, l.x.data(),
          l.h0.data(), l.weights(), slow.output.data(), T, I, H, l.nonlinearity);
    }
    return g;
  };
  const Grads a = backward(false), b = backward(true);
  require(same(a.input, b.input) && same(a.h0, b.h0) && same(a.c0, b.c0) && same(a.w_ih, b.w_ih) &&
              same(a.w_hh, b.w_hh) && same(a.b_ih, b.b_ih) && same(a.b_hh, b.b_hh) &&
              same(a.hidden, b.hidden) && same(a.cells, b.cells),
          "the kernels' gradients are the reference's");
  for (int64_t j = 0; j < H; ++j) {
    const float out = l.g_out[static_cast<size_t>((T - 1) * H + j)];
    const float expected = l.with_hn ? out + l.g_hn[static_cast<size_t>(j)] : out;
    require(fuzz::same_float(expected, b.hidden[static_cast<size_t>((T - 1) * H + j)]),
            "the last step's gradient is the output's and hN's");
  }
}

void attention_checks(FuzzedDataProvider& in) {
  const int64_t Lq = in.ConsumeIntegralInRange<int64_t>(1, 9),
                Lk = in.ConsumeIntegralInRange<int64_t>(1, 9),
                d = in.ConsumeIntegralInRange<int64_t>(1, 9),
                dv = in.ConsumeIntegralInRange<int64_t>(1, 9);
  const bool causal = in.ConsumeBool();
  const auto n = [](int64_t count) { return static_cast<size_t>(count); };
  const auto q = input_values(in, n(Lq * d)), k = input_values(in, n(Lk * d)),
             v = input_values(in, n(Lk * dv)), g = input_values(in, n(Lq * dv));
  struct Out {
    std::vector<float> output, weights, scores;
  };
  const auto run = [&](bool use_kernels, const float* query, int64_t rows, bool mask) {
    Out o{std::vector<float>(n(rows * dv)), std::vector<float>(n(rows * Lk)),
          std::vector<float>(n(rows * Lk))};
    (use_kernels ? kernels::attention_forward : reference::attention_forward)(
        o.output.data(), o.weights.data(), o.scores.data(), query, k.data(), v.data(), rows, Lk, d,
        dv, mask);
    return o;
  };
  const Out slow = run(false, q.data(), Lq, causal), fast = run(true, q.data(), Lq, causal);
  require(same(slow.output, fast.output) && same(slow.weights, fast.weights) &&
              same(slow.scores, fast.scores),
          "the kernels' attention is the reference's");
  std::vector<float> gq_a(q.size()), gk_a(k.size()), gv_a(v.size()), gq_b(q.size()), gk_b(k.size()),
      gv_b(v.size());
  reference::attention_backward(gq_a.data(), gk_a.data(), gv_a.data(), g.data(), q.data(), k.data(),
                                v.data(), slow.weights.data(), slow.scores.data(), Lq, Lk, d, dv);
  kernels::attention_backward(gq_b.data(), gk_b.data(), gv_b.data(), g.data(), q.data(), k.data(),
                              v.data(), slow.weights.data(), slow.scores.data(), Lq, Lk, d, dv);
  require(same(gq_a, gq_b) && same(gk_a, gk_b) && same(gv_a, gv_b), "and so are its gradients");

  if (!causal) {
    const int64_t i = in.ConsumeIntegralInRange<int64_t>(0, Lq - 1);
    const Out row = run(true, q.data() + i * d, 1, false);
    require(same(row.scores, slice(fast.scores, i * Lk, (i + 1) * Lk)) &&
                same(row.weights, slice(fast.weights, i * Lk, (i + 1) * Lk)) &&
                same(row.output, slice(fast.output, i * dv, (i + 1) * dv)),
            "a query alone gives its row");
    return;
  }
  // Query 0 sees key 0 alone: where its score is finite and every masked score is -inf (a
  // masked +inf or NaN product makes the row NaN, as in PyTorch), its weights are 1, 0, 0, ...
  bool clean = std::isfinite(fast.scores[0]);
  for (int64_t j = 1; j < Lk; ++j) clean = clean && fast.scores[n(j)] == -INFINITY;
  if (!clean) return;
  require(fast.weights[0] == 1.0f, "query 0 gives key 0 all its weight");
  bool values_finite = true;
  for (int64_t j = 1; j < Lk; ++j) require(fast.weights[n(j)] == 0.0f, "and the masked keys none");
  for (float x : v) values_finite = values_finite && std::isfinite(x);
  if (!values_finite) return;  // 0 * inf is NaN
  for (int64_t c = 0; c < dv; ++c)
    require(fast.output[n(c)] == v[n(c)], "so its output is value 0");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) {
    recurrent_checks(in);
  } else {
    attention_checks(in);
  }
  return 0;
}
