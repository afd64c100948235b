// The reference kernels: the textbook loops, one accumulator each, summed in index order. Every
// other variant is tested against these, so they favour obvious correctness over speed.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "kernels.h"

namespace ae::kernels {

const char* active_variant_name() {
#if AE_HAVE_SIMD128 && defined(__wasm_simd128__)
  return "wasm-simd128";
#elif AE_HAVE_SIMD128
  return "sse2";
#else
  return "scalar";
#endif
}

namespace scalar {

// y[r] += sum_c W[r][c] * x[c]
void gemv_acc(const float* W, const float* x, float* y, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    const float* w = W + static_cast<std::ptrdiff_t>(r) * cols;
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c) sum += w[c] * x[c];
    y[r] += sum;
  }
}

// sum_i a[i] * b[i]
float dot(const float* a, const float* b, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

// y[i] += alpha * x[i]
void axpy(float alpha, const float* x, float* y, int n) {
  for (int i = 0; i < n; ++i) y[i] += alpha * x[i];
}

// x[i] = tanh(x[i])
void tanh_inplace(float* x, int n) {
  for (int i = 0; i < n; ++i) x[i] = std::tanh(x[i]);
}

// x[i] = 1 / (1 + exp(-x[i])); exp overflowing to inf for x < -88 still gives the right limit 0.
void sigmoid_inplace(float* x, int n) {
  for (int i = 0; i < n; ++i) x[i] = 1.0f / (1.0f + std::exp(-x[i]));
}

// max_i x[i]
float max_value(const float* x, int n) {
  float m = x[0];
  for (int i = 1; i < n; ++i) m = std::max(m, x[i]);
  return m;
}

// y[i] = exp(x[i] - shift), returns sum_i y[i]
float exp_shifted(const float* x, float shift, float* y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    y[i] = std::exp(x[i] - shift);
    sum += y[i];
  }
  return sum;
}

// x[i] *= alpha
void scale_inplace(float alpha, float* x, int n) {
  for (int i = 0; i < n; ++i) x[i] *= alpha;
}

}  // namespace scalar
}  // namespace ae::kernels
