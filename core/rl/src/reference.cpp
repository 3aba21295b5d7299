// The reference: PyTorch 1.13's CPU float32 operations one by one, each rounded on its own, in
// the order of the PPO expression and of autograd's backward through it.
#include "rl/reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "common/pytorch_expf.h"
#include "common/pytorch_sum.h"
#include "layers/reference.h"
#include "optim/reference.h"

namespace rl {

ClipRange clip_range(double clip) {
  return {static_cast<float>(1.0 - clip), static_cast<float>(1.0 + clip)};
}

namespace reference {
namespace {

// clamp(value, low, high) as PyTorch's kernel: NaN stays NaN.
float clamp(float value, ClipRange range) {
  if (std::isnan(value)) return value;
  return std::min(std::max(value, range.low), range.high);
}

// torch.minimum: NaN if either is NaN.
float minimum(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
  return std::min(a, b);
}

}  // namespace

void log_probs_of(float* log_softmax, float* log_probs, const float* logits,
                  const int32_t* actions, int64_t N, int64_t A) {
  layers::reference::softmax_forward(log_softmax, logits, N, A, 1, 1.0f, true);
  for (int64_t i = 0; i < N; ++i) log_probs[i] = log_softmax[i * A + actions[i]];
}

void ratio_of(float* ratio, const float* log_probs, const float* old_log_probs, int64_t N) {
  for (int64_t i = 0; i < N; ++i) ratio[i] = core::pytorch_expf(log_probs[i] - old_log_probs[i]);
}

float objective_of(float* surrogate, float* clipped, float* objective, const float* ratio,
                   const float* advantages, int64_t N, ClipRange range) {
  for (int64_t i = 0; i < N; ++i) {
    surrogate[i] = ratio[i] * advantages[i];
    clipped[i] = clamp(ratio[i], range) * advantages[i];
    objective[i] = minimum(surrogate[i], clipped[i]);
  }
  return -(core::pytorch_sum(objective, N) / static_cast<float>(N));
}

void ratio_gradient(float* grad_ratio, float grad_loss, const float* ratio,
                    const float* advantages, int64_t N, ClipRange range) {
  const float grad_objective = -grad_loss / static_cast<float>(N);  // neg's, then mean's
  for (int64_t i = 0; i < N; ++i) {
    const float surrogate = ratio[i] * advantages[i];
    const float clipped = clamp(ratio[i], range) * advantages[i];
    // torch.minimum's backward: where(a == b, grad / 2, grad), zeroed on the larger side.
    const float shared = surrogate == clipped ? grad_objective / 2.0f : grad_objective;
    const float to_surrogate = surrogate > clipped ? 0.0f : shared;
    const float to_clipped = surrogate < clipped ? 0.0f : shared;
    // clamp's backward passes the gradient from low to high, both included.
    const bool inside = ratio[i] >= range.low && ratio[i] <= range.high;
    grad_ratio[i] = to_surrogate * advantages[i] + (inside ? to_clipped * advantages[i] : 0.0f);
  }
}

void logits_gradient(float* grad_logits, const float* grad_ratio, const float* ratio,
                     const float* logits, const int32_t* actions, int64_t N, int64_t A) {
  std::vector<float> grad_rows(static_cast<size_t>(N * A), 0.0f);
  for (int64_t i = 0; i < N; ++i) grad_rows[i * A + actions[i]] += grad_ratio[i] * ratio[i];
  layers::reference::softmax_backward(grad_logits, grad_rows.data(), logits, N, A, 1, 1.0f, true);
}

void ppo_forward(float* log_softmax, float* log_probs, float* ratio, float* surrogate,
                 float* clipped, float* objective, float* loss, const float* logits,
                 const int32_t* actions, const float* old_log_probs, const float* advantages,
                 int64_t N, int64_t A, ClipRange range) {
  log_probs_of(log_softmax, log_probs, logits, actions, N, A);
  ratio_of(ratio, log_probs, old_log_probs, N);
  *loss = objective_of(surrogate, clipped, objective, ratio, advantages, N, range);
}

void ppo_backward(float* grad_logits, float* grad_ratio, float grad_loss, const float* logits,
                  const int32_t* actions, const float* old_log_probs, const float* advantages,
                  int64_t N, int64_t A, ClipRange range) {
  std::vector<float> log_softmax(static_cast<size_t>(N * A)), log_probs(static_cast<size_t>(N)),
      ratio(static_cast<size_t>(N));
  log_probs_of(log_softmax.data(), log_probs.data(), logits, actions, N, A);
  ratio_of(ratio.data(), log_probs.data(), old_log_probs, N);
  ratio_gradient(grad_ratio, grad_loss, ratio.data(), advantages, N, range);
  logits_gradient(grad_logits, grad_ratio, ratio.data(), logits, actions, N, A);
}

void ppo_train(float* logits_history, float* log_probs_history, float* ratio_history,
               float* loss_history, float* grad_ratio_history, const float* logits,
               const int32_t* actions, const float* old_log_probs, const float* advantages,
               int64_t N, int64_t A, int64_t E, ClipRange range, double lr) {
  const auto n = static_cast<size_t>(N);
  std::vector<float> current(logits, logits + N * A), grad(current.size()),
      log_softmax(current.size());
  std::vector<float> surrogate(n), clipped(n), objective(n);
  optim::SgdOptions sgd;
  sgd.lr = lr;
  for (int64_t e = 0;; ++e) {
    std::memcpy(logits_history + e * N * A, current.data(), current.size() * sizeof(float));
    ppo_forward(log_softmax.data(), log_probs_history + e * N, ratio_history + e * N,
                surrogate.data(), clipped.data(), objective.data(), loss_history + e,
                current.data(), actions, old_log_probs, advantages, N, A, range);
    if (e == E) break;
    ppo_backward(grad.data(), grad_ratio_history + e * N, 1.0f, current.data(), actions,
                 old_log_probs, advantages, N, A, range);
    optim::reference::sgd_step(current.data(), nullptr, grad.data(), N * A, false, sgd);
  }
}

}  // namespace reference
}  // namespace rl
