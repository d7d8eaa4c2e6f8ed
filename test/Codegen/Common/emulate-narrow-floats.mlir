// arith and math ops on 8-bit floats compute in f32 between conversions,
// which become integer code on the bits; constants become bytes; wider
// floats are left alone. The program in Inputs extends every pattern of
// each 8-bit format and truncates 196,608 f32 patterns to each, compiled
// (unfused and fused) and compared bit for bit with the interpreter, whose
// conversions are APFloat's.
// RUN: fuse-opt %s --fuse-codegen-emulate-narrow-floats | FileCheck %s
// RUN: fuse-translate --import-hlo %S/Inputs/narrow-float-conversions.hlo | fuse-run - --check | FileCheck %s --check-prefix=EXACT
// RUN: fuse-translate --import-hlo %S/Inputs/narrow-float-conversions.hlo | fuse-opt --fuse-elementwise | fuse-run - --check | FileCheck %s --check-prefix=EXACT

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: f8E4M3FN, %[[B:.*]]: f8E4M3FN)
// CHECK-DAG: arith.bitcast %[[A]] : f8E4M3FN to i8
// CHECK-DAG: arith.bitcast %[[B]] : f8E4M3FN to i8
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[SUM]] : f32 to i32
// Rounding at the 3-bit mantissa's last bit: 2^19 - 1 plus the kept bit.
// CHECK: arith.constant 524287 : i32
// CHECK: %[[BYTE:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: %[[R:.*]] = arith.bitcast %[[BYTE]] : i8 to f8E4M3FN
// CHECK: return %[[R]]
// CHECK-NOT: arith.addf {{.*}} : f8E4M3FN
func.func @add(%a: f8E4M3FN, %b: f8E4M3FN) -> f8E4M3FN {
  %s = arith.addf %a, %b : f8E4M3FN
  return %s : f8E4M3FN
}

// 1.5 in f8E5M2FNUZ is 0x42; 57344 is f8E5M2's largest value, 0x7B.
// CHECK-LABEL: func.func @constants
// CHECK: %[[S:.*]] = arith.constant 66 : i8
// CHECK: arith.bitcast %[[S]] : i8 to f8E5M2FNUZ
// CHECK: %[[V:.*]] = arith.constant dense<[60, -64, 56, 123]> : vector<4xi8>
// CHECK: arith.bitcast %[[V]] : vector<4xi8> to vector<4xf8E5M2>
func.func @constants() -> (f8E5M2FNUZ, vector<4xf8E5M2>) {
  %c = arith.constant 1.5 : f8E5M2FNUZ
  %v = arith.constant dense<[1.0, -2.0, 0.5, 57344.0]> : vector<4xf8E5M2>
  return %c, %v : f8E5M2FNUZ, vector<4xf8E5M2>
}

// A math op on vectors, and an extension to f64 after it.
// CHECK-LABEL: func.func @exp_to_f64
// CHECK: arith.bitcast %{{.*}} : vector<8xf8E4M3B11FNUZ> to vector<8xi8>
// CHECK: math.exp %{{.*}} : vector<8xf32>
// CHECK: arith.bitcast %{{.*}} : vector<8xi8> to vector<8xf8E4M3B11FNUZ>
// CHECK: arith.extf %{{.*}} : vector<8xf32> to vector<8xf64>
func.func @exp_to_f64(%a: vector<8xf8E4M3B11FNUZ>) -> vector<8xf64> {
  %e = math.exp %a : vector<8xf8E4M3B11FNUZ>
  %w = arith.extf %e : vector<8xf8E4M3B11FNUZ> to vector<8xf64>
  return %w : vector<8xf64>
}

// An 8-bit float that no op makes, only takes (the function's arguments).
// CHECK-LABEL: func.func @compare_arguments
// CHECK-DAG: arith.bitcast %{{.*}} : f8E5M2 to i8
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK-NOT: arith.cmpf {{.*}} : f8E5M2
func.func @compare_arguments(%a: f8E5M2, %b: f8E5M2) -> i1 {
  %c = arith.cmpf olt, %a, %b : f8E5M2
  return %c : i1
}

// CHECK-LABEL: func.func @wide_untouched
// CHECK-NEXT: arith.extf %{{.*}} : bf16 to f32
// CHECK-NEXT: arith.addf %{{.*}} : f32
// CHECK-NEXT: return
func.func @wide_untouched(%a: bf16, %b: f32) -> f32 {
  %e = arith.extf %a : bf16 to f32
  %s = arith.addf %e, %b : f32
  return %s : f32
}

// EXACT-COUNT-14: ok ({{.*}} elements, exact)
