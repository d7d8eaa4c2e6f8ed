// FUSE_CUDA_PROFILE=1: the runtime times every kernel and cuBLASLt product
// with CUDA events on its stream and prints their sums by name at exit
// (KernelProfile.cpp). Through the stub driver (no GPU) the times are 0, but
// the names, launch shapes and counts are the program's: the five calls of
// --bench=3 each launch the product and two kernels, numbered in the order
// of their first launch.
// RUN: %gpu_stubs FUSE_CUDA_PROFILE=1 fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --bench=3 2>&1 | FileCheck %s
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 2>&1 | FileCheck %s --check-prefix=OFF
// CHECK:      fuse-cuda-runtime profile: {{[0-9.]+}} ms in 3 kernels and products
// CHECK-NEXT: total ms    calls    mean us  name
// CHECK-DAG:  5 {{.*}} cublasLtMatmul 1x64x16x32 (batch x rows x cols x depth)
// CHECK-DAG:  5 {{.*}} main_kernel #1 <<<1, 256>>>
// CHECK-DAG:  5 {{.*}} main_kernel #2 <<<1, 256>>>
// OFF-NOT: profile
func.func @main(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %e = hlo.exponential %p : tensor<64x16xf32>
  %s = hlo.add %e, %p : tensor<64x16xf32>
  return %s : tensor<64x16xf32>
}
