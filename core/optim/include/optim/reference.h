// Reference kernels of the optimisers: one step of torch.optim.SGD, RMSprop and Adam on n
// parameters, in place, each operation in the order and float32 precision of PyTorch 1.13's
// _single_tensor_sgd, _single_tensor_rmsprop and _single_tensor_adam (torch/optim/*.py) as its
// CPU kernels run them; and the loss surfaces the course descends, with their gradients. They are
// the oracle the tests hold to PyTorch's golden data, and the kernels the course runs. Outputs
// (the parameters and the state buffers, updated in place) come first, sizes last, options after
// the sizes. The arguments are taken as valid (optim.h checks them).
//
// Size letter: n, the number of parameters; grads and every state buffer hold n values too.
//
// PyTorch's CPU kernels, built for AVX2, fuse the multiply and the add of `add(other, alpha)` and
// of `addcmul` into one rounding (an FMA), in their vector loops and their scalar tails alike, so
// these kernels use std::fma for exactly those operations and plain float arithmetic elsewhere.
#pragma once

#include <cstdint>
#include <limits>

namespace optim {

// torch.optim.SGD's settings, PyTorch's defaults but lr, which PyTorch requires: it starts as
// NaN here, which the checks refuse until it is set.
struct SgdOptions {
  double lr = std::numeric_limits<double>::quiet_NaN();
  double momentum = 0.0;
  double dampening = 0.0;
  double weight_decay = 0.0;
  bool nesterov = false;
  bool maximize = false;
};

// torch.optim.RMSprop's settings and defaults.
struct RmspropOptions {
  double lr = 0.01;
  double alpha = 0.99;
  double eps = 1e-8;
  double weight_decay = 0.0;
  double momentum = 0.0;
  bool centered = false;
  bool maximize = false;
};

// torch.optim.Adam's settings and defaults; betas is (beta1, beta2).
struct AdamOptions {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weight_decay = 0.0;
  bool amsgrad = false;
  bool maximize = false;
};

// The loss surfaces over a point (x, y).
enum class Surface : int32_t {
  kBowl = 0,       // 0.5 (x^2 + y^2)
  kRavine = 1,     // 0.5 (x^2 + 25 y^2): 25 times as curved along y as along x
  kRosenbrock = 2  // (1 - x)^2 + 100 (y - x^2)^2: a curved valley, its minimum at (1, 1)
};

namespace reference {

// params[n], momentum_buffer[n] (unused, may be null, when momentum is 0), grads[n] -> params,
// momentum_buffer. `fresh_buffer`: the buffer holds nothing yet, and this step's direction is
// copied into it (PyTorch's clone on the first step with momentum).
void sgd_step(float* params, float* momentum_buffer, const float* grads, int64_t n,
              bool fresh_buffer, const SgdOptions& options);

// params[n], square_avg[n], momentum_buffer[n] (read when momentum > 0, else may be null),
// grad_avg[n] (read when centered, else may be null), grads[n] -> all but grads.
void rmsprop_step(float* params, float* square_avg, float* momentum_buffer, float* grad_avg,
                  const float* grads, int64_t n, const RmspropOptions& options);

// params[n], exp_avg[n], exp_avg_sq[n], max_exp_avg_sq[n] (read when amsgrad, else may be null),
// grads[n] -> all but grads. `step` is the count this step makes (1 for the first), as PyTorch's
// float32 state['step'] holds it.
void adam_step(float* params, float* exp_avg, float* exp_avg_sq, float* max_exp_avg_sq,
               const float* grads, int64_t n, float step, const AdamOptions& options);

// (x, y) -> f(x, y), in the order of the torch expression (reference.cpp), in T: float for the
// course (and PyTorch's float32), double for the tests' central differences.
template <class T>
T surface_value(Surface surface, T x, T y);

// (x, y) -> gradient[2] = (df/dx, df/dy): the analytic gradient, each term rounded as
// PyTorch's autograd rounds it.
void surface_gradient(float* gradient, Surface surface, float x, float y);

}  // namespace reference
}  // namespace optim
