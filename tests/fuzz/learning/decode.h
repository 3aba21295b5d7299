// Decoding shared by the learning family's two fuzz targets: layer shapes (mostly small and
// valid, sometimes of another rank, out of range or disagreeing), options anywhere in double
// when `hostile` (negative, NaN, the infinities, betas at 1), XOR networks of right or wrong
// lengths. Lengths and option values are decoded as the optimiser family's targets decode them.
#pragma once

#include <cstdint>
#include <vector>

#include "common/decode.h"
#include "learning/learning.h"
#include "optim/decode.h"

namespace fuzz::learning_fuzz {

using namespace ::learning;
using fuzz::float_values;
using fuzz::input_values;
using fuzz::size_value;
// The optimiser family's decoding: require(condition, target, what); option_value (a fraction
// in [0, 2], or when hostile anything in double); fraction (the same below 1 when valid); nearby
// (a length, or when hostile now and then one off by up to 2).
using fuzz::optim_fuzz::fraction;
using fuzz::optim_fuzz::nearby;
using fuzz::optim_fuzz::option_value;
using fuzz::optim_fuzz::require;

// A layer side: mostly 1 to 9; when hostile, sometimes anything an int32 holds.
inline int32_t side(FuzzedDataProvider& in, bool hostile) {
  return hostile ? size_value(in, 1, 9) : in.ConsumeIntegralInRange<int32_t>(1, 9);
}

// A shape of rank 2, or (hostile) now and then of rank 0 to 3.
inline std::vector<int32_t> shape(FuzzedDataProvider& in, int32_t rows, int32_t columns,
                                  bool hostile) {
  std::vector<int32_t> dims = {rows, columns};
  if (hostile && in.ConsumeIntegralInRange<int>(0, 15) == 0) {
    dims.resize(static_cast<size_t>(in.ConsumeIntegralInRange<int>(0, 3)), 1);
  }
  return dims;
}

inline XorOptions decode_xor_options(FuzzedDataProvider& in, bool hostile) {
  XorOptions o;
  o.activation = static_cast<Activation>(hostile ? size_value(in, 0, 2)
                                                 : in.ConsumeIntegralInRange<int32_t>(0, 2));
  o.lr = option_value(in, hostile);
  o.momentum = in.ConsumeBool() ? 0.0 : fraction(in, hostile);
  return o;
}

inline LambOptions decode_lamb_options(FuzzedDataProvider& in, bool hostile) {
  LambOptions o;
  o.lr = option_value(in, hostile) / 8;
  o.beta1 = in.ConsumeBool() ? 0.9 : fraction(in, hostile);
  o.beta2 = in.ConsumeBool() ? 0.999 : fraction(in, hostile);
  o.eps = in.ConsumeBool() ? 1e-6 : option_value(in, hostile);
  o.weight_decay = in.ConsumeBool() ? 0.0 : option_value(in, hostile);
  return o;
}

// An XOR network with H hidden units (1 to 16, or when hostile 0 to 17), each length right or,
// when hostile, now and then off.
inline XorParams decode_xor_params(FuzzedDataProvider& in, bool hostile) {
  const auto H = static_cast<size_t>(in.ConsumeIntegralInRange<int>(hostile ? 0 : 1,
                                                                    hostile ? 17 : 16));
  XorParams p;
  p.w1 = input_values(in, nearby(in, 2 * H, hostile));
  p.b1 = input_values(in, nearby(in, H, hostile));
  p.w2 = input_values(in, nearby(in, H, hostile));
  p.b2 = input_values(in, nearby(in, 1, hostile));
  return p;
}

// Momentum buffers for a network of H hidden units, each length right or, when hostile, now and
// then off.
inline XorParams decode_momentum_buffer(FuzzedDataProvider& in, size_t H, bool hostile) {
  XorParams b;
  b.w1 = float_values(in, nearby(in, 2 * H, hostile));
  b.b1 = float_values(in, nearby(in, H, hostile));
  b.w2 = float_values(in, nearby(in, H, hostile));
  b.b2 = float_values(in, nearby(in, 1, hostile));
  return b;
}

inline bool same(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && same_floats(a.data(), b.data(), a.size());
}

}  // namespace fuzz::learning_fuzz
