#!/usr/bin/env bash
# Builds fuse (installing what is missing) and runs every test: the lit
# suite (FileCheck, diagnostics, CPU execution, the C API, the
# installed-package consumer, generated docs up to date), the C++ unit tests
# (ctest) and the Python package's pytest suite (test/python, on the wheel
# installed in build/venv). Prints the summaries and a closing
# "N passed, N failed" line.
#
# FUSE_SANITIZE=1 does the same with fuse built with ASan and UBSan in
# build-asan/ (docs/testing.md): a sanitizer report fails its test.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python_env=()
if [ "${FUSE_SANITIZE:-0}" = 1 ]; then
  export FUSE_BUILD_DIR=${FUSE_BUILD_DIR:-$root/build-asan}
  source "$root/scripts/sanitizer-env.sh"
  python_env=("${fuse_python_asan_env[@]}")
fi
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" || exit 1
"$root/scripts/setup.sh" --target mlir-doc || exit 1

status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" | tee "$build/lit.log" || status=1
ctest --test-dir "$build" --output-on-failure >"$build/ctest.log" 2>&1 ||
  status=1
grep -v '^Test project\|^Internal ctest\|^ *Start\|Test *#' "$build/ctest.log"
if python=$("$root/scripts/python-env.sh" | tail -n 1); then
  (cd "$root" && env "${python_env[@]}" "$python" -m pytest -q -rs \
    -p no:cacheprovider test/python) \
    >"$build/pytest.log" 2>&1 || status=1
  grep -v '^[.sxFE]*\( *\[ *[0-9]*%\]\)\?$' "$build/pytest.log"
else
  echo "pytest: 1 failed (the Python environment could not be made)" \
    >"$build/pytest.log"
  status=1
fi

count() { sed -n "s/$1/\\1/p" "$2" | head -n 1; }
lit_passed=$(count '^ *Passed *: *\([0-9]*\).*' "$build/lit.log")
lit_failed=$(count '^ *Failed *: *\([0-9]*\).*' "$build/lit.log")
unit_failed=$(count '.* \([0-9]*\) tests failed out of .*' "$build/ctest.log")
unit_total=$(count '.* tests failed out of \([0-9]*\).*' "$build/ctest.log")
# pytest's closing line: "3 failed, 80 passed, 1 error in 9.1s".
py_count() { grep -o "[0-9]* $1" "$build/pytest.log" | tail -n 1 | cut -d' ' -f1; }
py_passed=$(py_count passed)
py_failed=$(py_count failed)
py_errors=$(py_count error)
passed=$((${lit_passed:-0} + ${unit_total:-0} - ${unit_failed:-0} +
  ${py_passed:-0}))
failed=$((${lit_failed:-0} + ${unit_failed:-0} + ${py_failed:-0} +
  ${py_errors:-0}))
# GPU execution tests need the NVIDIA driver; lit marks them UNSUPPORTED.
if ! grep -q "libcuda.so.1" <(ldconfig -p 2>/dev/null); then
  echo "no GPU: the GPU execution tests were skipped (no libcuda.so.1)"
fi
echo "fuse: $passed passed, $failed failed"
exit "$status"
