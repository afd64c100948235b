#!/usr/bin/env bash
# Builds every target from the same sources:
#   build/native       g++: core tests, trainer, evaluation, benchmarks
#   build/wasm-simd    emcc -msimd128: the module most browsers get      -> web/wasm/simd/
#   build/wasm-scalar  emcc without SIMD: fallback for older browsers    -> web/wasm/scalar/
#   build/wasm-assertions  the SIMD module with -sASSERTIONS=2, for the Node tests only
# Usage: tools/build.sh [native|wasm]...   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # Debian's emcc needs acorn from here
JOBS=${JOBS:-$(nproc)}
targets=("$@")
((${#targets[@]})) || targets=(native wasm)

build_native() {
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j "$JOBS"
}

build_wasm() {
  local flavour=$1 simd=$2
  emcmake cmake -S . -B "build/wasm-$flavour" -DCMAKE_BUILD_TYPE=Release -DAE_SIMD="$simd" \
    -DEigen3_DIR=/usr/share/eigen3/cmake >/dev/null
  cmake --build "build/wasm-$flavour" -j "$JOBS"
  mkdir -p "web/wasm/$flavour"
  cp "build/wasm-$flavour/attention.js" "build/wasm-$flavour/attention.wasm" "web/wasm/$flavour/"
}

# The SIMD module with -sASSERTIONS=2, for tests/node/assertions.test.mjs only (never served).
build_wasm_assertions() {
  emcmake cmake -S . -B build/wasm-assertions -DCMAKE_BUILD_TYPE=Release -DAE_SIMD=ON \
    -DAE_WASM_ASSERTIONS=ON -DAE_BUILD_TESTS=OFF -DEigen3_DIR=/usr/share/eigen3/cmake >/dev/null
  cmake --build build/wasm-assertions -j "$JOBS"
}

for target in "${targets[@]}"; do
  case $target in
    native) build_native ;;
    wasm)
      build_wasm simd ON
      build_wasm scalar OFF
      build_wasm_assertions
      ;;
    *) echo "build: unknown target $target (native|wasm)" >&2; exit 2 ;;
  esac
done
