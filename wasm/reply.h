// How a result crosses the JS boundary in O(1) calls and one copy (docs/architecture.md, "The
// boundary").
//
// Building a JS object value by value through Embind costs one or more JS<->WASM crossings per
// property, typed array and string: hundreds per translation, which cost as much as the decode.
// A Reply instead writes the whole result as one JSON text in WASM memory, which wasm/explorer.js
// (linked in with --post-js) decodes and parses at once:
//
//   [RESULT, FIELDS, ARENA_ADDRESS, ARENA_BYTES]
//
// RESULT is the object the caller gets, except that each numeric array, each list of target words
// and each fractional number in it is null. The arrays' elements are copied, as they are written,
// one after the other into the Reply's ARENA (each starting at a multiple of 4 bytes), so that
// explorer.js copies the whole arena out of WASM memory at once and makes each array a view of
// that copy. FIELDS is one flat list of what goes in place of the nulls, entry after entry:
//   kind, a, b, depth, path...
// where path is the `depth` keys and indices leading to the field from RESULT, and kind says what
// a and b are: 0 a Float32Array, 1 an Int32Array, 2 a Uint8Array, 3 an array of target words given
// by their ids as int32s, which explorer.js looks up in the target vocabulary it fetched once (for
// all four: a the byte offset in the arena, b the length); 4 a number given by the two 32-bit
// halves of its bits, a the low and b the high one (exact, and no printf, with its float
// formatting, kilobytes of WASM, is linked in). One flat list, not one array per entry: that
// halves the time JSON.parse takes. The text and the arena stay valid until the next begin().
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
    fields_.clear();
    arena_.clear();
    open_.clear();
    open(kObject, nullptr);
  }
  // The JSON text, as a view of WASM memory for explorer.js to decode right away.
  emscripten::val finish() {
    while (!open_.empty()) end();
    if (!fields_.empty()) fields_.pop_back();  // the last comma
    text_ += '[';
    text_ += fields_;
    text_ += "],";
    text_ += std::to_string(reinterpret_cast<uintptr_t>(arena_.data()));
    text_ += ',';
    text_ += std::to_string(arena_.size());
    text_ += ']';
    return emscripten::val(emscripten::typed_memory_view(text_.size(), text_.data()));
  }

  // Members of the innermost object. Keys are identifiers of ours, written without escaping.
  void number(const char* key, double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    member(key, "null");
    field(kNumberBits, static_cast<uint32_t>(bits), static_cast<uint32_t>(bits >> 32), key);
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
  // Typed arrays (Float32Array, Int32Array, Uint8Array), copied into the arena.
  void floats(const char* key, const std::vector<float>& v) { array(key, kFloats, v); }
  void ints(const char* key, const std::vector<int>& v) { array(key, kInts, v); }
  void bytes(const char* key, const std::vector<uint8_t>& v) { array(key, kBytes, v); }
  // string[]: the target vocabulary's words with these ids.
  void target_words(const char* key, const std::vector<int>& ids) { array(key, kTargetWords, ids); }

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
  // FIELDS' kinds (explorer.js reads them by number).
  enum FieldKind { kFloats, kInts, kBytes, kTargetWords, kNumberBits };

  // One entry of FIELDS for `key` in the innermost object: "kind,a,b,depth,path...,".
  void field(FieldKind kind, uint64_t a, uint64_t b, const char* key) {
    fields_ += static_cast<char>('0' + kind);
    fields_ += ',';
    fields_ += std::to_string(a);
    fields_ += ',';
    fields_ += std::to_string(b);
    fields_ += ',';
    fields_ += std::to_string(open_.size());  // the enclosing levels below RESULT, and key
    for (size_t level = 1; level < open_.size(); ++level) {  // open_[0] is RESULT itself
      fields_ += ',';
      if (open_[level].key) {
        fields_ += '"';
        fields_ += open_[level].key;
        fields_ += '"';
      } else {
        fields_ += std::to_string(open_[level].index);
      }
    }
    fields_ += ",\"";
    fields_ += key;
    fields_ += "\",";
  }
  template <typename T>
  void array(const char* key, FieldKind kind, const std::vector<T>& values) {
    static_assert(alignof(T) <= 4, "the arena aligns its arrays to 4 bytes");
    member(key, "null");
    const size_t offset = (arena_.size() + 3) & ~size_t{3};
    arena_.resize(offset);
    const auto* bytes = reinterpret_cast<const uint8_t*>(values.data());
    arena_.insert(arena_.end(), bytes, bytes + values.size() * sizeof(T));
    field(kind, offset, values.size(), key);
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

  std::string text_;    // "[" RESULT, then the rest at finish()
  std::string fields_;  // FIELDS' entries, each followed by a comma
  std::vector<Open> open_;
  std::vector<uint8_t> arena_;  // the arrays' elements (malloc's alignment, at least 8 bytes)
};

}  // namespace ae::wasm
