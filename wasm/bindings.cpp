// The JavaScript boundary. It only adapts the core (core/) to JS values; it computes nothing.
//
// Ownership (see wasm/attention.d.ts): the only C++ object JS holds is an Explorer, which the
// caller must delete() when done. Everything an Explorer returns is a plain JS object whose arrays
// are COPIES, so results stay valid after the WASM memory grows and nothing has to be freed. The
// Explorer keeps its decoding buffers between calls, so translating sentence after sentence
// leaves the WASM heap where it was.
//
// Cost: tokenize, translate, score and beam each cross the boundary O(1) times whatever the
// sentence. Their C++ halves here (_tokenize, _translate, ...) write the whole result as one
// Reply (reply.h) and their JS halves in explorer.js, linked in with --post-js, turn it into the
// documented object with one copy of all its typed arrays.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "decoder.h"
#include "kernels.h"
#include "layers.h"
#include "reply.h"
#include "text.h"
#include "tokenizer.h"
#include "weights_file.h"

namespace {

using emscripten::val;

// A copy (not a view: views die when the memory grows) as a Float32Array.
val floats(const std::vector<float>& v) {
  return val::global("Float32Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

val strings(const std::vector<std::string>& words) {
  val out = val::array();
  for (const std::string& w : words) out.call<void>("push", w);
  return out;
}

std::vector<float> to_floats(const val& array) {
  return emscripten::convertJSArrayToNumberVector<float>(array);
}

val error_result(const std::string& message) {
  val out = val::object();
  out.set("ok", false);
  out.set("error", message);
  return out;
}

// A JS number as an int: saturated at the ends of the int range, NaN as 0 (what JS's ToInt32
// gives it). Embind's own conversion of a number outside the int range throws a TypeError out of
// the middle of a call under -sASSERTIONS, skipping C++ destructors (a leak), and wraps around
// (4294967298 becomes 2) without.
int saturated_int(double x) {
  if (std::isnan(x)) return 0;
  return static_cast<int>(std::clamp(x, static_cast<double>(std::numeric_limits<int>::min()),
                                     static_cast<double>(std::numeric_limits<int>::max())));
}

// The numeric decoding options, as explorer.js passes them: what the caller gave where it gave a
// number, else the default (decode_defaults()). Passing plain numbers costs no boundary crossing;
// reading each property of a JS object from here costs several.
ae::DecodeOptions decode_options(double beam_width, double max_length, double temperature,
                                 double top_k) {
  ae::DecodeOptions o;
  o.beam_width = saturated_int(beam_width);
  o.max_len = saturated_int(max_length);
  o.temperature = static_cast<float>(temperature);
  o.top_k = saturated_int(top_k);
  return o;
}

// DecodeOptions' defaults under their JS names, for explorer.js to fill in missing options.
val decode_defaults() {
  const ae::DecodeOptions defaults;
  val out = val::object();
  out.set("beamWidth", defaults.beam_width);
  out.set("maxLength", defaults.max_len);
  out.set("temperature", defaults.temperature);
  out.set("topK", defaults.top_k);
  return out;
}

// options.forcedAttention = { step, weights } into `into`; the core checks the weights' values.
// A weight that is not a number becomes NaN, which the core refuses with its position.
ae::Status read_forced_attention(const val& forced, int src_len, ae::DecodeOptions* into) {
  if (forced.isUndefined() || forced.isNull()) return ae::Status::ok();
  const char* shape =
      "forcedAttention must be { step, weights } with step >= 1 (1-based) and "
      "one weight per source word";
  if (forced.typeOf().as<std::string>() != "object") return ae::Status::error(shape);
  const val step = forced["step"], weights = forced["weights"];
  if (!step.isNumber() || !(step.as<double>() >= 1)) return ae::Status::error(shape);
  const bool listlike = val::global("Array").call<bool>("isArray", weights) ||
                        val::global("ArrayBuffer").call<bool>("isView", weights);
  if (!listlike || !weights["length"].isNumber()) return ae::Status::error(shape);
  const double length = weights["length"].as<double>();
  if (length != src_len)
    return ae::Status::error(
        "forcedAttention has " + std::to_string(static_cast<long long>(length)) +
        " weights but the sentence has " + std::to_string(src_len) + " words.");
  into->forced_step = saturated_int(step.as<double>());
  // Element by element (src_len <= max_src_len crossings, only when forcing): a bulk
  // Float32Array.set would throw out of the middle of C++ on BigInts or Symbols.
  into->forced_weights.resize(static_cast<size_t>(src_len));
  for (int i = 0; i < src_len; ++i) {
    const val w = weights[i];
    into->forced_weights[static_cast<size_t>(i)] =
        w.isNumber() ? static_cast<float>(w.as<double>()) : std::numeric_limits<float>::quiet_NaN();
  }
  return ae::Status::ok();
}

// beam(): the width the beam view offers.
constexpr int kMaxTreeBeamWidth = 8;

class Explorer {
 public:
  // Returns "" on success, else a message for the user.
  std::string load(const val& bytes) {
    // Anything else would have its "length" trusted: a negative or huge one asks for gigabytes,
    // and failing to get them aborts the whole module.
    if (!bytes.instanceof (val::global("Uint8Array"))) {
      return "The model file must be given as a Uint8Array.";
    }
    const size_t n = bytes["length"].as<size_t>();
    std::vector<uint8_t> buffer(n);
    val(emscripten::typed_memory_view(n, buffer.data())).call<void>("set", bytes);
    auto model = std::make_unique<ae::Model>();
    const ae::Status status = ae::read_model(buffer.data(), buffer.size(), model.get());
    if (!status) return status.message();
    decoder_.reset();
    model_ = std::move(model);
    decoder_ = std::make_unique<ae::Decoder>(*model_);
    metadata_.clear();
    ae::read_model_metadata(buffer.data(), buffer.size(), &metadata_);
    return "";
  }

  bool loaded() const { return model_ != nullptr; }

  val info() const {
    if (!model_) return error_result("No model is loaded.");
    const ae::Hyper& h = model_->hyper;
    val out = val::object();
    out.set("ok", true);
    out.set("attention", h.attention);
    out.set("srcVocab", h.src_vocab);
    out.set("tgtVocab", h.tgt_vocab);
    out.set("embed", h.embed);
    out.set("encHidden", h.enc_hidden);
    out.set("contextSize", h.context_size());
    out.set("decHidden", h.dec_hidden);
    out.set("attnDim", h.attn_dim);
    out.set("outHidden", h.out_hidden);
    out.set("maxSrcLen", h.max_src_len);
    out.set("maxTgtLen", h.max_tgt_len);
    val meta = val::object();
    for (const auto& [key, value] : metadata_) meta.set(key, value);
    out.set("metadata", meta);
    return out;
  }

  // The C++ halves of tokenize, translate, score and beam: each returns its Reply's text.
  val tokenize_reply(const std::string& text) {
    if (!model_) return error_reply("No model is loaded.");
    const ae::Status status =
        ae::tokenize(text, model_->src_vocab, model_->hyper.max_src_len, &tokens_);
    reply_.begin();
    reply_.boolean("ok", status.is_ok());
    reply_.string("error", status.message());
    write_tokens();
    return reply_.finish();
  }

  // Sentences longer than the model accepts are clipped (reported in `clippedFrom`) rather than
  // refused, so typing never ends in an error.
  val translate_reply(const std::string& text, double beam_width, double max_length,
                      double temperature, double top_k, const val& forced_attention) {
    ae::DecodeOptions decode = decode_options(beam_width, max_length, temperature, top_k);
    if (const ae::Status s = prepare(text, forced_attention, &decode); !s) return failure_reply(s);
    const ae::Status status = decoder_->translate(tokens_.ids, decode, &trace_);
    if (!status) return error_reply(status.message());
    begin_trace_reply();
    return reply_.finish();
  }

  // Teacher forcing: how the model would produce `reference` (English words, space-separated).
  val score_reply(const std::string& text, const std::string& reference, double beam_width,
                  double max_length, double temperature, double top_k,
                  const val& forced_attention) {
    ae::DecodeOptions decode = decode_options(beam_width, max_length, temperature, top_k);
    if (const ae::Status s = prepare(text, forced_attention, &decode); !s) return failure_reply(s);
    target_.clear();
    unknown_targets_.clear();
    for (std::string& word : ae::split_words(ae::normalize_text(reference))) {
      const int id = model_->tgt_vocab.id(word);
      if (id == ae::kUnkId) unknown_targets_.push_back(std::move(word));
      target_.push_back(id);
    }
    target_.push_back(ae::kEosId);
    const ae::Status status = decoder_->score(tokens_.ids, target_, decode, &trace_);
    if (!status) return error_reply(status.message());
    begin_trace_reply();
    reply_.strings("unknownReferenceWords", unknown_targets_);
    return reply_.finish();
  }

  // The C++ half of scoreAnatomy: the parts of the scores of one step, from that step's question
  // W_a s_{t-1} and the keys U_a h_i (Float32Arrays, which explorer.js takes from a trace).
  val score_anatomy(const val& question_js, const val& keys_js) {
    if (!model_) return error_result("No model is loaded.");
    const ae::Status status =
        ae::score_anatomy(*model_, to_floats(question_js), to_floats(keys_js), &anatomy_);
    if (!status) return error_result(status.message());
    val out = val::object();
    out.set("ok", true);
    out.set("error", "");
    out.set("preTanh", floats(anatomy_.pre_tanh));
    out.set("bent", floats(anatomy_.bent));
    out.set("scores", floats(anatomy_.scores));
    return out;
  }

  val beam_reply(const std::string& text, double beam_width, double max_length, double temperature,
                 double top_k, const val& forced_attention) {
    ae::DecodeOptions decode = decode_options(beam_width, max_length, temperature, top_k);
    decode.beam_width = std::clamp(decode.beam_width, 1, kMaxTreeBeamWidth);
    if (const ae::Status s = prepare(text, forced_attention, &decode); !s) return failure_reply(s);
    const ae::Status status = decoder_->beam(tokens_.ids, decode, &tree_);
    if (!status) return error_reply(status.message());
    const ae::BeamTree& tree = tree_;
    begin_success_reply();
    reply_.integer("srcLen", tree.src_len);
    reply_.integer("beamWidth", tree.width);
    reply_.integer("nodeCount", tree.size());
    reply_.ints("nodeParent", tree.parent);
    reply_.ints("nodeStep", tree.step);
    reply_.ints("nodeWordId", tree.word);
    reply_.target_words("nodeWords", tree.word);
    reply_.floats("nodeLogProb", tree.log_prob);
    reply_.floats("nodeTokenProb", tree.token_prob);
    reply_.bytes("nodeFinished", tree.finished);
    reply_.floats("nodeAlpha", tree.alpha);
    reply_.begin_array("hypotheses");
    std::vector<int> word_ids;
    for (const ae::BeamTree::Hypothesis& hyp : tree.hypotheses) {
      const std::vector<int> nodes = tree.path(hyp.leaf);
      word_ids.clear();
      for (int node : nodes) word_ids.push_back(tree.word[static_cast<size_t>(node)]);
      reply_.begin_object();
      reply_.ints("nodes", nodes);
      reply_.target_words("words", word_ids);
      reply_.string("translation", ae::join_words(target_words(word_ids)));
      reply_.number("logProb", hyp.log_prob);
      reply_.number("score", hyp.score);
      reply_.end();
    }
    reply_.end();
    return reply_.finish();
  }

  val sourceWords() const { return model_ ? strings(model_->src_vocab.words()) : val::array(); }
  val targetWords() const { return model_ ? strings(model_->tgt_vocab.words()) : val::array(); }

 private:
  // Tokenizes `text` into tokens_ and clips it to what the model reads; then reads the forced
  // attention, whose length is the clipped sentence's. An empty Status with `empty_` set means
  // the text has no words.
  ae::Status prepare(const std::string& text, const val& forced_attention,
                     ae::DecodeOptions* decode) {
    empty_ = false;
    if (!model_) return ae::Status::error("No model is loaded.");
    const int limit = model_->hyper.max_src_len;
    ae::tokenize(text, model_->src_vocab, 0, &tokens_);
    clipped_from_ = static_cast<int>(tokens_.ids.size());
    if (clipped_from_ > limit) {
      tokens_.tokens.resize(static_cast<size_t>(limit));
      tokens_.ids.resize(static_cast<size_t>(limit));
      tokens_.unknown.resize(static_cast<size_t>(limit));
    } else {
      clipped_from_ = 0;
    }
    if (tokens_.ids.empty()) {
      empty_ = true;
      return ae::Status::error("");
    }
    return read_forced_attention(forced_attention, static_cast<int>(tokens_.ids.size()), decode);
  }

  val failure_reply(const ae::Status& status) {
    if (!empty_) return error_reply(status.message());
    reply_.begin();
    reply_.boolean("ok", false);
    reply_.string("error", "");
    reply_.boolean("empty", true);
    return reply_.finish();
  }

  val error_reply(const std::string& message) {
    reply_.begin();
    reply_.boolean("ok", false);
    reply_.string("error", message);
    return reply_.finish();
  }

  // What every successful decoding reply starts with: ok, no error, the clipping and the tokens.
  void begin_success_reply() {
    reply_.begin();
    reply_.boolean("ok", true);
    reply_.string("error", "");
    reply_.integer("clippedFrom", clipped_from_);
    write_tokens();
  }

  void write_tokens() {
    reply_.strings("tokens", tokens_.tokens);
    reply_.ints("ids", tokens_.ids);
    reply_.booleans("unknown", tokens_.unknown);
    reply_.begin_array("hints");
    for (size_t i = 0; i < tokens_.tokens.size(); ++i) {
      reply_.begin_array();
      if (tokens_.unknown[i])
        for (const std::string& hint : ae::closest_words(tokens_.tokens[i], model_->src_vocab, 3))
          reply_.element(hint);
      reply_.end();
    }
    reply_.end();
  }

  std::vector<std::string> target_words(const std::vector<int>& ids) const {
    std::vector<std::string> words;
    words.reserve(ids.size());
    for (int id : ids) words.push_back(model_->tgt_vocab.word(id));
    return words;
  }

  // Starts a reply with the fields of wasm/attention.d.ts's Trace, from tokens_ and trace_.
  void begin_trace_reply() {
    const ae::Trace& t = trace_;
    begin_success_reply();
    reply_.boolean("attention", t.attention);
    reply_.integer("srcLen", t.src_len);
    reply_.integer("steps", t.steps);
    reply_.integer("contextSize", t.context_size);
    reply_.integer("attnDim", t.attn_dim);
    reply_.integer("decHidden", t.dec_hidden);
    reply_.integer("topK", t.top_k);
    reply_.integer("forcedStep", t.forced_step);
    reply_.ints("outIds", t.out_ids);
    reply_.target_words("outTokens", t.out_ids);
    reply_.string("translation", ae::join_words(target_words(t.out_ids)));
    reply_.floats("tokenProbs", t.token_probs);
    reply_.number("logProb", t.log_prob);
    reply_.floats("encoderStates", t.encoder_states);
    reply_.floats("keys", t.keys);
    reply_.floats("sPrev", t.s_prev);
    reply_.floats("question", t.question);
    reply_.floats("scores", t.scores);
    reply_.floats("expShifted", t.exp_shifted);
    reply_.floats("scoreMax", t.score_max);
    reply_.floats("expSum", t.exp_sum);
    reply_.floats("alpha", t.alpha);
    reply_.floats("context", t.context);
    reply_.floats("s", t.s);
    reply_.ints("topkIds", t.topk_ids);
    reply_.target_words("topkWords", t.topk_ids);
    reply_.floats("topkProbs", t.topk_probs);
  }

  std::unique_ptr<ae::Model> model_;
  std::unique_ptr<ae::Decoder> decoder_;
  std::vector<std::pair<std::string, std::string>> metadata_;
  // The buffers of every call, kept so that their capacity is reused: the reply (its text and
  // arena hold the last result until explorer.js has copied it) and the core's outputs.
  ae::wasm::Reply reply_;
  ae::Tokenized tokens_;
  ae::Trace trace_;
  ae::ScoreAnatomy anatomy_;
  ae::BeamTree tree_;
  std::vector<int> target_;
  std::vector<std::string> unknown_targets_;
  int clipped_from_ = 0;
  bool empty_ = false;
};

// The walkthrough's step 4 on any scores: {max, expShifted, sum, alpha}.
val softmax_parts(const val& scores_js) {
  const std::vector<float> scores = to_floats(scores_js);
  if (scores.empty()) return error_result("softmax needs at least one score");
  std::vector<float> ex(scores.size()), alpha(scores.size());
  const ae::SoftmaxParts parts =
      ae::softmax_forward(scores.data(), static_cast<int>(scores.size()), ex.data(), alpha.data());
  val out = val::object();
  out.set("ok", true);
  out.set("max", parts.max);
  out.set("sum", parts.sum);
  out.set("expShifted", floats(ex));
  out.set("alpha", floats(alpha));
  return out;
}

// The walkthrough's step 5: c = Σ_i α_i h_i for vectors given row by row (n x dim).
val blend(const val& alpha_js, const val& vectors_js, int dim) {
  const std::vector<float> alpha = to_floats(alpha_js), vectors = to_floats(vectors_js);
  if (dim <= 0 || vectors.size() != alpha.size() * static_cast<size_t>(dim))
    return error_result("blend needs alpha.length * dim vector entries");
  std::vector<float> context(static_cast<size_t>(dim));
  ae::context_forward(alpha.data(), vectors.data(), static_cast<int>(alpha.size()), dim,
                      context.data());
  return floats(context);
}

std::string version() { return AE_VERSION; }

// Bytes currently allocated by malloc inside the module: what leak tests watch.
double heap_bytes_in_use() { return static_cast<double>(mallinfo().uordblks); }
std::string kernel_variant() { return ae::kernels::active_variant_name(); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_explorer) {
  emscripten::class_<Explorer>("Explorer")
      .constructor<>()
      .function("load", &Explorer::load)
      .function("loaded", &Explorer::loaded)
      .function("info", &Explorer::info)
      // The public tokenize, translate, score and beam are explorer.js's (they read the reply).
      .function("_tokenize", &Explorer::tokenize_reply)
      .function("_translate", &Explorer::translate_reply)
      .function("_score", &Explorer::score_reply)
      .function("_beam", &Explorer::beam_reply)
      .function("_scoreAnatomy", &Explorer::score_anatomy)
      .function("sourceWords", &Explorer::sourceWords)
      .function("targetWords", &Explorer::targetWords);
  emscripten::function("_decodeDefaults", &decode_defaults);
  emscripten::function("softmaxParts", &softmax_parts);
  emscripten::function("blend", &blend);
  emscripten::function("version", &version);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  emscripten::function("kernelVariant", &kernel_variant);
}
