// The kernels the course runs against the reference oracle, over thousands of random
// settings (edge sizes included) and inputs with NaN and infinities sprinkled in. Outputs
// are pre-filled with NaN so a cell a kernel forgets to write shows up. The kernels add in
// the reference's order, so results must match bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "pool/kernels.h"
#include "pool/reference.h"
#include "test_util.h"

namespace pool {
namespace {

using testing::bitwise_equal;
using testing::describe_plan;

using core::testing::kNaN;
using core::testing::kInf;

// Random values with NaN (unless `with_nan` is false), infinities, ties and signed zeros.
std::vector<float> input_with_specials(size_t n, std::mt19937& rng, bool with_nan = true) {
  std::vector<float> v = testing::random_values(n, rng);
  std::uniform_int_distribution<int> pick(0, 40);
  std::uniform_int_distribution<int> small(-2, 2);
  for (float& x : v) {
    switch (pick(rng)) {
      case 0: x = with_nan ? kNaN : 0.0f; break;
      case 1: x = kInf; break;
      case 2: x = -kInf; break;
      case 3: case 4: case 5: x = static_cast<float>(small(rng)); break;  // ties
      case 6: x = -0.0f; break;
      default: break;
    }
  }
  return v;
}

// Runs a max forward kernel with indices and then for the values alone, and checks both
// against the reference's maxima `want` and indices `want_idx`.
void check_max_kernel(kernels::MaxForward* kernel, const PoolPlan& p, const std::vector<float>& in,
                      const std::vector<float>& want, const std::vector<int32_t>& want_idx,
                      const char* label) {
  std::vector<float> got(p.output_size(), kNaN);
  std::vector<int32_t> got_idx(p.output_size(), -7);
  kernel(got.data(), got_idx.data(), in.data(), p);
  ASSERT_TRUE(bitwise_equal(want, got)) << label << " " << describe_plan(p);
  ASSERT_EQ(want_idx, got_idx) << label << " " << describe_plan(p);
  std::fill(got.begin(), got.end(), kNaN);
  kernel(got.data(), nullptr, in.data(), p);
  ASSERT_TRUE(bitwise_equal(want, got)) << label << ", values only " << describe_plan(p);
}

// A random setting, or nothing when the core rejects it.
std::optional<PoolPlan> random_plan(PoolKind kind, std::mt19937& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  PoolOptions o;
  o.kernel = {uniform(1, 4), uniform(1, 4)};
  if (uniform(0, 3) > 0) o.stride = Size2{uniform(1, 4), uniform(1, 4)};
  o.padding = {uniform(0, static_cast<int>(o.kernel.h / 2)),
               uniform(0, static_cast<int>(o.kernel.w / 2))};
  o.dilation = {uniform(1, 3), uniform(1, 3)};
  o.ceil_mode = uniform(0, 1) == 1;
  o.count_include_pad = uniform(0, 1) == 1;
  const int divisor = uniform(-3, 6);
  if (divisor != 0 && uniform(0, 2) == 0) o.divisor_override = divisor;
  Shape shape = uniform(0, 1) ? Shape{uniform(1, 3), uniform(1, 9), uniform(1, 9)}
                              : Shape{uniform(1, 2), uniform(1, 2), uniform(1, 9), uniform(1, 9)};
  auto plan = plan_pool2d(kind, shape, o);
  if (!plan.ok()) return std::nullopt;
  return plan.value;
}

TEST(AvgKernels, MatchTheReferenceOnRandomSettings) {
  std::mt19937 rng(20261202);
  int checked = 0, k2s2 = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    auto plan = random_plan(PoolKind::kAverage, rng);
    if (!plan) continue;
    const PoolPlan& p = *plan;
    auto in = input_with_specials(p.input_size(), rng);
    auto grad_out = testing::random_values(p.output_size(), rng);
    std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
    reference::avg_pool2d_forward(want.data(), in.data(), p);
    kernels::avg_pool2d_forward(got.data(), in.data(), p);
    ASSERT_TRUE(bitwise_equal(want, got)) << describe_plan(p);
    std::vector<float> want_grad(p.input_size(), kNaN), got_grad(p.input_size(), kNaN);
    reference::avg_pool2d_backward(want_grad.data(), grad_out.data(), p);
    kernels::avg_pool2d_backward(got_grad.data(), grad_out.data(), p);
    ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << describe_plan(p);
    if (kernels::is_k2s2(p)) {
      ++k2s2;
      std::fill(got.begin(), got.end(), kNaN);
      kernels::avg_pool2d_forward_k2s2(got.data(), in.data(), p);
      ASSERT_TRUE(bitwise_equal(want, got)) << "k2s2 " << describe_plan(p);
      std::fill(got_grad.begin(), got_grad.end(), kNaN);
      kernels::avg_pool2d_backward_k2s2(got_grad.data(), grad_out.data(), p);
      ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << "k2s2 " << describe_plan(p);
    }
    ++checked;
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(k2s2, 5);
}

TEST(AvgKernels, K2S2MatchesTheReferenceOnEvenAndOddSizes) {
  std::mt19937 rng(7);
  for (int64_t h = 2; h <= 11; ++h) {
    for (int64_t w = 2; w <= 11; ++w) {
      for (bool ceil_mode : {false, true}) {
        PoolOptions o;
        o.kernel = {2, 2};
        o.ceil_mode = ceil_mode;
        auto plan = plan_pool2d(PoolKind::kAverage, {3, h, w}, o);
        ASSERT_TRUE(plan.ok());
        const PoolPlan& p = *plan.value;
        // With ceil_mode an odd side has a partial last window, which k2s2 must not take.
        EXPECT_EQ(kernels::is_k2s2(p), !ceil_mode || (h % 2 == 0 && w % 2 == 0));
        if (!kernels::is_k2s2(p)) continue;
        auto in = input_with_specials(p.input_size(), rng);
        std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
        reference::avg_pool2d_forward(want.data(), in.data(), p);
        kernels::avg_pool2d_forward_k2s2(got.data(), in.data(), p);
        ASSERT_TRUE(bitwise_equal(want, got)) << describe_plan(p);
      }
    }
  }
}

TEST(AvgKernels, ABlockOfNegativeZerosAveragesToPositiveZeroAsInPyTorch) {
  PoolOptions o;
  o.kernel = {2, 2};
  auto plan = plan_pool2d(PoolKind::kAverage, {1, 2, 2}, o);
  ASSERT_TRUE(plan.ok());
  std::vector<float> in(4, -0.0f), want(1), got(1);
  reference::avg_pool2d_forward(want.data(), in.data(), *plan.value);
  kernels::avg_pool2d_forward_k2s2(got.data(), in.data(), *plan.value);
  EXPECT_FALSE(std::signbit(want[0]));
  EXPECT_TRUE(bitwise_equal(want, got));
}

TEST(MaxKernels, MatchTheReferenceOnRandomSettings) {
  std::mt19937 rng(4242);
  int checked = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    auto plan = random_plan(PoolKind::kMax, rng);
    if (!plan) continue;
    const PoolPlan& p = *plan;
    auto in = input_with_specials(p.input_size(), rng);
    std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
    std::vector<int32_t> want_idx(p.output_size(), -7), got_idx(p.output_size(), -7);
    reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
    kernels::max_pool2d_forward(got.data(), got_idx.data(), in.data(), p);
    ASSERT_TRUE(bitwise_equal(want, got)) << describe_plan(p);
    ASSERT_EQ(want_idx, got_idx) << describe_plan(p);
    std::vector<float> values_only(p.output_size(), kNaN);
    kernels::max_pool2d_forward(values_only.data(), nullptr, in.data(), p);
    ASSERT_TRUE(bitwise_equal(want, values_only)) << "values only " << describe_plan(p);
    auto grad_out = testing::random_values(p.output_size(), rng);
    std::vector<float> want_grad(p.input_size(), kNaN), got_grad(p.input_size(), kNaN);
    reference::max_pool2d_backward(want_grad.data(), want_idx.data(), grad_out.data(), p);
    kernels::max_pool2d_backward(got_grad.data(), got_idx.data(), grad_out.data(), p);
    ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << describe_plan(p);
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

TEST(AdaptiveKernels, MatchTheReferenceOnRandomSizes) {
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> side(1, 10);
  for (int trial = 0; trial < 1500; ++trial) {
    auto plan = plan_adaptive_pool2d({side(rng) % 3 + 1, side(rng), side(rng)}, {side(rng), side(rng)});
    ASSERT_TRUE(plan.ok());
    const PoolPlan& p = *plan.value;
    auto in = input_with_specials(p.input_size(), rng);
    auto grad_out = testing::random_values(p.output_size(), rng);
    std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
    reference::adaptive_avg_pool2d_forward(want.data(), in.data(), p);
    kernels::adaptive_avg_pool2d_forward(got.data(), in.data(), p);
    ASSERT_TRUE(bitwise_equal(want, got)) << describe_plan(p);
    std::vector<float> want_grad(p.input_size(), kNaN), got_grad(p.input_size(), kNaN);
    reference::adaptive_avg_pool2d_backward(want_grad.data(), grad_out.data(), p);
    kernels::adaptive_avg_pool2d_backward(got_grad.data(), grad_out.data(), p);
    ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << describe_plan(p);

    std::vector<int32_t> want_idx(p.output_size(), -7);
    std::fill(want.begin(), want.end(), kNaN);
    reference::adaptive_max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
    ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernels::adaptive_max_pool2d_forward, p, in, want, want_idx, "adaptive max"));
  }
}

// The four-lane kernels on wider inputs, so that rows hold several groups of four plus a
// scalar tail, and stride-1 rows have padded edges on both sides.
// Adaptive forward passes of four planes or more run four planes at a time (the 1 x 1 output
// included, whose sum is divided once), the last one to three through the scalar kernels.
TEST(AdaptiveKernels, LanesMatchTheReferenceOnRandomSizes) {
  std::mt19937 rng(77);
  std::uniform_int_distribution<int> side(1, 12), planes(4, 11);
  for (int trial = 0; trial < 600; ++trial) {
    const Size2 output = trial % 7 == 0 ? Size2{1, 1} : Size2{side(rng), side(rng)};
    auto plan = plan_adaptive_pool2d({planes(rng), side(rng), side(rng)}, output);
    ASSERT_TRUE(plan.ok());
    const PoolPlan& p = *plan.value;
    ASSERT_STREQ(kernels::choose_adaptive_avg_forward(p).name, "adaptive_avg_pool2d_forward_lanes");
    ASSERT_STREQ(kernels::choose_adaptive_max_forward(p).name, "adaptive_max_pool2d_forward_lanes");
    const auto in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
    std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
    reference::adaptive_avg_pool2d_forward(want.data(), in.data(), p);
    kernels::adaptive_avg_pool2d_forward_lanes(got.data(), in.data(), p);
    ASSERT_TRUE(bitwise_equal(want, got)) << describe_plan(p);
    std::vector<int32_t> want_idx(p.output_size(), -7);
    reference::adaptive_max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
    ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernels::adaptive_max_pool2d_forward_lanes, p, in, want, want_idx, "adaptive max lanes"));
  }
}

