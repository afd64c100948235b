// Trains a model and writes it as a model file (docs/weights-format.md).
//
//   train --task translate --corpus data/corpus --out model/fr-en-attention.aem [--attention 0]
//   train --task copy|reverse --out model/toy-copy.aem          (toy models, data made in memory)
//
// Deterministic given --seed and --threads: examples are shuffled with a seeded generator, each
// minibatch is split between threads in a fixed way, and the per-thread gradients are summed in
// thread order.
#include "train.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>

#include "corpus.h"
#include "model_io.h"
#include "weights_file.h"

namespace {

using namespace ae;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string task = "translate";
  std::string corpus = "data/corpus";
  std::string out;
  bool attention = true;
  int embed = 48, enc_hidden = 64, dec_hidden = 128, attn_dim = 64, out_hidden = 128;
  int max_src_len = 50, max_tgt_len = 64;
  int batch = 32;
  long steps = 20000;
  float learning_rate = 2e-3f;
  float final_lr_fraction = 0.1f;
  float unk_dropout = 0.01f;
  unsigned seed = 1;
  int threads = 2;
  size_t train_limit = 0;
  int report_seconds = 15;
  std::string storage = "int8";
  std::string name;
  std::string float32_copy;  // also write the unquantized weights here (to measure quantization)
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr
      << "train: " << problem << "\n"
      << "usage: train --task translate|copy|reverse --out FILE [--corpus DIR] [--attention 0|1]\n"
         "  [--steps N] [--batch N] [--lr X] [--seed N] [--threads N] [--train-limit N]\n"
         "  [--embed N] [--enc-hidden N] [--dec-hidden N] [--attn-dim N] [--out-hidden N]\n"
         "  [--storage float32|float16|int8] [--name TEXT] [--float32-copy FILE]\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  std::map<std::string, std::string> args;
  for (int i = 1; i < argc; i += 2) {
    const std::string key = argv[i];
    if (key.rfind("--", 0) != 0 || i + 1 >= argc) usage("bad argument " + key);
    args[key.substr(2)] = argv[i + 1];
  }
  auto take = [&](const char* key, auto* into) {
    auto it = args.find(key);
    if (it == args.end()) return;
    if constexpr (std::is_same_v<std::remove_pointer_t<decltype(into)>, std::string>) {
      *into = it->second;  // whole value, spaces included (e.g. --name "fr-en attention")
    } else {
      std::istringstream in(it->second);
      in >> *into;
      if (!in || !in.eof()) usage(std::string("bad value for --") + key);
    }
    args.erase(it);
  };
  take("task", &o.task);
  take("corpus", &o.corpus);
  take("out", &o.out);
  take("attention", &o.attention);
  take("embed", &o.embed);
  take("enc-hidden", &o.enc_hidden);
  take("dec-hidden", &o.dec_hidden);
  take("attn-dim", &o.attn_dim);
  take("out-hidden", &o.out_hidden);
  take("max-src-len", &o.max_src_len);
  take("max-tgt-len", &o.max_tgt_len);
  take("batch", &o.batch);
  take("steps", &o.steps);
  take("lr", &o.learning_rate);
  take("seed", &o.seed);
  take("threads", &o.threads);
  take("train-limit", &o.train_limit);
  take("report-seconds", &o.report_seconds);
  take("storage", &o.storage);
  take("name", &o.name);
  take("float32-copy", &o.float32_copy);
  if (!args.empty()) usage("unknown option --" + args.begin()->first);
  if (o.out.empty()) usage("--out is required");
  if (o.threads < 1 || o.batch < 1 || o.steps < 1) usage("threads, batch and steps must be >= 1");
  return o;
}

// Toy data: random sequences over the letters a..z, and either the same sequence (copy: a sharp
// diagonal of attention) or its reverse (an anti-diagonal).
std::vector<tools::SentencePair> toy_pairs(const std::string& task, unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> length(1, 12), letter(0, 25);
  std::vector<tools::SentencePair> pairs;
  for (int n = 0; n < count; ++n) {
    tools::SentencePair p;
    const int len = length(rng);
    for (int i = 0; i < len; ++i)
      p.src.push_back(std::string(1, static_cast<char>('a' + letter(rng))));
    p.tgt = p.src;
    if (task == "reverse") std::reverse(p.tgt.begin(), p.tgt.end());
    pairs.push_back(std::move(p));
  }
  return pairs;
}

