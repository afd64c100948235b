// The little JSON the command-line tools write.
#pragma once

#include <cstdio>
#include <string>

namespace ae::tools {

// s as a JSON string literal (quotes, backslashes and control characters escaped; UTF-8 kept).
inline std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace ae::tools
