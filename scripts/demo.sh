#!/usr/bin/env bash
# Builds fuse (installing what is missing) and shows the running example
# mean(x*x*3 + y) before and after fuse's passes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" --target fuse-opt

example=$root/examples/running-example.mlir
echo "=== input: $example"
grep -v '^//' "$example"
echo
echo "=== fuse-opt --canonicalize"
"$build/bin/fuse-opt" --canonicalize "$example"
