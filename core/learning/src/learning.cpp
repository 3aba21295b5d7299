// Validation and the XOR network: the checks every call passes before a kernel runs, the
// network's seeded start, its forward pass (shared by training and drawing) and its training
// loop with SGD's state carried in and out, and the LAMB state carried between steps.
#include "learning/learning.h"

#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "activations/reference.h"
#include "common/sizes.h"
#include "common/splitmix64.h"
#include "learning/kernels.h"
#include "optim/optim.h"
#include "optim/reference.h"

namespace learning {
namespace {

using core::show;

template <class T>
Checked<T> failed(const Error& error) {
  return core::fail<T>(error.parameter, error.message);
}

std::string count(size_t n) { return std::to_string(n); }

std::string describe(ShapeView shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size; ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + ")";
}

// A shape [rows, columns], each from 1 to kMaxSide; `letters` names them ("N, in").
std::optional<Error> check_shape(const char* name, const char* letters, ShapeView shape) {
  if (shape.size != 2) {
    return Error{name, std::string(name) + " must be [" + letters + "], got " + describe(shape)};
  }
  if (shape[0] < 1 || shape[0] > kMaxSide || shape[1] < 1 || shape[1] > kMaxSide) {
    return Error{name, std::string(name) + " [" + letters + "] must have each side from 1 to " +
                           std::to_string(kMaxSide) + ", got " + describe(shape)};
  }
  return std::nullopt;
}

std::optional<Error> check_count(const char* name, size_t length, int64_t expected,
                                 const std::string& because) {
  if (static_cast<int64_t>(length) == expected) return std::nullopt;
  return Error{name, std::string(name) + " has " + count(length) + " values but " + because};
}

// An option: a finite number, at least 0 when `at_least_zero`.
std::optional<Error> check_setting(const char* name, double value, bool at_least_zero = true) {
  if (!std::isfinite(value)) {
    return Error{name, std::string(name) + " must be a finite number, got " + show(value)};
  }
  if (at_least_zero && !(value >= 0.0)) {
    return Error{name, std::string(name) + " must be at least 0, got " + show(value)};
  }
  return std::nullopt;
}

std::optional<Error> check_beta(int index, double value) {
  if (value >= 0.0 && value < 1.0) return std::nullopt;
  return Error{"betas", "betas[" + std::to_string(index) +
                            "] must be at least 0 and less than 1, got " + show(value)};
}

// ---- The XOR network ----

// The four points and their labels, in the order of the README.
constexpr float kXorPoints[8] = {0, 0, 0, 1, 1, 0, 1, 1};
constexpr float kXorTargets[4] = {0, 1, 1, 0};

void activate(float* hidden, const float* pre, int64_t n, Activation activation) {
  namespace act = activations::reference;
  switch (activation) {
    case Activation::kTanh: act::tanh_forward(hidden, pre, n); return;
    case Activation::kRelu: act::relu_forward(hidden, pre, n); return;
    case Activation::kSigmoid: act::sigmoid_forward(hidden, pre, n); return;
  }
}

void activate_backward(float* grad_pre, const float* grad_hidden, const float* pre, int64_t n,
                       Activation activation) {
  namespace act = activations::reference;
  switch (activation) {
    case Activation::kTanh: act::tanh_backward(grad_pre, grad_hidden, pre, n); return;
    case Activation::kRelu: act::relu_backward(grad_pre, grad_hidden, pre, n); return;
    case Activation::kSigmoid: act::sigmoid_backward(grad_pre, grad_hidden, pre, n); return;
  }
}

// One forward pass over P points: pre = x W1^T + b1, hidden = act(pre), logits = hidden W2^T + b2.
struct Pass {
  std::vector<float> pre, hidden, logits;
};

void run_network(Pass& pass, const float* points, int64_t P, int64_t H, const XorParamsView& p,
                 Activation activation) {
  pass.pre.resize(static_cast<size_t>(P * H));
  pass.hidden.resize(pass.pre.size());
  pass.logits.resize(static_cast<size_t>(P));
  kernels::linear_forward_by_rows(pass.pre.data(), points, p.w1.data, p.b1.data, P, 2, H);
  activate(pass.hidden.data(), pass.pre.data(), P * H, activation);
  kernels::linear_forward_by_rows(pass.logits.data(), pass.hidden.data(), p.w2.data, p.b2.data, P, H, 1);
}

std::vector<float> probabilities_of(const std::vector<float>& logits) {
  std::vector<float> out(logits.size());
  activations::reference::sigmoid_forward(out.data(), logits.data(),
                                          static_cast<int64_t>(logits.size()));
  return out;
}

// w1, b1, w2, b2: the order of the optimiser's parameter list.
std::array<std::vector<float>*, 4> tensors_of(XorParams& p) {
  return {&p.w1, &p.b1, &p.w2, &p.b2};
}

// The training's optimiser: PyTorch's SGD with the call's lr and momentum.
optim::SgdOptions sgd_of(const XorOptions& options) {
  optim::SgdOptions sgd;
  sgd.lr = options.lr;
  sgd.momentum = options.momentum;
  return sgd;
}

XorTraining train(XorParams params, const XorOptions& options, int32_t steps, int64_t H,
                  XorSgdState state) {
  const optim::SgdOptions sgd = sgd_of(options);
  // PyTorch makes the buffers on the first step with momentum, as a clone of the gradient; a
  // buffer carried in is used as it is, and one without momentum is left as it was.
  auto& buffer = state.momentum_buffer;
  const bool fresh_buffer = !buffer;
  if (fresh_buffer && options.momentum != 0.0 && steps > 0) {
    buffer = XorParams{std::vector<float>(params.w1.size()), std::vector<float>(params.b1.size()),
                       std::vector<float>(params.w2.size()), std::vector<float>(params.b2.size())};
  }
  const auto tensors = tensors_of(params);
  const auto buffers = buffer ? tensors_of(*buffer) : std::array<std::vector<float>*, 4>{};
  std::vector<float> grads[4];
  for (int t = 0; t < 4; ++t) grads[t].resize(tensors[t]->size());
  std::vector<float> grad_logits(4), grad_hidden(static_cast<size_t>(4 * H)),
      grad_pre(grad_hidden.size()), grad_points(8);
  XorTraining out;
  out.losses.reserve(static_cast<size_t>(steps) + 1);
  Pass pass;
  for (int32_t k = 0;; ++k) {
    run_network(pass, kXorPoints, 4, H, view_of(params), options.activation);
    out.losses.push_back(reference::logistic_loss_forward(pass.logits.data(), kXorTargets, 4));
    if (k == steps) break;
    reference::logistic_loss_backward(grad_logits.data(), pass.logits.data(), kXorTargets, 4);
    kernels::linear_backward_by_rows(grad_hidden.data(), grads[2].data(), grads[3].data(),
                               grad_logits.data(), pass.hidden.data(), params.w2.data(), 4, H, 1);
    activate_backward(grad_pre.data(), grad_hidden.data(), pass.pre.data(), 4 * H,
                      options.activation);
    kernels::linear_backward_by_rows(grad_points.data(), grads[0].data(), grads[1].data(),
                               grad_pre.data(), kXorPoints, params.w1.data(), 4, 2, H);
    for (int t = 0; t < 4; ++t) {
      optim::reference::sgd_step(tensors[t]->data(), buffers[t] ? buffers[t]->data() : nullptr,
                                 grads[t].data(), static_cast<int64_t>(grads[t].size()),
                                 fresh_buffer && k == 0, sgd);
    }
  }
  out.hidden = std::move(pass.hidden);
  out.probabilities = probabilities_of(pass.logits);
  out.params = std::move(params);
  out.state = std::move(state);
  return out;
}

std::vector<float> copy_of(FloatView values) {
  return std::vector<float>(values.data, values.data + values.size);
}

}  // namespace

Checked<LinearSizes> check_linear(ShapeView input_shape, ShapeView weight_shape,
                                  size_t input_length, size_t weight_length,
                                  std::optional<size_t> bias_length,
                                  std::optional<size_t> grad_output_length) {
  auto error = check_shape("input_shape", "N, in", input_shape);
  if (!error) error = check_shape("weight_shape", "out, in", weight_shape);
  if (error) return failed<LinearSizes>(*error);
  const LinearSizes s{input_shape[0], input_shape[1], weight_shape[0]};
  if (weight_shape[1] != s.in) {
    error = Error{"weight_shape", "weight_shape " + describe(weight_shape) + " has in " +
                                      std::to_string(weight_shape[1]) + " but input_shape " +
                                      describe(input_shape) + " has in " + std::to_string(s.in)};
  }
  if (!error && s.N * s.in * s.out > kMaxWork) {
    error = Error{"weight_shape", "weight_shape " + describe(weight_shape) + " with input_shape " +
                                      describe(input_shape) + " makes N * in * out = " +
                                      std::to_string(s.N * s.in * s.out) + " multiply-adds, more than " +
                                      std::to_string(kMaxWork) + ", the most a call takes"};
  }
  if (!error) {
    error = check_count("input", input_length, s.N * s.in,
                        "input_shape " + describe(input_shape) + " needs " +
                            std::to_string(s.N * s.in));
  }
  if (!error) {
    error = check_count("weight", weight_length, s.out * s.in,
                        "weight_shape " + describe(weight_shape) + " needs " +
                            std::to_string(s.out * s.in));
  }
  if (!error && bias_length) {
    error = check_count("bias", *bias_length, s.out,
                        "weight_shape " + describe(weight_shape) + " has out " +
                            std::to_string(s.out));
  }
  if (!error && grad_output_length) {
    error = check_count("grad_output", *grad_output_length, s.N * s.out,
                        "the output is (" + std::to_string(s.N) + ", " + std::to_string(s.out) +
                            "), " + std::to_string(s.N * s.out) + " values");
  }
  return core::to_checked(std::move(error), LinearSizes(s));
}

Checked<std::vector<float>> linear(FloatView input, ShapeView input_shape, FloatView weight,
                                   ShapeView weight_shape, std::optional<FloatView> bias) {
  const auto sizes =
      check_linear(input_shape, weight_shape, input.size, weight.size,
                   bias ? std::optional<size_t>(bias->size) : std::nullopt);
  if (!sizes.ok()) return failed<std::vector<float>>(*sizes.error);
  const LinearSizes& s = *sizes.value;
  std::vector<float> output(static_cast<size_t>(s.N * s.out));
  kernels::linear_forward_by_rows(output.data(), input.data, weight.data, bias ? bias->data : nullptr,
                            s.N, s.in, s.out);
  return core::succeed(std::move(output));
}

Checked<LinearGradients> linear_backward(FloatView grad_output, FloatView input,
                                         ShapeView input_shape, FloatView weight,
                                         ShapeView weight_shape, bool with_bias) {
  const auto sizes = check_linear(input_shape, weight_shape, input.size, weight.size,
                                  std::nullopt, grad_output.size);
  if (!sizes.ok()) return failed<LinearGradients>(*sizes.error);
  const LinearSizes& s = *sizes.value;
  LinearGradients g;
  g.grad_input.resize(static_cast<size_t>(s.N * s.in));
  g.grad_weight.resize(static_cast<size_t>(s.out * s.in));
  if (with_bias) g.grad_bias.emplace(static_cast<size_t>(s.out));
  kernels::linear_backward_by_rows(g.grad_input.data(), g.grad_weight.data(),
                             with_bias ? g.grad_bias->data() : nullptr, grad_output.data,
                             input.data, weight.data, s.N, s.in, s.out);
  return core::succeed(std::move(g));
}

std::optional<Error> check_xor_hidden(int64_t hidden) {
  if (hidden >= 1 && hidden <= kMaxHidden) return std::nullopt;
  return Error{"hidden", "hidden must be a whole number from 1 to " + std::to_string(kMaxHidden) +
                             ", got " + std::to_string(hidden)};
}

Checked<XorParams> xor_init(int64_t hidden, int64_t seed) {
  auto error = check_xor_hidden(hidden);
  if (!error) error = core::check_seed(seed);
  if (error) return failed<XorParams>(*error);
  const auto H = static_cast<size_t>(hidden);
  XorParams p{std::vector<float>(2 * H), std::vector<float>(H), std::vector<float>(H),
              std::vector<float>(1)};
  reference::xor_init(p.w1.data(), p.b1.data(), p.w2.data(), p.b2.data(), hidden,
                      static_cast<uint64_t>(seed));
  return core::succeed(std::move(p));
}

Checked<int32_t> check_xor_params(const XorParamsView& p) {
  const size_t w1 = p.w1.size;
  if (w1 % 2 != 0 || w1 < 2 || w1 > 2 * static_cast<size_t>(kMaxHidden)) {
    return core::fail<int32_t>(
        "params", "params.w1 has " + count(w1) +
                      " values, but w1 is [H, 2] with H from 1 to 16: an even count from 2 to 32");
  }
  const auto H = static_cast<int32_t>(w1 / 2);
  const std::string rows = "w1 has H = " + std::to_string(H) + " rows";
  std::optional<Error> error;
  if (p.b1.size != static_cast<size_t>(H)) {
    error = Error{"params", "params.b1 has " + count(p.b1.size) + " values but " + rows};
  } else if (p.w2.size != static_cast<size_t>(H)) {
    error = Error{"params", "params.w2 has " + count(p.w2.size) + " values but " + rows};
  } else if (p.b2.size != 1) {
    error = Error{"params", "params.b2 has " + count(p.b2.size) + " values, but b2 is one value"};
  }
  return core::to_checked(std::move(error), int32_t(H));
}

std::optional<Error> check_xor_options(const XorOptions& options) {
  const auto code = static_cast<int32_t>(options.activation);
  if (code < 0 || code > 2) {
    return Error{"activation", "activation must be 'tanh', 'relu' or 'sigmoid', got " +
                                   std::to_string(code)};
  }
  if (auto error = check_setting("lr", options.lr)) return error;
  return check_setting("momentum", options.momentum);
}

std::optional<Error> check_xor_points(size_t points_length) {
  if (points_length % 2 != 0 || points_length == 0) {
    return Error{"points", "points has " + count(points_length) +
                               " values, but points are [P, 2] with P at least 1: an even count"};
  }
  if (points_length / 2 > static_cast<size_t>(kMaxPoints)) {
    return Error{"points", "points has " + count(points_length / 2) + " points, more than " +
                               std::to_string(kMaxPoints) + ", the most a call takes"};
  }
  return std::nullopt;
}

std::optional<Error> check_xor_steps(int32_t steps) {
  if (steps >= 0 && steps <= kMaxTrainSteps) return std::nullopt;
  return Error{"steps", "steps must be a whole number from 0 to " +
                            std::to_string(kMaxTrainSteps) + ", got " + std::to_string(steps)};
}

std::optional<Error> check_xor_momentum_buffer(const XorParamsView& buffer, int32_t hidden) {
  const auto H = static_cast<size_t>(hidden);
  const struct {
    const char* key;
    size_t length, expected;
  } tensors[4] = {{"w1", buffer.w1.size, 2 * H},
                  {"b1", buffer.b1.size, H},
                  {"w2", buffer.w2.size, H},
                  {"b2", buffer.b2.size, 1}};
  for (const auto& t : tensors) {
    if (t.length == t.expected) continue;
    return Error{"state", "state['momentum_buffer']['" + std::string(t.key) + "'] has " +
                              count(t.length) + " values but params." + t.key + " has " +
                              count(t.expected)};
  }
  return std::nullopt;
}

Checked<XorTraining> xor_train(const XorParamsView& params, const XorOptions& options,
                               int32_t steps, XorSgdState state) {
  const auto H = check_xor_params(params);
  auto error = H.ok() ? check_xor_options(options) : H.error;
  if (!error) error = check_xor_steps(steps);
  if (!error && state.momentum_buffer) {
    error = check_xor_momentum_buffer(view_of(*state.momentum_buffer), *H.value);
  }
  // A training of no steps converts nothing, as PyTorch's loop of no step() calls.
  if (!error && steps > 0) {
    error = optim::check_conversions(sgd_of(options), state.momentum_buffer || steps > 1);
  }
  if (error) return failed<XorTraining>(*error);
  XorParams start{copy_of(params.w1), copy_of(params.b1), copy_of(params.w2), copy_of(params.b2)};
  return core::succeed(train(std::move(start), options, steps, *H.value, std::move(state)));
}

Checked<XorOutputs> xor_forward(const XorParamsView& params, FloatView points,
                                const XorOptions& options) {
  const auto H = check_xor_params(params);
  auto error = H.ok() ? check_xor_options(options) : H.error;
  if (!error) error = check_xor_points(points.size);
  if (error) return failed<XorOutputs>(*error);
  Pass pass;
  run_network(pass, points.data, static_cast<int64_t>(points.size / 2), *H.value, params,
              options.activation);
  return core::succeed(XorOutputs{std::move(pass.hidden), probabilities_of(pass.logits)});
}

std::optional<Error> check_lamb_options(const LambOptions& o) {
  if (auto error = check_setting("lr", o.lr)) return error;
  if (auto error = check_setting("eps", o.eps)) return error;
  if (auto error = check_beta(0, o.beta1)) return error;
  if (auto error = check_beta(1, o.beta2)) return error;
  return check_setting("weight_decay", o.weight_decay);
}

std::optional<Error> check_lamb_values(size_t param_length, size_t grad_length) {
  if (static_cast<uint64_t>(param_length) > static_cast<uint64_t>(core::kMaxElements)) {
    return Error{"param", "param has " + count(param_length) + " values, more than " +
                              core::kMaxElementsText + ", the most the core takes"};
  }
  return check_count("grad", grad_length, static_cast<int64_t>(param_length),
                     "param has " + count(param_length));
}

std::optional<Error> check_lamb_buffer(const char* name, size_t length, size_t param_length) {
  if (length == param_length) return std::nullopt;
  return Error{"state", "state['" + std::string(name) + "'] has " + count(length) +
                            " values but param has " + count(param_length)};
}

Checked<LambStepped> lamb_step(std::vector<float> param, FloatView grad,
                               std::optional<LambState> state, const LambOptions& options) {
  const size_t n = param.size();
  auto error = check_lamb_options(options);
  if (!error) error = check_lamb_values(n, grad.size);
  if (!error && state) error = check_lamb_buffer("exp_avg", state->exp_avg.size(), n);
  if (!error && state) error = check_lamb_buffer("exp_avg_sq", state->exp_avg_sq.size(), n);
  if (!error && state) error = core::check_state_step(state->step);
  if (error) return failed<LambStepped>(*error);
  LambStepped out;
  out.state = state ? std::move(*state) : LambState{0, std::vector<float>(n), std::vector<float>(n)};
  out.state.step += 1;
  out.update.resize(n);
  out.trust_ratio = reference::lamb_step(param.data(), out.state.exp_avg.data(),
                                         out.state.exp_avg_sq.data(), out.update.data(),
                                         grad.data, static_cast<int64_t>(n), out.state.step,
                                         options);
  out.param = std::move(param);
  return core::succeed(std::move(out));
}

}  // namespace learning
