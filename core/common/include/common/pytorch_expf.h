// PyTorch's float32 exp on this course's machine (AVX2): SLEEF's Sleef_expf8_u10, which ATen's
// vectorised exp calls for every element. Within 1 ulp of e^x, and PyTorch's bits exactly, where
// the C library's expf (glibc natively, musl in WebAssembly) differs in the last bit now and
// then. Every family that takes PyTorch's exp of a float32 tensor takes this one: the
// transformer's positional encoding, PPO's probability ratio.
#pragma once

#include <cmath>

namespace core {

// sleefsimdsp.c's xexpf, one lane: q = rint(x / ln 2), s = x - q ln 2 in two parts, a degree-6
// polynomial in s by fused multiply-adds, scaled by 2^q in two halves; 0 below -104, inf above
// 100, NaN for NaN (SLEEF selects those after the arithmetic; here they come first, so q is a
// small integer whenever it is converted to one). AVX2's vmla is a fused multiply-add, so each
// step here is one too, asked for by name; no product here feeds an addition, so a compiler's own contraction (-ffp-contract) has nothing
// to fuse and every includer gets the same bits.
inline float pytorch_expf(float x) {
  if (std::isnan(x)) return x;
  if (x < -104.0f) return 0.0f;
  if (x > 100.0f) return INFINITY;
  constexpr float kLog2e = 1.442695040888963407359924681001892137426645954152985934135449406931f;
  constexpr float kLn2Upper = 0.693145751953125f;
  constexpr float kLn2Lower = 1.428606765330187045e-06f;
  const float q = std::nearbyint(x * kLog2e);  // the default rounding: to nearest, ties to even
  float s = std::fma(q, -kLn2Upper, x);
  s = std::fma(q, -kLn2Lower, s);
  float u = 0.000198527617612853646278381f;
  u = std::fma(u, s, 0.00139304355252534151077271f);
  u = std::fma(u, s, 0.00833336077630519866943359f);
  u = std::fma(u, s, 0.0416664853692054748535156f);
  u = std::fma(u, s, 0.166666671633720397949219f);
  u = std::fma(u, s, 0.5f);
  u = 1.0f + std::fma(s * s, u, s);
  // vldexp2: u * 2^(q >> 1) * 2^(q - (q >> 1)), each factor a power of two, exactly.
  const auto e = static_cast<int>(q);
  return std::ldexp(std::ldexp(u, e >> 1), e - (e >> 1));
}

}  // namespace core
