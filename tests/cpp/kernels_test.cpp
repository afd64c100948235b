// The kernels: the scalar reference against hand-computed values, and every SIMD kernel against
// the scalar reference on awkward sizes (vector tails, row blocks), misaligned pointers and
// extreme inputs. The same file runs natively (SSE2 and AE_FORCE_SCALAR) and in WebAssembly
// (with and without -msimd128); without SIMD the SIMD tests skip.
#include "kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace {

namespace scalar = ae::kernels::scalar;

#if AE_HAVE_SIMD128
namespace simd = ae::kernels::simd;
#define SKIP_WITHOUT_SIMD() static_cast<void>(0)
#else
// No ae::kernels::simd in this build: the SIMD tests skip before their first kernel call, and
// this alias only lets their bodies compile.
namespace simd = ae::kernels::scalar;
#define SKIP_WITHOUT_SIMD() GTEST_SKIP() << "built without SIMD128: scalar kernels only"
#endif

// Lengths around every vector width and unroll factor the kernels use (4, 8, 16) and beyond.
constexpr int kSizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 64, 127, 257};

constexpr double kRelTol = 1e-5;         // sums, relative to the sum of |terms|; exp, relative
constexpr double kActivationTol = 1e-6;  // tanh and sigmoid, absolute

std::vector<float> Random(int n, float lo, float hi, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(static_cast<std::size_t>(n));
  for (float& f : v) f = dist(rng);
  return v;
}

// `values` placed one float past the start of their allocation, so kernels see pointers that are
// not 16-byte aligned.
class Misaligned {
 public:
  explicit Misaligned(const std::vector<float>& values) : storage_(values.size() + 1) {
    std::copy(values.begin(), values.end(), storage_.begin() + 1);
  }
  float* data() { return storage_.data() + 1; }
  std::vector<float> values() const { return {storage_.begin() + 1, storage_.end()}; }

 private:
  std::vector<float> storage_;
};

// Values where exp overflows or underflows, tanh and sigmoid saturate, and denormals.
std::vector<float> FiniteExtremes() {
  const float denorm = std::numeric_limits<float>::denorm_min();
  const float big = std::numeric_limits<float>::max();
  return {1e30f,  -1e30f,  88.0f,  -88.0f,  100.0f, -100.0f, 0.0f,   -0.0f,
          1e-40f, -1e-40f, denorm, -denorm, big,    -big,    0.625f, -0.625f};
}

// `values` repeated to length n, so each one lands in vector blocks and in tails alike.
std::vector<float> Cycle(const std::vector<float>& values, int n) {
  std::vector<float> v(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = values[i % values.size()];
  return v;
}

using UnaryInplace = void (*)(float*, int);
using ExpShifted = float (*)(const float*, float, float*, int);
using MaxValue = float (*)(const float*, int);

// tanh and sigmoid of extremes (and +-inf) are finite, within their ranges and match the
// mathematical limits.
void ExpectActivationsSaturate(UnaryInplace tanh_inplace, UnaryInplace sigmoid_inplace) {
  std::vector<float> extremes = FiniteExtremes();
  extremes.push_back(std::numeric_limits<float>::infinity());
  extremes.push_back(-std::numeric_limits<float>::infinity());
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Cycle(extremes, n);
    std::vector<float> t = x, s = x;
    tanh_inplace(t.data(), n);
    sigmoid_inplace(s.data(), n);
    for (int i = 0; i < n; ++i) {
      SCOPED_TRACE(x[i]);
      ASSERT_TRUE(std::isfinite(t[i]));
      ASSERT_TRUE(std::isfinite(s[i]));
      EXPECT_NEAR(t[i], std::tanh(static_cast<double>(x[i])), kActivationTol);
      EXPECT_NEAR(s[i], 1.0 / (1.0 + std::exp(-static_cast<double>(x[i]))), kActivationTol);
      EXPECT_LE(std::fabs(t[i]), 1.0f);
      EXPECT_GE(s[i], 0.0f);
      EXPECT_LE(s[i], 1.0f);
    }
  }
}

