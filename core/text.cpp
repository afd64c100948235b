#include "text.h"

#include <algorithm>
#include <cstdint>

namespace ae {
namespace {

bool attaches_to_previous(const std::string& token) {
  static const char* const kAttached[] = {".", ",", "!", "?", ";", ":", ")", "'s", "'", "%", "…"};
  return std::any_of(std::begin(kAttached), std::end(kAttached),
                     [&](const char* a) { return token == a; });
}

// One number per UTF-8 character (its bytes packed together, which identifies it as well as its
// code point would); a malformed byte counts as one character. That is all an edit distance needs.
// Fills `out` (reusing its storage: closest_words calls this once per vocabulary word).
void characters(const std::string& s, std::vector<uint32_t>* out) {
  out->clear();
  for (size_t i = 0; i < s.size();) {
    const auto lead = static_cast<unsigned char>(s[i]);
    size_t len = lead < 0x80         ? 1
                 : (lead >> 5) == 6  ? 2
                 : (lead >> 4) == 14 ? 3
                 : (lead >> 3) == 30 ? 4
                                     : 1;
    if (i + len > s.size()) len = 1;
    uint32_t cp = lead;
    for (size_t k = 1; k < len; ++k) cp = (cp << 8) | static_cast<unsigned char>(s[i + k]);
    out->push_back(cp);
    i += len;
  }
}

// Levenshtein distance, giving up (returning limit + 1) once every cell of a row exceeds limit.
// The two rows are the caller's scratch storage, so scoring a whole vocabulary allocates nothing.
int edit_distance(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, int limit,
                  std::vector<int>* row, std::vector<int>* next) {
  if (std::abs(static_cast<int>(a.size()) - static_cast<int>(b.size())) > limit) return limit + 1;
  row->resize(b.size() + 1);
  next->resize(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) (*row)[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    (*next)[0] = static_cast<int>(i);
    int best = (*next)[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      (*next)[j] = std::min(
          {(*row)[j] + 1, (*next)[j - 1] + 1, (*row)[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      best = std::min(best, (*next)[j]);
    }
    if (best > limit) return limit + 1;
    std::swap(*row, *next);
  }
  return (*row)[b.size()];
}

}  // namespace

std::string join_words(const std::vector<std::string>& tokens) {
  std::string out;
  for (const std::string& token : tokens) {
    if (token == "<s>" || token == "</s>") continue;
    if (!out.empty() && !attaches_to_previous(token)) out += ' ';
    out += token;
  }
  return out;
}

std::vector<std::string> closest_words(const std::string& word, const Vocab& vocab, int k) {
  // Runs on every keystroke that leaves an unknown word, over the whole vocabulary: the
  // candidate's characters and the distance rows live in buffers reused from word to word.
  std::vector<uint32_t> target, candidate;
  std::vector<int> row, next;
  characters(word, &target);
  const int limit = std::max(2, static_cast<int>(target.size()) / 2);
  std::vector<std::pair<int, int>> scored;  // (distance, id)
  for (int id = kNumReservedIds; id < vocab.size(); ++id) {
    characters(vocab.word(id), &candidate);
    const int d = edit_distance(target, candidate, limit, &row, &next);
    if (d <= limit) scored.emplace_back(d, id);
  }
  const size_t keep = std::min(scored.size(), static_cast<size_t>(std::max(0, k)));
  std::partial_sort(scored.begin(), scored.begin() + static_cast<long>(keep), scored.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < keep; ++i) out.push_back(vocab.word(scored[i].second));
  return out;
}

}  // namespace ae
