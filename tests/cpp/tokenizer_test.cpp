#include "tokenizer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "unicode.h"

namespace ae {
namespace {

using Words = std::vector<std::string>;

Words words(std::string_view text) { return split_words(normalize_text(text)); }

const std::string kReplacement = "\uFFFD";

// ---------------------------------------------------------------------------------------------
// Elision

TEST(TokenizerElision, SplitsAfterTheApostrophe) {
  EXPECT_EQ(words("j'ai"), (Words{"j'", "ai"}));
  EXPECT_EQ(words("l'homme"), (Words{"l'", "homme"}));
  EXPECT_EQ(words("qu'il"), (Words{"qu'", "il"}));
  EXPECT_EQ(words("n'est"), (Words{"n'", "est"}));
  EXPECT_EQ(words("c'est"), (Words{"c'", "est"}));
  EXPECT_EQ(words("d'accord"), (Words{"d'", "accord"}));
  EXPECT_EQ(words("m'appelle t'aime s'il"), (Words{"m'", "appelle", "t'", "aime", "s'", "il"}));
  EXPECT_EQ(words("jusqu'à"), (Words{"jusqu'", "à"}));
  EXPECT_EQ(words("lorsqu'il puisqu'on quoiqu'elle"),
            (Words{"lorsqu'", "il", "puisqu'", "on", "quoiqu'", "elle"}));
}

TEST(TokenizerElision, WholeSentence) {
  EXPECT_EQ(words("J'ai vu l'homme, qu'il aime !"),
            (Words{"j'", "ai", "vu", "l'", "homme", ",", "qu'", "il", "aime", "!"}));
}

TEST(TokenizerElision, WordsThatKeepTheirApostrophe) {
  EXPECT_EQ(words("aujourd'hui"), (Words{"aujourd'hui"}));
  EXPECT_EQ(words("Aujourd'hui"), (Words{"aujourd'hui"}));
  EXPECT_EQ(words("d'aujourd'hui"), (Words{"d'", "aujourd'hui"}));
  EXPECT_EQ(words("jusqu'aujourd'hui"), (Words{"jusqu'", "aujourd'hui"}));
  EXPECT_EQ(words("quelqu'un quelqu'une"), (Words{"quelqu'un", "quelqu'une"}));
  EXPECT_EQ(words("la presqu'île"), (Words{"la", "presqu'île"}));
}

TEST(TokenizerElision, TypographicApostrophes) {
  EXPECT_EQ(words("j\u2019ai"), (Words{"j'", "ai"}));        // ’
  EXPECT_EQ(words("l\u2018homme"), (Words{"l'", "homme"}));  // ‘
  EXPECT_EQ(words("qu\u02BCil"), (Words{"qu'", "il"}));      // ʼ
  EXPECT_EQ(words("aujourd\u2019hui"), (Words{"aujourd'hui"}));
  EXPECT_EQ(words("C\u2019EST"), (Words{"c'", "est"}));
  EXPECT_EQ(normalize_text("l\u2019\u00E9t\u00E9"), "l'\u00E9t\u00E9");
}

TEST(TokenizerElision, AfterAnImperativeHyphen) {
  EXPECT_EQ(words("Va-t'en !"), (Words{"va-t'", "en", "!"}));
}

TEST(TokenizerElision, ApostropheBeforeASpaceStillElides) {
  EXPECT_EQ(words("j' ai"), (Words{"j'", "ai"}));
}

TEST(TokenizerElision, OtherApostrophesArePunctuation) {
  EXPECT_EQ(words("'oui'"), (Words{"'", "oui", "'"}));
  EXPECT_EQ(words("'"), (Words{"'"}));
  EXPECT_EQ(words("il a dit ' non"), (Words{"il", "a", "dit", "'", "non"}));
  EXPECT_EQ(words("rock'n'roll"), (Words{"rock", "'", "n'", "roll"}));
}

// ---------------------------------------------------------------------------------------------
// Normalization

TEST(TokenizerNfc, ComposesDecomposedLetters) {
  EXPECT_EQ(normalize_text("e\u0301"), "\u00E9");
  EXPECT_EQ(normalize_text("E\u0301TUDIANT"), "\u00E9tudiant");
  EXPECT_EQ(normalize_text("c\u0327a"), "\u00E7a");
  EXPECT_EQ(
      normalize_text("a\u0300 e\u0300 e\u0302 e\u0308 i\u0302 i\u0308 o\u0302 u\u0300 u\u0302"),
      "\u00E0 \u00E8 \u00EA \u00EB \u00EE \u00EF \u00F4 \u00F9 \u00FB");
  EXPECT_EQ(normalize_text("u\u0308 y\u0308 n\u0303 a\u030A c\u030C"),
            "\u00FC \u00FF \u00F1 \u00E5 \u010D");
  EXPECT_EQ(normalize_text("O\u0308"), "\u00F6");  // composed then lower-cased
}

TEST(TokenizerNfc, DecomposedSentenceTokenizesLikePrecomposed) {
  EXPECT_EQ(words("Je suis e\u0301tudiant"), words("je suis \u00E9tudiant"));
  EXPECT_EQ(words("Je suis e\u0301tudiant"), (Words{"je", "suis", "\u00E9tudiant"}));
}

TEST(TokenizerNfc, SeveralMarksAreOrderedAndComposedInTurn) {
  // ê + acute → ế (Vietnamese), whatever the input order of the two marks' canonical classes.
  EXPECT_EQ(normalize_text("e\u0302\u0301"), "\u1EBF");
  // Cedilla (class 202) sorts before breve (class 230): both orders give ḝ = ȩ + breve.
  EXPECT_EQ(normalize_text("e\u0327\u0306"), "\u1E1D");
  EXPECT_EQ(normalize_text("e\u0306\u0327"), "\u1E1D");
  // ȩ + acute has no precomposed form, so the acute stays after ȩ.
  EXPECT_EQ(normalize_text("e\u0301\u0327"), "\u0229\u0301");
  // Two marks of the same class: the second is blocked by the first.
  EXPECT_EQ(normalize_text("e\u0301\u0301"), "\u00E9\u0301");
}

TEST(TokenizerNfc, LeavesWhatHasNoPrecomposedForm) {
  EXPECT_EQ(normalize_text("q\u0301"), "q\u0301");
  EXPECT_EQ(words("q\u0301uoi"), (Words{"q\u0301uoi"}));
  EXPECT_EQ(normalize_text("\u0301e"), "\u0301e");  // a mark with no letter before it
}

TEST(TokenizerNfc, SingletonsAndLookAlikes) {
  EXPECT_EQ(normalize_text("\u212B"), "\u00E5");                       // angstrom sign
  EXPECT_EQ(normalize_text("peut\u2011\u00EAtre"), "peut-\u00EAtre");  // non-breaking hyphen
  EXPECT_EQ(words("peut\u2010\u00EAtre"), (Words{"peut-\u00EAtre"}));
}

TEST(TokenizerLowercase, LatinLetters) {
  EXPECT_EQ(normalize_text("\u00C9\u00C0\u00C7\u0152\u00C8\u00CA\u00CE\u00D4\u00DB\u00D9\u0178"),
            "\u00E9\u00E0\u00E7\u0153\u00E8\u00EA\u00EE\u00F4\u00FB\u00F9\u00FF");
  EXPECT_EQ(normalize_text("\u0152UVRE \u00C0 \u00C7A"), "\u0153uvre \u00E0 \u00E7a");
  EXPECT_EQ(normalize_text("\u00C6 \u00D8 \u00DE \u0141 \u0160 \u017D"),
            "\u00E6 \u00F8 \u00FE \u0142 \u0161 \u017E");
  // × is not a letter; ß has no single lower-case other than itself.
  EXPECT_EQ(normalize_text("\u00D7\u00DF"), "\u00D7\u00DF");
}

TEST(TokenizerLowercase, GreekAndCyrillic) {
  EXPECT_EQ(normalize_text("\u0391\u0392\u0393 \u03A9"), "\u03B1\u03B2\u03B3 \u03C9");
  EXPECT_EQ(normalize_text("\u041F\u0420\u0418\u0412\u0415\u0422 \u0401"),
            "\u043F\u0440\u0438\u0432\u0435\u0442 \u0451");
}

// ---------------------------------------------------------------------------------------------
// Punctuation and hyphens

TEST(TokenizerPunctuation, EachMarkIsAToken) {
  EXPECT_EQ(words("bonjour, marie !"), (Words{"bonjour", ",", "marie", "!"}));
  EXPECT_EQ(words("Bonjour, Marie!"), (Words{"bonjour", ",", "marie", "!"}));
  EXPECT_EQ(words("\u00ABoui\u00BB"), (Words{"\u00AB", "oui", "\u00BB"}));
  EXPECT_EQ(words("\u00AB\u202Foui\u202F\u00BB"), (Words{"\u00AB", "oui", "\u00BB"}));
  EXPECT_EQ(words("Quoi\u202F?!"), (Words{"quoi", "?", "!"}));
  EXPECT_EQ(words("Il a dit\u00A0: \u00AB non \u00BB."),
            (Words{"il", "a", "dit", ":", "\u00AB", "non", "\u00BB", "."}));
  EXPECT_EQ(words("(oui) [non] \"peut\"; a/b"),
            (Words{"(", "oui", ")", "[", "non", "]", "\"", "peut", "\"", ";", "a", "/", "b"}));
  EXPECT_EQ(words("oui \u2013 non \u2014 peut"), (Words{"oui", "\u2013", "non", "\u2014", "peut"}));
}

TEST(TokenizerPunctuation, EllipsisAndNumbers) {
  EXPECT_EQ(words("Eh bien..."), (Words{"eh", "bien", ".", ".", "."}));
  EXPECT_EQ(words("Eh bien\u2026"), (Words{"eh", "bien", "\u2026"}));
  EXPECT_EQ(words("3,5 kg"), (Words{"3", ",", "5", "kg"}));
}

TEST(TokenizerPunctuation, HyphensInsideWordsStay) {
  EXPECT_EQ(words("est-ce que tu viens ?"), (Words{"est-ce", "que", "tu", "viens", "?"}));
  EXPECT_EQ(words("Peut-\u00EAtre"), (Words{"peut-\u00EAtre"}));
  EXPECT_EQ(words("as-tu a-t-il"), (Words{"as-tu", "a-t-il"}));
  EXPECT_EQ(words("qu'est-ce"), (Words{"qu'", "est-ce"}));
  EXPECT_EQ(words("c'est-\u00E0-dire"), (Words{"c'", "est-\u00E0-dire"}));
}

TEST(TokenizerPunctuation, OtherHyphensArePunctuation) {
  EXPECT_EQ(words("-bonjour"), (Words{"-", "bonjour"}));
  EXPECT_EQ(words("bonjour-"), (Words{"bonjour", "-"}));
  EXPECT_EQ(words("-"), (Words{"-"}));
  EXPECT_EQ(words("oui - non"), (Words{"oui", "-", "non"}));
  EXPECT_EQ(words("oui--non"), (Words{"oui", "-", "-", "non"}));
}

// ---------------------------------------------------------------------------------------------
// Whitespace, invisible and control characters

TEST(TokenizerWhitespace, EmptyAndBlankInputsHaveNoTokens) {
  for (const char* blank : {"", " ", "   ", "\t\n\r\v\f", "\u00A0", "\u202F", "\u200B",
                            "\u200B\u200C\u200D\u2060\uFEFF", "\u2000\u2003\u2009\u3000",
                            "\u2028\u2029\u0085", " \t\u00A0\u202F\n"}) {
    EXPECT_EQ(words(blank), Words{}) << blank;
    Tokenized out;
    EXPECT_TRUE(tokenize(blank, Vocab({"<unk>"}), 50, &out).is_ok());
    EXPECT_TRUE(out.tokens.empty());
    EXPECT_TRUE(out.ids.empty());
  }
}

TEST(TokenizerWhitespace, AnyWhitespaceSeparates) {
  EXPECT_EQ(words("a\tb\nc\u00A0d\u202Fe\u2009f\u3000g"),
            (Words{"a", "b", "c", "d", "e", "f", "g"}));
  EXPECT_EQ(words("bon\u200Bjour"), (Words{"bon", "jour"}));
  EXPECT_EQ(words("\uFEFFbonjour"), (Words{"bonjour"}));
}

TEST(TokenizerWhitespace, SoftHyphenIsDroppedInsideAWord) {
  EXPECT_EQ(words("gouverne\u00ADment"), (Words{"gouvernement"}));
}

TEST(TokenizerWhitespace, ControlCharactersSeparate) {
  EXPECT_EQ(words("bon\x01jour\x7F"
                  "fin"),
            (Words{"bon", "jour", "fin"}));
  EXPECT_EQ(words(std::string_view("a\0b", 3)), (Words{"a", "b"}));
  EXPECT_EQ(words("a\u0085b\u009Fc\x1b"), (Words{"a", "b", "c"}));
}

// ---------------------------------------------------------------------------------------------
// Invalid UTF-8

TEST(TokenizerInvalidUtf8, BecomesReplacementCharacterTokens) {
  EXPECT_EQ(words("\xFF"), (Words{kReplacement}));
  EXPECT_EQ(words("caf\xC3"), (Words{"caf", kReplacement}));  // truncated é
  EXPECT_EQ(words("\x80"
                  "abc"),
            (Words{kReplacement, "abc"}));                            // lone continuation byte
  EXPECT_EQ(words("a\xE2\x82"), (Words{"a", kReplacement}));          // truncated €
  EXPECT_EQ(words("\xF0\x9F\x98"), (Words{kReplacement}));            // truncated emoji
  EXPECT_EQ(words("\xC0\xAF"), (Words{kReplacement, kReplacement}));  // overlong '/'
  EXPECT_EQ(words("\xED\xA0\x80"), Words(3, kReplacement));           // surrogate U+D800
  EXPECT_EQ(words("\xF4\x90\x80\x80"), Words(4, kReplacement));       // above U+10FFFF
}

TEST(TokenizerInvalidUtf8, DecoderReplacesMaximalSubparts) {
  EXPECT_EQ(unicode::decode_utf8("a\xE2\x82"
                                 "b"),
            U"a\uFFFDb");
  EXPECT_EQ(unicode::decode_utf8("\xE2\x82\xAC"), U"\u20AC");
  EXPECT_EQ(unicode::decode_utf8("\xF0\x9F\x98\x80"), U"\U0001F600");
  EXPECT_EQ(unicode::decode_utf8("\xE0\x80\x80"), U"\uFFFD\uFFFD\uFFFD");  // overlong
  EXPECT_EQ(unicode::decode_utf8("\xC2"), U"\uFFFD");
  EXPECT_EQ(unicode::encode_utf8(U"\u00E9\U0001F600"), "\u00E9\U0001F600");
}

// Whatever the bytes, tokens are non-empty, valid UTF-8 and contain no whitespace.
TEST(TokenizerInvalidUtf8, RandomBytesNeverBreakTheTokenizer) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255), length(0, 40);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const int n = length(rng);
    for (int i = 0; i < n; ++i) text.push_back(static_cast<char>(byte(rng)));
    Tokenized out;
    ASSERT_TRUE(tokenize(text, Vocab({"<unk>"}), 0, &out).is_ok());
    ASSERT_EQ(out.tokens.size(), out.ids.size());
    for (const std::string& token : out.tokens) {
      ASSERT_FALSE(token.empty());
      const std::u32string chars = unicode::decode_utf8(token);
      ASSERT_EQ(unicode::encode_utf8(chars), token);
      for (char32_t c : chars) ASSERT_NE(unicode::char_class(c), unicode::CharClass::kSpace);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Emoji and symbols

TEST(TokenizerEmoji, EachIsItsOwnToken) {
  EXPECT_EQ(words("J'aime la pizza \U0001F355 !"),
            (Words{"j'", "aime", "la", "pizza", "\U0001F355", "!"}));
  EXPECT_EQ(words("bonjour\U0001F600\U0001F600"), (Words{"bonjour", "\U0001F600", "\U0001F600"}));
  EXPECT_EQ(words("20\u20AC \u2764\uFE0F"), (Words{"20", "\u20AC", "\u2764\uFE0F"}));
}

TEST(TokenizerEmoji, SequencesStayTogether) {
  EXPECT_EQ(words("\U0001F44D\U0001F3FD"), (Words{"\U0001F44D\U0001F3FD"}));  // skin tone
  EXPECT_EQ(words("\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA"),
            (Words{"\U0001F1EB\U0001F1F7", "\U0001F1E9\U0001F1EA"}));  // two flags
  const std::string family = "\U0001F468\u200D\U0001F469\u200D\U0001F467";
  EXPECT_EQ(words(family + "!"), (Words{family, "!"}));
}

// ---------------------------------------------------------------------------------------------
// Long inputs: the tokenizer must stay linear.

TEST(TokenizerLong, TenThousandCharacters) {
  std::string text;
  while (text.size() < 10000) text += "le chat ";  // 8 characters, 2 tokens
  ASSERT_EQ(text.size(), 10000u);
  Tokenized out;
  EXPECT_TRUE(tokenize(text, Vocab({"<unk>", "<s>", "</s>", "le"}), 0, &out).is_ok());
  ASSERT_EQ(out.tokens.size(), 2500u);
  EXPECT_EQ(out.tokens.front(), "le");
  EXPECT_EQ(out.tokens.back(), "chat");
  EXPECT_FALSE(out.unknown.front());
  EXPECT_TRUE(out.unknown.back());
}

// A quadratic step would take minutes on these; the generous bound tolerates sanitizers and a
// busy machine.
TEST(TokenizerLong, PathologicalInputsStayFast) {
  const std::vector<std::pair<std::string, size_t>> cases = {
      {std::string(100000, 'a'), 1},
      {std::string(100000, '\''), 100000},
      {std::string(100000, '-'), 100000},
      {[] {
         std::string s;
         while (s.size() < 100000) s += "a'";
         return s;
       }(),
       100000},
      {[] {
         std::string s;
         while (s.size() < 100000) s += "a-";
         return s;
       }(),
       2},
      {"e" +
           [] {
             std::string s;
             while (s.size() < 100000) s += "\u0301\u0327";
             return s;
           }(),
       1},
      {[] {
         std::string s;
         while (s.size() < 100000) s += "\xF0\x9F";
         return s;
       }(),
       50000},
  };
  for (const auto& [text, expected] : cases) {
    const auto start = std::chrono::steady_clock::now();
    Tokenized out;
    EXPECT_TRUE(tokenize(text, Vocab({"<unk>"}), 0, &out).is_ok());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(out.tokens.size(), expected) << text.substr(0, 8);
    EXPECT_LT(seconds, 2.0) << text.substr(0, 8);
  }
}

// ---------------------------------------------------------------------------------------------
// tokenize: limit and vocabulary

TEST(Tokenize, TooManyTokensNamesBothNumbersAndKeepsTheTokens) {
  std::string text;
  for (int i = 0; i < 57; ++i) text += "mot ";
  Tokenized out;
  const Status status = tokenize(text, Vocab({"<unk>", "<s>", "</s>", "mot"}), 50, &out);
  ASSERT_FALSE(status.is_ok());
  EXPECT_NE(status.message().find("57"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("50"), std::string::npos) << status.message();
  EXPECT_EQ(out.tokens.size(), 57u);
  EXPECT_EQ(out.ids.size(), 57u);
  EXPECT_EQ(out.unknown.size(), 57u);
}

TEST(Tokenize, LimitIsInclusiveAndZeroMeansNone) {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "mot ";
  Tokenized out;
  EXPECT_TRUE(tokenize(text, Vocab({"<unk>"}), 50, &out).is_ok());
  EXPECT_TRUE(tokenize(text + "encore", Vocab({"<unk>"}), 0, &out).is_ok());
  EXPECT_EQ(out.tokens.size(), 51u);
}

TEST(Tokenize, FlagsUnknownWords) {
  const Vocab vocab({"<unk>", "<s>", "</s>", "je", "suis", "\u00E9tudiant", ".", "j'", "ai"});
  Tokenized out;
  ASSERT_TRUE(tokenize("Je suis E\u0301TUDIANT.", vocab, 50, &out).is_ok());
  EXPECT_EQ(out.tokens, (Words{"je", "suis", "\u00E9tudiant", "."}));
  EXPECT_EQ(out.ids, (std::vector<int>{3, 4, 5, 6}));
  EXPECT_EQ(out.unknown, (std::vector<bool>{false, false, false, false}));

  ASSERT_TRUE(tokenize("J\u2019ai un chat \U0001F408", vocab, 50, &out).is_ok());
  EXPECT_EQ(out.tokens, (Words{"j'", "ai", "un", "chat", "\U0001F408"}));
  EXPECT_EQ(out.ids, (std::vector<int>{7, 8, kUnkId, kUnkId, kUnkId}));
  EXPECT_EQ(out.unknown, (std::vector<bool>{false, false, true, true, true}));
}

TEST(Tokenize, ReservedWordsCannotBeTyped) {
  const Vocab vocab({"<unk>", "<s>", "</s>"});
  Tokenized out;
  ASSERT_TRUE(tokenize("<s>", vocab, 50, &out).is_ok());
  EXPECT_EQ(out.tokens, (Words{"<", "s", ">"}));
}

}  // namespace
}  // namespace ae
