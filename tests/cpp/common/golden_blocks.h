// The block structure of the golden files (format in tests/golden/pool/README.md): `case <name>`
// ... `end`, one `key values...` line at a time, blank lines and `#` lines ignored, no key twice
// in a case. A family's reader (tests/cpp/<family>/golden.h) gives the keys their meaning and
// checks each case at its end. A malformed file throws std::runtime_error naming the file, the
// line and the problem: a broken golden file must fail the run, never shrink it.
// Also what every family's golden test shares: the tolerance (near_golden), the count of values
// still PyTorch's to the bit (BitCount) and load_once.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/test_util.h"

namespace core::testing {

class GoldenBlocks {
 public:
  explicit GoldenBlocks(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(int line, const std::string& what) const {
    throw std::runtime_error(path_ + ":" + std::to_string(line) + ": " + what);
  }

  // A number as the generators write it, nan, inf and -inf included. to_float rounds the text
  // once, straight to float32; to_double keeps what a double holds (layers' options such as
  // momentum and eps are doubles, and 0.1f is not 0.1).
  float to_float(const std::string& word, int line) const {
    return to_number<float>(word, line,
                            [](const char* text, char** end) { return std::strtof(text, end); });
  }

  double to_double(const std::string& word, int line) const {
    return to_number<double>(word, line,
                             [](const char* text, char** end) { return std::strtod(text, end); });
  }

  long to_int(const std::string& word, int line) const {
    char* end = nullptr;
    const long value = std::strtol(word.c_str(), &end, 10);
    if (word.empty() || *end != '\0') fail(line, "not an integer: '" + word + "'");
    return value;
  }

  std::vector<float> to_floats(const std::vector<std::string>& words, int line) const {
    std::vector<float> values;
    for (const auto& word : words) values.push_back(to_float(word, line));
    return values;
  }

  // Every case, in file order. Each Case (with `name` and `line` members) starts with its name
  // and the line of `case` set; on_key(c, key, words, line) reads each key line, and
  // on_end(c, seen) checks the case at `end`, given the keys it had.
  template <class Case, class OnKey, class OnEnd>
  std::vector<Case> read(OnKey on_key, OnEnd on_end) const {
    std::ifstream file(path_);
    if (!file) throw std::runtime_error("cannot open golden file " + path_);
    std::vector<Case> cases;
    Case current;
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
        current = Case{};
        current.name = words[0];
        current.line = line;
        seen.clear();
        in_case = true;
      } else if (!in_case) {
        fail(line, "'" + key + "' outside a case");
      } else if (key == "end") {
        on_end(current, seen);
        cases.push_back(std::move(current));
        in_case = false;
      } else {
        if (!seen.insert(key).second) fail(line, "repeated key " + key);
        on_key(current, key, words, line);
      }
    }
    if (in_case) fail(current.line, "case " + current.name + " has no end");
    if (cases.empty()) throw std::runtime_error("no cases in golden file " + path_);
    return cases;
  }

 private:
  template <class T, class Read>
  T to_number(const std::string& word, int line, Read read) const {
    char* end = nullptr;
    const T value = read(word.c_str(), &end);
    if (word.empty() || *end != '\0') fail(line, "not a number: '" + word + "'");
    return value;
  }

  std::string path_;
};

// How close every family's golden test holds the core to PyTorch's float32 answers:
// |actual - expected| <= max(kGoldenAbs, kGoldenRel * |expected|).
inline constexpr double kGoldenAbs = 1e-6;
inline constexpr double kGoldenRel = 1e-5;

// near_all at the golden tolerance; `abs_tol` is wider for a case whose golden file says
// PyTorch's own float32 rounding is larger.
inline ::testing::AssertionResult near_golden(const std::vector<float>& expected,
                                              const std::vector<float>& actual,
                                              double abs_tol = kGoldenAbs) {
  return near_all(expected, actual, abs_tol, kGoldenRel);
}

// How many of the values held to a tolerance are still PyTorch's to the bit, for the line a
// family's golden test prints.
struct BitCount {
  size_t same = 0, all = 0;
  void add(const std::vector<float>& expected, const std::vector<float>& actual) {
    for (size_t i = 0; i < std::min(expected.size(), actual.size()); ++i) {
      same += same_float(expected[i], actual[i]);
    }
    all += expected.size();
  }
};

// near_golden, with the values counted in `count`.
inline ::testing::AssertionResult near_golden_counted(const std::vector<float>& expected,
                                                      const std::vector<float>& actual,
                                                      double abs_tol, BitCount& count) {
  count.add(expected, actual);
  return near_golden(expected, actual, abs_tol);
}

// The cases `load` reads from `path`, read once per test binary: every test of a family walks
// the same file, and a malformed one throws at each test that asks, so each fails with the reason.
template <class Case>
const std::vector<Case>& load_once(std::vector<Case> (*load)(const std::string&),
                                   const std::string& path) {
  static std::map<std::string, std::vector<Case>> loaded;
  auto found = loaded.find(path);
  if (found == loaded.end()) found = loaded.emplace(path, load(path)).first;
  return found->second;
}

}  // namespace core::testing
