// The operands of a concatenation that are computed where it is (not by a
// call) are computed into its result: `eliminate-empty-tensors` gives each
// producer the result's slice as its destination, so no operand gets a
// buffer of its own and no slice is copied. An operand that is an argument
// is copied into its slice. --check runs the program against the
// interpreter.
// RUN: fuse-opt %s --hlo-lower-to-cpu="results-in-place" | FileCheck %s
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=RESULTS

// CHECK-LABEL: llvm.func @main(
// CHECK-NOT: llvm.call @malloc
// CHECK-COUNT-3: llvm.call @main_kernel{{[0-9]}}(
// CHECK-NOT: llvm.call @malloc
// CHECK: llvm.return

// RESULTS: @main result 0: ok (32768 elements,
func.func @main(%a: tensor<256x64xf32>, %b: tensor<256x32xf32>)
    -> tensor<256x128xf32> {
  %e = hlo.exponential %a : tensor<256x64xf32>
  %n = hlo.negate %b : tensor<256x32xf32>
  %c = hlo.concatenate dim = 1, %n, %e, %b
      : (tensor<256x32xf32>, tensor<256x64xf32>, tensor<256x32xf32>)
      -> tensor<256x128xf32>
  return %c : tensor<256x128xf32>
}
