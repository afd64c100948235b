#!/usr/bin/env bash
# Every suite, in order of speed: a formatting check, native C++ tests, the same C++ tests inside
# WebAssembly (SIMD and scalar, run by Node), a short fuzzing run, the WASM module through its JS API in Node, then the
# page in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Formatting (clang-format for C++, prettier for JS, HTML, CSS and Markdown)"
git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run -Werror
npx prettier --check --log-level warn web wasm tests bench tools
echo "== C++ tests, native"
ctest --test-dir build/native --output-on-failure -j "$(nproc)"
for flavour in simd scalar; do
  echo "== C++ tests, WebAssembly ($flavour)"
  ctest --test-dir "build/wasm-$flavour" --output-on-failure
done
echo "== Fuzzing, smoke run (tools/fuzz/run.sh; full run: npm run fuzz)"
bash tools/fuzz/run.sh --smoke
echo "== Node and browser tests"
node --test --test-concurrency=1 tests/node/ tests/browser/
