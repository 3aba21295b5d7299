// Reader for tests/golden/layers/layers.golden: PyTorch's answers for the layer family, one case
// per block of "key values..." rows (format in tests/golden/layers/README.md), read with
// common/golden_blocks.h. Every row is kept as numbers; the tests ask for the rows their op
// needs. A malformed file, or a missing row, throws std::runtime_error naming the file, the case
// and the problem: a broken golden file must fail the run, never shrink it.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/golden_blocks.h"
#include "common/shape.h"

namespace layers::golden {

struct GoldenCase {
  std::string name, op;
  int line = 0;  // of "case", for failure messages
  std::map<std::string, std::vector<double>> rows;

  bool has(const std::string& key) const { return rows.count(key) != 0; }
  const std::vector<double>& row(const std::string& key) const {
    const auto found = rows.find(key);
    if (found == rows.end()) throw std::runtime_error("case " + name + " has no row " + key);
    return found->second;
  }
  std::vector<float> floats(const std::string& key) const {
    const auto& values = row(key);
    return std::vector<float>(values.begin(), values.end());
  }
  std::vector<int32_t> ints(const std::string& key) const {
    const auto& values = row(key);
    return std::vector<int32_t>(values.begin(), values.end());
  }
  std::vector<uint8_t> bytes(const std::string& key) const {
    const auto& values = row(key);
    return std::vector<uint8_t>(values.begin(), values.end());
  }
  double number(const std::string& key) const {
    const auto& values = row(key);
    if (values.size() != 1) throw std::runtime_error("case " + name + ": " + key + " is not one number");
    return values[0];
  }
  core::Shape shape(const std::string& key = "shape") const {
    const auto& values = row(key);
    return core::Shape(values.begin(), values.end());
  }
};

// Reads every case, in file order.
inline std::vector<GoldenCase> load_golden(const std::string& path) {
  const core::testing::GoldenBlocks file(path);
  const auto on_key = [&](GoldenCase& c, const std::string& key,
                          const std::vector<std::string>& words, int line) {
    if (key == "op") {
      if (words.size() != 1) file.fail(line, "op needs one word");
      c.op = words[0];
      return;
    }
    auto& values = c.rows[key];
    for (const auto& word : words) values.push_back(file.to_double(word, line));
  };
  const auto on_end = [&](const GoldenCase& c, const std::set<std::string>&) {
    if (c.op.empty()) file.fail(c.line, "case " + c.name + " has no op");
  };
  return file.read<GoldenCase>(on_key, on_end);
}

// Every case of tests/golden/layers/layers.golden, read once per test binary.
inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(load_golden, CORE_GOLDEN_DIR "/layers.golden");
}

}  // namespace layers::golden
