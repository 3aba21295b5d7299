// Helpers every family's tests use: random data, element-wise comparisons that name the
// first failing index.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "common/errors.h"
#include "common/shape.h"

namespace core::testing {

// The special values the checks and kernels are fed. A double option takes them exactly.
inline constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
inline constexpr float kInf = std::numeric_limits<float>::infinity();

inline std::vector<float> random_values(size_t n, std::mt19937& rng, float lo = -4.0f,
                                        float hi = 4.0f) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

// The values a kernel must carry as its reference does (NaN, both infinities, -0, a subnormal,
// a float near the largest), put in turn at every `every`-th index of `v` from `first`.
inline void plant_specials(std::vector<float>& v, size_t first, size_t every) {
  const float specials[] = {kNaN, kInf, -kInf, -0.0f, 1e-40f, 3e38f};
  for (size_t i = first; i < v.size(); i += every) v[i] = specials[(i / every) % 6];
}

inline std::vector<float> iota_values(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

// Same bits, except that any NaN equals any NaN.
inline bool same_float(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

inline ::testing::AssertionResult bitwise_equal(const std::vector<float>& expected,
                                                const std::vector<float>& actual) {
  if (expected.size() != actual.size()) {
    return ::testing::AssertionFailure()
           << "size " << actual.size() << ", expected " << expected.size();
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!same_float(expected[i], actual[i])) {
      return ::testing::AssertionFailure()
             << "at index " << i << ": got " << actual[i] << ", expected " << expected[i];
    }
  }
  return ::testing::AssertionSuccess();
}

// |a - e| <= max(abs_tol, rel_tol * |e|), NaN matching NaN and infinities matching exactly.
inline ::testing::AssertionResult near_all(const std::vector<float>& expected,
                                           const std::vector<float>& actual, double abs_tol,
                                           double rel_tol) {
  if (expected.size() != actual.size()) {
    return ::testing::AssertionFailure()
           << "size " << actual.size() << ", expected " << expected.size();
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    const double e = expected[i], a = actual[i];
    bool ok;
    if (std::isnan(e) || std::isinf(e)) {
      ok = same_float(expected[i], actual[i]);
    } else {
      ok = std::abs(a - e) <= std::max(abs_tol, rel_tol * std::abs(e));
    }
    if (!ok) {
      return ::testing::AssertionFailure()
             << "at index " << i << ": got " << a << ", expected " << e;
    }
  }
  return ::testing::AssertionSuccess();
}

// The value of a call expected to succeed (a failure names its error); empty if it failed.
template <class T>
T value_of(const Checked<T>& result) {
  EXPECT_TRUE(result.ok()) << (result.error ? result.error->message : "");
  return result.ok() ? *result.value : T{};
}

// An error about `parameter` with exactly `message`.
inline void expect_error(const std::optional<Error>& error, const std::string& parameter,
                         const std::string& message) {
  ASSERT_TRUE(error.has_value()) << "expected an error about " << parameter;
  EXPECT_EQ(error->parameter, parameter);
  EXPECT_EQ(error->message, message);
}

}  // namespace core::testing

namespace core {
// How GoogleTest prints a Shape in a failure message.
inline void PrintTo(const Shape& shape, std::ostream* os) { *os << describe(shape); }
}  // namespace core
