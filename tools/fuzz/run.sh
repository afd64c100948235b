#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer) into
# build/fuzz and runs each one in turn, from its seeds in tools/fuzz/seeds/<name>/:
#   tokenizer  normalize_text + split_words + tokenize + hints        (tokenizer_fuzz.cpp)
#   weights    read_model + read_model_metadata, round trips, running  (weights_fuzz.cpp)
#   decoder    random small models, translate + score, Trace checks    (decoder_fuzz.cpp)
#
# Usage: tools/fuzz/run.sh [--smoke] [--runs N] [NAME...]
#        tools/fuzz/run.sh --make-seeds        rewrites tools/fuzz/seeds/weights/
#   (default)  1,000,000 executions each, random seed; new inputs kept in build/fuzz/corpus/
#   --smoke    10,000 executions each, fixed seed, nothing kept (part of tools/test.sh)
# One fuzzing process at a time: the machine is shared. A crash stops the run with the input saved
# as build/fuzz/artifacts/<name>-crash-*; replay it with build/fuzz/<name>_fuzz FILE, then make it
# a test in tests/cpp/safety_test.cpp (docs/reliability.md).
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=1000000
smoke=0
make_seeds=0
names=()
while (($#)); do
  case $1 in
    --smoke) smoke=1 runs=10000 ;;
    --runs) runs=$2; shift ;;
    --make-seeds) make_seeds=1 ;;
    tokenizer | weights | decoder) names+=("$1") ;;
    *) echo "fuzz: unknown argument $1 (--smoke, --runs N, --make-seeds, tokenizer|weights|decoder)" >&2; exit 2 ;;
  esac
  shift
done
((${#names[@]})) || names=(tokenizer weights decoder)

CXX=${FUZZ_CXX:-clang++-14}
if ! command -v "$CXX" >/dev/null; then
  echo "fuzz: $CXX not found (Debian: apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 1
fi
cmake -S tools/fuzz -B build/fuzz -DCMAKE_CXX_COMPILER="$CXX" >/dev/null
cmake --build build/fuzz -j "${JOBS:-$(nproc)}" >/dev/null

if ((make_seeds)); then
  rm -f tools/fuzz/seeds/weights/*.aem
  build/fuzz/make_weight_seeds tools/fuzz/seeds/weights
  ls -l tools/fuzz/seeds/weights
  exit 0
fi

mkdir -p build/fuzz/artifacts build/fuzz/logs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for name in "${names[@]}"; do
  if ((smoke)); then
    corpus=$scratch/$name seed=1 log=build/fuzz/logs/$name-smoke.log
  else
    # seed 0: libFuzzer picks one (and prints it).
    corpus=build/fuzz/corpus/$name seed=0 log=build/fuzz/logs/$name.log
  fi
  mkdir -p "$corpus"
  seeds=()
  [[ -d tools/fuzz/seeds/$name ]] && seeds=("tools/fuzz/seeds/$name")
  start=$SECONDS
  # New inputs go to the first directory only, so the committed seeds are never written to.
  # -timeout: an input needs milliseconds of CPU, but the limit is wall-clock time, and on a
  # machine shared with a higher-priority training run one has taken 72 s; only ten minutes
  # count as a hang.
  if ! "build/fuzz/${name}_fuzz" -runs="$runs" -seed="$seed" -timeout=600 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/artifacts/$name-" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz: $name FAILED after $((SECONDS - start)) s (log: $log)" >&2
    exit 1
  fi
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  echo "fuzz: $name ok: $executed executions in $((SECONDS - start)) s ($speed/s, peak RSS ${peak} MB," \
    "$(sed -n 's/^INFO: Seed: //p' "$log" | head -n 1 | sed 's/^/seed /'))"
done
