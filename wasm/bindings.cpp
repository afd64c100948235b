// The JavaScript boundary. It only adapts the core (core/) to JS values; it computes nothing.
//
// Ownership (see wasm/attention.d.ts): the only C++ object JS holds is an Explorer, which the
// caller must delete() when done. Everything an Explorer returns is a plain JS object whose arrays
// are COPIES (fresh typed arrays), so results stay valid after the WASM memory grows and nothing
// has to be freed. The Explorer keeps its decoding buffers between calls, so translating sentence
// after sentence leaves the WASM heap where it was.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "decoder.h"
#include "kernels.h"
#include "layers.h"
#include "text.h"
#include "tokenizer.h"
#include "weights_file.h"

namespace {

using emscripten::val;

template <typename T>
val copy_array(const char* js_type, const T* data, size_t n) {
  return val::global(js_type).new_(emscripten::typed_memory_view(n, data));
}
val floats(const std::vector<float>& v) { return copy_array("Float32Array", v.data(), v.size()); }
val ints(const std::vector<int>& v) { return copy_array("Int32Array", v.data(), v.size()); }

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

// Decoding options from a JS object; missing fields keep their defaults.
ae::DecodeOptions decode_options(const val& js) {
  ae::DecodeOptions o;
  if (js.isUndefined() || js.isNull()) return o;
  auto read = [&](const char* key, auto* into) {
    const val v = js[key];
    if (!v.isNumber()) return;
    const double x = v.as<double>();
    if constexpr (std::is_integral_v<std::remove_pointer_t<decltype(into)>>) {
      *into = saturated_int(x);
    } else {
      *into = static_cast<float>(x);
    }
  };
  read("beamWidth", &o.beam_width);
  read("maxLength", &o.max_len);
  read("temperature", &o.temperature);
  read("topK", &o.top_k);
  return o;
}

class Explorer {
 public:
  // Returns "" on success, else a message for the user.
  std::string load(const val& bytes) {
    // Anything else would have its "length" trusted: a negative or huge one asks for gigabytes,
    // and failing to get them aborts the whole module.
    if (!bytes.instanceof(val::global("Uint8Array"))) {
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

  val tokenize(const std::string& text) const {
    if (!model_) return error_result("No model is loaded.");
    ae::Tokenized tokens;
    const ae::Status status =
        ae::tokenize(text, model_->src_vocab, model_->hyper.max_src_len, &tokens);
    val out = tokenized_to_js(tokens);
    out.set("ok", status.is_ok());
    out.set("error", status.message());
    return out;
  }

  // Translates `text`; sentences longer than the model accepts are clipped (reported in
  // `clippedFrom`) rather than refused, so typing never ends in an error.
  val translate(const std::string& text, const val& options) {
    ae::Tokenized tokens;
    if (val early = prepare(text, &tokens); !early.isUndefined()) return early;
    ae::Trace& trace = trace_;
    const ae::Status status = decoder_->translate(tokens.ids, decode_options(options), &trace);
    if (!status) return error_result(status.message());
    return trace_to_js(tokens, trace);
  }

  // Teacher forcing: how the model would produce `reference` (English words, space-separated).
  val score(const std::string& text, const std::string& reference, const val& options) {
    ae::Tokenized tokens;
    if (val early = prepare(text, &tokens); !early.isUndefined()) return early;
    std::vector<int> target;
    val unknown_targets = val::array();
    for (const std::string& word : ae::split_words(ae::normalize_text(reference))) {
      const int id = model_->tgt_vocab.id(word);
      if (id == ae::kUnkId) unknown_targets.call<void>("push", word);
      target.push_back(id);
    }
    target.push_back(ae::kEosId);
    const ae::Status status = decoder_->score(tokens.ids, target, decode_options(options), &trace_);
    if (!status) return error_result(status.message());
    val out = trace_to_js(tokens, trace_);
    out.set("unknownReferenceWords", unknown_targets);
    return out;
  }

  val sourceWords() const { return model_ ? strings(model_->src_vocab.words()) : val::array(); }
  val targetWords() const { return model_ ? strings(model_->tgt_vocab.words()) : val::array(); }

 private:
  // Tokenizes and clips; returns an error object, or undefined when decoding may go ahead.
  val prepare(const std::string& text, ae::Tokenized* tokens) {
    if (!model_) return error_result("No model is loaded.");
    const int limit = model_->hyper.max_src_len;
    ae::tokenize(text, model_->src_vocab, 0, tokens);
    clipped_from_ = static_cast<int>(tokens->ids.size());
    if (clipped_from_ > limit) {
      tokens->tokens.resize(static_cast<size_t>(limit));
      tokens->ids.resize(static_cast<size_t>(limit));
      tokens->unknown.resize(static_cast<size_t>(limit));
    } else {
      clipped_from_ = 0;
    }
    if (tokens->ids.empty()) {
      val out = error_result("");
      out.set("empty", true);
      return out;
    }
    return val::undefined();
  }

  val tokenized_to_js(const ae::Tokenized& tokens) const {
    val out = val::object();
    out.set("tokens", strings(tokens.tokens));
    out.set("ids", ints(tokens.ids));
    val unknown = val::array();
    val hints = val::array();
    for (size_t i = 0; i < tokens.tokens.size(); ++i) {
      unknown.call<void>("push", static_cast<bool>(tokens.unknown[i]));
      hints.call<void>("push", tokens.unknown[i]
                                   ? strings(ae::closest_words(tokens.tokens[i], model_->src_vocab, 3))
                                   : val::array());
    }
    out.set("unknown", unknown);
    out.set("hints", hints);
    return out;
  }

  val trace_to_js(const ae::Tokenized& tokens, const ae::Trace& t) const {
    val out = tokenized_to_js(tokens);
    out.set("ok", true);
    out.set("error", std::string());
    out.set("clippedFrom", clipped_from_);
    out.set("attention", t.attention);
    out.set("srcLen", t.src_len);
    out.set("steps", t.steps);
    out.set("contextSize", t.context_size);
    out.set("attnDim", t.attn_dim);
    out.set("decHidden", t.dec_hidden);
    out.set("topK", t.top_k);
    std::vector<std::string> out_words, topk_words;
    for (int id : t.out_ids) out_words.push_back(model_->tgt_vocab.word(id));
    for (int id : t.topk_ids) topk_words.push_back(model_->tgt_vocab.word(id));
    out.set("outIds", ints(t.out_ids));
    out.set("outTokens", strings(out_words));
    out.set("translation", ae::join_words(out_words));
    out.set("tokenProbs", floats(t.token_probs));
    out.set("logProb", t.log_prob);
    out.set("encoderStates", floats(t.encoder_states));
    out.set("keys", floats(t.keys));
    out.set("sPrev", floats(t.s_prev));
    out.set("question", floats(t.question));
    out.set("preTanh", floats(t.pre_tanh));
    out.set("bent", floats(t.bent));
    out.set("scores", floats(t.scores));
    out.set("expShifted", floats(t.exp_shifted));
    out.set("scoreMax", floats(t.score_max));
    out.set("expSum", floats(t.exp_sum));
    out.set("alpha", floats(t.alpha));
    out.set("context", floats(t.context));
    out.set("s", floats(t.s));
    out.set("topkIds", ints(t.topk_ids));
    out.set("topkWords", strings(topk_words));
    out.set("topkProbs", floats(t.topk_probs));
    return out;
  }

  std::unique_ptr<ae::Model> model_;
  std::unique_ptr<ae::Decoder> decoder_;
  std::vector<std::pair<std::string, std::string>> metadata_;
  ae::Trace trace_;
  int clipped_from_ = 0;
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
      .function("tokenize", &Explorer::tokenize)
      .function("translate", &Explorer::translate)
      .function("score", &Explorer::score)
      .function("sourceWords", &Explorer::sourceWords)
      .function("targetWords", &Explorer::targetWords);
  emscripten::function("softmaxParts", &softmax_parts);
  emscripten::function("blend", &blend);
  emscripten::function("version", &version);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  emscripten::function("kernelVariant", &kernel_variant);
}
