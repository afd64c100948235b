// The mechanism, formula by formula, on cases small enough to compute by hand, then the whole
// decoder loop on a random model. The walkthrough's worked example is a test here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "decoder.h"
#include "layers.h"
#include "text.h"

namespace ae {
namespace {

// Sizes: vocabularies 20 / 15, embed 6, encoder 5, decoder 7, attention 4,
// maxout 6, lengths 12 / 10.
Hyper small_hyper(bool attention) { return Hyper{20, 15, 6, 5, 7, 4, 6, attention, 12, 10}; }

// ---------------------------------------------------------------------------------------------
// Walkthrough, steps 4 and 5: scores 0.3, 2.1, 0.5 for "Je", "suis", "étudiant" at t = 2.
TEST(WorkedExample, SoftmaxOfJeSuisEtudiantScores) {
  const float scores[3] = {0.3f, 2.1f, 0.5f};
  float ex[3], alpha[3];
  const SoftmaxParts parts = softmax_forward(scores, 3, ex, alpha);
  // The core subtracts the max (2.1); scaling back by e^2.1 gives the walkthrough's exp(e_i).
  const float scale = std::exp(parts.max);
  EXPECT_FLOAT_EQ(parts.max, 2.1f);
  EXPECT_NEAR(ex[0] * scale, 1.350, 5e-4);
  EXPECT_NEAR(ex[1] * scale, 8.166, 5e-4);
  EXPECT_NEAR(ex[2] * scale, 1.649, 5e-4);
  EXPECT_NEAR(parts.sum * scale, 11.165, 5e-4);
  // To the printed precision: 0.12, 0.73, 0.15.
  EXPECT_NEAR(alpha[0], 0.12, 0.005);
  EXPECT_NEAR(alpha[1], 0.73, 0.005);
  EXPECT_NEAR(alpha[2], 0.15, 0.005);
}

TEST(WorkedExample, ContextIsTheWeightedBlendOfTheThreeStates) {
  const float scores[3] = {0.3f, 2.1f, 0.5f};
  float ex[3], alpha[3];
  softmax_forward(scores, 3, ex, alpha);
  // h_1, h_2, h_3 as three 2-D arrows.
  const float h[6] = {1.0f, 0.0f, 0.0f, 1.0f, -1.0f, 0.5f};
  float c[2];
  context_forward(alpha, h, 3, 2, c);
  EXPECT_NEAR(c[0], alpha[0] * 1.0f + alpha[2] * -1.0f, 1e-6);
  EXPECT_NEAR(c[1], alpha[1] * 1.0f + alpha[2] * 0.5f, 1e-6);
  // c_2 = 0.12 h_1 + 0.73 h_2 + 0.15 h_3 to the printed precision.
  EXPECT_NEAR(c[0], 0.12 - 0.15, 0.01);
  EXPECT_NEAR(c[1], 0.73 + 0.075, 0.01);
}

// ---------------------------------------------------------------------------------------------
TEST(Softmax, RandomScoresGiveADistribution) {
  std::mt19937 rng(5);
  std::normal_distribution<float> normal(0.0f, 10.0f);
  for (int n : {1, 2, 3, 7, 50, 1000}) {
    std::vector<float> e(n), ex(n), alpha(n);
    for (float& v : e) v = normal(rng);
    softmax_forward(e.data(), n, ex.data(), alpha.data());
    double sum = 0;
    for (float a : alpha) {
      EXPECT_GE(a, 0.0f);
      EXPECT_LE(a, 1.0f);
      sum += a;
    }
    EXPECT_NEAR(sum, 1.0, 1e-6) << "n = " << n;
  }
}

TEST(Softmax, ExtremeScoresStayFinite) {
  const std::vector<std::vector<float>> cases = {
      {1e30f, -1e30f, 0.0f},   {-1e30f, -1e30f}, {1e30f, 1e30f, 1e30f},
      {88.0f, -88.0f, 100.0f}, {-1e30f},         {3.4e38f, -3.4e38f}};
  for (const auto& e : cases) {
    const int n = static_cast<int>(e.size());
    std::vector<float> ex(n), alpha(n);
    softmax_forward(e.data(), n, ex.data(), alpha.data());
    double sum = 0;
    for (float a : alpha) {
      EXPECT_TRUE(std::isfinite(a));
      sum += a;
    }
    EXPECT_NEAR(sum, 1.0, 1e-6);
  }
}

TEST(Softmax, EqualScoresGiveExactlyUniformWeights) {
  for (int n : {1, 2, 3, 5, 17, 40}) {
    std::vector<float> e(n, 0.7f), ex(n), alpha(n);
    softmax_forward(e.data(), n, ex.data(), alpha.data());
    for (float a : alpha) EXPECT_EQ(a, 1.0f / static_cast<float>(n)) << "n = " << n;
  }
}

TEST(Softmax, OneElementIsCertain) {
  const float e = -12345.0f;
  float ex, alpha;
  softmax_forward(&e, 1, &ex, &alpha);
  EXPECT_EQ(alpha, 1.0f);
}

// ---------------------------------------------------------------------------------------------
// GRU with one unit, computed by hand:
//   W = [0.5 ; -1 ; 2] (r, z, n rows), U = [1 ; 0.5 ; -0.5], b = [0 ; 0.1 ; 0], x = 0.4, h = 0.6
//   r = σ(0.2 + 0.6) = σ(0.8)          = 0.689974
//   z = σ(-0.4 + 0.3 + 0.1) = σ(0)     = 0.5
//   n = tanh(0.8 − 0.5 · r · 0.6)      = tanh(0.593008) = 0.532055
//   h' = 0.5 · 0.6 + 0.5 · n           = 0.566028
TEST(GruCell, OneUnitByHand) {
  GruParams p;
  p.W = Matrix(3, 1);
  p.W << 0.5f, -1.0f, 2.0f;
  p.U = Matrix(3, 1);
  p.U << 1.0f, 0.5f, -0.5f;
  p.b = Matrix(3, 1);
  p.b << 0.0f, 0.1f, 0.0f;
  GruCache cache;
  cache.resize(1);
  const float x = 0.4f, h = 0.6f;
  float h_next = 0;
  gru_cell_forward(p, &x, &h, &h_next, &cache);
  EXPECT_NEAR(cache.gates[0], 0.689974, 1e-6);
  EXPECT_NEAR(cache.gates[1], 0.5, 1e-6);
  EXPECT_NEAR(cache.gates[2], 0.532055, 1e-6);
  EXPECT_NEAR(h_next, 0.566028, 1e-6);
}

// Additive score with d_a = 2, by hand:
//   W_a s = [1 0; 0 1]·[0.5, -0.5] = [0.5, -0.5];  U_a h_i = [1 1]ᵀ·h_i (h_i scalar)
//   h = (0.5, -0.5)  →  a_1 = [1, 0], a_2 = [0, -1]
//   v_a = [1, 2]:  e_1 = tanh(1) + 2 tanh(0) = 0.761594;  e_2 = tanh(0) + 2 tanh(-1) = -1.523188
TEST(AdditiveAttention, TwoPositionsByHand) {
  Params p;
  p.attn_W = Matrix::Identity(2, 2);
  p.attn_U = Matrix(2, 1);
  p.attn_U << 1.0f, 1.0f;
  p.attn_v = Matrix(2, 1);
  p.attn_v << 1.0f, 2.0f;
  const float s[2] = {0.5f, -0.5f};
  const float h[2] = {0.5f, -0.5f};
  float q[2], keys[4], pre[4], bent[4], e[2];
  attention_question_forward(p, s, q);
  attention_keys_forward(p, h, 2, keys);
  additive_scores_forward(p, q, keys, 2, pre, bent, e);
  EXPECT_FLOAT_EQ(pre[0], 1.0f);
  EXPECT_FLOAT_EQ(pre[1], 0.0f);
  EXPECT_FLOAT_EQ(pre[2], 0.0f);
  EXPECT_FLOAT_EQ(pre[3], -1.0f);
  EXPECT_NEAR(e[0], 0.761594, 1e-6);
  EXPECT_NEAR(e[1], -1.523188, 1e-6);
}

// ---------------------------------------------------------------------------------------------
TEST(Decoder, TraceIsConsistentWithTheFormulas) {
  const Model model = random_model(small_hyper(true), 42);
  Decoder decoder(model);
  Trace t;
  ASSERT_TRUE(decoder.translate({3, 4, 5, 6, 7}, DecodeOptions{}, &t).is_ok());
  const int T = t.src_len, C = t.context_size, D = t.dec_hidden, A = t.attn_dim;
  ASSERT_EQ(T, 5);
  ASSERT_GE(t.steps, 1);
  ASSERT_EQ(t.alpha.size(), static_cast<size_t>(t.steps * T));
  for (int step = 0; step < t.steps; ++step) {
    double sum = 0;
    for (int i = 0; i < T; ++i) sum += t.alpha[step * T + i];
    EXPECT_NEAR(sum, 1.0, 1e-6);
    // c_t = Σ α_ti h_i, recomputed from the trace.
    for (int k = 0; k < C; ++k) {
      double c = 0;
      for (int i = 0; i < T; ++i) c += t.alpha[step * T + i] * t.encoder_states[i * C + k];
      EXPECT_NEAR(t.context[step * C + k], c, 1e-5);
    }
    // e_ti = v_aᵀ tanh(W_a s_{t-1} + U_a h_i), recomputed from the trace; and score_anatomy()
    // gives the decoder's own parts of it, bit for bit.
    const std::vector<float> question(t.question.begin() + step * A,
                                      t.question.begin() + (step + 1) * A);
    ScoreAnatomy anatomy;
    ASSERT_TRUE(score_anatomy(model, question, t.keys, &anatomy).is_ok());
    ASSERT_EQ(anatomy.scores.size(), static_cast<size_t>(T));
    for (int i = 0; i < T; ++i) {
      double e = 0;
      for (int a = 0; a < A; ++a) {
        const float pre = t.question[step * A + a] + t.keys[i * A + a];
        EXPECT_EQ(anatomy.pre_tanh[i * A + a], pre);
        EXPECT_NEAR(anatomy.bent[i * A + a], std::tanh(pre), 1e-6);
        e += model.params.attn_v(a, 0) * std::tanh(pre);
      }
      EXPECT_NEAR(t.scores[step * T + i], e, 1e-5);
      EXPECT_EQ(anatomy.scores[i], t.scores[step * T + i]);
    }
    // The state handed to step t+1 is the one step t produced.
    if (step > 0)
      for (int k = 0; k < D; ++k) EXPECT_EQ(t.s_prev[step * D + k], t.s[(step - 1) * D + k]);
    // Greedy: the chosen word is the most probable one.
    EXPECT_EQ(t.out_ids[step], t.topk_ids[step * t.top_k]);
    EXPECT_GE(t.topk_probs[step * t.top_k], t.topk_probs[step * t.top_k + 1]);
  }
  EXPECT_TRUE(t.out_ids.back() == kEosId || t.steps == model.hyper.max_tgt_len);
}

TEST(Decoder, CandidatesAreTheMostProbableWordsInOrder) {
  const Model model = random_model(small_hyper(true), 42);
  Decoder decoder(model);
  DecodeOptions all, five;
  all.top_k = model.hyper.tgt_vocab;
  five.top_k = 5;
  Trace whole, top;
  ASSERT_TRUE(decoder.translate({3, 4, 5, 6, 7}, all, &whole).is_ok());
  ASSERT_TRUE(decoder.translate({3, 4, 5, 6, 7}, five, &top).is_ok());
  ASSERT_EQ(whole.out_ids, top.out_ids);
  const int V = model.hyper.tgt_vocab;
  for (int step = 0; step < whole.steps; ++step) {
    // With k = |V| the candidates are the whole distribution: every word once, most probable
    // first, equal probabilities by id (as std::max_element picks the greedy word).
    std::vector<int> ids(whole.topk_ids.begin() + step * V,
                         whole.topk_ids.begin() + (step + 1) * V);
    const float* probs = &whole.topk_probs[static_cast<size_t>(step * V)];
    for (int k = 1; k < V; ++k) {
      EXPECT_TRUE(probs[k] < probs[k - 1] || (probs[k] == probs[k - 1] && ids[k] > ids[k - 1]))
          << "step " << step << " rank " << k;
    }
    std::sort(ids.begin(), ids.end());
    for (int y = 0; y < V; ++y) EXPECT_EQ(ids[y], y);
    // The first five are the top five of a narrower search.
    for (int k = 0; k < 5; ++k) {
      EXPECT_EQ(top.topk_ids[step * 5 + k], whole.topk_ids[step * V + k]);
      EXPECT_EQ(top.topk_probs[step * 5 + k], probs[k]);
    }
  }
}

TEST(Decoder, ScoreAnatomyRejectsWhatDoesNotFit) {
  const Model model = random_model(small_hyper(true), 42);
  const int A = model.hyper.attn_dim;
  ScoreAnatomy anatomy;
  const std::vector<float> question(A, 0.5f), keys(3 * A, 0.25f);
  EXPECT_TRUE(score_anatomy(model, question, keys, &anatomy).is_ok());
  EXPECT_EQ(anatomy.scores.size(), 3u);
  EXPECT_FALSE(score_anatomy(model, std::vector<float>(A + 1), keys, &anatomy).is_ok());
  EXPECT_FALSE(score_anatomy(model, question, std::vector<float>(3 * A - 1), &anatomy).is_ok());
  EXPECT_FALSE(score_anatomy(model, question, {}, &anatomy).is_ok());
  const std::vector<float> too_long((model.hyper.max_src_len + 1) * A);
  EXPECT_FALSE(score_anatomy(model, question, too_long, &anatomy).is_ok());
  const Model baseline = random_model(small_hyper(false), 42);
  EXPECT_FALSE(score_anatomy(baseline, question, keys, &anatomy).is_ok());
}

TEST(Decoder, TeacherForcingTheGreedyOutputReproducesItsTrace) {
  const Model model = random_model(small_hyper(true), 9);
  Decoder decoder(model);
  Trace greedy, forced;
  ASSERT_TRUE(decoder.translate({5, 9, 11}, DecodeOptions{}, &greedy).is_ok());
  ASSERT_TRUE(decoder.score({5, 9, 11}, greedy.out_ids, DecodeOptions{}, &forced).is_ok());
  EXPECT_EQ(forced.alpha, greedy.alpha);
  EXPECT_EQ(forced.token_probs, greedy.token_probs);
  EXPECT_DOUBLE_EQ(forced.log_prob, greedy.log_prob);
}

TEST(Decoder, BeamOfOneIsGreedyAndWiderBeamsAreValid) {
  const Model model = random_model(small_hyper(true), 13);
  Decoder decoder(model);
  Trace greedy, beam;
  ASSERT_TRUE(decoder.translate({3, 8, 4, 12}, DecodeOptions{}, &greedy).is_ok());
  DecodeOptions wide;
  wide.beam_width = 4;
  ASSERT_TRUE(decoder.translate({3, 8, 4, 12}, wide, &beam).is_ok());
  ASSERT_GE(beam.steps, 1);
  EXPECT_TRUE(beam.out_ids.back() == kEosId || beam.steps == model.hyper.max_tgt_len);
  EXPECT_EQ(beam.alpha.size(), static_cast<size_t>(beam.steps * beam.src_len));
}

TEST(Decoder, FixedContextBaselineUsesOneContextForEveryStep) {
  const Model model = random_model(small_hyper(false), 21);
  Decoder decoder(model);
  Trace t;
  DecodeOptions options;
  options.max_len = 6;
  ASSERT_TRUE(decoder.score({3, 4, 5, 6}, {4, 5, 6, 7, 8, kEosId}, options, &t).is_ok());
  EXPECT_TRUE(t.alpha.empty());
  const int C = t.context_size, H = C / 2, T = t.src_len;
  for (int step = 1; step < t.steps; ++step)
    for (int k = 0; k < C; ++k) EXPECT_EQ(t.context[step * C + k], t.context[k]);
  // c = [→h_T ; ←h_1]
  for (int k = 0; k < H; ++k) {
    EXPECT_EQ(t.context[k], t.encoder_states[(T - 1) * C + k]);
    EXPECT_EQ(t.context[H + k], t.encoder_states[H + k]);
  }
}

TEST(Decoder, TemperatureFlattensOrSharpensAttention) {
  const Model model = random_model(small_hyper(true), 4, 1.0f);
  Decoder decoder(model);
  Trace hot, cold;
  DecodeOptions flat, sharp;
  flat.temperature = 1e4f;
  sharp.temperature = 1e-3f;
  ASSERT_TRUE(decoder.score({3, 4, 5, 6}, {4, kEosId}, flat, &hot).is_ok());
  ASSERT_TRUE(decoder.score({3, 4, 5, 6}, {4, kEosId}, sharp, &cold).is_ok());
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(hot.alpha[i], 0.25, 1e-3);
  float largest = 0;
  for (int i = 0; i < 4; ++i) largest = std::max(largest, cold.alpha[i]);
  EXPECT_GT(largest, 0.99f);
}

TEST(Decoder, BadRequestsGiveClearErrors) {
  const Model model = random_model(small_hyper(true), 1);
  Decoder decoder(model);
  Trace t;
  EXPECT_NE(decoder.translate({}, DecodeOptions{}, &t).message().find("empty"), std::string::npos);
  const Status too_long = decoder.translate(std::vector<int>(13, 3), DecodeOptions{}, &t);
  EXPECT_NE(too_long.message().find("at most 12"), std::string::npos) << too_long.message();
  EXPECT_FALSE(decoder.translate({99}, DecodeOptions{}, &t).is_ok());
  DecodeOptions bad;
  bad.temperature = 0;
  EXPECT_FALSE(decoder.translate({3}, bad, &t).is_ok());
  bad.temperature = 1;
  bad.beam_width = 0;
  EXPECT_FALSE(decoder.translate({3}, bad, &t).is_ok());
}

TEST(Decoder, OneWordInputGivesCertainAttention) {
  const Model model = random_model(small_hyper(true), 8);
  Decoder decoder(model);
  Trace t;
  ASSERT_TRUE(decoder.translate({7}, DecodeOptions{}, &t).is_ok());
  for (float a : t.alpha) EXPECT_EQ(a, 1.0f);
}

// ---------------------------------------------------------------------------------------------
TEST(Text, JoinWordsAttachesPunctuationAndPossessive) {
  EXPECT_EQ(join_words({"i", "am", "a", "student", "</s>"}), "i am a student");
  EXPECT_EQ(join_words({"marie", "'s", "book", "."}), "marie's book.");
  EXPECT_EQ(join_words({"hello", ",", "marie", "!"}), "hello, marie!");
  EXPECT_EQ(join_words({}), "");
}

TEST(Text, ClosestWordsSuggestsNearSpellings) {
  const Vocab vocab({"<unk>", "<s>", "</s>", "étudiant", "suis", "je", "étudiante", "maison"});
  const std::vector<std::string> hints = closest_words("etudiant", vocab, 2);
  ASSERT_EQ(hints.size(), 2u);
  EXPECT_EQ(hints[0], "étudiant");
  EXPECT_EQ(hints[1], "étudiante");
  EXPECT_TRUE(closest_words("zzzzzzzz", vocab, 3).empty());
}

// The k nearest words by (edit distance, id) within the distance limit, found the slow way: every
// word's full Levenshtein table, then a sort.
std::vector<std::string> closest_words_by_brute_force(const std::string& word, const Vocab& vocab,
                                                      int k) {
  const auto chars = [](const std::string& s) {  // the test words are ASCII
    return std::vector<char>(s.begin(), s.end());
  };
  const std::vector<char> a = chars(word);
  const int limit = std::max(2, static_cast<int>(a.size()) / 2);
  std::vector<std::pair<int, int>> scored;
  for (int id = kNumReservedIds; id < vocab.size(); ++id) {
    const std::vector<char> b = chars(vocab.word(id));
    std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<int>(i);
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<int>(j);
    for (size_t i = 1; i <= a.size(); ++i)
      for (size_t j = 1; j <= b.size(); ++j)
        d[i][j] = std::min(
            {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    if (d[a.size()][b.size()] <= limit) scored.emplace_back(d[a.size()][b.size()], id);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && i < static_cast<size_t>(std::max(0, k)); ++i)
    out.push_back(vocab.word(scored[i].second));
  return out;
}

TEST(Text, ClosestWordsAreTheNearestByDistanceThenId) {
  // Random words over a small alphabet, so that many are near each other and distances tie.
  std::mt19937 rng(7);
  const auto random_word = [&rng] {
    std::string w(2 + rng() % 7, 'a');
    for (char& c : w) c = static_cast<char>('a' + rng() % 4);
    return w;
  };
  std::vector<std::string> words = {"<unk>", "<s>", "</s>"};
  for (int i = 0; i < 400; ++i) words.push_back(random_word());
  const Vocab vocab(words);
  for (int query = 0; query < 60; ++query) {
    const std::string word = random_word();
    for (int k : {0, 1, 3, 8})
      EXPECT_EQ(closest_words(word, vocab, k), closest_words_by_brute_force(word, vocab, k))
          << word << " k=" << k;
  }
}

}  // namespace
}  // namespace ae
