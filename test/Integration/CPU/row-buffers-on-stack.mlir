// A row fusion's buffers per row (the row's maximum, its shifted values, its
// sum) are promoted to the stack (promote-buffers-to-stack, up to 1 KiB)
// and allocated once per thread (fuse-cpu-hoist-loop-allocas): no malloc and
// free per row. 400000 rows: with a stack buffer per row and iteration, the
// stack would need over 70 MB and overflow. Run on one thread (the rows are
// a sequential loop) and on the threads (an OpenMP loop), against the
// interpreter.
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --random-inputs=2 --check --pipeline-options="parallel=0" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-opt --hlo-lower-to-cpu="parallel=0" --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-hoist-loop-allocas -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: fuse-opt %s --fuse-elementwise | fuse-opt --hlo-lower-to-cpu --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-hoist-loop-allocas -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS

// CHECK: @softmax_rows result 0: ok

// IR-LABEL: func.func @softmax_rows
// IR: memref.alloca() {{.*}} : memref<1xf32>
// IR: scf.parallel
// IR-NOT: memref.alloc{{a?}}(
// IR: return

// THREADS-LABEL: func.func @softmax_rows
// THREADS: omp.parallel {
// THREADS-NEXT: memref.alloca() {{.*}} : memref<1xf32>
// THREADS: omp.loop_nest
// THREADS-NOT: memref.alloc{{a?}}(
// THREADS: omp.terminator
func.func @softmax_rows(%x: tensor<400000x10xf32>) -> tensor<400000x10xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<400000x10xf32>, tensor<f32>) -> tensor<400000xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<400000xf32>) -> tensor<400000x10xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<400000x10xf32>
  %e = hlo.exponential %shifted : tensor<400000x10xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<400000x10xf32>, tensor<f32>) -> tensor<400000xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<400000xf32>) -> tensor<400000x10xf32>
  %softmax = hlo.divide %e, %sumb : tensor<400000x10xf32>
  return %softmax : tensor<400000x10xf32>
}
