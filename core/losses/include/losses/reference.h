// Reference kernels of the losses: plain loops in float32, each operation in the order PyTorch
// 1.13's CPU kernel takes it (aten/src/ATen/native/Loss.cpp, LossNLL.cpp, cpu/PointwiseOpsKernel.cpp,
// cpu/SoftMaxKernel.cpp), the oracle the tests hold to PyTorch's golden data. A loss is computed
// in two steps: one term per element (per row for cross-entropy), then the reduction. Forward
// and backward are pairs with the same parameter order, outputs first, sizes last; options follow
// the sizes. The arguments are taken as valid (losses.h checks them).
//
// Size letters: n, the number of elements of input and target (of rows, for cross-entropy);
// c, cross-entropy's number of classes. A backward's grad_output is one value per term
// (grad_stride 1, reduction 'none') or one value for all (grad_stride 0); `norm` is the
// reduction's factor: 1 for 'sum' and 'none', 1 / n for 'mean'.
#pragma once

#include <cstdint>

namespace losses {

// PyTorch's codes (at::Reduction): none 0, mean 1, sum 2.
enum class Reduction : int32_t { kNone = 0, kMean = 1, kSum = 2 };

namespace reference {

// The reduced loss of n terms: their sum ('sum') or their mean ('mean': NaN when n is 0, as
// PyTorch's mean of nothing), accumulated in double and rounded once.
float reduce(const float* terms, int64_t n, Reduction reduction);

// (x - y)^2 per element.
void mse_terms(float* terms, const float* input, const float* target, int64_t n);
// 2 * norm * (x - y) * grad_output, as PyTorch's mse_backward: the factor 2 * norm rounded to
// float first.
void mse_backward(float* grad_input, const float* grad_output, int64_t grad_stride,
                  const float* input, const float* target, int64_t n, double norm);

// 0.5 d^2 where |d| < delta, else delta (|d| - 0.5 delta), with d = x - y.
void huber_terms(float* terms, const float* input, const float* target, int64_t n, float delta);
// norm * d * grad_output, with d clamped to [-delta, delta] (at |d| == delta both sides agree).
void huber_backward(float* grad_input, const float* grad_output, int64_t grad_stride,
                    const float* input, const float* target, int64_t n, float delta, double norm);

// One term per row of the [n, c] logits: (1 - eps) * (-log p[target]) + eps / c * (-sum log p),
// with log p the row's log-softmax (its largest logit subtracted first, so 1000 and 1001 are as
// good as 0 and 1). With eps 0 only the first part, as PyTorch (so a -inf logit elsewhere in the
// row costs nothing).
void cross_entropy_terms(float* terms, const float* logits, const int32_t* target, int64_t n,
                         int64_t c, float label_smoothing);
// norm * grad_output[row] * (softmax - ((1 - eps) * onehot(target) + eps / c)), per row.
void cross_entropy_backward(float* grad_logits, const float* grad_output, int64_t grad_stride,
                            const float* logits, const int32_t* target, int64_t n, int64_t c,
                            float label_smoothing, double norm);

}  // namespace reference
}  // namespace losses
