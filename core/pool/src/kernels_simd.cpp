// Four-lane kernels for the common shapes: 2 x 2 windows at stride 2, and any window at
// stride 1. Each lane computes one output and adds its taps in the scalar kernels' order, so
// the results are the reference's, bit for bit (up to the payload of a NaN: when two NaNs
// meet in a sum, which one's bits survive depends on the order the compiler gives the
// operands). Stride 2 needs one shuffle per pair of loads (evens and odds); stride 1 needs
// none, as neighbouring outputs read neighbouring columns. Outputs go in groups of sixteen;
// settings too narrow for one go to the scalar kernels, and columns near the padding (unless
// a kernel handles that edge) to scalar code.
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "pool/kernels.h"
#include "simd.h"
#include "spans.h"

namespace pool::kernels {

namespace {

// Outputs [first, last) of a stride-1 row whose windows lie wholly inside the input columns:
// ow - p >= 0 and ow - p + (k - 1) * d < W.
struct InteriorColumns {
  int64_t first;
  int64_t last;
};

InteriorColumns interior_columns(const PoolPlan& p) {
  const int64_t first = std::min(p.pw, p.OW);
  const int64_t last = std::min(p.OW, p.W - (p.kw - 1) * p.dw + p.pw);
  return {first, std::max(first, last)};
}

// At stride 2, the outputs whose windows lie wholly inside the input columns (2 ow - pw >= 0)
// and whose vector of four, starting at ow, reads within the row: its taps come from two loads
// of four columns each (evens and odds), so the vector starting at ow reads columns
// [2 ow - pw + j dw, 2 ow - pw + j dw + 8) for tap j, one column past its last tap.
InteriorColumns interior_columns_s2(const PoolPlan& p) {
  const int64_t first = std::min((p.pw + 1) / 2, p.OW);
  const int64_t room = p.W - 8 - (p.kw - 1) * p.dw + p.pw;  // 2 * (the last vector's start)
  const int64_t last = room < 0 ? first : std::min(p.OW, room / 2 + 4);
  return {first, std::max(first, last)};
}

// Each kernel runs groups of four vectors (sixteen outputs). The four vectors of a group are
// independent, so the adds (or compares) of one can issue while another's wait for their
// operands: one vector at a time would leave the processor waiting on a single dependency
// chain.
constexpr int kGroup = 4;
constexpr int64_t kGroupWidth = 4 * kGroup;

// Enough interior columns at stride 1 to fill a group?
bool has_a_group_of_interior_columns(const PoolPlan& p) {
  const InteriorColumns inner = interior_columns(p);
  return p.sw == 1 && inner.last - inner.first >= kGroupWidth;
}

// The same at stride 2 (max pooling's stride-2 kernel), for windows other than 2 x 2 at
// stride 2 without padding, which have kernels of their own.
bool has_a_group_of_interior_columns_s2(const PoolPlan& p) {
  const InteriorColumns inner = interior_columns_s2(p);
  return p.sw == 2 && !is_k2s2(p) && inner.last - inner.first >= kGroupWidth;
}

// Runs `group(ow)` for the groups of outputs [ow, ow + 16) that cover [first, last), which
// must hold at least sixteen: one after another, then one ending at `last` for what is left
// over, which computes a few outputs again, to the same bits (every kernel writes its outputs,
// never adds to them). A single code path keeps the download small; the kernels hand settings
// too narrow for a group to the scalar kernels.
template <class Group>
inline void for_each_group(int64_t first, int64_t last, Group&& group) {
  int64_t ow = first;
  for (; ow + kGroupWidth <= last; ow += kGroupWidth) group(ow);
  if (ow < last) group(last - kGroupWidth);
}

// A prefetch by hand, as WASM has no prefetch instruction. The 2 x 2 stride-2 kernels go
// straight through their planes, two rows per output row (read forward, written backward).
// On tensors larger than the caches the hardware prefetcher alone leaves them waiting on
// memory, so before each row they read one float per 64-byte line of the two rows
// kAheadRows output rows ahead (never past the end of the tensor), which has the memory
// system fetch those while they compute. Measured inside the heap on B (64 planes of
// 224 x 224): forward 2.5 -> 1.9 ms, max 2.4 -> 1.6 ms, backward 3.0 -> 2.0 ms. On data
// already in cache it costs a few per cent, so it runs only on tensors larger than
// kCachedValues; the JS API's batches are smaller.
constexpr int64_t kAheadRows = 2;
constexpr int64_t kCachedValues = int64_t{1} << 18;  // 1 MB of float32

class TouchAhead {
 public:
  // `plane_data`: the tensor of P x H x W that the kernel goes through.
  TouchAhead(const float* plane_data, const PoolPlan& p)
      : end_(plane_data + p.planes * p.H * p.W), distance_(2 * kAheadRows * p.W), width_(2 * p.W),
        on_(p.planes * p.H * p.W > kCachedValues) {}
  // `top`: the first of the two rows of the output row about to be computed.
  void operator()(const float* top) const {
    if (!on_ || end_ - top < distance_ + width_) return;
    const volatile float* line = top + distance_;
    for (int64_t x = 0; x < width_; x += 16) (void)line[x];
  }

