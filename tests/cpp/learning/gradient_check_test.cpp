// Every backward pass against central finite differences. A linear layer's gradients are those
// of L = sum(grad_output * y), computed in double from the float32 inputs (h = 1e-3; L is linear
// in each input, so the quotient is exact but for rounding). The XOR network's gradient, which
// a training step applies, is read back from one SGD step with lr 1 (p - g, rounded once) and
// held to central differences of the float32 loss (h = 1e-2: the loss's rounding, 6e-8, over h,
// plus the curvature's h^2 term), away from ReLU's kink, where the slope jumps.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "learning/learning.h"

namespace learning {
namespace {

using core::testing::random_values;
using core::testing::value_of;

// sum(g * (x W^T + b)) in double.
double linear_objective(const std::vector<float>& x, const std::vector<float>& w,
                        const std::vector<float>& b, const std::vector<float>& g, int N, int I,
                        int O, const std::vector<double>& dx, const std::vector<double>& dw,
                        const std::vector<double>& db) {
  double sum = 0;
  for (int i = 0; i < N; ++i) {
    for (int o = 0; o < O; ++o) {
      double y = static_cast<double>(b[o]) + db[o];
      for (int k = 0; k < I; ++k) {
        y += (static_cast<double>(x[i * I + k]) + dx[i * I + k]) *
             (static_cast<double>(w[o * I + k]) + dw[o * I + k]);
      }
      sum += g[i * O + o] * y;
    }
  }
  return sum;
}

TEST(LearningGradientCheck, LinearGradientsMatchCentralDifferences) {
  std::mt19937 rng(20261205);
  constexpr double h = 1e-3;
  for (const auto& sizes : std::vector<std::array<int, 3>>{{1, 1, 1}, {1, 4, 3}, {3, 2, 5},
                                                           {6, 7, 4}, {9, 3, 8}}) {
    const int N = sizes[0], I = sizes[1], O = sizes[2];
    const auto x = random_values(static_cast<size_t>(N * I), rng);
    const auto w = random_values(static_cast<size_t>(O * I), rng);
    const auto b = random_values(static_cast<size_t>(O), rng);
    const auto g = random_values(static_cast<size_t>(N * O), rng);
    const std::vector<int32_t> xs{N, I}, ws{O, I};
    const auto grads = value_of(linear_backward(g, x, xs, w, ws, true));
    std::vector<double> dx(x.size()), dw(w.size()), db(b.size());
    // Perturbs one entry of `d` by +-h and compares the quotient with `analytic`.
    const auto check = [&](std::vector<double>& d, const std::vector<float>& analytic,
                           const char* what) {
      for (size_t j = 0; j < d.size(); ++j) {
        d[j] = h;
        const double up = linear_objective(x, w, b, g, N, I, O, dx, dw, db);
        d[j] = -h;
        const double down = linear_objective(x, w, b, g, N, I, O, dx, dw, db);
        d[j] = 0;
        const double slope = (up - down) / (2 * h);
        EXPECT_NEAR(analytic[j], slope, 1e-5 * (1 + std::abs(slope) * N))
            << what << "[" << j << "] of " << N << " x " << I << " -> " << O;
      }
    };
    check(dx, grads.grad_input, "grad_input");
    check(dw, grads.grad_weight, "grad_weight");
    check(db, *grads.grad_bias, "grad_bias");
  }
}

float xor_loss(const XorParams& p, Activation activation) {
  XorOptions o;
  o.activation = activation;
  return value_of(xor_train({p.w1, p.b1, p.w2, p.b2}, o, 0)).losses[0];
}

// Which ReLU units are on (input above 0) at the four XOR points.
std::vector<bool> active_units(const XorParams& p) {
  XorOptions o;
  o.activation = Activation::kRelu;
  const std::vector<float> points = {0, 0, 0, 1, 1, 0, 1, 1};
  const auto out = value_of(xor_forward({p.w1, p.b1, p.w2, p.b2}, points, o));
  std::vector<bool> on;
  for (float v : out.hidden) on.push_back(v > 0);
  return on;
}

TEST(LearningGradientCheck, XorTrainingStepsAlongTheLossGradient) {
  std::mt19937 rng(7);
  constexpr float h = 1e-2f;
  for (Activation activation : {Activation::kTanh, Activation::kRelu, Activation::kSigmoid}) {
    for (int H : {1, 3, 5}) {
      XorParams p{random_values(2 * H, rng, -1.5f, 1.5f), random_values(H, rng, -1, 1),
                  random_values(H, rng, -1.5f, 1.5f), random_values(1, rng, -1, 1)};
      XorOptions o;
      o.activation = activation;
      o.lr = 1.0;
      const auto stepped = value_of(xor_train({p.w1, p.b1, p.w2, p.b2}, o, 1)).params;
      std::vector<float>* tensors[4] = {&p.w1, &p.b1, &p.w2, &p.b2};
      const std::vector<float>* after[4] = {&stepped.w1, &stepped.b1, &stepped.w2, &stepped.b2};
      for (int t = 0; t < 4; ++t) {
        for (size_t j = 0; j < tensors[t]->size(); ++j) {
          float& value = (*tensors[t])[j];
          const float original = value;
          const float gradient = original - (*after[t])[j];
          value = original + h;
          const float up = xor_loss(p, activation);
          value = original - h;
          const float down = xor_loss(p, activation);
          value = original;
          // A ReLU unit whose input crosses 0 between the probes has no single slope there.
          if (activation == Activation::kRelu) {
            value = original + h;
            const auto up_units = active_units(p);
            value = original - h;
            const auto down_units = active_units(p);
            value = original;
            if (up_units != down_units) continue;
          }
          const double slope = (static_cast<double>(up) - down) / (2.0 * h);
          EXPECT_NEAR(gradient, slope, 2e-3) << "tensor " << t << "[" << j << "], H " << H
                                             << ", activation " << static_cast<int>(activation);
        }
      }
    }
  }
}

TEST(LearningGradientCheck, RelusGradientAtItsKinkIsZeroAsPyTorchs) {
  // b1 = 0: the point (0, 0) reaches every hidden unit at exactly 0. With the other points
  // switched off (w1 <= 0), no gradient reaches w1 or b1 at all.
  XorParams p{{-1, -1, -2, -0.5f}, {0, 0}, {1, -1}, {0.25f}};
  XorOptions o;
  o.activation = Activation::kRelu;
  o.lr = 1.0;
  const auto t = value_of(xor_train({p.w1, p.b1, p.w2, p.b2}, o, 1));
  EXPECT_EQ(t.params.w1, p.w1);
  EXPECT_EQ(t.params.b1, p.b1);
  EXPECT_NE(t.params.b2, p.b2) << "the output's bias still learns";
}

}  // namespace
}  // namespace learning
