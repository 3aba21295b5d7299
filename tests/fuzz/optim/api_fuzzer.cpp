// Every public entry point of the optimiser family (optim/optim.h) on arguments decoded from the
// fuzzer's bytes: each optimiser's step with options anywhere in double (negative, NaN, the
// infinities, betas at 1), params and grads of lengths right or off with NaN, +-inf, +-0 and
// denormals, no state or a state whose buffers are present or not, of the right length or not,
// and whose step is anywhere in double; params past the core's limit (by their length alone);
// surfaces by any int32 code at points of any length; descents of any int32 number of steps;
// grids of any bounds and cells.
//
// A call must be refused exactly when one of its arguments is wrong (a model of the documented
// rules), as an Error naming a wrong parameter of the first wrong group (options, then grads,
// then the state; a descent's surface, start, options, then steps); an accepted step must give
// the bits of the reference kernel called directly on a copy of its state, and pass on unchanged
// the buffers its options do not read; an accepted surface or descent the reference's values.
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <type_traits>
#include <string>
#include <vector>

#include "common/sizes.h"
#include "optim/decode.h"

namespace {

using namespace fuzz::optim_fuzz;

void require(bool condition, const char* what) {
  fuzz::optim_fuzz::require(condition, "optim_api_fuzzer", what);
}

template <class T>
void require_outcome(const Checked<T>& result, const std::set<std::string>& wrong) {
  require(result.ok() != result.error.has_value(), "a result is a value or an error");
  require(result.ok() == wrong.empty(), "a call is refused exactly when an argument is wrong");
  if (result.ok()) return;
  require(!result.error->message.empty(), "an error says why");
  require(wrong.count(result.error->parameter) == 1,
          "an error names a wrong parameter of the first wrong group");
}

bool same(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && fuzz::same_floats(a.data(), b.data(), a.size());
}
bool same(const std::optional<std::vector<float>>& a, const std::optional<std::vector<float>>& b) {
  return a.has_value() == b.has_value() && (!a || same(*a, *b));
}

std::vector<float> zeros(size_t n) { return std::vector<float>(n, 0.0f); }

// The reference kernels called directly, as optim.h documents a step: on the state given (a
// fresh one as PyTorch makes it: no SGD buffer, zeros for the buffers the options read), which
// `state` becomes; the new params are returned.
std::vector<float> reference_step(std::vector<float> p, const std::vector<float>& g,
                                  std::optional<SgdState> given, const SgdOptions& o,
                                  SgdState& state) {
  state = given.value_or(SgdState{});
  const bool empty = !state.momentum_buffer;
  if (o.momentum != 0.0 && empty) state.momentum_buffer = zeros(p.size());
  float* buffer = o.momentum != 0.0 ? state.momentum_buffer->data() : nullptr;
  reference::sgd_step(p.data(), buffer, g.data(), static_cast<int64_t>(p.size()), empty, o);
  return p;
}

std::vector<float> reference_step(std::vector<float> p, const std::vector<float>& g,
                                  std::optional<RmspropState> given, const RmspropOptions& o,
                                  RmspropState& state) {
  if (given) {
    state = *given;
  } else {
    state = RmspropState{0, zeros(p.size()), std::nullopt, std::nullopt};
    if (o.momentum > 0.0) state.momentum_buffer = zeros(p.size());
    if (o.centered) state.grad_avg = zeros(p.size());
  }
  state.step += 1;
  reference::rmsprop_step(
      p.data(), state.square_avg.data(), o.momentum > 0.0 ? state.momentum_buffer->data() : nullptr,
      o.centered ? state.grad_avg->data() : nullptr, g.data(), static_cast<int64_t>(p.size()), o);
  return p;
}

std::vector<float> reference_step(std::vector<float> p, const std::vector<float>& g,
                                  std::optional<AdamState> given, const AdamOptions& o,
                                  AdamState& state) {
  state = given.value_or(AdamState{0, zeros(p.size()), zeros(p.size()), std::nullopt});
  if (!given && o.amsgrad) state.max_exp_avg_sq = zeros(p.size());
  state.step = static_cast<double>(static_cast<float>(state.step) + 1.0f);
  reference::adam_step(p.data(), state.exp_avg.data(), state.exp_avg_sq.data(),
                       o.amsgrad ? state.max_exp_avg_sq->data() : nullptr, g.data(),
                       static_cast<int64_t>(p.size()), static_cast<float>(state.step), o);
  return p;
}

bool same_state(const SgdState& a, const SgdState& b) {
  return same(a.momentum_buffer, b.momentum_buffer);
}
bool same_state(const RmspropState& a, const RmspropState& b) {
  return a.step == b.step && same(a.square_avg, b.square_avg) &&
         same(a.momentum_buffer, b.momentum_buffer) && same(a.grad_avg, b.grad_avg);
}
bool same_state(const AdamState& a, const AdamState& b) {
  return a.step == b.step && same(a.exp_avg, b.exp_avg) && same(a.exp_avg_sq, b.exp_avg_sq) &&
         same(a.max_exp_avg_sq, b.max_exp_avg_sq);
}

template <class Options>
void step_call(FuzzedDataProvider& in, const Options& o) {
  if (in.ConsumeIntegralInRange<int>(0, 31) == 0) {  // past the limit: the lengths alone
    const size_t n =
        static_cast<size_t>(core::kMaxElements) + in.ConsumeIntegralInRange<size_t>(1, 4);
    const auto error = check_values(n, nearby(in, n, true));
    require(error && error->parameter == "params", "params past the limit are refused");
    return;
  }
  const size_t n =
      in.ConsumeIntegralInRange<int>(0, 7) == 0 ? 0 : in.ConsumeIntegralInRange<size_t>(1, 24);
  const size_t grads_n = nearby(in, n, true);
  const auto params = values(in, n), grads = values(in, grads_n);
  using State = decltype(decode_state(in, n, true, o));
  std::optional<State> state;
  if (in.ConsumeBool()) state = decode_state(in, n, true, o);

  auto wrong = wrong_options(o);
  if (wrong.empty() && grads_n != n) wrong = {"grads"};
  if (wrong.empty() && state && !state_ok(*state, n, o)) wrong = {"state"};
  if (wrong.empty()) wrong = wrong_conversions(o, state);
  const auto result = step_of(o)(params, grads, state, o);
  require_outcome(result, wrong);
  const auto options_error = check_options(o);
  require(options_error.has_value() == !wrong_options(o).empty(),
          "check_options refuses exactly the wrong options");
  if (options_error && !result.ok()) {
    require(options_error->message == result.error->message,
            "check_options and the step refuse alike");
  }
  if (!result.ok()) return;

  State expected_state;
  const auto expected = reference_step(params, grads, state, o, expected_state);
  require(same(result.value->params, expected), "the step's params == the reference's");
  require(same_state(result.value->state, expected_state), "the step's state == the reference's");
  if constexpr (!std::is_same_v<State, SgdState>) {  // SGD's state counts no steps
    require(!core::check_state_step(result.value->state.step),
            "the state a step returns is taken back: its step is in range");
  }
}

// Buffers the options do not read are passed on unchanged.
void unread_buffers_call(FuzzedDataProvider& in) {
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 8);
  const auto params = values(in, n), grads = values(in, n);
  RmspropOptions reads_all = decode_rmsprop(in, false);
  reads_all.momentum = 0.5;
  reads_all.centered = true;
  const auto full = sgd_step(params, grads, std::nullopt, SgdOptions{0.1, 0.9});
  const auto kept = sgd_step(params, grads, full.value->state, SgdOptions{0.1});
  require(same(kept.value->state.momentum_buffer, full.value->state.momentum_buffer),
          "SGD without momentum keeps the buffer");
  const auto first = rmsprop_step(params, grads, std::nullopt, reads_all);
  const auto next = rmsprop_step(params, grads, first.value->state, RmspropOptions{});
  require(same(next.value->state.momentum_buffer, first.value->state.momentum_buffer) &&
              same(next.value->state.grad_avg, first.value->state.grad_avg),
          "RMSprop keeps the buffers its options do not read");
  AdamOptions amsgrad;
  amsgrad.amsgrad = true;
  const auto adam = adam_step(params, grads, std::nullopt, amsgrad);
  const auto plain = adam_step(params, grads, adam.value->state, AdamOptions{});
  require(same(plain.value->state.max_exp_avg_sq, adam.value->state.max_exp_avg_sq),
          "Adam without amsgrad keeps max_exp_avg_sq");
}

