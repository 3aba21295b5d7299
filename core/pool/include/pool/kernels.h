// The kernels the course runs. Each is tested against its twin in reference.h. They take a
// validated plan and never check it; pool2d.cpp chooses one per plan (see kernel_name).
// Parameter order: outputs first, then inputs, then the plan, for forward and backward alike.
#pragma once

#include "pool/pool2d.h"

namespace pool::kernels {

// True when every window is a whole 2 x 2 block at stride 2 with no padding.
bool is_k2s2(const PoolPlan& plan);

void avg_pool2d_forward_k2s2(float* out, const float* in, const PoolPlan& plan);
void avg_pool2d_backward_k2s2(float* grad_in, const float* grad_out, const PoolPlan& plan);
void avg_pool2d_forward(float* out, const float* in, const PoolPlan& plan);
void avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& plan);

// Max pooling's forward kernels write the indices only when `indices` is not null; without
// them they may take faster paths, with the same values.
void max_pool2d_forward(float* out, int32_t* indices, const float* in, const PoolPlan& plan);
// Also the backward of adaptive max pooling: both send each gradient to its recorded index.
void max_pool2d_backward(float* grad_in, const int32_t* indices, const float* grad_out,
                         const PoolPlan& plan);

void adaptive_avg_pool2d_forward(float* out, const float* in, const PoolPlan& plan);
void adaptive_avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& plan);
void adaptive_max_pool2d_forward(float* out, int32_t* indices, const float* in,
                                 const PoolPlan& plan);

// Four-lane versions (kernels_simd.cpp): WASM SIMD128, SSE2 natively, plain arrays elsewhere.
void avg_pool2d_forward_k2s2_simd(float* out, const float* in, const PoolPlan& plan);
void avg_pool2d_backward_k2s2_simd(float* grad_in, const float* grad_out, const PoolPlan& plan);
void max_pool2d_forward_k2s2_simd(float* out, int32_t* indices, const float* in,
                                  const PoolPlan& plan);
// Stride 1 along the width; any kernel, padding, dilation (max) and row stride.
void avg_pool2d_forward_s1_simd(float* out, const float* in, const PoolPlan& plan);
void max_pool2d_forward_s1_simd(float* out, int32_t* indices, const float* in,
                                const PoolPlan& plan);
// Stride 2 along the width (ResNet's 3 x 3 stride-2 stem); any kernel, padding, dilation and
// row stride.
void max_pool2d_forward_s2_simd(float* out, int32_t* indices, const float* in,
                                const PoolPlan& plan);
// True when the plan has one output per plane whose window covers the whole plane.
bool is_global_average(const PoolPlan& plan);
// Global average pooling, sixteen (then four) planes at a time; the last one to three planes
// in scalar code.
void avg_pool2d_forward_global_simd(float* out, const float* in, const PoolPlan& plan);
// Any setting, four planes at a time (the planes as the lanes); a last one to three planes
// run the scalar kernel.
constexpr int64_t kLanePlanes = 4;
void avg_pool2d_forward_lanes(float* out, const float* in, const PoolPlan& plan);
void avg_pool2d_backward_lanes(float* grad_in, const float* grad_out, const PoolPlan& plan);
void max_pool2d_forward_lanes(float* out, int32_t* indices, const float* in, const PoolPlan& plan);
void adaptive_avg_pool2d_forward_lanes(float* out, const float* in, const PoolPlan& plan);
void adaptive_max_pool2d_forward_lanes(float* out, int32_t* indices, const float* in,
                                       const PoolPlan& plan);

// The kernel each operation runs for a plan, with its function's name and how many planes it
// takes at a time (kLanePlanes for the planes-as-lanes kernels, whose batches had best come
// in fours). The checked entry points, kernel_name() and plane_sizes() all ask these, so the
// name shown is the code that ran.
template <class Fn>
struct Choice {
  const char* name;
  Fn* run;
  int64_t planes_at_a_time = 1;
};
using AvgForward = void(float*, const float*, const PoolPlan&);
using AvgBackward = void(float*, const float*, const PoolPlan&);
using MaxForward = void(float*, int32_t*, const float*, const PoolPlan&);
using MaxBackward = void(float*, const int32_t*, const float*, const PoolPlan&);

Choice<AvgForward> choose_avg_forward(const PoolPlan& plan);
Choice<AvgBackward> choose_avg_backward(const PoolPlan& plan);
Choice<MaxForward> choose_max_forward(const PoolPlan& plan);
Choice<MaxBackward> choose_max_backward(const PoolPlan& plan);
Choice<AvgForward> choose_adaptive_avg_forward(const PoolPlan& plan);
Choice<AvgBackward> choose_adaptive_avg_backward(const PoolPlan& plan);
Choice<MaxForward> choose_adaptive_max_forward(const PoolPlan& plan);

}  // namespace pool::kernels
