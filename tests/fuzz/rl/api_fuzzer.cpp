// Every public entry point of the rl family (rl/rl.h) on arguments decoded from the fuzzer's
// bytes: shapes of any rank and int32 sides, arrays of right and wrong lengths, actions in and
// out of range, NaN, +-inf, -0 and denormals among the values, gradLoss, clip, lr and epochs
// anywhere in their types.
//
// A call must be refused exactly when one of its arguments is wrong (a model of the documented
// rules), as an Error naming the first wrong parameter in the documented order, before any value
// is read (the arrays of a call with wrong sizes are views with no values behind them); an
// accepted call must give the reference's bits.
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "rl/decode.h"

namespace {

using namespace fuzz::rl_fuzz;

void require(bool condition, const char* what) {
  fuzz::require(condition, "rl_api_fuzzer", what);
}

template <class T>
void require_outcome(const Checked<T>& result, const char* wrong) {
  fuzz::require_outcome(result, wrong, "rl_api_fuzzer");
}

bool all_finite(const std::vector<float>& values) {
  for (float v : values) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

struct Call {
  int kind = 0;  // 0 ppo, 1 ppo_backward, 2 ppo_train
  double grad_loss = 1;
  std::vector<int32_t> shape;
  size_t logits_length = 0, actions_length = 0, old_length = 0, advantages_length = 0;
  bool sizes_ok = false;
  std::vector<float> logits, old, advantages;
  std::vector<int32_t> actions;
  TrainOptions options;
};

// The first wrong argument by the documented rules (README.md, "Errors"), or nullptr.
const char* first_wrong(const Call& c) {
  if (c.kind == 1 && (!std::isfinite(c.grad_loss) || !std::isfinite(static_cast<float>(c.grad_loss))))
    return "grad_loss";
  const auto& s = c.shape;
  if (s.size() != 2 || s[0] < 1 || s[0] > kMaxSamples || s[1] < kMinActions || s[1] > kMaxActions)
    return "logits_shape";
  const int64_t N = s[0], A = s[1];
  if (static_cast<int64_t>(c.logits_length) != N * A) return "logits";
  if (static_cast<int64_t>(c.actions_length) != N) return "actions";
  if (static_cast<int64_t>(c.old_length) != N) return "old_log_probs";
  if (static_cast<int64_t>(c.advantages_length) != N) return "advantages";
  if (!(c.options.clip > 0 && c.options.clip < 1)) return "clip";
  if (c.kind == 2) {
    if (!(c.options.lr >= 0 && c.options.lr <= kMaxLearningRate)) return "lr";
    if (c.options.epochs < 1 || c.options.epochs > kMaxEpochs) return "epochs";
    if (N * A * c.options.epochs > kMaxTrainWork) return "epochs";
  }
  for (int32_t a : c.actions) {
    if (a < 0 || a >= A) return "actions";
  }
  if (!all_finite(c.logits)) return "logits";
  if (!all_finite(c.old)) return "old_log_probs";
  if (!all_finite(c.advantages)) return "advantages";
  return nullptr;
}

// A length: mostly the right one, sometimes one off or anything small.
size_t length_near(FuzzedDataProvider& in, int64_t right) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0: return static_cast<size_t>(std::max<int64_t>(0, right - 1));
    case 1: return static_cast<size_t>(right + 1);
    case 2: return in.ConsumeIntegralInRange<size_t>(0, 1u << 20);
    default: return static_cast<size_t>(right);
  }
}

Call decode(FuzzedDataProvider& in) {
  Call c;
  c.kind = in.ConsumeIntegralInRange<int>(0, 2);
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: c.grad_loss = std::nan(""); break;
    case 1: c.grad_loss = in.ConsumeFloatingPoint<double>(); break;
    case 2: c.grad_loss = 3.5e38; break;
    default: c.grad_loss = in.ConsumeFloatingPointInRange<double>(-4, 4);
  }
  const int rank = in.ConsumeIntegralInRange<int>(0, 9) == 0 ? in.ConsumeIntegralInRange<int>(0, 3) : 2;
  for (int i = 0; i < rank; ++i) c.shape.push_back(fuzz::size_value(in, i == 0 ? 1 : 2, i == 0 ? 12 : 16));
  const int64_t N = rank >= 1 ? c.shape[0] : 1, A = rank >= 2 ? c.shape[1] : 2;
  const int64_t n = std::max<int64_t>(0, std::min<int64_t>(N, 1 << 20));
  c.logits_length = length_near(in, n * std::max<int64_t>(0, std::min<int64_t>(A, 64)));
  c.actions_length = length_near(in, n);
  c.old_length = length_near(in, n);
  c.advantages_length = length_near(in, n);
  c.options.clip = clip_value(in);
  c.options.lr = lr_value(in);
  c.options.epochs = fuzz::size_value(in, 1, 24);
  c.sizes_ok = check_ppo(c.shape, c.logits_length, c.actions_length, c.old_length,
                         c.advantages_length).ok();
  if (c.sizes_ok) {  // at most 256 * 16 values of each
    const bool hostile = in.ConsumeIntegralInRange<int>(0, 3) == 0;
    c.logits = batch_values(in, c.logits_length, hostile);
    c.old = batch_values(in, c.old_length, hostile);
    c.advantages = batch_values(in, c.advantages_length, hostile);
    c.actions.resize(c.actions_length);
    const bool wild = in.ConsumeIntegralInRange<int>(0, 7) == 0;
    for (auto& a : c.actions) {
      a = wild ? fuzz::size_value(in, 0, static_cast<int32_t>(A)) : in.ConsumeIntegralInRange<int32_t>(0, static_cast<int32_t>(A - 1));
    }
  }
  return c;
}

