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

// y[r] += sum_c W[r][c] * x[c].
//
// Blocks of four rows share each load of x. Per step of 8 columns each row adds its two products
// to each other and then to its one accumulator, so a step issues 10 loads, 8 multiplies and 8
// adds, and the four accumulators' add chains (one add per step) never wait on each other. The
// four row sums are reduced together by one transpose (hsum4) and added to y as a vector; a
// 4-column step and scalar columns finish rows whose length is not a multiple of 8, and rows left
// over after the blocks of four go through dot.
//
// The shape is chosen for V8 (Node, Chrome), whose optimizing compiler emits a loop body's loads
// before its arithmetic and allocates 15 vector registers: 10 loaded vectors and 4 accumulators
// fit, whereas two accumulators per row (the same adds in another order) made V8 spill two of them
// to the stack, a store-to-load round trip on their add chains in every step, which held the
// WebAssembly build to about 0.6x the speed of this same source compiled natively (SSE2, -O3) at
// the model's shapes; this loop runs at about 0.9x (bench/run.mjs, part 1). The rows are walked
// with moving pointers: WebAssembly addresses are 32-bit sums that wrap, so V8 cannot fold a
// "row + column" index into the x86 addressing mode, while a moving pointer costs one add per row
// and step and its loads need no other arithmetic.
void gemv_acc(const float* W, const float* x, float* y, int rows, int cols) {
  int r = 0;
  for (; r + 4 <= rows; r += 4) {
    const float* w0 = W + static_cast<std::ptrdiff_t>(r) * cols;
    const float* w1 = w0 + cols;
    const float* w2 = w1 + cols;
    const float* w3 = w2 + cols;
    const float* xc = x;
    f32x4 a0 = splat(0.0f), a1 = a0, a2 = a0, a3 = a0;
    for (const float* const x_end = x + (cols - cols % 8); xc != x_end; xc += 8) {
      const f32x4 xa = loadu(xc);
      const f32x4 xb = loadu(xc + 4);
      a0 = add(a0, add(mul(loadu(w0), xa), mul(loadu(w0 + 4), xb)));
      a1 = add(a1, add(mul(loadu(w1), xa), mul(loadu(w1 + 4), xb)));
      a2 = add(a2, add(mul(loadu(w2), xa), mul(loadu(w2 + 4), xb)));
      a3 = add(a3, add(mul(loadu(w3), xa), mul(loadu(w3 + 4), xb)));
      w0 += 8;
      w1 += 8;
      w2 += 8;
      w3 += 8;
    }
    int rest = cols % 8;
    if (rest >= 4) {
      const f32x4 xa = loadu(xc);
      a0 = add(a0, mul(loadu(w0), xa));
      a1 = add(a1, mul(loadu(w1), xa));
      a2 = add(a2, mul(loadu(w2), xa));
      a3 = add(a3, mul(loadu(w3), xa));
      xc += 4;
      w0 += 4;
      w1 += 4;
      w2 += 4;
      w3 += 4;
      rest -= 4;
    }
    f32x4 sums = hsum4(a0, a1, a2, a3);
    if (rest > 0) {
      float tail[4] = {0.0f, 0.0f, 0.0f, 0.0f};
      for (int k = 0; k < rest; ++k) {
        tail[0] += w0[k] * xc[k];
        tail[1] += w1[k] * xc[k];
        tail[2] += w2[k] * xc[k];
        tail[3] += w3[k] * xc[k];
      }
      sums = add(sums, loadu(tail));
    }
    storeu(y + r, add(loadu(y + r), sums));
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

// y[i] += alpha * x[i]: 8 elements per step with moving pointers (as in gemv_acc), then 4, then
// scalar.
void axpy(float alpha, const float* x, float* y, int n) {
  const f32x4 va = splat(alpha);
  for (const float* const x_end = x + (n - n % 8); x != x_end; x += 8, y += 8) {
    const f32x4 y0 = add(loadu(y), mul(va, loadu(x)));
    const f32x4 y1 = add(loadu(y + 4), mul(va, loadu(x + 4)));
    storeu(y, y0);
    storeu(y + 4, y1);
  }
  int rest = n % 8;
  if (rest >= 4) {
    storeu(y, add(loadu(y), mul(va, loadu(x))));
    x += 4;
    y += 4;
    rest -= 4;
  }
  for (int k = 0; k < rest; ++k) y[k] += alpha * x[k];
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
