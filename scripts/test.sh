#!/usr/bin/env bash
# Builds fuse (installing what is missing) and runs every test: the lit
# suite (FileCheck, diagnostics, CPU execution, the installed-package
# consumer, generated docs up to date) and the C++ unit tests (ctest).
# Prints both summaries and a closing "N passed, N failed" line.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" || exit 1
"$root/scripts/setup.sh" --target mlir-doc || exit 1

status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" | tee "$build/lit.log" || status=1
ctest --test-dir "$build" --output-on-failure >"$build/ctest.log" 2>&1 ||
  status=1
grep -v '^Test project\|^Internal ctest\|^ *Start\|Test *#' "$build/ctest.log"

count() { sed -n "s/$1/\\1/p" "$2" | head -n 1; }
lit_passed=$(count '^ *Passed *: *\([0-9]*\).*' "$build/lit.log")
lit_failed=$(count '^ *Failed *: *\([0-9]*\).*' "$build/lit.log")
unit_failed=$(count '.* \([0-9]*\) tests failed out of .*' "$build/ctest.log")
unit_total=$(count '.* tests failed out of \([0-9]*\).*' "$build/ctest.log")
passed=$((${lit_passed:-0} + ${unit_total:-0} - ${unit_failed:-0}))
failed=$((${lit_failed:-0} + ${unit_failed:-0}))
echo "fuse: $passed passed, $failed failed"
exit "$status"
