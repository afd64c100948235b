// The model file: round trips in every storage type, the documented layout, and that no damaged
// or inconsistent file crashes the reader or loads, each with a message naming the problem.
#include "weights_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace {

using ae::Hyper;
using ae::Matrix;
using ae::Model;
using ae::ModelMetadata;
using ae::Status;
using ae::TensorStorage;
using Bytes = std::vector<uint8_t>;

// Sizes: vocabularies 11 / 9, embed 4, encoder 3, decoder 5, attention 4,
// maxout 3, lengths 50 / 60.
Hyper tiny_hyper(bool attention) { return Hyper{11, 9, 4, 3, 5, 4, 3, attention, 50, 60}; }

Model tiny_model(bool attention = true) { return ae::random_model(tiny_hyper(attention), 7); }

Bytes write_f32(const Model& model) { return ae::write_model(model, TensorStorage::kFloat32); }

// Bitwise CRC-32 (zlib), independent of the table-driven one under test.
uint32_t reference_crc32(const uint8_t* data, size_t size) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

uint32_t load32(const Bytes& file, size_t at) {
  return static_cast<uint32_t>(file[at]) | static_cast<uint32_t>(file[at + 1]) << 8 |
         static_cast<uint32_t>(file[at + 2]) << 16 | static_cast<uint32_t>(file[at + 3]) << 24;
}

