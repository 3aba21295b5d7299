// The sequence family's reference kernels in PyTorch 1.13's float32 order (reference.h). Every
// matrix product here is a plain dot product from 0 in index order, as netlib's reference BLAS
// (which this course's PyTorch is linked with) forms each entry; each bias is added after its
// product; each product and sum is rounded to float32 on its own (the family builds with
// -ffp-contract=off), except tanh's 1 - y * y, which PyTorch's build fuses. The activations and
// the softmax are the activation and layer families' kernels.
#include "sequence/reference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "activations/reference.h"
#include "common/pytorch_sum.h"
#include "layers/reference.h"
#include "recurrence.h"

namespace sequence::reference {
namespace {

namespace act = activations::reference;

// sum over k < count of a[k * a_stride] * b[k * b_stride], from 0: a BLAS dot product.
float dot(const float* a, int64_t a_stride, const float* b, int64_t b_stride, int64_t count) {
  float sum = 0.0f;
  for (int64_t k = 0; k < count; ++k) sum += a[k * a_stride] * b[k * b_stride];
  return sum;
}

// x[K], w[G, K], bias[G] (or null) -> out[G] = x w^T + bias: F.linear of one row.
void linear_row(float* out, const float* x, const float* w, const float* bias, int64_t K,
                int64_t G) {
  for (int64_t o = 0; o < G; ++o) {
    const float sum = dot(x, 1, w + o * K, 1, K);
    out[o] = bias ? sum + bias[o] : sum;
  }
}

}  // namespace

void rnn_cell(float* h, const float* pre, int64_t H, Nonlinearity nonlinearity) {
  if (nonlinearity == Nonlinearity::kRelu) {
    act::relu_forward(h, pre, H);
  } else {
    act::tanh_forward(h, pre, H);
  }
}

void rnn_cell_backward(float* grad_pre, const float* grad_h, const float* h, int64_t H,
                       Nonlinearity nonlinearity) {
  for (int64_t j = 0; j < H; ++j) {
    grad_pre[j] = nonlinearity == Nonlinearity::kRelu ? relu_gradient(grad_h[j], h[j])
                                                      : tanh_gradient(grad_h[j], h[j]);
  }
}

void lstm_cell(float* h, float* c, float* gates, const float* pre, const float* c_prev,
               float* scratch, int64_t H) {
  act::sigmoid_forward(gates, pre, H);
  act::sigmoid_forward(gates + H, pre + H, H);
  act::tanh_forward(gates + 2 * H, pre + 2 * H, H);
  act::sigmoid_forward(gates + 3 * H, pre + 3 * H, H);
  const float *i = gates, *f = gates + H, *g = gates + 2 * H, *o = gates + 3 * H;
  for (int64_t j = 0; j < H; ++j) c[j] = f[j] * c_prev[j] + i[j] * g[j];
  act::tanh_forward(scratch, c, H);
  for (int64_t j = 0; j < H; ++j) h[j] = o[j] * scratch[j];
}

// Autograd's steps back through c = f * c_prev + i * g and h = o * tanh(c), each product's
// gradient the incoming one times the other factor.
void lstm_cell_backward(float* grad_pre, float* grad_c, const float* grad_h, bool has_grad_c,
                        const float* gates, const float* c, const float* c_prev, float* scratch,
                        int64_t H) {
  const float *i = gates, *f = gates + H, *g = gates + 2 * H, *o = gates + 3 * H;
  act::tanh_forward(scratch, c, H);  // tanh(c), as the forward had it
  for (int64_t j = 0; j < H; ++j) {
    const float tanh_c = scratch[j];
    const float through_h = tanh_gradient(grad_h[j] * o[j], tanh_c);
    // dL/dc: through h, and from the next step (or cN) where any reached it.
    const float dc = has_grad_c ? through_h + grad_c[j] : through_h;
    grad_pre[j] = sigmoid_gradient(dc * g[j], i[j]);
    grad_pre[H + j] = sigmoid_gradient(dc * c_prev[j], f[j]);
    grad_pre[2 * H + j] = tanh_gradient(dc * i[j], g[j]);
    grad_pre[3 * H + j] = sigmoid_gradient(grad_h[j] * tanh_c, o[j]);
    grad_c[j] = dc;
  }
}

namespace {

// The products of a step as plain dot products (recurrence.h says what each computes).
struct PlainProducts {
  RecurrentWeights w;
  RecurrentGradients grads;
  int64_t T, I, H, G;

  void project(float* projected, const float* input) const {
    for (int64_t t = 0; t < T; ++t)
      linear_row(projected + t * G, input + t * I, w.w_ih, w.b_ih, I, G);
  }

  void step(float* pre, const float* h, const float* projected) const {
    linear_row(pre, h, w.w_hh, w.b_hh, H, G);
    for (int64_t o = 0; o < G; ++o) pre[o] = pre[o] + projected[o];
  }

  void zero_step_gradients() const {
    std::fill(grads.w_hh, grads.w_hh + G * H, 0.0f);
    if (grads.b_hh) std::fill(grads.b_hh, grads.b_hh + G, 0.0f);
  }

  void step_backward(float* grad_h_prev, const float* grad_pre, const float* h_prev) const {
    for (int64_t o = 0; o < G; ++o) {
      for (int64_t k = 0; k < H; ++k) grads.w_hh[o * H + k] += grad_pre[o] * h_prev[k];
    }
    if (grads.b_hh) {
      for (int64_t o = 0; o < G; ++o) grads.b_hh[o] += grad_pre[o];
    }
    for (int64_t k = 0; k < H; ++k) grad_h_prev[k] = dot(grad_pre, 1, w.w_hh + k, H, G);
  }

