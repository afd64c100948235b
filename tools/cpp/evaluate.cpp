// Evaluates trained models on the held-out test sets and prints a Markdown report:
//
//   evaluate --corpus data/corpus --model web/models/fr-en-attention.aem
//            [--baseline web/models/fr-en-baseline.aem] [--json web/models/evaluation.json]
//            [--limit N] [--beam K]
//
// What is measured (the metrics themselves are defined in metrics.h):
//  - Test BLEU and exact match on test.tsv, for each model.
//  - AER of the attention model on test.tsv. The REFERENCE translation (+ </s>) is teacher-forced
//    through the model (Decoder::score) and each reference word j is linked to the source word
//    argmax_i α_ji; the </s> step gets no link. Teacher forcing is what makes these links
//    comparable with the gold alignment, whose English positions are those of the reference: the
//    model's own output may have other words or another length. Sentences without a gold
//    alignment are left out.
//  - BLEU by French length (1–5, 6–10, 11–20, 21–30, 31–40 tokens) over test.tsv ∪ test-long.tsv
//    (test-long supplies the long sentences a random test set barely has), and for the attention
//    model BLEU(31–40) / BLEU(6–10) against the target ≥ 0.85: attention should hold up on long
//    sentences, where the fixed-context baseline falls apart.
//  - Decoding speed: sentences per second over both files, decoding on kThreads threads.
// A sentence the decoder refuses (longer than the model's max_src_len) counts as an empty
// translation; the report says how many there were. --limit N reads the first N lines of each file.
//
// --json writes what the page's BLEU-by-length chart reads:
//   {"buckets":["1-5",...],"counts":[...],
//    "attention":{"bleu":[...],"testBleu":x,"exactMatch":x,"aer":x},
//    "baseline":{"bleu":[...],"testBleu":x,"exactMatch":x},"generated":"<attention model name>"}
// BLEU is × 100; exactMatch and aer are fractions in [0, 1]; null marks an undefined value (the
// BLEU of an empty bucket). "baseline" is absent without --baseline.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "corpus.h"
#include "decoder.h"
#include "json.h"
#include "metrics.h"
#include "model_io.h"
#include "weights_file.h"

namespace {

using namespace ae;
using tools::Tokens;

// The build machine has two cores, shared with training runs.
constexpr int kThreads = 2;

struct Bucket {
  size_t min_len, max_len;
  const char* label;
};
constexpr std::array<Bucket, 5> kBuckets{
    {{1, 5, "1-5"}, {6, 10, "6-10"}, {11, 20, "11-20"}, {21, 30, "21-30"}, {31, 40, "31-40"}}};
constexpr size_t kShortBucket = 1;  // 6-10: the reference for the length-robustness ratio
constexpr size_t kLongBucket = 4;   // 31-40
constexpr double kRatioTarget = 0.85;

constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

struct Options {
  std::string corpus = "data/corpus";
  std::string model;
  std::string baseline;
  std::string json;
  size_t limit = 0;
  int beam = 1;
};

[[noreturn]] void usage(const std::string& problem) {
  std::fprintf(stderr,
               "evaluate: %s\n"
               "usage: evaluate --corpus DIR --model FILE [--baseline FILE] [--json FILE]\n"
               "                [--limit N] [--beam K]\n",
               problem.c_str());
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; i += 2) {
    const std::string key = argv[i];
    if (i + 1 >= argc) usage("missing value for " + key);
    const std::string value = argv[i + 1];
    if (key == "--corpus")
      o.corpus = value;
    else if (key == "--model")
      o.model = value;
    else if (key == "--baseline")
      o.baseline = value;
    else if (key == "--json")
      o.json = value;
    else if (key == "--limit")
      o.limit = std::strtoul(value.c_str(), nullptr, 10);
    else if (key == "--beam")
      o.beam = std::atoi(value.c_str());
    else
      usage("unknown option " + key);
  }
  if (o.model.empty()) usage("--model is required");
  if (o.beam < 1) usage("--beam must be >= 1");
  return o;
}

