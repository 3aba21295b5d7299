// Every public entry point of the loss family (losses/losses.h) on arguments decoded from the
// fuzzer's bytes: a loss, options (a reduction code known or any int32, delta and
// label_smoothing anywhere in double, NaN and the infinities included), cross-entropy shapes of
// rank 0 to 3 with sizes anywhere in int32, class indices mostly in range, target and
// grad_output lengths right or off by up to 3, values with NaN, +-inf, +-0 and denormals, and
// lengths past the core's limit on views with no data behind them.
//
// A call must be rejected exactly when one of its arguments is wrong (a model of the documented
// rules), as an Error naming one of the wrong parameters, the same from the check_* function and
// the call (which alone sees values: a reduced loss's one gradient that is not finite, a class
// index out of range); an accepted call must give the documented number of values with the bits
// of the reference called directly.
#include <cfloat>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/sizes.h"
#include "losses/decode.h"

namespace {

using namespace fuzz::losses_fuzz;

void require(bool condition, const char* what) {
  fuzz::losses_fuzz::require(condition, "losses_api_fuzzer", what);
}

bool reduction_ok(Reduction r) {
  const auto code = static_cast<int32_t>(r);
  return code >= 0 && code <= 2;
}

std::set<std::string> wrong_options(Op op, const LossOptions& o) {
  std::set<std::string> wrong;
  if (!reduction_ok(o.reduction)) wrong.insert("reduction");
  if (op == Op::kHuber && !(std::isfinite(o.delta) && static_cast<float>(o.delta) > 0.0f &&
                            o.delta <= static_cast<double>(FLT_MAX))) {
    wrong.insert("delta");
  }
  const double eps = o.label_smoothing;
  if (op == Op::kCrossEntropy && !(eps >= 0.0 && eps <= 1.0)) wrong.insert("label_smoothing");
  return wrong;
}

// The loss's number of values for `terms` terms (valid reductions only).
size_t loss_values(const LossOptions& o, size_t terms) {
  return reduction_ok(o.reduction) ? loss_length(o.reduction, terms) : 1;
}

// A length: mostly right, sometimes off by up to 3 (never below 0).
size_t nearby(FuzzedDataProvider& in, size_t right) {
  if (in.ConsumeIntegralInRange<int>(0, 5) != 0) return right;
  const int off = in.ConsumeIntegralInRange<int>(-3, 3);
  return off < 0 && static_cast<size_t>(-off) > right ? 0 : right + off;
}

void require_error(const Error& error, const std::set<std::string>& wrong) {
  require(!error.parameter.empty() && !error.message.empty(), "an error names its parameter and says why");
  require(wrong.count(error.parameter) == 1, "an error names a parameter that is wrong");
}

void require_outcome(const Checked<std::vector<float>>& result, const std::optional<Error>& checked,
                     const std::set<std::string>& wrong_sizes, const std::set<std::string>& wrong_call) {
  require(result.ok() != result.error.has_value(), "a result is a value or an error");
  require(!checked == wrong_sizes.empty(), "the check rejects exactly the wrong sizes and options");
  require(result.ok() == wrong_call.empty(), "the call rejects exactly the wrong arguments");
  if (checked) require_error(*checked, wrong_sizes);
  if (!result.ok()) {
    require_error(*result.error, wrong_call);
    if (checked) {
      require(result.error->parameter == checked->parameter && result.error->message == checked->message,
              "the check and the call reject with the same error");
    }
  }
}

// A reduced loss's gradient is one finite value (check_loss_gradient); a 'none' loss's values
// may be anything, as PyTorch's. Judged by the call once the sizes are right.
bool bad_loss_gradient(const LossOptions& o, const std::vector<float>& g) {
  return o.reduction != Reduction::kNone && g.size() == 1 && !std::isfinite(g[0]);
}

void pointwise(FuzzedDataProvider& in, Op op, const LossOptions& o) {
  const bool huber = op == Op::kHuber;
  const bool huge = in.ConsumeIntegralInRange<int>(0, 15) == 0;
  size_t n = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? 0 : in.ConsumeIntegralInRange<size_t>(1, 48);
  if (huge) n = static_cast<size_t>(core::kMaxElements) + in.ConsumeIntegralInRange<size_t>(1, 4);
  const size_t target_n = huge ? n : nearby(in, n);
  const bool backward = in.ConsumeBool();
  const size_t grad_n = huge ? 1 : nearby(in, loss_values(o, n));

  auto wrong = wrong_options(op, o);
  if (n > static_cast<size_t>(core::kMaxElements)) wrong.insert("input");
  if (target_n != n) wrong.insert("target");
  if (backward && reduction_ok(o.reduction) && grad_n != loss_length(o.reduction, n)) wrong.insert("grad_output");
  const auto grad_length = backward ? std::optional<size_t>(grad_n) : std::nullopt;
  const auto checked = check_pointwise(huber, o, n, target_n, grad_length);
  if (huge) {  // views with no data: only a rejection may come back
    require(checked.has_value(), "a view past the limit is rejected");
    const FloatView x(nullptr, n), y(nullptr, target_n), g(nullptr, grad_n);
    const auto result = backward ? (huber ? huber_loss_backward(g, x, y, o) : mse_loss_backward(g, x, y, o))
                                 : (huber ? huber_loss(x, y, o) : mse_loss(x, y, o));
    require_outcome(result, checked, wrong, wrong);
    return;
  }
  const auto x = values(in, n), y = values(in, target_n), g = values(in, grad_n);
  auto wrong_call = wrong;
  if (wrong.empty() && backward && bad_loss_gradient(o, g)) wrong_call.insert("grad_output");
  const auto result = backward ? (huber ? huber_loss_backward(g, x, y, o) : mse_loss_backward(g, x, y, o))
                               : (huber ? huber_loss(x, y, o) : mse_loss(x, y, o));
  require_outcome(result, checked, wrong, wrong_call);
  if (!result.ok()) return;
  const std::vector<int32_t> none;
  const auto n64 = static_cast<int64_t>(n);
  const auto expected = backward ? reference_gradient(op, o, g, x, y, none, n64, 0)
                                 : reference_loss(op, o, x, y, none, n64, 0);
  require(result.value->size() == expected.size(), "a result has the documented length");
  require(fuzz::same_floats(result.value->data(), expected.data(), expected.size()), "the call == the reference");
}

void cross_entropy_call(FuzzedDataProvider& in, const LossOptions& o) {
  const int rank = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? in.ConsumeIntegralInRange<int>(0, 3)
                                                             : in.ConsumeIntegralInRange<int>(1, 2);
  std::vector<int64_t> dims;
  for (int i = 0; i < rank; ++i) dims.push_back(fuzz::size_value(in, i + 1 == rank ? 1 : 0, 6));
  const Shape shape(dims.begin(), dims.end());
  const bool backward = in.ConsumeBool();

  // The model of the shape rules; with a bad shape nothing else is judged.
  auto wrong = wrong_options(Op::kCrossEntropy, o);
  int64_t n = 0, c = 0;
  bool shape_ok = rank == 1 || rank == 2;
  if (shape_ok) {
    n = rank == 1 ? 1 : dims[0];
    c = dims[rank - 1];
    shape_ok = c > 0 && n >= 0 && (n == 0 || (n <= core::kMaxElements / c));
  }
  const bool small = shape_ok && n * c <= 4096;
  // Lengths: right or nearby when the shape is small; for a large shape never the right input
  // length (there is no data behind the views), so the call must be rejected.
  const size_t input_n = small ? nearby(in, static_cast<size_t>(n * c))
                               : static_cast<size_t>(in.ConsumeIntegralInRange<int>(0, 16)) + (shape_ok ? static_cast<size_t>(n * c) + 1 : 0);
  const size_t target_n = small ? nearby(in, static_cast<size_t>(n)) : in.ConsumeIntegralInRange<size_t>(0, 8);
  const size_t grad_n = small ? nearby(in, loss_values(o, static_cast<size_t>(n))) : 1;
  if (!shape_ok) {
    wrong.insert("shape");
  } else {
    if (static_cast<int64_t>(input_n) != n * c) wrong.insert("input");
    if (static_cast<int64_t>(target_n) != n) wrong.insert("target");
    if (backward && reduction_ok(o.reduction) && grad_n != loss_length(o.reduction, static_cast<size_t>(n))) {
      wrong.insert("grad_output");
    }
  }
  const auto grad_length = backward ? std::optional<size_t>(grad_n) : std::nullopt;
  const auto checked = check_cross_entropy(o, shape, input_n, target_n, grad_length);

  const bool with_data = small || !shape_ok;
  const auto x = values(in, with_data ? std::min<size_t>(input_n, 4096) : 0);
  const auto g = values(in, with_data ? grad_n : 0);
  std::vector<int32_t> t(with_data ? target_n : 0);
  for (auto& index : t) {
    index = in.ConsumeIntegralInRange<int>(0, 9) == 0 ? fuzz::size_value(in, -2, static_cast<int32_t>(std::clamp<int64_t>(c + 1, 0, INT32_MAX)))
                                                      : static_cast<int32_t>(c > 0 ? in.ConsumeIntegralInRange<int64_t>(0, c - 1) : 0);
  }
  const FloatView xv = with_data ? FloatView(x.data(), input_n) : FloatView(nullptr, input_n);
  const IndexView tv = with_data ? IndexView(t.data(), target_n) : IndexView(nullptr, target_n);
  const FloatView gv = with_data ? FloatView(g) : FloatView(nullptr, grad_n);
  if (with_data && x.size() != input_n) return;  // a bad shape with a huge input: not built
  auto wrong_call = wrong;
  if (wrong.empty() && backward && bad_loss_gradient(o, g)) wrong_call.insert("grad_output");
  if (wrong.empty()) {
    for (int32_t index : t) {
      if (index < 0 || index >= c) wrong_call.insert("target");
    }
  }
  const auto result = backward ? cross_entropy_backward(gv, xv, shape, tv, o) : cross_entropy(xv, shape, tv, o);
  require_outcome(result, checked, wrong, wrong_call);
  if (!result.ok()) return;
  const std::vector<float> none;
  const auto expected = backward ? reference_gradient(Op::kCrossEntropy, o, g, x, none, t, n, c)
                                 : reference_loss(Op::kCrossEntropy, o, x, none, t, n, c);
  require(result.value->size() == expected.size(), "a result has the documented length");
  require(fuzz::same_floats(result.value->data(), expected.data(), expected.size()), "the call == the reference");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Op op = decode_op(in);
  const LossOptions o = decode_options(in, /*hostile=*/true);
  if (op == Op::kCrossEntropy) {
    cross_entropy_call(in, o);
  } else {
    pointwise(in, op, o);
  }
  return 0;
}
