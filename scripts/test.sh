#!/usr/bin/env bash
# Builds fuse (installing what is missing) and runs every test: the lit
# suite (FileCheck, diagnostics, CPU execution, the installed-package
# consumer, generated docs up to date). Prints lit's summary and a closing
# "N passed, N failed" line.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
"$root/scripts/setup.sh" --target mlir-doc

status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" | tee "$build/lit.log" || status=$?
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$build/lit.log")
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$build/lit.log")
echo "lit: ${passed:-0} passed, ${failed:-0} failed"
exit "$status"