void store32(Bytes* file, size_t at, uint32_t value) {
  for (size_t i = 0; i < 4; ++i) (*file)[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

// Recomputes the trailing checksum after an edit, so that the reader gets past it to the check
// under test.
void reseal(Bytes* file) {
  const size_t body = file->size() - 4;
  store32(file, body, reference_crc32(file->data(), body));
}

// A string as the file stores names, keys and words: u16 little-endian length, then the bytes.
std::string prefixed(const std::string& s) {
  return std::string{static_cast<char>(s.size() & 0xFF), static_cast<char>(s.size() >> 8)} + s;
}

// Offset of the only occurrence of `pattern` in the file, or npos when absent or not unique.
size_t find_unique(const Bytes& file, const std::string& pattern) {
  const std::string text(file.begin(), file.end());
  const size_t first = text.find(pattern);
  if (first == std::string::npos || text.find(pattern, first + 1) != std::string::npos) {
    return std::string::npos;
  }
  return first;
}

// Replaces a (unique) length-prefixed string by another of the same length and reseals.
void rename_field(Bytes* file, const std::string& from, const std::string& to) {
  ASSERT_EQ(from.size(), to.size());
  const size_t at = find_unique(*file, prefixed(from));
  ASSERT_NE(at, std::string::npos) << from;
  for (size_t i = 0; i < to.size(); ++i) (*file)[at + 2 + i] = static_cast<uint8_t>(to[i]);
  reseal(file);
}

// Sets the i32 value of hyper-parameter `key` and reseals.
void set_hyper_value(Bytes* file, const std::string& key, int32_t value) {
  const size_t at = find_unique(*file, prefixed(key));
  ASSERT_NE(at, std::string::npos) << key;
  store32(file, at + 2 + key.size(), static_cast<uint32_t>(value));
  reseal(file);
}

::testing::AssertionResult fails_with(const Bytes& file, const std::vector<std::string>& parts) {
  Model model;
  const Status status = ae::read_model(file.data(), file.size(), &model);
  if (status.is_ok()) return ::testing::AssertionFailure() << "read_model succeeded";
  for (const std::string& part : parts) {
    if (status.message().find(part) == std::string::npos) {
      return ::testing::AssertionFailure()
             << "message \"" << status.message() << "\" lacks \"" << part << "\"";
    }
  }
  return ::testing::AssertionSuccess() << status.message();
}

Model read_ok(const Bytes& file) {
  Model model;
  const Status status = ae::read_model(file.data(), file.size(), &model);
  EXPECT_TRUE(status.is_ok()) << status.message();
  return model;
}

void expect_same_hyper(const Hyper& a, const Hyper& b) {
  EXPECT_EQ(a.src_vocab, b.src_vocab);
  EXPECT_EQ(a.tgt_vocab, b.tgt_vocab);
  EXPECT_EQ(a.embed, b.embed);
  EXPECT_EQ(a.enc_hidden, b.enc_hidden);
  EXPECT_EQ(a.dec_hidden, b.dec_hidden);
  EXPECT_EQ(a.attn_dim, b.attn_dim);
  EXPECT_EQ(a.out_hidden, b.out_hidden);
  EXPECT_EQ(a.attention, b.attention);
  EXPECT_EQ(a.max_src_len, b.max_src_len);
  EXPECT_EQ(a.max_tgt_len, b.max_tgt_len);
}

std::vector<std::pair<std::string, const Matrix*>> tensors_of(const Model& model) {
  std::vector<std::pair<std::string, const Matrix*>> tensors;
  ae::for_each_param(model.hyper, model.params, [&](const std::string& name, const Matrix& m) {
    tensors.emplace_back(name, &m);
  });
  return tensors;
}

// Checks hyper-parameters and vocabularies exactly, and every weight of `back` against
// `original` with `bound(original_tensor, row, value)` as the largest allowed error.
template <typename Bound>
void expect_round_trip(const Model& original, const Model& back, Bound bound) {
  expect_same_hyper(original.hyper, back.hyper);
  EXPECT_EQ(original.src_vocab.words(), back.src_vocab.words());
  EXPECT_EQ(original.tgt_vocab.words(), back.tgt_vocab.words());
  const auto expected = tensors_of(original);
  const auto actual = tensors_of(back);
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t t = 0; t < expected.size(); ++t) {
    const Matrix& want = *expected[t].second;
    const Matrix& got = *actual[t].second;
    ASSERT_EQ(want.rows(), got.rows()) << expected[t].first;
    ASSERT_EQ(want.cols(), got.cols()) << expected[t].first;
    for (Eigen::Index r = 0; r < want.rows(); ++r) {
      for (Eigen::Index c = 0; c < want.cols(); ++c) {
        ASSERT_LE(std::abs(got(r, c) - want(r, c)), bound(want, r, want(r, c)))
            << expected[t].first << " at " << r << "," << c;
      }
    }
  }
}

// --------------------------------------------------------------------------------------------
// Round trips.

TEST(WeightsFile, Float32RoundTripIsExact) {
  for (bool attention : {true, false}) {
    const Model model = tiny_model(attention);
    const Bytes file = write_f32(model);
    const Model back = read_ok(file);
    expect_round_trip(model, back, [](const Matrix&, Eigen::Index, float) { return 0.0f; });
    EXPECT_EQ(write_f32(back), file) << "attention " << attention;
  }
}

TEST(WeightsFile, ModelWithoutAttentionMayHaveZeroAttnDim) {
  Hyper hyper = tiny_hyper(false);
  hyper.attn_dim = 0;
  const Model back = read_ok(write_f32(ae::random_model(hyper, 3)));
  EXPECT_EQ(back.hyper.attn_dim, 0);
}

TEST(WeightsFile, Float16RoundTripWithinHalfAnUlp) {
  const Model model = tiny_model();
  const Bytes file = ae::write_model(model, TensorStorage::kFloat16, 0);
  EXPECT_LT(file.size(), write_f32(model).size());
  // Documented bound: |error| <= max(|x| * 2^-11, 2^-25); one-column tensors stay float32.
  expect_round_trip(model, read_ok(file), [](const Matrix& m, Eigen::Index, float x) {
    return m.cols() == 1 ? 0.0f : std::max(std::abs(x) * 0x1p-11f, 0x1p-25f);
  });
}

TEST(WeightsFile, Int8RoundTripWithinHalfAStepPerRow) {
  const Model model = tiny_model();
  const Bytes file = ae::write_model(model, TensorStorage::kInt8RowScaled, 0);
  EXPECT_LT(file.size(), write_f32(model).size());
  // Documented bound: |error| <= max|row| / 254, up to float rounding; columns stay float32.
  expect_round_trip(model, read_ok(file), [](const Matrix& m, Eigen::Index row, float) {
    return m.cols() == 1 ? 0.0f : m.row(row).cwiseAbs().maxCoeff() / 254.0f * (1.0f + 1e-4f);
  });
}

TEST(WeightsFile, SmallMatricesStayFloat32) {
  const Model model = tiny_model();
  // 20 elements: src_embed (44) is quantized, init.W (15) is not.
  const Model back = read_ok(ae::write_model(model, TensorStorage::kInt8RowScaled, 20));
  EXPECT_EQ(back.params.init_W, model.params.init_W);
  EXPECT_NE(back.params.src_embed, model.params.src_embed);
  // The default threshold (4096) keeps everything of the tiny model float32.
  EXPECT_EQ(ae::write_model(model, TensorStorage::kFloat16), write_f32(model));
}

TEST(WeightsFile, Float16RoundsToNearestEvenAndSaturates) {
  const std::vector<std::pair<float, float>> cases = {
      {1.0f, 1.0f},
      {1.0f + 0x1p-11f, 1.0f},                        // tie: to even (down)
      {1.0f + 3 * 0x1p-11f, 1.0f + 0x1p-9f},          // tie: to even (up)
      {1.0f + 0x1p-11f + 0x1p-20f, 1.0f + 0x1p-10f},  // just above a tie
      {0.1f, 0.0999755859375f},                       // 0x2E66
      {-2.5f, -2.5f},
      {65504.0f, 65504.0f},  // largest half
      {65519.0f, 65504.0f},  // below the rounding point
      {1e9f, 65504.0f},      // saturates instead of infinity
      {-1e9f, -65504.0f},
      {0x1p-14f, 0x1p-14f},             // smallest normal
      {0x1p-14f - 0x1p-25f, 0x1p-14f},  // tie between subnormal and normal
      {0x1p-24f, 0x1p-24f},             // smallest subnormal
      {3 * 0x1p-25f, 0x1p-23f},         // tie: 1.5 units -> 2
      {5 * 0x1p-25f, 0x1p-23f},         // tie: 2.5 units -> 2
      {0x1p-25f, 0.0f},                 // tie: 0.5 units -> 0
      {0x1p-25f + 0x1p-35f, 0x1p-24f},  // above the tie
      {1e-10f, 0.0f},
      {std::numeric_limits<float>::denorm_min(), 0.0f},
  };
  Model model = tiny_model();
  ASSERT_GE(model.params.src_embed.size(), static_cast<Eigen::Index>(cases.size() + 1));
  model.params.src_embed.setConstant(0.5f);
  for (size_t i = 0; i < cases.size(); ++i) model.params.src_embed.data()[i] = cases[i].first;
  model.params.src_embed.data()[cases.size()] = -0.0f;
  const Model back = read_ok(ae::write_model(model, TensorStorage::kFloat16, 0));
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(back.params.src_embed.data()[i], cases[i].second) << "input " << cases[i].first;
  }
  EXPECT_TRUE(std::signbit(back.params.src_embed.data()[cases.size()]));
}

