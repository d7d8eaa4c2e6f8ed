// hlo-lower-to-cpu's min-parallel-bytes: a softmax over 16x16 floats (1 KiB
// a buffer) runs on one thread by default; with 0 every loop forks, and
// with a threshold below its footprint it forks too. Each form is run
// against the interpreter.
// RUN: fuse-opt %s --fuse-elementwise | fuse-opt --hlo-lower-to-cpu | FileCheck %s --check-prefix=SERIAL
// RUN: fuse-opt %s --fuse-elementwise | fuse-opt --hlo-lower-to-cpu="min-parallel-bytes=0" | FileCheck %s --check-prefix=FORK
// RUN: fuse-opt %s --fuse-elementwise | fuse-opt --hlo-lower-to-cpu="min-parallel-bytes=1024" | FileCheck %s --check-prefix=FORK
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --random-inputs=1 --check | FileCheck %s --check-prefix=RESULT
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --random-inputs=1 --check --pipeline-options=min-parallel-bytes=0 | FileCheck %s --check-prefix=RESULT

// SERIAL-LABEL: llvm.func @main(
// SERIAL-NOT: omp.parallel
// FORK-LABEL: llvm.func @main(
// FORK: omp.parallel
// RESULT: @main result 0: ok

func.func @main(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<16xf32>) -> tensor<16x16xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<16x16xf32>
  %e = hlo.exponential %shifted : tensor<16x16xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<16xf32>) -> tensor<16x16xf32>
  %y = hlo.divide %e, %sumb : tensor<16x16xf32>
  return %y : tensor<16x16xf32>
}
