// Decoding shared by the optimiser family's two fuzz targets: an optimiser's options as the C++
// API takes them (anywhere in double when `hostile`: negative, NaN, the infinities, betas at and
// around 1; else valid), parameter and gradient values with NaN, +-inf, +-0 and denormals,
// states with every buffer present or not and of the right length or not, and steps anywhere in
// double; plus the rules that say which of them are wrong.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/decode.h"
#include "common/sizes.h"
#include "optim/optim.h"
#include "optim/reference.h"

namespace fuzz::optim_fuzz {

using namespace ::optim;

using ::fuzz::require;

// A hyperparameter: mostly a small fraction in [0, 2] (0 and 1 included); when hostile,
// sometimes negative, just below 1, NaN, an infinity or any double at all.
inline double option_value(FuzzedDataProvider& in, bool hostile) {
  if (hostile) {
    switch (in.ConsumeIntegralInRange<int>(0, 11)) {
      case 0: return -static_cast<double>(in.ConsumeIntegralInRange<int>(0, 8)) / 8.0 - 1e-9;
      case 1: return std::nextafter(1.0, 0.0);
      case 2: return std::numeric_limits<double>::quiet_NaN();
      case 3: return in.ConsumeBool() ? INFINITY : -INFINITY;
      case 4: {
        const uint64_t bits = in.ConsumeIntegral<uint64_t>();  // any double, NaN payloads too
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
      }
      default: break;
    }
  }
  return static_cast<double>(in.ConsumeIntegralInRange<int>(0, 16)) / 8.0;
}

// A rate or a beta: valid ones are below 1.
inline double fraction(FuzzedDataProvider& in, bool hostile) {
  const double value = option_value(in, hostile);
  return hostile ? value : value / 2.125;
}

inline SgdOptions decode_sgd(FuzzedDataProvider& in, bool hostile) {
  SgdOptions o;
  o.lr = fraction(in, hostile);
  o.momentum = in.ConsumeBool() ? 0.0 : fraction(in, hostile);
  o.dampening = in.ConsumeBool() ? 0.0 : option_value(in, hostile) - 0.5;
  o.weight_decay = in.ConsumeBool() ? 0.0 : fraction(in, hostile);
  o.nesterov = in.ConsumeBool();
  if (!hostile && !(o.momentum > 0.0 && o.dampening == 0.0)) o.nesterov = false;
  o.maximize = in.ConsumeBool();
  return o;
}

inline RmspropOptions decode_rmsprop(FuzzedDataProvider& in, bool hostile) {
  RmspropOptions o;
  o.lr = fraction(in, hostile);
  o.alpha = in.ConsumeBool() ? 0.99 : option_value(in, hostile);  // above 1 is PyTorch's too
  o.eps = in.ConsumeBool() ? 1e-8 : fraction(in, hostile);
  o.weight_decay = in.ConsumeBool() ? 0.0 : fraction(in, hostile);
  o.momentum = in.ConsumeBool() ? 0.0 : fraction(in, hostile);
  o.centered = in.ConsumeBool();
  o.maximize = in.ConsumeBool();
  return o;
}

inline AdamOptions decode_adam(FuzzedDataProvider& in, bool hostile) {
  AdamOptions o;
  o.lr = fraction(in, hostile);
  if (in.ConsumeBool()) {
    o.beta1 = hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0 ? 1.0 : fraction(in, hostile);
    o.beta2 = fraction(in, hostile);
  }
  o.eps = in.ConsumeBool() ? 1e-8 : fraction(in, hostile);
  o.weight_decay = in.ConsumeBool() ? 0.0 : fraction(in, hostile);
  o.amsgrad = in.ConsumeBool();
  o.maximize = in.ConsumeBool();
  return o;
}

// The options the documented rules refuse, by their PyTorch names.
inline bool at_least_zero(double value) { return std::isfinite(value) && value >= 0.0; }

inline std::set<std::string> wrong_options(const SgdOptions& o) {
  std::set<std::string> wrong;
  if (!at_least_zero(o.lr)) wrong.insert("lr");
  if (!at_least_zero(o.momentum)) wrong.insert("momentum");
  if (!at_least_zero(o.weight_decay)) wrong.insert("weight_decay");
  if (!std::isfinite(o.dampening)) wrong.insert("dampening");
  if (wrong.empty() && o.nesterov && !(o.momentum > 0.0 && o.dampening == 0.0))
    wrong.insert("nesterov");
  return wrong;
}

inline std::set<std::string> wrong_options(const RmspropOptions& o) {
  std::set<std::string> wrong;
  if (!at_least_zero(o.lr)) wrong.insert("lr");
  if (!at_least_zero(o.alpha)) wrong.insert("alpha");
  if (!at_least_zero(o.eps)) wrong.insert("eps");
  if (!at_least_zero(o.weight_decay)) wrong.insert("weight_decay");
  if (!at_least_zero(o.momentum)) wrong.insert("momentum");
  return wrong;
}

inline std::set<std::string> wrong_options(const AdamOptions& o) {
  std::set<std::string> wrong;
  if (!at_least_zero(o.lr)) wrong.insert("lr");
  if (!at_least_zero(o.eps)) wrong.insert("eps");
  if (!(o.beta1 >= 0.0 && o.beta1 < 1.0) || !(o.beta2 >= 0.0 && o.beta2 < 1.0))
    wrong.insert("betas");
  if (!at_least_zero(o.weight_decay)) wrong.insert("weight_decay");
  return wrong;
}

// The numbers PyTorch's coming step converts to float32 with c10's check (core/optim/README.md),
// which refuses a finite one beyond float32's range: the options they come from. SGD: whether a
// momentum buffer exists before the step; Adam: the step t it takes.
inline bool overflows_float(double v) {
  return std::isfinite(v) && std::abs(v) > static_cast<double>(std::numeric_limits<float>::max());
}
inline std::set<std::string> wrong_conversions(const SgdOptions& o, bool buffer) {
  std::set<std::string> wrong;
  if (overflows_float(o.weight_decay)) wrong.insert("weight_decay");
  if (o.momentum != 0.0 && buffer && overflows_float(1.0 - o.dampening)) wrong.insert("dampening");
  if (o.nesterov && overflows_float(o.momentum)) wrong.insert("momentum");
  if (overflows_float(o.lr)) wrong.insert("lr");
  return wrong;
}
inline std::set<std::string> wrong_conversions(const RmspropOptions& o) {
  std::set<std::string> wrong;
  if (overflows_float(o.weight_decay)) wrong.insert("weight_decay");
  if (overflows_float(1.0 - o.alpha)) wrong.insert("alpha");
  if (overflows_float(o.lr)) wrong.insert("lr");
  return wrong;
}
inline std::set<std::string> wrong_conversions(const AdamOptions& o, double t) {
  std::set<std::string> wrong;
  if (overflows_float(o.weight_decay)) wrong.insert("weight_decay");
  if (overflows_float(o.lr / (1.0 - std::pow(o.beta1, t)))) wrong.insert("lr");
  return wrong;
}
// Before a step from `state` (none: a fresh one).
inline std::set<std::string> wrong_conversions(const SgdOptions& o, const std::optional<SgdState>& s) {
  return wrong_conversions(o, s && s->momentum_buffer);
}
inline std::set<std::string> wrong_conversions(const RmspropOptions& o,
                                               const std::optional<RmspropState>&) {
  return wrong_conversions(o);
}
inline std::set<std::string> wrong_conversions(const AdamOptions& o,
                                               const std::optional<AdamState>& s) {
  return wrong_conversions(o, static_cast<double>(static_cast<float>(s ? s->step : 0.0) + 1.0f));
}
// Values: decode.h's input_value (NaN, +-inf, -0, any bits, small fractions, denormals,
// spread-out finite values); `tame` keeps them finite and within [-4, 4].
inline std::vector<float> values(FuzzedDataProvider& in, size_t count, bool tame = false) {
  std::vector<float> out(count);
  for (float& v : out)
    v = tame ? in.ConsumeFloatingPointInRange<float>(-4.0f, 4.0f) : fuzz::input_value(in);
  return out;
}

// A length: mostly `right`, sometimes off by up to 2 (never below 0).
inline size_t nearby(FuzzedDataProvider& in, size_t right, bool hostile) {
  if (!hostile || in.ConsumeIntegralInRange<int>(0, 5) != 0) return right;
  const int off = in.ConsumeIntegralInRange<int>(-2, 2);
  return off < 0 && static_cast<size_t>(-off) > right ? 0 : right + static_cast<size_t>(off);
}

// A buffer of about n values, or none; `tame` values when not hostile.
inline std::optional<std::vector<float>> buffer(FuzzedDataProvider& in, size_t n, bool hostile,
                                                bool present) {
  if (!present) return std::nullopt;
  return values(in, nearby(in, n, hostile), !hostile);
}

// A state's step: mostly a small whole number; when hostile sometimes negative, a fraction, NaN,
// an infinity, 2^24 (where Adam's float32 count stops) or just past the most a state may have.
inline double step_value(FuzzedDataProvider& in, bool hostile) {
  if (hostile) {
    switch (in.ConsumeIntegralInRange<int>(0, 9)) {
      case 0: return -1.0;
      case 1: return 0.5;
      case 2: return std::numeric_limits<double>::quiet_NaN();
      case 3: return 16777216.0;
      case 4: return core::kMaxStateStep + in.ConsumeIntegralInRange<int>(0, 2) * 2.0;
      default: break;
    }
  }
  return static_cast<double>(in.ConsumeIntegralInRange<int>(0, 100));
}

inline SgdState decode_state(FuzzedDataProvider& in, size_t n, bool hostile, const SgdOptions&) {
  SgdState s;
  s.momentum_buffer = buffer(in, n, hostile, in.ConsumeBool());
  return s;
}

// A valid state has the buffers the options read; a hostile one may lack them.
inline RmspropState decode_state(FuzzedDataProvider& in, size_t n, bool hostile,
                                 const RmspropOptions& o) {
  RmspropState s;
  s.step = step_value(in, hostile);
  s.square_avg = *buffer(in, n, hostile, true);
  for (auto& v : s.square_avg) v = std::abs(v);
  s.momentum_buffer =
      buffer(in, n, hostile, hostile ? in.ConsumeBool() : o.momentum > 0.0 || in.ConsumeBool());
  s.grad_avg = buffer(in, n, hostile, hostile ? in.ConsumeBool() : o.centered || in.ConsumeBool());
  return s;
}

inline AdamState decode_state(FuzzedDataProvider& in, size_t n, bool hostile,
                              const AdamOptions& o) {
  AdamState s;
  s.step = step_value(in, hostile);
  s.exp_avg = *buffer(in, n, hostile, true);
  s.exp_avg_sq = *buffer(in, n, hostile, true);
  for (auto& v : s.exp_avg_sq) v = std::abs(v);
  s.max_exp_avg_sq =
      buffer(in, n, hostile, hostile ? in.ConsumeBool() : o.amsgrad || in.ConsumeBool());
  return s;
}

// Whether the documented rules take a state for n parameters with these options.
inline bool step_ok(double step) {
  return step >= 0.0 && step <= core::kMaxStateStep && std::floor(step) == step;
}
inline bool fits(const std::optional<std::vector<float>>& buffer, size_t n) {
  return !buffer || buffer->size() == n;
}

inline bool state_ok(const SgdState& s, size_t n, const SgdOptions&) {
  return fits(s.momentum_buffer, n);
}
inline bool state_ok(const RmspropState& s, size_t n, const RmspropOptions& o) {
  return s.square_avg.size() == n && fits(s.momentum_buffer, n) && fits(s.grad_avg, n) &&
         step_ok(s.step) && (o.momentum <= 0.0 || s.momentum_buffer) && (!o.centered || s.grad_avg);
}
inline bool state_ok(const AdamState& s, size_t n, const AdamOptions& o) {
  return s.exp_avg.size() == n && s.exp_avg_sq.size() == n && fits(s.max_exp_avg_sq, n) &&
         step_ok(s.step) && (!o.amsgrad || s.max_exp_avg_sq);
}

// The checked step of each optimiser, chosen by its options' type.
inline auto step_of(const SgdOptions&) { return &sgd_step; }
inline auto step_of(const RmspropOptions&) { return &rmsprop_step; }
inline auto step_of(const AdamOptions&) { return &adam_step; }

inline Surface decode_surface(FuzzedDataProvider& in, bool hostile) {
  if (hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0) {
    return static_cast<Surface>(in.ConsumeBool() ? in.ConsumeIntegralInRange<int32_t>(-1, 3)
                                                 : in.ConsumeIntegral<int32_t>());
  }
  return static_cast<Surface>(in.ConsumeIntegralInRange<int32_t>(0, 2));
}

}  // namespace fuzz::optim_fuzz
