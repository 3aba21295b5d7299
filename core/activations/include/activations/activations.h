// The activation family's C++ API: ReLU, sigmoid, tanh, GELU, swish (SiLU) and ELU, forward and
// backward (the gradient with respect to the input), with PyTorch 1.13's semantics on float32
// values of any shape (elementwise, so only the length matters). Every call is checked first:
// a rejected argument is a core::Error naming the parameter and its value, never an exception.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "activations/reference.h"
#include "common/array_view.h"
#include "common/errors.h"

namespace activations {

using core::Checked;
using core::Error;
using core::FloatView;
using reference::GeluApproximate;

enum class Activation : int32_t { kRelu = 0, kSigmoid, kTanh, kGelu, kSwish, kElu };

// Every activation's options; each reads only its own. alpha and beta arrive as doubles (JS
// numbers) and are used as float32, as PyTorch uses a scalar on a float tensor.
struct ActivationOptions {
  GeluApproximate approximate = GeluApproximate::kNone;  // gelu
  double alpha = 1.0;                                    // elu
  double beta = 1.0;                                     // swish
};

// The options and sizes of a call: nullopt when `activation` may run on `input_length` values
// (and, for a backward call, `grad_output_length` of them).
std::optional<Error> check_call(Activation activation, const ActivationOptions& options,
                                size_t input_length,
                                std::optional<size_t> grad_output_length = std::nullopt);

// Checked calls: a fresh vector of input.size values, or the error.
Checked<std::vector<float>> forward(Activation activation, FloatView input,
                                    const ActivationOptions& options = {});
Checked<std::vector<float>> backward(Activation activation, FloatView grad_output,
                                     FloatView input, const ActivationOptions& options = {});

// Runs an already checked call into `output` (input.size values): for the bindings, which
// write straight into their heap buffer.
void run_forward(float* output, Activation activation, FloatView input,
                 const ActivationOptions& options);
void run_backward(float* grad_input, Activation activation, FloatView grad_output,
                  FloatView input, const ActivationOptions& options);

}  // namespace activations
