// The loss family's C++ API: mean squared error, the Huber loss and cross-entropy (class
// indices, optional label smoothing), forward and backward (the gradient with respect to the
// input, or the logits), with PyTorch 1.13's semantics on float32 values. Every call is checked
// first: a rejected argument is a core::Error naming the parameter (PyTorch's name: input,
// target, grad_output, reduction, delta, label_smoothing, shape) and its value, never an
// exception.
//
// Results: a loss reduced by 'mean' or 'sum' is one value; with 'none' one value per element
// (per row for cross-entropy). A backward's grad_output has as many values as its loss.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "common/shape.h"
#include "losses/reference.h"

namespace losses {

using core::Checked;
using core::Error;
using core::FloatView;
using core::IndexView;
using core::Shape;

// Every loss's options; each reads only its own. delta and label_smoothing arrive as doubles
// (JS numbers) and are used as float32, as PyTorch uses a scalar on a float tensor.
struct LossOptions {
  Reduction reduction = Reduction::kMean;
  double delta = 1.0;            // huber: positive and finite
  double label_smoothing = 0.0;  // cross-entropy: in [0, 1]
};

// How many values a loss over `terms` terms has: 1 when reduced, `terms` with 'none'.
size_t loss_length(Reduction reduction, size_t terms);

// The checks of an elementwise loss (MSE, Huber): nullopt when it may run on `input_length`
// values against `target_length` (and, for a backward call, `grad_output_length` values).
// `huber` says whether delta is read.
std::optional<Error> check_pointwise(bool huber, const LossOptions& options, size_t input_length,
                                     size_t target_length,
                                     std::optional<size_t> grad_output_length = std::nullopt);

// The checks of cross-entropy's sizes and options: `shape` is [N, C] or [C] (one sample, one
// target), `input_length` its logits, `target_length` its class indices. The indices' values
// are checked by the calls below.
std::optional<Error> check_cross_entropy(const LossOptions& options, const Shape& shape,
                                         size_t input_length, size_t target_length,
                                         std::optional<size_t> grad_output_length = std::nullopt);

// A reduced loss's gradient, the one value of its grad_output: finite, and finite as the
// float32 it is used as (as rl's grad_loss). A NaN or an overflow there would turn every
// gradient into one silently, unlike a tensor's values, which keep PyTorch's NaN and
// infinities. The backward calls check it; a caller holding the number as a double (the JS
// bindings) checks it before rounding, so a value beyond float32 is named as such.
std::optional<Error> check_loss_gradient(double value);

// Checked calls, each a fresh vector (loss_length values for a forward, input.size for a
// backward) or the error.
Checked<std::vector<float>> mse_loss(FloatView input, FloatView target,
                                     const LossOptions& options = {});
Checked<std::vector<float>> mse_loss_backward(FloatView grad_output, FloatView input,
                                              FloatView target, const LossOptions& options = {});
Checked<std::vector<float>> huber_loss(FloatView input, FloatView target,
                                       const LossOptions& options = {});
Checked<std::vector<float>> huber_loss_backward(FloatView grad_output, FloatView input,
                                                FloatView target, const LossOptions& options = {});
Checked<std::vector<float>> cross_entropy(FloatView input, const Shape& shape, IndexView target,
                                          const LossOptions& options = {});
Checked<std::vector<float>> cross_entropy_backward(FloatView grad_output, FloatView input,
                                                   const Shape& shape, IndexView target,
                                                   const LossOptions& options = {});

}  // namespace losses