// What one model made of one sentence.
struct Output {
  Tokens words;                    // the translation, without </s>
  std::vector<tools::Link> links;  // teacher-forced argmax links to the reference, for AER
  std::string error;               // why the decoder refused the sentence, if it did
};

struct Evaluation {
  std::string role;  // "attention" or "baseline": which option named the file, and the JSON key
  std::string path;
  std::string name;  // the model file's "name" metadata, else its path
  Model model;
  std::vector<Output> outputs;  // one per sentence of test ∪ test-long
  double seconds = 0;           // decoding time, alignment excluded
  size_t refused = 0;
  tools::BleuScore test_bleu;
  double exact_match = 0;
  tools::AerCounts aer;
  size_t aligned = 0;  // sentences that AER was measured on
  std::array<double, kBuckets.size()> bucket_bleu{};
};

void load(const std::string& role, const std::string& path, Evaluation* ev) {
  const std::vector<uint8_t> bytes = tools::read_bytes(path);
  ModelMetadata metadata;
  Status status = read_model(bytes.data(), bytes.size(), &ev->model);
  if (status) status = read_model_metadata(bytes.data(), bytes.size(), &metadata);
  if (!status) throw std::runtime_error(path + ": " + status.message());
  ev->role = role;
  ev->path = ev->name = path;
  for (const auto& [key, value] : metadata)
    if (key == "name") ev->name = value;
}

// Runs job(decoder, trace, k) for every k in [0, n) on kThreads threads. Each thread has its own
// Decoder (which holds only a const Model& and its own buffers), so they share the model safely.
template <class Job>
void parallel_for(const Model& model, size_t n, const Job& job) {
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      Decoder decoder(model);
      Trace trace;
      for (size_t k; (k = next++) < n;) job(decoder, trace, k);
    });
  for (std::thread& thread : threads) thread.join();
}

int argmax_source(const Trace& trace, int step) {
  const float* row = trace.alpha.data() + static_cast<size_t>(step * trace.src_len);
  return static_cast<int>(std::max_element(row, row + trace.src_len) - row);
}

