// The model file format, byte for byte: docs/weights-format.md.
#include "weights_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <type_traits>

namespace ae {
namespace {

constexpr char kMagic[8] = {'A', 'E', 'M', 'O', 'D', 'E', 'L', '\0'};
constexpr uint32_t kFormatVersion = 1;

// Caps on hyper-parameters. They are far above any model that runs in a browser, and they let a
// reader reject a corrupt or hostile file before allocating anything from it; they also keep every
// shape product in param_shapes (at most 4 * kMaxWidth columns) well within int.
constexpr int32_t kMaxVocab = 1000000;
constexpr int32_t kMaxWidth = 4096;
constexpr int32_t kMaxSentence = 10000;

// Smallest possible encodings, used to bound a count read from the file by the bytes that remain.
constexpr size_t kMinHyperBytes = 2 + 1 + 4;       // key length, 1-byte key, value
constexpr size_t kMinMetadataBytes = 2 + 1 + 4;    // key length, 1-byte key, value length
constexpr size_t kMinWordBytes = 2 + 1;            // length, 1-byte word
constexpr size_t kMinTensorBytes = 2 + 1 + 1 + 8;  // name length, 1-byte name, storage, shape

// The hyper-parameters in file order, each with the range a reader accepts. attn_dim may be 0 only
// without attention (checked separately), since the baseline has no attention layer to size.
template <typename HyperT, typename Fn>
void visit_hyper(HyperT& h, Fn&& fn) {
  fn("src_vocab", h.src_vocab, kNumReservedIds, kMaxVocab);
  fn("tgt_vocab", h.tgt_vocab, kNumReservedIds, kMaxVocab);
  fn("embed", h.embed, 1, kMaxWidth);
  fn("enc_hidden", h.enc_hidden, 1, kMaxWidth);
  fn("dec_hidden", h.dec_hidden, 1, kMaxWidth);
  fn("attn_dim", h.attn_dim, 0, kMaxWidth);
  fn("out_hidden", h.out_hidden, 1, kMaxWidth);
  fn("attention", h.attention, 0, 1);
  fn("max_src_len", h.max_src_len, 1, kMaxSentence);
  fn("max_tgt_len", h.max_tgt_len, 1, kMaxSentence);
}

// ---------------------------------------------------------------------------------------------
// Bits and bytes. Explicit little-endian (de)serialisation, so the file is the same whatever the
// host's byte order.

uint32_t float_bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

float float_from_bits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

uint16_t load_le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }

uint32_t load_le32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
         static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

// CRC-32 as in zlib, PNG and gzip (reflected polynomial 0xEDB88320), so `crc32` of any tool can
// check a file. The table is built at compile time.
constexpr std::array<uint32_t, 256> make_crc_table() {
  std::array<uint32_t, 256> table{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}
constexpr std::array<uint32_t, 256> kCrcTable = make_crc_table();

uint32_t crc32(const uint8_t* data, size_t size) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) c = kCrcTable[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// x / 2^shift rounded to nearest, ties to even; 1 <= shift <= 31.
uint32_t shift_round_even(uint32_t x, unsigned shift) {
  const uint32_t quotient = x >> shift;
  const uint32_t remainder = x & ((1u << shift) - 1);
  const uint32_t half = 1u << (shift - 1);
  return quotient + (remainder > half || (remainder == half && (quotient & 1)));
}

// IEEE binary16, rounding to nearest even. Finite values beyond the largest half (65504) saturate
// to it instead of becoming infinite, because an infinite weight would make the file unreadable.
uint16_t float_to_half(float value) {
  const uint32_t bits = float_bits(value);
  const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  const uint32_t magnitude = bits & 0x7FFFFFFF;
  if (magnitude > 0x7F800000) return sign | 0x7E00;   // NaN
  if (magnitude == 0x7F800000) return sign | 0x7C00;  // infinity
  if (magnitude >= 0x477FF000) return sign | 0x7BFF;  // >= 65520 would round to infinity
  if (magnitude >= 0x38800000) {                      // >= 2^-14: a normal half
    // Rebias the exponent (127 -> 15) and drop 13 mantissa bits; a carry out of the mantissa
    // correctly bumps the exponent.
    return sign | static_cast<uint16_t>(shift_round_even(magnitude - (112u << 23), 13));
  }
  // A subnormal half m * 2^-24. The float is (1.mantissa) * 2^(exponent - 127), so
  // m = (mantissa with its implicit one) / 2^(126 - exponent). Below 2^-25 everything rounds to 0.
  const uint32_t exponent = magnitude >> 23;
  if (exponent < 102) return sign;
  const uint32_t mantissa = (magnitude & 0x7FFFFF) | 0x800000;
  return sign | static_cast<uint16_t>(shift_round_even(mantissa, 126 - exponent));
}

float half_to_float(uint16_t half) {
  const uint32_t sign = static_cast<uint32_t>(half & 0x8000) << 16;
  const uint32_t exponent = (half >> 10) & 0x1F;
  const uint32_t mantissa = half & 0x3FF;
  if (exponent == 0x1F) return float_from_bits(sign | 0x7F800000 | (mantissa << 13));
  if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24, exact in float
    const float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return float_from_bits(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

// a * b, saturating: an impossible size then simply fails the bounds check that follows.
uint64_t saturating_mul(uint64_t a, uint64_t b) {
  return (b != 0 && a > std::numeric_limits<uint64_t>::max() / b)
             ? std::numeric_limits<uint64_t>::max()
             : a * b;
}

// Words, keys and names from a damaged file can hold anything. In a message they are cut short
// and control bytes are escaped, so that the message stays one readable line.
std::string quoted(const std::string& text) {
  constexpr size_t kMaxShown = 48;
  constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMaxShown) out += "...";
  return out + "'";
}

std::string shape_text(int64_t rows, int64_t cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

// ---------------------------------------------------------------------------------------------
// Bounds-checked reading. The only way a Reader fails is the file ending too early; that first
// failure sticks, and every later read returns zero / empty, so callers check ok() once after a
// group of reads, before using any value read.

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  bool ok() const { return status_.is_ok(); }
  const Status& status() const { return status_; }
  size_t offset() const { return offset_; }
  size_t remaining() const { return size_ - offset_; }

  // The next n bytes, or nullptr when fewer remain. `what` names them in the message.
  const uint8_t* take(uint64_t n, const std::string& what = {}) {
    if (!ok()) return nullptr;
    if (n > remaining()) {
      status_ = Status::error("model file is truncated (expected " + std::to_string(n) +
                              " more bytes at offset " + std::to_string(offset_) +
                              (what.empty() ? "" : " for " + what) + ", but only " +
                              std::to_string(remaining()) + " remain)");
      return nullptr;
    }
    const uint8_t* bytes = data_ + offset_;
    offset_ += static_cast<size_t>(n);
    return bytes;
  }

  // Whether `count` items of at least `min_bytes` each can still follow. Checked before reserving
  // memory for them, so that a corrupt count fails here instead of allocating gigabytes.
  bool can_hold(uint32_t count, size_t min_bytes, const std::string& what) {
    const uint64_t needed = saturating_mul(count, min_bytes);
    if (ok() && needed > remaining()) {
      take(needed, std::to_string(count) + " " + what + " of at least " +
                       std::to_string(min_bytes) + " bytes each");
    }
    return ok();
  }

  uint8_t u8() {
    const uint8_t* p = take(1);
    return p ? p[0] : 0;
  }
  uint16_t u16() {
    const uint8_t* p = take(2);
    return p ? load_le16(p) : 0;
  }
  uint32_t u32() {
    const uint8_t* p = take(4);
    return p ? load_le32(p) : 0;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  std::string string16() { return string_of_length(u16()); }
  std::string string32() { return string_of_length(u32()); }

 private:
  std::string string_of_length(uint32_t n) {
    const uint8_t* p = take(n);
    return p ? std::string(reinterpret_cast<const char*>(p), n) : std::string();
  }

  const uint8_t* data_;
  size_t size_;
  size_t offset_ = 0;
  Status status_;
};

class Writer {
 public:
  void raw(const void* data, size_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), p, p + n);
  }
  void u8(uint8_t v) { bytes_.push_back(v); }
  void u16(uint16_t v) { little_endian(v); }
  void u32(uint32_t v) { little_endian(v); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void f32(float v) { u32(float_bits(v)); }

  // A string after its byte count as a `Length` (uint16_t or uint32_t). A string too long for
  // that count is written empty: every field where that can happen (names, keys, words) must not
  // be empty, so read_model rejects the file instead of loading something else than was written.
  template <typename Length>
  void string(const std::string& s) {
    const bool fits = s.size() <= std::numeric_limits<Length>::max();
    const auto length = static_cast<Length>(fits ? s.size() : 0);
    little_endian(length);
    raw(s.data(), length);
  }

  // Appends the CRC-32 of everything written so far and hands over the bytes.
  std::vector<uint8_t> finish() {
    u32(crc32(bytes_.data(), bytes_.size()));
    return std::move(bytes_);
  }

 private:
  template <typename Unsigned>
  void little_endian(Unsigned v) {
    for (size_t i = 0; i < sizeof v; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
  }

  std::vector<uint8_t> bytes_;
};

// ---------------------------------------------------------------------------------------------
// Reading, one section at a time. Each returns the Reader's status when the file ends early and
// its own error when what was read is wrong.

Status read_hyper(Reader& r, Hyper* out) {
  const uint32_t count = r.u32();
  if (!r.can_hold(count, kMinHyperBytes, "hyper-parameters")) return r.status();
  std::map<std::string, int32_t> values;
  for (uint32_t i = 0; i < count; ++i) {
    std::string key = r.string16();
    const int32_t value = r.i32();
    if (!r.ok()) return r.status();
    if (!values.emplace(key, value).second) {
      return Status::error("model file lists hyper-parameter " + quoted(key) + " twice");
    }
  }

  Hyper hyper;
  Status first_problem;
  const auto note = [&](std::string message) {
    if (first_problem.is_ok()) first_problem = Status::error(std::move(message));
  };
  visit_hyper(hyper, [&](const char* key, auto& field, int32_t min, int32_t max) {
    const auto found = values.find(key);
    if (found == values.end()) {
      return note("model file lacks hyper-parameter '" + std::string(key) + "'");
    }
    const int32_t value = found->second;
    values.erase(found);  // what remains afterwards is unknown to this build
    if (value < min || value > max) {
      return note("hyper-parameter " + std::string(key) + " = " + std::to_string(value) +
                  " is out of range (" + std::to_string(min) + ".." + std::to_string(max) + ")");
    }
    field = static_cast<std::remove_reference_t<decltype(field)>>(value);
  });
  // Unknown keys are reported first: from a newer or foreign build, they explain the rest.
  if (!values.empty()) {
    return Status::error("model file has unknown hyper-parameter " + quoted(values.begin()->first) +
                         " (made by a different build?)");
  }
  if (!first_problem.is_ok()) return first_problem;
  if (hyper.attention && hyper.attn_dim == 0) {
    return Status::error("hyper-parameter attn_dim = 0 is out of range (1.." +
                         std::to_string(kMaxWidth) + " when attention = 1)");
  }
  *out = hyper;
  return Status::ok();
}

Status read_metadata(Reader& r, ModelMetadata* out) {
  const uint32_t count = r.u32();
  if (!r.can_hold(count, kMinMetadataBytes, "metadata entries")) return r.status();
  ModelMetadata metadata;
  metadata.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    std::string key = r.string16();
    std::string value = r.string32();
    if (!r.ok()) return r.status();
    if (key.empty()) {
      return Status::error("model file has an empty metadata key (entry " + std::to_string(i) +
                           ")");
    }
    metadata.emplace_back(std::move(key), std::move(value));
  }
  *out = std::move(metadata);
  return Status::ok();
}

// `side` is "source" or "target", `size_key` the hyper-parameter giving the expected size.
Status read_vocab(Reader& r, int expected_size, const std::string& side,
                  const std::string& size_key, Vocab* out) {
  const std::string what = side + " vocabulary";
  const uint32_t count = r.u32();
  if (!r.ok()) return r.status();
  if (count != static_cast<uint32_t>(expected_size)) {
    return Status::error(what + " has " + std::to_string(count) + " words but " + size_key + " = " +
                         std::to_string(expected_size));
  }
  if (!r.can_hold(count, kMinWordBytes, what + " words")) return r.status();
  std::vector<std::string> words;
  words.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    words.push_back(r.string16());
    if (!r.ok()) return r.status();
    if (words.back().empty()) {
      return Status::error(what + " word " + std::to_string(i) + " is empty");
    }
  }
  const char* const reserved[kNumReservedIds] = {"<unk>", "<s>", "</s>"};
  for (int id = 0; id < kNumReservedIds; ++id) {
    if (words[static_cast<size_t>(id)] != reserved[id]) {
      return Status::error(what + " must begin with <unk>, <s>, </s> (word " + std::to_string(id) +
                           " is " + quoted(words[static_cast<size_t>(id)]) + ")");
    }
  }
  Vocab vocab(std::move(words));
  // Vocab maps each word to its first id, so a later copy of a word shows up as a different id.
  for (int id = 0; id < vocab.size(); ++id) {
    const int first = vocab.id(vocab.word(id));
    if (first != id) {
      return Status::error(what + " lists " + quoted(vocab.word(id)) + " twice (ids " +
                           std::to_string(first) + " and " + std::to_string(id) + ")");
    }
  }
  *out = std::move(vocab);
  return Status::ok();
}

Status check_finite(const std::string& name, const Matrix& m) {
  for (Eigen::Index i = 0; i < m.size(); ++i) {
    if (!std::isfinite(m.data()[i])) {
      return Status::error(
          "tensor '" + name + "' holds a non-finite value (" + std::to_string(m.data()[i]) +
          ") at row " + std::to_string(i / m.cols()) + ", column " + std::to_string(i % m.cols()));
    }
  }
  return Status::ok();
}

// The data of one tensor whose name and shape have been checked.
Status read_tensor_data(Reader& r, const std::string& name, uint8_t storage, uint32_t rows,
                        uint32_t cols, Matrix* out) {
  const uint64_t elements = saturating_mul(rows, cols);
  uint64_t bytes = 0;
  switch (static_cast<TensorStorage>(storage)) {
    case TensorStorage::kFloat32:
      bytes = saturating_mul(elements, 4);
      break;
    case TensorStorage::kFloat16:
      bytes = saturating_mul(elements, 2);
      break;
    case TensorStorage::kInt8RowScaled:  // a float32 scale per row, then the int8 values
      bytes = saturating_mul(rows, 4 + static_cast<uint64_t>(cols));
      break;
    default:
      return Status::error("tensor '" + name + "' has unknown storage type " +
                           std::to_string(storage));
  }
  // Only now that the bytes are known to be there is it safe to allocate.
  const uint8_t* p = r.take(bytes, "tensor '" + name + "'");
  if (!p) return r.status();
  Matrix m(rows, cols);
  float* values = m.data();
  switch (static_cast<TensorStorage>(storage)) {
    case TensorStorage::kFloat32:
      for (uint64_t i = 0; i < elements; ++i) values[i] = float_from_bits(load_le32(p + 4 * i));
      break;
    case TensorStorage::kFloat16:
      for (uint64_t i = 0; i < elements; ++i) values[i] = half_to_float(load_le16(p + 2 * i));
      break;
    case TensorStorage::kInt8RowScaled: {
      const uint8_t* q = p + 4 * static_cast<uint64_t>(rows);
      for (uint64_t row = 0; row < rows; ++row) {
        const float scale = float_from_bits(load_le32(p + 4 * row));
        for (uint64_t col = 0; col < cols; ++col, ++q) {
          *values++ = scale * static_cast<float>(static_cast<int8_t>(*q));
        }
      }
      break;
    }
  }
  Status finite = check_finite(name, m);
  if (!finite.is_ok()) return finite;
  *out = std::move(m);
  return Status::ok();
}

Status read_tensors(Reader& r, const Hyper& hyper, Params* out) {
  const std::vector<TensorShape> expected = param_shapes(hyper);
  Params params;
  std::vector<Matrix*> slots;  // in the order of `expected`: both come from the same visit
  for_each_param(hyper, params, [&](const std::string&, Matrix& m) { slots.push_back(&m); });
  std::vector<bool> seen(expected.size(), false);

  const uint32_t count = r.u32();
  if (!r.can_hold(count, kMinTensorBytes, "tensors")) return r.status();
  for (uint32_t i = 0; i < count; ++i) {
    const std::string name = r.string16();
    const uint8_t storage = r.u8();
    const uint32_t rows = r.u32();
    const uint32_t cols = r.u32();
    if (!r.ok()) return r.status();
    const auto found = std::find_if(expected.begin(), expected.end(),
                                    [&](const TensorShape& shape) { return shape.name == name; });
    if (found == expected.end()) {
      return Status::error("model file has unexpected tensor " + quoted(name) +
                           " (not part of a model with these hyper-parameters)");
    }
    const auto index = static_cast<size_t>(found - expected.begin());
    if (seen[index]) return Status::error("model file has tensor '" + name + "' twice");
    if (rows != static_cast<uint32_t>(found->rows) || cols != static_cast<uint32_t>(found->cols)) {
      return Status::error("tensor '" + name + "' is " + shape_text(rows, cols) +
                           " in the file but these hyper-parameters need " +
                           shape_text(found->rows, found->cols));
    }
    Status data = read_tensor_data(r, name, storage, rows, cols, slots[index]);
    if (!data.is_ok()) return data;
    seen[index] = true;
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!seen[i]) {
      return Status::error("model file lacks tensor '" + expected[i].name + "' (" +
                           shape_text(expected[i].rows, expected[i].cols) + ")");
    }
  }
  *out = std::move(params);
  return Status::ok();
}

// Everything between the version and the checksum.
Status read_body(Reader& r, Model* model, ModelMetadata* metadata) {
  Status status = read_hyper(r, &model->hyper);
  if (status.is_ok()) status = read_metadata(r, metadata);
  if (status.is_ok()) {
    status = read_vocab(r, model->hyper.src_vocab, "source", "src_vocab", &model->src_vocab);
  }
  if (status.is_ok()) {
    status = read_vocab(r, model->hyper.tgt_vocab, "target", "tgt_vocab", &model->tgt_vocab);
  }
  if (status.is_ok()) status = read_tensors(r, model->hyper, &model->params);
  return status;
}

Status corrupt() { return Status::error("model file is corrupt (checksum mismatch)"); }

Status read_file(const uint8_t* bytes, size_t size, Model* model, ModelMetadata* metadata) {
  if (size == 0) return Status::error("model file is empty");
  // A prefix of the magic is a truncated model file rather than some other file.
  if (std::memcmp(bytes, kMagic, std::min(size, sizeof kMagic)) != 0) {
    return Status::error("not an attention-explorer model file");
  }
  Reader r(bytes, size);
  r.take(sizeof kMagic);
  const uint32_t version = r.u32();
  if (!r.ok()) return r.status();
  // Before anything else: a newer version may lay out everything after this differently.
  if (version > kFormatVersion) {
    return Status::error("model file was made by a newer version (v" + std::to_string(version) +
                         "); this build reads v" + std::to_string(kFormatVersion));
  }
  if (version == 0) return Status::error("model file has invalid format version 0");

  Status body = read_body(r, model, metadata);
  if (!body.is_ok()) {
    // Damage makes some check fail in an arbitrary place; when the checksum (at the end of an
    // untruncated file) shows damage, report that rather than whatever field it happened to hit.
    const bool intact = size >= 4 && crc32(bytes, size - 4) == load_le32(bytes + size - 4);
    return (!r.ok() || intact) ? body : corrupt();
  }
  const size_t checked = r.offset();
  const uint32_t checksum = r.u32();
  if (!r.ok()) return r.status();
  if (checksum != crc32(bytes, checked)) return corrupt();
  if (r.remaining() != 0) {
    return Status::error("model file has " + std::to_string(r.remaining()) +
                         " unexpected bytes after its checksum");
  }
  return Status::ok();
}

// ---------------------------------------------------------------------------------------------
// Writing.

// One-column tensors (biases, v_a) stay float32: they are a tiny share of the model, and with one
// int8 scale per row a column would even grow.
TensorStorage storage_for(const Matrix& m, TensorStorage requested, size_t min_quantized) {
  const bool small = static_cast<size_t>(m.size()) < min_quantized;
  return (m.cols() == 1 || small) ? TensorStorage::kFloat32 : requested;
}

// Per row: scale = max|x| / 127 and q = round(x / scale), so |q| <= 127 and the error is at most
// half a step. The quotient is taken in double so that rows of tiny values do not divide by a
// scale that underflowed. A row with a non-finite value gets a NaN scale, which read_model
// rejects, so such a model fails to load instead of coming back with made-up weights.
void write_int8_rows(Writer& w, const Matrix& m) {
  std::vector<float> row_max(static_cast<size_t>(m.rows()));
  for (Eigen::Index row = 0; row < m.rows(); ++row) {
    float max_abs = 0.0f;
    bool finite = true;
    for (Eigen::Index col = 0; col < m.cols(); ++col) {
      finite = finite && std::isfinite(m(row, col));
      max_abs = std::max(max_abs, std::abs(m(row, col)));
    }
    row_max[static_cast<size_t>(row)] = finite ? max_abs : std::numeric_limits<float>::quiet_NaN();
  }
  for (float max_abs : row_max) w.f32(static_cast<float>(max_abs / 127.0));
  for (Eigen::Index row = 0; row < m.rows(); ++row) {
    const double step = row_max[static_cast<size_t>(row)] / 127.0;
    for (Eigen::Index col = 0; col < m.cols(); ++col) {
      const long q = step > 0 ? std::lround(m(row, col) / step) : 0;  // false for NaN as well
      w.u8(static_cast<uint8_t>(static_cast<int8_t>(q)));
    }
  }
}

void write_tensor(Writer& w, const std::string& name, const Matrix& m, TensorStorage storage) {
  w.string<uint16_t>(name);
  w.u8(static_cast<uint8_t>(storage));
  w.u32(static_cast<uint32_t>(m.rows()));
  w.u32(static_cast<uint32_t>(m.cols()));
  switch (storage) {
    case TensorStorage::kFloat32:
      for (Eigen::Index i = 0; i < m.size(); ++i) w.f32(m.data()[i]);
      break;
    case TensorStorage::kFloat16:
      for (Eigen::Index i = 0; i < m.size(); ++i) w.u16(float_to_half(m.data()[i]));
      break;
    case TensorStorage::kInt8RowScaled:
      write_int8_rows(w, m);
      break;
  }
}

}  // namespace

