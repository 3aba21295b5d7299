// The activation family's differential target. There are no fast kernels (the reference kernels
// are the ones the course runs), so it compares what there is:
//
// - the checked API (forward, backward) against the reference kernel called directly, bit for
//   bit (any NaN equals any NaN), on every activation and option, values with NaN, +-inf, +-0
//   and denormals;
// - each backward against a central finite difference of its forward, element by element,
//   where the function is smooth and finite: |x| <= 16, the step not straddling a kink (ReLU's
//   and ELU's at 0), |beta| <= 4 for swish, alpha anywhere finite. The tolerance is loose
//   (1e-3 absolute plus 1e-2 relative, plus the forward's float32 rounding over the step, all
//   times |grad_output|, plus 16 denorm_min for denormal products), so
//   it catches a wrong formula, a sign, a lost factor of alpha or beta, not the last bits.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "activations/decode.h"

namespace {

using namespace fuzz::activations_fuzz;

void require(bool condition, const char* what) {
  fuzz::activations_fuzz::require(condition, "activations_kernels_fuzzer", what);
}

constexpr float kStep = 1e-2f;
constexpr float kLargestChecked = 16.0f;

// Whether a central difference at x (from x - h to x + h) measures the derivative.
bool smooth_at(Activation a, const ActivationOptions& o, float x) {
  if (!std::isfinite(x) || std::abs(x) > kLargestChecked) return false;
  switch (a) {
    case Activation::kRelu:
    case Activation::kElu: return std::abs(x) > 2 * kStep;  // the kink at 0
    case Activation::kSwish: return std::abs(o.beta) <= 4;   // curvature grows as beta^2
    default: return true;
  }
}

void check_finite_differences(Activation a, const ActivationOptions& o, const std::vector<float>& x,
                              const std::vector<float>& g, const std::vector<float>& grad) {
  const size_t n = x.size();
  std::vector<float> up(n), down(n), y_up(n), y_down(n);
  for (size_t i = 0; i < n; ++i) {
    up[i] = x[i] + kStep;
    down[i] = x[i] - kStep;
  }
  const auto forward_up = forward(a, up, o), forward_down = forward(a, down, o);
  require(forward_up.ok() && forward_down.ok(), "a valid forward runs on any values");
  for (size_t i = 0; i < n; ++i) {
    if (!smooth_at(a, o, x[i]) || !std::isfinite(g[i]) || !std::isfinite(grad[i])) continue;
    const double hi = (*forward_up.value)[i], lo = (*forward_down.value)[i];
    if (!std::isfinite(hi) || !std::isfinite(lo)) continue;
    const double width = static_cast<double>(up[i]) - down[i];  // the step as float32 has it
    const double slope = (hi - lo) / width;
    const double rounding = 4.0 * FLT_EPSILON * (std::abs(hi) + std::abs(lo)) / width;
    // Where grad_output is tiny the products are denormal: a few ulps of denorm_min each.
    const double tolerance =
        std::abs(static_cast<double>(g[i])) * (1e-3 + 1e-2 * std::abs(slope) + rounding) +
        16.0 * std::numeric_limits<float>::denorm_min();
    const double expected = static_cast<double>(g[i]) * slope;
    if (std::abs(grad[i] - expected) > tolerance) {
      std::fprintf(stderr,
                   "activation %d, approximate %d, alpha %.9g, beta %.9g: x = %.9g, grad_output = "
                   "%.9g: backward %.9g, central difference %.9g (tolerance %.3g)\n",
                   static_cast<int>(a), static_cast<int>(o.approximate), o.alpha, o.beta, x[i], g[i],
                   grad[i], expected, tolerance);
      require(false, "backward == the central difference of forward");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Activation a = decode_activation(in, /*hostile=*/false);
  ActivationOptions o = decode_options(in, /*hostile=*/false);
  // Only valid calls here (the API target tries the invalid ones): options the checks accept.
  if (!std::isfinite(o.alpha) || std::abs(o.alpha) > FLT_MAX) o.alpha = 1.0;
  if (!std::isfinite(o.beta) || std::abs(o.beta) > FLT_MAX) o.beta = 1.0;
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 96);
  const std::vector<float> x = input_values(in, n);
  std::vector<float> g(n);
  for (float& value : g) {
    value = in.ConsumeIntegralInRange<int>(0, 3) == 0 ? input_value(in)
                                                      : in.ConsumeFloatingPointInRange<float>(-2, 2);
  }

  const auto y = forward(a, x, o);
  const auto grad = backward(a, g, x, o);
  require(y.ok() && grad.ok(), "a valid call is accepted");
  require(y.value->size() == n && grad.value->size() == n, "a result has input.size values");
  std::vector<float> expected(n, NAN);
  reference_forward(expected.data(), a, x.data(), static_cast<int64_t>(n), o);
  require(fuzz::same_floats(y.value->data(), expected.data(), n), "forward == the reference");
  std::fill(expected.begin(), expected.end(), NAN);
  reference_backward(expected.data(), a, g.data(), x.data(), static_cast<int64_t>(n), o);
  require(fuzz::same_floats(grad.value->data(), expected.data(), n), "backward == the reference");

  check_finite_differences(a, o, x, g, *grad.value);
  return 0;
}
