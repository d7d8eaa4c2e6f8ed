// The orders of hlo.compare on inputs that tell them apart, compiled and
// interpreted, against the values IEEE-754 and two's complement define.
// RUN: rm -rf %t && mkdir -p %t
// RUN: fuse-run %S/Inputs/orders.mlir --interpret --outputs=%t
// RUN: fuse-run %s --inputs=%t/result0.npy,%t/result1.npy,%t/result2.npy,%t/result3.npy | FileCheck %s
// RUN: fuse-run %s --inputs=%t/result0.npy,%t/result1.npy,%t/result2.npy,%t/result3.npy --interpret | FileCheck %s
// RUN: fuse-run %s --inputs=%t/result0.npy,%t/result1.npy,%t/result2.npy,%t/result3.npy --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s

// a = [-0, 0, nan, -nan, -inf, 1, nan, -1]
// b = [0, -0, inf, -inf, -nan, nan, nan, -1]
// CHECK:      @main result 0: tensor<8xi1>
// CHECK-NEXT: [true, false, false, true, false, true, false, false]
// CHECK-NEXT: @main result 1: tensor<8xi1>
// CHECK-NEXT: [false, false, false, false, false, false, true, true]
// CHECK-NEXT: @main result 2: tensor<8xi1>
// CHECK-NEXT: [false, true, true, false, true, false, false, false]
// CHECK-NEXT: @main result 3: tensor<8xi1>
// CHECK-NEXT: [true, true, false, false, false, false, false, true]
// x = [-1, 1, 0, INT_MIN], y = [1, -1, 0, INT_MAX]
// CHECK-NEXT: @main result 4: tensor<4xi1>
// CHECK-NEXT: [false, true, false, false]
// CHECK-NEXT: @main result 5: tensor<4xi1>
// CHECK-NEXT: [true, false, false, true]
// CHECK-NEXT: @main result 6: tensor<4xi1>
// CHECK-NEXT: [false, true, true, false]
func.func @main(%a: tensor<8xf32>, %b: tensor<8xf32>, %x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<8xf32>
  %eq = hlo.compare EQ, %a, %b, TOTALORDER : tensor<8xf32>
  %gt = hlo.compare GT, %a, %b, TOTALORDER : tensor<8xf32>
  %ieee = hlo.compare EQ, %a, %b : tensor<8xf32>
  %ult = hlo.compare LT, %x, %y, UNSIGNED : tensor<4xi32>
  %slt = hlo.compare LT, %x, %y, SIGNED : tensor<4xi32>
  %uge = hlo.compare GE, %y, %x, UNSIGNED : tensor<4xi32>
  return %lt, %eq, %gt, %ieee, %ult, %slt, %uge : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