void decode(const std::vector<tools::SentencePair>& pairs, const DecodeOptions& options,
            Evaluation* ev) {
  const Model& model = ev->model;
  ev->outputs.assign(pairs.size(), Output{});
  const auto start = std::chrono::steady_clock::now();
  parallel_for(model, pairs.size(), [&](Decoder& decoder, Trace& trace, size_t k) {
    Output& out = ev->outputs[k];
    const Status status =
        decoder.translate(tools::to_ids(model.src_vocab, pairs[k].src), options, &trace);
    if (!status) {
      out.error = status.message();
      return;
    }
    for (int t = 0; t < trace.steps; ++t) {
      if (trace.out_ids[static_cast<size_t>(t)] == kEosId) break;
      out.words.push_back(model.tgt_vocab.word(trace.out_ids[static_cast<size_t>(t)]));
    }
  });
  ev->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// AER links (see the file comment) for the test.tsv sentences that have a gold alignment.
void align(const std::vector<tools::SentencePair>& pairs, size_t test_count,
           const DecodeOptions& options, Evaluation* ev) {
  const Model& model = ev->model;
  parallel_for(model, test_count, [&](Decoder& decoder, Trace& trace, size_t k) {
    Output& out = ev->outputs[k];
    if (pairs[k].links.empty() || !out.error.empty()) return;
    std::vector<int> reference = tools::to_ids(model.tgt_vocab, pairs[k].tgt);
    reference.push_back(kEosId);
    const Status status =
        decoder.score(tools::to_ids(model.src_vocab, pairs[k].src), reference, options, &trace);
    if (!status) {
      out.error = status.message();
      return;
    }
    for (int j = 0; j < static_cast<int>(pairs[k].tgt.size()); ++j)
      out.links.emplace_back(argmax_source(trace, j), j);
  });
}

int bucket_of(size_t src_len) {
  for (size_t b = 0; b < kBuckets.size(); ++b)
    if (src_len >= kBuckets[b].min_len && src_len <= kBuckets[b].max_len)
      return static_cast<int>(b);
  return -1;
}

std::array<size_t, kBuckets.size()> bucket_counts(const std::vector<tools::SentencePair>& pairs) {
  std::array<size_t, kBuckets.size()> counts{};
  for (const tools::SentencePair& pair : pairs)
    if (const int b = bucket_of(pair.src.size()); b >= 0) ++counts[static_cast<size_t>(b)];
  return counts;
}

void score(const std::vector<tools::SentencePair>& pairs, size_t test_count, Evaluation* ev) {
  std::vector<Tokens> hypotheses, references;
  for (size_t k = 0; k < test_count; ++k) {
    hypotheses.push_back(ev->outputs[k].words);
    references.push_back(pairs[k].tgt);
  }
  ev->test_bleu = tools::corpus_bleu(hypotheses, references);
  ev->exact_match = tools::exact_match(hypotheses, references);

  std::array<tools::BleuStats, kBuckets.size()> stats;
  for (size_t k = 0; k < pairs.size(); ++k)
    if (const int b = bucket_of(pairs[k].src.size()); b >= 0)
      stats[static_cast<size_t>(b)] += tools::bleu_stats(ev->outputs[k].words, pairs[k].tgt);
  const auto counts = bucket_counts(pairs);
  for (size_t b = 0; b < kBuckets.size(); ++b)
    ev->bucket_bleu[b] = counts[b] ? tools::bleu_score(stats[b]).score : kUndefined;

  for (size_t k = 0; k < pairs.size(); ++k) {
    const Output& out = ev->outputs[k];
    ev->refused += !out.error.empty();
    if (out.links.empty()) continue;
    std::vector<tools::Link> sure, possible;
    for (const tools::AlignmentLink& link : pairs[k].links)
      (link.sure ? sure : possible).emplace_back(link.src, link.tgt);
    ev->aer.add(out.links, sure, possible);
    ++ev->aligned;
  }
}

double length_ratio(const Evaluation& ev) {
  const double short_bleu = ev.bucket_bleu[kShortBucket];
  return short_bleu > 0 ? ev.bucket_bleu[kLongBucket] / short_bleu : kUndefined;
}

// ---------------------------------------------------------------------------------------------
// The Markdown report.

std::string fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

std::string join(const Tokens& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : " ") + word;
  return out;
}

void print_example(const std::vector<tools::SentencePair>& pairs, size_t k,
                   const std::vector<Evaluation>& evaluations) {
  std::printf("- **%s** (%zu words)\n  - reference: %s\n", join(pairs[k].src).c_str(),
              pairs[k].src.size(), join(pairs[k].tgt).c_str());
  for (const Evaluation& ev : evaluations) {
    const Output& out = ev.outputs[k];
    std::printf("  - %s: %s\n", ev.role.c_str(),
                (out.error.empty() ? join(out.words) : "(refused: " + out.error + ")").c_str());
  }
}

