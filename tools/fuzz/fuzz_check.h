// How a fuzzer reports a broken promise: a message, then abort(), which libFuzzer treats like a
// sanitizer report (it stops, saves the input as crash-<sha1> and prints how to replay it).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ae::fuzz {

inline void require(bool condition, const std::string& what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

}  // namespace ae::fuzz
