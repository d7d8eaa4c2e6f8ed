// A fusion's body becomes as few loop nests as linalg's elementwise fusion
// allows: one for elementwise bodies, one reduction loop nest for an input
// fusion. Ops outside fusions are not merged.
// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @fusion_loop
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: arith.mulf
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: return
func.func @fusion_loop(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<16xf32> {
  %r = hlo.fusion loop(%x, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32> {
  ^bb0(%a: tensor<16xf32>, %b: tensor<16xf32>):
    %m = hlo.multiply %a, %a : tensor<16xf32>
    %e = hlo.exponential %m : tensor<16xf32>
    %s = hlo.add %e, %b : tensor<16xf32>
    hlo.yield %s : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// CHECK-LABEL: func.func @fusion_input
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<64x32xf32>)
// CHECK: %[[SQ:.*]] = arith.mulf %[[IN:.*]], %[[IN]] : f32
// CHECK: arith.addf %{{.*}}, %[[SQ]] : f32
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @fusion_input(%x: tensor<64x32xf32>, %z: tensor<f32>) -> tensor<64xf32> {
  %r = hlo.fusion input(%x, %z) : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x32xf32>, %c: tensor<f32>):
    %m = hlo.multiply %a, %a : tensor<64x32xf32>
    %t = hlo.reduce add(%m init %c) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %t : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @unfused
// CHECK-COUNT-2: linalg.generic
func.func @unfused(%x: tensor<16xf32>) -> tensor<16xf32> {
  %m = hlo.multiply %x, %x : tensor<16xf32>
  %e = hlo.exponential %m : tensor<16xf32>
  return %e : tensor<16xf32>
}
