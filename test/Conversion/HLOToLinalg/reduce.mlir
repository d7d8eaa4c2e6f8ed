// hlo.reduce lowers to linalg.reduce with the body in scalar form (linalg
// passes elements first, the hlo body accumulators first).
// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @reduce_add
// CHECK: %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
func.func @reduce_add(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.reduce add(%x init %z) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @reduce_argmax
// CHECK: linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi32>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>) dimensions = [0]
// CHECK-NEXT: (%[[E:.*]]: f32, %[[EI:.*]]: i32, %[[ACC:.*]]: f32, %[[ACCI:.*]]: i32) {
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[E]], %[[ACC]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[GT]], %[[E]], %[[ACC]] : f32
// CHECK-NEXT: %[[MI:.*]] = arith.select %[[GT]], %[[EI]], %[[ACCI]] : i32
// CHECK-NEXT: linalg.yield %[[M]], %[[MI]] : f32, i32
func.func @reduce_argmax(%x: tensor<8xf32>, %idx: tensor<8xi32>, %ninf: tensor<f32>, %c0: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = hlo.reduce(%x init %ninf), (%idx init %c0) dims = [0]
    : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %gt = hlo.compare GT, %e, %acc : tensor<f32>
    %m = hlo.select %gt, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %gt, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// A rank-0 value from outside the body is read once, before the loop.
// CHECK-LABEL: func.func @reduce_outer_value
// CHECK: %[[SCALE:.*]] = tensor.extract %arg2[] : tensor<f32>
// CHECK: linalg.reduce
// CHECK: arith.mulf %{{.*}}, %[[SCALE]] : f32
func.func @reduce_outer_value(%x: tensor<8xf32>, %z: tensor<f32>, %scale: tensor<f32>) -> tensor<f32> {
  %r = hlo.reduce(%x init %z) dims = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %s = hlo.multiply %e, %scale : tensor<f32>
    %a = hlo.add %acc, %s : tensor<f32>
    hlo.return %a : tensor<f32>
  }
  return %r : tensor<f32>
}

// Nothing reduced: every element is combined with the init value once.
// CHECK-LABEL: func.func @reduce_no_dims
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}} : tensor<3xi32>) outs(%[[FILL]] : tensor<3xi32>)
// CHECK: ^bb0(%[[IN:.*]]: i32, %[[OUT:.*]]: i32):
// CHECK: arith.maxsi %[[OUT]], %[[IN]] : i32
func.func @reduce_no_dims(%x: tensor<3xi32>, %z: tensor<i32>) -> tensor<3xi32> {
  %0 = hlo.reduce maximum(%x init %z) dims = [] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
