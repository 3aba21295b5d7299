// Planes-as-lanes kernels (see below). A file of their own so that CMakeLists.txt can build
// them for size (-Os): they serve the settings the specialised kernels in kernels_simd.cpp do
// not, and every byte of the core is downloaded by every learner.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "pool/kernels.h"
#include "simd.h"
#include "spans.h"

namespace pool::kernels {

// Planes as lanes: for the settings no other vector kernel takes (a stride of 2 or more along
// the width with a kernel other than 2 x 2, global pooling, large windows, adaptive pooling's
// forward, the average's backward beyond 2 x 2), four planes go side by side, lane q of every
// vector holding plane c + q, so each tap of a window is one load for four planes, whatever
// the window. Each lane then runs the scalar kernel's loop over the same spans, in the same
// order, so results are the scalar kernel's bits. The planes are interleaved into a scratch
// buffer by 4 x 4 transposes and the results taken out of lanes afterwards. A last group of
// one to three planes runs the scalar kernel.

namespace {

// lanes[4 * i + q] = planes[q * n + i] for four planes of n values.
void interleave4(float* lanes, const float* planes, int64_t n) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const simd::F4 a = simd::load(planes + i), b = simd::load(planes + n + i);
    const simd::F4 c = simd::load(planes + 2 * n + i), d = simd::load(planes + 3 * n + i);
    const simd::F4 ab_even = simd::evens(a, b), ab_odd = simd::odds(a, b);
    const simd::F4 cd_even = simd::evens(c, d), cd_odd = simd::odds(c, d);
    simd::store(lanes + 4 * i, simd::evens(ab_even, cd_even));
    simd::store(lanes + 4 * i + 4, simd::evens(ab_odd, cd_odd));
    simd::store(lanes + 4 * i + 8, simd::odds(ab_even, cd_even));
    simd::store(lanes + 4 * i + 12, simd::odds(ab_odd, cd_odd));
  }
  for (; i < n; ++i) {
    for (int q = 0; q < 4; ++q) lanes[4 * i + q] = planes[q * n + i];
  }
}

// The inverse, for results: planes[q * n + i] = lanes[4 * i + q].
template <class T>
void deinterleave4(T* planes, const T* lanes, int64_t n) {
  for (int q = 0; q < 4; ++q) {
    for (int64_t i = 0; i < n; ++i) planes[q * n + i] = lanes[4 * i + q];
  }
}

// The planes of `p` from `first` on, as a plan of their own (for a last group of fewer than four).
PoolPlan planes_from(const PoolPlan& p, int64_t first) {
  PoolPlan rest = p;
  rest.planes = p.planes - first;
  return rest;
}

// The average forward over given spans. `adaptive`: the windows are adaptive pooling's, whose
// sum is divided as adaptive_share() does; otherwise by avg_divisor(). `scalar` takes the
// planes that do not make a four.
void avg_forward_lanes(float* out, const float* in, const PoolPlan& p, const std::vector<Span>& rows,
                       const std::vector<Span>& cols, bool adaptive, AvgForward* scalar) {
  if (p.planes < kLanePlanes) return scalar(out, in, p);
  const int64_t n = p.H * p.W, m = p.OH * p.OW;
  // Scratch that every group overwrites whole, so left uninitialised.
  const std::unique_ptr<float[]> lanes(new float[4 * n]), results(new float[4 * m]);
  const bool one_by_one = p.OH == 1 && p.OW == 1;
  int64_t c = 0;
  for (; c + 4 <= p.planes; c += 4) {
    interleave4(lanes.get(), in + c * n, n);
    float* result = results.get();
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow, result += 4) {
        const Span& col = cols[ow];
        simd::F4 sum = simd::splat(0.0f);
        for (int64_t y = row.begin; y < row.end; ++y) {
          const float* line = lanes.get() + 4 * y * p.W;
          for (int64_t x = col.begin; x < col.end; ++x) sum = simd::add(sum, simd::load(line + 4 * x));
        }
        if (!adaptive) {
          sum = simd::div(sum, simd::splat(avg_divisor(p, row, col)));
        } else if (one_by_one) {
          sum = simd::div(sum, simd::splat(static_cast<float>(row.padded_count * col.padded_count)));
        } else {
          sum = simd::div(simd::div(sum, simd::splat(static_cast<float>(row.padded_count))),
                          simd::splat(static_cast<float>(col.padded_count)));
        }
        simd::store(result, sum);
      }
    }
    deinterleave4(out + c * m, results.get(), m);
  }
  if (c < p.planes) scalar(out + c * m, in + c * n, planes_from(p, c));
}

}  // namespace

void avg_pool2d_forward_lanes(float* out, const float* in, const PoolPlan& p) {
  avg_forward_lanes(out, in, p, avg_spans(p.OH, p.H, p.kh, p.sh, p.ph), avg_spans(p.OW, p.W, p.kw, p.sw, p.pw),
                    false, avg_pool2d_forward);
}

// As adaptive_avg_pool2d_forward (adaptive_share's division included), four planes at a time.
void adaptive_avg_pool2d_forward_lanes(float* out, const float* in, const PoolPlan& p) {
  avg_forward_lanes(out, in, p, adaptive_spans(p.OH, p.H), adaptive_spans(p.OW, p.W), true,
                    adaptive_avg_pool2d_forward);
}