std::vector<TrainExample> to_examples(const std::vector<tools::SentencePair>& pairs,
                                      const Model& model) {
  std::vector<TrainExample> examples;
  for (const auto& p : pairs) {
    if (p.src.empty() || static_cast<int>(p.src.size()) > model.hyper.max_src_len ||
        static_cast<int>(p.tgt.size()) + 1 > model.hyper.max_tgt_len)
      continue;
    TrainExample ex{tools::to_ids(model.src_vocab, p.src), tools::to_ids(model.tgt_vocab, p.tgt)};
    ex.tgt.push_back(kEosId);
    examples.push_back(std::move(ex));
  }
  return examples;
}

double exact_match(const Model& model, const std::vector<TrainExample>& examples, size_t limit) {
  Decoder decoder(model);
  Trace trace;
  size_t right = 0, n = std::min(limit, examples.size());
  for (size_t i = 0; i < n; ++i) {
    decoder.translate(examples[i].src, DecodeOptions{}, &trace);
    right += trace.out_ids == examples[i].tgt;
  }
  return n ? static_cast<double>(right) / static_cast<double>(n) : 0.0;
}

TensorStorage storage_of(const std::string& name) {
  if (name == "float32") return TensorStorage::kFloat32;
  if (name == "float16") return TensorStorage::kFloat16;
  if (name == "int8") return TensorStorage::kInt8RowScaled;
  usage("unknown storage " + name);
}

