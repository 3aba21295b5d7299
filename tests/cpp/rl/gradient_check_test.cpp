// ppo_backward against central finite differences of the objective computed in double from its
// definition (README.md), not from the core's kernels, so a wrong gradient formula and a wrong
// forward both show: L = grad_loss * -mean(min(r A, clamp(r, 1 - clip, 1 + clip) A)), r =
// exp(log_softmax(logits)[action] - old), each logit (and each ratio, through L as a function of
// the ratios) perturbed by h = 1e-4 in turn. The float32 gradients agree within
// 1e-5 (1 + |slope|). The objective has kinks where a ratio crosses a bound of the clip range or
// where torch.min changes sides: a probe whose two sides land on different pieces has no single
// slope, and is skipped (the golden data holds the core to autograd's choice there).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "common/test_util.h"
#include "rl/rl.h"

namespace rl {
namespace {

using core::testing::random_values;
using core::testing::value_of;

constexpr double kStep = 1e-4;

struct Batch {
  int64_t N, A;
  std::vector<float> logits, old, advantages;
  std::vector<int32_t> actions;
  double clip, grad_loss;
};

// Which piece of the objective a sample is on: below, inside or above the range, and which side
// of the min.
int piece(double r, double a, double clip) {
  const int where = r < 1 - clip ? 0 : (r > 1 + clip ? 2 : 1);
  const double clipped = std::min(std::max(r, 1 - clip), 1 + clip);
  return where * 2 + (r * a <= clipped * a ? 0 : 1);
}

// The ratios in double, the logits perturbed at `index` by `delta` (index -1: none).
std::vector<double> ratios(const Batch& b, int64_t index, double delta) {
  std::vector<double> r(static_cast<size_t>(b.N));
  for (int64_t i = 0; i < b.N; ++i) {
    double largest = -INFINITY;
    std::vector<double> row(static_cast<size_t>(b.A));
    for (int64_t k = 0; k < b.A; ++k) {
      row[k] = b.logits[i * b.A + k] + (i * b.A + k == index ? delta : 0.0);
      largest = std::max(largest, row[k]);
    }
    double sum = 0;
    for (double v : row) sum += std::exp(v - largest);
    const double log_prob = row[b.actions[i]] - largest - std::log(sum);
    r[i] = std::exp(log_prob - b.old[i]);
  }
  return r;
}

// L from the ratios, and each sample's piece.
double loss_of(const Batch& b, const std::vector<double>& r, std::vector<int>* pieces) {
  double total = 0;
  for (int64_t i = 0; i < b.N; ++i) {
    const double a = b.advantages[i];
    const double clipped = std::min(std::max(r[i], 1 - b.clip), 1 + b.clip);
    total += std::min(r[i] * a, clipped * a);
    if (pieces) pieces->push_back(piece(r[i], a, b.clip));
  }
  return b.grad_loss * -(total / static_cast<double>(b.N));
}

Batch random_batch(int64_t N, int64_t A, double clip, double grad_loss, std::mt19937& rng) {
  Batch b{N, A, random_values(N * A, rng, -2, 2), {}, random_values(N, rng, -1, 1), {}, clip,
          grad_loss};
  b.actions.resize(N);
  for (auto& a : b.actions) a = static_cast<int32_t>(rng() % static_cast<uint32_t>(A));
  // Old log-probs that spread the ratios over [0.5, 2]: inside, above and below the range.
  b.old.assign(static_cast<size_t>(N), 0.0f);
  const auto probabilities = ratios(b, -1, 0);
  for (int64_t i = 0; i < N; ++i) {
    const double shift = std::uniform_real_distribution<double>(-0.7, 0.7)(rng);
    b.old[i] = static_cast<float>(std::log(probabilities[i]) + shift);
  }
  return b;
}

void expect_gradients_match(const Batch& b) {
  const std::vector<int32_t> shape = {static_cast<int32_t>(b.N), static_cast<int32_t>(b.A)};
  const auto g = value_of(ppo_backward(b.grad_loss, b.logits, shape, b.actions, b.old,
                                       b.advantages, {b.clip}));
  size_t checked = 0;
  for (int64_t j = 0; j < b.N * b.A; ++j) {
    std::vector<int> up, down;
    const double plus = loss_of(b, ratios(b, j, kStep), &up);
    const double minus = loss_of(b, ratios(b, j, -kStep), &down);
    if (up != down) continue;
    const double slope = (plus - minus) / (2 * kStep);
    EXPECT_NEAR(g.grad_logits[j], slope, 1e-5 * (1 + std::abs(slope))) << "logit " << j;
    ++checked;
  }
  const auto r = ratios(b, -1, 0);
  for (int64_t i = 0; i < b.N; ++i) {
    auto shifted = r;
    std::vector<int> up, down;
    shifted[i] = r[i] + kStep;
    const double plus = loss_of(b, shifted, &up);
    shifted[i] = r[i] - kStep;
    const double minus = loss_of(b, shifted, &down);
    if (up != down) continue;
    const double slope = (plus - minus) / (2 * kStep);
    EXPECT_NEAR(g.grad_ratio[i], slope, 1e-5 * (1 + std::abs(slope))) << "ratio " << i;
    ++checked;
  }
  EXPECT_GT(checked, static_cast<size_t>(b.N * b.A) / 2) << "most probes lie on one piece";
}

TEST(RlGradientCheck, PpoBackwardMatchesFiniteDifferences) {
  std::mt19937 rng(93);
  for (int64_t N : {1, 4, 9}) {
    for (int64_t A : {2, 3, 16}) {
      for (double clip : {0.1, 0.2, 0.5}) {
        SCOPED_TRACE("N " + std::to_string(N) + ", A " + std::to_string(A) + ", clip " +
                     std::to_string(clip));
        expect_gradients_match(random_batch(N, A, clip, 1.0, rng));
        expect_gradients_match(random_batch(N, A, clip, -2.5, rng));
      }
    }
  }
}

// Where every ratio has left the range in its advantage's favoured direction, nothing pushes
// it further: every gradient is 0, in the core and in the finite differences alike.
TEST(RlGradientCheck, ClippedInTheFavouredDirectionTheGradientIsZero) {
  const std::vector<float> logits = {1, 0, 0, 1};
  const std::vector<int32_t> actions = {0, 0};
  const float log_prob0 = 1 - std::log(std::exp(1.0f) + 1), log_prob1 = -std::log(std::exp(1.0f) + 1);
  // Sample 0: ratio e^0.5 with a positive advantage; sample 1: ratio e^-0.5 with a negative one.
  const std::vector<float> old = {log_prob0 - 0.5f, log_prob1 + 0.5f}, advantages = {1, -1};
  const auto g = value_of(ppo_backward(1.0, logits, std::vector<int32_t>{2, 2}, actions, old, advantages, {0.2}));
  for (float v : g.grad_logits) EXPECT_EQ(v, 0.0f);
  for (float v : g.grad_ratio) EXPECT_EQ(v, 0.0f);
  Batch b{2, 2, logits, old, advantages, actions, 0.2, 1.0};
  for (int64_t j = 0; j < 4; ++j) {
    EXPECT_EQ(loss_of(b, ratios(b, j, kStep), nullptr), loss_of(b, ratios(b, j, -kStep), nullptr));
  }
}

}  // namespace
}  // namespace rl
