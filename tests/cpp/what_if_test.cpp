// What-if decoding: forced attention at one step, the beam search tree, and teacher forcing's
// per-word probabilities, on random models (the shipped model's case is in tests/node).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "decoder.h"

namespace ae {
namespace {

// Vocabularies 20 / 15, embed 6, encoder 5, decoder 7, attention 4, maxout 6, lengths 12 / 10.
Hyper small_hyper(bool attention) { return Hyper{20, 15, 6, 5, 7, 4, 6, attention, 12, 10}; }

const std::vector<int> kSource = {3, 8, 4, 12, 6};

// Rows [0, rows) of a row-major (steps x width) array.
template <typename T>
std::vector<T> first_rows(const std::vector<T>& v, int rows, int width) {
  return std::vector<T>(v.begin(), v.begin() + rows * width);
}

// A greedy output long enough to force its second step, and the options that force it.
struct ForcedCase {
  Model model = random_model(small_hyper(true), 31, 1.0f);
  Trace unforced;
  DecodeOptions options;
};

TEST(ForcedAttention, StepsBeforeTheForcedOneAreUnchanged) {
  ForcedCase c;
  Decoder decoder(c.model);
  ASSERT_TRUE(decoder.translate(kSource, DecodeOptions{}, &c.unforced).is_ok());
  ASSERT_GE(c.unforced.steps, 3) << "the test needs a longer greedy output: pick another seed";
  const int t = 3, T = c.unforced.src_len;
  c.options.forced_step = t;
  c.options.forced_weights = {0, 0, 0, 0, 1};
  Trace forced;
  ASSERT_TRUE(decoder.translate(kSource, c.options, &forced).is_ok());
  EXPECT_EQ(forced.forced_step, t);
  EXPECT_EQ(c.unforced.forced_step, 0);
  const int before = t - 1;
  EXPECT_EQ(first_rows(forced.out_ids, before, 1), first_rows(c.unforced.out_ids, before, 1));
  EXPECT_EQ(first_rows(forced.token_probs, before, 1),
            first_rows(c.unforced.token_probs, before, 1));
  EXPECT_EQ(first_rows(forced.alpha, before, T), first_rows(c.unforced.alpha, before, T));
  EXPECT_EQ(first_rows(forced.context, before, forced.context_size),
            first_rows(c.unforced.context, before, forced.context_size));
  EXPECT_EQ(first_rows(forced.s, before, forced.dec_hidden),
            first_rows(c.unforced.s, before, forced.dec_hidden));
  // At step t the question s_{t-1}, hence the scores and their softmax, are still the model's.
  EXPECT_EQ(first_rows(forced.scores, t, T), first_rows(c.unforced.scores, t, T));
  EXPECT_EQ(first_rows(forced.exp_shifted, t, T), first_rows(c.unforced.exp_shifted, t, T));
}

TEST(ForcedAttention, OneHotWeightsMakeTheContextExactlyThatEncoderState) {
  ForcedCase c;
  Decoder decoder(c.model);
  const int T = static_cast<int>(kSource.size());
  for (int step : {1, 2}) {
    for (int i = 0; i < T; ++i) {
      DecodeOptions options;
      options.forced_step = step;
      options.forced_weights.assign(kSource.size(), 0.0f);
      options.forced_weights[static_cast<size_t>(i)] = 7.0f;  // normalised to 1
      Trace t;
      ASSERT_TRUE(decoder.translate(kSource, options, &t).is_ok());
      ASSERT_GE(t.steps, step);
      ASSERT_EQ(t.forced_step, step);
      const int C = t.context_size, row = step - 1;
      for (int j = 0; j < T; ++j) EXPECT_EQ(t.alpha[row * T + j], j == i ? 1.0f : 0.0f);
      for (int k = 0; k < C; ++k)
        EXPECT_EQ(t.context[row * C + k], t.encoder_states[i * C + k]) << "step " << step;
    }
  }
}

TEST(ForcedAttention, WeightsAreNormalisedAndTheRestFollowsFromThem) {
  ForcedCase c;
  Decoder decoder(c.model);
  DecodeOptions options;
  options.forced_step = 2;
  options.forced_weights = {2, 0, 0, 0, 6};
  Trace forced;
  ASSERT_TRUE(decoder.translate(kSource, options, &forced).is_ok());
  const int T = forced.src_len, C = forced.context_size, D = forced.dec_hidden;
  EXPECT_FLOAT_EQ(forced.alpha[T + 0], 0.25f);
  EXPECT_FLOAT_EQ(forced.alpha[T + 4], 0.75f);
  for (int k = 0; k < C; ++k)
    EXPECT_NEAR(forced.context[C + k],
                0.25 * forced.encoder_states[k] + 0.75 * forced.encoder_states[4 * C + k], 1e-6);
  // Later steps start from the state the forced step produced.
  for (int step = 1; step < forced.steps; ++step)
    for (int k = 0; k < D; ++k)
      EXPECT_EQ(forced.s_prev[step * D + k], forced.s[(step - 1) * D + k]);
  // Teacher forcing the forced run's own output, with the same forcing, is the same run.
  Trace replay;
  ASSERT_TRUE(decoder.score(kSource, forced.out_ids, options, &replay).is_ok());
  EXPECT_EQ(replay.forced_step, 2);
  EXPECT_EQ(replay.alpha, forced.alpha);
  EXPECT_EQ(replay.s, forced.s);
  EXPECT_EQ(replay.token_probs, forced.token_probs);
}

TEST(ForcedAttention, AStepAfterTheOutputEndsForcesNothing) {
  ForcedCase c;
  Decoder decoder(c.model);
  ASSERT_TRUE(decoder.translate(kSource, DecodeOptions{}, &c.unforced).is_ok());
  DecodeOptions options;
  options.forced_step = c.model.hyper.max_tgt_len + 1;
  options.forced_weights = {1, 1, 1, 1, 1};
  Trace t;
  ASSERT_TRUE(decoder.translate(kSource, options, &t).is_ok());
  EXPECT_EQ(t.forced_step, 0);
  EXPECT_EQ(t.out_ids, c.unforced.out_ids);
  EXPECT_EQ(t.alpha, c.unforced.alpha);
}

TEST(ForcedAttention, BadRequestsGiveClearErrors) {
  ForcedCase c;
  Decoder decoder(c.model);
  const float nan = std::nanf(""), inf = INFINITY;
  struct Bad {
    int step;
    std::vector<float> weights;
    int beam_width;
    const char* message;
  };
  const std::vector<Bad> cases = {
      {2, {1, 1, 1}, 1, "has 3 weights but the sentence has 5"},
      {2, {1, 1, 1, 1, 1, 1}, 1, "has 6 weights"},
      {2, {}, 1, "has 0 weights"},
      {2, {1, -1, 1, 1, 1}, 1, "weight 2 is negative"},
      {2, {1, 1, nan, 1, 1}, 1, "weight 3 is not a number"},
      {2, {1, 1, 1, inf, 1}, 1, "weight 4 is infinite"},
      {2, {0, 0, 0, 0, 0}, 1, "all be zero"},
      {-1, {1, 1, 1, 1, 1}, 1, "1 or more"},
      {2, {1, 1, 1, 1, 1}, 3, "greedy"},
  };
  for (const Bad& bad : cases) {
    DecodeOptions options;
    options.forced_step = bad.step;
    options.forced_weights = bad.weights;
    options.beam_width = bad.beam_width;
    Trace t;
    const Status status = decoder.translate(kSource, options, &t);
    EXPECT_NE(status.message().find(bad.message), std::string::npos)
        << "wanted \"" << bad.message << "\", got \"" << status.message() << "\"";
    BeamTree tree;
    EXPECT_FALSE(decoder.beam(kSource, options, &tree).is_ok());
  }
  const Model baseline = random_model(small_hyper(false), 5);
  Decoder fixed(baseline);
  DecodeOptions options;
  options.forced_step = 1;
  options.forced_weights = {1, 1, 1, 1, 1};
  Trace t;
  EXPECT_NE(fixed.translate(kSource, options, &t).message().find("no attention"),
            std::string::npos);
}

// ---------------------------------------------------------------------------------------------
std::vector<int> words_of(const BeamTree& tree, int leaf) {
  std::vector<int> words;
  for (int node : tree.path(leaf)) words.push_back(tree.word[static_cast<size_t>(node)]);
  return words;
}

TEST(BeamTree, BestHypothesisIsWhatTranslateReturns) {
  for (unsigned seed : {13u, 14u, 15u}) {
    const Model model = random_model(small_hyper(true), seed, 1.0f);
    Decoder decoder(model);
    for (int width : {1, 2, 4, 8}) {
      DecodeOptions options;
      options.beam_width = width;
      Trace translated;
      BeamTree tree;
      ASSERT_TRUE(decoder.translate(kSource, options, &translated).is_ok());
      ASSERT_TRUE(decoder.beam(kSource, options, &tree).is_ok());
      ASSERT_FALSE(tree.hypotheses.empty());
      EXPECT_EQ(words_of(tree, tree.hypotheses[0].leaf), translated.out_ids)
          << "seed " << seed << ", width " << width;
      EXPECT_NEAR(tree.hypotheses[0].log_prob, translated.log_prob, 1e-4);
    }
  }
}

TEST(BeamTree, WidthOneIsTheGreedyChain) {
  const Model model = random_model(small_hyper(true), 13, 1.0f);
  Decoder decoder(model);
  Trace greedy;
  BeamTree tree;
  ASSERT_TRUE(decoder.translate(kSource, DecodeOptions{}, &greedy).is_ok());
  ASSERT_TRUE(decoder.beam(kSource, DecodeOptions{}, &tree).is_ok());
  ASSERT_EQ(tree.size(), greedy.steps);
  for (int n = 0; n < tree.size(); ++n) {
    EXPECT_EQ(tree.parent[n], n - 1);
    EXPECT_EQ(tree.word[n], greedy.out_ids[n]);
  }
  EXPECT_EQ(tree.alpha, greedy.alpha);
}

TEST(BeamTree, NodesLinkUpAndCarryTheirStepsQuantities) {
  const Model model = random_model(small_hyper(true), 14, 1.0f);
  Decoder decoder(model);
  DecodeOptions options;
  options.beam_width = 4;
  BeamTree tree;
  ASSERT_TRUE(decoder.beam(kSource, options, &tree).is_ok());
  const int T = tree.src_len, N = tree.size();
  ASSERT_EQ(T, static_cast<int>(kSource.size()));
  ASSERT_EQ(tree.alpha.size(), static_cast<size_t>(N * T));
  std::vector<int> per_step(static_cast<size_t>(model.hyper.max_tgt_len) + 2, 0);
  for (int n = 0; n < N; ++n) {
    const int parent = tree.parent[n];
    per_step[tree.step[n]] += 1;
    if (parent < 0) {
      EXPECT_EQ(tree.step[n], 1);
      EXPECT_NEAR(tree.log_prob[n], std::log(tree.token_prob[n]), 1e-5);
    } else {
      EXPECT_LT(parent, n);
      EXPECT_EQ(tree.step[n], tree.step[parent] + 1);
      EXPECT_FALSE(tree.finished[parent]) << "a finished hypothesis has no continuation";
      EXPECT_NEAR(tree.log_prob[n], tree.log_prob[parent] + std::log(tree.token_prob[n]), 1e-4);
    }
    EXPECT_EQ(tree.finished[n] != 0, tree.word[n] == kEosId);
    double sum = 0;
    for (int i = 0; i < T; ++i) sum += tree.alpha[n * T + i];
    EXPECT_NEAR(sum, 1.0, 1e-6);
  }
  for (int count : per_step) EXPECT_LE(count, options.beam_width);
  // The finalists, best first by log P per word.
  for (size_t k = 0; k < tree.hypotheses.size(); ++k) {
    const BeamTree::Hypothesis& hyp = tree.hypotheses[k];
    const std::vector<int> path = tree.path(hyp.leaf);
    EXPECT_DOUBLE_EQ(hyp.score, hyp.log_prob / static_cast<double>(path.size()));
    EXPECT_NEAR(hyp.log_prob, tree.log_prob[hyp.leaf], 1e-4);
    if (k > 0) EXPECT_GE(tree.hypotheses[k - 1].score, hyp.score);
  }
  // Each node's α and probability are those of the model emitting its word after its prefix:
  // teacher forcing a finalist's words reproduces them.
  for (const BeamTree::Hypothesis& hyp : tree.hypotheses) {
    const std::vector<int> path = tree.path(hyp.leaf);
    Trace forced;
    ASSERT_TRUE(decoder.score(kSource, words_of(tree, hyp.leaf), DecodeOptions{}, &forced).is_ok());
    for (size_t j = 0; j < path.size(); ++j) {
      const int n = path[j];
      EXPECT_FLOAT_EQ(forced.token_probs[j], tree.token_prob[n]);
      for (int i = 0; i < T; ++i)
        EXPECT_FLOAT_EQ(forced.alpha[j * static_cast<size_t>(T) + i], tree.alpha[n * T + i]);
    }
  }
}

TEST(BeamTree, BaselineModelHasNoAttentionRows) {
  const Model model = random_model(small_hyper(false), 21);
  Decoder decoder(model);
  DecodeOptions options;
  options.beam_width = 3;
  BeamTree tree;
  ASSERT_TRUE(decoder.beam(kSource, options, &tree).is_ok());
  EXPECT_GT(tree.size(), 0);
  EXPECT_TRUE(tree.alpha.empty());
}

// ---------------------------------------------------------------------------------------------
TEST(TeacherForcing, TokenProbsAreTheReferenceWordsProbabilities) {
  const Model model = random_model(small_hyper(true), 9, 1.0f);
  Decoder decoder(model);
  const std::vector<int> reference = {5, 7, 9, kEosId};
  Trace t;
  ASSERT_TRUE(decoder.score(kSource, reference, DecodeOptions{}, &t).is_ok());
  ASSERT_EQ(t.steps, 4);
  EXPECT_EQ(t.out_ids, reference);
  double log_prob = 0;
  for (int step = 0; step < t.steps; ++step) {
    // p(reference word) among the step's top candidates agrees with token_probs when listed.
    for (int k = 0; k < t.top_k; ++k)
      if (t.topk_ids[step * t.top_k + k] == reference[step])
        EXPECT_EQ(t.topk_probs[step * t.top_k + k], t.token_probs[step]);
    EXPECT_GT(t.token_probs[step], 0.0f);
    EXPECT_LE(t.token_probs[step], 1.0f);
    log_prob += std::log(t.token_probs[step]);
  }
  EXPECT_NEAR(t.log_prob, log_prob, 1e-5);
}

}  // namespace
}  // namespace ae
