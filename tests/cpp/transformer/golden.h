// Reader for tests/golden/transformer/transformer.golden (format in
// tests/golden/transformer/README.md), read with common/keyed_case.h: a malformed file throws
// std::runtime_error naming the file and line. A case keeps its words (op, activation) and its
// numbers by key, as float32s and as doubles (layer_norm_eps, params_scale, the counts);
// `required` lists the keys each op must have, so a case that lost one fails the run instead of
// shrinking it. params_of draws an encoder case's parameters as the generator drew them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/keyed_case.h"
#include "common/splitmix64.h"
#include "transformer/reference.h"
#include "transformer/transformer.h"

namespace transformer::golden {

using GoldenCase = core::testing::KeyedCase;

// The results of encoder_layer as the file names them, beside the output.
inline const std::vector<std::string>& trace_keys() {
  static const std::vector<std::string> keys = {
      "attention_weights", "attention_output", "residual1", "norm1",
      "norm2",             "hidden",           "feed_forward", "residual2"};
  return keys;
}

inline const core::testing::RequiredKeys& required() {
  static const core::testing::RequiredKeys keys = [] {
    core::testing::RequiredKeys k = {
        {"positional", {"length", "d_model", "frequencies", "table"}},
        {"frequencies", {"d_models", "frequencies"}},
        {"count",
         {"d_model", "nhead", "dim_feedforward", "attention", "feed_forward", "norms", "total"}},
        {"init", {"d_model", "nhead", "dim_feedforward", "seed"}},
        {"encoder",
         {"input_shape", "nhead", "dim_feedforward", "activation", "norm_first", "layer_norm_eps",
          "params_seed", "params_scale", "input", "output", "grad_output", "grad_input"}}};
    for (const auto& key : trace_keys()) k["encoder"].insert(key);
    for (const char* name : kParamNames) k["init"].insert(name);
    for (const char* name : kParamNames) k["encoder"].insert(std::string("grad_") + name);
    return k;
  }();
  return keys;
}

inline std::vector<GoldenCase> load_golden(const std::string& path) {
  return core::testing::read_keyed_cases(path, {"op", "activation"}, required());
}

inline const std::vector<GoldenCase>& cases() {
  return core::testing::load_once(&load_golden, CORE_GOLDEN_DIR "/transformer.golden");
}

// Every parameter from SplitMix64(params_seed) in state_dict order, each value
// float32(offset + (2u - 1) * scale), offset 1 for the norms' weights (generate.py).
inline ParamArray<std::vector<float>> params_of(const GoldenCase& c) {
  const int64_t d = c.size("input_shape", 1), ff = c.size("dim_feedforward");
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  core::SplitMix64 draws(static_cast<uint64_t>(c.size("params_seed")));
  const double scale = c.number("params_scale");
  ParamArray<std::vector<float>> params;
  for (size_t p = 0; p < kParamCount; ++p) {
    const double offset = p == kNorm1Weight || p == kNorm2Weight ? 1.0 : 0.0;
    for (int64_t i = 0; i < counts[p]; ++i) {
      params[p].push_back(static_cast<float>(offset + (2 * draws.uniform() - 1) * scale));
    }
  }
  return params;
}

inline EncoderOptions options_of(const GoldenCase& c) {
  EncoderOptions o;
  o.nhead = static_cast<int32_t>(c.size("nhead"));
  o.activation = c.words.at("activation") == "gelu" ? Activation::kGelu : Activation::kRelu;
  o.norm_first = c.size("norm_first") == 1;
  o.layer_norm_eps = c.number("layer_norm_eps");
  return o;
}

// Every sample_stride-th value of a full gradient, as the file keeps the weights' gradients.
inline std::vector<float> sampled(const GoldenCase& c, const std::vector<float>& full) {
  const size_t stride = c.has("sample_stride") ? static_cast<size_t>(c.size("sample_stride")) : 1;
  std::vector<float> out;
  for (size_t i = 0; i < full.size(); i += stride) out.push_back(full[i]);
  return out;
}

}  // namespace transformer::golden
