// Reader for tests/golden/layers/layers.golden: PyTorch's answers for the layer family, one case
// per block of "key values..." rows (format in tests/golden/layers/README.md). Every row is kept
// as numbers; the tests ask for the rows their op needs. A malformed file, or a missing row,
// throws std::runtime_error naming the file, the case and the problem: a broken golden file must
// fail the run, never shrink it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

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
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open golden file " + path);
  const auto fail = [&](int line, const std::string& what) {
    throw std::runtime_error(path + ":" + std::to_string(line) + ": " + what);
  };
  std::vector<GoldenCase> cases;
  GoldenCase current;
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
      in_case = true;
    } else if (!in_case) {
      fail(line, "'" + key + "' outside a case");
    } else if (key == "end") {
      if (current.op.empty()) fail(line, "case " + current.name + " has no op");
      cases.push_back(std::move(current));
      in_case = false;
    } else if (key == "op") {
      if (words.size() != 1) fail(line, "op needs one word");
      current.op = words[0];
    } else {
      if (current.rows.count(key)) fail(line, "repeated key " + key);
      auto& values = current.rows[key];
      for (const auto& word : words) {
        char* end = nullptr;
        values.push_back(std::strtod(word.c_str(), &end));  // reads nan, inf, -inf too
        if (*end != '\0') fail(line, "not a number: '" + word + "'");
      }
    }
  }
  if (in_case) fail(current.line, "case " + current.name + " has no end");
  if (cases.empty()) throw std::runtime_error("no cases in golden file " + path);
  return cases;
}

}  // namespace layers::golden
