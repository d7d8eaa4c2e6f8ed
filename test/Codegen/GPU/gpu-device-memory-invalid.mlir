// RUN: fuse-opt %s --fuse-gpu-device-memory -split-input-file -verify-diagnostics

// Host code may not read tensor data at an index: it lives on the GPU.
func.func @host_load(%index: index, %x: memref<8xf32>) -> f32 {
  // expected-error @+1 {{'memref.load' op accesses tensor data in host code, which the GPU pipeline does not support (other than reading or writing a rank-0 tensor: a dynamic index or a stack buffer outside the kernels)}}
  %v = memref.load %x[%index] : memref<8xf32>
  return %v : f32
}

// -----

// A buffer that a kernel fills is tensor data, even if the host also
// stores into it.
func.func @host_store(%v: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buffer = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
    memref.store %v, %buffer[%t0] : memref<4xf32>
    gpu.terminator
  }
  // expected-error @+1 {{'memref.store' op accesses tensor data in host code}}
  memref.store %v, %buffer[%c0] : memref<4xf32>
  return %buffer : memref<4xf32>
}
