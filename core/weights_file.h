// Reading and writing the model file (format: docs/weights-format.md).
//
// A model file is self-describing: magic, version, hyper-parameters, optional metadata, both
// vocabularies, every named tensor with its shape and storage type (float32, float16 or int8 with
// per-row scales), and a CRC-32 of everything before it. Reading validates all of it and never
// crashes on bad bytes: every problem becomes a Status with a message a user can act on.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model.h"
#include "status.h"

namespace ae {

enum class TensorStorage : uint8_t { kFloat32 = 0, kFloat16 = 1, kInt8RowScaled = 2 };

// Free-form key/value strings (e.g. "name", "trained", "corpus"), in file order. They describe the
// model to people and never change what it computes.
using ModelMetadata = std::vector<std::pair<std::string, std::string>>;

// On failure *out is left untouched. Quantized tensors come back dequantized to float32.
Status read_model(const uint8_t* bytes, size_t size, Model* out);

// The metadata of a model file. The whole file is validated exactly as by read_model, so a file
// whose metadata can be shown is also a file that loads. On failure *out is left untouched.
Status read_model_metadata(const uint8_t* bytes, size_t size, ModelMetadata* out);

// Matrices with fewer than `min_quantized_elements` entries are always stored as float32, and so
// are one-column tensors (biases, v_a) of any size. The model is written as given; one that
// read_model would reject (shapes not matching its hyper-parameters, non-finite weights, an empty
// metadata key, a word longer than 65535 bytes...) gives a file that read_model rejects too.
std::vector<uint8_t> write_model(const Model& model, TensorStorage storage,
                                 size_t min_quantized_elements = 4096);
std::vector<uint8_t> write_model(const Model& model, const ModelMetadata& metadata,
                                 TensorStorage storage, size_t min_quantized_elements = 4096);

}  // namespace ae
