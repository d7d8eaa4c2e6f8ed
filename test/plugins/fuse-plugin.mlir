// fuse as plugins of the upstream mlir-opt (Debian's, linking the same
// libMLIR.so): the hlo dialect through --load-dialect-plugin, fuse's passes
// and pipelines through --load-pass-plugin, named by their flags after it
// or in --pass-pipeline.
// REQUIRES: plugin
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %s --fuse-elementwise | FileCheck %s
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %s --pass-pipeline="builtin.module(fuse-elementwise)" | FileCheck %s
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %s --fuse-elementwise | fuse-run - --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %S/../../examples/running-example.mlir --fuse-elementwise | FileCheck %s --check-prefix=EXAMPLE
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %s --fuse-elementwise --hlo-lower-to-cpu=parallel=false | FileCheck %s --check-prefix=LOWERED
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %s --pass-pipeline="builtin.module(hlo-lower-to-cpu{parallel=false})" | FileCheck %s --check-prefix=LOWERED
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin --load-pass-plugin=%fuse_plugin %s --fuse-elementwise=max-operands=8 --fuse-codegen-distinct-result-buffers --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: %upstream_mlir_opt --load-pass-plugin=%fuse_plugin --help | FileCheck %s --check-prefix=HELP

// The running example, mean(x * x * 3 + y), at a size the interpreter
// checks quickly: one fusion reads x and y once.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[F:.*]] = hlo.fusion input(%arg0, %arg1)
// CHECK: hlo.multiply
// CHECK: hlo.add
// CHECK: hlo.reduce add
// CHECK: hlo.divide
// CHECK: hlo.yield
// CHECK-NOT: hlo.
// CHECK: return %[[F]]
// EXEC: @main result 0: ok
func.func @main(%x: tensor<64x48xf32>, %y: tensor<64x48xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<3072.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<64x48xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<64x48xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<64x48xf32>
  %sum = hlo.add %xx3, %y : tensor<64x48xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<64x48xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}

// EXAMPLE-LABEL: func.func @main
// EXAMPLE-NEXT: hlo.fusion input(%arg0, %arg1) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<f32>
// EXAMPLE: hlo.reduce add

// The CPU pipeline, with an option, to the LLVM dialect.
// LOWERED: llvm.func @main
// LOWERED-NOT: hlo.

// Flags in order, each with its options, nested by the op it runs on.
// PIPELINE: builtin.module(
// PIPELINE-NEXT: fuse-elementwise{{[{].*}} max-operands=8
// PIPELINE-NEXT: func.func(
// PIPELINE-NEXT: fuse-codegen-distinct-result-buffers

// HELP-DAG: --fuse-elementwise
// HELP-DAG: --fuse-cpu-tile-contractions
// HELP-DAG: --fuse-gpu-tile-kernels
// HELP-DAG: --fuse-mpi-finalize
// HELP-DAG: --hlo-lower-to-cpu
