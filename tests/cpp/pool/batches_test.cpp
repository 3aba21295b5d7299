// plan_call() + run_planes(): a call run in batches of planes gives the bits of the whole
// call, for every operation and batch size, and errors read as they would for the whole call.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "pool/pool2d.h"
#include "test_util.h"

namespace pool {
namespace {

using testing::bitwise_equal;
using testing::random_values;

constexpr Operation kOperations[] = {
    Operation::kAvgForward,         Operation::kAvgBackward,
    Operation::kMaxForward,         Operation::kMaxBackward,
    Operation::kAdaptiveAvgForward, Operation::kAdaptiveAvgBackward,
    Operation::kAdaptiveMaxForward, Operation::kAdaptiveMaxBackward,
};

// A valid call of `op` on 2 x 7 planes of 9 x 11, with its inputs (backward passes get the
// indices of a forward max pass, so they are valid).
struct Fixture {
  PoolCall call;
  std::vector<float> values;
  std::vector<int32_t> indices;
};

Fixture make_call(Operation op, std::mt19937& rng) {
  Fixture f;
  f.call.op = op;
  f.call.shape = {2, 7, 9, 11};
  f.call.options.kernel = {3, 2};
  f.call.options.stride = Size2{2, 1};
  f.call.options.padding = {1, 1};
  f.call.options.ceil_mode = true;
  f.call.output_size = {4, 5};
  const PoolPlan plan = *(is_adaptive(op) ? plan_adaptive_pool2d(f.call.shape, f.call.output_size)
                                   : plan_pool2d(PoolKind::kMax, f.call.shape, f.call.options))
                             .value;
  f.values = random_values(static_cast<size_t>(is_backward(op) ? plan.output_size() : plan.input_size()), rng);
  if (op == Operation::kMaxBackward || op == Operation::kAdaptiveMaxBackward) {
    PoolCall forward = f.call;
    forward.op = op == Operation::kMaxBackward ? Operation::kMaxForward : Operation::kAdaptiveMaxForward;
    const std::vector<float> input = random_values(static_cast<size_t>(plan.input_size()), rng);
    forward.values = input;
    PoolOutput out;
    EXPECT_FALSE(run_pool2d(forward, out).has_value());
    f.indices = out.indices;
  }
  f.call.values = f.values;
  f.call.indices = f.indices;
  return f;
}

// A call of `op` on three 4 x 4 planes with a 2 x 2 window, its inputs still to be given.
PoolCall three_planes_2x2(Operation op) {
  PoolCall call;
  call.op = op;
  call.shape = {3, 4, 4};
  call.options.kernel = {2, 2};
  return call;
}

TEST(Batches, EveryBatchSizeGivesTheWholeCallsBits) {
  std::mt19937 rng(7);
  for (Operation op : kOperations) {
    const Fixture f = make_call(op, rng);
    PoolOutput whole;
    ASSERT_FALSE(run_pool2d(f.call, whole).has_value());

    const Checked<PoolPlan> plan = plan_call(f.call);
    ASSERT_TRUE(plan.ok());
    const PlaneSizes per = plane_sizes(op, *plan.value);
    ASSERT_EQ(plan.value->planes, 14);
    ASSERT_EQ(per.result * plan.value->planes, static_cast<int64_t>(whole.data.size()));
    for (int64_t batch : {1, 3, 5, 14}) {
      SCOPED_TRACE("operation " + std::to_string(static_cast<int>(op)) + ", batches of " +
                   std::to_string(batch));
      std::vector<float> data(whole.data.size(), -1.0f);
      std::vector<int32_t> indices(whole.indices.size(), -1);
      for (int64_t first = 0; first < plan.value->planes; first += batch) {
        const int64_t count = std::min(batch, plan.value->planes - first);
        const FloatView values(f.values.data() + first * per.values,
                               static_cast<size_t>(count * per.values));
        const IndexView batch_indices(f.indices.data() + first * per.indices,
                                      static_cast<size_t>(count * per.indices));
        int32_t* out_indices = indices.empty() ? nullptr : indices.data() + first * per.result;
        ASSERT_FALSE(run_planes(op, *plan.value, first, count, values, batch_indices,
                                data.data() + first * per.result, out_indices)
                         .has_value());
      }
      EXPECT_TRUE(bitwise_equal(whole.data, data));
      EXPECT_EQ(whole.indices, indices);
    }
  }
}

TEST(Batches, PlanCallReadsOnlyTheLengths) {
  PoolCall call = three_planes_2x2(Operation::kAvgForward);
  call.values = {nullptr, 48};
  const Checked<PoolPlan> plan = plan_call(call);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan.value->planes, 3);
  const PlaneSizes per = plane_sizes(Operation::kAvgBackward, *plan.value);
  EXPECT_EQ(per.values, 4);
  EXPECT_EQ(per.result, 16);

