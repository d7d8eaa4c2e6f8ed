// A linalg op whose result is inserted at static offsets into a tensor that
// starts as a tensor.empty computes into that slice, and the insert moves to
// just after it; the next insert of the chain then takes its slice from it.
// Producers that read their init or whose result is read again, inserts into
// an argument, dynamic slices and destinations computed after the producer
// stay. The pipeline test (test/Pipelines/concatenate-in-place.mlir) runs a
// concatenation against the interpreter.
// RUN: fuse-opt %s --split-input-file --fuse-codegen-compute-into-slices | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @chain
// CHECK: %[[DEST:.*]] = tensor.empty() : tensor<8x12xf32>
// CHECK: %[[SLICE0:.*]] = tensor.extract_slice %[[DEST]][0, 0] [8, 4] [1, 1]
// CHECK: %[[NEG:.*]] = linalg.generic {{.*}} outs(%[[SLICE0]] : tensor<8x4xf32>)
// CHECK: %[[INSERT0:.*]] = tensor.insert_slice %[[NEG]] into %[[DEST]][0, 0] [8, 4]
// CHECK: %[[SLICE1:.*]] = tensor.extract_slice %[[INSERT0]][0, 4] [8, 4] [1, 1]
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} outs(%[[SLICE1]] : tensor<8x4xf32>)
// CHECK: %[[INSERT1:.*]] = tensor.insert_slice %[[EXP]] into %[[INSERT0]][0, 4] [8, 4]
// CHECK: %[[INSERT2:.*]] = tensor.insert_slice %arg1 into %[[INSERT1]][0, 8] [8, 4]
// CHECK: return %[[INSERT2]]
func.func @chain(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>) -> tensor<8x12xf32> {
  %e0 = tensor.empty() : tensor<8x4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e0 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %e1 = tensor.empty() : tensor<8x4xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e1 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %dest = tensor.empty() : tensor<8x12xf32>
  %0 = tensor.insert_slice %neg into %dest[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x12xf32>
  %1 = tensor.insert_slice %exp into %0[0, 4] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x12xf32>
  %2 = tensor.insert_slice %b into %1[0, 8] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x12xf32>
  return %2 : tensor<8x12xf32>
}

// -----

// The second insert's destination (the first insert, after the producer
// of its own source) comes too late for the negation: it is copied.
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @out_of_order
// CHECK: %[[NEG:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8x4xf32>)
// CHECK: %[[DEST:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[DEST]][0, 4] [8, 4] [1, 1]
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} outs(%[[SLICE]] : tensor<8x4xf32>)
// CHECK: %[[INSERT0:.*]] = tensor.insert_slice %[[EXP]] into %[[DEST]][0, 4]
// CHECK: tensor.insert_slice %[[NEG]] into %[[INSERT0]][0, 0]
func.func @out_of_order(%a: tensor<8x4xf32>) -> tensor<8x8xf32> {
  %e0 = tensor.empty() : tensor<8x4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e0 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %e1 = tensor.empty() : tensor<8x4xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e1 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %dest = tensor.empty() : tensor<8x8xf32>
  %0 = tensor.insert_slice %exp into %dest[0, 4] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %neg into %0[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// Left alone: a producer that reads its init (a sum into a filled tensor),
// a result that is also returned, an insert into an argument, and a
// dynamic slice.
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @refused
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @refused(%a: tensor<8x4xf32>, %into: tensor<8x8xf32>, %i: index)
    -> (tensor<8x8xf32>, tensor<8x4xf32>, tensor<8x8xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x4xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x4xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e1 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e2 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %e3 = tensor.empty() : tensor<8x4xf32>
  %abs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf32>) outs(%e3 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.absf %x : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %dest = tensor.empty() : tensor<8x8xf32>
  %0 = tensor.insert_slice %exp into %dest[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %neg into %into[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x8xf32>
  %dest2 = tensor.empty() : tensor<8x8xf32>
  %2 = tensor.insert_slice %abs into %dest2[0, %i] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x8xf32>
  %dest3 = tensor.empty() : tensor<16xf32>
  %3 = tensor.insert_slice %sum into %dest3[8] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %0, %exp, %1, %3 : tensor<8x8xf32>, tensor<8x4xf32>, tensor<8x8xf32>, tensor<16xf32>
}
