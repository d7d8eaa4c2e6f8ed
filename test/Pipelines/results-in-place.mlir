// With results-in-place, a public function takes a buffer per result after
// its arguments and returns nothing: a result it computes is built in that
// buffer (no allocation), a result that is an argument, a constant or a
// repeat is copied there. fuse-run (and the C API) compile this way; --check
// runs it against the interpreter.
// RUN: fuse-opt %s --hlo-lower-to-cpu="results-in-place min-parallel-bytes=0" | FileCheck %s
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=RESULTS

// CHECK-LABEL: llvm.func @main(
// CHECK-COUNT-35: %arg{{[0-9]+}}: {{!llvm.ptr|i64}}
// CHECK-SAME: ) {
// CHECK-NOT: llvm.call @malloc
// CHECK: llvm.call @main_kernel0(
// CHECK-COUNT-4: "llvm.intr.memcpy"
// CHECK-NOT: llvm.call @malloc
// CHECK: llvm.return
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @main_kernel0(
// CHECK: omp.parallel
// CHECK: llvm.fadd

// RESULTS-COUNT-5: @main result {{[0-4]}}: ok ({{[0-9]}} elements, exact)
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<2xf32>) {
  %sum = hlo.add %a, %b : tensor<4xf32>
  %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %sum, %sum, %a, %a, %c : tensor<4xf32>, tensor<4xf32>,
      tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}
