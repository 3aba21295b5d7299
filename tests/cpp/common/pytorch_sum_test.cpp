// PyTorch's sum (core_pytorch_sum) on its own: whatever order it takes, every value is added
// once. Small integers are exact in any order, so each sum must be the plain one, for every way
// a column can be summed (fewer rows than a chunk, whole chunks and a tail; columns fewer than
// the 8 lanes, whole vector blocks and the interleaved columns past them). Its order is
// PyTorch's bits, which the sequence, transformer and rl golden tests hold.
#include "common/pytorch_sum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "common/test_util.h"

namespace core {
namespace {

using testing::bitwise_equal;

using core::testing::kNaN;

TEST(PyTorchSum, AddsEveryValueOnceAndStartsAtPlusZero) {
  std::vector<float> values(300);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i % 13) - 6.0f + i;
  for (const int64_t n : {1, 5, 8, 37, 300}) {
    float plain = 0.0f;
    for (int64_t i = 0; i < n; ++i) plain += values[static_cast<size_t>(i)];
    EXPECT_EQ(pytorch_sum(values.data(), n), plain) << n;
  }
  // PyTorch's result starts at 0 and takes the sum, so a sum of -0s is +0.
  const std::vector<float> zeros = {-0.0f, -0.0f, -0.0f};
  EXPECT_FALSE(std::signbit(pytorch_sum(zeros.data(), 3)));
}

// The sums are pre-filled with NaN, so a column the sum never writes shows.
TEST(PyTorchSum, ColumnSumsAddEveryValueOnce) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> small(-50, 50);
  for (int64_t rows : {1, 3, 4, 7, 8, 9, 15, 16, 17, 64, 255, 256, 257, 512}) {
    for (int64_t columns : {1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 64, 70}) {
      std::vector<float> v(static_cast<size_t>(rows * columns));
      for (float& x : v) x = static_cast<float>(small(rng));
      std::vector<float> plain(static_cast<size_t>(columns), 0.0f);
      std::vector<float> sums(static_cast<size_t>(columns), kNaN);
      for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = 0; c < columns; ++c)
          plain[static_cast<size_t>(c)] += v[static_cast<size_t>(r * columns + c)];
      }
      pytorch_column_sums(sums.data(), v.data(), rows, columns);
      EXPECT_TRUE(bitwise_equal(plain, sums)) << rows << " x " << columns;
    }
  }
  const std::vector<float> zeros = {-0.0f, -0.0f};
  float sum = kNaN;
  pytorch_column_sums(&sum, zeros.data(), 2, 1);
  EXPECT_FALSE(std::signbit(sum));
}

// No rows: +0 in every column, as torch.zeros(0, 3).sum(0) gives, and no value read (none exist).
TEST(PyTorchSum, NoRowsGiveZeroInEveryColumn) {
  std::vector<float> sums = {-1.0f, -0.0f, 7.0f};
  pytorch_column_sums(sums.data(), nullptr, 0, 3);
  for (const float sum : sums) {
    EXPECT_EQ(sum, 0.0f);
    EXPECT_FALSE(std::signbit(sum));
  }
  EXPECT_EQ(pytorch_sum(nullptr, 0), 0.0f);
}

}  // namespace
}  // namespace core
