// Four float lanes, with the few operations the SIMD kernels need, on WASM SIMD128, on SSE2
// for native x86 builds, and as plain arrays elsewhere. Every operation is exact IEEE
// float32 arithmetic lane by lane, so a kernel gives the same bits on all three (up to a
// NaN's payload, which IEEE leaves to the hardware when two NaNs meet).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define POOL_SIMD_WASM 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#define POOL_SIMD_SSE2 1
#endif

namespace pool::simd {

#if POOL_SIMD_WASM

using F4 = v128_t;  // four floats
using I4 = v128_t;  // four int32

inline F4 load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, F4 v) { wasm_v128_store(p, v); }
inline F4 splat(float x) { return wasm_f32x4_splat(x); }
inline F4 add(F4 a, F4 b) { return wasm_f32x4_add(a, b); }
inline F4 div(F4 a, F4 b) { return wasm_f32x4_div(a, b); }
inline F4 mul(F4 a, F4 b) { return wasm_f32x4_mul(a, b); }
// (a0 a1 a2 a3), (b0 b1 b2 b3) -> (a0 a2 b0 b2) and (a1 a3 b1 b3)
inline F4 evens(F4 a, F4 b) { return wasm_i32x4_shuffle(a, b, 0, 2, 4, 6); }
inline F4 odds(F4 a, F4 b) { return wasm_i32x4_shuffle(a, b, 1, 3, 5, 7); }
// (s0 s1 s2 s3) -> (s0 s0 s1 s1) and (s2 s2 s3 s3)
inline F4 twice_low(F4 s) { return wasm_i32x4_shuffle(s, s, 0, 0, 1, 1); }
inline F4 twice_high(F4 s) { return wasm_i32x4_shuffle(s, s, 2, 2, 3, 3); }
// Lanes where v > best or v is NaN: max pooling's "take over" rule.
inline F4 takes_over(F4 v, F4 best) { return wasm_v128_or(wasm_f32x4_gt(v, best), wasm_f32x4_ne(v, v)); }
inline F4 select(F4 mask, F4 if_set, F4 if_clear) { return wasm_v128_bitselect(if_set, if_clear, mask); }
// best < v ? v : best, lane by lane: max pooling's rule when no NaN is about, in one
// instruction (of a tie, the earlier value stays, bits and all: -0 before +0 stays -0).
inline F4 max_keep_first(F4 best, F4 v) { return wasm_f32x4_pmax(best, v); }
inline F4 nan_lanes(F4 x) { return wasm_f32x4_ne(x, x); }
inline F4 zero_lanes(F4 x) { return wasm_f32x4_eq(x, wasm_f32x4_splat(0.0f)); }  // +0 or -0
// (p3 v0 v1 v2): a row's values one column over, the cell coming in from the vector before.
inline F4 after(F4 previous, F4 v) { return wasm_i32x4_shuffle(previous, v, 3, 4, 5, 6); }
inline F4 either(F4 a, F4 b) { return wasm_v128_or(a, b); }
inline bool any(F4 mask) { return wasm_v128_any_true(mask); }
// The larger of two bit patterns, read as unsigned integers. On floats from +0 to +inf (sign
// clear, no NaN) that order is the floats' order, and the larger is the float maximum, bits and
// all; every other float (negative, -0, NaN) has a pattern above +inf's.
inline F4 max_bits(F4 a, F4 b) { return wasm_u32x4_max(a, b); }
// Is some lane's bit pattern, read as unsigned, above `limit`?
inline bool any_bits_above(F4 a, uint32_t limit) {
  return wasm_v128_any_true(wasm_u32x4_gt(a, wasm_u32x4_splat(limit)));
}
inline F4 make(float a, float b, float c, float d) { return wasm_f32x4_make(a, b, c, d); }
inline I4 imake(int32_t a, int32_t b, int32_t c, int32_t d) { return wasm_i32x4_make(a, b, c, d); }
// (v0 v1 v2 v3) -> (f v0 v1 v2) and (v1 v2 v3 f), f from `fill`: a row's values moved one
// column over, with a padding cell coming in at the edge.
inline F4 shift_up(F4 v, F4 fill) { return wasm_i32x4_shuffle(fill, v, 0, 4, 5, 6); }
inline F4 shift_down(F4 v, F4 fill) { return wasm_i32x4_shuffle(v, fill, 1, 2, 3, 7); }
inline I4 iload(const int32_t* p) { return wasm_v128_load(p); }
inline void istore(int32_t* p, I4 v) { wasm_v128_store(p, v); }
inline I4 isplat(int32_t x) { return wasm_i32x4_splat(x); }
inline I4 iadd(I4 a, I4 b) { return wasm_i32x4_add(a, b); }
// (start, start + step, start + 2 step, start + 3 step). Written as splat + ramp so that a
// constant step folds into one constant vector: building all four lanes costs four inserts.
inline I4 iramp(int32_t start, int32_t step) {
  return wasm_i32x4_add(wasm_i32x4_splat(start), wasm_i32x4_make(0, step, 2 * step, 3 * step));
}

