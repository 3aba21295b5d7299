// Decoding shared by the loss family's two fuzz targets: a loss, its options as the C++ API
// takes them (the reduction a known code or, when `hostile`, any int32; delta and
// label_smoothing as doubles anywhere, NaN, the infinities, just past float32's range), values
// with NaN, +-inf, +-0 and denormals, and the reference an accepted call must equal.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "common/decode.h"
#include "losses/losses.h"
#include "losses/reference.h"

namespace fuzz::losses_fuzz {

using namespace ::losses;

enum class Op { kMse = 0, kHuber = 1, kCrossEntropy = 2 };

using ::fuzz::require;

inline Op decode_op(FuzzedDataProvider& in) {
  return static_cast<Op>(in.ConsumeIntegralInRange<int>(0, 2));
}

// delta or label_smoothing: mostly small fractions (0, 1 and ties with the values among them),
// sometimes, when hostile, a double at float32's edges, 0 as a float, or any double at all.
inline double option_value(FuzzedDataProvider& in, bool hostile) {
  if (hostile) {
    switch (in.ConsumeIntegralInRange<int>(0, 15)) {
      case 0: return static_cast<double>(FLT_MAX);
      case 1: return std::nextafter(static_cast<double>(FLT_MAX), INFINITY);
      case 2: {
        const uint64_t bits = in.ConsumeIntegral<uint64_t>();  // any double, NaN payloads too
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
      }
      case 3: return 1e-300;  // positive, but 0 as a float
      case 4: return std::nextafter(1.0, 2.0);
      case 5: return static_cast<double>(fuzz::float_value(in));
      default: break;
    }
  }
  return static_cast<double>(in.ConsumeIntegralInRange<int>(0, 16)) / 8.0;
}

inline LossOptions decode_options(FuzzedDataProvider& in, bool hostile) {
  LossOptions o;
  if (hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0) {
    o.reduction = static_cast<Reduction>(in.ConsumeBool() ? in.ConsumeIntegralInRange<int32_t>(-1, 3)
                                                          : in.ConsumeIntegral<int32_t>());
  } else {
    o.reduction = static_cast<Reduction>(in.ConsumeIntegralInRange<int32_t>(0, 2));
  }
  o.delta = option_value(in, hostile);
  if (!hostile && !(o.delta > 0)) o.delta = 1.0;
  o.label_smoothing = option_value(in, hostile);
  if (!hostile && o.label_smoothing > 1) o.label_smoothing = 1.0;
  return o;
}

// Values: decode.h's input_value (NaN, +-inf, -0, any bits, small fractions with ties,
// denormals, spread-out finite values); `tame` keeps them finite and within [-12, 12].
inline float value(FuzzedDataProvider& in, bool tame) {
  if (!tame) return fuzz::input_value(in);
  return in.ConsumeIntegralInRange<int>(0, 3) == 0
             ? static_cast<float>(in.ConsumeIntegralInRange<int>(-8, 8)) / 4.0f
             : in.ConsumeFloatingPointInRange<float>(-12.0f, 12.0f);
}

inline std::vector<float> values(FuzzedDataProvider& in, size_t count, bool tame = false) {
  std::vector<float> out(count);
  for (float& v : out) v = value(in, tame);
  return out;
}

// The reference, called directly as losses.h documents the calls: the terms, reduced unless
// 'none'; a backward's grad_output one value (stride 0) unless 'none', norm 1 / n for 'mean'.
inline std::vector<float> reference_loss(Op op, const LossOptions& o, const std::vector<float>& x,
                                         const std::vector<float>& y, const std::vector<int32_t>& t,
                                         int64_t n, int64_t c) {
  namespace r = ::losses::reference;
  std::vector<float> terms(static_cast<size_t>(n));
  if (op == Op::kMse) r::mse_terms(terms.data(), x.data(), y.data(), n);
  if (op == Op::kHuber) r::huber_terms(terms.data(), x.data(), y.data(), n, static_cast<float>(o.delta));
  if (op == Op::kCrossEntropy) {
    r::cross_entropy_terms(terms.data(), x.data(), t.data(), n, c, static_cast<float>(o.label_smoothing));
  }
  if (o.reduction == Reduction::kNone) return terms;
  return {r::reduce(terms.data(), n, o.reduction)};
}

inline std::vector<float> reference_gradient(Op op, const LossOptions& o, const std::vector<float>& g,
                                             const std::vector<float>& x, const std::vector<float>& y,
                                             const std::vector<int32_t>& t, int64_t n, int64_t c) {
  namespace r = ::losses::reference;
  const int64_t stride = o.reduction == Reduction::kNone ? 1 : 0;
  const double norm = o.reduction == Reduction::kMean ? 1.0 / static_cast<double>(n) : 1.0;
  std::vector<float> grad(x.size(), NAN);
  if (op == Op::kMse) r::mse_backward(grad.data(), g.data(), stride, x.data(), y.data(), n, norm);
  if (op == Op::kHuber) {
    r::huber_backward(grad.data(), g.data(), stride, x.data(), y.data(), n,
                      static_cast<float>(o.delta), norm);
  }
  if (op == Op::kCrossEntropy) {
    r::cross_entropy_backward(grad.data(), g.data(), stride, x.data(), t.data(), n, c,
                              static_cast<float>(o.label_smoothing), norm);
  }
  return grad;
}

}  // namespace fuzz::losses_fuzz
