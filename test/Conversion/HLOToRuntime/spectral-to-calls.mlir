// RUN: fuse-opt %s --convert-hlo-spectral-to-calls | FileCheck %s
// The program compiled with the pass (LAPACK) and with Jacobi sweeps
// instead (lapack=false) gives what the interpreter does; without LAPACK,
// the program is refused with the reason.
// RUN: fuse-run %s --random-inputs=3 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=3 --check --pipeline-options="lapack=false" | FileCheck %s --check-prefix=EXEC
// RUN: env FUSE_LIBLAPACK=%t.missing.so not fuse-run %s --random-inputs=3 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: env FUSE_LIBLAPACK=%t.missing.so fuse-run %s --random-inputs=3 --check --pipeline-options="lapack=false" | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-5: result {{[0-9]+}}: ok
// MISSING: error: `hlo.eigh` at {{.*}}spectral-to-calls.mlir:28:19 needs LAPACK on the CPU: LAPACK could not be loaded ({{.*}}missing.so{{.*}}): install liblapack3 or libopenblas0, or set FUSE_LIBLAPACK to the library (or compile with lapack=false for Jacobi sweeps)

// CHECK-LABEL: func.func @main
func.func @main(%a: tensor<2x6x6xf32>, %b: tensor<5x3xf64>)
    -> (tensor<2x6x6xf32>, tensor<2x6xf32>, tensor<2xi32>, tensor<3xf64>,
        tensor<5x3xf64>) {
  // Two 6x6 f32 matrices, the lower triangle read: the operand is copied
  // into 288 fresh bytes, which LAPACK overwrites with the vectors.
  // CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<288xi8>
  // CHECK: %[[V:.*]] = memref.view %[[A]][%{{.*}}][] : memref<288xi8> to memref<2x6x6xf32>
  // CHECK: bufferization.materialize_in_destination %{{.*}} in restrict writable %[[V]]
  // CHECK: %[[W:.*]] = memref.view %{{.*}} : memref<48xi8> to memref<2x6xf32>
  // CHECK: %[[I:.*]] = memref.view %{{.*}} : memref<8xi8> to memref<2xi32>
  // CHECK: call @fuse_lapack_eigh(%{{.*}}, %{{.*}}, %{{.*}}, %c2_i64, %c6_i64, %c1_i64, %c0_i64)
  // CHECK: bufferization.to_tensor %[[V]] restrict writable
  // CHECK: bufferization.to_tensor %[[W]] restrict writable
  // CHECK: bufferization.to_tensor %[[I]] restrict writable
  %v, %w, %info = hlo.eigh %a {lower} : (tensor<2x6x6xf32>) -> (tensor<2x6x6xf32>, tensor<2x6xf32>, tensor<2xi32>)
  // Values only: no vectors are computed (vectors = 0), and the values'
  // bytes stand in for their buffers.
  // CHECK: %[[SB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<24xi8>
  // CHECK: memref.cast %[[SB]] : memref<24xi8> to memref<?xi8>
  // CHECK-NEXT: memref.cast %[[SB]] : memref<24xi8> to memref<?xi8>
  // CHECK-NEXT: memref.cast %[[SB]] : memref<24xi8> to memref<?xi8>
  // CHECK: call @fuse_lapack_svd({{.*}}, %c1_i64{{[_0-9]*}}, %c5_i64, %c3_i64, %c0_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}})
  %s, %u, %vt, %i = hlo.svd %b : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>, tensor<i32>)
  // Full vectors of the same matrix, U sliced to the columns specified.
  // CHECK: call @fuse_lapack_svd({{.*}}, %c1_i64{{[_0-9]*}}, %c5_i64{{[_0-9]*}}, %c3_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}})
  %s2, %u2, %vt2, %i2 = hlo.svd %b {full_matrices} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x5xf64>, tensor<3x3xf64>, tensor<i32>)
  %u2k = hlo.slice %u2, starts = [0, 0], limits = [5, 3], strides = [1, 1] : (tensor<5x5xf64>) -> tensor<5x3xf64>
  // CHECK-NOT: hlo.eigh
  // CHECK-NOT: hlo.svd
  return %v, %w, %info, %s, %u2k : tensor<2x6x6xf32>, tensor<2x6xf32>, tensor<2xi32>, tensor<3xf64>, tensor<5x3xf64>
}

// CHECK-DAG: func.func private @fuse_lapack_eigh(memref<?xi8>, memref<?xi8>, memref<?xi8>, i64, i64, i64, i64) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @fuse_lapack_svd(memref<?xi8>, memref<?xi8>, memref<?xi8>, memref<?xi8>, memref<?xi8>, i64, i64, i64, i64, i64, i64) attributes {llvm.emit_c_interface}
