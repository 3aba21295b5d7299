// The rl family against PyTorch 1.13's golden data (tests/golden/rl): PPO's clipped objective
// and its gradients, trainings of SGD steps on the logits, and PyTorch's sum of a vector.
//
// Bit for bit from PyTorch's own log-probs on (README.md, "Exactness"): the ratio (the exp is
// PyTorch's, SLEEF's), the surrogates, the objective, the loss and the ratio's gradient (the
// clip's and torch.min's rules), and the sum; every ratio whose log-prob is PyTorch's to the bit
// is PyTorch's to the bit too; a ratio that lands exactly on a bound in PyTorch lands there in
// the core too (ppo_at_bounds). The log-softmax itself is the layer family's, which takes exp and
// the row's sum in double where PyTorch takes SLEEF's float32 exp: it, and what follows from it,
// are held within max(1e-6, 1e-5 |expected|), or the case's own `tolerance` where the golden
// file gives one. The test prints how many of those values are still PyTorch's to the bit.
#include "golden.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "common/pytorch_sum.h"
#include "common/test_util.h"
#include "rl/reference.h"
#include "rl/rl.h"

namespace rl {
namespace {

using core::testing::BitCount;
using core::testing::bitwise_equal;
using core::testing::near_golden_counted;
using core::testing::value_of;
using golden::GoldenCase;

void expect_near(const GoldenCase& c, const char* key, const std::vector<float>& actual,
                 BitCount& count) {
  const double tolerance = c.has("tolerance") ? c.at("tolerance")[0] : core::testing::kGoldenAbs;
  EXPECT_TRUE(near_golden_counted(c.at(key), actual, tolerance, count)) << key;
}

std::vector<float> row(const std::vector<float>& values, size_t index, size_t length) {
  return std::vector<float>(values.begin() + index * length,
                            values.begin() + (index + 1) * length);
}

TEST(RlGolden, FileCoversEveryOperationAndItsEdges) {
  std::set<std::string> seen;
  for (const auto& c : golden::cases()) {
    seen.insert(c.name);
    if (c.op() == "ppo" && c.ints("logits_shape")[0] == 1) seen.insert("N = 1");
    if (c.op() == "ppo" && c.ints("logits_shape")[0] == 256) seen.insert("N = 256");
    if (c.op() == "ppo" && c.ints("logits_shape")[1] == 2) seen.insert("A = 2");
    if (c.op() == "ppo" && c.ints("logits_shape")[1] == 16) seen.insert("A = 16");
  }
  for (const char* key :
       {"N = 1", "N = 256", "A = 2", "A = 16", "ppo_inside", "ppo_above", "ppo_below",
        "ppo_at_bounds", "ppo_zero_advantage", "ppo_tiny_advantage", "ppo_large_logits",
        "ppo_grad_loss", "ppo_ratio_overflow", "train_small_lr", "train_large_lr", "sum_256"}) {
    EXPECT_TRUE(seen.count(key)) << key;
  }
}

TEST(RlGolden, PpoForwardAndBackwardMatchPyTorch) {
  BitCount count;
  size_t cases = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "ppo") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto shape = c.ints("logits_shape");
    const auto actions = c.ints("actions");
    const PpoOptions options{c.number("clip")};
    const auto out = value_of(
        ppo(c.at("logits"), shape, actions, c.at("old_log_probs"), c.at("advantages"), options));
    expect_near(c, "log_probs", out.log_probs, count);
    expect_near(c, "ratio", out.ratio, count);
    expect_near(c, "surrogate", out.surrogate, count);
    expect_near(c, "clipped_surrogate", out.clipped_surrogate, count);
    expect_near(c, "objective", out.objective, count);
    expect_near(c, "loss", {out.loss}, count);
    expect_near(c, "log_softmax", out.log_softmax, count);
    const auto g = value_of(ppo_backward(c.number("grad_loss"), c.at("logits"), shape, actions,
                                         c.at("old_log_probs"), c.at("advantages"), options));
    expect_near(c, "grad_logits", g.grad_logits, count);
    expect_near(c, "grad_ratio", g.grad_ratio, count);
    for (size_t i = 0; i < out.ratio.size(); ++i) {
      if (bitwise_equal({c.at("log_probs")[i]}, {out.log_probs[i]})) {
        EXPECT_TRUE(bitwise_equal({c.at("ratio")[i]}, {out.ratio[i]}))
            << "ratio[" << i << "], whose log-prob is PyTorch's";
      }
    }
    ++cases;
  }
  EXPECT_GE(cases, 15u);
  std::printf("ppo: %zu of %zu values to the bit\n", count.same, count.all);
}