TEST(SimdKernels, MatchTheReferenceOnWideRandomInputs) {
  std::mt19937 rng(314159);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int k2s2 = 0, s1_avg = 0, s1_max = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    PoolOptions o;
    const bool two_by_two = uniform(0, 2) == 0;
    o.kernel = two_by_two ? Size2{2, 2} : Size2{uniform(1, 5), uniform(1, 5)};
    o.stride = two_by_two ? Size2{2, 2} : Size2{uniform(1, 3), 1};
    if (!two_by_two) o.padding = {uniform(0, static_cast<int>(o.kernel.h / 2)), uniform(0, static_cast<int>(o.kernel.w / 2))};
    o.dilation = {uniform(1, 2), uniform(1, 3)};
    o.ceil_mode = uniform(0, 1) == 1;
    o.count_include_pad = uniform(0, 1) == 1;
    if (uniform(0, 3) == 0) o.divisor_override = uniform(1, 7);
    const Shape shape{uniform(1, 3), uniform(1, 12), uniform(1, 75)};
    for (PoolKind kind : {PoolKind::kAverage, PoolKind::kMax}) {
      auto plan = plan_pool2d(kind, shape, o);
      if (!plan.ok()) continue;
      const PoolPlan& p = *plan.value;
      // Max kernels take a cheaper path on data without NaN: every other trial has none.
      auto in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
      std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
      std::vector<int32_t> want_idx(p.output_size(), -7), got_idx(p.output_size(), -7);
      if (kind == PoolKind::kAverage) {
        reference::avg_pool2d_forward(want.data(), in.data(), p);
        if (kernels::is_k2s2(p)) {
          kernels::avg_pool2d_forward_k2s2_simd(got.data(), in.data(), p);
          ASSERT_TRUE(bitwise_equal(want, got)) << "k2s2_simd " << describe_plan(p);
          auto grad_out = testing::random_values(p.output_size(), rng);
          grad_out[0] = -0.0f;
          std::vector<float> want_grad(p.input_size(), kNaN), got_grad(p.input_size(), kNaN);
          reference::avg_pool2d_backward(want_grad.data(), grad_out.data(), p);
          kernels::avg_pool2d_backward_k2s2_simd(got_grad.data(), grad_out.data(), p);
          ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << "k2s2_simd backward " << describe_plan(p);
          ++k2s2;
        } else if (p.sw == 1) {
          kernels::avg_pool2d_forward_s1_simd(got.data(), in.data(), p);
          ASSERT_TRUE(bitwise_equal(want, got)) << "s1_simd " << describe_plan(p);
          ++s1_avg;
        }
      } else {
        reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
        const auto kernel = kernels::is_k2s2(p) ? kernels::max_pool2d_forward_k2s2_simd
                            : p.sw == 1       ? kernels::max_pool2d_forward_s1_simd
                                              : nullptr;
        if (kernel == nullptr) continue;
        if (!kernels::is_k2s2(p)) ++s1_max;
        kernel(got.data(), got_idx.data(), in.data(), p);
        ASSERT_TRUE(bitwise_equal(want, got)) << "max simd " << describe_plan(p);
        ASSERT_EQ(want_idx, got_idx) << "max simd " << describe_plan(p);
        // Values alone (no indices asked for): the same values.
        std::vector<float> values_only(p.output_size(), kNaN);
        kernel(values_only.data(), nullptr, in.data(), p);
        ASSERT_TRUE(bitwise_equal(want, values_only)) << "max simd, values only " << describe_plan(p);
      }
    }
  }
  EXPECT_GT(k2s2, 100);
  EXPECT_GT(s1_avg, 200);
  EXPECT_GT(s1_max, 200);
}

