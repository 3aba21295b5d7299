// The optimisers' steps as PyTorch 1.13 computes them on the CPU in float32: each tensor
// operation of its _single_tensor_* function becomes one rounding here, hyperparameters are
// rounded to float32 where the kernel receives them as scalars, and Adam's bias corrections are
// computed in double, as the Python code computes them, before the kernel rounds them.
#include "optim/reference.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace optim::reference {
namespace {

float as_float(double value) { return static_cast<float>(value); }

// `a.add(b, alpha=alpha)`: PyTorch's AVX2 kernel fuses alpha * b + a into one rounding.
float add_scaled(float a, float alpha, float b) { return std::fma(alpha, b, a); }

// `a.addcmul(b, c, value=value)`: (value * b) * c + a, the last product fused with the add.
float add_product(float a, float value, float b, float c) { return std::fma(value * b, c, a); }

// `a.addcdiv(b, c, value=value)`: a + value * b / c, each operation rounded on its own.
float add_quotient(float a, float value, float b, float c) { return a + value * b / c; }

// torch.maximum: NaN if either is NaN.
float maximum(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
  return a > b ? a : b;
}

}  // namespace

void sgd_step(float* params, float* momentum_buffer, const float* grads, int64_t n,
              bool fresh_buffer, const SgdOptions& options) {
  const float weight_decay = as_float(options.weight_decay);
  const float momentum = as_float(options.momentum);
  const float undamped = as_float(1.0 - options.dampening);
  const float step = as_float(-options.lr);
  for (int64_t i = 0; i < n; ++i) {
    float direction = options.maximize ? -grads[i] : grads[i];
    if (options.weight_decay != 0.0) direction = add_scaled(direction, weight_decay, params[i]);
    if (options.momentum != 0.0) {
      float& buffer = momentum_buffer[i];
      buffer = fresh_buffer ? direction : add_scaled(buffer * momentum, undamped, direction);
      direction = options.nesterov ? add_scaled(direction, momentum, buffer) : buffer;
    }
    params[i] = add_scaled(params[i], step, direction);
  }
}

void rmsprop_step(float* params, float* square_avg, float* momentum_buffer, float* grad_avg,
                  const float* grads, int64_t n, const RmspropOptions& options) {
  const float alpha = as_float(options.alpha);
  const float rest = as_float(1.0 - options.alpha);
  const float eps = as_float(options.eps);
  const float weight_decay = as_float(options.weight_decay);
  const float momentum = as_float(options.momentum);
  const float step = as_float(-options.lr);
  for (int64_t i = 0; i < n; ++i) {
    float grad = options.maximize ? -grads[i] : grads[i];
    if (options.weight_decay != 0.0) grad = add_scaled(grad, weight_decay, params[i]);
    square_avg[i] = add_product(square_avg[i] * alpha, rest, grad, grad);
    float avg;
    if (options.centered) {
      grad_avg[i] = add_scaled(grad_avg[i] * alpha, rest, grad);
      // The variance, E[g^2] - E[g]^2, may round below 0: its root is then NaN, as in PyTorch.
      avg = std::sqrt(add_product(square_avg[i], -1.0f, grad_avg[i], grad_avg[i]));
    } else {
      avg = std::sqrt(square_avg[i]);
    }
    avg += eps;
    if (options.momentum > 0.0) {
      momentum_buffer[i] = add_quotient(momentum_buffer[i] * momentum, 1.0f, grad, avg);
      params[i] = add_scaled(params[i], step, momentum_buffer[i]);
    } else {
      params[i] = add_quotient(params[i], step, grad, avg);
    }
  }
}

void adam_step(float* params, float* exp_avg, float* exp_avg_sq, float* max_exp_avg_sq,
               const float* grads, int64_t n, float step, const AdamOptions& options) {
  const float beta1 = as_float(options.beta1), rest1 = as_float(1.0 - options.beta1);
  const float beta2 = as_float(options.beta2), rest2 = as_float(1.0 - options.beta2);
  const float eps = as_float(options.eps);
  const float weight_decay = as_float(options.weight_decay);
  const double bias_correction1 = 1.0 - std::pow(options.beta1, static_cast<double>(step));
  const double bias_correction2 = 1.0 - std::pow(options.beta2, static_cast<double>(step));
  const float step_size = as_float(-(options.lr / bias_correction1));
  const float bias_correction2_sqrt = as_float(std::sqrt(bias_correction2));
  for (int64_t i = 0; i < n; ++i) {
    float grad = options.maximize ? -grads[i] : grads[i];
    if (options.weight_decay != 0.0) grad = add_scaled(grad, weight_decay, params[i]);
    exp_avg[i] = add_scaled(exp_avg[i] * beta1, rest1, grad);
    exp_avg_sq[i] = add_product(exp_avg_sq[i] * beta2, rest2, grad, grad);
    float second_moment = exp_avg_sq[i];
    if (options.amsgrad) {
      max_exp_avg_sq[i] = maximum(max_exp_avg_sq[i], exp_avg_sq[i]);
      second_moment = max_exp_avg_sq[i];
    }
    const float denom = std::sqrt(second_moment) / bias_correction2_sqrt + eps;
    params[i] = add_quotient(params[i], step_size, exp_avg[i], denom);
  }
}

template <class T>
T surface_value(Surface surface, T x, T y) {
  switch (surface) {
    case Surface::kBowl: return T(0.5) * (x * x + y * y);
    case Surface::kRavine: return T(0.5) * (x * x + T(25) * (y * y));
    case Surface::kRosenbrock: {
      const T along = T(1) - x, across = y - x * x;
      return along * along + T(100) * (across * across);
    }
  }
  return std::numeric_limits<T>::quiet_NaN();
}

template float surface_value<float>(Surface surface, float x, float y);
template double surface_value<double>(Surface surface, double x, double y);

// Autograd adds the two halves of x * x's gradient first: 0.5 x + 0.5 x for the bowl, which is x
// (but for a subnormal x, whose halves round); for the Rosenbrock function -2 (x * dy) and
// -2 (1 - x), whose sum is -2 ((1 - x) + x * dy) exactly, as doubling rounds nothing.
void surface_gradient(float* gradient, Surface surface, float x, float y) {
  switch (surface) {
    case Surface::kBowl:
      gradient[0] = x;
      gradient[1] = y;
      return;
    case Surface::kRavine:
      gradient[0] = x;
      gradient[1] = 25.0f * y;
      return;
    case Surface::kRosenbrock: {
      const float dy = 200.0f * (y - x * x);
      gradient[0] = -2.0f * ((1.0f - x) + dy * x);
      gradient[1] = dy;
      return;
    }
  }
  gradient[0] = gradient[1] = std::numeric_limits<float>::quiet_NaN();
}

}  // namespace optim::reference
