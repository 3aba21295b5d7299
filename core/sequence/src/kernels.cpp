// The sequence family's kernels in cache order (kernels.h): the learning family's layer kernels
// for every product over all steps at once, and a step's recurrent product a row of outputs at
// a time, on W_hh^T. The time loops and the elementwise cells are the reference's own
// (recurrence.h, reference.h).
#include "sequence/kernels.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/pytorch_sum.h"
#include "layers/reference.h"
#include "learning/kernels.h"
#include "recurrence.h"

namespace sequence::kernels {
namespace {

using recurrence::at;

// out[j] += a * row[j] for j < n: each out[j] takes one more term of its own sum.
void add_scaled_row(float* out, float a, const float* row, int64_t n) {
  for (int64_t j = 0; j < n; ++j) out[j] += a * row[j];
}

// m[rows, columns] -> its transpose [columns, rows].
std::vector<float> transposed(const float* m, int64_t rows, int64_t columns) {
  std::vector<float> t(at(rows * columns));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < columns; ++c) t[at(c * rows + r)] = m[r * columns + c];
  }
  return t;
}

// The products of a step in cache order (recurrence.h says what each computes).
struct RowProducts {
  RecurrentWeights w;
  RecurrentGradients grads;
  int64_t T, I, H, G;
  std::vector<float> w_hh_t;  // W_hh^T [H, G], for the forward steps

  void project(float* projected, const float* input) const {
    learning::kernels::linear_forward_by_rows(projected, input, w.w_ih, w.b_ih, T, I, G);
  }

  // pre[o] = h[0] W_hh[o, 0] + h[1] W_hh[o, 1] + ..., a row of W_hh^T at a time.
  void step(float* pre, const float* h, const float* projected) const {
    std::fill(pre, pre + G, 0.0f);
    for (int64_t k = 0; k < H; ++k) add_scaled_row(pre, h[k], &w_hh_t[at(k * G)], G);
    if (w.b_hh) {
      for (int64_t o = 0; o < G; ++o) pre[o] += w.b_hh[o];
    }
    for (int64_t o = 0; o < G; ++o) pre[o] += projected[o];
  }

  void zero_step_gradients() const {
    std::fill(grads.w_hh, grads.w_hh + G * H, 0.0f);
    if (grads.b_hh) std::fill(grads.b_hh, grads.b_hh + G, 0.0f);
  }

  // grad_h_prev[k] = grad_pre[0] W_hh[0, k] + grad_pre[1] W_hh[1, k] + ..., a row of W_hh at a
  // time; W_hh's gradient a row at a time too.
  void step_backward(float* grad_h_prev, const float* grad_pre, const float* h_prev) const {
    std::fill(grad_h_prev, grad_h_prev + H, 0.0f);
    for (int64_t o = 0; o < G; ++o) {
      add_scaled_row(grads.w_hh + o * H, grad_pre[o], h_prev, H);
      add_scaled_row(grad_h_prev, grad_pre[o], w.w_hh + o * H, H);
    }
    if (grads.b_hh) {
      for (int64_t o = 0; o < G; ++o) grads.b_hh[o] += grad_pre[o];
    }
  }

  void project_backward(float* grad_input, const float* grad_pre, const float* input) const {
    learning::kernels::linear_backward_by_rows(grad_input, grads.w_ih, nullptr, grad_pre, input,
                                               w.w_ih, T, I, G);
    if (grads.b_ih) core::pytorch_column_sums(grads.b_ih, grad_pre, T, G);
  }
};

}  // namespace

void rnn_forward(float* output, const float* input, const float* h0, const RecurrentWeights& w,
                 int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity) {
  RowProducts products{w, {}, T, I, H, H, transposed(w.w_hh, H, H)};
  recurrence::rnn_forward(products, output, input, h0, T, H, nonlinearity);
}

