// Reader for tests/golden/sequence/sequence.golden (format in tests/golden/sequence/README.md),
// read with common/golden_blocks.h: a malformed file throws std::runtime_error naming the file
// and line. A case keeps its words (op, nonlinearity) and its numbers by key; `required` lists
// the keys each op must have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/golden_blocks.h"

namespace sequence::golden {

struct GoldenCase {
  std::string name;
  int line = 0;
  std::map<std::string, std::string> words;          // op, nonlinearity
  std::map<std::string, std::vector<float>> values;  // every other key, as float32

  const std::string& op() const { return words.at("op"); }
  bool has(const std::string& key) const { return values.count(key) != 0; }
  const std::vector<float>& at(const std::string& key) const { return values.at(key); }
  int64_t size(const std::string& key, size_t i = 0) const {
    return static_cast<int64_t>(values.at(key).at(i));
  }
};

inline const std::map<std::string, std::set<std::string>>& required() {
  static const std::map<std::string, std::set<std::string>> keys = {
      {"rnn",
       {"nonlinearity", "input_shape", "hidden", "input", "w_ih", "w_hh", "output", "h_n",
        "grad_output", "grad_input", "grad_h0", "grad_w_ih", "grad_w_hh", "grad_hidden"}},
      {"lstm",
       {"input_shape", "hidden",      "input",      "w_ih",       "w_hh",        "output",
        "h_n",         "c_n",         "cells",      "gate_input", "gate_forget", "gate_cell",
        "gate_output", "grad_output", "grad_input", "grad_h0",    "grad_c0",     "grad_w_ih",
        "grad_w_hh",   "grad_hidden", "grad_cells"}},
      {"column_sums", {"shape", "values", "sums"}},
      {"attention",
       {"causal", "query_shape", "key_shape", "value_shape", "query", "key", "value", "scores",
        "weights", "output", "grad_output", "grad_query", "grad_key", "grad_value"}},
  };
  return keys;
}

inline std::vector<GoldenCase> load_golden(const std::string& path) {
  const core::testing::GoldenBlocks file(path);
  return file.read<GoldenCase>(
      [&](GoldenCase& c, const std::string& key, const std::vector<std::string>& words, int line) {
        if (key == "op" || key == "nonlinearity") {
          if (words.size() != 1) file.fail(line, key + " needs one word");
          c.words[key] = words[0];
        } else {
          c.values[key] = file.to_floats(words, line);
        }
      },
      [&](const GoldenCase& c, const std::set<std::string>& seen) {
        if (!c.words.count("op") || !required().count(c.op())) {
          file.fail(c.line, "case " + c.name + " has no known op");
        }
        for (const auto& key : required().at(c.op())) {
          if (!seen.count(key)) file.fail(c.line, "case " + c.name + " lacks " + key);
        }
        if (seen.count("b_ih") != seen.count("b_hh")) {
          file.fail(c.line, "case " + c.name + " has one bias of two");
        }
      });
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/sequence.golden");
}

}  // namespace sequence::golden
