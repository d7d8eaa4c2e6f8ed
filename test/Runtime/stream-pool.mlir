// The runtime keeps the streams the host code destroys for its next call
// (StreamPool in CudaRuntime.cpp): counted by the stub driver (no GPU), the five
// calls of a program that --bench=3 makes (warm-ups first) create one
// stream, and with FUSE_CUDA_NO_STREAM_POOL=1 a stream each.
// RUN: %gpu_stubs FUSE_STUB_TRACE=1 fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --bench=3 2>&1 | FileCheck %s
// RUN: %gpu_stubs FUSE_STUB_TRACE=1 FUSE_CUDA_NO_STREAM_POOL=1 fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --bench=3 2>&1 | FileCheck %s --check-prefix=UNPOOLED
// CHECK:         stub driver: stream create
// CHECK-NOT:     stub driver: stream create
// CHECK-COUNT-5: stub driver: stream synchronize
// CHECK-NOT:     stub driver: stream create
// UNPOOLED-COUNT-5: stub driver: stream create
// UNPOOLED-NOT:     stub driver: stream create
func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %y = hlo.multiply %x, %x : tensor<1024xf32>
  return %y : tensor<1024xf32>
}
