// xor_train's SGD state: a training in calls, each from the params and state the one before
// returned, is the training in one call, to the bit, with and without momentum; PyTorch keeps no
// momentum buffer before a step with momentum, and a step without momentum leaves one as it was;
// a state of another network's shape is refused.
#include <gtest/gtest.h>

#include <vector>

#include "common/test_util.h"
#include "learning/learning.h"

namespace learning {
namespace {

using core::testing::bitwise_equal;
using core::testing::expect_error;
using core::testing::value_of;

const XorParams kNet = {{0.8f, -0.6f, -0.7f, 0.9f, 0.3f, 0.2f}, {0.1f, -0.1f, 0.05f},
                        {1.2f, 0.9f, -0.4f}, {0.1f}};

void expect_same_tensors(const XorParams& expected, const XorParams& actual, const char* what) {
  EXPECT_TRUE(bitwise_equal(expected.w1, actual.w1)) << what << ".w1";
  EXPECT_TRUE(bitwise_equal(expected.b1, actual.b1)) << what << ".b1";
  EXPECT_TRUE(bitwise_equal(expected.w2, actual.w2)) << what << ".w2";
  EXPECT_TRUE(bitwise_equal(expected.b2, actual.b2)) << what << ".b2";
}

TEST(LearningState, ATrainingInCallsIsTheTrainingInOneToTheBit) {
  for (const auto activation : {Activation::kTanh, Activation::kRelu, Activation::kSigmoid}) {
    for (const double momentum : {0.0, 0.5, 0.9}) {
      SCOPED_TRACE("activation " + std::to_string(static_cast<int>(activation)) + ", momentum " +
                   std::to_string(momentum));
      XorOptions o;
      o.activation = activation;
      o.lr = 0.3;
      o.momentum = momentum;
      const auto whole = value_of(xor_train(view_of(kNet), o, 120));
      // Calls of 1, 0, 39 and 80 steps: the first makes the buffers, the empty one passes them on.
      XorParams p = kNet;
      XorSgdState state;
      std::vector<float> losses;
      for (const int32_t steps : {1, 0, 39, 80}) {
        auto t = value_of(xor_train(view_of(p), o, steps, state));
        losses.insert(losses.end(), t.losses.begin(), t.losses.end() - 1);
        p = std::move(t.params);
        state = std::move(t.state);
      }
      losses.push_back(whole.losses.back());
      EXPECT_TRUE(bitwise_equal(whole.losses, losses)) << "losses";
      expect_same_tensors(whole.params, p, "params");
      ASSERT_EQ(state.momentum_buffer.has_value(), momentum != 0.0);
      ASSERT_EQ(whole.state.momentum_buffer.has_value(), momentum != 0.0);
      if (momentum != 0.0) {
        expect_same_tensors(*whole.state.momentum_buffer, *state.momentum_buffer, "buffer");
      }
    }
  }
}

TEST(LearningState, PyTorchKeepsNoBufferBeforeAStepWithMomentum) {
  XorOptions o;
  o.momentum = 0.9;
  EXPECT_FALSE(value_of(xor_train(view_of(kNet), o, 0)).state.momentum_buffer) << "no step";
  o.momentum = 0;
  EXPECT_FALSE(value_of(xor_train(view_of(kNet), o, 5)).state.momentum_buffer) << "no momentum";
  // The first step with momentum copies its gradient: lr * buffer is the step taken.
  o.momentum = 0.9;
  o.lr = 1;
  const auto one = value_of(xor_train(view_of(kNet), o, 1));
  ASSERT_TRUE(one.state.momentum_buffer);
  for (size_t i = 0; i < kNet.b1.size(); ++i) {
    EXPECT_EQ(one.params.b1[i], kNet.b1[i] - one.state.momentum_buffer->b1[i]) << i;
  }
  // A step without momentum leaves the buffers as they were, as PyTorch's does.
  o.momentum = 0;
  const auto plain = value_of(xor_train(view_of(one.params), o, 3, one.state));
  ASSERT_TRUE(plain.state.momentum_buffer);
  expect_same_tensors(*one.state.momentum_buffer, *plain.state.momentum_buffer, "buffer");
  expect_same_tensors(value_of(xor_train(view_of(one.params), o, 3)).params, plain.params,
                      "params");
}

TEST(LearningState, ABufferOfAnotherShapeIsRefused) {
  XorSgdState state{kNet};
  state.momentum_buffer->b1 = {0, 0};
  expect_error(xor_train(view_of(kNet), {}, 1, state).error, "state",
               "state['momentum_buffer']['b1'] has 2 values but params.b1 has 3");
  state.momentum_buffer = kNet;
  state.momentum_buffer->w1.push_back(0);
  expect_error(xor_train(view_of(kNet), {}, 1, state).error, "state",
               "state['momentum_buffer']['w1'] has 7 values but params.w1 has 6");
  state.momentum_buffer = kNet;
  state.momentum_buffer->b2.clear();
  expect_error(check_xor_momentum_buffer(view_of(*state.momentum_buffer), 3), "state",
               "state['momentum_buffer']['b2'] has 0 values but params.b2 has 1");
  // The params are checked first, and then the state against them.
  XorParams wide = kNet;
  wide.b1 = {0};
  expect_error(xor_train(view_of(wide), {}, 1, state).error, "params",
               "params.b1 has 1 values but w1 has H = 3 rows");
  EXPECT_EQ(value_of(xor_train(view_of(kNet), {}, 1, XorSgdState{kNet})).losses.size(), 2u);
}

}  // namespace
}  // namespace learning
