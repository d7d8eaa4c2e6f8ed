# Sourced by test.sh (FUSE_SANITIZE=1) and fuzz.sh: how the sanitizer
# runtimes of an instrumented build report (docs/testing.md).
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer
# A report aborts: `not tool ...` in a lit test then fails as on a crash,
# where exit status 1 would pass it.
export ASAN_OPTIONS=abort_on_error=1
export UBSAN_OPTIONS=abort_on_error=1:print_stacktrace=1
# Python is not instrumented: the ASan runtime must come first into the
# process that loads libFuseCAPI.so, and Python's own leaks at exit are not
# findings.
fuse_python_asan_env=(
  LD_PRELOAD="$(/usr/lib/llvm-22/bin/clang -print-file-name=libclang_rt.asan-x86_64.so)"
  ASAN_OPTIONS=abort_on_error=1:detect_leaks=0
)
