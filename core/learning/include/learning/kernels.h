// The kernels the course runs for a linear layer: the reference's sums (reference.h) in the
// same order, term by term, with the loops turned so that the innermost one walks contiguous
// memory and carries no sum of its own (an "axpy": out[j] += a * row[j]). Each output still
// starts at 0 and takes its terms in index order, so the results are the reference's to the bit
// (tests/cpp/learning/kernels_test.cpp, and the kernels fuzzer); they just run in cache order,
// and vectorised. Same parameter order as the reference.
#pragma once

#include <cstdint>

namespace learning::kernels {

// input[N, I], weight[O, I], bias[O] (or null) -> output[N, O].
void linear_forward_by_rows(float* output, const float* input, const float* weight,
                            const float* bias, int64_t N, int64_t I, int64_t O);

// grad_output[N, O], input[N, I], weight[O, I] -> grad_input[N, I], grad_weight[O, I],
// grad_bias[O] (null: no bias).
void linear_backward_by_rows(float* grad_input, float* grad_weight, float* grad_bias,
                             const float* grad_output, const float* input, const float* weight,
                             int64_t N, int64_t I, int64_t O);

}  // namespace learning::kernels
