// Every backward against central finite differences of its forward, in double-checked style:
// a random direction v, the scalar L(x) = sum(grad_output * forward(x)), and
// (L(x + h v) - L(x - h v)) / 2h (summed in double) against <backward(x), v>. One directional
// check per tensor probes every element at once; the forwards run in float32, so h is large
// enough (1e-2) for their rounding to stay well below the tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "layers/layers.h"

namespace layers {
namespace {

using core::testing::random_values;
using Values = std::vector<float>;

constexpr float kStep = 1e-2f;

double dot(const Values& a, const Values& b) {
  double sum = 0.0;
  for (size_t i = 0; i < a.size(); ++i) sum += static_cast<double>(a[i]) * b[i];
  return sum;
}

Values moved(const Values& x, const Values& v, float step) {
  Values out(x);
  for (size_t i = 0; i < x.size(); ++i) out[i] += step * v[i];
  return out;
}

template <class T>
T get(const Checked<T>& result) {
  EXPECT_TRUE(result.ok()) << (result.error ? result.error->message : "");
  return *result.value;
}

// d/dh of sum(g * forward(x + h v)) at h = 0, by central differences.
double directional(const std::function<Values(const Values&)>& forward, const Values& g,
                   const Values& x, const Values& v) {
  return (dot(g, forward(moved(x, v, kStep))) - dot(g, forward(moved(x, v, -kStep)))) /
         (2.0 * kStep);
}

void expect_close(double analytic, double numeric, const std::string& what) {
  EXPECT_NEAR(analytic, numeric, 2e-3 + 2e-3 * std::abs(numeric)) << what;
}

// A normalisation's three gradients against finite differences of `run(input, weight, bias)`.
void expect_norm_gradients(const NormGradients& grads,
                           const std::function<Values(const Values&, const Values&, const Values&)>& run,
                           const Values& g, const Values& x, const Values& w, const Values& b,
                           std::mt19937& rng) {
  const Values v = random_values(x.size(), rng), vw = random_values(w.size(), rng),
               vb = random_values(b.size(), rng);
  expect_close(dot(grads.grad_input, v),
               directional([&](const Values& y) { return run(y, w, b); }, g, x, v), "input");
  expect_close(dot(grads.grad_weight, vw),
               directional([&](const Values& y) { return run(x, y, b); }, g, w, vw), "weight");
  expect_close(dot(grads.grad_bias, vb),
               directional([&](const Values& y) { return run(x, w, y); }, g, b, vb), "bias");
}

TEST(LayersGradientCheck, SoftmaxAndLogSoftmax) {
  std::mt19937 rng(151);
  const Shape shape{2, 3, 5};
  for (const int64_t dim : {0, 1, 2, -1}) {
    for (const double temperature : {0.5, 1.0, 4.0}) {
      const SoftmaxOptions o{dim, temperature};
      const Values x = random_values(30, rng, -3, 3), g = random_values(30, rng, -1, 1),
                   v = random_values(30, rng, -1, 1);
      const std::string what = "dim " + std::to_string(dim) + " T " + std::to_string(temperature);
      expect_close(dot(get(softmax_backward(g, x, shape, o)), v),
                   directional([&](const Values& y) { return get(softmax(y, shape, o)); }, g, x, v),
                   "softmax " + what);
      expect_close(
          dot(get(log_softmax_backward(g, x, shape, o)), v),
          directional([&](const Values& y) { return get(log_softmax(y, shape, o)); }, g, x, v),
          "log_softmax " + what);
    }
  }
}

TEST(LayersGradientCheck, EmbeddingWithRepeatsAndPadding) {
  std::mt19937 rng(152);
  const Shape shape{5, 3};
  const std::vector<int32_t> indices = {1, 4, 1, 0, 1, 2};
  for (const std::optional<int64_t> padding : {std::optional<int64_t>{}, std::optional<int64_t>{1}}) {
    const EmbeddingOptions o{padding};
    const Values w = random_values(15, rng), g = random_values(18, rng), v = random_values(15, rng);
    // The padding row's gradient is 0 by definition (PyTorch's), not the function's slope.
    Values direction = v;
    if (padding) std::fill(direction.begin() + 3, direction.begin() + 6, 0.0f);
    expect_close(dot(get(embedding_backward(g, indices, shape, o)), direction),
                 directional([&](const Values& y) { return get(embedding(indices, y, shape, o)); },
                             g, w, direction),
                 padding ? "with padding" : "without padding");
  }
}

TEST(LayersGradientCheck, Dropout) {
  std::mt19937 rng(153);
  const std::vector<uint8_t> mask = {1, 0, 1, 1, 0, 0, 1, 1};
  for (const double p : {0.0, 0.3, 0.9, 1.0}) {
    const Values x = random_values(8, rng), g = random_values(8, rng), v = random_values(8, rng);
    expect_close(dot(get(dropout_backward(g, mask, p)), v),
                 directional([&](const Values& y) { return get(dropout(y, mask, p)); }, g, x, v),
                 "p " + std::to_string(p));
  }
}

TEST(LayersGradientCheck, BatchNorm2dTraining) {
  std::mt19937 rng(154);
  const Shape shape{3, 2, 2, 2};
  const Values x = random_values(24, rng), g = random_values(24, rng);
  const Values w = {1.5f, -0.5f}, b = {0.1f, 0.2f};
  const auto run = [&](const Values& input, const Values& weight, const Values& bias) {
    BatchNormOptions o;
    o.weight = FloatView(weight);
    o.bias = FloatView(bias);
    return get(batch_norm2d(input, shape, o)).output;
  };
  expect_norm_gradients(get(batch_norm2d_backward(g, x, shape, FloatView(w), 1e-5)), run, g, x,
                        w, b, rng);
}

TEST(LayersGradientCheck, LayerNorm) {
  std::mt19937 rng(155);
  const Shape shape{3, 6};
  const Values x = random_values(18, rng), g = random_values(18, rng);
  const Values w = random_values(6, rng), b = random_values(6, rng);
  const auto run = [&](const Values& input, const Values& weight, const Values& bias) {
    return get(layer_norm(input, shape, {FloatView(weight), FloatView(bias), 1e-5}));
  };
  expect_norm_gradients(get(layer_norm_backward(g, x, shape, {FloatView(w), FloatView(b), 1e-5})),
                        run, g, x, w, b, rng);
}

}  // namespace
}  // namespace layers
