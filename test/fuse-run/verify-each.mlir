// The compile verifies the IR once, after the last pass; --verify-each
// verifies it after every pass, as fuse-opt does, and so compiles without
// the compilation cache, whose hit would run no pass.
// RUN: rm -rf %t.cache
// RUN: env FUSE_CACHE_DIR=%t.cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --check --progress-after=0 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: env FUSE_CACHE_DIR=%t.cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --check --progress-after=0 --verify-each 2>&1 | FileCheck %s --check-prefix=EACH
// RUN: fuse-run --help | FileCheck %s --check-prefix=HELP

// ONCE: compiled @main in {{[0-9.]+}} s (cache miss, stored)
// ONCE: @main result 0: ok
// EACH: lowering {{[0-9]+}} ops (cache off)
// EACH: compiled @main in {{[0-9.]+}} s (cache off)
// EACH: @main result 0: ok
// HELP: --verify-each

func.func @main(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %t = hlo.tanh %p : tensor<64x16xf32>
  return %t : tensor<64x16xf32>
}
