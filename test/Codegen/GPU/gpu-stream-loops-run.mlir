// The host's waits in a compiled program, counted by the stub driver (no
// GPU): a bitonic sort of 8 elements is a loop nest of 6 stage kernels
// between its first and last kernel. All 8 launches go on one stream, which
// the host waits for once, at the end (without fuse-gpu-stream-loops, each
// stage made a stream and waited for it).
// RUN: %gpu_stubs FUSE_STUB_TRACE=1 fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 2>&1 | FileCheck %s
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
