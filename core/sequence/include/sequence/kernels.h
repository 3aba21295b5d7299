// The sequence family's kernels the course runs: the reference's sums (reference.h) in the same
// order, term by term, with the loops turned so that the innermost one walks contiguous memory
// and carries no sum of its own. The products over every step at once (the input's projection
// and its gradients, attention's four products) are the learning family's linear-layer kernels
// in cache order; a step's recurrent product runs on W_hh^T, transposed once per call, a row of
// outputs at a time. Each output still starts at 0 and takes its terms in index order, so the
// results are the reference's to the bit (tests/cpp/sequence/kernels_test.cpp and the kernels
// fuzzer), in cache order and vectorised. Same signatures as the reference.
#pragma once

#include <cstdint>

#include "sequence/reference.h"

namespace sequence::kernels {

void rnn_forward(float* output, const float* input, const float* h0, const RecurrentWeights& w,
                 int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity);

void rnn_backward(float* grad_input, float* grad_h0, const RecurrentGradients& grads,
                  float* grad_hidden, const float* grad_output, const float* grad_hn,
                  const float* input, const float* h0, const RecurrentWeights& w,
                  const float* output, int64_t T, int64_t I, int64_t H, Nonlinearity nonlinearity);

void lstm_forward(float* output, float* cells, float* gates, const float* input, const float* h0,
                  const float* c0, const RecurrentWeights& w, int64_t T, int64_t I, int64_t H);

void lstm_backward(float* grad_input, float* grad_h0, float* grad_c0,
                   const RecurrentGradients& grads, float* grad_hidden, float* grad_cells,
                   const float* grad_output, const float* grad_hn, const float* grad_cn,
                   const float* input, const float* h0, const float* c0, const RecurrentWeights& w,
                   const float* output, const float* cells, const float* gates, int64_t T,
                   int64_t I, int64_t H);

void attention_forward(float* output, float* weights, float* scores, const float* query,
                       const float* key, const float* value, int64_t Lq, int64_t Lk, int64_t d,
                       int64_t dv, bool causal);

void attention_backward(float* grad_query, float* grad_key, float* grad_value,
                        const float* grad_output, const float* query, const float* key,
                        const float* value, const float* weights, const float* scores, int64_t Lq,
                        int64_t Lk, int64_t d, int64_t dv);

}  // namespace sequence::kernels
