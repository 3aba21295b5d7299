// The reference kernels: the oracle every faster kernel is tested against. Naive loops
// written from the definitions, visiting every tap of every window; never optimised.
// Forward and backward share their parameter order: outputs first, then inputs, then the plan.
#pragma once

#include "pool/pool2d.h"

namespace pool::reference {

// (P, H, W) -> (P, OH, OW)
void avg_pool2d_forward(float* out, const float* in, const PoolPlan& plan);
// (P, OH, OW) -> (P, H, W); overwrites grad_in
void avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& plan);

// (P, H, W) -> (P, OH, OW) values and indices
void max_pool2d_forward(float* out, int32_t* indices, const float* in, const PoolPlan& plan);
// (P, OH, OW) -> (P, H, W); overwrites grad_in
void max_pool2d_backward(float* grad_in, const int32_t* indices, const float* grad_out,
                         const PoolPlan& plan);

// (P, H, W) -> (P, OH, OW)
void adaptive_avg_pool2d_forward(float* out, const float* in, const PoolPlan& plan);
void adaptive_avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& plan);
void adaptive_max_pool2d_forward(float* out, int32_t* indices, const float* in,
                                 const PoolPlan& plan);
void adaptive_max_pool2d_backward(float* grad_in, const int32_t* indices, const float* grad_out,
                                  const PoolPlan& plan);

}  // namespace pool::reference
