// Every rejected argument is a core::Error naming the parameter and its value, checked before
// anything is computed, in the documented order (grad_loss, logits_shape, the lengths of logits,
// actions, old_log_probs and advantages, the options, then the values: each action in range,
// every value finite), and a call after it runs as if nothing had happened.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "rl/rl.h"

namespace rl {
namespace {

using core::testing::expect_error;
using core::testing::value_of;

using core::testing::kNaN;
using core::testing::kInf;

// Two samples of three actions.
const std::vector<float> kLogits = {1, 0, -1, 0.5f, 0.5f, 0};
const std::vector<int32_t> kShape = {2, 3};
const std::vector<int32_t> kActions = {0, 2};
const std::vector<float> kOld = {-0.5f, -1.5f};
const std::vector<float> kAdvantages = {1, -1};

struct Call {
  std::vector<float> logits = kLogits;
  std::vector<int32_t> shape = kShape;
  std::vector<int32_t> actions = kActions;
  std::vector<float> old = kOld;
  std::vector<float> advantages = kAdvantages;
  double grad_loss = 1;
  TrainOptions options;

  std::optional<Error> forward() const {
    return ppo(logits, shape, actions, old, advantages, {options.clip}).error;
  }
  std::optional<Error> backward() const {
    return ppo_backward(grad_loss, logits, shape, actions, old, advantages, {options.clip}).error;
  }
  std::optional<Error> train() const {
    return ppo_train(logits, shape, actions, old, advantages, options).error;
  }
};

void expect_still_works() {
  const auto out = value_of(ppo(kLogits, kShape, kActions, kOld, kAdvantages, {}));
  ASSERT_EQ(out.ratio.size(), 2u);
  EXPECT_EQ(out.objective[0], std::min(out.surrogate[0], out.clipped_surrogate[0]));
}

// The same error from all three calls.
void expect_all(const Call& call, const std::string& parameter, const std::string& message) {
  expect_error(call.forward(), parameter, message);
  expect_error(call.backward(), parameter, message);
  expect_error(call.train(), parameter, message);
  expect_still_works();
}

TEST(RlValidation, LogitsShapeIsNSamplesOfAActions) {
  Call c;
  c.shape = {6};
  expect_all(c, "logits_shape", "logits_shape must be [N, A], got (6)");
  c.shape = {2, 3, 1};
  expect_all(c, "logits_shape", "logits_shape must be [N, A], got (2, 3, 1)");
  const std::string range = "logits_shape [N, A] must have N from 1 to 256 and A from 2 to 16, got ";
  for (const auto& [shape, text] :
       std::vector<std::pair<std::vector<int32_t>, std::string>>{
           {{0, 3}, "(0, 3)"},
           {{257, 3}, "(257, 3)"},
           {{6, 1}, "(6, 1)"},
           {{1, 17}, "(1, 17)"},
           {{std::numeric_limits<int32_t>::min(), 3}, "(-2147483648, 3)"},
           {{2, std::numeric_limits<int32_t>::max()}, "(2, 2147483647)"}}) {
    c.shape = shape;
    expect_all(c, "logits_shape", range + text);
  }
}

TEST(RlValidation, EveryArrayHasItsLength) {
  Call c;
  c.logits = {1, 2, 3, 4, 5};
  expect_all(c, "logits", "logits has 5 values but logits_shape (2, 3) needs 6");
  c = Call{};
  c.actions = {0, 1, 2};
  expect_all(c, "actions", "actions has 3 values but N is 2");
  c = Call{};
  c.old = {0};
  expect_all(c, "old_log_probs", "old_log_probs has 1 values but N is 2");
  c = Call{};
  c.advantages = {};
  expect_all(c, "advantages", "advantages has 0 values but N is 2");
}

TEST(RlValidation, ClipIsBetweenZeroAndOne) {
  for (double clip : {0.0, 1.0, -0.2, 1.5, static_cast<double>(kNaN), static_cast<double>(kInf)}) {
    Call c;
    c.options.clip = clip;
    expect_all(c, "clip", "clip must be more than 0 and less than 1, got " + core::show(clip));
  }
}

TEST(RlValidation, ActionsAreColumnsOfTheirRows) {
  Call c;
  c.actions = {0, 3};
  expect_all(c, "actions", "actions[1] is 3 but A is 3: an action is from 0 to 2");
  c.actions = {-1, 0};
  expect_all(c, "actions", "actions[0] is -1 but A is 3: an action is from 0 to 2");
}

TEST(RlValidation, ValuesAreFinite) {
  Call c;
  c.logits[4] = kNaN;
  expect_all(c, "logits", "logits[4] must be a finite number, got nan");
  c = Call{};
  c.old[0] = -kInf;
  expect_all(c, "old_log_probs", "old_log_probs[0] must be a finite number, got -inf");
  c = Call{};
  c.advantages[1] = kInf;
  expect_all(c, "advantages", "advantages[1] must be a finite number, got inf");
}

TEST(RlValidation, GradLossIsAFiniteFloat32) {
  Call c;
  c.grad_loss = std::nan("");
  expect_error(c.backward(), "grad_loss", "grad_loss must be a finite number, got nan");
  c.grad_loss = -1e39;
  expect_error(c.backward(), "grad_loss",
               "grad_loss -1e+39 is beyond float32's largest finite value");
  c.grad_loss = 3.4e38;  // the largest float32s are fine
  EXPECT_FALSE(c.backward().has_value());
  expect_still_works();
}

TEST(RlValidation, TrainingOptionsAndWork) {
  Call c;
  for (double lr : {-0.1, 100.5, static_cast<double>(kNaN)}) {
    c.options.lr = lr;
    expect_error(c.train(), "lr", "lr must be from 0 to 100, got " + core::show(lr));
  }
  c.options.lr = 100;
  EXPECT_FALSE(c.train().has_value());
  for (int32_t epochs : {0, -1, 201, std::numeric_limits<int32_t>::min()}) {
    c.options.epochs = epochs;
    expect_error(c.train(), "epochs", "epochs must be from 1 to 200, got " + std::to_string(epochs));
  }
  c.options.epochs = 200;
  EXPECT_FALSE(c.train().has_value());
  c.logits.assign(256 * 16, 0.0f);
  c.shape = {256, 16};
  c.actions.assign(256, 15);
  c.old.assign(256, -1.0f);
  c.advantages.assign(256, 1.0f);
  c.options.epochs = 9;
  expect_error(c.train(), "epochs",
               "epochs 9 with logits_shape (256, 16) makes N * A * epochs = 36864, more than "
               "32768, the most a training takes");
  c.options.epochs = 8;
  const auto out = value_of(ppo_train(c.logits, c.shape, c.actions, c.old, c.advantages, c.options));
  EXPECT_EQ(out.logits.size(), 9u * 256 * 16);
  EXPECT_EQ(out.grad_ratio.size(), 8u * 256);
  expect_still_works();
}

// The first wrong argument is named: grad_loss before the shape, the shape before the lengths,
// lengths before options, options before values.
TEST(RlValidation, TheFirstWrongArgumentIsNamed) {
  Call c;
  c.grad_loss = INFINITY;
  c.shape = {0, 3};
  expect_error(c.backward(), "grad_loss", "grad_loss must be a finite number, got inf");
  c.grad_loss = 1;
  c.logits = {1};
  expect_error(c.backward(), "logits_shape",
               "logits_shape [N, A] must have N from 1 to 256 and A from 2 to 16, got (0, 3)");
  c.shape = kShape;
  c.options.clip = 2;
  expect_error(c.forward(), "logits", "logits has 1 values but logits_shape (2, 3) needs 6");
  c.logits = kLogits;
  c.actions = {5, 5};
  expect_error(c.forward(), "clip", "clip must be more than 0 and less than 1, got 2");
  c.options.clip = 0.2;
  c.options.lr = -1;
  expect_error(c.train(), "lr", "lr must be from 0 to 100, got -1");
  c.options.lr = 0.1;
  c.logits[0] = kNaN;
  expect_error(c.train(), "actions", "actions[0] is 5 but A is 3: an action is from 0 to 2");
  expect_still_works();
}

// Sizes alone (what the bindings check before copying values in).
TEST(RlValidation, CheckPpoReadsOnlyLengths) {
  const auto sizes = value_of(check_ppo(std::vector<int32_t>{256, 16}, 4096, 256, 256, 256));
  EXPECT_EQ(sizes.N, 256);
  EXPECT_EQ(sizes.A, 16);
  expect_error(check_ppo(std::vector<int32_t>{256, 16}, 4096, 256, 255, 256).error,
               "old_log_probs", "old_log_probs has 255 values but N is 256");
}

}  // namespace
}  // namespace rl
