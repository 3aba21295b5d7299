// The training the course runs (kernels.h): the reference's pieces, each epoch's forward pass
// once, its log-probs and ratio handed to the backward pass.
#include "rl/kernels.h"

#include <cstring>
#include <vector>

#include "optim/reference.h"

namespace rl::kernels {

void ppo_train(float* logits_history, float* log_probs_history, float* ratio_history,
               float* loss_history, float* grad_ratio_history, const float* logits,
               const int32_t* actions, const float* old_log_probs, const float* advantages,
               int64_t N, int64_t A, int64_t E, ClipRange range, double lr) {
  const auto n = static_cast<size_t>(N);
  std::vector<float> grad(static_cast<size_t>(N * A)), log_softmax(grad.size()), surrogate(n),
      clipped(n), objective(n);
  optim::SgdOptions sgd;
  sgd.lr = lr;
  std::memcpy(logits_history, logits, grad.size() * sizeof(float));
  for (int64_t e = 0;; ++e) {
    float* current = logits_history + e * N * A;
    float* log_probs = log_probs_history + e * N;
    float* ratio = ratio_history + e * N;
    reference::log_probs_of(log_softmax.data(), log_probs, current, actions, N, A);
    reference::ratio_of(ratio, log_probs, old_log_probs, N);
    loss_history[e] = reference::objective_of(surrogate.data(), clipped.data(), objective.data(),
                                              ratio, advantages, N, range);
    if (e == E) break;
    float* grad_ratio = grad_ratio_history + e * N;
    reference::ratio_gradient(grad_ratio, 1.0f, ratio, advantages, N, range);
    reference::logits_gradient(grad.data(), grad_ratio, ratio, current, actions, N, A);
    float* next = current + N * A;
    std::memcpy(next, current, grad.size() * sizeof(float));
    optim::reference::sgd_step(next, nullptr, grad.data(), N * A, false, sgd);
  }
}

}  // namespace rl::kernels
