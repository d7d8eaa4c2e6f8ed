// Sizes: kB is 1000 bytes, KiB 1024; a tensor at the threshold fits.
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4kB" | FileCheck %s --check-prefix=KB
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" | FileCheck %s --check-prefix=KIB
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4040" | FileCheck %s --check-prefix=KIB
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4kB split-size=1KiB" | FileCheck %s --check-prefix=SLICE
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4kB split-size=1KiB" | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s --check-prefix=EXEC
// A slice still over the threshold is split again inside the loop.
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=128B" | FileCheck %s --check-prefix=NESTED
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=128B" | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4kB explain=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: not fuse-opt %s --split-tensors="tensor-size-threshold=12XB" 2>&1 | FileCheck %s --check-prefix=BAD-UNIT
// RUN: not fuse-opt %s --split-tensors="tensor-size-threshold=0" 2>&1 | FileCheck %s --check-prefix=BAD-UNIT
// RUN: not fuse-opt %s --split-tensors="tensor-size-threshold=1MB split-size=2MB" 2>&1 | FileCheck %s --check-prefix=BAD-SPLIT

// BAD-UNIT: error: split-tensors: invalid tensor-size-threshold
// BAD-UNIT-SAME: expected a positive byte count such as 1GB, 256MiB or 4096
// BAD-SPLIT: error: split-tensors: invalid split-size '2MB': expected a positive byte count no larger than tensor-size-threshold

// 1010 x f32 is 4040 bytes: over 4 kB, under 4 KiB.
// KB-LABEL: func.func @vector_sum
// KB-NOT: scf.for
// KB: hlo.dynamic_slice %arg0[%{{.*}}] sizes = [1000]
// KB: hlo.dynamic_slice %arg0[%{{.*}}] sizes = [10]
// KIB-LABEL: func.func @vector_sum
// KIB-NOT: scf.for
// KIB: hlo.reduce add(%arg0 init
// SLICE-LABEL: func.func @vector_sum
// SLICE: %[[C3:.*]] = arith.constant 3 : index
// SLICE: scf.for %{{.*}} = %{{.*}} to %[[C3]]
// SLICE: hlo.dynamic_slice %arg0[%{{.*}}] sizes = [256]
// SLICE: hlo.dynamic_slice %arg0[%{{.*}}] sizes = [242]
// EXPLAIN: remark: split along reduced dimension of size 1010 into 2 slices of 1000 (the last of 10), recomputing 0 ops per slice; largest tensor of a slice 3.9 KiB
// EXEC: @vector_sum result 0: ok
func.func @vector_sum(%x: tensor<1010xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [0] : (tensor<1010xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}

// A row of 64 x f32 is 256 bytes: rows are split at 128 bytes, then each
// row in halves.
// NESTED-LABEL: func.func @matrix_sum
// NESTED: %[[C64:.*]] = arith.constant 64 : index
// NESTED: scf.for %{{.*}} = %{{.*}} to %[[C64]] {{.*}} iter_args(%[[OFF:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}})
// NESTED: %[[ROW:.*]] = hlo.dynamic_slice %arg0[%[[OFF]], %{{.*}}] sizes = [1, 64]
// NESTED: %[[C2:.*]] = arith.constant 2 : index
// NESTED: %[[INNER:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[C2]]
// NESTED: hlo.dynamic_slice %[[ROW]][%{{.*}}, %{{.*}}] sizes = [1, 32]
// NESTED: hlo.reduce add({{.*}}) dims = [0, 1] : (tensor<1x32xf32>, tensor<f32>) -> tensor<f32>
// NESTED: scf.yield
// NESTED: hlo.add %[[ACC]], %[[INNER]]#1 : tensor<f32>
// NESTED: scf.yield
// EXEC: @matrix_sum result 0: ok
func.func @matrix_sum(%x: tensor<64x64xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [0, 1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}
