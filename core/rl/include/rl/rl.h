// The rl family's C++ API: PPO's clipped objective (Schulman et al. 2017) on a batch of N
// samples, forward and backward, and a training of plain gradient steps on the logits, with
// PyTorch 1.13's float32 semantics:
//
//   log_probs = log_softmax(logits, dim=1).gather(1, actions)
//   ratio = exp(log_probs - old_log_probs)
//   surrogate = ratio * advantages
//   clipped = clamp(ratio, 1 - clip, 1 + clip) * advantages
//   objective = torch.min(surrogate, clipped)
//   loss = -objective.mean()
//
// Every call is checked first: a rejected argument is a core::Error naming the parameter (the
// course's snake_case name: logits_shape, actions, old_log_probs, grad_loss, clip...) and its
// value, never an exception. Values must be finite: NaN and the infinities are refused where
// they are given (a training may still carry its own overflow on, as PyTorch would).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "rl/reference.h"

namespace rl {

using core::Checked;
using core::Error;
using core::FloatView;
using core::IndexView;

// [N, A], as the caller gave it (any length: the checks name a wrong rank).
using ShapeView = core::ArrayView<int32_t>;

// N samples from 1 to kMaxSamples; A actions from kMinActions to kMaxActions.
constexpr int64_t kMaxSamples = 256;
constexpr int64_t kMinActions = 2;
constexpr int64_t kMaxActions = 16;
// A training's epochs from 1 to kMaxEpochs, and N * A * epochs at most kMaxTrainWork, so that no
// training holds a page up (README.md, "Limits").
constexpr int64_t kMaxEpochs = 200;
constexpr int64_t kMaxTrainWork = int64_t{1} << 15;
// lr from 0 to kMaxLearningRate.
constexpr double kMaxLearningRate = 100.0;

struct PpoSizes {
  int64_t N = 0, A = 0;
};

// The checks of a call's sizes, usable alone so that the bindings check before they copy values
// in: logits_shape, then the lengths of logits, actions, old_log_probs and advantages.
Checked<PpoSizes> check_ppo(ShapeView logits_shape, size_t logits_length, size_t actions_length,
                            size_t old_log_probs_length, size_t advantages_length);

// PPO's clip ε, in (0, 1).
struct PpoOptions {
  double clip = 0.2;
};

// A training's settings: the clip, SGD's learning rate (from 0 to 100) and the number of steps
// (from 1 to 200).
struct TrainOptions {
  double clip = 0.2;
  double lr = 0.1;
  int32_t epochs = 1;
};

std::optional<Error> check_ppo_options(const PpoOptions& options);
// The clip, lr, epochs, then the work N * A * epochs.
std::optional<Error> check_train_options(const TrainOptions& options, const PpoSizes& sizes);

struct PpoOutputs {
  float loss = 0;
  std::vector<float> log_probs, ratio, surrogate, clipped_surrogate, objective;  // [N] each
  std::vector<float> log_softmax;  // [N, A]: every action's log-prob, log_probs gathered from it
};

struct PpoGradients {
  std::vector<float> grad_logits, grad_ratio;  // [N, A], [N]
};

// Row e of each history is the state after e steps (row 0 the start): logits [E + 1, N, A],
// log_probs and ratio [E + 1, N], loss [E + 1]; grad_ratio [E, N] is the gradient step e took.
struct PpoTraining {
  std::vector<float> logits, log_probs, ratio, loss, grad_ratio;
};

// logits[N, A], actions[N] (each from 0 to A - 1), old_log_probs[N], advantages[N].
Checked<PpoOutputs> ppo(FloatView logits, ShapeView logits_shape, IndexView actions,
                        FloatView old_log_probs, FloatView advantages, const PpoOptions& options);

// grad_loss (the loss's gradient, a finite float32) and the forward's arguments.
Checked<PpoGradients> ppo_backward(double grad_loss, FloatView logits, ShapeView logits_shape,
                                   IndexView actions, FloatView old_log_probs,
                                   FloatView advantages, const PpoOptions& options);

// options.epochs steps of torch.optim.SGD(lr) on the logits from loss.backward(), the old
// log-probs held fixed, as PPO's epochs over one batch hold them.
Checked<PpoTraining> ppo_train(FloatView logits, ShapeView logits_shape, IndexView actions,
                               FloatView old_log_probs, FloatView advantages,
                               const TrainOptions& options);

}  // namespace rl
