// RUN: fuse-opt %s --hlo-outline-products -split-input-file | FileCheck %s
// The outlined programs compute what the fused ones do.
// RUN: fuse-opt %s --hlo-outline-products | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-7: ok
// EXEC-NOT: mismatch

// The product leaves; the epilogue is a loop fusion reading it, and the
// inputs only the product read leave the fusion.
// CHECK-LABEL: func.func @dense_relu
// CHECK-SAME:    (%[[X:.*]]: tensor<8x4xf32>, %[[W:.*]]: tensor<4x16xf32>, %[[B:.*]]: tensor<16xf32>)
// CHECK:         %[[P:.*]] = hlo.dot_general %[[X]], %[[W]], contracting_dims = [1] x [0]
// CHECK:         hlo.fusion loop(%[[B]], %[[P]])
// CHECK:         ^bb0(%[[BA:.*]]: tensor<16xf32>, %[[PA:.*]]: tensor<8x16xf32>):
// CHECK-NOT:       hlo.dot_general
// CHECK:           hlo.add %[[PA]]
// CHECK:           hlo.maximum
func.func @dense_relu(%x: tensor<8x4xf32>, %w: tensor<4x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %r = hlo.fusion output(%b, %x, %w) : (tensor<16xf32>, tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%bias: tensor<16xf32>, %a: tensor<8x4xf32>, %c: tensor<4x16xf32>):
    %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
    %p = hlo.dot_general %a, %c, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %s = hlo.add %p, %bb : tensor<8x16xf32>
    %z = hlo.constant dense<0.0> : tensor<8x16xf32>
    %m = hlo.maximum %s, %z : tensor<8x16xf32>
    hlo.yield %m : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

// A fusion that also yields the product passes it on as an input.
// CHECK-LABEL: func.func @product_also_yielded
// CHECK:         %[[P:.*]] = hlo.dot_general
// CHECK:         %[[F:.*]]:2 = hlo.fusion loop(%[[P]])
// CHECK:         ^bb0(%[[PA:.*]]: tensor<4x4xf64>):
// CHECK:           %[[E:.*]] = hlo.exponential %[[PA]]
// CHECK:           hlo.yield %[[PA]], %[[E]]
func.func @product_also_yielded(%x: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>) {
  %r:2 = hlo.fusion output(%x) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>) {
  ^bb0(%a: tensor<4x4xf64>):
    %p = hlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    %e = hlo.exponential %p : tensor<4x4xf64>
    hlo.yield %p, %e : tensor<4x4xf64>, tensor<4x4xf64>
  }
  return %r#0, %r#1 : tensor<4x4xf64>, tensor<4x4xf64>
}

// -----

// Integer products have no library: they stay fused.
// CHECK-LABEL: func.func @integers
// CHECK:         hlo.fusion output
// CHECK:           hlo.dot_general
func.func @integers(%x: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %r = hlo.fusion output(%x) : (tensor<4x4xi32>) -> tensor<4x4xi32> {
  ^bb0(%a: tensor<4x4xi32>):
    %p = hlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi32>
    %n = hlo.negate %p : tensor<4x4xi32>
    hlo.yield %n : tensor<4x4xi32>
  }
  return %r : tensor<4x4xi32>
}

// -----

// A product of values computed in the fusion stays with them.
// CHECK-LABEL: func.func @computed_operand
// CHECK:         hlo.fusion output
// CHECK:           hlo.exponential
// CHECK:           hlo.dot_general
func.func @computed_operand(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = hlo.fusion output(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    %e = hlo.exponential %a : tensor<4x4xf32>
    %p = hlo.dot_general %e, %a, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %n = hlo.negate %p : tensor<4x4xf32>
    hlo.yield %n : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// Nothing is left to fuse: the fusion goes.
// CHECK-LABEL: func.func @only_product
// CHECK-NEXT:    %[[P:.*]] = hlo.dot_general
// CHECK-NEXT:    return %[[P]]
func.func @only_product(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = hlo.fusion output(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    %p = hlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    hlo.yield %p : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// A convolution leaves its output fusion as a product does: lowered on its
// own, its patches are a matrix that cuBLASLt reads.
// CHECK-LABEL: func.func @conv_relu
// CHECK:         %[[Y:.*]] = hlo.convolution %{{.*}}, %{{.*}}, dims = "b01f_01io->b01f"
// CHECK:         hlo.fusion loop(%[[Y]])
// CHECK-NOT:       hlo.convolution
// CHECK:           hlo.maximum
func.func @conv_relu(%x: tensor<2x6x6x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32> {
  %0 = hlo.fusion output(%x, %w) : (tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32> {
  ^bb0(%a: tensor<2x6x6x3xf32>, %b: tensor<3x3x3x4xf32>):
    %1 = hlo.constant dense<0.000000e+00> : tensor<2x6x6x4xf32>
    %2 = hlo.convolution %a, %b, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32>
    %3 = hlo.maximum %2, %1 : tensor<2x6x6x4xf32>
    hlo.yield %3 : tensor<2x6x6x4xf32>
  }
  return %0 : tensor<2x6x6x4xf32>
}
