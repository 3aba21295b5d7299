// Differential: every fast kernel of the pooling family against the reference (the oracle),
// bit for bit (any NaN equals any NaN), on plans and inputs decoded from the fuzzer's bytes.
// Each kernel runs where tests/cpp/pool/kernels_vs_reference_test.cpp runs it: the 2 x 2
// stride-2 kernels on is_k2s2 plans, the stride-1 vector kernels on plans of stride 1 along the
// width, the scalar and planes-as-lanes kernels on any plan. Outputs start as NaN, so a cell a
// kernel forgets shows up; max kernels run with indices and for the values alone.
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "common/decode.h"
#include "pool/kernels.h"
#include "pool/reference.h"

namespace {

using namespace pool;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

void require(bool condition, const char* kernel) {
  if (condition) return;
  std::fprintf(stderr, "pool_kernels_fuzzer: %s differs from the reference\n", kernel);
  std::abort();
}

// An average kernel, forward (`in` is the input, the result output-sized) or backward (`in` is
// grad_output, the result input-sized): both have one signature.
void check_avg(kernels::AvgForward* kernel, kernels::AvgForward* reference, const char* name,
               const std::vector<float>& in, int64_t result_size, const PoolPlan& p) {
  std::vector<float> want(static_cast<size_t>(result_size), kNaN), got(want);
  reference(want.data(), in.data(), p);
  kernel(got.data(), in.data(), p);
  require(fuzz::same_floats(want.data(), got.data(), want.size()), name);
}

void check_avg_forward(kernels::AvgForward* kernel, kernels::AvgForward* reference, const char* name,
                       const std::vector<float>& in, const PoolPlan& p) {
  check_avg(kernel, reference, name, in, p.output_size(), p);
}

void check_avg_backward(kernels::AvgBackward* kernel, kernels::AvgBackward* reference, const char* name,
                        const std::vector<float>& grad_out, const PoolPlan& p) {
  check_avg(kernel, reference, name, grad_out, p.input_size(), p);
}

void check_max_forward(kernels::MaxForward* kernel, kernels::MaxForward* reference, const char* name,
                       const std::vector<float>& in, const PoolPlan& p) {
  const auto n = static_cast<size_t>(p.output_size());
  std::vector<float> want(n, kNaN), got(n, kNaN);
  std::vector<int32_t> want_idx(n, -7), got_idx(n, -7);
  reference(want.data(), want_idx.data(), in.data(), p);
  kernel(got.data(), got_idx.data(), in.data(), p);
  require(fuzz::same_floats(want.data(), got.data(), n) && want_idx == got_idx, name);
  std::fill(got.begin(), got.end(), kNaN);
  kernel(got.data(), nullptr, in.data(), p);
  require(fuzz::same_floats(want.data(), got.data(), n), name);
}

// Max backward (plain and adaptive run one kernel): the reference forward's indices, sent back.
void check_max_backward(kernels::MaxForward* forward, kernels::MaxBackward* reference, const char* name,
                        const std::vector<float>& in, const std::vector<float>& grad_out, const PoolPlan& p) {
  std::vector<float> values(static_cast<size_t>(p.output_size()));
  std::vector<int32_t> indices(values.size());
  forward(values.data(), indices.data(), in.data(), p);
  std::vector<float> want(static_cast<size_t>(p.input_size()), kNaN), got(want);
  reference(want.data(), indices.data(), grad_out.data(), p);
  kernels::max_pool2d_backward(got.data(), indices.data(), grad_out.data(), p);
  require(fuzz::same_floats(want.data(), got.data(), want.size()), name);
}

Size2 pair(FuzzedDataProvider& in, int lo, int hi) {
  const int h = in.ConsumeIntegralInRange<int>(lo, hi);
  return {h, in.ConsumeBool() ? h : in.ConsumeIntegralInRange<int>(lo, hi)};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int kind = in.ConsumeIntegralInRange<int>(0, 2);  // average, max, adaptive
  const Shape shape{in.ConsumeIntegralInRange<int>(1, 9), in.ConsumeIntegralInRange<int>(1, 20),
                    in.ConsumeIntegralInRange<int>(1, 40)};
  Checked<PoolPlan> plan;
  if (kind == 2) {
    plan = plan_adaptive_pool2d(shape, Size2{in.ConsumeIntegralInRange<int>(1, 24), in.ConsumeIntegralInRange<int>(1, 44)});
  } else {
    PoolOptions o;
    const bool two_by_two = in.ConsumeBool();
    o.kernel = two_by_two ? Size2{2, 2} : pair(in, 1, 6);
    if (two_by_two || in.ConsumeBool()) {
      o.stride = two_by_two ? Size2{2, 2} : Size2{in.ConsumeIntegralInRange<int>(1, 4), in.ConsumeBool() ? 1 : in.ConsumeIntegralInRange<int>(1, 4)};
    }
    if (!two_by_two) o.padding = {in.ConsumeIntegralInRange<int64_t>(0, o.kernel.h / 2), in.ConsumeIntegralInRange<int64_t>(0, o.kernel.w / 2)};
    o.dilation = pair(in, 1, 3);
    o.ceil_mode = in.ConsumeBool();
    o.count_include_pad = in.ConsumeBool();
    if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
      const int divisor = in.ConsumeIntegralInRange<int>(-3, 9);
      o.divisor_override = divisor == 0 ? 1 : divisor;
    }
    plan = plan_pool2d(kind == 1 ? PoolKind::kMax : PoolKind::kAverage, shape, o);
  }
  if (!plan.ok()) return 0;
  const PoolPlan& p = *plan.value;
  const std::vector<float> input = fuzz::float_values(in, static_cast<size_t>(p.input_size()));
  const std::vector<float> grad_out = fuzz::float_values(in, static_cast<size_t>(p.output_size()));
  using namespace kernels;

