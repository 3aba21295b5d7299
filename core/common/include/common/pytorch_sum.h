// PyTorch 1.13's float32 sum on one thread (SumKernel.cpp's cascade_sum), for every family whose
// numbers hold a sum to PyTorch's bits: a bias's gradient (a column sum over the rows it was
// broadcast over: the sequence and transformer families), and a mean (rl's objective.mean()).
// In float32, in PyTorch's order. Compiled once, for size in WebAssembly (src/pytorch_sum.cpp,
// the library core_pytorch_sum), so that a family whose fast kernels and reference both sum
// links one copy. No rows give +0 in every column, and values is then never read.
#pragma once

#include <cstdint>

namespace core {

// values[rows, columns] -> sums[columns], each column's sum as PyTorch sums dim 0 of a
// contiguous float32 tensor: in chunks of 16 rows and more whose sums are summed in turn, the
// columns past the vectorised blocks (and every column of a tensor narrower than 8 but for whole
// groups of 4) as four interleaved partial sums. One column is a contiguous vector, summed as
// `vector.sum()` sums it: eight vector lanes of interleaved sums, the rows past the whole vectors
// summed first and the lanes added to them in order (fewer than 8 values: one interleaved sum).
// Each sum starts at +0, so a sum of -0s is +0.
void pytorch_column_sums(float* sums, const float* values, int64_t rows, int64_t columns);

// values[n] -> `values.sum()`: the one column of values[n, 1].
inline float pytorch_sum(const float* values, int64_t n) {
  float sum = 0.0f;
  pytorch_column_sums(&sum, values, n, 1);
  return sum;
}

}  // namespace core
