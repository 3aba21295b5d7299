// The course's own random generator: SplitMix64 (Steele, Lea and Flood, 2014; the constants of
// Vigna's splitmix64.c), so that a seed gives the same draws in every browser, in Node and
// natively, where each platform's own generator would differ. Every family that draws (dropout's
// mask, the XOR network's and the encoder layer's starts) draws from it, and its seeds are checked here, once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "common/errors.h"

namespace core {

// The largest seed: seeds are uint32, which JS numbers hold exactly.
constexpr int64_t kMaxSeed = 4294967295;

// nullopt for a seed from 0 to kMaxSeed; otherwise the error, naming `seed`.
inline std::optional<Error> check_seed(int64_t seed) {
  if (seed >= 0 && seed <= kMaxSeed) return std::nullopt;
  return Error{"seed", "seed must be an integer in [0, 4294967295], got " + std::to_string(seed)};
}

// The state advances by the golden gamma, and each output is the state mixed by two
// multiply-xorshifts.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // The next output's top 53 bits over 2^53: exactly, a double in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // n values uniform within ±bound, each rounded once from its double: a seeded start's draw
  // (learning's XOR network, transformer's encoder layer).
  void fill_uniform(float* out, int64_t n, double bound) {
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>((2.0 * uniform() - 1.0) * bound);
  }

 private:
  uint64_t state_;
};

}  // namespace core
