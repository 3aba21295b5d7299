// What PyTorch 1.13 gives at the edges, value by value (each checked with PyTorch; the golden
// file holds the same values among others): the kinks, both zeros, the infinities, NaN, and
// the places where exp overflows. Bitwise, with any NaN equal to any NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "activations/activations.h"
#include "common/test_util.h"
#include "options.h"

namespace activations {
namespace {

using core::testing::bitwise_equal;

using core::testing::kInf;
using core::testing::kNaN;

using testing::with_alpha;
using testing::with_approximate;
using testing::with_beta;

std::vector<float> forward_of(Activation a, std::vector<float> x, ActivationOptions o = {}) {
  auto result = forward(a, x, o);
  return result.ok() ? *result.value : std::vector<float>{};
}

// The derivative itself: the gradient for a grad_output of ones.
std::vector<float> derivative_of(Activation a, std::vector<float> x, ActivationOptions o = {}) {
  auto result = backward(a, std::vector<float>(x.size(), 1.0f), x, o);
  return result.ok() ? *result.value : std::vector<float>{};
}

TEST(ActivationsEdges, ReluKeepsNegativeZeroAndNaNAndHasGradientZeroAtTheKink) {
  EXPECT_TRUE(bitwise_equal({0.0f, -0.0f, 0.0f, kNaN, kInf},
                            forward_of(Activation::kRelu, {-1.0f, -0.0f, 0.0f, kNaN, kInf})));
  EXPECT_TRUE(
      bitwise_equal({0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f},
                    derivative_of(Activation::kRelu, {-kInf, -0.0f, 0.0f, 1e-40f, kInf, kNaN})));
  // Where the input is not positive the gradient is 0 even for a NaN grad_output.
  auto grad =
      backward(Activation::kRelu, std::vector<float>{kNaN, kNaN}, std::vector<float>{-1.0f, 1.0f});
  EXPECT_TRUE(bitwise_equal({0.0f, kNaN}, *grad.value));
}

TEST(ActivationsEdges, SigmoidAndTanhGradientsAreZeroNotNaNAtTheInfinities) {
  EXPECT_TRUE(bitwise_equal({0.0f, 0.5f, 0.5f, 1.0f, kNaN},
                            forward_of(Activation::kSigmoid, {-kInf, -0.0f, 0.0f, kInf, kNaN})));
  EXPECT_TRUE(bitwise_equal(
      {0.0f, 0.0f, 0.25f, 0.0f, 0.0f, kNaN},
      derivative_of(Activation::kSigmoid, {-kInf, -100.0f, 0.0f, 100.0f, kInf, kNaN})));
  EXPECT_TRUE(bitwise_equal({-1.0f, -0.0f, 0.0f, 1.0f, kNaN},
                            forward_of(Activation::kTanh, {-kInf, -0.0f, 0.0f, kInf, kNaN})));
  EXPECT_TRUE(bitwise_equal({0.0f, 1.0f, 1.0f, 0.0f, kNaN},
                            derivative_of(Activation::kTanh, {-kInf, -0.0f, 0.0f, kInf, kNaN})));
}

// PyTorch's tanh is exactly +-1, with gradient 0, from the float after 8.66434002 (Sleef's
// threshold 8.664339742 as a float); std::tanh would still give 0.99999994 there.
TEST(ActivationsEdges, TanhSaturatesWherePyTorchsDoes) {
  const std::vector<float> x = {8.66434002f, 8.66434097f, -8.66434097f, 8.7f, -9.0f};
  EXPECT_TRUE(bitwise_equal({0.99999994f, 1.0f, -1.0f, 1.0f, -1.0f}, forward_of(Activation::kTanh, x)));
  EXPECT_TRUE(bitwise_equal({1.1920929e-7f, 0.0f, 0.0f, 0.0f, 0.0f}, derivative_of(Activation::kTanh, x)));
}

TEST(ActivationsEdges, GeluIsNaNWhereAnInfinityMeetsAZero) {
  // -inf * 0.5 * (1 + erf(-inf)) is -inf * 0; the gradient at +inf is 1 + inf * 0.
  for (auto options : {ActivationOptions{}, with_approximate(GeluApproximate::kTanh)}) {
    const std::vector<float> y = forward_of(Activation::kGelu, {-kInf, 0.0f, kInf, kNaN}, options);
    EXPECT_TRUE(bitwise_equal({kNaN, 0.0f, kInf, kNaN}, y));
    const std::vector<float> d =
        derivative_of(Activation::kGelu, {-kInf, -0.0f, 0.0f, kInf, kNaN}, options);
    EXPECT_TRUE(bitwise_equal({kNaN, 0.5f, 0.5f, kNaN, kNaN}, d));
  }
  // The tanh form's gradient is NaN already where x * x overflows.
  EXPECT_TRUE(
      bitwise_equal({kNaN, kNaN, 1.0f}, derivative_of(Activation::kGelu, {-1e20f, 1e20f, 1e19f},
                                                      with_approximate(GeluApproximate::kTanh))));
  EXPECT_TRUE(bitwise_equal({0.0f, 1.0f}, derivative_of(Activation::kGelu, {-1e20f, 1e20f})));
}

// PyTorch's exact GELU on a tensor of two or more values (oneDNN's kernel) gives +0 where the
// product underflows or the input is -0; the tanh form, computed as ATen's, keeps -0.
TEST(ActivationsEdges, ExactGeluGivesPositiveZeroWherePyTorchsKernelDoes) {
  const std::vector<float> x = {-0.0f, -20.0f, -3e38f, -1e-45f};
  EXPECT_TRUE(bitwise_equal({0.0f, 0.0f, 0.0f, 0.0f}, forward_of(Activation::kGelu, x)));
  EXPECT_TRUE(bitwise_equal({-0.0f, -0.0f},
                            forward_of(Activation::kGelu, {-0.0f, -20.0f}, with_approximate(GeluApproximate::kTanh))));
}

TEST(ActivationsEdges, SwishFollowsSiluAtBetaOneAndHalvesAtBetaZero) {
  EXPECT_TRUE(bitwise_equal({kNaN, -0.0f, 0.0f, kInf, kNaN},
                            forward_of(Activation::kSwish, {-kInf, -100.0f, 0.0f, kInf, kNaN})));
  EXPECT_TRUE(
      bitwise_equal({kNaN, -0.0f, 0.5f, 1.0f, kNaN, kNaN},
                    derivative_of(Activation::kSwish, {-kInf, -100.0f, 0.0f, 100.0f, kInf, kNaN})));
  // beta 0: x * sigmoid(0) = x / 2, but 0 * inf is NaN at the infinities.
  EXPECT_TRUE(bitwise_equal(
      {kNaN, -50.0f, -0.0f, 0.5f, kNaN},
      forward_of(Activation::kSwish, {-kInf, -100.0f, -0.0f, 1.0f, kInf}, with_beta(0.0))));
  EXPECT_TRUE(bitwise_equal(
      {kNaN, 0.5f, 0.5f, kNaN},
      derivative_of(Activation::kSwish, {-kInf, -100.0f, 1.0f, kInf}, with_beta(0.0))));
  // beta -1 at -inf: -inf * sigmoid(inf) is -inf, and its gradient NaN.
  EXPECT_TRUE(bitwise_equal({-kInf}, forward_of(Activation::kSwish, {-kInf}, with_beta(-1.0))));
  EXPECT_TRUE(bitwise_equal({kNaN}, derivative_of(Activation::kSwish, {-kInf}, with_beta(-1.0))));
}

TEST(ActivationsEdges, EluHasGradientAlphaAtTheKinkAndPassesNaN) {
  // exp(x) - 1, not expm1: elu(-1e-30) is 0 as in PyTorch 1.13.
  EXPECT_TRUE(bitwise_equal(
      {-1.0f, 0.0f, 0.0f, 0.0f, 1e-30f, kInf, kNaN},
      forward_of(Activation::kElu, {-kInf, -1e-30f, -0.0f, 0.0f, 1e-30f, kInf, kNaN})));
  EXPECT_TRUE(
      bitwise_equal({0.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f},
                    derivative_of(Activation::kElu, {-kInf, -0.0f, 0.0f, 1e-30f, kInf, kNaN})));
  EXPECT_TRUE(bitwise_equal(
      {2.0f, 2.0f, 1.0f}, derivative_of(Activation::kElu, {-0.0f, 0.0f, 1e-30f}, with_alpha(2.0))));
  EXPECT_TRUE(
      bitwise_equal({1.0f, -0.0f}, forward_of(Activation::kElu, {-kInf, 0.0f}, with_alpha(-1.0))));
}

}  // namespace
}  // namespace activations