bool surface_ok(Surface s) { return static_cast<int32_t>(s) >= 0 && static_cast<int32_t>(s) <= 2; }

void surface_call(FuzzedDataProvider& in) {
  const Surface s = decode_surface(in, true);
  const auto point = values(in, nearby(in, 2, true));
  std::set<std::string> wrong;
  if (!surface_ok(s)) wrong = {"surface"};
  if (wrong.empty() && point.size() != 2) wrong = {"point"};
  const auto result = surface(s, point);
  require_outcome(result, wrong);
  if (!result.ok()) return;
  float gradient[2];
  reference::surface_gradient(gradient, s, point[0], point[1]);
  require(fuzz::same_float(result.value->value, reference::surface_value(s, point[0], point[1])) &&
              fuzz::same_floats(result.value->gradient.data(), gradient, 2),
          "the surface == the reference");
}

template <class Options>
void descend_call(FuzzedDataProvider& in, const Options& o) {
  const Surface s = decode_surface(in, true);
  const auto start = values(in, nearby(in, 2, true));
  const int32_t steps = in.ConsumeIntegralInRange<int>(0, 7) == 0
                            ? fuzz::size_value(in, -2, kMaxDescentSteps + 2)
                            : in.ConsumeIntegralInRange<int32_t>(0, 24);
  auto wrong = std::set<std::string>{};
  if (!surface_ok(s)) wrong = {"surface"};
  if (wrong.empty() && start.size() != 2) wrong = {"start"};
  if (wrong.empty()) wrong = wrong_options(o);
  if (wrong.empty() && (steps < 0 || steps > kMaxDescentSteps)) wrong = {"steps"};
  // Each step of the descent, from the state the one before left: a step's conversions as
  // step_call models them, on a loop of the reference steps.
  if (wrong.empty() && steps >= 0 && steps <= kMaxDescentSteps) {
    std::vector<float> p = start;
    using State = decltype(decode_state(in, 2, true, o));
    std::optional<State> state;
    for (int32_t k = 0; k < steps && wrong.empty(); ++k) {
      wrong = wrong_conversions(o, state);
      if (!wrong.empty()) break;
      float g[2];
      reference::surface_gradient(g, s, p[0], p[1]);
      State next;
      p = reference_step(p, std::vector<float>(g, g + 2), state, o, next);
      state = std::move(next);
    }
  }
  const auto result = descend(s, start, o, steps);
  require_outcome(result, wrong);
  if (!result.ok()) return;
  const auto& d = *result.value;
  const auto count = static_cast<size_t>(steps);
  require(d.points.size() == 2 * (count + 1) && d.values.size() == count + 1 &&
              d.gradients.size() == 2 * count,
          "a descent has steps + 1 points and values and steps gradients");
  require(fuzz::same_floats(d.points.data(), start.data(), 2), "a descent starts at its start");
  for (size_t k = 0; k <= count; ++k) {
    const float x = d.points[2 * k], y = d.points[2 * k + 1];
    require(fuzz::same_float(d.values[k], reference::surface_value(s, x, y)),
            "each value is the surface's at its point");
    if (k == count) break;
    float gradient[2];
    reference::surface_gradient(gradient, s, x, y);
    require(fuzz::same_floats(&d.gradients[2 * k], gradient, 2),
            "each gradient is the surface's at its point");
  }
}

