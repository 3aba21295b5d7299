// Reader for tests/golden/rl/rl.golden (format in tests/golden/rl/README.md), read with
// common/golden_blocks.h: a malformed file throws std::runtime_error naming the file and line. A
// case keeps its op and its numbers by key, as float32 (`at`) and as the doubles the file wrote
// (`number`: clip, lr and grad_loss are Python floats); `required` lists the keys each op must
// have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/golden_blocks.h"

namespace rl::golden {

struct GoldenCase {
  std::string name;
  int line = 0;
  std::string op;
  std::map<std::string, std::vector<float>> values;
  std::map<std::string, std::vector<double>> numbers;

  bool has(const std::string& key) const { return values.count(key) != 0; }
  const std::vector<float>& at(const std::string& key) const { return values.at(key); }
  double number(const std::string& key) const { return numbers.at(key).at(0); }
  std::vector<int32_t> ints(const std::string& key) const {
    const auto& v = numbers.at(key);
    return std::vector<int32_t>(v.begin(), v.end());
  }
};

inline const std::map<std::string, std::set<std::string>>& required() {
  static const std::map<std::string, std::set<std::string>> keys = {
      {"ppo",
       {"logits_shape", "clip", "grad_loss", "logits", "actions", "old_log_probs", "advantages",
        "log_probs", "ratio", "surrogate", "clipped_surrogate", "objective", "loss",
        "grad_logits", "grad_ratio"}},
      {"train",
       {"logits_shape", "clip", "lr", "epochs", "logits", "actions", "old_log_probs",
        "advantages", "history_logits", "history_log_probs", "history_ratio", "history_loss",
        "history_grad_ratio"}},
      {"sum", {"values", "sum"}},
  };
  return keys;
}

inline std::vector<GoldenCase> load_golden(const std::string& path) {
  const core::testing::GoldenBlocks file(path);
  return file.read<GoldenCase>(
      [&](GoldenCase& c, const std::string& key, const std::vector<std::string>& words, int line) {
        if (key == "op") {
          if (words.size() != 1) file.fail(line, "op needs one word");
          c.op = words[0];
          return;
        }
        c.values[key] = file.to_floats(words, line);
        auto& numbers = c.numbers[key];
        for (const auto& word : words) numbers.push_back(file.to_double(word, line));
      },
      [&](const GoldenCase& c, const std::set<std::string>& seen) {
        if (!required().count(c.op)) file.fail(c.line, "case " + c.name + " has no known op");
        for (const auto& key : required().at(c.op)) {
          if (!seen.count(key)) file.fail(c.line, "case " + c.name + " lacks " + key);
        }
      });
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/rl.golden");
}

}  // namespace rl::golden
