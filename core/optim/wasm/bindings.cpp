// The only file of the family that includes Emscripten, and a thin one: free functions and a
// single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes Float32Arrays, which are copied into the heap once,
// and results leave as fresh Float32Arrays (copies, never views into the heap, which would go
// stale when memory grows). A state crosses as a plain object with every key present (a buffer
// the state lacks is null; a fresh optimiser's state is null itself), options as plain structs
// (value_object), the surface as an Embind enum. The sizes are checked before any values are
// copied in: the options, params and grads, then each state buffer before it is copied, so a call
// too large for the core never reaches the heap. A rejected argument comes back as
// { error, parameter }, which core/optim/js/index.js throws as an OptimError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <utility>
#include <vector>

#include "optim/optim.h"

using emscripten::val;

namespace {

val error_object(const optim::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val copy_out(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

val copy_out(const std::optional<std::vector<float>>& values) {
  return values ? copy_out(*values) : val::null();
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

std::vector<float> floats(const val& values) {
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

// state[key] (null when the state lacks it), copied in once it is known to be as long as params.
std::optional<optim::Error> read_buffer(const val& state, const char* key, const char* name,
                                        size_t n, std::optional<std::vector<float>>& into) {
  const val values = state[key];
  if (values.isNull()) return std::nullopt;
  if (auto error = optim::check_buffer(name, length_of(values), n)) return error;
  into = floats(values);
  return std::nullopt;
}

// A buffer every state has; JS has checked that it is there.
std::optional<optim::Error> read_buffer(const val& state, const char* key, const char* name,
                                        size_t n, std::vector<float>& into) {
  std::optional<std::vector<float>> read;
  auto error = read_buffer(state, key, name, n, read);
  if (read) into = std::move(*read);
  return error;
}

// The JS state as C++ (JS null: a fresh optimiser), or the first buffer of the wrong length.
std::optional<optim::Error> read_state(const val& js, size_t n,
                                       std::optional<optim::SgdState>& state) {
  if (js.isNull()) return std::nullopt;
  auto& s = state.emplace();
  return read_buffer(js, "momentumBuffer", "momentum_buffer", n, s.momentum_buffer);
}

std::optional<optim::Error> read_state(const val& js, size_t n,
                                       std::optional<optim::RmspropState>& state) {
  if (js.isNull()) return std::nullopt;
  auto& s = state.emplace();
  s.step = js["step"].as<double>();
  if (auto error = read_buffer(js, "squareAvg", "square_avg", n, s.square_avg)) return error;
  if (auto error = read_buffer(js, "momentumBuffer", "momentum_buffer", n, s.momentum_buffer)) {
    return error;
  }
  return read_buffer(js, "gradAvg", "grad_avg", n, s.grad_avg);
}

std::optional<optim::Error> read_state(const val& js, size_t n,
                                       std::optional<optim::AdamState>& state) {
  if (js.isNull()) return std::nullopt;
  auto& s = state.emplace();
  s.step = js["step"].as<double>();
  if (auto error = read_buffer(js, "expAvg", "exp_avg", n, s.exp_avg)) return error;
  if (auto error = read_buffer(js, "expAvgSq", "exp_avg_sq", n, s.exp_avg_sq)) return error;
  return read_buffer(js, "maxExpAvgSq", "max_exp_avg_sq", n, s.max_exp_avg_sq);
}

val to_js(const optim::SgdState& state) {
  val out = val::object();
  out.set("momentumBuffer", copy_out(state.momentum_buffer));
  return out;
}

val to_js(const optim::RmspropState& state) {
  val out = val::object();
  out.set("step", state.step);
  out.set("squareAvg", copy_out(state.square_avg));
  out.set("momentumBuffer", copy_out(state.momentum_buffer));
  out.set("gradAvg", copy_out(state.grad_avg));
  return out;
}

val to_js(const optim::AdamState& state) {
  val out = val::object();
  out.set("step", state.step);
  out.set("expAvg", copy_out(state.exp_avg));
  out.set("expAvgSq", copy_out(state.exp_avg_sq));
  out.set("maxExpAvgSq", copy_out(state.max_exp_avg_sq));
  return out;
}

// One step: { params, state }. `step` is the checked C++ call.
template <class State, class Options, class Step>
val step_call(const val& params, const val& grads, const val& js_state, const Options& options,
              Step step) {
  const size_t n = length_of(params);
  auto error = optim::check_options(options);
  if (!error) error = optim::check_values(n, length_of(grads));
  std::optional<State> state;
  if (!error) error = read_state(js_state, n, state);
  if (error) return error_object(*error);
  const auto g = floats(grads);
  const auto result = step(floats(params), g, std::move(state), options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("params", copy_out(result.value->params));
  out.set("state", to_js(result.value->state));
  return out;
}

val sgd_step(const val& params, const val& grads, const val& state,
             const optim::SgdOptions& options) {
  return step_call<optim::SgdState>(params, grads, state, options, &optim::sgd_step);
}
val rmsprop_step(const val& params, const val& grads, const val& state,
                 const optim::RmspropOptions& options) {
  return step_call<optim::RmspropState>(params, grads, state, options, &optim::rmsprop_step);
}
val adam_step(const val& params, const val& grads, const val& state,
              const optim::AdamOptions& options) {
  return step_call<optim::AdamState>(params, grads, state, options, &optim::adam_step);
}

// A point's two values; any other length is left out, and the core refuses its view (which has
// no data behind it) before reading it.
std::vector<float> point_values(const val& point) {
  return length_of(point) == 2 ? floats(point) : std::vector<float>();
}

// { value, gradient }.
val surface(optim::Surface surface, const val& point) {
  const auto xy = point_values(point);
  const auto result = optim::surface(surface, optim::FloatView(xy.data(), length_of(point)));
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("value", result.value->value);
  const std::vector<float> gradient(result.value->gradient.begin(), result.value->gradient.end());
  out.set("gradient", copy_out(gradient));
  return out;
}

// The values at the grid's corners, row by row.
val surface_grid(optim::Surface surface, double x0, double x1, double y0, double y1,
                 int32_t columns, int32_t rows) {
  const auto result = optim::surface_grid(surface, {x0, x1, y0, y1, columns, rows});
  if (!result.ok()) return error_object(*result.error);
  return copy_out(*result.value);
}

// { points, values, gradients, state }.
template <class Options>
val descend(optim::Surface surface, const val& start, const Options& options, int32_t steps) {
  const auto xy = point_values(start);
  const auto result =
      optim::descend(surface, optim::FloatView(xy.data(), length_of(start)), options, steps);
  if (!result.ok()) return error_object(*result.error);
  const auto& descent = *result.value;
  val out = val::object();
  out.set("points", copy_out(descent.points));
  out.set("values", copy_out(descent.values));
  out.set("gradients", copy_out(descent.gradients));
  out.set("state", to_js(descent.state));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(optim_core) {
  // The codes live here alone: JS reads them as Module.Surface.bowl and so on.
  emscripten::enum_<optim::Surface>("Surface")
      .value("bowl", optim::Surface::kBowl)
      .value("ravine", optim::Surface::kRavine)
      .value("rosenbrock", optim::Surface::kRosenbrock);
  emscripten::value_object<optim::SgdOptions>("SgdOptions")
      .field("lr", &optim::SgdOptions::lr)
      .field("momentum", &optim::SgdOptions::momentum)
      .field("dampening", &optim::SgdOptions::dampening)
      .field("weightDecay", &optim::SgdOptions::weight_decay)
      .field("nesterov", &optim::SgdOptions::nesterov)
      .field("maximize", &optim::SgdOptions::maximize);
  emscripten::value_object<optim::RmspropOptions>("RmspropOptions")
      .field("lr", &optim::RmspropOptions::lr)
      .field("alpha", &optim::RmspropOptions::alpha)
      .field("eps", &optim::RmspropOptions::eps)
      .field("weightDecay", &optim::RmspropOptions::weight_decay)
      .field("momentum", &optim::RmspropOptions::momentum)
      .field("centered", &optim::RmspropOptions::centered)
      .field("maximize", &optim::RmspropOptions::maximize);
  emscripten::value_object<optim::AdamOptions>("AdamOptions")
      .field("lr", &optim::AdamOptions::lr)
      .field("beta1", &optim::AdamOptions::beta1)
      .field("beta2", &optim::AdamOptions::beta2)
      .field("eps", &optim::AdamOptions::eps)
      .field("weightDecay", &optim::AdamOptions::weight_decay)
      .field("amsgrad", &optim::AdamOptions::amsgrad)
      .field("maximize", &optim::AdamOptions::maximize);
  emscripten::function("sgdStep", &sgd_step);
  emscripten::function("rmspropStep", &rmsprop_step);
  emscripten::function("adamStep", &adam_step);
  emscripten::function("surface", &surface);
  emscripten::function("surfaceGrid", &surface_grid);
  emscripten::function("descendSgd", &descend<optim::SgdOptions>);
  emscripten::function("descendRmsprop", &descend<optim::RmspropOptions>);
  emscripten::function("descendAdam", &descend<optim::AdamOptions>);
}
