// Tokenization rules (the training-corpus generator applies the same ones, so that what a student
// types meets the words the model learned):
//
//  - normalize: NFC restricted to Latin letters (unicode.h), lower-case, the apostrophe look-alikes
//    ’ ‘ ‛ ʼ ′ ´ ` and full-width ＇ become ', and the Unicode hyphens U+2010/U+2011 become -.
//  - whitespace, control, zero-width and bidi characters separate tokens and are dropped; the soft
//    hyphen is dropped without separating.
//  - every punctuation mark or symbol is a token of its own: "..." is three "." tokens, "…" one;
//    digits are word characters, so "3,5" is "3" "," "5". Combining marks, variation selectors and
//    skin tones stay with the character before them; a flag (two regional indicators) and an
//    emoji ZWJ sequence (👨‍👩‍👧) are one token.
//  - a hyphen between two word characters belongs to the word ("peut-être", "est-ce", "a-t-il");
//    a leading, trailing or lone hyphen is punctuation.
//  - elision: a word that begins with c' d' j' l' m' n' s' t' qu' jusqu' lorsqu' puisqu' quoiqu'
//    quelqu' is split after the apostrophe, which stays on the first token: "j'ai" → "j'" "ai",
//    "jusqu'à" → "jusqu'" "à". So is an elided pronoun after an imperative's hyphen: "va-t'en" →
//    "va-t'" "en". "j' ai" (apostrophe then space) is "j'" "ai" too.
//  - "aujourd'hui", "quelqu'un(e)", "presqu'île(s)" and "prud'homme(s)" are single words.
//  - any other apostrophe is punctuation: "'oui'" → "'" "oui" "'".
#include "tokenizer.h"

#include <array>

#include "unicode.h"

