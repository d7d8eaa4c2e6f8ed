// RUN: fuse-opt %s --split-input-file --fuse-codegen-bufferize-in-parallel | FileCheck %s
// RUN: fuse-opt %s --split-input-file --fuse-codegen-bufferize-in-parallel --mlir-disable-threading | FileCheck %s
// Upstream's pass takes the same decisions (the same copies, the same
// kernels' bodies):
// RUN: fuse-opt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=UPSTREAM
// RUN: not fuse-opt %s --split-input-file --fuse-codegen-bufferize-in-parallel="analysis-heuristic=sideways" 2>&1 | FileCheck %s --check-prefix=BAD

// The two constants 1.0 (main's and @shift's) are one global; @scale's
// 2.0, bufferized in a module of its own under the same name, is renamed.
// CHECK-DAG: memref.global "private" constant @[[$ONE:__constant_4xf32[_0-9]*]] : memref<4xf32> = dense<1.000000e+00>
// CHECK-DAG: memref.global "private" constant @[[$TWO:__constant_4xf32[_0-9]*]] : memref<4xf32> = dense<2.000000e+00>
// CHECK-NOT: memref.global

// A kernel that only reads its argument, bufferized apart.
// CHECK-LABEL: func.func private @scale(
// CHECK-SAME:      %[[X:.*]]: memref<4xf32>) -> memref<4xf32>
// CHECK:         %[[C:.*]] = memref.get_global @[[$TWO]]
// CHECK:         %[[R:.*]] = memref.alloc()
// CHECK:         linalg.mul ins(%[[X]], %[[C]] : {{.*}}) outs(%[[R]] : memref<4xf32>)
// CHECK:         return %[[R]]
// UPSTREAM-LABEL: func.func private @scale(
// UPSTREAM:         linalg.mul
func.func private @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.mul ins(%x, %c : tensor<4xf32>, tensor<4xf32>)
                  outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// An argument it does not read is neither read nor written at the call.
// CHECK-LABEL: func.func private @shift(
// CHECK-SAME:      %[[X:.*]]: memref<4xf32>, %{{.*}}: memref<4xf32>) -> memref<4xf32>
// CHECK:         memref.get_global @[[$ONE]]
// CHECK:         linalg.add
func.func private @shift(%x: tensor<4xf32>, %unread: tensor<4xf32>)
    -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%x, %c : tensor<4xf32>, tensor<4xf32>)
                  outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// Writes its argument: bufferized with the module, in place.
