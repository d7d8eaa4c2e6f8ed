// RUN: fuse-opt %s --fuse-gpu-device-memory | FileCheck %s

memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// Host buffers are allocated on the GPU; a constant is copied there first
// and freed at the end, unless it is returned.
// CHECK-LABEL: func.func @host_buffers
// CHECK: %[[HOST:.*]] = memref.get_global @weights
// CHECK: %[[WEIGHTS:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[WEIGHTS]], %[[HOST]]
// CHECK: %[[TEMP:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: %[[RESULT:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.launch
// CHECK: memref.load %[[WEIGHTS]]
// CHECK: gpu.dealloc %[[TEMP]]
// CHECK: gpu.dealloc %[[WEIGHTS]]
// CHECK-NEXT: return %[[RESULT]]
func.func @host_buffers(%x: memref<4xf32>) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %w = memref.get_global @weights : memref<4xf32>
  %temp = memref.alloc() : memref<4xf32>
  %result = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
    %v = memref.load %w[%t0] : memref<4xf32>
    memref.store %v, %temp[%t0] : memref<4xf32>
    memref.store %v, %result[%t0] : memref<4xf32>
    gpu.terminator
  }
  memref.dealloc %temp : memref<4xf32>
  return %result : memref<4xf32>
}

// CHECK-LABEL: func.func @returned_constant
// CHECK: %[[WEIGHTS:.*]] = gpu.alloc
// CHECK-NOT: gpu.dealloc
// CHECK: return %[[WEIGHTS]]
func.func @returned_constant() -> memref<4xf32> {
  %w = memref.get_global @weights : memref<4xf32>
  return %w : memref<4xf32>
}

// The host decides a loop on a rank-0 tensor that a kernel computed: the
// element is copied into a host slot and read there.
// CHECK-LABEL: func.func @host_predicate
// CHECK: %[[FLAG:.*]] = gpu.alloc () : memref<i1>
// CHECK: gpu.launch
// CHECK: %[[SLOT:.*]] = memref.alloca() : memref<i1>
// CHECK-NEXT: gpu.memcpy %[[SLOT]], %[[FLAG]] : memref<i1>, memref<i1>
// CHECK-NEXT: %[[P:.*]] = memref.load %[[SLOT]][] : memref<i1>
// CHECK-NEXT: gpu.dealloc %[[FLAG]]
// CHECK-NEXT: return %[[P]]
func.func @host_predicate(%x: memref<f32>) -> i1 {
  %c1 = arith.constant 1 : index
  %flag = memref.alloc() : memref<i1>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
    %v = memref.load %x[] : memref<f32>
    %zero = arith.constant 0.0 : f32
    %gt = arith.cmpf ogt, %v, %zero : f32
    memref.store %gt, %flag[] : memref<i1>
    gpu.terminator
  }
  %p = memref.load %flag[] : memref<i1>
  memref.dealloc %flag : memref<i1>
  return %p : i1
}

// CHECK-LABEL: func.func private @bookkeeping_helper
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<?xindex>
func.func private @bookkeeping_helper(%pointers: memref<?xindex>) -> i1 {
  %c0 = arith.constant 0 : index
  %p = memref.load %pointers[%c0] : memref<?xindex>
  %z = arith.constant 0 : index
  %eq = arith.cmpi eq, %p, %z : index
  return %eq : i1
}

// The base pointers and ownership flags of lowered deallocations stay on
// the host, and so do their loads, stores and frees; the private helper
// that reads them is left alone.
// CHECK-LABEL: func.func @bookkeeping
// CHECK: %[[POINTERS:.*]] = memref.alloc() : memref<2xindex>
// CHECK: memref.store %{{.*}}, %[[POINTERS]][%{{.*}}] : memref<2xindex>
// CHECK: %[[CAST:.*]] = memref.cast %[[POINTERS]]
// CHECK: call @bookkeeping_helper(%[[CAST]])
// CHECK: memref.dealloc %[[POINTERS]] : memref<2xindex>
func.func @bookkeeping(%x: memref<4xf32>) -> i1 {
  %c0 = arith.constant 0 : index
  %pointers = memref.alloc() : memref<2xindex>
  %base = memref.extract_aligned_pointer_as_index %x : memref<4xf32> -> index
  memref.store %base, %pointers[%c0] : memref<2xindex>
  %cast = memref.cast %pointers : memref<2xindex> to memref<?xindex>
  %r = func.call @bookkeeping_helper(%cast) : (memref<?xindex>) -> i1
  memref.dealloc %pointers : memref<2xindex>
  return %r : i1
}