#elif POOL_SIMD_SSE2

using F4 = __m128;
using I4 = __m128i;

inline F4 load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, F4 v) { _mm_storeu_ps(p, v); }
inline F4 splat(float x) { return _mm_set1_ps(x); }
inline F4 add(F4 a, F4 b) { return _mm_add_ps(a, b); }
inline F4 div(F4 a, F4 b) { return _mm_div_ps(a, b); }
inline F4 mul(F4 a, F4 b) { return _mm_mul_ps(a, b); }
inline F4 evens(F4 a, F4 b) { return _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)); }
inline F4 odds(F4 a, F4 b) { return _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)); }
inline F4 twice_low(F4 s) { return _mm_unpacklo_ps(s, s); }
inline F4 twice_high(F4 s) { return _mm_unpackhi_ps(s, s); }
inline F4 takes_over(F4 v, F4 best) { return _mm_or_ps(_mm_cmpgt_ps(v, best), _mm_cmpunord_ps(v, v)); }
inline F4 select(F4 mask, F4 if_set, F4 if_clear) {
  return _mm_or_ps(_mm_and_ps(mask, if_set), _mm_andnot_ps(mask, if_clear));
}
// maxps returns its second operand unless the first is greater: best on ties.
inline F4 max_keep_first(F4 best, F4 v) { return _mm_max_ps(v, best); }
inline F4 nan_lanes(F4 x) { return _mm_cmpunord_ps(x, x); }
inline F4 zero_lanes(F4 x) { return _mm_cmpeq_ps(x, _mm_setzero_ps()); }
inline F4 after(F4 previous, F4 v) {
  return _mm_castsi128_ps(_mm_or_si128(_mm_srli_si128(_mm_castps_si128(previous), 12),
                                       _mm_slli_si128(_mm_castps_si128(v), 4)));
}
inline F4 either(F4 a, F4 b) { return _mm_or_ps(a, b); }
inline bool any(F4 mask) { return _mm_movemask_ps(mask) != 0; }
// SSE2 has no unsigned compare: flipping the sign bits makes the signed one do.
inline __m128i unsigned_greater(__m128i a, __m128i b) {
  const __m128i flip = _mm_set1_epi32(INT32_MIN);
  return _mm_cmpgt_epi32(_mm_xor_si128(a, flip), _mm_xor_si128(b, flip));
}
inline F4 max_bits(F4 a, F4 b) {
  const __m128i ai = _mm_castps_si128(a), bi = _mm_castps_si128(b);
  const __m128i a_larger = unsigned_greater(ai, bi);
  return _mm_castsi128_ps(_mm_or_si128(_mm_and_si128(a_larger, ai), _mm_andnot_si128(a_larger, bi)));
}
inline bool any_bits_above(F4 a, uint32_t limit) {
  return _mm_movemask_epi8(unsigned_greater(_mm_castps_si128(a), _mm_set1_epi32(static_cast<int32_t>(limit)))) != 0;
}
inline F4 make(float a, float b, float c, float d) { return _mm_setr_ps(a, b, c, d); }
inline I4 imake(int32_t a, int32_t b, int32_t c, int32_t d) { return _mm_setr_epi32(a, b, c, d); }
inline F4 shift_up(F4 v, F4 fill) {
  return _mm_move_ss(_mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)), fill);
}
inline F4 shift_down(F4 v, F4 fill) {
  const F4 high = _mm_shuffle_ps(v, fill, _MM_SHUFFLE(3, 3, 3, 3));  // (v3 v3 f3 f3)
  return _mm_shuffle_ps(v, high, _MM_SHUFFLE(2, 0, 2, 1));             // (v1 v2 v3 f3)
}
inline I4 iload(const int32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline void istore(int32_t* p, I4 v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
inline I4 isplat(int32_t x) { return _mm_set1_epi32(x); }
inline I4 iadd(I4 a, I4 b) { return _mm_add_epi32(a, b); }
inline I4 iramp(int32_t start, int32_t step) {
  return _mm_add_epi32(_mm_set1_epi32(start), _mm_setr_epi32(0, step, 2 * step, 3 * step));
}
inline I4 iselect(F4 mask, I4 if_set, I4 if_clear) {
  return _mm_castps_si128(select(mask, _mm_castsi128_ps(if_set), _mm_castsi128_ps(if_clear)));
}

#else

struct F4 {
  float v[4];
};
struct I4 {
  int32_t v[4];
};

inline F4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void store(float* p, F4 a) {
  for (int i = 0; i < 4; ++i) p[i] = a.v[i];
}
inline F4 splat(float x) { return {{x, x, x, x}}; }
inline F4 add(F4 a, F4 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}}; }
inline F4 div(F4 a, F4 b) { return {{a.v[0] / b.v[0], a.v[1] / b.v[1], a.v[2] / b.v[2], a.v[3] / b.v[3]}}; }
inline F4 mul(F4 a, F4 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1], a.v[2] * b.v[2], a.v[3] * b.v[3]}}; }
inline F4 evens(F4 a, F4 b) { return {{a.v[0], a.v[2], b.v[0], b.v[2]}}; }
inline F4 odds(F4 a, F4 b) { return {{a.v[1], a.v[3], b.v[1], b.v[3]}}; }
inline F4 twice_low(F4 s) { return {{s.v[0], s.v[0], s.v[1], s.v[1]}}; }
inline F4 twice_high(F4 s) { return {{s.v[2], s.v[2], s.v[3], s.v[3]}}; }
// Masks are 0 or 1 per lane in this fallback.
inline F4 takes_over(F4 v, F4 best) {
  F4 m;
  for (int i = 0; i < 4; ++i) m.v[i] = (v.v[i] > best.v[i] || v.v[i] != v.v[i]) ? 1.0f : 0.0f;
  return m;
}
inline F4 select(F4 mask, F4 if_set, F4 if_clear) {
  F4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = mask.v[i] != 0.0f ? if_set.v[i] : if_clear.v[i];
  return r;
}
inline F4 max_keep_first(F4 best, F4 v) {
  F4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = best.v[i] < v.v[i] ? v.v[i] : best.v[i];
  return r;
}
inline F4 nan_lanes(F4 x) {
  F4 m;
  for (int i = 0; i < 4; ++i) m.v[i] = x.v[i] != x.v[i] ? 1.0f : 0.0f;
  return m;
}
inline F4 zero_lanes(F4 x) {
  F4 m;
  for (int i = 0; i < 4; ++i) m.v[i] = x.v[i] == 0.0f ? 1.0f : 0.0f;
  return m;
}
inline F4 after(F4 previous, F4 v) { return {{previous.v[3], v.v[0], v.v[1], v.v[2]}}; }
inline F4 either(F4 a, F4 b) {
  F4 m;
  for (int i = 0; i < 4; ++i) m.v[i] = (a.v[i] != 0.0f || b.v[i] != 0.0f) ? 1.0f : 0.0f;
  return m;
}
inline bool any(F4 mask) { return mask.v[0] != 0.0f || mask.v[1] != 0.0f || mask.v[2] != 0.0f || mask.v[3] != 0.0f; }
inline uint32_t bits_of(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}
inline F4 max_bits(F4 a, F4 b) {
  F4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = bits_of(a.v[i]) < bits_of(b.v[i]) ? b.v[i] : a.v[i];
  return r;
}
inline bool any_bits_above(F4 a, uint32_t limit) {
  for (int i = 0; i < 4; ++i) {
    if (bits_of(a.v[i]) > limit) return true;
  }
  return false;
}
inline F4 make(float a, float b, float c, float d) { return {{a, b, c, d}}; }
inline I4 imake(int32_t a, int32_t b, int32_t c, int32_t d) { return {{a, b, c, d}}; }
inline F4 shift_up(F4 v, F4 fill) { return {{fill.v[0], v.v[0], v.v[1], v.v[2]}}; }
inline F4 shift_down(F4 v, F4 fill) { return {{v.v[1], v.v[2], v.v[3], fill.v[3]}}; }
inline I4 iload(const int32_t* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void istore(int32_t* p, I4 a) {
  for (int i = 0; i < 4; ++i) p[i] = a.v[i];
}
inline I4 isplat(int32_t x) { return {{x, x, x, x}}; }
inline I4 iadd(I4 a, I4 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}}; }
inline I4 iramp(int32_t start, int32_t step) {
  return {{start, start + step, start + 2 * step, start + 3 * step}};
}
inline I4 iselect(F4 mask, I4 if_set, I4 if_clear) {
  I4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = mask.v[i] != 0.0f ? if_set.v[i] : if_clear.v[i];
  return r;
}

#endif

#if POOL_SIMD_WASM
inline I4 iselect(F4 mask, I4 if_set, I4 if_clear) { return wasm_v128_bitselect(if_set, if_clear, mask); }
#endif

// Division by a fixed divisor. Dividing by a power of two gives exactly the bits of multiplying
// by its reciprocal (both are the correctly rounded x / 2^k), and multiplying is several
// times faster, so that case (the 4 of a 2 x 2 window) multiplies.
class Divider {
 public:
  explicit Divider(float divisor)
      : divisor_(splat(divisor)), reciprocal_(splat(1.0f / divisor)),
        exact_reciprocal_(is_power_of_two(divisor)) {}
  F4 operator()(F4 x) const { return exact_reciprocal_ ? mul(x, reciprocal_) : div(x, divisor_); }

 private:
  static bool is_power_of_two(float d) {
    int exponent = 0;
    return d != 0.0f && std::frexp(d, &exponent) == (d > 0.0f ? 0.5f : -0.5f);
  }
  F4 divisor_;
  F4 reciprocal_;
  bool exact_reciprocal_;
};

}  // namespace pool::simd
