// Every public entry point of the learning family (learning/learning.h) on arguments decoded
// from the fuzzer's bytes: layer shapes of any rank and int32 sides, lengths right or off, NaN,
// +-inf, -0 and denormals in the values; XOR networks of any hidden size and lengths, options
// anywhere in double, any int32 step count (a few steps at most when valid), points of any
// length, SGD states with or without momentum buffers of right or wrong lengths, seeded starts of
// any H and int64 seed; LAMB steps with hostile options, lengths and states.
//
// A call must be refused exactly when one of its arguments is wrong (a model of the documented
// rules), as an Error naming the first wrong parameter in the documented order; an accepted
// call must give the reference kernels' bits (a layer, its gradients, a LAMB step on a copy of
// its state, a start) or results of the documented sizes (XOR).
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/splitmix64.h"
#include "learning/decode.h"
#include "learning/reference.h"

namespace {

using namespace fuzz::learning_fuzz;

void require(bool condition, const char* what) {
  fuzz::learning_fuzz::require(condition, "learning_api_fuzzer", what);
}

// The call is refused exactly when `wrong` names a parameter, and then as that parameter.
template <class T>
void require_outcome(const Checked<T>& result, const char* wrong) {
  fuzz::require_outcome(result, wrong, "learning_api_fuzzer");
}

bool side_ok(int64_t s) { return s >= 1 && s <= kMaxSide; }

// The first wrong argument of a layer call, by the documented rules.
const char* linear_wrong(const std::vector<int32_t>& xs, const std::vector<int32_t>& ws,
                         size_t x_len, size_t w_len, std::optional<size_t> b_len,
                         std::optional<size_t> g_len) {
  if (xs.size() != 2 || !side_ok(xs[0]) || !side_ok(xs[1])) return "input_shape";
  if (ws.size() != 2 || !side_ok(ws[0]) || !side_ok(ws[1]) || ws[1] != xs[1]) return "weight_shape";
  const int64_t N = xs[0], I = xs[1], O = ws[0];
  if (N * I * O > kMaxWork) return "weight_shape";
  if (static_cast<int64_t>(x_len) != N * I) return "input";
  if (static_cast<int64_t>(w_len) != O * I) return "weight";
  if (b_len && static_cast<int64_t>(*b_len) != O) return "bias";
  if (g_len && static_cast<int64_t>(*g_len) != N * O) return "grad_output";
  return nullptr;
}

void linear_calls(FuzzedDataProvider& in, bool hostile) {
  const int32_t N = side(in, hostile), I = side(in, hostile), O = side(in, hostile);
  const auto xs = shape(in, N, I, hostile);
  const int32_t other_in = I == INT32_MAX ? I - 1 : I + 1;  // a weight that disagrees on in
  const auto ws = shape(in, O, in.ConsumeIntegralInRange<int>(0, 7) == 0 ? other_in : I, hostile);
  // Values only for lengths a valid call could have: a hostile side may be 2^31.
  const auto length = [&](int64_t n) {
    return n >= 0 && n <= 4096 ? nearby(in, static_cast<size_t>(n), hostile) : size_t{3};
  };
  const auto x = input_values(in, length(int64_t{N} * I));
  const auto w = input_values(in, length(int64_t{O} * I));
  const bool with_bias = in.ConsumeBool();
  const auto b = input_values(in, length(O));
  const auto g = input_values(in, length(int64_t{N} * O));
  const std::optional<FloatView> bias = with_bias ? std::optional<FloatView>(b) : std::nullopt;

  const auto y = linear(x, xs, w, ws, bias);
  require_outcome(y, linear_wrong(xs, ws, x.size(), w.size(),
                                  with_bias ? std::optional<size_t>(b.size()) : std::nullopt,
                                  std::nullopt));
  if (y.ok()) {
    std::vector<float> expected(static_cast<size_t>(N) * static_cast<size_t>(O));
    reference::linear_forward(expected.data(), x.data(), w.data(), with_bias ? b.data() : nullptr,
                              N, I, O);
    require(same(expected, *y.value), "an accepted layer gives the reference's bits");
  }
  const auto grads = linear_backward(g, x, xs, w, ws, with_bias);
  require_outcome(grads, linear_wrong(xs, ws, x.size(), w.size(), std::nullopt, g.size()));
  if (grads.ok()) {
    std::vector<float> gi(x.size()), gw(w.size()), gb(static_cast<size_t>(O));
    reference::linear_backward(gi.data(), gw.data(), with_bias ? gb.data() : nullptr, g.data(),
                               x.data(), w.data(), N, I, O);
    require(same(gi, grads.value->grad_input) && same(gw, grads.value->grad_weight),
            "accepted gradients are the reference's");
    require(grads.value->grad_bias.has_value() == with_bias, "a bias gradient when asked only");
    require(!with_bias || same(gb, *grads.value->grad_bias), "the bias gradient is the reference's");
  }
}

const char* xor_params_wrong(const XorParams& p) {
  const size_t H = p.w1.size() / 2;
  const bool ok = p.w1.size() % 2 == 0 && H >= 1 && H <= static_cast<size_t>(kMaxHidden) &&
                  p.b1.size() == H && p.w2.size() == H && p.b2.size() == 1;
  return ok ? nullptr : "params";
}

const char* xor_options_wrong(const XorOptions& o) {
  const auto code = static_cast<int32_t>(o.activation);
  if (code < 0 || code > 2) return "activation";
  if (!std::isfinite(o.lr) || o.lr < 0) return "lr";
  if (!std::isfinite(o.momentum) || o.momentum < 0) return "momentum";
  return nullptr;
}

bool same_shapes(const XorParams& a, const XorParams& b) {
  return a.w1.size() == b.w1.size() && a.b1.size() == b.b1.size() && a.w2.size() == b.w2.size() &&
         a.b2.size() == b.b2.size();
}

bool probability(float p) { return std::isnan(p) || (p >= 0.0f && p <= 1.0f); }

void xor_calls(FuzzedDataProvider& in, bool hostile) {
  const auto params = decode_xor_params(in, hostile);
  const auto options = decode_xor_options(in, hostile);
  const int32_t steps = hostile && in.ConsumeBool() ? size_value(in, -2, 8)
                                                    : in.ConsumeIntegralInRange<int32_t>(0, 8);
  XorSgdState state;
  if (in.ConsumeBool()) {
    state.momentum_buffer = decode_momentum_buffer(in, params.w1.size() / 2, hostile);
  }
  const char* wrong = xor_params_wrong(params);
  if (!wrong) wrong = xor_options_wrong(options);
  if (!wrong && (steps < 0 || steps > kMaxTrainSteps)) wrong = "steps";
  if (!wrong && state.momentum_buffer && !same_shapes(*state.momentum_buffer, params)) {
    wrong = "state";
  }
  // torch.optim.SGD's step converts -lr to float32, refusing a finite one beyond its range.
  if (!wrong && steps > 0 && std::abs(options.lr) > std::numeric_limits<float>::max()) {
    wrong = "lr";
  }
  // A valid count above a few steps is valid but slow: only the refusals are tried there.
  if (!wrong && steps > 8) return;
  const auto t = xor_train(view_of(params), options, steps, state);
  require_outcome(t, wrong);
  const size_t H = params.b1.size();
  if (t.ok()) {
    require(t.value->losses.size() == static_cast<size_t>(steps) + 1, "steps + 1 losses");
    require(t.value->hidden.size() == 4 * H && t.value->probabilities.size() == 4,
            "the four points' features and probabilities");
    for (float p : t.value->probabilities) require(probability(p), "probabilities in [0, 1]");
    require(t.value->params.w1.size() == 2 * H && t.value->params.b2.size() == 1,
            "the params keep their shapes");
    const auto& given = state.momentum_buffer;
    const auto& kept = t.value->state.momentum_buffer;
    const bool moved = options.momentum != 0.0 && steps > 0;
    require(kept.has_value() == (given.has_value() || moved),
            "buffers are kept once given or made by a step with momentum");
    require(!kept || same_shapes(*kept, params), "the buffers have the params' shapes");
    require(!given || moved || (same(given->w1, kept->w1) && same(given->b1, kept->b1) &&
                                same(given->w2, kept->w2) && same(given->b2, kept->b2)),
            "buffers no step with momentum touched are as they were given");
  }
  const auto points = input_values(in, hostile ? nearby(in, 2 * in.ConsumeIntegralInRange<size_t>(0, 6), true)
                                               : 2 * in.ConsumeIntegralInRange<size_t>(1, 6));
  wrong = xor_params_wrong(params);
  if (!wrong) wrong = xor_options_wrong(options);
  if (!wrong && (points.size() % 2 != 0 || points.empty())) wrong = "points";
  const auto drawn = xor_forward(view_of(params), points, options);
  require_outcome(drawn, wrong);
  if (drawn.ok()) {
    require(drawn.value->probabilities.size() == points.size() / 2, "one probability a point");
    require(drawn.value->hidden.size() == points.size() / 2 * H, "H features a point");
    for (float p : drawn.value->probabilities) require(probability(p), "probabilities in [0, 1]");
  }
}

// A seeded start: refused exactly for H outside 1 to 16 or a seed outside uint32, else the
// reference's draws, ready for xor_train.
void xor_init_calls(FuzzedDataProvider& in, bool hostile) {
  const int64_t hidden = hostile ? size_value(in, -1, kMaxHidden + 2)
                                 : in.ConsumeIntegralInRange<int64_t>(1, kMaxHidden);
  int64_t seed = in.ConsumeIntegralInRange<int64_t>(0, core::kMaxSeed);
  if (hostile && in.ConsumeBool()) {
    seed = in.ConsumeBool() ? core::kMaxSeed + in.ConsumeIntegralInRange<int64_t>(-1, 2)
                            : in.ConsumeIntegral<int64_t>();
  }
  const char* wrong = hidden < 1 || hidden > kMaxHidden ? "hidden"
                      : seed < 0 || seed > core::kMaxSeed ? "seed"
                                                          : nullptr;
  const auto start = xor_init(hidden, seed);
  require_outcome(start, wrong);
  if (!start.ok()) return;
  const auto H = static_cast<size_t>(hidden);
  std::vector<float> w1(2 * H), b1(H), w2(H), b2(1);
  reference::xor_init(w1.data(), b1.data(), w2.data(), b2.data(), hidden,
                      static_cast<uint64_t>(seed));
  const auto& p = *start.value;
  require(same(w1, p.w1) && same(b1, p.b1) && same(w2, p.w2) && same(b2, p.b2),
          "an accepted start is the reference's draws");
  require(check_xor_params(view_of(p)).ok(), "a start is a network xor_train takes");
}

const char* lamb_options_wrong(const LambOptions& o) {
  const auto bad = [](double v) { return !std::isfinite(v) || v < 0; };
  if (bad(o.lr)) return "lr";
  if (bad(o.eps)) return "eps";
  if (!(o.beta1 >= 0 && o.beta1 < 1) || !(o.beta2 >= 0 && o.beta2 < 1)) return "betas";
  if (bad(o.weight_decay)) return "weight_decay";
  return nullptr;
}

void lamb_calls(FuzzedDataProvider& in, bool hostile) {
  const auto options = decode_lamb_options(in, hostile);
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 40);
  const auto param = input_values(in, n);
  const auto grad = input_values(in, nearby(in, n, hostile));
  std::optional<LambState> state;
  if (in.ConsumeBool()) {
    state.emplace();
    state->step = in.ConsumeIntegralInRange<int>(0, 3) == 0 && hostile ? option_value(in, true) * 1e15
                                                                     : in.ConsumeIntegralInRange<int>(0, 50);
    state->exp_avg = float_values(in, nearby(in, n, hostile));
    state->exp_avg_sq = float_values(in, nearby(in, n, hostile));
    for (float& v : state->exp_avg_sq) v = std::fabs(v);
  }
  const char* wrong = lamb_options_wrong(options);
  if (!wrong && grad.size() != n) wrong = "grad";
  if (!wrong && state &&
      (state->exp_avg.size() != n || state->exp_avg_sq.size() != n ||
       !(state->step >= 0 && state->step <= core::kMaxStateStep && std::floor(state->step) == state->step))) {
    wrong = "state";
  }
  const auto r = lamb_step(param, grad, state, options);
  require_outcome(r, wrong);
  if (!r.ok()) return;
  LambState s = state.value_or(LambState{0, std::vector<float>(n), std::vector<float>(n)});
  s.step += 1;
  std::vector<float> p = param, update(n);
  const float ratio = reference::lamb_step(p.data(), s.exp_avg.data(), s.exp_avg_sq.data(),
                                           update.data(), grad.data(), static_cast<int64_t>(n),
                                           s.step, options);
  require(same(p, r.value->param) && same(update, r.value->update) &&
              same(s.exp_avg, r.value->state.exp_avg) &&
              same(s.exp_avg_sq, r.value->state.exp_avg_sq) && s.step == r.value->state.step,
          "an accepted step is the reference's on a copy of its state");
  require(fuzz::same_float(ratio, r.value->trust_ratio), "and so is its trust ratio");
  require(!core::check_state_step(r.value->state.step),
          "the state a step returns is taken back: its step is in range");
  const float param_norm = reference::norm2(param.data(), static_cast<int64_t>(n));
  const float update_norm = reference::norm2(update.data(), static_cast<int64_t>(n));
  if (!(param_norm > 0.0f && update_norm > 0.0f)) {
    require(r.value->trust_ratio == 1.0f, "the trust ratio is 1 when a norm is not above 0");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const bool hostile = in.ConsumeBool();
  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 0: linear_calls(in, hostile); break;
    case 1:
      xor_calls(in, hostile);
      xor_init_calls(in, hostile);
      break;
    default: lamb_calls(in, hostile); break;
  }
  return 0;
}
