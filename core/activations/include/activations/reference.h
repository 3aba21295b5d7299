// Reference kernels of the activation functions: plain loops over n elements, each operation
// in the order PyTorch 1.13's CPU kernel takes it, in float32 (the oracle the tests hold to
// PyTorch's golden data). Forward and backward are pairs with the same parameter order,
// outputs first, sizes last; options follow n. The arguments are taken as valid (activations.h
// checks them).
//
// Size letter: n, the number of elements of input, output, grad_output and grad_input alike.
#pragma once

#include <cstdint>

namespace activations::reference {

// How GELU computes the normal CDF: erf exactly, or PyTorch's tanh approximation.
enum class GeluApproximate : int32_t { kNone = 0, kTanh = 1 };

void relu_forward(float* output, const float* input, int64_t n);
void relu_backward(float* grad_input, const float* grad_output, const float* input, int64_t n);

void sigmoid_forward(float* output, const float* input, int64_t n);
void sigmoid_backward(float* grad_input, const float* grad_output, const float* input, int64_t n);

void tanh_forward(float* output, const float* input, int64_t n);
void tanh_backward(float* grad_input, const float* grad_output, const float* input, int64_t n);

void gelu_forward(float* output, const float* input, int64_t n, GeluApproximate approximate);
void gelu_backward(float* grad_input, const float* grad_output, const float* input, int64_t n,
                   GeluApproximate approximate);

// x * sigmoid(beta * x); beta 1 is PyTorch's SiLU, any other beta PyTorch's autograd of the
// expression.
void swish_forward(float* output, const float* input, int64_t n, float beta);
void swish_backward(float* grad_input, const float* grad_output, const float* input, int64_t n,
                    float beta);

void elu_forward(float* output, const float* input, int64_t n, float alpha);
void elu_backward(float* grad_input, const float* grad_output, const float* input, int64_t n,
                  float alpha);

}  // namespace activations::reference
