// Validation and geometry: turns a shape and PyTorch-style options into a PoolPlan, or into
// an Error whose message names the parameter and its value. The conditions are PyTorch's
// (aten/src/ATen/native/Pool.h, pool2d_shape_check), plus one of our own: max pooling whose
// window has no tap inside the input is rejected, because PyTorch reads out of bounds there.
#include <algorithm>
#include <numeric>
#include <string>

#include "common/sizes.h"
#include "pool/pool2d.h"

namespace pool {
namespace {

using core::check_dimensions;
using core::fail;
using core::kMaxElements;
using core::kMaxElementsText;
using core::kMaxOption;
using core::kMaxSide;
using core::kMaxSideText;
using core::kMinOption;

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

using std::to_string;
using core::describe;  // the Shape overload

std::string describe(Size2 s) {
  if (s.h == s.w) return to_string(s.h);
  return "(" + to_string(s.h) + ", " + to_string(s.w) + ")";
}

// Rank, then dimensions that are positive, but for the first `may_be_empty` (the batch, which
// may be 0 as in PyTorch), and a size that int32 indices can address.
std::optional<Error> check_input_shape(const Shape& shape, const char* name, size_t may_be_empty) {
  if (shape.size() != 3 && shape.size() != 4) {
    return Error{name, std::string(name) + " " + describe(shape) +
                           " must have 3 dimensions (C, H, W) or 4 (N, C, H, W), not " +
                           to_string(shape.size())};
  }
  return check_dimensions(shape, name, may_be_empty);
}

std::optional<Error> check_positive(Size2 s, const char* name) {
  if (s.h <= 0 || s.w <= 0) {
    return Error{name, std::string(name) + " must be positive, got " + describe(s)};
  }
  if (s.h > kMaxOption || s.w > kMaxOption) {
    return Error{name, std::string(name) + " must be at most 2147483647, got " + describe(s)};
  }
  return std::nullopt;
}

// How many of a window's taps lie in the input: taps j in [0, k) at start + j * d, those in
// [0, in). In closed form, since a loop over taps would take as long as the padding is wide:
// the first at or right of 0 is tap ceil(-start / d).
int64_t taps_inside(int64_t in, int64_t start, int64_t k, int64_t d) {
  const int64_t first = start < 0 ? (-start + d - 1) / d : 0;
  if (first >= k || start + first * d >= in) return 0;
  return std::min(k - 1, (in - 1 - start) / d) - first + 1;
}

// Does every window along one side have at least one tap inside the input?
bool every_window_touches_input(int64_t in, int64_t out, int64_t k, int64_t s, int64_t p,
                                int64_t d) {
  for (int64_t o = 0; o < out; ++o) {
    if (taps_inside(in, o * s - p, k, d) == 0) return false;
  }
  return true;
}

void fill_planes(PoolPlan& plan, const Shape& shape) {
  plan.input_shape = shape;
  const size_t rank = shape.size();
  plan.planes = rank == 4 ? shape[0] * shape[1] : shape[0];
  plan.H = shape[rank - 2];
  plan.W = shape[rank - 1];
}

// The result's limits: at most kMaxElements in all, as an input, and sides of at most
// kMaxSide, whose kernels' per-row and per-column bookkeeping stays small. An empty batch, of
// no planes, is held to one plane's limits, so that plane_sizes() still fit an int32.
std::optional<Error> check_output(const PoolPlan& plan, const char* name, const std::string& what) {
  if (plan.OH > kMaxSide || plan.OW > kMaxSide) {
    return Error{name, what + " gives an output of " + to_string(plan.OH) + " x " +
                           to_string(plan.OW) + ", a side longer than " + kMaxSideText +
                           ", the most the core takes"};
  }
  const int64_t planes = plan.planes > 0 ? plan.planes : 1;
  if (plan.OH * plan.OW > kMaxElements / planes) {
    return Error{name, what + " gives an output of " + to_string(planes) + " x " +
                           to_string(plan.OH) + " x " + to_string(plan.OW) + ", more than " +
                           kMaxElementsText + " elements, the most the core takes"};
  }
  return std::nullopt;
}

constexpr const char* kMaxWorkText = "268435456";
static_assert(kMaxWork == 268435456, "kMaxWorkText spells kMaxWork");

// The taps inside the input of one side's windows, summed: what the kernels' spans read.
int64_t side_taps(int64_t in, int64_t out, int64_t k, int64_t s, int64_t p, int64_t d) {
  int64_t taps = 0;
  for (int64_t o = 0; o < out; ++o) taps += taps_inside(in, o * s - p, k, d);
  return taps;
}

// An adaptive side's windows cover the input's side once, plus their overlaps:
// in + out - gcd(in, out) cells in all (the sum of ceil((o + 1) in / out) - floor(o in / out)).
int64_t adaptive_side_taps(int64_t in, int64_t out) { return in + out - std::gcd(in, out); }

// A call's taps are planes * (its rows' taps) * (its columns' taps): each side's sum is at most
// out * in, so the product is at most (P * OH * OW) * (H * W), 2^52 within the element limits.
std::optional<Error> check_work(const PoolPlan& plan, int64_t row_taps, int64_t column_taps,
                                const char* name, const std::string& what) {
  const int64_t taps = plan.planes * row_taps * column_taps;
  if (taps <= kMaxWork) return std::nullopt;
  return Error{name, what + " gives " + to_string(plan.planes) + " x " + to_string(plan.OH) +
                         " x " + to_string(plan.OW) + " windows of " + to_string(taps) +
                         " taps in all, more than " + kMaxWorkText + ", the most a call takes"};
}

void fill_output_shape(PoolPlan& plan) {
  plan.output_shape = plan.input_shape;
  const size_t rank = plan.output_shape.size();
  plan.output_shape[rank - 2] = plan.OH;
  plan.output_shape[rank - 1] = plan.OW;
}

}  // namespace

int64_t pooled_output_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d,
                           bool ceil_mode) {
  if (s <= 0) return 0;  // no stride: no output (plans reject a stride below 1 first)
  int64_t out = floor_div(in + 2 * p - d * (k - 1) - 1 + (ceil_mode ? s - 1 : 0), s) + 1;
  if (ceil_mode && (out - 1) * s >= in + p) --out;
  return out;
}

