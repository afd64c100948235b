// Every backward function of layers.h, checked against central finite differences of the loss.
//
// SentenceGradient chains all of them (GRU cells of both encoder directions and of the decoder,
// s_0, the additive score, softmax, context, maxout output), so comparing the gradient of each
// parameter tensor with (L(θ+ε) − L(θ−ε)) / 2ε checks each backward function through the
// tensors it alone produces gradients for. Run for the attention model and the baseline.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "train.h"

namespace ae {
namespace {

// Sizes: vocabularies 9 / 8, embed 3, encoder 4, decoder 5, attention 3,
// maxout 4, lengths 6 / 6.
Hyper tiny_hyper(bool attention) { return Hyper{9, 8, 3, 4, 5, 3, 4, attention, 6, 6}; }

void check_all_gradients(bool attention) {
  Model model = random_model(tiny_hyper(attention), 7, 0.5f);
  const TrainExample example{{3, 5, 4, 8}, {4, 6, 3, kEosId}};
  SentenceGradient workspace(model.hyper);
  Params grad = zero_params(model.hyper);
  workspace.accumulate(model, example, &grad);

  const float eps = 2e-3f;
  std::mt19937 rng(11);
  int checked = 0;
  std::vector<Matrix*> analytic = param_list(model.hyper, grad);
  std::vector<Matrix*> weights = param_list(model.hyper, model.params);
  std::vector<TensorShape> shapes = param_shapes(model.hyper);
  for (size_t k = 0; k < weights.size(); ++k) {
    Matrix& w = *weights[k];
    // Up to 12 entries per tensor, always including the largest-gradient entry.
    std::vector<Eigen::Index> entries;
    Eigen::Index largest = 0;
    Eigen::Map<const Eigen::VectorXf>(analytic[k]->data(), analytic[k]->size())
        .cwiseAbs()
        .maxCoeff(&largest);
    entries.push_back(largest);
    std::uniform_int_distribution<Eigen::Index> pick(0, w.size() - 1);
    for (int n = 0; n < 11; ++n) entries.push_back(pick(rng));
    for (Eigen::Index e : entries) {
      const float saved = w.data()[e];
      w.data()[e] = saved + eps;
      const double plus = workspace.loss(model, example);
      w.data()[e] = saved - eps;
      const double minus = workspace.loss(model, example);
      w.data()[e] = saved;
      const double numeric = (plus - minus) / (2.0 * eps);
      const double exact = analytic[k]->data()[e];
      EXPECT_NEAR(exact, numeric, 2e-3 + 2e-2 * std::abs(numeric))
          << shapes[k].name << " entry " << e << (attention ? " (attention)" : " (baseline)");
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(Gradient, AttentionModelMatchesFiniteDifferences) { check_all_gradients(true); }

TEST(Gradient, FixedContextBaselineMatchesFiniteDifferences) { check_all_gradients(false); }

TEST(Gradient, SoftmaxBackwardMatchesFiniteDifferences) {
  const std::vector<float> scores{0.3f, 2.1f, 0.5f, -1.0f};
  const std::vector<float> upstream{0.7f, -0.2f, 1.3f, 0.4f};  // L = Σ upstream_i α_i
  auto loss = [&](const std::vector<float>& e) {
    std::vector<float> ex(e.size()), alpha(e.size());
    softmax_forward(e.data(), static_cast<int>(e.size()), ex.data(), alpha.data());
    double l = 0;
    for (size_t i = 0; i < e.size(); ++i) l += upstream[i] * alpha[i];
    return l;
  };
  std::vector<float> ex(4), alpha(4), d_scores(4, 0.0f);
  softmax_forward(scores.data(), 4, ex.data(), alpha.data());
  softmax_backward(alpha.data(), upstream.data(), 4, d_scores.data());
  for (size_t i = 0; i < 4; ++i) {
    std::vector<float> plus = scores, minus = scores;
    plus[i] += 1e-3f;
    minus[i] -= 1e-3f;
    EXPECT_NEAR(d_scores[i], (loss(plus) - loss(minus)) / 2e-3, 1e-4);
  }
}

TEST(Training, AdamDrivesTheLossDownOnOneExample) {
  Model model = random_model(tiny_hyper(true), 3, 0.1f);
  const TrainExample example{{3, 5, 4}, {4, 6, kEosId}};
  SentenceGradient workspace(model.hyper);
  AdamConfig config;
  config.learning_rate = 0.05f;
  Adam adam(model.hyper, config);
  const double before = workspace.loss(model, example);
  for (int i = 0; i < 60; ++i) {
    Params grad = zero_params(model.hyper);
    workspace.accumulate(model, example, &grad);
    adam.step(model.hyper, &model.params, &grad);
  }
  const double after = workspace.loss(model, example);
  EXPECT_LT(after, 0.05 * before) << "before " << before << " after " << after;
}

// A short training run on a tiny corpus: the attention model must learn to copy its input
// (the toy task whose attention is a sharp diagonal), with the trainer's own loop pieces:
// minibatches, Adam, clipping.
TEST(Training, LearnsToCopyShortSequences) {
  Model model = random_model(Hyper{8, 8, 8, 12, 16, 8, 12, true, 5, 6}, 5, 0.1f);
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> length(1, 4), word(kNumReservedIds, 7);
  auto example = [&] {
    TrainExample ex;
    for (int i = length(rng); i > 0; --i) ex.src.push_back(word(rng));
    ex.tgt = ex.src;
    ex.tgt.push_back(kEosId);
    return ex;
  };
  std::vector<TrainExample> held_out;
  for (int i = 0; i < 50; ++i) held_out.push_back(example());
  auto mean_loss = [&] {
    SentenceGradient workspace(model.hyper);
    double total = 0;
    for (const TrainExample& ex : held_out) total += workspace.loss(model, ex);
    return total / static_cast<double>(held_out.size());
  };
  const double before = mean_loss();
  SentenceGradient workspace(model.hyper);
  AdamConfig config;
  config.learning_rate = 0.01f;
  Adam adam(model.hyper, config);
  for (int step = 0; step < 400; ++step) {
    Params grad = zero_params(model.hyper);
    for (int b = 0; b < 16; ++b) workspace.accumulate(model, example(), &grad);
    for (Matrix* m : param_list(model.hyper, grad)) *m /= 16.0f;
    adam.step(model.hyper, &model.params, &grad);
  }
  EXPECT_LT(mean_loss(), 0.1 * before);
  Decoder decoder(model);
  Trace trace;
  int copied = 0;
  for (const TrainExample& ex : held_out) {
    ASSERT_TRUE(decoder.translate(ex.src, DecodeOptions{}, &trace).is_ok());
    copied += trace.out_ids == ex.tgt;
  }
  EXPECT_GE(copied, 45) << "copied " << copied << " of 50 held-out sequences";
}

}  // namespace
}  // namespace ae
