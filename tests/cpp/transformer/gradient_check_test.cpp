// The encoder layer's backward pass against central finite differences of its forward pass
// computed in double: L = sum(grad_output * output), perturbed by h = 1e-4 in one value at a
// time (every input value, and a spread of each parameter's). The double forward is written
// here from the definitions (README.md), not from the core's kernels, so a wrong gradient
// formula and a wrong forward both show. The float32 gradients agree within
// 2e-5 (1 + |slope|). A ReLU unit whose input crosses 0 between the two probes has no single
// slope there, and is skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "transformer/transformer.h"

namespace transformer {
namespace {

using core::testing::random_values;
using core::testing::value_of;
using Doubles = std::vector<double>;

constexpr double kStep = 1e-4;
constexpr size_t kInputSlot = kParamCount;

struct Probe {
  size_t slot = kInputSlot;
  size_t index = 0;
  double delta = 0;
  double at(size_t s, size_t i) const { return s == slot && i == index ? delta : 0.0; }
};

struct Layer {
  int64_t L, d, ff, nhead;
  bool norm_first, gelu;
  double eps;
  std::vector<float> x, grad_output;
  ParamArray<std::vector<float>> params;
};

// L in double, and the sign of every ReLU's input (to tell a probe across a kink).
double layer_loss(const Layer& l, const Probe& pr, std::vector<bool>* signs = nullptr) {
  const int64_t L = l.L, d = l.d, ff = l.ff, hd = d / l.nhead;
  auto param = [&](size_t s, int64_t i) {
    return static_cast<double>(l.params[s][static_cast<size_t>(i)]) + pr.at(s, static_cast<size_t>(i));
  };
  // in[N, I] -> in W^T + b, W's rows from `row` on.
  auto linear = [&](const Doubles& in, int64_t N, int64_t I, int64_t O, size_t w, size_t b,
                    int64_t row) {
    Doubles out(static_cast<size_t>(N * O));
    for (int64_t n = 0; n < N; ++n) {
      for (int64_t o = 0; o < O; ++o) {
        double sum = param(b, row + o);
        for (int64_t i = 0; i < I; ++i) sum += param(w, (row + o) * I + i) * in[n * I + i];
        out[n * O + o] = sum;
      }
    }
    return out;
  };
  auto norm = [&](const Doubles& in, size_t w) {
    Doubles out(in.size());
    for (int64_t n = 0; n < L; ++n) {
      double mean = 0, var = 0;
      for (int64_t i = 0; i < d; ++i) mean += in[n * d + i] / d;
      for (int64_t i = 0; i < d; ++i) var += (in[n * d + i] - mean) * (in[n * d + i] - mean) / d;
      for (int64_t i = 0; i < d; ++i) {
        out[n * d + i] = (in[n * d + i] - mean) / std::sqrt(var + l.eps) * param(w, i) + param(w + 1, i);
      }
    }
    return out;
  };
  auto attention = [&](const Doubles& in) {
    const Doubles q = linear(in, L, d, d, kInProjWeight, kInProjBias, 0);
    const Doubles k = linear(in, L, d, d, kInProjWeight, kInProjBias, d);
    const Doubles v = linear(in, L, d, d, kInProjWeight, kInProjBias, 2 * d);
    Doubles heads(static_cast<size_t>(L * d)), s(static_cast<size_t>(L));
    for (int64_t h = 0; h < l.nhead; ++h) {
      for (int64_t i = 0; i < L; ++i) {
        double top = -INFINITY, total = 0;
        for (int64_t j = 0; j < L; ++j) {
          double dot = 0;
          for (int64_t c = h * hd; c < (h + 1) * hd; ++c) dot += q[i * d + c] * k[j * d + c];
          s[j] = dot / std::sqrt(static_cast<double>(hd));
          top = std::max(top, s[j]);
        }
        for (int64_t j = 0; j < L; ++j) total += (s[j] = std::exp(s[j] - top));
        for (int64_t c = h * hd; c < (h + 1) * hd; ++c) {
          double sum = 0;
          for (int64_t j = 0; j < L; ++j) sum += s[j] / total * v[j * d + c];
          heads[i * d + c] = sum;
        }
      }
    }
    return linear(heads, L, d, d, kOutProjWeight, kOutProjBias, 0);
  };
  auto feed_forward = [&](const Doubles& in) {
    Doubles hidden = linear(in, L, d, ff, kLinear1Weight, kLinear1Bias, 0);
    for (double& a : hidden) {
      if (l.gelu) {
        a = 0.5 * a * (1 + std::erf(a / std::sqrt(2.0)));
      } else {
        if (signs) signs->push_back(a > 0);
        a = std::max(a, 0.0);
      }
    }
    return linear(hidden, L, ff, d, kLinear2Weight, kLinear2Bias, 0);
  };
  auto plus = [](Doubles a, const Doubles& b) {
    for (size_t i = 0; i < a.size(); ++i) a[i] += b[i];
    return a;
  };
  Doubles x(l.x.size());
  for (size_t i = 0; i < x.size(); ++i) x[i] = l.x[i] + pr.at(kInputSlot, i);
  Doubles out;
  if (l.norm_first) {
    const Doubles r1 = plus(x, attention(norm(x, kNorm1Weight)));
    out = plus(r1, feed_forward(norm(r1, kNorm2Weight)));
  } else {
    const Doubles n1 = norm(plus(x, attention(x)), kNorm1Weight);
    out = norm(plus(n1, feed_forward(n1)), kNorm2Weight);
  }
  double loss = 0;
  for (size_t i = 0; i < out.size(); ++i) loss += l.grad_output[i] * out[i];
  return loss;
}

void check_gradients(const Layer& l) {
  EncoderParams views{};
  for (size_t p = 0; p < kParamCount; ++p) views[p] = l.params[p];
  EncoderOptions options;
  options.nhead = static_cast<int32_t>(l.nhead);
  options.activation = l.gelu ? Activation::kGelu : Activation::kRelu;
  options.norm_first = l.norm_first;
  options.layer_norm_eps = l.eps;
  const std::vector<int32_t> shape = {static_cast<int32_t>(l.L), static_cast<int32_t>(l.d)};
  const auto g = value_of(encoder_layer_backward(l.grad_output, l.x, shape, views, options));
  const std::string where = "L " + std::to_string(l.L) + " d " + std::to_string(l.d) + " nhead " +
                            std::to_string(l.nhead) + (l.norm_first ? " norm_first" : "") +
                            (l.gelu ? " gelu" : " relu");
  size_t checked = 0;
  for (size_t slot = 0; slot <= kParamCount; ++slot) {
    const auto& analytic = slot == kInputSlot ? g.grad_input : g.grad_params[slot];
    const size_t n = analytic.size();
    const size_t stride = std::max<size_t>(1, n / 24);
    for (size_t i = 0; i < n; i += stride) {
      std::vector<bool> up_signs, down_signs;
      const double up = layer_loss(l, {slot, i, kStep}, &up_signs);
      const double down = layer_loss(l, {slot, i, -kStep}, &down_signs);
      if (up_signs != down_signs) continue;  // a ReLU kink between the probes
      const double slope = (up - down) / (2 * kStep);
      ASSERT_NEAR(analytic[i], slope, 2e-5 * (1 + std::abs(slope)))
          << (slot == kInputSlot ? std::string("input") : kParamNames[slot]) << "[" << i << "], "
          << where;
      ++checked;
    }
  }
  EXPECT_GT(checked, 50u) << where;
}

Layer random_layer(int64_t L, int64_t d, int64_t ff, int64_t nhead, bool norm_first, bool gelu,
                   unsigned seed) {
  std::mt19937 rng(seed);
  Layer l{L, d, ff, nhead, norm_first, gelu, 1e-5, {}, {}, {}};
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  for (size_t p = 0; p < kParamCount; ++p) {
    l.params[p] = random_values(static_cast<size_t>(counts[p]), rng, -0.6f, 0.6f);
    if (p == kNorm1Weight || p == kNorm2Weight) {
      for (float& w : l.params[p]) w += 1.0f;
    }
  }
  l.x = random_values(static_cast<size_t>(L * d), rng, -1.5f, 1.5f);
  l.grad_output = random_values(l.x.size(), rng, -1.0f, 1.0f);
  return l;
}

TEST(TransformerGradients, EncoderLayerMatchesFiniteDifferences) {
  unsigned seed = 7;
  for (const bool norm_first : {false, true}) {
    for (const bool gelu : {false, true}) {
      check_gradients(random_layer(4, 8, 12, 2, norm_first, gelu, seed++));
      check_gradients(random_layer(3, 6, 5, 3, norm_first, gelu, seed++));
      check_gradients(random_layer(1, 4, 3, 1, norm_first, gelu, seed++));
      check_gradients(random_layer(6, 16, 8, 8, norm_first, gelu, seed++));
    }
  }
}

}  // namespace
}  // namespace transformer
