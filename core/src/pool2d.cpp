// The checked entry points: validate the plan and the lengths of the arrays, then run the
// kernel kernel_name() names for the plan.
#include "pool/pool2d.h"

#include <string>

#include "pool/kernels.h"

namespace pool {
namespace {

template <class T>
Checked<T> fail(Error error) {
  Checked<T> result;
  result.error = std::move(error);
  return result;
}

template <class T>
Checked<T> succeed(T value) {
  Checked<T> result;
  result.value = std::move(value);
  return result;
}

std::optional<Error> check_length(size_t length, int64_t expected, const char* name,
                                  const Shape& shape) {
  if (static_cast<int64_t>(length) == expected) return std::nullopt;
  return Error{name, std::string(name) + " has " + std::to_string(length) +
                         " values but shape " + describe(shape) + " needs " +
                         std::to_string(expected)};
}

// Indices come from the caller in backward passes: each must lie inside its H x W plane.
std::optional<Error> check_indices(const std::vector<int32_t>& indices, const PoolPlan& p) {
  if (auto e = check_length(indices.size(), p.output_size(), "indices", p.output_shape)) return e;
  const int64_t plane = p.H * p.W;
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < 0 || indices[i] >= plane) {
      return Error{"indices", "indices[" + std::to_string(i) + "] is " +
                                  std::to_string(indices[i]) + ", outside the " +
                                  std::to_string(p.H) + " x " + std::to_string(p.W) + " plane"};
    }
  }
  return std::nullopt;
}

Checked<PoolOutput> run_forward(const Checked<PoolPlan>& plan, const std::vector<float>& input,
                                PoolOp op, bool adaptive) {
  if (!plan.ok()) return fail<PoolOutput>(*plan.error);
  const PoolPlan& p = *plan.value;
  if (auto e = check_length(input.size(), p.input_size(), "input", p.input_shape)) {
    return fail<PoolOutput>(*e);
  }
  PoolOutput result;
  result.shape = p.output_shape;
  result.data.resize(static_cast<size_t>(p.output_size()));
  const bool is_max = op == PoolOp::kMaxForward;
  if (is_max) result.indices.resize(result.data.size());
  if (adaptive && is_max) {
    kernels::adaptive_max_pool2d_forward(result.data.data(), result.indices.data(), input.data(), p);
  } else if (adaptive) {
    kernels::adaptive_avg_pool2d_forward(result.data.data(), input.data(), p);
  } else if (is_max) {
    kernels::choose_max_forward(p).run(result.data.data(), result.indices.data(), input.data(), p);
  } else {
    kernels::choose_avg_forward(p).run(result.data.data(), input.data(), p);
  }
  return succeed(std::move(result));
}

Checked<std::vector<float>> run_avg_backward(const Checked<PoolPlan>& plan,
                                             const std::vector<float>& grad_output,
                                             bool adaptive) {
  if (!plan.ok()) return fail<std::vector<float>>(*plan.error);
  const PoolPlan& p = *plan.value;
  if (auto e = check_length(grad_output.size(), p.output_size(), "grad_output", p.output_shape)) {
    return fail<std::vector<float>>(*e);
  }
  std::vector<float> grad_input(static_cast<size_t>(p.input_size()));
  if (adaptive) {
    kernels::adaptive_avg_pool2d_backward(grad_input.data(), grad_output.data(), p);
  } else {
    kernels::choose_avg_backward(p).run(grad_input.data(), grad_output.data(), p);
  }
  return succeed(std::move(grad_input));
}

Checked<std::vector<float>> run_max_backward(const Checked<PoolPlan>& plan,
                                             const std::vector<float>& grad_output,
                                             const std::vector<int32_t>& indices) {
  if (!plan.ok()) return fail<std::vector<float>>(*plan.error);
  const PoolPlan& p = *plan.value;
  if (auto e = check_length(grad_output.size(), p.output_size(), "grad_output", p.output_shape)) {
    return fail<std::vector<float>>(*e);
  }
  if (auto e = check_indices(indices, p)) return fail<std::vector<float>>(*e);
  std::vector<float> grad_input(static_cast<size_t>(p.input_size()));
  kernels::choose_max_backward(p).run(grad_input.data(), indices.data(), grad_output.data(), p);
  return succeed(std::move(grad_input));
}

}  // namespace

Checked<PoolOutput> avg_pool2d(const std::vector<float>& input, const Shape& shape,
                               const PoolOptions& options) {
  return run_forward(plan_pool2d(PoolKind::kAverage, shape, options), input, PoolOp::kAvgForward,
                     false);
}

Checked<std::vector<float>> avg_pool2d_backward(const std::vector<float>& grad_output,
                                                const Shape& input_shape,
                                                const PoolOptions& options) {
  return run_avg_backward(plan_pool2d(PoolKind::kAverage, input_shape, options), grad_output,
                          false);
}

Checked<PoolOutput> max_pool2d(const std::vector<float>& input, const Shape& shape,
                               const PoolOptions& options) {
  return run_forward(plan_pool2d(PoolKind::kMax, shape, options), input, PoolOp::kMaxForward,
                     false);
}

Checked<std::vector<float>> max_pool2d_backward(const std::vector<float>& grad_output,
                                                const std::vector<int32_t>& indices,
                                                const Shape& input_shape,
                                                const PoolOptions& options) {
  return run_max_backward(plan_pool2d(PoolKind::kMax, input_shape, options), grad_output,
                          indices);
}

Checked<PoolOutput> adaptive_avg_pool2d(const std::vector<float>& input, const Shape& shape,
                                        Size2 output_size) {
  return run_forward(plan_adaptive_pool2d(shape, output_size), input, PoolOp::kAvgForward, true);
}

Checked<std::vector<float>> adaptive_avg_pool2d_backward(const std::vector<float>& grad_output,
                                                         const Shape& input_shape,
                                                         Size2 output_size) {
  return run_avg_backward(plan_adaptive_pool2d(input_shape, output_size), grad_output, true);
}

Checked<PoolOutput> adaptive_max_pool2d(const std::vector<float>& input, const Shape& shape,
                                        Size2 output_size) {
  return run_forward(plan_adaptive_pool2d(shape, output_size), input, PoolOp::kMaxForward, true);
}

Checked<std::vector<float>> adaptive_max_pool2d_backward(const std::vector<float>& grad_output,
                                                         const std::vector<int32_t>& indices,
                                                         const Shape& input_shape,
                                                         Size2 output_size) {
  return run_max_backward(plan_adaptive_pool2d(input_shape, output_size), grad_output, indices);
}

const char* kernel_name(PoolOp op, const PoolPlan& plan) {
  switch (op) {
    case PoolOp::kAvgForward:
      return kernels::choose_avg_forward(plan).name;
    case PoolOp::kAvgBackward:
      return kernels::choose_avg_backward(plan).name;
    case PoolOp::kMaxForward:
      return kernels::choose_max_forward(plan).name;
    case PoolOp::kMaxBackward:
      return kernels::choose_max_backward(plan).name;
  }
  return "";
}

}  // namespace pool