// The stride-1 kernels compute the outputs beside a padding of 1 as vectors (for 3-wide
// kernels and rows of at least sixteen interior outputs), with the padding cell as +0
// (average) or -inf (max). Planes of -inf, -0, NaN and both zeros at the edges check the
// rules that makes delicate: an all -inf window reports its first input cell, a padding cell
// never wins, and sums of signed zeros keep the reference's sign. Every other trial has no
// NaN, so max pooling without indices takes its fast path. The kernels run as the checked
// entry points choose them.
TEST(SimdKernels, EdgeVectorsBesideAPaddingOfOne) {
  const float kValues[] = {-kInf, -0.0f, 0.0f, kNaN, 1.0f, -kInf, -kInf, 2.0f};
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> pick(0, 7);
  int edge_runs = 0;
  for (int trial = 0; trial < 300; ++trial) {
    PoolOptions o;
    o.kernel = {trial % 2 ? 3 : 2, 3};
    o.stride = Size2{1, 1};
    o.padding = {1, 1};
    o.count_include_pad = trial % 3 == 0;
    const Shape shape{2, 5, 18 + trial % 24};
    const bool with_nan = trial % 2 == 0;
    for (PoolKind kind : {PoolKind::kAverage, PoolKind::kMax}) {
      const PoolPlan p = *plan_pool2d(kind, shape, o).value;
      std::vector<float> in(p.input_size());
      for (float& x : in) {
        do {
          x = trial % 5 == 0 ? -kInf : kValues[pick(rng)];
        } while (!with_nan && std::isnan(x));
      }
      std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
      if (kind == PoolKind::kAverage) {
        const auto kernel = kernels::choose_avg_forward(p);
        ASSERT_STREQ(kernel.name, "avg_pool2d_forward_s1_simd");
        reference::avg_pool2d_forward(want.data(), in.data(), p);
        kernel.run(got.data(), in.data(), p);
        ASSERT_TRUE(bitwise_equal(want, got)) << describe_plan(p);
        ++edge_runs;
        continue;
      }
      const auto kernel = kernels::choose_max_forward(p);
      ASSERT_STREQ(kernel.name, "max_pool2d_forward_s1_simd");
      std::vector<int32_t> want_idx(p.output_size(), -7);
      reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
      ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernel.run, p, in, want, want_idx, "max"));
    }
  }
  EXPECT_EQ(edge_runs, 300);
}

