// The transformer family's encoder layer on the kernels the course runs: the reference's steps
// (reference.h) with the learning family's linear-layer kernels in cache order and the sequence
// family's attention kernels. Every piece gives its reference's bits, so the layer gives the
// reference's bits too (tests/cpp/transformer/kernels_test.cpp and the kernels fuzzer). Same
// signatures as the reference.
#pragma once

#include <cstdint>

#include "transformer/reference.h"

namespace transformer::kernels {

void encoder_forward(EncoderTrace& trace, const float* input, const EncoderWeights& w, int64_t L,
                     int64_t d, int64_t ff, const EncoderSettings& settings);

void encoder_backward(float* grad_input, const EncoderGradients& grads, const float* grad_output,
                      const float* input, const EncoderWeights& w, const EncoderTrace& trace,
                      int64_t L, int64_t d, int64_t ff, const EncoderSettings& settings);

}  // namespace transformer::kernels
