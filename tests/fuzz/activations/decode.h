// Decoding shared by the activation family's two fuzz targets: an activation code (known, or any
// int32 when `hostile`), its options as the C++ API takes them (alpha and beta as doubles
// anywhere, NaN, the infinities, just past float32's range; approximate 0, 1 or any int32), and
// the reference kernel an accepted call must equal.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "activations/activations.h"
#include "activations/reference.h"
#include "common/decode.h"

namespace fuzz::activations_fuzz {

using namespace ::activations;

using ::fuzz::require;

inline Activation decode_activation(FuzzedDataProvider& in, bool hostile) {
  if (hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0) {
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
      case 0: return static_cast<Activation>(-1);
      case 1: return static_cast<Activation>(6);
      case 2: return static_cast<Activation>(std::numeric_limits<int32_t>::min());
      default: return static_cast<Activation>(in.ConsumeIntegral<int32_t>());
    }
  }
  return static_cast<Activation>(in.ConsumeIntegralInRange<int32_t>(0, 5));
}

// alpha or beta: mostly the floats decode.h gives (small fractions, NaN, +-inf, -0, any bits),
// sometimes a double at float32's edges or any double at all.
inline double option_value(FuzzedDataProvider& in, bool hostile) {
  constexpr double kFloatMax = static_cast<double>(FLT_MAX);
  if (hostile) {
    switch (in.ConsumeIntegralInRange<int>(0, 15)) {
      case 0: return kFloatMax;
      case 1: return -kFloatMax;
      case 2: return std::nextafter(kFloatMax, INFINITY);  // rejected, though it rounds to FLT_MAX
      case 3: return -std::nextafter(kFloatMax, INFINITY);
      case 4: {
        const uint64_t bits = in.ConsumeIntegral<uint64_t>();  // any double, NaN payloads too
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
      }
      case 5: return 1e-300;                                          // 0 as a float
      case 6: return static_cast<double>(std::numeric_limits<float>::denorm_min()) *
                     in.ConsumeIntegralInRange<int>(-1000, 1000);     // float denormals
      case 7: return 1.0;                                              // swish's SiLU path
      default: break;
    }
  }
  if (in.ConsumeIntegralInRange<int>(0, 5) == 0) return in.ConsumeFloatingPointInRange<double>(-8, 8);
  return static_cast<double>(fuzz::float_value(in));
}

inline ActivationOptions decode_options(FuzzedDataProvider& in, bool hostile) {
  ActivationOptions o;
  if (hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0) {
    o.approximate = static_cast<GeluApproximate>(in.ConsumeBool() ? in.ConsumeIntegralInRange<int32_t>(-1, 2)
                                                                  : in.ConsumeIntegral<int32_t>());
  } else {
    o.approximate = in.ConsumeBool() ? GeluApproximate::kTanh : GeluApproximate::kNone;
  }
  o.alpha = option_value(in, hostile);
  o.beta = option_value(in, hostile);
  return o;
}

// Input values: decode.h's input_value(s).
using fuzz::input_value;
using fuzz::input_values;

// The reference kernels, called directly with the options as the API documents them (alpha
// and beta used as float32).
inline void reference_forward(float* out, Activation a, const float* x, int64_t n,
                              const ActivationOptions& o) {
  namespace r = ::activations::reference;
  switch (a) {
    case Activation::kRelu: return r::relu_forward(out, x, n);
    case Activation::kSigmoid: return r::sigmoid_forward(out, x, n);
    case Activation::kTanh: return r::tanh_forward(out, x, n);
    case Activation::kGelu: return r::gelu_forward(out, x, n, o.approximate);
    case Activation::kSwish: return r::swish_forward(out, x, n, static_cast<float>(o.beta));
    case Activation::kElu: return r::elu_forward(out, x, n, static_cast<float>(o.alpha));
  }
  std::abort();
}

inline void reference_backward(float* out, Activation a, const float* g, const float* x, int64_t n,
                               const ActivationOptions& o) {
  namespace r = ::activations::reference;
  switch (a) {
    case Activation::kRelu: return r::relu_backward(out, g, x, n);
    case Activation::kSigmoid: return r::sigmoid_backward(out, g, x, n);
    case Activation::kTanh: return r::tanh_backward(out, g, x, n);
    case Activation::kGelu: return r::gelu_backward(out, g, x, n, o.approximate);
    case Activation::kSwish: return r::swish_backward(out, g, x, n, static_cast<float>(o.beta));
    case Activation::kElu: return r::elu_backward(out, g, x, n, static_cast<float>(o.alpha));
  }
  std::abort();
}

}  // namespace fuzz::activations_fuzz
