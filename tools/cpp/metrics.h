// Translation and alignment metrics for tools/cpp/evaluate.cpp.
//
// Everything works on already-tokenized text: the corpus and the model's output are sequences of
// the project's tokens (core/tokenizer.h: lower-cased words, punctuation and elided articles
// split off). Scoring those token sequences with BLEU is sacreBLEU with `--tokenize none`, which
// only splits on spaces, so a score here equals
//   sacrebleu REF -i HYP --tokenize none          (one reference per sentence)
// on the same space-joined tokens. It is not comparable to a BLEU computed with sacreBLEU's
// default 13a tokenizer on detokenized text.
//
// Header-only and free of exceptions: the C++ test suite that checks it also runs inside
// WebAssembly, which is compiled without exception support.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ae::tools {

using Tokens = std::vector<std::string>;

// ---------------------------------------------------------------------------------------------
// BLEU (Papineni et al., 2002) exactly as sacreBLEU 2.x computes it (BLEU.compute_bleu).

constexpr int kBleuOrder = 4;  // n-grams of 1..4 words, uniform weights 1/4

// How a zero n-gram precision is treated when some n-gram matched.
enum class BleuSmoothing {
  // sacreBLEU's default (smooth_method='exp', "NIST smoothing", Chen & Cherry 2014 method 3),
  // for corpus_bleu as well as sentence_bleu: the k-th order with no match gets precision
  // 100 / (2^k · total_n) instead of 0.
  kExp,
  // smooth_method='none': any zero precision makes BLEU 0.
  kNone,
};

// The sufficient statistics of BLEU. They add up over sentences, so a corpus (or one length
// bucket of it) is scored from the sum of its sentences' statistics, not from their BLEUs.
struct BleuStats {
  long sys_len = 0;                        // hypothesis tokens
  long ref_len = 0;                        // reference tokens
  std::array<long, kBleuOrder> correct{};  // clipped n-gram matches, n = 1..4
  std::array<long, kBleuOrder> total{};    // hypothesis n-grams, n = 1..4

  BleuStats& operator+=(const BleuStats& other) {
    sys_len += other.sys_len;
    ref_len += other.ref_len;
    for (int n = 0; n < kBleuOrder; ++n) {
      correct[n] += other.correct[n];
      total[n] += other.total[n];
    }
    return *this;
  }
};

struct BleuScore {
  double score = 0;                             // BLEU × 100
  std::array<double, kBleuOrder> precisions{};  // × 100, as sacreBLEU prints them
  double brevity_penalty = 0;
  long sys_len = 0;
  long ref_len = 0;
};

// Counts of the n-grams (n words joined by a space; tokens never contain one) of one order.
inline std::unordered_map<std::string, long> ngram_counts(const Tokens& tokens, int n) {
  std::unordered_map<std::string, long> counts;
  for (size_t start = 0; start + static_cast<size_t>(n) <= tokens.size(); ++start) {
    std::string gram = tokens[start];
    for (size_t k = 1; k < static_cast<size_t>(n); ++k) gram += ' ' + tokens[start + k];
    ++counts[gram];
  }
  return counts;
}

// One hypothesis against its one reference. Each hypothesis n-gram is credited at most as often
// as it occurs in the reference ("clipped" counts).
inline BleuStats bleu_stats(const Tokens& hypothesis, const Tokens& reference) {
  BleuStats stats;
  stats.sys_len = static_cast<long>(hypothesis.size());
  stats.ref_len = static_cast<long>(reference.size());
  for (int n = 1; n <= kBleuOrder; ++n) {
    const auto reference_counts = ngram_counts(reference, n);
    for (const auto& [gram, count] : ngram_counts(hypothesis, n)) {
      stats.total[n - 1] += count;
      const auto match = reference_counts.find(gram);
      if (match != reference_counts.end()) stats.correct[n - 1] += std::min(count, match->second);
    }
  }
  return stats;
}