// The gradient, four planes at a time: each output's share added over its window, in the
// scalar kernel's order, into interleaved planes that start at +0.
void avg_pool2d_backward_lanes(float* grad_in, const float* grad_out, const PoolPlan& p) {
  if (p.planes < kLanePlanes) return avg_pool2d_backward(grad_in, grad_out, p);
  const std::vector<Span> rows = avg_spans(p.OH, p.H, p.kh, p.sh, p.ph);
  const std::vector<Span> cols = avg_spans(p.OW, p.W, p.kw, p.sw, p.pw);
  const int64_t n = p.H * p.W, m = p.OH * p.OW;
  const std::unique_ptr<float[]> lanes(new float[4 * n]), grads(new float[4 * m]);
  int64_t c = 0;
  for (; c + 4 <= p.planes; c += 4) {
    interleave4(grads.get(), grad_out + c * m, m);
    std::memset(lanes.get(), 0, sizeof(float) * 4 * n);  // +0.0f: all bits zero
    const float* grad = grads.get();
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow, grad += 4) {
        const Span& col = cols[ow];
        const simd::F4 share = simd::div(simd::load(grad), simd::splat(avg_divisor(p, row, col)));
        for (int64_t y = row.begin; y < row.end; ++y) {
          float* line = lanes.get() + 4 * y * p.W;
          for (int64_t x = col.begin; x < col.end; ++x) simd::store(line + 4 * x, simd::add(simd::load(line + 4 * x), share));
        }
      }
    }
    deinterleave4(grad_in + c * n, lanes.get(), n);
  }
  if (c < p.planes) avg_pool2d_backward(grad_in + c * n, grad_out + c * m, planes_from(p, c));
}

namespace {

// The max forward over given spans, taking every dh-th row and dw-th column of them; `scalar`
// takes the planes that do not make a four.
void max_forward_lanes(float* out, int32_t* indices, const float* in, const PoolPlan& p,
                       const std::vector<Span>& rows, const std::vector<Span>& cols, int64_t dh,
                       int64_t dw, MaxForward* scalar) {
  if (p.planes < kLanePlanes) return scalar(out, indices, in, p);
  const int64_t n = p.H * p.W, m = p.OH * p.OW;
  const std::unique_ptr<float[]> lanes(new float[4 * n]), results(new float[4 * m]);
  const std::unique_ptr<int32_t[]> result_indices(new int32_t[4 * m]);
  const auto W = static_cast<int32_t>(p.W);
  int64_t c = 0;
  for (; c + 4 <= p.planes; c += 4) {
    interleave4(lanes.get(), in + c * n, n);
    float* result = results.get();
    int32_t* result_index = result_indices.get();
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow, result += 4, result_index += 4) {
        const Span& col = cols[ow];
        // As window_max: from -inf with the first tap's index; a greater value or NaN takes over.
        simd::F4 best = simd::splat(-std::numeric_limits<float>::infinity());
        simd::I4 best_index = simd::isplat(static_cast<int32_t>(row.begin) * W + static_cast<int32_t>(col.begin));
        // Without indices: the greatest value, the first of equals (which only tells +0 from -0
        // apart), with a lane that met a NaN made NaN at the end.
        simd::F4 nan = simd::splat(0.0f);
        for (int64_t y = row.begin; y < row.end; y += dh) {
          const float* line = lanes.get() + 4 * y * p.W;
          for (int64_t x = col.begin; x < col.end; x += dw) {
            const simd::F4 v = simd::load(line + 4 * x);
            if (indices == nullptr) {
              best = simd::max_keep_first(best, v);
              nan = simd::either(nan, simd::nan_lanes(v));
              continue;
            }
            const simd::F4 mask = simd::takes_over(v, best);
            best = simd::select(mask, v, best);
            best_index = simd::iselect(mask, simd::isplat(static_cast<int32_t>(y) * W + static_cast<int32_t>(x)), best_index);
          }
        }
        simd::store(result, simd::select(nan, simd::splat(std::numeric_limits<float>::quiet_NaN()), best));
        simd::istore(result_index, best_index);
      }
    }
    deinterleave4(out + c * m, results.get(), m);
    if (indices != nullptr) deinterleave4(indices + c * m, result_indices.get(), m);
  }
  if (c < p.planes) {
    scalar(out + c * m, indices == nullptr ? nullptr : indices + c * m, in + c * n, planes_from(p, c));
  }
}

}  // namespace

void max_pool2d_forward_lanes(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  max_forward_lanes(out, indices, in, p, max_spans(p.OH, p.H, p.kh, p.sh, p.ph, p.dh),
                    max_spans(p.OW, p.W, p.kw, p.sw, p.pw, p.dw), p.dh, p.dw, max_pool2d_forward);
}

void adaptive_max_pool2d_forward_lanes(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  max_forward_lanes(out, indices, in, p, adaptive_spans(p.OH, p.H), adaptive_spans(p.OW, p.W), 1, 1,
                    adaptive_max_pool2d_forward);
}

}  // namespace pool::kernels