 private:
  const float* end_;
  int64_t distance_;
  int64_t width_;
  bool on_;
};

}  // namespace

Choice<AvgForward> choose_avg_forward(const PoolPlan& p) {
  if (is_k2s2(p)) {
    if (p.OW >= kGroupWidth) return {"avg_pool2d_forward_k2s2_simd", avg_pool2d_forward_k2s2_simd};
    return {"avg_pool2d_forward_k2s2", avg_pool2d_forward_k2s2};
  }
  if (has_a_group_of_interior_columns(p)) return {"avg_pool2d_forward_s1_simd", avg_pool2d_forward_s1_simd};
  if (is_global_average(p) && p.planes >= kLanePlanes) {
    return {"avg_pool2d_forward_global_simd", avg_pool2d_forward_global_simd, kLanePlanes};
  }
  if (p.planes >= kLanePlanes) return {"avg_pool2d_forward_lanes", avg_pool2d_forward_lanes, kLanePlanes};
  return {"avg_pool2d_forward", avg_pool2d_forward};
}

Choice<AvgBackward> choose_avg_backward(const PoolPlan& p) {
  if (is_k2s2(p)) {
    if (p.OW >= kGroupWidth) return {"avg_pool2d_backward_k2s2_simd", avg_pool2d_backward_k2s2_simd};
    return {"avg_pool2d_backward_k2s2", avg_pool2d_backward_k2s2};
  }
  if (p.planes >= kLanePlanes) return {"avg_pool2d_backward_lanes", avg_pool2d_backward_lanes, kLanePlanes};
  return {"avg_pool2d_backward", avg_pool2d_backward};
}

Choice<MaxForward> choose_max_forward(const PoolPlan& p) {
  if (is_k2s2(p) && p.OW >= kGroupWidth) return {"max_pool2d_forward_k2s2_simd", max_pool2d_forward_k2s2_simd};
  if (has_a_group_of_interior_columns(p)) return {"max_pool2d_forward_s1_simd", max_pool2d_forward_s1_simd};
  if (has_a_group_of_interior_columns_s2(p)) return {"max_pool2d_forward_s2_simd", max_pool2d_forward_s2_simd};
  if (p.planes >= kLanePlanes) return {"max_pool2d_forward_lanes", max_pool2d_forward_lanes, kLanePlanes};
  return {"max_pool2d_forward", max_pool2d_forward};
}

Choice<MaxBackward> choose_max_backward(const PoolPlan&) {
  return {"max_pool2d_backward", max_pool2d_backward};
}

Choice<AvgForward> choose_adaptive_avg_forward(const PoolPlan& p) {
  if (p.planes >= kLanePlanes) {
    return {"adaptive_avg_pool2d_forward_lanes", adaptive_avg_pool2d_forward_lanes, kLanePlanes};
  }
  return {"adaptive_avg_pool2d_forward", adaptive_avg_pool2d_forward};
}

Choice<AvgBackward> choose_adaptive_avg_backward(const PoolPlan&) {
  return {"adaptive_avg_pool2d_backward", adaptive_avg_pool2d_backward};
}

Choice<MaxForward> choose_adaptive_max_forward(const PoolPlan& p) {
  if (p.planes >= kLanePlanes) {
    return {"adaptive_max_pool2d_forward_lanes", adaptive_max_pool2d_forward_lanes, kLanePlanes};
  }
  return {"adaptive_max_pool2d_forward", adaptive_max_pool2d_forward};
}

// V * 4 outputs of a 2 x 2 stride-2 average row, from 8 * V columns of two input rows.
template <int V>
inline void avg_k2s2_vectors(float* out, const float* top, const float* bottom,
                             const simd::Divider& divide) {
  simd::F4 sum[V];
  for (int v = 0; v < V; ++v) {
    const simd::F4 t0 = simd::load(top + 8 * v), t1 = simd::load(top + 8 * v + 4);
    const simd::F4 b0 = simd::load(bottom + 8 * v), b1 = simd::load(bottom + 8 * v + 4);
    // The reference's order: ((((0 + top left) + top right) + bottom left) + bottom right).
    sum[v] = simd::add(simd::splat(0.0f), simd::evens(t0, t1));
    sum[v] = simd::add(sum[v], simd::odds(t0, t1));
    sum[v] = simd::add(sum[v], simd::evens(b0, b1));
    sum[v] = simd::add(sum[v], simd::odds(b0, b1));
  }
  for (int v = 0; v < V; ++v) simd::store(out + 4 * v, divide(sum[v]));
}

// (P, H, W) -> (P, H/2, W/2)
void avg_pool2d_forward_k2s2_simd(float* out, const float* in, const PoolPlan& p) {
  if (p.OW < kGroupWidth) return avg_pool2d_forward_k2s2(out, in, p);
  const float divisor = p.divisor_override != 0 ? static_cast<float>(p.divisor_override) : 4.0f;
  const simd::Divider divide(divisor);
  const TouchAhead touch_ahead(in, p);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_row = out + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, out_row += p.OW) {
      const float* top = plane + 2 * oh * p.W;
      const float* bottom = top + p.W;
      touch_ahead(top);
      for_each_group(0, p.OW, [&](int64_t ow) {
        avg_k2s2_vectors<kGroup>(out_row + ow, top + 2 * ow, bottom + 2 * ow, divide);
      });
    }
  }
}

// V vectors of a 2 x 2 stride-2 backward row: each gradient over the divisor, written twice
// along each of the window's two rows.
template <int V>
inline void avg_k2s2_backward_vectors(float* top, float* bottom, const float* grad,
                                      const simd::Divider& divide) {
  for (int v = 0; v < V; ++v) {
    // Adding to +0, as into the reference's zero-filled buffer, turns -0 into +0.
    const simd::F4 share = simd::add(simd::splat(0.0f), divide(simd::load(grad + 4 * v)));
    const simd::F4 low = simd::twice_low(share), high = simd::twice_high(share);
    simd::store(top + 8 * v, low);
    simd::store(top + 8 * v + 4, high);
    simd::store(bottom + 8 * v, low);
    simd::store(bottom + 8 * v + 4, high);
  }
}

// (P, H/2, W/2) -> (P, H, W): every cell is written (windows do not overlap; the last group
// writes a few cells twice, with the same value), so there is no separate zero fill; cells no
// window covers (an odd last row or column) get 0.
void avg_pool2d_backward_k2s2_simd(float* grad_in, const float* grad_out, const PoolPlan& p) {
  if (p.OW < kGroupWidth) return avg_pool2d_backward_k2s2(grad_in, grad_out, p);
  const float divisor = p.divisor_override != 0 ? static_cast<float>(p.divisor_override) : 4.0f;
  const simd::Divider divide(divisor);
  const TouchAhead touch_ahead(grad_in, p);
  for (int64_t c = 0; c < p.planes; ++c) {
    float* plane = grad_in + c * p.H * p.W;
    const float* grad_row = grad_out + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, grad_row += p.OW) {
      float* top = plane + 2 * oh * p.W;
      float* bottom = top + p.W;
      touch_ahead(top);
      for_each_group(0, p.OW, [&](int64_t ow) {
        avg_k2s2_backward_vectors<kGroup>(top + 2 * ow, bottom + 2 * ow, grad_row + ow, divide);
      });
      for (int64_t x = 2 * p.OW; x < p.W; ++x) top[x] = bottom[x] = 0.0f;
    }
    std::memset(plane + 2 * p.OH * p.W, 0, sizeof(float) * (p.H - 2 * p.OH) * p.W);  // +0.0f
  }
}

// One step of max pooling's search, for V vectors at once: `v` takes over `best` (and its
// index) where it is greater, or NaN. The max kernels come in two forms, chosen by kIndices:
// the full rule, indices included; or the values alone of data known to hold no NaN, one
// max_keep_first per step (the index arguments are then dead code).
template <bool kIndices>
inline void take_over(simd::F4& best, simd::I4& best_index, simd::F4 v, simd::I4 v_index) {
  if constexpr (!kIndices) {
    best = simd::max_keep_first(best, v);
  } else {
    const simd::F4 mask = simd::takes_over(v, best);
    best = simd::select(mask, v, best);
    best_index = simd::iselect(mask, v_index, best_index);
  }
}

