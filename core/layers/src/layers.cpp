// Validation and dispatch: the checks every call passes before a reference kernel runs.
#include "layers/layers.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "common/sizes.h"
#include "layers/reference.h"

namespace layers {
namespace {

using core::fail;
using core::succeed;

using core::show;

template <class T>
Checked<T> failed(const Error& error) {
  return fail<T>(error.parameter, error.message);
}

// The elements of a shape already checked by check_extent.
int64_t elements_of(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// At most Shape::kMaxRank dimensions, none negative (none 0 unless allow_zero), at most
// core::kMaxElements elements. A shape with a 0 has no elements, but its other sizes are held to
// the same bound: the kernels multiply them (softmax's outer and inner counts, batch norm's
// channels), and a bound on them keeps every such product in range.
std::optional<Error> check_extent(const Shape& shape, const char* name, bool allow_zero) {
  if (shape.size() > Shape::kMaxRank) {
    return Error{name, std::string(name) + " has " + std::to_string(shape.size()) +
                           " dimensions, more than " + std::to_string(Shape::kMaxRank)};
  }
  if (!allow_zero) return core::check_dimensions(shape, name);
  int64_t others = 1;  // the product of the sizes other than 0
  for (int64_t d : shape) {
    if (d < 0) {
      return Error{name, std::string(name) + " " + core::describe(shape) +
                             " has a negative dimension"};
    }
    if (d == 0) continue;
    if (d > core::kMaxElements || others > core::kMaxElements / d) {
      others = core::kMaxElements + 1;
      break;
    }
    others *= d;
  }
  if (others <= core::kMaxElements) return std::nullopt;
  if (std::find(shape.begin(), shape.end(), int64_t{0}) != shape.end()) {
    return Error{name, std::string(name) + " " + core::describe(shape) +
                           " has no elements, but its sizes other than 0 multiply to more than " +
                           core::kMaxElementsText + ", the most the core takes"};
  }
  return Error{name, std::string(name) + " " + core::describe(shape) + " has more than " +
                         core::kMaxElementsText + " elements, the most the core takes"};
}

std::optional<Error> check_positive(double value, const char* name) {
  if (std::isfinite(value) && value > 0) return std::nullopt;
  return Error{name, std::string(name) + " must be a positive finite number, got " + show(value)};
}

std::optional<Error> check_unit(double value, const char* name) {
  if (value >= 0 && value <= 1) return std::nullopt;  // NaN fails both
  return Error{name, std::string(name) + " must be in [0, 1], got " + show(value)};
}

// The softmax split of `shape` around dim: outer * size * inner.
struct Split {
  int64_t outer = 1, size = 1, inner = 1;
};

Checked<Split> check_softmax(size_t input_length, std::optional<size_t> grad_output_length,
                             const Shape& shape, const SoftmaxOptions& options) {
  if (auto error = check_extent(shape, "shape", true)) return failed<Split>(*error);
  // A rank-0 tensor takes dim 0 or -1, as PyTorch's wrap of a scalar's dim.
  const auto rank = static_cast<int64_t>(shape.size());
  const int64_t wrap = rank == 0 ? 1 : rank;
  if (options.dim < -wrap || options.dim >= wrap) {
    return fail<Split>("dim", "dim " + std::to_string(options.dim) + " is out of range for shape " +
                                  core::describe(shape) + " (dim must be in [" +
                                  std::to_string(-wrap) + ", " + std::to_string(wrap - 1) + "])");
  }
  const float temperature = static_cast<float>(options.temperature);
  if (!(std::isfinite(options.temperature) && temperature > 0 && std::isfinite(temperature))) {
    return fail<Split>("temperature", "temperature must be a positive finite float32 number, got " +
                                          show(options.temperature));
  }
  const int64_t n = elements_of(shape);
  if (auto error = core::check_length(input_length, n, "input", shape)) return failed<Split>(*error);
  if (grad_output_length) {
    if (auto error = core::check_length(*grad_output_length, n, "grad_output", shape)) {
      return failed<Split>(*error);
    }
  }
  Split split;
  if (rank == 0) return succeed(split);
  const int64_t d = options.dim < 0 ? options.dim + rank : options.dim;
  for (int64_t i = 0; i < rank; ++i) {
    if (i < d) split.outer *= shape[i];
    if (i > d) split.inner *= shape[i];
  }
  split.size = shape[d];
  if (n == 0) split = Split{0, 0, 0};  // nothing to loop over, however large the other sizes
  return succeed(split);
}

Checked<std::vector<float>> run_softmax(FloatView input, const Shape& shape,
                                        const SoftmaxOptions& options, bool log) {
  const auto split = check_softmax(input.size, std::nullopt, shape, options);
  if (!split.ok()) return failed<std::vector<float>>(*split.error);
  std::vector<float> output(input.size);
  reference::softmax_forward(output.data(), input.data, split.value->outer, split.value->size,
                             split.value->inner, static_cast<float>(options.temperature), log);
  return succeed(std::move(output));
}

Checked<std::vector<float>> run_softmax_backward(FloatView grad_output, FloatView input,
                                                 const Shape& shape, const SoftmaxOptions& options,
                                                 bool log) {
  const auto split = check_softmax(input.size, grad_output.size, shape, options);
  if (!split.ok()) return failed<std::vector<float>>(*split.error);
  std::vector<float> grad_input(input.size);
  reference::softmax_backward(grad_input.data(), grad_output.data, input.data, split.value->outer,
                              split.value->size, split.value->inner,
                              static_cast<float>(options.temperature), log);
  return succeed(std::move(grad_input));
}

// The padding row as an index in [0, num_embeddings), or -1 for none.
Checked<int64_t> check_embedding(IndexView indices, const Shape& weight_shape,
                                 const EmbeddingOptions& options) {
  if (weight_shape.size() != 2) {
    return fail<int64_t>("weight_shape", "weight_shape must be [num_embeddings, embedding_dim], got " +
                                             core::describe(weight_shape));
  }
  if (auto error = core::check_dimensions(weight_shape, "weight_shape")) {
    return failed<int64_t>(*error);
  }
  const int64_t rows = weight_shape[0], dim = weight_shape[1];
  int64_t padding = -1;
  if (options.padding_idx) {
    const int64_t p = *options.padding_idx;
    if (p < -rows || p >= rows) {
      return fail<int64_t>("padding_idx", "padding_idx " + std::to_string(p) +
                                              " is out of range for " + std::to_string(rows) +
                                              " embeddings (it must be in [" +
                                              std::to_string(-rows) + ", " +
                                              std::to_string(rows - 1) + "])");
    }
    padding = p < 0 ? p + rows : p;
  }
  const auto count = static_cast<int64_t>(indices.size);
  if (count > core::kMaxElements || (count > 0 && dim > core::kMaxElements / count)) {
    return fail<int64_t>("indices", "indices has " + std::to_string(indices.size) +
                                        " values: with embedding_dim " + std::to_string(dim) +
                                        " the result would have more than " +
                                        core::kMaxElementsText +
                                        " elements, the most the core takes");
  }
  for (size_t i = 0; i < indices.size; ++i) {
    if (indices[i] < 0 || indices[i] >= rows) {
      return fail<int64_t>("indices", "indices[" + std::to_string(i) + "] is " +
                                          std::to_string(indices[i]) + ", out of range for " +
                                          std::to_string(rows) + " embeddings (0 to " +
                                          std::to_string(rows - 1) + ")");
    }
  }
  return succeed(padding);
}

std::optional<Error> check_dropout(size_t length, MaskView mask, double p, const char* name) {
  if (auto error = check_unit(p, "p")) return error;
  if (auto error = check_count(length, name)) return error;
  if (mask.size != length) {
    return Error{"mask", "mask has " + std::to_string(mask.size) + " values but " + name +
                             " has " + std::to_string(length)};
  }
  for (size_t i = 0; i < mask.size; ++i) {
    if (mask[i] > 1) {
      return Error{"mask", "mask[" + std::to_string(i) + "] is " + std::to_string(mask[i]) +
                               "; a mask holds 0 (dropped) or 1 (kept)"};
    }
  }
  return std::nullopt;
}

// Dropout's forward and backward share their checks and their shape: values and a mask in, one
// array out through `kernel` (reference::dropout_forward or its backward). `name` is the values'
// parameter, for the error.
using DropoutKernel = void (*)(float*, const float*, const uint8_t*, int64_t, double);

Checked<std::vector<float>> masked_product(FloatView values, MaskView mask, double p,
                                           const char* name, DropoutKernel kernel) {
  if (auto error = check_dropout(values.size, mask, p, name)) {
    return failed<std::vector<float>>(*error);
  }
  std::vector<float> result(values.size);
  kernel(result.data(), values.data, mask.data, static_cast<int64_t>(values.size), p);
  return succeed(std::move(result));
}

// C values, or absent.
// `count` values, or absent; `what` says where count comes from ("input has 3 channels").
std::optional<Error> check_per_channel(const std::optional<FloatView>& values, int64_t count,
                                       const char* name, const std::string& what) {
  if (!values || static_cast<int64_t>(values->size) == count) return std::nullopt;
  return Error{name, std::string(name) + " has " + std::to_string(values->size) +
                         " values but " + what};
}

std::string channels_of(const Shape& shape) {
  return "input has " + std::to_string(shape[1]) + " channels";
}

std::optional<Error> check_batch_norm(size_t input_length, std::optional<size_t> grad_output_length,
                                      const Shape& shape, const std::optional<FloatView>& weight,
                                      double eps) {
  if (shape.size() != 4) {
    return Error{"shape", "shape must be [N, C, H, W], got " + core::describe(shape)};
  }
  // An empty batch (N, H or W 0) is PyTorch's too: an empty output, the running statistics
  // unchanged, zero weight and bias gradients. The channels must be there.
  if (auto error = check_extent(shape, "shape", true)) return error;
  if (shape[1] == 0) {
    return Error{"shape", "shape " + core::describe(shape) + " has no channels"};
  }
  const int64_t n = elements_of(shape);
  if (auto error = core::check_length(input_length, n, "input", shape)) return error;
  if (grad_output_length) {
    if (auto error = core::check_length(*grad_output_length, n, "grad_output", shape)) return error;
  }
  if (auto error = check_per_channel(weight, shape[1], "weight", channels_of(shape))) return error;
  return check_positive(eps, "eps");
}

std::optional<Error> check_training_batch(const Shape& shape) {
  if (shape[0] * shape[2] * shape[3] != 1) return std::nullopt;
  return Error{"input", "Expected more than 1 value per channel when training, got input of shape " +
                            core::describe(shape)};
}

// The normalised size (the last dimension), or the error.
Checked<int64_t> check_layer_norm(size_t input_length, std::optional<size_t> grad_output_length,
                                  const Shape& shape, const LayerNormOptions& options) {
  if (shape.size() == 0) {
    return fail<int64_t>("shape", "shape must have at least one dimension, got ()");
  }
  if (auto error = check_extent(shape, "shape", true)) return failed<int64_t>(*error);
  const int64_t cols = shape[shape.size() - 1];
  if (cols == 0 && shape.size() <= Shape::kMaxRank) {
    return fail<int64_t>("shape", "shape " + core::describe(shape) +
                                      " has an empty last dimension, the one layer norm normalises");
  }
  const int64_t n = elements_of(shape);
  if (auto error = core::check_length(input_length, n, "input", shape)) return failed<int64_t>(*error);
  if (grad_output_length) {
    if (auto error = core::check_length(*grad_output_length, n, "grad_output", shape)) {
      return failed<int64_t>(*error);
    }
  }
  const std::string what = "the last dimension of shape " + core::describe(shape) + " is " +
                           std::to_string(cols);
  if (auto error = check_per_channel(options.weight, cols, "weight", what)) return failed<int64_t>(*error);
  if (auto error = check_per_channel(options.bias, cols, "bias", what)) return failed<int64_t>(*error);
  if (auto error = check_positive(options.eps, "eps")) return failed<int64_t>(*error);
  return succeed(cols);
}

const float* data_or_null(const std::optional<FloatView>& values) {
  return values ? values->data : nullptr;
}

}  // namespace

std::optional<Error> check_count(size_t length, const char* name) {
  if (static_cast<uint64_t>(length) <= static_cast<uint64_t>(core::kMaxElements)) {
    return std::nullopt;
  }
  return Error{name, std::string(name) + " has " + std::to_string(length) + " values, more than " +
                         core::kMaxElementsText + ", the most the core takes"};
}

Checked<std::vector<float>> softmax(FloatView input, const Shape& shape,
                                    const SoftmaxOptions& options) {
  return run_softmax(input, shape, options, false);
}

Checked<std::vector<float>> softmax_backward(FloatView grad_output, FloatView input,
                                             const Shape& shape, const SoftmaxOptions& options) {
  return run_softmax_backward(grad_output, input, shape, options, false);
}

Checked<std::vector<float>> log_softmax(FloatView input, const Shape& shape,
                                        const SoftmaxOptions& options) {
  return run_softmax(input, shape, options, true);
}

Checked<std::vector<float>> log_softmax_backward(FloatView grad_output, FloatView input,
                                                 const Shape& shape,
                                                 const SoftmaxOptions& options) {
  return run_softmax_backward(grad_output, input, shape, options, true);
}

Checked<std::vector<float>> embedding(IndexView indices, FloatView weight,
                                      const Shape& weight_shape, const EmbeddingOptions& options) {
  const auto padding = check_embedding(indices, weight_shape, options);
  if (!padding.ok()) return failed<std::vector<float>>(*padding.error);
  if (auto error = core::check_length(weight.size, weight_shape[0] * weight_shape[1], "weight",
                                      weight_shape, "weight_shape")) {
    return failed<std::vector<float>>(*error);
  }
  const int64_t dim = weight_shape[1];
  std::vector<float> output(indices.size * static_cast<size_t>(dim));
  reference::embedding_forward(output.data(), indices.data, weight.data,
                               static_cast<int64_t>(indices.size), dim);
  return succeed(std::move(output));
}

Checked<std::vector<float>> embedding_backward(FloatView grad_output, IndexView indices,
                                               const Shape& weight_shape,
                                               const EmbeddingOptions& options) {
  const auto padding = check_embedding(indices, weight_shape, options);
  if (!padding.ok()) return failed<std::vector<float>>(*padding.error);
  const int64_t rows = weight_shape[0], dim = weight_shape[1];
  const auto count = static_cast<int64_t>(indices.size);
  if (static_cast<int64_t>(grad_output.size) != count * dim) {
    return fail<std::vector<float>>(
        "grad_output", "grad_output has " + std::to_string(grad_output.size) + " values but " +
                           std::to_string(count) + " indices of embedding_dim " +
                           std::to_string(dim) + " need " + std::to_string(count * dim));
  }
  std::vector<float> grad_weight(static_cast<size_t>(rows * dim));
  reference::embedding_backward(grad_weight.data(), grad_output.data, indices.data, count, rows,
                                dim, *padding.value);
  return succeed(std::move(grad_weight));
}

Checked<std::vector<float>> dropout(FloatView input, MaskView mask, double p) {
  return masked_product(input, mask, p, "input", reference::dropout_forward);
}

Checked<std::vector<float>> dropout_backward(FloatView grad_output, MaskView mask, double p) {
  return masked_product(grad_output, mask, p, "grad_output", reference::dropout_backward);
}

Checked<std::vector<uint8_t>> dropout_mask(int64_t length, double p, int64_t seed) {
  if (auto error = check_unit(p, "p")) return failed<std::vector<uint8_t>>(*error);
  if (length < 0 || length > core::kMaxElements) {
    return fail<std::vector<uint8_t>>("length", "length must be in [0, " +
                                                    std::string(core::kMaxElementsText) +
                                                    "], got " + std::to_string(length));
  }
  if (auto error = core::check_seed(seed)) return failed<std::vector<uint8_t>>(*error);
  std::vector<uint8_t> mask(static_cast<size_t>(length));
  reference::dropout_mask(mask.data(), length, p, static_cast<uint64_t>(seed));
  return succeed(std::move(mask));
}

Checked<BatchNormResult> batch_norm2d(FloatView input, const Shape& shape,
                                      const BatchNormOptions& options) {
  if (auto error = check_batch_norm(input.size, std::nullopt, shape, options.weight, options.eps)) {
    return failed<BatchNormResult>(*error);
  }
  const int64_t channels = shape[1];
  const std::string what = channels_of(shape);
  for (const auto& [values, name] :
       {std::pair{&options.bias, "bias"}, std::pair{&options.running_mean, "running_mean"},
        std::pair{&options.running_var, "running_var"}}) {
    if (auto error = check_per_channel(*values, channels, name, what)) {
      return failed<BatchNormResult>(*error);
    }
  }
  if (auto error = check_unit(options.momentum, "momentum")) return failed<BatchNormResult>(*error);
  if (options.training) {
    if (auto error = check_training_batch(shape)) return failed<BatchNormResult>(*error);
  }
  BatchNormResult result;
  result.output.resize(input.size);
  const auto c = static_cast<size_t>(channels);
  result.running_mean = options.running_mean
                            ? std::vector<float>(options.running_mean->data,
                                                 options.running_mean->data + c)
                            : std::vector<float>(c, 0.0f);
  result.running_var = options.running_var ? std::vector<float>(options.running_var->data,
                                                                options.running_var->data + c)
                                           : std::vector<float>(c, 1.0f);
  if (input.size == 0) return succeed(std::move(result));  // nothing to loop over, however large
  reference::batch_norm2d_forward(result.output.data(), result.running_mean.data(),
                                  result.running_var.data(), input.data,
                                  data_or_null(options.weight), data_or_null(options.bias),
                                  shape[0], channels, shape[2] * shape[3], options.training,
                                  options.momentum, options.eps);
  return succeed(std::move(result));
}

Checked<NormGradients> batch_norm2d_backward(FloatView grad_output, FloatView input,
                                             const Shape& shape, std::optional<FloatView> weight,
                                             double eps) {
  if (auto error = check_batch_norm(input.size, grad_output.size, shape, weight, eps)) {
    return failed<NormGradients>(*error);
  }
  if (auto error = check_training_batch(shape)) return failed<NormGradients>(*error);
  const auto c = static_cast<size_t>(shape[1]);
  NormGradients result{std::vector<float>(input.size), std::vector<float>(c),
                       std::vector<float>(c)};
  if (input.size == 0) return succeed(std::move(result));  // zero gradients, as PyTorch's
  reference::batch_norm2d_backward(result.grad_input.data(), result.grad_weight.data(),
                                   result.grad_bias.data(), grad_output.data, input.data,
                                   data_or_null(weight), shape[0], shape[1], shape[2] * shape[3],
                                   eps);
  return succeed(std::move(result));
}

Checked<std::vector<float>> layer_norm(FloatView input, const Shape& shape,
                                       const LayerNormOptions& options) {
  const auto cols = check_layer_norm(input.size, std::nullopt, shape, options);
  if (!cols.ok()) return failed<std::vector<float>>(*cols.error);
  std::vector<float> output(input.size);
  const int64_t rows = static_cast<int64_t>(input.size) / *cols.value;
  reference::layer_norm_forward(output.data(), input.data, data_or_null(options.weight),
                                data_or_null(options.bias), rows, *cols.value, options.eps);
  return succeed(std::move(output));
}

Checked<NormGradients> layer_norm_backward(FloatView grad_output, FloatView input,
                                           const Shape& shape, const LayerNormOptions& options) {
  const auto cols = check_layer_norm(input.size, grad_output.size, shape, options);
  if (!cols.ok()) return failed<NormGradients>(*cols.error);
  const auto n = static_cast<size_t>(*cols.value);
  NormGradients result{std::vector<float>(input.size), std::vector<float>(n),
                       std::vector<float>(n)};
  const int64_t rows = static_cast<int64_t>(input.size) / *cols.value;
  reference::layer_norm_backward(result.grad_input.data(), result.grad_weight.data(),
                                 result.grad_bias.data(), grad_output.data, input.data,
                                 data_or_null(options.weight), rows, *cols.value, options.eps);
  return succeed(std::move(result));
}

}  // namespace layers
