// Reference kernels of the rl family: PPO's clipped objective on a batch of N samples, each a
// row of A logits and the action taken, forward and backward, and a training of plain gradient
// steps on the logits. Plain loops that take every rounding in the order PyTorch 1.13's CPU
// float32 kernels and autograd take it (README.md, "Exactness"); the log-softmax and its
// gradient are the layer family's kernels and the gradient step is the optim family's SGD, so
// each is written once. They are the oracle the tests hold to PyTorch's golden data, and
// kernels.h's training, which the course runs, is held to them bit for bit. Outputs first, then
// inputs, then sizes, then options; forward and backward take their common arguments in the same
// order. The arguments are taken as valid (rl.h checks them).
//
// Size letters: N samples (rows), A actions (logits per row), E epochs (gradient steps).
#pragma once

#include <cstdint>

namespace rl {

// The bounds clamp receives for a clip ε: 1 - ε and 1 + ε computed in double (Python's floats),
// then rounded to float32, as clamp's kernel and its backward's comparisons round a Scalar for
// a float32 tensor.
struct ClipRange {
  float low = 0.8f;
  float high = 1.2f;
};

ClipRange clip_range(double clip);

namespace reference {

// logits[N, A], actions[N] -> log_softmax[N, A] = log_softmax(logits, dim=1), every action's
// log-prob (the layer family's log-softmax, each row's largest logit subtracted first), and
// log_probs[N] = log_softmax.gather(1, actions).
void log_probs_of(float* log_softmax, float* log_probs, const float* logits,
                  const int32_t* actions, int64_t N, int64_t A);

// log_probs[N], old_log_probs[N] -> ratio[N] = exp(log_probs - old_log_probs), in float32, with
// PyTorch's exp (core::pytorch_expf, SLEEF's).
void ratio_of(float* ratio, const float* log_probs, const float* old_log_probs, int64_t N);

// ratio[N], advantages[N] -> surrogate = ratio * A, clipped = clamp(ratio, low, high) * A,
// objective = torch.minimum(surrogate, clipped) (NaN if either is), each [N]; returns the loss
// -objective.mean(), the mean's sum PyTorch's (core::pytorch_sum).
float objective_of(float* surrogate, float* clipped, float* objective, const float* ratio,
                   const float* advantages, int64_t N, ClipRange range);

// grad_loss, ratio[N], advantages[N] -> grad_ratio[N], autograd's dloss/dratio: -grad_loss / N
// from the mean, torch.minimum's backward (half to each side at a tie, all of it to both when
// either is NaN), mul's, and clamp's (the gradient passes where low <= ratio <= high, the
// bounds included), the two paths added.
void ratio_gradient(float* grad_ratio, float grad_loss, const float* ratio,
                    const float* advantages, int64_t N, ClipRange range);

// grad_ratio[N], ratio[N], logits[N, A], actions[N] -> grad_logits[N, A]: exp's backward
// (grad * ratio), gather's (each row's gradient added to zeros at its action), then the layer
// family's log-softmax backward.
void logits_gradient(float* grad_logits, const float* grad_ratio, const float* ratio,
                     const float* logits, const int32_t* actions, int64_t N, int64_t A);

// logits[N, A], actions[N], old_log_probs[N], advantages[N] -> log_softmax [N, A], log_probs,
// ratio, surrogate, clipped, objective [N] and the loss.
void ppo_forward(float* log_softmax, float* log_probs, float* ratio, float* surrogate,
                 float* clipped, float* objective, float* loss, const float* logits,
                 const int32_t* actions, const float* old_log_probs, const float* advantages,
                 int64_t N, int64_t A, ClipRange range);

// grad_loss and the forward's arguments -> grad_logits[N, A], grad_ratio[N] (the forward run
// again for the ratio).
void ppo_backward(float* grad_logits, float* grad_ratio, float grad_loss, const float* logits,
                  const int32_t* actions, const float* old_log_probs, const float* advantages,
                  int64_t N, int64_t A, ClipRange range);

// E steps of torch.optim.SGD(lr) on the logits, each from the loss's gradient (grad_loss 1), the
// old log-probs held fixed. Row e of each history is the state after e steps: logits_history
// [E + 1, N, A], log_probs_history and ratio_history [E + 1, N], loss_history [E + 1] (row E the
// forward of the last logits); grad_ratio_history [E, N] is the gradient each step took. Here
// ppo_forward, ppo_backward and the step, one after another.
void ppo_train(float* logits_history, float* log_probs_history, float* ratio_history,
               float* loss_history, float* grad_ratio_history, const float* logits,
               const int32_t* actions, const float* old_log_probs, const float* advantages,
               int64_t N, int64_t A, int64_t E, ClipRange range, double lr);

}  // namespace reference
}  // namespace rl