// V vectors of a 2 x 2 stride-2 max row, with the scalar kernel's rules: strictly greater
// takes over, and so does NaN. `first` is the plane index of the row's first tap. Without
// indices the rule ignores NaN; the caller then checks `nan_seen` (any NaN among the taps sets
// its lanes, as does +inf meeting -inf) and redoes the row with the full rule.
template <int V, bool kIndices>
inline void max_k2s2_vectors(float* out, int32_t* indices, const float* top, const float* bottom,
                             int32_t first, int32_t W, simd::F4& nan_seen) {
  simd::F4 best[V];
  simd::I4 best_index[V];
  for (int v = 0; v < V; ++v) {
    const simd::F4 t0 = simd::load(top + 8 * v), t1 = simd::load(top + 8 * v + 4);
    const simd::F4 b0 = simd::load(bottom + 8 * v), b1 = simd::load(bottom + 8 * v + 4);
    if constexpr (!kIndices) {
      // A sum is NaN when a term is: three adds check sixteen taps.
      const simd::F4 sum = simd::add(simd::add(t0, t1), simd::add(b0, b1));
      nan_seen = simd::either(nan_seen, simd::nan_lanes(sum));
    }
    const simd::F4 taps[4] = {simd::evens(t0, t1), simd::odds(t0, t1), simd::evens(b0, b1),
                              simd::odds(b0, b1)};
    const simd::I4 left = simd::iramp(first + 8 * v, 2);
    const simd::I4 tap_index[4] = {left, simd::iadd(left, simd::isplat(1)),
                                   simd::iadd(left, simd::isplat(W)),
                                   simd::iadd(left, simd::isplat(W + 1))};
    // The first tap always wins over the starting -inf (or equals it), so it starts the search.
    best[v] = taps[0];
    best_index[v] = left;
    for (int t = 1; t < 4; ++t) take_over<kIndices>(best[v], best_index[v], taps[t], tap_index[t]);
  }
  for (int v = 0; v < V; ++v) {
    simd::store(out + 4 * v, best[v]);
    if constexpr (kIndices) simd::istore(indices + 4 * v, best_index[v]);
  }
}

// (P, H, W) -> (P, H/2, W/2) maxima, and indices unless `indices` is null. Without indices
// each row first runs with the one-instruction rule, and again with the full one (its
// indices going to a scratch row) only if a NaN was seen.
void max_pool2d_forward_k2s2_simd(float* out, int32_t* indices, const float* in,
                                  const PoolPlan& p) {
  if (p.OW < kGroupWidth) return max_pool2d_forward(out, indices, in, p);
  const int32_t W = static_cast<int32_t>(p.W);
  std::vector<int32_t> scratch;  // a row's indices when none were asked for
  const TouchAhead touch_ahead(in, p);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_row = out + c * p.OH * p.OW;
    int32_t* index_row = indices == nullptr ? nullptr : indices + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, out_row += p.OW) {
      const float* top = plane + 2 * oh * p.W;
      const float* bottom = top + p.W;
      const int32_t top_index = static_cast<int32_t>(2 * oh) * W;
      touch_ahead(top);
      auto full_rule = [&](int32_t* row_indices) {
        simd::F4 unused = simd::splat(0.0f);
        for_each_group(0, p.OW, [&](int64_t ow) {
          max_k2s2_vectors<kGroup, true>(out_row + ow, row_indices + ow, top + 2 * ow,
                                                bottom + 2 * ow,
                                                top_index + static_cast<int32_t>(2 * ow), W, unused);
        });
      };
      if (index_row != nullptr) {
        full_rule(index_row);
        index_row += p.OW;
        continue;
      }
      simd::F4 nan_seen = simd::splat(0.0f);
      for_each_group(0, p.OW, [&](int64_t ow) {
        max_k2s2_vectors<kGroup, false>(out_row + ow, nullptr, top + 2 * ow, bottom + 2 * ow,
                                              0, W, nan_seen);
      });
      if (simd::any(nan_seen)) {
        if (scratch.empty()) scratch = std::vector<int32_t>(static_cast<size_t>(p.OW));
        full_rule(scratch.data());
      }
    }
  }
}

// V vectors of a stride-1 average row: the window of lane i of vector v starts at column
// first + 4 * v + i of each of `rows` input rows starting at `line`, `kw` taps wide. KW is kw
// when known at compile time (the common 3), so the taps of a row unroll; 0 otherwise.
template <int V, int KW>
inline void avg_s1_vectors(float* out, const float* line, std::ptrdiff_t W, int64_t rows,
                           int64_t kw, const simd::Divider& divide) {
  simd::F4 sum[V];
  for (int v = 0; v < V; ++v) sum[v] = simd::splat(0.0f);
  const int64_t taps = KW > 0 ? KW : kw;
  for (int64_t y = 0; y < rows; ++y, line += W) {
    for (int64_t j = 0; j < taps; ++j) {
      for (int v = 0; v < V; ++v) sum[v] = simd::add(sum[v], simd::load(line + 4 * v + j));
    }
  }
  for (int v = 0; v < V; ++v) simd::store(out + 4 * v, divide(sum[v]));
}

// The interior outputs [first, last) of one stride-1 average row, in groups. `row` is column
// 0 of the first input row the windows read; output ow's window starts at column ow - pw.
template <int KW>
void avg_s1_interior(float* out_row, const float* row, int64_t first, int64_t last, int64_t pw,
                     std::ptrdiff_t W, int64_t height, int64_t kw, const simd::Divider& divide) {
  // A copy of the divider, which the compiler can keep in registers: through the reference it
  // reloads it from memory after every store (any store might change it). About 5 % on C.
  const simd::Divider local = divide;
  for_each_group(first, last, [&](int64_t ow) {
    avg_s1_vectors<kGroup, KW>(out_row + ow, row + (ow - pw), W, height, kw, local);
  });
}