// 3 x 3 max pooling at stride 1 with a padding of 1, the values alone (C-max), walks each
// plane in strips of sixteen columns, the horizontal maxima kept in registers: heights from 2,
// widths from 18 (the last strip overlapping the one before), planes of signed zeros (the first
// of a tie in row-major order wins), of -inf, NaN and infinities, and a NaN in one plane of
// several (that plane alone goes to the exact kernel).
TEST(SimdKernels, ThreeByThreeStrideOneStripsMatchTheReference) {
  const float kEdgy[] = {0.0f, -0.0f, -0.0f, 0.0f, -kInf, kInf, 1.0f, -1.0f, kNaN};
  std::mt19937 rng(1729);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  PoolOptions o;
  o.kernel = {3, 3};
  o.stride = Size2{1, 1};
  o.padding = {1, 1};
  for (int trial = 0; trial < 200; ++trial) {
    const Shape shape{uniform(1, 3), uniform(2, 9), uniform(18, 80)};
    const PoolPlan p = *plan_pool2d(PoolKind::kMax, shape, o).value;
    ASSERT_STREQ(kernels::choose_max_forward(p).name, "max_pool2d_forward_s1_simd") << describe_plan(p);
    std::vector<float> in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
    const int kinds = trial % 2 == 0 ? 9 : 8;  // the first eight: no NaN
    if (trial % 4 == 1) {
      for (float& x : in) x = kEdgy[uniform(0, kinds - 1)];
    }
    if (trial % 4 == 2) {
      for (float& x : in) x = uniform(0, 1) ? 0.0f : -0.0f;
    }
    if (trial % 8 == 3) in[uniform(0, static_cast<int>(in.size()) - 1)] = kNaN;
    if (trial % 16 == 7) std::fill(in.begin(), in.end(), -kInf);
    std::vector<float> want(p.output_size(), kNaN);
    std::vector<int32_t> want_idx(p.output_size(), -7);
    reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
    ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernels::max_pool2d_forward_s1_simd, p, in, want, want_idx, "max k3s1p1"));
  }
}

