// Reader for tests/golden/learning/learning.golden (format in tests/golden/learning/README.md),
// read with common/keyed_case.h: a malformed file throws std::runtime_error naming the file
// and line. A case keeps its words (op, activation) and its numbers by key; `required` lists the
// keys each op must have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <string>
#include <vector>

#include "common/keyed_case.h"

namespace learning::golden {

struct GoldenCase : core::testing::KeyedCase {
  int steps(const std::string& suffix = "") const {
    return static_cast<int>(number("steps" + suffix));
  }
};

inline const core::testing::RequiredKeys& required() {
  static const core::testing::RequiredKeys keys = {
      {"linear", {"input_shape", "weight_shape", "input", "weight", "output", "grad_output",
                  "grad_input", "grad_weight"}},
      {"xor_train", {"activation", "lr", "momentum", "steps", "w1", "b1", "w2", "b2", "losses",
                     "final_w1", "final_b1", "final_w2", "final_b2", "hidden", "probabilities"}},
      {"xor_train_resumed",
       {"activation", "w1", "b1", "w2", "b2", "lr_1", "momentum_1", "steps_1", "losses_1",
        "final_w1_1", "final_b1_1", "final_w2_1", "final_b2_1", "hidden_1", "probabilities_1",
        "lr_2", "momentum_2", "steps_2", "losses_2", "final_w1_2", "final_b1_2", "final_w2_2",
        "final_b2_2", "hidden_2", "probabilities_2"}},
      {"xor_forward", {"activation", "w1", "b1", "w2", "b2", "points", "hidden", "probabilities"}},
      {"lamb", {"steps", "param"}},
      {"xor_init", {"hidden_units", "seed", "w1", "b1", "w2", "b2"}},
  };
  return keys;
}

inline std::vector<GoldenCase> load_golden(const std::string& path) {
  return core::testing::read_keyed_cases<GoldenCase>(path, {"op", "activation"}, required());
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/learning.golden");
}

}  // namespace learning::golden
