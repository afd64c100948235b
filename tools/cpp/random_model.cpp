// Writes a model with random weights, for tests and benchmarks:
//   random_model OUT.aem [--seed N] [--attention 0|1] [--src-vocab N] [--tgt-vocab N]
//                [--embed N] [--enc-hidden N] [--dec-hidden N] [--attn-dim N] [--out-hidden N]
//                [--max-src-len N] [--max-tgt-len N] [--scale X]
// Vocabulary words are "w3", "w4", ... so that any "w<number>" sentence is in-vocabulary.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "model_io.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: random_model OUT.aem [--seed N] [--attention 0|1] ...\n");
    return 2;
  }
  std::map<std::string, double> o{{"seed", 1},         {"attention", 1},    {"src-vocab", 40},
                                  {"tgt-vocab", 30},   {"embed", 8},        {"enc-hidden", 6},
                                  {"dec-hidden", 10},  {"attn-dim", 5},     {"out-hidden", 7},
                                  {"max-src-len", 50}, {"max-tgt-len", 60}, {"scale", 0.5}};
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string key = std::string(argv[i]).substr(2);
    if (!o.count(key)) {
      std::fprintf(stderr, "random_model: unknown option %s\n", argv[i]);
      return 2;
    }
    o[key] = std::atof(argv[i + 1]);
  }
  ae::Hyper h;
  h.src_vocab = static_cast<int>(o["src-vocab"]);
  h.tgt_vocab = static_cast<int>(o["tgt-vocab"]);
  h.embed = static_cast<int>(o["embed"]);
  h.enc_hidden = static_cast<int>(o["enc-hidden"]);
  h.dec_hidden = static_cast<int>(o["dec-hidden"]);
  h.attn_dim = static_cast<int>(o["attn-dim"]);
  h.out_hidden = static_cast<int>(o["out-hidden"]);
  h.attention = o["attention"] != 0;
  h.max_src_len = static_cast<int>(o["max-src-len"]);
  h.max_tgt_len = static_cast<int>(o["max-tgt-len"]);
  const ae::Model model =
      ae::random_model(h, static_cast<unsigned>(o["seed"]), static_cast<float>(o["scale"]));
  ae::tools::write_bytes(argv[1], ae::write_model(model, {{"name", "random test model"}},
                                                  ae::TensorStorage::kFloat32));
  return 0;
}
