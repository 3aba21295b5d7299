// Four-lane kernels for the common shapes: 2 x 2 windows at stride 2, and any window at
// stride 1. Each lane computes one output and adds its taps in the scalar kernels' order, so
// the results are the reference's, bit for bit. Stride 2 needs one shuffle per pair of
// loads (evens and odds); stride 1 needs none, as neighbouring outputs read neighbouring
// columns. Columns near the padding, and the last few outputs of a row, take the scalar path.
#include <cmath>
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

// Enough interior columns to fill at least one group of four lanes?
bool has_four_interior_columns(const PoolPlan& p) {
  const InteriorColumns inner = interior_columns(p);
  return p.sw == 1 && inner.last - inner.first >= 4;
}

}  // namespace

Choice<AvgForward> choose_avg_forward(const PoolPlan& p) {
  if (is_k2s2(p)) {
    if (p.OW >= 4) return {"avg_pool2d_forward_k2s2_simd", avg_pool2d_forward_k2s2_simd};
    return {"avg_pool2d_forward_k2s2", avg_pool2d_forward_k2s2};
  }
  if (has_four_interior_columns(p)) return {"avg_pool2d_forward_s1_simd", avg_pool2d_forward_s1_simd};
  return {"avg_pool2d_forward", avg_pool2d_forward};
}

Choice<AvgBackward> choose_avg_backward(const PoolPlan& p) {
  if (is_k2s2(p)) {
    if (p.OW >= 4) return {"avg_pool2d_backward_k2s2_simd", avg_pool2d_backward_k2s2_simd};
    return {"avg_pool2d_backward_k2s2", avg_pool2d_backward_k2s2};
  }
  return {"avg_pool2d_backward", avg_pool2d_backward};
}

Choice<MaxForward> choose_max_forward(const PoolPlan& p) {
  if (is_k2s2(p) && p.OW >= 4) return {"max_pool2d_forward_k2s2_simd", max_pool2d_forward_k2s2_simd};
  if (has_four_interior_columns(p)) return {"max_pool2d_forward_s1_simd", max_pool2d_forward_s1_simd};
  return {"max_pool2d_forward", max_pool2d_forward};
}

Choice<MaxBackward> choose_max_backward(const PoolPlan&) {
  return {"max_pool2d_backward", max_pool2d_backward};
}

// (P, H, W) -> (P, H/2, W/2), four outputs at a time.
void avg_pool2d_forward_k2s2_simd(float* out, const float* in, const PoolPlan& p) {
  const float divisor = p.divisor_override != 0 ? static_cast<float>(p.divisor_override) : 4.0f;
  const simd::F4 divisor4 = simd::splat(divisor), zero = simd::splat(0.0f);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_row = out + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, out_row += p.OW) {
      const float* top = plane + 2 * oh * p.W;
      const float* bottom = top + p.W;
      int64_t ow = 0;
      for (; ow + 4 <= p.OW; ow += 4) {
        const simd::F4 t0 = simd::load(top + 2 * ow), t1 = simd::load(top + 2 * ow + 4);
        const simd::F4 b0 = simd::load(bottom + 2 * ow), b1 = simd::load(bottom + 2 * ow + 4);
        simd::F4 sum = simd::add(zero, simd::evens(t0, t1));
        sum = simd::add(sum, simd::odds(t0, t1));
        sum = simd::add(sum, simd::evens(b0, b1));
        sum = simd::add(sum, simd::odds(b0, b1));
        simd::store(out_row + ow, simd::div(sum, divisor4));
      }
      for (; ow < p.OW; ++ow) {
        float sum = 0.0f + top[2 * ow];
        sum += top[2 * ow + 1];
        sum += bottom[2 * ow];
        sum += bottom[2 * ow + 1];
        out_row[ow] = sum / divisor;
      }
    }
  }
}

