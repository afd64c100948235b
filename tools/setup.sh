#!/usr/bin/env bash
# One idempotent set-up for `npm start` and `npm test`: system packages, then npm packages.
# As root it installs what is missing with apt-get; as another user it names the packages to
# install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

# command-or-file  package
REQUIRED=(
  "cmake cmake"
  "g++ g++"
  "clang clang"
  "clang-format clang-format"
  "emcc emscripten"
  "/usr/include/eigen3/Eigen/Core libeigen3-dev"
  "/usr/src/googletest/CMakeLists.txt googletest"
  "/usr/include/gtest/gtest.h libgtest-dev"
  "/usr/bin/chromium chromium"
  "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a libclang-rt-14-dev"
  "node nodejs"
)

missing=()
for entry in "${REQUIRED[@]}"; do
  probe=${entry% *}
  package=${entry#* }
  if [[ $probe == /* ]]; then
    [[ -e $probe ]] || missing+=("$package")
  else
    command -v "$probe" >/dev/null 2>&1 || missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "setup: installing ${missing[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  else
    echo "setup: missing Debian packages. Please run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# npm packages, pinned by package-lock.json; reinstall only when the lockfile changed.
stamp=node_modules/.lock-stamp
if [[ ! -f $stamp ]] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
