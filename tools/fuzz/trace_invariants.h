// What every Trace promises the page, checked in one place for the decoder fuzzer
// (tools/fuzz/decoder_fuzz.cpp) and the numerical safety tests (tests/cpp/safety_test.cpp):
//   - every array has the length its layout (decoder.h) gives for src_len and steps, so the page
//     can index it without checks;
//   - every number is finite;
//   - each attention row α_t· and each probability lies in [0, 1], and each α_t· sums to 1 within
//     1e-6 (summed in double, so that the check measures the weights, not itself);
//   - Σ exp_shifted lies in [1, T]: the largest shifted score is exp(0) = 1;
//   - ids are inside their vocabularies and the top-k list is distinct and most probable first.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "decoder.h"

namespace ae::invariants {

constexpr double kRowSumTolerance = 1e-6;

namespace detail {

inline std::string at(const char* what, size_t index) {
  return std::string(what) + "[" + std::to_string(index) + "]";
}

inline std::string check_length(const char* what, size_t actual, size_t expected) {
  if (actual == expected) return "";
  return std::string(what) + " has " + std::to_string(actual) + " entries, expected " +
         std::to_string(expected);
}

inline std::string check_finite(const char* what, const std::vector<float>& values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (!std::isfinite(values[i])) return at(what, i) + " = " + std::to_string(values[i]);
  }
  return "";
}

inline std::string check_probability(const char* what, const std::vector<float>& values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (!(values[i] >= 0.0f && values[i] <= 1.0f)) {
      return at(what, i) + " = " + std::to_string(values[i]) + " is not a probability";
    }
  }
  return "";
}

inline std::string check_ids(const char* what, const std::vector<int>& ids, int vocab) {
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= vocab) {
      return at(what, i) + " = " + std::to_string(ids[i]) + " is outside the vocabulary";
    }
  }
  return "";
}

}  // namespace detail

// "" when `weights` (rows x cols, row-major) are finite, in [0, 1], and each row sums to 1.
inline std::string check_distribution_rows(const char* what, const std::vector<float>& weights,
                                           size_t rows, size_t cols) {
  if (std::string e = detail::check_length(what, weights.size(), rows * cols); !e.empty()) return e;
  if (std::string e = detail::check_finite(what, weights); !e.empty()) return e;
  if (std::string e = detail::check_probability(what, weights); !e.empty()) return e;
  for (size_t row = 0; row < rows; ++row) {
    double sum = 0.0;
    for (size_t col = 0; col < cols; ++col) sum += weights[row * cols + col];
    if (std::abs(sum - 1.0) > kRowSumTolerance) {
      return std::string(what) + " row " + std::to_string(row) + " sums to " + std::to_string(sum) +
             ", not 1";
    }
  }
  return "";
}

// "" when `trace`, produced by a model with hyper-parameters `h`, keeps every promise above;
// otherwise a description of the first broken one.
inline std::string check_trace(const Trace& trace, const Hyper& h) {
  using detail::check_finite;
  using detail::check_length;
  const auto T = static_cast<size_t>(trace.src_len);
  const auto S = static_cast<size_t>(trace.steps);
  const auto K = static_cast<size_t>(trace.top_k);
  const auto C = static_cast<size_t>(h.context_size());
  const auto D = static_cast<size_t>(h.dec_hidden);
  const size_t A = h.attention ? static_cast<size_t>(h.attn_dim) : 0;
  const size_t attended = h.attention ? S : 0;  // steps that have an attention row
  if (trace.attention != h.attention) return "trace.attention differs from the model";
  if (T < 1 || trace.src_len > h.max_src_len) return "src_len " + std::to_string(T);
  if (trace.top_k < 1 || trace.top_k > h.tgt_vocab) return "top_k " + std::to_string(K);

  const struct {
    const char* what;
    const std::vector<float>& values;
    size_t length;
  } arrays[] = {
      {"token_probs", trace.token_probs, S},
      {"encoder_states", trace.encoder_states, T * C},
      {"keys", trace.keys, T * A},
      {"s_prev", trace.s_prev, S * D},
      {"question", trace.question, S * A},
      {"scores", trace.scores, attended * T},
      {"exp_shifted", trace.exp_shifted, attended * T},
      {"score_max", trace.score_max, attended},
      {"exp_sum", trace.exp_sum, attended},
      {"context", trace.context, S * C},
      {"s", trace.s, S * D},
      {"topk_probs", trace.topk_probs, S * K},
  };
  for (const auto& array : arrays) {
    if (std::string e = check_length(array.what, array.values.size(), array.length); !e.empty()) {
      return e;
    }
    if (std::string e = check_finite(array.what, array.values); !e.empty()) return e;
  }
  if (std::string e = check_distribution_rows("alpha", trace.alpha, attended, T); !e.empty()) {
    return e;
  }
  if (!std::isfinite(trace.log_prob)) return "log_prob = " + std::to_string(trace.log_prob);
  if (std::string e = detail::check_probability("token_probs", trace.token_probs); !e.empty()) {
    return e;
  }
  if (std::string e = detail::check_probability("topk_probs", trace.topk_probs); !e.empty()) {
    return e;
  }
  for (size_t t = 0; t < attended; ++t) {
    const float sum = trace.exp_sum[t];
    if (!(sum >= 1.0f && sum <= static_cast<float>(T) * (1.0f + 1e-6f))) {
      return detail::at("exp_sum", t) + " = " + std::to_string(sum) + " is outside [1, T]";
    }
  }

  if (std::string e = check_length("src_ids", trace.src_ids.size(), T); !e.empty()) return e;
  if (std::string e = check_length("out_ids", trace.out_ids.size(), S); !e.empty()) return e;
  if (std::string e = check_length("topk_ids", trace.topk_ids.size(), S * K); !e.empty()) return e;
  if (std::string e = detail::check_ids("src_ids", trace.src_ids, h.src_vocab); !e.empty()) {
    return e;
  }
  if (std::string e = detail::check_ids("out_ids", trace.out_ids, h.tgt_vocab); !e.empty()) {
    return e;
  }
  if (std::string e = detail::check_ids("topk_ids", trace.topk_ids, h.tgt_vocab); !e.empty()) {
    return e;
  }
  for (size_t t = 0; t < S; ++t) {
    for (size_t k = 1; k < K; ++k) {
      const size_t i = t * K + k;
      if (trace.topk_probs[i] > trace.topk_probs[i - 1]) {
        return detail::at("topk_probs", i) + " is more probable than the entry before it";
      }
      for (size_t j = t * K; j < i; ++j) {
        if (trace.topk_ids[j] == trace.topk_ids[i]) {
          return detail::at("topk_ids", i) + " repeats an earlier candidate";
        }
      }
    }
  }
  return "";
}

}  // namespace ae::invariants
