// Every rejected argument gives an Error naming the parameter and its value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pool/pool2d.h"

namespace pool {
namespace {

PoolOptions kernel(int64_t k) {
  PoolOptions options;
  options.kernel = {k, k};
  return options;
}

void expect_rejected(const Checked<PoolPlan>& plan, const std::string& parameter,
                     const std::string& message) {
  ASSERT_FALSE(plan.ok()) << "expected a rejection of " << parameter;
  EXPECT_EQ(plan.error->parameter, parameter);
  EXPECT_EQ(plan.error->message, message);
}

TEST(Validation, PaddingMoreThanHalfTheKernel) {
  PoolOptions o = kernel(2);
  o.padding = {3, 3};
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 8, 8}, o), "padding",
                  "padding 3 is more than half of kernel_size 2");
  o.kernel = {3, 2};
  o.padding = {1, 2};
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 8, 8}, o), "padding",
                  "padding (1, 2) is more than half of kernel_size (3, 2)");
}

TEST(Validation, NegativePadding) {
  PoolOptions o = kernel(2);
  o.padding = {-1, 0};
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 8, 8}, o), "padding",
                  "padding must not be negative, got (-1, 0)");
}

TEST(Validation, KernelStrideAndDilationMustBePositive) {
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, kernel(0)), "kernel_size",
                  "kernel_size must be positive, got 0");
  PoolOptions o = kernel(2);
  o.stride = Size2{0, 0};
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o), "stride",
                  "stride must be positive, got 0");
  o.stride = Size2{2, -1};
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 4, 4}, o), "stride",
                  "stride must be positive, got (2, -1)");
  o = kernel(2);
  o.dilation = {0, 1};
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 4, 4}, o), "dilation",
                  "dilation must be positive, got (0, 1)");
}

TEST(Validation, DivisorOverrideZero) {
  PoolOptions o = kernel(2);
  o.divisor_override = 0;
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o), "divisor_override",
                  "divisor_override must not be zero, got 0");
}

TEST(Validation, OutputWouldBeEmpty) {
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 2, 2}, kernel(3)), "kernel_size",
                  "kernel_size 3 does not fit the 2 x 2 input with padding 0: the output would "
                  "be 0 x 0");
  PoolOptions o = kernel(2);
  o.dilation = {3, 3};
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 3, 3}, o), "kernel_size",
                  "kernel_size 2 with dilation 3 does not fit the 3 x 3 input with padding 0: "
                  "the output would be 0 x 0");
}

TEST(Validation, MaxWindowWhollyInThePadding) {
  // A 1-wide input, kernel 2, dilation 2, padding 1: the window's taps are at -1 and 1.
  PoolOptions o = kernel(2);
  o.dilation = {2, 2};
  o.padding = {1, 1};
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 1, 1}, o), "dilation",
                  "dilation 2 with padding 1 puts a whole window in the padding of the 1 x 1 "
                  "input, so it has no maximum");
}

TEST(Validation, InputRankAndEmptyDimensions) {
  expect_rejected(plan_pool2d(PoolKind::kAverage, {4, 4}, kernel(2)), "shape",
                  "shape (4, 4) must have 3 dimensions (C, H, W) or 4 (N, C, H, W), not 2");
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 1, 1, 4, 4}, kernel(2)), "shape",
                  "shape (1, 1, 1, 4, 4) must have 3 dimensions (C, H, W) or 4 (N, C, H, W), "
                  "not 5");
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 0, 4, 4}, kernel(2)), "shape",
                  "shape (1, 0, 4, 4) has an empty or negative dimension");
  expect_rejected(plan_adaptive_pool2d({65536, 65536, 1}, {1, 1}), "shape",
                  "shape (65536, 65536, 1) has more than 67108864 elements, the most the core takes");
  expect_rejected(plan_adaptive_pool2d({1, 1, 1}, {30000, 30000}), "output_size",
                  "output_size 30000 gives an output of 1 x 30000 x 30000, more than 67108864 "
                  "elements, the most the core takes");
}

// An output is held to the input's limit (2^26 elements), and each of its sides to 2^22 (the
// kernels' bookkeeping per output row and column), so no accepted call runs the heap out.
TEST(Validation, OutputsHaveTheLimitsOfInputs) {
  PoolOptions o = kernel(2);
  o.stride = Size2{1, 1};
  o.padding = {1, 1};
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 8192, 8192}, o), "kernel_size",
                  "kernel_size 2 with stride 1 and padding 1 gives an output of 1 x 8193 x 8193, "
                  "more than 67108864 elements, the most the core takes");
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 1, 4194304}, o), "kernel_size",
                  "kernel_size 2 with stride 1 and padding 1 gives an output of 2 x 4194305, a side "
                  "longer than 4194304, the most the core takes");
  expect_rejected(plan_adaptive_pool2d({1, 1, 1}, {1, int64_t{1} << 26}), "output_size",
                  "output_size (1, 67108864) gives an output of 1 x 67108864, a side longer than "
                  "4194304, the most the core takes");
  // At the limits: accepted.
  EXPECT_TRUE(plan_adaptive_pool2d({1, 1, 1}, {16, 4194304}).ok());
  EXPECT_TRUE(plan_adaptive_pool2d({4, 1, 1}, {4096, 4096}).ok());
  EXPECT_FALSE(plan_adaptive_pool2d({5, 1, 1}, {4096, 4096}).ok());
}

