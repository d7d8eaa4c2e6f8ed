// RUN: fuse-opt %s --fuse-gpu-device-memory -verify-diagnostics

// Host code may not read tensor data: it lives on the GPU.
func.func @host_load(%index: memref<i32>, %x: memref<8xf32>) -> i32 {
  // expected-error @+1 {{'memref.load' op accesses tensor data in host code, which the GPU pipeline does not support}}
  %i = memref.load %index[] : memref<i32>
  return %i : i32
}
