// The benchmarks' way into the core: plans a workload with plan_pool2d, then runs the kernel
// the checked entry points run for that plan (kernels::choose_*), on buffers the caller owns.
// So a benchmark times the kernel alone: no validation, allocation or copies around it.
// Shared by the native benchmark (native/pool_bench.cpp) and the in-heap WASM one
// (wasm/heap_bench.cpp).
#pragma once

#include <cstdint>

#include "pool/kernels.h"
#include "pool/pool2d.h"

namespace bench {

// kMaxForward writes the indices too; kMaxValues the values alone (return_indices=False).
enum class Op { kAvgForward = 0, kAvgBackward = 1, kMaxForward = 2, kMaxValues = 3 };

inline bool is_max(Op op) { return op == Op::kMaxForward || op == Op::kMaxValues; }

// Every workload of the benchmark has a square kernel, stride and padding.
inline pool::Checked<pool::PoolPlan> plan_for(Op op, const pool::Shape& shape, int kernel,
                                              int stride, int padding, bool count_include_pad) {
  pool::PoolOptions options;
  options.kernel = {kernel, kernel};
  options.stride = pool::Size2{stride, stride};
  options.padding = {padding, padding};
  options.count_include_pad = count_include_pad;
  const auto kind = is_max(op) ? pool::PoolKind::kMax : pool::PoolKind::kAverage;
  return pool::plan_pool2d(kind, shape, options);
}

// Elements the operation reads and writes: a backward pass reads the pooled shape and
// writes the input's; kMaxForward writes an index beside each value.
inline int64_t input_length(Op op, const pool::PoolPlan& plan) {
  return op == Op::kAvgBackward ? plan.output_size() : plan.input_size();
}
inline int64_t output_length(Op op, const pool::PoolPlan& plan) {
  return op == Op::kAvgBackward ? plan.input_size() : plan.output_size();
}
inline int64_t bytes_moved(Op op, const pool::PoolPlan& plan) {
  const int64_t indices = op == Op::kMaxForward ? plan.output_size() : 0;
  return 4 * (input_length(op, plan) + output_length(op, plan) + indices);
}

inline const char* kernel_name(Op op, const pool::PoolPlan& plan) {
  namespace k = pool::kernels;
  switch (op) {
    case Op::kAvgForward: return k::choose_avg_forward(plan).name;
    case Op::kAvgBackward: return k::choose_avg_backward(plan).name;
    case Op::kMaxForward:
    case Op::kMaxValues: return k::choose_max_forward(plan).name;
  }
  return "";
}

// out <- in, through the kernel the core chooses; indices only for kMaxForward.
inline void run_kernel(Op op, float* out, int32_t* indices, const float* in,
                       const pool::PoolPlan& plan) {
  namespace k = pool::kernels;
  switch (op) {
    case Op::kAvgForward: k::choose_avg_forward(plan).run(out, in, plan); return;
    case Op::kAvgBackward: k::choose_avg_backward(plan).run(out, in, plan); return;
    case Op::kMaxForward: k::choose_max_forward(plan).run(out, indices, in, plan); return;
    case Op::kMaxValues: k::choose_max_forward(plan).run(out, nullptr, in, plan); return;
  }
}

}  // namespace bench