Checked<PoolPlan> plan_pool2d(PoolKind kind, const Shape& input_shape,
                              const PoolOptions& options) {
  // PyTorch's "optional 0 dim batch size": N of (N, C, H, W), and nothing of (C, H, W).
  if (auto e = check_input_shape(input_shape, "shape", input_shape.size() == 4 ? 1 : 0)) {
    return fail<PoolPlan>(e->parameter, e->message);
  }
  const Size2 k = options.kernel;
  const Size2 s = options.stride.value_or(k);
  const Size2 p = options.padding;
  const Size2 d = kind == PoolKind::kMax ? options.dilation : Size2{1, 1};

  if (auto e = check_positive(k, "kernel_size")) return fail<PoolPlan>(e->parameter, e->message);
  if (auto e = check_positive(s, "stride")) return fail<PoolPlan>(e->parameter, e->message);
  if (auto e = check_positive(d, "dilation")) return fail<PoolPlan>(e->parameter, e->message);
  if (p.h < 0 || p.w < 0) {
    return fail<PoolPlan>("padding", "padding must not be negative, got " + describe(p));
  }
  if (p.h > kMaxOption || p.w > kMaxOption) {
    return fail<PoolPlan>("padding", "padding must be at most 2147483647, got " + describe(p));
  }
  if (p.h > k.h / 2 || p.w > k.w / 2) {
    return fail<PoolPlan>("padding", "padding " + describe(p) + " is more than half of kernel_size " +
                                         describe(k));
  }
  if (kind == PoolKind::kAverage && options.divisor_override && *options.divisor_override == 0) {
    return fail<PoolPlan>("divisor_override", "divisor_override must not be zero, got 0");
  }
  if (kind == PoolKind::kAverage && options.divisor_override &&
      (*options.divisor_override > kMaxOption || *options.divisor_override < kMinOption)) {
    return fail<PoolPlan>("divisor_override", "divisor_override must fit in 32 bits, got " +
                                                  to_string(*options.divisor_override));
  }

  PoolPlan plan;
  fill_planes(plan, input_shape);
  plan.kh = k.h, plan.kw = k.w, plan.sh = s.h, plan.sw = s.w;
  plan.ph = p.h, plan.pw = p.w, plan.dh = d.h, plan.dw = d.w;
  plan.count_include_pad = options.count_include_pad;
  plan.divisor_override =
      kind == PoolKind::kAverage && options.divisor_override ? *options.divisor_override : 0;
  plan.OH = pooled_output_size(plan.H, k.h, s.h, p.h, d.h, options.ceil_mode);
  plan.OW = pooled_output_size(plan.W, k.w, s.w, p.w, d.w, options.ceil_mode);
  if (plan.OH < 1 || plan.OW < 1) {
    std::string m = "kernel_size " + describe(k);
    if (kind == PoolKind::kMax && (d.h != 1 || d.w != 1)) m += " with dilation " + describe(d);
    m += " does not fit the " + to_string(plan.H) + " x " + to_string(plan.W) +
         " input with padding " + describe(p) + ": the output would be " + to_string(plan.OH) +
         " x " + to_string(plan.OW);
    return fail<PoolPlan>("kernel_size", m);
  }
  const std::string setting =
      "kernel_size " + describe(k) + " with stride " + describe(s) + " and padding " + describe(p);
  if (auto e = check_output(plan, "kernel_size", setting)) return fail<PoolPlan>(e->parameter, e->message);
  if (kind == PoolKind::kMax &&
      (!every_window_touches_input(plan.H, plan.OH, k.h, s.h, p.h, d.h) ||
       !every_window_touches_input(plan.W, plan.OW, k.w, s.w, p.w, d.w))) {
    return fail<PoolPlan>("dilation", "dilation " + describe(d) + " with padding " + describe(p) +
                                          " puts a whole window in the padding of the " +
                                          to_string(plan.H) + " x " + to_string(plan.W) +
                                          " input, so it has no maximum");
  }
  if (auto e = check_work(plan, side_taps(plan.H, plan.OH, k.h, s.h, p.h, d.h),
                          side_taps(plan.W, plan.OW, k.w, s.w, p.w, d.w), "kernel_size", setting)) {
    return fail<PoolPlan>(e->parameter, e->message);
  }
  fill_output_shape(plan);
  return core::succeed(plan);
}

