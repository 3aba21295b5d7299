// The pieces every family shares (core/common/include/common): errors as values, shapes as
// messages show them, the checked sizes, whose messages name the parameter and its value, the
// course's random generator, and PyTorch's exp. PyTorch's sum: pytorch_sum_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/array_view.h"
#include "common/errors.h"
#include "common/pytorch_expf.h"
#include "common/shape.h"
#include "common/sizes.h"
#include "common/splitmix64.h"
#include "common/test_util.h"

namespace core {
namespace {

TEST(Errors, FailCarriesTheParameterAndMessageAndNoValue) {
  const Checked<int> failed = fail<int>("stride", "stride must be positive, got 0");
  EXPECT_FALSE(failed.ok());
  ASSERT_TRUE(failed.error.has_value());
  EXPECT_EQ(failed.error->parameter, "stride");
  EXPECT_EQ(failed.error->message, "stride must be positive, got 0");
}

TEST(Errors, SucceedCarriesTheValueAndNoError) {
  const Checked<int> done = succeed(7);
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(*done.value, 7);
  EXPECT_FALSE(done.error.has_value());
}

TEST(Errors, ToCheckedKeepsTheErrorOverTheValue) {
  const auto failed = to_checked(std::optional<Error>(Error{"input", "bad"}), std::vector<float>{1});
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.error->parameter, "input");
  const auto done = to_checked(std::optional<Error>(), std::vector<float>{1, 2});
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done.value->size(), 2u);
}

TEST(Shape, DescribeListsTheDimensionsAndMarksThoseBeyondTheMaximumRank) {
  EXPECT_EQ(describe(Shape{1, 1, 4, 4}), "(1, 1, 4, 4)");
  EXPECT_EQ(describe(Shape{}), "()");
  const Shape deep(std::vector<int64_t>(Shape::kMaxRank + 2, 1));
  EXPECT_EQ(deep.size(), Shape::kMaxRank + 2);
  EXPECT_EQ(describe(deep), "(1, 1, 1, 1, 1, 1, 1, 1, ...)");
  EXPECT_EQ(Shape({2, 3}), Shape({2, 3}));
  EXPECT_NE(Shape({2, 3}), Shape({2, 3, 1}));
}

TEST(ArrayView, ViewsAVectorWithoutACopy) {
  const std::vector<float> values{1.5f, 2.5f};
  const FloatView view(values);
  EXPECT_EQ(view.data, values.data());
  EXPECT_EQ(view.size, 2u);
  EXPECT_EQ(view[1], 2.5f);
}

TEST(Sizes, CheckDimensionsAcceptsTheLargestTensor) {
  EXPECT_FALSE(check_dimensions(Shape{1, 1, 8192, 8192}, "shape").has_value());  // 2^26
}

TEST(Sizes, CheckDimensionsNamesAnEmptyOrNegativeDimension) {
  for (const Shape& shape : {Shape{1, 0, 4}, Shape{1, -2, 4}}) {
    const auto error = check_dimensions(shape, "inputShape");
    ASSERT_TRUE(error.has_value()) << describe(shape);
    EXPECT_EQ(error->parameter, "inputShape");
    EXPECT_EQ(error->message,
              "inputShape " + describe(shape) + " has an empty or negative dimension");
  }
}

TEST(Sizes, CheckDimensionsRefusesMoreThanTheMostElementsWithoutOverflowing) {
  for (const Shape& shape : {Shape{1, 1, 8192, 8193}, Shape{65536, 65536, 65536, 65536},
                             Shape{int64_t{1} << 40}}) {
    const auto error = check_dimensions(shape, "shape");
    ASSERT_TRUE(error.has_value()) << describe(shape);
    EXPECT_EQ(error->message,
              "shape " + describe(shape) + " has more than 67108864 elements, the most the core takes");
  }
}

TEST(Sizes, CheckLengthNamesTheLengthAndWhatTheShapeNeeds) {
  EXPECT_FALSE(check_length(16, 16, "input", Shape{1, 4, 4}).has_value());
  const auto error = check_length(15, 16, "input", Shape{1, 4, 4});
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->parameter, "input");
  EXPECT_EQ(error->message, "input has 15 values but shape (1, 4, 4) needs 16");
}

// Vigna's splitmix64.c gives 6457827717110365317 first for seed 1234567; a uniform is the top
// 53 bits over 2^53.
TEST(SplitMix64, GivesVignasFirstOutputAndItsTop53BitsAsAUniform) {
  SplitMix64 generator(1234567);
  EXPECT_EQ(generator.next(), 6457827717110365317ull);
  SplitMix64 again(1234567);
  EXPECT_EQ(again.uniform(), static_cast<double>(6457827717110365317ull >> 11) / 9007199254740992.0);
  EXPECT_NE(again.next(), 6457827717110365317ull) << "the state moves on";
}

TEST(SplitMix64, CheckSeedTakesEveryUint32AndNamesOthers) {
  EXPECT_FALSE(check_seed(0).has_value());
  EXPECT_FALSE(check_seed(kMaxSeed).has_value());
  const auto low = check_seed(-1);
  ASSERT_TRUE(low.has_value());
  EXPECT_EQ(low->parameter, "seed");
  EXPECT_EQ(low->message, "seed must be an integer in [0, 4294967295], got -1");
  EXPECT_EQ(check_seed(kMaxSeed + 1)->message, "seed must be an integer in [0, 4294967295], got 4294967296");
}

TEST(PyTorchExpf, IsWithinOneUlpOfExpOnAWideRangeAndSaturatesOutsideIt) {
  // The imitation is SLEEF's algorithm, whose error bound is 1 ulp; the transformer's and rl's
  // golden tests hold its bits to PyTorch's.
  for (float x = -87.0f; x < 88.0f; x += 0.0137f) {
    const double exact = std::exp(static_cast<double>(x));
    const float got = pytorch_expf(x);
    ASSERT_LE(std::abs(got - exact), std::nextafter(static_cast<float>(exact), INFINITY) -
                                         static_cast<float>(exact))
        << x;
  }
  EXPECT_EQ(pytorch_expf(0.0f), 1.0f);
  EXPECT_EQ(pytorch_expf(-200.0f), 0.0f);
  EXPECT_EQ(pytorch_expf(-INFINITY), 0.0f);
  EXPECT_EQ(pytorch_expf(200.0f), INFINITY);
  EXPECT_EQ(pytorch_expf(INFINITY), INFINITY);
  EXPECT_TRUE(std::isnan(pytorch_expf(std::numeric_limits<float>::quiet_NaN())));
}

TEST(TestUtil, BitwiseEqualNamesTheFirstFailingIndexAndCountsNaNAsEqual) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(testing::bitwise_equal({1.0f, nan}, {1.0f, nan}));
  const auto result = testing::bitwise_equal({1.0f, 0.0f, 2.0f}, {1.0f, -0.0f, 2.0f});
  EXPECT_FALSE(result);
  EXPECT_NE(std::string(result.message()).find("at index 1"), std::string::npos) << result.message();
}

}  // namespace
}  // namespace core