FloatView view(const std::vector<float>& values, size_t length, bool given) {
  return given ? FloatView(values) : FloatView(nullptr, length);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Call c = decode(in);
  const char* wrong = first_wrong(c);
  // A call whose sizes are wrong gets views with no values behind them: the checks may read
  // only their lengths.
  const FloatView logits = view(c.logits, c.logits_length, c.sizes_ok);
  const FloatView old = view(c.old, c.old_length, c.sizes_ok);
  const FloatView advantages = view(c.advantages, c.advantages_length, c.sizes_ok);
  const IndexView actions = c.sizes_ok ? IndexView(c.actions) : IndexView(nullptr, c.actions_length);
  const PpoOptions ppo_options{c.options.clip};
  const int64_t N = c.sizes_ok ? c.shape[0] : 0, A = c.sizes_ok ? c.shape[1] : 0;
  const auto n = static_cast<size_t>(N);

  if (c.kind == 0) {
    const auto result = ppo(logits, c.shape, actions, old, advantages, ppo_options);
    require_outcome(result, wrong);
    if (!result.ok()) return 0;
    std::vector<float> log_softmax(n * static_cast<size_t>(A)), log_probs(n), ratio(n),
        surrogate(n), clipped(n), objective(n);
    float loss = 0;
    reference::ppo_forward(log_softmax.data(), log_probs.data(), ratio.data(), surrogate.data(), clipped.data(),
                           objective.data(), &loss, c.logits.data(), c.actions.data(), c.old.data(),
                           c.advantages.data(), N, A, clip_range(c.options.clip));
    const auto& r = *result.value;
    require(fuzz::same_float(r.loss, loss), "the loss is the reference's");
    require(fuzz::same_floats(r.log_probs.data(), log_probs.data(), n) &&
                fuzz::same_floats(r.ratio.data(), ratio.data(), n) &&
                fuzz::same_floats(r.surrogate.data(), surrogate.data(), n) &&
                fuzz::same_floats(r.clipped_surrogate.data(), clipped.data(), n) &&
                fuzz::same_floats(r.objective.data(), objective.data(), n) &&
                fuzz::same_floats(r.log_softmax.data(), log_softmax.data(), log_softmax.size()),
            "every output is the reference's");
    for (size_t i = 0; i < n; ++i) {
      require(fuzz::same_float(r.log_probs[i], r.log_softmax[i * static_cast<size_t>(A) +
                                                            static_cast<size_t>(c.actions[i])]),
              "each log-prob is its action's entry of the log-softmax");
    }
  } else if (c.kind == 1) {
    const auto result =
        ppo_backward(c.grad_loss, logits, c.shape, actions, old, advantages, ppo_options);
    require_outcome(result, wrong);
    if (!result.ok()) return 0;
    std::vector<float> grad_logits(n * static_cast<size_t>(A)), grad_ratio(n);
    reference::ppo_backward(grad_logits.data(), grad_ratio.data(), static_cast<float>(c.grad_loss),
                            c.logits.data(), c.actions.data(), c.old.data(), c.advantages.data(),
                            N, A, clip_range(c.options.clip));
    require(fuzz::same_floats(result.value->grad_logits.data(), grad_logits.data(), grad_logits.size()) &&
                fuzz::same_floats(result.value->grad_ratio.data(), grad_ratio.data(), n),
            "the gradients are the reference's");
  } else {
    const auto result = ppo_train(logits, c.shape, actions, old, advantages, c.options);
    require_outcome(result, wrong);
    if (!result.ok()) return 0;
    const int64_t E = c.options.epochs;
    std::vector<float> h_logits((E + 1) * N * A), h_log_probs((E + 1) * N), h_ratio((E + 1) * N),
        h_loss(E + 1), h_grad(E * N);
    reference::ppo_train(h_logits.data(), h_log_probs.data(), h_ratio.data(), h_loss.data(),
                         h_grad.data(), c.logits.data(), c.actions.data(), c.old.data(),
                         c.advantages.data(), N, A, E, clip_range(c.options.clip), c.options.lr);
    const auto& r = *result.value;
    require(r.logits.size() == h_logits.size() && r.grad_ratio.size() == h_grad.size(),
            "histories of epochs + 1 rows (epochs for the gradient)");
    require(fuzz::same_floats(r.logits.data(), h_logits.data(), h_logits.size()) &&
                fuzz::same_floats(r.log_probs.data(), h_log_probs.data(), h_log_probs.size()) &&
                fuzz::same_floats(r.ratio.data(), h_ratio.data(), h_ratio.size()) &&
                fuzz::same_floats(r.loss.data(), h_loss.data(), h_loss.size()) &&
                fuzz::same_floats(r.grad_ratio.data(), h_grad.data(), h_grad.size()),
            "the training is the reference's");
  }
  return 0;
}
