// The optimiser family's differential target. There are no fast kernels (the reference kernels
// are the ones the course runs), so it compares what must agree, on valid calls only (the API
// target tries the invalid ones), bit for bit (any NaN equals any NaN):
//
// - element by element: a step over n parameters equals n steps over one parameter each, every
//   state buffer sliced alike (no element's arithmetic may depend on another's), on any values;
// - maximize: a step with maximize on grads g equals one without it on -g (PyTorch negates the
//   gradient first and nothing else);
// - fresh states: RMSprop's and Adam's buffers of zeros at step 0 step as no state does;
// - a descent equals surface() and the step function in a loop, the state carried along;
// - each surface's gradient against a central difference of its double-precision value (step
//   1e-5), on finite points within [-4, 4] (on the Rosenbrock valley's floor too), within
//   1e-4 (1 + |slope|) and a few ulps of the gradient's largest term, 200 (y - x^2) x.
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "optim/decode.h"

namespace {

using namespace fuzz::optim_fuzz;

void require(bool condition, const char* what) {
  fuzz::optim_fuzz::require(condition, "optim_kernels_fuzzer", what);
}

bool same(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && fuzz::same_floats(a.data(), b.data(), a.size());
}

// Element i of a buffer, as a buffer of one.
std::vector<float> at(const std::vector<float>& values, size_t i) { return {values[i]}; }
std::optional<std::vector<float>> at(const std::optional<std::vector<float>>& values, size_t i) {
  return values ? std::optional<std::vector<float>>(at(*values, i)) : std::nullopt;
}

SgdState slice(const SgdState& s, size_t i) { return {at(s.momentum_buffer, i)}; }
RmspropState slice(const RmspropState& s, size_t i) {
  return {s.step, at(s.square_avg, i), at(s.momentum_buffer, i), at(s.grad_avg, i)};
}
AdamState slice(const AdamState& s, size_t i) {
  return {s.step, at(s.exp_avg, i), at(s.exp_avg_sq, i), at(s.max_exp_avg_sq, i)};
}

// Every buffer of a state, one after another, and its step (0 for SGD).
std::vector<float> flat(const SgdState& s) {
  return s.momentum_buffer.value_or(std::vector<float>{});
}
std::vector<float> flat(const RmspropState& s) {
  std::vector<float> out = s.square_avg;
  for (const auto* b : {&s.momentum_buffer, &s.grad_avg}) {
    if (*b) out.insert(out.end(), (*b)->begin(), (*b)->end());
  }
  out.push_back(static_cast<float>(s.step));
  return out;
}
std::vector<float> flat(const AdamState& s) {
  std::vector<float> out = s.exp_avg;
  out.insert(out.end(), s.exp_avg_sq.begin(), s.exp_avg_sq.end());
  if (s.max_exp_avg_sq) out.insert(out.end(), s.max_exp_avg_sq->begin(), s.max_exp_avg_sq->end());
  out.push_back(static_cast<float>(s.step));
  return out;
}

// Element i of a flat state of n elements, so that the pieces of one element line up.
template <class State>
std::vector<float> element(const State& s, size_t i) {
  return flat(slice(s, i));
}

template <class Options>
void check_steps(FuzzedDataProvider& in, Options o) {
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 12);
  const bool tame = in.ConsumeBool();
  const auto params = values(in, n, tame), grads = values(in, n, tame);
  using State = decltype(decode_state(in, n, false, o));
  std::optional<State> state;
  if (in.ConsumeBool()) state = decode_state(in, n, false, o);
  const auto step = step_of(o);
  const auto whole = step(params, grads, state, o);
  require(whole.ok(), "a valid step is accepted");

  for (size_t i = 0; i < n; ++i) {
    const auto one = step(at(params, i), at(grads, i),
                          state ? std::optional<State>(slice(*state, i)) : std::nullopt, o);
    require(one.ok() && fuzz::same_float(one.value->params[0], whole.value->params[i]),
            "a step over n params == n steps over one");
    require(same(element(whole.value->state, i), flat(one.value->state)),
            "each element's state is its own");
  }

  Options flipped = o;
  flipped.maximize = !o.maximize;
  std::vector<float> negated(grads);
  for (float& g : negated) g = -g;
  const auto climbed = step(params, negated, state, flipped);
  require(climbed.ok() && same(climbed.value->params, whole.value->params) &&
              same(flat(climbed.value->state), flat(whole.value->state)),
          "maximize on g == minimize on -g");
}

