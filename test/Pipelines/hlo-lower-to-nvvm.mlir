// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-nvvm="format=isa" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-nvvm="format=isa" \
// RUN:   --mlir-print-ir-after=fuse-gpu-launch-kernels -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAUNCH

// The running example: the fused reduction is a grid of blocks writing
// partial sums (warp shuffles, then shared memory), and one block adding
// them; the host code launches the kernels on one stream and waits once.

// LAUNCH-LABEL: IR Dump After GPULaunchKernelsPass
// LAUNCH: gpu.launch blocks({{.*}}) in ({{.*}} = %c2048{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// LAUNCH: gpu.all_reduce
// LAUNCH: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// LAUNCH: gpu.all_reduce

// CHECK: llvm.func @main(
// CHECK: llvm.call @mgpuStreamCreate
// CHECK: gpu.launch_func {{.*}} @main_kernel::@main_kernel blocks in
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK: gpu.binary @main_kernel_0 {{.*}}#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// CHECK-SAME: .target sm_90
// CHECK-SAME: shfl.sync.bfly
// CHECK-SAME: bar.sync
func.func @main(%x: tensor<4096x4096xf32>, %y: tensor<4096x4096xf32>)
    -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<16777216.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<4096x4096xf32>
  %3 = hlo.broadcast_in_dim %three, dims = []
      : (tensor<f32>) -> tensor<4096x4096xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<4096x4096xf32>
  %sum = hlo.add %xx3, %y : tensor<4096x4096xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}
