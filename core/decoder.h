// Running the model: the encoder pass, one decoder step (the walkthrough's steps 2–6), greedy and
// beam-search decoding, teacher-forced scoring, and the Trace of every quantity the page draws.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "layers.h"
#include "model.h"
#include "status.h"

namespace ae {

// What the encoder computes for one sentence. Buffers are sized once for max_src_len, so
// translating sentence after sentence allocates nothing.
struct EncoderState {
  int src_len = 0;
  std::vector<int> ids;
  std::vector<float> forward_h;                         // →h_i   (max_src_len x enc_hidden)
  std::vector<float> backward_h;                        // ←h_i   (max_src_len x enc_hidden)
  std::vector<GruCache> forward_cache, backward_cache;  // per position, for the trainer
  std::vector<float> states;         // h_i = [→h_i ; ←h_i]  (max_src_len x d_h)
  std::vector<float> keys;           // U_a h_i (max_src_len x d_a), attention models only
  std::vector<float> fixed_context;  // [→h_T ; ←h_1], the baseline's only context
  std::vector<float> s0;             // initial decoder state

  void resize(const Hyper& hyper);
};

// Bidirectional GRU over the source embeddings, then s_0 and (with attention) the keys U_a h_i,
// which every decoder step reuses. ids.size() must be in [1, max_src_len].
void encode(const Model& model, const std::vector<int>& ids, EncoderState* enc);

// Everything one decoder step computes, in the order the walkthrough tells it.
struct StepWork {
  int y_prev = kBosId;
  std::vector<float> s_prev;       // s_{t-1}: the question                    (d_s)
  std::vector<float> question;     // W_a s_{t-1}                              (d_a)
  std::vector<float> pre_tanh;     // W_a s_{t-1} + U_a h_i                    (T x d_a)
  std::vector<float> bent;         // tanh(...)                                (T x d_a)
  std::vector<float> scores;       // e_ti                                     (T)
  std::vector<float> tempered;     // e_ti / τ, the softmax input (τ: attention temperature)
  std::vector<float> exp_shifted;  // exp(e_ti/τ − max)                        (T)
  SoftmaxParts softmax;            // max and Σ exp
  std::vector<float> alpha;        // α_ti                                     (T)
  std::vector<float> context;      // c_t                                      (d_h)
  std::vector<float> dec_input;    // [E y_{t-1} ; c_t]
  GruCache gru;                    // the state update f
  std::vector<float> s;            // s_t                                      (d_s)
  OutputCache output;              // the output function g
  std::vector<float> probs;        // p(y_t | y_<t, x) over the target vocabulary

