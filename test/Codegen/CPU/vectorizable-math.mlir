// RUN: fuse-opt %s --fuse-cpu-vectorizable-math | FileCheck %s

// NaN-propagating maximum: the larger operand, the AND of the bit patterns
// on a tie (+0.0 over -0.0), NaN (lhs + rhs) if either is NaN.
// CHECK-LABEL: func.func @max
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[LARGER:.*]] = arith.select %[[GT]], %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[ABITS:.*]] = arith.bitcast %[[A]] : f32 to i32
// CHECK-NEXT: %[[BBITS:.*]] = arith.bitcast %[[B]] : f32 to i32
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[ABITS]], %[[BBITS]] : i32
// CHECK-NEXT: %[[TIE:.*]] = arith.bitcast %[[AND]] : i32 to f32
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[PICK:.*]] = arith.select %[[EQ]], %[[TIE]], %[[LARGER]] : f32
// CHECK-NEXT: %[[UNO:.*]] = arith.cmpf uno, %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[UNO]], %[[NAN]], %[[PICK]] : f32
// CHECK-NEXT: return %[[R]]
func.func @max(%a: f32, %b: f32) -> f32 {
  %m = arith.maximumf %a, %b : f32
  return %m : f32
}

// Minimum on vectors: OR of the bit patterns on a tie (-0.0 under +0.0).
// CHECK-LABEL: func.func @min
// CHECK: arith.cmpf olt
// CHECK: arith.ori {{.*}} : vector<4xi16>
// CHECK: arith.cmpf uno
// CHECK-NOT: arith.minimumf
func.func @min(%a: vector<4xf16>, %b: vector<4xf16>) -> vector<4xf16> {
  %m = arith.minimumf %a, %b : vector<4xf16>
  return %m : vector<4xf16>
}

// exp gets a number where its argument is NaN and returns the NaN there:
// its approximation makes an integer of the argument (fptosi), poison in
// LLVM for NaN, and LLVM folded a provably NaN exp to poison.
// CHECK-LABEL: func.func @exp_nan_guard
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: %[[NUMBER:.*]] = arith.select %[[NAN]], %{{.*}}, %[[X]] : f32
// CHECK-NOT: math.exp
// CHECK: arith.fptosi
// CHECK: %[[R:.*]] = arith.select %[[NAN]], %[[X]], %{{.*}} : f32
// CHECK: return %[[R]]
func.func @exp_nan_guard(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}

// exp, log and tanh become polynomials on f32, on f16 through f32, and on
// f64 by F64Math.cpp (below): no libm call is left.
// CHECK-LABEL: func.func @math
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK: return
func.func @math(%x: f32, %h: f16, %d: f64) -> (f32, f32, f32, f16, f64, f64, f64) {
  %e = math.exp %x : f32
  %l = math.log %x : f32
  %t = math.tanh %x : f32
  %eh = math.exp %h : f16
  %ed = math.exp %d : f64
  %ld = math.log %d : f64
  %td = math.tanh %d : f64
  return %e, %l, %t, %eh, %ed, %ld, %td : f32, f32, f32, f16, f64, f64, f64
}

// exp on f64: k = round(x log2 e) as x log2 e + 1.5 * 2^52 (one fma), whose
// low bits are k as an integer; range reduction with ln 2 in two parts; a
// Taylor polynomial of degree 13; 2^k from the bits of k, scaled twice only
// where the result is subnormal or k is 1024; NaN for NaN. No libm call is
// left, and no rounding op.
// CHECK-LABEL: func.func @exp_f64
// CHECK-NOT: math.exp
// CHECK-NOT: math.roundeven
// CHECK: %[[MAGIC:.*]] = arith.constant dense<0x4338000000000000> : vector<4xf64>
// CHECK: %[[ROUNDED:.*]] = math.fma %{{.*}}, %{{.*}}, %[[MAGIC]] : vector<4xf64>
// CHECK: %[[K:.*]] = arith.subf %[[ROUNDED]], %[[MAGIC]] : vector<4xf64>
// CHECK: %[[KBITS:.*]] = arith.subi %{{.*}}, %{{.*}} : vector<4xi64>
// CHECK-COUNT-15: math.fma
// CHECK: %[[LOW:.*]] = arith.cmpf olt, %[[K]]
// CHECK: %[[HIGH:.*]] = arith.cmpf ogt, %[[K]]
// CHECK: %[[BIAS:.*]] = arith.select %[[LOW]]
// CHECK: %[[SUM:.*]] = arith.addi %[[KBITS]], %[[BIAS]] : vector<4xi64>
// CHECK: arith.shli %[[SUM]], %{{.*}} : vector<4xi64>
// CHECK: arith.cmpf uno
// CHECK-NOT: math.exp
// CHECK-NOT: math.floor
// CHECK: return
func.func @exp_f64(%x: vector<4xf64>) -> vector<4xf64> {
  %e = math.exp %x : vector<4xf64>
  return %e : vector<4xf64>
}

// log on f64: the exponent from the bits (subnormals scaled by 2^54 first),
// the mantissa halved above sqrt(2), 2 atanh(s) by its series, NaN below 0,
// -inf at 0, +inf at +inf.
// CHECK-LABEL: func.func @log_f64
// CHECK-NOT: math.log
// CHECK: arith.shrui %{{.*}} : vector<4xi64>
// CHECK: arith.divf
// CHECK-COUNT-13: math.fma
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf uno
func.func @log_f64(%x: vector<4xf64>) -> vector<4xf64> {
  %l = math.log %x : vector<4xf64>
  return %l : vector<4xf64>
}

// tanh on f64: expm1(2|x|) / (expm1(2|x|) + 2) below 0.55, 1 - 2 / (exp(2|x|)
// + 1) above, the sign copied back.
// CHECK-LABEL: func.func @tanh_f64
// CHECK-NOT: math.tanh
// CHECK: math.absf
// CHECK: arith.cmpf olt
// CHECK: math.copysign
func.func @tanh_f64(%x: vector<4xf64>) -> vector<4xf64> {
  %t = math.tanh %x : vector<4xf64>
  return %t : vector<4xf64>
}