void rnn_backward(float* grad_input, float* grad_h0, const RecurrentGradients& grads,
                  float* grad_hidden, const float* grad_output, const float* grad_hn,
                  const float* input, const float* h0, const RecurrentWeights& w,
                  const float* output, int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity) {
  RowProducts products{w, grads, T, I, H, H, {}};
  recurrence::rnn_backward(products, grad_input, grad_h0, grad_hidden, grad_output, grad_hn, input,
                           h0, output, T, H, nonlinearity);
}

void lstm_forward(float* output, float* cells, float* gates, const float* input, const float* h0,
                  const float* c0, const RecurrentWeights& w, int64_t T, int64_t I, int64_t H) {
  RowProducts products{w, {}, T, I, H, 4 * H, transposed(w.w_hh, 4 * H, H)};
  recurrence::lstm_forward(products, output, cells, gates, input, h0, c0, T, H);
}

void lstm_backward(float* grad_input, float* grad_h0, float* grad_c0,
                   const RecurrentGradients& grads, float* grad_hidden, float* grad_cells,
                   const float* grad_output, const float* grad_hn, const float* grad_cn,
                   const float* input, const float* h0, const float* c0, const RecurrentWeights& w,
                   const float* output, const float* cells, const float* gates, int64_t T,
                   int64_t I, int64_t H) {
  RowProducts products{w, grads, T, I, H, 4 * H, {}};
  recurrence::lstm_backward(products, grad_input, grad_h0, grad_c0, grad_hidden, grad_cells,
                            grad_output, grad_hn, grad_cn, input, h0, c0, output, cells, gates, T,
                            H);
}

// The four products as layers (learning's kernels): scores = (q / sqrt(d)) k^T is a layer of
// weight k on the scaled queries; output = weights v a layer of weight v^T on the weights.
void attention_forward(float* output, float* weights, float* scores, const float* query,
                       const float* key, const float* value, int64_t Lq, int64_t Lk, int64_t d,
                       int64_t dv, bool causal) {
  std::vector<float> scaled(at(Lq * d));
  reference::scale_query(scaled.data(), query, Lq * d, d);
  learning::kernels::linear_forward_by_rows(scores, scaled.data(), key, nullptr, Lq, d, Lk);
  if (causal) reference::mask_scores(scores, Lq, Lk);
  layers::reference::softmax_forward(weights, scores, Lq, Lk, 1, 1.0f, false);
  const auto value_t = transposed(value, Lk, dv);
  learning::kernels::linear_forward_by_rows(output, weights, value_t.data(), nullptr, Lq, Lk, dv);
}

// Each layer's backward pass gives two gradients at once: of the weights and of v (as v^T),
// then of the scaled queries and of k.
void attention_backward(float* grad_query, float* grad_key, float* grad_value,
                        const float* grad_output, const float* query, const float* key,
                        const float* value, const float* weights, const float* scores, int64_t Lq,
                        int64_t Lk, int64_t d, int64_t dv) {
  const auto value_t = transposed(value, Lk, dv);
  std::vector<float> grad_weights(at(Lq * Lk)), grad_value_t(at(dv * Lk));
  learning::kernels::linear_backward_by_rows(grad_weights.data(), grad_value_t.data(), nullptr,
                                             grad_output, weights, value_t.data(), Lq, Lk, dv);
  const auto grad_v = transposed(grad_value_t.data(), dv, Lk);
  std::copy(grad_v.begin(), grad_v.end(), grad_value);
  std::vector<float> grad_scores(grad_weights.size()), scaled(at(Lq * d));
  layers::reference::softmax_backward(grad_scores.data(), grad_weights.data(), scores, Lq, Lk, 1,
                                      1.0f, false);
  reference::scale_query(scaled.data(), query, Lq * d, d);
  learning::kernels::linear_backward_by_rows(grad_query, grad_key, nullptr, grad_scores.data(),
                                             scaled.data(), key, Lq, d, Lk);
  reference::scale_query(grad_query, grad_query, Lq * d, d);
}

}  // namespace sequence::kernels
