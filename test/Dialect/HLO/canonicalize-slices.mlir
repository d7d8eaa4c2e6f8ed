// Slices move into their producers, which then compute only the elements
// kept, and products skip zero padding against finite constants
// (SliceCanonicalize.cpp, HLOCanonicalize.cpp); look-alikes are left alone.
// Each function also runs before and after, against the interpreter.
// RUN: fuse-opt %s -canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=3 --interpret --outputs=%t.ref
// RUN: fuse-opt %s -canonicalize | fuse-run - --all-entries --random-inputs=3 --interpret --expected=%t.ref | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s -canonicalize | fuse-run - --all-entries --random-inputs=3 --expected=%t.ref | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-8: result {{[0-9]}}: ok

// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<8x6xf32>, %[[P:[a-z0-9]+]]: tensor<i1>
// CHECK: %[[XS:.*]] = hlo.slice %[[X]], starts = [2, 0], limits = [8, 6], strides = [3, 2] : (tensor<8x6xf32>) -> tensor<2x3xf32>
// CHECK: %[[E:.*]] = hlo.exponential %[[XS]] : tensor<2x3xf32>
// CHECK: %[[XS2:.*]] = hlo.slice %[[X]], starts = [2, 0], limits = [8, 6], strides = [3, 2] : (tensor<8x6xf32>) -> tensor<2x3xf32>
// CHECK: %[[N:.*]] = hlo.negate %[[XS2]] : tensor<2x3xf32>
// CHECK: %[[S:.*]] = hlo.select %[[P]], %[[E]], %[[N]] : tensor<i1>, tensor<2x3xf32>
// CHECK: return %[[S]]
func.func @elementwise(%x: tensor<8x6xf32>, %p: tensor<i1>) -> tensor<2x3xf32> {
  %e = hlo.exponential %x : tensor<8x6xf32>
  %n = hlo.negate %x : tensor<8x6xf32>
  %s = hlo.select %p, %e, %n : tensor<i1>, tensor<8x6xf32>
  %r = hlo.slice %s, starts = [2, 0], limits = [8, 6], strides = [3, 2] : (tensor<8x6xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// A producer with another user stays whole.
// CHECK-LABEL: func.func @shared(
// CHECK: %[[E:.*]] = hlo.exponential %{{.*}} : tensor<8xf32>
// CHECK: hlo.slice %[[E]]
func.func @shared(%x: tensor<8xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  %e = hlo.exponential %x : tensor<8xf32>
  %r = hlo.slice %e, starts = [0], limits = [4], strides = [1] : (tensor<8xf32>) -> tensor<4xf32>
  return %r, %e : tensor<4xf32>, tensor<8xf32>
}

// Batching dimension 0 is sliced in both operands, lhs's free dimension in
// lhs, rhs's in rhs.
// CHECK-LABEL: func.func @product(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<4x6x5xf32>, %[[B:[a-z0-9]+]]: tensor<4x5x7xf32>
// CHECK-DAG: %[[AS:.*]] = hlo.slice %[[A]], starts = [1, 0, 0], limits = [3, 3, 5], strides = [1, 1, 1]
// CHECK-DAG: %[[BS:.*]] = hlo.slice %[[B]], starts = [1, 0, 2], limits = [3, 5, 7], strides = [1, 1, 1]
// CHECK: hlo.dot_general %[[AS]], %[[BS]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x5xf32>) -> tensor<2x3x5xf32>
func.func @product(%a: tensor<4x6x5xf32>, %b: tensor<4x5x7xf32>) -> tensor<2x3x5xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x6x5xf32>, tensor<4x5x7xf32>) -> tensor<4x6x7xf32>
  %r = hlo.slice %d, starts = [1, 0, 2], limits = [3, 3, 7], strides = [1, 1, 1] : (tensor<4x6x7xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// A product whose lhs contracts zero padding against a finite constant:
// the constant loses the padded rows (its slice folds).
// CHECK-LABEL: func.func @zero_padding(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<3x2xf32>
// CHECK-NOT: hlo.pad
// CHECK: %[[C:.*]] = hlo.constant dense<{{\[}}[3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<2x2xf32>
// CHECK: hlo.dot_general %[[X]], %[[C]], contracting_dims = [1] x [0] : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
func.func @zero_padding(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %zero, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  %c = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %d = hlo.dot_general %p, %c, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  return %d : tensor<3x2xf32>
}

// Not rewritten: an infinity in the constant (inf * 0 is NaN), a padding
// value that is not zero, and padding of a free dimension.
// CHECK-LABEL: func.func @infinite_constant(
// CHECK: hlo.pad
// CHECK: hlo.dot_general {{.*}} : (tensor<3x4xf32>, tensor<4x2xf32>)
func.func @infinite_constant(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %zero, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  %c = hlo.constant dense<[[0x7F800000, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %d = hlo.dot_general %p, %c, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  return %d : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @nonzero_padding(
// CHECK: hlo.pad
func.func @nonzero_padding(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %one = hlo.constant dense<1.0> : tensor<f32>
  %p = hlo.pad %x, %one, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  %c = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %d = hlo.dot_general %p, %c, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  return %d : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @free_padding(
// CHECK: hlo.pad
func.func @free_padding(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %zero, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %c = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %d = hlo.dot_general %p, %c, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %d : tensor<4x2xf32>
}

// A slice of a constant folds, strides included.
// CHECK-LABEL: func.func @constant_slice(
// CHECK: %[[C:.*]] = hlo.constant dense<[2, 4, 6]> : tensor<3xi32>
// CHECK: return %[[C]]
func.func @constant_slice() -> tensor<3xi32> {
  %c = hlo.constant dense<[1, 2, 3, 4, 5, 6, 7]> : tensor<7xi32>
  %r = hlo.slice %c, starts = [1], limits = [7], strides = [2] : (tensor<7xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}