// The four outputs [first, first + 4) of a stride-1 average row at one edge of a padding of
// 1, for a kernel KW wide (3; other widths leave the edges to scalar code): at the left edge
// (kLeft, first 0), lane 0's window starts in the padding; at the right (first OW - 4), lane
// 3's window ends there. `row` is column 0 of the first input row; lane i's window starts at
// column first + i - 1. The padding cell comes in as a zero: the sum starts from +0 and so
// is never -0, and adding +0 to it changes nothing, so the lanes get the reference's bits
// while it skips the cell. Each lane has its own divisor.
template <int KW, bool kLeft>
inline void avg_s1_edge_vector(float* out, const float* row, int64_t first, std::ptrdiff_t W,
                               int64_t rows, simd::F4 divisors) {
  simd::F4 sum = simd::splat(0.0f);
  for (int64_t y = 0; y < rows; ++y, row += W) {
    for (int j = 0; j < KW; ++j) {
      simd::F4 tap;
      if (kLeft && j == 0) {
        tap = simd::shift_up(simd::load(row), simd::splat(0.0f));
      } else if (!kLeft && j == KW - 1) {
        tap = simd::shift_down(simd::load(row + (first + j - 2)), simd::splat(0.0f));
      } else {
        tap = simd::load(row + (first + j - 1));
      }
      sum = simd::add(sum, tap);
    }
  }
  simd::store(out, simd::div(sum, divisors));
}

// (P, H, W) -> (P, OH, OW) for stride 1 along the width and any kernel, padding, row stride,
// ceil_mode and divisor; rows with fewer than sixteen interior outputs go to the scalar
// kernel. Lanes are neighbouring outputs, whose windows start one column apart, so each tap
// is one unaligned load and no shuffle. With a padding of 1 and a kernel 3 wide, the edge
// outputs are vectors too; otherwise they are scalar code.
void avg_pool2d_forward_s1_simd(float* out, const float* in, const PoolPlan& p) {
  const InteriorColumns inner = interior_columns(p);
  if (p.sw != 1 || inner.last - inner.first < kGroupWidth) return avg_pool2d_forward(out, in, p);
  const std::vector<Span> rows = avg_spans(p.OH, p.H, p.kh, p.sh, p.ph);
  const std::vector<Span> cols = avg_spans(p.OW, p.W, p.kw, p.sw, p.pw);
  auto interior = p.kw == 3 ? avg_s1_interior<3> : avg_s1_interior<0>;
  // Edge vectors: a padding of 1 and one edge output on each side (inner = [1, OW - 1)).
  const bool edge_vectors = p.pw == 1 && p.kw == 3 && inner.first == 1 && inner.last == p.OW - 1;
  float row_divisor = 1.0f;
  simd::Divider divide(row_divisor);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      float* out_row = out + (c * p.OH + oh) * p.OW;
      // Inner columns share one divisor: the full kernel width times this row's count. Rows
      // mostly share it too, so the divider is rebuilt only when it changes.
      const float divisor = avg_divisor(p, row, cols[inner.first]);
      if (divisor != row_divisor) {
        row_divisor = divisor;
        divide = simd::Divider(divisor);
      }
      const float* first_row = plane + row.begin * p.W;
      const int64_t height = row.end - row.begin;
      interior(out_row, first_row, inner.first, inner.last, p.pw, p.W, height, p.kw, divide);
      if (edge_vectors) {
        // Four divisors each, for outputs 0..3 and OW - 4 .. OW - 1.
        auto divisors = [&](int64_t o) {
          return simd::make(avg_divisor(p, row, cols[o]), avg_divisor(p, row, cols[o + 1]),
                            avg_divisor(p, row, cols[o + 2]), avg_divisor(p, row, cols[o + 3]));
        };
        const int64_t last = p.OW - 4;
        avg_s1_edge_vector<3, true>(out_row, first_row, 0, p.W, height, divisors(0));
        avg_s1_edge_vector<3, false>(out_row + last, first_row, last, p.W, height, divisors(last));
      } else {
        auto scalar = [&](int64_t ow) {
          out_row[ow] = window_sum(plane, p.W, row, cols[ow]) / avg_divisor(p, row, cols[ow]);
        };
        for (int64_t ow = 0; ow < inner.first; ++ow) scalar(ow);
        for (int64_t ow = inner.last; ow < p.OW; ++ow) scalar(ow);
      }
    }
  }
}

// Max pooling at stride 1 along the width is done in two passes: the maximum of each row's
// stretch of every window (horizontal), then the maximum of those over the window's rows
// (vertical). A 3 x 3 window then costs 2 + 2 compare-selects instead of 8, and each row's
// stretch is shared by every window that covers the row.
//
// The two passes give PyTorch's answer, because its rule (strictly greater takes over, a NaN
// always takes over, the search starts from the first tap) picks, in row-major order, the
// last NaN if there is one, and otherwise the first tap equal to the maximum. Per row the
// horizontal pass picks exactly that row's candidate, and the vertical pass, with the same
// rule over rows in order, picks the last row holding a NaN, or else the first row reaching
// the maximum, whose candidate is then the first such tap of the window.

// V vectors of the horizontal pass: lane i of vector v covers the window starting at column
// x0 + 4 * v + i of the row at `line` (its plane index `first` + 4 * v + i). KW is kw when
// known at compile time (3), so the taps unroll; 0 otherwise.
//
// Without indices the one-instruction rule ignores NaN, so the pass also watches for one: it
// sums each lane's taps, a sum that is NaN when a tap is (or when +inf meets -inf, which only
// costs a redo), and marks `nan_seen`.
//
// S is the stride along the width, 1 or 2. At stride 2, lane i's window starts at column
// x0 + 2 * (4 * v + i), and each tap is the evens of two loads of four columns.
template <int S>
inline simd::F4 load_tap(const float* at) {
  if constexpr (S == 1) {
    return simd::load(at);
  } else {
    return simd::evens(simd::load(at), simd::load(at + 4));
  }
}

template <int V, int KW, int S, bool kIndices>
inline void max_row_vectors(float* values, int32_t* indices, const float* line, int32_t first,
                            int64_t kw, int64_t dw, simd::F4& nan_seen) {
  simd::F4 best[V], total[V];
  simd::I4 best_index[V];
  const simd::I4 lanes = simd::iramp(first, S);
  // The first tap always wins over the starting -inf (or equals it), so it starts the search.
  for (int v = 0; v < V; ++v) {
    best[v] = total[v] = load_tap<S>(line + 4 * S * v);
    best_index[v] = simd::iadd(lanes, simd::isplat(4 * S * v));
  }
  const int64_t taps = KW > 0 ? KW : kw;
  for (int64_t j = 1; j < taps; ++j) {
    const int32_t offset = static_cast<int32_t>(j * dw);
    for (int v = 0; v < V; ++v) {
      const simd::F4 tap = load_tap<S>(line + 4 * S * v + offset);
      if constexpr (!kIndices) total[v] = simd::add(total[v], tap);
      take_over<kIndices>(best[v], best_index[v], tap, simd::iadd(lanes, simd::isplat(offset + 4 * S * v)));
    }
  }
  if constexpr (!kIndices) {
    for (int v = 0; v < V; ++v) nan_seen = simd::either(nan_seen, simd::nan_lanes(total[v]));
  }
  for (int v = 0; v < V; ++v) {
    simd::store(values + 4 * v, best[v]);
    if constexpr (kIndices) simd::istore(indices + 4 * v, best_index[v]);
  }
}