Status read_model(const uint8_t* bytes, size_t size, Model* out) {
  Model model;
  ModelMetadata unused;
  Status status = read_file(bytes, size, &model, &unused);
  if (status.is_ok()) *out = std::move(model);
  return status;
}

Status read_model_metadata(const uint8_t* bytes, size_t size, ModelMetadata* out) {
  Model unused;
  ModelMetadata metadata;
  Status status = read_file(bytes, size, &unused, &metadata);
  if (status.is_ok()) *out = std::move(metadata);
  return status;
}

std::vector<uint8_t> write_model(const Model& model, TensorStorage storage,
                                 size_t min_quantized_elements) {
  return write_model(model, ModelMetadata(), storage, min_quantized_elements);
}

std::vector<uint8_t> write_model(const Model& model, const ModelMetadata& metadata,
                                 TensorStorage storage, size_t min_quantized_elements) {
  Writer w;
  w.raw(kMagic, sizeof kMagic);
  w.u32(kFormatVersion);

  uint32_t hyper_count = 0;
  visit_hyper(model.hyper, [&](const char*, const auto&, int32_t, int32_t) { ++hyper_count; });
  w.u32(hyper_count);
  visit_hyper(model.hyper, [&](const char* key, const auto& value, int32_t, int32_t) {
    w.string<uint16_t>(key);
    w.i32(static_cast<int32_t>(value));
  });

  w.u32(static_cast<uint32_t>(metadata.size()));
  for (const auto& [key, value] : metadata) {
    w.string<uint16_t>(key);
    w.string<uint32_t>(value);
  }

  for (const Vocab* vocab : {&model.src_vocab, &model.tgt_vocab}) {
    w.u32(static_cast<uint32_t>(vocab->size()));
    for (const std::string& word : vocab->words()) w.string<uint16_t>(word);
  }

  w.u32(static_cast<uint32_t>(param_shapes(model.hyper).size()));
  for_each_param(model.hyper, model.params, [&](const std::string& name, const Matrix& m) {
    write_tensor(w, name, m, storage_for(m, storage, min_quantized_elements));
  });
  return w.finish();
}

}  // namespace ae
