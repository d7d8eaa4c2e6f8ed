// --compile-only compiles the entries as a run would, through the
// persistent compilation cache, prints the compile time and runs nothing:
// it times a compile, or fills the cache before the runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: fuse-run %s --compile-only --no-cache | FileCheck %s --check-prefix=TEXT
// TEXT: compiled @main in {{[0-9]+\.[0-9]}} ms (cache off)
// TEXT-NOT: result

// Every public function with --all-entries; JSON alone on stdout.
// RUN: fuse-run %s --compile-only --all-entries --json --no-cache 2>/dev/null | FileCheck %s --check-prefix=JSON
// JSON: {"entries":["main","other"],"compile_ms":{{[0-9]+\.[0-9][0-9][0-9]}},"cache":"off"}
// JSON-NOT: {{.}}

// The cache it fills serves the run after it, which computes what the
// interpreter does.
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --compile-only | FileCheck %s --check-prefix=STORED
// STORED: compiled @main in {{.*}} ms (cache miss, stored)
// RUN: ls %t/cache | count 1
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --compile-only | FileCheck %s --check-prefix=HIT
// HIT: compiled @main in {{.*}} ms (cache hit)
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check | FileCheck %s --check-prefix=AFTER
// AFTER: @main result 0: ok
// AFTER: @main: compile {{.*}} (cache hit)

// Options that need a run are refused, each with its reason.
// RUN: not fuse-run %s --compile-only --check 2>&1 | FileCheck %s --check-prefix=CHECK-CLASH
// CHECK-CLASH: fuse-run: error: --compile-only runs nothing to interpret or check
// RUN: not fuse-run %s --compile-only --bench=3 2>&1 | FileCheck %s --check-prefix=BENCH-CLASH
// BENCH-CLASH: fuse-run: error: --compile-only runs nothing to time or measure
// RUN: not fuse-run %s --compile-only --random-inputs=1 2>&1 | FileCheck %s --check-prefix=INPUT-CLASH
// INPUT-CLASH: fuse-run: error: --compile-only reads no inputs and writes no results
// RUN: not fuse-run %s --compile-only --target=cuda 2>&1 | FileCheck %s --check-prefix=CUDA-CLASH
// CUDA-CLASH: fuse-run: error: --compile-only compiles for the CPU; --emit-executable compiles for the GPU ahead of time

func.func @main(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %t = hlo.tanh %p : tensor<64x16xf32>
  return %t : tensor<64x16xf32>
}

func.func @other(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = hlo.exponential %x : tensor<8xf32>
  return %y : tensor<8xf32>
}