Checked<PoolPlan> plan_adaptive_pool2d(const Shape& input_shape, OutputSize output_size,
                                       bool empty_channels) {
  // PyTorch's adaptive pooling wants "non-zero size for non-batch dimensions", its batch being
  // the first dimension of either rank; its adaptive_avg_pool2d forward wants only H and W.
  const size_t may_be_empty = empty_channels ? input_shape.size() - 2 : 1;
  if (auto e = check_input_shape(input_shape, "shape", may_be_empty)) {
    return fail<PoolPlan>(e->parameter, e->message);
  }
  PoolPlan plan;
  fill_planes(plan, input_shape);
  // A side left out (PyTorch's None) keeps the input's size.
  const Size2 size{output_size.h.value_or(plan.H), output_size.w.value_or(plan.W)};
  if (auto e = check_positive(size, "output_size")) {
    return fail<PoolPlan>(e->parameter, e->message);
  }
  plan.OH = size.h;
  plan.OW = size.w;
  const std::string setting = "output_size " + describe(size);
  if (auto e = check_output(plan, "output_size", setting)) return fail<PoolPlan>(e->parameter, e->message);
  if (auto e = check_work(plan, adaptive_side_taps(plan.H, plan.OH),
                          adaptive_side_taps(plan.W, plan.OW), "output_size", setting)) {
    return fail<PoolPlan>(e->parameter, e->message);
  }
  fill_output_shape(plan);
  return core::succeed(plan);
}

}  // namespace pool