// Tensors of more than 2^18 values (1 MB) make the 2 x 2 stride-2 kernels read ahead of the
// rows they work on (TouchAhead in kernels_simd.cpp), up to the tensor's last row; with an odd
// height the last input row is read ahead but never pooled. The results are the reference's.
// (Each vector holds exactly the tensor, so an AddressSanitizer build catches a read past it.)
TEST(SimdKernels, K2S2OnTensorsLargerThanTheCaches) {
  std::mt19937 rng(2718);
  for (const Shape& shape : {Shape{5, 231, 228}, Shape{1, 6, 212, 210}}) {
    PoolOptions o;
    o.kernel = {2, 2};
    for (PoolKind kind : {PoolKind::kAverage, PoolKind::kMax}) {
      const PoolPlan p = *plan_pool2d(kind, shape, o).value;
      ASSERT_GT(p.input_size(), int64_t{1} << 18) << describe_plan(p);
      const auto in = input_with_specials(p.input_size(), rng, kind == PoolKind::kAverage);
      std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
      if (kind == PoolKind::kAverage) {
        reference::avg_pool2d_forward(want.data(), in.data(), p);
        kernels::avg_pool2d_forward_k2s2_simd(got.data(), in.data(), p);
        ASSERT_TRUE(bitwise_equal(want, got)) << "forward " << describe_plan(p);
        const auto grad_out = testing::random_values(p.output_size(), rng);
        std::vector<float> want_grad(p.input_size(), kNaN), got_grad(p.input_size(), kNaN);
        reference::avg_pool2d_backward(want_grad.data(), grad_out.data(), p);
        kernels::avg_pool2d_backward_k2s2_simd(got_grad.data(), grad_out.data(), p);
        ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << "backward " << describe_plan(p);
        continue;
      }
      std::vector<int32_t> want_idx(p.output_size(), -7);
      reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
      ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernels::max_pool2d_forward_k2s2_simd, p, in, want, want_idx, "max"));
    }
  }
}

