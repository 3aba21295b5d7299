// Decoding shared by the layer family's two fuzz targets: shapes of rank 0 to 5 (sizes mostly
// small, sometimes anywhere in int32), options anywhere in their type (NaN, the infinities,
// negative and huge values), and the values a call reads, with lengths right or a little off.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "common/decode.h"
#include "common/sizes.h"
#include "layers/layers.h"
#include "layers/reference.h"

namespace fuzz::layers_fuzz {

using namespace ::layers;

// Calls with more elements than this are only checked, never run, so a run stays fast.
constexpr int64_t kLargestRun = 1 << 12;

using ::fuzz::require;

inline Shape decode_shape(FuzzedDataProvider& in, int max_rank, int32_t largest) {
  std::vector<int64_t> sizes(static_cast<size_t>(in.ConsumeIntegralInRange<int>(0, max_rank)));
  for (int64_t& size : sizes) size = fuzz::size_value(in, 0, largest);
  return Shape(sizes);
}

// The elements of `shape`, or -1 when a size is negative or the product passes kLargestRun.
inline int64_t small_elements(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return -1;
    if (d == 0) return 0;
  }
  for (int64_t d : shape) {
    if (d > kLargestRun || n * d > kLargestRun) return -1;
    n *= d;
  }
  return n;
}

// A length: mostly `right`, sometimes off by up to 2 (never below 0).
inline size_t nearby(FuzzedDataProvider& in, int64_t right) {
  if (right < 0) return static_cast<size_t>(in.ConsumeIntegralInRange<int>(0, 8));
  if (in.ConsumeIntegralInRange<int>(0, 7) != 0) return static_cast<size_t>(right);
  const int64_t off = in.ConsumeIntegralInRange<int>(-2, 2);
  return static_cast<size_t>(right + off < 0 ? 0 : right + off);
}

// An option as a double: mostly a small value, sometimes NaN, an infinity, 0, a negative or huge.
inline double option_value(FuzzedDataProvider& in, double lo, double hi) {
  switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return std::numeric_limits<double>::infinity();
    case 2: return -1.0;
    case 3: return 0.0;
    case 4: return in.ConsumeFloatingPoint<double>();
    case 5: return 1e-300;
    default: return in.ConsumeFloatingPointInRange<double>(lo, hi);
  }
}

inline std::vector<uint8_t> mask_values(FuzzedDataProvider& in, size_t count) {
  std::vector<uint8_t> mask(count);
  for (uint8_t& bit : mask) bit = in.ConsumeIntegralInRange<int>(0, 31) == 0 ? 2 : in.ConsumeBool();
  return mask;
}

inline std::vector<int32_t> index_values(FuzzedDataProvider& in, size_t count, int64_t rows) {
  std::vector<int32_t> indices(count);
  for (int32_t& index : indices) {
    index = in.ConsumeIntegralInRange<int>(0, 15) == 0
                ? fuzz::size_value(in, -2, 2)
                : static_cast<int32_t>(in.ConsumeIntegralInRange<int64_t>(0, rows > 0 ? rows - 1 : 0));
  }
  return indices;
}

}  // namespace fuzz::layers_fuzz
