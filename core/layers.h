// Every formula of the model, one function each, forward and backward side by side.
//
// Forward functions run in the browser and in the trainer alike; they use the kernels of
// kernels.h on raw float pointers and allocate nothing. Backward functions are used only by the
// trainer; each takes the gradient of the loss with respect to the forward function's outputs
// and ACCUMULATES (+=) gradients into its inputs and parameters, so that contributions from
// several uses of the same vector simply add up. Each backward function is checked against
// finite differences in tests/cpp/gradient_test.cpp.
//
// Notation (that of the walkthrough and of Bahdanau et al., 2015):
//   h_i      encoder state of source word i          (size d_h = 2 * enc_hidden)
//   s_{t-1}  decoder state before output step t      (size d_s = dec_hidden)
//   e_ti     additive alignment score                (scalar)
//   α_ti     attention weight                        (softmax of e_t· over i)
//   c_t      context vector Σ_i α_ti h_i             (size d_h)
#pragma once

#include "model.h"

namespace ae {

// ---------------------------------------------------------------------------------------------
// GRU cell (Cho et al., 2014), the state update used by both encoder directions and the decoder:
//   r  = σ(W_r x + U_r h + b_r)                reset gate
//   z  = σ(W_z x + U_z h + b_z)                update gate
//   n  = tanh(W_n x + U_n (r ∘ h) + b_n)       candidate state
//   h' = (1 − z) ∘ h + z ∘ n
struct GruCache {
  Vector gates;        // [r ; z ; n] after their nonlinearities (3H)
  Vector reset_state;  // r ∘ h (H)
  void resize(int hidden) {
    gates.resize(3 * hidden);
    reset_state.resize(hidden);
  }
};

void gru_cell_forward(const GruParams& p, const float* x, const float* h_prev, float* h_next,
                      GruCache* cache);
void gru_cell_backward(const GruParams& p, const float* x, const float* h_prev,
                       const GruCache& cache, const float* d_h_next, GruParams* grad, float* d_x,
                       float* d_h_prev);

// ---------------------------------------------------------------------------------------------
// Initial decoder state from the backward encoder's summary of the whole sentence:
//   s_0 = tanh(W_s ←h_1 + b_s)
void initial_state_forward(const Params& p, const float* backward_h1, float* s0);
void initial_state_backward(const Params& p, const float* backward_h1, const float* s0,
                            const float* d_s0, Params* grad, float* d_backward_h1);

// ---------------------------------------------------------------------------------------------
// Additive (Bahdanau) alignment scores for one output step t over all source positions i:
//   question      q      = W_a s_{t-1}                       (d_a)   — computed once per step
//   ingredient    k_i    = U_a h_i                           (d_a)   — computed once per sentence
//   pre-tanh      a_ti   = q + k_i
//   bent          b_ti   = tanh(a_ti)
//   score         e_ti   = v_aᵀ b_ti
void attention_question_forward(const Params& p, const float* s_prev, float* question);
void attention_keys_forward(const Params& p, const float* h, int src_len, float* keys);
// pre_tanh and bent are (src_len x d_a), scores is (src_len).
void additive_scores_forward(const Params& p, const float* question, const float* keys, int src_len,
                             float* pre_tanh, float* bent, float* scores);
// Backward of scores → question and keys (d_question: d_a, d_keys: src_len x d_a).
void additive_scores_backward(const Params& p, const float* bent, int src_len,
                              const float* d_scores, Params* grad, float* d_question,
                              float* d_keys);
void attention_question_backward(const Params& p, const float* s_prev, const float* d_question,
                                 Params* grad, float* d_s_prev);
void attention_keys_backward(const Params& p, const float* h, int src_len, const float* d_keys,
                             Params* grad, float* d_h);

// ---------------------------------------------------------------------------------------------
// Numerically stable softmax:  α_i = exp(e_i − m) / Σ_j exp(e_j − m),  m = max_j e_j.
// Subtracting m changes nothing mathematically and keeps every exp in (0, 1], so any finite
// scores give finite weights in [0, 1] summing to 1, and equal scores give exactly 1/n each.
struct SoftmaxParts {
  float max = 0;  // m
  float sum = 0;  // Σ_j exp(e_j − m), in [1, n]
};
// exp_shifted and probs may alias each other but not scores; n >= 1.
SoftmaxParts softmax_forward(const float* scores, int n, float* exp_shifted, float* probs);
// d_scores_i = α_i (d_α_i − Σ_j α_j d_α_j)   (accumulated)
void softmax_backward(const float* probs, const float* d_probs, int n, float* d_scores);

// ---------------------------------------------------------------------------------------------
// Context vector, the attention-weighted blend of the encoder states:  c_t = Σ_i α_ti h_i
void context_forward(const float* alpha, const float* h, int src_len, int d_h, float* context);
void context_backward(const float* alpha, const float* h, int src_len, int d_h,
                      const float* d_context, float* d_alpha, float* d_h_out);

// ---------------------------------------------------------------------------------------------
// Output function g (deep output with maxout, Bahdanau et al., 2015, appendix A.2.2):
//   u   = O [s_t ; E y_{t-1} ; c_t] + b_o            (2L)
//   o_j = max(u_{2j}, u_{2j+1})                      (L)   maxout with pools of two
//   ℓ   = W_ℓ o + b_ℓ                                (|V_y|)
//   p(y_t | y_<t, x) = softmax(ℓ)
struct OutputCache {
  Vector input;             // [s_t ; E y_{t-1} ; c_t]
  Vector pre_maxout;        // u (2L)
  Vector hidden;            // o (L)
  std::vector<int> winner;  // which of the two maxout units won, per j
  void resize(const Hyper& h) {
    input.resize(h.out_input_size());
    pre_maxout.resize(2 * h.out_hidden);
    hidden.resize(h.out_hidden);
    winner.resize(static_cast<size_t>(h.out_hidden));
  }
};
void output_forward(const Params& p, const float* s, const float* y_embed, const float* context,
                    OutputCache* cache, float* logits);
// d_input is (d_s + embed + d_h), accumulated; the caller splits it into d_s, d_Ey, d_c.
void output_backward(const Params& p, const OutputCache& cache, const float* d_logits, Params* grad,
                     float* d_input);

}  // namespace ae