// BLEU = BP · exp(¼ Σ_n log p_n), BP = exp(1 − ref_len / sys_len) when sys_len < ref_len, else 1.
// sacreBLEU's edge cases are kept: no match of any order gives 0 (with all precisions reported
// as 0); an order with no hypothesis n-gram at all (every sentence shorter than n) gives 0 even
// with smoothing; log 0 is what makes an unsmoothed zero precision give 0.
inline BleuScore bleu_score(const BleuStats& stats, BleuSmoothing smoothing = BleuSmoothing::kExp) {
  BleuScore out;
  out.sys_len = stats.sys_len;
  out.ref_len = stats.ref_len;
  if (stats.sys_len < stats.ref_len)
    out.brevity_penalty = stats.sys_len > 0 ? std::exp(1.0 - static_cast<double>(stats.ref_len) /
                                                                 static_cast<double>(stats.sys_len))
                                            : 0.0;
  else
    out.brevity_penalty = 1.0;
  if (std::all_of(stats.correct.begin(), stats.correct.end(), [](long c) { return c == 0; }))
    return out;
  double smooth_mteval = 1.0;
  for (int n = 0; n < kBleuOrder; ++n) {
    if (stats.total[n] == 0) break;
    const auto total = static_cast<double>(stats.total[n]);
    if (stats.correct[n] > 0) {
      out.precisions[n] = 100.0 * static_cast<double>(stats.correct[n]) / total;
    } else if (smoothing == BleuSmoothing::kExp) {
      smooth_mteval *= 2;
      out.precisions[n] = 100.0 / (smooth_mteval * total);
    }
  }
  double log_sum = 0;
  for (const double p : out.precisions) {
    if (p == 0.0) return out;  // sacreBLEU: log 0 := −9999999999, and exp of a quarter of it is 0
    log_sum += std::log(p);
  }
  out.score = out.brevity_penalty * std::exp(log_sum / kBleuOrder);
  return out;
}

// hypotheses[k] is scored against references[k]; both must have the same size.
inline BleuScore corpus_bleu(const std::vector<Tokens>& hypotheses,
                             const std::vector<Tokens>& references,
                             BleuSmoothing smoothing = BleuSmoothing::kExp) {
  BleuStats stats;
  for (size_t k = 0; k < hypotheses.size() && k < references.size(); ++k)
    stats += bleu_stats(hypotheses[k], references[k]);
  return bleu_score(stats, smoothing);
}

// Fraction of sentences (0..1) whose hypothesis is token for token its reference; 0 for none.
inline double exact_match(const std::vector<Tokens>& hypotheses,
                          const std::vector<Tokens>& references) {
  const size_t n = std::min(hypotheses.size(), references.size());
  if (n == 0) return 0.0;
  size_t same = 0;
  for (size_t k = 0; k < n; ++k) same += hypotheses[k] == references[k];
  return static_cast<double>(same) / static_cast<double>(n);
}

// ---------------------------------------------------------------------------------------------
// Alignment error rate (Och & Ney, 2003, "A Systematic Comparison of Various Statistical
// Alignment Models", §5.1):
//   AER = 1 − (|A∩S| + |A∩P|) / (|A| + |S|)
// A: predicted links, S: sure gold links, P: possible gold links, with S ⊆ P. 0 is perfect.

using Link = std::pair<int, int>;  // (source position i, target position j), 0-based

// Counts summed over sentences, so that the corpus AER weighs every link equally (the usual
// definition) rather than averaging per-sentence rates.
struct AerCounts {
  long predicted = 0;           // |A|
  long sure = 0;                // |S|
  long predicted_sure = 0;      // |A∩S|
  long predicted_possible = 0;  // |A∩P|

  // `possible` lists the links marked possible only; sure links are added to P here, so a gold
  // file need not repeat them. Duplicate links count once (A, S and P are sets).
  void add(const std::vector<Link>& predicted_links, const std::vector<Link>& sure_links,
           const std::vector<Link>& possible_links) {
    const std::set<Link> a(predicted_links.begin(), predicted_links.end());
    const std::set<Link> s(sure_links.begin(), sure_links.end());
    std::set<Link> p(possible_links.begin(), possible_links.end());
    p.insert(s.begin(), s.end());
    predicted += static_cast<long>(a.size());
    sure += static_cast<long>(s.size());
    for (const Link& link : a) {
      predicted_sure += static_cast<long>(s.count(link));
      predicted_possible += static_cast<long>(p.count(link));
    }
  }

  // NaN when A and S are both empty, where the rate is undefined.
  double aer() const {
    if (predicted + sure == 0) return std::numeric_limits<double>::quiet_NaN();
    return 1.0 - static_cast<double>(predicted_sure + predicted_possible) /
                     static_cast<double>(predicted + sure);
  }
};

}  // namespace ae::tools
