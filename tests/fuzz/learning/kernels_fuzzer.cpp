// The learning family's differential target, on valid calls only (the API target tries the
// invalid ones), bit for bit (any NaN equals any NaN):
//
// - the layer's kernels in cache order (kernels.h) against the reference, forward and backward,
//   with and without a bias;
// - a layer row by row: each row of x W^T + b is the layer on that row alone; the layer with a
//   bias is the layer without it plus the bias;
// - the backward pass as forward passes: grad_input = linear(grad_output, W^T), grad_weight =
//   linear(grad_output^T, x^T), grad_bias = linear(grad_output^T, a row of ones), each a sum
//   from 0 in the same order;
// - XOR: k steps of SGD, with or without momentum, are k trainings of one step, each from the
//   params and SGD state the one before returned (the buffers too end the same); a training's
//   final features and probabilities are xorForward's at the four points;
// - LAMB: each moment element by element (a step over n values equals n steps over one), the
//   parameter moved by lr * trust ratio along the update; the float32 norm within a few ulps
//   of the norm in double (on finite values whose squares stay finite).
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "learning/decode.h"
#include "learning/kernels.h"
#include "learning/reference.h"

namespace {

using namespace fuzz::learning_fuzz;

void require(bool condition, const char* what) {
  fuzz::learning_fuzz::require(condition, "learning_kernels_fuzzer", what);
}

// m[rows, columns] -> its transpose [columns, rows].
std::vector<float> transpose(const std::vector<float>& m, int rows, int columns) {
  std::vector<float> t(m.size());
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) t[static_cast<size_t>(c * rows + r)] = m[static_cast<size_t>(r * columns + c)];
  }
  return t;
}

std::vector<float> layer(const std::vector<float>& x, int N, int I, const std::vector<float>& w,
                         int O, const float* bias) {
  std::vector<float> y(static_cast<size_t>(N * O));
  reference::linear_forward(y.data(), x.data(), w.data(), bias, N, I, O);
  return y;
}

void layer_checks(FuzzedDataProvider& in) {
  const int N = in.ConsumeIntegralInRange<int>(1, 9), I = in.ConsumeIntegralInRange<int>(1, 9),
            O = in.ConsumeIntegralInRange<int>(1, 9);
  const auto x = input_values(in, static_cast<size_t>(N * I));
  const auto w = input_values(in, static_cast<size_t>(O * I));
  const auto b = input_values(in, static_cast<size_t>(O));
  const auto g = input_values(in, static_cast<size_t>(N * O));
  const auto y = layer(x, N, I, w, O, b.data());
  const auto plain = layer(x, N, I, w, O, nullptr);
  for (int i = 0; i < N; ++i) {
    const std::vector<float> row(x.begin() + i * I, x.begin() + (i + 1) * I);
    const auto alone = layer(row, 1, I, w, O, b.data());
    require(fuzz::same_floats(alone.data(), y.data() + i * O, static_cast<size_t>(O)),
            "each row of a layer is the layer on that row alone");
    for (int o = 0; o < O; ++o) {
      require(fuzz::same_float(plain[static_cast<size_t>(i * O + o)] + b[static_cast<size_t>(o)],
                               y[static_cast<size_t>(i * O + o)]),
              "the bias is added once, after the sum");
    }
  }
  std::vector<float> gi(x.size()), gw(w.size()), gb(b.size());
  reference::linear_backward(gi.data(), gw.data(), gb.data(), g.data(), x.data(), w.data(), N, I, O);
  const bool with_bias = in.ConsumeBool();
  std::vector<float> fast(y.size()), fast_gi(x.size()), fast_gw(w.size()), fast_gb(b.size());
  kernels::linear_forward_by_rows(fast.data(), x.data(), w.data(), with_bias ? b.data() : nullptr,
                                  N, I, O);
  require(same(fast, with_bias ? y : plain), "the kernel in cache order is the reference");
  kernels::linear_backward_by_rows(fast_gi.data(), fast_gw.data(), fast_gb.data(), g.data(),
                                   x.data(), w.data(), N, I, O);
  require(same(fast_gi, gi) && same(fast_gw, gw) && same(fast_gb, gb),
          "the backward kernel in cache order is the reference");
  require(same(gi, layer(g, N, O, transpose(w, O, I), I, nullptr)),
          "grad_input is linear(grad_output, W^T)");
  require(same(gw, layer(transpose(g, N, O), O, N, transpose(x, N, I), I, nullptr)),
          "grad_weight is linear(grad_output^T, x^T)");
  require(same(gb, layer(transpose(g, N, O), O, N, std::vector<float>(static_cast<size_t>(N), 1.0f), 1,
                         nullptr)),
          "grad_bias is the sum of grad_output's rows, from 0");
}