TEST(WeightsFile, Int8KeepsZeroRowsAndExtremes) {
  Model model = tiny_model();
  model.params.src_embed.row(0).setZero();
  model.params.src_embed.row(1) << -2.0f, 1.0f, 0.5f, 2.0f;
  const Model back = read_ok(ae::write_model(model, TensorStorage::kInt8RowScaled, 0));
  EXPECT_TRUE(back.params.src_embed.row(0).isZero(0.0f));
  EXPECT_FLOAT_EQ(back.params.src_embed(1, 0), -2.0f);
  EXPECT_FLOAT_EQ(back.params.src_embed(1, 3), 2.0f);
}

TEST(WeightsFile, MetadataRoundTrip) {
  const ModelMetadata metadata = {{"name", "fr-en attention"},
                                  {"trained", "2024-05-01"},
                                  {"corpus", "Tatoeba « phrases courtes » — 160k paires"},
                                  {"notes", ""}};
  const Model model = tiny_model();
  const Bytes file = ae::write_model(model, metadata, TensorStorage::kFloat32);
  ModelMetadata back = {{"stale", "entry"}};
  const Status status = ae::read_model_metadata(file.data(), file.size(), &back);
  ASSERT_TRUE(status.is_ok()) << status.message();
  EXPECT_EQ(back, metadata);
  expect_round_trip(model, read_ok(file), [](const Matrix&, Eigen::Index, float) { return 0.0f; });

  const Bytes plain = write_f32(model);
  ASSERT_TRUE(ae::read_model_metadata(plain.data(), plain.size(), &back).is_ok());
  EXPECT_TRUE(back.empty());
}

TEST(WeightsFile, MetadataReaderValidatesTheWholeFile) {
  Bytes file = ae::write_model(tiny_model(), {{"name", "x"}}, TensorStorage::kFloat32);
  file[file.size() - 40] ^= 0x10;  // inside the last tensor
  ModelMetadata back = {{"kept", "yes"}};
  const Status status = ae::read_model_metadata(file.data(), file.size(), &back);
  EXPECT_NE(status.message().find("checksum mismatch"), std::string::npos) << status.message();
  EXPECT_EQ(back, (ModelMetadata{{"kept", "yes"}}));
}