// The four outputs [first, first + 4) of the horizontal pass at one edge of a padding of 1,
// for a kernel KW wide (see avg_s1_edge_vector): `row` is the input row's column 0, whose
// plane index is `row_start`; lane i's window starts at column first + i - 1. The padding
// cell comes in as -inf, which never takes over. At the left edge, lane 0 starts from it
// with the index of its first input cell, which keeps the index the scalar rule gives when
// every cell of the window is -inf.
template <int KW, bool kLeft, bool kIndices>
inline void max_row_edge_vector(float* values, int32_t* indices, const float* row,
                                int64_t first, int32_t row_start) {
  const simd::F4 padding = simd::splat(-std::numeric_limits<float>::infinity());
  const simd::I4 lanes = simd::iramp(row_start + static_cast<int32_t>(first) - 1, 1);
  simd::F4 best = kLeft ? simd::shift_up(simd::load(row), padding) : simd::load(row + (first - 1));
  simd::I4 best_index = kLeft ? simd::iadd(lanes, simd::imake(1, 0, 0, 0)) : lanes;
  for (int j = 1; j < KW; ++j) {
    const simd::F4 tap = !kLeft && j == KW - 1
                             ? simd::shift_down(simd::load(row + (first + j - 2)), padding)
                             : simd::load(row + (first + j - 1));
    take_over<kIndices>(best, best_index, tap, simd::iadd(lanes, simd::isplat(j)));
  }
  simd::store(values, best);
  if constexpr (kIndices) simd::istore(indices, best_index);
}

// V vectors of the vertical pass: the candidates of `rows` rows of the horizontal pass, `step`
// apart, at the same columns. KH is rows when known at compile time (3); 0 otherwise.
template <int V, int KH, bool kIndices>
inline void max_column_vectors(float* out, int32_t* indices, const float* values,
                               const int32_t* candidates, int64_t rows, int64_t step) {
  simd::F4 best[V];
  simd::I4 best_index[V];
  for (int v = 0; v < V; ++v) {
    best[v] = simd::load(values + 4 * v);
    best_index[v] = kIndices ? simd::iload(candidates + 4 * v) : simd::isplat(0);
  }
  const int64_t taps = KH > 0 ? KH : rows;
  for (int64_t r = 1; r < taps; ++r) {
    for (int v = 0; v < V; ++v) {
      const simd::I4 index = kIndices ? simd::iload(candidates + r * step + 4 * v) : best_index[v];
      take_over<kIndices>(best[v], best_index[v], simd::load(values + r * step + 4 * v), index);
    }
  }
  for (int v = 0; v < V; ++v) {
    simd::store(out + 4 * v, best[v]);
    if constexpr (kIndices) simd::istore(indices + 4 * v, best_index[v]);
  }
}

// One output row of the vertical pass, in groups.
template <int KH, bool kIndices>
void max_column_row(float* out_row, int32_t* index_row, const float* values,
                    const int32_t* candidates, int64_t OW, int64_t taps, int64_t step) {
  for_each_group(0, OW, [&](int64_t ow) {
    max_column_vectors<kGroup, KH, kIndices>(
        out_row + ow, kIndices ? index_row + ow : nullptr, values + ow,
        kIndices ? candidates + ow : nullptr, taps, step);
  });
}

// One plane of max_pool2d_forward_s1_simd. `row_best` and `row_index` hold the horizontal
// pass (H x OW); row_index only with indices. KW and KH: the kernel's width and height when
// they are 3 (unrolled), else 0. Without indices, returns whether the horizontal pass saw a
// NaN, in which case the caller runs the plane again with the full rule; otherwise false.
template <int KW, int KH, int S, bool kIndices>
bool max_plane(float* out, int32_t* indices, const float* plane, const PoolPlan& p,
               const std::vector<Span>& rows, const std::vector<Span>& cols,
               float* row_best, int32_t* row_index) {
  simd::F4 nan_seen = simd::splat(0.0f);
  const InteriorColumns inner = S == 1 ? interior_columns(p) : interior_columns_s2(p);
  // As in avg_pool2d_forward_s1_simd: with a padding of 1 and a kernel 3 wide (and no
  // dilation), the edge outputs of stride 1 are vectors too.
  const bool edge_vectors = S == 1 && p.pw == 1 && p.dw == 1 && p.kw == 3 && inner.first == 1 &&
                            inner.last == p.OW - 1;
  for (int64_t y = 0; y < p.H; ++y) {
    float* values = row_best + y * p.OW;
    int32_t* candidates = kIndices ? row_index + y * p.OW : nullptr;
    const Span line{y, y + 1, 0};
    auto scalar = [&](int64_t ow) {
      const WindowMax m = window_max(plane, p.W, line, cols[ow], 1, p.dw);
      values[ow] = m.value;
      if constexpr (kIndices) candidates[ow] = m.index;
    };
    const float* row = plane + y * p.W;
    const auto row_start = static_cast<int32_t>(y * p.W);  // plane index of the row's column 0
    if (edge_vectors) {
      const int64_t last = p.OW - 4;
      max_row_edge_vector<3, true, kIndices>(values, candidates, row, 0, row_start);
      max_row_edge_vector<3, false, kIndices>(
          values + last, kIndices ? candidates + last : nullptr, row, last, row_start);
    } else {
      for (int64_t o = 0; o < inner.first; ++o) scalar(o);
      for (int64_t o = inner.last; o < p.OW; ++o) scalar(o);
    }
    // Output ow's window starts at column S * ow - pw (>= 0 for interior outputs).
    for_each_group(inner.first, inner.last, [&](int64_t ow) {
      max_row_vectors<kGroup, KW, S, kIndices>(
          values + ow, kIndices ? candidates + ow : nullptr, row + (S * ow - p.pw),
          row_start + static_cast<int32_t>(S * ow - p.pw), p.kw, p.dw, nan_seen);
    });
  }
  if (!kIndices && simd::any(nan_seen)) return true;
  for (int64_t oh = 0; oh < p.OH; ++oh) {
    const Span& row = rows[oh];
    const int64_t taps = (row.end - row.begin + p.dh - 1) / p.dh;
    const int64_t step = p.dh * p.OW;
    const float* values = row_best + row.begin * p.OW;
    const int32_t* candidates = kIndices ? row_index + row.begin * p.OW : nullptr;
    float* out_row = out + oh * p.OW;
    int32_t* index_row = kIndices ? indices + oh * p.OW : nullptr;
    // Rows cut short by the padding have fewer taps than the kernel: the general loop.
    if (KH > 0 && taps == KH) {
      max_column_row<KH, kIndices>(out_row, index_row, values, candidates, p.OW, taps, step);
    } else {
      max_column_row<0, kIndices>(out_row, index_row, values, candidates, p.OW, taps, step);
    }
  }
  return false;
}

