// The only file of the family that includes Emscripten, and a thin one: six free functions and
// a single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes a Float32Array (class indices and shapes an
// Int32Array), which is copied into the heap once, and the result leaves as a fresh
// Float32Array (a copy, never a view into the heap, which would go stale when memory grows): the
// loss (one value when reduced) or the gradient. Options cross as a plain struct (value_object),
// the reduction as an Embind enum, a reduced loss's gradient as a plain number. Each call's
// sizes are checked before any values are copied in, so an input too large for the core never
// reaches the heap. A rejected argument comes back as { error, parameter }, which
// core/losses/js/index.js throws as a LossError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <vector>

#include "losses/losses.h"

using emscripten::val;

namespace {

val error_object(const losses::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val answer(const losses::Checked<std::vector<float>>& result) {
  if (!result.ok()) return error_object(*result.error);
  const auto& values = *result.value;
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

std::vector<float> floats(const val& values) {
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

std::vector<int32_t> ints(const val& values) {
  return emscripten::convertJSArrayToNumberVector<int32_t>(values);
}

// A backward's grad_output: a number for a reduced loss, else values. The number arrives as
// the double JS holds and is checked before it rounds to float32, so a value beyond float32
// is named as such rather than as the infinity it would round to.
std::optional<size_t> gradient_length(const val* grad_output) {
  if (!grad_output) return std::nullopt;
  return grad_output->isNumber() ? 1 : length_of(*grad_output);
}

std::optional<losses::Error> check_gradient_number(const val& grad_output) {
  if (!grad_output.isNumber()) return std::nullopt;
  return losses::check_loss_gradient(grad_output.as<double>());
}

std::vector<float> gradient(const val& grad_output) {
  if (grad_output.isNumber()) return {static_cast<float>(grad_output.as<double>())};
  return floats(grad_output);
}

// MSE or Huber: the loss, or the gradient when grad_output is given.
val pointwise(bool huber, const val* grad_output, const val& input, const val& target,
              const losses::LossOptions& options) {
  if (auto error = losses::check_pointwise(huber, options, length_of(input), length_of(target),
                                           gradient_length(grad_output))) {
    return error_object(*error);
  }
  const auto x = floats(input), y = floats(target);
  if (!grad_output) return answer(huber ? losses::huber_loss(x, y, options) : losses::mse_loss(x, y, options));
  if (auto error = check_gradient_number(*grad_output)) return error_object(*error);
  const auto g = gradient(*grad_output);
  return answer(huber ? losses::huber_loss_backward(g, x, y, options)
                      : losses::mse_loss_backward(g, x, y, options));
}

val mse_loss(const val& input, const val& target, const losses::LossOptions& options) {
  return pointwise(false, nullptr, input, target, options);
}
val mse_loss_backward(const val& grad_output, const val& input, const val& target,
                      const losses::LossOptions& options) {
  return pointwise(false, &grad_output, input, target, options);
}
val huber_loss(const val& input, const val& target, const losses::LossOptions& options) {
  return pointwise(true, nullptr, input, target, options);
}
val huber_loss_backward(const val& grad_output, const val& input, const val& target,
                        const losses::LossOptions& options) {
  return pointwise(true, &grad_output, input, target, options);
}

// Cross-entropy's loss, or its gradient when grad_output is given.
val cross_entropy_call(const val* grad_output, const val& input, const val& shape_values,
                       const val& target, const losses::LossOptions& options) {
  const auto dims = ints(shape_values);
  const losses::Shape shape(dims.begin(), dims.end());
  if (auto error = losses::check_cross_entropy(options, shape, length_of(input),
                                               length_of(target), gradient_length(grad_output))) {
    return error_object(*error);
  }
  const auto x = floats(input);
  const auto classes = ints(target);
  if (!grad_output) return answer(losses::cross_entropy(x, shape, classes, options));
  if (auto error = check_gradient_number(*grad_output)) return error_object(*error);
  return answer(losses::cross_entropy_backward(gradient(*grad_output), x, shape, classes, options));
}

val cross_entropy(const val& input, const val& shape, const val& target,
                  const losses::LossOptions& options) {
  return cross_entropy_call(nullptr, input, shape, target, options);
}
val cross_entropy_backward(const val& grad_output, const val& input, const val& shape,
                           const val& target, const losses::LossOptions& options) {
  return cross_entropy_call(&grad_output, input, shape, target, options);
}

}  // namespace

EMSCRIPTEN_BINDINGS(losses_core) {
  // The codes live here alone: JS reads them as Module.Reduction.mean and so on.
  emscripten::enum_<losses::Reduction>("Reduction")
      .value("none", losses::Reduction::kNone)
      .value("mean", losses::Reduction::kMean)
      .value("sum", losses::Reduction::kSum);
  emscripten::value_object<losses::LossOptions>("LossOptions")
      .field("reduction", &losses::LossOptions::reduction)
      .field("delta", &losses::LossOptions::delta)
      .field("labelSmoothing", &losses::LossOptions::label_smoothing);
  emscripten::function("mseLoss", &mse_loss);
  emscripten::function("mseLossBackward", &mse_loss_backward);
  emscripten::function("huberLoss", &huber_loss);
  emscripten::function("huberLossBackward", &huber_loss_backward);
  emscripten::function("crossEntropy", &cross_entropy);
  emscripten::function("crossEntropyBackward", &cross_entropy_backward);
}
