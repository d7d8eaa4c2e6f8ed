// Runs the lowered element semantics on the CPU and checks the numbers:
// XLA's integer division, remainder and power, round-half-to-even and
// saturating float-to-integer conversion.
// RUN: fuse-opt %s --convert-hlo-to-linalg \
// RUN: | mlir-opt --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:     --convert-linalg-to-loops --convert-scf-to-cf \
// RUN:     --expand-strided-metadata --finalize-memref-to-llvm \
// RUN:     --convert-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s

// 7/-2, -7/2, 7/0, INT_MIN/-1, 5/3, 3/-1
// CHECK: [-3,  -3,  -1,  -2147483648,  1,  -3]
// The same remainders: the sign follows the dividend, x % 0 = x.
// CHECK: [1,  -1,  7,  0,  2,  0]
// b^b for b = -2, 2, 0, -1, 3, -1: negative exponents give 0 (base != 1).
// CHECK: [0,  4,  1,  0,  27,  0]
// round_nearest_even of -2.5, -0.5, 0.5, 1.5, 2.5, NaN, 1e10, -1e10
// CHECK: [-2,  -0,  0,  2,  2,  nan,  1e+10,  -1e+10]
// convert to i32 of the same values: truncation, NaN -> 0, saturation.
// CHECK: [-2,  0,  0,  1,  2,  0,  2147483647,  -2147483648]

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)
// Opaque to folding, so the lowered code computes the results.
func.func private @opaque_i32(%x: tensor<6xi32>) -> tensor<6xi32> attributes {no_inline} {
  return %x : tensor<6xi32>
}
func.func private @opaque_f32(%x: tensor<8xf32>) -> tensor<8xf32> attributes {no_inline} {
  return %x : tensor<8xf32>
}
func.func @main() {
  %a0 = hlo.constant dense<[7, -7, 7, -2147483648, 5, 3]> : tensor<6xi32>
  %b0 = hlo.constant dense<[-2, 2, 0, -1, 3, -1]> : tensor<6xi32>
  %a = call @opaque_i32(%a0) : (tensor<6xi32>) -> tensor<6xi32>
  %b = call @opaque_i32(%b0) : (tensor<6xi32>) -> tensor<6xi32>
  %q = hlo.divide %a, %b : tensor<6xi32>
  %r = hlo.remainder %a, %b : tensor<6xi32>
  %p = hlo.power %b, %b : tensor<6xi32>
  %qc = tensor.cast %q : tensor<6xi32> to tensor<*xi32>
  %rc = tensor.cast %r : tensor<6xi32> to tensor<*xi32>
  %pc = tensor.cast %p : tensor<6xi32> to tensor<*xi32>
  call @printMemrefI32(%qc) : (tensor<*xi32>) -> ()
  call @printMemrefI32(%rc) : (tensor<*xi32>) -> ()
  call @printMemrefI32(%pc) : (tensor<*xi32>) -> ()
  %x0 = hlo.constant dense<[-2.5, -0.5, 0.5, 1.5, 2.5, 0x7FC00000, 1.0e10, -1.0e10]> : tensor<8xf32>
  %x = call @opaque_f32(%x0) : (tensor<8xf32>) -> tensor<8xf32>
  %rn = hlo.round_nearest_even %x : tensor<8xf32>
  %ci = hlo.convert %x : (tensor<8xf32>) -> tensor<8xi32>
  %rnc = tensor.cast %rn : tensor<8xf32> to tensor<*xf32>
  %cic = tensor.cast %ci : tensor<8xi32> to tensor<*xi32>
  call @printMemrefF32(%rnc) : (tensor<*xf32>) -> ()
  call @printMemrefI32(%cic) : (tensor<*xi32>) -> ()
  return
}
