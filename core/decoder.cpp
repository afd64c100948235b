#include "decoder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "kernels.h"

namespace ae {
namespace {

size_t sz(int n) { return static_cast<size_t>(n); }

const float* embedding(const Matrix& table, int id) {
  return table.data() + sz(id) * sz(static_cast<int>(table.cols()));
}

void copy_into(const float* from, int n, float* to) {
  std::memcpy(to, from, sizeof(float) * sz(n));
}

template <typename T>
void append(std::vector<T>* to, const T* from, int n) {
  to->insert(to->end(), from, from + n);
}

// The k most probable words (ids and probabilities), most probable first, in one pass over the
// vocabulary that keeps the best so far in order (k is small, |V| ~ 1000s). Equal probabilities
// keep the smaller id first, the word std::max_element would pick.
void most_probable(const float* probs, int vocab, int k, int* ids, float* best) {
  int kept = 0;
  for (int y = 0; y < vocab; ++y) {
    const float p = probs[y];
    if (kept == k && !(p > best[k - 1])) continue;
    int slot = kept < k ? kept++ : k - 1;
    for (; slot > 0 && p > best[slot - 1]; --slot) {
      ids[slot] = ids[slot - 1];
      best[slot] = best[slot - 1];
    }
    ids[slot] = y;
    best[slot] = p;
  }
}

}  // namespace

void EncoderState::resize(const Hyper& h) {
  const size_t T = sz(h.max_src_len);
  ids.reserve(T);
  forward_h.assign(T * sz(h.enc_hidden), 0.0f);
  backward_h.assign(T * sz(h.enc_hidden), 0.0f);
  forward_cache.resize(T);
  backward_cache.resize(T);
  for (size_t i = 0; i < T; ++i) {
    forward_cache[i].resize(h.enc_hidden);
    backward_cache[i].resize(h.enc_hidden);
  }
  states.assign(T * sz(h.context_size()), 0.0f);
  keys.assign(h.attention ? T * sz(h.attn_dim) : 0, 0.0f);
  fixed_context.assign(sz(h.context_size()), 0.0f);
  s0.assign(sz(h.dec_hidden), 0.0f);
}

void encode(const Model& model, const std::vector<int>& ids, EncoderState* enc) {
  const Hyper& h = model.hyper;
  const Params& p = model.params;
  const int T = static_cast<int>(ids.size());
  const int H = h.enc_hidden, C = h.context_size();
  enc->src_len = T;
  enc->ids = ids;
  const std::vector<float> zero(sz(H), 0.0f);
  // →h_i = GRU(→h_{i-1}, E x_i), reading left to right.
  for (int i = 0; i < T; ++i) {
    const float* prev = i == 0 ? zero.data() : &enc->forward_h[sz((i - 1) * H)];
    gru_cell_forward(p.enc_fwd, embedding(p.src_embed, ids[sz(i)]), prev,
                     &enc->forward_h[sz(i * H)], &enc->forward_cache[sz(i)]);
  }
  // ←h_i = GRU(←h_{i+1}, E x_i), reading right to left.
  for (int i = T - 1; i >= 0; --i) {
    const float* prev = i == T - 1 ? zero.data() : &enc->backward_h[sz((i + 1) * H)];
    gru_cell_forward(p.enc_bwd, embedding(p.src_embed, ids[sz(i)]), prev,
                     &enc->backward_h[sz(i * H)], &enc->backward_cache[sz(i)]);
  }
  // h_i = [→h_i ; ←h_i]: a summary of the whole sentence centred on word i.
  for (int i = 0; i < T; ++i) {
    copy_into(&enc->forward_h[sz(i * H)], H, &enc->states[sz(i * C)]);
    copy_into(&enc->backward_h[sz(i * H)], H, &enc->states[sz(i * C + H)]);
  }
  copy_into(&enc->forward_h[sz((T - 1) * H)], H, enc->fixed_context.data());
  copy_into(enc->backward_h.data(), H, enc->fixed_context.data() + H);
  initial_state_forward(p, enc->backward_h.data(), enc->s0.data());
  if (h.attention) attention_keys_forward(p, enc->states.data(), T, enc->keys.data());
}

void StepWork::resize(const Hyper& h) {
  const size_t T = sz(h.max_src_len), A = sz(h.attn_dim);
  s_prev.assign(sz(h.dec_hidden), 0.0f);
  question.assign(A, 0.0f);
  pre_tanh.assign(T * A, 0.0f);
  bent.assign(T * A, 0.0f);
  scores.assign(T, 0.0f);
  tempered.assign(T, 0.0f);
  exp_shifted.assign(T, 0.0f);
  alpha.assign(T, 0.0f);
  context.assign(sz(h.context_size()), 0.0f);
  dec_input.assign(sz(h.dec_input_size()), 0.0f);
  gru.resize(h.dec_hidden);
  s.assign(sz(h.dec_hidden), 0.0f);
  output.resize(h);
  probs.assign(sz(h.tgt_vocab), 0.0f);
}

void decoder_step(const Model& model, const EncoderState& enc, const float* s_prev, int y_prev,
                  float temperature, StepWork* w, const float* forced_alpha) {
  const Hyper& h = model.hyper;
  const Params& p = model.params;
  const int T = enc.src_len, C = h.context_size(), E = h.embed, D = h.dec_hidden;
  w->y_prev = y_prev;
  copy_into(s_prev, D, w->s_prev.data());
  if (h.attention) {
    // Steps 2–3: ask the question s_{t-1} of every h_i and score the answers.
    attention_question_forward(p, s_prev, w->question.data());
    additive_scores_forward(p, w->question.data(), enc.keys.data(), T, w->pre_tanh.data(),
                            w->bent.data(), w->scores.data());
    // Step 4: scores → weights.
    // A tiny τ can take e / τ past the largest float, and an infinite input would turn the
    // softmax into NaN (∞ − ∞); clamped to ±FLT_MAX, the largest scores share the weight instead.
    for (int i = 0; i < T; ++i) {
      w->tempered[sz(i)] =
          std::clamp(w->scores[sz(i)] / temperature, -std::numeric_limits<float>::max(),
                     std::numeric_limits<float>::max());
    }
    w->softmax = softmax_forward(w->tempered.data(), T, w->exp_shifted.data(), w->alpha.data());
    // What-if decoding: the blend and everything after it use the forced weights instead.
    if (forced_alpha) copy_into(forced_alpha, T, w->alpha.data());
    // Step 5: the blend.
    context_forward(w->alpha.data(), enc.states.data(), T, C, w->context.data());
  } else {
    copy_into(enc.fixed_context.data(), C, w->context.data());
  }
  // Step 6: c_t enters the state update f ...
  const float* y_embed = embedding(p.tgt_embed, y_prev);
  copy_into(y_embed, E, w->dec_input.data());
  copy_into(w->context.data(), C, w->dec_input.data() + E);
  gru_cell_forward(p.dec, w->dec_input.data(), s_prev, w->s.data(), &w->gru);
  // ... and the output g.
  output_forward(p, w->s.data(), y_embed, w->context.data(), &w->output, w->probs.data());
  softmax_forward(w->probs.data(), h.tgt_vocab, w->probs.data(), w->probs.data());
}

Status score_anatomy(const Model& model, const std::vector<float>& question,
                     const std::vector<float>& keys, ScoreAnatomy* anatomy) {
  const Hyper& h = model.hyper;
  if (!h.attention) return Status::error("This model has no attention scores to take apart.");
  const size_t A = sz(h.attn_dim);
  if (question.size() != A)
    return Status::error("The question W_a s_{t-1} must have " + std::to_string(A) +
                         " numbers (it has " + std::to_string(question.size()) + ").");
  if (keys.empty() || keys.size() % A != 0 || keys.size() / A > sz(h.max_src_len))
    return Status::error("The keys U_a h_i must be 1 to " + std::to_string(h.max_src_len) +
                         " rows of " + std::to_string(A) + " numbers (there are " +
                         std::to_string(keys.size()) + " numbers).");
  const int T = static_cast<int>(keys.size() / A);
  anatomy->pre_tanh.resize(keys.size());
  anatomy->bent.resize(keys.size());
  anatomy->scores.resize(sz(T));
  additive_scores_forward(model.params, question.data(), keys.data(), T, anatomy->pre_tanh.data(),
                          anatomy->bent.data(), anatomy->scores.data());
  return Status::ok();
}

// ---------------------------------------------------------------------------------------------
Decoder::Decoder(const Model& model) : model_(model) {
  enc_.resize(model.hyper);
  work_.resize(model.hyper);
  state_.assign(sz(model.hyper.dec_hidden), 0.0f);
}

Status Decoder::prepare(const std::vector<int>& src_ids, const DecodeOptions& options) {
  const Hyper& h = model_.hyper;
  if (src_ids.empty()) return Status::error("Nothing to translate: the sentence is empty.");
  if (static_cast<int>(src_ids.size()) > h.max_src_len)
    return Status::error("The sentence has " + std::to_string(src_ids.size()) +
                         " words; the model reads at most " + std::to_string(h.max_src_len) + ".");
  for (int id : src_ids)
    if (id < 0 || id >= h.src_vocab)
      return Status::error("Source word id " + std::to_string(id) + " is outside the vocabulary.");
  if (!(options.temperature > 0.0f) || !std::isfinite(options.temperature))
    return Status::error("The attention temperature must be a positive number.");
  if (options.beam_width < 1 || options.beam_width > 16)
    return Status::error("The beam width must be between 1 and 16.");
  if (Status s = check_forced_attention(src_ids, options); !s) return s;
  encode(model_, src_ids, &enc_);
  return Status::ok();
}

Status Decoder::check_forced_attention(const std::vector<int>& src_ids,
                                       const DecodeOptions& options) {
  if (options.forced_step == 0) return Status::ok();
  if (options.forced_step < 0)
    return Status::error("The step whose attention is forced must be 1 or more (it is " +
                         std::to_string(options.forced_step) + ").");
  if (!model_.hyper.attention)
    return Status::error("This model has no attention to force: it reads one fixed summary.");
  if (options.beam_width > 1)
    return Status::error("Forced attention works with greedy decoding only (beam width 1).");
  const std::vector<float>& weights = options.forced_weights;
  if (weights.size() != src_ids.size())
    return Status::error("The forced attention has " + std::to_string(weights.size()) +
                         " weights but the sentence has " + std::to_string(src_ids.size()) +
                         " words.");
  double sum = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    const float w = weights[i];
    if (!std::isfinite(w) || w < 0.0f) {
      const char* what = std::isnan(w) ? "not a number" : w < 0.0f ? "negative" : "infinite";
      return Status::error(
          "Forced attention weights must be finite and non-negative numbers (weight " +
          std::to_string(i + 1) + " is " + what + ").");
    }
    sum += w;
  }
  if (!(sum > 0)) return Status::error("Forced attention weights must not all be zero.");
  forced_alpha_.resize(weights.size());
  for (size_t i = 0; i < weights.size(); ++i)
    forced_alpha_[i] = static_cast<float>(weights[i] / sum);
  return Status::ok();
}

