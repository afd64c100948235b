// A tiny 4 x float32 vector layer so the SIMD kernels are written once: WebAssembly SIMD128 in
// the browser, SSE2 natively (plus one SSE4.1 instruction when the compiler may use it).
//
// Only kernels_simd.cpp includes this. Every operation has the same result on both backends,
// including the NaN cases of min/max, so the two builds run the same arithmetic.
#pragma once

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif
#else
#error "simd128.h needs WebAssembly SIMD128 or SSE2"
#endif

namespace ae::simd128 {

#if defined(__wasm_simd128__)

using f32x4 = v128_t;

// Unaligned: callers pass arbitrary row pointers.
inline f32x4 loadu(const float* p) { return wasm_v128_load(p); }
inline void storeu(float* p, f32x4 v) { wasm_v128_store(p, v); }
inline f32x4 splat(float s) { return wasm_f32x4_splat(s); }

inline f32x4 add(f32x4 a, f32x4 b) { return wasm_f32x4_add(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return wasm_f32x4_sub(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return wasm_f32x4_mul(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return wasm_f32x4_div(a, b); }

// min(a, b) = a < b ? a : b and max(a, b) = a > b ? a : b, i.e. SSE's minps/maxps (b when either
// is NaN). The wasm "pseudo" min/max have exactly these semantics with the operands swapped
// (pmin(b, a) = a < b ? a : b) and compile to a single minps/maxps on x86, unlike f32x4.min.
inline f32x4 min(f32x4 a, f32x4 b) { return wasm_f32x4_pmin(b, a); }
inline f32x4 max(f32x4 a, f32x4 b) { return wasm_f32x4_pmax(b, a); }

inline f32x4 abs(f32x4 a) { return wasm_f32x4_abs(a); }
// |mag| with the sign bit of `sign`.
inline f32x4 copysign(f32x4 mag, f32x4 sign) {
  return wasm_v128_bitselect(sign, mag, wasm_f32x4_splat(-0.0f));
}

// Lane mask (all ones / all zeros) of a < b, consumed by select.
inline f32x4 lt(f32x4 a, f32x4 b) { return wasm_f32x4_lt(a, b); }
// mask ? a : b, lane by lane.
inline f32x4 select(f32x4 mask, f32x4 a, f32x4 b) { return wasm_v128_bitselect(a, b, mask); }

// Nearest integer, ties to even.
inline f32x4 round_nearest(f32x4 a) { return wasm_f32x4_nearest(a); }
// 2^n for integral n in [-126, 127], built directly in the exponent field.
inline f32x4 pow2i(f32x4 n) {
  return wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n), wasm_i32x4_splat(127)), 23);
}

// (a0 + a2) + (a1 + a3)
inline float hsum(f32x4 a) {
  const f32x4 pairs = wasm_f32x4_add(a, wasm_i32x4_shuffle(a, a, 2, 3, 2, 3));
  return wasm_f32x4_extract_lane(
      wasm_f32x4_add(pairs, wasm_i32x4_shuffle(pairs, pairs, 1, 1, 1, 1)), 0);
}
inline float hmax(f32x4 a) {
  const f32x4 pairs = max(a, wasm_i32x4_shuffle(a, a, 2, 3, 2, 3));
  return wasm_f32x4_extract_lane(max(pairs, wasm_i32x4_shuffle(pairs, pairs, 1, 1, 1, 1)), 0);
}
// [hsum(a0), hsum(a1), hsum(a2), hsum(a3)] (each summed as (ai0 + ai2) + (ai1 + ai3)): a 4 x 4
// transpose folded into the adds, 3 adds and 6 shuffles for four sums that stay in a vector.
inline f32x4 hsum4(f32x4 a0, f32x4 a1, f32x4 a2, f32x4 a3) {
  const f32x4 s01 =
      add(wasm_i32x4_shuffle(a0, a1, 0, 4, 1, 5), wasm_i32x4_shuffle(a0, a1, 2, 6, 3, 7));
  const f32x4 s23 =
      add(wasm_i32x4_shuffle(a2, a3, 0, 4, 1, 5), wasm_i32x4_shuffle(a2, a3, 2, 6, 3, 7));
  return add(wasm_i32x4_shuffle(s01, s23, 0, 1, 4, 5), wasm_i32x4_shuffle(s01, s23, 2, 3, 6, 7));
}

#else  // SSE2

using f32x4 = __m128;

inline f32x4 loadu(const float* p) { return _mm_loadu_ps(p); }
inline void storeu(float* p, f32x4 v) { _mm_storeu_ps(p, v); }
inline f32x4 splat(float s) { return _mm_set1_ps(s); }

inline f32x4 add(f32x4 a, f32x4 b) { return _mm_add_ps(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return _mm_sub_ps(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return _mm_mul_ps(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return _mm_div_ps(a, b); }

// min(a, b) = a < b ? a : b and max(a, b) = a > b ? a : b (b when either is NaN).
inline f32x4 min(f32x4 a, f32x4 b) { return _mm_min_ps(a, b); }
inline f32x4 max(f32x4 a, f32x4 b) { return _mm_max_ps(a, b); }

inline f32x4 abs(f32x4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
// |mag| with the sign bit of `sign`.
inline f32x4 copysign(f32x4 mag, f32x4 sign) {
  const __m128 sign_bit = _mm_set1_ps(-0.0f);
  return _mm_or_ps(_mm_andnot_ps(sign_bit, mag), _mm_and_ps(sign_bit, sign));
}

// Lane mask (all ones / all zeros) of a < b, consumed by select.
inline f32x4 lt(f32x4 a, f32x4 b) { return _mm_cmplt_ps(a, b); }
// mask ? a : b, lane by lane.
inline f32x4 select(f32x4 mask, f32x4 a, f32x4 b) {
#if defined(__SSE4_1__)
  return _mm_blendv_ps(b, a, mask);
#else
  return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b));
#endif
}

// Nearest integer, ties to even (cvtps uses the default MXCSR rounding; callers keep |a| < 2^31).
inline f32x4 round_nearest(f32x4 a) { return _mm_cvtepi32_ps(_mm_cvtps_epi32(a)); }
// 2^n for integral n in [-126, 127], built directly in the exponent field.
inline f32x4 pow2i(f32x4 n) {
  return _mm_castsi128_ps(
      _mm_slli_epi32(_mm_add_epi32(_mm_cvttps_epi32(n), _mm_set1_epi32(127)), 23));
}

// (a0 + a2) + (a1 + a3)
inline float hsum(f32x4 a) {
  const __m128 pairs = _mm_add_ps(a, _mm_movehl_ps(a, a));
  return _mm_cvtss_f32(_mm_add_ss(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 1, 1, 1))));
}
inline float hmax(f32x4 a) {
  const __m128 pairs = _mm_max_ps(a, _mm_movehl_ps(a, a));
  return _mm_cvtss_f32(_mm_max_ss(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 1, 1, 1))));
}
// [hsum(a0), hsum(a1), hsum(a2), hsum(a3)] (each summed as (ai0 + ai2) + (ai1 + ai3)): a 4 x 4
// transpose folded into the adds, 3 adds and 6 shuffles for four sums that stay in a vector.
inline f32x4 hsum4(f32x4 a0, f32x4 a1, f32x4 a2, f32x4 a3) {
  const __m128 s01 = _mm_add_ps(_mm_unpacklo_ps(a0, a1), _mm_unpackhi_ps(a0, a1));
  const __m128 s23 = _mm_add_ps(_mm_unpacklo_ps(a2, a3), _mm_unpackhi_ps(a2, a3));
  return _mm_add_ps(_mm_movelh_ps(s01, s23), _mm_movehl_ps(s23, s01));
}

#endif

}  // namespace ae::simd128