// (P, H, W) -> (P, OH, OW) maxima, and indices unless `indices` is null, for stride S (1 or
// 2) along the width, any kernel, padding, dilation and row stride; rows with fewer than
// sixteen interior outputs go to the scalar kernel. Few instantiations of max_plane, to keep
// the download small: the full rule with indices, for any kernel; and for the values alone the
// one-instruction rule, for any kernel (and at stride 1 unrolled for 3 x 3), whose horizontal
// pass watches for NaN (most planes have none). A plane where it sees one runs
// again with the first, its indices going to a scratch buffer.
template <int S>
void max_forward_strided(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  const InteriorColumns inner = S == 1 ? interior_columns(p) : interior_columns_s2(p);
  if (p.sw != S || inner.last - inner.first < kGroupWidth) return max_pool2d_forward(out, indices, in, p);
  const std::vector<Span> rows = max_spans(p.OH, p.H, p.kh, p.sh, p.ph, p.dh);
  const std::vector<Span> cols = max_spans(p.OW, p.W, p.kw, p.sw, p.pw, p.dw);
  // The horizontal pass of one plane: for every input row, each output column's candidate.
  std::vector<float> row_best(static_cast<size_t>(p.H * p.OW));
  std::vector<int32_t> row_index;
  std::vector<int32_t> scratch_indices;  // a NaN plane's indices when none were asked for
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_plane = out + c * p.OH * p.OW;
    int32_t* index_plane = indices == nullptr ? nullptr : indices + c * p.OH * p.OW;
    if (index_plane == nullptr) {
      // 3 x 3 unrolled at stride 1 only: at stride 2, ResNet's stem has a kernel of its own.
      bool saw_nan = false;
      if constexpr (S == 1) {
        saw_nan = p.kw == 3 && p.kh == 3
                      ? max_plane<3, 3, S, false>(out_plane, nullptr, plane, p, rows, cols, row_best.data(), nullptr)
                      : max_plane<0, 0, S, false>(out_plane, nullptr, plane, p, rows, cols, row_best.data(), nullptr);
      } else {
        saw_nan = max_plane<0, 0, S, false>(out_plane, nullptr, plane, p, rows, cols, row_best.data(), nullptr);
      }
      if (!saw_nan) continue;
    }
    // (Sized by construction, once: std::vector::resize would add its own code to the download.)
    if (index_plane == nullptr) {
      if (scratch_indices.empty()) scratch_indices = std::vector<int32_t>(static_cast<size_t>(p.OH * p.OW));
      index_plane = scratch_indices.data();
    }
    if (row_index.empty()) row_index = std::vector<int32_t>(row_best.size());
    max_plane<0, 0, S, true>(out_plane, index_plane, plane, p, rows, cols, row_best.data(),
                             row_index.data());
  }
}

// 3 x 3 windows at stride 1 with a padding of 1 (the values alone), in strips of sixteen
// columns that walk down the plane. Each input row's horizontal maxima (three taps) stay in
// registers for the three output rows that use them, so a row is read once per strip and no
// pass goes through a buffer in memory: per four outputs, 3 loads, 4 max_keep_first, 1 add
// (the NaN watch) and 1 store, where the two passes of max_plane take 3 loads, 1 store and
// 1 add more (about half the time in the heap on C-max).
//
// The two orders (the window's columns, then its rows) give PyTorch's answer for the reason
// given above for the two passes, ties of signed zeros included. NaN, which max_keep_first may
// drop, is watched for: each column is the middle tap of exactly one output, so adding the
// middle taps sees every input value once; a NaN (or +inf meeting -inf) returns false, and the
// plane goes to the exact kernel.
bool is_k3s1p1(const PoolPlan& p) {
  return p.kh == 3 && p.kw == 3 && p.sh == 1 && p.sw == 1 && p.ph == 1 && p.pw == 1 && p.dh == 1 &&
         p.dw == 1 && p.W > kGroupWidth && p.H >= 2;
}

// The horizontal maxima of one row for the sixteen outputs from `ow`: lane i of vector v takes
// columns ow + 4 v + i - 1 to + 1 of `row` (its column 0). At the left edge (kLeft, ow = 0) and
// the right (kRight, ow + 16 = W) the padding cell comes in as -inf, which never takes over.
template <bool kLeft, bool kRight>
inline void max_row3(simd::F4 h[kGroup], simd::F4& sums, const float* row, int64_t ow) {
  const simd::F4 padding = simd::splat(-std::numeric_limits<float>::infinity());
  simd::F4 middles[kGroup];
  for (int v = 0; v < kGroup; ++v) {
    const float* at = row + ow + 4 * v;
    const simd::F4 middle = simd::load(at);
    const simd::F4 left = kLeft && v == 0 ? simd::shift_up(middle, padding) : simd::load(at - 1);
    const simd::F4 right = kRight && v == kGroup - 1 ? simd::shift_down(middle, padding) : simd::load(at + 1);
    h[v] = simd::max_keep_first(simd::max_keep_first(left, middle), right);
    middles[v] = middle;
  }
  sums = simd::add(sums, simd::add(simd::add(middles[0], middles[1]), simd::add(middles[2], middles[3])));
}

// The sixteen output columns from `ow`, all rows: output row y is the maximum of the
// horizontal maxima of rows y - 1, y and y + 1 (those inside the plane), in that order.
template <bool kLeft, bool kRight>
void max_k3s1p1_strip(float* out, const float* plane, int64_t H, int64_t W, int64_t ow, simd::F4& sums) {
  simd::F4 above[kGroup], middle[kGroup], below[kGroup];
  max_row3<kLeft, kRight>(above, sums, plane, ow);
  max_row3<kLeft, kRight>(middle, sums, plane + W, ow);
  for (int v = 0; v < kGroup; ++v) simd::store(out + ow + 4 * v, simd::max_keep_first(above[v], middle[v]));
  for (int64_t y = 2; y < H; ++y) {
    max_row3<kLeft, kRight>(below, sums, plane + y * W, ow);
    float* out_row = out + (y - 1) * W + ow;
    for (int v = 0; v < kGroup; ++v) {
      simd::store(out_row + 4 * v, simd::max_keep_first(simd::max_keep_first(above[v], middle[v]), below[v]));
      above[v] = middle[v];
      middle[v] = below[v];
    }
  }
  float* last = out + (H - 1) * W + ow;
  for (int v = 0; v < kGroup; ++v) simd::store(last + 4 * v, simd::max_keep_first(above[v], middle[v]));
}

