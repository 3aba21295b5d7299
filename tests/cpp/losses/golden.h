// Reader for tests/golden/losses/losses.golden: PyTorch's answers for the losses, forward and
// backward, one case per block (format in tests/golden/losses/README.md). A malformed file
// throws std::runtime_error naming the file, the line and the problem: a broken golden file
// must fail the run, never shrink it.
#pragma once

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "losses/losses.h"

namespace losses::golden {

struct GoldenCase {
  std::string name;
  std::string op;  // mse | huber | cross_entropy
  int line = 0;    // of "case", for failure messages
  LossOptions options;
  std::vector<int64_t> shape;  // cross_entropy only
  std::vector<float> input, target, output, grad_output, grad_input;
  std::vector<int32_t> classes;  // cross_entropy's target
};

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
  const auto to_int = [&](const std::string& word, int line) {
    char* end = nullptr;
    const long value = std::strtol(word.c_str(), &end, 10);
    if (word.empty() || *end != '\0') fail(line, "not an integer: '" + word + "'");
    return value;
  };
  const std::map<std::string, Reduction> reductions = {
      {"none", Reduction::kNone}, {"mean", Reduction::kMean}, {"sum", Reduction::kSum}};

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
      const auto bad = [&](const std::string& what) {
        fail(current.line, "case " + current.name + ": " + what);
      };
      const bool ce = current.op == "cross_entropy";
      std::vector<std::string> needed = {"op",     "reduction",   "input",     "target",
                                         "output", "grad_output", "grad_input"};
      if (ce) needed.insert(needed.end(), {"label_smoothing", "shape"});
      if (current.op == "huber") needed.push_back("delta");
      for (const auto& key_needed : needed) {
        if (!seen.count(key_needed)) bad("missing " + key_needed);
      }
      if (seen.size() != needed.size()) bad("a key that does not belong to " + current.op);
      const size_t terms = ce ? current.classes.size() : current.input.size();
      if (!ce && current.target.size() != terms) bad("target must be as long as input");
      if (current.grad_input.size() != current.input.size()) bad("grad_input must match input");
      const size_t loss = loss_length(current.options.reduction, terms);
      if (current.output.size() != loss || current.grad_output.size() != loss) {
        bad("output and grad_output must have one value per term, or one when reduced");
      }
      cases.push_back(std::move(current));
      in_case = false;
      continue;
    }
    if (!seen.insert(key).second) fail(line, "repeated key " + key);
    if (key == "op") {
      if (words.size() != 1 || (words[0] != "mse" && words[0] != "huber" &&
                                words[0] != "cross_entropy")) {
        fail(line, "unknown op");
      }
      current.op = words[0];
    } else if (key == "reduction") {
      if (words.size() != 1 || !reductions.count(words[0])) fail(line, "unknown reduction");
      current.options.reduction = reductions.at(words[0]);
    } else if (key == "delta" || key == "label_smoothing") {
      if (words.size() != 1) fail(line, key + " needs one value");
      (key == "delta" ? current.options.delta : current.options.label_smoothing) =
          to_float(words[0], line);
    } else if (key == "shape") {
      for (const auto& word : words) current.shape.push_back(to_int(word, line));
    } else if (key == "target" && current.op == "cross_entropy") {
      for (const auto& word : words) current.classes.push_back(static_cast<int32_t>(to_int(word, line)));
    } else {
      std::vector<float> values;
      for (const auto& word : words) values.push_back(to_float(word, line));
      if (key == "input")
        current.input = values;
      else if (key == "target")
        current.target = values;
      else if (key == "output")
        current.output = values;
      else if (key == "grad_output")
        current.grad_output = values;
      else if (key == "grad_input")
        current.grad_input = values;
      else
        fail(line, "unknown key '" + key + "'");
    }
  }
  if (in_case) fail(current.line, "case " + current.name + " has no end");
  if (cases.empty()) throw std::runtime_error("no cases in golden file " + path);
  return cases;
}

// The case's loss and gradient through the checked API.
inline Checked<std::vector<float>> run_forward(const GoldenCase& c) {
  if (c.op == "mse") return mse_loss(c.input, c.target, c.options);
  if (c.op == "huber") return huber_loss(c.input, c.target, c.options);
  return cross_entropy(c.input, Shape(c.shape), c.classes, c.options);
}

inline Checked<std::vector<float>> run_backward(const GoldenCase& c) {
  if (c.op == "mse") return mse_loss_backward(c.grad_output, c.input, c.target, c.options);
  if (c.op == "huber") return huber_loss_backward(c.grad_output, c.input, c.target, c.options);
  return cross_entropy_backward(c.grad_output, c.input, Shape(c.shape), c.classes, c.options);
}

}  // namespace losses::golden
