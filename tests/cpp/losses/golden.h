// Reader for tests/golden/losses/losses.golden: PyTorch's answers for the losses, forward and
// backward, one case per block (format in tests/golden/losses/README.md), read with
// common/golden_blocks.h: a malformed file throws std::runtime_error naming the file and line.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/golden_blocks.h"
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
  const core::testing::GoldenBlocks file(path);
  const std::map<std::string, Reduction> reductions = {
      {"none", Reduction::kNone}, {"mean", Reduction::kMean}, {"sum", Reduction::kSum}};
  const auto on_key = [&](GoldenCase& c, const std::string& key,
                          const std::vector<std::string>& words, int line) {
    if (key == "op") {
      if (words.size() != 1 || (words[0] != "mse" && words[0] != "huber" &&
                                words[0] != "cross_entropy")) {
        file.fail(line, "unknown op");
      }
      c.op = words[0];
    } else if (key == "reduction") {
      if (words.size() != 1 || !reductions.count(words[0])) file.fail(line, "unknown reduction");
      c.options.reduction = reductions.at(words[0]);
    } else if (key == "delta" || key == "label_smoothing") {
      if (words.size() != 1) file.fail(line, key + " needs one value");
      (key == "delta" ? c.options.delta : c.options.label_smoothing) = file.to_float(words[0], line);
    } else if (key == "shape") {
      for (const auto& word : words) c.shape.push_back(file.to_int(word, line));
    } else if (key == "target" && c.op == "cross_entropy") {
      for (const auto& word : words) c.classes.push_back(static_cast<int32_t>(file.to_int(word, line)));
    } else {
      const std::map<std::string, std::vector<float>*> rows = {
          {"input", &c.input},   {"target", &c.target},           {"output", &c.output},
          {"grad_output", &c.grad_output}, {"grad_input", &c.grad_input}};
      if (!rows.count(key)) file.fail(line, "unknown key '" + key + "'");
      *rows.at(key) = file.to_floats(words, line);
    }
  };
  const auto on_end = [&](GoldenCase& c, const std::set<std::string>& seen) {
    const auto bad = [&](const std::string& what) { file.fail(c.line, "case " + c.name + ": " + what); };
    const bool ce = c.op == "cross_entropy";
    std::vector<std::string> needed = {"op", "reduction", "input", "target", "output", "grad_output",
                                       "grad_input"};
    if (ce) needed.insert(needed.end(), {"label_smoothing", "shape"});
    if (c.op == "huber") needed.push_back("delta");
    for (const auto& key : needed) {
      if (!seen.count(key)) bad("missing " + key);
    }
    if (seen.size() != needed.size()) bad("a key that does not belong to " + c.op);
    const size_t terms = ce ? c.classes.size() : c.input.size();
    if (!ce && c.target.size() != terms) bad("target must be as long as input");
    if (c.grad_input.size() != c.input.size()) bad("grad_input must match input");
    const size_t loss = loss_length(c.options.reduction, terms);
    if (c.output.size() != loss || c.grad_output.size() != loss) {
      bad("output and grad_output must have one value per term, or one when reduced");
    }
  };
  return file.read<GoldenCase>(on_key, on_end);
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

// Every case of tests/golden/losses/losses.golden, read once per test binary.
inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(load_golden, CORE_GOLDEN_DIR "/losses.golden");
}

}  // namespace losses::golden
