// The sizes every family accepts, checked before any arithmetic on them can overflow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "common/errors.h"
#include "common/shape.h"

namespace core {

// The most elements one tensor may have: 2^26, i.e. 256 MiB of float32. Inputs, outputs,
// indices and scratch then fit in WebAssembly's 2 GiB heap, where running out of memory would
// abort instead of failing politely; int32 indices address every element.
constexpr int64_t kMaxElements = int64_t{1} << 26;
inline const char* const kMaxElementsText = "67108864";

// Every size option must fit an int32, as in PyTorch; past that, sums of sizes could overflow.
constexpr int64_t kMaxOption = std::numeric_limits<int32_t>::max();
constexpr int64_t kMinOption = std::numeric_limits<int32_t>::min();

// The longest side (rows or columns) of a result: 2^22. A kernel keeps a few words of
// bookkeeping per output row and column (a family's window spans: 24 bytes each), and this
// keeps them under 100 MiB, so a call within kMaxElements never runs the 2 GiB heap out.
constexpr int64_t kMaxSide = int64_t{1} << 22;
inline const char* const kMaxSideText = "4194304";

// Every dimension positive, and at most kMaxElements in all. The rank is the family's to check.
inline std::optional<Error> check_dimensions(const Shape& shape, const char* name) {
  int64_t elements = 1;
  for (int64_t d : shape) {
    if (d <= 0) {
      return Error{name, std::string(name) + " " + describe(shape) +
                             " has an empty or negative dimension"};
    }
    if (d > kMaxElements || elements > kMaxElements / d) {
      return Error{name, std::string(name) + " " + describe(shape) + " has more than " +
                             kMaxElementsText + " elements, the most the core takes"};
    }
    elements *= d;
  }
  return std::nullopt;
}

// A run of `length` values where `shape` needs `expected`.
inline std::optional<Error> check_length(size_t length, int64_t expected, const char* name,
                                         const Shape& shape) {
  if (static_cast<int64_t>(length) == expected) return std::nullopt;
  return Error{name, std::string(name) + " has " + std::to_string(length) +
                         " values but shape " + describe(shape) + " needs " +
                         std::to_string(expected)};
}

}  // namespace core
