// --check=f64 compares compiled results with the program computed in
// float64. (x + 1e8) - 1e8 in f32 rounds x to a multiple of 8: the
// interpreter in f32 agrees with compiled code, the float64 one does not.
// RUN: fuse-run %s --entry=cancellation --random-inputs=1 --check | FileCheck %s --check-prefix=SAME
// SAME: @cancellation result 0: ok (64 elements, exact)
// RUN: sh -c 'fuse-run %s --entry=cancellation --random-inputs=1 --check=f64; echo "exit $?"' | FileCheck %s --check-prefix=F64
// F64: @cancellation result 0: MISMATCH at [{{[0-9]+}}]: got {{[-0-9.e]+}}, expected {{[-0-9.e]+}}
// F64-NEXT: exit 1
func.func @cancellation(%x: tensor<64xf32>) -> tensor<64xf32> {
  %big = hlo.constant dense<1.0e+08> : tensor<64xf32>
  %0 = hlo.add %x, %big : tensor<64xf32>
  %1 = hlo.subtract %0, %big : tensor<64xf32>
  return %1 : tensor<64xf32>
}

// Ops that mean their format's bits keep it: bitcast_convert reads the f32
// bits of x * 3 (rounded to f32 first), reduce_precision rounds to f16's
// format, and bf16 and f16 inputs are widened exactly.
// RUN: fuse-run %s --entry=formats --random-inputs=2 --check=f64 | FileCheck %s --check-prefix=FORMATS
// FORMATS: @formats result 0: ok (16 elements, exact)
// FORMATS-NEXT: @formats result 1: ok (16 elements
// FORMATS-NEXT: @formats result 2: ok (16 elements
func.func @formats(%x: tensor<16xf32>, %h: tensor<16xbf16>, %g: tensor<16xf16>) -> (tensor<16xi32>, tensor<16xf32>, tensor<16xf32>) {
  %three = hlo.constant dense<3.0> : tensor<16xf32>
  %0 = hlo.multiply %x, %three : tensor<16xf32>
  %1 = hlo.bitcast_convert %0 : (tensor<16xf32>) -> tensor<16xi32>
  %2 = hlo.reduce_precision %0, exponent_bits = 5, mantissa_bits = 10 : tensor<16xf32>
  %3 = hlo.convert %h : (tensor<16xbf16>) -> tensor<16xf32>
  %4 = hlo.convert %g : (tensor<16xf16>) -> tensor<16xf32>
  %5 = hlo.multiply %3, %4 : tensor<16xf32>
  return %1, %2, %5 : tensor<16xi32>, tensor<16xf32>, tensor<16xf32>
}

// A conversion to a narrower float is the program's own rounding, which
// the float64 reference keeps: x + f64(f32(x)) in f64 differs from 2x by
// x's rounding to f32, in the compiled code and in the reference alike.
// RUN: fuse-run %s --entry=narrowing --random-inputs=3 --check=f64 | FileCheck %s --check-prefix=NARROWING
// NARROWING: @narrowing result 0: ok (16 elements, exact)
func.func @narrowing(%x: tensor<16xf64>) -> tensor<16xf64> {
  %0 = hlo.convert %x : (tensor<16xf64>) -> tensor<16xf32>
  %1 = hlo.convert %0 : (tensor<16xf32>) -> tensor<16xf64>
  %2 = hlo.add %x, %1 : tensor<16xf64>
  return %2 : tensor<16xf64>
}
