// A dealloc over buffers of known origin becomes one dealloc per
// allocation (its views with it) and one for the function's arguments; a
// dealloc with a buffer of unknown origin stays as it is. Every program that fuse-run
// --check runs goes through this pass (hlo-lower-to-cpu), freeing each
// buffer once.
// RUN: fuse-opt %s --fuse-codegen-split-deallocs | FileCheck %s

func.func private @identity(memref<8xf32>) -> memref<8xf32>

// CHECK-LABEL: func.func @allocations_views_and_arguments
// CHECK-SAME: (%[[ARG0:.*]]: memref<8xf32>, %[[ARG1:.*]]: memref<8xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1, %[[C2:.*]]: i1, %[[C3:.*]]: i1, %[[C4:.*]]: i1)
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK: %[[VIEW:.*]] = memref.subview %[[A]]
// CHECK: %[[BASE:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[VIEW]]
// CHECK-NEXT: bufferization.dealloc (%[[A]], %[[BASE]] : memref<8xf32>, memref<f32>) if (%[[C0]], %[[C2]])
// CHECK-NEXT: bufferization.dealloc (%[[B]] : memref<8xf32>) if (%[[C1]])
// CHECK-NEXT: bufferization.dealloc (%[[ARG0]], %[[ARG1]] : memref<8xf32>, memref<8xf32>) if (%[[C3]], %[[C4]])
// CHECK-NEXT: return
func.func @allocations_views_and_arguments(%arg0: memref<8xf32>,
    %arg1: memref<8xf32>, %c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %view = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %view
      : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %b, %base, %arg0, %arg1
      : memref<8xf32>, memref<8xf32>, memref<f32>, memref<8xf32>, memref<8xf32>)
      if (%c0, %c1, %c2, %c3, %c4)
  return
}

// A retained allocation is not freed: its value's updated condition is the
// disjunction of its buffers' conditions. The arguments keep the retained
// arguments; a retained value that views nothing freed gets false.
// CHECK-LABEL: func.func @retains
// CHECK-SAME: (%[[ARG0:[^:]*]]: memref<8xf32>, %[[ARG1:[^:]*]]: memref<8xf32>, %[[C0:[^:]*]]: i1, %[[C1:[^:]*]]: i1, %[[C2:[^:]*]]: i1, %[[C3:[^:]*]]: i1)
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK: %[[FRESH:.*]] = memref.alloc()
// CHECK: %[[VIEW:.*]] = memref.subview %[[A]]
// CHECK-NEXT: %[[OWNED:.*]] = arith.ori %[[C0]], %[[C2]] : i1
// CHECK-NEXT: bufferization.dealloc (%[[B]] : memref<8xf32>) if (%[[C1]])
// CHECK-NEXT: %[[ARGS:.*]] = bufferization.dealloc (%[[ARG0]] : memref<8xf32>) if (%[[C3]]) retain (%[[ARG1]] : memref<8xf32>)
// CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT: return %[[A]], %[[ARG1]], %[[FRESH]], %[[OWNED]], %[[ARGS]], %[[FALSE]]
func.func @retains(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %c0: i1,
    %c1: i1, %c2: i1, %c3: i1)
    -> (memref<8xf32>, memref<8xf32>, memref<8xf32>, i1, i1, i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %fresh = memref.alloc() : memref<8xf32>
  %view = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %r:3 = bufferization.dealloc (%a, %b, %view, %arg0
      : memref<8xf32>, memref<8xf32>, memref<4xf32, strided<[1], offset: 2>>,
        memref<8xf32>)
      if (%c0, %c1, %c2, %c3) retain (%a, %arg1, %fresh
      : memref<8xf32>, memref<8xf32>, memref<8xf32>)
  return %a, %arg1, %fresh, %r#0, %r#1, %r#2
      : memref<8xf32>, memref<8xf32>, memref<8xf32>, i1, i1, i1
}

// A retained value of unknown origin may be any freed buffer.
// CHECK-LABEL: func.func @retains_unknown
// CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>) if (%{{.*}}, %{{.*}}) retain
func.func @retains_unknown(%c0: i1, %c1: i1) -> (memref<8xf32>, i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %c = call @identity(%a) : (memref<8xf32>) -> memref<8xf32>
  %r = bufferization.dealloc (%a, %b : memref<8xf32>, memref<8xf32>)
      if (%c0, %c1) retain (%c : memref<8xf32>)
  return %c, %r : memref<8xf32>, i1
}

// A call's result may be any buffer, an allocation passed to it included.
// CHECK-LABEL: func.func @unknown_origin
// CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>) if (%{{.*}}, %{{.*}})
// CHECK-NEXT: return
func.func @unknown_origin(%c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = call @identity(%a) : (memref<8xf32>) -> memref<8xf32>
  bufferization.dealloc (%a, %b : memref<8xf32>, memref<8xf32>) if (%c0, %c1)
  return
}

// A loop's carried buffer may be any earlier iteration's allocation, but
// not one the iteration makes: those split. An allocation made before the
// loop may be the carried buffer.
// CHECK-LABEL: func.func @carried
// CHECK: scf.for {{.*}} iter_args(%[[CARRIED:.*]] = %{{.*}})
// CHECK: %[[FRESH:.*]] = memref.alloc()
// CHECK-NEXT: bufferization.dealloc (%[[FRESH]] : memref<8xf32>) if (%{{.*}})
// CHECK-NEXT: bufferization.dealloc (%[[CARRIED]] : memref<8xf32>) if (%{{.*}})
// CHECK-NEXT: bufferization.dealloc (%{{.*}}, %[[CARRIED]] : memref<8xf32>, memref<8xf32>) if (%{{.*}}, %{{.*}})
// CHECK-NEXT: scf.yield
func.func @carried(%init: memref<8xf32>, %n: index, %c0: i1, %c1: i1) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %before = memref.alloc() : memref<8xf32>
  %last = scf.for %i = %zero to %n step %one iter_args(%carried = %init) -> memref<8xf32> {
    %fresh = memref.alloc() : memref<8xf32>
    bufferization.dealloc (%fresh, %carried : memref<8xf32>, memref<8xf32>) if (%c0, %c1)
    bufferization.dealloc (%before, %carried : memref<8xf32>, memref<8xf32>) if (%c0, %c1)
    scf.yield %init : memref<8xf32>
  }
  return
}
