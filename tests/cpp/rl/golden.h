// Reader for tests/golden/rl/rl.golden (format in tests/golden/rl/README.md), read with
// common/keyed_case.h: a malformed file throws std::runtime_error naming the file and line. A
// case keeps its op and its numbers by key, as float32 (`at`) and as the doubles the file wrote
// (`number`: clip, lr and grad_loss are Python floats); `required` lists the keys each op must
// have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <string>
#include <vector>

#include "common/keyed_case.h"

namespace rl::golden {

using GoldenCase = core::testing::KeyedCase;

inline const core::testing::RequiredKeys& required() {
  static const core::testing::RequiredKeys keys = {
      {"ppo",
       {"logits_shape", "clip", "grad_loss", "logits", "actions", "old_log_probs", "advantages",
        "log_probs", "ratio", "surrogate", "clipped_surrogate", "objective", "loss",
        "grad_logits", "grad_ratio", "log_softmax"}},
      {"train",
       {"logits_shape", "clip", "lr", "epochs", "logits", "actions", "old_log_probs",
        "advantages", "history_logits", "history_log_probs", "history_ratio", "history_loss",
        "history_grad_ratio"}},
      {"sum", {"values", "sum"}},
  };
  return keys;
}

inline std::vector<GoldenCase> load_golden(const std::string& path) {
  return core::testing::read_keyed_cases(path, {"op"}, required());
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/rl.golden");
}

}  // namespace rl::golden
