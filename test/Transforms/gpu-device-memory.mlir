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
