// The output-size rule and the plan's geometry.
#include <gtest/gtest.h>

#include "pool/pool2d.h"

namespace pool {
namespace {

TEST(PooledOutputSize, FloorModeIsTheTextbookFormula) {
  EXPECT_EQ(pooled_output_size(4, 2, 2, 0, 1, false), 2);
  EXPECT_EQ(pooled_output_size(5, 2, 2, 0, 1, false), 2);
  EXPECT_EQ(pooled_output_size(5, 3, 1, 0, 1, false), 3);
  EXPECT_EQ(pooled_output_size(224, 2, 2, 0, 1, false), 112);
  EXPECT_EQ(pooled_output_size(112, 3, 1, 1, 1, false), 112);
}

TEST(PooledOutputSize, ThreeByThreeWithPaddingOneGivesFourNotTwo) {
  // One reference page claims 2 x 2 for this setting; PyTorch gives 4 x 4.
  EXPECT_EQ(pooled_output_size(3, 2, 1, 1, 1, false), 4);
}

TEST(PooledOutputSize, CeilModeKeepsAPartialLastWindow) {
  EXPECT_EQ(pooled_output_size(5, 2, 2, 0, 1, true), 3);
  EXPECT_EQ(pooled_output_size(5, 2, 2, 1, 1, true), 3);
  EXPECT_EQ(pooled_output_size(5, 2, 2, 1, 1, false), 3);
}

TEST(PooledOutputSize, CeilModeDropsAWindowThatWouldStartInTheRightPadding) {
  // in 4, k 2, s 2, p 1: ceil gives 3 windows, the third would start at 3 * 2 - 1 = 5 >= 4.
  // floor((4 + 2 - 1 - 1 + 1) / 2) + 1 = 3, and (3 - 1) * 2 = 4 >= 4 + 1? no -> kept.
  EXPECT_EQ(pooled_output_size(4, 2, 2, 1, 1, true), 3);
  // in 2, k 2, s 3, p 1: floor((2 + 2 - 1 - 1 + 2) / 3) + 1 = 2; (2 - 1) * 3 = 3 >= 2 + 1 -> 1.
  EXPECT_EQ(pooled_output_size(2, 2, 3, 1, 1, true), 1);
}

TEST(PooledOutputSize, DilationWidensTheWindow) {
  EXPECT_EQ(pooled_output_size(7, 3, 1, 0, 2, false), 3);
  EXPECT_EQ(pooled_output_size(7, 3, 1, 1, 2, false), 5);
}

TEST(PlanPool2d, KeepsTheRankAndMergesBatchAndChannels) {
  PoolOptions options;
  options.kernel = {2, 2};
  auto plan4 = plan_pool2d(PoolKind::kAverage, {2, 3, 4, 6}, options);
  ASSERT_TRUE(plan4.ok());
  EXPECT_EQ(plan4.value->output_shape, (Shape{2, 3, 2, 3}));
  EXPECT_EQ(plan4.value->planes, 6);
  auto plan3 = plan_pool2d(PoolKind::kAverage, {3, 4, 6}, options);
  ASSERT_TRUE(plan3.ok());
  EXPECT_EQ(plan3.value->output_shape, (Shape{3, 2, 3}));
  EXPECT_EQ(plan3.value->planes, 3);
}

TEST(PlanPool2d, MissingStrideMeansKernelSizeButStrideOneIsKept) {
  PoolOptions options;
  options.kernel = {3, 2};
  auto plan = plan_pool2d(PoolKind::kAverage, {1, 6, 6}, options);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->sh, 3);
  EXPECT_EQ(plan.value->sw, 2);
  options.stride = Size2{1, 1};
  plan = plan_pool2d(PoolKind::kAverage, {1, 6, 6}, options);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->output_shape, (Shape{1, 4, 5}));
}

TEST(PlanPool2d, AverageIgnoresDilation) {
  PoolOptions options;
  options.kernel = {2, 2};
  options.dilation = {3, 3};
  auto plan = plan_pool2d(PoolKind::kAverage, {1, 4, 4}, options);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->dh, 1);
  EXPECT_EQ(plan.value->output_shape, (Shape{1, 2, 2}));
}

TEST(AdaptiveWindows, CoverTheInputWithFloorStartsAndCeilEnds) {
  // 5 cells into 3 windows: [0, 2), [1, 4), [3, 5).
  EXPECT_EQ(adaptive_start(0, 3, 5), 0);
  EXPECT_EQ(adaptive_end(0, 3, 5), 2);
  EXPECT_EQ(adaptive_start(1, 3, 5), 1);
  EXPECT_EQ(adaptive_end(1, 3, 5), 4);
  EXPECT_EQ(adaptive_start(2, 3, 5), 3);
  EXPECT_EQ(adaptive_end(2, 3, 5), 5);
  // 3 cells into 5 windows: each window one or two cells.
  EXPECT_EQ(adaptive_start(4, 5, 3), 2);
  EXPECT_EQ(adaptive_end(4, 5, 3), 3);
}

}  // namespace
}  // namespace pool
