// The linear layer's kernels in cache order (kernels.h): every sum of the reference, each from 0
// in index order, accumulated a row at a time.
#include "learning/kernels.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace learning::kernels {
namespace {

// out[j] += a * row[j] for j < n: each out[j] takes one more term of its own sum.
void add_scaled_row(float* out, float a, const float* row, int64_t n) {
  for (int64_t j = 0; j < n; ++j) out[j] += a * row[j];
}

}  // namespace

void linear_forward_by_rows(float* output, const float* input, const float* weight,
                            const float* bias, int64_t N, int64_t I, int64_t O) {
  // W^T [I, O], so that the terms x[i, k] W[o, k] of a row of outputs lie side by side.
  std::vector<float> transposed(static_cast<size_t>(I * O));
  for (int64_t o = 0; o < O; ++o) {
    for (int64_t k = 0; k < I; ++k) transposed[static_cast<size_t>(k * O + o)] = weight[o * I + k];
  }
  for (int64_t i = 0; i < N; ++i) {
    float* row = output + i * O;
    std::fill(row, row + O, 0.0f);
    for (int64_t k = 0; k < I; ++k) add_scaled_row(row, input[i * I + k], &transposed[static_cast<size_t>(k * O)], O);
    if (bias) {
      for (int64_t o = 0; o < O; ++o) row[o] += bias[o];
    }
  }
}

void linear_backward_by_rows(float* grad_input, float* grad_weight, float* grad_bias,
                             const float* grad_output, const float* input, const float* weight,
                             int64_t N, int64_t I, int64_t O) {
  std::fill(grad_input, grad_input + N * I, 0.0f);
  std::fill(grad_weight, grad_weight + O * I, 0.0f);
  if (grad_bias) std::fill(grad_bias, grad_bias + O, 0.0f);
  for (int64_t i = 0; i < N; ++i) {
    const float* g = grad_output + i * O;
    // grad_input[i, k] = sum over o of g[o] W[o, k]; grad_weight[o, k] = sum over i of
    // g[i, o] x[i, k]; grad_bias[o] = sum over i of g[i, o].
    for (int64_t o = 0; o < O; ++o) add_scaled_row(grad_input + i * I, g[o], weight + o * I, I);
    for (int64_t o = 0; o < O; ++o) add_scaled_row(grad_weight + o * I, g[o], input + i * I, I);
    if (grad_bias) {
      for (int64_t o = 0; o < O; ++o) grad_bias[o] += g[o];
    }
  }
}

}  // namespace learning::kernels