TEST(WeightsFile, FileLayoutMatchesTheDocumentation) {
  const Model model = tiny_model();
  const ModelMetadata metadata = {{"name", "tiny"}};
  const Bytes file = ae::write_model(model, metadata, TensorStorage::kFloat32);

  size_t expected = 8 + 4 + 4;  // magic, version, hyper-parameter count
  for (const char* key : {"src_vocab", "tgt_vocab", "embed", "enc_hidden", "dec_hidden", "attn_dim",
                          "out_hidden", "attention", "max_src_len", "max_tgt_len"}) {
    expected += 2 + std::string(key).size() + 4;
  }
  expected += 4 + (2 + 4) + (4 + 4);  // one metadata entry
  for (const ae::Vocab* vocab : {&model.src_vocab, &model.tgt_vocab}) {
    expected += 4;
    for (const std::string& word : vocab->words()) expected += 2 + word.size();
  }
  expected += 4;
  for (const auto& shape : ae::param_shapes(model.hyper)) {
    expected +=
        2 + shape.name.size() + 1 + 4 + 4 + 4 * static_cast<size_t>(shape.rows * shape.cols);
  }
  expected += 4;  // checksum
  ASSERT_EQ(file.size(), expected);

  EXPECT_EQ(std::string(file.begin(), file.begin() + 8), std::string("AEMODEL\0", 8));
  EXPECT_EQ(load32(file, 8), 1u);    // version
  EXPECT_EQ(load32(file, 12), 10u);  // hyper-parameter count
  EXPECT_EQ(find_unique(file, prefixed("src_vocab")), 16u);
  EXPECT_EQ(load32(file, 16 + 2 + 9), 11u);  // its value
  const std::string check = "123456789";     // the standard CRC-32 check value
  ASSERT_EQ(reference_crc32(reinterpret_cast<const uint8_t*>(check.data()), check.size()),
            0xCBF43926u);
  EXPECT_EQ(load32(file, file.size() - 4), reference_crc32(file.data(), file.size() - 4));
}

// --------------------------------------------------------------------------------------------
// Damaged files: never a crash, always an error.

TEST(WeightsFile, EveryTruncationIsReported) {
  const Bytes file = write_f32(tiny_model());
  for (size_t length = 0; length < file.size(); ++length) {
    const Bytes prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(length));
    EXPECT_TRUE(fails_with(prefix, {length == 0 ? "empty" : "truncated"})) << "length " << length;
  }
}

TEST(WeightsFile, EveryFlippedByteIsReported) {
  const Bytes file = write_f32(tiny_model());
  for (int mask : {0xFF, 0x01, 0x80}) {
    for (size_t at = 0; at < file.size(); ++at) {
      Bytes damaged = file;
      damaged[at] ^= static_cast<uint8_t>(mask);
      Model model;
      const Status status = ae::read_model(damaged.data(), damaged.size(), &model);
      ASSERT_FALSE(status.is_ok()) << "byte " << at << " mask " << mask;
      if (at >= 12) {  // past magic and version, damage shows as a bad checksum or a short file
        const std::string& message = status.message();
        EXPECT_TRUE(message.find("checksum mismatch") != std::string::npos ||
                    message.find("truncated") != std::string::npos)
            << "byte " << at << ": " << message;
      }
    }
  }
}

TEST(WeightsFile, ChecksumMismatch) {
  Bytes file = write_f32(tiny_model());
  Bytes in_data = file;
  in_data[in_data.size() - 10] ^= 0x04;
  EXPECT_TRUE(fails_with(in_data, {"model file is corrupt (checksum mismatch)"}));
  file.back() ^= 0x01;
  EXPECT_TRUE(fails_with(file, {"model file is corrupt (checksum mismatch)"}));
}

TEST(WeightsFile, EmptyAndForeignInput) {
  EXPECT_TRUE(fails_with({}, {"model file is empty"}));
  Model model;
  EXPECT_FALSE(ae::read_model(nullptr, 0, &model).is_ok());
  EXPECT_TRUE(fails_with({'P', 'K', 3, 4, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0},
                         {"not an attention-explorer model file"}));
  EXPECT_TRUE(fails_with({'h', 'i'}, {"not an attention-explorer model file"}));
}

