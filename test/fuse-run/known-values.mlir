// Exact results of known inputs, compiled and interpreted: the inputs come
// from .npy files that the interpreter writes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: fuse-run %S/Inputs/constants.mlir --interpret --outputs=%t
// RUN: fuse-run %s --inputs=%t/result0.npy,%t/result1.npy | FileCheck %s
// RUN: fuse-run %s --inputs=%t/result0.npy,%t/result1.npy --interpret | FileCheck %s

// CHECK:      @main result 0: tensor<2x3xf32>
// CHECK-NEXT: {{\[}}[3.75, 2, 0.11],
// CHECK-NEXT:  [1e+20, 0, 12]]
// CHECK-NEXT: @main result 1: tensor<3xi32>
// CHECK-NEXT: [3, -3, 2]
// CHECK-NEXT: @main result 2: tensor<3xi1>
// CHECK-NEXT: [true, false, true]
func.func @main(%x: tensor<2x3xf32>, %k: tensor<3xi32>)
    -> (tensor<2x3xf32>, tensor<3xi32>, tensor<3xi1>) {
  %0 = hlo.multiply %x, %x : tensor<2x3xf32>
  %1 = hlo.add %0, %x : tensor<2x3xf32>
  %two = hlo.constant dense<2> : tensor<3xi32>
  %2 = hlo.divide %k, %two : tensor<3xi32>
  %zero = hlo.constant dense<0> : tensor<3xi32>
  %3 = hlo.compare GT, %k, %zero : tensor<3xi32>
  return %1, %2, %3 : tensor<2x3xf32>, tensor<3xi32>, tensor<3xi1>
}
