// How a result crosses the JS boundary in O(1) calls (docs/architecture.md, "The boundary").
//
// Building a JS object value by value through Embind costs one or more JS<->WASM crossings per
// property, typed array and string: hundreds per translation, which cost as much as the decode.
// A Reply instead writes the whole result as one JSON text in WASM memory, which wasm/explorer.js
// (linked in with --post-js) decodes and parses at once:
//
//   [RESULT, ARRAYS, NUMBERS]
//
// RESULT is the object the caller gets, except that each numeric array, each list of target words
// and each fractional number in it is null. ARRAYS lists the arrays as [kind, address, length,
// ...path] (kind 0 for a Float32Array, 1 Int32Array, 2 Uint8Array, 3 an array of target words
// given by their ids, which explorer.js looks up in the target vocabulary it fetched once; path
// the keys and indices leading to the field in RESULT): explorer.js copies all arrays of one kind
// out of WASM memory in one go. So the arrays must stay where they are, untouched, until the call
// that built the Reply has returned: they are members of the Explorer (its trace, tokens, beam
// tree), never locals. NUMBERS lists the
// fractional numbers as [low, high, ...path], the two 32-bit halves of their bits: exact, and no
// printf (with its float formatting, kilobytes of WASM) is linked in.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace ae::wasm {

class Reply {
 public:
  // Starts a new reply, an object (keeping the buffers' capacity, so that replies allocate
  // nothing once the buffers have reached their working size).
  void begin() {
    text_.assign("[");
    arrays_.clear();
    numbers_.clear();
    open_.clear();
    open(kObject, nullptr);
  }
  // The JSON text, as a view of WASM memory for explorer.js to decode right away.
  emscripten::val finish() {
    while (!open_.empty()) end();
    if (!arrays_.empty()) arrays_.pop_back();  // the last comma
    if (!numbers_.empty()) numbers_.pop_back();
    text_ += '[';
    text_ += arrays_;
    text_ += "],[";
    text_ += numbers_;
    text_ += "]]";
    return emscripten::val(emscripten::typed_memory_view(text_.size(), text_.data()));
  }

  // Members of the innermost object. Keys are identifiers of ours, written without escaping.
  void number(const char* key, double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    member(key, "null");
    numbers_ += '[';
    numbers_ += std::to_string(static_cast<uint32_t>(bits));
    numbers_ += ',';
    numbers_ += std::to_string(static_cast<uint32_t>(bits >> 32));
    write_path(&numbers_, key);
  }
  void integer(const char* key, long long value) { member(key, std::to_string(value)); }
  void boolean(const char* key, bool value) { member(key, value ? "true" : "false"); }
  void string(const char* key, std::string_view value) {
    name(key);
    element(value);
  }
  template <typename Strings>  // any range of values convertible to std::string_view
  void strings(const char* key, const Strings& values) {
    begin_array(key);
    for (const auto& value : values) element(value);
    end();
  }
  void booleans(const char* key, const std::vector<bool>& values) {
    begin_array(key);
    for (const bool value : values) text_ += value ? "true," : "false,";
    end();
  }
  // Typed arrays, copied out by explorer.js: Float32Array, Int32Array, Uint8Array.
  void floats(const char* key, const std::vector<float>& v) { array(key, 0, v.data(), v.size()); }
  void ints(const char* key, const std::vector<int>& v) { ints(key, v.data(), v.size()); }
  void ints(const char* key, const int* data, size_t n) { array(key, 1, data, n); }
  void bytes(const char* key, const std::vector<uint8_t>& v) { array(key, 2, v.data(), v.size()); }
  // string[]: the target vocabulary's words with these ids.
  void target_words(const char* key, const std::vector<int>& ids) {
    target_words(key, ids.data(), ids.size());
  }
  void target_words(const char* key, const int* ids, size_t n) { array(key, 3, ids, n); }

  // Nesting: a member whose value is an array, and arrays or objects as elements of an array.
  void begin_array(const char* key) {
    name(key);
    open(kArray, key);
  }
  void begin_array() { open(kArray, nullptr); }
  void begin_object() { open(kObject, nullptr); }
  // A string element of the innermost array (or, after name(), a member's value).
  void element(std::string_view value) {
    quoted(value);
    text_ += ',';
  }
  // Closes the innermost array or object.
  void end() {
    // Every value is written with a trailing comma; the closing bracket replaces the last one.
    const char bracket = open_.back().kind == kArray ? ']' : '}';
    open_.pop_back();
    if (text_.back() == ',')
      text_.back() = bracket;
    else
      text_ += bracket;
    text_ += ',';
  }

 private:
  enum Kind { kArray, kObject };
  // An open array or object, and how to reach it from RESULT: by its key in the enclosing
  // object, or else by its index in the enclosing array.
  struct Open {
    Kind kind;
    const char* key;
    int index;
    int elements;  // arrays: how many arrays or objects they hold so far (no array of ours
                   // mixes them with strings or numbers)
  };

  void open(Kind kind, const char* key) {
    int index = -1;
    if (!key && !open_.empty()) index = open_.back().elements++;
    text_ += kind == kArray ? '[' : '{';
    open_.push_back({kind, key, index, 0});
  }
  void name(const char* key) {
    text_ += '"';
    text_ += key;
    text_ += "\":";
  }
  void member(const char* key, std::string_view value) {
    name(key);
    text_ += value;
    text_ += ',';
  }
  // ",path...],": the keys and indices from RESULT down to `key` in the innermost object.
  void write_path(std::string* table, const char* key) const {
    for (size_t level = 1; level < open_.size(); ++level) {  // open_[0] is RESULT itself
      *table += ',';
      if (open_[level].key) {
        *table += '"';
        *table += open_[level].key;
        *table += '"';
      } else {
        *table += std::to_string(open_[level].index);
      }
    }
    *table += ",\"";
    *table += key;
    *table += "\"],";
  }
  template <typename T>
  void array(const char* key, int kind, const T* data, size_t n) {
    member(key, "null");
    arrays_ += '[';
    arrays_ += static_cast<char>('0' + kind);
    arrays_ += ',';
    arrays_ += std::to_string(reinterpret_cast<uintptr_t>(data));
    arrays_ += ',';
    arrays_ += std::to_string(n);
    write_path(&arrays_, key);
  }
  // Copies the characters that need no escape in runs (a char at a time is slow in WASM).
  void quoted(std::string_view s) {
    text_ += '"';
    size_t plain = 0;  // the first character not yet written
    for (size_t i = 0; i < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      text_.append(s.data() + plain, i - plain);
      plain = i + 1;
      if (c < 0x20) {
        text_ += "\\u00";
        text_ += "0123456789abcdef"[c >> 4];
        text_ += "0123456789abcdef"[c & 0xf];
      } else {
        text_ += '\\';
        text_ += static_cast<char>(c);
      }
    }
    text_.append(s.data() + plain, s.size() - plain);
    text_ += '"';  // UTF-8 as it is: explorer.js decodes the whole text as UTF-8
  }

  std::string text_;     // "[" RESULT, then the two tables at finish()
  std::string arrays_;   // ARRAYS' entries, each followed by a comma
  std::string numbers_;  // NUMBERS' entries, each followed by a comma
  std::vector<Open> open_;
};

}  // namespace ae::wasm