TEST(WeightsFile, MagicOnly) {
  const Bytes magic = {'A', 'E', 'M', 'O', 'D', 'E', 'L', 0};
  EXPECT_TRUE(fails_with(magic, {"truncated", "expected 4 more bytes at offset 8"}));
}

TEST(WeightsFile, NewerAndInvalidVersions) {
  Bytes file = write_f32(tiny_model());
  store32(&file, 8, 2);
  reseal(&file);
  EXPECT_TRUE(fails_with(file, {"made by a newer version (v2); this build reads v1"}));
  store32(&file, 8, 0);
  reseal(&file);
  EXPECT_TRUE(fails_with(file, {"invalid format version 0"}));
}

TEST(WeightsFile, BytesAfterTheChecksum) {
  Bytes file = write_f32(tiny_model());
  file.insert(file.end(), {0, 0, 0});
  EXPECT_TRUE(fails_with(file, {"3 unexpected bytes after its checksum"}));
}

TEST(WeightsFile, FailedReadLeavesOutputUntouched) {
  Bytes file = write_f32(tiny_model());
  file.pop_back();
  Model model;
  model.hyper.embed = 123;
  EXPECT_FALSE(ae::read_model(file.data(), file.size(), &model).is_ok());
  EXPECT_EQ(model.hyper.embed, 123);
}

// --------------------------------------------------------------------------------------------
// Well-formed files (correct checksum) with inconsistent contents.

TEST(WeightsFile, UnknownMissingAndRepeatedHyperParameters) {
  const Bytes file = write_f32(tiny_model());

  Bytes unknown = file;
  rename_field(&unknown, "attn_dim", "attn_dix");
  EXPECT_TRUE(fails_with(unknown, {"unknown hyper-parameter 'attn_dix'"}));

  Bytes repeated = file;
  rename_field(&repeated, "tgt_vocab", "src_vocab");
  EXPECT_TRUE(fails_with(repeated, {"hyper-parameter 'src_vocab' twice"}));

  Bytes missing = file;
  const size_t at = find_unique(missing, prefixed("max_tgt_len"));
  ASSERT_NE(at, std::string::npos);
  missing.erase(missing.begin() + static_cast<std::ptrdiff_t>(at),
                missing.begin() + static_cast<std::ptrdiff_t>(at + 2 + 11 + 4));
  store32(&missing, 12, load32(missing, 12) - 1);
  reseal(&missing);
  EXPECT_TRUE(fails_with(missing, {"lacks hyper-parameter 'max_tgt_len'"}));
}

TEST(WeightsFile, HyperParametersOutOfRange) {
  Model zero = tiny_model();
  zero.hyper.embed = 0;
  EXPECT_TRUE(fails_with(write_f32(zero), {"embed = 0 is out of range (1..4096)"}));

  Model huge = tiny_model();
  huge.hyper.enc_hidden = 5000;
  EXPECT_TRUE(fails_with(write_f32(huge), {"enc_hidden = 5000 is out of range"}));

  Bytes file = write_f32(tiny_model());
  set_hyper_value(&file, "src_vocab", std::numeric_limits<int32_t>::min());
  EXPECT_TRUE(fails_with(file, {"src_vocab = -2147483648 is out of range (3..1000000)"}));

  Bytes attention = write_f32(tiny_model());
  set_hyper_value(&attention, "attention", 2);
  EXPECT_TRUE(fails_with(attention, {"attention = 2 is out of range (0..1)"}));

  Model no_attn_dim = tiny_model();
  no_attn_dim.hyper.attn_dim = 0;
  EXPECT_TRUE(fails_with(write_f32(no_attn_dim), {"attn_dim = 0", "attention = 1"}));
}

TEST(WeightsFile, AbsurdCountsFailBeforeAllocating) {
  Bytes file = write_f32(tiny_model());
  store32(&file, 12, 0xFFFFFFFFu);  // hyper-parameter count
  reseal(&file);
  EXPECT_TRUE(fails_with(file, {"truncated", "4294967295 hyper-parameters"}));

  // A vocabulary as large as the caps allow, claimed by a small file: no room for its words.
  Bytes vocab = write_f32(tiny_model());
  set_hyper_value(&vocab, "src_vocab", 1000000);
  const size_t vocab_count = find_unique(vocab, prefixed("max_tgt_len")) + 2 + 11 + 4 + 4;
  store32(&vocab, vocab_count, 1000000);
  reseal(&vocab);
  EXPECT_TRUE(fails_with(vocab, {"truncated", "1000000 source vocabulary words"}));

  Bytes rows = write_f32(tiny_model());
  const size_t at = find_unique(rows, prefixed("src_embed"));
  ASSERT_NE(at, std::string::npos);
  store32(&rows, at + 2 + 9 + 1, 0xFFFFFFFFu);
  reseal(&rows);
  EXPECT_TRUE(fails_with(rows, {"'src_embed' is 4294967295x4", "need 11x4"}));
}