// A grid's bounds anywhere in double (NaN, the infinities, either order, equal) and its cells
// around the limit; an accepted grid holds the reference's value at each corner.
void surface_grid_call(FuzzedDataProvider& in) {
  const Surface s = decode_surface(in, true);
  Grid grid;
  for (double* bound : {&grid.x0, &grid.x1, &grid.y0, &grid.y1}) *bound = option_value(in, true);
  if (in.ConsumeBool()) grid.x0 = -grid.x0;
  if (in.ConsumeBool()) grid.y0 = -grid.y0;
  grid.columns = fuzz::size_value(in, -1, kMaxGridCells + 1);
  grid.rows = fuzz::size_value(in, -1, kMaxGridCells + 1);
  const auto spans = [](double low, double high) {
    return std::isfinite(low) && std::isfinite(high) && low < high;
  };
  std::set<std::string> wrong;
  if (!surface_ok(s)) wrong = {"surface"};
  if (wrong.empty() && !spans(grid.x0, grid.x1)) wrong = {"x"};
  if (wrong.empty() && !spans(grid.y0, grid.y1)) wrong = {"y"};
  if (wrong.empty() && (grid.columns < 1 || grid.columns > kMaxGridCells)) wrong = {"columns"};
  if (wrong.empty() && (grid.rows < 1 || grid.rows > kMaxGridCells)) wrong = {"rows"};
  const auto result = surface_grid(s, grid);
  require_outcome(result, wrong);
  if (!result.ok()) return;
  const auto& values = *result.value;
  const auto corners = static_cast<size_t>(grid.columns + 1);
  require(values.size() == corners * static_cast<size_t>(grid.rows + 1),
          "a grid has (columns + 1) (rows + 1) values");
  const auto at = [](double low, double high, int32_t cells, int32_t k) {
    return static_cast<float>(low + (high - low) * k / cells);
  };
  for (int32_t j : {0, grid.rows / 2, grid.rows}) {
    for (int32_t i : {0, grid.columns / 3, grid.columns}) {
      const float x = at(grid.x0, grid.x1, grid.columns, i);
      const float y = at(grid.y0, grid.y1, grid.rows, j);
      require(fuzz::same_float(values[j * corners + i], reference::surface_value(s, x, y)),
              "each corner holds the surface's value there");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 8)) {
    case 0: step_call(in, decode_sgd(in, true)); break;
    case 1: step_call(in, decode_rmsprop(in, true)); break;
    case 2: step_call(in, decode_adam(in, true)); break;
    case 3: surface_call(in); break;
    case 4: descend_call(in, decode_sgd(in, true)); break;
    case 5: descend_call(in, decode_rmsprop(in, true)); break;
    case 6: descend_call(in, decode_adam(in, true)); break;
    case 7: surface_grid_call(in); break;
    default: unread_buffers_call(in); break;
  }
  return 0;
}
