// An encoder layer's seeded start (reference.h, encoder_init): SplitMix64's draws stretched to
// the bounds PyTorch's initialisation uses for each tensor, the constant tensors filled.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "common/splitmix64.h"
#include "transformer/reference.h"

namespace transformer::reference {
void encoder_init(const EncoderGradients& params, int64_t d, int64_t ff, uint64_t seed) {
  core::SplitMix64 generator(seed);
  const double xavier = std::sqrt(6.0 / static_cast<double>(d + 3 * d));
  const double from_d = 1.0 / std::sqrt(static_cast<double>(d));
  const double from_ff = 1.0 / std::sqrt(static_cast<double>(ff));
  generator.fill_uniform(params[kInProjWeight], 3 * d * d, xavier);
  std::fill_n(params[kInProjBias], 3 * d, 0.0f);
  generator.fill_uniform(params[kOutProjWeight], d * d, from_d);
  std::fill_n(params[kOutProjBias], d, 0.0f);
  generator.fill_uniform(params[kLinear1Weight], ff * d, from_d);
  generator.fill_uniform(params[kLinear1Bias], ff, from_d);
  generator.fill_uniform(params[kLinear2Weight], d * ff, from_ff);
  generator.fill_uniform(params[kLinear2Bias], d, from_ff);
  for (const Param p : {kNorm1Weight, kNorm2Weight}) std::fill_n(params[p], d, 1.0f);
  for (const Param p : {kNorm1Bias, kNorm2Bias}) std::fill_n(params[p], d, 0.0f);
}

}  // namespace transformer::reference
