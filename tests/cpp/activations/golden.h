// Reader for tests/golden/activations/activations.golden: PyTorch's answers for the activation
// functions, forward and backward, one case per block (format in
// tests/golden/activations/README.md), read with common/golden_blocks.h: a malformed file
// throws std::runtime_error naming the file and the line.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "activations/activations.h"
#include "common/golden_blocks.h"

namespace activations::golden {

struct GoldenCase {
  std::string name;
  std::string op;  // relu | sigmoid | tanh | gelu | swish | elu
  int line = 0;    // of "case", for failure messages
  Activation activation = Activation::kRelu;
  ActivationOptions options;
  std::vector<float> input, output, grad_output, grad_input, derivative;
};

namespace detail {

inline const std::map<std::string, Activation>& activations_by_name() {
  static const std::map<std::string, Activation> names = {
      {"relu", Activation::kRelu}, {"sigmoid", Activation::kSigmoid}, {"tanh", Activation::kTanh},
      {"gelu", Activation::kGelu}, {"swish", Activation::kSwish},     {"elu", Activation::kElu}};
  return names;
}

// The option key each operation must have, if any.
inline std::string option_key(const std::string& op) {
  if (op == "gelu") return "approximate";
  if (op == "swish") return "beta";
  if (op == "elu") return "alpha";
  return "";
}

}  // namespace detail

// Reads every case of a golden file, in file order.
inline std::vector<GoldenCase> load_golden(const std::string& path) {
  const core::testing::GoldenBlocks file(path);
  const auto on_key = [&](GoldenCase& c, const std::string& key,
                          const std::vector<std::string>& words, int line) {
    if (key == "op") {
      const auto& names = detail::activations_by_name();
      if (words.size() != 1 || !names.count(words[0])) file.fail(line, "unknown op");
      c.op = words[0];
      c.activation = names.at(words[0]);
    } else if (key == "approximate") {
      if (words.size() != 1 || (words[0] != "none" && words[0] != "tanh"))
        file.fail(line, "approximate is none or tanh");
      c.options.approximate = words[0] == "tanh" ? GeluApproximate::kTanh : GeluApproximate::kNone;
    } else if (key == "alpha" || key == "beta") {
      if (words.size() != 1) file.fail(line, key + " needs one value");
      (key == "alpha" ? c.options.alpha : c.options.beta) = file.to_float(words[0], line);
    } else {
      const std::map<std::string, std::vector<float>*> rows = {
          {"input", &c.input},             {"output", &c.output},
          {"grad_output", &c.grad_output}, {"grad_input", &c.grad_input},
          {"derivative", &c.derivative}};
      if (!rows.count(key)) file.fail(line, "unknown key '" + key + "'");
      *rows.at(key) = file.to_floats(words, line);
    }
  };
  const auto on_end = [&](GoldenCase& c, const std::set<std::string>& seen) {
    const auto bad = [&](const std::string& what) { file.fail(c.line, "case " + c.name + ": " + what); };
    const std::string option = detail::option_key(c.op);
    for (const char* needed : {"op", "input", "output", "grad_output", "grad_input", "derivative"}) {
      if (!seen.count(needed)) bad(std::string("missing ") + needed);
    }
    if (!option.empty() && !seen.count(option)) bad("missing " + option);
    if (seen.size() != 6 + (option.empty() ? 0 : 1)) bad("an option that does not belong to " + c.op);
    const size_t n = c.input.size();
    if (c.output.size() != n || c.grad_output.size() != n || c.grad_input.size() != n ||
        c.derivative.size() != n) {
      bad("every row must have as many values as input");
    }
  };
  return file.read<GoldenCase>(on_key, on_end);
}

// Every case of tests/golden/activations/activations.golden, read once per test binary.
inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(load_golden, CORE_GOLDEN_DIR "/activations.golden");
}

}  // namespace activations::golden