const float* Decoder::forced_alpha(const DecodeOptions& options, int step) const {
  return options.forced_step == step ? forced_alpha_.data() : nullptr;
}

int Decoder::effective_max_len(const DecodeOptions& options) const {
  const int limit = model_.hyper.max_tgt_len;
  return options.max_len > 0 ? std::min(options.max_len, limit) : limit;
}

void Decoder::begin_trace(const DecodeOptions& options, Trace* t) const {
  const Hyper& h = model_.hyper;
  const int T = enc_.src_len;
  t->attention = h.attention;
  t->src_len = T;
  t->steps = 0;
  t->context_size = h.context_size();
  t->attn_dim = h.attention ? h.attn_dim : 0;
  t->dec_hidden = h.dec_hidden;
  t->top_k = std::max(1, std::min(options.top_k, h.tgt_vocab));
  t->src_ids = enc_.ids;
  t->log_prob = 0;
  t->forced_step = 0;
  t->encoder_states.assign(enc_.states.begin(), enc_.states.begin() + T * h.context_size());
  t->keys.assign(enc_.keys.begin(), enc_.keys.begin() + (h.attention ? T * h.attn_dim : 0));
  for (auto* v : {&t->token_probs, &t->s_prev, &t->question, &t->scores, &t->exp_shifted,
                  &t->score_max, &t->exp_sum, &t->alpha, &t->context, &t->s, &t->topk_probs})
    v->clear();
  t->out_ids.clear();
  t->topk_ids.clear();
}