namespace ae {
namespace {

using unicode::CharClass;

char32_t unify_lookalike(char32_t c) {
  switch (c) {
    case 0x2019:  // ’ right single quotation mark: what phones and word processors type
    case 0x2018:  // ‘
    case 0x201B:  // ‛
    case 0x02BC:  // ʼ modifier letter apostrophe
    case 0x2032:  // ′ prime
    case 0x00B4:  // ´ acute accent typed as an apostrophe
    case 0x0060:  // ` grave accent typed as an apostrophe
    case 0xFF07:  // ＇ full-width apostrophe
      return '\'';
    case 0x2010:  // ‐ hyphen
    case 0x2011:  // ‑ non-breaking hyphen
      return '-';
    default:
      return c;
  }
}

bool is_word_char(char32_t c) { return unicode::char_class(c) == CharClass::kWord; }

bool equals_at(std::u32string_view text, size_t pos, std::u32string_view word) {
  return pos <= text.size() && text.substr(pos, word.size()) == word;
}

constexpr std::array<std::u32string_view, 14> kElisionPrefixes = {
    U"c", U"d",  U"j",     U"l",      U"m",      U"n",      U"s",
    U"t", U"qu", U"jusqu", U"lorsqu", U"puisqu", U"quoiqu", U"quelqu"};

// True when `word` (the text before an apostrophe) is an elided word, alone or after a hyphen.
bool is_elision(std::u32string_view word) {
  for (std::u32string_view prefix : kElisionPrefixes) {
    if (word == prefix) return true;
    if (word.size() <= prefix.size()) continue;
    const size_t hyphen = word.size() - prefix.size() - 1;
    if (word[hyphen] == U'-' && equals_at(word, hyphen + 1, prefix)) return true;
  }
  return false;
}

constexpr std::array<std::u32string_view, 7> kWordsWithApostrophe = {
    U"aujourd'hui", U"quelqu'un",  U"quelqu'une", U"presqu'île",
    U"presqu'îles", U"prud'homme", U"prud'hommes"};

// True when the apostrophe at `apostrophe` is inside one of kWordsWithApostrophe starting at
// `start` (followed by the end of the run, a hyphen or another apostrophe).
bool in_word_with_apostrophe(std::u32string_view run, size_t start, size_t apostrophe) {
  for (std::u32string_view word : kWordsWithApostrophe) {
    const size_t end = start + word.size();
    if (start + word.find(U'\'') == apostrophe && equals_at(run, start, word) &&
        (end == run.size() || run[end] == U'-' || run[end] == U'\'')) {
      return true;
    }
  }
  return false;
}

void emit(std::u32string_view token, std::vector<std::string>* tokens) {
  tokens->push_back(unicode::encode_utf8(token));
}

// Splits a run of word characters, inner hyphens and apostrophes at its apostrophes.
void emit_word_run(std::u32string_view run, std::vector<std::string>* tokens) {
  size_t start = 0;
  for (size_t i = 0; i < run.size(); ++i) {
    if (run[i] != U'\'' || in_word_with_apostrophe(run, start, i)) continue;
    const std::u32string_view before = run.substr(start, i - start);
    if (is_elision(before)) {
      emit(run.substr(start, i + 1 - start), tokens);
    } else {
      // An apostrophe joins the run only between word characters, so `before` is not empty.
      emit(before, tokens);
      emit(U"'", tokens);
    }
    start = i + 1;
  }
  if (start < run.size()) emit(run.substr(start), tokens);
}

// Reads the word starting at text[begin] (a word character); returns the index after it.
size_t take_word(std::u32string_view text, size_t begin, std::vector<std::string>* tokens) {
  std::u32string run;
  size_t segment = 0;  // where the text after the last apostrophe of `run` starts
  size_t i = begin;
  for (; i < text.size(); ++i) {
    const char32_t c = text[i];
    if (c == U'-' || c == U'\'') {
      if (i + 1 < text.size() && is_word_char(text[i + 1])) {
        run.push_back(c);
        if (c == U'\'') segment = run.size();
        continue;
      }
      // "j' ai": an elision whose apostrophe ends the run.
      if (c == U'\'' && is_elision(std::u32string_view(run).substr(segment))) {
        run.push_back(c);
        ++i;
      }
      break;
    }
    const CharClass cls = unicode::char_class(c);
    if (cls == CharClass::kWord || cls == CharClass::kExtend) {
      run.push_back(c);
    } else if (cls != CharClass::kIgnorable) {
      break;
    }
  }
  emit_word_run(run, tokens);
  return i;
}

// Reads the punctuation mark or symbol at text[begin] with what extends it; returns the index
// after it.
size_t take_symbol(std::u32string_view text, size_t begin, std::vector<std::string>* tokens) {
  constexpr char32_t kZeroWidthJoiner = 0x200D;
  const char32_t first = text[begin];
  size_t end = begin + 1;
  if (unicode::is_regional_indicator(first) && end < text.size() &&
      unicode::is_regional_indicator(text[end])) {
    ++end;
  }
  const bool pictographic = unicode::is_pictographic(first);
  while (end < text.size()) {
    if (unicode::char_class(text[end]) == CharClass::kExtend) {
      ++end;
    } else if (pictographic && text[end] == kZeroWidthJoiner && end + 1 < text.size() &&
               unicode::is_pictographic(text[end + 1])) {
      end += 2;
    } else {
      break;
    }
  }
  emit(text.substr(begin, end - begin), tokens);
  return end;
}

}  // namespace

std::string normalize_text(std::string_view text) {
  std::u32string chars = unicode::decode_utf8(text);
  for (char32_t& c : chars) c = unify_lookalike(c);
  unicode::compose_latin(&chars);
  unicode::to_lower(&chars);
  return unicode::encode_utf8(chars);
}

std::vector<std::string> split_words(std::string_view normalized) {
  const std::u32string chars = unicode::decode_utf8(normalized);
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < chars.size()) {
    const CharClass cls = unicode::char_class(chars[i]);
    if (cls == CharClass::kSpace || cls == CharClass::kIgnorable) {
      ++i;
    } else if (cls == CharClass::kWord) {
      i = take_word(chars, i, &tokens);
    } else {
      i = take_symbol(chars, i, &tokens);
    }
  }
  return tokens;
}

Status tokenize(std::string_view text, const Vocab& vocab, int max_tokens, Tokenized* out) {
  out->tokens = split_words(normalize_text(text));
  out->ids.clear();
  out->unknown.clear();
  out->ids.reserve(out->tokens.size());
  out->unknown.reserve(out->tokens.size());
  for (const std::string& token : out->tokens) {
    const int id = vocab.id(token);
    out->ids.push_back(id);
    out->unknown.push_back(id == kUnkId);
  }
  const size_t count = out->tokens.size();
  if (max_tokens > 0 && count > static_cast<size_t>(max_tokens)) {
    return Status::error("This sentence has " + std::to_string(count) +
                         " tokens (words and punctuation marks); the model reads at most " +
                         std::to_string(max_tokens) + ". Shorten it.");
  }
  return Status::ok();
}

}  // namespace ae
