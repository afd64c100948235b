#include "model.h"

#include <random>

namespace ae {

Vocab::Vocab(std::vector<std::string> words) : words_(std::move(words)) {
  index_.reserve(words_.size());
  for (size_t i = 0; i < words_.size(); ++i) index_.emplace(words_[i], static_cast<int>(i));
}

int Vocab::id(const std::string& word) const {
  auto found = index_.find(word);
  return found == index_.end() ? kUnkId : found->second;
}

namespace {

// The single list of parameters; every other view (names, shapes, iteration) derives from it.
template <typename ParamsT, typename Fn>
void visit_params(const Hyper& h, ParamsT& p, Fn&& fn) {
  const int H = h.enc_hidden, D = h.dec_hidden, A = h.attn_dim, E = h.embed;
  fn("src_embed", p.src_embed, h.src_vocab, E);
  fn("tgt_embed", p.tgt_embed, h.tgt_vocab, E);
  fn("enc_fwd.W", p.enc_fwd.W, 3 * H, E);
  fn("enc_fwd.U", p.enc_fwd.U, 3 * H, H);
  fn("enc_fwd.b", p.enc_fwd.b, 3 * H, 1);
  fn("enc_bwd.W", p.enc_bwd.W, 3 * H, E);
  fn("enc_bwd.U", p.enc_bwd.U, 3 * H, H);
  fn("enc_bwd.b", p.enc_bwd.b, 3 * H, 1);
  fn("init.W", p.init_W, D, H);
  fn("init.b", p.init_b, D, 1);
  if (h.attention) {
    fn("attn.W", p.attn_W, A, D);
    fn("attn.U", p.attn_U, A, h.context_size());
    fn("attn.v", p.attn_v, A, 1);
  }
  fn("dec.W", p.dec.W, 3 * D, h.dec_input_size());
  fn("dec.U", p.dec.U, 3 * D, D);
  fn("dec.b", p.dec.b, 3 * D, 1);
  fn("out.W", p.out_W, 2 * h.out_hidden, h.out_input_size());
  fn("out.b", p.out_b, 2 * h.out_hidden, 1);
  fn("logit.W", p.logit_W, h.tgt_vocab, h.out_hidden);
  fn("logit.b", p.logit_b, h.tgt_vocab, 1);
}

}  // namespace

void for_each_param(const Hyper& hyper, Params& params,
                    const std::function<void(const std::string&, Matrix&)>& fn) {
  visit_params(hyper, params, [&](const char* name, Matrix& m, int, int) { fn(name, m); });
}

void for_each_param(const Hyper& hyper, const Params& params,
                    const std::function<void(const std::string&, const Matrix&)>& fn) {
  visit_params(hyper, params, [&](const char* name, const Matrix& m, int, int) { fn(name, m); });
}

std::vector<Matrix*> param_list(const Hyper& hyper, Params& params) {
  std::vector<Matrix*> list;
  for_each_param(hyper, params, [&](const std::string&, Matrix& m) { list.push_back(&m); });
  return list;
}

std::vector<TensorShape> param_shapes(const Hyper& hyper) {
  std::vector<TensorShape> shapes;
  Params unused;
  visit_params(hyper, unused, [&](const char* name, Matrix&, int rows, int cols) {
    shapes.push_back({name, rows, cols});
  });
  return shapes;
}

Params zero_params(const Hyper& hyper) {
  Params params;
  visit_params(hyper, params,
               [](const char*, Matrix& m, int rows, int cols) { m = Matrix::Zero(rows, cols); });
  return params;
}

Model random_model(const Hyper& hyper, unsigned seed, float scale) {
  Model model;
  model.hyper = hyper;
  std::vector<std::string> src{"<unk>", "<s>", "</s>"}, tgt{"<unk>", "<s>", "</s>"};
  for (int i = kNumReservedIds; i < hyper.src_vocab; ++i) src.push_back("w" + std::to_string(i));
  for (int i = kNumReservedIds; i < hyper.tgt_vocab; ++i) tgt.push_back("w" + std::to_string(i));
  model.src_vocab = Vocab(src);
  model.tgt_vocab = Vocab(tgt);
  model.params = zero_params(hyper);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-scale, scale);
  for_each_param(hyper, model.params, [&](const std::string&, Matrix& m) {
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = uniform(rng);
  });
  return model;
}

}  // namespace ae
