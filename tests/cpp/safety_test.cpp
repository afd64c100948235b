// Numerical safety: the softmax, the attention and the whole decoder give finite numbers and
// weights that sum to 1 for any finite input, however extreme — the page draws whatever comes out,
// and one NaN would blank a picture. Also the regression tests of what fuzzing and these tests
// found (docs/reliability.md).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "../../tools/fuzz/trace_invariants.h"
#include "decoder.h"
#include "layers.h"

namespace ae {
namespace {

using invariants::check_distribution_rows;
using invariants::check_trace;

constexpr float kFloatMax = std::numeric_limits<float>::max();
constexpr float kFloatMin = std::numeric_limits<float>::min();          // smallest normal
constexpr float kDenormMin = std::numeric_limits<float>::denorm_min();  // smallest positive

// Scores a softmax must survive: zero, ordinary, huge, the float limits, tiny and subnormal.
const std::vector<float> kExtremeScores = {
    0.0f, 1.0f, -1.0f, 1e30f, -1e30f, kFloatMax, -kFloatMax, kFloatMin, -kFloatMin, kDenormMin};

std::string describe(const std::vector<float>& scores) {
  std::string text = "scores (" + std::to_string(scores.size()) + "):";
  for (size_t i = 0; i < scores.size() && i < 8; ++i) text += " " + std::to_string(scores[i]);
  return text;
}

// softmax_forward(scores) is a distribution, its parts are finite with Σ in [1, n], and the
// highest score gets the highest weight.
void expect_distribution(const std::vector<float>& scores) {
  const int n = static_cast<int>(scores.size());
  std::vector<float> exp_shifted(scores.size()), alpha(scores.size());
  const SoftmaxParts parts = softmax_forward(scores.data(), n, exp_shifted.data(), alpha.data());
  EXPECT_EQ(check_distribution_rows("alpha", alpha, 1, scores.size()), "") << describe(scores);
  EXPECT_TRUE(std::isfinite(parts.max)) << describe(scores);
  EXPECT_GE(parts.sum, 1.0f) << describe(scores);
  EXPECT_LE(parts.sum, static_cast<float>(n) * (1.0f + 1e-6f)) << describe(scores);
  size_t best = 0, heaviest = 0;
  for (size_t i = 1; i < scores.size(); ++i) {
    if (scores[i] > scores[best]) best = i;
    if (alpha[i] > alpha[heaviest]) heaviest = i;
  }
  EXPECT_EQ(alpha[best], alpha[heaviest]) << describe(scores);
}

TEST(SafeSoftmax, OneScoreIsCertainWhateverItIs) {
  for (float score : kExtremeScores) {
    float exp_shifted = 0, alpha = 0;
    softmax_forward(&score, 1, &exp_shifted, &alpha);
    EXPECT_EQ(alpha, 1.0f) << score;
  }
}

// Every pair of extremes, one of them at each position, for lengths 1..9 (two SIMD blocks and
// every tail length).
TEST(SafeSoftmax, ExtremeScoresAtEveryPositionAndLength) {
  for (int n = 1; n <= 9; ++n) {
    for (float background : kExtremeScores) {
      for (float odd_one : kExtremeScores) {
        for (int position = 0; position < n; ++position) {
          std::vector<float> scores(static_cast<size_t>(n), background);
          scores[static_cast<size_t>(position)] = odd_one;
          expect_distribution(scores);
        }
      }
    }
  }
}

// Magnitudes spread evenly over the whole float range, both signs.
TEST(SafeSoftmax, RandomMagnitudesUpToTheFloatLimit) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> exponent(-45.0, 38.6);
  std::bernoulli_distribution negative(0.5);
  for (int n : {1, 2, 3, 4, 5, 7, 8, 16, 33, 100}) {
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<float> scores(static_cast<size_t>(n));
      for (float& score : scores) {
        const double magnitude = std::min(std::pow(10.0, exponent(rng)), double{kFloatMax});
        score = static_cast<float>(negative(rng) ? -magnitude : magnitude);
      }
      expect_distribution(scores);
    }
  }
}

// Regression: the weights were scaled by a float sum accumulated in the kernel, which drifted by
// up to 7e-5 over 100,000 words (the scalar kernel; 2e-5 with SIMD).
TEST(SafeSoftmax, HugeVocabularySumsToOneWithinOneMillionth) {
  constexpr size_t kVocab = 100000;
  std::mt19937 rng(11);
  for (float range : {1.0f, 10.0f, 100.0f, 1e30f, kFloatMax}) {
    // In double: the width of [-FLT_MAX, FLT_MAX] overflows a float.
    std::uniform_real_distribution<double> uniform(-range, range);
    std::vector<float> scores(kVocab);
    for (float& score : scores) score = static_cast<float>(uniform(rng));
    expect_distribution(scores);
  }
  expect_distribution(std::vector<float>(kVocab, -1e30f));
}

// ---------------------------------------------------------------------------------------------
// Sizes: vocabularies 30 / 25, embed 6, encoder 5, decoder 7, attention 4,
// maxout 6, lengths 12 / 10.
Hyper small_hyper(bool attention) { return Hyper{30, 25, 6, 5, 7, 4, 6, attention, 12, 10}; }

