// The learning family's C++ API: a linear layer forward and backward (F.linear and autograd's
// gradients of it), a 2 -> H -> 1 network started from a seed, trained on XOR by full-batch SGD
// and drawn over any points, and one LAMB step of one tensor, with PyTorch 1.13's float32
// semantics. Every call is checked first: a rejected argument is a core::Error naming the
// parameter (PyTorch's or the course's snake_case name: input_shape, weight, grad_output, params,
// hidden, seed, steps, betas, state...) and its value, never an exception. NaN and the
// infinities in values are not errors: they run through the arithmetic, as in PyTorch; options
// must be finite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "learning/reference.h"

namespace learning {

using core::Checked;
using core::Error;
using core::FloatView;

// A layer's sides: each of N, in and out from 1 to kMaxSide, and N·in·out at most kMaxWork
// multiply-adds. The largest layer takes some 25 ms forward and 45 ms backward as WebAssembly,
// so no call holds a page up (1024 on every side would be 2^30: 1 and 2 s).
constexpr int64_t kMaxSide = 1024;
constexpr int64_t kMaxWork = int64_t{1} << 24;

// [rows, columns], as the caller gave it (any length: the checks name a wrong rank).
using ShapeView = core::ArrayView<int32_t>;

// F.linear's sizes, once checked.
struct LinearSizes {
  int64_t N = 0, in = 0, out = 0;
};

// The checks of a layer call, usable alone so that the bindings check before they copy values
// in: the shapes (input_shape, weight_shape), then the lengths of input, weight, bias (when
// given) and grad_output (when given).
Checked<LinearSizes> check_linear(ShapeView input_shape, ShapeView weight_shape,
                                  size_t input_length, size_t weight_length,
                                  std::optional<size_t> bias_length,
                                  std::optional<size_t> grad_output_length = std::nullopt);

// y[N, out] = x W^T + b.
Checked<std::vector<float>> linear(FloatView input, ShapeView input_shape, FloatView weight,
                                   ShapeView weight_shape, std::optional<FloatView> bias);

struct LinearGradients {
  std::vector<float> grad_input, grad_weight;
  std::optional<std::vector<float>> grad_bias;  // when with_bias
};

Checked<LinearGradients> linear_backward(FloatView grad_output, FloatView input,
                                         ShapeView input_shape, FloatView weight,
                                         ShapeView weight_shape, bool with_bias);

// The XOR network's hidden activation.
enum class Activation : int32_t { kTanh = 0, kRelu = 1, kSigmoid = 2 };

// A 2 -> H -> 1 network: w1[H, 2], b1[H], w2[1, H], b2[1].
struct XorParams {
  std::vector<float> w1, b1, w2, b2;
};

// The same as views, for the checks and for callers that own their arrays.
struct XorParamsView {
  FloatView w1, b1, w2, b2;
};

// Views of a network's arrays, which `params` keeps owning.
inline XorParamsView view_of(const XorParams& params) {
  return {params.w1, params.b1, params.w2, params.b2};
}

struct XorOptions {
  Activation activation = Activation::kTanh;
  double lr = 0.5;
  double momentum = 0.0;
};

constexpr int32_t kMaxHidden = 16;
constexpr int32_t kMaxTrainSteps = 5000;
constexpr int64_t kMaxPoints = 160000;  // a 400 x 400 picture in one call

// SGD's state between trainings: torch's opt.state[p]['momentum_buffer'] of w1, b1, w2 and b2,
// shaped as they are. PyTorch keeps no buffer until a step with momentum makes one (nullopt), and
// a step without momentum leaves a buffer as it was.
struct XorSgdState {
  std::optional<XorParams> momentum_buffer;
};

// What a training returns: the loss before each step and after the last (steps + 1), the final
// parameters, the final hidden features of the four points [4, H] and their probabilities [4],
// and SGD's state, which a later training continues from.
struct XorTraining {
  std::vector<float> losses;
  XorParams params;
  std::vector<float> hidden, probabilities;
  XorSgdState state;
};

// The network's features and probabilities at P points: hidden [P, H], probabilities [P].
struct XorOutputs {
  std::vector<float> hidden, probabilities;
};

// H from 1 to kMaxHidden.
std::optional<Error> check_xor_hidden(int64_t hidden);

// A start for xor_train: a network of `hidden` units (1 to kMaxHidden) drawn as nn.Linear draws
// its layers, from the course's generator seeded with `seed` (0 to core::kMaxSeed), so a seed
// gives the same start everywhere (reference::xor_init says how).
Checked<XorParams> xor_init(int64_t hidden, int64_t seed);

// H, once params are checked: w1 has 2H values (H from 1 to kMaxHidden), b1 and w2 H each, b2 1.
Checked<int32_t> check_xor_params(const XorParamsView& params);
std::optional<Error> check_xor_options(const XorOptions& options);
// points[P, 2]: an even count of values, P from 1 to kMaxPoints.
std::optional<Error> check_xor_points(size_t points_length);
// steps from 0 to kMaxTrainSteps.
std::optional<Error> check_xor_steps(int32_t steps);
// A state's momentum buffers: each as long as its tensor in a network of `hidden` units.
std::optional<Error> check_xor_momentum_buffer(const XorParamsView& buffer, int32_t hidden);

// `steps` (0 to kMaxTrainSteps) of full-batch SGD on the four XOR points (0,0)->0, (0,1)->1,
// (1,0)->1, (1,1)->0, each PyTorch's zero_grad, backward, step, from `state` as torch's
// opt.state carried over (load_state_dict): a fresh optimiser when it holds no buffers. N steps
// in one call are, to the bit, any chain of calls that passes each one's params and state on.
Checked<XorTraining> xor_train(const XorParamsView& params, const XorOptions& options,
                               int32_t steps, XorSgdState state = {});

// points[P, 2], P from 1 to kMaxPoints.
Checked<XorOutputs> xor_forward(const XorParamsView& params, FloatView points,
                                const XorOptions& options);

// LAMB's state: the count of steps taken and the two moment estimates; a fresh one is empty.
struct LambState {
  double step = 0;
  std::vector<float> exp_avg, exp_avg_sq;
};

struct LambStepped {
  std::vector<float> param;
  LambState state;
  float trust_ratio = 1.0f;
  std::vector<float> update;
};

// The options (lr, eps, weight_decay at least 0, betas in [0, 1), all finite), param (at most
// core::kMaxElements values), grad (as many), then a state's buffers (as many) and step.
std::optional<Error> check_lamb_options(const LambOptions& options);
std::optional<Error> check_lamb_values(size_t param_length, size_t grad_length);
std::optional<Error> check_lamb_buffer(const char* name, size_t length, size_t param_length);

// One LAMB step; the state is nullopt for a fresh one.
Checked<LambStepped> lamb_step(std::vector<float> param, FloatView grad,
                               std::optional<LambState> state, const LambOptions& options);

}  // namespace learning
