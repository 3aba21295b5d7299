// The optimiser family's C++ API: one step of torch.optim.SGD, RMSprop or Adam (PyTorch 1.13,
// foreach=False, differentiable=False, capturable=False) on one flat float32 parameter tensor
// whose gradient is `grads`; three loss surfaces over a point (x, y) with their gradients; and a
// descent of a surface by an optimiser. Every call is checked first: a rejected argument is a
// core::Error naming the parameter (PyTorch's name: lr, momentum, weight_decay, betas, params,
// grads, state, surface, point, start, steps) and its value, never an exception. NaN and the
// infinities in params and grads are not errors: they propagate, as in PyTorch.
//
// A step takes the state an earlier step of the same optimiser returned, or nullopt for a fresh
// optimiser (PyTorch's empty state), and returns the new parameters and state. A state keeps the
// buffers its first step's options made (PyTorch's lazy initialisation): a buffer a later step's
// options need but the state lacks is an error, as PyTorch's KeyError is; a buffer they do not
// read is passed on unchanged.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "optim/reference.h"

namespace optim {

using core::Checked;
using core::Error;
using core::FloatView;

// PyTorch's state['momentum_buffer']: none until the first step with momentum.
struct SgdState {
  std::optional<std::vector<float>> momentum_buffer;
};

// PyTorch's state: step (an int), square_avg, and momentum_buffer (momentum > 0) and grad_avg
// (centered) when the first step's options made them.
struct RmspropState {
  double step = 0;
  std::vector<float> square_avg;
  std::optional<std::vector<float>> momentum_buffer;
  std::optional<std::vector<float>> grad_avg;
};

// PyTorch's state: step (a float32 tensor, so it stops counting at 2^24), exp_avg, exp_avg_sq,
// and max_exp_avg_sq when the first step's options had amsgrad.
struct AdamState {
  double step = 0;
  std::vector<float> exp_avg;
  std::vector<float> exp_avg_sq;
  std::optional<std::vector<float>> max_exp_avg_sq;
};

// What a step returns: the new parameters and the state to pass to the next step.
template <class State>
struct Stepped {
  std::vector<float> params;
  State state;
};

// A surface's value and gradient at one point.
struct SurfacePoint {
  float value = 0.0f;
  std::array<float, 2> gradient{};
};

// A descent of `steps` steps: points (steps + 1 of them, x and y each), the surface's value at
// each point, the gradient each step used (steps of them, 2 values each), and the optimiser's
// state after the last step.
template <class State>
struct Descent {
  std::vector<float> points;
  std::vector<float> values;
  std::vector<float> gradients;
  State state;
};

// The most steps a descent takes: a call must not hold a page up.
constexpr int32_t kMaxDescentSteps = 1000;

// The checks every call makes, each usable alone, so that the bindings can check sizes before
// they copy values in. In order: the options (PyTorch's __init__ checks, and every value a
// finite number), then params (at most core::kMaxElements values) and grads (as many), then
// each state buffer (as many as params), the state's step, and the buffers the options need.
std::optional<Error> check_options(const SgdOptions& options);
std::optional<Error> check_options(const RmspropOptions& options);
std::optional<Error> check_options(const AdamOptions& options);
std::optional<Error> check_values(size_t params_length, size_t grads_length);
// A state buffer `name` (PyTorch's key, e.g. "square_avg") of `length` values.
std::optional<Error> check_buffer(const char* name, size_t length, size_t params_length);
// The numbers an SGD step converts to float32 as PyTorch's does (-lr, weight_decay, 1 - dampening
// once a momentum buffer exists, momentum with nesterov), refused beyond float32's range as
// PyTorch refuses them. A step checks them itself; a loop of SGD steps elsewhere checks them
// before it starts.
std::optional<Error> check_conversions(const SgdOptions& options, bool has_buffer);

// Checked steps: params and the state are taken over and updated in place.
Checked<Stepped<SgdState>> sgd_step(std::vector<float> params, FloatView grads,
                                    std::optional<SgdState> state, const SgdOptions& options);
Checked<Stepped<RmspropState>> rmsprop_step(std::vector<float> params, FloatView grads,
                                            std::optional<RmspropState> state,
                                            const RmspropOptions& options);
Checked<Stepped<AdamState>> adam_step(std::vector<float> params, FloatView grads,
                                      std::optional<AdamState> state, const AdamOptions& options);

// A known surface.
std::optional<Error> check_surface(Surface surface);

// The surface's value and gradient at `point` ([x, y]).
Checked<SurfacePoint> surface(Surface surface, FloatView point);

// A grid of `columns` x `rows` cells over [x0, x1] x [y0, y1], whose corners a picture traces the
// surface's level curves through.
struct Grid {
  double x0 = 0.0, x1 = 1.0, y0 = 0.0, y1 = 1.0;
  int32_t columns = 1, rows = 1;
};

// The most cells on a side of a grid: at most 401 x 401 values, a call that stays quick.
constexpr int32_t kMaxGridCells = 400;

// The surface's value at every corner of `grid`, row by row from y0: corner (i, j) is the point
// (x0 + i (x1 - x0) / columns, y0 + j (y1 - y0) / rows), each coordinate computed in double and
// rounded to float32 once, so each value is the one surface() gives at that float32 point. The
// bounds must be finite with x0 < x1 and y0 < y1; columns and rows from 1 to kMaxGridCells.
Checked<std::vector<float>> surface_grid(Surface surface, const Grid& grid);

// From `start` ([x, y]) with a fresh optimiser, `steps` times (0 to kMaxDescentSteps): the
// surface's gradient at the current point, then one step of the optimiser's kernel.
Checked<Descent<SgdState>> descend(Surface surface, FloatView start, const SgdOptions& options,
                                   int32_t steps);
Checked<Descent<RmspropState>> descend(Surface surface, FloatView start,
                                       const RmspropOptions& options, int32_t steps);
Checked<Descent<AdamState>> descend(Surface surface, FloatView start, const AdamOptions& options,
                                    int32_t steps);

}  // namespace optim