// exp_shifted of extremes, shifted by their max as softmax does, is finite, in [0, 1] and sums to
// at least 1 (the max itself contributes exp(0) = 1).
void ExpectExpShiftedStaysFinite(ExpShifted exp_shifted, MaxValue max_value) {
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Cycle(FiniteExtremes(), n);
    std::vector<float> y(x.size());
    const float sum = exp_shifted(x.data(), max_value(x.data(), n), y.data(), n);
    ASSERT_TRUE(std::isfinite(sum));
    EXPECT_GE(sum, 1.0f);
    for (int i = 0; i < n; ++i) {
      SCOPED_TRACE(x[i]);
      ASSERT_TRUE(std::isfinite(y[i]));
      EXPECT_GE(y[i], 0.0f);
      EXPECT_LE(y[i], 1.0f);
    }
  }
}

// --- The scalar reference ---------------------------------------------------------------------

TEST(KernelsScalar, MatchHandComputedValues) {
  const float W[] = {1, 2, 3, 4, 5, 6};  // 2 x 3
  const float x[] = {1, -1, 2};
  float y[] = {10, 20};
  scalar::gemv_acc(W, x, y, 2, 3);
  EXPECT_EQ(y[0], 10.0f + 1 - 2 + 6);  // accumulates into y
  EXPECT_EQ(y[1], 20.0f + 4 - 5 + 12);

  EXPECT_EQ(scalar::dot(W, x, 3), 5.0f);

  float z[] = {1, 1, 1};
  scalar::axpy(2.0f, x, z, 3);
  EXPECT_EQ(z[0], 3.0f);
  EXPECT_EQ(z[1], -1.0f);
  EXPECT_EQ(z[2], 5.0f);

  scalar::scale_inplace(0.5f, z, 3);
  EXPECT_EQ(z[2], 2.5f);

  float a[] = {0.0f, 1.0f};
  scalar::tanh_inplace(a, 2);
  EXPECT_EQ(a[0], 0.0f);
  EXPECT_NEAR(a[1], 0.76159416, 1e-7);
  float s[] = {0.0f, 2.0f};
  scalar::sigmoid_inplace(s, 2);
  EXPECT_EQ(s[0], 0.5f);
  EXPECT_NEAR(s[1], 0.88079708, 1e-7);

  const float v[] = {-3, 7, 2, 7.5f, -9};
  EXPECT_EQ(scalar::max_value(v, 5), 7.5f);

  const float logits[] = {0.0f, std::log(3.0f)};
  float e[2];
  EXPECT_NEAR(scalar::exp_shifted(logits, std::log(3.0f), e, 2), 4.0f / 3.0f, 1e-6);
  EXPECT_NEAR(e[0], 1.0f / 3.0f, 1e-7);
  EXPECT_EQ(e[1], 1.0f);
}

TEST(KernelsScalar, ExtremeInputsStayFinite) {
  ExpectActivationsSaturate(scalar::tanh_inplace, scalar::sigmoid_inplace);
  ExpectExpShiftedStaysFinite(scalar::exp_shifted, scalar::max_value);
}

TEST(Kernels, ActiveVariantNameMatchesBuild) {
#if AE_HAVE_SIMD128 && defined(__wasm_simd128__)
  EXPECT_STREQ(ae::kernels::active_variant_name(), "wasm-simd128");
#elif AE_HAVE_SIMD128
  EXPECT_STREQ(ae::kernels::active_variant_name(), "sse2");
#else
  EXPECT_STREQ(ae::kernels::active_variant_name(), "scalar");
#endif
}

// --- SIMD against the reference ---------------------------------------------------------------

TEST(KernelsSimd, GemvAccMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  std::vector<std::pair<int, int>> shapes = {{1, 1},    {3, 5},     {17, 257},
                                             {257, 17}, {384, 176}, {1000, 128}};
  for (int rows : kSizes) {
    for (int cols : kSizes) shapes.emplace_back(rows, cols);
  }
  std::mt19937 rng(20240501);
  for (const auto& [rows, cols] : shapes) {
    SCOPED_TRACE(testing::Message() << rows << "x" << cols);
    const std::vector<float> W = Random(rows * cols, -1, 1, rng);
    const std::vector<float> x = Random(cols, -1, 1, rng);
    const std::vector<float> y0 = Random(rows, -1, 1, rng);
    std::vector<float> expected = y0;
    scalar::gemv_acc(W.data(), x.data(), expected.data(), rows, cols);
    Misaligned w(W), xm(x), y(y0);
    simd::gemv_acc(w.data(), xm.data(), y.data(), rows, cols);
    const std::vector<float> got = y.values();
    for (int r = 0; r < rows; ++r) {
      double magnitude = std::fabs(y0[r]);
      for (int c = 0; c < cols; ++c) magnitude += std::fabs(W[r * cols + c] * x[c]);
      ASSERT_LE(std::fabs(got[r] - expected[r]), kRelTol * magnitude) << "row " << r;
    }
  }
}

