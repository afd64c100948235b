// The model: hyper-parameters, vocabularies and named parameter tensors of a Bahdanau et al. (2015)
// encoder–decoder. The formulas themselves live in layers.h, one function each.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ae {

// Row-major so that a matrix row is contiguous, which is what the GEMV kernels stream over.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXf;

// Ids every vocabulary reserves.
constexpr int kUnkId = 0;  // "<unk>": a word the model never saw
constexpr int kBosId = 1;  // "<s>":   y_0, the decoder's first input
constexpr int kEosId = 2;  // "</s>":  the decoder says this to stop
constexpr int kNumReservedIds = 3;

struct Hyper {
  int src_vocab = 0;      // |V_x|, including the reserved ids
  int tgt_vocab = 0;      // |V_y|, including the reserved ids
  int embed = 0;          // word embedding size (both sides)
  int enc_hidden = 0;     // size of each encoder direction; h_i has 2 * enc_hidden entries
  int dec_hidden = 0;     // d_s, size of the decoder state s_t
  int attn_dim = 0;       // d_a, size of the shared comparison space of the additive score
  int out_hidden = 0;     // size of the maxout layer of the output function g
  bool attention = true;  // false: the fixed-context baseline ("one thin pipe")
  int max_src_len = 0;    // longest source sentence accepted, in tokens
  int max_tgt_len = 0;    // decoding stops after this many output tokens

  int context_size() const { return 2 * enc_hidden; }            // d_h = size of h_i and c_t
  int dec_input_size() const { return embed + context_size(); }  // [E y_{t-1} ; c_t]
  int out_input_size() const { return dec_hidden + embed + context_size(); }  // [s_t ; E y ; c_t]
};

class Vocab {
 public:
  Vocab() = default;
  explicit Vocab(std::vector<std::string> words);
  int size() const { return static_cast<int>(words_.size()); }
  // kUnkId when absent.
  int id(const std::string& word) const;
  bool contains(const std::string& word) const { return index_.count(word) != 0; }
  const std::string& word(int id) const { return words_.at(static_cast<size_t>(id)); }
  const std::vector<std::string>& words() const { return words_; }

 private:
  std::vector<std::string> words_;
  std::unordered_map<std::string, int> index_;
};

// One GRU (Cho et al., 2014) with the gates stacked as rows [reset r ; update z ; candidate n].
struct GruParams {
  Matrix W;  // (3H x input)   applied to the input x_t
  Matrix U;  // (3H x H)       applied to the previous state (rows of n: applied to r ∘ h_{t-1})
  Matrix b;  // (3H x 1)
};

struct Params {
  Matrix src_embed;   // (|V_x| x embed)
  Matrix tgt_embed;   // (|V_y| x embed)
  GruParams enc_fwd;  // →h reads x_1 .. x_T
  GruParams enc_bwd;  // ←h reads x_T .. x_1
  Matrix init_W;      // (d_s x enc_hidden)   s_0 = tanh(W_s ←h_1 + b_s)
  Matrix init_b;      // (d_s x 1)
  Matrix attn_W;      // W_a (d_a x d_s)
  Matrix attn_U;      // U_a (d_a x d_h)
  Matrix attn_v;      // v_a (d_a x 1)
  GruParams dec;      // f: input [E y_{t-1} ; c_t], state s
  Matrix out_W;       // (2*out_hidden x (d_s + embed + d_h)) maxout pre-activations of g
  Matrix out_b;       // (2*out_hidden x 1)
  Matrix logit_W;     // (|V_y| x out_hidden)
  Matrix logit_b;     // (|V_y| x 1)
};

// Calls fn(name, tensor) for every parameter tensor in a fixed order. The names are those of the
// weights file (docs/weights-format.md). The attention tensors are skipped when attention is off.
void for_each_param(const Hyper& hyper, Params& params,
                    const std::function<void(const std::string&, Matrix&)>& fn);
void for_each_param(const Hyper& hyper, const Params& params,
                    const std::function<void(const std::string&, const Matrix&)>& fn);

// The parameter tensors in for_each_param order, for code that walks several Params in lockstep
// (gradients, optimizer moments).
std::vector<Matrix*> param_list(const Hyper& hyper, Params& params);

// Expected shape of every named tensor for these hyper-parameters.
struct TensorShape {
  std::string name;
  int rows = 0;
  int cols = 0;
};
std::vector<TensorShape> param_shapes(const Hyper& hyper);

// Zero-initialised parameters of the right shapes.
Params zero_params(const Hyper& hyper);

struct Model {
  Hyper hyper;
  Vocab src_vocab;
  Vocab tgt_vocab;
  Params params;
};

// Random model (uniform in [-scale, scale]) for tests and benchmarks; vocabularies are "w0",
// "w1"...
Model random_model(const Hyper& hyper, unsigned seed, float scale = 0.3f);

}  // namespace ae