  if (kind == 0) {
    check_avg_forward(avg_pool2d_forward, reference::avg_pool2d_forward, "avg_pool2d_forward", input, p);
    check_avg_forward(avg_pool2d_forward_lanes, reference::avg_pool2d_forward, "avg_pool2d_forward_lanes", input, p);
    check_avg_backward(avg_pool2d_backward, reference::avg_pool2d_backward, "avg_pool2d_backward", grad_out, p);
    check_avg_backward(avg_pool2d_backward_lanes, reference::avg_pool2d_backward, "avg_pool2d_backward_lanes", grad_out, p);
    if (is_k2s2(p)) {
      check_avg_forward(avg_pool2d_forward_k2s2, reference::avg_pool2d_forward, "avg_pool2d_forward_k2s2", input, p);
      check_avg_forward(avg_pool2d_forward_k2s2_simd, reference::avg_pool2d_forward, "avg_pool2d_forward_k2s2_simd", input, p);
      check_avg_backward(avg_pool2d_backward_k2s2, reference::avg_pool2d_backward, "avg_pool2d_backward_k2s2", grad_out, p);
      check_avg_backward(avg_pool2d_backward_k2s2_simd, reference::avg_pool2d_backward, "avg_pool2d_backward_k2s2_simd", grad_out, p);
    } else if (p.sw == 1) {
      check_avg_forward(avg_pool2d_forward_s1_simd, reference::avg_pool2d_forward, "avg_pool2d_forward_s1_simd", input, p);
    }
  } else if (kind == 1) {
    check_max_forward(max_pool2d_forward, reference::max_pool2d_forward, "max_pool2d_forward", input, p);
    check_max_forward(max_pool2d_forward_lanes, reference::max_pool2d_forward, "max_pool2d_forward_lanes", input, p);
    if (is_k2s2(p)) {
      check_max_forward(max_pool2d_forward_k2s2_simd, reference::max_pool2d_forward, "max_pool2d_forward_k2s2_simd", input, p);
    } else if (p.sw == 1) {
      check_max_forward(max_pool2d_forward_s1_simd, reference::max_pool2d_forward, "max_pool2d_forward_s1_simd", input, p);
    }
    check_max_backward(reference::max_pool2d_forward, reference::max_pool2d_backward,
                       "max_pool2d_backward", input, grad_out, p);
  } else {
    check_avg_forward(adaptive_avg_pool2d_forward, reference::adaptive_avg_pool2d_forward, "adaptive_avg_pool2d_forward", input, p);
    check_avg_forward(adaptive_avg_pool2d_forward_lanes, reference::adaptive_avg_pool2d_forward, "adaptive_avg_pool2d_forward_lanes", input, p);
    check_avg_backward(adaptive_avg_pool2d_backward, reference::adaptive_avg_pool2d_backward, "adaptive_avg_pool2d_backward", grad_out, p);
    check_max_forward(adaptive_max_pool2d_forward, reference::adaptive_max_pool2d_forward, "adaptive_max_pool2d_forward", input, p);
    check_max_forward(adaptive_max_pool2d_forward_lanes, reference::adaptive_max_pool2d_forward, "adaptive_max_pool2d_forward_lanes", input, p);
    check_max_backward(reference::adaptive_max_pool2d_forward, reference::adaptive_max_pool2d_backward,
                       "max_pool2d_backward (adaptive)", input, grad_out, p);
  }
  return 0;
}
