// From what a student types to token ids: Unicode NFC, lower-casing, French elision, punctuation.
//
//   "J'ai vu l'homme, qu'il aime !"  ->  j' ai vu l' homme , qu' il aime !
//
// The tokenizer never fails on odd text (emoji, control characters, invalid UTF-8 are handled);
// it fails with a clear message only when the sentence is longer than the model accepts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model.h"
#include "status.h"

namespace ae {

// Canonical composition (NFC) of the Latin letters French and its neighbours use, followed by
// lower-casing. "e" + U+0301 becomes "é"; "É" becomes "é"; invalid UTF-8 bytes become U+FFFD.
std::string normalize_text(std::string_view text);

// Splits normalized text into word tokens (the full rules head tokenizer.cpp). Whitespace of any
// kind (including zero-width and control characters) separates tokens and is dropped.
std::vector<std::string> split_words(std::string_view normalized);

struct Tokenized {
  std::vector<std::string> tokens;  // normalized word forms, as shown to the user
  std::vector<int> ids;             // vocabulary ids (kUnkId for unknown words)
  std::vector<bool> unknown;        // true where the word is not in the vocabulary
};

// normalize_text + split_words + vocabulary lookup. Fails (with a message naming both numbers)
// when there are more than max_tokens tokens; max_tokens <= 0 means no limit.
Status tokenize(std::string_view text, const Vocab& vocab, int max_tokens, Tokenized* out);

}  // namespace ae
