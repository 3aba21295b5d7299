// The case and reader of the golden files whose cases are an `op` and keys (learning, sequence,
// transformer, rl), over common/golden_blocks.h. A word key (op, activation, ...) holds one
// word; every other key holds numbers, kept as float32s (`at`) and as the doubles the file wrote
// (`number`: 0.1 is not 0.1f). A family's golden.h names its word keys and the keys each op must
// have, so a case that lost one fails the run instead of shrinking it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/golden_blocks.h"

namespace core::testing {

struct KeyedCase {
  std::string name;
  int line = 0;
  std::map<std::string, std::string> words;            // the word keys
  std::map<std::string, std::vector<float>> values;    // every other key, as float32
  std::map<std::string, std::vector<double>> numbers;  // the same, as doubles

  const std::string& op() const { return words.at("op"); }
  bool has(const std::string& key) const { return values.count(key) != 0; }
  const std::vector<float>& at(const std::string& key) const { return values.at(key); }
  double number(const std::string& key, size_t i = 0) const { return numbers.at(key).at(i); }
  int64_t size(const std::string& key, size_t i = 0) const {
    return static_cast<int64_t>(number(key, i));
  }
  std::vector<int32_t> ints(const std::string& key) const {
    const auto& v = numbers.at(key);
    return std::vector<int32_t>(v.begin(), v.end());
  }
};

using RequiredKeys = std::map<std::string, std::set<std::string>>;

// Every case of `path`, a Case being a KeyedCase or a family's struct built on one. `word_keys`
// include "op"; a case whose op `required` does not list, or that lacks a key its op requires,
// fails the read, and so does one that `also` (given the file, the case and the keys it had)
// finds wrong.
template <class Case = KeyedCase>
std::vector<Case> read_keyed_cases(
    const std::string& path, const std::set<std::string>& word_keys, const RequiredKeys& required,
    const std::function<void(const GoldenBlocks&, const Case&, const std::set<std::string>&)>&
        also = nullptr) {
  const GoldenBlocks file(path);
  return file.read<Case>(
      [&](Case& c, const std::string& key, const std::vector<std::string>& words, int line) {
        if (word_keys.count(key)) {
          if (words.size() != 1) file.fail(line, key + " needs one word");
          c.words[key] = words[0];
          return;
        }
        c.values[key] = file.to_floats(words, line);
        auto& doubles = c.numbers[key];
        for (const auto& word : words) doubles.push_back(file.to_double(word, line));
      },
      [&](const Case& c, const std::set<std::string>& seen) {
        if (!c.words.count("op") || !required.count(c.op())) {
          file.fail(c.line, "case " + c.name + " has no known op");
        }
        for (const auto& key : required.at(c.op())) {
          if (!seen.count(key)) file.fail(c.line, "case " + c.name + " lacks " + key);
        }
        if (also) also(file, c, seen);
      });
}

}  // namespace core::testing
