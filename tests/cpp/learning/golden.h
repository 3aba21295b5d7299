// Reader for tests/golden/learning/learning.golden (format in tests/golden/learning/README.md),
// read with common/golden_blocks.h: a malformed file throws std::runtime_error naming the file
// and line. A case keeps its words (op, activation) and its numbers by key; `required` lists the
// keys each op must have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/golden_blocks.h"

namespace learning::golden {

struct GoldenCase {
  std::string name;
  int line = 0;
  std::map<std::string, std::string> words;          // op, activation
  std::map<std::string, std::vector<float>> values;  // every other key, as float32
  std::map<std::string, std::vector<double>> doubles;  // the same keys as the doubles written

  const std::string& op() const { return words.at("op"); }
  bool has(const std::string& key) const { return values.count(key) != 0; }
  const std::vector<float>& at(const std::string& key) const { return values.at(key); }
  // An option as the double the generator wrote (0.001 is not 0.001f).
  double number(const std::string& key, size_t i = 0) const { return doubles.at(key).at(i); }
  int steps(const std::string& suffix = "") const {
    return static_cast<int>(number("steps" + suffix));
  }
};

inline const std::map<std::string, std::set<std::string>>& required() {
  static const std::map<std::string, std::set<std::string>> keys = {
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
  const core::testing::GoldenBlocks file(path);
  return file.read<GoldenCase>(
      [&](GoldenCase& c, const std::string& key, const std::vector<std::string>& words, int line) {
        if (key == "op" || key == "activation") {
          if (words.size() != 1) file.fail(line, key + " needs one word");
          c.words[key] = words[0];
        } else {
          c.values[key] = file.to_floats(words, line);
          auto& numbers = c.doubles[key];
          for (const auto& word : words) numbers.push_back(file.to_double(word, line));
        }
      },
      [&](const GoldenCase& c, const std::set<std::string>& seen) {
        if (!c.words.count("op") || !required().count(c.op())) {
          file.fail(c.line, "case " + c.name + " has no known op");
        }
        for (const auto& key : required().at(c.op())) {
          if (!seen.count(key)) file.fail(c.line, "case " + c.name + " lacks " + key);
        }
      });
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/learning.golden");
}

}  // namespace learning::golden
