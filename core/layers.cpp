#include "layers.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels.h"

namespace ae {
namespace {

using ConstMap = Eigen::Map<const Vector>;
using Map = Eigen::Map<Vector>;
using ConstRowMajorMap = Eigen::Map<const Matrix>;
using RowMajorMap = Eigen::Map<Matrix>;

int rows_of(const Matrix& m) { return static_cast<int>(m.rows()); }
int cols_of(const Matrix& m) { return static_cast<int>(m.cols()); }

// y = b + W x, the affine map every layer starts with.
void affine(const Matrix& W, const Matrix& b, const float* x, float* y) {
  std::memcpy(y, b.data(), sizeof(float) * static_cast<size_t>(b.size()));
  kernels::gemv_acc(W.data(), x, y, rows_of(W), cols_of(W));
}

}  // namespace

// ---------------------------------------------------------------------------------------------
void gru_cell_forward(const GruParams& p, const float* x, const float* h_prev, float* h_next,
                      GruCache* cache) {
  const int H = cols_of(p.U);
  float* r = cache->gates.data();
  float* z = r + H;
  float* n = z + H;
  float* rh = cache->reset_state.data();
  affine(p.W, p.b, x, r);                                  // W x + b for all three gates
  kernels::gemv_acc(p.U.data(), h_prev, r, 2 * H, H);      // + U_r h, U_z h
  kernels::sigmoid_inplace(r, 2 * H);                      // r, z
  for (int k = 0; k < H; ++k) rh[k] = r[k] * h_prev[k];    // r ∘ h
  kernels::gemv_acc(p.U.data() + 2 * H * H, rh, n, H, H);  // + U_n (r ∘ h)
  kernels::tanh_inplace(n, H);
  for (int k = 0; k < H; ++k) h_next[k] = (1.0f - z[k]) * h_prev[k] + z[k] * n[k];
}

void gru_cell_backward(const GruParams& p, const float* x, const float* h_prev,
                       const GruCache& cache, const float* d_h_next, GruParams* grad, float* d_x,
                       float* d_h_prev) {
  const int H = cols_of(p.U);
  const int I = cols_of(p.W);
  const float* r = cache.gates.data();
  const float* z = r + H;
  const float* n = z + H;
  // d_pre: gradient with respect to the three gates' pre-activations [a_r ; a_z ; a_n].
  Vector d_pre(3 * H);
  for (int k = 0; k < H; ++k) {
    const float d_n = d_h_next[k] * z[k];
    const float d_z = d_h_next[k] * (n[k] - h_prev[k]);
    d_h_prev[k] += d_h_next[k] * (1.0f - z[k]);
    d_pre[2 * H + k] = d_n * (1.0f - n[k] * n[k]);
    d_pre[H + k] = d_z * z[k] * (1.0f - z[k]);
  }
  const auto U_n = ConstRowMajorMap(p.U.data() + 2 * H * H, H, H);
  const Vector d_rh = U_n.transpose() * d_pre.tail(H);
  RowMajorMap(grad->U.data() + 2 * H * H, H, H).noalias() +=
      d_pre.tail(H) * ConstMap(cache.reset_state.data(), H).transpose();
  for (int k = 0; k < H; ++k) {
    d_h_prev[k] += d_rh[k] * r[k];
    d_pre[k] = d_rh[k] * h_prev[k] * r[k] * (1.0f - r[k]);
  }
  const ConstMap x_vec(x, I), h_vec(h_prev, H);
  grad->W.noalias() += d_pre * x_vec.transpose();
  grad->b += d_pre;
  Map(d_x, I).noalias() += p.W.transpose() * d_pre;
  const auto U_rz = ConstRowMajorMap(p.U.data(), 2 * H, H);
  RowMajorMap(grad->U.data(), 2 * H, H).noalias() += d_pre.head(2 * H) * h_vec.transpose();
  Map(d_h_prev, H).noalias() += U_rz.transpose() * d_pre.head(2 * H);
}

// ---------------------------------------------------------------------------------------------
void initial_state_forward(const Params& p, const float* backward_h1, float* s0) {
  affine(p.init_W, p.init_b, backward_h1, s0);
  kernels::tanh_inplace(s0, rows_of(p.init_W));
}

void initial_state_backward(const Params& p, const float* backward_h1, const float* s0,
                            const float* d_s0, Params* grad, float* d_backward_h1) {
  const int D = rows_of(p.init_W);
  Vector d_pre(D);
  for (int k = 0; k < D; ++k) d_pre[k] = d_s0[k] * (1.0f - s0[k] * s0[k]);
  grad->init_W.noalias() += d_pre * ConstMap(backward_h1, cols_of(p.init_W)).transpose();
  grad->init_b += d_pre;
  Map(d_backward_h1, cols_of(p.init_W)).noalias() += p.init_W.transpose() * d_pre;
}

// ---------------------------------------------------------------------------------------------
void attention_question_forward(const Params& p, const float* s_prev, float* question) {
  std::fill(question, question + rows_of(p.attn_W), 0.0f);
  kernels::gemv_acc(p.attn_W.data(), s_prev, question, rows_of(p.attn_W), cols_of(p.attn_W));
}

void attention_keys_forward(const Params& p, const float* h, int src_len, float* keys) {
  const int A = rows_of(p.attn_U), C = cols_of(p.attn_U);
  std::fill(keys, keys + src_len * A, 0.0f);
  for (int i = 0; i < src_len; ++i)
    kernels::gemv_acc(p.attn_U.data(), h + i * C, keys + i * A, A, C);
}

void additive_scores_forward(const Params& p, const float* question, const float* keys, int src_len,
                             float* pre_tanh, float* bent, float* scores) {
  const int A = rows_of(p.attn_U);
  for (int i = 0; i < src_len; ++i) {
    float* a = pre_tanh + i * A;
    float* b = bent + i * A;
    for (int k = 0; k < A; ++k) a[k] = question[k] + keys[i * A + k];
    std::memcpy(b, a, sizeof(float) * static_cast<size_t>(A));
    kernels::tanh_inplace(b, A);
    scores[i] = kernels::dot(p.attn_v.data(), b, A);
  }
}

void additive_scores_backward(const Params& p, const float* bent, int src_len,
                              const float* d_scores, Params* grad, float* d_question,
                              float* d_keys) {
  const int A = rows_of(p.attn_U);
  const float* v = p.attn_v.data();
  for (int i = 0; i < src_len; ++i) {
    const float* b = bent + i * A;
    for (int k = 0; k < A; ++k) {
      grad->attn_v(k, 0) += d_scores[i] * b[k];
      const float d_a = d_scores[i] * v[k] * (1.0f - b[k] * b[k]);
      d_question[k] += d_a;
      d_keys[i * A + k] += d_a;
    }
  }
}

void attention_question_backward(const Params& p, const float* s_prev, const float* d_question,
                                 Params* grad, float* d_s_prev) {
  const ConstMap dq(d_question, rows_of(p.attn_W));
  grad->attn_W.noalias() += dq * ConstMap(s_prev, cols_of(p.attn_W)).transpose();
  Map(d_s_prev, cols_of(p.attn_W)).noalias() += p.attn_W.transpose() * dq;
}

void attention_keys_backward(const Params& p, const float* h, int src_len, const float* d_keys,
                             Params* grad, float* d_h) {
  const int A = rows_of(p.attn_U), C = cols_of(p.attn_U);
  const ConstRowMajorMap dk(d_keys, src_len, A);
  const ConstRowMajorMap hm(h, src_len, C);
  grad->attn_U.noalias() += dk.transpose() * hm;
  RowMajorMap(d_h, src_len, C).noalias() += dk * p.attn_U;
}

// ---------------------------------------------------------------------------------------------
SoftmaxParts softmax_forward(const float* scores, int n, float* exp_shifted, float* probs) {
  SoftmaxParts parts;
  parts.max = kernels::max_value(scores, n);
  kernels::exp_shifted(scores, parts.max, exp_shifted, n);
  // The kernels' float sum drifts (by 7e-5 over 100,000 random scores with the scalar kernels),
  // and the weights inherit its error; summed in double, they add up to 1 within 1e-6.
  double sum = 0.0;
  for (int i = 0; i < n; ++i) sum += exp_shifted[i];
  parts.sum = static_cast<float>(sum);
  if (probs != exp_shifted) std::memcpy(probs, exp_shifted, sizeof(float) * static_cast<size_t>(n));
  kernels::scale_inplace(static_cast<float>(1.0 / sum), probs, n);
  return parts;
}

void softmax_backward(const float* probs, const float* d_probs, int n, float* d_scores) {
  const float weighted = kernels::dot(probs, d_probs, n);
  for (int i = 0; i < n; ++i) d_scores[i] += probs[i] * (d_probs[i] - weighted);
}

// ---------------------------------------------------------------------------------------------
void context_forward(const float* alpha, const float* h, int src_len, int d_h, float* context) {
  std::fill(context, context + d_h, 0.0f);
  for (int i = 0; i < src_len; ++i) kernels::axpy(alpha[i], h + i * d_h, context, d_h);
}

void context_backward(const float* alpha, const float* h, int src_len, int d_h,
                      const float* d_context, float* d_alpha, float* d_h_out) {
  for (int i = 0; i < src_len; ++i) {
    d_alpha[i] += kernels::dot(d_context, h + i * d_h, d_h);
    kernels::axpy(alpha[i], d_context, d_h_out + i * d_h, d_h);
  }
}

// ---------------------------------------------------------------------------------------------
void output_forward(const Params& p, const float* s, const float* y_embed, const float* context,
                    OutputCache* cache, float* logits) {
  const int D = rows_of(p.init_W);
  const int E = cols_of(p.tgt_embed);
  const int C = static_cast<int>(cache->input.size()) - D - E;
  const int L = rows_of(p.out_W) / 2;
  float* in = cache->input.data();
  std::memcpy(in, s, sizeof(float) * static_cast<size_t>(D));
  std::memcpy(in + D, y_embed, sizeof(float) * static_cast<size_t>(E));
  std::memcpy(in + D + E, context, sizeof(float) * static_cast<size_t>(C));
  Vector& pre = cache->pre_maxout;
  affine(p.out_W, p.out_b, in, pre.data());
  for (int j = 0; j < L; ++j) {
    const bool second = pre[2 * j + 1] > pre[2 * j];
    cache->winner[static_cast<size_t>(j)] = second ? 1 : 0;
    cache->hidden[j] = second ? pre[2 * j + 1] : pre[2 * j];
  }
  affine(p.logit_W, p.logit_b, cache->hidden.data(), logits);
}

void output_backward(const Params& p, const OutputCache& cache, const float* d_logits, Params* grad,
                     float* d_input) {
  const int V = rows_of(p.logit_W), L = cols_of(p.logit_W);
  const ConstMap dl(d_logits, V);
  grad->logit_W.noalias() += dl * cache.hidden.transpose();
  grad->logit_b += dl;
  const Vector d_hidden = p.logit_W.transpose() * dl;
  Vector d_pre = Vector::Zero(2 * L);
  for (int j = 0; j < L; ++j) d_pre[2 * j + cache.winner[static_cast<size_t>(j)]] = d_hidden[j];
  grad->out_W.noalias() += d_pre * cache.input.transpose();
  grad->out_b += d_pre;
  Map(d_input, cols_of(p.out_W)).noalias() += p.out_W.transpose() * d_pre;
}

}  // namespace ae
