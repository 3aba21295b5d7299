// The XOR network's seeded start (reference.h): SplitMix64's draws stretched to nn.Linear's
// bounds. A start is drawn once per hidden size and seed, so the family compiles this file for
// size (CMakeLists.txt): the speed-optimised loop of 64-bit multiplies weighed 2.5 KB of WASM.
#include <cmath>
#include <cstdint>

#include "common/splitmix64.h"
#include "learning/reference.h"

namespace learning::reference {
void xor_init(float* w1, float* b1, float* w2, float* b2, int64_t H, uint64_t seed) {
  core::SplitMix64 generator(seed);
  const double bound1 = 1.0 / std::sqrt(2.0);
  const double bound2 = 1.0 / std::sqrt(static_cast<double>(H));
  generator.fill_uniform(w1, 2 * H, bound1);
  generator.fill_uniform(b1, H, bound1);
  generator.fill_uniform(w2, H, bound2);
  generator.fill_uniform(b2, 1, bound2);
}

}  // namespace learning::reference