void Decoder::record_step(int chosen, bool forced, Trace* t) const {
  const Hyper& h = model_.hyper;
  const StepWork& w = work_;
  const int T = enc_.src_len;
  t->steps += 1;
  if (forced) t->forced_step = t->steps;
  t->out_ids.push_back(chosen);
  const float p = w.probs[sz(chosen)];
  t->token_probs.push_back(p);
  t->log_prob += std::log(std::max(p, 1e-30f));
  append(&t->s_prev, w.s_prev.data(), h.dec_hidden);
  if (h.attention) {
    append(&t->question, w.question.data(), h.attn_dim);
    append(&t->scores, w.scores.data(), T);
    append(&t->exp_shifted, w.exp_shifted.data(), T);
    t->score_max.push_back(w.softmax.max);
    t->exp_sum.push_back(w.softmax.sum);
    append(&t->alpha, w.alpha.data(), T);
  }
  append(&t->context, w.context.data(), h.context_size());
  append(&t->s, w.s.data(), h.dec_hidden);
}

int Decoder::record_candidates(Trace* t) const {
  const size_t k = sz(t->top_k), first = t->topk_ids.size();
  t->topk_ids.resize(first + k);
  t->topk_probs.resize(first + k);
  most_probable(work_.probs.data(), model_.hyper.tgt_vocab, t->top_k, &t->topk_ids[first],
                &t->topk_probs[first]);
  return t->topk_ids[first];
}