// The planes-as-lanes kernels run any setting four planes at a time (and a last one to three
// planes through the scalar kernels), forward and (average) backward: random settings of
// every kind, 4 to 11 planes.
TEST(SimdKernels, LanesMatchTheReferenceOnRandomSettings) {
  std::mt19937 rng(1618);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int runs = 0;
  for (int trial = 0; trial < 800; ++trial) {
    PoolOptions o;
    o.kernel = {uniform(1, 5), uniform(1, 5)};
    if (uniform(0, 3) > 0) o.stride = Size2{uniform(1, 4), uniform(1, 4)};
    o.padding = {uniform(0, static_cast<int>(o.kernel.h / 2)), uniform(0, static_cast<int>(o.kernel.w / 2))};
    o.dilation = {uniform(1, 3), uniform(1, 3)};
    o.ceil_mode = uniform(0, 1) == 1;
    o.count_include_pad = uniform(0, 1) == 1;
    if (uniform(0, 3) == 0) o.divisor_override = uniform(-3, 7) | 1;
    const Shape shape{uniform(4, 11), uniform(1, 14), uniform(1, 14)};
    for (PoolKind kind : {PoolKind::kAverage, PoolKind::kMax}) {
      auto plan = plan_pool2d(kind, shape, o);
      if (!plan.ok()) continue;
      const PoolPlan& p = *plan.value;
      const auto in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
      std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
      if (kind == PoolKind::kAverage) {
        reference::avg_pool2d_forward(want.data(), in.data(), p);
        kernels::avg_pool2d_forward_lanes(got.data(), in.data(), p);
        ASSERT_TRUE(bitwise_equal(want, got)) << "avg lanes " << describe_plan(p);
        auto grad_out = input_with_specials(p.output_size(), rng, trial % 2 == 0);
        std::vector<float> want_grad(p.input_size(), kNaN), got_grad(p.input_size(), kNaN);
        reference::avg_pool2d_backward(want_grad.data(), grad_out.data(), p);
        kernels::avg_pool2d_backward_lanes(got_grad.data(), grad_out.data(), p);
        ASSERT_TRUE(bitwise_equal(want_grad, got_grad)) << "avg lanes backward " << describe_plan(p);
      } else {
        std::vector<int32_t> want_idx(p.output_size(), -7);
        reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
        ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernels::max_pool2d_forward_lanes, p, in, want, want_idx, "max lanes"));
      }
      ++runs;
    }
  }
  EXPECT_GT(runs, 800);
  // The entry points choose them for four planes or more where no other vector kernel fits.
  PoolOptions o;
  o.kernel = {3, 3};
  o.stride = Size2{2, 2};
  o.padding = {1, 1};
  EXPECT_STREQ(kernels::choose_max_forward(*plan_pool2d(PoolKind::kMax, {4, 9, 9}, o).value).name, "max_pool2d_forward_lanes");
  EXPECT_STREQ(kernels::choose_avg_forward(*plan_pool2d(PoolKind::kAverage, {4, 9, 9}, o).value).name, "avg_pool2d_forward_lanes");
  EXPECT_STREQ(kernels::choose_avg_backward(*plan_pool2d(PoolKind::kAverage, {4, 9, 9}, o).value).name, "avg_pool2d_backward_lanes");
  EXPECT_STREQ(kernels::choose_max_forward(*plan_pool2d(PoolKind::kMax, {3, 9, 9}, o).value).name, "max_pool2d_forward");
}