// From PyTorch's own log-probs, everything after the log-softmax is PyTorch's to the bit: the
// exp, the clamp, the products, torch.min, the mean's sum, and autograd's gradient of the ratio.
TEST(RlGolden, FromPyTorchsLogProbsTheRatioObjectiveAndGradientAreExact) {
  for (const auto& c : golden::cases()) {
    if (c.op() != "ppo") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto N = static_cast<int64_t>(c.at("log_probs").size());
    std::vector<float> ratio(static_cast<size_t>(N));
    reference::ratio_of(ratio.data(), c.at("log_probs").data(), c.at("old_log_probs").data(), N);
    EXPECT_TRUE(bitwise_equal(c.at("ratio"), ratio));
    const auto range = clip_range(c.number("clip"));
    std::vector<float> surrogate(ratio.size()), clipped(ratio.size()), objective(ratio.size()),
        grad_ratio(ratio.size());
    const float loss = reference::objective_of(surrogate.data(), clipped.data(), objective.data(),
                                               ratio.data(), c.at("advantages").data(), N, range);
    EXPECT_TRUE(bitwise_equal(c.at("surrogate"), surrogate));
    EXPECT_TRUE(bitwise_equal(c.at("clipped_surrogate"), clipped));
    EXPECT_TRUE(bitwise_equal(c.at("objective"), objective));
    EXPECT_TRUE(bitwise_equal(c.at("loss"), {loss}));
    reference::ratio_gradient(grad_ratio.data(), c.at("grad_loss")[0], ratio.data(),
                              c.at("advantages").data(), N, range);
    EXPECT_TRUE(bitwise_equal(c.at("grad_ratio"), grad_ratio));
  }
}

TEST(RlGolden, TrainingsMatchPyTorch) {
  BitCount count;
  size_t cases = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "train") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    TrainOptions options;
    options.clip = c.number("clip");
    options.lr = c.number("lr");
    options.epochs = static_cast<int32_t>(c.number("epochs"));
    const auto out = value_of(ppo_train(c.at("logits"), c.ints("logits_shape"), c.ints("actions"),
                                        c.at("old_log_probs"), c.at("advantages"), options));
    expect_near(c, "history_logits", out.logits, count);
    expect_near(c, "history_log_probs", out.log_probs, count);
    expect_near(c, "history_ratio", out.ratio, count);
    expect_near(c, "history_loss", out.loss, count);
    expect_near(c, "history_grad_ratio", out.grad_ratio, count);
    // Each step's ratio from PyTorch's log-probs of that step, and its gradient from PyTorch's
    // ratio: to the bit.
    const size_t N = c.at("old_log_probs").size();
    const auto range = clip_range(options.clip);
    for (int32_t e = 0; e <= options.epochs; ++e) {
      const auto log_probs = row(c.at("history_log_probs"), static_cast<size_t>(e), N);
      std::vector<float> own_ratio(N);
      reference::ratio_of(own_ratio.data(), log_probs.data(), c.at("old_log_probs").data(),
                          static_cast<int64_t>(N));
      EXPECT_TRUE(bitwise_equal(row(c.at("history_ratio"), static_cast<size_t>(e), N), own_ratio))
          << "ratio after step " << e;
      if (e == options.epochs) break;
      const auto ratio = row(c.at("history_ratio"), static_cast<size_t>(e), N);
      std::vector<float> grad_ratio(N);
      reference::ratio_gradient(grad_ratio.data(), 1.0f, ratio.data(), c.at("advantages").data(),
                                static_cast<int64_t>(N), range);
      EXPECT_TRUE(bitwise_equal(row(c.at("history_grad_ratio"), static_cast<size_t>(e), N),
                                grad_ratio))
          << "step " << e;
    }
    ++cases;
  }
  EXPECT_GE(cases, 4u);
  std::printf("trainings: %zu of %zu values to the bit\n", count.same, count.all);
}

TEST(RlGolden, SumsArePyTorchsToTheBit) {
  size_t cases = 0;
  for (const auto& c : golden::cases()) {
    if (c.op() != "sum") continue;
    SCOPED_TRACE(c.name + " (line " + std::to_string(c.line) + ")");
    const auto& values = c.at("values");
    const float sum = core::pytorch_sum(values.data(), static_cast<int64_t>(values.size()));
    EXPECT_TRUE(bitwise_equal(c.at("sum"), {sum}));
    ++cases;
  }
  EXPECT_GE(cases, 12u);
}

}  // namespace
}  // namespace rl
