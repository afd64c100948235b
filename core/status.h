// Error reporting without exceptions.
//
// The core is compiled to WebAssembly without C++ exception support (smaller, faster), so every
// fallible operation returns a Status (or fills an out-parameter and returns a Status). A Status
// carries a human-readable message that the page shows as-is.
#pragma once

#include <string>
#include <utility>

namespace ae {

class Status {
 public:
  Status() = default;
  static Status ok() { return Status(); }
  static Status error(std::string message) { return Status(std::move(message)); }

  bool is_ok() const { return message_.empty(); }
  explicit operator bool() const { return is_ok(); }
  const std::string& message() const { return message_; }

 private:
  explicit Status(std::string message) : message_(std::move(message)) {
    if (message_.empty()) message_ = "unknown error";
  }
  std::string message_;
};

}  // namespace ae
