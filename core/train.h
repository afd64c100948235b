// Training: the loss of one sentence pair and its gradient by backpropagation through time, and
// the Adam optimizer. The forward pass is the very code the browser runs (decoder.h); the backward
// pass chains the *_backward functions of layers.h in reverse order.
#pragma once

#include <vector>

#include "decoder.h"
#include "model.h"

namespace ae {

struct TrainExample {
  std::vector<int> src;  // source ids, 1..max_src_len of them
  std::vector<int> tgt;  // target ids, ending with kEosId
};

// Per-thread workspace: buffers sized once for the model's maximum lengths.
class SentenceGradient {
 public:
  explicit SentenceGradient(const Hyper& hyper);

  // Adds d(loss)/d(params) into *grad and returns the loss −Σ_t log p(y_t | y_<t, x) in nats.
  double accumulate(const Model& model, const TrainExample& example, Params* grad);

  // The same loss without the gradient.
  double loss(const Model& model, const TrainExample& example);

 private:
  double forward(const Model& model, const TrainExample& example);

  EncoderState enc_;
  std::vector<StepWork> steps_;
};

struct AdamConfig {
  float learning_rate = 1e-3f;
  float beta1 = 0.9f;
  float beta2 = 0.999f;
  float epsilon = 1e-8f;
  float clip_norm = 5.0f;  // global gradient norm is scaled down to at most this (0 = off)
};

class Adam {
 public:
  Adam(const Hyper& hyper, AdamConfig config);
  // One update with the averaged gradient; returns the gradient norm before clipping.
  float step(const Hyper& hyper, Params* params, Params* grad);
  void set_learning_rate(float rate) { config_.learning_rate = rate; }

 private:
  AdamConfig config_;
  Params m_, v_;
  long steps_ = 0;
};

}  // namespace ae
