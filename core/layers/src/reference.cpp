// The layer family's kernels, computing what PyTorch 1.13 computes on the CPU in float32: the
// same float32 steps where rounding shows (input / temperature, the dropout scale, batch norm's
// per-channel alpha and beta), and sums in double, PyTorch's accumulation type for float.
#include "layers/reference.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "common/splitmix64.h"

namespace layers::reference {
namespace {

// The largest value of a slice; NaN if any value is NaN (as PyTorch's max propagates it).
float slice_max(const float* scaled, int64_t size) {
  float largest = -std::numeric_limits<float>::infinity();
  for (int64_t k = 0; k < size; ++k) {
    if (scaled[k] > largest || std::isnan(scaled[k])) largest = scaled[k];
    if (std::isnan(largest)) break;
  }
  return largest;
}

// One slice of softmax (or log_softmax) into `out`, from its values already divided by the
// temperature; `out` and `scaled` hold the slice contiguously.
void softmax_slice(double* out, const float* scaled, int64_t size, bool log) {
  const float largest = slice_max(scaled, size);
  double sum = 0.0;
  for (int64_t k = 0; k < size; ++k) {
    out[k] = static_cast<double>(scaled[k] - largest);  // the shift in float32, as PyTorch
    sum += std::exp(out[k]);
  }
  const double log_sum = std::log(sum);
  for (int64_t k = 0; k < size; ++k) out[k] = log ? out[k] - log_sum : std::exp(out[k]) / sum;
}

// Calls visit(base, slice) for every slice along the dim, `slice` holding its softmax (or
// log_softmax) of the values divided by the temperature, in double; the slice's values lie
// `inner` apart from `base`.
template <class Visit>
void each_slice(const float* input, int64_t outer, int64_t size, int64_t inner,
                float temperature, bool log, Visit visit) {
  std::vector<float> scaled(static_cast<size_t>(size));
  std::vector<double> slice(static_cast<size_t>(size));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t j = 0; j < inner; ++j) {
      const int64_t base = o * size * inner + j;
      for (int64_t k = 0; k < size; ++k) scaled[k] = input[base + k * inner] / temperature;
      softmax_slice(slice.data(), scaled.data(), size, log);
      visit(base, slice);
    }
  }
}

}  // namespace

void softmax_forward(float* output, const float* input, int64_t outer, int64_t size,
                     int64_t inner, float temperature, bool log) {
  each_slice(input, outer, size, inner, temperature, log,
             [&](int64_t base, const std::vector<double>& slice) {
               for (int64_t k = 0; k < size; ++k) {
                 output[base + k * inner] = static_cast<float>(slice[k]);
               }
             });
}

// PyTorch's _softmax_backward_data from the output y: y * (g - sum(g * y)); for log_softmax
// g - exp(y) * sum(g). Then the division's backward: / temperature, in float32.
void softmax_backward(float* grad_input, const float* grad_output, const float* input,
                      int64_t outer, int64_t size, int64_t inner, float temperature, bool log) {
  each_slice(input, outer, size, inner, temperature, log,
             [&](int64_t base, const std::vector<double>& slice) {
               double sum = 0.0;
               for (int64_t k = 0; k < size; ++k) {
                 const double g = grad_output[base + k * inner];
                 sum += log ? g : g * static_cast<float>(slice[k]);
               }
               for (int64_t k = 0; k < size; ++k) {
                 const double g = grad_output[base + k * inner];
                 const double y = static_cast<float>(slice[k]);
                 const double grad = log ? g - std::exp(y) * sum : y * (g - sum);
                 grad_input[base + k * inner] = static_cast<float>(grad) / temperature;
               }
             });
}

void embedding_forward(float* output, const int32_t* indices, const float* weight, int64_t count,
                       int64_t dim) {
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(output + i * dim, weight + indices[i] * dim,
                static_cast<size_t>(dim) * sizeof(float));
  }
}

void embedding_backward(float* grad_weight, const float* grad_output, const int32_t* indices,
                        int64_t count, int64_t num_embeddings, int64_t dim, int64_t padding_idx) {
  std::vector<double> sums(static_cast<size_t>(num_embeddings * dim), 0.0);
  for (int64_t i = 0; i < count; ++i) {
    if (indices[i] == padding_idx) continue;
    double* row = sums.data() + indices[i] * dim;
    for (int64_t k = 0; k < dim; ++k) row[k] += grad_output[i * dim + k];
  }
  for (size_t k = 0; k < sums.size(); ++k) grad_weight[k] = static_cast<float>(sums[k]);
}

