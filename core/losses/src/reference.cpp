// The losses as PyTorch 1.13 computes them on the CPU in float32: each elementwise term and each
// gradient in the kernel's order and precision (scalars such as delta and the reduction's factor
// rounded to float first). Sums run in double and are rounded once; PyTorch's vectorised float
// sums differ from them only in the last bits, well within the tests' 1e-5.
#include "losses/reference.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace losses::reference {

float reduce(const float* terms, int64_t n, Reduction reduction) {
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i) sum += terms[i];
  if (reduction != Reduction::kMean) return static_cast<float>(sum);
  // The mean of no terms is 0 / 0: NaN, as PyTorch answers.
  return static_cast<float>(n == 0 ? std::numeric_limits<double>::quiet_NaN()
                                   : sum / static_cast<double>(n));
}

void mse_terms(float* terms, const float* input, const float* target, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float d = input[i] - target[i];
    terms[i] = d * d;
  }
}

// PyTorch's mse_backward_cpu_kernel: alpha * (x - y) * grad_output, alpha = 2 * norm as float.
void mse_backward(float* grad_input, const float* grad_output, int64_t grad_stride,
                  const float* input, const float* target, int64_t n, double norm) {
  const auto alpha = static_cast<float>(2.0 * norm);
  for (int64_t i = 0; i < n; ++i) {
    grad_input[i] = alpha * (input[i] - target[i]) * grad_output[i * grad_stride];
  }
}

// PyTorch's huber_kernel: the quadratic side strictly inside delta.
void huber_terms(float* terms, const float* input, const float* target, int64_t n, float delta) {
  for (int64_t i = 0; i < n; ++i) {
    const float z = std::abs(input[i] - target[i]);
    terms[i] = z < delta ? 0.5f * z * z : delta * (z - 0.5f * delta);
  }
}

// PyTorch's huber_backward_cpu_kernel: the capped sides from |d| == delta on (where the straight
// side's slope and the quadratic's agree, +-delta).
void huber_backward(float* grad_input, const float* grad_output, int64_t grad_stride,
                    const float* input, const float* target, int64_t n, float delta,
                    double norm) {
  const auto scale = static_cast<float>(norm);
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i] - target[i];
    const float g = grad_output[i * grad_stride];
    if (x <= -delta) {
      grad_input[i] = -scale * g * delta;
    } else if (x >= delta) {
      grad_input[i] = scale * g * delta;
    } else {
      grad_input[i] = scale * x * g;
    }
  }
}

namespace {

// The row's largest logit and log(sum(exp(x - max))): log p_j = x_j - max - log_sum.
struct RowScale {
  float max;
  float log_sum;
};

RowScale row_scale(const float* row, int64_t c) {
  float max = row[0];
  for (int64_t j = 1; j < c; ++j) {
    // NaN wins, as PyTorch's max does, so a NaN logit makes the whole row NaN.
    if (!(row[j] <= max)) max = row[j];
  }
  double sum = 0.0;
  for (int64_t j = 0; j < c; ++j) sum += std::exp(row[j] - max);
  return {max, std::log(static_cast<float>(sum))};
}

}  // namespace

// PyTorch's cross_entropy: log_softmax, then nll_loss; with label smoothing also the sum of the
// row's negative log-probabilities (cross_entropy_loss_label_smoothing).
void cross_entropy_terms(float* terms, const float* logits, const int32_t* target, int64_t n,
                         int64_t c, float label_smoothing) {
  const float off_target = label_smoothing / static_cast<float>(c);
  for (int64_t i = 0; i < n; ++i) {
    const float* row = logits + i * c;
    const RowScale s = row_scale(row, c);
    const float nll = -(row[target[i]] - s.max - s.log_sum);
    if (!(label_smoothing > 0.0f)) {
      terms[i] = nll;
      continue;
    }
    double smooth = 0.0;
    for (int64_t j = 0; j < c; ++j) smooth -= row[j] - s.max - s.log_sum;
    terms[i] = (1.0f - label_smoothing) * nll + static_cast<float>(smooth) * off_target;
  }
}

// Autograd of the above: log_softmax's backward (grad - softmax * sum(grad)) of nll's gradient
// (-(1 - eps) at the target) and smoothing's (-eps / c everywhere), which sum to -1 per row.
void cross_entropy_backward(float* grad_logits, const float* grad_output, int64_t grad_stride,
                            const float* logits, const int32_t* target, int64_t n, int64_t c,
                            float label_smoothing, double norm) {
  const float off_target = label_smoothing > 0.0f ? label_smoothing / static_cast<float>(c) : 0.0f;
  const float on_target = label_smoothing > 0.0f ? 1.0f - label_smoothing + off_target : 1.0f;
  for (int64_t i = 0; i < n; ++i) {
    const float* row = logits + i * c;
    float* grad = grad_logits + i * c;
    const RowScale s = row_scale(row, c);
    const float weight = static_cast<float>(norm) * grad_output[i * grad_stride];
    for (int64_t j = 0; j < c; ++j) {
      const float p = std::exp(row[j] - s.max - s.log_sum);
      grad[j] = weight * (p - (j == target[i] ? on_target : off_target));
    }
  }
}

}  // namespace losses::reference