void save(const Model& model, const Options& o, const std::string& path, long step) {
  const std::vector<std::pair<std::string, std::string>> metadata{
      {"name", o.name.empty() ? o.task + (o.attention ? " attention" : " no-attention") : o.name},
      {"task", o.task},
      {"trained_steps", std::to_string(step)},
      {"seed", std::to_string(o.seed)}};
  tools::write_bytes(path, write_model(model, metadata, storage_of(o.storage)));
  if (!o.float32_copy.empty())
    tools::write_bytes(o.float32_copy, write_model(model, metadata, TensorStorage::kFloat32));
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::vector<tools::SentencePair> train_pairs, dev_pairs;
  try {
    if (o.task == "translate") {
      train_pairs = tools::read_corpus(o.corpus + "/train.tsv", o.train_limit);
      dev_pairs = tools::read_corpus(o.corpus + "/dev.tsv", 500);
    } else if (o.task == "copy" || o.task == "reverse") {
      train_pairs = toy_pairs(o.task, o.seed, 20000);
      dev_pairs = toy_pairs(o.task, o.seed + 1000, 300);
    } else {
      usage("unknown task " + o.task);
    }
  } catch (const std::exception& e) {
    std::cerr << "train: " << e.what() << "\n";
    return 1;
  }

  Model model;
  model.src_vocab = tools::build_vocab(train_pairs, true);
  model.tgt_vocab = tools::build_vocab(train_pairs, false);
  Hyper& h = model.hyper;
  h.src_vocab = model.src_vocab.size();
  h.tgt_vocab = model.tgt_vocab.size();
  h.embed = o.embed;
  h.enc_hidden = o.enc_hidden;
  h.dec_hidden = o.dec_hidden;
  h.attn_dim = o.attn_dim;
  h.out_hidden = o.out_hidden;
  h.attention = o.attention;
  h.max_src_len = o.max_src_len;
  h.max_tgt_len = o.max_tgt_len;
  // Small uniform initialisation, as in the classic sequence-to-sequence recipes.
  model.params = random_model(h, o.seed, 0.08f).params;

  const std::vector<TrainExample> train = to_examples(train_pairs, model);
  const std::vector<TrainExample> dev = to_examples(dev_pairs, model);
  std::printf("train: %zu examples, dev: %zu, |V_x| = %d, |V_y| = %d, attention = %d\n",
              train.size(), dev.size(), h.src_vocab, h.tgt_vocab, h.attention ? 1 : 0);
  if (train.empty()) usage("no training examples");

  std::vector<SentenceGradient> workspaces;
  std::vector<Params> grads;
  for (int k = 0; k < o.threads; ++k) {
    workspaces.emplace_back(h);
    grads.push_back(zero_params(h));
  }
  AdamConfig adam_config;
  adam_config.learning_rate = o.learning_rate;
  Adam adam(h, adam_config);
  std::mt19937 rng(o.seed);
  std::vector<size_t> order(train.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  std::bernoulli_distribution drop_word(o.unk_dropout);

  size_t cursor = 0;
  double window_loss = 0, window_tokens = 0;
  long window_examples = 0;
  const auto start = Clock::now();
  auto last_report = start;
  for (long step = 1; step <= o.steps; ++step) {
    // Minibatch, with a few source words replaced by <unk> so the model learns to carry on
    // around words it does not know (the page marks them; the model must still translate).
    std::vector<TrainExample> batch;
    for (int b = 0; b < o.batch; ++b) {
      if (cursor == order.size()) {
        cursor = 0;
        std::shuffle(order.begin(), order.end(), rng);
      }
      TrainExample ex = train[order[cursor++]];
      for (int& id : ex.src)
        if (drop_word(rng)) id = kUnkId;
      batch.push_back(std::move(ex));
    }
    std::vector<double> losses(static_cast<size_t>(o.threads), 0.0);
    auto work = [&](int k) {
      for (Matrix* m : param_list(h, grads[static_cast<size_t>(k)])) m->setZero();
      for (size_t b = static_cast<size_t>(k); b < batch.size(); b += static_cast<size_t>(o.threads))
        losses[static_cast<size_t>(k)] += workspaces[static_cast<size_t>(k)].accumulate(
            model, batch[b], &grads[static_cast<size_t>(k)]);
    };
    std::vector<std::thread> pool;
    for (int k = 1; k < o.threads; ++k) pool.emplace_back(work, k);
    work(0);
    for (std::thread& t : pool) t.join();
    std::vector<Matrix*> total = param_list(h, grads[0]);
    for (int k = 1; k < o.threads; ++k) {
      std::vector<Matrix*> part = param_list(h, grads[static_cast<size_t>(k)]);
      for (size_t i = 0; i < total.size(); ++i) *total[i] += *part[i];
    }
    double tokens = 0;
    for (const TrainExample& ex : batch) tokens += static_cast<double>(ex.tgt.size());
    for (Matrix* m : total) *m /= static_cast<float>(batch.size());
    // Linear decay of the learning rate to final_lr_fraction over the run.
    const float progress = static_cast<float>(step) / static_cast<float>(o.steps);
    adam_config.learning_rate = o.learning_rate * (1.0f - (1.0f - o.final_lr_fraction) * progress);
    adam.set_learning_rate(adam_config.learning_rate);
    const float norm = adam.step(h, &model.params, &grads[0]);
    for (double l : losses) window_loss += l;
    window_tokens += tokens;
    window_examples += static_cast<long>(batch.size());

    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_report).count();
    if (since >= o.report_seconds || step == o.steps) {
      const double elapsed = std::chrono::duration<double>(now - start).count();
      std::printf(
          "step %ld/%ld  loss/token %.4f  grad-norm %.2f  lr %.2e  %.0f sentences/s  %.0f s\n",
          step, o.steps, window_loss / window_tokens, norm, adam_config.learning_rate,
          static_cast<double>(window_examples) / since, elapsed);
      std::fflush(stdout);
      window_loss = window_tokens = 0;
      window_examples = 0;
      last_report = now;
    }
    if (step % 2000 == 0 || step == o.steps) {
      save(model, o, o.out, step);
      std::printf("checkpoint %s at step %ld, dev exact match %.1f%%\n", o.out.c_str(), step,
                  100.0 * exact_match(model, dev, 200));
      std::fflush(stdout);
    }
  }
  return 0;
}
