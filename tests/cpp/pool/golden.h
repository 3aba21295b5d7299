// Reader for tests/golden/pool/pool2d.golden: PyTorch's answers for 2-D pooling, forward and
// backward, one case per block (format in tests/golden/pool/README.md).
//
// Header-only and dependency-free so any test can include it. A malformed file throws
// std::runtime_error naming the file, the line and the problem: a broken golden file must
// fail the test run loudly, never shrink it silently.
#pragma once

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace golden {

// One PyTorch call and its results. Sizes are (height, width) pairs. Fields an operation does
// not use keep their defaults.
struct GoldenCase {
  std::string name;  // unique, e.g. "avg_k3_s2_p1_exclude_pad"
  std::string op;    // avg_pool2d | max_pool2d | adaptive_avg_pool2d | adaptive_max_pool2d
  int line = 0;      // line of "case" in the file, for failure messages

  std::vector<int64_t> input_shape;  // (C, H, W) or (N, C, H, W)

  // avg_pool2d and max_pool2d. stride is the effective one (the kernel when PyTorch got None).
  std::array<int64_t, 2> kernel{0, 0};
  std::array<int64_t, 2> stride{0, 0};
  std::array<int64_t, 2> padding{0, 0};
  std::array<int64_t, 2> dilation{1, 1};  // 1 1 for avg_pool2d
  bool ceil_mode = false;
  bool count_include_pad = true;  // avg_pool2d only
  int64_t divisor_override = 0;   // avg_pool2d only; 0 means none

  // Adaptive ops only, as PyTorch got it: a side given as None ("none" in the file) is empty.
  std::array<std::optional<int64_t>, 2> output_size{0, 0};

  std::vector<float> input;
  std::vector<int64_t> output_shape;  // same rank as input_shape
  std::vector<float> output;
  std::vector<int32_t> indices;  // max ops only: flat index (row * W + col) in each H x W plane
  std::vector<float> grad_output;
  std::vector<float> grad_input;

  bool is_max() const { return op == "max_pool2d" || op == "adaptive_max_pool2d"; }
  bool is_adaptive() const { return op == "adaptive_avg_pool2d" || op == "adaptive_max_pool2d"; }
};

namespace detail {

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(int line, const std::string& what) const {
    throw std::runtime_error(path_ + ":" + std::to_string(line) + ": " + what);
  }

  std::vector<std::string> words(std::istringstream& rest) const {
    std::vector<std::string> out;
    for (std::string word; rest >> word;) out.push_back(word);
    return out;
  }

  int64_t to_int(const std::string& word, int line) const {
    errno = 0;
    char* end = nullptr;
    const long long value = std::strtoll(word.c_str(), &end, 10);
    if (word.empty() || *end != '\0' || errno == ERANGE) fail(line, "not an integer: '" + word + "'");
    return static_cast<int64_t>(value);
  }

  // strtof rounds the decimal text straight to float32 and reads "nan", "inf" and "-inf".
  float to_float(const std::string& word, int line) const {
    char* end = nullptr;
    const float value = std::strtof(word.c_str(), &end);
    if (word.empty() || *end != '\0') fail(line, "not a number: '" + word + "'");
    return value;
  }

  std::vector<int64_t> to_ints(const std::vector<std::string>& ws, int line) const {
    std::vector<int64_t> out;
    out.reserve(ws.size());
    for (const auto& w : ws) out.push_back(to_int(w, line));
    return out;
  }

  std::vector<float> to_floats(const std::vector<std::string>& ws, int line) const {
    std::vector<float> out;
    out.reserve(ws.size());
    for (const auto& w : ws) out.push_back(to_float(w, line));
    return out;
  }

  std::array<int64_t, 2> to_pair(const std::vector<std::string>& ws, int line,
                                 const std::string& key) const {
    if (ws.size() != 2) fail(line, key + " needs 2 integers, got " + std::to_string(ws.size()));
    return {to_int(ws[0], line), to_int(ws[1], line)};
  }

  bool to_flag(const std::vector<std::string>& ws, int line, const std::string& key) const {
    if (ws.size() != 1 || (ws[0] != "0" && ws[0] != "1")) fail(line, key + " must be 0 or 1");
    return ws[0] == "1";
  }

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

inline int64_t element_count(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  return count;
}

inline bool is_known_op(const std::string& op) {
  return op == "avg_pool2d" || op == "max_pool2d" || op == "adaptive_avg_pool2d" ||
         op == "adaptive_max_pool2d";
}

// The keys a case of this operation must have, and may have.
inline std::set<std::string> keys_for(const std::string& op) {
  std::set<std::string> keys = {"op", "input_shape", "input", "output_shape", "output",
                                "grad_output", "grad_input"};
  if (op == "avg_pool2d" || op == "max_pool2d") {
    keys.insert({"kernel", "stride", "padding", "dilation", "ceil_mode"});
  }
  if (op == "avg_pool2d") keys.insert({"count_include_pad", "divisor_override"});
  if (op == "adaptive_avg_pool2d" || op == "adaptive_max_pool2d") keys.insert("output_size");
  if (op == "max_pool2d" || op == "adaptive_max_pool2d") keys.insert("indices");
  return keys;
}

inline void check_case(const Reader& reader, const GoldenCase& c, const std::set<std::string>& seen) {
  const auto fail = [&](const std::string& what) { reader.fail(c.line, "case " + c.name + ": " + what); };
  if (!seen.count("op")) fail("missing op");
  if (!is_known_op(c.op)) fail("unknown op '" + c.op + "'");
  const std::set<std::string> wanted = keys_for(c.op);
  for (const auto& key : wanted) {
    if (!seen.count(key)) fail("missing " + key);
  }
  for (const auto& key : seen) {
    if (!wanted.count(key)) fail(key + " does not belong to " + c.op);
  }
  const size_t rank = c.input_shape.size();
  if (rank != 3 && rank != 4) fail("input_shape must have 3 or 4 dims");
  if (c.output_shape.size() != rank) fail("output_shape rank differs from input_shape");
  const auto in_count = static_cast<size_t>(element_count(c.input_shape));
  const auto out_count = static_cast<size_t>(element_count(c.output_shape));
  if (c.input.size() != in_count) fail("input has " + std::to_string(c.input.size()) + " values");
  if (c.grad_input.size() != in_count) fail("grad_input has " + std::to_string(c.grad_input.size()) + " values");
  if (c.output.size() != out_count) fail("output has " + std::to_string(c.output.size()) + " values");
  if (c.grad_output.size() != out_count) fail("grad_output has " + std::to_string(c.grad_output.size()) + " values");
  if (c.is_max() && c.indices.size() != out_count) fail("indices has " + std::to_string(c.indices.size()) + " values");
}

}  // namespace detail

// Reads every case of a golden file, in file order.
inline std::vector<GoldenCase> load_golden(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open golden file " + path);
  const detail::Reader reader(path);

  std::vector<GoldenCase> cases;
  std::set<std::string> names;
  GoldenCase current;
  std::set<std::string> seen;  // keys given in the current case
  bool in_case = false;

  std::string text;
  for (int line = 1; std::getline(file, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    std::istringstream rest(text);
    std::string key;
    rest >> key;
    std::vector<std::string> ws = reader.words(rest);

    if (key == "case") {
      if (in_case) reader.fail(line, "case " + current.name + " has no end");
      if (ws.size() != 1) reader.fail(line, "case needs exactly one name");
      if (!names.insert(ws[0]).second) reader.fail(line, "duplicate case name " + ws[0]);
      current = GoldenCase{};
      current.name = ws[0];
      current.line = line;
      seen.clear();
      in_case = true;
      continue;
    }
    if (!in_case) reader.fail(line, "'" + key + "' outside a case");
    if (key == "end") {
      if (!ws.empty()) reader.fail(line, "end takes no values");
      detail::check_case(reader, current, seen);
      cases.push_back(std::move(current));
      in_case = false;
      continue;
    }
    if (!seen.insert(key).second) reader.fail(line, "repeated key " + key);

    if (key == "op") {
      if (ws.size() != 1) reader.fail(line, "op needs one word");
      current.op = ws[0];
    } else if (key == "input_shape") {
      current.input_shape = reader.to_ints(ws, line);
    } else if (key == "kernel") {
      current.kernel = reader.to_pair(ws, line, key);
    } else if (key == "stride") {
      current.stride = reader.to_pair(ws, line, key);
    } else if (key == "padding") {
      current.padding = reader.to_pair(ws, line, key);
    } else if (key == "dilation") {
      current.dilation = reader.to_pair(ws, line, key);
    } else if (key == "ceil_mode") {
      current.ceil_mode = reader.to_flag(ws, line, key);
    } else if (key == "count_include_pad") {
      current.count_include_pad = reader.to_flag(ws, line, key);
    } else if (key == "divisor_override") {
      if (ws.size() != 1) reader.fail(line, "divisor_override needs one integer");
      current.divisor_override = reader.to_int(ws[0], line);
    } else if (key == "output_size") {
      if (ws.size() != 2) reader.fail(line, "output_size needs 2 integers or none");
      for (size_t i = 0; i < 2; ++i) {
        current.output_size[i] = ws[i] == "none" ? std::nullopt : std::optional<int64_t>(reader.to_int(ws[i], line));
      }
    } else if (key == "input") {
      current.input = reader.to_floats(ws, line);
    } else if (key == "output_shape") {
      current.output_shape = reader.to_ints(ws, line);
    } else if (key == "output") {
      current.output = reader.to_floats(ws, line);
    } else if (key == "indices") {
      for (int64_t index : reader.to_ints(ws, line)) current.indices.push_back(static_cast<int32_t>(index));
    } else if (key == "grad_output") {
      current.grad_output = reader.to_floats(ws, line);
    } else if (key == "grad_input") {
      current.grad_input = reader.to_floats(ws, line);
    } else {
      reader.fail(line, "unknown key '" + key + "'");
    }
  }
  if (in_case) reader.fail(current.line, "case " + current.name + " has no end");
  if (cases.empty()) throw std::runtime_error("no cases in golden file " + path);
  return cases;
}

}  // namespace golden
