// Results that alias an argument, each other or a constant: the runner
// copies each out and frees what the program allocated once.
// RUN: fuse-run %s --random-inputs=1 --interpret | FileCheck %s --check-prefix=VALUES
// RUN: fuse-run %s --random-inputs=1 | FileCheck %s --check-prefix=VALUES
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=CHECK

// VALUES:      @main result 0: tensor<4xf32>
// VALUES-NEXT: [2.6123507, 0.34172642, 1.5078909, -0.58935827]
// VALUES-NEXT: @main result 1: tensor<4xf32>
// VALUES-NEXT: [2.6123507, 0.34172642, 1.5078909, -0.58935827]
// VALUES-NEXT: @main result 2: tensor<3xi32>
// VALUES-NEXT: [1, 2, 3]

// CHECK: @main result 0: ok (4 elements, exact)
// CHECK: @main result 1: ok (4 elements, exact)
// CHECK: @main result 2: ok (3 elements, exact)
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xi32>) {
  %c = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  return %x, %x, %c : tensor<4xf32>, tensor<4xf32>, tensor<3xi32>
}
