// A structured fuzzer for the decoder: the input bytes choose a small random model (every
// hyper-parameter in a small range, weights from the bytes at a magnitude up to ±1e3), a source
// sentence, a target sentence and decoding options (beam 1-8, temperature 1e-3..1e3, any
// maxLength and topK), then translate and score must succeed and every Trace must keep the
// promises of trace_invariants.h: no NaN or infinity anywhere, α rows summing to 1 ± 1e-6,
// lengths matching the layout. Translating twice must give the same trace (no state leaks from
// one call into the next through the reused buffers).
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "decoder.h"
#include "fuzz_check.h"
#include "trace_invariants.h"

namespace {

using ae::fuzz::require;

// Everything but the weights, so that a trace that breaks a promise can be described.
struct Case {
  ae::Hyper hyper;
  ae::DecodeOptions options;
  std::vector<int> source, target;
  float scale = 1;
};

std::vector<int> consume_ids(FuzzedDataProvider& in, int min_length, int max_length, int vocab) {
  std::vector<int> ids(in.ConsumeIntegralInRange<size_t>(min_length, max_length));
  for (int& id : ids) id = in.ConsumeIntegralInRange(0, vocab - 1);
  return ids;
}

Case consume_case(FuzzedDataProvider& in) {
  Case c;
  ae::Hyper& h = c.hyper;
  h.src_vocab = in.ConsumeIntegralInRange(ae::kNumReservedIds, 24);
  h.tgt_vocab = in.ConsumeIntegralInRange(ae::kNumReservedIds, 24);
  h.embed = in.ConsumeIntegralInRange(1, 8);
  h.enc_hidden = in.ConsumeIntegralInRange(1, 8);
  h.dec_hidden = in.ConsumeIntegralInRange(1, 8);
  h.attn_dim = in.ConsumeIntegralInRange(1, 8);
  h.out_hidden = in.ConsumeIntegralInRange(1, 8);
  h.attention = in.ConsumeBool();
  h.max_src_len = in.ConsumeIntegralInRange(1, 10);
  h.max_tgt_len = in.ConsumeIntegralInRange(1, 10);

  c.options.beam_width = in.ConsumeIntegralInRange(1, 8);
  c.options.max_len = in.ConsumeIntegralInRange(-1, h.max_tgt_len + 2);  // <= 0: the model's
  c.options.temperature = std::pow(10.0f, in.ConsumeFloatingPointInRange(-3.0f, 3.0f));
  c.options.top_k = in.ConsumeIntegralInRange(-1, h.tgt_vocab + 2);
  c.source = consume_ids(in, 1, h.max_src_len, h.src_vocab);
  c.target = consume_ids(in, 0, h.max_tgt_len + 2, h.tgt_vocab);
  c.scale = in.PickValueInArray({1e-3f, 0.1f, 1.0f, 10.0f, 100.0f, 1e3f});
  return c;
}

// Weights in [-scale, scale], one byte each; once the bytes run out the rest are zero, which is
// a valid (if dull) model too.
ae::Model build_model(const Case& c, FuzzedDataProvider& in) {
  ae::Model model = ae::random_model(c.hyper, 0, 0.0f);
  ae::for_each_param(c.hyper, model.params, [&](const std::string&, ae::Matrix& m) {
    for (Eigen::Index i = 0; i < m.size(); ++i) {
      m.data()[i] = c.scale * static_cast<float>(in.ConsumeIntegral<int8_t>()) / 127.0f;
    }
  });
  return model;
}

void require_safe(const ae::Trace& trace, const Case& c, const char* call) {
  const std::string broken = ae::invariants::check_trace(trace, c.hyper);
  require(broken.empty(), std::string(call) + ": " + broken + " (beam " +
                              std::to_string(c.options.beam_width) + ", temperature " +
                              std::to_string(c.options.temperature) + ", scale " +
                              std::to_string(c.scale) + ")");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Case c = consume_case(in);
  const ae::Model model = build_model(c, in);
  ae::Decoder decoder(model);

  ae::Trace first, second, scored;
  require(decoder.translate(c.source, c.options, &first).is_ok(), "translate succeeds");
  require_safe(first, c, "translate");
  require(decoder.score(c.source, c.target, c.options, &scored).is_ok(), "score succeeds");
  require_safe(scored, c, "score");
  require(decoder.translate(c.source, c.options, &second).is_ok(), "translate succeeds again");
  require(second.out_ids == first.out_ids && second.alpha == first.alpha &&
              second.token_probs == first.token_probs && second.s == first.s,
          "translating the same sentence twice gives the same trace");
  return 0;
}
