// Validation and the calls: the checks every call passes before a kernel runs, and the results
// in the API's pieces.
#include "rl/rl.h"

#include <cmath>
#include <limits>
#include <string>

#include "rl/kernels.h"

namespace rl {
namespace {

using core::show;

std::string text(int64_t n) { return std::to_string(n); }

std::string describe(ShapeView shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size; ++i) out += (i ? ", " : "") + text(shape[i]);
  return out + ")";
}

std::optional<Error> check_count(const char* name, size_t length, int64_t expected,
                                 const std::string& because) {
  if (static_cast<int64_t>(length) == expected) return std::nullopt;
  return Error{name, std::string(name) + " has " + std::to_string(length) + " values but " + because};
}

// Each value finite (the first that is not is named with its index).
std::optional<Error> check_finite(const char* name, FloatView values) {
  for (size_t i = 0; i < values.size; ++i) {
    if (!std::isfinite(values[i])) {
      return Error{name, std::string(name) + "[" + std::to_string(i) +
                             "] must be a finite number, got " + show(values[i])};
    }
  }
  return std::nullopt;
}

// The values of a call whose sizes passed: each action a row's column, then every value finite.
std::optional<Error> check_values(FloatView logits, IndexView actions, FloatView old_log_probs,
                                  FloatView advantages, const PpoSizes& s) {
  for (size_t i = 0; i < actions.size; ++i) {
    if (actions[i] < 0 || actions[i] >= s.A) {
      return Error{"actions", "actions[" + std::to_string(i) + "] is " + text(actions[i]) +
                                  " but A is " + text(s.A) + ": an action is from 0 to " +
                                  text(s.A - 1)};
    }
  }
  auto error = check_finite("logits", logits);
  if (!error) error = check_finite("old_log_probs", old_log_probs);
  if (!error) error = check_finite("advantages", advantages);
  return error;
}

std::optional<Error> check_clip(double clip) {
  if (clip > 0 && clip < 1) return std::nullopt;
  return Error{"clip", "clip must be more than 0 and less than 1, got " + show(clip)};
}

// A float32 number: finite, and finite once rounded.
std::optional<Error> check_float(const char* name, double value) {
  if (!std::isfinite(value)) {
    return Error{name, std::string(name) + " must be a finite number, got " + show(value)};
  }
  if (!std::isfinite(static_cast<float>(value))) {
    return Error{name, std::string(name) + " " + show(value) +
                           " is beyond float32's largest finite value"};
  }
  return std::nullopt;
}

template <class T>
Checked<T> failed(const std::optional<Error>& error) {
  return core::fail<T>(error->parameter, error->message);
}

std::vector<float> sized(int64_t n) { return std::vector<float>(static_cast<size_t>(n)); }

// Every check of a call, in the documented order (README.md, "Errors").
Checked<PpoSizes> check_call(FloatView logits, ShapeView logits_shape, IndexView actions,
                             FloatView old_log_probs, FloatView advantages,
                             const PpoOptions& options) {
  auto sizes = check_ppo(logits_shape, logits.size, actions.size, old_log_probs.size,
                         advantages.size);
  if (!sizes.ok()) return sizes;
  auto error = check_ppo_options(options);
  if (!error) error = check_values(logits, actions, old_log_probs, advantages, *sizes.value);
  if (error) return failed<PpoSizes>(error);
  return sizes;
}

}  // namespace

Checked<PpoSizes> check_ppo(ShapeView logits_shape, size_t logits_length, size_t actions_length,
                            size_t old_log_probs_length, size_t advantages_length) {
  if (logits_shape.size != 2) {
    return core::fail<PpoSizes>("logits_shape",
                                "logits_shape must be [N, A], got " + describe(logits_shape));
  }
  const int64_t N = logits_shape[0], A = logits_shape[1];
  if (N < 1 || N > kMaxSamples || A < kMinActions || A > kMaxActions) {
    return core::fail<PpoSizes>(
        "logits_shape", "logits_shape [N, A] must have N from 1 to " + text(kMaxSamples) +
                            " and A from " + text(kMinActions) + " to " + text(kMaxActions) +
                            ", got " + describe(logits_shape));
  }
  const std::string per_sample = "N is " + text(N);
  auto error = check_count("logits", logits_length, N * A,
                           "logits_shape " + describe(logits_shape) + " needs " + text(N * A));
  if (!error) error = check_count("actions", actions_length, N, per_sample);
  if (!error) error = check_count("old_log_probs", old_log_probs_length, N, per_sample);
  if (!error) error = check_count("advantages", advantages_length, N, per_sample);
  if (error) return failed<PpoSizes>(error);
  return core::succeed(PpoSizes{N, A});
}