// CHECK-LABEL: func.func private @update(
// CHECK-SAME:      %[[X:.*]]: memref<4xf32>, %[[V:.*]]: f32) -> memref<4xf32>
// CHECK:         memref.store %[[V]], %[[X]]
// CHECK:         return %[[X]]
func.func private @update(%x: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %x[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// Returns a view of its argument: bufferized with the module.
// CHECK-LABEL: func.func private @view(
// CHECK:         memref.expand_shape
func.func private @view(%x: tensor<4xf32>) -> tensor<2x2xf32> {
  %r = tensor.expand_shape %x [[0, 1]] output_shape [2, 2]
      : tensor<4xf32> into tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// %a is read after @update writes it, so it is copied for @update alone;
// the stand-ins never made the kernels' results or their unread arguments
// look aliased or written (no other copy).
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>, %[[V:.*]]: f32)
// CHECK:         %[[SCALED:.*]] = call @scale(%[[A]])
// CHECK:         %[[SHIFTED:.*]] = call @shift(%[[A]], %[[A]])
// CHECK:         %[[COPY:.*]] = memref.alloc()
// CHECK:         memref.copy %[[A]], %[[COPY]]
// CHECK:         call @update(%[[COPY]], %[[V]])
// CHECK:         call @view(%[[B]])
// CHECK-NOT:     memref.copy
// CHECK:         linalg.add ins(%[[SHIFTED]], %[[SHIFTED]] : {{.*}}) outs(%[[SCALED]] : memref<4xf32>)
// CHECK:         return
// UPSTREAM-LABEL: func.func @main(
// UPSTREAM:         call @scale
// UPSTREAM:         call @shift
// UPSTREAM:         memref.copy
// UPSTREAM:         call @update
// UPSTREAM:         call @view
// UPSTREAM-NOT:     memref.copy
// UPSTREAM:         linalg.add ins(%[[SHIFTED:.*]], %[[SHIFTED]] : {{.*}}) outs(%[[SCALED:[^ ]*]] :
// UPSTREAM:         return
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %v: f32)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>,
        tensor<4xf32>) {
  %0 = call @scale(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = call @shift(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = call @update(%a, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %3 = call @view(%b) : (tensor<4xf32>) -> tensor<2x2xf32>
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %4 = linalg.add ins(%a, %c : tensor<4xf32>, tensor<4xf32>)
                  outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // @scale's result is new: it is written in place, though %a is read
  // after.
  %5 = linalg.add ins(%1, %1 : tensor<4xf32>, tensor<4xf32>)
                  outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>,
      tensor<4xf32>, tensor<4xf32>
}

// BAD: error: unknown analysis-heuristic 'sideways' (bottom-up, top-down or bottom-up-from-terminators)

// -----

// A read-only argument carried into a loop whose body calls a function
// with it: the loop is not asked whether it only reads the argument (its
// analysis would follow the call, which the state of the split cannot: a
// crash), so only the two plain calls' reads are split. The decisions are
// upstream's: the calls read the argument in place, the loop gets a copy.
// CHECK-LABEL: func.func @loop_calls(
// CHECK-SAME:      %[[A:.*]]: memref<4xf32>
// CHECK-NOT:     bufferization.to_
// CHECK:         call @halve(%[[A]])
// CHECK:         %[[COPY:.*]] = memref.alloc()
// CHECK:         memref.copy %[[A]], %[[COPY]]
// CHECK:         scf.for {{.*}} iter_args(%[[H:.*]] = %[[COPY]],
// CHECK:           call @halve(%[[H]])
// CHECK:         call @halve(%[[A]])
// CHECK-NOT:     bufferization.to_
// CHECK:         return
// UPSTREAM-LABEL: func.func @loop_calls(
// UPSTREAM:         call @halve
// UPSTREAM:         memref.copy
// UPSTREAM:         scf.for
// UPSTREAM:           call @halve
// UPSTREAM:         call @halve
func.func private @halve(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @loop_calls(%a: tensor<4xf32> {bufferization.writable = false})
    -> (tensor<4xf32>, f32, tensor<4xf32>) {
  %0 = call @halve(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %step = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %1:2 = scf.for %i = %lb to %ub step %step iter_args(%h = %a, %sum = %init)
      -> (tensor<4xf32>, f32) {
    %n = func.call @halve(%h) : (tensor<4xf32>) -> tensor<4xf32>
    %e = tensor.extract %n[%i] : tensor<4xf32>
    %s = arith.addf %sum, %e : f32
    scf.yield %h, %s : tensor<4xf32>, f32
  }
  %2 = call @halve(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1#1, %2 : tensor<4xf32>, f32, tensor<4xf32>
}

// -----

// An argument that is never written (writable = false) and that many ops
// read: each read goes through a tensor of its own while the module is
// analyzed (one read each instead of every read of the alias set), and
// everything bufferizes back to the argument: the kernels read it in
// place, and the write into it still gets a copy.
// CHECK-LABEL: func.func @read_only_argument(
// CHECK-SAME:      %[[A:.*]]: memref<4xf32>
// CHECK-NOT:     bufferization.to_
// CHECK:         call @scale(%[[A]])
// CHECK:         call @scale(%[[A]])
// CHECK:         %[[COPY:.*]] = memref.alloc()
// CHECK:         memref.copy %[[A]], %[[COPY]]
// CHECK:         memref.store %{{.*}}, %[[COPY]]
// CHECK:         call @scale(%[[A]])
// CHECK-NOT:     bufferization.to_
// CHECK:         return
// UPSTREAM-LABEL: func.func @read_only_argument(
// UPSTREAM-COUNT-2: call @scale
// UPSTREAM:         memref.copy
// UPSTREAM:         call @scale
func.func private @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @read_only_argument(%a: tensor<4xf32> {bufferization.writable = false})
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = call @scale(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = call @scale(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  %2 = tensor.insert %c into %a[%i] : tensor<4xf32>
  %3 = call @scale(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