void print_examples(const std::vector<tools::SentencePair>& pairs,
                    const std::vector<Evaluation>& evaluations) {
  std::printf("## Examples\n\nThe first sentence of each length bucket:\n\n");
  for (size_t b = 0; b < kBuckets.size(); ++b) {
    const auto in_bucket = [&](const tools::SentencePair& p) {
      return bucket_of(p.src.size()) == static_cast<int>(b);
    };
    const auto it = std::find_if(pairs.begin(), pairs.end(), in_bucket);
    if (it != pairs.end())
      print_example(pairs, static_cast<size_t>(it - pairs.begin()), evaluations);
  }

  // The walkthrough's sentence (always in train, never in test): each model's translation and
  // the attention model's whole α matrix, the numbers the page opens with.
  const Tokens walkthrough{"je", "suis", "étudiant"};
  std::printf("\n### The walkthrough's sentence: \"je suis étudiant\"\n\n");
  for (const Evaluation& ev : evaluations) {
    Decoder decoder(ev.model);
    Trace trace;
    if (!decoder.translate(tools::to_ids(ev.model.src_vocab, walkthrough), DecodeOptions{}, &trace))
      continue;
    Tokens words;
    for (int id : trace.out_ids) words.push_back(ev.model.tgt_vocab.word(id));
    const bool finished = !words.empty() && words.back() == "</s>";
    std::printf("- %s: %s\n", ev.role.c_str(),
                join(Tokens(words.begin(), words.end() - (finished ? 1 : 0))).c_str());
    if (!ev.model.hyper.attention) continue;
    std::printf("\n  | α | je | suis | étudiant |\n  |---|---|---|---|\n");
    for (int t = 0; t < trace.steps; ++t) {
      std::printf("  | %s |", words[static_cast<size_t>(t)].c_str());
      for (int i = 0; i < trace.src_len; ++i)
        std::printf(" %.2f |",
                    static_cast<double>(trace.alpha[static_cast<size_t>(t * trace.src_len + i)]));
      std::printf("\n");
    }
    std::printf("\n");
  }
}

void print_report(const Options& o, const std::vector<tools::SentencePair>& pairs,
                  size_t test_count, const std::vector<Evaluation>& evaluations) {
  std::printf("# Evaluation\n\n");
  std::printf("Corpus `%s`: %zu test sentences (test.tsv), %zu long ones (test-long.tsv). ",
              o.corpus.c_str(), test_count, pairs.size() - test_count);
  if (o.beam == 1)
    std::printf("Greedy decoding.\n\n");
  else
    std::printf("Beam search, width %d.\n\n", o.beam);
  for (const Evaluation& ev : evaluations)
    std::printf("- %s: %s (`%s`)\n", ev.role.c_str(), ev.name.c_str(), ev.path.c_str());
  std::printf(
      "\nBLEU: corpus BLEU × 100 as sacreBLEU computes it by default (4-grams, exp smoothing), on "
      "the project's tokens (= `--tokenize none`). AER: reference teacher-forced, each reference "
      "word linked to its argmax-attention source word; lower is better.\n\n");

  std::printf("## Test set\n\n");
  std::printf("| model | BLEU | 1/2/3/4-gram precision | BP | exact match | AER | sentences/s |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  for (const Evaluation& ev : evaluations) {
    const auto& p = ev.test_bleu.precisions;
    const std::string aer =
        ev.aligned ? fixed(100 * ev.aer.aer(), 1) + "% (" + std::to_string(ev.aligned) + " sent.)"
                   : "—";
    std::printf("| %s | %s | %s/%s/%s/%s | %s | %s%% | %s | %s |\n", ev.role.c_str(),
                fixed(ev.test_bleu.score, 2).c_str(), fixed(p[0], 1).c_str(),
                fixed(p[1], 1).c_str(), fixed(p[2], 1).c_str(), fixed(p[3], 1).c_str(),
                fixed(ev.test_bleu.brevity_penalty, 3).c_str(),
                fixed(100 * ev.exact_match, 1).c_str(), aer.c_str(),
                fixed(static_cast<double>(pairs.size() - ev.refused) / ev.seconds, 1).c_str());
  }
  std::printf(
      "\nSpeed: sentences translated per second over both files (%zu sentences), %d threads with "
      "one decoder each.\n",
      pairs.size(), kThreads);
  for (const Evaluation& ev : evaluations)
    if (ev.refused)
      std::printf("\n**%s refused %zu sentences** (scored as empty translations), e.g.: %s\n",
                  ev.role.c_str(), ev.refused,
                  std::find_if(ev.outputs.begin(), ev.outputs.end(), [](const Output& out) {
                    return !out.error.empty();
                  })->error.c_str());

  std::printf("\n## BLEU by source length (test ∪ test-long)\n\n| French words | sentences |");
  for (const Evaluation& ev : evaluations) std::printf(" %s |", ev.role.c_str());
  std::printf("\n|---|---|");
  for (size_t m = 0; m < evaluations.size(); ++m) std::printf("---|");
  std::printf("\n");
  const auto counts = bucket_counts(pairs);
  for (size_t b = 0; b < kBuckets.size(); ++b) {
    std::printf("| %s | %zu |", kBuckets[b].label, counts[b]);
    for (const Evaluation& ev : evaluations)
      std::printf(" %s |", fixed(ev.bucket_bleu[b], 2).c_str());
    std::printf("\n");
  }
  const size_t outside = pairs.size() - std::accumulate(counts.begin(), counts.end(), size_t{0});
  if (outside)
    std::printf("\n%zu sentence%s longer than 40 words and in no bucket.\n", outside,
                outside == 1 ? " is" : "s are");
  std::printf("\nLength robustness, BLEU(31-40) / BLEU(6-10):\n\n");
  for (const Evaluation& ev : evaluations) {
    const double ratio = length_ratio(ev);
    std::printf("- %s: %s", ev.role.c_str(), fixed(ratio, 2).c_str());
    if (&ev == &evaluations.front())
      std::printf(
          " (target ≥ %.2f: %s)", kRatioTarget,
          std::isfinite(ratio) ? (ratio >= kRatioTarget ? "met" : "**not met**") : "cannot tell");
    std::printf("\n");
  }
  std::printf("\n");
  print_examples(pairs, evaluations);
}

