// Reader for tests/golden/sequence/sequence.golden (format in tests/golden/sequence/README.md),
// read with common/keyed_case.h: a malformed file throws std::runtime_error naming the file
// and line. A case keeps its words (op, nonlinearity) and its numbers by key; `required` lists
// the keys each op must have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "common/keyed_case.h"

namespace sequence::golden {

using GoldenCase = core::testing::KeyedCase;

inline const core::testing::RequiredKeys& required() {
  static const core::testing::RequiredKeys keys = {
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
  return core::testing::read_keyed_cases<GoldenCase>(
      path, {"op", "nonlinearity"}, required(),
      [](const core::testing::GoldenBlocks& file, const GoldenCase& c,
         const std::set<std::string>& seen) {
        if (seen.count("b_ih") != seen.count("b_hh")) {
          file.fail(c.line, "case " + c.name + " has one bias of two");
        }
      });
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/sequence.golden");
}

}  // namespace sequence::golden