// A call reads at most kMaxWork (2^28) taps inside the input, so none holds a page up: a
// stride-1 row of 4096-wide windows is taken at 65536 windows (2^28 taps) and refused at 65537,
// for both kinds, and for the backward passes, which share the plan.
TEST(Validation, TapsAreHeldToTheWorkCap) {
  PoolOptions o;
  o.kernel = {1, 4096};
  o.stride = Size2{1, 1};
  const std::string over =
      "kernel_size (1, 4096) with stride 1 and padding 0 gives 1 x 1 x 65537 windows of "
      "268439552 taps in all, more than 268435456, the most a call takes";
  for (PoolKind kind : {PoolKind::kAverage, PoolKind::kMax}) {
    auto at_cap = plan_pool2d(kind, {1, 1, 69631}, o);
    ASSERT_TRUE(at_cap.ok()) << at_cap.error->message;
    EXPECT_EQ(at_cap.value->OW, 65536);
    expect_rejected(plan_pool2d(kind, {1, 1, 69632}, o), "kernel_size", over);
  }
  const std::vector<float> gradients(65537);
  const std::vector<int32_t> indices(65537);
  for (Operation op : {Operation::kAvgBackward, Operation::kMaxBackward}) {
    auto refused = plan_call({op, gradients, indices, {1, 1, 69632}, o});
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error->message, over);
  }

  // A tap in the padding is not read: 3 x 3 windows with a padding of 1 over 5462 x 5462 read
  // (3 * 5462 - 2)^2 = 2^28 taps, not 9 * 5462^2.
  PoolOptions padded = kernel(3);
  padded.stride = Size2{1, 1};
  padded.padding = {1, 1};
  EXPECT_TRUE(plan_pool2d(PoolKind::kMax, {1, 5462, 5462}, padded).ok());
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 5462, 5463}, padded), "kernel_size",
                  "kernel_size 3 with stride 1 and padding 1 gives 1 x 5462 x 5463 windows of "
                  "268484608 taps in all, more than 268435456, the most a call takes");
  // A dilated window reads its taps, not the gaps between them: 3000 x 3000 windows of 9 taps,
  // each spanning 2001 x 2001 cells.
  PoolOptions dilated = kernel(3);
  dilated.stride = Size2{1, 1};
  dilated.dilation = {1000, 1000};
  EXPECT_TRUE(plan_pool2d(PoolKind::kMax, {1, 5000, 5000}, dilated).ok());

  // Adaptive windows are each their own size: a side of in cells into out windows reads
  // in + out - gcd(in, out) of them. 65536 rows into 16 read 65536; 1024 columns into 3074
  // read 4096 (2^28 taps), into 3075 read 4098.
  EXPECT_TRUE(plan_adaptive_pool2d({1, 65536, 1024}, {16, 3074}).ok());
  expect_rejected(plan_adaptive_pool2d({1, 65536, 1024}, {16, 3075}), "output_size",
                  "output_size (16, 3075) gives 1 x 16 x 3075 windows of 268566528 taps in all, "
                  "more than 268435456, the most a call takes");
}

// PyTorch's None for a side of output_size: that side keeps the input's size.
TEST(Validation, AnAdaptiveSideLeftOutKeepsTheInputsSize) {
  auto plan = plan_adaptive_pool2d({2, 8, 8, 9}, {std::nullopt, 7});
  ASSERT_TRUE(plan.ok()) << plan.error->message;
  EXPECT_EQ(plan.value->output_shape, (Shape{2, 8, 8, 7}));
  plan = plan_adaptive_pool2d({3, 5, 6}, {4, std::nullopt});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->output_shape, (Shape{3, 4, 6}));
  plan = plan_adaptive_pool2d({3, 5, 6}, {std::nullopt, std::nullopt});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->output_shape, (Shape{3, 5, 6}));
  expect_rejected(plan_adaptive_pool2d({1, 4, 4}, {std::nullopt, 0}), "output_size",
                  "output_size must be positive, got (4, 0)");
  const std::vector<float> input{1, 2, 3, 4, 5, 6};
  auto result = adaptive_avg_pool2d(input, {1, 2, 3}, {std::nullopt, 1});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.value->data, (std::vector<float>{2, 5}));
}