Status Decoder::translate(const std::vector<int>& src_ids, const DecodeOptions& options,
                          Trace* trace) {
  if (Status s = prepare(src_ids, options); !s) return s;
  if (options.beam_width > 1) {
    beam_search(options, &search_tree_);
    best_words_.clear();
    for (int node : search_tree_.path(search_tree_.hypotheses.front().leaf))
      best_words_.push_back(search_tree_.word[sz(node)]);
    teacher_force(best_words_, options, trace);
    return Status::ok();
  }
  begin_trace(options, trace);
  state_ = enc_.s0;
  int y = kBosId;
  const int max_len = effective_max_len(options);
  for (int t = 1; t <= max_len && y != kEosId; ++t) {
    const float* forced = forced_alpha(options, t);
    decoder_step(model_, enc_, state_.data(), y, options.temperature, &work_, forced);
    y = record_candidates(trace);
    record_step(y, forced != nullptr, trace);
    state_ = work_.s;
  }
  return Status::ok();
}

Status Decoder::score(const std::vector<int>& src_ids, const std::vector<int>& target_ids,
                      const DecodeOptions& options, Trace* trace) {
  for (int id : target_ids)
    if (id < 0 || id >= model_.hyper.tgt_vocab)
      return Status::error("Target word id " + std::to_string(id) + " is outside the vocabulary.");
  // Teacher forcing walks the given words; the beam width plays no part in it.
  DecodeOptions forcing = options;
  forcing.beam_width = 1;
  if (Status s = prepare(src_ids, forcing); !s) return s;
  teacher_force(target_ids, forcing, trace);
  return Status::ok();
}

void Decoder::teacher_force(const std::vector<int>& target_ids, const DecodeOptions& options,
                            Trace* trace) {
  begin_trace(options, trace);
  state_ = enc_.s0;
  int y = kBosId, t = 0;
  for (int target : target_ids) {
    const float* forced = forced_alpha(options, ++t);
    decoder_step(model_, enc_, state_.data(), y, options.temperature, &work_, forced);
    record_candidates(trace);
    record_step(target, forced != nullptr, trace);
    state_ = work_.s;
    y = target;
  }
}

Status Decoder::beam(const std::vector<int>& src_ids, const DecodeOptions& options,
                     BeamTree* tree) {
  if (options.forced_step != 0)
    return Status::error("Forced attention works with greedy decoding only, not in a beam.");
  if (Status s = prepare(src_ids, options); !s) return s;
  beam_search(options, tree);
  return Status::ok();
}