bool max_k3s1p1_plane(float* out, const float* plane, const PoolPlan& p) {
  simd::F4 sums = simd::splat(0.0f);
  max_k3s1p1_strip<true, false>(out, plane, p.H, p.W, 0, sums);
  for (int64_t ow = kGroupWidth; ow + kGroupWidth < p.W; ow += kGroupWidth) {
    max_k3s1p1_strip<false, false>(out, plane, p.H, p.W, ow, sums);
  }
  max_k3s1p1_strip<false, true>(out, plane, p.H, p.W, p.W - kGroupWidth, sums);
  return !simd::any(simd::nan_lanes(sums));
}

// Runs `fast(out_plane, plane)` on each plane of the values alone, and the plane again through
// max_forward_strided<S>, exact, where it returns false (it saw a value its order could get
// wrong).
template <int S, class Fast>
void max_planes_or_exact(float* out, const float* in, const PoolPlan& p, Fast&& fast) {
  PoolPlan one = p;
  one.planes = 1;
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_plane = out + c * p.OH * p.OW;
    if (!fast(out_plane, plane)) max_forward_strided<S>(out_plane, nullptr, plane, one);
  }
}

void max_pool2d_forward_s1_simd(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  if (indices != nullptr || !is_k3s1p1(p)) return max_forward_strided<1>(out, indices, in, p);
  max_planes_or_exact<1>(out, in, p, [&](float* out_plane, const float* plane) {
    return max_k3s1p1_plane(out_plane, plane, p);
  });
}

// ResNet's stem for the values alone: 3 x 3 windows at stride 2 with a padding of 1, on rows a
// multiple of eight wide (so the outputs fill whole vectors and the right edge needs no
// padding: OW = W / 2).
bool is_k3s2p1(const PoolPlan& p) {
  return p.kh == 3 && p.kw == 3 && p.sh == 2 && p.sw == 2 && p.ph == 1 && p.pw == 1 && p.dh == 1 &&
         p.dw == 1 && p.W % 8 == 0 && 2 * p.OW == p.W;
}

// One plane of ResNet's stem, values alone, the window's rows first: each output row takes the
// maximum of its (up to) three input rows, column by column, and then of three neighbouring
// columns of that, eight columns (four outputs) at a time: evens are column 2 ow, odds 2 ow + 1,
// and the odds moved one lane over are 2 ow - 1 (the padding, -inf, before column 0). That is
// 6 loads and 6 max_keep_first per four outputs, where the row-wise passes take about twice as
// many steps. (Two output rows at a time, sharing the row between them, load five rows for two
// instead of six, but measured about 10 % slower inside the heap.)
//
// The order of the taps differs from PyTorch's row-major one, which only shows where it picks
// between values that compare equal but differ in bits: NaN, which max_keep_first may drop, and
// +0 against -0. So the pass sums every input row once (a NaN makes the sum NaN, as does +inf
// meeting -inf, which only costs a redo) and returns false if it saw one, leaving the plane to
// the exact kernel; and a row with a zero output takes its zero outputs again with the scalar
// rule.

// An output row's three input rows. A window cut by the padding has two: its first counts
// twice, which changes no maximum, so that the middle and the bottom row are always the ones
// the row is the first to read (the top one is the row before's bottom, or, in the first
// row, the middle one): the NaN watch adds those two, with no choice inside the loop. Its two
// sums (one per half of the eight columns) keep two chains of adds, not one, waiting on the
// adder.
struct StemRows {
  const float* top;
  const float* middle;
  const float* bottom;
};

// The stem's window `o` along a side of `n` cells: 3 wide from 2 o - 1, cut to the input. Made
// where it is used, as the JS API runs the kernel once per batch of a few planes and a vector
// of spans would be allocated and filled for each.
inline Span stem_span(int64_t o, int64_t n) { return {std::max<int64_t>(2 * o - 1, 0), std::min(2 * o + 2, n), 0}; }

inline StemRows stem_rows(const float* plane, const Span& row, int64_t W) {
  const float* top = plane + row.begin * W;
  const int64_t count = row.end - row.begin;
  return {top, count > 2 ? top + W : top, top + (count - 1) * W};
}

// Four outputs from the column maxima of eight columns (c0: the first four).
inline simd::F4 stem_four(simd::F4 c0, simd::F4 c1, simd::F4& previous_odds) {
  const simd::F4 evens = simd::evens(c0, c1), odds = simd::odds(c0, c1);
  const simd::F4 best =
      simd::max_keep_first(simd::max_keep_first(simd::after(previous_odds, odds), evens), odds);
  previous_odds = odds;
  return best;
}

// The bit pattern of +inf: read as unsigned integers, floats from +0 to +inf are the patterns
// up to it, and every other float (negative, -0, NaN) lies above it.
constexpr uint32_t kInfinityBits = 0x7F800000u;

// kRows (1 or 2) output rows of the unsigned pass: `a`'s, and `b`'s below it, whose top row is
// a's bottom. Keeps the largest output in `largest`.
template <int kRows>
inline void stem_bits_rows(float* out, int64_t OW, StemRows a, StemRows b, simd::F4& largest) {
  const simd::F4 padding = simd::splat(0.0f);
  simd::F4 previous[2] = {padding, padding};
  for (int64_t x = 0; x < 2 * OW; x += 8) {
    simd::F4 column[2][2];
    for (int h = 0; h < 2; ++h) {
      const int64_t at = x + 4 * h;
      const simd::F4 shared = simd::load(a.bottom + at);
      column[0][h] = simd::max_bits(simd::max_bits(simd::load(a.top + at), simd::load(a.middle + at)), shared);
      if constexpr (kRows == 2) {
        column[1][h] = simd::max_bits(simd::max_bits(shared, simd::load(b.middle + at)), simd::load(b.bottom + at));
      }
    }
    for (int r = 0; r < kRows; ++r) {
      const simd::F4 evens = simd::evens(column[r][0], column[r][1]), odds = simd::odds(column[r][0], column[r][1]);
      const simd::F4 best = simd::max_bits(simd::max_bits(simd::after(previous[r], odds), evens), odds);
      previous[r] = odds;
      largest = simd::max_bits(largest, best);
      simd::store(out + r * OW + x / 2, best);
    }
  }
}

