// The only file of the family that includes Emscripten, and a thin one: two free functions and
// a single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes a Float32Array, which is copied into the heap once,
// and the result leaves as a fresh Float32Array (a copy, never a view into the heap, which
// would go stale when memory grows). Options cross as a plain struct (value_object), so JS
// passes a plain object and has nothing to delete; the activation and GELU's approximation cross
// as Embind enums. A rejected argument comes back as
// { error, parameter }, which core/activations/js/index.js throws as an ActivationError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <vector>

#include "activations/activations.h"

using emscripten::val;

namespace {

val error_object(const activations::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val to_float32_array(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

// The activation's output, or { error, parameter }. The call is checked before the values are
// copied in, so an input too large for the core never reaches the heap.
val forward(activations::Activation activation, const val& input,
            const activations::ActivationOptions& options) {
  if (auto error = activations::check_call(activation, options, length_of(input))) {
    return error_object(*error);
  }
  const auto values = emscripten::convertJSArrayToNumberVector<float>(input);
  std::vector<float> output(values.size());
  activations::run_forward(output.data(), activation, values, options);
  return to_float32_array(output);
}

// The gradient with respect to the input, or { error, parameter }.
val backward(activations::Activation activation, const val& grad_output, const val& input,
             const activations::ActivationOptions& options) {
  if (auto error = activations::check_call(activation, options, length_of(input),
                                           length_of(grad_output))) {
    return error_object(*error);
  }
  const auto gradients = emscripten::convertJSArrayToNumberVector<float>(grad_output);
  const auto values = emscripten::convertJSArrayToNumberVector<float>(input);
  std::vector<float> grad_input(values.size());
  activations::run_backward(grad_input.data(), activation, gradients, values, options);
  return to_float32_array(grad_input);
}

}  // namespace

EMSCRIPTEN_BINDINGS(activations_core) {
  // The codes live here alone: JS reads them as Module.Activation.relu and so on.
  emscripten::enum_<activations::Activation>("Activation")
      .value("relu", activations::Activation::kRelu)
      .value("sigmoid", activations::Activation::kSigmoid)
      .value("tanh", activations::Activation::kTanh)
      .value("gelu", activations::Activation::kGelu)
      .value("swish", activations::Activation::kSwish)
      .value("elu", activations::Activation::kElu);
  emscripten::enum_<activations::GeluApproximate>("GeluApproximate")
      .value("none", activations::GeluApproximate::kNone)
      .value("tanh", activations::GeluApproximate::kTanh);
  emscripten::value_object<activations::ActivationOptions>("ActivationOptions")
      .field("approximate", &activations::ActivationOptions::approximate)
      .field("alpha", &activations::ActivationOptions::alpha)
      .field("beta", &activations::ActivationOptions::beta);
  emscripten::function("forward", &forward);
  emscripten::function("backward", &backward);
}