bool same_tensors(const XorParams& a, const XorParams& b) {
  return same(a.w1, b.w1) && same(a.b1, b.b1) && same(a.w2, b.w2) && same(a.b2, b.b2);
}

void xor_checks(FuzzedDataProvider& in) {
  const auto params = decode_xor_params(in, false);
  const auto options = decode_xor_options(in, false);  // momentum 0 half the time
  const int steps = in.ConsumeIntegralInRange<int>(1, 5);
  const auto whole = xor_train(view_of(params), options, steps);
  require(whole.ok(), "a valid training is accepted");
  XorParams p = params;
  XorSgdState state;
  for (int k = 0; k < steps; ++k) {
    auto one = xor_train(view_of(p), options, 1, state);
    require(one.ok(), "a valid step is accepted");
    require(fuzz::same_float(one.value->losses[0], whole.value->losses[static_cast<size_t>(k)]),
            "each step's loss is the training's");
    p = std::move(one.value->params);
    state = std::move(one.value->state);
  }
  const auto& t = *whole.value;
  require(same_tensors(p, t.params), "k steps are k trainings of one step");
  const auto& buffer = t.state.momentum_buffer;
  require(state.momentum_buffer.has_value() == buffer.has_value() &&
              (!buffer || same_tensors(*state.momentum_buffer, *buffer)),
          "and end with the same momentum buffers");
  const std::vector<float> points = {0, 0, 0, 1, 1, 0, 1, 1};
  const auto drawn = xor_forward(view_of(t.params), points, options);
  require(drawn.ok() && same(drawn.value->hidden, t.hidden) &&
              same(drawn.value->probabilities, t.probabilities),
          "a training's outputs are xorForward's at the four points");
}

void lamb_checks(FuzzedDataProvider& in) {
  const auto options = decode_lamb_options(in, false);
  const size_t n = in.ConsumeIntegralInRange<size_t>(1, 24);
  std::vector<float> param = input_values(in, n), grad = input_values(in, n);
  const double step = in.ConsumeIntegralInRange<int>(1, 100);
  std::vector<float> m = float_values(in, n), v = float_values(in, n), update(n);
  for (float& value : v) value = std::fabs(value);
  std::vector<float> p = param, m_all = m, v_all = v;
  const float ratio = reference::lamb_step(p.data(), m_all.data(), v_all.data(), update.data(),
                                           grad.data(), static_cast<int64_t>(n), step, options);
  const float step_size = ratio * static_cast<float>(options.lr);
  for (size_t i = 0; i < n; ++i) {
    float p1 = param[i], m1 = m[i], v1 = v[i], u1;
    reference::lamb_step(&p1, &m1, &v1, &u1, &grad[i], 1, step, options);
    require(fuzz::same_float(m1, m_all[i]) && fuzz::same_float(v1, v_all[i]) &&
                fuzz::same_float(u1, update[i]),
            "the moments and the update are element by element");
    require(fuzz::same_float(param[i] - step_size * update[i], p[i]),
            "the parameter moves by lr * trust ratio along the update");
  }
  double sum = 0;
  bool finite = true;
  for (float value : param) {
    sum += static_cast<double>(value) * value;
    finite = finite && std::isfinite(value);
  }
  const double exact = std::sqrt(sum);
  const float norm = reference::norm2(param.data(), static_cast<int64_t>(n));
  if (finite && exact < 1e18 && exact > 1e-18) {
    require(std::abs(norm - exact) <= 4.0 * static_cast<double>(n) * FLT_EPSILON * exact,
            "the float32 norm is within a few ulps of the norm in double");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 0: layer_checks(in); break;
    case 1: xor_checks(in); break;
    default: lamb_checks(in); break;
  }
  return 0;
}