// The same plane on data of floats from +0 to +inf, as ResNet's stem sees after a ReLU: there
// the float maximum is the larger bit pattern read as unsigned (max_bits), ties have the same
// bits, and the padding can be +0 (whose pattern is no larger than any), so the order of the
// taps no longer matters and neither the NaN watch nor the zero redo is needed: 6 max_bits per
// four outputs, and one more that keeps the largest output. Output rows go in pairs that share
// a row (the first one's bottom is the second one's top), 5 loads per four outputs instead of
// 6: about 8 % less time on a batch of planes in cache (unlike the float pass, which has more
// registers live and was slower in pairs). Any other value of a window (every input is in
// one) makes its output's pattern larger than +inf's: then, checked after each pair of rows,
// the pass stops and returns false, and the plane goes to max_k3s2p1_plane.
bool max_k3s2p1_plane_nonnegative(float* out, const float* plane, const PoolPlan& p) {
  simd::F4 largest = simd::splat(0.0f);
  int64_t oh = 0;
  for (; oh + 1 < p.OH; oh += 2) {
    const StemRows a = stem_rows(plane, stem_span(oh, p.H), p.W);
    stem_bits_rows<2>(out + oh * p.OW, p.OW, a, stem_rows(plane, stem_span(oh + 1, p.H), p.W), largest);
    if (simd::any_bits_above(largest, kInfinityBits)) return false;
  }
  if (oh < p.OH) {
    const StemRows a = stem_rows(plane, stem_span(oh, p.H), p.W);
    stem_bits_rows<1>(out + oh * p.OW, p.OW, a, a, largest);
  }
  return !simd::any_bits_above(largest, kInfinityBits);
}

bool max_k3s2p1_plane(float* out, const float* plane, const PoolPlan& p) {
  const simd::F4 padding = simd::splat(-std::numeric_limits<float>::infinity());
  simd::F4 sums[2] = {simd::splat(0.0f), simd::splat(0.0f)};
  for (int64_t oh = 0; oh < p.OH; ++oh) {
    const Span row = stem_span(oh, p.H);
    const StemRows r = stem_rows(plane, row, p.W);
    float* out_row = out + oh * p.OW;
    simd::F4 previous_odds = padding;
    simd::F4 zeros = simd::splat(0.0f);
    for (int64_t x = 0; x < p.W; x += 8) {
      simd::F4 column[2];
      for (int h = 0; h < 2; ++h) {
        const simd::F4 t = simd::load(r.top + x + 4 * h), m = simd::load(r.middle + x + 4 * h);
        const simd::F4 b = simd::load(r.bottom + x + 4 * h);
        sums[h] = simd::add(sums[h], simd::add(m, b));
        column[h] = simd::max_keep_first(simd::max_keep_first(t, m), b);
      }
      const simd::F4 best = stem_four(column[0], column[1], previous_odds);
      zeros = simd::either(zeros, simd::zero_lanes(best));
      simd::store(out_row + x / 2, best);
    }
    if (simd::any(zeros)) {
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        if (out_row[ow] == 0.0f) out_row[ow] = window_max(plane, p.W, row, stem_span(ow, p.W), 1, 1).value;
      }
    }
  }
  return !simd::any(simd::either(simd::nan_lanes(sums[0]), simd::nan_lanes(sums[1])));
}

// ResNet's stem (3 x 3, stride 2, padding 1) and every other stride-2 window but 2 x 2.
void max_pool2d_forward_s2_simd(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  if (is_k2s2(p)) return max_pool2d_forward_k2s2_simd(out, indices, in, p);
  if (indices != nullptr || !is_k3s2p1(p)) return max_forward_strided<2>(out, indices, in, p);
  max_planes_or_exact<2>(out, in, p, [&](float* out_plane, const float* plane) {
    return max_k3s2p1_plane_nonnegative(out_plane, plane, p) || max_k3s2p1_plane(out_plane, plane, p);
  });
}

// Global average pooling (one output per plane whose window covers the whole plane, as in
// ResNet's head): the sum of a plane's values in memory order from +0, which is the
// reference's row-by-row order, then divided. Lanes are planes: four planes are loaded four
// values at a time and transposed in registers, so each vector holds one tap of four planes;
// V such groups (sixteen planes) run side by side, so that V chains of adds, not one, wait on
// the adder.
template <int V>
inline void global_avg_planes(float* out, const float* in, int64_t n, const simd::Divider& divide) {
  simd::F4 sum[V];
  for (int v = 0; v < V; ++v) sum[v] = simd::splat(0.0f);
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    for (int v = 0; v < V; ++v) {
      const float* q = in + 4 * v * n + i;
      const simd::F4 a = simd::load(q), b = simd::load(q + n);
      const simd::F4 c = simd::load(q + 2 * n), d = simd::load(q + 3 * n);
      const simd::F4 ab_even = simd::evens(a, b), ab_odd = simd::odds(a, b);
      const simd::F4 cd_even = simd::evens(c, d), cd_odd = simd::odds(c, d);
      sum[v] = simd::add(sum[v], simd::evens(ab_even, cd_even));  // tap i of the four planes
      sum[v] = simd::add(sum[v], simd::evens(ab_odd, cd_odd));    // tap i + 1
      sum[v] = simd::add(sum[v], simd::odds(ab_even, cd_even));   // tap i + 2
      sum[v] = simd::add(sum[v], simd::odds(ab_odd, cd_odd));     // tap i + 3
    }
  }
  for (; i < n; ++i) {
    for (int v = 0; v < V; ++v) {
      const float* q = in + 4 * v * n + i;
      sum[v] = simd::add(sum[v], simd::make(q[0], q[n], q[2 * n], q[3 * n]));
    }
  }
  for (int v = 0; v < V; ++v) simd::store(out + 4 * v, divide(sum[v]));
}

bool is_global_average(const PoolPlan& p) {
  return p.OH == 1 && p.OW == 1 && p.kh - p.ph >= p.H && p.kw - p.pw >= p.W;
}

void avg_pool2d_forward_global_simd(float* out, const float* in, const PoolPlan& p) {
  if (!is_global_average(p)) return avg_pool2d_forward(out, in, p);
  const int64_t n = p.H * p.W;
  const Span row = avg_spans(1, p.H, p.kh, p.sh, p.ph)[0];
  const Span col = avg_spans(1, p.W, p.kw, p.sw, p.pw)[0];
  const simd::Divider divide(avg_divisor(p, row, col));
  int64_t c = 0;
  for (; c + 4 * kGroup <= p.planes; c += 4 * kGroup) global_avg_planes<kGroup>(out + c, in + c * n, n, divide);
  for (; c + 4 <= p.planes; c += 4) global_avg_planes<1>(out + c, in + c * n, n, divide);
  for (; c < p.planes; ++c) out[c] = window_sum(in + c * n, p.W, row, col) / avg_divisor(p, row, col);
}

}  // namespace pool::kernels