TEST(WeightsFile, BadVocabularies) {
  Model duplicate = tiny_model();
  std::vector<std::string> words = duplicate.src_vocab.words();
  words[7] = "w5";
  duplicate.src_vocab = ae::Vocab(words);
  EXPECT_TRUE(
      fails_with(write_f32(duplicate), {"source vocabulary lists 'w5' twice (ids 5 and 7)"}));

  Model reserved = tiny_model();
  words = reserved.tgt_vocab.words();
  words[1] = "<bos>";
  reserved.tgt_vocab = ae::Vocab(words);
  EXPECT_TRUE(fails_with(write_f32(reserved), {"target vocabulary must begin with <unk>, <s>, </s>",
                                               "word 1 is '<bos>'"}));

  Model count = tiny_model();
  words = count.src_vocab.words();
  words.push_back("extra");
  count.src_vocab = ae::Vocab(words);
  EXPECT_TRUE(fails_with(write_f32(count), {"source vocabulary has 12 words but src_vocab = 11"}));

  Model empty = tiny_model();
  words = empty.src_vocab.words();
  words[4] = "";
  empty.src_vocab = ae::Vocab(words);
  EXPECT_TRUE(fails_with(write_f32(empty), {"source vocabulary word 4 is empty"}));

  // Too long for its u16 length: written empty, so that the file does not load.
  words[4] = std::string(70000, 'a');
  empty.src_vocab = ae::Vocab(words);
  EXPECT_TRUE(fails_with(write_f32(empty), {"source vocabulary word 4 is empty"}));
}

TEST(WeightsFile, EmptyMetadataKey) {
  const Bytes file = ae::write_model(tiny_model(), {{"", "value"}}, TensorStorage::kFloat32);
  EXPECT_TRUE(fails_with(file, {"empty metadata key"}));
}

TEST(WeightsFile, WrongTensorShape) {
  Model model = tiny_model();
  model.params.dec.U = Matrix::Zero(15, 4);
  EXPECT_TRUE(
      fails_with(write_f32(model),
                 {"tensor 'dec.U' is 15x4 in the file but these hyper-parameters need 15x5"}));
}

TEST(WeightsFile, MissingExtraAndRepeatedTensors) {
  Bytes missing = write_f32(tiny_model(false));
  set_hyper_value(&missing, "attention", 1);
  EXPECT_TRUE(fails_with(missing, {"lacks tensor 'attn.W' (4x5)"}));

  Bytes extra = write_f32(tiny_model(true));
  set_hyper_value(&extra, "attention", 0);
  EXPECT_TRUE(fails_with(extra, {"unexpected tensor 'attn.W'"}));

  Bytes repeated = write_f32(tiny_model());
  rename_field(&repeated, "enc_bwd.W", "enc_fwd.W");
  EXPECT_TRUE(fails_with(repeated, {"tensor 'enc_fwd.W' twice"}));
}

TEST(WeightsFile, UnknownStorageType) {
  Bytes file = write_f32(tiny_model());
  const size_t at = find_unique(file, prefixed("enc_fwd.U"));
  ASSERT_NE(at, std::string::npos);
  file[at + 2 + 9] = 7;
  reseal(&file);
  EXPECT_TRUE(fails_with(file, {"tensor 'enc_fwd.U' has unknown storage type 7"}));
}

TEST(WeightsFile, NonFiniteWeightsAreRejectedInEveryStorage) {
  Model model = tiny_model();
  model.params.dec.W(2, 3) = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(
      fails_with(write_f32(model), {"tensor 'dec.W' holds a non-finite value", "row 2, column 3"}));
  EXPECT_TRUE(fails_with(ae::write_model(model, TensorStorage::kInt8RowScaled, 0),
                         {"tensor 'dec.W' holds a non-finite value", "row 2"}));
  model.params.dec.W(2, 3) = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(fails_with(ae::write_model(model, TensorStorage::kFloat16, 0),
                         {"tensor 'dec.W' holds a non-finite value (inf) at row 2, column 3"}));
}

}  // namespace
