// Turns a fuzzer's bytes into the arguments a core family takes: sizes that are mostly small
// (so a run does real work) and sometimes anything an int32 holds (so the checks are tried at
// their edges), and float values with NaN, infinities, signed zeros and ties mixed in.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace fuzz {

// A fuzz target's assertion: a failed one names the target and the rule, and aborts, which
// libFuzzer reports with the input that broke it.
inline void require(bool condition, const char* target, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "%s: %s\n", target, what);
  std::abort();
}

// A checked call (a family's Checked<T>) is refused exactly when `wrong` names a parameter,
// and then as that parameter, with a message.
template <class Checked>
void require_outcome(const Checked& result, const char* wrong, const char* target) {
  require(result.ok() != result.error.has_value(), target, "a result is a value or an error");
  require(result.ok() == (wrong == nullptr), target, "a call is refused exactly when an argument is wrong");
  if (result.ok()) return;
  require(!result.error->message.empty(), target, "an error says why");
  require(result.error->parameter == wrong, target, "an error names the first wrong parameter");
}

// An int32: mostly in [lo, hi], sometimes one of the edges of int32, sometimes any.
inline int32_t size_value(FuzzedDataProvider& in, int32_t lo, int32_t hi) {
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0: return std::numeric_limits<int32_t>::min();
    case 1: return std::numeric_limits<int32_t>::max();
    case 2: return in.ConsumeIntegral<int32_t>();
    case 3: return in.ConsumeIntegralInRange<int32_t>(-4, 0);
    case 4: return int32_t{1} << in.ConsumeIntegralInRange<int>(0, 30);
    default: return in.ConsumeIntegralInRange<int32_t>(lo, hi);
  }
}

// A float: mostly small integers and fractions (ties happen), sometimes a special value.
inline float float_value(FuzzedDataProvider& in) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {
    case 0: return std::numeric_limits<float>::quiet_NaN();
    case 1: return kInf;
    case 2: return -kInf;
    case 3: return -0.0f;
    case 4: {
      const uint32_t bits = in.ConsumeIntegral<uint32_t>();  // any float, NaN payloads too
      float value;
      std::memcpy(&value, &bits, sizeof value);
      return value;
    }
    default: return static_cast<float>(in.ConsumeIntegralInRange<int>(-8, 8)) / 4.0f;
  }
}

inline std::vector<float> float_values(FuzzedDataProvider& in, size_t count) {
  std::vector<float> values(count);
  for (float& value : values) value = float_value(in);
  return values;
}

// Input values: float_value's (NaN, +-inf, -0, any bits), denormals, and spread-out finite values.
inline float input_value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0: return std::numeric_limits<float>::denorm_min() * in.ConsumeIntegralInRange<int>(-64, 64);
    case 1: return in.ConsumeFloatingPointInRange<float>(-12.0f, 12.0f);
    case 2: return std::ldexp(in.ConsumeFloatingPointInRange<float>(-1.0f, 1.0f),
                              in.ConsumeIntegralInRange<int>(-140, 128));
    default: return float_value(in);
  }
}

inline std::vector<float> input_values(FuzzedDataProvider& in, size_t count) {
  std::vector<float> values(count);
  for (float& value : values) value = input_value(in);
  return values;
}

// Equal bit for bit, or both NaN (which NaN's payload survives a sum is the compiler's choice).
inline bool same_float(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  uint32_t x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  return x == y;
}

inline bool same_floats(const float* a, const float* b, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (!same_float(a[i], b[i])) return false;
  }
  return true;
}

}  // namespace fuzz
