#!/usr/bin/env bash
# `npm run bench` (after tools/setup.sh and tools/build.sh): builds the benchmark programs, picks
# the model, and runs bench/run.mjs, which times everything in one invocation and writes the
# tables into docs/benchmarks.md.
#   bench/run.sh [--quick] [--only kernels,decode,boundary,page]
# Build directories (only the ae_bench target is built in each):
#   build/bench-sse          g++ -O3, default x86-64 target: SSE2, the 128-bit native build
#   build/bench-native       g++ -O3 -march=native
#   build/bench-wasm-simd    emcc -O3 -msimd128
#   build/bench-wasm-scalar  emcc -O3 without SIMD
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # Debian's emcc needs acorn from here
JOBS=${JOBS:-2}

configure_native() {
  local dir=$1
  shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DAE_BUILD_TESTS=OFF -DAE_BUILD_BENCH=ON "$@" >/dev/null
  cmake --build "$dir" --target ae_bench -j "$JOBS" >&2
}
configure_wasm() {
  local dir=$1
  shift
  emcmake cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DAE_BUILD_TESTS=OFF -DAE_BUILD_BENCH=ON \
    -DEigen3_DIR=/usr/share/eigen3/cmake "$@" >/dev/null
  cmake --build "$dir" --target ae_bench -j "$JOBS" >&2
}

echo "== building the benchmark programs" >&2
configure_native build/bench-sse -DAE_NATIVE_ARCH=OFF
# GCC 12 warns falsely inside its own avx512fintrin.h when Eigen (used by the core's training
# code) is compiled for AVX-512 (GCC bug 105593, fixed in GCC 13); nothing of ours is involved.
configure_native build/bench-native -DAE_NATIVE_ARCH=ON -DCMAKE_CXX_FLAGS=-Wno-maybe-uninitialized
configure_wasm build/bench-wasm-simd -DAE_SIMD=ON
configure_wasm build/bench-wasm-scalar -DAE_SIMD=OFF

# The shipped model when it exists, else a random model of the same shapes.
MODEL=${BENCH_MODEL:-web/models/fr-en-attention.aem}
if [[ ! -f $MODEL ]]; then
  MODEL=build/bench-random-model.aem
  if [[ ! -f $MODEL ]]; then
    [[ -x build/native/random_model ]] || bash tools/build.sh native >&2
    build/native/random_model "$MODEL" --src-vocab 1500 --tgt-vocab 1200 --embed 48 \
      --enc-hidden 64 --dec-hidden 128 --attn-dim 64 --out-hidden 128 --max-tgt-len 64 --scale 0.1
  fi
fi

exec node bench/run.mjs --model "$MODEL" "$@"
