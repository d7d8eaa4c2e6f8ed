// Every OpenMP loop gets the schedule asked for; guided by default.
// RUN: fuse-opt %s --convert-scf-to-openmp --fuse-cpu-schedule-parallel-loops | FileCheck %s --check-prefix=GUIDED
// RUN: fuse-opt %s --convert-scf-to-openmp --fuse-cpu-schedule-parallel-loops=schedule=dynamic | FileCheck %s --check-prefix=DYNAMIC
// RUN: fuse-opt %s --convert-scf-to-openmp --fuse-cpu-schedule-parallel-loops=schedule=static | FileCheck %s --check-prefix=STATIC
// RUN: not fuse-opt %s --fuse-cpu-schedule-parallel-loops=schedule=fastest 2>&1 | FileCheck %s --check-prefix=BAD

// GUIDED-LABEL: func.func @two_loops
// GUIDED: omp.wsloop schedule(guided)
// GUIDED: omp.wsloop schedule(guided)
// DYNAMIC: omp.wsloop schedule(dynamic)
// DYNAMIC: omp.wsloop schedule(dynamic)
// STATIC: omp.wsloop schedule(static)
// STATIC: omp.wsloop schedule(static)
// BAD: error: fuse-cpu-schedule-parallel-loops: schedule must be guided, dynamic or static, not 'fastest'
func.func @two_loops(%m: memref<1024xf32>, %n: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = memref.load %m[%i] : memref<1024xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %m[%i] : memref<1024xf32>
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) {
    %v = memref.load %n[%i, %j] : memref<64x64xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %n[%i, %j] : memref<64x64xf32>
  }
  return
}
