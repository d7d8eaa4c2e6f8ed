// FUSE_CPU_MAX_ISA caps the instruction sets fuse compiles for, as XLA's
// --xla_cpu_max_isa does: the product's tiles and the code generator use
// no more than the cap, and every cap computes what the interpreter does.
// RUN: env FUSE_CPU_MAX_ISA=AVX512 fuse-run %s --random-inputs=1 --check --no-cache | FileCheck %s --check-prefix=OK
// RUN: env FUSE_CPU_MAX_ISA=AVX2 fuse-run %s --random-inputs=1 --check --no-cache | FileCheck %s --check-prefix=OK
// RUN: env FUSE_CPU_MAX_ISA=avx fuse-run %s --random-inputs=1 --check --no-cache | FileCheck %s --check-prefix=OK
// RUN: env FUSE_CPU_MAX_ISA=SSE4_2 fuse-run %s --random-inputs=1 --check --no-cache | FileCheck %s --check-prefix=OK
// OK: @main result 0: ok

// The cap is part of the compilation cache's key: code for one cap is
// never loaded for another.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env FUSE_CACHE_DIR=%t FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 | FileCheck %s --check-prefix=STORED
// RUN: env FUSE_CACHE_DIR=%t FUSE_CACHE_MIN_COMPILE_SECONDS=0 FUSE_CPU_MAX_ISA=SSE4_2 fuse-run %s --random-inputs=1 --bench=1 | FileCheck %s --check-prefix=STORED
// RUN: ls %t | count 2
// RUN: env FUSE_CACHE_DIR=%t FUSE_CACHE_MIN_COMPILE_SECONDS=0 FUSE_CPU_MAX_ISA=SSE4_2 fuse-run %s --random-inputs=1 --bench=1 | FileCheck %s --check-prefix=HIT
// STORED: (cache miss, stored)
// HIT: (cache hit)

// RUN: env FUSE_CPU_MAX_ISA=AVX3 not fuse-run %s --random-inputs=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: fuse-run: error: JIT compilation failed: FUSE_CPU_MAX_ISA is 'AVX3': expected SSE4_2, AVX, AVX2 or AVX512

func.func @main(%x: tensor<96x80xf32>, %w: tensor<80x72xf32>, %b: tensor<72xf32>) -> tensor<96x72xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<96x80xf32>, tensor<80x72xf32>) -> tensor<96x72xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<72xf32>) -> tensor<96x72xf32>
  %s = hlo.add %p, %bb : tensor<96x72xf32>
  %t = hlo.tanh %s : tensor<96x72xf32>
  return %t : tensor<96x72xf32>
}
