#include "train.h"

#include <algorithm>
#include <cmath>

namespace ae {
namespace {

size_t sz(int n) { return static_cast<size_t>(n); }

using Map = Eigen::Map<Vector>;
using ConstMap = Eigen::Map<const Vector>;

}  // namespace

SentenceGradient::SentenceGradient(const Hyper& hyper) {
  enc_.resize(hyper);
  steps_.resize(sz(hyper.max_tgt_len));
  for (StepWork& w : steps_) w.resize(hyper);
}

double SentenceGradient::forward(const Model& model, const TrainExample& ex) {
  encode(model, ex.src, &enc_);
  double loss = 0;
  const float* s_prev = enc_.s0.data();
  int y_prev = kBosId;
  for (size_t t = 0; t < ex.tgt.size(); ++t) {
    decoder_step(model, enc_, s_prev, y_prev, 1.0f, &steps_[t]);
    loss -= std::log(std::max(steps_[t].probs[sz(ex.tgt[t])], 1e-30f));
    s_prev = steps_[t].s.data();
    y_prev = ex.tgt[t];
  }
  return loss;
}

double SentenceGradient::loss(const Model& model, const TrainExample& ex) {
  return forward(model, ex);
}

double SentenceGradient::accumulate(const Model& model, const TrainExample& ex, Params* grad) {
  const double loss = forward(model, ex);
  const Hyper& h = model.hyper;
  const Params& p = model.params;
  const int T = enc_.src_len, H = h.enc_hidden, C = h.context_size(), D = h.dec_hidden, E = h.embed,
            A = h.attn_dim;

  Vector d_s = Vector::Zero(D);          // dL/ds_t flowing back from step t+1
  Matrix d_states = Matrix::Zero(T, C);  // dL/dh_i, gathered from every step's context
  Matrix d_keys = Matrix::Zero(T, h.attention ? A : 0);
  Vector d_fixed_context = Vector::Zero(C);
  Vector d_logits(h.tgt_vocab), d_out_in(h.out_input_size()), d_x(h.dec_input_size()), d_s_prev(D),
      d_alpha(T), d_scores(T), d_question(A);

  for (int t = static_cast<int>(ex.tgt.size()) - 1; t >= 0; --t) {
    const StepWork& w = steps_[sz(t)];
    // Cross-entropy through the softmax: dL/dℓ = p − onehot(y_t).
    d_logits = ConstMap(w.probs.data(), h.tgt_vocab);
    d_logits[ex.tgt[sz(t)]] -= 1.0f;
    d_out_in.setZero();
    output_backward(p, w.output, d_logits.data(), grad, d_out_in.data());
    // g read [s_t ; E y_{t-1} ; c_t]; f read [E y_{t-1} ; c_t] and s_{t-1}.
    d_s += d_out_in.head(D);
    d_x.setZero();
    d_s_prev.setZero();
    gru_cell_backward(p.dec, w.dec_input.data(), w.s_prev.data(), w.gru, d_s.data(), &grad->dec,
                      d_x.data(), d_s_prev.data());
    grad->tgt_embed.row(w.y_prev) += (d_out_in.segment(D, E) + d_x.head(E)).transpose();
    const Vector d_context = d_out_in.tail(C) + d_x.tail(C);
    if (h.attention) {
      d_alpha.setZero();
      context_backward(w.alpha.data(), enc_.states.data(), T, C, d_context.data(), d_alpha.data(),
                       d_states.data());
      d_scores.setZero();
      softmax_backward(w.alpha.data(), d_alpha.data(), T, d_scores.data());  // τ = 1 in training
      d_question.setZero();
      additive_scores_backward(p, w.bent.data(), T, d_scores.data(), grad, d_question.data(),
                               d_keys.data());
      attention_question_backward(p, w.s_prev.data(), d_question.data(), grad, d_s_prev.data());
    } else {
      d_fixed_context += d_context;
    }
    d_s = d_s_prev;
  }
  // d_s is now dL/ds_0.
  if (h.attention)
    attention_keys_backward(p, enc_.states.data(), T, d_keys.data(), grad, d_states.data());

  // Split dL/dh_i = [dL/d→h_i ; dL/d←h_i] and add the paths through s_0 and the fixed context.
  Matrix d_fwd = d_states.leftCols(H), d_bwd = d_states.rightCols(H);
  d_fwd.row(T - 1) += d_fixed_context.head(H).transpose();
  d_bwd.row(0) += d_fixed_context.tail(H).transpose();
  Vector d_bwd_h1 = Vector::Zero(H);
  initial_state_backward(p, enc_.backward_h.data(), enc_.s0.data(), d_s.data(), grad,
                         d_bwd_h1.data());
  d_bwd.row(0) += d_bwd_h1.transpose();

  const Vector zero = Vector::Zero(H);
  Vector d_embed(E), d_prev(H);
  // Forward direction was computed i = 0..T-1, so its gradient flows i = T-1..0.
  for (int i = T - 1; i >= 0; --i) {
    const float* h_prev = i == 0 ? zero.data() : &enc_.forward_h[sz((i - 1) * H)];
    const int word = ex.src[sz(i)];
    d_embed.setZero();
    d_prev.setZero();
    const Vector d_h = d_fwd.row(i).transpose();
    gru_cell_backward(p.enc_fwd, p.src_embed.row(word).data(), h_prev, enc_.forward_cache[sz(i)],
                      d_h.data(), &grad->enc_fwd, d_embed.data(), d_prev.data());
    grad->src_embed.row(word) += d_embed.transpose();
    if (i > 0) d_fwd.row(i - 1) += d_prev.transpose();
  }
  // Backward direction was computed i = T-1..0, so its gradient flows i = 0..T-1.
  for (int i = 0; i < T; ++i) {
    const float* h_prev = i == T - 1 ? zero.data() : &enc_.backward_h[sz((i + 1) * H)];
    const int word = ex.src[sz(i)];
    d_embed.setZero();
    d_prev.setZero();
    const Vector d_h = d_bwd.row(i).transpose();
    gru_cell_backward(p.enc_bwd, p.src_embed.row(word).data(), h_prev, enc_.backward_cache[sz(i)],
                      d_h.data(), &grad->enc_bwd, d_embed.data(), d_prev.data());
    grad->src_embed.row(word) += d_embed.transpose();
    if (i < T - 1) d_bwd.row(i + 1) += d_prev.transpose();
  }
  return loss;
}

// ---------------------------------------------------------------------------------------------
Adam::Adam(const Hyper& hyper, AdamConfig config)
    : config_(config), m_(zero_params(hyper)), v_(zero_params(hyper)) {}

// m ← β1 m + (1−β1) g;  v ← β2 v + (1−β2) g²;  θ ← θ − lr · m̂ / (√v̂ + ε)
// with bias corrections m̂ = m / (1−β1^k), v̂ = v / (1−β2^k).
float Adam::step(const Hyper& hyper, Params* params, Params* grad) {
  const std::vector<Matrix*> theta = param_list(hyper, *params);
  const std::vector<Matrix*> g = param_list(hyper, *grad);
  const std::vector<Matrix*> m = param_list(hyper, m_);
  const std::vector<Matrix*> v = param_list(hyper, v_);
  double squared = 0;
  for (const Matrix* gi : g) squared += static_cast<double>(gi->squaredNorm());
  const float norm = static_cast<float>(std::sqrt(squared));
  const float scale =
      config_.clip_norm > 0 && norm > config_.clip_norm ? config_.clip_norm / norm : 1.0f;
  ++steps_;
  const float correction1 = 1.0f - std::pow(config_.beta1, static_cast<float>(steps_));
  const float correction2 = 1.0f - std::pow(config_.beta2, static_cast<float>(steps_));
  const float lr = config_.learning_rate * std::sqrt(correction2) / correction1;
  for (size_t k = 0; k < theta.size(); ++k) {
    const auto gk = (g[k]->array() * scale);
    m[k]->array() = config_.beta1 * m[k]->array() + (1.0f - config_.beta1) * gk;
    v[k]->array() = config_.beta2 * v[k]->array() + (1.0f - config_.beta2) * gk.square();
    theta[k]->array() -= lr * m[k]->array() / (v[k]->array().sqrt() + config_.epsilon);
  }
  return norm;
}

}  // namespace ae
