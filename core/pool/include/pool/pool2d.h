// 2-D pooling with PyTorch's semantics (average, max, adaptive average, adaptive max),
// forward and backward, on float32 tensors in row-major NCHW or CHW layout.
//
// Size letters used throughout the core:
//   N  batch            C  channels         P = N * C planes
//   H, W   input height and width           OH, OW  output height and width
//   kh, kw kernel       sh, sw stride       ph, pw padding     dh, dw dilation
//
// Two layers:
//   * plan_*() validates a setting against PyTorch's rules and returns a plan (the geometry
//     every kernel needs) or an Error that names the parameter and its value.
//   * pool2d.h's checked entry points (avg_pool2d, ...) validate, then run the kernel the site
//     runs; reference.h holds the naive oracle kernels they are tested against.
// No exceptions: errors are values, so the same code runs in WebAssembly without
// exception support.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "common/shape.h"

namespace pool {

// A size given per side: (height, width).
struct Size2 {
  int64_t h = 0;
  int64_t w = 0;
};

// PyTorch's AvgPool2d / MaxPool2d arguments. No stride means "same as kernel_size".
struct PoolOptions {
  Size2 kernel{1, 1};
  std::optional<Size2> stride;
  Size2 padding{0, 0};
  Size2 dilation{1, 1};            // max pooling only
  bool ceil_mode = false;
  bool count_include_pad = true;   // average pooling only
  std::optional<int64_t> divisor_override;  // average pooling only
};

// Shared with every family (core/common); a shape here is (C, H, W) or (N, C, H, W).
using core::Checked;
using core::describe;
using core::Error;
using core::Shape;

// Everything a kernel needs, already validated. Planes are independent H x W images.
struct PoolPlan {
  Shape input_shape;
  Shape output_shape;
  int64_t planes = 0;  // N * C
  int64_t H = 0, W = 0, OH = 0, OW = 0;
  int64_t kh = 1, kw = 1, sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1;
  bool count_include_pad = true;
  int64_t divisor_override = 0;  // 0: none
  int64_t input_size() const { return planes * H * W; }
  int64_t output_size() const { return planes * OH * OW; }
};

// PyTorch's output-size rule for one side:
//   out = floor((in + 2p - d(k - 1) - 1 + (ceil_mode ? s - 1 : 0)) / s) + 1,
// and with ceil_mode the last window is dropped unless it starts inside the input or the
// left padding. May return 0 or less (0 for a stride below 1); plans reject that. Sizes
// beyond int32 are the caller's to refuse (plans do), as the arithmetic is int64.
int64_t pooled_output_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d,
                           bool ceil_mode);

enum class PoolKind { kAverage, kMax };

// The most taps a call may read: every window's values inside the input, summed, as the
// kernels read them (a tap in the padding, or between a dilated window's taps, costs nothing;
// adaptive windows are each their own size). A backward pass, which adds its gradients to the
// same windows, is held to its forward pass's count. Plans refuse more, so that no call holds a
// page up: at the cap the slowest kernels take some 0.15 s natively and 0.2 s as WebAssembly
// where 2^34 taps take 14 s (README.md, the refusals, with what memory adds to tall windows).
constexpr int64_t kMaxWork = int64_t{1} << 28;

// Adaptive pooling's output_size: a side left empty (PyTorch's None) keeps the input's size.
struct OutputSize {
  std::optional<int64_t> h;
  std::optional<int64_t> w;
  OutputSize() = default;
  OutputSize(std::optional<int64_t> height, std::optional<int64_t> width) : h(height), w(width) {}
  OutputSize(Size2 size) : h(size.h), w(size.w) {}  // NOLINT: every Size2 is an output size
};

// An empty batch is planned as PyTorch 1.13 takes it, with 0 planes: N = 0 of (N, C, H, W)
// for average and max pooling; for adaptive pooling the first dimension of either rank, and
// with `empty_channels` (adaptive_avg_pool2d's forward pass, the one of the four that takes
// it) C = 0 of (N, C, H, W) too.
Checked<PoolPlan> plan_pool2d(PoolKind kind, const Shape& input_shape,
                              const PoolOptions& options);
Checked<PoolPlan> plan_adaptive_pool2d(const Shape& input_shape, OutputSize output_size,
                                       bool empty_channels = false);

// Window [start, end) of output index `o` for adaptive pooling of `in` cells into `out`.
inline int64_t adaptive_start(int64_t o, int64_t out, int64_t in) {
  return (o / out) * in + ((o % out) * in) / out;
}
inline int64_t adaptive_end(int64_t o, int64_t out, int64_t in) {
  return 1 + ((o + 1) * in - 1) / out;
}

