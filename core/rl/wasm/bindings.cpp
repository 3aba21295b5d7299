// The only file of the family that includes Emscripten, and a thin one: free functions and a
// single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes Float32Arrays (actions and the shape as
// Int32Arrays), which are copied into the heap once, and results leave as fresh
// Float32Arrays (copies, never views into the heap, which would go stale when memory grows).
// Options cross as plain structs (value_object). Every size is checked before any values are
// copied in. A rejected argument comes back as { error, parameter }, which core/rl/js/index.js
// throws as an RlError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <vector>

#include "rl/rl.h"

using emscripten::val;

namespace {

val error_object(const rl::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val copy_out(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

template <class T>
std::vector<T> copied(const val& values) {
  return emscripten::convertJSArrayToNumberVector<T>(values);
}

// A call's arguments: the sizes checked from their lengths, then (once they pass) the values.
struct Batch {
  std::vector<int32_t> shape;
  std::vector<float> logits, old_log_probs, advantages;
  std::vector<int32_t> actions;
  std::optional<rl::Error> error;

  Batch(const val& logits_in, const val& shape_in, const val& actions_in, const val& old_in,
        const val& advantages_in)
      : shape(copied<int32_t>(shape_in)) {
    const auto sizes = rl::check_ppo(shape, length_of(logits_in), length_of(actions_in),
                                     length_of(old_in), length_of(advantages_in));
    if (!sizes.ok()) {
      error = sizes.error;
      return;
    }
    logits = copied<float>(logits_in);
    actions = copied<int32_t>(actions_in);
    old_log_probs = copied<float>(old_in);
    advantages = copied<float>(advantages_in);
  }
};

// { loss, logProbs, ratio, surrogate, clippedSurrogate, objective, logSoftmax }.
val ppo(const val& logits, const val& logits_shape, const val& actions, const val& old_log_probs,
        const val& advantages, const rl::PpoOptions& options) {
  const Batch b(logits, logits_shape, actions, old_log_probs, advantages);
  if (b.error) return error_object(*b.error);
  const auto result = rl::ppo(b.logits, b.shape, b.actions, b.old_log_probs, b.advantages, options);
  if (!result.ok()) return error_object(*result.error);
  const auto& r = *result.value;
  val out = val::object();
  out.set("loss", r.loss);
  out.set("logProbs", copy_out(r.log_probs));
  out.set("ratio", copy_out(r.ratio));
  out.set("surrogate", copy_out(r.surrogate));
  out.set("clippedSurrogate", copy_out(r.clipped_surrogate));
  out.set("objective", copy_out(r.objective));
  out.set("logSoftmax", copy_out(r.log_softmax));
  return out;
}

// { gradLogits, gradRatio }.
val ppo_backward(double grad_loss, const val& logits, const val& logits_shape, const val& actions,
                 const val& old_log_probs, const val& advantages,
                 const rl::PpoOptions& options) {
  const Batch b(logits, logits_shape, actions, old_log_probs, advantages);
  if (b.error) {
    // The call itself on views with no values behind them: it checks grad_loss before the
    // sizes, and then refuses the sizes without reading a value.
    const auto refused = rl::ppo_backward(
        grad_loss, {nullptr, length_of(logits)}, b.shape, {nullptr, length_of(actions)},
        {nullptr, length_of(old_log_probs)}, {nullptr, length_of(advantages)}, options);
    return error_object(*refused.error);
  }
  const auto result = rl::ppo_backward(grad_loss, b.logits, b.shape, b.actions, b.old_log_probs,
                                       b.advantages, options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("gradLogits", copy_out(result.value->grad_logits));
  out.set("gradRatio", copy_out(result.value->grad_ratio));
  return out;
}

// { logits, logProbs, ratio, loss, gradRatio }: histories, row e after e steps.
val ppo_train(const val& logits, const val& logits_shape, const val& actions,
              const val& old_log_probs, const val& advantages, const rl::TrainOptions& options) {
  const Batch b(logits, logits_shape, actions, old_log_probs, advantages);
  if (b.error) return error_object(*b.error);
  const auto result =
      rl::ppo_train(b.logits, b.shape, b.actions, b.old_log_probs, b.advantages, options);
  if (!result.ok()) return error_object(*result.error);
  const auto& r = *result.value;
  val out = val::object();
  out.set("logits", copy_out(r.logits));
  out.set("logProbs", copy_out(r.log_probs));
  out.set("ratio", copy_out(r.ratio));
  out.set("loss", copy_out(r.loss));
  out.set("gradRatio", copy_out(r.grad_ratio));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(rl_core) {
  emscripten::value_object<rl::PpoOptions>("PpoOptions").field("clip", &rl::PpoOptions::clip);
  emscripten::value_object<rl::TrainOptions>("TrainOptions")
      .field("clip", &rl::TrainOptions::clip)
      .field("lr", &rl::TrainOptions::lr)
      .field("epochs", &rl::TrainOptions::epochs);
  emscripten::function("ppo", &ppo);
  emscripten::function("ppoBackward", &ppo_backward);
  emscripten::function("ppoTrain", &ppo_train);
}