// An MPI all-reduce of a device buffer runs on two host buffers, copied
// from the device before and back after (MPI reads host memory).
// CHECK-LABEL: func.func @all_reduce
// CHECK: %[[BUFFER:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.launch
// CHECK: %[[WORLD:.*]] = mpi.comm_world
// CHECK: %[[SEND:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[RECEIVE:.*]] = memref.alloc() : memref<4xf32>
// CHECK: gpu.memcpy %[[SEND]], %[[BUFFER]]
// CHECK: mpi.allreduce(%[[SEND]], %[[RECEIVE]], MPI_SUM, %[[WORLD]])
// CHECK: gpu.memcpy %[[BUFFER]], %[[RECEIVE]]
// CHECK: memref.dealloc %[[SEND]]
// CHECK: memref.dealloc %[[RECEIVE]]
// CHECK: return %[[BUFFER]]
func.func @all_reduce(%x: memref<4xf32>) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %buffer = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
    %v = memref.load %x[%t0] : memref<4xf32>
    memref.store %v, %buffer[%t0] : memref<4xf32>
    gpu.terminator
  }
  %world = mpi.comm_world : !mpi.comm
  mpi.allreduce(%buffer, %buffer, MPI_SUM, %world) : memref<4xf32>, memref<4xf32>
  return %buffer : memref<4xf32>
}

// A rank-0 tensor the host writes (a rank's first slice offset) goes
// through a host slot.
// CHECK-LABEL: func.func @host_scalar_write
// CHECK: %[[OFFSET:.*]] = gpu.alloc () : memref<i64>
// CHECK: %[[SLOT:.*]] = memref.alloca() : memref<i64>
// CHECK: memref.store %{{.*}}, %[[SLOT]][] : memref<i64>
// CHECK: gpu.memcpy %[[OFFSET]], %[[SLOT]]
// CHECK: return %[[OFFSET]]
func.func @host_scalar_write(%v: i64) -> memref<i64> {
  %offset = memref.alloc() : memref<i64>
  memref.store %v, %offset[] : memref<i64>
  return %offset : memref<i64>
}

// A scan's step index, read on the host for each slice the step takes: the
// reads after the first take its value while nothing between may write the
// index (kernels writing f32 buffers, which the function never
// reinterprets); a kernel that writes it, or a call, which may write
// anything, makes the next read copy it again.
// CHECK-LABEL: func.func @repeated_index_reads
// CHECK: %[[SLOT:.*]] = memref.alloca() : memref<i32>
// CHECK-NEXT: gpu.memcpy %[[SLOT]], %[[INDEX:.*]] : memref<i32>, memref<i32>
// CHECK-NEXT: %[[I:.*]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK: gpu.launch
// CHECK-NOT: gpu.memcpy
// CHECK: %[[J:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[INDEX]][]
// CHECK: gpu.memcpy %{{.*}}, %[[INDEX]]
// CHECK: call @opaque
// CHECK: gpu.memcpy %{{.*}}, %[[INDEX]]
func.func private @opaque()
func.func @repeated_index_reads(%index: memref<i32>, %rows: memref<8x4xf32>) -> i32 {
  %c1 = arith.constant 1 : index
  %i0 = memref.load %index[] : memref<i32>
  %r0 = arith.index_cast %i0 : i32 to index
  %row0 = memref.subview %rows[%r0, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
    %zero = arith.constant 0.0 : f32
    memref.store %zero, %row0[%t0, %t0] : memref<1x4xf32, strided<[4, 1], offset: ?>>
    gpu.terminator
  }
  %i1 = memref.load %index[] : memref<i32>
  %r1 = arith.index_cast %i1 : i32 to index
  %row1 = memref.subview %rows[%r1, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
    %one = arith.constant 1.0 : f32
    memref.store %one, %row1[%t0, %t0] : memref<1x4xf32, strided<[4, 1], offset: ?>>
    %next = arith.constant 3 : i32
    memref.store %next, %index[] : memref<i32>
    gpu.terminator
  }
  %i2 = memref.load %index[] : memref<i32>
  call @opaque() : () -> ()
  %i3 = memref.load %index[] : memref<i32>
  %sum = arith.addi %i2, %i3 : i32
  return %sum : i32
}
