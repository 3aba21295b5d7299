// The layer's kernels in cache order against the reference, bit for bit, over edge sizes (1, a
// vector's width and its neighbours, a size past every block) with NaN, the infinities, -0 and
// denormals mixed into the values, every output pre-filled with NaN so that an entry a kernel
// never writes shows. A failure names the sizes and the first differing index.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "learning/kernels.h"
#include "learning/reference.h"

namespace learning {
namespace {

using core::testing::bitwise_equal;

using core::testing::kNaN;

std::vector<float> hostile_values(size_t n, std::mt19937& rng) {
  auto v = core::testing::random_values(n, rng);
  core::testing::plant_specials(v, 0, 7);
  return v;
}

TEST(LearningKernels, ByRowsIsTheReferenceToTheBit) {
  std::mt19937 rng(11);
  const int sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};
  for (int N : {1, 3, 8, 17}) {
    for (int I : sizes) {
      for (int O : sizes) {
        const std::string where = std::to_string(N) + " x " + std::to_string(I) + " -> " +
                                  std::to_string(O);
        // Finite values for most sizes, hostile ones for some.
        const bool hostile = (N + I + O) % 3 == 0;
        const auto values = [&](size_t n) {
          return hostile ? hostile_values(n, rng) : core::testing::random_values(n, rng);
        };
        const auto x = values(static_cast<size_t>(N * I)), w = values(static_cast<size_t>(O * I));
        const auto b = values(static_cast<size_t>(O)), g = values(static_cast<size_t>(N * O));
        for (bool with_bias : {true, false}) {
          const float* bias = with_bias ? b.data() : nullptr;
          std::vector<float> expected(static_cast<size_t>(N * O), kNaN), actual = expected;
          reference::linear_forward(expected.data(), x.data(), w.data(), bias, N, I, O);
          kernels::linear_forward_by_rows(actual.data(), x.data(), w.data(), bias, N, I, O);
          EXPECT_TRUE(bitwise_equal(expected, actual)) << "forward " << where << " bias " << with_bias;

          std::vector<float> gi(x.size(), kNaN), gw(w.size(), kNaN), gb(b.size(), kNaN);
          std::vector<float> gi2 = gi, gw2 = gw, gb2 = gb;
          float* gb_out = with_bias ? gb.data() : nullptr;
          float* gb2_out = with_bias ? gb2.data() : nullptr;
          reference::linear_backward(gi.data(), gw.data(), gb_out, g.data(), x.data(), w.data(), N, I, O);
          kernels::linear_backward_by_rows(gi2.data(), gw2.data(), gb2_out, g.data(), x.data(),
                                           w.data(), N, I, O);
          EXPECT_TRUE(bitwise_equal(gi, gi2)) << "grad_input " << where;
          EXPECT_TRUE(bitwise_equal(gw, gw2)) << "grad_weight " << where;
          EXPECT_TRUE(bitwise_equal(gb, gb2)) << "grad_bias " << where << " bias " << with_bias;
        }
      }
    }
  }
}

TEST(LearningKernels, ASumThatCancelsToZeroIsPlusZeroInBoth) {
  // 0 + (-0) is +0: both kernels start each sum at +0, as BLAS does.
  const std::vector<float> x = {-0.0f}, w = {1.0f};
  std::vector<float> a = {kNaN}, b = {kNaN};
  reference::linear_forward(a.data(), x.data(), w.data(), nullptr, 1, 1, 1);
  kernels::linear_forward_by_rows(b.data(), x.data(), w.data(), nullptr, 1, 1, 1);
  EXPECT_FALSE(std::signbit(a[0]));
  EXPECT_TRUE(bitwise_equal(a, b));
}

}  // namespace
}  // namespace learning
