// Random inputs are the same on every machine: input i draws from
// xoshiro256** seeded with the seed and i (docs/fuse-run.md). The values
// below agree with an independent Python implementation.
// RUN: fuse-run %s --random-inputs=1 --interpret | FileCheck %s

// CHECK:      @main result 0: tensor<4xf32>
// CHECK-NEXT: [2.6123507, 0.34172642, 1.5078909, -0.58935827]
// CHECK-NEXT: @main result 1: tensor<8xi32>
// CHECK-NEXT: [-5, -7, 3, 7, 8, 4, 2, -4]
// CHECK-NEXT: @main result 2: tensor<8xi1>
// CHECK-NEXT: [false, false, false, false, true, false, false, true]
// CHECK-NEXT: @main result 3: tensor<2x2xbf16>
// CHECK-NEXT: {{\[}}[-0.82, -0.228],
// CHECK-NEXT:  [-1.12, 2.13]]
func.func @main(%x: tensor<4xf32>, %i: tensor<8xi32>, %p: tensor<8xi1>,
                %b: tensor<2x2xbf16>)
    -> (tensor<4xf32>, tensor<8xi32>, tensor<8xi1>, tensor<2x2xbf16>) {
  return %x, %i, %p, %b
      : tensor<4xf32>, tensor<8xi32>, tensor<8xi1>, tensor<2x2xbf16>
}

// The same seed gives the same inputs again; another seed others.
// RUN: fuse-run %s --random-inputs=1 --interpret > %t.first
// RUN: fuse-run %s --random-inputs=1 --interpret | diff %t.first -
// RUN: fuse-run %s --random-inputs=2 --interpret | not diff %t.first -
