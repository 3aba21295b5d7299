// The rl family's training as the course runs it: reference::ppo_train's steps with each epoch's
// log-probs and ratio handed to its backward pass (the reference's ppo_backward runs the forward
// again); the pieces it calls still allocate their own scratch. Every value is the reference's,
// to the bit (tests/cpp/rl/kernels_test.cpp and the kernels fuzzer). Same signature as the
// reference.
#pragma once

#include <cstdint>

#include "rl/reference.h"

namespace rl::kernels {

void ppo_train(float* logits_history, float* log_probs_history, float* ratio_history,
               float* loss_history, float* grad_ratio_history, const float* logits,
               const int32_t* actions, const float* old_log_probs, const float* advantages,
               int64_t N, int64_t A, int64_t E, ClipRange range, double lr);

}  // namespace rl::kernels
