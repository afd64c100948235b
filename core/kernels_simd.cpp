// The SIMD kernels, written once against simd128.h (WebAssembly SIMD128 or SSE2).
//
// WebAssembly has no fused multiply-add, so a multiply-accumulate loop with one accumulator waits
// on the latency of every add; the reductions below keep several independent accumulators in
// flight instead. Every kernel handles any length (tails) and unaligned pointers. Summation
// order differs from the scalar reference, so sums agree with it to rounding, not bit for bit.
#include "kernels.h"

#if AE_HAVE_SIMD128

#include <cstddef>
#include <cstring>

#include "simd128.h"

namespace ae::kernels::simd {

using namespace ae::simd128;

namespace {

// exp(x) lane by lane (Cephes expf): n = round(x / ln2), r = x - n ln2 with ln2 split into a
// part whose product with n is exact and a small correction (no FMA needed), then
//   exp(x) = 2^n * (1 + r + r^2 P(r)),  P of degree 5 on |r| <= ln2 / 2;  relative error ~1e-7.
// x is clamped to [ln(FLT_MIN), 88] so that 2^n stays a normal float and nothing overflows;
// lanes below ln(FLT_MIN), including -inf, return 0 (their true value is at most denormal).
f32x4 exp4(f32x4 x) {
  const f32x4 lo = splat(-87.33654475f);
  const f32x4 xc = min(max(x, lo), splat(88.0f));
  const f32x4 n = round_nearest(mul(xc, splat(1.44269504088896341f)));
  f32x4 r = sub(xc, mul(n, splat(0.693359375f)));
  r = sub(r, mul(n, splat(-2.12194440e-4f)));
  f32x4 p = splat(1.9875691500e-4f);
  p = add(mul(p, r), splat(1.3981999507e-3f));
  p = add(mul(p, r), splat(8.3334519073e-3f));
  p = add(mul(p, r), splat(4.1665795894e-2f));
  p = add(mul(p, r), splat(1.6666665459e-1f));
  p = add(mul(p, r), splat(5.0000001201e-1f));
  p = add(add(mul(p, mul(r, r)), r), splat(1.0f));
  return select(lt(x, lo), splat(0.0f), mul(p, pow2i(n)));
}

// tanh(x) lane by lane (Cephes tanhf):
//   |x| <  0.625:  x + x^3 P(x^2),  P of degree 4;
//   |x| >= 0.625:  sign(x) * (1 - 2 / (exp(2|x|) + 1)), free of cancellation there (>= 0.55).
// Absolute error < 2e-7 over all reals; exp's clamp makes huge |x| give exactly +-1.
f32x4 tanh4(f32x4 x) {
  const f32x4 x2 = mul(x, x);
  f32x4 p = splat(-5.70498872745e-3f);
  p = add(mul(p, x2), splat(2.06390887954e-2f));
  p = add(mul(p, x2), splat(-5.37397155531e-2f));
  p = add(mul(p, x2), splat(1.33314422036e-1f));
  p = add(mul(p, x2), splat(-3.33332819422e-1f));
  const f32x4 small = add(mul(mul(p, x2), x), x);

  const f32x4 ax = abs(x);
  const f32x4 one = splat(1.0f);
  const f32x4 large = sub(one, div(splat(2.0f), add(exp4(add(ax, ax)), one)));
  return select(lt(ax, splat(0.625f)), small, copysign(large, x));
}

// sigmoid(x) = 1 / (1 + exp(-x)); exp4 neither overflows nor returns NaN for finite x, so the
// result stays in [0, 1] (exactly 1 once exp(-x) underflows to 0).
f32x4 sigmoid4(f32x4 x) {
  const f32x4 one = splat(1.0f);
  return div(one, add(one, exp4(sub(splat(0.0f), x))));
}

// x[i] = f(x[i]) in place. The last n % 4 elements go through f too, via a zero-padded copy, so
// an element's result does not depend on its position. Callers pass lambdas, not function
// pointers, so each use is its own instantiation with f inlined.
template <class F>
void map_inplace(float* x, int n, F f) {
  int i = 0;
  for (; i + 4 <= n; i += 4) storeu(x + i, f(loadu(x + i)));
  if (i < n) {
    const std::size_t tail_bytes = static_cast<std::size_t>(n - i) * sizeof(float);
    float buffer[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    std::memcpy(buffer, x + i, tail_bytes);
    storeu(buffer, f(loadu(buffer)));
    std::memcpy(x + i, buffer, tail_bytes);
  }
}

}  // namespace

// y[r] += sum_c W[r][c] * x[c]. Four rows at a time share each load of x; each row keeps two
// accumulators (8 independent add chains in total) over 8 columns per step, then a 4-column step
// and scalar leftovers. Rows left over after the blocks of four go through dot.
void gemv_acc(const float* W, const float* x, float* y, int rows, int cols) {
  int r = 0;
  for (; r + 4 <= rows; r += 4) {
    const float* w0 = W + static_cast<std::ptrdiff_t>(r) * cols;
    const float* w1 = w0 + cols;
    const float* w2 = w1 + cols;
    const float* w3 = w2 + cols;
    f32x4 a0 = splat(0.0f), a1 = a0, a2 = a0, a3 = a0;
    f32x4 b0 = a0, b1 = a0, b2 = a0, b3 = a0;
    int c = 0;
    for (; c + 8 <= cols; c += 8) {
      const f32x4 xa = loadu(x + c);
      const f32x4 xb = loadu(x + c + 4);
      a0 = add(a0, mul(loadu(w0 + c), xa));
      b0 = add(b0, mul(loadu(w0 + c + 4), xb));
      a1 = add(a1, mul(loadu(w1 + c), xa));
      b1 = add(b1, mul(loadu(w1 + c + 4), xb));
      a2 = add(a2, mul(loadu(w2 + c), xa));
      b2 = add(b2, mul(loadu(w2 + c + 4), xb));
      a3 = add(a3, mul(loadu(w3 + c), xa));
      b3 = add(b3, mul(loadu(w3 + c + 4), xb));
    }
    if (c + 4 <= cols) {
      const f32x4 xa = loadu(x + c);
      a0 = add(a0, mul(loadu(w0 + c), xa));
      a1 = add(a1, mul(loadu(w1 + c), xa));
      a2 = add(a2, mul(loadu(w2 + c), xa));
      a3 = add(a3, mul(loadu(w3 + c), xa));
      c += 4;
    }
    float s0 = hsum(add(a0, b0)), s1 = hsum(add(a1, b1));
    float s2 = hsum(add(a2, b2)), s3 = hsum(add(a3, b3));
    for (; c < cols; ++c) {
      s0 += w0[c] * x[c];
      s1 += w1[c] * x[c];
      s2 += w2[c] * x[c];
      s3 += w3[c] * x[c];
    }
    y[r] += s0;
    y[r + 1] += s1;
    y[r + 2] += s2;
    y[r + 3] += s3;
  }
  for (; r < rows; ++r) y[r] += dot(W + static_cast<std::ptrdiff_t>(r) * cols, x, cols);
}

// sum_i a[i] * b[i], four accumulators over 16 elements per step, then 4 per step, then scalar.
float dot(const float* a, const float* b, int n) {
  f32x4 s0 = splat(0.0f), s1 = s0, s2 = s0, s3 = s0;
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    s0 = add(s0, mul(loadu(a + i), loadu(b + i)));
    s1 = add(s1, mul(loadu(a + i + 4), loadu(b + i + 4)));
    s2 = add(s2, mul(loadu(a + i + 8), loadu(b + i + 8)));
    s3 = add(s3, mul(loadu(a + i + 12), loadu(b + i + 12)));
  }
  for (; i + 4 <= n; i += 4) s0 = add(s0, mul(loadu(a + i), loadu(b + i)));
  float sum = hsum(add(add(s0, s1), add(s2, s3)));
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

// y[i] += alpha * x[i]
void axpy(float alpha, const float* x, float* y, int n) {
  const f32x4 va = splat(alpha);
  int i = 0;
  for (; i + 4 <= n; i += 4) storeu(y + i, add(loadu(y + i), mul(va, loadu(x + i))));
  for (; i < n; ++i) y[i] += alpha * x[i];
}

// x[i] = tanh(x[i])
void tanh_inplace(float* x, int n) {
  map_inplace(x, n, [](f32x4 v) { return tanh4(v); });
}

// x[i] = 1 / (1 + exp(-x[i]))
void sigmoid_inplace(float* x, int n) {
  map_inplace(x, n, [](f32x4 v) { return sigmoid4(v); });
}

// max_i x[i]: lane-wise max over blocks of four, then across lanes, then the leftovers.
float max_value(const float* x, int n) {
  float m = x[0];
  int i = 0;
  if (n >= 4) {
    f32x4 vm = loadu(x);
    for (i = 4; i + 4 <= n; i += 4) vm = max(vm, loadu(x + i));
    m = hmax(vm);
  }
  for (; i < n; ++i) m = x[i] > m ? x[i] : m;
  return m;
}

// y[i] = exp(x[i] - shift), returns sum_i y[i]. Each block is loaded before it is stored, so
// y == x works. The last n % 4 elements use a padded copy; only their real lanes are summed.
float exp_shifted(const float* x, float shift, float* y, int n) {
  const f32x4 vshift = splat(shift);
  f32x4 vsum = splat(0.0f);
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    const f32x4 e = exp4(sub(loadu(x + i), vshift));
    storeu(y + i, e);
    vsum = add(vsum, e);
  }
  float sum = hsum(vsum);
  if (i < n) {
    const int tail = n - i;
    float buffer[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    std::memcpy(buffer, x + i, static_cast<std::size_t>(tail) * sizeof(float));
    storeu(buffer, exp4(sub(loadu(buffer), vshift)));
    for (int k = 0; k < tail; ++k) {
      y[i + k] = buffer[k];
      sum += buffer[k];
    }
  }
  return sum;
}

// x[i] *= alpha
void scale_inplace(float alpha, float* x, int n) {
  const f32x4 va = splat(alpha);
  int i = 0;
  for (; i + 4 <= n; i += 4) storeu(x + i, mul(loadu(x + i), va));
  for (; i < n; ++i) x[i] *= alpha;
}

}  // namespace ae::kernels::simd

#endif  // AE_HAVE_SIMD128
