// Shape and data-movement ops lower to named linalg ops where the shape
// allows and to tensor slices, reshapes and generics otherwise.
// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s

// CHECK-DAG: #[[$BCAST:.*]] = affine_map<(d0, d1) -> (0, d0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$REV:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 2)>

// CHECK-LABEL: func.func @broadcast_named
// CHECK: linalg.broadcast ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<4x3xf32>) dimensions = [0]
func.func @broadcast_named(%v: tensor<3xf32>) -> tensor<4x3xf32> {
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// A size-1 operand dimension is read at index 0; transposing broadcasts
// need a generic.
// CHECK-LABEL: func.func @broadcast_size_one
// CHECK: linalg.generic {indexing_maps = [#[[$BCAST]], #[[$ID]]]
func.func @broadcast_size_one(%v: tensor<1x3xf32>) -> tensor<3x4xf32> {
  %0 = hlo.broadcast_in_dim %v, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @reshape_collapse
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
func.func @reshape_collapse(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = hlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// Neither a collapse nor an expansion: through rank 1.
// CHECK-LABEL: func.func @reshape_general
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2]
func.func @reshape_general(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @reshape_rank0
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @reshape_rank0(%x: tensor<1x1xf32>) -> tensor<f32> {
  %0 = hlo.reshape %x : (tensor<1x1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<3x2xf32>) permutation = [1, 0]
func.func @transpose(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [2, 2] [1, 3] : tensor<4x6xf32> to tensor<2x2xf32>
func.func @slice(%x: tensor<4x6xf32>) -> tensor<2x2xf32> {
  %0 = hlo.slice %x, starts = [1, 0], limits = [3, 6], strides = [1, 3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// Offsets are clamped to [0, dim - size].
// CHECK-LABEL: func.func @dynamic_slice
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[I0:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[HI0:.*]] = arith.constant 2 : index
// CHECK: %[[M0:.*]] = arith.minsi %[[I0]], %[[HI0]] : index
// CHECK: %[[O0:.*]] = arith.maxsi %[[ZERO]], %[[M0]] : index
// CHECK: %[[HI1:.*]] = arith.constant 4 : index
// CHECK: %[[M1:.*]] = arith.minsi %{{.*}}, %[[HI1]] : index
// CHECK: %[[O1:.*]] = arith.maxsi %[[ZERO]], %[[M1]] : index
// CHECK: tensor.extract_slice %{{.*}}[%[[O0]], %[[O1]]] [2, 2] [1, 1]
func.func @dynamic_slice(%x: tensor<4x6xf32>, %i: tensor<i32>) -> tensor<2x2xf32> {
  %0 = hlo.dynamic_slice %x[%i, %i] sizes = [2, 2] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK: arith.index_cast %{{.*}} : i64 to index
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x6xf32>
func.func @dynamic_update_slice(%x: tensor<4x6xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>) -> tensor<4x6xf32> {
  %0 = hlo.dynamic_update_slice %x[%i, %i], %u : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// CHECK-LABEL: func.func @concatenate
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[FIRST:.*]] = tensor.insert_slice %{{.*}} into %[[EMPTY]][0, 0] [2, 3] [1, 1]
// CHECK: tensor.insert_slice %{{.*}} into %[[FIRST]][0, 3] [2, 1] [1, 1]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %0 = hlo.concatenate dim = 1, %a, %b : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Padding [a, b, c] with low = -1, interior = 2 puts b at 2 and c at 5 (a
// is cut off): one strided insert into the filled result.
// CHECK-LABEL: func.func @pad
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[KEPT:.*]] = tensor.extract_slice %{{.*}}[1] [2] [1] : tensor<3xf32> to tensor<2xf32>
// CHECK: tensor.insert_slice %[[KEPT]] into %[[FILL]][2] [2] [3]
func.func @pad(%x: tensor<3xf32>, %p: tensor<f32>) -> tensor<6xf32> {
  %0 = hlo.pad %x, %p, low = [-1], high = [2], interior = [2] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = hlo.slice %0, starts = [0], limits = [6], strides = [1] : (tensor<8xf32>) -> tensor<6xf32>
  return %1 : tensor<6xf32>
}

// CHECK-LABEL: func.func @reverse
// CHECK: linalg.generic {indexing_maps = [#[[$REV]], #[[$ID]]]
func.func @reverse(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reverse %x, dims = [1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @iota
// CHECK: linalg.generic
// CHECK: %[[INDEX:.*]] = linalg.index 1 : index
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[INDEX]] : index to i64
// CHECK: arith.sitofp %[[WIDE]] : i64 to f16
func.func @iota() -> tensor<2x3xf16> {
  %0 = hlo.iota dim = 1 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// A splat is a fill, never a stored constant.
// CHECK-LABEL: func.func @splat_constant
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: linalg.fill ins(%[[TWO]] : f32) outs(%{{.*}} : tensor<64x64xf32>)
func.func @splat_constant() -> tensor<64x64xf32> {
  %0 = hlo.constant dense<2.0> : tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
