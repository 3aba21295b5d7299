// The learning family's kernels in PyTorch 1.13's float32 order (reference.h). PyTorch hands
// F.linear and its gradients to BLAS, and this course's PyTorch is linked with netlib's
// reference BLAS, whose sgemm forms each entry as a dot product from 0 in index order and then
// adds the bias (addmm's beta * C) once: the kernels do the same, so that a layer's forward,
// grad_input and grad_weight are PyTorch's to the bit. Each operation rounds to float32 on its own
// (the family builds with -ffp-contract=off); the one fused multiply-add is the norm's, where
// PyTorch's vector kernel fuses.
#include "learning/reference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "activations/reference.h"

namespace learning::reference {
namespace {

// sum over k < count of a[k * a_stride] * b[k * b_stride], from 0.
float dot(const float* a, int64_t a_stride, const float* b, int64_t b_stride, int64_t count) {
  float sum = 0.0f;
  for (int64_t k = 0; k < count; ++k) sum += a[k * a_stride] * b[k * b_stride];
  return sum;
}

float as_float(double value) { return static_cast<float>(value); }

}  // namespace

void linear_forward(float* output, const float* input, const float* weight, const float* bias,
                    int64_t N, int64_t I, int64_t O) {
  for (int64_t i = 0; i < N; ++i) {
    for (int64_t o = 0; o < O; ++o) {
      const float sum = dot(input + i * I, 1, weight + o * I, 1, I);
      output[i * O + o] = bias ? sum + bias[o] : sum;
    }
  }
}

void linear_backward(float* grad_input, float* grad_weight, float* grad_bias,
                     const float* grad_output, const float* input, const float* weight, int64_t N,
                     int64_t I, int64_t O) {
  for (int64_t i = 0; i < N; ++i) {
    for (int64_t k = 0; k < I; ++k) {
      grad_input[i * I + k] = dot(grad_output + i * O, 1, weight + k, I, O);
    }
  }
  for (int64_t o = 0; o < O; ++o) {
    for (int64_t k = 0; k < I; ++k) {
      grad_weight[o * I + k] = dot(grad_output + o, O, input + k, I, N);
    }
  }
  if (!grad_bias) return;
  for (int64_t o = 0; o < O; ++o) {
    float sum = 0.0f;
    for (int64_t i = 0; i < N; ++i) sum += grad_output[i * O + o];
    grad_bias[o] = sum;
  }
}

// PyTorch's expression, operation by operation: max(-z, 0) keeps NaN (clamp_min), and
// log(exp(-m) + exp(-z - m)) never overflows.
float logistic_loss_forward(const float* logits, const float* targets, int64_t n) {
  float sum = 0.0f;
  for (int64_t i = 0; i < n; ++i) {
    const float z = logits[i];
    const float m = std::isnan(z) ? z : std::max(-z, 0.0f);
    sum += (1.0f - targets[i]) * z + m + std::log(std::exp(-m) + std::exp(-z - m));
  }
  return sum / static_cast<float>(n);
}

void logistic_loss_backward(float* grad_logits, const float* logits, const float* targets,
                            int64_t n) {
  activations::reference::sigmoid_forward(grad_logits, logits, n);
  for (int64_t i = 0; i < n; ++i) {
    grad_logits[i] = (grad_logits[i] - targets[i]) / static_cast<float>(n);
  }
}

float norm2(const float* values, int64_t n) {
  constexpr int64_t kLanes = 8;
  float lanes[kLanes] = {};
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int64_t j = 0; j < kLanes; ++j) lanes[j] = std::fma(values[i + j], values[i + j], lanes[j]);
  }
  float sum = lanes[0];
  for (int64_t j = 1; j < kLanes; ++j) sum += lanes[j];
  for (; i < n; ++i) sum += values[i] * values[i];
  return std::sqrt(sum);
}

// The definition in README.md, in the order of tests/golden/learning/generate.py's torch ops.
float lamb_step(float* param, float* exp_avg, float* exp_avg_sq, float* update, const float* grad,
                int64_t n, double step, const LambOptions& options) {
  const float beta1 = as_float(options.beta1), rest1 = as_float(1.0 - options.beta1);
  const float beta2 = as_float(options.beta2), rest2 = as_float(1.0 - options.beta2);
  // 1 - beta^t in double, as Python computes it, rounded where the tensor divides by it.
  const float correction1 = as_float(1.0 - std::pow(options.beta1, step));
  const float correction2 = as_float(1.0 - std::pow(options.beta2, step));
  const float eps = as_float(options.eps);
  const float weight_decay = as_float(options.weight_decay);
  for (int64_t i = 0; i < n; ++i) {
    const float g = grad[i];
    exp_avg[i] = beta1 * exp_avg[i] + rest1 * g;
    exp_avg_sq[i] = beta2 * exp_avg_sq[i] + rest2 * (g * g);
    const float m_hat = exp_avg[i] / correction1;
    const float v_hat = exp_avg_sq[i] / correction2;
    update[i] = m_hat / (std::sqrt(v_hat) + eps);
    if (options.weight_decay != 0.0) update[i] = update[i] + weight_decay * param[i];
  }
  const float param_norm = norm2(param, n);
  const float update_norm = norm2(update, n);
  const float trust_ratio =
      param_norm > 0.0f && update_norm > 0.0f ? param_norm / update_norm : 1.0f;
  const float step_size = trust_ratio * as_float(options.lr);
  for (int64_t i = 0; i < n; ++i) param[i] = param[i] - step_size * update[i];
  return trust_ratio;
}

}  // namespace learning::reference