// The whole int32 range reaches the checks, which judge it with their usual words.
TEST(Validation, TheLowestInt32IsJudgedLikeAnyNegativeValue) {
  constexpr int64_t kLowest = -2147483648LL;
  PoolOptions o = kernel(2);
  o.padding = {kLowest, 0};
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o), "padding",
                  "padding must not be negative, got (-2147483648, 0)");
  o = kernel(2);
  o.divisor_override = kLowest;
  EXPECT_TRUE(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o).ok());
  o.divisor_override = kLowest - 1;
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o), "divisor_override",
                  "divisor_override must fit in 32 bits, got -2147483649");
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, kernel(kLowest)), "kernel_size",
                  "kernel_size must be positive, got -2147483648");
  EXPECT_EQ(pooled_output_size(4, 2, 0, 0, 1, false), 0);
}

TEST(Validation, SizesMustFitInt32AsInPyTorch) {
  PoolOptions o = kernel(2);
  o.kernel = {int64_t{1} << 40, 2};
  expect_rejected(plan_pool2d(PoolKind::kMax, {1, 4, 4}, o), "kernel_size",
                  "kernel_size must be at most 2147483647, got (1099511627776, 2)");
  o = kernel(2);
  o.padding = {int64_t{1} << 40, 0};
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o), "padding",
                  "padding must be at most 2147483647, got (1099511627776, 0)");
  o = kernel(2);
  o.divisor_override = int64_t{1} << 33;
  expect_rejected(plan_pool2d(PoolKind::kAverage, {1, 4, 4}, o), "divisor_override",
                  "divisor_override must fit in 32 bits, got 8589934592");
}

// Huge but valid settings are judged at once: nothing walks the padding tap by tap.
TEST(Validation, AHugeDilatedWindowIsPlannedInConstantTime) {
  PoolOptions o;
  o.kernel = {2147483647, 2147483647};
  o.padding = {1073741823, 1073741823};
  auto plan = plan_pool2d(PoolKind::kMax, {1, 1, 1}, o);
  ASSERT_TRUE(plan.ok()) << plan.error->message;
  EXPECT_EQ(plan.value->output_shape, (Shape{1, 1, 1}));
  auto result = max_pool2d(std::vector<float>{7.0f}, {1, 1, 1}, o);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.value->data, std::vector<float>{7.0f});
  EXPECT_EQ(result.value->indices, std::vector<int32_t>{0});
}

TEST(Validation, AdaptiveOutputSize) {
  expect_rejected(plan_adaptive_pool2d({1, 4, 4}, {0, 2}), "output_size",
                  "output_size must be positive, got (0, 2)");
}

TEST(Validation, ArrayLengthsMustMatchTheShape) {
  auto forward = avg_pool2d(std::vector<float>(15), {1, 4, 4}, kernel(2));
  ASSERT_FALSE(forward.ok());
  EXPECT_EQ(forward.error->parameter, "input");
  EXPECT_EQ(forward.error->message, "input has 15 values but shape (1, 4, 4) needs 16");

  auto backward = avg_pool2d_backward(std::vector<float>(3), {1, 4, 4}, kernel(2));
  ASSERT_FALSE(backward.ok());
  EXPECT_EQ(backward.error->message, "grad_output has 3 values but the output is (1, 2, 2), 4 values");

  auto max_backward = max_pool2d_backward(std::vector<float>(4), std::vector<int32_t>{0, 1, 2}, {1, 4, 4},
                                          kernel(2));
  ASSERT_FALSE(max_backward.ok());
  EXPECT_EQ(max_backward.error->message, "indices has 3 values but the output is (1, 2, 2), 4 values");
}

TEST(Validation, IndicesMustLieInsideThePlane) {
  auto result = max_pool2d_backward(std::vector<float>(4, 1.0f), std::vector<int32_t>{0, 1, 16, 2}, {1, 4, 4},
                                    kernel(2));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->parameter, "indices");
  EXPECT_EQ(result.error->message, "indices[2] is 16, outside the 4 x 4 plane");
  auto adaptive = adaptive_max_pool2d_backward(std::vector<float>{1.0f}, std::vector<int32_t>{-1},
                                               {1, 4, 4}, {1, 1});
  ASSERT_FALSE(adaptive.ok());
  EXPECT_EQ(adaptive.error->message, "indices[0] is -1, outside the 4 x 4 plane");
}

TEST(Validation, AValidCallStillWorksAfterRejections) {
  PoolOptions bad = kernel(2);
  bad.padding = {5, 5};
  EXPECT_FALSE(avg_pool2d(std::vector<float>(16), {1, 4, 4}, bad).ok());
  std::vector<float> input(16);
  for (int i = 0; i < 16; ++i) input[i] = static_cast<float>(i);
  auto good = avg_pool2d(input, {1, 1, 4, 4}, kernel(2));
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(good.value->data, (std::vector<float>{2.5f, 4.5f, 10.5f, 12.5f}));
}

}  // namespace
}  // namespace pool
