// Every public entry point of the activation family (activations/activations.h) on arguments
// decoded from the fuzzer's bytes: an activation code (known or any int32), options (alpha and
// beta anywhere in double, NaN and the infinities included; approximate 0, 1 or any int32),
// input and grad_output lengths right or off by up to 3, values with NaN, +-inf, +-0 and
// denormals, and lengths past the core's limit on views with no data behind them.
//
// A call must be rejected exactly when one of its arguments is wrong (a model of the documented
// rules), as an Error naming one of the wrong parameters with a message, the same from
// check_call, forward and backward; an accepted call must give input.size values with the bits
// of the reference kernel called directly, and run_forward / run_backward the same bits.
#include <cfloat>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "activations/decode.h"
#include "common/sizes.h"

namespace {

using namespace fuzz::activations_fuzz;

void require(bool condition, const char* what) {
  fuzz::activations_fuzz::require(condition, "activations_api_fuzzer", what);
}

bool scalar_ok(double value) {
  return std::isfinite(value) && std::abs(value) <= static_cast<double>(FLT_MAX);
}

// The parameters the documented rules reject for this call (empty: it must be accepted).
std::set<std::string> wrong_parameters(Activation a, const ActivationOptions& o, size_t input_length,
                                       std::optional<size_t> grad_output_length) {
  const auto code = static_cast<int32_t>(a);
  if (code < 0 || code > 5) return {"activation"};
  std::set<std::string> wrong;
  const auto approximate = static_cast<int32_t>(o.approximate);
  if (a == Activation::kGelu && approximate != 0 && approximate != 1) wrong.insert("approximate");
  if (a == Activation::kElu && !scalar_ok(o.alpha)) wrong.insert("alpha");
  if (a == Activation::kSwish && !scalar_ok(o.beta)) wrong.insert("beta");
  if (input_length > static_cast<uint64_t>(core::kMaxElements)) wrong.insert("input");
  if (grad_output_length && *grad_output_length != input_length) wrong.insert("grad_output");
  return wrong;
}

void require_error(const Error& error, const std::set<std::string>& wrong) {
  require(!error.parameter.empty() && !error.message.empty(), "an error names its parameter and says why");
  require(wrong.count(error.parameter) == 1, "an error names a parameter that is wrong");
}

void require_same_error(const Error& a, const Error& b) {
  require(a.parameter == b.parameter && a.message == b.message,
          "check_call and the checked call reject with the same error");
}

// A length: mostly right, sometimes off by up to 3 (never below 0).
size_t nearby(FuzzedDataProvider& in, size_t right) {
  if (in.ConsumeIntegralInRange<int>(0, 5) != 0) return right;
  const int off = in.ConsumeIntegralInRange<int>(-3, 3);
  return off < 0 && static_cast<size_t>(-off) > right ? 0 : right + off;
}

// A length for check_call alone: anything a size_t holds, near the core's limit, or small.
size_t any_length(FuzzedDataProvider& in) {
  const auto limit = static_cast<size_t>(core::kMaxElements);
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: return limit + in.ConsumeIntegralInRange<int>(-2, 2);
    case 1: return in.ConsumeIntegral<size_t>();
    case 2: return SIZE_MAX;
    case 3: return size_t{1} << in.ConsumeIntegralInRange<int>(0, 63);
    default: return static_cast<size_t>(fuzz::size_value(in, 0, 64)) & 0xffffffffu;
  }
}

// Lengths past the limit on a view with no data: the checks must reject before any read.
void huge_views(FuzzedDataProvider& in, Activation a, const ActivationOptions& o) {
  const size_t input_length = any_length(in);
  const bool with_grad = in.ConsumeBool();
  const size_t grad_length = with_grad ? (in.ConsumeBool() ? input_length : any_length(in)) : 0;
  const auto grad_output_length = with_grad ? std::optional<size_t>(grad_length) : std::nullopt;
  const auto wrong = wrong_parameters(a, o, input_length, grad_output_length);
  const std::optional<Error> checked = check_call(a, o, input_length, grad_output_length);
  require(checked.has_value() == !wrong.empty(), "check_call rejects exactly the wrong calls");
  if (!checked) return;  // within the limit: not run here, there is no data
  require_error(*checked, wrong);
  const FloatView input(nullptr, input_length), grad(nullptr, grad_length);
  if (with_grad) {
    const auto result = backward(a, grad, input, o);
    require(!result.ok() && result.error && !result.value, "a rejected backward has no value");
    require_same_error(*result.error, *checked);
  } else {
    const auto result = forward(a, input, o);
    require(!result.ok() && result.error && !result.value, "a rejected forward has no value");
    require_same_error(*result.error, *checked);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Activation a = decode_activation(in, /*hostile=*/true);
  const ActivationOptions o = decode_options(in, /*hostile=*/true);
  const size_t n = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? 0 : in.ConsumeIntegralInRange<size_t>(1, 64);
  const size_t grad_n = nearby(in, n);
  const std::vector<float> x = input_values(in, n);
  const std::vector<float> g = input_values(in, grad_n);
  // An empty vector's data() may be null: the API must take that too.
  const FloatView xv(x), gv(g);

  // forward
  {
    const auto wrong = wrong_parameters(a, o, n, std::nullopt);
    const std::optional<Error> checked = check_call(a, o, n);
    const auto result = forward(a, xv, o);
    require(result.ok() != result.error.has_value(), "a result is a value or an error");
    require(result.ok() == wrong.empty() && !checked == wrong.empty(),
            "forward rejects exactly the wrong calls");
    if (!result.ok()) {
      require_error(*result.error, wrong);
      require_same_error(*result.error, *checked);
    } else {
      require(result.value->size() == n, "forward gives input.size values");
      std::vector<float> expected(n), run(n, NAN);
      reference_forward(expected.data(), a, x.data(), static_cast<int64_t>(n), o);
      require(fuzz::same_floats(result.value->data(), expected.data(), n), "forward == the reference");
      run_forward(run.data(), a, xv, o);
      require(fuzz::same_floats(run.data(), expected.data(), n), "run_forward == the reference");
    }
  }
  // backward
  {
    const auto wrong = wrong_parameters(a, o, n, grad_n);
    const std::optional<Error> checked = check_call(a, o, n, grad_n);
    const auto result = backward(a, gv, xv, o);
    require(result.ok() != result.error.has_value(), "a result is a value or an error");
    require(result.ok() == wrong.empty() && !checked == wrong.empty(),
            "backward rejects exactly the wrong calls");
    if (!result.ok()) {
      require_error(*result.error, wrong);
      require_same_error(*result.error, *checked);
    } else {
      require(result.value->size() == n, "backward gives input.size values");
      std::vector<float> expected(n), run(n, NAN);
      reference_backward(expected.data(), a, g.data(), x.data(), static_cast<int64_t>(n), o);
      require(fuzz::same_floats(result.value->data(), expected.data(), n), "backward == the reference");
      run_backward(run.data(), a, gv, xv, o);
      require(fuzz::same_floats(run.data(), expected.data(), n), "run_backward == the reference");
    }
  }
  // An accepted empty call may be given null buffers.
  if (!check_call(a, o, 0, size_t{0})) {
    run_forward(nullptr, a, {}, o);
    run_backward(nullptr, a, {}, {}, o);
    require(forward(a, {}, o).ok() && forward(a, {}, o).value->empty(), "an empty forward is empty");
    require(backward(a, {}, {}, o).ok() && backward(a, {}, {}, o).value->empty(), "an empty backward is empty");
  }
  huge_views(in, a, o);
  return 0;
}
