// Validation and dispatch: the checks every call passes before a reference kernel runs, each
// optimiser's fresh state, and one step on a checked state (`advance`), which the step calls and
// the descent loop share.
#include "optim/optim.h"

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

#include "common/sizes.h"

namespace optim {
namespace {

using core::show;

template <class T>
Checked<T> failed(const Error& error) {
  return core::fail<T>(error.parameter, error.message);
}

// A hyperparameter and its value, as the checks name it.
struct Setting {
  const char* name;
  double value;
};

// Every value is a finite number here (PyTorch would take NaN for some and run on).
std::optional<Error> check_finite(const Setting& s) {
  if (std::isfinite(s.value)) return std::nullopt;
  return Error{s.name, std::string(s.name) + " must be a finite number, got " + show(s.value)};
}

// Finite numbers, and at least 0 where PyTorch's __init__ checks `0.0 <= value`, in PyTorch's
// order; `any` may be any finite number.
std::optional<Error> check_settings(std::initializer_list<Setting> at_least_zero,
                                    std::initializer_list<Setting> any = {}) {
  for (const Setting& s : at_least_zero) {
    if (auto error = check_finite(s)) return error;
    if (!(s.value >= 0.0)) {
      return Error{s.name, std::string(s.name) + " must be at least 0, got " + show(s.value)};
    }
  }
  for (const Setting& s : any) {
    if (auto error = check_finite(s)) return error;
  }
  return std::nullopt;
}

// Adam's `0.0 <= betas[i] < 1.0`.
std::optional<Error> check_beta(int index, double value) {
  if (value >= 0.0 && value < 1.0) return std::nullopt;
  return Error{"betas", "betas[" + std::to_string(index) +
                            "] must be at least 0 and less than 1, got " + show(value)};
}

std::optional<Error> check_optional_buffer(const char* name,
                                           const std::optional<std::vector<float>>& buffer,
                                           size_t params_length) {
  return buffer ? check_buffer(name, buffer->size(), params_length) : std::nullopt;
}

// PyTorch makes a state's buffers on its first step only, and a later step whose options read
// one it did not make fails (a KeyError).
Error missing(const char* name, const std::string& reader) {
  return Error{"state", "state['" + std::string(name) + "'] is missing, but " + reader +
                            " needs it: a state keeps the buffers its first step's options made, "
                            "so start from a fresh state"};
}

std::optional<Error> check_state(const SgdState& state, size_t n, const SgdOptions&) {
  return check_optional_buffer("momentum_buffer", state.momentum_buffer, n);
}

std::optional<Error> check_state(const RmspropState& state, size_t n,
                                 const RmspropOptions& options) {
  if (auto error = check_buffer("square_avg", state.square_avg.size(), n)) return error;
  if (auto error = check_optional_buffer("momentum_buffer", state.momentum_buffer, n)) return error;
  if (auto error = check_optional_buffer("grad_avg", state.grad_avg, n)) return error;
  if (auto error = core::check_state_step(state.step)) return error;
  if (options.momentum > 0.0 && !state.momentum_buffer) {
    return missing("momentum_buffer", "momentum " + show(options.momentum));
  }
  if (options.centered && !state.grad_avg) return missing("grad_avg", "centered");
  return std::nullopt;
}

std::optional<Error> check_state(const AdamState& state, size_t n, const AdamOptions& options) {
  if (auto error = check_buffer("exp_avg", state.exp_avg.size(), n)) return error;
  if (auto error = check_buffer("exp_avg_sq", state.exp_avg_sq.size(), n)) return error;
  if (auto error = check_optional_buffer("max_exp_avg_sq", state.max_exp_avg_sq, n)) return error;
  if (auto error = core::check_state_step(state.step)) return error;
  if (options.amsgrad && !state.max_exp_avg_sq) return missing("max_exp_avg_sq", "amsgrad");
  return std::nullopt;
}

// PyTorch hands some of a step's numbers to its kernels as `alpha=` or `value=` and converts
// them to float32 with c10's check, which refuses a finite value beyond float32's range ("value
// cannot be converted to type float without overflow") and lets an infinity through. Numbers it
// multiplies by as they are (momentum in `mul_`, eps in `add_`) round to ±inf instead and are not
// checked. `what` is the number as PyTorch's step computes it.
struct Converted {
  const char* parameter;
  std::string what;
  double value;
};

std::optional<Error> check_converted(std::initializer_list<Converted> numbers) {
  for (const Converted& n : numbers) {
    if (std::isinf(n.value) ||
        std::abs(n.value) <= static_cast<double>(std::numeric_limits<float>::max())) {
      continue;
    }
    return Error{n.parameter, n.what + " is " + show(n.value) +
                                  ", beyond float32's largest finite value: PyTorch's step "
                                  "cannot convert it to float32"};
  }
  return std::nullopt;
}

// The numbers the coming step converts, in the order PyTorch's `_single_tensor_*` reaches them:
// weight_decay (when it is not 0, so a 0 passes either way); SGD's 1 - dampening once a momentum
// buffer exists, and momentum with nesterov; RMSprop's 1 - alpha; -lr, for Adam divided by
// 1 - beta1^t at the step t it is about to take. Adam's 1 - beta1 and 1 - beta2 convert too, and
// betas in [0, 1) keep them in range.
std::optional<Error> check_conversions(const RmspropOptions& o) {
  return check_converted({{"weight_decay", "weight_decay", o.weight_decay},
                          {"alpha", "1 - alpha", 1.0 - o.alpha},
                          {"lr", "-lr", -o.lr}});
}

std::optional<Error> check_conversions(const AdamOptions& o, float step) {
  const double t = static_cast<double>(step);
  return check_converted(
      {{"weight_decay", "weight_decay", o.weight_decay},
       {"lr", "-lr / (1 - beta1^" + show(t) + ")", -(o.lr / (1.0 - std::pow(o.beta1, t)))}});
}

// The coming step's conversions, on a state checked against the options.
std::optional<Error> check_conversions(const SgdOptions& o, const SgdState& state) {
  return check_conversions(o, state.momentum_buffer.has_value());
}

std::optional<Error> check_conversions(const RmspropOptions& o, const RmspropState&) {
  return check_conversions(o);
}

std::optional<Error> check_conversions(const AdamOptions& o, const AdamState& state) {
  return check_conversions(o, static_cast<float>(state.step) + 1.0f);
}

std::optional<Error> check_point(const char* name, FloatView point) {
  if (point.size == 2) return std::nullopt;
  return Error{name, std::string(name) + " has " + std::to_string(point.size) +
                         " values, but a point is [x, y]"};
}

// PyTorch's state before the first step: no momentum buffer for SGD (the first step copies its
// direction into one); zeros for RMSprop's and Adam's buffers, those the options read.
SgdState fresh_state(const SgdOptions&, size_t) { return {}; }

RmspropState fresh_state(const RmspropOptions& options, size_t n) {
  RmspropState state;
  state.square_avg.assign(n, 0.0f);
  if (options.momentum > 0.0) state.momentum_buffer.emplace(n, 0.0f);
  if (options.centered) state.grad_avg.emplace(n, 0.0f);
  return state;
}

AdamState fresh_state(const AdamOptions& options, size_t n) {
  AdamState state;
  state.exp_avg.assign(n, 0.0f);
  state.exp_avg_sq.assign(n, 0.0f);
  if (options.amsgrad) state.max_exp_avg_sq.emplace(n, 0.0f);
  return state;
}

float* data_of(std::optional<std::vector<float>>& buffer) {
  return buffer ? buffer->data() : nullptr;
}

int64_t size_of(const std::vector<float>& values) { return static_cast<int64_t>(values.size()); }

// One step on checked params and state, in place.
void advance(std::vector<float>& params, const float* grads, SgdState& state,
             const SgdOptions& options) {
  const bool fresh = !state.momentum_buffer;
  if (options.momentum != 0.0 && fresh) state.momentum_buffer.emplace(params.size());
  reference::sgd_step(params.data(), data_of(state.momentum_buffer), grads, size_of(params), fresh,
                      options);
}

void advance(std::vector<float>& params, const float* grads, RmspropState& state,
             const RmspropOptions& options) {
  state.step += 1;
  reference::rmsprop_step(params.data(), state.square_avg.data(), data_of(state.momentum_buffer),
                          data_of(state.grad_avg), grads, size_of(params), options);
}

void advance(std::vector<float>& params, const float* grads, AdamState& state,
             const AdamOptions& options) {
  // PyTorch counts in a float32 tensor.
  const float step = static_cast<float>(state.step) + 1.0f;
  state.step = step;
  reference::adam_step(params.data(), state.exp_avg.data(), state.exp_avg_sq.data(),
                       data_of(state.max_exp_avg_sq), grads, size_of(params), step, options);
}

// The surface's value and gradient at (x, y).
SurfacePoint evaluate(Surface surface, float x, float y) {
  SurfacePoint at;
  at.value = reference::surface_value(surface, x, y);
  reference::surface_gradient(at.gradient.data(), surface, x, y);
  return at;
}

template <class State, class Options>
Checked<Stepped<State>> checked_step(std::vector<float> params, FloatView grads,
                                     std::optional<State> state, const Options& options) {
  auto error = check_options(options);
  if (!error) error = check_values(params.size(), grads.size);
  if (!error && state) error = check_state(*state, params.size(), options);
  if (error) return failed<Stepped<State>>(*error);
  State next = state ? std::move(*state) : fresh_state(options, params.size());
  if (auto refused = check_conversions(options, next)) return failed<Stepped<State>>(*refused);
  advance(params, grads.data, next, options);
  return core::succeed(Stepped<State>{std::move(params), std::move(next)});
}

template <class Options>
auto checked_descent(Surface surface, FloatView start, const Options& options, int32_t steps) {
  using State = decltype(fresh_state(options, 0));
  using Result = Descent<State>;
  auto error = check_surface(surface);
  if (!error) error = check_point("start", start);
  if (!error) error = check_options(options);
  if (!error && (steps < 0 || steps > kMaxDescentSteps)) {
    error =
        Error{"steps", "steps must be a whole number from 0 to 1000, got " + std::to_string(steps)};
  }
  if (error) return failed<Result>(*error);
  std::vector<float> point = {start[0], start[1]};
  Result descent{{}, {}, {}, fresh_state(options, point.size())};
  const auto count = static_cast<size_t>(steps);
  descent.points.reserve(2 * (count + 1));
  descent.values.reserve(count + 1);
  descent.gradients.reserve(2 * count);
  for (int32_t k = 0;; ++k) {
    const SurfacePoint at = evaluate(surface, point[0], point[1]);
    descent.points.insert(descent.points.end(), point.begin(), point.end());
    descent.values.push_back(at.value);
    if (k == steps) break;
    // Each step converts what PyTorch's would, from the state it starts from: SGD's 1 - dampening
    // from the second step, Adam's lr / (1 - beta1^t) at its t (an infinity at t = 1 passes, a
    // finite overflow at t = 2 does not). A descent PyTorch would stop is refused whole.
    if (auto refused = check_conversions(options, descent.state)) return failed<Result>(*refused);
    descent.gradients.insert(descent.gradients.end(), at.gradient.begin(), at.gradient.end());
    advance(point, at.gradient.data(), descent.state, options);
  }
  return core::succeed(std::move(descent));
}

}  // namespace

std::optional<Error> check_conversions(const SgdOptions& o, bool has_buffer) {
  const bool uses_buffer = o.momentum != 0.0 && has_buffer;
  return check_converted({{"weight_decay", "weight_decay", o.weight_decay},
                          {"dampening", "1 - dampening", uses_buffer ? 1.0 - o.dampening : 0.0},
                          {"momentum", "momentum", o.nesterov ? o.momentum : 0.0},
                          {"lr", "-lr", -o.lr}});
}

std::optional<Error> check_options(const SgdOptions& o) {
  // PyTorch checks lr, momentum and weight_decay, then nesterov; dampening may be any number.
  if (auto error =
          check_settings({{"lr", o.lr}, {"momentum", o.momentum}, {"weight_decay", o.weight_decay}},
                         {{"dampening", o.dampening}})) {
    return error;
  }
  if (o.nesterov && !(o.momentum > 0.0 && o.dampening == 0.0)) {
    return Error{"nesterov",
                 "nesterov needs a momentum above 0 and a dampening of 0, got momentum " +
                     show(o.momentum) + " and dampening " + show(o.dampening)};
  }
  return std::nullopt;
}

std::optional<Error> check_options(const RmspropOptions& o) {
  // alpha may exceed 1, as in PyTorch (square_avg may then turn negative and its root NaN).
  return check_settings({{"lr", o.lr},
                         {"eps", o.eps},
                         {"momentum", o.momentum},
                         {"weight_decay", o.weight_decay},
                         {"alpha", o.alpha}});
}

std::optional<Error> check_options(const AdamOptions& o) {
  if (auto error = check_settings({{"lr", o.lr}, {"eps", o.eps}})) return error;
  if (auto error = check_beta(0, o.beta1)) return error;
  if (auto error = check_beta(1, o.beta2)) return error;
  return check_settings({{"weight_decay", o.weight_decay}});
}

std::optional<Error> check_values(size_t params_length, size_t grads_length) {
  if (static_cast<uint64_t>(params_length) > static_cast<uint64_t>(core::kMaxElements)) {
    return Error{"params", "params has " + std::to_string(params_length) + " values, more than " +
                               core::kMaxElementsText + ", the most the core takes"};
  }
  if (grads_length != params_length) {
    return Error{"grads", "grads has " + std::to_string(grads_length) + " values but params has " +
                              std::to_string(params_length)};
  }
  return std::nullopt;
}

std::optional<Error> check_buffer(const char* name, size_t length, size_t params_length) {
  if (length == params_length) return std::nullopt;
  return Error{"state", "state['" + std::string(name) + "'] has " + std::to_string(length) +
                            " values but params has " + std::to_string(params_length)};
}

Checked<Stepped<SgdState>> sgd_step(std::vector<float> params, FloatView grads,
                                    std::optional<SgdState> state, const SgdOptions& options) {
  return checked_step(std::move(params), grads, std::move(state), options);
}

Checked<Stepped<RmspropState>> rmsprop_step(std::vector<float> params, FloatView grads,
                                            std::optional<RmspropState> state,
                                            const RmspropOptions& options) {
  return checked_step(std::move(params), grads, std::move(state), options);
}

Checked<Stepped<AdamState>> adam_step(std::vector<float> params, FloatView grads,
                                      std::optional<AdamState> state, const AdamOptions& options) {
  return checked_step(std::move(params), grads, std::move(state), options);
}

std::optional<Error> check_surface(Surface surface) {
  const auto code = static_cast<int32_t>(surface);
  if (code >= 0 && code <= 2) return std::nullopt;
  return Error{"surface",
               "surface must be 'bowl', 'ravine' or 'rosenbrock', got " + std::to_string(code)};
}

Checked<SurfacePoint> surface(Surface surface, FloatView point) {
  auto error = check_surface(surface);
  if (!error) error = check_point("point", point);
  if (error) return failed<SurfacePoint>(*error);
  return core::succeed(evaluate(surface, point[0], point[1]));
}

Checked<std::vector<float>> surface_grid(Surface surface, const Grid& grid) {
  auto error = check_surface(surface);
  for (const auto& [name, low, high] : {std::tuple{"x", grid.x0, grid.x1}, std::tuple{"y", grid.y0, grid.y1}}) {
    if (!error && !(std::isfinite(low) && std::isfinite(high) && low < high)) {
      error = Error{name, std::string(name) + " must run from a finite number to a larger one, got " +
                              core::show(low) + " to " + core::show(high)};
    }
  }
  for (const auto& [name, cells] : {std::pair{"columns", grid.columns}, std::pair{"rows", grid.rows}}) {
    if (!error && (cells < 1 || cells > kMaxGridCells)) {
      error = Error{name, std::string(name) + " must be a whole number from 1 to " +
                              std::to_string(kMaxGridCells) + ", got " + std::to_string(cells)};
    }
  }
  if (error) return failed<std::vector<float>>(*error);
  const auto at = [](double low, double high, int32_t cells, int32_t k) {
    return static_cast<float>(low + (high - low) * k / cells);
  };
  std::vector<float> values;
  values.reserve(static_cast<size_t>(grid.columns + 1) * static_cast<size_t>(grid.rows + 1));
  for (int32_t j = 0; j <= grid.rows; ++j) {
    const float y = at(grid.y0, grid.y1, grid.rows, j);
    for (int32_t i = 0; i <= grid.columns; ++i) {
      values.push_back(reference::surface_value(surface, at(grid.x0, grid.x1, grid.columns, i), y));
    }
  }
  return core::succeed(std::move(values));
}

Checked<Descent<SgdState>> descend(Surface surface, FloatView start, const SgdOptions& options,
                                   int32_t steps) {
  return checked_descent(surface, start, options, steps);
}

Checked<Descent<RmspropState>> descend(Surface surface, FloatView start,
                                       const RmspropOptions& options, int32_t steps) {
  return checked_descent(surface, start, options, steps);
}

Checked<Descent<AdamState>> descend(Surface surface, FloatView start, const AdamOptions& options,
                                    int32_t steps) {
  return checked_descent(surface, start, options, steps);
}

}  // namespace optim
