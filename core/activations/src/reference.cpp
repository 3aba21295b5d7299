// The activation functions as PyTorch 1.13 computes them on the CPU in float32
// (aten/src/ATen/native/cpu/Activation.cpp, GeluKernel.cpp, UnaryOpsKernel.cpp,
// BinaryOpsKernel.cpp), operation for operation, so that the edges come out as PyTorch's do:
// a gradient is 0 where a saturated sigmoid or tanh meets a finite factor, and NaN where an
// infinity meets a 0 (GELU's gradient at +inf, SiLU's forward at -inf).
#include "activations/reference.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace activations::reference {
namespace {

// GELU's constants, rounded from double to float as PyTorch's kernel rounds them.
const float kSqrtHalf = static_cast<float>(M_SQRT1_2);
const float kNormalPdfScale = static_cast<float>(M_2_SQRTPI * M_SQRT1_2 * 0.5);  // 1/sqrt(2 pi)
const float kTanhScale = static_cast<float>(M_SQRT2 * M_2_SQRTPI * 0.5);         // sqrt(2/pi)
const float kTanhCubic = 0.044715f;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// torch.tanh takes every element, the tail's too, through Sleef's vectorised tanhf, which
// answers exactly +-1 beyond |x| = 8.664339742. std::tanh, correctly rounded, still answers
// +-0.99999994 there up to about 9.01, so a learner would see a slope of 1.2e-7 where PyTorch's
// is 0. Below the threshold the two agree within the family's tolerance.
const float kTanhSaturation = 8.664339742f;

float tanh_as_pytorch(float x) {
  return std::fabs(x) > kTanhSaturation ? std::copysign(1.0f, x) : std::tanh(x);
}

}  // namespace

// [n] -> [n]. PyTorch's relu is clamp_min(x, 0): -0 and NaN pass through. The select is made
// on the bits because clang turns the float select x < 0 ? 0 : x into WebAssembly's f32.max,
// for which -0 is below +0 (relu(-0) would be +0).
void relu_forward(float* output, const float* input, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &input[i], sizeof bits);
    bits &= input[i] < 0.0f ? 0u : ~0u;
    std::memcpy(&output[i], &bits, sizeof bits);
  }
}

// threshold_backward on the result: the gradient passes only where the output is above 0 or
// NaN, so it is 0 at the kink (x = 0) and passes at NaN.
void relu_backward(float* grad_input, const float* grad_output, const float* input, int64_t n) {
  for (int64_t i = 0; i < n; ++i) grad_input[i] = input[i] <= 0.0f ? 0.0f : grad_output[i];
}

void sigmoid_forward(float* output, const float* input, int64_t n) {
  for (int64_t i = 0; i < n; ++i) output[i] = sigmoid(input[i]);
}

// From the output y, as g * (1 - y) * y: 0, not NaN, where y saturates at 0 or 1.
void sigmoid_backward(float* grad_input, const float* grad_output, const float* input, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float y = sigmoid(input[i]);
    grad_input[i] = grad_output[i] * (1.0f - y) * y;
  }
}

void tanh_forward(float* output, const float* input, int64_t n) {
  for (int64_t i = 0; i < n; ++i) output[i] = tanh_as_pytorch(input[i]);
}

// From the output y, as g * (1 - y * y).
void tanh_backward(float* grad_input, const float* grad_output, const float* input, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float y = tanh_as_pytorch(input[i]);
    grad_input[i] = grad_output[i] * (1.0f - y * y);
  }
}