std::vector<int> BeamTree::path(int leaf) const {
  std::vector<int> nodes;
  for (int node = leaf; node >= 0; node = parent[sz(node)]) nodes.push_back(node);
  std::reverse(nodes.begin(), nodes.end());
  return nodes;
}

// Beam search over whole hypotheses: at each step every live hypothesis proposes its best
// `width` continuations, and the best `width` of all of them (by total log-probability) survive,
// each becoming a node of the tree. Finished hypotheses (ending in </s>) leave the beam and
// compete by log-probability per word (BeamTree::Hypothesis::score).
void Decoder::beam_search(const DecodeOptions& options, BeamTree* tree) {
  struct Hypothesis {
    int node = -1;  // its last word in the tree; -1 before the first word
    int length = 0;
    int last_word = kBosId;
    std::vector<float> state;
    double log_prob = 0;
  };
  const int T = enc_.src_len, width = options.beam_width;
  const bool attention = model_.hyper.attention;
  // A beam may be wider than a small target vocabulary; each hypothesis cannot propose more
  // continuations than there are words.
  const int proposals = std::min(width, model_.hyper.tgt_vocab);
  const int max_len = effective_max_len(options);
  tree->src_len = T;
  tree->width = width;
  for (auto* v : {&tree->parent, &tree->step, &tree->word}) v->clear();
  for (auto* v : {&tree->log_prob, &tree->token_prob, &tree->alpha}) v->clear();
  tree->finished.clear();
  tree->hypotheses.clear();
  std::vector<Hypothesis> live(1), finished;
  live[0].state = enc_.s0;
  std::vector<float> live_alpha;  // (live x T): the α each live hypothesis used at this step
  std::vector<int> proposal_words(sz(proposals));
  std::vector<float> proposal_probs(sz(proposals));
  for (int t = 1; t <= max_len && !live.empty(); ++t) {
    struct Candidate {
      size_t parent;
      int word;
      float prob;
      double log_prob;
    };
    std::vector<Candidate> candidates;
    std::vector<std::vector<float>> next_states;
    live_alpha.clear();
    for (size_t b = 0; b < live.size(); ++b) {
      decoder_step(model_, enc_, live[b].state.data(), live[b].last_word, options.temperature,
                   &work_);
      next_states.push_back(work_.s);
      if (attention) append(&live_alpha, work_.alpha.data(), T);
      most_probable(work_.probs.data(), model_.hyper.tgt_vocab, proposals, proposal_words.data(),
                    proposal_probs.data());
      for (int j = 0; j < proposals; ++j) {
        const float p = proposal_probs[sz(j)];
        candidates.push_back(
            {b, proposal_words[sz(j)], p, live[b].log_prob + std::log(std::max(p, 1e-30f))});
      }
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& a, const Candidate& c) { return a.log_prob > c.log_prob; });
    std::vector<Hypothesis> next;
    for (const Candidate& c : candidates) {
      if (static_cast<int>(next.size()) + static_cast<int>(finished.size()) >= width) break;
      const Hypothesis& parent = live[c.parent];
      const int node = tree->size();
      tree->parent.push_back(parent.node);
      tree->step.push_back(t);
      tree->word.push_back(c.word);
      tree->log_prob.push_back(static_cast<float>(c.log_prob));
      tree->token_prob.push_back(c.prob);
      tree->finished.push_back(c.word == kEosId);
      if (attention) append(&tree->alpha, &live_alpha[c.parent * sz(T)], T);
      Hypothesis hyp{node, parent.length + 1, c.word, next_states[c.parent], c.log_prob};
      (c.word == kEosId ? finished : next).push_back(std::move(hyp));
    }
    live = std::move(next);
  }
  // Unfinished hypotheses count only when none finished within max_len.
  for (const Hypothesis& hyp : finished.empty() ? live : finished)
    tree->hypotheses.push_back(
        {hyp.node, hyp.log_prob, hyp.log_prob / static_cast<double>(std::max(1, hyp.length))});
  std::stable_sort(tree->hypotheses.begin(), tree->hypotheses.end(),
                   [](const BeamTree::Hypothesis& a, const BeamTree::Hypothesis& b) {
                     return a.score > b.score;
                   });
}

}  // namespace ae
