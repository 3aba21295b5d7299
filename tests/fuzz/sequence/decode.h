// Decoding shared by the sequence family's two fuzz targets: recurrent and attention calls with
// their shapes (mostly small and valid; when `hostile`, now and then of another rank, with
// sides anywhere in int32, or disagreeing), the lengths of their arrays (right or, when hostile,
// off by up to 2, a bias missing), and the values (NaN, +-inf, -0 and denormals mixed in).
// A call is described by lengths first, so that a call too large to hold is still tried: its
// arrays are then views with a length and no values, which the checks must refuse or accept
// before anything is read.
#pragma once

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "common/decode.h"
#include "sequence/reference.h"
#include "sequence/sequence.h"

namespace fuzz::sequence_fuzz {

using namespace ::sequence;
using fuzz::input_values;
using fuzz::size_value;

using ::fuzz::require;

// The most values a decoded call holds for real; larger calls are only checked.
constexpr int64_t kMostValues = 4096;

// A length: mostly `right`, sometimes (hostile) off by up to 2, never below 0.
inline int64_t nearby(FuzzedDataProvider& in, int64_t right, bool hostile) {
  if (!hostile || in.ConsumeIntegralInRange<int>(0, 5) != 0) return right;
  const int64_t off = in.ConsumeIntegralInRange<int>(-2, 2);
  return right + off < 0 ? 0 : right + off;
}

// A side: mostly 1 to `most`; when hostile, sometimes anything an int32 holds.
inline int32_t side(FuzzedDataProvider& in, int32_t most, bool hostile) {
  return hostile ? size_value(in, 1, most) : in.ConsumeIntegralInRange<int32_t>(1, most);
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

// An array described by its length; its values exist when the whole call is small enough.
struct Array {
  int64_t length = 0;
  std::vector<float> values;
  FloatView view() const {
    return values.empty() && length > 0 ? FloatView(nullptr, static_cast<size_t>(length))
                                        : FloatView(values.data(), static_cast<size_t>(length));
  }
};

// A recurrent call: the cell, the input's shape, H, and every array's length (and, when it is
// small, its values); the optional arrays may be absent.
struct RecurrentCall {
  Cell cell = Cell::kRnn;
  std::vector<int32_t> input_shape;
  int64_t H = 1;
  Array input, w_ih, w_hh, grad_output;
  std::optional<Array> b_ih, b_hh, h0, c0, grad_hn, grad_cn;
  RnnOptions options;
  bool real = false;  // values behind every array

  RecurrentParams params() const {
    const auto optional = [](const std::optional<Array>& a) {
      return a ? std::optional<FloatView>(a->view()) : std::nullopt;
    };
    return {w_ih.view(), w_hh.view(), optional(b_ih), optional(b_hh)};
  }
  RecurrentLengths lengths(bool backward) const {
    RecurrentLengths l;
    const auto length = [](const std::optional<Array>& a) {
      return a ? std::optional<size_t>(static_cast<size_t>(a->length)) : std::nullopt;
    };
    l.h0 = length(h0);
    l.c0 = length(c0);
    if (backward) {
      l.grad_output = static_cast<size_t>(grad_output.length);
      l.grad_hn = length(grad_hn);
      l.grad_cn = length(grad_cn);
    }
    return l;
  }
};

inline RecurrentCall decode_recurrent(FuzzedDataProvider& in, bool hostile) {
  RecurrentCall c;
  c.cell = in.ConsumeBool() ? Cell::kLstm : Cell::kRnn;
  const int32_t T = side(in, 6, hostile), I = side(in, 5, hostile);
  c.input_shape = shape(in, T, I, hostile);
  c.H = hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0
            ? in.ConsumeIntegralInRange<int64_t>(0, 300)
            : in.ConsumeIntegralInRange<int64_t>(1, 5);
  const int64_t G = static_cast<int64_t>(c.cell) * c.H;
  const int64_t t = T > 0 ? T : 1, i = I > 0 ? I : 1;
  c.input.length = nearby(in, t * i, hostile);
  c.w_ih.length = nearby(in, G * i, hostile);
  c.w_hh.length = nearby(in, G * c.H, hostile);
  const int bias = in.ConsumeIntegralInRange<int>(0, hostile ? 3 : 1);  // both, none, one, other
  if (bias == 0 || bias == 2) c.b_ih = Array{nearby(in, G, hostile), {}};
  if (bias == 0 || bias == 3) c.b_hh = Array{nearby(in, G, hostile), {}};
  if (in.ConsumeBool()) {
    c.h0 = Array{nearby(in, c.H, hostile), {}};
    if (c.cell == Cell::kLstm) c.c0 = Array{nearby(in, c.H, hostile), {}};
  }
  c.grad_output.length = nearby(in, t * c.H, hostile);
  if (in.ConsumeBool()) c.grad_hn = Array{nearby(in, c.H, hostile), {}};
  if (c.cell == Cell::kLstm && in.ConsumeBool()) c.grad_cn = Array{nearby(in, c.H, hostile), {}};
  const int32_t code = hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0
                           ? in.ConsumeIntegral<int32_t>()
                           : in.ConsumeIntegralInRange<int32_t>(0, 1);
  c.options.nonlinearity = static_cast<Nonlinearity>(code);
  // Values for every array of a small call (each length is checked alone first: a hostile one
  // may be near 2^62).
  int64_t total = 0;
  c.real = true;
  const auto count = [&](int64_t length) {
    c.real = c.real && length <= kMostValues && (total += length) <= kMostValues;
  };
  for (const Array* a : {&c.input, &c.w_ih, &c.w_hh, &c.grad_output}) count(a->length);
  for (const auto* a : {&c.b_ih, &c.b_hh, &c.h0, &c.c0, &c.grad_hn, &c.grad_cn}) {
    if (*a) count((*a)->length);
  }
  if (c.real) {
    for (Array* a : {&c.input, &c.w_ih, &c.w_hh, &c.grad_output})
      a->values = input_values(in, static_cast<size_t>(a->length));
    for (auto* a : {&c.b_ih, &c.b_hh, &c.h0, &c.c0, &c.grad_hn, &c.grad_cn}) {
      if (*a) (*a)->values = input_values(in, static_cast<size_t>((*a)->length));
    }
  }
  return c;
}

// An attention call: three shapes and four lengths (values when small).
struct AttentionCall {
  std::vector<int32_t> query_shape, key_shape, value_shape;
  Array query, key, value, grad_output;
  AttentionOptions options;
  bool real = false;
};

inline AttentionCall decode_attention(FuzzedDataProvider& in, bool hostile) {
  AttentionCall c;
  const int32_t Lq = side(in, 6, hostile), Lk = side(in, 6, hostile), d = side(in, 5, hostile),
                dv = side(in, 5, hostile);
  const bool other_d = hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0;
  const bool other_lk = hostile && in.ConsumeIntegralInRange<int>(0, 7) == 0;
  const auto other = [](int32_t v) { return v == INT32_MAX ? v - 1 : v + 1; };
  c.query_shape = shape(in, Lq, d, hostile);
  c.key_shape = shape(in, Lk, other_d ? other(d) : d, hostile);
  c.value_shape = shape(in, other_lk ? other(Lk) : Lk, dv, hostile);
  const auto positive = [](int32_t v) { return v > 0 ? int64_t{v} : int64_t{1}; };
  c.query.length = nearby(in, positive(Lq) * positive(d), hostile);
  c.key.length = nearby(in, positive(Lk) * positive(d), hostile);
  c.value.length = nearby(in, positive(Lk) * positive(dv), hostile);
  c.grad_output.length = nearby(in, positive(Lq) * positive(dv), hostile);
  c.options.causal = in.ConsumeBool();
  int64_t total = 0;
  c.real = true;
  for (const Array* a : {&c.query, &c.key, &c.value, &c.grad_output}) {
    c.real = c.real && a->length <= kMostValues && (total += a->length) <= kMostValues;
  }
  if (c.real) {
    for (Array* a : {&c.query, &c.key, &c.value, &c.grad_output})
      a->values = input_values(in, static_cast<size_t>(a->length));
  }
  return c;
}

inline bool same(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && same_floats(a.data(), b.data(), a.size());
}

}  // namespace fuzz::sequence_fuzz
