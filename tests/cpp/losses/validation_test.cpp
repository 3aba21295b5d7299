// Every rejected argument is a core::Error naming the parameter (PyTorch's name) and its value,
// and a call after it runs as if nothing had happened. Edge values PyTorch accepts (an empty
// batch, extreme logits) are accepted here too; golden_test.cpp holds them to PyTorch's answers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/sizes.h"
#include "common/test_util.h"
#include "losses/losses.h"

namespace losses {
namespace {

using core::testing::expect_error;

LossOptions with_reduction(Reduction reduction) {
  LossOptions o;
  o.reduction = reduction;
  return o;
}

LossOptions with_delta(double delta) {
  LossOptions o;
  o.delta = delta;
  return o;
}

LossOptions with_smoothing(double eps) {
  LossOptions o;
  o.label_smoothing = eps;
  return o;
}

const std::vector<float> kFour = {1, 2, 3, 4};
const std::vector<float> kThree = {1, 2, 3};

TEST(LossesValidation, UnknownReductionIsRejected) {
  const auto bad = with_reduction(static_cast<Reduction>(3));
  expect_error(mse_loss(kFour, kFour, bad).error, "reduction",
               "reduction must be 'none', 'mean' or 'sum', got 3");
  expect_error(check_cross_entropy(bad, Shape{1, 4}, 4, 1), "reduction",
               "reduction must be 'none', 'mean' or 'sum', got 3");
}

TEST(LossesValidation, TargetMustBeAsLongAsInput) {
  expect_error(mse_loss(kFour, kThree).error, "target", "target has 3 values but input has 4");
  expect_error(huber_loss(kThree, kFour).error, "target", "target has 4 values but input has 3");
  // The next call is not affected.
  const auto ok = mse_loss(kFour, kFour);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok.value, std::vector<float>{0.0f});
}

TEST(LossesValidation, GradOutputIsOneNumberForAReducedLossAndOnePerTermOtherwise) {
  expect_error(mse_loss_backward(kFour, kFour, kFour).error, "grad_output",
               "grad_output has 4 values but a 'mean' loss is one number, so its gradient is one "
               "number");
  expect_error(huber_loss_backward({}, kFour, kFour, with_reduction(Reduction::kSum)).error,
               "grad_output",
               "grad_output has 0 values but a 'sum' loss is one number, so its gradient is one "
               "number");
  expect_error(mse_loss_backward(kThree, kFour, kFour, with_reduction(Reduction::kNone)).error,
               "grad_output", "grad_output has 3 values but the 'none' loss has 4 (one per element)");
  expect_error(check_cross_entropy(with_reduction(Reduction::kNone), Shape{2, 2}, 4, 2, 3),
               "grad_output", "grad_output has 3 values but the 'none' loss has 2 (one per row)");
}

TEST(LossesValidation, AReducedLossGradientIsFiniteButATermsGradientMayBeNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  expect_error(mse_loss_backward(std::vector<float>{nan}, kFour, kFour).error, "grad_output",
               "grad_output must be a finite number, got nan");
  expect_error(huber_loss_backward(std::vector<float>{-inf}, kFour, kFour,
                                   with_reduction(Reduction::kSum))
                   .error,
               "grad_output", "grad_output must be a finite number, got -inf");
  const std::vector<float> logits{1, 2, 3, 4};
  const std::vector<int32_t> classes{0, 1};
  expect_error(cross_entropy_backward(std::vector<float>{inf}, logits, Shape{2, 2}, classes).error,
               "grad_output", "grad_output must be a finite number, got inf");
  // The JS bindings hold the number as a double and ask before it rounds.
  expect_error(check_loss_gradient(1e39), "grad_output",
               "grad_output 1e+39 is beyond float32's largest finite value");
  EXPECT_FALSE(check_loss_gradient(-3.4028234663852886e38).has_value());
  // With 'none' the gradient is a tensor, whose NaN PyTorch carries through.
  const auto none = mse_loss_backward(std::vector<float>{nan, 1, 1, 1}, kFour, kFour,
                                      with_reduction(Reduction::kNone));
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(std::isnan((*none.value)[0]));
}

TEST(LossesValidation, DeltaMustBePositiveAndFinite) {
  expect_error(huber_loss(kFour, kFour, with_delta(0)).error, "delta",
               "delta must be positive, got 0");
  expect_error(huber_loss(kFour, kFour, with_delta(-1.5)).error, "delta",
               "delta must be positive, got -1.5");
  // Positive as a double but 0 as the float32 the kernel uses.
  expect_error(huber_loss(kFour, kFour, with_delta(1e-50)).error, "delta",
               "delta 1e-50 is 0 as the float32 the loss uses; it must be positive");
  expect_error(huber_loss(kFour, kFour, with_delta(std::nan(""))).error, "delta",
               "delta must be a finite number, got nan");
  expect_error(huber_loss(kFour, kFour, with_delta(std::numeric_limits<double>::infinity())).error,
               "delta", "delta must be a finite number, got inf");
  expect_error(huber_loss(kFour, kFour, with_delta(1e39)).error, "delta",
               "delta 1e+39 is beyond float32's largest finite value");
  // MSE does not read delta.
  EXPECT_TRUE(mse_loss(kFour, kFour, with_delta(-1)).ok());
}

TEST(LossesValidation, LabelSmoothingMustBeBetweenZeroAndOne) {
  expect_error(check_cross_entropy(with_smoothing(1.5), Shape{1, 4}, 4, 1), "label_smoothing",
               "label_smoothing must be between 0 and 1, got 1.5");
  // PyTorch 1.13 quietly treats a negative smoothing as none; the core refuses it.
  expect_error(check_cross_entropy(with_smoothing(-0.1), Shape{1, 4}, 4, 1), "label_smoothing",
               "label_smoothing must be between 0 and 1, got -0.1");
  expect_error(check_cross_entropy(with_smoothing(std::nan("")), Shape{1, 4}, 4, 1),
               "label_smoothing", "label_smoothing must be between 0 and 1, got nan");
  EXPECT_FALSE(check_cross_entropy(with_smoothing(0), Shape{1, 4}, 4, 1));
  EXPECT_FALSE(check_cross_entropy(with_smoothing(1), Shape{1, 4}, 4, 1));
}

TEST(LossesValidation, CrossEntropyShapeIsNByCOrC) {
  expect_error(check_cross_entropy({}, Shape{1, 2, 2}, 4, 1), "shape",
               "shape (1, 2, 2) must have 2 dimensions (N, C) or 1 (C), not 3");
  expect_error(check_cross_entropy({}, Shape{}, 0, 0), "shape",
               "shape () must have 2 dimensions (N, C) or 1 (C), not 0");
  expect_error(check_cross_entropy({}, Shape{2, 0}, 0, 2), "shape",
               "shape (2, 0) has 0 classes; C must be positive");
  expect_error(check_cross_entropy({}, Shape{-1, 3}, 0, 0), "shape",
               "shape (-1, 3) has a negative batch size N");
  expect_error(check_cross_entropy({}, Shape{1 << 20, 1 << 10}, 0, 0), "shape",
               "shape (1048576, 1024) has more than 67108864 elements, the most the core takes");
  expect_error(check_cross_entropy({}, Shape{2, 3}, 5, 2), "input",
               "input has 5 values but shape (2, 3) needs 6");
  expect_error(check_cross_entropy({}, Shape{2, 3}, 6, 3), "target",
               "target has 3 values but shape (2, 3) needs one class index per row (2)");
  expect_error(check_cross_entropy({}, Shape{3}, 3, 2), "target",
               "target has 2 values but shape (3) is one sample: it takes one class index");
  // An empty batch is PyTorch's too.
  EXPECT_FALSE(check_cross_entropy({}, Shape{0, 3}, 0, 0));
}

TEST(LossesValidation, ClassIndexOutOfRangeNamesTargetTheValueAndTheRange) {
  const std::vector<float> logits = {1, 2, 3, 4, 5, 6};
  const std::vector<int32_t> too_big = {0, 3}, negative = {-100, 1};
  expect_error(cross_entropy(logits, Shape{2, 3}, too_big).error, "target",
               "target[1] is 3, not a class index: they are in [0, 3)");
  // PyTorch's default ignore_index (-100) is not offered: it is out of range like any other.
  expect_error(cross_entropy_backward(std::vector<float>{1.0f}, logits, Shape{2, 3}, negative).error, "target",
               "target[0] is -100, not a class index: they are in [0, 3)");
  const auto ok = cross_entropy(logits, Shape{2, 3}, std::vector<int32_t>{2, 2});
  ASSERT_TRUE(ok.ok());
  EXPECT_NEAR((*ok.value)[0], 0.40760596f, 1e-6f);
}

TEST(LossesValidation, InputBeyondTheElementLimitIsRefusedBeforeItIsRead) {
  const auto too_many = static_cast<size_t>(core::kMaxElements) + 1;
  expect_error(check_pointwise(false, {}, too_many, too_many), "input",
               "input has 67108865 values, more than 67108864, the most the core takes");
}

}  // namespace
}  // namespace losses
