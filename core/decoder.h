// Running the model: the encoder pass, one decoder step (the walkthrough's steps 2–6), greedy and
// beam-search decoding, teacher-forced scoring, and the Trace of every quantity the page draws.
#pragma once

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
  std::vector<float> forward_h;    // →h_i   (max_src_len x enc_hidden)
  std::vector<float> backward_h;   // ←h_i   (max_src_len x enc_hidden)
  std::vector<GruCache> forward_cache, backward_cache;  // per position, for the trainer
  std::vector<float> states;       // h_i = [→h_i ; ←h_i]  (max_src_len x d_h)
  std::vector<float> keys;         // U_a h_i (max_src_len x d_a), attention models only
  std::vector<float> fixed_context;  // [→h_T ; ←h_1], the baseline's only context
  std::vector<float> s0;           // initial decoder state

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
void decoder_step(const Model& model, const EncoderState& enc, const float* s_prev, int y_prev,
                  float temperature, StepWork* work);

struct DecodeOptions {
  int beam_width = 1;        // 1 = greedy
  int max_len = 0;           // 0 = hyper.max_tgt_len
  float temperature = 1.0f;  // attention temperature τ
  int top_k = 5;             // how many candidate words to record per step
};

// Every quantity the page draws, as flat row-major arrays. T = source length, S = number of
// output steps (including the step that produced "</s>", if it was produced).
struct Trace {
  bool attention = true;
  int src_len = 0, steps = 0, context_size = 0, attn_dim = 0, dec_hidden = 0, top_k = 0;
  std::vector<int> src_ids;
  std::vector<int> out_ids;             // y_1 .. y_S
  std::vector<float> token_probs;       // p(y_t) of the chosen/forced word (S)
  double log_prob = 0;                  // Σ_t log p(y_t)
  std::vector<float> encoder_states;    // h_i        (T x d_h)
  std::vector<float> keys;              // U_a h_i    (T x d_a)
  std::vector<float> s_prev;            // s_{t-1}    (S x d_s)
  std::vector<float> question;          // W_a s_{t-1} (S x d_a)
  std::vector<float> pre_tanh;          // (S x T x d_a)
  std::vector<float> bent;              // (S x T x d_a)
  std::vector<float> scores;            // e_ti       (S x T)
  std::vector<float> exp_shifted;       // exp(e_ti/τ − m_t) (S x T)
  std::vector<float> score_max;         // m_t        (S)
  std::vector<float> exp_sum;           // Σ_i exp(e_ti/τ − m_t) (S)
  std::vector<float> alpha;             // α_ti       (S x T), the heatmap
  std::vector<float> context;           // c_t        (S x d_h)
  std::vector<float> s;                 // s_t        (S x d_s)
  std::vector<int> topk_ids;            // (S x K), most probable first
  std::vector<float> topk_probs;        // (S x K)
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

  const EncoderState& encoder() const { return enc_; }

 private:
  Status check_source(const std::vector<int>& src_ids) const;
  int effective_max_len(const DecodeOptions& options) const;
  std::vector<int> beam_search(const DecodeOptions& options);
  void begin_trace(const DecodeOptions& options, Trace* trace) const;
  void record_step(int chosen, Trace* trace) const;

  const Model& model_;
  EncoderState enc_;
  StepWork work_;
  std::vector<float> state_;
};

}  // namespace ae
