// REQUIRES: mpi
// The programs of distribute-splits.mlir, distributed and run under mpirun
// on 2 and 3 ranks (slice counts that do not divide among them), blocked
// and cyclic, unfused and fused: rank 0 compares with the interpreter
// (--check, which runs the ranks as threads) and with the unsplit program.
// RUN: rm -rf %t && fuse-run %S/distribute-splits.mlir --all-entries --random-inputs=1 --outputs=%t
// RUN: fuse-opt %S/distribute-splits.mlir --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=2" -o %t.2.mlir
// RUN: %mpirun -np 2 fuse-run %t.2.mlir --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s
// RUN: fuse-opt %S/distribute-splits.mlir --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=3" --fuse-elementwise -o %t.3.mlir
// RUN: %mpirun -np 3 fuse-run %t.3.mlir --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s
// RUN: fuse-opt %S/distribute-splits.mlir --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=3 strategy=cyclic" -o %t.cyclic.mlir
// RUN: %mpirun -np 3 fuse-run %t.cyclic.mlir --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s
// Nested splits: the outer loop on 3 ranks, the inner within each slice.
// RUN: fuse-opt %S/distribute-splits.mlir --split-tensors="tensor-size-threshold=128B" --distribute-splits="ranks=3" -o %t.nested.mlir 2>/dev/null
// RUN: %mpirun -np 3 fuse-run %t.nested.mlir --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s

// Rank 0 alone reports, each result twice (interpreter, unsplit program).
// CHECK-COUNT-2: @kernel_rows result 0: ok
// CHECK-COUNT-2: @column_sums result 0: ok
// CHECK-COUNT-2: @contracting result 0: ok
// CHECK: @nearest_index result 0: ok
// CHECK: @nearest_index result 1: ok
// CHECK: @nearest_index result 0: ok
// CHECK: @nearest_index result 1: ok
// CHECK-COUNT-2: @row_max_with_init result 0: ok
// CHECK-COUNT-2: @all_positive result 0: ok
// CHECK-COUNT-2: @int_sum result 0: ok
// CHECK-COUNT-2: @matrix_sum result 0: ok
// CHECK-COUNT-2: @attention result 0: ok
// CHECK-NOT: ok
