#!/usr/bin/env bash
# Builds fuse (installing what is missing) and shows the running example
# mean(x*x*3 + y): the program, what --fuse-elementwise makes of it, and
# both forms compiled for the CPU, checked against the interpreter and timed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" --target fuse-opt fuse-run

example=$root/examples/running-example.mlir
fused=$(mktemp --suffix=.mlir)
trap 'rm -f "$fused"' EXIT

echo "=== input: $example"
grep -v '^//' "$example"
echo
echo "=== fuse-opt --fuse-elementwise=report"
"$build/bin/fuse-opt" --fuse-elementwise=report "$example" -o "$fused"
grep -v '^//' "$fused"
for form in unfused fused; do
  file=$example
  [ "$form" = fused ] && file=$fused
  echo
  echo "=== $form, compiled for the CPU: checked against the interpreter, then timed"
  "$build/bin/fuse-run" "$file" --entry=main --random-inputs=1 --check
  "$build/bin/fuse-run" "$file" --entry=main --random-inputs=1 --bench=5 --json
done
