// Every backward pass against central finite differences of its forward pass computed in
// double: L = sum(grad_output * output) (+ grad_hn . hN, + grad_cn . cN), perturbed by h = 1e-4
// in one value at a time. The double forward is written here from the definitions (README.md),
// not from the core's kernels, so a wrong gradient formula and a wrong forward both show. Each
// step's whole gradient (grad_hidden, grad_cells) is checked the same way, by perturbing h_t or
// c_t as the forward pass computes it. The float32 gradients agree within 1e-5 (1 + |slope|)
// (the worst seen is 2.4e-7). A ReLU unit whose input crosses 0 between the two probes has no
// single slope there, and is skipped.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "sequence/sequence.h"

namespace sequence {
namespace {

using core::testing::random_values;
using core::testing::value_of;

constexpr double kStep = 1e-4;

// Which value a probe perturbs.
enum class Slot { kInput, kH0, kC0, kWIh, kWHh, kBIh, kBHh, kHidden, kCell };

struct Probe {
  Slot slot = Slot::kInput;
  size_t index = 0;
  double delta = 0;
  double at(Slot s, size_t i) const { return s == slot && i == index ? delta : 0.0; }
};

struct Recurrent {
  bool lstm;
  Nonlinearity nonlinearity;
  int64_t T, I, H;
  std::vector<float> x, h0, c0, w_ih, w_hh, b_ih, b_hh, g_out, g_hn, g_cn;
  int64_t G() const { return lstm ? 4 * H : H; }
};

double sigmoid(double v) { return 1 / (1 + std::exp(-v)); }

// L in double, and the sign of every ReLU's input (to tell a probe across a kink).
double recurrent_loss(const Recurrent& r, const Probe& p, std::vector<bool>* signs = nullptr) {
  const int64_t T = r.T, I = r.I, H = r.H, G = r.G();
  std::vector<double> h(static_cast<size_t>(H)), c(static_cast<size_t>(H)),
      pre(static_cast<size_t>(G));
  for (int64_t j = 0; j < H; ++j) {
    h[j] = r.h0[j] + p.at(Slot::kH0, j);
    c[j] = r.lstm ? r.c0[j] + p.at(Slot::kC0, j) : 0;
  }
  double loss = 0;
  for (int64_t t = 0; t < T; ++t) {
    for (int64_t o = 0; o < G; ++o) {
      double sum = r.b_ih[o] + p.at(Slot::kBIh, o) + r.b_hh[o] + p.at(Slot::kBHh, o);
      for (int64_t k = 0; k < I; ++k) {
        sum += (r.w_ih[o * I + k] + p.at(Slot::kWIh, o * I + k)) *
               (r.x[t * I + k] + p.at(Slot::kInput, t * I + k));
      }
      for (int64_t k = 0; k < H; ++k)
        sum += (r.w_hh[o * H + k] + p.at(Slot::kWHh, o * H + k)) * h[k];
      pre[o] = sum;
    }
    for (int64_t j = 0; j < H; ++j) {
      if (!r.lstm) {
        const bool relu = r.nonlinearity == Nonlinearity::kRelu;
        if (relu && signs) signs->push_back(pre[j] > 0);
        h[j] = relu ? std::max(pre[j], 0.0) : std::tanh(pre[j]);
      } else {
        c[j] = sigmoid(pre[H + j]) * c[j] + sigmoid(pre[j]) * std::tanh(pre[2 * H + j]);
        c[j] += p.at(Slot::kCell, t * H + j);
        h[j] = sigmoid(pre[3 * H + j]) * std::tanh(c[j]);
      }
      h[j] += p.at(Slot::kHidden, t * H + j);
      loss += r.g_out[t * H + j] * h[j];
    }
  }
  for (int64_t j = 0; j < H; ++j) {
    if (!r.g_hn.empty()) loss += r.g_hn[j] * h[j];
    if (!r.g_cn.empty()) loss += r.g_cn[j] * c[j];
  }
  return loss;
}

// Each value of `analytic` (the gradient of the values in `slot`) against the central difference.
void check_slot(const Recurrent& r, Slot slot, const std::vector<float>& analytic,
                const std::string& what) {
  for (size_t i = 0; i < analytic.size(); ++i) {
    std::vector<bool> up_signs, down_signs;
    const double up = recurrent_loss(r, {slot, i, kStep}, &up_signs);
    const double down = recurrent_loss(r, {slot, i, -kStep}, &down_signs);
    if (up_signs != down_signs) continue;
    const double slope = (up - down) / (2 * kStep);
    EXPECT_NEAR(analytic[i], slope, 1e-5 * (1 + std::abs(slope))) << what << "[" << i << "]";
  }
}

Recurrent random_recurrent(bool lstm, Nonlinearity nl, int64_t T, int64_t I, int64_t H, bool ends,
                           std::mt19937& rng) {
  const int64_t G = lstm ? 4 * H : H;
  const auto n = [](int64_t count) { return static_cast<size_t>(count); };
  Recurrent r{lstm,
              nl,
              T,
              I,
              H,
              random_values(n(T * I), rng, -1, 1),
              random_values(n(H), rng, -1, 1),
              random_values(n(H), rng, -1, 1),
              random_values(n(G * I), rng, -0.8f, 0.8f),
              random_values(n(G * H), rng, -0.8f, 0.8f),
              random_values(n(G), rng, -0.5f, 0.5f),
              random_values(n(G), rng, -0.5f, 0.5f),
              random_values(n(T * H), rng, -1, 1),
              {},
              {}};
  if (ends) {
    r.g_hn = random_values(n(H), rng, -1, 1);
    if (lstm) r.g_cn = random_values(n(H), rng, -1, 1);
  }
  return r;
}

RecurrentParams recurrent_params(const Recurrent& r) {
  return {r.w_ih, r.w_hh, FloatView(r.b_ih), FloatView(r.b_hh)};
}

std::optional<FloatView> optional_view(const std::vector<float>& v) {
  return v.empty() ? std::nullopt : std::optional<FloatView>(v);
}

TEST(SequenceGradientCheck, RnnGradientsMatchCentralDifferences) {
  std::mt19937 rng(20261206);
  for (Nonlinearity nl : {Nonlinearity::kTanh, Nonlinearity::kRelu}) {
    for (const auto& [T, I, H] : {std::tuple{1, 1, 1}, std::tuple{4, 3, 2}, std::tuple{6, 2, 5}}) {
      for (bool ends : {false, true}) {
        const auto r = random_recurrent(false, nl, T, I, H, ends, rng);
        RnnOptions options;
        options.nonlinearity = nl;
        const auto g =
            value_of(rnn_backward(r.g_out, optional_view(r.g_hn), r.x, std::vector<int32_t>{T, I},
                                  recurrent_params(r), FloatView(r.h0), options));
        const std::string where = std::string(nl == Nonlinearity::kRelu ? "relu" : "tanh") + " T " +
                                  std::to_string(T) + " H " + std::to_string(H) + " ";
        check_slot(r, Slot::kInput, g.grad_input, where + "grad_input");
        check_slot(r, Slot::kH0, g.grad_h0, where + "grad_h0");
        check_slot(r, Slot::kWIh, g.grad_params.w_ih, where + "grad_w_ih");
        check_slot(r, Slot::kWHh, g.grad_params.w_hh, where + "grad_w_hh");
        check_slot(r, Slot::kBIh, *g.grad_params.b_ih, where + "grad_b_ih");
        check_slot(r, Slot::kBHh, *g.grad_params.b_hh, where + "grad_b_hh");
        check_slot(r, Slot::kHidden, g.grad_hidden, where + "grad_hidden");
      }
    }
  }
}

TEST(SequenceGradientCheck, LstmGradientsMatchCentralDifferences) {
  std::mt19937 rng(20261207);
  for (const auto& [T, I, H] : {std::tuple{1, 1, 1}, std::tuple{3, 2, 3}, std::tuple{5, 3, 2}}) {
    for (bool ends : {false, true}) {
      const auto r = random_recurrent(true, Nonlinearity::kTanh, T, I, H, ends, rng);
      const auto g =
          value_of(lstm_backward(r.g_out, optional_view(r.g_hn), optional_view(r.g_cn), r.x,
                                 std::vector<int32_t>{T, I}, recurrent_params(r),
                                 LstmState{r.h0, r.c0}));
      const std::string where = "T " + std::to_string(T) + " H " + std::to_string(H) + " ";
      check_slot(r, Slot::kInput, g.grad_input, where + "grad_input");
      check_slot(r, Slot::kH0, g.grad_h0, where + "grad_h0");
      check_slot(r, Slot::kC0, g.grad_c0, where + "grad_c0");
      check_slot(r, Slot::kWIh, g.grad_params.w_ih, where + "grad_w_ih");
      check_slot(r, Slot::kWHh, g.grad_params.w_hh, where + "grad_w_hh");
      check_slot(r, Slot::kBIh, *g.grad_params.b_ih, where + "grad_b_ih");
      check_slot(r, Slot::kBHh, *g.grad_params.b_hh, where + "grad_b_hh");
      check_slot(r, Slot::kHidden, g.grad_hidden, where + "grad_hidden");
      check_slot(r, Slot::kCell, g.grad_cells, where + "grad_cells");
    }
  }
}

// Attention in double: L = sum(grad_output * softmax((q / sqrt(d)) k^T + mask) v).
struct Attention {
  int64_t Lq, Lk, d, dv;
  bool causal;
  std::vector<float> q, k, v, g;
};

enum class Part { kQuery, kKey, kValue };

double attention_loss(const Attention& a, Part part, size_t index, double delta) {
  const auto value = [&](Part which, const std::vector<float>& values, int64_t i) {
    return values[static_cast<size_t>(i)] +
           (which == part && static_cast<size_t>(i) == index ? delta : 0.0);
  };
  double loss = 0;
  std::vector<double> scores(static_cast<size_t>(a.Lk));
  for (int64_t i = 0; i < a.Lq; ++i) {
    double largest = -INFINITY;
    for (int64_t j = 0; j < a.Lk; ++j) {
      double s = 0;
      for (int64_t c = 0; c < a.d; ++c)
        s += value(Part::kQuery, a.q, i * a.d + c) * value(Part::kKey, a.k, j * a.d + c);
      scores[j] = a.causal && j > i ? -INFINITY : s / std::sqrt(static_cast<double>(a.d));
      largest = std::max(largest, scores[j]);
    }
    double total = 0;
    for (double& s : scores) total += (s = std::exp(s - largest));
    for (int64_t c = 0; c < a.dv; ++c) {
      double out = 0;
      for (int64_t j = 0; j < a.Lk; ++j)
        out += scores[j] / total * value(Part::kValue, a.v, j * a.dv + c);
      loss += a.g[i * a.dv + c] * out;
    }
  }
  return loss;
}

TEST(SequenceGradientCheck, AttentionGradientsMatchCentralDifferences) {
  std::mt19937 rng(20261208);
  for (const auto& [Lq, Lk, d, dv] : {std::tuple{1, 1, 1, 1}, std::tuple{3, 4, 2, 5},
                                      std::tuple{5, 3, 4, 2}, std::tuple{4, 4, 3, 3}}) {
    for (bool causal : {false, true}) {
      const auto n = [](int64_t count) { return static_cast<size_t>(count); };
      const Attention a{Lq,
                        Lk,
                        d,
                        dv,
                        causal,
                        random_values(n(Lq * d), rng, -2, 2),
                        random_values(n(Lk * d), rng, -2, 2),
                        random_values(n(Lk * dv), rng, -1, 1),
                        random_values(n(Lq * dv), rng, -1, 1)};
      AttentionOptions options;
      options.causal = causal;
      const auto g = value_of(attention_backward(a.g, a.q, std::vector<int32_t>{Lq, d}, a.k,
                                                 std::vector<int32_t>{Lk, d}, a.v,
                                                 std::vector<int32_t>{Lk, dv}, options));
      const std::string where =
          std::to_string(Lq) + " x " + std::to_string(Lk) + (causal ? " causal " : " ");
      const auto check = [&](Part part, const std::vector<float>& analytic, const char* what) {
        for (size_t i = 0; i < analytic.size(); ++i) {
          const double slope =
              (attention_loss(a, part, i, kStep) - attention_loss(a, part, i, -kStep)) /
              (2 * kStep);
          EXPECT_NEAR(analytic[i], slope, 1e-5 * (1 + std::abs(slope)))
              << where << what << "[" << i << "]";
        }
      };
      check(Part::kQuery, g.grad_query, "grad_query");
      check(Part::kKey, g.grad_key, "grad_key");
      check(Part::kValue, g.grad_value, "grad_value");
    }
  }
}

}  // namespace
}  // namespace sequence
