// The sizes every family accepts, checked before any arithmetic on them can overflow.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
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

// The most an optimiser state's step may be: 2^53, the last whole number past which a double
// (and a JS number) skips some. Counting on from it stays there (2^53 + 1 rounds to 2^53, as
// Adam's float32 count, PyTorch's, stays at 2^24), so every state a step returns is taken back.
constexpr double kMaxStateStep = 9007199254740992.0;

// A state's step: a whole number from 0 to kMaxStateStep, shown with every digit when refused.
inline std::optional<Error> check_state_step(double step) {
  if (step >= 0.0 && step <= kMaxStateStep && std::floor(step) == step) {
    return std::nullopt;
  }
  char text[32];
  const bool whole = std::isfinite(step) && step == std::floor(step) && std::fabs(step) < 1e18;
  std::snprintf(text, sizeof text, whole ? "%.0f" : "%.9g", step);
  return Error{"state", std::string("state['step'] must be a whole number from 0 to 9007199254740992, got ") + text};
}

// Every dimension positive, and at most kMaxElements in all. The rank is the family's to check.
// The first `may_be_empty` dimensions may also be 0 (an empty batch, where PyTorch takes one);
// the others are then held to the same limits, as if those were 1, since kernels multiply them.
inline std::optional<Error> check_dimensions(const Shape& shape, const char* name,
                                             size_t may_be_empty = 0) {
  int64_t elements = 1;
  for (const int64_t* at = shape.begin(); at != shape.end(); ++at) {
    const int64_t d = *at;
    if (d == 0 && static_cast<size_t>(at - shape.begin()) < may_be_empty) continue;
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

// check_length's shape_name for a run the size of an output (its gradient, or its indices): the
// message then names the output, whose shape the caller computed rather than passed.
constexpr const char* kTheOutput = nullptr;

// A run of `length` values where `shape` needs `expected`.
inline std::optional<Error> check_length(size_t length, int64_t expected, const char* name,
                                         const Shape& shape, const char* shape_name = "shape") {
  if (static_cast<int64_t>(length) == expected) return std::nullopt;
  const bool output = shape_name == kTheOutput;
  return Error{name, std::string(name) + " has " + std::to_string(length) + " values but " +
                         (output ? "the output is" : shape_name) + " " + describe(shape) +
                         (output ? ", " : " needs ") + std::to_string(expected) +
                         (output ? " values" : "")};
}

}  // namespace core
