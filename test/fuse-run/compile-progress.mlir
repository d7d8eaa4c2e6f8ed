// A compile that runs longer than --progress-after (2 s by default) says on
// stderr what it is doing, stage by stage, and how long it took; a shorter
// one says nothing.
// RUN: rm -rf %t.cache
// RUN: env FUSE_CACHE_DIR=%t.cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --progress-after=0 2>&1 >/dev/null | FileCheck %s
// RUN: env FUSE_CACHE_DIR=%t.cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --progress-after=0 2>&1 >/dev/null | FileCheck %s --check-prefix=HIT
// RUN: fuse-run %s --random-inputs=1 2>&1 >/dev/null | count 0
// The stage the quiet time ends in is reported first: with 0 s, the
// cache lookup.
// CHECK: fuse-run: compiling @main ({{[0-9.]+}} s so far): looking the program up in the compilation cache
// CHECK-NEXT: fuse-run: compiling @main ({{[0-9.]+}} s so far): lowering {{[0-9]+}} ops (cache miss)
// CHECK-NEXT: fuse-run: compiling @main ({{[0-9.]+}} s so far): LLVM: translating, optimizing and generating code for {{[0-9]+}} functions (the kernels and their callers; {{[0-9]+}} light kernels without the IR optimizer)
// CHECK-NEXT: fuse-run: compiling @main ({{[0-9.]+}} s so far): storing the code in the compilation cache
// CHECK-NEXT: fuse-run: compiling @main ({{[0-9.]+}} s so far): linking
// CHECK-NEXT: fuse-run: compiled @main in {{[0-9.]+}} s (cache miss, stored)
// HIT-NOT: lowering
// HIT: fuse-run: compiled @main in {{[0-9.]+}} s (cache hit)

func.func @main(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %t = hlo.tanh %p : tensor<64x16xf32>
  return %t : tensor<64x16xf32>
}
