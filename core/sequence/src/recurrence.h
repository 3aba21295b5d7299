// The time loops of the RNN and the LSTM, forward and backward through time, written once over
// the matrix products a step needs: reference.cpp instantiates them with plain dot products
// (the oracle), kernels.cpp with the same sums in cache order. `products` provides, for G rows
// of weights (H or 4H):
//
//   project(projected[T, G], input[T, I])           x W_ih^T + b_ih, every step at once
//   step(pre[G], h[H], projected_t[G])              (h W_hh^T + b_hh) + projected_t
//   step_backward(grad_h_prev[H], grad_pre[G], h_prev[H])
//                                                   grad_pre W_hh; the step's shares of W_hh's
//                                                   and b_hh's gradients added to theirs
//   project_backward(grad_input[T, I], grad_pre[T, G], input[T, I])
//                                                   grad_pre W_ih, and W_ih's and b_ih's
//                                                   gradients, one product over every step
//
// and `products.zero_step_gradients()` before the first step back. Autograd gathers W_hh's and
// b_hh's gradients as the steps hand them back, the last step first, so step_backward adds
// them in that order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "sequence/reference.h"

namespace sequence::recurrence {

// The gradient reaching the last step's h (or c): from the output (or none) and from hN (or
// cN), each where given. Returns whether any reached it.
inline bool last_step_gradient(float* into, const float* from_output, const float* from_end,
                               int64_t H) {
  for (int64_t j = 0; j < H; ++j) {
    into[j] = from_output && from_end ? from_output[j] + from_end[j]
              : from_output           ? from_output[j]
              : from_end              ? from_end[j]
                                      : 0.0f;
  }
  return from_output || from_end;
}

inline size_t at(int64_t i) { return static_cast<size_t>(i); }

template <class Products>
void rnn_forward(Products& products, float* output, const float* input, const float* h0, int64_t T,
                 int64_t H, Nonlinearity nonlinearity) {
  std::vector<float> projected(at(T * H)), pre(at(H));
  products.project(projected.data(), input);
  const float* h = h0;
  for (int64_t t = 0; t < T; ++t) {
    products.step(pre.data(), h, &projected[at(t * H)]);
    reference::rnn_cell(output + t * H, pre.data(), H, nonlinearity);
    h = output + t * H;
  }
}

template <class Products>
void rnn_backward(Products& products, float* grad_input, float* grad_h0, float* grad_hidden,
                  const float* grad_output, const float* grad_hn, const float* input,
                  const float* h0, const float* output, int64_t T, int64_t H,
                  Nonlinearity nonlinearity) {
  std::vector<float> grad_pre(at(T * H)), grad_h(at(H));
  products.zero_step_gradients();
  last_step_gradient(grad_h.data(), grad_output + (T - 1) * H, grad_hn, H);
  for (int64_t t = T - 1; t >= 0; --t) {
    std::copy(grad_h.begin(), grad_h.end(), grad_hidden + t * H);
    float* step = &grad_pre[at(t * H)];
    reference::rnn_cell_backward(step, grad_h.data(), output + t * H, H, nonlinearity);
    products.step_backward(t > 0 ? grad_h.data() : grad_h0, step,
                           t > 0 ? output + (t - 1) * H : h0);
    if (t == 0) break;
    // dL/dh_{t-1}: from step t, then from output t - 1 (the order does not change the sum).
    for (int64_t k = 0; k < H; ++k) grad_h[at(k)] = grad_h[at(k)] + grad_output[(t - 1) * H + k];
  }
  products.project_backward(grad_input, grad_pre.data(), input);
}

template <class Products>
void lstm_forward(Products& products, float* output, float* cells, float* gates, const float* input,
                  const float* h0, const float* c0, int64_t T, int64_t H) {
  const int64_t G = 4 * H;
  std::vector<float> projected(at(T * G)), pre(at(G)), scratch(at(H));
  products.project(projected.data(), input);
  const float *h = h0, *c = c0;
  for (int64_t t = 0; t < T; ++t) {
    products.step(pre.data(), h, &projected[at(t * G)]);
    reference::lstm_cell(output + t * H, cells + t * H, gates + t * G, pre.data(), c,
                         scratch.data(), H);
    h = output + t * H;
    c = cells + t * H;
  }
}

template <class Products>
void lstm_backward(Products& products, float* grad_input, float* grad_h0, float* grad_c0,
                   float* grad_hidden, float* grad_cells, const float* grad_output,
                   const float* grad_hn, const float* grad_cn, const float* input, const float* h0,
                   const float* c0, const float* output, const float* cells, const float* gates,
                   int64_t T, int64_t H) {
  const int64_t G = 4 * H;
  std::vector<float> grad_pre(at(T * G)), grad_h(at(H)), grad_c(at(H)), scratch(at(H));
  products.zero_step_gradients();
  last_step_gradient(grad_h.data(), grad_output + (T - 1) * H, grad_hn, H);
  bool has_grad_c = last_step_gradient(grad_c.data(), nullptr, grad_cn, H);
  for (int64_t t = T - 1; t >= 0; --t) {
    std::copy(grad_h.begin(), grad_h.end(), grad_hidden + t * H);
    float* step = &grad_pre[at(t * G)];
    const float* c_prev = t > 0 ? cells + (t - 1) * H : c0;
    reference::lstm_cell_backward(step, grad_c.data(), grad_h.data(), has_grad_c, gates + t * G,
                                  cells + t * H, c_prev, scratch.data(), H);
    std::copy(grad_c.begin(), grad_c.end(), grad_cells + t * H);
    // What flows on to c_{t-1}: dL/dc_t times f_t.
    const float* f = gates + t * G + H;
    for (int64_t j = 0; j < H; ++j) grad_c[at(j)] = grad_c[at(j)] * f[j];
    has_grad_c = true;
    products.step_backward(t > 0 ? grad_h.data() : grad_h0, step,
                           t > 0 ? output + (t - 1) * H : h0);
    if (t == 0) break;
    for (int64_t k = 0; k < H; ++k) grad_h[at(k)] = grad_h[at(k)] + grad_output[(t - 1) * H + k];
  }
  std::copy(grad_c.begin(), grad_c.end(), grad_c0);
  products.project_backward(grad_input, grad_pre.data(), input);
}

}  // namespace sequence::recurrence
