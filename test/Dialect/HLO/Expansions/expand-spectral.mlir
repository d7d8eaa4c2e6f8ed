// hlo.eigh and hlo.svd become Jacobi sweeps: an hlo.while of sweeps around
// an hlo.while of steps. The runs compare the expanded program, compiled,
// with the interpreter's textbook Jacobi methods in double on the original:
// eigenvalues, singular values and vectors with fuse's signs, odd and even
// orders, batches, lower and upper triangles, tall, wide and square
// matrices with reduced and full vectors (the columns of a full U past
// min(m, n) are unspecified, so only the first are compared), f32 and f64,
// and a matrix holding NaN, whose info is 1 and whose results are NaN.
// RUN: fuse-opt %s --hlo-expand-spectral | FileCheck %s
// RUN: fuse-run %s --random-inputs=7 --interpret --outputs=%t.ref
// RUN: fuse-opt %s --hlo-expand-spectral | fuse-run - --random-inputs=7 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-run %s --random-inputs=7 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED

// EXPANDED-COUNT-16: : ok

// CHECK-LABEL: func.func @main(
// CHECK-NOT: hlo.eigh
// CHECK-NOT: hlo.svd
// CHECK: hlo.while
// CHECK: hlo.while
// CHECK: hlo.rsqrt
// CHECK: hlo.concatenate
// CHECK: return
func.func @main(%x: tensor<2x5x5xf32>, %y: tensor<6x6xf64>, %t: tensor<7x4xf32>,
                %w: tensor<3x6xf64>)
    -> (tensor<2x5x5xf32>, tensor<2x5xf32>, tensor<2xi32>,
        tensor<6x6xf64>, tensor<6xf64>, tensor<i32>,
        tensor<4xf32>, tensor<7x4xf32>, tensor<4x4xf32>,
        tensor<3xf64>, tensor<3x3xf64>, tensor<3x6xf64>, tensor<i32>,
        tensor<4xf32>, tensor<7x4xf32>, tensor<i32>) {
  %v1, %e1, %i1 = hlo.eigh %x {lower} : (tensor<2x5x5xf32>) -> (tensor<2x5x5xf32>, tensor<2x5xf32>, tensor<2xi32>)
  %v2, %e2, %i2 = hlo.eigh %y : (tensor<6x6xf64>) -> (tensor<6x6xf64>, tensor<6xf64>, tensor<i32>)
  // Tall, reduced.
  %s3, %u3, %vt3, %i3 = hlo.svd %t : (tensor<7x4xf32>) -> (tensor<4xf32>, tensor<7x4xf32>, tensor<4x4xf32>, tensor<i32>)
  // Wide, full: V^T's rows past the third are unspecified.
  %s4, %u4, %vt4, %i4 = hlo.svd %w {full_matrices} : (tensor<3x6xf64>) -> (tensor<3xf64>, tensor<3x3xf64>, tensor<6x6xf64>, tensor<i32>)
  %vt4k = hlo.slice %vt4, starts = [0, 0], limits = [3, 6], strides = [1, 1] : (tensor<6x6xf64>) -> tensor<3x6xf64>
  // Tall, full, and one NaN.
  %nan = hlo.constant dense<0x7FC00000> : tensor<1x1xf32>
  %zero = hlo.constant dense<0> : tensor<i64>
  %bad = hlo.dynamic_update_slice %t[%zero, %zero], %nan : (tensor<7x4xf32>, tensor<1x1xf32>, tensor<i64>, tensor<i64>) -> tensor<7x4xf32>
  %s5, %u5, %vt5, %i5 = hlo.svd %bad {full_matrices} : (tensor<7x4xf32>) -> (tensor<4xf32>, tensor<7x7xf32>, tensor<4x4xf32>, tensor<i32>)
  %u5k = hlo.slice %u5, starts = [0, 0], limits = [7, 4], strides = [1, 1] : (tensor<7x7xf32>) -> tensor<7x4xf32>
  return %v1, %e1, %i1, %v2, %e2, %i2, %s3, %u3, %vt3, %s4, %u4, %vt4k, %i4,
         %s5, %u5k, %i5
      : tensor<2x5x5xf32>, tensor<2x5xf32>, tensor<2xi32>,
        tensor<6x6xf64>, tensor<6xf64>, tensor<i32>,
        tensor<4xf32>, tensor<7x4xf32>, tensor<4x4xf32>,
        tensor<3xf64>, tensor<3x3xf64>, tensor<3x6xf64>, tensor<i32>,
        tensor<4xf32>, tensor<7x4xf32>, tensor<i32>
}