TEST(KernelsSimd, GemvAccAccumulatesIntoY) {
  SKIP_WITHOUT_SIMD();
  for (int rows : {1, 4, 5, 9}) {
    for (int cols : {1, 4, 8, 13}) {
      SCOPED_TRACE(testing::Message() << rows << "x" << cols);
      const std::vector<float> W(static_cast<std::size_t>(rows * cols), 1.0f);
      const std::vector<float> x(static_cast<std::size_t>(cols), 2.0f);
      std::vector<float> y(static_cast<std::size_t>(rows));
      for (int r = 0; r < rows; ++r) y[r] = 100.0f * r;
      simd::gemv_acc(W.data(), x.data(), y.data(), rows, cols);
      for (int r = 0; r < rows; ++r) EXPECT_EQ(y[r], 100.0f * r + 2.0f * cols);
    }
  }
}

TEST(KernelsSimd, DotMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  std::mt19937 rng(7);
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> a = Random(n, -2, 2, rng);
    const std::vector<float> b = Random(n, -2, 2, rng);
    double magnitude = 0;
    for (int i = 0; i < n; ++i) magnitude += std::fabs(a[i] * b[i]);
    Misaligned am(a), bm(b);
    EXPECT_LE(std::fabs(simd::dot(am.data(), bm.data(), n) - scalar::dot(a.data(), b.data(), n)),
              kRelTol * magnitude);
  }
}

TEST(KernelsSimd, AxpyMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  std::mt19937 rng(11);
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Random(n, -3, 3, rng);
    const std::vector<float> y0 = Random(n, -3, 3, rng);
    const float alpha = -0.7f;
    std::vector<float> expected = y0;
    scalar::axpy(alpha, x.data(), expected.data(), n);
    Misaligned xm(x), y(y0);
    simd::axpy(alpha, xm.data(), y.data(), n);
    const std::vector<float> got = y.values();
    for (int i = 0; i < n; ++i) {
      EXPECT_LE(std::fabs(got[i] - expected[i]),
                kRelTol * (std::fabs(alpha * x[i]) + std::fabs(y0[i])));
    }
  }
}

TEST(KernelsSimd, ScaleInplaceMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  std::mt19937 rng(13);
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Random(n, -5, 5, rng);
    std::vector<float> expected = x;
    scalar::scale_inplace(1.3f, expected.data(), n);
    Misaligned xm(x);
    simd::scale_inplace(1.3f, xm.data(), n);
    const std::vector<float> got = xm.values();
    for (int i = 0; i < n; ++i) {
      EXPECT_LE(std::fabs(got[i] - expected[i]), kRelTol * std::fabs(expected[i]));
    }
  }
}

// Random inputs on every size, plus one dense sweep across the polynomial / exp switch of tanh
// (|x| = 0.625) and well into saturation.
std::vector<std::vector<float>> ActivationInputs() {
  std::mt19937 rng(17);
  std::vector<std::vector<float>> inputs;
  for (int n : kSizes) inputs.push_back(Random(n, -10, 10, rng));
  std::vector<float> sweep;
  for (int i = -200000; i <= 200000; ++i) sweep.push_back(i * 1e-4f);
  inputs.push_back(std::move(sweep));
  return inputs;
}

TEST(KernelsSimd, TanhMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  for (const std::vector<float>& x : ActivationInputs()) {
    const int n = static_cast<int>(x.size());
    SCOPED_TRACE(n);
    std::vector<float> expected = x;
    scalar::tanh_inplace(expected.data(), n);
    Misaligned got(x);
    simd::tanh_inplace(got.data(), n);
    const std::vector<float> values = got.values();
    for (int i = 0; i < n; ++i) ASSERT_NEAR(values[i], expected[i], kActivationTol) << x[i];
  }
}

