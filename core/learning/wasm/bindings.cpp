// The only file of the family that includes Emscripten, and a thin one: free functions and a
// single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes Float32Arrays (shapes as Int32Arrays), which
// are copied into the heap once, and results leave as fresh Float32Arrays (copies, never views
// into the heap, which would go stale when memory grows). Options cross as plain structs
// (value_object), the activation as an Embind enum, a LAMB state and an XOR training's SGD
// state as plain objects (null for a fresh one). Every size is checked before any values are
// copied in, so a call too large for the core never reaches the heap. A rejected argument comes
// back as { error, parameter }, which core/learning/js/index.js throws as a LearningError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <utility>
#include <vector>

#include "learning/learning.h"

using emscripten::val;

namespace {

val error_object(const learning::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val copy_out(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

std::vector<float> floats(const val& values) {
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

std::vector<int32_t> shape(const val& values) {
  return emscripten::convertJSArrayToNumberVector<int32_t>(values);
}

// A view with a length and no values behind it: what the checks read before anything is copied.
learning::FloatView sized(const val& values) { return {nullptr, length_of(values)}; }

// y = x W^T + b, or the error.
val linear(const val& input, const val& input_shape, const val& weight, const val& weight_shape,
           const val& bias) {
  const auto in_shape = shape(input_shape), w_shape = shape(weight_shape);
  const auto sizes = learning::check_linear(
      in_shape, w_shape, length_of(input), length_of(weight),
      bias.isNull() ? std::nullopt : std::optional<size_t>(length_of(bias)));
  if (!sizes.ok()) return error_object(*sizes.error);
  const auto b = bias.isNull() ? std::vector<float>() : floats(bias);
  const auto result = learning::linear(floats(input), in_shape, floats(weight), w_shape,
                                       bias.isNull() ? std::nullopt
                                                     : std::optional<learning::FloatView>(b));
  if (!result.ok()) return error_object(*result.error);
  return copy_out(*result.value);
}

// { gradInput, gradWeight, gradBias } (gradBias null without a bias).
val linear_backward(const val& grad_output, const val& input, const val& input_shape,
                    const val& weight, const val& weight_shape, bool with_bias) {
  const auto in_shape = shape(input_shape), w_shape = shape(weight_shape);
  const auto sizes = learning::check_linear(in_shape, w_shape, length_of(input),
                                            length_of(weight), std::nullopt,
                                            length_of(grad_output));
  if (!sizes.ok()) return error_object(*sizes.error);
  const auto result = learning::linear_backward(floats(grad_output), floats(input), in_shape,
                                                floats(weight), w_shape, with_bias);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("gradInput", copy_out(result.value->grad_input));
  out.set("gradWeight", copy_out(result.value->grad_weight));
  out.set("gradBias", result.value->grad_bias ? copy_out(*result.value->grad_bias) : val::null());
  return out;
}

// { w1, b1, w2, b2 } (the network, or its momentum buffers): the lengths, for the checks, then
// the values, copied in once the lengths are known to be right.
learning::XorParamsView sized_tensors(const val& p) {
  return {sized(p["w1"]), sized(p["b1"]), sized(p["w2"]), sized(p["b2"])};
}
learning::XorParams copied_tensors(const val& p) {
  return {floats(p["w1"]), floats(p["b1"]), floats(p["w2"]), floats(p["b2"])};
}

std::optional<learning::Error> read_params(const val& params, learning::XorParams& into) {
  if (auto H = learning::check_xor_params(sized_tensors(params)); !H.ok()) return H.error;
  into = copied_tensors(params);
  return std::nullopt;
}

// SGD's state, { momentumBuffer }, for a network of `hidden` units: null for a fresh optimiser,
// as is a null momentumBuffer (PyTorch keeps none before a step with momentum).
std::optional<learning::Error> read_sgd_state(const val& js_state, int32_t hidden,
                                              learning::XorSgdState& into) {
  if (js_state.isNull()) return std::nullopt;
  const val buffer = js_state["momentumBuffer"];
  if (buffer.isNull()) return std::nullopt;
  if (auto error = learning::check_xor_momentum_buffer(sized_tensors(buffer), hidden)) return error;
  into.momentum_buffer = copied_tensors(buffer);
  return std::nullopt;
}

val params_out(const learning::XorParams& p) {
  val out = val::object();
  out.set("w1", copy_out(p.w1));
  out.set("b1", copy_out(p.b1));
  out.set("w2", copy_out(p.w2));
  out.set("b2", copy_out(p.b2));
  return out;
}

// { w1, b1, w2, b2 }: the seeded start. JS passes integers (a seed may exceed int32).
val xor_init(double hidden, double seed) {
  const auto result =
      learning::xor_init(static_cast<int64_t>(hidden), static_cast<int64_t>(seed));
  if (!result.ok()) return error_object(*result.error);
  return params_out(*result.value);
}

// { losses, params, hidden, probabilities, state: { momentumBuffer } }.
val xor_train(const val& params, const learning::XorOptions& options, int32_t steps,
              const val& js_state) {
  learning::XorParams p;
  learning::XorSgdState state;
  auto error = read_params(params, p);
  if (!error) error = learning::check_xor_options(options);
  if (!error) error = learning::check_xor_steps(steps);
  if (!error) error = read_sgd_state(js_state, static_cast<int32_t>(p.w1.size() / 2), state);
  if (error) return error_object(*error);
  const auto result = learning::xor_train(learning::view_of(p), options, steps, std::move(state));
  if (!result.ok()) return error_object(*result.error);
  const auto& t = *result.value;
  val out = val::object();
  out.set("losses", copy_out(t.losses));
  out.set("params", params_out(t.params));
  out.set("hidden", copy_out(t.hidden));
  out.set("probabilities", copy_out(t.probabilities));
  const auto& buffer = t.state.momentum_buffer;
  val s = val::object();
  s.set("momentumBuffer", buffer ? params_out(*buffer) : val::null());
  out.set("state", s);
  return out;
}

// { hidden, probabilities }.
val xor_forward(const val& params, const val& points, const learning::XorOptions& options) {
  learning::XorParams p;
  auto error = read_params(params, p);
  if (!error) error = learning::check_xor_options(options);
  if (!error) error = learning::check_xor_points(length_of(points));
  if (error) return error_object(*error);
  const auto result = learning::xor_forward(learning::view_of(p), floats(points), options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("hidden", copy_out(result.value->hidden));
  out.set("probabilities", copy_out(result.value->probabilities));
  return out;
}

// { param, state: { step, expAvg, expAvgSq }, trustRatio, update }.
val lamb_step(const val& param, const val& grad, const val& js_state,
              const learning::LambOptions& options) {
  const size_t n = length_of(param);
  auto error = learning::check_lamb_options(options);
  if (!error) error = learning::check_lamb_values(n, length_of(grad));
  std::optional<learning::LambState> state;
  if (!error && !js_state.isNull()) {
    const val exp_avg = js_state["expAvg"], exp_avg_sq = js_state["expAvgSq"];
    error = learning::check_lamb_buffer("exp_avg", length_of(exp_avg), n);
    if (!error) error = learning::check_lamb_buffer("exp_avg_sq", length_of(exp_avg_sq), n);
    if (!error) state = {js_state["step"].as<double>(), floats(exp_avg), floats(exp_avg_sq)};
  }
  if (error) return error_object(*error);
  const auto result = learning::lamb_step(floats(param), floats(grad), std::move(state), options);
  if (!result.ok()) return error_object(*result.error);
  const auto& r = *result.value;
  val out = val::object();
  out.set("param", copy_out(r.param));
  val s = val::object();
  s.set("step", r.state.step);
  s.set("expAvg", copy_out(r.state.exp_avg));
  s.set("expAvgSq", copy_out(r.state.exp_avg_sq));
  out.set("state", s);
  out.set("trustRatio", r.trust_ratio);
  out.set("update", copy_out(r.update));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(learning_core) {
  // index.js maps an activation's name to its code through Module.Activation, never by number.
  emscripten::enum_<learning::Activation>("Activation")
      .value("tanh", learning::Activation::kTanh)
      .value("relu", learning::Activation::kRelu)
      .value("sigmoid", learning::Activation::kSigmoid);
  emscripten::value_object<learning::XorOptions>("XorOptions")
      .field("activation", &learning::XorOptions::activation)
      .field("lr", &learning::XorOptions::lr)
      .field("momentum", &learning::XorOptions::momentum);
  emscripten::value_object<learning::LambOptions>("LambOptions")
      .field("lr", &learning::LambOptions::lr)
      .field("beta1", &learning::LambOptions::beta1)
      .field("beta2", &learning::LambOptions::beta2)
      .field("eps", &learning::LambOptions::eps)
      .field("weightDecay", &learning::LambOptions::weight_decay);
  emscripten::function("linear", &linear);
  emscripten::function("linearBackward", &linear_backward);
  emscripten::function("xorInit", &xor_init);
  emscripten::function("xorTrain", &xor_train);
  emscripten::function("xorForward", &xor_forward);
  emscripten::function("lambStep", &lamb_step);
}