// Ids anywhere in a vocabulary of `size`, reserved ids included.
std::vector<int> random_ids(std::mt19937& rng, int length, int size) {
  std::uniform_int_distribution<int> id(0, size - 1);
  std::vector<int> ids(static_cast<size_t>(length));
  for (int& x : ids) x = id(rng);
  return ids;
}

// Greedy, beam and teacher-forced traces of every source length 1..max_src_len all keep the
// promises of trace_invariants.h.
void expect_safe_traces(const Model& model, const DecodeOptions& base, unsigned seed,
                        const std::string& what) {
  const Hyper& h = model.hyper;
  std::mt19937 rng(seed);
  Decoder decoder(model);
  Trace trace;
  for (int length = 1; length <= h.max_src_len; ++length) {
    const std::vector<int> src = random_ids(rng, length, h.src_vocab);
    for (int beam : {1, 3}) {
      DecodeOptions options = base;
      options.beam_width = beam;
      ASSERT_TRUE(decoder.translate(src, options, &trace).is_ok());
      EXPECT_EQ(check_trace(trace, h), "") << what << ", length " << length << ", beam " << beam;
    }
    const std::vector<int> target = random_ids(rng, length, h.tgt_vocab);
    ASSERT_TRUE(decoder.score(src, target, base, &trace).is_ok());
    EXPECT_EQ(check_trace(trace, h), "") << what << ", length " << length << ", scored";
  }
}

TEST(SafeDecoder, ExtremeWeightsNeverGiveNaNOrInfinity) {
  for (float scale : {10.0f, 100.0f}) {
    for (bool attention : {true, false}) {
      for (unsigned seed : {1u, 2u}) {
        const Model model = random_model(small_hyper(attention), seed, scale);
        expect_safe_traces(model, DecodeOptions{}, seed,
                           "scale " + std::to_string(scale) + (attention ? "" : ", baseline") +
                               ", seed " + std::to_string(seed));
      }
    }
  }
}

// Regression: e / τ overflowed to infinity for a tiny τ, and the softmax of infinities is NaN
// (∞ − ∞) with the scalar kernels.
TEST(SafeDecoder, TemperatureExtremesKeepTheTraceFinite) {
  for (float scale : {1.0f, 100.0f}) {
    const Model model = random_model(small_hyper(true), 5, scale);
    for (float temperature : {kDenormMin, kFloatMin, 1e-30f, 1e-3f, 1e3f, 1e30f, kFloatMax}) {
      DecodeOptions options;
      options.temperature = temperature;
      expect_safe_traces(model, options, 3,
                         "scale " + std::to_string(scale) + ", τ " + std::to_string(temperature));
    }
  }
}

// Scores at the float limit: one attention unit, v_a = ±FLT_MAX and U_a large enough to saturate
// the tanh, so e_ti = ±FLT_MAX · tanh(...) spans the whole float range, at every temperature.
TEST(SafeAttention, ScoresAtTheFloatLimitGiveWeightsAtEveryTemperature) {
  Hyper h = small_hyper(true);
  h.attn_dim = 1;
  for (float sign : {1.0f, -1.0f}) {
    Model model = random_model(h, 17, 1.0f);
    model.params.attn_v(0, 0) = sign * kFloatMax;
    model.params.attn_U *= 100.0f;
    for (float temperature : {kDenormMin, 1e-3f, 1.0f, 1e3f, kFloatMax}) {
      DecodeOptions options;
      options.temperature = temperature;
      expect_safe_traces(
          model, options, 8,
          "v_a " + std::to_string(sign) + " FLT_MAX, τ " + std::to_string(temperature));
    }
  }
}

TEST(SafeDecoder, NonFiniteOrNonPositiveTemperaturesAreRefused) {
  const Model model = random_model(small_hyper(true), 1);
  Decoder decoder(model);
  Trace trace;
  for (float temperature : {0.0f, -kDenormMin, -1.0f, std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN()}) {
    DecodeOptions options;
    options.temperature = temperature;
    EXPECT_FALSE(decoder.translate({3, 4}, options, &trace).is_ok()) << temperature;
    EXPECT_FALSE(decoder.score({3, 4}, {5}, options, &trace).is_ok()) << temperature;
  }
}

// ---------------------------------------------------------------------------------------------
// Found while writing tools/fuzz/decoder_fuzz.cpp, whose models have 3 to 24 target words: a beam
// wider than the target vocabulary (a model file may hold just the 3 reserved words) sorted and
// read past the end of the candidate list (AddressSanitizer: heap-buffer-overflow in
// Decoder::beam_search). Without a sanitizer the overflow may pass unnoticed; the AE_SANITIZE
// build and the fuzzer catch it.
TEST(FuzzRegression, BeamWiderThanTheTargetVocabulary) {
  for (int tgt_vocab : {3, 4, 5}) {
    Hyper h = small_hyper(true);
    h.tgt_vocab = tgt_vocab;
    const Model model = random_model(h, 23, 2.0f);
    Decoder decoder(model);
    Trace trace;
    for (int beam = 1; beam <= 16; ++beam) {
      DecodeOptions options;
      options.beam_width = beam;
      ASSERT_TRUE(decoder.translate({3, 4, 5}, options, &trace).is_ok());
      EXPECT_EQ(check_trace(trace, h), "") << "vocabulary " << tgt_vocab << ", beam " << beam;
    }
  }
}

}  // namespace
}  // namespace ae
