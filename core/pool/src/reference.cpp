// The oracle kernels. Each window is walked tap by tap; a tap is classified as inside the
// input, inside the zero padding, or past the padding (only ceil_mode's last window reaches
// there, and PyTorch counts those taps in no divisor).
#include "pool/reference.h"

#include <cmath>
#include <limits>

namespace pool::reference {
namespace {

enum class Tap { kInput, kPadding, kBeyond };

Tap classify(int64_t y, int64_t size, int64_t pad) {
  if (y >= 0 && y < size) return Tap::kInput;
  if (y >= -pad && y < size + pad) return Tap::kPadding;
  return Tap::kBeyond;
}

// The divisor of average-pooling window (oh, ow): divisor_override, or the taps counted by
// count_include_pad.
int64_t avg_divisor(const PoolPlan& p, int64_t oh, int64_t ow) {
  if (p.divisor_override != 0) return p.divisor_override;
  int64_t inside = 0, padded = 0;
  for (int64_t i = 0; i < p.kh; ++i) {
    for (int64_t j = 0; j < p.kw; ++j) {
      Tap ty = classify(oh * p.sh - p.ph + i, p.H, p.ph);
      Tap tx = classify(ow * p.sw - p.pw + j, p.W, p.pw);
      if (ty == Tap::kBeyond || tx == Tap::kBeyond) continue;
      if (ty == Tap::kInput && tx == Tap::kInput) {
        ++inside;
      } else {
        ++padded;
      }
    }
  }
  return p.count_include_pad ? inside + padded : inside;
}

}  // namespace

void avg_pool2d_forward(float* out, const float* in, const PoolPlan& p) {
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        float sum = 0.0f;
        for (int64_t i = 0; i < p.kh; ++i) {
          for (int64_t j = 0; j < p.kw; ++j) {
            int64_t y = oh * p.sh - p.ph + i, x = ow * p.sw - p.pw + j;
            if (y >= 0 && y < p.H && x >= 0 && x < p.W) sum += in[(c * p.H + y) * p.W + x];
          }
        }
        out[(c * p.OH + oh) * p.OW + ow] = sum / static_cast<float>(avg_divisor(p, oh, ow));
      }
    }
  }
}

void avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& p) {
  for (int64_t n = 0; n < p.input_size(); ++n) grad_in[n] = 0.0f;
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        float share = grad_out[(c * p.OH + oh) * p.OW + ow] /
                      static_cast<float>(avg_divisor(p, oh, ow));
        for (int64_t i = 0; i < p.kh; ++i) {
          for (int64_t j = 0; j < p.kw; ++j) {
            int64_t y = oh * p.sh - p.ph + i, x = ow * p.sw - p.pw + j;
            if (y >= 0 && y < p.H && x >= 0 && x < p.W) grad_in[(c * p.H + y) * p.W + x] += share;
          }
        }
      }
    }
  }
}

void max_pool2d_forward(float* out, int32_t* indices, const float* in, const PoolPlan& p) {
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        float best = -std::numeric_limits<float>::infinity();
        int64_t best_index = -1, first_tap = -1;
        for (int64_t i = 0; i < p.kh; ++i) {
          for (int64_t j = 0; j < p.kw; ++j) {
            int64_t y = oh * p.sh - p.ph + i * p.dh, x = ow * p.sw - p.pw + j * p.dw;
            if (y < 0 || y >= p.H || x < 0 || x >= p.W) continue;  // padding never wins
            if (first_tap < 0) first_tap = y * p.W + x;
            float v = in[(c * p.H + y) * p.W + x];
            // Strictly greater: the first maximum wins a tie. A NaN always takes over.
            if (v > best || std::isnan(v)) {
              best = v;
              best_index = y * p.W + x;
            }
          }
        }
        // A window of -inf values reports its first tap, as PyTorch does.
        if (best_index < 0) best_index = first_tap;
        out[(c * p.OH + oh) * p.OW + ow] = best;
        indices[(c * p.OH + oh) * p.OW + ow] = static_cast<int32_t>(best_index);
      }
    }
  }
}

void max_pool2d_backward(float* grad_in, const int32_t* indices, const float* grad_out,
                         const PoolPlan& p) {
  for (int64_t n = 0; n < p.input_size(); ++n) grad_in[n] = 0.0f;
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t o = 0; o < p.OH * p.OW; ++o) {
      grad_in[c * p.H * p.W + indices[c * p.OH * p.OW + o]] += grad_out[c * p.OH * p.OW + o];
    }
  }
}

void adaptive_avg_pool2d_forward(float* out, const float* in, const PoolPlan& p) {
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      int64_t y0 = adaptive_start(oh, p.OH, p.H), y1 = adaptive_end(oh, p.OH, p.H);
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        int64_t x0 = adaptive_start(ow, p.OW, p.W), x1 = adaptive_end(ow, p.OW, p.W);
        float sum = 0.0f;
        for (int64_t y = y0; y < y1; ++y) {
          for (int64_t x = x0; x < x1; ++x) sum += in[(c * p.H + y) * p.W + x];
        }
        out[(c * p.OH + oh) * p.OW + ow] =
            adaptive_share(sum, y1 - y0, x1 - x0, p.OH == 1 && p.OW == 1);
      }
    }
  }
}

void adaptive_avg_pool2d_backward(float* grad_in, const float* grad_out, const PoolPlan& p) {
  for (int64_t n = 0; n < p.input_size(); ++n) grad_in[n] = 0.0f;
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      int64_t y0 = adaptive_start(oh, p.OH, p.H), y1 = adaptive_end(oh, p.OH, p.H);
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        int64_t x0 = adaptive_start(ow, p.OW, p.W), x1 = adaptive_end(ow, p.OW, p.W);
        float share = adaptive_share(grad_out[(c * p.OH + oh) * p.OW + ow], y1 - y0, x1 - x0,
                                     p.OH == 1 && p.OW == 1);
        for (int64_t y = y0; y < y1; ++y) {
          for (int64_t x = x0; x < x1; ++x) grad_in[(c * p.H + y) * p.W + x] += share;
        }
      }
    }
  }
}

void adaptive_max_pool2d_forward(float* out, int32_t* indices, const float* in,
                                 const PoolPlan& p) {
  for (int64_t c = 0; c < p.planes; ++c) {
    for (int64_t oh = 0; oh < p.OH; ++oh) {
      int64_t y0 = adaptive_start(oh, p.OH, p.H), y1 = adaptive_end(oh, p.OH, p.H);
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        int64_t x0 = adaptive_start(ow, p.OW, p.W), x1 = adaptive_end(ow, p.OW, p.W);
        float best = -std::numeric_limits<float>::infinity();
        int64_t best_index = y0 * p.W + x0;
        for (int64_t y = y0; y < y1; ++y) {
          for (int64_t x = x0; x < x1; ++x) {
            float v = in[(c * p.H + y) * p.W + x];
            if (v > best || std::isnan(v)) {
              best = v;
              best_index = y * p.W + x;
            }
          }
        }
        out[(c * p.OH + oh) * p.OW + ow] = best;
        indices[(c * p.OH + oh) * p.OW + ow] = static_cast<int32_t>(best_index);
      }
    }
  }
}

void adaptive_max_pool2d_backward(float* grad_in, const int32_t* indices, const float* grad_out,
                                  const PoolPlan& p) {
  max_pool2d_backward(grad_in, indices, grad_out, p);
}

}  // namespace pool::reference
