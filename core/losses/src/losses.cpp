// Validation and dispatch: the checks every call passes before a reference kernel runs.
#include "losses/losses.h"

#include <cmath>
#include <limits>
#include <string>

#include "common/sizes.h"

namespace losses {
namespace {

using core::show;

const char* reduction_word(Reduction reduction) {
  switch (reduction) {
    case Reduction::kNone: return "none";
    case Reduction::kMean: return "mean";
    case Reduction::kSum: return "sum";
  }
  return "?";
}

std::optional<Error> check_reduction(Reduction reduction) {
  const auto code = static_cast<int32_t>(reduction);
  if (code >= 0 && code <= 2) return std::nullopt;
  return Error{"reduction",
               "reduction must be 'none', 'mean' or 'sum', got " + std::to_string(code)};
}

std::optional<Error> check_elements(size_t length, const char* name) {
  if (static_cast<uint64_t>(length) <= static_cast<uint64_t>(core::kMaxElements)) {
    return std::nullopt;
  }
  return Error{name, std::string(name) + " has " + std::to_string(length) +
                         " values, more than " + core::kMaxElementsText +
                         ", the most the core takes"};
}

// A backward's grad_output: one value for a reduced loss, one per term with 'none'.
std::optional<Error> check_grad_output(Reduction reduction, size_t terms,
                                       std::optional<size_t> grad_output_length,
                                       const char* per) {
  if (!grad_output_length || *grad_output_length == loss_length(reduction, terms)) {
    return std::nullopt;
  }
  const std::string got = "grad_output has " + std::to_string(*grad_output_length) + " values";
  if (reduction != Reduction::kNone) {
    return Error{"grad_output", got + " but a '" + reduction_word(reduction) +
                                    "' loss is one number, so its gradient is one number"};
  }
  return Error{"grad_output", got + " but the 'none' loss has " + std::to_string(terms) +
                                  " (one per " + per + ")"};
}

// The reduction's factor on each term's gradient.
double norm_of(Reduction reduction, size_t terms) {
  return reduction == Reduction::kMean ? 1.0 / static_cast<double>(terms) : 1.0;
}

// A class index in [0, c) for every sample, as nll_loss requires.
std::optional<Error> check_classes(IndexView target, int64_t c) {
  for (size_t i = 0; i < target.size; ++i) {
    if (target[i] < 0 || target[i] >= c) {
      return Error{"target", "target[" + std::to_string(i) + "] is " + std::to_string(target[i]) +
                                 ", not a class index: they are in [0, " + std::to_string(c) +
                                 ")"};
    }
  }
  return std::nullopt;
}

// Rows and classes of a checked cross-entropy shape.
int64_t rows_of(const Shape& shape) { return shape.size() == 1 ? 1 : shape[0]; }
int64_t classes_of(const Shape& shape) { return shape[shape.size() - 1]; }

Checked<std::vector<float>> failed(const Error& error) {
  return core::fail<std::vector<float>>(error.parameter, error.message);
}

// A backward's grad_output: one value per term with 'none', else one for all.
int64_t grad_stride(Reduction reduction) { return reduction == Reduction::kNone ? 1 : 0; }

// The loss of its terms: the terms themselves with 'none', else their reduction.
Checked<std::vector<float>> reduced(std::vector<float> terms, Reduction reduction) {
  if (reduction == Reduction::kNone) return core::succeed(std::move(terms));
  const auto n = static_cast<int64_t>(terms.size());
  return core::succeed(std::vector<float>{reference::reduce(terms.data(), n, reduction)});
}

// An elementwise loss (MSE, Huber), checked; `write_terms(terms, n)` runs its kernel.
template <class WriteTerms>
Checked<std::vector<float>> pointwise_loss(bool huber, FloatView input, FloatView target,
                                           const LossOptions& options, WriteTerms write_terms) {
  if (auto error = check_pointwise(huber, options, input.size, target.size)) return failed(*error);
  std::vector<float> terms(input.size);
  write_terms(terms.data(), static_cast<int64_t>(input.size));
  return reduced(std::move(terms), options.reduction);
}

// A backward's grad_output, once its length is checked: a reduced loss's one value is held to
// check_loss_gradient.
std::optional<Error> check_gradient_values(Reduction reduction, FloatView grad_output) {
  if (reduction == Reduction::kNone) return std::nullopt;
  return check_loss_gradient(static_cast<double>(grad_output.data[0]));
}

// Its backward; `write_gradient(grad, grad_stride, n, norm)` runs the kernel.
template <class WriteGradient>
Checked<std::vector<float>> pointwise_backward(bool huber, FloatView grad_output, FloatView input,
                                               FloatView target, const LossOptions& options,
                                               WriteGradient write_gradient) {
  if (auto error = check_pointwise(huber, options, input.size, target.size, grad_output.size)) {
    return failed(*error);
  }
  if (auto error = check_gradient_values(options.reduction, grad_output)) return failed(*error);
  std::vector<float> grad(input.size);
  write_gradient(grad.data(), grad_stride(options.reduction), static_cast<int64_t>(input.size),
                 norm_of(options.reduction, input.size));
  return core::succeed(std::move(grad));
}

}  // namespace

size_t loss_length(Reduction reduction, size_t terms) {
  return reduction == Reduction::kNone ? terms : 1;
}

std::optional<Error> check_loss_gradient(double value) {
  if (!std::isfinite(value)) {
    return Error{"grad_output", "grad_output must be a finite number, got " + show(value)};
  }
  if (!std::isfinite(static_cast<float>(value))) {
    return Error{"grad_output",
                 "grad_output " + show(value) + " is beyond float32's largest finite value"};
  }
  return std::nullopt;
}

std::optional<Error> check_pointwise(bool huber, const LossOptions& options, size_t input_length,
                                     size_t target_length,
                                     std::optional<size_t> grad_output_length) {
  if (auto error = check_reduction(options.reduction)) return error;
  if (huber) {
    if (!std::isfinite(options.delta)) {
      return Error{"delta", "delta must be a finite number, got " + show(options.delta)};
    }
    // PyTorch: "huber_loss does not support non-positive values for delta."
    if (!(options.delta > 0.0)) {
      return Error{"delta", "delta must be positive, got " + show(options.delta)};
    }
    if (!(static_cast<float>(options.delta) > 0.0f)) {
      return Error{"delta", "delta " + show(options.delta) +
                                " is 0 as the float32 the loss uses; it must be positive"};
    }
    if (options.delta > static_cast<double>(std::numeric_limits<float>::max())) {
      return Error{"delta", "delta " + show(options.delta) +
                                " is beyond float32's largest finite value"};
    }
  }
  if (auto error = check_elements(input_length, "input")) return error;
  if (target_length != input_length) {
    return Error{"target", "target has " + std::to_string(target_length) +
                               " values but input has " + std::to_string(input_length)};
  }
  return check_grad_output(options.reduction, input_length, grad_output_length, "element");
}

std::optional<Error> check_cross_entropy(const LossOptions& options, const Shape& shape,
                                         size_t input_length, size_t target_length,
                                         std::optional<size_t> grad_output_length) {
  if (auto error = check_reduction(options.reduction)) return error;
  const double eps = options.label_smoothing;
  if (!(eps >= 0.0 && eps <= 1.0)) {
    return Error{"label_smoothing",
                 "label_smoothing must be between 0 and 1, got " + show(eps)};
  }
  if (shape.size() != 1 && shape.size() != 2) {
    return Error{"shape", "shape " + core::describe(shape) +
                              " must have 2 dimensions (N, C) or 1 (C), not " +
                              std::to_string(shape.size())};
  }
  const int64_t n = rows_of(shape), c = classes_of(shape);
  if (c <= 0) {
    return Error{"shape", "shape " + core::describe(shape) + " has " + std::to_string(c) +
                              " classes; C must be positive"};
  }
  if (n < 0) {
    return Error{"shape", "shape " + core::describe(shape) + " has a negative batch size N"};
  }
  // N may be 0 (an empty batch, as PyTorch takes); otherwise the usual limit on elements.
  if (n > 0) {
    if (auto error = core::check_dimensions(shape, "shape")) return error;
  }
  if (auto error = core::check_length(input_length, n * c, "input", shape)) return error;
  if (static_cast<int64_t>(target_length) != n) {
    return Error{"target",
                 "target has " + std::to_string(target_length) + " values but shape " +
                     core::describe(shape) +
                     (shape.size() == 1 ? std::string(" is one sample: it takes one class index")
                                        : " needs one class index per row (" +
                                              std::to_string(n) + ")")};
  }
  return check_grad_output(options.reduction, static_cast<size_t>(n), grad_output_length, "row");
}

Checked<std::vector<float>> mse_loss(FloatView input, FloatView target,
                                     const LossOptions& options) {
  return pointwise_loss(false, input, target, options, [&](float* terms, int64_t n) {
    reference::mse_terms(terms, input.data, target.data, n);
  });
}

Checked<std::vector<float>> mse_loss_backward(FloatView grad_output, FloatView input,
                                              FloatView target, const LossOptions& options) {
  return pointwise_backward(false, grad_output, input, target, options,
                            [&](float* grad, int64_t stride, int64_t n, double norm) {
                              reference::mse_backward(grad, grad_output.data, stride, input.data,
                                                      target.data, n, norm);
                            });
}

Checked<std::vector<float>> huber_loss(FloatView input, FloatView target,
                                       const LossOptions& options) {
  return pointwise_loss(true, input, target, options, [&](float* terms, int64_t n) {
    reference::huber_terms(terms, input.data, target.data, n, static_cast<float>(options.delta));
  });
}

Checked<std::vector<float>> huber_loss_backward(FloatView grad_output, FloatView input,
                                                FloatView target, const LossOptions& options) {
  return pointwise_backward(true, grad_output, input, target, options,
                            [&](float* grad, int64_t stride, int64_t n, double norm) {
                              reference::huber_backward(grad, grad_output.data, stride, input.data,
                                                        target.data, n,
                                                        static_cast<float>(options.delta), norm);
                            });
}

Checked<std::vector<float>> cross_entropy(FloatView input, const Shape& shape, IndexView target,
                                          const LossOptions& options) {
  if (auto error = check_cross_entropy(options, shape, input.size, target.size)) {
    return failed(*error);
  }
  const int64_t n = rows_of(shape), c = classes_of(shape);
  if (auto error = check_classes(target, c)) return failed(*error);
  std::vector<float> terms(static_cast<size_t>(n));
  reference::cross_entropy_terms(terms.data(), input.data, target.data, n, c,
                                 static_cast<float>(options.label_smoothing));
  return reduced(std::move(terms), options.reduction);
}

Checked<std::vector<float>> cross_entropy_backward(FloatView grad_output, FloatView input,
                                                   const Shape& shape, IndexView target,
                                                   const LossOptions& options) {
  if (auto error =
          check_cross_entropy(options, shape, input.size, target.size, grad_output.size)) {
    return failed(*error);
  }
  if (auto error = check_gradient_values(options.reduction, grad_output)) return failed(*error);
  const int64_t n = rows_of(shape), c = classes_of(shape);
  if (auto error = check_classes(target, c)) return failed(*error);
  std::vector<float> grad_input(input.size);
  reference::cross_entropy_backward(grad_input.data(), grad_output.data,
                                    grad_stride(options.reduction), input.data,
                                    target.data, n, c,
                                    static_cast<float>(options.label_smoothing),
                                    norm_of(options.reduction, static_cast<size_t>(n)));
  return core::succeed(std::move(grad_input));
}

}  // namespace losses
