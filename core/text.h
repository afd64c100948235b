// Small text utilities around the model's words: readable English from output tokens, and the
// closest known words for a word the model does not know (the page's hint for unknown words).
#pragma once

#include <string>
#include <vector>

#include "model.h"

namespace ae {

// Joins output tokens into a sentence: no space before punctuation or the possessive "'s",
// special tokens dropped.  {"marie", "'s", "book", "."} -> "marie's book."
std::string join_words(const std::vector<std::string>& tokens);

// Up to k vocabulary words closest to `word` by edit distance over characters (ties:
// the more frequent word, i.e. the lower id), skipping the reserved ids. Words further than
// max(2, length/2) edits away are not suggested.
std::vector<std::string> closest_words(const std::string& word, const Vocab& vocab, int k);

}  // namespace ae