// (P, H/2, W/2) -> (P, H, W): every cell is written once (windows do not overlap), so there
// is no separate zero fill; cells no window covers (an odd last row or column) get 0.
void avg_pool2d_backward_k2s2_simd(float* grad_in, const float* grad_out, const PoolPlan& p) {
  const float divisor = p.divisor_override != 0 ? static_cast<float>(p.divisor_override) : 4.0f;
  const simd::F4 divisor4 = simd::splat(divisor), zero = simd::splat(0.0f);
  for (int64_t c = 0; c < p.planes; ++c) {
    float* plane = grad_in + c * p.H * p.W;
    const float* grad_row = grad_out + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, grad_row += p.OW) {
      float* top = plane + 2 * oh * p.W;
      float* bottom = top + p.W;
      int64_t ow = 0;
      for (; ow + 4 <= p.OW; ow += 4) {
        // Adding to +0 as the reference's zero-filled buffer does turns -0 into +0.
        const simd::F4 share = simd::add(zero, simd::div(simd::load(grad_row + ow), divisor4));
        const simd::F4 low = simd::twice_low(share), high = simd::twice_high(share);
        simd::store(top + 2 * ow, low);
        simd::store(top + 2 * ow + 4, high);
        simd::store(bottom + 2 * ow, low);
        simd::store(bottom + 2 * ow + 4, high);
      }
      for (; ow < p.OW; ++ow) {
        const float share = 0.0f + grad_row[ow] / divisor;
        top[2 * ow] = top[2 * ow + 1] = bottom[2 * ow] = bottom[2 * ow + 1] = share;
      }
      for (int64_t x = 2 * p.OW; x < p.W; ++x) top[x] = bottom[x] = 0.0f;
    }
    std::fill(plane + 2 * p.OH * p.W, plane + p.H * p.W, 0.0f);
  }
}

// (P, H, W) -> (P, H/2, W/2) maxima and indices, four outputs at a time, with the scalar
// kernel's rules: strictly greater takes over, and so does NaN.
void max_pool2d_forward_k2s2_simd(float* out, int32_t* indices, const float* in,
                                  const PoolPlan& p) {
  const simd::F4 minus_inf = simd::splat(-std::numeric_limits<float>::infinity());
  const int32_t W = static_cast<int32_t>(p.W);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_row = out + c * p.OH * p.OW;
    int32_t* index_row = indices + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, out_row += p.OW, index_row += p.OW) {
      const float* top = plane + 2 * oh * p.W;
      const float* bottom = top + p.W;
      const int32_t top_index = static_cast<int32_t>(2 * oh) * W;
      int64_t ow = 0;
      for (; ow + 4 <= p.OW; ow += 4) {
        const simd::F4 t0 = simd::load(top + 2 * ow), t1 = simd::load(top + 2 * ow + 4);
        const simd::F4 b0 = simd::load(bottom + 2 * ow), b1 = simd::load(bottom + 2 * ow + 4);
        const simd::F4 taps[4] = {simd::evens(t0, t1), simd::odds(t0, t1), simd::evens(b0, b1),
                                  simd::odds(b0, b1)};
        const simd::I4 first = simd::iramp(top_index + static_cast<int32_t>(2 * ow), 2);
        const simd::I4 tap_index[4] = {first, simd::iadd(first, simd::isplat(1)),
                                       simd::iadd(first, simd::isplat(W)),
                                       simd::iadd(first, simd::isplat(W + 1))};
        simd::F4 best = minus_inf;
        simd::I4 best_index = first;
        for (int t = 0; t < 4; ++t) {
          const simd::F4 mask = simd::takes_over(taps[t], best);
          best = simd::select(mask, taps[t], best);
          best_index = simd::iselect(mask, tap_index[t], best_index);
        }
        simd::store(out_row + ow, best);
        simd::istore(index_row + ow, best_index);
      }
      for (; ow < p.OW; ++ow) {
        const float taps[4] = {top[2 * ow], top[2 * ow + 1], bottom[2 * ow], bottom[2 * ow + 1]};
        const int32_t first = top_index + static_cast<int32_t>(2 * ow);
        const int32_t tap_index[4] = {first, first + 1, first + W, first + W + 1};
        float best = -std::numeric_limits<float>::infinity();
        int32_t best_index = first;
        for (int t = 0; t < 4; ++t) {
          if (taps[t] > best || std::isnan(taps[t])) {
            best = taps[t];
            best_index = tap_index[t];
          }
        }
        out_row[ow] = best;
        index_row[ow] = best_index;
      }
    }
  }
}

