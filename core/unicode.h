// The little Unicode the tokenizer needs, without ICU (which is far too large to ship to the
// browser): UTF-8 decoding and encoding, canonical composition of Latin letters, lower-casing and a
// coarse character classification.
#pragma once

#include <string>
#include <string_view>

namespace ae::unicode {

inline constexpr char32_t kReplacementChar = 0xFFFD;

// Decodes UTF-8 that may be invalid. Every maximal ill-formed subsequence (a stray continuation
// byte, a truncated sequence, an overlong form, an encoded surrogate, a value above U+10FFFF, the
// bytes C0, C1, F5..FF) becomes one U+FFFD, as the Unicode standard recommends (and as browsers'
// TextDecoder does), so the page and the core agree on what the student typed.
std::u32string decode_utf8(std::string_view bytes);

// Appends the UTF-8 form of c; a surrogate or a value above U+10FFFF is written as U+FFFD.
void append_utf8(char32_t c, std::string* out);
std::string encode_utf8(std::u32string_view text);

// Canonical composition (NFC) RESTRICTED TO THE LATIN SCRIPT. A full NFC needs the Unicode
// character database (decompositions, combining classes and composition exclusions of every
// script); that is not worth shipping to the browser for a French→English model. What this does:
//  - canonically reorders runs of combining marks U+0300..U+036F by combining class;
//  - composes a letter with a following mark when Unicode has a precomposed Latin letter for the
//    pair (every one in U+00C0..U+024F and U+1E00..U+1EFF: é, ç, ñ, ǖ, ş, ế...), repeatedly, with
//    the standard blocking rule;
//  - applies the few singleton mappings seen in practice (U+212B ANGSTROM SIGN → Å, U+212A KELVIN
//    SIGN → K, U+2126 OHM SIGN → Ω, U+037E GREEK QUESTION MARK → ';', U+0387 → '·', U+0340/U+0341
//    → U+0300/U+0301).
// For Latin text with marks from U+0300..U+036F the result equals full NFC, except that a
// precomposed letter is never decomposed: "é" + U+0323 (dot below) stays as is, where full NFC
// gives "ẹ" + U+0301. Other scripts pass through unchanged (precomposed input, which is what
// keyboards produce, is already NFC; decomposed Greek or Cyrillic stays decomposed).
void compose_latin(std::u32string* text);

// Unicode 14 simple lower-case mapping of every code point (Latin, Greek, Cyrillic, Armenian,
// Georgian, Cherokee, Deseret...), plus U+0130 İ → "i" + U+0307 as Python's str.lower() does.
// Greek final sigma is not context-sensitive: Σ always becomes σ.
void to_lower(std::u32string* text);

// How the tokenizer treats a code point.
enum class CharClass {
  kWord,       // letters, digits and everything not listed below: builds words
  kSpace,      // whitespace of any kind, control, zero-width and bidi format characters: separates
  kIgnorable,  // the soft hyphen U+00AD: invisible, dropped without separating
  kExtend,     // combining marks, variation selectors, emoji skin tones and tags: extend a token
  kSymbol,     // punctuation, symbols, emoji, private use, U+FFFD: one token each
};
CharClass char_class(char32_t c);

// Flags are pairs of regional indicators (🇫🇷 = U+1F1EB U+1F1F7).
inline bool is_regional_indicator(char32_t c) { return c >= 0x1F1E6 && c <= 0x1F1FF; }

// Emoji and pictographic symbols, which U+200D ZERO WIDTH JOINER glues into one picture
// (👨‍👩‍👧).
bool is_pictographic(char32_t c);

}  // namespace ae::unicode
