// Reading and writing model files from the command-line tools.
#pragma once

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "weights_file.h"

namespace ae::tools {

inline std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline Model load_model(const std::string& path) {
  const std::vector<uint8_t> bytes = read_bytes(path);
  Model model;
  const Status status = read_model(bytes.data(), bytes.size(), &model);
  if (!status) throw std::runtime_error(path + ": " + status.message());
  return model;
}

// Writes through a temporary file and a rename, so a crash never leaves half a model behind.
inline void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp);
}

}  // namespace ae::tools
