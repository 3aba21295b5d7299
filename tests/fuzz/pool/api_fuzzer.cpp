// Every public entry point of the pooling family on arguments decoded from the fuzzer's bytes:
// a shape (any rank, any int32 sizes), options or an output size (sides may be left out), a
// return_indices flag, inputs whose lengths are right or off, max backward indices inside or
// outside their plane. A rejected call must be an Error, never a crash; an accepted one must
// agree with itself: the named entry point, run_pool2d, and the same call in batches of planes
// give the same bits; max pooling's value is the input at its index.
//
// Calls whose tensors are larger than kRunElements are only planned (validation runs on any
// size; the kernels on large sizes would make each run slow without reaching new code).
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "common/decode.h"
#include "pool/pool2d.h"

namespace {

using namespace pool;

constexpr int64_t kRunElements = int64_t{1} << 14;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "pool_api_fuzzer: %s\n", what);
  std::abort();
}

Size2 size_pair(FuzzedDataProvider& in, int32_t lo, int32_t hi) {
  const int32_t h = fuzz::size_value(in, lo, hi);
  return {h, in.ConsumeBool() ? h : fuzz::size_value(in, lo, hi)};
}

PoolOptions decode_options(FuzzedDataProvider& in) {
  PoolOptions o;
  o.kernel = size_pair(in, 1, 5);
  if (in.ConsumeBool()) o.stride = size_pair(in, 1, 4);
  o.padding = in.ConsumeBool() ? Size2{0, 0} : size_pair(in, 0, 2);
  o.dilation = in.ConsumeBool() ? Size2{1, 1} : size_pair(in, 1, 3);
  o.ceil_mode = in.ConsumeBool();
  o.count_include_pad = in.ConsumeBool();
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) o.divisor_override = fuzz::size_value(in, -3, 9);
  return o;
}

OutputSize decode_output_size(FuzzedDataProvider& in) {
  auto side = [&]() -> std::optional<int64_t> {
    if (in.ConsumeIntegralInRange<int>(0, 4) == 0) return std::nullopt;  // PyTorch's None
    return fuzz::size_value(in, 1, 9);
  };
  const auto h = side();
  return {h, side()};
}

Shape decode_shape(FuzzedDataProvider& in) {
  const int rank = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? in.ConsumeIntegralInRange<int>(0, 5)
                                                             : in.ConsumeIntegralInRange<int>(3, 4);
  std::vector<int64_t> dims;
  for (int i = 0; i < rank; ++i) dims.push_back(fuzz::size_value(in, 1, i + 2 >= rank ? 12 : 5));
  return Shape(dims);
}

// The output the call would have, or nothing when the plan rejects it.
std::optional<PoolPlan> geometry(Operation op, const Shape& shape, const PoolOptions& o,
                                 OutputSize output_size) {
  auto plan = is_adaptive(op) ? plan_adaptive_pool2d(shape, output_size)
                              : plan_pool2d(is_max(op) ? PoolKind::kMax : PoolKind::kAverage, shape, o);
  require(plan.ok() != plan.error.has_value(), "a plan is a value or an error");
  if (!plan.ok()) {
    require(!plan.error->parameter.empty() && !plan.error->message.empty(),
            "an error names its parameter and says why");
    return std::nullopt;
  }
  return plan.value;
}

