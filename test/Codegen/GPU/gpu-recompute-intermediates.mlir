// RUN: fuse-opt %s --fuse-gpu-recompute-intermediates -split-input-file | FileCheck %s
// RUN: fuse-opt %s --fuse-gpu-recompute-intermediates="max-ops=1" -split-input-file | FileCheck %s --check-prefix=ONE-OP
// The rewrite computes what it replaced: softmax, layer norm, exponentials
// that are also a result, and a row value broadcast and summed, fused,
// through the GPU tiling emulated on the CPU (which runs this pass) against
// the interpreter.
// RUN: fuse-opt %S/Inputs/row-intermediates.mlir --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/row-intermediates.mlir --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check --pipeline-options="emulate-gpu-tiling=true emulated-block-size=32 emulated-max-blocks=3" | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-4: result 0: ok
// EXEC-NOT: MISMATCH

// Softmax's row: exp(x - max) is written beside its sum and read back by the
// division. The division computes it again from x and max; the sum's
// generic no longer writes it, and the division writes the row's
// destination.
#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax_row
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]} ins(%[[X:.*]], %[[MAX:.*]] : tensor<1x8xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:           linalg.yield %{{.*}} : f32
// CHECK:         linalg.generic {{.*}} ins(%[[SUM]], %[[X]], %[[MAX]] : tensor<1xf32>, tensor<1x8xf32>, tensor<1xf32>) outs(%[[DEST:.*]] : tensor<1x8xf32>)
// CHECK:         ^bb0(%[[S:.*]]: f32, %[[XV:.*]]: f32, %[[M:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[D:.*]] = arith.subf %[[XV]], %[[M]]
// CHECK:           %[[E:.*]] = math.exp %[[D]]
// CHECK:           %[[Q:.*]] = arith.divf %[[E]], %[[S]]
// CHECK:           linalg.yield %[[Q]]
// exp(x - max) takes two ops: with max-ops=1 the division reads it back.
// ONE-OP-LABEL: func.func @softmax_row
// ONE-OP:         %[[E:.*]]:2 = linalg.generic
// ONE-OP:         linalg.generic {{.*}} outs(%[[E]]#0 : tensor<1x8xf32>)
func.func @softmax_row(%x: tensor<4x8xf32>, %max: tensor<4xf32>, %zeros: tensor<4xf32>, %out: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4x8xf32>) {
    %xr = tensor.extract_slice %x[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %mr = tensor.extract_slice %max[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %zr = tensor.extract_slice %zeros[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %dest = tensor.extract_slice %o[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %e, %s = linalg.generic {indexing_maps = [#row, #red, #row, #red], iterator_types = ["parallel", "reduction"]}
        ins(%xr, %mr : tensor<1x8xf32>, tensor<1xf32>) outs(%dest, %zr : tensor<1x8xf32>, tensor<1xf32>) {
    ^bb0(%a: f32, %m: f32, %eo: f32, %acc: f32):
      %d = arith.subf %a, %m : f32
      %ex = math.exp %d : f32
      %sum = arith.addf %acc, %ex : f32
      linalg.yield %ex, %sum : f32, f32
    } -> (tensor<1x8xf32>, tensor<1xf32>)
    %q = linalg.generic {indexing_maps = [#red, #row], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<1xf32>) outs(%e : tensor<1x8xf32>) {
    ^bb0(%sv: f32, %ev: f32):
      %div = arith.divf %ev, %sv : f32
      linalg.yield %div : f32
    } -> tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %q into %o[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

// -----

// A value that reads the producer's own output (a running sum written at
// every point) cannot be computed from the inputs: nothing changes.
#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reads_output
// CHECK:         %{{.*}}:2 = linalg.generic
// CHECK:         linalg.generic {{.*}} outs(%{{.*}}#0 : tensor<1x8xf32>)
func.func @reads_output(%x: tensor<4x8xf32>, %zeros: tensor<4xf32>, %out: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4x8xf32>) {
    %xr = tensor.extract_slice %x[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %zr = tensor.extract_slice %zeros[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %dest = tensor.extract_slice %o[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
    %p, %s = linalg.generic {indexing_maps = [#row, #row, #red], iterator_types = ["parallel", "reduction"]}
        ins(%xr : tensor<1x8xf32>) outs(%dest, %zr : tensor<1x8xf32>, tensor<1xf32>) {
    ^bb0(%a: f32, %po: f32, %acc: f32):
      %sum = arith.addf %acc, %a : f32
      linalg.yield %sum, %sum : f32, f32
    } -> (tensor<1x8xf32>, tensor<1xf32>)
    %q = linalg.generic {indexing_maps = [#red, #row], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<1xf32>) outs(%p : tensor<1x8xf32>) {
    ^bb0(%sv: f32, %pv: f32):
      %div = arith.divf %pv, %sv : f32
      linalg.yield %div : f32
    } -> tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %q into %o[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

// -----

// Outside a row fusion the pass does nothing: separate kernels would read
// the inputs again anyway.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @not_in_a_row
// CHECK:         %[[E:.*]] = linalg.generic
// CHECK:         linalg.generic {{.*}} outs(%[[E]] : tensor<8xf32>)
func.func @not_in_a_row(%x: tensor<8xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%out : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %ex = math.exp %a : f32
    linalg.yield %ex : f32
  } -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
  ^bb0(%ev: f32):
    %n = arith.negf %ev : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  return %q : tensor<8xf32>
}

// -----

// The value is a row value broadcast along the row: computed from the
// producer's input, the reduction over the row would have no operand that
// tells the row's length, so it keeps reading the value.
#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @broadcast_row
// CHECK:         %[[B:.*]] = linalg.generic
// CHECK:         linalg.generic {{.*}} ins(%[[B]] : tensor<1x4xf32>)
func.func @broadcast_row(%x: tensor<5xf32>, %zeros: tensor<5xf32>, %out: tensor<5x4xf32>) -> tensor<5xf32> {
  %r = scf.forall (%i) in (5) shared_outs(%o = %zeros) -> (tensor<5xf32>) {
    %xr = tensor.extract_slice %x[%i] [1] [1] : tensor<5xf32> to tensor<1xf32>
    %zr = tensor.extract_slice %o[%i] [1] [1] : tensor<5xf32> to tensor<1xf32>
    %dest = tensor.extract_slice %out[%i, 0] [1, 4] [1, 1] : tensor<5x4xf32> to tensor<1x4xf32>
    %b = linalg.generic {indexing_maps = [#red, #row], iterator_types = ["parallel", "parallel"]}
        ins(%xr : tensor<1xf32>) outs(%dest : tensor<1x4xf32>) {
    ^bb0(%a: f32, %bo: f32):
      %d = arith.addf %a, %a : f32
      linalg.yield %d : f32
    } -> tensor<1x4xf32>
    %s = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]}
        ins(%b : tensor<1x4xf32>) outs(%zr : tensor<1xf32>) {
    ^bb0(%bv: f32, %acc: f32):
      %sum = arith.addf %acc, %bv : f32
      linalg.yield %sum : f32
    } -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<5xf32>
    }
  }
  return %r : tensor<5xf32>
}