// x * Phi(x); Phi by erf, or by 0.5 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))).
// PyTorch's float32 CPU GELU hands the erf form of a tensor of two elements or more to oneDNN's
// gelu_erf, which sums x/2 + x/2 * erf(x / sqrt 2): a zero comes out +0 (at x = -0, where erf
// rounds to -1, where x/2 underflows), where ATen's own kernel, which a one-element tensor gets,
// multiplies x/2 by (1 + erf) and gives -0 there. The product is kept, as its other values are
// PyTorch's to the bit more often than the sum's, and + 0 turns its -0 into +0. The tanh form is
// ATen's kernel's at every size.
void gelu_forward(float* output, const float* input, int64_t n, GeluApproximate approximate) {
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i];
    if (approximate == GeluApproximate::kTanh) {
      const float inner = kTanhScale * (x + kTanhCubic * (x * x * x));
      output[i] = 0.5f * x * (1.0f + std::tanh(inner));
    } else {
      output[i] = x * 0.5f * (1.0f + std::erf(x * kSqrtHalf)) + 0.0f;
    }
  }
}

// Phi(x) + x * phi(x). Where |x| is huge, x meets a vanishing factor: NaN at +-inf, and for
// the tanh form already where x * x overflows (|x| above about 1.8e19), as in PyTorch.
void gelu_backward(float* grad_input, const float* grad_output, const float* input, int64_t n,
                   GeluApproximate approximate) {
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i];
    if (approximate == GeluApproximate::kTanh) {
      const float x_squared = x * x;
      const float inner = kTanhScale * (x + kTanhCubic * (x_squared * x));
      const float tanh_inner = std::tanh(inner);
      const float left_derivative = 0.5f * (1.0f + tanh_inner);
      const float tanh_derivative = 1.0f - tanh_inner * tanh_inner;
      const float inner_derivative = kTanhScale * (1.0f + 3.0f * kTanhCubic * x_squared);
      const float right_derivative = 0.5f * x * tanh_derivative * inner_derivative;
      grad_input[i] = grad_output[i] * (left_derivative + right_derivative);
    } else {
      const float cdf = 0.5f * (1.0f + std::erf(x * kSqrtHalf));
      const float pdf = kNormalPdfScale * std::exp(x * x * -0.5f);
      grad_input[i] = grad_output[i] * (cdf + x * pdf);
    }
  }
}

// SiLU divides (x / (1 + e^-x)); the expression multiplies by sigmoid(beta * x), with beta
// rounded to float32 as PyTorch rounds a scalar. They differ in the last bit.
void swish_forward(float* output, const float* input, int64_t n, float beta) {
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i];
    output[i] = beta == 1.0f ? x / (1.0f + std::exp(-x)) : x * sigmoid(beta * x);
  }
}

// SiLU's backward is g * s * (1 + x * (1 - s)). The expression's autograd adds two paths: the
// product's, g * s, and the sigmoid's, (g * x) * (1 - s) * s * beta; where g * x overflows
// (|x| near 3e38) that second path is NaN, as it is in PyTorch.
void swish_backward(float* grad_input, const float* grad_output, const float* input, int64_t n,
                    float beta) {
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i], g = grad_output[i];
    if (beta == 1.0f) {
      const float s = sigmoid(x);
      grad_input[i] = g * s * (1.0f + x * (1.0f - s));
    } else {
      const float s = sigmoid(beta * x);
      grad_input[i] = g * s + (g * x) * (1.0f - s) * s * beta;
    }
  }
}

// exp(x) - 1, not expm1, as PyTorch 1.13: elu(-1e-30) is 0. x <= 0 takes the exponential
// branch, so elu(-0) is +0 (for alpha > 0).
void elu_forward(float* output, const float* input, int64_t n, float alpha) {
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i];
    output[i] = x <= 0.0f ? (std::exp(x) - 1.0f) * alpha : x;
  }
}

// PyTorch differentiates F.elu from its input, as g * alpha * exp(x) for x <= 0: the gradient
// at the kink (x = 0) is alpha, and at NaN it passes g.
void elu_backward(float* grad_input, const float* grad_output, const float* input, int64_t n,
                  float alpha) {
  for (int64_t i = 0; i < n; ++i) {
    const float x = input[i];
    grad_input[i] = x <= 0.0f ? grad_output[i] * alpha * std::exp(x) : grad_output[i];
  }
}

}  // namespace activations::reference
