// The rl fuzz targets' decoding: a batch (N samples of A logits, the actions, the old log-probs,
// the advantages) and PPO's options from the fuzzer's bytes, on top of tests/fuzz/common/decode.h.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "common/decode.h"
#include "rl/reference.h"
#include "rl/rl.h"

namespace fuzz::rl_fuzz {

using namespace ::rl;

// A finite value mostly, as a lesson gives them: small fractions, spread-out magnitudes, -0 and
// denormals; `hostile` also lets through NaN, the infinities and any bits.
inline float batch_value(FuzzedDataProvider& in, bool hostile) {
  const float value = input_value(in);
  if (hostile || std::isfinite(value)) return value;
  return static_cast<float>(in.ConsumeIntegralInRange<int>(-40, 40)) / 8.0f;
}

inline std::vector<float> batch_values(FuzzedDataProvider& in, size_t count, bool hostile) {
  std::vector<float> values(count);
  for (float& value : values) value = batch_value(in, hostile);
  return values;
}

// A clip: mostly in (0, 1), sometimes an edge or anything a double holds.
inline double clip_value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0: return 0.0;
    case 1: return 1.0;
    case 2: return std::nan("");
    case 3: return in.ConsumeFloatingPoint<double>();
    case 4: return std::nextafter(1.0, 0.0);
    case 5: return 5e-324;
    default: return in.ConsumeFloatingPointInRange<double>(0.01, 0.99);
  }
}

// A learning rate: mostly in [0, 100], sometimes an edge or anything.
inline double lr_value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0: return 0.0;
    case 1: return 100.0;
    case 2: return std::nextafter(100.0, 200.0);
    case 3: return -0.0;
    case 4: return in.ConsumeFloatingPoint<double>();
    case 5: return std::nan("");
    default: return in.ConsumeFloatingPointInRange<double>(0.0, 100.0);
  }
}

// Valid batch of N samples of A actions: finite values unless `hostile`.
struct Batch {
  int64_t N = 1, A = 2;
  std::vector<float> logits, old, advantages;
  std::vector<int32_t> actions;
};

inline Batch decode_batch(FuzzedDataProvider& in, int64_t max_n, bool hostile) {
  Batch b;
  b.N = in.ConsumeIntegralInRange<int64_t>(1, max_n);
  b.A = in.ConsumeIntegralInRange<int64_t>(kMinActions, kMaxActions);
  b.logits = batch_values(in, static_cast<size_t>(b.N * b.A), hostile);
  b.old = batch_values(in, static_cast<size_t>(b.N), hostile);
  b.advantages = batch_values(in, static_cast<size_t>(b.N), hostile);
  b.actions.resize(static_cast<size_t>(b.N));
  for (auto& a : b.actions) a = in.ConsumeIntegralInRange<int32_t>(0, static_cast<int32_t>(b.A - 1));
  return b;
}

}  // namespace fuzz::rl_fuzz
