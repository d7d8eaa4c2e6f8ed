#!/usr/bin/env bash
# Runs fuse's libFuzzer targets for a while (outside CI; docs/testing.md):
#   opt     MLIR text -> parse and verify -> fuse's pass pipelines
#   import  XLA HLO text -> the importer -> verify
# builds them in build-fuzz/ (FUSE_FUZZ=1 scripts/setup.sh), seeds each one
# from the test files, fuzzes the targets one after the other, niced, and
# prints a summary per target. Inputs that crash, time out or run out of
# memory are written to OUT/<target>/crashes/ (reproduce one with
# build-fuzz/bin/fuse-<target>-fuzzer FILE); the corpus grows in
# OUT/<target>/corpus/ from run to run. Exits 1 if a run found any.
#
#   bash scripts/fuzz.sh [--minutes N] [--target opt|import|all] [--out DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build-fuzz}
minutes=10
targets=(opt import)
out=${TMPDIR:-/tmp}/fuse-fuzz

usage() {
  echo "usage: $0 [--minutes N] [--target opt|import|all] [--out DIR]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
  --minutes) minutes=${2:?}; shift 2 ;;
  --target)
    case ${2:-} in
    opt | import) targets=("$2") ;;
    all) targets=(opt import) ;;
    *) usage ;;
    esac
    shift 2
    ;;
  --out) out=${2:?}; shift 2 ;;
  *) usage ;;
  esac
done

FUSE_FUZZ=1 FUSE_BUILD_DIR="$build" "$root/scripts/setup.sh" \
  --target fuse-opt-fuzzer fuse-import-fuzzer || exit 1
source "$root/scripts/sanitizer-env.sh"

# Each test file, split at the `// -----` lines of -split-input-file.
seed_opt() {
  find "$root/test" -name '*.mlir' | while read -r file; do
    local name=${file#"$root/test/"}
    awk -v prefix="$1/${name//\//_}" '
      /^\/\/ -----/ { close(prefix "." part + 0); part++; next }
      { print > (prefix "." part + 0) }' "$file"
  done
}

seed_import() {
  find "$root/test" "$root/examples" -name '*.hlo' | while read -r file; do
    local name=${file#"$root/"}
    cp "$file" "$1/${name//\//_}"
  done
}

# A field of libFuzzer's progress line "#RUNS: cov: N ft: N corp: N exec/s: N
# oom/timeout/crash: N/N/N time: Ns job: N dft_time: N".
field() { sed -n "s|$2|\\1|p" <<<"$1"; }

status=0
for target in "${targets[@]}"; do
  dir=$out/$target
  rm -rf "$dir/seeds"
  mkdir -p "$dir/seeds" "$dir/corpus" "$dir/crashes"
  "seed_$target" "$dir/seeds"
  # Fork mode carries on after a crash, timeout or OOM, keeping the input.
  nice -n 19 "$build/bin/fuse-$target-fuzzer" -fork=1 -ignore_crashes=1 \
    -ignore_timeouts=1 -ignore_ooms=1 -max_total_time=$((minutes * 60)) \
    -timeout=60 -rss_limit_mb=4096 -artifact_prefix="$dir/crashes/" \
    "$dir/corpus" "$dir/seeds" >"$dir/fuzz.log" 2>&1 || true
  progress=$(grep '^#[0-9]*: cov:' "$dir/fuzz.log" | tail -n 1)
  # Counted from the files: libFuzzer's counters miss seeds that crash.
  # Slow inputs (slow-unit-*) are kept too, but are not findings.
  findings=$(find "$dir/crashes" -type f -newer "$dir/seeds" \
    ! -name 'slow-unit-*' | sort)
  echo "fuse fuzz $target:" \
    "$(field "$progress" '^#\([0-9]*\):.*') runs in" \
    "$(field "$progress" '.* time: \([0-9]*\)s.*') s," \
    "coverage $(field "$progress" '.* cov: \([0-9]*\).*')," \
    "$(grep -c . <<<"$findings") findings (crashes, leaks, timeouts, OOMs)" \
    "(log: $dir/fuzz.log)"
  if [ -n "$findings" ]; then
    sed 's/^/  /' <<<"$findings"
    status=1
  fi
done
exit "$status"
