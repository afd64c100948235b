// The hot loops of inference, each in two variants with identical signatures:
//
//   ae::kernels::scalar::*  plain C++ loops, the reference every other variant is tested against;
//   ae::kernels::simd::*    128-bit SIMD (WebAssembly SIMD128 in the browser, SSE2 natively),
//                           written once against the tiny f32x4 layer in simd128.h.
//
// ae::kernels::* (no namespace suffix) is the variant the model uses: SIMD when the target has it,
// otherwise the scalar reference. A WebAssembly build without -msimd128 therefore runs the exact
// scalar reference, which is how the page serves browsers without SIMD support.
//
// Conventions: matrices are row-major float32, `rows x cols`, leading dimension == cols.
// No kernel allocates; outputs never alias inputs unless stated ("in place").
#pragma once

#include <cstddef>

#if defined(__wasm_simd128__) || defined(__SSE2__)
#define AE_HAVE_SIMD128 1
#else
#define AE_HAVE_SIMD128 0
#endif

#if defined(AE_FORCE_SCALAR)
#undef AE_HAVE_SIMD128
#define AE_HAVE_SIMD128 0
#endif

namespace ae::kernels {

#define AE_KERNEL_DECLARATIONS                                                 \
  /* y[r] += sum_c W[r][c] * x[c]   for r < rows */                            \
  void gemv_acc(const float* W, const float* x, float* y, int rows, int cols); \
  /* returns sum_i a[i] * b[i] */                                              \
  float dot(const float* a, const float* b, int n);                            \
  /* y[i] += alpha * x[i] */                                                   \
  void axpy(float alpha, const float* x, float* y, int n);                     \
  /* x[i] = tanh(x[i]), in place */                                            \
  void tanh_inplace(float* x, int n);                                          \
  /* x[i] = 1 / (1 + exp(-x[i])), in place */                                  \
  void sigmoid_inplace(float* x, int n);                                       \
  /* returns max_i x[i]; n >= 1 */                                             \
  float max_value(const float* x, int n);                                      \
  /* y[i] = exp(x[i] - shift), returns sum_i y[i] (y may alias x) */           \
  float exp_shifted(const float* x, float shift, float* y, int n);             \
  /* x[i] *= alpha, in place */                                                \
  void scale_inplace(float alpha, float* x, int n);

namespace scalar {
AE_KERNEL_DECLARATIONS
}  // namespace scalar

#if AE_HAVE_SIMD128
namespace simd {
AE_KERNEL_DECLARATIONS
}  // namespace simd
namespace active = simd;
#else
namespace active = scalar;
#endif

#undef AE_KERNEL_DECLARATIONS

// The variant the model uses.
using active::axpy;
using active::dot;
using active::exp_shifted;
using active::gemv_acc;
using active::max_value;
using active::scale_inplace;
using active::sigmoid_inplace;
using active::tanh_inplace;

// Name of the active variant, shown by the page ("wasm-simd128", "sse2", "scalar").
const char* active_variant_name();

}  // namespace ae::kernels
