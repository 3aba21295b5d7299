// Reference kernels of the learning family: a linear layer forward and backward, the logistic
// loss of a logit (binary cross-entropy with logits, mean over the batch) and its gradient, the
// XOR network's seeded start, and one LAMB step of one tensor. Plain loops in float32, each sum
// taken in the order PyTorch 1.13's CPU build on this course's machine takes it (README.md:
// netlib's reference BLAS for the matrix products, so every dot product runs from 0 up the
// shared index). They are the oracle the tests hold to PyTorch's golden data; the course runs
// them, but for the layer, whose kernels in cache order (kernels.h) are tested against them bit
// for bit. Outputs first, sizes last, options after the sizes; forward and backward take their
// arguments in the same order. The arguments are taken as valid (learning.h checks them).
//
// Size letters: N rows of a batch, I input features (in), O output features (out); n values of
// a flat tensor (LAMB's parameter, the loss's logits).
#pragma once

#include <cstdint>

namespace learning {

// LAMB's settings and their defaults (README.md defines the step).
struct LambOptions {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-6;
  double weight_decay = 0.0;
};

namespace reference {

// input[N, I], weight[O, I], bias[O] (or null) -> output[N, O]: y = x W^T + b, F.linear. Each
// output is its dot product summed from 0, then the bias added.
void linear_forward(float* output, const float* input, const float* weight, const float* bias,
                    int64_t N, int64_t I, int64_t O);

// grad_output[N, O], input[N, I], weight[O, I] -> grad_input[N, I] = grad_output W,
// grad_weight[O, I] = grad_output^T x, grad_bias[O] = the column sums of grad_output (null: no
// bias). Each a sum from 0 in index order.
void linear_backward(float* grad_input, float* grad_weight, float* grad_bias,
                     const float* grad_output, const float* input, const float* weight, int64_t N,
                     int64_t I, int64_t O);

// logits[n], targets[n] -> the mean over n of F.binary_cross_entropy_with_logits's terms,
// (1 - t) z + m + log(exp(-m) + exp(-z - m)) with m = max(-z, 0), summed from 0 in order.
float logistic_loss_forward(const float* logits, const float* targets, int64_t n);

// logits[n], targets[n] -> grad_logits[n] = (sigmoid(z) - t) / n, the mean's gradient.
void logistic_loss_backward(float* grad_logits, const float* logits, const float* targets,
                            int64_t n);

// The XOR network's start, as nn.Linear draws its weight and bias (uniform within
// ±1/sqrt(fan_in)), from the course's generator (common/splitmix64.h) seeded with `seed`: each
// value is float32((2u - 1) * bound) for the next draw u in [0, 1), with bound = 1/sqrt(fan_in)
// and the product in double, rounded once. Drawn in this order: w1[H, 2] row by row and b1[H]
// (fan_in 2), then w2[1, H] and b2[1] (fan_in H).
void xor_init(float* w1, float* b1, float* w2, float* b2, int64_t H, uint64_t seed);

// values[n] -> the 2-norm in float32, summed as PyTorch's AVX2 norm kernel sums it: eight lanes
// of fused multiply-adds over whole blocks of eight, the lanes added in order, then the rest one
// by one.
float norm2(const float* values, int64_t n);

// param[n], exp_avg[n], exp_avg_sq[n], grad[n] -> param, exp_avg, exp_avg_sq and update[n] (the
// direction before lr and the trust ratio); returns the trust ratio. `step` is the count this
// step makes (1 for the first).
float lamb_step(float* param, float* exp_avg, float* exp_avg_sq, float* update, const float* grad,
                int64_t n, double step, const LambOptions& options);

}  // namespace reference
}  // namespace learning
