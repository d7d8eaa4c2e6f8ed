// RUN: fuse-opt %s --fuse-vectorizable-math | FileCheck %s

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

// exp, log and tanh become polynomials on f32, and on f16 through f32; f64
// keeps the library call.
// CHECK-LABEL: func.func @math
// CHECK-NOT: math.exp {{.*}} : f32
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: math.exp %{{.*}} : f64
func.func @math(%x: f32, %h: f16, %d: f64) -> (f32, f32, f32, f16, f64) {
  %e = math.exp %x : f32
  %l = math.log %x : f32
  %t = math.tanh %x : f32
  %eh = math.exp %h : f16
  %ed = math.exp %d : f64
  return %e, %l, %t, %eh, %ed : f32, f32, f32, f16, f64
}
