// Reader for tests/golden/activations/activations.golden: PyTorch's answers for the activation
// functions, forward and backward, one case per block (format in
// tests/golden/activations/README.md). A malformed file throws std::runtime_error naming the
// file, the line and the problem: a broken golden file must fail the run, never shrink it.
#pragma once

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "activations/activations.h"

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
      {"relu", Activation::kRelu}, {"sigmoid", Activation::kSigmoid},
      {"tanh", Activation::kTanh}, {"gelu", Activation::kGelu},
      {"swish", Activation::kSwish}, {"elu", Activation::kElu}};
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
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open golden file " + path);
  const auto fail = [&](int line, const std::string& what) {
    throw std::runtime_error(path + ":" + std::to_string(line) + ": " + what);
  };
  const auto to_float = [&](const std::string& word, int line) {
    char* end = nullptr;
    const float value = std::strtof(word.c_str(), &end);  // reads nan, inf, -inf too
    if (word.empty() || *end != '\0') fail(line, "not a number: '" + word + "'");
    return value;
  };

  std::vector<GoldenCase> cases;
  GoldenCase current;
  std::set<std::string> seen;
  bool in_case = false;
  std::string text;
  for (int line = 1; std::getline(file, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream rest(text);
    std::string key;
    rest >> key;
    std::vector<std::string> words;
    for (std::string word; rest >> word;) words.push_back(word);

    if (key == "case") {
      if (in_case) fail(line, "case " + current.name + " has no end");
      if (words.size() != 1) fail(line, "case needs exactly one name");
      current = GoldenCase{};
      current.name = words[0];
      current.line = line;
      seen.clear();
      in_case = true;
      continue;
    }
    if (!in_case) fail(line, "'" + key + "' outside a case");
    if (key == "end") {
      const auto bad = [&](const std::string& what) { fail(current.line, "case " + current.name + ": " + what); };
      const std::string option = detail::option_key(current.op);
      for (const char* needed : {"op", "input", "output", "grad_output", "grad_input", "derivative"}) {
        if (!seen.count(needed)) bad(std::string("missing ") + needed);
      }
      if (!option.empty() && !seen.count(option)) bad("missing " + option);
      if (seen.size() != 6 + (option.empty() ? 0 : 1)) bad("an option that does not belong to " + current.op);
      const size_t n = current.input.size();
      if (current.output.size() != n || current.grad_output.size() != n ||
          current.grad_input.size() != n || current.derivative.size() != n) {
        bad("every row must have as many values as input");
      }
      cases.push_back(std::move(current));
      in_case = false;
      continue;
    }
    if (!seen.insert(key).second) fail(line, "repeated key " + key);
    std::vector<float> values;
    if (key == "op") {
      const auto& names = detail::activations_by_name();
      if (words.size() != 1 || !names.count(words[0])) fail(line, "unknown op");
      current.op = words[0];
      current.activation = names.at(words[0]);
    } else if (key == "approximate") {
      if (words.size() != 1 || (words[0] != "none" && words[0] != "tanh")) fail(line, "approximate is none or tanh");
      current.options.approximate = words[0] == "tanh" ? GeluApproximate::kTanh : GeluApproximate::kNone;
    } else if (key == "alpha" || key == "beta") {
      if (words.size() != 1) fail(line, key + " needs one value");
      (key == "alpha" ? current.options.alpha : current.options.beta) = to_float(words[0], line);
    } else {
      for (const auto& word : words) values.push_back(to_float(word, line));
      if (key == "input") current.input = values;
      else if (key == "output") current.output = values;
      else if (key == "grad_output") current.grad_output = values;
      else if (key == "grad_input") current.grad_input = values;
      else if (key == "derivative") current.derivative = values;
      else fail(line, "unknown key '" + key + "'");
    }
  }
  if (in_case) fail(current.line, "case " + current.name + " has no end");
  if (cases.empty()) throw std::runtime_error("no cases in golden file " + path);
  return cases;
}

}  // namespace activations::golden
