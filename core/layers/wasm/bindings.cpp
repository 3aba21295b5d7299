// The only file of the family that includes Emscripten, and a thin one: free functions and a
// single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays (JS passes Float32Array, Int32Array or Uint8Array), each length
// checked against the core's limit before it is copied into the heap; results leave as fresh
// typed arrays (copies, never views into the heap, which would go stale when memory grows).
// Shapes cross as Int32Arrays, options as plain numbers, an absent optional array as null. A
// rejected argument comes back as { error, parameter }, which core/layers/js/index.js throws as
// a LayerError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <vector>

#include "layers/layers.h"

using emscripten::val;

namespace {

val error_object(const layers::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

template <class T>
val to_typed_array(const std::vector<T>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

// A JS typed array copied into the heap, or the error when it is longer than the core takes.
template <class T>
std::optional<layers::Error> read(const val& values, const char* name, std::vector<T>& out) {
  if (auto error = layers::check_count(values["length"].as<size_t>(), name)) return error;
  out = emscripten::convertJSArrayToNumberVector<T>(values);
  return std::nullopt;
}

// Like read, for an optional array (null when absent).
std::optional<layers::Error> read_optional(const val& values, const char* name,
                                           std::vector<float>& out,
                                           std::optional<layers::FloatView>& view) {
  if (values.isNull() || values.isUndefined()) return std::nullopt;
  if (auto error = read(values, name, out)) return error;
  view = layers::FloatView(out);
  return std::nullopt;
}

// A shape arrives as an Int32Array (the JS API checked every size is an int32).
layers::Shape shape_of(const val& shape) {
  const auto sizes = emscripten::convertJSArrayToNumberVector<int32_t>(shape);
  return layers::Shape(sizes.begin(), sizes.end());
}

template <class T>
val answer(const layers::Checked<std::vector<T>>& result) {
  return result.ok() ? to_typed_array(*result.value) : error_object(*result.error);
}

val gradients(const layers::Checked<layers::NormGradients>& result) {
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("gradInput", to_typed_array(result.value->grad_input));
  out.set("gradWeight", to_typed_array(result.value->grad_weight));
  out.set("gradBias", to_typed_array(result.value->grad_bias));
  return out;
}

// softmax and log_softmax, forward (grad_output null) or backward.
val softmax(bool log, const val& grad_output, const val& input, const val& shape, int32_t dim,
            double temperature) {
  std::vector<float> gradients_in, values;
  if (auto error = read(input, "input", values)) return error_object(*error);
  const layers::SoftmaxOptions options{dim, temperature};
  if (grad_output.isNull()) {
    return answer(log ? layers::log_softmax(values, shape_of(shape), options)
                      : layers::softmax(values, shape_of(shape), options));
  }
  if (auto error = read(grad_output, "grad_output", gradients_in)) return error_object(*error);
  return answer(log ? layers::log_softmax_backward(gradients_in, values, shape_of(shape), options)
                    : layers::softmax_backward(gradients_in, values, shape_of(shape), options));
}

layers::EmbeddingOptions embedding_options(const val& padding_idx) {
  layers::EmbeddingOptions options;
  if (!padding_idx.isNull()) options.padding_idx = padding_idx.as<int32_t>();
  return options;
}

val embedding(const val& indices, const val& weight, const val& weight_shape,
              const val& padding_idx) {
  std::vector<int32_t> rows;
  std::vector<float> values;
  if (auto error = read(indices, "indices", rows)) return error_object(*error);
  if (auto error = read(weight, "weight", values)) return error_object(*error);
  return answer(layers::embedding(rows, values, shape_of(weight_shape),
                                  embedding_options(padding_idx)));
}

val embedding_backward(const val& grad_output, const val& indices, const val& weight_shape,
                       const val& padding_idx) {
  std::vector<int32_t> rows;
  std::vector<float> gradients_in;
  if (auto error = read(grad_output, "grad_output", gradients_in)) return error_object(*error);
  if (auto error = read(indices, "indices", rows)) return error_object(*error);
  return answer(layers::embedding_backward(gradients_in, rows, shape_of(weight_shape),
                                           embedding_options(padding_idx)));
}

// dropout (backward: the same product on grad_output).
val dropout(bool backward, const val& values_in, const val& mask_in, double p) {
  std::vector<float> values;
  std::vector<uint8_t> mask;
  if (auto error = read(values_in, backward ? "grad_output" : "input", values)) {
    return error_object(*error);
  }
  if (auto error = read(mask_in, "mask", mask)) return error_object(*error);
  return answer(backward ? layers::dropout_backward(values, mask, p)
                         : layers::dropout(values, mask, p));
}

val dropout_mask(double length, double p, double seed) {
  return answer(layers::dropout_mask(static_cast<int64_t>(length), p, static_cast<int64_t>(seed)));
}

val batch_norm2d(const val& input, const val& shape, const val& weight, const val& bias,
                 const val& running_mean, const val& running_var, bool training, double momentum,
                 double eps) {
  std::vector<float> values, w, b, mean, var;
  layers::BatchNormOptions options;
  options.training = training;
  options.momentum = momentum;
  options.eps = eps;
  if (auto error = read(input, "input", values)) return error_object(*error);
  if (auto error = read_optional(weight, "weight", w, options.weight)) return error_object(*error);
  if (auto error = read_optional(bias, "bias", b, options.bias)) return error_object(*error);
  if (auto error = read_optional(running_mean, "running_mean", mean, options.running_mean)) {
    return error_object(*error);
  }
  if (auto error = read_optional(running_var, "running_var", var, options.running_var)) {
    return error_object(*error);
  }
  const auto result = layers::batch_norm2d(values, shape_of(shape), options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("output", to_typed_array(result.value->output));
  out.set("runningMean", to_typed_array(result.value->running_mean));
  out.set("runningVar", to_typed_array(result.value->running_var));
  return out;
}

val batch_norm2d_backward(const val& grad_output, const val& input, const val& shape,
                          const val& weight, double eps) {
  std::vector<float> gradients_in, values, w;
  std::optional<layers::FloatView> weight_view;
  if (auto error = read(grad_output, "grad_output", gradients_in)) return error_object(*error);
  if (auto error = read(input, "input", values)) return error_object(*error);
  if (auto error = read_optional(weight, "weight", w, weight_view)) return error_object(*error);
  return gradients(
      layers::batch_norm2d_backward(gradients_in, values, shape_of(shape), weight_view, eps));
}

// layer_norm, forward (grad_output null) or backward.
val layer_norm(const val& grad_output, const val& input, const val& shape, const val& weight,
               const val& bias, double eps) {
  std::vector<float> gradients_in, values, w, b;
  layers::LayerNormOptions options;
  options.eps = eps;
  if (auto error = read(input, "input", values)) return error_object(*error);
  if (auto error = read_optional(weight, "weight", w, options.weight)) return error_object(*error);
  if (auto error = read_optional(bias, "bias", b, options.bias)) return error_object(*error);
  if (grad_output.isNull()) return answer(layers::layer_norm(values, shape_of(shape), options));
  if (auto error = read(grad_output, "grad_output", gradients_in)) return error_object(*error);
  return gradients(layers::layer_norm_backward(gradients_in, values, shape_of(shape), options));
}

}  // namespace

EMSCRIPTEN_BINDINGS(layers_core) {
  emscripten::function("softmax", &softmax);
  emscripten::function("embedding", &embedding);
  emscripten::function("embeddingBackward", &embedding_backward);
  emscripten::function("dropout", &dropout);
  emscripten::function("dropoutMask", &dropout_mask);
  emscripten::function("batchNorm2d", &batch_norm2d);
  emscripten::function("batchNorm2dBackward", &batch_norm2d_backward);
  emscripten::function("layerNorm", &layer_norm);
}
