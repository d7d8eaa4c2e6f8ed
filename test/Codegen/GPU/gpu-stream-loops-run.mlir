// The host's waits in a compiled program, counted by the stub driver (no
// GPU): a bitonic sort of 8 elements is a loop nest of 6 stage kernels
// between its first and last kernel. All 8 launches go on one stream, which
// the host waits for once, at the end (without fuse-gpu-stream-loops, each
// stage made a stream and waited for it).
// RUN: %gpu_stubs FUSE_STUB_TRACE=1 fuse-run %s --entry=main --target=cuda --pipeline-options=format=isa --random-inputs=1 2>&1 | FileCheck %s
// CHECK:       stub driver: stream create
// CHECK-NOT:   stub driver: stream
// CHECK-COUNT-8: stub driver: launch
// CHECK-NOT:   stub driver: launch
// CHECK:       stub driver: stream synchronize
// CHECK-NOT:   stub driver: stream
// CHECK-NOT:   stub driver: launch
// CHECK:       @main result 0: tensor<8xf32>
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %sorted = hlo.sort(%x) dimension = 0 : tensor<8xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %sorted : tensor<8xf32>
}

// Three cuBLASLt products and a kernel between them, on the legacy default
// stream and the call's stream: the host waits once, at the end, and the
// products (which the stub cuBLASLt computes) come back right.
// RUN: %gpu_stubs FUSE_STUB_TRACE=1 fuse-run %s --entry=products --target=cuda --pipeline-options=format=isa --random-inputs=1 2>&1 | FileCheck %s --check-prefix=PRODUCTS
// RUN: %gpu_stubs fuse-run %s --entry=chain --target=cuda --pipeline-options=format=isa --random-inputs=1 --check 2>&1 | FileCheck %s --check-prefix=CHAIN
// PRODUCTS:     stub driver: stream create
// PRODUCTS-NOT: stub driver: stream synchronize
// PRODUCTS:     stub cublasLt: matmul
// PRODUCTS-NOT: stub driver: stream synchronize
// PRODUCTS:     stub driver: launch
// PRODUCTS-NOT: stub driver: stream synchronize
// PRODUCTS:     stub cublasLt: matmul
// PRODUCTS-NOT: stub driver: stream synchronize
// PRODUCTS:     stub cublasLt: matmul
// PRODUCTS:     stub driver: stream synchronize
// PRODUCTS-NOT: stub driver: stream synchronize
// PRODUCTS:     @products result 0: tensor<8x8xf32>
// CHAIN:        @chain result 0: ok
func.func @products(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = hlo.tanh %p : tensor<8x8xf32>
  %q = hlo.dot_general %t, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = hlo.dot_general %q, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

func.func @chain(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %q = hlo.dot_general %p, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = hlo.dot_general %x, %q, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
