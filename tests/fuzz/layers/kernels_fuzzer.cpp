// The layer family's differential target. There are no fast kernels (the reference kernels are
// the ones the course runs), so it checks what every valid call must satisfy, on small valid
// calls decoded from the fuzzer's bytes with finite values in [-4, 4]:
//
// - softmax: each slice sums to 1, log_softmax is its log; embedding: each output row is its
//   weight row; dropout: x * mask / (1 - p); batch norm (training): each channel's output has
//   mean bias; layer norm: each row's output has mean mean(bias) when weight is absent;
// - every backward against a central difference of its forward along a decoded direction
//   (step 1e-2, summed in double), with a loose tolerance (1e-2 absolute plus 1e-2 relative,
//   scaled by the size of the terms): it catches a wrong formula, a sign, a lost factor, not the
//   last bits.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "layers/decode.h"

namespace {

using namespace fuzz::layers_fuzz;
using Values = std::vector<float>;

void require(bool condition, const char* what) {
  fuzz::layers_fuzz::require(condition, "layers_kernels_fuzzer", what);
}

Values finite_values(FuzzedDataProvider& in, size_t n) {
  Values v(n);
  for (float& x : v) x = static_cast<float>(in.ConsumeIntegralInRange<int>(-64, 64)) / 16.0f;
  return v;
}

double dot(const Values& a, const Values& b) {
  double sum = 0;
  for (size_t i = 0; i < a.size(); ++i) sum += static_cast<double>(a[i]) * b[i];
  return sum;
}

template <class T>
T get(const Checked<T>& result) {
  require(result.ok(), "a valid call is accepted");
  return *result.value;
}

// <analytic, v> against the central difference of sum(g * forward(x + h v)).
void check_slope(double analytic, const std::function<Values(const Values&)>& forward,
                 const Values& g, const Values& x, const Values& v, double scale) {
  constexpr float h = 1e-2f;
  Values up(x), down(x);
  for (size_t i = 0; i < x.size(); ++i) {
    up[i] += h * v[i];
    down[i] -= h * v[i];
  }
  const double numeric = (dot(g, forward(up)) - dot(g, forward(down))) / (2.0 * h);
  if (std::abs(analytic - numeric) > 1e-2 * scale + 1e-2 * std::abs(numeric)) {
    std::fprintf(stderr, "backward gives %.9g, finite differences %.9g\n", analytic, numeric);
  }
  require(std::abs(analytic - numeric) <= 1e-2 * scale + 1e-2 * std::abs(numeric),
          "a backward matches finite differences of its forward");
}

// Whether every group of `count` values `stride` apart (starting at each of `starts`) varies by
// more than 0.25: a normalisation's forward bends too sharply for a step of 1e-2 otherwise.
bool spread_out(const Values& x, const std::vector<size_t>& starts, size_t count, size_t stride,
                size_t run) {
  for (size_t start : starts) {
    double sum = 0, squares = 0, n = 0;
    for (size_t k = 0; k < count; ++k) {
      for (size_t j = 0; j < run; ++j) {
        const double value = x[start + k * stride + j];
        sum += value;
        squares += value * value;
        ++n;
      }
    }
    if (squares / n - (sum / n) * (sum / n) < 0.25) return false;
  }
  return true;
}

void softmax_case(FuzzedDataProvider& in) {
  const Shape shape{in.ConsumeIntegralInRange<int64_t>(1, 4), in.ConsumeIntegralInRange<int64_t>(1, 6)};
  const SoftmaxOptions o{in.ConsumeIntegralInRange<int64_t>(-2, 1),
                         in.ConsumeFloatingPointInRange<double>(0.5, 4)};
  const size_t n = static_cast<size_t>(shape[0] * shape[1]);
  const Values x = finite_values(in, n), g = finite_values(in, n), v = finite_values(in, n);
  const Values y = get(softmax(x, shape, o)), logs = get(log_softmax(x, shape, o));
  const bool rows = o.dim == 1 || o.dim == -1;
  for (int64_t s = 0; s < (rows ? shape[0] : shape[1]); ++s) {
    double sum = 0;
    for (int64_t k = 0; k < (rows ? shape[1] : shape[0]); ++k) {
      const size_t i = static_cast<size_t>(rows ? s * shape[1] + k : k * shape[1] + s);
      sum += y[i];
      require(std::abs(std::exp(static_cast<double>(logs[i])) - y[i]) <= 1e-5, "log_softmax is log(softmax)");
    }
    require(std::abs(sum - 1.0) <= 1e-5, "a softmax slice sums to 1");
  }
  const double scale = 1.0 / o.temperature * static_cast<double>(n) * 4;
  check_slope(dot(get(softmax_backward(g, x, shape, o)), v),
              [&](const Values& z) { return get(softmax(z, shape, o)); }, g, x, v, scale);
  check_slope(dot(get(log_softmax_backward(g, x, shape, o)), v),
              [&](const Values& z) { return get(log_softmax(z, shape, o)); }, g, x, v, scale);
}

void embedding_case(FuzzedDataProvider& in) {
  const int64_t rows = in.ConsumeIntegralInRange<int64_t>(1, 6), dim = in.ConsumeIntegralInRange<int64_t>(1, 4);
  const Shape shape{rows, dim};
  std::vector<int32_t> indices(in.ConsumeIntegralInRange<size_t>(0, 10));
  for (int32_t& index : indices) index = static_cast<int32_t>(in.ConsumeIntegralInRange<int64_t>(0, rows - 1));
  EmbeddingOptions o;
  if (in.ConsumeBool()) o.padding_idx = in.ConsumeIntegralInRange<int64_t>(-rows, rows - 1);
  const Values w = finite_values(in, static_cast<size_t>(rows * dim));
  const Values out = get(embedding(indices, w, shape, o));
  for (size_t i = 0; i < indices.size(); ++i) {
    require(std::equal(out.begin() + static_cast<int64_t>(i) * dim, out.begin() + static_cast<int64_t>(i + 1) * dim,
                       w.begin() + indices[i] * dim),
            "an output row is its weight row");
  }
  const Values g = finite_values(in, out.size());
  Values v = finite_values(in, w.size());
  if (o.padding_idx) {  // the padding row's gradient is 0 by definition, not the slope
    const int64_t p = *o.padding_idx < 0 ? *o.padding_idx + rows : *o.padding_idx;
    std::fill(v.begin() + p * dim, v.begin() + (p + 1) * dim, 0.0f);
  }
  check_slope(dot(get(embedding_backward(g, indices, shape, o)), v),
              [&](const Values& z) { return get(embedding(indices, z, shape, o)); }, g, w, v,
              static_cast<double>(g.size()) * 16);
}

void dropout_case(FuzzedDataProvider& in) {
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 32);
  const double p = in.ConsumeIntegralInRange<int>(0, 10) / 10.0;
  const Values x = finite_values(in, n);
  const auto mask = get(dropout_mask(static_cast<int64_t>(n), p, in.ConsumeIntegralInRange<int64_t>(0, kMaxSeed)));
  const Values y = get(dropout(x, mask, p));
  for (size_t i = 0; i < n; ++i) {
    const double expected = mask[i] && p < 1 ? x[i] / (1 - p) : 0.0;
    require(std::abs(y[i] - expected) <= 1e-6 * (1 + std::abs(expected)), "dropout is x * mask / (1 - p)");
  }
}