// ---------------------------------------------------------------------------------------------
// The JSON for the page.

std::string json_number(double value) { return std::isfinite(value) ? fixed(value, 4) : "null"; }

template <class T, class Format>
std::string json_array(const T& values, const Format& format) {
  std::string out = "[";
  for (const auto& value : values) out += (out.size() > 1 ? "," : "") + format(value);
  return out + "]";
}

void write_json(const std::string& path, const std::vector<tools::SentencePair>& pairs,
                const std::vector<Evaluation>& evaluations) {
  std::string json = "{\"buckets\":" + json_array(kBuckets, [](const Bucket& b) {
                       return tools::json_string(b.label);
                     });
  json +=
      ",\"counts\":" + json_array(bucket_counts(pairs), [](size_t c) { return std::to_string(c); });
  for (const Evaluation& ev : evaluations) {
    json += ",\"" + ev.role + "\":{\"bleu\":" + json_array(ev.bucket_bleu, json_number) +
            ",\"testBleu\":" + json_number(ev.test_bleu.score) +
            ",\"exactMatch\":" + json_number(ev.exact_match);
    if (ev.model.hyper.attention) json += ",\"aer\":" + json_number(ev.aer.aer());
    json += "}";
  }
  json += ",\"generated\":" + tools::json_string(evaluations.front().name) + "}\n";
  tools::write_bytes(path, std::vector<uint8_t>(json.begin(), json.end()));
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  try {
    std::vector<tools::SentencePair> pairs = tools::read_corpus(o.corpus + "/test.tsv", o.limit);
    const size_t test_count = pairs.size();
    for (tools::SentencePair& pair : tools::read_corpus(o.corpus + "/test-long.tsv", o.limit))
      pairs.push_back(std::move(pair));

    DecodeOptions options;
    options.beam_width = o.beam;
    options.top_k = 1;  // the trace's candidate list is not used here, and costs a vocabulary scan

    std::vector<Evaluation> evaluations(o.baseline.empty() ? 1 : 2);
    load("attention", o.model, &evaluations[0]);
    if (!o.baseline.empty()) load("baseline", o.baseline, &evaluations[1]);
    for (Evaluation& ev : evaluations) {
      std::fprintf(stderr, "evaluate: decoding %zu sentences with %s\n", pairs.size(),
                   ev.path.c_str());
      decode(pairs, options, &ev);
      if (ev.model.hyper.attention) align(pairs, test_count, options, &ev);
      score(pairs, test_count, &ev);
    }
    print_report(o, pairs, test_count, evaluations);
    if (!o.json.empty()) write_json(o.json, pairs, evaluations);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "evaluate: %s\n", e.what());
    return 1;
  }
  return 0;
}