// An adaptive window's sum (or gradient) over its size, rounded as PyTorch rounds it: divided
// by the height and then by the width, except for a 1 x 1 output, which PyTorch computes with
// mean() and so divides once, by H * W.
inline float adaptive_share(float value, int64_t rows, int64_t cols, bool one_by_one) {
  if (one_by_one) return value / static_cast<float>(rows * cols);
  return value / static_cast<float>(rows) / static_cast<float>(cols);
}

using core::FloatView;
using core::IndexView;

// ---- Checked entry points ----------------------------------------------------------------
// Forward and backward take the same leading arguments; the lengths of the inputs are
// checked against the shape. Backward passes return the gradient of the input.

struct PoolOutput {
  std::vector<float> data;
  Shape shape;
  std::vector<int32_t> indices;  // max pooling only: flat index in each H x W plane
};

Checked<PoolOutput> avg_pool2d(FloatView input, const Shape& shape, const PoolOptions& options);
Checked<std::vector<float>> avg_pool2d_backward(FloatView grad_output, const Shape& input_shape,
                                                const PoolOptions& options);
Checked<PoolOutput> max_pool2d(FloatView input, const Shape& shape, const PoolOptions& options);
Checked<std::vector<float>> max_pool2d_backward(FloatView grad_output, IndexView indices,
                                                const Shape& input_shape,
                                                const PoolOptions& options);
Checked<PoolOutput> adaptive_avg_pool2d(FloatView input, const Shape& shape, OutputSize output_size);
Checked<std::vector<float>> adaptive_avg_pool2d_backward(FloatView grad_output,
                                                         const Shape& input_shape,
                                                         OutputSize output_size);
Checked<PoolOutput> adaptive_max_pool2d(FloatView input, const Shape& shape, OutputSize output_size);
Checked<std::vector<float>> adaptive_max_pool2d_backward(FloatView grad_output, IndexView indices,
                                                         const Shape& input_shape,
                                                         OutputSize output_size);

// All eight operations through one door that writes into a caller-owned PoolOutput, whose
// buffers keep their capacity from call to call: the WASM bindings use it, so a call on a
// small input allocates nothing. `values` is the input (forward) or grad_output (backward);
// `indices` is read by max backward only; a backward pass leaves the input gradient in
// out.data and the input shape in out.shape.
enum class Operation {
  kAvgForward, kAvgBackward, kMaxForward, kMaxBackward,
  kAdaptiveAvgForward, kAdaptiveAvgBackward, kAdaptiveMaxForward, kAdaptiveMaxBackward,
};
// What kind of operation: a backward pass (its result is the input's gradient), max
// pooling (plain or adaptive), adaptive pooling.
bool is_backward(Operation op);
bool is_max(Operation op);
bool is_adaptive(Operation op);

struct PoolCall {
  Operation op = Operation::kAvgForward;
  FloatView values;
  IndexView indices;
  Shape shape;
  PoolOptions options;  // average and max pooling
  OutputSize output_size;  // adaptive pooling
  // Max forward (plain and adaptive): PyTorch's return_indices. Without indices the kernels
  // compute the values alone, faster, and out.indices stays empty.
  bool return_indices = true;
};
std::optional<Error> run_pool2d(const PoolCall& call, PoolOutput& out);

// The same work in batches of planes, for callers that stream a large tensor through a small
// buffer (the WASM bindings do, so that a batch stays in cache between being copied in,
// pooled and copied out). Planes are independent, so a batch is the plan with fewer planes.
//
// plan_call() validates the call as run_pool2d would, reading only the lengths of
// call.values and call.indices (their data may be absent), except the indices' values: those
// are checked batch by batch.
Checked<PoolPlan> plan_call(const PoolCall& call);

// What one plane of `op` reads (values, indices) and writes (result: floats, and as many
// indices for max forward).
struct PlaneSizes {
  int64_t values = 0;
  int64_t indices = 0;
  int64_t result = 0;
  // How many planes the kernel takes at a time (kernels::Choice::planes_at_a_time).
  int64_t group = 1;
};
PlaneSizes plane_sizes(Operation op, const PoolPlan& plan);

// Runs planes [first, first + count) of a plan from plan_call(): `values` and `indices` hold
// those planes only; `out` (and `out_indices`, max forward, unless null for the values
// alone) get count * plane_sizes().result entries. Fails when the batch lies outside the
// plan, when `values` or `indices` is shorter than the batch needs, or when a max backward
// index lies outside its plane (the message counts it from the start of the whole call).
std::optional<Error> run_planes(Operation op, const PoolPlan& plan, int64_t first, int64_t count,
                                FloatView values, IndexView indices, float* out,
                                int32_t* out_indices);

// The name of the kernel function (in kernels.cpp or kernels_simd.cpp) that run_pool2d runs
// for `op` and a valid plan: lets the course show the source of the code that computed a number.
const char* kernel_name(Operation op, const PoolPlan& plan);

}  // namespace pool