void batch_norm_case(FuzzedDataProvider& in) {
  const Shape shape{in.ConsumeIntegralInRange<int64_t>(1, 3), in.ConsumeIntegralInRange<int64_t>(1, 3),
                    in.ConsumeIntegralInRange<int64_t>(1, 3), in.ConsumeIntegralInRange<int64_t>(2, 3)};
  const size_t n = static_cast<size_t>(shape[0] * shape[1] * shape[2] * shape[3]);
  const auto c = static_cast<size_t>(shape[1]);
  const Values x = finite_values(in, n);
  const Values g = finite_values(in, n), v = finite_values(in, n);
  const Values w = finite_values(in, c), b = finite_values(in, c);
  const auto run = [&](const Values& z) {
    BatchNormOptions o;
    o.weight = FloatView(w);
    o.bias = FloatView(b);
    return get(batch_norm2d(z, shape, o)).output;
  };
  const Values y = run(x);
  const int64_t plane = shape[2] * shape[3];
  for (int64_t ch = 0; ch < shape[1]; ++ch) {
    double sum = 0;
    for (int64_t bt = 0; bt < shape[0]; ++bt) {
      for (int64_t k = 0; k < plane; ++k) sum += y[static_cast<size_t>((bt * shape[1] + ch) * plane + k)];
    }
    require(std::abs(sum / static_cast<double>(shape[0] * plane) - b[static_cast<size_t>(ch)]) <= 1e-3 * (1 + std::abs(w[static_cast<size_t>(ch)])),
            "a channel's output has mean bias");
  }
  std::vector<size_t> starts;
  for (size_t ch = 0; ch < c; ++ch) starts.push_back(ch * static_cast<size_t>(plane));
  if (!spread_out(x, starts, static_cast<size_t>(shape[0]), c * static_cast<size_t>(plane),
                  static_cast<size_t>(plane))) {
    return;
  }
  check_slope(dot(get(batch_norm2d_backward(g, x, shape, FloatView(w), 1e-5)).grad_input, v), run, g,
              x, v, static_cast<double>(n) * 64);
}

void layer_norm_case(FuzzedDataProvider& in) {
  const Shape shape{in.ConsumeIntegralInRange<int64_t>(1, 3), in.ConsumeIntegralInRange<int64_t>(2, 6)};
  const size_t n = static_cast<size_t>(shape[0] * shape[1]);
  const Values x = finite_values(in, n);
  std::vector<size_t> starts;
  for (int64_t r = 0; r < shape[0]; ++r) starts.push_back(static_cast<size_t>(r * shape[1]));
  if (!spread_out(x, starts, 1, 0, static_cast<size_t>(shape[1]))) return;
  const Values g = finite_values(in, n), v = finite_values(in, n);
  const Values w = finite_values(in, static_cast<size_t>(shape[1]));
  const auto run = [&](const Values& z) { return get(layer_norm(z, shape, {FloatView(w), std::nullopt, 1e-5})); };
  check_slope(dot(get(layer_norm_backward(g, x, shape, {FloatView(w), std::nullopt, 1e-5})).grad_input, v),
              run, g, x, v, static_cast<double>(n) * 64);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 4)) {
    case 0: softmax_case(in); break;
    case 1: embedding_case(in); break;
    case 2: dropout_case(in); break;
    case 3: batch_norm_case(in); break;
    default: layer_norm_case(in); break;
  }
  return 0;
}