void check_fresh_states(FuzzedDataProvider& in) {
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 8);
  const auto params = values(in, n), grads = values(in, n);
  const std::vector<float> zeros(n, 0.0f);
  const auto rmsprop = decode_rmsprop(in, false);
  const RmspropState rmsprop_zeros{0, zeros, zeros, zeros};
  const auto a = rmsprop_step(params, grads, std::nullopt, rmsprop),
             b = rmsprop_step(params, grads, rmsprop_zeros, rmsprop);
  require(same(a.value->params, b.value->params), "RMSprop's fresh state is zeros at step 0");
  const auto adam = decode_adam(in, false);
  const AdamState adam_zeros{0, zeros, zeros, zeros};
  const auto c = adam_step(params, grads, std::nullopt, adam),
             d = adam_step(params, grads, adam_zeros, adam);
  require(same(c.value->params, d.value->params) && c.value->state.step == 1 &&
              d.value->state.step == 1,
          "Adam's fresh state is zeros at step 0");
}

template <class Options>
void check_descent(FuzzedDataProvider& in, const Options& o) {
  const Surface s = decode_surface(in, false);
  const auto start = values(in, 2, in.ConsumeBool());
  const int32_t steps = in.ConsumeIntegralInRange<int32_t>(0, 30);
  const auto descent = descend(s, start, o, steps);
  require(descent.ok(), "a valid descent is accepted");
  std::vector<float> point = start, points, values_seen, gradients;
  using State = decltype(descent.value->state);
  std::optional<State> state;
  for (int32_t k = 0;; ++k) {
    const auto here = surface(s, point);
    points.insert(points.end(), point.begin(), point.end());
    values_seen.push_back(here.value->value);
    if (k == steps) break;
    const std::vector<float> gradient(here.value->gradient.begin(), here.value->gradient.end());
    gradients.insert(gradients.end(), gradient.begin(), gradient.end());
    auto next = step_of(o)(point, gradient, state, o);
    point = next.value->params;
    state = next.value->state;
  }
  require(same(points, descent.value->points) && same(values_seen, descent.value->values) &&
              same(gradients, descent.value->gradients),
          "a descent == surface() and the step in a loop");
  if (state)
    require(same(flat(*state), flat(descent.value->state)), "a descent's state == the loop's");
}

void check_gradient(FuzzedDataProvider& in) {
  const Surface s = decode_surface(in, false);
  const float x = in.ConsumeFloatingPointInRange<float>(-4.0f, 4.0f);
  const float y = in.ConsumeBool() ? x * x : in.ConsumeFloatingPointInRange<float>(-4.0f, 4.0f);
  const auto at_point = surface(s, std::vector<float>{x, y});
  constexpr double h = 1e-5;
  const double px = x, py = y;
  const double slopes[2] = {
      (reference::surface_value(s, px + h, py) - reference::surface_value(s, px - h, py)) / (2 * h),
      (reference::surface_value(s, px, py + h) - reference::surface_value(s, px, py - h)) /
          (2 * h)};
  const double rounding = 8 * FLT_EPSILON * 200 * (px * px + std::abs(py)) * (1 + std::abs(px));
  for (int i = 0; i < 2; ++i) {
    if (std::abs(at_point.value->gradient[i] - slopes[i]) >
        1e-4 * (1 + std::abs(slopes[i])) + rounding) {
      std::fprintf(
          stderr, "surface %d at (%.9g, %.9g), d/d%c: gradient %.9g, central difference %.9g\n",
          static_cast<int>(s), x, y, i ? 'y' : 'x', at_point.value->gradient[i], slopes[i]);
      require(false, "the gradient == the central difference");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: check_steps(in, decode_sgd(in, false)); break;
    case 1: check_steps(in, decode_rmsprop(in, false)); break;
    case 2: check_steps(in, decode_adam(in, false)); break;
    case 3: check_descent(in, decode_sgd(in, false)); break;
    case 4: check_descent(in, decode_rmsprop(in, false)); break;
    case 5: check_descent(in, decode_adam(in, false)); break;
    case 6: check_fresh_states(in); break;
    default: check_gradient(in); break;
  }
  return 0;
}