namespace {
// PyTorch's noise for a kept element: 1 / (1 - p) as float32; none is kept for p = 1.
float dropout_scale(double p) { return p >= 1.0 ? 0.0f : static_cast<float>(1.0 / (1.0 - p)); }
}  // namespace

void dropout_forward(float* output, const float* input, const uint8_t* mask, int64_t n,
                     double p) {
  const float scale = dropout_scale(p);
  for (int64_t i = 0; i < n; ++i) output[i] = input[i] * (mask[i] ? scale : 0.0f);
}

void dropout_backward(float* grad_input, const float* grad_output, const uint8_t* mask, int64_t n,
                      double p) {
  dropout_forward(grad_input, grad_output, mask, n, p);  // the same product: d(x * noise)/dx
}

void dropout_mask(uint8_t* mask, int64_t n, double p, uint64_t seed) {
  core::SplitMix64 generator(seed);
  for (int64_t i = 0; i < n; ++i) mask[i] = generator.uniform() >= p ? 1 : 0;
}

namespace {

// A channel's float32 mean and inverse standard deviation, as PyTorch's batch_norm saves them
// in training: sums in double, the mean and the sum of squared deviations rounded to float32.
struct ChannelMoments {
  float mean;
  float var_sum;
  float invstd;
};

ChannelMoments channel_moments(const float* input, int64_t batch, int64_t channels, int64_t plane,
                               int64_t c, double eps) {
  const double count = static_cast<double>(batch * plane);
  double sum = 0.0;
  for (int64_t b = 0; b < batch; ++b) {
    const float* x = input + (b * channels + c) * plane;
    for (int64_t k = 0; k < plane; ++k) sum += x[k];
  }
  const double mean = sum / count;
  double var_sum = 0.0;
  for (int64_t b = 0; b < batch; ++b) {
    const float* x = input + (b * channels + c) * plane;
    for (int64_t k = 0; k < plane; ++k) var_sum += (x[k] - mean) * (x[k] - mean);
  }
  const auto var_sum_f = static_cast<float>(var_sum);
  return {static_cast<float>(mean), var_sum_f,
          static_cast<float>(1.0 / std::sqrt(static_cast<double>(var_sum_f) / count + eps))};
}

}  // namespace

void batch_norm2d_forward(float* output, float* running_mean, float* running_var,
                          const float* input, const float* weight, const float* bias,
                          int64_t batch, int64_t channels, int64_t plane, bool training,
                          double momentum, double eps) {
  const int64_t count = batch * plane;
  for (int64_t c = 0; c < channels; ++c) {
    float mean, invstd;
    if (training && count == 0) {
      continue;  // an empty batch: nothing to normalise, the running statistics unchanged
    }
    if (training) {
      const ChannelMoments m = channel_moments(input, batch, channels, plane, c, eps);
      mean = m.mean;
      invstd = m.invstd;
      running_mean[c] = static_cast<float>(momentum * m.mean + (1 - momentum) * running_mean[c]);
      running_var[c] = static_cast<float>(momentum * m.var_sum / static_cast<double>(count - 1) +
                                          (1 - momentum) * running_var[c]);
    } else {
      mean = running_mean[c];
      invstd = 1.0f / std::sqrt(running_var[c] + static_cast<float>(eps));
    }
    // PyTorch's per-channel linear map in float32: alpha = invstd * weight, beta = bias -
    // mean * alpha, and x * alpha + beta, fused as its compiled vector code fuses them (a
    // constant channel gives the rounding residual, not 0, as there).
    const float w = weight ? weight[c] : 1.0f;
    const float alpha = invstd * w;
    const float beta = std::fma(-mean, alpha, bias ? bias[c] : 0.0f);
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t offset = (b * channels + c) * plane;
      for (int64_t k = 0; k < plane; ++k) {
        output[offset + k] = std::fma(input[offset + k], alpha, beta);
      }
    }
  }
}