// Max pooling at stride 2 along the width (ResNet's 3 x 3 stride-2 stem among them) runs the
// stride-2 vector kernel when a row has sixteen interior outputs: random kernels, paddings,
// dilations and row strides on rows 48 to 100 wide, with and without NaN, with ties of small
// integers and signed zeros, and planes of -inf (a window of -inf reports its first input
// cell; the padding never wins). With indices and for the values alone, against the reference.
TEST(SimdKernels, Stride2MaxMatchesTheReference) {
  std::mt19937 rng(2026);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int runs = 0;
  for (int trial = 0; trial < 400; ++trial) {
    PoolOptions o;
    o.kernel = {uniform(1, 4), trial % 3 == 0 ? 3 : uniform(1, 5)};
    o.stride = Size2{uniform(1, 3), 2};
    o.padding = {uniform(0, static_cast<int>(o.kernel.h / 2)), uniform(0, static_cast<int>(o.kernel.w / 2))};
    o.dilation = {uniform(1, 2), trial % 2 == 0 ? 1 : uniform(1, 2)};
    o.ceil_mode = uniform(0, 1) == 1;
    const Shape shape{uniform(1, 3), uniform(1, 9), uniform(48, 100)};
    auto plan = plan_pool2d(PoolKind::kMax, shape, o);
    if (!plan.ok()) continue;
    const PoolPlan& p = *plan.value;
    const auto kernel = kernels::choose_max_forward(p);
    if (kernels::is_k2s2(p)) continue;
    ASSERT_STREQ(kernel.name, "max_pool2d_forward_s2_simd") << describe_plan(p);
    std::vector<float> in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
    if (trial % 7 == 0) std::fill(in.begin(), in.end(), -kInf);
    if (trial % 7 == 1) {
      for (float& x : in) x = static_cast<float>(uniform(-1, 1)) * (uniform(0, 1) ? 1.0f : -0.0f);
    }
    std::vector<float> want(p.output_size(), kNaN);
    std::vector<int32_t> want_idx(p.output_size(), -7);
    reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
    ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernel.run, p, in, want, want_idx, "max s2"));
    ++runs;
  }
  EXPECT_GT(runs, 250);
  // ResNet's stem, 3 x 3 at stride 2 with a padding of 1 on rows a multiple of eight wide, has a
  // path of its own for the values alone (columns after rows): planes of ties between +0 and -0
  // (the first in PyTorch's row-major order wins), NaN, infinities and -inf, odd and even heights.
  const float kEdgy[] = {0.0f, -0.0f, -0.0f, 0.0f, -kInf, kInf, kNaN, 1.0f, -1.0f};
  int stems = 0;
  for (int trial = 0; trial < 120; ++trial) {
    PoolOptions o;
    o.kernel = {3, 3};
    o.stride = Size2{2, 2};
    o.padding = {1, 1};
    const Shape shape{uniform(1, 3), uniform(1, 12), 8 * uniform(6, 14)};
    const PoolPlan p = *plan_pool2d(PoolKind::kMax, shape, o).value;
    ASSERT_STREQ(kernels::choose_max_forward(p).name, "max_pool2d_forward_s2_simd") << describe_plan(p);
    std::vector<float> in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
    const int kinds = trial % 2 == 0 ? 9 : 6;  // the first six: no NaN
    if (trial % 3 == 0) {
      for (float& x : in) x = kEdgy[uniform(0, kinds - 1)];
    }
    if (trial % 3 == 1) {
      for (float& x : in) x = uniform(0, 1) ? 0.0f : -0.0f;
    }
    // Floats from +0 to +inf (as after a ReLU) take the stem's unsigned pass: ties, +0 and +inf
    // among them, and now and then one value outside (-0, a negative, NaN) at a random place,
    // which sends that plane to the checked pass.
    if (trial % 3 == 2 && trial % 4 != 0) {
      for (float& x : in) x = std::fabs(x);
      const float kOutside[] = {-0.0f, -1.0f, kNaN, -kInf};
      if (trial % 4 == 3) in[uniform(0, static_cast<int>(in.size()) - 1)] = kOutside[uniform(0, 3)];
    }
    std::vector<float> want(p.output_size(), kNaN);
    std::vector<int32_t> want_idx(p.output_size(), -7);
    reference::max_pool2d_forward(want.data(), want_idx.data(), in.data(), p);
    ASSERT_NO_FATAL_FAILURE(check_max_kernel(kernels::max_pool2d_forward_s2_simd, p, in, want, want_idx, "max stem"));
    ++stems;
  }
  EXPECT_EQ(stems, 120);
  // ResNet's stem: 112 x 112, 3 x 3, stride 2, padding 1.
  PoolOptions o;
  o.kernel = {3, 3};
  o.stride = Size2{2, 2};
  o.padding = {1, 1};
  EXPECT_STREQ(kernels::choose_max_forward(*plan_pool2d(PoolKind::kMax, {4, 112, 112}, o).value).name,
               "max_pool2d_forward_s2_simd");
}