// (P, H, W) -> (P, OH, OW) for stride 1 along the width and any kernel, padding, row stride,
// ceil_mode and divisor. Lanes are four neighbouring outputs; their windows start one column
// apart, so each tap is one unaligned load.
void avg_pool2d_forward_s1_simd(float* out, const float* in, const PoolPlan& p) {
  const std::vector<Span> rows = avg_spans(p.OH, p.H, p.kh, p.sh, p.ph);
  const std::vector<Span> cols = avg_spans(p.OW, p.W, p.kw, p.sw, p.pw);
  const InteriorColumns inner = interior_columns(p);
  const simd::F4 zero = simd::splat(0.0f);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      float* out_row = out + (c * p.OH + oh) * p.OW;
      auto scalar = [&](int64_t ow) {
        const Span& col = cols[ow];
        float sum = 0.0f;
        for (int64_t y = row.begin; y < row.end; ++y) {
          for (int64_t x = col.begin; x < col.end; ++x) sum += plane[y * p.W + x];
        }
        out_row[ow] = sum / avg_divisor(p, row, col);
      };
      int64_t ow = 0;
      for (; ow < inner.first; ++ow) scalar(ow);
      // Inner columns share one divisor: the full kernel width times this row's count.
      const simd::F4 divisor =
          simd::splat(inner.first < inner.last ? avg_divisor(p, row, cols[inner.first]) : 1.0f);
      for (; ow + 4 <= inner.last; ow += 4) {
        simd::F4 sum = zero;
        for (int64_t y = row.begin; y < row.end; ++y) {
          const float* line = plane + y * p.W + (ow - p.pw);
          for (int64_t j = 0; j < p.kw; ++j) sum = simd::add(sum, simd::load(line + j));
        }
        simd::store(out_row + ow, simd::div(sum, divisor));
      }
      for (; ow < p.OW; ++ow) scalar(ow);
    }
  }
}

// (P, H, W) -> (P, OH, OW) maxima and indices for stride 1 along the width, any kernel,
// padding, dilation and row stride.
void max_pool2d_forward_s1_simd(float* out, int32_t* indices, const float* in,
                                const PoolPlan& p) {
  const std::vector<Span> rows = max_spans(p.OH, p.H, p.kh, p.sh, p.ph, p.dh);
  const std::vector<Span> cols = max_spans(p.OW, p.W, p.kw, p.sw, p.pw, p.dw);
  const InteriorColumns inner = interior_columns(p);
  const simd::F4 minus_inf = simd::splat(-std::numeric_limits<float>::infinity());
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      float* out_row = out + (c * p.OH + oh) * p.OW;
      int32_t* index_row = indices + (c * p.OH + oh) * p.OW;
      auto scalar = [&](int64_t ow) {
        const Span& col = cols[ow];
        float best = -std::numeric_limits<float>::infinity();
        int64_t best_index = row.begin * p.W + col.begin;
        for (int64_t y = row.begin; y < row.end; y += p.dh) {
          for (int64_t x = col.begin; x < col.end; x += p.dw) {
            const float v = plane[y * p.W + x];
            if (v > best || std::isnan(v)) {
              best = v;
              best_index = y * p.W + x;
            }
          }
        }
        out_row[ow] = best;
        index_row[ow] = static_cast<int32_t>(best_index);
      };
      int64_t ow = 0;
      for (; ow < inner.first; ++ow) scalar(ow);
      for (; ow + 4 <= inner.last; ow += 4) {
        const int64_t x0 = ow - p.pw;
        simd::F4 best = minus_inf;
        simd::I4 best_index = simd::iramp(static_cast<int32_t>(row.begin * p.W + x0), 1);
        for (int64_t y = row.begin; y < row.end; y += p.dh) {
          const float* line = plane + y * p.W + x0;
          for (int64_t j = 0; j < p.kw; ++j) {
            const simd::F4 v = simd::load(line + j * p.dw);
            const simd::F4 mask = simd::takes_over(v, best);
            best = simd::select(mask, v, best);
            best_index = simd::iselect(
                mask, simd::iramp(static_cast<int32_t>(y * p.W + x0 + j * p.dw), 1), best_index);
          }
        }
        simd::store(out_row + ow, best);
        simd::istore(index_row + ow, best_index);
      }
      for (; ow < p.OW; ++ow) scalar(ow);
    }
  }
}

}  // namespace pool::kernels
