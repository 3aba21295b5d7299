// The training the course runs (kernels.h) against the reference's, bit for bit (any NaN equals
// any NaN), over edge sizes (N 1, 7, 8, 9, 256; A 2, 3, 16), learning rates from 0 to 100 and
// clips across (0, 1), with huge logits and advantages mixed into some calls so that a training
// overflows and carries NaN and the infinities along, every output pre-filled with NaN so that
// an entry the kernel never writes shows. A failure names the call and the first differing index.
#include "rl/kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "rl/reference.h"

namespace rl {
namespace {

using core::testing::bitwise_equal;

using core::testing::kNaN;

std::vector<float> nans(int64_t n) { return std::vector<float>(static_cast<size_t>(n), kNaN); }

struct Histories {
  std::vector<float> logits, log_probs, ratio, loss, grad_ratio;
  Histories(int64_t N, int64_t A, int64_t E)
      : logits(nans((E + 1) * N * A)),
        log_probs(nans((E + 1) * N)),
        ratio(nans((E + 1) * N)),
        loss(nans(E + 1)),
        grad_ratio(nans(E * N)) {}
};

void expect_same_training(int64_t N, int64_t A, int64_t E, double clip, double lr, bool hostile,
                          std::mt19937& rng) {
  auto logits = core::testing::random_values(static_cast<size_t>(N * A), rng, -3, 3);
  auto old = core::testing::random_values(static_cast<size_t>(N), rng, -3, 0);
  auto advantages = core::testing::random_values(static_cast<size_t>(N), rng, -2, 2);
  std::vector<int32_t> actions(static_cast<size_t>(N));
  for (auto& a : actions) a = static_cast<int32_t>(rng() % static_cast<uint32_t>(A));
  if (hostile) {  // overflowing ratios, huge advantages, logits far apart, zero advantages
    for (size_t i = 0; i < old.size(); i += 3) old[i] = -100;
    for (size_t i = 1; i < advantages.size(); i += 4) advantages[i] = 3e38f;
    for (size_t i = 2; i < advantages.size(); i += 5) advantages[i] = -0.0f;
    for (size_t i = 0; i < logits.size(); i += 7) logits[i] = 1e30f;
  }
  Histories want(N, A, E), got(N, A, E);
  const auto range = clip_range(clip);
  reference::ppo_train(want.logits.data(), want.log_probs.data(), want.ratio.data(),
                       want.loss.data(), want.grad_ratio.data(), logits.data(), actions.data(),
                       old.data(), advantages.data(), N, A, E, range, lr);
  kernels::ppo_train(got.logits.data(), got.log_probs.data(), got.ratio.data(), got.loss.data(),
                     got.grad_ratio.data(), logits.data(), actions.data(), old.data(),
                     advantages.data(), N, A, E, range, lr);
  const std::string where = "N " + std::to_string(N) + ", A " + std::to_string(A) + ", E " +
                            std::to_string(E) + ", clip " + std::to_string(clip) + ", lr " +
                            std::to_string(lr) + (hostile ? ", hostile" : "");
  EXPECT_TRUE(bitwise_equal(want.logits, got.logits)) << "logits, " << where;
  EXPECT_TRUE(bitwise_equal(want.log_probs, got.log_probs)) << "log_probs, " << where;
  EXPECT_TRUE(bitwise_equal(want.ratio, got.ratio)) << "ratio, " << where;
  EXPECT_TRUE(bitwise_equal(want.loss, got.loss)) << "loss, " << where;
  EXPECT_TRUE(bitwise_equal(want.grad_ratio, got.grad_ratio)) << "grad_ratio, " << where;
}

TEST(RlKernels, TrainingIsTheReferencesToTheBit) {
  std::mt19937 rng(20260);
  for (int64_t N : {1, 7, 8, 9, 33, 256}) {
    for (int64_t A : {2, 3, 16}) {
      for (bool hostile : {false, true}) {
        const int64_t E = N * A > 1000 ? 3 : 12;
        expect_same_training(N, A, E, 0.2, 0.5, hostile, rng);
      }
    }
  }
  for (double lr : {0.0, 1e-3, 0.1, 40.0, 100.0}) {
    for (double clip : {1e-6, 0.1, 0.5, 0.999}) expect_same_training(9, 4, 10, clip, lr, false, rng);
  }
}

// The kernel's last row is the reference's forward pass of the last logits; one step is one
// ppo_backward and one SGD step.
TEST(RlKernels, OneStepIsOneBackwardPassAndOneSgdStep) {
  std::mt19937 rng(7);
  const int64_t N = 5, A = 3;
  const auto logits = core::testing::random_values(N * A, rng, -2, 2);
  const auto old = core::testing::random_values(N, rng, -2, 0);
  const auto advantages = core::testing::random_values(N, rng, -1, 1);
  const std::vector<int32_t> actions = {0, 2, 1, 1, 0};
  const auto range = clip_range(0.2);
  Histories got(N, A, 1);
  kernels::ppo_train(got.logits.data(), got.log_probs.data(), got.ratio.data(), got.loss.data(),
                     got.grad_ratio.data(), logits.data(), actions.data(), old.data(),
                     advantages.data(), N, A, 1, range, 0.5);
  std::vector<float> grad_logits(N * A), grad_ratio(N);
  reference::ppo_backward(grad_logits.data(), grad_ratio.data(), 1.0f, logits.data(),
                          actions.data(), old.data(), advantages.data(), N, A, range);
  EXPECT_TRUE(bitwise_equal(grad_ratio, got.grad_ratio));
  std::vector<float> stepped(logits);
  for (size_t i = 0; i < stepped.size(); ++i) stepped[i] = std::fma(-0.5f, grad_logits[i], stepped[i]);
  EXPECT_TRUE(bitwise_equal(stepped, std::vector<float>(got.logits.begin() + N * A, got.logits.end())));
  std::vector<float> log_softmax(N * A), log_probs(N), ratio(N), surrogate(N), clipped(N),
      objective(N);
  float loss = 0;
  reference::ppo_forward(log_softmax.data(), log_probs.data(), ratio.data(), surrogate.data(), clipped.data(),
                         objective.data(), &loss, stepped.data(), actions.data(), old.data(),
                         advantages.data(), N, A, range);
  EXPECT_TRUE(bitwise_equal(ratio, std::vector<float>(got.ratio.begin() + N, got.ratio.end())));
  EXPECT_TRUE(bitwise_equal({loss}, {got.loss[1]}));
}

}  // namespace
}  // namespace rl