  call.values = {nullptr, 47};
  const Checked<PoolPlan> short_input = plan_call(call);
  ASSERT_FALSE(short_input.ok());
  EXPECT_EQ(short_input.error->message, "input has 47 values but shape (3, 4, 4) needs 48");

  call.op = Operation::kMaxBackward;
  call.values = {nullptr, 12};
  call.indices = {nullptr, 11};
  const Checked<PoolPlan> short_indices = plan_call(call);
  ASSERT_FALSE(short_indices.ok());
  EXPECT_EQ(short_indices.error->parameter, "indices");
  EXPECT_EQ(short_indices.error->message, "indices has 11 values but the output is (3, 2, 2), 12 values");
}

TEST(Batches, ABatchOutsideThePlanOrLongerThanItsInputsIsRefused) {
  PoolCall call = three_planes_2x2(Operation::kAvgForward);
  const std::vector<float> input(48, 1.0f);
  call.values = input;
  const PoolPlan plan = *plan_call(call).value;
  std::vector<float> out(16, -1.0f);
  const auto past_the_end = run_planes(call.op, plan, 2, 2, {input.data(), 32}, {}, out.data(), nullptr);
  ASSERT_TRUE(past_the_end.has_value());
  EXPECT_EQ(past_the_end->parameter, "planes");
  EXPECT_EQ(past_the_end->message, "planes 2 to 4 do not fit the plan of 3 planes or the inputs given");
  EXPECT_TRUE(run_planes(call.op, plan, -1, 1, {input.data(), 16}, {}, out.data(), nullptr).has_value());
  // Two planes asked for, one plane's values given.
  EXPECT_TRUE(run_planes(call.op, plan, 0, 2, {input.data(), 16}, {}, out.data(), nullptr).has_value());
  EXPECT_EQ(out, std::vector<float>(16, -1.0f)) << "nothing was written";
  // Max backward: indices shorter than the batch.
  call.op = Operation::kMaxBackward;
  call.values = {input.data(), 12};
  const std::vector<int32_t> indices(12, 0);
  call.indices = indices;
  const PoolPlan max_plan = *plan_call(call).value;
  EXPECT_TRUE(run_planes(call.op, max_plan, 0, 3, {input.data(), 12}, {indices.data(), 8},
                         out.data(), nullptr)
                  .has_value());
  ASSERT_FALSE(run_planes(call.op, max_plan, 0, 1, {input.data(), 4}, {indices.data(), 4},
                          out.data(), nullptr)
                   .has_value());
}

// An empty batch writes nothing, so its outputs may be null (no memset(nullptr, 0, 0)).
TEST(Batches, AnEmptyBatchWritesNothing) {
  for (Operation op : kOperations) {
    PoolCall call;
    call.op = op;
    call.shape = {2, 4, 4};
    call.options.kernel = {2, 2};
    call.output_size = Size2{2, 2};
    const PoolPlan plan = *(is_adaptive(op) ? plan_adaptive_pool2d(call.shape, call.output_size)
                                            : plan_pool2d(is_max(op) ? PoolKind::kMax : PoolKind::kAverage,
                                                          call.shape, call.options)).value;
    for (int64_t first : {int64_t{0}, int64_t{2}}) {
      EXPECT_FALSE(run_planes(op, plan, first, 0, {}, {}, nullptr, nullptr).has_value());
    }
  }
}

TEST(Batches, ABadIndexIsNamedByItsPlaceInTheWholeCall) {
  PoolCall call = three_planes_2x2(Operation::kMaxBackward);
  const std::vector<float> grad(12, 1.0f);
  const std::vector<int32_t> indices{0, 2, 8, 10, 0, 2, 8, 10, 0, 2, 99, 10};
  call.values = grad;
  call.indices = indices;
  const Checked<PoolPlan> plan = plan_call(call);
  ASSERT_TRUE(plan.ok());
  std::vector<float> out(16);
  // The third plane alone, as the last batch of one plane each.
  const auto error = run_planes(call.op, *plan.value, 2, 1, {grad.data() + 8, 4},
                                {indices.data() + 8, 4}, out.data(), nullptr);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->parameter, "indices");
  EXPECT_EQ(error->message, "indices[10] is 99, outside the 4 x 4 plane");
  PoolOutput whole;
  const auto whole_error = run_pool2d(call, whole);
  ASSERT_TRUE(whole_error.has_value());
  EXPECT_EQ(whole_error->message, error->message);
}

}  // namespace
}  // namespace pool
