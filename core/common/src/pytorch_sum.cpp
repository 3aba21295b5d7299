// PyTorch's float32 sum (common/pytorch_sum.h): SumKernel.cpp's cascade and interleaved row sums,
// one column at a time.
#include "common/pytorch_sum.h"

#include <algorithm>
#include <cstdint>

namespace core {
namespace {

// ceil(log2(x)), 1 for x <= 2: c10's CeilLog2, which sizes the cascade's chunks.
int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  int64_t bits = 0;
  for (auto v = static_cast<uint64_t>(x - 1); v != 0; v >>= 1) ++bits;
  return bits;
}

// values[i * stride] for i < count, summed as SumKernel.cpp's multi_row_sum sums one row: in
// chunks of 2^level_power values (at least 16), whose sums are added into the next level up,
// which is emptied into the one above it every 2^level_power chunks, and so on for 4 levels.
float cascade_sum(const float* values, int64_t stride, int64_t count) {
  constexpr int kLevels = 4;
  const int64_t level_power = std::max<int64_t>(4, ceil_log2(count) / kLevels);
  const int64_t level_step = int64_t{1} << level_power;
  const int64_t level_mask = level_step - 1;
  float acc[kLevels] = {};
  int64_t i = 0;
  while (i + level_step <= count) {
    for (int64_t j = 0; j < level_step; ++j, ++i) acc[0] += values[i * stride];
    for (int j = 1; j < kLevels; ++j) {
      acc[j] += acc[j - 1];
      acc[j - 1] = 0.0f;
      if ((i & (level_mask << (j * level_power))) != 0) break;
    }
  }
  for (; i < count; ++i) acc[0] += values[i * stride];
  for (int j = 1; j < kLevels; ++j) acc[0] += acc[j];
  return acc[0];
}

// SumKernel.cpp's row_sum: four cascades over the values 4i + k, the values past them added to
// the first, then the four added in order.
float interleaved_sum(const float* values, int64_t stride, int64_t count) {
  const int64_t per_lane = count / 4;
  float partial[4];
  for (int k = 0; k < 4; ++k) partial[k] = cascade_sum(values + k * stride, 4 * stride, per_lane);
  for (int64_t i = per_lane * 4; i < count; ++i) partial[0] += values[i * stride];
  for (int k = 1; k < 4; ++k) partial[0] += partial[k];
  return partial[0];
}

}  // namespace

void pytorch_column_sums(float* sums, const float* values, int64_t rows, int64_t columns) {
  // No rows: PyTorch's +0 in every column, without reading (or offsetting) values at all.
  if (rows == 0) {
    std::fill_n(sums, columns, 0.0f);
    return;
  }
  if (columns == 1) {
    constexpr int64_t kLanes = 8;
    if (rows < kLanes) {
      sums[0] = 0.0f + interleaved_sum(values, 1, rows);
      return;
    }
    const int64_t vectors = rows / kLanes;
    float total = 0.0f;
    for (int64_t i = vectors * kLanes; i < rows; ++i) total += values[i];
    for (int64_t lane = 0; lane < kLanes; ++lane) {
      total += interleaved_sum(values + lane, kLanes, vectors);
    }
    sums[0] = 0.0f + total;
    return;
  }
  // Blocks of 32 columns (4 vectors of 8) are cascades, and so are groups of 4 columns of a
  // tensor narrower than 8; every other column is an interleaved sum.
  const int64_t cascaded = columns >= 8 ? columns / 32 * 32 : columns / 4 * 4;
  for (int64_t j = 0; j < columns; ++j) {
    const float sum = j < cascaded ? cascade_sum(values + j, columns, rows)
                                   : interleaved_sum(values + j, columns, rows);
    sums[j] = 0.0f + sum;  // the result starts at 0 and takes the sum: -0 becomes +0
  }
}

}  // namespace core
