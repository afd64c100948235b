// Translates one sentence natively and prints the whole trace as JSON, with the same field names
// as the WebAssembly API (wasm/attention.d.ts), so the two can be compared number by number.
//   trace MODEL.aem "je suis étudiant" [--beam N] [--temperature X] [--reference "i am a student"]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "decoder.h"
#include "json.h"
#include "model_io.h"
#include "text.h"
#include "tokenizer.h"

namespace {

void print_array(const char* name, const std::vector<float>& v) {
  std::printf("\"%s\":[", name);
  for (size_t i = 0; i < v.size(); ++i)
    std::printf("%s%.9g", i ? "," : "", static_cast<double>(v[i]));
  std::printf("],\n");
}

void print_array(const char* name, const std::vector<int>& v) {
  std::printf("\"%s\":[", name);
  for (size_t i = 0; i < v.size(); ++i) std::printf("%s%d", i ? "," : "", v[i]);
  std::printf("],\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(
        stderr,
        "usage: trace MODEL.aem SENTENCE [--beam N] [--temperature X] [--reference TEXT]\n");
    return 2;
  }
  ae::DecodeOptions options;
  std::string reference;
  bool forced = false;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--beam")
      options.beam_width = std::atoi(argv[i + 1]);
    else if (key == "--temperature")
      options.temperature = static_cast<float>(std::atof(argv[i + 1]));
    else if (key == "--reference")
      reference = argv[i + 1], forced = true;
    else {
      std::fprintf(stderr, "trace: unknown option %s\n", key.c_str());
      return 2;
    }
  }
  try {
    const ae::Model model = ae::tools::load_model(argv[1]);
    ae::Tokenized tokens;
    ae::Status status = ae::tokenize(argv[2], model.src_vocab, model.hyper.max_src_len, &tokens);
    ae::Decoder decoder(model);
    ae::Trace t;
    if (status) {
      if (forced) {
        std::vector<int> target;
        for (const std::string& w : ae::split_words(ae::normalize_text(reference)))
          target.push_back(model.tgt_vocab.id(w));
        target.push_back(ae::kEosId);
        status = decoder.score(tokens.ids, target, options, &t);
      } else {
        status = decoder.translate(tokens.ids, options, &t);
      }
    }
    if (!status) {
      std::printf("{\"ok\":false,\"error\":%s}\n",
                  ae::tools::json_string(status.message()).c_str());
      return 1;
    }
    std::vector<std::string> words;
    for (int id : t.out_ids) words.push_back(model.tgt_vocab.word(id));
    std::printf(
        "{\"ok\":true,\n\"translation\":%s,\n\"srcLen\":%d,\n\"steps\":%d,\n\"logProb\":%.9g,\n",
        ae::tools::json_string(ae::join_words(words)).c_str(), t.src_len, t.steps, t.log_prob);
    std::printf("\"outTokens\":[");
    for (size_t i = 0; i < words.size(); ++i)
      std::printf("%s%s", i ? "," : "", ae::tools::json_string(words[i]).c_str());
    std::printf("],\n");
    print_array("srcIds", t.src_ids);
    print_array("outIds", t.out_ids);
    print_array("tokenProbs", t.token_probs);
    print_array("encoderStates", t.encoder_states);
    print_array("keys", t.keys);
    print_array("sPrev", t.s_prev);
    print_array("question", t.question);
    print_array("scores", t.scores);
    print_array("expShifted", t.exp_shifted);
    print_array("scoreMax", t.score_max);
    print_array("expSum", t.exp_sum);
    print_array("alpha", t.alpha);
    print_array("context", t.context);
    print_array("s", t.s);
    print_array("topkIds", t.topk_ids);
    print_array("topkProbs", t.topk_probs);
    std::printf("\"attention\":%s}\n", t.attention ? "true" : "false");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "trace: %s\n", e.what());
    return 1;
  }
  return 0;
}
