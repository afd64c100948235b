// Fuzzes what a student can type (any bytes, valid UTF-8 or not) through the path the page takes
// on every keystroke: normalize_text, split_words, tokenize against a small vocabulary, the hints
// for unknown words (closest_words) and join_words. Besides crashes and sanitizer reports it
// checks the tokenizer's own promises (tokenizer.h):
//   - tokenize gives exactly split_words(normalize_text(text)), with one id and one unknown flag
//     per token, and fails if and only if there are more tokens than the limit;
//   - every token is non-empty, valid UTF-8, and a token of its own: split alone, it gives itself;
//   - hints are at most k known words.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "text.h"
#include "tokenizer.h"
#include "unicode.h"

namespace {

using ae::fuzz::require;

constexpr int kMaxTokens = 50;
constexpr int kHints = 3;
constexpr int kHintedWords = 4;

const ae::Vocab& vocabulary() {
  static const ae::Vocab vocab(
      {"<unk>",       "<s>",       "</s>",     "je",   "j'",    "ai", "l'", "homme", "vu",
       "aujourd'hui", "peut-être", "étudiant", "suis", "à",     "ça", ",",  ".",     "!",
       "?",           "qu'",       "il",       "elle", "œuvre", "😀",  "🇫🇷"});
  return vocab;
}

bool is_valid_utf8(const std::string& text) {
  return ae::unicode::encode_utf8(ae::unicode::decode_utf8(text)) == text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ae::Vocab& vocab = vocabulary();

  const std::vector<std::string> words = ae::split_words(ae::normalize_text(text));
  for (const std::string& word : words) {
    require(!word.empty(), "split_words gave an empty token");
    require(is_valid_utf8(word), "token is not valid UTF-8");
    require(ae::split_words(word) == std::vector<std::string>{word},
            "token '" + word + "' does not tokenize to itself");
  }

  ae::Tokenized tokenized;
  const ae::Status status = ae::tokenize(text, vocab, kMaxTokens, &tokenized);
  require(tokenized.tokens == words, "tokenize differs from split_words(normalize_text)");
  require(tokenized.ids.size() == words.size() && tokenized.unknown.size() == words.size(),
          "one id and one unknown flag per token");
  require(status.is_ok() == (words.size() <= static_cast<size_t>(kMaxTokens)),
          "tokenize fails if and only if the sentence is too long");
  int hinted = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    require(tokenized.ids[i] == vocab.id(words[i]), "id is the vocabulary's");
    require(tokenized.unknown[i] == (tokenized.ids[i] == ae::kUnkId), "unknown flag");
    // Hints for the first few unknown words only: each costs an edit distance against every
    // vocabulary word, and the words of one sentence do not affect each other's hints.
    if (!tokenized.unknown[i] || ++hinted > kHintedWords) continue;
    const std::vector<std::string> hints = ae::closest_words(words[i], vocab, kHints);
    require(hints.size() <= static_cast<size_t>(kHints), "at most k hints");
    for (const std::string& hint : hints) require(vocab.contains(hint), "a hint is a known word");
  }
  require(is_valid_utf8(ae::join_words(words)), "join_words keeps valid UTF-8");
  return 0;
}
