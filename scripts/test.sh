#!/usr/bin/env bash
# Builds fuse (installing what is missing) and runs every test: the lit
# suite (FileCheck, diagnostics, the installed-package consumer, generated
# docs up to date). Prints lit's summary.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
"$root/scripts/setup.sh" --target mlir-doc
/usr/lib/llvm-22/bin/lit -sv "$build/test"
