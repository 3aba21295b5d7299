// The checked entry points: validate the plan and the lengths of the arrays, then run the
// kernel that kernels::choose_*() picks for the plan (the one kernel_name() names).
#include "pool/pool2d.h"

#include <string>

#include "common/sizes.h"
#include "pool/kernels.h"

namespace pool {
namespace {

using core::check_length;
using core::kTheOutput;
using core::to_checked;

// Indices come from the caller in backward passes: each must lie inside its H x W plane.
// `offset` is where `indices` starts in the whole call, so messages count from there.
std::optional<Error> check_index_values(IndexView indices, const PoolPlan& p, size_t offset) {
  const int64_t plane = p.H * p.W;
  for (size_t i = 0; i < indices.size; ++i) {
    if (indices[i] < 0 || indices[i] >= plane) {
      return Error{"indices", "indices[" + std::to_string(offset + i) + "] is " +
                                  std::to_string(indices[i]) + ", outside the " +
                                  std::to_string(p.H) + " x " + std::to_string(p.W) + " plane"};
    }
  }
  return std::nullopt;
}

void run_kernel(Operation op, const PoolPlan& p, const float* values, const int32_t* indices,
                float* out, int32_t* out_indices) {
  switch (op) {
    case Operation::kAvgForward:
      return kernels::choose_avg_forward(p).run(out, values, p);
    case Operation::kAvgBackward:
      return kernels::choose_avg_backward(p).run(out, values, p);
    case Operation::kMaxForward:
      return kernels::choose_max_forward(p).run(out, out_indices, values, p);
    case Operation::kMaxBackward:
    case Operation::kAdaptiveMaxBackward:
      return kernels::choose_max_backward(p).run(out, indices, values, p);
    case Operation::kAdaptiveAvgForward:
      return kernels::choose_adaptive_avg_forward(p).run(out, values, p);
    case Operation::kAdaptiveAvgBackward:
      return kernels::choose_adaptive_avg_backward(p).run(out, values, p);
    case Operation::kAdaptiveMaxForward:
      return kernels::choose_adaptive_max_forward(p).run(out, out_indices, values, p);
  }
}

Checked<PoolOutput> forward(Operation op, FloatView input, const Shape& shape,
                            const PoolOptions& options, OutputSize output_size) {
  PoolOutput out;
  auto error = run_pool2d({op, input, {}, shape, options, output_size}, out);
  return to_checked(std::move(error), std::move(out));
}

Checked<std::vector<float>> backward(Operation op, FloatView grad_output, IndexView indices,
                                     const Shape& input_shape, const PoolOptions& options,
                                     OutputSize output_size) {
  PoolOutput out;
  auto error = run_pool2d({op, grad_output, indices, input_shape, options, output_size}, out);
  return to_checked(std::move(error), std::move(out.data));
}

// The kernel `op` runs on `p`: its name, and how many planes it takes at a time.
struct KernelChoice {
  const char* name;
  int64_t planes_at_a_time;
};

template <class Fn>
KernelChoice described(const kernels::Choice<Fn>& choice) {
  return {choice.name, choice.planes_at_a_time};
}

KernelChoice chosen_kernel(Operation op, const PoolPlan& p) {
  switch (op) {
    case Operation::kAvgForward:
      return described(kernels::choose_avg_forward(p));
    case Operation::kAvgBackward:
      return described(kernels::choose_avg_backward(p));
    case Operation::kMaxForward:
      return described(kernels::choose_max_forward(p));
    case Operation::kMaxBackward:
    case Operation::kAdaptiveMaxBackward:
      return described(kernels::choose_max_backward(p));
    case Operation::kAdaptiveAvgForward:
      return described(kernels::choose_adaptive_avg_forward(p));
    case Operation::kAdaptiveAvgBackward:
      return described(kernels::choose_adaptive_avg_backward(p));
    case Operation::kAdaptiveMaxForward:
      return described(kernels::choose_adaptive_max_forward(p));
  }
  return {"", 1};
}

}  // namespace

bool is_adaptive(Operation op) {
  return op == Operation::kAdaptiveAvgForward || op == Operation::kAdaptiveAvgBackward ||
         op == Operation::kAdaptiveMaxForward || op == Operation::kAdaptiveMaxBackward;
}

bool is_max(Operation op) {
  return op == Operation::kMaxForward || op == Operation::kMaxBackward ||
         op == Operation::kAdaptiveMaxForward || op == Operation::kAdaptiveMaxBackward;
}

bool is_backward(Operation op) {
  return op == Operation::kAvgBackward || op == Operation::kMaxBackward ||
         op == Operation::kAdaptiveAvgBackward || op == Operation::kAdaptiveMaxBackward;
}

Checked<PoolPlan> plan_call(const PoolCall& call) {
  const Operation op = call.op;
  Checked<PoolPlan> plan =
      is_adaptive(op) ? plan_adaptive_pool2d(call.shape, call.output_size,
                                             op == Operation::kAdaptiveAvgForward)
                      : plan_pool2d(is_max(op) ? PoolKind::kMax : PoolKind::kAverage, call.shape,
                                    call.options);
  if (plan.ok()) {
    const PoolPlan& p = *plan.value;
    if (!is_backward(op)) {
      plan.error = check_length(call.values.size, p.input_size(), "input", p.input_shape);
    } else {
      plan.error = check_length(call.values.size, p.output_size(), "grad_output", p.output_shape, kTheOutput);
      if (!plan.error && is_max(op)) {
        plan.error = check_length(call.indices.size, p.output_size(), "indices", p.output_shape, kTheOutput);
      }
    }
    if (plan.error) plan.value.reset();
  }
  return plan;  // one object throughout, so it is returned without a copy
}

PlaneSizes plane_sizes(Operation op, const PoolPlan& p) {
  const int64_t in = p.H * p.W;
  const int64_t out = p.OH * p.OW;
  const int64_t group = chosen_kernel(op, p).planes_at_a_time;
  if (is_backward(op)) return {out, is_max(op) ? out : 0, in, group};
  return {in, 0, out, group};
}

std::optional<Error> run_planes(Operation op, const PoolPlan& plan, int64_t first, int64_t count,
                                FloatView values, IndexView indices, float* out,
                                int32_t* out_indices) {
  const PlaneSizes per = plane_sizes(op, plan);
  if (first < 0 || count < 0 || first > plan.planes || count > plan.planes - first ||
      static_cast<int64_t>(values.size) < count * per.values ||
      static_cast<int64_t>(indices.size) < count * per.indices) {
    return Error{"planes", "planes " + std::to_string(first) + " to " +
                               std::to_string(first + count) + " do not fit the plan of " +
                               std::to_string(plan.planes) + " planes or the inputs given"};
  }
  if (is_backward(op) && is_max(op)) {
    const auto offset = static_cast<size_t>(first * plan.OH * plan.OW);
    if (auto e = check_index_values(indices, plan, offset)) return e;
  }
  if (count == 0) return std::nullopt;  // no planes: nothing to write (out may be null)
  if (count == plan.planes) {
    run_kernel(op, plan, values.data, indices.data, out, out_indices);
  } else {
    PoolPlan batch = plan;
    batch.planes = count;
    run_kernel(op, batch, values.data, indices.data, out, out_indices);
  }
  return std::nullopt;
}

std::optional<Error> run_pool2d(const PoolCall& call, PoolOutput& out) {
  const Checked<PoolPlan> plan = plan_call(call);
  if (!plan.ok()) return plan.error;
  const PoolPlan& p = *plan.value;
  const bool backward = is_backward(call.op);
  out.shape = backward ? p.input_shape : p.output_shape;
  out.data.resize(static_cast<size_t>(backward ? p.input_size() : p.output_size()));
  const bool indices = !backward && is_max(call.op) && call.return_indices;
  out.indices.resize(indices ? out.data.size() : 0);
  return run_planes(call.op, p, 0, p.planes, call.values, call.indices, out.data.data(),
                    indices ? out.indices.data() : nullptr);
}

Checked<PoolOutput> avg_pool2d(FloatView input, const Shape& shape, const PoolOptions& options) {
  return forward(Operation::kAvgForward, input, shape, options, {});
}

Checked<std::vector<float>> avg_pool2d_backward(FloatView grad_output, const Shape& input_shape,
                                                const PoolOptions& options) {
  return backward(Operation::kAvgBackward, grad_output, {}, input_shape, options, {});
}

Checked<PoolOutput> max_pool2d(FloatView input, const Shape& shape, const PoolOptions& options) {
  return forward(Operation::kMaxForward, input, shape, options, {});
}

Checked<std::vector<float>> max_pool2d_backward(FloatView grad_output, IndexView indices,
                                                const Shape& input_shape,
                                                const PoolOptions& options) {
  return backward(Operation::kMaxBackward, grad_output, indices, input_shape, options, {});
}

Checked<PoolOutput> adaptive_avg_pool2d(FloatView input, const Shape& shape, OutputSize output_size) {
  return forward(Operation::kAdaptiveAvgForward, input, shape, {}, output_size);
}

Checked<std::vector<float>> adaptive_avg_pool2d_backward(FloatView grad_output,
                                                         const Shape& input_shape,
                                                         OutputSize output_size) {
  return backward(Operation::kAdaptiveAvgBackward, grad_output, {}, input_shape, {}, output_size);
}

Checked<PoolOutput> adaptive_max_pool2d(FloatView input, const Shape& shape, OutputSize output_size) {
  return forward(Operation::kAdaptiveMaxForward, input, shape, {}, output_size);
}

Checked<std::vector<float>> adaptive_max_pool2d_backward(FloatView grad_output, IndexView indices,
                                                         const Shape& input_shape,
                                                         OutputSize output_size) {
  return backward(Operation::kAdaptiveMaxBackward, grad_output, indices, input_shape, {},
                  output_size);
}

const char* kernel_name(Operation op, const PoolPlan& plan) { return chosen_kernel(op, plan).name; }

}  // namespace pool