// The named entry point's result, as run_pool2d leaves it.
Checked<PoolOutput> call_entry_point(const PoolCall& c) {
  auto as_output = [&](Checked<std::vector<float>> gradient) {
    PoolOutput out;
    if (gradient.ok()) out.data = std::move(*gradient.value);
    return core::to_checked(std::move(gradient.error), std::move(out));
  };
  switch (c.op) {
    case Operation::kAvgForward: return avg_pool2d(c.values, c.shape, c.options);
    case Operation::kAvgBackward: return as_output(avg_pool2d_backward(c.values, c.shape, c.options));
    case Operation::kMaxForward: return max_pool2d(c.values, c.shape, c.options);
    case Operation::kMaxBackward:
      return as_output(max_pool2d_backward(c.values, c.indices, c.shape, c.options));
    case Operation::kAdaptiveAvgForward: return adaptive_avg_pool2d(c.values, c.shape, c.output_size);
    case Operation::kAdaptiveAvgBackward:
      return as_output(adaptive_avg_pool2d_backward(c.values, c.shape, c.output_size));
    case Operation::kAdaptiveMaxForward: return adaptive_max_pool2d(c.values, c.shape, c.output_size);
    case Operation::kAdaptiveMaxBackward:
      return as_output(adaptive_max_pool2d_backward(c.values, c.indices, c.shape, c.output_size));
  }
  return core::fail<PoolOutput>("op", "unknown");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  PoolCall call;
  call.op = static_cast<Operation>(in.ConsumeIntegralInRange<int>(0, 7));
  call.shape = decode_shape(in);
  call.options = decode_options(in);
  call.output_size = decode_output_size(in);
  call.return_indices = in.ConsumeBool();
  (void)pooled_output_size(fuzz::size_value(in, 1, 9), fuzz::size_value(in, 1, 5),
                           fuzz::size_value(in, 1, 4), fuzz::size_value(in, 0, 2),
                           fuzz::size_value(in, 1, 3), in.ConsumeBool());

  const std::optional<PoolPlan> plan = geometry(call.op, call.shape, call.options, call.output_size);
  if (plan) {
    kernel_name(call.op, *plan);
    if (plan->input_size() > kRunElements || plan->output_size() > kRunElements) return 0;
  }
  const bool backward = is_backward(call.op);
  // Lengths: right for the plan, or off by a little (or arbitrary when there is no plan).
  const int64_t right = plan ? (backward ? plan->output_size() : plan->input_size()) : 0;
  const int64_t off = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? in.ConsumeIntegralInRange<int>(-2, 2) : 0;
  const auto length = static_cast<size_t>(std::max<int64_t>(0, std::min<int64_t>(right + off, kRunElements)));
  const std::vector<float> values = fuzz::float_values(in, length);
  std::vector<int32_t> indices;
  if (is_max(call.op) && backward) {
    const int64_t plane = plan ? plan->H * plan->W : 1;
    indices.resize(right > 0 ? static_cast<size_t>(right) : 0);
    for (int32_t& index : indices) {
      index = in.ConsumeIntegralInRange<int>(0, 15) == 0
                  ? in.ConsumeIntegral<int32_t>()
                  : static_cast<int32_t>(in.ConsumeIntegralInRange<int64_t>(0, plane - 1));
    }
  }
  call.values = {values.data(), values.size()};
  call.indices = {indices.data(), indices.size()};

  const Checked<PoolOutput> named = call_entry_point(call);
  PoolOutput whole;
  const std::optional<Error> whole_error = run_pool2d(call, whole);
  require(named.ok() == !whole_error.has_value(), "the entry point and run_pool2d agree on rejecting");
  const Checked<PoolPlan> checked = plan_call(call);
  if (!checked.ok()) {
    require(!named.ok() && named.error->message == checked.error->message,
            "plan_call rejects what the entry point rejects, with its message");
    return 0;
  }
  const PoolPlan& p = *checked.value;
  const PlaneSizes per = plane_sizes(call.op, p);
  if (!named.ok()) {
    require(named.error->parameter == "indices", "a planned call fails only on an index");
    return 0;
  }
  const size_t result = static_cast<size_t>(backward ? p.input_size() : p.output_size());
  require(named.value->data.size() == result && whole.data.size() == result, "the result has its shape's size");
  require(fuzz::same_floats(named.value->data.data(), whole.data.data(), result), "entry point == run_pool2d");

  // The same call in batches of `batch` planes (none for an empty batch, of no planes).
  const int64_t batch = in.ConsumeIntegralInRange<int64_t>(1, std::max<int64_t>(1, p.planes));
  const bool with_indices = is_max(call.op) && !backward && call.return_indices;
  std::vector<float> batched(result);
  std::vector<int32_t> batched_indices(with_indices ? result : 0);
  for (int64_t first = 0; first < p.planes; first += batch) {
    const int64_t count = std::min(batch, p.planes - first);
    const auto at = [&](int64_t per_plane) { return static_cast<size_t>(first * per_plane); };
    auto error = run_planes(call.op, p, first, count,
                            {values.data() + at(per.values), static_cast<size_t>(count * per.values)},
                            {indices.data() + at(per.indices), static_cast<size_t>(count * per.indices)},
                            batched.data() + at(per.result),
                            with_indices ? batched_indices.data() + at(per.result) : nullptr);
    require(!error, "a batch of a planned call runs");
  }
  require(fuzz::same_floats(batched.data(), whole.data.data(), result), "batches == the whole call");
  if (with_indices) {
    require(batched_indices == whole.indices, "batches' indices == the whole call's");
    const int64_t plane = p.H * p.W, outputs = p.OH * p.OW;
    for (size_t i = 0; i < result; ++i) {
      const int32_t index = whole.indices[i];
      require(index >= 0 && index < plane, "an index lies in its plane");
      const float at_index = values[static_cast<size_t>(static_cast<int64_t>(i) / outputs * plane + index)];
      require(fuzz::same_float(at_index, whole.data[i]), "a maximum is the input at its index");
    }
  }
  // An empty batch, anywhere, writes nothing: its buffers may be null.
  const int64_t empty_at = in.ConsumeIntegralInRange<int64_t>(0, p.planes);
  require(!run_planes(call.op, p, empty_at, 0, {}, {}, nullptr, nullptr), "an empty batch runs");
  // A wrong batch is rejected, never run.
  require(run_planes(call.op, p, p.planes, 1, {}, {}, nullptr, nullptr).has_value(), "a batch past the end is rejected");
  return 0;
}