void batch_norm2d_backward(float* grad_input, float* grad_weight, float* grad_bias,
                           const float* grad_output, const float* input, const float* weight,
                           int64_t batch, int64_t channels, int64_t plane, double eps) {
  const double count = static_cast<double>(batch * plane);
  for (int64_t c = 0; c < channels; ++c) {
    const ChannelMoments m = channel_moments(input, batch, channels, plane, c, eps);
    const double mean = m.mean, invstd = m.invstd;
    double sum = 0.0, dot = 0.0;
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t offset = (b * channels + c) * plane;
      for (int64_t k = 0; k < plane; ++k) {
        sum += grad_output[offset + k];
        dot += (input[offset + k] - mean) * grad_output[offset + k];
      }
    }
    if (batch * plane == 0) {  // an empty batch: zero gradients, as PyTorch's
      grad_weight[c] = grad_bias[c] = 0.0f;
      continue;
    }
    const double w = weight ? weight[c] : 1.0;
    const double k_term = dot * invstd * invstd / count;
    const double grad_mean = sum / count;
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t offset = (b * channels + c) * plane;
      for (int64_t k = 0; k < plane; ++k) {
        const double centred = input[offset + k] - mean;
        grad_input[offset + k] =
            static_cast<float>((grad_output[offset + k] - grad_mean - centred * k_term) * invstd * w);
      }
    }
    grad_weight[c] = static_cast<float>(dot * invstd);
    grad_bias[c] = static_cast<float>(sum);
  }
}

namespace {

// A row's mean and 1 / sqrt(biased variance + eps), in double. PyTorch 1.13 accumulates these
// in float32 (its vectorised Welford), so on ill-conditioned rows (a large offset, a constant
// row) its answer is off from the exact one by its own rounding; the golden file widens the
// tolerance there by that amount (tests/golden/layers/README.md).
struct RowScale {
  double mean, rstd;
  double x_hat(float x) const { return (x - mean) * rstd; }
};

RowScale row_scale(const float* x, int64_t cols, double eps) {
  double sum = 0.0;
  for (int64_t k = 0; k < cols; ++k) sum += x[k];
  const double mean = sum / static_cast<double>(cols);
  double squares = 0.0;
  for (int64_t k = 0; k < cols; ++k) squares += (x[k] - mean) * (x[k] - mean);
  return {mean, 1.0 / std::sqrt(squares / static_cast<double>(cols) + eps)};
}

}  // namespace

void layer_norm_forward(float* output, const float* input, const float* weight, const float* bias,
                        int64_t rows, int64_t cols, double eps) {
  for (int64_t r = 0; r < rows; ++r) {
    const float* x = input + r * cols;
    const RowScale scale = row_scale(x, cols, eps);
    for (int64_t k = 0; k < cols; ++k) {
      const double w = weight ? weight[k] : 1.0, b = bias ? bias[k] : 0.0;
      output[r * cols + k] = static_cast<float>(scale.x_hat(x[k]) * w + b);
    }
  }
}

// a = g * weight; grad_input = rstd * (a - mean(a) - x_hat * mean(a * x_hat)), in double from
// x_hat; grad_weight sums g * x_hat, grad_bias sums g, over the rows.
void layer_norm_backward(float* grad_input, float* grad_weight, float* grad_bias,
                         const float* grad_output, const float* input, const float* weight,
                         int64_t rows, int64_t cols, double eps) {
  std::vector<double> weight_sums(static_cast<size_t>(cols), 0.0);
  std::vector<double> bias_sums(static_cast<size_t>(cols), 0.0);
  const double n = static_cast<double>(cols);
  for (int64_t r = 0; r < rows; ++r) {
    const float* x = input + r * cols;
    const float* g = grad_output + r * cols;
    const RowScale scale = row_scale(x, cols, eps);
    double a_sum = 0.0, a_xhat_sum = 0.0;
    for (int64_t k = 0; k < cols; ++k) {
      const double x_hat = scale.x_hat(x[k]);
      const double a = g[k] * (weight ? weight[k] : 1.0);
      a_sum += a;
      a_xhat_sum += a * x_hat;
      weight_sums[k] += g[k] * x_hat;
      bias_sums[k] += g[k];
    }
    for (int64_t k = 0; k < cols; ++k) {
      const double x_hat = scale.x_hat(x[k]);
      const double a = g[k] * (weight ? weight[k] : 1.0);
      grad_input[r * cols + k] =
          static_cast<float>(scale.rstd * (a - a_sum / n - x_hat * a_xhat_sum / n));
    }
  }
  for (int64_t k = 0; k < cols; ++k) {
    grad_weight[k] = static_cast<float>(weight_sums[k]);
    grad_bias[k] = static_cast<float>(bias_sums[k]);
  }
}

}  // namespace layers::reference
