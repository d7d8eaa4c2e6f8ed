// Printed results are summarized past --print-limit, as NumPy does.
// RUN: fuse-run %s --random-inputs=1 --interpret --print-limit=10 | FileCheck %s
// CHECK:      @main result 0: tensor<8x8xi32>
// CHECK-NEXT: {{\[}}[-7, -1, -4, ..., 0, -5, -2],
// CHECK-NEXT:  [4, 7, 8, ..., -7, -1, -5],
// CHECK-NEXT:  [-1, 8, -4, ..., -8, 0, -8],
// CHECK-NEXT:  ...,
// CHECK-NEXT:  [-5, -3, -8, ..., -5, 4, 5],
// CHECK-NEXT:  [-3, 3, -5, ..., 7, 0, 3],
// CHECK-NEXT:  [-7, 2, 6, ..., -3, -8, -5]]

// --mlir-print-ir-after-all shows every pass of the compile pipeline.
// RUN: fuse-run %s --random-inputs=1 --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=IR
// IR: IR Dump After {{.*}}(convert-hlo-to-linalg)
// IR: linalg.generic
// IR: IR Dump After {{.*}}(fuse-codegen-bufferize-in-parallel)
// IR: IR Dump After {{.*}}(fuse-codegen-convert-to-llvm-in-parallel)
// IR: llvm.func @_mlir_ciface_main

// --mlir-print-ir-before and -after name passes as fuse-opt does: fuse's
// own and upstream's. Only the named pass's dumps are printed.
// RUN: fuse-run %s --random-inputs=1 --mlir-print-ir-before=convert-hlo-to-linalg --mlir-print-ir-after=fuse-codegen-bufferize-in-parallel 2>&1 >/dev/null | FileCheck %s --check-prefix=NAMED
// NAMED-NOT:  IR Dump
// NAMED:      IR Dump Before {{.*}}(convert-hlo-to-linalg)
// NAMED-NEXT: module
// NAMED-NEXT: func.func @main
// NAMED-NEXT: hlo.negate
// NAMED-NOT:  IR Dump
// NAMED:      IR Dump After {{.*}}(fuse-codegen-bufferize-in-parallel)
// NAMED:      memref.alloc
// NAMED-NOT:  IR Dump

// --mlir-timing times the passes, then LLVM's stages, which follow them.
// RUN: fuse-run %s --random-inputs=1 --mlir-timing --mlir-timing-display=tree 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: ConvertHLOToLinalgPass
// TIMING: ConvertToLLVMInParallelPass
// TIMING: {{[0-9.]+}} ({{.*}}%)  LLVM
// TIMING-NEXT: {{[0-9.]+}} ({{.*}}%)    Translate to LLVM IR
// TIMING-NEXT: {{[0-9.]+}} ({{.*}}%)    Optimize and generate code
// TIMING-NEXT: {{[0-9.]+}} ({{.*}}%)    Link and initialize
// TIMING: Total

func.func @main(%x: tensor<8x8xi32>) -> tensor<8x8xi32> {
  %0 = hlo.negate %x : tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
