// The loss family's differential target. There are no fast kernels (the reference kernels are
// the ones the course runs), so it compares what there is, on valid calls only (the API target
// tries the invalid ones):
//
// - the reductions against the 'none' terms: 'sum' and 'mean' equal reference::reduce of the
//   terms the 'none' call gives, bit for bit (any NaN equals any NaN), on any values;
// - the reduced backward against the 'none' backward: with grad_output g, 'sum' equals 'none'
//   with g for every term, bit for bit where the kernel's factor is exact (norm 1);
// - each backward against a central finite difference of its forward, term by term: on finite
//   values within [-12, 12], the Huber loss's step not straddling a kink (|d| = delta). The
//   tolerance (1e-3 absolute plus 1e-2 relative, plus the forward's float32 rounding over the
//   step, times |grad_output|) catches a wrong formula, a sign, a lost factor, not the last bits.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

#include "losses/decode.h"

namespace {

using namespace fuzz::losses_fuzz;

void require(bool condition, const char* what) {
  fuzz::losses_fuzz::require(condition, "losses_kernels_fuzzer", what);
}

constexpr float kStep = 1e-2f;

struct Call {
  Op op;
  LossOptions options;
  std::vector<float> x, y;
  std::vector<int32_t> t;
  Shape shape;
  int64_t terms = 0, classes = 1;
};

Checked<std::vector<float>> loss(const Call& call, const std::vector<float>& x, Reduction reduction) {
  LossOptions o = call.options;
  o.reduction = reduction;
  if (call.op == Op::kMse) return mse_loss(x, call.y, o);
  if (call.op == Op::kHuber) return huber_loss(x, call.y, o);
  return cross_entropy(x, call.shape, call.t, o);
}

Checked<std::vector<float>> gradient(const Call& call, const std::vector<float>& g, Reduction reduction) {
  LossOptions o = call.options;
  o.reduction = reduction;
  if (call.op == Op::kMse) return mse_loss_backward(g, call.x, call.y, o);
  if (call.op == Op::kHuber) return huber_loss_backward(g, call.x, call.y, o);
  return cross_entropy_backward(g, call.x, call.shape, call.t, o);
}

std::vector<float> value_of(const Checked<std::vector<float>>& result) {
  require(result.ok(), "a valid call is accepted");
  return *result.value;
}

// Whether the central difference of element i's term measures its derivative.
bool smooth_at(const Call& call, size_t i) {
  if (call.op != Op::kHuber) return true;
  const float d = std::abs(call.x[i] - call.y[i]);
  return std::abs(d - static_cast<float>(call.options.delta)) > 2 * kStep;
}

void check_finite_differences(const Call& call, const std::vector<float>& g) {
  const auto grad = value_of(gradient(call, g, Reduction::kNone));
  for (size_t i = 0; i < call.x.size(); ++i) {
    if (!smooth_at(call, i)) continue;
    const size_t term = static_cast<size_t>(static_cast<int64_t>(i) / call.classes);
    std::vector<float> up = call.x, down = call.x;
    up[i] += kStep;
    down[i] -= kStep;
    const double hi = value_of(loss(call, up, Reduction::kNone))[term];
    const double lo = value_of(loss(call, down, Reduction::kNone))[term];
    const double width = static_cast<double>(up[i]) - down[i];
    const double slope = (hi - lo) / width;
    const double rounding = 8.0 * FLT_EPSILON * (std::abs(hi) + std::abs(lo) + 1.0) / width;
    const double gt = g[term];
    const double tolerance = std::abs(gt) * (1e-3 + 1e-2 * std::abs(slope) + rounding) +
                             16.0 * std::numeric_limits<float>::denorm_min();
    if (std::abs(grad[i] - gt * slope) > tolerance) {
      std::fprintf(stderr, "op %d, element %zu: backward %.9g, central difference %.9g (tolerance %.3g)\n",
                   static_cast<int>(call.op), i, grad[i], gt * slope, tolerance);
      require(false, "backward == the central difference of forward");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Call call;
  call.op = decode_op(in);
  call.options = decode_options(in, /*hostile=*/false);
  const bool tame = in.ConsumeBool();
  if (call.op == Op::kCrossEntropy) {
    const int64_t n = in.ConsumeIntegralInRange<int64_t>(0, 8), c = in.ConsumeIntegralInRange<int64_t>(1, 8);
    call.shape = in.ConsumeIntegralInRange<int>(0, 5) == 0 ? Shape{c} : Shape{n, c};
    call.terms = call.shape.size() == 1 ? 1 : n;
    call.classes = c;
    call.x = values(in, static_cast<size_t>(call.terms * c), tame);
    for (int64_t i = 0; i < call.terms; ++i) call.t.push_back(in.ConsumeIntegralInRange<int32_t>(0, int32_t(c - 1)));
  } else {
    call.terms = in.ConsumeIntegralInRange<int64_t>(0, 48);
    call.x = values(in, static_cast<size_t>(call.terms), tame);
    call.y = values(in, static_cast<size_t>(call.terms), tame);
  }
  std::vector<float> g(static_cast<size_t>(call.terms));
  for (float& v : g) v = in.ConsumeFloatingPointInRange<float>(-2, 2);

  const auto terms = value_of(loss(call, call.x, Reduction::kNone));
  require(terms.size() == static_cast<size_t>(call.terms), "'none' gives one value per term");
  for (Reduction r : {Reduction::kSum, Reduction::kMean}) {
    const auto reduced = value_of(loss(call, call.x, r));
    const float expected = reference::reduce(terms.data(), call.terms, r);
    require(reduced.size() == 1 && fuzz::same_float(reduced[0], expected), "a reduced loss == reduce of its terms");
  }
  // 'sum' with one g is 'none' with g for every term.
  const float one_g = g.empty() ? 1.0f : g[0];
  const auto sum_grad = value_of(gradient(call, {one_g}, Reduction::kSum));
  const auto none_grad = value_of(gradient(call, std::vector<float>(g.size(), one_g), Reduction::kNone));
  require(fuzz::same_floats(sum_grad.data(), none_grad.data(), sum_grad.size()) && sum_grad.size() == call.x.size(),
          "the 'sum' gradient == the 'none' gradient with the same grad_output for every term");

  if (tame) check_finite_differences(call, g);
  return 0;
}
