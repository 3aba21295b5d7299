// Reader for tests/golden/optim/optim.golden: PyTorch's answers for the optimisers (several
// steps of one optimizer, its state after each, its options changed between steps), the loss
// surfaces and descents, one case per block (format in tests/golden/optim/README.md), read with
// common/golden_blocks.h: a malformed file throws std::runtime_error naming the file and line.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/golden_blocks.h"
#include "common/test_util.h"
#include "optim/optim.h"

namespace optim::golden {

// A state as the file lists it: PyTorch's keys, the step when there is one.
struct StateRecord {
  std::optional<double> step;
  std::map<std::string, std::vector<float>> buffers;
};

// Options for each optimizer; a case reads those of its own.
struct Options {
  SgdOptions sgd;
  RmspropOptions rmsprop;
  AdamOptions adam;
};

// An option a step case sets from step k on ("momentum_2 0.9"), as the file gives it.
struct OptionChange {
  std::string key;  // PyTorch's name
  std::vector<std::string> words;
  int line = 0;
};

// One step of a step case: the options set from this step on and those the step runs with, the
// gradient given, then the parameters and state after the step, or, for a case's last step only,
// PyTorch's refusal of it ("refused_k <PyTorch's message>").
struct StepRecord {
  std::vector<OptionChange> changes;
  Options options;  // the case's, with every change up to this step
  std::vector<float> grad, params;
  StateRecord state;
  bool refused = false;
};

struct GoldenCase {
  std::string name;
  std::string op;         // sgd | rmsprop | adam | surface | descend
  std::string optimizer;  // the op, or a descent's optimizer
  int line = 0;           // of "case", for failure messages
  Options options;        // those the case gives, PyTorch's defaults for the rest
  int steps = 0;
  std::vector<float> params;        // step cases: the parameters before the first step
  std::vector<StepRecord> records;  // one per step
  Surface surface = Surface::kBowl;
  std::vector<float> point, gradient;  // surface cases
  float value = 0.0f;
  std::vector<float> start, points, values, gradients;  // descend cases
  StateRecord state;                                    // the state after a descent
};

// A C++ state as the file lists it.
inline StateRecord record_of(const SgdState& state) {
  StateRecord r;
  if (state.momentum_buffer) r.buffers["momentum_buffer"] = *state.momentum_buffer;
  return r;
}

inline StateRecord record_of(const RmspropState& state) {
  StateRecord r;
  r.step = state.step;
  r.buffers["square_avg"] = state.square_avg;
  if (state.momentum_buffer) r.buffers["momentum_buffer"] = *state.momentum_buffer;
  if (state.grad_avg) r.buffers["grad_avg"] = *state.grad_avg;
  return r;
}

inline StateRecord record_of(const AdamState& state) {
  StateRecord r;
  r.step = state.step;
  r.buffers["exp_avg"] = state.exp_avg;
  r.buffers["exp_avg_sq"] = state.exp_avg_sq;
  if (state.max_exp_avg_sq) r.buffers["max_exp_avg_sq"] = *state.max_exp_avg_sq;
  return r;
}

// The same buffers (none more, none fewer) within the golden tolerance, and the same step.
inline ::testing::AssertionResult same_state(const StateRecord& expected,
                                             const StateRecord& actual) {
  if (expected.step != actual.step) {
    return ::testing::AssertionFailure() << "step " << (actual.step ? *actual.step : -1)
                                         << ", expected " << (expected.step ? *expected.step : -1);
  }
  for (const auto& [key, values] : actual.buffers) {
    if (!expected.buffers.count(key))
      return ::testing::AssertionFailure() << "a " << key << " PyTorch has not";
  }
  for (const auto& [key, values] : expected.buffers) {
    if (!actual.buffers.count(key)) return ::testing::AssertionFailure() << "no " << key;
    auto near = core::testing::near_golden(values, actual.buffers.at(key));
    if (!near) return near << " (" << key << ")";
  }
  return ::testing::AssertionSuccess();
}

namespace detail {

inline const std::set<std::string>& buffer_keys() {
  static const std::set<std::string> keys = {"momentum_buffer", "square_avg", "grad_avg",
                                             "exp_avg",         "exp_avg_sq", "max_exp_avg_sq"};
  return keys;
}

// Reads one option of `optimizer` into `into`; false if it has no such option.
inline bool read_option(const core::testing::GoldenBlocks& file, const std::string& optimizer,
                        Options& into, const std::string& key,
                        const std::vector<std::string>& words, int line) {
  const auto number = [&]() {
    if (words.size() != 1) file.fail(line, key + " needs one value");
    return file.to_double(words[0], line);
  };
  const auto flag = [&]() {
    if (words.size() != 1 || (words[0] != "0" && words[0] != "1"))
      file.fail(line, key + " is 0 or 1");
    return words[0] == "1";
  };
  const std::string& o = optimizer;
  auto& [sgd, rmsprop, adam] = into;
  if (key == "lr") {
    (o == "sgd" ? sgd.lr : o == "rmsprop" ? rmsprop.lr : adam.lr) = number();
  } else if (key == "weight_decay") {
    (o == "sgd"       ? sgd.weight_decay
     : o == "rmsprop" ? rmsprop.weight_decay
                      : adam.weight_decay) = number();
  } else if (key == "maximize") {
    (o == "sgd" ? sgd.maximize : o == "rmsprop" ? rmsprop.maximize : adam.maximize) = flag();
  } else if (key == "momentum" && o != "adam") {
    (o == "sgd" ? sgd.momentum : rmsprop.momentum) = number();
  } else if (key == "eps" && o != "sgd") {
    (o == "rmsprop" ? rmsprop.eps : adam.eps) = number();
  } else if (key == "dampening" && o == "sgd") {
    sgd.dampening = number();
  } else if (key == "nesterov" && o == "sgd") {
    sgd.nesterov = flag();
  } else if (key == "alpha" && o == "rmsprop") {
    rmsprop.alpha = number();
  } else if (key == "centered" && o == "rmsprop") {
    rmsprop.centered = flag();
  } else if (key == "betas" && o == "adam") {
    if (words.size() != 2) file.fail(line, "betas needs two values");
    adam.beta1 = file.to_double(words[0], line);
    adam.beta2 = file.to_double(words[1], line);
  } else if (key == "amsgrad" && o == "adam") {
    adam.amsgrad = flag();
  } else {
    return false;
  }
  return true;
}

// A state key into `state`; false if `key` is none.
inline bool read_state_key(const core::testing::GoldenBlocks& file, StateRecord& state,
                           const std::string& key, const std::vector<std::string>& words,
                           int line) {
  if (key == "step") {
    if (words.size() != 1) file.fail(line, "step needs one value");
    state.step = static_cast<double>(file.to_int(words[0], line));
    return true;
  }
  if (!buffer_keys().count(key)) return false;
  state.buffers[key] = file.to_floats(words, line);
  return true;
}

// "params_3" -> ("params", 3); ("", 0) if the key has no step number.
inline std::pair<std::string, int> split_step(const std::string& key) {
  const auto at = key.rfind('_');
  if (at == std::string::npos || at + 1 == key.size()) return {"", 0};
  for (size_t i = at + 1; i < key.size(); ++i) {
    if (key[i] < '0' || key[i] > '9') return {"", 0};
  }
  return {key.substr(0, at), std::stoi(key.substr(at + 1))};
}

}  // namespace detail

// Reads every case of a golden file, in file order.
inline std::vector<GoldenCase> load_golden(const std::string& path) {
  const core::testing::GoldenBlocks file(path);
  const std::set<std::string> ops = {"sgd", "rmsprop", "adam", "surface", "descend"};
  const std::set<std::string> optimizers = {"sgd", "rmsprop", "adam"};
  const std::map<std::string, Surface> surfaces = {
      {"bowl", Surface::kBowl}, {"ravine", Surface::kRavine}, {"rosenbrock", Surface::kRosenbrock}};
  const auto on_key = [&](GoldenCase& c, const std::string& key,
                          const std::vector<std::string>& words, int line) {
    const auto one = [&]() {
      if (words.size() != 1) file.fail(line, key + " needs one value");
      return words[0];
    };
    const auto unknown = [&]() {
      file.fail(line, "unknown key '" + key + "' in a case of op " + c.op);
    };
    if (key == "op") {
      c.op = one();
      if (!ops.count(c.op)) file.fail(line, "unknown op");
      if (optimizers.count(c.op)) c.optimizer = c.op;
      return;
    }
    if (c.op.empty()) file.fail(line, "op must come first");
    if (key == "surface" && (c.op == "surface" || c.op == "descend")) {
      if (!surfaces.count(one())) file.fail(line, "unknown surface");
      c.surface = surfaces.at(words[0]);
      return;
    }
    if (c.op == "surface") {
      if (key == "value") {
        c.value = file.to_float(one(), line);
      } else if (key == "point" || key == "gradient") {
        (key == "point" ? c.point : c.gradient) = file.to_floats(words, line);
      } else {
        unknown();
      }
      return;
    }
    if (key == "steps") {
      c.steps = static_cast<int>(file.to_int(one(), line));
      return;
    }
    if (key == "optimizer" && c.op == "descend") {
      c.optimizer = one();
      if (!optimizers.count(c.optimizer)) file.fail(line, "unknown optimizer");
      return;
    }
    if (!c.optimizer.empty() &&
        detail::read_option(file, c.optimizer, c.options, key, words, line)) {
      return;
    }
    if (c.op == "descend") {
      const std::map<std::string, std::vector<float>*> rows = {{"start", &c.start},
                                                               {"points", &c.points},
                                                               {"values", &c.values},
                                                               {"gradients", &c.gradients}};
      if (rows.count(key)) {
        *rows.at(key) = file.to_floats(words, line);
      } else if (!detail::read_state_key(file, c.state, key, words, line)) {
        unknown();
      }
      return;
    }
    if (key == "params") {
      c.params = file.to_floats(words, line);
      return;
    }
    const auto [name, k] = detail::split_step(key);
    if (k < 1 || k > 1000) unknown();
    if (c.records.size() < static_cast<size_t>(k)) c.records.resize(static_cast<size_t>(k));
    StepRecord& record = c.records[static_cast<size_t>(k - 1)];
    Options scratch;  // an option set from step k on is read here for its errors only
    if (name == "grad" || name == "params") {
      (name == "grad" ? record.grad : record.params) = file.to_floats(words, line);
    } else if (name == "refused") {
      record.refused = true;
    } else if (detail::read_option(file, c.optimizer, scratch, name, words, line)) {
      if (k == 1) file.fail(line, key + ": an option from step 1 on is the case's own " + name);
      record.changes.push_back({name, words, line});  // applied in step order at the end
    } else if (!detail::read_state_key(file, record.state, name, words, line)) {
      unknown();
    }
  };
  const auto on_end = [&](GoldenCase& c, const std::set<std::string>& seen) {
    const auto bad = [&](const std::string& what) {
      file.fail(c.line, "case " + c.name + ": " + what);
    };
    const auto need = [&](std::initializer_list<const char*> keys) {
      for (const char* key : keys) {
        if (!seen.count(key)) bad(std::string("missing ") + key);
      }
    };
    if (c.op == "surface") {
      need({"surface", "point", "value", "gradient"});
      if (c.point.size() != 2 || c.gradient.size() != 2) bad("point and gradient are [x, y]");
      return;
    }
    const auto steps = static_cast<size_t>(c.steps);
    if (c.op == "descend") {
      need({"surface", "optimizer", "start", "steps", "points", "values", "gradients"});
      if (c.start.size() != 2 || c.points.size() != 2 * (steps + 1) ||
          c.values.size() != steps + 1 || c.gradients.size() != 2 * steps) {
        bad("a descent of n steps has n + 1 points and values, and n gradients");
      }
      return;
    }
    need({"steps", "params"});
    for (size_t k = steps; k < c.records.size(); ++k) {
      for (const OptionChange& change : c.records[k].changes) {
        file.fail(change.line, "case " + c.name + ": " + change.key + "_" + std::to_string(k + 1) +
                                   " is beyond its " + std::to_string(steps) + " steps");
      }
    }
    if (c.records.size() != steps) bad("one grad_k and params_k per step");
    for (const StepRecord& record : c.records) {
      if (record.refused) {
        if (&record != &c.records.back()) bad("only the last step can be refused");
        if (!record.params.empty() || record.state.step || !record.state.buffers.empty()) {
          bad("a refused step has no params_k or state");
        }
        if (record.grad.size() != c.params.size()) bad("every grad_k as long as params");
        continue;
      }
      if (record.grad.size() != c.params.size() || record.params.size() != c.params.size()) {
        bad("every grad_k and params_k as long as params");
      }
      for (const auto& [key, values] : record.state.buffers) {
        if (values.size() != c.params.size()) bad(key + " as long as params");
      }
    }
    Options options = c.options;
    for (StepRecord& record : c.records) {
      for (const OptionChange& change : record.changes) {
        detail::read_option(file, c.optimizer, options, change.key, change.words, change.line);
      }
      record.options = options;
    }
  };
  return file.read<GoldenCase>(on_key, on_end);
}

// Every case of tests/golden/optim/optim.golden, read once per test binary.
inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(load_golden, CORE_GOLDEN_DIR "/optim.golden");
}

}  // namespace optim::golden
