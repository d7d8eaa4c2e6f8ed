// Without results-in-place (fuse-opt's default), public functions return
// their results, but the outlined kernels (private functions) still build
// theirs in buffers their caller allocates. The caller's deallocation then
// knows every buffer it frees is its own: one dealloc per buffer, retaining
// nothing, with no runtime alias checks (a dealloc helper). Returned, the
// kernels' buffers would each be retained against every result, which
// upstream's simplification checks pair by pair: 42 s for a ResNet step.
// The lowered program runs under mlir-runner; the numbers are those of
// numpy: -tanh(h)/2 and 16 tanh(h), h = sum(exp(j/8), j < 8)/16.
// The simplification runs per function: on one thread, the dumps come in
// the module's order.
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-cpu=parallel=0 \
// RUN:     --mlir-print-ir-after=buffer-deallocation-simplification \
// RUN:     --mlir-disable-threading -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=DEALLOC
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-cpu=parallel=0 \
// RUN: | FileCheck %s --check-prefix=LLVM
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-cpu=parallel=0 \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s --check-prefix=NUMBERS

// DEALLOC-LABEL: func.func @step(
// DEALLOC-SAME: -> (memref<4x8xf32>, memref<f32>)
// DEALLOC: %[[H:.*]] = memref.alloc() : memref<4x8xf32>
// DEALLOC: call @step_fusion0(%{{.*}}, %{{.*}}, %[[H]])
// DEALLOC: %[[H2:.*]] = memref.alloc() : memref<4x8xf32>
// DEALLOC: call @step_fusion1(%[[H]], %{{.*}}, %[[H2]])
// DEALLOC-NOT: retain
// DEALLOC: bufferization.dealloc (%[[H]] : memref<4x8xf32>) if (%true)
// DEALLOC-NEXT: bufferization.dealloc (%[[H2]] : memref<4x8xf32>) if (%true)
// DEALLOC-NEXT: return
// DEALLOC: func.func private @step_fusion0(%{{.*}}: memref<4x8xf32>, %{{.*}}: memref<8x8xf32>, %{{.*}}: memref<4x8xf32>) {
// DEALLOC: func.func private @step_fusion1(%{{.*}}: memref<4x8xf32>, %{{.*}}: memref<8x8xf32>, %{{.*}}: memref<4x8xf32>) {

// LLVM-LABEL: llvm.func @step(
// LLVM-NOT: dealloc_helper
// LLVM: llvm.return

// NUMBERS: [-0.333845,   -0.333845,   -0.333845,   -0.333845,   -0.333845,   -0.333845,   -0.333845,   -0.333845],
// NUMBERS-COUNT-3: [-0.333845,
// NUMBERS: [10.683]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @step(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>)
    -> (tensor<4x8xf32>, tensor<f32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %e = hlo.exponential %x : tensor<4x8xf32>
  %h = hlo.dot %e, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %t = hlo.tanh %h : tensor<4x8xf32>
  %h2 = hlo.dot %t, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %s = hlo.reduce add(%h2 init %zero) dims = [0, 1]
      : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %o = hlo.negate %h2 : tensor<4x8xf32>
  return %o, %s : tensor<4x8xf32>, tensor<f32>
}

func.func @main() {
  %j = hlo.iota dim = 1 : tensor<4x8xf32>
  %eighth = hlo.constant dense<0.125> : tensor<4x8xf32>
  %x = hlo.multiply %j, %eighth : tensor<4x8xf32>
  %w = hlo.constant dense<0.0625> : tensor<8x8xf32>
  %o, %s = call @step(%x, %w)
      : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<f32>)
  %oc = tensor.cast %o : tensor<4x8xf32> to tensor<*xf32>
  %sc = tensor.cast %s : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%oc) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%sc) : (tensor<*xf32>) -> ()
  return
}
