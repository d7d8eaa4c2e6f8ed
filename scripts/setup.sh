#!/usr/bin/env bash
# Installs what fuse needs on Debian 12 (LLVM/MLIR 22, CMake, Ninja), then
# configures and builds it incrementally in build/. Quiet on success; on a
# failure it prints the log of the failing step.
#
# FUSE_SANITIZE=1 builds with ASan and UBSan in build-asan/, FUSE_FUZZ=1 the
# libFuzzer targets in build-fuzz/ (docs/testing.md); both need the clang
# sanitizer runtimes.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packages=(cmake ninja-build llvm-22-dev llvm-22-tools libmlir-22-dev
          mlir-22-tools clang-22 lld-22 libomp-22-dev libgtest-dev
          libopenmpi-dev openmpi-bin libopenblas0-pthread)
option=
default_build=$root/build
if [ "${FUSE_FUZZ:-0}" = 1 ]; then
  option=FUSE_ENABLE_FUZZERS
  default_build=$root/build-fuzz
elif [ "${FUSE_SANITIZE:-0}" = 1 ]; then
  option=FUSE_ENABLE_SANITIZERS
  default_build=$root/build-asan
fi
options=()
if [ -n "$option" ]; then
  options=("-D$option=ON")
  packages+=(libclang-rt-22-dev)
fi
build=${FUSE_BUILD_DIR:-$default_build}
llvm=/usr/lib/llvm-22
mkdir -p "$build"
log=$build/setup.log
: >"$log"

# Runs a step quietly; shows its output only if it fails.
step() {
  if ! "$@" >>"$log" 2>&1; then
    echo "fuse setup: '$*' failed; its output:" >&2
    tail -n 60 "$log" >&2
    exit 1
  fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuse setup: installing ${missing[*]}"
  step as_root apt-get update
  step as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y \
    --no-install-recommends "${missing[@]}"
fi

# A build directory made without the option asked for is configured again.
if [ ! -f "$build/build.ninja" ] || { [ -n "$option" ] &&
   ! grep -qx "$option:BOOL=ON" "$build/CMakeCache.txt"; }; then
  step cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" \
    -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" "${options[@]}"
fi
step cmake --build "$build" "$@"
