// A buffer whose layout no row-major buffer can be cast to cannot be copied.
// RUN: fuse-opt %s --fuse-codegen-distinct-result-buffers -verify-diagnostics

func.func @column_major(%x: memref<4x3xf32, strided<[1, 4]>>)
    -> (memref<4x3xf32, strided<[1, 4]>>, memref<4x3xf32, strided<[1, 4]>>) {
  // expected-error @below {{returns a buffer of type 'memref<4x3xf32, strided<[1, 4]>>' twice, and a row-major copy cannot have that type}}
  return %x, %x : memref<4x3xf32, strided<[1, 4]>>, memref<4x3xf32, strided<[1, 4]>>
}
