// Per-row and per-column window spans shared by the kernels: where the reference asks of every
// tap whether it lies in the input, the kernels work out each output row's and column's
// stretch of input once.
#pragma once

#include <algorithm>
#include <cstdint>
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
    while (start < 0) start += d;
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

}  // namespace pool::kernels
