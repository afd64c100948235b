// BLEU and AER (tools/cpp/metrics.h) on cases small enough to count by hand.
//
// The expected BLEU values were counted by hand and checked against a line-by-line Python
// re-implementation of sacreBLEU 2.x (BLEU.compute_bleu and its segment statistics, with
// tokenize='none'; sacrebleu itself is not installed here):
//
//   def my_log(x): return -9999999999 if x == 0.0 else math.log(x)
//   def ngrams(toks, n): return Counter(tuple(toks[i:i+n]) for i in range(len(toks)-n+1))
//   # correct[n] += min(hyp count, ref count) and total[n] += hyp count, summed over sentences
//   bp = (math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0) if sys_len < ref_len else 1.0
//   if not any(correct): return 0.0
//   smooth = 1.0
//   for n in 1..4:
//       if total[n] == 0: break
//       if correct[n] == 0: smooth *= 2; p[n] = 100 / (smooth * total[n])   # 'exp' only
//       else: p[n] = 100 * correct[n] / total[n]
//   return bp * math.exp(sum(my_log(x) for x in p) / 4)
#include "metrics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace ae::tools {
namespace {

std::vector<Tokens> sentences(const std::vector<std::string>& lines) {
  std::vector<Tokens> out;
  for (const std::string& line : lines) {
    std::istringstream in(line);
    Tokens words;
    for (std::string word; in >> word;) words.push_back(word);
    out.push_back(words);
  }
  return out;
}

TEST(Bleu, IdenticalCorpusScoresOneHundred) {
  const auto text = sentences({"the cat sat on the mat .", "i am a student .", "je ne sais pas"});
  const BleuScore b = corpus_bleu(text, text);
  EXPECT_DOUBLE_EQ(b.score, 100.0);
  EXPECT_DOUBLE_EQ(b.brevity_penalty, 1.0);
  for (const double p : b.precisions) EXPECT_DOUBLE_EQ(p, 100.0);
  EXPECT_EQ(b.sys_len, 16);
  EXPECT_EQ(b.ref_len, 16);
}

// hyp "the cat sat on the mat" vs ref "the cat is on the mat":
//   1-grams 5/6 (the×2, cat, on, mat)   2-grams 3/5 (the cat, on the, the mat)
//   3-grams 1/4 (on the mat)            4-grams 0/3
// With 'exp' smoothing the first zero order gets 100 / (2 · 3):
//   BLEU = (83.333 · 60 · 25 · 16.667)^¼ = 2083333.3^¼ = 37.9918; without smoothing 0.
TEST(Bleu, HandCountedSentenceWithSmoothing) {
  const auto hyp = sentences({"the cat sat on the mat"});
  const auto ref = sentences({"the cat is on the mat"});
  const BleuStats stats = bleu_stats(hyp[0], ref[0]);
  EXPECT_EQ(stats.correct, (std::array<long, 4>{5, 3, 1, 0}));
  EXPECT_EQ(stats.total, (std::array<long, 4>{6, 5, 4, 3}));

  const BleuScore smoothed = corpus_bleu(hyp, ref);
  EXPECT_NEAR(smoothed.score, 37.9917842826, 1e-9);
  EXPECT_NEAR(smoothed.precisions[0], 500.0 / 6, 1e-9);
  EXPECT_NEAR(smoothed.precisions[3], 100.0 / 6, 1e-9);

  const BleuScore unsmoothed = corpus_bleu(hyp, ref, BleuSmoothing::kNone);
  EXPECT_EQ(unsmoothed.score, 0.0);
  EXPECT_EQ(unsmoothed.precisions[3], 0.0);
  EXPECT_NEAR(unsmoothed.precisions[2], 25.0, 1e-12);
}

// Corpus BLEU sums the statistics first. Adding "i am a student" vs "i am a student ."
// (1..4-grams 4/4, 3/3, 2/2, 1/1) to the case above gives 9/10, 6/8, 3/6, 1/4, sys_len 10,
// ref_len 11: BP = exp(1 − 11/10) = 0.904837, BLEU = 0.904837 · (90 · 75 · 50 · 25)^¼ = 48.7668.
// (The mean of the two sentence BLEUs would be something else entirely.)
TEST(Bleu, CorpusSumsStatisticsBeforeScoring) {
  const BleuScore b = corpus_bleu(sentences({"the cat sat on the mat", "i am a student"}),
                                  sentences({"the cat is on the mat", "i am a student ."}));
  EXPECT_NEAR(b.score, 48.7667707438, 1e-9);
  EXPECT_NEAR(b.brevity_penalty, std::exp(-0.1), 1e-12);
  EXPECT_NEAR(b.precisions[0], 90.0, 1e-12);
  EXPECT_NEAR(b.precisions[1], 75.0, 1e-12);
  EXPECT_NEAR(b.precisions[2], 50.0, 1e-12);
  EXPECT_NEAR(b.precisions[3], 25.0, 1e-12);
  EXPECT_EQ(b.sys_len, 10);
  EXPECT_EQ(b.ref_len, 11);
}

// Every n-gram of "the cat sat on" is in the reference, but it is 4 words for 6:
// BP = exp(1 − 6/4) = e^−0.5 = 0.606531, and that is the whole score.
TEST(Bleu, BrevityPenaltyForShortOutput) {
  const BleuScore b =
      corpus_bleu(sentences({"the cat sat on"}), sentences({"the cat sat on the mat"}));
  EXPECT_NEAR(b.brevity_penalty, std::exp(-0.5), 1e-12);
  EXPECT_NEAR(b.score, 60.6530659713, 1e-9);
  // Longer than the reference: no penalty (the precisions pay for it instead).
  EXPECT_DOUBLE_EQ(corpus_bleu(sentences({"the cat sat on the mat today"}),
                               sentences({"the cat sat on the mat"}))
                       .brevity_penalty,
                   1.0);
}

TEST(Bleu, NoMatchScoresZero) {
  const BleuScore b = corpus_bleu(sentences({"x y z w"}), sentences({"a b c d"}));
  EXPECT_EQ(b.score, 0.0);
  for (const double p : b.precisions) EXPECT_EQ(p, 0.0);
  EXPECT_DOUBLE_EQ(b.brevity_penalty, 1.0);
  // An empty output: BP 0 and no match.
  EXPECT_EQ(corpus_bleu(sentences({""}), sentences({"a b c d"})).score, 0.0);
}

// sacreBLEU's quirk, kept on purpose: a corpus with no 4-gram at all scores 0 even when perfect.
TEST(Bleu, CorpusWithoutFourGramsScoresZero) {
  const auto text = sentences({"a b c"});
  const BleuScore b = corpus_bleu(text, text);
  EXPECT_EQ(b.score, 0.0);
  EXPECT_DOUBLE_EQ(b.precisions[2], 100.0);
  EXPECT_EQ(b.precisions[3], 0.0);
}

// Papineni et al.'s example: "the" may be credited only as often as the reference has it.
TEST(Bleu, MatchesAreClippedByReferenceCounts) {
  const BleuStats stats = bleu_stats(sentences({"the the the the the the the"})[0],
                                     sentences({"the cat is on the mat"})[0]);
  EXPECT_EQ(stats.correct[0], 2);
  EXPECT_EQ(stats.total[0], 7);
}

TEST(ExactMatch, CountsIdenticalSentences) {
  const auto refs = sentences({"a b", "c d", "e", "f g"});
  EXPECT_DOUBLE_EQ(exact_match(sentences({"a b", "c", "e", "g f"}), refs), 0.5);
  EXPECT_DOUBLE_EQ(exact_match({}, {}), 0.0);
}

// S = {0-0, 1-1}, possible only {2?1}, so P = {0-0, 1-1, 2-1}; A = {0-0, 2-1, 2-2}.
// |A∩S| = 1, |A∩P| = 2, |A| = 3, |S| = 2: AER = 1 − (1 + 2) / (3 + 2) = 0.4.
TEST(Aer, HandCaseWithSureAndPossibleLinks) {
  AerCounts counts;
  counts.add({{0, 0}, {2, 1}, {2, 2}}, {{0, 0}, {1, 1}}, {{2, 1}});
  EXPECT_EQ(counts.predicted, 3);
  EXPECT_EQ(counts.sure, 2);
  EXPECT_EQ(counts.predicted_sure, 1);
  EXPECT_EQ(counts.predicted_possible, 2);
  EXPECT_NEAR(counts.aer(), 0.4, 1e-12);
}

TEST(Aer, PerfectIsZeroAndDisjointIsOne) {
  const std::vector<Link> sure{{0, 0}, {1, 2}, {2, 1}};
  AerCounts perfect;
  perfect.add(sure, sure, {{3, 1}});
  EXPECT_DOUBLE_EQ(perfect.aer(), 0.0);

  // Also predicting a possible link costs nothing: that is what "possible" means.
  AerCounts with_possible;
  with_possible.add({{0, 0}, {1, 2}, {2, 1}, {3, 1}}, sure, {{3, 1}});
  EXPECT_DOUBLE_EQ(with_possible.aer(), 0.0);

  AerCounts disjoint;
  disjoint.add({{0, 1}, {1, 0}}, sure, {{3, 1}});
  EXPECT_DOUBLE_EQ(disjoint.aer(), 1.0);
}

// Sets, summed over the corpus: a repeated link counts once, and two sentences pool their links.
TEST(Aer, DuplicatesCountOnceAndSentencesPool) {
  AerCounts counts;
  counts.add({{0, 0}, {0, 0}}, {{0, 0}, {0, 0}}, {});  // perfect: 1 link
  counts.add({{0, 0}, {1, 1}, {2, 2}}, {{0, 1}}, {});  // 3 wrong, 1 missed
  EXPECT_EQ(counts.predicted, 4);
  EXPECT_EQ(counts.sure, 2);
  EXPECT_NEAR(counts.aer(), 1.0 - 2.0 / 6.0, 1e-12);
  EXPECT_TRUE(std::isnan(AerCounts{}.aer()));
}

}  // namespace
}  // namespace ae::tools
