// The rl family's differential target, on valid sizes only (the API target tries the invalid
// ones), bit for bit (any NaN equals any NaN), values hostile or not (the kernels take NaN and
// the infinities as PyTorch would):
//
// - the training the course runs (kernels.h) against the reference's;
// - a training in two calls, the second from the last logits of the first, is one training;
// - each row of a batch is its own batch of one: its log-prob, ratio, surrogates and objective;
// - a ratio that has left the range in its advantage's favoured direction gets no gradient,
//   and nor does its row of logits (on finite values, where the two products differ);
// - PyTorch's sum is within n units of the last place of a double sum's magnitude sum.
#include <cmath>
#include <cstdint>
#include <vector>

#include "common/pytorch_sum.h"
#include "rl/decode.h"
#include "rl/kernels.h"

namespace {

using namespace fuzz::rl_fuzz;

void require(bool condition, const char* what) {
  fuzz::require(condition, "rl_kernels_fuzzer", what);
}

struct Histories {
  std::vector<float> logits, log_probs, ratio, loss, grad_ratio;
  Histories(int64_t N, int64_t A, int64_t E)
      : logits((E + 1) * N * A, NAN), log_probs((E + 1) * N, NAN), ratio((E + 1) * N, NAN),
        loss(E + 1, NAN), grad_ratio(E * N, NAN) {}
};

template <class Train>
Histories run(Train train, const Batch& b, const float* logits, int64_t E, ClipRange range,
              double lr) {
  Histories h(b.N, b.A, E);
  train(h.logits.data(), h.log_probs.data(), h.ratio.data(), h.loss.data(), h.grad_ratio.data(),
        logits, b.actions.data(), b.old.data(), b.advantages.data(), b.N, b.A, E, range, lr);
  return h;
}

bool same(const std::vector<float>& a, const float* b, size_t count) {
  return a.size() >= count && fuzz::same_floats(a.data(), b, count);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const bool hostile = in.ConsumeBool();
  const Batch b = decode_batch(in, 24, hostile);
  const int64_t E1 = in.ConsumeIntegralInRange<int64_t>(1, 6), E2 = in.ConsumeIntegralInRange<int64_t>(1, 6);
  const ClipRange range = clip_range(in.ConsumeFloatingPointInRange<double>(1e-6, 0.999));
  const double lr = in.ConsumeFloatingPointInRange<double>(0.0, 100.0);
  const int64_t N = b.N, A = b.A, NA = N * A;

  // The kernel against the reference.
  const auto want = run(reference::ppo_train, b, b.logits.data(), E1 + E2, range, lr);
  const auto got = run(kernels::ppo_train, b, b.logits.data(), E1 + E2, range, lr);
  require(fuzz::same_floats(want.logits.data(), got.logits.data(), want.logits.size()) &&
              fuzz::same_floats(want.log_probs.data(), got.log_probs.data(), want.log_probs.size()) &&
              fuzz::same_floats(want.ratio.data(), got.ratio.data(), want.ratio.size()) &&
              fuzz::same_floats(want.loss.data(), got.loss.data(), want.loss.size()) &&
              fuzz::same_floats(want.grad_ratio.data(), got.grad_ratio.data(), want.grad_ratio.size()),
          "the training kernel is the reference's");

  // Two calls are one training.
  const auto first = run(kernels::ppo_train, b, b.logits.data(), E1, range, lr);
  const auto second = run(kernels::ppo_train, b, first.logits.data() + E1 * NA, E2, range, lr);
  require(same(first.logits, got.logits.data(), (E1 + 1) * NA) &&
              same(second.logits, got.logits.data() + E1 * NA, (E2 + 1) * NA) &&
              same(second.ratio, got.ratio.data() + E1 * N, (E2 + 1) * N) &&
              same(second.loss, got.loss.data() + E1, E2 + 1) &&
              same(second.grad_ratio, got.grad_ratio.data() + E1 * N, E2 * N),
          "a training continued from its last logits is one training");

  // Each row alone.
  const auto n = static_cast<size_t>(N);
  std::vector<float> log_softmax(n * A), log_probs(n), ratio(n), surrogate(n), clipped(n),
      objective(n), grad_logits(n * A), grad_ratio(n);
  float loss = 0;
  reference::ppo_forward(log_softmax.data(), log_probs.data(), ratio.data(), surrogate.data(), clipped.data(),
                         objective.data(), &loss, b.logits.data(), b.actions.data(), b.old.data(),
                         b.advantages.data(), N, A, range);
  for (int64_t i = 0; i < N; ++i) {
    float one[5], one_loss = 0;
    std::vector<float> one_log_softmax(static_cast<size_t>(A));
    reference::ppo_forward(one_log_softmax.data(), &one[0], &one[1], &one[2], &one[3], &one[4],
                           &one_loss, b.logits.data() + i * A, &b.actions[i], &b.old[i],
                           &b.advantages[i], 1, A, range);
    require(fuzz::same_floats(one_log_softmax.data(), log_softmax.data() + i * A, A) &&
                fuzz::same_float(one[0], log_probs[i]) && fuzz::same_float(one[1], ratio[i]) &&
                fuzz::same_float(one[2], surrogate[i]) && fuzz::same_float(one[3], clipped[i]) &&
                fuzz::same_float(one[4], objective[i]),
            "a row of a batch is its own batch of one");
  }

  // The clip stops the gradient in the advantage's favoured direction.
  reference::ppo_backward(grad_logits.data(), grad_ratio.data(), 1.0f, b.logits.data(),
                          b.actions.data(), b.old.data(), b.advantages.data(), N, A, range);
  for (int64_t i = 0; i < N; ++i) {
    const float r = ratio[i], a = b.advantages[i];
    bool finite_row = std::isfinite(r) && std::isfinite(a);
    for (int64_t k = 0; k < A; ++k) finite_row = finite_row && std::isfinite(b.logits[i * A + k]);
    const bool favoured = (r > range.high && a > 0) || (r < range.low && a < 0);
    if (!finite_row || !favoured || surrogate[i] == clipped[i]) continue;
    require(grad_ratio[i] == 0, "a clipped ratio gets no gradient");
    for (int64_t k = 0; k < A; ++k) require(grad_logits[i * A + k] == 0, "nor does its row of logits");
  }

  // PyTorch's sum of the advantages against a double sum (finite values only).
  double exact = 0, magnitude = 0;
  for (float v : b.advantages) {
    exact += v;
    magnitude += std::fabs(v);
  }
  const float sum = core::pytorch_sum(b.advantages.data(), N);
  if (std::isfinite(magnitude) && std::isfinite(static_cast<float>(magnitude))) {
    require(std::fabs(sum - exact) <= static_cast<double>(N) * 1.2e-7 * magnitude + 1e-44,
            "PyTorch's sum is a float32 sum of the values");
  }
  return 0;
}
