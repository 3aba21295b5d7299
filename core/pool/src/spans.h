// Per-row and per-column window spans shared by the kernels: where the reference asks of every
// tap whether it lies in the input, the kernels work out each output row's and column's
// stretch of input once.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "pool/pool2d.h"

namespace pool::kernels {

// The cells one output row (or column) reads: input [begin, end) along that side, and how
// many taps of the window lie within the input plus padding (PyTorch's pool_size factor).
struct Span {
  int64_t begin;
  int64_t end;
  int64_t padded_count;
};

inline std::vector<Span> avg_spans(int64_t out, int64_t in, int64_t k, int64_t s, int64_t p) {
  std::vector<Span> spans(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = o * s - p;
    int64_t stop = std::min(start + k, in + p);
    spans[o] = {std::max<int64_t>(start, 0), std::min(stop, in), stop - start};
  }
  return spans;
}

// First in-input tap and the end bound of a dilated window along one side. Plans guarantee
// every window has at least one tap in the input.
inline std::vector<Span> max_spans(int64_t out, int64_t in, int64_t k, int64_t s, int64_t p,
                                   int64_t d) {
  std::vector<Span> spans(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = o * s - p;
    int64_t stop = std::min(start + (k - 1) * d + 1, in);
    if (start < 0) start += (-start + d - 1) / d * d;  // the first tap at or right of 0
    spans[o] = {start, stop, 0};
  }
  return spans;
}

inline std::vector<Span> adaptive_spans(int64_t out, int64_t in) {
  std::vector<Span> spans(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    int64_t begin = adaptive_start(o, out, in), end = adaptive_end(o, out, in);
    spans[o] = {begin, end, end - begin};
  }
  return spans;
}

inline float avg_divisor(const PoolPlan& p, const Span& row, const Span& col) {
  if (p.divisor_override != 0) return static_cast<float>(p.divisor_override);
  if (p.count_include_pad) return static_cast<float>(row.padded_count * col.padded_count);
  return static_cast<float>((row.end - row.begin) * (col.end - col.begin));
}

// The sum of a window, row by row and left to right from +0: the reference's order, which
// is PyTorch's, so the result is theirs to the bit.
inline float window_sum(const float* plane, int64_t W, const Span& row, const Span& col) {
  float sum = 0.0f;
  for (int64_t y = row.begin; y < row.end; ++y) {
    const float* line = plane + y * W;
    for (int64_t x = col.begin; x < col.end; ++x) sum += line[x];
  }
  return sum;
}

// Adds `share` to every cell of a window.
inline void add_to_window(float* plane, int64_t W, const Span& row, const Span& col, float share) {
  for (int64_t y = row.begin; y < row.end; ++y) {
    float* line = plane + y * W;
    for (int64_t x = col.begin; x < col.end; ++x) line[x] += share;
  }
}

struct WindowMax {
  float value;
  int32_t index;  // row * W + column in the plane
};

// The maximum of a window's taps (every dh-th row and dw-th column of the spans). Strictly
// greater takes over, so the first maximum wins a tie; a NaN always takes over, so the last
// NaN is reported; a window of -inf reports its first tap. All as in PyTorch.
inline WindowMax window_max(const float* plane, int64_t W, const Span& row, const Span& col,
                            int64_t dh, int64_t dw) {
  float best = -std::numeric_limits<float>::infinity();
  int64_t best_index = row.begin * W + col.begin;
  for (int64_t y = row.begin; y < row.end; y += dh) {
    for (int64_t x = col.begin; x < col.end; x += dw) {
      const float v = plane[y * W + x];
      if (v > best || std::isnan(v)) {
        best = v;
        best_index = y * W + x;
      }
    }
  }
  return {best, static_cast<int32_t>(best_index)};
}

}  // namespace pool::kernels
