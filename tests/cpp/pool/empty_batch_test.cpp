// An empty batch, as PyTorch 1.13 takes it (tests/golden/pool/generate.py, empty_batch_cases,
// holds PyTorch's answers and the calls it refuses): an empty result of the right shape forward,
// an empty gradient backward. Only the dimensions PyTorch lets be 0 may be 0:
//   avg_pool2d, max_pool2d: N of (N, C, H, W);
//   adaptive pooling: the first dimension of either rank, and adaptive_avg_pool2d's forward
//   pass C of (N, C, H, W) too (its backward pass refuses that C).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pool/pool2d.h"

namespace pool {
namespace {

PoolOptions k3_s2_p1() {
  PoolOptions o;
  o.kernel = {3, 3};
  o.stride = Size2{2, 2};
  o.padding = {1, 1};
  return o;
}

const OutputSize kThreeByTwo = Size2{3, 2};

// The result of `op` on an empty input of `shape` (backward: an empty grad_output, and indices
// for max), through run_pool2d, the door every entry point and the bindings share.
Checked<PoolOutput> run_empty(Operation op, const Shape& shape, bool return_indices = true) {
  PoolCall call;
  call.op = op;
  call.shape = shape;
  call.options = k3_s2_p1();
  call.output_size = kThreeByTwo;
  call.return_indices = return_indices;
  PoolOutput out;
  out.data.assign(3, 7.0f);  // left from an earlier call: the result must not keep it
  out.indices.assign(3, 7);
  auto error = run_pool2d(call, out);
  return core::to_checked(std::move(error), std::move(out));
}

std::string name_of(Operation op) { return "operation " + std::to_string(static_cast<int>(op)); }

TEST(EmptyBatch, PoolingAnEmptyBatchGivesAnEmptyResultOfItsShape) {
  struct Case {
    Operation forward, backward;
    Shape input, output;
  };
  const Case cases[] = {
      {Operation::kAvgForward, Operation::kAvgBackward, {0, 2, 5, 5}, {0, 2, 3, 3}},
      {Operation::kMaxForward, Operation::kMaxBackward, {0, 2, 5, 5}, {0, 2, 3, 3}},
      {Operation::kAdaptiveAvgForward, Operation::kAdaptiveAvgBackward, {0, 2, 5, 7}, {0, 2, 3, 2}},
      {Operation::kAdaptiveAvgForward, Operation::kAdaptiveAvgBackward, {0, 5, 7}, {0, 3, 2}},
      {Operation::kAdaptiveMaxForward, Operation::kAdaptiveMaxBackward, {0, 2, 5, 7}, {0, 2, 3, 2}},
      {Operation::kAdaptiveMaxForward, Operation::kAdaptiveMaxBackward, {0, 5, 7}, {0, 3, 2}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(name_of(c.forward) + " on " + describe(c.input));
    for (bool return_indices : {true, false}) {
      const auto forward = run_empty(c.forward, c.input, return_indices);
      ASSERT_TRUE(forward.ok()) << forward.error->message;
      EXPECT_EQ(forward.value->shape, c.output);
      EXPECT_TRUE(forward.value->data.empty());
      EXPECT_TRUE(forward.value->indices.empty());
    }
    const auto backward = run_empty(c.backward, c.input);
    ASSERT_TRUE(backward.ok()) << backward.error->message;
    EXPECT_EQ(backward.value->shape, c.input);
    EXPECT_TRUE(backward.value->data.empty());
  }
  // The named entry points, and the plan alone.
  const std::vector<float> none;
  const std::vector<int32_t> no_indices;
  const auto max = max_pool2d(none, {0, 1, 4, 4}, k3_s2_p1());
  ASSERT_TRUE(max.ok());
  EXPECT_EQ(max.value->shape, (Shape{0, 1, 2, 2}));
  const auto gradient = max_pool2d_backward(none, no_indices, {0, 1, 4, 4}, k3_s2_p1());
  ASSERT_TRUE(gradient.ok());
  EXPECT_TRUE(gradient.value->empty());
  const auto plan = plan_pool2d(PoolKind::kAverage, {0, 3, 6, 6}, k3_s2_p1());
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->planes, 0);
  EXPECT_EQ(plan.value->output_shape, (Shape{0, 3, 3, 3}));
}

// PyTorch's adaptive_avg_pool2d takes C = 0 of (N, C, H, W) forward, N = 0 or not, but its
// backward pass, and adaptive max pooling either way, refuse it.
TEST(EmptyBatch, AdaptiveAverageForwardAloneTakesEmptyChannels) {
  for (const Shape& shape : {Shape{1, 0, 5, 7}, Shape{0, 0, 5, 7}}) {
    SCOPED_TRACE(describe(shape));
    const auto forward = run_empty(Operation::kAdaptiveAvgForward, shape);
    ASSERT_TRUE(forward.ok()) << forward.error->message;
    EXPECT_EQ(forward.value->shape, (Shape{shape[0], 0, 3, 2}));
    EXPECT_TRUE(forward.value->data.empty());
    for (Operation op : {Operation::kAdaptiveAvgBackward, Operation::kAdaptiveMaxForward,
                         Operation::kAdaptiveMaxBackward}) {
      const auto refused = run_empty(op, shape);
      ASSERT_FALSE(refused.ok()) << name_of(op);
      EXPECT_EQ(refused.error->parameter, "shape");
      EXPECT_EQ(refused.error->message, "shape " + describe(shape) + " has an empty or negative dimension");
    }
  }
}

// PyTorch 1.13's rule, written out as the test's own: which dimensions may be 0.
bool may_be_empty(Operation op, size_t rank, size_t dimension) {
  if (!is_adaptive(op)) return rank == 4 && dimension == 0;
  if (op == Operation::kAdaptiveAvgForward) return dimension + 2 < rank;
  return dimension == 0;
}

TEST(EmptyBatch, EveryOperationTakesTheEmptyDimensionsPyTorchTakesAndNoOther) {
  const Operation all[] = {Operation::kAvgForward,         Operation::kAvgBackward,
                           Operation::kMaxForward,         Operation::kMaxBackward,
                           Operation::kAdaptiveAvgForward, Operation::kAdaptiveAvgBackward,
                           Operation::kAdaptiveMaxForward, Operation::kAdaptiveMaxBackward};
  int taken = 0, refused = 0;
  for (Operation op : all) {
    // Every shape of rank 3 and 4 with sizes 0 or 4 (and -1 in one place).
    for (size_t rank : {size_t{3}, size_t{4}}) {
      for (int bits = 0; bits < (1 << rank); ++bits) {
        for (bool negative : {false, true}) {
          std::vector<int64_t> sizes(rank);
          bool takes = true;
          for (size_t d = 0; d < rank; ++d) {
            sizes[d] = (bits >> d) & 1 ? 0 : 4;
            if (negative && d == 1) sizes[d] = -1;
            takes = takes && (sizes[d] > 0 || (sizes[d] == 0 && may_be_empty(op, rank, d)));
          }
          const Shape shape(sizes);
          SCOPED_TRACE(name_of(op) + " on " + describe(shape));
          const auto result = run_empty(op, shape);
          if (takes && bits != 0) {
            ++taken;
            ASSERT_TRUE(result.ok()) << result.error->message;
            EXPECT_TRUE(result.value->data.empty());
            EXPECT_TRUE(result.value->indices.empty());
          } else if (!takes) {
            ++refused;
            ASSERT_FALSE(result.ok());
            EXPECT_EQ(result.error->parameter, "shape");
            EXPECT_EQ(result.error->message,
                      "shape " + describe(shape) + " has an empty or negative dimension");
          }
        }
      }
    }
  }
  // N = 0 for the eight; 0 first in (C, H, W) for the four adaptive; adaptive average forward,
  // C = 0 in (N, C, H, W) with N = 4 or 0.
  EXPECT_EQ(taken, 14);
  EXPECT_GT(refused, 100);
}

// Options are judged as for a batch of one (PyTorch refuses these with N = 0 too); lengths
// against the empty shapes.
TEST(EmptyBatch, SettingsAndLengthsAreStillChecked) {
  PoolOptions too_much_padding = k3_s2_p1();
  too_much_padding.padding = {2, 2};
  const std::vector<float> none;
  auto refused = avg_pool2d(none, {0, 1, 4, 4}, too_much_padding);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->message, "padding 2 is more than half of kernel_size 3");
  PoolOptions too_big;
  too_big.kernel = {5, 5};
  refused = max_pool2d(none, {0, 1, 4, 4}, too_big);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->message,
            "kernel_size 5 does not fit the 4 x 4 input with padding 0: the output would be 0 x 0");
  refused = avg_pool2d(std::vector<float>(1), {0, 1, 4, 4}, k3_s2_p1());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->message, "input has 1 values but shape (0, 1, 4, 4) needs 0");
  const auto gradient = avg_pool2d_backward(std::vector<float>(1), {0, 1, 4, 4}, k3_s2_p1());
  ASSERT_FALSE(gradient.ok());
  EXPECT_EQ(gradient.error->message, "grad_output has 1 values but the output is (0, 1, 2, 2), 0 values");
}

// The sizes other than the batch keep one sample's limits: the kernels and the bindings
// multiply them (a plane's sizes are int32 in the WASM call block).
TEST(EmptyBatch, TheOtherSizesKeepTheLimitsOfOneSample) {
  EXPECT_TRUE(plan_pool2d(PoolKind::kAverage, {0, 1, 8192, 8192}, k3_s2_p1()).ok());
  auto refused = plan_pool2d(PoolKind::kAverage, {0, 1, 8192, 8193}, k3_s2_p1());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->message,
            "shape (0, 1, 8192, 8193) has more than 67108864 elements, the most the core takes");
  refused = plan_adaptive_pool2d({0, 1, 1}, {8193, 8193});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->message,
            "output_size 8193 gives an output of 1 x 8193 x 8193, more than 67108864 elements, the "
            "most the core takes");
}

}  // namespace
}  // namespace pool