TEST(KernelsSimd, SigmoidMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  for (const std::vector<float>& x : ActivationInputs()) {
    const int n = static_cast<int>(x.size());
    SCOPED_TRACE(n);
    std::vector<float> expected = x;
    scalar::sigmoid_inplace(expected.data(), n);
    Misaligned got(x);
    simd::sigmoid_inplace(got.data(), n);
    const std::vector<float> values = got.values();
    for (int i = 0; i < n; ++i) ASSERT_NEAR(values[i], expected[i], kActivationTol) << x[i];
  }
}

// The design accuracy, tighter than the comparison with the (float) reference above: against
// double precision, tanh and sigmoid are within 2e-7 absolute.
TEST(KernelsSimd, TanhAndSigmoidWithinDesignError) {
  SKIP_WITHOUT_SIMD();
  const std::vector<float> x = ActivationInputs().back();
  const int n = static_cast<int>(x.size());
  std::vector<float> t = x, s = x;
  simd::tanh_inplace(t.data(), n);
  simd::sigmoid_inplace(s.data(), n);
  for (int i = 0; i < n; ++i) {
    const double xi = x[i];
    ASSERT_NEAR(t[i], std::tanh(xi), 2e-7) << xi;
    ASSERT_NEAR(s[i], 1.0 / (1.0 + std::exp(-xi)), 2e-7) << xi;
  }
}

TEST(KernelsSimd, MaxValueMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  std::mt19937 rng(19);
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Random(n, -50, 50, rng);
    Misaligned xm(x);
    EXPECT_EQ(simd::max_value(xm.data(), n), scalar::max_value(x.data(), n));
    // The maximum in the first block, in the middle, and in the tail.
    for (int at : {0, n / 2, n - 1}) {
      std::vector<float> peaked = x;
      peaked[at] = 1000.0f;
      Misaligned pm(peaked);
      EXPECT_EQ(simd::max_value(pm.data(), n), 1000.0f) << "at " << at;
    }
  }
}

TEST(KernelsSimd, ExpShiftedMatchesScalar) {
  SKIP_WITHOUT_SIMD();
  std::mt19937 rng(23);
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Random(n, -30, 30, rng);
    for (float shift : {scalar::max_value(x.data(), n), 0.0f}) {
      SCOPED_TRACE(shift);
      std::vector<float> expected(x.size());
      const float expected_sum = scalar::exp_shifted(x.data(), shift, expected.data(), n);
      Misaligned xm(x), y(std::vector<float>(x.size()));
      const float sum = simd::exp_shifted(xm.data(), shift, y.data(), n);
      EXPECT_LE(std::fabs(sum - expected_sum), kRelTol * expected_sum);
      const std::vector<float> got = y.values();
      for (int i = 0; i < n; ++i) {
        ASSERT_LE(std::fabs(got[i] - expected[i]), kRelTol * expected[i]) << x[i];
      }
    }
  }
}

TEST(KernelsSimd, ExpShiftedInPlaceMatchesSeparateOutput) {
  SKIP_WITHOUT_SIMD();
  std::mt19937 rng(29);
  for (int n : kSizes) {
    SCOPED_TRACE(n);
    const std::vector<float> x = Random(n, -10, 10, rng);
    const float shift = simd::max_value(x.data(), n);
    std::vector<float> separate(x.size());
    const float separate_sum = simd::exp_shifted(x.data(), shift, separate.data(), n);
    Misaligned inplace(x);
    const float sum = simd::exp_shifted(inplace.data(), shift, inplace.data(), n);
    EXPECT_EQ(sum, separate_sum);
    EXPECT_GE(sum, 1.0f);
    EXPECT_EQ(inplace.values(), separate);
  }
}

TEST(KernelsSimd, ExtremeInputsStayFinite) {
  SKIP_WITHOUT_SIMD();
  ExpectActivationsSaturate(simd::tanh_inplace, simd::sigmoid_inplace);
  ExpectExpShiftedStaysFinite(simd::exp_shifted, simd::max_value);
}

}  // namespace