std::optional<Error> check_ppo_options(const PpoOptions& options) {
  return check_clip(options.clip);
}

std::optional<Error> check_train_options(const TrainOptions& options, const PpoSizes& sizes) {
  if (auto error = check_clip(options.clip)) return error;
  if (!(options.lr >= 0 && options.lr <= kMaxLearningRate)) {
    return Error{"lr", "lr must be from 0 to 100, got " + show(options.lr)};
  }
  if (options.epochs < 1 || options.epochs > kMaxEpochs) {
    return Error{"epochs",
                 "epochs must be from 1 to " + text(kMaxEpochs) + ", got " + text(options.epochs)};
  }
  const int64_t work = sizes.N * sizes.A * options.epochs;
  if (work > kMaxTrainWork) {
    return Error{"epochs", "epochs " + text(options.epochs) + " with logits_shape (" +
                               text(sizes.N) + ", " + text(sizes.A) + ") makes N * A * epochs = " +
                               text(work) + ", more than " + text(kMaxTrainWork) +
                               ", the most a training takes"};
  }
  return std::nullopt;
}

Checked<PpoOutputs> ppo(FloatView logits, ShapeView logits_shape, IndexView actions,
                        FloatView old_log_probs, FloatView advantages, const PpoOptions& options) {
  const auto sizes =
      check_call(logits, logits_shape, actions, old_log_probs, advantages, options);
  if (!sizes.ok()) return failed<PpoOutputs>(sizes.error);
  const auto [N, A] = *sizes.value;
  PpoOutputs out{0.0f, sized(N), sized(N), sized(N), sized(N), sized(N), sized(N * A)};
  reference::ppo_forward(out.log_softmax.data(), out.log_probs.data(), out.ratio.data(), out.surrogate.data(),
                         out.clipped_surrogate.data(), out.objective.data(), &out.loss,
                         logits.data, actions.data, old_log_probs.data, advantages.data, N, A,
                         clip_range(options.clip));
  return core::succeed(std::move(out));
}

Checked<PpoGradients> ppo_backward(double grad_loss, FloatView logits, ShapeView logits_shape,
                                   IndexView actions, FloatView old_log_probs,
                                   FloatView advantages, const PpoOptions& options) {
  if (auto error = check_float("grad_loss", grad_loss)) return failed<PpoGradients>(error);
  const auto sizes =
      check_call(logits, logits_shape, actions, old_log_probs, advantages, options);
  if (!sizes.ok()) return failed<PpoGradients>(sizes.error);
  const auto [N, A] = *sizes.value;
  PpoGradients out{sized(N * A), sized(N)};
  reference::ppo_backward(out.grad_logits.data(), out.grad_ratio.data(),
                          static_cast<float>(grad_loss), logits.data, actions.data,
                          old_log_probs.data, advantages.data, N, A, clip_range(options.clip));
  return core::succeed(std::move(out));
}

Checked<PpoTraining> ppo_train(FloatView logits, ShapeView logits_shape, IndexView actions,
                               FloatView old_log_probs, FloatView advantages,
                               const TrainOptions& options) {
  const auto sizes = check_ppo(logits_shape, logits.size, actions.size, old_log_probs.size,
                               advantages.size);
  if (!sizes.ok()) return failed<PpoTraining>(sizes.error);
  auto error = check_train_options(options, *sizes.value);
  if (!error) error = check_values(logits, actions, old_log_probs, advantages, *sizes.value);
  if (error) return failed<PpoTraining>(error);
  const auto [N, A] = *sizes.value;
  const int64_t E = options.epochs;
  PpoTraining out{sized((E + 1) * N * A), sized((E + 1) * N), sized((E + 1) * N), sized(E + 1),
                  sized(E * N)};
  kernels::ppo_train(out.logits.data(), out.log_probs.data(), out.ratio.data(), out.loss.data(),
                     out.grad_ratio.data(), logits.data, actions.data, old_log_probs.data,
                     advantages.data, N, A, E, clip_range(options.clip), options.lr);
  return core::succeed(std::move(out));
}

}  // namespace rl
