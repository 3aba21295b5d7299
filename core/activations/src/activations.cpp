// Validation and dispatch: the checks every call passes before a reference kernel runs.
#include "activations/activations.h"

#include <cmath>
#include <limits>
#include <string>

#include "common/sizes.h"

namespace activations {
namespace {

using core::show;

// A finite value that stays finite as the float32 the kernels use.
std::optional<Error> check_scalar(double value, const char* name) {
  if (!std::isfinite(value)) {
    return Error{name, std::string(name) + " must be a finite number, got " + show(value)};
  }
  if (std::abs(value) > static_cast<double>(std::numeric_limits<float>::max())) {
    return Error{
        name, std::string(name) + " " + show(value) + " is beyond float32's largest finite value"};
  }
  return std::nullopt;
}

bool is_known(Activation activation) {
  const auto code = static_cast<int32_t>(activation);
  return code >= static_cast<int32_t>(Activation::kRelu) &&
         code <= static_cast<int32_t>(Activation::kElu);
}

}  // namespace

std::optional<Error> check_call(Activation activation, const ActivationOptions& options,
                                size_t input_length, std::optional<size_t> grad_output_length) {
  if (!is_known(activation)) {
    return Error{"activation",
                 "unknown activation " + std::to_string(static_cast<int32_t>(activation))};
  }
  if (activation == Activation::kGelu && options.approximate != GeluApproximate::kNone &&
      options.approximate != GeluApproximate::kTanh) {
    return Error{"approximate", "approximate must be 'none' or 'tanh', got " +
                                    std::to_string(static_cast<int32_t>(options.approximate))};
  }
  if (activation == Activation::kElu) {
    if (auto error = check_scalar(options.alpha, "alpha")) return error;
  }
  if (activation == Activation::kSwish) {
    if (auto error = check_scalar(options.beta, "beta")) return error;
  }
  if (static_cast<uint64_t>(input_length) > static_cast<uint64_t>(core::kMaxElements)) {
    return Error{"input", "input has " + std::to_string(input_length) + " values, more than " +
                              core::kMaxElementsText + ", the most the core takes"};
  }
  if (grad_output_length && *grad_output_length != input_length) {
    return Error{"grad_output", "grad_output has " + std::to_string(*grad_output_length) +
                                    " values but input has " + std::to_string(input_length)};
  }
  return std::nullopt;
}

void run_forward(float* output, Activation activation, FloatView input,
                 const ActivationOptions& options) {
  const auto n = static_cast<int64_t>(input.size);
  switch (activation) {
    case Activation::kRelu:
      return reference::relu_forward(output, input.data, n);
    case Activation::kSigmoid:
      return reference::sigmoid_forward(output, input.data, n);
    case Activation::kTanh:
      return reference::tanh_forward(output, input.data, n);
    case Activation::kGelu:
      return reference::gelu_forward(output, input.data, n, options.approximate);
    case Activation::kSwish:
      return reference::swish_forward(output, input.data, n, static_cast<float>(options.beta));
    case Activation::kElu:
      return reference::elu_forward(output, input.data, n, static_cast<float>(options.alpha));
  }
}

void run_backward(float* grad_input, Activation activation, FloatView grad_output, FloatView input,
                  const ActivationOptions& options) {
  const auto n = static_cast<int64_t>(input.size);
  const float* g = grad_output.data;
  switch (activation) {
    case Activation::kRelu:
      return reference::relu_backward(grad_input, g, input.data, n);
    case Activation::kSigmoid:
      return reference::sigmoid_backward(grad_input, g, input.data, n);
    case Activation::kTanh:
      return reference::tanh_backward(grad_input, g, input.data, n);
    case Activation::kGelu:
      return reference::gelu_backward(grad_input, g, input.data, n, options.approximate);
    case Activation::kSwish:
      return reference::swish_backward(grad_input, g, input.data, n,
                                       static_cast<float>(options.beta));
    case Activation::kElu:
      return reference::elu_backward(grad_input, g, input.data, n,
                                     static_cast<float>(options.alpha));
  }
}

Checked<std::vector<float>> forward(Activation activation, FloatView input,
                                    const ActivationOptions& options) {
  if (auto error = check_call(activation, options, input.size)) {
    return core::fail<std::vector<float>>(error->parameter, error->message);
  }
  std::vector<float> output(input.size);
  run_forward(output.data(), activation, input, options);
  return core::succeed(std::move(output));
}

Checked<std::vector<float>> backward(Activation activation, FloatView grad_output, FloatView input,
                                     const ActivationOptions& options) {
  if (auto error = check_call(activation, options, input.size, grad_output.size)) {
    return core::fail<std::vector<float>>(error->parameter, error->message);
  }
  std::vector<float> grad_input(input.size);
  run_backward(grad_input.data(), activation, grad_output, input, options);
  return core::succeed(std::move(grad_input));
}

}  // namespace activations