  void project_backward(float* grad_input, const float* grad_pre, const float* input) const {
    for (int64_t t = 0; t < T; ++t) {
      for (int64_t k = 0; k < I; ++k)
        grad_input[t * I + k] = dot(grad_pre + t * G, 1, w.w_ih + k, I, G);
    }
    for (int64_t o = 0; o < G; ++o) {
      for (int64_t k = 0; k < I; ++k) grads.w_ih[o * I + k] = dot(grad_pre + o, G, input + k, I, T);
    }
    if (grads.b_ih) core::pytorch_column_sums(grads.b_ih, grad_pre, T, G);
  }
};

}  // namespace

void rnn_forward(float* output, const float* input, const float* h0, const RecurrentWeights& w,
                 int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity) {
  PlainProducts products{w, {}, T, I, H, H};
  recurrence::rnn_forward(products, output, input, h0, T, H, nonlinearity);
}

void rnn_backward(float* grad_input, float* grad_h0, const RecurrentGradients& grads,
                  float* grad_hidden, const float* grad_output, const float* grad_hn,
                  const float* input, const float* h0, const RecurrentWeights& w,
                  const float* output, int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity) {
  PlainProducts products{w, grads, T, I, H, H};
  recurrence::rnn_backward(products, grad_input, grad_h0, grad_hidden, grad_output, grad_hn, input,
                           h0, output, T, H, nonlinearity);
}

void lstm_forward(float* output, float* cells, float* gates, const float* input, const float* h0,
                  const float* c0, const RecurrentWeights& w, int64_t T, int64_t I, int64_t H) {
  PlainProducts products{w, {}, T, I, H, 4 * H};
  recurrence::lstm_forward(products, output, cells, gates, input, h0, c0, T, H);
}

void lstm_backward(float* grad_input, float* grad_h0, float* grad_c0,
                   const RecurrentGradients& grads, float* grad_hidden, float* grad_cells,
                   const float* grad_output, const float* grad_hn, const float* grad_cn,
                   const float* input, const float* h0, const float* c0, const RecurrentWeights& w,
                   const float* output, const float* cells, const float* gates, int64_t T,
                   int64_t I, int64_t H) {
  PlainProducts products{w, grads, T, I, H, 4 * H};
  recurrence::lstm_backward(products, grad_input, grad_h0, grad_c0, grad_hidden, grad_cells,
                            grad_output, grad_hn, grad_cn, input, h0, c0, output, cells, gates, T,
                            H);
}

void scale_query(float* scaled, const float* query, int64_t n, int64_t d) {
  const auto root = static_cast<float>(std::sqrt(static_cast<double>(d)));
  for (int64_t i = 0; i < n; ++i) scaled[i] = query[i] / root;
}

void mask_scores(float* scores, int64_t Lq, int64_t Lk) {
  constexpr float kMasked = -std::numeric_limits<float>::infinity();
  for (int64_t i = 0; i < Lq; ++i) {
    for (int64_t j = i + 1; j < Lk; ++j) scores[i * Lk + j] = kMasked + scores[i * Lk + j];
  }
}

void attention_forward(float* output, float* weights, float* scores, const float* query,
                       const float* key, const float* value, int64_t Lq, int64_t Lk, int64_t d,
                       int64_t dv, bool causal) {
  std::vector<float> scaled(static_cast<size_t>(Lq * d));
  scale_query(scaled.data(), query, Lq * d, d);
  for (int64_t i = 0; i < Lq; ++i) {
    for (int64_t j = 0; j < Lk; ++j)
      scores[i * Lk + j] = dot(&scaled[static_cast<size_t>(i * d)], 1, key + j * d, 1, d);
  }
  if (causal) mask_scores(scores, Lq, Lk);
  layers::reference::softmax_forward(weights, scores, Lq, Lk, 1, 1.0f, false);
  for (int64_t i = 0; i < Lq; ++i) {
    for (int64_t c = 0; c < dv; ++c)
      output[i * dv + c] = dot(weights + i * Lk, 1, value + c, dv, Lk);
  }
}

void attention_backward(float* grad_query, float* grad_key, float* grad_value,
                        const float* grad_output, const float* query, const float* key,
                        const float* value, const float* weights, const float* scores, int64_t Lq,
                        int64_t Lk, int64_t d, int64_t dv) {
  std::vector<float> grad_weights(static_cast<size_t>(Lq * Lk)), grad_scores(grad_weights.size());
  for (int64_t i = 0; i < Lq; ++i) {
    for (int64_t j = 0; j < Lk; ++j) {
      grad_weights[static_cast<size_t>(i * Lk + j)] =
          dot(grad_output + i * dv, 1, value + j * dv, 1, dv);
    }
  }
  for (int64_t j = 0; j < Lk; ++j) {
    for (int64_t c = 0; c < dv; ++c)
      grad_value[j * dv + c] = dot(weights + j, Lk, grad_output + c, dv, Lq);
  }
  layers::reference::softmax_backward(grad_scores.data(), grad_weights.data(), scores, Lq, Lk, 1,
                                      1.0f, false);
  std::vector<float> scaled(static_cast<size_t>(Lq * d));
  scale_query(scaled.data(), query, Lq * d, d);
  for (int64_t i = 0; i < Lq; ++i) {
    for (int64_t c = 0; c < d; ++c)
      grad_query[i * d + c] = dot(&grad_scores[static_cast<size_t>(i * Lk)], 1, key + c, d, Lk);
  }
  scale_query(grad_query, grad_query, Lq * d, d);  // the division's gradient: / sqrt(d) again
  for (int64_t j = 0; j < Lk; ++j) {
    for (int64_t c = 0; c < d; ++c)
      grad_key[j * d + c] = dot(&grad_scores[static_cast<size_t>(j)], Lk, scaled.data() + c, d, Lq);
  }
}

}  // namespace sequence::reference
