// Every rejected argument is a core::Error naming the parameter and its value, and a call
// after it runs as if nothing had happened.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "activations/activations.h"
#include "common/sizes.h"
#include "common/test_util.h"
#include "options.h"

namespace activations {
namespace {

using core::testing::expect_error;

using testing::with_alpha;
using testing::with_beta;

TEST(ActivationsValidation, NonFiniteAlphaAndBetaAreRejected) {
  const double inf = std::numeric_limits<double>::infinity();
  expect_error(check_call(Activation::kElu, with_alpha(inf), 4), "alpha",
               "alpha must be a finite number, got inf");
  expect_error(check_call(Activation::kElu, with_alpha(std::nan("")), 4), "alpha",
               "alpha must be a finite number, got nan");
  expect_error(check_call(Activation::kSwish, with_beta(-inf), 4), "beta",
               "beta must be a finite number, got -inf");
  expect_error(check_call(Activation::kSwish, with_beta(1e39), 4), "beta",
               "beta 1e+39 is beyond float32's largest finite value");
}

TEST(ActivationsValidation, AnOptionIsCheckedOnlyByTheActivationThatReadsIt) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(check_call(Activation::kSwish, with_alpha(inf), 4));
  EXPECT_FALSE(check_call(Activation::kElu, with_beta(inf), 4));
}

TEST(ActivationsValidation, UnknownApproximationAndActivationAreRejected) {
  const auto unknown = testing::with_approximate(static_cast<GeluApproximate>(7));
  expect_error(check_call(Activation::kGelu, unknown, 4), "approximate",
               "approximate must be 'none' or 'tanh', got 7");
  expect_error(check_call(static_cast<Activation>(9), {}, 4), "activation", "unknown activation 9");
}

TEST(ActivationsValidation, GradOutputMustBeAsLongAsInput) {
  const std::vector<float> input = {1, 2, 3, 4};
  const std::vector<float> short_grad = {1, 2, 3};
  auto result = backward(Activation::kTanh, short_grad, input);
  ASSERT_FALSE(result.ok());
  expect_error(result.error, "grad_output", "grad_output has 3 values but input has 4");
  // The next call is not affected.
  auto next = backward(Activation::kTanh, input, input);
  ASSERT_TRUE(next.ok());
  EXPECT_EQ(next.value->size(), 4u);
}

TEST(ActivationsValidation, InputsBeyondTheCoresLimitAreRejectedBeforeAnyWork) {
  const auto too_many = static_cast<size_t>(core::kMaxElements) + 1;
  expect_error(check_call(Activation::kRelu, {}, too_many), "input",
               "input has 67108865 values, more than 67108864, the most the core takes");
  EXPECT_FALSE(check_call(Activation::kRelu, {}, static_cast<size_t>(core::kMaxElements)));
}

}  // namespace
}  // namespace activations
