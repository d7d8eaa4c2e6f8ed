// bitcast_convert is an arith.bitcast per element; reduce_precision works on
// the element's bits: a rounding bias added below the kept mantissa bits and
// a truncating mask, then exponents past the reduced range saturated to
// infinity or flushed to zero, and the NaN kept. TOTALORDER compares the
// bits as signed integers with the magnitude of negatives flipped. The last
// RUN line runs them against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-3: : ok
// EXEC-NOT: MISMATCH

// CHECK-LABEL: func.func @bitcast
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i32):
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: linalg.yield %[[B]] : i32
func.func @bitcast(%x: tensor<7xf32>) -> tensor<7xi32> {
  %r = hlo.bitcast_convert %x : (tensor<7xf32>) -> tensor<7xi32>
  return %r : tensor<7xi32>
}

// f32 to f16's format: 13 mantissa bits dropped (bias 0xFFF plus the last
// kept bit, mask ~0x1FFF), exponents above 127 + 15 or at most 127 - 15.
// CHECK-LABEL: func.func @reduce_precision
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK: arith.andi %[[BITS]], %c8192_i32
// CHECK: arith.addi %{{.*}}, %c4095_i32
// CHECK: arith.andi %{{.*}}, %c-8192_i32
// CHECK: arith.cmpi ugt, %{{.*}}, %c1191182336_i32
// CHECK: arith.cmpi ule, %{{.*}}, %c939524096_i32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: arith.select %[[NAN]], %[[X]], %{{.*}} : f32
func.func @reduce_precision(%x: tensor<7xf32>) -> tensor<7xf32> {
  %r = hlo.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<7xf32>
  return %r : tensor<7xf32>
}

// CHECK-LABEL: func.func @total_order
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.shrsi
// CHECK: arith.shrui
// CHECK: arith.xori
// CHECK: arith.cmpi slt
func.func @total_order(%x: tensor<7xf32>, %y: tensor<7xf32>) -> tensor<7xi1> {
  %r = hlo.compare LT, %x, %y, TOTALORDER : tensor<7xf32>
  return %r : tensor<7xi1>
}