  void resize(const Hyper& hyper);
};

// One step of the decoder loop: score, softmax, context, state update f, output g.
// temperature τ > 0 divides the scores before the softmax (τ = 1 is the model as trained).
// forced_alpha (src_len weights summing to 1, or null) replaces the softmax's α_t for the blend
// and everything after it, while scores, exp_shifted and softmax stay the model's own: the
// "what if the decoder had looked there" of the page.
void decoder_step(const Model& model, const EncoderState& enc, const float* s_prev, int y_prev,
                  float temperature, StepWork* work, const float* forced_alpha = nullptr);

struct DecodeOptions {
  int beam_width = 1;        // 1 = greedy
  int max_len = 0;           // 0 = hyper.max_tgt_len
  float temperature = 1.0f;  // attention temperature τ
  int top_k = 5;             // how many candidate words to record per step
  // What-if decoding (greedy and teacher forcing only): at output step forced_step (1-based;
  // 0 = nothing forced) the decoder uses forced_weights, src_len non-negative numbers that the
  // decoder normalises to sum 1, as α_t instead of its softmax. Steps before it are unchanged;
  // the context, state, word and every later step follow from the forced weights.
  int forced_step = 0;
  std::vector<float> forced_weights;
};

// Every quantity the page draws, as flat row-major arrays. T = source length, S = number of
// output steps (including the step that produced "</s>", if it was produced). The score's inner
// parts W_a s_{t-1} + U_a h_i and their tanh (S x T x d_a in all: ~1 MB for a long sentence) are
// not kept: score_anatomy() recomputes them, exactly, for the step being looked at.
struct Trace {
  bool attention = true;
  int src_len = 0, steps = 0, context_size = 0, attn_dim = 0, dec_hidden = 0, top_k = 0;
  std::vector<int> src_ids;
  std::vector<int> out_ids;           // y_1 .. y_S
  std::vector<float> token_probs;     // p(y_t) of the chosen/forced word (S)
  double log_prob = 0;                // Σ_t log p(y_t)
  std::vector<float> encoder_states;  // h_i        (T x d_h)
  std::vector<float> keys;            // U_a h_i    (T x d_a)
  std::vector<float> s_prev;          // s_{t-1}    (S x d_s)
  std::vector<float> question;        // W_a s_{t-1} (S x d_a)
  std::vector<float> scores;          // e_ti       (S x T)
  std::vector<float> exp_shifted;     // exp(e_ti/τ − m_t) (S x T)
  std::vector<float> score_max;       // m_t        (S)
  std::vector<float> exp_sum;         // Σ_i exp(e_ti/τ − m_t) (S)
  std::vector<float> alpha;           // α_ti       (S x T), the heatmap
  std::vector<float> context;         // c_t        (S x d_h)
  std::vector<float> s;               // s_t        (S x d_s)
  std::vector<int> topk_ids;          // (S x K), most probable first
  std::vector<float> topk_probs;      // (S x K)
  int forced_step = 0;  // the step whose alpha was forced (DecodeOptions), 0 if none was reached
};

// The inner parts of the additive scores of one step, as the decoder computed them (layers.h's
// additive_scores_forward): pre_tanh = W_a s_{t-1} + U_a h_i and bent = tanh(pre_tanh), each
// (T x d_a), and the scores e_ti = v_aᵀ bent (T). Given a Trace's question row of step t and its
// keys, the result is bit for bit what the decoder computed at step t.
struct ScoreAnatomy {
  std::vector<float> pre_tanh, bent, scores;
};
Status score_anatomy(const Model& model, const std::vector<float>& question,
                     const std::vector<float>& keys, ScoreAnatomy* anatomy);

// The search tree of a beam search. Its nodes are the hypotheses that entered the beam at some
// step (not every candidate that was scored and pruned); each node is the prefix ending with its
// word, and links to the prefix it extends. Flat arrays indexed by node id; T = source length.
struct BeamTree {
  int src_len = 0, width = 0;
  std::vector<int> parent;        // node id of the prefix this one extends; -1 at the first step
  std::vector<int> step;          // 1-based output position of the node's word
  std::vector<int> word;          // target word id
  std::vector<float> log_prob;    // log P of the whole prefix ending at the node
  std::vector<float> token_prob;  // P(word | the parent's prefix, x)
  std::vector<uint8_t> finished;  // 1 when the word is </s>
  std::vector<float> alpha;       // (nodes x T): α of the step that emitted the word; empty
                                  // without attention
  // The finalists the search chose from, best first: hypotheses[0] is the translation.
  // score = log_prob / number of words (</s> included): what the beam ranks finished outputs by,
  // so that short outputs are not favoured merely for being short.
  struct Hypothesis {
    int leaf = -1;  // node id of the last word
    double log_prob = 0, score = 0;
  };
  std::vector<Hypothesis> hypotheses;

  int size() const { return static_cast<int>(parent.size()); }
  // Node ids from the first word to `leaf`.
  std::vector<int> path(int leaf) const;
};

// Owns the work buffers so that repeated calls allocate nothing beyond the trace's own growth.
class Decoder {
 public:
  explicit Decoder(const Model& model);

  // Greedy (beam_width 1) or beam search, then the full trace of the chosen output.
  Status translate(const std::vector<int>& src_ids, const DecodeOptions& options, Trace* trace);

  // Teacher forcing: the trace of the model producing exactly `target_ids` (ending with </s> or
  // not), with p(y_t) of each forced word in token_probs.
  Status score(const std::vector<int>& src_ids, const std::vector<int>& target_ids,
               const DecodeOptions& options, Trace* trace);

  // Beam search (options.beam_width wide) with its whole search tree; the tree's best hypothesis
  // is what translate() returns with the same options.
  Status beam(const std::vector<int>& src_ids, const DecodeOptions& options, BeamTree* tree);

  const EncoderState& encoder() const { return enc_; }

 private:
  // Checks the source and the options, then encodes the source.
  Status prepare(const std::vector<int>& src_ids, const DecodeOptions& options);
  // Checks DecodeOptions::forced_weights and keeps them, normalised, in forced_alpha_.
  Status check_forced_attention(const std::vector<int>& src_ids, const DecodeOptions& options);
  int effective_max_len(const DecodeOptions& options) const;
  // The forced weights for output step `step` (1-based), or null.
  const float* forced_alpha(const DecodeOptions& options, int step) const;
  // The decoder loop fed with `target_ids` (the encoded source is enc_).
  void teacher_force(const std::vector<int>& target_ids, const DecodeOptions& options,
                     Trace* trace);
  void beam_search(const DecodeOptions& options, BeamTree* tree);
  void begin_trace(const DecodeOptions& options, Trace* trace) const;
  // Records the step's most probable words (work_.probs) and returns the most probable one.
  int record_candidates(Trace* trace) const;
  void record_step(int chosen, bool forced, Trace* trace) const;

  const Model& model_;
  EncoderState enc_;
  StepWork work_;
  std::vector<float> state_;
  std::vector<float> forced_alpha_;  // DecodeOptions::forced_weights, normalised
  BeamTree search_tree_;             // translate()'s beam search, reused between calls
  std::vector<int> best_words_;
};

}  // namespace ae