// Global average pooling (one window over the whole plane, ResNet's head) runs sixteen, then
// four planes at a time, and a last one to three in scalar code: 1 to 40 planes, planes up to
// 9 x 9, paddings, both count_include_pad, divisor overrides, NaN, infinities, and planes of
// -0 (whose sum from +0 is +0, as in the reference).
TEST(SimdKernels, GlobalAverageMatchesTheReference) {
  std::mt19937 rng(49);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int runs = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int H = uniform(1, 9), W = uniform(1, 9);
    PoolOptions o;
    o.padding = {uniform(0, 1), uniform(0, 1)};
    o.kernel = {H + o.padding.h + uniform(0, 1), W + o.padding.w + uniform(0, 1)};
    o.count_include_pad = uniform(0, 1) == 1;
    if (uniform(0, 3) == 0) o.divisor_override = uniform(-3, 7) | 1;
    const Shape shape{uniform(1, 40), H, W};
    auto plan = plan_pool2d(PoolKind::kAverage, shape, o);
    if (!plan.ok()) continue;
    const PoolPlan& p = *plan.value;
    if (p.OH != 1 || p.OW != 1) continue;
    ASSERT_TRUE(kernels::is_global_average(p)) << describe_plan(p);
    std::vector<float> in = input_with_specials(p.input_size(), rng, trial % 2 == 0);
    if (trial % 5 == 0) std::fill(in.begin(), in.end(), -0.0f);
    std::vector<float> want(p.output_size(), kNaN), got(p.output_size(), kNaN);
    reference::avg_pool2d_forward(want.data(), in.data(), p);
    kernels::avg_pool2d_forward_global_simd(got.data(), in.data(), p);
    ASSERT_TRUE(bitwise_equal(want, got)) << "global " << describe_plan(p);
    if (p.planes >= kernels::kLanePlanes && !kernels::is_k2s2(p)) {
      EXPECT_STREQ(kernels::choose_avg_forward(p).name, "avg_pool2d_forward_global_simd") << describe_plan(p);
    }
    ++runs;
  }
  EXPECT_GT(runs, 200);
}

TEST(KernelName, NamesTheFunctionTheCheckedEntryPointRuns) {
  PoolOptions o;
  o.kernel = {2, 2};
  auto lesson = plan_pool2d(PoolKind::kAverage, {1, 1, 4, 4}, o);
  ASSERT_TRUE(lesson.ok());
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *lesson.value), "avg_pool2d_forward_k2s2");
  EXPECT_STREQ(kernel_name(Operation::kAvgBackward, *lesson.value), "avg_pool2d_backward_k2s2");
  o.padding = {1, 1};
  auto padded = plan_pool2d(PoolKind::kAverage, {1, 1, 4, 4}, o);
  ASSERT_TRUE(padded.ok());
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *padded.value), "avg_pool2d_forward");
  EXPECT_STREQ(kernel_name(Operation::kMaxBackward, *padded.value), "max_pool2d_backward");
  auto wide = plan_pool2d(PoolKind::kAverage, {1, 1, 8, 8}, o);
  ASSERT_TRUE(wide.ok());
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *wide.value), "avg_pool2d_forward");
  o.padding = {0, 0};
  // The vector kernels take rows of at least sixteen outputs; narrower ones, scalar code.
  auto narrow = plan_pool2d(PoolKind::kAverage, {1, 1, 8, 30}, o);
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *narrow.value), "avg_pool2d_forward_k2s2");
  EXPECT_STREQ(kernel_name(Operation::kMaxForward, *narrow.value), "max_pool2d_forward");
  wide = plan_pool2d(PoolKind::kAverage, {1, 1, 8, 32}, o);
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *wide.value), "avg_pool2d_forward_k2s2_simd");
  EXPECT_STREQ(kernel_name(Operation::kAvgBackward, *wide.value), "avg_pool2d_backward_k2s2_simd");
  EXPECT_STREQ(kernel_name(Operation::kMaxForward, *wide.value), "max_pool2d_forward_k2s2_simd");
  o.kernel = {3, 3};
  o.stride = Size2{1, 1};
  o.padding = {1, 1};
  auto s1_narrow = plan_pool2d(PoolKind::kMax, {1, 1, 8, 17}, o);
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *s1_narrow.value), "avg_pool2d_forward");
  auto s1 = plan_pool2d(PoolKind::kMax, {1, 1, 8, 18}, o);
  ASSERT_TRUE(s1.ok());
  EXPECT_STREQ(kernel_name(Operation::kAvgForward, *s1.value), "avg_pool2d_forward_s1_simd");
  EXPECT_STREQ(kernel_name(Operation::kMaxForward, *s1.value), "max_pool2d_forward_s1_simd");
}

}  // namespace
}  // namespace pool
