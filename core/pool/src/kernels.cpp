// The kernels the course runs. Where the reference walks every tap and asks whether it is in
// the input, these work out each output row's and column's span of input once, so the inner
// loops are plain runs over memory (the shape a SIMD version will keep). They add in the
// reference's order, so their results are bit-for-bit the reference's.
#include "pool/kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "spans.h"

namespace pool::kernels {

bool is_k2s2(const PoolPlan& p) {
  return p.kh == 2 && p.kw == 2 && p.sh == 2 && p.sw == 2 && p.ph == 0 && p.pw == 0 &&
         p.dh == 1 && p.dw == 1 && 2 * p.OH <= p.H && 2 * p.OW <= p.W;
}

// (P, H, W) -> (P, H/2, W/2): each output is its 2 x 2 block's sum over the divisor.
void avg_pool2d_forward_k2s2(float* out, const float* in, const PoolPlan& p) {
  const float divisor = p.divisor_override != 0 ? static_cast<float>(p.divisor_override) : 4.0f;
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    float* out_row = out + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, out_row += p.OW) {
      const float* top = plane + 2 * oh * p.W;
      const float* bottom = top + p.W;
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        // Start from +0 as the reference does, so a block of -0 gives +0 too.
        float sum = 0.0f + top[2 * ow];
        sum += top[2 * ow + 1];
        sum += bottom[2 * ow];
        sum += bottom[2 * ow + 1];
        out_row[ow] = sum / divisor;
      }
    }
  }
}

// (P, H/2, W/2) -> (P, H, W): each gradient shared equally by its 2 x 2 block.
void avg_pool2d_backward_k2s2(float* grad_in, const float* grad_out, const PoolPlan& p) {
  const float divisor = p.divisor_override != 0 ? static_cast<float>(p.divisor_override) : 4.0f;
  std::memset(grad_in, 0, sizeof(float) * p.input_size());  // +0.0f: all bits zero
  for (int64_t c = 0; c < p.planes; ++c) {
    float* plane = grad_in + c * p.H * p.W;
    const float* grad_row = grad_out + c * p.OH * p.OW;
    for (int64_t oh = 0; oh < p.OH; ++oh, grad_row += p.OW) {
      float* top = plane + 2 * oh * p.W;
      float* bottom = top + p.W;
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const float share = grad_row[ow] / divisor;
        top[2 * ow] += share;
        top[2 * ow + 1] += share;
        bottom[2 * ow] += share;
        bottom[2 * ow + 1] += share;
      }
    }
  }
}

// (P, H, W) -> (P, OH, OW): any kernel, stride, padding, ceil_mode and divisor.
void avg_pool2d_forward(float* out, const float* in, const PoolPlan& p) {
  const std::vector<Span> rows = avg_spans(p.OH, p.H, p.kh, p.sh, p.ph);
  const std::vector<Span> cols = avg_spans(p.OW, p.W, p.kw, p.sw, p.pw);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const Span& col = cols[ow];
        out[(c * p.OH + oh) * p.OW + ow] =
            window_sum(plane, p.W, row, col) / avg_divisor(p, row, col);
      }
    }
  }
}

// (P, OH, OW) -> (P, H, W): each gradient over its window's divisor; overlaps add up.
void avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& p) {
  const std::vector<Span> rows = avg_spans(p.OH, p.H, p.kh, p.sh, p.ph);
  const std::vector<Span> cols = avg_spans(p.OW, p.W, p.kw, p.sw, p.pw);
  std::memset(grad_in, 0, sizeof(float) * p.input_size());  // +0.0f: all bits zero
  for (int64_t c = 0; c < p.planes; ++c) {
    float* plane = grad_in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const Span& col = cols[ow];
        const float share = grad_out[(c * p.OH + oh) * p.OW + ow] / avg_divisor(p, row, col);
        add_to_window(plane, p.W, row, col, share);
      }
    }
  }
}

// (P, H, W) -> (P, OH, OW) maxima and their flat indices in the plane. The first maximum
// wins a tie; a NaN takes over (so the last NaN is reported), as in PyTorch.
void max_pool2d_forward(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  const std::vector<Span> rows = max_spans(p.OH, p.H, p.kh, p.sh, p.ph, p.dh);
  const std::vector<Span> cols = max_spans(p.OW, p.W, p.kw, p.sw, p.pw, p.dw);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const WindowMax m = window_max(plane, p.W, row, cols[ow], p.dh, p.dw);
        out[(c * p.OH + oh) * p.OW + ow] = m.value;
        if (indices != nullptr) indices[(c * p.OH + oh) * p.OW + ow] = m.index;
      }
    }
  }
}

// (P, OH, OW) -> (P, H, W): each gradient goes whole to its window's maximum.
void max_pool2d_backward(float* grad_in, const int32_t* indices, const float* grad_out,
                         const PoolPlan& p) {
  std::memset(grad_in, 0, sizeof(float) * p.input_size());  // +0.0f: all bits zero
  const int64_t outputs = p.OH * p.OW;
  for (int64_t c = 0; c < p.planes; ++c) {
    float* plane = grad_in + c * p.H * p.W;
    const int32_t* plane_indices = indices + c * outputs;
    const float* plane_grad = grad_out + c * outputs;
    for (int64_t o = 0; o < outputs; ++o) plane[plane_indices[o]] += plane_grad[o];
  }
}

// (P, H, W) -> (P, OH, OW): window o covers [floor(o*in/out), ceil((o+1)*in/out)).
void adaptive_avg_pool2d_forward(float* out, const float* in, const PoolPlan& p) {
  const std::vector<Span> rows = adaptive_spans(p.OH, p.H);
  const std::vector<Span> cols = adaptive_spans(p.OW, p.W);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const Span& col = cols[ow];
        out[(c * p.OH + oh) * p.OW + ow] =
            adaptive_share(window_sum(plane, p.W, row, col), row.padded_count,
                           col.padded_count, p.OH == 1 && p.OW == 1);
      }
    }
  }
}

// (P, OH, OW) -> (P, H, W)
void adaptive_avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& p) {
  const std::vector<Span> rows = adaptive_spans(p.OH, p.H);
  const std::vector<Span> cols = adaptive_spans(p.OW, p.W);
  std::memset(grad_in, 0, sizeof(float) * p.input_size());  // +0.0f: all bits zero
  for (int64_t c = 0; c < p.planes; ++c) {
    float* plane = grad_in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const Span& col = cols[ow];
        const float share = adaptive_share(grad_out[(c * p.OH + oh) * p.OW + ow],
                                           row.padded_count, col.padded_count,
                                           p.OH == 1 && p.OW == 1);
        add_to_window(plane, p.W, row, col, share);
      }
    }
  }
}

// (P, H, W) -> (P, OH, OW) maxima and indices, with max pooling's tie and NaN rules.
void adaptive_max_pool2d_forward(float* out, int32_t* indices, const float* in,
                                 const PoolPlan& p) {
  const std::vector<Span> rows = adaptive_spans(p.OH, p.H);
  const std::vector<Span> cols = adaptive_spans(p.OW, p.W);
  for (int64_t c = 0; c < p.planes; ++c) {
    const float* plane = in + c * p.H * p.W;
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      const Span& row = rows[oh];
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        const WindowMax m = window_max(plane, p.W, row, cols[ow], 1, 1);
        out[(c * p.OH + oh) * p.OW + ow] = m.value;
        if (indices != nullptr) indices[(c * p.OH + oh) * p.OW + ow] = m.index;
      }
    }
  }
}

}  // namespace pool::kernels
