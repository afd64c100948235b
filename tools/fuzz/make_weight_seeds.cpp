// Writes the weights fuzzer's seeds: tiny valid model files in every storage type, with and
// without attention and metadata, so that fuzzing starts from files that load and mutates every
// section of the format (docs/weights-format.md) from there.
//   make_weight_seeds OUT_DIR          (tools/fuzz/run.sh --make-seeds)
#include <cstdio>
#include <string>
#include <vector>

#include "weights_file.h"

namespace {

ae::Hyper tiny_hyper(bool attention) {
  ae::Hyper h;
  h.src_vocab = 6;
  h.tgt_vocab = 5;
  h.embed = 3;
  h.enc_hidden = 2;
  h.dec_hidden = 3;
  h.attn_dim = attention ? 2 : 0;
  h.out_hidden = 2;
  h.attention = attention;
  h.max_src_len = 8;
  h.max_tgt_len = 8;
  return h;
}

bool write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return false;
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  return std::fclose(file) == 0 && written;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_weight_seeds OUT_DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  const struct {
    const char* name;
    ae::TensorStorage storage;
  } storages[] = {{"f32", ae::TensorStorage::kFloat32},
                  {"f16", ae::TensorStorage::kFloat16},
                  {"int8", ae::TensorStorage::kInt8RowScaled}};
  const ae::ModelMetadata metadata = {{"name", "tiny fuzz seed"}, {"corpus", "none"}};
  for (bool attention : {true, false}) {
    const ae::Model model = ae::random_model(tiny_hyper(attention), attention ? 1 : 2, 0.5f);
    for (const auto& s : storages) {
      // min_quantized_elements = 0: even these tiny matrices are stored as asked.
      const std::string stem = dir + "/" + (attention ? "attention-" : "baseline-") + s.name;
      if (!write_file(stem + ".aem", ae::write_model(model, metadata, s.storage, 0)) ||
          !write_file(stem + "-no-metadata.aem", ae::write_model(model, {}, s.storage, 0))) {
        std::fprintf(stderr, "make_weight_seeds: cannot write %s\n", stem.c_str());
        return 1;
      }
    }
  }
  return 0;
}
