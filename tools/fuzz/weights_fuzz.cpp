// Fuzzes the model loader with any bytes: read_model and read_model_metadata must return a Status,
// never crash, allocate wildly or trip a sanitizer. Each input is tried twice: as given, and with
// its last four bytes replaced by the right CRC-32, since mutated bytes almost never carry a
// matching checksum and would otherwise never get past it to the checks that follow.
//
// Besides, the loader's promises (weights_file.h):
//   - read_model and read_model_metadata accept exactly the same files, and refuse with the same
//     non-empty message;
//   - a model that loads is written back (float32) to a file that loads to the same model, and
//     to a float16 and an int8 file that load too;
//   - a model that loads can be run: translating and beam-searching a short sentence succeeds.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "decoder.h"
#include "fuzz_check.h"
#include "weights_file.h"

namespace {

using ae::fuzz::require;

// CRC-32 as zlib computes it (the file's checksum, docs/weights-format.md), bit by bit.
uint32_t crc32(const uint8_t* data, size_t size) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc & 1) ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
  }
  return ~crc;
}

void check_runs(const ae::Model& model) {
  const ae::Hyper& h = model.hyper;
  std::vector<int> source;
  for (int i = 0; i < h.max_src_len && i < 3; ++i) source.push_back(i % h.src_vocab);
  ae::Decoder decoder(model);
  ae::Trace trace;
  for (int beam : {1, 3}) {
    ae::DecodeOptions options;
    options.beam_width = beam;
    options.max_len = 4;  // a loaded model may allow 10,000 output words
    require(decoder.translate(source, options, &trace).is_ok(), "a loaded model translates");
  }
}

void check_file(const uint8_t* data, size_t size) {
  ae::Model model;
  ae::ModelMetadata metadata;
  const ae::Status loaded = ae::read_model(data, size, &model);
  const ae::Status described = ae::read_model_metadata(data, size, &metadata);
  require(loaded.is_ok() == described.is_ok(), "read_model and read_model_metadata agree");
  if (!loaded.is_ok()) {
    require(loaded.message() == described.message(), "the same file fails the same way");
    return;
  }

  const std::vector<uint8_t> written =
      ae::write_model(model, metadata, ae::TensorStorage::kFloat32);
  ae::Model again;
  ae::ModelMetadata metadata_again;
  const ae::Status reloaded = ae::read_model(written.data(), written.size(), &again);
  require(reloaded.is_ok(), "a loaded model, written back, loads: " + reloaded.message());
  require(ae::read_model_metadata(written.data(), written.size(), &metadata_again).is_ok() &&
              metadata_again == metadata,
          "metadata survives a round trip");
  require(ae::write_model(again, metadata, ae::TensorStorage::kFloat32) == written,
          "a float32 round trip is exact");
  for (ae::TensorStorage storage :
       {ae::TensorStorage::kFloat16, ae::TensorStorage::kInt8RowScaled}) {
    const std::vector<uint8_t> compact = ae::write_model(model, metadata, storage, 0);
    const ae::Status status = ae::read_model(compact.data(), compact.size(), &again);
    require(status.is_ok(), "a loaded model, written quantized (storage " +
                                std::to_string(static_cast<int>(storage)) +
                                "), loads: " + status.message());
  }
  check_runs(model);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  check_file(data, size);
  if (size >= 4) {
    std::vector<uint8_t> sealed(data, data + size);
    const uint32_t crc = crc32(sealed.data(), size - 4);
    for (size_t i = 0; i < 4; ++i) sealed[size - 4 + i] = static_cast<uint8_t>(crc >> (8 * i));
    check_file(sealed.data(), sealed.size());
  }
  return 0;
}
