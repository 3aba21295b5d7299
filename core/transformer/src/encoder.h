// The encoder layer's steps, written once over the pieces that compute its products: `Ops`
// gives linear(out, in, weight, bias, N, I, O), linear_backward(grad_in, grad_weight, grad_out,
// in, weight, N, I, O), attention(out, weights, scores, q, k, v, L, hd) and
// attention_backward(grad_q, grad_k, grad_v, grad_out, q, k, v, weights, scores, L, hd). The
// reference runs it on the plain kernels, kernels.cpp on the fast ones (reference.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "activations/reference.h"
#include "common/pytorch_sum.h"
#include "layers/reference.h"
#include "transformer/reference.h"

namespace transformer::encoder {

inline size_t at(int64_t n) { return static_cast<size_t>(n); }

// out[n] = a[n] + b[n]: a residual connection, or two gradients reaching one tensor.
inline void add(float* out, const float* a, const float* b, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = a[i] + b[i];
}

// Head h's columns [h * hd, (h + 1) * hd) of m[L, d] -> part[L, hd], and back.
inline void take_head(float* part, const float* m, int64_t h, int64_t L, int64_t d, int64_t hd) {
  for (int64_t i = 0; i < L; ++i) std::copy_n(m + i * d + h * hd, hd, part + i * hd);
}
inline void put_head(float* m, const float* part, int64_t h, int64_t L, int64_t d, int64_t hd) {
  for (int64_t i = 0; i < L; ++i) std::copy_n(part + i * hd, hd, m + i * d + h * hd);
}

// F.linear's gradients for a bias broadcast over N rows: the weight's and input's from Ops, the
// bias's as PyTorch's sum over dim 0 (core::pytorch_column_sums).
template <class Ops>
void linear_backward(const Ops& ops, float* grad_in, float* grad_weight, float* grad_bias,
                     const float* grad_out, const float* in, const float* weight, int64_t N,
                     int64_t I, int64_t O) {
  ops.linear_backward(grad_in, grad_weight, grad_out, in, weight, N, I, O);
  core::pytorch_column_sums(grad_bias, grad_out, N, O);
}

// x[L, d] -> the trace's q, k, v, scores, weights, heads and attention.
template <class Ops>
void self_attention(const Ops& ops, EncoderTrace& t, const float* x, const EncoderWeights& w,
                    int64_t L, int64_t d, int64_t nhead) {
  const int64_t hd = d / nhead;
  float* parts[3] = {t.q.data(), t.k.data(), t.v.data()};
  for (int64_t p = 0; p < 3; ++p) {
    ops.linear(parts[p], x, w[kInProjWeight] + p * d * d, w[kInProjBias] + p * d, L, d, d);
  }
  std::vector<float> q(at(L * hd)), k(q.size()), v(q.size()), out(q.size());
  for (int64_t h = 0; h < nhead; ++h) {
    take_head(q.data(), t.q.data(), h, L, d, hd);
    take_head(k.data(), t.k.data(), h, L, d, hd);
    take_head(v.data(), t.v.data(), h, L, d, hd);
    ops.attention(out.data(), t.weights.data() + h * L * L, t.scores.data() + h * L * L, q.data(),
                  k.data(), v.data(), L, hd);
    put_head(t.heads.data(), out.data(), h, L, d, hd);
  }
  ops.linear(t.attention.data(), t.heads.data(), w[kOutProjWeight], w[kOutProjBias], L, d, d);
}

// x[L, d] -> the trace's pre_activation, hidden and feed_forward.
template <class Ops>
void feed_forward(const Ops& ops, EncoderTrace& t, const float* x, const EncoderWeights& w,
                  int64_t L, int64_t d, int64_t ff, Activation activation) {
  ops.linear(t.pre_activation.data(), x, w[kLinear1Weight], w[kLinear1Bias], L, d, ff);
  if (activation == Activation::kGelu) {
    activations::reference::gelu_forward(t.hidden.data(), t.pre_activation.data(), L * ff,
                                         activations::reference::GeluApproximate::kNone);
  } else {
    activations::reference::relu_forward(t.hidden.data(), t.pre_activation.data(), L * ff);
  }
  ops.linear(t.feed_forward.data(), t.hidden.data(), w[kLinear2Weight], w[kLinear2Bias], L, ff,
             d);
}

inline void norm(float* out, const float* in, const EncoderWeights& w, Param weight, int64_t L,
                 int64_t d, double eps) {
  layers::reference::layer_norm_forward(out, in, w[weight], w[weight + 1], L, d, eps);
}

template <class Ops>
void forward(const Ops& ops, EncoderTrace& t, const float* input, const EncoderWeights& w,
             int64_t L, int64_t d, int64_t ff, const EncoderSettings& s) {
  for (auto* v : {&t.q, &t.k, &t.v, &t.heads, &t.attention, &t.residual1, &t.norm1, &t.norm2,
                  &t.feed_forward, &t.residual2, &t.output}) {
    v->assign(at(L * d), 0.0f);
  }
  for (auto* v : {&t.scores, &t.weights}) v->assign(at(s.nhead * L * L), 0.0f);
  for (auto* v : {&t.pre_activation, &t.hidden}) v->assign(at(L * ff), 0.0f);
  const int64_t n = L * d;
  if (s.norm_first) {
    norm(t.norm1.data(), input, w, kNorm1Weight, L, d, s.layer_norm_eps);
    self_attention(ops, t, t.norm1.data(), w, L, d, s.nhead);
    add(t.residual1.data(), input, t.attention.data(), n);
    norm(t.norm2.data(), t.residual1.data(), w, kNorm2Weight, L, d, s.layer_norm_eps);
    feed_forward(ops, t, t.norm2.data(), w, L, d, ff, s.activation);
    add(t.residual2.data(), t.residual1.data(), t.feed_forward.data(), n);
    t.output = t.residual2;
  } else {
    self_attention(ops, t, input, w, L, d, s.nhead);
    add(t.residual1.data(), input, t.attention.data(), n);
    norm(t.norm1.data(), t.residual1.data(), w, kNorm1Weight, L, d, s.layer_norm_eps);
    feed_forward(ops, t, t.norm1.data(), w, L, d, ff, s.activation);
    add(t.residual2.data(), t.norm1.data(), t.feed_forward.data(), n);
    norm(t.norm2.data(), t.residual2.data(), w, kNorm2Weight, L, d, s.layer_norm_eps);
    t.output = t.norm2;
  }
}

// grad_out[L, d] (of the feed-forward block's output) -> grad_in[L, d] (of its input x) and the
// two linears' gradients.
template <class Ops>
void feed_forward_backward(const Ops& ops, float* grad_in, const EncoderGradients& g,
                           const float* grad_out, const float* x, const EncoderWeights& w,
                           const EncoderTrace& t, int64_t L, int64_t d, int64_t ff,
                           Activation activation) {
  std::vector<float> grad_hidden(at(L * ff)), grad_pre(grad_hidden.size());
  linear_backward(ops, grad_hidden.data(), g[kLinear2Weight], g[kLinear2Bias], grad_out,
                  t.hidden.data(), w[kLinear2Weight], L, ff, d);
  if (activation == Activation::kGelu) {
    activations::reference::gelu_backward(grad_pre.data(), grad_hidden.data(),
                                          t.pre_activation.data(), L * ff,
                                          activations::reference::GeluApproximate::kNone);
  } else {
    activations::reference::relu_backward(grad_pre.data(), grad_hidden.data(),
                                          t.pre_activation.data(), L * ff);
  }
  linear_backward(ops, grad_in, g[kLinear1Weight], g[kLinear1Bias], grad_pre.data(), x,
                  w[kLinear1Weight], L, d, ff);
}

// grad_out[L, d] (of the attention block's output) -> grad_in[L, d] (of its input x, the three
// projections' gradients added as autograd's engine adds them: v's, then k's, then q's, onto
// `grad_in` as it holds on entry when `accumulate`) and the projections' gradients.
template <class Ops>
void self_attention_backward(const Ops& ops, float* grad_in, bool accumulate,
                             const EncoderGradients& g, const float* grad_out, const float* x,
                             const EncoderWeights& w, const EncoderTrace& t, int64_t L, int64_t d,
                             int64_t nhead) {
  const int64_t hd = d / nhead;
  std::vector<float> grad_heads(at(L * d));
  linear_backward(ops, grad_heads.data(), g[kOutProjWeight], g[kOutProjBias], grad_out,
                  t.heads.data(), w[kOutProjWeight], L, d, d);
  std::vector<float> grad_q(at(L * d)), grad_k(grad_q.size()), grad_v(grad_q.size());
  std::vector<float> q(at(L * hd)), k(q.size()), v(q.size()), go(q.size()), gq(q.size()),
      gk(q.size()), gv(q.size());
  for (int64_t h = 0; h < nhead; ++h) {
    take_head(q.data(), t.q.data(), h, L, d, hd);
    take_head(k.data(), t.k.data(), h, L, d, hd);
    take_head(v.data(), t.v.data(), h, L, d, hd);
    take_head(go.data(), grad_heads.data(), h, L, d, hd);
    ops.attention_backward(gq.data(), gk.data(), gv.data(), go.data(), q.data(), k.data(),
                           v.data(), t.weights.data() + h * L * L, t.scores.data() + h * L * L,
                           L, hd);
    put_head(grad_q.data(), gq.data(), h, L, d, hd);
    put_head(grad_k.data(), gk.data(), h, L, d, hd);
    put_head(grad_v.data(), gv.data(), h, L, d, hd);
  }
  const float* grads[3] = {grad_q.data(), grad_k.data(), grad_v.data()};
  std::vector<float> grad_x(at(L * d));
  for (int64_t p = 2; p >= 0; --p) {  // v, k, q: the order their gradients reach x
    linear_backward(ops, grad_x.data(), g[kInProjWeight] + p * d * d, g[kInProjBias] + p * d,
                    grads[p], x, w[kInProjWeight] + p * d * d, L, d, d);
    if (p == 2 && !accumulate) {
      std::copy(grad_x.begin(), grad_x.end(), grad_in);
    } else {
      add(grad_in, grad_in, grad_x.data(), L * d);
    }
  }
}

inline void norm_backward(float* grad_in, const EncoderGradients& g, const float* grad_out,
                          const float* in, const EncoderWeights& w, Param weight, int64_t L,
                          int64_t d, double eps) {
  layers::reference::layer_norm_backward(grad_in, g[weight], g[weight + 1], grad_out, in,
                                         w[weight], L, d, eps);
}

template <class Ops>
void backward(const Ops& ops, float* grad_input, const EncoderGradients& g,
              const float* grad_output, const float* input, const EncoderWeights& w,
              const EncoderTrace& t, int64_t L, int64_t d, int64_t ff, const EncoderSettings& s) {
  const int64_t n = L * d;
  const double eps = s.layer_norm_eps;
  std::vector<float> grad_a(at(n)), grad_b(at(n));
  if (s.norm_first) {
    // output = residual1 + ff(norm2(residual1)); residual1 = input + sa(norm1(input)).
    feed_forward_backward(ops, grad_a.data(), g, grad_output, t.norm2.data(), w, t, L, d, ff,
                          s.activation);
    norm_backward(grad_b.data(), g, grad_a.data(), t.residual1.data(), w, kNorm2Weight, L, d, eps);
    std::vector<float> grad_residual1(at(n));
    add(grad_residual1.data(), grad_output, grad_b.data(), n);
    self_attention_backward(ops, grad_a.data(), false, g, grad_residual1.data(), t.norm1.data(),
                            w, t, L, d, s.nhead);
    norm_backward(grad_b.data(), g, grad_a.data(), input, w, kNorm1Weight, L, d, eps);
    add(grad_input, grad_residual1.data(), grad_b.data(), n);
  } else {
    // output = norm2(n1 + ff(n1)), n1 = norm1(input + sa(input)).
    std::vector<float> grad_residual2(at(n));
    norm_backward(grad_residual2.data(), g, grad_output, t.residual2.data(), w, kNorm2Weight, L,
                  d, eps);
    feed_forward_backward(ops, grad_a.data(), g, grad_residual2.data(), t.norm1.data(), w, t, L,
                          d, ff, s.activation);
    add(grad_b.data(), grad_residual2.data(), grad_a.data(), n);  // reaching norm1's output
    std::vector<float> grad_residual1(at(n));
    norm_backward(grad_residual1.data(), g, grad_b.data(), t.residual1.data(), w, kNorm1Weight, L,
                  d, eps);
    // The residual's gradient reaches the input first, then the projections' (v, k, q).
    std::copy(grad_residual1.begin(), grad_residual1.end(), grad_input);
    self_attention_backward(ops, grad_input, true, g, grad_residual1.data(), input, w, t, L, d,
                            s.nhead);
  }
}

}  // namespace transformer::encoder
