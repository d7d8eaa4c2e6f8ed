// An elementwise generic whose result starts as a tensor.empty writes it
// into an input of the same type and map that it alone reads, when that
// input is a loop's carried value or a linalg result; function arguments,
// inputs read again later, other maps and reductions keep their empty init.
// The pipeline run below checks a loop's accumulator against the
// interpreter.
// RUN: fuse-opt %s --split-input-file --fuse-codegen-reuse-input-buffers | FileCheck %s
// RUN: fuse-run %S/Inputs/accumulate-loop.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/accumulate-loop.mlir --hlo-lower-to-cpu --mlir-disable-threading --mlir-print-ir-after=fuse-codegen-reuse-input-buffers -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// EXEC: @main result 0: ok
// EXEC: @main result 1: ok

// The loop's accumulator is the add's init: bufferized, it is updated in
// place.
// The half of x, computed before the loop and read by every iteration,
// keeps its own buffer.
// PIPELINE: scf.for {{.*}} to %c7 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16x32xf32>)
// PIPELINE: linalg.generic {{.*}} ins(%arg0, %[[HALF:.*]] : tensor<16x32xf32>, tensor<16x32xf32>) outs(%[[EMPTY:.*]] : tensor<16x32xf32>)
// PIPELINE: linalg.generic {{.*}} ins(%[[ACC]], %{{.*}} : tensor<16x32xf32>, tensor<16x32xf32>) outs(%[[ACC]] : tensor<16x32xf32>)

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func.func @accumulate
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[ACC]], %{{.*}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[ACC]] : tensor<4x8xf32>)
func.func @accumulate(%x: tensor<4x8xf32>, %init: tensor<4x8xf32>, %n: index) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<4x8xf32> {
    %e = tensor.empty() : tensor<4x8xf32>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%acc, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %sum = arith.addf %a, %b : f32
      linalg.yield %sum : f32
    } -> tensor<4x8xf32>
    scf.yield %s : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// -----

// Two accumulators of one op: each init takes its own input's place.
// CHECK-LABEL: func.func @two_accumulators
// CHECK: scf.for %{{.*}} iter_args(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[P]], %[[Q]], %{{.*}} : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%[[P]], %[[Q]] : tensor<4xf32>, tensor<4xf32>)
#id1 = affine_map<(d0) -> (d0)>
func.func @two_accumulators(%x: tensor<4xf32>, %p0: tensor<4xf32>, %q0: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %q = %q0) -> (tensor<4xf32>, tensor<4xf32>) {
    %e0 = tensor.empty() : tensor<4xf32>
    %e1 = tensor.empty() : tensor<4xf32>
    %s:2 = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1, #id1], iterator_types = ["parallel"]} ins(%p, %q, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e0, %e1 : tensor<4xf32>, tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32, %v: f32, %o0: f32, %o1: f32):
      %sum = arith.addf %a, %v : f32
      %product = arith.mulf %b, %v : f32
      linalg.yield %sum, %product : f32, f32
    } -> (tensor<4xf32>, tensor<4xf32>)
    scf.yield %s#0, %s#1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A chain: the second op writes into the first one's result.
// CHECK-LABEL: func.func @chain
// CHECK: %[[FIRST:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[FIRST]] : tensor<4x8xf32>) outs(%[[FIRST]] : tensor<4x8xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %v : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// -----

// Left alone: a function argument (the first op), an input read again
// later, an input read through another map, a reduction, and a value from
// around a loop, which the next iteration reads again.
// CHECK-LABEL: func.func @kept
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK-NEXT: %[[A:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<8x8xf32>) outs(%[[E0]] : tensor<8x8xf32>)
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK-NEXT: %[[B:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<8x8xf32>) outs(%[[E1]] : tensor<8x8xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK-NEXT: %[[C:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<8x8xf32>) outs(%[[E2]] : tensor<8x8xf32>)
// CHECK: %[[F:.*]] = linalg.fill
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[C]] : tensor<8x8xf32>) outs(%[[F]] : tensor<8xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @kept(%x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %v : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x8xf32>) outs(%e1 : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %c = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<8x8xf32>
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8xf32>) -> tensor<8xf32>
  %d = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%c : tensor<8x8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %a, %b, %c, %d : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @outside_loop
// CHECK: %[[OUTSIDE:.*]] = linalg.generic
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%[[OUTSIDE]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NOT: outs(%[[OUTSIDE]]
#id1 = affine_map<(d0) -> (d0)>
func.func @outside_loop(%x: tensor<4xf32>, %init: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %sq = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %v : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<4xf32> {
    %e2 = tensor.empty() : tensor<4xf32>
    %neg = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%sq : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %n2 = arith.negf %v : f32
      linalg.yield %n2 : f32
    } -> tensor<4xf32>
    scf.yield %neg : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
